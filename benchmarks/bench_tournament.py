"""A tournament's speed: games per second in this process, and on a process pool of 1 and 2.

Run: ``uv run python benchmarks/bench_tournament.py [--games 20] [--rounds 3]``. Writes
``benchmarks/results/tournament.json`` and prints a table.

A Pazaak round robin of three built-in bots (random, greedy, greedy standing at 16; seed rules)
with ``--games`` games per pair is played in each way, the ways interleaved round by round
(a busy machine slows whichever runs at a bad moment, so no way gets all the bad moments); each
way's figure is its median round. Wall time includes a pool's start-up, as a user waits for it.
The machine is shared (seven engineers on two cores): the report records the load average and,
for the pool of 2, ``speedup_bound_from_cpu``, the in-process CPU time over half the pool run's
CPU time (parent plus workers), which is what the split of the work allows on two idle cores
and which the load cannot distort.
"""

from __future__ import annotations

import argparse
import concurrent.futures
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


def _once(games: int, workers: int | None, seed: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, games played) of one tournament."""
    start_wall, start_cpu = time.perf_counter(), _cpu()
    if workers is None:
        cup = lab.tournament("pazaak", BOTS, games=games, seed=seed, progress=False)
    else:
        with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
            cup = lab.tournament(
                "pazaak", BOTS, games=games, seed=seed, executor=pool, progress=False
            )
    return time.perf_counter() - start_wall, _cpu() - start_cpu, len(cup.rows)


def measure(games: int, rounds: int) -> dict[str, Any]:
    """Each way's median games per second over ``rounds`` interleaved rounds."""
    ways: dict[str, int | None] = {"in process": None, "pool of 1": 1, "pool of 2": 2}
    walls: dict[str, list[float]] = {name: [] for name in ways}
    cpus: dict[str, list[float]] = {name: [] for name in ways}
    played = 0
    for round_ in range(rounds):
        for name, workers in ways.items():
            wall, cpu, played = _once(games, workers, seed=round_)
            walls[name].append(wall)
            cpus[name].append(cpu)
    report: dict[str, Any] = {"games_per_run": played, "rounds": rounds, "ways": {}}
    for name in ways:
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
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20, help="games per pair of bots (even)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    before = run_info.header()
    report = measure(args.games, args.rounds)
    result = {
        **before,
        "load_average_after": list(os.getloadavg()),
        "game": "pazaak (seed rules: first to three sets)",
        "bots": BOTS,
        **report,
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    for name, figures in report["ways"].items():
        print(f"{name:12} {figures['games_per_second']:8.1f} games/s")
    print(
        f"pool of 2 over in process: {report['speedup_pool_of_2']}x (CPU bound:"
        f" {report['speedup_bound_from_cpu']}x), load {before['load_average']}"
    )


if __name__ == "__main__":
    main()
