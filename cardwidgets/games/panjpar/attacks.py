"""Fast attack generation (P-D3, P-D4): from rank counts, never from all card combinations.

:func:`.rules.legal_attacks` lists every combination of 1, 3 or 5 hand cards and keeps the
valid shapes; a 20-card hand has 15,524 combinations of five. Here the attacks come in
*blocks*, one per shape and pair rank (the singles; a pair of sevens with each other card; …),
each counted by a product of binomials. So the engine can count them (:func:`count_attacks`),
unrank the i-th one (:func:`_block_mask_at`), draw one uniformly (:func:`_sample_attack`) and
list them sorted (:func:`_sorted_attacks`) without trying combinations. tests/test_panjpar_props.py
proves each equal to the plain rules.

>>> [str(a) for a in iter_attacks("8♠ 8♥ 8♦", max_size=3)]
['attack 8♠', 'attack 8♥', 'attack 8♦', 'attack 8♠ 8♥ 8♦']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from cardwidgets import cards
from cardwidgets.cards import CardLike, Rng
from cardwidgets.games.panjpar.deck import _FULL, _bits
from cardwidgets.games.panjpar.masks import (
    _C2,
    _C3,
    _M1,
    _M3,
    _M5,
    _SUBSETS,
    _nibble_counts,
    _nth_bit,
    _paired_ranks,
)
from cardwidgets.games.panjpar.moves import Attack

_Block = tuple[str, int, int]


def _attack_blocks(
    hand: int, max_size: int, paired: list[tuple[int, int]] | None = None
) -> list[tuple[int, _Block]]:
    """Blocks of attacks as (count, descriptor), in generation order.

    Descriptors: ("1",), ("3", r, 0), ("21", r, 0), ("221", r1, r2), ("32", r3, r2), ("41", r, 0).
    Each shape is generated once: the pair (or triple, four) ranks fix the grouping.
    """
    n = hand.bit_count()
    if n == 0 or max_size < 1:
        return []
    blocks: list[tuple[int, _Block]] = [(n, ("1", 0, 0))]
    if max_size < 3:
        return blocks
    if paired is None:
        paired = _paired_ranks(hand)
    if not paired:
        return blocks
    for r, c in paired:
        if c >= 3:
            blocks.append((_C3[c], ("3", r, 0)))
        blocks.append((_C2[c] * (n - c), ("21", r, 0)))
    if max_size < 5:
        return blocks
    for i, (r1, c1) in enumerate(paired):
        for r2, c2 in paired[i + 1 :]:
            rest = n - c1 - c2
            if rest:
                blocks.append((_C2[c1] * _C2[c2] * rest, ("221", r1, r2)))
    for r3, c3 in paired:
        if c3 >= 3:
            for r2, c2 in paired:
                if r2 != r3:
                    blocks.append((_C3[c3] * _C2[c2], ("32", r3, r2)))
    for r, c in paired:
        if c == 4 and n > 4:
            blocks.append((n - 4, ("41", r, 0)))
    return blocks


def _others(hand: int, *ranks: int) -> tuple[int, ...]:
    for r in ranks:
        hand &= ~(15 << (4 * r))
    return _bits(hand)


def _block_masks(hand: int, block: _Block) -> Iterator[int]:
    kind = block[0]
    if kind == "1":
        for i in _bits(hand):
            yield 1 << i
    elif kind == "3":
        r = block[1]
        for t in _SUBSETS[(hand >> (4 * r)) & 15][3]:
            yield t << (4 * r)
    elif kind == "21":
        r = block[1]
        others = _others(hand, r)
        for p in _SUBSETS[(hand >> (4 * r)) & 15][2]:
            for x in others:
                yield (p << (4 * r)) | (1 << x)
    elif kind == "221":
        r1, r2 = block[1], block[2]
        others = _others(hand, r1, r2)
        for p1 in _SUBSETS[(hand >> (4 * r1)) & 15][2]:
            for p2 in _SUBSETS[(hand >> (4 * r2)) & 15][2]:
                for x in others:
                    yield (p1 << (4 * r1)) | (p2 << (4 * r2)) | (1 << x)
    elif kind == "32":
        r3, r2 = block[1], block[2]
        for t in _SUBSETS[(hand >> (4 * r3)) & 15][3]:
            for p in _SUBSETS[(hand >> (4 * r2)) & 15][2]:
                yield (t << (4 * r3)) | (p << (4 * r2))
    else:  # "41"
        r = block[1]
        for x in _others(hand, r):
            yield (15 << (4 * r)) | (1 << x)


def _block_mask_at(hand: int, block: _Block, index: int) -> int:
    # The index-th mask of _block_masks(hand, block), by mixed-radix arithmetic.
    kind = block[0]
    if kind == "1":
        return 1 << _bits(hand)[index]
    if kind == "3":
        r = block[1]
        return _SUBSETS[(hand >> (4 * r)) & 15][3][index] << (4 * r)
    if kind == "21":
        r = block[1]
        others = _others(hand, r)
        p, x = divmod(index, len(others))
        return (_SUBSETS[(hand >> (4 * r)) & 15][2][p] << (4 * r)) | (1 << others[x])
    if kind == "221":
        r1, r2 = block[1], block[2]
        others = _others(hand, r1, r2)
        pairs2 = _SUBSETS[(hand >> (4 * r2)) & 15][2]
        rest, x = divmod(index, len(others))
        p1, p2 = divmod(rest, len(pairs2))
        return (
            (_SUBSETS[(hand >> (4 * r1)) & 15][2][p1] << (4 * r1))
            | (pairs2[p2] << (4 * r2))
            | (1 << others[x])
        )
    if kind == "32":
        r3, r2 = block[1], block[2]
        pairs2 = _SUBSETS[(hand >> (4 * r2)) & 15][2]
        t, p = divmod(index, len(pairs2))
        return (_SUBSETS[(hand >> (4 * r3)) & 15][3][t] << (4 * r3)) | (pairs2[p] << (4 * r2))
    r = block[1]
    return (15 << (4 * r)) | (1 << _others(hand, r)[index])


def _iter_attack_masks(hand: int, max_size: int) -> Iterator[int]:
    for _, block in _attack_blocks(hand, max_size):
        yield from _block_masks(hand, block)


def count_attacks(hand: Iterable[CardLike] | str, max_size: int = 5) -> int:
    """How many legal attacks of at most ``max_size`` cards a hand has, without listing them.

    >>> count_attacks("7♥ 7♣ 9♦ 2♠ 3♠")    # 5 singles + 7-7 with each of 3 others
    8
    >>> count_attacks(cards.DECK)            # a hand of all 52 cards, for scale
    131768
    """
    return sum(n for n, _ in _attack_blocks(cards.mask(cards.to_cards(hand)), max_size))


def iter_attacks(hand: Iterable[CardLike] | str, max_size: int = 5) -> Iterator[Attack]:
    """The legal attacks of a hand, lazily, in generation order (by shape and rank).

    >>> [str(a) for a in iter_attacks("8♠ 8♥ 8♦", max_size=3)]
    ['attack 8♠', 'attack 8♥', 'attack 8♦', 'attack 8♠ 8♥ 8♦']
    """
    for bits in _iter_attack_masks(cards.mask(cards.to_cards(hand)), max_size):
        yield Attack._from_mask(bits)


def _sample_attack(hand: int, defender: int, rng: Rng) -> int:
    """A uniformly random legal attack (as a mask) by count-and-index (P-D3, P-D4)."""
    n = hand.bit_count()
    held = defender.bit_count()
    if held >= 3:
        # Any rank held twice? Per-rank counts by SWAR, no loop (see _nibble_counts).
        v = hand - ((hand >> 1) & _M5)
        v = (v & _M3) + ((v >> 2) & _M3)
        flags = ((v >> 1) | (v >> 2)) & _M1
        if flags:
            low = flags & -flags
            high = flags ^ low
            pair = hand & (15 * low)  # the cards of the lowest rank held twice or more
            if not high & (high - 1) and pair.bit_count() == 2:
                # One pair or two pairs, no triple (the commonest shapes after singles): the
                # blocks of _attack_blocks in the same order, unranked without building them.
                if not high:
                    # "1" (n singles), "21" (the pair with each other card).
                    index = rng.below(2 * n - 2)
                    if index < n:
                        return _nth_bit(hand, index)
                    return pair | _nth_bit(hand ^ pair, index - n)
                other = hand & (15 * high)
                if other.bit_count() == 2:
                    # "1", "21" low pair, "21" high pair, then "221" if five may be thrown.
                    index = rng.below(3 * n - 4 + (n - 4 if held >= 5 else 0))
                    if index < n:
                        return _nth_bit(hand, index)
                    index -= n
                    if index < n - 2:
                        return pair | _nth_bit(hand ^ pair, index)
                    index -= n - 2
                    if index < n - 2:
                        return other | _nth_bit(hand ^ other, index)
                    index -= n - 2
                    return pair | other | _nth_bit(hand ^ pair ^ other, index)
            max_size = 5 if held >= 5 else 3
            paired = _paired_ranks(hand)
            index = rng.below(_attack_total(n, paired, max_size))
            if index >= n:
                for count, block in _attack_blocks(hand, max_size, paired):
                    if index < count:
                        return _block_mask_at(hand, block, index)
                    index -= count
            return _nth_bit(hand, index)
    # Only single cards: by far the commonest case.
    return _nth_bit(hand, rng.below(n))


def _attack_total(n: int, paired: list[tuple[int, int]], max_size: int) -> int:
    # The sum of the block sizes of _attack_blocks, without building the blocks.
    total = n
    for _, c in paired:
        total += _C3[c] + _C2[c] * (n - c)
    if max_size >= 5:
        for i, (_, c1) in enumerate(paired):
            for _, c2 in paired[i + 1 :]:
                total += _C2[c1] * _C2[c2] * (n - c1 - c2)
            if c1 >= 3:
                total += _C3[c1] * sum(_C2[c2] for _, c2 in paired) - _C3[c1] * _C2[c1]
                if c1 == 4:
                    total += n - 4
    return total


def _sorted_attacks(hand: int, max_size: int) -> list[int]:
    """The attack masks in :meth:`State.legal_moves` order: by size, then by card indices.

    Single cards come out of the hand's bits already in that order; only the 3- and 5-card
    attacks (a pair for three, two pairs for five: P-D3; sizes capped by the defender's hand:
    P-D4) need a sort, and they exist only when a rank is held twice.
    """
    singles = [1 << i for i in _bits(hand)]
    if max_size < 3:
        return singles
    counts = _nibble_counts(hand)
    flags = ((counts >> 1) | (counts >> 2)) & _M1
    if not flags:  # no rank held twice: singles only
        return singles
    pair = hand & (15 * flags)
    if not flags & (flags - 1) and pair.bit_count() == 2:
        # Exactly one pair (the commonest case after none): the 3-card attacks are the pair
        # with each other card, and their order is that of the other card, as it lies either
        # below both pair cards or above both (another rank).
        return singles + [pair | 1 << i for i in _bits(hand ^ pair)]
    threes = _sorted_threes(hand)
    if max_size < 5:
        return singles + threes
    return singles + threes + _sorted_fives(hand)


def _sorted_fives(hand: int) -> list[int]:
    """The 5-card attacks (two pairs and a fifth card, or three of a rank and a pair, or four
    of a rank and a fifth card: P-D3), ordered by their ascending card indices."""
    paired = _paired_ranks(hand)
    if len(paired) == 2 and paired[0][1] == paired[1][1] == 2:
        # Exactly two pairs (the commonest case): both pairs with each other card. They
        # share four cards, so they are ordered by that fifth card.
        both = hand & (15 << 4 * paired[0][0] | 15 << 4 * paired[1][0])
        return [both | 1 << i for i in _bits(hand ^ both)]
    fives: list[int] = []
    for _, block in _attack_blocks(hand, 5, paired)[1:]:
        if block[0] not in ("3", "21"):
            fives.extend(_block_masks(hand, block))
    # Ordered by ascending card indices with one int sort (in C, no key function): of two
    # sets of five, the one holding the lowest card they do not share comes first, and that
    # is the one whose bit-reversed mask is larger. So sort (reversed mask, mask) pairs packed
    # into one int, largest first, and keep the mask.
    rev = _REVERSED
    fives = [
        (
            rev[m & _LOW] << 39
            | rev[(m >> 13) & _LOW] << 26
            | rev[(m >> 26) & _LOW] << 13
            | rev[m >> 39]
        )
        << 52
        | m
        for m in fives
    ]
    fives.sort(reverse=True)
    return list(map(_FULL.__and__, fives))


_LOW = (1 << 13) - 1
_REVERSED = tuple(int(f"{v:013b}"[::-1], 2) for v in range(1 << 13))
"""``_REVERSED[v]``: the 13-bit chunk ``v`` with its bits in reverse order."""


def _sorted_threes(hand: int) -> list[int]:
    """The 3-card attacks (a pair and a third card, or three of a rank: P-D3), ordered by
    their ascending card indices.

    Each is made as one int, its three sorted indices packed above its mask, so that a plain
    int sort (in C, no key function) orders them; the mask is the low 52 bits.
    """
    found: list[int] = []
    for rank, count in _paired_ranks(hand):
        shift = 4 * rank
        nibble = (hand >> shift) & 15
        others = _bits(hand & ~(15 << shift))
        for pair in _SUBSETS[nibble][2]:
            p1, p2 = _bits(pair << shift)
            both = pair << shift
            # The third card is of another rank: below both pair cards or above both.
            below = (p1 << 6 | p2) << 52
            above = (p1 << 12 | p2 << 6) << 52
            found += [
                (x << 64 | below if x < p1 else x << 52 | above) | both | 1 << x for x in others
            ]
        if count >= 3:
            for triple in _SUBSETS[nibble][3]:
                t1, t2, t3 = _bits(triple << shift)
                found.append((t1 << 12 | t2 << 6 | t3) << 52 | triple << shift)
    found.sort()
    return list(map(_FULL.__and__, found))


_Positions = tuple[tuple[int, ...], ...]
_SHAPES: dict[str, tuple[_Positions, _Positions]] = {}
_SHAPES_MAX = 4096  # a bound: the listing tables hands of 3 to 8 cards, 220 shapes at most


def _shape(counts: int) -> str:
    """A hand's shape: its rank counts (:func:`.masks._nibble_counts`) from the highest rank
    held to the lowest, one hex digit each, the ranks it lacks left out.

    >>> _shape(0x3002)  # three cards of rank 3, two of rank 0
    '32'
    """
    return f"{counts:x}".replace("0", "")


def _shape_positions(shape: str) -> tuple[_Positions, _Positions]:
    """The sorted 3- and 5-card attacks of every hand of this :func:`_shape`, as positions in
    the hand's ascending card list.

    P-D3 asks only how many cards of each rank an attack holds, so all hands of one shape
    have the same attacks by position; and positions ascend with the card indices, so the
    sorted order carries over. The positions come from :func:`_sorted_threes` and
    :func:`_sorted_fives` on the shape's lowest hand (lowest ranks, lowest suits), once per
    shape.

    >>> threes, fives = _shape_positions("12")  # a pair, then one card of a higher rank
    >>> threes, fives
    (((0, 1, 2),), ())
    """
    found = _SHAPES.get(shape)
    if found is not None:
        return found
    hand = 0
    for rank, count in enumerate(reversed(shape)):
        hand |= ((1 << int(count, 16)) - 1) << 4 * rank
    place = {card: i for i, card in enumerate(_bits(hand))}
    found = (
        tuple(tuple(place[c] for c in _bits(m)) for m in _sorted_threes(hand)),
        tuple(tuple(place[c] for c in _bits(m)) for m in _sorted_fives(hand)),
    )
    if len(_SHAPES) < _SHAPES_MAX:
        _SHAPES[shape] = found
    return found
