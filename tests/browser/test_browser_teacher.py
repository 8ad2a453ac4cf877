"""The teacher panel in JupyterLab: choose the opponent, start the game of
seed 7, play, undo, reveal the computer's hand, each from the page, each checked in the kernel
and in the page; axe finds no violation in the panel (light English, dark German). The panel open, the board still fits the stage (1024x768 at ``size="large"``,
1280x900 normal: the checks of test_browser_stage). Screenshots (light, German, dark, large
and normal) go to ``test-artifacts/screenshots/teacher_*``.
"""

from __future__ import annotations

import itertools
import json
from pathlib import Path
from typing import Any

import pytest

from . import axe
from .harness import Server, kernel_exec, lab_theme, open_in_jupyter, screenshot, write_notebook
from .test_browser_stage import JS_MEASURE, check_fits, inside, screenshot_widget

pytestmark = [pytest.mark.browser, pytest.mark.timeout(120)]

ROOT = '.cw-root[data-game="tablic"]'
PANEL = f"{ROOT} .cw-teacher"
CELL = """
from cardwidgets.widgets import TablicWidget
w = TablicWidget(seed=1, teacher=True, size="large", pace=0)  # replies at once (frames: test_browser_reply)
w
""".strip()


def kernel_json(page: Any, expression: str) -> Any:
    """``expression`` evaluated in the kernel, as JSON."""
    out = kernel_exec(page, f"import json as _j\nprint(_j.dumps({expression}))")
    return json.loads(out.strip().splitlines()[-1])


def drawn(page: Any) -> None:
    """Wait until the page shows the kernel's latest scene."""
    version = kernel_json(page, "w.version")
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) >= v",
        arg=[ROOT, version],
        timeout=20_000,
    )


def after(page: Any, act: Any) -> None:
    """Do ``act`` in the page and wait until the kernel answered it with a new scene."""
    before = kernel_json(page, "w.version")
    act()
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) > v",
        arg=[ROOT, before],
        timeout=20_000,
    )
    drawn(page)


def hand(page: Any, zone: str = "hand") -> list[str]:
    found: list[str] = page.locator(f'{ROOT} [data-zone="{zone}"] .cw-card').evaluate_all(
        "(nodes) => nodes.map((n) => n.dataset.kind === 'back' ? 'back' : n.dataset.card)"
    )
    return found


def fits(page: Any, size: str, where: str, *, smallest: float = 90) -> None:
    seen = page.evaluate(JS_MEASURE, ROOT)
    check_fits(seen, size, where, smallest=smallest)


def shoot(page: Any, name: str, *, judge: bool = False) -> None:
    """The window (the board in sight), then the panel itself (below the board at 1024x768
    large, where the side column wraps under it)."""
    screenshot_widget(page, name)
    panel = page.locator(PANEL)
    panel.scroll_into_view_if_needed()
    panel.screenshot(path=str(screenshot(page, f"{name}_panel")), timeout=15_000)
    if judge:  # the panel's markup: labels, names, contrast, target size
        judged = axe.run(page, PANEL)
        assert not judged["violations"], f"{name}: {axe.describe(judged['violations'])}"


