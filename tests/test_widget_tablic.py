"""TablicWidget from Python: the seed's capture examples, the select/choose/play flow by intents,
illegal attempts, and hidden cards (synced state, messages, mimebundle, saved notebook)."""

from __future__ import annotations

import json
import time
from typing import Any

import nbformat
import pytest

from cardwidgets import IllegalMove, cards, scene, tablic
from cardwidgets.present import picture
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent, WidgetError
from cardwidgets.widgets.tablic import SUGGESTIONS


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
    assert [sorted(map(str, o)) for o in w.suggestions] == [["3♠", "5♥"]]
    assert table_marks(w) == {"3♠": ("group", 1), "5♥": ("group", 1), "7♣": (None, None)}
    w.select("7♦")
    assert table_marks(w)["7♣"] == ("group", 1)
    assert w.scene["options"][0]["label"] == "Capture 7♣ (1 group, 0 points)"


def test_T_S15_two_groups_numbered_and_the_tabla_suggested_first() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦")
    w.select("8♦")
    first = w.scene["options"][0]
    assert first["emphasis"] and first["selected"] and first["swatches"] == 2
    assert first["label"] == "Capture 2♠ 3♥ 5♦ 6♣ (2 groups, 0 points, tabla)"
    assert table_marks(w) == {
        "2♠": ("group", 1),
        "6♣": ("group", 1),
        "3♥": ("group", 2),
        "5♦": ("group", 2),
    }
    assert (
        w.scene["options"][0]["label"] != w.scene["options"][-1]["label"] or len(w.suggestions) == 1
    )
    click(w, {"kind": "action", "id": "play"})
    after = w.line[1]
    assert after.tablas[0] == 1 and after.table == ()
    assert "Tabla" in w.announcement


def test_T_D3_T_D1a_ace_alone_is_buildable_but_not_suggested() -> None:
    w = position("A♣ 10♥", "A♦")
    w.select("A♦")
    # T-D1a: A♣ alone lies inside A♣+10♥ (1 + 10 = 11), so only the bigger one is suggested
    assert [sorted(map(str, o)) for o in w.suggestions] == [["10♥", "A♣"]]
    w.toggle("10♥")  # T-D3: taking the Ace alone is still a legal capture by default
    assert w.chosen == {cards.parse("A♣")}
    assert w.scene["status"].startswith("Ready: A♦ captures A♣")
    strict = TablicWidget(
        state=tablic.State.from_position(
            table="A♣ 10♥", hands=("A♦", "9♥ 4♣"), seed=11,
            rules=tablic.Rules(capture_must_be_maximal=True),
        ),
        opponent=RandomOpponent(2),
    )  # fmt: skip
    strict.select("A♦")
    strict.toggle("10♥")
    assert not {a["id"]: a for a in strict.scene["actions"]}["play"]["enabled"]
    assert "10♥" in strict.scene["status"]  # the refusal names the bigger capture


def test_T_D4_a_king_takes_one_king_plus_other_groups() -> None:
    w = position("3♠ 4♥ 5♦ 6♣ 10♠ K♥ K♣", "K♦")
    w.select("K♦")
    assert len(w.suggestions) == 2
    for option in w.suggestions:
        assert sum(1 for c in option if c.rank == 13) == 1
    assert all(o["swatches"] == 3 for o in w.scene["options"])
    with pytest.raises(IllegalMove):
        w.play("K♦ x K♥ K♣")
    assert w.message is not None and w.state.ply == 0


def test_the_browser_flow_card_option_play_changes_the_state() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣", "9♥ 4♣")
    assert click(w, {"kind": "card", "zone": "hand", "card": "8♦"})
    assert click(w, {"kind": "option", "index": 0})
    assert w.scene["options"][0]["selected"]
    assert click(w, {"kind": "action", "id": "play"})
    assert w.state.ply == 2  # played, and the computer replied
    assert w.moves_log[0].startswith("You play 8♦ and capture")


