"""Strength ladder: Greedy vs Random and Expert vs Greedy in every game, seats swapped.

Run (in the background; it takes a while on a shared 2-core machine)::

    nohup uv run python benchmarks/ladder.py pazaak --seeds 500 > /tmp/ladder_pazaak.log 2>&1 &

Each seed is played twice, once with each player in seat 0, so ``--seeds 500`` gives 1,000
games per pairing. A game counts 1 for a win, 1/2 for a draw. The 95% interval is Wilson's
score interval on the score rate (draws as half a win: an approximation that is slightly
conservative when draws are common). What one "game" is per game:

* Tablić: one deal (52 cards, 4 rounds); the higher deal score (card points + 3 for most
  cards + tablas) wins, equal deal scores are a draw.
* Panjpar: one game; a draw (both hands empty in the final battle) counts half.
* Pazaak: one match (first to 3 sets).

Writes ``benchmarks/results/ladder_<game>.json`` with the figures, the expert budget and the
CPU time (``time.process_time`` summed over the worker processes).
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import multiprocessing
import os
import platform
import sys
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import bots, games

RESULTS = Path(__file__).parent / "results"

DEFINITIONS = {
    "tablic": "one deal (52 cards, 4 rounds of 6); higher deal score wins; equal deal scores draw",
    "panjpar": "one game; the player who plays out all cards wins; a draw counts half",
    "pazaak": "one match (first to 3 sets)",
}


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """Wilson score interval for a success rate ``score / n`` (95% with z = 1.96).

    >>> [round(x, 4) for x in wilson(600, 1000)]
    [0.5693, 0.6299]
    """
    if n == 0:
        return (0.0, 1.0)
    p = score / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


def new_state(game: str, seed: int | str) -> Any:
    return games.get(game).new_game(seed=seed)


def finished(game: str, start: Any, state: Any) -> bool:
    """Whether the ladder's unit of play is over (a Tablić deal ends when a total changes)."""
    if state.is_over:
        return True
    if game == "tablic":
        return tuple(state.totals) != tuple(start.totals)
    return False


def seat0_score(game: str, start: Any, state: Any) -> float:
    """1, 1/2 or 0 for seat 0."""
    if game == "tablic":
        gain = [state.totals[i] - start.totals[i] for i in (0, 1)]
        if gain[0] == gain[1]:
            return 0.5
        return 1.0 if gain[0] > gain[1] else 0.0
    winner = state.outcome.winner
    return 0.5 if winner is None else float(winner == 0)


def play_one(task: tuple[str, dict[str, Any], dict[str, Any], int, bool]) -> dict[str, Any]:
    """Play one game of ``a`` against ``b`` (``b`` in seat 0 when ``swapped``)."""
    game, a_spec, b_spec, seed, swapped = task
    cpu = time.process_time()
    specs = (b_spec, a_spec) if swapped else (a_spec, b_spec)
    players = [
        bots.make(spec["name"], seed=f"ladder:{game}:{seed}:{seat}", **spec.get("options", {}))
        for seat, spec in enumerate(specs)
    ]
    start = state = new_state(game, f"ladder:{seed}")
    moves = 0
    while not finished(game, start, state):
        state = state.play(players[state.to_move].choose(state))
        moves += 1
    score0 = seat0_score(game, start, state)
    return {
        "seed": seed,
        "swapped": swapped,
        "a_score": 1.0 - score0 if swapped else score0,
        "moves": moves,
        "cpu": time.process_time() - cpu,
    }


def run_pairing(
    game: str,
    a: dict[str, Any],
    b: dict[str, Any],
    seeds: int,
    processes: int,
    progress: Callable[[dict[str, Any]], None] | None = None,
    first: int = 0,
) -> dict[str, Any]:
    """Play every seed twice, seats swapped; ``progress`` gets the figures so far after
    every 20 games (a long ladder on a busy machine leaves a partial result behind)."""
    tasks = [
        (game, a, b, seed, swapped)
        for seed in range(first, first + seeds)
        for swapped in (False, True)
    ]
    wall = time.perf_counter()
    results: list[dict[str, Any]] = []
    with contextlib.ExitStack() as stack:
        played: Iterable[dict[str, Any]] = map(play_one, tasks)
        if processes > 1:
            pool = stack.enter_context(multiprocessing.get_context("fork").Pool(processes))
            played = pool.imap(play_one, tasks, chunksize=2)
        for result in played:
            results.append(result)
            more = len(results) < len(tasks)
            if progress is not None and more and len(results) % 20 == 0:
                progress(summary(a, b, results, time.perf_counter() - wall))
    return summary(a, b, results, time.perf_counter() - wall)


