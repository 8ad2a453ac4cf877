"""Capture plans: how a capture vector of the search becomes card sets on a given table.

The capture search (:mod:`.capture_search`) answers with count vectors: "two 5s and a 3". A
plan says which table cards such a vector takes, in a form that expands into card masks with a
few integer operations: most captures take every card of the values they use (one AND with the
table), and the rest choose some cards of a value from small precomputed combinations.

>>> from cardwidgets import cards
>>> from cardwidgets.games.tablic.profiles import _profile
>>> table = cards.mask(cards.parse_many("3♠ 5♥ 5♦"))
>>> plan = _plan(_profile(cards.mask(cards.parse_many("3♠ 5♥"))), _profile(table))
>>> [cards.format_cards(cards.from_mask(m)) for m in _expand(plan, table)], _plan_size(plan, table)
(['3♠ 5♥', '3♠ 5♦'], 2)
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Iterator

from cardwidgets import cards
from cardwidgets.cards import DECK
from cardwidgets.games.tablic.profiles import (
    _ACE_FIELD,
    _BITS,
    _FIELD,
    _FIELD_MASK,
    _JACK_TO_KING,
    _ONES,
    _SHIFT,
    _TWO_TO_TEN,
    _bits_of,
)
from cardwidgets.games.tablic.rules import card_points

_Partial = tuple[int, tuple[tuple[int, int], ...]]
_Plan = int | _Partial
"""How to expand a capture vector into card sets on a table. An int is a card mask: the
vector takes every table card of some values, so the capture is ``table & plan`` (one AND).
Otherwise ``(whole, some)``: ``table & whole`` plus, for each ``(shift, n)`` in ``some``,
``n`` of the table's cards of the value whose four cards are the nibble at bit ``shift``."""


def _plan(vector: int, profile: int) -> _Plan:
    """How to expand a vector on a table with this profile (see :data:`_Plan`): the values
    whose table cards are all taken, and the values (highest first) that take only some."""
    rest = profile - vector
    # One bit per non-zero field (counts are at most 4: bits 0-2 of a field).
    used = (vector | vector >> 1 | vector >> 2) & _ONES
    left = (rest | rest >> 1 | rest >> 2) & _ONES
    fields = used & ~left
    # Field bit 4x times 0xF is the nibble of field x; a value's cards are the nibble at card
    # index 4x - 8 for 2-10, 4x - 12 for J, Q, K (no field 11), and 48 for the Aces (field 1).
    whole = ((fields & _TWO_TO_TEN) * 0xF) >> 8 | ((fields & _JACK_TO_KING) * 0xF) >> 12
    if fields & _ACE_FIELD:
        whole |= _FIELD_MASK[1]
    fields = used & left
    if not fields:
        return whole
    some = []
    while fields:
        x = (fields.bit_length() - 1) >> 2
        fields ^= 1 << (_BITS * x)
        some.append((_SHIFT[x], (vector >> (_BITS * x)) & _FIELD))
    return (whole, tuple(some))


def _expand(plan: _Plan, table: int) -> Iterator[int]:
    """Every card set (a mask) that follows ``plan`` on a table, in a fixed order."""
    if isinstance(plan, int):
        yield table & plan
        return
    yield from _expand_partial(plan, table)


def _expand_partial(plan: _Partial, table: int) -> list[int]:
    """The card sets of a plan that takes only some cards of a value, in a fixed order: the
    combinations of each value's cards (lowest cards first), crossed in ``some`` order."""
    whole, some = plan
    base = table & whole
    if len(some) == 1:
        shift, n = some[0]
        return [base | low << shift for low in _COMBOS[table >> shift & 15][n]]
    parts = [[low << shift for low in _COMBOS[table >> shift & 15][n]] for shift, n in some]
    return [base | sum(choice) for choice in itertools.product(*parts)]


_COMBOS = tuple(
    tuple(
        tuple(sum(combo) for combo in itertools.combinations(_bits_of(nibble), n)) for n in range(5)
    )
    for nibble in range(16)
)
"""_COMBOS[nibble][n]: the n-card subsets of a value's cards on the table (a 4-bit nibble),
in :func:`itertools.combinations` order."""


def _plan_size(plan: _Plan, table: int) -> int:
    """How many card sets :func:`_expand` makes of ``plan`` on a table, without making them."""
    if isinstance(plan, int):
        return 1
    size = 1
    for shift, n in plan[1]:
        size *= len(_COMBOS[table >> shift & 15][n])
    return size


def _plan_at(plan: _Plan, table: int, index: int) -> int:
    """The ``index``-th card set of ``list(_expand(plan, table))``, unranked: the product in
    :func:`_expand_partial` varies its last factor fastest, so ``index`` is read in mixed radix
    from the last factor."""
    if isinstance(plan, int):
        return table & plan
    whole, some = plan
    captured = table & whole
    for shift, n in reversed(some):
        combos = _COMBOS[table >> shift & 15][n]
        index, digit = divmod(index, len(combos))
        captured |= combos[digit] << shift
    return captured


