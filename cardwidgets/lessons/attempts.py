"""A learner's attempts at a lesson's exercises: one record per answer, a table to look at, a
CSV or JSON file for the teacher. Jupyter-free: the lesson widget
(:class:`cardwidgets.widgets.LessonWidget`) keeps its learner's attempts in these records.

The records are plain values (text, numbers, a bool), so a CSV file opens in any spreadsheet
and a JSON file reads back as the same rows. The table is the lab's HTML-and-text table
(pandas is an optional extra of the package, not a dependency of the widgets):
``pandas.DataFrame(widget.attempts_rows())`` makes a data frame where pandas is installed.

>>> one = Attempt("tablic-captures.md", 2, 1, "legal", "8♥ x 3♠ 5♦", False,
...               "2026-12-02T04:00:00+00:00", 1)
>>> print(table([one], "de"))  # doctest: +NORMALIZE_WHITESPACE
Lektion             Schritt  Aufgabe  Frage  Antwort     Richtig  Zeit (UTC)                 Tipps
------------------  -------  -------  -----  ----------  -------  -------------------------  -----
tablic-captures.md  2        1        legal  8♥ x 3♠ 5♦  nein     2026-12-02T04:00:00+00:00  1
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from cardwidgets import i18n

__all__ = ["COLUMNS", "Attempt", "AttemptsError", "save", "table"]

COLUMNS = ("lesson", "step", "exercise", "question", "answer", "correct", "time", "hints")
"""The fields of an attempt, in the order of its table and its CSV file."""


class AttemptsError(i18n.TranslatedError):
    """Attempts that cannot be saved (a file suffix other than ``.csv`` or ``.json``, a file
    that cannot be written): a ``ValueError``, its reason in the current language (the lesson
    widget shows it in its own); nothing is written."""

    __module__ = "cardwidgets.lessons.attempts"


@dataclasses.dataclass(frozen=True)
class Attempt:
    """One answer to an exercise: the lesson (its file's name, else its English title), the
    step (counting from 1) and the exercise number, the question kind (``best``, ``legal``,
    ``chance``), the answer as text (a move's canonical text, the legal moves marked joined by
    ``" | "``, the chance as typed), whether it was right, when (ISO 8601, UTC) and how many
    hints were on show."""

    lesson: str
    step: int
    exercise: int
    question: str
    answer: str
    correct: bool
    time: str
    hints: int

    def row(self) -> dict[str, Any]:
        """The record as a dict, keys in :data:`COLUMNS`."""
        return {name: getattr(self, name) for name in COLUMNS}


def table(attempts: Sequence[Attempt], locale: str | None = None) -> Any:
    """The attempts as a table (HTML in a notebook, text when printed), headings in ``locale``."""
    from cardwidgets.lab import display  # the lab's table: imported when a table is asked for

    heads = [i18n.text(f"widget.lesson.col.{name}", locale) for name in COLUMNS]
    rows = [
        [_shown(name, value, locale) for name, value in attempt.row().items()]
        for attempt in attempts
    ]
    return display.rows_table(heads, rows, locale)


def _shown(name: str, value: object, locale: str | None) -> object:
    if name == "correct":
        return i18n.text("widget.lesson.yes" if value else "widget.lesson.no", locale)
    return value


def save(attempts: Sequence[Attempt], path: str | os.PathLike[str]) -> Path:
    """Write ``attempts`` to ``path``: CSV for ``.csv`` (a header row of the field names), JSON
    for ``.json`` (a list of records); returns the path. Any other suffix, or a file that
    cannot be written, is refused with an :class:`AttemptsError`."""
    if not isinstance(path, (str, os.PathLike)):
        raise AttemptsError("widget.lesson.bad_suffix", name=i18n.shown(path))
    target = Path(path)
    suffix = target.suffix.lower()
    rows = [a.row() for a in attempts]
    if suffix == ".csv":
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=list(COLUMNS), lineterminator="\n")
        writer.writeheader()
        writer.writerows(rows)
        text = out.getvalue()
    elif suffix == ".json":
        text = json.dumps(rows, ensure_ascii=False, indent=1) + "\n"
    else:
        raise AttemptsError("widget.lesson.bad_suffix", name=i18n.shown(target.name))
    try:
        target.write_text(text, encoding="utf-8")
    except OSError as err:
        raise AttemptsError(
            "widget.lesson.not_saved", name=i18n.shown(str(target)), reason=err.strerror or err
        ) from None
    return target
