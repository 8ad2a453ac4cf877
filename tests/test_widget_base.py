"""GameWidget: intents as the browser sends them (handled the way altair tests JupyterChart: the
message handler is called directly), stale and malformed intents, history, options, display."""

from __future__ import annotations

import pickle
import re
from typing import Any

import pytest
import traitlets
from language import assert_german

from cardwidgets import i18n, tablic
from cardwidgets.present.tablic import TablicPresenter
from cardwidgets.widgets import GameWidget, PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import OptionError, RandomOpponent, WidgetError


def lesson(**options: Any) -> TablicWidget:
    """Table 3♠ 5♥ 7♣; seat 0 holds 8♦ 7♦ 2♣, seat 1 holds 9♥ 4♣ K♦ (a T-S14 position)."""
    state = tablic.State.from_position(
        table="3♠ 5♥ 7♣", hands=("8♦ 7♦ 2♣", "9♥ 4♣ K♦"), stock=(), seed=5
    )
    options.setdefault("opponent", RandomOpponent(1))
    return TablicWidget(state=state, **options)


def send(w: GameWidget, intent: Any, version: int | None = None) -> None:
    """What the browser does: a custom message on the widget's comm."""
    v = w.version if version is None else version
    w._handle_custom_msg({"type": "intent", "version": v, "intent": intent}, [])


def test_a_browser_click_selects_and_the_version_grows() -> None:
    w = lesson()
    before = w.version
    send(w, {"kind": "card", "zone": "hand", "card": "8♦"})
    assert w.version == before + 1 == w.scene["version"]
    assert w.selected is not None and w.selected.text == "8♦"
    assert w.message is None


def test_a_stale_intent_is_refused_with_a_message_and_nothing_changes() -> None:
    w = lesson()
    old = w.version
    send(w, {"kind": "card", "zone": "hand", "card": "8♦"})
    state = w.state
    send(w, {"kind": "action", "id": "play"}, version=old)
    assert w.state is state
    assert w.message is not None and "older picture" in w.message
    assert w.scene["message"] == {"kind": "error", "text": w.message}
    assert w.selected is not None  # the half-made move survives


@pytest.mark.parametrize(
    "content",
    [
        None,
        "play",
        [1, 2],
        {"type": "intent"},
        {"type": "intent", "version": True, "intent": {"kind": "action", "id": "back"}},
        {"type": "intent", "version": "1", "intent": {"kind": "action", "id": "back"}},
        {"type": "click", "version": 1, "intent": {}},
        {"type": "intent", "version": 0, "intent": "back"},
        {"kind": "teleport"},
        {"kind": "card", "zone": "hand"},
        {"kind": "card", "zone": "hand", "card": 8},
        {"kind": "card", "zone": "hand", "card": "9♥"},  # the opponent's card: never offered
        {"kind": "card", "zone": "table", "card": "3♠"},  # nothing selected: not selectable
        {"kind": "card", "zone": "opponent-hand", "card": "hidden-1-0"},
        {"kind": "option", "index": 0},  # no option offered yet
        {"kind": "option", "index": True},
        {"kind": "action", "id": "play"},  # disabled: nothing selected
        {"kind": "action", "id": "forward"},  # disabled: at the end
        {"kind": "action", "id": "rm -rf"},
        {"kind": "action"},
    ],
)
def test_malformed_or_unoffered_intents_are_refused_without_an_exception(content: Any) -> None:
    w = lesson()
    state, version = w.state, w.version
    if isinstance(content, dict) and content.get("type") == "intent" and "version" not in content:
        content = {**content}
    assert w.handle_intent(content) is False
    assert w.state is state
    assert w.message is not None
    assert w.version == version + 1  # the refusal is shown


def test_the_message_is_in_the_widget_locale() -> None:
    w = lesson(locale="de")
    w.handle_intent({"type": "intent", "version": -1, "intent": {"kind": "action", "id": "x"}})
    assert w.message is not None and w.message.startswith("Dieser Klick")


