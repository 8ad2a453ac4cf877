"""The offline classroom site (JupyterLite + Pyodide) in Chromium with the network cut off.

``scripts/lite.sh`` builds ``build/lite/`` (``scripts/test.sh`` does so before pytest). The test
serves the folder like any static file server would and gives a lesson in it: Run All
on every tutorial (01-04) in a fresh kernel, each to its last cell without an error; then, by
clicks, a whole Tablić deal, Panjpar attacks and defences, and a Pazaak set, each click checked
to take effect (the board's version grows: widgets in JupyterLite used to go dead after a few
interactions). Chromium here resolves no host but 127.0.0.1, and every request for another
origin is recorded and aborted: the site must not even try.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from typing import Any

import pytest

from .harness import JS_KERNEL_EXEC, JS_KERNEL_IDLE, REPO, SCREENSHOTS
from .static_site import build, offline_chromium, serve, watch_requests

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SITE = REPO / "build" / "lite"


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
    # Everything the kernel and the tutorials import is preloaded with Pyodide (start-up).
    preload = set(kernel_settings["loadPyodideOptions"]["packages"])
    assert {"cardwidgets", "anywidget", "ipywidgets", "ipykernel", "pyodide-kernel"} <= preload
    assert preload <= set(lock["packages"])
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
    # The site carries exactly the tutorials it runs to the end (LESSON); the README would say
    # which one is left out and why, in both languages (scripts/build_lite.py LEFT_OUT).
    shipped = {p.name for p in (SITE / "files" / "notebooks").glob("*.ipynb")}
    assert shipped == set(LESSON)
    readme = (SITE / "files" / "README.md").read_text(encoding="utf-8")
    for notebook in sorted((REPO / "notebooks").glob("*.ipynb")):
        if notebook.name not in LESSON:
            assert f"Not here: {notebook.stem} needs numpy" in readme
            assert f"Nicht hier: {notebook.stem} braucht numpy" in readme
    # Opened with a double click, index.html says how to serve the site (not a blank page).
    assert 'location.protocol === "file:"' in (SITE / "index.html").read_text()
    # The tutorials' rules links open rendered Markdown, with the anchors they name.
    overrides = config["settingsOverrides"]["@jupyterlab/docmanager-extension:plugin"]
    assert overrides["defaultViewers"]["markdown"] == "Markdown Preview"
    tracker = config["settingsOverrides"]["@jupyterlab/notebook-extension:tracker"]
    assert tracker["windowingMode"] == "none"  # every board stays in the page
    rules = (SITE / "files" / "docs" / "rules" / "tablic.md").read_text()
    assert '<a id="seed-rules"></a>\n## Seed rules' in rules
    assert '<a id="t-d9"></a>\n### T-D9' in rules


# Every tutorial the classroom site runs to the end: all of them. 05-learning's agent and chart
# are plain Python (numpy, whose WebAssembly wheel no registry this project reaches carries, is
# only in its last, optional OpenSpiel cell, which says the extra is missing).
LESSON = (
    "01-tablic.ipynb",
    "02-panjpar.ipynb",
    "03-pazaak.ipynb",
    "04-rule-hypotheses.ipynb",
    "05-learning.ipynb",
    "06-tournament.ipynb",
)

# Run All has finished: the kernel is idle and every code cell has run, or a cell failed
# (Run All stops there). Returns null while running, else the failures' texts.
JS_RUN_ALL_DONE = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return null;
  const code = w.content.widgets.filter((c) => c.model.type === 'code');
  const errors = [];
  for (const c of code) {
    for (const o of c.model.outputs.toJSON()) {
      if (o.output_type === 'error') errors.push(o.ename + ': ' + o.evalue);
    }
  }
  if (errors.length) return errors;
  return code.every((c) => c.model.executionCount !== null) ? [] : null;
}"""


def open_and_run_all(page: Any, site: str, notebook: str) -> float:
    """Open ``notebook`` in a fresh kernel, Run All, wait for its end; return the seconds."""
    started = time.monotonic()
    page.goto(f"{site}/lab/index.html?path=notebooks/{notebook}", wait_until="load")
    page.wait_for_function(JS_KERNEL_IDLE, timeout=240_000, polling=500)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_timeout(1_000)  # the first cells are queued
    errors = page.wait_for_function(JS_RUN_ALL_DONE, timeout=300_000, polling=500).json_value()
    assert errors == [], f"{notebook}: {errors}"
    return time.monotonic() - started


