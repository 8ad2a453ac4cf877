"""Setting up a position: :meth:`State.from_position`'s checks, and a record's start.

Every field of a position given by hand or read from a record is checked here, and a bad one
is refused with a :class:`PositionError` that names the field and says what it must be, in the
reader's language.

>>> from cardwidgets.games.tablic import State
>>> State.from_position(table="5♥", hands=("5♥", "9♣"))
Traceback (most recent call last):
...
cardwidgets.games.tablic.PositionError: 5♥ appears twice in the position
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING

from cardwidgets import cards, core, i18n
from cardwidgets.cards import Card, CardLike
from cardwidgets.games.tablic._fast import profile_of
from cardwidgets.games.tablic.deals import after_turn
from cardwidgets.games.tablic.rules import (
    DEFAULT_RULES,
    MAX_DEAL_NUMBER,
    MAX_TABLAS,
    Rules,
    match_over,
    max_total,
)
from cardwidgets.games.tablic.words import player

if TYPE_CHECKING:
    from cardwidgets.games.tablic.state import State

__all__ = ["PositionError"]


class PositionError(core.PositionError):
    """A position that :meth:`State.from_position` cannot set up; the message says why."""

    __module__ = "cardwidgets.games.tablic"  # where it is raised from, in tracebacks and pickles


_FIELDS = (
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


def set_up(
    cls: type[State],
    table: Iterable[CardLike] | str,
    hands: Sequence[Iterable[CardLike] | str],
    stock: Iterable[CardLike] | str,
    to_move: int,
    dealer: int,
    rules: Rules | None,
    piles: Sequence[Iterable[CardLike] | str],
    tablas: Sequence[int],
    totals: Sequence[int],
    deal_number: int,
    last_capturer: int | None,
    seed: int | str | None,
    shown: CardLike | None = None,
) -> State:
    """:meth:`State.from_position`: every argument checked, then the state made."""
    rules = check_rules(rules)
    seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
    table_cards = _cards_arg("table", table)
    hand_cards = _pair("hands", hands)
    stock_cards = _cards_arg("stock", stock)
    pile_cards = _pair("piles", piles)
    seen: set[Card] = set()
    for card in itertools.chain(table_cards, *hand_cards, stock_cards, *pile_cards):
        if card in seen:
            raise PositionError("tablic.position.duplicate", card=card)
        seen.add(card)
    state = cls._blank(rules, seed)
    state.dealer = _seat_arg("dealer", dealer)
    state.deal_number = _int_arg("deal_number", deal_number, 1, MAX_DEAL_NUMBER)
    state.tablas = _int_pair("tablas", tablas, MAX_TABLAS)
    state.totals = _int_pair("totals", totals, max_total(rules))
    if match_over(rules, state.totals):
        # T-D7: such totals ended the match at the end of their deal; no deal follows them.
        totals_text = f"{state.totals[0]}:{state.totals[1]}"
        raise PositionError("tablic.position.match_over", totals=totals_text, target=rules.target)
    state.last_capturer = (
        None if last_capturer is None else _seat_arg("last_capturer", last_capturer)
    )
    state._table = table_cards
    state._table_bits = cards.mask(table_cards)
    state._profile = profile_of(state._table_bits)
    state._stock = stock_cards
    state._bottom = stock_cards[-1] if stock_cards else None  # public, as after a deal (T-D8)
    shown_card = _shown_arg(shown, stock_cards, hand_cards)
    if shown_card is not None:
        state._bottom = shown_card
    state._hand0, state._hand1 = cards.mask(hand_cards[0]), cards.mask(hand_cards[1])
    state._pile0, state._pile1 = cards.mask(pile_cards[0]), cards.mask(pile_cards[1])
    to_move = _seat_arg("to_move", to_move)
    state._to_move = to_move
    if (state._hand0 or state._hand1) and not (state._hand1 if to_move else state._hand0):
        raise PositionError("tablic.position.no_cards", player=player(to_move, None))
    # The position as given, read before both hands out go on at once: after_turn() may end
    # the deal, which changes the dealer, deal number, totals, tablas and last capturer, and a
    # record starting from those would score the deal twice (T-D6, T-D7; issue 21).
    position = {
        "table": [c.text for c in table_cards],
        "hands": [[c.text for c in h] for h in hand_cards],
        "stock": [c.text for c in stock_cards],
        "to_move": to_move,
        "dealer": state.dealer,
        "piles": [[c.text for c in p] for p in pile_cards],
        "tablas": list(state.tablas),
        "totals": list(state.totals),
        "deal_number": state.deal_number,
        "last_capturer": state.last_capturer,
    }
    if shown_card is not None:  # only then: the records of other positions stay as they were
        position["shown"] = shown_card.text
    state._start = {"position": position, "seed": seed}
    if not state._hand0 and not state._hand1:
        after_turn(state)
    return state


def from_start(cls: type[State], start: Mapping[str, object], rules: Rules) -> State:
    """The initial state of a record from its ``start``: a seed and a dealer (a new match)
    or a seed and a position; an unknown or missing field is refused by name."""
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
        return cls.new(seed, rules, core.check_seat(start.get("dealer", 1)))
    position = start["position"]
    if not isinstance(position, Mapping):
        raise _bad("position", "tablic.expect.object", position)
    for key in position:
        if key not in _FIELDS:
            raise PositionError(
                "tablic.position.unknown",
                field=key if isinstance(key, str) else i18n.shown(key),
                fields=", ".join(_FIELDS),
            )
    for key in ("table", "hands"):
        if key not in position:
            raise PositionError("tablic.position.missing", field=key)
    return cls.from_position(rules=rules, seed=seed, **position)


def determinized(state: State, seat: int, rng: cards.Rng) -> State:
    """:meth:`State.determinize`: the position as ``seat`` knows it, the opponent's unknown
    cards and the stock (but its public bottom card) dealt anew with ``rng``."""
    if state._to_move is None:
        return state
    other = 1 - seat
    bottom = state._bottom
    known = state._hands[seat] | state._table_bits | state._piles[0] | state._piles[1]
    revealed_other = state.revealed()[other]
    bottom_in_stock = state.stock_bottom is not None
    fixed = cards.mask(revealed_other)
    if bottom_in_stock and bottom is not None:
        fixed |= bottom.bit
    deal_cards = known | state._hands[other] | cards.mask(state._stock)
    pool = cards.from_mask(deal_cards & ~known & ~fixed)
    shuffled = rng.shuffle(pool)
    need = state._hands[other].bit_count() - len(revealed_other)
    other_hand = (*revealed_other, *shuffled[:need])
    stock = shuffled[need:]
    if bottom_in_stock and bottom is not None:
        stock.append(bottom)
    hands: list[tuple[Card, ...]] = [(), ()]
    hands[seat] = cards.from_mask(state._hands[seat])
    hands[other] = other_hand
    found = type(state).from_position(
        table=state._table_cards(),
        hands=hands,
        stock=stock,
        to_move=state._to_move,
        dealer=state.dealer,
        rules=state.rules,
        piles=state.piles,
        tablas=state.tablas,
        totals=state.totals,
        deal_number=state.deal_number,
        last_capturer=state.last_capturer,
        seed=rng.next64(),
    )
    found._bottom = bottom
    return found


# -- argument checks -----------------------------------------------------------------------------


def check_rules(rules: Rules | None) -> Rules:
    """The rules of a new state: the seed rules for None, else they must be Tablić's."""
    return DEFAULT_RULES if rules is None else core.check_rules(rules, Rules, "tablic")


