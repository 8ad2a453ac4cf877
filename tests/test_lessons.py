"""Lesson files: the shipped examples load, answer and are written in every language of the
package, every kind of bad file is refused with
its line (en and de), learners' answers get verdicts, and puzzles export to lessons and back.

The positions are small and exact (Tablić's last round, Panjpar with the stock gone, Pazaak
against a standing opponent), so the analysis behind each ``best`` answer takes milliseconds.
"""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path

import pytest
from language import assert_german

from cardwidgets import i18n, lessons
from cardwidgets.analysis import puzzles
from cardwidgets.games import tablic
from cardwidgets.lessons import Lesson, LessonError
from cardwidgets.lessons.format import blocks
from cardwidgets.lessons.lesson import TRANSLATED

HEADER = """\
```lesson
game: tablic
title.en: Captures
title.de: Stiche
```
"""

# A valid exercise: 8♥ taking both groups is the best move (exact: the last round).
EXERCISE = """\
```exercise
table: 5♦ 3♠ 2♣ 6♥
hands: 8♥ K♣ | 9♠ 4♦
question: best
prompt.en: Play the best move.
prompt.de: Spiele den besten Zug.
answers: 8♥ x 2♣ 3♠ 5♦ 6♥
explanation.en: It clears the table.
explanation.de: Er räumt den Tisch ab.
```
"""
GOOD = HEADER + "\n" + EXERCISE  # the exercise block opens on line 7
ANSWERS_LINE = 13


def with_line(text: str, line: int, new: str) -> str:
    """``text`` with its line ``line`` (counting from 1) replaced by ``new`` (which may hold
    several lines, or none)."""
    lines = text.splitlines()
    lines[line - 1 : line] = new.splitlines()
    return "\n".join(lines) + "\n"


def refused(text: str) -> LessonError:
    with pytest.raises(LessonError) as caught:
        lessons.load(text)
    return caught.value


# -- the shipped examples ------------------------------------------------------------------


def test_two_examples_per_game_ship_in_the_package() -> None:
    names = lessons.examples()
    assert len(names) == 6
    for game in ("tablic", "panjpar", "pazaak"):
        assert len([n for n in names if n.startswith(f"{game}-")]) == 2
    for name in names:
        assert (lessons.EXAMPLES / f"{name}.md").is_file()


@pytest.mark.parametrize("name", lessons.examples())
def test_each_example_loads_and_its_answers_are_right(name: str) -> None:
    lesson = lessons.load(name)
    assert lesson.game == name.split("-")[0]
    assert 2 <= len(lesson.exercises) <= 4
    assert set(lesson.title) == {"en", "de", "hr"}
    assert len({lesson.title[locale] for locale in ("en", "de", "hr")}) == 3
    for exercise in lesson.exercises:
        right: object = list(exercise.answers) if exercise.question == "legal" else None
        if exercise.question == "best":
            right = exercise.answers[0]
            wrong = next(m for m in exercise.moves() if m not in exercise.answers)
            assert not lesson.check(exercise.number, wrong).correct
        if exercise.question == "chance":
            right = str(Fraction(exercise.answers[0]))
            assert not exercise.check("0%").correct
        if exercise.question == "legal":
            assert not exercise.check(list(exercise.answers)[:-1]).correct
        en = lesson.check(exercise.number, right, locale="en")
        de = lesson.check(exercise.number, right, locale="de")
        assert en.correct and de.correct
        assert en.text().startswith("Right.") and de.text().startswith("Richtig.")
        hr = lesson.check(exercise.number, right, locale="hr")
        assert hr.correct and hr.text() == f"Točno. {exercise.explanation['hr']}"
        assert en.explanation == exercise.explanation["en"] != exercise.explanation["de"]
        assert len(exercise.prompt) == 3 and all(len(h) == 3 for h in exercise.hints)