class Board:
    """The last widget of one game in the notebook, driven by clicks; every click must take
    effect (the board's ``data-version`` grows), or the test fails with the click."""

    def __init__(self, page: Any, game: str, cell: str | None = None) -> None:
        """``cell``: text of the code cell that shows the widget (default: the notebook's last
        widget of ``game``; the site keeps every cell in the page: windowingMode none)."""
        self.page, self.game = page, game
        where = page.locator(".jp-CodeCell").filter(has_text=cell) if cell else page
        self.root = where.locator(f'.cw-root[data-game="{game}"]').last
        self.root.scroll_into_view_if_needed()
        self.clicks = 0

    def version(self) -> int:
        return int(self.root.get_attribute("data-version") or 0)

    def click(self, target: Any, what: str) -> None:
        before = self.version()
        target.click()
        try:
            self.page.wait_for_function(
                "([el, v]) => Number(el.dataset.version) > v",
                arg=[self.root.element_handle(), before],
                timeout=30_000,
                polling=50,
            )
        except Exception as error:
            raise AssertionError(
                f"{self.game}: click {self.clicks + 1} ({what}) did nothing"
            ) from error
        self.clicks += 1

    def button(self, action: str) -> Any:
        return self.root.locator(f'button[data-action="{action}"]')

    def enabled(self, action: str) -> bool:
        button = self.button(action)
        return button.count() > 0 and button.first.get_attribute("data-disabled") != "true"

    def cards(self, zone: str, extra: str = "") -> Any:
        return self.root.locator(f'[data-zone="{zone}"] .cw-card{extra}')

    def paused(self) -> bool:
        return self.root.get_attribute("data-paused") == "true"

    def settle(self) -> None:
        """Wait until the computer has moved: the kernel idle, its move played out (no
        ``data-playing``: the frames of a move played out last ``pace`` seconds a step) and the board
        not changing."""
        self.page.wait_for_function(JS_KERNEL_IDLE, timeout=60_000, polling=100)
        while True:
            before = self.version()
            self.page.wait_for_timeout(300)
            self.page.wait_for_function(JS_KERNEL_IDLE, timeout=60_000, polling=100)
            self.page.wait_for_function(
                "(el) => !el.dataset.playing",
                arg=self.root.element_handle(),
                timeout=30_000,
                polling=100,
            )
            if self.version() == before:
                return


def play_tablic_deal(page: Any) -> int:
    """The tutorial's deal against the computer, to its end: a hand card, then Play (the
    capture the widget suggests) or Trail."""
    # The deal's own widget: puzzles and the analysis switch follow it (section 6).
    board = Board(page, "tablic", cell="game = TablicWidget(seed=2025)")
    for _ in range(40):
        board.settle()
        if board.paused():
            break
        hand = board.cards("hand", '[data-selectable="true"]')
        assert hand.count() > 0, "tablic: no card to play and no summary"
        board.click(hand.first, "a hand card")
        options = board.root.locator("[data-option]")
        if not board.enabled("play") and options.count():
            board.click(options.first, "a capture")
        action = "play" if board.enabled("play") else "trail"  # nothing to take: lay it down
        board.click(board.button(action), action)
    else:
        raise AssertionError("tablic: the deal did not end")
    done = kernel(board.page, "print(len(game.state.deal_results))")
    assert int(done) >= 1, done
    return board.clicks


def kill_what_can_be_killed(board: Board) -> None:
    """Each attack card still alone in its slot: aim at it, then kill it with the first hand
    card that beats it (a card nothing beats stays aimed at and is picked up)."""
    tried: set[str] = set()
    for _ in range(6):
        battle = board.cards("battle").evaluate_all(
            "(nodes) => nodes.map((n) => [n.dataset.card, n.dataset.slot, n.dataset.selectable])"
        )
        per_slot = [slot for _, slot, _ in battle]
        alone = [c for c, slot, pick in battle if per_slot.count(slot) == 1 and pick == "true"]
        todo = [c for c in alone if c not in tried]
        if not todo:
            return
        tried.add(todo[0])
        board.click(board.cards("battle", f'[data-card="{todo[0]}"]'), f"aim at {todo[0]}")
        beats = board.cards("hand", '[data-highlight="beats"]')
        if beats.count():
            board.click(beats.first, f"kill {todo[0]}")


