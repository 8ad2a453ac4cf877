"""The cost of the learning environments: random play through PettingZoo against the bare engine.

Run: ``uv run python benchmarks/rl.py [--rounds N] [--scale X]``. One core, ``time.process_time``;
each figure is the best of ``--rounds`` interleaved rounds (the machine is shared). For every
game, the same seeded games are played three ways, uniformly at random among the legal choices:

* ``engine``: ``state.play(moves[rng.below(len(moves))])`` with ``moves = state.legal_moves()``:
  the bare engine, one step per move.
* ``engine_view``: the same, plus ``state.view(seat)`` of the seat to move at every move: the
  least an agent that looks at its position pays.
* ``aec``: the PettingZoo environment (``cardwidgets.rl.env``) in the standard loop
  ``for agent in env.agent_iter(): obs, ..., info = env.last(); env.step(action)``, the action
  drawn among the ones ``info["action_mask"]`` allows. A move takes one action in Pazaak and several
  in Tablić and Panjpar (factored actions), so a game has more environment steps than moves.

* ``loop_floor``: the same loop on an environment that does nothing (:class:`IdleEnv`: the
  game's first observation and mask every step, games as long as the real ones): what the
  agent loop costs by itself, PettingZoo's iterator and ``last()`` and the agent's draw from
  the mask (``np.flatnonzero`` alone is about 1-2 µs). Not subtracted from anything.
* ``least_work``: the environment's own least work without the loop (:func:`least_work`:
  the mask looked up, the move built from actions, the observation copied out at every
  step); ``least_work_game_ratio`` is that plus the idle loop per game, over the engine's:
  no environment with these observations and masks in PettingZoo's loop gets below it.

The target of issue 25 is an environment step at most 1.5x an engine step; the ratios are
written as ``step_ratio`` (environment step / engine move) and ``step_ratio_vs_view``
(environment step / engine move with its view), with ``game_ratio`` (time per game) and
``floor_ratio`` (the idle loop's step / engine move).

The floor, from the same run: an environment that makes the engine play its moves inside the
standard loop pays at least the engine's work and the idle loop. So no environment step costs
less than ``(engine seconds + idle loop seconds) / environment steps``, written as
``least_ratio`` (that over an engine move: the least ``step_ratio`` there can be), and no game
less than engine + idle loop, ``least_game_ratio`` (the least ``game_ratio``). With one step a
move (Pazaak) ``least_ratio`` is ``(engine move + idle step) / engine move``: above 1.5 when
the idle loop costs more than half an engine move, and then the target cannot be met.
Writes ``benchmarks/results/rl_steps.json`` (issue 25's per-step figures; the per-game figures
of issue 36, with the batched environment, are ``rl_batched.py``'s ``rl.json``) and prints a table.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import time
from pathlib import Path
from typing import Any

import numpy as np
import run_info
from pettingzoo import AECEnv  # type: ignore[import-untyped]

from cardwidgets import cards, panjpar, pazaak, tablic
from cardwidgets.rl.actions import actions_of
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.pettingzoo import CardGameEnv, shared_mask

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
GAMES_PER_ROUND = {"tablic": 12, "panjpar": 150, "pazaak": 600}


def engine(game: str, count: int, seed: int, view: bool = False) -> tuple[float, int]:
    """Random games through the state API; (CPU seconds, moves)."""
    module, rng, moves = GAMES[game], cards.Rng(seed), 0
    start = time.process_time()
    for number in range(count):
        state = module.new_game(seed=seed + number)
        while not state.is_over:
            if view:
                state.view(state.to_move)
            legal = state.legal_moves()
            state = state.play(legal[rng.below(len(legal))])
            moves += 1
    return time.process_time() - start, moves


def random_steps(env: Any, count: int, seed: int) -> tuple[float, int]:
    """``count`` random games through ``env``'s PettingZoo loop (a uniform legal action from
    the info mask); (CPU seconds, environment steps)."""
    rng, steps = cards.Rng(seed), 0
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
            steps += 1
    return time.process_time() - start, steps


def aec(game: str, count: int, seed: int) -> tuple[float, int]:
    """Random games through the PettingZoo environment; (CPU seconds, environment steps)."""
    return random_steps(CardGameEnv(game), count, seed)


class IdleEnv(AECEnv):  # type: ignore[misc]  # pettingzoo ships no type information
    """An AEC environment that does nothing: the same agents, observation and mask as the
    game's first position, each game ``steps`` steps long. What the agent loop of :func:`aec`
    costs by itself (PettingZoo's iterator and ``last()``, the agent's draw from the mask)."""

    def __init__(self, game: str, steps: int) -> None:
        super().__init__()
        real = CardGameEnv(game)
        real.reset(seed=1)
        self._observation = real.observe(real.agent_selection)
        self._mask = real.infos[real.agent_selection]["action_mask"]
        self.possible_agents = list(real.possible_agents)
        self._steps = steps
        self.metadata = {"name": "idle"}

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        agents = self.possible_agents
        self.agents, self.agent_selection, self._left = list(agents), agents[0], self._steps
        self.rewards = dict.fromkeys(agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(agents, 0.0)
        self.terminations = dict.fromkeys(agents, False)
        self.truncations = dict.fromkeys(agents, False)
        self.infos = {a: {"action_mask": self._mask} for a in agents}

    def observe(self, agent: str) -> Any:
        return self._observation

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent]:
            self._was_dead_step(action)
            return
        self._left -= 1
        if not self._left:
            self.terminations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[1 - self.possible_agents.index(agent)]


def idle(game: str, count: int, seed: int, steps: int) -> tuple[float, int]:
    """The loop of :func:`aec` on an :class:`IdleEnv`; (CPU seconds, environment steps)."""
    return random_steps(IdleEnv(game, steps), count, seed)


def least_work(game: str, count: int, seed: int) -> tuple[float, int]:
    """Random games played through the actions with, at every step, the least work of an
    environment with these observations and masks, outside any agent loop: the mask of the
    move being built (:func:`shared_mask`, looked up by its legal actions), a uniform legal
    action (``cards.Rng.below``), the move built one action further (:class:`Partial`) and
    played when complete, and the seat to move's numbers handed out as an array of its own
    (:meth:`Observer.seat_bytes` once per position, copied at every step); (CPU seconds,
    steps). Added to the idle loop it is the least any such environment costs in
    PettingZoo's loop (``least_work_game_ratio``)."""
    module, space, observer = GAMES[game], actions_of(game), observer_of(game)
    rng, steps, masks = cards.Rng(seed), 0, {}  # type: ignore[var-annotated]
    start = time.process_time()
    for number in range(count):
        state = module.new_game(seed=seed + number)
        partial, plain = space.start(state), observer.seat_bytes(state, state.to_move)
        while True:
            np.frombuffer(bytearray(plain), np.float32)  # the agent's observation
            shared_mask(masks, partial)
            legal = partial.legal_actions()
            partial = partial.then(legal[rng.below(len(legal))])
            steps += 1
            if partial.move is not None:
                state = state.play(partial.move)
                if state.is_over:
                    break
                partial, plain = space.start(state), observer.seat_bytes(state, state.to_move)
    return time.process_time() - start, steps


