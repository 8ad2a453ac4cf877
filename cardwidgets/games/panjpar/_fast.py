"""The fast rules: Panjpar's legal moves on card masks, generated, counted, unranked, drawn.

:mod:`.rules` says each rule plainly on :class:`~cardwidgets.cards.Card` values; this room
answers the same questions on 52-bit masks (a rank's four cards are one nibble, see
:mod:`.deck`), millions of times per second, for :class:`~.state.State` and the bots.
tests/test_panjpar_props.py, test_panjpar_fast.py and test_panjpar_plain.py prove each
function here equal to its plain rule. In reading order:

* masks: rank counts by SWAR popcount (:func:`nibble_counts`), attack shapes
  (:func:`shape_ok`, P-D3), the size limit (:func:`max_size`, P-D4) and the beaters table
  (:data:`BEATERS`, P-S12);
* attacks (P-D3, P-D4): generated in *blocks*, one per shape and pair rank, each counted by a
  product of binomials (:func:`attack_blocks`), so the engine counts them
  (:func:`count_attacks`), unranks the i-th (:func:`block_mask_at`), draws one
  (:func:`sample_attack`) and lists them sorted (:func:`sorted_attacks`,
  :func:`shape_positions`) without trying combinations (a 20-card hand has 15,524
  combinations of five);
* defences (P-D5): hand cards that beat the same attack cards form a class, and counting
  recurses over the attack cards with the remaining size of each class (:class:`Defences`),
  so tens of thousands of defences are counted, unranked and drawn
  (:func:`sample_defence`) without listing them; :func:`defence_codes` lists them as sorted
  ints (see :func:`.moves.decode_defence`);
* a position's legal moves: :func:`legal_moves` (sorted), :func:`count_moves`,
  :func:`move_at`, :func:`iter_moves` (generation order), and what ``State.random_move``
  draws with (:func:`sample_attack`, :func:`sample_defence`); and the
  checks of an engine-made move by mask arithmetic (:func:`attack_fits`,
  :func:`checked_code`);
* random playouts on plain ints (:func:`rollout`), exactly the game of repeated
  ``state.play(state.random_move(rng))``, and a policy's (:func:`policy_rollout`, the
  expert's rollouts), exactly the game of its loop on states.

Trade-offs: speed over brevity. The commonest shapes (single cards; one pair; two pairs; one
attack card) have their own straight-line paths, which draw and order exactly as the general
code does (tests check index by index); sorting is by one int sort on packed keys, never a key
function; moves are made in :mod:`.moves` from masks and codes, most of them cached. Each fast
path names the rule it implements. Its names are plain (the module is private to the
package: it is the engine's inside, its API is :class:`~.state.State`).

>>> from cardwidgets import cards
>>> hand = cards.mask(cards.parse_many("7♥ 7♣ 9♦ 9♠ 2♠"))
>>> paired_ranks(hand), shape_ok(hand), max_size(4)
([(5, 2), (7, 2)], True, 3)
>>> bool(BEATERS[2][cards.parse("A♣").index] >> cards.parse("2♦").index & 1)   # ♦ trumps
True
>>> [str(a) for a in iter_attacks("8♠ 8♥ 8♦", max_size=3)]
['attack 8♠', 'attack 8♥', 'attack 8♦', 'attack 8♠ 8♥ 8♦']
>>> [str(d) for d in iter_defences("7♥", "9♥ 4♦ 8♣", "♦")]
['pick up 7♥', 'kill 7♥ with 4♦', 'kill 7♥ with 9♥']
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import cast

from cardwidgets import cards
from cardwidgets.cards import DECK, Card, CardLike, Rng, Suit
from cardwidgets.core import Outcome
from cardwidgets.games.panjpar.deck import FULL, LOW, indices_of, suit_index
from cardwidgets.games.panjpar.moves import (
    CODE_SHIFT,
    SINGLE_ATTACKS,
    THREE_ATTACKS,
    Attack,
    Defend,
    Move,
    attacks_of_masks,
    decode_defence,
    defences_of_codes,
    single_defence,
    single_row,
)
from cardwidgets.games.panjpar.rules import Rules

# -- masks: rank counts, shapes, beaters ------------------------------------------------

M1 = int("0001" * 13, 2)  # bit 0 of every rank nibble
M5 = int("0101" * 26, 2)  # 0x5555…: every other bit
M3 = int("0011" * 26, 2)  # 0x3333…
_POP4 = tuple(bin(i).count("1") for i in range(16))
C2 = (0, 0, 1, 3, 6)  # C2[c]: the pairs among c cards of one rank
C3 = (0, 0, 0, 1, 4)  # C3[c]: the triples among c cards of one rank


def _build_beaters() -> tuple[tuple[int, ...], ...]:
    # BEATERS[trump][card] = mask of every card that beats `card` (P-S12): the higher cards
    # of its suit, and every trump unless it is a trump itself. rules.beats as a table.
    suits = [M1 << s for s in range(4)]
    return tuple(
        tuple(
            suits[card & 3] & ~((2 << card) - 1) | (suits[trump] if trump != card & 3 else 0)
            for card in range(52)
        )
        for trump in range(4)
    )


BEATERS = _build_beaters()
"""``BEATERS[trump][card]``: the mask of every card that kills ``card`` (P-S12)."""

# SUBSETS[nibble][k]: the k-card subsets of one rank's nibble, ascending.
SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(16) if s & ~nib == 0 and _POP4[s] == k) for k in range(5))
    for nib in range(16)
)


def nibble_counts(mask: int) -> int:
    """Per-rank card counts, one per nibble (SWAR popcount: no loop over ranks)."""
    v = mask - ((mask >> 1) & M5)
    return (v & M3) + ((v >> 2) & M3)


def rank_counts(mask: int) -> list[int]:
    """How many cards of each rank (2 to A) ``mask`` holds."""
    v = nibble_counts(mask)
    return [(v >> (4 * r)) & 15 for r in range(13)]


def paired_ranks(mask: int) -> list[tuple[int, int]]:
    """(rank, count) of every rank held at least twice, ascending."""
    v = nibble_counts(mask)
    flags = ((v >> 1) | (v >> 2)) & M1
    found = []
    while flags:
        low = flags & -flags
        shift = low.bit_length() - 1
        found.append((shift >> 2, (v >> shift) & 15))
        flags ^= low
    return found


def shape_ok(mask: int) -> bool:
    """:func:`.rules.is_valid_attack` on a mask (P-D3): enough pairs for 3 or 5 cards."""
    size = mask.bit_count()
    if size == 1:
        return True
    if size not in (3, 5):
        return False
    pairs = sum(c // 2 for _, c in paired_ranks(mask))
    return pairs >= (size - 1) // 2


def max_size(defender_hand_size: int) -> int:
    """The largest of :func:`.rules.allowed_attack_sizes` (P-D4), for a defender with cards."""
    return 5 if defender_hand_size >= 5 else 3 if defender_hand_size >= 3 else 1


def nth_bit(mask: int, index: int) -> int:
    """The ``index``-th lowest set bit of ``mask`` (0-based), as a one-bit mask.

    >>> nth_bit(0b101100, 0), nth_bit(0b101100, 2), nth_bit((1 << 52) - 1, 40) == 1 << 40
    (4, 32, True)
    """
    if index > 6:
        return 1 << indices_of(mask)[index]
    while index:  # a few cheap steps beat listing the bits of a small hand
        mask &= mask - 1
        index -= 1
    return mask & -mask


# -- attacks (P-D3, P-D4) ------------------------------------------------------------------

Block = tuple[str, int, int]


def attack_blocks(
    hand: int, max_size: int, paired: list[tuple[int, int]] | None = None
) -> list[tuple[int, Block]]:
    """Blocks of attacks as (count, descriptor), in generation order.

    Descriptors: ("1",), ("3", r, 0), ("21", r, 0), ("221", r1, r2), ("32", r3, r2), ("41", r, 0).
    Each shape is generated once: the pair (or triple, four) ranks fix the grouping.
    """
    n = hand.bit_count()
    if n == 0 or max_size < 1:
        return []
    blocks: list[tuple[int, Block]] = [(n, ("1", 0, 0))]
    if max_size < 3:
        return blocks
    if paired is None:
        paired = paired_ranks(hand)
    if not paired:
        return blocks
    for r, c in paired:
        if c >= 3:
            blocks.append((C3[c], ("3", r, 0)))
        blocks.append((C2[c] * (n - c), ("21", r, 0)))
    if max_size < 5:
        return blocks
    for i, (r1, c1) in enumerate(paired):
        for r2, c2 in paired[i + 1 :]:
            rest = n - c1 - c2
            if rest:
                blocks.append((C2[c1] * C2[c2] * rest, ("221", r1, r2)))
    for r3, c3 in paired:
        if c3 >= 3:
            for r2, c2 in paired:
                if r2 != r3:
                    blocks.append((C3[c3] * C2[c2], ("32", r3, r2)))
    for r, c in paired:
        if c == 4 and n > 4:
            blocks.append((n - 4, ("41", r, 0)))
    return blocks


def _others(hand: int, *ranks: int) -> tuple[int, ...]:
    for r in ranks:
        hand &= ~(15 << (4 * r))
    return indices_of(hand)


def block_masks(hand: int, block: Block) -> Iterator[int]:
    kind = block[0]
    if kind == "1":
        for i in indices_of(hand):
            yield 1 << i
    elif kind == "3":
        r = block[1]
        for t in SUBSETS[(hand >> (4 * r)) & 15][3]:
            yield t << (4 * r)
    elif kind == "21":
        r = block[1]
        others = _others(hand, r)
        for p in SUBSETS[(hand >> (4 * r)) & 15][2]:
            for x in others:
                yield (p << (4 * r)) | (1 << x)
    elif kind == "221":
        r1, r2 = block[1], block[2]
        others = _others(hand, r1, r2)
        for p1 in SUBSETS[(hand >> (4 * r1)) & 15][2]:
            for p2 in SUBSETS[(hand >> (4 * r2)) & 15][2]:
                for x in others:
                    yield (p1 << (4 * r1)) | (p2 << (4 * r2)) | (1 << x)
    elif kind == "32":
        r3, r2 = block[1], block[2]
        for t in SUBSETS[(hand >> (4 * r3)) & 15][3]:
            for p in SUBSETS[(hand >> (4 * r2)) & 15][2]:
                yield (t << (4 * r3)) | (p << (4 * r2))
    else:  # "41"
        r = block[1]
        for x in _others(hand, r):
            yield (15 << (4 * r)) | (1 << x)


def block_mask_at(hand: int, block: Block, index: int) -> int:
    # The index-th mask of block_masks(hand, block), by mixed-radix arithmetic.
    kind = block[0]
    if kind == "1":
        return 1 << indices_of(hand)[index]
    if kind == "3":
        r = block[1]
        return SUBSETS[(hand >> (4 * r)) & 15][3][index] << (4 * r)
    if kind == "21":
        r = block[1]
        others = _others(hand, r)
        p, x = divmod(index, len(others))
        return (SUBSETS[(hand >> (4 * r)) & 15][2][p] << (4 * r)) | (1 << others[x])
    if kind == "221":
        r1, r2 = block[1], block[2]
        others = _others(hand, r1, r2)
        pairs2 = SUBSETS[(hand >> (4 * r2)) & 15][2]
        rest, x = divmod(index, len(others))
        p1, p2 = divmod(rest, len(pairs2))
        return (
            (SUBSETS[(hand >> (4 * r1)) & 15][2][p1] << (4 * r1))
            | (pairs2[p2] << (4 * r2))
            | (1 << others[x])
        )
    if kind == "32":
        r3, r2 = block[1], block[2]
        pairs2 = SUBSETS[(hand >> (4 * r2)) & 15][2]
        t, p = divmod(index, len(pairs2))
        return (SUBSETS[(hand >> (4 * r3)) & 15][3][t] << (4 * r3)) | (pairs2[p] << (4 * r2))
    r = block[1]
    return (15 << (4 * r)) | (1 << _others(hand, r)[index])


def iter_attack_masks(hand: int, max_size: int) -> Iterator[int]:
    for _, block in attack_blocks(hand, max_size):
        yield from block_masks(hand, block)


def count_attacks(hand: Iterable[CardLike] | str, max_size: int = 5) -> int:
    """How many legal attacks of at most ``max_size`` cards a hand has, without listing them.

    >>> count_attacks("7♥ 7♣ 9♦ 2♠ 3♠")    # 5 singles + 7-7 with each of 3 others
    8
    >>> count_attacks(cards.DECK)            # a hand of all 52 cards, for scale
    131768
    """
    return sum(n for n, _ in attack_blocks(cards.mask(cards.to_cards(hand)), max_size))


def iter_attacks(hand: Iterable[CardLike] | str, max_size: int = 5) -> Iterator[Attack]:
    """The legal attacks of a hand, lazily, in generation order (by shape and rank).

    >>> [str(a) for a in iter_attacks("8♠ 8♥ 8♦", max_size=3)]
    ['attack 8♠', 'attack 8♥', 'attack 8♦', 'attack 8♠ 8♥ 8♦']
    """
    for bits in iter_attack_masks(cards.mask(cards.to_cards(hand)), max_size):
        yield Attack.from_mask(bits)


def sample_attack(hand: int, defender: int, rng: Rng) -> int:
    """A uniformly random legal attack (as a mask) by count-and-index (P-D3, P-D4)."""
    n = hand.bit_count()
    held = defender.bit_count()
    if held >= 3:
        # Any rank held twice? Per-rank counts by SWAR, no loop (see nibble_counts).
        v = hand - ((hand >> 1) & M5)
        v = (v & M3) + ((v >> 2) & M3)
        flags = ((v >> 1) | (v >> 2)) & M1
        if flags:
            low = flags & -flags
            high = flags ^ low
            pair = hand & (15 * low)  # the cards of the lowest rank held twice or more
            if not high & (high - 1) and pair.bit_count() == 2:
                # One pair or two pairs, no triple (the commonest shapes after singles): the
                # blocks of attack_blocks in the same order, unranked without building them.
                if not high:
                    # "1" (n singles), "21" (the pair with each other card).
                    index = rng.below(2 * n - 2)
                    if index < n:
                        return nth_bit(hand, index)
                    return pair | nth_bit(hand ^ pair, index - n)
                other = hand & (15 * high)
                if other.bit_count() == 2:
                    # "1", "21" low pair, "21" high pair, then "221" if five may be thrown.
                    index = rng.below(3 * n - 4 + (n - 4 if held >= 5 else 0))
                    if index < n:
                        return nth_bit(hand, index)
                    index -= n
                    if index < n - 2:
                        return pair | nth_bit(hand ^ pair, index)
                    index -= n - 2
                    if index < n - 2:
                        return other | nth_bit(hand ^ other, index)
                    index -= n - 2
                    return pair | other | nth_bit(hand ^ pair ^ other, index)
            max_size = 5 if held >= 5 else 3
            paired = paired_ranks(hand)
            index = rng.below(attack_total(n, paired, max_size))
            if index >= n:
                for count, block in attack_blocks(hand, max_size, paired):
                    if index < count:
                        return block_mask_at(hand, block, index)
                    index -= count
            return nth_bit(hand, index)
    # Only single cards: by far the commonest case.
    return nth_bit(hand, rng.below(n))


def attack_total(n: int, paired: list[tuple[int, int]], max_size: int) -> int:
    # The sum of the block sizes of attack_blocks, without building the blocks.
    total = n
    for _, c in paired:
        total += C3[c] + C2[c] * (n - c)
    if max_size >= 5:
        for i, (_, c1) in enumerate(paired):
            for _, c2 in paired[i + 1 :]:
                total += C2[c1] * C2[c2] * (n - c1 - c2)
            if c1 >= 3:
                total += C3[c1] * sum(C2[c2] for _, c2 in paired) - C3[c1] * C2[c1]
                if c1 == 4:
                    total += n - 4
    return total


def sorted_attacks(hand: int, max_size: int) -> list[int]:
    """The attack masks in :meth:`State.legal_moves` order: by size, then by card indices.

    Single cards come out of the hand's bits already in that order; only the 3- and 5-card
    attacks (a pair for three, two pairs for five: P-D3; sizes capped by the defender's hand:
    P-D4) need a sort, and they exist only when a rank is held twice.
    """
    singles = [1 << i for i in indices_of(hand)]
    if max_size < 3:
        return singles
    counts = nibble_counts(hand)
    flags = ((counts >> 1) | (counts >> 2)) & M1
    if not flags:  # no rank held twice: singles only
        return singles
    pair = hand & (15 * flags)
    if not flags & (flags - 1) and pair.bit_count() == 2:
        # Exactly one pair (the commonest case after none): the 3-card attacks are the pair
        # with each other card, and their order is that of the other card, as it lies either
        # below both pair cards or above both (another rank).
        return singles + [pair | 1 << i for i in indices_of(hand ^ pair)]
    threes = sorted_threes(hand)
    if max_size < 5:
        return singles + threes
    return singles + threes + sorted_fives(hand)


def sorted_fives(hand: int) -> list[int]:
    """The 5-card attacks (two pairs and a fifth card, or three of a rank and a pair, or four
    of a rank and a fifth card: P-D3), ordered by their ascending card indices."""
    paired = paired_ranks(hand)
    if len(paired) == 2 and paired[0][1] == paired[1][1] == 2:
        # Exactly two pairs (the commonest case): both pairs with each other card. They
        # share four cards, so they are ordered by that fifth card.
        both = hand & (15 << 4 * paired[0][0] | 15 << 4 * paired[1][0])
        return [both | 1 << i for i in indices_of(hand ^ both)]
    fives: list[int] = []
    for _, block in attack_blocks(hand, 5, paired)[1:]:
        if block[0] not in ("3", "21"):
            fives.extend(block_masks(hand, block))
    # Ordered by ascending card indices with one int sort (in C, no key function): of two
    # sets of five, the one holding the lowest card they do not share comes first, and that
    # is the one whose bit-reversed mask is larger. So sort (reversed mask, mask) pairs packed
    # into one int, largest first, and keep the mask.
    rev = REVERSED
    fives = [
        (
            rev[m & LOW] << 39
            | rev[(m >> 13) & LOW] << 26
            | rev[(m >> 26) & LOW] << 13
            | rev[m >> 39]
        )
        << 52
        | m
        for m in fives
    ]
    fives.sort(reverse=True)
    return list(map(FULL.__and__, fives))


def _reversed_chunks() -> tuple[int, ...]:
    table = [0]
    for i in range(13):  # by doubling: the values without bit i, then with it (reversed)
        high = 1 << (12 - i)
        table += [v | high for v in table]
    return tuple(table)


REVERSED = _reversed_chunks()
"""``REVERSED[v]``: the 13-bit chunk ``v`` with its bits in reverse order."""


def sorted_threes(hand: int) -> list[int]:
    """The 3-card attacks (a pair and a third card, or three of a rank: P-D3), ordered by
    their ascending card indices.

    Each is made as one int, its three sorted indices packed above its mask, so that a plain
    int sort (in C, no key function) orders them; the mask is the low 52 bits.
    """
    found: list[int] = []
    for rank, count in paired_ranks(hand):
        shift = 4 * rank
        nibble = (hand >> shift) & 15
        others = indices_of(hand & ~(15 << shift))
        for pair in SUBSETS[nibble][2]:
            p1, p2 = indices_of(pair << shift)
            both = pair << shift
            # The third card is of another rank: below both pair cards or above both.
            below = (p1 << 6 | p2) << 52
            above = (p1 << 12 | p2 << 6) << 52
            found += [
                (x << 64 | below if x < p1 else x << 52 | above) | both | 1 << x for x in others
            ]
        if count >= 3:
            for triple in SUBSETS[nibble][3]:
                t1, t2, t3 = indices_of(triple << shift)
                found.append((t1 << 12 | t2 << 6 | t3) << 52 | triple << shift)
    found.sort()
    return list(map(FULL.__and__, found))


Positions = tuple[tuple[int, ...], ...]
SHAPES: dict[str, tuple[Positions, Positions]] = {}
SHAPES_MAX = 4096  # a bound: the listing tables hands of 3 to 8 cards, 220 shapes at most


def shape(counts: int) -> str:
    """A hand's shape: its rank counts (:func:`nibble_counts`) from the highest rank
    held to the lowest, one hex digit each, the ranks it lacks left out.

    >>> shape(0x3002)  # three cards of rank 3, two of rank 0
    '32'
    """
    return f"{counts:x}".replace("0", "")


def shape_positions(shape: str) -> tuple[Positions, Positions]:
    """The sorted 3- and 5-card attacks of every hand of this :func:`shape`, as positions in
    the hand's ascending card list.

    P-D3 asks only how many cards of each rank an attack holds, so all hands of one shape
    have the same attacks by position; and positions ascend with the card indices, so the
    sorted order carries over. The positions come from :func:`sorted_threes` and
    :func:`sorted_fives` on the shape's lowest hand (lowest ranks, lowest suits), once per
    shape.

    >>> threes, fives = shape_positions("12")  # a pair, then one card of a higher rank
    >>> threes, fives
    (((0, 1, 2),), ())
    """
    found = SHAPES.get(shape)
    if found is not None:
        return found
    hand = 0
    for rank, count in enumerate(reversed(shape)):
        hand |= ((1 << int(count, 16)) - 1) << 4 * rank
    place = {card: i for i, card in enumerate(indices_of(hand))}
    found = (
        tuple(tuple(place[c] for c in indices_of(m)) for m in sorted_threes(hand)),
        tuple(tuple(place[c] for c in indices_of(m)) for m in sorted_fives(hand)),
    )
    if len(SHAPES) < SHAPES_MAX:
        SHAPES[shape] = found
    return found


# -- defences (P-D5) -----------------------------------------------------------------------


class Defences:
    """The defences against ``attack`` (sorted card indices) from ``hand``.

    Hand cards that beat exactly the same attack cards are interchangeable, so they form a
    class; counting recurses over the attack cards with the remaining size of each class, which
    stays small even when the hand is large. Generation order: at each attack card, first
    "leave it" (pick it up), then each class in order, then each unused card of that class.
    With ``take_all`` only the full pick-up and the complete kills are legal.
    """

    __slots__ = ("attack", "classes", "memo", "sigs", "take_all")

    def __init__(self, attack: Sequence[int], hand: int, trump: int, take_all: bool) -> None:
        self.attack = attack
        self.take_all = take_all
        beaters = [BEATERS[trump][a] & hand for a in attack]
        union = 0
        for b in beaters:
            union |= b
        groups: dict[int, list[int]] = {}
        for card in indices_of(union):
            sig = 0
            for i, b in enumerate(beaters):
                if b >> card & 1:
                    sig |= 1 << i
            groups.setdefault(sig, []).append(card)
        self.sigs = sorted(groups)
        self.classes = [groups[s] for s in self.sigs]
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def _ways(self, i: int, rem: tuple[int, ...]) -> int:
        if i == len(self.attack):
            return 1
        key = (i, rem)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = 0 if self.take_all else self._ways(i + 1, rem)
        bit = 1 << i
        for j, sig in enumerate(self.sigs):
            if sig & bit and rem[j]:
                total += rem[j] * self._ways(i + 1, (*rem[:j], rem[j] - 1, *rem[j + 1 :]))
        self.memo[key] = total
        return total

    def _start(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.classes)

    def count(self) -> int:
        full = self._ways(0, self._start())
        return full + 1 if self.take_all else full

    def at(self, index: int) -> list[tuple[int, int]]:
        """The index-th defence as (attack card, killer) pairs."""
        if self.take_all:
            if index == 0:
                return []
            index -= 1
        rem = self._start()
        used: list[set[int]] = [set() for _ in self.classes]
        pairs: list[tuple[int, int]] = []
        for i, attacked in enumerate(self.attack):
            if not self.take_all:
                skip = self._ways(i + 1, rem)
                if index < skip:
                    continue
                index -= skip
            bit = 1 << i
            for j, sig in enumerate(self.sigs):
                if not (sig & bit and rem[j]):
                    continue
                after = (*rem[:j], rem[j] - 1, *rem[j + 1 :])
                each = self._ways(i + 1, after)
                block = rem[j] * each
                if index < block:
                    pick, index = divmod(index, each)
                    free = [c for c in self.classes[j] if c not in used[j]]
                    used[j].add(free[pick])
                    pairs.append((attacked, free[pick]))
                    rem = after
                    break
                index -= block
            else:  # pragma: no cover - counts and walk always agree
                raise IndexError("defence index out of range")
        return pairs

    def __iter__(self) -> Iterator[list[tuple[int, int]]]:
        if self.take_all:
            yield []
        yield from self._walk(0, self._start(), [set() for _ in self.classes], [])

    def _walk(
        self, i: int, rem: tuple[int, ...], used: list[set[int]], pairs: list[tuple[int, int]]
    ) -> Iterator[list[tuple[int, int]]]:
        if i == len(self.attack):
            yield list(pairs)
            return
        if not self.take_all:
            yield from self._walk(i + 1, rem, used, pairs)
        bit = 1 << i
        for j, sig in enumerate(self.sigs):
            if not (sig & bit and rem[j]):
                continue
            after = (*rem[:j], rem[j] - 1, *rem[j + 1 :])
            for card in self.classes[j]:
                if card in used[j]:
                    continue
                used[j].add(card)
                pairs.append((self.attack[i], card))
                yield from self._walk(i + 1, after, used, pairs)
                pairs.pop()
                used[j].discard(card)


def _defence_args(
    attack: Iterable[CardLike] | str, hand: Iterable[CardLike] | str, trump_suit: object
) -> tuple[list[int], int, int]:
    attack_cards = sorted(cards.to_cards(attack))
    hand_mask = cards.mask(cards.to_cards(hand))
    return [c.index for c in attack_cards], hand_mask, suit_index(trump_suit)


def count_defences(
    attack: Iterable[CardLike] | str,
    hand: Iterable[CardLike] | str,
    trump_suit: Suit | str | Card,
    rules: Rules | None = None,
) -> int:
    """How many defences (P-D5) ``hand`` has against ``attack``, without listing them.

    >>> count_defences("7♥ 7♣ 9♦", "9♥ 8♣ K♠ 4♦ 5♦", "♦")   # 4 x 4 minus 4♦/5♦ used twice
    14
    """
    ranks, hand_bits, trump = _defence_args(attack, hand, trump_suit)
    take_all = (rules or Rules()).pickup == "all"
    return Defences(ranks, hand_bits, trump, take_all).count()


def iter_defences(
    attack: Iterable[CardLike] | str,
    hand: Iterable[CardLike] | str,
    trump_suit: Suit | str | Card,
    rules: Rules | None = None,
) -> Iterator[Defend]:
    """The defences lazily, in generation order (pick-ups first at each attack card).

    >>> [str(d) for d in iter_defences("7♥", "9♥ 4♦ 8♣", "♦")]
    ['pick up 7♥', 'kill 7♥ with 4♦', 'kill 7♥ with 9♥']
    """
    attack_list, hand_bits, trump = _defence_args(attack, hand, trump_suit)
    take_all = (rules or Rules()).pickup == "all"
    full = cards.mask(DECK[i] for i in attack_list)
    for pairs in Defences(attack_list, hand_bits, trump, take_all):
        yield Defend.from_pairs(pairs, full)


def sample_defence(
    attack: int, hand: int, trump: int, take_all: bool, rng: Rng
) -> list[tuple[int, int]]:
    """A uniformly random legal defence as (attack card, killer) pairs.

    One card under the seed rules: count-and-index (pick up, or one of its beaters).
    Otherwise exact rejection sampling: draw one index into the product of per-card options
    (leave it, or one of its beaters; under the take-all rule: the whole pick-up, or a beater
    for every card), decode it, and reject it if a killer is used twice. Each legal defence is
    one point of that product, so accepted draws are uniform. After 64 rejections (rare) fall
    back to count-and-index, which is uniform too.
    """
    table = BEATERS[trump]
    if not take_all and not attack & (attack - 1):
        attacked = attack.bit_length() - 1
        single = table[attacked] & hand
        index = rng.below(1 + single.bit_count())
        return [(attacked, indices_of(single)[index - 1])] if index else []
    attacked_cards = indices_of(attack)
    leave = 0 if take_all else 1  # digit 0 leaves the card, unless the take-all rule holds
    plan = []  # (attack card, its beaters as a mask, radix)
    total = 1
    for attacked in attacked_cards:
        beaters = table[attacked] & hand
        radix = beaters.bit_count() + leave
        plan.append((attacked, beaters, radix))
        total *= radix
    if take_all:
        total += 1
    for _ in range(64):
        index = rng.below(total)
        if take_all:
            if index == 0:
                return []
            index -= 1
        used = 0
        pairs = []
        for attacked, choices, radix in plan:
            index, digit = divmod(index, radix)
            if leave:
                if digit == 0:
                    continue
                digit -= 1
            bit = nth_bit(choices, digit)
            if used & bit:
                break
            used |= bit
            pairs.append((attacked, bit.bit_length() - 1))
        else:
            return pairs
    defences = Defences(attacked_cards, hand, trump, take_all)
    return defences.at(rng.below(defences.count()))


def defence_codes(attack: int, hand: int, trump: int, take_all: bool) -> list[int]:
    """The defence codes (see :func:`decode_defence`) in :meth:`State.legal_moves` order.

    Per attack card in ascending order: pick it up first, then each unused beater in card
    order (P-D5: distinct killers, higher card of the suit or a trump). Expanding the codes
    card by card in that order yields them already sorted (the first attack card's digit is
    the most significant, so the int order is that order too). Under the take-all rule only
    the full pick-up (all digits 0, hence first) and the complete kills are legal.
    """
    table = BEATERS[trump]
    order = indices_of(attack)
    n = len(order)
    base = attack << CODE_SHIFT
    if n == 1:  # the commonest case; the same moves under either pick-up rule
        return [base] + [base | (k + 1) for k in indices_of(table[order[0]] & hand)]
    if n == 3:
        return three_card_codes(base, [table[a] & hand for a in order], take_all)
    # Each partial defence is one int: its code above bit 52, the killers it used below. A
    # choice ("step") is the same: its digit shifted into place above, its killer's bit below,
    # so `partial & step` is non-zero exactly when that killer is already used (P-D5: one
    # defending card per attack card), the digit slots of partial and step never overlapping.
    partials = [base << 52]
    for place, attacked in enumerate(order):
        shift = 52 + 6 * (n - 1 - place)
        steps = [] if take_all else [0]  # 0: pick it up (not under the take-all rule)
        steps += [(k + 1) << shift | 1 << k for k in indices_of(table[attacked] & hand)]
        partials = [p | step for p in partials for step in steps if not p & step]
    # Under the take-all rule the full pick-up (all digits 0) comes first.
    return ([base] if take_all else []) + [p >> 52 for p in partials]


def three_card_codes(base: int, beaters: list[int], take_all: bool) -> list[int]:
    """:func:`defence_codes` against three attack cards (the commonest several), on small
    ints: each card's digits (0 to pick it up, else its killer's index + 1), the last two
    cards' pairs of digits first, then the first card's digit in front of each pair. Two
    digits clash when they name the same killer (equal and not 0); the order is the int order,
    as the first card's digit is the most significant."""
    # Each card's digits: a killer's index + 1 (DIGIT), and 0 first to pick the card up.
    start = [] if take_all else [0]
    first = start + list(map(DIGIT.__getitem__, indices_of(beaters[0])))
    second = start + list(map(DIGIT.__getitem__, indices_of(beaters[1])))
    third = start + list(map(DIGIT.__getitem__, indices_of(beaters[2])))
    tail = [d1 << 6 | d2 for d1 in second for d2 in third if d1 != d2 or not d1]
    codes = [base] if take_all else []
    for d0 in first:
        front = base | d0 << 12
        if d0:
            codes += [front | t for t in tail if t >> 6 != d0 and t & 63 != d0]
        else:
            codes += [front | t for t in tail]
    return codes


