"""An exercise: a position, a question, the accepted answers (checked against the engine when
the lesson loads), hints and the explanation; and the verdict on a learner's answer.

The questions:

* ``best``: play the best move. The answers are the accepted moves; each must be legal, and the
  analysis (:func:`cardwidgets.analysis.analyse`, seed 0) must not find a move better (exact
  values: by any amount; estimates: its interval above the answer's) nor, for exact values, one
  exactly as good that the answers leave out. ``choices`` narrows the moves offered
  ("stand or draw?": ``choices: stand | end``).
* ``legal``: which of the ``choices`` are legal? The answers must be exactly the legal ones.
* ``chance``: the chance that the seat to move busts with its next draw (Pazaak), an exact
  fraction from :func:`cardwidgets.games.pazaak.odds.bust_probability`; ``tolerance`` (default
  1%) is how far a learner's answer may be off.

Each exercise knows the moves a learner can make and the verdict of each (:meth:`Exercise.
verdicts`), so a page can later carry them without Python.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from fractions import Fraction
from typing import Any

from cardwidgets import i18n
from cardwidgets.analysis import analyse
from cardwidgets.core import GameState, IllegalMove
from cardwidgets.lessons.format import LessonError, fail
from cardwidgets.lessons.position import GAMES

__all__ = ["QUESTIONS", "Exercise", "Verdict", "checked_answers", "read_chance"]

QUESTIONS = ("best", "legal", "chance")
TIE = 1e-9
"""Exact values closer than this are equal (they are sums of card points or fractions)."""


@dataclasses.dataclass(frozen=True)
class Verdict:
    """The verdict on one answer: whether it is right, and the sentence the learner reads
    (right or not, then the exercise's explanation) in ``locale``."""

    answer: str
    correct: bool
    message: str
    explanation: str
    locale: str

    def text(self) -> str:
        """The verdict and the explanation as one paragraph."""
        return f"{self.message} {self.explanation}"


@dataclasses.dataclass(frozen=True)
class Exercise:
    """One exercise of a lesson (``number`` counts from 1; ``line`` is its block's line).

    ``answers`` are canonical move texts (``best``, ``legal``) or the exact chance
    (``chance``, one :class:`~fractions.Fraction` as text). ``prompt``, ``hints`` and
    ``explanation`` map each locale to its text.
    """

    number: int
    line: int
    game: str
    question: str
    state: GameState[Any]
    answers: tuple[str, ...]
    choices: tuple[str, ...]
    tolerance: Fraction
    prompt: Mapping[str, str]
    hints: tuple[Mapping[str, str], ...]
    explanation: Mapping[str, str]
    fields: tuple[tuple[str, str], ...] = ()

    @property
    def seat(self) -> int:
        """The seat the learner plays (the seat to move)."""
        seat = self.state.to_move
        assert seat is not None  # checked when loading
        return seat

    def moves(self) -> list[str]:
        """The moves a learner chooses among: the choices, else every legal move."""
        if self.choices:
            return list(self.choices)
        return [str(m) for m in self.state.legal_moves()]

    def check(self, answer: object, *, locale: str | None = None) -> Verdict:
        """The verdict on a learner's ``answer``: a move (its text or the Move) for ``best``,
        a collection of moves for ``legal``, a chance (``"36%"``, ``0.36``, ``"13/36"``) for
        ``chance``. A text that is no move here is a wrong answer whose message says why."""
        locale = i18n.check_locale(locale or i18n.get_locale())
        if self.question == "chance":
            return self._check_chance(answer, locale)
        if self.question == "legal":
            if isinstance(answer, str) or not isinstance(answer, Iterable):
                raise LessonError("lessons.bad_learner_answer", found=i18n.shown(answer))
            given = [self._canonical(a, locale) for a in answer]
            texts = [g for g in given if isinstance(g, str)]
            shown = " | ".join(sorted(texts))
            right = len(texts) == len(given) and set(texts) == set(self.answers)
            return self._verdict(shown, right, locale)
        found = self._canonical(answer, locale)
        if isinstance(found, Verdict):
            return found
        return self._verdict(found, found in self.answers, locale)

    def verdicts(self, *, locale: str | None = None) -> dict[str, Verdict]:
        """The verdict on each move a learner can choose (``best`` questions; for ``legal``
        the verdict on each choice says whether it is legal), computed now, for a page."""
        if self.question == "chance":
            return {}
        if self.question == "legal":
            locale = i18n.check_locale(locale or i18n.get_locale())
            return {m: self._verdict(m, m in self.answers, locale) for m in self.choices}
        return {m: self.check(m, locale=locale) for m in self.moves()}

    def _canonical(self, answer: object, locale: str) -> str | Verdict:
        if not isinstance(answer, str):
            if not isinstance(answer, GAMES[self.game].Move):  # a Move of this game is fine
                raise LessonError("lessons.bad_learner_answer", found=i18n.shown(answer))
            answer = str(answer)
        try:
            return str(GAMES[self.game].Move.parse(answer))
        except IllegalMove as err:
            message = i18n.text("lessons.unreadable_answer", locale, reason=err.text(locale))
            return Verdict(answer, False, message, self.explanation[locale], locale)

    def _check_chance(self, answer: object, locale: str) -> Verdict:
        value = read_chance(answer)
        if value is None:
            raise LessonError("lessons.bad_chance", found=i18n.shown(answer))
        exact = Fraction(self.answers[0])
        return self._verdict(str(answer), abs(value - exact) <= self.tolerance, locale)

    def _verdict(self, answer: str, right: bool, locale: str) -> Verdict:
        message = i18n.text("lessons.right" if right else "lessons.wrong", locale)
        return Verdict(answer, right, message, self.explanation[locale], locale)


def read_chance(value: object) -> Fraction | None:
    """A chance from ``"36%"``, ``"0.36"``, ``0.36`` or ``"13/36"`` (None if it is none).

    >>> read_chance("36%"), read_chance("13/36"), read_chance("1.5")
    (Fraction(9, 25), Fraction(13, 36), None)
    """
    if isinstance(value, bool):
        return None
    text = str(value).strip() if isinstance(value, (str, int, float, Fraction)) else ""
    percent = text.endswith("%")
    try:
        found = Fraction(text[:-1].strip() if percent else text)
    except (ValueError, ZeroDivisionError):
        return None
    found = found / 100 if percent else found
    return found if 0 <= found <= 1 else None


def checked_answers(
    state: GameState[Any],
    question: str,
    answers: list[tuple[str, int]],
    choices: list[tuple[str, int]],
    source: str,
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The canonical answers and choices of a ``best`` or ``legal`` question, each checked
    against the engine (a :class:`LessonError` on the line of the answer or choice)."""
    module = GAMES[getattr(state, "game", "")]
    legal = {str(m) for m in state.legal_moves()}
    canon_choices = tuple(_parsed(module, text, line, source) for text, line in choices)
    canon_answers = tuple(_parsed(module, text, line, source) for text, line in answers)
    for (text, line), move in zip(answers, canon_answers, strict=True):
        if move not in legal:
            raise fail(source, line, "lessons.illegal_answer", move=move, reason=_why(state, text))
        if choices and move not in canon_choices:
            raise fail(source, line, "lessons.answer_not_offered", move=move)
    for (text, line), move in zip(choices, canon_choices, strict=True):
        if question == "best" and move not in legal:
            raise fail(source, line, "lessons.illegal_choice", move=move, reason=_why(state, text))
        if question == "legal" and move in legal and move not in canon_answers:
            raise fail(source, line, "lessons.legal_missing", move=move)
    return canon_answers, canon_choices


def _parsed(module: Any, text: str, line: int, source: str) -> str:
    try:
        return str(module.Move.parse(text))
    except IllegalMove as err:
        raise fail(source, line, "lessons.not_a_move", move=i18n.shown(text), reason=err) from None


def _why(state: GameState[Any], text: str) -> i18n.TranslatedError:
    """The engine's reason why ``text`` cannot be played in ``state``."""
    try:
        state.play(text)
    except IllegalMove as err:
        return err
    return i18n.TranslatedError("lessons.not_listed")


def check_best(
    state: GameState[Any],
    answers: tuple[str, ...],
    offered: tuple[str, ...],
    line: int,
    source: str,
) -> None:
    """Refuse a ``best`` answer the analysis contradicts: a move among ``offered`` (all legal
    moves if empty) valued above it, or, exactly, as high and not accepted."""
    entries = {str(e.move): e for e in analyse(state, seed=0) if e.move is not None}
    others = [entries[m] for m in (offered or entries) if m in entries and m not in answers]
    for move in answers:
        entry = entries.get(move)
        if entry is None:  # a move the analysis leaves in "others": nothing contradicts it
            continue
        for other in others:
            exact = other.exact and entry.exact
            if other.value > entry.value + TIE if exact else other.low > entry.high:
                raise fail(
                    source, line, "lessons.contradicted", better=str(other.move), move=move,
                    high=f"{other.value:.3g}", low=f"{entry.value:.3g}", how=_Reason(other),
                )  # fmt: skip
            if other.exact and entry.exact and abs(other.value - entry.value) <= TIE:
                raise fail(
                    source, line, "lessons.tie", other=str(other.move), move=move,
                    value=f"{entry.value:.3g}",
                )  # fmt: skip


class _Reason(i18n.TranslatedError):
    """An analysis entry's reason as a nested sentence (rendered in the error's locale)."""

    def __init__(self, entry: Any) -> None:
        super().__init__(entry.key, **dict(entry.params))
