"""The players and hints: the :class:`Player` protocol, its three strengths, :func:`hint`.

Every player answers ``choose(view) -> move`` for the seat to move: it decides from the seat's
sealed :class:`~cardwidgets.bots.view.SeatView` (a state given instead is read as the view of
its seat to move would be), through the game protocol of :class:`~cardwidgets.core.GameState` on
the view's stand-in position only; the per-game knowledge is in the game's
:class:`~cardwidgets.bots.strategy.Strategy`. A player's seed and the position (seat and ply)
fix its random numbers.

>>> from cardwidgets.games import pazaak
>>> state = pazaak.new_game(seed=1)
>>> GreedyPlayer(seed=1).choose(state) == GreedyPlayer(seed=2).choose(state)
True
>>> hint(state, locale="en").reason
'End the turn and draw again: from 1 no card can bust you.'
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
from collections.abc import Callable, Mapping
from typing import ClassVar, Generic, Protocol, TypeVar, runtime_checkable

from cardwidgets import cards, i18n
from cardwidgets.bots import ismcts
from cardwidgets.bots.strategy import PLAIN, Reason, Strategy, greedy_options, strategy_for
from cardwidgets.bots.view import SeatView
from cardwidgets.core import GameState, IllegalMove, Move
from cardwidgets.i18n import TranslatedError

__all__ = [
    "PLAYERS",
    "ExpertPlayer",
    "GreedyPlayer",
    "Hint",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "SeatDraws",
    "hint",
    "make",
    "play_random",
]

Seed = int | str
M = TypeVar("M", bound=Move)
"""The game's move class."""
P = TypeVar("P", bound="_BasePlayer")


class PlayerError(TranslatedError):
    """An unknown player name or option, or a bad search budget."""

    __module__ = "cardwidgets.bots"


@runtime_checkable
class Player(Protocol):
    """What every computer player offers: a choice for the seat to move, and a reseeded copy."""

    def choose(self, view: SeatView[M] | GameState[M]) -> M:
        """A legal move for the seat to move, from its view (a state: the view of its seat
        to move)."""
        ...

    def reseeded(self, seed: Seed) -> Player:
        """A fresh copy of this player with another seed."""
        ...


Player.__module__ = "cardwidgets.bots"  # the docs show it where users import it


class _BasePlayer:
    """Seed handling shared by the players: the seed and the position fix the random numbers."""

    name: ClassVar[str] = ""

    def __init__(self, seed: Seed | None = None) -> None:
        self.seed: Seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        self._key = _player_key(self.seed, self.name)

    def reseeded(self: P, seed: Seed) -> P:
        """A fresh copy of this player with another seed.

        >>> RandomPlayer(1).reseeded(2).seed
        2
        """
        twin = object.__new__(type(self))  # copy.copy, without its lookups: once per lab game
        twin.__dict__.update(self.__dict__)
        twin.seed = cards.check_seed(seed)
        twin._key = _player_key(twin.seed, twin.name)
        twin._reset()
        return twin

    def choose(self, view: SeatView[M] | GameState[M]) -> M:
        """A legal move for the seat to move, from what that seat may see."""
        raise NotImplementedError

    def _look(self, given: SeatView[M] | GameState[M]) -> tuple[GameState[M], int]:
        """The position to decide in and the seat: a view's stand-in position, or a state
        given (the fast path): a player reads of a state only what the view of its seat to
        move holds (the seat's cards, the public table and history, the legal moves, the
        determinizations), so both give the same move; tests/test_bots_view.py checks it move
        for move over seeded games of every game. Making the view each move would cost a
        Tablić random move about 25 times its time, 2.5 against 64 µs of CPU
        (benchmarks/bench_seat_view.py, results/seat_view.json)."""
        if not isinstance(given, SeatView):
            return given, self._seat(given)
        view = given
        to_move = view.to_move
        if to_move is None:
            raise IllegalMove("move.game_over")
        if view.seat != to_move:
            raise PlayerError("bots.view_not_to_move", seat=view.seat, to_move=to_move)
        return view.position(), view.seat

    def _reset(self) -> None:
        """Forget per-game scratch data (nothing here)."""

    def __setstate__(self, state: dict[str, object]) -> None:
        # The key is derived again from the seed: a player pickled before keys existed (or
        # with a tampered key) still draws the numbers its seed fixes.
        self.__dict__.update(state)
        self._key = _player_key(self.seed, self.name)

    def stream(self, seat: int, ply: int) -> cards.Rng:
        """A fresh copy of the random stream this player draws from for ``seat`` at ``ply``.

        The position, not a running stream, fixes the numbers: a choice never depends on what
        the player was asked before, only on its seed and what the seat sees now. The player's
        key (its seed and name, mixed once) is mixed with the seat and ply by integer
        arithmetic (:func:`position_rng`): hashing a text per move was a quarter of a lab run
        of random players.

        >>> RandomPlayer(1).stream(0, 4).next64() == RandomPlayer(1).stream(0, 4).next64()
        True
        >>> RandomPlayer(1).stream(0, 4).next64() == RandomPlayer(2).stream(0, 4).next64()
        False
        """
        return position_rng(self._key, seat, ply)

    def _rng(self, state: GameState[M], seat: int) -> cards.Rng:
        return position_rng(self._key, seat, state.ply)

    def _seat(self, state: GameState[M]) -> int:
        seat = state.to_move
        if seat is None:
            raise IllegalMove("move.game_over")
        return int(seat)

    def _extra(self) -> str:
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}{self._extra()})"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and repr(self) == repr(other)

    def __hash__(self) -> int:
        return hash(repr(self))


