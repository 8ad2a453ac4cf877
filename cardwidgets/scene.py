"""The scene: a game-agnostic, JSON-safe picture of a position, and its static HTML rendering.

A widget turns a game state into a :class:`Scene`: zones of cards (a hand, the table, piles,
the stock) with a layout hint, each card with its aria label, highlight role and capture-group
number, the actions a learner can take, the status line, a move log and a score sheet. The
browser renders any scene with one generic renderer (``js/``) and sends back intents; it holds
no rules. :func:`to_html` renders the same scene without JavaScript, so an exported notebook,
GitHub or the docs show the position.

Trade-offs:

* The scene is plain ``dict``/``list`` data (``TypedDict`` for the type checker), not classes,
  because it crosses into JSON on every update and the renderer is TypeScript.
* The scene repeats derived facts (labels, colours, group numbers) so the front end needs no
  card knowledge at all; that costs bytes, so :func:`size` is measured per update
  (``benchmarks/bench_scene.py``; the bar is 16 KB for a Tablić position).
* A scene is built from what one seat may see. Nothing here knows about hidden cards: the widget
  must only ever pass cards that seat may see, and face-down cards carry no identity.

>>> from cardwidgets import cards, scene
>>> card = scene.face_card(cards.parse("10♦"), "en", highlight="group", group=1)
>>> card["label"], card["color"], card["group"]
('ten of diamonds', 'red', 1)
>>> scene.hidden_card(1, 3, "de")["label"]
'verdeckte Karte'
>>> s = scene.make_scene(game="tablic", title="Tablić",
...                      zones=[scene.zone("table", "Table", [card])])
>>> '<div class="cw-card"' in scene.to_html(s) and 'data-card="10♦"' in scene.to_html(s)
True
>>> scene.size(s) < 2000
True
"""

from __future__ import annotations

import functools
import html
import json
from pathlib import Path
from typing import Any, Literal, TypedDict

from cardwidgets import i18n
from cardwidgets.cards import Card, Suit

__all__ = [
    "SUIT_PATHS",
    "Action",
    "CardView",
    "Labels",
    "Message",
    "Option",
    "Preview",
    "Scene",
    "Score",
    "Zone",
    "action",
    "face_card",
    "hidden_card",
    "labels",
    "make_scene",
    "message",
    "size",
    "stylesheet",
    "to_html",
    "to_json",
    "zone",
]

Highlight = Literal["group", "playable", "last"]
Layout = Literal["row", "fan", "stack"]


class CardView(TypedDict):
    """One card as the browser sees it. A face-down card has ``face`` false and no identity."""

    id: str
    face: bool
    rank: str
    suit: str
    color: str
    label: str
    selectable: bool
    selected: bool
    highlight: str | None
    group: int | None


class Zone(TypedDict):
    """A place where cards lie: a hand, the table, a pile, the stock."""

    id: str
    label: str
    layout: str
    owner: int | None
    info: str
    cards: list[CardView]


class Option(TypedDict):
    """One choice for the selected card (in Tablić: one legal capture)."""

    index: int
    label: str
    selected: bool
    maximal: bool
    groups: list[list[str]]


class Action(TypedDict):
    """A button: ``id`` is what the intent names, ``label`` is translated."""

    id: str
    label: str
    enabled: bool
    primary: bool


class Message(TypedDict):
    """The error or info line (an illegal move's reason, a refused click)."""

    kind: str
    text: str


class Preview(TypedDict):
    """What a hand card would do if selected (in Tablić: the groups it could capture)."""

    groups: list[list[str]]


class Score(TypedDict):
    """The score sheet: one column per player, one row per finished deal."""

    columns: list[str]
    rows: list[list[int]]
    tablas: list[int]
    totals: list[int]


class Labels(TypedDict):
    """Translated headings of the frame, so the renderer holds no words of its own."""

    options: str
    actions: str
    log: str
    tablas: str
    total: str