DIGIT = list(range(1, 53))
"""``DIGIT[k]``: the digit of killer ``k`` in a defence code, its index + 1 (a list: its
``__getitem__`` maps in C)."""


# -- listing helpers ------------------------------------------------------------------------


class ChunkSingles(dict[int, tuple[Attack, ...]]):
    """The one-card attacks of the cards of one 13-card chunk of a hand mask (see
    :func:`.deck.indices_of`), by the chunk's value, each tuple made on first use: a hand's
    single attacks are then four look-ups, not a loop over its cards."""

    def __init__(self, chunk: int) -> None:
        super().__init__()
        self.shift = 13 * chunk

    def __missing__(self, value: int) -> tuple[Attack, ...]:
        found = self[value] = tuple([SINGLE_ATTACKS[i] for i in indices_of(value << self.shift)])
        return found


SINGLES = tuple(ChunkSingles(chunk) for chunk in range(4))


TABLED_CARDS = 8
"""Hands of up to this many cards list their bigger attacks by shape; bigger hands (rare, and
of too many shapes to table cheaply) work them out each time."""


def bigger_attacks(hand: int, counts: int, max_size: int) -> list[Attack]:
    """The 3- and 5-card attacks of a hand with two paired ranks or more, sorted (see
    :func:`sorted_attacks`): three-card attacks cached, five-card ones made with only
    their mask (their cards are built on first read). A hand of up to :data:`TABLED_CARDS`
    maps the positions of its shape's attacks (:func:`shape_positions`) onto its
    cards."""
    cached = THREE_ATTACKS
    if hand.bit_count() <= TABLED_CARDS:
        threes, five_places = shape_positions(shape(counts))
        bit = [1 << card for card in indices_of(hand)]
        moves = [cached[bit[i] | bit[j] | bit[k]] for i, j, k in threes]
        if max_size < 5:
            return moves
        fives = [bit[i] | bit[j] | bit[k] | bit[m] | bit[n] for i, j, k, m, n in five_places]
    else:
        moves = [cached[bits] for bits in sorted_threes(hand)]
        if max_size < 5:
            return moves
        fives = sorted_fives(hand)
    return moves + attacks_of_masks(fives)


