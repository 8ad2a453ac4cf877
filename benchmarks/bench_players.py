"""Computer players in the lab against the bare engine loop, in games per CPU-second (issue 36).

Run: ``uv run python benchmarks/bench_players.py [--base DIR] [--rounds 3] [--scale 1]``.
Writes ``benchmarks/results/players.json`` and prints a table.

Per game (a Tablić deal, a Panjpar game, a Pazaak match) three loops play the same seeded
games, each timed in CPU seconds (``time.process_time``):

* ``bare``: ``state = state.play(state.random_move(rng))`` from ``new_game(seed=...)`` to the
  end, ``rng`` a :class:`cardwidgets.cards.Rng`: the engine alone, on the deals of the lab's
  runs (``lab.game_seed(1, i)``);
* ``lab_random``: ``lab.simulate(game, players="random", ...)``;
* ``lab_greedy``: ``lab.simulate(game, players="greedy", ...)``.

``lab_random_of_bare`` is the lab's random rate over the bare loop's (aim ≥ 0.9).
``expert_iterations_per_cpu_second``: the default expert's search iterations (each one
rollout) per CPU-second over a few fixed positions (aim ≥ 1.5× the base).

With ``--base DIR`` (another checkout, e.g. ``git worktree add /tmp/base 05b80e9``) every round
runs the measurement once in each checkout, each in a fresh process whose ``PYTHONPATH`` puts
that checkout's package first, back to back and alternating which goes first; the report gives
each side's medians and the paired ratios (this checkout over the base) of the same rounds, so
a load that comes and goes moves both sides of a pair.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import run_info

HERE = Path(__file__).resolve().parent
RESULTS = HERE / "results" / "players.json"

# (game, unit, games per run at scale 1): runs of roughly 0.3-1 s of CPU each today.
CASES = (("pazaak", None, 300), ("panjpar", None, 150), ("tablic", "deal", 40))
EXPERT_POSITIONS = {"pazaak": 30, "panjpar": 8, "tablic": 4}
"""Positions the expert decides in per run (an iteration is one rollout; Pazaak's is one
determinization valued by its exact set search, no rollout)."""
GREEDY_SHARE = 3  # greedy runs play a third as many games: a greedy move costs more


def _bare(game: str, unit: str | None, count: int) -> None:
    from cardwidgets import cards, games
    from cardwidgets.lab.seeds import game_seed

    module = games.get(game)
    for number in range(count):
        # The lab's deals (its run with seed 1): Tablić deals differ in cost by a lot, so a
        # ratio over other deals measured the deals as much as the lab.
        state = module.new_game(seed=game_seed(1, number))
        rng = cards.Rng(number)
        if unit == "deal":
            while not state.deal_results:
                state = state.play(state.random_move(rng))
        else:
            while not state.is_over:
                state = state.play(state.random_move(rng))


def _lab(game: str, unit: str | None, count: int, players: str) -> None:
    from cardwidgets import lab

    lab.simulate(game, players=players, games=count, seed=1, unit=unit, progress=False)


def _cpu(function: Any, *args: Any) -> float:
    # The garbage of the loops before (another game's expert search) is collected here, not
    # in whichever timed loop happens to start the collector: it cost Tablić's lab random run
    # a fifth of its rate after the Panjpar expert.
    gc.collect()
    start = time.process_time()
    function(*args)
    return time.process_time() - start


def _expert(game: str, count: int) -> tuple[int, float]:
    """Search iterations (one rollout each) and CPU seconds of the default expert deciding in
    ``count`` positions of seeded random games (the same positions in every checkout)."""
    from cardwidgets import bots, cards, games

    module = games.get(game)
    states = []
    number = 0
    while len(states) < count:
        state = module.new_game(seed=f"rollouts:{number}")
        rng = cards.Rng(number)
        for _ in range(3 + number % 7):
            if state.is_over:
                break
            state = state.play(state.random_move(rng))
        number += 1
        if not state.is_over:
            states.append(state)
    player = bots.ExpertPlayer(seed=1)
    iterations = 0
    start = time.process_time()
    for state in states:
        player.choose(state)
        search = player.last_search
        iterations += search.iterations if search is not None else 0
    return iterations, time.process_time() - start


def measure(scale: float) -> dict[str, dict[str, float]]:
    """Games per CPU-second of the three loops for every game, in this process."""
    found: dict[str, dict[str, float]] = {}
    for game, unit, base_count in CASES:
        count = max(1, round(base_count * scale))
        greedy = max(1, count // GREEDY_SHARE)
        _bare(game, unit, max(1, count // 10))  # imports and caches warm
        _lab(game, unit, 2, "greedy")
        bare = count / _cpu(_bare, game, unit, count)
        random = count / _cpu(_lab, game, unit, count, "random")
        greedy_rate = greedy / _cpu(_lab, game, unit, greedy, "greedy")
        iterations, seconds = _expert(game, max(1, round(EXPERT_POSITIONS[game] * scale)))
        found[game] = {
            "expert_iterations_per_cpu_second": round(iterations / seconds, 1),
            "bare_games_per_cpu_second": round(bare, 1),
            "lab_random_games_per_cpu_second": round(random, 1),
            "lab_greedy_games_per_cpu_second": round(greedy_rate, 1),
            "lab_random_of_bare": round(random / bare, 3),
        }
    return found


def _child(checkout: Path, scale: float) -> dict[str, dict[str, float]]:
    """:func:`measure` in a fresh process on ``checkout``'s package."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    done = subprocess.run(
        [sys.executable, str(HERE / "bench_players.py"), "--child", "--scale", str(scale)],
        cwd=checkout,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, dict[str, float]] = json.loads(done.stdout)
    return result


