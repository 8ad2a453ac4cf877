"""Scene size per update and scene-building time of the Tablić widget (not a test; no timing gate).

Plays seeded matches through the widget from Python (select a card, then play it, the computer
replying), measures the UTF-8 JSON size of every scene sent and the CPU time per update, and
writes benchmarks/results/scene.json. The bar for the size is 16 KB per Tablić position.

    uv run python benchmarks/bench_scene.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from pathlib import Path

from cardwidgets import scene
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent

RESULTS = Path(__file__).resolve().parent / "results" / "scene.json"
BAR = 16 * 1024


def run(games: int) -> dict[str, object]:
    sizes: list[int] = []
    updates = 0
    moves = 0
    start = time.process_time()
    for seed in range(games):
        w = TablicWidget(seed=seed, opponent=RandomOpponent(seed), open_hands=False)
        while not w.state.is_over:
            move = max(w.state.legal_moves(), key=lambda m: (len(m.captured), str(m)))
            before = w.version
            w.select(move.card)
            sizes.append(scene.size(w.scene))  # type: ignore[arg-type]
            w.play(move)
            sizes.append(scene.size(w.scene))  # type: ignore[arg-type]
            updates += w.version - before
            moves += 1
    cpu = time.process_time() - start
    sizes.sort()
    return {
        "benchmark": "tablic widget scene",
        "games": games,
        "learner_moves": moves,
        "scenes_measured": len(sizes),
        "bytes_median": int(statistics.median(sizes)),
        "bytes_p95": sizes[int(0.95 * (len(sizes) - 1))],
        "bytes_max": sizes[-1],
        "bar_bytes": BAR,
        "under_bar": sizes[-1] < BAR,
        "updates_per_cpu_second": round(updates / cpu, 1),
        "games_per_cpu_second": round(games / cpu, 3),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    result = run(args.games)
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
