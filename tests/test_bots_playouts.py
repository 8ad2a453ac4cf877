"""The expert's fast playouts play the same games as its rollout loop on states.

A strategy's ``playout(state, rng)`` replaces the search's loop ``state = state.play(
policy(state, rng))`` to the horizon, then ``evaluate``: for the same stream it must give the
same value and leave the stream where the loop leaves it (so the next iteration's
determinization is the same too), from every kind of position and under the rule variants.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets import bots, cards
from cardwidgets.bots.strategy import strategy_for
from cardwidgets.games import panjpar


def loop_value(state: Any, rng: cards.Rng) -> float:
    """What the search's loop gives (ismcts._iterate without a playout)."""
    strategy = strategy_for(state)
    assert strategy is not None
    stop = strategy.horizon(state)
    while not state.is_over and not (stop is not None and stop(state)):
        state = state.play(strategy.rollout(state, rng))
    return float(strategy.evaluate(state))


def positions(module: Any, rules: Any, count: int, label: str) -> list[Any]:
    """Determinized positions of seeded random games, at every ply from the start to the end."""
    found = []
    rng = cards.Rng(label)
    number = 0
    while len(found) < count:
        state = module.new_game(seed=f"{label}:{number}", rules=rules)
        number += 1
        while len(found) < count:
            seat = state.to_move
            if seat is None:
                found.append(state)  # a finished game: the playout returns its outcome
                break
            found.append(state.determinize(seat, rng))
            state = state.play(state.random_move(rng))
    return found


@pytest.mark.parametrize("pickup", ["unbeaten", "all"])
def test_P_D5_panjpar_playout_is_the_rollout_loop(pickup: str) -> None:
    rules = panjpar.Rules(pickup=pickup)
    strategy = strategy_for(panjpar.new_game(seed=0))
    assert strategy is not None and strategy.playout is not None
    for number, state in enumerate(positions(panjpar, rules, 150, f"playout {pickup}")):
        slow, fast = cards.Rng(number), cards.Rng(number)
        assert strategy.playout(state, fast) == loop_value(state, slow), state.code()
        assert fast.next64() == slow.next64()  # the same draws, to the last


def test_expert_with_playouts_chooses_as_with_the_loop() -> None:
    # The whole search: a strategy without its playout steps states, and must agree move for
    # move and statistic for statistic.
    from cardwidgets.bots import panjpar as rules_of_thumb

    class Looping(rules_of_thumb.PanjparStrategy):
        playout = None

    states = positions(panjpar, panjpar.Rules(), 12, "expert playouts")
    states = [s for s in states if not s.is_over]
    fast = bots.ExpertPlayer(seed=4, iterations=20)
    found = [(fast.choose(s), fast.last_search) for s in states]
    from cardwidgets.bots import strategy as registry

    original = strategy_for(states[0])
    assert original is not None
    registry.register(Looping())
    try:
        slow = bots.ExpertPlayer(seed=4, iterations=20)
        again = [(slow.choose(s), slow.last_search) for s in states]
    finally:
        registry.register(original)
    assert [m for m, _ in found] == [m for m, _ in again]
    assert [r.stats if r else None for _, r in found] == [r.stats if r else None for _, r in again]
