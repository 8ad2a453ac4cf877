"""The fast Tablić engine: the rules of :mod:`.rules` on ints, for the hot paths.

Everything here works on card sets as bitmasks (bit ``card.index``) and on tables as
*profiles* (the count of cards per value, packed 4 bits per value); nothing here makes a
:class:`State` or a :class:`Move`. :mod:`.state` and the bots use it through the plain names
below; the names with a leading underscore are this module's own. Its last section holds the
public capture functions (``tablic.capture_options`` …), card texts in, card sets out.

The room, in reading order:

* **Lookups by card index** (:data:`PLAYED`, :func:`points_of_mask`), made once from the plain
  rules, so they cannot disagree with them; the package's :func:`card_values`,
  :func:`played_value` and :func:`card_points` are these lookups.
* **Profiles** (:func:`profile_of`, :data:`UNIT`, :func:`reach_of`): whether table cards split
  into groups of the played value v depends only on how many cards of each value they hold
  (T-D2), so a table is reduced to its packed counts, Aces at value 1 (a table Ace counts 1 or
  11, T-S19). :func:`reach_of` is the quick test whether any table cards add up to a value.
* **The capture search** (:func:`search_of`, :func:`plans_of`, :func:`splits`): the legal
  capture *vectors* (counts per value) are the sums of group types that fit the table's counts
  (T-D1, T-D2), found breadth-first on the "slack" with a guard bit per 4-bit field, so each
  step is two integer operations and each vector is visited once however many ways it splits
  into groups. A played King takes at most one table King (T-D4); with
  ``capture_must_be_maximal`` only the vectors no other contains are legal (T-D1a).
* **Plans** (:func:`expand_partial`, :func:`plan_size`, :func:`plan_at`, :func:`best_set`,
  :func:`ranked_sets`): how a vector becomes card sets on a given table, in a few integer
  operations.
* **A hand's legal moves as ints** (:func:`hand_options`, :func:`random_hand_option`): a move
  is ``captured mask << 6 | card index``; :meth:`State.legal_moves`, :meth:`State.random_move`
  and :func:`play_out` share them.
* **Random games on ints** (:func:`play_out`): the bots' and the lab's rollouts.
* **Captures** (:func:`capture_options`, :func:`count_captures` …): the public capture
  functions, a thin layer over the sections above.

Trade-offs: this code is written for speed (names bound to locals in loops, several
assignments to a line, caches keyed by ints with a size limit), so each rule it applies is
commented with its decision id, and the tests compare it with the plain :mod:`.rules`: the
capture search against :func:`.rules.legal_captures`, dealing against
:func:`.rules.deal_round`, scoring against :func:`.rules.deal_breakdown`, and :func:`play_out`
against playing :class:`State` moves.

>>> from cardwidgets import cards
>>> table = profile_of(cards.mask(cards.parse_many("3♠ 5♥ 2♦ 6♣")))
>>> search_of(8, table).count(), search_of(8, table).count(maximal=True)
(3, 1)
>>> PLAYED[cards.parse("A♦").index], points_of_mask(cards.mask(cards.parse_many("10♦ A♠ 3♥")))
(11, 3)
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Callable, Iterable, Iterator, Sequence
from math import comb
from typing import NamedTuple

from cardwidgets import cards
from cardwidgets.cards import DECK, Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games.tablic.deck import deal_hands, shuffled_deck
from cardwidgets.games.tablic.rules import (
    DEFAULT_RULES,
    Rules,
    breakdown,
    leftovers_taker,
    match_over,
    winner,
)
from cardwidgets.games.tablic.rules import capture_groups as _plain_groups
from cardwidgets.games.tablic.rules import card_points as _plain_points
from cardwidgets.games.tablic.rules import card_values as _plain_values
from cardwidgets.games.tablic.rules import played_value as _plain_played

__all__ = [
    "CaptureSteps",
    "RankedCapture",
    "capture_groups",
    "capture_options",
    "capture_steps",
    "card_points",
    "card_values",
    "clear_caches",
    "count_captures",
    "is_capture",
    "iter_captures",
    "maximal_captures",
    "played_value",
    "ranked_captures",
]

# -- the rules as lookups by card index --------------------------------------------------------


_VALUE = tuple(_plain_values(c) for c in DECK)
"""Table values by card index (T-S19, T-D2): J 12, Q 13, K 14, A 1 or 11."""
PLAYED = tuple(_plain_played(c) for c in DECK)
"""Played values by card index (T-D3: a played Ace is 11)."""
_POINTS = tuple(_plain_points(c) for c in DECK)
"""Card points by card index (T-S20)."""
_POINT_MASK = cards.mask(c for c in DECK if _POINTS[c.index])
_TEN_DIAMONDS_BIT = cards.parse("10♦").bit


def card_values(card: CardLike) -> tuple[int, ...]:
    """The values a card can take on the table (T-S19, T-D2), looked up by card index: the
    table is made from :func:`.rules.card_values`, so the two cannot disagree.

    >>> card_values("A♣"), card_values("J♥"), card_values("K♠"), card_values("7♦")
    ((1, 11), (12,), (14,), (7,))
    """
    return _VALUE[(card if type(card) is Card else cards.to_card(card)).index]


def played_value(card: CardLike) -> int:
    """The value a played card captures with (T-D3: a played Ace is 11), looked up by card
    index from :func:`.rules.played_value`.

    >>> played_value("A♦"), played_value("Q♠")
    (11, 13)
    """
    return PLAYED[(card if type(card) is Card else cards.to_card(card)).index]


def card_points(card: CardLike) -> int:
    """Points of a card at the end of a deal (T-S20), looked up by card index from
    :func:`.rules.card_points`: 10♦ 2; A, K, Q, J, other 10s and 2♣ 1.

    >>> [card_points(c) for c in ("10♦", "10♠", "A♥", "J♣", "2♣", "2♦", "9♠")]
    [2, 1, 1, 1, 1, 0, 0]
    """
    return _POINTS[(card if type(card) is Card else cards.to_card(card)).index]


def points_of_mask(bits: int) -> int:
    """The card points of a card set (T-S20): one per point card, and 10♦ one more."""
    bits &= _POINT_MASK
    return bits.bit_count() + (1 if bits & _TEN_DIAMONDS_BIT else 0)


# -- tables as profiles: packed counts per value ----------------------------------------------


_BITS = 4
_FIELD = (1 << _BITS) - 1
POSITION = tuple(1 if c.rank == 14 else _VALUE[c.index][0] for c in DECK)
"""A card's field in a profile: its value, 1 for an Ace."""
UNIT = tuple(1 << (_BITS * p) for p in POSITION)
_FIELD_MASK = tuple(sum(1 << c.index for c in DECK if POSITION[c.index] == x) for x in range(15))
"""_FIELD_MASK[x]: every card of the deck in profile field x, so ``table & _FIELD_MASK[x]`` is
the table's cards of value x (Aces at 1)."""
UP_TO = tuple((1 << (_BITS * (v + 1))) - 1 for v in range(15))
"""UP_TO[v] keeps the fields of values 0..v of a profile (the cards that can be in a group)."""
_GUARD = tuple(sum(8 << (_BITS * x) for x in range(1, v + 1)) for v in range(15))


