"""Hypothesis properties: the fast capture search equals the plain rule.

The plain rule is ``cardwidgets.games.tablic.rules.legal_captures``: it tries every subset of
the table and every way to split it into groups, straight from T-D1–T-D4 (maximal captures as
T-D1a defines them: no other legal capture contains them). It is exponential, so tables stay at
10 cards or fewer. The engine's answers (``capture_options``, ``count_captures``,
``iter_captures``, ``maximal_captures``, ``is_capture`` and the moves a State lists) come from
the count-vector search of ``capture_search``; these properties are its contract.
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwidgets import IllegalMove, cards, tablic
from cardwidgets.cards import Card
from cardwidgets.games.tablic import Rules
from cardwidgets.games.tablic.rules import adds_up_to, legal_captures


def sums_to(v: int, group: Sequence[Card]) -> bool:
    return adds_up_to(v, group)


def reference(card: Card, table: Sequence[Card], maximal: bool) -> set[frozenset[Card]]:
    return legal_captures(card, table, Rules(capture_must_be_maximal=maximal))


LOW = [c for c in cards.DECK if c.rank <= 7 or c.rank >= 13]


@st.composite
def positions(draw: st.DrawFn, most: int = 10) -> tuple[Card, list[Card]]:
    pool = draw(st.sampled_from([list(cards.DECK), LOW]))
    chosen = draw(st.lists(st.sampled_from(pool), min_size=1, max_size=most + 1, unique=True))
    played = draw(st.sampled_from(list(cards.DECK)))
    table = [c for c in chosen if c is not played][:most]
    return played, table


@settings(max_examples=250, deadline=None)
@given(positions(), st.booleans())
def test_capture_options_equal_brute_force(
    position: tuple[Card, list[Card]], maximal: bool
) -> None:
    played, table = position
    rules = Rules(capture_must_be_maximal=maximal)
    found = tablic.capture_options(played, table, rules)
    assert len(found) == len(set(found)), "a capture listed twice"
    assert set(found) == reference(played, table, maximal)
    assert tablic.count_captures(played, table, rules) == len(found)
    assert list(tablic.iter_captures(played, table, rules)) == found
    assert tablic.capture_options(played, table, rules) == found  # deterministic order
    sizes = [len(c) for c in found]
    assert sizes == sorted(sizes, reverse=True)
    assert set(tablic.maximal_captures(played, table)) == reference(played, table, True)


@settings(max_examples=60, deadline=None)
@given(positions())
def test_every_option_is_a_union_of_disjoint_groups(position: tuple[Card, list[Card]]) -> None:
    played, table = position
    v = tablic.played_value(played)
    for option in tablic.capture_options(played, table)[:40]:
        groups = tablic.capture_groups(played, option)
        assert frozenset().union(*groups) == option
        assert sum(len(g) for g in groups) == len(option), "groups overlap"
        assert all(sums_to(v, sorted(g)) for g in groups)
        assert tablic.is_capture(played, option)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from([c for c in cards.DECK if c.rank != 13]), max_size=6, unique=True),
       st.integers(0, 3))  # fmt: skip
def test_king_takes_at_most_one_king(others: list[Card], kings_on_table: int) -> None:
    played = cards.parse("K♦")
    kings = [cards.parse(t) for t in ("K♠", "K♥", "K♣")][:kings_on_table]
    table = [*others, *kings]
    for option in tablic.capture_options(played, table):
        assert sum(c.rank == 13 for c in option) <= 1
    if kings:
        # Each single King is a capture, and no pair of Kings ever is (T-D4).
        assert all(frozenset({k}) in tablic.capture_options(played, table) for k in kings)
        assert not tablic.is_capture(played, kings[:2]) or len(kings) < 2
    # A Queen has no such limit.
    queens = [cards.parse("Q♠"), cards.parse("Q♥")]
    assert frozenset(queens) in tablic.capture_options("Q♦", queens)


@settings(max_examples=100, deadline=None)
@given(st.integers(1, 4), st.lists(st.sampled_from([c for c in cards.DECK
                                                    if c.rank <= 10 and c.suit != "♦"]),
                                   max_size=5, unique=True))  # fmt: skip
def test_table_aces_count_one_or_eleven(aces: int, others: list[Card]) -> None:
    table_aces = [c for c in cards.DECK if c.rank == 14][:aces]
    table = [*table_aces, *others]
    for played in ("J♦", "Q♦", "10♦"):
        v = tablic.played_value(played)
        found = set(tablic.capture_options(played, table))
        # Any two table Aces are a group for a Jack (1 + 11), never for a Queen or a ten alone.
        pair = frozenset(table_aces[:2])
        if aces >= 2:
            assert (pair in found) == (v == 12)
        for option in found:
            assert all(tablic.is_capture(played, g) for g in tablic.capture_groups(played, option))
    # A played Ace behaves as 11 (and so also captures single table Aces, T-D3).
    for ace in table_aces:
        if cards.parse("A♣") not in table:
            assert frozenset({ace}) in tablic.capture_options("A♣", table)


@settings(max_examples=120, deadline=None)
@given(positions(most=8))
def test_T_D1a_strict_play_accepts_exactly_the_inclusion_maximal_captures(
    position: tuple[Card, list[Card]],
) -> None:
    """T-D1a: under the strict flag a capture is legal when no other legal capture contains it;
    a refused capture is explained by a legal bigger capture that contains it."""
    played, table = position
    strict = Rules(capture_must_be_maximal=True)
    everything = reference(played, table, maximal=False)
    maximal = reference(played, table, maximal=True)
    state = tablic.State.from_position(table=table, hands=([played], []), rules=strict)
    listed = {m.captured for m in state.legal_moves() if m.captured}
    assert listed == maximal
    for chosen in sorted(everything - maximal, key=lambda c: sorted(c))[:10]:
        move = tablic.Move(played, chosen)
        with pytest.raises(IllegalMove) as err:
            state.play(move)
        assert err.value.key == "tablic.not_maximal"
        bigger = frozenset(cards.parse_many(str(err.value.params["bigger"])))
        assert chosen < bigger and bigger in maximal
    for chosen in list(maximal)[:10]:
        assert state.play(tablic.Move(played, chosen)).last_move == tablic.Move(played, chosen)
