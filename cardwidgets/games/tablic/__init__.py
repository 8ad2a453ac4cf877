"""Tablić (Table, Tablanet): the Balkan fishing game of docs/rules/tablic.md, as a rules engine.

A played card captures table cards whose values add up to it, in one or more disjoint groups.
Values: 2–10 face value, J 12, Q 13, K 14, and a table Ace counts 1 or 11 (T-S19, T-D2).

>>> from cardwidgets import tablic
>>> state = tablic.State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
>>> [str(m) for m in state.legal_moves()]
['8♦', '8♦ x 2♦ 3♠ 5♥ 6♣', '8♦ x 2♦ 6♣', '8♦ x 3♠ 5♥', 'K♠', 'K♠ x 3♠ 5♥ 6♣']
>>> after = state.play("8D x 3S 5H 2D 6C")
>>> after.tablas, after.table
((1, 0), ())
>>> print(after.describe_last_move())
Player 1 plays 8♦ and captures 2♦ 3♠ 5♥ 6♣. Tabla: the table is cleared (+1 point).

The package, in reading order (each room imports only the rooms above it; ``words`` imports
none):

* :mod:`.words` — every sentence, in English and German (the message catalog).
* :mod:`.rules` — the rules as plain code, each citing its id: values, points, what a legal
  capture is, the tabla, dealing, scoring, the end of the match. The contract of the rest.
* :mod:`.moves` — :class:`Move` and its text notation.
* :mod:`.deck` — each deal's shuffle from the match seed, and dealing a round on bitmasks.
* :mod:`._fast` — the same rules on ints for the hot paths: lookups by card index, tables
  as packed counts per value, the capture search and its plans, a hand's legal moves as ints,
  and random games (:func:`._fast.play_out`); last, the public capture functions
  (:func:`capture_options` …) over the fast search.
* :mod:`.state` — :class:`State`, one whole match (T-S2, T-D7), and everything that sets its
  fields, in sections: positions (:class:`PositionError` and the checks of a position given by
  hand or read from a record), position codes (written and read), views (:class:`TablicView`,
  what a seat sees), then the state itself: new matches and given positions, moves, deals
  dealt and scored, records, descriptions; and :func:`playout` over :func:`._fast.play_out`,
  :func:`played_out` (two seeded random players' match, for the lab) over
  :func:`._fast.play_out_drawn`.

The tests prove the fast paths equal to :mod:`.rules`: the capture search against
:func:`.rules.legal_captures`, the groups of a capture against :func:`.rules.capture_groups`,
dealing against :func:`.rules.deal_round`, scoring against :func:`.rules.deal_breakdown`, and
:func:`playout` against playing :class:`State` moves.
"""

from __future__ import annotations

from cardwidgets.games.tablic._fast import (
    CaptureSteps,
    RankedCapture,
    capture_groups,
    capture_options,
    capture_steps,
    card_points,
    card_values,
    clear_caches,
    count_captures,
    is_capture,
    iter_captures,
    maximal_captures,
    played_value,
    ranked_captures,
)
from cardwidgets.games.tablic.moves import Move
from cardwidgets.games.tablic.rules import (
    DEFAULT_RULES as DEFAULT_RULES,  # not in __all__, as before the package
)
from cardwidgets.games.tablic.rules import (
    DealResult,
    Rules,
    Shortfall,
    capture_shortfall,
    deal_breakdown,
    score_deal,
)
from cardwidgets.games.tablic.state import (
    DealTally,
    PlayedOut,
    Playout,
    PositionError,
    State,
    TablicView,
    from_record,
    new_game,
    played_out,
    playout,
)
from cardwidgets.games.tablic.state import (
    describe_deal as describe_deal,  # not in __all__, as before the package
)

__all__ = [
    "CaptureSteps",
    "DealResult",
    "DealTally",
    "Move",
    "PlayedOut",
    "Playout",
    "PositionError",
    "RankedCapture",
    "Rules",
    "Shortfall",
    "State",
    "TablicView",
    "capture_groups",
    "capture_options",
    "capture_shortfall",
    "capture_steps",
    "card_points",
    "card_values",
    "clear_caches",
    "count_captures",
    "deal_breakdown",
    "from_record",
    "is_capture",
    "iter_captures",
    "maximal_captures",
    "new_game",
    "played_out",
    "played_value",
    "playout",
    "ranked_captures",
    "score_deal",
]

# Names the one-module engine also offered (not part of __all__), so old imports keep working.
from cardwidgets.cards import DECK as DECK
from cardwidgets.cards import Card as Card
from cardwidgets.cards import CardLike as CardLike
from cardwidgets.core import IllegalMove as IllegalMove
from cardwidgets.core import Outcome as Outcome
