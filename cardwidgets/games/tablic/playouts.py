"""Random games on plain ints: :func:`playout` plays a match (or some deals) to the end.

The same rules, move order and random choices as the public loop
``moves = s.legal_moves(); s = s.play(moves[rng.below(len(moves))])`` (a test checks they agree
move for move), without making a State or a Move per turn: the bots' and the lab's rollouts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from cardwidgets import cards
from cardwidgets.cards import Card
from cardwidgets.games.tablic.captures import _options
from cardwidgets.games.tablic.deck import _deal_round, _deck
from cardwidgets.games.tablic.masks import _points_of_mask
from cardwidgets.games.tablic.profiles import _REACH, _UNIT, _profile, _reach
from cardwidgets.games.tablic.rules import Rules, breakdown, leftovers_taker, match_over, winner

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
    rules = state.rules
    totals = state.totals
    if state._to_move is None:
        return Playout(totals, state._outcome.winner if state._outcome is not None else None, 0, 0)
    maximal, final_tabla = rules.capture_must_be_maximal, rules.final_card_tabla
    hands = [state._hand0, state._hand1]
    table = state._table_bits
    profile = state._profile
    stock: Sequence[Card] = state._stock
    piles = [state._pile0, state._pile1]
    tablas = [state.tablas[0], state.tablas[1]]
    last, seat, dealer = state.last_capturer, state._to_move, state.dealer
    number = state.deal_number
    finished = played = 0
    while True:
        # One turn (the hot loop: every name is local).
        reach = _REACH.get(profile) or _reach(profile)
        options = _options(hands[seat], table, profile, reach, maximal)
        choice = options[rng.below(len(options))]
        played += 1
        index = choice & 63
        captured = choice >> 6
        bit = 1 << index
        hands[seat] ^= bit
        if captured:
            table ^= captured
            profile -= _profile(captured)
            piles[seat] |= captured | bit
            last = seat
            if not table and (final_tabla or hands[0] or hands[1] or stock):  # T-D5
                tablas[seat] += 1
        else:
            table |= bit
            profile += _UNIT[index]
        if hands[1 - seat]:
            seat = 1 - seat
            continue
        if hands[seat]:
            continue
        if stock:  # the next round (T-D8)
            dealt = _deal_round(stock, dealer)
            stock = stock[12:]
            hands = [hands[0] | dealt[0], hands[1] | dealt[1]]
            seat = 1 - dealer if hands[1 - dealer] else dealer
            continue
        # The end of the deal (T-D6, T-D9, T-D7), then the next deal (T-S3: a new dealer).
        scores = _deal_scores(rules, dealer, last, piles, table, tablas)
        totals = (totals[0] + scores[0], totals[1] + scores[1])
        finished += 1
        if match_over(rules, totals):
            return Playout(totals, winner(totals), finished, played)
        if deals is not None and finished >= deals:
            return Playout(totals, None, finished, played)
        number, dealer = number + 1, 1 - dealer
        table, stock, hands = _new_deal(state.seed, number, dealer)
        profile = _profile(table)
        piles, tablas, last = [0, 0], [0, 0], None
        seat = 1 - dealer


def _deal_scores(
    rules: Rules, dealer: int, last: int | None, piles: list[int], table: int, tablas: list[int]
) -> tuple[int, int]:
    """The scores of a finished deal: the leftovers go to their taker (T-D6), then the
    piles and tablas are scored (T-S18, T-D9)."""
    taker = leftovers_taker(rules, dealer, last)
    final = list(piles)
    if taker is not None:
        final[taker] |= table
    counts = (final[0].bit_count(), final[1].bit_count())
    points = (_points_of_mask(final[0]), _points_of_mask(final[1]))
    return breakdown(counts, points, (tablas[0], tablas[1]))["scores"]


def _new_deal(seed: int | str, number: int, dealer: int) -> tuple[int, list[Card], list[int]]:
    """The table, the stock and the first round's hands of deal ``number`` (T-D8)."""
    deck = _deck(seed, number)
    dealt = _deal_round(deck[4:], dealer)
    return cards.mask(deck[:4]), deck[16:], [dealt[0], dealt[1]]
