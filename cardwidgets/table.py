"""The table: one game's flow, without Jupyter: the line of play, the seats, the replies, the
pauses and the events a front end animates.

A :class:`Table` holds a line of states from the first position (the game so far) and a cursor
into it (the position shown: :meth:`Table.goto` moves it, a move played from an earlier
position starts a new line and keeps the old one in :attr:`Table.branches`), the two seats
(each a learner or a computer player), and the plies whose pause was continued past. A learner
plays with :meth:`Table.play`: the move, then the computer's replies, each a step of its own,
until the learner is to move again, the game is over or it pauses. A pause is the end of a deal
(Tablić), a set (Pazaak) or the game (Panjpar): the moment a summary is shown, decided by
:func:`pause_after` from the engine's own facts. :meth:`Table.resume` goes on after it.
Two computer players are watched a move at a time with :meth:`Table.step`.

>>> from cardwidgets import Table
>>> t = Table("tablic", seed=1, opponent="greedy")
>>> [str(e) for e in t.play("A♣ x 4♥ 7♦")]
['seat 0 plays A♣ x 4♥ 7♦', 'seat 1 plays J♥ x J♠']
>>> t.undo()
(Event('undone', ply=0),)
>>> t
Table('tablic', seed=1, move 0 of 0, seat 0 to move: the learner)
>>> t.play("2♥ x 2♦")
(Event('move', ply=1, seat=0, move='2♥ x 2♦'), Event('move', ply=2, seat=1, move='J♥ x J♠'))
>>> len(t.branches), t.state.ply
(1, 2)
>>> t.play("K♠ x 7♦")
Traceback (most recent call last):
...
cardwidgets.core.IllegalMove: K♠ cannot capture 7♦: these cards do not split into groups ...
>>> t.state.ply
2

Everything that happened is an :class:`Event` ("a move landed", "a deal ended", "a summary is
due", "the game ended", and the navigation: undone, shown, resumed, a new game), returned by
the call that made it, kept in :attr:`Table.events` until read, and passed to every callback
of :meth:`Table.listen`; :meth:`Table.on_change` calls back once per change with its events.
``print(t)`` gives the board as text from the learner's seat (hidden
cards hidden), and a notebook shows ``t`` as a still picture.

How the widget sits on it: a game widget makes one ``Table`` (``w.table``; its default
opponent ``None`` is ``"greedy"``) and keeps only what is its own: the synced traits, the
display options, the learner's selection and the intent table. Its ``play``/``commit`` call
:meth:`Table.play`, ``step`` :meth:`Table.step`, ``next`` :meth:`Table.resume`, ``undo``
:meth:`Table.undo`, ``goto`` and the history buttons :meth:`Table.goto`, ``new``
:meth:`Table.new`, setting its ``state`` :meth:`Table.reset`; ``paused`` is
:attr:`Table.paused`, ``is_my_turn`` :meth:`Table.learner_to_move`, ``line``, ``cursor`` and
``branches`` are the Table's, and setting the widget's ``seat`` or ``opponent`` sets the
Table's (:attr:`Table.seat`, :attr:`Table.opponent`: the computer changes sides or comes in and
moves if it is to move). The clock of watching (``watch``/``pause`` at a ``pace``) stays the
widget's: each tick is one :meth:`Table.step`. The moves among the events of one call are what
the live line says and what the scene plays out, and the ``on_move`` hooks are called for
them. A game that deals its own way passes ``deal`` (Panjpar's trump guess, Pazaak's side
decks); :attr:`Table.replying` holds the computer back while the game waits on something else.
The widget follows its table through :meth:`Table.on_change`, so a change made on ``w.table``
from a cell shows in the widget as the same call through the widget would.

A move played from an earlier position forgets the continued pauses after it: a pause reached
on the new line is shown again (the widget, before it sat on the table, kept them and skipped
such a pause).
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, TypeGuard

from cardwidgets import cards, i18n
from cardwidgets.core import GameState, IllegalMove, check_seat
from cardwidgets.i18n import TranslatedError

__all__ = [
    "Event",
    "EventKind",
    "PauseKind",
    "Player",
    "Table",
    "TableError",
    "pause_after",
    "player_name",
    "read_seed",
    "turn_point",
    "undo_point",
]


_MAX_REPLIES = 10_000
"""Moves in one run of replies at most: a player that never hands the turn back is stopped."""


class TableError(TranslatedError):
    """What a table refuses (a move out of turn, nothing to undo, a bad option); the table is
    unchanged. A ``ValueError``, its reason in the current language."""


class Player(Protocol):
    """A computer player: anything with ``choose(state) -> move`` (every player of
    :mod:`cardwidgets.bots`)."""

    def choose(self, state: Any) -> Any:
        """The move to play in ``state``."""
        ...


EventKind = Literal[
    "move", "deal_ended", "set_ended", "summary", "game_over", "resumed", "undone", "shown", "new"
]
"""What an :class:`Event` tells: a move landed; a deal or set ended; a summary is due (the
game pauses); the game ended; the game went on after a pause; moves were taken back; another
position of the line is shown; a new game began."""

PauseKind = Literal["deal", "set", "game"]
"""The end a summary is shown for: of a deal (Tablić), a set (Pazaak) or the game (Panjpar)."""


@dataclasses.dataclass(frozen=True)
class Event:
    """One thing that happened at a table, for a front end to show or animate.

    ``ply`` is the ply of the position it leaves shown (for a move: the position after it);
    ``seat`` the seat that moved and ``move`` the move played (a ``"move"``; else None);
    ``state`` the position it leaves shown (full information: for Python, never for a page as
    it is).
    """

    kind: EventKind
    ply: int
    seat: int | None = None
    move: Any = None
    state: Any = dataclasses.field(default=None, repr=False, compare=False)

    def __str__(self) -> str:
        if self.kind == "move":
            return f"seat {self.seat} plays {self.move}"
        return f"{self.kind} at move {self.ply}"

    def __repr__(self) -> str:
        more = "" if self.seat is None else f", seat={self.seat}"
        more += "" if self.move is None else f", move={str(self.move)!r}"
        return f"Event({self.kind!r}, ply={self.ply}{more})"


def pause_after(state: GameState[Any]) -> PauseKind | None:
    """The end the move that led to ``state`` brought, where the game pauses on a summary:
    ``"deal"`` (Tablić: a deal was scored, T-S18), ``"set"`` (Pazaak: a set was decided, or the
    match), ``"game"`` (Panjpar: the game ended), else None; None for a first position.

    Decided from the engine's facts (the deal results, the set number, the end of the game),
    the same moments the widget's summaries show.

    >>> from cardwidgets import panjpar, tablic
    >>> pause_after(tablic.new_game(seed=1)), pause_after(tablic.new_game(seed=1).play("2♥"))
    (None, None)
    >>> state = panjpar.new_game(seed=2)
    >>> while not state.is_over:
    ...     state = state.play(state.legal_moves()[0])
    >>> pause_after(state), pause_after(state.parent)
    ('game', None)
    """
    parent = state.parent
    if parent is None or state.last_move is None:
        return None
    if state.game == "tablic":
        return "deal" if len(state.deal_results) != len(parent.deal_results) else None  # type: ignore[attr-defined]
    if state.game == "pazaak":
        ended = state.set_number != parent.set_number  # type: ignore[attr-defined]
        return "set" if ended or (state.is_over and not parent.is_over) else None
    return "game" if state.is_over and not parent.is_over else None


def undo_point(line: Sequence[GameState[Any]], seat: int | None) -> int | None:
    """The index in ``line`` that undo goes back to: the last position where ``seat`` was to
    move (its move and every reply after it are taken back), or for ``seat=None`` (two
    learners, or two computer players) the position before the last move; None when there is
    nothing to undo.

    >>> from cardwidgets import tablic
    >>> line = tablic.new_game(seed=1).play("A♣ x 4♥ 7♦").play("J♥ x J♠").path()
    >>> undo_point(line, 0), undo_point(line, 1), undo_point(line, None), undo_point(line[:1], 0)
    (0, 1, 1, None)
    """
    last = len(line) - 1
    if seat is None:
        return last - 1 if last > 0 else None
    for index in range(last - 1, -1, -1):
        if line[index].to_move == seat:
            return index
    return None


def turn_point(line: Sequence[GameState[Any]], index: int, seat: int, step: int) -> int:
    """The index in ``line`` one whole turn of ``seat`` from ``line[index]``: back
    (``step=-1``) the last position before it where ``seat`` was to move, forward (``step=1``)
    the next one; the first or the latest position when there is none.

    >>> from cardwidgets import tablic
    >>> line = tablic.new_game(seed=1).play("A♣ x 4♥ 7♦").play("J♥ x J♠").path()
    >>> turn_point(line, 2, 0, -1), turn_point(line, 0, 0, 1), turn_point(line, 0, 1, 1)
    (0, 2, 1)
    >>> turn_point(line, 0, 0, -1), turn_point(line, 2, 0, 1)
    (0, 2)
    """
    last = len(line) - 1
    index += step
    while 0 < index < last and line[index].to_move != seat:
        index += step
    return max(0, min(index, last))


# Letters (any script), digits and a few joiners: what a teacher types, and what a table's own
# follow-on seeds look like ("7/2"); no control characters, nothing long.
_SEED_WORD = re.compile(r"[\w][\w .:/+-]{0,63}")
_DIGITS = re.compile(r"[0-9]{1,19}")
_MAX_SEED = 2**63  # fresh_seed() draws 63 bits


def read_seed(value: object) -> int | str:
    """The seed ``value`` names as a person types it: a whole number 0 ≤ n < 2**63 (also as
    text: ``" 7 "`` is 7, so a page's seed field and ``new(seed=7)`` deal the same game), or a
    short word (``"lesson 1"``, ``"7/2"``); anything else raises :class:`TableError`.

    >>> read_seed(" 7 "), read_seed(7), read_seed("lesson 1")
    (7, 7, 'lesson 1')
    >>> read_seed("-3")
    Traceback (most recent call last):
    ...
    cardwidgets.table.TableError: a seed is a whole number (0 or more) or a short word of ...
    """
    if isinstance(value, int) and not isinstance(value, bool):
        if 0 <= value < _MAX_SEED:
            return value
    elif isinstance(value, str):
        text = value.strip()
        if _DIGITS.fullmatch(text) and int(text) < _MAX_SEED:
            return int(text)
        if _SEED_WORD.fullmatch(text) and not text.lstrip("+-").isdigit():
            return text
    raise TableError("table.bad_seed", seed=i18n.shown(value))


def _has_choose(found: object) -> TypeGuard[Player]:
    return callable(getattr(found, "choose", None))


def _opponent(opponent: object, seed: int | str) -> Player | None:
    """The computer player ``opponent`` names (seeded from the game's seed), None for a
    learner (``None`` or ``"human"``), or the object itself if it can choose."""
    if opponent is None or opponent == "human":
        return None
    if _has_choose(opponent):
        return opponent
    from cardwidgets import bots  # only a table with a named player needs them

    if isinstance(opponent, str) and opponent in bots.PLAYERS:
        made: Player = bots.make(opponent, seed=seed)
        return made
    names = ", ".join(bots.PLAYERS)
    # ``name``: the unknown name as given, for a front end that words the refusal its own way.
    name = opponent if isinstance(opponent, str) else None
    raise TableError("table.bad_opponent", names=names, found=i18n.shown(opponent), name=name)


def player_name(player: Player) -> str:
    """A computer player's name as shown: a bot's own (``"expert"``), else its class's.

    >>> from cardwidgets import bots
    >>> from cardwidgets.bots.random_opponent import RandomOpponent
    >>> player_name(bots.make("expert", seed=1)), player_name(RandomOpponent(1))
    ('expert', 'RandomOpponent')
    """
    name = getattr(player, "name", None)
    return name if isinstance(name, str) and name else type(player).__name__


class Table:
    """One game's flow: the line of play and its cursor, the seats, the replies, the pauses,
    the events. Jupyter-free; the same class for every game.

    ``game`` is the game's name (``"tablic"``, ``"panjpar"``, ``"pazaak"``). The first position
    is dealt from ``seed`` (fresh if None) under ``rules``, or set up from a position ``code``
    (the cards it does not show dealt from ``seed``), or is ``state`` itself (its line from its
    first position is the line of play). ``seat`` is the learner's seat (and whose eyes the
    text board shows). ``opponent`` plays the other seat: a player's name (``"random"``,
    ``"greedy"``, ``"expert"``, seeded from the game's seed) or any object with
    ``choose(state)``; None or ``"human"``: a learner plays both seats. ``players`` instead
    seats two computer players to watch (names or objects; a name is seeded from the game's
    seed and its seat). ``locale`` (``"en"``, ``"de"``; None: the current default) is the
    language of the text board. ``deal`` (``deal(seed, rules)``) deals a new game where a
    front end deals its own way (Panjpar's trump guess, Pazaak's side decks); ``replying``
    is :attr:`replying` from the start.

    >>> t = Table("pazaak", seed=3, players=("greedy", "random"))
    >>> t.step()
    (Event('move', ply=1, seat=1, move='play -1'),)
    >>> t.play("stand")
    Traceback (most recent call last):
    ...
    cardwidgets.table.TableError: two computer players play here: step() makes the next move
    """

    def __init__(
        self,
        game: str,
        *,
        seed: int | str | None = None,
        rules: Any = None,
        code: str | None = None,
        state: GameState[Any] | None = None,
        seat: int = 0,
        opponent: object = None,
        players: Sequence[object] | None = None,
        locale: str | None = None,
        deal: Callable[[int | str, Any], GameState[Any]] | None = None,
        replying: bool = True,
    ) -> None:
        from cardwidgets import games

        self._engine = games.get(game)
        self._deal = deal
        self.replying = replying
        self.game: str = game
        self._seat: int = check_seat(seat)
        self.locale = locale
        self._seed: int | str = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        self._new_games = 0
        first = self._first(state, code, rules)
        self._seats = self._seated(opponent, players)
        self._named = opponent if isinstance(opponent, str) else None
        self._line: list[GameState[Any]] = list(first.path())
        self._cursor = len(self._line) - 1
        self._branches: list[GameState[Any]] = []
        self._dismissed: set[int] = set()
        self._unread: list[Event] = []
        self._listeners: list[Callable[[Event], object]] = []
        self._watchers: list[Callable[[tuple[Event, ...]], object]] = []
        self._emit(self._replies())  # the computer may open the game

    def _first(self, state: GameState[Any] | None, code: str | None, rules: Any) -> GameState[Any]:
        """The first position: ``state``, the position of ``code``, or a new deal."""
        if state is not None and code is not None:
            raise TableError("table.state_and_start")
        if state is not None:
            if not isinstance(state, self._engine.State):
                found = i18n.shown(getattr(state, "game", None) or state)
                raise TableError("table.wrong_state", found=found, game=self.game)
            if rules is not None and rules != state.rules:
                raise TableError("table.rules_with_state")
            given: GameState[Any] = state  # the engine's State: a GameState
            return given
        if code is not None:
            found_state: GameState[Any] = self._engine.State.from_code(
                code, seed=self.seed, rules=rules
            )
            return found_state
        if self._deal is not None:
            return self._deal(self.seed, rules)
        dealt: GameState[Any] = self._engine.new_game(seed=self.seed, rules=rules)
        return dealt

    def _seated(
        self, opponent: object, players: Sequence[object] | None
    ) -> tuple[Player | None, Player | None]:
        """Who plays each seat: a computer player, or None for a learner."""
        if players is None:
            seats: list[Player | None] = [None, None]
            seats[1 - self._seat] = _opponent(opponent, f"{self._seed}:opponent")
            return (seats[0], seats[1])
        if opponent is not None:
            raise TableError("table.players_and_opponent")
        if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
            raise TableError("table.bad_players", found=i18n.shown(players))
        made = [_opponent(p, f"{self._seed}:player{i}") for i, p in enumerate(players)]
        if made[0] is None or made[1] is None:
            raise TableError("table.bad_players", found=i18n.shown(players))
        return (made[0], made[1])

    # -- the line and the cursor -------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The position shown (full information: the game's ``State``)."""
        return self._line[self._cursor]

    @property
    def line(self) -> tuple[Any, ...]:
        """The states of the current line of play, from the first position."""
        return tuple(self._line)

    @property
    def cursor(self) -> int:
        """The index in :attr:`line` of the position shown."""
        return self._cursor

    @property
    def branches(self) -> tuple[Any, ...]:
        """The last states of the lines left by playing from an earlier position, by undo or
        by a new game, oldest first."""
        return tuple(self._branches)

    @property
    def dismissed(self) -> frozenset[int]:
        """The plies whose pause was continued past (:meth:`resume`)."""
        return frozenset(self._dismissed)

    @property
    def seed(self) -> int | str:
        """The seed of the game on the table: ``Table(game, seed=t.seed)`` deals it again."""
        return self._seed if self._new_games == 0 else f"{self._seed}/{self._new_games}"

    @property
    def new_games(self) -> int:
        """The new games dealt without a seed since the seed was given (each one's seed
        follows from it, :attr:`seed` ``"5/1"``, ``"5/2"`` …); 0: the game of the seed itself.

        >>> t = Table("tablic", seed=5)
        >>> _ = t.new(); t.new_games, t.seed
        (1, '5/1')
        >>> _ = t.new(seed=7); t.new_games, t.seed
        (0, 7)
        """
        return self._new_games

    def goto(self, ply: int) -> tuple[Event, ...]:
        """Show the position after ``ply`` moves of the current line (the line stays).

        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> _ = t.play("A♣ x 4♥ 7♦")
        >>> t.goto(1), t.state.ply
        ((Event('shown', ply=1),), 1)
        >>> t.goto(9)
        Traceback (most recent call last):
        ...
        cardwidgets.table.TableError: there is no move 9 on this line: choose one from 0 to 2
        """
        first, last = self._line[0].ply, self._line[-1].ply
        if isinstance(ply, bool) or not isinstance(ply, int) or not first <= ply <= last:
            raise TableError("table.no_such_ply", ply=i18n.shown(ply), first=first, last=last)
        self._cursor = ply - first
        return self._emit([Event("shown", ply, state=self.state)])

    @property
    def locale(self) -> str | None:
        """The language of the text board and the status (None: the current default)."""
        return self._locale

    @locale.setter
    def locale(self, locale: str | None) -> None:
        self._locale = None if locale is None else i18n.check_locale(locale)

    # -- the seats -----------------------------------------------------------------------------
    replying: bool
    """Whether the computer answers the learner (True): a front end turns it off while the
    game waits on something else (a question before the deal, a puzzle's one move); the
    computer then moves only when stepped."""

    @property
    def seat(self) -> int:
        """The learner's seat, whose eyes the board shows. Set it to change sides: the
        computer player takes the other seat and moves at once if it is to move there.

        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> t.seat = 1
        >>> t.events, t.players[0] is not None
        ((Event('move', ply=1, seat=0, move='K♠ x 2♦ J♠'),), True)
        """
        return self._seat

    @seat.setter
    def seat(self, seat: int) -> None:
        seat = check_seat(seat)
        if seat == self._seat:
            return
        saved = (self._seat, self._seats, list(self._line), self._cursor)
        if not self.watching and not self.hot_seat:
            self._seats = (self._seats[1], self._seats[0])  # the computer changes sides too
        self._seat = seat
        self._reseated(saved)

    @property
    def opponent(self) -> Player | None:
        """The computer player against the learner (None: learners play both seats). Set it
        to what ``Table(opponent=...)`` takes; it moves at once if it is to move.

        >>> t = Table("pazaak", seed=1)
        >>> t.opponent = "random"; t.opponent
        RandomPlayer(seed='1:opponent')
        >>> t.opponent = "grandmaster"
        Traceback (most recent call last):
        ...
        cardwidgets.table.TableError: an opponent is a player's name (random, greedy, expert), ...
        """
        return None if self.watching else self._seats[1 - self._seat]

    @opponent.setter
    def opponent(self, opponent: object) -> None:
        if self.watching:
            raise TableError("table.players_and_opponent")
        made = _opponent(opponent, f"{self._seed}:opponent")
        saved = (self._seat, self._seats, list(self._line), self._cursor)
        seats: list[Player | None] = [None, None]
        seats[1 - self._seat] = made
        self._seats = (seats[0], seats[1])
        # Named before the replies: what follows the change (on_change) sees the new opponent.
        named, self._named = self._named, opponent if isinstance(opponent, str) else None
        try:
            self._reseated(saved)
        except BaseException:
            self._named = named  # a failing player changes nothing
            raise

    @property
    def opponent_named(self) -> bool:
        """Whether the opponent was given by its name (``"greedy"``; ``"human"`` too): then
        :meth:`new` with a seed makes it again, seeded from that seed.

        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> t.opponent_named, Table("tablic", seed=1, opponent=t.opponent).opponent_named
        (True, False)
        """
        return self._named is not None

    def _reseated(self, saved: tuple[Any, ...]) -> None:
        """After the seats changed: the computer replies if it is to move now; a failing
        player puts the seats and the line back as they were."""
        try:
            events = self._replies()
        except BaseException:
            self._seat, self._seats, self._line, self._cursor = saved
            raise
        self._emit(events)

    @property
    def players(self) -> tuple[Player | None, Player | None]:
        """Who plays each seat: a computer player, or None where a learner plays."""
        return self._seats

    @property
    def watching(self) -> bool:
        """Whether two computer players play each other (:meth:`step` makes each move)."""
        return self._seats[0] is not None and self._seats[1] is not None

    @property
    def hot_seat(self) -> bool:
        """Whether learners play both seats (no computer player)."""
        return self._seats[0] is None and self._seats[1] is None

    @property
    def viewer(self) -> int:
        """The seat whose eyes the board shows: :attr:`seat`, or in hot-seat play the seat to
        move (each learner sees their own hand)."""
        to_move = self.state.to_move
        return int(to_move) if self.hot_seat and to_move is not None else self.seat

    def learner_to_move(self) -> bool:
        """Whether the position shown waits for a learner's move (not a computer's, not over,
        not paused on a summary)."""
        to_move = self.state.to_move
        return to_move is not None and self._seats[to_move] is None and not self.paused

    # -- the pauses ----------------------------------------------------------------------------
    def pause_at(self, index: int) -> PauseKind | None:
        """The pause of the position ``line[index]``: the end it shows a summary for, or None
        (no end there, or it was continued past)."""
        state = self._line[index]
        return None if state.ply in self._dismissed else pause_after(state)

    @property
    def pause(self) -> PauseKind | None:
        """The pause of the position shown (``"deal"``, ``"set"``, ``"game"``), or None."""
        return self.pause_at(self._cursor)

    @property
    def paused(self) -> bool:
        """Whether the position shown waits on a summary (:meth:`resume` goes on)."""
        return self.pause is not None

    def resume(self) -> tuple[Event, ...]:
        """Go on after a pause: the computer replies if it is to move next.

        >>> t = Table("panjpar", seed=2, players=("greedy", "greedy"))
        >>> while not t.paused:
        ...     _ = t.step()
        >>> t.pause, t.state.is_over, [e.kind for e in t.resume()]
        ('game', True, ['resumed'])
        """
        if not self.paused:
            raise TableError("table.nothing_to_resume")
        self._dismissed.add(self.state.ply)
        events = [Event("resumed", self.state.ply, state=self.state)]
        return self._emit(events + self._replies())

    # -- playing -------------------------------------------------------------------------------
    def play(self, move: Any) -> tuple[Event, ...]:
        """Play ``move`` (a move or its text) for the learner at the position shown, then the
        computer's replies up to the learner's next turn, the end or a pause; the events of
        each step. From an earlier position a new line starts (the old one is kept in
        :attr:`branches`). A move the rules refuse raises the engine's
        :class:`~cardwidgets.IllegalMove`; a move out of turn a :class:`TableError`; either way
        the table is unchanged."""
        self._check_learner_turn()
        after = self.state.play(move)
        saved = (list(self._line), self._cursor, list(self._branches), set(self._dismissed))
        events = self._append(after)
        try:
            events += self._replies()
        except BaseException:
            # All or nothing: a failing computer player leaves the game as it was.
            self._line, self._cursor, self._branches, self._dismissed = saved
            raise
        return self._emit(events)

    def _check_learner_turn(self) -> None:
        """Raise the reason why a learner cannot move at the position shown."""
        state = self.state
        if self.watching:
            raise TableError("table.watching")
        pause = self.pause
        if pause is not None:
            raise TableError("table.paused", part=self._part(pause))
        if state.to_move is None:
            raise IllegalMove("move.game_over")
        if self._seats[state.to_move] is not None:
            raise TableError("table.not_learner", seat=state.to_move)

    def _part(self, pause: PauseKind) -> str:
        return i18n.text(f"table.part.{pause}", self.locale)

    def step(self) -> tuple[Event, ...]:
        """The computer player to move makes one move (at a pause: the game goes on instead,
        as :meth:`resume`, with no move). Watching two computer players, each call is one
        step; with one, it makes that player's next move."""
        if self.paused:
            self._dismissed.add(self.state.ply)
            return self._emit([Event("resumed", self.state.ply, state=self.state)])
        to_move = self.state.to_move
        if to_move is None:
            raise IllegalMove("move.game_over")
        if self._seats[to_move] is None:
            raise TableError("table.learner_to_move", seat=to_move)
        return self._emit(self._computer_move())

    def _computer_move(self) -> list[Event]:
        """The move of the computer player to move, added to the line."""
        state = self.state
        player = self._seats[state.to_move]
        assert player is not None
        move = player.choose(state)
        try:
            after = state.play(move)
        except IllegalMove as err:
            # ``chosen``: the move itself, for a front end that words the refusal its own way
            raise TableError(
                "table.bad_player", move=i18n.shown(move), reason=err, chosen=move
            ) from err
        return self._append(after)

    def _replies(self) -> list[Event]:
        """The computer's moves while it is to move at the end of the line and no pause
        stops it; the events of each."""
        events: list[Event] = []
        if self.watching or not self.replying or self._cursor != len(self._line) - 1:
            return events  # two computer players move only when stepped
        for _ in range(_MAX_REPLIES):
            to_move = self.state.to_move
            if to_move is None or self._seats[to_move] is None or self.paused:
                break
            events += self._computer_move()
        return events

    def _append(self, after: GameState[Any]) -> list[Event]:
        """Add ``after`` after the position shown (a later line is cut off and kept in
        :attr:`branches`, and its continued pauses forgotten), show it; its events."""
        if self._cursor < len(self._line) - 1:
            self._branches.append(self._line[-1])
            del self._line[self._cursor + 1 :]
            ply = self.state.ply
            self._dismissed = {p for p in self._dismissed if p <= ply}
        self._line.append(after)
        self._cursor += 1
        return _landed(after)

    # -- taking back and starting again ------------------------------------------------------
    def undo(self) -> tuple[Event, ...]:
        """Take back the learner's last move and the computer's replies after it (two
        learners or two computer players: the last move); the line undone is kept in
        :attr:`branches`. Nothing to take back is refused.

        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> t.undo()
        Traceback (most recent call last):
        ...
        cardwidgets.table.TableError: there is no move to take back
        """
        index = self._undo_index()
        if index is None:
            raise TableError("table.nothing_to_undo")
        self._branches.append(self._line[-1])
        del self._line[index + 1 :]
        self._cursor = index
        ply = self.state.ply
        self._dismissed = {p for p in self._dismissed if p <= ply}
        return self._emit([Event("undone", ply, state=self.state)])

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a move to take back.

        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> t.can_undo(), t.play("A♣ x 4♥ 7♦") and t.can_undo()
        (False, True)
        """
        return self._undo_index() is not None

    def _undo_index(self) -> int | None:
        """The index in the line that :meth:`undo` goes back to (:func:`undo_point` for the
        one learner, or for anyone's last move), None if there is nothing to take back."""
        learners = [seat for seat in (0, 1) if self._seats[seat] is None]
        return undo_point(self._line, learners[0] if len(learners) == 1 else None)

    def new(self, *, seed: int | str | None = None, code: str | None = None) -> tuple[Event, ...]:
        """A new game with the same rules and seats; the old line is kept in
        :attr:`branches`. Without ``seed`` its seed follows from the table's (``"5/1"``,
        ``"5/2"`` …); with one, it is the game ``Table(game, seed=seed)`` deals, a named
        opponent seeded from it too. ``code`` sets up that position instead.

        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> _ = t.new(seed=5); t.seed, t.state.code(0) == Table("tablic", seed=5).state.code(0)
        (5, True)
        """
        chosen = None if seed is None else cards.check_seed(seed)
        saved = (self._seed, self._new_games, self._seats, self._line, self._cursor)
        saved_more = (list(self._branches), set(self._dismissed))
        try:
            if chosen is None:
                self._new_games += 1
            else:
                self._seed, self._new_games = chosen, 0
            first = self._first(None, code, self._line[0].rules)
            if chosen is not None and self._named is not None and self._seats[1 - self._seat]:
                seats: list[Player | None] = [None, None]
                seats[1 - self._seat] = _opponent(self._named, f"{chosen}:opponent")
                self._seats = (seats[0], seats[1])
            self._branches.append(self._line[-1])
            self._line, self._dismissed = list(first.path()), set()
            self._cursor = len(self._line) - 1
            events = [Event("new", self.state.ply, state=self.state), *self._replies()]
        except BaseException:
            # All or nothing: a bad code or a failing player leaves the old game on the table.
            self._seed, self._new_games, self._seats, self._line, self._cursor = saved
            self._branches, self._dismissed = saved_more
            raise
        return self._emit(events)

    def reset(self, state: GameState[Any]) -> tuple[Event, ...]:
        """Put ``state`` on the table in place of the game: its line from its first position,
        no branches, no pause continued past; the seats and the seed stay. The computer
        replies if it is to move.

        >>> from cardwidgets import tablic
        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> [e.kind for e in t.reset(tablic.new_game(seed=2))], t.seed, t.state.ply
        (['new'], 1, 0)
        """
        first = self._first(state, None, None)
        saved = (list(self._line), self._cursor, list(self._branches), set(self._dismissed))
        self._line, self._branches, self._dismissed = list(first.path()), [], set()
        self._cursor = len(self._line) - 1
        try:
            events = [Event("new", self.state.ply, state=self.state), *self._replies()]
        except BaseException:
            self._line, self._cursor, self._branches, self._dismissed = saved
            raise
        return self._emit(events)

    # -- events ----------------------------------------------------------------------------
    @property
    def events(self) -> tuple[Event, ...]:
        """The events since the last read of :attr:`events` (reading it empties it)."""
        unread, self._unread = tuple(self._unread), []
        return unread

    def listen(self, callback: Callable[[Event], object], *, remove: bool = False) -> None:
        """Call ``callback(event)`` for every event from now on (``remove=True``: no more).
        The table has changed when it is called; what it raises reaches the caller of the
        move, which stays played."""
        if remove:
            # ==, not is: ``listen(seen.append)`` makes a new bound method each time.
            self._listeners = [c for c in self._listeners if c != callback]
        elif not callable(callback):
            raise TableError("table.not_callable", found=i18n.shown(callback))
        else:
            self._listeners.append(callback)

    def on_change(
        self, callback: Callable[[tuple[Event, ...]], object], *, remove: bool = False
    ) -> None:
        """Call ``callback(events)`` once after every change of the table from now on, with
        the events of that change (``remove=True``: no more): a move played or stepped and the
        replies after it, a pause continued past, an undo, another position shown, a new game
        or position, a seat or opponent changed (then the events are the computer's moves it
        made at once, maybe none). A front end that shows the table follows it so, whoever
        changed it. A change the table refuses calls nothing. What the callback raises
        reaches the caller of the change, which stays made.

        >>> t = Table("tablic", seed=1, opponent="greedy")
        >>> changes = []
        >>> def seen(events):
        ...     changes.append([e.kind for e in events])
        >>> t.on_change(seen)
        >>> _ = t.play("A♣ x 4♥ 7♦"); _ = t.goto(1); t.opponent = "random"
        >>> changes
        [['move', 'move'], ['shown'], []]
        >>> t.on_change(seen, remove=True); _ = t.undo(); len(changes)
        3
        """
        if remove:
            # ==, not is: a bound method given twice is two objects, equal.
            self._watchers = [c for c in self._watchers if c != callback]
        elif not callable(callback):
            raise TableError("table.not_watcher", found=i18n.shown(callback))
        else:
            self._watchers.append(callback)

    def _emit(self, events: list[Event]) -> tuple[Event, ...]:
        self._unread.extend(events)
        for event in events:
            for callback in list(self._listeners):
                callback(event)
        made = tuple(events)
        for watcher in list(self._watchers):
            watcher(made)
        return made

    # -- display -------------------------------------------------------------------------------
    def status(self) -> str:
        """Who is to move at the position shown, or the pause, or how the game ended."""
        state, pause = self.state, self.pause
        if pause is not None:
            return i18n.text("table.status.paused", self.locale, part=self._part(pause))
        to_move, outcome = state.to_move, state.outcome
        if to_move is not None:
            mine = self._seats[to_move] is None and not self.hot_seat
            key = "table.status.learner" if mine else "table.status.to_move"
            return i18n.text(key, self.locale, seat=to_move)
        if outcome is not None and outcome.winner is not None:
            return i18n.text("table.status.won", self.locale, seat=outcome.winner)
        return i18n.text("table.status.draw", self.locale)

    def __str__(self) -> str:
        """The board as text, as :attr:`viewer` sees it (the opponent's cards hidden)."""
        state, viewer = self.state, self.viewer
        title = i18n.text(
            "table.board.title", self.locale, game=self.game, ply=state.ply, status=self.status()
        )
        lines = [title, i18n.text("table.board.seen_by", self.locale, seat=viewer)]
        view = dict(state.view(viewer))  # only what the viewer may see
        for key in _BOARD[self.game]:
            value = view.get(key)
            if value is not None and value != []:
                label = i18n.text(f"table.field.{key}", self.locale)
                shown = _text(value, self.locale, pair=key in _PAIRS)
                lines.append(f"  {label}: {shown}")
        return "\n".join(lines)

    def __repr__(self) -> str:
        state = self.state
        to_move = state.to_move
        if self.paused:
            now = f"paused: end of a {self.pause}"
        elif to_move is None:
            now = "game over"
        else:
            who = "a computer player" if self._seats[to_move] is not None else "the learner"
            now = f"seat {to_move} to move: {who}"
        where = f"move {state.ply} of {self._line[-1].ply}"
        return f"Table({self.game!r}, seed={self.seed!r}, {where}, {now})"

    def _repr_html_(self) -> str:
        # The one lazy call up to the presenters (their still-picture leaf): only a notebook
        # draws the table.
        from cardwidgets.present.still import picture

        return str(picture(self.state, self.viewer, locale=self.locale).html)


def _landed(after: GameState[Any]) -> list[Event]:
    """The events of the move that led to ``after``: the move, the end of a deal or set it
    brought, the game's end and the summary due (a pause)."""
    parent = after.parent
    mover = None if parent is None else parent.to_move
    events = [Event("move", after.ply, mover, after.last_move, after)]
    pause = pause_after(after)
    if pause in ("deal", "set"):
        events.append(
            Event("deal_ended" if pause == "deal" else "set_ended", after.ply, state=after)
        )
    if after.is_over:
        events.append(Event("game_over", after.ply, state=after))
    if pause is not None:
        events.append(Event("summary", after.ply, state=after))
    return events


_BOARD = {
    "tablic": ("deal", "round", "dealer", "table", "hand", "hand_sizes", "stock", "stock_bottom",
               "piles", "tablas", "totals", "target"),
    "panjpar": ("attacker", "trump", "trump_card", "stock_empty", "attack", "hand", "hand_sizes",
                "known", "discard_top"),
    "pazaak": ("set_number", "sets_won", "totals", "standing", "tables", "hand", "hand_sizes",
               "used", "deck_size"),
}  # fmt: skip
"""The fields of each game's seat view the text board shows, in order (a view never holds a
card the seat may not see)."""


_PAIRS = frozenset(
    {"hand_sizes", "piles", "tablas", "totals", "known", "sets_won", "standing", "tables", "used"}
)
"""The fields that hold one value per seat (seat 0, seat 1)."""


def _text(value: object, locale: str | None, *, pair: bool = False) -> str:
    """A view's JSON value as short text: a pair of seats split by ``|``, cards by spaces, a
    laid card by its text, a pile by its count and points, a switch as yes or no."""
    if isinstance(value, bool):
        return i18n.text("table.yes" if value else "table.no", locale)
    if isinstance(value, list):
        return (" | " if pair else " ").join(_text(v, locale) for v in value) or "-"
    if isinstance(value, dict):
        if "card" in value:
            return str(value["card"])
        if "points" in value:
            return i18n.text("table.pile", locale, cards=value["cards"], points=value["points"])
    return str(value)
