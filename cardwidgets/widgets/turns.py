"""Turns: the position shown, whose eyes see it, the learner's move and the opponent's replies,
pauses on a summary (end of a deal or set), and the teacher's move hooks.

A move is all or nothing: the learner's move and the opponent's replies are appended to the
line together, or (an opponent that fails) not at all.

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1)
>>> w.is_my_turn(), w.viewer, w.paused
(True, 0, False)
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from typing import Any

import traitlets

from cardwidgets import scene as _scene
from cardwidgets.core import IllegalMove
from cardwidgets.widgets.frame import M, S, Said, WidgetError, WidgetFrame
from cardwidgets.widgets.opponents import MoveHook

__all__ = ["Turns"]

_log = logging.getLogger("cardwidgets.widgets.base")
_MAX_REPLIES = 10_000


class Turns(WidgetFrame[S, M]):
    """The position shown, the learner's turn and move, the opponent's replies and pauses."""

    # -- the game line -------------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The position shown (full information; Python only, never synced)."""
        return self._line[self._cursor]

    @state.setter
    def state(self, state: S) -> None:
        if self.engine is not None and not isinstance(state, self.engine.State):
            raise WidgetError("widget.wrong_state", game=self.game)
        self._line = list(state.path())
        self._cursor = len(self._line) - 1
        self._branches = []
        self._narrated = {}  # the old game's sentences go with it
        self._dismissed = set()
        self.clear_selection()
        self._message = None
        self._said = list(self._reply())
        self.refresh()

    @property
    def viewer(self) -> int:
        """The seat whose cards are shown: :attr:`seat`, or the seat to move in hot-seat play."""
        return self.moment().viewer

    @property
    def paused(self) -> bool:
        """Whether the position shown waits on a summary (end of a deal or set)."""
        return self.presenter().paused

    def is_my_turn(self) -> bool:
        """Whether the position shown waits for the learner (not the opponent, not over, not
        paused on a summary)."""
        return self.presenter().is_my_turn()

    def check_turn(self) -> None:
        """Raise the reason why the learner cannot act now (game over, pause, not their turn)."""
        if self.state.is_over and not self.paused:
            raise WidgetError("widget.game_over")
        if self.paused:
            raise WidgetError("widget.paused")
        if not self.is_my_turn():
            raise WidgetError("widget.not_your_turn")

    @traitlets.observe("seat")
    def _seat_changed(self, change: Mapping[str, object]) -> None:
        self.clear_selection()
        if getattr(self, "_ready", False):
            said = self._reply()  # the computer may have to move for the seat it now holds
            if said:
                self._said = list(said)
        self.refresh()

    # -- playing -------------------------------------------------------------------------------
    def play(self, move: M | str | None = None) -> S:
        """Play ``move`` (a Move or its text, as the engine reads it) for the learner; the
        opponent replies until it is the learner's turn again. Returns the new state."""
        return self.commit(move)

    def commit(self, move: M | str | None) -> S:
        """Play ``move`` for the learner at the position shown, then let the opponent reply.

        Playing at an earlier position starts a new line (the old one is kept in
        :attr:`branches`). Raises :class:`~cardwidgets.IllegalMove` with the engine's reason,
        which the widget also shows; the state is unchanged then.
        """
        with self.reporting():
            self.check_turn()
            after = self.state.play(move)
            saved = (list(self._line), self._cursor, list(self._branches))
            if self._cursor < len(self._line) - 1:
                self._branches.append(self._line[-1])
                del self._line[self._cursor + 1 :]
            self._line.append(after)
            self._cursor += 1
            said: list[Said] = [after]
            try:
                said.extend(self._reply())
            except Exception:
                # All or nothing: a failing opponent leaves the game as it was.
                self._line, self._cursor, self._branches = saved
                raise
            self.clear_selection()
            self._message = None
            self._confirm_new = False
            self._said = said
            self.refresh()
            self._run_hooks(saved[1] + 1)
        return self.state

    def _reply(self) -> list[Any]:
        """Let the opponent move until it is the learner's turn (or the game is over, or a
        summary pauses the game); returns the states it made (what is said)."""
        said: list[Any] = []
        if self.opponent is None or self._cursor != len(self._line) - 1:
            return said
        for _ in range(_MAX_REPLIES):
            state = self._line[-1]
            if state.to_move is None or state.to_move == self.seat:
                break
            if self._pending_summary(len(self._line) - 1) is not None:
                break
            move = self.opponent.choose(state)
            try:
                after = state.play(move)
            except IllegalMove as err:
                raise WidgetError("widget.bad_opponent", move=move, reason=err) from err
            self._line.append(after)
            self._cursor += 1
            said.append(after)
        return said

    def next(self) -> None:
        """Continue after a summary (end of a deal or set): the opponent may move again."""
        with self.reporting():
            if not self.paused:
                raise WidgetError("widget.nothing_to_continue")
            self._dismissed.add(self.state.ply)
            first_new = len(self._line)
            said: list[Said] = list(self._reply())
            if not said:  # the learner begins the next deal or set: say so, not nothing
                said = [self._whose_turn()]
            self._said = said
            self._message = None
            self.refresh()
            self._run_hooks(first_new)

    def _whose_turn(self) -> Said:
        """What the live line says when nobody moved: the game's end, or whose turn it is."""
        to_move = self.state.to_move
        if self.state.is_over or to_move is None:
            return ("status", {})
        if self.opponent is not None and to_move == self.seat:
            return ("widget.turn.you", {})
        return ("widget.turn", {"seat": int(to_move)})

    def _pending_summary(self, index: int) -> _scene.Summary | None:
        return self.presenter().pending_summary(index)

    # -- teacher hooks -------------------------------------------------------------------------
    def on_move(self, hook: MoveHook, *, remove: bool = False) -> None:
        """Call ``hook(move, seat, state)`` after every move, the learner's and the computer's.

        ``seat`` is the seat that moved and ``state`` the position after the move. A hook that
        raises does not undo the move: the widget shows its error. ``remove=True`` unhooks.

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1)
        >>> seen = []
        >>> w.on_move(lambda move, seat, state: seen.append((str(move), seat)))
        >>> _ = w.play("A♣ x 4♥ 7♦")
        >>> seen
        [('A♣ x 4♥ 7♦', 0), ('J♥ x J♠', 1)]
        """
        if remove:
            self._hooks = [h for h in self._hooks if h is not hook]
        elif not callable(hook):
            raise WidgetError("widget.hook_not_callable")
        else:
            self._hooks.append(hook)

    def _run_hooks(self, first: int) -> None:
        for state in self._line[first : len(self._line)]:
            parent = state.parent
            mover = None if parent is None else parent.to_move
            if mover is None:
                continue  # not a move (the root)
            for hook in list(self._hooks):
                try:
                    hook(state.last_move, mover, state)
                except Exception as err:  # the teacher's code: show it, keep the game
                    _log.exception("cardwidgets: an on_move hook failed")
                    self.inform(
                        self.text("widget.hook_failed", error=f"{type(err).__name__}: {err}")
                    )