@pytest.mark.parametrize("name", lessons.examples())
def test_each_example_is_written_in_every_language_of_the_package(name: str) -> None:
    # A text the file leaves out reads the English one, so a shipped lesson must write every
    # locale itself: counted in the file's own fields, before the reader fills the gaps.
    path = lessons.EXAMPLES / f"{name}.md"
    missing = []
    for block in blocks(path.read_text(encoding="utf-8"), path.name):
        keys = [field.key for field in block.fields]
        for base in TRANSLATED[block.kind]:
            english = keys.count(f"{base}.en")
            for locale in i18n.LOCALES:
                if keys.count(f"{base}.{locale}") != english:
                    missing.append((block.line, f"{base}.{locale}"))
    assert missing == []
    # and what the reader made of it is each language's own text, not the English one
    lesson = lessons.load(name)
    for locale in i18n.LOCALES:
        if locale != "en":
            assert lesson.title[locale] != lesson.title["en"]
            for exercise in lesson.exercises:
                assert exercise.prompt[locale] != exercise.prompt["en"]
                assert exercise.explanation[locale] != exercise.explanation["en"]
                assert all(hint[locale] != hint["en"] for hint in exercise.hints)


def test_an_example_loads_from_its_path_and_from_its_text(tmp_path: Path) -> None:
    path = lessons.EXAMPLES / "pazaak-odds.md"
    by_name = lessons.load("pazaak-odds")
    assert lessons.load(path).exercises[0].answers == by_name.exercises[0].answers
    assert lessons.load(str(path)).source == "pazaak-odds.md"
    assert lessons.load(path.read_text(encoding="utf-8")).to_text() == by_name.to_text()


# -- bad files: each with its line, in English and German ----------------------------------

# fmt: off
BAD = [
    # (what is wrong, the bad text, its line, words the English sentence holds)
    ("unknown key", with_line(GOOD, 9, "hand: 8♥ K♣ | 9♠ 4♦"), 9, ["unknown key 'hand'"]),
    ("unknown block", GOOD.replace("```exercise", "```exercize"), 7, ["unknown block"]),
    ("unclosed block", GOOD.rstrip("`\n") + "\n", 7, ["never closed"]),
    ("no key", with_line(GOOD, 10, "the best move"), 10, ["key: value"]),
    ("English only", with_line(GOOD, 15, ""), 14, ["explanation.en", "explanation.de"]),
    ("German only", with_line(GOOD, 3, ""), 3, ["title.de", "title.en"]),
    ("no language", with_line(GOOD, 11, "prompt: Play."), 11, ["prompt.en and prompt.de"]),
    ("a key twice", with_line(GOOD, 10, "question: best\nquestion: best"), 11, ["twice"]),
    ("empty value", with_line(GOOD, 10, "question:"), 10, ["question has no value"]),
    ("unequal hints", with_line(GOOD, 13, "hint.en: Count.\nhint.en: Again.\nhint.de: Zähle.\n"
     "answers: 8♥ x 2♣ 3♠ 5♦ 6♥"), 14, ["2 hints in English and 1 hint in German"]),
    ("impossible position", with_line(GOOD, 8, "table: 5♦ 3♠ 2♣ 8♥"), 8, ["impossible", "8♥"]),
    ("bad pair", with_line(GOOD, 9, "hands: 8♥ K♣"), 9, ["one value per seat"]),
    ("bad number", with_line(GOOD, 9, "hands: 8♥ K♣ | 9♠ 4♦\nto_move: first"), 10,
     ["whole number", "'first'"]),
    ("code and cards", with_line(GOOD, 8, "table: 5♦\ncode: T x"), 8, ["code", "line 9"]),
    ("no position", with_line(with_line(GOOD, 9, ""), 8, ""), 7, ["no position"]),
    ("unknown question", with_line(GOOD, 10, "question: worst"), 10, ["'worst'"]),
    ("not a move", with_line(GOOD, 13, "answers: 8♥ takes all"), 13, ["not a move"]),
    ("illegal answer", with_line(GOOD, 13, "answers: 8♥ x 2♣ 5♦"), 13, ["not a legal move"]),
    ("contradicted", with_line(GOOD, 13, "answers: 8♥ x 3♠ 5♦"), 13,
     ["analysis finds 8♥ x 2♣ 3♠ 5♦ 6♥ better", "exact"]),
    ("answer not offered", with_line(GOOD, 13, "answers: 8♥ x 2♣ 3♠ 5♦ 6♥\nchoices: 8♥ | K♣"),
     13, ["not among the choices"]),
    ("legal without choices", with_line(GOOD, 10, "question: legal"), 10, ["needs choices"]),
    ("chance in Tablić", with_line(GOOD, 10, "question: chance"), 10, ["Pazaak only"]),
    ("unknown game", GOOD.replace("game: tablic", "game: chess"), 2, ["'chess'"]),
    ("no header", EXERCISE, 1, ["lesson block"]),
    ("two headers", GOOD + HEADER, 17, ["line 1"]),
    ("no exercise", HEADER, 1, ["no exercise"]),
    ("dangling", with_line(GOOD, 8, "  table: 5♦ 3♠ 2♣ 6♥"), 8, ["indented"]),
]
# fmt: on


