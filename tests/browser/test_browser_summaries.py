"""Summaries that tell one moment in JupyterLab: while a summary shows, the
board in the page is the deal (Tablić) or set (Pazaak) that ended, though the engine has already
dealt the next one; after Continue the page shows the next deal or set. One notebook, two widgets.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .harness import Server, kernel_exec, open_lab_notebook, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

TABLIC = '.cw-root[data-game="tablic"]'
PAZAAK = '.cw-root[data-game="pazaak"]'
TABLIC_CELL = """
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent
w = TablicWidget(seed=3, opponent=RandomOpponent(3), pace=0)  # replies at once (frames: test_browser_reply)
w
""".strip()
PAZAAK_CELL = """
from cardwidgets import pazaak
from cardwidgets.widgets import PazaakWidget

class Ends:
    def choose(self, state):
        return "end"

z = PazaakWidget(
    state=pazaak.State.from_position(
        hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8, 5, 7, 9, 6], tables=([10, 5], [5]), seed=1
    ),
    opponent=Ends(),
    pace=0,  # replies at once (the frames: test_browser_reply.py)
)
z
""".strip()


def cards_in(page: Any, root: str, zone: str) -> list[str]:
    """The ``data-card`` ids of ``zone``'s cards in the page."""
    found: list[str] = page.locator(f'{root} [data-zone="{zone}"] .cw-card').evaluate_all(
        "(nodes) => nodes.map((n) => n.dataset.card)"
    )
    return found


def kernel_json(page: Any, expression: str) -> Any:
    """``expression`` evaluated in the kernel, as JSON."""
    out = kernel_exec(page, f"import json as _j\nprint(_j.dumps({expression}))")
    return json.loads(out.strip().splitlines()[-1])


def run_until(page: Any, root: str, code: str) -> None:
    """Run ``code`` in the kernel and wait for the page to draw the scene it leaves."""
    name = "w" if "tablic" in root else "z"
    version = int(kernel_exec(page, f"{code}\nprint({name}.version)").strip().splitlines()[-1])
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) >= v",
        arg=[root, version],
        timeout=20_000,
    )


def continue_in_page(page: Any, root: str) -> None:
    """Click Continue and wait for the summary to go."""
    page.locator(f'{root} button[data-action="continue"]').click()
    page.locator(f"{root} .cw-summary").wait_for(state="detached", timeout=20_000)


def test_a_summary_board_is_the_finished_deal_and_set_until_continue(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    cells = [TABLIC_CELL, PAZAAK_CELL]
    open_lab_notebook(page, lab_server, browser_dirs["jupyter"], "summaries", cells, TABLIC, PAZAAK)

    # Tablić: the board of deal 1's summary holds the cards left on the table, empty hands.
    run_until(
        page,
        TABLIC,
        "while not w.paused:\n    w.play(max(w.state.legal_moves(), key=lambda m: len(m.captured)))",
    )
    page.locator(f"{TABLIC} .cw-summary").wait_for(state="visible")
    leftovers = kernel_json(page, "[c.text for c in w.state.deal_results[-1].leftovers]")
    dealt = kernel_json(
        page, "[[c.text for c in w.state.table], [c.text for c in w.state.hands[0]]]"
    )
    assert cards_in(page, TABLIC, "table") == leftovers != dealt[0]
    assert cards_in(page, TABLIC, "hand") == []
    screenshot(page, "summary_tablic_finished_deal")
    continue_in_page(page, TABLIC)  # deal 2 (the computer may lead it)
    run_until(page, TABLIC, "w.paused")
    now = kernel_json(page, "[[c.text for c in w.state.table], [c.text for c in w.state.hands[0]]]")
    assert cards_in(page, TABLIC, "table") == now[0]
    assert cards_in(page, TABLIC, "hand") == now[1] and len(now[1]) == 6

    # Pazaak: the board of set 1's summary is the bust table 10 5 8 (23), not set 2's first draw.
    run_until(page, PAZAAK, "z.end_turn()")
    page.locator(f"{PAZAAK} .cw-summary").wait_for(state="visible")
    table = page.locator(f'{PAZAAK} [data-zone="table"]')
    assert table.locator(".cw-card").count() == 3
    assert table.locator('[data-badge="total"]').inner_text().strip() == "23"
    screenshot(page, "summary_pazaak_finished_set")
    continue_in_page(page, PAZAAK)
    run_until(page, PAZAAK, "z.paused")
    placed = kernel_json(page, "[len(p) for p in z.state.placed]")
    assert sum(placed) >= 1  # set 2's first draw
    assert table.locator(".cw-card").count() == placed[0]
    opponent = page.locator(f'{PAZAAK} [data-zone="opponent-table"] .cw-card')
    assert opponent.count() == placed[1]
