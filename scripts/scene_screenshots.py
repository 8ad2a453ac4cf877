"""Screenshots of the fixture scenes, to look at the renderers (issue 10, item 7).

Renders every scene of ``tests/scene_fixtures.py`` through ``scene.to_html`` (static) and through
the built bundle ``cardwidgets/static/widget.js`` (live, with a stand-in model), in light, dark,
large at 1024×768 and four-colour variants, and writes PNGs to ``test-artifacts/scenes/``
(not committed). It also measures what a projector needs: in every ``large`` shot the smallest
card height and any overlapping zones or cards are printed, and the run fails if a large card is
under 90 px or two zones overlap.

    npm run build && uv run python scripts/scene_screenshots.py [--only NAME] [--hover CARD]

Uses Chromium at /usr/bin/chromium (never ``playwright install``).
"""

from __future__ import annotations

import argparse
import copy
import json
import re
import sys
from pathlib import Path
from typing import Any

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import scene_fixtures  # noqa: E402

from cardwidgets import scene  # noqa: E402

OUT = ROOT / "test-artifacts" / "scenes"
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"]
PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin: 12px; background: {bg}; }}</style>{head}</head>
<body {body}>{content}</body></html>"""

# What each shot measures in the page: card heights (a turned card counts its long side) and
# overlapping boxes among zones, side panels, controls and the summary.
MEASURE = """() => {
  const rect = (e) => e.getBoundingClientRect();
  const hit = (a, b) =>
    a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
  const faces = [...document.querySelectorAll('.cw-face')].map((f) => rect(f))
    .map((r) => Math.max(r.height, r.width));
  const boxes = [...document.querySelectorAll('.cw-zone, .cw-side > *, .cw-controls, .cw-summary')];
  const name = (e) => e.className + ' ' + (e.dataset.zone || '');
  const overlaps = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const [a, b] = [boxes[i], boxes[j]];
    const nested = a.contains(b) || b.contains(a);
    if (!nested && hit(rect(a), rect(b))) overlaps.push([name(a), name(b)]);
  }
  const scrollWidth = document.documentElement.scrollWidth;
  return { minCard: Math.min(...faces), overlaps, scrollWidth };
}"""
MODEL = (
    "window.__sent = [];\n"
    "const model = { get: () => scene, on() {}, off() {}, send: (m) => window.__sent.push(m) };\n"
    "window.__cw.render({ model, el: document.getElementById('host') });"
)


def variants(name: str, made: dict[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
    """(label, scene, page theme) for the shots of one fixture."""
    shots = [("light", made, "light"), ("dark", made, "dark")]
    large = copy.deepcopy(made)
    large["size"] = "large"
    shots.append(("large", large, "light"))
    if name == "tablic_play":
        four = copy.deepcopy(made)
        four["four_color"] = True
        shots.append(("four", four, "light"))
        shots.append(("large-dark", {**large, "theme": "dark"}, "dark"))
    return shots


def static_page(made: dict[str, Any], theme: str) -> str:
    body = 'data-jp-theme-light="false"' if theme == "dark" else ""
    bg = "#111" if theme == "dark" else "#fff"
    return PAGE.format(bg=bg, head="", body=body, content=scene.to_html(made))  # type: ignore[arg-type]


def live_page(made: dict[str, Any], theme: str) -> str:
    bundle = (ROOT / "cardwidgets" / "static" / "widget.js").read_text(encoding="utf-8")
    bundle = re.sub(r"export\s*\{\s*(\w+)\s+as\s+default\s*\}\s*;?", r"window.__cw=\1;", bundle)
    css = f"<style>{scene.stylesheet()}</style>"
    data = json.dumps(made, ensure_ascii=False)
    # One function scope per page: set_content keeps the window, so top-level names would clash.
    script = f"<script>(() => {{{bundle}\nconst scene = {data};\n{MODEL}}})();</script>"
    body = 'data-jp-theme-light="false"' if theme == "dark" else 'data-jp-theme-light="true"'
    bg = "#111" if theme == "dark" else "#fff"
    return PAGE.format(bg=bg, head=css, body=body, content=f'<div id="host"></div>{script}')


def shoot(page: Page, html: str, path: Path, hover: str | None) -> dict[str, Any]:
    page.set_content(html)
    page.wait_for_timeout(100)
    if hover:
        card = page.locator(f'.cw-card[data-card="{hover}"]').first
        if card.count():
            card.hover()
            page.wait_for_timeout(150)
    page.screenshot(path=str(path), full_page=True)
    facts: dict[str, Any] = page.evaluate(MEASURE)
    return facts


def check(name: str, made: dict[str, Any], facts: dict[str, Any]) -> list[str]:
    """What a projector needs: large cards at least 90 px tall, no overlaps, no sideways scroll."""
    problems = []
    if made["size"] == "large" and facts["minCard"] < 90:
        problems.append(f"{name}: a large card is {facts['minCard']:.0f} px tall")
    if facts["overlaps"] or facts["scrollWidth"] > 1024:
        problems.append(f"{name}: overlaps {facts['overlaps']}, width {facts['scrollWidth']}")
    return problems


def log_console(message: Any) -> None:
    if message.type in ("error", "warning"):
        print("console:", message.type, message.text)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--only", help="one fixture name")
    parser.add_argument("--hover", help="hover this card id in the live shots")
    args = parser.parse_args()
    OUT.mkdir(parents=True, exist_ok=True)
    failures: list[str] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        page = browser.new_page(viewport={"width": 1024, "height": 768})
        page.on("console", log_console)
        page.on("pageerror", lambda e: failures.append(f"page error: {e}"))
        for name, make in scene_fixtures.FIXTURES.items():
            if args.only and name != args.only:
                continue
            for label, made, theme in variants(name, dict(make())):
                pages = {"static": static_page(made, theme), "live": live_page(made, theme)}
                for kind, html in pages.items():
                    path = OUT / f"{name}-{label}-{kind}.png"
                    facts = shoot(page, html, path, args.hover if kind == "live" else None)
                    print(f"{path.name}: {facts}")
                    failures += check(path.name, made, facts)
        browser.close()
    for failure in failures:
        print("FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
