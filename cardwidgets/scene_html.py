"""Static HTML of a scene: the picture without JavaScript (exported notebooks, GitHub, the docs).

This is the live renderer (``js/zones.ts``, ``js/panels.ts``) written in Python: the same
elements, classes and ``data-*`` hooks in the same order, so ``cards.css`` styles both and the
fixture tests (``tests/fixtures/scenes``) can compare them element by element. Only three things
differ, because a picture cannot be used: buttons and the slider are ``disabled``, cards have no
``tabindex``, and the root carries ``cw-static`` and the scene's own theme (``auto`` lets the
page decide). Like the live renderer it knows no game and has no words of its own.

>>> from cardwidgets import scene
>>> s = scene.make_scene(game="demo", title="Demo", zones=[scene.zone("pile", "Pile", [])])
>>> page = render(s, css=False)
>>> '<span class="cw-empty">(empty)</span>' in page, "<script" in page
(True, False)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from cardwidgets import scene as _scene
from cardwidgets.scene import (
    Action,
    AnalysisPanel,
    Badge,
    CardView,
    History,
    Labels,
    LegendItem,
    Option,
    Scene,
    Score,
    ScoreRow,
    Summary,
    Zone,
)
from cardwidgets.scene_faces import SUIT_LETTERS, Attr, Markup, face, group_color, h

__all__ = ["card_name", "render", "slots"]


# The renderer has no words of its own: a heading the scene leaves out stays empty.
_NO_LABELS: Labels = {
    "options": "",
    "actions": "",
    "log": "",
    "score": "",
    "legend": "",
    "empty": "",
    "summary": "",
    "code": "",
    "side": "",
    "fullscreen": "",
    "fullscreen_leave": "",
    "roles": {},
}


@dataclass(frozen=True)
class _Ctx:
    size: str
    four_color: bool
    labels: Labels
    values: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The analysis switch's value notes, keyed "zone:card", "option:2", "action:stand"."""
    best: frozenset[str] = frozenset()
    """The keys of the best move's notes."""
    zone: str = ""
    """The board zone whose cards are drawn ("": not on the board, no notes)."""


def card_name(card: CardView, labels: Labels) -> str:
    """What a screen reader says for a card: its label, its note, its group and role in words
    (what the outline, the number and the note show)."""
    roles = labels.get("roles") or {}
    parts = [card["label"], card["note"]]
    if card["group"] is not None:
        parts.append(roles.get("group", "").replace("{number}", str(card["group"])))
    role = card["highlight"]
    if role and role != "group":
        parts.append(roles.get(role, ""))
    return ", ".join(part for part in parts if part)


def _card_attrs(ctx: _Ctx, card: CardView) -> dict[str, Attr]:
    navigable = card["kind"] != "back" or card["selectable"]
    group, slot = card["group"], card["slot"]
    # A picture card carries its name; a button card is named by its content, the face (a
    # picture named the same way), like <button><img alt></button>: the index drawn on the face
    # is part of the picture, not a text label the name would have to repeat (WCAG 2.5.3).
    return {
        "class": "cw-card",
        "data-card": card["id"],
        "data-kind": card["kind"],
        "data-tone": card["tone"] or None,
        "data-suit": SUIT_LETTERS.get(card["suit"]),
        "data-highlight": card["highlight"] or None,
        "data-group": group,
        "data-group-color": None if group is None else group_color(group),
        "data-slot": slot,
        "data-selectable": "true" if card["selectable"] else None,
        "data-selected": "true" if card["selected"] else None,
        "data-nav": "card" if navigable else None,
        "role": "button" if card["selectable"] else "img",
        "aria-label": None if card["selectable"] else card_name(card, ctx.labels),
        "aria-pressed": str(bool(card["selected"])).lower() if card["selectable"] else None,
    }


