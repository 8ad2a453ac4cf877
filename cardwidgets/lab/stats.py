"""Statistics for teaching: a rate or a mean with its 95% interval.

Intervals are Wilson score intervals for rates and normal intervals for means and paired
differences: good enough to teach with, and stated as 95% everywhere.

>>> from cardwidgets.lab import estimate_rate
>>> estimate_rate(9, 10).excludes(0.5)
True
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from cardwidgets import i18n
from cardwidgets.lab import display

__all__ = ["Z95", "Estimate", "estimate_mean", "estimate_rate", "estimate_values"]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""


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
    """The mean of ``values`` with a normal 95% interval (mean ± 1.96 standard errors).

    >>> e = estimate_mean([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.5, 1.235, 3.765)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def estimate_values(values: Sequence[float]) -> Estimate:
    """A rate if every value is 0 or 1, else a mean."""
    if all(v in (0, 1) for v in values):
        return estimate_rate(int(sum(values)), len(values))
    return estimate_mean(values)
