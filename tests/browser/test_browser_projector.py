"""The projector stage in JupyterLab's default layout, the file browser open.

Two screens: 1024x768 with ``size="large"`` and 1280x720 at normal size. One notebook per
screen holds five widgets (the three games, a watched game of two computer players, a Tablić
game with the teacher panel); each is brought to its moments (``stage_states.CASES``: the start,
mid-game with a 12+ card Panjpar hand, Pazaak over 20 and Tablić's capture choices, every
summary, watching at move 30, the teacher panel with a long log and the computer's hand shown)
and, with its top at the top of the notebook's scroll box, measured against that box (what the
class sees; the page itself never scrolls):

- the banner, the hand, every move button and choice (on a summary: its title and Continue)
  lie inside the visible area;
- the newest move is in sight: the move log's last entry inside its box and the visible area,
  or, the side column folded, the narration line in the banner, and the one-line score;
- no two text boxes overlap (the banner's own words against its narration line too);
- score tables are not clipped (no cell narrower than its text, none outside its column);
- watching, the banner speaks to the audience, not to "you".

Then (1024x768) full screen: a click on the widget's button puts its root alone on the screen, every
essential inside the screen, Escape returns. Screenshots of every case (light English, light
German, dark English) go to ``test-artifacts/screenshots/projector_*``.
"""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import stage_states
from .harness import Server, dark_lab, kernel_exec, open_in_jupyter, write_notebook
from .test_browser_stage import inside, overlap, screenshot_widget

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

SCREENS = {"large": (1024, 768), "normal": (1280, 720)}

CELLS = [
    """
import sys
sys.path.insert(0, {path!r})
import stage_states
from IPython.display import HTML, display
boards = stage_states.make({size!r})
for name, board in boards.items():
    display(HTML(f'<div class="board-mark" data-board="{{name}}"></div>'), board)
""".strip(),
    # Room under the last widget, so each can be scrolled to the top of the notebook.
    "HTML('<div style=\"height: 1000px\"></div>')",
]