def test_an_internal_error_is_shown_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    w = lesson()

    def broken(action: str) -> None:
        raise RuntimeError("boom")

    monkeypatch.setattr(w, "do", broken)
    assert w.handle_intent({"kind": "action", "id": "new"}) is False
    assert w.message is not None and w.message.startswith("Something went wrong inside the widget")
    assert "boom" not in w.message  # the details go to the kernel's log, not to the learner


def test_history_navigation_and_playing_on_as_a_new_branch() -> None:
    w = lesson()
    w.play("8♦ x 3♠ 5♥")  # the opponent replies
    assert w.state.ply == 2 and w.cursor == 2
    enabled = {a["id"]: a["enabled"] for a in w.scene["actions"]}
    assert enabled["back"] and enabled["start"] and not enabled["forward"]
    w.back()
    assert w.cursor == 1 and "move 1 of 2" in w.scene["status"]
    w.start()
    assert w.cursor == 0 and w.state.ply == 0
    w.forward()
    w.end()
    assert w.cursor == 2
    w.start()
    first_line_end = w.line[-1]
    w.play("7♦ x 7♣")  # a different first move: a new branch
    assert w.branches == (first_line_end,)
    assert str(w.line[1].last_move) == "7♦ x 7♣"
    assert w.state.ply == 2


def test_navigation_intents_go_through_the_same_checks() -> None:
    w = lesson()
    w.play("8♦ x 3♠ 5♥")
    send(w, {"kind": "action", "id": "back"})
    send(w, {"kind": "action", "id": "start"})
    assert w.cursor == 0
    send(w, {"kind": "action", "id": "end"})
    assert w.cursor == 2


def test_opponent_replies_and_a_wrong_opponent_is_reported() -> None:
    class Stubborn:
        def choose(self, state: Any) -> str:
            return "A♠"  # not in its hand

    w = lesson()
    w.play("2♣")
    assert w.state.to_move == 0 and w.state.ply == 2
    stubborn = lesson(opponent=Stubborn())
    with pytest.raises(WidgetError):
        stubborn.play("2♣")
    assert stubborn.state.ply == 0  # all or nothing
    assert stubborn.message is not None and "The opponent chose A♠" in stubborn.message
    with pytest.raises(WidgetError, match="choose"):
        lesson(opponent=object())
    with pytest.raises(WidgetError, match="no computer player called"):
        lesson(opponent="grandmaster")


def test_hot_seat_follows_the_player_to_move() -> None:
    w = lesson(opponent="human")
    assert w.viewer == 0
    w.play("2♣")
    assert w.viewer == 1 and w.state.ply == 1
    hand = [c["id"] for c in w.zone("hand")["cards"]]
    assert sorted(hand) == sorted(["9♥", "4♣", "K♦"])
    assert all(c["kind"] == "back" for c in w.zone("opponent-hand")["cards"])


def test_options_change_the_scene_and_are_validated() -> None:
    w = lesson()
    w.four_color = True
    assert w.scene["four_color"] is True
    w.locale = "de"
    assert w.scene["title"] == "Tablić" and w.scene["labels"]["log"] == "Züge"
    assert w.scene["score"]["rows"][-1]["label"] == "Gesamt"
    assert any(a["label"] == "◀ Zurück" for a in w.scene["actions"])
    w.theme = "dark"
    assert w.scene["theme"] == "dark"
    with pytest.raises(traitlets.TraitError):
        w.locale = "fr"
    with pytest.raises(traitlets.TraitError):
        w.theme = "sepia"
    w.size = "large"
    assert w.scene["size"] == "large"
    with pytest.raises(traitlets.TraitError):
        w.size = "huge"
    w.legend = False
    assert w.scene["legend"] == []
    with pytest.raises(traitlets.TraitError, match="seat kann nicht 2 sein"):  # w speaks German
        w.seat = 2