def test_a_capture_is_built_by_clicking_table_cards_and_says_what_is_missing() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦")
    w.select("8♦")
    assert click(w, {"kind": "card", "zone": "table", "card": "2♠"})  # take 2♠ out
    assert w.chosen == frozenset(cards.parse_many("3♥ 5♦ 6♣"))
    assert w.scene["status"] == (
        "3♥ 5♦ 6♣ add up to 14; every group must add up to 8: 2 more would complete a group"
    )
    assert table_marks(w)["6♣"] == ("target", None)
    assert not {a["id"]: a for a in w.scene["actions"]}["play"]["enabled"]
    assert click(w, {"kind": "card", "zone": "table", "card": "6♣"})
    assert w.scene["status"].startswith("Ready: 8♦ captures 3♥ 5♦ (1 group, 0 points)")
    assert {a["id"]: a for a in w.scene["actions"]}["play"]["enabled"]
    w.play()
    assert str(w.line[1].last_move) == "8♦ x 3♥ 5♦"


def test_a_capture_that_cannot_split_is_named_as_such() -> None:
    w = position("7♠ 9♥", "8♦", "K♥ 4♦")
    w.select("8♦")
    w.toggle("7♠")
    w.toggle("9♥")
    assert "9♥" in w.scene["status"] and w.scene["message"] is None


def test_a_crowded_table_answers_a_click_in_milliseconds() -> None:
    low = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣"
    w = position(low, "Q♠ 9♦", "K♥ 6♦")
    started = time.perf_counter()
    w.select("Q♠")
    elapsed = time.perf_counter() - started
    assert len(w.scene["options"]) == SUGGESTIONS  # a few, never every capture
    assert elapsed < 0.25, elapsed  # 0.66 s before suggestions were taken lazily
    w.more()
    assert len(w.scene["options"]) == 2 * SUGGESTIONS


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


def test_a_click_that_does_nothing_says_why() -> None:
    w = position("3♠ 5♥ 7♣", "8♦")
    assert not click(w, {"kind": "card", "zone": "table", "card": "3♠"})
    assert w.message is not None and w.message.startswith("Select a card from your hand first")
    assert not click(w, {"kind": "card", "zone": "opponent-hand", "card": "hidden-1-0"})
    assert w.message == "That card is face down: you cannot see or play it."
    assert not click(w, {"kind": "action", "id": "play"})
    assert w.message == "The button “Capture” cannot be used right now."
    german = position("3♠ 5♥ 7♣", "8♦", locale="de")
    assert not click(german, {"kind": "action", "id": "trail"})
    assert german.message == "Die Schaltfläche „Ablegen“ ist gerade nicht verfügbar."


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


def test_hints_show_previews_and_a_hint_in_words_selects_a_move() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣")
    preview = w.scene["previews"]["hand:8♦"]
    assert [(t["card"], t["group"]) for t in preview["cards"]] == [
        ("2♠", 1), ("6♣", 1), ("3♥", 2), ("5♦", 2)
    ]  # fmt: skip
    assert preview["text"] == "8♦ captures 2♠ 3♥ 5♦ 6♣"
    marks = {c["id"]: c["highlight"] for c in w.zone("hand")["cards"]}
    assert marks == {"8♦": "playable", "9♣": "playable"}
    click(w, {"kind": "action", "id": "hint"})
    assert w.selected is not None and w.message is not None
    assert w.message.startswith("Hint: Play ") and " x " not in w.message
    quiet = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣", hints=False)
    assert quiet.scene["previews"] == {}
    assert "hint" not in {a["id"] for a in quiet.scene["actions"]}


def test_a_german_widget_speaks_german() -> None:
    w = position("3♠ 5♥ 7♣", "8♦", locale="de")
    assert w.scene["status"] == "Wähle eine Karte aus deiner Hand"  # "Du bist dran" is the banner's
    assert w.scene["banner"]["text"].startswith("Du bist dran:")
    assert w.zone("table")["cards"][0]["label"] == "Pik Drei"
    assert w.zone("opponent-hand")["info"] == "2 Karten"
    w.select("8♦")
    assert w.scene["options"][0]["label"] == "Nimm 3♠ 5♥ (1 Gruppe, 0 Punkte)"
    assert w.scene["labels"]["options"] == "Vorgeschlagene Stiche"


