"""The legal moves of a hand, fast: every :class:`PlayCard` made once per card and sign
(``_PLAYS``) and each hand's move list cached. tests/test_pazaak_fast.py proves them equal to
:func:`.rules.hand_choices`.

>>> from cardwidgets.games.pazaak.sidecards import SideCard
>>> [str(m) for m in hand_moves((SideCard("+1"), SideCard("±2")))]
['play +1', 'play ±2 as +2', 'play ±2 as -2', 'end', 'stand']
"""

from __future__ import annotations

from typing import Final

from cardwidgets.games.pazaak.moves import END_TURN, STAND, Move, PlayCard
from cardwidgets.games.pazaak.rules import sign_order
from cardwidgets.games.pazaak.sidecards import ALL_SIDE_CARDS, SideCard

_PLAYS: Final[dict[SideCard, tuple[PlayCard, ...]]] = {
    card: tuple(PlayCard(card, sign) for sign in sorted(card.options, key=sign_order))
    for card in ALL_SIDE_CARDS
}
"""Every legal PlayCard of a card, made once (legal_moves hands out these objects)."""
TAIL: Final[tuple[Move, ...]] = (END_TURN, STAND)
"""The moves after a hand card this turn (Z-S8), also the last two of every list."""
MOVES_CACHE: dict[tuple[SideCard, ...], tuple[Move, ...]] = {}
"""A hand's legal moves when no hand card is down yet; filled by :func:`hand_moves`."""


def hand_moves(hand: tuple[SideCard, ...]) -> tuple[Move, ...]:
    """The moves of a sorted hand, made and cached: each card's plays, then end and stand."""
    moves: list[Move] = []
    seen = None
    for card in hand:  # hands are kept sorted, so equal cards are adjacent
        if card is not seen:
            moves.extend(_PLAYS[card])
            seen = card
    moves.extend(TAIL)
    result = tuple(moves)
    if len(MOVES_CACHE) < 65536:
        MOVES_CACHE[hand] = result
    return result