_MASK64 = (1 << 64) - 1
_TWO64 = 1 << 64
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment
_TWO_GAMMA = (2 * _GAMMA) & _MASK64  # one ply further in position_rng's sum


def _player_key(seed: Seed, name: str) -> int:
    """A player's 64-bit key from its seed and its name, computed once per seed (a player of
    another strength with the same seed draws other numbers): a whole-number seed is mixed
    with the name's salt, a text seed is hashed with the name.

    >>> _player_key(1, "random") == _player_key(1, "random") != _player_key(1, "greedy")
    True
    """
    if isinstance(seed, str):
        return cards.Rng(f"{seed}:{name}").next64()
    z = ((seed & _MASK64) + _name_salt(name)) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@functools.lru_cache(maxsize=16)
def _name_salt(name: str) -> int:
    """A 64-bit salt per player name (the lab reseeds players per game: hashed once)."""
    return cards.Rng(f"player:{name}").next64()


def position_rng(key: int, seat: int, ply: int) -> cards.Rng:
    """The random stream of a player with ``key`` for ``seat`` at ``ply``: a SplitMix64
    generator whose state is the key mixed with the position by SplitMix64's output function,
    so neighbouring plies and the two seats get unrelated streams, the same in every process.

    >>> position_rng(1, 0, 5).next64() == position_rng(1, 0, 5).next64()
    True
    >>> position_rng(1, 0, 5).next64() != position_rng(1, 1, 5).next64()
    True
    """
    z = (key + ((ply << 1 | seat) + 1) * _GAMMA) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return cards.Rng.from_state(z ^ (z >> 31))