def profile_of(bits: int, unit: tuple[int, ...] = UNIT) -> int:
    """The packed count per value of a card set; with another ``unit`` (what each card index
    adds) another packed count, e.g. :mod:`.lastround`'s count per kind.

    >>> profile_of(cards.mask(cards.parse_many("3♠ 3♥ A♦"))) == 2 << 4 * 3 | 1 << 4 * 1
    True
    >>> profile_of(0b101, unit=(1, 10, 100))
    101
    """
    packed = 0
    while bits:
        low = bits & -bits
        bits ^= low
        packed += unit[low.bit_length() - 1]
    return packed


def _size(vector: int) -> int:
    """How many cards a packed vector holds."""
    total = 0
    while vector:
        total += vector & _FIELD
        vector >>= _BITS
    return total


def _fields(profile: int) -> tuple[tuple[int, int], ...]:
    """The non-zero fields of a profile as (value, count) pairs, highest value first."""
    found = []
    x = 0
    while profile:
        n = profile & _FIELD
        if n:
            found.append((x, n))
        profile >>= _BITS
        x += 1
    found.reverse()
    return tuple(found)


def _bits_of(bits: int) -> list[int]:
    """The single bits of a mask, lowest first."""
    found = []
    while bits:
        low = bits & -bits
        bits ^= low
        found.append(low)
    return found


_SHIFT = tuple((mask.bit_length() - 4) if mask else 0 for mask in _FIELD_MASK)
"""_SHIFT[x]: the lowest card index of profile field x (its four cards are one nibble)."""


_ONES = sum(1 << (_BITS * x) for x in range(15))
"""Bit 0 of every field of a profile."""
_TWO_TO_TEN = sum(1 << (_BITS * x) for x in range(2, 11))
_JACK_TO_KING = sum(1 << (_BITS * x) for x in range(12, 15))
_ACE_FIELD = 1 << _BITS


_CACHE_LIMIT = 1 << 16
REACH: dict[int, int] = {}


def reach_of(profile: int) -> int:
    """Bit s is set when some table cards add up to s (s <= 14): a quick "no capture" test."""
    found = REACH.get(profile)
    if found is None:
        found = 1
        fields = (profile | profile >> 1 | profile >> 2) & _ONES  # the non-zero fields
        while fields:
            low = fields & -fields
            fields ^= low
            x = low.bit_length() >> 2
            for _ in range((profile >> (_BITS * x)) & _FIELD):
                found = (found | found << x | (found << 11 if x == 1 else 0)) & 0x7FFF
        if len(REACH) >= _CACHE_LIMIT:
            REACH.clear()
        REACH[profile] = found
    return found


# -- capture plans: capture vectors as card sets ----------------------------------------------


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
    yield from expand_partial(plan, table)


def expand_partial(plan: _Partial, table: int) -> list[int]:
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
    :func:`expand_partial` varies its last factor fastest, so ``index`` is read in mixed radix
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

_POINT_CARDS = cards.mask(c for c in DECK if _POINTS[c.index] >= 1)
_TWO_POINT_CARDS = cards.mask(c for c in DECK if _POINTS[c.index] >= 2)

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

    >>> table = cards.mask(cards.parse_many("3♠ 5♥ 10♦ 10♠ 5♣"))
    >>> plan = _plan(profile_of(cards.mask(cards.parse_many("5♥ 10♠"))), profile_of(table))
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


# -- the capture search ----------------------------------------------------------------------