def several_defences(attack: int, hand: int, trump: int, take_all: bool) -> list[Defend]:
    """The defences against two or more attack cards, sorted: moves made with only their
    code (see :func:`.moves.decode_defence`); kills and pick-up are built on first read."""
    return defences_of_codes(defence_codes(attack, hand, trump, take_all))


def attack_fits(bits: int, defender: int) -> bool:
    """Whether a 3- or 5-card attack (a mask of hand cards) is legal against a defender
    holding ``defender``: enough pairs (P-D3) and no more cards than the defender holds
    (P-D4). :func:`.state.check_attack` says why not; this only says whether."""
    size = bits.bit_count()
    if size == 3:  # a pair and any card, or three of a rank: some rank held twice
        if defender.bit_count() < 3:
            return False
        v = bits - ((bits >> 1) & M5)
        v = (v & M3) + ((v >> 2) & M3)
        return bool(((v >> 1) | (v >> 2)) & M1)
    return size <= max_size(defender.bit_count()) and shape_ok(bits)


def checked_code(
    code: int, hand: int, trump: int, take_all: bool
) -> tuple[int, int, tuple[int, ...]] | None:
    """(killed, killers used, discard order) of a defence code (see :func:`.moves.decode_defence`)
    against its own attack, if legal from ``hand`` (P-D5: each killer a different hand card
    that beats its attack card; under the take-all rule all or nothing), else None."""
    attack, killed, used, flat = decode_defence(code)
    if used & ~hand or used.bit_count() != killed.bit_count():
        return None
    if take_all and killed and killed != attack:
        return None
    beaters = BEATERS[trump]
    for i in range(0, len(flat), 2):
        if not beaters[flat[i]] >> flat[i + 1] & 1:
            return None
    return killed, used, flat


