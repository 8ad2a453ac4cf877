"""How the lab shows its numbers: in the reader's locale, as text or HTML tables, or as bars.

Numbers follow the locale (en: ``1,234.5``; de: ``1.234,5``). pandas and matplotlib are
imported only when a table or a plot asks for them (the ``lab`` extra).

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
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

from cardwidgets import extras, i18n

if TYPE_CHECKING:
    from cardwidgets.lab.stats import Estimate

__all__ = [
    "axes",
    "bars",
    "cell",
    "decimal",
    "html_table",
    "number",
    "percent",
    "text_table",
    "unit_key",
    "unit_words",
]


def _localize(text: str, locale: str | None) -> str:
    if (locale or i18n.get_locale()) == "de":
        return text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def number(value: int, locale: str | None = None) -> str:
    """A whole number with thousands grouped."""
    return _localize(f"{value:,}", locale)


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
