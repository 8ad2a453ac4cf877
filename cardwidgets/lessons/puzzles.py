"""Generated puzzles written as a lesson file: one exercise ("play the best move") a puzzle.

The position is written as its full position code (every card, so the lesson's analysis sees
the position the puzzle was found in); the explanation is the puzzle's own, in each language.

>>> from cardwidgets.analysis import Puzzle
>>> lesson = from_puzzles([])
Traceback (most recent call last):
...
cardwidgets.lessons.LessonError: a lesson from puzzles needs a list of puzzles of one game, not []
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets import i18n
from cardwidgets.analysis import Puzzle
from cardwidgets.lessons.format import FENCE, LessonError
from cardwidgets.lessons.lesson import Lesson, read

__all__ = ["from_puzzles"]

NAMES = {"tablic": "Tablić", "panjpar": "Panjpar", "pazaak": "Pazaak"}


def from_puzzles(found: Sequence[Puzzle]) -> Lesson:
    """A lesson of one exercise per puzzle (all of one game); ``.to_text()`` is the file.

    The lesson is read back from the text it writes, so every answer has been checked
    against the engine and the analysis like a teacher's.
    """
    games = {getattr(p, "game", None) for p in found} if isinstance(found, Sequence) else set()
    if len(games) != 1 or not all(isinstance(p, Puzzle) for p in found):
        raise LessonError("lessons.bad_puzzles", found=i18n.shown(found))
    game = str(next(iter(games)))
    lines = [f"{FENCE}lesson", f"game: {game}"]
    lines += [f"title.{loc}: {i18n.text('lessons.puzzles_title', loc, game=NAMES[game])}"
              for loc in i18n.LOCALES]  # fmt: skip
    lines.append(FENCE)
    for puzzle in found:
        lines += ["", f"{FENCE}exercise", f"code: {puzzle.position().code()}", "question: best"]
        lines.append(f"answers: {puzzle.answer}")
        for key, sentence in (("prompt", "lessons.play_best"), ("hint", "lessons.puzzle_hint")):
            lines += [f"{key}.{loc}: {i18n.text(sentence, loc)}" for loc in i18n.LOCALES]
        lines += [
            f"explanation.{loc}: {' '.join(puzzle.explanation(loc).split())}"
            for loc in i18n.LOCALES
        ]
        lines.append(FENCE)
    return read("\n".join(lines) + "\n")
