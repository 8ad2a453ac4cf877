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
from cardwidgets.widgets.frame import M, S
from cardwidgets.widgets.history import History

__all__ = ["Narration"]


_NARRATED_LIMIT = 4096
"""Sentences remembered per widget (a long match has about 400 moves)."""


class Narration(History[S, M]):
    """The log, the live line and hints, in the widget's language."""

    @property
    def announcement(self) -> str:
        """The sentence of the aria-live line (what just happened), in the widget's language:
        the moves just made (the learner's and the computer's, with the end of a deal or set
        they bring), the position reached in the history, or whose turn it is after a pause."""
        parts = [
            self.narrated(item) if not isinstance(item, tuple) else self._said_text(*item)
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
    def moves_log(self) -> list[str]:
        """Every move of the line up to the position shown, in words.

        (Called ``log`` until issue 27: that name belongs to the logger ipywidgets writes to
        when a message from the page fails, ``self.log.warning(...)``; a list in its place
        turned every such failure into an ``AttributeError``. So ``w.log`` is a logger again.)
        """
        return [self.narrated(s) for s in self._line[1 : self._cursor + 1]]

    def narrated(self, state: S) -> str:
        """:meth:`say` of ``state``, remembered: every update redraws the log of past moves,
        whose sentences change only with the language, the seats and who may see what."""
        key = (id(state), self.locale, self.seat, self.viewer, self.opponent is None)
        cache = self._narrated
        hit = cache.get(key)
        if hit is not None and hit[0] is state:  # the id of a state no longer alive is reused
            return hit[1]
        if len(cache) > _NARRATED_LIMIT:
            cache.clear()
        text = self.say(state)
        cache[key] = (state, text)
        return text

    def mover_is_learner(self, state: S) -> bool:
        """Whether the move that led to ``state`` was the learner's (for "You play …")."""
        parent = state.parent
        return self.opponent is not None and parent is not None and parent.to_move == self.seat

    # -- hints ---------------------------------------------------------------------------------
    def hint(self) -> None:
        """Select the move the computer suggests and say why, in words."""
        from cardwidgets import bots

        with self.reporting():
            self.check_turn()
            # Only the move and its reason are shown: no figures (Pazaak's would be sampled).
            found = bots.hint(self.state, self.viewer, self.locale, details=False)
            self.clear_selection()
            self.show_hint(found.move)
            said = self.text("widget.hint", move=self.move_words(found.move), reason=found.reason)
            self._message = _scene.message("info", said.strip())
            self.refresh()
