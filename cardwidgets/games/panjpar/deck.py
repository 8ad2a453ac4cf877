"""The pack and the deal: cards as ints (``Card.index``), sets of cards as 52-bit masks.

Inside the engine a card is its index (``2♠`` is 0, ``A♣`` is 51; rank first, then suit in
``♠ ♥ ♦ ♣`` order) and a hand is a bitmask, so a rank's four cards are one nibble. This room
turns masks back into cards fast, names the trump suit (:func:`suit_index`, refusing anything
else with a :class:`PositionError`) and deals a new game (P-S3, P-S4, P-D1, P-D10).

Trade-offs: :func:`indices_of` is the hottest helper of the engine, so it is four look-ups into
tables of every 13-bit chunk (8,192 entries each), and :func:`cards_of` the same with
:class:`~cardwidgets.cards.Card` objects. The tables are built by doubling on first use (a
few ms), not at import: the earlier bit-by-bit build at import cost about 110 ms, paid by
every page of the in-browser classroom site whether it plays Panjpar or not. The
price is one truthiness test per call.

>>> indices_of(0b1011), [str(c) for c in cards_of(0b1011)]
((0, 1, 3), ['2♠', '2♥', '2♣'])
>>> deal = deal_cards(Rng(7), hand_size=5, dealer=1)
>>> len(deal.stock), deal.stock[-1] == deal.indicator, [h.bit_count() for h in deal.hands]
(42, True, [5, 5])
>>> suit_index("KARO"), suit_index(Suit.CLUBS)
(2, 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeVar

from cardwidgets import core, i18n
from cardwidgets.cards import DECK, Card, Rng, Suit

__all__ = [
    "FULL",
    "LOW",
    "SUITS",
    "Deal",
    "PositionError",
    "cards_of",
    "deal_cards",
    "indices_of",
    "suit_index",
]


# PositionError lives here, not in state.py with the other position checks: this room is the
# lowest that refuses a position (a bad trump suit, a bad card set-up), and rules < moves < fast
# < state all import from it, so it must exist before state.py.
class PositionError(core.PositionError):
    """A position or set-up that cannot be a Panjpar game (a ``ValueError``)."""

    __module__ = "cardwidgets.games.panjpar"  # the path tracebacks print and pickles use


SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
"""The suits by their engine index (``Card.index % 4``)."""

SUIT_NAMES = {
    "♠": 0, "♤": 0, "S": 0, "SPADES": 0, "PIK": 0,
    "♥": 1, "♡": 1, "H": 1, "HEARTS": 1, "HERZ": 1,
    "♦": 2, "♢": 2, "D": 2, "DIAMONDS": 2, "KARO": 2,
    "♣": 3, "♧": 3, "C": 3, "CLUBS": 3, "KREUZ": 3,
}  # fmt: skip
"""The names a trump suit may be given by (upper case), with their engine index."""


def suit_index(suit: object) -> int:
    """The engine index (0-3, ``♠ ♥ ♦ ♣``) of a trump given as a suit, its name or a card."""
    if isinstance(suit, Suit):
        return suit.order
    if isinstance(suit, Card):
        return suit.suit.order
    if isinstance(suit, str) and suit.strip().upper() in SUIT_NAMES:
        return SUIT_NAMES[suit.strip().upper()]
    raise PositionError("panjpar.bad_trump", trump=i18n.shown(suit))


FULL = (1 << 52) - 1
"""Every card of the pack."""

CHUNK = 13
LOW = (1 << CHUNK) - 1
"""The low 13-bit chunk of a mask."""

_T = TypeVar("_T")


def _subset_table(items: Sequence[_T]) -> tuple[tuple[_T, ...], ...]:
    """``table[v]``: the items whose bits are set in ``v``, ascending (by doubling: the
    subsets without item i, then the same with item i appended)."""
    table: list[tuple[_T, ...]] = [()]
    for item in items:
        one = (item,)
        table += [subset + one for subset in table]
    return tuple(table)


# ``table[c][v]``: the card indices (or cards) of value ``v`` in the ``c``-th 13-bit chunk of a
# mask; each pair of four tables is built on first use (a few ms).
_CHUNK_BITS: list[tuple[tuple[int, ...], ...]] = []
_CHUNK_CARDS: list[tuple[tuple[Card, ...], ...]] = []


def indices_of(mask: int) -> tuple[int, ...]:
    """The card indices of ``mask``, ascending."""
    b0, b1, b2, b3 = _CHUNK_BITS or _bit_tables()
    return b0[mask & LOW] + b1[(mask >> 13) & LOW] + b2[(mask >> 26) & LOW] + b3[(mask >> 39) & LOW]


def cards_of(mask: int) -> tuple[Card, ...]:
    """The cards of ``mask``, sorted."""
    c0, c1, c2, c3 = _CHUNK_CARDS or _card_tables()
    return c0[mask & LOW] + c1[(mask >> 13) & LOW] + c2[(mask >> 26) & LOW] + c3[(mask >> 39) & LOW]


def _bit_tables() -> list[tuple[tuple[int, ...], ...]]:
    _CHUNK_BITS[:] = [_subset_table(range(base, base + CHUNK)) for base in range(0, 52, CHUNK)]
    return _CHUNK_BITS


def _card_tables() -> list[tuple[tuple[Card, ...], ...]]:
    _CHUNK_CARDS[:] = [_subset_table(DECK[base : base + CHUNK]) for base in range(0, 52, CHUNK)]
    return _CHUNK_CARDS


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
