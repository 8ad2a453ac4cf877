"""A PettingZoo AEC environment for each game: two agents, factored actions with masks.

``player_0`` and ``player_1`` are the seats. The agent to move builds its move with the
actions of :mod:`cardwidgets.rl.actions` (so it may act several times in a row); the
observation is a float32 vector (a ``Box``, as PettingZoo's ``api_test`` asks) built from the
seat's view (:mod:`cardwidgets.rl.observations`), and the agent's action mask (int8) is in its
info, ``infos[agent]["action_mask"]`` (what ``env.last()`` returns), and
:meth:`CardGameEnv.action_mask` (read-only: masks are shared); the mask of the agent not to
move is all zeros. At the end both agents are rewarded: +1 for the winner, -1 for the loser,
0 each for a draw; there is no truncation (every game ends).

An action the mask refuses raises :class:`cardwidgets.IllegalMove` (the reason names the
legal actions) and changes nothing: the mask is given with every observation, so a learner that
ignores them has a bug to see, not a silent penalty. (:func:`cardwidgets.rl.gym_env` offers
the penalty rule for a single learner.)

>>> from cardwidgets.rl import env
>>> aec = env("pazaak")
>>> aec.reset(seed=1)
>>> observation, reward, done, truncated, info = aec.last()
>>> observation.dtype.name, observation.shape, int(info["action_mask"].sum()) > 0
('float32', (125,), True)
"""

from __future__ import annotations

import array
import random
import secrets
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from cardwidgets.cards import fresh_seed
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.rl.actions import Partial, actions_of
from cardwidgets.rl.observations import observer_of

__all__ = ["CardGameEnv", "feature_space", "mask_array", "observation_space", "shared_mask"]

_MODULES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
AGENTS = ("player_0", "player_1")
_SEATS = {agent: seat for seat, agent in enumerate(AGENTS)}
_LIMIT = 10_000.0  # no count or score of the three games comes near it
_MASKS_KEPT = 4096  # masks kept per environment, by their legal actions


def feature_space(game: str) -> spaces.Box:
    """The space of the feature vector of ``game`` (the AEC environment's observations)."""
    return spaces.Box(-_LIMIT, _LIMIT, (observer_of(game).size,), np.float32)


def observation_space(game: str) -> spaces.Dict:
    """The Gymnasium environment's observation space of ``game``: its feature vector and its
    action mask."""
    return spaces.Dict(
        {
            "observation": feature_space(game),
            "action_mask": spaces.Box(0, 1, (actions_of(game).size,), np.int8),
        }
    )


def mask_array(partial: Partial | None, size: int) -> Any:
    """The action mask of ``partial`` (all zeros for None) as a fresh int8 array."""
    legal = partial.legal_actions() if partial is not None else ()
    return np.frombuffer(bytearray(_mask_of(legal, size)), np.int8)


_ONE_AT = tuple(1 << 8 * action for action in range(64))  # byte ``action`` set to 1


def _mask_of(legal: tuple[int, ...], size: int) -> Any:
    # One int with a 1 byte per legal action, its bytes wrapped as an array: a third of the
    # time of setting bytes of a bytearray one by one, and read-only without a flag to set.
    bits = 0
    for action in legal:
        bits |= _ONE_AT[action]
    return np.frombuffer(bits.to_bytes(size, "little"), np.int8)


def shared_mask(masks: dict[int, Any], partial: Partial) -> Any:
    """The action mask of ``partial`` as a read-only int8 array kept in ``masks`` (by the
    legal actions' bits): the same few sets of legal actions recur all game long, so each
    gets one array, kept until there are too many (then the cache starts again, as the
    engines' do).

    >>> from cardwidgets import pazaak
    >>> from cardwidgets.rl.actions import actions_of
    >>> masks, partial = {}, actions_of("pazaak").start(pazaak.new_game(seed=1))
    >>> mask = shared_mask(masks, partial)
    >>> mask.tolist() == partial.mask(), mask.flags.writeable, shared_mask(masks, partial) is mask
    (True, False, True)
    """
    legal = partial.legal_bits()  # an int: hashed at once, where a tuple is hashed anew
    mask = masks.get(legal)
    if mask is None:
        if len(masks) >= _MASKS_KEPT:
            masks.clear()
        mask = masks[legal] = _mask_of(partial.legal_actions(), partial.size)
    return mask


class CardGameEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """The AEC environment of one game (see the module's docstring); ``rules`` are the game's
    :class:`Rules` (default: the seed rules). Make it with :func:`cardwidgets.rl.env`."""

    def __init__(self, game: str, rules: Any = None, render_mode: str | None = None) -> None:
        super().__init__()
        self._actions = actions_of(game)
        self.game = self._actions.game
        self._observer = observer_of(self.game)
        self._module = _MODULES[self.game]
        self.rules = rules
        self.render_mode = render_mode
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"cardwidgets_{self.game}_v0",
            "is_parallelizable": False,
        }
        self.possible_agents = list(AGENTS)
        self.agents = list(AGENTS)
        space = feature_space(self.game)
        self.observation_spaces = dict.fromkeys(AGENTS, space)
        self.action_spaces = {a: spaces.Discrete(self._actions.size) for a in AGENTS}
        self._no_mask = _mask_of((), self._actions.size)  # read-only: shared by every info
        self._masks: dict[int, Any] = {}
        self._seeds = random.Random(secrets.randbits(64))
        self._reset_game(self._module.new_game(seed=fresh_seed(), rules=rules))

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # -- the game ----------------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The engine state of the game being played (full information: for tests and
        teachers, never handed to an agent)."""
        return self._state

    @property
    def partial(self) -> Partial:
        """The move being built by the agent to move."""
        return self._partial

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game: dealt from ``seed``, or from the next seed of the last seeded
        reset (so a seeded run of resets repeats)."""
        if seed is not None:
            self._seeds = random.Random(seed)
        game_seed = self._seeds.getrandbits(63)
        self._reset_game(self._module.new_game(seed=game_seed, rules=self.rules))

    def _reset_game(self, state: Any) -> None:
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in AGENTS}
        self._over = False  # the game has ended: every step is a dead agent's
        self._state = state
        self._start(state)

    def _start(self, state: Any) -> None:
        """The seat to move in ``state`` starts building its move."""
        self._partial = self._actions.start(state)
        self._seat = seat = state.to_move
        self.agent_selection = agent = AGENTS[seat]
        self.infos[AGENTS[1 - seat]] = {"action_mask": self._no_mask}
        self._set_mask(agent)
        # Each seat's numbers of this position, made when first observed (their bytes), and
        # the seat to move's with its marks so far (array.array: item writes cost a fraction
        # of numpy's).
        self._plain: list[bytes | None] = [None, None]
        self._marked: array.array[float] | None = None
        self._shown: dict[str, Any] = {}

    def _set_mask(self, agent: str) -> None:
        self.infos[agent] = {"action_mask": shared_mask(self._masks, self._partial)}

    def step(self, action: int | None) -> None:
        """The agent to move takes ``action``; a completed move is played at once."""
        if self._over:
            self._was_dead_step(action)
            return
        # Rewards come only at the end, when both agents are terminated: the agent to move
        # has no reward to collect (its _cumulative_rewards entry stays 0 all game).
        partial = self._partial.then(action)  # refuses a masked action, nothing changed
        if partial.move is None:
            self._partial = partial
            self._set_mask(self.agent_selection)
            self._shown = {}
            marked = self._marked
            if marked is not None:  # only the new action's marks are new
                for index in self._observer.step_marks(partial):
                    marked[index] = 1.0
            return
        self._state = state = self._state.play(partial.move)
        if state.is_over:
            self._finish(state)
            self._accumulate_rewards()  # the only rewards: every other step's are 0
        else:
            self._start(state)

    def _finish(self, state: Any) -> None:
        winner = state.outcome.winner
        self._over, self._plain, self._marked, self._shown = True, [None, None], None, {}
        for seat, agent in enumerate(AGENTS):
            self.rewards[agent] = 0.0 if winner is None else (1.0 if winner == seat else -1.0)
            self.terminations[agent] = True
            self.infos[agent] = {"action_mask": self._no_mask}

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """The agent to move's observation, reward, termination, truncation and info
        (PettingZoo's ``last``, with the observation from :meth:`observe`'s cache)."""
        agent = self.agent_selection
        return (
            self.observe(agent) if observe else None,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def observe(self, agent: str) -> Any:
        """The observation of ``agent``: the features of its seat's view and, while it builds
        a move, of the actions it took (a float32 array of its own: the same array until a
        step, and changing it changes no later observation)."""
        found = self._shown.get(agent)
        if found is None:
            seat = _SEATS[agent]
            plain = self._plain[seat]
            if plain is None:
                plain = self._plain[seat] = self._observer.seat_bytes(self._state, seat)
            numbers: bytes | array.array[float] = plain
            if seat == self._seat and not self._over and self._partial.steps:
                numbers = self._marked if self._marked is not None else self._mark(plain)
            # A copy (bytearray) the agent may change: never the numbers kept here.
            found = self._shown[agent] = np.frombuffer(bytearray(numbers), np.float32)
        return found

    def _mark(self, plain: bytes) -> array.array[float]:
        """The numbers of the seat to move with the marks of its move so far, kept: each
        later step of the move adds only its own (:meth:`Observer.step_marks`)."""
        marked = self._marked = array.array("f")
        marked.frombytes(plain)
        for index in self._observer.marks(self._partial):
            marked[index] = 1.0
        return marked

    def action_mask(self, agent: str) -> Any:
        """The action mask of ``agent`` (int8; all zeros unless it is to move)."""
        return self.infos[agent]["action_mask"]

    def render(self) -> str | None:
        """``ansi``: the view of the seat to move, as text (never the hidden cards)."""
        if self.render_mode != "ansi":
            return None
        seat = _SEATS[self.agent_selection]
        return f"{self.agent_selection}: {dict(self._state.view(seat))}"

    def close(self) -> None:
        """Nothing to release."""
