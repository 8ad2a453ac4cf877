"""TablicWidget from Python: the seed's capture examples, the select/choose/play flow by intents,
illegal attempts, and hidden cards (synced state, messages, mimebundle, saved notebook)."""

from __future__ import annotations

import json
from typing import Any

import nbformat
import pytest

from cardwidgets import IllegalMove, cards, scene, tablic
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent


def position(table: str, mine: str, theirs: str = "9♥ 4♣", **options: Any) -> TablicWidget:
    state = tablic.State.from_position(table=table, hands=(mine, theirs), seed=11)
    options.setdefault("opponent", RandomOpponent(2))
    return TablicWidget(state=state, **options)


def table_marks(w: TablicWidget) -> dict[str, tuple[str | None, int | None]]:
    return {c["id"]: (c["highlight"], c["group"]) for c in w.zone("table")["cards"]}


def click(w: TablicWidget, intent: dict[str, Any]) -> bool:
    return w.handle_intent({"type": "intent", "version": w.version, "intent": intent})


def test_T_S14_eight_takes_three_and_five_seven_takes_seven() -> None:
    w = position("3♠ 5♥ 7♣", "8♦ 7♦")
    w.select("8♦")
    assert [sorted(map(str, o)) for o in w.options] == [["3♠", "5♥"]]
    assert table_marks(w) == {"3♠": ("group", 1), "5♥": ("group", 1), "7♣": (None, None)}
    w.select("7♦")
    assert table_marks(w)["7♣"] == ("group", 1)
    assert w.scene["options"][0]["label"] == "capture 7♣ (1 group, 0 points)"


def test_T_S15_two_groups_numbered_and_the_tabla_offered_first() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦")
    w.select("8♦")
    first = w.scene["options"][0]
    assert first["maximal"] and first["selected"]
    assert first["groups"] == [["2♠", "6♣"], ["3♥", "5♦"]]
    assert first["label"] == "capture 2♠ 3♥ 5♦ 6♣ (2 groups, 0 points, tabla)"
    assert table_marks(w) == {
        "2♠": ("group", 1),
        "6♣": ("group", 1),
        "3♥": ("group", 2),
        "5♦": ("group", 2),
    }
    assert [o["maximal"] for o in w.scene["options"]] == [True, False, False]
    click(w, {"kind": "action", "id": "play"})
    after = w.line[1]
    assert after.tablas[0] == 1 and after.table == ()
    assert "Tabla" in w.announcement


def test_T_D3_ace_and_ten_overlapping_captures_are_separate_options() -> None:
    w = position("A♣ 10♥", "A♦")
    w.select("A♦")
    assert [sorted(map(str, o)) for o in w.options] == [["10♥", "A♣"], ["A♣"]]
    # they overlap, so neither extends the other: both are maximal (not "both at once")
    assert [o["maximal"] for o in w.scene["options"]] == [True, True]


def test_T_D4_a_king_takes_one_king_plus_other_groups() -> None:
    w = position("3♠ 4♥ 5♦ 6♣ 10♠ K♥ K♣", "K♦")
    w.select("K♦")
    maximal = [o for o in w.scene["options"] if o["maximal"]]
    assert len(maximal) == 2
    for option in maximal:
        kings = [g for g in option["groups"] if g[0].startswith("K")]
        assert len(kings) == 1 and len(option["groups"]) == 3
    with pytest.raises(IllegalMove):
        w.play("K♦ x K♥ K♣")
    assert w.message is not None and w.state.ply == 0


def test_the_browser_flow_card_option_play_changes_the_state() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣", "9♥ 4♣")
    assert click(w, {"kind": "card", "zone": "hand", "card": "8♦"})
    assert click(w, {"kind": "option", "index": 2})
    assert w.scene["options"][2]["selected"]
    chosen = {c for c, (h, _g) in table_marks(w).items() if h == "group"}
    assert chosen == set(w.scene["options"][2]["groups"][0])
    assert click(w, {"kind": "action", "id": "play"})
    assert w.state.ply == 2  # played, and the computer replied
    assert w.log[0].startswith("You play 8♦ and capture")


