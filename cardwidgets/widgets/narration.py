"""Narration: what the widget says about the game: the log, the aria-live line (what just
happened), whose move it was, and hints in words.

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1)
>>> _ = w.play("A♣ x 4♥ 7♦")
>>> w.announcement
'You play A♣ and capture 4♥ 7♦. Computer plays J♥ and captures J♠.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardwidgets import scene as _scene
from cardwidgets.widgets.history import History

__all__ = ["Narration"]


class Narration(History):
    """The log, the live line and hints, in the widget's language."""

    @property
    def announcement(self) -> str:
        """The sentence of the aria-live line (what just happened), in the widget's language:
        the moves just made (the learner's and the computer's, with the end of a deal or set
        they bring), the position reached in the history, or whose turn it is after a pause."""
        parts = [
            self.say(item) if not isinstance(item, tuple) else self._said_text(*item)
            for item in self._said
        ]
        return " ".join(part for part in parts if part)

    def _said_text(self, key: str, params: Mapping[str, Any]) -> str:
        if key == "status":
            return self.full_status()
        if key == "widget.turn":
            return self.text(key, player=self.names()[params["seat"]])
        return self.text(key, **params)

    @property
    def log(self) -> list[str]:
        """Every move of the line up to the position shown, in words."""
        return [self.say(s) for s in self._line[1 : self._cursor + 1]]

    def mover_is_learner(self, state: Any) -> bool:
        """Whether the move that led to ``state`` was the learner's (for "You play …")."""
        parent = state.parent
        return self.opponent is not None and parent is not None and parent.to_move == self.seat

    # -- hints ---------------------------------------------------------------------------------
    def hint(self) -> None:
        """Select the move the computer suggests and say why, in words."""
        from cardwidgets import bots

        with self.reporting():
            self.check_turn()
            found = bots.hint(self.state, self.viewer, self.locale)
            self.clear_selection()
            self.show_hint(found.move)
            said = self.text("widget.hint", move=self.move_words(found.move), reason=found.reason)
            self._message = _scene.message("info", said.strip())
            self.refresh()
