"""A lesson read from its file: the header, the prose steps and the exercises, every key
checked (unknown keys, missing translations, impossible positions, illegal or contradicted
answers are a :class:`~cardwidgets.lessons.format.LessonError` naming the line).

>>> lesson = read("```lesson\\ngame: pazaak\\ntitle.en: Odds\\ntitle.de: Chancen\\n```\\n"
...     "```exercise\\nhands: - | -\\ndeck: 4\\ntables: 10 | 10 9\\nstanding: no | yes\\n"
...     "question: chance\\nprompt.en: Chance to bust?\\nprompt.de: Gefahr?\\nanswers: 36%\\n"
...     "explanation.en: 7 to 10 bust.\\nexplanation.de: 7 bis 10 überkaufen.\\n```\\n")
>>> lesson.exercises[0].check("13/36", locale="de").text()
'Richtig. 7 bis 10 überkaufen.'
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

from cardwidgets import i18n
from cardwidgets.games.pazaak.odds import bust_probability
from cardwidgets.lessons import page_words  # noqa: F401  (registers the page's sentences)
from cardwidgets.lessons.exercise import (
    QUESTIONS,
    Exercise,
    Verdict,
    check_best,
    checked_answers,
    read_chance,
)
from cardwidgets.lessons.format import Block, Field, LessonError, blocks, fail
from cardwidgets.lessons.position import GAMES, KEYS, missing, position

__all__ = ["Lesson", "Step", "read"]

TRANSLATED = {
    "lesson": ("title",),
    "text": ("text",),
    "exercise": ("prompt", "hint", "explanation"),
}
"""The keys of each block written per language: ``key.en``, ``key.de`` and optionally the
other locales (``key.hr``)."""

PLAIN = {
    "lesson": ("game",),
    "text": (),
    "exercise": ("question", "answers", "choices", "tolerance"),
}
"""The keys of each block written once (an exercise also takes ``code`` or its game's cards)."""

REQUIRED = {
    "lesson": ("game", "title"),
    "text": ("text",),
    "exercise": ("question", "answers", "prompt", "explanation"),
}


@dataclasses.dataclass(frozen=True)
class Step:
    """A step of prose (``text`` maps each locale to its paragraph)."""

    line: int
    text: Mapping[str, str]


@dataclasses.dataclass(frozen=True)
class Lesson:
    """A lesson: its game, title (per locale), steps in order (prose and exercises), the name
    of its file (``source``, "" for a text) and the text it was read from."""

    game: str
    title: Mapping[str, str]
    steps: tuple[Step | Exercise, ...]
    source: str
    text: str

    @property
    def exercises(self) -> tuple[Exercise, ...]:
        """The exercises, in order (``exercises[0].number == 1``)."""
        return tuple(s for s in self.steps if isinstance(s, Exercise))

    def check(self, exercise: int, answer: object, *, locale: str | None = None) -> Verdict:
        """The verdict on ``answer`` to exercise number ``exercise`` (counting from 1)."""
        found = self.exercises
        if isinstance(exercise, bool) or not isinstance(exercise, int):
            raise LessonError(
                "lessons.bad_exercise_number", found=i18n.shown(exercise), count=len(found)
            )
        if not 1 <= exercise <= len(found):
            raise LessonError("lessons.bad_exercise_number", found=exercise, count=len(found))
        return found[exercise - 1].check(answer, locale=locale)

    def to_html(self, *, locale: str = "en") -> str:
        """One self-contained HTML page in which a learner plays the lesson without a kernel
        (see :mod:`cardwidgets.lessons.page`)."""
        from cardwidgets.lessons import page

        return page.to_html(self, locale=locale)

    def save_html(self, path: str | Path, *, locale: str = "en") -> Path:
        """Write :meth:`to_html` to ``path`` (UTF-8) and return the path."""
        if not isinstance(path, (str, os.PathLike)):
            raise LessonError("lessonpage.bad_path", found=i18n.shown(path))
        target = Path(path)
        target.write_text(self.to_html(locale=locale), encoding="utf-8")
        return target

    def worksheet_html(self, *, answers: bool = False, locale: str = "en") -> str:
        """A printable worksheet of the lesson (``answers=True``: its answer key), one static
        HTML page without a script (see :mod:`cardwidgets.lessons.worksheet`)."""
        from cardwidgets.lessons import worksheet

        return worksheet.to_html(self, answers=answers, locale=locale)

    def to_text(self) -> str:
        """The lesson file's text (what :func:`cardwidgets.lessons.load` reads back)."""
        return self.text

    def __repr__(self) -> str:
        return f"<Lesson {self.game} {self.title['en']!r}: {len(self.exercises)} exercises>"


def read(text: str, source: str = "") -> Lesson:
    """The lesson in ``text`` (``source`` names its file in errors)."""
    found = blocks(text, source)
    headers = [b for b in found if b.kind == "lesson"]
    if not found or found[0].kind != "lesson":
        raise fail(source, found[0].line if found else 1, "lessons.no_header")
    if len(headers) > 1:
        raise fail(source, headers[1].line, "lessons.header_twice", first=headers[0].line)
    header = _fields(found[0], "", source)
    game = header.plain["game"]
    if game.value not in GAMES:
        raise fail(
            source, game.line, "lessons.unknown_game", game=i18n.shown(game.value),
            games=", ".join(GAMES),
        )  # fmt: skip
    steps: list[Step | Exercise] = []
    for block in found[1:]:
        fields = _fields(block, game.value, source)
        if block.kind == "text":
            steps.append(Step(block.line, fields.translated["text"]))
        else:
            number = sum(isinstance(s, Exercise) for s in steps) + 1
            steps.append(_exercise(block, fields, game.value, number, source))
    if not any(isinstance(s, Exercise) for s in steps):
        raise fail(source, found[0].line, "lessons.no_exercise")
    return Lesson(game.value, header.translated["title"], tuple(steps), source, text)


@dataclasses.dataclass
class _Fields:
    """A block's fields sorted out: plain ones, translated ones, hints, position ones."""

    plain: dict[str, Field]
    translated: dict[str, dict[str, str]]
    hints: list[dict[str, str]]
    position: list[Field]


LESSON_LOCALES = ("en", "de")
"""The languages every lesson file writes each text in. The others of :data:`i18n.LOCALES` are
optional (a teacher writes the languages they have): one a file leaves out reads its English.
The examples shipped with the package write every locale."""


def _fields(block: Block, game: str, source: str) -> _Fields:
    """Sort ``block``'s fields, refusing unknown, repeated, empty and untranslated keys."""
    translated = TRANSLATED[block.kind]
    cards = (*KEYS[game], "code") if block.kind == "exercise" else ()
    allowed = PLAIN[block.kind] + cards
    known = [f"{k}.{loc}" for k in translated for loc in i18n.LOCALES] + list(allowed)
    sorted_out = _Fields({}, {}, [], [])
    seen: dict[str, int] = {}
    texts: dict[str, dict[str, Field]] = {}
    hints: dict[str, list[Field]] = {loc: [] for loc in i18n.LOCALES}
    for field in block.fields:
        base, _, locale = field.key.partition(".")
        if field.key not in known:
            if base in translated and not locale:
                raise fail(source, field.line, "lessons.needs_locale", key=base)
            raise fail(
                source, field.line, "lessons.unknown_key", key=i18n.shown(field.key),
                kind=block.kind, keys=", ".join(known),
            )  # fmt: skip
        if not field.value:
            raise fail(source, field.line, "lessons.empty", key=field.key)
        if base == "hint":
            hints[locale].append(field)
            continue
        if field.key in seen:
            raise fail(source, field.line, "lessons.twice", key=field.key, first=seen[field.key])
        seen[field.key] = field.line
        if locale:
            texts.setdefault(base, {})[locale] = field
        elif base in cards:
            sorted_out.position.append(field)
        else:
            sorted_out.plain[base] = field
    sorted_out.translated = _both(texts, source)
    sorted_out.hints = _hints(hints, source)
    _required(block, sorted_out, source)
    return sorted_out


def _both(texts: dict[str, dict[str, Field]], source: str) -> dict[str, dict[str, str]]:
    """Each translated key's texts, refusing one missing English or German (the languages
    every lesson is written in); a locale the file does not write (say Croatian) reads English."""
    for base, given in texts.items():
        for locale in LESSON_LOCALES:
            if locale not in given:
                present = next(iter(given.values()))
                raise fail(
                    source, present.line, "lessons.no_translation", key=present.key,
                    missing=f"{base}.{locale}",
                )  # fmt: skip
    return {
        base: {loc: given.get(loc, given["en"]).value for loc in i18n.LOCALES}
        for base, given in texts.items()
    }


def _hints(hints: dict[str, list[Field]], source: str) -> list[dict[str, str]]:
    for locale in i18n.LOCALES:  # a language the file does not write reads the English hints
        if locale not in LESSON_LOCALES and not hints[locale]:
            hints[locale] = hints["en"]
    counts = {loc: len(found) for loc, found in hints.items()}
    if len(set(counts.values())) > 1:
        longest = max(hints.values(), key=len)
        line = longest[min(counts.values())].line
        raise fail(source, line, "lessons.hint_count", **counts)
    return [{loc: hints[loc][i].value for loc in hints} for i in range(min(counts.values()))]


def _required(block: Block, fields: _Fields, source: str) -> None:
    for key in REQUIRED[block.kind]:
        if key not in fields.plain and key not in fields.translated:
            raise fail(source, block.line, "lessons.missing", kind=block.kind, key=key)


def _listed(field: Field | None) -> list[tuple[str, int]]:
    """A ``|``-separated field's parts, each with the field's line."""
    if field is None:
        return []
    return [(part.strip(), field.line) for part in field.value.split("|") if part.strip()]


def _exercise(block: Block, fields: _Fields, game: str, number: int, source: str) -> Exercise:
    state = _state(block, fields, game, source)
    question = fields.plain["question"]
    if question.value not in QUESTIONS:
        raise fail(
            source, question.line, "lessons.unknown_question", found=i18n.shown(question.value)
        )
    answers, choices = fields.plain["answers"], fields.plain.get("choices")
    tolerance = Fraction(1, 100)
    if question.value == "chance":
        canon, offered, tolerance = _chance(state, fields, question, source)
    else:
        canon, offered = checked_answers(
            state, question.value, _listed(answers), _listed(choices), source
        )
        if question.value == "legal" and not offered:
            raise fail(source, question.line, "lessons.legal_needs_choices")
        if question.value == "best":
            check_best(state, canon, offered, answers.line, source)
    return Exercise(
        number, block.line, game, question.value, state, canon, offered, tolerance,
        fields.translated["prompt"], tuple(fields.hints), fields.translated["explanation"],
        tuple((f.key, f.value) for f in block.fields),
    )  # fmt: skip


def _state(block: Block, fields: _Fields, game: str, source: str) -> Any:
    codes = [f for f in fields.position if f.key == "code"]
    cards = [f for f in fields.position if f.key != "code"]
    if codes and cards:
        raise fail(source, cards[0].line, "lessons.code_and_cards", key="code", other=codes[0].line)
    lacking = missing(game, fields.position)
    if lacking is not None:
        keys = ", ".join(["code", *KEYS[game]])
        raise fail(source, block.line, "lessons.no_position", keys=keys)
    state = position(game, fields.position, source)
    if state.is_over:
        raise fail(source, fields.position[0].line, "lessons.position_over")
    return state


def _chance(
    state: Any, fields: _Fields, question: Field, source: str
) -> tuple[tuple[str, ...], tuple[str, ...], Fraction]:
    """The exact bust chance of a ``chance`` question, checked against the teacher's."""
    if state.game != "pazaak":
        raise fail(source, question.line, "lessons.chance_only_pazaak")
    answer = fields.plain["answers"]
    if "choices" in fields.plain:
        raise fail(source, fields.plain["choices"].line, "lessons.no_answers_here")
    tolerance = Fraction(1, 100)
    if "tolerance" in fields.plain:
        found = read_chance(fields.plain["tolerance"].value)
        if found is None:
            field = fields.plain["tolerance"]
            raise fail(source, field.line, "lessons.bad_chance", found=i18n.shown(field.value))
        tolerance = found
    given = read_chance(answer.value)
    if given is None:
        raise fail(source, answer.line, "lessons.bad_chance", found=i18n.shown(answer.value))
    exact = bust_probability(state, state.to_move)
    if abs(given - exact) > tolerance:
        raise fail(
            source, answer.line, "lessons.wrong_chance", exact=str(exact),
            percent=f"{float(exact):.1%}", found=answer.value,
        )  # fmt: skip
    return (str(exact),), (), tolerance