# The widget after the mark of board ``name``, scrolled to the top of the notebook's scroller,
# and every box the checks need.
JS_MEASURE = """(name) => {
  const mark = document.querySelector(`.board-mark[data-board="${name}"]`);
  const outputs = [...document.querySelectorAll('.jp-OutputArea-child')];
  const at = outputs.findIndex((o) => o.contains(mark));
  const el = outputs.slice(at + 1).map((o) => o.querySelector('.cw-root')).find((r) => r);
  const scroller = el.closest('.jp-WindowedPanel-outer') || el.closest('.jp-Notebook');
  scroller.scrollTop += el.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  const box = (n) => { const r = n.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
            height: r.height}; };
  const shown = (n) => !!n && n.getClientRects().length > 0
    && getComputedStyle(n).visibility !== 'hidden';
  const all = (sel) => [...el.querySelectorAll(sel)].filter(shown);
  const one = (sel) => { const n = el.querySelector(sel); return shown(n) ? box(n) : null; };
  // The words of a box as laid out (its text lines), so a box holding another (the banner
  // holds the narration line) is compared by what is written in it.
  // Clipped to the element's box (an ellipsis line's range runs on past what is drawn) and to
  // every box around it that clips (a scroll box: what is scrolled away is not drawn there).
  const clip = (n) => { let c = n.getBoundingClientRect();
    c = {left: c.left, top: c.top, right: c.right, bottom: c.bottom};
    for (let a = n.parentElement; a && a !== el.parentElement; a = a.parentElement) {
      if (getComputedStyle(a).overflowY === 'visible') continue;
      const r = a.getBoundingClientRect();
      c = {left: Math.max(c.left, r.left), top: Math.max(c.top, r.top),
           right: Math.min(c.right, r.right), bottom: Math.min(c.bottom, r.bottom)}; }
    return c; };
  const words = (n) => { const range = document.createRange(); const rects = [];
    const c = clip(n);
    for (const t of n.childNodes) { if (t.nodeType !== 3 || !t.textContent.trim()) continue;
      range.selectNodeContents(t); rects.push(...[...range.getClientRects()].map((r) => ({
        left: Math.max(r.left, c.left), top: Math.max(r.top, c.top),
        right: Math.min(r.right, c.right), bottom: Math.min(r.bottom, c.bottom)}))
        .filter((r) => r.right > r.left && r.bottom > r.top)); }
    return rects; };
  const texts = all('.cw-title, .cw-status, .cw-fullscreen, .cw-banner, .cw-announce, '
    + '.cw-message, .cw-summary-title, .cw-summary-text, .cw-action, .cw-option, .cw-hint, '
    + '.cw-zone-label, .cw-zone-info, .cw-note, .cw-scoreline, .cw-side-toggle, '
    + '.cw-history-label > span, .cw-side-title, .cw-score caption')
    .filter((n) => n.textContent.trim())
    .flatMap((n, i) => words(n).map((r) => ({...r, text: n.textContent.trim().slice(0, 40),
      kind: n.className, owner: i})));
  const logBox = el.querySelector('.cw-log-box');
  const newest = logBox && logBox.querySelector('li:last-child');
  const scores = all('.cw-score').map((t) => {
    const column = t.closest('.cw-side, .cw-summary');
    const limit = box(column);
    const cells = [...t.querySelectorAll('th, td, caption')];
    return {
      text: t.innerText.slice(0, 80),
      clipped: cells.filter((c) => c.scrollWidth > c.clientWidth + 1
        || c.getBoundingClientRect().right > limit.right + 0.5).map((c) => c.innerText),
      box: box(t),
    };
  });
  const side = el.querySelector('.cw-main > .cw-side');
  return {
    window: {left: 0, top: 0, right: innerWidth, bottom: innerHeight},
    visible: box(scroller),
    widget: box(el),
    fit: el.dataset.fit, scale: el.style.getPropertyValue('--cw-fit') || '1',
    game: el.dataset.game,
    banner: one('.cw-banner'),
    bannerText: el.querySelector('.cw-banner').innerText,
    tone: el.querySelector('.cw-banner').dataset.tone,
    announce: one('.cw-announce'),
    hand: one('[data-zone="hand"]'),
    cards: all('[data-zone="hand"] .cw-card').map(box),
    buttons: all('.cw-actions .cw-action, .cw-options .cw-option').map((n) => ({...box(n),
      id: n.dataset.action || 'option ' + n.dataset.option})),
    summary: one('.cw-summary'),
    summaryTitle: one('.cw-summary-title'),
    proceed: one('.cw-summary .cw-continue'),
    sideOpen: shown(side),
    scoreline: one('.cw-scoreline'),
    log: logBox && shown(logBox) ? {box: box(logBox), newest: newest && box(newest),
      entries: logBox.querySelectorAll('li').length} : null,
    texts, scores,
    fullscreen: one('.cw-fullscreen'),
  };
}"""


def essentials(seen: dict[str, Any]) -> list[tuple[str, dict[str, float]]]:
    """What must be in sight: the banner, and the hand and move buttons, or the summary's title
    and its Continue."""
    found = [("banner", seen["banner"])]
    if seen["summary"]:
        found += [("summary title", seen["summaryTitle"]), ("Continue", seen["proceed"])]
    else:
        found += [(f"button {b['id']}", b) for b in seen["buttons"]]
        if seen["hand"]:
            found.append(("hand", seen["hand"]))
    return found


def check_stage(seen: dict[str, Any], where: str, area: dict[str, float]) -> None:
    """Every check of the module docstring on one measured case."""
    about = f"{where} (fit {seen['fit']}, scale {seen['scale']}, widget {seen['widget']})"
    for name, item in essentials(seen):
        assert item is not None, f"{about}: no {name} shown"
        assert inside(item, seen["window"]) and inside(item, area), (
            f"{about}: the {name} {item} is out of sight (visible {area})"
        )
    if seen["hand"]:
        assert seen["cards"], f"{about}: no hand cards"
    if seen["log"] is not None:
        log = seen["log"]
        assert log["box"]["height"] >= 40, f"{about}: the move log is a sliver: {log}"
    if seen["log"] is not None and seen["log"]["entries"]:  # before the first move: empty
        log = seen["log"]
        # A scroll box stops at a whole pixel: its last line may end under a pixel lower.
        newest = {**log["newest"], "bottom": log["newest"]["bottom"] - 1}
        assert log["newest"] and inside(newest, log["box"]), (
            f"{about}: the newest move is not in the log's view: {log}"
        )
        assert inside(newest, area), f"{about}: the newest move is off-screen: {log}"
    elif not seen["sideOpen"] and not seen["summary"]:
        assert seen["announce"] and inside(seen["announce"], area), f"{about}: no narration"
        if seen["scoreline"] is not None:
            assert inside(seen["scoreline"], area), f"{about}: the score line is off-screen"
    for a, b in itertools.combinations(seen["texts"], 2):
        # One element's own line boxes may touch (an ellipsis); two elements' words must not,
        # but for a refusal or notice, drawn on its own ground over the narration line.
        pair = {a["kind"].partition(" ")[0], b["kind"].partition(" ")[0]}
        if a["owner"] == b["owner"] or pair == {"cw-message", "cw-announce"}:
            continue
        assert not overlap(a, b), f"{about}: {a['text']!r} ({a['kind']}) overlaps {b['text']!r}"
    for score in seen["scores"]:
        assert not score["clipped"], f"{about}: score cells clipped: {score}"


