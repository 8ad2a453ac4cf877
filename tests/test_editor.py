"""The position editor from Python: edits (place, move, remove, counters) build the expected
``from_position`` keywords in every game, an impossible draft shows the engine's own sentence
(en, de) and keeps the last possible position, stale and forged intents are refused with a
reason and change nothing, and the code and the call round-trip through the engine."""

from __future__ import annotations

import random
from typing import Any

import editor_fixtures
import pytest

import cardwidgets
from cardwidgets import i18n, panjpar, pazaak, tablic
from cardwidgets.lessons.boards import BoardError
from cardwidgets.widgets import PanjparWidget, PazaakWidget, PositionEditor, TablicWidget
from cardwidgets.widgets.base import WidgetError


def _intent(editor: PositionEditor, **intent: Any) -> bool:
    """An intent as the page sends it, on the editor's current scene."""
    return editor.handle_intent({"type": "intent", "version": editor.version, "intent": intent})


def _click(editor: PositionEditor, card: str, zone: str) -> None:
    assert _intent(editor, kind="pick", zone="palette", card=card), editor.message
    assert _intent(editor, kind="put", zone=zone), editor.message


def test_the_editor_is_exported_from_widgets_and_the_package() -> None:
    assert cardwidgets.PositionEditor is PositionEditor
    assert PositionEditor.__module__ == "cardwidgets.widgets.editor"


def test_tablic_clicks_build_the_position_and_counters_set_its_numbers() -> None:
    editor = PositionEditor("tablic", seed=3)
    for card, zone in [("A♣", "table"), ("10♥", "table"), ("A♦", "hand0"), ("5♠", "hand1")]:
        _click(editor, card, zone)
    _click(editor, "K♣", "pile0")
    assert _intent(editor, kind="counter", name="totals1", value="17")
    assert _intent(editor, kind="counter", name="dealer", value="0")
    assert editor.problem is None
    assert editor.position == {
        "table": "A♣ 10♥",
        "hands": ("A♦", "5♠"),
        "dealer": 0,
        "piles": ("K♣", ""),
        "totals": (0, 17),
        "seed": 3,
    }
    state = editor.state
    assert [str(m) for m in state.legal_moves()] == ["A♦", "A♦ x 10♥ A♣", "A♦ x A♣"]
    assert state.totals == (0, 17) and state.dealer == 0
    assert editor.call == (
        'tablic.State.from_position(table="A♣ 10♥", hands=("A♦", "5♠"), dealer=0, '
        'piles=("K♣", ""), totals=(0, 17), seed=3)'
    )


def test_a_placed_card_is_moved_by_two_clicks_and_removed_by_the_remove_intent() -> None:
    editor = PositionEditor("tablic", seed=0)
    _click(editor, "A♣", "table")
    _click(editor, "A♦", "table")
    _click(editor, "5♠", "hand0")
    assert _intent(editor, kind="pick", zone="table", card="A♦", index=1)
    assert editor.scene["zones"][0]["cards"][1]["card"]["selected"]
    assert _intent(editor, kind="put", zone="hand1")
    assert editor.draft.zones["table"] == ["A♣"] and editor.draft.zones["hand1"] == ["A♦"]
    assert _intent(editor, kind="pick", zone="table", card="A♣", index=0)
    assert _intent(editor, kind="remove")
    assert editor.draft.zones["table"] == []
    # the palette offers the removed card again; a placed one is not offered twice
    palette = {p["card"]["id"]: p["card"] for p in editor.scene["palette"]}
    assert palette["p-A♣"]["selectable"] and not palette["p-A♦"]["selectable"]
    assert not _intent(editor, kind="pick", zone="palette", card="A♦")
    assert editor.message == "A♦ is already in Hand of Player 2: choose it there to move it. " + (
        "Nothing changed."
    )


def test_panjpar_zones_and_counters_give_its_from_position_keywords() -> None:
    editor = PositionEditor(panjpar)
    for card, zone in [("A♠", "hand0"), ("2♣", "hand1"), ("3♣", "hand1"), ("K♠", "attack")]:
        _click(editor, card, zone)
    _click(editor, "7♥", "discard")
    assert _intent(editor, kind="counter", name="trump", value="♣")
    assert editor.problem is None, editor.problem
    assert editor.position == {
        "hands": ("A♠", "2♣ 3♣"),
        "stock": "",
        "trump": "♣",
        "attack": "K♠",
        "discard": "7♥",
    }
    assert [str(m) for m in editor.state.legal_moves()] == [
        "pick up K♠",
        "kill K♠ with 2♣",
        "kill K♠ with 3♣",
    ]


