"""What sealing costs a tournament: the seat view for every move, and a worker process per game.

Run: ``uv run python benchmarks/bench_tournament_sealed.py [--games 100] [--rounds 5]``. Writes
``benchmarks/results/tournament_sealed.json`` and prints a table.

Three ways of one Pazaak round robin, interleaved round by round (the machine is shared; each
way's figure is its median round):

* ``state``: the bots handed the game's state, as before the seat view (``_ask`` replaced);
* ``view``: the bots handed the seat's view (:class:`cardwidgets.bots.SeatView`), as now;
* ``sealed file``: one bot of the three a ``.py`` file run sealed (a worker process per game,
  the view sent as JSON each move), fewer games (``--sealed-games``) as each costs a worker.

The built-in bots (random, greedy, greedy standing at 16) are cheap, so the view's cost (the
stand-in position dealt for each move) is a large share of theirs; a searching bot would hide it.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import run_info

import cardwidgets.lab.tournament  # noqa: F401  (the module, for its _ask)
from cardwidgets import lab

RESULTS = Path(__file__).parent / "results" / "tournament_sealed.json"
BOTS = ["random", "greedy", "greedy:stand_at=16"]
FILE_BOT = """
def choose(view):
    moves = {str(move): move for move in view.legal_moves()}
    if view.seen["totals"][view.seat] >= 17 and "stand" in moves:
        return moves["stand"]
    return moves.get("end", next(iter(moves.values())))
"""


def _plain(bot: Any, state: Any) -> object:
    return bot.choose(state)


def _once(bots: list[str], games: int, seed: int) -> tuple[float, int]:
    start = time.perf_counter()
    cup = lab.tournament("pazaak", bots, games=games, seed=seed, progress=False)
    assert not cup.forfeits
    return time.perf_counter() - start, len(cup.rows)


def measure(games: int, sealed_games: int, rounds: int, file_bot: str) -> dict[str, Any]:
    module = sys.modules["cardwidgets.lab.tournament"]
    viewed = module._ask
    walls: dict[str, list[float]] = {"state": [], "view": [], "sealed file": []}
    played: dict[str, int] = {}
    for round_ in range(rounds):
        for name in walls:
            module._ask = _plain if name == "state" else viewed  # type: ignore[attr-defined]
            if name == "sealed file":
                wall, count = _once([file_bot, *BOTS[1:]], sealed_games, round_)
            else:
                wall, count = _once(BOTS, games, round_)
            walls[name].append(wall)
            played[name] = count
    module._ask = viewed  # type: ignore[attr-defined]
    ways = {}
    for name, times in walls.items():
        wall = statistics.median(times)
        ways[name] = {
            "games": played[name],
            "games_per_second": round(played[name] / wall, 1),
            "median_wall_seconds": round(wall, 3),
            "walls": [round(w, 3) for w in times],
        }
    return {"rounds": rounds, "ways": ways}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per pair (even)")
    parser.add_argument("--sealed-games", type=int, default=10, help="games per pair, sealed")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args()
    before = run_info.header()
    with tempfile.TemporaryDirectory() as folder:
        file_bot = Path(folder) / "stand17.py"
        file_bot.write_text(FILE_BOT, encoding="utf-8")
        report = measure(args.games, args.sealed_games, args.rounds, str(file_bot))
    result = {
        **before,
        "load_average_after": list(os.getloadavg()),
        "game": "pazaak (seed rules: first to three sets)",
        "bots": BOTS,
        "sealed_bots": ["stand17.py (sealed)", *BOTS[1:]],
        **report,
    }
    args.out.write_text(json.dumps(result, indent=2) + "\n", encoding="utf-8")
    for name, figures in report["ways"].items():
        print(f"{name:12} {figures['games_per_second']:8.1f} games/s ({figures['games']} games)")
    print(f"load {before['load_average']}")


if __name__ == "__main__":
    main()
