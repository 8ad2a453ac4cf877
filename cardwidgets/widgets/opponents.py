"""Who replies to the learner: the :class:`Opponent` protocol, a seeded random player, and the
teacher's move hooks.

>>> from cardwidgets import tablic
>>> make_opponent("human", 1) is None, type(make_opponent("random", 1)).__name__
(True, 'RandomPlayer')
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeGuard

from cardwidgets.cards import Rng
from cardwidgets.widgets.frame import WidgetError

__all__ = ["MoveHook", "Opponent", "RandomOpponent", "make_opponent"]


class Opponent(Protocol):
    """Anything that picks a move for the seat to move: every player in :mod:`cardwidgets.bots`."""

    def choose(self, state: Any) -> Any:
        """The move to play in ``state``."""
        ...


MoveHook = Callable[[Any, int, Any], object]
"""A teacher's callback: ``hook(move, seat, state)`` after every move (see
:meth:`GameWidget.on_move`)."""


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


def _has_choose(found: object) -> TypeGuard[Opponent]:
    return callable(getattr(found, "choose", None))


def make_opponent(opponent: object, seed: int | str) -> Opponent | None:
    """None: the computer (a greedy player); "human": hot-seat; a name: a bot; else the object."""
    from cardwidgets import bots

    if opponent is None:
        made: Opponent = bots.GreedyPlayer(seed=seed)
        return made
    if opponent == "human":
        return None
    if isinstance(opponent, str):
        if opponent not in bots.PLAYERS:
            raise WidgetError(
                "widget.bad_opponent_name", name=opponent, names=", ".join(bots.PLAYERS)
            )
        named: Opponent = bots.make(opponent, seed=seed)
        return named
    if not _has_choose(opponent):
        raise WidgetError("widget.no_choose")
    return opponent
