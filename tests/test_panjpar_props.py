"""Hypothesis properties for Panjpar: the fast engine (masks, attack and defence generation and
counting) against the plain rules of cardwidgets/games/panjpar/rules.py, and move notation round
trips."""

from __future__ import annotations

import itertools
from collections import Counter

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from cardwidgets import cards, panjpar
from cardwidgets.cards import Card, Suit
from cardwidgets.games.panjpar import Attack, Defend, Move, Rules, rules
from cardwidgets.games.panjpar._fast import BEATERS as _BEATERS
from cardwidgets.games.panjpar._fast import shape_ok as _shape_ok

DECK = list(cards.DECK)
card_sets = st.lists(st.sampled_from(DECK), unique=True)
suits = st.sampled_from(list(Suit))


def literal_shape(attack: tuple[Card, ...]) -> bool:
    """P-S8..P-S10 read literally: one card; a pair plus one; two pairs plus one (the plain
    rule, rules.is_valid_attack, counts ranks instead: P-D3)."""
    if len(attack) == 1:
        return True
    if len(attack) not in (3, 5):
        return False
    pairs_needed = (len(attack) - 1) // 2
    for order in itertools.permutations(attack):
        pairs = [order[2 * i : 2 * i + 2] for i in range(pairs_needed)]
        if all(a.rank == b.rank for a, b in pairs):
            return True
    return False


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=6, unique=True))
def test_shapes_match_brute_force(attack: list[Card]) -> None:
    assert rules.is_valid_attack(attack) is literal_shape(tuple(attack))
    assert panjpar.is_valid_attack(attack) is literal_shape(tuple(attack))
    assert _shape_ok(cards.mask(attack)) is rules.is_valid_attack(attack)  # the fast form


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DECK), st.sampled_from(DECK), suits)
def test_beats_accepts_texts(killer: Card, attacked: Card, trump: Suit) -> None:
    assert panjpar.beats(str(killer), attacked.ascii, trump.letter) is rules.beats(
        killer, attacked, trump
    )


def test_beaters_table_is_the_plain_beating_rule() -> None:
    # The engine's _BEATERS[trump][card] mask, for every trump and every pair of cards.
    for trump in Suit:
        for attacked in DECK:
            row = _BEATERS[trump.order][attacked.index]
            for killer in DECK:
                assert bool(row >> killer.index & 1) is rules.beats(killer, attacked, trump)


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=0, max_size=10, unique=True),
    st.sampled_from([1, 3, 5]),
)
def test_attacks_match_brute_force(hand: list[Card], max_size: int) -> None:
    expected = {frozenset(a) for a in rules.legal_attacks(hand, max_size)}
    assert all(literal_shape(a) for a in rules.legal_attacks(hand, max_size))
    generated = [frozenset(a.cards) for a in panjpar.iter_attacks(hand, max_size)]
    assert len(generated) == len(set(generated))  # each attack once
    assert set(generated) == expected
    assert panjpar.count_attacks(hand, max_size) == len(expected)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=8, max_size=24, unique=True),
    st.integers(min_value=0, max_value=10**9),
)
def test_big_hand_attack_counting_matches_unranking(hand: list[Card], seed: int) -> None:
    # Hands too big to brute-force: count, iteration and unranking must still agree.
    defender = [c for c in DECK if c not in hand][:5]
    state = panjpar.State.from_position([hand, defender], stock=(), trump="♦")
    moves = list(state.iter_legal_moves())
    assert len(moves) == state.legal_moves_count() == panjpar.count_attacks(hand)
    assert len(set(moves)) == len(moves)
    rng = cards.Rng(seed)
    for _ in range(20):
        index = rng.below(len(moves))
        assert state.legal_move_at(index) == moves[index]


@st.composite
def battles(draw: st.DrawFn) -> tuple[list[Card], list[Card], Suit]:
    """A valid attack of 1, 3 or 5 cards (often with pairs) and a disjoint defending hand."""
    pool = draw(st.lists(st.sampled_from(DECK[:20]), min_size=5, max_size=9, unique=True))
    options = [a for a in panjpar.iter_attacks(pool) if len(a.cards) > 1] or [Attack(pool[:1])]
    attack = list(draw(st.sampled_from(options)).cards)
    if draw(st.booleans()):
        attack = attack[:1]
    rest = [c for c in DECK if c not in attack]
    hand = draw(st.lists(st.sampled_from(rest), min_size=0, max_size=9, unique=True))
    return attack, hand, draw(suits)


