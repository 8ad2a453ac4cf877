"""The presenters, widgets and bots ask the engine instead of copying its rules: each engine answer is replaced by a sentinel, and the scene (or the bot's reasoning)
must follow the sentinel. A presenter that worked the rule out itself would ignore it."""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets import cards, panjpar, pazaak, tablic
from cardwidgets.bots.tablic import TablicStrategy
from cardwidgets.present import (
    Moment,
    PanjparPresenter,
    PanjparSelection,
    PazaakPresenter,
    PazaakSelection,
    TablicPresenter,
    TablicSelection,
)


def _lit(scene: Any, zone: str = "hand") -> dict[str, str]:
    """The highlighted cards of ``zone``: card id -> highlight."""
    found = next(z for z in scene["zones"] if z["id"] == zone)
    return {c["id"]: c["highlight"] for c in found["cards"] if c["highlight"]}


# -- Tablić --------------------------------------------------------------------------------------


def _tablic_options(state: tablic.State, card: str) -> list[str]:
    chosen = TablicSelection(cards.parse(card))
    return [o["label"] for o in TablicPresenter(Moment.of(state), chosen).scene()["options"]]


def test_T_D5_the_tabla_mark_of_a_suggestion_is_the_engines_scores_tabla(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = tablic.State.from_position(table="3♠ 5♥ 9♣", hands=("8♦ K♠", "9♥"), stock="")
    assert _tablic_options(state, "8♦") == ["Capture 3♠ 5♥ (1 group, 0 points)"]
    asked: list[tablic.Move] = []

    def sentinel(self: tablic.State, move: tablic.Move) -> bool:
        asked.append(move)
        return True  # says "tabla" for a capture that leaves 9♣ on the table

    monkeypatch.setattr(tablic.State, "scores_tabla", sentinel)
    assert _tablic_options(state, "8♦") == ["Capture 3♠ 5♥ (1 group, 0 points, tabla)"]
    assert tablic.Move(cards.parse("8♦"), frozenset(cards.parse_many("3♠ 5♥"))) in asked


def test_T_D5_the_bots_tabla_feature_is_the_engines_scores_tabla(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # 8♦ clears the table with the deal's last card: no tabla (T-D5).
    state = tablic.State.from_position(table="3♠ 5♥", hands=("8♦", ""))
    move = tablic.Move.parse("8♦ x 3♠ 5♥")
    assert TablicStrategy().details(state, 0, move)["tabla"] is False
    monkeypatch.setattr(tablic.State, "scores_tabla", lambda self, move: True)
    assert TablicStrategy().details(state, 0, move)["tabla"] is True


def test_T_D2_what_a_capture_being_built_misses_is_the_engines_shortfall(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = tablic.State.from_position(hands=["8♦", "5♠"], table="2♦ 4♥ 7♦")
    chosen = TablicSelection(cards.parse("8♦"), frozenset(cards.parse_many("2♦ 4♥")))
    said = TablicPresenter(Moment.of(state), chosen).scene()["status"]
    assert "add up to 6; every group must add up to 8: 2 more" in said
    monkeypatch.setattr(
        tablic, "capture_shortfall", lambda card, chosen: tablic.Shortfall(77, 8, 5)
    )
    said = TablicPresenter(Moment.of(state), chosen).scene()["status"]
    assert "add up to 77; every group must add up to 8: 5 more" in said


# -- Panjpar -------------------------------------------------------------------------------------


def _panjpar_defending() -> panjpar.State:
    start = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦ 4♣ 10♠ 6♦", trump="♦"
    )
    return start.play("attack 7♥ 7♣ 9♦")


def test_P_S12_what_beats_an_attack_card_is_the_engines_beaters(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _panjpar_defending()
    aimed = PanjparSelection(target=cards.parse("7♥"))
    scene = PanjparPresenter(Moment.of(state, seat=1), aimed).scene()
    assert _lit(scene) == {"4♦": "beats", "5♦": "beats", "9♥": "beats"}
    monkeypatch.setattr(panjpar.State, "beaters", lambda self, attacked: (cards.parse("K♠"),))
    scene = PanjparPresenter(Moment.of(state, seat=1), aimed).scene()
    assert _lit(scene) == {"K♠": "beats"}
    assert [t["card"] for t in scene["previews"]["battle:9♦"]["cards"]] == ["K♠"]


def test_P_S12_what_a_hand_card_beats_is_the_engines_beaten_by(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _panjpar_defending()
    scene = PanjparPresenter(Moment.of(state, seat=1)).scene()
    assert "hand:K♠" not in scene["previews"]  # a black King beats no red card nor trump
    monkeypatch.setattr(panjpar.State, "beaten_by", lambda self, killer: (cards.parse("9♦"),))
    scene = PanjparPresenter(Moment.of(state, seat=1)).scene()
    assert [t["card"] for t in scene["previews"]["hand:K♠"]["cards"]] == ["9♦"]


def test_P_D3_P_D4_attack_sizes_and_extenders_are_the_engines(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    start = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦ 4♣ 10♠ 6♦", trump="♦"
    )
    picked = PanjparSelection(picked=frozenset(cards.parse_many("7♥ 7♣")))
    scene = PanjparPresenter(Moment.of(start), picked).scene()
    assert set(_lit(scene)) == {"2♠", "3♠", "9♦"}
    monkeypatch.setattr(panjpar.State, "attack_extenders", lambda self, chosen=(): frozenset())
    assert _lit(PanjparPresenter(Moment.of(start), picked).scene()) == {}
    idle = PanjparPresenter(Moment.of(start)).scene()["status"]
    monkeypatch.setattr(panjpar.State, "attack_sizes", lambda self: (1,))
    limited = PanjparPresenter(Moment.of(start)).scene()["status"]
    assert limited != idle  # the end-game limit is said once the engine says it applies
    assert "attack with one card" in limited


# -- Pazaak --------------------------------------------------------------------------------------


def _pazaak_start() -> pazaak.State:
    return pazaak.State.from_position(
        hands=["+3 -4 ±2 D", "-1 -2 +5 ±6"],
        deck=[8, 5, 7, 9, 6],
        seed=1,
        rules=pazaak.Rules.kotor2(),
    )


def test_Z_D9_what_a_side_card_makes_is_the_engines_card_effect(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = _pazaak_start()
    chosen = PazaakSelection(pazaak.SideCard.parse("±2"))
    labels = [o["label"] for o in PazaakPresenter(Moment.of(state), chosen).scene()["options"]]
    assert labels == ["±2 as +2 (total 10)", "±2 as -2 (total 6)"]
    real = pazaak.State.card_effect

    def sentinel(self: pazaak.State, card: Any, sign: Any = None, seat: Any = None) -> Any:
        made = real(self, card, sign, seat)
        return made._replace(total=made.total + 90)

    monkeypatch.setattr(pazaak.State, "card_effect", sentinel)
    scene = PazaakPresenter(Moment.of(state), chosen).scene()
    assert [o["label"] for o in scene["options"]] == [
        "±2 as +2 (total 100)",
        "±2 as -2 (total 96)",
    ]
    assert "106" in scene["previews"]["hand:D"]["text"]  # D copies the 8: 16, plus 90


def test_Z_D9_the_table_a_set_ended_on_is_the_engines_last_set_placed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    state = pazaak.State.from_position(
        hands=["", "+3"], deck=[9, 5], tables=([10], [8]), standing=(True, False), to_move=1, seed=0
    )
    ended = state.play("play +3")  # 8 + 9 + 3 = 20 beats 10: the set ends
    summary = PazaakPresenter(Moment.of(ended)).summary(ended)
    assert summary is not None
    final = {z["id"]: [c["text"] for c in z["cards"]] for z in summary["zones"]}
    assert final["final-table-1"] == ["8", "9", "+3"]
    forged = (((4, 4),), ((6, 6), (1, 1)))
    monkeypatch.setattr(pazaak.State, "last_set_placed", property(lambda self: forged))
    summary = PazaakPresenter(Moment.of(ended)).summary(ended)
    assert summary is not None
    final = {z["id"]: [c["text"] for c in z["cards"]] for z in summary["zones"]}
    assert final == {"final-table-0": ["4"], "final-table-1": ["6", "1"]}


def test_P_D9_asking_the_engine_never_shows_the_attacker_the_defenders_cards() -> None:
    # The engine's beaters() answer for the defender's hand; the attacking learner's own
    # question must not get the opponent's hidden cards back.
    start = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦ 4♣ 10♠ 6♦", trump="♦"
    )
    attacking = PanjparPresenter(Moment.of(start, seat=0))
    assert attacking.beaters(cards.parse("7♥")) == ()
    assert start.beaters("7♥") == cards.parse_many("4♦ 5♦ 9♥")  # what stays hidden
    waiting = PanjparPresenter(Moment.of(start, seat=1))
    assert waiting.extenders() == frozenset()  # the attacker's hand is hidden from seat 1
