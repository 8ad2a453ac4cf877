"""The computer's move, shown: the opponent's reply is played out in the
scene as its own steps (the card in flight where it is played, what it takes marked, then the
position after it) at the widget's ``pace``; ``pace=0`` plays nothing out and the Python API of
a widget driven from a notebook is unchanged. Back/Forward also step by whole turns."""

from __future__ import annotations

import json
from typing import Any

import pytest
from language import assert_german
from twins import TWINS

from cardwidgets import panjpar, tablic
from cardwidgets.present import Moment
from cardwidgets.present.panjpar import PanjparPresenter
from cardwidgets.present.pazaak import PazaakPresenter
from cardwidgets.present.tablic import TablicPresenter
from cardwidgets.scene import Frame, Zone
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import GameWidget

PRESENTERS: dict[str, Any] = {
    "tablic": TablicPresenter,
    "panjpar": PanjparPresenter,
    "pazaak": PazaakPresenter,
}


def _zone(zones: list[Zone], zone_id: str) -> Zone:
    return next(z for z in zones if z["id"] == zone_id)


def _cards(zones: list[Zone], zone_id: str) -> list[tuple[str, str | None]]:
    return [(c["id"], c["highlight"]) for c in _zone(zones, zone_id)["cards"]]


def _frames(w: GameWidget[Any, Any]) -> list[Frame]:
    """The frames of the widget's last update, each with the zones the browser shows: the
    frame's own, the others from the scene it settles on (a frame carries only those that
    differ)."""
    found: list[Frame] = w.scene.get("frames", [])
    final: list[Zone] = w.scene["zones"]
    shown = []
    for made in found:
        own = {z["id"]: z for z in made["zones"]}
        assert all(z not in final for z in made["zones"])  # only the zones that differ
        zones = [own.pop(z["id"], z) for z in final] + list(own.values())
        shown.append({**made, "zones": zones})
    return shown  # type: ignore[return-value]


class Fixed:
    """An opponent that plays the move of the given text when it is legal, else the first."""

    def __init__(self, move: str) -> None:
        self.move = move

    def choose(self, state: Any) -> Any:
        moves = state.legal_moves()
        return next((m for m in moves if str(m) == self.move), moves[0])


# -- Tablić: the card the computer captures with appears on the table ------------------------
def test_tablic_reply_shows_the_computers_card_on_the_table_beside_what_it_captures() -> None:
    w = TablicWidget(seed=1)
    w.play("A♣ x 4♥ 7♦")
    reply = w.state.last_move
    assert str(reply) == "J♥ x J♠"
    (flight,) = _frames(w)
    table = _zone(flight["zones"], "table")
    # the card played, where it was played; the card it captures marked as the capture's
    # group 1 (not yet in the pile); the table counts the card in flight
    assert [(c["id"], c["highlight"], c["group"]) for c in table["cards"]] == [
        ("2♦", None, None),
        ("J♠", "group", 1),
        ("J♥", "last", None),
    ]
    assert table["info"] == "3 cards"
    # it left the computer's hand (6 backs before the move, 5 in flight), shown as backs only
    hand = _zone(flight["zones"], "opponent-hand")
    assert [c["kind"] for c in hand["cards"]] == ["back"] * 5 and hand["info"] == "5 cards"
    assert flight["banner"] == {
        "seat": 1,
        "text": "Computer plays J♥ and captures J♠.",
        "tone": "them",
    }
    assert flight["announce"] == w.announcement  # the learner's move, then the computer's
    assert flight["seconds"] == 1.0 and flight["status"] == "Computer to move"
    # the scene it settles on: both cards gone to the computer's pile
    assert "J♥" not in [c for c, _ in _cards(w.scene["zones"], "table")]
    assert "J♠" not in [c for c, _ in _cards(w.scene["zones"], "table")]


def test_tablic_frames_follow_the_pace_and_are_sent_once() -> None:
    w = TablicWidget(seed=1, pace=2.5)
    w.play("A♣ x 4♥ 7♦")
    assert [f["seconds"] for f in _frames(w)] == [2.5]
    w.refresh()  # any later update (a click, a language switch) plays nothing out again
    assert "frames" not in w.scene
    w.back()
    assert "frames" not in w.scene


def test_tablic_frames_speak_german() -> None:
    w = TablicWidget(seed=1, locale="de")
    w.play("A♣ x 4♥ 7♦")
    (flight,) = _frames(w)
    assert flight["banner"] is not None
    assert flight["banner"]["text"] == "Computer spielt J♥ und nimmt J♠."
    assert _zone(flight["zones"], "table")["info"] == "3 Karten"
    for text in (flight["announce"], flight["status"]):
        assert_german(text, "Computer")