def test_pazaak_builds_tables_side_hands_and_the_deck() -> None:
    editor = PositionEditor("pazaak", seed=1)
    for card, zone in [("7", "table0"), ("+3", "table0"), ("9", "table1")]:
        _click(editor, card, zone)
    for card, zone in [("+2", "side0"), ("±3", "side1"), ("5", "deck"), ("5", "deck")]:
        _click(editor, card, zone)
    assert _intent(editor, kind="counter", name="to_move", value="1")
    assert _intent(editor, kind="counter", name="sets_won0", value=2)
    assert editor.problem is None, editor.problem
    assert editor.position == {
        "hands": ("+2", "±3"),
        "deck": [5, 5],
        "tables": ([7, "+3"], [9]),
        "to_move": 1,
        "sets_won": (2, 0),
        "seed": 1,
    }
    state = editor.state
    assert state.tables == ((7, 3), (9, 5))  # Player 2's turn began with its draw: the first 5
    assert state.sets_won == (2, 0) and state.to_move == 1


@pytest.mark.parametrize(
    ("locale", "sentence"),
    [
        ("en", "Player 2 is to move but holds no cards"),
        ("de", "Spieler 2 ist am Zug, hat aber keine Karten"),
    ],
)
def test_an_impossible_draft_shows_the_engines_sentence_and_keeps_the_last_position(
    locale: str, sentence: str
) -> None:
    editor = PositionEditor("tablic", seed=0, locale=locale)
    _click(editor, "A♦", "hand0")
    _click(editor, "5♠", "hand1")
    possible = (editor.position, editor.code)
    assert _intent(editor, kind="counter", name="to_move", value="1")
    assert _intent(editor, kind="pick", zone="hand1", card="5♠", index=0)
    assert _intent(editor, kind="remove")
    with pytest.raises(tablic.PositionError) as engine, i18n.using(locale):
        tablic.State.from_position(table="", hands=("A♦", ""), to_move=1, seed=0)
    assert editor.problem == engine.value.text(locale) == sentence
    assert sentence in editor.scene["status"] and not editor.scene["possible"]
    # the draft is kept (one more card makes it possible again) ...
    assert editor.draft.zones["hand1"] == [] and editor.draft.counters["to_move"] == 1
    # ... while the state, the keywords and the code stay on the last possible position
    assert editor.state.to_move == 1 and editor.position["hands"] == ("A♦", "5♠")
    assert (editor.position["to_move"], editor.code) == (1, editor.state.code())
    assert possible[0]["hands"] == editor.position["hands"]
    actions = {a["id"]: a["enabled"] for a in editor.scene["actions"]}
    assert actions["revert"] and not actions["play"]
    with pytest.raises(WidgetError):
        editor.play()
    _click(editor, "9♥", "hand1")
    assert editor.problem is None and editor.position["hands"] == ("A♦", "9♥")


def test_revert_puts_the_draft_back_to_the_last_possible_position() -> None:
    editor = PositionEditor("panjpar")
    _click(editor, "A♠", "hand0")
    _click(editor, "K♠", "attack")  # an attack on a defender without cards
    assert editor.problem is not None and "Player B" in editor.problem
    # the editor names the seats as Panjpar's sentences do
    labels = [z["label"] for z in editor.scene["zones"]]
    assert labels[:2] == ["Hand of Player A", "Hand of Player B"]
    assert [c["label"] for c in editor.scene["counters"][0]["choices"]] == ["Player A", "Player B"]
    assert _intent(editor, kind="action", id="revert")
    assert editor.problem is None and editor.draft.zones["attack"] == []


@pytest.mark.parametrize(
    "content",
    [
        {"type": "intent", "version": 0, "intent": {"kind": "put", "zone": "table"}},  # stale
        {"type": "intent", "version": True, "intent": {"kind": "remove"}},
        {"kind": "pick", "zone": "palette", "card": "Z♠"},
        {"kind": "pick", "zone": "table", "card": "A♣", "index": 5},
        {"kind": "pick", "zone": "table", "card": "A♣", "index": "0"},
        {"kind": "put", "zone": "garden"},
        {"kind": "counter", "name": "to_move", "value": 2},
        {"kind": "counter", "name": "luck", "value": 1},
        {"kind": "counter", "name": "totals0", "value": 10**30},
        {"kind": "action", "id": "format-disk"},
        {"kind": "load", "code": "T nonsense"},
        {"kind": ["pick"]},
        "pick",
    ],
)
def test_stale_and_forged_intents_are_refused_with_a_reason_and_change_nothing(
    content: Any,
) -> None:
    editor = PositionEditor("tablic", seed=0)
    _click(editor, "A♣", "table")
    _click(editor, "A♦", "hand0")
    before = (editor.draft, editor.position, editor.code)
    version = editor.version
    assert not editor.handle_intent(content)
    assert editor.message and editor.message.endswith(
        ("Nothing changed.", "nothing changed.", "Please try again.")
    ), editor.message
    assert (editor.draft, editor.position, editor.code) == before
    assert editor.version == version + 1  # the refusal is shown
    assert editor.scene["message"]["kind"] == "error"