def _bad(field: str, expected: str, value: object, **params: object) -> PositionError:
    """The refusal of a position field; ``expected`` names a phrase of the catalog, so the
    whole sentence is in the reader's language."""
    return PositionError(
        "tablic.position.bad",
        field=field,
        expected=i18n.TranslatedError(expected, **params),
        value=i18n.shown(value),
    )


def _cards_arg(field: str, value: object) -> tuple[Card, ...]:
    if not isinstance(value, (str, Iterable)) or isinstance(value, (bytes, Mapping)):
        raise _bad(field, "tablic.expect.cards", value)
    return cards.to_cards(value, distinct=False)  # a card text that is no card: CardError


def _pair(field: str, value: object) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise _bad(field, "tablic.expect.card_lists", value)
    return (_cards_arg(field, value[0]), _cards_arg(field, value[1]))


def _shown_arg(
    value: object, stock: tuple[Card, ...], hands: tuple[tuple[Card, ...], ...]
) -> Card | None:
    """The public bottom card of the deal (T-D8) once dealt into a hand: only with an empty
    stock (else the bottom is the stock's last card), and in one of the hands."""
    if value is None:
        return None
    if not isinstance(value, (str, Card)):
        raise _bad("shown", "tablic.expect.shown", value)
    card = cards.to_card(value)
    if stock or card not in hands[0] + hands[1]:
        raise _bad("shown", "tablic.expect.shown", value)
    return card


def _seat_arg(field: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value not in (0, 1):
        raise _bad(field, "tablic.expect.seat", value)
    return value


def _int_arg(field: str, value: object, least: int, most: int) -> int:
    """A whole number from ``least`` to ``most``: a bigger one is no position of the rules,
    and one of thousands of digits could not even be printed."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise _bad(
            field, "tablic.expect.range", value, least=i18n.Number(least), most=i18n.Number(most)
        )
    return value


def _int_pair(field: str, value: object, most: int) -> tuple[int, int]:
    if isinstance(value, str) or not isinstance(value, Sequence) or len(value) != 2:
        raise _bad(field, "tablic.expect.numbers", value, most=i18n.Number(most))
    return (_int_arg(field, value[0], 0, most), _int_arg(field, value[1], 0, most))
