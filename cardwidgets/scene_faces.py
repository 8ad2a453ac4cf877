"""Card faces as inline SVG for the static renderer (:mod:`cardwidgets.scene_html`).

This is ``js/faces.ts`` written in Python: the same elements with the same attributes on a
60×84 view box (the fixture skeleton tests compare the two renderers attribute by attribute), so
change both together. Sizes and colours are SVG attributes, so a card still reads when a
sanitiser strips the stylesheet.
"""

from __future__ import annotations

import html
import re
from collections.abc import Mapping

from cardwidgets.scene import CardView

__all__ = ["FACE_SIZE", "SUIT_LETTERS", "SUIT_PATHS", "Markup", "face", "h", "ink_of", "lattice"]

Attr = str | int | None


class Markup(str):
    """Text that is already HTML (what :func:`h` returns); plain ``str`` kids are escaped."""

    __slots__ = ()


def h(
    tag: str, attrs: Mapping[str, Attr] | None = None, *kids: Markup | str | bool | None
) -> Markup:
    """One element as HTML text: ``None`` attributes are left out, text kids escaped."""
    parts = [f"<{tag}"]
    for name, value in (attrs or {}).items():
        if value is not None:
            parts.append(f' {name}="{html.escape(str(value), quote=True)}"')
    if tag == "input":
        return Markup("".join(parts) + ">")
    inner = "".join(
        kid if isinstance(kid, Markup) else html.escape(kid, quote=False)
        for kid in kids
        if isinstance(kid, str)
    )
    return Markup(f"{''.join(parts)}>{inner}</{tag}>")


def num(value: float) -> str:
    """A number as ``js/dom.ts`` writes it: at most two decimals, no trailing zeros."""
    text = f"{value:.2f}"
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def group_color(group: int) -> int:
    """The colour slot (1..6) of a group number; colours cycle, numbers do not."""
    return (group - 1) % 6 + 1


SUIT_PATHS: dict[str, str] = {
    "S": "M50 6C70 30 94 44 94 62C94 76 83 84 72 84C63 84 56 80 53 74C54 84 58 90 66 96H34"
    "C42 90 46 84 47 74C44 80 37 84 28 84C17 84 6 76 6 62C6 44 30 30 50 6Z",
    "H": "M50 90C20 66 6 50 6 31C6 17 17 7 30 7C40 7 47 13 50 21C53 13 60 7 70 7"
    "C83 7 94 17 94 31C94 50 80 66 50 90Z",
    "D": "M50 4L86 50L50 96L14 50Z",
    "C": "M32 28a18 18 0 1 0 36 0a18 18 0 1 0-36 0ZM10 60a18 18 0 1 0 36 0a18 18 0 1 0-36 0Z"
    "M54 60a18 18 0 1 0 36 0a18 18 0 1 0-36 0ZM46 56C46 76 42 88 33 96H67C58 88 54 76 54 56Z",
}
"""Suit shapes on a 100×100 view box (the same strings as ``js/suits.ts``)."""
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}

FACE_SIZE = {"normal": (45, 63), "large": (72, 101)}
"""SVG width/height in pixels by scene size; the stylesheet overrides them with em sizes."""

_FONT = "sans-serif"
_SERIF = "serif"
_INK = {"black": "#16181a", "red": "#c8102e", "blue": "#1250c4", "green": "#137a2e"}
_SIDE = {
    "plus": ("#2158b8", "#0d3a80", "#ffffff"),
    "minus": ("#c0282d", "#7f1010", "#ffffff"),
    "both": ("#2158b8", "#3a2a6a", "#ffffff"),
    "gold": ("#e8b923", "#7a5a00", "#2b2000"),
}
_MARKERS = {
    "plus": ["48,4 55,16 41,16"],
    "minus": ["41,5 55,5 48,17"],
    "both": ["48,3 53,10 43,10", "43,12 53,12 48,19"],
    "gold": [
        "48,4 49.76,8.57 54.66,8.84 50.85,11.93 52.11,16.66 48,14 43.89,16.66 45.15,11.93 "
        "41.34,8.84 46.24,8.57"
    ],
}
_LOWER_HALF = "M0.75 42H59.25V78.25A5 5 0 0 1 54.25 83.25H5.75A5 5 0 0 1 0.75 78.25Z"
_COURT_RX = {"K": 1, "Q": 9, "J": 3}
_ORNAMENTS = {
    "K": "M20 31V21L25 26L30 17L35 26L40 21V31Z",
    "Q": "M21 31V25Q30 17 39 25V31ZM28 19a2 2 0 1 0 4 0a2 2 0 1 0-4 0Z",
    "J": "M21 31C23 22 31 17 40 16C36 22 30 28 21 31Z",
}


