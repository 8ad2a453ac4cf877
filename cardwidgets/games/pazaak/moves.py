"""The moves of Pazaak: play a hand card (with its declared sign), end the turn, stand (Z-S7,
Z-S9, Z-S10, Z-S11), with their text notation and their sentences for a log.

>>> [str(Move.parse(t)) for t in ("play +3", "±4 as -4", "end", "stand")]
['play +3', 'play ±4 as -4', 'end', 'stand']
"""

from __future__ import annotations

import dataclasses
import re
from typing import Final

from cardwidgets import core, i18n
from cardwidgets.core import IllegalMove
from cardwidgets.games.pazaak.sidecards import DOUBLE, SideCard
from cardwidgets.games.pazaak.words import cut, seat_name, signed


class Move(core.Move):
    """A Pazaak move: :class:`PlayCard`, :class:`EndTurn` or :class:`Stand`.

    >>> [str(Move.parse(t)) for t in ("play -3", "+-4 as -4", "End turn", "STAND", "play d")]
    ['play -3', 'play ±4 as -4', 'end', 'stand', 'play D']
    """

    __module__ = "cardwidgets.games.pazaak"
    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``play <card> [as <value>]``, ``end`` (``end turn``) or ``stand``."""
        if not isinstance(text, str):
            raise core.not_a_move(text)
        move = _PARSED.get(text)
        if move is None:
            move = _parse_move(text)
            if len(_PARSED) < 4096:
                _PARSED[text] = move
        return move

    def describe(self, locale: str | None = None, seat: int | None = None) -> str:
        """The move in words for a log; ``seat`` names the player (else "the player to move").

        >>> PlayCard("±4", -1).describe("de", seat=0)
        'Spieler 1 spielt ±4 als -4'
        """
        who: object = (
            seat_name(seat) if seat is not None else i18n.TranslatedError("pazaak.describe.someone")
        )
        text = self._describe(locale, who)
        return text[:1].upper() + text[1:]

    def _describe(self, locale: str | None, who: object) -> str:
        raise NotImplementedError


_END_WORDS: Final = {"end", "endturn", "e", "pass", "ende", "beenden", "rundebeenden"}
_STAND_WORDS: Final = {"stand", "s", "hold", "halten", "halt"}
_AS_RE: Final = re.compile(r"^(?:play|spiele)?\s*(.+?)(?:\s+(?:as|als)\s+(\S+))?\s*$", re.I)


def _parse_move(text: str) -> Move:
    word = text.strip().lower().replace(" ", "")
    if word in _END_WORDS:
        return END_TURN
    if word in _STAND_WORDS:
        return STAND
    match = _AS_RE.match(text.strip())
    if match is None:
        raise IllegalMove("pazaak.bad_move", text=cut(text))
    card_text, value_text = match.group(1), match.group(2)
    try:
        card = SideCard.parse(card_text)
    except IllegalMove:
        raise IllegalMove("pazaak.bad_move", text=cut(text)) from None
    if value_text is None:
        return PlayCard(card)
    value_text = value_text.replace("−", "-")
    if value_text in ("+", "-"):
        return PlayCard(card, 1 if value_text == "+" else -1)
    if not re.fullmatch(r"[+-]?\d", value_text):
        raise IllegalMove("pazaak.bad_move", text=cut(text))
    value = int(value_text)
    if card.kind == "±":
        if abs(value) != card.size:
            raise IllegalMove(
                "pazaak.wrong_sign", card=card, value=signed(value), options=options_text(card)
            )
        return PlayCard(card, 1 if value > 0 else -1)
    if card.needs_sign:
        return PlayCard(card, value)
    if card.options.get(None) == value and not card.is_gold:
        return PlayCard(card)
    raise IllegalMove("pazaak.fixed_sign", card=card, value=signed(value))


def options_text(card: SideCard) -> str:
    """The values a card may be declared as, for a refusal: ``+4, -4``."""
    return ", ".join(signed(v) for v in card.options.values())


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard(Move):
    """Play a hand card. ``sign`` declares a ± card: ``+1``/``-1`` (or ``"+"``/``"-"``, or the
    value itself, ``±4`` → ``+4``/``-4``); for ``±1/2`` it is the value ``+1``, ``-1``, ``+2``
    or ``-2``. Cards with a fixed value take no sign.

    >>> str(PlayCard("+-4", "-")), str(PlayCard("±1/2", -2)), str(PlayCard("-3"))
    ('play ±4 as -4', 'play ±1/2 as -2', 'play -3')
    """

    __module__ = "cardwidgets.games.pazaak"

    card: SideCard
    sign: int | None = None

    def __post_init__(self) -> None:
        card = self.card
        if not isinstance(card, SideCard):
            card = SideCard.parse(card)
            object.__setattr__(self, "card", card)
        sign: object = self.sign
        if sign is None:
            return
        if isinstance(sign, str):
            sign = sign.strip().replace("−", "-")
            sign = {"+": 1, "-": -1}.get(sign, sign)
            if isinstance(sign, str):
                try:
                    sign = int(sign)
                except ValueError:
                    text = cut(f"play {card} as {sign}")
                    raise IllegalMove("pazaak.bad_move", text=text) from None
        if isinstance(sign, bool) or not isinstance(sign, int) or not -10 <= sign <= 10:
            # No side card takes a value beyond 10 either way: a bigger one is a typo.
            text = f"play {card} as {i18n.shown(sign, 12)}"
            raise IllegalMove("pazaak.bad_move", text=text)
        if card.kind == "±" and abs(sign) == card.size:
            sign = 1 if sign > 0 else -1
        elif card.kind in ("+", "-"):
            fixed = card.options[None]
            if sign == fixed or (sign in (1, -1) and sign * card.size == fixed):
                sign = None  # "+3 as +3" says nothing new
        object.__setattr__(self, "sign", sign)

    @property
    def value(self) -> int | None:
        """The value declared or fixed (``None`` for D, whose value the table decides)."""
        if self.card is DOUBLE:
            return None
        return self.card.options.get(self.sign)

    def __str__(self) -> str:
        card = self.card
        if self.sign is None:
            return f"play {card.text}"
        value = card.options.get(self.sign)
        shown = signed(value) if value is not None else str(self.sign)
        return f"play {card.text} as {shown}"

    def _describe(self, locale: str | None, who: object) -> str:
        value = self.card.options.get(self.sign)
        if self.sign is None or value is None:
            return i18n.text("pazaak.describe.play", locale, who=who, card=self.card)
        return i18n.text(
            "pazaak.describe.play_as", locale, who=who, card=self.card, value=signed(value)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Move):
    """End the turn without standing (Z-S10); text ``end``."""

    __module__ = "cardwidgets.games.pazaak"

    def __str__(self) -> str:
        return "end"

    def _describe(self, locale: str | None, who: object) -> str:
        return i18n.text("pazaak.describe.end", locale, who=who)


@dataclasses.dataclass(frozen=True, slots=True)
class Stand(Move):
    """Stand for the rest of the set (Z-S11); text ``stand``."""

    __module__ = "cardwidgets.games.pazaak"

    def __str__(self) -> str:
        return "stand"

    def _describe(self, locale: str | None, who: object) -> str:
        return i18n.text("pazaak.describe.stand", locale, who=who)


END_TURN: Final = EndTurn()
STAND: Final = Stand()
_PARSED: dict[str, Move] = {}

# The classes above say they live in the package (``__module__``), where doctest finds their
# own examples; it looks for their methods' examples only in this module, so list them here.
__test__ = {"Move.describe": Move.describe}