def _card(ctx: _Ctx, card: CardView) -> Markup:
    group = card["group"]
    number = (
        None
        if group is None
        else h("span", {"class": "cw-groupnum", "aria-hidden": "true"}, str(group))
    )
    note = card["note"] and h("span", {"class": "cw-note", "aria-hidden": "true"}, card["note"])
    # Spans, not divs: without the stylesheet (a sanitiser strips it) cards still lie in rows.
    name = card_name(card, ctx.labels) if card["selectable"] else None
    picture = face(card, ctx.size, ctx.four_color, name)
    attrs = _card_attrs(ctx, card)
    key = f"{ctx.zone}:{card['id']}"
    value = _value(ctx, key) if ctx.zone else None
    if value is not None and attrs["role"] == "img":  # a picture's name says its note too
        attrs["aria-label"] = f"{attrs['aria-label']}, {ctx.values[key]}"
    return h("span", attrs, picture, number, note, value)


def _value(ctx: _Ctx, key: str) -> Markup | None:
    """The analysis switch's value note for ``key`` (js/analysis.ts markValues), if any."""
    value = ctx.values.get(key)
    if value is None:
        return None
    best = "true" if key in ctx.best else None
    return h("span", {"class": "cw-value", "data-best": best}, value)


def slots(cards: Sequence[CardView]) -> list[list[CardView]]:
    """Cards sharing a slot, in order of first appearance; a card without a slot lies alone."""
    groups: list[list[CardView]] = []
    by_slot: dict[int, list[CardView]] = {}
    for card in cards:
        slot = card["slot"]
        if slot is None:
            groups.append([card])
        elif slot in by_slot:
            by_slot[slot].append(card)
        else:
            by_slot[slot] = [card]
            groups.append(by_slot[slot])
    return groups


def _grid(ctx: _Ctx, zone: Zone) -> Markup:
    columns = zone["columns"] if zone["columns"] > 0 else max(1, len(zone["cards"]))
    count = max(zone["places"] or 0, len(zone["cards"]))
    places = []
    for i in range(count):
        card = zone["cards"][i] if i < len(zone["cards"]) else None
        attrs: dict[str, Attr] = {"class": "cw-place", "data-place": i}
        attrs["data-empty"] = None if card else "true"
        places.append(h("span", attrs, card and _card(ctx, card)))
    return h("div", {"class": "cw-cards", "style": f"--cw-columns: {columns}"}, *places)


def _zone_cards(ctx: _Ctx, zone: Zone) -> Markup:
    cards = zone["cards"]
    if zone["layout"] == "grid" and max(zone["places"] or 0, len(cards)) > 0:
        return _grid(ctx, zone)
    if not cards:
        return h(
            "div", {"class": "cw-cards"}, h("span", {"class": "cw-empty"}, ctx.labels["empty"])
        )
    if zone["layout"] == "pairs":
        pairs = [
            h(
                "span",
                {"class": "cw-pair", "data-slot": group[0]["slot"], "data-count": len(group)},
                *(_card(ctx, c) for c in group),
            )
            for group in slots(cards)
        ]
        return h("div", {"class": "cw-cards"}, *pairs)
    return h("div", {"class": "cw-cards"}, *(_card(ctx, c) for c in cards))


def _lights(value: int, of: int) -> Markup:
    """Lights as circles: ``value`` of ``of`` filled (filled versus hollow, not colour alone)."""
    width = max(1, of) * 14
    circles = []
    for i in range(of):
        lit = i < value
        attrs: dict[str, Attr] = {"class": "cw-light", "cx": 7 + 14 * i, "cy": 7, "r": 5}
        attrs.update({"data-lit": str(lit).lower(), "fill": "currentColor" if lit else "none"})
        circles.append(h("circle", {**attrs, "stroke": "currentColor", "stroke-width": 2}))
    attrs = {"class": "cw-lights", "viewBox": f"0 0 {width} 14", "width": width, "height": 14}
    return h("svg", {**attrs, "aria-hidden": "true"}, *circles)


def _badge(badge: Badge) -> Markup:
    spoken = badge["label"] or badge["text"]
    attrs: dict[str, Attr] = {"class": "cw-badge", "data-badge": badge["kind"]}
    attrs.update({"data-tone": badge["tone"] or None, "role": "img", "aria-label": spoken})
    attrs["title"] = spoken
    if badge["kind"] == "total":
        return h("span", attrs, h("span", {"class": "cw-total"}, badge["text"]))
    if badge["kind"] == "lights":
        text = badge["text"] and h("span", {"class": "cw-badge-text"}, badge["text"])
        return h("span", attrs, text, _lights(badge["value"], badge["of"]))
    return h("span", attrs, badge["text"])


