"""Odds a learner may be shown: computed only from what a seat can see.

The bust probability (:func:`bust_probability`) is an exact :class:`fractions.Fraction`: a
learner's first hint.
"""

from __future__ import annotations

from fractions import Fraction

from cardwidgets.core import check_seat
from cardwidgets.games.pazaak._fast import unseen
from cardwidgets.games.pazaak.rules import TARGET
from cardwidgets.games.pazaak.state import State


def bust_probability(state: State, seat: int) -> Fraction:
    """The exact chance that ``seat``'s next main-deck draw takes his total over 20.

    Computed only from what ``seat`` can see: under ``finite40`` the 40-card deck minus the
    main-deck cards on both tables this set; under ``uniform_with_replacement`` 1/10 per
    value. A hand card played afterwards could still recover (Z-D4); this is the chance
    before it. Returns a :class:`fractions.Fraction` (``float(...)`` for a decimal).

    >>> s = State.from_position(hands=["", ""], deck=[10, 9], tables=([10], [5]), seed=0)
    >>> s.totals, s.standing, s.to_move  # P1 drew 10: 20 stands him; P2 drew the 9
    ((20, 14), (True, False), 1)
    >>> bust_probability(s, 1)  # 14 busts with 7…10: 4 + 4 + 3 + 2 of the 36 unseen cards
    Fraction(13, 36)
    >>> bust_probability(s, 0)
    Fraction(1, 1)
    """
    check_seat(seat)
    limit = TARGET - state.totals[seat]  # a card above this busts
    if state.rules.main_deck != "finite40":
        busting = sum(1 for v in range(1, 11) if v > limit)
        return Fraction(busting, 10)
    cards = unseen(state.placed)
    if not cards:
        return Fraction(0)
    return Fraction(sum(1 for v in cards if v > limit), len(cards))
