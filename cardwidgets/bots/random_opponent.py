"""A random opponent fixed by its seed and the position: the same move in the same position,
whatever was played before (tests and recorded games replay it move by move).

>>> from cardwidgets import tablic
>>> state = tablic.new_game(seed=3)
>>> RandomOpponent(1).choose(state) == RandomOpponent(1).choose(state)
True
>>> RandomOpponent("learner")
RandomOpponent(seed='learner')
"""

from __future__ import annotations

from typing import Any

from cardwidgets.cards import Rng

__all__ = ["RandomOpponent"]


class RandomOpponent:
    """A uniformly random legal move, fixed by the seed and the position.

    >>> from cardwidgets import tablic
    >>> state = tablic.new_game(seed=3)
    >>> RandomOpponent(1).choose(state) == RandomOpponent(1).choose(state)
    True
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, state: Any) -> Any:
        """A random legal move of the seat to move, ``legal_moves()[rng.below(count)]``, drawn
        without listing a crowded Tablić table's hundreds of thousands of moves."""
        from cardwidgets.bots.strategy import PLAIN, strategy_for

        return (strategy_for(state) or PLAIN).random_move(state, Rng(f"{self.seed}:{state.ply}"))

    def __repr__(self) -> str:
        return f"RandomOpponent(seed={self.seed!r})"
