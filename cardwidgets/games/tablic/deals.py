"""A deal's life in a :class:`State`: it is dealt, its rounds follow, it is scored, and the next
deal starts or the match ends (T-S2, T-S3, T-D6–T-D9).

These functions fill in a state while it is being made (by :meth:`State.new`,
:meth:`State.play` or :meth:`State.from_position`); once returned, a state never changes.
They run once a round, so they are plain functions, not part of the per-move hot path.

>>> from cardwidgets.games.tablic import State
>>> last = State.from_position(table="9♣", hands=((), ("5♠",)), to_move=1, last_capturer=0)
>>> result = last.play("5♠").deal_results[0]
>>> result.leftovers_to, result.cards, result.scores
(0, (2, 0), (3, 0))
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwidgets import cards
from cardwidgets.core import Outcome
from cardwidgets.games.tablic._fast import points_of_mask, profile_of
from cardwidgets.games.tablic.deck import deal_hands, shuffled_deck
from cardwidgets.games.tablic.rules import (
    DealResult,
    breakdown,
    leftovers_taker,
    match_over,
    winner,
)

if TYPE_CHECKING:
    from cardwidgets.games.tablic.state import State


def begin_deal(state: State, deal_number: int, dealer: int) -> None:
    """Deal ``deal_number`` of the match, shuffled from its seed (T-D8): the first 4 cards to
    the table, the other 48 to the stock (its bottom card public), then the first round."""
    deck = shuffled_deck(state.seed, deal_number)
    state.deal_number = deal_number
    state.dealer = dealer
    table = state._table = tuple(deck[:4])
    state._table_bits = cards.mask(table)
    state._profile = profile_of(state._table_bits)
    state._reach = None
    state._stock = tuple(deck[4:])
    state._bottom = state._stock[-1]
    state._hand0 = state._hand1 = 0
    state._pile0 = state._pile1 = 0
    state.tablas = (0, 0)
    state.last_capturer = None
    deal_next_round(state)


def deal_next_round(state: State) -> None:
    """T-D8: Elder gets stock[0:3] and [6:9], the dealer [3:6] and [9:12]; Elder leads."""
    dealt = deal_hands(state._stock, state.dealer)
    state._stock = state._stock[12:]
    state._hand0 |= dealt[0]
    state._hand1 |= dealt[1]
    elder = 1 - state.dealer
    state._to_move = elder if (state._hand1 if elder else state._hand0) else state.dealer


def after_turn(state: State) -> None:
    """Both hands are empty: deal the next round, or end the deal (and maybe the match)."""
    if state._stock:
        deal_next_round(state)
    else:
        end_deal(state)


def end_deal(state: State) -> None:
    """Score the deal (T-S18, T-D6, T-D9), add it to the totals, and start the next deal with
    the other dealer (T-S3), or end the match (T-D7)."""
    rules = state.rules
    leftovers = state._table_cards()  # in table order
    taker = leftovers_taker(rules, state.dealer, state.last_capturer)
    piles = [state._pile0, state._pile1]
    if taker is not None and leftovers:
        piles[taker] |= state._table_bits
    counts = (piles[0].bit_count(), piles[1].bit_count())
    points = (points_of_mask(piles[0]), points_of_mask(piles[1]))
    parts = breakdown(counts, points, state.tablas)
    scores = parts["scores"]
    totals = (state.totals[0] + scores[0], state.totals[1] + scores[1])
    result = DealResult(
        deal=state.deal_number,
        dealer=state.dealer,
        cards=counts,
        points=points,
        most_cards=parts["most_cards"],
        tablas=state.tablas,
        scores=scores,
        totals=totals,
        leftovers=leftovers,
        leftovers_to=taker if leftovers else None,
        piles=(piles[0], piles[1]),
    )
    state.deal_results = (*state.deal_results, result)
    state.totals = totals
    if not match_over(rules, totals):
        begin_deal(state, state.deal_number + 1, 1 - state.dealer)
        return
    state._pile0, state._pile1 = piles
    if taker is not None:
        state._table = ()
        state._table_bits = 0
        state._profile = 0
        state._reach = None
    state._to_move = None
    state._outcome = Outcome(winner(totals), totals)
