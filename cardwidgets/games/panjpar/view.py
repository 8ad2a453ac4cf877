"""What a seat may see of a Panjpar position (P-D9): :class:`PanjparView`.

A view holds typed values (cards, seats, the outcome) and is, as a dict, their JSON form, so
``view.hand`` is a tuple of :class:`~cardwidgets.cards.Card` and ``view["hand"]`` a list of
card texts. It never holds the stock count or a card of the other hand the seat did not see
go there (P-S19, P-S20); a teacher's view (``teacher=True``) adds everything.
:meth:`State.view <.state.State.view>` fills it; this room only holds the data and its JSON.

>>> from cardwidgets.games import panjpar
>>> view = panjpar.new_game(seed=5, guess="red").view(0)
>>> view.trump_card, view["trump_card"], view.hand_sizes, "stock_count" in view
(Card('9♣'), '9♣', (5, 5), False)
>>> view["hand"] = []
Traceback (most recent call last):
...
cardwidgets.core.ViewError: a view cannot be changed: it shows what a seat saw
"""

from __future__ import annotations

import dataclasses
from typing import Any, ClassVar

from cardwidgets import core
from cardwidgets.cards import Card, Suit
from cardwidgets.core import Outcome

Hand = tuple[Card, ...]


@dataclasses.dataclass(frozen=True, eq=False)
class PanjparView(core.View):
    """One seat's view (``seat=None``: the public table), typed; its dict is the JSON form.

    ``hands``, ``stock`` and ``discard`` are None except in a teacher's view.
    """

    game: ClassVar[str] = "panjpar"

    seat: int | None
    to_move: int | None
    attacker: int
    phase: str
    """``"attack"``, ``"defend"`` (an attack is on the table) or ``"over"``."""
    trump: Suit
    trump_card: Card | None
    """The trump indicator while it lies under the stock (P-S4, P-S21)."""
    stock_empty: bool
    hand_sizes: tuple[int, int]
    hand: Hand | None
    """The seat's own hand; None in the public view."""
    known: tuple[Hand, Hand]
    """Per seat, the hand cards both players saw go there (picked up, the drawn indicator)."""
    attack: Hand
    discard_top: Card | None
    guess: tuple[int, str] | None
    """(guesser, ``"red"`` or ``"black"``): the trump guess of a dealt game (P-D1)."""
    outcome: Outcome | None
    hands: tuple[Hand, Hand] | None = None
    stock: Hand | None = None
    discard: Hand | None = None
    """The whole discard, top first (teacher only)."""

    def to_json(self) -> dict[str, Any]:
        """The view as JSON: card texts, lists, numbers (the dict this view is)."""
        result: dict[str, Any] = {
            "game": self.game,
            "seat": self.seat,
            "to_move": self.to_move,
            "attacker": self.attacker,
            "phase": self.phase,
            "trump": self.trump.value,
            "trump_card": _text(self.trump_card),
            "stock_empty": self.stock_empty,
            "hand_sizes": list(self.hand_sizes),
            "hand": None if self.hand is None else _texts(self.hand),
            "known": [_texts(k) for k in self.known],
            "attack": _texts(self.attack),
            "discard_top": _text(self.discard_top),
            "guess": None if self.guess is None else _guess_json(self.guess),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }
        if self.hands is not None and self.stock is not None and self.discard is not None:
            result["hands"] = [_texts(h) for h in self.hands]
            result["stock"] = _texts(self.stock)
            result["stock_count"] = len(self.stock)
            result["discard"] = _texts(self.discard)
        return result


def _text(card: Card | None) -> str | None:
    return None if card is None else card.text


def _texts(hand: Hand) -> list[str]:
    return [card.text for card in hand]


def _guess_json(guess: tuple[int, str]) -> dict[str, int | str]:
    return {"guesser": guess[0], "guess": guess[1]}