def test_clicking_a_table_card_picks_a_capture_that_takes_it_or_drops_it() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦")
    w.select("8♦")
    assert click(w, {"kind": "card", "zone": "table", "card": "2♠"})
    assert cards.parse("2♠") not in w.options[w.scene["options"].index(_selected(w))]
    assert click(w, {"kind": "card", "zone": "table", "card": "2♠"})
    assert cards.parse("2♠") in w.options[w.scene["options"].index(_selected(w))]


def _selected(w: TablicWidget) -> dict[str, Any]:
    return next(o for o in w.scene["options"] if o["selected"])


def test_trailing_is_one_action() -> None:
    w = position("3♠ 5♥ 7♣", "4♦ 8♦")
    click(w, {"kind": "card", "zone": "hand", "card": "4♦"})
    actions = {a["id"]: a for a in w.scene["actions"]}
    assert actions["trail"]["enabled"] and actions["trail"]["primary"]
    assert not actions["play"]["enabled"]
    assert "captures nothing" in w.scene["status"]
    click(w, {"kind": "action", "id": "trail"})
    assert cards.parse("4♦") in w.line[1].table


def test_an_illegal_attempt_shows_the_engines_reason_and_changes_nothing() -> None:
    w = position("3♠ 5♥ 7♣", "8♦")
    with pytest.raises(IllegalMove) as err:
        w.play("8♦ x 3♠ 7♣")
    assert w.message == err.value.text("en")
    assert w.scene["message"] == {"kind": "error", "text": w.message}
    assert w.state.ply == 0
    with pytest.raises(ValueError, match="not in your hand"):
        w.select("9♥")


def test_a_browser_message_must_carry_the_scene_version() -> None:
    w = position("3♠ 5♥ 7♣", "8♦")
    before = w.version
    w._on_custom_msg(w, {"kind": "card", "zone": "hand", "card": "8♦"}, [])
    assert w.selected is None and w.state.ply == 0
    assert w.scene["message"]["kind"] == "error" and w.version > before
    assert click(w, {"kind": "card", "zone": "hand", "card": "8♦"})  # the versioned form works


def test_escape_cancels_the_selection() -> None:
    w = position("3♠ 5♥ 7♣", "8♦")
    w.select("8♦")
    click(w, {"kind": "action", "id": "cancel"})
    assert w.selected is None and w.scene["options"] == []


def test_hints_show_previews_and_a_hint_selects_a_move() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣")
    assert w.scene["previews"]["8♦"]["groups"] == [["2♠", "6♣"], ["3♥", "5♦"]]
    marks = {c["id"]: c["highlight"] for c in w.zone("hand")["cards"]}
    assert marks == {"8♦": "playable", "9♣": "playable"}
    click(w, {"kind": "action", "id": "hint"})
    assert w.selected is not None and w.message is not None and w.message.startswith("Hint:")
    quiet = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣", hints=False)
    assert quiet.scene["previews"] == {}
    assert "hint" not in {a["id"] for a in quiet.scene["actions"]}


def test_a_german_widget_speaks_german() -> None:
    w = position("3♠ 5♥ 7♣", "8♦", locale="de")
    assert w.scene["status"] == "Du bist dran: wähle eine Karte aus deiner Hand"
    assert w.zone("table")["cards"][0]["label"] == "Pik Drei"
    w.select("8♦")
    assert w.scene["options"][0]["label"] == "nimm 3♠ 5♥ (1 Gruppe, 0 Punkte)"


def test_a_whole_game_against_the_computer_keeps_the_scene_small() -> None:
    w = TablicWidget(seed=3, opponent=RandomOpponent(3))
    biggest = 0
    while not w.state.is_over:
        move = w.state.legal_moves()[0]
        w.select(move.card)
        biggest = max(biggest, scene.size(w.scene))  # type: ignore[arg-type]
        w.play(move)
        biggest = max(biggest, scene.size(w.scene))  # type: ignore[arg-type]
    assert biggest < 16_000
    assert w.scene["status"].startswith("Game over")
    assert len(w.scene["score"]["rows"]) == len(w.state.deal_results) >= 1
    assert len(w.scene["log"]) <= 12


