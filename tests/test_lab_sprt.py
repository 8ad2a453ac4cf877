"""The stopping rule's statistics: the pentanomial GSPRT's log-likelihood ratio, Wald's bounds,
and its error rates checked by simulation on synthetic pair outcomes of known strength."""

from __future__ import annotations

import math
import random

import pytest

from cardwidgets.lab import LabError
from cardwidgets.lab.sprt import OUTCOMES, SPRT, elo_of, pentanomial, score_of


def _with_mean(base: list[float], score: float) -> list[float]:
    """``base`` exponentially tilted until its expected outcome is ``score``."""
    low, high = -60.0, 60.0
    for _ in range(80):
        tilt = (low + high) / 2
        weights = [b * math.exp(tilt * x) for b, x in zip(base, OUTCOMES, strict=True)]
        mean = sum(w * x for w, x in zip(weights, OUTCOMES, strict=True)) / sum(weights)
        low, high = (tilt, high) if mean < score else (low, tilt)
    total = sum(weights)
    return [w / total for w in weights]


def _decide(test: SPRT, probabilities: list[float], rng: random.Random) -> str | None:
    counts = [0] * 5
    for _ in range(3000):
        counts[rng.choices(range(5), probabilities)[0]] += 1
        decided = test.status(counts)
        if decided is not None:
            return decided
    return None


def test_the_error_rates_hold_by_simulation() -> None:
    # 600 runs where H0 is true (a no better than b) and 600 where H1 is (a is elo1 better):
    # wrong decisions stay within alpha and beta, allowing three standard errors of sampling
    # noise. A wrong sign or wrong bounds would give rates near 1 or near 0.5.
    test = SPRT(elo0=0, elo1=100, alpha=0.1, beta=0.1)
    base = [0.1, 0.2, 0.4, 0.2, 0.1]
    rng = random.Random(2026)
    runs = 600
    noise = 3 * math.sqrt(0.1 * 0.9 / runs)
    under_h0 = [_decide(test, _with_mean(base, score_of(0)), rng) for _ in range(runs)]
    under_h1 = [_decide(test, _with_mean(base, score_of(100)), rng) for _ in range(runs)]
    assert None not in under_h0 and None not in under_h1
    assert under_h0.count("H1") / runs <= test.alpha + noise
    assert under_h1.count("H0") / runs <= test.beta + noise
    # And the test has power: the right answer is the usual one.
    assert under_h0.count("H0") / runs >= 0.8 and under_h1.count("H1") / runs >= 0.8


def test_wald_bounds() -> None:
    test = SPRT(elo0=-10, elo1=10, alpha=0.05, beta=0.2)
    assert test.lower == pytest.approx(math.log(0.2 / 0.95))
    assert test.upper == pytest.approx(math.log(0.8 / 0.05))


def test_the_llr_matches_the_normal_approximation_for_close_hypotheses() -> None:
    # For close Elo bounds and many pairs the GSPRT's LLR tends to
    # N (s1 − s0)(2 m − s0 − s1) / (2 σ²), with m and σ² the outcomes' mean and variance.
    counts = (400, 1800, 4000, 2200, 600)
    total = sum(counts)
    mean = sum(n * x for n, x in zip(counts, OUTCOMES, strict=True)) / total
    variance = sum(n * (x - mean) ** 2 for n, x in zip(counts, OUTCOMES, strict=True)) / total
    test = SPRT(elo0=0, elo1=5)
    s0, s1 = score_of(0), score_of(5)
    approximate = total * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance)
    assert test.llr(counts) == pytest.approx(approximate, rel=0.02)
    assert test.llr(counts) > 0  # the counts lean towards a


def test_the_llr_leans_the_right_way_and_is_finite_from_the_first_pair() -> None:
    test = SPRT(elo0=0, elo1=50)
    assert test.llr((0, 0, 0, 0, 1)) > 0 > test.llr((1, 0, 0, 0, 0))
    assert math.isfinite(test.llr((0, 0, 1, 0, 0)))
    assert test.status((0, 0, 0, 0, 0)) is None
    assert test.status((0, 5, 20, 60, 40)) == "H1"
    assert test.status((40, 60, 20, 5, 0)) == "H0"


def test_score_and_elo_are_inverse_and_pentanomial_counts_pairs() -> None:
    for elo in (-300.0, -20.0, 0.0, 70.0, 400.0):
        assert elo_of(score_of(elo)) == pytest.approx(elo)
    assert elo_of(1.0) == math.inf and elo_of(0.0) == -math.inf
    assert pentanomial([0, 0.5, 1, 1.5, 2, 2]) == (1, 1, 1, 1, 2)


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"elo0": 10, "elo1": 10}, "contest.bad_elo_bounds"),
        ({"elo0": 0, "elo1": math.inf}, "contest.bad_elo_bounds"),
        ({"elo1": "50"}, "contest.bad_elo_bounds"),
        ({"alpha": 0}, "contest.bad_error_rate"),
        ({"beta": 0.7}, "contest.bad_error_rate"),
        ({"alpha": True}, "contest.bad_error_rate"),
    ],
)
def test_bad_bounds_get_a_sentence(options: dict[str, object], key: str) -> None:
    with pytest.raises(LabError) as caught:
        SPRT(**options)  # type: ignore[arg-type]
    assert caught.value.key == key and caught.value.text("de") != caught.value.text("en")


def test_a_pair_score_that_is_no_pair_score_is_refused() -> None:
    for bad in (3, 0.3, "1", None, True):
        with pytest.raises(LabError) as caught:
            pentanomial([bad])  # type: ignore[list-item]
        assert caught.value.key == "contest.bad_pair_score"
