"""Information-set Monte Carlo tree search over the engine contract, for any two-seat game.

This is single-observer ISMCTS (Cowling, Powley and Whitehouse, "Information Set Monte Carlo
Tree Search", IEEE TCIAIG 2012). Each iteration

1. samples a *determinization*: ``state.determinize(seat, rng)`` deals the cards hidden from
   ``seat`` (the opponent's unknown cards, the stock order) at random, consistently with what the
   seat has seen, so the searcher never looks at the real hidden cards;
2. descends one shared tree whose edges are moves, choosing among the moves legal in this
   determinization with UCB1 corrected for *availability* (a move that is legal in only some
   determinizations is judged by how often it was available, not how often the node was
   visited);
3. expands one untried move, plays the rest with a cheap rollout policy (uniformly random by
   default; a game may supply a better one) up to the end or to a horizon, scores the result
   with ``evaluate`` (a value in [0, 1] for seat 0; the game is zero-sum, so seat 1 gets
   ``1 - v``), and backs that value up the path.

The answer is the most visited move at the root, unless a ``default`` move (a rule of thumb)
is given and the favourite does not beat it by ``confidence`` standard errors. Optionally
(``observe``) the positions after a move are told apart by what the searching seat then
observes (its new cards, the public draws), so its later decisions are not averaged over
chance events it will have seen; ``candidates`` prunes huge move lists to the sensible few.

Trade-offs: one tree for every determinization makes the search cheap and lets statistics
from all samples meet at the seat's own decision, at the price of "strategy fusion" (the
opponent's nodes are also shared across different hidden hands). Rollouts are where the
time goes; short horizons (one Tablić deal, one Pazaak set) trade bias for many more samples.
A budget counts iterations (reproducible: same seed, same answer) and may also cap wall time
(then the answer depends on the machine's speed).

A tiny self-contained example: take 1 or 2 counters, who takes the last one wins. From 4
counters, taking 1 (leaving 3) wins.

>>> from cardwidgets import cards
>>> class Nim:
...     game = "nim"
...     def __init__(self, n, to_move=0): self.n, self._to_move = n, to_move
...     is_over = property(lambda self: self.n == 0)
...     to_move = property(lambda self: None if self.n == 0 else self._to_move)
...     def legal_moves(self): return [k for k in (1, 2) if k <= self.n]
...     def play(self, k): return Nim(self.n - k, 1 - self._to_move)
...     def determinize(self, seat, rng): return self
...     def winner(self): return 1 - self._to_move
>>> result = search(Nim(4), 0, cards.Rng(1), iterations=300,
...                 evaluate=lambda s: 1.0 if s.winner() == 0 else 0.0)
>>> result.move, result.iterations
(1, 300)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from cardwidgets.cards import Rng
from cardwidgets.core import GameState, Move

__all__ = ["Node", "SearchResult", "outcome_value", "random_policy", "search"]

S = TypeVar("S", bound="GameState[Any]")
"""The game's state class (``tablic.State`` …): a search keeps to one game."""
M = TypeVar("M", bound=Move)
"""The game's move class."""
M_co = TypeVar("M_co", bound=Move, covariant=True)

Policy = Callable[[S, Rng], M]
"""A rollout policy: ``policy(state, rng)`` returns one of ``state.legal_moves()``."""

Evaluate = Callable[[S], float]
"""The value of a (finished or horizon) state for seat 0, in [0, 1]."""

Stop = Callable[[S], bool]
"""Says when a rollout may stop before the game is over."""

Horizon = Callable[[S], "Stop[S] | None"]
"""``horizon(root)`` gives the :data:`Stop` test for rollouts from ``root`` (None: none)."""

Playout = Callable[[S, Rng], float]
"""``playout(state, rng)``: the value of a rollout from ``state`` (what the loop of ``policy``
to the horizon and ``evaluate`` give, for the same stream), computed without making states."""

