"""The Pazaak position: :class:`State`, its public attributes, the moves it allows and the
views and samples it gives to players and bots. :meth:`State.play` takes its fast steps from
:mod:`.steps`; positions and records are read in :mod:`.position` and :mod:`.records`.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, ClassVar

from cardwidgets import core
from cardwidgets.cards import Rng, as_rng, check_seed, fresh_seed
from cardwidgets.core import IllegalMove, Outcome, check_seat
from cardwidgets.games.pazaak import steps
from cardwidgets.games.pazaak.deck import (
    Placed,
    SetResult,
    Tables,
    draw,
    main_count,
    unseen,
)
from cardwidgets.games.pazaak.hand_moves import MOVES_CACHE, TAIL, hand_moves
from cardwidgets.games.pazaak.moves import EndTurn, Move, PlayCard, Stand
from cardwidgets.games.pazaak.rules import FULL_DECK, MAX_CARDS, TARGET, Rules, check_rules
from cardwidgets.games.pazaak.sidecards import CODE, DOUBLE, SideCard, default_side_deck
from cardwidgets.games.pazaak.steps import next_turn, play_plain
from cardwidgets.games.pazaak.view import PazaakView
from cardwidgets.games.pazaak.words import seat_name, signed

_cached_moves = MOVES_CACHE.get
# (bound once: Python 3.11 compiles ``MOVES_CACHE.get(...)`` on an imported name without its
# method-call shortcut, which costs legal_moves a fifth of its time)


class State(core.GameState[Move]):
    """A Pazaak position. Make one with :func:`new_game` or :meth:`State.from_position`.

    Full-information attributes: ``tables`` (values), ``placed`` (source and value),
    ``totals``, ``standing``, ``sets_won``, ``hands``, ``deck``, ``set_number``, ``starter``,
    ``used`` (side cards each seat played this match), ``last_set`` (how the previous set
    ended: winner or None, reason, final table values).
    """

    __module__ = "cardwidgets.games.pazaak"
    game: ClassVar[str] = "pazaak"

    __slots__ = (
        "_hands",
        "_key",
        "_last",
        "_played",
        "_ply",
        "_rest",
        "_sets",
        "_setup",
        "_start",
        "_std",
        "_tab",
        "_top",
        "_tot",
        "_turn",
        "_used",
        "is_over",
        "last_move",
        "parent",
        "rules",
    )

    rules: Rules
    is_over: bool
    """Whether a player has won the match (``to_move is None``); a plain attribute, as the
    game loop asks it before every move."""
    _tab: Tables
    _tot: tuple[int, int]
    _hands: tuple[tuple[SideCard, ...], tuple[SideCard, ...]]
    _std: tuple[bool, bool]
    _sets: tuple[int, int]
    _turn: int | None
    _played: SideCard | None
    _top: tuple[int, ...]
    _rest: bytes  # the unseen cards, sorted; bytes slice and join faster than a tuple
    _key: int
    _setup: tuple[int, int]  # (starter of this set, set number)
    _used: tuple[tuple[SideCard, ...], tuple[SideCard, ...]]
    _last: tuple[int | None, str, Tables] | None
    # (winner, reason, placed cards): the values of last_set are read off only when asked
    _start: dict[str, Any] | None

    def __init__(self) -> None:
        raise TypeError("use pazaak.new_game(...) or pazaak.State.from_position(...)")

    # -- public attributes ------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the match is over."""
        return self._turn

    @property
    def outcome(self) -> Outcome | None:
        """The winner of the match and the set score, or None while it runs."""
        if self._turn is not None:
            return None
        sets = self._sets
        return Outcome(0 if sets[0] > sets[1] else 1, sets)

    @property
    def tables(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's placed cards this set, as their current values, in order."""
        t0, t1 = self._tab
        return tuple(v for _, v in t0), tuple(v for _, v in t1)

    @property
    def placed(self) -> tuple[tuple[Placed, ...], tuple[Placed, ...]]:
        """Each seat's placed cards: (main-deck int or SideCard, current value)."""
        return self._tab

    @property
    def totals(self) -> tuple[int, int]:
        """Each seat's total this set."""
        return self._tot

    @property
    def standing(self) -> tuple[bool, bool]:
        """Whether each seat stands in this set."""
        return self._std

    @property
    def sets_won(self) -> tuple[int, int]:
        """Sets won by each seat in this match."""
        return self._sets

    @property
    def hands(self) -> tuple[tuple[SideCard, ...], tuple[SideCard, ...]]:
        """Each seat's unplayed hand cards (full information)."""
        return self._hands

    @property
    def used(self) -> tuple[tuple[SideCard, ...], tuple[SideCard, ...]]:
        """The hand cards each seat has played in this match, in order (public)."""
        return self._used

    @property
    def set_number(self) -> int:
        """The current set, counting from 1 (tied sets count)."""
        return self._setup[1]

    @property
    def starter(self) -> int:
        """The seat that took the first turn of this set (Z-D3)."""
        return self._setup[0]

    @property
    def played_this_turn(self) -> SideCard | None:
        """The hand card the player to move has played this turn, if any (Z-S8)."""
        return self._played

    @property
    def last_set(self) -> SetResult | None:
        """How the previous set ended: (winner or None for a tie, reason, final values).

        The reason is ``"bust"``, ``"fill"`` (nine cards, ``fill_table_wins``), ``"higher"``,
        ``"tiebreaker"`` or ``"tie"``.
        """
        last = self._last
        if last is None:
            return None
        winner, reason, (t0, t1) = last
        return winner, reason, (tuple(v for _, v in t0), tuple(v for _, v in t1))

    @property
    def deck(self) -> tuple[int, ...]:
        """The main-deck cards still to come, in the order they will be drawn (full info).

        For ``finite40`` this is every undrawn card of the set's 40; for
        ``uniform_with_replacement`` the draws this set can still use (at most 18 in all).
        """
        if self.rules.main_deck == "finite40":
            count = len(self._top) + len(self._rest)
        else:
            count = max(0, 2 * MAX_CARDS - main_count(self._tab))
        top, rest, key = self._top, self._rest, self._key
        cards = []
        finite = self.rules.main_deck == "finite40"
        for _ in range(count):
            card, top, rest, key = draw(top, rest, key, finite)
            cards.append(card)
        return tuple(cards)

    @property
    def deck_size(self) -> int | None:
        """Undrawn main-deck cards (public), or None for draws with replacement."""
        if self.rules.main_deck != "finite40":
            return None
        return len(FULL_DECK) - main_count(self._tab)

    def _repr_details(self) -> str:
        seats = []
        for seat in (0, 1):
            cards = ",".join(_placed_text(p) for p in self._tab[seat])
            stand = " stands" if self._std[seat] else ""
            seats.append(f"seat {seat} {self._tot[seat]} [{cards}]{stand}")
        sets = f"{self._sets[0]}:{self._sets[1]}"
        return f"set {self._setup[1]} (sets {sets}), {', '.join(seats)}"

    # -- moves -------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: hand cards (by card, then sign), then ``end`` and ``stand``."""
        seat = self._turn
        if seat is None:
            return []
        if self._played is not None:
            return list(TAIL)
        hand = self._hands[seat]
        moves = _cached_moves(hand)
        if moves is None:
            moves = hand_moves(hand)
        return list(moves)

    def legal_moves_count(self) -> int:
        """``len(self.legal_moves())``, cheaper."""
        return len(self.legal_moves())

    def random_move(self, rng: Rng | random.Random) -> Move:
        """A move chosen uniformly among :meth:`legal_moves` (each with the same probability).

        Exactly ``legal_moves()[rng.below(len(legal_moves()))]`` (same rng draw, same move),
        which is also the choice :func:`playout` makes, but without copying the list: the
        moves of a hand are cached as a tuple. Raises :class:`IllegalMove` once the match is
        over.

        >>> state = State.from_position(hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8], seed=1)
        >>> str(state.random_move(Rng(7))) == str(state.legal_moves()[Rng(7).below(7)])
        True
        >>> state.random_move(Rng(7)) == state.random_move(Rng(7))
        True

        ``rng`` may also be a standard-library ``random.Random`` (its ``randrange`` draws the
        index, see :func:`cardwidgets.cards.as_rng`); any other object raises
        :class:`cardwidgets.cards.RngError`.

        >>> import random
        >>> moves = state.legal_moves()
        >>> state.random_move(random.Random(1)) == moves[random.Random(1).randrange(len(moves))]
        True
        """
        if rng.__class__ is not Rng:  # the benchmarked path pays one class test only
            rng = as_rng(rng)
        seat = self._turn
        if seat is None:
            raise IllegalMove("move.game_over")
        if self._played is not None:
            return TAIL[rng.below(2)]  # a hand card is down: only end or stand
        hand = self._hands[seat]
        moves = _cached_moves(hand)
        if moves is None:
            moves = hand_moves(hand)
        return moves[rng.below(len(moves))]

    def play(self, move: Move | str, *, seat: int | None = None) -> State:
        """The state after ``move`` by the player to move (or by ``seat``, checked).

        Raises :class:`IllegalMove` saying why a move is not allowed; ``seat`` lets a widget
        ask on behalf of a player and get the reason (standing, nine cards, not his turn).
        """
        turn = self._turn
        if turn is None:
            raise IllegalMove("move.game_over")
        if move.__class__ is str:
            move = Move.parse(move)
        if seat is not None and seat != turn:
            raise self._not_turn_error(check_seat(seat))
        # exact-class tests: the fastest dispatch, and mypy narrows the move by them
        if move.__class__ is EndTurn or move.__class__ is Stand:
            std = self._std
            # by class, not identity: a Stand() made anew is the same move as STAND (Z-S11)
            if move.__class__ is Stand:
                std = (True, std[1]) if turn == 0 else (std[0], True)
            if self._tot[turn] <= TARGET and not (std[0] and std[1]):
                return next_turn(self, move, std, turn if std[1 - turn] else 1 - turn)
            new = steps.copy(self, move)
            new._std = std
            steps.end_turn(new, turn)
        elif move.__class__ is PlayCard:
            card = move.card
            value = card.options.get(move.sign)
            hand = self._hands[turn]
            if value is not None and not card.is_gold and self._played is None and card in hand:
                return play_plain(self, move, card, value, hand, turn)
            new = steps.copy(self, move)
            steps.play_card(self, new, turn, move)
        else:
            raise core.not_a_move(move)
        return new

    def _not_turn_error(self, seat: int) -> IllegalMove:
        name = seat_name(seat)
        if self._std[seat]:
            tab = self._tab[seat]
            if len(tab) >= MAX_CARDS:
                return IllegalMove("pazaak.nine_cards", player=name)
            if self._tot[seat] == TARGET:
                return IllegalMove("pazaak.auto_stood", player=name)
            return IllegalMove("pazaak.stood", player=name)
        return IllegalMove("pazaak.not_your_turn", to_move=seat_name(self._turn or 0), player=name)

    # -- views -------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> PazaakView:
        """What ``seat`` may see: both tables and totals, its own hand, the opponent's hand
        size, who stands, the set score and the deck size; never the deck order or the
        opponent's hand. ``seat=None`` is the public table view. Typed fields, and as a dict
        the JSON form (:class:`PazaakView`).

        >>> state = State.from_position(hands=["+3 -4", "-1 ±6"], deck=[8], seed=1)
        >>> view = state.view(0)
        >>> view.hand, view["hand"], view.totals, view["hand_sizes"]
        ((SideCard('+3'), SideCard('-4')), ['+3', '-4'], (8, 0), [2, 2])
        """
        if seat is not None:
            check_seat(seat)
        mine = seat is not None and seat == self._turn
        return PazaakView(
            seat=seat,
            to_move=self._turn,
            set_number=self._setup[1],
            starter=self._setup[0],
            sets_won=self._sets,
            totals=self._tot,
            standing=self._std,
            placed=self._tab,
            hand=None if seat is None else self._hands[seat],
            hand_sizes=(len(self._hands[0]), len(self._hands[1])),
            used=self._used,
            played_this_turn=self._played,
            deck_size=self.deck_size,
            last_set=self.last_set,
            legal_moves=tuple(self.legal_moves()) if mine else (),
            is_over=self.is_over,
            outcome=self.outcome,
        )

    # -- search ------------------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> State:
        """A fresh root consistent with what ``seat`` knows, hidden cards resampled by ``rng``.

        Side decks are private, so the opponent's unplayed hand cards are drawn (keeping their
        number) from :func:`default_side_deck` minus the cards he has already played this match;
        the main-deck order is reshuffled from the cards not on the tables.
        """
        check_seat(seat)
        other = 1 - seat
        pool = list(default_side_deck(self.rules))
        for card in self._used[other]:
            if card in pool:
                pool.remove(card)
        need = len(self._hands[other])
        guess = rng.shuffle(pool)[:need]
        while len(guess) < need:  # he played more cards than the default deck explains
            guess.append(rng.choice(default_side_deck(self.rules)))
        hands = list(self._hands)
        hands[other] = tuple(sorted(guess, key=CODE))
        rest = bytes(unseen(self._tab)) if self.rules.main_deck == "finite40" else b""
        new = steps.copy(self, None)
        new.parent, new._played = None, self._played  # a hand card played this turn stays played
        new._hands = (hands[0], hands[1])
        new._top, new._rest, new._key = (), rest, rng.next64()
        new._start = None
        return new

    # -- position codes --------------------------------------------------------------------
    def code(self, seat: int | None = None) -> str:
        """The position as one line of text (like chess's FEN): everything, or with ``seat``
        only what that seat sees. See :mod:`cardwidgets.games.pazaak.codes` for the fields."""
        from cardwidgets.games.pazaak import codes  # codes make states: imported late

        return codes.position_code(self, seat)

    @classmethod
    def from_code(
        cls, text: str, seed: int | str | None = None, *, rules: Rules | None = None
    ) -> State:
        """The position of a code from :meth:`code`; a seat's code gets the cards that seat
        cannot see dealt from ``seed`` (fresh if None), which also fixes the cards below the
        deck and the later sets. The rules are not in the code: give them if they are not
        the seed rules."""
        from cardwidgets.games.pazaak import codes

        return codes.from_code(cls, text, seed, rules)

    # -- records -----------------------------------------------------------------------------
    def _start_record(self) -> dict[str, Any]:
        from cardwidgets.games.pazaak import records  # records make states: imported late

        return records.start_record(self)

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], rules: core.Rules) -> State:
        from cardwidgets.games.pazaak import records

        assert isinstance(rules, Rules)
        return records.from_start(start, rules)

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(data)

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[SideCard | str] | str],
        deck: Iterable[int | str] | str,
        tables: Sequence[Iterable[object]] = ((), ()),
        to_move: int = 0,
        standing: Sequence[bool] = (False, False),
        sets_won: Sequence[int] = (0, 0),
        rules: Rules | None = None,
        **more: Any,
    ) -> State:
        """Set up any position (lessons, tests).

        ``hands``: each seat's hand cards (SideCards or text, or one string like
        ``"+3 -2 ±4"``). ``deck``: the main-deck cards on top, in draw order; under them lie
        the other unseen cards in the order ``seed`` gives. ``tables``: each seat's placed
        cards *before* the turn of ``to_move``: a main-deck value (``7``), a fixed side card
        (``"+3"``) or a pair (``("±4", -4)``). Creating the state performs ``to_move``'s
        automatic draw, so it waits for his decision (or, if the draw ends his turn, goes on).

        More keywords: ``seed`` (int or str, for the cards below ``deck`` and later sets;
        default a fresh one, kept in the record), ``set_number`` (default the one after the
        sets won: ties count as sets too, so it may be more, Z-S16), ``starter`` (who began
        this set; default ``to_move``), ``used`` (hand cards already played this match;
        default the hand cards on the tables),
        ``draw`` (False: ``to_move`` has already drawn this turn), ``played_this_turn``.
        """
        from cardwidgets.games.pazaak import position  # positions make states: imported late

        allowed = {"seed", "set_number", "starter", "used", "draw", "played_this_turn"}
        for name in more:
            if name not in allowed:
                raise TypeError(f"from_position() got an unexpected keyword argument {name!r}")
        seed = more.get("seed")
        seed = fresh_seed() if seed is None else check_seed(seed)
        return position.make_position(
            hands,
            deck,
            tables,
            to_move,
            standing,
            sets_won,
            check_rules(rules),
            set_number=more.get("set_number"),
            starter=more.get("starter", to_move),
            used=more.get("used"),
            played_this_turn=more.get("played_this_turn"),
            key=Rng(seed).next64(),
            draw=more.get("draw", True),
        )


def _placed_text(p: Placed) -> str:
    """A placed card in a ``repr``: ``7``, ``4→-4`` (flipped), ``+3``, ``±4(-4)``."""
    src, value = p
    if isinstance(src, int):
        return str(value) if value == src else f"{src}→{value}"
    if src.needs_sign or src is DOUBLE or src.options.get(None) != value:
        return f"{src}({signed(value)})"
    return str(src)


# State says it lives in the package (``__module__``), where doctest finds its class examples;
# it looks for the methods' examples only in this module, so list them here.
__test__ = {"State.random_move": State.random_move, "State.view": State.view}
