"""The learning environments per game, as a user gets them, against the bare engine (issue 36).

Run: ``uv run python benchmarks/rl_batched.py [--rounds N] [--scale X] [--pazaakrl PATH]``.
One core, ``time.process_time``; contestants run interleaved in rounds, each figure is the
median of the rounds (the machine is shared: the load is recorded before and after). The same
random play four ways, per game (a Pazaak game is a match):

* ``engine``: ``state.play(moves[rng.below(len(moves))])``, ``moves = state.legal_moves()``,
  from ``new_game`` to the end (``benchmarks/rl.py``'s bare engine game);
* ``aec``: ``cardwidgets.rl.env(game)`` in PettingZoo's standard loop (``agent_iter``,
  ``last``, ``step``), the agent drawing a uniform legal action from ``info["action_mask"]``
  (``np.flatnonzero`` and ``cards.Rng.below``);
* ``batched``: ``cardwidgets.rl.batched_env(game, num_envs=64)``, both seats' actions drawn
  for all 64 games at once from the masks (one ``rng.random`` array per call, its argmax over
  the legal actions: how a batched agent acts). Time per game is CPU seconds over the steps of
  live games, times the steps a finished game took on average (games still running at the end
  are not counted as whole games);
* ``learner`` (Pazaak, ``--learner``): Gymnasium learner steps per CPU-second against a random
  opponent: ``rl.gym_env`` (``opponent="random"``), ``rl.gym_vector_env`` with 64 games, and
  andrew-pollock/PazaakRL's ``PazaakGymnasiumEnv`` with a random opponent
  (``random.choice(game.legal_actions())``), when ``--pazaakrl`` gives its checkout.

The aims of issue 36: ``aec_game_ratio`` (aec / engine, per game) at most 2.5, and
``batched_game_ratio`` at most 1.3; our learner's steps per second at least PazaakRL's.
Writes ``benchmarks/results/rl.json`` (header: commit, load, date from ``run_info``).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import run_info

from cardwidgets import cards, panjpar, pazaak, rl, tablic

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
GAMES_PER_ROUND = {"tablic": 6, "panjpar": 60, "pazaak": 200}
BATCH = 64


def engine(game: str, count: int, seed: int) -> tuple[float, float]:
    """Random games through the state API; (CPU seconds, games)."""
    module, rng = GAMES[game], cards.Rng(seed)
    start = time.process_time()
    for number in range(count):
        state = module.new_game(seed=seed + number)
        while not state.is_over:
            legal = state.legal_moves()
            state = state.play(legal[rng.below(len(legal))])
    return time.process_time() - start, float(count)


def aec(game: str, count: int, seed: int) -> tuple[float, float]:
    """Random games through ``rl.env(game)`` in PettingZoo's loop; (CPU seconds, games)."""
    env, rng = rl.env(game), cards.Rng(seed)
    start = time.process_time()
    for number in range(count):
        env.reset(seed=seed + number)
        for _agent in env.agent_iter():
            _observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(info["action_mask"])
            env.step(int(legal[rng.below(len(legal))]))
    return time.process_time() - start, float(count)


def batched(game: str, count: int, seed: int) -> tuple[float, float]:
    """About ``count`` games' steps through ``rl.batched_env(game, 64)``; (CPU seconds, games
    worked out from the steps: see the module's docstring)."""
    env, rng = rl.batched_env(game, num_envs=BATCH), np.random.default_rng(seed)
    live_steps, finished, finished_steps = 0, 0, 0
    running = np.zeros(BATCH, np.int64)  # steps of each game so far
    start = time.process_time()
    _, info = env.reset(seed=seed)
    while finished < count or finished < BATCH // 4:
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        live = mask.any(axis=1)
        _, _, terminated, _, info = env.step(actions)
        running += live
        live_steps += int(live.sum())
        if terminated.any():
            finished += int(terminated.sum())
            finished_steps += int(running[terminated].sum())
            running[terminated] = 0
    seconds = time.process_time() - start
    return seconds, live_steps / (finished_steps / finished)


def learner_single(count: int, seed: int) -> tuple[float, float]:
    """``rl.gym_env("pazaak", opponent="random")``: (CPU seconds, learner steps)."""
    env, rng, steps = rl.gym_env("pazaak", opponent="random"), cards.Rng(seed), 0
    start = time.process_time()
    for number in range(count):
        _, info = env.reset(seed=seed + number)
        done = False
        while not done:
            legal = np.flatnonzero(info["action_mask"])
            _, _, done, _, info = env.step(int(legal[rng.below(len(legal))]))
            steps += 1
    return time.process_time() - start, float(steps)


def learner_vector(count: int, seed: int) -> tuple[float, float]:
    """``rl.gym_vector_env("pazaak", 64, opponent="random")``: (CPU seconds, learner steps
    of live games) for about ``count`` games."""
    env = rl.gym_vector_env("pazaak", num_envs=BATCH, opponent="random")
    rng, steps, finished = np.random.default_rng(seed), 0, 0
    start = time.process_time()
    observation, _ = env.reset(seed=seed)
    while finished < count:
        mask = observation["action_mask"]
        observation, _, terminated, _, _ = env.step((rng.random(mask.shape) * mask).argmax(1))
        steps += int(mask.any(axis=1).sum())
        finished += int(terminated.sum())
    return time.process_time() - start, float(steps)


