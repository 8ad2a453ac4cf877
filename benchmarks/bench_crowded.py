"""Crowded Tablić tables (issue 27): the hint and the computer's reply on a table of 20 and
of 24 cards, with wall time and peak traced memory (not a test; no timing gate).

Trailing in hot-seat play can pile 20 and more cards on the table; a hand of six then has
hundreds of thousands of legal moves. The hint, the greedy and expert players (through the
strategy's candidates: each hand card's two best captures from
:func:`cardwidgets.games.tablic.ranked_captures`) and the random player (through
``State.random_move``, counted and unranked) never list them. Each row is measured in a fresh
position with cold capture caches (``tablic.clear_caches()``), as a widget's first click
would be; times are the median and maximum of ``--repeats`` runs, memory the highest peak
(``tracemalloc``, which also slows the code it traces: the times are taken in separate runs
without it). Pazaak's hint is timed too, with and without the sampled figures a widget does
not show. Writes benchmarks/results/crowded.json.

    uv run python benchmarks/bench_crowded.py [--repeats 5]
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

from cardwidgets import bots, pazaak, tablic

RESULTS = Path(__file__).resolve().parent / "results" / "crowded.json"

HANDS = ("Q♠ 10♦ 9♦ 7♠ K♥ J♣", "8♥ 8♣ 9♠ 10♠ K♣ Q♦")
TABLES = {
    "20 cards (A-5, the README's table)": "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ "
    "4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣",
    "24 cards (A-6)": "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣ 6♠ 6♥ 6♦ 6♣",
}
WAS = {
    "hint": "20 cards: 14 s and ~350 MB (286,671 moves listed and ranked); 24 cards: 34 s, 758 MB",
    "greedy": "9-15 s and ~300 MB on the 20-card table (through legal_moves())",
    "random": "1.3-6 s (through legal_moves())",
    "pazaak_hint": "200-430 ms per click, for sampled figures the widget never showed",
    "measured_before_the_fix_here": "tests/test_crowded.py with f4bbef8's engine and the old bots,"
    " load ~7 on 2 cores, 20 cards: greedy 39.7 s, hint 41.5 s, widget hint 46.0 s, "
    "random 22.6 s (3 draws), widget random opponent 10.2 s",
}


def position(table: str) -> tablic.State:
    """Seat 0 to move on ``table`` with six cards each, mid-deal (hands are not the last)."""
    return tablic.State.from_position(table=table, hands=HANDS, to_move=0, seed=1)


def measure(action: Callable[[], object], repeats: int) -> dict[str, float]:
    """Median and maximum wall time (ms) over ``repeats`` cold runs, the median of as many
    warm runs (each right after a cold one: the same position asked again), and the peak
    traced memory (KiB) of one more cold run."""
    times, warm = [], []
    for _ in range(repeats):
        tablic.clear_caches()
        started = time.perf_counter()
        action()
        times.append(time.perf_counter() - started)
        started = time.perf_counter()
        action()
        warm.append(time.perf_counter() - started)
    tablic.clear_caches()
    tracemalloc.start()
    action()
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return {
        "ms_median": round(1000 * statistics.median(times), 2),
        "ms_max": round(1000 * max(times), 2),
        "warm_ms_median": round(1000 * statistics.median(warm), 2),
        "peak_kib": round(peak / 1024, 1),
    }


def tablic_rows(repeats: int, expert: bool) -> dict[str, object]:
    """The hint and each player's reply on each crowded table."""
    rows: dict[str, object] = {}
    for name, table in TABLES.items():
        state = position(table)
        actions = _actions(state, expert)
        counted = state.legal_moves_count()
        row: dict[str, object] = {"legal_moves": counted}
        for label, action in actions.items():
            row[label] = measure(action, 1 if label == "expert" else repeats)
            print(name, label, row[label], flush=True)
        rows[name] = row
    return rows


def _actions(state: tablic.State, expert: bool) -> dict[str, Callable[[], object]]:
    actions: dict[str, Callable[[], object]] = {
        "hint": lambda: bots.hint(state, locale="en"),
        "greedy": lambda: bots.GreedyPlayer(seed=1).choose(state),
        "random": lambda: bots.RandomPlayer(seed=1).choose(state),
    }
    if expert:
        # Its default budget: the iterations of the game, capped at 0.9 s of wall time.
        actions["expert"] = lambda: bots.ExpertPlayer(seed=1).choose(state)
    return actions


def pazaak_rows(repeats: int) -> dict[str, object]:
    """Pazaak's hint with its figures (as ``bots.hint`` gives them) and as a widget asks."""
    state = pazaak.State.from_position(
        hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[10, 5, 4], seed=1
    )
    return {
        "hint_with_details": measure(lambda: bots.hint(state, locale="en"), repeats),
        "hint_as_the_widget_asks": measure(
            lambda: bots.hint(state, locale="en", details=False), repeats
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5)
    parser.add_argument("--no-expert", action="store_true")
    args = parser.parse_args()
    result = {
        "benchmark": "crowded tables (issue 27): hint and replies, cold and warm caches",
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "hands": list(HANDS),
        "repeats": args.repeats,
        "tablic": tablic_rows(args.repeats, not args.no_expert),
        "pazaak": pazaak_rows(args.repeats),
        "was": WAS,
        "python": platform.python_version(),
        "machine": platform.machine(),
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