def _group_types(v: int, full: int) -> list[int]:
    """Every group type that fits the counts ``full`` (T-D2: each table Ace counts 1 or 11)."""
    present = [(x, n) for x, n in _fields(full) if x > 1]
    aces = (full >> _BITS) & _FIELD
    # room[i]: the most that the values after present[i] (Aces at 11) can still add.
    room = [aces * 11] * (len(present) + 1)
    for i in range(len(present) - 1, -1, -1):
        room[i] = room[i + 1] + present[i][0] * present[i][1]
    partial = [(0, 0)]  # (sum so far, packed counts) over the values above 1
    for i, (x, limit) in enumerate(present):
        unit = 1 << (_BITS * x)
        after = room[i + 1]
        grown = []
        for total, packed in partial:
            for taken in range(limit + 1):
                reached = total + taken * x
                if reached > v:
                    break
                if reached + after >= v:
                    grown.append((reached, packed + taken * unit))
        partial = grown
    found: list[int] = []
    for total, packed in partial:
        need = v - total
        for n in range(aces + 1):
            rest = need - n  # what the Aces counted 11 add: 10 more each
            if rest >= 0 and rest % 10 == 0 and rest // 10 <= n and (packed or n):
                found.append(packed + (n << _BITS))
    return found


_TYPES = tuple(
    tuple(
        _group_types(
            v, sum((1 if x == 14 else 4) << (_BITS * x) for x in range(1, v + 1) if x != 11)
        )
    )
    for v in range(15)
)
"""_TYPES[v]: every group type of value v on a table holding every card (one King: T-D4). The
group types of any table are those of these that fit it: a filter instead of a search."""
_TYPE_SIZE = {kind: _size(kind) for types in _TYPES for kind in types}
_TYPE_FIELDS = {
    kind: sum(_FIELD << (_BITS * x) for x in range(15) if (kind >> (_BITS * x)) & _FIELD)
    for types in _TYPES
    for kind in types
}
"""_TYPE_FIELDS[kind]: the fields (all 4 bits) of the values a group type uses."""


# The fit test of every group type at once: lane i (64 bits) of _LANES[v] holds _TYPES[v][i],
# and the table's guarded counts are copied into every lane by one multiplication. A lane's
# subtraction clears a guard bit where its type does not fit and never borrows from the next
# lane (see the search notes), so the lanes that keep all their guard bits are the fitting types.
_REPEAT = tuple(sum(1 << (64 * i) for i in range(len(types))) for types in _TYPES)
_LANES = tuple(sum(kind << (64 * i) for i, kind in enumerate(types)) for types in _TYPES)
_LANE_GUARDS = tuple(_GUARD[v] * _REPEAT[v] for v in range(15))
_LANE_TOPS = tuple(repeat << 63 for repeat in _REPEAT)


def _fitting_types(v: int, full: int) -> list[int]:
    """The group types of value v that fit the counts ``full`` (values <= v), in _TYPES order."""
    missing = ~((full | _GUARD[v]) * _REPEAT[v] - _LANES[v]) & _LANE_GUARDS[v]
    fits = (_LANE_TOPS[v] - missing) & _LANE_TOPS[v]  # bit 63 of a lane: none missing
    types = _TYPES[v]
    found = []
    while fits:
        low = fits & -fits
        fits ^= low
        found.append(types[(low.bit_length() >> 6) - 1])
    return found


class _Search:
    """The legal capture vectors for one played value v and one table profile (values <= v)."""

    def __init__(self, v: int, profile: int) -> None:
        self.v = v
        self.profile = profile
        full = profile
        kings = (profile >> (_BITS * 14)) & _FIELD
        if v == 14 and kings > 1:
            # T-D4: a played King takes at most one table King (a King's only group is itself).
            full -= (kings - 1) << (_BITS * 14)
        self.full = full
        self.guard = _GUARD[v]
        self.types = _fitting_types(v, full)
        self._slacks: dict[int, int] | None = None
        self._vectors: list[tuple[int, ...] | None] = [None, None]
        self._plans: list[tuple[_Plan, ...] | None] = [None, None]

    def slacks(self) -> dict[int, int]:
        """Table counts minus capture counts, packed, for every legal capture (empty included),
        each mapped to the number of cards captured."""
        if self._slacks is None:
            guard = self.guard
            sized = [(kind, _size(kind)) for kind in self.types]
            seen = {self.full: 0}
            frontier = [self.full]
            while frontier:
                following = []
                for slack in frontier:
                    guarded = slack | guard
                    taken = seen[slack]
                    for kind, size in sized:
                        left = guarded - kind
                        if left & guard == guard:
                            left ^= guard
                            if left not in seen:
                                seen[left] = taken + size
                                following.append(left)
                frontier = following
            self._slacks = seen
        return self._slacks

    def fits_group(self, slack: int) -> bool:
        """Whether some group still fits in the cards a capture leaves (its slack)."""
        guard = self.guard
        guarded = slack | guard
        return any((guarded - kind) & guard == guard for kind in self.types)

    def contains(self, captured: int) -> bool:
        """Whether the profile ``captured`` is a legal capture vector."""
        guard = self.guard
        left = (self.full | guard) - captured
        return left & guard == guard and (left ^ guard) in self.slacks()

    def count(self, maximal: bool = False) -> int:
        """How many non-empty card sets the legal vectors stand for, without listing them."""
        total = 0
        profile = self.profile
        for vector in self.vectors(maximal):
            product = 1
            for x in range(1, self.v + 1):
                c = (vector >> (_BITS * x)) & _FIELD
                if c:
                    product *= comb((profile >> (_BITS * x)) & _FIELD, c)
            total += product
        return total

    def plans(self, maximal: bool = False) -> tuple[_Plan, ...]:
        """:meth:`vectors` as expansion plans (see :func:`_plan`)."""
        found = self._plans[maximal]
        if found is None:
            profile = self.profile
            found = tuple(_plan(vector, profile) for vector in self.vectors(maximal))
            self._plans[maximal] = found
        return found

    def vectors(self, maximal: bool = False) -> tuple[int, ...]:
        """The non-empty legal capture vectors, bigger captures first (then higher values);
        with ``maximal``, only those no other legal capture contains (T-D1a)."""
        found = self._vectors[maximal]
        if found is None:
            full = self.full
            # Packed vectors compare like their counts read from the highest value down.
            order = [(size, full - s) for s, size in self.slacks().items() if size]
            if maximal:
                # Only a capture that leaves no room for another group can be maximal.
                order = [item for item in order if not self.fits_group(full - item[1])]
            order.sort(reverse=True)
            if maximal:
                order = _not_contained(order, self.guard)
            found = self._vectors[maximal] = tuple(vector for _, vector in order)
        return found

    def bigger(self, vector: int) -> int | None:
        """A maximal capture vector (T-D1a) that strictly contains ``vector``, or None."""
        guard = self.guard
        for other in self.vectors(True):
            if other != vector and ((other | guard) - vector) & guard == guard:
                return other
        return None