def test_teacher_chooses_an_opponent_deals_seed_7_plays_undoes_and_reveals(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    write_notebook(browser_dirs["jupyter"], "teacher.ipynb", [CELL])
    open_in_jupyter(page, lab_server, "teacher.ipynb", workspace="teacher")
    page.locator(PANEL).wait_for(state="visible", timeout=90_000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    drawn(page)
    panel = page.locator(PANEL)

    # The opponent: chosen in the page, made in the kernel.
    after(page, lambda: panel.locator('[data-teacher="opponent"]').select_option("expert"))
    assert kernel_json(page, "w.opponent_name") == "expert"
    assert panel.locator('[data-teacher="opponent"]').input_value() == "expert"

    # Seed 7: the game TablicWidget(seed=7) deals, its hand in the page.
    panel.locator('[data-teacher="seed"]').fill("7")
    after(page, lambda: panel.locator('[data-teacher="new"]').click())
    assert kernel_json(page, "w.game_seed") == 7
    dealt = kernel_json(
        page, "[c.text for c in TablicWidget(seed=7, opponent='expert').state.hands[0]]"
    )
    assert hand(page) == dealt
    assert panel.locator('[data-teacher="seed"]').get_attribute("placeholder") == "7"
    assert panel.locator('[data-teacher="undo"]').is_disabled()

    # Play (the learner's first legal move, the expert replies), then undo it in the page.
    kernel_exec(page, "w.play(w.state.legal_moves()[0])")
    drawn(page)
    assert len(hand(page)) == len(dealt) - 1
    after(page, lambda: panel.locator('[data-teacher="undo"]').click())
    assert kernel_json(page, "[w.state.ply, len(w.branches)]") == [0, 2]  # old game, undone line
    assert hand(page) == dealt
    assert "taken back" in page.locator(f"{ROOT} .cw-announce").inner_text()

    # Reveal: the computer's hand face up, as the kernel holds it.
    assert set(hand(page, "opponent-hand")) == {"back"}
    after(page, lambda: panel.locator('[data-teacher="reveal"]').check())
    theirs = kernel_json(page, "[c.text for c in w.state.hands[1]]")
    assert kernel_json(page, "w.open_hands") is True
    assert hand(page, "opponent-hand") == theirs
    # Revealed, the computer's hand is drawn at full card size for the class: the live view
    # fits the taller stage to the screen (js/fit.ts), large cards 75 px or more (76 seen).
    fits(page, "large", "teacher large light en", smallest=75)
    shoot(page, "teacher_large_light_en", judge=True)

    kernel_exec(page, "w.locale = 'de'")
    drawn(page)
    assert panel.locator(".cw-teacher-title").inner_text() == "Lehrkraft"
    fits(page, "large", "teacher large light de", smallest=75)
    shoot(page, "teacher_large_light_de")

    lab_theme(page, "dark")
    try:
        fits(page, "large", "teacher large dark de", smallest=75)
        shoot(page, "teacher_large_dark_de", judge=True)
    finally:
        lab_theme(page, "light")

    page.set_viewport_size({"width": 1280, "height": 900})
    kernel_exec(page, "w.locale = 'en'\nw.size = 'normal'")
    drawn(page)
    fits(page, "normal", "teacher normal light en")
    shoot(page, "teacher_normal_light_en")

    # Folded, it stays folded across a new scene.
    panel.locator(".cw-teacher-title").click()
    kernel_exec(page, "w.refresh()")
    drawn(page)
    assert page.locator(PANEL).get_attribute("open") is None


# -- One projector screen: the whole widget, the teacher panel open ---------------------------
# The widget's top at the top of the notebook (as test_browser_stage measures), then: the page
# does not scroll, and the whole widget (header, banner, board, the side column with the teacher
# panel, score, legend and a full move log) lies inside the window and the notebook's visible
# area, at each size, in English and German; the stage's checks (hand and buttons in sight, big
# cards, no label over another) hold too.
SCREENS = {"720p": (1280, 720), "1080p": (1920, 1080)}
GAMES = ("tablic", "panjpar", "pazaak")
PROJECTOR_CELLS = [
    """
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget


def long_game(w, moves=14):
    # A game well under way: the move log at its full height, then a hint selects a move.
    # (Pazaak: no side-deck card played, so the hand still holds cards to measure.)
    for _ in range(300):
        if w.state.is_over or (len(w.moves_log) >= moves and w.is_my_turn()):
            break
        if w.paused:
            w.next()
        elif w.is_my_turn():
            legal = w.state.legal_moves()
            w.play(next((m for m in legal if not str(m).startswith("play ")), legal[0]))
    if w.is_my_turn():
        w.hint()
    return w


boards = {
    "tablic": long_game(TablicWidget(seed=3, teacher=True, pace=0)),
    "panjpar": long_game(PanjparWidget(seed=3, teacher=True, pace=0)),
    "pazaak": long_game(PazaakWidget(seed=3, teacher=True, pace=0)),
}
# One cell, one output area (no notebook windowing between them): each is scrolled to the top.
display(*boards.values())
""".strip(),
]

JS_WHOLE = """(root) => {
  const el = document.querySelector(root);
  const box = (n) => { const r = n.getBoundingClientRect();
    return {left: r.left, top: r.top, right: r.right, bottom: r.bottom, height: r.height}; };
  const part = (sel) => { const n = el.querySelector(sel); return n ? box(n) : null; };
  const page = document.scrollingElement || document.documentElement;
  return {
    page: {scroll: page.scrollHeight, client: page.clientHeight},
    widget: box(el),
    teacher: part('.cw-teacher'),
    side: part('.cw-main > .cw-side'),
    board: part('.cw-board'),
    log: part('.cw-log-panel'),
    open: el.querySelector('.cw-teacher').open,
    newest: (() => { const b = el.querySelector('.cw-log-box');
      return b.scrollHeight - b.scrollTop - b.clientHeight < 8; })(),
  };
}"""


def whole_widget_fits(
    page: Any, root: str, size: str, where: str, *, smallest: float = 90
) -> dict[str, Any]:
    seen = page.evaluate(JS_MEASURE, root)  # the widget's top at the top of the notebook
    assert abs(seen["widget"]["top"] - seen["visible"]["top"]) <= 2, f"{where}: not scrolled up"
    check_fits(seen, size, where, smallest=smallest)
    whole = page.evaluate(JS_WHOLE, root)
    assert whole["page"]["scroll"] <= whole["page"]["client"], f"{where}: the page scrolls"
    assert whole["open"] and whole["teacher"] and whole["log"], f"{where}: {whole}"
    assert whole["newest"], f"{where}: the move log is not scrolled to its newest entry"
    window = {"left": 0, "top": 0, "right": seen["window"]["width"]}
    window["bottom"] = seen["window"]["height"]
    for name in ("widget", "teacher", "side", "board"):
        assert inside(whole[name], window) and inside(whole[name], seen["visible"]), (
            f"{where}: the {name} {whole[name]} is out of sight (window {seen['window']}, "
            f"notebook {seen['visible']}; widget {whole['widget']}, board {whole['board']}, "
            f"side {whole['side']}, teacher {whole['teacher']})"
        )
    return whole


# At large size a 1280x720 JupyterLab window shows 599 px of notebook: the board as drawn (cards
# of 94 px, a Panjpar hand of 11 in two rows) is taller than that, so the live view fits the
# stage to it (js/fit.ts: tight, then scaled): every part in sight, large cards 75 px or more
# (normal cards are 67 px; an 11-card Panjpar hand was seen at 77).
SMALLEST = {"720p": 75.0, "1080p": 90.0}
PROJECTOR_CASES = [
    pytest.param("720p", "normal", id="720p-normal"),
    pytest.param("720p", "large", id="720p-large"),
    pytest.param("1080p", "normal", id="1080p-normal"),
    pytest.param("1080p", "large", id="1080p-large"),
]


@pytest.mark.timeout(400)
@pytest.mark.parametrize(("screen", "size"), PROJECTOR_CASES)
def test_the_whole_widget_with_the_teacher_panel_fits_one_projector_screen(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path], screen: str, size: str
) -> None:
    width, height = SCREENS[screen]
    page.set_viewport_size({"width": width, "height": height})
    name = write_notebook(
        browser_dirs["jupyter"], f"projector_{screen}_{size}.ipynb", PROJECTOR_CELLS
    )
    open_in_jupyter(page, lab_server, name, workspace=f"projector-{screen}-{size}")
    for game in GAMES:
        page.locator(f'.cw-root[data-game="{game}"] .cw-teacher').wait_for(timeout=90_000)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    page.wait_for_timeout(300)
    cases = [("light", game, locale) for game, locale in itertools.product(GAMES, ("en", "de"))]
    cases += [("dark", game, "de") for game in GAMES] if size == "large" else []
    try:
        for theme, game, locale in cases:
            if theme == "dark" and game == GAMES[0]:
                lab_theme(page, "dark")
            root = f'.cw-root[data-game="{game}"]'
            set_options(page, root, game, size, locale)
            where = f"{game} {screen} {size} {theme} {locale}"
            try:
                whole_widget_fits(page, root, size, where, smallest=SMALLEST[screen])
            finally:
                screenshot_widget(page, f"projector_{screen}_{game}_{size}_{theme}_{locale}")
    finally:
        lab_theme(page, "light")


def set_options(page: Any, root: str, game: str, size: str, locale: str) -> None:
    """Set the size and language of ``boards[game]`` and wait for the page to draw them."""
    out = kernel_exec(
        page, f"b = boards[{game!r}]\nb.size = {size!r}\nb.locale = {locale!r}\nprint(b.version)"
    )
    version = int(out.strip().splitlines()[-1])
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) >= v",
        arg=[root, version],
        timeout=20_000,
    )
    page.wait_for_timeout(150)  # the layout settles (fonts, container queries)


