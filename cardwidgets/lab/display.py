"""How the lab shows its numbers: in the reader's locale, as text or HTML tables, or as bars.

Numbers follow the locale (en: ``1,234.5``; de: ``1.234,5``). The lab draws its own tables and
charts (HTML and SVG: :func:`rows_table`, :func:`bar_chart`, :func:`histogram`); pandas and
matplotlib are imported only by ``to_pandas()`` and ``plot()`` (the ``lab`` extra).

>>> percent(0.5, "de"), number(12345, "en"), decimal(1234.5, "de")
('50,0%', '12,345', '1.234,50')
>>> print(text_table(["seat", "wins"], [["0", "12"], ["1", "8"]]))
seat  wins
----  ----
0     12
1     8
"""

from __future__ import annotations

import html
import math
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from cardwidgets import extras, i18n

if TYPE_CHECKING:
    from cardwidgets.lab.stats import Estimate

__all__ = [
    "Shown",
    "axes",
    "bar_chart",
    "bars",
    "cell",
    "decimal",
    "histogram",
    "html_table",
    "number",
    "percent",
    "rows_table",
    "text_table",
    "unit_key",
    "unit_words",
    "whole_percent",
]


def _localize(text: str, locale: str | None) -> str:
    """``text`` (written the English way, ``1,234.5``) as ``locale`` writes numbers."""
    group, point, _ = i18n.number_format(locale)
    if (group, point) == (",", "."):
        return text
    return text.replace(",", "\0").replace(".", point).replace("\0", group)


def number(value: int, locale: str | None = None) -> str:
    """A whole number with thousands grouped."""
    return _localize(f"{value:,}", locale)


def whole_percent(value: float, locale: str | None = None) -> str:
    """A fraction as a whole percentage (plain words: "54%")."""
    return f"{round(100 * value)}%"


def percent(value: float, locale: str | None = None) -> str:
    """A fraction as a percentage with one decimal."""
    return _localize(f"{100 * value:.1f}%", locale)


def decimal(value: float, locale: str | None = None) -> str:
    """A number with two decimals."""
    return _localize(f"{value:,.2f}", locale)


def cell(value: object, locale: str | None = None) -> str:
    """One value of a row as a table cell (floats with two decimals)."""
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return decimal(value, locale)
    return str(value)


def unit_words(unit: str, locale: str | None = None, count: int = 2, dative: bool = False) -> str:
    """A run's unit as a word for ``count`` of them (plural unless 1): games, deals, matches;
    ``dative`` for German after "von" or "in" (Spielen).

    >>> unit_words("game", "en", 1), unit_words("match", "en"), unit_words("deal", "de", 3, True)
    ('game', 'matches', 'Spielen')
    """
    return i18n.text(unit_key(unit) + (".dative" if dative else ""), locale, n=count)


def unit_key(unit: str) -> str:
    """The catalog key of a unit's word (its field ``n`` is the count)."""
    return {"deal": "lab.deals", "match": "lab.matches"}.get(unit, "lab.games")


