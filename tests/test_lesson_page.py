"""Lesson pages and worksheets: every example lesson writes a page and a worksheet in English,
German and Croatian (the Croatian ones without the teacher's English); a page carries its seat's
boards and precomputed verdicts but no hidden card and no position code (twin lessons that differ
only in cards the learner cannot see give byte-equal pages and worksheets); a page cut off or
edited is refused with a sentence.

The page's behaviour in a browser (clicks, progress, the download) is checked in
tests/browser/test_browser_lesson_page.py; its script's logic in js/lesson.test.ts.
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest
from language import assert_german
from lesson_texts import SIGNS

from cardwidgets import i18n, lessons
from cardwidgets.lessons import LessonError, page
from cardwidgets.lessons.page_words import PAGE_LABELS

EXAMPLES = lessons.examples()


def _twin(opponent: str, stock: str) -> str:
    """A Tablić lesson whose opponent's hand and stock vary (seat 0 sees only the stock's
    bottom card, the last one)."""
    return f"""\
```lesson
game: tablic
title.en: Captures
title.de: Stiche
```

```text
text.en: A card captures table cards whose values add up to its own.
text.de: Eine Karte nimmt Tischkarten, deren Werte zusammen ihren Wert ergeben.
```

```exercise
table: 5♦ 3♠ 2♣ 6♥
hands: 8♥ K♣ | {opponent}
stock: {stock}
question: legal
prompt.en: Which of these captures are legal?
prompt.de: Welche dieser Stiche sind erlaubt?
choices: 8♥ x 3♠ 5♦ | 8♥ x 2♣ 5♦
answers: 8♥ x 3♠ 5♦
hint.en: Add up each group.
hint.de: Zähle jede Gruppe zusammen.
explanation.en: 3 + 5 = 8 but 2 + 5 = 7.
explanation.de: 3 + 5 = 8, aber 2 + 5 = 7.
```
"""


def _pazaak_twin(opponent: str) -> str:
    """A Pazaak lesson whose opponent's side cards (hidden from seat 0) vary."""
    return f"""\
```lesson
game: pazaak
title.en: Odds
title.de: Chancen
```

```exercise
hands: +1 | {opponent}
deck: 4
tables: 10 | 10 9
standing: no | yes
question: chance
prompt.en: The chance to bust?
prompt.de: Die Gefahr, sich zu überkaufen?
answers: 13/36
explanation.en: 13 of 36 cards bust you.
explanation.de: 13 von 36 Karten überkaufen dich.
```

```exercise
hands: +1 | {opponent}
deck: 4
tables: 10 | 10 9
standing: no | yes
question: best
prompt.en: Stand or draw?
prompt.de: Halten oder ziehen?
choices: stand | end
answers: end
explanation.en: 14 loses to 19.
explanation.de: 14 verliert gegen 19.
```
"""


@pytest.mark.parametrize("locale", i18n.LOCALES)
@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_writes_a_page_that_reads_back(name: str, locale: str) -> None:
    lesson = lessons.load(name)
    text = lesson.to_html(locale=locale)
    assert text.startswith("<!DOCTYPE html>")
    assert f'content="{page.POLICY}"' in text and "default-src 'none'" in page.POLICY
    assert f'<html lang="{locale}">' in text
    # nothing is fetched: no external address in any attribute the browser would load
    assert not re.search(r"""(src|href|action)=["']?(https?:)?//""", text)
    data = page.read_page(text)
    assert data["locale"] == locale and data["title"] == lesson.title[locale]
    exercises = [s for s in data["steps"] if s["kind"] == "exercise"]
    assert len(exercises) == len(lesson.exercises)
    for drawn, exercise in zip(exercises, lesson.exercises, strict=True):
        assert drawn["prompt"] == exercise.prompt[locale]
        if exercise.question == "best":
            verdicts = exercise.verdicts(locale=locale)
            assert {m["answer"] for m in drawn["moves"]} == set(verdicts)
            for move in drawn["moves"]:
                assert move["verdict"] == verdicts[move["answer"]].text()
                assert move["correct"] == (move["answer"] in exercise.answers)
            # the right answer can be given on the page: by its cards or by its button
            assert any(m["correct"] for m in drawn["moves"])
        elif exercise.question == "legal":
            assert [c["correct"] for c in drawn["choices"]] == [
                c in exercise.answers for c in exercise.choices
            ]
        else:
            chance = drawn["chance"]
            assert f"{chance['numerator']}/{chance['denominator']}" == exercise.answers[0]


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_page_holds_no_position_code_and_no_hidden_card(name: str) -> None:
    lesson = lessons.load(name)
    text = lesson.to_html()
    data = page.read_page(text)
    for exercise, drawn in zip(
        lesson.exercises, [s for s in data["steps"] if s["kind"] == "exercise"], strict=True
    ):
        state = exercise.state
        assert state.code() not in text  # the full position (what a puzzle lesson is written in)
        assert drawn["scene"]["code"] == ""  # not even the seat's own code
        opponent = next(z for z in drawn["scene"]["zones"] if z["id"] == "opponent-hand")
        assert all(card["kind"] == "back" for card in opponent["cards"])
        assert not any(
            part in json.dumps(opponent) for part in map(str, state.hands[1 - exercise.seat])
        )