def splits(v: int, profile: int) -> bool:
    """Whether all the cards of ``profile`` split into groups of value v (T-D2, T-D4): the
    question of ``is_capture``, answered depth-first without finding every capture.

    The lowest value left must be in some group, so only the group types holding it are
    tried, and counts that failed once are remembered: on 24 low cards this takes
    milliseconds where listing every capture vector took a second.

    >>> from cardwidgets import cards
    >>> splits(8, profile_of(cards.mask(cards.parse_many("3♠ 5♥ 2♦ 6♣")))), splits(8, 1 << 12)
    (True, False)
    """
    if profile & ~UP_TO[v] or not profile:
        return False  # nothing, or a card above the played value
    if v == 14 and (profile >> (_BITS * 14)) & _FIELD > 1:
        return False  # T-D4: a played King takes at most one table King
    guard = _GUARD[v]
    types = _fitting_types(v, profile)
    failed: set[int] = set()

    def split(slack: int) -> bool:
        if not slack:
            return True
        if slack in failed:
            return False
        field = ((slack & -slack).bit_length() - 1) // _BITS << 2  # the lowest value left
        guarded = slack | guard
        for kind in types:
            if kind >> field & _FIELD:
                left = guarded - kind
                if left & guard == guard and split(left ^ guard):
                    return True
        failed.add(slack)
        return False

    return split(profile)


_SEARCHES: tuple[dict[int, _Search], ...] = tuple({} for _ in range(15))
_SEARCH_LIMIT = 1 << 10
PLANS: tuple[tuple[dict[int, tuple[_Plan, ...]], ...], ...] = tuple(
    tuple({} for _ in range(15)) for _ in (False, True)
)
"""The hot-path cache: PLANS[maximal][v][profile] -> expansion plans. It holds only tuples of
ints, which the garbage collector stops tracking, so a big cache does not slow every full
collection down (caching the search objects themselves did, by half)."""
_CORES: tuple[tuple[dict[int, tuple[_Plan, ...]], ...], ...] = tuple(
    tuple({} for _ in range(15)) for _ in (False, True)
)
"""The second-level cache of :func:`_new_plans`: the same plans, keyed by the counts of only
the values that some fitting group type uses."""


def search_of(v: int, profile: int) -> _Search:
    """The search for value v on a table profile (a small cache, for checks and counting)."""
    profile &= UP_TO[v]
    cache = _SEARCHES[v]
    found = cache.get(profile)
    if found is None:
        if len(cache) >= _SEARCH_LIMIT:
            cache.clear()
        found = cache[profile] = _Search(v, profile)
    return found


def plans_of(v: int, profile: int, maximal: bool) -> tuple[_Plan, ...]:
    """The (cached) expansion plans of the legal captures for value v on a table profile."""
    profile &= UP_TO[v]
    cache = PLANS[maximal][v]
    found = cache.get(profile)
    if found is None:
        found = _new_plans(v, profile, maximal)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[profile] = found
    return found


def _new_plans(v: int, profile: int, maximal: bool) -> tuple[_Plan, ...]:
    """:meth:`_Search.plans` without the object, for a cache miss of the hot path, in the same
    order. Cards of values that no fitting group type uses are in no capture, so the plans
    only depend on the table's counts of the other values: a second cache, keyed by those
    counts alone, serves most tables that differ only in cards that cannot be captured."""
    full = profile
    if v == 14:
        kings = (profile >> (_BITS * 14)) & _FIELD
        if kings > 1:
            full -= (kings - 1) << (_BITS * 14)  # T-D4, as in _Search
    types = _fitting_types(v, full)
    if not types:
        return ()
    used = 0
    for kind in types:
        used |= _TYPE_FIELDS[kind]
    core = profile & used
    cache = _CORES[maximal][v]
    found = cache.get(core)
    if found is None:
        found = _core_plans(v, core, full & used, types, maximal)
        if len(cache) >= _CACHE_LIMIT:
            cache.clear()
        cache[core] = found
    return found


def _core_plans(
    v: int, profile: int, full: int, types: list[int], maximal: bool
) -> tuple[_Plan, ...]:
    """The plans for counts ``profile`` (``full``: with T-D4 applied) and its group types:
    the breadth-first search, with a shortcut for tables that fit one group type."""
    if len(types) == 1:
        # The captures are 1, 2, ... copies of the one group type, as many as fit.
        guard = _GUARD[v]
        kind = types[0]
        vectors = []
        vector = 0
        left = (full | guard) - kind
        while left & guard == guard:
            vector += kind
            vectors.append(vector)
            left -= kind
        if maximal:
            return (_plan(vector, profile),)
        return tuple([_plan(vector, profile) for vector in reversed(vectors)])
    return tuple([_plan(vector, profile) for vector in _vectors(v, full, types, maximal)])