class Scene(TypedDict):
    """Everything the browser shows. ``version`` grows by one on every change."""

    version: int
    game: str
    locale: str
    seat: int
    four_color: bool
    theme: str
    title: str
    status: str
    message: Message | None
    announce: str
    zones: list[Zone]
    options: list[Option]
    actions: list[Action]
    previews: dict[str, Preview]
    log: list[str]
    score: Score | None
    labels: Labels


i18n.register(
    {
        "scene.hidden_card": {"en": "face-down card", "de": "verdeckte Karte"},
        "scene.options": {"en": "Captures", "de": "Stiche"},
        "scene.actions": {"en": "Actions", "de": "Aktionen"},
        "scene.log": {"en": "Moves", "de": "Züge"},
        "scene.score": {"en": "Score", "de": "Punkte"},
        "scene.total": {"en": "Total", "de": "Summe"},
        "scene.tablas": {"en": "Tablas", "de": "Tablas"},
        "scene.group": {"en": "group {number}", "de": "Gruppe {number}"},
        "scene.empty": {"en": "(empty)", "de": "(leer)"},
    }
)

SUIT_PATHS: dict[str, str] = {
    "S": "M50 6C70 30 94 44 94 62C94 76 83 84 72 84C63 84 56 80 53 74C54 84 58 90 66 96H34"
    "C42 90 46 84 47 74C44 80 37 84 28 84C17 84 6 76 6 62C6 44 30 30 50 6Z",
    "H": "M50 90C20 66 6 50 6 31C6 17 17 7 30 7C40 7 47 13 50 21C53 13 60 7 70 7"
    "C83 7 94 17 94 31C94 50 80 66 50 90Z",
    "D": "M50 4L86 50L50 96L14 50Z",
    "C": "M32 28a18 18 0 1 0 36 0a18 18 0 1 0-36 0ZM10 60a18 18 0 1 0 36 0a18 18 0 1 0-36 0Z"
    "M54 60a18 18 0 1 0 36 0a18 18 0 1 0-36 0ZM46 56C46 76 42 88 33 96H67C58 88 54 76 54 56Z",
}
"""Suit shapes on a 100×100 view box, drawn for this package; ``js/suits.ts`` holds the same."""

_SUIT_LETTER = {suit.value: suit.letter for suit in Suit}


def face_card(
    card: Card,
    locale: str,
    *,
    selectable: bool = False,
    selected: bool = False,
    highlight: Highlight | None = None,
    group: int | None = None,
) -> CardView:
    """A face-up card with its spoken label (``"ten of diamonds"``) in ``locale``."""
    return {
        "id": card.text,
        "face": True,
        "rank": card.rank.text,
        "suit": card.suit.value,
        "color": card.color,
        "label": card.name(locale),
        "selectable": selectable,
        "selected": selected,
        "highlight": highlight,
        "group": group,
    }


def hidden_card(owner: int | str, number: int, locale: str) -> CardView:
    """A face-down card. Its id names only the owner and a position, never the card."""
    return {
        "id": f"hidden-{owner}-{number}",
        "face": False,
        "rank": "",
        "suit": "",
        "color": "",
        "label": i18n.text("scene.hidden_card", locale),
        "selectable": False,
        "selected": False,
        "highlight": None,
        "group": None,
    }


def zone(
    id: str,
    label: str,
    cards: list[CardView],
    *,
    layout: Layout = "row",
    owner: int | None = None,
    info: str = "",
) -> Zone:
    """A zone of cards; ``layout`` is a hint: ``row`` (spread), ``fan`` (overlapping), ``stack``."""
    return {
        "id": id,
        "label": label,
        "layout": layout,
        "owner": owner,
        "info": info,
        "cards": cards,
    }


def action(id: str, label: str, *, enabled: bool = True, primary: bool = False) -> Action:
    """A button of the action bar."""
    return {"id": id, "label": label, "enabled": enabled, "primary": primary}


def message(kind: Literal["error", "info"], text: str) -> Message:
    """An error or info line."""
    return {"kind": kind, "text": text}


