"""Hostile browser messages: whatever arrives, the widget answers in its own
language, raises nothing, and changes nothing unless the message was a legal request.

Comm messages are simulated the way ipywidgets delivers them: ``_handle_msg`` with the message
dict (outside IPython, a failure inside it is logged through ``widget.log``, the logger).
"""

from __future__ import annotations

import json
import logging
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from language import assert_german

from cardwidgets import tablic
from cardwidgets.widgets import TablicWidget
from cardwidgets.widgets.base import RandomOpponent

ENGLISH = re.compile(r"\b(the|is|not|cannot|your|button|card|click|nothing|request)\b")
"""Words that give away an English fragment inside a German sentence."""

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)
names = st.sampled_from(["card", "option", "action", "goto", "teleport", "", "CARD"]) | json_values
fields = st.fixed_dictionaries(
    {"kind": names},
    optional={
        "zone": st.sampled_from(["hand", "table", "opponent-hand", "stock", "pile-0"])
        | json_values,
        "card": st.sampled_from(["8♦", "3♠", "9♥", "hidden-1-0", "Q♣"]) | json_values,
        "index": st.integers(-3, 30) | json_values,
        "id": st.sampled_from(["play", "trail", "hint", "new", "back", "more", "continue", "x"])
        | json_values,
        "ply": st.integers(-2, 9) | json_values,
    },
)
messages = st.one_of(
    json_values,
    st.builds(
        lambda i, v: {"type": "intent", "version": v, "intent": i}, fields, st.integers(-1, 40)
    ),
    st.builds(lambda i: {"type": "intent", "version": "now", "intent": i}, fields),
)


def lesson(locale: str) -> TablicWidget:
    state = tablic.State.from_position(table="3♠ 5♥ 7♣", hands=("8♦ 7♦ 2♣", "9♥ 4♣ K♦"), seed=5)
    return TablicWidget(state=state, opponent=RandomOpponent(1), locale=locale)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(messages, min_size=1, max_size=6), st.sampled_from(["en", "de"]))
def test_any_browser_message_gets_a_sentence_in_the_widget_language(
    sequence: list[Any], locale: str
) -> None:
    w = lesson(locale)
    for content in sequence:
        before = (w.state, w.cursor)
        done = w.handle_intent(content, bare=False)
        if not done:
            assert (w.state, w.cursor) == before  # a refusal changes nothing
            assert w.message
        if w.message and locale == "de":
            assert not ENGLISH.search(w.message), w.message


def comm(data: Any) -> dict[str, Any]:
    """A comm message from the page as ipywidgets hands it to ``Widget._handle_msg``."""
    return {"content": {"data": data}, "buffers": []}


def test_an_unknown_comm_method_is_logged_by_ipywidgets_not_raised(
    caplog: pytest.LogCaptureFixture,
) -> None:
    # ``w.log`` is ipywidgets' logger; a move list in its place made this an AttributeError.
    w = lesson("en")
    before = (w.state, w.version, w.scene)
    with caplog.at_level(logging.ERROR):
        w._handle_msg(comm({"method": "teleport"}))
    assert isinstance(w.log, logging.Logger)
    assert 'method "teleport"' in caplog.text
    assert (w.state, w.version, w.scene) == before