def test_counts_say_one_card_not_one_cards() -> None:
    w = position("3♠", "8♦", "9♥")
    assert w.zone("opponent-hand")["info"] == "1 card"
    assert w.zone("table")["info"] == "1 card"


def test_piles_say_their_points_count_at_the_end_of_the_deal() -> None:
    w = position("3♠ 5♥ 7♣ 10♦", "8♦ 10♣", "9♥ 4♣")
    w.play("10♣ x 10♦")
    pile = w.zone("pile-0")
    assert pile["info"] == "2 cards · 3 points (they count when the deal ends)"
    assert w.scene["score"]["caption"] == "Points are counted at the end of each deal"


def test_the_end_of_a_deal_pauses_on_a_summary_until_continue() -> None:
    w = TablicWidget(seed=3, opponent=RandomOpponent(3))
    while not w.paused:
        w.play(w.state.legal_moves()[0])
    summary = w.scene["summary"]
    assert summary is not None and summary["title"] == "Deal 1 is over"
    rows = {row["label"]: row["cells"] for row in summary["score"]["rows"]}
    result = w.state.deal_results[0]
    assert rows["Card points"] == [str(p) for p in result.points]
    assert rows["Total"] == [str(t) for t in result.totals]
    piles = [len(z["cards"]) for z in summary["zones"]]
    assert piles == list(result.cards)
    assert {a["id"]: a["primary"] for a in w.scene["actions"]}["continue"]
    ply = w.state.ply
    with pytest.raises(WidgetError):
        w.play(w.state.legal_moves()[0]) if w.state.to_move == 0 else w.hint()
    assert w.state.ply == ply  # nobody moves during the pause
    assert click(w, {"kind": "action", "id": "continue"})
    assert not w.paused and w.scene["summary"] is None
    w.goto(ply)
    assert w.scene["summary"] is None  # dismissed once; the deal end stays a stop in history


