"""Tablić throughput: random self-play deals and matches per CPU-second, on one core.

Run: ``uv run python benchmarks/bench_tablic.py [--deals N] [--matches N]``.

Every game starts with ``tablic.new_game(seed=...)`` and is played through the public loop
``moves = state.legal_moves(); state = state.play(moves[rng.below(len(moves))])``, choosing
uniformly among all legal moves with a seeded ``cards.Rng``: a new immutable State per move,
history kept, every move validated by ``play``.

* ``deals``: deal 1 of a match, until its score is added (48 moves).
* ``matches``: whole matches to 101 (T-D7), about 4–5 deals each.
* ``playout``: ``tablic.playout(state, rng)``, the same rules, move order and random choices
  (a test checks they agree move for move) on plain ints, without State or Move objects.

The engine caches capture searches per (played value, table profile), so the first games of a
fresh process are slower. ``cold`` is the rate over the first deals of a fresh process; the
other rows are measured after a warm-up. ``time.process_time`` only (CPU time), so other jobs on
the machine do not count against the engine. Writes ``benchmarks/results/tablic.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path

from cardwidgets.cards import Rng
from cardwidgets.games import tablic

VARIANTS = {
    "seed": tablic.Rules(),
    "maximal": tablic.Rules(capture_must_be_maximal=True),
}


def deals(rules: tablic.Rules, count: int, seed: int) -> tuple[float, int]:
    rng = Rng(seed)
    moves_played = 0
    start = time.process_time()
    for number in range(count):
        state = tablic.new_game(seed=seed * 1_000_003 + number, rules=rules)
        while not state.deal_results:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
            moves_played += 1
    return time.process_time() - start, moves_played


def matches(rules: tablic.Rules, count: int, seed: int) -> tuple[float, int, int]:
    rng = Rng(seed)
    moves_played = 0
    deals_played = 0
    start = time.process_time()
    for number in range(count):
        state = tablic.new_game(seed=seed * 1_000_003 + number, rules=rules)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
            moves_played += 1
        deals_played += len(state.deal_results)
    return time.process_time() - start, moves_played, deals_played


def playouts(rules: tablic.Rules, count: int, seed: int, deals: int | None) -> tuple[float, int]:
    played = 0
    start = time.process_time()
    for number in range(count):
        state = tablic.new_game(seed=seed * 1_000_003 + number, rules=rules)
        played += tablic.playout(state, Rng(seed + number), deals=deals).deals
    return time.process_time() - start, played


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=5000)
    parser.add_argument("--matches", type=int, default=600)
    parser.add_argument("--cold", type=int, default=300)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "tablic.json"))
    args = parser.parse_args(argv)
    rows = []

    seconds, moves = deals(VARIANTS["seed"], args.cold, args.seed + 1000)
    rows.append({"variant": "seed", "mode": "deals (cold caches)", "games": args.cold,
                 "cpu_seconds": round(seconds, 3),
                 "deals_per_cpu_second": round(args.cold / seconds),
                 "moves_per_cpu_second": round(moves / seconds)})  # fmt: skip
    for name, rules in VARIANTS.items():
        deals(rules, 300, args.seed + 7)  # warm-up
        seconds, moves = deals(rules, args.deals, args.seed)
        rows.append({"variant": name, "mode": "deals", "games": args.deals,
                     "cpu_seconds": round(seconds, 3),
                     "deals_per_cpu_second": round(args.deals / seconds),
                     "moves_per_cpu_second": round(moves / seconds)})  # fmt: skip
        seconds, moves, played = matches(rules, args.matches, args.seed)
        rows.append({"variant": name, "mode": "matches", "games": args.matches,
                     "cpu_seconds": round(seconds, 3),
                     "matches_per_cpu_second": round(args.matches / seconds, 1),
                     "deals_per_cpu_second": round(played / seconds),
                     "deals_per_match": round(played / args.matches, 2),
                     "moves_per_cpu_second": round(moves / seconds)})  # fmt: skip
        seconds, played = playouts(rules, args.deals, args.seed, deals=1)
        rows.append({"variant": name, "mode": "playout deals", "games": args.deals,
                     "cpu_seconds": round(seconds, 3),
                     "deals_per_cpu_second": round(played / seconds)})  # fmt: skip
        seconds, played = playouts(rules, args.matches, args.seed, deals=None)
        rows.append({"variant": name, "mode": "playout matches", "games": args.matches,
                     "cpu_seconds": round(seconds, 3),
                     "matches_per_cpu_second": round(args.matches / seconds, 1),
                     "deals_per_cpu_second": round(played / seconds)})  # fmt: skip
    for row in rows:
        extra = (f"  {row['matches_per_cpu_second']:>7,.1f} matches/CPU-s"
                 if "matches_per_cpu_second" in row else "")  # fmt: skip
        print(f"{row['variant']:8s} {row['mode']:20s} {row['deals_per_cpu_second']:>7,d} "
              f"deals/CPU-s{extra}", flush=True)  # fmt: skip
    result = {
        "game": "tablic",
        "benchmark": "random self-play through the public State API, uniform over legal moves",
        "bar": "at least 1,000 deals per CPU-second (aim 3,000)",
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "load_average_1min": round(os.getloadavg()[0], 2),
        "machine_note": "2 cores shared with other jobs; CPU time only; figures vary by ±15 %",
        "results": rows,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