@pytest.mark.parametrize(("text", "line", "words"), [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_a_bad_lesson_is_refused_with_its_line(text: str, line: int, words: list[str]) -> None:
    err = refused(text)
    assert isinstance(err, ValueError)
    assert err.line == line
    assert err.text("en").startswith(f"line {line}: ")
    assert err.text("de").startswith(f"Zeile {line}: ")
    for word in words:
        assert word in err.text("en")
    assert err.text("en").split(": ", 1)[1] != err.text("de").split(": ", 1)[1]
    assert_german(err.text("de"), text.splitlines()[line - 1], *words)  # echoes: what was typed


def test_the_good_lesson_of_the_bad_ones_loads() -> None:
    lesson = lessons.load(GOOD)
    assert lesson.exercises[0].answers == ("8♥ x 2♣ 3♠ 5♦ 6♥",)
    assert lesson.exercises[0].line == 7


def test_an_error_in_a_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "my-lesson.md"
    path.write_text(with_line(GOOD, ANSWERS_LINE, "answers: 8♥ x 2♣ 5♦"), encoding="utf-8")
    err = refused(str(path))
    assert err.text("en").startswith("my-lesson.md, line 13: the answer 8♥ x 2♣ 5♦ is not")
    assert err.text("de").startswith("my-lesson.md, Zeile 13: die Antwort 8♥ x 2♣ 5♦ ist")
    assert "8♥ is not in your hand" not in err.text("en")  # the engine's own reason follows
    assert "2♣ 5♦" in err.text("de")


def test_an_impossible_position_says_the_engine_sentence_in_both_languages() -> None:
    err = refused(with_line(GOOD, 8, "table: 5♦ 3♠ 2♣ 8♥"))
    assert "8♥" in err.text("en") and "8♥" in err.text("de")
    assert "unmöglich" in err.text("de")


def test_an_equally_good_move_must_be_accepted_too() -> None:
    # Exact values: 7♣, A♦ x 10♥ A♣ and A♦ x A♣ are all worth 7 here.
    text = (
        HEADER
        + "\n"
        + EXERCISE.replace("table: 5♦ 3♠ 2♣ 6♥", "table: A♣ 10♥ 9♦")
        .replace("hands: 8♥ K♣ | 9♠ 4♦", "hands: A♦ 7♣ | Q♠ 2♦")
        .replace("answers: 8♥ x 2♣ 3♠ 5♦ 6♥", "answers: 7♣")
    )
    err = refused(text)
    assert err.line == ANSWERS_LINE and "worth exactly as much" in err.text("en")
    fixed = text.replace("answers: 7♣", "answers: 7♣ | A♦ x 10♥ A♣ | A♦ x A♣")
    exercise = lessons.load(fixed).exercises[0]
    verdicts = exercise.verdicts(locale="de")
    assert {m for m, v in verdicts.items() if v.correct} == {"7♣", "A♦ x 10♥ A♣", "A♦ x A♣"}
    assert not verdicts["A♦"].correct and verdicts["A♦"].text().startswith("Nicht ganz.")


def test_a_legal_choice_left_out_of_the_answers_is_refused() -> None:
    text = with_line(GOOD, 10, "question: legal\nchoices: 8♥ x 3♠ 5♦ | 8♥ x 2♣ 6♥ | 8♥ x 2♣ 5♦")
    text = text.replace("answers: 8♥ x 2♣ 3♠ 5♦ 6♥", "answers: 8♥ x 3♠ 5♦")
    err = refused(text)
    assert err.line == 11 and "8♥ x 2♣ 6♥ is legal too" in err.text("en")
    lesson = lessons.load(text.replace("answers: 8♥ x 3♠ 5♦", "answers: 8♥ x 3♠ 5♦ | 8♥ x 2♣ 6♥"))
    exercise = lesson.exercises[0]
    assert exercise.check(["8♥ x 2♣ 6♥", "8♥ x 5♦ 3♠"]).correct  # any order, any spelling
    assert not exercise.check(["8♥ x 2♣ 6♥", "8♥ x 5♦ 3♠", "8♥ x 2♣ 5♦"]).correct
    assert not exercise.check(["8♥ x 2♣ 6♥"]).correct
    with i18n.using("de"):
        assert exercise.verdicts()["8♥ x 2♣ 5♦"].message == "Nicht ganz."
    assert {m: v.correct for m, v in exercise.verdicts().items()} == {
        "8♥ x 3♠ 5♦": True, "8♥ x 2♣ 6♥": True, "8♥ x 2♣ 5♦": False,
    }  # fmt: skip


PAZAAK = """\
```lesson
game: pazaak
title.en: Odds
title.de: Chancen
```
```exercise
hands: - | -
deck: 4
tables: 10 | 10 9
standing: no | yes
question: chance
prompt.en: The chance to bust?
prompt.de: Die Gefahr, sich zu überkaufen?
answers: 36%
explanation.en: 13 of 36 cards bust you.
explanation.de: 13 von 36 Karten überkaufen dich.
```
"""


def test_a_chance_is_checked_against_the_exact_odds() -> None:
    exercise = lessons.load(PAZAAK).exercises[0]
    assert exercise.answers == ("13/36",)  # the exact odds (Z-D4: the chance before a save)
    assert exercise.check("36%").correct and exercise.check(0.361).correct
    assert exercise.check("13/36").correct and not exercise.check("40%").correct
    err = refused(PAZAAK.replace("answers: 36%", "answers: 40%"))
    assert err.line == 14 and "13/36 (36.1%), not 40%" in err.text("en")
    err = refused(PAZAAK.replace("answers: 36%", "answers: lots"))
    assert err.line == 14 and "'lots' is not a chance" in err.text("en")
    err = refused(PAZAAK.replace("standing: no | yes", "standing: no | maybe"))
    assert err.line == 10 and "'yes' or 'no'" in err.text("en")
    assert_german(err.text("de"), "standing: no | maybe", "'yes'", "'no'")
    loose = lessons.load(PAZAAK.replace("answers: 36%", "answers: 40%\ntolerance: 5%"))
    assert loose.exercises[0].check("40%").correct and not loose.exercises[0].check("30%").correct


def test_stand_or_draw_compares_only_the_choices() -> None:
    text = PAZAAK.replace("question: chance", "question: best\nchoices: stand | end").replace(
        "answers: 36%", "answers: end"
    )
    exercise = lessons.load(text).exercises[0]
    assert exercise.moves() == ["stand", "end"]
    assert set(exercise.verdicts()) == {"stand", "end"}
    err = refused(text.replace("answers: end", "answers: stand"))
    assert "the analysis finds end better than the answer stand" in err.text("en")


def test_every_card_key_reaches_the_position() -> None:
    text = with_line(GOOD, 9, "hands: 8♥ K♣ | 9♠ 4♦\nlast_capturer: 1\ntotals: 40 | 50\ndealer: 0")
    state = lessons.load(text).exercises[0].state
    assert (state.last_capturer, state.totals, state.dealer) == (1, (40, 50), 0)


def test_a_position_code_is_a_position() -> None:
    state = tablic.State.from_position(table="5♦ 3♠ 2♣ 6♥", hands=("8♥ K♣", "9♠ 4♦"), seed=0)
    text = GOOD.replace("table: 5♦ 3♠ 2♣ 6♥\nhands: 8♥ K♣ | 9♠ 4♦", f"code: {state.code()}")
    assert lessons.load(text).exercises[0].state.code() == state.code()
    err = refused(GOOD.replace("table: 5♦ 3♠ 2♣ 6♥\nhands: 8♥ K♣ | 9♠ 4♦", "code: T nonsense"))
    assert err.line == 8 and "impossible" in err.text("en")


# -- learners' answers ---------------------------------------------------------------------


def test_a_learners_answer_that_is_no_move_gets_a_reason_not_an_exception() -> None:
    lesson = lessons.load(GOOD)
    verdict = lesson.check(1, "eight of hearts please", locale="de")
    assert not verdict.correct and verdict.message.startswith("Das ist hier kein Zug: ")
    assert lesson.check(1, "8H x 6H 5D 3S 2C").correct  # any spelling the engine reads
    assert lesson.check(1, tablic.Move.parse("8♥ x 2♣ 3♠ 5♦ 6♥")).correct  # or the Move


@pytest.mark.parametrize("answer", [7, None, b"8H", 1.5])
def test_an_answer_of_the_wrong_kind_is_a_lesson_error(answer: object) -> None:
    with pytest.raises(LessonError) as caught:
        lessons.load(GOOD).check(1, answer)
    assert "an answer is a move's text" in caught.value.text("en")
    assert "Antwort" in caught.value.text("de")


@pytest.mark.parametrize("number", [0, 2, -1, "1", True])
def test_an_exercise_number_that_is_not_there_is_refused(number: object) -> None:
    with pytest.raises(LessonError, match="no exercise"):
        lessons.load(GOOD).check(number, "8♥")  # type: ignore[arg-type]


@pytest.mark.parametrize("what", [42, None, ["a"], "no-such-lesson", "missing/file.md"])
def test_load_refuses_what_is_no_lesson_with_a_reason(what: object) -> None:
    with pytest.raises(LessonError) as caught:
        lessons.load(what)  # type: ignore[arg-type]
    assert caught.value.text("de") != caught.value.text("en")
    assert_german(caught.value.text("de"), str(what))


def test_a_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "latin1.md"
    path.write_bytes(GOOD.encode() + b"\xe4\xff\n")  # not UTF-8
    with pytest.raises(LessonError, match="UTF-8"):
        lessons.load(path)


# -- puzzles -------------------------------------------------------------------------------


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_puzzles_export_to_a_lesson_that_loads_back(game: str) -> None:
    found = puzzles(game, 1, seed=0)  # Tablić's is exact (the last round), the others estimated
    lesson = lessons.from_puzzles(found)
    again = lessons.load(lesson.to_text())
    assert isinstance(again, Lesson) and again.game == game
    (exercise,) = again.exercises
    assert exercise.answers == (found[0].answer,)
    assert exercise.state.code(found[0].seat) == found[0].code  # the seat sees the same
    assert exercise.check(found[0].answer).correct
    assert not exercise.check(found[0].tempting).correct
    assert exercise.explanation["de"] == " ".join(found[0].explanation("de").split())


def test_puzzles_of_no_game_or_of_two_are_refused() -> None:
    for found in ([], [*puzzles("pazaak", 1, seed=0), *puzzles("tablic", 1, seed=0)], "x"):
        with pytest.raises(LessonError, match="puzzles of one game"):
            lessons.from_puzzles(found)  # type: ignore[arg-type]


def test_every_sentence_of_the_lessons_is_in_both_languages() -> None:
    keys = [k for k in i18n.keys() if k.startswith("lessons.")]
    assert len(keys) > 40
    for key in keys:
        assert i18n.has(key)
