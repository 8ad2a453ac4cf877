"""What the live line says and plays out after a change of the table: a function of the table's
events and the :class:`~cardwidgets.present.Moment` (no widget, no traitlets).

A front end that follows a :class:`~cardwidgets.Table` reads each change's events here:
:func:`follow` gives what the aria-live line announces and from which position the next scene
plays the moves out, :func:`play_out` gives those frames, :func:`whose_turn` the sentence when
nobody moved, :func:`started` the info line of a new game.

>>> from cardwidgets import Table
>>> from cardwidgets.present import Moment
>>> t = Table("tablic", seed=1, opponent="greedy")
>>> events = t.play("A♣ x 4♥ 7♦")
>>> [str(said.last_move) for said in moved(events)]
['A♣ x 4♥ 7♦', 'J♥ x J♠']
>>> moment = Moment(line=t.line, cursor=t.cursor)
>>> follow(events, t, moment)
Followed(said=[...], flight=1, learner=True)
>>> whose_turn(moment)
('widget.turn.you', {})
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any

from cardwidgets import scene as _scene
from cardwidgets.present.base import Moment, Presenter, Said

if TYPE_CHECKING:
    from cardwidgets.table import Event, Table

__all__ = ["Followed", "follow", "moved", "play_out", "started", "whose_turn"]


def moved(events: tuple[Event, ...]) -> list[Said]:
    """The positions the moves among ``events`` led to: what the live line says of them."""
    return [event.state for event in events if event.kind == "move"]


def whose_turn(moment: Moment) -> Said:
    """What the live line says when nobody moved: the game's end, or whose turn it is."""
    state = moment.state
    to_move = state.to_move
    if state.is_over or to_move is None:
        return ("status", {})
    if not moment.hot_seat and to_move == moment.seat:
        return ("widget.turn.you", {})
    return ("widget.turn", {"seat": int(to_move)})


@dataclasses.dataclass(frozen=True)
class Followed:
    """What a change of the table leaves the live line saying: ``said`` (its items: the
    positions the moves led to, or a catalog pair), ``flight`` (the line index from which the
    next scene plays the moves out, or None), and whether it was the ``learner``'s own act
    (then their half-made move and the question of a new game go)."""

    said: list[Said]
    flight: int | None
    learner: bool


def follow(events: tuple[Event, ...], table: Table, moment: Moment) -> Followed | None:
    """What the live line says after ``events`` of ``table`` (not a new game), ``moment``
    being what is shown after them; None when nobody moved (the seats changed: the scene shows
    who plays). The learner's move and the replies are played out (when a reply came), the
    computer's moves or the game going on after a pause too, an undo or a position of the
    history shown not."""
    first = events[0] if events else None
    if first is None:
        return None
    said: list[Said] = moved(events)
    start = None if not said else said[0].ply - table.line[0].ply
    by_computer = first.seat is not None and table.players[first.seat] is not None
    if first.kind == "resumed" or (first.kind == "move" and by_computer):
        return Followed(said or [whose_turn(moment)], start, learner=False)
    if first.kind == "move":  # the learner's move, and the computer's replies played out
        return Followed(said, start if len(said) > 1 else None, learner=True)
    if first.kind == "undone":
        taken = table.branches[-1].ply - first.ply
        key = "widget.teacher.undone_one" if moment.hot_seat else "widget.teacher.undone"
        return Followed([(key, {"n": taken, "ply": first.ply})], None, learner=True)
    plies = table.line[-1].ply  # shown: nothing played out
    return Followed([("widget.position", {"ply": first.ply, "plies": plies})], None, learner=True)


def started(table: Table) -> tuple[str, dict[str, object]] | None:
    """The info line that says a new game of ``table`` began (:meth:`~cardwidgets.Table.new`:
    from the seed asked for, or the next of the table's own), as a catalog key and its
    parameters; None for a position put on the table (:meth:`~cardwidgets.Table.reset`, which
    keeps no line): nothing to say.

    >>> from cardwidgets import Table
    >>> t = Table("tablic", seed=1)
    >>> _ = t.new(seed=5); started(t)
    ('widget.teacher.new_seed', {'seed': 5})
    >>> _ = t.new(); started(t)
    ('widget.new_started', {})
    """
    if not table.branches:
        return None
    if table.new_games == 0:  # a seed was asked for: the count of new games starts anew
        return ("widget.teacher.new_seed", {"seed": table.seed})
    return ("widget.new_started", {})


def play_out(shown: Presenter[Any, Any], first: int | None, pace: float) -> list[_scene.Frame]:
    """The frames that play out the moves from ``line[first]`` (the computer's card in flight,
    then the position after it), each shown for ``pace`` seconds (watching: half of it, the
    other half is the wait for the next move). Only at the end of the line; ``first`` None or
    ``pace`` 0 plays nothing out. A picture only: the line and what is announced stay."""
    moment = shown.moment
    if first is None or pace <= 0 or moment.cursor != len(moment.line) - 1:
        return []
    return shown.frames(first, pace / 2 if moment.watching else pace)
