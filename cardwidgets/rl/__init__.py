"""Learning environments for the three games: PettingZoo, Gymnasium, OpenSpiel.

``pip install "cardwidgets[rl]"`` brings PettingZoo, Gymnasium and numpy (pure Python wheels):

>>> from cardwidgets import rl
>>> aec = rl.env("tablic")                        # PettingZoo AEC: two agents, masks
>>> learner = rl.gym_env("pazaak", opponent="greedy")   # Gymnasium: one seat vs a player
>>> learners = rl.gym_vector_env("pazaak", num_envs=8, opponent="random")   # vector API
>>> games = rl.batched_env("panjpar", num_envs=64)    # both seats, 64 games per step
>>> import gymnasium
>>> gymnasium.make("cardwidgets/Pazaak-v0").unwrapped.game
'pazaak'

The trade-offs, chosen for courses on RL and game AI:

* **Factored actions** (:mod:`.actions`): Tablić and Panjpar positions have up to 480 and 637
  legal moves and no small fixed move list covers them, so a move is built from 53 actions
  (cards, then "done"), as a learner builds it in the widget; Pazaak's 35 moves stay flat. An
  agent acts several times per move, and the engine supplies each step's exact mask.
* **Observations from views only** (:mod:`.observations`): what ``state.view(seat)`` holds, as
  a flat float vector, seat-relative. No hidden card reaches an agent; nothing richer (history
  of plays, card counting) is precomputed: an agent has to remember, as a player does.
* **Rewards** are the outcome only: +1, -1 or 0 at the end. Shaping is left to the learner.
* **Illegal actions**: the PettingZoo environment raises :class:`cardwidgets.IllegalMove`
  (the mask comes with every observation, in the info); the Gymnasium one by default ends
  the episode as a loss (``illegal="lose"``) so that a learner ignoring masks still trains,
  or raises (``illegal="raise"``).
* **Speed**: an environment step reuses the engine's state (no copying) and makes no view:
  the observation is joined from bytes blocks of the state's public fields the view is made
  of (the seat's own hand, the table, public counts, as card masks; each block made once and
  kept; tests hold it equal to the view's numbers, and equal on twin states that differ only
  in hidden cards), once per move, only each action's marks added per step, and a copy of its
  own handed to the agent. Masks come from the engine's answers on card masks (Tablić's
  capture steps, Panjpar's legal attacks and killers, Pazaak's legal moves once per hand), one
  shared read-only array per set of legal actions; moves are played as the engine's own
  (Tablić's capture key, Panjpar's defence code). ``benchmarks/rl.py``
  (``benchmarks/results/rl_steps.json``) measures random play: a PettingZoo step costs about 2x a
  bare engine move in Tablić, 3x in Panjpar and 5x in Pazaak (per game, with several steps
  per move in Tablić and Panjpar: about 5.5x, 5.5x and 5x); the issue's target (1.5x) is not
  met. The same agent loop on an environment that does nothing costs 0.26x,
  0.29x and 0.9x an engine move, so no environment that has the engine play its moves in
  PettingZoo's loop gets Pazaak below about 1.9x (``least_ratio``: engine + idle loop per
  step), nor any game's time per game below 1.5-1.9x an engine game (``least_game_ratio``).
  With the least work of these observations and masks added (``least_work``: the mask
  looked up, the move built from actions, the observation copied out at every step) the
  floor per game is about 3-4x (``least_work_game_ratio``), above the 2.5x aim for every
  game. Runs on the shared machine (load 11-15) vary by a fifth.
* **The learner** (:func:`gym_env`) keeps the learner's numbers per position and one mask
  per set of legal actions (each step hands out copies, one mask array shared by the
  observation and the info), and reseeds its opponent from a copy made once (making a player
  by name checks its options, which cost more than a short game). Against PazaakRL's
  Gymnasium environment in the same run it makes about 0.7-0.85x its steps per CPU-second
  (0.5-0.65x before; ``rl_batched.py``'s learner part, ``rl.json``, ``rl_ab.json``).
* **Batches** (:func:`batched_env`, :func:`gym_vector_env`): many games per call; the same
  games as the single environments from the same seeds. Each game keeps its row as card masks
  and a few numbers (a bit set per action of a move being built) and its mask as the
  engine's answer in one int; a step turns those of all its games into numpy rows and masks
  at once (``unpackbits``). Per game they cost about 1.6-2x (Tablić), 2.3-3.3x (Panjpar) and
  4-5x (Pazaak) the bare engine at a load of 4-7 (``benchmarks/rl_batched.py``,
  ``benchmarks/results/rl.json``; the A/B against 3d9b7c0 in ``rl_ab.json``): Pazaak's row,
  side-card counts read in Python once per move, still costs about as much as its move.

Without the extra, :func:`env` and :func:`gym_env` raise :class:`cardwidgets.extras.MissingExtra`
naming it; :mod:`.actions` and :mod:`.observations` need nothing beyond the standard library.
"""

