"""A position given by hand or read from a record, checked: :class:`PositionError` and
:func:`check_position`.

Every field of a position given by hand (:meth:`State.from_position`), read from a record's
start or from a position code is checked here, and a bad one is refused with a
:class:`PositionError` that names the field and says what it must be, in the reader's language.
This room only checks and reads; :mod:`.state` makes the state from what it returns (the only
room that sets a state's fields).

>>> from cardwidgets.games.tablic import State
>>> State.from_position(table="5♥", hands=("5♥", "9♣"))
Traceback (most recent call last):
...
cardwidgets.games.tablic.PositionError: 5♥ appears twice in the position
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from cardwidgets import cards, core, i18n
from cardwidgets.cards import Card, CardLike
from cardwidgets.games.tablic.rules import (
    DEFAULT_RULES,
    MAX_DEAL_NUMBER,
    MAX_TABLAS,
    Rules,
    match_over,
    max_total,
)
from cardwidgets.games.tablic.words import player

__all__ = ["PositionError"]


class PositionError(core.PositionError):
    """A position that :meth:`State.from_position` cannot set up; the message says why."""

    __module__ = "cardwidgets.games.tablic"  # where it is raised from, in tracebacks and pickles


POSITION_FIELDS = (
    "table",
    "hands",
    "stock",
    "to_move",
    "dealer",
    "piles",
    "tablas",
    "totals",
    "deal_number",
    "last_capturer",
    "shown",
)
"""The fields of a position in a record's start."""

Hand = tuple[Card, ...]


class Position(NamedTuple):
    """A position whose every field was checked by :func:`check_position`."""

    table: Hand
    hands: tuple[Hand, Hand]
    stock: Hand
    to_move: int
    dealer: int
    piles: tuple[Hand, Hand]
    tablas: tuple[int, int]
    totals: tuple[int, int]
    deal_number: int
    last_capturer: int | None
    shown: Card | None
    """The public bottom card of the deal once dealt into a hand (T-D8), if given."""

    def record(self) -> dict[str, object]:
        """The position as a record's start holds it (card texts, lists)."""
        found: dict[str, object] = {
            "table": [c.text for c in self.table],
            "hands": [[c.text for c in h] for h in self.hands],
            "stock": [c.text for c in self.stock],
            "to_move": self.to_move,
            "dealer": self.dealer,
            "piles": [[c.text for c in p] for p in self.piles],
            "tablas": list(self.tablas),
            "totals": list(self.totals),
            "deal_number": self.deal_number,
            "last_capturer": self.last_capturer,
        }
        if self.shown is not None:  # only then: the records of other positions stay as they were
            found["shown"] = self.shown.text
        return found


def check_position(
    rules: Rules,
    table: Iterable[CardLike] | str,
    hands: Sequence[Iterable[CardLike] | str],
    stock: Iterable[CardLike] | str,
    to_move: int,
    dealer: int,
    piles: Sequence[Iterable[CardLike] | str],
    tablas: Sequence[int],
    totals: Sequence[int],
    deal_number: int,
    last_capturer: int | None,
    shown: CardLike | None,
) -> Position:
    """The arguments of :meth:`State.from_position`, each checked (a bad one: PositionError)."""
    table_cards = check_cards("table", table)
    hand_cards = check_card_pair("hands", hands)
    stock_cards = check_cards("stock", stock)
    pile_cards = check_card_pair("piles", piles)
    seen: set[Card] = set()
    for card in itertools.chain(table_cards, *hand_cards, stock_cards, *pile_cards):
        if card in seen:
            raise PositionError("tablic.position.duplicate", card=card)
        seen.add(card)
    dealer = check_seat_field("dealer", dealer)
    deal_number = check_number("deal_number", deal_number, 1, MAX_DEAL_NUMBER)
    checked_tablas = check_number_pair("tablas", tablas, MAX_TABLAS)
    checked_totals = check_number_pair("totals", totals, max_total(rules))
    if match_over(rules, checked_totals):
        # T-D7: such totals ended the match at the end of their deal; no deal follows them.
        totals_text = f"{checked_totals[0]}:{checked_totals[1]}"
        raise PositionError("tablic.position.match_over", totals=totals_text, target=rules.target)
    if last_capturer is not None:
        last_capturer = check_seat_field("last_capturer", last_capturer)
    shown_card = check_shown(shown, stock_cards, hand_cards)
    to_move = check_seat_field("to_move", to_move)
    if (hand_cards[0] or hand_cards[1]) and not hand_cards[to_move]:
        raise PositionError("tablic.position.no_cards", player=player(to_move, None))
    return Position(
        table_cards,
        hand_cards,
        stock_cards,
        to_move,
        dealer,
        pile_cards,
        checked_tablas,
        checked_totals,
        deal_number,
        last_capturer,
        shown_card,
    )


