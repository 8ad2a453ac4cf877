"""The moments a class sees on the projector, for the projector stage tests.

Five widgets in one notebook: each game against a seeded random computer, a watched game of
two computer players, and a Tablić game with the teacher panel. Each has named moments reached
from its start by the calls a learner's clicks (or the watch buttons) make: ``start``, ``mid``
(Tablić: a card with its capture choices after a few moves; Panjpar: an 18-card hand to defend
from; Pazaak: 23, over 20, with a −4 to play), ``summary`` (the end of a deal or set; Panjpar's
end of the game), for the watched game ``mid`` (30 moves), and for the teacher panel ``mid``
(a long move log, the computer's hand revealed). The kernel imports this file by path, so it
imports only ``cardwidgets``.

>>> boards = make("normal")
>>> for name, moment in CASES:
...     reach(boards, name, moment)
...     print(name, moment, boards[name].paused or boards[name].state.is_over)
tablic start False
tablic mid False
tablic summary True
panjpar start False
panjpar mid False
panjpar summary True
pazaak start False
pazaak mid False
pazaak summary True
watch mid False
teacher mid False
"""

from __future__ import annotations

from typing import Any

from cardwidgets import panjpar, pazaak, tablic
from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget
from cardwidgets.widgets.base import GameWidget, RandomOpponent

CASES = [
    ("tablic", "start"),
    ("tablic", "mid"),
    ("tablic", "summary"),
    ("panjpar", "start"),
    ("panjpar", "mid"),
    ("panjpar", "summary"),
    ("pazaak", "start"),
    ("pazaak", "mid"),
    ("pazaak", "summary"),
    ("watch", "mid"),
    ("teacher", "mid"),
]
GAMES = {"tablic": "tablic", "panjpar": "panjpar", "pazaak": "pazaak"}
GAMES.update(watch="tablic", teacher="tablic")


def make(size: str) -> dict[str, GameWidget]:
    """The five widgets at ``size``, each told apart in the page by its ``data-board`` mark."""
    common: dict[str, Any] = {"size": size, "pace": 0}
    return {
        "tablic": TablicWidget(seed=2, opponent=RandomOpponent(3), **common),
        "panjpar": PanjparWidget(seed=2, opponent=RandomOpponent(3), **common),
        "pazaak": PazaakWidget(seed=2, opponent=RandomOpponent(3), **common),
        "watch": TablicWidget(seed=4, players=("expert", "greedy"), **common),
        "teacher": TablicWidget(seed=1, teacher=True, opponent=RandomOpponent(3), **common),
    }


def _first_moves(w: GameWidget, count: int) -> None:
    """The learner plays the first legal move ``count`` times (the computer replies)."""
    for _ in range(count):
        if w.paused or w.state.is_over:
            return
        w.play(w.state.legal_moves()[0])


def first_move(w: GameWidget) -> None:
    """The learner's first move from the start (the computer replies)."""
    _first_moves(w, 1)


def _until_paused(w: GameWidget) -> None:
    for _ in range(300):
        if w.paused or w.state.is_over:
            return
        w.play(w.state.legal_moves()[0])
    raise AssertionError(f"{w.game}: no summary after 300 moves")


def _tablic_mid(w: Any) -> None:
    w.new(seed=2)
    _first_moves(w, 4)
    # The hand card with the most capture choices, selected: its choices under the buttons.
    hand = w.state.hands[w.viewer]
    best = max(hand, key=lambda c: len(tablic.capture_options(c, w.state.table, w.state.rules)))
    w.select(str(best))


def _panjpar_mid(w: Any) -> None:
    # 18 cards to defend from: the hand wraps to rows, the buttons must stay in sight.
    w.state = panjpar.State.from_position(
        hands=[
            "2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♥ 2♥ 3♥ 4♥ 5♥ 6♥",
            "2♣ 3♣ 4♣ 8♥",
        ],
        stock="J♥ 10♥ 7♥ 4♦ 6♦",
        trump="♦",
        attacker=1,
        attack="5♣",
    )
    w.aim("5♣")


def _pazaak_mid(w: Any) -> None:
    # 23 after the draw: over 20, the −4 (or ±2 as −2) is what saves the set.
    w.state = pazaak.State.from_position(
        hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"],
        deck=[8, 6, 5, 4],
        tables=([10, 5], [10, 9]),
        standing=(False, True),
    )
    w.select("-4")


def _pazaak_summary(w: Any) -> None:
    w.state = pazaak.State.from_position(
        hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"],
        deck=[8, 6, 5, 4],
        tables=([10], [10, 9]),
        standing=(False, True),
        seed=5,
    )
    w.select("±2")
    w.choose(0)
    w.play()  # 20 against 19: the set is won, its summary shows


def _watch_mid(w: Any) -> None:
    w.new(seed=4)
    for _ in range(30):
        if w.state.is_over:
            return
        w.step()


def _teacher_mid(w: Any) -> None:
    w.new(seed=1)
    _first_moves(w, 10)
    w.open_hands = True  # "Reveal the computer's hand": its cards at full size


MOMENTS = {
    ("tablic", "start"): lambda w: w.new(seed=2),
    ("tablic", "mid"): _tablic_mid,
    ("tablic", "summary"): lambda w: (w.new(seed=2), _until_paused(w)),
    ("panjpar", "start"): lambda w: w.new(seed=2),
    ("panjpar", "mid"): _panjpar_mid,
    ("panjpar", "summary"): lambda w: (w.new(seed=2), _until_paused(w)),
    ("pazaak", "start"): lambda w: w.new(seed=2),
    ("pazaak", "mid"): _pazaak_mid,
    ("pazaak", "summary"): _pazaak_summary,
    ("watch", "mid"): _watch_mid,
    ("teacher", "mid"): _teacher_mid,
}


def reach(boards: dict[str, GameWidget], name: str, moment: str) -> None:
    """Bring ``boards[name]`` (one of :func:`make`'s) to ``moment`` from a fresh game."""
    MOMENTS[(name, moment)](boards[name])
