"""Exact endings: the value of every move where the seat to move can know every card.

Three places in the games where counting tells a seat everything that matters:

* **Tablić, the last round** (after all 48 cards are dealt, the stock is empty): the cards not
  in the seat's hand, on the table or in the piles are exactly the opponent's hand. The value of
  a move is the seat's deal score minus the opponent's at the end of the deal (card points, the
  3 points for most cards, tablas), both sides then playing their best (minimax).
* **Panjpar, once the stock is gone**: the cards not seen so far are the opponent's hand. The
  value is the seat's chance of winning the game (1, 1/2 for a draw, 0) under best play.
* **Pazaak, when the opponent stands**: his total is fixed, so only the seat plays on, drawing
  from the unseen main deck (the 40 cards minus those on both tables, Z-D2) or from 1…10 under
  draws with replacement. The value is the chance of winning the match: the exact chances of
  winning, tying and losing this set (the set's probability is reported beside it), each
  followed by the match model the expert uses for the sets to come
  (:func:`cardwidgets.bots.pazaak.match_value`: each later set won with 1/2, more for each
  hand card more than the opponent).

Every solver starts from ``state.determinize(seat, rng)``: a position built from what the seat
sees. In the three endings above every determinization deals the same hands (Pazaak: the
opponent's hand and the deck order differ, and neither is used), so the search never reads a
hidden card. It is a depth-first search memoized on a compact key of the position (the hands,
the table, who moves, what else decides the rest of the deal), counting its nodes and stopping
with :class:`TooBig` past ``limit`` nodes; Panjpar with big hands can need hundreds of
thousands. Tablić's is :mod:`cardwidgets.games.tablic.lastround` (alpha-beta, a memo on the
cards by kind, equal moves merged): the last round with six cards each takes a median of about
10,000 nodes (a quarter of a CPU second), rarely more than 40,000.

>>> from cardwidgets.games import pazaak
>>> state = pazaak.State.from_position(
...     hands=["+1", ""], deck=[5], tables=([10], [10, 9]), standing=(False, True), seed=1)
>>> state.totals
(15, 19)
>>> ending = solve(state)
>>> [(str(move), round(value, 3)) for move, value in ending.values]
[('end', 0.604), ('stand', 0.533), ('play +1', 0.389)]
>>> round(ending.set_values[0], 3)  # drawing on 15 wins the set this often, played for the match
0.125
"""

from __future__ import annotations

import dataclasses
from collections.abc import Hashable
from typing import Any

from cardwidgets import cards
from cardwidgets.bots.pazaak import set_end_value, unseen
from cardwidgets.core import GameState, Move
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.games.tablic import lastround

__all__ = ["DEFAULT_LIMIT", "Ending", "TooBig", "knowable", "set_end_value", "solve"]

DEFAULT_LIMIT = 200_000
"""Nodes an exact search may visit before it gives up (:class:`TooBig`)."""

MOVES_LIMIT = 300
"""Legal moves a position of an exact search may have before the search gives up."""


class TooBig(Exception):
    """The exact search would visit more than its node limit."""


@dataclasses.dataclass(frozen=True)
class Ending:
    """The exact value of each legal move for the seat to move, best first.

    ``values``: (move, value) pairs; ``set_values`` (Pazaak only, else empty): each move's
    chance of winning the set, in the same order; ``nodes``: positions the search visited.
    """

    seat: int
    values: tuple[tuple[Move, float], ...]
    set_values: tuple[float, ...]
    nodes: int


def knowable(state: GameState[Any], seat: int | None = None) -> bool:
    """Whether the seat to move (or ``seat``) can know every card that matters by counting.

    Reads only that seat's view.
    """
    mover = state.to_move if seat is None else seat
    game = getattr(state, "game", "")
    if game not in ("tablic", "panjpar", "pazaak") or mover is None or state.to_move != mover:
        return False
    view: Any = state.view(mover)
    if game == "tablic":
        return bool(view.stock == 0)
    if game == "panjpar":
        return bool(view.stock_empty) and view.phase in ("attack", "defend")
    if game == "pazaak":
        return bool(view.standing[1 - mover])
    return False