@pytest.mark.parametrize(
    "msg", [comm({}), comm("update"), comm({"method": 7}), comm(None), {"content": None}, {}]
)
def test_a_comm_message_without_data_or_method_is_refused_not_raised(
    msg: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    # ipywidgets indexes ``data["method"]``: a KeyError or TypeError, sent to the page as an
    # error traceback in a kernel (a traitlets warning outside one).
    w = lesson("de")
    before = (w.state, w.cursor)
    with caplog.at_level(logging.WARNING):
        w._handle_msg(msg)
    assert "Traceback" not in caplog.text and "Exception in widget method" not in caplog.text
    assert (w.state, w.cursor) == before
    assert w.message == w.text("widget.bad_intent")


def intent(w: TablicWidget, **fields: Any) -> dict[str, Any]:
    """A versioned intent on the scene shown, as the front end sends it."""
    return {"type": "intent", "version": w.version, "intent": fields}


@pytest.mark.parametrize("kind", [["goto"], {"kind": "goto"}, ("card",), None, 7])
@pytest.mark.parametrize("bare", [False, True])
def test_an_intent_whose_kind_is_not_text_is_refused_as_malformed(
    kind: Any, bare: bool, caplog: pytest.LogCaptureFixture
) -> None:
    w = lesson("de")
    before = (w.state, w.cursor)
    content = {"kind": kind} if bare else intent(w, kind=kind)
    with caplog.at_level(logging.ERROR):
        assert w.handle_intent(content, bare=bare) is False
    assert w.message == w.text("widget.bad_intent")  # not "Something went wrong inside …"
    assert not caplog.records  # no traceback logged: a malformed intent is no bug
    assert (w.state, w.cursor) == before


def played(locale: str = "en") -> TablicWidget:
    """The lesson after one move each: the history slider is shown (plies 0 to 2)."""
    w = lesson(locale)
    w.play(w.state.legal_moves()[0])
    assert w.scene["history"] is not None
    return w


@pytest.mark.parametrize(
    "forged",
    [
        {"kind": "goto", "ply": "x" * 1_000_000},
        {"kind": "goto", "ply": 10**4000},
        {"kind": "option", "index": 10**4000},
    ],
    ids=["goto-text", "goto-huge-int", "option-huge-int"],
)
def test_forged_browser_input_is_quoted_shortened_in_the_refusal(forged: dict[str, Any]) -> None:
    # One megabyte sent must not come back in the message, the synced scene, the HTML picture
    # (and so a saved notebook).
    w = played()
    clean, _ = w._repr_mimebundle_()
    assert w.handle_intent(intent(w, **forged), bare=False) is False
    assert w.message is not None and len(w.message) < 200
    assert len(json.dumps(w.scene)) < 20_000
    data, _ = w._repr_mimebundle_()
    # the picture is the clean one plus the short refusal (the stylesheet alone is ~60 KB)
    assert len(data["text/html"]) < len(clean["text/html"]) + 2_000


def update(state: Any) -> dict[str, Any]:
    """A state update from the page (the front end's ``model.save_changes()``)."""
    return comm({"method": "update", "state": state, "buffer_paths": []})


@pytest.mark.parametrize(
    ("name", "value"),
    [("locale", "xx"), ("theme", "neon"), ("four_color", "yes"), ("size", ["large"])],
)
@pytest.mark.parametrize("locale", ["en", "de"])
def test_a_bad_display_option_from_the_page_is_refused_in_the_widget_language_and_kept(
    name: str, value: Any, locale: str, caplog: pytest.LogCaptureFixture
) -> None:
    w = lesson(locale)
    before, state = getattr(w, name), w.state
    sent: list[Any] = []
    w.send_state = sent.append  # type: ignore[method-assign,assignment]  # what goes to the page
    with caplog.at_level(logging.WARNING):
        w._handle_msg(update({name: value}))  # raised AttributeError (the log), then TraitError
    assert getattr(w, name) == before and w.state is state
    said = "The option" if locale == "en" else "Die Einstellung"
    assert w.message is not None and w.message.startswith(f"{said} {name} ")
    assert w.scene["message"] == {"kind": "error", "text": w.message}
    assert w.message in caplog.text  # logged as shown, in the widget's language
    assert [list(keys) for keys in sent if keys] == [[name]]  # the page gets the kept value
    if locale == "de":
        assert_german(w.message, name)


def test_a_page_update_applies_the_good_options_and_refuses_the_bad_one() -> None:
    w = lesson("en")
    w._handle_msg(update({"locale": "de", "theme": "neon", "size": "large", "seat": 1}))
    assert (w.locale, w.theme, w.size, w.seat) == ("de", "auto", "large", 0)
    assert w.message is not None and w.message.startswith("Die Einstellung theme kann nicht")


@pytest.mark.parametrize("state", [[1], "locale", None, 7])
def test_a_page_update_that_is_no_dict_is_refused_and_changes_nothing(state: Any) -> None:
    w = lesson("de")
    before = (w.state, w.locale, w.theme, w.size, w.four_color)
    w._handle_msg(update(state))
    assert (w.state, w.locale, w.theme, w.size, w.four_color) == before
    assert w.message == w.text("widget.bad_intent")


OPTION_VALUES = {
    "locale": ("en", "de"),
    "theme": ("auto", "light", "dark"),
    "size": ("normal", "large"),
    "four_color": (True, False),
}
page_states = json_values | st.dictionaries(
    st.sampled_from([*OPTION_VALUES, "seat", "open_hands", "scene", "version"])
    | st.text(max_size=4),
    st.sampled_from([v for values in OPTION_VALUES.values() for v in values]) | json_values,
    max_size=4,
)


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(page_states, st.sampled_from(["en", "de"]))
def test_any_page_update_leaves_valid_options_and_the_game_unchanged(
    state: Any, locale: str
) -> None:
    w = lesson(locale)
    game, seat, hands = w.state, w.seat, w.open_hands
    w.set_state(state)  # what the comm handler calls: it must not raise
    for name, values in OPTION_VALUES.items():
        assert getattr(w, name) in values
        sent = state.get(name, getattr(w, name)) if isinstance(state, dict) else None
        if sent in values and type(sent) is type(values[0]):
            assert getattr(w, name) == sent  # a good value is applied
    assert (w.state, w.seat, w.open_hands) == (game, seat, hands)
    if w.message and w.locale == "de":
        assert_german(w.message, *(str(k) for k in state) if isinstance(state, dict) else ())
