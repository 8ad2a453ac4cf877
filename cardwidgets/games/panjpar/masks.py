"""Fast forms of the rules in :mod:`.rules` on card masks: rank counts, shapes, beaters.

The plain rules count ranks with a Counter and compare cards one pair at a time. The engine
asks the same questions millions of times per second, so here they are table look-ups and
word-wide bit tricks on 52-bit masks (a rank's four cards are one nibble, see :mod:`.deck`).
tests/test_panjpar_props.py proves each one equal to its plain rule.

>>> from cardwidgets import cards
>>> hand = cards.mask(cards.parse_many("7♥ 7♣ 9♦ 9♠ 2♠"))
>>> _paired_ranks(hand), _shape_ok(hand), _max_size(4)
([(5, 2), (7, 2)], True, 3)
>>> bool(_BEATERS[2][cards.parse("A♣").index] >> cards.parse("2♦").index & 1)   # ♦ trumps
True
"""

from __future__ import annotations

from cardwidgets.games.panjpar.deck import _bits

_M1 = int("0001" * 13, 2)  # bit 0 of every rank nibble
_M5 = int("0101" * 26, 2)  # 0x5555…: every other bit
_M3 = int("0011" * 26, 2)  # 0x3333…
_POP4 = tuple(bin(i).count("1") for i in range(16))
_C2 = (0, 0, 1, 3, 6)  # _C2[c]: the pairs among c cards of one rank
_C3 = (0, 0, 0, 1, 4)  # _C3[c]: the triples among c cards of one rank


def _build_beaters() -> tuple[tuple[int, ...], ...]:
    # _BEATERS[trump][card] = mask of every card that beats `card`: rules.beats as a table.
    table = []
    for trump in range(4):
        row = []
        for attacked in range(52):
            rank_a, suit_a = divmod(attacked, 4)
            bits = 0
            for killer in range(52):
                rank_k, suit_k = divmod(killer, 4)
                if (suit_k == suit_a and rank_k > rank_a) or (suit_k == trump != suit_a):
                    bits |= 1 << killer
            row.append(bits)
        table.append(tuple(row))
    return tuple(table)


_BEATERS = _build_beaters()
"""``_BEATERS[trump][card]``: the mask of every card that kills ``card`` (P-S12)."""

# _SUBSETS[nibble][k]: the k-card subsets of one rank's nibble, ascending.
_SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(16) if s & ~nib == 0 and _POP4[s] == k) for k in range(5))
    for nib in range(16)
)


def _nibble_counts(mask: int) -> int:
    """Per-rank card counts, one per nibble (SWAR popcount: no loop over ranks)."""
    v = mask - ((mask >> 1) & _M5)
    return (v & _M3) + ((v >> 2) & _M3)


def _rank_counts(mask: int) -> list[int]:
    """How many cards of each rank (2 to A) ``mask`` holds."""
    v = _nibble_counts(mask)
    return [(v >> (4 * r)) & 15 for r in range(13)]


def _paired_ranks(mask: int) -> list[tuple[int, int]]:
    """(rank, count) of every rank held at least twice, ascending."""
    v = _nibble_counts(mask)
    flags = ((v >> 1) | (v >> 2)) & _M1
    found = []
    while flags:
        low = flags & -flags
        shift = low.bit_length() - 1
        found.append((shift >> 2, (v >> shift) & 15))
        flags ^= low
    return found


def _shape_ok(mask: int) -> bool:
    """:func:`.rules.is_valid_attack` on a mask (P-D3): enough pairs for 3 or 5 cards."""
    size = mask.bit_count()
    if size == 1:
        return True
    if size not in (3, 5):
        return False
    pairs = sum(c // 2 for _, c in _paired_ranks(mask))
    return pairs >= (size - 1) // 2


def _max_size(defender_hand_size: int) -> int:
    """The largest of :func:`.rules.allowed_attack_sizes` (P-D4), for a defender with cards."""
    return 5 if defender_hand_size >= 5 else 3 if defender_hand_size >= 3 else 1


def _nth_bit(mask: int, index: int) -> int:
    """The ``index``-th lowest set bit of ``mask`` (0-based), as a one-bit mask.

    >>> _nth_bit(0b101100, 0), _nth_bit(0b101100, 2), _nth_bit((1 << 52) - 1, 40) == 1 << 40
    (4, 32, True)
    """
    if index > 6:
        return 1 << _bits(mask)[index]
    while index:  # a few cheap steps beat listing the bits of a small hand
        mask &= mask - 1
        index -= 1
    return mask & -mask
