"""Lesson pages in Chromium, opened from file:// with every other request blocked: in each game
an exercise is answered wrong and right by clicks on the board (and by keys), the verdict shows,
the progress survives a reload and the answers download as JSON; axe finds nothing in English or
German; a damaged page says so; the page plays inside a sandboxed iframe without storage."""

from __future__ import annotations

import html
import json
from pathlib import Path
from typing import Any

import pytest
from lesson_texts import SIGNS

from cardwidgets import lessons

from . import axe
from .test_browser_replay import block_the_network

pytestmark = pytest.mark.browser


def _open(page: Any, tmp_path: Path, name: str, locale: str = "en") -> list[str]:
    path = lessons.load(name).save_html(tmp_path / f"{name}-{locale}.html", locale=locale)
    blocked = block_the_network(page)
    page.goto(path.as_uri())
    page.locator(".cw-lesson-page").wait_for()
    return blocked


def _to_step(page: Any, step: int) -> None:
    """Step with the page's Next and Previous buttons until step ``step`` (0-based) shows."""
    while (at := int(page.locator(".cw-lesson-page").get_attribute("data-step"))) != step:
        page.locator(f'[data-lesson="{"next" if at < step else "previous"}"]').click()


def _card(page: Any, zone: str, card: str) -> Any:
    return page.locator(f'[data-zone="{zone}"] [data-card="{card}"]')


def _verdict(page: Any) -> str:
    return str(page.locator(".cw-lesson-verdict").text_content())


def _download(page: Any) -> dict[str, Any]:
    with page.expect_download() as found:
        page.locator('[data-lesson="download"]').click()
    answers: dict[str, Any] = json.loads(Path(found.value.path()).read_text(encoding="utf-8"))
    return answers


def test_tablic_answered_by_clicks_kept_across_a_reload_and_downloaded(
    page: Any, tmp_path: Path
) -> None:
    blocked = _open(page, tmp_path, "tablic-captures")
    _to_step(page, 1)  # exercise 1: which captures are legal?
    page.get_by_role("button", name="8♥ captures 3♠ 5♦").click()
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Not quite. 3 + 5 = 8")
    for label in ("8♥ captures 2♣ 6♥", "K♣ captures 3♠ 5♦ 6♥"):
        page.get_by_role("button", name=label).click()
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Right. 3 + 5 = 8")
    _to_step(page, 2)  # exercise 2: the best move, on the board
    for zone, card in (("hand", "8♥"), ("table", "3♠"), ("table", "5♦")):
        _card(page, zone, card).click()
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Not quite. The 8 takes both groups")
    assert page.locator(".cw-lesson-verdict").get_attribute("data-correct") == "false"
    _card(page, "table", "2♣").focus()  # the keyboard works the board too
    page.keyboard.press("Enter")
    _card(page, "table", "6♥").click()
    assert _card(page, "table", "6♥").get_attribute("aria-pressed") == "true"
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Right. The 8 takes both groups")
    page.locator('[data-lesson="hint"]').click()
    assert page.locator(".cw-lesson-hints li").count() == 1
    page.reload()
    page.locator(".cw-lesson-page").wait_for()
    assert page.locator(".cw-lesson-page").get_attribute("data-step") == "2"
    assert _verdict(page).startswith("Right. The 8 takes both groups")
    assert page.locator(".cw-lesson-score").text_content() == (
        "2 of 3 exercises right, 0 wrong, 1 not answered yet."
    )
    answers = _download(page)
    assert (answers["right"], answers["wrong"], answers["open"]) == (2, 0, 1)
    assert answers["exercises"][1] == {
        "exercise": 2, "question": "best", "answer": "8♥ x 2♣ 3♠ 5♦ 6♥", "correct": True,
    }  # fmt: skip
    assert blocked == []


def test_panjpar_defence_answered_by_clicks_in_german(page: Any, tmp_path: Path) -> None:
    blocked = _open(page, tmp_path, "panjpar-defence", "de")
    _to_step(page, 2)  # exercise 2: beat the J♥, keeping the trump
    _card(page, "battle", "J♥").click()
    _card(page, "hand", "3♣").click()
    page.get_by_role("button", name="Antwort prüfen").click()
    assert _verdict(page).startswith("Nicht ganz. Beide schlagen den J♥")
    page.get_by_role("button", name="Auswahl löschen").click()
    _card(page, "battle", "J♥").click()
    _card(page, "hand", "A♥").click()
    page.get_by_role("button", name="Antwort prüfen").click()
    assert _verdict(page).startswith("Richtig. Beide schlagen den J♥")
    _to_step(page, 3)  # exercise 3: picking up is best, a button of its own
    page.get_by_role("button", name="Alle aufnehmen").click()
    assert _verdict(page).startswith("Richtig. Aufnehmen sieht schlecht aus")
    page.reload()
    page.locator(".cw-lesson-page").wait_for()
    assert page.locator(".cw-lesson-page").get_attribute("data-step") == "3"
    assert _verdict(page).startswith("Richtig.")
    page.locator('[data-lesson="next"]').click()  # the summary
    assert page.locator('.cw-lesson-summary-list [data-correct="true"]').count() == 2
    answers = _download(page)
    assert (answers["right"], answers["open"], answers["locale"]) == (2, 1, "de")
    assert blocked == []


def test_pazaak_chance_buttons_and_a_side_card(page: Any, tmp_path: Path) -> None:
    blocked = _open(page, tmp_path, "pazaak-odds")
    _to_step(page, 1)  # exercise 1: the chance to bust
    field = page.get_by_label("Your answer")
    field.fill("50%")
    field.press("Enter")
    assert _verdict(page).startswith("Not quite. 36 cards are unseen")
    field.fill("13/36")
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Right. 36 cards are unseen")
    _to_step(page, 3)  # exercise 3: stand or draw
    page.get_by_role("button", name="Stand", exact=True).click()
    assert _verdict(page).startswith("Not quite. Standing on 18")
    page.get_by_role("button", name="End turn").click()
    assert _verdict(page).startswith("Right. Standing on 18")
    page.reload()
    page.locator(".cw-lesson-page").wait_for()
    _to_step(page, 1)
    assert page.get_by_label("Your answer").input_value() == "13/36"
    assert _download(page)["right"] == 2
    # a side card played by a click on the hand
    _open(page, tmp_path, "pazaak-standing")
    _to_step(page, 3)
    _card(page, "hand", "-1").click()
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Not quite. The +2 makes 20")
    page.locator('[data-lesson="clear"]').click()
    _card(page, "hand", "+2").click()
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Right. The +2 makes 20")
    # a ± card: its cards make two moves, so the page asks which one is meant
    path = lessons.load(SIGNS).save_html(tmp_path / "signs.html")
    page.goto(path.as_uri())
    _to_step(page, 0)
    _card(page, "hand", "+1#2").click()  # the second copy of a card held twice
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page).startswith("Not quite. The ±2 played as +2")
    page.locator('[data-lesson="clear"]').click()
    _card(page, "hand", "±2").click()
    page.locator('[data-lesson="check"]').click()
    assert _verdict(page) == "These cards make more than one move. Which one do you mean?"
    page.get_by_role("button", name="Play ±2 as +2").click()
    assert _verdict(page).startswith("Right. The ±2 played as +2")
    assert blocked == []


def test_lesson_pages_have_no_axe_violations_in_either_language(
    chromium: Any, tmp_path: Path
) -> None:
    # axe is injected as a script: this context lets it past the page's own policy
    context = chromium.new_context(bypass_csp=True, viewport={"width": 1280, "height": 900})
    try:
        page = context.new_page()
        for name, locale, steps in (
            ("tablic-captures", "en", (0, 1, 2)),  # prose, legal, best
            ("pazaak-odds", "de", (1, 3)),  # chance, best by buttons
            ("panjpar-defence", "de", (2, 4)),  # best by clicks, the summary
        ):
            path = lessons.load(name).save_html(tmp_path / f"{name}.html", locale=locale)
            page.goto(path.as_uri())
            page.locator(".cw-lesson-page").wait_for()
            for step in steps:
                _to_step(page, step)
                if page.locator('[data-lesson="hint"]').count():
                    page.locator('[data-lesson="hint"]').click()
                if page.locator('[data-lesson="check"]').count():
                    page.locator('[data-lesson="check"]').click()  # a sentence shows
                result = axe.run(page, ".cw-lesson")
                assert result["rules"] > 10, result  # axe did judge the page
                assert not result["violations"], (name, step, axe.describe(result["violations"]))
    finally:
        context.close()


def test_a_damaged_page_says_so_and_a_sandboxed_frame_plays_without_storage(
    page: Any, tmp_path: Path
) -> None:
    text = lessons.load("tablic-lastround").to_html()
    start = text.index('class="cw-lesson-data">')
    cut = tmp_path / "cut.html"
    cut.write_text(text[: start + 3000], encoding="utf-8")
    blocked = block_the_network(page)
    page.goto(cut.as_uri())
    alert = page.get_by_role("alert")
    assert alert.text_content().startswith("This lesson page is damaged")
    assert page.locator(".cw-lesson-page").count() == 0
    # embedded as a learning platform would: a sandboxed iframe (scripts only, no storage)
    frame_page = tmp_path / "platform.html"
    source = html.escape(text, quote=True)
    frame_page.write_text(
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Course</title></head>'
        f'<body><iframe title="Lesson" sandbox="allow-scripts" style="width:100%;height:800px" '
        f'srcdoc="{source}"></iframe></body></html>',
        encoding="utf-8",
    )
    page.goto(frame_page.as_uri())
    frame = page.frame_locator("iframe")
    frame.locator(".cw-lesson-page").wait_for()
    assert frame.locator(".cw-lesson-note").text_content().startswith("This browser keeps no")
    frame.locator('[data-lesson="next"]').click()
    frame.locator('[data-lesson="next"]').click()
    for zone, card in (("hand", "4♠"),):
        frame.locator(f'[data-zone="{zone}"] [data-card="{card}"]').click()
    frame.locator('[data-lesson="check"]').click()
    assert frame.locator(".cw-lesson-verdict").text_content().startswith("Right.")
    assert blocked == []


SMALL_TARGETS = """() => Array.from(document.querySelectorAll(
    '.cw-lesson button, .cw-lesson a, .cw-lesson input, .cw-lesson summary, '
    + '.cw-lesson [data-selectable="true"]'))
  .filter((e) => e.offsetParent !== null)
  .map((e) => { const r = e.getBoundingClientRect();
    return [e.className, (e.textContent || '').trim().slice(0, 24), Math.round(r.width),
            Math.round(r.height)]; })
  .filter(([, , w, h]) => w < 44 || h < 44)"""


def test_on_a_phone_every_control_is_a_44_pixel_target_and_nothing_scrolls_sideways(
    page: Any, tmp_path: Path
) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    for name, step in (("tablic-captures", 2), ("pazaak-standing", 3), ("panjpar-endgame", 1)):
        _open(page, tmp_path, name)
        _to_step(page, step)
        assert page.locator('[data-selectable="true"], [data-answer]').count() > 0
        assert page.evaluate(SMALL_TARGETS) == [], name
        assert page.evaluate("document.documentElement.scrollWidth") <= 390, name
