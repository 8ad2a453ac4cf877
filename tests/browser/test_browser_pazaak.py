"""The Pazaak widget in JupyterLab: a set played by clicks and by the keyboard, and
screenshots in the light theme, the dark theme and German.

The position (``PAZAAK``): the computer stands on 19 (10 + 9); the learner has 10 and draws the
8, so 18. By clicks: the ±2 card, its sign "+2", Play card: exactly 20 stands the learner
automatically (Z-D6) and 20 beats 19, so the set ends on its summary; Continue goes on. By the
keyboard: +1 and Stand: 19 against 19 is a tie, the set is replayed (Z-S16). The page relies only
on the renderer's DOM hooks (``.cw-root[data-version]``, ``[data-paused]``, ``[data-zone]``,
``.cw-card[data-card]`` with ``aria-pressed``, ``[data-option]``, ``[data-action]``,
``[data-badge]``, ``.cw-status``, ``.cw-summary-text``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from . import widget_page
from .harness import Server, dark_lab, kernel_exec, open_lab_notebook, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]

ROOT = '.cw-root[data-game="pazaak"]'

PAZAAK = """
from cardwidgets import pazaak
from cardwidgets.widgets import PazaakWidget

start = pazaak.State.from_position(
    hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"],
    deck=[8, 6, 5, 4],
    tables=([10], [10, 9]),
    standing=(False, True),
    seed=5,
)
w = PazaakWidget(state=start, locale={locale!r})
"""

KERNEL_REPORT = (
    "import json; print(json.dumps({'moves': [str(m) for m in w.state.history], "
    "'sets': list(w.state.sets_won), 'set': w.state.set_number}, ensure_ascii=False))"
)


# The computer (seat 1) has played its -1 this match: one side card face up, three backs.
PLAYED_SIDE_CARD = """
w.state = pazaak.State.from_position(
    hands=["+3 -4 ±2 +1", "-2 +5 ±6"],
    deck=[8, 6, 5, 4],
    tables=([10], [10, 9]),
    standing=(False, True),
    used=([], ["-1"]),
    seed=5,
)
"""


def cells(locale: str = "en") -> list[str]:
    return [PAZAAK.format(locale=locale), "w"]


def version(page: Any) -> int:
    return widget_page.version(page, ROOT)


def wait_version_after(page: Any, before: int, timeout: float = 20.0) -> int:
    return widget_page.wait_version_after(page, ROOT, before, timeout)


def card(page: Any, zone: str, card_id: str) -> Any:
    return page.locator(f'{ROOT} [data-zone="{zone}"] .cw-card[data-card="{card_id}"]')


def button(page: Any, action_id: str) -> Any:
    return page.locator(f'{ROOT} button[data-action="{action_id}"]')


def total(page: Any, zone: str) -> str:
    text: str = page.locator(f'{ROOT} [data-zone="{zone}"] [data-badge="total"]').inner_text()
    return text.strip()


def status(page: Any) -> str:
    text: str = page.locator(f"{ROOT} .cw-status").inner_text()
    return text


def shoot(page: Any, name: str, selector: str = ROOT) -> None:
    """A screenshot with the top of ``selector`` (the widget, or its summary) in view."""
    page.evaluate("(sel) => document.querySelector(sel).scrollIntoView({block: 'start'})", selector)
    page.wait_for_timeout(200)
    screenshot(page, name)


def clicked(page: Any, target: Any) -> None:
    before = version(page)
    target.click()
    wait_version_after(page, before)


def open_lab(page: Any, server: Server, root: Path, name: str, locale: str = "en") -> None:
    page.set_viewport_size({"width": 1280, "height": 1400})  # the whole board in a screenshot
    open_lab_notebook(page, server, root, name, cells(locale), ROOT)
    card(page, "hand", "±2").wait_for(state="visible", timeout=30_000)


def assert_board(page: Any) -> None:
    """The position as drawn: 3×3 grids, the totals, the opponent's flag, backs."""
    table = page.locator(f'{ROOT} [data-zone="table"]')
    assert table.get_attribute("data-layout") == "grid"
    assert table.locator("[data-place]").count() == 9
    assert total(page, "table") == "18" and total(page, "opponent-table") == "19"
    flag = page.locator(f'{ROOT} [data-zone="opponent-table"] [data-badge="flag"]')
    assert flag.count() == 1
    backs = page.locator(f'{ROOT} [data-zone="opponent-hand"] .cw-card[data-kind="back"]')
    assert backs.count() == 4
    assert page.locator(f'{ROOT} [data-zone="opponent-hand"] [data-card="±6"]').count() == 0


