"""The last round of a deal solved exactly, on ints: every card is known once the stock is empty.

After the 48th card is dealt, the cards a seat does not see are exactly the opponent's hand,
so the rest of the deal is a game of perfect information. :func:`solve_last_round` gives each
legal move's value under best play by both seats: seat 0's deal score minus seat 1's at the
end of the deal (card points, the 3 points for most cards, tablas; T-S18, T-D5, T-D6, T-D9).
The bots' exact endings (:mod:`cardwidgets.bots.endings`) and the analysis use it; the plain
search over :class:`State` moves there is the brute force the tests compare it with.

How it stays small (six cards each: a median of about 10,000 positions, a quarter of a CPU
second, in 30 seeded deals from 1,800 to 52,000; the plain tree has millions of lines):

* **Negamax with alpha-beta** on the score still to come for the seat to move, captures worth
  the most points (then the most cards) searched first, so the best line is found early and
  most others are cut after a move or two.
* **A memo of bounds** (a transposition table: the lowest and highest value proven so far) on
  a key that drops what cannot change the rest of the deal. The cards in the piles count only
  by the points already scored (added up, not part of the key) and by how many more cards one
  pile holds than the other, and that only until it is too big to be caught up (then only who
  leads). Cards count by *kind*, not suit: two cards of the same value and the same points
  (5♠ and 5♥; every Ace; every King) play alike, so the key holds the number of each kind in
  each hand and on the table, and positions that differ by such swaps share one entry.
* **Moves merged**: moves that lead to the same key (the same capture from two equal hand
  cards, trails of equal cards, captures taking equal cards) are searched once.
* **Bounds before searching**: the points of the cards left, the 3 for most cards (unless
  the lead in cards can no longer change hands) and a tabla per card in hand bound what a
  position can still be worth, so a window outside them is answered at once.
* **The end of the deal in the leaf**: the deal's last card is played without a search (its
  best move); the leftovers go to their taker (the last capturer, T-D6, or the dealer under
  ``leftovers_to="dealer"``), never as a tabla (T-D5), then the 3 points for more cards.

Limits: it counts the positions it searches and gives up with :class:`NodeLimit` past
``limit`` (a crowded table with many capture choices can still be large); only the last round
(an empty stock) is searched, an earlier round raises :class:`PositionError`.

>>> state = State.from_position(table="3♠ 5♥ K♦", hands=("8♣ 10♦", "5♦ 3♣"), dealer=1)
>>> solved = solve_last_round(state)
>>> [(str(move), value) for move, value in solved.values]
[('8♣', -6), ('8♣ x 3♠ 5♥', 6), ('10♦', -6)]
>>> solved.nodes
13
"""

from __future__ import annotations

import dataclasses

from cardwidgets import cards
from cardwidgets.cards import DECK
from cardwidgets.games.tablic._fast import (
    PLAYED,
    REACH,
    UNIT,
    hand_options,
    points_of_mask,
    profile_of,
    reach_of,
)
from cardwidgets.games.tablic.moves import Move
from cardwidgets.games.tablic.rules import card_points
from cardwidgets.games.tablic.state import PositionError, State

__all__ = ["NodeLimit", "Solved", "solve_last_round"]

DEFAULT_LIMIT = 200_000
"""Positions a search may visit before it gives up (:class:`NodeLimit`)."""

_POINTS = tuple(card_points(c) for c in DECK)
"""Card points by card index (T-S20)."""


def _kind(index: int) -> int:
    """The kind of a card: cards of one kind have the same value and the same points, so they
    play alike. Aces 0, 2♣ 1 (a point), the other 2s 2, 3-9 as printed, 10♦ 10 (two points),
    the other 10s 11, J 12, Q 13, K 14."""
    card = DECK[index]
    rank = int(card.rank)
    if rank == 14:
        return 0
    if rank == 2:
        return 1 if card.text == "2♣" else 2
    if rank == 10:
        return 10 if card.text == "10♦" else 11
    return rank if rank < 10 else rank + 1  # J 11 -> 12, Q 12 -> 13, K 13 -> 14


_KIND_BITS = 3  # at most four cards of a kind
_KIND_UNIT = tuple(1 << (_KIND_BITS * _kind(i)) for i in range(len(DECK)))
"""A card's unit in a *kind count*: the number of cards of each kind, 3 bits a kind."""

_INFINITY = 1_000

_Position = tuple[int, int, int, int, int, int, int, int, int, int]
"""A position of the search: hands and table (card masks), who moves, who captured last (-1:
nobody), seat 0's lead in pile cards, then kept up to date move by move: the hands' and the
table's kind counts (:func:`.profile_of` with :data:`_KIND_UNIT`) and the table's profile (the
capture search's counts per value)."""
_Key = tuple[int, int, int, int, int, int]
"""A position's memo key (:meth:`_Search.key`)."""
_Child = tuple[int, _Key | None, _Position | None]
"""A move's gain for the seat playing it, the key and position after it (None: the end)."""


