"""Random games on plain ints: :func:`playout` plays a match (or some deals) to the end.

The same rules, move order and random choices as the public loop
``moves = s.legal_moves(); s = s.play(moves[rng.below(len(moves))])`` (a test checks they agree
move for move), without making a State or a Move per turn: the bots' and the lab's rollouts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from cardwidgets import cards
from cardwidgets.games.tablic._fast import play_out

if TYPE_CHECKING:
    from cardwidgets.games.tablic.state import State

__all__ = ["Playout", "playout"]


class Playout(NamedTuple):
    """What :func:`playout` returns."""

    totals: tuple[int, int]
    """The running totals when the playout stopped."""
    winner: int | None
    """The winner if the match ended, else None."""
    deals: int
    """How many deals ended during the playout."""
    moves: int
    """How many moves were played."""


def playout(state: State, rng: cards.Rng, deals: int | None = None) -> Playout:
    """Play uniformly random legal moves from ``state`` to the end of the match (or of
    ``deals`` deals), fast: the same rules, move order and random choices as the loop
    ``moves = s.legal_moves(); s = s.play(moves[rng.below(len(moves))])``, on plain ints.

    >>> from cardwidgets.games.tablic import new_game
    >>> a = playout(new_game(seed=4), cards.Rng(1))
    >>> s, rng = new_game(seed=4), cards.Rng(1)
    >>> while not s.is_over:
    ...     moves = s.legal_moves()
    ...     s = s.play(moves[rng.below(len(moves))])
    >>> a.totals == s.totals and a.winner == s.outcome.winner and a.moves == s.ply
    True
    """
    seat = state._to_move
    if seat is None:
        return Playout(state.totals, state._outcome.winner if state._outcome else None, 0, 0)
    return Playout(
        *play_out(
            state.rules,
            state.seed,
            rng,
            deals,
            hands=(state._hand0, state._hand1),
            table=state._table_bits,
            stock=state._stock,
            piles=(state._pile0, state._pile1),
            tablas=state.tablas,
            last=state.last_capturer,
            seat=seat,
            dealer=state.dealer,
            number=state.deal_number,
            totals=state.totals,
        )
    )
