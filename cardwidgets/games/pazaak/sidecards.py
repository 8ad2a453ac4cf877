"""Side cards as objects (:class:`SideCard`): the catalogue, their names, the preset side decks
and the side-deck check (Z-S4, Z-D8, Z-D9). Their values come from :mod:`.rules`.

>>> " ".join(map(str, SIDE_DECKS["seed"]))
'+1 +2 +3 +4 -1 -2 -3 -4 ±2 ±5'
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Mapping
from typing import ClassVar, Final

from cardwidgets import i18n
from cardwidgets.core import IllegalMove, check_seat
from cardwidgets.games.pazaak import rules as _rules
from cardwidgets.games.pazaak.rules import SIDE_DECK_SIZE, Rules, check_rules
from cardwidgets.games.pazaak.words import cut, seat_name


class SideCard:
    """A side-deck card (Z-S4, Z-D9). Instances are interned: ``SideCard.parse("+3") is ...``.

    ``kind`` is one of ``"+"``, ``"-"``, ``"±"`` (with ``size`` 1…6) or a gold card
    ``"±1/2"``, ``"D"`` (Double), ``"±1T"`` (Tiebreaker), ``"2&4"``, ``"3&6"`` (Flip).
    ``options`` maps each declarable sign to the value it gives (``None`` → fixed value).

    >>> card = SideCard.parse("+-4")
    >>> str(card), card.kind, card.size, card.is_gold, card.needs_sign
    ('±4', '±', 4, False, True)
    >>> SideCard.parse("±4") is card
    True
    >>> [str(SideCard.parse(t)) for t in ("1±2", "Flip 2&4", "double", "+/-1T", "−2")]
    ['±1/2', '2&4', 'D', '±1T', '-2']
    >>> SideCard.parse("+7")
    Traceback (most recent call last):
    ...
    cardwidgets.core.IllegalMove: '+7' is not a Pazaak side card: side cards are +1…+6, -1…-6, \
