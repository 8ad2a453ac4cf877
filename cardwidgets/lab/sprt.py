"""The stopping rule: a sequential probability ratio test on pairs of duplicate games.

Two bots play pairs of games on the same deal with seats swapped; each pair scores 0, ½, 1, 1½
or 2 for bot ``a`` (a *pentanomial* outcome, as chess engine testers count game pairs on the
same opening). The test decides between

* H0: ``a`` is ``elo0`` Elo better than ``b`` (or less), and
* H1: ``a`` is ``elo1`` Elo better (or more),

with error rates ``alpha`` (accepting H1 when H0 is true) and ``beta`` (accepting H0 when H1 is
true). After each pair the log-likelihood ratio (LLR) is compared with Wald's bounds
``log(beta / (1 - alpha))`` (below it: H0) and ``log((1 - beta) / alpha)`` (above it: H1).

The LLR is the *generalised* SPRT's, as Fishtest (its ``LLRcalc`` by Michel Van den Bergh)
and OpenBench compute it for pentanomial counts; written anew here: the five outcome
probabilities are not known, so each hypothesis takes the maximum-likelihood
pentanomial distribution whose expected score is that hypothesis' score, and the LLR is the log
of the ratio of the two likelihoods. Elo is logistic: a score share ``s`` means
``400·log10(s / (1 - s))`` Elo. The constrained maximum is ``p_i = q_i / (1 + λ (x_i − s))``
with ``q`` the observed frequencies, ``x_i`` the pair outcomes per game (0, ¼, ½, ¾, 1) and
``λ`` the root of ``Σ q_i (x_i − s) / (1 + λ (x_i − s)) = 0``. A tiny 10⁻³ is added to every
count (Fishtest puts 10⁻³ in place of an empty one), so the first few pairs, all alike, give a
finite LLR. Like every GSPRT, the test is asymptotic: its error rates hold closely once a run
has some tens of pairs (checked by simulation in ``tests/test_lab_sprt.py``).

>>> test = SPRT(elo0=0, elo1=50, alpha=0.05, beta=0.05)
>>> round(test.lower, 3), round(test.upper, 3)
(-2.944, 2.944)
>>> round(test.llr((10, 20, 40, 20, 10)), 2), test.status((10, 20, 40, 20, 10))
(-3.35, 'H0')
>>> test.status((0, 5, 20, 60, 40))
'H1'
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Sequence

from cardwidgets import i18n
from cardwidgets.lab import contest_words as contest_words
from cardwidgets.lab.errors import LabError

__all__ = ["OUTCOMES", "SPRT", "elo_of", "pentanomial", "score_of"]

OUTCOMES = (0.0, 0.25, 0.5, 0.75, 1.0)
"""A pair of games' outcome for ``a``, per game: 0, ½, 1, 1½ or 2 points out of 2."""

_REGULARISE = 1e-3


def score_of(elo: float) -> float:
    """The expected score share of a player ``elo`` points better (logistic Elo).

    >>> score_of(0), round(score_of(400), 4)
    (0.5, 0.9091)
    """
    return 1 / (1 + 10 ** (-elo / 400))


def elo_of(score: float) -> float:
    """The Elo difference whose expected score share is ``score`` (±inf at 1 and 0).

    >>> round(elo_of(0.75), 1)
    190.8
    """
    if score <= 0:
        return -math.inf
    if score >= 1:
        return math.inf
    return 400 * math.log10(score / (1 - score))


def pentanomial(pair_scores: Sequence[float]) -> tuple[int, int, int, int, int]:
    """Counts of pairs scoring 0, ½, 1, 1½ and 2 for ``a``.

    >>> pentanomial([2, 1.5, 1, 1, 0])
    (1, 0, 2, 1, 1)
    """
    counts = [0] * 5
    for score in pair_scores:
        index = 2 * score if isinstance(score, (int, float)) and not isinstance(score, bool) else -1
        if index not in (0, 1, 2, 3, 4):
            raise LabError("contest.bad_pair_score", value=i18n.shown(score))
        counts[int(index)] += 1
    return counts[0], counts[1], counts[2], counts[3], counts[4]


def _rate(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value < 0.5:
        raise LabError("contest.bad_error_rate", name=name, value=i18n.shown(value))
    return float(value)


def _constrained_log_likelihood(frequencies: Sequence[float], score: float) -> float:
    """``Σ q_i log p_i`` for the distribution ``p`` nearest ``q`` (maximum likelihood) whose
    expected outcome is ``score``: ``p_i = q_i / (1 + λ (x_i − score))``."""
    shifts = [x - score for x in OUTCOMES]
    # λ lies where every 1 + λ·shift stays positive; the root's function falls across it.
    low = -1 / max(shifts) + 1e-12
    high = -1 / min(shifts) - 1e-12

    lam = 0.0
    for _ in range(200):  # Newton's method kept inside the bracket (bisection when it leaves)
        slope = curve = 0.0
        for q, d in zip(frequencies, shifts, strict=True):
            term = d / (1 + lam * d)
            slope += q * term
            curve += q * term * term
        if slope > 0:
            low = lam
        else:
            high = lam
        if abs(slope) < 1e-13 or high - low < 1e-15:
            break
        step = lam + slope / curve
        lam = step if low < step < high else (low + high) / 2
    return sum(
        q * math.log(q / (1 + lam * d)) for q, d in zip(frequencies, shifts, strict=True) if q > 0
    )


@dataclasses.dataclass(frozen=True)
class SPRT:
    """A sequential test of H0 (``elo0``) against H1 (``elo1``) at error rates ``alpha`` and
    ``beta``, on pentanomial counts (see the module's text)."""

    elo0: float = 0.0
    elo1: float = 50.0
    alpha: float = 0.05
    beta: float = 0.05

    def __post_init__(self) -> None:
        finite = all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and math.isfinite(v)
            for v in (self.elo0, self.elo1)
        )
        if not finite or not self.elo0 < self.elo1:
            raise LabError(
                "contest.bad_elo_bounds",
                elo0=i18n.shown(self.elo0),
                elo1=i18n.shown(self.elo1),
            )
        _rate("alpha", self.alpha)
        _rate("beta", self.beta)

    @property
    def lower(self) -> float:
        """Wald's lower bound ``log(beta / (1 - alpha))``: at or below it, accept H0."""
        return math.log(self.beta / (1 - self.alpha))

    @property
    def upper(self) -> float:
        """Wald's upper bound ``log((1 - beta) / alpha)``: at or above it, accept H1."""
        return math.log((1 - self.beta) / self.alpha)

    def llr(self, counts: Sequence[int]) -> float:
        """The generalised log-likelihood ratio of H1 over H0 for pentanomial ``counts``."""
        regular = [n + _REGULARISE for n in counts]
        total = sum(regular)
        frequencies = [n / total for n in regular]
        one = _constrained_log_likelihood(frequencies, score_of(self.elo1))
        zero = _constrained_log_likelihood(frequencies, score_of(self.elo0))
        return total * (one - zero)

    def status(self, counts: Sequence[int]) -> str | None:
        """``"H1"`` or ``"H0"`` once the LLR crosses a bound, else None."""
        value = self.llr(counts)
        if value >= self.upper:
            return "H1"
        if value <= self.lower:
            return "H0"
        return None
