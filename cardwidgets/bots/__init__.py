"""Computer players and hints for every game: one protocol, ``choose(state) -> move``.

A player decides for the seat to move and uses only what that seat may know: its
``state.view(seat)`` (its own hand and the public table), the legal moves of that seat, the
public move history, and, for the expert, ``state.determinize(seat, rng)``, which deals the
hidden cards anew at random. Tests check this: two states that differ only in cards the seat
cannot see get the same choice under the same seed.

Three strengths:

* :class:`RandomPlayer`: a uniformly random legal move. A baseline; under a millisecond.
* :class:`GreedyPlayer`: one-move-deep rules of thumb per game (Tablić: most points, then most
  cards, keep tabla chances; Panjpar: beat with the cheapest cards, attack with low non-trumps,
  keep trumps and aces; Pazaak: stand at a threshold, recover with minus cards, save the
  tiebreaker). Under a millisecond, and each choice comes with a reason, which is what
  :func:`hint` shows a learner.
* :class:`ExpertPlayer`: information-set Monte Carlo tree search (:mod:`cardwidgets.bots.ismcts`)
  whose rollouts use a cheap randomised version of the greedy rules; the default budget keeps a
  move well under one second.

Reproducibility: a player's seed and the position (seat and ply) fix its random numbers, so the
same seed gives the same choices in the same position, whatever happened in other games, and a
player can be pickled and sent to a process pool. :meth:`Player.reseeded` gives a copy with
another seed (the lab gives each game its own). An expert with a ``time_limit`` stops by the
clock and is reproducible only when its iteration budget ends the search first.

The package: :mod:`~cardwidgets.bots.player` (the protocol, the players, :func:`hint`),
:mod:`~cardwidgets.bots.strategy` (what a game's rules of thumb offer), one module of rules of
thumb per game (:mod:`~cardwidgets.bots.tablic`, :mod:`~cardwidgets.bots.panjpar`,
:mod:`~cardwidgets.bots.pazaak`) and the search (:mod:`~cardwidgets.bots.ismcts`); their
sentences are the ``bots.`` keys of the catalog (:mod:`cardwidgets.i18n`).

>>> from cardwidgets import bots
>>> player = bots.make("random", seed=7)
>>> player
RandomPlayer(seed=7)
>>> player.reseeded(8)
RandomPlayer(seed=8)
>>> sorted(bots.PLAYERS)
['expert', 'greedy', 'random']
>>> bots.make("clever")
Traceback (most recent call last):
...
cardwidgets.bots.PlayerError: there is no player 'clever': choose one of random, greedy, expert
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING

# A game's rules of thumb (its module here, which
# registers its strategy and imports its engine) are imported when first needed, by
# :func:`~cardwidgets.bots.strategy.strategy_for`: a Tablić board loads no other game.
from cardwidgets.bots.player import (
    PLAYERS,
    ExpertPlayer,
    GreedyPlayer,
    Hint,
    Player,
    PlayerError,
    RandomPlayer,
    hint,
    make,
)
from cardwidgets.bots.view import SeatView, SeatViewError, seat_view

__all__ = [
    "PLAYERS",
    "ExpertPlayer",
    "GreedyPlayer",
    "Hint",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "SeatView",
    "SeatViewError",
    "hint",
    "make",
    "seat_view",
]

# Names the one-module bots also offered (not part of __all__), so old imports keep working.
from cardwidgets.bots.player import Seed as Seed
from cardwidgets.bots.strategy import Reason as Reason
from cardwidgets.bots.strategy import Strategy as Strategy
from cardwidgets.core import IllegalMove as IllegalMove

if TYPE_CHECKING:
    from cardwidgets.bots import panjpar, pazaak, tablic  # noqa: F401

_GAME_MODULES = ("panjpar", "pazaak", "tablic")


def __getattr__(name: str) -> ModuleType:
    if name in _GAME_MODULES:
        return importlib.import_module(f"cardwidgets.bots.{name}")
    raise AttributeError(f"module 'cardwidgets.bots' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_GAME_MODULES))