def test_a_puzzle_lesson_page_does_not_carry_its_position_codes() -> None:
    from cardwidgets.analysis import puzzles

    lesson = lessons.from_puzzles(puzzles("tablic", 2, seed=3))
    codes = re.findall(r"^code: (.+)$", lesson.to_text(), re.M)
    assert len(codes) == 2
    text = lesson.to_html()
    assert not any(code in text for code in codes)
    sheet = lesson.worksheet_html(answers=True)
    assert not any(code in sheet for code in codes)


def test_twin_lessons_differing_only_in_unseen_cards_give_byte_equal_pages() -> None:
    one = lessons.load(_twin("9♠ 4♦", "7♣ Q♥"))
    other = lessons.load(_twin("J♦ A♠", "7♦ Q♥"))  # the stock's bottom card is seen
    assert one.exercises[0].state.hands[1] != other.exercises[0].state.hands[1]
    for locale in i18n.LOCALES:
        assert one.to_html(locale=locale) == other.to_html(locale=locale)
        for answers in (False, True):
            sheets = [x.worksheet_html(answers=answers, locale=locale) for x in (one, other)]
            assert sheets[0] == sheets[1]
    assert page.identity(one) == page.identity(other)
    # and a card the seat does see changes the page
    seen = lessons.load(_twin("9♠ 4♦", "7♣ Q♥").replace("hands: 8♥ K♣", "hands: 8♥ Q♣"))
    assert seen.to_html() != one.to_html()
    assert page.identity(seen) != page.identity(one)


def test_pazaak_twins_differing_in_the_opponents_side_cards_give_byte_equal_pages() -> None:
    one, other = lessons.load(_pazaak_twin("+2 -3")), lessons.load(_pazaak_twin("+4 -1"))
    assert one.to_html(locale="de") == other.to_html(locale="de")
    assert one.worksheet_html(answers=True) == other.worksheet_html(answers=True)


def _body(text: str) -> tuple[int, int]:
    start = text.index('class="cw-lesson-data">') + len('class="cw-lesson-data">')
    return start, text.index("</script>", start)


