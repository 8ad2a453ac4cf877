"""Tables as profiles: how many cards of each value a card set holds, packed into one int.

Whether table cards split into groups of the played value v depends only on how many cards of
each value they hold (T-D2). A table is therefore reduced to a "profile": its count per value
packed into one int, 4 bits per value, Aces at value 1 (each table Ace counts 1 or 11). The
capture search (:mod:`.capture_search`) and its plans (:mod:`.capture_plans`) work on
profiles; :func:`_reach` is the quick test whether any table cards add up to a value.

>>> from cardwidgets import cards
>>> _fields(_profile(cards.mask(cards.parse_many("3♠ 5♥ 5♦ A♣"))))
((5, 2), (3, 1), (1, 1))
"""

from __future__ import annotations

from cardwidgets.cards import DECK
from cardwidgets.games.tablic.masks import _VALUE

_BITS = 4
_FIELD = (1 << _BITS) - 1
_POSITION = tuple(1 if c.rank == 14 else _VALUE[c.index][0] for c in DECK)
"""A card's field in a profile: its value, 1 for an Ace."""
_UNIT = tuple(1 << (_BITS * p) for p in _POSITION)
_FIELD_MASK = tuple(sum(1 << c.index for c in DECK if _POSITION[c.index] == x) for x in range(15))
"""_FIELD_MASK[x]: every card of the deck in profile field x, so ``table & _FIELD_MASK[x]`` is
the table's cards of value x (Aces at 1)."""
_UP_TO = tuple((1 << (_BITS * (v + 1))) - 1 for v in range(15))
"""_UP_TO[v] keeps the fields of values 0..v of a profile (the cards that can be in a group)."""
_GUARD = tuple(sum(8 << (_BITS * x) for x in range(1, v + 1)) for v in range(15))


def _profile(bits: int) -> int:
    """The packed count per value of a card set."""
    packed = 0
    while bits:
        low = bits & -bits
        bits ^= low
        packed += _UNIT[low.bit_length() - 1]
    return packed


def _size(vector: int) -> int:
    """How many cards a packed vector holds."""
    total = 0
    while vector:
        total += vector & _FIELD
        vector >>= _BITS
    return total


def _fields(profile: int) -> tuple[tuple[int, int], ...]:
    """The non-zero fields of a profile as (value, count) pairs, highest value first."""
    found = []
    x = 0
    while profile:
        n = profile & _FIELD
        if n:
            found.append((x, n))
        profile >>= _BITS
        x += 1
    found.reverse()
    return tuple(found)


def _bits_of(bits: int) -> list[int]:
    """The single bits of a mask, lowest first."""
    found = []
    while bits:
        low = bits & -bits
        bits ^= low
        found.append(low)
    return found


_SHIFT = tuple((mask.bit_length() - 4) if mask else 0 for mask in _FIELD_MASK)
"""_SHIFT[x]: the lowest card index of profile field x (its four cards are one nibble)."""


_ONES = sum(1 << (_BITS * x) for x in range(15))
"""Bit 0 of every field of a profile."""
_TWO_TO_TEN = sum(1 << (_BITS * x) for x in range(2, 11))
_JACK_TO_KING = sum(1 << (_BITS * x) for x in range(12, 15))
_ACE_FIELD = 1 << _BITS


_CACHE_LIMIT = 1 << 16
_REACH: dict[int, int] = {}


def _reach(profile: int) -> int:
    """Bit s is set when some table cards add up to s (s <= 14): a quick "no capture" test."""
    found = _REACH.get(profile)
    if found is None:
        found = 1
        fields = (profile | profile >> 1 | profile >> 2) & _ONES  # the non-zero fields
        while fields:
            low = fields & -fields
            fields ^= low
            x = low.bit_length() >> 2
            for _ in range((profile >> (_BITS * x)) & _FIELD):
                found = (found | found << x | (found << 11 if x == 1 else 0)) & 0x7FFF
        if len(_REACH) >= _CACHE_LIMIT:
            _REACH.clear()
        _REACH[profile] = found
    return found
