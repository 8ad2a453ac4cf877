"""Tablić moves: play a card, and take table cards or lay it on the table (a trail).

>>> m = Move.parse("8D x 3S 5H")
>>> m, m.is_trail, Move.parse("8♦").is_trail
(Move('8♦ x 3♠ 5♥'), False, True)

A move's text is its record form: ``8♦ x 3♠ 5♥`` (a capture) or ``8♦`` (a trail). Whether a
move is legal is the state's question (:meth:`State.check`); here a move is only well formed.
"""

from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

from cardwidgets import cards, core, i18n
from cardwidgets.cards import DECK, Card
from cardwidgets.core import IllegalMove

__all__ = ["Move"]


@dataclasses.dataclass(frozen=True, slots=True)
class Move(core.Move):
    """Play ``card``; take ``captured`` (table cards), or trail when ``captured`` is empty.

    >>> m = Move.parse("8D x 3S 5H")
    >>> m, str(m), m.is_trail
    (Move('8♦ x 3♠ 5♥'), '8♦ x 3♠ 5♥', False)
    >>> Move.parse("trail 8♦") == Move.parse("8♦") == Move(cards.parse("8♦"))
    True
    >>> Move("8D", "3S 5H") == m
    True
    >>> m.describe("de")
    '8♦ nimmt 3♠ 5♥'
    """

    card: Card
    captured: frozenset[Card] = frozenset()
    mask: int = dataclasses.field(default=0, init=False, repr=False, compare=False)
    """The captured cards as a bitmask."""

    def __post_init__(self) -> None:
        if not isinstance(self.card, Card) or not isinstance(self.captured, frozenset):
            # Accept text too: Move("8♦", "3♠ 5♥") or Move("8D", ["3S", "5H"]).
            captured = self.captured
            taken = cards.to_cards(captured)  # text or cards; anything else: CardError
            object.__setattr__(self, "card", cards.to_card(self.card))
            object.__setattr__(self, "captured", frozenset(taken))
        object.__setattr__(self, "mask", cards.mask(self.captured))

    if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any attribute

        def __getattr__(self, name):
            # Moves made by legal_moves() set only card and mask (see new_move): the frozenset
            # is built on first use, as most listed moves are never looked at.
            if name == "captured":
                captured = frozenset(cards.from_mask(self.mask))
                object.__setattr__(self, "captured", captured)
                return captured
            raise AttributeError(f"'Move' object has no attribute '{name}'")

    @property
    def is_trail(self) -> bool:
        """Whether the card is laid on the table without capturing."""
        return not self.mask

    def __str__(self) -> str:
        if not self.mask:
            return self.card.text
        return f"{self.card.text} x {cards.format_cards(cards.from_mask(self.mask))}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``8♦ x 3♠ 5♥`` (a capture), ``8♦`` or ``trail 8♦`` (a trail); ASCII accepted."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise core.not_a_move(text)
        words = text.replace("+", " ").replace(",", " ").split()
        if words and words[0].lower() in ("trail", "lay"):
            words = words[1:]
        try:
            split = [i for i, w in enumerate(words) if w.lower() in ("x", "×", "takes")]
            if len(split) > 1 or not words:
                raise ValueError(text)
            if split:
                head, tail = words[: split[0]], words[split[0] + 1 :]
                if len(head) != 1 or not tail:
                    raise ValueError(text)
                played = cards.parse(head[0])
                taken = cards.to_cards(" ".join(tail))
            else:
                if len(words) != 1:
                    raise ValueError(text)
                played, taken = cards.parse(words[0]), ()
        except ValueError as err:
            raise IllegalMove("tablic.bad_text", text=text) from err
        if played in taken:
            raise IllegalMove("tablic.played_on_table", card=played)
        return _move(played, cards.mask(taken))

    def describe(self, locale: str | None = None) -> str:
        """The move in words, without the player: ``8♦ captures 3♠ 5♥``."""
        if not self.mask:
            return i18n.text("tablic.move.trail", locale, card=self.card)
        taken = cards.format_cards(cards.from_mask(self.mask))
        return i18n.text("tablic.move.capture", locale, card=self.card, captured=taken)


SET_CARD = Move.__dict__["card"].__set__
"""Sets a new move's card without ``__init__`` (for :func:`new_move` and the hot path of
:meth:`State.legal_moves`, which makes moves field by field)."""
SET_MASK = Move.__dict__["mask"].__set__
"""Sets a new move's captured-card mask, as :data:`SET_CARD` sets its card."""


def new_move(key: int) -> Move:
    """The move of a key ``captured mask << 6 | card index``, made without the checks of
    ``__init__`` (the fields are known to be right) and with ``captured`` left to be built on
    first use. Not interned: a cache of moves would be objects the garbage collector visits on
    every full collection, which costs more than making a move."""
    if key < 64:
        return TRAILS[key]
    move = object.__new__(Move)
    SET_CARD(move, DECK[key & 63])
    SET_MASK(move, key >> 6)
    return move


def _move(card: Card, captured_bits: int) -> Move:
    """The move playing ``card`` and taking the cards of ``captured_bits``."""
    return new_move(captured_bits << 6 | card.index)


TRAILS = tuple(Move(card) for card in DECK)
"""TRAILS[index]: the trail of the card of that index, made once."""
