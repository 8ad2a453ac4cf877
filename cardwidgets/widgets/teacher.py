"""The teacher panel: choose the opponent, start a new game from a seed, undo
the learner's last move, reveal the computer's hand.

A widget made with ``teacher=True`` adds the panel to its scene
(:func:`cardwidgets.present.teacher.teacher_panel`, drawn from the moment); a learner's
widget looks as before. Each control is a Python call too: ``w.opponent = "expert"``,
``w.new(seed=7)``, ``w.undo()``, ``w.open_hands = True``. From the page, the panel sends one
intent kind, ``{"kind": "teacher", "control": ...}``, checked like every intent (the scene
version, the shape of each field) by :func:`handle`; the page may reveal hands only when the
teacher turned the panel on from Python (``teacher`` is not synced, so the page cannot).

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1, teacher=True)
>>> panel = w.scene["teacher"]
>>> panel["opponent"], [c["id"] for c in panel["opponents"]], panel["undo"]
('greedy', ['random', 'greedy', 'expert', 'human'], False)
>>> w.handle_intent({"kind": "teacher", "control": "opponent", "name": "expert"})
True
>>> type(w.opponent).__name__
'ExpertPlayer'
>>> w.handle_intent({"kind": "teacher", "control": "new", "seed": "seven!"})
False
>>> w.message.endswith("not 'seven!'. Nothing changed.")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from cardwidgets.present.teacher import OPPONENTS  # the panel is drawn there, from the moment
from cardwidgets.widgets.errors import WidgetError

__all__ = ["OPPONENTS", "Teachable", "handle"]


class Teachable(Protocol):
    """What the panel's controls do on a game widget
    (:class:`~cardwidgets.widgets.base.GameWidget`: this module does not import it, the widget
    imports this one to carry out the panel's intents)."""

    open_hands: bool

    @property
    def teacher(self) -> bool: ...
    def attempt(self, act: Callable[[], object]) -> bool: ...
    def new(self, seed: int | str | None = None) -> None: ...
    def undo(self) -> None: ...


def handle(widget: Teachable, intent: dict[str, Any]) -> bool:
    """Carry out a teacher intent from the page (``control``: ``opponent`` with a ``name``,
    ``new`` with a ``seed`` text, ``""`` for the next game of this widget's seed, ``undo``,
    ``reveal`` with ``on``). Refused unless the widget's ``teacher`` option is on; a malformed
    field is refused before anything changes."""
    if not widget.teacher:
        raise WidgetError("widget.teacher.off")
    control = intent.get("control")
    if control == "opponent":
        name = intent.get("name")
        if not isinstance(name, str):
            raise WidgetError("widget.bad_intent")
        return widget.attempt(lambda: setattr(widget, "opponent", name))
    if control == "new":
        seed = intent.get("seed")
        if not isinstance(seed, (str, int)) or isinstance(seed, bool):
            raise WidgetError("widget.bad_intent")
        blank = isinstance(seed, str) and not seed.strip()
        return widget.attempt(lambda: widget.new(seed=None if blank else seed))
    if control == "undo":
        return widget.attempt(widget.undo)
    if control == "reveal":
        on = intent.get("on")
        if not isinstance(on, bool):
            raise WidgetError("widget.bad_intent")
        widget.open_hands = on
        return True
    raise WidgetError("widget.bad_intent")
