"""The classroom board in Notebook 7, Voila and marimo (JupyterLab has its own tests in
test_browser_board.py): the newest of a dozen moves is visible in the log, a deal's end shows its
summary, the large German board at 1024×768 has cards at least 90 px tall (times the scale the stage
was fitted with, never under 75 px) that do not overlap, and
a card can be chosen and put back with the keyboard alone (Enter, Escape)."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import pytest

from .apps import BOARD_CELLS
from .harness import (
    Server,
    open_in_jupyter,
    open_in_marimo,
    open_in_voila,
    screenshot,
    wait_for_widget,
    write_notebook,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = '.cw-root[data-game="tablic"]'

LAST_LOG_VISIBLE = """(log) => {
  const items = log.querySelectorAll('li');
  const last = items[items.length - 1].getBoundingClientRect();
  const box = log.getBoundingClientRect();
  return {items: items.length, visible: last.bottom <= box.bottom + 1 && last.top >= box.top - 1};
}"""


def open_boards(page: Any, front_end: str, request: pytest.FixtureRequest, root: Path) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    if front_end == "marimo":
        server: Server = request.getfixturevalue("marimo")
        open_in_marimo(page, server, "boards_app.py")
    else:
        name = write_notebook(root, f"boards_{front_end}.ipynb", BOARD_CELLS)
        if front_end == "voila":
            open_in_voila(page, request.getfixturevalue("voila"), name)
        else:
            open_in_jupyter(page, request.getfixturevalue("notebook_server"), name, "boards")
    wait_for_widget(page, f'{ROOT}[data-size="large"]')


def check_log(board: Any) -> None:
    seen = board.locator(".cw-log").evaluate(LAST_LOG_VISIBLE)
    assert seen["items"] == 12 and seen["visible"], seen


def check_large(board: Any) -> None:
    assert board.get_attribute("lang") == "de"
    boxes = board.locator('[data-zone="hand"] .cw-card').evaluate_all(
        "(cards) => cards.map((c) => { const r = c.getBoundingClientRect();"
        " return [r.left, r.width, r.height]; })"
    )
    # Large cards are 90 px tall at 1024x768 unless the stage was scaled to fit what the front
    # end shows (js/fit.ts sets --cw-fit below 1 on the root; marimo's visible area is shorter
    # than Notebook 7's): then 90 px times that scale, and never under 75 px.
    fit = board.evaluate("(el) => parseFloat(el.style.getPropertyValue('--cw-fit') || '1')")
    least = max(75.0, 90 * fit - 1)
    assert len(boxes) == 6 and all(height >= least for _x, _w, height in boxes), (fit, boxes)
    for (x1, w1, _h1), (x2, _w2, _h2) in itertools.pairwise(boxes):
        assert x2 >= x1 + w1 - 1, boxes


def check_keyboard(board: Any) -> None:
    card = board.locator('[data-zone="hand"] .cw-card[data-selectable="true"]').first
    name = card.get_attribute("data-card")
    card.focus()
    card.press("Enter")
    chosen = board.locator(f'[data-zone="hand"] .cw-card[data-card="{name}"][aria-pressed="true"]')
    chosen.wait_for(timeout=20_000)
    chosen.press("Escape")
    board.locator(
        f'[data-zone="hand"] .cw-card[data-card="{name}"][aria-pressed="false"]'
    ).wait_for(timeout=20_000)


@pytest.mark.parametrize("front_end", ["notebook", "voila", "marimo"])
def test_the_classroom_board_in_every_front_end(
    page: Any, front_end: str, request: pytest.FixtureRequest, browser_dirs: dict[str, Path]
) -> None:
    open_boards(page, front_end, request, browser_dirs["jupyter"])
    boards = page.locator(ROOT)
    played, paused, large = boards.nth(0), boards.nth(1), boards.nth(2)
    played.scroll_into_view_if_needed()
    check_log(played)
    paused.scroll_into_view_if_needed()
    summary = paused.locator(".cw-summary")
    assert "Deal 1 is over" in summary.inner_text()
    screenshot(page, f"boards_{front_end}_summary")
    large.locator('[data-zone="hand"]').scroll_into_view_if_needed()
    check_large(large)
    screenshot(page, f"boards_{front_end}_large_german")
    check_keyboard(large)