# -- Panjpar: the defender's card over the one it kills --------------------------------------
def _panjpar_attacked() -> panjpar.State:
    return panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "8♥ 2♣ 3♣ 4♣ K♥"],
        stock="Q♥ J♦ 4♦ 10♣ 6♦",
        trump="♦",
        discard="J♠ 10♠",
        known=[(), "8♥"],
    )


def test_panjpar_reply_shows_the_killer_over_the_card_it_kills() -> None:
    w = PanjparWidget(state=_panjpar_attacked(), opponent=Fixed("kill 7♥ with K♥"))
    w.play("attack 7♥")
    flight = _frames(w)[0]
    battle = _zone(flight["zones"], "battle")["cards"]
    assert [(c["id"], c["highlight"], c["slot"]) for c in battle] == [
        ("7♥", "target", 0),
        ("K♥", "beats", 0),
    ]
    # K♥ was a hidden card of the computer's hand: one back fewer, the seen 8♥ still there
    hand = _zone(flight["zones"], "opponent-hand")["cards"]
    assert [c["id"] for c in hand if c["kind"] != "back"] == ["8♥"]
    assert sum(c["kind"] == "back" for c in hand) == 3
    assert _zone(flight["zones"], "opponent-hand")["info"].startswith("4 cards")
    assert flight["banner"] is not None and flight["banner"]["seat"] == 1


def test_panjpar_an_attack_in_flight_marks_its_cards() -> None:
    w = PanjparWidget(state=_panjpar_attacked(), opponent=Fixed("kill 7♥ with K♥"))
    w.play("attack 7♥")  # the computer kills every attack card, so it attacks next
    assert isinstance(w.state.last_move, panjpar.Attack)
    attacks = [f for f in _frames(w) if f["announce"]]  # a move in flight, not a settled one
    assert len(attacks) == 2
    last = attacks[-1]
    battle = _cards(last["zones"], "battle")
    assert battle and all(role == "last" for _, role in battle)
    assert all(not c["selectable"] for z in last["zones"] for c in z["cards"])


def test_panjpar_a_defence_in_flight_and_as_the_last_battle_draws_the_same_slots() -> None:
    # One drawing of a defence serves both moments: in flight the kill is a pair (the attack
    # card aimed at, its killer) and the rest goes "to the hand"; afterwards the battle just
    # fought is greyed, the pair muted and the rest "picked up", slot for slot.
    start = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "8♥ 2♣ 3♣ 4♣ K♥"], stock="Q♥ J♦ 4♦ 10♣ 6♦", trump="♦"
    )
    state = start.play("attack 7♥ 7♣ 9♦").play("kill 7♥ with K♥, pick up 7♣ 9♦")
    shown = PanjparPresenter(Moment.of(state))

    def battle(zones: list[Zone]) -> list[tuple[str, int, str | None, str]]:
        return [
            (c["id"], c["slot"], c["highlight"], c["note"]) for c in _zone(zones, "battle")["cards"]
        ]

    assert battle(shown.in_flight()) == [
        ("7♥", 0, "target", ""),
        ("K♥", 0, "beats", ""),
        ("7♣", 1, "pickup", "to the hand"),
        ("9♦", 2, "pickup", "to the hand"),
    ]
    assert battle(shown.zones()) == [
        ("7♥", 0, "muted", ""),
        ("K♥", 0, "muted", ""),
        ("7♣", 1, "pickup", "picked up"),
        ("9♦", 2, "pickup", "picked up"),
    ]


def test_each_frame_holds_back_the_log_entries_of_the_moves_not_landed_yet() -> None:
    # Two moves of the computer's (a kill, then an attack): the page lists a move in the log once
    # the board shows it made, not while it is in flight, and not the second during the first.
    w = PanjparWidget(state=_panjpar_attacked(), opponent=Fixed("kill 7♥ with K♥"))
    w.play("attack 7♥")
    log, frames = w.scene["log"], _frames(w)
    flights = [f for f in frames if f["announce"]]
    assert [f["log_ahead"] for f in flights] == [2, 1]
    landed = frames[1 : frames.index(flights[1])]  # the position after the kill
    assert landed and all(f["log_ahead"] == 1 for f in landed)
    for flight in flights:  # the first entry held back is the move in flight
        assert flight["banner"] is not None
        assert log[len(log) - flight["log_ahead"]] == flight["banner"]["text"]


# -- Pazaak: the computer's moves in turn -----------------------------------------------------
def test_pazaak_reply_plays_each_of_the_computers_moves_out() -> None:
    w = PazaakWidget(seed=1)
    w.play("end turn")
    mine = [f for f in _frames(w) if f["banner"] and f["banner"]["tone"] == "them"]
    assert mine and all(f["banner"] and f["banner"]["seat"] == 1 for f in mine)
    said = " ".join(f["announce"] for f in _frames(w) if f["announce"])
    assert said == w.announcement  # each step is heard, in order, and nothing else


