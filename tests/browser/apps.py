"""The notebooks and marimo apps the browser tests open (written into temp dirs at test time).

``COUNTER``: a tiny inline anywidget that proves the harness without any cardwidgets code.
``TABLIC``: a Tablić position where the hand card 8♦ captures 3♠+5♥ and 8♣ (one option with two
groups, T-D1/T-D2), shown by ``TablicWidget`` for seat 0. ``PROBE``: a second tiny anywidget
whose text the kernel rewrites after every scene change (the moves of ``w.state.history``), so a
page without a notebook UI (Voila, marimo) can still show what the kernel knows.
"""

from __future__ import annotations

import textwrap

COUNTER = '''
import anywidget
import traitlets


class Counter(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const button = document.createElement("button");
      button.className = "counter-button";
      const echo = document.createElement("span");
      echo.className = "counter-echo";
      const show = () => {
        button.textContent = `count is ${model.get("value")}`;
        echo.textContent = model.get("echo");
      };
      button.addEventListener("click", () => {
        model.set("value", model.get("value") + 1);
        model.save_changes();
      });
      model.on("change:value", show);
      model.on("change:echo", show);
      show();
      el.append(button, echo);
    }
    export default { render };
    """
    value = traitlets.Int(0).tag(sync=True)
    echo = traitlets.Unicode("python saw 0").tag(sync=True)

    @traitlets.observe("value")
    def _answer(self, change):
        self.echo = f"python saw {change['new']}"


counter = Counter()
'''.strip()

# The position of every Tablić browser test. Expected after playing the two-group option:
# the kernel's history starts with this move (canonical text, captured cards in card order).
TABLIC_CARD = "8♦"
TABLIC_GROUPS = (("3♠", "5♥"), ("8♣",))
TABLIC_UNTOUCHED = "K♦"
TABLIC_CAPTURE = "8♦ x 3♠ 5♥ 8♣"

TABLIC = """
from cardwidgets import tablic
from cardwidgets.widgets import TablicWidget

# 8♦ captures 3♠+5♥ and 8♣: one option with two groups (T-D1, T-D2); K♦ stays.
position = tablic.State.from_position(
    table="3♠ 5♥ 8♣ K♦", hands=("8♦ 2♣ 9♥", "4♦ 6♣ J♠"), to_move=0, dealer=1, seed=5
)
w = TablicWidget(state=position, seat=0)
""".strip()

PROBE = '''
import json

import anywidget
import traitlets


class Probe(anywidget.AnyWidget):
    _esm = """
    function render({ model, el }) {
      const pre = document.createElement("pre");
      pre.className = "kernel-probe";
      const show = () => { pre.textContent = model.get("text"); };
      model.on("change:text", show);
      show();
      el.append(pre);
    }
    export default { render };
    """
    text = traitlets.Unicode("").tag(sync=True)


probe = Probe()


def report(change=None):
    moves = [str(move) for move in w.state.history]
    probe.text = json.dumps({"moves": moves, "version": w.version}, ensure_ascii=False)


w.observe(report, names=["scene"])
report()
'''.strip()

# What the kernel prints for the Lab / Notebook 7 checks (read with harness.kernel_exec).
KERNEL_REPORT = (
    "import json; print(json.dumps({'moves': [str(m) for m in w.state.history], "
    "'version': w.version}, ensure_ascii=False))"
)


def tablic_notebook_cells(probe: bool) -> list[str]:
    """Cells of the Tablić notebook: set-up, the widget, and optionally the kernel probe."""
    cells = [TABLIC, "w"]
    if probe:
        cells += [PROBE, "probe"]
    return cells


# Three boards for the classroom checks in every front end: a game a dozen moves in
# (the log must show its newest entry), a game paused on the end of its first deal (the summary),
# and a large German board (cards at least 90 px tall at 1024x768).
BOARDS = """
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent

played = TablicWidget(seed=3, opponent=RandomOpponent(3))
for _ in range(6):  # six moves of the learner, six replies: twelve log lines
    played.play(played.state.legal_moves()[0])
paused = TablicWidget(seed=3, opponent=RandomOpponent(3))
while not paused.paused:
    paused.play(paused.state.legal_moves()[0])
large = TablicWidget(seed=3, opponent=RandomOpponent(3), size="large", locale="de")
""".strip()
BOARD_CELLS = [BOARDS, "played", "paused", "large"]


def _marimo(body: str, output: str) -> str:
    """A one-cell marimo app running ``body`` and showing ``output``."""
    code = textwrap.indent(f"import marimo as mo\n{body}\n{output}", "    ")
    return (
        "import marimo\n\napp = marimo.App()\n\n\n@app.cell\ndef _():\n"
        f"{code}\n    return\n\n\n"
        'if __name__ == "__main__":\n    app.run()\n'
    )


MARIMO_APPS = {
    "boards_app.py": _marimo(
        BOARDS,
        "mo.vstack([mo.ui.anywidget(played), mo.ui.anywidget(paused), mo.ui.anywidget(large)])",
    ),
    "counter_app.py": _marimo(COUNTER, "mo.ui.anywidget(counter)"),
    "tablic_app.py": _marimo(
        f"{TABLIC}\n{PROBE}",
        "mo.vstack([mo.ui.anywidget(w), mo.ui.anywidget(probe)])",
    ),
}