# -- hidden cards ---------------------------------------------------------------------------------


def unseen_by_seat0(state: tablic.State) -> set[cards.Card]:
    """Seat 1's hand and the stock, except the public bottom card (T-D8)."""
    bottom = state.stock_bottom
    hidden = set(state.hands[1]) | set(state.stock)
    revealed = set(state.revealed()[1])
    return hidden - {bottom} - revealed


def assert_hidden(text: str, state: tablic.State) -> None:
    unseen = unseen_by_seat0(state)
    assert unseen, "the check needs hidden cards"
    for card in unseen:
        assert card.text not in text, card
        assert card.name("en") not in text, card


def test_T_D8_the_public_bottom_card_is_shown_and_nothing_else_of_the_stock() -> None:
    w = TablicWidget(seed=7)
    bottom = w.state.stock_bottom
    stock = w.zone("stock")
    assert [c["id"] for c in stock["cards"]] == [bottom.text]
    assert stock["info"].startswith(f"{len(w.state.stock)} cards")
    assert bottom.text in json.dumps(w.scene, ensure_ascii=False)


def test_hidden_cards_never_reach_state_messages_mimebundle_or_notebook(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    w = TablicWidget(seed=2024)
    sent: list[Any] = []
    monkeypatch.setattr(w, "_send", lambda msg, buffers=None: sent.append(msg))
    monkeypatch.setattr(w, "send", lambda content, buffers=None: sent.append(content))
    texts = []
    for _ in range(8):  # select, look, play: several scenes and sync messages
        move = w.state.legal_moves()[-1]
        w.select(move.card)
        w.send_state()
        texts.append(json.dumps(w.get_state(), ensure_ascii=False, default=str))
        w.play(move)
        assert_hidden(json.dumps(w.get_state(), ensure_ascii=False, default=str), w.state)
    assert sent
    assert_hidden(json.dumps(sent, ensure_ascii=False, default=str), w.state)
    for text in texts:
        assert "stock_order" not in text
    data, _ = w._repr_mimebundle_()
    assert_hidden(json.dumps(data, ensure_ascii=False), w.state)
    notebook = nbformat.v4.new_notebook()
    cell = nbformat.v4.new_code_cell("TablicWidget(seed=2024)")
    cell.outputs = [nbformat.v4.new_output("display_data", data=data)]
    notebook.cells.append(cell)
    notebook.metadata["widgets"] = {
        "application/vnd.jupyter.widget-state+json": {
            "version_major": 2,
            "version_minor": 0,
            "state": {w.model_id: {"model_name": "AnyModel", "state": w.get_state()}},
        }
    }
    assert_hidden(nbformat.writes(notebook), w.state)


def test_open_hands_is_the_explicit_teacher_switch() -> None:
    w = TablicWidget(seed=2024)
    assert all(not c["face"] for c in w.zone("opponent-hand")["cards"])
    w.open_hands = True
    shown = {c["id"] for c in w.zone("opponent-hand")["cards"]}
    assert shown == {c.text for c in w.state.hands[1]}


def test_the_widget_accepts_rules_and_rejects_rules_with_a_state() -> None:
    w = TablicWidget(seed=1, rules=tablic.Rules(capture_must_be_maximal=True))
    assert w.state.rules.capture_must_be_maximal
    with pytest.raises(TypeError):
        TablicWidget(state=w.state, rules=tablic.Rules())


def test_new_game_is_reproducible() -> None:
    a, b = TablicWidget(seed="x"), TablicWidget(seed="x")
    click(a, {"kind": "action", "id": "new"})
    b.new()
    assert a.state.hands == b.state.hands and a.state.hands != TablicWidget(seed="x").state.hands