# -- random playouts -----------------------------------------------------------------------

# A result code (what a state keeps of its outcome): a seat that won, or one of these.
RUNNING = -2
DRAW = -1


def outcome_of(result: int) -> Outcome | None:
    """The :class:`Outcome` of a result code: None while running; the winner scores 1."""
    if result == RUNNING:
        return None
    if result == DRAW:
        return Outcome(None, (0, 0))
    return Outcome(result, (1, 0) if result == 0 else (0, 1))


def battle_result(mine: int, theirs: int, attacker: int) -> int:
    """P-D7 on masks (:func:`.rules.game_result`): the result code once a battle's drawing
    has used up the stock, from the attacker's hand (``mine``) and the defender's: whoever
    has no cards left wins, both without cards is a draw, else the game runs on.

    >>> battle_result(0, 0b1, 1), battle_result(0, 0, 1), battle_result(0b1, 0b10, 0) == RUNNING
    (1, -1, True)
    """
    if mine and theirs:
        return RUNNING
    return DRAW if not (mine | theirs) else (attacker if not mine else 1 - attacker)


def draw_up(
    mine: int, theirs: int, stock: tuple[int, ...], top: int, target: int
) -> tuple[int, int, int]:
    """P-D2 on masks (:func:`.rules.draw_up`): after a battle the attacker (``mine``) draws
    up to ``target`` cards from ``stock[top:]``, then the defender, each while the stock
    lasts. Returns both hands and the new top of the stock.

    >>> draw_up(0b1, 0b10, (3, 4, 5), 0, 2)  # cards 0 and 1 held: 3 to the attacker, 4 to the other
    (9, 18, 2)
    """
    end = len(stock)
    need = target - mine.bit_count()
    while need > 0 and top < end:
        mine |= 1 << stock[top]
        top += 1
        need -= 1
    need = target - theirs.bit_count()
    while need > 0 and top < end:
        theirs |= 1 << stock[top]
        top += 1
        need -= 1
    return mine, theirs, top