from __future__ import annotations

from typing import Any

from cardwidgets import extras
from cardwidgets.rl.actions import GAMES, actions_of

__all__ = ["GYM_IDS", "batched_env", "env", "gym_env", "gym_vector_env", "register"]

GYM_IDS = {game: f"cardwidgets/{game.capitalize()}-v0" for game in GAMES}
"""The Gymnasium registry names: ``cardwidgets/Tablic-v0``, ``…/Panjpar-v0``, ``…/Pazaak-v0``."""


def env(game: str, **options: Any) -> Any:
    """A PettingZoo AEC environment of ``game`` (``"tablic"``, ``"panjpar"``, ``"pazaak"``);
    options: ``rules`` (the game's Rules), ``render_mode`` (``"ansi"``)."""
    actions_of(game)  # an unknown game is refused before any import
    extras.require("pettingzoo", "rl", "cardwidgets.rl.env()")
    extras.require("numpy", "rl", "cardwidgets.rl.env()")
    from cardwidgets.rl.pettingzoo import CardGameEnv

    return CardGameEnv(game, **options)


def gym_env(game: str, opponent: Any = "greedy", **options: Any) -> Any:
    """A Gymnasium environment: a learner plays a seat of ``game`` against ``opponent`` (a
    player's name or any object with ``choose(state)``); options: ``seat``, ``rules``,
    ``illegal`` (``"lose"`` or ``"raise"``), ``render_mode``."""
    actions_of(game)
    extras.require("gymnasium", "rl", "cardwidgets.rl.gym_env()")
    extras.require("numpy", "rl", "cardwidgets.rl.gym_env()")
    from cardwidgets.rl.gym import LearnerEnv

    return LearnerEnv(game, opponent, **options)


def batched_env(game: str, num_envs: int, **options: Any) -> Any:
    """``num_envs`` two-seat games of ``game`` stepped per call, numpy arrays in and out
    (:class:`cardwidgets.rl.batched.BatchedGames`: pgx's shape, the seat to move's observation
    and mask, rewards by seat); option: ``rules``."""
    actions_of(game)
    extras.require("gymnasium", "rl", "cardwidgets.rl.batched_env()")
    extras.require("numpy", "rl", "cardwidgets.rl.batched_env()")
    from cardwidgets.rl.batched import BatchedGames

    return BatchedGames(game, num_envs, **options)


def gym_vector_env(game: str, num_envs: int, opponent: Any = "greedy", **options: Any) -> Any:
    """Gymnasium's vector API: ``num_envs`` learners of ``game`` against ``opponent``, stepped
    per call (:class:`cardwidgets.rl.gym_vector.LearnerVectorEnv`, a
    ``gymnasium.vector.VectorEnv``); options as :func:`gym_env`'s: ``seat``, ``rules``,
    ``illegal``."""
    actions_of(game)
    extras.require("gymnasium", "rl", "cardwidgets.rl.gym_vector_env()")
    extras.require("numpy", "rl", "cardwidgets.rl.gym_vector_env()")
    from cardwidgets.rl.gym_vector import LearnerVectorEnv

    return LearnerVectorEnv(game, num_envs, opponent, **options)


def register() -> None:
    """Register the Gymnasium names of :data:`GYM_IDS` (done on import when Gymnasium is
    installed); ``gymnasium.make(GYM_IDS["tablic"], opponent="random")`` then works."""
    import gymnasium

    for game, name in GYM_IDS.items():
        if name not in gymnasium.registry:
            gymnasium.register(name, entry_point="cardwidgets.rl:gym_env", kwargs={"game": game})


try:
    register()
except ImportError:  # no gymnasium: the rl extra is not installed, nothing to register
    pass
