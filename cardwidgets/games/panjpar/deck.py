"""The pack and the deal: cards as ints (``Card.index``), sets of cards as 52-bit masks.

Inside the engine a card is its index (``2♠`` is 0, ``A♣`` is 51; rank first, then suit in
``♠ ♥ ♦ ♣`` order) and a hand is a bitmask, so a rank's four cards are one nibble. This module
turns masks back into cards fast and deals a new game (P-S3, P-S4, P-D1, P-D10).

>>> _bits(0b1011), [str(c) for c in _cards_of(0b1011)]
((0, 1, 3), ['2♠', '2♥', '2♣'])
>>> deal = deal_cards(Rng(7), hand_size=5, dealer=1)
>>> len(deal.stock), deal.stock[-1] == deal.indicator, [h.bit_count() for h in deal.hands]
(42, True, [5, 5])
"""

from __future__ import annotations

from typing import NamedTuple

from cardwidgets.cards import DECK, Card, Rng, Suit

_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits by their engine index (``Card.index % 4``)."""

_BIT = tuple(1 << i for i in range(52))
"""``_BIT[i]`` is card ``i``'s bit (a tuple look-up, mapped in C by the move listings)."""

_FULL = (1 << 52) - 1
"""Every card of the pack."""

# Bit positions and cards of every 13-bit chunk of a 52-bit mask, so that listing the cards of
# a mask is four table look-ups instead of a loop over its bits (the hottest helper).
_CHUNK = 13
_LOW = (1 << _CHUNK) - 1
_CHUNK_BITS = tuple(
    tuple(tuple(base + i for i in range(_CHUNK) if v >> i & 1) for v in range(1 << _CHUNK))
    for base in range(0, 52, _CHUNK)
)
_CHUNK_CARDS = tuple(tuple(tuple(DECK[i] for i in t) for t in table) for table in _CHUNK_BITS)


def _bits(mask: int) -> tuple[int, ...]:
    """The card indices of ``mask``, ascending."""
    b0, b1, b2, b3 = _CHUNK_BITS
    return (
        b0[mask & _LOW]
        + b1[(mask >> 13) & _LOW]
        + b2[(mask >> 26) & _LOW]
        + b3[(mask >> 39) & _LOW]
    )


def _cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, sorted."""
    c0, c1, c2, c3 = _CHUNK_CARDS
    return (
        c0[mask & _LOW]
        + c1[(mask >> 13) & _LOW]
        + c2[(mask >> 26) & _LOW]
        + c3[(mask >> 39) & _LOW]
    )


class Deal(NamedTuple):
    """A fresh deal as engine ints: both hands, the stock (top first) and the indicator.
    (A named tuple, not a frozen dataclass: made once per game, and quick rollouts of whole
    games from :func:`new_game` feel a dataclass's slower construction.)"""

    hands: tuple[int, int]
    stock: tuple[int, ...]
    indicator: int


def deal_cards(rng: Rng, hand_size: int, dealer: int) -> Deal:
    """Shuffle and deal (P-S3, P-S4, P-D10): cards alternately, non-dealer first, then the
    next card is the trump indicator, which goes face up under the rest: the stock's last
    card."""
    deck = rng.shuffle(range(52))  # the permutation of rng.shuffle(DECK), as card indices
    first = 1 - dealer
    hands = [0, 0]
    dealt = 2 * hand_size
    for i in range(dealt):
        hands[first if i % 2 == 0 else dealer] |= 1 << deck[i]
    indicator = deck[dealt]
    return Deal((hands[0], hands[1]), (*deck[dealt + 1 :], indicator), indicator)
