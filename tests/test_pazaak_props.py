"""Hypothesis properties for Pazaak: notation, bust probability, positions."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from cardwidgets import IllegalMove
from cardwidgets.cards import Rng
from cardwidgets.games import pazaak as pz
from cardwidgets.games.pazaak import PlayCard, Rules, SideCard, State
from cardwidgets.games.pazaak import _fast as fast

RULES = st.sampled_from([Rules.seed(), Rules.kotor1(), Rules.kotor2()])


@given(st.text(max_size=20))
@settings(max_examples=200)
def test_any_text_parses_or_raises_illegal_move(text: str) -> None:
    try:
        move = pz.Move.parse(text)
    except IllegalMove:
        return
    assert pz.Move.parse(str(move)) == move


def test_every_side_card_and_every_play_round_trips() -> None:
    for card in pz.ALL_SIDE_CARDS:
        assert SideCard.parse(str(card)) is card
        assert SideCard.parse(str(card).replace("±", "+-")) is card
        for move in fast.PLAYS[card]:
            assert pz.Move.parse(str(move)) == move
            assert isinstance(move, PlayCard) and move.card is card


@given(rules=RULES, seed=st.integers(0, 2**64 - 1), steps=st.integers(0, 60))
@settings(max_examples=40, deadline=None)
def test_bust_probability_counts_the_unseen_cards(rules: Rules, seed: int, steps: int) -> None:
    state = pz.new_game(seed=seed, rules=rules)
    rng = Rng(seed)
    for _ in range(steps):
        if state.is_over:
            break
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
    for seat in (0, 1):
        p = pz.bust_probability(state, seat)
        assert isinstance(p, Fraction) and 0 <= p <= 1
        limit = 20 - state.totals[seat]
        if rules.main_deck == "finite40":
            # state.deck is exactly the unseen cards (full information), so brute force agrees
            deck = state.deck
            assert p == Fraction(sum(v > limit for v in deck), len(deck))
        else:
            assert p == Fraction(sum(v > limit for v in range(1, 11)), 10)


@given(
    tables=st.tuples(
        st.lists(st.integers(1, 10), max_size=4), st.lists(st.integers(1, 10), max_size=4)
    ),
    top=st.lists(st.integers(1, 10), max_size=6),
    seed=st.integers(0, 1000),
)
@settings(max_examples=80, deadline=None)
def test_positions_conserve_the_deck_or_are_rejected(tables, top, seed) -> None:
    try:
        state = State.from_position(["+1 -2", "±3"], top, tables, seed=seed)
    except IllegalMove:
        used = Counter(tables[0]) + Counter(tables[1]) + Counter(top)
        totals = [sum(t) for t in tables]
        assert max(used.values()) > 4 or max(totals) >= 20
        return
    drawn = Counter(src for tab in state.placed for src, _ in tab if isinstance(src, int))
    assert drawn + Counter(state.deck) == Counter(pz.FULL_DECK)
    if not state.last_set:
        assert state.placed[1][: len(tables[1])] == tuple((v, v) for v in tables[1])
