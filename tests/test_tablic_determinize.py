"""Tablić's determinization is made without re-checking its position, and is the same state.

``State.determinize`` deals the hidden cards again and builds the state straight from the
position (a valid state's position with its hidden cards dealt again is valid); replaying its
record goes through ``from_position`` and every check. Both must be the same state, attribute
for attribute, from positions all through a match and under the rule variants.
"""

from __future__ import annotations

import pytest

from cardwidgets import cards
from cardwidgets.games import tablic


def positions(rules: tablic.Rules, count: int) -> list[tablic.State]:
    found = []
    rng = cards.Rng("determinize")
    number = 0
    while len(found) < count:
        state = tablic.new_game(seed=f"determinize:{number}", rules=rules)
        number += 1
        while not state.is_over and len(found) < count:
            found.append(state)
            state = state.play(state.random_move(rng))
    return found


@pytest.mark.parametrize("maximal", [False, True])
def test_determinized_state_is_the_checked_state_of_its_record(maximal: bool) -> None:
    rules = tablic.Rules(capture_must_be_maximal=maximal)
    for number, state in enumerate(positions(rules, 160)):
        seat = number % 2
        fast = state.determinize(seat, cards.Rng(number))
        # The cards dealt again are the determinization's (its record holds them in the
        # order dealt); everything public comes from the state itself, through every check.
        dealt = fast.to_record()["start"]["position"]
        checked = tablic.State.from_position(
            table=state.table,
            hands=dealt["hands"],
            stock=dealt["stock"],
            to_move=state.to_move,
            dealer=state.dealer,
            rules=state.rules,
            piles=state.piles,
            tablas=state.tablas,
            totals=state.totals,
            deal_number=state.deal_number,
            last_capturer=state.last_capturer,
            seed=fast.seed,
        )
        checked._bottom = fast._bottom  # determinize keeps the public card's place (T-D8)
        assert vars(fast) == vars(checked), state.code()
