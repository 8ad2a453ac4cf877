"""Many games stepped per call: the two-seat batched environment and its per-game core.

:class:`BatchedGames` plays ``num_envs`` games of one game side by side. Each call of
:meth:`BatchedGames.step` takes one action per game (a sequence or numpy array of ``num_envs``
ints) and returns numpy arrays with one row per game: the observation of the seat to move
(float32, ``(num_envs, size)``), both seats' rewards (``(num_envs, 2)``), and the flags.

**Why this shape** (against the frameworks' conventions): PettingZoo's parallel API has every
agent act at once, which a turn-based card game cannot do (half its actions would be no-ops);
its AEC API steps one agent of one game per call, the per-call overhead the batch exists to
spread. pgx, the batched framework for turn-based games, keeps one seat to move per game
(``current_player``), the observation and legal-action mask of that seat, and a
``(batch, players)`` reward array: that is what this class returns, as numpy arrays and
Gymnasium's ``(observation, reward, terminated, truncated, info)`` tuple, with
``info["to_move"]`` (pgx's ``current_player``) and ``info["action_mask"]``. A game that ends
is reset on the *next* step (Gymnasium's ``NextStep`` autoreset, its vector default, in
``metadata["autoreset_mode"]``): the step that ends it shows the final observation (of the
seat that made the last move) and the rewards; the next step ignores that game's action and
deals its next game.

**Seeds**: game ``i`` draws its games from its own stream, seeded with ``seed + i`` (or
``seed[i]`` from a list), exactly as :func:`cardwidgets.rl.env` does after
``reset(seed=seed + i)`` and later resets: tests/test_rl_batched.py plays the same games both
ways. **Hidden cards** never reach an observation: the rows are
:meth:`~cardwidgets.rl.observations.Observer.seat_parts` of the seat, from its view's fields.
**Cost**: a game's row is kept as its parts (:class:`BatchRows`: the card blocks as card
masks, read once per move from the state's fields, each action of a move being built one bit
set; the few numbers after them as bytes), a mask as the engine's answer in one int
(:meth:`~cardwidgets.rl.actions.Partial.legal_bits`); a step turns the masks and ints of all
its games into the float32 rows and int8 masks at once, in numpy (``unpackbits``), so no
game's row is joined or copied in Python. tests/test_rl_batch_rows.py holds every row, mask
and reward equal to the plain reference (the observer's features of each seat's view) all
game long.

>>> from cardwidgets.rl.batched import BatchedGames
>>> games = BatchedGames("pazaak", 4)
>>> observation, info = games.reset(seed=7)
>>> observation.shape, info["action_mask"].shape, info["to_move"].tolist()
((4, 125), (4, 35), [1, 0, 0, 1])
>>> actions = info["action_mask"].argmax(axis=1)   # the first legal action of each game
>>> observation, rewards, terminated, truncated, info = games.step(actions)
>>> rewards.shape, terminated.dtype.name
((4, 2), 'bool')
"""

from __future__ import annotations

import operator
import random
import secrets
from collections.abc import Sequence
from typing import Any, Final

import numpy as np
from gymnasium import spaces
from gymnasium.vector import AutoresetMode

from cardwidgets import i18n
from cardwidgets.core import IllegalMove, check_seat
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.rl.actions import Partial, actions_of
from cardwidgets.rl.observations import Observer, observer_of
from cardwidgets.rl.pettingzoo import feature_space

__all__ = ["AUTORESET_MODE", "BatchRows", "BatchedGames", "game_seeds", "masks_array", "rows_array"]

AUTORESET_MODE: Final = AutoresetMode.NEXT_STEP
"""The autoreset rule (Gymnasium's enum, which its vector wrappers read from the metadata)."""

_MODULES: Final[dict[str, Any]] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}


