"""Pazaak throughput: random self-play matches (first to three sets) per CPU-second.

Run: ``uv run python benchmarks/bench_pazaak.py [--matches N]``. One core, ``time.process_time``.
Every match starts with ``pazaak.new_game`` (hands drawn, starter decided) and is played to the
end choosing uniformly among all legal moves with a seeded ``cards.Rng``, in two ways:

* ``state_api``: the public loop ``state = state.play(moves[rng.below(len(moves))])`` with
  ``moves = state.legal_moves()``: a new immutable State per move, history kept.
* ``playout``: ``pazaak.playout(state, rng)``, the same rules and the same random choices
  (tests check they agree move for move) on plain lists, returning only the outcome.

Writes ``benchmarks/results/pazaak.json`` and prints a table.
"""

from __future__ import annotations

import argparse
import json
import platform
import sys
import time
from pathlib import Path

from cardwidgets.cards import Rng
from cardwidgets.games import pazaak

PRESETS = {
    "seed": pazaak.Rules.seed(),
    "kotor1": pazaak.Rules.kotor1(),
    "kotor2": pazaak.Rules.kotor2(),
}


def state_api(rules: pazaak.Rules, matches: int, seed: int) -> tuple[float, int, int]:
    rng = Rng(seed)
    moves_played = 0
    sets = 0
    start = time.process_time()
    for number in range(matches):
        state = pazaak.new_game(seed=seed + number, rules=rules)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
            moves_played += 1
        sets += state.set_number
    return time.process_time() - start, moves_played, sets


def playout(rules: pazaak.Rules, matches: int, seed: int) -> tuple[float, int, int]:
    rng = Rng(seed)
    wins = 0
    start = time.process_time()
    for number in range(matches):
        outcome = pazaak.playout(pazaak.new_game(seed=seed + number, rules=rules), rng)
        wins += outcome.winner == 0
    return time.process_time() - start, 0, wins


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=20000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "pazaak.json"))
    args = parser.parse_args(argv)
    rows = []
    for name, rules in PRESETS.items():
        for mode, run in (("state_api", state_api), ("playout", playout)):
            run(rules, 200, args.seed)  # warm caches
            seconds, moves, extra = run(rules, args.matches, args.seed)
            row = {
                "preset": name,
                "mode": mode,
                "matches": args.matches,
                "cpu_seconds": round(seconds, 3),
                "matches_per_cpu_second": round(args.matches / seconds),
            }
            if mode == "state_api":
                row["moves_per_match"] = round(moves / args.matches, 2)
                row["sets_per_match"] = round(extra / args.matches, 2)
                row["moves_per_cpu_second"] = round(moves / seconds)
            else:
                row["seat0_win_rate"] = round(extra / args.matches, 3)
            rows.append(row)
            print(
                f"{name:7s} {mode:10s} {row['matches_per_cpu_second']:>8,d} matches/CPU-s",
                flush=True,
            )
    result = {
        "game": "pazaak",
        "benchmark": "random self-play, uniform over legal moves, first to three sets",
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "machine_note": "2 cores shared with other jobs; figures vary by about ±15 %",
        "results": rows,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
