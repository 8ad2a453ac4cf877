"""How many bytecodes each engine loop executes, in this checkout and another: an A/B that
load does not move.

On a shared, busy machine CPU-time A/Bs of two engines swing by 20-30 % a row (issue 23's
runs at load 10-20); the count of executed bytecodes of the same seeded games is exact and
the same on every run. It is a proxy, not a timing: bytecodes differ in cost (a big-int
multiply is not a jump), so read it beside ``ab.py``, for "does the new code do more work".

Each loop runs once untraced (to fill the engines' caches as a warm run would), then once with
``sys.settrace`` opcode events, in a fresh process per checkout (its code first on
``PYTHONPATH``, this checkout's interpreter; the engines are pure Python).

Run: ``uv run python benchmarks/bytecodes.py BEFORE_DIR [--top 8]``; prints per loop the totals
and the functions that execute most. Writes nothing.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import subprocess
import sys
from pathlib import Path
from types import FrameType
from typing import Any

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent

# name: (game, loop, games); the seeds are fixed in play().
LOOPS = [
    ("panjpar", "random_move", 100),
    ("panjpar", "listing", 100),
    ("panjpar", "rollout", 100),
    ("tablic", "random_move", 20),
    ("tablic", "listing", 20),
    ("tablic", "playout", 20),
    ("pazaak", "random_move", 200),
    ("pazaak", "listing", 200),
    ("pazaak", "playout", 200),
]


def play(game: str, loop: str, games: int) -> None:
    """``games`` seeded games of ``game`` played by ``loop`` (uniform random moves)."""
    from cardwidgets.cards import Rng
    from cardwidgets.games import panjpar, pazaak, tablic

    rng = Rng(7)
    rules = pazaak.Rules.seed()
    for number in range(games):
        state: Any
        if game == "panjpar":
            state = panjpar.new_game(seed=f"bench-{number}", guess="red")
        elif game == "tablic":
            state = tablic.new_game(seed=100 + number)
        else:
            state = pazaak.new_game(seed=100 + number, rules=rules)
        if loop in ("rollout", "playout"):
            if game == "panjpar":
                state.rollout(rng)
            else:
                (tablic if game == "tablic" else pazaak).playout(state, rng)
        elif loop == "random_move":
            while not state.is_over:
                state = state.play(state.random_move(rng))
        else:
            while not state.is_over:
                moves = state.legal_moves()
                state = state.play(moves[rng.below(len(moves))])


def count(game: str, loop: str, games: int) -> dict[str, Any]:
    """The bytecodes executed by one loop, in total and per function (file:name)."""
    counts: collections.Counter[str] = collections.Counter()

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[f"{code.co_filename.rsplit('cardwidgets/', 1)[-1]}:{code.co_name}"] += 1
        return tracer

    play(game, loop, games)  # warm: the engines' lazy tables and caches
    sys.settrace(tracer)
    try:
        play(game, loop, games)
    finally:
        sys.settrace(None)
    return {"total": sum(counts.values()), "functions": counts.most_common()}


def measure(checkout: Path, game: str, loop: str, games: int) -> dict[str, Any]:
    """:func:`count` in a fresh process on ``checkout``'s cardwidgets."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, str(Path(__file__)), "--one", game, loop, str(games)]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        game, loop, games = sys.argv[2], sys.argv[3], int(sys.argv[4])
        print(json.dumps(count(game, loop, games)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--top", type=int, default=8)
    args = parser.parse_args()
    for game, loop, games in LOOPS:
        before = measure(args.before.resolve(), game, loop, games)
        after = measure(AFTER, game, loop, games)
        change = 100 * (after["total"] - before["total"]) / before["total"]
        print(f"{game} {loop} ({games} games): {before['total']:,} -> {after['total']:,}", end="")
        print(f" ({change:+.1f} %)")
        for name, n in after["functions"][: args.top]:
            print(f"    {n:>10,}  {name}")


if __name__ == "__main__":
    main()
