"""Captures on a table, answered by the fast search: list, count, check.

These are the public capture functions of the engine (``tablic.capture_options`` …): card
texts or cards in, card sets out, each a thin layer over the fast engine of :mod:`._fast`,
where the search itself lives (with the listing of a hand's legal moves as ints that
:class:`State` and :func:`playout` share). They give the same captures as the plain rule
:func:`.rules.legal_captures` (the tests compare them), through its count-vector search:

* **Captures by value counts.** Whether a set of table cards splits into groups of the played
  value depends only on how many cards of each value it holds, so the search finds every
  capture *vector* once, however many ways it splits into groups, and a vector is then
  expanded into card sets by choosing which cards of each value. This is exact and
  output-sensitive: :func:`count_captures` multiplies binomials per vector, so the 104,575
  captures of a 10 on a 20-card low table are counted, and :func:`maximal_captures` listed, in
  milliseconds, without listing every capture.
* **A played Ace is 11** (T-D3): with one value for the whole capture, every capture at 1
  (single table Aces) is also a capture at 11, so the engine only searches at 11.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import NamedTuple

from cardwidgets import cards
from cardwidgets.cards import Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games.tablic import _fast
from cardwidgets.games.tablic._fast import (
    PLAYED,
    capture_masks,
    plan_fit,
    plans_of,
    profile_of,
    ranked_masks,
    search_of,
    splits,
)
from cardwidgets.games.tablic.rules import DEFAULT_RULES, Rules

__all__ = [
    "CaptureSteps",
    "RankedCapture",
    "capture_options",
    "capture_steps",
    "clear_caches",
    "count_captures",
    "is_capture",
    "iter_captures",
    "maximal_captures",
    "ranked_captures",
]


def iter_captures(
    card: CardLike, table: Iterable[CardLike] | str, rules: Rules | None = None
) -> Iterator[frozenset[Card]]:
    """Every legal capture of ``card`` on ``table``, lazily, in :func:`capture_options` order."""
    played = cards.to_card(card)
    bits = _table_bits(played, table)
    maximal = (rules or DEFAULT_RULES).capture_must_be_maximal
    for found in capture_masks(PLAYED[played.index], bits, maximal):
        yield frozenset(cards.from_mask(found))


def capture_options(
    card: CardLike, table: Iterable[CardLike] | str, rules: Rules | None = None
) -> list[frozenset[Card]]:
    """Every legal capture of table cards by ``card`` (T-D1–T-D4); the empty capture excluded.

    A capture is any union of disjoint groups, each adding up to the played value; different
    ways to split the same cards into groups are one capture. Bigger captures come first.
    With ``rules.capture_must_be_maximal`` only the maximal ones (T-D1a) are legal.

    >>> [cards.format_cards(sorted(c)) for c in capture_options("8♦", "3♠ 5♥ 7♣")]
    ['3♠ 5♥']
    >>> [cards.format_cards(sorted(c)) for c in capture_options("A♦", "A♣ 10♥")]
    ['10♥ A♣', 'A♣']
    >>> [cards.format_cards(sorted(c)) for c in capture_options("K♦", "K♠ K♥ 4♣ 10♣")]
    ['4♣ 10♣ K♠', '4♣ 10♣ K♥', '4♣ 10♣', 'K♠', 'K♥']
    """
    return list(iter_captures(card, table, rules))


def count_captures(
    card: CardLike, table: Iterable[CardLike] | str, rules: Rules | None = None
) -> int:
    """How many legal captures :func:`capture_options` would list, counted without listing them.

    >>> low = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣"
    >>> count_captures("10♦", low)
    104575
    """
    played = cards.to_card(card)
    bits = _table_bits(played, table)
    maximal = (rules or DEFAULT_RULES).capture_must_be_maximal
    return search_of(PLAYED[played.index], profile_of(bits)).count(maximal)


def maximal_captures(
    card: CardLike, table: Iterable[CardLike] | str, rules: Rules | None = None
) -> list[frozenset[Card]]:
    """The maximal captures, biggest first: those that no other legal capture contains
    (T-D1a), so taking fewer cards than a bigger capture would is never maximal.

    They are found from the count vectors, without listing every capture. (``rules`` is
    accepted for a uniform signature; maximality does not depend on the flags.)

    >>> [cards.format_cards(sorted(c)) for c in maximal_captures("K♦", "K♠ K♥ 4♣ 10♣")]
    ['4♣ 10♣ K♠', '4♣ 10♣ K♥']
    >>> [cards.format_cards(sorted(c)) for c in maximal_captures("A♥", "10♣ 3♣ A♠")]
    ['10♣ A♠']
    """
    played = cards.to_card(card)
    bits = _table_bits(played, table)
    return [frozenset(cards.from_mask(m)) for m in capture_masks(PLAYED[played.index], bits, True)]


class RankedCapture(NamedTuple):
    """A capture as :func:`ranked_captures` yields it."""

    captured: frozenset[Card]
    """The table cards taken."""
    points: int
    """Their card points (T-S20)."""
    position: int
    """Its index in :func:`capture_options` (where the move is among the card's captures in
    ``State.legal_moves()``)."""


def ranked_captures(
    card: CardLike, table: Iterable[CardLike] | str, rules: Rules | None = None
) -> Iterator[RankedCapture]:
    """The legal captures of ``card`` on ``table``, lazily, best first: the most card points
    (T-S20), then the most cards, then in :func:`capture_options` order.

    The first few come without listing every capture: each capture vector's card sets are
    walked best first and the walks are merged, so the best capture of a 10 on a 20-card table
    (104,575 captures) takes milliseconds and little memory. Take as many as needed:

    >>> import itertools
    >>> low = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣"
    >>> best = itertools.islice(ranked_captures("Q♠", low), 2)
    >>> [(len(c.captured), c.points, c.position) for c in best]
    [(19, 5, 1), (19, 5, 2)]
    >>> [(cards.format_cards(sorted(c.captured)), c.points, c.position)
    ...  for c in ranked_captures("8♦", "3♠ 5♥ 2♦ 6♣ 10♦")]
    [('2♦ 3♠ 5♥ 6♣', 0, 0), ('2♦ 6♣', 0, 1), ('3♠ 5♥', 0, 2)]
    """
    played = cards.to_card(card)
    bits = _table_bits(played, table)
    maximal = (rules or DEFAULT_RULES).capture_must_be_maximal
    for minus, _, index, found in ranked_masks(PLAYED[played.index], bits, maximal):
        yield RankedCapture(frozenset(cards.from_mask(found)), -minus, index)


def clear_caches() -> None:
    """Empty the capture caches (for benchmarks that time a cold start).

    >>> clear_caches()
    """
    _fast.clear_caches()


def is_capture(
    card: CardLike, captured: Iterable[CardLike] | str, rules: Rules | None = None
) -> bool:
    """Whether taking exactly ``captured`` is a legal capture by ``card`` (any table).

    >>> is_capture("8♦", "3♠ 5♥ 2♦ 6♣"), is_capture("8♦", "3♠ 6♣")
    (True, False)
    """
    played = cards.to_card(card)
    bits = _table_bits(played, captured)
    return splits(PLAYED[played.index], profile_of(bits))


class CaptureSteps(NamedTuple):
    """Where a capture being built can go: ``more`` are the table cards that can still be
    added (some legal capture holds them and every card chosen so far), ``complete`` says
    whether the cards chosen so far are a legal capture (or none: the trail)."""

    more: frozenset[Card]
    complete: bool


def capture_steps(
    card: CardLike,
    table: Iterable[CardLike] | str,
    chosen: Iterable[CardLike] | str = (),
    rules: Rules | None = None,
) -> CaptureSteps:
    """The next steps of a capture built one table card at a time (the widget's selection,
    the RL environments' actions): which table cards can be added to ``chosen``, and whether
    ``chosen`` may be taken as it is (T-D1–T-D4; with ``capture_must_be_maximal``, T-D1a).

    Worked out from the capture vectors, never from the list of captures, so a crowded
    table costs as little as a small one.

    >>> steps = capture_steps("8♦", "3♠ 5♥ 2♦ 6♣ K♣", "3♠")
    >>> cards.format_cards(sorted(steps.more)), steps.complete
    ('2♦ 5♥ 6♣', False)
    >>> capture_steps("8♦", "3♠ 5♥ 2♦ 6♣", "3♠ 5♥").complete
    True
    >>> capture_steps("8♦", "3♠ 5♥ 2♦", "2♦").more   # no capture of 8 holds 2♦ here
    frozenset()
    """
    played = card if isinstance(card, Card) else cards.to_card(card)
    bits = _card_bits(table)
    if bits >> played.index & 1:
        raise IllegalMove("tablic.played_on_table", card=played)
    picked = _card_bits(chosen)
    if picked & ~bits:
        return CaptureSteps(frozenset(), False)  # a chosen card is not on the table
    maximal = (rules or DEFAULT_RULES).capture_must_be_maximal
    v = PLAYED[played.index]
    more, complete = 0, not picked
    for plan in plans_of(v, profile_of(bits), maximal):
        fits = plan_fit(plan, bits, picked)
        if fits is not None:
            more |= fits[0]
            complete = complete or fits[1]
    return CaptureSteps(frozenset(cards.from_mask(more)), complete)


def _card_bits(found: Iterable[CardLike] | str) -> int:
    """The mask of some cards; a tuple or list of :class:`Card` is taken as it is (the RL
    masks ask at every step), anything else is read by :func:`cards.to_cards`."""
    if isinstance(found, (tuple, list)) and all(type(c) is Card for c in found):
        if len(set(found)) == len(found):
            return cards.mask(found)
    return cards.mask(cards.to_cards(found))


def _table_bits(card: Card, table: Iterable[CardLike] | str) -> int:
    bits = cards.mask(cards.to_cards(table))
    if bits >> card.index & 1:
        raise IllegalMove("tablic.played_on_table", card=card)
    return bits
