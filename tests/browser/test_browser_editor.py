"""The position editor in JupyterLab: in every game a position is built by clicks (and, in
Tablić, by keyboard: Tab to a palette card, Enter to pick it, Space on a zone's button to place
it, Delete to remove a chosen card), the kernel's editor holds it, and Play from here opens the
game widget on it below the editor; a put clicked before the pick's answer arrived waits for
it. axe finds no violation in the editor (Tablić light English, Pazaak dark German). Screenshots (a JupyterLab notebook about 700 px wide, the file browser open) go to
``test-artifacts/screenshots/editor_*``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from . import axe
from .harness import Server, dark_lab, kernel_exec, open_in_jupyter, screenshot, write_notebook

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]


def _cell(game: str, locale: str = "en") -> str:
    return (
        "from cardwidgets.widgets import PositionEditor\n"
        f"e = PositionEditor({game!r}, seed=0, locale={locale!r})\n"
        "e"
    )


def kernel_json(page: Any, expression: str) -> Any:
    """``expression`` evaluated in the kernel, as JSON."""
    out = kernel_exec(page, f"import json as _j\nprint(_j.dumps({expression}))")
    return json.loads(out.strip().splitlines()[-1])


def _root(game: str) -> str:
    return f'.cw-editor[data-game="{game}"]'


def after(page: Any, game: str, act: Any) -> None:
    """Do ``act`` in the page and wait until the page shows the kernel's answer."""
    root = _root(game)
    before = int(page.locator(root).get_attribute("data-version"))
    act()
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) > v",
        arg=[root, before],
        timeout=20_000,
    )


def place(page: Any, game: str, card: str, zone: str) -> None:
    """Click ``card`` in the palette, then ``zone``'s button."""
    root = _root(game)
    after(page, game, lambda: page.locator(f'{root} [data-palette="{card}"]').click())
    after(page, game, lambda: page.locator(f'{root} [data-put="{zone}"]').click())


def open_editor(page: Any, server: Server, folder: Path, game: str) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})  # the notebook about 700 px wide
    write_notebook(folder, f"editor_{game}.ipynb", [_cell(game)])
    open_in_jupyter(page, server, f"editor_{game}.ipynb", workspace=f"editor-{game}")
    page.locator(_root(game)).wait_for(state="visible", timeout=90_000)


def play(page: Any, game: str) -> None:
    """Press Play from here; wait for the game widget below the editor."""
    page.locator(f'{_root(game)} [data-action="play"]').click()
    board = page.locator(f'.cw-root[data-game="{game}"]:not(.cw-editor)')
    board.wait_for(state="visible", timeout=30_000)


def shoot(page: Any, game: str, name: str) -> None:
    """The whole editor: the window made tall enough for it (the notebook keeps its width)."""
    page.set_viewport_size({"width": 1024, "height": 1900})
    try:
        editor = page.locator(_root(game))
        editor.scroll_into_view_if_needed()
        page.wait_for_timeout(200)
        editor.screenshot(path=str(screenshot(page, name)), timeout=15_000)
    finally:
        page.set_viewport_size({"width": 1024, "height": 768})


def judge(page: Any, game: str, where: str) -> None:
    judged = axe.run(page, _root(game))
    assert not judged["violations"], f"{where}: {axe.describe(judged['violations'])}"


