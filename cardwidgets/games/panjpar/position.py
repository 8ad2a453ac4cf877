"""Setting up a position: the argument checks of :meth:`State.from_position`, the trump
argument, the trump guess and the fields of a record's start.

Everything here refuses bad input with a :class:`PositionError` that says what is wrong, in
the reader's language; a checked position comes out as engine ints (:class:`Position`).

>>> pos = checked_position(["A♠", "2♣ 3♣"], stock=(), trump="♣", attacker=0, attack="K♠")
>>> pos.trump, pos.attack == 1 << 44, pos.indicator
(3, True, -1)
>>> checked_position(["7♠", "7♠"], stock="", trump="♦", attacker=0)
Traceback (most recent call last):
...
cardwidgets.games.panjpar.PositionError: 7♠ appears twice in the position
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from cardwidgets import cards, core, i18n
from cardwidgets.cards import Card, CardLike, Suit
from cardwidgets.core import IllegalMove, check_seat
from cardwidgets.games.panjpar.deck import _cards_of
from cardwidgets.games.panjpar.masks import _rank_counts, _shape_ok
from cardwidgets.games.panjpar.moves import _shown
from cardwidgets.games.panjpar.words import count_text, player
from cardwidgets.i18n import TranslatedError


class PositionError(core.PositionError):
    """A position or set-up that cannot be a Panjpar game (a ``ValueError``)."""

    __module__ = "cardwidgets.games.panjpar"  # the path tracebacks print and pickles use


_SUIT_NAMES = {
    "♠": 0, "♤": 0, "S": 0, "SPADES": 0, "PIK": 0,
    "♥": 1, "♡": 1, "H": 1, "HEARTS": 1, "HERZ": 1,
    "♦": 2, "♢": 2, "D": 2, "DIAMONDS": 2, "KARO": 2,
    "♣": 3, "♧": 3, "C": 3, "CLUBS": 3, "KREUZ": 3,
}  # fmt: skip


def _suit_index(suit: object) -> int:
    """The engine index (0-3, ``♠ ♥ ♦ ♣``) of a trump given as a suit, its name or a card."""
    if isinstance(suit, Suit):
        return suit.order
    if isinstance(suit, Card):
        return suit.suit.order
    if isinstance(suit, str) and suit.strip().upper() in _SUIT_NAMES:
        return _SUIT_NAMES[suit.strip().upper()]
    raise PositionError("panjpar.bad_trump", trump=i18n.shown(suit))


_GUESSES = {"red": "red", "black": "black", "rot": "red", "schwarz": "black"}


def checked_guess(guess: object) -> str:
    """``"red"`` or ``"black"`` (German ``rot``/``schwarz`` too): the trump guess (P-D1)."""
    if not isinstance(guess, str) or guess.strip().lower() not in _GUESSES:
        raise PositionError("panjpar.bad_guess", guess=i18n.shown(guess))
    return _GUESSES[guess.strip().lower()]


def _pattern(mask: int) -> str:
    return "-".join(card.rank.text for card in _shown(_cards_of(mask)))


def _shape_error(bits: int) -> IllegalMove:
    """Why the attack ``bits`` has no valid shape (P-D3), in words."""
    size = bits.bit_count()
    if size not in (1, 3, 5):
        return IllegalMove("panjpar.attack_size", count=size)
    pattern = _pattern(bits)
    if size == 3:
        return IllegalMove("panjpar.shape3", pattern=pattern)
    pairs = sum(c // 2 for c in _rank_counts(bits))
    return IllegalMove("panjpar.shape5_one" if pairs else "panjpar.shape5_none", pattern=pattern)


@dataclasses.dataclass(frozen=True)
class Position:
    """A checked position as engine ints: card masks, card-index tuples, seat numbers."""

    hands: tuple[int, int]
    known: tuple[int, int]
    stock: tuple[int, ...]
    trump: int
    indicator: int
    attacker: int
    attack: int
    discard: tuple[int, ...]


def checked_position(
    hands: Sequence[Iterable[CardLike] | str],
    stock: Iterable[CardLike] | str,
    trump: Suit | str | Card,
    attacker: int,
    attack: Iterable[CardLike] | str = (),
    discard: Iterable[CardLike] | str = (),
    known: Sequence[Iterable[CardLike] | str] = ((), ()),
) -> Position:
    """The arguments of :meth:`State.from_position`, checked (see there)."""
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
        raise PositionError("panjpar.pos_hands")
    # A card twice is a fault of the position (checked across all of it below), as in Tablić.
    hand_cards = [cards.to_cards(h, distinct=False) for h in hands]
    stock_cards = cards.to_cards(stock, distinct=False)
    attack_cards = cards.to_cards(attack, distinct=False)
    discard_cards = cards.to_cards(discard, distinct=False)
    _check_distinct((*hand_cards[0], *hand_cards[1], *stock_cards, *attack_cards, *discard_cards))
    trump_index, indicator = _trump_of(trump, stock_cards)
    attacker = check_seat(attacker)
    hand_masks = (cards.mask(hand_cards[0]), cards.mask(hand_cards[1]))
    known_masks = _known_of(known, hand_masks, indicator if not stock_cards else -1)
    attack_mask = cards.mask(attack_cards)
    if attack_cards and not _shape_ok(attack_mask):
        raise PositionError("panjpar.pos_attack", reason=_shape_error(attack_mask))
    _check_table(hand_masks, bool(stock_cards), attacker, len(attack_cards))
    return Position(
        hand_masks,
        known_masks,
        tuple(c.index for c in stock_cards),
        trump_index,
        indicator,
        attacker,
        attack_mask,
        tuple(c.index for c in reversed(discard_cards)),
    )


def _check_table(hands: tuple[int, int], stock_left: bool, attacker: int, thrown: int) -> None:
    """Refuse a battle the rules never reach: an attack on the table with more cards than the
    defender holds (P-D4, P-S23), or, while the stock lasts, a defender without cards to be
    attacked (P-S17: both draw up before every battle; the attacker's case is checked with
    the end of the game, in ``State.from_position``)."""
    defender = 1 - attacker
    held = hands[defender].bit_count()
    if thrown > held:
        raise PositionError(
            "panjpar.pos_attack_limit", count=thrown, player=player(defender), held=count_text(held)
        )
    if stock_left and not thrown and not held:
        raise PositionError("panjpar.pos_defender_no_cards", player=player(defender))


def _check_distinct(every: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for card in every:
        if card in seen:
            raise PositionError("panjpar.pos_twice", card=card)
        seen.add(card)


def _trump_of(trump: Suit | str | Card, stock: tuple[Card, ...]) -> tuple[int, int]:
    """(trump suit index, indicator card index or -1): the stock's last card is the face-up
    indicator (P-S4), so it must be of the trump suit (and be the trump card, if given)."""
    if isinstance(trump, str) and trump.strip().upper() not in _SUIT_NAMES:
        try:
            trump = cards.parse(trump)
        except TranslatedError as err:
            raise PositionError("panjpar.bad_trump", trump=i18n.shown(trump)) from err
    trump_index = _suit_index(trump)
    indicator = trump.index if isinstance(trump, Card) else -1
    if stock:
        last = stock[-1]
        if last.suit.order != trump_index or (indicator >= 0 and indicator != last.index):
            raise PositionError("panjpar.pos_indicator", card=last, suit=last.suit, trump=trump)
        indicator = last.index
    return trump_index, indicator


def _known_of(
    known: Sequence[Iterable[CardLike] | str], hands: tuple[int, int], drawn: int
) -> tuple[int, int]:
    """Per seat, the hand cards both players saw go there; ``drawn``, the indicator once the
    stock is gone (or -1), is public wherever it is."""
    if isinstance(known, str) or not isinstance(known, Sequence) or len(known) != 2:
        raise PositionError("panjpar.pos_known_lists")
    masks = [0, 0]
    for seat in (0, 1):
        for card in cards.to_cards(known[seat]):
            if not hands[seat] >> card.index & 1:
                raise PositionError("panjpar.pos_known", card=card, player=player(seat))
            masks[seat] |= card.bit
        if drawn >= 0 and hands[seat] >> drawn & 1:
            masks[seat] |= 1 << drawn  # the drawn indicator is public
    return masks[0], masks[1]


_POSITION_FIELDS = ("hands", "stock", "trump", "attacker", "attack", "discard", "known")
"""The fields of a position in a record: the arguments of :meth:`State.from_position`."""

_SEED_FIELDS = ("seed", "dealer", "guesser", "guess")
"""The fields of a dealt game's start in a record: the arguments of :func:`new_game`."""


def _known_fields(fields: Iterable[object], known: Sequence[str]) -> None:
    """Refuse a record field that is not one of ``known``, naming the known ones."""
    for key in fields:
        if key not in known:
            raise PositionError(
                "panjpar.start_unknown", field=i18n.shown(key), fields=", ".join(known)
            )


def checked_start_position(start: Mapping[str, Any]) -> Mapping[str, Any]:
    """The position fields of a record's start that has no seed, checked by name."""
    if "position" not in start:
        shown = ", ".join(i18n.shown(key) for key in start) or "{}"
        raise PositionError("panjpar.start_fields", fields=shown)
    _known_fields(start, ("position",))
    pos = start["position"]
    if not isinstance(pos, Mapping):
        raise PositionError("panjpar.start_position", value=i18n.shown(pos))
    _known_fields(pos, _POSITION_FIELDS)
    for name in ("hands", "stock", "trump"):
        if name not in pos:
            raise PositionError("panjpar.start_missing", field=name)
    return pos
