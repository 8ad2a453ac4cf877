"""The stopping rule played: :func:`sprt` plays pairs of duplicate games until the test decides.

Two bots ``a`` and ``b`` play deal 0, 1, 2, … of a seed twice each, seats swapped (as in a
tournament: :mod:`~cardwidgets.lab.contest`); after every pair the sequential test of
:mod:`~cardwidgets.lab.sprt` looks at the pentanomial counts and stops as soon as its
log-likelihood ratio crosses a bound: "``a`` is better than ``b`` by at least ``elo1``" (H1)
or "not: at most ``elo0``" (H0). ``max_pairs`` caps a run that cannot decide. The LLR shows as
it runs (an updating line in Jupyter, on a terminal's stderr).

>>> from cardwidgets import lab
>>> test = lab.sprt("pazaak", "greedy", "random", elo0=0, elo1=200, max_pairs=40, seed=1)
>>> test.status, test.pairs <= 40, len(test.rows) == 2 * test.pairs
('H1', True, True)
"""

from __future__ import annotations

import dataclasses
import html
import importlib
import math

from cardwidgets import i18n
from cardwidgets.lab import contest_words as contest_words
from cardwidgets.lab import display
from cardwidgets.lab.contest import Limits, Row, make_plan
from cardwidgets.lab.progress import Progress
from cardwidgets.lab.run import whole
from cardwidgets.lab.sprt import SPRT, elo_of, pentanomial
from cardwidgets.lab.tournament import play

__all__ = ["SprtResult", "sprt"]


@dataclasses.dataclass
class SprtResult:
    """What a stopping-rule run found: ``status`` (``"H1"``, ``"H0"`` or None when
    ``max_pairs`` ran out), the final ``llr``, the LLR after each pair (``trace``), the
    pentanomial ``counts`` and every game's row (each replays with ``cardwidgets.replay``)."""

    a: str
    b: str
    test: SPRT
    status: str | None
    llr: float
    trace: list[float]
    counts: tuple[int, int, int, int, int]
    rows: list[Row]

    @property
    def pairs(self) -> int:
        """The pairs of games played."""
        return sum(self.counts)

    @property
    def elo(self) -> float:
        """The Elo difference of ``a`` over ``b`` that its score share over the pairs means."""
        points = sum(k / 2 * n for k, n in enumerate(self.counts))
        return elo_of(points / (2 * self.pairs)) if self.pairs else math.nan

    def verdict(self, locale: str | None = None) -> str:
        """The answer as a sentence."""
        key = {"H1": "contest.sprt.h1", "H0": "contest.sprt.h0"}.get(
            self.status or "", "contest.sprt.open"
        )
        return i18n.text(
            key,
            locale,
            a=self.a,
            b=self.b,
            elo0=_elo(self.test.elo0, locale),
            elo1=_elo(self.test.elo1, locale),
        )

    def line(self, locale: str | None = None) -> str:
        """The LLR so far and its bounds, as a sentence."""
        return _line(self.test, self.pairs, self.llr, locale)

    def chart(self, locale: str | None = None) -> str:
        """The LLR after each pair against the two bounds, as inline SVG."""
        width, height, left, pad = 480, 160, 40, 12
        top, bottom = max([self.test.upper, *self.trace]), min([self.test.lower, *self.trace])
        count = max(1, len(self.trace))

        def y_of(value: float) -> float:
            return pad + (height - 2 * pad) * (top - value) / (top - bottom)

        def x_of(pair: int) -> float:
            return left + (width - left - pad) * pair / count

        points = " ".join(f"{x_of(i):.1f},{y_of(v):.1f}" for i, v in enumerate([0.0, *self.trace]))
        lines = "".join(
            f'<line x1="{left}" x2="{width - pad}" y1="{y_of(v):.1f}" y2="{y_of(v):.1f}" '
            f'stroke="currentColor" stroke-dasharray="4 3" stroke-opacity="0.7"/>'
            f'<text x="{left - 4}" y="{y_of(v) + 4:.1f}" text-anchor="end" '
            f'fill="currentColor">{display.decimal(v, locale)}</text>'
            for v in (self.test.lower, self.test.upper)
        )
        title = html.escape(self.line(locale))
        return (
            f'<svg class="cardwidgets-lab-chart" xmlns="http://www.w3.org/2000/svg" role="img" '
            f'width="{width}" height="{height}" viewBox="0 0 {width} {height}" '
            'font-family="sans-serif" font-size="11" style="color: inherit; max-width: 100%">'
            f"<title>{title}</title>{lines}"
            f'<polyline points="{points}" fill="none" stroke="{display.BAR_COLOUR}" '
            'stroke-width="2"/></svg>'
        )

    def _repr_html_(self) -> str:
        return (
            f'<div class="cardwidgets-lab"><p><strong>{html.escape(self.verdict())}</strong></p>'
            f"<p>{html.escape(self.line())}</p>{self.chart()}</div>"
        )

    def __repr__(self) -> str:
        return f"{self.verdict()}\n{self.line()}"


