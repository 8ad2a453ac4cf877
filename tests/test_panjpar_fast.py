"""The hot-path shortcuts of the Panjpar engine give the same results as the plain paths."""

from __future__ import annotations

import pytest

from cardwidgets import cards
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import _bits, _nth_bit


def test_nth_bit_matches_listing_the_bits() -> None:
    rng = cards.Rng("nth bit")
    for _ in range(300):
        mask = rng.next64() & ((1 << 52) - 1)
        for index, bit in enumerate(_bits(mask)):
            assert _nth_bit(mask, index) == 1 << bit


@pytest.mark.parametrize("pickup", ["unbeaten", "all"])
def test_trusted_moves_match_the_checked_path(pickup: str) -> None:
    # A move from random_move is played unchecked by the state that made it; the same move
    # played by an equal state that did not make it is checked in full: same result.
    rules = panjpar.Rules(pickup=pickup)
    rng = cards.Rng(f"trusted {pickup}")
    for game in range(20):
        state = panjpar.new_game(seed=f"trusted-{game}", rules=rules, guess="red")
        while not state.is_over:
            move = state.random_move(rng)
            twin = panjpar.State.from_record(state.to_record()) if state.ply % 9 == 0 else None
            child = state.play(move)
            assert child._issued is None  # a child never inherits the parent's trusted move
            if twin is not None:
                checked = twin.play(str(move))
                assert checked.view_all() == child.view_all()
                assert checked.hands == child.hands and checked.discard == child.discard
            state = child


def test_a_trusted_move_is_not_trusted_by_the_next_state() -> None:
    state = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦"
    )
    move = state.random_move(cards.Rng(1))
    child = state.play(move)
    with pytest.raises(IllegalMove):
        child.play(move)  # the defender must answer: an attack is checked and refused
