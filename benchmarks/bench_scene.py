"""Scene size per update, scene-building time, and the crowded-table click of the Tablić widget
(not a test; no timing gate).

Plays seeded matches through the widget from Python (select a card, then play it, the computer
replying, continue after each deal's summary), measures the UTF-8 JSON size of every scene sent
and the CPU time per update, then times ``select()`` of a Q on a table of the twenty cards A–5
(its captures number 199,469) with its peak memory, and writes benchmarks/results/scene.json.
The aim for the size is 8 KB per update (the old bar was 16 KB).

    uv run python benchmarks/bench_scene.py [--games N]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
import tracemalloc
from pathlib import Path

from cardwidgets import scene, tablic
from cardwidgets.present.tablic import suggest
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent

RESULTS = Path(__file__).resolve().parent / "results" / "scene.json"
AIM = 8 * 1024
CROWDED = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣"


def crowded_select(repeats: int = 7) -> dict[str, object]:
    """Wall time and peak traced memory of ``select("Q♠")`` on the crowded table (cold caches)."""
    times, peaks = [], []
    for _ in range(repeats):
        state = tablic.State.from_position(table=CROWDED, hands=("Q♠ 9♦", "K♥ 6♦"), seed=1)
        w = TablicWidget(state=state, opponent=RandomOpponent(1))
        suggest.cache_clear()
        tracemalloc.start()
        started = time.perf_counter()
        w.select("Q♠")
        times.append(time.perf_counter() - started)
        peaks.append(tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
    return {
        "crowded_select_ms_median": round(1000 * statistics.median(times), 2),
        "crowded_select_ms_max": round(1000 * max(times), 2),
        "crowded_select_peak_kib": round(max(peaks) / 1024, 1),
        "crowded_select_was": "0.66 s and about 150 MB before suggestions were taken lazily",
    }


def run(games: int) -> dict[str, object]:
    sizes: list[int] = []
    updates = 0
    moves = 0
    start = time.process_time()
    for seed in range(games):
        w = TablicWidget(seed=seed, opponent=RandomOpponent(seed), open_hands=False)
        while not w.state.is_over:
            if w.paused:
                w.next()
                continue
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
        "aim_bytes": AIM,
        "median_under_aim": statistics.median(sizes) < AIM,
        "updates_per_cpu_second": round(updates / cpu, 1),
        "games_per_cpu_second": round(games / cpu, 3),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    result = {**run(args.games), **crowded_select()}
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2))


if __name__ == "__main__":
    main()
