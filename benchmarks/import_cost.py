"""Import cost of a first board (issue 29): CPU seconds of fresh processes, before and after.

Run: ``uv run python benchmarks/import_cost.py [--runs 10] [--before /work/wt/base]``.
Each case is one fresh Python process (``-c`` with the import below), run ``--runs`` times,
interleaved between the two checkouts; the best run (least CPU) of each is kept, because a
shared machine only ever adds time. CPU is the child's user + system time (what ``time``
prints), the whole process including the interpreter's own start, which the ``bare`` case
measures alone. ``--before`` is another checkout with its own ``.venv`` (its code, its
packages) or a bare source tree (its code, this checkout's packages); without it only this
checkout is measured. Also counted: the ``cardwidgets``
modules each import leaves in ``sys.modules``. Each case runs in two
modes (``--modes``): compiling every module from source in each process, and reading bytecode
compiled once (see :func:`environment`). Results go to ``benchmarks/results/import_cost.json``.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import resource
import subprocess
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
AFTER = HERE.parent
OUT = HERE / "results" / "import_cost.json"
PYCACHE = Path(tempfile.gettempdir()) / "cardwidgets-import-cost-pycache"
MODES = ("source", "cached")

# name: the statement a fresh process runs
CASES: dict[str, str] = {
    "bare": "pass",
    "import cardwidgets": "import cardwidgets",
    "from cardwidgets import tablic": "from cardwidgets import tablic",
    "from cardwidgets.widgets import TablicWidget": "from cardwidgets.widgets import TablicWidget",
    "a first Tablić board, one move and the reply": (
        "from cardwidgets.widgets import TablicWidget\n"
        "board = TablicWidget(seed=1)\n"
        "board.select('K♠')\n"
        "board.play()"
    ),
}

COUNT = "import sys; print(sum(m.split('.')[0] == 'cardwidgets' for m in sys.modules))"


def python_of(checkout: Path) -> str:
    """The interpreter of a checkout's virtual environment, else this checkout's.

    A bare source tree (``git archive COMMIT | tar -x -C DIR``) runs with this checkout's
    packages: ``python -c`` puts the working directory first on ``sys.path``, so its code is
    the one imported.
    """
    own = checkout / ".venv" / "bin" / "python"
    return str(own if own.exists() else AFTER / ".venv" / "bin" / "python")


def environment(mode: str) -> dict[str, str]:
    """The child's environment: ``source`` compiles every module from source, each time (as
    under ``PYTHONDONTWRITEBYTECODE=1`` with no ``.pyc`` installed, this machine's setting);
    ``cached`` reads bytecode compiled once into a private prefix (as an installed wheel)."""
    env = dict(os.environ)
    env.pop("PYTHONPYCACHEPREFIX", None)
    if mode == "source":
        env["PYTHONDONTWRITEBYTECODE"] = "1"
    else:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = str(PYCACHE)
    return env


def run_once(python: str, checkout: Path, statement: str, mode: str) -> tuple[float, float]:
    """CPU seconds (user + system) and wall seconds of one fresh process running ``statement``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run([python, "-c", statement], cwd=checkout, check=True, env=environment(mode))
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def modules_left(python: str, checkout: Path, statement: str) -> int:
    """How many ``cardwidgets`` modules ``statement`` imports."""
    done = subprocess.run(
        [python, "-c", f"{statement}\n{COUNT}"],
        cwd=checkout,
        check=True,
        capture_output=True,
        text=True,
    )
    return int(done.stdout.split()[-1])


def measure(
    checkouts: dict[str, Path], runs: int, mode: str
) -> dict[str, dict[str, dict[str, float]]]:
    """Best CPU and wall of ``runs`` fresh processes per case and checkout, interleaved."""
    if mode == "cached":  # compile once, outside the measurement
        for statement in CASES.values():
            for checkout in checkouts.values():
                run_once(python_of(checkout), checkout, statement, mode)
    cpu: dict[tuple[str, str], list[float]] = {}
    wall: dict[tuple[str, str], list[float]] = {}
    for _ in range(runs):
        for case, statement in CASES.items():
            for label, checkout in checkouts.items():
                spent, took = run_once(python_of(checkout), checkout, statement, mode)
                cpu.setdefault((label, case), []).append(spent)
                wall.setdefault((label, case), []).append(took)
    table: dict[str, dict[str, dict[str, float]]] = {}
    for label, checkout in checkouts.items():
        table[label] = {
            case: {
                "cpu_ms_best": round(1000 * min(cpu[label, case]), 1),
                "wall_ms_best": round(1000 * min(wall[label, case]), 1),
                "cardwidgets_modules": modules_left(python_of(checkout), checkout, statement),
            }
            for case, statement in CASES.items()
        }
    return table


def commit_of(checkout: Path) -> str:
    """The short commit of a checkout (with ``+dirty`` if it has uncommitted changes)."""
    if not (checkout / ".git").exists():
        return f"source tree {checkout}"
    head = subprocess.run(
        ["git", "-C", str(checkout), "rev-parse", "--short", "HEAD"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    dirty = subprocess.run(
        ["git", "-C", str(checkout), "status", "--porcelain", "--untracked-files=no"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return head + ("+dirty" if dirty else "")


def main() -> None:
    """Measure, print, and write the results file."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10, help="fresh processes per case")
    parser.add_argument("--before", type=Path, help="a checkout to compare with")
    parser.add_argument("--modes", default=",".join(MODES), help="source, cached or both")
    args = parser.parse_args()
    checkouts = {"after": AFTER}
    if args.before is not None:
        checkouts = {"before": args.before.resolve(), "after": AFTER}
    table = {mode: measure(checkouts, args.runs, mode) for mode in args.modes.split(",")}
    result = {
        "what": "best of N fresh processes: CPU ms (user+sys of the child) and wall ms",
        "runs": args.runs,
        "commits": {label: commit_of(path) for label, path in checkouts.items()},
        "python": platform.python_version(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
        "modes": {
            "source": "every module compiled from source in each process (PYTHONDONTWRITEBYTECODE"
            "=1, no .pyc installed: this machine's setting, and the cost the issue measured)",
            "cached": "bytecode compiled once into a private PYTHONPYCACHEPREFIX, then read",
        },
        "cases": table,
    }
    print(json.dumps(result, indent=1))
    OUT.write_text(json.dumps(result, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
