"""How long :func:`cardwidgets.analysis.puzzles` takes to find two puzzles per game (seed 0):
CPU and wall seconds and the puzzles found (the same seed must find the same ones)::

    nice -n 10 uv run python benchmarks/bench_puzzles.py --out benchmarks/results/puzzles.json
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

import run_info

from cardwidgets import analysis


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=2)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    report: dict[str, Any] = {**run_info.header(), "games": {}}
    for game in ("tablic", "panjpar", "pazaak"):
        cpu, wall = time.process_time(), time.perf_counter()
        found = analysis.puzzles(game, args.count, seed=0)
        report["games"][game] = {
            "cpu_seconds": round(time.process_time() - cpu, 2),
            "wall_seconds": round(time.perf_counter() - wall, 2),
            "puzzles": [[p.kind, p.ply, p.answer, p.tempting, p.best, p.other] for p in found],
        }
        print(game, json.dumps(report["games"][game], ensure_ascii=False), flush=True)
    report["load_average_after"] = os.getloadavg()
    if args.out is not None:
        args.out.write_text(json.dumps(report, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
