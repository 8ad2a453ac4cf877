"""The fast capture search: every legal capture of a played value on a table profile.

The legal capture vectors are the sums of group types that fit into the table's counts
(T-D1, T-D2): a "group type" is a count vector whose cards add up to the played value v, and
the search goes breadth-first from the empty capture, adding one group type at a time. It runs
on the "slack" (table counts minus capture counts) with a guard bit per 4-bit field:
subtracting a group type clears a guard bit exactly when the type does not fit, so each step
is two integer operations, and each capture vector is visited once however many ways it
splits into groups. A vector stands for all card sets that choose that many cards of each
value (expanded by :mod:`.capture_plans` only when listing captures).

The group types that fit a table are found by testing all of them at once in 64-bit lanes of
one int. Plans are cached per (played value, table profile), and a miss first looks in a
second cache keyed by the counts of only the values some fitting group type uses. The plain
statement of the same rules is :func:`.rules.legal_captures`; the tests compare the two.

>>> from cardwidgets import cards
>>> from cardwidgets.games.tablic.profiles import _profile
>>> table = _profile(cards.mask(cards.parse_many("3♠ 5♥ 2♦ 6♣")))
>>> _search(8, table).count(), _search(8, table).count(maximal=True)
(3, 1)
"""

from __future__ import annotations

from collections.abc import Sequence
from math import comb

from cardwidgets.games.tablic.capture_plans import _Plan, _plan
from cardwidgets.games.tablic.profiles import (
    _BITS,
    _CACHE_LIMIT,
    _FIELD,
    _GUARD,
    _REACH,
    _UP_TO,
    _fields,
    _size,
)


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
    >>> from cardwidgets.games.tablic.profiles import _profile
    >>> splits(8, _profile(cards.mask(cards.parse_many("3♠ 5♥ 2♦ 6♣")))), splits(8, 1 << 12)
    (True, False)
    """
    if profile & ~_UP_TO[v] or not profile:
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
_PLANS: tuple[tuple[dict[int, tuple[_Plan, ...]], ...], ...] = tuple(
    tuple({} for _ in range(15)) for _ in (False, True)
)
"""The hot-path cache: _PLANS[maximal][v][profile] -> expansion plans. It holds only tuples of
ints, which the garbage collector stops tracking, so a big cache does not slow every full
collection down (caching the search objects themselves did, by half)."""
_CORES: tuple[tuple[dict[int, tuple[_Plan, ...]], ...], ...] = tuple(
    tuple({} for _ in range(15)) for _ in (False, True)
)
"""The second-level cache of :func:`_new_plans`: the same plans, keyed by the counts of only
the values that some fitting group type uses."""


def _search(v: int, profile: int) -> _Search:
    """The search for value v on a table profile (a small cache, for checks and counting)."""
    profile &= _UP_TO[v]
    cache = _SEARCHES[v]
    found = cache.get(profile)
    if found is None:
        if len(cache) >= _SEARCH_LIMIT:
            cache.clear()
        found = cache[profile] = _Search(v, profile)
    return found


def _plans(v: int, profile: int, maximal: bool) -> tuple[_Plan, ...]:
    """The (cached) expansion plans of the legal captures for value v on a table profile."""
    profile &= _UP_TO[v]
    cache = _PLANS[maximal][v]
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


def clear_caches() -> None:
    """Empty the capture-search caches (for benchmarks that time a cold start)."""
    for searches in _SEARCHES:
        searches.clear()
    for plans in (*_PLANS[0], *_PLANS[1], *_CORES[0], *_CORES[1]):
        plans.clear()
    _REACH.clear()