class NodeLimit(Exception):
    """The search would visit more than its limit of positions; ``args[0]``: how many."""


@dataclasses.dataclass(frozen=True)
class Solved:
    """Each legal move of the position (in :meth:`State.legal_moves` order) with its value:
    seat 0's deal score minus seat 1's at the end of the deal under best play; ``nodes``: the
    positions searched."""

    values: tuple[tuple[Move, int], ...]
    nodes: int


def solve_last_round(state: State, limit: int = DEFAULT_LIMIT) -> Solved:
    """The exact value of every legal move in the last round of a deal (see the module's
    text). Reads the whole position, both hands included: a seat that may see only its own
    cards passes a determinization (the same hands, as the stock is empty). Raises
    :class:`PositionError` before the last round and :class:`NodeLimit` past ``limit``."""
    seat = state.to_move
    if seat is None or state.stock:
        raise PositionError("tablic.position.not_last_round")
    search = _Search(state, limit)
    piles = (state.pile(0), state.pile(1))
    now = piles[0].points - piles[1].points + state.tablas[0] - state.tablas[1]
    sign = 1 if seat == 0 else -1
    found = []
    for move in state.legal_moves():
        # the value for the seat to move, made seat 0's and added to what is already scored
        found.append((move, now + sign * search.move_value(move.card.index, move.mask)))
    return Solved(tuple(found), search.nodes)


