"""A/B of the benchmarks between two checkouts of the project, on the same machine, interleaved.

Run: ``uv run python benchmarks/ab.py BEFORE_DIR [--rounds 3] [--only tablic,panjpar]``.
``BEFORE_DIR`` is another checkout (e.g. ``git worktree add ../before <commit>``, then
``uv sync`` there); this checkout is "after". Each round runs every benchmark once in each
checkout (its own script, its own code, its own virtual environment), alternating which goes
first, and keeps the JSON each run writes. Every number in those files becomes a row with the
median of the rounds before and after and the change in percent; the rows are written to
``benchmarks/results/ab.json`` with the commits compared. A shared, noisy machine moves single
runs by 5-10 %: read the medians, and the direction of many rows, not one row.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent
OUT = HERE / "results" / "ab.json"

# name: (script and arguments, the results file it writes, relative to the checkout)
BENCHMARKS: dict[str, tuple[list[str], str]] = {
    "tablic": (
        ["bench_tablic.py", "--deals", "2000", "--matches", "200", "--cold", "200"],
        "results/tablic.json",
    ),
    "tablic_captures": (
        ["bench_tablic_captures.py", "--tables", "10"],
        "results/tablic_captures.json",
    ),
    "panjpar": (["bench_panjpar.py", "3000"], "results/panjpar.json"),
    "pazaak": (["bench_pazaak.py", "--matches", "8000"], "results/pazaak.json"),
    "bots": (
        ["bench_bots.py", "--positions", "150", "--expert-positions", "10"],
        "results/bots.json",
    ),
    "lab": (["bench_lab.py", "--quiet", "99", "--wait", "1"], "results/lab.json"),
    "scene": (["bench_scene.py", "--games", "3"], "results/scene.json"),
    "widget_panjpar": (
        ["bench_widget_panjpar.py", "--repeats", "11"],
        "results/widget_panjpar.json",
    ),
}


def run_one(checkout: Path, name: str) -> dict[str, float]:
    """Run one benchmark in ``checkout``; its numbers, flattened, and the results file restored."""
    script, written = BENCHMARKS[name]
    target = checkout / "benchmarks" / written
    keep = target.read_bytes() if target.exists() else None
    try:
        subprocess.run(
            ["uv", "run", "--quiet", "python", f"benchmarks/{script[0]}", *script[1:]],
            cwd=checkout,
            check=True,
            capture_output=True,
        )
        return dict(_numbers(json.loads(target.read_text(encoding="utf-8"))))
    finally:
        # The A/B must not leave a half-measured results file in either checkout.
        if keep is not None:
            target.write_bytes(keep)


def _numbers(value: object, path: str = "") -> list[tuple[str, float]]:
    if isinstance(value, bool):
        return []
    if isinstance(value, (int, float)):
        return [(path, float(value))]
    if isinstance(value, dict):
        return [row for key, inner in value.items() for row in _numbers(inner, f"{path}/{key}")]
    if isinstance(value, list):
        return [row for i, inner in enumerate(value) for row in _numbers(inner, f"{path}[{i}]")]
    return []


def _commit(checkout: Path) -> str:
    result = subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=checkout, capture_output=True, text=True
    )
    return result.stdout.strip()[:100]


def _rows(before: list[dict[str, float]], after: list[dict[str, float]]) -> dict[str, object]:
    rows: dict[str, object] = {}
    for key in sorted(set(before[0]) & set(after[0])):
        if key.startswith("/ab/"):
            continue  # an older A/B kept inside a results file: not measured by this run
        a = statistics.median(run[key] for run in before if key in run)
        b = statistics.median(run[key] for run in after if key in run)
        change = None if a == 0 else round(100 * (b - a) / a, 1)
        rows[key] = {"before": round(a, 4), "after": round(b, 4), "change_percent": change}
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default=",".join(BENCHMARKS))
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    names = args.only.split(",")
    runs: dict[str, tuple[list[dict[str, float]], list[dict[str, float]]]] = {
        name: ([], []) for name in names
    }
    start = time.time()
    for round_number in range(args.rounds):
        for name in names:
            order = [(args.before, 0), (AFTER, 1)]
            for checkout, side in order if round_number % 2 == 0 else order[::-1]:
                runs[name][side].append(run_one(checkout, name))
            took = time.time() - start
            print(f"round {round_number + 1}: {name} done ({took:.0f} s)", flush=True)
    result = {
        "what": "every number the benchmarks write: medians of interleaved rounds",
        "before": _commit(args.before),
        "after": _commit(AFTER),
        "rounds": args.rounds,
        "note": "2 shared cores; other jobs ran too. Throughputs: higher is better; times: lower.",
        "benchmarks": {name: _rows(*runs[name]) for name in names},
    }
    with tempfile.NamedTemporaryFile("w", delete=False, encoding="utf-8") as tmp:
        json.dump(result, tmp, indent=2, ensure_ascii=False)
    shutil.move(tmp.name, args.out)
    print(f"written to {args.out}")


if __name__ == "__main__":
    main()