def measure(game: str, rounds: int, count: int, seed: int) -> dict[str, Any]:
    """Best-of-``rounds`` figures of the three ways for one game."""
    runs: dict[str, list[tuple[float, int]]] = {
        "engine": [],
        "engine_view": [],
        "aec": [],
        "loop_floor": [],
        "least_work": [],
    }
    engine(game, max(1, count // 10), seed)  # warm caches
    steps = max(1, round(aec(game, count, seed)[1] / count))  # an idle game is as long
    for _ in range(rounds):
        runs["engine"].append(engine(game, count, seed))
        runs["engine_view"].append(engine(game, count, seed, view=True))
        runs["aec"].append(aec(game, count, seed))
        runs["loop_floor"].append(idle(game, count, seed, steps))
        runs["least_work"].append(least_work(game, count, seed))
    best = {way: min(found) for way, found in runs.items()}
    row: dict[str, Any] = {"game": game, "games": count, "rounds": rounds}
    for way, (seconds, steps) in best.items():
        row[way] = {
            "cpu_seconds": round(seconds, 3),
            "games_per_cpu_second": round(count / seconds, 1),
            "steps_per_game": round(steps / count, 1),
            "microseconds_per_step": round(seconds / steps * 1e6, 1),
        }
    per_step = {way: row[way]["microseconds_per_step"] for way in best}
    row["step_ratio"] = round(per_step["aec"] / per_step["engine"], 2)
    row["step_ratio_vs_view"] = round(per_step["aec"] / per_step["engine_view"], 2)
    row["game_ratio"] = round(best["aec"][0] / best["engine"][0], 2)
    row["floor_ratio"] = round(per_step["loop_floor"] / per_step["engine"], 2)
    row.update(least_ratios(best["engine"][0], best["loop_floor"][0], best["aec"][1], per_step))
    # The floor with the observation and mask work too: idle loop + least work, per game.
    row["least_work_game_ratio"] = round(
        (best["least_work"][0] + best["loop_floor"][0]) / best["engine"][0], 2
    )
    return row


def least_ratios(
    engine_seconds: float, loop_seconds: float, env_steps: int, per_step: dict[str, float]
) -> dict[str, float]:
    """The floor of :func:`measure`'s ratios: the engine's work plus the idle loop, spread
    over the environment's steps (``least_ratio``) or per game (``least_game_ratio``).

    >>> least_ratios(1.0, 1.0, 100, {"engine": 10_000.0})  # one step a move, loop = engine
    {'least_ratio': 2.0, 'least_game_ratio': 2.0}
    """
    least_step = (engine_seconds + loop_seconds) / env_steps * 1e6
    return {
        "least_ratio": round(least_step / per_step["engine"], 2),
        "least_game_ratio": round((engine_seconds + loop_seconds) / engine_seconds, 2),
    }


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--scale", type=float, default=1.0, help="games per round, times X")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", nargs="*", default=list(GAMES_PER_ROUND), choices=list(GAMES))
    parser.add_argument("--out", default=str(Path(__file__).parent / "results" / "rl_steps.json"))
    args = parser.parse_args(argv)
    rows = []
    load_before = os.getloadavg()
    for game in args.games:
        count = GAMES_PER_ROUND[game]
        row = measure(game, args.rounds, max(1, round(count * args.scale)), args.seed)
        rows.append(row)
        print(
            f"{game:8s} engine {row['engine']['microseconds_per_step']:7.1f} µs/move  "
            f"+view {row['engine_view']['microseconds_per_step']:7.1f}  "
            f"aec {row['aec']['microseconds_per_step']:7.1f} µs/step "
            f"({row['aec']['steps_per_game']} steps/game)  step ratio {row['step_ratio']}  "
            f"vs view {row['step_ratio_vs_view']}  game ratio {row['game_ratio']}  "
            f"(idle loop {row['loop_floor']['microseconds_per_step']} µs/step: "
            f"{row['floor_ratio']}x an engine move; least step ratio {row['least_ratio']}, "
            f"least game ratio {row['least_game_ratio']}; with the least work "
            f"{row['least_work_game_ratio']})",
            flush=True,
        )
    result = {
        "benchmark": "random play: bare engine, engine + view, PettingZoo AEC environment",
        "target": "environment step <= 1.5 x engine step (issue 25)",
        **run_info.header(),
        "platform": platform.platform(),
        "machine_note": "2 cores shared with other jobs; best of the rounds; figures vary",
        "load_average_before": [round(x, 2) for x in load_before],
        "load_average_after": [round(x, 2) for x in os.getloadavg()],
        "results": rows,
    }
    Path(args.out).parent.mkdir(parents=True, exist_ok=True)
    Path(args.out).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", "utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