def _vectors(v: int, full: int, types: Sequence[int], maximal: bool) -> list[int]:
    """The legal capture vectors on the counts ``full`` from its group ``types`` (see the
    search notes above), bigger captures first, then higher values."""
    guard = _GUARD[v]
    sized = [(kind, _TYPE_SIZE[kind]) for kind in types]
    seen = {full: 0}
    stuck = []  # slacks in which no group fits: the maximal captures
    frontier = [full]
    while frontier:
        following = []
        for slack in frontier:
            guarded = slack | guard
            taken = seen[slack]
            fits = False
            for kind, size in sized:
                left = guarded - kind
                if left & guard == guard:
                    fits = True
                    left ^= guard
                    if left not in seen:
                        seen[left] = taken + size
                        following.append(left)
            if not fits:
                stuck.append(slack)
        frontier = following
    if maximal:
        order = [(seen[slack], full - slack) for slack in stuck]
    else:
        order = [(size, full - slack) for slack, size in seen.items() if size]
    # Packed vectors compare like their counts read from the highest value down.
    order.sort(reverse=True)
    if maximal:
        order = _not_contained(order, guard)
    return [vector for _, vector in order]


def _not_contained(order: list[tuple[int, int]], guard: int) -> list[tuple[int, int]]:
    """T-D1a: the (size, vector) pairs, biggest first, that no other of them contains.

    Leaving no room for another group (a "stuck" capture) is not enough: 7 on 5 4 5 3 2 2 may
    take 2+2+3 and leave 5 4 5, yet 2+5, 2+5, 3+4 takes all six. A card set contains another of
    the same table exactly when its counts are at least as high for every value, so the test
    runs on the vectors. A vector that some legal vector contains is also contained in a stuck
    one (grow it until it is stuck), so comparing the stuck vectors with each other suffices;
    and a container is strictly bigger, so each vector is only compared with bigger ones kept.
    """
    kept: list[tuple[int, int]] = []
    for size, vector in order:
        # other >= vector in every field: subtracting keeps every guard bit of (other | guard).
        if not any(((other | guard) - vector) & guard == guard for _, other in kept):
            kept.append((size, vector))
    return kept


# -- captures ranked by points, across plans --------------------------------------------------


_Entry = tuple[Ranked, "Iterator[Ranked] | None", int, int]
"""A plan in the heap of :func:`ranked_masks`: its next card set, its walk (None: not
started), its number and its offset (where its card sets start in the listing order)."""
_STARTS: dict[tuple[int, int, bool], list[_Entry]] = {}
"""The heaps of :func:`ranked_masks` before the first step, by (value, table, maximal): the
expert's rollouts ask for the same table's best captures again and again. A few hundred
entries each (one per plan), so only a few tables are kept."""
_STARTS_LIMIT = 16


def ranked_masks(v: int, table_bits: int, maximal: bool) -> Iterator[Ranked]:
    """The captures of value v as ``(-points, -cards, position, mask)``, best first.

    Each plan enters a heap by its best card set (:func:`best_set`, a few integer operations);
    only a plan that reaches the top is walked further (:func:`ranked_sets`), so asking for
    the best two captures walks one or two plans of hundreds. ``position`` is the capture's
    index in :func:`capture_masks` order: no two entries compare equal beyond it."""
    plans = plans_of(v, profile_of(table_bits), maximal)
    key = (v, table_bits, maximal)
    start = _STARTS.get(key)
    if start is None:
        start = []
        offset = 0
        for number, plan in enumerate(plans):
            start.append((best_set(plan, table_bits, offset), None, number, offset))
            offset += _plan_size(plan, table_bits)
        heapq.heapify(start)
        if len(_STARTS) >= _STARTS_LIMIT:
            _STARTS.clear()
        _STARTS[key] = start
    heap = list(start)
    while heap:
        found, walk, number, offset = heap[0]
        yield found
        if walk is None:
            walk = ranked_sets(plans[number], table_bits, offset)
            next(walk)  # the best set, just yielded
        following = next(walk, None)
        if following is None:
            heapq.heappop(heap)
        else:
            heapq.heapreplace(heap, (following, walk, number, offset))


# -- captures being built, and all captures of a value ----------------------------------------


def plan_fit(plan: _Plan, table: int, picked: int) -> tuple[int, bool] | None:
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


def capture_masks(v: int, table_bits: int, maximal: bool) -> Iterator[int]:
    for plan in plans_of(v, profile_of(table_bits), maximal):
        yield from _expand(plan, table_bits)


# -- the legal moves of a hand as ints -----------------------------------------------------------


def hand_options(hand: int, table: int, profile: int, reach: int, maximal: bool) -> list[int]:
    """The legal moves of ``hand`` on a table (its cards, profile and :func:`reach_of`) as ints,
    ``captured mask << 6 | card index``: for each hand card (card order) the trail, then its
    captures (bigger first). The hot path of self-play, shared by :meth:`State.legal_moves`
    and :func:`playout`."""
    found: list[int] = []
    append = found.append
    cache = PLANS[maximal]
    while hand:
        low = hand & -hand
        hand ^= low
        index = low.bit_length() - 1
        append(index)
        v = PLAYED[index]
        if not reach >> v & 1:
            continue  # no table cards add up to v (also when the table is empty)
        plans = cache[v].get(profile & UP_TO[v])
        if plans is None:
            plans = plans_of(v, profile, maximal)
        for plan in plans:
            if isinstance(plan, int):
                append((table & plan) << 6 | index)
            else:
                for captured in expand_partial(plan, table):
                    append(captured << 6 | index)
    return found


