"""What a seat's sealed view costs a move: the players' fast path against their view path, the
view's own making and JSON, and a sealed worker's round trip.

Run: ``uv run python benchmarks/bench_seat_view.py [--rounds 5] [--positions 150]``. For each
game, positions from seeded greedy games; each round times, interleaved, per move and in CPU
time: ``choose(state)`` (the fast path every lab run takes) and ``choose(SeatView.of(state))``
(the view path) for the random and greedy players; ``SeatView.of``, ``to_text`` and
``SeatView.from_json`` alone. Then the wall time of one move through a ``lab.SealedBot`` worker
(a bot that plays its first legal move: the IPC and JSON overhead a tournament pays a move).
Figures are medians over the rounds, in microseconds; written to
``benchmarks/results/seat_view.json``.
"""

from __future__ import annotations

import argparse
import json
import pathlib
import statistics
import tempfile
import time
from collections.abc import Callable
from typing import Any

import run_info

from cardwidgets import bots, games, lab
from cardwidgets.bots import SeatView

HERE = pathlib.Path(__file__).resolve().parent
OUT = HERE / "results" / "seat_view.json"


def positions(game: str, count: int) -> list[Any]:
    found: list[Any] = []
    number = 0
    while len(found) < count:
        state = games.get(game).new_game(seed=number)
        player = bots.GreedyPlayer(seed=number)
        number += 1
        while not state.is_over and len(found) < count:
            found.append(state)
            state = state.play(player.choose(state))
    return found


def per_move(states: list[Any], work: Callable[[Any], object]) -> float:
    """CPU microseconds per position of ``work(state)``."""
    start = time.process_time()
    for state in states:
        work(state)
    return (time.process_time() - start) * 1e6 / len(states)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--positions", type=int, default=150)
    parser.add_argument("--sealed-moves", type=int, default=200)
    args = parser.parse_args()
    report: dict[str, Any] = {**run_info.header(), "rounds": args.rounds, "games": {}}
    for game in games.GAMES:
        states = positions(game, args.positions)
        texts = [SeatView.of(s).to_text() for s in states]
        views = dict(zip(map(id, states), texts, strict=True))
        random, greedy = bots.RandomPlayer(seed=1), bots.GreedyPlayer(seed=1)
        rows: dict[str, Callable[[Any], object]] = {
            "random_state": random.choose,
            "random_view": lambda s, random=random: random.choose(SeatView.of(s)),
            "greedy_state": greedy.choose,
            "greedy_view": lambda s, greedy=greedy: greedy.choose(SeatView.of(s)),
            "view_of": SeatView.of,
            "view_to_text": lambda s: SeatView.of(s).to_text(),
            "view_from_json": lambda s, views=views: SeatView.from_json(views[id(s)]),
        }
        found: dict[str, list[float]] = {name: [] for name in rows}
        for number in range(args.rounds):
            order = list(rows) if number % 2 == 0 else list(reversed(rows))
            for name in order:
                found[name].append(per_move(states, rows[name]))
        medians = {name: round(statistics.median(v), 1) for name, v in found.items()}
        medians["view_to_text"] = round(medians["view_to_text"] - medians["view_of"], 1)
        report["games"][game] = {"positions": len(states), "cpu_us_per_move": medians}
        print(game, medians)
    with tempfile.TemporaryDirectory() as folder:
        path = pathlib.Path(folder) / "first.py"
        path.write_text("def choose(view):\n    return view.legal_moves()[0]\n")
        states = positions("tablic", args.sealed_moves)
        with lab.SealedBot(path) as bot:
            bot.choose(states[0])  # the worker starts (and the fork server, once)
            start = time.perf_counter()
            for state in states:
                bot.choose(state)
            wall = (time.perf_counter() - start) * 1e6 / len(states)
    report["sealed_tablic_wall_us_per_move"] = round(wall, 1)
    print("sealed tablic wall us/move", round(wall, 1))
    OUT.write_text(json.dumps(report, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