def lattice(x0: int, y0: int, x1: int, y1: int, step: int) -> str:
    """Diagonal lines filling a rectangle: the pattern on the back of a card."""
    parts = []
    c = x0 - y1 + step
    while c < x1 - y0:
        xs, xe = max(x0, y0 + c), min(x1, y1 + c)
        parts.append(f"M{xs} {xs - c}L{xe} {xe - c}")
        c += step
    c = x0 + y0 + step
    while c < x1 + y1:
        xs, xe = max(x0, c - y1), min(x1, c - y0)
        parts.append(f"M{xs} {c - xs}L{xe} {c - xe}")
        c += step
    return "".join(parts)


_LATTICE = lattice(5, 5, 55, 79, 8)


def _text(
    value: str, x: int, y: int, size: int, width: int, extra: Mapping[str, Attr] | None = None
) -> Markup:
    """Bold centred text, squeezed into ``width`` units when wider (about 0.62 em a glyph)."""
    fit: dict[str, Attr] = {}
    if len(value) * size * 62 > width * 100:
        fit = {"textLength": width, "lengthAdjust": "spacingAndGlyphs"}
    attrs: dict[str, Attr] = {"x": x, "y": y, "font-size": size, "font-weight": "700"}
    attrs.update({"text-anchor": "middle", "font-family": _FONT, **fit, **(extra or {})})
    return h("text", attrs, value)


def _pip(path: str, x: int, y: int, size: int) -> Markup:
    return h("path", {"d": path, "transform": f"translate({x} {y}) scale({num(size / 100)})"})


def _paper(fill: str, stroke: str, extra: Mapping[str, Attr] | None = None) -> Markup:
    box: dict[str, Attr] = {"x": "0.75", "y": "0.75", "width": "58.5", "height": "82.5", "rx": 5}
    return h(
        "rect", {**box, "fill": fill, "stroke": stroke, "stroke-width": "1.5", **(extra or {})}
    )


def ink_of(card: CardView, four_color: bool) -> str:
    """The colour of a French card's ink; the four-colour option gives ♦ blue and ♣ green."""
    if four_color and card["suit"] == "♦":
        return _INK["blue"]
    if four_color and card["suit"] == "♣":
        return _INK["green"]
    return _INK["red"] if card["tone"] == "red" else _INK["black"]


def _court(rank: str, path: str, ink: str) -> list[Markup]:
    frame: dict[str, Attr] = {"x": 15, "y": 12, "width": 30, "height": 60}
    frame.update({"rx": _COURT_RX.get(rank, 3), "class": "cw-court", "fill-opacity": "0.1"})
    frame.update({"stroke": ink, "stroke-width": "1.5"})
    frame["stroke-dasharray"] = "5 2" if rank == "J" else None
    parts = [h("rect", frame)]
    if rank == "K":
        inner: dict[str, Attr] = {"x": "17.5", "y": "14.5", "width": 25, "height": 55, "rx": 1}
        parts.append(h("rect", {**inner, "fill": "none", "stroke": ink}))
    if rank in _ORNAMENTS:
        parts.append(h("path", {"class": "cw-ornament", "d": _ORNAMENTS[rank]}))
    parts += [_text(rank, 30, 54, 24, 26, {"font-family": _SERIF}), _pip(path, 25, 58, 10)]
    return parts


def _centre(rank: str, path: str, ink: str) -> list[Markup]:
    if re.fullmatch(r"[0-9]+", rank):
        return [_pip(path, 17, 29, 26)]
    if rank == "A":
        ring: dict[str, Attr] = {"cx": 30, "cy": 42, "r": 18, "fill": "none", "stroke": ink}
        return [h("circle", ring), _pip(path, 16, 28, 28)]
    return _court(rank, path, ink)


