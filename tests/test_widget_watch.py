"""Watch mode: a widget shows two computer players playing each other,
step by step or on by themselves at a chosen pace, with pause; hidden cards stay hidden."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from language import assert_german

from cardwidgets import tablic
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import GameWidget, OptionError, WidgetError


def _ids(w: GameWidget[Any, Any]) -> list[str]:
    return [a["id"] for a in w.scene["actions"]]


def test_each_step_is_the_move_of_the_player_to_move() -> None:
    w = TablicWidget(seed=1, players=("greedy", "random"))
    assert w.ply == 0 and not w.is_my_turn()  # nobody moved by itself on the way in
    assert _ids(w)[:2] == ["watch-step", "watch-play"] and "hint" not in _ids(w)
    mover = w.state.to_move
    expected = w.state.play(w.players[mover].choose(w.state))
    w.step()
    assert w.state.to_record() == expected.to_record() and w.line[-1] is w.state
    assert w.announcement.startswith("Player 1 (greedy) plays")


@pytest.mark.parametrize("make", [TablicWidget, PanjparWidget, PazaakWidget])
def test_stepping_plays_a_whole_game_to_its_end(make: type[GameWidget[Any, Any]]) -> None:
    w = make(seed=4, players=("random", "greedy"))
    for _ in range(2000):
        if w.over:
            break
        w.step()
    assert w.over
    assert not [a for a in w.scene["actions"] if a["id"] == "watch-step" and a["enabled"]]
    if w.paused:
        w.step()  # the last deal's or set's summary: the game goes on past it
    with pytest.raises(WidgetError, match="over"):
        w.step()  # the game is over: refused with a reason


def test_watching_shows_one_seat_and_keeps_the_other_hand_hidden() -> None:
    w = TablicWidget(seed=2, players=("greedy", "greedy"), seat=1)
    for _ in range(5):
        w.step()
        assert w.scene["seat"] == 1  # the view does not follow the player to move
        hidden = [c for c in w.zone("opponent-hand")["cards"] if c["kind"] == "back"]
        assert len(hidden) == len(w.state.hands[0]) - len(w.state.view(1).revealed[0])
        assert all(not c["selectable"] for c in w.zone("hand")["cards"])


def test_the_learner_cannot_move_for_a_computer_player() -> None:
    w = TablicWidget(seed=1, players=("greedy", "random"), locale="de")
    card = w.zone("hand")["cards"][0]["id"]
    assert not w.handle_intent({"kind": "card", "zone": "hand", "card": card})
    assert w.ply == 0 and w.message is not None
    assert_german(w.message)
    with pytest.raises(WidgetError) as refused:
        w.play("K♠ x 2♦ J♠")
    assert "schaust zu" in refused.value.text("de") and w.ply == 0


def test_step_and_pause_are_buttons_of_the_scene() -> None:
    w = TablicWidget(seed=1, players=("greedy", "random"))
    assert w.handle_intent({"kind": "action", "id": "watch-step"})
    assert w.ply == 1
    assert not w.handle_intent({"kind": "action", "id": "watch-pause"})  # not shown: refused


def test_playing_on_makes_a_move_every_pace_seconds_until_paused() -> None:
    w = TablicWidget(seed=3, players=("random", "random"))

    async def watch() -> tuple[int, int, int]:
        w.watch(pace=0.01)
        assert w.running and "watch-pause" in _ids(w)
        await asyncio.sleep(0.3)
        w.handle_intent({"kind": "action", "id": "watch-pause"})
        stopped = w.ply
        await asyncio.sleep(0.1)
        return stopped, w.ply, len(w.line)

    # A fresh thread has no running event loop even when an earlier test (Playwright's sync
    # API, kept open for the session) left one running in the main thread.
    with ThreadPoolExecutor(1) as pool:
        stopped, later, length = pool.submit(asyncio.run, watch()).result()
    assert stopped >= 3 and later == stopped and length == stopped + 1
    assert not w.running and "watch-play" in _ids(w) and w.pace == 0.01


def test_play_on_pressed_before_the_previous_moves_scene_arrived_plays_on() -> None:
    # The page stamps a click with the scene it shows: One move, then Play on before the one
    # move's scene arrived (a slow player thinking) sends both on the same version. Play on was
    # refused as stale, so the game played one move and stopped.
    w = TablicWidget(seed=3, players=("random", "random"), pace=0.01)
    shown = w.version

    def send(action: str) -> bool:
        intent = {"kind": "action", "id": action}
        return w.handle_intent({"type": "intent", "version": shown, "intent": intent}, bare=False)

    async def clicks() -> tuple[bool, bool, int]:
        stepped = send("watch-step")
        played = send("watch-play")
        await asyncio.sleep(0.25)
        moved = w.ply
        assert send("watch-pause")  # also stamped with the old picture: still carried out
        return stepped, played, moved

    with ThreadPoolExecutor(1) as pool:
        stepped, played, moved = pool.submit(asyncio.run, clicks()).result()
    assert stepped and played and moved > 1 and w.message is None
    assert not w.running
    card = w.scene["zones"][0]["cards"][0]["id"]  # a move on the old picture stays refused
    assert not w.handle_intent(
        {
            "type": "intent",
            "version": shown,
            "intent": {"kind": "card", "zone": "hand", "card": card},
        },
        bare=False,
    )
    assert w.message is not None and w.message.startswith("That click was made on an older")


def test_playing_on_without_an_event_loop_says_to_step() -> None:
    w = TablicWidget(seed=3, players=("random", "random"))
    with ThreadPoolExecutor(1) as pool, pytest.raises(WidgetError, match="step"):
        pool.submit(w.watch).result()  # a thread with no event loop, whatever the main one has
    assert not w.running


def test_pace_0_means_no_waiting_for_notebooks_and_tests_that_drive_the_widget() -> None:
    w = TablicWidget(seed=1, pace=0)
    assert w.pace == 0.0
    w.pace = 0.25
    w.pace = 0
    assert w.pace == 0.0


@pytest.mark.parametrize("pace", [-1, -0.001, float("nan"), float("inf"), "fast", True, 10_000])
def test_a_bad_pace_is_refused_and_the_pace_kept(pace: object) -> None:
    w = TablicWidget(seed=1, players=("random", "random"))
    with pytest.raises(OptionError):
        w.pace = pace  # type: ignore[assignment]
    assert w.pace == 1.0


@pytest.mark.parametrize(
    ("options", "reason"),
    [
        ({"players": ("greedy",)}, "two computer players"),
        ({"players": "greedy"}, "two computer players"),
        ({"players": ("human", "greedy")}, "two computer players"),
        ({"players": ("greedy", "nobody")}, "no computer player"),
        ({"players": ("greedy", object())}, "choose"),
        ({"players": range(2)}, "two computer players"),
        ({"players": ("greedy", "random"), "opponent": "expert"}, "not both"),
    ],
)
def test_bad_players_are_refused_with_a_reason(options: dict[str, Any], reason: str) -> None:
    with pytest.raises(WidgetError, match=reason):
        TablicWidget(seed=1, **options)


def test_a_watched_player_given_as_none_is_the_greedy_player() -> None:
    w = TablicWidget(seed=1, players=(None, "random"))
    assert [type(p).__name__ for p in w.players] == ["GreedyPlayer", "RandomPlayer"]
    named = TablicWidget(seed=1, players=("greedy", "random"))
    for _ in range(3):
        assert str(w.step().last_move) == str(named.step().last_move)
    assert w.moves_log == named.moves_log and len(w.moves_log) == 3


def test_a_watched_game_started_anew_is_watched_too() -> None:
    w = TablicWidget(seed=1, players=("greedy", "random"))
    w.step()
    w.new()
    assert w.ply == 0 and isinstance(w.state, tablic.State)
    w.step()
    assert w.ply == 1 and w.players[0].name == "greedy"  # type: ignore[attr-defined]
