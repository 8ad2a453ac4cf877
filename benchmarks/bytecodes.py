"""How many bytecodes each engine loop executes, in this checkout and another: an A/B that
load does not move.

On a shared, busy machine CPU-time A/Bs of two engines swing by 20-30 % a row (issue 23's
runs at load 10-20); the count of executed bytecodes of the same seeded games is exact and
the same on every run. It is a proxy, not a timing: bytecodes differ in cost (a big-int
multiply is not a jump), so read it beside ``ab.py``, for "does the new code do more work".

Each loop runs once untraced (to fill the engines' caches as a warm run would), then once with
``sys.settrace`` opcode events, in a fresh process per checkout (its code first on
``PYTHONPATH``, this checkout's interpreter; the engines are pure Python).

Run: ``uv run python benchmarks/bytecodes.py BEFORE_DIR [--top 8] [--only tablic:maximal]``;
prints per loop the totals and the functions that execute most. Writes nothing. The loops cover
the variants the benchmark rows use: Tablić ``seed`` and ``maximal`` (captures must be
maximal), Pazaak ``seed``, ``kotor1`` and ``kotor2``.
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

# (game, variant, loop, games); the seeds are fixed in play(). The variants are those of the
# benchmark rows (bench_tablic.py VARIANTS, bench_pazaak.py PRESETS).
LOOPS = [
    ("panjpar", "seed", "random_move", 100),
    ("panjpar", "seed", "listing", 100),
    ("panjpar", "seed", "rollout", 100),
    *[("tablic", variant, loop, 20) for variant in ("seed", "maximal")
      for loop in ("random_move", "listing", "playout")],
    *[("pazaak", preset, loop, 200) for preset in ("seed", "kotor1", "kotor2")
      for loop in ("random_move", "listing", "playout")],
]  # fmt: skip


def rules_of(game: str, variant: str) -> Any:
    """The rules of a benchmark row's variant (Tablić) or preset (Pazaak); None for Panjpar."""
    from cardwidgets.games import pazaak, tablic

    if game == "tablic":
        return tablic.Rules(capture_must_be_maximal=variant == "maximal")
    if game == "pazaak":
        return {"seed": pazaak.Rules.seed, "kotor1": pazaak.Rules.kotor1,
                "kotor2": pazaak.Rules.kotor2}[variant]()  # fmt: skip
    return None


def play(game: str, loop: str, games: int, variant: str = "seed") -> None:
    """``games`` seeded games of ``game`` played by ``loop`` (uniform random moves)."""
    from cardwidgets.cards import Rng
    from cardwidgets.games import panjpar, pazaak, tablic

    rng = Rng(7)
    rules = rules_of(game, variant)
    for number in range(games):
        state: Any
        if game == "panjpar":
            state = panjpar.new_game(seed=f"bench-{number}", guess="red")
        elif game == "tablic":
            state = tablic.new_game(seed=100 + number, rules=rules)
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


def count(game: str, loop: str, games: int, variant: str = "seed") -> dict[str, Any]:
    """The bytecodes executed by one loop, in total and per function (file:name)."""
    counts: collections.Counter[str] = collections.Counter()

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            code = frame.f_code
            counts[f"{code.co_filename.rsplit('cardwidgets/', 1)[-1]}:{code.co_name}"] += 1
        return tracer

    play(game, loop, games, variant)  # warm: the engines' lazy tables and caches
    sys.settrace(tracer)
    try:
        play(game, loop, games, variant)
    finally:
        sys.settrace(None)
    return {"total": sum(counts.values()), "functions": counts.most_common()}


def measure(checkout: Path, game: str, loop: str, games: int, variant: str) -> dict[str, Any]:
    """:func:`count` in a fresh process on ``checkout``'s cardwidgets."""
    env = {**os.environ, "PYTHONPATH": str(checkout)}
    command = [sys.executable, str(Path(__file__)), "--one", game, loop, str(games), variant]
    done = subprocess.run(command, env=env, check=True, capture_output=True, text=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def selected(only: str) -> list[tuple[str, str, str, int]]:
    """The loops ``--only`` names: ``game`` (every variant) or ``game:variant``, comma-separated.

    >>> [(g, v, loop) for g, v, loop, _ in selected("pazaak:kotor2")]
    [('pazaak', 'kotor2', 'random_move'), ('pazaak', 'kotor2', 'listing'), \
('pazaak', 'kotor2', 'playout')]
    >>> len(selected("")) == len(LOOPS)
    True
    """
    if not only:
        return list(LOOPS)
    wanted = only.split(",")
    return [row for row in LOOPS if row[0] in wanted or f"{row[0]}:{row[1]}" in wanted]


def main() -> None:
    if sys.argv[1:2] == ["--one"]:
        game, loop, games, variant = sys.argv[2], sys.argv[3], int(sys.argv[4]), sys.argv[5]
        print(json.dumps(count(game, loop, games, variant)))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--top", type=int, default=8)
    parser.add_argument(
        "--only", default="", help="e.g. tablic:maximal,pazaak:kotor2 or pazaak (default: all)"
    )
    args = parser.parse_args()
    for game, variant, loop, games in selected(args.only):
        before = measure(args.before.resolve(), game, loop, games, variant)
        after = measure(AFTER, game, loop, games, variant)
        change = 100 * (after["total"] - before["total"]) / before["total"]
        print(f"{game} {variant} {loop} ({games} games): ", end="")
        print(f"{before['total']:,} -> {after['total']:,}", end="")
        print(f" ({change:+.1f} %)")
        for name, n in after["functions"][: args.top]:
            print(f"    {n:>10,}  {name}")


if __name__ == "__main__":
    main()
