"""The lab's three verbs: :func:`simulate`, :func:`check` and :func:`compare`.

Each takes a game (its name or module), players, rules and a seed, plays its games through
:func:`~cardwidgets.lab.run.run_chunks` (in this process, on a process pool or on any
executor) and returns its result type; a run that stops early raises a
:class:`~cardwidgets.lab.RunError` that keeps what finished (Ctrl-C: a
:class:`~cardwidgets.lab.Interrupted`, which is a ``KeyboardInterrupt``, keeps it too).
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

import cardwidgets.lab as lab  # the package: its limits are read when a run starts
from cardwidgets import i18n
from cardwidgets.lab.claims import CheckResult, Counterexample, claim_name
from cardwidgets.lab.comparison import Comparison, metric_of, variants_of
from cardwidgets.lab.errors import LabError
from cardwidgets.lab.jobs import Claim, make_job
from cardwidgets.lab.play import Row
from cardwidgets.lab.results import Results
from cardwidgets.lab.run import cause, run_chunks, stopped, whole
from cardwidgets.lab.table import Table

__all__ = ["check", "compare", "simulate"]


def simulate(
    game: str | ModuleType,
    players: object = ("random", "random"),
    games: int = 100,
    rules: object = None,
    seed: int | str = 0,
    *,
    unit: str | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: bool | None = None,
    records: bool = False,
    timeout: float | None = None,
    **options: object,
) -> Results:
    """Play ``games`` seeded games and return one row per game.

    ``players``: two players (a name such as ``"random"`` or ``"greedy"``, a name with options
    ``"greedy:stand_at=17"`` or ``("greedy", {"stand_at": 17})``, or a player object), or one
    for both seats. ``rules``: the game's ``Rules`` (or its dict). ``unit``: what one row is
    (Tablić: ``"match"`` or ``"deal"``). ``workers=N`` uses a process pool of N processes;
    ``executor`` takes any ``concurrent.futures.Executor`` (a Dask ``Client.get_executor()``
    too). ``records=True`` adds each game's record to its row. Other keyword arguments go to
    the game's ``new_game``.
    """
    job, labels = make_job(game, players, rules, seed, unit, records=records, options=options)
    chunks, stop = run_chunks(job, games, workers, executor, chunk_size, progress, timeout)
    rows = Table.joined(chunk.rows for chunk in chunks)
    results = Results(job.name, rows, labels, seed, job.unit, job.rules, job)
    if stop is not None:
        raise stopped(job, stop, results) from cause(stop)
    return results


def check(
    claim: Claim,
    game: str | ModuleType,
    players: object = ("random", "random"),
    games: int = 1000,
    rules: object = None,
    seed: int | str = 0,
    *,
    per_state: bool = False,
    unit: str | None = None,
    counterexamples: int = 5,
    name: str | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: bool | None = None,
    timeout: float | None = None,
    **options: object,
) -> CheckResult:
    """Test ``claim`` on ``games`` seeded games.

    ``claim(state)`` gets the finished game (its last state) and returns something true or
    false; with ``per_state=True`` it is checked on every state from the first to the last,
    and a game counts as a failure at the first state where it fails. The result says how
    often the claim held, with a 95% interval, and keeps the first ``counterexamples``
    failures as replayable records (in game order, whatever the executor).
    """
    if not callable(claim):
        raise LabError("lab.bad_claim", claim=i18n.shown(claim))
    whole("counterexamples", counterexamples, 0, lab.MAX_GAMES)
    job, labels = make_job(
        game, players, rules, seed, unit, claim, per_state, counterexamples, options=options
    )
    chunks, stop = run_chunks(job, games, workers, executor, chunk_size, progress, timeout)
    rows = Table.joined(chunk.rows for chunk in chunks)
    found = sorted(
        (failure for chunk in chunks for failure in chunk.counterexamples),
        key=lambda failure: int(failure["game"]),
    )[:counterexamples]
    examples = [
        Counterexample(job.name, f["record"], f["game"], f["seed"], f["ply"], job.unit)
        for f in found
    ]
    results = Results(job.name, rows, labels, seed, job.unit, job.rules, job)
    verdict = CheckResult(claim_name(claim, name), results, examples, per_state)
    if stop is not None:
        raise stopped(job, stop, verdict) from cause(stop)
    return verdict


def compare(
    game: str | ModuleType,
    *,
    players: object = ("random", "random"),
    rules: object = None,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    metric: str | Callable[[Row], float] = "win0",
    games: int = 1000,
    seed: int | str = 0,
    unit: str | None = None,
    baseline: str | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: bool | None = None,
    timeout: float | None = None,
) -> Comparison:
    """Play the same seeds under several variants and compare ``metric``.

    The variants are a dict of labels to player pairs (``players={"17": (a, b), "15": (c, b)}``),
    to rules (``rules={"seed": Rules(), "strict": Rules(...)}``), or to any settings of
    :func:`simulate` (``variants={"label": {"players": ..., "rules": ...}}``); whatever is not
    varied is shared. ``metric`` is ``"win0"`` (seat 0 won), ``"win1"``, ``"draw"``,
    ``"score_difference"``, a row column, or a function of a row. Differences are paired game by
    game against ``baseline`` (default: the first variant).
    """
    chosen = variants_of(players, rules, variants)
    if not chosen:
        raise LabError("lab.no_variants")
    shared: dict[str, Any] = {"unit": unit}
    if not isinstance(players, Mapping):
        shared["players"] = players
    if not (isinstance(rules, Mapping) and "rules" in next(iter(chosen.values()))):
        shared["rules"] = rules
    measure = metric_of(metric)
    results: dict[str, Results] = {}
    values: dict[str, list[float]] = {}
    for label, settings in chosen.items():
        run = simulate(
            game,
            games=games,
            seed=seed,
            workers=workers,
            executor=executor,
            chunk_size=chunk_size,
            progress=progress,
            timeout=timeout,
            **{**shared, **settings},
        )
        results[label] = run
        try:
            values[label] = [measure(row) for row in run]
        except KeyError as err:
            raise LabError("lab.bad_metric", metric=metric, columns=", ".join(run.columns)) from err
    name = metric if isinstance(metric, str) else getattr(metric, "__name__", "metric")
    return Comparison(name, results, values, baseline or next(iter(chosen)))
