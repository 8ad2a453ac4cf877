"""Fixtures for the real-browser tests: shared servers, one Chromium, a page per test.

Servers start lazily, once per session, only for the front ends a selected test uses. A page
saves a screenshot to ``test-artifacts/screenshots/`` when its test ends (pass or fail).
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .apps import MARIMO_APPS
from .harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    SCREENSHOTS,
    Server,
    jupyter_server,
    marimo_server,
    safe_name,
    voila_server,
)


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "browser: end-to-end test in Chromium against a real server")


@pytest.fixture(scope="session")
def browser_dirs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """Roots served to the browser: ``jupyter`` (notebooks) and ``marimo`` (apps), and ``home``."""
    base = tmp_path_factory.mktemp("browser")
    dirs = {name: base / name for name in ("jupyter", "marimo", "home")}
    for path in dirs.values():
        path.mkdir()
    return dirs


def _serve(server: Server) -> Iterator[Server]:
    server.start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def lab_server(browser_dirs: dict[str, Path]) -> Iterator[Server]:
    yield from _serve(jupyter_server("lab", browser_dirs["jupyter"], browser_dirs["home"]))


@pytest.fixture(scope="session")
def notebook_server(browser_dirs: dict[str, Path]) -> Iterator[Server]:
    yield from _serve(jupyter_server("notebook", browser_dirs["jupyter"], browser_dirs["home"]))


@pytest.fixture(scope="session")
def voila(browser_dirs: dict[str, Path]) -> Iterator[Server]:
    yield from _serve(voila_server(browser_dirs["jupyter"], browser_dirs["home"]))


@pytest.fixture(scope="session")
def marimo(browser_dirs: dict[str, Path]) -> Iterator[Server]:
    # marimo's folder mode lists the apps when it starts: write them all first.
    for name, source in MARIMO_APPS.items():
        (browser_dirs["marimo"] / name).write_text(source)
    yield from _serve(marimo_server(browser_dirs["marimo"], browser_dirs["home"]))


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """Debian's Chromium driven by Playwright (never a downloaded browser)."""
    if not os.access(CHROMIUM, os.X_OK):
        pytest.fail(
            f"Chromium not found at {CHROMIUM}: the browser tests need Debian's chromium "
            "(`apt-get install -y chromium`, which scripts/setup.sh does), or set "
            "CARDWIDGETS_CHROMIUM to a Chromium binary.",
            pytrace=False,
        )
    from playwright.sync_api import sync_playwright

    # Only this run's screenshots: CI prints the folder's path for people to look at.
    for old in SCREENSHOTS.glob("*.png"):
        old.unlink()

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True, timeout=60_000
        )
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture
def page(chromium: Any, request: pytest.FixtureRequest) -> Iterator[Any]:
    """A fresh browser context and page; console errors are printed, a screenshot is saved."""
    context = chromium.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(30_000)
    console: list[str] = []
    page.on("console", lambda msg: console.append(f"[{msg.type}] {msg.text}"))
    page.on("pageerror", lambda error: console.append(f"[pageerror] {error}"))
    try:
        yield page
    finally:
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        path = SCREENSHOTS / f"{safe_name(request.node.nodeid.split('::')[-1])}.png"
        try:
            page.screenshot(path=str(path), full_page=True, timeout=15_000)
        except Exception as error:  # a failed screenshot must not hide the test's own result
            print(f"screenshot failed: {error}")
        errors = [line for line in console if line.startswith(("[error]", "[pageerror]"))]
        if errors:
            print("browser console errors:\n" + "\n".join(errors[-30:]))
        context.close()