def _french(card: CardView, four_color: bool) -> list[Markup]:
    ink = ink_of(card, four_color)
    path = SUIT_PATHS.get(SUIT_LETTERS.get(card["suit"], ""), "")
    index = h("g", {"class": "cw-index"}, _text(card["text"], 9, 17, 16, 17), _pip(path, 4, 21, 10))
    turned = h("g", {"transform": "rotate(180 30 42)"}, index)
    ink_group = h(
        "g", {"class": "cw-ink", "fill": ink}, index, turned, *_centre(card["text"], path, ink)
    )
    return [_paper("#ffffff", "#8c939a", {"class": "cw-paper"}), ink_group]


def _number(card: CardView) -> list[Markup]:
    corner = _text(card["text"], 11, 16, 11, 18)
    frame: dict[str, Attr] = {"x": 5, "y": 5, "width": 50, "height": 74, "rx": 3}
    frame.update({"fill": "none", "stroke": "#3d7a3d"})
    turned = h("g", {"transform": "rotate(180 30 42)"}, corner)
    big = _text(card["text"], 30, 53, 30, 40)
    return [
        _paper("#e6f1de", "#3d7a3d", {"class": "cw-paper"}),
        h("rect", frame),
        h("g", {"class": "cw-ink", "fill": "#1d3b1d"}, corner, turned, big),
    ]


def _side(card: CardView) -> list[Markup]:
    tone = card["tone"] if card["tone"] in _SIDE else "gold"
    fill, stroke, ink = _SIDE[tone]
    length = len(card["text"])
    size = 28 if length <= 2 else 22 if length == 3 else 18
    parts = [_paper(fill, "none")]
    if tone == "both":
        parts.append(h("path", {"d": _LOWER_HALF, "fill": _SIDE["minus"][0]}))
    # A minus card is told by its sign and its ▼ marker, its border solid like the others': a
    # dashed outline is the legend's "makes exactly 20 or brings you back" (playable).
    border: dict[str, Attr] = {"stroke-width": 3 if tone == "gold" else "1.5"}
    parts.append(_paper("none", stroke, border))
    if tone == "both":
        inner: dict[str, Attr] = {
            "x": 4,
            "y": 4,
            "width": 52,
            "height": 76,
            "rx": 3,
            "fill": "none",
            "stroke": ink,
        }
        parts.append(h("rect", inner))
    marks = [h("polygon", {"points": points}) for points in _MARKERS[tone]]
    small, big = _text(card["text"], 13, 16, 11, 20), _text(card["text"], 30, 55, size, 48)
    parts.append(h("g", {"class": "cw-ink", "fill": ink}, small, *marks, big))
    return parts


def _back() -> list[Markup]:
    line = "#d5e1f7"
    inner: dict[str, Attr] = {"x": 5, "y": 5, "width": 50, "height": 74, "rx": 3}
    inner.update({"fill": "#3b64ad", "stroke": line})
    emblem: dict[str, Attr] = {
        "cx": 30,
        "cy": 42,
        "r": 8,
        "fill": "#2c4f8f",
        "stroke": line,
        "stroke-width": "1.5",
    }
    return [
        _paper("#2c4f8f", "#1b3566"),
        h("rect", inner),
        h("path", {"d": _LATTICE, "fill": "none", "stroke": line, "stroke-opacity": "0.5"}),
        h("circle", emblem),
    ]


def _parts(card: CardView, four_color: bool) -> list[Markup]:
    if card["kind"] == "french":
        return _french(card, four_color)
    if card["kind"] == "side":
        return _side(card)
    if card["kind"] == "back":
        return _back()
    return _number(card)  # "number", and any kind this renderer does not know yet


def face(card: CardView, size: str, four_color: bool, name: str | None = None) -> Markup:
    """The SVG face of one card: a picture named ``name``, or hidden when ``name`` is None
    (the card element around it carries the name)."""
    width, height = FACE_SIZE.get(size, FACE_SIZE["normal"])
    attrs: dict[str, Attr] = {"class": "cw-face", "viewBox": "0 0 60 84", "width": width}
    attrs["height"] = height
    if name is None:
        attrs["aria-hidden"] = "true"
    else:
        attrs.update({"role": "img", "aria-label": name})
    attrs["focusable"] = "false"
    return h("svg", attrs, *_parts(card, four_color))
