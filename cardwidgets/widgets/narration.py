"""Narration: what the widget says about the game: the log, the aria-live line (what just
happened), whose move it was, and hints in words.

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1)
>>> _ = w.play("A♣ x 4♥ 7♦")
>>> w.announcement
'You play A♣ and capture 4♥ 7♦. Computer plays J♥ and captures J♠.'
"""

from __future__ import annotations

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
        return self.presenter().announcement

    @property
    def moves_log(self) -> list[str]:
        """Every move of the line up to the position shown, in words.

        (Called ``log`` until issue 27: that name belongs to the logger ipywidgets writes to
        when a message from the page fails, ``self.log.warning(...)``; a list in its place
        turned every such failure into an ``AttributeError``. So ``w.log`` is a logger again.)
        """
        return self.presenter().moves_log()

    def mover_is_learner(self, state: S) -> bool:
        """Whether the move that led to ``state`` was the learner's (for "You play …")."""
        return self.presenter().mover_is_learner(state)

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
            words = self.presenter().move_words(found.move)
            said = self.text("widget.hint", move=words, reason=found.reason)
            self._message = _scene.message("info", said.strip())
            self.refresh()
