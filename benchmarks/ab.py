"""A/B of the benchmarks between two checkouts of the project, on the same machine, interleaved.

Run: ``uv run python benchmarks/ab.py BEFORE_DIR [--rounds 3] [--only tablic,panjpar]
[--scale 2 | --scale tablic=2,pazaak=3]``. ``BEFORE_DIR`` is another checkout (e.g.
``git worktree add ../before <commit>``, then ``uv sync`` there); this checkout is "after". Each
round runs every benchmark once in each checkout (its own script, its own code, its own virtual
environment), the two runs back to back, alternating which goes first, and keeps the JSON each
run writes. Every number in those files becomes a row with:

* ``before``, ``after``, ``change_percent``: the median of each side's rounds, taken separately;
* ``paired_ratio_median``, ``paired_ratio_min``, ``paired_ratio_max`` (and ``paired_ratios``):
  after / before of the *same* round. The two runs of a round are adjacent in time, so a load
  that comes and goes moves both; the spread of these ratios is the figure's real uncertainty,
  the separate medians are not (on a shared machine they swing by ±20 % between runs);
* ``verdict`` for throughputs (``*per_cpu_second``, higher is better) and CPU times (lower is
  better): ``faster`` or ``slower`` when every round's ratio says so, else ``parity``.

``--scale`` multiplies a benchmark's count arguments (games, deals, matches, positions; not the
cold-cache count), so that one run of a row lasts long enough to be measured (aim: 1 s of CPU or
more; a row whose run took less is marked ``short_run``). The rows are written to
``benchmarks/results/ab.json`` with the commits compared and ``uptime`` before and after.
"""

from __future__ import annotations

import argparse
import json
import math
import shutil
import statistics
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent
OUT = HERE / "results" / "ab.json"

# name: (script and arguments, the results file it writes, relative to the checkout). An int
# argument is a count that --scale multiplies; a str argument is passed as it is.
BENCHMARKS: dict[str, tuple[list[str | int], str]] = {
    "tablic": (
        ["bench_tablic.py", "--deals", 2000, "--matches", 200, "--cold", "200"],
        "results/tablic.json",
    ),
    "tablic_captures": (
        ["bench_tablic_captures.py", "--tables", 10],
        "results/tablic_captures.json",
    ),
    "panjpar": (["bench_panjpar.py", 3000], "results/panjpar.json"),
    "pazaak": (["bench_pazaak.py", "--matches", 8000], "results/pazaak.json"),
    "bots": (
        ["bench_bots.py", "--positions", 150, "--expert-positions", 10],
        "results/bots.json",
    ),
    "lab": (["bench_lab.py", "--quiet", "99", "--wait", "1"], "results/lab.json"),
    "scene": (["bench_scene.py", "--games", 3], "results/scene.json"),
    "widget_panjpar": (
        ["bench_widget_panjpar.py", "--repeats", 11],
        "results/widget_panjpar.json",
    ),
}

# The benchmarks whose scripts take ``--out`` (also in the baseline, 848ef91): run with a
# private results file. The others write into their checkout, which is restored afterwards.
PRIVATE_OUT = {"tablic", "tablic_captures", "pazaak"}

# Below this much CPU per run, a timing is mostly noise on a shared machine.
SHORT_RUN_SECONDS = 1.0


def command(name: str, scale: float = 1.0) -> list[str]:
    """The benchmark's script and arguments, its counts multiplied by ``scale`` (at least 1).

    >>> command("pazaak", 2.5)
    ['bench_pazaak.py', '--matches', '20000']
    >>> command("tablic", 2)[-2:]  # the cold-cache count measures a fresh process: not scaled
    ['--cold', '200']
    """
    script, _ = BENCHMARKS[name]
    return [str(max(1, round(part * scale))) if isinstance(part, int) else part for part in script]


def parse_scale(text: str, names: list[str]) -> dict[str, float]:
    """``"2"`` (every benchmark) or ``"tablic=2,pazaak=3"`` (the others 1) as a factor per name.

    >>> parse_scale("tablic=2", ["tablic", "pazaak"])
    {'tablic': 2.0, 'pazaak': 1.0}
    """
    if "=" not in text:
        return dict.fromkeys(names, float(text))
    factors = dict.fromkeys(names, 1.0)
    for part in text.split(","):
        name, _, factor = part.partition("=")
        if name not in factors:
            raise SystemExit(f"--scale names {name!r}, which is not among {names}")
        factors[name] = float(factor)
    return factors