@pytest.mark.parametrize("locale", i18n.LOCALES)
def test_a_damaged_page_is_refused_with_a_sentence(locale: str) -> None:
    text = lessons.load("pazaak-odds").to_html(locale=locale)
    start, end = _body(text)
    page.read_page(text)  # the page as written reads
    forged = text[:start] + text[start:end].replace('"correct":false', '"correct":true', 1)
    forged += text[end:]
    assert forged != text
    truncated = text[: (start + end) // 2]
    for broken in (forged, truncated, text.replace('data-check="', 'data-check="0', 1)):
        with pytest.raises(LessonError) as err:
            page.read_page(broken)
        sentence = err.value.text(locale)
        if locale == "en":
            assert sentence.startswith("this is not a lesson page, or it is damaged")
        elif locale == "hr":
            assert sentence.startswith("ovo nije stranica lekcije ili je oštećena")
        else:
            assert sentence.startswith("das ist keine Lektionsseite")
            assert_german(sentence)
    # the sentence the page itself shows when its script finds the damage
    broken = i18n.text("lessonpage.broken", locale)
    assert f'data-broken="{broken}"' in text


def test_data_of_the_wrong_shape_is_refused_naming_what_is_wrong() -> None:
    data = page.payload(lessons.load("tablic-captures"))
    page.check_data(data)
    cases = {
        "format": {**data, "format": 2},
        "steps": {**data, "steps": []},
        "moves": {**data, "steps": [{**data["steps"][2], "moves": []}]},
        "question": {**data, "steps": [{**data["steps"][2], "question": "guess"}]},
    }
    for reason, bad in cases.items():
        with pytest.raises(LessonError, match=reason):
            page.check_data(bad)
    with pytest.raises(LessonError, match="not the data of a lesson page"):
        page.check_data([1, 2])
    with pytest.raises(LessonError, match="not a lesson page"):
        page.read_page(b"<html>")


@pytest.mark.parametrize("locale", i18n.LOCALES)
@pytest.mark.parametrize("name", EXAMPLES)
def test_every_example_writes_a_worksheet_and_an_answer_key(name: str, locale: str) -> None:
    lesson = lessons.load(name)
    sheet = lesson.worksheet_html(locale=locale)
    key = lesson.worksheet_html(answers=True, locale=locale)
    for text in (sheet, key):
        assert "<script" not in text and "@media print" in text
        assert text.count('class="cw-sheet-exercise"') == len(lesson.exercises)
        assert f'<html lang="{locale}">' in text
    for exercise in lesson.exercises:
        explanation = exercise.explanation[locale].replace("'", "&#x27;").replace('"', "&quot;")
        assert explanation in key and explanation not in sheet
    assert i18n.text("lessonpage.name_line", locale) in sheet


def _strings(data: object) -> list[str]:
    """Every text inside a page's data (nested dicts and lists)."""
    if isinstance(data, str):
        return [data]
    if isinstance(data, dict):
        return [text for value in data.values() for text in _strings(value)]
    if isinstance(data, list):
        return [text for value in data for text in _strings(value)]
    return []


def _teacher_texts(lesson: lessons.Lesson, locale: str) -> list[str]:
    """What the teacher wrote for ``locale``: title, prose, prompts, hints, explanations."""
    found = [lesson.title[locale]]
    for step in lesson.steps:
        if isinstance(step, lessons.Exercise):
            found += [step.prompt[locale], step.explanation[locale]]
            found += [hint[locale] for hint in step.hints]
        else:
            found.append(step.text[locale])
    return found


@pytest.mark.parametrize("name", EXAMPLES)
def test_a_croatian_page_and_worksheet_carry_no_english_teacher_text(name: str) -> None:
    lesson = lessons.load(name)
    data = page.read_page(lesson.to_html(locale="hr"))
    shown = "\n".join(_strings(data))
    key = lesson.worksheet_html(answers=True, locale="hr")
    for text in _teacher_texts(lesson, "hr"):
        assert text in shown and html.escape(text) in key
    for text in _teacher_texts(lesson, "en"):
        assert text not in shown and html.escape(text) not in key


def test_the_answer_key_names_the_accepted_answers() -> None:
    key = lessons.load("tablic-captures").worksheet_html(answers=True)
    assert "Answer: 8♥ captures 2♣ 3♠ 5♦ 6♥" in key
    assert key.count('aria-hidden="true">✓</span>') == 3  # exercise 1's three legal captures
    chance = lessons.load("pazaak-odds").worksheet_html(answers=True, locale="de")
    assert "13/36 ≈ 36,1 %" in chance
    with pytest.raises(LessonError, match="True or False"):
        lessons.load("pazaak-odds").worksheet_html(answers="yes")  # type: ignore[arg-type]


def test_every_word_of_the_page_is_in_both_languages() -> None:
    english, german = page.labels("en"), page.labels("de")
    assert set(english) == set(german) == set(PAGE_LABELS)
    for name in PAGE_LABELS:
        assert english[name] and german[name] and english[name] != german[name]
        assert_german(german[name], "JSON")
    assert "{step}" in german["step"] and "{right}" in german["score"]


def test_save_html_writes_the_page(tmp_path: Path) -> None:
    lesson = lessons.load("panjpar-endgame")
    path = lesson.save_html(tmp_path / "lesson.html", locale="de")
    assert path.read_text(encoding="utf-8") == lesson.to_html(locale="de")
    with pytest.raises(LessonError) as err:
        lesson.save_html(None)  # type: ignore[arg-type]
    assert err.value.text("de") == (
        "eine Lektionsseite wird unter dem Pfad einer Datei gespeichert (ein Text oder ein "
        "Path), nicht None"
    )
    with pytest.raises(i18n.LocaleError):
        lesson.to_html(locale="fr")


def test_the_docs_site_writes_a_playable_page_for_every_link_of_the_lessons_guide(
    tmp_path: Path,
) -> None:
    import importlib.util

    repo = Path(__file__).resolve().parent.parent
    spec = importlib.util.spec_from_file_location("docs_conf", repo / "docs" / "conf.py")
    assert spec is not None and spec.loader is not None
    conf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(conf)
    written = conf.write_lesson_pages(tmp_path)
    guide = (repo / "docs" / "lessons.md").read_text(encoding="utf-8")
    links = re.findall(r'href="lesson-pages/([^"]+)"', guide)
    assert sorted(links) == sorted(p.name for p in written)
    assert len(links) == 4 * len(EXAMPLES)  # English, German, Croatian, the worksheet
    for path in written:
        text = path.read_text(encoding="utf-8")
        if ".worksheet." in path.name:
            assert "@media print" in text and "<script" not in text
        else:
            locale = path.name.split(".")[-2] if path.name.count(".") == 2 else "en"
            assert page.read_page(text)["locale"] == locale


def test_a_card_held_twice_plays_from_either_copy_and_a_sign_card_asks_which() -> None:
    data = page.payload(lessons.load(SIGNS))
    moves = data["steps"][0]["moves"]
    ways = {}
    for move in moves:
        ways.setdefault(move["answer"], []).append(move["cards"])
    assert ways["play +1"] == [["hand:+1"], ["hand:+1#2"]]  # either copy of the +1
    # the same card makes two moves: the page asks which (their labels say the sign)
    assert ways["play ±2 as +2"] == ways["play ±2 as -2"] == [["hand:±2"]]
    assert {m["label"] for m in moves if m["cards"] == ["hand:±2"]} == {
        "Play ±2 as +2", "Play ±2 as -2",
    }  # fmt: skip
    assert ways["stand"] == ways["end"] == [[]]  # buttons
    hand = next(z for z in data["steps"][0]["scene"]["zones"] if z["id"] == "hand")
    assert [c["selectable"] for c in hand["cards"]] == [True, True, True]
