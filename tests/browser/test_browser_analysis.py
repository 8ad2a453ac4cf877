"""The analysis switch and a puzzle in JupyterLab: the Analysis button turns the
switch on in the page, the values arrive from the kernel's worker thread and are drawn on the
hand cards and the options; a puzzle is solved by clicks (hand card, Capture) and scored.
Screenshots (light, dark, German) go to ``test-artifacts/screenshots/analysis_*``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .harness import Server, dark_lab, kernel_exec, open_lab_notebook, screenshot

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

GAME = '.cw-root[data-game="tablic"][data-four-color="false"]'
PUZZLE = '.cw-root[data-game="tablic"][data-four-color="true"]'
GAME_CELL = """
from cardwidgets.widgets import TablicWidget
w = TablicWidget(seed=1)
w
""".strip()
PUZZLE_CELL = """
from cardwidgets import tablic
from cardwidgets.analysis import Puzzle
from cardwidgets.widgets import puzzle_widget
start = tablic.State.from_position(
    table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1)
p = puzzle_widget("tablic", four_color=True, puzzles=[
    Puzzle("tablic", start.to_record(), 0, 0, start.code(0), "exact", "8♣ x 3♠ 5♥", "10♦", 6.0, -6.0)])
p
""".strip()


def kernel_json(page: Any, expression: str) -> Any:
    """``expression`` evaluated in the kernel, as JSON."""
    out = kernel_exec(page, f"import json as _j\nprint(_j.dumps({expression}))")
    return json.loads(out.strip().splitlines()[-1])


def values_in(page: Any, root: str) -> dict[str, str]:
    """The value notes the page draws, keyed as the scene keys them."""
    found: dict[str, str] = page.evaluate(
        """(root) => {
          const out = {};
          for (const n of document.querySelectorAll(root + ' .cw-value')) {
            const host = n.parentElement;
            const zone = host.closest('[data-zone]');
            const key = host.dataset.option !== undefined ? 'option:' + host.dataset.option
              : host.dataset.action !== undefined ? 'action:' + host.dataset.action
              : zone.dataset.zone + ':' + host.dataset.card;
            out[key] = n.textContent;
          }
          return out;
        }""",
        root,
    )
    return found


def wait_values(page: Any, root: str, name: str) -> dict[str, str]:
    """Wait until the page draws the values the kernel's scene holds now, and return them."""
    for _ in range(100):
        expected = kernel_json(page, f"({name}.scene['analysis'] or {{}}).get('values', {{}})")
        if expected and not kernel_json(page, f"{name}.thinking"):
            break
        page.wait_for_timeout(200)
    page.wait_for_function(
        "([root, n]) => document.querySelectorAll(root + ' .cw-value').length === n",
        arg=[root, len(expected)],
        timeout=20_000,
    )
    shown = values_in(page, root)
    assert shown == expected and expected
    return shown


