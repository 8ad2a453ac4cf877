"""The shared state base: history, records with schema version, clear errors for bad records.

A toy game (take one or two counters; who takes the last wins) exercises the machinery without
depending on any real engine.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from typing import Any, ClassVar

import pytest

from cardwidgets import i18n
from cardwidgets.core import (
    GameState,
    IllegalMove,
    Move,
    Outcome,
    RecordError,
    RuleError,
    Rules,
    View,
    ViewError,
    check_seat,
)

i18n.register(
    {
        "toy.bad_take": {
            "en": "you may take 1 or {most} counters, not {n}",
            "de": "du darfst 1 oder {most} Steine nehmen, nicht {n}",
        }
    }
)


@dataclasses.dataclass(frozen=True)
class ToyRules(Rules):
    most: int = 2
    name: str = "nim"
    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {"name": ("nim", "misere")}


@dataclasses.dataclass(frozen=True, slots=True)
class Take(Move):
    n: int

    def __str__(self) -> str:
        return f"take {self.n}"

    @classmethod
    def parse(cls, text: str) -> Take:
        word, _, number = text.partition(" ")
        if word != "take" or not number.isdigit():
            raise IllegalMove("move.not_text", move=repr(text))
        return cls(int(number))


class ToyState(GameState[Take]):
    game = "toy"

    def __init__(self, count: int, rules: ToyRules, parent: ToyState | None = None,
                 last_move: Take | None = None, to_move: int = 0) -> None:  # fmt: skip
        self.count, self.rules, self.parent, self.last_move = count, rules, parent, last_move
        self.to_move_seat = to_move

    def _start_record(self) -> dict[str, Any]:
        return {"count": self.count}

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], rules: Rules) -> ToyState:
        assert isinstance(rules, ToyRules)
        return cls(int(start["count"]), rules)

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return ToyRules.from_dict(data)

    def play(self, move: Take | str) -> ToyState:
        if self.count == 0:
            raise IllegalMove("move.game_over")
        take = Take.parse(move) if isinstance(move, str) else move
        assert isinstance(self.rules, ToyRules)
        if not 1 <= take.n <= min(self.rules.most, self.count):
            raise IllegalMove("toy.bad_take", most=self.rules.most, n=take.n)
        return ToyState(self.count - take.n, self.rules, self, take, 1 - self.to_move_seat)


def _played(*moves: str) -> ToyState:
    state = ToyState(5, ToyRules())
    for move in moves:
        state = state.play(move)
    return state


def test_states_are_values_with_history() -> None:
    start = ToyState(5, ToyRules())
    after = start.play("take 2").play("take 1")
    assert start.count == 5 and after.count == 2
    assert [str(m) for m in after.history] == ["take 2", "take 1"]
    assert after.ply == 2 and after.root is start
    assert [s.count for s in after.path()] == [5, 3, 2]


def test_record_round_trip_dict_and_json() -> None:
    state = _played("take 2", "take 1")
    record = state.to_record()
    assert record == {
        "schema": 1,
        "game": "toy",
        "rules": {"most": 2, "name": "nim"},
        "start": {"count": 5},
        "moves": ["take 2", "take 1"],
    }
    assert json.loads(json.dumps(record)) == record
    for source in (record, state.to_json()):
        again = ToyState.from_record(source)
        assert again.count == 2 and again.history == state.history


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda r: r.pop("schema"), "the record has no field 'schema'"),
        (lambda r: r.update(schema=9), "record schema 9 is not supported: this version reads schema 1"),
        (lambda r: r.update(game="chess"), "this is a record of 'chess', not of toy"),
        (lambda r: r.pop("moves"), "the record has no field 'moves'"),
        (lambda r: r.update(moves="take 1"), "record field 'moves' is invalid: a list was expected, not str"),
        (lambda r: r["rules"].update(most="2"), "record field 'rules' is invalid: rule 'most' must be of type int, not '2'"),
        (lambda r: r["rules"].update(speed=1), "record field 'rules' is invalid: ToyRules has no rule 'speed'; the rules are: most, name"),
        (lambda r: r["rules"].update(name="x"), "record field 'rules' is invalid: rule 'name' must be one of 'nim', 'misere', not 'x'"),
        (lambda r: r.update(start=[]), "record field 'start' is invalid: a record must be a JSON object (a dict), not list"),
        (lambda r: r["moves"].insert(1, "take 3"), "move 2 ('take 3') cannot be replayed: you may take 1 or 2 counters, not 3"),
        (lambda r: r["moves"].append(7), "move 3 ('7') cannot be replayed: 7 is not a move of this game"),
    ],
)  # fmt: skip
def test_tampered_records_name_the_first_bad_field_or_move(change: Any, message: str) -> None:
    record = _played("take 2", "take 1").to_record()
    change(record)
    with pytest.raises(RecordError) as info:
        ToyState.from_record(record)
    assert str(info.value) == message


def test_record_errors_in_german() -> None:
    record = _played("take 2").to_record()
    record["moves"] = ["take 5"]
    with pytest.raises(RecordError) as info:
        ToyState.from_record(record)
    assert info.value.text("de") == (
        "Zug 1 ('take 5') lässt sich nicht nachspielen: du darfst 1 oder 2 Steine nehmen, nicht 5"
    )


def test_bad_json_text_and_non_objects() -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        ToyState.from_record("{oops")
    with pytest.raises(RecordError, match="not list"):
        ToyState.from_record("[1, 2]")


def test_illegal_move_leaves_the_state_unchanged() -> None:
    state = _played("take 2")
    with pytest.raises(IllegalMove) as info:
        state.play("take 3")
    assert isinstance(info.value, ValueError)
    assert state.count == 3 and state.ply == 1


def test_rules_validate_types_and_choices() -> None:
    with pytest.raises(RuleError, match="rule 'most' must be of type int"):
        ToyRules(most=True)  # type: ignore[arg-type]
    with pytest.raises(RuleError, match="must be one of 'nim', 'misere'"):
        ToyRules(name="poker")
    assert ToyRules.from_dict(ToyRules(most=3).to_dict()) == ToyRules(most=3)


def test_seats_and_outcomes() -> None:
    assert check_seat(0) == 0 and check_seat(1) == 1
    for bad in (2, -1, True, "0", None):
        with pytest.raises(ValueError, match="seat must be 0 or 1"):
            check_seat(bad)
    assert Outcome(None, (3, 3)).to_dict() == {"winner": None, "scores": [3, 3]}


@dataclasses.dataclass(frozen=True, eq=False)
class ToyView(View):
    """A seat's view of the toy game: the counters left and the last move, typed."""

    count: int
    last: Take | None

    def to_json(self) -> dict[str, Any]:
        return {"count": self.count, "last": None if self.last is None else str(self.last)}