def run_one(
    checkout: Path, name: str, scale: float = 1.0, labels: dict[str, str] | None = None
) -> dict[str, float]:
    """Run one benchmark in ``checkout``; its numbers, flattened, and the results file restored.

    ``labels`` (if given) gets the words naming each row, e.g. ``/results[3]``: ``seed playout``.
    """
    _, written = BENCHMARKS[name]
    script = command(name, scale)
    if name in PRIVATE_OUT:
        # Its own results file: the checkout's is never touched, and another A/B running in
        # the same checkout at the same time cannot swap files with this one.
        with tempfile.TemporaryDirectory() as private:
            target = Path(private) / "results.json"
            _run_script(checkout, [*script, "--out", str(target)])
            return _read_results(target, labels)
    target = checkout / "benchmarks" / written
    keep = target.read_bytes() if target.exists() else None
    try:
        _run_script(checkout, script)
        return _read_results(target, labels)
    finally:
        # The A/B must not leave a half-measured results file in either checkout.
        if keep is not None:
            target.write_bytes(keep)


def _run_script(checkout: Path, script: list[str]) -> None:
    subprocess.run(
        ["uv", "run", "--quiet", "python", f"benchmarks/{script[0]}", *script[1:]],
        cwd=checkout,
        check=True,
        capture_output=True,
    )


def _read_results(target: Path, labels: dict[str, str] | None) -> dict[str, float]:
    written_out = json.loads(target.read_text(encoding="utf-8"))
    if labels is not None:
        labels.update(_labels(written_out))
    return dict(_numbers(written_out))


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


def _labels(value: object, path: str = "") -> dict[str, str]:
    """The short strings of each dict in a results file (its variant, mode, ...), by path.

    >>> _labels({"results": [{"variant": "seed", "mode": "playout", "games": 3}]})
    {'/results[0]': 'seed playout'}
    """
    found: dict[str, str] = {}
    if isinstance(value, dict):
        words = [v for v in value.values() if isinstance(v, str) and len(v) <= 24]
        if words and path:
            found[path] = " ".join(words)
        for key, inner in value.items():
            found.update(_labels(inner, f"{path}/{key}"))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found.update(_labels(inner, f"{path}[{i}]"))
    return found


def _commit(checkout: Path) -> str:
    result = subprocess.run(
        ["git", "log", "-1", "--format=%h %s"], cwd=checkout, capture_output=True, text=True
    )
    return result.stdout.strip()[:100]


def direction(key: str) -> int:
    """+1 if a higher number is better (a throughput), -1 if lower is (a time), 0 if neither.

    >>> [direction(k) for k in ("/r[0]/deals_per_cpu_second", "/r[0]/cpu_seconds", "/r[0]/games")]
    [1, -1, 0]
    """
    leaf = key.rsplit("/", 1)[-1]
    if "per_cpu_second" in leaf or "per_second" in leaf:
        return 1
    if leaf.endswith(("seconds", "_ms")):
        return -1
    return 0


def verdict(key: str, ratios: list[float]) -> str | None:
    """``faster``/``slower`` if every paired ratio (after / before) says so, else ``parity``.

    >>> verdict("/x/deals_per_cpu_second", [1.02, 0.97, 1.1])
    'parity'
    >>> verdict("/x/cpu_seconds", [0.9, 0.95])
    'faster'
    """
    sign = direction(key)
    if sign == 0 or not ratios:
        return None
    if all(math.log(r) * sign > 0 for r in ratios):
        return "faster"
    if all(math.log(r) * sign < 0 for r in ratios):
        return "slower"
    return "parity"


def _cpu_seconds_key(key: str) -> str:
    return key.rsplit("/", 1)[0] + "/cpu_seconds"