Observe = Callable[[S, int], Hashable]
"""``observe(state, seat)``: what ``seat`` sees of ``state`` that moves alone do not tell (its
own new cards, public draws), as a hashable key. Positions after one move with different keys
get separate subtrees."""

Candidates = Callable[[S], list[M]]
"""``candidates(state)``: the moves the tree considers (a subset of the legal moves). Games with
hundreds of legal moves (a Panjpar defence pairs attack and hand cards in many ways) prune them
to the sensible few, or a small budget would never look past the first level."""


def _legal(state: GameState[M]) -> list[M]:
    return state.legal_moves()


def random_policy(state: GameState[M], rng: Rng) -> M:
    """The default rollout policy: a uniformly random legal move."""
    moves = state.legal_moves()
    return moves[rng.below(len(moves))]


def outcome_value(state: GameState[M]) -> float:
    """1 if seat 0 won the finished game, 0 if it lost, 0.5 for a draw."""
    outcome = state.outcome
    assert outcome is not None, "only a finished game has an outcome"
    winner = outcome.winner
    return 0.5 if winner is None else (1.0 if winner == 0 else 0.0)


class Node:
    """One edge of the tree: the move that led here and who made it, with its statistics."""

    __slots__ = (
        "available",
        "branches",
        "children",
        "move",
        "seat",
        "squares",
        "total",
        "visits",
    )

    def __init__(self, move: object = None, seat: int = -1) -> None:
        self.move = move
        self.seat = seat
        self.children: dict[Hashable, Node] = {}
        # With an ``observe`` function the positions after this move are told apart by what
        # the searching seat then observes (its new cards, the totals after a draw): one
        # subtree per observation, so its later decisions are not averaged over chance.
        self.branches: dict[Hashable, Node] | None = None
        self.visits = 0
        self.available = 0
        self.total = 0.0  # sum of values from the point of view of `seat`
        self.squares = 0.0  # sum of squared values, for the standard error


@dataclass(frozen=True)
class SearchResult(Generic[M_co]):
    """What a search found: the move, and per root move its visits and mean value."""

    move: M_co
    iterations: int
    seconds: float
    stats: dict[str, tuple[int, float]] = field(default_factory=dict)


def _key(move: object) -> Hashable:
    try:
        hash(move)
    except TypeError:
        return str(move)
    return move


def search(
    state: S,
    seat: int,
    rng: Rng,
    *,
    iterations: int | None = 1000,
    time_limit: float | None = None,
    policy: Policy[S, M] = random_policy,
    evaluate: Evaluate[S] = outcome_value,
    horizon: Horizon[S] | None = None,
    candidates: Candidates[S, M] | None = None,
    observe: Observe[S] | None = None,
    playout: Playout[S] | None = None,
    default: M | None = None,
    confidence: float = 1.0,
    exploration: float = 0.7,
) -> SearchResult[M]:
    """Search from ``seat``'s information set at ``state`` and return the best move found.

    ``iterations`` and ``time_limit`` (seconds of wall time) bound the work; the search stops at
    whichever comes first (at least one iteration runs). ``exploration`` is the UCB1 constant.

    ``default`` (a move, e.g. what a rule of thumb would play) is kept unless the search's
    favourite beats its mean value by more than ``confidence`` standard errors: small budgets
    then never do worse than the rule of thumb through sampling noise alone.

    ``playout``, if given, replaces the rollout loop (``policy`` to ``horizon``, then
    ``evaluate``) by one call that must give the same value for the same stream.
    """
    if iterations is None and time_limit is None:
        raise ValueError("give iterations, time_limit or both")
    moves_of = candidates if candidates is not None else _legal
    root_moves = moves_of(state)
    if len(root_moves) == 1:
        return SearchResult(root_moves[0], 0, 0.0, {str(root_moves[0]): (0, 0.0)})
    stop = horizon(state) if horizon is not None else None
    root = Node()
    start = time.perf_counter()
    deadline = None if time_limit is None else start + time_limit
    done = 0
    while True:
        det = state.determinize(seat, rng)
        _iterate(
            det, seat, root, rng, moves_of, policy, evaluate, stop, observe, playout, exploration
        )
        done += 1
        if iterations is not None and done >= iterations:
            break
        if deadline is not None and time.perf_counter() >= deadline:
            break
    seconds = time.perf_counter() - start
    result = _result(root, root_moves, done, seconds)
    if default is not None and result.move != default:
        favourite = root.children.get(_key(result.move))
        fallback = root.children.get(_key(default))
        if favourite is not None and fallback is not None and fallback.visits > 1:
            gap = favourite.total / favourite.visits - fallback.total / fallback.visits
            if gap <= confidence * math.sqrt(_variance(favourite) + _variance(fallback)):
                return SearchResult(default, done, seconds, result.stats)
    return result


