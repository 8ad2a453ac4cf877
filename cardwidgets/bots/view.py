"""What a bot sees: a seat's sealed view of a position, :class:`SeatView`.

A bot (a built-in player or a student's ``choose(view) -> move``) decides from a
:class:`SeatView`, never from the game's state: the view holds what the seat may see (its own
cards, the public cards and counts, the public history, the rules) and a *stand-in position*: a
full position that looks exactly the same to the seat, whose hidden cards (the opponent's
unseen cards, the stock order) were dealt by :meth:`~cardwidgets.core.GameState.determinize`
with a fixed seed. The stand-in is a function of what the seat knows only, so two positions
that differ only in cards the seat cannot see give byte-equal views (:meth:`SeatView.to_json`),
and no reference to the real state is kept: ``view.__dict__``, ``gc`` or pickling reach no
hidden card. :meth:`SeatView.legal_moves` and :meth:`SeatView.determinize` come from the
stand-in, and they are exactly the real position's (``determinize`` deals from the cards the
seat has not seen, so the real state and its stand-in give the same deal for the same ``rng``).

The view lives in ``bots`` (above the engines, below the lab): it is built on the engines'
``state.view(seat)`` and ``state.determinize(seat, rng)``, and the players, the hints and the
lab's sealed workers all take it.

>>> from cardwidgets import cards
>>> from cardwidgets.games import tablic
>>> state = tablic.State.from_position(
...     table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠ 4♥", "9♥ 4♣ 7♦"), to_move=0)
>>> view = SeatView.of(state)
>>> view.seat, [str(card) for card in view.hand], view.seen["table"]
(0, ['4♥', '8♦', 'K♠'], ['3♠', '5♥', '2♦', '6♣'])
>>> [str(move) for move in view.legal_moves()] == [str(move) for move in state.legal_moves()]
True
>>> SeatView.from_json(view.to_json()) == view
True
>>> sample = view.determinize(cards.Rng(1))
>>> sample.view(0) == state.view(0), sample.hands[0] == state.hands[0]
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Any, Generic, TypeVar

from cardwidgets import cards, games, i18n
from cardwidgets.core import GameState, IllegalMove, Move, Rules
from cardwidgets.i18n import TranslatedError

__all__ = ["SeatView", "SeatViewError", "seat_view"]

M = TypeVar("M", bound=Move)
"""The game's move class."""

STAND_IN_SEED = "seat-view"
"""The seed the stand-in position's hidden cards are dealt with: fixed, so it tells nothing."""

# How each game writes its stand-in position as JSON: the form that gives back the same
# position, the same legal moves and the same determinizations. A Tablić record loses the
# place of the public bottom card once it is dealt into a hand; Panjpar's position code loses
# which of the opponent's cards the seat saw (picked up). Each is checked by
# tests/test_bots_view.py over seeded games.
_FORMS: Mapping[str, str] = {"tablic": "code", "panjpar": "record", "pazaak": "record"}

_FIELDS = ("game", "seat", "ply", "rules", "seen", "history", "position")


class SeatViewError(TranslatedError):
    """A serialised view that cannot be read back (a ``ValueError``)."""

    __module__ = "cardwidgets.bots"


