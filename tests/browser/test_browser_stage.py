"""The stage layout and the turn banner in JupyterLab.

Measured in JupyterLab itself (its menu, tab and toolbar chrome, the file browser collapsed),
for each game: with ``size="large"`` in a 1024x768 window, and at normal size in 1280x900.
With the widget's top at the top of the notebook, the turn banner, the learner's hand and every
move button lie inside the window and the notebook's visible area (no scrolling); large cards
are at least 90 px tall; no card label (notes, group numbers, zone labels) overlaps another, and
every group number is the topmost element at its centre (not hidden under a neighbour).
Selecting a card (by Python, and by a click shown locally before the kernel answers) and a
refused click move neither the buttons nor the hand, at both sizes. The narration line lies in
the banner's box (no empty band); narrow, the side column folds with a button. Screenshots of
each game and size, light, dark and German, go to ``test-artifacts/screenshots/stage_*``.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from . import a11y_states, widget_page
from .harness import (
    Server,
    kernel_exec,
    lab_theme,
    open_in_jupyter,
    screenshot,
    wait_for_widget,
    write_notebook,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(420)]

GAMES = a11y_states.available()
SIZES = {"large": (1024, 768), "normal": (1280, 900)}

SETUP = """
import sys
sys.path.insert(0, {path!r})
import a11y_states
w = a11y_states.widget({game!r}, size={size!r})
a11y_states.reach(w, "selected")
w
""".strip()

# The widget's top at the top of the notebook's scroller, then every box that must be in sight.
JS_MEASURE = """(root) => {
  const el = document.querySelector(root);
  const scroller = el.closest('.jp-WindowedPanel-outer') || el.closest('.jp-Notebook');
  scroller.scrollTop += el.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  const box = (n) => { const r = n.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, width: r.width,
            height: r.height}; };
  const all = (sel) => Array.from(el.querySelectorAll(sel)).filter((n) => n.getClientRects().length);
  const labels = all('.cw-note, .cw-groupnum, .cw-zone-label').map((n) => ({...box(n),
    text: n.textContent, kind: n.className}));
  const hidden = all('.cw-groupnum').filter((n) => { const r = n.getBoundingClientRect();
    const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== n && !n.contains(top); }).map((n) => n.textContent);
  return {
    window: {width: innerWidth, height: innerHeight},
    visible: box(scroller),
    widget: box(el),
    banner: box(el.querySelector('.cw-banner')),
    hand: box(el.querySelector('[data-zone="hand"]')),
    cards: all('[data-zone="hand"] .cw-card').map(box),
    buttons: all('.cw-actions .cw-action, .cw-options .cw-option').map((n) => ({...box(n),
      id: n.dataset.action || 'option ' + n.dataset.option})),
    labels, hidden,
  };
}"""


def inside(item: dict[str, float], area: dict[str, float]) -> bool:
    return (
        item["top"] >= area["top"] - 0.5
        and item["bottom"] <= area["bottom"] + 0.5
        and item["left"] >= area["left"] - 0.5
        and item["right"] <= area["right"] + 0.5
    )


def overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return (
        min(a["right"], b["right"]) - max(a["left"], b["left"]) > 0.5
        and min(a["bottom"], b["bottom"]) - max(a["top"], b["top"]) > 0.5
    )


def check_fits(seen: dict[str, Any], size: str, where: str, *, smallest: float = 90) -> None:
    """The banner, the hand and the buttons in sight; big cards (large: ``smallest`` px tall or
    more); no label on another."""
    window = {"left": 0, "top": 0, "right": seen["window"]["width"]}
    window["bottom"] = seen["window"]["height"]
    boxes = [("banner", seen["banner"]), ("hand", seen["hand"])]
    boxes += [(f"button {b['id']}", b) for b in seen["buttons"]]
    for name, item in boxes:
        assert inside(item, window) and inside(item, seen["visible"]), (
            f"{where}: {name} {item} is out of sight (window {seen['window']}, "
            f"notebook {seen['visible']}, widget {seen['widget']})"
        )
    assert seen["buttons"] and seen["cards"], where
    if size == "large":
        heights = [card["height"] for card in seen["cards"]]
        assert min(heights) >= smallest, f"{where}: hand cards {heights} px tall"
    for a, b in itertools.combinations(seen["labels"], 2):
        assert not overlap(a, b), f"{where}: {a['text']!r} overlaps {b['text']!r}"
    assert not seen["hidden"], f"{where}: group numbers {seen['hidden']} are covered"


@pytest.fixture
def stage(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path], request: pytest.FixtureRequest
) -> Iterator[tuple[Any, str, str]]:
    """The game's widget at the size, in a window of the size's dimensions, file browser shut."""
    game, size = request.param
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    path = str(Path(a11y_states.__file__).parent)
    name = write_notebook(
        browser_dirs["jupyter"],
        f"stage_{game}_{size}.ipynb",
        [SETUP.format(path=path, game=game, size=size)],
    )
    open_in_jupyter(page, lab_server, name, workspace=f"stage-{game}-{size}")
    root = f'.cw-root[data-game="{game}"][data-size="{size}"]'
    wait_for_widget(page, root)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_timeout(300)
    try:
        yield page, game, size
    finally:
        lab_theme(page, "light")


def drive(page: Any, root: str, code: str) -> None:
    """Run ``code`` on ``w`` in the kernel and wait until the page shows the new scene."""
    out = kernel_exec(page, f"{code}\nprint(w.version)")
    version = int(out.strip().splitlines()[-1])
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) >= v",
        arg=[root, version],
        timeout=20_000,
    )


CASES = [(game, size) for game in GAMES for size in SIZES]


@pytest.mark.parametrize("stage", CASES, ids=[f"{g}-{s}" for g, s in CASES], indirect=True)
def test_the_board_hand_buttons_and_banner_fit_one_screen(stage: tuple[Any, str, str]) -> None:
    page, game, size = stage
    root = f'.cw-root[data-game="{game}"]'
    for theme, locale in (("light", "en"), ("light", "de"), ("dark", "en")):
        if theme == "dark":
            lab_theme(page, "dark")
        drive(page, root, f"w.locale = {locale!r}\na11y_states.reach(w, 'selected')")
        where = f"{game} {size} {theme} {locale}"
        seen = page.evaluate(JS_MEASURE, root)
        check_fits(seen, size, where)
        banner = page.locator(f"{root} .cw-banner")
        assert banner.get_attribute("data-tone") == "you", where
        assert banner.inner_text().startswith("Du bist dran" if locale == "de" else "Your turn")
        assert page.locator(f'{root} [data-zone="hand"][data-turn="true"]').count() == 1
        screenshot_widget(page, f"stage_{game}_{size}_{theme}_{locale}")


def screenshot_widget(page: Any, name: str) -> None:
    """The window as the class sees it (not the full page): what is in sight is what counts."""
    path = screenshot(page, name)
    page.screenshot(path=str(path), full_page=False, timeout=15_000)


JS_FIXED = """(root) => {
  const el = document.querySelector(root);
  const pick = (sel) => Array.from(el.querySelectorAll(sel)).map((n) => {
    const r = n.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; });
  return {buttons: pick('.cw-actions .cw-action'), hand: pick('[data-zone="hand"]'),
          zones: pick('.cw-zone')};
}"""


@pytest.mark.parametrize("stage", CASES, ids=[f"{g}-{s}" for g, s in CASES], indirect=True)
def test_nothing_moves_when_a_card_is_selected_or_a_click_is_refused(
    stage: tuple[Any, str, str],
) -> None:
    """At both sizes: a card selected by Python, a refusal, and a click's local selection (shown
    while the kernel is held back) and the kernel's scene that confirms it."""
    page, game, size = stage
    root = f'.cw-root[data-game="{game}"]'
    drive(page, root, "a11y_states.reach(w, 'fresh')")
    page.evaluate(JS_MEASURE, root)  # the widget's top at the top of the notebook
    before = page.evaluate(JS_FIXED, root)
    for state in ("selected", "message"):
        drive(page, root, f"a11y_states.reach(w, {state!r})")
        after = page.evaluate(JS_FIXED, root)
        assert after == before, f"{game} {size}: {state} moved the board: {before} -> {after}"
    assert page.locator(f"{root} .cw-message").inner_text().strip()
    drive(page, root, "a11y_states.reach(w, 'fresh')")
    zone, card = a11y_states.FIRST_CLICK[game]
    shown = widget_page.version(page, root)
    widget_page.hold_kernel(page, 3)
    page.locator(f'{root} [data-zone="{zone}"] [data-card="{card}"]').click()
    local = page.evaluate(JS_FIXED, root)
    assert widget_page.version(page, root) == shown, f"{game}: the kernel answered too soon"
    assert page.locator(f'{root} .cw-card[data-pending="true"]').count() == 1, game
    assert local == before, f"{game} {size}: the local selection moved the board: {local}"
    widget_page.wait_version_after(page, root, shown, timeout=30)
    confirmed = page.evaluate(JS_FIXED, root)
    assert confirmed == before, f"{game} {size}: the kernel's scene moved the board: {confirmed}"


