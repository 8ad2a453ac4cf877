"""What every game shares: moves, rules, outcomes, states with history, and JSON records.

A game module (``cardwidgets.games.tablic`` …) subclasses :class:`GameState`, :class:`Move` and
:class:`Rules`. States are values: :meth:`GameState.play` returns a new state whose ``parent`` is
the old one, so history and undo are free and nothing is copied per step.

A record is plain JSON that replays a game exactly::

    {"schema": 1, "game": "tablic", "rules": {...}, "start": {...}, "moves": ["8♦ x 3♠ 5♥", ...]}

``start`` is the game's own description of the initial position (a seed, or an explicit
position). Reading a record checks every field and replays every move through the rules, so a
tampered record fails with :class:`RecordError` naming the first bad field or move.
"""

from __future__ import annotations

import dataclasses
import json
import sys
from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeVar

from cardwidgets import i18n
from cardwidgets.i18n import TranslatedError

if TYPE_CHECKING:
    from _collections_abc import dict_items, dict_keys, dict_values

    from typing_extensions import Self  # typing.Self from Python 3.11; only for the checker

    from cardwidgets.cards import Rng

__all__ = [
    "SCHEMA_VERSION",
    "GameState",
    "IllegalMove",
    "Move",
    "Outcome",
    "PositionError",
    "RecordError",
    "RuleError",
    "Rules",
    "SeatError",
    "View",
    "ViewError",
    "check_rules",
    "check_seat",
    "not_a_move",
]

SCHEMA_VERSION = 1
"""Version of the record format written by :meth:`GameState.to_record`."""


class IllegalMove(TranslatedError):
    """A move the rules do not allow; the message says why, in the current locale.

    >>> from cardwidgets import IllegalMove
    >>> err = IllegalMove("move.game_over")
    >>> isinstance(err, ValueError), str(err)
    (True, 'the game is over: no more moves can be played')
    >>> err.text("de")
    'das Spiel ist vorbei: es sind keine Züge mehr möglich'
    """


class RecordError(TranslatedError):
    """A malformed or tampered record; the message names the first bad field or move."""


class PositionError(TranslatedError):
    """A position or set-up that cannot be a game of its kind; the message says why.

    Each game raises its own subclass (``tablic.PositionError`` …), so one ``except`` catches
    the bad positions of every game.
    """


class SeatError(TranslatedError):
    """A seat number other than 0 or 1."""


def check_seat(seat: object) -> int:
    """Return ``seat`` if it is 0 or 1, else raise :class:`SeatError` (a ``ValueError``).

    >>> check_seat(2)
    Traceback (most recent call last):
    ...
    cardwidgets.core.SeatError: seat must be 0 or 1, not 2
    """
    if isinstance(seat, bool) or not isinstance(seat, int) or seat not in (0, 1):
        raise SeatError("seat.bad", seat=i18n.shown(seat))
    return seat


def not_a_move(move: object) -> IllegalMove:
    """The refusal of an object that is neither a move of the game nor its text.

    >>> str(not_a_move(None))
    'None is not a move of this game'
    """
    return IllegalMove("move.not_text", move=i18n.shown(move))