def rollout(
    hands: tuple[int, int],
    stock: tuple[int, ...],
    top: int,
    trump: int,
    attacker: int,
    attack: int,
    result: int,
    take_all: bool,
    target: int,
    rng: Rng,
) -> Outcome:
    """Play uniformly random moves from the given position to the end (see the module): the
    playout of :func:`policy_rollout` with ``explore=0``."""
    return policy_rollout(
        hands, stock, top, trump, attacker, attack, result, take_all, target, rng,
        no_attack, no_defence, 0,
    )  # fmt: skip


AttackPolicy = Callable[[int, int, bool], int]
"""``attack(hand, defender_count, endgame) -> attack``: a legal attack (mask) from ``hand``."""
DefencePolicy = Callable[[int, int, bool], tuple[int, int]]
"""``defend(attack, hand, endgame) -> (killed, used)``: the attack cards a legal defence kills
and the hand cards that kill them (masks); the unbeaten rest is picked up."""


def no_attack(hand: int, defender_count: int, endgame: bool) -> int:
    """The attack policy of a random playout (``explore=0``): never asked."""
    raise AssertionError("explore=0 plays every move at random")


def no_defence(attack: int, hand: int, endgame: bool) -> tuple[int, int]:
    """The defence policy of a random playout (``explore=0``): never asked."""
    raise AssertionError("explore=0 plays every move at random")


