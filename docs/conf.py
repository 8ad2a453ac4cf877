"""Sphinx configuration of the documentation site (built by ``bash scripts/docs.sh``).

The source folder is the repository itself, so that the guides (``docs/``), the rules
(``docs/rules/``) and the tutorials (``notebooks/*.ipynb``, every one, by glob) keep the relative
links that also work on GitHub and in JupyterLab. Everything else in the repository is excluded.

Offline by design: no intersphinx, no CDN scripts (``nb_ipywidgets_js`` is empty), no MathJax
from the web. Widget outputs show the static picture that every cardwidgets widget puts into
its mimebundle as ``text/html``: the live widget view needs a kernel, which a static page lacks.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
REPO = DOCS.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(DOCS / "_ext"))  # file_search: search snippets from file://

import cardwidgets  # noqa: E402

project = "cardwidgets"
author = "cardwidgets developers"
copyright = "2026, cardwidgets developers"
release = version = cardwidgets.__version__

root_doc = "docs/index"
# Only the guides, the rules and the tutorials are pages; prune every other top-level folder
# (.venv and node_modules would otherwise be walked).
_KEEP = {"docs", "notebooks"}
_OTHER_FOLDERS = sorted(p.name for p in REPO.iterdir() if p.is_dir() and p.name not in _KEEP)
exclude_patterns = [
    *_OTHER_FOLDERS,
    "README.md",
    "docs/_*",
    "docs/conf.py",
    "**/.ipynb_checkpoints",
]
include_patterns = ["docs/**", "notebooks/*.ipynb"]
html_extra_path = ["_root"]  # index.html at the top of the site: a redirect to docs/index.html

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.viewcode",
    "file_search",
]

# -- MyST and notebooks ------------------------------------------------------------------------
myst_heading_anchors = 3  # "### T-D9" is reachable as rules/tablic.md#t-d9, as on GitHub
myst_enable_extensions = ["colon_fence"]
nb_execution_mode = os.environ.get("CARDWIDGETS_DOCS_EXECUTE", "force")  # run every tutorial
nb_execution_timeout = 600
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True
# Prefer the static picture (text/html) to the widget view, which would render blank without a
# kernel; and load no widget JavaScript (the default fetches require.js and the widget manager
# from CDNs).
nb_mime_priority_overrides = [
    ("*", "application/vnd.jupyter.widget-view+json", None),
    ("*", "application/vnd.jupyter.widget-state+json", None),
]
nb_ipywidgets_js: dict[str, dict[str, str]] = {}

# -- API reference -----------------------------------------------------------------------------
# One page per public face (docs/reference/*.md): ``automodule`` documents the names in the
# face's ``__all__``, re-exported ones included, so each public name appears once and the
# internal modules behind the faces get no pages.
autodoc_default_options = {"members": True, "show-inheritance": True}
autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_typehints_format = "short"
# Each game package re-exports its names (``tablic.State`` is ``tablic.state.State``) and the three
# games share module and class names (``rules``, ``State``): a short reference then matches more
# than one documented object and Sphinx picks the first. Those links are kept; the warning goes.
suppress_warnings = ["ref.python"]
autodoc_preserve_defaults = True

# -- HTML --------------------------------------------------------------------------------------
html_theme = "furo"
html_title = f"cardwidgets {release}"
html_static_path = ["_static"]
# "Try it live" (docs/live.md): a button that loads the classroom site's console on demand.
html_js_files = [("live.js", {"defer": "defer"})]
html_css_files = ["live.css"]
html_copy_source = False
html_show_sourcelink = False
# MathJax (a CDN script) is only added to pages with maths; none has any, and the offline test
# checks that no page loads anything from the network.


# -- no widget state in the pages ----------------------------------------------------------------
# myst-nb embeds the executed notebook's widget state (every model's synced data) as an inert
# JSON script for a widget manager this site does not load. Drop it: the pictures are the
# text/html outputs, and the state would also carry widgets whose output a notebook hides.
_WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def _drop_widget_state(
    app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any
) -> None:
    scripts = context.get("script_files")
    if scripts:
        context["script_files"] = [
            js for js in scripts if getattr(js, "attributes", {}).get("type") != _WIDGET_STATE
        ]


def _lesson_pages(app: Any, exception: Exception | None) -> None:
    """Each example lesson as a playable page (English, German, Croatian) and a worksheet,
    written into the site beside the lessons guide, which links them (``docs/lesson-pages/``)."""
    if exception is not None or app.builder.format != "html":
        return
    write_lesson_pages(Path(app.outdir) / "docs" / "lesson-pages")


def write_lesson_pages(folder: Path) -> list[Path]:
    """Write every example lesson's pages into ``folder``; the paths written."""
    from cardwidgets import lessons

    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name in lessons.examples():
        lesson = lessons.load(name)
        written.append(lesson.save_html(folder / f"{name}.html", locale="en"))
        written.append(lesson.save_html(folder / f"{name}.de.html", locale="de"))
        written.append(lesson.save_html(folder / f"{name}.hr.html", locale="hr"))
        sheet = folder / f"{name}.worksheet.html"
        sheet.write_text(lesson.worksheet_html(locale="en"), encoding="utf-8")
        written.append(sheet)
    return written


def setup(app: Any) -> dict[str, Any]:
    app.connect("html-page-context", _drop_widget_state, priority=900)
    app.connect("build-finished", _lesson_pages)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
