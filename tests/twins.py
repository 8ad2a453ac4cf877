"""Hidden-card twins, shared by the tests: pairs of positions of one game that differ only in
cards seat 0 cannot see (the opponent's hand, the deck or the stock below what is shown). What
seat 0 is shown of one (views, codes, scenes, analyses, replays) must equal what it is shown of
the other, and the tests that say so take their pairs from here.

* ``tablic_twins``, ``panjpar_twins``, ``pazaak_twins`` (and :data:`TWINS`, by game): a few
  plies into a game, both seats having moved;
* ``tablic_mid_deal``, ``panjpar_first_attack``, ``pazaak_opening``: seat 0 to move, for the
  analyses;
* ``panjpar_stock_twins``: the stock's size differs too, and seat 0 is to attack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardwidgets import panjpar, pazaak, tablic


def played(a: Any, b: Any, moves: list[str]) -> tuple[Any, Any]:
    """Both twins after the same ``moves``."""
    for move in moves:
        a, b = a.play(move), b.play(move)
    return a, b


def tablic_twins() -> tuple[tablic.State, tablic.State]:
    """Same table and seat-0 hand; seat 1's unplayed cards and the stock (but its visible
    bottom card) differ. Four plies: each seat plays twice."""
    common: dict[str, Any] = {"table": "3♠ 5♥ 2♦ 6♣"}
    a = tablic.State.from_position(
        hands=("8♦ K♠ A♣ 9♥ 4♣ 7♦", "10♥ J♣ Q♦ 2♠ 3♥ 4♦"), stock="5♠ 6♠ 7♠ 8♠ 9♠ 10♠", **common
    )
    b = tablic.State.from_position(
        hands=("8♦ K♠ A♣ 9♥ 4♣ 7♦", "10♥ J♣ 5♣ 6♦ 7♥ 8♥"), stock="Q♠ J♠ 2♣ 3♣ 4♠ 10♠", **common
    )
    return played(a, b, ["8♦ x 3♠ 5♥", "10♥", "K♠", "J♣"])


def panjpar_stock_twins() -> tuple[panjpar.State, panjpar.State]:
    """The opponent's hidden cards, the stock's order below its top card and its size differ
    (P-D9). The known 8♥, the indicator and the top card (which seat 0 draws next) are the
    same; seat 0 attacks."""
    common: dict[str, Any] = {"trump": "♦", "discard": "J♠ 10♠", "known": [(), "8♥"]}
    a = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "8♥ 2♣ 3♣ 4♣ K♥"], stock="Q♥ J♦ 4♦ 10♣ 6♦", **common
    )
    b = panjpar.State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "8♥ J♦ 10♣ A♣ 5♥"], stock="Q♥ 2♣ 4♣ 3♣ K♥ 4♦ 9♠ 6♦", **common
    )
    return a, b


def panjpar_twins() -> tuple[panjpar.State, panjpar.State]:
    """:func:`panjpar_stock_twins` after a battle: seat 0 attacked with 2♠, seat 1 picked it up."""
    return played(*panjpar_stock_twins(), ["attack 2♠", "pick up"])


def pazaak_twins() -> tuple[pazaak.State, pazaak.State]:
    """The opponent's unplayed side cards and the deck after the cards drawn differ."""
    made = []
    for theirs, seed in (("-1 -2 ±6", 1), ("+4 -6 ±1", 99)):
        made.append(
            pazaak.State.from_position(
                hands=["+3 -4 ±2 +1", theirs],
                deck=[8, 2, 5, 4],
                tables=([], [6]),
                used=((), ("+1",)),
                seed=seed,
            )
        )
    return played(made[0], made[1], ["+3", "end turn", "end turn", "stand"])


TWINS: dict[str, Callable[[], tuple[Any, Any]]] = {
    "tablic": tablic_twins,
    "panjpar": panjpar_twins,
    "pazaak": pazaak_twins,
}
"""The twins a few plies into each game, by game name."""


def tablic_mid_deal() -> tuple[tablic.State, tablic.State]:
    """Mid-deal, seat 0 to move: the opponent's hand and the stock differ, everything seat 0
    sees is the same."""
    table = ["3♠", "5♥", "K♦", "2♦"]
    one = tablic.State.from_position(
        table=table, hands=[["8♣", "10♦", "A♠"], ["5♦", "3♣", "J♥"]],
        stock=["4♠", "4♥", "6♣", "6♦", "7♠", "7♥"], to_move=0, dealer=1,
    )  # fmt: skip
    two = tablic.State.from_position(
        table=table, hands=[["8♣", "10♦", "A♠"], ["6♣", "7♠", "4♥"]],
        stock=["J♥", "4♠", "5♦", "6♦", "3♣", "7♥"], to_move=0, dealer=1,
    )  # fmt: skip
    return one, two


def pazaak_opening() -> tuple[pazaak.State, pazaak.State]:
    """Seat 0 to move on its first draw: the opponent's side cards and the deck below the 5
    differ."""
    one = pazaak.State.from_position(hands=["+1 -2", "+3 -4"], deck=[5, 6, 7], seed=1)
    two = pazaak.State.from_position(hands=["+1 -2", "-1 ±5"], deck=[5, 2, 9], seed=8)
    return one, two


def panjpar_first_attack() -> tuple[panjpar.State, panjpar.State]:
    """Seat 0 to attack: the opponent's hand and the stock (but its indicator 2♠) differ."""
    one = panjpar.State.from_position(
        hands=[["7♥", "9♠", "A♣", "4♦", "6♠"], ["8♥", "K♠", "2♣", "5♥", "J♦"]],
        stock=["3♥", "Q♠", "10♣", "9♦", "2♠"], trump="♠", attacker=0,
    )  # fmt: skip
    two = panjpar.State.from_position(
        hands=[["7♥", "9♠", "A♣", "4♦", "6♠"], ["3♥", "Q♠", "10♣", "9♦", "J♦"]],
        stock=["8♥", "K♠", "2♣", "5♥", "2♠"], trump="♠", attacker=0,
    )  # fmt: skip
    return one, two