def policy_rollout(
    hands: tuple[int, int],
    stock: tuple[int, ...],
    top: int,
    trump: int,
    attacker: int,
    attack: int,
    result: int,
    take_all: bool,
    target: int,
    rng: Rng,
    attack_with: AttackPolicy,
    defend_with: DefencePolicy,
    explore: int,
    streams: tuple[Callable[[], Rng], Callable[[], Rng]] | None = None,
) -> Outcome:
    """Play a policy from the given position to the end (see ``State.rollout_with``): each
    move is uniformly random when ``rng.below(explore) == 0``, else the policy's; with
    ``explore=0`` every move is random and nothing is drawn for the choice (:func:`rollout`,
    exactly the game of repeated ``state.play(state.random_move(rng))``). With ``streams``,
    each move draws from ``streams[seat]()`` of the seat to move instead of ``rng``: two
    random players, each move on its own stream (``State.played_out``)."""
    # The hands as plain locals, the attacker's and the defender's, swapped when the attack
    # passes (list stores and a loop over the seats were a fifth of a playout).
    a = attacker
    mine, theirs = (hands[0], hands[1]) if a == 0 else (hands[1], hands[0])
    end = len(stock)
    table = BEATERS[trump]
    while result == RUNNING:
        if not attack:
            if streams is not None:
                rng = streams[a]()
            if explore and rng.below(explore):
                attack = attack_with(mine, theirs.bit_count(), top >= end)
            else:
                attack = sample_attack(mine, theirs, rng)
            mine ^= attack
            continue
        if streams is not None:
            rng = streams[1 - a]()
        if explore and rng.below(explore):
            killed, used = defend_with(attack, theirs, top >= end)
        elif attack & (attack - 1):  # the draws of State.random_move (P-D5)
            killed = used = 0
            for attacked, killer in sample_defence(attack, theirs, trump, take_all, rng):
                killed |= 1 << attacked
                used |= 1 << killer
        else:  # one card: the same moves under either pick-up rule
            single = table[attack.bit_length() - 1] & theirs
            index = rng.below(1 + single.bit_count())
            if index:
                killed, used = attack, 1 << indices_of(single)[index - 1]
            else:
                killed = used = 0
        unbeaten = attack & ~killed
        theirs = (theirs & ~used) | unbeaten
        attack = 0
        if top < end:
            mine, theirs, top = draw_up(mine, theirs, stock, top, target)
        if top >= end:
            result = battle_result(mine, theirs, a)
        if not unbeaten:  # P-S14
            a = 1 - a
            mine, theirs = theirs, mine
    outcome = outcome_of(result)
    assert outcome is not None
    return outcome