@settings(max_examples=150, deadline=None)
@given(battles(), st.booleans())
def test_defences_match_brute_force(
    battle: tuple[list[Card], list[Card], Suit], take_all: bool
) -> None:
    attack, hand, trump = battle
    flags = Rules(pickup="all" if take_all else "unbeaten")
    expected = rules.legal_defences(attack, hand, trump, flags.pickup)
    generated = [
        frozenset(d.kills.pairs) for d in panjpar.iter_defences(attack, hand, trump, flags)
    ]
    assert len(generated) == len(set(generated))
    assert set(generated) == expected
    assert panjpar.count_defences(attack, hand, trump, flags) == len(expected)


@settings(max_examples=40, deadline=None)
@given(battles())
def test_state_unranking_matches_iteration(battle: tuple[list[Card], list[Card], Suit]) -> None:
    attack, hand, trump = battle
    assume(len(attack) <= len(hand))  # a position the rules reach (P-D4): from_position says so
    state = panjpar.State.from_position([[], hand], stock=(), trump=trump, attack=attack)
    moves = list(state.iter_legal_moves())
    assert [state.legal_move_at(i) for i in range(len(moves))] == moves
    assert sorted(map(str, state.legal_moves())) == sorted(map(str, moves))
    for move in moves:
        assert Move.parse(str(move)) == move
        assert Move.parse(str(move).replace("♦", "D").replace("10", "T")) == move


@settings(max_examples=100, deadline=None)
@given(st.lists(st.sampled_from(DECK), min_size=1, max_size=5, unique=True))
def test_attack_text_round_trip(attack: list[Card]) -> None:
    move = Attack(attack)
    assert Move.parse(str(move)) == move
    assert Move.parse(" ".join(c.ascii for c in attack)) == move  # bare ASCII cards
    assert Move.parse("attack " + "-".join(f"{c.suit.value}{c.rank}" for c in attack)) == move


def test_rank_count_shapes_are_the_documented_multiplicities() -> None:
    # P-D3 formally: sorted multiplicities [2,1] [3] for three, [2,2,1] [3,2] [4,1] for five.
    valid = {(1,), (2, 1), (3,), (2, 2, 1), (3, 2), (4, 1)}
    assert valid == rules.VALID_SHAPES
    by_shape: dict[tuple[int, ...], bool] = {}
    for size in (1, 2, 3, 4, 5):
        for combo in itertools.combinations(DECK[:24], size):
            shape = tuple(sorted(Counter(c.rank for c in combo).values(), reverse=True))
            result = panjpar.is_valid_attack(combo)
            assert (rules.attack_shape(combo) in rules.VALID_SHAPES) is result
            assert by_shape.setdefault(shape, result) == result
    assert {shape for shape, ok in by_shape.items() if ok} == valid


def test_defend_accepts_mappings_pairs_and_text() -> None:
    a = Defend({"7♥": "9♥", cards.parse("7♣"): "8♣"})
    b = Defend([("7♣", "8♣"), ("7H", "9H")])
    c = Move.parse("kill 7♣ with 8♣; beat 7h with 9h")
    assert a == b == c and hash(a) == hash(c)
    assert dict(a.kills) == {
        cards.parse("7♥"): cards.parse("9♥"),
        cards.parse("7♣"): cards.parse("8♣"),
    }


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.sampled_from(DECK), min_size=1, max_size=30, unique=True),
    st.sampled_from([1, 3, 5]),
)
def test_attack_total_shortcut_matches_the_blocks(hand: list[Card], max_size: int) -> None:
    # random_move and rollout draw an index below this total before building any block.
    from cardwidgets.games.panjpar._fast import attack_blocks as _attack_blocks
    from cardwidgets.games.panjpar._fast import attack_total as _attack_total
    from cardwidgets.games.panjpar._fast import paired_ranks as _paired_ranks

    bits = cards.mask(hand)
    paired = _paired_ranks(bits) if max_size >= 3 else []
    expected = sum(n for n, _ in _attack_blocks(bits, max_size))
    assert _attack_total(len(hand), paired, max_size) == expected