def _card_plans(
    hand: int, profile: int, reach: int, maximal: bool
) -> list[tuple[int, tuple[_Plan, ...]]]:
    """Each hand card's index (card order) with the plans of its captures, as :func:`hand_options`
    walks them."""
    found: list[tuple[int, tuple[_Plan, ...]]] = []
    cache = PLANS[maximal]
    while hand:
        low = hand & -hand
        hand ^= low
        index = low.bit_length() - 1
        v = PLAYED[index]
        if not reach >> v & 1:
            found.append((index, ()))
            continue
        plans = cache[v].get(profile & UP_TO[v])
        found.append((index, plans_of(v, profile, maximal) if plans is None else plans))
    return found


def random_hand_option(
    hand: int, table: int, profile: int, reach: int, maximal: bool, rng: cards.Rng
) -> int:
    """``options[rng.below(len(options))]`` for ``options = hand_options(...)`` (the same draw,
    the same key), by counting each plan's card sets and unranking the drawn one: on a
    crowded table this avoids listing thousands of captures."""
    return drawn_hand_option(hand, table, profile, reach, maximal, rng.below)


def drawn_hand_option(
    hand: int, table: int, profile: int, reach: int, maximal: bool, below: Callable[[int], int]
) -> int:
    """:func:`random_hand_option` with the index drawn by ``below(n)`` (a seat's draw in
    :func:`play_out_drawn`) instead of a generator's ``below``."""
    walk = _card_plans(hand, profile, reach, maximal)
    total = 0
    for _, plans in walk:
        total += 1
        for plan in plans:
            total += _plan_size(plan, table)
    index = below(total)
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


UNRANK_ABOVE = 10
"""Tables with more cards than this: :meth:`State.random_move` counts and unranks instead of
listing the moves. Listing keeps the moves as ints, so ``play`` accepts the drawn move by an
int comparison; an unranked move goes through :meth:`State.check`, which costs a few
microseconds. Measured (random positions, 6 cards in hand, warm caches, median move + play):
the two are equal up to about 8 table cards; unranking is 2x faster at 10, 4x at 12 and 20x at
20 cards (17,000 moves); in random self-play 97% of positions have at most 10 table cards."""


def containing(table_bits: int, captured: int, extra: int) -> str:
    """The cards of ``captured`` plus, for each value, as many more table cards of that value
    as the packed counts ``extra`` say (lowest cards first): a bigger capture, as text."""
    found = captured
    for x, n in _fields(extra):
        free = table_bits & _FIELD_MASK[x] & ~captured
        for low in _bits_of(free)[:n]:
            found |= low
    return cards.format_cards(cards.from_mask(found))


def clear_caches() -> None:
    """Empty every cache of the fast engine (for benchmarks that time a cold start).

    >>> clear_caches()
    """
    for searches in _SEARCHES:
        searches.clear()
    for plans in (*PLANS[0], *PLANS[1], *_CORES[0], *_CORES[1]):
        plans.clear()
    REACH.clear()
    _STARTS.clear()
    _GROUPS.clear()


# -- random games on ints ------------------------------------------------------------------------


def sweep_scores(cards_left: int, final_tabla: bool) -> bool:
    """T-D5 on ints (:func:`.rules.is_tabla`): whether a capture that empties the table
    scores a tabla, given ``cards_left`` (non-zero while a card is left in either hand or the
    stock after it): always but with the deal's last card, which counts only with
    ``final_tabla`` (the rules' ``final_card_tabla``). Asked only once a capture has emptied
    the table, so the per-move path pays nothing for it.

    >>> sweep_scores(0b101, False), sweep_scores(0, False), sweep_scores(0, True)
    (True, False, True)
    """
    return bool(cards_left) or final_tabla


def play_out(
    rules: Rules,
    seed: int | str,
    rng: cards.Rng,
    deals: int | None,
    *,
    hands: tuple[int, int],
    table: int,
    stock: Sequence[Card],
    piles: tuple[int, int],
    tablas: tuple[int, int],
    last: int | None,
    seat: int,
    dealer: int,
    number: int,
    totals: tuple[int, int],
) -> tuple[tuple[int, int], int | None, int, int]:
    """Play uniformly random legal moves from a position (its fields as ints) to the end of
    the match or of ``deals`` deals: ``(totals, winner or None, deals ended, moves played)``.

    The same rules, move order and random choices as the loop ``moves = s.legal_moves();
    s = s.play(moves[rng.below(len(moves))])`` (a test checks they agree move for move), without
    making a State or a Move per turn: :func:`.state.playout` is the public face."""
    maximal, final_tabla = rules.capture_must_be_maximal, rules.final_card_tabla
    held = [hands[0], hands[1]]
    profile = profile_of(table)
    taken = [piles[0], piles[1]]
    scored = [tablas[0], tablas[1]]
    finished = played = 0
    while True:
        # One turn (the hot loop: every name is local).
        reach = REACH.get(profile) or reach_of(profile)
        options = hand_options(held[seat], table, profile, reach, maximal)
        choice = options[rng.below(len(options))]
        played += 1
        index = choice & 63
        captured = choice >> 6
        bit = 1 << index
        held[seat] ^= bit
        if captured:
            table ^= captured
            profile -= profile_of(captured)
            taken[seat] |= captured | bit  # T-D12: the played card goes to the pile too
            last = seat
            if not table and sweep_scores(held[0] | held[1] or len(stock), final_tabla):
                scored[seat] += 1
        else:
            table |= bit
            profile += UNIT[index]
        if held[1 - seat]:
            seat = 1 - seat
            continue
        if held[seat]:
            continue
        if stock:  # the next round (T-D8)
            dealt = deal_hands(stock, dealer)
            stock = stock[12:]
            held = [held[0] | dealt[0], held[1] | dealt[1]]
            seat = 1 - dealer if held[1 - dealer] else dealer
            continue
        # The end of the deal (T-D6, T-D9, T-D7), then the next deal (T-S3: a new dealer).
        scores = deal_scores(rules, dealer, last, taken, table, scored)
        totals = (totals[0] + scores[0], totals[1] + scores[1])
        finished += 1
        if match_over(rules, totals):
            return totals, winner(totals), finished, played
        if deals is not None and finished >= deals:
            return totals, None, finished, played
        number, dealer = number + 1, 1 - dealer
        table, stock, held = _new_deal(seed, number, dealer)
        profile = profile_of(table)
        taken, scored, last = [0, 0], [0, 0], None
        seat = 1 - dealer