def _variance(node: Node) -> float:
    """Squared standard error of the node's mean value."""
    n = node.visits
    if n < 2:
        return 0.25
    mean = node.total / n
    return max(0.0, node.squares / n - mean * mean) / (n - 1)


def _iterate(
    state: S,
    seat: int,
    root: Node,
    rng: Rng,
    moves_of: Candidates[S, M],
    policy: Policy[S, M],
    evaluate: Evaluate[S],
    stop: Stop[S] | None,
    observe: Observe[S] | None,
    playout: Playout[S] | None,
    exploration: float,
) -> None:
    """One iteration on one determinization: descend, expand, roll out, back the value up."""
    state, path = _descend(state, seat, root, rng, moves_of, stop, observe, exploration)
    if playout is not None:
        value = playout(state, rng)
    else:
        while not state.is_over and not (stop is not None and stop(state)):
            state = state.play(policy(state, rng))
        value = evaluate(state)
    for step in path:
        mine = value if step.seat == 0 else 1.0 - value
        step.visits += 1
        step.total += mine
        step.squares += mine * mine


def _descend(
    state: S,
    seat: int,
    root: Node,
    rng: Rng,
    moves_of: Candidates[S, M],
    stop: Stop[S] | None,
    observe: Observe[S] | None,
    exploration: float,
) -> tuple[S, list[Node]]:
    """Selection and expansion: follow UCB1 with availability down the tree until a move has
    not been tried yet, add its node, and return the state after it with the path taken."""
    node = root
    path: list[Node] = []
    while not state.is_over and not (stop is not None and stop(state)):
        mover = state.to_move
        moves = moves_of(state)
        children = node.children
        untried = []
        best: Node | None = None
        best_score = -math.inf
        for move in moves:
            child = children.get(_key(move))
            if child is None:
                untried.append(move)
                continue
            child.available += 1
            if not untried:
                score = child.total / child.visits + exploration * math.sqrt(
                    math.log(child.available) / child.visits
                )
                if score > best_score:
                    best, best_score = child, score
        if untried:
            move = untried[rng.below(len(untried))]
            child = Node(move, -1 if mover is None else mover)
            child.available = 1
            children[_key(move)] = child
            path.append(child)
            return state.play(move), path
        assert best is not None
        path.append(best)
        state = state.play(best.move)
        node = best
        if observe is not None:
            if best.branches is None:
                best.branches = {}
            seen = observe(state, seat)
            branch = best.branches.get(seen)
            if branch is None:
                branch = best.branches[seen] = Node()
            node = branch
    return state, path


def _result(root: Node, root_moves: list[M], done: int, seconds: float) -> SearchResult[M]:
    stats: dict[str, tuple[int, float]] = {}
    best_move = root_moves[0]
    best_rank: tuple[int, float] = (-1, -1.0)
    for move in root_moves:  # legal_moves() order breaks ties: deterministic
        child = root.children.get(_key(move))
        visits = child.visits if child is not None else 0
        mean = child.total / child.visits if child is not None and child.visits else 0.0
        stats[str(move)] = (visits, mean)
        if (visits, mean) > best_rank:
            best_move, best_rank = move, (visits, mean)
    return SearchResult(best_move, done, seconds, stats)
