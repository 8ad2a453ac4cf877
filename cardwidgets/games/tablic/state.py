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

Design and trade-offs:

* **Captures by value counts.** Whether a set of table cards splits into groups of the played
  value depends only on how many cards of each value it holds. The search therefore works on
  count vectors packed into one int (4 bits per value): it lists the group types that fit the
  table (T-D2: each table Ace 1 or 11) and finds every sum of group types within the table's
  counts by a breadth-first search, visiting each capture vector once however many ways it
  splits into groups. A vector is then expanded into card sets by choosing which cards of each
  value. This is exact, merges different decompositions of one card set for free, and is
  output-sensitive: :func:`count_captures` multiplies binomials per vector, so the 104,575
  captures of a 10 on a 20-card low table are counted, and :func:`maximal_captures` listed, in
  milliseconds, without listing every capture. The price is generality: a brute-force subset
  search would be simpler to read; the tests compare both.
* **A played Ace is 11** (T-D3): with one value for the whole capture, every capture at 1 (single
  table Aces) is also a capture at 11, so the engine only searches at 11.
* **Hot path.** Cards in hands, on the table and in piles are bitmasks. Capture plans are
  cached per (played value, table counts), and a miss first looks in a second cache keyed by
  the counts of only the values some fitting group type uses (tables that differ in cards no
  group can use share their captures); the group types that fit are found by testing all of
  them at once in 64-bit lanes of one int. The caches hold plain int tuples, which the garbage
  collector stops tracking (caching search or move objects slowed every collection down). A
  state keeps its legal moves as ints (``captured mask << 6 | card index``), so :meth:`State.play`
  accepts a listed move by an int comparison; listed moves build their ``captured`` frozenset
  on first use; the table's arrival order is worked out from the parents only when asked;
  :func:`playout` runs random games on plain ints. A state is a value: :meth:`State.play`
  returns a new state.
* **One State is the whole match** (T-S2, T-D7): when a deal ends, its score is added and the next
  deal is shuffled from the match seed and the deal number, with the dealer alternating (T-S3).
