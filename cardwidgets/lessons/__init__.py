"""Lessons a teacher writes as plain text: prose, positions, questions, answers checked by
the engine, hints and explanations, in English and German (and optionally Croatian; the
shipped examples write all three).

:func:`load` reads a lesson file (its text, its path, or the name of an example shipped with
the package: :func:`examples`) into a :class:`Lesson`; :func:`from_puzzles` writes generated
puzzles (:func:`cardwidgets.analysis.puzzles`) as a lesson. The format is described in the
docs ("Writing a lesson") and in :mod:`.format`; a bad file raises one :class:`LessonError`
naming its line. ``Lesson.to_html`` writes a page that plays the lesson without a kernel
(:mod:`.page`), ``Lesson.worksheet_html`` a printable worksheet (:mod:`.worksheet`).

>>> lesson = load("tablic-captures")
>>> lesson.game, lesson.title["de"]
('tablic', 'Erste Stiche')
>>> lesson.check(2, "8♥ x 3♠ 5♦", locale="en").text()[:45]
'Not quite. The 8 takes both groups, 3 + 5 and'
>>> lesson.check(1, ["8♥ x 3♠ 5♦", "8♥ x 2♣ 6♥", "K♣ x 3♠ 5♦ 6♥"]).correct
True
"""

from __future__ import annotations

import os
from pathlib import Path

from cardwidgets import i18n
from cardwidgets.lessons import page as page
from cardwidgets.lessons.exercise import Exercise, Verdict
from cardwidgets.lessons.format import LessonError
from cardwidgets.lessons.lesson import Lesson, Step, read
from cardwidgets.lessons.puzzles import from_puzzles

__all__ = [
    "Exercise",
    "Lesson",
    "LessonError",
    "Step",
    "Verdict",
    "examples",
    "from_puzzles",
    "load",
]

EXAMPLES = Path(__file__).with_name("examples")
"""The example lessons shipped inside the package (``<name>.md``)."""


def examples() -> list[str]:
    """The names of the example lessons shipped with the package, sorted.

    >>> examples()[:2]
    ['panjpar-defence', 'panjpar-endgame']
    """
    return sorted(p.stem for p in EXAMPLES.glob("*.md"))


def load(lesson: str | os.PathLike[str]) -> Lesson:
    """The lesson of a lesson file's text, its path, or an example's name (:func:`examples`).

    >>> load("no-such-lesson")
    Traceback (most recent call last):
    ...
    cardwidgets.lessons.LessonError: there is no lesson file or example named 'no-such-lesson'; ...
    """
    if isinstance(lesson, os.PathLike):
        return _from_file(Path(lesson))
    if not isinstance(lesson, str):
        raise LessonError("lessons.not_text", found=i18n.shown(lesson))
    if "\n" in lesson or lesson.lstrip().startswith("```"):
        return read(lesson)
    if lesson in examples():
        return _from_file(EXAMPLES / f"{lesson}.md")
    if Path(lesson).is_file():
        return _from_file(Path(lesson))
    raise LessonError("lessons.no_such", name=i18n.shown(lesson), names=", ".join(examples()))


def _from_file(path: Path) -> Lesson:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise LessonError("lessons.unreadable", name=i18n.shown(path.name)) from None
    except OSError:
        raise LessonError(
            "lessons.no_such", name=i18n.shown(str(path)), names=", ".join(examples())
        ) from None
    return read(text, path.name)