def _place(owner: int | None, seat: int) -> str:
    """Where a zone lies on the stage: the other seat's at the top ("far"), shared zones in the
    middle, the viewer's at the bottom ("near"), as at a card table."""
    if owner is None:
        return "middle"
    return "near" if owner == seat else "far"


def _zone(ctx: _Ctx, zone: Zone, seats: tuple[int, int | None] | None = None) -> Markup:
    """A zone; on the board (``seats``: the viewer's seat and the seat to move) it carries its
    place on the stage and, when its owner is to move, ``data-turn``."""
    attrs: dict[str, Attr] = {"class": "cw-zone", "data-zone": zone["id"]}
    attrs.update({"data-layout": zone["layout"], "data-owner": zone["owner"]})
    if seats is not None:
        ctx = dataclasses.replace(ctx, zone=zone["id"])  # a board zone: its cards' notes
        owner = zone["owner"]
        turn = owner is not None and owner == seats[1]
        attrs.update({"data-place": _place(owner, seats[0]), "data-turn": "true" if turn else None})
    # A group, not a landmark: a board has many zones, and a summary repeats their names.
    attrs.update({"role": "group", "aria-label": zone["label"]})
    head = h(
        "div",
        {"class": "cw-zone-head"},
        h("span", {"class": "cw-zone-label"}, zone["label"]),
        h("span", {"class": "cw-zone-info"}, zone["info"]),
    )
    badges = zone.get("badges") or []
    row = h("div", {"class": "cw-badges"}, *(_badge(b) for b in badges)) if badges else None
    return h(
        "section", attrs, head, h("div", {"class": "cw-zone-body"}, _zone_cards(ctx, zone), row)
    )


def _option(option: Option, note: Markup | None = None) -> Markup:
    swatches = [
        h(
            "span",
            {"class": "cw-swatch", "data-group-color": group_color(i), "aria-hidden": "true"},
            str(i),
        )
        for i in range(1, (option["swatches"] or 0) + 1)
    ]
    attrs: dict[str, Attr] = {
        "class": "cw-option",
        "type": "button",
        "data-option": option["index"],
    }
    attrs.update({"data-nav": "option", "data-emphasis": "true" if option["emphasis"] else None})
    attrs.update({"aria-pressed": str(bool(option["selected"])).lower(), "disabled": ""})
    label = h("span", {"class": "cw-option-label"}, option["label"])
    return h("button", attrs, *swatches, label, note)


def _action(action: Action, extra: str = "", note: Markup | None = None) -> Markup:
    pressed = action["pressed"]
    attrs: dict[str, Attr] = {"class": f"cw-action {extra}" if extra else "cw-action"}
    attrs.update({"type": "button", "data-action": action["id"], "data-nav": "action"})
    attrs["data-primary"] = "true" if action["primary"] or extra else None
    attrs["aria-pressed"] = None if pressed is None else str(pressed).lower()
    attrs["data-disabled"] = None if action["enabled"] else "true"
    attrs["disabled"] = ""
    return h("button", attrs, action["label"], note)


def _history(history: History) -> Markup:
    attrs: dict[str, Attr] = {"class": "cw-history-range", "type": "range", "min": 0}
    attrs.update({"max": history["plies"], "step": 1, "value": history["ply"]})
    attrs.update({"data-history": "range", "disabled": ""})
    label = h(
        "label", {"class": "cw-history-label"}, h("span", {}, history["label"]), h("input", attrs)
    )
    return h("div", {"class": "cw-history"}, label)


def _group(cls: str, label: str, kids: list[Markup]) -> Markup | None:
    return h("div", {"class": cls, "role": "group", "aria-label": label}, *kids) if kids else None


def _controls(ctx: _Ctx, scene: Scene) -> Markup:
    summary = scene["summary"]
    skip = summary["action"] if summary else None
    actions = [
        _action(a, note=_value(ctx, f"action:{a['id']}"))
        for a in scene["actions"]
        if a["id"] != skip
    ]
    options = [_option(o, _value(ctx, f"option:{o['index']}")) for o in scene["options"]]
    hint = h("p", {"class": "cw-hint", "aria-live": "polite"}) if scene["previews"] else None
    history = scene["history"] and _history(scene["history"])
    return h(
        "div",
        {"class": "cw-controls"},
        hint,
        _group("cw-options", ctx.labels["options"], options),
        _group("cw-actions", ctx.labels["actions"], actions),
        history,
    )


