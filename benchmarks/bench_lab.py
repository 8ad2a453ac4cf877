"""The lab's cost: its overhead over a bare engine loop, and the speed-up from 1 to 2 workers.

Run: ``uv run python benchmarks/bench_lab.py [--quick]``. Writes ``benchmarks/results/lab.json``
and prints a table.

* **Overhead** (bar: under 10%): CPU time (``time.process_time``) of ``lab.simulate`` in this
  process against a bare loop that plays the same number of games with the same players
  (``RandomPlayer``, reseeded per game, as any sensible loop does). The lab adds seed
  derivation, the row and the game facts. Measured per game in alternating rounds; the best round
  of each side is kept, because a shared machine only ever adds time.
* **Speed-up** (bar: at least 1.7x on two cores): wall time of ``workers=1`` (in this process)
  against ``workers=2`` (a process pool, its start-up included), on the same seeded games. CPU
  time cannot show a speed-up, so this one needs a quiet machine: the script waits (up to
  ``--wait`` seconds) for the 1-minute load average to drop below ``--quiet`` and records the
  load it measured under. It also records ``speedup_bound_from_cpu``: the 1-worker CPU time
  over half the 2-worker run's total CPU time (parent plus workers), i.e. what the split of
  the work allows on two idle cores, which the load cannot distort.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import sys
import time
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import bots, games, lab
from cardwidgets.lab.seeds import game_seed, player_seed

RESULTS = Path(__file__).parent / "results" / "lab.json"


def bare_loop(game: str, count: int, unit: str | None, seeds: list[tuple[int, int, int]]) -> None:
    """The loop a user would write: new game, ask the player to move, play, until done.

    It plays exactly the lab's games (the same game and player seeds, computed beforehand), so
    the difference is the lab's own work, not different deals.
    """
    module = games.get(game)
    player = bots.RandomPlayer(0)
    for seed, seed0, seed1 in seeds[:count]:
        state = module.new_game(seed=seed)
        seats = (player.reseeded(seed0), player.reseeded(seed1))
        if unit == "deal":
            while not state.deal_results:
                state = state.play(seats[state.to_move].choose(state))
        else:
            while not state.is_over:
                state = state.play(seats[state.to_move].choose(state))


def lab_seeds(count: int, run_seed: int = 1) -> list[tuple[int, int, int]]:
    seeds = [game_seed(run_seed, i) for i in range(count)]
    return [(s, player_seed(s, 0), player_seed(s, 1)) for s in seeds]


def lab_run(game: str, count: int, unit: str | None) -> None:
    lab.simulate(game, players="random", games=count, seed=1, unit=unit, progress=False)


def cpu(function: Any, *args: Any) -> float:
    start = time.process_time()
    function(*args)
    return time.process_time() - start


def overhead(game: str, count: int, unit: str | None, rounds: int) -> dict[str, Any]:
    bare, inlab = [], []
    seeds = lab_seeds(count)
    bare_loop(game, max(1, count // 10), unit, seeds)  # warm caches and imports
    for _ in range(rounds):
        bare.append(cpu(bare_loop, game, count, unit, seeds))
        inlab.append(cpu(lab_run, game, count, unit))
    best_bare, best_lab = min(bare), min(inlab)
    return {
        "game": game,
        "unit": unit or "game",
        "games": count,
        "rounds": rounds,
        "bare_cpu_s": round(best_bare, 4),
        "lab_cpu_s": round(best_lab, 4),
        "bare_games_per_cpu_s": round(count / best_bare, 1),
        "lab_games_per_cpu_s": round(count / best_lab, 1),
        "overhead_percent": round(100 * (best_lab / best_bare - 1), 2),
    }


def wait_for_quiet(limit: float, wait: float) -> float:
    deadline = time.monotonic() + wait
    while os.getloadavg()[0] > limit and time.monotonic() < deadline:
        time.sleep(5)
    return os.getloadavg()[0]


def wall(workers: int, game: str, count: int, unit: str | None) -> tuple[float, float]:
    """Wall seconds of a run, and the CPU seconds it used (this process plus reaped workers)."""
    before = _cpu_with_children()
    start = time.perf_counter()
    lab.simulate(
        game, players="random", games=count, seed=2, unit=unit, workers=workers, progress=False
    )
    return time.perf_counter() - start, _cpu_with_children() - before


def _cpu_with_children() -> float:
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def speedup(game: str, count: int, unit: str | None, rounds: int, quiet: float, wait: float) -> Any:
    load_before = wait_for_quiet(quiet, wait)
    one, two = [], []
    for _ in range(rounds):
        one.append(wall(1, game, count, unit))
        two.append(wall(2, game, count, unit))
    best_one, best_two = min(one), min(two)
    return {
        "game": game,
        "unit": unit or "game",
        "games": count,
        "rounds": rounds,
        "wall_1_worker_s": round(best_one[0], 3),
        "wall_2_workers_s": round(best_two[0], 3),
        "speedup": round(best_one[0] / best_two[0], 3),
        # With both cores to itself, a two-worker run takes at least half its total CPU time;
        # this bound shows what the work split allows, separately from the machine's load.
        "cpu_1_worker_s": round(best_one[1], 3),
        "cpu_2_workers_total_s": round(best_two[1], 3),
        "speedup_bound_from_cpu": round(best_one[1] / (best_two[1] / 2), 3),
        "load_1min_before": round(load_before, 2),
        "load_1min_after": round(os.getloadavg()[0], 2),
    }


def dask_speedup(game: str, count: int, unit: str | None, rounds: int) -> dict[str, Any]:
    """Wall seconds of ``workers=1`` (in this process) against a Dask ``LocalCluster`` of two
    single-threaded worker processes (``executor=client.get_executor()``), interleaved.

    The cluster's start (processes, scheduler, the workers' first imports of the package by a
    one-game warm-up run) is timed apart, outside the runs; the runs then time only the games
    and the tasks' trips. ``speedup_bound_from_cpu`` divides the 1-worker CPU by half the CPU
    the workers report (``client.run(time.process_time)`` before and after) plus this
    process's own: what the split allows on two idle cores, whatever the load.
    """
    import distributed

    start = time.perf_counter()
    cluster = distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None, silence_logs=50
    )
    client = distributed.Client(cluster)
    executor = client.get_executor()
    cluster_start = time.perf_counter() - start
    start = time.perf_counter()
    lab.simulate(game, players="random", games=4, seed=3, unit=unit, executor=executor,
                 progress=False)  # fmt: skip
    warm_up = time.perf_counter() - start

    def worker_cpu() -> float:
        return float(sum(client.run(time.process_time).values()))

    one, two = [], []
    try:
        for _ in range(rounds):
            one.append(wall(1, game, count, unit))
            before_cpu, before_here = worker_cpu(), time.process_time()
            begin = time.perf_counter()
            lab.simulate(game, players="random", games=count, seed=2, unit=unit,
                         executor=executor, progress=False)  # fmt: skip
            seconds = time.perf_counter() - begin
            used = worker_cpu() - before_cpu + time.process_time() - before_here
            two.append((seconds, used))
    finally:
        client.close()
        cluster.close()
    best_one, best_two = min(one), min(two)
    return {
        "game": game,
        "unit": unit or "game",
        "games": count,
        "rounds": rounds,
        "cluster_start_s": round(cluster_start, 3),
        "first_run_4_games_s": round(warm_up, 3),
        "wall_1_worker_s": round(best_one[0], 3),
        "wall_dask_2_workers_s": round(best_two[0], 3),
        "speedup": round(best_one[0] / best_two[0], 3),
        "cpu_1_worker_s": round(best_one[1], 3),
        "cpu_dask_total_s": round(best_two[1], 3),
        "speedup_bound_from_cpu": round(best_one[1] / (best_two[1] / 2), 3),
        "load_1min_after": round(os.getloadavg()[0], 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="small counts (a smoke run)")
    parser.add_argument("--quiet", type=float, default=0.7, help="load average to wait for")
    parser.add_argument("--wait", type=float, default=300, help="seconds to wait for quiet")
    parser.add_argument("--no-write", action="store_true", help="print only")
    parser.add_argument(
        "--speedup-only", action="store_true", help="re-measure the speed-up, keep the overhead"
    )
    parser.add_argument("--dask", action="store_true", help="also a Dask LocalCluster(2)")
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the game counts")
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    scale = 10 if args.quick else 1 / args.scale
    cases = [("pazaak", int(4000 // scale), None), ("panjpar", int(1500 // scale), None),
             ("tablic", int(600 // scale), "deal")]  # fmt: skip
    rounds = 2 if args.quick else 5
    if args.speedup_only and RESULTS.exists():
        overheads = json.loads(RESULTS.read_text())["overhead"]
    else:
        overheads = [overhead(g, n, u, rounds) for g, n, u in cases]
    speedups = [
        speedup(g, 3 * n, u, 2 if args.quick else 5, args.quiet, args.wait) for g, n, u in cases
    ]
    dasks = (
        [dask_speedup(g, 3 * n, u, 2 if args.quick else 3) for g, n, u in cases]
        if args.dask
        else []
    )
    report = {
        "benchmark": "lab",
        **run_info.header(),
        "machine": {
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpus": os.cpu_count(),
        },
        "note": "overhead: best-of-rounds CPU seconds, lab vs bare loop, same player; speed-up: "
        "best-of-rounds wall seconds, workers=1 (in-process) vs workers=2 (process pool, "
        "start-up included). The machine is shared (about 7 engineers on 2 cores); load averages "
        "are recorded. speedup_bound_from_cpu = 1-worker CPU / (2-worker total CPU / 2): the "
        "speed-up the work split allows on two idle cores, independent of the load.",
        "overhead": overheads,
        "speedup": speedups,
        "dask": dasks,
        "load_average_end": os.getloadavg(),
    }
    head = ("game", "unit", "games", "bare g/cpu-s", "lab g/cpu-s", "overhead")
    print("{:8} {:5} {:>6} {:>13} {:>12} {:>9}".format(*head))
    for o in overheads:
        print(
            f"{o['game']:8} {o['unit']:5} {o['games']:6} {o['bare_games_per_cpu_s']:13} "
            f"{o['lab_games_per_cpu_s']:12} {o['overhead_percent']:8.2f}%"
        )
    head = ("game", "games", "1 worker s", "2 workers s", "speed-up", "CPU bound", "load")
    print("\n{:8} {:>6} {:>11} {:>12} {:>9} {:>10} {:>5}".format(*head))
    for s in speedups:
        print(
            f"{s['game']:8} {s['games']:6} {s['wall_1_worker_s']:11} {s['wall_2_workers_s']:12} "
            f"{s['speedup']:8.2f}x {s['speedup_bound_from_cpu']:9.2f}x {s['load_1min_before']:5}"
        )
    for d in dasks:
        print(
            f"dask {d['game']:8} {d['games']:6} start {d['cluster_start_s']} s, 1 worker "
            f"{d['wall_1_worker_s']} s, dask {d['wall_dask_2_workers_s']} s: {d['speedup']}x "
            f"(CPU bound {d['speedup_bound_from_cpu']}x)"
        )
    if not args.no_write and not args.quick:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        print(f"\nwrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
