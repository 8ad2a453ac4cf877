"""Panjpar random self-play throughput, in games per CPU-second (one core, time.process_time).

Each move is chosen uniformly among ALL legal moves with a seeded ``cards.Rng``:

* ``play(random_move)`` (the headline figure: the public API, a new immutable State per ply
  with history): ``state.random_move(rng)`` never lists the moves. Attacks and one-card
  defences: count them, draw ``rng.below(count)``, unrank that one. Defences against 3 or 5
  cards: exact rejection sampling (one index into the product of per-card choices, rejected
  if a killer repeats), which is uniform over the legal defences too.
* ``rollout`` (the bots' playout kernel): ``state.rollout(rng)`` plays the very same game
  (same draws, same moves; tests check it) on plain ints, without building states or moves.
* ``list-and-choose`` (the listing loop): ``state.play(rng.choice(state.legal_moves()))``
  lists every legal move each ply (sorted; moves built lazily from int keys) and plays the
  chosen one, which the state trusts as it listed it. Same distribution, more work.

Run: ``uv run python benchmarks/bench_panjpar.py [games]``; writes benchmarks/results/panjpar.json.
``uv run python benchmarks/bench_panjpar.py GAMES --mode MODE [--pickup all]`` runs one mode
and prints its row as JSON, without writing anything: for A/B runs of two engines (put the
other engine first on ``PYTHONPATH``; the row names the engine it ran).
"""

from __future__ import annotations

import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

from cardwidgets import cards
from cardwidgets.games import panjpar

RESULTS = Path(__file__).parent / "results" / "panjpar.json"


def run(mode: str, games: int, rules: panjpar.Rules, seed: str = "bench") -> dict[str, Any]:
    rng = cards.Rng(f"{seed}-{mode}")
    plies = 0
    wins = [0, 0, 0]
    start = time.process_time()
    for game in range(games):
        state = panjpar.new_game(seed=f"{seed}-{game}", rules=rules, guess="red")
        if mode == "play(random_move)":
            while not state.is_over:
                state = state.play(state.random_move(rng))
                plies += 1
        elif mode == "rollout":
            outcome = state.rollout(rng)
            wins[2 if outcome.winner is None else outcome.winner] += 1
            continue
        else:
            while not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
                plies += 1
        winner = state.outcome.winner  # type: ignore[union-attr]
        wins[2 if winner is None else winner] += 1
    seconds = time.process_time() - start
    return {
        "mode": mode,
        "rules": rules.to_dict(),
        "games": games,
        "cpu_seconds": round(seconds, 3),
        "games_per_cpu_second": round(games / seconds, 1),
        "plies_per_game": round(plies / games, 1) if plies else None,
        "plies_per_cpu_second": round(plies / seconds) if plies else None,
        "wins_a_b_draw": wins,
    }


def one_mode(argv: list[str]) -> None:
    """``GAMES --mode MODE [--pickup all]``: one row as JSON on stdout, nothing written."""
    games = int(argv[0])
    mode = argv[argv.index("--mode") + 1]
    pickup = argv[argv.index("--pickup") + 1] if "--pickup" in argv else "unbeaten"
    row = run(mode, games, panjpar.Rules(pickup=pickup))
    row["engine"] = str(Path(panjpar.__file__).resolve())
    row["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(row, ensure_ascii=False))


def main() -> None:
    if "--mode" in sys.argv:
        one_mode(sys.argv[1:])
        return
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 3000
    rows = []
    for rules in (panjpar.Rules(), panjpar.Rules(pickup="all")):
        rows.append(run("play(random_move)", games, rules))
        rows.append(run("rollout", games, rules))
    rows.append(run("list-and-choose", max(games // 5, 100), panjpar.Rules()))
    result = {
        "benchmark": "panjpar random self-play, uniform over all legal moves",
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "machine": platform.machine(),
        "note": "one core of a shared 2-core machine; CPU time, not wall time; other jobs "
        "running at the same time slow it down (see load_average)",
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "runs": rows,
    }
    if RESULTS.exists():
        # The A/B record of two engines (written by ab_panjpar.py) is kept as it is.
        previous = json.loads(RESULTS.read_text(encoding="utf-8"))
        if "ab" in previous:
            result["ab"] = previous["ab"]
    RESULTS.parent.mkdir(parents=True, exist_ok=True)
    RESULTS.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(f"{'mode':<19} {'pickup':<9} {'games':>6} {'games/CPU-s':>12} {'plies/game':>11}")
    for row in rows:
        print(
            f"{row['mode']:<19} {row['rules']['pickup']:<9} {row['games']:>6} "
            f"{row['games_per_cpu_second']:>12} {row['plies_per_game'] or '':>11}"
        )
    print(f"written to {RESULTS}")


if __name__ == "__main__":
    main()