def play_panjpar_turns(page: Any, turns: int = 12) -> tuple[int, int, int]:
    """The tutorial's last game: attack with a single card, or defend (kill what a card beats,
    pick up the rest), ``turns`` times; returns (attacks, defences, clicks)."""
    board = Board(page, "panjpar")
    attacks = defences = 0
    for _ in range(turns):
        board.settle()
        if board.paused():
            break
        if board.button("pickup").count():
            kill_what_can_be_killed(board)
            action = "defend" if board.enabled("defend") else "pickup"
            board.click(board.button(action), action)
            defences += 1
        else:
            hand = board.cards("hand", '[data-selectable="true"]')
            assert hand.count() > 0, "panjpar: no card to attack with"
            board.click(hand.first, "a hand card")
            board.click(board.button("attack"), "attack")
            attacks += 1
    moves = kernel(page, "print(len(game.state.history))")
    assert int(moves) >= attacks + defences, moves
    return attacks, defences, board.clicks


def play_pazaak_set(page: Any) -> int:
    """The tutorial's last match, one set: stand from 17 on, else end the turn."""
    board = Board(page, "pazaak")
    for _ in range(30):
        board.settle()
        if board.paused():
            break
        total = board.root.locator('[data-zone="table"] [data-badge="total"]').inner_text()
        action = "stand" if int(total.strip() or 0) >= 17 else "end-turn"
        assert board.enabled(action), f"pazaak: {action} is not enabled"
        board.click(board.button(action), action)
    else:
        raise AssertionError("pazaak: the set did not end")
    sets = kernel(page, "print(sum(match.state.sets_won))")
    assert int(sets) >= 1, sets
    return board.clicks


@pytest.mark.timeout(1500)  # a lesson: about 6 min on a quiet machine, 12 on a busy one
def test_a_lesson_in_the_offline_site(site: str, chromium: Any) -> None:
    """Run All on every tutorial, then a whole Tablić deal, Panjpar attacks and defences and
    a Pazaak set by clicks, with every request for another machine blocked.

    Each tutorial in a fresh browser context, as a student opening it in a new browser would:
    in one context JupyterLab reopens the tutorials of the earlier pages beside it."""
    outside: list[str] = []
    report: list[str] = []
    with offline_chromium(chromium) as browser:
        for notebook in LESSON:
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            blocked = watch_requests(context, site)
            page = context.new_page()
            page.set_default_timeout(60_000)
            console: list[str] = []
            page.on("console", lambda msg, log=console: log.append(f"[{msg.type}] {msg.text}"))
            page.on("pageerror", lambda error, log=console: log.append(f"[pageerror] {error}"))
            try:
                report.append(lesson_part(page, site, notebook))
            except Exception:
                SCREENSHOTS.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"lite-{notebook[:2]}-failed.png"))
                print("\n".join(report))
                print("\n".join(console[-40:]))
                raise
            finally:
                context.close()
                outside += blocked
    print("classroom lesson: " + "; ".join(report))
    assert outside == [], outside


def lesson_part(page: Any, site: str, notebook: str) -> str:
    """Run All on ``notebook``, then play its game by clicks; what happened, in words."""
    done = [f"{notebook} Run All {open_and_run_all(page, site, notebook):.0f} s"]
    if notebook.startswith("01"):
        done.append(f"tablic deal: {play_tablic_deal(page)} clicks")
    elif notebook.startswith("02"):
        attacks, defences, clicks = play_panjpar_turns(page)
        assert attacks >= 2 and defences >= 2, (attacks, defences)
        done.append(f"panjpar: {attacks} attacks, {defences} defences, {clicks} clicks")
    elif notebook.startswith("03"):
        done.append(f"pazaak set: {play_pazaak_set(page)} clicks")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"lite-{notebook[:2]}-end.png"))
    return ", ".join(done)