class SeatView(Generic[M]):
    """What one seat may see of a position, and a stand-in position for search.

    Attributes: ``game`` (the game's name), ``seat`` (whose view), ``ply`` (moves played),
    ``to_move``, ``rules``, ``seen`` (the game's view of the seat as JSON: its hand, the
    public table, counts, the last move …; read only), ``history`` (the public moves from the
    start, oldest first), ``hand`` (the seat's own cards as the game's objects).
    Methods: :meth:`legal_moves`, :meth:`play` (the stand-in position after a move, for
    look-ahead), :meth:`determinize` / :meth:`sample` (a full position consistent with what
    the seat knows, hidden cards dealt with ``rng``), :meth:`to_json` / :meth:`from_json`.
    """

    __module__ = "cardwidgets.bots"
    __slots__ = ("_history", "_history_texts", "_json", "_seen", "_stand_in", "game", "ply", "seat")

    game: str
    seat: int
    ply: int
    _stand_in: GameState[M]
    _seen: Mapping[str, Any]
    _history: tuple[M, ...] | None
    _history_texts: tuple[str, ...] | None
    _json: str | None

    def __init__(self) -> None:
        raise TypeError("make a view with SeatView.of(state) or SeatView.from_json(data)")

    # -- making one ------------------------------------------------------------------------
    @classmethod
    def of(cls, state: GameState[M], seat: int | None = None) -> SeatView[M]:
        """The view of ``seat`` (default: the seat to move) at ``state``.

        >>> from cardwidgets.games import pazaak
        >>> SeatView.of(pazaak.new_game(seed=1)).ply
        0
        """
        to_move = state.to_move
        if to_move is None:
            raise IllegalMove("move.game_over")
        seat = int(to_move) if seat is None else int(seat)
        stand_in = state.determinize(seat, cards.Rng(STAND_IN_SEED))
        ply = state.ply
        _set_ply(stand_in, ply)
        view: SeatView[M] = object.__new__(cls)
        view.game = str(getattr(state, "game", ""))
        view.seat = seat
        view.ply = ply
        view._stand_in = stand_in
        # The typed view holds only what the seat sees (cards, moves, numbers); its JSON form
        # is made when first read, so a built-in player that never reads it never pays.
        # A game of the protocol's bare minimum (a toy game in a lesson) may have no view or
        # history: its view is then empty.
        view._seen = state.view(seat) if hasattr(state, "view") else MappingProxyType({})
        view._history = tuple(getattr(state, "history", ()))
        view._history_texts = None
        view._json = None
        return view

    @classmethod
    def from_json(cls, data: Mapping[str, Any] | str) -> SeatView[Any]:
        """The view that :meth:`to_json` wrote (a dict or its JSON text).

        >>> SeatView.from_json({"game": "chess"})
        Traceback (most recent call last):
        ...
        cardwidgets.bots.SeatViewError: this is not a seat's view: the field 'seat' is missing
        """
        if isinstance(data, str):
            try:
                data = json.loads(data)
            except ValueError as err:
                raise _bad("bots.view_not_json") from err
        if not isinstance(data, Mapping):
            raise _bad("bots.view_not_object", kind=type(data).__name__)
        for name in _FIELDS:
            if name not in data:
                raise _bad("bots.view_missing", field=name)
        game, seat, ply = data["game"], data["seat"], data["ply"]
        if not isinstance(game, str) or game not in _FORMS:
            raise _bad(
                "bots.view_field",
                field="game",
                value=i18n.shown(game),
            )
        for name, value in (("seat", seat), ("ply", ply)):
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise _bad("bots.view_field", field=name, value=i18n.shown(value))
        if seat not in (0, 1):
            raise _bad("bots.view_field", field="seat", value=i18n.shown(seat))
        seen, history = data["seen"], data["history"]
        if not isinstance(seen, Mapping):
            raise _bad("bots.view_field", field="seen", value=i18n.shown(seen))
        if not isinstance(history, list) or not all(isinstance(t, str) for t in history):
            raise _bad("bots.view_field", field="history", value=i18n.shown(history))
        module = games.get(game)
        try:
            stand_in = _read_position(module, game, data["rules"], data["position"])
        except TranslatedError as err:
            raise SeatViewError("bots.view_unreadable", reason=err) from err
        except (TypeError, KeyError, ValueError, AttributeError, IndexError) as err:
            raise _bad("bots.view_field", field="position", value="…") from err
        _set_ply(stand_in, ply)
        view: SeatView[Any] = object.__new__(cls)
        view.game, view.seat, view.ply = game, seat, ply
        view._stand_in = stand_in
        view._seen = MappingProxyType(json.loads(json.dumps(seen)))
        view._history = None
        view._history_texts = tuple(history)
        view._json = None
        return view

    # -- what the seat sees ----------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to play (0 or 1), or None when the game is over."""
        return self._stand_in.to_move

    @property
    def rules(self) -> Rules:
        """The rules of the game (public)."""
        return self._stand_in.rules

    @property
    def seen(self) -> Mapping[str, Any]:
        """The game's view of this seat as JSON (read only): ``state.view(seat)``, the same
        plain mapping whether the view was made here or read back from JSON in a worker."""
        seen = self._seen
        return seen if isinstance(seen, MappingProxyType) else MappingProxyType(seen)

    @property
    def hand(self) -> tuple[Any, ...]:
        """The seat's own cards (Tablić and Panjpar: cards; Pazaak: side cards)."""
        hands: Sequence[Sequence[Any]] = getattr(self._stand_in, "hands", ((), ()))
        return tuple(hands[self.seat])

    @property
    def history(self) -> tuple[M, ...]:
        """The public moves from the start of the game, oldest first."""
        if self._history is None:
            parse = games.get(self.game).Move.parse
            self._history = tuple(parse(text) for text in self._history_texts or ())
        return self._history

    def legal_moves(self) -> list[M]:
        """Every legal move of the seat to move, in the order of ``state.legal_moves()``."""
        moves: list[M] = self._stand_in.legal_moves()
        return moves

    def play(self, move: M | str) -> GameState[M]:
        """The stand-in position after ``move`` (its hidden cards are invented: for look-ahead
        only); raises :class:`~cardwidgets.IllegalMove` for a move that is not legal."""
        return self._stand_in.play(move)

    def determinize(self, rng: cards.Rng) -> GameState[M]:
        """A full position consistent with what the seat knows, the hidden cards dealt anew
        with ``rng``: exactly ``state.determinize(seat, rng)`` of the real position."""
        return self._stand_in.determinize(self.seat, rng)

    sample = determinize

    def position(self) -> GameState[M]:
        """The stand-in position itself (hidden cards dealt with :data:`STAND_IN_SEED`): what
        the built-in players search from. It carries this view's ply."""
        return self._stand_in

    # -- as JSON ---------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The view as plain JSON values: what a sealed worker receives.

        >>> from cardwidgets.games import panjpar
        >>> sorted(SeatView.of(panjpar.new_game(seed=2)).to_json())
        ['game', 'history', 'ply', 'position', 'rules', 'seat', 'seen']
        """
        if self._json is None:
            if self.game not in _FORMS:
                raise SeatViewError(
                    "games.unknown", name=i18n.shown(self.game), games=", ".join(_FORMS)
                )
            stand_in = self._stand_in
            if _FORMS[self.game] == "code":
                position: dict[str, Any] = {
                    "code": stand_in.code(),
                    "seed": getattr(stand_in, "seed", 0),
                }
            else:
                record = stand_in.to_record()
                position = {"start": record["start"], "moves": record["moves"]}
            if self._history_texts is None:
                self._history_texts = tuple(str(move) for move in self._history or ())
            self._json = json.dumps(
                {
                    "game": self.game,
                    "seat": self.seat,
                    "ply": self.ply,
                    "rules": stand_in.rules.to_dict(),
                    "seen": dict(self._seen),
                    "history": list(self._history_texts),
                    "position": position,
                },
                ensure_ascii=False,
                sort_keys=True,
            )
        data: dict[str, Any] = json.loads(self._json)
        return data

    def to_text(self) -> str:
        """:meth:`to_json` as one JSON text (sorted keys): equal views give equal texts."""
        self.to_json()
        assert self._json is not None
        return self._json

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled as its JSON text: the only way a view travels, so nothing else can ride along.
        return (SeatView.from_json, (self.to_text(),))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, SeatView) and self.to_text() == other.to_text()

    __hash__ = None  # type: ignore[assignment]  # a value that compares by content, not hashable

    def __repr__(self) -> str:
        return f"<{self.game} view of seat {self.seat}, ply {self.ply}>"


def seat_view(given: SeatView[M] | GameState[M]) -> SeatView[M]:
    """``given`` itself if it is a view, else the view of the seat to move at that state."""
    if isinstance(given, SeatView):
        return given
    return SeatView.of(given)


# -- helpers ----------------------------------------------------------------------------------


def _set_ply(state: GameState[Any], ply: int) -> None:
    # A determinization is a fresh root (ply 0); the stand-in keeps the real position's ply,
    # which is public and which the players' seeds and the search horizons read.
    if state.ply != ply:
        state._ply = ply


def _read_position(module: Any, game: str, rules: object, position: object) -> GameState[Any]:
    if not isinstance(rules, Mapping) or not isinstance(position, Mapping):
        raise TypeError("rules and position are objects")
    state_class = module.State
    if _FORMS[game] == "code":
        return state_class.from_code(  # type: ignore[no-any-return]
            position["code"], seed=position["seed"], rules=module.Rules.from_dict(rules)
        )
    record = {
        "schema": 1,
        "game": game,
        "rules": dict(rules),
        "start": position["start"],
        "moves": position["moves"],
    }
    return state_class.from_record(record)  # type: ignore[no-any-return]


def _bad(key: str, **params: object) -> SeatViewError:
    """The error for an unreadable view, its reason a sentence of its own."""
    return SeatViewError("bots.view_unreadable", reason=SeatViewError(key, **params))
