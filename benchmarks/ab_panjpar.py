"""A/B of the Panjpar engine alone: this checkout against another, mode by mode, interleaved.

Run: ``uv run python benchmarks/ab_panjpar.py BEFORE_DIR [--rounds 5]``. ``BEFORE_DIR`` is a
checkout of an older commit (``git worktree add ../orig 9c9be7b``, the engine before issue 14
made the listing loop fast); it needs no environment of its own: each run is one process of
this checkout's ``bench_panjpar.py GAMES --mode MODE``, with the engine under test first on
``PYTHONPATH``, so only the engine differs. Rounds alternate which engine goes first. Each
row keeps every run, the medians and the after/before ratio per round, and whether both
engines played the same games (their win counts agree). The rows replace the ``ab`` entry of
``benchmarks/results/panjpar.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent
RESULTS = HERE / "results" / "panjpar.json"
MODES = [
    ("list-and-choose", "unbeaten", 600),
    ("play(random_move)", "unbeaten", 3000),
    ("play(random_move)", "all", 3000),
    ("rollout", "unbeaten", 3000),
    ("rollout", "all", 3000),
]


def run(engine: Path, mode: str, pickup: str, games: int) -> dict[str, Any]:
    """One process of bench_panjpar.py on ``engine``'s cardwidgets; its row."""
    command = [sys.executable, str(HERE / "bench_panjpar.py"), str(games), "--mode", mode]
    env = {**os.environ, "PYTHONPATH": str(engine)}
    done = subprocess.run(
        [*command, "--pickup", pickup], env=env, check=True, capture_output=True, text=True
    )
    row: dict[str, Any] = json.loads(done.stdout)
    if not str(row["engine"]).startswith(str(engine.resolve())):
        raise SystemExit(f"ran {row['engine']}, not the engine of {engine}")
    return row


def commit(checkout: Path) -> str:
    done = subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=checkout, capture_output=True, text=True
    )
    return done.stdout.strip()[:90]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    rows = []
    loads: list[float] = []
    for mode, pickup, games in MODES:
        before: list[dict[str, Any]] = []
        after: list[dict[str, Any]] = []
        for number in range(args.rounds):
            sides = [(args.before, before), (AFTER, after)]
            for engine, runs in sides if number % 2 == 0 else sides[::-1]:
                runs.append(run(engine, mode, pickup, games))
                loads.append(float(runs[-1]["load_average"][0]))
        speed_b = [float(r["games_per_cpu_second"]) for r in before]
        speed_a = [float(r["games_per_cpu_second"]) for r in after]
        ratios = [a / b for a, b in zip(speed_a, speed_b, strict=True)]
        rows.append(
            {
                "mode": mode,
                "pickup": pickup,
                "games": games,
                "before_median": statistics.median(speed_b),
                "after_median": statistics.median(speed_a),
                "before_runs": speed_b,
                "after_runs": speed_a,
                "ratio_median": round(statistics.median(ratios), 2),
                "ratio_min": round(min(ratios), 2),
                "ratio_max": round(max(ratios), 2),
                "same_games_played": all(
                    b["wins_a_b_draw"] == a["wins_a_b_draw"]
                    for b, a in zip(before, after, strict=True)
                ),
            }
        )
        print(f"{mode:18s} {pickup:9s} ratio {rows[-1]['ratio_median']}", flush=True)
    result = json.loads(RESULTS.read_text(encoding="utf-8"))
    result["ab"] = {
        "what": f"engine {commit(args.before)} (before) vs {commit(AFTER)} (after); "
        f"{args.rounds} interleaved rounds, one process per run of "
        "`bench_panjpar.py GAMES --mode MODE --pickup P`; games per CPU-second; "
        "ratio = after/before per round (benchmarks/ab_panjpar.py)",
        "load_average_1min": [min(loads), statistics.median(loads), max(loads)],
        "rows": rows,
    }
    RESULTS.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
