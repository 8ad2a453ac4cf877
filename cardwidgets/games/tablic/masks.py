"""The rules of :mod:`.rules` as lookups by card index and on card sets as bitmasks.

The engine keeps hands, the table and the piles as bitmasks (bit ``card.index``). These
tables are made once from the plain rules, so they cannot disagree with them; the hot paths
(:meth:`State.play`, :func:`playout`, the bots' rollouts) read a tuple instead of calling a
function.

>>> from cardwidgets import cards
>>> _PLAYED[cards.parse("A♦").index], _POINTS[cards.parse("10♦").index]
(11, 2)
>>> _points_of_mask(cards.mask(cards.parse_many("10♦ A♠ 3♥")))
3
"""

from __future__ import annotations

from cardwidgets import cards
from cardwidgets.cards import DECK
from cardwidgets.games.tablic.rules import card_points, card_values, played_value

_VALUE = tuple(card_values(c) for c in DECK)
"""Table values by card index (T-S19, T-D2): J 12, Q 13, K 14, A 1 or 11."""
_PLAYED = tuple(played_value(c) for c in DECK)
"""Played values by card index (T-D3: a played Ace is 11)."""
_POINTS = tuple(card_points(c) for c in DECK)
"""Card points by card index (T-S20)."""
_POINT_MASK = cards.mask(c for c in DECK if _POINTS[c.index])
_TEN_DIAMONDS_BIT = cards.parse("10♦").bit


def _points_of_mask(bits: int) -> int:
    """The card points of a card set (T-S20): one per point card, and 10♦ one more."""
    bits &= _POINT_MASK
    return bits.bit_count() + (1 if bits & _TEN_DIAMONDS_BIT else 0)
