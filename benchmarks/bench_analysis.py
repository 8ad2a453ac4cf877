"""How long :func:`cardwidgets.analysis.analyse` takes on typical positions, per game.

Positions come from seeded greedy games: every ``--every``-th position of the first deal
(Tablić), the game (Panjpar) or the first set (Pazaak). For each: wall and CPU seconds, exact
or estimated, samples, and the exact search's node count. Writes
``benchmarks/results/analysis.json``::

    nice -n 10 uv run python benchmarks/bench_analysis.py --games 2 --every 6
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import time
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import analysis, bots, games

RESULTS = Path(__file__).parent / "results"


def positions(game: str, seed: int, every: int) -> list[Any]:
    """Every ``every``-th position with a choice in one seeded greedy game."""
    players = [bots.make("greedy", seed=f"bench:{seed}:{s}") for s in (0, 1)]
    state = games.get(game).new_game(seed=f"bench:{seed}")
    deal = getattr(state, "deal_number", None)
    number = getattr(state, "set_number", None)
    found = []
    while not state.is_over and getattr(state, "deal_number", None) == deal:
        if getattr(state, "set_number", None) != number:
            break
        if len(state.legal_moves()) > 1:
            found.append(state)
        state = state.play(players[state.to_move].choose(state))
    return found[::every]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=6)
    args = parser.parse_args(argv)
    report: dict[str, Any] = {
        **run_info.header(),
        "games": {},
    }
    for game in games.GAMES:
        rows = []
        for seed in range(args.games):
            for state in positions(game, seed, args.every):
                start, cpu = time.perf_counter(), time.process_time()
                result = analysis.analyse(state, seed=0)
                seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
                best = result.best
                rows.append({"ply": state.ply, "seconds": round(seconds, 3),
                             "cpu_seconds": round(cpu, 3), "exact": best.exact,
                             "samples": best.samples, "nodes": best.nodes,
                             "moves": len(result)})  # fmt: skip
        times = [r["seconds"] for r in rows]
        cpus = [r["cpu_seconds"] for r in rows]
        report["games"][game] = {
            "positions": len(rows),
            "median_seconds": round(statistics.median(times), 3),
            "max_seconds": round(max(times), 3),
            "within_one_second": sum(t <= 1.0 for t in times),
            # CPU seconds: what a position costs on an idle core (the wall time above also
            # counts the waits of a crowded machine, see load_average)
            "median_cpu_seconds": round(statistics.median(cpus), 3),
            "max_cpu_seconds": round(max(cpus), 3),
            "within_one_cpu_second": sum(t <= 1.0 for t in cpus),
            "exact_positions": sum(r["exact"] for r in rows),
            "exact_nodes": [r["nodes"] for r in rows if r["exact"]],
            "rows": rows,
        }
        print(game, json.dumps({k: v for k, v in report["games"][game].items() if k != "rows"}))
    report["load_average_after"] = os.getloadavg()
    out = RESULTS / "analysis.json"
    out.write_text(json.dumps(report, indent=2) + "\n")
    print(f"wrote {out}")


if __name__ == "__main__":
    main()
