"""The scene: a game-neutral, JSON-safe picture of a position (the contract with the renderers).

A widget turns a game state into a :class:`Scene`; the browser draws any scene with one generic
renderer (``js/render.ts``) and sends back intents; :func:`to_html` draws the same scene without
JavaScript (exported notebooks, GitHub, the docs). Neither renderer knows a game: everything a
game needs is said in this vocabulary, so adding a game changes neither ``js/`` nor
:mod:`cardwidgets.scene_html`.

The vocabulary:

* **Cards by kind.** ``french`` (rank and suit: Tablić, Panjpar), ``number`` (a plain value:
  Pazaak's main deck), ``side`` (a signed side card, ``tone`` ``plus``/``minus``/``both``/
  ``gold``: Pazaak's hand) and ``back`` (face down, no identity). Each card carries its spoken
  ``label``, an optional small ``note`` (``"as −4"``), a highlight ``role``, a ``group`` number
  (numbered colours) and a ``slot`` (cards sharing a slot lie together: a kill on its attack).
* **Zones** with a ``layout``: ``row``, ``fan``, ``stack``, ``stock`` (face-down pile with the
  face-up card crosswise under it), ``grid`` (``columns`` × rows of ``places``) and ``pairs``
  (cards grouped by slot); ``badges`` add a big total, lights (sets won) or a flag (stands).
* **Options** (named by ``labels["options"]``), **actions** (buttons with their own labels),
  a **score sheet** whose rows each game names, a **summary** that pauses the game (end of a
  deal or set), a **legend** of the highlight roles, the **history** slider.
* **Previews**: ``previews["zone:card"]`` lists what lights up (zone, card, role, group) and a
  sentence, when that card is hovered or focused, so hovering needs no round trip. A click on
  a selectable card shows at once too: the renderer toggles the card's selected mark and lights
  its preview, marked ``data-pending``, until the next scene confirms or corrects it.
* **Focus**: ``focus`` lists zone ids in the order keyboard focus falls back to when the
  focused control disappears.

Trade-offs:

* Plain ``dict``/``list`` data (``TypedDict`` for the type checker), not classes: it crosses
  into JSON on every update and the renderer is TypeScript.
* The scene repeats derived facts (labels, roles, group numbers) so the front end needs no
  game knowledge at all; that costs bytes, so :func:`size` is measured per update
  (``benchmarks/bench_scene.py``).
* A scene is built from what one seat may see. Nothing here knows about hidden cards: the widget
  must only pass cards that seat may see, and face-down cards carry no identity.

>>> from cardwidgets import cards, scene
>>> card = scene.french_card(cards.parse("10♦"), "en", highlight="group", group=1)
>>> card["kind"], card["text"], card["suit"], card["tone"], card["label"], card["group"]
('french', '10', '♦', 'red', 'ten of diamonds', 1)
>>> scene.back_card(1, 3, "de")["label"]
'verdeckte Karte'
>>> scene.side_card("±4", "both", "en", id="h2", label="plus or minus four")["kind"]
'side'
>>> s = scene.make_scene(game="demo", title="Demo", zones=[scene.zone("table", "Table", [card])])
>>> 'data-card="10♦"' in scene.to_html(s)
True
>>> scene.size(s) < 2000
True
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any, Literal, TypedDict

from cardwidgets import i18n
from cardwidgets.cards import Card

__all__ = [
    "ROLES",
    "Action",
    "AnalysisPanel",
    "AnswerField",
    "AnswerPanel",
    "Badge",
    "Banner",
    "CardView",
    "Frame",
    "History",
    "Labels",
    "LegendItem",
    "LiveScene",
    "Message",
    "MessageKind",
    "Option",
    "Preview",
    "Scene",
    "Score",
    "ScoreRow",
    "Summary",
    "Target",
    "Zone",
    "action",
    "back_card",
    "badge",
    "face_card",
    "frame",
    "french_card",
    "hidden_card",
    "labels",
    "make_scene",
    "message",
    "number_card",
    "option",
    "role_words",
    "score",
    "score_row",
    "side_card",
    "size",
    "stylesheet",
    "to_html",
    "to_json",
    "zone",
]

CardKind = Literal["french", "number", "side", "back"]
Layout = Literal["row", "fan", "stack", "stock", "grid", "pairs"]
Role = Literal["group", "playable", "last", "beats", "target", "pickup", "hint", "muted"]
ROLES: tuple[str, ...] = ("group", "playable", "last", "beats", "target", "pickup", "hint", "muted")
"""Highlight roles every renderer draws, each with its own border style and colour (never colour
alone): ``group`` numbered colours (a capture group), ``playable`` (a card that can do something),
``last`` (the opponent's last card), ``beats`` (can beat the chosen card), ``target`` (the card
being answered or chosen), ``pickup`` (goes to the hand), ``hint`` (the suggested card),
``muted`` (greyed: played, out of reach)."""
Size = Literal["normal", "large"]


class CardView(TypedDict):
    """One card as the browser sees it. A ``back`` card has no identity (``id`` names a place).

    ``text`` is the index drawn in the corners (``"10"``, ``"7"``, ``"+3"``, ``"±1T"``), ``suit``
    the suit symbol of a French card (else ``""``), ``tone`` its colour family: ``red``/
    ``black`` (French; the four-colour option recolours by suit), ``main`` (a number card),
    ``plus``/``minus``/``both``/``gold`` (side cards).
    """

    id: str
    kind: str
    text: str
    suit: str
    tone: str
    label: str
    note: str
    selectable: bool
    selected: bool
    highlight: str | None
    group: int | None
    slot: int | None


class Badge(TypedDict):
    """A figure beside a zone: ``total`` (drawn large), ``lights`` (``value`` of ``of`` lit),
    ``flag`` (a short word such as "stands"). ``tone``: ``""``, ``good``, ``bad``."""

    kind: str
    text: str
    label: str
    value: int
    of: int
    tone: str


class Zone(TypedDict):
    """A place where cards lie: a hand, the table, a pile, the stock, a 3×3 grid."""

    id: str
    label: str
    layout: str
    owner: int | None
    info: str
    cards: list[CardView]
    columns: int
    places: int
    badges: list[Badge]


class Option(TypedDict):
    """One choice offered for the half-made move (a capture, a sign). ``swatches`` numbered group
    colours are drawn before the label; ``emphasis`` marks the recommended ones."""

    index: int
    label: str
    selected: bool
    emphasis: bool
    swatches: int


class Action(TypedDict):
    """A button: ``id`` is what the intent names, ``label`` is translated. ``pressed`` (not None)
    makes it a toggle."""

    id: str
    label: str
    enabled: bool
    primary: bool
    pressed: bool | None


MessageKind = Literal["error", "info"]


class Message(TypedDict):
    """The error or info line (an illegal move's reason, a refused click)."""

    kind: MessageKind
    text: str


class Banner(TypedDict):
    """Whose turn it is and what to do, in large coloured words above the board.

    ``seat`` is the seat whose zones are marked as active (None: nobody's turn, e.g. a summary,
    the end of the game, or an earlier position shown); ``tone`` colours it: ``you`` (the
    viewer's turn), ``them`` (the other seat's turn), ``pause``, ``over`` or ``history``.
    """

    seat: int | None
    text: str
    tone: str


class Target(TypedDict):
    """A card that lights up in a preview."""

    zone: str
    card: str
    role: str
    group: int | None


class Preview(TypedDict):
    """What lights up, and what is said, while a card is hovered or focused."""

    cards: list[Target]
    text: str


class ScoreRow(TypedDict):
    """A row of a score sheet. ``kind``: ``""`` (plain), ``total`` (bold), ``marks`` (tally
    strokes: each cell a count)."""

    label: str
    cells: list[str]
    kind: str


class Score(TypedDict):
    """A score sheet: one column per player, rows the game names."""

    caption: str
    columns: list[str]
    rows: list[ScoreRow]


class Summary(TypedDict):
    """A pause (end of a deal or set): a heading, a sentence, a sheet, zones (the piles), and the
    id of the action that continues."""

    title: str
    text: str
    score: Score | None
    zones: list[Zone]
    action: str


class LegendItem(TypedDict):
    """One entry of the highlight legend."""

    role: str
    group: int | None
    text: str


class History(TypedDict):
    """The history slider: the position shown (``ply``) of ``plies``."""

    ply: int
    plies: int
    label: str


class Labels(TypedDict):
    """Translated headings of the frame, so the renderers hold no words of their own.

    ``roles`` are the spoken words of the highlight roles, added to a card's accessible name
    (``"three of spades, group 1"``): ``roles["group"]`` is a template with ``{number}``, the
    others are plain phrases. A screen reader hears what the outlines and numbers show.
    """

    options: str
    actions: str
    log: str
    score: str
    legend: str
    empty: str
    summary: str
    code: str
    side: str
    """The button that shows or hides the side column (score, legend, log) when narrow."""
    fullscreen: str
    """The live widget's button that shows the stage alone on the whole screen (a projector)."""
    fullscreen_leave: str
    """The same button while the stage is on the whole screen (Escape does the same)."""
    roles: dict[str, str]


class AnalysisPanel(TypedDict):
    """The analysis switch's panel and marks, or a puzzle's prompt and score.

    ``title`` heads the panel, ``text`` is its sentence (the best move's reason, the verdict
    on the learner's last move, "thinking…", a puzzle's prompt); ``values`` are the short
    value notes drawn on what they name, keyed like :attr:`Scene.previews`: ``"zone:card"``
    (a hand card: its best move's value), ``"option:2"``, ``"action:stand"``; ``best`` lists
    the keys of the best move's marks. Only moves of the seat shown are ever valued.
    """

    title: str
    text: str
    values: dict[str, str]
    best: list[str]


class AnswerField(TypedDict):
    """A text field and its button under the panel's sentence: a lesson's chance question
    (:mod:`cardwidgets.widgets.lesson`). The page sends ``{"kind": "answer", "text": ...}``;
    ``value`` is the last answer given ("" before the first)."""

    label: str
    button: str
    value: str


class AnswerPanel(AnalysisPanel, total=False):
    """A lesson's panel (``lesson`` true: the page gives it the room it needs, since it
    carries the lesson's text), with an :class:`AnswerField` for a chance question."""

    lesson: bool
    answer: AnswerField


class Scene(TypedDict):
    """Everything the browser shows. ``version`` grows by one on every change."""

    version: int
    game: str
    locale: str
    seat: int
    four_color: bool
    theme: str
    size: str
    title: str
    status: str
    message: Message | None
    announce: str
    banner: Banner | None
    """Whose turn it is and what to do (None: a picture, no turn to show)."""
    zones: list[Zone]
    options: list[Option]
    actions: list[Action]
    previews: dict[str, Preview]
    focus: list[str]
    log: list[str]
    score: Score | None
    summary: Summary | None
    legend: list[LegendItem]
    history: History | None
    code: str
    """The position code of what the seat sees (``T0 …``), or ``""``: a one-line text a
    teacher can paste to set the position up again (``State.from_code``)."""
    labels: Labels
    analysis: AnalysisPanel | None
    """The analysis switch's values and sentence, or a puzzle's prompt (None: off)."""


class TeacherChoice(TypedDict):
    """One entry of the teacher panel's opponent chooser: the name it sends and its label."""

    id: str
    label: str


class TeacherPanel(TypedDict):
    """The teacher panel, only in the scene of a widget made with
    ``teacher=True``: the opponent chooser, a new game from a seed, undo, and the switch that
    reveals the computer's hand. Every label is translated; no card is named here.

    ``opponent`` is the id of the current opponent among ``opponents`` (``""``: none of them,
    e.g. a teacher's own player); ``choose`` says whether it may change now (not while two
    computer players are watched). ``seed`` is the seed of the game shown (the field's
    placeholder: typing it again deals the same game). ``undo`` says whether there is a move
    to take back; ``reveal`` whether the computer's hand is face up (``open_hands``).
    """

    title: str
    opponent_label: str
    opponent: str
    opponents: list[TeacherChoice]
    choose: bool
    seed_label: str
    seed: str
    new_label: str
    undo_label: str
    undo: bool
    reveal_label: str
    reveal: bool


class TeacherScene(Scene, total=False):
    """A scene with the teacher panel: the live widget adds ``teacher`` when its ``teacher``
    option is on. Only the live renderer draws it (``js/teacher.ts``): the static picture
    (:func:`to_html`) has no working controls, and a learner's scene never carries it."""

    teacher: TeacherPanel


class LiveScene(Scene, total=False):
    """A scene as a live widget sends it: it may carry ``frames``."""

    frames: list[Frame]
    """The computer's move played out before this scene settles: pictures the
    browser shows one after the other, each for its ``seconds``, then this scene. Only a live
    widget's update carries it, once (``pace=0``: never); a click or Escape, Space or Enter
    skips to this scene. Static HTML, stills and replays ignore it."""


class Frame(TypedDict):
    """One step of a move played out (a card in flight, then the position after it), drawn
    from the viewer's seat only: the zones replace the scene's while the frame is shown.

    ``announce`` is read by the live region (``""``: nothing new to say), ``banner`` says
    whose move it is, ``seconds`` how long the frame stays. ``log_ahead`` counts the last
    entries of the scene's move log that are moves not yet landed in this frame (the one in
    flight and those after it): the page hides them (and sets the history slider back as many
    moves) while the frame shows, so a move is listed once the board shows it made.
    """

    zones: list[Zone]
    status: str
    banner: Banner | None
    announce: str
    seconds: float
    log_ahead: int


def frame(
    zones: list[Zone],
    *,
    status: str,
    banner: Banner | None,
    announce: str,
    seconds: float,
    log_ahead: int = 0,
) -> Frame:
    """One step of a move played out (see :class:`Frame`)."""
    return {
        "zones": zones,
        "status": status,
        "banner": banner,
        "announce": announce,
        "seconds": seconds,
        "log_ahead": log_ahead,
    }


def _card(kind: CardKind, id: str, text: str, suit: str, tone: str, label: str) -> CardView:
    return {
        "id": id,
        "kind": kind,
        "text": text,
        "suit": suit,
        "tone": tone,
        "label": label,
        "note": "",
        "selectable": False,
        "selected": False,
        "highlight": None,
        "group": None,
        "slot": None,
    }


def _mark(view: CardView, marks: dict[str, Any]) -> CardView:
    unknown = set(marks) - {"note", "selectable", "selected", "highlight", "group", "slot"}
    if unknown:
        raise TypeError(f"unknown card fields: {', '.join(sorted(unknown))}")
    role = marks.get("highlight")
    if role is not None and role not in ROLES:
        raise ValueError(f"unknown highlight role {role!r}; roles are {', '.join(ROLES)}")
    view.update(marks)  # type: ignore[typeddict-item]
    return view


def french_card(card: Card, locale: str, **marks: Any) -> CardView:
    """A face-up French card with its spoken label (``"ten of diamonds"``) in ``locale``.

    ``marks``: ``note``, ``selectable``, ``selected``, ``highlight`` (one of :data:`ROLES`),
    ``group``, ``slot``.
    """
    view = _card(
        "french", card.text, card.rank.text, card.suit.value, card.color, card.name(locale)
    )
    return _mark(view, marks)


face_card = french_card
"""The earlier name of :func:`french_card`."""


def number_card(
    value: int, locale: str, *, id: str, label: str | None = None, **marks: Any
) -> CardView:
    """A plain number card (Pazaak's main deck); ``label`` defaults to the number."""
    view = _card("number", id, str(value), "", "main", label or str(value))
    return _mark(view, marks)


def side_card(text: str, tone: str, locale: str, *, id: str, label: str, **marks: Any) -> CardView:
    """A signed side card: ``text`` as printed (``"+3"``, ``"±1T"``), ``tone`` ``plus``,
    ``minus``, ``both`` or ``gold``."""
    if tone not in ("plus", "minus", "both", "gold"):
        raise ValueError(f"side card tone must be plus, minus, both or gold, not {tone!r}")
    return _mark(_card("side", id, text, "", tone, label), marks)


def back_card(owner: int | str, number: int, locale: str, **marks: Any) -> CardView:
    """A face-down card. Its id names only the owner and a position, never the card."""
    view = _card(
        "back", f"hidden-{owner}-{number}", "", "", "", i18n.text("scene.hidden_card", locale)
    )
    return _mark(view, marks)


hidden_card = back_card
"""The earlier name of :func:`back_card`."""


def badge(
    kind: Literal["total", "lights", "flag"],
    text: str,
    *,
    label: str = "",
    value: int = 0,
    of: int = 0,
    tone: Literal["", "good", "bad"] = "",
) -> Badge:
    """A figure beside a zone (see :class:`Badge`); ``label`` is the spoken form (default
    ``text``)."""
    return {
        "kind": kind,
        "text": text,
        "label": label or text,
        "value": value,
        "of": of,
        "tone": tone,
    }


def zone(
    id: str,
    label: str,
    cards: list[CardView],
    *,
    layout: Layout = "row",
    owner: int | None = None,
    info: str = "",
    columns: int = 0,
    places: int = 0,
    badges: list[Badge] | None = None,
) -> Zone:
    """A zone of cards; ``layout`` is a hint: ``row``, ``fan``, ``stack``, ``stock``, ``grid``
    (``columns`` wide, ``places`` drawn even when empty) or ``pairs`` (grouped by slot)."""
    return {
        "id": id,
        "label": label,
        "layout": layout,
        "owner": owner,
        "info": info,
        "cards": cards,
        "columns": columns,
        "places": places,
        "badges": badges or [],
    }


def option(
    index: int, label: str, *, selected: bool = False, emphasis: bool = False, swatches: int = 0
) -> Option:
    """One entry of the option list."""
    return {
        "index": index,
        "label": label,
        "selected": selected,
        "emphasis": emphasis,
        "swatches": swatches,
    }


def action(
    id: str, label: str, *, enabled: bool = True, primary: bool = False, pressed: bool | None = None
) -> Action:
    """A button of the action bar (a toggle when ``pressed`` is not None)."""
    return {"id": id, "label": label, "enabled": enabled, "primary": primary, "pressed": pressed}


def message(kind: MessageKind, text: str) -> Message:
    """An error or info line."""
    return {"kind": kind, "text": text}


def score_row(
    label: str, cells: list[object], kind: Literal["", "total", "marks"] = ""
) -> ScoreRow:
    """A score sheet row; cells are shown as text."""
    return {"label": label, "cells": [str(c) for c in cells], "kind": kind}


def score(columns: list[str], rows: list[ScoreRow], caption: str = "") -> Score:
    """A score sheet."""
    return {"caption": caption, "columns": list(columns), "rows": rows}


def labels(locale: str) -> Labels:
    """The frame's default headings in ``locale`` (a scene may name its own ``options``)."""
    return {
        "options": i18n.text("scene.options", locale),
        "actions": i18n.text("scene.actions", locale),
        "log": i18n.text("scene.log", locale),
        "score": i18n.text("scene.score", locale),
        "legend": i18n.text("scene.legend", locale),
        "empty": i18n.text("scene.empty", locale),
        "summary": i18n.text("scene.summary", locale),
        "code": i18n.text("scene.code", locale),
        "side": i18n.text("scene.side", locale),
        "fullscreen": i18n.text("scene.fullscreen", locale),
        "fullscreen_leave": i18n.text("scene.fullscreen_leave", locale),
        "roles": role_words(locale),
    }


def role_words(locale: str) -> dict[str, str]:
    """The spoken words of every highlight role in ``locale`` (``group`` keeps ``{number}``).

    >>> role_words("de")["group"], role_words("en")["beats"]
    ('Gruppe {number}', 'beats the chosen card')
    """
    words = {role: i18n.text(f"scene.role.{role}", locale) for role in ROLES if role != "group"}
    return {"group": i18n.text("scene.group", locale, number="{number}"), **words}


def make_scene(*, game: str, title: str, **fields: Any) -> Scene:
    """A scene with every field present; ``fields`` override the defaults."""
    scene: dict[str, Any] = {
        "version": 0,
        "game": game,
        "locale": "en",
        "seat": 0,
        "four_color": False,
        "theme": "auto",
        "size": "normal",
        "title": title,
        "status": "",
        "message": None,
        "announce": "",
        "banner": None,
        "zones": [],
        "options": [],
        "actions": [],
        "previews": {},
        "focus": [],
        "log": [],
        "score": None,
        "summary": None,
        "legend": [],
        "history": None,
        "code": "",
        "labels": labels(str(fields.get("locale", "en"))),
        "analysis": None,
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
    """The renderers' CSS (``cardwidgets/widgets/cards.css``), shared by the widget and
    :func:`to_html` so both look the same."""
    return (Path(__file__).parent / "widgets" / "cards.css").read_text(encoding="utf-8")


def to_html(scene: Scene, *, css: bool = True) -> str:
    """Static HTML of ``scene`` (inline SVG cards, no JavaScript, inert buttons); see
    :mod:`cardwidgets.scene_html`."""
    from cardwidgets import scene_html

    rendered: str = scene_html.render(scene, css=css)
    return rendered
