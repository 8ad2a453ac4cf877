"""Random-play invariants for Tablić over every combination of rule flags.

Per move: all 52 cards accounted for, views leak no hidden card, every legal move applies.
Per deal: 22 card points (plus unclaimed leftovers). Per match: records round-trip, the match ends.
"""

from __future__ import annotations

import itertools
import json

import pytest

from cardwidgets import cards, tablic
from cardwidgets.games.tablic import Rules, State

FLAGS = [
    Rules(capture_must_be_maximal=maximal, final_card_tabla=final, leftovers_to=leftovers,
          target=target)
    for maximal, final, leftovers, target in itertools.product(
        (False, True), (False, True), ("last_capturer", "dealer"), (101, 30)
    )
]  # fmt: skip


def rules_id(rules: Rules) -> str:
    return (f"max={rules.capture_must_be_maximal:d}-final={rules.final_card_tabla:d}-"
            f"{rules.leftovers_to}-{rules.target}")  # fmt: skip


def hidden_from(state: State, seat: int) -> set[str]:
    """Card texts that ``seat`` must not see: the other hand (minus public cards), the stock."""
    other = 1 - seat
    public = set(state.revealed()[other])
    hidden = {c.text for c in state.hands[other] if c not in public}
    bottom = state.stock_bottom
    hidden |= {c.text for c in state.stock if c is not bottom}
    return hidden


def check_state(state: State) -> None:
    zones = [*state.hands, state.table, *state.piles, state.stock]
    every = [c for zone in zones for c in zone]
    if state.is_over:
        # After the final deal the leftovers are in a pile (or nobody's, T-D6).
        result = state.deal_results[-1]
        if result.leftovers_to is None:
            every += list(result.leftovers)
    assert len(every) == 52 and set(every) == set(cards.DECK), "cards not conserved"
    for seat in (0, 1):
        text = json.dumps(state.view(seat), ensure_ascii=False)
        leaked = [c for c in hidden_from(state, seat) if c in text]
        assert not leaked, f"view of seat {seat} leaks {leaked}"
    public = json.dumps(state.view(None), ensure_ascii=False)
    for seat in (0, 1):
        assert not [c.text for c in state.hands[seat]
                    if c.text in public and c not in state.revealed()[seat]]  # fmt: skip


def play_match(rules: Rules, seed: int, full_checks: bool) -> State:
    rng = cards.Rng(seed)
    state = tablic.new_game(seed=seed, rules=rules, dealer=seed % 2)
    deals_seen = 0
    while not state.is_over:
        moves = state.legal_moves()
        assert moves, "a running game must offer moves"
        assert len(set(moves)) == len(moves)
        assert state.legal_moves_count() == len(moves)
        if full_checks:
            check_state(state)
            for move in moves:
                state.play(move)  # every legal move applies
                assert tablic.Move.parse(str(move)) == move
        move = rng.choice(moves)
        state = state.play(move)
        if len(state.deal_results) > deals_seen:
            deals_seen = len(state.deal_results)
            result = state.deal_results[-1]
            unclaimed = sum(map(tablic.card_points, result.leftovers)) if (
                result.leftovers_to is None) else 0  # fmt: skip
            assert sum(result.points) + unclaimed == 22  # T-D9
            assert sum(result.cards) + (len(result.leftovers) if result.leftovers_to is None
                                        else 0) == 52  # fmt: skip
            assert sum(result.most_cards) in (0, 3)
        assert state.ply < 5000, "the match does not end"
    check_state(state)
    assert state.outcome is not None and state.outcome.winner is not None
    assert max(state.totals) >= rules.target and state.totals[0] != state.totals[1]
    return state


@pytest.mark.parametrize("rules", FLAGS, ids=rules_id)
def test_random_matches_keep_every_invariant(rules: Rules) -> None:
    state = play_match(rules, seed=len(rules_id(rules)) * 7 + rules.target, full_checks=False)
    # Records round-trip to the same state (dict and JSON text).
    again = tablic.from_record(json.loads(json.dumps(state.to_record())))
    assert again.history == state.history and again.totals == state.totals
    assert again.view(0) == state.view(0) and again.hands == state.hands
    assert tablic.from_record(state.to_json()).outcome == state.outcome


@pytest.mark.parametrize("rules", [r for r in FLAGS if r.target == 101], ids=rules_id)
def test_random_deals_with_full_checks(rules: Rules) -> None:
    # One deal per flag combination, checking every position and applying every legal move.
    short = Rules(**{**rules.to_dict(), "target": 1})
    state = play_match(short, seed=99, full_checks=True)
    assert len(state.deal_results) >= 1


def test_determinize_uses_only_what_the_seat_knows() -> None:
    rng = cards.Rng(5)
    state = tablic.new_game(seed=8)
    for _ in range(21):
        state = state.play(rng.choice(state.legal_moves()))
    seat = state.to_move
    assert seat is not None
    other = 1 - seat
    # Another state that differs only in cards hidden from `seat`.
    hidden = [c for c in state.hands[other] if c not in state.revealed()[other]]
    stock = list(state.stock)
    bottom = stock.pop() if state.stock_bottom is not None else None
    pool = cards.Rng(77).shuffle(hidden + stock)
    twin = State.from_position(
        table=state.table, hands=(
            state.hands[0] if seat == 0 else (*state.revealed()[0], *pool[: len(hidden)]),
            state.hands[1] if seat == 1 else (*state.revealed()[1], *pool[: len(hidden)]),
        ),
        stock=[*pool[len(hidden):], *([bottom] if bottom else [])], to_move=seat,
        dealer=state.dealer, piles=state.piles, tablas=state.tablas, totals=state.totals,
        deal_number=state.deal_number, last_capturer=state.last_capturer, seed=12345,
    )  # fmt: skip
    assert twin.view(seat) == {**state.view(seat), "last_move": None}
    for number in range(5):
        a = state.determinize(seat, cards.Rng(number))
        b = twin.determinize(seat, cards.Rng(number))
        assert a.hands == b.hands and a.stock == b.stock and a.table == b.table
        assert a.hands[seat] == state.hands[seat]
        assert a.view(seat) == {**state.view(seat), "last_move": None}
        # Playable to the end.
        play = cards.Rng(number)
        while not a.is_over:
            a = a.play(play.choice(a.legal_moves()))


@pytest.mark.parametrize("rules", FLAGS, ids=rules_id)
def test_playout_agrees_move_for_move_with_the_state_loop(rules: Rules) -> None:
    for seed in (1, 2):
        fast = tablic.playout(tablic.new_game(seed=seed, rules=rules, dealer=seed % 2),
                              cards.Rng(seed))  # fmt: skip
        state, rng = tablic.new_game(seed=seed, rules=rules, dealer=seed % 2), cards.Rng(seed)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
        assert state.outcome is not None
        assert fast == (state.totals, state.outcome.winner, len(state.deal_results), state.ply)
    one = tablic.playout(tablic.new_game(seed=3, rules=rules), cards.Rng(3), deals=1)
    assert one.deals == 1 and one.moves == 48