def labels(locale: str) -> Labels:
    """The frame's headings in ``locale``."""
    return {
        "options": i18n.text("scene.options", locale),
        "actions": i18n.text("scene.actions", locale),
        "log": i18n.text("scene.log", locale),
        "tablas": i18n.text("scene.tablas", locale),
        "total": i18n.text("scene.total", locale),
    }


def make_scene(*, game: str, title: str, **fields: Any) -> Scene:
    """A scene with every field present; ``fields`` override the defaults."""
    scene: dict[str, Any] = {
        "version": 0,
        "game": game,
        "locale": "en",
        "seat": 0,
        "four_color": False,
        "theme": "auto",
        "title": title,
        "status": "",
        "message": None,
        "announce": "",
        "zones": [],
        "options": [],
        "actions": [],
        "previews": {},
        "log": [],
        "score": None,
        "labels": labels(str(fields.get("locale", "en"))),
    }
    unknown = set(fields) - set(scene)
    if unknown:
        raise TypeError(f"unknown scene fields: {', '.join(sorted(unknown))}")
    scene.update(fields)
    return scene  # type: ignore[return-value]


def to_json(scene: Scene) -> str:
    """Compact JSON text of ``scene`` (what goes over the wire, give or take the framing)."""
    return json.dumps(scene, ensure_ascii=False, separators=(",", ":"))


def size(scene: Scene) -> int:
    """Bytes of the scene as UTF-8 JSON: the cost of one update."""
    return len(to_json(scene).encode("utf-8"))


@functools.cache
def stylesheet() -> str:
    """The renderer's CSS (``cardwidgets/widgets/cards.css``), shared by the widget and
    :func:`to_html` so both look the same."""
    return (Path(__file__).parent / "widgets" / "cards.css").read_text(encoding="utf-8")


# -- static HTML ---------------------------------------------------------------------------------
# The markup mirrors js/render.ts class for class, so one stylesheet styles both.


def _attrs(**attrs: object) -> str:
    parts = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        key = name.rstrip("_").replace("_", "-")
        text = "true" if value is True else str(value)
        parts.append(f' {key}="{html.escape(text, quote=True)}"')
    return "".join(parts)


def _suit_svg(letter: str) -> str:
    return (
        '<svg class="cw-pip" viewBox="0 0 100 100" aria-hidden="true" focusable="false">'
        f'<path d="{SUIT_PATHS[letter]}"/></svg>'
    )


def _card_html(card: CardView) -> str:
    if not card["face"]:
        attrs = _attrs(
            class_="cw-card cw-back",
            data_card=card["id"],
            data_face="false",
            role="img",
            aria_label=card["label"],
        )
        return f"<div{attrs}></div>"
    letter = _SUIT_LETTER.get(card["suit"], "S")
    group = card["group"]
    attrs = _attrs(
        class_="cw-card",
        data_card=card["id"],
        data_face="true",
        data_suit=letter,
        data_color=card["color"],
        data_highlight=card["highlight"],
        data_group=group,
        data_group_color=None if group is None else (group - 1) % 6 + 1,
        data_selectable="true" if card["selectable"] else None,
        role="img",
        aria_label=card["label"],
        aria_pressed="true" if card["selected"] else None,
    )
    badge = "" if group is None else f'<span class="cw-badge">{group}</span>'
    rank = html.escape(card["rank"])
    return (
        f'<div{attrs}><span class="cw-corner"><span class="cw-rank">{rank}</span>'
        f'<span class="cw-letter">{letter}</span></span>{_suit_svg(letter)}{badge}</div>'
    )


def _zone_html(zone: Zone, locale: str) -> str:
    cards = "".join(_card_html(card) for card in zone["cards"])
    if not zone["cards"]:
        cards = f'<span class="cw-empty">{html.escape(i18n.text("scene.empty", locale))}</span>'
    attrs = _attrs(
        class_="cw-zone",
        data_zone=zone["id"],
        data_layout=zone["layout"],
        data_owner=zone["owner"],
        aria_label=zone["label"],
    )
    return (
        f'<section{attrs}><div class="cw-zone-head"><span class="cw-zone-label">'
        f"{html.escape(zone['label'])}</span>"
        f'<span class="cw-zone-info">{html.escape(zone["info"])}</span></div>'
        f'<div class="cw-cards">{cards}</div></section>'
    )