def test_pazaak_in_flight_shows_the_computers_draw_before_the_learners() -> None:
    w = PazaakWidget(seed=4)
    w.play("end turn")  # the computer draws 9, ends its turn; then the learner draws 8
    (flight,) = _frames(w)
    assert flight["banner"] is not None
    assert flight["banner"]["text"] == "Computer ends the turn on 9. You draw 8: 14."
    assert [r for _, r in _cards(flight["zones"], "opponent-table")] == ["last"]
    assert [c["text"] for c in _zone(flight["zones"], "opponent-table")["cards"]] == ["9"]
    # the learner's own draw comes after the computer's move: not on the table yet
    assert len(_zone(flight["zones"], "table")["cards"]) == 1
    assert len(_zone(w.scene["zones"], "table")["cards"]) == 2


# -- hidden cards stay hidden ----------------------------------------------------------------
@pytest.mark.parametrize("game", TWINS)
def test_frames_of_hidden_card_twins_are_equal_for_the_seat_that_cannot_see(game: str) -> None:
    a, b = TWINS[game]()
    assert a.hands[1] != b.hands[1]
    for locale in ("en", "de"):
        made = [
            PRESENTERS[game](Moment.of(s, seat=0, locale=locale)).frames(1, 1.0) for s in (a, b)
        ]
        assert made[0], "the opponent's moves are played out"
        assert json.dumps(made[0]) == json.dumps(made[1])


def test_a_tablic_frame_names_no_card_of_the_computers_hand() -> None:
    w = TablicWidget(seed=1)
    w.play("A♣ x 4♥ 7♦")
    unseen = {c.text for c in w.state.hands[1]}
    shown = {c["id"] for f in _frames(w) for z in f["zones"] for c in z["cards"]}
    assert unseen and not unseen & shown


# -- pace=0: nothing played out, the API unchanged --------------------------------------------
@pytest.mark.parametrize("make", [TablicWidget, PanjparWidget, PazaakWidget])
def test_pace_0_sends_no_frames_and_leaves_the_python_api_unchanged(
    make: type[GameWidget[Any, Any]],
) -> None:
    paced, driven = make(seed=3), make(seed=3, pace=0)
    for _ in range(4):
        if paced.state.is_over:
            break
        if paced.paused:
            paced.next()
            driven.next()
            continue
        move = paced.state.legal_moves()[0]
        after = paced.play(move)
        assert driven.play(str(move)).to_record() == after.to_record()
        assert driven.announcement == paced.announcement
        assert [s.to_record() for s in driven.line] == [s.to_record() for s in paced.line]
        assert "frames" not in driven.scene
        assert {**paced.scene, "frames": None} == {**driven.scene, "frames": None}


def test_watching_plays_each_move_out_in_half_the_pace() -> None:
    w = TablicWidget(seed=1, players=("greedy", "random"), pace=2.0)
    w.step()
    (flight,) = _frames(w)
    assert flight["seconds"] == 1.0 and flight["announce"] == w.announcement
    assert "frames" not in TablicWidget(seed=1, players=("greedy", "random"), pace=0).scene


# -- Back and Forward by whole turns ----------------------------------------------------------
def test_back_and_forward_by_whole_turns_skip_the_computers_positions() -> None:
    w = TablicWidget(seed=1, pace=0)
    w.play("A♣ x 4♥ 7♦")
    w.play(w.state.legal_moves()[0])
    assert w.cursor == 4
    w.back_turn()
    assert w.cursor == 2 and w.state.to_move == 0
    w.back_turn()
    w.back_turn()  # at the first position it stays there
    assert w.cursor == 0
    assert w.handle_intent({"kind": "turn", "step": 1})
    assert w.cursor == 2 and w.announcement.startswith("Move 2 of 4")
    w.forward_turn()
    w.forward_turn()
    assert w.cursor == 4


@pytest.mark.parametrize("step", [0, 2, "1", True, None])
def test_a_turn_intent_with_a_bad_step_is_refused(step: object) -> None:
    w = TablicWidget(seed=1, pace=0)
    w.play("A♣ x 4♥ 7♦")
    assert not w.handle_intent({"kind": "turn", "step": step})
    assert w.cursor == 2 and w.message is not None


def test_tablic_in_flight_of_a_trail_adds_the_card_and_marks_nothing_else() -> None:
    state = tablic.new_game(seed=1).play("A♣ x 4♥ 7♦").play("J♥")
    table = _cards(TablicPresenter(Moment.of(state)).in_flight(), "table")
    assert table[-1] == ("J♥", "last")
    assert all(role is None for _, role in table[:-1])