"""

from __future__ import annotations

import dataclasses
import itertools
import sys
from collections.abc import Iterable, Iterator, Mapping, Sequence
from math import comb
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple

from cardwidgets import cards, core, i18n
from cardwidgets.cards import DECK, Card, CardLike
from cardwidgets.core import IllegalMove, Outcome

__all__ = [
    "DealResult",
    "Move",
    "Playout",
    "PositionError",
    "Rules",
    "State",
    "capture_groups",
    "capture_options",
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
    "played_value",
    "playout",
    "score_deal",
]

i18n.register(
    {
        "tablic.player": {"en": "Player {n}", "de": "Spieler {n}"},
        "tablic.move.trail": {
            "en": "{card} is laid on the table",
            "de": "{card} wird auf den Tisch gelegt",
        },
        "tablic.move.capture": {
            "en": "{card} captures {captured}",
            "de": "{card} nimmt {captured}",
        },
        "tablic.say.trail": {
            "en": "{player} lays {card} on the table.",
            "de": "{player} legt {card} auf den Tisch.",
        },
        "tablic.say.capture": {
            "en": "{player} plays {card} and captures {captured}.",
            "de": "{player} spielt {card} und nimmt {captured}.",
        },
        "tablic.say.tabla": {
            "en": "Tabla: the table is cleared (+1 point).",
            "de": "Tabla: der Tisch ist abgeräumt (+1 Punkt).",
        },
        "tablic.say.leftovers": {
            "en": "{player} takes the cards left on the table: {cards}.",
            "de": "{player} bekommt die übrigen Tischkarten: {cards}.",
        },
        "tablic.say.leftovers_nobody": {
            "en": "Nobody captured in this deal; the cards left on the table ({cards}) count for "
            "nobody.",
            "de": "In diesem Spiel hat niemand gestochen; die übrigen Tischkarten ({cards}) "
            "zählen für niemanden.",
        },
        "tablic.say.deal_end": {
            "en": "Deal {deal} is over: {player0} scores {score0}, {player1} scores {score1}.",
            "de": "Spiel {deal} ist vorbei: {player0} erhält {score0}, {player1} erhält {score1}.",
        },
        "tablic.say.match_end": {
            "en": "{player} wins the match {high} to {low}.",
            "de": "{player} gewinnt die Partie mit {high} zu {low}.",
        },
        "tablic.not_in_hand": {
            "en": "{card} is not in your hand",
            "de": "{card} ist nicht in deiner Hand",
        },
        "tablic.not_on_table": {
            "en": "not on the table: {cards}",
            "de": "nicht auf dem Tisch: {cards}",
        },
        "tablic.not_a_capture": {
            "en": "{card} cannot capture {captured}: these cards do not split into groups that "
            "each add up to {value} (Aces on the table count 1 or 11)",
            "de": "{card} kann {captured} nicht nehmen: diese Karten lassen sich nicht in Gruppen "
            "aufteilen, die jeweils {value} ergeben (Asse auf dem Tisch zählen 1 oder 11)",
        },
        "tablic.king_rule": {
            "en": "a King captures at most one King from the table, not {kings}",
            "de": "ein König nimmt höchstens einen König vom Tisch, nicht {kings}",
        },
        "tablic.not_maximal": {
            "en": "with these rules a capture may not leave out cards that a bigger capture "
            "could take: {card} can take {bigger}",
            "de": "nach diesen Regeln darf ein Stich keine Karten liegen lassen, die ein "
            "größerer Stich nehmen könnte: {card} kann {bigger} nehmen",
        },
        "tablic.bad_text": {
            "en": "'{text}' is not a Tablić move: write a card such as 8♦ to lay it on the "
            "table, or a capture such as 8♦ x 3♠ 5♥",
            "de": "'{text}' ist kein Tablić-Zug: schreibe eine Karte wie 8♦, um sie auf den Tisch "
            "zu legen, oder einen Stich wie 8♦ x 3♠ 5♥",
        },
        "tablic.played_on_table": {
            "en": "{card} is on the table, so it cannot be played from a hand",
            "de": "{card} liegt auf dem Tisch und kann nicht aus der Hand gespielt werden",
        },
        "tablic.position.duplicate": {
            "en": "{card} appears twice in the position",
            "de": "{card} kommt in der Stellung zweimal vor",
        },
        "tablic.position.no_cards": {
            "en": "{player} is to move but holds no cards",
            "de": "{player} ist am Zug, hat aber keine Karten",
        },
        "tablic.position.bad": {
            "en": "'{field}' must be {expected}, not {value}",
            "de": "'{field}' muss {expected} sein, nicht {value}",
        },
        "tablic.position.missing": {
            "en": "the record's start has no field '{field}'",
            "de": "dem Anfang des Protokolls fehlt das Feld '{field}'",
        },
        "tablic.expect.object": {"en": "an object (a dict)", "de": "ein Objekt (ein dict)"},
        "tablic.expect.cards": {"en": "a list of cards", "de": "eine Kartenliste"},
        "tablic.expect.card_lists": {"en": "two lists of cards", "de": "zwei Kartenlisten"},
        "tablic.expect.seat": {"en": "0 or 1", "de": "0 oder 1"},
        "tablic.expect.at_least": {
            "en": "a whole number of at least {least}",
            "de": "eine ganze Zahl von mindestens {least}",
        },
        "tablic.expect.numbers": {
            "en": "two whole numbers of at least 0",
            "de": "zwei ganze Zahlen von mindestens 0",
        },
        "tablic.position.unknown": {
            "en": "the position has no field '{field}'; the fields are: {fields}",
            "de": "die Stellung hat kein Feld '{field}'; die Felder sind: {fields}",
        },
    }
)


class PositionError(i18n.TranslatedError):
    """A position that :meth:`State.from_position` cannot set up; the message says why."""


# -- rules -----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Rules(core.Rules):
    """Tablić rule variants; the defaults are the seed rules (docs/rules/tablic.md).

    >>> Rules()  # doctest: +NORMALIZE_WHITESPACE
    Rules(capture_must_be_maximal=False, final_card_tabla=False,
          leftovers_to='last_capturer', target=101)
    >>> Rules(leftovers_to="nobody")
    Traceback (most recent call last):
    ...
    cardwidgets.core.RuleError: rule 'leftovers_to' must be one of 'last_capturer', 'dealer', ...
    """

    capture_must_be_maximal: bool = False
    """T-D1 variant: only maximal captures are legal, those that no other legal capture
    contains (T-D1a)."""
    final_card_tabla: bool = False
    """T-D5 variant: the last card of a deal may score a tabla (S2's literal reading)."""
    leftovers_to: str = "last_capturer"
    """T-D6: who takes the cards left on the table at the end of a deal."""
    target: int = 101
    """T-D7: a match ends after the first deal at which a total reaches this and totals differ."""

    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {
        "leftovers_to": ("last_capturer", "dealer"),
    }


DEFAULT_RULES = Rules()

# -- values and points -------------------------------------------------------------------------

_VALUE = tuple(
    (1, 11) if c.rank == 14 else ((c.rank + 1,) if c.rank >= 11 else (int(c.rank),)) for c in DECK
)
"""Play values by card index (T-S19): J 12, Q 13, K 14, A 1 or 11."""
_PLAYED = tuple(v[-1] for v in _VALUE)
_POINTS = tuple(2 if c.text == "10♦" else 1 if c.rank >= 10 or c.text == "2♣" else 0 for c in DECK)
"""Card points by card index (T-S20)."""
_POINT_MASK = cards.mask(c for c in DECK if _POINTS[c.index])
_TEN_DIAMONDS_BIT = cards.parse("10♦").bit


def card_values(card: CardLike) -> tuple[int, ...]:
    """The values a card can take on the table (T-S19, T-D2): an Ace is 1 or 11.

    >>> card_values("A♣"), card_values("J♥"), card_values("K♠"), card_values("7♦")
    ((1, 11), (12,), (14,), (7,))
    """
    return _VALUE[cards.to_card(card).index]


def played_value(card: CardLike) -> int:
    """The value a played card captures with; a played Ace is 11 (every capture at 1 is also
    one at 11, T-D3).

    >>> played_value("A♦"), played_value("Q♠")
    (11, 13)
    """
    return _PLAYED[cards.to_card(card).index]


def card_points(card: CardLike) -> int:
    """Points of a card at the end of a deal (T-S20): 10♦ 2; A, K, Q, J, other 10s and 2♣ 1.

    >>> [card_points(c) for c in ("10♦", "10♠", "A♥", "J♣", "2♣", "2♦", "9♠")]
    [2, 1, 1, 1, 1, 0, 0]
    """
    return _POINTS[cards.to_card(card).index]


def _points_of_mask(bits: int) -> int:
    bits &= _POINT_MASK
    return bits.bit_count() + (1 if bits & _TEN_DIAMONDS_BIT else 0)


def deal_breakdown(
    pile0: Iterable[CardLike], pile1: Iterable[CardLike], tablas: Sequence[int] = (0, 0)
) -> dict[str, tuple[int, int]]:
    """How a deal scores (T-S18, T-D9): cards, card points, the 3 for strictly more cards, tablas.

    >>> deal_breakdown("10♦ A♠ 3♥", "K♣ 2♣", tablas=(0, 1))
    {'cards': (3, 2), 'points': (3, 2), 'most_cards': (3, 0), 'tablas': (0, 1), 'scores': (6, 3)}
    """
    piles = [
        cards.to_cards(p) if isinstance(p, str) else tuple(map(cards.to_card, p))
        for p in (pile0, pile1)
    ]
    counts = (len(piles[0]), len(piles[1]))
    points = (sum(map(card_points, piles[0])), sum(map(card_points, piles[1])))
    return _breakdown(counts, points, (int(tablas[0]), int(tablas[1])))


def _breakdown(
    counts: tuple[int, int], points: tuple[int, int], tablas: tuple[int, int]
) -> dict[str, tuple[int, int]]:
    most = (3 if counts[0] > counts[1] else 0, 3 if counts[1] > counts[0] else 0)
    scores = (points[0] + most[0] + tablas[0], points[1] + most[1] + tablas[1])
    return {
        "cards": counts,
        "points": points,
        "most_cards": most,
        "tablas": tablas,
        "scores": scores,
    }


def score_deal(
    pile0: Iterable[CardLike], pile1: Iterable[CardLike], tablas: Sequence[int] = (0, 0)
) -> tuple[int, int]:
    """Each player's score for a deal: card points, +3 for strictly more cards, plus tablas.

    The card points of a full deal add up to 22, not 25: at 26–26 nobody gets the 3 (T-D9).

    >>> score_deal(cards.DECK[:27], cards.DECK[27:])
    (4, 21)
    >>> score_deal(cards.DECK[:26], cards.DECK[26:], tablas=(2, 0))
    (3, 21)
    """
    return deal_breakdown(pile0, pile1, tablas)["scores"]


# -- capture search ----------------------------------------------------------------------------
#
# Whether table cards split into groups of the played value v depends only on how many cards of
# each value they hold. A table is therefore reduced to a "profile": its count per value packed
# into one int, 4 bits per value, Aces at value 1 (each table Ace counts 1 or 11, T-D2). A "group
# type" is a count vector whose cards add up to v. The legal capture vectors are the sums of
# group types that fit into the table's counts: a breadth-first search from the empty capture,
# adding one group type at a time. It runs on the "slack" (table counts minus capture counts)
# with a guard bit per 4-bit field: subtracting a group type clears a guard bit exactly when the
# type does not fit, so each step is two integer operations, and each capture vector is visited
# once however many ways it splits into groups. A vector stands for all card sets that choose
# that many cards of each value (expanded only when listing captures).

_BITS = 4
_FIELD = (1 << _BITS) - 1
_POSITION = tuple(1 if c.rank == 14 else _VALUE[c.index][0] for c in DECK)
"""A card's field in a profile: its value, 1 for an Ace."""
_UNIT = tuple(1 << (_BITS * p) for p in _POSITION)
_FIELD_MASK = tuple(sum(1 << c.index for c in DECK if _POSITION[c.index] == x) for x in range(15))
"""_FIELD_MASK[x]: every card of the deck in profile field x, so ``table & _FIELD_MASK[x]`` is
the table's cards of value x (Aces at 1)."""
_UP_TO = tuple((1 << (_BITS * (v + 1))) - 1 for v in range(15))
"""_UP_TO[v] keeps the fields of values 0..v of a profile (the cards that can be in a group)."""
_GUARD = tuple(sum(8 << (_BITS * x) for x in range(1, v + 1)) for v in range(15))


def _profile(bits: int) -> int:
    """The packed count per value of a card set."""
    packed = 0
    while bits:
        low = bits & -bits
        bits ^= low
        packed += _UNIT[low.bit_length() - 1]
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


_CACHE_LIMIT = 1 << 16
_REACH: dict[int, int] = {}


def _reach(profile: int) -> int:
    """Bit s is set when some table cards add up to s (s <= 14): a quick "no capture" test."""
    found = _REACH.get(profile)
    if found is None:
        found = 1
        fields = (profile | profile >> 1 | profile >> 2) & _ONES  # the non-zero fields
        while fields:
            low = fields & -fields
            fields ^= low
            x = low.bit_length() >> 2
            for _ in range((profile >> (_BITS * x)) & _FIELD):
                found = (found | found << x | (found << 11 if x == 1 else 0)) & 0x7FFF
        if len(_REACH) >= _CACHE_LIMIT:
            _REACH.clear()
        _REACH[profile] = found
    return found


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


_Partial = tuple[int, tuple[tuple[int, int], ...]]
_Plan = int | _Partial
"""How to expand a capture vector into card sets on a table. An int is a card mask: the
vector takes every table card of some values, so the capture is ``table & plan`` (one AND).
Otherwise ``(whole, some)``: ``table & whole`` plus, for each ``(shift, n)`` in ``some``,
``n`` of the table's cards of the value whose four cards are the nibble at bit ``shift``."""

_SHIFT = tuple((mask.bit_length() - 4) if mask else 0 for mask in _FIELD_MASK)
"""_SHIFT[x]: the lowest card index of profile field x (its four cards are one nibble)."""


_ONES = sum(1 << (_BITS * x) for x in range(15))
"""Bit 0 of every field of a profile."""
_TWO_TO_TEN = sum(1 << (_BITS * x) for x in range(2, 11))
_JACK_TO_KING = sum(1 << (_BITS * x) for x in range(12, 15))
_ACE_FIELD = 1 << _BITS


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


def _bits_of(bits: int) -> list[int]:
    found = []
    while bits:
        low = bits & -bits
        bits ^= low
        found.append(low)
    return found


_COMBOS = tuple(
    tuple(
        tuple(sum(combo) for combo in itertools.combinations(_bits_of(nibble), n)) for n in range(5)
    )
    for nibble in range(16)
)
"""_COMBOS[nibble][n]: the n-card subsets of a value's cards on the table (a 4-bit nibble),
in :func:`itertools.combinations` order."""


def _capture_masks_iter(v: int, table_bits: int, maximal: bool) -> Iterator[int]:
    for plan in _plans(v, _profile(table_bits), maximal):
        yield from _expand(plan, table_bits)


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


def _table_bits(card: Card, table: Iterable[CardLike] | str) -> int:
    bits = cards.mask(cards.to_cards(table))
    if bits >> card.index & 1:
        raise IllegalMove("tablic.played_on_table", card=card)
    return bits


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


def capture_groups(
    card: CardLike, captured: Iterable[CardLike] | str
) -> tuple[frozenset[Card], ...]:
    """One way to split a legal capture into its groups (each adds up to the played value).

    The widget colours the groups; the order is deterministic (the group holding the highest
    card first). Raises :class:`IllegalMove` if ``captured`` is not a legal capture.

    >>> [cards.format_cards(sorted(g)) for g in capture_groups("8♦", "3♠ 5♥ 2♦ 6♣")]
    ['2♦ 6♣', '3♠ 5♥']
    >>> [cards.format_cards(sorted(g)) for g in capture_groups("A♦", "A♣ A♠ 10♥")]
    ['10♥ A♣', 'A♠']
    """
    played = cards.to_card(card)
    taken = cards.from_mask(_table_bits(played, captured))  # sorted; refuses the played card
    v = _PLAYED[played.index]
    groups = _split(v, taken)
    if groups is None or not taken:
        raise IllegalMove(
            "tablic.not_a_capture", card=played, captured=cards.format_cards(taken), value=v
        )
    if v == 14 and sum(1 for c in taken if c.rank == 13) > 1:
        raise IllegalMove(
            "tablic.king_rule", kings=cards.format_cards(c for c in taken if c.rank == 13)
        )
    return groups


def _split(v: int, taken: tuple[Card, ...]) -> tuple[frozenset[Card], ...] | None:
    """Backtracking partition into groups of sum v; the highest card anchors each group."""
    if not taken:
        return ()
    order = sorted(
        taken, key=lambda c: (max(_VALUE[c.index]) if c.rank != 14 else 0, c.index), reverse=True
    )
    first, rest = order[0], order[1:]
    for size in range(len(rest) + 1):
        for others in itertools.combinations(rest, size):
            group = (first, *others)
            if _can_sum(v, group):
                remaining = tuple(c for c in rest if c not in others)
                tail = _split(v, remaining)
                if tail is not None:
                    return (frozenset(group), *tail)
    return None


def _can_sum(v: int, group: Sequence[Card]) -> bool:
    sums = {0}
    for c in group:
        sums = {s + x for s in sums for x in _VALUE[c.index] if s + x <= v}
    return v in sums


# -- moves -------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True, slots=True)
class Move(core.Move):
    """Play ``card``; take ``captured`` (table cards), or trail when ``captured`` is empty.

    >>> m = Move.parse("8D x 3S 5H")
    >>> m, str(m), m.is_trail
    (Move('8♦ x 3♠ 5♥'), '8♦ x 3♠ 5♥', False)
    >>> Move.parse("trail 8♦") == Move.parse("8♦") == Move(cards.parse("8♦"))
    True
    >>> Move("8D", "3S 5H") == m
    True
    >>> m.describe("de")
    '8♦ nimmt 3♠ 5♥'
    """

    card: Card
    captured: frozenset[Card] = frozenset()
    mask: int = dataclasses.field(default=0, init=False, repr=False, compare=False)
    """The captured cards as a bitmask."""

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or not isinstance(self.captured, frozenset):
            # Accept text too: Move("8♦", "3♠ 5♥") or Move("8D", ["3S", "5H"]).
            captured = self.captured
            taken = cards.to_cards(captured)  # text or cards; anything else: CardError
            object.__setattr__(self, "card", cards.to_card(self.card))
            object.__setattr__(self, "captured", frozenset(taken))
        object.__setattr__(self, "mask", cards.mask(self.captured))

    if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any attribute

        def __getattr__(self, name):
            # Moves made by legal_moves() set only card and mask (see _new_move): the frozenset
            # is built on first use, as most listed moves are never looked at.
            if name == "captured":
                captured = frozenset(cards.from_mask(self.mask))
                object.__setattr__(self, "captured", captured)
                return captured
            raise AttributeError(f"'Move' object has no attribute '{name}'")

    @property
    def is_trail(self) -> bool:
        """Whether the card is laid on the table without capturing."""
        return not self.mask

    def __str__(self) -> str:
        if not self.mask:
            return self.card.text
        return f"{self.card.text} x {cards.format_cards(cards.from_mask(self.mask))}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``8♦ x 3♠ 5♥`` (a capture), ``8♦`` or ``trail 8♦`` (a trail); ASCII accepted."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise core.not_a_move(text)
        words = text.replace("+", " ").replace(",", " ").split()
        if words and words[0].lower() in ("trail", "lay"):
            words = words[1:]
        try:
            split = [i for i, w in enumerate(words) if w.lower() in ("x", "×", "takes")]
            if len(split) > 1 or not words:
                raise ValueError(text)
            if split:
                head, tail = words[: split[0]], words[split[0] + 1 :]
                if len(head) != 1 or not tail:
                    raise ValueError(text)
                played = cards.parse(head[0])
                taken = cards.to_cards(" ".join(tail))
            else:
                if len(words) != 1:
                    raise ValueError(text)
                played, taken = cards.parse(words[0]), ()
        except ValueError as err:
            raise IllegalMove("tablic.bad_text", text=text) from err
        if played in taken:
            raise IllegalMove("tablic.played_on_table", card=played)
        return _move(played, cards.mask(taken))

    def describe(self, locale: str | None = None) -> str:
        """The move in words, without the player: ``8♦ captures 3♠ 5♥``."""
        if not self.mask:
            return i18n.text("tablic.move.trail", locale, card=self.card)
        taken = cards.format_cards(cards.from_mask(self.mask))
        return i18n.text("tablic.move.capture", locale, card=self.card, captured=taken)


_SET_CARD = Move.__dict__["card"].__set__
_SET_MASK = Move.__dict__["mask"].__set__


def _new_move(key: int) -> Move:
    """The move of a key ``captured mask << 6 | card index``, made without the checks of
    ``__init__`` (the fields are known to be right) and with ``captured`` left to be built on
    first use. Not interned: a cache of moves would be objects the garbage collector visits on
    every full collection, which costs more than making a move."""
    if key < 64:
        return _TRAILS[key]
    move = object.__new__(Move)
    _SET_CARD(move, DECK[key & 63])
    _SET_MASK(move, key >> 6)
    return move


def _move(card: Card, captured_bits: int) -> Move:
    """The move playing ``card`` and taking the cards of ``captured_bits``."""
    return _new_move(captured_bits << 6 | card.index)


_TRAILS = tuple(Move(card) for card in DECK)


# -- results -----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class DealResult:
    """The score of one finished deal (T-S18, T-D6, T-D9)."""

    deal: int
    dealer: int
    cards: tuple[int, int]
    points: tuple[int, int]
    most_cards: tuple[int, int]
    tablas: tuple[int, int]
    scores: tuple[int, int]
    totals: tuple[int, int]
    """Running totals after this deal."""
    leftovers: tuple[Card, ...]
    leftovers_to: int | None
    piles: tuple[int, int]
    """The final piles (leftovers included) as bitmasks."""

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form (cards as text; the piles as their sizes)."""
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "cards": list(self.cards),
            "points": list(self.points),
            "most_cards": list(self.most_cards),
            "tablas": list(self.tablas),
            "scores": list(self.scores),
            "totals": list(self.totals),
            "leftovers": [c.text for c in self.leftovers],
            "leftovers_to": self.leftovers_to,
        }


# -- state -------------------------------------------------------------------------------------

_DEAL_LABEL = "tablic-deal"


_MASK64 = (1 << 64) - 1
_LIMIT = tuple(0 if n == 0 else (1 << 64) - (1 << 64) % n for n in range(len(DECK) + 1))


def _deck(seed: int | str, deal_number: int) -> list[Card]:
    """The shuffled deck of a deal, fixed by the match seed and the deal number:
    ``cards.Rng(seed).derive(_DEAL_LABEL, deal_number).shuffle(DECK)`` (a test checks they
    agree), computed faster, as every deal makes one (see :func:`_shuffled`)."""
    return _shuffled(cards.Rng(seed).derive(_DEAL_LABEL, deal_number)._state)


_GOLDEN = 0x9E3779B97F4A7C15
_LITTLE_ENDIAN = sys.byteorder == "little"
_DRAWS = len(DECK) - 1
_LANE_ONES = sum(1 << (128 * k) for k in range(_DRAWS))
_LANE_LOW = _LANE_ONES * _MASK64
_LANE_STEPS = sum(((k + 1) * _GOLDEN) << (128 * k) for k in range(_DRAWS))


def _shuffled(state: int) -> list[Card]:
    """:meth:`cards.Rng.shuffle` of the deck by the SplitMix64 generator in ``state``.

    Unless a draw is rejected (``Rng.below`` rejects an output with probability below 2**-58),
    the generator's states are ``state + k * golden``: all 51 outputs are mixed at once in
    128-bit lanes of one int (a lane's 64-bit product never reaches the next lane), then read
    out as bytes. On a rejection the draws shift, and the plain loop takes over."""
    if not _LITTLE_ENDIAN:
        return _shuffled_one_by_one(state)  # the read-out below assumes little-endian words
    lanes = (state * _LANE_ONES + _LANE_STEPS) & _LANE_LOW
    lanes = ((lanes ^ (lanes >> 30)) & _LANE_LOW) * 0xBF58476D1CE4E5B9 & _LANE_LOW
    lanes = ((lanes ^ (lanes >> 27)) & _LANE_LOW) * 0x94D049BB133111EB & _LANE_LOW
    lanes = (lanes ^ (lanes >> 31)) & _LANE_LOW
    draws = memoryview(lanes.to_bytes(16 * _DRAWS, "little")).cast("Q")[::2]
    deck = list(DECK)
    limits = _LIMIT
    i = _DRAWS
    for z in draws:
        n = i + 1
        if z >= limits[n]:
            return _shuffled_one_by_one(state)
        j = z % n
        deck[i], deck[j] = deck[j], deck[i]
        i -= 1
    return deck


def _shuffled_one_by_one(state: int) -> list[Card]:
    """:func:`_shuffled` draw by draw, as :class:`cards.Rng` does, rejections included."""
    deck = list(DECK)
    mask = _MASK64
    limits = _LIMIT
    for i in range(len(deck) - 1, 0, -1):
        n = i + 1
        while True:  # Rng.below(n): rejection sampling, as in cards.Rng
            state = (state + _GOLDEN) & mask
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & mask
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
            z ^= z >> 31
            if z < limits[n]:
                break
        j = z % n
        deck[i], deck[j] = deck[j], deck[i]
    return deck


def _player(seat: int, locale: str | None) -> str:
    return i18n.text("tablic.player", locale, n=seat + 1)


_new_object = object.__new__


class State(core.GameState[Move]):
    """A position in a Tablić match (all deals until someone reaches the target, T-D7).

    Full-information attributes: :attr:`table` (arrival order), :attr:`hands`, :attr:`piles`,
    :attr:`tablas` (this deal), :attr:`totals` (finished deals), :attr:`dealer`,
    :attr:`stock` (top first), :attr:`deal_number`, :attr:`last_capturer`. What a player may
    see is :meth:`view`.
    """

    game: ClassVar[str] = "tablic"

    # Slots: play() makes one object per move and copies these fields one by one. The rarely
    # set _start, _outcome and _last_tabla live in the instance dict (from the base class),
    # with class-level defaults, so most states never make one.
    __slots__ = (
        "_bottom",
        "_hand0",
        "_hand1",
        "_keys",
        "_last_seat",
        "_pile0",
        "_pile1",
        "_profile",
        "_reach",
        "_stock",
        "_table",
        "_table_bits",
        "_to_move",
        "deal_number",
        "deal_results",
        "dealer",
        "last_capturer",
        "last_move",
        "parent",
        "rules",
        "seed",
        "tablas",
        "totals",
    )

    rules: Rules
    parent: State | None
    last_move: Move | None
    seed: int | str
    dealer: int
    deal_number: int
    tablas: tuple[int, int]
    totals: tuple[int, int]
    last_capturer: int | None
    deal_results: tuple[DealResult, ...]
    """Every finished deal of the match, oldest first."""

    _to_move: int | None
    _hand0: int
    _hand1: int
    _table: tuple[Card, ...] | None
    """The table in arrival order; None until asked for (see :meth:`_table_cards`)."""
    _table_bits: int
    _profile: int
    """The table's packed count per value (see the capture search)."""
    _reach: int | None
    """:func:`_reach` of the table once known: play() works it out after a trail."""
    _stock: tuple[Card, ...]
    _pile0: int
    _pile1: int
    _bottom: Card | None
    _last_seat: int | None
    _keys: list[int] | None
    """The legal moves as ints (captured mask << 6 | card index), once listed."""
    _start: dict[str, Any] | None = None
    _outcome: Outcome | None = None
    _last_tabla: bool = False

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def _blank(cls, rules: Rules, seed: int | str) -> State:
        state = object.__new__(cls)
        state.rules = rules
        state.seed = seed
        state.parent = None
        state.last_move = None
        state.deal_results = ()
        state._last_seat = None
        state._keys = None
        state._reach = None
        return state

    def _begin_deal(self, deal_number: int, dealer: int) -> None:
        deck = _deck(self.seed, deal_number)
        self.deal_number = deal_number
        self.dealer = dealer
        table = self._table = tuple(deck[:4])  # T-D8: the first 4 cards; the stock the other 48
        self._table_bits = cards.mask(table)
        self._profile = _profile(self._table_bits)
        self._reach = None
        self._stock = tuple(deck[4:])
        self._bottom = self._stock[-1]
        self._hand0 = self._hand1 = 0
        self._pile0 = self._pile1 = 0
        self.tablas = (0, 0)
        self.last_capturer = None
        self._deal_round()

    def _deal_round(self) -> None:
        """T-D8: Elder gets stock[0:3] and [6:9], the dealer [3:6] and [9:12]; Elder leads."""
        dealt = _deal_round(self._stock, self.dealer)
        self._stock = self._stock[12:]
        self._hand0 |= dealt[0]
        self._hand1 |= dealt[1]
        elder = 1 - self.dealer
        self._to_move = elder if (self._hand1 if elder else self._hand0) else self.dealer

    @property
    def _hands(self) -> tuple[int, int]:
        return (self._hand0, self._hand1)

    @property
    def _piles(self) -> tuple[int, int]:
        return (self._pile0, self._pile1)

    def _table_cards(self) -> tuple[Card, ...]:
        """The table in arrival order. play() leaves it to be worked out on first use
        (self-play never asks): a table card stays until captured and never comes back, so
        the table is the cards still there of the last known table, in order, then the cards
        trailed since then that are still there, in the order they were trailed."""
        table = self._table
        if table is not None:
            return table
        bits = self._table_bits
        trailed = []
        state: State = self
        while state._table is None:
            move = state.last_move
            assert move is not None and state.parent is not None  # made by play()
            if not move.mask and bits >> move.card.index & 1:
                trailed.append(move.card)
            state = state.parent
        trailed.reverse()
        table = self._table = (*(c for c in state._table if bits >> c.index & 1), *trailed)
        return table

    @classmethod
    def new(
        cls, seed: int | str | None = None, rules: Rules | None = None, dealer: int = 1
    ) -> State:
        """A new match; see :func:`new_game`."""
        rules = _check_rules(rules)
        seed = cards.fresh_seed() if seed is None else _check_seed(seed)
        dealer = core.check_seat(dealer)
        state = cls._blank(rules, seed)
        state.totals = (0, 0)
        state._begin_deal(1, dealer)
        state._start = {"seed": seed, "dealer": dealer}
        return state

    @classmethod
    def from_position(
        cls,
        table: Iterable[CardLike] | str,
        hands: Sequence[Iterable[CardLike] | str],
        stock: Iterable[CardLike] | str = (),
        to_move: int = 0,
        dealer: int = 1,
        rules: Rules | None = None,
        *,
        piles: Sequence[Iterable[CardLike] | str] = ((), ()),
        tablas: Sequence[int] = (0, 0),
        totals: Sequence[int] = (0, 0),
        deal_number: int = 1,
        last_capturer: int | None = None,
        seed: int | str | None = None,
    ) -> State:
        """Set up any position (lessons, tests). Cards as Card objects or text; stock top first.

        ``seed`` fixes the shuffles of the later deals of the match (fresh if None). The bottom
        card of ``stock`` is public, as after a real deal (T-D8). If both hands are empty, the
        next round is dealt from ``stock`` at once.

        >>> s = State.from_position(table="A♣ 10♥", hands=("A♦", "5♠"), to_move=0)
        >>> [str(m) for m in s.legal_moves()]
        ['A♦', 'A♦ x 10♥ A♣', 'A♦ x A♣']
        """
        rules = _check_rules(rules)
        seed = cards.fresh_seed() if seed is None else _check_seed(seed)
        table_cards = _cards_arg("table", table)
        hand_cards = _pair("hands", hands)
        stock_cards = _cards_arg("stock", stock)
        pile_cards = _pair("piles", piles)
        seen: set[Card] = set()
        for card in itertools.chain(table_cards, *hand_cards, stock_cards, *pile_cards):
            if card in seen:
                raise PositionError("tablic.position.duplicate", card=card)
            seen.add(card)
        state = cls._blank(rules, seed)
        state.dealer = _seat_arg("dealer", dealer)
        state.deal_number = _int_arg("deal_number", deal_number, 1)
        state.tablas = _int_pair("tablas", tablas)
        state.totals = _int_pair("totals", totals)
        state.last_capturer = (
            None if last_capturer is None else _seat_arg("last_capturer", last_capturer)
        )
        state._table = table_cards
        state._table_bits = cards.mask(table_cards)
        state._profile = _profile(state._table_bits)
        state._stock = stock_cards
        state._bottom = stock_cards[-1] if stock_cards else None
        state._hand0, state._hand1 = cards.mask(hand_cards[0]), cards.mask(hand_cards[1])
        state._pile0, state._pile1 = cards.mask(pile_cards[0]), cards.mask(pile_cards[1])
        to_move = _seat_arg("to_move", to_move)
        state._to_move = to_move
        if not state._hand0 and not state._hand1:
            state._after_turn()
        elif not state._hands[to_move]:
            raise PositionError("tablic.position.no_cards", player=_player(to_move, None))
        state._start = {
            "position": {
                "table": [c.text for c in table_cards],
                "hands": [[c.text for c in h] for h in hand_cards],
                "stock": [c.text for c in stock_cards],
                "to_move": to_move,
                "dealer": state.dealer,
                "piles": [[c.text for c in p] for p in pile_cards],
                "tablas": list(state.tablas),
                "totals": list(state.totals),
                "deal_number": state.deal_number,
                "last_capturer": state.last_capturer,
            },
            "seed": seed,
        }
        return state

    # -- records ---------------------------------------------------------------------------
    def _start_record(self) -> dict[str, Any]:
        assert self._start is not None
        return {k: (dict(v) if isinstance(v, dict) else v) for k, v in self._start.items()}

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], rules: core.Rules) -> State:
        assert isinstance(rules, Rules)
        known = {"seed", "dealer", "position"}
        for key in start:
            if key not in known:
                raise PositionError(
                    "tablic.position.unknown", field=key, fields=", ".join(sorted(known))
                )
        if "seed" not in start:
            raise PositionError("tablic.position.missing", field="seed")
        seed = cards.check_seed(start["seed"])
        if "position" in start:
            position = start["position"]
            if not isinstance(position, Mapping):
                raise _bad("position", "tablic.expect.object", position)
            names = (
                "table",
                "hands",
                "stock",
                "to_move",
                "dealer",
                "piles",
                "tablas",
                "totals",
                "deal_number",
                "last_capturer",
            )
            for key in position:
                if key not in names:
                    raise PositionError(
                        "tablic.position.unknown",
                        field=key if isinstance(key, str) else i18n.shown(key),
                        fields=", ".join(names),
                    )
            for key in ("table", "hands"):
                if key not in position:
                    raise PositionError("tablic.position.missing", field=key)
            return cls.from_position(rules=rules, seed=seed, **position)
        return cls.new(seed, rules, start.get("dealer", 1))

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(data)

    # -- full information --------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to play (0 or 1), or None when the match is over."""
        return self._to_move

    @property
    def table(self) -> tuple[Card, ...]:
        """The face-up table cards, in the order they arrived."""
        return self._table_cards()

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's cards (full information), in card order."""
        return (cards.from_mask(self._hand0), cards.from_mask(self._hand1))

    @property
    def piles(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's captured cards in this deal (at the end: with the leftovers)."""
        return (cards.from_mask(self._pile0), cards.from_mask(self._pile1))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first (full information; a view shows only their number)."""
        return self._stock

    @property
    def stock_bottom(self) -> Card | None:
        """The bottom stock card, shown to both players at the deal (T-D8), while in the stock."""
        return self._stock[-1] if self._stock and self._stock[-1] is self._bottom else None

    @property
    def round(self) -> int:
        """The round of the deal (1–4): four rounds of six cards each (T-S2)."""
        return max(1, 4 - (len(self._stock) + 11) // 12)

    @property
    def is_over(self) -> bool:
        """Whether the match is over (T-D7)."""
        return self._to_move is None

    @property
    def outcome(self) -> Outcome | None:
        """The winner and the final totals, or None while the match runs."""
        return self._outcome

    def revealed(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Cards in each hand that both players know: the public bottom card once dealt."""
        bottom = self._bottom
        if bottom is None:
            return ((), ())
        bit = bottom.bit
        return ((bottom,) if self._hand0 & bit else (), (bottom,) if self._hand1 & bit else ())

    # -- moves -----------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: for each hand card (card order) the trail, then its captures
        (bigger first)."""
        keys = self._keys
        if keys is not None:
            trails = _TRAILS
            return [trails[key] if key < 64 else _new_move(key) for key in keys]
        seat = self._to_move
        if seat is None:
            self._keys = []
            return []
        # _options() and _new_move() inlined: the keys and the moves in one pass.
        hand = self._hand1 if seat else self._hand0
        table = self._table_bits
        profile = self._profile
        reach = self._reach
        if reach is None:
            reach = self._reach = _REACH.get(profile) or _reach(profile)
        maximal = self.rules.capture_must_be_maximal
        cache = _PLANS[maximal]
        keys = []
        moves: list[Move] = []
        add_key = keys.append
        add_move = moves.append
        while hand:
            low = hand & -hand
            hand ^= low
            index = low.bit_length() - 1
            add_key(index)
            add_move(_TRAILS[index])
            v = _PLAYED[index]
            if not reach >> v & 1:
                continue  # no table cards add up to v (also when the table is empty)
            plans = cache[v].get(profile & _UP_TO[v])
            if plans is None:
                plans = _plans(v, profile, maximal)
            card = DECK[index]
            for plan in plans:
                if isinstance(plan, int):
                    captured = table & plan
                    add_key(captured << 6 | index)
                    move = _new_object(Move)
                    _SET_CARD(move, card)
                    _SET_MASK(move, captured)
                    add_move(move)
                else:
                    for captured in _expand_partial(plan, table):
                        add_key(captured << 6 | index)
                        move = _new_object(Move)
                        _SET_CARD(move, card)
                        _SET_MASK(move, captured)
                        add_move(move)
        self._keys = keys
        return moves

    def legal_moves_count(self) -> int:
        """How many legal moves there are, counted without listing crowded tables' captures."""
        if self._to_move is None:
            return 0
        total = 0
        table = self.table
        for card in cards.from_mask(self._hands[self._to_move]):
            total += 1 + (count_captures(card, table, self.rules) if table else 0)
        return total

    def random_move(self, rng: cards.Rng) -> Move:
        """A move chosen uniformly among :meth:`legal_moves` (each with the same probability).

        Exactly ``legal_moves()[rng.below(len(legal_moves()))]`` (the same rng draw, the same
        move; also :func:`playout`'s choice), made faster: the moves are listed as ints only
        (no Move objects but the drawn one), or on a crowded table counted and the drawn one
        unranked, without listing them. Raises :class:`IllegalMove` once the match is over.

        >>> state = State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
        >>> str(state.random_move(cards.Rng(3)))
        '8♦ x 3♠ 5♥'
        >>> state.random_move(cards.Rng(3)) == state.legal_moves()[cards.Rng(3).below(6)]
        True
        """
        seat = self._to_move
        if seat is None:
            raise IllegalMove("move.game_over")
        keys = self._keys
        if keys is None:
            hand = self._hand1 if seat else self._hand0
            table = self._table_bits
            profile = self._profile
            reach = self._reach
            if reach is None:
                reach = self._reach = _REACH.get(profile) or _reach(profile)
            maximal = self.rules.capture_must_be_maximal
            if table.bit_count() > _UNRANK_ABOVE:
                return _new_move(_random_option(hand, table, profile, reach, maximal, rng))
            # Kept, so that play() accepts the drawn move by an int comparison.
            keys = self._keys = _options(hand, table, profile, reach, maximal)
        return _new_move(keys[rng.below(len(keys))])

    def check(self, move: Move | str) -> Move:
        """The move if it is legal here; else raise :class:`IllegalMove` saying why."""
        if self._to_move is None:
            raise IllegalMove("move.game_over")
        if not isinstance(move, Move):
            move = Move.parse(move)
        card = move.card
        if not (self._hand1 if self._to_move else self._hand0) >> card.index & 1:
            raise IllegalMove("tablic.not_in_hand", card=card)
        captured = move.mask
        if not captured:
            return move
        missing = captured & ~self._table_bits
        if missing:
            raise IllegalMove(
                "tablic.not_on_table", cards=cards.format_cards(cards.from_mask(missing))
            )
        v = _PLAYED[card.index]
        taken = _profile(captured)
        search = _search(v, self._profile)
        if not taken & ~_UP_TO[v] and search.contains(taken):
            bigger = search.bigger(taken) if self.rules.capture_must_be_maximal else None
            if bigger is None:
                return move
            shown = _containing(self._table_bits, captured, bigger - taken)
            raise IllegalMove("tablic.not_maximal", card=card, bigger=shown)
        kings = [c for c in cards.from_mask(captured) if c.rank == 13]
        if v == 14 and len(kings) > 1:
            raise IllegalMove("tablic.king_rule", kings=cards.format_cards(kings))
        raise IllegalMove(
            "tablic.not_a_capture",
            card=card,
            value=v,
            captured=cards.format_cards(cards.from_mask(captured)),
        )

    def play(self, move: Move | str) -> State:
        """The state after ``move`` (a Move or its text); raises :class:`IllegalMove` if illegal."""
        keys = self._keys
        # A move among the listed legal moves needs no further check (an int comparison).
        if (
            keys is None
            or move.__class__ is not Move
            or move.mask << 6 | move.card.index not in keys
        ):
            move = self.check(move)
        seat = self._to_move
        assert seat is not None
        child = _new_object(State)
        # Copy every field, then change what the move changes.
        child.rules = rules = self.rules
        child.seed = self.seed
        child.dealer = self.dealer
        child.deal_number = self.deal_number
        child.totals = self.totals
        child.deal_results = self.deal_results
        child._stock = stock = self._stock
        child._bottom = self._bottom
        child.parent = self
        child.last_move = move
        child._last_seat = seat
        child._keys = None
        child._table = None  # worked out from this state's table when asked
        index = move.card.index
        bit = 1 << index
        hand0 = self._hand0
        hand1 = self._hand1
        if seat:
            hand1 ^= bit
        else:
            hand0 ^= bit
        child._hand0 = hand0
        child._hand1 = hand1
        captured = move.mask
        if captured:
            child._table_bits = table_bits = self._table_bits ^ captured
            child._profile = self._profile - _profile(captured)
            child._reach = None
            if seat:
                child._pile0 = self._pile0
                child._pile1 = self._pile1 | captured | bit
            else:
                child._pile0 = self._pile0 | captured | bit
                child._pile1 = self._pile1
            child.last_capturer = seat
            if not table_bits and (hand0 or hand1 or stock or rules.final_card_tabla):  # T-D5
                child._last_tabla = True
                tablas = self.tablas
                child.tablas = (tablas[0], tablas[1] + 1) if seat else (tablas[0] + 1, tablas[1])
            else:
                child.tablas = self.tablas
        else:
            child._table_bits = self._table_bits | bit
            child._profile = self._profile + _UNIT[index]
            # Adding a card x to the table adds x to every sum (an Ace 1 or 11).
            reach = self._reach
            if reach is not None:
                x = _POSITION[index]
                reach |= reach << x | (reach << 11 if x == 1 else 0)
                reach &= 0x7FFF
            child._reach = reach
            child._pile0 = self._pile0
            child._pile1 = self._pile1
            child.last_capturer = self.last_capturer
            child.tablas = self.tablas
        if hand1 if seat == 0 else hand0:
            child._to_move = 1 - seat
        elif hand0 or hand1:
            child._to_move = seat
        else:
            child._to_move = None
            child._after_turn()
        return child

    def _after_turn(self) -> None:
        """Both hands are empty: deal the next round, or end the deal (and maybe the match)."""
        if self._stock:
            self._deal_round()
            return
        self._table_cards()  # the leftovers, in table order
        self._end_deal()

    def _end_deal(self) -> None:
        rules = self.rules
        leftovers = self._table_cards()
        taker = _leftovers_taker(rules, self.dealer, self.last_capturer)
        piles = [self._pile0, self._pile1]
        if taker is not None and leftovers:
            piles[taker] |= self._table_bits
        counts = (piles[0].bit_count(), piles[1].bit_count())
        points = (_points_of_mask(piles[0]), _points_of_mask(piles[1]))
        parts = _breakdown(counts, points, self.tablas)
        scores = parts["scores"]
        totals = (self.totals[0] + scores[0], self.totals[1] + scores[1])
        result = DealResult(
            deal=self.deal_number,
            dealer=self.dealer,
            cards=counts,
            points=points,
            most_cards=parts["most_cards"],
            tablas=self.tablas,
            scores=scores,
            totals=totals,
            leftovers=leftovers,
            leftovers_to=taker if leftovers else None,
            piles=(piles[0], piles[1]),
        )
        self.deal_results = (*self.deal_results, result)
        self.totals = totals
        if _match_over(rules, totals):
            self._pile0, self._pile1 = piles
            if taker is not None:
                self._table = ()
                self._table_bits = 0
                self._profile = 0
                self._reach = None
            self._to_move = None
            self._outcome = Outcome(0 if totals[0] > totals[1] else 1, totals)
            return
        self._begin_deal(self.deal_number + 1, 1 - self.dealer)  # T-S3: the dealer alternates

    # -- what players see ----------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see, JSON-safe: never the other hand or the stock order.

        >>> s = new_game(seed=1)
        >>> v = s.view(0)
        >>> v["hand"], v["table"], v["stock"], v["stock_bottom"]
        (['2♥', '6♦', '8♦', 'Q♠', 'K♠', 'A♣'], ['4♥', '2♦', 'J♠', '7♦'], 36, 'Q♣')
        """
        if seat is not None:
            seat = core.check_seat(seat)
        revealed = self.revealed()
        last = self.last_move
        last_view = None
        if last is not None:
            last_view = {
                "seat": self._last_seat,
                "text": str(last),
                "card": last.card.text,
                "captured": [c.text for c in cards.from_mask(last.mask)],
                "tabla": self._last_tabla,
            }
        piles = self._piles
        bottom = self.stock_bottom
        return {
            "game": self.game,
            "seat": seat,
            "deal": self.deal_number,
            "round": self.round,
            "dealer": self.dealer,
            "to_move": self._to_move,
            "hand": None if seat is None else [c.text for c in cards.from_mask(self._hands[seat])],
            "hand_sizes": [self._hands[0].bit_count(), self._hands[1].bit_count()],
            "revealed": [[c.text for c in r] for r in revealed],
            "table": [c.text for c in self._table_cards()],
            "piles": [{"cards": p.bit_count(), "points": _points_of_mask(p)} for p in piles],
            "tablas": list(self.tablas),
            "totals": list(self.totals),
            "stock": len(self._stock),
            "stock_bottom": None if bottom is None else bottom.text,
            "last_capturer": self.last_capturer,
            "last_move": last_view,
            "last_deal": self.deal_results[-1].to_dict() if self.deal_results else None,
            "target": self.rules.target,
            "over": self.is_over,
            "outcome": None if self._outcome is None else self._outcome.to_dict(),
        }

    def describe_last_move(self, locale: str | None = None) -> str:
        """The last move in words with the player, a tabla, and the end of a deal or match."""
        move, seat = self.last_move, self._last_seat
        if move is None or seat is None:
            return ""
        player = _player(seat, locale)
        if move.captured:
            taken = cards.format_cards(cards.from_mask(move.mask))
            parts = [
                i18n.text(
                    "tablic.say.capture", locale, player=player, card=move.card, captured=taken
                )
            ]
        else:
            parts = [i18n.text("tablic.say.trail", locale, player=player, card=move.card)]
        if self._last_tabla:
            parts.append(i18n.text("tablic.say.tabla", locale))
        parent = self.parent
        if parent is not None and len(self.deal_results) > len(parent.deal_results):
            parts.extend(describe_deal(self.deal_results[-1], locale))
        if self._outcome is not None and self._outcome.winner is not None:
            high, low = max(self.totals), min(self.totals)
            parts.append(
                i18n.text(
                    "tablic.say.match_end",
                    locale,
                    player=_player(self._outcome.winner, locale),
                    high=high,
                    low=low,
                )
            )
        return " ".join(parts)

    # -- search support ----------------------------------------------------------------------
    def determinize(self, seat: int, rng: cards.Rng) -> State:
        """A state that looks the same to ``seat``, with the hidden cards dealt at random.

        The opponent's unknown cards and the stock are redistributed uniformly; the public
        bottom card keeps its place, and the later deals get a new seed from ``rng``. Uses only
        what ``seat`` knows, so states that differ only in hidden cards give the same result.
        """
        seat = core.check_seat(seat)
        if self._to_move is None:
            return self
        other = 1 - seat
        bottom = self._bottom
        known = self._hands[seat] | self._table_bits | self._piles[0] | self._piles[1]
        revealed_other = self.revealed()[other]
        bottom_in_stock = self.stock_bottom is not None
        fixed = cards.mask(revealed_other)
        if bottom_in_stock and bottom is not None:
            fixed |= bottom.bit
        deal_cards = known | self._hands[other] | cards.mask(self._stock)
        pool = cards.from_mask(deal_cards & ~known & ~fixed)
        shuffled = rng.shuffle(pool)
        need = self._hands[other].bit_count() - len(revealed_other)
        other_hand = (*revealed_other, *shuffled[:need])
        stock = shuffled[need:]
        if bottom_in_stock and bottom is not None:
            stock.append(bottom)
        hands: list[tuple[Card, ...]] = [(), ()]
        hands[seat] = cards.from_mask(self._hands[seat])
        hands[other] = other_hand
        state = State.from_position(
            table=self._table_cards(),
            hands=hands,
            stock=stock,
            to_move=self._to_move,
            dealer=self.dealer,
            rules=self.rules,
            piles=self.piles,
            tablas=self.tablas,
            totals=self.totals,
            deal_number=self.deal_number,
            last_capturer=self.last_capturer,
            seed=rng.next64(),
        )
        state._bottom = bottom
        return state

    def __repr__(self) -> str:
        table = cards.format_cards(self._table_cards()) or "-"
        if self._outcome is not None:
            status = f"over, winner {self._outcome.winner}"
        else:
            status = f"seat {self._to_move} to move"
        return (
            f"<tablic.State deal {self.deal_number} round {self.round}, {status}, "
            f"table {table}, totals {self.totals[0]}:{self.totals[1]}>"
        )


def _containing(table_bits: int, captured: int, extra: int) -> str:
    """The cards of ``captured`` plus, for each value, as many more table cards of that value
    as the packed counts ``extra`` say (lowest cards first): a bigger capture, as text."""
    found = captured
    for x, n in _fields(extra):
        free = table_bits & _FIELD_MASK[x] & ~captured
        for low in _bits_of(free)[:n]:
            found |= low
    return cards.format_cards(cards.from_mask(found))


def describe_deal(result: DealResult, locale: str | None = None) -> list[str]:
    """Sentences for the end of a deal: who took the leftovers, and the deal's scores."""
    parts = []
    if result.leftovers:
        left = cards.format_cards(result.leftovers)
        if result.leftovers_to is None:
            parts.append(i18n.text("tablic.say.leftovers_nobody", locale, cards=left))
        else:
            parts.append(
                i18n.text(
                    "tablic.say.leftovers",
                    locale,
                    cards=left,
                    player=_player(result.leftovers_to, locale),
                )
            )
    parts.append(
        i18n.text(
            "tablic.say.deal_end",
            locale,
            deal=result.deal,
            player0=_player(0, locale),
            score0=result.scores[0],
            player1=_player(1, locale),
            score1=result.scores[1],
        )
    )
    return parts


# -- rules shared by State and playout ------------------------------------------------------------


def _deal_round(stock: Sequence[Card], dealer: int) -> list[int]:
    """The hands dealt from the top of ``stock`` (T-D8): Elder gets stock[0:3] and [6:9], the
    dealer [3:6] and [9:12]."""
    elder = 1 - dealer
    dealt = [0, 0]
    if len(stock) >= 12:  # every real deal: no loop
        a = stock
        dealt[elder] = a[0].bit | a[1].bit | a[2].bit | a[6].bit | a[7].bit | a[8].bit
        dealt[dealer] = a[3].bit | a[4].bit | a[5].bit | a[9].bit | a[10].bit | a[11].bit
        return dealt
    for start in range(0, len(stock), 3):
        seat = elder if start % 6 == 0 else dealer
        dealt[seat] |= cards.mask(stock[start : start + 3])
    return dealt


def _leftovers_taker(rules: Rules, dealer: int, last_capturer: int | None) -> int | None:
    """Who takes the cards left on the table at the end of a deal (T-D6)."""
    return dealer if rules.leftovers_to == "dealer" else last_capturer


def _match_over(rules: Rules, totals: tuple[int, int]) -> bool:
    """T-D7: a total reached the target and the totals differ."""
    return max(totals) >= rules.target and totals[0] != totals[1]


class Playout(NamedTuple):
    """What :func:`playout` returns."""

    totals: tuple[int, int]
    """The running totals when the playout stopped."""
    winner: int | None
    """The winner if the match ended, else None."""
    deals: int
    """How many deals ended during the playout."""
    moves: int
    """How many moves were played."""


def playout(state: State, rng: cards.Rng, deals: int | None = None) -> Playout:
    """Play uniformly random legal moves from ``state`` to the end of the match (or of
    ``deals`` deals), fast: the same rules, move order and random choices as the loop
    ``moves = s.legal_moves(); s = s.play(moves[rng.below(len(moves))])``, on plain ints.

    >>> a = playout(new_game(seed=4), cards.Rng(1))
    >>> s, rng = new_game(seed=4), cards.Rng(1)
    >>> while not s.is_over:
    ...     moves = s.legal_moves()
    ...     s = s.play(moves[rng.below(len(moves))])
    >>> a.totals == s.totals and a.winner == s.outcome.winner and a.moves == s.ply
    True
    """
    rules = state.rules
    totals = state.totals
    if state._to_move is None:
        winner = state._outcome.winner if state._outcome is not None else None
        return Playout(totals, winner, 0, 0)
    maximal = rules.capture_must_be_maximal
    final_tabla = rules.final_card_tabla
    hands = [state._hand0, state._hand1]
    table = state._table_bits
    profile = state._profile
    stock: Sequence[Card] = state._stock
    piles = [state._pile0, state._pile1]
    tablas = [state.tablas[0], state.tablas[1]]
    last = state.last_capturer
    seat = state._to_move
    dealer = state.dealer
    number = state.deal_number
    finished = 0
    played = 0
    while True:
        reach = _REACH.get(profile) or _reach(profile)
        options = _options(hands[seat], table, profile, reach, maximal)
        choice = options[rng.below(len(options))]
        played += 1
        index = choice & 63
        captured = choice >> 6
        bit = 1 << index
        hands[seat] ^= bit
        if captured:
            table ^= captured
            profile -= _profile(captured)
            piles[seat] |= captured | bit
            last = seat
            if not table and (final_tabla or hands[0] or hands[1] or stock):  # T-D5
                tablas[seat] += 1
        else:
            table |= bit
            profile += _UNIT[index]
        if hands[1 - seat]:
            seat = 1 - seat
            continue
        if hands[seat]:
            continue
        if stock:
            dealt = _deal_round(stock, dealer)
            stock = stock[12:]
            hands = [hands[0] | dealt[0], hands[1] | dealt[1]]
            seat = 1 - dealer if hands[1 - dealer] else dealer
            continue
        # End of the deal (T-D6, T-D9, T-D7).
        taker = _leftovers_taker(rules, dealer, last)
        if taker is not None:
            piles[taker] |= table
        counts = (piles[0].bit_count(), piles[1].bit_count())
        points = (_points_of_mask(piles[0]), _points_of_mask(piles[1]))
        scores = _breakdown(counts, points, (tablas[0], tablas[1]))["scores"]
        totals = (totals[0] + scores[0], totals[1] + scores[1])
        finished += 1
        if _match_over(rules, totals):
            return Playout(totals, 0 if totals[0] > totals[1] else 1, finished, played)
        if deals is not None and finished >= deals:
            return Playout(totals, None, finished, played)
        number += 1
        dealer = 1 - dealer
        deck = _deck(state.seed, number)
        table = cards.mask(deck[:4])
        profile = _profile(table)
        dealt = _deal_round(deck[4:], dealer)
        stock = deck[16:]
        hands = [dealt[0], dealt[1]]
        piles = [0, 0]
        tablas = [0, 0]
        last = None
        seat = 1 - dealer


# -- argument checks -----------------------------------------------------------------------------


def _check_rules(rules: Rules | None) -> Rules:
    return DEFAULT_RULES if rules is None else core.check_rules(rules, Rules, "tablic")


def _check_seed(seed: object) -> int | str:
    return cards.check_seed(seed)


def _bad(field: str, expected: str, value: object, **params: Any) -> PositionError:
    """The refusal of a position field; ``expected`` names a phrase of the catalog, so the
    whole sentence is in the reader's language."""
    return PositionError(
        "tablic.position.bad",
        field=field,
        expected=i18n.TranslatedError(expected, **params),
        value=i18n.shown(value),
    )


def _cards_arg(field: str, value: object) -> tuple[Card, ...]:
    if not isinstance(value, (str, Iterable)) or isinstance(value, (bytes, Mapping)):
        raise _bad(field, "tablic.expect.cards", value)
    return cards.to_cards(value, distinct=False)  # a card text that is no card: CardError


def _pair(field: str, value: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise _bad(field, "tablic.expect.card_lists", value)
    return (_cards_arg(field, value[0]), _cards_arg(field, value[1]))


def _seat_arg(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise _bad(field, "tablic.expect.seat", value)
    return value


def _int_arg(field: str, value: object, least: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise _bad(field, "tablic.expect.at_least", value, least=least)
    return value


def _int_pair(field: str, value: object) -> tuple[int, int]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise _bad(field, "tablic.expect.numbers", value)
    return (_int_arg(field, value[0], 0), _int_arg(field, value[1], 0))


# -- module-level API ----------------------------------------------------------------------------


def new_game(seed: int | str | None = None, rules: Rules | None = None, dealer: int = 1) -> State:
    """A new match. ``seed`` (int or str; fresh if None) fixes every deal; ``dealer`` is the
    first dealer (T-D10), so by default seat 0 is Elder and plays first.

    >>> s = new_game(seed=1)
    >>> s.to_move, s.dealer, len(s.table), len(s.stock), [len(h) for h in s.hands]
    (0, 1, 4, 36, [6, 6])
    """
    return State.new(seed, rules, dealer)


def from_record(record: Mapping[str, Any] | str) -> State:
    """Replay a record (dict or JSON text) made by :meth:`State.to_record`."""
    return State.from_record(record)