def test_a_stale_click_is_refused_in_german_too() -> None:
    editor = PositionEditor("pazaak", locale="de")
    assert not editor.handle_intent(
        {"type": "intent", "version": editor.version - 1, "intent": {"kind": "remove"}}
    )
    assert editor.message is not None and "nichts wurde geändert" in editor.message


@pytest.mark.parametrize(
    ("game", "module"), [("tablic", tablic), ("panjpar", panjpar), ("pazaak", pazaak)]
)
def test_loading_a_code_round_trips_through_from_position(game: str, module: Any) -> None:
    state = module.new_game(seed=5)
    state = state.play(state.legal_moves()[0])  # mid-deal, mid-set: Pazaak's +1 played
    editor = PositionEditor(game, seed=0)
    assert _intent(editor, kind="load", code=state.code())
    assert editor.problem is None, editor.problem
    assert editor.code == state.code()
    again = module.State.from_position(**editor.position)
    assert again.code() == state.code()
    namespace = {game: module}
    assert eval(editor.call, namespace).code() == state.code()  # the call is our own text
    assert PositionEditor(game, position=state.code()).code == state.code()


@pytest.mark.parametrize(
    ("game", "widget"),
    [("tablic", TablicWidget), ("panjpar", PanjparWidget), ("pazaak", PazaakWidget)],
)
def test_play_opens_the_game_widget_on_the_position(game: str, widget: Any) -> None:
    module = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}[game]
    state = module.new_game(seed=2)
    editor = PositionEditor(game, position=state, locale="de")
    assert _intent(editor, kind="action", id="play")
    opened = editor.game_widget
    assert isinstance(opened, widget) and opened.locale == "de"
    assert opened.line[0].code() == state.code()  # the computer may have replied since
    assert editor.message == "Das Spiel öffnet sich unten, ab dieser Stellung."
    editor.locale = "en"
    assert editor.scene["message"]["text"] == "The game opens below, from this position."


def test_bad_arguments_are_refused_in_words() -> None:
    with pytest.raises(WidgetError, match="knows the games tablic, panjpar, pazaak, not 'chess'"):
        PositionEditor("chess")
    with pytest.raises(WidgetError, match="a position is a position code"):
        PositionEditor("tablic", position=42)
    with pytest.raises(tablic.PositionError):
        PositionEditor("tablic", position={"table": "A♣", "hands": ("A♣", "")})
    editor = PositionEditor("tablic")
    with pytest.raises(BoardError) as refused:
        editor.set("to_move", True)
    assert isinstance(refused.value, ValueError)
    assert editor.message == "To move takes 0, 1, not True. Nothing changed."


def test_every_editor_word_has_a_german_text_in_the_scene() -> None:
    for game in ("tablic", "panjpar", "pazaak"):
        en = PositionEditor(game).scene
        de = PositionEditor(game, locale="de").scene
        assert en["labels"].keys() == de["labels"].keys()
        for key in ("palette", "zones", "counters", "code", "load"):
            assert en["labels"][key] != de["labels"][key]
        assert [z["label"] for z in en["zones"]] != [z["label"] for z in de["zones"]]
        assert en["title"] != de["title"]


@pytest.mark.parametrize(
    ("game", "module"), [("tablic", tablic), ("panjpar", panjpar), ("pazaak", pazaak)]
)
def test_positions_along_random_games_load_and_give_the_same_code(game: str, module: Any) -> None:
    rng = random.Random(7)
    editor = PositionEditor(game, seed=0)
    loaded = 0
    for seed in range(8):
        state = module.new_game(seed=seed)
        for _ in range(120):  # into later deals and sets: piles, totals, used side cards
            if state.is_over:
                break
            if rng.random() < 0.2:
                editor.load(state.code())
                assert editor.problem is None, (state.code(), editor.problem)
                assert editor.code == state.code()
                assert module.State.from_position(**editor.position).code() == state.code()
                loaded += 1
            state = state.play(state.random_move(rng))
    assert loaded > 30


def test_the_front_ends_fixture_scenes_are_what_the_editor_makes_now() -> None:
    for name, text in editor_fixtures.texts().items():
        path = editor_fixtures.HERE / name
        assert path.read_text("utf-8") == text, (
            f"rewrite with uv run python {editor_fixtures.__file__}"
        )