# -- captures ranked by points -------------------------------------------------------------------

_POINT_CARDS = cards.mask(c for c in DECK if card_points(c) >= 1)
_TWO_POINT_CARDS = cards.mask(c for c in DECK if card_points(c) >= 2)

Ranked = tuple[int, int, int, int]
"""A capture as :func:`ranked_sets` yields it: ``(-points, -cards, position, mask)``, so that
tuples sort best first (most points, then most cards, then the earlier in listing order)."""


def points(bits: int) -> int:
    """The card points (T-S20) of a card set (a mask), from :func:`.rules.card_points`.

    >>> points(cards.mask(cards.parse_many("10♦ A♠ 3♥ 2♣")))
    4
    """
    return (bits & _POINT_CARDS).bit_count() + (bits & _TWO_POINT_CARDS).bit_count()


_Choice = tuple[int, int, int]
"""One way to take ``n`` cards of a value: ``(-points, index among its combinations, mask)``."""

_CHOICES = {
    (shift, nibble, n): tuple(
        sorted((-points(low << shift), i, low << shift) for i, low in enumerate(_COMBOS[nibble][n]))
    )
    for shift in range(0, 52, 4)
    for nibble in range(16)
    for n in range(5)
}
"""_CHOICES[shift, nibble, n]: the n-card subsets of the value whose cards on the table are the
nibble at bit ``shift``, best first (most points, then the earlier in :data:`_COMBOS` order)."""


def best_set(plan: _Plan, table: int, offset: int) -> Ranked:
    """The first of :func:`ranked_sets`, without the walk: each value's best choice."""
    if isinstance(plan, int):
        mask = table & plan
        return (-points(mask), -mask.bit_count(), offset, mask)
    whole, some = plan
    base = table & whole
    score = -points(base)
    size = base.bit_count()
    position = 0
    for shift, n in some:
        options = _CHOICES[shift, table >> shift & 15, n]
        minus, index, bits = options[0]
        score += minus
        size += n
        position = position * len(options) + index
        base |= bits
    return (score, -size, offset + position, base)


def ranked_sets(plan: _Plan, table: int, offset: int) -> Iterator[Ranked]:
    """The card sets of ``plan`` on a table, lazily, best first (see :data:`Ranked`);
    ``position`` is ``offset`` plus the set's index in :func:`_expand` order.

    Points add up over the values a plan takes only some cards of, and the index is read in
    mixed radix over them, so with each value's choices sorted best first, moving one value to
    its next choice never gives a better set. A best-first walk over these steps (a heap)
    yields the sets in order and makes only the ones asked for, plus a few.

    >>> from cardwidgets.games.tablic.profiles import _profile
    >>> table = cards.mask(cards.parse_many("3♠ 5♥ 10♦ 10♠ 5♣"))
    >>> plan = _plan(_profile(cards.mask(cards.parse_many("5♥ 10♠"))), _profile(table))
    >>> [(-p, cards.format_cards(cards.from_mask(m))) for p, _, _, m in ranked_sets(plan, table, 0)]
    [(2, '5♥ 10♦'), (2, '5♣ 10♦'), (1, '5♥ 10♠'), (1, '5♣ 10♠')]
    >>> best_set(plan, table, 0) == next(ranked_sets(plan, table, 0))
    True
    """
    if isinstance(plan, int):
        yield best_set(plan, table, offset)
        return
    whole, some = plan
    base = table & whole
    size = base.bit_count() + sum(n for _, n in some)
    base_points = points(base)
    choices = [_CHOICES[shift, table >> shift & 15, n] for shift, n in some]
    weights = [1] * len(choices)  # the last value varies fastest in _expand's order
    for i in range(len(choices) - 2, -1, -1):
        weights[i] = weights[i + 1] * len(choices[i + 1])

    def ranked(steps: tuple[int, ...]) -> Ranked:
        lost = position = mask = 0
        for options, step, weight in zip(choices, steps, weights, strict=True):
            minus, index, bits = options[step]
            lost += minus
            position += index * weight
            mask |= bits
        return (lost - base_points, -size, offset + position, base | mask)

    first = (0,) * len(choices)
    heap = [(ranked(first), first)]
    seen = {first}
    while heap:
        found, steps = heapq.heappop(heap)
        yield found
        for i, options in enumerate(choices):
            if steps[i] + 1 < len(options):
                following = (*steps[:i], steps[i] + 1, *steps[i + 1 :])
                if following not in seen:
                    seen.add(following)
                    heapq.heappush(heap, (ranked(following), following))
