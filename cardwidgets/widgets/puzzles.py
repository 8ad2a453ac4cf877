"""Puzzle mode: a game widget that poses puzzles, checks the answers and keeps score.

:func:`puzzle_widget` (or :class:`TablicPuzzles`, :class:`PanjparPuzzles`,
:class:`PazaakPuzzles`) finds ``count`` puzzles in seeded games
(:func:`cardwidgets.analysis.puzzles`; a teacher may pass a prepared set, as
:class:`~cardwidgets.analysis.Puzzle` objects or as the records :func:`~cardwidgets.analysis.
to_records` exports) and shows the first one: the position from the puzzle's seat, and in the
panel its question ("Find the capture that wins the most points.", "Stand or draw?", "How do
you defend?") and the score. The learner answers with the usual clicks and buttons; the widget
plays the move (no computer reply), says whether it was the best with the explanation, counts
the score, and the "Next puzzle" button poses the next one. The Hint and New game buttons are
gone in puzzle mode (the hint is the greedy player's move: a puzzle's tempting one), and the
analysis switch appears only once the puzzle is answered.

>>> from cardwidgets.analysis import Puzzle
>>> from cardwidgets import tablic
>>> start = tablic.State.from_position(
...     table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1)
>>> puzzle = Puzzle("tablic", start.to_record(), 0, 0, start.code(0), "exact",
...                 "8♣ x 3♠ 5♥", "10♦", 6.0, -6.0)
>>> w = puzzle_widget("tablic", puzzles=[puzzle])
>>> w.scene["analysis"]["title"], w.scene["analysis"]["text"]
('Puzzle 1 of 1', 'Find the capture that wins the most points.')
>>> _ = w.play("8♣ x 3♠ 5♥")
>>> w.score, w.scene["analysis"]["text"].split(". ")[0]
((1, 1), 'Right! Best: Play 8♣ and capture 3♠ 5♥ (+6)')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.analysis import Puzzle, puzzles
from cardwidgets.core import Move
from cardwidgets.widgets.analysis import move_words, value_text
from cardwidgets.widgets.base import GameWidget, WidgetError
from cardwidgets.widgets.panjpar import PanjparWidget
from cardwidgets.widgets.pazaak import PazaakWidget
from cardwidgets.widgets.tablic import TablicWidget

__all__ = ["PanjparPuzzles", "PazaakPuzzles", "PuzzleMode", "TablicPuzzles", "puzzle_widget"]

_FIELDS = ("game", "record", "ply", "seat", "code", "kind", "answer", "tempting", "best", "other")
_HIDDEN_IN_PUZZLES = frozenset({"hint", "new", "new-confirm", "new-cancel"})


class PuzzleMode(GameWidget[Any, Any]):
    """The puzzle mode of a game widget (mixed in before the game's widget class).

    ``count`` puzzles are found from ``seed`` (the same seed, the same puzzles), unless
    ``puzzles`` gives them (Puzzle objects or their records). The other options are the game
    widget's (``locale``, ``size``, ``four_color`` …).
    """

    _puzzles: list[Puzzle]
    _number: int
    _answers: list[tuple[bool, str]]  # per puzzle answered: right, the move played (text)

    def __init__(
        self,
        count: int = 5,
        *,
        seed: int | str = 0,
        puzzles: Sequence[Puzzle | dict[str, Any]] | None = None,
        **options: Any,
    ) -> None:
        self._locale_asked = options.get("locale", "en")
        found = _chosen(self.game, count, seed, puzzles)
        self._puzzles, self._number, self._answers = found, 0, []
        first = found[0]
        super().__init__(state=first.position(), seat=first.seat, seed=seed, **options)

    # -- reading the puzzles -------------------------------------------------------------------
    @property
    def puzzle(self) -> Puzzle:
        """The puzzle posed now."""
        return self._puzzles[self._number]

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        """Every puzzle of the set, in order (export them with ``to_records``)."""
        return tuple(self._puzzles)

    @property
    def score(self) -> tuple[int, int]:
        """(puzzles answered right, puzzles answered)."""
        return sum(right for right, _ in self._answers), len(self._answers)

    @property
    def answered(self) -> bool:
        """Whether the puzzle posed now is answered."""
        return len(self._answers) > self._number

    def prompt(self) -> str:
        """The question of the puzzle posed now, in the widget's language."""
        return self.text(_question(self.puzzle))

    # -- answering -----------------------------------------------------------------------------
    def commit(self, move: Any) -> Any:
        """Answer the puzzle with ``move``: it is played (no computer reply), checked against
        the answer and scored. A move the rules refuse is refused as in play, unscored."""
        with self.reporting():
            if self.answered:
                raise WidgetError("widget.puzzle.answered")
            self.check_turn()
            before = self.state
            events = self._flow(lambda: self.table.play(move), follow=False)
            after = self.state
            right = after.last_move == before.play(self.puzzle.answer).last_move
            self._answers.append((right, str(after.last_move)))
            self.clear_selection()
            self._message = None
            self._said = [after]
            self.refresh()
            self._run_hooks(events)
        return self.state

    def answers(self) -> bool:
        return False  # a puzzle is one move: the computer does not answer it

    def next_puzzle(self) -> None:
        """Pose the next puzzle (after this one is answered)."""
        with self.reporting():
            if not self.answered:
                raise WidgetError("widget.puzzle.not_answered")
            if self._number + 1 >= len(self._puzzles):
                raise WidgetError("widget.puzzle.none_left")
            self._number += 1
            puzzle = self.puzzle
            # No scene between the two: the new position seen from the old seat would show
            # the hand the learner must not see (the seat may change from puzzle to puzzle).
            self._ready = False
            try:
                self.seat = puzzle.seat
                self.state = puzzle.position()
            finally:
                self._ready = True
            self.refresh()

    def actions(self) -> dict[str, Callable[[], object]]:
        return {**super().actions(), "puzzle-next": self.next_puzzle}

    # -- the panel -----------------------------------------------------------------------------
    def analysis_panel(self, built: _scene.Scene, shown: Any = None) -> _scene.Scene:
        """The puzzle's panel: its number, the score and the question or the verdict; the
        analysis switch only once the puzzle is answered."""
        answered = self.answered and self.cursor == len(self.line) - 1
        built["actions"] = [a for a in built["actions"] if a["id"] not in _HIDDEN_IN_PUZZLES]
        if answered:
            built = super().analysis_panel(built, shown)
            last = self._number + 1 >= len(self._puzzles)
            label = self.text("widget.puzzle.next")
            built["actions"].append(
                _scene.action("puzzle-next", label, enabled=not last, primary=not last)
            )
        right, done = self.score
        # Before the first answer there is no score to give ("0 of 0 right" said nothing).
        key = "widget.puzzle.title" if done else "widget.puzzle.title_first"
        title = self.text(
            key, number=self._number + 1, count=len(self._puzzles), right=right, answered=done
        )
        text = self._verdict() if self.answered else self.prompt()
        shown = built["analysis"]
        if shown is not None and answered:  # the switch's values go with the verdict
            text = f"{text} {shown['text']}"
        built["banner"] = banner = self._banner(built["banner"])
        if banner is not None and answered:
            # The status line says what the banner says, not the game's "Player 2 to move":
            # the computer does not answer a puzzle.
            built["status"] = banner["text"]
        built["analysis"] = {
            "title": title,
            "text": text,
            "values": shown["values"] if shown is not None and answered else {},
            "best": shown["best"] if shown is not None and answered else [],
        }
        return built

    def _banner(self, shown: _scene.Banner | None) -> _scene.Banner | None:
        """The question in large words while it waits on the learner; once answered, what to
        do next (never "the computer is to move": it does not answer a puzzle)."""
        if shown is None or self.cursor != len(self.line) - 1:
            return shown  # a picture, or an earlier position of the history: as the game says
        if not self.answered:
            return {"seat": shown["seat"], "text": self.prompt(), "tone": "you"}
        if len(self._answers) == len(self._puzzles):
            right, _ = self.score
            text = self.text("widget.puzzle.banner.done", right=right, count=len(self._puzzles))
        else:
            text = self.text("widget.puzzle.banner.answered")
        return {"seat": None, "text": text, "tone": "pause"}

    def _verdict(self) -> str:
        right, played = self._answers[self._number]
        said = _why(self, self.puzzle)
        if right:
            said = self.text("widget.puzzle.right", why=said)
        else:
            move = move_words(self, _move(self.puzzle.position(), played))
            said = self.text("widget.puzzle.wrong", move=move, why=said)
        if len(self._answers) == len(self._puzzles):
            total, _ = self.score
            said += " " + self.text("widget.puzzle.done", right=total, count=len(self._puzzles))
        return said


class TablicPuzzles(PuzzleMode, TablicWidget):
    """Tablić puzzles: find the capture (or the move) that wins the most points."""


class PanjparPuzzles(PuzzleMode, PanjparWidget):
    """Panjpar puzzles: how do you attack, how do you defend?"""


class PazaakPuzzles(PuzzleMode, PazaakWidget):
    """Pazaak puzzles: stand or draw, and which side card?"""


_CLASSES: dict[str, type[PuzzleMode]] = {
    "tablic": TablicPuzzles,
    "panjpar": PanjparPuzzles,
    "pazaak": PazaakPuzzles,
}


def puzzle_widget(
    game: str,
    count: int = 5,
    *,
    seed: int | str = 0,
    puzzles: Sequence[Puzzle | dict[str, Any]] | None = None,
    **options: Any,
) -> PuzzleMode:
    """A widget posing ``count`` puzzles of ``game`` (``"tablic"``, ``"panjpar"``,
    ``"pazaak"``) found from ``seed``, or the ``puzzles`` given (objects or records).
    ``options`` are the game widget's (``locale="de"``, ``size="large"`` …)."""
    made = _CLASSES.get(game) if isinstance(game, str) else None
    if made is None:
        raise WidgetError(
            "widget.puzzle.unknown_game", game=i18n.shown(game), games=", ".join(_CLASSES)
        )
    return made(count, seed=seed, puzzles=puzzles, **options)


# -- helpers -----------------------------------------------------------------------------------
def _chosen(
    game: str, count: int, seed: int | str, given: Sequence[Puzzle | dict[str, Any]] | None
) -> list[Puzzle]:
    """The puzzles given (checked) or found; refused with a reason when there are none."""
    if given is None:
        found = puzzles(game, count, seed=seed)
        if not found:
            raise WidgetError("widget.puzzle.none_found", game=game, seed=i18n.shown(seed))
        return found
    if isinstance(given, (str, bytes, dict)) or not isinstance(given, Sequence) or not given:
        raise WidgetError("widget.puzzle.bad_puzzles", game=game, value=i18n.shown(given))
    return [_one(game, item) for item in given]


def _one(game: str, item: object) -> Puzzle:
    """A Puzzle of ``game`` from a Puzzle or its record, its position replayable."""
    refused = WidgetError("widget.puzzle.bad_puzzles", game=game, value=i18n.shown(item))
    if isinstance(item, dict):
        try:
            item = Puzzle(**{k: item[k] for k in _FIELDS})
        except (KeyError, TypeError):
            raise refused from None
    if not isinstance(item, Puzzle) or item.game != game:
        raise refused
    try:
        state = item.position()
        if state.to_move != item.seat:
            raise refused
        state.play(item.answer)
        state.play(item.tempting)
    except (ValueError, TypeError, KeyError, AttributeError):
        raise refused from None
    return item


def _move(state: Any, text: str) -> Move:
    """The move ``text`` names in ``state``, as the engine reads it."""
    move: Move | None = state.play(text).last_move
    assert move is not None  # a state after a move knows it
    return move


def _question(puzzle: Puzzle) -> str:
    """The catalog key of the puzzle's question."""
    answer: Any = _move(puzzle.position(), puzzle.answer)
    if puzzle.game == "tablic":
        return "widget.puzzle.capture" if answer.captured else "widget.puzzle.tablic"
    if puzzle.game == "pazaak":
        turn_ends = {"end", "stand"}
        if puzzle.answer in turn_ends or puzzle.tempting in turn_ends:
            return "widget.puzzle.stand_or_draw"
        return "widget.puzzle.side_card"
    return "widget.puzzle.attack" if type(answer).__name__ == "Attack" else "widget.puzzle.defend"


def _why(widget: PuzzleMode, puzzle: Puzzle) -> str:
    """Why the answer is right, with the values as the widget writes numbers."""
    state, locale = puzzle.position(), widget.locale
    answer, tempting = (_move(state, m) for m in (puzzle.answer, puzzle.tempting))
    return i18n.text(
        "widget.puzzle.why", locale,
        answer=move_words(widget, answer), tempting=move_words(widget, tempting),
        best=value_text(puzzle.game, puzzle.best, locale),
        other=value_text(puzzle.game, puzzle.other, locale),
        how=i18n.text(f"widget.puzzle.how.{puzzle.kind}", locale),
    )  # fmt: skip