def pazaakrl_learner(path: str) -> Any:
    """PazaakRL's ``PazaakGymnasiumEnv`` with a random opponent, the agent drawing from its
    ``action_masks()``: a function (count, seed) -> (CPU seconds, learner steps)."""
    sys.path.insert(0, str(Path(path, "src").resolve()))
    module = importlib.import_module("pazaakrl.gymnasium_env")
    pick = random.Random(0)

    def run(count: int, seed: int) -> tuple[float, float]:
        env = module.PazaakGymnasiumEnv(
            opponent_agent=lambda _obs, game: pick.choice(game.legal_actions())
        )
        rng, steps = cards.Rng(seed), 0
        start = time.process_time()
        for number in range(count):
            env.reset(seed=seed + number)
            done = False
            while not done:
                legal = np.flatnonzero(env.action_masks())
                _, _, done, _, _ = env.step(int(legal[rng.below(len(legal))]))
                steps += 1
        return time.process_time() - start, float(steps)

    return run


def measure(game: str, rounds: int, count: int, seed: int) -> dict[str, Any]:
    """Median per-game figures of the three ways for one game, interleaved in rounds."""
    ways = {"engine": engine, "aec": aec, "batched": batched}
    for way in ways.values():  # warm the caches (masks, observation blocks, moves)
        way(game, max(1, count // 5), seed)
    per_game: dict[str, list[float]] = {way: [] for way in ways}
    for number in range(rounds):
        for way, run in ways.items():
            seconds, games = run(game, count, seed + 1000 * number)
            per_game[way].append(seconds / games)
    row: dict[str, Any] = {"game": game, "games_per_round": count, "rounds": rounds}
    for way, found in per_game.items():
        row[way] = {
            "ms_per_game_median": round(statistics.median(found) * 1e3, 3),
            "ms_per_game_rounds": [round(x * 1e3, 3) for x in found],
        }
    base = statistics.median(per_game["engine"])
    row["aec_game_ratio"] = round(statistics.median(per_game["aec"]) / base, 2)
    row["batched_game_ratio"] = round(statistics.median(per_game["batched"]) / base, 2)
    row["paired_aec_ratios"] = [
        round(a / e, 2) for a, e in zip(per_game["aec"], per_game["engine"], strict=True)
    ]
    row["paired_batched_ratios"] = [
        round(b / e, 2) for b, e in zip(per_game["batched"], per_game["engine"], strict=True)
    ]
    return row


def learners(rounds: int, count: int, path: str | None) -> dict[str, Any]:
    """Median learner steps per CPU-second of ours and, given its checkout, PazaakRL's."""
    ways: dict[str, Any] = {"gym_env": learner_single, "gym_vector_env_64": learner_vector}
    if path:
        ways["pazaakrl_gymnasium_env"] = pazaakrl_learner(path)
    rates: dict[str, list[float]] = {way: [] for way in ways}
    for number in range(rounds):
        for way, run in ways.items():
            seconds, steps = run(count, 7 + 1000 * number)
            rates[way].append(steps / seconds)
    found: dict[str, Any] = {
        way: {"steps_per_cpu_second_median": round(statistics.median(r)), "rounds": len(r)}
        for way, r in rates.items()
    }
    if path:
        theirs = statistics.median(rates["pazaakrl_gymnasium_env"])
        for way in ("gym_env", "gym_vector_env_64"):
            found[way]["of_pazaakrl"] = round(statistics.median(rates[way]) / theirs, 2)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--scale", type=float, default=1.0, help="games per round, times X")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(GAMES), choices=list(GAMES))
    parser.add_argument("--pazaakrl", help="a checkout of andrew-pollock/PazaakRL")
    parser.add_argument("--learner-games", type=int, default=100)
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "rl.json"))
    args = parser.parse_args(argv)
    result: dict[str, Any] = {
        "benchmark": "random play per game: bare engine, rl.env (PettingZoo AEC), "
        f"rl.batched_env ({BATCH} games per step); Gymnasium learner steps per second",
        "aims": "aec_game_ratio <= 2.5, batched_game_ratio <= 1.3 (issue 36); learner >= "
        "PazaakRL's steps per second",
        **run_info.header(),
        "machine_note": "2 cores shared with other engineers; medians of interleaved rounds",
        "results": [],
    }
    for game in args.games:
        count = max(1, round(GAMES_PER_ROUND[game] * args.scale))
        row = measure(game, args.rounds, count, args.seed)
        result["results"].append(row)
        print(
            f"{game:8s} engine {row['engine']['ms_per_game_median']:8.3f} ms/game  "
            f"aec {row['aec']['ms_per_game_median']:8.3f} ({row['aec_game_ratio']}x)  "
            f"batched {row['batched']['ms_per_game_median']:8.3f} "
            f"({row['batched_game_ratio']}x)",
            flush=True,
        )
    result["learner_pazaak"] = learners(args.rounds, args.learner_games, args.pazaakrl)
    print(json.dumps(result["learner_pazaak"]), flush=True)
    result["load_average_after"] = os.getloadavg()
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", "utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