# -- a position's legal moves (what State's legal-move methods call) -----------------------
# Each takes the position as ints: the attacker's hand, the defender's hand, the attack on the
# table (0 while the attacker is to move), the trump's index and whether the take-all pick-up
# rule holds (P-D5 variant). The state checks that the game is running.


def count_moves(hand: int, defender: int, attack: int, trump: int, take_all: bool) -> int:
    """How many legal moves there are, counted without listing them."""
    if attack:
        if not take_all and not attack & (attack - 1):  # one attack card: pick up or a beater
            return 1 + (BEATERS[trump][attack.bit_length() - 1] & defender).bit_count()
        return Defences(indices_of(attack), defender, trump, take_all).count()
    return sum(n for n, _ in attack_blocks(hand, max_size(defender.bit_count())))


def move_at(
    hand: int, defender: int, attack: int, trump: int, take_all: bool, index: int
) -> Attack | Defend:
    """The ``index``-th legal move in generation order (:func:`iter_moves`); IndexError
    when there is none."""
    if attack:
        if not take_all and not attack & (attack - 1):
            single = BEATERS[trump][attack.bit_length() - 1] & defender
            if index > single.bit_count():
                raise IndexError(f"legal move index {index} out of range")
            killer = -1 if index == 0 else indices_of(single)[index - 1]
            return single_defence(attack.bit_length() - 1, killer)
        defences = Defences(indices_of(attack), defender, trump, take_all)
        if index >= defences.count():
            raise IndexError(f"legal move index {index} out of range")
        return Defend.from_pairs(defences.at(index), attack)
    for count, block in attack_blocks(hand, max_size(defender.bit_count())):
        if index < count:
            return Attack.from_mask(block_mask_at(hand, block, index))
        index -= count
    raise IndexError(f"legal move index {index} out of range")