def test_pazaak_set_by_clicks_in_jupyterlab(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab(page, lab_server, browser_dirs["jupyter"], "pazaak_clicks")
    assert_board(page)
    assert json.loads(kernel_exec(page, KERNEL_REPORT))["moves"] == []

    clicked(page, card(page, "hand", "±2"))
    assert card(page, "hand", "±2").get_attribute("aria-pressed") == "true"
    options = page.locator(f"{ROOT} [data-option]")
    assert options.all_inner_texts() == ["±2 as +2 (total 20)", "±2 as -2 (total 16)"]
    assert button(page, "play").get_attribute("data-disabled") == "true"
    shoot(page, "pazaak_lab_light_sign_choice")
    clicked(page, page.locator(f'{ROOT} [data-option="0"]'))
    assert page.locator(f'{ROOT} [data-option="0"]').get_attribute("aria-pressed") == "true"
    clicked(page, button(page, "play"))

    # Exactly 20 stands automatically; 20 beats 19: the set ends on its summary.
    page.locator(f"{ROOT}[data-paused]").wait_for(timeout=20_000)
    summary = page.locator(f"{ROOT} .cw-summary-text").inner_text()
    assert "You win set 1, 20 to 19." in summary
    shoot(page, "pazaak_lab_light_set_summary", f"{ROOT} .cw-summary")
    report = json.loads(kernel_exec(page, KERNEL_REPORT))
    assert report["moves"] == ["play ±2 as +2"] and report["sets"] == [1, 0]

    clicked(page, button(page, "continue"))
    page.locator(f"{ROOT}:not([data-paused])").wait_for(timeout=20_000)
    report = json.loads(kernel_exec(page, KERNEL_REPORT))
    assert report["set"] == 2 and report["moves"][0] == "play ±2 as +2"
    hand = page.locator(f'{ROOT} [data-zone="hand"] .cw-card').evaluate_all(
        "(nodes) => nodes.map((n) => n.dataset.card)"
    )
    assert "±2" not in hand, hand  # played: gone for the whole match (Z-S5)


def press_until(page: Any, key: str, target: str, limit: int = 40) -> None:
    widget_page.press_until(page, ROOT, key, target, limit)


def enter(page: Any) -> None:
    before = version(page)
    page.keyboard.press("Enter")
    wait_version_after(page, before)


def test_pazaak_set_by_keyboard_in_jupyterlab(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab(page, lab_server, browser_dirs["jupyter"], "pazaak_keyboard")
    widget_page.tab_into(page, ROOT)

    # A ± card, then Escape: the selection is cancelled.
    press_until(page, "ArrowRight", "card:±2")
    enter(page)
    assert card(page, "hand", "±2").get_attribute("aria-pressed") == "true"
    before = version(page)
    page.keyboard.press("Escape")
    wait_version_after(page, before)
    assert card(page, "hand", "±2").get_attribute("aria-pressed") == "false"

    # +1 (19), Play card, Stand: 19 against 19 is a tie and the set is replayed.
    press_until(page, "ArrowRight", "card:+1")
    enter(page)
    press_until(page, "ArrowRight", "action:play")
    enter(page)
    assert total(page, "table") == "19"
    press_until(page, "ArrowRight", "action:stand")
    enter(page)
    page.locator(f"{ROOT}[data-paused]").wait_for(timeout=20_000)
    summary = page.locator(f"{ROOT} .cw-summary-text").inner_text()
    assert "Set 1 is a tie at 19: nobody scores, and the set is replayed." in summary
    press_until(page, "ArrowRight", "action:continue")
    enter(page)
    page.locator(f"{ROOT}:not([data-paused])").wait_for(timeout=20_000)
    report = json.loads(kernel_exec(page, KERNEL_REPORT))
    assert report["moves"][:2] == ["play +1", "stand"], report
    assert report["sets"] == [0, 0] and report["set"] == 2, report


def test_pazaak_dark_theme_in_jupyterlab(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab(page, lab_server, browser_dirs["jupyter"], "pazaak_dark")
    assert page.locator(ROOT).get_attribute("data-theme") == "light"
    with dark_lab(page):
        clicked(page, card(page, "hand", "±2"))
        page.wait_for_timeout(300)  # let CSS transitions, if any, settle
        shoot(page, "pazaak_lab_dark")
        assert_board(page)
    # A side card the computer played is shown face up beside its three backs: the hand is not
    # revealed, so it keeps the backs' small size and one row (at the learner's size the four
    # cards wrapped and the board grew by a row).
    kernel_exec(page, PLAYED_SIDE_CARD)
    page.locator(f'{ROOT} [data-zone="opponent-hand"] .cw-card[data-kind="side"]').wait_for(
        timeout=20_000
    )
    boxes = page.locator(f'{ROOT} [data-zone="opponent-hand"] .cw-card').evaluate_all(
        "(cards) => cards.map((c) => { const r = c.querySelector('svg.cw-face').getBoundingClientRect();"
        " return [c.dataset.kind, Math.round(r.top), Math.round(r.width)]; })"
    )
    assert [kind for kind, _, _ in boxes].count("back") == 3, boxes
    assert len({top for _, top, _ in boxes}) == 1, boxes  # one row
    assert len({width for _, _, width in boxes}) == 1, boxes  # the played card as small
    mine = page.locator(f'{ROOT} [data-zone="hand"] svg.cw-face').first.bounding_box()
    assert boxes[0][2] < 0.8 * mine["width"], (boxes, mine)


def test_pazaak_german_in_jupyterlab(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab(page, lab_server, browser_dirs["jupyter"], "pazaak_german", locale="de")
    assert status(page) == "Deine Summe: 18 (Computer hält bei 19)"
    assert button(page, "stand").inner_text().strip() == "Halten"
    assert button(page, "end-turn").inner_text().strip() == "Zug beenden"
    clicked(page, card(page, "hand", "±2"))
    options = page.locator(f"{ROOT} [data-option]").all_inner_texts()
    assert options == ["±2 als +2 (Summe 20)", "±2 als -2 (Summe 16)"]
    info = page.locator(f'{ROOT} [data-zone="table"]').inner_text()
    assert "Wenn du weiterziehst" in info, info
    shoot(page, "pazaak_lab_german")
