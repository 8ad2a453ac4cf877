"""The Panjpar widget's click path: a hint and a reply on a 5-card attack against a big hand,
and scene sizes over whole games (not a test; no timing gate).

The learner (seat 1) holds 24 cards and faces a five-card attack (P-D3), where the legal
defences number in the tens of thousands. Timed, wall clock, each from a fresh widget:

* ``hint``: :meth:`PanjparWidget.hint` (the greedy player's defence, the reason in words, the
  kills selected, the scene rebuilt);
* ``defend``: :meth:`PanjparWidget.play` of those kills (the engine checks them, the computer
  replies with its next attack, the scene is rebuilt);
* ``attack_reply``: the learner attacks with five cards against the computer's 24-card hand
  and the computer answers (its defence search, then the scene);
* ``select``: one click on a hand card while building an attack from a 24-card hand (which
  cards can complete an attack light up).

Then seeded games against the greedy player, played by hints and buttons, give the scene size
per update. The issue's bar: a hint or a reply under 50 ms. Writes
benchmarks/results/widget_panjpar.json.

    uv run python benchmarks/bench_widget_panjpar.py [--repeats N] [--games N]
"""

from __future__ import annotations

import argparse
import json
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from cardwidgets import panjpar, scene
from cardwidgets.widgets import PanjparWidget

RESULTS = Path(__file__).resolve().parent / "results" / "widget_panjpar.json"
BAR_MS = 50.0
ATTACK = "7♥ 7♣ 9♥ 9♣ 2♣"
BIG = "8♥ 10♥ J♥ 8♣ 10♣ J♣ 2♦ 3♦ 4♦ 5♦ 6♦ 7♦ 8♦ 9♦ 10♦ Q♠ K♠ A♠ 2♠ 3♠ 4♠ Q♥ K♥ A♥"


def facing_five() -> PanjparWidget:
    """Seat 1 (24 cards) must answer a five-card attack; the computer holds one more card."""
    state = panjpar.State.from_position(hands=[f"{ATTACK} K♣", BIG], stock=(), trump="♦").play(
        f"attack {ATTACK}"
    )
    return PanjparWidget(state=state, seat=1, opponent="greedy")


def attacking_five() -> PanjparWidget:
    """Seat 0 attacks with five against the computer's 24 cards."""
    state = panjpar.State.from_position(hands=[f"{ATTACK} K♣", BIG], stock=(), trump="♦")
    return PanjparWidget(state=state, opponent="greedy")


def timed(
    make: Callable[[], PanjparWidget], act: Callable[[PanjparWidget], object], n: int
) -> dict[str, float]:
    times = []
    for _ in range(n):
        w = make()
        started = time.perf_counter()
        act(w)
        times.append(1000 * (time.perf_counter() - started))
    return {
        "median_ms": round(statistics.median(times), 2),
        "max_ms": round(max(times), 2),
    }


def hinted(w: PanjparWidget) -> PanjparWidget:
    w.hint()
    return w


def click_path(repeats: int) -> dict[str, dict[str, float]]:
    return {
        "hint": timed(facing_five, lambda w: w.hint(), repeats),
        "defend": timed(lambda: hinted(facing_five()), lambda w: w.play(), repeats),
        "attack_reply": timed(attacking_five, lambda w: w.play(f"attack {ATTACK}"), repeats),
        "select": timed(attacking_five, lambda w: w.select("7♥"), repeats),
    }


def game_sizes(games: int) -> dict[str, object]:
    sizes: list[int] = []
    for seed in range(games):
        w = PanjparWidget(seed=seed, opponent="greedy")
        for _ in range(300):
            if w.state.is_over:
                break
            w.hint()
            sizes.append(scene.size(w.scene))  # type: ignore[arg-type]
            w.play() if w.picked or w.kills else w.pick_up()
            sizes.append(scene.size(w.scene))  # type: ignore[arg-type]
    return {
        "games": games,
        "scenes_measured": len(sizes),
        "bytes_median": int(statistics.median(sizes)),
        "bytes_max": max(sizes),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=21)
    parser.add_argument("--games", type=int, default=5)
    args = parser.parse_args()
    path = click_path(args.repeats)
    result = {
        "benchmark": "panjpar widget click path (5-card attack, 24-card hand)",
        "repeats": args.repeats,
        "bar_ms": BAR_MS,
        **{name: figures for name, figures in path.items()},
        "under_bar": all(f["median_ms"] < BAR_MS for f in path.values()),
        "scene": game_sizes(args.games),
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    RESULTS.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    print(json.dumps(result, indent=2, ensure_ascii=False))


if __name__ == "__main__":
    main()
