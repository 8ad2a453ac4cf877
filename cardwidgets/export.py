"""Export a notebook to HTML that shows every position offline.

A widget's output holds two pictures: the live view (``application/vnd.jupyter.widget-view+json``,
drawn by JavaScript that nbconvert's HTML loads from a CDN, so it is blank offline) and the static
picture (``text/html``: inline SVG cards, no script). :class:`StaticPictures` keeps only the
static one and drops the saved widget state, so the exported page needs no network::

    jupyter nbconvert --to html --execute \\
        --HTMLExporter.preprocessors=cardwidgets.export.StaticPictures notebooks/01-tablic.ipynb

(``--execute`` runs first; this preprocessor runs after it.) Importing this module imports
nbconvert, which JupyterLab and Notebook bring along.

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

from typing import Any

from nbconvert.preprocessors import Preprocessor

__all__ = ["StaticPictures"]

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


class StaticPictures(Preprocessor):
    """Keep a widget output's static picture, drop its live view and the saved widget state."""

    def preprocess(self, nb: Any, resources: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
        for cell in nb.cells:
            for output in cell.get("outputs", []):
                data = output.get("data", {})
                if WIDGET_VIEW in data and "text/html" in data:
                    del data[WIDGET_VIEW]
        nb.metadata.pop("widgets", None)
        return nb, resources