±1…±6 and the gold cards ±1/2, D, ±1T, 2&4, 3&6
    """

    __module__ = "cardwidgets.games.pazaak"
    __slots__ = ("code", "is_gold", "kind", "needs_sign", "options", "size", "text")

    _interned: ClassVar[dict[tuple[str, int], SideCard]] = {}

    code: int
    kind: str
    size: int
    text: str
    is_gold: bool
    needs_sign: bool
    options: dict[int | None, int]

    def __new__(cls, kind: str, size: int = 0) -> SideCard:
        card = cls._interned.get((kind, size))
        if card is None:
            if size == 0 and isinstance(kind, str):
                return cls.parse(kind)  # SideCard("+3") reads the text
            raise IllegalMove("pazaak.bad_card", text=f"{kind}{size or ''}")
        return card

    @classmethod
    def _make(cls, kind: str, size: int, code: int) -> SideCard:
        text = f"{kind}{size}" if kind in (_rules.PLUS, _rules.MINUS, _rules.PLUS_MINUS) else kind
        card = object.__new__(cls)
        card.kind, card.size, card.code, card.text = kind, size, code, text
        card.is_gold = _rules.is_gold(kind)
        options = _rules.side_card_values(kind, size)
        card.needs_sign = None not in options
        card.options = options  # set last: it seals the card (see __setattr__)
        cls._interned[(kind, size)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "options"):
            raise AttributeError("SideCard is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[type[SideCard], tuple[str, int]]:
        return (SideCard, (self.kind, self.size))  # unpickles to the interned instance

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"SideCard({self.text!r})"

    def __lt__(self, other: SideCard) -> bool:
        return self.code < other.code

    @classmethod
    def parse(cls, text: object) -> SideCard:
        """Read ``+3``, ``-3``, ``±3`` (``+-3``, ``+/-3``), ``±1/2`` (``1±2``), ``D``, ``±1T``,
        ``2&4``, ``3&6`` (``Flip 2&4``); case and spaces do not matter."""
        if isinstance(text, SideCard):
            return text
        if not isinstance(text, str):
            raise IllegalMove("pazaak.bad_card", text=i18n.shown(text))
        card = _CARD_NAMES.get(_normal(text))
        if card is None:
            raise IllegalMove("pazaak.bad_card", text=cut(text))
        return card


def _normal(text: str) -> str:
    text = text.strip().lower().replace("−", "-").replace("–", "-").replace(" ", "")
    return text.replace("+/-", "±").replace("+-", "±").replace("-+", "±")


_CARD_NAMES: dict[str, SideCard] = {}
for _code, (_kind, _size) in enumerate(
    [(kind, n) for kind in (_rules.PLUS, _rules.MINUS, _rules.PLUS_MINUS) for n in _rules.SIZES]
    + [(kind, 0) for kind in _rules.GOLD_KINDS],
    start=1,
):
    _card = SideCard._make(_kind, _size, _code)
    _CARD_NAMES[_card.text.lower()] = _card
for _alias, _name in {
    "1±2": "±1/2",
    "±1/±2": "±1/2",
    "±12": "±1/2",
    "double": "d",
    "t": "±1t",
    "tiebreaker": "±1t",
    "flip2&4": "2&4",
    "flip3&6": "3&6",
    "flip24": "2&4",
    "flip36": "3&6",
}.items():
    _CARD_NAMES[_alias] = _CARD_NAMES[_name]

PLUS_MINUS_1_2: Final = SideCard("±1/2")
DOUBLE: Final = SideCard("D")
TIEBREAKER: Final = SideCard("±1T")
FLIP_2_4: Final = SideCard("2&4")
FLIP_3_6: Final = SideCard("3&6")
ALL_SIDE_CARDS: Final[tuple[SideCard, ...]] = tuple(
    sorted(set(_CARD_NAMES.values()), key=lambda c: c.code)
)
"""Every side card of the catalogue, in display order."""
CODE: Final = operator.attrgetter("code")
"""The sort key of hands: catalogue order."""
FLIPPED: Final = {FLIP_2_4: _rules.FLIPS["2&4"], FLIP_3_6: _rules.FLIPS["3&6"]}


def side_cards(cards: Iterable[SideCard | str] | str) -> tuple[SideCard, ...]:
    """Cards from text (``"+1 -2 ±3"``) or an iterable of cards or texts."""
    if isinstance(cards, str):
        cards = cards.split()
    elif not isinstance(cards, Iterable) or isinstance(cards, (bytes, Mapping, SideCard)):
        raise IllegalMove("pazaak.bad_card", text=i18n.shown(cards))
    return tuple(SideCard.parse(card) for card in cards)


SIDE_DECKS: Final[Mapping[str, tuple[SideCard, ...]]] = {
    # A teaching deck: small plus cards to creep towards 20, minus cards to recover from an
    # overshoot (Z-D4), two ± cards to learn declaring a sign (Z-S9).
    "seed": side_cards("+1 +2 +3 +4 -1 -2 -3 -4 ±2 ±5"),
    # The KOTOR I starting stock: two each of +1…+5 (docs/rules/pazaak.md, Z-D8).
    "kotor1": side_cards("+1 +1 +2 +2 +3 +3 +4 +4 +5 +5"),
    # A KOTOR II deck that shows every gold card next to plain ones.
    "kotor2": side_cards("+2 +3 -2 -3 ±4 ±1/2 D ±1T 2&4 3&6"),
}
"""Default side decks: ``seed`` for the seed rules, ``kotor1`` for KOTOR-style rules without
gold cards (``fill_table_wins``), ``kotor2`` whenever ``gold_cards`` is on."""


def default_side_deck(rules: Rules | None = None) -> tuple[SideCard, ...]:
    """The side deck a player gets when :func:`new_game` is given none.

    >>> " ".join(map(str, default_side_deck(Rules.kotor1())))
    '+1 +1 +2 +2 +3 +3 +4 +4 +5 +5'
    """
    rules = check_rules(rules)
    if rules.gold_cards:
        return SIDE_DECKS["kotor2"]
    return SIDE_DECKS["kotor1" if rules.fill_table_wins else "seed"]


def validate_side_deck(
    deck: Iterable[SideCard | str] | str, rules: Rules | None = None, seat: int = 0
) -> tuple[SideCard, ...]:
    """Check a side deck (Z-D8): exactly 10 catalogue cards, gold cards only with
    ``gold_cards``. Returns the cards; raises :class:`IllegalMove` naming the card and why.

    >>> validate_side_deck("+1 +2 +3 +4 +5 +6 -1 -2 -3 D")
    Traceback (most recent call last):
    ...
    cardwidgets.core.IllegalMove: the side deck of Player 1 is invalid: D is a gold card, \
and these rules play without gold cards (gold_cards=False)
    >>> validate_side_deck("+1 +2", seat=1)
    Traceback (most recent call last):
    ...
    cardwidgets.core.IllegalMove: the side deck of Player 2 has 2 cards: it must have exactly 10
    """
    rules = check_rules(rules)
    player = seat_name(check_seat(seat))
    if isinstance(deck, str):
        texts: list[object] = list(deck.split())
    elif isinstance(deck, Iterable) and not isinstance(deck, (bytes, Mapping, SideCard)):
        texts = list(deck)
    else:
        reason = IllegalMove("pazaak.bad_card", text=i18n.shown(deck))
        raise IllegalMove("pazaak.side_deck_card", player=player, reason=reason)
    cards = []
    for text in texts:
        try:
            card = SideCard.parse(text)
        except IllegalMove as err:
            raise IllegalMove("pazaak.side_deck_card", player=player, reason=err) from None
        if card.is_gold and not rules.gold_cards:
            reason = IllegalMove("pazaak.gold_off", card=card)
            raise IllegalMove("pazaak.side_deck_card", player=player, reason=reason)
        cards.append(card)
    if len(cards) != SIDE_DECK_SIZE:
        raise IllegalMove("pazaak.side_deck_size", player=player, count=len(cards))
    return tuple(cards)
