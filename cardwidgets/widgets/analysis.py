"""The analysis switch of every game widget: what each move is worth, in the scene.

With ``analysis`` on (the "Analysis" button; off by default; a teacher hides it with
``analysis_allowed=False``), a widget marks each of the learner's hand cards with the value
of its best move, each option with its move's value and Pazaak's End turn / Stand buttons
with theirs, and says the best move and how its value was obtained
(:func:`cardwidgets.analysis.analyse`, seed 0). After the learner's move it says what the move
lost against the best ("Your move lost 2.5 points against the best (exact). Played: …"); stepping
back through the history shows each earlier position's values and what the move played there
was worth.

Hidden cards stay hidden: only positions where the learner's seat is to move are analysed, and
the analysis works from that seat's view (two positions that differ only in cards the learner
cannot see give the same panel; the tests prove it through the scene).

The panel is drawn by :func:`cardwidgets.present.analysis.analysis_panel` from the presenter,
the scene and the analyses known; this module makes and caches them. Analyses are cached per
position (ply, seat and the seat's position code), so stepping through
the history is instant the second time. After a click in the page (a running event loop) an
analysis runs in a worker thread: the learner's move and the computer's reply are shown at once,
the panel says "Thinking…" and the values follow. A Python call (a notebook cell, a test) waits
for the analysis, so the scene it leaves is complete and the cell's output the same every run.

>>> from cardwidgets import tablic
>>> from cardwidgets.widgets import TablicWidget
>>> start = tablic.State.from_position(
...     table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1)
>>> w = TablicWidget(state=start, analysis=True)
>>> w.scene["analysis"]["values"]
{'hand:8♣': '+6', 'hand:10♦': '−6'}
>>> print(w.scene["analysis"]["text"])
Best: Play 8♣ and capture 3♠ 5♥ (+6); exact: every card is known by counting (13 positions
searched).
>>> _ = w.play("10♦")
>>> w.scene["analysis"]["text"].split(".")[0]
'Your move lost 12 points against the best (exact)'
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from cardwidgets import scene as _scene
from cardwidgets.analysis import Analysis, analyse
from cardwidgets.present.analysis import (
    amount_text,
    analysis_panel,
    key_of,
    learner_to_move,
    value_text,
    wanted,
)

__all__ = [
    "Coached",
    "amount_text",
    "analysed",
    "key_of",
    "learner_to_move",
    "move_words",
    "panel",
    "value_text",
]

_log = logging.getLogger(__name__)


class Coached(Protocol):
    """What the analysis reads of a game widget (:class:`~cardwidgets.widgets.base.GameWidget`:
    this module does not import it, the widget imports this one when the switch is on)."""

    @property
    def analysis(self) -> bool: ...
    @property
    def appraisals(self) -> Any: ...
    def refresh(self) -> None: ...
    def presenter(self) -> Any: ...


def move_words(widget: Coached, move: Any) -> str:
    """A move as the widget says it (``Play 8♣ and capture 3♠ 5♥``, ``Beende deinen Zug``)."""
    return str(widget.presenter().move_words(move))


def analysed(widget: Coached, state: Any) -> Analysis:
    """The analysis of ``state`` for the seat to move (the widget checked it is the
    learner's), computed now if it is not known yet (cached)."""
    book = widget.appraisals
    key = key_of(state, int(state.to_move))
    found = book.found.get(key)
    if not isinstance(found, Analysis):
        found = analyse(state, seed=0)
        book.found[key] = found
    return found


def panel(widget: Coached, built: _scene.Scene, presenter: Any) -> _scene.AnalysisPanel:
    """The switch's panel for the position ``presenter`` shows: the analyses it reads are
    made (or, after a click in the page, asked of a worker thread), then the panel is drawn
    from them."""
    for state in wanted(presenter):
        _ask(widget, state)
    book = widget.appraisals
    return analysis_panel(presenter, built, book.found, book.thinking)


def _ask(widget: Coached, state: Any) -> None:
    """Make the analysis of ``state`` unless it is known or under way: after a click in the
    page in a worker thread, the widget refreshing when it arrives; else at once."""
    key = key_of(state, int(state.to_move))
    book = widget.appraisals
    if key in book.found:
        return
    try:
        loop = asyncio.get_running_loop() if book.worker else None
    except RuntimeError:
        loop = None
    if loop is None:  # a Python call (a cell, a test): its scene is complete when it returns
        book.found[key] = _attempt(state)
    elif key not in book.thinking:
        book.thinking.add(key)
        future = loop.run_in_executor(None, _attempt, state)
        future.add_done_callback(lambda done: _arrived(widget, key, done))


def _attempt(state: Any) -> Analysis | Exception:
    """The analysis, or the refusal (kept in the cache so it is not asked for again)."""
    try:
        return analyse(state, seed=0)
    except Exception as err:  # shown in the panel, never raised into the kernel
        _log.exception("cardwidgets: analysis failed")
        return err


def _arrived(widget: Coached, key: tuple[object, ...], done: Any) -> None:
    widget.appraisals.thinking.discard(key)
    widget.appraisals.found[key] = done.exception() or done.result()
    if widget.analysis:
        widget.refresh()