Tally = tuple[tuple[int, int], tuple[int, int], tuple[int, int], tuple[int, int]]
"""A finished deal's cards, card points, tablas and scores, each per seat."""


def play_out_drawn(
    rules: Rules,
    seed: int | str,
    belows: tuple[Callable[[int], int], Callable[[int], int]],
    deals: int | None,
    *,
    hands: tuple[int, int],
    table: int,
    stock: Sequence[Card],
    piles: tuple[int, int],
    tablas: tuple[int, int],
    last: int | None,
    seat: int,
    dealer: int,
    number: int,
    totals: tuple[int, int],
) -> tuple[tuple[int, int], int | None, list[Tally]]:
    """:func:`play_out` with each move's index drawn by the seat to move, ``belows[seat](n)``
    among its ``n`` legal moves (one call per move, in the order of :func:`hand_options`), and
    each finished deal's tally kept: ``(totals, winner or None, tallies)``. Two seeded random
    players' games (:func:`.state.played_out`), so a crowded table is counted and the drawn
    move unranked as :meth:`State.random_move` does (the same index, without the listing)."""
    maximal, final_tabla = rules.capture_must_be_maximal, rules.final_card_tabla
    held = [hands[0], hands[1]]
    profile = profile_of(table)
    taken = [piles[0], piles[1]]
    scored = [tablas[0], tablas[1]]
    tallies: list[Tally] = []
    if deals is not None and deals <= 0:
        return totals, None, tallies
    reach: int | None = None
    while True:
        # One turn (the hot loop: every name is local).
        if reach is None:
            reach = REACH.get(profile) or reach_of(profile)
        if table.bit_count() > UNRANK_ABOVE:
            choice = drawn_hand_option(held[seat], table, profile, reach, maximal, belows[seat])
        else:
            options = hand_options(held[seat], table, profile, reach, maximal)
            choice = options[belows[seat](len(options))]
        index, captured = choice & 63, choice >> 6
        held[seat] ^= (bit := 1 << index)
        if captured:
            table ^= captured
            profile -= profile_of(captured)
            taken[seat] |= captured | bit  # T-D12: the played card goes to the pile too
            last = seat
            reach = None
            if not table and sweep_scores(held[0] | held[1] or len(stock), final_tabla):
                scored[seat] += 1
        else:
            table |= bit
            profile += UNIT[index]
            # A trailed card x adds x to every sum (an Ace 1 or 11), as State.play keeps it.
            x = POSITION[index]
            reach = (reach | reach << x | (reach << 11 if x == 1 else 0)) & 0x7FFF
        if held[1 - seat]:
            seat = 1 - seat
            continue
        if held[seat]:
            continue
        if stock:  # the next round (T-D8)
            dealt = deal_hands(stock, dealer)
            stock = stock[12:]
            held = [held[0] | dealt[0], held[1] | dealt[1]]
            seat = 1 - dealer if held[1 - dealer] else dealer
            continue
        # The end of the deal (T-D6, T-D9, T-D7), then the next deal (T-S3: a new dealer).
        tally = deal_tally(rules, dealer, last, taken, table, scored)
        tallies.append(tally)
        scores = tally[3]
        totals = (totals[0] + scores[0], totals[1] + scores[1])
        if match_over(rules, totals):
            return totals, winner(totals), tallies
        if deals is not None and len(tallies) >= deals:
            return totals, None, tallies
        number, dealer = number + 1, 1 - dealer
        table, stock, held = _new_deal(seed, number, dealer)
        profile, reach = profile_of(table), None
        taken, scored, last = [0, 0], [0, 0], None
        seat = 1 - dealer


def deal_tally(
    rules: Rules,
    dealer: int,
    last: int | None,
    piles: Sequence[int],
    table: int,
    tablas: Sequence[int],
) -> Tally:
    """A finished deal's cards, card points, tablas and scores: the leftovers go to their
    taker (T-D6), then the piles and tablas are scored (T-S18, T-D9), as
    :meth:`State._deal_result` books them."""
    taker = leftovers_taker(rules, dealer, last)
    final = list(piles)
    if taker is not None:
        final[taker] |= table
    counts = (final[0].bit_count(), final[1].bit_count())
    points = (points_of_mask(final[0]), points_of_mask(final[1]))
    scored = (tablas[0], tablas[1])
    return counts, points, scored, breakdown(counts, points, scored)["scores"]


