"""A game widget follows its :class:`~cardwidgets.Table`: a change made on ``w.table`` from a
cell (play, step, resume, undo, goto, new, reset, the seat, the opponent) shows in the widget
as the same change made through the widget's own method does, scene for scene, with the
traits ``ply``, ``over`` and ``last_move``; a change the table refuses leaves the widget as it
was; and a callback taken off the table is called no more."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from cardwidgets import IllegalMove, i18n, tablic
from cardwidgets.table import Event, Table, TableError
from cardwidgets.widgets import GameWidget, PanjparWidget, PazaakWidget, TablicWidget

Widget = GameWidget[Any, Any]


def twins(make: Callable[[], Widget]) -> tuple[Widget, Widget]:
    """Two widgets made alike: one is changed through its table, the other through itself."""
    return make(), make()


def assert_same(through_table: Widget, through_widget: Widget) -> None:
    assert through_table.scene == through_widget.scene
    assert through_table.announcement == through_widget.announcement
    for trait in ("ply", "over", "last_move", "version", "seat"):
        assert getattr(through_table, trait) == getattr(through_widget, trait), trait


def first_legal(w: Widget) -> str:
    return str(w.state.legal_moves()[0])


@pytest.mark.parametrize("make", [TablicWidget, PanjparWidget, PazaakWidget])
def test_a_move_played_on_the_table_shows_as_the_widgets_own_play(make: type[Widget]) -> None:
    a, b = twins(lambda: make(seed=4, pace=1.0))
    move = first_legal(a)
    before = a.version
    a.table.play(move)
    b.play(move)
    assert a.version == before + 1  # one new scene, as the widget's own play sends
    assert a.ply == a.state.ply > 0 and a.last_move == str(a.state.last_move)
    assert_same(a, b)


def test_a_reply_played_on_the_table_is_played_out_as_the_widgets_own() -> None:
    a, b = twins(lambda: TablicWidget(seed=1, pace=1.0))
    a.table.play("A♣ x 4♥ 7♦")
    b.play("A♣ x 4♥ 7♦")
    assert "frames" in a.scene  # the computer's card in flight
    assert_same(a, b)


def test_undo_and_goto_on_the_table_show_as_the_widgets_own() -> None:
    a, b = twins(lambda: TablicWidget(seed=1, pace=0))
    for w in (a, b):
        w.play("A♣ x 4♥ 7♦")
    a.table.undo()
    b.undo()
    assert a.ply == 0 and a.last_move == ""
    assert a.announcement == "2 moves taken back: your turn again (move 0)."
    assert_same(a, b)
    for w in (a, b):
        w.play("2♥ x 2♦")
    a.table.goto(1)
    b.goto(1)
    assert a.ply == 1 and a.cursor == 1
    assert_same(a, b)


def test_a_new_game_on_the_table_shows_as_setting_the_widgets_state() -> None:
    a, b = twins(lambda: TablicWidget(seed=1, pace=0))
    for w in (a, b):
        w.play("A♣ x 4♥ 7♦")
        w.goto(1)
    a.table.reset(tablic.new_game(seed=9))
    b.state = tablic.new_game(seed=9)
    assert a.ply == 0 and a.last_move == "" and not a.over
    assert_same(a, b)


@pytest.mark.parametrize("seed", [5, None])
def test_a_new_game_on_the_table_shows_as_the_widgets_own_new_game(seed: int | None) -> None:
    a, b = twins(lambda: TablicWidget(seed=1, pace=0))
    for w in (a, b):
        w.play("A♣ x 4♥ 7♦")
    a.table.new(seed=seed)
    b.new(seed=seed)
    assert a.game_seed == b.game_seed == (5 if seed == 5 else "1/1") and a.ply == 0
    assert a.message == ("A new game has started" + (" (seed 5)." if seed == 5 else "."))
    assert_same(a, b)


def test_watching_the_table_stepped_and_resumed_shows_as_the_widgets_own_steps() -> None:
    a, b = twins(lambda: PazaakWidget(seed=3, players=("greedy", "random"), pace=1.0))
    resumed = 0
    for _ in range(60):
        if a.over:
            break
        if a.paused:
            a.table.resume()
            resumed += 1
        else:
            a.table.step()
        b.step()  # the widget's step goes on after a pause too
        assert_same(a, b)
    assert resumed > 0


def test_a_seat_changed_on_the_table_turns_the_widget_round() -> None:
    a = TablicWidget(seed=1, pace=0)
    a.table.seat = 1  # the computer now plays seat 0, and moves at once
    assert a.seat == 1 and a.ply == 1 and a.viewer == 1
    assert a.last_move == str(a.state.last_move)
    assert a.scene["status"] == TablicWidget(seed=1, seat=1, pace=0).scene["status"]


def test_an_opponent_set_on_the_table_shows_in_the_widget() -> None:
    a = TablicWidget(seed=1, opponent="human", pace=0, teacher=True)
    a.play("A♣ x 4♥ 7♦")  # hot-seat: seat 1 is to move, a learner
    a.table.opponent = "greedy"  # the computer takes seat 1 and moves at once
    assert a.ply == 2 and a.opponent_name == "greedy" and a.opponent_named
    assert a.scene["teacher"]["opponent"] == "greedy"
    assert a.is_my_turn()
    a.table.opponent = a.table.opponent  # the same player, given as it is: not by a name
    assert not a.opponent_named and a.scene["teacher"]["opponent"] == ""


def test_a_change_the_table_refuses_leaves_the_widget_unchanged() -> None:
    a = TablicWidget(seed=1, pace=0)
    before = (dict(a.scene), a.version, a.ply, a.last_move, a.announcement)
    with pytest.raises(IllegalMove):
        a.table.play("K♠ x 7♦")
    with pytest.raises(TableError):
        a.table.undo()
    with pytest.raises(TableError):
        a.table.goto(9)
    assert (dict(a.scene), a.version, a.ply, a.last_move, a.announcement) == before


def test_the_on_move_hooks_hear_the_moves_made_on_the_table() -> None:
    a = TablicWidget(seed=1, pace=0)
    seen: list[tuple[str, int]] = []
    a.on_move(lambda move, seat, state: seen.append((str(move), seat)))
    a.table.play("A♣ x 4♥ 7♦")
    assert seen == [("A♣ x 4♥ 7♦", 0), ("J♥ x J♠", 1)]


def test_a_callback_taken_off_the_table_is_not_called() -> None:
    t = Table("tablic", seed=1, opponent="greedy")
    changes: list[tuple[Event, ...]] = []
    t.on_change(changes.append)
    t.play("A♣ x 4♥ 7♦")
    t.on_change(changes.append, remove=True)
    t.undo()
    t.goto(0)
    assert [[e.kind for e in events] for events in changes] == [["move", "move"]]


def test_on_change_refuses_what_cannot_be_called() -> None:
    t = Table("tablic", seed=1)
    with pytest.raises(TableError, match="on_change is a function"):
        t.on_change("print")  # type: ignore[arg-type]
    t.play("A♣ x 4♥ 7♦")  # nothing was added: the move is played, nothing called
    with i18n.using("de"), pytest.raises(TableError, match="Rückruf von on_change"):
        t.on_change(None)  # type: ignore[arg-type]


def test_on_change_is_called_once_per_change_after_it_and_never_for_a_refusal() -> None:
    t = Table("tablic", seed=1, opponent="greedy")
    seen: list[tuple[list[str], int, int]] = []
    t.on_change(lambda events: seen.append(([e.kind for e in events], t.state.ply, t.cursor)))
    t.play("A♣ x 4♥ 7♦")
    with pytest.raises(IllegalMove):
        t.play("K♠ x 7♦")
    with pytest.raises(TableError):
        t.goto(9)
    t.seat = 1  # the computer takes seat 0, which is to move: it moves at once
    t.goto(1)
    t.new(seed=5)  # the computer, seat 0, opens the new game
    assert seen == [
        (["move", "move"], 2, 2),
        (["move"], 3, 3),
        (["shown"], 1, 1),
        (["new", "move"], 1, 1),
    ]
