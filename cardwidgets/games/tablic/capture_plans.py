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

import itertools
from collections.abc import Iterator

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
