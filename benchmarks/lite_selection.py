"""Selection latency on the offline classroom site (issue 24, item 7), per game, in Chromium.

Serves ``build/lite/`` (``bash scripts/lite.sh`` builds it, with this checkout's widget bundle)
on 127.0.0.1, opens the tutorials of the three games in an offline Chromium, runs each (Run All)
and then clicks a card of the lesson's first board on and off, measuring in the page (the same
probe as the JupyterLab test, ``tests/browser/widget_page.JS_WATCH_SELECTION``) two things
separately: click -> the frame that paints the local selection, and click -> the kernel's scene
(here the kernel is Pyodide in a web worker, so its round trip is the browser's own work).

Usage: ``uv run python benchmarks/lite_selection.py [--clicks 20] [--out FILE]``. Record
``uptime`` with the figures: the machine is shared.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser import widget_page  # noqa: E402
from tests.browser.harness import JS_ALL_DONE, JS_KERNEL_IDLE, JS_RUN_ALL  # noqa: E402
from tests.browser.static_site import offline_page, serve  # noqa: E402

SITE = REPO / "build" / "lite"
# Each game's tutorial, and the card of its first board the learner clicks (on, then off).
LESSONS = {
    "tablic": ("01-tablic.ipynb", "hand", "8♦"),
    "panjpar": ("02-panjpar.ipynb", "hand", "7♥"),
    "pazaak": ("03-pazaak.ipynb", "hand", "+3"),
}


def one_game(playwright: Any, site: str, game: str, clicks: int) -> dict[str, Any]:
    notebook, zone, card = LESSONS[game]
    root = f'.cw-root[data-game="{game}"]'
    with offline_page(playwright.chromium, site, timeout_ms=600_000) as (page, outside):
        page.goto(f"{site}/lab/index.html?path=notebooks/{notebook}", wait_until="load")
        page.wait_for_function(JS_KERNEL_IDLE, polling=200)
        page.evaluate(JS_RUN_ALL)
        page.locator(root).first.wait_for(state="visible")
        page.wait_for_timeout(500)
        page.wait_for_function(JS_ALL_DONE, polling=200)
        target = page.locator(root).first.locator(f'[data-zone="{zone}"] [data-card="{card}"]')
        target.scroll_into_view_if_needed()
        page.evaluate(widget_page.JS_WATCH_SELECTION, root)
        for _ in range(clicks):
            seen = len(page.evaluate("() => window.__cwInstant.scenes"))
            target.click()
            page.wait_for_function(
                "(n) => window.__cwInstant.scenes.length > n", arg=seen, polling="raf"
            )
        page.wait_for_timeout(150)
        w = page.evaluate("() => window.__cwInstant")
        assert all(w["marked"]), f"{game}: a frame after a click showed no local mark"
        local = widget_page.diffs(w["clicks"], w["local"])
        kernel = widget_page.diffs(w["clicks"], w["scenes"])
        return {
            "card": f"{notebook} {zone}:{card}",
            "clicks": clicks,
            "local_frame": widget_page.summary(local),
            "local_painted": widget_page.summary(widget_page.diffs(w["clicks"], w["painted"])),
            "kernel_scene": widget_page.summary(kernel),
            "kernel_frame": widget_page.summary(widget_page.diffs(w["clicks"], w["frames"])),
            "local_frame_samples_ms": [round(ms, 1) for ms in local],
            "kernel_scene_samples_ms": [round(ms, 1) for ms in kernel],
            "outside_requests": len(outside),
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--games", default=",".join(LESSONS))
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit("build the site first: bash scripts/lite.sh")
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    games: dict[str, Any] = {}
    with serve(SITE) as site, sync_playwright() as playwright:
        for game in args.games.split(","):
            games[game] = one_game(playwright, site, game, args.clicks)
            print(game, json.dumps({k: v for k, v in games[game].items() if "samples" not in k}))
    result = {
        "what": "classroom site (JupyterLite, Pyodide kernel) in offline Chromium, per game: "
        "the tutorial run, then a card of its first board clicked on and off; local_frame: "
        "click -> requestAnimationFrame of the frame painting the local selection; "
        "local_painted: just after it; kernel_scene: click -> the kernel's scene on the page; "
        "kernel_frame: the frame after it",
        "games": games,
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "machine": f"{platform.machine()}, {os.cpu_count()} cores shared with other jobs",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    if args.out:
        args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