def test_tablic_by_clicks_and_keys_plays_from_here_and_is_axe_clean_in_english(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_editor(page, lab_server, browser_dirs["jupyter"], "tablic")
    root = _root("tablic")
    place(page, "tablic", "A♣", "table")
    # By keyboard: focus the 2♠, Tab to the next palette card (2♥), Enter picks it ...
    page.locator(f'{root} [data-palette="2♠"]').focus()
    page.keyboard.press("Tab")
    assert page.evaluate("() => document.activeElement.dataset.palette") == "2♥"
    after(page, "tablic", lambda: page.keyboard.press("Enter"))
    # ... and Space on a zone's button places it (focus stays there over the new scene)
    page.locator(f'{root} [data-put="hand1"]').focus()
    after(page, "tablic", lambda: page.keyboard.press(" "))
    assert page.evaluate("() => document.activeElement.dataset.put") == "hand1"
    place(page, "tablic", "A♦", "hand0")
    place(page, "tablic", "5♠", "hand1")
    # choose the 2♥ placed in hand1 and remove it with Delete
    after(
        page, "tablic", lambda: page.locator(f'{root} [data-zone="hand1"][data-index="0"]').click()
    )
    after(page, "tablic", lambda: page.keyboard.press("Delete"))
    assert kernel_json(page, "e.position") == {
        "table": "A♣",
        "hands": ["A♦", "5♠"],
        "seed": 0,
    }
    assert page.locator(f"{root} [data-copy=call]").input_value() == kernel_json(page, "e.call")
    judge(page, "tablic", "editor light en")
    shoot(page, "tablic", "editor_tablic_light_en")

    play(page, "tablic")
    board = page.locator('.cw-root[data-game="tablic"]:not(.cw-editor)')
    hand = board.locator('[data-zone="hand"] .cw-card').evaluate_all(
        "(nodes) => nodes.map((n) => n.dataset.card)"
    )
    assert hand == ["A♦"]


def test_panjpar_by_clicks_shows_an_impossible_draft_and_plays_the_possible_one(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_editor(page, lab_server, browser_dirs["jupyter"], "panjpar")
    root = _root("panjpar")
    place(page, "panjpar", "A♠", "hand0")
    place(page, "panjpar", "K♠", "attack")  # the defender holds no card: impossible
    status = page.locator(f"{root} .cw-editor-status")
    assert status.get_attribute("data-possible") == "false"
    assert "Player B" in status.inner_text() or "Player 2" in status.inner_text()
    assert page.locator(f'{root} [data-action="play"]').is_disabled()
    place(page, "panjpar", "2♣", "hand1")
    place(page, "panjpar", "3♣", "hand1")
    after(
        page,
        "panjpar",
        lambda: page.locator(f'{root} [data-counter="trump"]').select_option("♣"),
    )
    assert status.get_attribute("data-possible") == "true"
    assert kernel_json(page, "[str(m) for m in e.state.legal_moves()]") == [
        "pick up K♠",
        "kill K♠ with 2♣",
        "kill K♠ with 3♣",
    ]
    shoot(page, "panjpar", "editor_panjpar_light_en")
    play(page, "panjpar")
    board = page.locator('.cw-root[data-game="panjpar"]:not(.cw-editor)')
    board.scroll_into_view_if_needed()
    board.screenshot(path=str(screenshot(page, "editor_panjpar_played")), timeout=15_000)


def test_pazaak_by_quick_clicks_builds_a_position_plays_and_is_axe_clean_dark_german(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_editor(page, lab_server, browser_dirs["jupyter"], "pazaak")
    root = _root("pazaak")
    for card, zone in [("7", "table0"), ("9", "table1"), ("+2", "side0"), ("-3", "side1")]:
        place(page, "pazaak", card, zone)
    # Pick and put at once, before the pick's answer: the page holds the put until it comes.
    page.locator(f'{root} [data-palette="4"]').click()
    page.locator(f'{root} [data-put="deck"]').click()
    page.wait_for_function(
        "(root) => document.querySelector(root + ' [data-zone=\"deck\"]') !== null",
        arg=root,
        timeout=20_000,
    )
    assert kernel_json(page, "e.position") == {
        "hands": ["+2", "-3"],
        "deck": [4],
        "tables": [[7], [9]],
        "seed": 0,
    }
    assert kernel_json(page, "[list(t) for t in e.state.tables]") == [[7, 4], [9]]
    kernel_exec(page, "e.locale = 'de'")
    page.locator(f'{root}[lang="de"]').wait_for(timeout=20_000)
    with dark_lab(page):
        judge(page, "pazaak", "editor dark de")
        shoot(page, "pazaak", "editor_pazaak_dark_de")
    play(page, "pazaak")
