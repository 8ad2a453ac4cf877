"""Dealing: the shuffled deck of each deal, and the hands of a round as bitmasks.

Every deal of a match is shuffled from the match seed and the deal number (T-S3, T-D8), so a
record needs only the seed. :func:`shuffled_deck` gives the same deck as
``cards.Rng(seed).derive("tablic-deal", deal).shuffle(DECK)``, computed faster (a test checks
they agree); :func:`deal_hands` deals a round as the plain :func:`.rules.deal_round` does.

>>> from cardwidgets import cards
>>> shuffled_deck(1, 1) == cards.Rng(1).derive("tablic-deal", 1).shuffle(cards.DECK)
True
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

from cardwidgets import cards
from cardwidgets.cards import DECK, Card

_DEAL_LABEL = "tablic-deal"


_MASK64 = (1 << 64) - 1
_LIMIT = tuple(0 if n == 0 else (1 << 64) - (1 << 64) % n for n in range(len(DECK) + 1))


def shuffled_deck(seed: int | str, deal_number: int) -> list[Card]:
    """The shuffled deck of a deal, fixed by the match seed and the deal number:
    ``cards.Rng(seed).derive(_DEAL_LABEL, deal_number).shuffle(DECK)`` (a test checks they
    agree), computed faster, as every deal makes one (see :func:`_shuffled`)."""
    return _shuffled(cards.Rng(seed).derive(_DEAL_LABEL, deal_number)._state)


_GOLDEN = 0x9E3779B97F4A7C15
_LITTLE_ENDIAN = sys.byteorder == "little"
_DRAWS = len(DECK) - 1
_LANE_ONES = sum(1 << (128 * k) for k in range(_DRAWS))
_LANE_LOW = _LANE_ONES * _MASK64
_LANE_STEPS = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(_DRAWS))


def _shuffled(state: int) -> list[Card]:
    """:meth:`cards.Rng.shuffle` of the deck by the SplitMix64 generator in ``state``.

    Unless a draw is rejected (``Rng.below`` rejects an output with probability below 2**-58),
    the generator's states are ``state + k * golden``: all 51 outputs are mixed at once in
    128-bit lanes of one int (a lane's 64-bit product never reaches the next lane), then read
    out as bytes. On a rejection the draws shift, and the plain loop takes over."""
    if not _LITTLE_ENDIAN:
        return _shuffled_one_by_one(state)  # the read-out below assumes little-endian words
    lanes = (state * _LANE_ONES + _LANE_STEPS) & _LANE_LOW
    lanes = ((lanes ^ (lanes >> 30)) & _LANE_LOW) * 0xBF58476D1CE4E5B9 & _LANE_LOW
    lanes = ((lanes ^ (lanes >> 27)) & _LANE_LOW) * 0x94D049BB133111EB & _LANE_LOW
    lanes = (lanes ^ (lanes >> 31)) & _LANE_LOW
    draws = memoryview(lanes.to_bytes(16 * _DRAWS, "little")).cast("Q")[::2]
    deck = list(DECK)
    limits = _LIMIT
    i = _DRAWS
    for z in draws:
        n = i + 1
        if z >= limits[n]:
            return _shuffled_one_by_one(state)
        j = z % n
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck


def _shuffled_one_by_one(state: int) -> list[Card]:
    """:func:`_shuffled` draw by draw, as :class:`cards.Rng` does, rejections included."""
    deck = list(DECK)
    mask = _MASK64
    limits = _LIMIT
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        while True:  # Rng.below(n): rejection sampling, as in cards.Rng
            state = (state + _GOLDEN) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limits[n]:
                break
        j = z % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def deal_hands(stock: Sequence[Card], dealer: int) -> list[int]:
    """The hands dealt from the top of ``stock`` (T-D8): Elder gets stock[0:3] and [6:9], the
    dealer [3:6] and [9:12]."""
    elder = 1 - dealer
    dealt = [0, 0]
    if len(stock) >= 12:  # every real deal: no loop
        a = stock
        dealt[elder] = a[0].bit | a[1].bit | a[2].bit | a[6].bit | a[7].bit | a[8].bit
        dealt[dealer] = a[3].bit | a[4].bit | a[5].bit | a[9].bit | a[10].bit | a[11].bit
        return dealt
    for start in range(0, len(stock), 3):
        seat = elder if start % 6 == 0 else dealer
        dealt[seat] |= cards.mask(stock[start : start + 3])
    return dealt