def _commit(checkout: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=False,
    )
    return done.stdout.strip() or "?"


def ab(base: Path, rounds: int, scale: float) -> dict[str, Any]:
    """Interleaved rounds of this checkout and ``base``: medians and paired ratios."""
    here = HERE.parent
    sides: dict[str, list[dict[str, dict[str, float]]]] = {"after": [], "before": []}
    loads = []
    for number in range(rounds):
        order = [("after", here), ("before", base)]
        if number % 2:
            order.reverse()
        for side, checkout in order:
            sides[side].append(_child(checkout, scale))
        loads.append(round(os.getloadavg()[0], 2))
        print(f"round {number + 1}/{rounds} done, load {loads[-1]}", file=sys.stderr)
    rows: dict[str, dict[str, Any]] = {}
    for game, _, _ in CASES:
        for figure in sides["after"][0][game]:
            after = [r[game][figure] for r in sides["after"]]
            before = [r[game][figure] for r in sides["before"]]
            ratios = [a / b for a, b in zip(after, before, strict=True)]
            rows[f"{game}.{figure}"] = {
                "before": statistics.median(before),
                "after": statistics.median(after),
                "paired_ratio_median": round(statistics.median(ratios), 3),
                "paired_ratio_min": round(min(ratios), 3),
                "paired_ratio_max": round(max(ratios), 3),
            }
    return {"before_commit": _commit(base), "load_1min_after_rounds": loads, "rows": rows}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", type=Path, help="another checkout to compare with (A/B)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the game counts")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--out", type=Path, default=RESULTS)
    parser.add_argument("--no-write", action="store_true", help="print only")
    args = parser.parse_args(argv)
    if args.child:
        print(json.dumps(measure(args.scale)))
        return
    report: dict[str, Any] = {"benchmark": "players", **run_info.header()}
    report["cases"] = [
        {"game": g, "unit": u or "game", "games": max(1, round(n * args.scale))}
        for g, u, n in CASES
    ]
    report["note"] = (
        "games per CPU-second; greedy runs play a third as many games; the machine is shared "
        "(seven engineers on two cores): read the paired ratios, not the separate medians"
    )
    if args.base is not None:
        report["ab"] = ab(args.base, args.rounds, args.scale)
        print(f"{'figure':44} {'before':>9} {'after':>9} {'paired':>7}")
        for name, row in report["ab"]["rows"].items():
            print(f"{name:44} {row['before']:9} {row['after']:9} {row['paired_ratio_median']:7}")
    else:
        report["rounds"] = [_child(HERE.parent, args.scale) for _ in range(args.rounds)]
        print(json.dumps(report["rounds"], indent=1))
    report["load_average_end"] = os.getloadavg()
    if not args.no_write:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(json.dumps(report, indent=2, ensure_ascii=False) + "\n")
        print(f"wrote {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
