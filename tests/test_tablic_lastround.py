"""Tablić's last round solved exactly: cardwidgets.games.tablic.lastround.

The fast search (alpha-beta, a memo of bounds on the cards by kind, equal moves merged) against
the plain search (``endings.solve(memo=False)``: every line to its end over the game's own
states) on random small positions under every rule variant, every move's value equal; six cards
each solved within the analysis's node limit; its refusals.
"""

from __future__ import annotations

import random

import pytest
from lastround_positions import greedy_last_round, random_last_round

from cardwidgets import analysis, tablic
from cardwidgets.bots import endings
from cardwidgets.games.tablic import lastround

VARIANTS = {
    "seed rules": tablic.Rules(),
    "maximal captures": tablic.Rules(capture_must_be_maximal=True),
    "final card tabla": tablic.Rules(final_card_tabla=True),
    "leftovers to the dealer": tablic.Rules(leftovers_to="dealer"),
}


def values(ending: endings.Ending | None) -> list[tuple[str, float]]:
    assert ending is not None
    return sorted((str(move), value) for move, value in ending.values)


@pytest.mark.parametrize("variant", list(VARIANTS))
def test_last_round_values_equal_the_plain_search_on_random_positions(variant: str) -> None:
    rng = random.Random(f"lastround:{variant}")
    compared = 0
    for _ in range(60):
        state = random_last_round(rng, VARIANTS[variant])
        try:
            plain = endings.solve(state, memo=False, limit=20_000)
        except endings.TooBig:
            continue  # too big for the brute force: a crowded table
        fast = endings.solve(state)
        assert values(fast) == values(plain), state.code()
        assert fast is not None and plain is not None and fast.nodes <= plain.nodes
        compared += 1
    assert compared >= 40


def test_the_value_is_seat_zeros_deal_score_difference_in_every_move() -> None:
    # One card each, seat 0 to move; the piles hold K♠ (seat 0) and 2♦ 4♦ (seat 1).
    state = tablic.State.from_position(
        table="3♠ 5♥", hands=("8♣", "5♦"), dealer=1, piles=("K♠", "2♦ 4♦")
    )
    solved = lastround.solve_last_round(state)
    by_move = {str(move): value for move, value in solved.values}
    # The capture clears the table: a tabla, as 5♦ is still to come (T-D5); 5♦ is then
    # trailed and left to seat 0, the last capturer (T-D6): 5 cards to 2, K♠ 1 point, the
    # tabla 1, most cards 3 (T-S18).
    assert by_move["8♣ x 3♠ 5♥"] == 5
    # The trail: 5♦ takes 5♥ and, as the last capturer, 3♠ 8♣ (6 cards to 1), or is trailed
    # too (nobody takes the leftovers, 2 cards to 1): either way K♠ 1 against 3 for most cards.
    assert by_move["8♣"] == -2


def test_the_T_D6_leftovers_go_to_the_dealer_under_the_variant() -> None:
    position = {"table": "3♠ 9♥", "hands": ("K♠", "Q♦"), "dealer": 1}
    seed_rules = lastround.solve_last_round(tablic.State.from_position(**position))
    to_dealer = lastround.solve_last_round(
        tablic.State.from_position(**position, rules=tablic.Rules(leftovers_to="dealer"))
    )
    # Nobody captures: by the seed rules nobody takes the leftovers (no last capturer); with
    # leftovers to the dealer seat 1 takes all four cards: K♠ Q♦ (2 points), 3 for most cards.
    assert dict((str(m), v) for m, v in seed_rules.values) == {"K♠": 0}
    assert dict((str(m), v) for m, v in to_dealer.values) == {"K♠": -5}


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_six_cards_each_are_solved_exactly_within_the_analysis_limit(seed: int) -> None:
    state = greedy_last_round(seed)
    assert len(state.hands[0]) == len(state.hands[1]) == 6 and not state.stock
    result = analysis.analyse(state)
    assert all(entry.exact for entry in result)
    assert result.best.nodes <= analysis.values.EXACT_LIMIT["tablic"]
    assert len(result) == len(state.legal_moves())


def test_the_search_gives_up_past_its_limit_and_refuses_an_earlier_round() -> None:
    state = greedy_last_round(0)
    with pytest.raises(lastround.NodeLimit):
        lastround.solve_last_round(state, limit=10)
    with pytest.raises(endings.TooBig):
        endings.solve(state, limit=10)
    with pytest.raises(tablic.PositionError) as refused:
        lastround.solve_last_round(tablic.new_game(seed=1))
    assert "last round" in refused.value.text("en")
    assert "letzte Runde" in refused.value.text("de")
