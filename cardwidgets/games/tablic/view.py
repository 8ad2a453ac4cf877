"""What one seat may see of a Tablić position: :class:`TablicView`, typed and read-only.

A view holds cards, moves and numbers for Python code (bots, widgets) in its fields, and as a
dict the same facts as JSON (card texts), so ``view["hand"]`` and ``json.dumps(view)`` work
as they always did. It never holds a card its seat may not see: the other hand and the stock
appear only as their sizes.

>>> from cardwidgets.games.tablic import new_game
>>> view = new_game(seed=1).play("A♣").view(1)
>>> view.last_move.move, view.last_move.seat, view["last_move"]["text"]
(Move('A♣'), 0, 'A♣')
>>> view.piles[0], view["piles"][0]
(Pile(cards=0, points=0), {'cards': 0, 'points': 0})
"""

from __future__ import annotations

import dataclasses
from typing import ClassVar, NamedTuple

from cardwidgets import cards, core
from cardwidgets.cards import Card
from cardwidgets.core import Outcome
from cardwidgets.games.tablic._fast import points_of_mask
from cardwidgets.games.tablic.moves import Move
from cardwidgets.games.tablic.rules import DealResult

__all__ = ["LastMove", "Pile", "TablicView"]


class Pile(NamedTuple):
    """A pile as both players see it: how many cards it holds and their points (T-S20).

    A named tuple, not a dataclass: two are made for every view, and a tuple is made fastest.
    """

    cards: int
    points: int

    @classmethod
    def of(cls, bits: int) -> Pile:
        """The pile of the cards in a bitmask."""
        return cls(bits.bit_count(), points_of_mask(bits))

    def to_json(self) -> dict[str, int]:
        """``{"cards": ..., "points": ...}``."""
        return {"cards": self.cards, "points": self.points}


@dataclasses.dataclass(frozen=True, slots=True)
class LastMove:
    """The move that led to a position: who played it, the move, and whether it was a tabla."""

    seat: int | None
    move: Move
    tabla: bool

    def to_json(self) -> dict[str, object]:
        """The move as text, its card and captured cards as card texts, and the tabla flag."""
        return {
            "seat": self.seat,
            "text": str(self.move),
            "card": self.move.card.text,
            "captured": [c.text for c in cards.from_mask(self.move.mask)],
            "tabla": self.tabla,
        }


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class TablicView(core.View):
    """What ``seat`` (None: both players) may see of a position; see :meth:`State.view`."""

    game: ClassVar[str] = "tablic"

    seat: int | None
    deal: int
    round: int
    """The round of the deal (1–4)."""
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...] | None
    """The seat's own hand; None in the view of both players."""
    hand_sizes: tuple[int, int]
    revealed: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Cards in each hand that both players know: the public bottom card once dealt (T-D8)."""
    table: tuple[Card, ...]
    """The table cards in the order they arrived."""
    piles: tuple[Pile, Pile]
    tablas: tuple[int, int]
    totals: tuple[int, int]
    stock: int
    """How many cards are left in the stock (their order is hidden)."""
    stock_bottom: Card | None
    """The stock's bottom card, shown to both players (T-D8), while it is in the stock."""
    last_capturer: int | None
    last_move: LastMove | None
    last_deal: DealResult | None
    target: int
    over: bool
    outcome: Outcome | None

    def to_json(self) -> dict[str, object]:
        """The view as plain JSON values: cards as their texts, tuples as lists."""
        bottom = self.stock_bottom
        return {
            "game": self.game,
            "seat": self.seat,
            "deal": self.deal,
            "round": self.round,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand": None if self.hand is None else [c.text for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "revealed": [[c.text for c in r] for r in self.revealed],
            "table": [c.text for c in self.table],
            "piles": [pile.to_json() for pile in self.piles],
            "tablas": list(self.tablas),
            "totals": list(self.totals),
            "stock": self.stock,
            "stock_bottom": None if bottom is None else bottom.text,
            "last_capturer": self.last_capturer,
            "last_move": None if self.last_move is None else self.last_move.to_json(),
            "last_deal": None if self.last_deal is None else self.last_deal.to_dict(),
            "target": self.target,
            "over": self.over,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }
