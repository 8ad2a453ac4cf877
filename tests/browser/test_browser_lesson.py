"""A lesson in JupyterLab: the Pazaak odds lesson stepped through by clicks, a chance typed in
the panel's answer field answered wrong (the button) then right (Enter), the feedback read in
the page, the panel never cut; axe finds nothing in light English and dark German. (Every
question kind answered by intents, Stand and End turn among them: tests/test_widget_lesson.py.)
Screenshots go to ``test-artifacts/screenshots/lesson_*``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from . import axe
from .harness import Server, dark_lab, kernel_exec, open_lab_notebook, screenshot
from .widget_page import version, wait_version_after

pytestmark = [pytest.mark.browser, pytest.mark.timeout(90)]

ROOT = '.cw-root[data-game="pazaak"]'
CELL = """
from cardwidgets.widgets import LessonWidget
w = LessonWidget("pazaak-odds", pace=0)
w
""".strip()


def act(page: Any, click: Any) -> None:
    """Do ``click`` and wait for the kernel's next scene."""
    before = version(page, ROOT)
    click()
    wait_version_after(page, ROOT, before)


def panel(page: Any) -> str:
    text: str = page.locator(f"{ROOT} .cw-analysis-text").inner_text()
    return text


def button(page: Any, action: str) -> Any:
    return page.locator(f'{ROOT} button[data-action="{action}"]')


JS_CUT = """(root) => {
  const cut = (el) => !el || el.scrollHeight > el.clientHeight + 1;
  const r = document.querySelector(root);
  return {panel: cut(r.querySelector('.cw-analysis')), side: cut(r.querySelector('.cw-side'))};
}"""


def assert_panel_whole(page: Any) -> None:
    """The lesson's panel and the side column around it show all they hold (nothing cut)."""
    assert page.evaluate(JS_CUT, ROOT) == {"panel": False, "side": False}


def assert_axe_clean(page: Any, name: str) -> None:
    judged = axe.run(page, ROOT)
    assert not judged["violations"], f"{name}: {axe.describe(judged['violations'])}"


def test_a_lesson_is_answered_wrong_and_right_by_clicks(
    page: Any, lab_server: Server, browser_dirs: dict[str, Path]
) -> None:
    open_lab_notebook(page, lab_server, browser_dirs["jupyter"], "lesson", [CELL], ROOT)
    page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
    assert page.locator(f"{ROOT} .cw-analysis .cw-side-title").inner_text() == "Step 1 of 4"
    act(page, button(page, "lesson-next").click)

    # The chance question: typed in the panel, a wrong answer, then the right one by Enter.
    field = page.locator(f'{ROOT} .cw-analysis [data-answer="text"]')
    assert field.is_visible()
    field.fill("50%")
    act(page, page.locator(f'{ROOT} .cw-analysis [data-answer="send"]').click)
    assert "Your answer: 50%. Not quite." in panel(page)
    assert page.locator(f"{ROOT} .cw-banner").inner_text().startswith("Not quite")
    assert_panel_whole(page)
    screenshot(page, "lesson_wrong_light_en")
    assert_axe_clean(page, "wrong, light, en")
    field = page.locator(f'{ROOT} .cw-analysis [data-answer="text"]')
    field.fill("13/36")
    act(page, lambda: field.press("Enter"))
    assert "Your answer: 13/36. Right. 36 cards are unseen." in panel(page)
    assert page.locator(f'{ROOT} .cw-analysis [data-answer="text"]').count() == 0
    screenshot(page, "lesson_right_light_en")

    answers = kernel_exec(page, "print([(a.step, a.answer, a.correct) for a in w.attempts])")
    assert answers.strip() == "[(2, '50%', False), (2, '13/36', True)]"

    with dark_lab(page):
        screenshot(page, "lesson_right_dark_en")
        kernel_exec(page, "w.locale = 'de'\nw.next_step()")
        page.wait_for_function(
            "(root) => document.querySelector(root + ' .cw-side-title').textContent"
            ".startsWith('Schritt 3 von 4')",
            arg=ROOT,
            timeout=20_000,
        )
        assert page.locator(f"{ROOT} .cw-answer-label").inner_text().startswith("Deine Antwort")
        assert_panel_whole(page)
        screenshot(page, "lesson_chance_dark_de")
        assert_axe_clean(page, "chance, dark, de")
    screenshot(page, "lesson_chance_light_de")