def _option_html(option: Option, locale: str) -> str:
    groups = "".join(
        f'<span class="cw-swatch" data-group-color="{(n - 1) % 6 + 1}" '
        f'title="{html.escape(i18n.text("scene.group", locale, number=n))}">{n}</span>'
        for n in range(1, len(option["groups"]) + 1)
    )
    attrs = _attrs(
        class_="cw-option",
        type="button",
        data_option=option["index"],
        data_maximal="true" if option["maximal"] else None,
        aria_pressed="true" if option["selected"] else "false",
        disabled=True,
    )
    return f"<button{attrs}>{groups}<span>{html.escape(option['label'])}</span></button>"


def _score_html(score: Score, words: Labels) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in score["columns"])
    rows = "".join(
        f"<tr><th>{i}</th>" + "".join(f"<td>{value}</td>" for value in row) + "</tr>"
        for i, row in enumerate(score["rows"], 1)
    )
    tablas = html.escape(words["tablas"])
    total = html.escape(words["total"])
    strokes = "".join(f'<td aria-label="{n} {tablas}">{"|" * n}</td>' for n in score["tablas"])
    totals = "".join(f"<td>{value}</td>" for value in score["totals"])
    return (
        f'<table class="cw-score"><thead><tr><th></th>{head}</tr></thead><tbody>{rows}'
        f'<tr class="cw-tablas"><th>{tablas}</th>{strokes}</tr>'
        f'<tr class="cw-totals"><th>{total}</th>{totals}</tr></tbody></table>'
    )


def to_html(scene: Scene, *, css: bool = True) -> str:
    """Static HTML of ``scene`` (inline CSS, no JavaScript, inert buttons).

    The markup uses the same classes and ``data-*`` hooks as the live widget; the theme follows
    JupyterLab's (``data-jp-theme-light``) or the system's (``prefers-color-scheme``).
    """
    locale = scene["locale"]
    words = scene.get("labels") or labels(locale)
    parts = []
    if css:
        parts.append(f"<style>{stylesheet()}</style>")
    root = _attrs(
        class_="cw-root cw-static",
        data_game=scene["game"],
        data_version=scene["version"],
        data_theme=scene["theme"],
        data_four_color="true" if scene["four_color"] else "false",
        lang=locale,
    )
    parts.append(f"<div{root}>")
    parts.append(
        f'<header class="cw-header"><span class="cw-title">{html.escape(scene["title"])}</span>'
        f'<span class="cw-status">{html.escape(scene["status"])}</span></header>'
    )
    msg = scene["message"]
    if msg is not None:
        parts.append(
            f'<p class="cw-message" data-kind="{html.escape(msg["kind"])}">'
            f"{html.escape(msg['text'])}</p>"
        )
    parts.append(f'<p class="cw-announce">{html.escape(scene["announce"])}</p>')
    parts.append('<div class="cw-main"><div class="cw-board">')
    parts.extend(_zone_html(z, locale) for z in scene["zones"])
    if scene["options"]:
        label = html.escape(words["options"])
        parts.append(
            f'<div class="cw-controls"><div class="cw-options" role="group" aria-label="{label}">'
        )
        parts.extend(_option_html(o, locale) for o in scene["options"])
        parts.append("</div></div>")
    parts.append('</div><div class="cw-side">')
    if scene["score"] is not None:
        parts.append(_score_html(scene["score"], words))
    if scene["log"]:
        label = html.escape(words["log"])
        items = "".join(f"<li>{html.escape(line)}</li>" for line in scene["log"])
        parts.append(f'<ol class="cw-log" aria-label="{label}">{items}</ol>')
    parts.append("</div></div></div>")
    return "".join(parts)
