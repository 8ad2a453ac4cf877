"""Narration: what the widgets' live lines say, in the widget's language.

``scene["announce"]`` (polite) says each move, the learner's and the computer's, with the end of
a deal, a set or the game; after a pause it says whose turn it is. ``scene["message"]``
(assertive) says why something was refused. Both follow a change of language. The browser test
``tests/browser/test_browser_a11y.py`` reads the same sentences from the page.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
from language import assert_german

from cardwidgets.widgets.base import GameWidget

sys.path.insert(0, str(Path(__file__).parent / "browser"))
import a11y_states

GAMES = a11y_states.available()


def first_move(w: GameWidget) -> None:
    w.play(w.state.legal_moves()[0])


def said(w: GameWidget) -> str:
    assert w.scene["announce"] == w.announcement
    return w.announcement


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["en", "de"])
def test_every_move_is_said_the_learners_and_the_computers(game: str, locale: str) -> None:
    """Each move of a sequence: the live line is exactly the log's new sentences (the learner's
    move, then the computer's replies), in the widget's language."""
    w = a11y_states.widget(game, locale=locale)
    for _ in range(12):
        if w.state.is_over:
            break
        if w.paused:
            w.next()
            continue
        before = len(w.moves_log)
        first_move(w)
        new = w.moves_log[before:]
        assert new
        if w.paused and game == "pazaak":
            # A set's summary tells the set alone: the log goes on to set 2's starter and first
            # draw, the live line stops where the set ended.
            assert said(w) and " ".join(new).startswith(said(w)), (said(w), new)
        else:
            assert said(w) == " ".join(new)
        if w.opponent is not None and len(new) > 1:
            assert w.mover_is_learner(w.line[before + 1])
        if locale == "de":
            assert_german(said(w))


def test_the_end_of_a_deal_is_said_then_whose_turn_it_is() -> None:
    w = a11y_states.widget("tablic")
    a11y_states.reach(w, "summary")
    assert "Deal 1 ends: You 0, Computer 0." in said(w)
    w.locale = "de"
    assert "Spiel 1 endet: Du 0, Computer 0." in said(w)  # the same line, in German now
    w.next()
    # The computer begins deal 2: its first move is what the line says after Continue.
    assert said(w) == "Computer legt 2♣ auf den Tisch."


def until_paused(w: GameWidget) -> None:
    for _ in range(200):
        if w.paused:
            return
        first_move(w)
    raise AssertionError("no pause")


@pytest.mark.parametrize(
    ("game", "locale", "turn"), [("tablic", "en", "Your turn."), ("pazaak", "de", "Du bist dran.")]
)
def test_after_continue_the_line_says_whose_turn_it_is(game: str, locale: str, turn: str) -> None:
    """After a summary, the computer's first moves are said; when the learner begins, the line
    says so instead of falling silent."""
    w = a11y_states.widget(game, locale=locale)
    seen = []
    for _ in range(4):
        until_paused(w)
        w.next()
        seen.append(said(w))
        if w.state.to_move == w.seat and len(w.moves_log) and said(w) == turn:
            break
    assert turn in seen, seen
    assert all(seen), seen
    w.locale = "de" if locale == "en" else "en"
    assert said(w) != turn  # the same line, in the other language


@pytest.mark.parametrize("game", ["panjpar"])
def test_the_end_of_the_game_is_said(game: str) -> None:
    w = a11y_states.widget(game)
    a11y_states.reach(w, "over")
    assert "Game over" in said(w)
    w.locale = "de"
    assert "Spiel vorbei" in said(w)
    assert_german(said(w))


def test_the_end_of_a_pazaak_match_is_said() -> None:
    w = a11y_states.widget("pazaak", locale="de")
    for _ in range(300):
        if w.state.is_over:
            break
        if w.paused:
            w.next()
        else:
            first_move(w)
    assert w.state.is_over and w.paused
    assert "die Partie" in said(w), said(w)  # "Computer gewinnt die Partie, 3 zu 2 Sätzen."
    assert_german(said(w))
    w.next()  # past the last summary: the line says how the game ended
    assert said(w) == w.scene["status"] and said(w)


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_is_said_on_the_assertive_line_and_follows_the_language(game: str) -> None:
    w = a11y_states.widget(game)
    a11y_states.reach(w, "message")
    message = w.scene["message"]
    assert message is not None and message["kind"] == "error" and message["text"]
    english = message["text"]
    w.locale = "de"
    german = w.scene["message"]
    assert german is not None and german["text"] != english
    assert_german(german["text"])
    w.locale = "en"
    assert w.message == english


def test_a_refusal_leaves_the_polite_line_as_it_was() -> None:
    w = a11y_states.widget("tablic")
    first_move(w)
    line = said(w)
    assert line
    w.handle_intent({"kind": "card", "zone": "table", "card": "K♦"})
    assert w.message is not None and said(w) == line


def test_a_cleared_message_does_not_come_back_with_a_new_language() -> None:
    w = a11y_states.widget("tablic")
    a11y_states.reach(w, "message")
    w.select("8♦")  # a click that works clears the refusal
    assert w.message is None
    w.locale = "de"
    assert w.message is None


def test_history_steps_are_said() -> None:
    w = a11y_states.widget("tablic", locale="de")
    first_move(w)
    w.back()
    assert said(w) == "Zug 1 von 2"
    w.locale = "en"
    assert said(w) == "Move 1 of 2"


def test_a_new_game_is_said_on_the_assertive_line() -> None:
    w = a11y_states.widget("pazaak")
    w.new()
    assert w.message == "A new game has started." or w.message
    w.locale = "de"
    assert w.message and w.message != "A new game has started."
    assert_german(w.message)


def test_the_leftovers_going_to_the_learner_are_said_to_you() -> None:
    w = a11y_states.widget("tablic")
    w.select("8♦")
    w.play()
    w.trail("2♣")
    w.trail("9♥")
    assert "go to you. Deal 1 ends: You 6, Computer 0." in said(w)
    w.locale = "de"
    assert "gehen an dich. Spiel 1 endet: Du 6, Computer 0." in said(w)
