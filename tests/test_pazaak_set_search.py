"""The exact Pazaak set search (``cardwidgets.bots.pazaak.SetSearch``) against a brute
force through the engine's own states, and the expert that stands on it never reading the
opponent's hidden hand."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from cardwidgets import bots, i18n, pazaak
from cardwidgets.bots.pazaak import (
    SetSearch,
    SetSearchError,
    deck_counts,
    plan,
    set_end_value,
    unseen,
)


def _with_top(state: pazaak.State, top: Sequence[int]) -> pazaak.State:
    """``state`` itself (the mover has drawn) with ``top`` the next main-deck cards."""
    seat = state.to_move
    assert seat is not None
    return pazaak.State.from_position(
        hands=state.hands, deck=list(top), tables=state.placed, to_move=seat,
        standing=state.standing, sets_won=state.sets_won, rules=state.rules, seed=0,
        set_number=state.set_number, starter=state.starter, used=state.used, draw=False,
        played_this_turn=state.played_this_turn,
    )  # fmt: skip


def _main_cards(state: pazaak.State, before: pazaak.State) -> int:
    """Main-deck cards on both tables of ``before``'s set as it stands in ``state``."""
    same = state.set_number == before.set_number and not state.is_over
    tables = state.placed if same else state.last_set_placed
    assert tables is not None
    return sum(1 for table in tables for src, _ in table if isinstance(src, int))


def _left(state: pazaak.State, drawn: Sequence[int]) -> list[tuple[int, int]]:
    counts = dict(unseen(state))
    if state.rules.main_deck == "finite40":
        for card in drawn:
            counts[card] -= 1
    return [(card, count) for card, count in counts.items() if count > 0]


def _brute(state: pazaak.State, seat: int, number: int) -> float:
    """``seat``'s value: its best move everywhere, the opponent's greedy move (standing at
    17), every draw enumerated on the engine's states, no memo, no pruning."""
    if state.is_over or state.set_number != number:
        return set_end_value(state, seat)[0]
    mover = state.to_move
    assert mover is not None
    if mover == seat:
        return max(_after(state, move, seat, number) for move in state.legal_moves())
    return _after(state, plan(state, mover, 17)[0], seat, number)


def _after(state: pazaak.State, move: pazaak.Move, seat: int, number: int) -> float:
    """The value after ``move``, over the (at most two) draws it makes: a draw that makes 20
    or nine cards ends that turn, and the next player draws at once."""
    before = _main_cards(state, state)
    first = _left(state, [])
    probe = _with_top(state, [first[0][0]]).play(move)
    if _main_cards(probe, state) == before:  # the move ends the set, or a card drew nothing
        return _brute(probe, seat, number)
    value = 0.0
    weight = 0
    for card, count in first:
        once = _with_top(state, [card]).play(move)
        if _main_cards(once, state) == before + 1:
            value += count * _brute(once, seat, number)
        else:
            second = _left(state, [card])
            inner = sum(n * _brute(_with_top(state, [card, c]).play(move), seat, number)
                        for c, n in second)  # fmt: skip
            value += count * inner / sum(n for _, n in second)
        weight += count
    return value / weight


POSITIONS = {
    # both play on: the opponent may still make 20 with his +4 and the seat draw at once
    "both_play_on": ("+1 -2", "+4 -1", ([9, 6], [10, 6]), (False, False), pazaak.Rules()),
    "opponent_stands": ("+3 -3", "+2", ([10, 4], [10, 8]), (False, True), pazaak.Rules()),
    "with_replacement": (
        "±2", "-3 +1", ([10, 5], [9, 8]), (False, False),
        pazaak.Rules(main_deck="uniform_with_replacement"),
    ),
    "fill_table_wins": (
        "-1 +2", "+3", ([2, 3, 1, 2, 3, 1, 2], [10, 6]), (False, False), pazaak.Rules.kotor1(),
    ),
}  # fmt: skip


def _position(name: str) -> pazaak.State:
    mine, theirs, tables, standing, rules = POSITIONS[name]
    return pazaak.State.from_position(
        hands=[mine, theirs], deck=[2], tables=tables, standing=standing, rules=rules,
        seed=4, sets_won=(1, 2),
    )  # fmt: skip


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_set_search_equals_a_brute_force_through_the_engine(name: str) -> None:
    state = _position(name)
    moves = state.legal_moves()
    number = state.set_number
    brute = [_after(state, move, 0, number) for move in moves]
    for memo in (True, False):
        search = SetSearch(state.rules, state.sets_won, prune=False, memo=memo)
        assert search.values(state, 0, state.hands[1], moves) == pytest.approx(brute, abs=1e-12)
        assert search.nodes > 0


@pytest.mark.parametrize("name", sorted(POSITIONS))
def test_pruned_search_only_drops_later_hand_cards_and_keeps_the_best_move(name: str) -> None:
    state = _position(name)
    moves = state.legal_moves()
    full = SetSearch(state.rules, state.sets_won, prune=False)
    pruned = SetSearch(state.rules, state.sets_won)
    exact = full.values(state, 0, state.hands[1], moves)
    fast = pruned.values(state, 0, state.hands[1], moves)
    assert all(f <= e + 1e-12 for f, e in zip(fast, exact, strict=True))
    assert fast.index(max(fast)) == exact.index(max(exact))
    assert pruned.nodes <= full.nodes


def test_Z_D2_deck_counts_are_the_forty_cards_less_both_tables() -> None:
    state = _position("both_play_on")  # 9, 6 and the 2 drawn; 10, 6
    assert deck_counts(state) == (0, 4, 3, 4, 4, 4, 2, 4, 4, 3, 3)
    uniform = _position("with_replacement")
    assert deck_counts(uniform) == (0,) + (1,) * 10


def test_Z_D9_gold_cards_are_refused_with_a_reason_in_both_languages() -> None:
    with pytest.raises(SetSearchError) as info:
        SetSearch(pazaak.Rules.kotor2(), (0, 0))
    assert "gold cards" in str(info.value)
    german = info.value.text("de")
    assert "Goldkarten" in german and "gold" not in german
    assert i18n.text(info.value.key, "en") == str(info.value)


def _twins() -> tuple[pazaak.State, pazaak.State]:
    # The same view for seat 0; the opponent's hand and the deck order differ.
    def position(theirs: str, deck: list[int], seed: int) -> pazaak.State:
        return pazaak.State.from_position(
            hands=["+3 -3 ±2", theirs], deck=deck, tables=([10], [9]), seed=seed
        )

    return position("+1 -1", [6, 4, 9], 1), position("-4 ±5", [6, 10, 2], 7)


def test_expert_never_reads_the_opponents_hidden_hand() -> None:
    one, two = _twins()
    assert one.view(0) == two.view(0) and one.hands[1] != two.hands[1]
    first, second = bots.ExpertPlayer(seed=3), bots.ExpertPlayer(seed=3)
    assert first.choose(one) == second.choose(two)
    assert first.last_search is not None and second.last_search is not None
    assert first.last_search.stats == second.last_search.stats


def test_expert_takes_the_exact_search_and_counts_determinizations() -> None:
    one, _ = _twins()
    expert = bots.ExpertPlayer(seed=3, iterations=5)
    move = expert.choose(one)
    search = expert.last_search
    assert search is not None and search.iterations == 5
    values = {name: mean for name, (samples, mean) in search.stats.items() if samples == 5}
    assert set(values) == {str(m) for m in one.legal_moves()}
    assert all(0.0 <= value <= 1.0 for value in values.values())
    assert values[str(move)] == max(values.values()) or move == bots.GreedyPlayer(3).choose(one)
