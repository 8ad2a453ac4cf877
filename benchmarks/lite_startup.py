"""Start-up, clicks and memory of the offline classroom site (issue 29), in Chromium, offline.

Serves ``build/lite/`` (``bash scripts/lite.sh`` builds it) on 127.0.0.1, opens tutorial 01 in a
Chromium that resolves no other host (every request for another origin is aborted and counted),
and measures, from the moment the page is opened:

* ``lab_ready_s``: JupyterLab (the front end, without Python) has restored its layout;
* ``kernel_ready_s``: the notebook's kernel is idle and connected;
* ``first_board_s``: after Run All, the first Tablić board is on screen;
* ``run_all_s``: every cell has run (the kernel is idle again with no cell queued);
* CPU-seconds of every Chromium process at those points (``/proc/<pid>/stat``: user + system,
  plus what finished children used), and the tabs' memory (the sum of ``Pss`` of the Chromium
  processes, from ``/proc/<pid>/smaps_rollup``);
* clicks: a hand card and Cancel in turn on the lesson's board, each from the click to the page
  showing the new scene (a ``MutationObserver`` on ``data-version``), like the JupyterLab
  figures in ``browser_latency.json``.

Usage: ``uv run python benchmarks/lite_startup.py [--runs 2] [--clicks 20] [--out FILE]``.
Record ``uptime`` with the figures: the machine is shared and start-up is CPU-bound.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import sys
import time
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from tests.browser.harness import JS_ALL_DONE, JS_KERNEL_IDLE, JS_RUN_ALL  # noqa: E402
from tests.browser.static_site import offline_page, serve  # noqa: E402

SITE = REPO / "build" / "lite"
TUTORIAL = "01-tablic.ipynb"
ROOT = '.cw-root[data-game="tablic"]'
TICKS = os.sysconf("SC_CLK_TCK")

JS_LAB_RESTORED = """async () => {
  while (!window.jupyterapp) await new Promise((r) => setTimeout(r, 50));
  await window.jupyterapp.restored;
}"""
JS_WATCH = """(root) => {
  const w = {clicks: [], updates: [], last: null};
  window.__cwLatency = w;
  window.addEventListener('click', () => { w.clicks.push(performance.now()); }, true);
  const start = document.querySelector(root);
  w.last = start && start.dataset.version;
  new MutationObserver(() => {
    const r = document.querySelector(root);
    const v = r && r.dataset.version;
    if (v && v !== w.last) { w.last = v; w.updates.push(performance.now()); }
  }).observe(document.body,
    {subtree: true, childList: true, attributes: true, attributeFilter: ['data-version']});
}"""


def chromium_pids() -> list[int]:
    """Every running Chromium process that descends from this one."""
    parents: dict[int, int] = {}
    names: dict[int, str] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        fields = stat[stat.rindex(")") + 2 :].split()
        parents[int(entry.name)], names[int(entry.name)] = int(fields[1]), name
    me, found = os.getpid(), []
    for pid, name in names.items():
        ancestor = parents.get(pid, 0)
        while ancestor > 1 and ancestor != me:
            ancestor = parents.get(ancestor, 0)
        if ancestor == me and "chrom" in name:
            found.append(pid)
    return found


def cpu_seconds() -> float:
    """User + system CPU-seconds of the Chromium processes, with their finished children."""
    total = 0
    for pid in chromium_pids():
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += sum(int(f) for f in fields[11:15])  # utime stime cutime cstime
    return total / TICKS


def memory_mb() -> float:
    """Proportional set size (Pss) of the Chromium processes, in MB."""
    kb = 0
    for pid in chromium_pids():
        try:
            for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
                if line.startswith("Pss:"):
                    kb += int(line.split()[1])
        except OSError:
            continue
    return kb / 1024


def one_run(playwright: Any, site: str, clicks: int) -> dict[str, Any]:
    with offline_page(playwright.chromium, site, timeout_ms=300_000) as (page, outside):
        cpu0 = cpu_seconds()
        started = time.monotonic()
        page.goto(f"{site}/lab/index.html?path=notebooks/{TUTORIAL}", wait_until="load")
        page.evaluate(JS_LAB_RESTORED)
        lab_ready, cpu_lab = time.monotonic() - started, cpu_seconds() - cpu0
        page.wait_for_function(JS_KERNEL_IDLE, polling=100)
        kernel_ready, cpu_ready = time.monotonic() - started, cpu_seconds() - cpu0
        page.evaluate(JS_RUN_ALL)
        page.locator(ROOT).first.wait_for(state="visible")
        first_board, cpu_board = time.monotonic() - started, cpu_seconds() - cpu0
        page.wait_for_timeout(500)
        page.wait_for_function(JS_ALL_DONE, polling=200)
        run_all, cpu_all = time.monotonic() - started, cpu_seconds() - cpu0
        memory = memory_mb()
        samples = click_latency(page, clicks)
        return {
            "lab_ready_s": round(lab_ready, 1),
            "cpu_lab_ready_s": round(cpu_lab, 1),
            "kernel_ready_s": round(kernel_ready, 1),
            "first_board_s": round(first_board, 1),
            "run_all_s": round(run_all, 1),
            "cpu_kernel_ready_s": round(cpu_ready, 1),
            "cpu_first_board_s": round(cpu_board, 1),
            "cpu_run_all_s": round(cpu_all, 1),
            "memory_one_tab_mb": round(memory),
            "click_median_ms": round(statistics.median(samples), 1),
            "click_max_ms": round(max(samples), 1),
            "click_samples_ms": [round(s, 1) for s in samples],
            "outside_requests": len(outside),
        }


def click_latency(page: Any, clicks: int) -> list[float]:
    """Select a hand card, then Cancel, ``clicks`` times in all on the lesson's first board."""
    root = page.locator(ROOT).first
    card = root.locator('[data-zone="hand"] .cw-card[data-card="8♦"]')
    cancel = root.locator('button[data-action="cancel"]')
    if card.get_attribute("aria-pressed") == "true":
        cancel.click()
        page.wait_for_function(
            "(sel) => document.querySelector(sel).querySelector("
            '\'[data-zone="hand"] .cw-card[aria-pressed="true"]\') === null',
            arg=ROOT,
        )
    page.evaluate(JS_WATCH, ROOT)
    for i in range(clicks):
        seen = len(page.evaluate("() => window.__cwLatency.updates"))
        (card if i % 2 == 0 else cancel).click()
        page.wait_for_function(
            "(n) => window.__cwLatency.updates.length > n", arg=seen, polling="raf"
        )
    watch = page.evaluate("() => window.__cwLatency")
    return [u - c for c, u in zip(watch["clicks"], watch["updates"], strict=False)]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--clicks", type=int, default=20)
    parser.add_argument("--label", default="")
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args()
    if not (SITE / "index.html").is_file():
        sys.exit("build the site first: bash scripts/lite.sh")
    from playwright.sync_api import sync_playwright

    load_before = os.getloadavg()
    runs = []
    with serve(SITE) as site, sync_playwright() as playwright:
        for _ in range(args.runs):
            runs.append(one_run(playwright, site, args.clicks))
            print(json.dumps({k: v for k, v in runs[-1].items() if k != "click_samples_ms"}))
    result = {
        "what": "classroom site, tutorial 01 in offline Chromium: page opened -> kernel idle -> "
        "Run All -> first Tablić board -> every cell run; then hand card / Cancel clicks",
        "label": args.label,
        "runs": runs,
        "load_before": [round(x, 2) for x in load_before],
        "load_after": [round(x, 2) for x in os.getloadavg()],
        "machine": f"{platform.machine()}, {os.cpu_count()} cores shared with other jobs",
        "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
    }
    print(json.dumps({k: v for k, v in result.items() if k != "runs"}))
    if args.out:
        args.out.write_text(json.dumps(result, indent=2, ensure_ascii=False) + "\n")


if __name__ == "__main__":
    main()
