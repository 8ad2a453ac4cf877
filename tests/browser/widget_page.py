"""Reading a widget in the page, shared by the game browser tests: its scene version, waiting for
Python's next scene, and where keyboard focus is (through marimo's shadow roots too)."""

from __future__ import annotations

import time
from typing import Any

JS_FOCUS = """(root) => {
  const a = document.activeElement;
  if (!a || !a.closest(root)) return null;
  return a.dataset.card ? 'card:' + a.dataset.card
       : a.dataset.option ? 'option:' + a.dataset.option
       : a.dataset.action ? 'action:' + a.dataset.action : 'other';
}"""


def version(page: Any, root: str) -> int:
    """The scene version the page shows for the widget ``root`` (a CSS selector)."""
    return int(page.locator(root).get_attribute("data-version"))


def wait_version_after(page: Any, root: str, before: int, timeout: float = 20.0) -> int:
    """Wait (``timeout`` seconds) until the page shows a scene newer than ``before``.

    Polls through a locator, which also finds widgets inside marimo's shadow roots.
    """
    deadline = time.monotonic() + timeout
    while True:
        now = version(page, root)
        if now > before:
            return now
        if time.monotonic() > deadline:
            raise AssertionError(f"the page still shows scene {now}, not one newer than {before}")
        time.sleep(0.02)


def focused(page: Any, root: str) -> str | None:
    """The focused control of the widget as ``card:8♦``, ``option:0``, ``action:play`` or None."""
    key: str | None = page.evaluate(JS_FOCUS, root)
    return key


def press_until(page: Any, root: str, key: str, target: str, limit: int = 40) -> None:
    """Press ``key`` until the focused control is ``target`` (e.g. ``card:8♦``)."""
    seen = []
    for _ in range(limit):
        now = focused(page, root)
        if now == target:
            return
        seen.append(now)
        page.keyboard.press(key)
    raise AssertionError(f"{key} never reached {target}; focus went {seen}")
