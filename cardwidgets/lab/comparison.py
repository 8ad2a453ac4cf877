"""Variants played over the same seeds, compared by a metric with paired 95% intervals."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from cardwidgets import extras, i18n
from cardwidgets.lab import display
from cardwidgets.lab.errors import LabError
from cardwidgets.lab.play import Row
from cardwidgets.lab.results import Results
from cardwidgets.lab.stats import Estimate, estimate_mean, estimate_values

__all__ = ["Comparison", "metric_of", "metric_words", "variants_of"]

# The built-in metrics have a key for code ("win0") and words for people ("seat 0's win rate").
NAMED_METRICS = ("win0", "win1", "draw", "score_difference")


def metric_of(metric: str | Callable[[Row], float]) -> Callable[[Row], float]:
    if callable(metric):
        return metric
    special: dict[str, Callable[[Row], float]] = {
        "win0": lambda row: float(row["winner"] == 0),
        "win1": lambda row: float(row["winner"] == 1),
        "draw": lambda row: float(row["winner"] is None),
        "score_difference": lambda row: float(row["score0"] - row["score1"]),
    }
    if metric in special:
        return special[metric]
    return lambda row: float(row[metric])


def metric_words(metric: object, locale: str | None = None) -> str:
    """A metric's name for tables and charts: plain words for the built-in metrics, the
    column or function name as given otherwise.

    >>> metric_words("win0", "en"), metric_words("draw", "de"), metric_words("score0", "en")
    ("seat 0's win rate", 'Anteil der Unentschieden', 'score0')
    """
    if metric in NAMED_METRICS:
        return i18n.text(f"lab.metric.{metric}", locale)
    return str(metric) if isinstance(metric, str) else "metric"


class Comparison:
    """Variants played over the same seeds: each variant's metric and its difference from the
    baseline, with 95% intervals (paired, game by game, since the seeds are the same)."""

    def __init__(
        self,
        metric: str,
        results: dict[str, Results],
        values: dict[str, list[float]],
        baseline: str,
    ) -> None:
        self.metric, self.results, self.baseline = metric, results, baseline
        self.values = values
        self.estimates = {label: estimate_values(v) for label, v in values.items()}
        base = values[baseline]
        self.differences = {
            label: estimate_mean([a - b for a, b in zip(v, base, strict=True)])
            for label, v in values.items()
            if label != baseline
        }

    @property
    def rows(self) -> list[dict[str, Any]]:
        """One JSON-safe row per variant."""
        rows = []
        for label, estimate in self.estimates.items():
            diff = self.differences.get(label)
            rows.append(
                {
                    "variant": label,
                    "games": estimate.total,
                    "value": estimate.value,
                    "low": estimate.low,
                    "high": estimate.high,
                    "difference": diff.value if diff else None,
                    "difference_low": diff.low if diff else None,
                    "difference_high": diff.high if diff else None,
                }
            )
        return rows

    def difference(self, label: str) -> Estimate:
        """The paired difference ``label`` minus the baseline, with its interval."""
        return self.differences[label]

    def _table(self, locale: str | None) -> tuple[list[str], list[list[str]]]:
        headers = [
            i18n.text("lab.variant", locale),
            metric_words(self.metric, locale),
            i18n.text("lab.interval", locale),
            i18n.text("lab.difference", locale),
            i18n.text("lab.interval", locale),
        ]
        rows = []
        for label, e in self.estimates.items():
            fmt = display.percent if e.is_rate else display.decimal
            diff = self.differences.get(label)
            if diff is None:
                d, dci = i18n.text("lab.baseline", locale), ""
            else:
                dfmt = display.percent if e.is_rate else display.decimal
                d = ("+" if diff.value >= 0 else "") + dfmt(diff.value, locale)
                dci = f"{dfmt(diff.low, locale)} – {dfmt(diff.high, locale)}"
            rows.append(
                [
                    label,
                    fmt(e.value, locale),
                    f"{fmt(e.low, locale)} – {fmt(e.high, locale)}",
                    d,
                    dci,
                ]
            )
        return headers, rows

    def _header(self, locale: str | None) -> str:
        first = next(iter(self.results.values()))
        return i18n.text(
            "lab.compare.header",
            locale,
            game=first.game,
            metric=metric_words(self.metric, locale),
            games=i18n.Number(len(first)),
            seed=first.seed,
        )

    def table(self, locale: str | None = None) -> str:
        """A plain-text table of the comparison."""
        headers, rows = self._table(locale)
        return self._header(locale) + "\n\n" + display.text_table(headers, rows)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Comparison of {', '.join(self.results)} by {self.metric}>"

    def _repr_html_(self) -> str:
        headers, rows = self._table(None)
        return display.html_table(headers, rows, caption=self._header(None))

    def to_pandas(self) -> Any:
        """One row per variant as a ``pandas.DataFrame``."""
        pd = extras.require("pandas", "lab", "to_pandas()")
        return pd.DataFrame(self.rows).set_index("variant")

    def chart(self, locale: str | None = None) -> display.Shown:
        """Each variant's value with its interval, drawn as SVG (no matplotlib needed)."""
        return display.bar_chart(
            list(self.estimates),
            list(self.estimates.values()),
            self._header(locale),
            metric_words(self.metric, locale),
            locale,
        )

    def plot(self, ax: Any = None) -> Any:
        """Each variant's value with its interval; returns the Axes."""
        ax = display.axes(ax)
        display.bars(ax, list(self.estimates), list(self.estimates.values()))
        ax.set_ylabel(display.literal(metric_words(self.metric)))
        ax.set_title(display.literal(self._header(None)))
        return ax


def variants_of(
    players: object, rules: object, variants: Mapping[str, Mapping[str, Any]] | None
) -> dict[str, dict[str, Any]]:
    if variants is not None:
        return {label: dict(settings) for label, settings in variants.items()}
    if isinstance(players, Mapping):
        return {label: {"players": pair} for label, pair in players.items()}
    if (
        isinstance(rules, Mapping)
        and rules
        and all(not isinstance(v, (bool, int, float, str)) for v in rules.values())
    ):
        return {label: {"rules": r} for label, r in rules.items()}
    raise LabError("lab.no_variants")
