"""The documented offline export (cardwidgets.export.StaticPictures): an executed tutorial as HTML
shows every position in Chromium with the network blocked (pictures everywhere)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest

from .harness import REPO

pytestmark = pytest.mark.browser

CELLS = [
    "from cardwidgets import tablic\nfrom cardwidgets.widgets import TablicWidget",
    "TablicWidget(seed=1)",
    "TablicWidget(seed=1, locale='de', size='large')",
    "tablic.new_game(seed=2)",
]


def export(tmp_path: Path) -> Path:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in CELLS])
    source = tmp_path / "lesson.ipynb"
    nbformat.write(notebook, source)
    command = [
        sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute",
        "--HTMLExporter.preprocessors=cardwidgets.export.StaticPictures", str(source),
    ]  # fmt: skip
    subprocess.run(command, check=True, cwd=REPO, capture_output=True, timeout=300)
    return tmp_path / "lesson.html"


def test_an_exported_tutorial_shows_every_position_offline(page: Any, tmp_path: Path) -> None:
    html = export(tmp_path)
    text = html.read_text(encoding="utf-8")
    assert "application/vnd.jupyter.widget-view+json" not in text
    blocked: list[str] = []

    def only_local(route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    page.goto(html.as_uri())
    pictures = page.locator(".cw-root")
    assert pictures.count() == 3  # two widgets and one engine state
    for index in range(3):
        picture = pictures.nth(index)
        picture.scroll_into_view_if_needed()
        assert picture.locator("[data-card]").count() >= 10
        box = picture.locator('[data-zone="hand"] [data-card]').first.bounding_box()
        assert box is not None and box["height"] >= 40
    assert pictures.nth(1).get_attribute("lang") == "de"