def test_the_switch_marks_values_and_a_puzzle_is_solved_by_clicks(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    cells = [GAME_CELL, PUZZLE_CELL]
    open_lab_notebook(page, lab_server, browser_dirs["jupyter"], "analysis", cells, GAME, PUZZLE)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")

    # The switch, off by default, goes on by its button; the values follow from the worker.
    assert page.locator(f"{GAME} .cw-value").count() == 0
    button = page.locator(f'{GAME} button[data-action="analysis"]')
    assert button.get_attribute("aria-pressed") == "false"
    button.click()
    page.wait_for_function(
        "(root) => document.querySelector(root + ' [data-action=\"analysis\"]')"
        ".getAttribute('aria-pressed') === 'true'",
        arg=GAME,
    )
    shown = wait_values(page, GAME, "w")
    hand = kernel_json(page, "[c.text for c in w.state.hands[0]]")
    assert {f"hand:{card}" for card in hand} <= set(shown)
    best = page.locator(f'{GAME} .cw-value[data-best="true"]')
    assert best.count() >= 1
    assert page.locator(f"{GAME} .cw-analysis-text").inner_text().startswith("Best:")

    # A hand card with captures: its options carry their values too.
    card = kernel_json(page, "next(m.card.text for m in w.state.legal_moves() if m.captured)")
    page.locator(f'{GAME} [data-zone="hand"] [data-card="{card}"]').click()
    shown = wait_values(page, GAME, "w")
    assert any(key.startswith("option:") for key in shown)
    page.locator(f"{GAME}").scroll_into_view_if_needed()
    screenshot(page, "analysis_switch_light_en")
    with dark_lab(page):
        screenshot(page, "analysis_switch_dark_en")
    kernel_exec(page, "w.locale = 'de'\np.locale = 'de'")
    page.wait_for_function(
        "(root) => document.querySelector(root + ' .cw-analysis-text').textContent"
        ".startsWith('Am besten')",
        arg=GAME,
        timeout=20_000,
    )
    screenshot(page, "analysis_switch_light_de")
    kernel_exec(page, "w.size = 'large'")
    page.wait_for_function(
        "(root) => document.querySelector(root).dataset.size === 'large'", arg=GAME
    )
    assert values_in(page, GAME) == kernel_json(page, "w.scene['analysis']['values']")
    screenshot(page, "analysis_switch_large_de")

    # The puzzle: its question, answered by clicks, scored and explained.
    panel = page.locator(f"{PUZZLE} .cw-analysis-text")
    assert panel.inner_text().startswith("Finde den Stich")
    page.locator(f'{PUZZLE} [data-zone="hand"] [data-card="8♣"]').click()
    page.locator(f'{PUZZLE} button[data-option="0"]').wait_for(state="visible")
    page.locator(f'{PUZZLE} button[data-action="play"]').click()
    page.wait_for_function(
        "(root) => document.querySelector(root + ' .cw-analysis-text').textContent"
        ".startsWith('Richtig!')",
        arg=PUZZLE,
        timeout=20_000,
    )
    assert kernel_json(page, "p.score") == [1, 1]
    title = page.locator(f"{PUZZLE} .cw-analysis .cw-side-title").text_content()
    assert title == "Rätsel 1 von 1: 1 von 1 richtig"
    page.locator(PUZZLE).scroll_into_view_if_needed()
    screenshot(page, "analysis_puzzle_light_de")


PAZAAK = '.cw-root[data-game="pazaak"]'
PAZAAK_CELL = """
from cardwidgets import pazaak
from cardwidgets.analysis import Puzzle, analyse
from cardwidgets.widgets import puzzle_widget
# 19 against a standing 18, no hand cards: standing wins the set, drawing wins it with an ace.
start = pazaak.State.from_position(
    hands=["", ""], deck=[9], tables=([10], [10, 8]), standing=(False, True), seed=3)
values = {str(e.move): e.value for e in analyse(start)}
z = puzzle_widget("pazaak", puzzles=[Puzzle(
    "pazaak", start.to_record(), start.ply, 0, start.code(0), "exact", "stand", "end",
    values["stand"], values["end"])])
z
""".strip()


def test_a_pazaak_puzzle_stand_or_draw_is_solved_by_clicks(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab_notebook(
        page, lab_server, browser_dirs["jupyter"], "pazaak-puzzle", [PAZAAK_CELL], PAZAAK
    )
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")

    # The question, in the panel and the banner; no Hint, no New game, no analysis switch.
    panel = page.locator(f"{PAZAAK} .cw-analysis-text")
    assert panel.inner_text() == "Stand or draw? Find the best move."
    assert page.locator(f"{PAZAAK} .cw-banner").inner_text() == panel.inner_text()
    for hidden in ("hint", "new", "analysis"):
        assert page.locator(f'{PAZAAK} button[data-action="{hidden}"]').count() == 0
    stand = page.locator(f'{PAZAAK} button[data-action="stand"]')
    assert stand.is_enabled()
    page.locator(PAZAAK).scroll_into_view_if_needed()
    screenshot(page, "analysis_pazaak_puzzle_light_en")

    # Answered by the Stand button: right, scored, explained; the status line agrees with the
    # banner (no "Player 2 to move": the computer does not answer a puzzle).
    stand.click()
    page.wait_for_function(
        "(root) => document.querySelector(root + ' .cw-analysis-text').textContent"
        ".startsWith('Right!')",
        arg=PAZAAK,
        timeout=20_000,
    )
    assert kernel_json(page, "z.score") == [1, 1]
    assert "Stand" in panel.inner_text() and "%" in panel.inner_text()
    title = page.locator(f"{PAZAAK} .cw-analysis .cw-side-title").text_content()
    assert title == "Puzzle 1 of 1: 1 of 1 right"
    banner = page.locator(f"{PAZAAK} .cw-banner").inner_text()
    assert banner == "All puzzles done: 1 of 1 right"
    assert page.locator(f"{PAZAAK} .cw-status").inner_text() == banner
    # The switch appears once answered; its values on the turn buttons arrive from the kernel.
    assert page.locator(f'{PAZAAK} button[data-action="analysis"]').count() == 1
    page.locator(PAZAAK).scroll_into_view_if_needed()
    with dark_lab(page):
        screenshot(page, "analysis_pazaak_puzzle_dark_en")
    kernel_exec(page, "z.locale = 'de'")
    page.wait_for_function(
        "(root) => document.querySelector(root + ' .cw-analysis-text').textContent"
        ".startsWith('Richtig!')",
        arg=PAZAAK,
        timeout=20_000,
    )
    assert page.locator(f"{PAZAAK} .cw-status").inner_text() == (
        "Alle Rätsel gelöst: 1 von 1 richtig"
    )
    screenshot(page, "analysis_pazaak_puzzle_light_de")
