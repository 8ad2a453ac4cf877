"""Where a lab run of random players spends its time beyond the engine, layer by layer.

Run: ``uv run python benchmarks/lab_overhead.py [--rounds 5] [--scale 1]``. Writes
``benchmarks/results/lab_overhead.json`` and prints a table.

Per game (a Pazaak match, a Panjpar game, a Tablić deal), five loops play in CPU seconds
(``time.process_time``), each adding one layer to the one before; the same seeded games from the
second loop on (the first draws from one running stream, so its games differ but not its cost):

* ``engine``: ``state.play(state.random_move(rng))`` with one ``cards.Rng`` per game (the bare
  loop of benchmarks/bench_players.py);
* ``streams``: the same with each move drawn from the player's stream for the seat and ply
  (``player.stream(seat, ply)``, what a seeded random player must pay: a choice fixed by the
  position);
* ``player``: ``players[seat].choose(state)`` of two reseeded ``RandomPlayer`` (the call, its
  view check and seat test);
* ``lab_general``: ``lab.simulate`` with a subclass of the random player, which takes the
  general loop (game and player seeds, the start, rows, facts, chunks);
* ``lab``: ``lab.simulate(players="random")`` as a user runs it (two built-in random players:
  :func:`cardwidgets.bots.player.play_random`, or the engine's list-based playout).

Each layer's share is the difference to the one before, per game, from the median of paired
rounds (the loops of a round run back to back).
"""

from __future__ import annotations

import argparse
import gc
import itertools
import json
import os
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import bots, cards, games, lab
from cardwidgets.lab.seeds import game_seed, player_seed

RESULTS = Path(__file__).parent / "results" / "lab_overhead.json"
CASES = (("pazaak", None, 1500), ("panjpar", None, 400), ("tablic", "deal", 150))
LAYERS = ("engine", "streams", "player", "lab_general", "lab")


class GeneralRandom(bots.RandomPlayer):
    """The random player under another class: the lab plays it in its general loop."""


def _over(unit: str | None) -> Any:
    return (lambda s: bool(s.deal_results)) if unit == "deal" else (lambda s: s.is_over)


def engine(game: str, unit: str | None, count: int) -> None:
    module, over = games.get(game), _over(unit)
    for index in range(count):
        state = module.new_game(seed=game_seed(1, index))
        rng = cards.Rng(index)
        while not over(state):
            state = state.play(state.random_move(rng))


def streams(game: str, unit: str | None, count: int) -> None:
    module, over = games.get(game), _over(unit)
    for index in range(count):
        seed = game_seed(1, index)
        state = module.new_game(seed=seed)
        players = _pair(seed)
        while not over(state):
            seat = state.to_move
            state = state.play(state.random_move(players[seat].stream(seat, state.ply)))


def _pair(seed: int) -> tuple[bots.RandomPlayer, bots.RandomPlayer]:
    return bots.RandomPlayer(player_seed(seed, 0)), bots.RandomPlayer(player_seed(seed, 1))


def player(game: str, unit: str | None, count: int) -> None:
    module, over = games.get(game), _over(unit)
    for index in range(count):
        seed = game_seed(1, index)
        state = module.new_game(seed=seed)
        players = _pair(seed)
        while not over(state):
            state = state.play(players[state.to_move].choose(state))


def lab_general(game: str, unit: str | None, count: int) -> None:
    pair = (GeneralRandom(0), GeneralRandom(0))
    lab.simulate(game, players=pair, games=count, seed=1, unit=unit, progress=False)


def lab_user(game: str, unit: str | None, count: int) -> None:
    lab.simulate(game, players="random", games=count, seed=1, unit=unit, progress=False)


LOOPS = {"engine": engine, "streams": streams, "player": player,
         "lab_general": lab_general, "lab": lab_user}  # fmt: skip


def _cpu(function: Any, *args: Any) -> float:
    # The garbage of the loops before (another game's expert search) is collected here, not
    # in whichever timed loop happens to start the collector: it cost Tablić's lab random run
    # a fifth of its rate after the Panjpar expert.
    gc.collect()
    start = time.process_time()
    function(*args)
    return time.process_time() - start


def measure(rounds: int, scale: float) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for game, unit, base in CASES:
        count = max(1, round(base * scale))
        for loop in LOOPS.values():
            loop(game, unit, max(1, count // 10))  # imports and caches warm
        times: dict[str, list[float]] = {name: [] for name in LOOPS}
        for number in range(rounds):
            order = list(LOOPS) if number % 2 == 0 else list(reversed(LOOPS))
            for name in order:
                times[name].append(_cpu(LOOPS[name], game, unit, count) / count * 1e6)
        median = {name: statistics.median(values) for name, values in times.items()}
        shares = {
            f"{after}_minus_{before}_us": round(median[after] - median[before], 2)
            for before, after in itertools.pairwise(LAYERS)
        }
        found[game] = {
            "unit": unit or "game",
            "games": count,
            "us_per_game_median": {name: round(value, 1) for name, value in median.items()},
            "layer_cost_us_per_game": shares,
            "lab_of_engine": round(median["engine"] / median["lab"], 3),
            "lab_general_of_engine": round(median["engine"] / median["lab_general"], 3),
        }
        print(game, json.dumps(found[game]), file=sys.stderr)
    return found


def _package_commit() -> str:
    """The commit of the cardwidgets measured (its own checkout: ``PYTHONPATH`` may point at
    another one than the working directory's)."""
    import subprocess

    import cardwidgets

    where = Path(cardwidgets.__file__).parent
    done = subprocess.run(
        ["git", "-C", str(where), "rev-parse", "--short", "HEAD"], capture_output=True, text=True
    )
    return done.stdout.strip() or "?"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--no-write", action="store_true")
    args = parser.parse_args(argv)
    report: dict[str, Any] = {"benchmark": "lab_overhead", **run_info.header()}
    report["package_commit"] = _package_commit()
    report["note"] = (
        "microseconds of CPU per game (median of paired rounds); each layer adds one thing "
        "to the loop before it: streams = per-position player streams, player = the "
        "RandomPlayer.choose call, lab_general = lab.simulate's general loop, lab = "
        "lab.simulate with the built-in random players (play_random or the list playout). "
        "The machine is shared: read the differences as estimates."
    )
    report["games"] = measure(args.rounds, args.scale)
    report["load_average_end"] = os.getloadavg()
    if not args.no_write:
        args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