def solve(state: GameState[Any], *, limit: int = DEFAULT_LIMIT, memo: bool = True) -> Ending | None:
    """The exact value of every legal move of the seat to move, or None where the seat
    cannot know every card (:func:`knowable`). Raises :class:`TooBig` past ``limit`` nodes.

    ``memo=False`` searches the plain tree without the memo (the brute force the tests compare
    with; only for small positions).
    """
    seat = state.to_move
    if seat is None or not knowable(state):
        return None
    known = state.determinize(seat, cards.Rng(f"ending:{state.ply}"))
    game = getattr(state, "game", "")
    search: _Search
    if game == "tablic":
        search = _TablicSearch(limit, memo)
    elif game == "panjpar":
        search = _PanjparSearch(limit, memo)
    else:
        search = _PazaakSearch(limit, memo, seat)
    return search.root(known, seat)


class _Search:
    """Depth-first search over the game's own states, memoized on :meth:`key`."""

    def __init__(self, limit: int, memo: bool) -> None:
        self.limit = limit
        self.memo: dict[Hashable, float] | None = {} if memo else None
        self.nodes = 0

    def count(self) -> None:
        self.nodes += 1
        if self.nodes > self.limit:
            raise TooBig(self.nodes)

    def moves(self, state: Any) -> list[Any]:
        """The legal moves, unless there are more than :data:`MOVES_LIMIT` (a crowded Tablić
        table or a big Panjpar defence can have hundreds of thousands: not an ending to
        search, and too many even to list)."""
        if state.legal_moves_count() > MOVES_LIMIT:
            raise TooBig(self.nodes + 1)
        moves: list[Any] = state.legal_moves()
        return moves

    def root(self, state: Any, seat: int) -> Ending:
        raise NotImplementedError


class _TablicSearch(_Search):
    """The last round: :func:`~cardwidgets.games.tablic.lastround.solve_last_round`
    (alpha-beta on the score difference, a memo on the cards by kind, equal moves merged).
    With ``memo=False`` the plain minimax over the game's own states on the deal score
    difference (seat 0 minus seat 1), every line to its end: the brute force the tests
    compare it with."""

    def root(self, state: Any, seat: int) -> Ending:
        sign = 1.0 if seat == 0 else -1.0
        if self.memo is not None:
            self.moves(state)  # a crowded table: too many moves to search
            try:
                solved = lastround.solve_last_round(state, self.limit)
            except lastround.NodeLimit as stop:
                raise TooBig(stop.args[0]) from None
            found: list[tuple[Move, float]] = [(m, sign * value) for m, value in solved.values]
            return _ending(seat, found, (), solved.nodes)
        now = _tablic_diff(state)
        scored = []
        for move in self.moves(state):
            after = state.play(move)
            scored.append((move, sign * (now + self.gain(state, after))))
        return _ending(seat, scored, (), self.nodes)

    def gain(self, before: tablic.State, after: tablic.State) -> float:
        """What the move from ``before`` to ``after`` and the rest of the deal add to seat 0's
        score difference."""
        if after.deal_number != before.deal_number or after.is_over:
            result = after.deal_results[-1]
            return float(result.scores[0] - result.scores[1]) - _tablic_diff(before)
        return _tablic_diff(after) - _tablic_diff(before) + self.value(after)

    def value(self, state: tablic.State) -> float:
        """The score difference for seat 0 still to come from ``state`` (every line)."""
        self.count()
        maximise = state.to_move == 0
        best = -1e9 if maximise else 1e9
        for move in self.moves(state):
            value = self.gain(state, state.play(move))
            best = max(best, value) if maximise else min(best, value)
        return best


def _tablic_diff(state: tablic.State) -> float:
    """Seat 0's card points and tablas so far this deal minus seat 1's."""
    points = [sum(tablic.card_points(c) for c in pile) for pile in state.piles]
    return float(points[0] + state.tablas[0] - points[1] - state.tablas[1])


