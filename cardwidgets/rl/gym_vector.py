"""Gymnasium's vector API for the learner environment: ``num_envs`` learners per call.

:class:`LearnerVectorEnv` is a :class:`gymnasium.vector.VectorEnv`: game ``i`` is what
:func:`cardwidgets.rl.gym_env` plays after ``reset(seed=seed + i)`` (the same games, the same
opponent's moves, the same observations: tests/test_rl_batched.py holds them equal), but all
games are stepped by one call, with numpy arrays of one row per game. The observation is the
batched dict of the single environment (``observation`` float32 ``(num_envs, size)``,
``action_mask`` int8 ``(num_envs, actions)``); ``info["action_mask"]`` repeats the mask.
Autoreset is Gymnasium's default ``NextStep``: the step that ends a game returns its final
observation and reward; the next step ignores that game's action and starts its next game.

Illegal actions: ``illegal="lose"`` (the default) ends that game as a loss (reward -1,
``info["illegal"]`` says why, ``info["_illegal"]`` marks the games), the others step on;
``illegal="raise"`` raises :class:`cardwidgets.IllegalMove` naming the game, and no game
changes.

>>> from cardwidgets.rl.gym_vector import LearnerVectorEnv
>>> envs = LearnerVectorEnv("pazaak", 3, opponent="random")
>>> observation, info = envs.reset(seed=1)
>>> observation["observation"].shape, observation["action_mask"].shape
((3, 125), (3, 35))
>>> observation, reward, terminated, truncated, info = envs.step([1, 1, 1])   # all stand
>>> reward.shape, terminated.shape
((3,), (3,))
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium.utils import seeding
from gymnasium.vector.utils import batch_space

from cardwidgets import i18n
from cardwidgets.core import IllegalMove, check_seat
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.rl.actions import Partial, actions_of
from cardwidgets.rl.batched import (
    AUTORESET_MODE,
    BatchRows,
    action_list,
    game_seeds,
    masks_array,
    next_partials,
)
from cardwidgets.rl.gym import (
    ILLEGAL_RULES,
    OptionError,
    draw_game_seed,
    make_opponent,
    reseeded_opponent,
)
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.pettingzoo import observation_space

__all__ = ["LearnerVectorEnv"]

_MODULES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}


class LearnerVectorEnv(gymnasium.vector.VectorEnv[dict[str, Any], Any, Any]):
    """``num_envs`` learners at ``seat`` against ``opponent`` (see the module's docstring);
    make it with :func:`cardwidgets.rl.gym_vector_env`."""

    def __init__(
        self,
        game: str,
        num_envs: int,
        opponent: Any = "greedy",
        *,
        seat: int = 0,
        rules: Any = None,
        illegal: str = "lose",
    ) -> None:
        self._actions = actions_of(game)
        self.game = self._actions.game
        if isinstance(num_envs, bool) or not isinstance(num_envs, int) or num_envs < 1:
            raise IllegalMove("rl.batch.num_envs", num_envs=i18n.shown(num_envs))
        if illegal not in ILLEGAL_RULES:
            raise OptionError("rl.illegal_rule", rule=illegal, rules=", ".join(ILLEGAL_RULES))
        self.num_envs, self.seat, self.rules, self.illegal = (
            num_envs,
            check_seat(seat),
            rules,
            illegal,
        )
        self.opponent_spec = opponent
        # A bad opponent is refused now, not at the first reset; each game's is reseeded
        # from this one (reseeded_opponent).
        self._template = make_opponent(opponent, 0)
        self.metadata = {"autoreset_mode": AUTORESET_MODE, "render_modes": []}
        self.render_mode = None
        self.single_observation_space = observation_space(self.game)
        self.single_action_space = gymnasium.spaces.Discrete(self._actions.size)
        self.observation_space = batch_space(self.single_observation_space, num_envs)
        self.action_space = batch_space(self.single_action_space, num_envs)
        self._observer, self._module = observer_of(self.game), _MODULES[self.game]
        self._streams = [seeding.np_random()[0] for _ in range(num_envs)]
        self.opponents: list[Any] = [None] * num_envs
        """Each game's opponent (reseeded at each of its games, as the single env's)."""
        self.states: list[Any] = [None] * num_envs
        """Each game's engine state (full information: for tests and teachers)."""
        self.partials: list[Partial | None] = [None] * num_envs
        """Each game's move being built (None once its game ended: reset at the next step)."""
        self._rows = BatchRows(self._observer, num_envs)
        self.reset()  # dealt from fresh streams: every method works before the first reset

    def reset(
        self, *, seed: int | list[int] | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Every game anew: game ``i`` from its stream seeded ``seed + i`` (or ``seed[i]``;
        the streams go on when no seed is given)."""
        seeds = game_seeds(seed, self.num_envs)  # checked first: a bad seed changes nothing
        if seed is not None:  # the vector env's own generator (Gymnasium's VectorEnv.reset)
            self._np_random, self._np_random_seed = seeding.np_random(seeds[0])
        for index, game_seed in enumerate(seeds):
            if game_seed is not None:
                self._streams[index] = seeding.np_random(game_seed)[0]
            self._deal(index)
        observation = self._observation()
        return observation, self._info(observation)

    def _deal(self, index: int) -> None:
        # As LearnerEnv.reset: the game's seed from the stream, the opponent reseeded from it.
        game_seed = draw_game_seed(self._streams[index])
        opponent = self.opponents[index] = reseeded_opponent(
            self._template, self.opponent_spec, game_seed
        )
        state = self._module.new_game(seed=game_seed, rules=self.rules)
        self._start(index, self._opponent_plays(opponent, state))

    def _start(self, index: int, state: Any) -> None:
        self.states[index] = state
        self.partials[index] = None if state.is_over else self._actions.start(state)
        self._rows.set(index, state, self.seat)

    def _opponent_plays(self, opponent: Any, state: Any) -> Any:
        seat = self.seat
        while not state.is_over and state.to_move != seat:
            state = state.play(opponent.choose(state))
        return state

    def step(self, actions: Any) -> tuple[dict[str, Any], Any, Any, Any, dict[str, Any]]:
        """One action per game; ``(observation, reward, terminated, truncated, info)``."""
        actions = action_list(actions, self.num_envs)
        if self.illegal == "raise":
            next_partials(self.partials, actions)  # every action checked before any is taken
        reward = np.zeros(self.num_envs)
        terminated = np.zeros(self.num_envs, np.bool_)
        illegal: dict[int, str] = {}
        for index, action in enumerate(actions):
            partial = self.partials[index]
            if partial is None:  # its game ended at the last step (NextStep)
                self._deal(index)
                continue
            try:
                partial = partial.then(action)
            except IllegalMove as err:  # only with illegal="lose": checked above otherwise
                illegal[index] = str(err)
                self.partials[index] = None
                reward[index], terminated[index] = -1.0, True
                continue
            reward[index], terminated[index] = self._take(index, partial)
        observation = self._observation()
        info = self._info(observation)
        if illegal:
            info["illegal"] = np.array([illegal.get(i) for i in range(self.num_envs)], object)
            info["_illegal"] = np.array([i in illegal for i in range(self.num_envs)])
        return observation, reward, terminated, np.zeros(self.num_envs, np.bool_), info

    def _take(self, index: int, partial: Partial) -> tuple[float, bool]:
        """Game ``index``'s learner took an action: the move goes on, or it is played and the
        opponent answers; the reward and whether the game ended."""
        if partial.move is None:
            self.partials[index] = partial
            self._rows.mark(index, partial)
            return 0.0, False
        state = self.states[index].play(partial.move)
        self._start(index, self._opponent_plays(self.opponents[index], state))
        state = self.states[index]
        if not state.is_over:
            return 0.0, False
        winner = state.outcome.winner
        return (0.0 if winner is None else 1.0 if winner == self.seat else -1.0), True

    def _observation(self) -> dict[str, Any]:
        return {
            "observation": self._rows.array(),
            "action_mask": masks_array(self.partials, self._actions.size),
        }

    def _info(self, observation: dict[str, Any]) -> dict[str, Any]:
        return {
            "action_mask": observation["action_mask"].copy(),
            "_action_mask": np.ones(self.num_envs, np.bool_),
        }

    def action_masks(self) -> Any:
        """Every game's mask of legal actions, ``(num_envs, actions)``."""
        return self._observation()["action_mask"]
