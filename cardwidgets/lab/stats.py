"""Statistics for teaching: a rate or a mean with its 95% interval.

Intervals are Wilson score intervals for rates, and Student's t intervals for means and paired
differences (mean ± t × standard error, with the t quantile for n − 1 degrees of freedom: at
small n the normal 1.96 would make a "95%" interval that covers the true mean far less often,
85% of the time at n = 4). Stated as 95% everywhere.

>>> from cardwidgets.lab import estimate_rate
>>> estimate_rate(9, 10).excludes(0.5)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardwidgets import i18n
from cardwidgets.lab import display

__all__ = ["Z95", "Estimate", "estimate_mean", "estimate_rate", "estimate_values", "t95"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

_T95 = (
    math.nan,  # 0 degrees of freedom: no interval
    12.706204736174676,  # 1
    4.302652729749459,  # 2
    3.1824463052837064,  # 3
    2.7764451051977934,  # 4
    2.5705818356363146,  # 5
    2.446911851144966,  # 6
    2.364624251592783,  # 7
    2.306004135204166,  # 8
    2.2621571627982027,  # 9
    2.228138851986274,  # 10
    2.200985160091639,  # 11
    2.1788128296672262,  # 12
    2.16036865646279,  # 13
    2.1447866879178044,  # 14
    2.131449545559774,  # 15
    2.119905299221254,  # 16
    2.1098155778333156,  # 17
    2.100922040241036,  # 18
    2.0930240544083105,  # 19
    2.085963447265865,  # 20
    2.079613844727679,  # 21
    2.0738730679040227,  # 22
    2.068657610419047,  # 23
    2.063898561628024,  # 24
    2.0595385527532972,  # 25
    2.0555294386428757,  # 26
    2.051830516480285,  # 27
    2.048407141795245,  # 28
    2.0452296421327043,  # 29
    2.0422724563012418,  # 30
)
"""Two-sided 95% quantiles of Student's t (its 0.975 quantiles) for 1 to 30 degrees of freedom,
computed by bisection on the closed-form t distribution function for whole degrees of freedom;
they agree with the published tables (12.706, 4.303, 3.182, 2.776, ... 2.042 at 30), and
tests/test_lab_stats.py checks them both ways."""


def t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom.

    From a table up to 30 degrees of freedom; beyond, the Cornish–Fisher expansion of the t
    quantile around the normal one (four terms: off by less than 3e-8 from df 31 on), which
    tends to :data:`Z95` as ``df`` grows.

    >>> round(t95(3), 3), round(t95(30), 3), round(t95(120), 3), round(t95(10**9), 3)
    (3.182, 2.042, 1.98, 1.96)
    """
    if df < len(_T95):
        return _T95[df] if df >= 1 else math.nan
    z = Z95
    z3, z5, z7, z9 = z**3, z**5, z**7, z**9
    return (
        z
        + (z3 + z) / (4 * df)
        + (5 * z5 + 16 * z3 + 3 * z) / (96 * df**2)
        + (3 * z7 + 19 * z5 + 17 * z3 - 15 * z) / (384 * df**3)
        + (79 * z9 + 776 * z7 + 1482 * z5 - 1920 * z3 - 945 * z) / (92160 * df**4)
    )


class Estimate:
    """A rate or a mean with its 95% interval.

    >>> e = estimate_rate(55, 100)
    >>> round(e.value, 2), round(e.low, 3), round(e.high, 3)
    (0.55, 0.452, 0.644)
    >>> str(e)
    '55.0% (95% interval 45.2% to 64.4%; 55 of 100)'
    >>> e.text("de")
    '55,0% (95%-Intervall 45,2% bis 64,4%; 55 von 100)'
    """

    __slots__ = ("count", "high", "is_rate", "low", "total", "value")

    def __init__(
        self, value: float, low: float, high: float, total: int, count: int | None = None
    ) -> None:
        self.value, self.low, self.high, self.total = value, low, high, total
        self.count = count
        self.is_rate = count is not None

    @property
    def interval(self) -> tuple[float, float]:
        """``(low, high)``: the 95% interval."""
        return (self.low, self.high)

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (the data speak against it)."""
        return value < self.low or value > self.high

    def text(self, locale: str | None = None) -> str:
        """The estimate as a sentence fragment in ``locale``."""
        if self.is_rate:
            return i18n.text(
                "lab.estimate",
                locale,
                rate=display.percent(self.value, locale),
                low=display.percent(self.low, locale),
                high=display.percent(self.high, locale),
                count=display.number(self.count or 0, locale),
                total=display.number(self.total, locale),
            )
        return i18n.text(
            "lab.mean",
            locale,
            mean=display.decimal(self.value, locale),
            low=display.decimal(self.low, locale),
            high=display.decimal(self.high, locale),
            total=display.number(self.total, locale),
        )

    def to_dict(self) -> dict[str, float | int | None]:
        """JSON-safe form."""
        return {
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "total": self.total,
            "count": self.count,
        }

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Estimate({self.value:.4g}, 95% [{self.low:.4g}, {self.high:.4g}], n={self.total})"


def estimate_rate(count: int, total: int) -> Estimate:
    """``count`` successes in ``total`` trials: the rate and its Wilson score interval.

    Wilson's interval stays inside [0, 1] and behaves at 0 and n successes, where the textbook
    normal interval collapses to a point.

    >>> estimate_rate(0, 50).high > 0
    True
    """
    if total <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0, count)
    p = count / total
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    half = Z95 * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    # At 0 or n successes the exact bound is 0 or 1; floating point may miss it by an ulp.
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == total else min(1.0, centre + half)
    return Estimate(p, low, high, total, count)


def estimate_mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with Student's t 95% interval (mean ± :func:`t95` (n − 1)
    standard errors; with many values this is the normal mean ± 1.96 standard errors).

    >>> e = estimate_mean([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.5, 0.446, 4.554)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = t95(n - 1) * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def estimate_values(values: Sequence[float]) -> Estimate:
    """A rate if every value is 0 or 1, else a mean."""
    if all(v in (0, 1) for v in values):
        return estimate_rate(int(sum(values)), len(values))
    return estimate_mean(values)
