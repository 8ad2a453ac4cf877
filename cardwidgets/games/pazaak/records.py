"""Records: the ``start`` of a Pazaak record (a seed with side decks, or an explicit position
with its shuffle key) written and read back; the moves are replayed by :mod:`cardwidgets.core`.

>>> state = new_game(seed=5).play("stand")
>>> from_record(state.to_json()).totals == state.totals
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Final

from cardwidgets import i18n
from cardwidgets.cards import check_seed
from cardwidgets.core import IllegalMove
from cardwidgets.games.pazaak.deck import Placed
from cardwidgets.games.pazaak.position import make_position, new_game
from cardwidgets.games.pazaak.rules import MASK64, Rules
from cardwidgets.games.pazaak.state import State

POSITION_FIELDS: Final = (
    "hands",
    "deck",
    "tables",
    "to_move",
    "standing",
    "sets_won",
    "set_number",
    "starter",
    "used",
    "played_this_turn",
)
"""The fields of a position in a record (see :func:`start_record`)."""


def from_record(record: Mapping[str, Any] | str) -> State:
    """Replay a record written by :meth:`State.to_record` (a dict or its JSON text)."""
    return State.from_record(record)


def start_record(state: State) -> dict[str, Any]:
    """The ``start`` of ``state``'s record: how :func:`new_game` made it, or its position."""
    if state._start is not None:
        start = dict(state._start)
        if "side_decks" in start:  # kept as cards, written as text only when asked
            start["side_decks"] = [[str(c) for c in deck] for deck in start["side_decks"]]
        return start
    return {
        "position": {
            "hands": [[str(c) for c in h] for h in state._hands],
            "deck": list(state._top),
            "tables": [[_placed_record(p) for p in tab] for tab in state._tab],
            "to_move": state._turn,
            "standing": list(state._std),
            "sets_won": list(state._sets),
            "set_number": state._setup[1],
            "starter": state._setup[0],
            "used": [[str(c) for c in used] for used in state._used],
            "played_this_turn": None if state._played is None else str(state._played),
        },
        "key": state._key,
        "draw": False,
    }


def from_start(start: Mapping[str, Any], rules: Rules) -> State:
    """The state a record's ``start`` describes, every field checked."""
    if "position" not in start:
        _known_fields(start, ("seed", "side_decks", "starter"))
        seed = check_seed(_field(start, "seed"))
        return new_game(
            seed, rules, side_decks=start.get("side_decks"), starter=start.get("starter")
        )
    _known_fields(start, ("position", "key", "draw"))
    pos = start["position"]
    if not isinstance(pos, Mapping):
        raise IllegalMove("record.not_object", kind=type(pos).__name__)
    _known_fields(pos, POSITION_FIELDS)
    key = _field(start, "key")
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key <= MASK64:
        reason = IllegalMove("pazaak.pos_key", key=i18n.shown(key))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    draw = start.get("draw", False)
    if not isinstance(draw, bool):
        reason = IllegalMove("pazaak.pos_not_bool", field="draw", value=i18n.shown(draw))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    return make_position(
        hands=_field(pos, "hands"),
        deck=_field(pos, "deck"),
        tables=_field(pos, "tables"),
        to_move=_field(pos, "to_move"),
        standing=_field(pos, "standing"),
        sets_won=_field(pos, "sets_won"),
        rules=rules,
        set_number=_field(pos, "set_number"),
        starter=_field(pos, "starter"),
        used=_field(pos, "used"),
        played_this_turn=pos.get("played_this_turn"),
        key=key,
        draw=draw,
    )


def _placed_record(p: Placed) -> object:
    src, value = p
    if isinstance(src, int):
        return src if src == value else [src, value]
    return [str(src), value]


def _field(fields: Mapping[str, Any], name: str) -> Any:
    """``fields[name]``, or a refusal naming the missing field."""
    if name not in fields:
        reason = IllegalMove("pazaak.pos_missing", field=name)
        raise IllegalMove("pazaak.bad_position", reason=reason)
    return fields[name]


def _known_fields(fields: Mapping[Any, Any], known: Sequence[str]) -> None:
    """Refuse a record field that is not one of ``known``, naming the known ones."""
    for key in fields:
        if key not in known:
            reason = IllegalMove(
                "pazaak.pos_unknown", field=i18n.shown(key), fields=", ".join(known)
            )
            raise IllegalMove("pazaak.bad_position", reason=reason)