@pytest.fixture
def projector(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path], request: pytest.FixtureRequest
) -> Iterator[tuple[Any, str]]:
    """The notebook of the five widgets at the size, in its window, the file browser open."""
    size = request.param
    width, height = SCREENS[size]
    page.set_viewport_size({"width": width, "height": height})
    path = str(Path(stage_states.__file__).parent)
    cells = [CELLS[0].format(path=path, size=size), CELLS[1]]
    name = write_notebook(browser_dirs["jupyter"], f"projector_{size}.ipynb", cells)
    open_in_jupyter(page, lab_server, name, workspace=f"projector-{size}")
    page.locator(".cw-root").nth(4).wait_for(timeout=90_000)
    page.wait_for_function("() => window.jupyterapp.shell.leftCollapsed === false")
    yield page, size


def drive(page: Any, code: str, name: str) -> None:
    """Run ``code`` in the kernel, then wait until board ``name`` shows the new scene."""
    # Held: the page draws the moment reached, not each of the hundred scenes on the way.
    held = f"with boards[{name!r}].hold_sync():\n" + textwrap.indent(code, "    ")
    out = kernel_exec(page, f"{held}\nprint(boards[{name!r}].version)", timeout=60)
    version = int(out.strip().splitlines()[-1])
    page.wait_for_function(
        """([name, v]) => { const mark = document.querySelector(`.board-mark[data-board="${name}"]`);
          const outs = [...document.querySelectorAll('.jp-OutputArea-child')];
          const at = outs.findIndex((o) => o.contains(mark));
          const el = outs.slice(at + 1).map((o) => o.querySelector('.cw-root')).find((r) => r);
          return Number(el.dataset.version) >= v; }""",
        arg=[name, version],
        timeout=20_000,
    )
    page.wait_for_timeout(120)  # the fit runs on the scene; fonts and container queries settle


REACH = "stage_states.reach(boards, {!r}, {!r})"
# Each case in two variants per screen, so every case is seen light and dark, in en and de.
VARIANTS = {"large": [("light", "en"), ("dark", "de")], "normal": [("light", "de"), ("dark", "en")]}


@pytest.mark.parametrize("projector", list(SCREENS), indirect=True)
def test_every_moment_fits_the_projector_with_the_file_browser_open(
    projector: tuple[Any, str],
) -> None:
    page, size = projector
    failures: list[str] = []
    for theme, locale in VARIANTS[size]:
        if theme == "dark":
            context = dark_lab(page)
            context.__enter__()
        try:
            for name, moment in stage_states.CASES:
                code = f"boards[{name!r}].locale = {locale!r}\n" + REACH.format(name, moment)
                drive(page, code, name)
                seen = page.evaluate(JS_MEASURE, name)
                where = f"{size} {name} {moment} {theme} {locale}"
                try:
                    check_stage(seen, where, seen["visible"])
                    if name == "watch":
                        assert seen["tone"] != "you", f"{where}: {seen['bannerText']!r}"
                        thinking = "überlegt" if locale == "de" else "is thinking"
                        assert thinking in seen["bannerText"], f"{where}: {seen['bannerText']!r}"
                except AssertionError as error:
                    failures.append(str(error))
                screenshot_widget(page, f"projector_{size}_{name}_{moment}_{theme}_{locale}")
                if moment == "start" and theme == "light":
                    first_move_adds_no_row(page, name, where, failures)
        finally:
            if theme == "dark":
                context.__exit__(None, None, None)
    if size == "large":
        full_screen(page, failures)
    assert not failures, "\n".join(failures)