def test_a_whole_game_against_the_computer_keeps_the_scene_small() -> None:
    w = TablicWidget(seed=3, opponent=RandomOpponent(3))
    sizes, played_out = [], []
    while not w.state.is_over:
        if w.paused:
            w.next()
            continue
        move = w.state.legal_moves()[0]
        w.select(move.card)
        sizes.append(scene.size(w.scene))  # type: ignore[arg-type]
        w.play(move)
        # the reply played out (test_widget_reply.py) rides once on the reply's
        # update: measured apart (median 2.9 KB, at most 5.3 KB in this game)
        frames = w.scene.pop("frames", [])
        played_out.append(len(json.dumps(frames, ensure_ascii=False).encode()))
        sizes.append(scene.size(w.scene))  # type: ignore[arg-type]
    sizes.sort()
    played_out.sort()
    # 8,100: the seat's position code and its label add about 90 bytes a scene;
    # 8,200: the turn banner about 90 more (median 8,106 with it);
    # 8,300: the analysis switch's button and its empty panel about 100 more;
    # 8,400: the full-screen button's two labels, about 50 more (median 8,300 with them)
    assert sizes[len(sizes) // 2] < 8_400 and sizes[-1] < 24_000
    assert played_out[len(played_out) // 2] < 4_000 and played_out[-1] < 8_000
    assert w.scene["status"].startswith("Game over")
    assert len(w.scene["score"]["rows"]) == len(w.state.deal_results) + 2


def test_goto_the_slider_and_a_widget_opened_at_a_ply() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣", "9♥ 4♣")
    w.play("9♣")
    assert w.scene["history"] == {"ply": 2, "plies": 2, "label": "Position in the game"}
    assert click(w, {"kind": "goto", "ply": 1})
    assert w.ply == 1 and w.cursor == 1
    assert not click(w, {"kind": "goto", "ply": 7})
    assert w.message == "There is no position after move 7: this game has positions 0 to 2."
    replay = TablicWidget(state=w.line[-1], ply=1, opponent="human")
    assert replay.ply == 1 and replay.state is w.line[1]


def test_on_move_hooks_and_observable_traitlets() -> None:
    w = position("2♠ 3♥ 5♦ 6♣", "8♦ 9♣", "9♥ 4♣")
    seen: list[tuple[str, int, int]] = []
    plies: list[int] = []
    w.on_move(lambda move, seat, state: seen.append((str(move), seat, state.ply)))
    w.observe(lambda change: plies.append(change["new"]), names="ply")
    w.play("9♣")
    assert seen[0] == ("9♣", 0, 1) and seen[1][1:] == (1, 2)
    assert plies == [2] and w.last_move == seen[1][0] and not w.over

    def broken(move: Any, seat: int, state: Any) -> None:
        raise ZeroDivisionError("quiz bug")

    w.on_move(broken)
    w.play(w.state.legal_moves()[0])
    assert (
        w.message == "Your on_move function failed (ZeroDivisionError: quiz bug); the move stands."
    )
    assert w.state.ply == 4


def test_new_game_asks_first_in_the_browser() -> None:
    a, b = TablicWidget(seed="x"), TablicWidget(seed="x")
    first = a.state
    click(a, {"kind": "action", "id": "new"})
    assert a.state is first and a.message is not None and a.message.startswith("Start a new game?")
    click(a, {"kind": "action", "id": "new-cancel"})
    assert a.state is first and a.message is None
    click(a, {"kind": "action", "id": "new"})
    click(a, {"kind": "action", "id": "new-confirm"})
    b.new()
    assert a.state.hands == b.state.hands and a.state.hands != first.hands
    assert a.branches == (first,)


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
    assert [c["id"] for c in stock["cards"]] == ["hidden-stock-0", bottom.text]
    assert stock["info"] == f"{len(w.state.stock)} cards · the bottom card is shown"
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
    assert all(c["kind"] == "back" for c in w.zone("opponent-hand")["cards"])
    w.open_hands = True
    shown = {c["id"] for c in w.zone("opponent-hand")["cards"]}
    assert shown == {c.text for c in w.state.hands[1]}


def test_the_widget_accepts_rules_and_rejects_rules_with_a_state() -> None:
    w = TablicWidget(seed=1, rules=tablic.Rules(capture_must_be_maximal=True))
    assert w.state.rules.capture_must_be_maximal
    with pytest.raises(WidgetError, match="a position brings its own rules"):
        TablicWidget(state=w.state, rules=tablic.Rules())
    with pytest.raises(WidgetError, match="not rules of tablic"):
        TablicWidget(seed=1, rules=object())


def test_a_state_draws_itself_full_or_as_a_seat_sees_it() -> None:
    state = tablic.new_game(seed=2024)
    full = picture(state)
    assert {c["id"] for c in full.zone("opponent-hand")["cards"]} == {
        c.text for c in state.hands[1]
    }
    seen = picture(state, seat=0)
    assert_hidden(json.dumps(seen.scene, ensure_ascii=False), state)
    assert seen.scene["actions"] == [] and seen.scene["previews"] == {}


def test_a_lab_counterexample_opens_at_the_end_of_its_deal_with_both_piles() -> None:
    from cardwidgets import lab

    def points_total_25(state: tablic.State) -> bool:
        return sum(state.deal_results[0].scores) == 25

    result = lab.check(points_total_25, "tablic", games=40, seed=1, unit="deal")
    found = result.counterexamples[0]
    w = found.widget()
    summary = w.scene["summary"]
    assert summary is not None and summary["title"] == "Deal 1 is over"
    piles = [len(z["cards"]) for z in summary["zones"]]
    assert sum(piles) == 52 and piles == list(w.state.deal_results[0].cards)
    assert w.ply == found.ply