def _rows(
    before: list[dict[str, float]],
    after: list[dict[str, float]],
    labels: dict[str, str] | None = None,
) -> dict[str, object]:
    """A row per number both sides wrote: separate medians and the ratios of paired rounds.

    ``before[i]`` and ``after[i]`` are the runs of round ``i`` (adjacent in time).
    """
    labels = labels or {}
    rows: dict[str, object] = {}
    for key in sorted(set(before[0]) & set(after[0])):
        if key.startswith("/ab/"):
            continue  # an older A/B kept inside a results file: not measured by this run
        a = statistics.median(run[key] for run in before if key in run)
        b = statistics.median(run[key] for run in after if key in run)
        change = None if a == 0 else round(100 * (b - a) / a, 1)
        row: dict[str, object] = {"before": round(a, 4), "after": round(b, 4)}
        label = labels.get(key.rsplit("/", 1)[0])
        if label:
            row["label"] = label
        row["change_percent"] = change
        pairs = zip(after, before, strict=True)
        ratios = [x[key] / y[key] for x, y in pairs if y.get(key) and x.get(key)]
        if ratios:
            row["paired_ratio_median"] = round(statistics.median(ratios), 3)
            row["paired_ratio_min"] = round(min(ratios), 3)
            row["paired_ratio_max"] = round(max(ratios), 3)
            row["paired_ratios"] = [round(r, 3) for r in ratios]
            row["verdict"] = verdict(key, ratios)
        cpu = _cpu_seconds_key(key)
        if direction(key) != 0 and cpu in before[0]:
            shortest = min(run[cpu] for run in before + after if cpu in run)
            row["short_run"] = shortest < SHORT_RUN_SECONDS
        rows[key] = row
    return rows


def _uptime() -> str:
    done = subprocess.run(["uptime"], capture_output=True, text=True)
    return done.stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--only", default=",".join(BENCHMARKS))
    parser.add_argument("--scale", default="1", help="2, or tablic=2,pazaak=3")
    parser.add_argument("--out", type=Path, default=OUT)
    args = parser.parse_args()
    if args.rounds < 1:
        parser.error("--rounds must be 1 or more")
    names = args.only.split(",")
    scale = parse_scale(args.scale, names)
    runs: dict[str, tuple[list[dict[str, float]], list[dict[str, float]]]] = {
        name: ([], []) for name in names
    }
    # Per benchmark: the same path (``/results[0]``) names different rows in each.
    labels: dict[str, dict[str, str]] = {name: {} for name in names}
    uptime_before = _uptime()
    start = time.time()
    for round_number in range(args.rounds):
        for name in names:
            # Both sides of a round back to back, the first one alternating round by round.
            order = [(args.before, 0), (AFTER, 1)]
            for checkout, side in order if round_number % 2 == 0 else order[::-1]:
                runs[name][side].append(run_one(checkout, name, scale[name], labels[name]))
            took = time.time() - start
            print(f"round {round_number + 1}: {name} done ({took:.0f} s)", flush=True)
        # Written after every round, so a run stopped early (a deadline, a busy machine)
        # still leaves the rounds it finished.
        result = {
            "what": "every number the benchmarks write: medians of interleaved rounds, and the "
            "after/before ratios of each round's adjacent pair of runs",
            "before": _commit(args.before),
            "after": _commit(AFTER),
            "rounds": round_number + 1,
            "rounds_asked": args.rounds,
            "scale": scale,
            "commands": {name: command(name, scale[name]) for name in names},
            "uptime_before": uptime_before,
            "uptime_after": _uptime(),
            "wall_seconds": round(time.time() - start),
            "note": "2 shared cores; other jobs ran too. Throughputs: higher is better; times: "
            "lower. verdict: faster/slower if every round's paired ratio says so, else parity.",
            "benchmarks": {name: _rows(*runs[name], labels[name]) for name in names},
        }
        _write(result, args.out)
    print(f"written to {args.out}")
    _print_summary(result["benchmarks"])


def _write(result: dict[str, object], out: Path) -> None:
    with tempfile.NamedTemporaryFile("w", delete=False, encoding="utf-8") as tmp:
        json.dump(result, tmp, indent=2, ensure_ascii=False)
    shutil.move(tmp.name, out)


def _print_summary(benchmarks: Any) -> None:
    """One line per throughput or time: medians' change, paired ratio median [min-max], verdict."""
    for name, rows in benchmarks.items():
        for key, row in rows.items():
            if direction(key) == 0 or "paired_ratio_median" not in row:
                continue
            short = " (short run)" if row.get("short_run") else ""
            where = f"{key} {row.get('label', '')}"
            print(
                f"{name:16s} {where:60s} {row['change_percent']!s:>7} %  ratio "
                f"{row['paired_ratio_median']} [{row['paired_ratio_min']}-"
                f"{row['paired_ratio_max']}] {row['verdict']}{short}"
            )


if __name__ == "__main__":
    main()
