"""How a tournament shows itself: the leaderboard, the crosstable, a ratings chart, the games.

Everything is drawn here, as HTML and inline SVG (no outside request) and as plain text, in the
reader's language (the lab's catalogs). Colours follow the notebook's theme: text and lines are
``currentColor``, backgrounds JupyterLab's CSS variables with a neutral fallback, so the tables
and the chart stay readable in dark mode.

:func:`show` is a tournament's ``_repr_html_`` and ``print``; :func:`page` is a whole HTML page
whose every game row links to that game's kernel-free replay (:meth:`Tournament.save
<cardwidgets.lab.tournament.Tournament.save>` writes both).

>>> from cardwidgets import lab
>>> cup = lab.tournament("pazaak", ["random", "greedy"], games=4, seed=1)
>>> print(show(cup, "de").text.splitlines()[0])
pazaak: Jeder gegen jeden, 2 Bots, Startwert 1
"""

from __future__ import annotations

import html
import math
from collections.abc import Container, Sequence
from typing import Any, Protocol

from cardwidgets import i18n
from cardwidgets.lab import contest_words as contest_words
from cardwidgets.lab import display
from cardwidgets.lab.ratings import Ratings


class Tournament(Protocol):
    """What the leaderboard reads of a tournament (:class:`cardwidgets.lab.Tournament`)."""

    game: str
    names: tuple[str, ...]
    format: str
    seed: int | str
    rows: list[dict[str, Any]]

    @property
    def ratings(self) -> Ratings: ...

    @property
    def forfeits(self) -> list[dict[str, Any]]: ...


__all__ = ["Tournament", "chart", "crosstable", "games_table", "page", "show", "standings"]

_STYLE = (
    "<style>"
    ".cw-board{font-family:var(--jp-ui-font-family,sans-serif);color:inherit}"
    ".cw-board table{border-collapse:collapse;margin:0.4em 0}"
    ".cw-board th,.cw-board td{padding:2px 8px;border-bottom:1px solid "
    "var(--jp-border-color2,rgba(128,128,128,0.35));text-align:right}"
    ".cw-board th{background:var(--jp-layout-color2,rgba(128,128,128,0.12))}"
    ".cw-board td.name,.cw-board th.name{text-align:left}"
    ".cw-board caption{text-align:left;font-weight:bold;padding:4px 0}"
    ".cw-board .forfeit{color:var(--jp-error-color1,#d32f2f)}"
    ".cw-board a{color:var(--jp-content-link-color,#1a73e8)}"
    "</style>"
)


def _t(key: str, locale: str | None, **params: object) -> str:
    return i18n.text(key, locale, **params)


def _points(value: float, locale: str | None) -> str:
    """Points with a half shown as ½ (``2½``; the same in every locale)."""
    whole, half = int(value), value - int(value) >= 0.25
    return f"{whole if whole or not half else ''}{'½' if half else ''}" or "0"


def _elo(value: float, locale: str | None) -> str:
    """A rating in whole Elo points, grouped in the locale (``-1,204``; ``inf`` as ``∞``)."""
    if not math.isfinite(value):
        return "∞" if value > 0 else "−∞"
    return display.number(round(value), locale)


def _table(
    headers: Sequence[str], rows: Sequence[Sequence[str]], caption: str, names: Container[int]
) -> str:
    """An HTML table whose columns ``names`` hold words (left-aligned), the others numbers."""
    head = "".join(
        f"<th{' class=name' if i in names else ''}>{html.escape(h)}</th>"
        for i, h in enumerate(headers)
    )
    body = "".join(
        "<tr>"
        + "".join(
            f"<td{' class=name' if i in names else ''}>{cell}</td>" for i, cell in enumerate(row)
        )
        + "</tr>"
        for row in rows
    )
    return (
        f"<table><caption>{html.escape(caption)}</caption><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>"
    )


