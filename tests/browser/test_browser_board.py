"""The classroom board in JupyterLab: the newest move stays visible in the log, the
end of a deal pauses on a summary, the large size at 1024×768 (cards 90 px tall times the scale the
stage is fitted with, nothing overlapping), and German. Each test saves named screenshots for people to look at."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from .harness import (
    Server,
    kernel_exec,
    open_in_jupyter,
    screenshot,
    wait_for_widget,
    write_notebook,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = '.cw-root[data-game="tablic"]'
SETUP = """
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent
w = TablicWidget(seed=3, opponent=RandomOpponent(3), {options})
w
""".strip()


def open_board(page: Any, server: Server, root: Path, name: str, options: str = "") -> None:
    write_notebook(root, f"{name}.ipynb", [SETUP.format(options=options)])
    open_in_jupyter(page, server, f"{name}.ipynb", workspace=name)
    wait_for_widget(page, ROOT)


def wait_version(page: Any, version: int) -> None:
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) >= v",
        arg=[ROOT, version],
        timeout=20_000,
    )


def play_in_kernel(page: Any, code: str) -> int:
    """Run ``code`` (which may use ``w``) in the kernel; returns the scene version after it,
    once the page shows it settled: the computer's last reply plays out as frames first,
    and the log lists a move only when its frame has landed."""
    out = kernel_exec(page, code + "\nprint(w.version)")
    version = int(out.strip().splitlines()[-1])
    wait_version(page, version)
    page.wait_for_function(
        "(root) => !document.querySelector(root).dataset.playing", arg=ROOT, timeout=20_000
    )
    return version


JS_LAST_LOG_VISIBLE = """(root) => {
  const log = document.querySelector(root + ' .cw-log');
  const items = log.querySelectorAll('li');
  const last = items[items.length - 1].getBoundingClientRect();
  const box = log.getBoundingClientRect();
  return {items: items.length, visible: last.bottom <= box.bottom + 1 && last.top >= box.top - 1,
          text: items[items.length - 1].textContent};
}"""


def test_the_newest_move_stays_visible_and_a_deal_ends_on_a_summary(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_board(page, lab_server, browser_dirs["jupyter"], "board_log")
    play_in_kernel(page, "for _ in range(12):\n    w.play(w.state.legal_moves()[0])")
    seen = page.evaluate(JS_LAST_LOG_VISIBLE, ROOT)
    last = kernel_exec(page, "print(w.moves_log[-1])").strip()
    assert seen["items"] >= 12 and seen["visible"], seen
    assert seen["text"] == last
    screenshot(page, "board_log_after_a_dozen_moves_light")

    play_in_kernel(page, "while not w.paused:\n    w.play(w.state.legal_moves()[0])")
    summary = page.locator(f"{ROOT} .cw-summary")
    summary.wait_for(state="visible")
    assert "Deal 1 is over" in summary.inner_text()
    screenshot(page, "board_deal_summary_light")
    before = int(page.locator(ROOT).get_attribute("data-version"))
    page.locator(f'{ROOT} button[data-action="continue"]').click()
    wait_version(page, before + 1)
    assert page.locator(f"{ROOT} .cw-summary").count() == 0
    assert kernel_exec(page, "print(w.paused)").strip() == "False"


JS_CARD_BOXES = """(root) => Array.from(document.querySelectorAll(root + ' [data-zone="hand"] .cw-card'))
  .map((c) => { const r = c.getBoundingClientRect(); return [r.left, r.top, r.width, r.height]; })"""


def test_the_large_board_at_1024x768_in_german(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    open_board(
        page, lab_server, browser_dirs["jupyter"], "board_large", "size='large', locale='de'"
    )
    root = page.locator(ROOT)
    assert root.get_attribute("lang") == "de"
    assert "Du bist dran" in root.locator(".cw-banner").inner_text()
    assert root.locator(".cw-status").inner_text().startswith("Wähle eine Karte")
    boxes = page.evaluate(JS_CARD_BOXES, ROOT)
    assert len(boxes) == 6
    # Large cards are 90 px tall, times the scale the stage is fitted with to stay inside the
    # notebook's visible area with the file browser open (js/fit.ts: --cw-fit on the root,
    # never below its floor of 0.62): about 0.7 here, so every button is in view as well.
    fit = root.evaluate("(el) => parseFloat(el.style.getPropertyValue('--cw-fit') || '1')")
    assert 0.62 <= fit <= 1, fit
    assert all(height >= 90 * fit - 1 for _x, _y, _w, height in boxes), (fit, boxes)
    for (x1, _y1, w1, _h1), (x2, _y2, _w2, _h2) in itertools.pairwise(boxes):
        assert x2 >= x1 + w1 - 1, boxes  # a row of hand cards that do not overlap
    page.locator(f'{ROOT} [data-zone="hand"] .cw-card').first.scroll_into_view_if_needed()
    screenshot(page, "board_large_1024x768_german")
