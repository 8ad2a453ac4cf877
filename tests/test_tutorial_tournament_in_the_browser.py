"""Tutorial 06 (tournament) runs as the classroom site's Pyodide runs it: no worker processes
(``sys.platform`` is ``"emscripten"``, so its sealed file bot runs in process) and no numpy.

Every code cell runs in a fresh Python where starting a process raises, on fewer games (the
sizes below): what is tested is that the cells run there and the file bot still plays, not the
standings, which nbval checks against the saved outputs.
"""

from __future__ import annotations

from tests.notebook_cells import run_cells

BLOCKED = ("numpy", "matplotlib", "pandas")
SMALLER = {  # the same cells on fewer games
    "games=20, seed=2026": "games=6, seed=2026",
    "max_pairs=300": "max_pairs=10",
}

RUNNER = """
import json, multiprocessing.process, sys
sys.platform = "emscripten"  # what Pyodide says: the lab and SealedBot use no processes
for name in {blocked!r}:
    sys.modules[name] = None  # import fails, as on a site without the package

def no_processes(self):
    raise RuntimeError("no processes in the browser")

multiprocessing.process.BaseProcess.start = no_processes
cells = json.loads(sys.stdin.read())
space = {{}}
for number, source in enumerate(cells):
    exec(compile(source, f"cell {{number}}", "exec"), space)
cup = space["sealed_cup"]
print("file bot games:", cup.ratings["hunter (file)"].games)
print("file bot forfeits:", sum(r["forfeit"]["bot"] == "hunter (file)" for r in cup.forfeits))
print("buggy forfeits:", sum(r["forfeit"]["bot"] == "buggy" for r in cup.forfeits) > 0)
print("sprt:", space["test"].status is not None or space["test"].pairs == 10)
"""


def test_tutorial_06_runs_every_cell_without_processes_or_numpy() -> None:
    done = run_cells("06-tournament.ipynb", SMALLER, RUNNER.format(blocked=BLOCKED))
    assert done.returncode == 0, done.stderr[-3000:]
    assert "file bot games: 8" in done.stdout and "file bot forfeits: 0" in done.stdout
    assert "buggy forfeits: True" in done.stdout and "sprt: True" in done.stdout
