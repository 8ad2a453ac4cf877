"""The lesson widget: a lesson (:mod:`cardwidgets.lessons`) stepped through in the game widget.

``LessonWidget(lesson)`` takes a :class:`~cardwidgets.lessons.Lesson`, a lesson file's path,
its text or an example's name (as :func:`cardwidgets.lessons.load` does) and shows its first
step. Next and Back step through the lesson ("Step 3 of 8"); the side panel carries the prose,
or the exercise's prompt, the hints asked for and, once answered, the verdict and the
explanation. Each exercise shows its position from the learner's seat (a prose step: the
position of the exercise it leads to, to look at) and is answered the way its question asks:

* ``best``: select the move on the board and play it, as in the game (Pazaak's Stand and
  End turn buttons; only the moves offered are on show when the exercise names ``choices``);
* ``legal``: mark the legal moves among the choices (each a toggle), then press Check;
* ``chance``: type the chance (``36%``, ``0.36``, ``13/36``) in the panel and press Answer.

The engine judges each answer (:meth:`~cardwidgets.lessons.Exercise.check`): the move is not
played, so a wrong answer can be tried again; a right one closes the exercise. Every answer
is kept in :attr:`LessonWidget.attempts` (step, exercise, answer, right, time, hints shown),
shown by :meth:`LessonWidget.attempts_table` and saved by :meth:`LessonWidget.save_attempts`.
A move the rules refuse, a move the exercise does not ask about, an answer of the wrong kind
and a stale click are refused with the reason, unrecorded.

>>> w = LessonWidget("tablic-captures", locale="de")
>>> type(w).__name__, w.scene["analysis"]["title"]
('TablicLesson', 'Schritt 1 von 4')
>>> w.next_step(); w.scene["analysis"]["title"]
'Schritt 2 von 4 · Aufgabe 1 von 3'
>>> w.answer(["8♥ x 3♠ 5♦", "8♥ x 2♣ 6♥", "K♣ x 3♠ 5♦ 6♥"]).correct
True
>>> [(a.step, a.exercise, a.correct, a.hints) for a in w.attempts]
[(2, 1, True, 0)]
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.lessons import Exercise, Lesson, Step, Verdict, load
from cardwidgets.lessons import attempts as _attempts
from cardwidgets.present.pazaak import PazaakPresenter
from cardwidgets.widgets.analysis import move_words
from cardwidgets.widgets.base import GameWidget, WidgetError
from cardwidgets.widgets.panjpar import PanjparWidget
from cardwidgets.widgets.pazaak import PazaakWidget
from cardwidgets.widgets.tablic import TablicWidget

__all__ = ["LessonWidget", "PanjparLesson", "PazaakLesson", "TablicLesson"]

Attempt = _attempts.Attempt

# The game's buttons that do not answer a lesson: navigation through a line of play that a
# lesson never plays, a new game, undo, and the computer's hint and analysis (which would give
# the answer away); the lesson brings its own Hint.
_NOT_IN_LESSONS = frozenset(
    {"start", "back", "forward", "end", "new", "new-confirm", "new-cancel", "undo", "hint",
     "analysis", "odds"}
)  # fmt: skip
# Options a lesson sets itself: its positions, the seat that answers, who plays.
_THE_LESSONS_OWN = ("state", "code", "seed", "rules", "ply", "seat", "players", "opponent")
# The highlights that invite a click (a card to play, the hint's): gone where cards are idle.
_PLAY_MARKS = frozenset({"playable", "hint"})
# Pazaak's buttons that are moves, by the move's text (the offered ``choices``).
_PAZAAK_MOVES = {"stand": "stand", "end-turn": "end"}


def _read(lesson: object) -> Lesson:
    if isinstance(lesson, Lesson):
        return lesson
    if not isinstance(lesson, (str, os.PathLike)):
        raise WidgetError("widget.lesson.bad_lesson", found=i18n.shown(lesson))
    return load(lesson)


class LessonWidget(GameWidget[Any, Any]):
    """``LessonWidget(lesson, locale="en", size="normal", ...)``: a lesson stepped through in
    its game's widget. It makes the lesson's class, :class:`TablicLesson`,
    :class:`PanjparLesson` or :class:`PazaakLesson` (each this class mixed in before the game's
    widget class).

    ``lesson`` is a :class:`~cardwidgets.lessons.Lesson`, a lesson file's path, its text or
    an example's name. The other options are the game widget's display options (``locale``,
    ``size``, ``four_color``, ``theme``, ``legend`` (off unless asked: the side column is
    the lesson's), ``hints``, ``teacher`` …); the lesson sets the positions and the seat itself.
    """

    _lesson: Lesson
    _step: int  # the index in lesson.steps of the step shown
    _boards: list[Exercise]  # per step, the exercise whose position it shows
    _hints_shown: dict[int, int]  # per step index, how many hints are on show
    _marked: dict[int, frozenset[int]]  # per step index (legal questions), the choices marked
    _given: dict[int, object]  # per step index, the last answer given
    _solved: set[int]  # the step indexes answered right
    _attempts: list[Attempt]

    def __new__(cls, lesson: object = None, **options: Any) -> LessonWidget:
        made = cls
        if cls is LessonWidget:  # the game's own class, so it is a TablicWidget too
            read = _read(lesson)
            made = _CLASSES[read.game]
        return super().__new__(made, lesson, **options)  # type: ignore[no-any-return]

    def __init__(self, lesson: object = None, **options: Any) -> None:
        self._locale_asked = options.get("locale", "en")
        for name in _THE_LESSONS_OWN:
            if name in options:
                raise WidgetError("widget.lesson.no_state_here", option=name)
        found = _read(lesson)
        if found.game != self.game:
            raise WidgetError("widget.lesson.bad_lesson", found=i18n.shown(found.game))
        self._lesson, self._step, self._attempts = found, 0, []
        self._hints_shown, self._marked, self._given, self._solved = {}, {}, {}, set()
        self._boards = _boards(found)
        first = self._boards[0]
        options["analysis_allowed"] = False  # the analysis would give the answers away
        # The lesson's text needs the side column; the colour legend is there on request.
        options.setdefault("legend", False)
        super().__init__(state=first.state, seat=first.seat, **options)

    # -- reading the lesson --------------------------------------------------------------------
    @property
    def lesson(self) -> Lesson:
        """The lesson shown."""
        return self._lesson

    @property
    def step_number(self) -> int:
        """The step shown, counting from 1."""
        return self._step + 1

    @property
    def current(self) -> Step | Exercise:
        """The step shown: prose (a :class:`~cardwidgets.lessons.Step`) or an exercise."""
        return self._lesson.steps[self._step]

    @property
    def exercise(self) -> Exercise | None:
        """The exercise shown, or None on a prose step."""
        shown = self.current
        return shown if isinstance(shown, Exercise) else None

    @property
    def attempts(self) -> list[Attempt]:
        """Every answer given so far, in order (a copy: the widget keeps its own)."""
        return list(self._attempts)

    def attempts_rows(self) -> list[dict[str, Any]]:
        """The attempts as plain dicts (``pandas.DataFrame(w.attempts_rows())`` where pandas
        is installed)."""
        return [a.row() for a in self._attempts]

    def attempts_table(self) -> Any:
        """The attempts as a table, headed in the widget's language (HTML in a notebook,
        text when printed)."""
        return _attempts.table(self._attempts, self.locale)

    def save_attempts(self, path: str | os.PathLike[str]) -> Any:
        """Save the attempts to ``path``: ``.csv`` or ``.json`` by its suffix. Returns the
        path (a :class:`pathlib.Path`); another suffix or a file that cannot be written is
        refused with the reason, shown in the widget too."""
        with self.reporting():
            return _attempts.save(self._attempts, path)

    @property
    def verdict(self) -> Verdict | None:
        """The verdict on the last answer to the exercise shown, in the widget's language."""
        exercise = self.exercise
        if exercise is None or self._step not in self._given:
            return None
        return exercise.check(self._given[self._step], locale=self.locale)

    # -- stepping ------------------------------------------------------------------------------
    def next_step(self) -> None:
        """Show the next step."""
        with self.reporting():
            if self._step + 1 >= len(self._lesson.steps):
                raise WidgetError("widget.lesson.last_step")
            self._show_step(self._step + 1)

    def back_step(self) -> None:
        """Show the step before."""
        with self.reporting():
            if self._step == 0:
                raise WidgetError("widget.lesson.first_step")
            self._show_step(self._step - 1)

    def goto_step(self, number: int) -> None:
        """Show step ``number`` (counting from 1)."""
        with self.reporting():
            count = len(self._lesson.steps)
            if isinstance(number, bool) or not isinstance(number, int) or not 0 < number <= count:
                raise WidgetError("widget.lesson.bad_step", found=i18n.shown(number), count=count)
            self._show_step(number - 1)

    def _show_step(self, index: int) -> None:
        board = self._boards[index]
        # No scene between the two: the new position seen from the old seat would show a hand
        # the learner must not see (the seat may change from exercise to exercise).
        self._ready = False
        try:
            self._step = index
            self.seat = board.seat
            self.state = board.state
        finally:
            self._ready = True
        self._message = None
        self._said = []
        self.refresh()

    def actions(self) -> dict[str, Callable[[], object]]:
        return {
            **super().actions(),
            "lesson-next": self.next_step,
            "lesson-back": self.back_step,
            "lesson-check": self.check_marked,
            "hint": self.hint,
        }

    # -- answering -----------------------------------------------------------------------------
    def answer(self, answer: object) -> Verdict:
        """Answer the exercise shown: a move (its text or the Move) for ``best``, the legal
        moves (a list of texts) for ``legal``, a chance (``"36%"``, ``0.36``, ``"13/36"``) for
        ``chance``. Returns the verdict, also shown in the widget and kept in :attr:`attempts`."""
        with self.reporting():
            exercise = self._asked()
            if exercise.question == "best":
                if not isinstance(answer, str) and not isinstance(answer, self._move_class()):
                    raise WidgetError("widget.lesson.wants_move", found=i18n.shown(answer))
                self.commit(answer)
            elif exercise.question == "legal":
                if isinstance(answer, str) or not isinstance(answer, Iterable):
                    raise WidgetError("widget.lesson.wants_choices")
                given = [self._choice_of(exercise, move) for move in answer]
                self._judge(exercise, [exercise.choices[i] for i in sorted(set(given))])
            else:
                self.on_answer(answer)
        verdict = self.verdict
        assert verdict is not None  # just answered
        return verdict

    def commit(self, move: Any) -> Any:
        """Answer a ``best`` exercise with ``move`` (what the board's Play button sends): the
        rules must allow it, the exercise must offer it; it is judged, not played."""
        with self.reporting():
            exercise = self._asked()
            if exercise.question == "legal":
                raise WidgetError("widget.lesson.wants_choices")
            if exercise.question == "chance":
                raise WidgetError("widget.lesson.wants_chance")
            self.check_turn()
            after = self.state.play(move)  # a move the rules refuse: their reason, unrecorded
            played = str(after.last_move)
            if exercise.choices and played not in exercise.choices:
                raise WidgetError(
                    "widget.lesson.not_offered",
                    move=move_words(self, after.last_move),
                    choices=self._choice_words(exercise),
                )
            self._judge(exercise, played)
        return self.state

    def answers(self) -> bool:
        return False  # nobody answers a lesson's move: it is judged, not played

    def choose(self, index: int) -> None:
        """A ``legal`` exercise: mark choice ``index`` (0-based) or take the mark off; other
        exercises: the game's option (a Tablić capture suggestion)."""
        exercise = self.exercise
        if exercise is None or exercise.question != "legal":
            if exercise is None or exercise.question == "chance":
                raise WidgetError("widget.no_options")
            super().choose(index)
            return
        with self.reporting():
            self._asked()
            if isinstance(index, bool) or not isinstance(index, int):
                raise WidgetError("widget.lesson.no_choice", n=i18n.shown(index))
            if not 0 <= index < len(exercise.choices):
                raise WidgetError("widget.lesson.no_choice", n=index + 1)
            self._marked[self._step] = self._marked.get(self._step, frozenset()) ^ {index}
            self._message = None
            self.refresh()

    def check_marked(self) -> None:
        """A ``legal`` exercise: judge the choices marked (the Check button)."""
        with self.reporting():
            exercise = self._asked()
            if exercise.question != "legal":
                raise WidgetError(
                    "widget.lesson.wants_chance"
                    if exercise.question == "chance"
                    else "widget.lesson.wants_move",
                    found=i18n.text("widget.lesson.check", self.locale),
                )
            marked = sorted(self._marked.get(self._step, frozenset()))
            self._judge(exercise, [exercise.choices[i] for i in marked])

    def on_answer(self, text: object) -> None:
        """A ``chance`` exercise: judge the chance typed (the panel's Answer button)."""
        with self.reporting():
            exercise = self._asked()
            if exercise.question != "chance":
                found = i18n.shown(text)
                if exercise.question == "legal":
                    raise WidgetError("widget.lesson.wants_choices")
                raise WidgetError("widget.lesson.wants_move", found=found)
            exercise.check(text)  # a text that is no chance: refused with the reason
            self._judge(exercise, text if isinstance(text, str) else str(text))

    def on_card(self, zone: str, card: str) -> None:
        exercise = self.exercise
        if exercise is not None and exercise.question == "best" and self._cards_answer(exercise):
            super().on_card(zone, card)
            return
        raise WidgetError("widget.lesson.cards_idle", card=card, how=self._how())

    def hint(self) -> None:
        """Show the exercise's next hint (the Hint button)."""
        with self.reporting():
            exercise = self.exercise
            if exercise is None:
                raise WidgetError("widget.lesson.no_question")
            shown = self._hints_shown.get(self._step, 0)
            if shown >= len(exercise.hints):
                raise WidgetError("widget.lesson.no_hint")
            self._hints_shown[self._step] = shown + 1
            self._message = None
            self.refresh()

    def _asked(self) -> Exercise:
        """The exercise shown, still open to an answer (else the reason)."""
        exercise = self.exercise
        if exercise is None:
            raise WidgetError("widget.lesson.no_question")
        if self._step in self._solved:
            raise WidgetError("widget.lesson.solved")
        return exercise

    def _choice_of(self, exercise: Exercise, move: object) -> int:
        """The index among the choices of ``move`` (its text or the Move), else the reason."""
        text = move if isinstance(move, str) else str(move)
        try:
            canonical = str(self._move_class().parse(text))
        except ValueError:
            canonical = text
        if canonical not in exercise.choices:
            raise WidgetError(
                "widget.lesson.not_offered",
                move=i18n.shown(text),
                choices=self._choice_words(exercise),
            )
        return exercise.choices.index(canonical)

    def _judge(self, exercise: Exercise, answer: object) -> None:
        """Judge ``answer``, keep the attempt and show the verdict."""
        verdict = exercise.check(answer, locale=self.locale)
        self._attempts.append(
            Attempt(
                lesson=self._lesson.source or self._lesson.title["en"],
                step=self._step + 1,
                exercise=exercise.number,
                question=exercise.question,
                answer=verdict.answer,
                correct=verdict.correct,
                time=datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
                hints=self._hints_shown.get(self._step, 0),
            )
        )
        self._given[self._step] = answer
        if verdict.correct:
            self._solved.add(self._step)
        self.clear_selection()
        self._message = None
        self._said = [("lessons.right" if verdict.correct else "lessons.wrong", {})]
        self.refresh()

    # -- what the board offers -----------------------------------------------------------------
    def _move_class(self) -> Any:
        assert self.engine is not None
        return self.engine.Move

    def _cards_answer(self, exercise: Exercise) -> bool:
        """Whether the board's cards answer ``exercise`` (a ``best`` question whose moves
        include one played with cards: Pazaak's Stand or End turn alone need none)."""
        if self.game != "pazaak" or not exercise.choices:
            return True
        return any(m not in _PAZAAK_MOVES.values() for m in exercise.choices)

    def _choice_words(self, exercise: Exercise) -> str:
        return ", ".join(self._words(m) for m in exercise.choices)

    def _words(self, move: str) -> str:
        """A move's text in words (a choice may be illegal: it is read, not played)."""
        return move_words(self, self._move_class().parse(move))

    def _how(self) -> str:
        exercise = self.exercise
        if exercise is None:
            return self.text("widget.lesson.banner.prose")
        if exercise.question == "best" and exercise.choices and not self._cards_answer(exercise):
            return self.text("widget.lesson.how.choices")
        return self.text(f"widget.lesson.how.{exercise.question}")

    # -- the scene -----------------------------------------------------------------------------
    def analysis_panel(self, built: _scene.Scene, shown: Any = None) -> _scene.Scene:
        """The lesson's scene: the game's board with only the controls that answer the step,
        the step counter, the prose or prompt, hints and verdict in the panel."""
        exercise = self.exercise
        actions = self._game_controls(built)
        built["history"] = None
        panel: _scene.AnswerPanel = {
            "title": self._title(),
            "text": self._panel_text(),
            "values": {},
            "best": [],
            "lesson": True,
        }
        solved = self._step in self._solved
        if exercise is not None and exercise.question == "legal":
            built["options"] = self._marks(exercise)
            if not solved:
                label = self.text("widget.lesson.check")
                actions.append(_scene.action("lesson-check", label, primary=True))
        if exercise is not None and exercise.question == "chance" and not solved:
            given = self._given.get(self._step)
            panel["answer"] = {
                "label": self.text("widget.lesson.chance_label"),
                "button": self.text("widget.lesson.chance_button"),
                "value": "" if given is None else str(given),
            }
        built["actions"] = actions + self._lesson_buttons()
        built["analysis"] = panel
        built["title"] = self._lesson.title[self.locale]
        built["banner"] = banner = self._banner(built["banner"])
        if banner is not None:
            built["status"] = banner["text"]
        return built

    def _game_controls(self, built: _scene.Scene) -> list[_scene.Action]:
        """The game's buttons that answer the step shown (a ``best`` question still open:
        those of the moves offered); the board's cards are for looking at otherwise."""
        exercise = self.exercise
        actions = [a for a in built["actions"] if a["id"] not in _NOT_IN_LESSONS]
        open_best = (
            exercise is not None and exercise.question == "best" and self._step not in self._solved
        )
        if not open_best:
            actions = []
        elif exercise is not None and exercise.choices and self.game == "pazaak":
            offered, cards = set(exercise.choices), self._cards_answer(exercise)
            actions = [
                a
                for a in actions
                if (a["id"] in _PAZAAK_MOVES and _PAZAAK_MOVES[a["id"]] in offered)
                or (a["id"] not in _PAZAAK_MOVES and cards)
            ]
        if not open_best or (exercise is not None and not self._cards_answer(exercise)):
            built["previews"] = {}  # a hover must not light up what a capture would take
            built["options"] = []
            for zone in built["zones"]:
                for card in zone["cards"]:
                    card["selectable"] = False
                    if card["highlight"] in _PLAY_MARKS:  # nothing to play: no card says so
                        card["highlight"], card["group"] = None, None
        return actions

    def _marks(self, exercise: Exercise) -> list[_scene.Option]:
        """A ``legal`` question's choices as toggles, the marked ones pressed."""
        marked = self._marked.get(self._step, frozenset())
        return [
            {
                "index": i,
                "label": self._words(move),
                "selected": i in marked,
                "emphasis": False,
                "swatches": 0,
            }
            for i, move in enumerate(exercise.choices)
        ]

    def _lesson_buttons(self) -> list[_scene.Action]:
        """Hint (while hints are left and the exercise is open), Back and Next."""
        exercise, solved = self.exercise, self._step in self._solved
        buttons = []
        if exercise is not None and exercise.hints:
            left = self._hints_shown.get(self._step, 0) < len(exercise.hints)
            label = self.text("widget.lesson.hint")
            buttons.append(_scene.action("hint", label, enabled=left and not solved))
        last = self._step + 1 >= len(self._lesson.steps)
        back = self.text("widget.lesson.back")
        buttons.append(_scene.action("lesson-back", back, enabled=self._step > 0))
        primary = not last and (exercise is None or solved)
        next_label = self.text("widget.lesson.next")
        buttons.append(_scene.action("lesson-next", next_label, enabled=not last, primary=primary))
        return buttons

    def _title(self) -> str:
        steps = len(self._lesson.steps)
        exercise = self.exercise
        if exercise is None:
            return self.text("widget.lesson.step", number=self._step + 1, count=steps)
        return self.text(
            "widget.lesson.step_exercise", number=self._step + 1, count=steps,
            exercise=exercise.number, exercises=len(self._lesson.exercises),
        )  # fmt: skip

    def _panel_text(self) -> str:
        shown = self.current
        if not isinstance(shown, Exercise):
            return shown.text[self.locale]
        parts = [shown.prompt[self.locale]]
        count = len(shown.hints)
        for number in range(self._hints_shown.get(self._step, 0)):
            hint = shown.hints[number][self.locale]
            parts.append(
                self.text("widget.lesson.hint_text", number=number + 1, count=count, text=hint)
            )
        verdict = self.verdict
        if verdict is not None:
            said = self.text("widget.lesson.your_answer", answer=self._answer_words())
            parts.append(f"{said} {verdict.text()}")
        # One line each: the prompt, each hint, the verdict (the page keeps the line breaks).
        return "\n".join(parts)

    def _answer_words(self) -> str:
        """The last answer given, as the widget says it."""
        exercise, given = self.exercise, self._given.get(self._step)
        assert exercise is not None
        if exercise.question == "chance":
            return str(given)
        if exercise.question == "legal":
            assert isinstance(given, list)
            found = "; ".join(self._words(m) for m in given)
            return found or self.text("widget.lesson.nothing")
        return self._words(str(given))

    def _banner(self, shown: _scene.Banner | None) -> _scene.Banner | None:
        """What to do now, in large words: read, answer (how), or go on."""
        if shown is None:
            return None  # a picture
        exercise = self.exercise
        if exercise is None:
            return {"seat": None, "text": self.text("widget.lesson.banner.prose"), "tone": "pause"}
        if self._solved >= _exercise_steps(self._lesson) and self._step in self._solved:
            right = len({a.exercise for a in self._attempts if a.correct})
            count = len(self._lesson.exercises)
            text = self.text("widget.lesson.banner.done", right=right, count=count)
            return {"seat": None, "text": text, "tone": "over"}
        if self._step in self._solved:
            return {"seat": None, "text": self.text("widget.lesson.banner.right"), "tone": "pause"}
        if self._step in self._given:
            return {"seat": None, "text": self.text("widget.lesson.banner.wrong"), "tone": "pause"}
        return {"seat": exercise.seat, "text": self._how(), "tone": "you"}

    def describe(self) -> str:
        return f"{self._lesson.game} lesson, step {self._step + 1} of {len(self._lesson.steps)}"


class TablicLesson(LessonWidget, TablicWidget):
    """A Tablić lesson (``LessonWidget`` picks it for a Tablić lesson)."""


class PanjparLesson(LessonWidget, PanjparWidget):
    """A Panjpar lesson."""


class PazaakLesson(LessonWidget, PazaakWidget):
    """A Pazaak lesson: the teaching odds stay hidden while a chance question is asked."""

    def presenter(self) -> PazaakPresenter:
        exercise = self.exercise
        odds = self.odds and not (exercise is not None and exercise.question == "chance")
        return PazaakPresenter(self.moment(), self._selection, self._narrated, odds=odds)


_CLASSES: Mapping[str, type[LessonWidget]] = {
    "tablic": TablicLesson,
    "panjpar": PanjparLesson,
    "pazaak": PazaakLesson,
}


def _boards(lesson: Lesson) -> list[Exercise]:
    """Per step, the exercise whose position it shows: its own; a prose step, the next
    exercise's (else the last one before it)."""
    exercises = [s if isinstance(s, Exercise) else None for s in lesson.steps]
    found: list[Exercise] = []
    for index, own in enumerate(exercises):
        later = [e for e in exercises[index:] if e is not None]
        earlier = [e for e in exercises[:index] if e is not None]
        found.append(own or (later[0] if later else earlier[-1]))
    return found


def _exercise_steps(lesson: Lesson) -> set[int]:
    return {i for i, s in enumerate(lesson.steps) if isinstance(s, Exercise)}
