"""The hot-path shortcuts of the Panjpar engine give the same results as the plain paths."""

from __future__ import annotations

import pytest

from cardwidgets import cards
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import _fast as attacks
from cardwidgets.games.panjpar._fast import BEATERS as _BEATERS
from cardwidgets.games.panjpar._fast import attack_blocks as _attack_blocks
from cardwidgets.games.panjpar._fast import block_mask_at as _block_mask_at
from cardwidgets.games.panjpar._fast import max_size as _max_size
from cardwidgets.games.panjpar._fast import nibble_counts as _nibble_counts
from cardwidgets.games.panjpar._fast import nth_bit as _nth_bit
from cardwidgets.games.panjpar._fast import sample_attack as _sample_attack
from cardwidgets.games.panjpar._fast import sample_defence as _sample_defence
from cardwidgets.games.panjpar.deck import indices_of as _bits


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
            assert child._issued is not move  # a child never inherits the parent's trusted move
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


class _FixedRng(cards.Rng):
    """An Rng whose ``below`` returns a chosen index (to walk every branch of a sampler)."""

    def __init__(self, index: int) -> None:
        super().__init__(0)
        self.index = index
        self.asked: list[int] = []

    def below(self, n: int) -> int:
        self.asked.append(n)
        return self.index


@pytest.mark.parametrize("defender_size", [1, 3, 5])
def test_sample_attack_fast_paths_match_the_block_order(defender_size: int) -> None:
    # _sample_attack has shortcuts (no pair; exactly one pair); the index-th attack it returns
    # must be the index-th of the generic count-and-unrank order, over the same total.
    rng = cards.Rng("attack shapes")
    defender = (1 << defender_size) - 1
    shapes = ["7♥ 7♣ 9♦ 2♠ 3♠", "7♥ 7♣ 9♦ 9♠", "7♥ 7♣ 9♦ 9♠ 2♠", "7♥ 7♣ 9♦ 9♠ 2♠ K♦ A♠"]
    shapes += ["7♥ 7♣ 7♦ 9♠ 9♦", "2♠ 2♥ 5♦ 5♣ 9♠ 9♦ A♥", "4♠ 4♥ 4♦ 4♣ 8♠"]
    hands = [cards.mask(cards.parse_many(text)) for text in shapes]
    for _ in range(150):
        hand = 0
        for card in rng.shuffle(range(52))[: 1 + rng.below(9)]:
            hand |= 1 << card
        hands.append(hand)
    for hand in hands:
        max_size = _max_size(defender_size)
        blocks = _attack_blocks(hand, max_size)
        total = sum(count for count, _ in blocks)
        for index in range(total):
            fixed = _FixedRng(index)
            got = _sample_attack(hand, defender, fixed)
            assert fixed.asked == [total]
            rest = index
            for count, block in blocks:
                if rest < count:
                    assert got == _block_mask_at(hand, block, rest)
                    break
                rest -= count


def test_P_D5_one_card_defence_is_the_same_draw_under_either_pickup_rule() -> None:
    # random_move and rollout use the one-card shortcut under pickup="all" too: with one
    # attack card both rules allow the same moves, and _sample_defence draws them alike.
    rng = cards.Rng("one card")
    for _ in range(200):
        attacked = rng.below(52)
        hand = rng.next64() & ((1 << 52) - 1) & ~(1 << attacked)
        trump = rng.below(4)
        total = 1 + (_BEATERS[trump][attacked] & hand).bit_count()
        for index in range(total):
            seed_rules, take_all = _FixedRng(index), _FixedRng(index)
            assert _sample_defence(
                1 << attacked, hand, trump, False, seed_rules
            ) == _sample_defence(1 << attacked, hand, trump, True, take_all)
            assert seed_rules.asked == take_all.asked == [total]


def test_generated_defences_carry_the_masks_kills_would_compute() -> None:
    # Defend.from_pairs fills the Kills cache up front; it must equal Kills.masks().
    state = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦ 10♦ J♣ 9♣"], stock="Q♥ J♦", trump="♦"
    ).play("attack 7♥ 7♣ 9♦")
    moves = state.legal_moves()
    assert len(moves) > 20
    for move in moves:
        assert isinstance(move, panjpar.Defend)
        fresh = panjpar.Kills.trusted(move.kills.pairs)
        assert move.kills.resolved == fresh.masks()


@pytest.mark.parametrize("tabled", [True, False])
def test_shape_positions_give_each_hand_its_own_sorted_attacks(
    tabled: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    # legal_moves lists 3- and 5-card attacks from positions tabled per rank counts
    # (shape_positions); mapped onto any hand with those counts they must be that hand's own
    # sorted attacks, tabled or not (beyond the table's size they are worked out each time).
    if not tabled:
        monkeypatch.setattr(attacks, "SHAPES", {})
        monkeypatch.setattr(attacks, "SHAPES_MAX", 0)
    rng = cards.Rng(f"shapes {tabled}")
    for _ in range(300):
        hand = 0
        for card in rng.shuffle(range(52))[: 3 + rng.below(18)]:
            hand |= 1 << card
        threes, fives = attacks.shape_positions(attacks.shape(_nibble_counts(hand)))
        held = _bits(hand)
        assert [sum(1 << held[p] for p in t) for t in threes] == attacks.sorted_threes(hand)
        assert [sum(1 << held[p] for p in f) for f in fives] == attacks.sorted_fives(hand)
    assert bool(attacks.SHAPES) is tabled


@pytest.mark.parametrize("hand_size", [1, 5, 8])
def test_P_D2_draw_up_on_masks_is_the_plain_rule(hand_size: int) -> None:
    # The fast path every playout and State's battle end call, against rules.draw_up: the
    # attacker first, each to the hand size while the stock lasts, from any top of the stock.
    from cardwidgets.games.panjpar import rules

    rng = cards.Rng(f"draw up {hand_size}")
    for _ in range(300):
        deck = rng.shuffle(cards.DECK)
        a_count, d_count = rng.below(hand_size + 3), rng.below(hand_size + 3)
        held_a, held_d = deck[:a_count], deck[a_count : a_count + d_count]
        stock = deck[a_count + d_count :]
        top = rng.below(len(stock) + 1)
        attacker = rng.below(2)
        hands = (tuple(held_a), tuple(held_d)) if attacker == 0 else (tuple(held_d), tuple(held_a))
        plain, rest = rules.draw_up(hands, tuple(stock[top:]), attacker, hand_size)
        mine, theirs, new_top = attacks.draw_up(
            cards.mask(held_a), cards.mask(held_d), tuple(c.index for c in stock), top, hand_size
        )
        assert (mine, theirs) == (cards.mask(plain[attacker]), cards.mask(plain[1 - attacker]))
        assert tuple(stock[new_top:]) == rest
