"""``state.ply`` is stored when a state is made, not counted along the parents.

Every bot reads ``state.ply`` each move (its random numbers are keyed on it), so counting the
parents made a game of n moves cost O(n²): 79 of 92 s of a 9,120-move match. These tests pin
the value (the parent chain's length, at every step, in all three games and every way a
state is made) and that reading it never walks the parents.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets import cards
from cardwidgets.games import panjpar, pazaak, tablic


def counted(state: Any) -> int:
    """The moves since the last state made without a move, counted along the parents (what
    ``ply`` always meant)."""
    count = 0
    while state is not None and state.last_move is not None:
        count += 1
        state = state.parent
    return count


def long_game(game: str) -> Any:
    """A state at the start of a long game of ``game``."""
    if game == "tablic":
        return tablic.new_game(seed=3, rules=tablic.Rules(target=400))
    if game == "panjpar":
        return panjpar.new_game(seed=3)
    return pazaak.new_game(seed=3)


class Tripwire:
    """A parent that fails the test when anything reads it."""

    def __getattr__(self, name: str) -> Any:
        raise AssertionError(f"ply walked the parents (read .{name} of a parent)")


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_ply_equals_the_parent_chain_length_at_every_step_of_a_long_game(game: str) -> None:
    state = long_game(game)
    rng = cards.Rng(7)
    steps = 0
    while not state.is_over:
        assert state.ply == counted(state) == steps
        # every other state also gets a determinized twin: a position dealt anew, ply 0
        if steps % 50 == 0:
            twin = state.determinize(state.to_move, rng)
            assert twin.ply == counted(twin) == 0
        state = state.play(state.random_move(rng))
        steps += 1
    assert state.ply == counted(state) == steps and steps > 10


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_ply_is_read_without_walking_the_parents(game: str) -> None:
    state = long_game(game)
    rng = cards.Rng(11)
    for _ in range(5):
        state = state.play(state.random_move(rng))
    child = state.play(state.random_move(rng))
    child.parent = Tripwire()  # any read of the parents now fails
    assert child.ply == 6


def test_ply_of_a_record_replayed_and_a_set_up_position() -> None:
    state = tablic.new_game(seed=4)
    rng = cards.Rng(2)
    for _ in range(9):
        state = state.play(state.random_move(rng))
    again = tablic.from_record(state.to_record())
    assert again.ply == counted(again) == 9
    shown = tablic.State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
    assert shown.ply == 0 and shown.play(shown.legal_moves()[0]).ply == 1
