"""The Panjpar widget in JupyterLab: a battle played by clicks and by keyboard.

The position (``PANJPAR``): the computer attacked with 5♣; trumps are ♦. The learner kills it
with 7♣ (7♣ and the trump 2♦ light up as killers, P-S12), so the learner attacks next (P-S14)
with Q♠ Q♥ 4♣ (a pair plus one, P-D3); the greedy computer picks the attack up. The page is
driven only through the contract's DOM hooks (``.cw-root[data-version]``, ``[data-zone]``,
``.cw-card[data-card]`` with ``data-highlight``/``data-slot``/``aria-pressed``,
``button[data-action]``); the kernel is asked what happened. Screenshots: light, dark, German.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from . import widget_page
from .harness import Server, dark_lab, kernel_exec, open_lab_notebook, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = '.cw-root[data-game="panjpar"]'
PANJPAR = """
from cardwidgets import panjpar
from cardwidgets.widgets import PanjparWidget

# The computer (seat 1) attacked with 5♣; 7♣ or the trump 2♦ kill it; Q♠ Q♥ 4♣ attack next.
position = panjpar.State.from_position(
    hands=["7♣ Q♠ Q♥ 2♦ 4♣", "2♣ 3♣ 4♥ 8♠"], stock="J♥ 10♠ 6♥ 4♠ 6♦", trump="♦",
    attacker=1, attack="5♣",
)
w = PanjparWidget(state=position, opponent="greedy", locale=LOCALE)
""".strip()
REPORT = (
    "import json; print(json.dumps({'moves': [str(m) for m in w.state.history], "
    "'status': w.scene['status']}, ensure_ascii=False))"
)
BATTLE = ["kill 5♣ with 7♣", "attack Q♠ Q♥ 4♣", "pick up 4♣ Q♠ Q♥"]


def cells(locale: str = "en") -> list[str]:
    return [PANJPAR.replace("LOCALE", repr(locale)), "w"]


def open_lab(page: Any, server: Server, root: Path, name: str, locale: str = "en") -> None:
    open_lab_notebook(page, server, root, name, cells(locale), ROOT)
    card(page, "battle", "5♣").wait_for(state="visible", timeout=30_000)


def card(page: Any, zone: str, name: str) -> Any:
    return page.locator(f'{ROOT} [data-zone="{zone}"] .cw-card[data-card="{name}"]')


def button(page: Any, action: str) -> Any:
    return page.locator(f'{ROOT} button[data-action="{action}"]')


def version(page: Any) -> int:
    return widget_page.version(page, ROOT)


def wait_newer(page: Any, before: int, timeout: float = 20.0) -> None:
    widget_page.wait_version_after(page, ROOT, before, timeout)


def marks(page: Any, zone: str) -> dict[str, tuple[str | None, str | None]]:
    """Each card of ``zone``: ``(data-highlight, data-slot)``."""
    rows = page.locator(f'{ROOT} [data-zone="{zone}"] .cw-card').evaluate_all(
        "(nodes) => nodes.map((n) => [n.dataset.card, n.dataset.highlight || null,"
        " n.dataset.slot ?? null])"
    )
    return {name: (highlight, slot) for name, highlight, slot in rows}


def assert_kill_drawn(page: Any) -> None:
    """7♣ lies on 5♣ in the battle (one slot), and is greyed in the hand with its note."""
    battle = page.locator(f'{ROOT} [data-zone="battle"] .cw-card').evaluate_all(
        "(nodes) => nodes.map((n) => [n.dataset.card, n.dataset.slot])"
    )
    assert sorted(battle) == [["5♣", "0"], ["7♣", "0"]], battle
    assert marks(page, "hand")["7♣"][0] == "muted"
    assert button(page, "defend").is_enabled()


def assert_battle_in_kernel(page: Any) -> None:
    data = json.loads(kernel_exec(page, REPORT))
    assert data["moves"] == BATTLE, data


def assert_table_hides_the_stock_count(page: Any) -> None:
    stock = page.locator(f'{ROOT} [data-zone="stock"]')
    kinds = stock.locator(".cw-card").evaluate_all("(nodes) => nodes.map((n) => n.dataset.kind)")
    assert kinds == ["back", "french"], kinds  # one back for the stock, the trump card 6♦
    assert not any(ch.isdigit() for ch in stock.inner_text().replace("6", "")), stock.inner_text()


def click_and_wait(page: Any, target: Any) -> None:
    before = version(page)
    target.click()
    wait_newer(page, before)


def test_panjpar_battle_by_clicks_in_jupyterlab(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab(page, lab_server, browser_dirs["jupyter"], "panjpar_clicks")
    assert_table_hides_the_stock_count(page)
    click_and_wait(page, card(page, "battle", "5♣"))
    hand = marks(page, "hand")
    assert {c for c, (h, _) in hand.items() if h == "beats"} == {"7♣", "2♦"}, hand
    click_and_wait(page, card(page, "hand", "7♣"))
    assert_kill_drawn(page)
    screenshot(page, "panjpar_kill_light")
    click_and_wait(page, button(page, "defend"))
    for name in ("Q♠", "Q♥"):
        click_and_wait(page, card(page, "hand", name))
    assert marks(page, "hand")["4♣"][0] == "playable"  # completes a pair plus one
    click_and_wait(page, card(page, "hand", "4♣"))
    assert button(page, "attack").is_enabled()
    button(page, "attack").click()
    card(page, "hand", "Q♠").wait_for(state="detached", timeout=20_000)
    assert_battle_in_kernel(page)


def press_until(page: Any, target: str, limit: int = 40) -> None:
    widget_page.press_until(page, ROOT, "ArrowRight", target, limit)


def enter(page: Any, target: str) -> None:
    press_until(page, target)
    before = version(page)
    page.keyboard.press("Enter")
    wait_newer(page, before)


def test_panjpar_battle_by_keyboard_in_jupyterlab(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab(page, lab_server, browser_dirs["jupyter"], "panjpar_keyboard")
    widget_page.tab_into(page, ROOT)
    enter(page, "card:5♣")  # aim at the attack card
    enter(page, "card:7♣")  # kill it
    assert_kill_drawn(page)
    before = version(page)
    page.keyboard.press("Escape")  # Escape takes the kill back
    wait_newer(page, before)
    assert marks(page, "hand")["7♣"][0] != "muted"
    enter(page, "card:7♣")  # a single attack card needs no aiming
    assert_kill_drawn(page)
    enter(page, "action:defend")
    for name in ("Q♠", "Q♥", "4♣"):
        enter(page, f"card:{name}")
    press_until(page, "action:attack")
    page.keyboard.press("Enter")
    card(page, "hand", "Q♠").wait_for(state="detached", timeout=20_000)
    assert_battle_in_kernel(page)


def test_panjpar_dark_theme_and_german_in_jupyterlab(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab(page, lab_server, browser_dirs["jupyter"], "panjpar_german", locale="de")
    click_and_wait(page, card(page, "battle", "5♣"))
    assert button(page, "pickup").inner_text().strip() == "Alle aufnehmen"
    status = json.loads(kernel_exec(page, REPORT))["status"]
    assert status.startswith("5♣: klicke eine Karte an, die sie schlägt"), status
    screenshot(page, "panjpar_german_light")
    with dark_lab(page):
        screenshot(page, "panjpar_german_dark")
