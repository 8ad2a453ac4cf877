"""Presenters: the scene is a pure function of the position, the seat, the selection
and the display options. The widget sends what its game's presenter builds, a still picture is
the presenter's, and a presenter needs neither anywidget nor traitlets."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from cardwidgets import panjpar, pazaak, tablic
from cardwidgets.cards import Rng
from cardwidgets.present import (
    Moment,
    PanjparPresenter,
    PanjparSelection,
    PazaakPresenter,
    PazaakSelection,
    Picture,
    Presenter,
    TablicPresenter,
    TablicSelection,
)
from cardwidgets.scene_html import render
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import GameWidget, RandomOpponent


def _presenter_alone(w: GameWidget[Any, Any]) -> Presenter[Any, Any]:
    """The presenter of what ``w`` shows, built from the widget's public state alone (what
    the live line says and the summaries continued past come from its moment)."""
    said = w.moment()
    moment = Moment(
        line=w.line,
        cursor=w.cursor,
        seat=w.seat,
        hot_seat=w.opponent is None,
        locale=w.locale,
        four_color=w.four_color,
        theme=w.theme,
        size=w.size,
        legend=w.legend,
        open_hands=w.open_hands,
        hints=w.hints,
        message=w.scene["message"],
        said=said.said,
        dismissed=said.dismissed,
    )
    if isinstance(w, TablicWidget):
        return TablicPresenter(moment, TablicSelection(w.selected, w.chosen))
    if isinstance(w, PanjparWidget):
        selection = PanjparSelection(w.picked, w.target, w.kills)
        return PanjparPresenter(moment, selection, guess_asked=w.guess_asked)
    assert isinstance(w, PazaakWidget)
    return PazaakPresenter(moment, PazaakSelection(w.selected, w.sign), odds=w.odds)


def _select_something(w: GameWidget[Any, Any], rng: Rng) -> None:
    """Make a half-made move the way a learner clicks: a hand card (and, Pazaak, a sign)."""
    hand = w.zone("hand")["cards"]
    if not w.is_my_turn() or not hand:
        return
    card = hand[rng.below(len(hand))]["id"]
    w.handle_intent({"kind": "card", "zone": "hand", "card": card})
    if w.scene["options"]:
        w.handle_intent({"kind": "option", "index": w.scene["options"][-1]["index"]})


def _moments(
    make: Callable[[], GameWidget[Any, Any]], plies: int
) -> Iterator[GameWidget[Any, Any]]:
    """A seeded game played by random moves, the widget after each, with and without a
    selection, in both languages, and once looking back in the history."""
    w = make()
    rng = Rng("presenters")
    for _ in range(plies):
        yield w
        _select_something(w, rng)
        yield w
        w.locale = "de" if w.locale == "en" else "en"
        yield w
        if w.state.is_over:
            break
        if w.paused:
            w.next()
        elif w.is_my_turn():
            w.play(RandomOpponent(rng.below(1000)).choose(w.state))
    w.goto(max(0, w.ply - 2))
    yield w


WIDGETS: dict[str, Callable[[], GameWidget[Any, Any]]] = {
    "tablic": lambda: TablicWidget(seed=5),
    "tablic-hot-seat": lambda: TablicWidget(seed=6, opponent="human", open_hands=True),
    "panjpar": lambda: PanjparWidget(seed=5),
    "panjpar-hot-seat": lambda: PanjparWidget(seed=7, opponent="human", legend=False),
    "pazaak": lambda: PazaakWidget(seed=5),
    "pazaak-seat-1": lambda: PazaakWidget(seed=8, seat=1, odds=False, size="large"),
}


@pytest.mark.parametrize("name", sorted(WIDGETS))
def test_the_widget_sends_the_scene_its_presenter_builds_alone(name: str) -> None:
    checked = 0
    for w in _moments(WIDGETS[name], 14):
        # frames: the computer's moves played out (test_widget_reply.py), sent once on top
        sent = {k: v for k, v in w.scene.items() if k not in ("version", "frames")}
        # The widget counts the versions and adds the analysis switch to the scene
        built = {**w.analysis_panel(_presenter_alone(w).scene()), "version": w.version}
        assert built == {**sent, "version": w.version}, (name, w.ply)
        checked += 1
    assert checked > 20


def test_a_selection_changes_the_presenters_scene_and_nothing_else() -> None:
    # The selection is the presenter's input, not something it reads from a widget.
    moment = Moment.of(tablic.new_game(seed=1))
    bare = TablicPresenter(moment).scene()
    king = TablicPresenter(moment, TablicSelection(tablic.Move.parse("K♠ x 2♦ J♠").card)).scene()
    assert bare["options"] == [] and [o["label"] for o in king["options"]] == [
        "Capture 2♦ J♠ (1 group, 2 points)"
    ]
    assert bare["zones"][0] == king["zones"][0]  # the opponent's hand is the same


@pytest.mark.parametrize(
    "state",
    [tablic.new_game(seed=3), panjpar.new_game(seed=3), pazaak.new_game(seed=3)],
    ids=lambda s: s.game,
)
@pytest.mark.parametrize("seat", [0, 1, None])
def test_the_still_picture_is_the_presenters_scene(state: Any, seat: int | None) -> None:
    still = state.picture(seat, locale="de")
    assert isinstance(still, Picture)
    presenter = {"tablic": TablicPresenter, "panjpar": PanjparPresenter, "pazaak": PazaakPresenter}
    moment = Moment.of(
        state,
        seat=seat or 0,
        hot_seat=True,
        still=True,
        locale="de",
        open_hands=seat is None,
        hints=False,
        legend=False,
    )
    expected = presenter[state.game](moment).scene()
    expected["actions"], expected["history"] = [], None
    assert still.scene == expected


@pytest.mark.parametrize(
    "widget", [TablicWidget, PanjparWidget, PazaakWidget], ids=lambda w: w.__name__
)
def test_the_first_position_has_the_history_row_and_the_move_log_already(widget: Any) -> None:
    """Before the first move the history slider (at 0 of 0: nowhere to go) and the move log's
    box (empty) are drawn, so the first move adds no row and the widget does not grow."""
    w = widget(seed=1, pace=0)
    bar = w.scene["history"]
    assert (bar["ply"], bar["plies"], w.scene["log"]) == (0, 0, [])
    rows = ('class="cw-history"', 'class="cw-log-panel"', 'class="cw-log-box"')
    start = render(w.scene, css=False)
    assert [row in start for row in rows] == [True] * 3
    assert "<li>" not in start.split('class="cw-log"')[1].split("</ol>")[0]
    w.play(w.state.legal_moves()[0])
    assert w.scene["history"]["plies"] > 0 and w.scene["log"]
    assert [row in render(w.scene, css=False) for row in rows] == [True] * 3


def test_a_presenter_draws_without_anywidget_or_traitlets() -> None:
    script = (
        "import sys\n"
        "for name in ('anywidget', 'traitlets', 'ipywidgets'): sys.modules[name] = None\n"
        "from cardwidgets import panjpar, pazaak, tablic\n"
        "for game in (tablic, panjpar, pazaak):\n"
        "    assert game.new_game(seed=1).picture(0).scene['zones']\n"
        "assert not [m for m in sys.modules if m.startswith('cardwidgets.widgets')]\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr
