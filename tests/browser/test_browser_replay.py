"""Kernel-free replays in Chromium: a replay page opened from file:// with every
other request blocked steps through a whole game and autoplays; an executed notebook exported with
StaticPictures(replays=True) plays the replay that took the widget's place."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import nbformat
import pytest
from playwright.sync_api import expect

from cardwidgets import replay

from . import axe
from .harness import REPO

pytestmark = pytest.mark.browser


def block_the_network(page: Any) -> list[str]:
    """Let only file:// through; the list collects what was refused."""
    blocked: list[str] = []

    def only_local(route: Any) -> None:
        if route.request.url.startswith("file://"):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    page.route("**/*", only_local)
    return blocked


def test_a_replay_file_steps_through_a_whole_game_and_autoplays_offline(
    page: Any, tmp_path: Path
) -> None:
    shown = replay.watch("pazaak", ("greedy", "random"), seed=5, seat=0)
    plies = shown.plies
    path = shown.save(tmp_path / "pazaak.html")
    blocked = block_the_network(page)
    page.goto(path.as_uri())
    player = page.locator(".cw-replay-player")
    position = page.locator(".cw-replay-position")
    assert player.get_attribute("data-ply") == "0"
    assert position.text_content().startswith("Starting position")
    # seat 0 sees the backs of the opponent's four side cards
    assert page.locator('[data-zone="opponent-hand"] [data-kind="back"]').count() == 4
    seen = {page.locator(".cw-root").inner_html()}
    next_button = page.get_by_role("button", name="Next move")
    for ply in range(1, plies + 1):  # the whole game, one step at a time
        next_button.click() if ply % 2 else page.keyboard.press("ArrowRight")
        assert player.get_attribute("data-ply") == str(ply)
        assert position.text_content().startswith(f"Move {ply} of {plies}")
        seen.add(page.locator(".cw-root").inner_html())
    assert len(seen) > plies // 2  # the board changed along the way
    assert next_button.is_disabled()
    page.keyboard.press("Home")
    assert player.get_attribute("data-ply") == "0"
    page.get_by_role("slider", name="Move of the game").fill(str(plies - 3))
    assert player.get_attribute("data-ply") == str(plies - 3)
    page.get_by_label("Speed").select_option("4")
    page.locator("h1").click()  # focus leaves the speed list: Space is the player's again
    page.keyboard.press("Space")  # autoplay at 4x: three moves in about 0.75 s
    assert player.get_attribute("data-playing") == "true"
    # (no wait_for_function: the page's policy forbids the eval it needs)
    expect(player).to_have_attribute("data-ply", str(plies), timeout=5000)
    expect(player).to_have_attribute("data-playing", "false", timeout=5000)
    assert page.get_by_role("button", name="Play").get_attribute("aria-pressed") == "false"
    assert blocked == []


def test_a_replay_has_no_axe_violations_in_either_language(chromium: Any, tmp_path: Path) -> None:
    # axe is injected as a script: this context lets it past the page's own policy
    context = chromium.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        for locale in ("en", "de"):
            shown = replay.watch("panjpar", seed=3, seat=0, locale=locale, limit=8)
            page.goto(shown.save(tmp_path / f"{locale}.html").as_uri())
            page.locator(".cw-replay-player").wait_for()
            page.keyboard.press("End")
            result = axe.run(page, ".cw-replay")
            assert result["rules"] > 10, result  # axe did judge the page
            assert not result["violations"], axe.describe(result["violations"])
    finally:
        context.close()


def export(tmp_path: Path) -> Path:
    cells = [
        "import random\nfrom cardwidgets import replay, tablic\n"
        "from cardwidgets.widgets import TablicWidget",
        "state = tablic.new_game(seed=1)\nrng = random.Random(1)\nfor _ in range(6):\n"
        "    state = state.play(state.random_move(rng))\nTablicWidget(state=state, opponent='human')",
        "replay.watch('pazaak', seed=2, locale='de')",
    ]
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    source = tmp_path / "lesson.ipynb"
    nbformat.write(notebook, source)
    command = [
        sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", "--execute",
        "--HTMLExporter.preprocessors=cardwidgets.export.StaticPictures",
        "--StaticPictures.replays=True", str(source),
    ]  # fmt: skip
    subprocess.run(command, check=True, cwd=REPO, capture_output=True, timeout=300)
    return tmp_path / "lesson.html"


def test_an_exported_notebook_plays_the_replay_where_the_widget_was(
    page: Any, tmp_path: Path
) -> None:
    html = export(tmp_path)
    text = html.read_text(encoding="utf-8")
    assert "application/vnd.cardwidgets.replay+json" not in text
    assert "application/vnd.jupyter.widget-view+json" not in text
    blocked = block_the_network(page)
    page.goto(html.as_uri())
    frames = page.locator("iframe.cw-replay-frame")
    assert frames.count() == 2  # the widget's place and the watched game
    widget = page.frame_locator("iframe.cw-replay-frame").nth(0)
    player = widget.locator(".cw-replay-player")
    player.wait_for()
    assert player.get_attribute("data-ply") == "0"
    widget.get_by_role("button", name="Last position").click()
    assert player.get_attribute("data-ply") == "6"
    assert widget.locator(".cw-replay-position").text_content().startswith("Move 6 of 6")
    widget.get_by_role("button", name="Previous move").click()
    assert player.get_attribute("data-ply") == "5"
    watched = page.frame_locator("iframe.cw-replay-frame").nth(1)
    watched.locator(".cw-replay-player").wait_for()
    assert watched.get_by_role("button", name="Abspielen").count() == 1
    # nbconvert's own page asks a CDN for its scripts (refused here); the replays ask nothing
    assert all("cardwidgets" not in url for url in blocked), blocked
