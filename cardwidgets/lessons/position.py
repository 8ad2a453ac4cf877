"""An exercise's position from its fields: a position code, or cards as ``from_position``
takes them, each value read from the text a teacher writes.

Pairs (one value per seat) are separated by ``|``; card lists by spaces (top card first, as
``from_position`` takes them); ``-`` is an empty list. The engine checks the position and its
``PositionError`` sentence becomes the lesson's error, on the line of the first position key.

>>> from cardwidgets.lessons.format import Field
>>> state = position("tablic", [Field("table", "A♣ 10♥", 2), Field("hands", "A♦ | 5♠", 3)], "")
>>> [str(m) for m in state.legal_moves()]
['A♦', 'A♦ x 10♥ A♣', 'A♦ x A♣']
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardwidgets import i18n
from cardwidgets.core import GameState
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.lessons.format import Field, LessonError, fail

__all__ = ["GAMES", "KEYS", "REQUIRED", "missing", "position"]

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}

Reader = Callable[[Field, str], object]


def _cards(field: Field, source: str) -> object:
    return "" if field.value == "-" else field.value


def _number(field: Field, source: str) -> object:
    try:
        return int(field.value)
    except ValueError:
        raise fail(
            source, field.line, "lessons.bad_number", key=field.key, found=i18n.shown(field.value)
        ) from None


def _sides(field: Field, source: str) -> list[str]:
    sides = [side.strip() for side in field.value.split("|")]
    if len(sides) != 2:
        raise fail(
            source, field.line, "lessons.bad_pair", key=field.key, found=i18n.shown(field.value)
        )
    return ["" if side == "-" else side for side in sides]


def _card_pair(field: Field, source: str) -> object:
    return _sides(field, source)


def _number_pair(field: Field, source: str) -> object:
    sides = _sides(field, source)
    return [_number(Field(field.key, side, field.line), source) for side in sides]


def _yes_no_pair(field: Field, source: str) -> object:
    answers = {"yes": True, "no": False, "true": True, "false": False}
    sides = [side.lower() for side in _sides(field, source)]
    if any(side not in answers for side in sides):
        raise fail(
            source, field.line, "lessons.bad_yes_no", key=field.key, found=i18n.shown(field.value)
        )
    return [answers[side] for side in sides]


def _values(text: str) -> list[object]:
    """Pazaak's main-deck values as numbers, side cards as their text."""
    return [int(part) if part.isdigit() else part for part in text.split()]


def _value_list(field: Field, source: str) -> object:
    return _values("" if field.value == "-" else field.value)


def _value_pair(field: Field, source: str) -> object:
    return [_values(side) for side in _sides(field, source)]


KEYS: dict[str, dict[str, Reader]] = {
    "tablic": {
        "table": _cards,
        "hands": _card_pair,
        "stock": _cards,
        "to_move": _number,
        "dealer": _number,
        "piles": _card_pair,
        "tablas": _number_pair,
        "totals": _number_pair,
        "deal_number": _number,
        "last_capturer": _number,
    },
    "panjpar": {
        "hands": _card_pair,
        "stock": _cards,
        "trump": _cards,
        "attacker": _number,
        "attack": _cards,
        "discard": _cards,
    },
    "pazaak": {
        "hands": _card_pair,
        "deck": _value_list,
        "tables": _value_pair,
        "to_move": _number,
        "standing": _yes_no_pair,
        "sets_won": _number_pair,
    },
}
"""The position keys of each game (the names of its ``State.from_position``) and how each
value is read."""

REQUIRED = {"tablic": ("table", "hands"), "panjpar": ("hands", "trump"), "pazaak": ("hands",)}
"""The position keys without which a position of each game is not described."""

SEEDED = {"tablic", "pazaak"}
"""The games whose ``from_position`` takes a seed (the cards nobody has placed)."""


def position(game: str, fields: Sequence[Field], source: str, seed: int = 0) -> GameState[Any]:
    """The state of the position ``fields`` describe: one ``code`` field, or card fields."""
    module = GAMES[game]
    code = [f for f in fields if f.key == "code"]
    where = fields[0].line if fields else 0
    try:
        if code:
            state: GameState[Any] = module.State.from_code(code[0].value, seed=seed)
        else:
            options = {f.key: KEYS[game][f.key](f, source) for f in fields}
            if game in SEEDED:
                options["seed"] = seed
            if game == "panjpar":
                options.setdefault("stock", "")
            if game == "pazaak":
                options.setdefault("deck", [])
            state = module.State.from_position(**options)
    except LessonError:
        raise
    except i18n.TranslatedError as err:
        raise fail(source, where, "lessons.bad_position", reason=err) from None
    return state


def missing(game: str, fields: Sequence[Field]) -> str | None:
    """The first position key ``game`` needs that ``fields`` lack (None: none lacks, or the
    position is a code)."""
    given = {f.key for f in fields}
    if "code" in given:
        return None
    return next((key for key in REQUIRED[game] if key not in given), None)
