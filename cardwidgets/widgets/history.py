"""History: the line of play, moving along it (start, back, forward, end, ``goto`` and the
slider), playing on from an earlier position (a branch), and new games.

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1)
>>> _ = w.play("A♣ x 4♥ 7♦")
>>> w.back(); w.cursor, w.scene["status"]
(1, 'Computer to move (move 1 of 2)')
"""

from __future__ import annotations

from typing import Any

from cardwidgets import i18n
from cardwidgets.widgets.frame import M, S, WidgetError
from cardwidgets.widgets.turns import Turns

__all__ = ["History"]


class History(Turns[S, M]):
    """The line of play and moving along it; new games (the old line kept in branches)."""

    @property
    def line(self) -> tuple[Any, ...]:
        """The states of the current line of play, from the first position."""
        return tuple(self._line)

    @property
    def cursor(self) -> int:
        """The index in :attr:`line` of the position shown."""
        return self._cursor

    @property
    def branches(self) -> tuple[Any, ...]:
        """The last states of lines abandoned by playing on from an earlier position."""
        return tuple(self._branches)

    # -- navigation ----------------------------------------------------------------------------
    def start(self) -> None:
        """Show the first position."""
        self._go(0)

    def back(self) -> None:
        """Show the position one move earlier."""
        self._go(self._cursor - 1)

    def forward(self) -> None:
        """Show the position one move later on the current line."""
        self._go(self._cursor + 1)

    def end(self) -> None:
        """Show the latest position of the current line."""
        self._go(len(self._line) - 1)

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the current line.

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1)
        >>> w.play("A♣ x 4♥ 7♦").ply, w.cursor
        (2, 2)
        >>> w.goto(1); w.ply
        1
        """
        with self.reporting():
            self._go(self._index_of_ply(ply))

    def _index_of_ply(self, ply: object) -> int:
        first: int = self._line[0].ply
        last: int = self._line[-1].ply
        if isinstance(ply, bool) or not isinstance(ply, int) or not first <= ply <= last:
            # The ply may be anything the page sent (10 MB of text): quote it shortened.
            raise WidgetError("widget.no_such_ply", ply=i18n.shown(ply), first=first, last=last)
        return ply - first

    def _go(self, index: int) -> None:
        self._cursor = max(0, min(index, len(self._line) - 1))
        self.clear_selection()
        self._message = None
        self._confirm_new = False
        self._said = [("widget.position", {"ply": self.state.ply, "plies": self._line[-1].ply})]
        self.refresh()

    # -- new games -----------------------------------------------------------------------------
    def new(self) -> None:
        """Start a new game (its seed follows from this widget's seed); the old line is kept
        in :attr:`branches`."""
        assert self.engine is not None
        self._new_games += 1
        old = self._line[-1]
        self.state = self.engine.new_game(
            seed=f"{self._seed}/{self._new_games}", rules=self.state.rules
        )
        self._branches = [old]
        self._confirm_new = False
        self._show("info", lambda: self.text("widget.new_started"))
        self.refresh()

    def _ask_new(self) -> None:
        self._confirm_new = True
        self._show("info", lambda: self.text("widget.new_ask"))
        self.refresh()

    def _cancel_new(self) -> None:
        self._confirm_new = False
        self._message = None
        self.refresh()

    # -- in the scene --------------------------------------------------------------------------