def _elo(value: float, locale: str | None) -> str:
    return display.cell(float(value), locale).removesuffix(",00").removesuffix(".00")


def _line(test: SPRT, pairs: int, llr: float, locale: str | None) -> str:
    return i18n.text(
        "contest.sprt.line",
        locale,
        pairs=pairs,
        llr=display.decimal(llr, locale),
        lower=display.decimal(test.lower, locale),
        upper=display.decimal(test.upper, locale),
    )


class _Live(Progress):
    """The progress line of a stopping-rule run: the LLR and its bounds after each pair."""

    def __init__(self, total: int, enabled: bool | None, test: SPRT) -> None:
        super().__init__(total, enabled, "game")
        self.test, self.llr = test, 0.0

    def _text(self) -> str:
        return _line(self.test, self.done, self.llr, None)


def sprt(
    game: str,
    a: object,
    b: object,
    *,
    elo0: float = 0.0,
    elo1: float = 50.0,
    alpha: float = 0.05,
    beta: float = 0.05,
    max_pairs: int = 2000,
    seed: int | str = 0,
    rules: object = None,
    progress: bool | None = None,
    time_limit: float = 1.0,
    memory_mb: int = 512,
) -> SprtResult:
    """Play pairs of duplicate games of ``a`` against ``b`` until the sequential test decides
    whether ``a`` is at least ``elo1`` Elo better than ``b`` (H1) or at most ``elo0`` (H0), at
    error rates ``alpha`` and ``beta``; at most ``max_pairs`` pairs. Bots as for
    :func:`~cardwidgets.lab.tournament` (a ``.py`` file runs sealed, with ``time_limit``
    seconds a move and ``memory_mb`` of memory)."""
    test = SPRT(elo0=elo0, elo1=elo1, alpha=alpha, beta=beta)
    limit = whole("max_pairs", max_pairs, 1, 1_000_000)
    limits = Limits(time_limit=time_limit, memory_mb=memory_mb)
    plan = make_plan(game, [a, b], games=2 * limit, seed=seed, rules=rules, limits=limits)
    module = importlib.import_module(plan.game)
    rows: list[Row] = []
    scores: list[float] = []
    trace: list[float] = []
    live = _Live(limit, progress, test)
    status: str | None = None
    try:
        for pair in range(limit):
            first, second = play(plan, 2 * pair, module), play(plan, 2 * pair + 1, module)
            rows += [first, second]
            scores.append(first["score"] + 1 - second["score"])  # a's points in the pair
            counts = pentanomial(scores)
            live.llr = test.llr(counts)
            trace.append(live.llr)
            live.advance(1)
            status = test.status(counts)
            if status is not None:
                break
    finally:
        live.close()
    llr = trace[-1] if trace else 0.0
    return SprtResult(
        plan.names[0], plan.names[1], test, status, llr, trace, pentanomial(scores), rows
    )
