"""Hypothesis properties of the Tablić capture search against a brute-force reference.

The reference tries every subset of the table and every way to split it into groups, straight
from T-D1–T-D4 (maximal captures as T-D1a defines them: no other legal capture contains them);
it is exponential, so tables stay at 10 cards or fewer.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardwidgets import IllegalMove, cards, tablic
from cardwidgets.cards import Card
from cardwidgets.games.tablic import Rules


def values(card: Card) -> tuple[int, ...]:
    if card.rank == 14:
        return (1, 11)
    return (card.rank + 1,) if card.rank >= 11 else (int(card.rank),)


def sums_to(v: int, group: Sequence[Card]) -> bool:
    totals = {0}
    for card in group:
        totals = {t + x for t in totals for x in values(card)}
    return v in totals


def reference_masks(v: int, table: Sequence[Card]) -> set[int]:
    """Bitmasks (over table positions) of every union of disjoint groups adding up to v each."""
    n = len(table)
    groups = [m for m in range(1, 1 << n)
              if sums_to(v, [table[i] for i in range(n) if m >> i & 1])]  # fmt: skip

    @functools.cache
    def splits(mask: int) -> bool:
        if not mask:
            return True
        lowest = mask & -mask  # the group holding the lowest card, then the rest
        return any(g & lowest and g & mask == g and splits(mask ^ g) for g in groups)

    return {m for m in range(1, 1 << n) if splits(m)}


def reference(card: Card, table: Sequence[Card], maximal: bool) -> set[frozenset[Card]]:
    v = 11 if card.rank == 14 else values(card)[0]  # T-D3: a played Ace at 11 covers 1
    found = set()
    for m in reference_masks(v, table):
        chosen = [table[i] for i in range(len(table)) if m >> i & 1]
        if v == 14 and sum(c.rank == 13 for c in chosen) > 1:
            continue  # T-D4
        found.add(frozenset(chosen))
    if maximal:
        # T-D1a: maximal means that no other legal capture strictly contains it.
        found = {chosen for chosen in found if not any(chosen < other for other in found)}
    return found


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