BAD_OPTIONS = [
    ("theme", "neon"),
    ("size", "huge"),
    ("size", ["large"]),
    ("seat", 2),
    ("seat", True),
    ("seat", "1"),
    ("four_color", "yes"),
    ("legend", "no"),
    ("open_hands", None),
    ("hints", 2),
]


@pytest.mark.parametrize(("name", "value"), BAD_OPTIONS)
def test_a_bad_option_is_refused_in_the_widget_language_when_made(name: str, value: Any) -> None:
    with pytest.raises(OptionError) as refused:
        lesson(locale="de", **{name: value})  # the locale comes after seat: still German
    assert isinstance(refused.value, ValueError)  # the project's refusal …
    assert isinstance(refused.value, traitlets.TraitError)  # … which traitlets rolls back on
    assert str(refused.value).startswith(f"Die Einstellung {name} kann nicht ")
    assert_german(str(refused.value), name)


@pytest.mark.parametrize(("name", "value"), BAD_OPTIONS)
def test_a_bad_option_set_later_is_refused_in_the_widget_language_and_kept(
    name: str, value: Any
) -> None:
    w = lesson(locale="de")
    before, version = getattr(w, name), w.version
    with pytest.raises(OptionError) as refused:
        setattr(w, name, value)
    assert getattr(w, name) == before and w.version == version
    assert str(refused.value).startswith(f"Die Einstellung {name} kann nicht ")
    w.locale = "en"
    with pytest.raises(ValueError, match=f"The option {name} cannot be "):
        setattr(w, name, value)


def test_a_bad_locale_is_refused_in_the_default_language_or_the_widget_one() -> None:
    with pytest.raises(OptionError, match="The option locale cannot be 'xx'; it takes en, de, hr"):
        lesson(locale="xx")
    with i18n.using("de"), pytest.raises(OptionError) as refused:
        lesson(locale="xx")
    assert (
        str(refused.value)
        == "Die Einstellung locale kann nicht 'xx' sein; möglich sind en, de, hr."
    )
    w = lesson(locale="de")
    with pytest.raises(OptionError, match=r"^Die Einstellung locale kann nicht 'fr' sein"):
        w.locale = "fr"
    assert w.locale == "de"


def test_a_bad_odds_switch_is_refused_in_the_pazaak_widget_language() -> None:
    with pytest.raises(OptionError, match=r"^Die Einstellung odds kann nicht 'yes' sein"):
        PazaakWidget(seed=1, locale="de", odds="yes")
    w = PazaakWidget(seed=1, locale="de", odds=False)
    with pytest.raises(OptionError, match=r"^Die Einstellung odds kann nicht 'maybe' sein"):
        w.odds = "maybe"
    assert w.odds is False


def test_an_option_refusal_pickles_with_its_language() -> None:
    with pytest.raises(OptionError) as refused:
        lesson(locale="de", theme="neon")
    again = pickle.loads(pickle.dumps(refused.value))
    assert type(again) is OptionError and str(again) == str(refused.value)


def test_the_front_end_cannot_open_hands_or_change_the_seat_or_scene() -> None:
    w = lesson()
    scene = w.scene
    w.set_state({"open_hands": True, "seat": 1, "scene": {}, "version": 99, "locale": "de"})
    assert (w.open_hands, w.seat, w.locale) == (False, 0, "de")
    assert w.zone("opponent-hand")["cards"][0]["kind"] == "back"
    assert w.version != 99 and w.scene is not scene


def test_repr_is_deterministic_and_has_no_address_or_model_id() -> None:
    a, b = lesson(), lesson()
    assert repr(a) == repr(b) == "TablicWidget(seat=0, deal 1, move 0, your turn)"
    assert a.model_id not in repr(a)
    assert not re.search(r"0x[0-9a-f]{6,}", repr(a))


def test_mimebundle_has_the_live_view_and_the_static_picture() -> None:
    w = lesson()
    data, _metadata = w._repr_mimebundle_()
    assert data["text/plain"] == repr(w)
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    html = data["text/html"]
    assert 'data-game="tablic"' in html and 'data-card="8♦"' in html
    assert "<script" not in html