# -- While the computer's move plays ------------------------------------------------------------
FRAMES_CELL = """
from cardwidgets.widgets import TablicWidget
w = TablicWidget(seed=1, teacher=True, pace=6)  # the computer's move shows for 6 s
w
""".strip()


def test_while_the_computers_move_plays_the_log_waits_for_it_and_undo_first_skips(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    page.set_viewport_size({"width": 1280, "height": 900})
    write_notebook(browser_dirs["jupyter"], "teacher_frames.ipynb", [FRAMES_CELL])
    open_in_jupyter(page, lab_server, "teacher_frames.ipynb", workspace="teacher-frames")
    page.locator(PANEL).wait_for(state="visible", timeout=90_000)
    drawn(page)
    kernel_exec(page, 'w.play("A♣ x 4♥ 7♦")')  # the computer replies J♥ x J♠, played out
    page.locator(f'{ROOT}[data-playing="true"]').wait_for(timeout=20_000)
    mine = kernel_json(page, "w.moves_log")[0]
    shown = page.locator(f"{ROOT} .cw-log li").all_inner_texts()
    assert shown == [mine], f"the log lists the computer's move before its frame: {shown}"
    assert page.locator(f"{ROOT} [data-history]").input_value() == "1"
    assert page.locator(f"{ROOT} .cw-banner").inner_text().startswith("Computer plays J♥")
    # Undo while the move plays: the frames end first (the settled board, its log), then the
    # undo acts on it: back to the learner's turn before the move.
    after(page, lambda: page.locator(f'{PANEL} [data-teacher="undo"]').click())
    assert page.locator(f'{ROOT}[data-playing="true"]').count() == 0
    assert kernel_json(page, "[w.state.ply, len(w.branches)]") == [0, 1]
    assert page.locator(f"{ROOT} .cw-log li").count() == 0
