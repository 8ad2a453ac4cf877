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
:meth:`~cardwidgets.rl.observations.Observer.seat_bytes` of the seat, from its view's fields.
**Cost**: a row is the game's kept bytes (made once per move, each action's marks added to a
copy), a mask one kept bytes object per set of legal actions; a step joins them into the
arrays once for the whole batch.

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
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.pettingzoo import feature_space

__all__ = ["AUTORESET_MODE", "BatchedGames", "MaskBytes", "RowMarks", "game_seeds"]

AUTORESET_MODE: Final = AutoresetMode.NEXT_STEP
"""The autoreset rule (Gymnasium's enum, which its vector wrappers read from the metadata)."""

_MODULES: Final[dict[str, Any]] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
_ONE: Final = np.float32(1.0).tobytes()  # the bytes of a mark


class MaskBytes(dict[tuple[int, ...], bytes]):
    """The int8 mask bytes of each set of legal actions, made on first use and kept (the same
    few sets recur all game long; started again past 4,096 sets, as the engines' caches do).

    >>> MaskBytes(5)[(1, 3)]
    b'\\x00\\x01\\x00\\x01\\x00'
    """

    def __init__(self, size: int) -> None:
        super().__init__()
        self.size = size
        self.none = bytes(size)  # the mask of a game over or of the seat not to move

    def __missing__(self, legal: tuple[int, ...]) -> bytes:
        found = bytearray(self.size)
        for action in legal:
            found[action] = 1
        if len(self) >= 4096:
            self.clear()
        made = self[legal] = bytes(found)
        return made


class RowMarks:
    """A seat's observation row while it builds a move: its plain bytes with each action's
    marks (:meth:`Observer.step_marks`) set to 1 on a copy of its own, one action at a time."""

    __slots__ = ("row",)

    def __init__(self, plain: bytes, marks: Sequence[int]) -> None:
        self.row = bytearray(plain)
        self.add(marks)

    def add(self, marks: Sequence[int]) -> None:
        """Set the entries ``marks`` to 1.0."""
        row = self.row
        for index in marks:
            row[4 * index : 4 * index + 4] = _ONE


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
        self._masks = MaskBytes(self._actions.size)
        self._streams = [random.Random(secrets.randbits(64)) for _ in range(num_envs)]
        self.states: list[Any] = [None] * num_envs
        """Each game's engine state (full information: for tests and teachers)."""
        self.partials: list[Partial | None] = [None] * num_envs
        """Each game's move being built (None for a game that ended, reset at the next step)."""
        self._rows: list[bytes] = [b""] * num_envs
        self._marks: list[RowMarks | None] = [None] * num_envs
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
        self._rows[index] = self._observer.seat_bytes(state, seat)
        self._marks[index] = None

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
        step_marks = self._observer.step_marks
        for index, partial in enumerate(found):
            if partial is None:  # ended at the last step: its next game (NextStep)
                self._deal(index)
            elif partial.move is None:  # the move goes on: only this action's marks are new
                self.partials[index] = partial
                marks = self._marks[index]
                if marks is None:
                    marks = self._marks[index] = RowMarks(self._rows[index], ())
                marks.add(step_marks(partial))
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
        self.states[index], self.partials[index], self._marks[index] = state, None, None
        self._rows[index] = self._observer.seat_bytes(state, self._seats[index])

    def _observation(self) -> Any:
        rows = [
            marks.row if marks is not None else row
            for row, marks in zip(self._rows, self._marks, strict=True)
        ]
        joined = bytearray().join(rows)  # one copy: the arrays are the caller's own
        return np.frombuffer(joined, np.float32).reshape(self.num_envs, -1)

    def action_mask(self) -> Any:
        """Every game's mask of legal actions (int8, ``(num_envs, actions)``; all zeros for
        a game that ended)."""
        masks = self._masks
        joined = bytearray().join(
            masks.none if p is None else masks[p.legal_actions()] for p in self.partials
        )
        return np.frombuffer(joined, np.int8).reshape(self.num_envs, -1)

    @property
    def to_move(self) -> Any:
        """The seat to move in each game (int8; a game that ended: the seat that moved last)."""
        return np.array(self._seats, np.int8)

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self.action_mask(), "to_move": self.to_move}

    def observe(self, seat: int) -> Any:
        """Every game's observation of ``seat`` (0 or 1), the one to move with its marks."""
        seat = check_seat(seat)
        rows = []
        for index, state in enumerate(self.states):
            marks = self._marks[index]
            if seat == self._seats[index]:
                rows.append(marks.row if marks is not None else self._rows[index])
            else:
                rows.append(self._observer.seat_bytes(state, seat))
        return np.frombuffer(bytearray().join(rows), np.float32).reshape(self.num_envs, -1)

    def close(self) -> None:
        """Nothing to release."""