def test_a_view_is_typed_and_its_dict_is_the_json_form() -> None:
    view = ToyView(3, Take(2))
    assert view.last == Take(2) and view["last"] == "take 2"
    assert json.loads(json.dumps(view)) == {"count": 3, "last": "take 2"} == view
    assert {**view, "count": 4} == {"count": 4, "last": "take 2"}
    assert view == ToyView(3, Take(2)) and view != ToyView(3, None)


def test_a_view_cannot_change_and_says_why() -> None:
    view = ToyView(3, None)
    for change in (
        lambda: view.__setitem__("count", 9),
        lambda: view.update(count=9),
        lambda: view.pop("count"),
        lambda: view.clear(),
        lambda: view.setdefault("x", 1),
    ):
        with pytest.raises(ViewError, match="a view cannot be changed"):
            change()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.count = 9  # type: ignore[misc]
    assert view == {"count": 3, "last": None} and view.count == 3
    assert ViewError("view.read_only").text("de").startswith("eine Sicht lässt sich nicht ändern")


def test_a_view_copies_and_pickles_by_its_fields() -> None:
    import copy
    import pickle

    view = ToyView(1, Take(1))
    for again in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view), copy.copy(view)):
        assert type(again) is ToyView and again == view and again.last == Take(1)


@dataclasses.dataclass(frozen=True, eq=False)
class CountingView(ToyView):
    """A toy view that counts how often its JSON form is made."""

    made: list[int] = dataclasses.field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        self.made.append(1)
        return super().to_json()


def test_a_view_makes_its_json_form_only_when_the_dict_is_read_and_once() -> None:
    view = CountingView(3, Take(2))
    assert view.count == 3 and view.last == Take(2) and view.made == []  # fields: no JSON
    assert view["count"] == 3 and view["last"] == "take 2" and len(view.made) == 1
    view.get("count"), list(view), dict(view), json.dumps(view)
    assert len(view.made) == 1


EXPECTED_TOY = {"count": 3, "last": "take 2"}
FIRST_READS: dict[str, Any] = {
    "json.dumps": lambda v: json.loads(json.dumps(v)),
    "json.dumps indent": lambda v: json.loads(json.dumps(v, indent=1, sort_keys=True)),
    "dict()": dict,
    "**": lambda v: {**v},
    "v | {}": lambda v: v | {},
    "{} | v": lambda v: {} | v,
    "items": lambda v: dict(v.items()),
    "keys+values": lambda v: dict(zip(v.keys(), v.values(), strict=True)),
    "iter+[]": lambda v: {k: v[k] for k in v},
    "reversed": lambda v: {k: v[k] for k in reversed(v)},
    "get": lambda v: {k: v.get(k) for k in ("count", "last")},
    "copy": lambda v: v.copy(),
    "len+in": lambda v: EXPECTED_TOY if len(v) == 2 and "last" in v else None,
    "==": lambda v: EXPECTED_TOY if v == EXPECTED_TOY and EXPECTED_TOY == v else None,
    "!=": lambda v: EXPECTED_TOY if not v != EXPECTED_TOY else None,
    "view == view": lambda v: EXPECTED_TOY if v == ToyView(3, Take(2)) else None,
    "format_map": lambda v: json.loads('{{"count": {count}}}'.format_map(v)) | {"last": v["last"]},
}


@pytest.mark.parametrize("read", list(FIRST_READS))
def test_a_fresh_view_shows_its_whole_json_form_on_every_first_read(read: str) -> None:
    # The JSON form is made lazily: whatever reads the dict first must see all of it, never
    # the empty or placeholder storage of a view not yet read.
    assert FIRST_READS[read](ToyView(3, Take(2))) == EXPECTED_TOY
