"""The widgets and position codes: a widget starts from a code (``code=``) and
shows its seat's code (``w.code``, the scene's ``code`` and a line of the static HTML)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from language import assert_german

from cardwidgets import cards, panjpar, pazaak, scene, tablic
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import WidgetError

WIDGETS: list[tuple[Any, Any]] = [
    (TablicWidget, tablic),
    (PanjparWidget, panjpar),
    (PazaakWidget, pazaak),
]


@pytest.mark.parametrize(("widget", "game"), WIDGETS)
def test_a_widget_shows_its_seats_code_in_the_scene_and_the_html(widget: Any, game: Any) -> None:
    w = widget(seed=4)
    assert w.code == w.state.code(w.viewer)
    assert w.scene["code"] == w.code
    assert w.code in scene.to_html(w.scene)
    assert w.scene["labels"]["code"] == "Position code"


@pytest.mark.parametrize(("widget", "game"), WIDGETS)
def test_a_widget_starts_from_a_code(widget: Any, game: Any) -> None:
    first = widget(seed=4)
    again = widget(code=first.code, seed=9)
    assert again.code == first.code
    assert again.state.code() == game.State.from_code(first.code, seed=9).code()
    whole = widget(code=first.state.code())
    assert whole.state.code() == first.state.code()


@pytest.mark.parametrize(("widget", "game"), WIDGETS)
def test_a_widgets_code_is_the_same_for_twins_that_differ_in_hidden_cards(
    widget: Any, game: Any
) -> None:
    state = game.new_game(seed=6)
    rng = random.Random(6)
    while state.to_move != 0:  # the widget's seat to move: no reply drawn from hidden cards
        state = state.play(state.random_move(rng))
    twin = state.determinize(0, cards.Rng(1))
    assert twin.code() != state.code()
    assert widget(state=twin).scene["code"] == widget(state=state).scene["code"]


def test_a_malformed_code_is_refused_with_its_reason() -> None:
    with pytest.raises(tablic.PositionError) as caught:
        TablicWidget(code="T AC")
    assert "fields" in caught.value.text("en")
    assert_german(caught.value.text("de"))


def test_a_code_and_a_state_together_are_refused() -> None:
    with pytest.raises(WidgetError):
        TablicWidget(code=tablic.new_game(seed=1).code(), state=tablic.new_game(seed=1))


def test_a_finished_game_shows_no_code() -> None:
    state = tablic.State.from_position(table="5♥", hands=("5♠", ""), totals=(100, 0))
    w = TablicWidget(state=state.play("5♠ x 5♥"))
    assert w.state.is_over
    assert w.code == "" and w.scene["code"] == ""
    assert 'class="cw-code"' not in scene.to_html(w.scene)


def test_the_german_widget_labels_the_code_in_german() -> None:
    w = PazaakWidget(seed=2, locale="de")
    html = scene.to_html(w.scene)
    assert "Stellungscode" in html
    rng = random.Random(1)
    state = w.state
    for _ in range(3):
        state = state.play(state.random_move(rng))
    assert w.code.startswith("Z0 ")