class Move:
    """Base of every game's moves: ``str(move)`` is the canonical text, ``parse`` reads it.

    Subclasses are frozen dataclasses. :meth:`describe` gives a sentence for move logs.
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move from its text notation."""
        raise NotImplementedError

    def describe(self, locale: str | None = None) -> str:
        """The move in words for a log, in ``locale``; defaults to the notation."""
        return str(self)


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a finished game ended: ``winner`` is a seat, or None for a draw."""

    winner: int | None
    scores: tuple[int, int]

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {"winner": self.winner, "scores": list(self.scores)}


class View(dict[str, Any]):
    """What one seat may see of a position: typed attributes, and as a dict their JSON form.

    Each game's view is a frozen dataclass over this base: its fields hold cards (:class:`Card`),
    moves and numbers for Python code (bots, widgets), and the dict itself holds the same
    facts as JSON-safe text, made by :meth:`to_json` on the first read of the dict (a learning
    agent or a bot that reads only the fields never pays for the text), so ``json.dumps(view)``
    and the old ``view["hand"]`` keep working. Two views are equal when their JSON forms are.
    Never holds a card the seat may not see.
    """

    game: ClassVar[str] = ""

    def __post_init__(self) -> None:
        # One placeholder entry until the JSON form is made: ``json.dumps`` (in C) takes an
        # empty dict for ``{}`` without calling :meth:`items`, so the storage must not be empty.
        dict.__setitem__(self, _PENDING, None)

    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON values (card texts, lists, numbers)."""
        raise NotImplementedError

    def _json(self) -> View:
        """Self, with its JSON form made (once). The real entries go in before the
        placeholder goes out, so a reader never sees the dict half made."""
        if dict.__contains__(self, _PENDING):
            dict.update(self, self.to_json())
            dict.pop(self, _PENDING, None)
        return self

    # Every read of the dict goes through the JSON form (the C-level dict calls would see the
    # placeholder). ``dict(view)``, ``{**view}`` and ``|`` use keys() and [] since __iter__
    # is not dict's own.
    def __getitem__(self, key: str) -> Any:
        return dict.__getitem__(self._json(), key)

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self._json(), key)

    def __iter__(self) -> Iterator[str]:
        return dict.__iter__(self._json())

    def __reversed__(self) -> Iterator[str]:
        return dict.__reversed__(self._json())

    def __len__(self) -> int:
        return dict.__len__(self._json())

    def get(self, key: str, default: Any = None) -> Any:
        return dict.get(self._json(), key, default)

    def keys(self) -> dict_keys[str, Any]:
        return dict.keys(self._json())

    def values(self) -> dict_values[str, Any]:
        return dict.values(self._json())

    def items(self) -> dict_items[str, Any]:
        return dict.items(self._json())

    def copy(self) -> dict[str, Any]:
        """The JSON form as a plain (changeable) dict."""
        return dict(dict.items(self._json()))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, View):
            other._json()
        return dict.__eq__(self._json(), other)

    def __ne__(self, other: object) -> bool:
        equal = self.__eq__(other)
        return equal if equal is NotImplemented else not equal

    __hash__ = None  # a dict: not hashable

    def __repr__(self) -> str:
        return dict.__repr__(self._json())

    # A view is a value: its dict form must not drift from its fields.
    def _read_only(self, *args: object, **kwargs: object) -> Any:
        raise ViewError("view.read_only")

    __setitem__ = __delitem__ = __ior__ = _read_only
    clear = pop = popitem = setdefault = update = _read_only

    def __reduce__(self) -> tuple[Any, ...]:
        # dict's own pickling would refill the dict item by item, which a view refuses.
        fields = dataclasses.fields(self)  # type: ignore[arg-type]
        return (type(self), tuple(getattr(self, f.name) for f in fields))


_PENDING: Final[Any] = object()  # not a str: no JSON key can clash with it
"""The placeholder key of a :class:`View` whose JSON form is not made yet."""


class ViewError(TranslatedError):
    """An attempt to change a :class:`View`."""


R = TypeVar("R", bound="Rules")


@dataclasses.dataclass(frozen=True)
class Rules:
    """Base of each game's frozen rules dataclass: variant flags as data (DESIGN principle 7).

    Subclasses give every field a default (the seed rules), list the allowed values of
    text fields in ``choices`` and bound every whole-number field, in ``choices`` or in
    ``bounds``: an unbounded number (a target of 10**100) makes a match that never ends.
    """

    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {}
    bounds: ClassVar[Mapping[str, tuple[int, int]]] = {}
    """The least and the most value of each whole-number rule that has no ``choices``."""

    def __post_init__(self) -> None:
        for field in dataclasses.fields(self):
            value = getattr(self, field.name)
            default = field.default
            if default is not dataclasses.MISSING and default is not None:
                expected = type(default)
                ok = isinstance(value, expected) and not (
                    isinstance(value, bool) and expected is not bool
                )
                if expected is float and isinstance(value, int) and not isinstance(value, bool):
                    ok = True
                if not ok:
                    raise RuleError(
                        "rules.bad_type",
                        field=field.name,
                        expected=expected.__name__,
                        value=i18n.shown(value),
                    )
            limits = self.bounds.get(field.name)
            if limits is not None and not limits[0] <= value <= limits[1]:
                raise RuleError(
                    "rules.out_of_range",
                    field=field.name,
                    least=i18n.Number(limits[0]),
                    most=i18n.Number(limits[1]),
                    value=i18n.shown(value),
                )
            allowed = self.choices.get(field.name)
            if allowed is not None and value not in allowed:
                raise RuleError(
                    "rules.bad_choice",
                    field=field.name,
                    choices=", ".join(map(repr, allowed)),
                    value=i18n.shown(value),
                )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form of every rule."""
        return {f.name: _jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)}

    @classmethod
    def from_dict(cls: type[R], data: Mapping[str, Any]) -> R:
        """Rules from :meth:`to_dict` output; unknown names raise with the list of known ones."""
        names = [f.name for f in dataclasses.fields(cls)]
        for name in data:
            if name not in names:
                raise RuleError(
                    "rules.unknown_field",
                    rules=cls.__qualname__,
                    field=i18n.shown(name)[1:-1] if isinstance(name, str) else i18n.shown(name),
                    fields=", ".join(names),
                )
        values = {
            f.name: _from_json(data[f.name], f.default)
            for f in dataclasses.fields(cls)
            if f.name in data
        }
        return cls(**values)


class RuleError(TranslatedError):
    """A rule set with an unknown rule or a bad value."""


def check_rules(rules: object, cls: type[R], game: str) -> R:
    """``rules`` if it is a ``cls`` (the game's own Rules), ``cls()`` for None, else raise
    :class:`RuleError`: the flags of one game mean nothing to another.

    >>> check_rules(None, Rules, "toy")
    Rules()
    >>> check_rules("strict", Rules, "toy")
    Traceback (most recent call last):
    ...
    cardwidgets.core.RuleError: rules must be toy.Rules (the rules of this game), not 'strict'
    """
    if rules is None:
        return cls()
    if not isinstance(rules, cls):
        raise RuleError("rules.wrong_game", expected=f"{game}.Rules", found=i18n.shown(rules))
    return rules


def _jsonable(value: object) -> object:
    if isinstance(value, tuple):
        return [_jsonable(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    return value


def _from_json(value: object, default: object) -> object:
    if isinstance(default, tuple) and isinstance(value, list):
        return tuple(_from_json(v, None) for v in value)
    if isinstance(value, list):
        return tuple(_from_json(v, None) for v in value)
    return value


S = TypeVar("S", bound="GameState[Any]")
M = TypeVar("M", bound=Move)


class GameState(Generic[M]):
    """The game protocol: what every game's state offers. A state never changes once made.

    Bots, the lab and the widgets use a state only through these names, so they need no
    ``Any`` and no knowledge of one game. Subclasses set ``game`` (the package name),
    ``rules`` and ``parent``/``last_move``, implement the methods below that raise
    ``NotImplementedError``, and narrow their types (``view`` returns the game's own
    :class:`View`).
    """

    game: ClassVar[str] = ""
    rules: Rules
    parent: Self | None
    last_move: M | None
    _ply: int
    """How many moves led here (see :attr:`ply`), set by each game when it makes a state."""

    # -- the protocol --------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to play (0 or 1), or None when the game is over."""
        raise NotImplementedError

    @property
    def is_over(self) -> bool:
        """Whether the game is over."""
        return self.to_move is None

    @property
    def outcome(self) -> Outcome | None:
        """The winner and the scores once the game is over, else None."""
        raise NotImplementedError

    def legal_moves(self) -> list[M]:
        """Every legal move of the seat to play, in the game's fixed order."""
        raise NotImplementedError

    def legal_moves_count(self) -> int:
        """``len(self.legal_moves())``, often without building the moves."""
        return len(self.legal_moves())

    def random_move(self, rng: Rng) -> M:
        """One legal move drawn uniformly from :meth:`legal_moves` with ``rng``."""
        moves = self.legal_moves()
        return moves[rng.below(len(moves))]

    def play(self: S, move: M | str) -> S:
        """The state after ``move`` (a move or its text); raises :class:`IllegalMove`."""
        raise NotImplementedError

    def view(self, seat: int | None = None) -> Mapping[str, Any]:
        """What ``seat`` may see (None: what both may see); never a hidden card."""
        raise NotImplementedError

    def code(self, seat: int | None = None) -> str:
        """The position as one line of text: everything, or what ``seat`` sees; the game's
        ``State.from_code`` reads it back."""
        raise NotImplementedError

    def determinize(self: S, seat: int, rng: Rng) -> S:
        """A state that looks the same to ``seat``, its hidden cards dealt anew with ``rng``."""
        raise NotImplementedError

    def __repr__(self) -> str:
        """``<game.State ply N, who moves or how it ended, the game's own details>``."""
        seat, outcome = self.to_move, self.outcome
        if seat is not None:
            status = f"seat {seat} to move"
        elif outcome is not None and outcome.winner is not None:
            status = f"over: seat {outcome.winner} won"
        else:
            status = "over: a draw"
        return f"<{self.game}.State ply {self.ply}, {status}, {self._repr_details()}>"

    def _repr_details(self) -> str:
        return ""

    # -- history ---------------------------------------------------------------------------
    @property
    def history(self) -> tuple[M, ...]:
        """The moves from the initial position to this one, oldest first."""
        moves: list[M] = []
        state: GameState[M] | None = self
        while state is not None and state.last_move is not None:
            moves.append(state.last_move)
            state = state.parent
        moves.reverse()
        return tuple(moves)

    @property
    def root(self: S) -> S:
        """The initial position of this game."""
        return self.path()[0]

    @property
    def ply(self) -> int:
        """How many moves led here.

        Each game stores it when it makes a state (``parent.ply + 1``, 0 for a position set
        up or dealt anew), because bots read it every move: walking the parents made a game
        of n moves cost O(n²). A state class that does not store it still gets the count.
        """
        try:
            return self._ply
        except AttributeError:  # a state class of another game that does not store its ply
            return self._counted_ply()

    def _counted_ply(self) -> int:
        """The moves that led here, counted along the parents (the states since the last
        one made without a move)."""
        count = 0
        state: GameState[M] | None = self
        while state is not None and state.last_move is not None:
            count += 1
            state = state.parent
        return count

    def path(self: S) -> list[S]:
        """Every state from the root to this one (``path()[0]`` is the root)."""
        states = [self]
        parent = self.parent
        while parent is not None:
            states.append(parent)
            parent = parent.parent
        states.reverse()
        return states

    # -- pictures --------------------------------------------------------------------------
    def picture(
        self, seat: int | None = None, *, locale: str | None = None, size: str = "normal"
    ) -> Any:
        """A still picture of this position as ``seat`` sees it (``None``: every hand open),
        drawn by the game's widget; it shows itself in a notebook (imports the widgets)."""
        from cardwidgets.present import picture

        return picture(self, seat, locale=locale, size=size)

    def _repr_html_(self) -> str:
        # Only a notebook calls this: the engines themselves never import the widgets.
        return str(self.picture().html)

    # -- records ---------------------------------------------------------------------------
    def _start_record(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def _from_start(cls: type[S], start: Mapping[str, Any], rules: Rules) -> S:
        raise NotImplementedError

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        raise NotImplementedError

    def to_record(self) -> dict[str, Any]:
        """Plain JSON that :meth:`from_record` turns back into this exact state."""
        return {
            "schema": SCHEMA_VERSION,
            "game": self.game,
            "rules": self.rules.to_dict(),
            # A fresh copy: the caller may change the record without changing this state.
            "start": _fresh(self.root._start_record()),
            "moves": [str(move) for move in self.history],
        }

    def to_json(self) -> str:
        """:meth:`to_record` as a JSON string."""
        return json.dumps(self.to_record(), ensure_ascii=False)

    @classmethod
    def from_record(cls: type[S], record: Mapping[str, Any] | str) -> S:
        """Replay a record (a dict or its JSON text); raises :class:`RecordError` if malformed."""
        record = load_record(record)
        _require(record, "schema")
        schema = record["schema"]
        if isinstance(schema, bool) or schema != SCHEMA_VERSION:
            raise RecordError("record.schema", found=i18n.shown(schema), expected=SCHEMA_VERSION)
        _require(record, "game")
        if record["game"] != cls.game:
            raise RecordError("record.game", found=i18n.shown(record["game"]), expected=cls.game)
        for field in ("rules", "start", "moves"):
            _require(record, field)
        try:
            if not isinstance(record["rules"], Mapping):
                raise RecordError("record.not_object", kind=type(record["rules"]).__name__)
            rules = cls._rules_from_dict(record["rules"])
        except TranslatedError as err:
            raise RecordError("record.field", field="rules", reason=err) from err
        except _UNEXPECTED as err:  # a gap in the checks: still a reason, never a bare error
            raise RecordError("record.field", field="rules", reason=_unreadable()) from err
        try:
            if not isinstance(record["start"], Mapping):
                raise RecordError("record.not_object", kind=type(record["start"]).__name__)
            state = cls._from_start(record["start"], rules)
        except TranslatedError as err:
            raise RecordError("record.field", field="start", reason=err) from err
        except _UNEXPECTED as err:
            raise RecordError("record.field", field="start", reason=_unreadable()) from err
        moves = record["moves"]
        if not isinstance(moves, list):
            raise RecordError(
                "record.field",
                field="moves",
                reason=RecordError("record.not_list", kind=type(moves).__name__),
            )
        for number, text in enumerate(moves, 1):
            try:
                if not isinstance(text, str):
                    raise not_a_move(text)
                state = state.play(text)
            except TranslatedError as err:
                shown = text if isinstance(text, str) and len(text) <= 60 else i18n.shown(text)
                raise RecordError("record.move", number=number, move=shown, reason=err) from err
        return state


_UNEXPECTED = (TypeError, KeyError, ValueError, AttributeError, IndexError, RecursionError)
"""What a gap in a game's record checks could raise; turned into a reason, the cause chained."""


def _unreadable() -> RecordError:
    return RecordError("record.unreadable")


def _fresh(value: Any) -> Any:
    """A copy of JSON-like data that shares no dict or list with ``value`` (tuples become
    lists, as JSON has no tuples)."""
    if isinstance(value, Mapping):
        return {key: _fresh(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_fresh(item) for item in value]
    return value


def load_record(record: object) -> Mapping[str, Any]:
    """A record as a mapping: JSON text is read; anything but a dict is a :class:`RecordError`."""
    if isinstance(record, str):
        try:
            record = json.loads(record)
        except json.JSONDecodeError as err:
            # Python's own words ("Expecting value: ...") are English: the sentence says
            # only where the text breaks, in the reader's language.
            raise RecordError("record.bad_json", line=err.lineno, column=err.colno) from err
        except RecursionError as err:
            raise RecordError("record.too_deep") from err
        except ValueError as err:
            # Python refuses to read ints of more than 4,300 digits (a guard against
            # slow conversions); ``sys.set_int_max_str_digits`` is no advice for a record.
            digits = sys.get_int_max_str_digits() if hasattr(sys, "get_int_max_str_digits") else 0
            raise RecordError("record.big_number", digits=digits) from err
    if not isinstance(record, Mapping):
        raise RecordError("record.not_object", kind=type(record).__name__)
    return record


def _require(record: Mapping[str, Any], field: str) -> None:
    if field not in record:
        raise RecordError("record.missing", field=field)