def check_start(start: Mapping[str, object]) -> tuple[int | str, int, Mapping[str, Any] | None]:
    """A record's ``start``, checked: its seed, its first dealer, and its position if it has
    one (else it is a new match); an unknown or missing field is refused by name. The
    position's values are checked by :meth:`State.from_position` (hence ``Any`` here)."""
    known = {"seed", "dealer", "position"}
    for key in start:
        if key not in known:
            raise PositionError(
                "tablic.position.unknown", field=key, fields=", ".join(sorted(known))
            )
    if "seed" not in start:
        raise PositionError("tablic.position.missing", field="seed")
    seed = cards.check_seed(start["seed"])
    if "position" not in start:
        return seed, core.check_seat(start.get("dealer", 1)), None
    position = start["position"]
    if not isinstance(position, Mapping):
        raise bad_field("position", "tablic.expect.object", position)
    for key in position:
        if key not in POSITION_FIELDS:
            raise PositionError(
                "tablic.position.unknown",
                field=key if isinstance(key, str) else i18n.shown(key),
                fields=", ".join(POSITION_FIELDS),
            )
    for key in ("table", "hands"):
        if key not in position:
            raise PositionError("tablic.position.missing", field=key)
    return seed, 1, position


# -- argument checks -----------------------------------------------------------------------------


def check_rules(rules: Rules | None) -> Rules:
    """The rules of a new state: the seed rules for None, else they must be Tablić's."""
    return DEFAULT_RULES if rules is None else core.check_rules(rules, Rules, "tablic")


def bad_field(field: str, expected: str, value: object, **params: object) -> PositionError:
    """The refusal of a position field; ``expected`` names a phrase of the catalog, so the
    whole sentence is in the reader's language."""
    return PositionError(
        "tablic.position.bad",
        field=field,
        expected=i18n.TranslatedError(expected, **params),
        value=i18n.shown(value),
    )


def check_cards(field: str, value: object) -> tuple[Card, ...]:
    """A list of cards (or their text); cards may repeat here, :func:`check_position` tells."""
    if not isinstance(value, (str, Iterable)) or isinstance(value, (bytes, Mapping)):
        raise bad_field(field, "tablic.expect.cards", value)
    return cards.to_cards(value, distinct=False)  # a card text that is no card: CardError


def check_card_pair(field: str, value: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """Two lists of cards, one per seat (hands, piles)."""
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise bad_field(field, "tablic.expect.card_lists", value)
    return (check_cards(field, value[0]), check_cards(field, value[1]))


def check_shown(
    value: object, stock: tuple[Card, ...], hands: tuple[tuple[Card, ...], ...]
) -> Card | None:
    """The public bottom card of the deal (T-D8) once dealt into a hand: only with an empty
    stock (else the bottom is the stock's last card), and in one of the hands."""
    if value is None:
        return None
    if not isinstance(value, (str, Card)):
        raise bad_field("shown", "tablic.expect.shown", value)
    card = cards.to_card(value)
    if stock or card not in hands[0] + hands[1]:
        raise bad_field("shown", "tablic.expect.shown", value)
    return card


def check_seat_field(field: str, value: object) -> int:
    """A seat, 0 or 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise bad_field(field, "tablic.expect.seat", value)
    return value


def check_number(field: str, value: object, least: int, most: int) -> int:
    """A whole number from ``least`` to ``most``: a bigger one is no position of the rules,
    and one of thousands of digits could not even be printed."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise bad_field(
            field, "tablic.expect.range", value, least=i18n.Number(least), most=i18n.Number(most)
        )
    return value


def check_number_pair(field: str, value: object, most: int) -> tuple[int, int]:
    """Two whole numbers from 0 to ``most``, one per seat (tablas, totals)."""
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise bad_field(field, "tablic.expect.numbers", value, most=i18n.Number(most))
    return (check_number(field, value[0], 0, most), check_number(field, value[1], 0, most))
