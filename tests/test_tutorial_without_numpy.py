"""Tutorial 05 (learning) runs without numpy, as the classroom site's Pyodide must run it.

The site ships no numpy (no WebAssembly wheel on the registries the project reaches), so the
tutorial's agent, its learning curve and its chart are plain Python; only its last cell uses
OpenSpiel, and says that the extra is missing. This runs every code cell in a fresh Python with
numpy, matplotlib, pandas and the learning frameworks made unimportable, on fewer sets (the
sizes below), and checks that the last cell reports the missing extra instead of failing.
"""

from __future__ import annotations

from tests.notebook_cells import run_cells

BLOCKED = ("numpy", "matplotlib", "pandas", "pyspiel", "gymnasium", "pettingzoo")
SMALLER = {  # the same cells on fewer sets: what is tested is that they run, not how well
    "BLOCK, BLOCKS = 500, 20": "BLOCK, BLOCKS = 20, 2",
    "def win_share(player, sets=1000": "def win_share(player, sets=20",
}

RUNNER = """
import json, sys
for name in {blocked!r}:
    sys.modules[name] = None  # import fails, as on a site without the package
cells = json.loads(sys.stdin.read())
space = {{}}
for number, source in enumerate(cells):
    exec(compile(source, f"cell {{number}}", "exec"), space)
print("numpy imported:", any(sys.modules.get(name) is not None for name in {blocked!r}))
"""


def test_tutorial_05_runs_every_cell_without_numpy() -> None:
    done = run_cells("05-learning.ipynb", SMALLER, RUNNER.format(blocked=BLOCKED))
    assert done.returncode == 0, done.stderr[-3000:]
    assert "numpy imported: False" in done.stdout
    assert 'pip install "cardwidgets[openspiel]"' in done.stdout  # the OpenSpiel cell's notice
    assert "tabular agent: wins" in done.stdout