def test_the_still_picture_says_it_is_a_picture_in_the_widgets_language() -> None:
    # Docs pages and exports show the text/html picture, where "click a hand card" does nothing
    #: the caption says so, after the picture (outside .cw-root), in the widget's
    # language, also after the language changes.
    w = lesson()
    html = w._repr_mimebundle_()[0]["text/html"]
    note = "A still picture, not a game: run the cell in Jupyter to play."
    assert html.endswith(f'<p class="cw-still-note"><em>{note}</em></p>')
    assert html.count("cw-still-note") == 1
    w.locale = "de"
    html = w._repr_mimebundle_()[0]["text/html"]
    assert "Ein Standbild, kein Spiel: Führe die Zelle in Jupyter aus, um zu spielen." in html
    assert note not in html


def test_the_bundle_and_stylesheet_are_wired() -> None:
    w = lesson()
    state = w.get_state()
    assert ".cw-root" in state["_css"]
    assert "export" in state["_esm"] or "cardwidgets" in state["_esm"]


def test_the_log_says_each_move_once_and_again_only_when_the_language_or_seats_change(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    w = lesson()
    w.play("8♦ x 3♠ 5♥")  # the computer replies: two moves in the log
    said: list[object] = []
    original = TablicPresenter.say  # the presenter says a move; the widget remembers it
    monkeypatch.setattr(TablicPresenter, "say", lambda self, s: said.append(s) or original(self, s))
    english = w.scene["log"]
    w.select("7♦")
    w.clear_selection()
    assert w.scene["log"] == english and said == []  # two updates, no sentence made again
    w.locale = "de"
    assert len(said) == 2 and w.scene["log"] != english
    assert "Du" in " ".join(w.scene["log"]) or "du" in " ".join(w.scene["log"])
    w.opponent = None  # hot-seat: the players are named, not "you"
    w.refresh()
    assert len(said) == 4 and w.scene["log"][0].startswith("Spieler 1")


@pytest.mark.parametrize("make", [TablicWidget, PanjparWidget, PazaakWidget])
def test_a_hint_on_show_follows_the_new_language(make: Any) -> None:
    # The hint was set as a finished English sentence: switched to German, the line kept
    # "Hint: Lay 3♣ ..." inside a German widget (seen in the stage screenshots).
    w = make(seed=1)
    w.hint()
    english = w.message
    assert english.startswith("Hint")
    w.locale = "de"
    assert w.message != english and w.message.startswith("Tipp")
    assert_german(w.message)
    w.locale = "en"
    assert w.message == english


def test_the_widget_plays_through_its_table() -> None:
    from cardwidgets import Table

    w = TablicWidget(seed=1, pace=0)
    assert isinstance(w.table, Table) and w.table.players[1] is not None  # greedy by default
    w.play("A♣ x 4♥ 7♦")
    assert (w.line, w.cursor, w.branches) == (w.table.line, w.table.cursor, w.table.branches)
    w.goto(1)
    assert w.table.cursor == 1 and w.table.state is w.state
    w.seat = 1
    assert w.table.seat == 1


def test_a_summary_reached_again_on_a_new_line_is_shown_again() -> None:
    # The end of a set continued past on one line is a pause again on a new line that reaches
    # it: the learner has not seen that summary there (the Table forgets the continued pauses
    # after the position a new line starts from).
    w = PazaakWidget(seed=5, pace=0)
    learner = RandomOpponent("learner")
    while not w.paused:
        w.play(learner.choose(w.state))
    ended = w.ply
    w.next()
    back = max(i for i, s in enumerate(w.line[:-1]) if s.ply < ended and s.to_move == w.seat)
    move = w.line[back + 1].last_move
    w.goto(w.line[back].ply)
    w.play(move)
    assert w.paused and w.ply == ended