def standings(table: Ratings, forfeits: dict[str, int], locale: str | None) -> display.Shown:
    """The leaderboard: rank, bot, Elo with its interval, games, score, won–drawn–lost,
    forfeits."""
    headers = [
        _t(key, locale)
        for key in (
            "contest.rank",
            "contest.bot",
            "contest.elo",
            "contest.interval",
            "contest.played",
            "contest.score",
            "contest.wdl",
            "contest.forfeits",
        )
    ]
    rows = []
    for rank, r in enumerate(table, 1):
        share = display.percent(r.score / r.games, locale) if r.games else "–"
        rows.append(
            [
                str(rank),
                r.name,
                _elo(r.elo, locale),
                f"{_elo(r.low, locale)} … {_elo(r.high, locale)}",
                str(r.games),
                f"{_points(r.score, locale)} ({share})",
                f"{r.wins}–{r.draws}–{r.losses}",
                str(forfeits.get(r.name, 0)),
            ]
        )
    games = sum(r.games for r in table) // 2
    note = _t("contest.anchor_note", locale, games=games, anchor=table.anchor)
    escaped = [[html.escape(c) for c in row] for row in rows]
    return display.Shown(
        _table(headers, escaped, note, {1}), note + "\n" + display.text_table(headers, rows)
    )


def crosstable(table: Ratings, locale: str | None) -> display.Shown:
    """Each bot's score against each other (row against column), with its duplicate deals
    won, tied and lost: ``2½/4 (+1 =1 −0)``."""
    names = [r.name for r in table]
    rows = []
    for me in names:
        row = [me]
        for you in names:
            pair = table.pair(me, you)
            if me == you or not pair.games:
                row.append("–" if me == you else "")
                continue
            dup = table.duplicate(me, you)
            tied = dup.deals - dup.won - dup.lost
            deals = f" (+{dup.won} ={tied} −{dup.lost})" if dup.deals else ""
            row.append(f"{_points(pair.score, locale)}/{pair.games}{deals}")
        rows.append(row)
    caption = _t("contest.crosstable", locale)
    headers = [_t("contest.bot", locale), *names]
    escaped = [[html.escape(c) for c in row] for row in rows]
    return display.Shown(
        _table(headers, escaped, caption, {0}), caption + "\n" + display.text_table(headers, rows)
    )


def chart(table: Ratings, locale: str | None) -> display.Shown:
    """The ratings as dots with their 95 % intervals as lines, best at the top (inline SVG)."""
    title = _t("contest.chart", locale)
    # The names' column is as wide as the longest name (about 7 px a letter at 12 px).
    longest = max((len(r.name) for r in table), default=4)
    left = min(240, 16 + 7 * longest)
    width, right, row_height, top = 360 + left, 20, 26, 30
    height = top + row_height * len(table) + 30
    finite = [0.0, *(v for r in table for v in (r.low, r.high) if math.isfinite(v))]
    low, high = min(finite), max(finite)
    span = (high - low) or 1.0
    low, high = low - 0.05 * span, high + 0.05 * span

    def x_of(value: float) -> float:
        return left + (width - left - right) * (value - low) / (high - low)

    parts = [
        f'<line x1="{x_of(0):.1f}" x2="{x_of(0):.1f}" y1="{top - 6}" y2="{height - 24}" '
        'stroke="currentColor" stroke-dasharray="3 3" stroke-opacity="0.6"/>'
    ]
    for i, r in enumerate(table):
        y = top + row_height * i + row_height / 2
        parts.append(
            f'<text x="{left - 8}" y="{y + 4:.1f}" text-anchor="end" fill="currentColor">'
            f"{html.escape(r.name)}</text>"
            f'<line x1="{x_of(r.low):.1f}" x2="{x_of(r.high):.1f}" y1="{y:.1f}" y2="{y:.1f}" '
            'stroke="currentColor" stroke-width="2"/>'
            f'<circle cx="{x_of(r.elo):.1f}" cy="{y:.1f}" r="5" fill="{display.BAR_COLOUR}">'
            f"<title>{html.escape(r.name)}: {_elo(r.elo, locale)} "
            f"({_elo(r.low, locale)} … {_elo(r.high, locale)})</title></circle>"
        )
    for value in (low, 0.0, high):
        parts.append(
            f'<text x="{x_of(value):.1f}" y="{height - 8}" text-anchor="middle" '
            f'fill="currentColor">{_elo(value, locale)}</text>'
        )
    lines = [
        f"{r.name}: {_elo(r.elo, locale)} ({_elo(r.low, locale)} … {_elo(r.high, locale)})"
        for r in table
    ]
    svg = (
        f'<svg class="cardwidgets-lab-chart" xmlns="http://www.w3.org/2000/svg" role="img" '
        f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
        'font-family="sans-serif" font-size="12" style="color: inherit; max-width: 100%">'
        f"<title>{html.escape(title)}</title><desc>{html.escape('; '.join(lines))}</desc>"
        f'<text x="{left}" y="16" fill="currentColor" font-weight="bold">'
        f"{html.escape(title)}</text>" + "".join(parts) + "</svg>"
    )
    return display.Shown(svg, "\n".join([title, *lines]))


