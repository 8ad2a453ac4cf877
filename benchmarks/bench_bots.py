"""How long the players take to decide, per game: Random and Greedy (target: under 1 ms) and
the Expert at its default budget (target: under one second per move), and a hint.

Run: ``uv run python benchmarks/bench_bots.py [--positions 200]``. The positions come from
greedy-against-greedy games, so they look like real play. Times are CPU time
(``time.process_time``) per decision on one core; the table also shows the slowest decision
(95th percentile and maximum) because a widget waits for the slow ones. Writes
``benchmarks/results/bots.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path
from typing import Any

from cardwidgets import bots, games

RESULTS = Path(__file__).parent / "results"


def positions(game: str, count: int) -> list[Any]:
    """Every decision of greedy-against-greedy games, until ``count`` are collected."""
    found: list[Any] = []
    players = (bots.GreedyPlayer(1), bots.GreedyPlayer(2))
    number = 0
    while len(found) < count:
        state = games.get(game).new_game(seed=f"bench:{number}")
        number += 1
        while not state.is_over and len(found) < count:
            found.append(state)
            state = state.play(players[state.to_move].choose(state))
    return found


def timings(player: Any, states: list[Any]) -> dict[str, float]:
    times = []
    for state in states:
        start = time.process_time()
        player.choose(state)
        times.append((time.process_time() - start) * 1000)
    times.sort()
    return {
        "decisions": len(times),
        "mean_ms": round(statistics.fmean(times), 3),
        "median_ms": round(times[len(times) // 2], 3),
        "p95_ms": round(times[int(len(times) * 0.95)], 3),
        "max_ms": round(times[-1], 3),
        "decisions_per_cpu_second": round(len(times) / (sum(times) / 1000), 1),
    }


def hint_timings(states: list[Any]) -> dict[str, float]:
    times = []
    for state in states:
        start = time.process_time()
        bots.hint(state)
        times.append((time.process_time() - start) * 1000)
    times.sort()
    return {
        "hints": len(times),
        "mean_ms": round(statistics.fmean(times), 3),
        "p95_ms": round(times[int(len(times) * 0.95)], 3),
        "max_ms": round(times[-1], 3),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--expert-positions", type=int, default=40)
    args = parser.parse_args()
    report: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
        "note": "CPU milliseconds per decision on one core; positions from greedy self-play",
        "games": {},
    }
    print(f"{'game':8} {'player':8} {'mean ms':>9} {'p95 ms':>9} {'max ms':>9}")
    for game in games.GAMES:
        states = positions(game, args.positions)
        step = max(1, len(states) // args.expert_positions)
        expert = bots.ExpertPlayer(seed=3)
        rows = {
            "random": timings(bots.RandomPlayer(seed=1), states),
            "greedy": timings(bots.GreedyPlayer(seed=2), states),
            "expert": timings(expert, states[::step][: args.expert_positions]),
        }
        iterations, limit = expert.budget(states[0])
        rows["expert"]["budget"] = {"iterations": iterations, "time_limit": limit}
        rows["hint"] = hint_timings(states[::step][: args.expert_positions])
        report["games"][game] = rows
        for name, row in rows.items():
            print(
                f"{game:8} {name:8} {row['mean_ms']:9.3f} {row['p95_ms']:9.3f} {row['max_ms']:9.3f}"
            )
    RESULTS.mkdir(exist_ok=True)
    out = RESULTS / "bots.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
