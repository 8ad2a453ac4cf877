"""The tutorials stay true after Run All.

A lesson's widget must still show the position its prose describes once every cell has run:
a later cell that selects, plays or steps on a widget created above would silently change the
picture under the text (notebook 02 once described an attack of 5♦ 5♣ K♣ above a widget that
had moved on to the next battle).

Each code cell that shows a lesson widget carries cell metadata
``{"cardwidgets": {"widget": NAME, "ply": N, "shows": [CARD, ...], "selected": [CARD, ...]}}``:
the widget's variable, the move it must still show, the cards the prose names (each on the
board face up, by id or by the text on the card) and, optionally, the cards that must be
selected. No lesson widget may show a message at the end either (a refusal that a later cell
provoked on it, as notebook 02's defence widget once did). This test runs each notebook top to bottom in a kernel, then asks the kernel what
each tagged widget shows at the end.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

nbformat = pytest.importorskip("nbformat")
nbclient = pytest.importorskip("nbclient")

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
TUTORIALS = ["01-tablic.ipynb", "02-panjpar.ipynb", "03-pazaak.ipynb"]
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
MARK = "CARDWIDGETS-PROBE "

# Run in the kernel after the notebook's own cells: what each named widget shows now.
PROBE = """
import json as _json


def _board(widget):
    cards = [c for z in widget.scene["zones"] for c in z["cards"] if c["kind"] != "back"]
    return {
        "ply": widget.ply,
        "cards": sorted({name for c in cards for name in (c["id"], c["text"]) if name}),
        "selected": sorted(c["id"] for c in cards if c["selected"]),
        "message": widget.message,
    }


print(%r + _json.dumps({_name: _board(globals()[_name]) for _name in %r}))
"""


def lessons(notebook: Any) -> list[tuple[int, dict[str, Any]]]:
    """The tagged cells: (cell index, their ``cardwidgets`` metadata)."""
    return [
        (index, cell.metadata["cardwidgets"])
        for index, cell in enumerate(notebook.cells)
        if "cardwidgets" in cell.metadata
    ]


def run_all(name: str) -> tuple[Any, dict[str, dict[str, Any]]]:
    """The notebook executed top to bottom, and the probe's answer for its tagged widgets."""
    notebook = nbformat.read(NOTEBOOKS / name, as_version=4)
    names = sorted({tag["widget"] for _, tag in lessons(notebook)})
    notebook.cells.append(nbformat.v4.new_code_cell(PROBE % (MARK, names)))
    client = nbclient.NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": NOTEBOOKS}}
    )
    client.execute()
    text = "".join(out.get("text", "") for out in notebook.cells[-1].outputs)
    line = next(line for line in text.splitlines() if line.startswith(MARK))
    shown: dict[str, dict[str, Any]] = json.loads(line[len(MARK) :])
    return notebook, shown


@pytest.fixture(scope="module", params=TUTORIALS)
def executed(request: pytest.FixtureRequest) -> tuple[str, Any, dict[str, dict[str, Any]]]:
    notebook, shown = run_all(request.param)
    return request.param, notebook, shown


def test_every_lesson_widget_still_shows_what_its_prose_describes_after_run_all(
    executed: tuple[str, Any, dict[str, dict[str, Any]]],
) -> None:
    name, notebook, shown = executed
    tagged = lessons(notebook)
    assert tagged, f"{name}: no lesson widget is tagged"
    wrong = []
    for index, tag in tagged:
        board = shown[tag["widget"]]
        missing = [card for card in tag["shows"] if card not in board["cards"]]
        if missing:
            wrong.append(f"cell {index} {tag['widget']}: {missing} not on the board {board}")
        if board["ply"] != tag["ply"]:
            wrong.append(f"cell {index} {tag['widget']}: at move {board['ply']}, not {tag['ply']}")
        if "selected" in tag and board["selected"] != sorted(tag["selected"]):
            wrong.append(f"cell {index} {tag['widget']}: selected {board['selected']}")
        if board["message"] is not None:  # e.g. a refusal a later cell provoked on it
            wrong.append(f"cell {index} {tag['widget']}: shows {board['message']!r}")
    assert not wrong, f"{name}: " + "; ".join(wrong)


def test_every_cell_that_shows_a_widget_is_a_tagged_lesson(
    executed: tuple[str, Any, dict[str, dict[str, Any]]],
) -> None:
    name, notebook, _ = executed
    showing = [
        index
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        and any(WIDGET_VIEW in out.get("data", {}) for out in cell.get("outputs", []))
    ]
    tagged = [index for index, _ in lessons(notebook)]
    assert showing == tagged, f"{name}: cells showing a widget {showing}, tagged {tagged}"
