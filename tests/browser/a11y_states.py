"""The widget states the accessibility checks look at, for every game.

Each game has a starting position and named states, each reached from that position by the
calls a learner's clicks make: ``fresh`` (a new deal), ``selected`` (a card selected with its
groups, beaters or effects lit and the options shown), ``building`` (a move half made),
``message`` (a refusal shown), ``hint`` (a notice and the suggested move), ``summary`` (the end
of a deal or set; Panjpar has neither, its ``over`` is the end of the game), ``analysis`` (the
analysis switch on, a card selected: value notes on cards, options and buttons, its panel). The same functions
drive a widget in this process (static HTML) and in a JupyterLab kernel (the live view): the
kernel imports this file by path, so it must only import ``cardwidgets``.

>>> w = widget("tablic")
>>> for name in STATES["tablic"]:
...     reach(w, name)
...     print(name, w.paused, w.message is not None)
fresh False False
selected False False
building False False
message False True
hint False True
summary True False
analysis False False
"""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from typing import Any

from cardwidgets.widgets.base import GameWidget, RandomOpponent

Step = Callable[[Any], None]


def _tablic_start() -> Any:
    from cardwidgets import tablic

    # 8♦ captures 3♠+5♥ and 8♣ (two groups, T-D1/T-D2); K♦ stays. No stock: the deal ends
    # after three cards each, on its summary.
    return tablic.State.from_position(
        table="3♠ 5♥ 8♣ K♦", hands=("8♦ 2♣ 9♥", "4♦ 6♣ J♠"), to_move=0, dealer=1, seed=5
    )


def _pazaak_start() -> Any:
    from cardwidgets import pazaak

    # The computer stands on 19; the learner has 10 and draws the 8: 18. ±2 as +2 makes 20.
    return pazaak.State.from_position(
        hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"],
        deck=[8, 6, 5, 4],
        tables=([10], [10, 9]),
        standing=(False, True),
        seed=5,
    )


def _panjpar_start() -> Any:
    from cardwidgets import panjpar

    # The computer attacks with 5♣; the learner defends (2♦ and 7♣ beat it; trumps ♦).
    return panjpar.State.from_position(
        hands=["7♣ Q♠ Q♥ 2♦ 4♣", "2♣ 3♣ 4♥ 8♠"],
        stock="J♥ 10♠ 6♥ 4♠ 6♦",
        trump="♦",
        attacker=1,
        attack="5♣",
    )


STARTS: dict[str, Callable[[], Any]] = {
    "tablic": _tablic_start,
    "pazaak": _pazaak_start,
    "panjpar": _panjpar_start,
}
# The card a learner clicks first in each starting position (zone, card): it selects it, as the
# "selected" state does (Panjpar: the attack card to answer).
FIRST_CLICK = {"tablic": ("hand", "8♦"), "pazaak": ("hand", "±2"), "panjpar": ("battle", "5♣")}
CLASSES = {"tablic": "TablicWidget", "pazaak": "PazaakWidget", "panjpar": "PanjparWidget"}


def available() -> list[str]:
    """The games whose widget this checkout has (Panjpar and Pazaak arrive by merges)."""
    import cardwidgets.widgets as widgets

    found = [game for game, name in CLASSES.items() if hasattr(widgets, name)]
    return [g for g in found if importlib.util.find_spec(f"cardwidgets.widgets.{g}") is not None]


def widget(game: str, **options: Any) -> GameWidget:
    """The game's widget at its starting position, against a seeded random computer."""
    import cardwidgets.widgets as widgets

    made: GameWidget = getattr(widgets, CLASSES[game])(
        state=STARTS[game](), opponent=RandomOpponent(3), **options
    )
    return made


def _fresh(w: Any) -> None:
    w.analysis = False
    w.state = STARTS[w.game]()


def _analysis_on(w: Any) -> None:
    w.do("analysis")  # the button


def _until_paused(w: Any) -> None:
    """Play the first legal move until the deal or set ends on its summary."""
    for _ in range(200):
        if w.paused:
            return
        w.play(w.state.legal_moves()[0])
    raise AssertionError(f"{w.game}: no summary after 200 moves")


def _until_over(w: Any) -> None:
    """Play the first legal move until the game is over (Panjpar has no deals or sets)."""
    for _ in range(300):
        if w.state.is_over:
            return
        w.play(w.state.legal_moves()[0])
    raise AssertionError(f"{w.game}: not over after 300 moves")


def _card_intent(zone: str, card: str) -> Step:
    def step(w: Any) -> None:
        w.handle_intent({"kind": "card", "zone": zone, "card": card})

    return step


STATES: dict[str, dict[str, list[Step]]] = {
    "tablic": {
        "fresh": [],
        "selected": [lambda w: w.select("8♦")],  # two numbered groups, three options
        "building": [lambda w: w.select("8♦"), lambda w: w.toggle("3♠")],  # chosen, no group
        "message": [_card_intent("table", "K♦")],  # a table card before a hand card: refused
        "hint": [lambda w: w.hint()],  # the suggested move chosen, the reason as a notice
        "summary": [_until_paused],
        "analysis": [_analysis_on, lambda w: w.select("8♦")],
    },
    "pazaak": {
        "fresh": [],
        "selected": [lambda w: w.select("±2")],  # the sign options, the totals they make
        "building": [lambda w: w.select("±2"), lambda w: w.choose(0)],  # a sign chosen
        "message": [_card_intent("opponent-table", "t1")],  # the computer's table: refused
        "hint": [lambda w: w.hint()],
        "summary": [lambda w: w.select("±2"), lambda w: w.choose(0), lambda w: w.play()],
        "analysis": [_analysis_on, lambda w: w.select("±2")],
    },
    "panjpar": {
        "fresh": [],  # the attack card aimed at by nothing yet; the beaters are playable
        "selected": [lambda w: w.aim("5♣")],  # the attack card chosen: its beaters lit
        "building": [lambda w: w.aim("5♣"), lambda w: w.select("7♣")],  # a kill drawn, muted
        "message": [_card_intent("opponent-hand", "hidden-1-0")],  # their hand: refused
        "hint": [lambda w: w.hint()],
        "over": [_until_over],  # no deals or sets: the end of the game
        "analysis": [_analysis_on, lambda w: w.aim("5♣")],
    },
}


def reach(w: Any, name: str) -> None:
    """Bring ``w`` to state ``name`` from its game's starting position."""
    _fresh(w)
    for step in STATES[w.game][name]:
        step(w)