class RandomPlayer(_BasePlayer):
    """A uniformly random legal move: the baseline every other player must beat.

    >>> from cardwidgets import cards
    >>> RandomPlayer(seed=3) == RandomPlayer(seed=3) != RandomPlayer(seed=4)
    True
    """

    __module__ = "cardwidgets.bots"

    name = "random"

    @classmethod
    def key_of(cls, seed: Seed) -> int:
        """The key the streams of ``RandomPlayer(seed)`` are mixed from, without making one
        (the lab's random games need only the two keys).

        >>> RandomPlayer.key_of(5) == RandomPlayer(5).reseeded(5)._key
        True
        """
        return _player_key(cards.check_seed(seed), cls.name)

    def choose(self, view: SeatView[M] | GameState[M]) -> M:
        """A uniformly random legal move for the seat to move: ``state.random_move(rng)`` with
        ``rng = self.stream(seat, state.ply)``, which draws without listing the moves where the
        game can (a crowded Tablić table has hundreds of thousands, a Panjpar defence
        thousands)."""
        state, seat = self._look(view)
        # position_rng inlined: this is the whole cost of a random player beside the engine's
        z = (self._key + ((state.ply << 1 | seat) + 1) * _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        move: M = state.random_move(cards.Rng.from_state(z ^ (z >> 31)))
        return move


def play_random(
    state: GameState[M],
    keys: tuple[int, int],
    done: Callable[[GameState[M]], bool] | None = None,
) -> tuple[GameState[M], int]:
    """Play two random players whose keys are ``keys`` (seat 0's, seat 1's:
    :meth:`RandomPlayer.key_of` their seeds) from ``state`` until ``done(state)`` is true or
    nobody is to move: the state reached and the moves played.

    Every move is the one :meth:`RandomPlayer.choose` picks, ``state.random_move`` on the
    player's stream for the seat and ply (the same draw, so the same game), without a call to
    the player, its view check and its seat test per move: the lab's loop of random players,
    where those were a third of a Pazaak move (tests/test_lab_random_pair.py plays both
    loops over every game and rule set).

    >>> from cardwidgets.games import pazaak
    >>> first, second = RandomPlayer(1), RandomPlayer(2)
    >>> keys = RandomPlayer.key_of(1), RandomPlayer.key_of(2)
    >>> end, moves = play_random(pazaak.new_game(seed=3), keys)
    >>> state, count = pazaak.new_game(seed=3), 0
    >>> while state.to_move is not None:
    ...     state = state.play((first, second)[state.to_move].choose(state))
    ...     count += 1
    >>> (end.history, moves) == (state.history, count)
    True
    """
    moves = 0
    # One generator restarted on each position's stream: the engines draw from it during
    # random_move only, so no move sees another's stream.
    stream = cards.Rng.from_state(0).restart
    # position_rng's sum key + ((ply << 1 | seat) + 1) * GAMMA, kept as a running sum: each
    # move is one ply (a state made by play is its parent's ply + 1), so the ply's part grows
    # by 2 * GAMMA a move and the seat's part is in ``bases``.
    bases = (keys[0] + _GAMMA, keys[1] + 2 * _GAMMA)
    step = (state.ply * 2 * _GAMMA) & _MASK64
    if done is None:
        while (seat := state.to_move) is not None:
            z = (bases[seat] + step) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            state = state.play(state.random_move(stream(z ^ (z >> 31))))
            step = (step + _TWO_GAMMA) & _MASK64
            moves += 1
        return state, moves
    while not done(state) and (seat := state.to_move) is not None:
        z = (bases[seat] + step) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        state = state.play(state.random_move(stream(z ^ (z >> 31))))
        step = (step + _TWO_GAMMA) & _MASK64
        moves += 1
    return state, moves


class SeatDraws:
    """The draws of two random players with ``keys`` (:meth:`RandomPlayer.key_of` their
    seeds) from ``ply`` on, for an engine's list-based playout that asks the seat to move once
    per move, in either of two forms (both count the move):

    * ``draws[seat](n)``: the index among ``n`` legal moves that the seat's player picks at
      the next ply (``state.random_move`` on its stream for the seat and ply, where the game
      draws once: Pazaak);
    * ``streams[seat]()``: a generator on that stream, for a move drawn in several steps
      (Panjpar's attacks and defences); the same generator restarted each move.

    ``moves()`` is the number of moves drawn so far.

    >>> from cardwidgets.games import pazaak
    >>> state, players = pazaak.new_game(seed=1), (RandomPlayer(1), RandomPlayer(2))
    >>> pair = SeatDraws((players[0].key_of(1), players[1].key_of(2)), state.ply)
    >>> moves = state.legal_moves()
    >>> moves[pair.draws[state.to_move](len(moves))] == players[state.to_move].choose(state)
    True
    >>> pair.streams[0]().next64() == players[0].stream(0, state.ply + 1).next64()
    True
    >>> pair.moves()
    2
    """

    def __init__(self, keys: tuple[int, int], ply: int) -> None:
        self._keys = keys
        self._ply = ply
        self._at = [ply]
        self._rng = cards.Rng.from_state(0)
        self.draws = (self._draw(0), self._draw(1))
        self.streams = (self._stream(0), self._stream(1))

    def moves(self) -> int:
        """The moves drawn so far."""
        return self._at[0] - self._ply

    def _draw(self, seat: int) -> Callable[[int], int]:
        key, at, from_state = self._keys[seat], self._at, cards.Rng.from_state

        def below(n: int) -> int:
            p = at[0]
            at[0] = p + 1
            # position_rng inlined, as in RandomPlayer.choose, then that stream's below(n):
            # its first output, with the generator itself only for a (very rare) rejection
            z = (key + ((p << 1 | seat) + 1) * _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            start = z ^ (z >> 31)
            z = (start + _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < _TWO64 - _TWO64 % n:
                return z % n
            return from_state(start).below(n)

        return below

    def _stream(self, seat: int) -> Callable[[], cards.Rng]:
        key, at, restart = self._keys[seat], self._at, self._rng.restart

        def stream() -> cards.Rng:
            p = at[0]
            at[0] = p + 1
            z = (key + ((p << 1 | seat) + 1) * _GAMMA) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            return restart(z ^ (z >> 31))

        return stream


class GreedyPlayer(_BasePlayer):
    """One-move-deep rules of thumb for each game, with per-game ``options``.

    Options (each game ignores the others'): Pazaak ``stand_at`` (stand on this total or more,
    default 17). Ties between equally good moves are broken at random with the seed.
    """

    __module__ = "cardwidgets.bots"

    name = "greedy"

    def __init__(self, seed: Seed | None = None, **options: object) -> None:
        super().__init__(seed)
        known = greedy_options() if options else {}  # no options: load no other game's rules
        for option, value in options.items():
            if option not in known:
                raise PlayerError(
                    "bots.unknown_option",
                    player=type(self).__name__,
                    option=option,
                    options=", ".join(sorted(known)) or "-",
                )
            default = known[option]
            if type(value) is not type(default):
                raise PlayerError(
                    "bots.bad_option",
                    option=option,
                    expected=type(default).__name__,
                    value=i18n.shown(value),
                )
        self.options: dict[str, object] = dict(options)
        self._merged: dict[str, dict[str, object]] = {}

    def _extra(self) -> str:
        return "".join(f", {k}={v!r}" for k, v in sorted(self.options.items()))

    def decide(self, view: SeatView[M] | GameState[M]) -> Reason[M]:
        """The greedy move for the seat to move, with its reason."""
        state, seat = self._look(view)
        strategy = self._strategy(state)
        return strategy.greedy(state, seat, self._rng(state, seat), self._options(strategy))

    def choose(self, view: SeatView[M] | GameState[M]) -> M:
        """The greedy move for the seat to move: :meth:`decide`'s, without its reason, the
        position's stream made only if the choice draws from it (a tie)."""
        state, seat = self._look(view)
        strategy = self._strategy(state)
        move: M = strategy.greedy_move(
            state, seat, lambda: self._rng(state, seat), self._options(strategy)
        )
        return move

    def _strategy(self, state: GameState[M]) -> Strategy[GameState[M], M]:
        strategy = strategy_for(state)
        if strategy is None:
            raise PlayerError("bots.no_strategy", game=getattr(state, "game", "?"))
        return strategy

    def _options(self, strategy: Strategy[GameState[M], M]) -> Mapping[str, object]:
        """The options of ``strategy``'s game: its defaults, then this player's (those of other
        games dropped), merged once per game, not every move."""
        known: dict[str, dict[str, object]] = self.__dict__.get("_merged", {})  # old pickles
        merged = known.get(strategy.game)
        if merged is None:
            merged = {**strategy.options, **self.options}
            merged = {k: v for k, v in merged.items() if k in strategy.options}
            self._merged = {**known, strategy.game: merged}  # new: a twin shares no dict
        return merged


class ExpertPlayer(_BasePlayer):
    """Information-set Monte Carlo tree search with a budget of iterations and/or seconds,
    or the game's own search where its strategy has one (Pazaak: an exact expectimax over the
    draws to the end of the set against the greedy rules, on determinizations of the
    opponent's hand, :meth:`~cardwidgets.bots.pazaak.PazaakStrategy.search`).

    With neither given, each game's fixed default iteration budget applies and no clock, so a
    seeded game replays the same on any machine; ``time_limit`` caps it by the clock only when
    given. Where the seat can know every card (:mod:`cardwidgets.bots.endings`) and the exact
    search is small, the expert plays the exact best move instead of searching.
    ``exploration`` is the UCB1 constant. The greedy move is played unless the search finds
    a move whose mean value is higher by more than
    ``confidence`` standard errors (0 turns this off).
    ``last_search`` keeps the statistics of the latest decision (visits and mean value per move).
    """

    __module__ = "cardwidgets.bots"

    name = "expert"

    def __init__(
        self,
        seed: Seed | None = None,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = 0.7,
        confidence: float = 1.0,
    ) -> None:
        super().__init__(seed)
        for value in (iterations, time_limit):
            if value is not None and not (_is_number(value) and value > 0):
                raise PlayerError("bots.bad_budget", value=i18n.shown(value))
        for option, number in (("exploration", exploration), ("confidence", confidence)):
            if not (_is_number(number) and number >= 0):
                raise PlayerError(
                    "bots.bad_option", option=option, expected="float", value=i18n.shown(number)
                )
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.confidence = confidence
        self.last_search: ismcts.SearchResult[Move] | None = None

    def _reset(self) -> None:
        self.last_search = None

    def _extra(self) -> str:
        parts = ""
        if self.iterations is not None:
            parts += f", iterations={self.iterations}"
        if self.time_limit is not None:
            parts += f", time_limit={self.time_limit}"
        if self.exploration != 0.7:
            parts += f", exploration={self.exploration}"
        if self.confidence != 1.0:
            parts += f", confidence={self.confidence}"
        return parts

    def budget(self, state: GameState[M]) -> tuple[int | None, float | None]:
        """The (iterations, seconds) this player spends on a move in ``state``'s game.

        The default is the game's fixed iteration budget and no clock: the same seed then
        plays the same moves however busy the machine is. A time cap applies only when asked.
        """
        if self.iterations is None and self.time_limit is None:
            strategy = strategy_for(state) or PLAIN
            return strategy.expert_iterations, None
        return self.iterations, self.time_limit

    def _exact(self, state: GameState[M]) -> M | None:
        """The best move by an exact ending (:mod:`cardwidgets.bots.endings`) where the seat
        can know every card and the search stays within the game's
        :attr:`~cardwidgets.bots.strategy.Strategy.exact_limit` nodes."""
        # Imported here: the endings know all three games, and a Tablić board should not
        # load the other two (the classroom site pays for every import).
        from cardwidgets.bots import endings

        if not endings.knowable(state):
            return None
        try:
            limit = (strategy_for(state) or PLAIN).exact_limit
            ending = endings.solve(state, limit=limit)
        except endings.TooBig:
            return None
        if ending is None:
            return None
        move: M = ending.values[0][0]  # type: ignore[assignment]  # a legal move of this state
        return move

    def choose(self, view: SeatView[M] | GameState[M]) -> M:
        """The move the search visited most, for the seat to move."""
        state, seat = self._look(view)
        exact = self._exact(state)
        if exact is not None:
            self.last_search = None
            return exact
        known = strategy_for(state)
        strategy = known or PLAIN
        iterations, time_limit = self.budget(state)
        own = strategy.search(
            state, seat, self._rng(state, seat), (iterations, time_limit), self.confidence
        )
        if own is not None:
            self.last_search = own
            found: M = own.move
            return found
        default = None
        if self.confidence > 0 and known is not None:
            # The greedy move stands unless the search shows something clearly better.
            default = strategy.greedy(state, seat, self._rng(state, seat), strategy.options).move
        result = ismcts.search(
            state,
            seat,
            self._rng(state, seat),
            iterations=iterations,
            time_limit=time_limit,
            policy=strategy.rollout,
            evaluate=strategy.evaluate,
            horizon=strategy.horizon,
            candidates=strategy.candidates,
            observe=strategy.observe,
            playout=strategy.playout,
            default=default,
            confidence=self.confidence,
            exploration=self.exploration,
        )
        self.last_search = result
        move: M = result.move  # the strategies are looked up by name: no type to check
        return move


PLAYERS: dict[str, type[_BasePlayer]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "expert": ExpertPlayer,
}
"""The players by name, weakest first."""


def make(name_or_player: str | Player, seed: Seed | None = None, **options: object) -> Player:
    """A player from its name (``"random"``, ``"greedy"``, ``"expert"``) or a player.

    A player given with a ``seed`` is reseeded; options go to the player's constructor.

    >>> make("greedy", seed=1, stand_at=15)
    GreedyPlayer(seed=1, stand_at=15)
    >>> make(RandomPlayer(1), seed=2)
    RandomPlayer(seed=2)
    """
    if isinstance(name_or_player, str):
        cls = PLAYERS.get(name_or_player)
        if cls is None:
            raise PlayerError("bots.unknown_player", name=name_or_player, names=", ".join(PLAYERS))
        _check_options(cls, options)
        return cls(seed, **options)
    if options:
        raise PlayerError(
            "bots.unknown_option",
            player=type(name_or_player).__name__,
            option=next(iter(options)),
            options="-",
        )
    return name_or_player if seed is None else name_or_player.reseeded(seed)


def _is_number(value: object) -> bool:
    """A finite int or float (not a bool): what a numeric option may be."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _check_options(cls: type, options: Mapping[str, object]) -> None:
    """Refuse an option the player's constructor does not take, naming the ones it does
    (a constructor with ``**options`` checks its own)."""
    parameters = inspect.signature(cls).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return
    known = [name for name in parameters if name != "seed"]
    for option in options:
        if option not in known:
            raise PlayerError(
                "bots.unknown_option",
                player=cls.__name__,
                option=option,
                options=", ".join(known) or "-",
            )


# -- hints ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Hint(Generic[M]):
    """A suggested move with a one-sentence reason and game-specific figures in ``details``."""

    __module__ = "cardwidgets.bots"

    move: M
    reason: str
    details: dict[str, object]
    seat: int
    locale: str
    key: str = ""
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)

    def text(self, locale: str | None = None) -> str:
        """The reason in another locale."""
        return i18n.text(self.key, locale, **self.params) if self.key else self.reason

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def hint(
    state: SeatView[M] | GameState[M],
    seat: int | None = None,
    locale: str | None = None,
    *,
    player: str | Player | None = None,
    details: bool = True,
) -> Hint[M]:
    """A suggested move for ``seat`` (default: the seat to move) with its reason in ``locale``,
    from that seat's view (``state`` may be the view itself).

    The move comes from ``player`` (default: a greedy player with seed 0, instant and
    explainable); the reason says why in one sentence; ``details`` holds figures such as
    Pazaak's exact bust chance. With ``details=False`` only the player's name (and an expert's
    search figures) are kept: a widget shows the move and the reason, and Pazaak's figures
    include sampled set-win chances that cost hundreds of times more than the decision.

    >>> from cardwidgets.games import pazaak
    >>> hint(pazaak.new_game(seed=1), details=False).details
    {'player': 'greedy'}
    """
    to_move = state.to_move
    if to_move is None:
        raise IllegalMove("move.game_over")
    if seat is None:
        seat = int(to_move)
    if seat != to_move or (isinstance(state, SeatView) and state.seat != to_move):
        raise PlayerError("bots.not_your_turn", seat=seat, to_move=to_move)
    locale = i18n.check_locale(locale or i18n.get_locale())
    # From a view: its stand-in position, which holds no hidden card. From a state: the state
    # (the players' fast path, see _BasePlayer._look), read only as the seat's view holds it.
    position = state.position() if isinstance(state, SeatView) else state
    strategy = strategy_for(position)
    if strategy is None:
        raise PlayerError("bots.no_strategy", game=getattr(state, "game", "?"))
    if player is None:
        chooser: Player = GreedyPlayer(seed=0)
    else:  # a name gets seed 0 too, so the same position always gets the same hint
        chooser = make(player, seed=0) if isinstance(player, str) else player
    if isinstance(chooser, GreedyPlayer):
        reason = chooser.decide(state)
    else:
        reason = strategy.explain(position, seat, chooser.choose(state))
    figures = strategy.details(position, seat, reason.move) if details else {}
    figures["player"] = getattr(chooser, "name", type(chooser).__name__)
    search = getattr(chooser, "last_search", None)
    if search is not None and str(reason.move) in search.stats:
        visits, mean = search.stats[str(reason.move)]
        figures["search"] = {
            "iterations": search.iterations,
            "visits": visits,
            "mean_value": round(mean, 3),
        }
    return Hint(
        move=reason.move,
        reason=reason.text(locale),
        details=figures,
        seat=seat,
        locale=locale,
        key=reason.key,
        params=dict(reason.params),
    )
