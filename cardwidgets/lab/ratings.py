"""Ratings from game results: Elo by maximum likelihood, a crosstable, duplicate-deal scores.

The model is Bradley–Terry on the logistic Elo scale: player ``i`` scores against ``j`` with
expected value ``1 / (1 + 10 ** ((R_j - R_i) / 400))``, and a game's score (1, ½ or 0 for the
first player) counts as that many wins out of one game (a draw is half a win and half a loss:
the usual binomial quasi-likelihood that Elo and rating tools such as Ordo fit). The
ratings maximise the likelihood of all games at once, by Newton's method, with one named player
(the *anchor*) held at 0.

* **The prior.** A player who won or lost every game has no finite maximum. So every pair of
  players that met gets ``prior_draws`` virtual drawn games (default one): the estimate stays
  finite, shrinks a little towards equal strength, and does not depend on which player is the
  anchor. With 3 wins out of 3, the difference is ``400·log10(3.5 / 0.5) ≈ 338`` Elo.
* **Intervals.** 95 % Wald intervals from the *observed information* (the negative Hessian of
  the log-likelihood at the maximum, the anchor's row and column removed): each rating's
  interval is relative to the anchor, whose own interval is ``[0, 0]``.
* **Duplicate deals.** A result may carry a fourth item, the deal it was dealt from. The two
  games of a pair of players on the same deal (seats swapped) form a *duplicate pair*, scoring
  0, ½, 1, 1½ or 2 for the first-named player: luck of the deal cancels in the pair's sum.

>>> table = ratings([("a", "b", 1), ("a", "b", 1), ("a", "b", 0.5), ("b", "a", 1)], anchor="b")
>>> [(r.name, round(r.elo, 1)) for r in table]  # a: 2½ + ½ virtual of 5 = 0.6 -> 70.4 Elo
[('a', 70.4), ('b', 0.0)]
>>> table.anchor, table.pair("a", "b").wins, table.pair("b", "a").losses
('b', 2, 2)
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable, Iterator, Sequence

from cardwidgets import i18n
from cardwidgets.lab import contest_words as contest_words
from cardwidgets.lab.errors import LabError
from cardwidgets.lab.stats import Z95

__all__ = ["ELO_PER_NAT", "Duplicate", "Pair", "Rating", "Ratings", "ratings"]

ELO_PER_NAT = 400 / math.log(10)
"""Elo points per unit of the natural log-odds (about 173.7)."""

Result = Sequence[object]
"""``(first, second, score_of_first)`` or ``(first, second, score_of_first, deal)``."""

_SCORES = (0.0, 0.5, 1.0)


@dataclasses.dataclass(frozen=True)
class Rating:
    """One player's rating: ``elo`` with its 95 % interval ``low``–``high`` (relative to the
    anchor), and the games, points scored and wins/draws/losses behind it."""

    name: str
    elo: float
    low: float
    high: float
    games: int
    score: float
    wins: int
    draws: int
    losses: int


@dataclasses.dataclass(frozen=True)
class Pair:
    """The crosstable entry of ``first`` against ``second``: games, wins/draws/losses of
    ``first`` and its points (``score``, out of ``games``)."""

    first: str
    second: str
    games: int
    wins: int
    draws: int
    losses: int
    score: float

    @property
    def share(self) -> float:
        """``score / games`` (NaN when they never met)."""
        return self.score / self.games if self.games else math.nan


@dataclasses.dataclass(frozen=True)
class Duplicate:
    """The duplicate-deal score of ``first`` against ``second``: over ``deals`` complete pairs
    of games (the same deal, seats swapped), ``pentanomial[k]`` pairs in which ``first`` scored
    ``k / 2`` (0, ½, 1, 1½, 2), and its points in them (``score``, out of ``2 * deals``)."""

    first: str
    second: str
    deals: int
    pentanomial: tuple[int, int, int, int, int]
    score: float

    @property
    def share(self) -> float:
        """``score / (2 * deals)`` (NaN without a complete pair)."""
        return self.score / (2 * self.deals) if self.deals else math.nan

    @property
    def won(self) -> int:
        """Deals on which ``first`` did better than ``second`` (the pair scored over 1)."""
        return self.pentanomial[3] + self.pentanomial[4]

    @property
    def lost(self) -> int:
        """Deals on which ``first`` did worse (the pair scored under 1)."""
        return self.pentanomial[0] + self.pentanomial[1]


@dataclasses.dataclass(frozen=True)
class Ratings:
    """The ratings of every player, best first, the anchor, and the per-pair tables."""

    players: tuple[Rating, ...]
    anchor: str
    prior_draws: float
    pairs: dict[tuple[str, str], Pair]
    duplicates: dict[tuple[str, str], Duplicate]
    names: tuple[str, ...]
    """The players in the order they first appeared (the crosstable's order)."""

    def __iter__(self) -> Iterator[Rating]:
        return iter(self.players)

    def __len__(self) -> int:
        return len(self.players)

    def __getitem__(self, name: str) -> Rating:
        for rating in self.players:
            if rating.name == name:
                return rating
        raise LabError("contest.bad_anchor", anchor=i18n.shown(name), names=", ".join(self.names))

    def pair(self, first: str, second: str) -> Pair:
        """The crosstable entry of ``first`` against ``second`` (zeros when they never met)."""
        found = self.pairs.get((first, second))
        return found if found is not None else Pair(first, second, 0, 0, 0, 0, 0.0)

    def duplicate(self, first: str, second: str) -> Duplicate:
        """The duplicate-deal score of ``first`` against ``second``."""
        found = self.duplicates.get((first, second))
        return found if found is not None else Duplicate(first, second, 0, (0, 0, 0, 0, 0), 0.0)


# -- reading the results ----------------------------------------------------------------------


def _checked(result: object) -> tuple[str, str, float, object]:
    """One result as (first, second, score, deal or None), or a sentence saying what is wrong."""
    if not isinstance(result, (tuple, list)) or len(result) not in (3, 4):
        raise LabError("contest.bad_result", result=i18n.shown(result))
    first, second, score = result[0], result[1], result[2]
    ok = isinstance(first, str) and isinstance(second, str)
    if not (ok and isinstance(score, (int, float)) and not isinstance(score, bool)):
        raise LabError("contest.bad_result", result=i18n.shown(result))
    if float(score) not in _SCORES:
        raise LabError("contest.bad_result", result=i18n.shown(result))
    if first == second:
        raise LabError("contest.self_game", name=i18n.shown(first))
    deal = result[3] if len(result) == 4 else None
    return str(first), str(second), float(score), deal


def _tally(games: list[tuple[str, str, float, object]]) -> dict[tuple[str, str], Pair]:
    """Both directions of every pair that met: games, wins, draws, losses and points."""
    counts: dict[tuple[str, str], list[float]] = {}
    for first, second, score, _ in games:
        for me, you, mine in ((first, second, score), (second, first, 1 - score)):
            entry = counts.setdefault((me, you), [0, 0, 0, 0, 0.0])
            entry[0] += 1
            entry[1 + _SCORES[::-1].index(mine)] += 1  # 1.0 -> wins, 0.5 -> draws, 0.0 -> losses
            entry[4] += mine
    return {
        key: Pair(key[0], key[1], int(n), int(w), int(d), int(lost), s)
        for key, (n, w, d, lost, s) in counts.items()
    }


def _duplicates(games: list[tuple[str, str, float, object]]) -> dict[tuple[str, str], Duplicate]:
    """The duplicate pairs: two games of the same players on the same deal, seats swapped."""
    seen: dict[tuple[str, str, object], list[float]] = {}
    for first, second, score, deal in games:
        if deal is None:
            continue
        low, high = sorted((first, second))
        seen.setdefault((low, high, deal), []).append(score if first == low else 1 - score)
    tallies: dict[tuple[str, str], list[int]] = {}
    for (low, high, _), scores in seen.items():
        for at in range(0, len(scores) - 1, 2):  # complete pairs only, in the order played
            tallies.setdefault((low, high), [0] * 5)[round(2 * (scores[at] + scores[at + 1]))] += 1
    found: dict[tuple[str, str], Duplicate] = {}
    for (low, high), penta in tallies.items():
        deals, points = sum(penta), sum(k / 2 * n for k, n in enumerate(penta))
        found[(low, high)] = Duplicate(low, high, deals, _five(penta), points)
        found[(high, low)] = Duplicate(high, low, deals, _five(penta[::-1]), 2 * deals - points)
    return found


def _five(counts: Sequence[int]) -> tuple[int, int, int, int, int]:
    return (counts[0], counts[1], counts[2], counts[3], counts[4])


# -- the maximum-likelihood fit ---------------------------------------------------------------


def _solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """``matrix⁻¹ · vector`` by Gaussian elimination with partial pivoting (a few players: the
    lab needs no numpy, which the classroom site cannot install)."""
    n = len(vector)
    rows = [[*matrix[i], vector[i]] for i in range(n)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(rows[r][col]))
        rows[col], rows[pivot] = rows[pivot], rows[col]
        head = rows[col][col]
        for r in range(n):
            if r != col and rows[r][col]:
                factor = rows[r][col] / head
                rows[r] = [a - factor * b for a, b in zip(rows[r], rows[col], strict=True)]
    return [rows[i][n] / rows[i][i] for i in range(n)]


def _fit(
    names: Sequence[str], pairs: dict[tuple[str, str], Pair], anchor: str, prior: float
) -> tuple[list[float], list[float]]:
    """The ratings in natural log-odds (anchor 0) and each one's variance, by Newton's method
    on the log-likelihood with ``prior`` virtual draws for every pair that met."""
    free = [name for name in names if name != anchor]
    where = {name: i for i, name in enumerate(free)}
    theta = dict.fromkeys(names, 0.0)
    info: list[list[float]] = []
    step: list[float] = []
    for _ in range(100):
        grad = [0.0] * len(free)
        info = [[0.0] * len(free) for _ in free]
        for (me, you), pair in pairs.items():
            if me not in where:
                continue
            i = where[me]
            expected = 1 / (1 + math.exp(theta[you] - theta[me]))
            games = pair.games + prior
            grad[i] += pair.score + prior / 2 - games * expected
            weight = games * expected * (1 - expected)
            info[i][i] += weight
            if you in where:
                info[i][where[you]] -= weight
        try:
            step = _solve(info, grad) if free else []
        except ZeroDivisionError:  # no information left: the ratings ran off to infinity
            step = [math.inf]
            break
        for name, delta in zip(free, step, strict=True):
            theta[name] += max(-3.0, min(3.0, delta))  # damped: no overshoot from a wild start
        if max(map(abs, step), default=0.0) < 1e-10:
            break
    if max(map(abs, step), default=0.0) >= 1e-10:
        # Only without the prior: someone won or lost every game, and no rating is finite.
        raise LabError("contest.no_maximum")
    variances = [_solve(info, [float(i == j) for j in range(len(free))])[i] for i in where.values()]
    return [theta[name] for name in names], [
        0.0 if name == anchor else variances[where[name]] for name in names
    ]


def _linked(names: Sequence[str], pairs: dict[tuple[str, str], Pair], anchor: str) -> set[str]:
    """The players linked to ``anchor`` by a chain of games."""
    reached, todo = {anchor}, [anchor]
    while todo:
        me = todo.pop()
        for you in names:
            if you not in reached and (me, you) in pairs:
                reached.add(you)
                todo.append(you)
    return reached


def ratings(
    results: Iterable[Result], *, anchor: str | None = None, prior_draws: float = 1.0
) -> Ratings:
    """Ratings of every player of ``results``, each ``(first, second, score_of_first)`` or
    ``(first, second, score_of_first, deal)``; anchored at ``anchor`` = 0 Elo (default:
    ``"greedy"`` if it played, else the first player named), ``prior_draws`` virtual draws per
    pair that met (see the module's text).

    >>> table = ratings([("x", "y", 1), ("y", "x", 0), ("x", "y", 1)], anchor="x")
    >>> [(r.name, round(r.elo), round(r.low), round(r.high)) for r in table]
    [('x', 0, 0, 0), ('y', -338, -853, 177)]
    """
    if isinstance(prior_draws, bool) or not isinstance(prior_draws, (int, float)):
        raise LabError("contest.bad_prior", value=i18n.shown(prior_draws))
    if not 0 <= prior_draws <= 1000:
        raise LabError("contest.bad_prior", value=i18n.shown(prior_draws))
    games = [_checked(result) for result in results]
    if not games:
        raise LabError("contest.no_results")
    names = tuple(dict.fromkeys(name for game in games for name in game[:2]))
    if anchor is None:
        anchor = "greedy" if "greedy" in names else names[0]
    if anchor not in names:
        raise LabError("contest.bad_anchor", anchor=i18n.shown(anchor), names=", ".join(names))
    pairs = _tally(games)
    unlinked = [name for name in names if name not in _linked(names, pairs, anchor)]
    if unlinked:
        raise LabError("contest.unconnected", names=", ".join(unlinked), anchor=anchor)
    return _rated(names, pairs, _duplicates(games), anchor, float(prior_draws))


def _rated(
    names: tuple[str, ...],
    pairs: dict[tuple[str, str], Pair],
    duplicates: dict[tuple[str, str], Duplicate],
    anchor: str,
    prior: float,
) -> Ratings:
    theta, variances = _fit(names, pairs, anchor, prior)
    rated = []
    for name, value, variance in zip(names, theta, variances, strict=True):
        mine = [pair for (me, _), pair in pairs.items() if me == name]
        half = Z95 * math.sqrt(max(variance, 0.0)) * ELO_PER_NAT
        elo = value * ELO_PER_NAT
        rated.append(
            Rating(
                name=name,
                elo=elo,
                low=elo - half,
                high=elo + half,
                games=sum(p.games for p in mine),
                score=sum(p.score for p in mine),
                wins=sum(p.wins for p in mine),
                draws=sum(p.draws for p in mine),
                losses=sum(p.losses for p in mine),
            )
        )
    rated.sort(key=lambda r: (-r.elo, names.index(r.name)))
    return Ratings(tuple(rated), anchor, prior, pairs, duplicates, names)
