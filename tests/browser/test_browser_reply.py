"""The computer's move, shown, in JupyterLab: after the learner's move the
page plays the computer's reply out before it settles. Tablić at the default pace (1 s): the
card the computer captures with (J♥) appears on the table, marked as just played, beside the
card it captures (J♠, marked as the capture's group 1), then both are gone to its pile. A click
on the board skips to the end: a click on the picture does nothing more, a click on a card
still on the settled board then acts on it (a quick learner loses no click); Escape skips too.
Panjpar: the computer's killer lies over the attack card it kills. Screenshots of the in-flight
frame, light, dark and German, go to ``test-artifacts/screenshots/reply_*``.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from .harness import SCREENSHOTS, Server, kernel_exec, open_in_jupyter, wait_for_widget
from .harness import write_notebook as write

pytestmark = [pytest.mark.browser, pytest.mark.timeout(180)]

TABLIC = '.cw-root[data-game="tablic"]'
PANJPAR = '.cw-root[data-game="panjpar"]'
TABLIC_CELL = """
from cardwidgets import panjpar, tablic
from cardwidgets.widgets import PanjparWidget, TablicWidget
w = TablicWidget(seed=1, theme="light")
w
""".strip()
PANJPAR_CELL = """
class Fixed:
    def __init__(self, move):
        self.move = move
    def choose(self, state):
        moves = state.legal_moves()
        return next((m for m in moves if str(m) == self.move), moves[0])

p = PanjparWidget(
    state=panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "8♥ 2♣ 3♣ 4♣ K♥"], stock="Q♥ J♦ 4♦ 10♣ 6♦", trump="♦",
        discard="J♠ 10♠", known=[(), "8♥"],
    ),
    opponent=Fixed("kill 7♥ with K♥"),
    theme="light",
)
p
""".strip()
# The learner's capture; the computer (greedy) answers J♥ x J♠.
REPLAY = 'w.state = tablic.new_game(seed=1)\nw.play("A♣ x 4♥ 7♦")'
IN_FLIGHT = (
    f'{TABLIC}[data-playing="true"] [data-zone="table"] [data-card="J♥"][data-highlight="last"]'
)
CAPTURED = f'{TABLIC}[data-playing="true"] [data-zone="table"] [data-card="J♠"]'


def table(page: Any, root: str = TABLIC) -> list[str]:
    found: list[str] = page.locator(f'{root} [data-zone="table"] .cw-card').evaluate_all(
        "(nodes) => nodes.map((n) => n.dataset.card)"
    )
    return found


def settled(page: Any, root: str = TABLIC, timeout: float = 10_000) -> None:
    page.wait_for_function(
        "(root) => !document.querySelector(root).dataset.playing", arg=root, timeout=timeout
    )


def shoot(page: Any, root: str, name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    page.locator(root).screenshot(path=str(path), timeout=15_000)
    return path


def test_the_computers_card_is_seen_on_the_table_before_it_is_taken(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    write(browser_dirs["jupyter"], "reply.ipynb", [TABLIC_CELL, PANJPAR_CELL])
    open_in_jupyter(page, lab_server, "reply.ipynb", workspace="reply")
    wait_for_widget(page, TABLIC)
    wait_for_widget(page, PANJPAR)

    # The default pace (1 s): the card in flight, marked, beside the card it captures.
    kernel_exec(page, 'w.play("A♣ x 4♥ 7♦")')
    page.wait_for_selector(IN_FLIGHT, timeout=5_000)
    assert page.locator(CAPTURED).get_attribute("data-highlight") == "group"
    assert "Computer plays J♥ and captures J♠." in page.locator(f"{TABLIC} .cw-banner").inner_text()
    live = page.locator(f"{TABLIC} .cw-announce").inner_text()
    assert live == "You play A♣ and capture 4♥ 7♦. Computer plays J♥ and captures J♠."
    began = time.monotonic()
    settled(page)
    assert time.monotonic() - began < 3  # about a second, then the position after it
    assert "J♥" not in table(page) and "J♠" not in table(page) and table(page) == ["2♦"]

    # A click on the board skips (w.pace = 30: only the skip ends it) and clicks nothing else.
    kernel_exec(page, f"w.pace = 30\n{REPLAY}")
    page.wait_for_selector(IN_FLIGHT, timeout=5_000)
    shoot(page, TABLIC, "reply_tablic_in_flight_light_en")
    page.locator(f'{TABLIC} [data-zone="table"] [data-card="J♠"]').click()
    settled(page, timeout=3_000)
    assert table(page) == ["2♦"]
    assert kernel_exec(page, "print(w.message)").strip().splitlines()[-1] == "None"

    # Dark, then German; Escape skips.
    kernel_exec(page, f'w.theme = "dark"\n{REPLAY}')
    page.wait_for_selector(IN_FLIGHT, timeout=5_000)
    shoot(page, TABLIC, "reply_tablic_in_flight_dark_en")
    page.locator(f'{TABLIC} [data-zone="table"] [data-card="J♥"]').press("Escape")
    settled(page, timeout=3_000)
    kernel_exec(page, f'w.theme = "light"\nw.locale = "de"\n{REPLAY}')
    page.wait_for_selector(IN_FLIGHT, timeout=5_000)
    assert "Computer spielt J♥ und nimmt J♠." in page.locator(f"{TABLIC} .cw-banner").inner_text()
    shoot(page, TABLIC, "reply_tablic_in_flight_light_de")
    # A click on a card of the learner's hand skips, then selects it on the settled board.
    page.locator(f'{TABLIC} [data-zone="hand"] [data-card="2♥"]').click()
    settled(page, timeout=3_000)
    page.wait_for_selector(
        f'{TABLIC} [data-zone="hand"] [data-card="2♥"][data-selected="true"]', timeout=5_000
    )

    # Panjpar: the computer's K♥ over the 7♥ it kills, before the battle is cleared away.
    kernel_exec(page, 'p.pace = 30\np.play("attack 7♥")')
    battle = f'{PANJPAR}[data-playing="true"] [data-zone="battle"]'
    page.wait_for_selector(f'{battle} [data-card="K♥"][data-highlight="beats"]', timeout=5_000)
    assert page.locator(f'{battle} [data-card="7♥"]').get_attribute("data-highlight") == "target"
    shoot(page, PANJPAR, "reply_panjpar_in_flight_light_en")
    page.locator(f"{PANJPAR} .cw-banner").click()
    settled(page, PANJPAR, timeout=3_000)
    assert "K♥" not in table(page, PANJPAR)
