"""Run a tutorial's code cells in a fresh Python, as a test of where it must run (the classroom
site's Pyodide: no numpy, no processes), on smaller sizes than the notebook's own."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"


def run_cells(name: str, smaller: dict[str, str], runner: str) -> subprocess.CompletedProcess[str]:
    """Every code cell of ``notebooks/name``, each size of ``smaller`` replaced (each must be
    found), sent as JSON to ``runner`` (a Python program reading the cells from stdin) in a new
    process; fails the test if a size was not found."""
    notebook = json.loads((NOTEBOOKS / name).read_text(encoding="utf-8"))
    cells = []
    for cell in notebook["cells"]:
        if cell["cell_type"] == "code":
            source = "".join(cell["source"])
            for old, new in smaller.items():
                source = source.replace(old, new)
            cells.append(source)
    assert sum(old in "".join(cells) for old in smaller) == 0  # every size was made smaller
    return subprocess.run(
        [sys.executable, "-c", runner],
        input=json.dumps(cells),
        capture_output=True,
        text=True,
        timeout=120,
    )
