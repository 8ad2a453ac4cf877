"""The table against the lab's own loop: the same seeded games, games per CPU-second.

The lab plays its games in a loop with nothing but the engine and the players in it
(:func:`cardwidgets.lab.play.play_game`); a :class:`cardwidgets.Table` adds the line of play,
the pause check and an event per move. This times both on the same games (game ``i`` of a run
with seed 0, the players reseeded as the lab does), interleaved in rounds, the first runner of
a round alternating, and reports each side's median and the paired ratios table / lab of each
round. It also checks that both played the same moves.

Run: ``uv run python benchmarks/bench_table.py [--games 40] [--rounds 5]``; writes
``benchmarks/results/table.json``.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import Table
from cardwidgets.lab.jobs import make_job
from cardwidgets.lab.play import play_game
from cardwidgets.lab.seeds import game_seed, player_seed

OUT = Path(__file__).resolve().parent / "results" / "table.json"
GAMES = ("tablic", "panjpar", "pazaak")


def lab_loop(job: Any, count: int) -> list[int]:
    """The lab's loop over games 0 to count - 1: each game's length."""
    return [play_game(job, index)[0]["length"] for index in range(count)]


def table_loop(job: Any, game: str, count: int) -> list[int]:
    """The same games stepped through a table (its pauses passed as a watcher passes them)."""
    lengths = []
    for index in range(count):
        seed = game_seed(job.seed, index)
        seats = [job.players[s].reseeded(player_seed(seed, s)) for s in (0, 1)]
        table = Table(game, seed=seed, rules=job.rules, players=seats)
        while not table.state.is_over:
            table.step()
        lengths.append(table.state.ply)
    return lengths


def measure(game: str, count: int, rounds: int) -> dict[str, Any]:
    """Games per CPU-second of both loops over ``rounds`` interleaved rounds."""
    job, _ = make_job(game, ("greedy", "random"), None, 0, None)
    lab_rates, table_rates, ratios = [], [], []
    for number in range(rounds):
        timed = {}
        order = ("lab", "table") if number % 2 == 0 else ("table", "lab")
        for side in order:
            start = time.process_time()
            lengths = lab_loop(job, count) if side == "lab" else table_loop(job, game, count)
            timed[side] = (count / (time.process_time() - start), lengths)
        assert timed["lab"][1] == timed["table"][1], "the two loops played different games"
        lab_rates.append(timed["lab"][0])
        table_rates.append(timed["table"][0])
        ratios.append(timed["table"][0] / timed["lab"][0])
    return {
        "games": count,
        "rounds": rounds,
        "lab_games_per_cpu_second": round(statistics.median(lab_rates), 2),
        "table_games_per_cpu_second": round(statistics.median(table_rates), 2),
        "paired_ratio_median": round(statistics.median(ratios), 3),
        "paired_ratio_min": round(min(ratios), 3),
        "paired_ratio_max": round(max(ratios), 3),
        "same_games": True,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    report: dict[str, Any] = {**run_info.header(), "players": "greedy vs random", "games": {}}
    for game in GAMES:
        count = max(1, args.games // 4) if game == "tablic" else args.games  # a match is long
        report["games"][game] = measure(game, count, args.rounds)
        print(game, report["games"][game])
    report["load_average_after"] = list(__import__("os").getloadavg())
    OUT.write_text(json.dumps(report, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