class _Search:
    """Negamax with alpha-beta and a memo of bounds over one last round (see the module).

    A position is a :data:`_Position` (hands and table as card masks, who moves, who captured
    last, -1 for nobody, and seat 0's lead in pile cards); a move leads to a :data:`_Child`."""

    def __init__(self, state: State, limit: int) -> None:
        rules = state.rules
        self.maximal = rules.capture_must_be_maximal
        self.final_tabla = rules.final_card_tabla
        # T-D6: the dealer takes the leftovers whoever captured last (then the last capturer
        # does not matter), or the last capturer does (nobody if nobody captured).
        self.dealer: int | None = state.dealer if rules.leftovers_to == "dealer" else None
        self.limit = limit
        self.nodes = 0
        self.memo: dict[_Key, tuple[int, int]] = {}
        self.first: dict[_Key, _Key] = {}  # the best move found so far, by the key it leads to
        piles = (state.pile(0), state.pile(1))
        hand0, hand1, table = state.hand_mask(0), state.hand_mask(1), cards.mask(state.table)
        self.root: _Position = (
            hand0,
            hand1,
            table,
            state.to_move if state.to_move is not None else 0,
            -1 if state.last_capturer is None else state.last_capturer,
            piles[0].cards - piles[1].cards,
            profile_of(hand0, _KIND_UNIT),
            profile_of(hand1, _KIND_UNIT),
            profile_of(table, _KIND_UNIT),
            profile_of(table),
        )

    def move_value(self, index: int, captured: int) -> int:
        """The exact value of one legal move of the root for the seat to move."""
        seat = self.root[3]
        return self.line_value(seat, self.child(self.root, index, captured), -_INFINITY, _INFINITY)

    def child(self, position: _Position, index: int, captured: int) -> _Child:
        """After the seat to move plays card ``index`` taking ``captured``: what the seat gains
        by it, the key and the position after it; at the end of the deal the gain holds the
        leftovers and the 3 points for most cards too, and there is no key or position."""
        hand0, hand1, table, seat, last, lead, kinds0, kinds1, kinds, profile = position
        bit = 1 << index
        unit = _KIND_UNIT[index]
        if seat:
            hand1 ^= bit
            kinds1 -= unit
        else:
            hand0 ^= bit
            kinds0 -= unit
        gain = 0
        if captured:
            taken = captured | bit
            table ^= captured
            kinds -= profile_of(captured, _KIND_UNIT)
            profile -= profile_of(captured)
            gain = points_of_mask(taken)
            lead += taken.bit_count() if seat == 0 else -taken.bit_count()
            last = seat
            # T-D5: a tabla, unless made with the deal's last card (final_card_tabla)
            if not table and (hand0 or hand1 or self.final_tabla):
                gain += 1
        else:
            table |= bit
            kinds += unit
            profile += UNIT[index]
        if hand0 or hand1:
            mover = (1 - seat) if (hand1 if seat == 0 else hand0) else seat
            after = (hand0, hand1, table, mover, last, lead, kinds0, kinds1, kinds, profile)
            return gain, self.key(after), after
        taker = self.dealer if self.dealer is not None else last
        if taker >= 0 and table:  # T-D6: the leftovers, never a tabla (T-D5)
            gain += points_of_mask(table) if taker == seat else -points_of_mask(table)
            lead += table.bit_count() if taker == 0 else -table.bit_count()
        if lead:  # T-S18: 3 points for strictly more cards
            gain += 3 if (lead > 0) == (seat == 0) else -3
        return gain, None, None

    def line_value(self, seat: int, child: _Child, alpha: int, beta: int) -> int:
        """The value for ``seat`` of the move leading to ``child``, searched within the window
        (alpha, beta) of ``seat``."""
        gain, key, after = child
        if after is None or key is None:
            return gain
        hands = after[0] | after[1]
        if not hands & (hands - 1):  # the deal's last card: no search, no memo
            if after[3] == seat:
                return gain + self.last_card(after)
            return gain - self.last_card(after)
        if after[3] == seat:  # the other hand is empty: the same seat plays on
            return gain + self.value(after, key, alpha - gain, beta - gain)
        return gain - self.value(after, key, gain - beta, gain - alpha)

    def value(self, position: _Position, key: _Key, alpha: int, beta: int) -> int:
        """The score still to come for the seat to move minus the other's, fail-soft within
        (alpha, beta): a value at most alpha is an upper bound, at least beta a lower one."""
        low, high = self.memo.get(key) or self.bounds(position)
        if low >= beta or low == high:
            return low
        if high <= alpha:
            return high
        alpha, beta = max(alpha, low), min(beta, high)
        self.nodes += 1
        if self.nodes > self.limit:
            raise NodeLimit(self.nodes)
        seat = position[3]
        best = -_INFINITY
        floor = alpha
        for child in self.children(position, self.first.get(key)):
            found = self.line_value(seat, child, floor, beta)
            if found > best:
                best = found
                if child[1] is not None:
                    self.first[key] = child[1]  # searched first the next time
                if found > floor:
                    floor = found
                    if found >= beta:
                        break
        if best <= alpha:
            high = best
        elif best >= beta:
            low = best
        else:
            low = high = best
        self.memo[key] = (low, high)
        return best

    def last_card(self, position: _Position) -> int:
        """The value of the deal's last card for the seat holding it: its best move."""
        hand0, hand1, table, seat = position[:4]
        profile = position[9]
        reach = REACH.get(profile) or reach_of(profile)
        options = hand_options(hand1 if seat else hand0, table, profile, reach, self.maximal)
        return max(self.child(position, option & 63, option >> 6)[0] for option in options)

    def bounds(self, position: _Position) -> tuple[int, int]:
        """Bounds of the score still to come for the seat to move, before any search: the
        points of the cards left go either way, the 3 for most cards unless the lead in cards
        is already out of reach, a tabla at most per card in hand."""
        hand0, hand1, table, seat, _, lead = position[:6]
        left = hand0 | hand1 | table
        points = points_of_mask(left)
        count = left.bit_count()
        if seat:
            lead = -lead
            mine, theirs = hand1.bit_count(), hand0.bit_count()
        else:
            mine, theirs = hand0.bit_count(), hand1.bit_count()
        most = 3 if lead > count else -3 if lead < -count else 0
        if most:
            return -points + most - theirs, points + most + mine
        return -points - 3 - theirs, points + 3 + mine

    def children(self, position: _Position, first: _Key | None) -> list[_Child]:
        """The positions after each legal move, one per key (equal moves merged): the best
        move of an earlier search of the position (the key ``first`` leads to) first, then
        the captures of the most points and cards, trails last (low cards first)."""
        hand0, hand1, table, seat = position[:4]
        profile = position[9]
        reach = REACH.get(profile) or reach_of(profile)
        options = hand_options(hand1 if seat else hand0, table, profile, reach, self.maximal)
        seen: set[object] = set()
        ranked: list[tuple[int, _Child]] = []
        for option in options:
            index, captured = option & 63, option >> 6
            child = self.child(position, index, captured)
            same = child[1] if child[1] is not None else child[0]  # the key, or the end's gain
            if same in seen:
                continue
            seen.add(same)
            if same == first:
                order = 1 << 20
            else:
                order = _order(child[0], index, captured)
            ranked.append((order, child))
        ranked.sort(key=_first, reverse=True)
        return [child for _, child in ranked]

    def key(self, position: _Position) -> _Key:
        """What decides the rest of the deal: the cards by kind in each hand and on the table,
        who moves, who captured last (not with leftovers to the dealer), and the lead in cards
        as far as it can still change who has more (T-S18)."""
        hand0, hand1, table, seat, last, lead, kinds0, kinds1, kinds, _ = position
        left = (hand0 | hand1 | table).bit_count()
        if lead > left:
            lead = left + 1
        elif lead < -left:
            lead = -left - 1
        return kinds0, kinds1, kinds, seat, last if self.dealer is None else 0, lead


def _order(gain: int, index: int, captured: int) -> int:
    """The move ordering: captures of the most points, then the most cards, first; trails
    last, the cards worth the fewest points and the lowest first."""
    if captured:
        return gain * 64 + captured.bit_count()
    return -64 - _POINTS[index] * 16 - PLAYED[index]


def _first(pair: tuple[int, _Child]) -> int:
    return pair[0]