class _PanjparSearch(_Search):
    """Minimax on seat 0's chance of winning (1, 1/2, 0), stopping early at a sure win."""

    def root(self, state: Any, seat: int) -> Ending:
        scored = []
        for move in self.moves(state):
            value = self.value(state.play(move))
            scored.append((move, value if seat == 0 else 1.0 - value))
        return _ending(seat, scored, (), self.nodes)

    def value(self, state: panjpar.State) -> float:
        if state.is_over:
            outcome = state.outcome
            assert outcome is not None
            return 0.5 if outcome.winner is None else float(outcome.winner == 0)
        key = None
        if self.memo is not None:
            key = (
                cards.mask(state.hands[0]),
                cards.mask(state.hands[1]),
                state.attack,
                state.to_move,
                state.attacker,
            )
            known = self.memo.get(key)
            if known is not None:
                return known
        self.count()
        maximise = state.to_move == 0
        target = 1.0 if maximise else 0.0
        best = 0.0 if maximise else 1.0
        for move in self.moves(state):
            value = self.value(state.play(move))
            best = max(best, value) if maximise else min(best, value)
            if best == target:  # a sure win cannot be bettered
                break
        if key is not None and self.memo is not None:
            self.memo[key] = best
        return best


class _PazaakSearch(_Search):
    """Expectimax for the seat to move alone (the opponent stands): the match value, with the
    set's chance of winning carried beside it."""

    def __init__(self, limit: int, memo: bool, seat: int) -> None:
        super().__init__(limit, memo)
        self.seat = seat
        self.set_number = -1
        self.pairs: dict[Hashable, tuple[float, float]] = {}

    def root(self, state: Any, seat: int) -> Ending:
        self.set_number = state.set_number
        scored = []
        sets = []
        for move in self.moves(state):
            match, won = self.after(state, move)
            scored.append((move, match))
            sets.append(won)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][1])
        values = tuple(scored[i] for i in order)
        return Ending(seat, values, tuple(sets[i] for i in order), self.nodes)

    def after(self, state: pazaak.State, move: pazaak.Move) -> tuple[float, float]:
        """(match value, set win chance) of ``move``, then the best play."""
        seat = self.seat
        if type(move) is pazaak.EndTurn and state.totals[seat] <= pazaak.TARGET:
            return self.draw(state)
        return self.value(state.play(move))

    def draw(self, state: pazaak.State) -> tuple[float, float]:
        """Ending the turn at 20 or less: the seat draws again (the opponent stands)."""
        left = unseen(state)
        total = sum(count for _, count in left)
        match = won = 0.0
        end = pazaak.END_TURN
        for card, count in left:
            a, b = self.value(state.play_drawing(end, card))
            match += count * a
            won += count * b
        return match / total, won / total

    def value(self, state: pazaak.State) -> tuple[float, float]:
        seat = self.seat
        if state.is_over or state.set_number != self.set_number:
            return set_end_value(state, seat)
        key = None
        if self.memo is not None:
            key = _pazaak_key(state, seat)
            known = self.pairs.get(key)
            if known is not None:
                return known
        self.count()
        best = (-1.0, -1.0)
        for move in self.moves(state):
            best = max(best, self.after(state, move))
        if key is not None:
            self.pairs[key] = best
        return best


def _pazaak_key(state: pazaak.State, seat: int) -> Hashable:
    """What decides the rest of the set for ``seat`` alone. Without gold cards in the hand
    only the total and the number of cards on the table matter (Z-S12), not their order;
    a gold card (Double, Flip) reads the table itself, so then the table is the key. The
    main-deck cards on the seat's table, sorted, tell what is left to draw (the standing
    opponent's table does not change)."""
    hand = state.hands[seat]
    mine = state.placed[seat]
    placed: object = (state.totals[seat], len(mine))
    if any(card.is_gold for card in hand):
        placed = mine
    drawn = tuple(sorted(src for src, _ in mine if src.__class__ is int))
    return (placed, hand, state.played_this_turn, drawn)


def _ending(
    seat: int, scored: list[tuple[Move, float]], sets: tuple[float, ...], nodes: int
) -> Ending:
    """The moves best first (the order of the legal moves breaks ties)."""
    ordered = sorted(scored, key=lambda pair: -pair[1])
    return Ending(seat, tuple(ordered), sets, nodes)
