"""The greedy player's move without its reason is the move of its reason.

:meth:`~cardwidgets.bots.GreedyPlayer.choose` asks the game's
:meth:`~cardwidgets.bots.strategy.Strategy.greedy_move` (no reason words, the position's
stream made only for a tie); :meth:`~cardwidgets.bots.GreedyPlayer.decide` asks
:meth:`~cardwidgets.bots.strategy.Strategy.greedy` with the stream made up front. Over seeded
games of every game and rule set, at every position, both give the same move, and the
position's stream is made only when the choice draws from it.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets import bots, cards, panjpar, pazaak, tablic
from cardwidgets.bots.strategy import strategy_for

VARIANTS: dict[str, tuple[Any, Any, dict[str, object]]] = {
    "tablic": (tablic, None, {}),
    "tablic-maximal": (tablic, tablic.Rules(capture_must_be_maximal=True), {}),
    "panjpar": (panjpar, None, {}),
    "panjpar-all": (panjpar, panjpar.Rules(pickup="all"), {}),
    "pazaak-seed": (pazaak, pazaak.Rules.seed(), {}),
    "pazaak-kotor1": (pazaak, pazaak.Rules.kotor1(), {}),
    "pazaak-kotor2": (pazaak, pazaak.Rules.kotor2(), {"stand_at": 15}),
}
GAMES = {tablic: 2, panjpar: 6, pazaak: 12}


def _positions(module: Any, rules: Any, seed: int, limit: int) -> list[Any]:
    """The positions of a game where seat 0 plays greedy and seat 1 at random (both kinds of
    positions, not only those greedy play reaches)."""
    greedy, rng = bots.GreedyPlayer(seed), cards.Rng(seed)
    state = module.new_game(seed=seed, rules=rules)
    found = []
    while not state.is_over and len(found) < limit:
        found.append(state)
        seat = state.to_move
        state = state.play(greedy.choose(state) if seat == 0 else state.random_move(rng))
    return found


@pytest.mark.parametrize("variant", VARIANTS)
def test_choose_is_the_move_of_decide(variant: str) -> None:
    module, rules, options = VARIANTS[variant]
    checked = 0
    for game in range(GAMES[module]):
        for state in _positions(module, rules, game, 150):
            for seed in (game, game + 100):
                player = bots.GreedyPlayer(seed, **options)
                assert player.choose(state) == player.decide(state).move, (variant, game)
                checked += 1
    assert checked > 100


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_stream_is_made_only_for_a_draw(variant: str) -> None:
    # The stream the move may draw from is the one decide hands to greedy: a draw from the
    # lazy one gives the same move; a position without ties makes none.
    module, rules, options = VARIANTS[variant]
    strategy = None
    made = 0
    for state in _positions(module, rules, 1, 60):
        strategy = strategy or strategy_for(state)
        assert strategy is not None
        seat = state.to_move
        calls = []

        def stream(state: Any = state, seat: int = seat, calls: list[int] = calls) -> Any:
            calls.append(1)
            return bots.GreedyPlayer(3).stream(seat, state.ply)

        merged = {**strategy.options, **options}
        move = strategy.greedy_move(state, seat, stream, merged)
        reason = strategy.greedy(state, seat, bots.GreedyPlayer(3).stream(seat, state.ply), merged)
        assert move == reason.move
        assert len(calls) <= 1
        made += len(calls)
    if module is not tablic:  # only Tablić's greedy breaks ties at random
        assert made == 0


def test_options_are_merged_once_per_game() -> None:
    player = bots.GreedyPlayer(1, stand_at=15)
    state = pazaak.new_game(seed=2)
    strategy = strategy_for(state)
    assert strategy is not None
    merged = player._options(strategy)
    assert merged == {"stand_at": 15} and player._options(strategy) is merged
    twin = player.reseeded(2)
    assert twin._options(strategy) == merged
    assert bots.GreedyPlayer(1)._options(strategy) == {"stand_at": 17}


def _risk_as_written_before(after: list[Any], seen: Any, seat: int) -> float:
    """Tablić's tabla risk as it was written before the unseen ranks were kept per decision
    (the rank loop made each candidate's unseen cards anew): the reference the new one must
    equal."""
    from cardwidgets.bots.tablic import clears

    if not after:
        return 0.0
    view = seen.view
    other = 1 - seat
    holds = view.hand_sizes[other]
    if holds == 0:
        holds = 6 if view.stock > 0 else 0
    if holds == 0:
        return 0.0
    for card in view.revealed[other]:
        if clears(card, after):
            return 1.0
    seen_mask = seen.mask
    captured = view.piles[0].cards + view.piles[1].cards
    unseen_count = 52 - seen_mask.bit_count()
    unknown = unseen_count - captured
    if unknown <= 0:
        return 0.0
    clearing = 0
    for rank in range(2, 15):
        first = (rank - 2) * 4
        unseen = [cards.DECK[i] for i in range(first, first + 4) if not seen_mask >> i & 1]
        if unseen and clears(unseen[0], after):
            clearing += len(unseen)
    if clearing == 0:
        return 0.0
    share = clearing * unknown / unseen_count
    miss: float = max(0.0, 1.0 - share / unknown) ** int(min(holds, unknown))
    return 1.0 - miss


@pytest.mark.parametrize("variant", ["tablic", "tablic-maximal"])
def test_tablic_risk_is_the_one_written_before(variant: str) -> None:
    from cardwidgets.bots.tablic import _risk, _Seen

    module, rules, _ = VARIANTS[variant]
    checked = risky = 0
    for game in range(4):
        for state in _positions(module, rules, game, 200):
            seat = state.to_move
            seen = _Seen.of(state, seat)
            for move in state.legal_moves():
                taken = move.captured
                table = seen.table
                after = [c for c in table if c not in taken] if taken else [*table, move.card]
                risk = _risk(after, seen, seat)
                assert risk == _risk_as_written_before(after, seen, seat)
                checked += 1
                risky += 0 < risk < 1
    assert checked > 500 and risky > 20
