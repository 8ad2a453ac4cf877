"""A tournament's speed: games per second in this process, on a process pool of 1 and 2, and
on a Dask ``LocalCluster`` of two worker processes.

Run: ``uv run python benchmarks/bench_tournament.py [--games 20] [--rounds 3] [--no-dask]``.
Writes ``benchmarks/results/tournament.json`` and prints a table.

A Pazaak round robin of three built-in bots (random, greedy, greedy standing at 16; seed rules)
with ``--games`` games per pair is played in each way, the ways interleaved round by round
(a busy machine slows whichever runs at a bad moment, so no way gets all the bad moments); each
way's figure is its median round. Wall time includes a pool's start-up, as a user waits for it.
The machine is shared (seven engineers on two cores): the report records the load average and,
for the pool of 2, ``speedup_bound_from_cpu``, the in-process CPU time over half the pool run's
CPU time (parent plus workers), which is what the split of the work allows on two idle cores
and which the load cannot distort.

The Dask way (``executor=client.get_executor()`` on ``LocalCluster(n_workers=2,
threads_per_worker=1, processes=True)``) keeps one cluster for all rounds: its start and a
first small tournament (the workers' first imports of the package) are timed apart, outside the
rounds, as a teacher starts a cluster once. Its CPU counts the workers' own
(``client.run(time.process_time)``) besides this process's. Every way's rows (records
included) are asserted equal to the in-process rows of the same round: the bots see sealed seat
views and the plan fixes every game's seed, so where a game is played must not change it.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import importlib
import json
import os
import resource
import statistics
import time
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import lab

RESULTS = Path(__file__).parent / "results" / "tournament.json"
BOTS = ["random", "greedy", "greedy:stand_at=16"]


def _cpu() -> float:
    """CPU seconds of this process and of its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def _once(games: int, workers: int | None, seed: int) -> tuple[float, float, list[Any]]:
    """(wall seconds, CPU seconds, rows) of one tournament."""
    start_wall, start_cpu = time.perf_counter(), _cpu()
    if workers is None:
        cup = lab.tournament("pazaak", BOTS, games=games, seed=seed, progress=False)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            cup = lab.tournament(
                "pazaak", BOTS, games=games, seed=seed, executor=pool, progress=False
            )
    return time.perf_counter() - start_wall, _cpu() - start_cpu, cup.rows


class _Dask:
    """A Dask ``LocalCluster`` of two single-threaded worker processes, started once."""

    def __init__(self) -> None:
        # Imported here (only this way needs it) and as Any: distributed has no type hints.
        distributed: Any = importlib.import_module("distributed")

        start = time.perf_counter()
        self.cluster = distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=50,
        )
        self.client = distributed.Client(self.cluster)
        self.executor = self.client.get_executor()
        self.start_seconds = time.perf_counter() - start
        start = time.perf_counter()
        # The workers' first imports of the package, kept out of the timed rounds.
        warm = lab.tournament(
            "pazaak", BOTS, games=2, seed=99, executor=self.executor, progress=False
        )
        assert warm.complete and not warm.forfeits
        self.warm_up_seconds = time.perf_counter() - start

    def _workers_cpu(self) -> float:
        return float(sum(self.client.run(time.process_time).values()))

    def once(self, games: int, seed: int) -> tuple[float, float, list[Any]]:
        """(wall seconds, CPU seconds of the workers and this process, rows) of one tournament."""
        before_workers, before_here = self._workers_cpu(), time.process_time()
        start = time.perf_counter()
        cup = lab.tournament(
            "pazaak", BOTS, games=games, seed=seed, executor=self.executor, progress=False
        )
        wall = time.perf_counter() - start
        cpu = self._workers_cpu() - before_workers + time.process_time() - before_here
        return wall, cpu, cup.rows

    def close(self) -> None:
        self.client.close()
        self.cluster.close()


def measure(games: int, rounds: int, *, dask: bool = True) -> dict[str, Any]:
    """Each way's median games per second over ``rounds`` interleaved rounds."""
    ways: dict[str, int | None] = {"in process": None, "pool of 1": 1, "pool of 2": 2}
    names = [*ways, *(["dask LocalCluster(2)"] if dask else [])]
    walls: dict[str, list[float]] = {name: [] for name in names}
    cpus: dict[str, list[float]] = {name: [] for name in names}
    played = 0
    cluster = _Dask() if dask else None
    try:
        for round_ in range(rounds):
            plain: list[Any] = []
            for name in names:
                if name in ways:
                    wall, cpu, rows = _once(games, ways[name], seed=round_)
                else:
                    assert cluster is not None
                    wall, cpu, rows = cluster.once(games, seed=round_)
                if name == "in process":
                    plain = rows
                # The same games wherever they are played, game for game.
                assert rows and rows == plain, f"{name} played other games than in process"
                played = len(rows)
                walls[name].append(wall)
                cpus[name].append(cpu)
    finally:
        if cluster is not None:
            cluster.close()
    report: dict[str, Any] = {
        "games_per_run": played,
        "rounds": rounds,
        "rows_equal_in_process": True,
        "ways": {},
    }
    for name in names:
        wall = statistics.median(walls[name])
        report["ways"][name] = {
            "games_per_second": round(played / wall, 1),
            "median_wall_seconds": round(wall, 3),
            "median_cpu_seconds": round(statistics.median(cpus[name]), 3),
            "walls": [round(w, 3) for w in walls[name]],
        }
    base = report["ways"]["in process"]
    two = report["ways"]["pool of 2"]
    report["speedup_pool_of_2"] = round(base["median_wall_seconds"] / two["median_wall_seconds"], 2)
    report["speedup_bound_from_cpu"] = round(
        base["median_cpu_seconds"] / (two["median_cpu_seconds"] / 2), 2
    )
    if cluster is not None:
        on_dask = report["ways"]["dask LocalCluster(2)"]
        report["dask_cluster_start_seconds"] = round(cluster.start_seconds, 3)
        report["dask_first_run_6_games_seconds"] = round(cluster.warm_up_seconds, 3)
        report["speedup_dask"] = round(
            base["median_wall_seconds"] / on_dask["median_wall_seconds"], 2
        )
        report["speedup_bound_from_cpu_dask"] = round(
            base["median_cpu_seconds"] / (on_dask["median_cpu_seconds"] / 2), 2
        )
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pair of bots (even)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--no-dask", action="store_true", help="leave out the Dask cluster")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    before = run_info.header()
    report = measure(args.games, args.rounds, dask=not args.no_dask)
    result = {
        **before,
        "load_average_after": list(os.getloadavg()),
        "game": "pazaak (seed rules: first to three sets)",
        "bots": BOTS,
        **report,
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    for name, figures in report["ways"].items():
        print(f"{name:20} {figures['games_per_second']:8.1f} games/s")
    print(
        f"pool of 2 over in process: {report['speedup_pool_of_2']}x (CPU bound:"
        f" {report['speedup_bound_from_cpu']}x), load {before['load_average']}"
    )
    if "speedup_dask" in report:
        print(
            f"dask over in process: {report['speedup_dask']}x (CPU bound:"
            f" {report['speedup_bound_from_cpu_dask']}x), cluster start"
            f" {report['dask_cluster_start_seconds']} s, first run"
            f" {report['dask_first_run_6_games_seconds']} s; rows equal in process"
        )


if __name__ == "__main__":
    main()