def iter_moves(
    hand: int, defender: int, attack: int, trump: int, take_all: bool
) -> Iterator[Attack | Defend]:
    """The legal moves lazily, in generation order."""
    if attack:
        for pairs in Defences(indices_of(attack), defender, trump, take_all):
            yield Defend.from_pairs(pairs, attack)
    else:
        for mask in iter_attack_masks(hand, max_size(defender.bit_count())):
            yield Attack.from_mask(mask)


def legal_moves(hand: int, defender: int, attack: int, trump: int, take_all: bool) -> list[Move]:
    """Every legal move, sorted: attacks by size then cards; defences by what each attack
    card meets (pick up first, then killers in card order)."""
    if attack:
        if attack & (attack - 1):
            return cast("list[Move]", several_defences(attack, defender, trump, take_all))
        # One attack card, under either pick-up rule (P-D5): pick it up, then each beater in
        # card order, the cached moves (see moves.single_row).
        attacked = attack.bit_length() - 1
        pickup, kills, _, _ = single_row(attacked)
        return [pickup, *map(kills.__getitem__, indices_of(BEATERS[trump][attacked] & defender))]
    return cast("list[Move]", attack_moves(hand, defender))


def attack_moves(hand: int, defender: int) -> list[Attack]:
    """The attacks of ``hand`` against a defender holding ``defender``, sorted (see
    :func:`sorted_attacks`), as cached moves where there are such."""
    # The single cards, in card order: the cached moves of each 13-card chunk of the hand
    # (four look-ups and one list, no loop over the cards).
    moves = list(
        SINGLES[0][hand & LOW]
        + SINGLES[1][(hand >> 13) & LOW]
        + SINGLES[2][(hand >> 26) & LOW]
        + SINGLES[3][hand >> 39]
    )
    held = defender.bit_count()
    if held < 3:  # the defender holds fewer than 3: single cards only (P-D4)
        return moves
    # A rank held twice? (SWAR counts per rank, as in sample_attack.)
    v = hand - ((hand >> 1) & M5)
    v = (v & M3) + ((v >> 2) & M3)
    flags = ((v >> 1) | (v >> 2)) & M1
    if not flags:  # no pair: no 3- or 5-card attack (P-D3)
        return moves
    pair = hand & (15 * flags)
    if not flags & (flags - 1) and pair.bit_count() == 2:
        # Exactly one pair: the pair with each other card, in that card's order (see
        # sorted_attacks); no 5-card attack (P-D3).
        threes = THREE_ATTACKS
        for other in indices_of(hand ^ pair):
            moves.append(threes[pair | 1 << other])
        return moves
    moves += bigger_attacks(hand, v, 5 if held >= 5 else 3)
    return moves