def _tally(count: int) -> Markup:
    """One dot a tabla, in groups of five. Not strokes: a lone "|" beside the count read as a
    text cursor."""
    dots = [
        h("circle", {"cx": i // 5 * 51 + i % 5 * 9 + 4, "cy": 9, "r": "3.5"}) for i in range(count)
    ]
    width = (count - 1) // 5 * 51 + (count - 1) % 5 * 9 + 8  # to the last dot
    attrs: dict[str, Attr] = {"class": "cw-tally", "viewBox": f"0 0 {width} 18", "width": width}
    attrs.update({"height": 18, "aria-hidden": "true", "fill": "currentColor"})
    return h("svg", attrs, *dots)


def _score_cell(row: ScoreRow, cell: str) -> Markup:
    if row["kind"] != "marks" or not re.fullmatch(r"[0-9]+", cell):
        return h("td", {}, cell)
    count = int(cell)
    attrs: dict[str, Attr] = {"data-count": count, "aria-label": f"{row['label']} {count}"}
    return h("td", attrs, count > 0 and _tally(count), h("span", {"class": "cw-count"}, str(count)))


def _score(ctx: _Ctx, score: Score) -> Markup:
    caption = score["caption"] or ctx.labels["score"]
    columns = [h("th", {"scope": "col"}, c) for c in score["columns"]]
    head = h("tr", {}, h("td", {}), *columns)  # the corner heads nothing: not an empty <th>
    rows = [
        h(
            "tr",
            {"class": "cw-row", "data-kind": row["kind"] or None},
            h("th", {"scope": "row"}, row["label"]),
            *(_score_cell(row, cell) for cell in row["cells"]),
        )
        for row in score["rows"]
    ]
    parts = (h("caption", {}, caption), h("thead", {}, head), h("tbody", {}, *rows))
    return h("table", {"class": "cw-score"}, *parts)


def _legend_item(item: LegendItem) -> Markup:
    group = item["group"]
    swatch: dict[str, Attr] = {"class": "cw-legend-swatch", "data-highlight": item["role"]}
    swatch["data-group-color"] = None if group is None else group_color(group)
    swatch["aria-hidden"] = "true"
    return h(
        "li",
        {"class": "cw-legend-item", "data-role": item["role"]},
        h("span", swatch, None if group is None else str(group)),
        h("span", {"class": "cw-legend-text"}, item["text"]),
    )


def _legend(ctx: _Ctx, items: list[LegendItem]) -> Markup | None:
    """What the highlight roles mean, each swatch drawn in its role's style; nothing when empty."""
    if not items:
        return None
    label = ctx.labels["legend"]
    listing = h("ul", {"class": "cw-legend-list"}, *(_legend_item(i) for i in items))
    title = h("span", {"class": "cw-side-title"}, label)
    return h("section", {"class": "cw-legend", "aria-label": label}, title, listing)


def _log(ctx: _Ctx, log: list[str], *, reserved: bool) -> Markup | None:
    """The move log; without a script, cards.css shows its end (the newest entry) first.

    ``reserved`` (a game with a history): the box is drawn even before the first move, empty,
    so the first move's entry does not push the board around."""
    if not log and not reserved:
        return None
    label = ctx.labels["log"]
    items = h("ol", {"class": "cw-log"}, *(h("li", {}, line) for line in log))
    title = h("span", {"class": "cw-side-title"}, label)
    # A named, focusable region: keyboard users can scroll the log too.
    attrs: dict[str, Attr] = {"class": "cw-log-box", "role": "region", "aria-label": label}
    box = h("div", {**attrs, "tabindex": 0}, items)
    return h("section", {"class": "cw-log-panel"}, title, box)


def _summary(ctx: _Ctx, scene: Scene, summary: Summary) -> Markup:
    title = summary["title"] or ctx.labels["summary"]
    action = next((a for a in scene["actions"] if a["id"] == summary["action"]), None)
    zones = [_zone(ctx, z) for z in summary["zones"]]
    box = h("div", {"class": "cw-summary-zones"}, *zones) if zones else None
    return h(
        "section",
        {"class": "cw-summary", "aria-label": title},
        h("h3", {"class": "cw-summary-title"}, title),
        summary["text"] and h("p", {"class": "cw-summary-text"}, summary["text"]),
        summary["score"] and _score(ctx, summary["score"]),
        box,
        action and _action(action, "cw-continue"),
    )


def _code(ctx: _Ctx, code: str) -> Markup | None:
    """The seat's position code on one line, to copy (``State.from_code`` reads it)."""
    if not code:
        return None
    label = h("span", {"class": "cw-code-label"}, ctx.labels.get("code", ""))
    return h("p", {"class": "cw-code"}, label, " ", h("code", {"translate": "no"}, code))


def _analysis(panel: AnalysisPanel | None) -> Markup | None:
    """The analysis switch's panel (its value notes go on the cards, options and
    buttons they name, as in the live view: :func:`_value`)."""
    if not panel:
        return None
    title = h("span", {"class": "cw-side-title"}, panel["title"])
    text = h("p", {"class": "cw-analysis-text", "aria-live": "polite"}, panel["text"])
    return h("section", {"class": "cw-analysis", "aria-label": panel["title"]}, title, text)


def _main(ctx: _Ctx, scene: Scene) -> list[Markup]:
    banner = scene.get("banner")
    seats = (scene["seat"], banner["seat"] if banner else None)
    zones = [_zone(ctx, z, seats) for z in scene["zones"]]
    board = h("div", {"class": "cw-board"}, *zones, _controls(ctx, scene))
    score = scene["score"] and _score(ctx, scene["score"])
    side = h(
        "div",
        {"class": "cw-side"},
        _analysis(scene.get("analysis")),
        score,
        _legend(ctx, scene["legend"]),
        _log(ctx, scene["log"], reserved=scene["history"] is not None),
        _code(ctx, scene.get("code", "")),
    )
    summary = scene["summary"]
    return [_summary(ctx, scene, summary), board, side] if summary else [board, side]


def _root_attrs(scene: Scene) -> dict[str, Attr]:
    return {
        "class": "cw-root cw-static",
        "data-lm-suppress-shortcuts": "true",
        "role": "region",
        "data-game": scene["game"],
        "data-version": scene["version"],
        "data-theme": scene["theme"],
        "data-four-color": str(bool(scene["four_color"])).lower(),
        "data-size": scene["size"] or "normal",
        "data-paused": "true" if scene["summary"] else None,
        "lang": scene["locale"],
        "aria-label": scene["title"],
    }


def render(scene: Scene, *, css: bool = True) -> str:
    """Static HTML of ``scene``: inline SVG cards, no JavaScript, inert buttons.

    With ``css`` the page starts with the shared stylesheet in a ``<style>`` element; without it
    (or when a sanitiser strips it) the cards still read, as their sizes and colours are SVG
    attributes.
    """
    panel = scene.get("analysis")
    values = dict(panel["values"]) if panel else {}
    best = frozenset(panel["best"]) if panel else frozenset()
    labels: Labels = {**_NO_LABELS, **scene["labels"]}
    ctx = _Ctx(scene["size"], bool(scene["four_color"]), labels, values, best)
    message = scene["message"]
    kind = message["kind"] if message else None
    # A div, not <header>: inside the widget's region a header would be a misplaced banner.
    header = h(
        "div",
        {"class": "cw-header"},
        h("span", {"class": "cw-title"}, scene["title"]),
        h("span", {"class": "cw-status"}, scene["status"]),
    )
    banner = scene.get("banner")
    tone = banner["tone"] if banner else None
    body = [
        header,
        h("div", {"class": "cw-banner", "data-tone": tone}, banner and banner["text"]),
        h(
            "p",
            {"class": "cw-message", "aria-live": "assertive", "data-kind": kind},
            message and message["text"],
        ),
        h(
            "p",
            {"class": "cw-announce", "aria-live": "polite", "aria-atomic": "true"},
            scene["announce"],
        ),
        h("div", {"class": "cw-main"}, *_main(ctx, scene)),
    ]
    style = f"<style>{_scene.stylesheet()}</style>" if css else ""
    return style + h("div", _root_attrs(scene), *body)
