"""The lab's interval for a mean: Student's t, so a "95%" interval covers the true
mean 95% of the time at every sample size, not 85% at n = 4 as mean ± 1.96 standard errors did.

scipy is not in the dev environment, so the t quantiles are checked against the t distribution
computed here from its closed form (whole degrees of freedom) and against published tables.
"""

from __future__ import annotations

import itertools
import math
import random

import pytest

from cardwidgets.lab import estimate_mean
from cardwidgets.lab.stats import Z95, t95


def t_central(t: float, df: int) -> float:
    """P(|T| < t) for Student's t with ``df`` degrees of freedom, by the finite series in
    theta = atan(t / sqrt(df)) (Abramowitz and Stegun 26.7.3 and 26.7.4)."""
    theta = math.atan(t / math.sqrt(df))
    c2 = math.cos(theta) ** 2
    term = total = 1.0
    if df % 2:
        for k in range(1, (df - 1) // 2):
            term *= c2 * (2 * k) / (2 * k + 1)
            total += term
        series = math.sin(theta) * math.cos(theta) * total if df > 1 else 0.0
        return 2 / math.pi * (theta + series)
    for k in range(1, df // 2):
        term *= c2 * (2 * k - 1) / (2 * k)
        total += term
    return math.sin(theta) * total


def t_quantile_95(df: int) -> float:
    """The t with P(|T| < t) = 0.95, by bisection on :func:`t_central`."""
    low, high = 0.0, 100.0
    for _ in range(100):
        middle = (low + high) / 2
        low, high = (middle, high) if t_central(middle, df) < 0.95 else (low, middle)
    return (low + high) / 2


PUBLISHED = {
    1: 12.706,
    2: 4.303,
    3: 3.182,
    4: 2.776,
    5: 2.571,
    10: 2.228,
    20: 2.086,
    30: 2.042,
    40: 2.021,
    60: 2.000,
    120: 1.980,
}
"""Two-sided 95% points of t as printed in the usual tables (e.g. NIST/SEMATECH e-Handbook,
table 1.3.6.7.2)."""


def test_the_oracle_agrees_with_the_normal_and_the_Cauchy_limits() -> None:
    assert t_central(1.0, 1) == pytest.approx(0.5)  # Cauchy: P(|T| < 1) = 1/2
    assert t_quantile_95(100_000) == pytest.approx(Z95, abs=1e-4)


@pytest.mark.parametrize("df", range(1, 31))
def test_t95_table_is_the_t_distribution_quantile(df: int) -> None:
    assert t95(df) == pytest.approx(t_quantile_95(df), abs=1e-9)


@pytest.mark.parametrize("df", PUBLISHED)
def test_t95_matches_the_published_tables(df: int) -> None:
    assert round(t95(df), 3) == PUBLISHED[df]


def test_t95_beyond_the_table_is_accurate_and_falls_towards_the_normal_value() -> None:
    for df in (*range(31, 80), 100, 250, 1000, 10_000):
        assert t95(df) == pytest.approx(t_quantile_95(df), abs=1e-7), df
    values = [t95(df) for df in range(1, 2000)]
    assert all(a > b for a, b in itertools.pairwise(values))
    assert Z95 < t95(10**12) < Z95 + 1e-9


@pytest.mark.parametrize("n", [2, 4, 10])
def test_mean_interval_covers_the_true_mean_95_percent_of_the_time(n: int) -> None:
    # 20,000 samples of n normal draws: the standard error of a 95% coverage is 0.15%, so
    # [0.94, 0.96] holds a correct interval with room; mean ± 1.96 SE gave 0.85 at n = 4.
    rng = random.Random(f"coverage {n}")
    trials, true_mean = 20_000, 3.0
    covered = sum(
        not estimate_mean([rng.gauss(true_mean, 2.0) for _ in range(n)]).excludes(true_mean)
        for _ in range(trials)
    )
    assert 0.94 <= covered / trials <= 0.96


def test_mean_interval_is_mean_plus_minus_t_standard_errors() -> None:
    e = estimate_mean([1, 2, 3, 4])  # mean 2.5, sample sd sqrt(5/3), standard error sd / 2
    half = t95(3) * math.sqrt(5 / 3) / 2
    assert (e.value, e.low, e.high) == pytest.approx((2.5, 2.5 - half, 2.5 + half))
    assert estimate_mean([7.0]).interval == (7.0, 7.0) and estimate_mean([]).total == 0
