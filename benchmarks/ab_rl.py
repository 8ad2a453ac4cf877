"""A/B of ``rl_batched.py`` (the learning environments per game) between two checkouts, paired.

Run: ``uv run python benchmarks/ab_rl.py BEFORE_DIR [--pairs 4] [--rounds 3]``. ``BEFORE_DIR``
is another checkout of the project (``git archive <commit> | tar -x -C DIR`` is enough: it runs
with this checkout's virtual environment, ``PYTHONPATH`` pointing at its code). Each pair runs
``rl_batched.py`` once in each checkout, back to back, alternating which goes first; the
figures compared are the ones that carry their own yardstick, the ratios to the bare engine
measured in the same process (``aec_game_ratio``, ``batched_game_ratio``) and the learner's steps
per CPU-second. A pair's two runs are adjacent in time, so a load that comes and goes moves
both: ``paired`` is after / before of the same pair, the spread of those is the uncertainty.
Writes ``benchmarks/results/rl_ab.json`` (commits, load before and after, every pair's figures).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

import run_info

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent


def run(
    checkout: Path, rounds: int, learner_games: int, pazaakrl: str | None = None
) -> dict[str, Any]:
    """One run of ``rl_batched.py`` of ``checkout`` (its code first on the path), with
    PazaakRL's learner measured in the same run when ``pazaakrl`` gives its checkout."""
    with tempfile.TemporaryDirectory() as private:
        out = Path(private) / "rl.json"
        env = {**os.environ, "PYTHONPATH": str(checkout)}
        subprocess.run(
            [
                sys.executable,
                str(checkout / "benchmarks" / "rl_batched.py"),
                "--rounds",
                str(rounds),
                "--learner-games",
                str(learner_games),
                "--out",
                str(out),
                *(["--pazaakrl", pazaakrl] if pazaakrl else []),
            ],
            cwd=checkout,
            env=env,
            check=True,
            capture_output=True,
        )
        found: dict[str, Any] = json.loads(out.read_text("utf-8"))
        return found


def figures(result: dict[str, Any]) -> dict[str, float]:
    """The compared figures of one run, by name (``tablic aec_game_ratio`` …).

    >>> figures({"results": [{"game": "pazaak", "aec_game_ratio": 4.0,
    ...     "batched_game_ratio": 3.0}], "learner_pazaak": {"gym_env":
    ...     {"steps_per_cpu_second_median": 5}}})["pazaak aec_game_ratio"]
    4.0
    """
    found: dict[str, float] = {}
    for row in result["results"]:
        for name in ("aec_game_ratio", "batched_game_ratio"):
            found[f"{row['game']} {name}"] = row[name]
    for way, row in result["learner_pazaak"].items():
        found[f"pazaak learner {way} steps_per_cpu_second"] = row["steps_per_cpu_second_median"]
        if "of_pazaakrl" in row:
            found[f"pazaak learner {way} of_pazaakrl"] = row["of_pazaakrl"]
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--before-commit", default="?", help="the commit BEFORE_DIR holds")
    parser.add_argument("--pairs", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--learner-games", type=int, default=100)
    parser.add_argument("--pazaakrl", help="a checkout of andrew-pollock/PazaakRL (both sides)")
    parser.add_argument("--out", default=str(HERE / "results" / "rl_ab.json"))
    args = parser.parse_args(argv)
    header = run_info.header()
    pairs: list[dict[str, dict[str, float]]] = []
    for number in range(args.pairs):
        sides = [("before", args.before.resolve()), ("after", AFTER)]
        if number % 2:
            sides.reverse()
        pair = {
            side: figures(run(path, args.rounds, args.learner_games, args.pazaakrl))
            for side, path in sides
        }
        pairs.append(pair)
        print(json.dumps(pair), flush=True)
    rows = {}
    for name in pairs[0]["before"]:
        before = [p["before"][name] for p in pairs]
        after = [p["after"][name] for p in pairs]
        paired = [round(a / b, 3) for a, b in zip(after, before, strict=True)]
        rows[name] = {
            "before_median": statistics.median(before),
            "after_median": statistics.median(after),
            "paired_after_over_before": paired,
            "paired_median": statistics.median(paired),
        }
    result = {
        "benchmark": "rl_batched.py in two checkouts, paired runs (ratios to the bare engine "
        "of the same process; learner steps per CPU-second)",
        **header,
        "before_commit": args.before_commit,
        "after_commit": header["commit"],
        "pairs": args.pairs,
        "rounds_per_run": args.rounds,
        "machine_note": "2 cores shared with other engineers; pairs alternate which runs first",
        "figures": rows,
        "load_average_after": os.getloadavg(),
    }
    Path(args.out).write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n", "utf-8")
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
