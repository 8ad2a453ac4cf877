"""Count what one learner click passes through: a Tablić Play, sent as the browser sends it.

Issue 22 measured a Play click (24 Python files, 171 functions); this script measures it the
same way every time: a seeded Tablić widget, a hand card selected and its first capture
chosen, then the ``play`` intent goes through ``handle_intent`` while ``sys.setprofile``
records every Python function of ``cardwidgets`` that runs (the opponent's reply included).
Files that call each other both ways are counted as pairs.

The first greedy reply of a process imports the game's rules of thumb
(``cardwidgets.bots.tablic``, whose module tables are built then); ``--warm`` imports them
before the click, as every later click finds them. ``--write`` measures both, each in a fresh
process, and writes ``benchmarks/results/click_path.json`` (with the commit and the date).

Run: ``uv run python scripts/trace_click.py`` (add ``-v`` to list the files, ``--warm``,
``--write``).
"""

from __future__ import annotations

import datetime
import json
import subprocess
import sys
from collections import defaultdict
from pathlib import Path
from types import FrameType
from typing import Any

import cardwidgets
from cardwidgets.bots import strategy
from cardwidgets.widgets import TablicWidget

ROOT = Path(cardwidgets.__file__).resolve().parent
OUT = ROOT.parent / "benchmarks" / "results" / "click_path.json"


def _ours(frame: FrameType) -> str | None:
    path = Path(frame.f_code.co_filename)
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return None


def trace_play(
    warm: bool = False,
) -> tuple[set[str], set[tuple[str, str]], set[tuple[str, str]]]:
    """The files, functions (file, name) and calls (caller file, callee file) of one Play;
    ``warm``: with the game's rules of thumb imported beforehand."""
    widget = TablicWidget(seed=1)
    widget.select("K♠")  # a card with a capture: Play is enabled
    if warm:
        strategy.strategy_for(widget.state)  # what the first greedy reply imports
    files: set[str] = set()
    functions: set[tuple[str, str]] = set()
    calls: set[tuple[str, str]] = set()

    def profile(frame: FrameType, event: str, _arg: Any) -> None:
        if event != "call":
            return
        here = _ours(frame)
        if here is None:
            return
        files.add(here)
        functions.add((here, frame.f_code.co_qualname))
        caller = frame.f_back
        while caller is not None and _ours(caller) is None:
            caller = caller.f_back  # through traitlets, contextlib…: the cardwidgets caller
        there = None if caller is None else _ours(caller)
        if there is not None and there != here:
            calls.add((there, here))

    play = {"kind": "action", "id": "play"}
    intent = {"type": "intent", "version": widget.version, "intent": play}
    sys.setprofile(profile)
    try:
        done = widget.handle_intent(intent, bare=False)
    finally:
        sys.setprofile(None)
    assert done and widget.ply == 2, (done, widget.message)
    return files, functions, calls


def figures(warm: bool) -> dict[str, Any]:
    """One Play's counts, as ``--write`` records them."""
    files, functions, calls = trace_play(warm)
    both = sorted({tuple(sorted(c)) for c in calls if (c[1], c[0]) in calls})
    return {
        "files": len(files),
        "functions": len(functions),
        "two_way_file_pairs": len(both),
        "functions_per_file": {f: sum(1 for g, _ in functions if g == f) for f in sorted(files)},
        "both_ways": [list(pair) for pair in both],
    }


def write() -> None:
    """Both measures, each in a fresh process (the cold one must import for itself)."""
    root = ROOT.parent
    runs = {}
    for name, extra in (("cold", []), ("warm", ["--warm"])):
        done = subprocess.run(
            [sys.executable, __file__, "--json", *extra],
            check=True,
            capture_output=True,
            text=True,
        )
        runs[name] = json.loads(done.stdout)
    commit = subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], cwd=root, capture_output=True, text=True
    ).stdout.strip()
    result = {
        "what": "one Tablić Play click with the computer's greedy reply (scripts/trace_click.py)",
        "commit": commit,
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "cold": runs["cold"],
        "warm": runs["warm"],
    }
    OUT.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    for name in ("cold", "warm"):
        print(f"{name}: files {runs[name]['files']}, functions {runs[name]['functions']}")
    print("written:", OUT.relative_to(root))


def main() -> None:
    if "--write" in sys.argv:
        write()
        return
    warm = "--warm" in sys.argv
    if "--json" in sys.argv:
        print(json.dumps(figures(warm)))
        return
    files, functions, calls = trace_play(warm)
    both = {tuple(sorted(c)) for c in calls if (c[1], c[0]) in calls}
    per_dir: dict[str, int] = defaultdict(int)
    for f in files:
        per_dir[str(Path(f).parent)] += 1
    print(f"files {len(files)}, functions {len(functions)}, two-way file pairs {len(both)}")
    print("files per folder:", dict(sorted(per_dir.items())))
    if "-v" in sys.argv:
        for f in sorted(files):
            print("  ", f, sum(1 for g, _ in functions if g == f))
        for a, b in sorted(both):
            print("   both ways:", a, "<->", b)


if __name__ == "__main__":
    main()