def test_the_reason_follows_the_language_and_clear_empties_the_draft() -> None:
    editor = PositionEditor("tablic", seed=0)
    _click(editor, "A♦", "hand0")
    assert _intent(editor, kind="counter", name="to_move", value="1")
    assert editor.problem == "Player 2 is to move but holds no cards"
    editor.locale = "de"
    assert editor.problem == "Spieler 2 ist am Zug, hat aber keine Karten"
    assert "Spieler 2" in editor.scene["status"]
    assert _intent(editor, kind="action", id="clear")
    assert editor.problem is None
    assert editor.draft == PositionEditor("tablic").board.blank()


def test_a_plus_minus_card_on_a_pazaak_table_counts_the_value_chosen() -> None:
    editor = PositionEditor("pazaak", seed=0)
    _click(editor, "8", "table0")
    _click(editor, "±3", "table0")
    assert editor.draft.zones["table0"] == ["8", "±3=+3"]
    assert _intent(editor, kind="pick", zone="table0", card="±3=+3", index=1)
    actions = {a["id"]: a for a in editor.scene["actions"]}
    assert actions["turn"]["enabled"] and actions["turn"]["label"] == "± Other value"
    assert _intent(editor, kind="action", id="turn")
    assert editor.draft.zones["table0"] == ["8", "±3=-3"]
    assert editor.position["tables"] == ([8, ("±3", -3)], [])
    assert [value for _, value in editor.state.placed[0][:2]] == [8, -3]  # then the draw
    # still chosen: moved to a side hand it is the card alone again
    assert _intent(editor, kind="put", zone="side0")
    assert editor.draft.zones["side0"] == ["±3"] and editor.draft.zones["table0"] == ["8"]
    assert _intent(editor, kind="pick", zone="table0", card="8", index=0)
    assert not _intent(editor, kind="action", id="turn")
    assert editor.message == "8 from the main deck counts only one value here. Nothing changed."


def test_keywords_from_position_does_not_take_are_refused_in_words() -> None:
    with pytest.raises(WidgetError, match="a position is a position code"):
        PositionEditor("pazaak", position={"hands": ("", ""), "deck": [], "colour": "red"})
    with pytest.raises(WidgetError, match="a position is a position code"):
        PositionEditor("tablic", position={"hands": ("A♣", "")})  # no table


def test_the_editors_rules_go_into_the_call() -> None:
    rules = tablic.Rules(target=51)
    editor = PositionEditor("tablic", rules=rules)
    _click(editor, "A♣", "hand0")
    assert editor.call.endswith(", seed=0, rules=tablic.Rules(" + repr(rules)[6:] + ")")
    assert eval(editor.call, {"tablic": tablic}).rules == rules  # the call is our own text


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_random_clicks_never_fail_inside_and_the_state_stays_a_possible_position(
    game: str, caplog: pytest.LogCaptureFixture
) -> None:
    rng = random.Random(game)
    editor = PositionEditor(game, seed=0)
    palette = [p["card"]["id"][2:] for p in editor.scene["palette"]]
    zones = [z.id for z in editor.board.zones]
    counters = editor.board.counters
    done = 0
    for _ in range(300):
        roll = rng.random()
        if roll < 0.35:
            intent: dict[str, Any] = {
                "kind": "pick",
                "zone": "palette",
                "card": rng.choice(palette),
            }
        elif roll < 0.5:
            zone = rng.choice(zones)
            items = editor.draft.zones[zone]
            index = rng.randrange(len(items) + 1)
            card = items[index] if index < len(items) else "A♠"
            intent = {"kind": "pick", "zone": zone, "card": card, "index": index}
        elif roll < 0.8:
            intent = {"kind": "put", "zone": rng.choice(zones)}
        elif roll < 0.9:
            counter = rng.choice(counters)
            values = [v for v, _ in counter.choices("en")] or [0, 1, 2, 7, 150]
            intent = {"kind": "counter", "name": counter.name, "value": rng.choice(values)}
        else:
            intent = {"kind": "action", "id": rng.choice(["remove", "turn", "revert", "clear"])}
        done += editor.handle_intent(
            {"type": "intent", "version": editor.version, "intent": intent}
        )
        again = editor.board.module.State.from_position(**editor.position)
        if again.is_over:  # Panjpar with no cards left: a finished game has no code
            assert editor.code.startswith("(no code: ")
        else:
            assert again.code() == editor.code
    assert "failed" not in caplog.text  # no intent ended in the catch-all
    assert done > 150  # most were carried out: the positions were edited, not only refused
