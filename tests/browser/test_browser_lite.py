"""The offline classroom site (JupyterLite + Pyodide) in Chromium with the network cut off.

``scripts/lite.sh`` builds ``build/lite/`` (``scripts/test.sh`` does so before pytest). The test
serves the folder like any static file server would, opens the Tablić tutorial, runs its first
cells in the browser's Python (the first one installs cardwidgets from the site's own wheels),
and plays one move in the widget by clicking: the capture the lesson prepared (8♦ takes 3♠ 5♥).
Chromium here resolves no host but 127.0.0.1, and every request for another origin is recorded
and aborted: the site must not even try (the default JupyterLite build loads Pyodide from a CDN).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import JS_KERNEL_EXEC, JS_KERNEL_IDLE, REPO, SCREENSHOTS
from .static_site import build, offline_chromium, serve, watch_requests

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SITE = REPO / "build" / "lite"
TUTORIAL = "01-tablic.ipynb"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
ROOT = '.cw-root[data-game="tablic"]'

# Run the notebook's cells from the top, one after the other, each to its end.
JS_RUN_FIRST_CELLS = """async (count) => {
  const app = window.jupyterapp;
  const panel = app.shell.currentWidget;
  panel.content.activeCellIndex = 0;
  for (let i = 0; i < count; i++) {
    await app.commands.execute('notebook:run-cell-and-select-next');
  }
  return panel.content.activeCellIndex;
}"""


def first_widget_cell(notebook: Path) -> int:
    """Index of the first cell whose saved output is a widget (in the repository's copy)."""
    cells = json.loads(notebook.read_text())["cells"]
    for index, cell in enumerate(cells):
        if any(WIDGET_VIEW in out.get("data", {}) for out in cell.get("outputs", [])):
            return index
    raise AssertionError(f"{notebook.name} shows no widget")


def kernel(page: Any, code: str, timeout: float = 120.0) -> str:
    out: str = page.evaluate(JS_KERNEL_EXEC, [code, int(timeout * 1000)])
    assert "KERNEL ERROR" not in out, out
    return out


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    build("lite.sh", SITE / "index.html")
    with serve(SITE) as url:
        yield url


def test_site_is_self_contained() -> None:
    build("lite.sh", SITE / "index.html")
    config = json.loads((SITE / "jupyter-lite.json").read_text())["jupyter-config-data"]
    kernel_settings = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel_settings["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    assert kernel_settings["disablePyPIFallback"] is True
    assert (SITE / "static" / "pyodide" / "pyodide.asm.wasm").is_file()
    # Every package of the rewritten lock is shipped, with the hash of the file shipped.
    lock = json.loads((SITE / "static" / "pyodide" / "pyodide-lock.json").read_text())
    assert {"micropip", "ipython", "jedi", "traitlets"} <= set(lock["packages"])
    for package in lock["packages"].values():
        assert (SITE / "static" / "pyodide" / package["file_name"]).is_file(), package
    wheels = {p.name.split("-")[0].lower() for p in (SITE / "pypi").glob("*.whl")}
    assert {"cardwidgets", "anywidget", "ipywidgets", "comm", "psygnal"} <= wheels
    extensions = {e["name"] for e in config["federated_extensions"]}
    assert extensions == {
        "@jupyterlite/pyodide-kernel-extension",
        "@jupyter-widgets/jupyterlab-manager",
        "anywidget",
    }
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        assert (SITE / "files" / "notebooks" / notebook.name).is_file(), notebook.name


def test_tutorial_runs_and_a_move_is_played_offline(site: str, chromium: Any) -> None:
    widget_cell = first_widget_cell(REPO / "notebooks" / TUTORIAL) + 1  # + the install cell
    with offline_chromium(chromium) as browser:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        outside = watch_requests(context, site)
        page = context.new_page()
        page.set_default_timeout(60_000)
        console: list[str] = []
        page.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
        page.on("pageerror", lambda error: console.append(f"[pageerror] {error}"))
        started = time.monotonic()
        try:
            page.goto(f"{site}/lab/index.html?path=notebooks/{TUTORIAL}", wait_until="load")
            page.wait_for_function(JS_KERNEL_IDLE, timeout=240_000, polling=500)
            booted = time.monotonic() - started
            page.evaluate(JS_RUN_FIRST_CELLS, widget_cell + 1)
            root = page.locator(ROOT).first
            root.wait_for(state="visible", timeout=120_000)
            hand_card = root.locator('[data-zone="hand"] .cw-card[data-card="8♦"]')
            assert hand_card.get_attribute("aria-pressed") == "true"  # the lesson selected it
            before = int(root.get_attribute("data-version") or 0)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=str(SCREENSHOTS / "lite-tablic-before.png"))

            root.locator('button[data-action="play"]').click()
            page.wait_for_function(
                "([sel, v]) => Number(document.querySelector(sel).dataset.version) > v",
                arg=[ROOT, before],
                timeout=60_000,
            )
            page.wait_for_function(JS_KERNEL_IDLE, timeout=60_000, polling=200)
            assert kernel(page, "print(lesson.moves_log[0])").strip() == (
                "You play 8♦ and capture 3♠ 5♥."
            )
            table = root.locator('[data-zone="table"] .cw-card').evaluate_all(
                "(nodes) => nodes.map((n) => n.dataset.card)"
            )
            assert "3♠" not in table and "5♥" not in table, table
            # The lab runs in the browser's one process (no process pool there).
            rows = kernel(
                page,
                "from cardwidgets import lab\nprint(len(lab.simulate('pazaak', games=3, seed=1).rows))",
            )
            assert rows.strip() == "3"
            page.screenshot(path=str(SCREENSHOTS / "lite-tablic-after.png"))
            print(
                f"classroom site: kernel ready in {booted:.0f} s, move played at "
                f"{time.monotonic() - started:.0f} s"
            )
        except Exception:
            print("\n".join(console[-40:]))
            raise
        finally:
            context.close()
        assert outside == [], outside