def masks_array(partials: Sequence[Partial | None], size: int) -> Any:
    """The int8 masks ``(len(partials), size)`` of moves being built, from each one's
    :meth:`Partial.legal_bits` (the engine's ints, turned into masks for all games at once);
    all zeros for None (a game that ended).

    >>> from cardwidgets import pazaak
    >>> from cardwidgets.rl.actions import actions_of
    >>> partial = actions_of("pazaak").start(pazaak.new_game(seed=1))
    >>> found = masks_array([partial, None], 35)
    >>> found[0].tolist() == partial.mask(), bool(found[1].any()), found.dtype.name
    (True, False, 'int8')
    """
    bits = np.array([0 if p is None else p.legal_bits() for p in partials], "<u8")
    unpacked = np.unpackbits(bits.view(np.uint8).reshape(len(partials), 8), 1, None, "little")
    return unpacked[:, :size].astype(np.int8)


class BatchRows:
    """The observation rows of ``count`` games, kept as their parts
    (:meth:`Observer.seat_parts`: card masks and the bytes after them) and made into one
    float32 array for the whole batch at once (:meth:`array`): each game's row costs a few
    look-ups of the state's fields per move and a bit set per action of a move being built;
    the bits become numbers for every game together, in numpy (``unpackbits``).

    >>> from cardwidgets import tablic
    >>> from cardwidgets.rl.observations import observer_of
    >>> observer, state = observer_of("tablic"), tablic.new_game(seed=3)
    >>> rows = BatchRows(observer, 2)
    >>> rows.set(0, state, 0); rows.set(1, state, 1)
    >>> found = rows.array()
    >>> found.shape, found[1].tolist() == observer.features(state.view(1))
    ((2, 381), True)
    """

    __slots__ = ("_blocks", "_bytes", "_masks", "_observer", "_parts", "_tails", "count")

    def __init__(self, observer: Observer, count: int) -> None:
        self._observer, self.count = observer, count
        self._blocks, self._parts, self._bytes = (
            observer.blocks,
            observer.seat_parts,
            observer.seat_bytes,
        )
        self._masks: list[list[int]] = [[0] * observer.blocks for _ in range(count)]
        self._tails: list[bytes] = [bytes(4 * (observer.size - 52 * observer.blocks))] * count

    def set(self, index: int, state: Any, seat: int) -> None:
        """Game ``index``'s row is ``seat``'s numbers in ``state`` (no move being built)."""
        if not self._blocks:  # no card blocks (Pazaak): the row is its bytes
            self._tails[index] = self._bytes(state, seat)
            return
        masks, self._tails[index] = self._parts(state, seat)
        self._masks[index] = list(masks)  # its own: marks are set in it

    def mark(self, index: int, partial: Partial) -> None:
        """Game ``index``'s move being built took one more action (``partial``'s last):
        its marks (:meth:`Observer.step_marks`) are set."""
        masks = self._masks[index]
        for entry in self._observer.step_marks(partial):
            masks[entry // 52] |= 1 << entry % 52

    def copy(self, index: int, other: BatchRows) -> None:
        """Game ``index``'s row is that of the same game in ``other``, marks and all."""
        self._masks[index] = list(other._masks[index])
        self._tails[index] = other._tails[index]

    def array(self) -> Any:
        """Every game's row, a fresh float32 array ``(count, size)`` (the caller's own)."""
        return rows_array(self._observer, self._masks, self._tails)


def rows_array(observer: Observer, masks: Sequence[Sequence[int]], tails: Sequence[bytes]) -> Any:
    """The float32 rows ``(len(tails), observer.size)`` of games given as their parts: each
    game's :attr:`Observer.blocks` card masks (bit ``i`` of mask ``b`` is entry ``52 * b + i``)
    and the bytes of the numbers after them."""
    count, blocks = len(tails), observer.blocks
    if not blocks:
        return np.frombuffer(bytearray().join(tails), np.float32).reshape(count, -1)
    found = np.empty((count, observer.size), np.float32)
    raw = np.array(masks, "<u8").view(np.uint8).reshape(count, blocks, 8)
    bits = np.unpackbits(raw, axis=2, bitorder="little")[:, :, :52]  # bit i of each mask
    found[:, : 52 * blocks] = bits.reshape(count, 52 * blocks)
    found[:, 52 * blocks :] = np.frombuffer(b"".join(tails), np.float32).reshape(count, -1)
    return found


def game_seeds(seed: int | Sequence[int] | None, count: int) -> list[int | None]:
    """The seed of each of ``count`` games' streams: ``seed + i``, the list as given (its
    length checked), or None each (fresh streams). Seeds are whole numbers from 0 (numpy's
    too, as Gymnasium's are); anything else is refused with a reason.

    >>> game_seeds(10, 3), game_seeds([4, 4], 2), game_seeds(None, 2)
    ([10, 11, 12], [4, 4], [None, None])
    """
    if seed is None:
        return [None] * count
    one = _whole(seed)
    if one is not None:
        return [one + i for i in range(count)]
    try:
        listed = list(seed)  # type: ignore[arg-type]
    except TypeError:
        raise IllegalMove("rl.batch.bad_seed", seed=i18n.shown(seed)) from None
    found: list[int | None] = []
    for item in listed:
        each = _whole(item)
        if each is None:
            raise IllegalMove("rl.batch.bad_seed", seed=i18n.shown(item))
        found.append(each)
    if len(found) != count:
        raise IllegalMove("rl.batch.seed_count", seeds=len(found), games=count)
    return found


def _whole(value: object) -> int | None:
    """``value`` as a whole number from 0 (a numpy integer too), else None; a negative one or
    a bool is refused at once."""
    if isinstance(value, (str, bytes)):
        return None
    try:
        found = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None
    if isinstance(value, bool) or found < 0:
        raise IllegalMove("rl.batch.bad_seed", seed=i18n.shown(value))
    return int(found)


def action_list(actions: Any, count: int) -> list[Any]:
    """``actions`` as a list of ``count`` items (numpy integers as ints); a wrong length or
    something that is not a sequence is refused with a reason."""
    try:
        found = actions.tolist() if isinstance(actions, np.ndarray) else list(actions)
    except TypeError:
        raise IllegalMove("rl.batch.not_actions", actions=i18n.shown(actions)) from None
    if not isinstance(found, list) or len(found) != count:
        length = len(found) if isinstance(found, list) else 1
        raise IllegalMove("rl.batch.action_count", actions=length, games=count)
    return found


def next_partials(partials: Sequence[Partial | None], actions: list[Any]) -> list[Any]:
    """Each game's move one action further (None where ``partials`` has None: a game to
    reset, its action ignored); a refused action raises :class:`IllegalMove` naming the game
    and the reason, before anything changed."""
    found: list[Any] = []
    for index, (partial, action) in enumerate(zip(partials, actions, strict=True)):
        if partial is None:
            found.append(None)
            continue
        try:
            found.append(partial.then(action))
        except IllegalMove as err:
            raise IllegalMove("rl.batch.refused", game=index, reason=err) from err
    return found


class BatchedGames:
    """``num_envs`` two-seat games of ``game`` stepped together (see the module's docstring);
    ``rules`` are the game's :class:`Rules` (default: the seed rules). Make it with
    :func:`cardwidgets.rl.batched_env`."""

    def __init__(self, game: str, num_envs: int, *, rules: Any = None) -> None:
        self._actions = actions_of(game)
        self.game = self._actions.game
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise IllegalMove("rl.batch.num_envs", num_envs=i18n.shown(num_envs))
        self.num_envs, self.rules = num_envs, rules
        self._observer, self._module = observer_of(self.game), _MODULES[self.game]
        self.metadata = {"autoreset_mode": AUTORESET_MODE, "name": f"cardwidgets_{self.game}"}
        self.single_observation_space = feature_space(self.game)
        self.single_action_space = spaces.Discrete(self._actions.size)
        size = self._observer.size
        self.observation_space = spaces.Box(-1e4, 1e4, (num_envs, size), np.float32)
        self.action_space = spaces.MultiDiscrete([self._actions.size] * num_envs)
        self._streams = [random.Random(secrets.randbits(64)) for _ in range(num_envs)]
        self.states: list[Any] = [None] * num_envs
        """Each game's engine state (full information: for tests and teachers)."""
        self.partials: list[Partial | None] = [None] * num_envs
        """Each game's move being built (None for a game that ended, reset at the next step)."""
        self._rows = BatchRows(self._observer, num_envs)
        self._seats = [0] * num_envs
        self.reset()  # dealt from fresh streams: every method works before the first reset

    def reset(
        self, *, seed: int | Sequence[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        """Deal every game anew: game ``i`` from its stream seeded ``seed + i`` (or
        ``seed[i]``; fresh streams for None, and the streams go on when not given)."""
        for index, game_seed in enumerate(game_seeds(seed, self.num_envs)):
            if game_seed is not None:
                self._streams[index] = random.Random(game_seed)
            self._deal(index)
        return self._observation(), self._info()

    def _deal(self, index: int) -> None:
        seed = self._streams[index].getrandbits(63)
        self._start(index, self._module.new_game(seed=seed, rules=self.rules))

    def _start(self, index: int, state: Any) -> None:
        partial = self._actions.start(state)  # first: an ended game is refused unchanged
        self.states[index], self.partials[index] = state, partial
        self._seats[index] = seat = state.to_move
        self._rows.set(index, state, seat)

    def load(self, index: int, state: Any) -> None:
        """Game ``index`` goes on from ``state`` (a position of this game that is not over,
        e.g. a teacher's puzzle); its stream of later games is unchanged."""
        if index.__class__ is not int or not 0 <= index < self.num_envs:
            raise IllegalMove("rl.batch.no_game", game=i18n.shown(index), last=self.num_envs - 1)
        if actions_of(state).game != self.game:
            raise IllegalMove("rl.game.unknown", game=i18n.shown(state), games=self.game)
        self._start(index, state)

    def step(self, actions: Any) -> tuple[Any, Any, Any, Any, dict[str, Any]]:
        """One action per game; ``(observation, rewards, terminated, truncated, info)``, the
        rewards ``(num_envs, 2)`` by seat. A refused action raises :class:`IllegalMove`
        naming the game, and no game changes."""
        found = next_partials(self.partials, action_list(actions, self.num_envs))
        rewards = np.zeros((self.num_envs, 2), np.float32)
        terminated = np.zeros(self.num_envs, np.bool_)
        mark = self._rows.mark
        for index, partial in enumerate(found):
            if partial is None:  # ended at the last step: its next game (NextStep)
                self._deal(index)
            elif partial.move is None:  # the move goes on: only this action's marks are new
                self.partials[index] = partial
                mark(index, partial)
            else:
                state = self.states[index].play(partial.move)
                if state.is_over:
                    self._finish(index, state, rewards[index])
                    terminated[index] = True
                else:
                    self._start(index, state)
        return (
            self._observation(),
            rewards,
            terminated,
            np.zeros(self.num_envs, np.bool_),
            self._info(),
        )

    def _finish(self, index: int, state: Any, rewards: Any) -> None:
        """Game ``index`` ended in ``state``: its rewards, and the final observation of the
        seat that made the last move."""
        winner = state.outcome.winner
        if winner is not None:
            rewards[winner], rewards[1 - winner] = 1.0, -1.0
        self.states[index], self.partials[index] = state, None
        self._rows.set(index, state, self._seats[index])

    def _observation(self) -> Any:
        return self._rows.array()

    def action_mask(self) -> Any:
        """Every game's mask of legal actions (int8, ``(num_envs, actions)``; all zeros for
        a game that ended)."""
        return masks_array(self.partials, self._actions.size)

    @property
    def to_move(self) -> Any:
        """The seat to move in each game (int8; a game that ended: the seat that moved last)."""
        return np.array(self._seats, np.int8)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_mask(), "to_move": self.to_move}

    def observe(self, seat: int) -> Any:
        """Every game's observation of ``seat`` (0 or 1), the one to move with its marks."""
        seat = check_seat(seat)
        rows = BatchRows(self._observer, self.num_envs)
        for index, state in enumerate(self.states):
            if seat == self._seats[index]:
                rows.copy(index, self._rows)
            else:
                rows.set(index, state, seat)
        return rows.array()

    def close(self) -> None:
        """Nothing to release."""
