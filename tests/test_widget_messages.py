"""A refusal shown in a widget lasts until its cause is gone: the next intent that is carried
out takes it down (pressing Analysis after a refused seed, a card click after a refused click),
a refused intent puts its own reason in its place, and an info line is left to the act that
answers it."""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets.widgets import GameWidget, PanjparWidget, PazaakWidget, TablicWidget

GAMES = [TablicWidget, PanjparWidget, PazaakWidget]


def send(w: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    """What the browser sends: the intent stamped with the version it was made on."""
    return w.handle_intent({"type": "intent", "version": w.version, "intent": intent}, bare=False)


def shown(w: GameWidget[Any, Any]) -> str | None:
    """The message the page shows (the synced scene's), not only the Python property."""
    message = w.scene["message"]
    return None if message is None else str(message["text"])


@pytest.mark.parametrize("widget", GAMES, ids=[w.game for w in GAMES])
def test_a_refused_seed_is_taken_down_when_analysis_is_pressed(widget: Any) -> None:
    w = widget(seed=1, teacher=True)
    assert not send(w, {"kind": "teacher", "control": "new", "seed": "-3"})
    assert (shown(w) or "").startswith("A seed is a whole number")
    assert send(w, {"kind": "action", "id": "analysis"})
    assert w.analysis and shown(w) is None and w.message is None


def test_a_refused_click_is_taken_down_by_the_next_click_that_works() -> None:
    w = TablicWidget(seed=1)
    theirs = w.zone("opponent-hand")["cards"][0]["id"]
    assert not send(w, {"kind": "card", "zone": "opponent-hand", "card": theirs})
    refusal = shown(w)
    assert refusal is not None and w.scene["message"]["kind"] == "error"
    mine = w.zone("hand")["cards"][0]["id"]
    assert send(w, {"kind": "card", "zone": "hand", "card": mine})
    assert shown(w) is None


def test_a_second_refusal_takes_the_place_of_the_first() -> None:
    w = TablicWidget(seed=1, teacher=True)
    assert not send(w, {"kind": "teacher", "control": "new", "seed": "-3"})
    first = shown(w)
    assert not send(w, {"kind": "teacher", "control": "undo"})  # nothing to take back
    assert shown(w) not in (None, first)


def test_an_info_line_is_not_taken_down_by_the_clearing_of_refusals() -> None:
    w = TablicWidget(seed=1, teacher=True)
    assert send(w, {"kind": "teacher", "control": "new", "seed": "7"})
    assert shown(w) == "A new game has started (seed 7)."
    assert send(w, {"kind": "teacher", "control": "reveal", "on": True})
    assert shown(w) == "A new game has started (seed 7)."