JS_NARRATION = """(root) => {
  const el = document.querySelector(root);
  const box = (sel) => { const r = el.querySelector(sel).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  return {banner: box('.cw-banner'), announce: box('.cw-announce'), message: box('.cw-message'),
          main: box('.cw-main'), gap: parseFloat(getComputedStyle(el).rowGap)};
}"""


@pytest.mark.parametrize("stage", [(g, "normal") for g in GAMES], ids=GAMES, indirect=True)
def test_no_empty_band_under_the_banner_and_the_side_column_folds_when_narrow(
    stage: tuple[Any, str, str],
) -> None:
    """The narration line lies inside the banner's box (no empty row between the banner and
    the board), a refusal too; narrow, the side column has a show/hide button (en, de)."""
    page, game, _size = stage
    root = f'.cw-root[data-game="{game}"]'
    drive(page, root, "a11y_states.reach(w, 'fresh')")
    seen = page.evaluate(JS_NARRATION, root)
    assert seen["main"]["top"] - seen["banner"]["bottom"] <= seen["gap"] + 1, seen
    assert inside(seen["announce"], seen["banner"]), seen
    toggle = page.locator(f"{root} .cw-side-toggle")
    assert not toggle.is_visible(), f"{game}: the side button shows when the column fits beside"
    drive(page, root, "a11y_states.reach(w, 'message')")
    seen = page.evaluate(JS_NARRATION, root)
    assert inside(seen["message"], seen["banner"]), seen
    page.set_viewport_size({"width": 640, "height": 900})
    page.wait_for_timeout(300)
    side = page.locator(f"{root} .cw-main > .cw-side")
    # Narrow, the column starts open where the stage fits, folded where it is tight (js/fit.ts:
    # the one-line score beside the button); the learner's choice is kept either way.
    tight = page.locator(root).get_attribute("data-fit") == "tight"
    assert toggle.is_visible() and side.is_visible() is not tight, game
    assert toggle.get_attribute("aria-expanded") == str(not tight).lower()
    if tight:
        line = page.locator(f"{root} .cw-scoreline")  # where the scene has a score sheet
        assert line.count() == 0 or line.is_visible(), game
        toggle.click()
    assert side.is_visible() and toggle.get_attribute("aria-expanded") == "true", game
    assert toggle.get_attribute("aria-controls") == side.get_attribute("id")
    assert toggle.inner_text().strip() == "Score, colours and moves"
    screenshot_widget(page, f"stage_{game}_narrow_open")
    toggle.click()
    assert toggle.get_attribute("aria-expanded") == "false" and not side.is_visible(), game
    drive(page, root, "w.locale = 'de'")  # a new scene: the choice stays, the words change
    assert toggle.get_attribute("aria-expanded") == "false" and not side.is_visible(), game
    assert toggle.inner_text().strip() == "Punkte, Farben und Züge"
    screenshot_widget(page, f"stage_{game}_narrow_closed_de")
    toggle.click()
    assert side.is_visible(), game
    drive(page, root, "w.locale = 'en'")
