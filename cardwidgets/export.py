"""Export a notebook to HTML that shows every position offline, and optionally plays replays.

A widget's output holds two pictures: the live view (``application/vnd.jupyter.widget-view+json``,
drawn by JavaScript that nbconvert's HTML loads from a CDN, so it is blank offline) and the static
picture (``text/html``: inline SVG cards, no script). :class:`StaticPictures` keeps only the
static one and drops the saved widget state, so the exported page needs no network::

    jupyter nbconvert --to html --execute \\
        --HTMLExporter.preprocessors=cardwidgets.export.StaticPictures notebooks/01-tablic.ipynb

(``--execute`` runs first; this preprocessor runs after it.) Importing this module imports
nbconvert, which JupyterLab and Notebook bring along.

**Playable replays**: add ``--StaticPictures.replays=True`` and each widget's still
picture becomes a kernel-free replay of the widget's game up to the position shown (a slider,
step buttons, autoplay; :mod:`cardwidgets.replay`), in a sandboxed ``iframe srcdoc``. The
exporter re-runs nothing, so the scenes must already be in the notebook; the choices:

* Saving every ply's scenes in every widget output would bloat every saved notebook and put
  scenes the teacher never asked for in it. So a widget adds them (the mime entry
  :data:`cardwidgets.replay.embed.MIME`: the packed *public* scenes, as the widget's seat sees
  them, never the record or a hidden card) only when its kernel has ``CARDWIDGETS_REPLAYS=1``
  in its environment.
* With ``replays=True`` this preprocessor sets that variable when it is made, which is before
  ``--execute`` starts the kernel, so one option does both. (A notebook that is already
  executed can be re-run with the variable set, or set ``os.environ`` in its first cell.)
* Whatever the option, the entry never reaches the exported page as data: it becomes the
  replay or is dropped. A ``Replay`` shown by a cell (``replay.watch(...)``,
  ``counterexample.replay()``) is already an iframe and passes through unchanged.

>>> import nbformat
>>> out = nbformat.v4.new_output("display_data", data={
...     "application/vnd.jupyter.widget-view+json": {"model_id": "x"},
...     "text/html": "<div class='cw-root'></div>", "text/plain": "w"})
>>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("w", outputs=[out])])
>>> nb.metadata["widgets"] = {"state": {}}
>>> nb, _ = StaticPictures().preprocess(nb, {})
>>> sorted(nb.cells[0].outputs[0].data), "widgets" in nb.metadata
(['text/html', 'text/plain'], False)
"""

from __future__ import annotations

import os
from typing import Any

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

from cardwidgets.replay.embed import ENV, MIME

__all__ = ["StaticPictures"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class StaticPictures(Preprocessor):
    """Keep a widget output's static picture, drop its live view and the saved widget state;
    with :attr:`replays`, put a playable replay where each widget was."""

    replays = Bool(
        False,
        help="Replace each widget's still picture by a kernel-free replay of its game "
        "(sets CARDWIDGETS_REPLAYS=1 for the kernel that --execute starts).",
    ).tag(config=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)  # type: ignore[no-untyped-call]  # traitlets is untyped here
        if self.replays:
            os.environ[ENV] = "1"

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                scenes = data.pop(MIME, None)  # never exported as data
                if WIDGET_VIEW in data and "text/html" in data:
                    del data[WIDGET_VIEW]
                if self.replays and scenes is not None:
                    data["text/html"] = _replay_frame(scenes)
        nb.metadata.pop("widgets", None)
        return nb, resources


def _replay_frame(scenes: Any) -> str:
    from cardwidgets.replay import Replay

    return Replay(scenes).iframe()