# The rows under the board and in the side column of board ``name``: [class, height].
JS_ROWS = """(name) => {
  const mark = document.querySelector(`.board-mark[data-board="${name}"]`);
  const outs = [...document.querySelectorAll('.jp-OutputArea-child')];
  const at = outs.findIndex((o) => o.contains(mark));
  const el = outs.slice(at + 1).map((o) => o.querySelector('.cw-root')).find((r) => r);
  return [...el.querySelectorAll('.cw-controls > .cw-history, .cw-main > .cw-side > *')]
    .map((n) => [n.className, Math.round(n.getBoundingClientRect().height)]);
}"""
FIRST_MOVE = {
    "pazaak": "boards['pazaak'].end_turn()",
    "tablic": "stage_states.first_move(boards['tablic'])",
}


def first_move_adds_no_row(page: Any, name: str, where: str, failures: list[str]) -> None:
    """The history slider's row and the move log's box are there before the first move, so
    the first move adds neither: the same rows under the board and in the side column, the
    slider's row as tall."""
    if name not in FIRST_MOVE:
        return
    before = page.evaluate(JS_ROWS, name)
    drive(page, FIRST_MOVE[name], name)
    after = page.evaluate(JS_ROWS, name)
    history = [height for kind, height in before if kind == "cw-history"]
    if (
        [kind for kind, _ in before] != [kind for kind, _ in after]
        or not history
        or not (history == [height for kind, height in after if kind == "cw-history"])
    ):
        failures.append(f"{where}: the first move changed the rows: {before} -> {after}")


JS_FULL = """(name) => {
  const mark = document.querySelector(`.board-mark[data-board="${name}"]`);
  const outs = [...document.querySelectorAll('.jp-OutputArea-child')];
  const at = outs.findIndex((o) => o.contains(mark));
  const el = outs.slice(at + 1).map((o) => o.querySelector('.cw-root')).find((r) => r);
  el.querySelector('.cw-fullscreen').setAttribute('data-test-target', name);
  return true;
}"""


def full_screen(page: Any, failures: list[str]) -> None:
    """The widget's button puts its root alone on the screen, scaled to fill it with every
    essential inside; Escape returns (the button's words follow)."""
    for name, moment in (("pazaak", "mid"), ("panjpar", "mid"), ("tablic", "summary")):
        drive(page, f"boards[{name!r}].locale = 'en'\n" + REACH.format(name, moment), name)
        drawn = float(page.evaluate(JS_MEASURE, name)["scale"])  # its scale in the notebook
        page.evaluate(JS_FULL, name)
        button = page.locator(f'[data-test-target="{name}"]')
        assert button.inner_text().strip().endswith("Full screen")
        button.click()
        page.wait_for_function("() => document.fullscreenElement?.classList.contains('cw-root')")
        page.wait_for_timeout(300)
        seen = page.evaluate(JS_MEASURE.replace("scroller.scrollTop +=", "void"), name)
        where = f"full screen {name} {moment}"
        try:
            check_stage(seen, where, seen["window"])
            # The screen is taller than the notebook's visible area: the stage grows with it.
            # (Drawn with its history row and move log from the start, Pazaak mid is about as
            # tall as the screen: 0.99, no longer above 1.)
            if name == "pazaak":
                assert float(seen["scale"]) > drawn, (
                    f"{where}: not scaled to the screen (from {drawn}: {seen})"
                )
            assert button.inner_text().strip().endswith("Leave full screen"), where
        except AssertionError as error:
            failures.append(str(error))
        screenshot_widget(page, f"projector_fullscreen_{name}_{moment}")
        page.keyboard.press("Escape")
        page.wait_for_function("() => document.fullscreenElement === null", timeout=5_000)
        # The button's words follow on the fullscreenchange event, which the browser fires
        # after fullscreenElement is already null (seen under load: "Leave full screen" read
        # in that gap): wait for the words, failing after 5 s.
        page.wait_for_function(
            '(n) => document.querySelector(`[data-test-target="${n}"]`)'
            ".innerText.trim().endsWith('Full screen')",
            arg=name,
            timeout=5_000,
        )
