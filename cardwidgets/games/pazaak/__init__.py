"""Pazaak: the Star Wars blackjack to 20 with side decks (docs/rules/pazaak.md).

A match is played in sets; the first player to win three sets wins (Z-S2). Each set uses a
fresh 40-card main deck (Z-D2); each player keeps the same four hand cards, drawn once from his
10-card side deck, for the whole match (Z-S5, Z-D8). A turn is: the automatic draw, at most one
hand card, then *end turn* or *stand* (Z-D5).

>>> from cardwidgets import pazaak
>>> state = pazaak.State.from_position(
...     hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8, 5, 7, 9], seed=1)
>>> state.tables, state.totals, state.to_move
(((8,), ()), (8, 0), 0)
>>> [str(move) for move in state.legal_moves()]
['play +1', 'play +3', 'play -4', 'play ±2 as +2', 'play ±2 as -2', 'end', 'stand']
>>> state = state.play("end")          # player 2 draws the 5 by himself
>>> state.totals, state.to_move
((8, 5), 1)
>>> pazaak.bust_probability(state, 0)  # from 8, no card can bust
Fraction(0, 1)

The package, in reading order (each module imports only those above it; ``words`` imports
none of them):

* :mod:`.rules`: **the rules as plain code**, each citing its decision id: card values and
  signs, totals, bust, the nine-card rule, set and match winners, who starts; and
  :class:`~.rules.PlainMatch`, a whole match played with nothing else.
* :mod:`.words`: the sentences, English and German.
* :mod:`.sidecards`: the :class:`SideCard` catalogue and the side decks.
* :mod:`.moves`: :class:`PlayCard`, :class:`EndTurn`, :class:`Stand` and their notation.
* :mod:`._fast`: the fast paths on plain values (lazy draws, hand tables, cached legal moves,
  the loop of :func:`playout`), proven equal to :mod:`.rules` by tests/test_pazaak_fast.py.
* :mod:`.state`: in sections, a position checked field by field (:class:`PositionError`),
  position codes as text, the views (:class:`PazaakView`); then :class:`State` and everything
  that sets its slots: :func:`new_game`, positions, records (:func:`from_record`),
  :func:`playout`, and the steps of :meth:`State.play`. Nothing else writes a state.
* :mod:`.odds` (:func:`bust_probability`), from a state's public attributes.

Design and trade-offs:

* **Cards.** Main-deck cards are plain ints 1…10 (a Flip card can make a placed one negative).
  Side cards are interned :class:`SideCard` objects (identity is equality, hashing is cheap).
  A placed card is a pair ``(source, value)``: the source is the main-deck int or the
  :class:`SideCard`, the value its current worth. ``state.tables`` shows only the values,
  ``state.placed`` the pairs.
* **Speed (DESIGN principle 8).** States are values, but a step copies only a few small tuples;
  the legal moves of a hand are cached, and the main deck is drawn lazily: the state keeps the
  unseen cards as a sorted tuple and the key of a :class:`cards.Rng` stream, and each draw takes a
  uniformly random one of them (``Rng(key).below(n)``; the next draw uses the next key of the same
  SplitMix64 stream). That is the same distribution as shuffling the 40 cards at the start of the
  set (Z-D2), without paying for the cards that are never drawn. ``state.deck`` replays the
  stream to show the exact order that will come.
  The hot path of :meth:`State.play` (an ``end``/``stand`` that passes the turn, a plain hand
  card, a set end) builds the next state in one step with the SplitMix64 draw inlined, keeps
  the unseen cards as ``bytes`` and ``is_over`` as a stored attribute; the tests check these
  shortcuts against ``state.deck``, :func:`playout` and the plain rules.
* **Explicit positions.** :meth:`State.from_position` takes the cards on top of the deck in
  order; below them lie the remaining unseen cards in the order the seed gives.
* **Hidden information.** ``view(seat)`` shows both tables, the own hand, the opponent's hand
  *size* and the deck *size*, never the deck order. Side decks are private: the determinization
  for search (:meth:`State.determinize`) samples the opponent's hand from the preset's default
  side deck (:func:`default_side_deck`) minus the cards he has already played.
* **Bust probability** (:func:`bust_probability`) is an exact :class:`fractions.Fraction`,
  computed from what the seat can see: a learner's first hint.
"""

from __future__ import annotations

from cardwidgets.games.pazaak import words as words  # the sentences are registered first
from cardwidgets.games.pazaak.moves import END_TURN, STAND, EndTurn, Move, PlayCard, Stand
from cardwidgets.games.pazaak.odds import bust_probability
from cardwidgets.games.pazaak.rules import FULL_DECK, MAX_CARDS, TARGET, Rules
from cardwidgets.games.pazaak.sidecards import (
    ALL_SIDE_CARDS,
    DOUBLE,
    FLIP_2_4,
    FLIP_3_6,
    PLUS_MINUS_1_2,
    SIDE_DECKS,
    TIEBREAKER,
    SideCard,
    default_side_deck,
    validate_side_deck,
)
from cardwidgets.games.pazaak.state import (
    CardEffect,
    PazaakView,
    PlayedOut,
    PositionError,
    State,
    from_record,
    new_game,
    played_out,
    playout,
)

__all__ = [
    "ALL_SIDE_CARDS",
    "DOUBLE",
    "END_TURN",
    "FLIP_2_4",
    "FLIP_3_6",
    "FULL_DECK",
    "MAX_CARDS",
    "PLUS_MINUS_1_2",
    "SIDE_DECKS",
    "STAND",
    "TARGET",
    "TIEBREAKER",
    "CardEffect",
    "EndTurn",
    "Move",
    "PazaakView",
    "PlayCard",
    "PlayedOut",
    "PositionError",
    "Rules",
    "SideCard",
    "Stand",
    "State",
    "bust_probability",
    "default_side_deck",
    "from_record",
    "new_game",
    "played_out",
    "playout",
    "validate_side_deck",
]

# Names the one-module engine also offered (not part of __all__), so old imports keep working.
from cardwidgets.core import IllegalMove as IllegalMove
from cardwidgets.core import Outcome as Outcome
from cardwidgets.games.pazaak._fast import Placed as Placed
from cardwidgets.games.pazaak._fast import SetResult as SetResult
from cardwidgets.games.pazaak.rules import SIDE_DECK_SIZE as SIDE_DECK_SIZE
