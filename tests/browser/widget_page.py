"""Reading a widget in the page, shared by the game browser tests: its scene version, waiting for
Python's next scene, and where keyboard focus is (through marimo's shadow roots too)."""

from __future__ import annotations

import statistics
import time
from typing import Any

JS_FOCUS = """(root) => {
  const a = document.activeElement;
  if (!a || !a.closest(root)) return null;
  return a.dataset.card ? 'card:' + a.dataset.card
       : a.dataset.option ? 'option:' + a.dataset.option
       : a.dataset.action ? 'action:' + a.dataset.action : 'other';
}"""


# Runs code in the notebook's kernel without waiting for it (JupyterLab): while it sleeps, a
# click's message waits in the kernel's queue, so the page shows what it does before Python does.
JS_HOLD_KERNEL = """(seconds) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  k.requestExecute({code: `import time; time.sleep(${seconds})`, store_history: false});
}"""


def hold_kernel(page: Any, seconds: float) -> None:
    """Keep the notebook's kernel busy for ``seconds`` (the sleep has started on return)."""
    page.evaluate(JS_HOLD_KERNEL, seconds)
    page.wait_for_timeout(300)


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


def tab_into(page: Any, root: str) -> None:
    """Enter the widget ``root`` the way a keyboard user does: Tab from the notebook (JupyterLab)
    until a control of the widget has the focus."""
    page.evaluate("() => window.jupyterapp.shell.currentWidget.content.node.focus()")
    for _ in range(80):
        if focused(page, root) is not None:
            break
        page.keyboard.press("Tab")
    assert focused(page, root) is not None, "Tab never reached the widget"


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


# Selection latency, per click: the click, the frame that paints the local
# mark (checked: the mark, or already the kernel's scene), the kernel's scene and its frame.
JS_WATCH_SELECTION = """(root) => {
  const w = {clicks: [], local: [], painted: [], marked: [], scenes: [], frames: [], last: null};
  window.__cwInstant = w;
  const el = () => document.querySelector(root);
  const after = (fn) => { const c = new MessageChannel(); c.port1.onmessage = fn;
    c.port2.postMessage(0); };
  window.addEventListener('click', () => {
    w.clicks.push(performance.now());
    const shown = el().dataset.version;
    // The next frame paints what the click's handler (after this listener) put in the DOM.
    requestAnimationFrame(() => {
      w.local.push(performance.now());
      const r = el();
      w.marked.push(!!r.querySelector('.cw-card[data-pending="true"]') || r.dataset.version !== shown);
      after(() => w.painted.push(performance.now()));
    });
  }, true);
  w.last = el().dataset.version;
  new MutationObserver(() => {
    const v = el().dataset.version;
    if (v === w.last) return;
    w.last = v;
    w.scenes.push(performance.now());
    requestAnimationFrame(() => w.frames.push(performance.now()));
  }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-version']});
}"""


def diffs(starts: list[float], ends: list[float]) -> list[float]:
    """Each end minus its start (ms), all checked to be non-negative."""
    assert len(starts) == len(ends), (starts, ends)
    found = [end - start for start, end in zip(starts, ends, strict=True)]
    assert all(ms >= 0 for ms in found), found
    return found


def summary(samples: list[float]) -> dict[str, float]:
    """Median, 90th percentile and maximum, rounded to 0.1 ms."""
    ordered = sorted(samples)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    return {
        "median_ms": round(statistics.median(samples), 1),
        "p90_ms": round(p90, 1),
        "max_ms": round(max(samples), 1),
    }
