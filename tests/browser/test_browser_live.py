"""The docs site's live widgets (docs/live.md): one per game, loaded by a button.

``scripts/docs.sh`` and ``scripts/lite.sh`` together leave the classroom site inside the docs
site (``build/docs/lite/``, copied by ``scripts/live_into_docs.sh``). Served over HTTP to a
Chromium that resolves no host but 127.0.0.1, with every request for another origin recorded
and aborted, each "Try it live" button loads the classroom console in a frame, the widget starts
in the browser's Python and one move is played in it by clicks; "Close" brings the still picture
back. Opened as a file, the page keeps its still pictures, says they are pictures, and offers
no live widget (no kernel can start from ``file://``).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest

from .harness import REPO, SCREENSHOTS
from .static_site import build, offline_chromium, serve, watch_requests

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SITE = REPO / "build" / "docs"
PAGE = "docs/live.html"
GAMES = ("tablic", "panjpar", "pazaak")

# One move per game at the page's start (seed 2026, the computer playing greedy), by clicks:
# what to click in order, and a selector that matches once the move is played.
MOVES: dict[str, tuple[list[str], str]] = {
    # Tablić: trail 4♦ (it captures nothing): it leaves the hand.
    "tablic": (
        ['[data-zone="hand"] .cw-card[data-card="4♦"]', 'button[data-action="trail"]'],
        '[data-zone="hand"]:not(:has(.cw-card[data-card="4♦"]))',
    ),
    # Panjpar: the computer attacks with 7♠; pick it up: it joins the hand.
    "panjpar": (
        ['button[data-action="pickup"]'],
        '[data-zone="hand"] .cw-card[data-card="7♠"]',
    ),
    # Pazaak: end the turn; after the computer's turn the learner draws a second table card.
    "pazaak": (
        ['button[data-action="end-turn"]'],
        '[data-zone="table"] .cw-card[data-card="t2"]',
    ),
}


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    build("docs.sh", SITE / "index.html")
    build("lite.sh", SITE / "lite" / "index.html")  # lite.sh copies itself into build/docs
    with serve(SITE) as url:
        yield url


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Iterator[Any]:
    with offline_chromium(chromium) as offline:
        yield offline


def live_box(page: Any, game: str) -> Any:
    return page.locator(f'.cw-live[data-game="{game}"]')


def start_live(page: Any, game: str) -> Any:
    """Press ``game``'s "Try it live" button; return the live widget's root in its frame."""
    box = live_box(page, game)
    box.locator("button.cw-live-button").click()
    frame = box.locator("iframe.cw-live-frame").element_handle(timeout=30_000).content_frame()
    return frame, frame.locator(f'.cw-root[data-game="{game}"]')


def play_one_move(frame: Any, root: Any, game: str) -> None:
    """Play ``game``'s move of :data:`MOVES` by clicks in its live widget."""
    clicks, played = MOVES[game]
    for selector in clicks:
        before = int(root.get_attribute("data-version") or 0)
        root.locator(selector).first.click()
        frame.wait_for_function(
            '([g, v]) => Number(document.querySelector(`.cw-root[data-game="${g}"]`)'
            ".dataset.version) > v",
            arg=[game, before],
            timeout=60_000,
        )
    root.locator(played).first.wait_for(state="attached", timeout=60_000)


def test_each_live_widget_plays_a_move_over_http_offline(browser: Any, site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside = watch_requests(context, site)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    started = time.monotonic()
    timings = {}
    try:
        page.goto(f"{site}/{PAGE}", wait_until="load")
        assert page.locator(".cw-live iframe").count() == 0  # nothing loads before a click
        pictures = {
            game: live_box(page, game).locator("xpath=preceding-sibling::*[1]").locator(".cw-root")
            for game in GAMES
        }
        assert all(picture.is_visible() for picture in pictures.values())
        # The three kernels boot side by side (the page is how a teacher may use it too).
        live = {game: start_live(page, game) for game in GAMES}
        for game, (frame, root) in live.items():
            root.wait_for(state="visible", timeout=240_000)  # Pyodide boots, installs, shows it
            assert not pictures[game].is_visible()  # the live widget took the picture's place
            assert "live widget" in live_box(page, game).locator(".cw-live-caption").inner_text()
            play_one_move(frame, root, game)
            timings[game] = round(time.monotonic() - started)
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            live_box(page, game).screenshot(path=str(SCREENSHOTS / f"docs-live-{game}.png"))
        for game in GAMES:
            box = live_box(page, game)
            box.locator("button.cw-live-button", has_text="Close").click()
            assert box.locator("iframe").count() == 0  # its Python ends with the frame
            assert pictures[game].is_visible()
            assert "still picture" in box.locator(".cw-live-caption").inner_text()
        print("live widgets, seconds from the first click to each played move:", timings)
    finally:
        context.close()
    assert outside == [], outside
    assert not errors, errors


def test_live_page_from_a_file_keeps_its_still_pictures(browser: Any, site: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside = watch_requests(context, "file://")
    page = context.new_page()
    try:
        page.goto((SITE / PAGE).as_uri(), wait_until="load")
        for game in GAMES:
            box = live_box(page, game)
            picture = box.locator("xpath=preceding-sibling::*[1]").locator(".cw-root")
            assert picture.count() == 1 and picture.is_visible(), game
            assert picture.locator(".cw-card").count() > 0, game
            caption = box.locator(".cw-live-caption").inner_text()
            assert "still picture" in caption and "served over HTTP" in caption, caption
            assert box.locator("button.cw-live-button").is_disabled(), game
        assert page.locator("iframe").count() == 0
    finally:
        context.close()
    assert outside == [], outside