def html_table(headers: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    """An HTML table (a notebook's view of the lab's results)."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(value))}</td>" for value in row) + "</tr>"
        for row in rows
    )
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (
        f'<table class="cardwidgets-lab">{cap}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    """A plain-text table with aligned columns (what the command line prints)."""
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    lines = ["  ".join(str(h).ljust(w) for h, w in zip(headers, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(line.rstrip() for line in lines)


def axes(ax: Any) -> Any:
    """``ax``, or a new matplotlib Axes (needs the ``lab`` extra)."""
    if ax is not None:
        return ax
    plt = extras.require("matplotlib.pyplot", "lab", "plot()")
    _, ax = plt.subplots(figsize=(6, 3.5))
    return ax


def literal(text: str) -> str:
    """``text`` for a matplotlib label, shown as written: a ``$`` pair would start mathtext
    (a label "$5 or $10" lost its dollars, "$^$" stopped the drawing with a ValueError).

    >>> literal("bet $5 or $10")
    'bet \\\\$5 or \\\\$10'
    """
    return text.replace("$", r"\$")


def bars(ax: Any, labels: Sequence[str], estimates: Sequence[Estimate]) -> None:
    """One bar per estimate, with its 95% interval as error bars."""
    values = [e.value for e in estimates]
    errors = [
        [e.value - e.low for e in estimates],
        [e.high - e.value for e in estimates],
    ]
    ax.bar(range(len(values)), values, yerr=errors, capsize=6, color="#4C72B0")
    ax.set_xticks(range(len(values)))
    ax.set_xticklabels([literal(label) for label in labels])


# -- the lab's own tables and charts: HTML and SVG, no pandas or matplotlib ---------------------
# They work wherever the notebook shows HTML (JupyterLab, the classroom site's Pyodide, VS Code),
# follow the theme's text colour (``currentColor``), so they stay readable in dark mode, and
# describe themselves for screen readers (``role="img"`` with a title).

BAR_COLOUR = "#4C72B0"  # mid blue: enough contrast on a white and on a dark background
_WIDTH, _HEIGHT = 480, 270
_LEFT, _RIGHT, _TOP, _BOTTOM = 60, 16, 30, 58


class Shown:
    """Something the lab shows: HTML in a notebook, plain text when printed.

    >>> shown = Shown("<b>x</b>", "x")
    >>> shown._repr_html_(), str(shown)
    ('<b>x</b>', 'x')
    """

    def __init__(self, html_text: str, text: str) -> None:
        self.html, self.text = html_text, text

    def _repr_html_(self) -> str:
        return self.html

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return self.text


def rows_table(
    columns: Sequence[str], rows: Sequence[Sequence[object]], locale: str | None = None
) -> Shown:
    """Rows of values as a table (HTML and text), numbers in the locale.

    >>> print(rows_table(["game", "mean"], [[0, 1.5], [1, 2.25]], "de"))
    game  mean
    ----  ----
    0     1,50
    1     2,25
    """
    cells = [[cell(value, locale) for value in row] for row in rows]
    return Shown(html_table(columns, cells), text_table(list(columns), cells))


def _svg_text(x: float, y: float, text: str, anchor: str = "middle", extra: str = "") -> str:
    return (
        f'<text x="{x:.1f}" y="{y:.1f}" text-anchor="{anchor}" fill="currentColor"{extra}>'
        f"{html.escape(text)}</text>"
    )


def _ticks(top: float) -> list[float]:
    """Round tick values from 0 to at least ``top``, five or so.

    >>> _ticks(1.0), _ticks(7)
    ([0.0, 0.2, 0.4, 0.6, 0.8, 1.0], [0.0, 2.0, 4.0, 6.0, 8.0])
    """
    if not top > 0:
        return [0.0, 1.0]
    raw = top / 5
    magnitude = 10 ** math.floor(math.log10(raw))
    step = next(m * magnitude for m in (1, 2, 2.5, 5, 10) if m * magnitude >= raw * 0.999999)
    count = math.ceil(top / step - 1e-9)
    return [float(round(i * step, 12)) for i in range(count + 1)]


def _frame(title: str, ylabel: str, ticks: list[float], tick_text: Any) -> tuple[list[str], Any]:
    """The chart's title, y axis and grid; returns the parts and the value -> y function."""
    plot_h = _HEIGHT - _TOP - _BOTTOM
    top = ticks[-1] or 1.0

    def y_of(value: float) -> float:
        return _TOP + plot_h * (1 - max(0.0, min(value, top)) / top)

    parts = [_svg_text(_WIDTH / 2, 18, title, extra=' font-weight="bold"')]
    for tick in ticks:
        y = y_of(tick)
        parts.append(
            f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="currentColor" stroke-opacity="0.2"/>'
        )
        parts.append(_svg_text(_LEFT - 6, y + 4, tick_text(tick), anchor="end"))
    middle = _TOP + plot_h / 2
    turn = f' transform="rotate(-90 14 {middle:.1f})"'
    parts.append(_svg_text(14, middle, ylabel, extra=turn))
    parts.append(
        f'<line x1="{_LEFT}" x2="{_WIDTH - _RIGHT}" y1="{y_of(0):.1f}" y2="{y_of(0):.1f}" '
        'stroke="currentColor"/>'
    )
    return parts, y_of


def _svg(parts: list[str], title: str, description: str) -> str:
    return (
        f'<svg class="cardwidgets-lab-chart" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'width="{_WIDTH}" height="{_HEIGHT}" viewBox="0 0 {_WIDTH} {_HEIGHT}" '
        'font-family="sans-serif" font-size="12" style="color: inherit; max-width: 100%">'
        f"<title>{html.escape(title)}</title><desc>{html.escape(description)}</desc>"
        + "".join(parts)
        + "</svg>"
    )


def bar_chart(
    labels: Sequence[str],
    estimates: Sequence[Estimate],
    title: str,
    ylabel: str,
    locale: str | None = None,
) -> Shown:
    """One bar per estimate with its 95% interval, as SVG (and as text when printed).

    Rates are drawn from 0 to 100%; means from 0 to the highest interval.

    >>> from cardwidgets.lab.stats import estimate_rate
    >>> chart = bar_chart(["seat 0"], [estimate_rate(54, 100)], "wins", "win rate", "en")
    >>> print(chart)
    wins
    seat 0: 54.0% (95% interval 44.3% to 63.4%; 54 of 100)
    >>> "<svg" in chart._repr_html_() and "54.0%" in chart._repr_html_()
    True
    """
    rates = all(e.is_rate for e in estimates)
    fmt = percent if rates else decimal
    top = 1.0 if rates else max([e.high for e in estimates if e.high == e.high] + [0.0])
    ticks = _ticks(top)
    parts, y_of = _frame(title, ylabel, ticks, lambda v: fmt(v, locale))
    band = (_WIDTH - _LEFT - _RIGHT) / max(1, len(estimates))
    for i, (label, e) in enumerate(zip(labels, estimates, strict=True)):
        centre = _LEFT + band * (i + 0.5)
        width = band * 0.55
        parts.append(
            f'<rect x="{centre - width / 2:.1f}" y="{y_of(e.value):.1f}" width="{width:.1f}" '
            f'height="{y_of(0) - y_of(e.value):.1f}" fill="{BAR_COLOUR}" fill-opacity="0.85"/>'
        )
        low, high = y_of(e.low), y_of(e.high)
        parts.append(
            f'<path d="M{centre:.1f} {low:.1f}V{high:.1f}M{centre - 8:.1f} {low:.1f}h16'
            f'M{centre - 8:.1f} {high:.1f}h16" stroke="currentColor" stroke-width="1.5"/>'
        )
        parts.append(_svg_text(centre + 12, high - 4, fmt(e.value, locale), anchor="start"))
        parts.append(_svg_text(centre, _HEIGHT - _BOTTOM + 18, label))
    lines = [f"{label}: {e.text(locale)}" for label, e in zip(labels, estimates, strict=True)]
    return Shown(_svg(parts, title, "; ".join(lines)), "\n".join([title, *lines]))


def histogram(
    values: Sequence[float], title: str, xlabel: str, ylabel: str, locale: str | None = None
) -> Shown:
    """How many values fall in each of up to 40 equal bins, as SVG (text when printed).

    >>> print(histogram([1, 2, 2, 3], "lengths", "moves", "games", "en"))
    lengths: 4 values from 1 to 3
    >>> print(histogram([1.5, 2], "Längen", "Züge", "Spiele", "de"))
    Längen: 2 Werte von 1,5 bis 2
    """
    low, high = (min(values), max(values)) if values else (0.0, 1.0)
    bins = min(40, max(5, len(set(values))))
    width = (high - low) / bins or 1.0
    counts = [0] * bins
    for value in values:
        counts[min(bins - 1, int((value - low) / width))] += 1
    ticks = _ticks(float(max(counts, default=1)))
    parts, y_of = _frame(title, ylabel, ticks, lambda v: _localize(f"{v:g}", locale))
    band = (_WIDTH - _LEFT - _RIGHT) / bins
    for i, count in enumerate(counts):
        x = _LEFT + band * i
        parts.append(
            f'<rect x="{x + 0.5:.1f}" y="{y_of(count):.1f}" width="{max(band - 1, 1):.1f}" '
            f'height="{y_of(0) - y_of(count):.1f}" fill="{BAR_COLOUR}" fill-opacity="0.85">'
            f"<title>{low + i * width:g} – {low + (i + 1) * width:g}: {count}</title></rect>"
        )
    low_text, high_text = _localize(f"{low:g}", locale), _localize(f"{high:g}", locale)
    parts.append(_svg_text(_LEFT, _HEIGHT - _BOTTOM + 18, low_text, anchor="start"))
    parts.append(_svg_text(_WIDTH - _RIGHT, _HEIGHT - _BOTTOM + 18, high_text, anchor="end"))
    parts.append(_svg_text(_WIDTH / 2, _HEIGHT - _BOTTOM + 36, xlabel))
    text = i18n.text(
        "lab.histogram", locale, title=title, n=len(values), low=low_text, high=high_text
    )
    return Shown(_svg(parts, title, text), text)
