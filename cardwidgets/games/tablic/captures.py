"""Captures on a table, answered by the fast search: list, count, check.

These are the public capture functions of the engine (``tablic.capture_options`` …), and the
listing of a hand's legal moves as ints that :class:`State` and :func:`playout` share. They
give the same captures as the plain rule :func:`.rules.legal_captures` (the tests compare
them), through the count-vector search of :mod:`.capture_search`:

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
from cardwidgets.games.tablic.capture_plans import (
    _expand,
    _expand_partial,
    _Plan,
    _plan_at,
    _plan_size,
)
from cardwidgets.games.tablic.capture_search import _PLANS, _plans, _search
from cardwidgets.games.tablic.masks import _PLAYED
from cardwidgets.games.tablic.profiles import (
    _FIELD_MASK,
    _UP_TO,
    _bits_of,
    _fields,
    _profile,
)
from cardwidgets.games.tablic.rules import DEFAULT_RULES, Rules

__all__ = [
    "CaptureSteps",
    "capture_options",
    "capture_steps",
    "count_captures",
    "is_capture",
    "iter_captures",
    "maximal_captures",
]


def iter_captures(
    card: CardLike, table: Iterable[CardLike] | str, rules: Rules | None = None
) -> Iterator[frozenset[Card]]:
    """Every legal capture of ``card`` on ``table``, lazily, in :func:`capture_options` order."""
    played = cards.to_card(card)
    bits = _table_bits(played, table)
    maximal = (rules or DEFAULT_RULES).capture_must_be_maximal
    for found in _capture_masks_iter(_PLAYED[played.index], bits, maximal):
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
    return _search(_PLAYED[played.index], _profile(bits)).count(maximal)


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
    return [
        frozenset(cards.from_mask(m))
        for m in _capture_masks_iter(_PLAYED[played.index], bits, True)
    ]


def is_capture(
    card: CardLike, captured: Iterable[CardLike] | str, rules: Rules | None = None
) -> bool:
    """Whether taking exactly ``captured`` is a legal capture by ``card`` (any table).

    >>> is_capture("8♦", "3♠ 5♥ 2♦ 6♣"), is_capture("8♦", "3♠ 6♣")
    (True, False)
    """
    played = cards.to_card(card)
    bits = _table_bits(played, captured)
    v = _PLAYED[played.index]
    profile = _profile(bits)
    if not bits or profile & ~_UP_TO[v]:
        return False  # nothing, or a card above the played value
    return _search(v, profile).contains(profile)


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
    v = _PLAYED[played.index]
    more, complete = 0, not picked
    for plan in _plans(v, _profile(bits), maximal):
        fits = _plan_fit(plan, bits, picked)
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


def _plan_fit(plan: _Plan, table: int, picked: int) -> tuple[int, bool] | None:
    """For the captures of one plan that hold every ``picked`` card: the other table cards
    they may add, and whether ``picked`` is one of them exactly; None if none holds them."""
    if isinstance(plan, int):
        taken = table & plan
        return None if picked & ~taken else (taken & ~picked, taken == picked)
    whole, some = plan
    taken = table & whole
    free = picked & ~taken
    more, exact = taken & ~picked, (picked & taken) == taken
    for shift, n in some:
        nibble = 15 << shift
        mine = (free & nibble).bit_count()
        if mine > n:
            return None
        free &= ~nibble
        if mine < n:
            more |= table & nibble & ~picked
            exact = False
    return None if free else (more, exact)


def _table_bits(card: Card, table: Iterable[CardLike] | str) -> int:
    bits = cards.mask(cards.to_cards(table))
    if bits >> card.index & 1:
        raise IllegalMove("tablic.played_on_table", card=card)
    return bits


def _capture_masks_iter(v: int, table_bits: int, maximal: bool) -> Iterator[int]:
    for plan in _plans(v, _profile(table_bits), maximal):
        yield from _expand(plan, table_bits)


# -- the legal moves of a hand as ints -----------------------------------------------------------


def _options(hand: int, table: int, profile: int, reach: int, maximal: bool) -> list[int]:
    """The legal moves of ``hand`` on a table (its cards, profile and :func:`_reach`) as ints,
    ``captured mask << 6 | card index``: for each hand card (card order) the trail, then its
    captures (bigger first). The hot path of self-play, shared by :meth:`State.legal_moves`
    and :func:`playout`."""
    found: list[int] = []
    append = found.append
    cache = _PLANS[maximal]
    while hand:
        low = hand & -hand
        hand ^= low
        index = low.bit_length() - 1
        append(index)
        v = _PLAYED[index]
        if not reach >> v & 1:
            continue  # no table cards add up to v (also when the table is empty)
        plans = cache[v].get(profile & _UP_TO[v])
        if plans is None:
            plans = _plans(v, profile, maximal)
        for plan in plans:
            if isinstance(plan, int):
                append((table & plan) << 6 | index)
            else:
                for captured in _expand_partial(plan, table):
                    append(captured << 6 | index)
    return found


def _card_plans(
    hand: int, profile: int, reach: int, maximal: bool
) -> list[tuple[int, tuple[_Plan, ...]]]:
    """Each hand card's index (card order) with the plans of its captures, as :func:`_options`
    walks them."""
    found: list[tuple[int, tuple[_Plan, ...]]] = []
    cache = _PLANS[maximal]
    while hand:
        low = hand & -hand
        hand ^= low
        index = low.bit_length() - 1
        v = _PLAYED[index]
        if not reach >> v & 1:
            found.append((index, ()))
            continue
        plans = cache[v].get(profile & _UP_TO[v])
        found.append((index, _plans(v, profile, maximal) if plans is None else plans))
    return found


def _random_option(
    hand: int, table: int, profile: int, reach: int, maximal: bool, rng: cards.Rng
) -> int:
    """``options[rng.below(len(options))]`` for ``options = _options(...)`` (the same draw,
    the same key), by counting each plan's card sets and unranking the drawn one: on a
    crowded table this avoids listing thousands of captures."""
    walk = _card_plans(hand, profile, reach, maximal)
    total = 0
    for _, plans in walk:
        total += 1
        for plan in plans:
            total += _plan_size(plan, table)
    index = rng.below(total)
    for card, plans in walk:
        if not index:
            return card  # the trail comes first
        index -= 1
        for plan in plans:
            size = _plan_size(plan, table)
            if index < size:
                return _plan_at(plan, table, index) << 6 | card
            index -= size
    raise AssertionError("the count and the walk disagree")


_UNRANK_ABOVE = 10
"""Tables with more cards than this: :meth:`State.random_move` counts and unranks instead of
listing the moves. Listing keeps the moves as ints, so ``play`` accepts the drawn move by an
int comparison; an unranked move goes through :meth:`State.check`, which costs a few
microseconds. Measured (random positions, 6 cards in hand, warm caches, median move + play):
the two are equal up to about 8 table cards; unranking is 2x faster at 10, 4x at 12 and 20x at
20 cards (17,000 moves); in random self-play 97% of positions have at most 10 table cards."""


def _containing(table_bits: int, captured: int, extra: int) -> str:
    """The cards of ``captured`` plus, for each value, as many more table cards of that value
    as the packed counts ``extra`` say (lowest cards first): a bigger capture, as text."""
    found = captured
    for x, n in _fields(extra):
        free = table_bits & _FIELD_MASK[x] & ~captured
        for low in _bits_of(free)[:n]:
            found |= low
    return cards.format_cards(cards.from_mask(found))
