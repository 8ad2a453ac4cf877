"""The main deck and the hands, fast: lazy draws from the unseen cards, and hands looked up in
tables. tests/test_pazaak_fast.py proves them equal to :func:`.rules.draw_main` and
:func:`.rules.draw_hand`.

The main deck is drawn lazily: a state keeps the unseen cards as sorted ``bytes`` and the key of
a :class:`cards.Rng` stream, and each draw takes a uniformly random one of them
(``Rng(key).below(n)``; the next draw uses the next key of the same SplitMix64 stream). That is
the same distribution as shuffling the 40 cards at the start of the set (Z-D2), without paying
for the cards that are never drawn.

>>> from cardwidgets.games.pazaak.rules import Rules, draw_main
>>> draw((), FULL_BYTES, 12345, True)[0] == draw_main(list(FULL_DECK), 12345, Rules())[0]
True
"""

from __future__ import annotations

from collections import Counter
from typing import Final, TypeAlias

from cardwidgets.cards import Rng
from cardwidgets.games.pazaak.rules import (
    FULL_DECK,
    MASK64,
    NEXT_KEY,
    hand_at,
    ways,
)
from cardwidgets.games.pazaak.sidecards import SideCard

Placed: TypeAlias = tuple[int | SideCard, int]
"""A card on a table: (main-deck value or SideCard, current value)."""
Tables: TypeAlias = tuple[tuple[Placed, ...], tuple[Placed, ...]]
"""Both seats' placed cards this set."""
SetResult: TypeAlias = tuple[int | None, str, tuple[tuple[int, ...], tuple[int, ...]]]
"""How a set ended: (winner or None for a tie, reason, final table values)."""

GAMMA: Final = NEXT_KEY  # SplitMix64 increment: Rng(k + GAMMA) continues Rng(k)
MASK: Final = MASK64
FULL_BYTES: Final = bytes(FULL_DECK)
FULL_WITHOUT: Final = tuple(FULL_BYTES[:j] + FULL_BYTES[j + 1 :] for j in range(40))
"""The unseen cards after the first draw of a set took card ``j`` of the sorted 40."""
MAIN: Final[tuple[Placed, ...]] = tuple((v, v) for v in range(11))  # interned main-deck pairs
MAIN1: Final[tuple[tuple[Placed], ...]] = tuple((p,) for p in MAIN)  # ready to append

_LIMITS: Final = tuple((1 << 64) - (1 << 64) % n if n else 0 for n in range(41))
"""``Rng.below(n)`` inlined: a SplitMix64 output ``z < _LIMITS[n]`` gives ``z % n``; above it
the generator rejects and draws again (chance below 2**-58), which the inlined draws redo
with ``Rng(key).below(n)`` itself."""


def draw(
    top: tuple[int, ...], rest: bytes, key: int, finite: bool
) -> tuple[int, tuple[int, ...], bytes, int]:
    """Take the next main-deck card: the explicit top first, then a random unseen card."""
    if top:
        return top[0], top[1:], rest, key
    if finite:
        j = Rng(key).below(len(rest))
        return rest[j], top, rest[:j] + rest[j + 1 :], (key + GAMMA) & MASK
    return 1 + Rng(key).below(10), top, rest, (key + GAMMA) & MASK


def main_count(tab: Tables) -> int:
    """How many main-deck cards lie on both tables."""
    return sum(1 for seat in tab for src, _ in seat if src.__class__ is int)


def unseen(tab: Tables) -> tuple[int, ...]:
    """The 40-card deck minus the main-deck cards on both tables, sorted."""
    counts = Counter(FULL_DECK)
    for seat in tab:
        for src, _ in seat:
            if isinstance(src, int):
                counts[src] -= 1
    return tuple(sorted(counts.elements()))


_HAND_TABLES: dict[tuple[tuple[SideCard, ...], int], tuple[tuple[SideCard, ...], ...]] = {}
_HAND_TABLE_MAX: Final = 5040  # 4 of 10 cards (every preset); bigger draws are not tabled


def draw_hand(rng: Rng, deck: tuple[SideCard, ...], k: int) -> tuple[SideCard, ...]:
    """:func:`.rules.draw_hand`, fast: small draws look the hand up in a table of every
    outcome (made once per side deck) instead of shuffling."""
    table = _HAND_TABLES.get((deck, k))
    if table is not None:
        return table[rng.below(len(table))]
    count = ways(len(deck), k)
    if count > _HAND_TABLE_MAX or len(_HAND_TABLES) >= 64:
        return hand_at(deck, k, rng.below(count))
    table = tuple(hand_at(deck, k, r) for r in range(count))
    _HAND_TABLES[(deck, k)] = table
    return table[rng.below(count)]