def games_table(cup: Tournament, locale: str | None, links: str | None = None) -> str:
    """The games as an HTML table; with ``links`` (a folder name) each row links to its
    replay page ``{links}/game-N.html``."""
    headers = [
        _t(k, locale)
        for k in (
            "contest.game",
            "contest.deal",
            "contest.first",
            "contest.second",
            "contest.result",
            "contest.replay",
        )
    ]
    rows = []
    for row in cup.rows:
        score = row["score"]
        result = {1.0: "1–0", 0.0: "0–1"}.get(score, "½–½")
        if row["forfeit"] is not None:
            reason = row["forfeit"]["reason"][i18n.check_locale(locale or i18n.get_locale())]
            result += f' <span class="forfeit">({html.escape(reason)})</span>'
        index = int(row["game"])
        link = (
            f'<a href="{html.escape(links)}/game-{index}.html">{_t("contest.replay", locale)}</a>'
            if links
            else f"<code>.replay({index})</code>"
        )
        names = [html.escape(name) for name in row["bots"]]
        rows.append([str(index), str(row["deal"]), *names, result, link])
    return _table(headers, rows, _t("contest.games_table", locale), {2, 3, 4})


def _header(cup: Tournament, locale: str | None) -> str:
    return _t(
        "contest.leaderboard",
        locale,
        game=cup.game,
        format=_t(f"contest.format.{cup.format}", locale),
        bots=len(cup.names),
        seed=str(cup.seed),
    )


def show(cup: Tournament, locale: str | None = None) -> display.Shown:
    """The tournament in a notebook (HTML) and printed (text): the leaderboard, the
    crosstable, the chart and the forfeited games (every game opens with ``.replay(n)``)."""
    if not cup.rows:  # a tournament stopped before its first game
        header = _header(cup, locale)
        empty = _t("contest.no_games_yet", locale)
        markup = f'<div class="cw-board"><h4>{html.escape(header)}</h4><p>{empty}</p></div>'
        return display.Shown(markup, f"{header}\n\n{empty}")
    table = cup.ratings
    forfeits: dict[str, int] = {}
    for row in cup.forfeits:
        forfeits[row["forfeit"]["bot"]] = forfeits.get(row["forfeit"]["bot"], 0) + 1
    header = _header(cup, locale)
    parts = [standings(table, forfeits, locale), crosstable(table, locale), chart(table, locale)]
    text = "\n\n".join([header, *(part.text for part in parts[:2])])
    lost = [
        f"{row['game']}: {row['forfeit']['reason'][i18n.check_locale(locale or i18n.get_locale())]}"
        for row in cup.forfeits
    ]
    if lost:
        text += "\n\n" + _t("contest.forfeits", locale) + "\n" + "\n".join(lost)
    body = "".join(part.html for part in parts)
    markup = f'<div class="cw-board">{_STYLE}<h4>{html.escape(header)}</h4>{body}</div>'
    return display.Shown(markup, text)


def page(cup: Tournament, locale: str | None = None, links: str = "games") -> str:
    """A whole HTML page: the leaderboard, crosstable and chart, and every game linking to
    its replay page in the folder ``links``."""
    shown = show(cup, locale)
    lang = i18n.check_locale(locale or i18n.get_locale())
    return (
        f'<!DOCTYPE html><html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(_header(cup, locale))}</title>"
        "<style>@media (prefers-color-scheme: dark){body{background:#111;color:#eee}}</style>"
        f'</head><body>{shown.html}<div class="cw-board">'
        f"{games_table(cup, locale, links)}</div></body></html>"
    )
