"""A Gymnasium environment: one learner plays a seat of a game against any of our players.

The learner builds its moves with the actions of :mod:`cardwidgets.rl.actions`; after each
completed move the opponent (``"random"``, ``"greedy"``, ``"expert"``, or any object with
``choose(state)``) plays until it is the learner's turn again. Observations are the dict of
:func:`cardwidgets.rl.pettingzoo.observation_space` (``observation`` and ``action_mask``, from
the learner's view only); ``info["action_mask"]`` repeats the mask for libraries that look
there. The reward is +1 for a win, -1 for a loss, 0 for a draw, given when the game ends.

**Illegal actions** (an action the mask refuses): with ``illegal="lose"`` (the default, so
that a learner that ignores the mask still trains) the episode ends at once as a loss:
reward -1, ``terminated`` True, and ``info["illegal"]`` says why (the position is unchanged).
With ``illegal="raise"`` the step raises :class:`cardwidgets.IllegalMove` and nothing changes.

>>> from cardwidgets.rl import gym_env
>>> env = gym_env("pazaak", opponent="greedy")
>>> observation, info = env.reset(seed=3)
>>> int(info["action_mask"].sum()) > 0
True
>>> _, reward, terminated, _, info = env.step(34)   # 'play 3&6': not in the learner's hand
>>> reward, terminated, "not legal" in info["illegal"]
(-1.0, True, True)
"""

from __future__ import annotations

from typing import Any, cast

import gymnasium
import numpy as np

from cardwidgets import bots, i18n
from cardwidgets.core import IllegalMove, check_seat
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.i18n import TranslatedError
from cardwidgets.rl.actions import Partial, actions_of
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.pettingzoo import mask_array, observation_space

__all__ = ["ILLEGAL_RULES", "LearnerEnv", "OptionError", "make_opponent"]

ILLEGAL_RULES = ("lose", "raise")
"""What an illegal action does: end the episode as a loss, or raise :class:`IllegalMove`."""


class OptionError(TranslatedError):
    """An option of an environment that it does not know; the message lists the known ones."""


_MODULES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}


def make_opponent(spec: Any, seed: int) -> Any:
    """A player by name, or a given player reseeded (if it can be), or any ``choose``-r; for
    anything else :class:`OptionError` names what an opponent can be.

    >>> type(make_opponent("greedy", seed=1)).__name__
    'GreedyPlayer'
    """
    if isinstance(spec, str) or hasattr(spec, "reseeded"):
        return bots.make(spec, seed=seed)
    if not callable(getattr(spec, "choose", None)):
        raise OptionError("rl.bad_opponent", opponent=i18n.shown(spec))
    return spec


class LearnerEnv(gymnasium.Env[dict[str, Any], int]):
    """One learner at ``seat`` (0 or 1) against ``opponent``; see the module's docstring.
    Make it with :func:`cardwidgets.rl.gym_env`."""

    def __init__(
        self,
        game: str,
        opponent: Any = "greedy",
        *,
        seat: int = 0,
        rules: Any = None,
        illegal: str = "lose",
        render_mode: str | None = None,
    ) -> None:
        self._actions = actions_of(game)
        self.game = self._actions.game
        if illegal not in ILLEGAL_RULES:
            raise OptionError("rl.illegal_rule", rule=illegal, rules=", ".join(ILLEGAL_RULES))
        self.seat, self.rules, self.illegal = check_seat(seat), rules, illegal
        self.opponent_spec = opponent
        self.opponent = make_opponent(opponent, 0)
        self.metadata = {"render_modes": ["ansi"]}
        self.render_mode = render_mode
        self._observer = observer_of(self.game)
        self.observation_space = observation_space(self.game)
        self.action_space = cast(
            "gymnasium.spaces.Space[int]", gymnasium.spaces.Discrete(self._actions.size)
        )
        self._state: Any = None

    @property
    def state(self) -> Any:
        """The engine state (full information: for tests and teachers, not for the learner)."""
        return self._state

    @property
    def partial(self) -> Partial | None:
        """The learner's move being built (None once the game is over)."""
        return self._partial

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """A new game dealt from the environment's random numbers (``seed`` fixes them); the
        opponent is reseeded from them too, and moves first if its seat begins."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(2**62))
        self.opponent = make_opponent(self.opponent_spec, game_seed)
        state = _MODULES[self.game].new_game(seed=game_seed, rules=self.rules)
        self._state = self._opponent_plays(state)
        self._partial = self._actions.start(self._state) if not self._state.is_over else None
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; a completed move is played, then the opponent's."""
        if self._partial is None:
            raise IllegalMove("move.game_over")
        try:
            partial = self._partial.then(action)
        except IllegalMove as err:
            if self.illegal == "raise":
                raise
            self._partial = None
            return self._observe(), -1.0, True, False, {**self._info(), "illegal": str(err)}
        if partial.move is None:
            self._partial = partial
            return self._observe(), 0.0, False, False, self._info()
        self._state = self._opponent_plays(self._state.play(partial.move))
        if self._state.is_over:
            self._partial = None
            return self._observe(), self._reward(), True, False, self._info()
        self._partial = self._actions.start(self._state)
        return self._observe(), 0.0, False, False, self._info()

    def _opponent_plays(self, state: Any) -> Any:
        while not state.is_over and state.to_move != self.seat:
            state = state.play(self.opponent.choose(state))
        return state

    def _reward(self) -> float:
        winner = self._state.outcome.winner
        return 0.0 if winner is None else (1.0 if winner == self.seat else -1.0)

    def _mask(self) -> Any:
        return mask_array(self._partial, self._actions.size)

    def _observe(self) -> dict[str, Any]:
        # The view's numbers without making the view (Observer.seat_array), then the marks
        # of the move being built.
        observer = self._observer
        features = observer.seat_array(self._state, self.seat)
        for index in observer.marks(self._partial):
            features[index] = 1.0
        return {"observation": np.frombuffer(features, np.float32), "action_mask": self._mask()}

    def _info(self) -> dict[str, Any]:
        return {"action_mask": self._mask()}

    def action_masks(self) -> Any:
        """The mask of legal actions (the method sb3-contrib's MaskablePPO calls)."""
        return self._mask()

    def render(self) -> str | None:
        """``ansi``: the learner's view as text (never the hidden cards)."""
        if self.render_mode != "ansi" or self._state is None:
            return None
        return str(dict(self._state.view(self.seat)))
