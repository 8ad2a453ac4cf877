"""A Gymnasium environment: one learner plays a seat of a game against any of our players.

The learner builds its moves with the actions of :mod:`cardwidgets.rl.actions`; after each
completed move the opponent (``"random"``, ``"greedy"``, ``"expert"``, or any object with
``choose(state)``) plays until it is the learner's turn again. Observations are the dict of
:func:`cardwidgets.rl.pettingzoo.observation_space` (``observation`` and ``action_mask``, from
the learner's view only); ``info["action_mask"]`` repeats the mask for libraries that look
there (the same array as the observation's: one mask per step). Every step's arrays are the
learner's own, which it may change: copies of numbers and masks the environment keeps (the
numbers per position, the masks per set of legal actions), so a step builds neither anew.
The reward is +1 for a win, -1 for a loss, 0 for a draw, given when the game ends.

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

import array
from typing import Any, cast

import gymnasium
import numpy as np

from cardwidgets import bots, i18n
from cardwidgets.core import IllegalMove, check_seat
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.i18n import TranslatedError
from cardwidgets.rl.actions import Partial, actions_of
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.pettingzoo import observation_space, shared_mask

__all__ = [
    "ILLEGAL_RULES",
    "LearnerEnv",
    "OptionError",
    "draw_game_seed",
    "make_opponent",
    "reseeded_opponent",
]

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


def draw_game_seed(generator: Any) -> int:
    """The seed of the next game from ``generator`` (a numpy ``Generator``, as Gymnasium's
    ``np_random``): ``int(generator.integers(2**62))``, the same number and the same draw,
    read as the generator's next raw 64 bits (numpy's bounded draw of a power-of-two range
    is the top bits of one raw draw; tests hold the two equal): a ninth of the time.

    >>> import numpy as np
    >>> draw_game_seed(np.random.default_rng(4)) == int(np.random.default_rng(4).integers(2**62))
    True
    """
    found: int = generator.bit_generator.random_raw() >> 2
    return found


def reseeded_opponent(template: Any, spec: Any, seed: int) -> Any:
    """:func:`make_opponent` of ``spec`` and ``seed``, made as a reseeded copy of
    ``template`` (``make_opponent(spec, ...)`` made once, never played): a player reseeded
    is the player made anew with that seed, and making one by name checks its options
    again, which costs more than a short game.

    >>> template = make_opponent("random", seed=0)
    >>> repr(reseeded_opponent(template, "random", 5)) == repr(make_opponent("random", seed=5))
    True
    """
    if (isinstance(spec, str) or hasattr(spec, "reseeded")) and hasattr(template, "reseeded"):
        return template.reseeded(seed)
    return make_opponent(spec, seed)


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
        self.opponent = self._template = make_opponent(opponent, 0)
        self.metadata = {"render_modes": ["ansi"]}
        self.render_mode = render_mode
        self._observer = observer_of(self.game)
        self.observation_space = observation_space(self.game)
        self.action_space = cast(
            "gymnasium.spaces.Space[int]", gymnasium.spaces.Discrete(self._actions.size)
        )
        self._state: Any = None
        self._partial: Partial | None = None
        self._plain = bytes(4 * self._observer.size)
        self._marked: array.array[float] | None = None
        self._masks: dict[int, Any] = {}  # read-only masks by legal actions (shared_mask)
        self._no_mask = np.frombuffer(bytes(self._actions.size), np.int8)
        self._shown_mask = self._no_mask

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
        game_seed = draw_game_seed(self.np_random)
        self.opponent = reseeded_opponent(self._template, self.opponent_spec, game_seed)
        state = _MODULES[self.game].new_game(seed=game_seed, rules=self.rules)
        return self._after_move(state)[0], {"action_mask": self._shown_mask}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """The learner takes ``action``; a completed move is played, then the opponent's."""
        partial = self._partial
        if partial is None:
            raise IllegalMove("move.game_over")
        try:
            partial = partial.then(action)
        except IllegalMove as err:
            if self.illegal == "raise":
                raise
            self._partial, self._marked = None, None  # the position's numbers, no marks
            observation = self._observe()
            info = {"action_mask": self._shown_mask, "illegal": str(err)}
            return observation, -1.0, True, False, info
        if partial.move is None:  # the move goes on: only this action's marks are new
            self._partial = partial
            marked = self._marked
            if marked is None:
                marked = self._marked = array.array("f")
                marked.frombytes(self._plain)
                for index in self._observer.marks(partial):
                    marked[index] = 1.0
            else:
                for index in self._observer.step_marks(partial):
                    marked[index] = 1.0
            return self._observe(), 0.0, False, False, {"action_mask": self._shown_mask}
        observation, over = self._after_move(self._state.play(partial.move))
        reward = self._reward() if over else 0.0
        return observation, reward, over, False, {"action_mask": self._shown_mask}

    def _after_move(self, state: Any) -> tuple[dict[str, Any], bool]:
        """The opponent answers ``state`` until the learner is to move (or the game ends);
        the learner's observation then, and whether the game is over."""
        seat, opponent = self.seat, self.opponent
        while not state.is_over and state.to_move != seat:
            state = state.play(opponent.choose(state))
        self._state = state
        # The learner's numbers of this position (the view's, without making the view),
        # kept while it builds its move: each later action adds only its own marks.
        self._plain, self._marked = self._observer.seat_bytes(state, seat), None
        over = state.is_over
        self._partial = None if over else self._actions.start(state)
        return self._observe(), over

    def _reward(self) -> float:
        winner = self._state.outcome.winner
        return 0.0 if winner is None else (1.0 if winner == self.seat else -1.0)

    def _mask(self) -> Any:
        partial = self._partial
        return self._no_mask if partial is None else shared_mask(self._masks, partial)

    def _observe(self) -> dict[str, Any]:
        # Copies of the kept numbers and mask: the learner's own arrays, which it may change.
        marked = self._marked
        numbers = bytearray(self._plain if marked is None else marked)
        mask = self._shown_mask = self._mask().copy()
        return {"observation": np.frombuffer(numbers, np.float32), "action_mask": mask}

    def action_masks(self) -> Any:
        """The mask of legal actions (the method sb3-contrib's MaskablePPO calls)."""
        return self._mask().copy()

    def render(self) -> str | None:
        """``ansi``: the learner's view as text (never the hidden cards)."""
        if self.render_mode != "ansi" or self._state is None:
            return None
        return str(dict(self._state.view(self.seat)))
