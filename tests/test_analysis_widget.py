"""The analysis switch and the puzzle mode of the widgets (the widget side).

The switch: off by default, a teacher hides it, values on hand cards, options and buttons equal
to ``analyse``, the verdict on the learner's move, the history, the cache, the worker thread,
both languages, hidden-card twins through the scene. Puzzles: right, wrong, score, next, by
clicks, records, bad input.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import time
from typing import Any

import pytest
from twins import pazaak_opening, tablic_mid_deal

from cardwidgets import analysis, i18n, pazaak, tablic
from cardwidgets.analysis import Puzzle
from cardwidgets.widgets import PazaakWidget, TablicWidget, puzzle_widget
from cardwidgets.widgets import analysis as switch
from cardwidgets.widgets.base import OptionError, WidgetError
from cardwidgets.widgets.puzzles import PazaakPuzzles, TablicPuzzles


def _last_round() -> tablic.State:
    # Tablić's last round, two cards each: exact (every card is known by counting).
    return tablic.State.from_position(
        table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1
    )


def _pazaak_standing() -> pazaak.State:
    # The computer stands on 19; the learner has 19 and a ±2 to sign: exact.
    return pazaak.State.from_position(
        hands=["+1 ±2", ""], deck=[5], tables=([10], [10, 9]), standing=(False, True), seed=1
    )


def _panel(w: Any) -> dict[str, Any]:
    shown: dict[str, Any] = w.scene["analysis"]
    assert shown is not None
    return shown


def _button(w: Any, name: str) -> dict[str, Any] | None:
    return next((a for a in w.scene["actions"] if a["id"] == name), None)


# -- the switch ------------------------------------------------------------------------------
def test_the_switch_is_off_by_default_and_its_button_turns_it_on_and_off() -> None:
    w = TablicWidget(state=_last_round())
    assert w.analysis is False and w.scene["analysis"] is None
    assert _button(w, "analysis") == {
        "id": "analysis", "label": "Analysis", "enabled": True, "primary": False,
        "pressed": False,
    }  # fmt: skip
    assert w.handle_intent({"kind": "action", "id": "analysis"})
    assert w.analysis is True and _button(w, "analysis")["pressed"] is True  # type: ignore[index]
    assert _panel(w)["values"]
    assert w.handle_intent({"kind": "action", "id": "analysis"})
    assert w.analysis is False and w.scene["analysis"] is None


def test_a_teacher_hides_the_switch_and_it_cannot_be_turned_on() -> None:
    w = TablicWidget(state=_last_round(), analysis_allowed=False, locale="de")
    assert _button(w, "analysis") is None and w.scene["analysis"] is None
    assert not w.handle_intent({"kind": "action", "id": "analysis"})  # a forged click
    assert w.analysis is False and w.message is not None
    with pytest.raises(OptionError) as refused:
        w.analysis = True
    assert "ausgeschaltet" in str(refused.value) and w.analysis is False
    on = TablicWidget(state=_last_round(), analysis=True)
    on.analysis_allowed = False  # the teacher turns it off: the switch goes off too
    assert on.analysis is False and on.scene["analysis"] is None
    with pytest.raises(OptionError):
        TablicWidget(state=_last_round(), analysis=True, analysis_allowed=False)


def test_the_switch_takes_a_bool_only() -> None:
    w = TablicWidget(state=_last_round())
    with pytest.raises(OptionError):
        w.analysis = "yes"  # type: ignore[assignment]
    assert w.analysis is False


def test_the_browser_cannot_turn_on_the_switch_by_a_state_update() -> None:
    w = TablicWidget(state=_last_round())
    w.set_state({"analysis": True, "analysis_allowed": True})
    assert w.analysis is False and w.scene["analysis"] is None


def test_watching_computer_players_offers_no_switch() -> None:
    w = TablicWidget(seed=1, players=("greedy", "random"))
    assert _button(w, "analysis") is None


# -- values -----------------------------------------------------------------------------------
def test_hand_card_values_are_the_best_value_of_each_cards_moves_as_analyse_gives() -> None:
    w = TablicWidget(state=_last_round(), analysis=True)
    found = analysis.analyse(_last_round())
    for card in ("8♣", "10♦"):
        best = max(e.value for e in found if e.move is not None and e.move.card.text == card)
        assert _panel(w)["values"][f"hand:{card}"] == switch.value_text("tablic", best, "en")
    assert _panel(w)["best"] == [f"hand:{found.best.move.card.text}"]  # type: ignore[union-attr]
    assert _panel(w)["text"] == (
        f"Best: Play 8♣ and capture 3♠ 5♥ (+6); {found.best.reason('en')}."
    )


def test_tablic_option_and_trail_values_match_analyse() -> None:
    w = TablicWidget(state=_last_round(), analysis=True)
    by_move = {str(e.move): e.value for e in analysis.analyse(_last_round())}
    w.select("8♣")
    values = _panel(w)["values"]
    assert w.scene["options"], "the capture is suggested"
    for option in w.scene["options"]:
        move = tablic.Move(w.selected, w.suggestions[option["index"]])  # type: ignore[arg-type]
        assert values[f"option:{option['index']}"] == switch.value_text(
            "tablic", by_move[str(move)], "en"
        )
    assert values["action:trail"] == switch.value_text("tablic", by_move["8♣"], "en")


def test_pazaak_sign_options_and_turn_buttons_carry_their_values() -> None:
    w = PazaakWidget(state=_pazaak_standing(), analysis=True, locale="de")
    by_move = {str(e.move): e.value for e in analysis.analyse(_pazaak_standing())}
    w.select("±2")
    values = _panel(w)["values"]
    assert values["option:0"] == switch.value_text("pazaak", by_move["play ±2 as +2"], "de")
    assert values["option:1"] == switch.value_text("pazaak", by_move["play ±2 as -2"], "de")
    assert values["action:end-turn"] == switch.value_text("pazaak", by_move["end"], "de")
    assert values["action:stand"] == switch.value_text("pazaak", by_move["stand"], "de")
    assert values["action:end-turn"].endswith(" %")  # German: a space before the sign
    assert _panel(w)["best"] == ["action:end-turn"]
    assert _panel(w)["title"] == "Analyse" and "exakt" in _panel(w)["text"]


def test_value_numbers_follow_the_language() -> None:
    assert switch.value_text("tablic", 2.5, "de") == "+2,5"
    assert switch.value_text("tablic", -0.5, "en") == "−0.5"
    assert switch.value_text("panjpar", 0.5, "en") == "50%"
    assert switch.amount_text("tablic", 0.8, "de") == "0,8 Punkte"
    assert switch.amount_text("tablic", 1.0, "en") == "1 point"


# -- the verdict and the history ---------------------------------------------------------------
def test_a_weaker_move_is_said_to_lose_points_against_the_best_in_both_languages() -> None:
    w = TablicWidget(state=_last_round(), analysis=True)
    w.play("10♦")  # laid on the table: the capture 8♣ x 3♠ 5♥ was 12 points better
    assert _panel(w)["text"].startswith(
        "Your move lost 12 points against the best (exact). Played: Lay 10♦ on the table "
        "(−6); best: Play 8♣ and capture 3♠ 5♥ (+6)."
    )  # the learner's own move's value too, not only the best one's
    w.locale = "de"
    assert _panel(w)["text"].startswith(
        "Dein Zug verlor 12 Punkte gegenüber dem besten (exakt). Gespielt: Lege 10♦ auf den Tisch "
        "(−6);"
    )


def test_the_best_move_is_said_to_be_the_best() -> None:
    w = TablicWidget(state=_last_round(), analysis=True)
    w.play("8♣ x 3♠ 5♥")
    assert _panel(w)["text"].startswith(
        "Your move was the best (exact): Play 8♣ and capture 3♠ 5♥ (+6)."
    )


def test_history_shows_earlier_values_and_the_move_played_there_from_the_cache(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[int] = []
    real = switch.analyse

    def counted(state: Any, **options: Any) -> Any:
        calls.append(state.ply)
        return real(state, **options)

    monkeypatch.setattr(switch, "analyse", counted)
    w = TablicWidget(state=_last_round(), analysis=True)
    w.play("10♦")
    assert calls == [0, 2]  # the start, then the learner's next turn (ply 1 is the computer's)
    w.goto(1)  # the computer's move: nothing of the computer's is valued
    assert _panel(w)["values"] == {}
    assert _panel(w)["text"].startswith("Your move lost 12 points")
    w.goto(0)
    assert set(_panel(w)["values"]) == {"hand:8♣", "hand:10♦"}
    assert "The move played here lost 12 points against the best (exact)." in _panel(w)["text"]
    w.end()
    w.goto(0)
    assert calls == [0, 2]  # the second visit comes from the cache


def test_the_analysed_method_refuses_the_computers_positions() -> None:
    w = TablicWidget(state=_last_round())
    w.play("10♦")
    with pytest.raises(WidgetError) as refused:
        w.analysed(w.line[1])  # the computer is to move there
    assert "seat 1" in refused.value.text("en") and "Platz 1" in refused.value.text("de")
    assert str(w.analysed(w.line[0]).best.move) == "8♣ x 3♠ 5♥"


def test_after_a_click_in_a_kernel_the_analysis_runs_in_a_worker_and_says_thinking() -> None:
    async def scenario() -> tuple[str, str, dict[str, str]]:
        w = TablicWidget(state=_last_round())
        click = {
            "type": "intent",
            "version": w.version,
            "intent": {"kind": "action", "id": "analysis"},
        }
        w._on_custom_msg(w, click, [])  # the Analysis button, as the page sends it
        first = _panel(w)["text"]
        for _ in range(200):
            if not w.thinking:
                break
            await asyncio.sleep(0.02)
        await asyncio.sleep(0.01)  # the done-callback runs on the loop
        return first, _panel(w)["text"], _panel(w)["values"]

    # A fresh thread: no event loop is running there whatever the main thread has.
    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        first, later, values = pool.submit(asyncio.run, scenario()).result()
    assert first.startswith("Thinking")
    assert later.startswith("Best: Play 8♣ and capture") and values["hand:8♣"] == "+6"


def test_a_python_call_in_a_kernel_waits_for_the_analysis() -> None:
    # A notebook cell's output must not depend on a worker's timing.
    async def scenario() -> dict[str, str]:
        return _panel(TablicWidget(state=_last_round(), analysis=True))["values"]

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        assert pool.submit(asyncio.run, scenario()).result()["hand:8♣"] == "+6"


# -- hidden cards ------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("twins", "widget"), [(tablic_mid_deal, TablicWidget), (pazaak_opening, PazaakWidget)]
)
def test_hidden_card_twins_get_the_same_analysis_panel_in_the_scene(
    twins: Any, widget: Any
) -> None:
    one, two = twins()
    assert one.view(0) == two.view(0) and one.hands != two.hands
    first = widget(state=one, analysis=True, hints=False)
    second = widget(state=two, analysis=True, hints=False)
    assert _panel(first) == _panel(second)
    assert _panel(first)["values"]  # something is valued: the test is not vacuous


# -- puzzles -----------------------------------------------------------------------------------
def _puzzle(answer: str = "8♣ x 3♠ 5♥", tempting: str = "10♦") -> Puzzle:
    start = _last_round()
    return Puzzle("tablic", start.to_record(), 0, 0, start.code(0), "exact", answer, tempting,
                  6.0, -6.0)  # fmt: skip


def test_a_puzzle_answered_right_scores_and_explains() -> None:
    w = puzzle_widget("tablic", puzzles=[_puzzle(), _puzzle()])
    assert isinstance(w, TablicPuzzles)
    assert _panel(w) == {
        "title": "Puzzle 1 of 2",
        "text": "Find the capture that wins the most points.",
        "values": {},
        "best": [],
    }
    assert w.scene["banner"]["text"] == "Find the capture that wins the most points."  # type: ignore[index]
    assert _button(w, "hint") is None and _button(w, "new") is None
    assert _button(w, "analysis") is None  # it would give the answer away
    w.play("8♣ x 3♠ 5♥")
    assert w.score == (1, 1) and w.ply == 1  # played, and the computer does not reply
    assert _panel(w)["title"] == "Puzzle 1 of 2: 1 of 1 right"
    assert _panel(w)["text"] == (
        "Right! Best: Play 8♣ and capture 3♠ 5♥ (+6). Tempting but weaker: Lay 10♦ on the table "
        "(−6). Exact: every card is known by counting."
    )
    assert w.scene["banner"] == {
        "seat": None, "text": "Puzzle answered: press Next puzzle", "tone": "pause"
    }  # fmt: skip
    assert _button(w, "puzzle-next")["enabled"] is True  # type: ignore[index]
    assert _button(w, "analysis") is not None  # answered: the switch may show why


def test_a_puzzle_whose_answer_is_a_lay_asks_for_the_best_balance_not_the_most_points() -> None:
    # A lay never wins a point: "the move that wins the most points" answered by "Lay 10♦
    # (−6)" was a contradiction; the question says the value may be below zero.
    lay = _puzzle(answer="10♦", tempting="8♣ x 3♠ 5♥")
    w = puzzle_widget("tablic", puzzles=[lay], locale="de")
    assert _panel(w) == {
        "title": "Rätsel 1 von 1",
        "text": "Finde den besten Zug: deine Punkte abzüglich der des anderen, so viel wie "
        "möglich (es kann unter null sein).",
        "values": {},
        "best": [],
    }
    w.locale = "en"
    assert _panel(w)["text"] == (
        "Find the best move: your points minus the other player's, the most you can get (it "
        "may be below zero)."
    )


def test_a_wrong_answer_is_explained_scored_and_the_set_ends() -> None:
    w = puzzle_widget("tablic", puzzles=[_puzzle(), _puzzle()], locale="de")
    w.play("8♣ x 3♠ 5♥")
    w.next_puzzle()
    assert w.ply == 0 and _panel(w)["title"] == "Rätsel 2 von 2: 1 von 1 richtig"
    assert _panel(w)["text"] == "Finde den Stich, der die meisten Punkte bringt."
    w.play("10♦")
    assert w.score == (1, 2)
    assert _panel(w)["text"].startswith("Nicht der beste Zug. Gespielt: Lege 10♦ auf den Tisch.")
    assert _panel(w)["text"].endswith("Alle Rätsel gelöst: 1 von 2 richtig.")
    assert w.scene["banner"]["text"] == "Alle Rätsel gelöst: 1 von 2 richtig"  # type: ignore[index]
    assert _button(w, "puzzle-next")["enabled"] is False  # type: ignore[index]
    with pytest.raises(WidgetError) as refused:
        w.next_puzzle()
    assert "kein nächstes Rätsel" in str(refused.value.text("de"))


def test_a_puzzle_is_answered_once_and_must_be_answered_before_the_next() -> None:
    w = puzzle_widget("tablic", puzzles=[_puzzle(), _puzzle()])
    with pytest.raises(WidgetError):
        w.next_puzzle()
    with pytest.raises(tablic.IllegalMove):
        w.play("8♣ x 3♠")  # the rules refuse it: not scored
    assert w.score == (0, 0)
    w.play("10♦")
    w.back()
    with pytest.raises(WidgetError) as refused:
        w.play("8♣ x 3♠ 5♥")  # a second try from the history
    assert "answered" in refused.value.text("en") and w.score == (0, 1)


def test_a_puzzle_is_solved_by_clicks_as_the_browser_sends_them() -> None:
    w = puzzle_widget("tablic", puzzles=[_puzzle()])
    assert w.handle_intent({"kind": "card", "zone": "hand", "card": "8♣"})
    assert w.scene["options"] and w.handle_intent({"kind": "option", "index": 0})
    assert w.handle_intent({"kind": "action", "id": "play"})
    assert w.score == (1, 1)


def test_found_puzzles_are_posed_and_their_records_set_up_the_same_puzzles() -> None:
    w = puzzle_widget("pazaak", 1, seed=0)
    assert isinstance(w, PazaakPuzzles) and len(w.puzzles) == 1
    puzzle = w.puzzle
    assert w.seat == puzzle.seat and w.state.to_record() == puzzle.position().to_record()
    assert _panel(w)["text"] in {
        "Stand or draw? Find the best move.", "Which side card, if any? Find the best move."
    }  # fmt: skip
    again = puzzle_widget("pazaak", puzzles=analysis.to_records(list(w.puzzles)))
    assert again.puzzle == puzzle
    again.play(puzzle.answer)
    assert again.score == (1, 1) and _panel(again)["text"].startswith("Right!")


@pytest.mark.parametrize(
    ("game", "puzzles", "words"),
    [
        ("chess", None, "no game 'chess'"),
        ("tablic", "8♣", "must be a list"),
        ("tablic", [], "must be a list"),
        ("tablic", [{"game": "tablic"}], "must be a list"),
        ("tablic", [_puzzle(answer="Q♠")], "must be a list"),  # not a move there
        ("pazaak", [_puzzle()], "must be a list"),  # a Tablić puzzle
    ],
)
def test_bad_puzzle_input_is_refused_with_a_reason(game: str, puzzles: Any, words: str) -> None:
    with pytest.raises(WidgetError) as refused:
        puzzle_widget(game, puzzles=puzzles)
    assert words in refused.value.text("en")
    german = refused.value.text("de")
    assert german != refused.value.text("en") and i18n.has(refused.value.key)


def test_puzzle_search_time_is_what_the_tutorial_can_afford() -> None:
    started = time.perf_counter()
    w = puzzle_widget("tablic", 1, seed=0)
    assert time.perf_counter() - started < 20 and len(w.puzzles) == 1


def test_after_a_puzzle_answer_the_status_line_says_what_the_banner_says() -> None:
    w = puzzle_widget("tablic", puzzles=[_puzzle(), _puzzle()])
    assert "Puzzle" not in w.scene["status"]  # asked: the game's status
    w.play("8♣ x 3♠ 5♥")  # the computer (Player 2) would be to move, but it does not answer
    assert w.scene["status"] == w.scene["banner"]["text"] == "Puzzle answered: press Next puzzle"  # type: ignore[index]
    w.back()  # the history: the position before the answer, as the game says it
    assert w.scene["status"] != w.scene["banner"]["text"]  # type: ignore[index]
    w.forward()
    w.locale = "de"
    assert w.scene["status"] == "Rätsel beantwortet: weiter mit „Nächstes Rätsel“"
    w.next_puzzle()  # asked again: the game's status (whose turn, what to select)
    assert "Rätsel" not in w.scene["status"]
    w.play("10♦")
    assert w.scene["status"] == w.scene["banner"]["text"] == "Alle Rätsel gelöst: 1 von 2 richtig"  # type: ignore[index]


def _notes_in(page: str) -> dict[str, str]:
    """The value notes of a static picture, keyed as the scene keys them (zone:card,
    option:i, action:id), with whether each is marked best."""
    from html.parser import HTMLParser

    found: dict[str, str] = {}

    class Notes(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.zone = ""
            self.hosts: list[str] = []  # the key of each open element that may hold a note
            self.note: str | None = None

        def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
            a = dict(attrs)
            if a.get("data-zone") and tag == "section":
                self.zone = str(a["data-zone"])
            key = ""
            if a.get("data-card") is not None and tag == "span":
                key = f"{self.zone}:{a['data-card']}"
            elif a.get("data-option") is not None:
                key = f"option:{a['data-option']}"
            elif a.get("data-action") is not None:
                key = f"action:{a['data-action']}"
            self.hosts.append(key or (self.hosts[-1] if self.hosts else ""))
            if a.get("class") == "cw-value":
                best = "*" if a.get("data-best") == "true" else ""
                self.note = best + self.hosts[-2]

        def handle_endtag(self, tag: str) -> None:
            if self.hosts:
                self.hosts.pop()

        def handle_data(self, data: str) -> None:
            if self.note is not None:
                found[self.note] = data
                self.note = None

    Notes().feed(page)
    return found


@pytest.mark.parametrize("locale", ["en", "de"])
def test_the_static_picture_shows_the_panel_and_the_value_notes(locale: str) -> None:
    from cardwidgets import scene

    w = TablicWidget(state=_last_round(), analysis=True, locale=locale)
    w.select("8♣")  # its options carry their values too
    panel = _panel(w)
    page = scene.to_html(w.scene, css=False)  # type: ignore[arg-type]
    title = "Analysis" if locale == "en" else "Analyse"
    assert f'<section class="cw-analysis" aria-label="{title}">' in page
    expected = {
        ("*" if key in panel["best"] else "") + key: v for key, v in panel["values"].items()
    }
    assert any(key.startswith("option:") for key in panel["values"])
    assert _notes_in(page) == expected and expected
    # the computer's hand stays hidden: notes only on the learner's cards and controls
    assert all(key.lstrip("*").split(":")[0] in {"hand", "option", "action"} for key in expected)
    assert "5♦" not in page and "3♣" not in page


def test_a_static_picture_without_the_switch_has_no_value_notes() -> None:
    from cardwidgets import scene

    page = scene.to_html(TablicWidget(state=_last_round()).scene, css=False)  # type: ignore[arg-type]
    assert "cw-value" not in page and "cw-analysis" not in page