def summary(
    a: dict[str, Any], b: dict[str, Any], results: list[dict[str, Any]], wall: float
) -> dict[str, Any]:
    """The figures of the games played so far (seed order: each seed's pair of games)."""
    n = len(results)
    score = sum(r["a_score"] for r in results)
    wins = sum(1 for r in results if r["a_score"] == 1.0)
    draws = sum(1 for r in results if r["a_score"] == 0.5)
    cpu = sum(r["cpu"] for r in results)
    lo, hi = wilson(score, n)
    return {
        "a": a,
        "b": b,
        "games": n,
        "a_wins": wins,
        "draws": draws,
        "b_wins": n - wins - draws,
        "a_score_rate": round(score / n, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "interval_excludes_half": lo > 0.5 or hi < 0.5,
        "a_score_rate_in_seat0": round(
            sum(r["a_score"] for r in results if not r["swapped"]) / max(1, n // 2), 4
        ),
        "moves_per_game": round(sum(r["moves"] for r in results) / n, 1),
        "cpu_seconds": round(cpu, 1),
        "games_per_cpu_second": round(n / cpu, 2) if cpu else None,
        "wall_seconds": round(wall, 1),
    }


def merge(parts: list[dict[str, Any]]) -> dict[str, Any]:
    """One report from ladders of the same game and pairing over disjoint seed ranges (each
    possibly partial, or itself a merged report): the counts add up, the interval is taken
    again on the sum."""
    first = parts[0]["pairings"][0]
    n = sum(p["pairings"][0]["games"] for p in parts)
    wins = sum(p["pairings"][0]["a_wins"] for p in parts)
    draws = sum(p["pairings"][0]["draws"] for p in parts)
    score = wins + draws / 2
    cpu = sum(p["pairings"][0]["cpu_seconds"] for p in parts)
    lo, hi = wilson(score, n)
    pairing = {
        "a": first["a"],
        "b": first["b"],
        "games": n,
        "a_wins": wins,
        "draws": draws,
        "b_wins": n - wins - draws,
        "a_score_rate": round(score / n, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "interval_excludes_half": lo > 0.5 or hi < 0.5,
        "cpu_seconds": round(cpu, 1),
        "games_per_cpu_second": round(n / cpu, 2) if cpu else None,
    }
    keep = ("seeds", "commit", "date", "processes")
    listed = []
    for part in parts:
        if "parts" in part:  # a report merged before: its own parts, as listed then
            listed.extend(part["parts"])
            continue
        played = part["pairings"][0]
        figures = {k: part.get(k) for k in keep}
        first = (figures["seeds"] or [0])[0]  # a run without seeds began at 0
        figures["seeds"] = [first, first + played["games"] // 2 - 1]  # played, in seed order
        listed.append({**figures, "games": played["games"], "partial": "partial" in played})
    common = {k: v for k, v in parts[0].items() if k not in (*keep, "pairings", "parts")}
    return {**common, "pairings": [pairing], "parts": listed}


def _commit() -> str:
    # LADDER_COMMIT: run from an exported snapshot of that commit (no git there)
    return os.environ.get("LADDER_COMMIT") or run_info.commit()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game", choices=games.GAMES)
    parser.add_argument("--seeds", type=int, default=500, help="games per pairing = 2 x seeds")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="seeds first..first+seeds-1 (split a ladder)"
    )
    parser.add_argument("--processes", type=int, default=2)
    parser.add_argument("--iterations", type=int, default=None, help="expert iterations")
    parser.add_argument(
        "--confidence", type=float, default=None, help="expert confidence (A/B of the setting)"
    )
    parser.add_argument(
        "--pairings", default="greedy-random,expert-greedy", help="comma list of a-b"
    )
    parser.add_argument("--out", default=None)
    parser.add_argument("--merge", nargs="+", default=None, help="ladder files to merge")
    args = parser.parse_args(argv)
    if args.merge:
        merged = merge([json.loads(Path(name).read_text()) for name in args.merge])
        out = Path(args.out) if args.out else RESULTS / f"ladder_{args.game}.json"
        out.write_text(json.dumps(merged, indent=2, ensure_ascii=False) + "\n")
        print(json.dumps(merged["pairings"][0]))
        return
    expert_options: dict[str, Any] = {}
    if args.iterations is not None:
        expert_options["iterations"] = args.iterations
    if args.confidence is not None:
        expert_options["confidence"] = args.confidence
    out = Path(args.out) if args.out else RESULTS / f"ladder_{args.game}.json"
    report: dict[str, Any] = {
        "game": args.game,
        "definition": DEFINITIONS[args.game],
        "seats": "each seed played twice, seats swapped",
        "interval": "Wilson 95% score interval, draws count half",
        "commit": _commit(),
        "python": platform.python_version(),
        "processes": args.processes,
        "seeds": [args.first_seed, args.first_seed + args.seeds - 1],
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "pairings": [],
    }
    for pairing in args.pairings.split(","):
        a_name, b_name = pairing.split("-")
        a = {"name": a_name, "options": expert_options if a_name == "expert" else {}}
        b = {"name": b_name, "options": expert_options if b_name == "expert" else {}}
        if "expert" in (a_name, b_name):
            probe = bots.make("expert", seed=0, **expert_options)
            iterations, seconds = probe.budget(new_state(args.game, 0))
            report["expert_budget"] = {"iterations": iterations, "time_limit": seconds}
        done = list(report["pairings"])

        def partial(figures: dict[str, Any], done: list[Any] = done) -> None:
            report["pairings"] = [*done, {**figures, "partial": True}]
            out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")

        result = run_pairing(args.game, a, b, args.seeds, args.processes, partial, args.first_seed)
        report["pairings"] = [*done, result]
        print(json.dumps(result), flush=True)
        out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
    print(f"wrote {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