def deal_scores(
    rules: Rules,
    dealer: int,
    last: int | None,
    piles: Sequence[int],
    table: int,
    tablas: Sequence[int],
) -> tuple[int, int]:
    """The scores of a finished deal: the leftovers go to their taker (T-D6), then the
    piles and tablas are scored (T-S18, T-D9)."""
    taker = leftovers_taker(rules, dealer, last)
    final = list(piles)
    if taker is not None:
        final[taker] |= table
    counts = (final[0].bit_count(), final[1].bit_count())
    points = (points_of_mask(final[0]), points_of_mask(final[1]))
    return breakdown(counts, points, (tablas[0], tablas[1]))["scores"]


def _new_deal(seed: int | str, number: int, dealer: int) -> tuple[int, list[Card], list[int]]:
    """The table, the stock and the first round's hands of deal ``number`` (T-D8)."""
    deck = shuffled_deck(seed, number)
    dealt = deal_hands(deck[4:], dealer)
    return cards.mask(deck[:4]), deck[16:], [dealt[0], dealt[1]]


# -- captures --
# Captures on a table, answered by the fast search: list, count, check.
#
# These are the public capture functions of the engine (``tablic.capture_options`` …): card
# texts or cards in, card sets out, each a thin layer over the fast engine of the sections
# above, where the search itself lives (with the listing of a hand's legal moves as ints that
# :class:`State` and :func:`playout` share). They give the same captures as the plain rule
# :func:`.rules.legal_captures` (the tests compare them), through its count-vector search:
#
# * **Captures by value counts.** Whether a set of table cards splits into groups of the played
#   value depends only on how many cards of each value it holds, so the search finds every
#   capture *vector* once, however many ways it splits into groups, and a vector is then
#   expanded into card sets by choosing which cards of each value. This is exact and
#   output-sensitive: :func:`count_captures` multiplies binomials per vector, so the 104,575
#   captures of a 10 on a 20-card low table are counted, and :func:`maximal_captures` listed, in
#   milliseconds, without listing every capture.
# * **A played Ace is 11** (T-D3): with one value for the whole capture, every capture at 1
#   (single table Aces) is also a capture at 11, so the engine only searches at 11.


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


_KINGS = cards.mask(c for c in DECK if c.rank == 13)
_ANCHOR = tuple((-max(_VALUE[c.index]) if c.rank != 14 else 0, -c.index) for c in DECK)
"""Each card's place in a split (:func:`.rules.capture_groups`' order): the highest value
first, an Ace last (as 1 it is the smallest), then the higher index first."""
_GROUPS: dict[tuple[int, int], tuple[int, ...] | None] = {}


def group_masks(v: int, bits: int) -> tuple[int, ...] | None:
    """The groups of value ``v`` (each a mask) that the table cards ``bits`` split into, the
    split :func:`.rules.capture_groups` finds (the same backtracking, on ints), or None if
    they do not split. The King rule (T-D4) is the caller's.

    >>> [cards.format_cards(cards.from_mask(m)) for m in group_masks(8, cards.mask(
    ...     cards.parse_many("3♠ 5♥ 2♦ 6♣")))]
    ['2♦ 6♣', '3♠ 5♥']
    """
    key = (v, bits)
    if key in _GROUPS:
        return _GROUPS[key]
    order = tuple(sorted((c.index for c in cards.from_mask(bits)), key=_ANCHOR.__getitem__))
    found = _split(v, order)
    if len(_GROUPS) > _CACHE_LIMIT:
        _GROUPS.clear()
    _GROUPS[key] = found
    return found


def _adds_up_to(v: int, group: tuple[int, ...]) -> bool:
    # T-D2 as :func:`.rules.adds_up_to`: each table Ace 1 or 11, so the Aces add their count
    # plus 10 for each Ace counted as 11.
    aces = sum(1 for i in group if DECK[i].rank == 14)
    rest = v - aces - sum(_VALUE[i][0] for i in group if DECK[i].rank != 14)
    return rest >= 0 and rest % 10 == 0 and rest // 10 <= aces


def _split(v: int, order: tuple[int, ...]) -> tuple[int, ...] | None:
    # The reference's backtracking, card for card: the first card's group (fewest others
    # first, in combination order), then the rest; the first split found is the answer.
    if not order:
        return ()
    first, rest = order[0], order[1:]
    for size in range(len(rest) + 1):
        for others in itertools.combinations(rest, size):
            group = (first, *others)
            if _adds_up_to(v, group):
                tail = _split(v, tuple(i for i in rest if i not in others))
                if tail is not None:
                    return (sum(1 << i for i in group), *tail)
    return None


def capture_groups(
    card: CardLike, captured: Iterable[CardLike] | str
) -> tuple[frozenset[Card], ...]:
    """One way to split a legal capture into its groups (each adds up to the played value),
    exactly :func:`.rules.capture_groups`' (the tests compare them), its splits cached.

    The widget colours the groups; the order is deterministic (the group holding the highest
    card first). Raises :class:`IllegalMove` if ``captured`` is not a legal capture: the
    refusal is the plain rule's, with its reason.

    >>> [cards.format_cards(sorted(g)) for g in capture_groups("8♦", "3♠ 5♥ 2♦ 6♣")]
    ['2♦ 6♣', '3♠ 5♥']
    >>> [cards.format_cards(sorted(g)) for g in capture_groups("A♦", "A♣ A♠ 10♥")]
    ['10♥ A♣', 'A♠']
    """
    played = card if type(card) is Card else cards.to_card(card)
    bits = _card_bits(captured)
    v = PLAYED[played.index]
    if bits and not bits >> played.index & 1 and (v != 14 or (bits & _KINGS).bit_count() <= 1):
        found = group_masks(v, bits)
        if found is not None:
            return tuple(frozenset(cards.from_mask(m)) for m in found)
    return _plain_groups(played, captured)  # not a capture: the plain rule says why


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
