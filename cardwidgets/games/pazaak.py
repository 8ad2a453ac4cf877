"""Pazaak: the Star Wars blackjack to 20 with side decks (docs/rules/pazaak.md).

A match is played in sets; the first player to win three sets wins (Z-S2). Each set uses a
fresh 40-card main deck (Z-D2); each player keeps the same four hand cards, drawn once from his
10-card side deck, for the whole match (Z-S5, Z-D8). A turn is: the automatic draw, at most one
hand card, then *end turn* or *stand* (Z-D5).

>>> from cardwidgets import pazaak
>>> state = pazaak.State.from_position(
...     hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8, 5, 7, 9], seed=1)
>>> state.tables, state.totals, state.to_move
(((8,), ()), (8, 0), 0)
>>> [str(move) for move in state.legal_moves()]
['play +1', 'play +3', 'play -4', 'play ±2 as +2', 'play ±2 as -2', 'end', 'stand']
>>> state = state.play("end")          # player 2 draws the 5 by himself
>>> state.totals, state.to_move
((8, 5), 1)
>>> pazaak.bust_probability(state, 0)  # from 8, no card can bust
Fraction(0, 1)

Design and trade-offs:

* **Cards.** Main-deck cards are plain ints 1…10 (a Flip card can make a placed one negative).
  Side cards are interned :class:`SideCard` objects (identity is equality, hashing is cheap).
  A placed card is a pair ``(source, value)``: the source is the main-deck int or the
  :class:`SideCard`, the value its current worth. ``state.tables`` shows only the values,
  ``state.placed`` the pairs.
* **Speed (DESIGN principle 8).** States are values, but a step copies only a few small tuples;
  the legal moves of a hand are cached, and the main deck is drawn lazily: the state keeps the
  unseen cards as a sorted tuple and the key of a :class:`cards.Rng` stream, and each draw takes a
  uniformly random one of them (``Rng(key).below(n)``; the next draw uses the next key of the same
  SplitMix64 stream). That is the same distribution as shuffling the 40 cards at the start of the
  set (Z-D2), without paying for the cards that are never drawn. ``state.deck`` replays the
  stream to show the exact order that will come.
  The hot path of :meth:`State.play` (an ``end``/``stand`` that passes the turn, a plain hand
  card, a set end) builds the next state in one step with the SplitMix64 draw inlined, keeps
  the unseen cards as ``bytes`` and ``is_over`` as a stored attribute; the tests check these
  shortcuts against ``state.deck``, :func:`playout` and the plain algorithms.
* **Explicit positions.** :meth:`State.from_position` takes the cards on top of the deck in
  order; below them lie the remaining unseen cards in the order the seed gives.
* **Hidden information.** ``view(seat)`` shows both tables, the own hand, the opponent's hand
  *size* and the deck *size*, never the deck order. Side decks are private: the determinization
  for search (:meth:`State.determinize`) samples the opponent's hand from the preset's default
  side deck (:func:`default_side_deck`) minus the cards he has already played.
* **Bust probability** (:func:`bust_probability`) is an exact :class:`fractions.Fraction`,
  computed from what the seat can see: a learner's first hint.
"""

from __future__ import annotations

import dataclasses
import operator
import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any, ClassVar, Final, TypeAlias

from cardwidgets import core, i18n
from cardwidgets.cards import Rng, check_seed, fresh_seed
from cardwidgets.core import IllegalMove, Outcome, check_seat

__all__ = [
    "ALL_SIDE_CARDS",
    "DOUBLE",
    "END_TURN",
    "FLIP_2_4",
    "FLIP_3_6",
    "FULL_DECK",
    "MAX_CARDS",
    "PLUS_MINUS_1_2",
    "SIDE_DECKS",
    "STAND",
    "TARGET",
    "TIEBREAKER",
    "EndTurn",
    "Move",
    "PlayCard",
    "Rules",
    "SideCard",
    "Stand",
    "State",
    "bust_probability",
    "default_side_deck",
    "from_record",
    "new_game",
    "playout",
    "validate_side_deck",
]

TARGET: Final = 20
"""The total to reach without going over (Z-S1)."""
MAX_CARDS: Final = 9
"""The most cards a player may have on his table in one set (Z-S12)."""
SIDE_DECK_SIZE: Final = 10
"""Every side deck has exactly this many cards (Z-D8)."""
FULL_DECK: Final[tuple[int, ...]] = tuple(sorted(list(range(1, 11)) * 4))
"""The 40-card main deck, four each of 1…10 (Z-S3), sorted."""
_FULL_BYTES: Final = bytes(FULL_DECK)
_FULL_WITHOUT: Final = tuple(_FULL_BYTES[:j] + _FULL_BYTES[j + 1 :] for j in range(40))

_GAMMA: Final = 0x9E3779B97F4A7C15  # SplitMix64 increment: Rng(k + _GAMMA) continues Rng(k)
_MASK64: Final = (1 << 64) - 1

# -------------------------------------------------------------------------------------------
# messages (en + de)
# -------------------------------------------------------------------------------------------

i18n.register(
    {
        "pazaak.player": {"en": "Player {n}", "de": "Spieler {n}"},
        "pazaak.bad_card": {
            "en": "'{text}' is not a Pazaak side card: side cards are +1…+6, -1…-6, ±1…±6 "
            "and the gold cards ±1/2, D, ±1T, 2&4, 3&6",
            "de": "'{text}' ist keine Pazaak-Handkarte: Handkarten sind +1…+6, -1…-6, ±1…±6 "
            "und die Goldkarten ±1/2, D, ±1T, 2&4, 3&6",
        },
        "pazaak.bad_main_card": {
            "en": "'{text}' is not a main-deck card: main-deck cards are 1 to 10",
            "de": "'{text}' ist keine Karte des Hauptstapels: dort liegen die Werte 1 bis 10",
        },
        "pazaak.bad_move": {
            "en": "'{text}' is not a Pazaak move: write for example 'play -3', "
            "'play ±4 as +4', 'end' or 'stand'",
            "de": "'{text}' ist kein Pazaak-Zug: schreibe zum Beispiel 'play -3', "
            "'play ±4 as +4', 'end' oder 'stand'",
        },
        "pazaak.second_card": {
            "en": "only one hand card may be played per turn, and {card} was already played "
            "this turn: end the turn or stand",
            "de": "pro Runde darf nur eine Handkarte gespielt werden, und {card} wurde in "
            "dieser Runde schon gespielt: beende die Runde oder halte",
        },
        "pazaak.needs_sign": {
            "en": "{card} needs a declared value before it is played: choose {options}",
            "de": "bei {card} muss vor dem Ausspielen der Wert angesagt werden: wähle {options}",
        },
        "pazaak.fixed_sign": {
            "en": "{card} has a fixed value and cannot be played as {value}",
            "de": "{card} hat einen festen Wert und kann nicht als {value} gespielt werden",
        },
        "pazaak.wrong_sign": {
            "en": "{card} cannot be played as {value}: choose {options}",
            "de": "{card} kann nicht als {value} gespielt werden: wähle {options}",
        },
        "pazaak.not_in_hand": {
            "en": "{card} is not in {player}'s hand (the hand holds: {hand})",
            "de": "{card} ist nicht in der Hand von {player} (die Hand enthält: {hand})",
        },
        "pazaak.empty_hand": {"en": "nothing", "de": "nichts"},
        "pazaak.gold_off": {
            "en": "{card} is a gold card, and these rules play without gold cards "
            "(gold_cards=False)",
            "de": "{card} ist eine Goldkarte, und diese Regeln spielen ohne Goldkarten "
            "(gold_cards=False)",
        },
        "pazaak.side_deck_size": {
            "en": "the side deck of {player} has {count} cards: it must have exactly 10",
            "de": "der Nebenstapel von {player} hat {count} Karten: es müssen genau 10 sein",
        },
        "pazaak.side_deck_card": {
            "en": "the side deck of {player} is invalid: {reason}",
            "de": "der Nebenstapel von {player} ist ungültig: {reason}",
        },
        "pazaak.not_your_turn": {
            "en": "it is {to_move}'s turn, not {player}'s",
            "de": "{to_move} ist am Zug, nicht {player}",
        },
        "pazaak.auto_stood": {
            "en": "{player} reached exactly 20 and stands automatically: no more hand cards "
            "in this set",
            "de": "{player} hat genau 20 erreicht und hält automatisch: in diesem Satz keine "
            "Handkarten mehr",
        },
        "pazaak.nine_cards": {
            "en": "{player} has nine cards on the table and must stand: a hand card would be "
            "a tenth",
            "de": "{player} hat neun Karten auf dem Tisch und muss halten: eine Handkarte wäre "
            "die zehnte",
        },
        "pazaak.stood": {
            "en": "{player} stands: no more draws or hand cards in this set",
            "de": "{player} hält: in diesem Satz keine Karten und Handkarten mehr",
        },
        "pazaak.double_empty": {
            "en": "D doubles the card placed before it, and the table is empty",
            "de": "D verdoppelt die zuvor gelegte Karte, und der Tisch ist leer",
        },
        "pazaak.bad_position": {
            "en": "this position is impossible: {reason}",
            "de": "diese Stellung ist unmöglich: {reason}",
        },
        "pazaak.pos_too_many": {
            "en": "the 40-card main deck has four {value}s, but the position uses {count}",
            "de": "der Hauptstapel hat vier Karten mit dem Wert {value}, die Stellung nutzt "
            "aber {count}",
        },
        "pazaak.pos_over": {
            "en": "{player} is over 20 ({total}) before a turn, so the set would be over",
            "de": "{player} hat vor einer Runde mehr als 20 ({total}), der Satz wäre also vorbei",
        },
        "pazaak.pos_must_stand": {
            "en": "{player} has {count} cards and {total} points, so he must be standing",
            "de": "{player} hat {count} Karten und {total} Punkte, muss also halten",
        },
        "pazaak.pos_to_move_stands": {
            "en": "{player} is to move but stands",
            "de": "{player} ist am Zug, hält aber",
        },
        "pazaak.pos_sets": {
            "en": "the set score {sets} is impossible for a match to {target}",
            "de": "der Satzstand {sets} ist unmöglich in einer Partie auf {target}",
        },
        "pazaak.pos_table": {
            "en": "'{text}' is not a placed card: write a main-deck value (7), a side card "
            "with a fixed value (+3, -2) or a pair such as ('±4', -4)",
            "de": "'{text}' ist keine gelegte Karte: schreibe einen Wert des Hauptstapels (7), "
            "eine Handkarte mit festem Wert (+3, -2) oder ein Paar wie ('±4', -4)",
        },
        "pazaak.pos_per_seat": {
            "en": "'{field}' needs one entry per seat",
            "de": "'{field}' braucht einen Eintrag je Platz",
        },
        "pazaak.pos_set_number": {
            "en": "the set number must be a whole number of at least 1, not {value}",
            "de": "die Satznummer muss eine ganze Zahl von mindestens 1 sein, nicht {value}",
        },
        "pazaak.pos_played_draw": {
            "en": "a card played this turn needs draw=False (the turn's draw is made)",
            "de": "eine in dieser Runde gespielte Karte braucht draw=False (die Karte der Runde "
            "ist schon gezogen)",
        },
        "pazaak.pos_key": {
            "en": "the shuffle key {key} is not a whole number from 0 to 2**64 - 1",
            "de": "der Mischschlüssel {key} ist keine ganze Zahl von 0 bis 2**64 - 1",
        },
        "pazaak.pos_missing": {
            "en": "the record has no field '{field}'",
            "de": "dem Protokoll fehlt das Feld '{field}'",
        },
        "pazaak.pos_unknown": {
            "en": "the record has no field {field}; the fields are: {fields}",
            "de": "das Protokoll hat kein Feld {field}; die Felder sind: {fields}",
        },
        "pazaak.pos_not_bool": {
            "en": "'{field}' must be true or false for each seat, not {value}",
            "de": "'{field}' muss für jeden Platz true oder false sein, nicht {value}",
        },
        "pazaak.pos_cards": {
            "en": "'{field}' must be a list of cards, not {value}",
            "de": "'{field}' muss eine Kartenliste sein, nicht {value}",
        },
        "pazaak.side_decks_two": {
            "en": "side_decks needs one deck per seat, not {value}",
            "de": "side_decks braucht einen Stapel je Platz, nicht {value}",
        },
        "pazaak.pos_deck_short": {
            "en": "the main deck is empty, but {player} must draw",
            "de": "der Hauptstapel ist leer, aber {player} muss ziehen",
        },
        "pazaak.describe.play": {"en": "{who} plays {card}", "de": "{who} spielt {card}"},
        "pazaak.describe.play_as": {
            "en": "{who} plays {card} as {value}",
            "de": "{who} spielt {card} als {value}",
        },
        "pazaak.describe.end": {"en": "{who} ends the turn", "de": "{who} beendet die Runde"},
        "pazaak.describe.stand": {"en": "{who} stands", "de": "{who} hält"},
        "pazaak.describe.someone": {"en": "the player to move", "de": "der Spieler am Zug"},
    }
)


def _player(seat: int) -> str:
    return f"P{seat + 1}"


def _seat_name(seat: int) -> i18n.TranslatedError:
    # A TranslatedError is rendered by i18n.text in the locale of the enclosing sentence.
    return i18n.TranslatedError("pazaak.player", n=seat + 1)


# -------------------------------------------------------------------------------------------
# side cards
# -------------------------------------------------------------------------------------------


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
        options: dict[int | None, int]
        if kind == "+":
            text, options = f"+{size}", {None: size}
        elif kind == "-":
            text, options = f"-{size}", {None: -size}
        elif kind == "±":
            text, options = f"±{size}", {1: size, -1: -size}
        elif kind == "±1/2":
            text, options = kind, {1: 1, -1: -1, 2: 2, -2: -2}
        elif kind == "±1T":
            text, options = kind, {1: 1, -1: -1}
        else:  # D takes the previous card's value; flips are worth 0
            text, options = kind, {None: 0}
        card = object.__new__(cls)
        card.kind, card.size, card.code, card.text = kind, size, code, text
        card.is_gold = kind not in ("+", "-", "±")
        card.needs_sign = None not in options
        card.options = options  # set last: it seals the card (see __setattr__)
        cls._interned[(kind, size)] = card
        return card

    def __setattr__(self, name: str, value: object) -> None:
        if hasattr(self, "options"):
            raise AttributeError("SideCard is immutable")
        object.__setattr__(self, name, value)

    def __reduce__(self) -> tuple[Any, ...]:
        return (SideCard, (self.kind, self.size))  # unpickles to the interned instance

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"SideCard({self.text!r})"

    def __lt__(self, other: SideCard) -> bool:
        return self.code < other.code

    @classmethod
    def parse(cls, text: str | SideCard) -> SideCard:
        """Read ``+3``, ``-3``, ``±3`` (``+-3``, ``+/-3``), ``±1/2`` (``1±2``), ``D``, ``±1T``,
        ``2&4``, ``3&6`` (``Flip 2&4``); case and spaces do not matter."""
        if isinstance(text, SideCard):
            return text
        if not isinstance(text, str):
            raise IllegalMove("pazaak.bad_card", text=i18n.shown(text))
        card = _CARD_NAMES.get(_normal(text))
        if card is None:
            raise IllegalMove("pazaak.bad_card", text=_cut(text))
        return card


def _cut(text: str, limit: int = 60) -> str:
    """User text quoted in a sentence, cut to ``limit`` characters."""
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _quoted(item: object) -> str:
    """User input for a sentence that puts it in quotes: text as it is, anything else as its
    (short) repr."""
    return _cut(item) if isinstance(item, str) else i18n.shown(item)


def _normal(text: str) -> str:
    text = text.strip().lower().replace("−", "-").replace("–", "-").replace(" ", "")
    return text.replace("+/-", "±").replace("+-", "±").replace("-+", "±")


_CARD_NAMES: dict[str, SideCard] = {}
for _code, (_kind, _size) in enumerate(
    [("+", n) for n in range(1, 7)]
    + [("-", n) for n in range(1, 7)]
    + [("±", n) for n in range(1, 7)]
    + [("±1/2", 0), ("D", 0), ("±1T", 0), ("2&4", 0), ("3&6", 0)],
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
_CODE: Final = operator.attrgetter("code")
_FLIPPED: Final = {FLIP_2_4: (2, 4), FLIP_3_6: (3, 6)}


def _side_cards(cards: Iterable[SideCard | str] | str) -> tuple[SideCard, ...]:
    if isinstance(cards, str):
        cards = cards.split()
    elif not isinstance(cards, Iterable) or isinstance(cards, (bytes, Mapping, SideCard)):
        raise IllegalMove("pazaak.bad_card", text=i18n.shown(cards))
    return tuple(SideCard.parse(card) for card in cards)


# -------------------------------------------------------------------------------------------
# rules
# -------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Rules(core.Rules):
    """Pazaak rule variants (docs/rules/pazaak.md); the defaults are the seed rules.

    * ``main_deck``: ``"finite40"`` (a fresh shuffled 40-card deck per set, Z-D2) or
      ``"uniform_with_replacement"`` (every draw is 1…10 with chance 1/10, as in KOTOR).
    * ``fill_table_wins``: nine cards without busting win the set (Z-D1, KOTOR variant)
      instead of a forced stand.
    * ``gold_cards``: the KOTOR II gold cards may be in side decks (Z-D9).
    * ``sets_to_win``: sets needed to win the match (Z-S2: 3).
    * ``hand_size``: hand cards drawn from the side deck for the match (Z-S5: 4).

    >>> Rules.kotor2()
    Rules(main_deck='uniform_with_replacement', fill_table_wins=True, gold_cards=True, \
sets_to_win=3, hand_size=4)
    """

    main_deck: str = "finite40"
    fill_table_wins: bool = False
    gold_cards: bool = False
    sets_to_win: int = 3
    hand_size: int = 4

    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {
        "main_deck": ("finite40", "uniform_with_replacement"),
        "sets_to_win": tuple(range(1, 10)),
        "hand_size": tuple(range(0, SIDE_DECK_SIZE + 1)),
    }

    @classmethod
    def seed(cls) -> Rules:
        """The seed rules (S3 and the decisions of docs/rules/pazaak.md): the defaults."""
        return cls()

    @classmethod
    def kotor1(cls) -> Rules:
        """Knights of the Old Republic: random draws with replacement, filling the table wins,
        no gold cards (Z-D1, Z-D2, Z-D9)."""
        return cls(main_deck="uniform_with_replacement", fill_table_wins=True)

    @classmethod
    def kotor2(cls) -> Rules:
        """KOTOR II (The Sith Lords): as :meth:`kotor1`, with gold cards (Z-D9)."""
        return cls(main_deck="uniform_with_replacement", fill_table_wins=True, gold_cards=True)


_SEED_RULES: Final = Rules()

SIDE_DECKS: Final[Mapping[str, tuple[SideCard, ...]]] = {
    # A teaching deck: small plus cards to creep towards 20, minus cards to recover from an
    # overshoot (Z-D4), two ± cards to learn declaring a sign (Z-S9).
    "seed": _side_cards("+1 +2 +3 +4 -1 -2 -3 -4 ±2 ±5"),
    # The KOTOR I starting stock: two each of +1…+5 (docs/rules/pazaak.md, Z-D8).
    "kotor1": _side_cards("+1 +1 +2 +2 +3 +3 +4 +4 +5 +5"),
    # A KOTOR II deck that shows every gold card next to plain ones.
    "kotor2": _side_cards("+2 +3 -2 -3 ±4 ±1/2 D ±1T 2&4 3&6"),
}
"""Default side decks: ``seed`` for the seed rules, ``kotor1`` for KOTOR-style rules without
gold cards (``fill_table_wins``), ``kotor2`` whenever ``gold_cards`` is on."""


def default_side_deck(rules: Rules | None = None) -> tuple[SideCard, ...]:
    """The side deck a player gets when :func:`new_game` is given none.

    >>> " ".join(map(str, default_side_deck(Rules.kotor1())))
    '+1 +1 +2 +2 +3 +3 +4 +4 +5 +5'
    """
    rules = _check_rules(rules)
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
    rules = _check_rules(rules)
    player = _seat_name(check_seat(seat))
    if isinstance(deck, str):
        texts: list[Any] = deck.split()
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


# -------------------------------------------------------------------------------------------
# moves
# -------------------------------------------------------------------------------------------


class Move(core.Move):
    """A Pazaak move: :class:`PlayCard`, :class:`EndTurn` or :class:`Stand`.

    >>> [str(Move.parse(t)) for t in ("play -3", "+-4 as -4", "End turn", "STAND", "play d")]
    ['play -3', 'play ±4 as -4', 'end', 'stand', 'play D']
    """

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
            _seat_name(seat)
            if seat is not None
            else i18n.TranslatedError("pazaak.describe.someone")
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
        raise IllegalMove("pazaak.bad_move", text=_cut(text))
    card_text, value_text = match.group(1), match.group(2)
    try:
        card = SideCard.parse(card_text)
    except IllegalMove:
        raise IllegalMove("pazaak.bad_move", text=_cut(text)) from None
    if value_text is None:
        return PlayCard(card)
    value_text = value_text.replace("−", "-")
    if value_text in ("+", "-"):
        return PlayCard(card, 1 if value_text == "+" else -1)
    if not re.fullmatch(r"[+-]?\d", value_text):
        raise IllegalMove("pazaak.bad_move", text=_cut(text))
    value = int(value_text)
    if card.kind == "±":
        if abs(value) != card.size:
            raise IllegalMove(
                "pazaak.wrong_sign", card=card, value=_signed(value), options=_options(card)
            )
        return PlayCard(card, 1 if value > 0 else -1)
    if card.needs_sign:
        return PlayCard(card, value)
    if card.options.get(None) == value and not card.is_gold:
        return PlayCard(card)
    raise IllegalMove("pazaak.fixed_sign", card=card, value=_signed(value))


def _signed(value: int) -> str:
    return f"{value:+d}"


def _options(card: SideCard) -> str:
    return ", ".join(_signed(v) for v in card.options.values())


@dataclasses.dataclass(frozen=True, slots=True)
class PlayCard(Move):
    """Play a hand card. ``sign`` declares a ± card: ``+1``/``-1`` (or ``"+"``/``"-"``, or the
    value itself, ``±4`` → ``+4``/``-4``); for ``±1/2`` it is the value ``+1``, ``-1``, ``+2``
    or ``-2``. Cards with a fixed value take no sign.

    >>> str(PlayCard("+-4", "-")), str(PlayCard("±1/2", -2)), str(PlayCard("-3"))
    ('play ±4 as -4', 'play ±1/2 as -2', 'play -3')
    """

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
                    text = _cut(f"play {card} as {sign}")
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
        shown = _signed(value) if value is not None else str(self.sign)
        return f"play {card.text} as {shown}"

    def _describe(self, locale: str | None, who: object) -> str:
        value = self.card.options.get(self.sign)
        if self.sign is None or value is None:
            return i18n.text("pazaak.describe.play", locale, who=who, card=self.card)
        return i18n.text(
            "pazaak.describe.play_as", locale, who=who, card=self.card, value=_signed(value)
        )


@dataclasses.dataclass(frozen=True, slots=True)
class EndTurn(Move):
    """End the turn without standing (Z-S10); text ``end``."""

    def __str__(self) -> str:
        return "end"

    def _describe(self, locale: str | None, who: object) -> str:
        return i18n.text("pazaak.describe.end", locale, who=who)


@dataclasses.dataclass(frozen=True, slots=True)
class Stand(Move):
    """Stand for the rest of the set (Z-S11); text ``stand``."""

    def __str__(self) -> str:
        return "stand"

    def _describe(self, locale: str | None, who: object) -> str:
        return i18n.text("pazaak.describe.stand", locale, who=who)


END_TURN: Final = EndTurn()
STAND: Final = Stand()
_PARSED: dict[str, Move] = {}


# Every legal PlayCard of a card, made once (legal_moves hands out these objects).
def _sign_order(sign: int | None) -> tuple[int, int]:
    return (0, 0) if sign is None else (abs(sign), -sign)


_PLAYS: Final[dict[SideCard, tuple[PlayCard, ...]]] = {
    card: tuple(PlayCard(card, sign) for sign in sorted(card.options, key=_sign_order))
    for card in ALL_SIDE_CARDS
}
_TAIL: Final[tuple[Move, ...]] = (END_TURN, STAND)
_MOVES_CACHE: dict[tuple[SideCard, ...], tuple[Move, ...]] = {}


def _hand_moves(hand: tuple[SideCard, ...]) -> tuple[Move, ...]:
    moves: list[Move] = []
    seen = None
    for card in hand:  # hands are kept sorted, so equal cards are adjacent
        if card is not seen:
            moves.extend(_PLAYS[card])
            seen = card
    moves.extend(_TAIL)
    result = tuple(moves)
    if len(_MOVES_CACHE) < 65536:
        _MOVES_CACHE[hand] = result
    return result


# -------------------------------------------------------------------------------------------
# state
# -------------------------------------------------------------------------------------------

Placed: TypeAlias = tuple[int | SideCard, int]
"""A card on a table: (main-deck value or SideCard, current value)."""
_MAIN: Final[tuple[Placed, ...]] = tuple((v, v) for v in range(11))  # interned main-deck pairs
_MAIN1: Final[tuple[tuple[Placed], ...]] = tuple((p,) for p in _MAIN)  # ready to append
SetResult: TypeAlias = tuple[int | None, str, tuple[tuple[int, ...], tuple[int, ...]]]


class State(core.GameState[Move]):
    """A Pazaak position. Make one with :func:`new_game` or :meth:`State.from_position`.

    Full-information attributes: ``tables`` (values), ``placed`` (source and value),
    ``totals``, ``standing``, ``sets_won``, ``hands``, ``deck``, ``set_number``, ``starter``,
    ``used`` (side cards each seat played this match), ``last_set`` (how the previous set
    ended: winner or None, reason, final table values).
    """

    game: ClassVar[str] = "pazaak"

    __slots__ = (
        "_hands",
        "_key",
        "_last",
        "_played",
        "_rest",
        "_sets",
        "_setup",
        "_start",
        "_std",
        "_tab",
        "_top",
        "_tot",
        "_turn",
        "_used",
        "is_over",
        "last_move",
        "parent",
        "rules",
    )

    rules: Rules
    is_over: bool
    """Whether a player has won the match (``to_move is None``); a plain attribute, as the
    game loop asks it before every move."""
    _tab: tuple[tuple[Placed, ...], tuple[Placed, ...]]
    _tot: tuple[int, int]
    _hands: tuple[tuple[SideCard, ...], tuple[SideCard, ...]]
    _std: tuple[bool, bool]
    _sets: tuple[int, int]
    _turn: int | None
    _played: SideCard | None
    _top: tuple[int, ...]
    _rest: bytes  # the unseen cards, sorted; bytes slice and join faster than a tuple
    _key: int
    _setup: tuple[int, int]  # (starter of this set, set number)
    _used: tuple[tuple[SideCard, ...], tuple[SideCard, ...]]
    _last: tuple[int | None, str, tuple[tuple[Placed, ...], tuple[Placed, ...]]] | None
    # (winner, reason, placed cards): the values of last_set are read off only when asked
    _start: dict[str, Any] | None

    def __init__(self) -> None:
        raise TypeError("use pazaak.new_game(...) or pazaak.State.from_position(...)")

    # -- public attributes ------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to act, or None when the match is over."""
        return self._turn

    @property
    def outcome(self) -> Outcome | None:
        """The winner of the match and the set score, or None while it runs."""
        if self._turn is not None:
            return None
        sets = self._sets
        return Outcome(0 if sets[0] > sets[1] else 1, sets)

    @property
    def tables(self) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Each seat's placed cards this set, as their current values, in order."""
        t0, t1 = self._tab
        return tuple(v for _, v in t0), tuple(v for _, v in t1)

    @property
    def placed(self) -> tuple[tuple[Placed, ...], tuple[Placed, ...]]:
        """Each seat's placed cards: (main-deck int or SideCard, current value)."""
        return self._tab

    @property
    def totals(self) -> tuple[int, int]:
        """Each seat's total this set."""
        return self._tot

    @property
    def standing(self) -> tuple[bool, bool]:
        """Whether each seat stands in this set."""
        return self._std

    @property
    def sets_won(self) -> tuple[int, int]:
        """Sets won by each seat in this match."""
        return self._sets

    @property
    def hands(self) -> tuple[tuple[SideCard, ...], tuple[SideCard, ...]]:
        """Each seat's unplayed hand cards (full information)."""
        return self._hands

    @property
    def used(self) -> tuple[tuple[SideCard, ...], tuple[SideCard, ...]]:
        """The hand cards each seat has played in this match, in order (public)."""
        return self._used

    @property
    def set_number(self) -> int:
        """The current set, counting from 1 (tied sets count)."""
        return self._setup[1]

    @property
    def starter(self) -> int:
        """The seat that took the first turn of this set (Z-D3)."""
        return self._setup[0]

    @property
    def played_this_turn(self) -> SideCard | None:
        """The hand card the player to move has played this turn, if any (Z-S8)."""
        return self._played

    @property
    def last_set(self) -> SetResult | None:
        """How the previous set ended: (winner or None for a tie, reason, final values).

        The reason is ``"bust"``, ``"fill"`` (nine cards, ``fill_table_wins``), ``"higher"``,
        ``"tiebreaker"`` or ``"tie"``.
        """
        last = self._last
        if last is None:
            return None
        winner, reason, (t0, t1) = last
        return winner, reason, (tuple(v for _, v in t0), tuple(v for _, v in t1))

    @property
    def deck(self) -> tuple[int, ...]:
        """The main-deck cards still to come, in the order they will be drawn (full info).

        For ``finite40`` this is every undrawn card of the set's 40; for
        ``uniform_with_replacement`` the draws this set can still use (at most 18 in all).
        """
        if self.rules.main_deck == "finite40":
            count = len(self._top) + len(self._rest)
        else:
            count = max(0, 2 * MAX_CARDS - _main_count(self._tab))
        top, rest, key = self._top, self._rest, self._key
        cards = []
        finite = self.rules.main_deck == "finite40"
        for _ in range(count):
            card, top, rest, key = _draw(top, rest, key, finite)
            cards.append(card)
        return tuple(cards)

    @property
    def deck_size(self) -> int | None:
        """Undrawn main-deck cards (public), or None for draws with replacement."""
        if self.rules.main_deck != "finite40":
            return None
        return len(FULL_DECK) - _main_count(self._tab)

    def __repr__(self) -> str:
        if self._turn is None:
            status = f"won by {_player(self._sets[0] < self._sets[1])}"
        else:
            status = f"{_player(self._turn)} to move"
        seats = []
        for seat in (0, 1):
            cards = ",".join(_placed_text(p) for p in self._tab[seat])
            stand = " stands" if self._std[seat] else ""
            seats.append(f"{_player(seat)} {self._tot[seat]} [{cards}]{stand}")
        sets = f"{self._sets[0]}-{self._sets[1]}"
        return f"<pazaak.State set {self._setup[1]} ({sets}) {'; '.join(seats)}; {status}>"

    # -- moves -------------------------------------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: hand cards (by card, then sign), then ``end`` and ``stand``."""
        seat = self._turn
        if seat is None:
            return []
        if self._played is not None:
            return [END_TURN, STAND]
        hand = self._hands[seat]
        moves = _MOVES_CACHE.get(hand)
        if moves is None:
            moves = _hand_moves(hand)
        return list(moves)

    def legal_moves_count(self) -> int:
        """``len(self.legal_moves())``, cheaper."""
        return len(self.legal_moves())

    def random_move(self, rng: Rng) -> Move:
        """A move chosen uniformly among :meth:`legal_moves` (each with the same probability).

        Exactly ``legal_moves()[rng.below(len(legal_moves()))]`` (same rng draw, same move),
        which is also the choice :func:`playout` makes, but without copying the list: the
        moves of a hand are cached as a tuple. Raises :class:`IllegalMove` once the match is
        over.

        >>> state = State.from_position(hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8], seed=1)
        >>> str(state.random_move(Rng(7))) == str(state.legal_moves()[Rng(7).below(7)])
        True
        >>> state.random_move(Rng(7)) == state.random_move(Rng(7))
        True
        """
        seat = self._turn
        if seat is None:
            raise IllegalMove("move.game_over")
        if self._played is not None:
            return _TAIL[rng.below(2)]  # a hand card is down: only end or stand
        hand = self._hands[seat]
        moves = _MOVES_CACHE.get(hand)
        if moves is None:
            moves = _hand_moves(hand)
        return moves[rng.below(len(moves))]

    def play(self, move: Move | str, seat: int | None = None) -> State:
        """The state after ``move`` by the player to move (or by ``seat``, checked).

        Raises :class:`IllegalMove` saying why a move is not allowed; ``seat`` lets a widget
        ask on behalf of a player and get the reason (standing, nine cards, not his turn).
        """
        turn = self._turn
        if turn is None:
            raise IllegalMove("move.game_over")
        if move.__class__ is str:
            move = Move.parse(move)
        if seat is not None and seat != turn:
            raise self._not_turn_error(check_seat(seat))
        cls = move.__class__
        if cls is EndTurn or cls is Stand:
            std = self._std
            if cls is Stand:
                std = (True, std[1]) if turn == 0 else (std[0], True)
            tot = self._tot
            if tot[turn] <= TARGET and not (std[0] and std[1]):
                nxt = turn if std[1 - turn] else 1 - turn
                return self._next_turn(move, std, nxt)  # type: ignore[arg-type]
            new = _copy(self, move)  # type: ignore[arg-type]
            new._std = std
            _end_turn(new, turn)
        elif cls is PlayCard:
            card = move.card  # type: ignore[union-attr]
            value = card.options.get(move.sign)  # type: ignore[union-attr]
            hand = self._hands[turn]
            if value is not None and not card.is_gold and self._played is None and card in hand:
                return self._play_plain(move, card, value, hand, turn)  # type: ignore[arg-type]
            new = _copy(self, move)  # type: ignore[arg-type]
            _play_card(self, new, turn, move)  # type: ignore[arg-type]
        else:
            raise core.not_a_move(move)
        return new

    def _play_plain(
        self, move: Move, card: SideCard, value: int, hand: tuple[SideCard, ...], seat: int
    ) -> State:
        """The hot path of a legal non-gold hand card (checked by :meth:`play`): the new
        state in one step, as :func:`_copy` then :func:`_play_card` make it."""
        i = hand.index(card)
        hand = hand[:i] + hand[i + 1 :]
        hands = self._hands
        used = self._used
        tab = self._tab
        tot = self._tot
        if seat == 0:
            hands = (hand, hands[1])
            used = (used[0] + (card,), used[1])
            mine = tab[0] + ((card, value),)
            total = tot[0] + value
            tab = (mine, tab[1])
            tot = (total, tot[1])
        else:
            hands = (hands[0], hand)
            used = (used[0], used[1] + (card,))
            mine = tab[1] + ((card, value),)
            total = tot[1] + value
            tab = (tab[0], mine)
            tot = (tot[0], total)
        new = object.__new__(State)
        new.rules = self.rules
        new.parent = self
        new.last_move = move
        new._tab = tab
        new._tot = tot
        new._hands = hands
        new._std = self._std
        new._sets = self._sets
        new._turn = seat
        new.is_over = False
        new._played = card
        new._top = self._top
        new._rest = self._rest
        new._key = self._key
        new._setup = self._setup
        new._used = used
        new._last = self._last
        new._start = None
        if total == TARGET or len(mine) >= MAX_CARDS:
            new._played = None
            _forced_stand(new, seat, len(mine), total)
        return new

    def _next_turn(self, move: Move, std: tuple[bool, bool], seat: int) -> State:
        """The hot path of ``end`` and ``stand`` when the set goes on (most moves): the turn
        passes to ``seat``, who draws; :func:`_copy`, :func:`_end_turn` and
        :func:`_start_turn` in one, every attribute stored once."""
        top = self._top
        rest = self._rest
        key = self._key
        if top:
            card = top[0]
            top = top[1:]
        else:
            # Rng(key).below(n) inlined, as in _start_turn
            z = (key + _GAMMA) & _MASK64
            old, key = key, z
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if rest:
                n = len(rest)
                j = z % n if z < _LIMITS[n] else Rng(old).below(n)
                card = rest[j]
                rest = rest[:j] + rest[j + 1 :]
            elif self.rules.main_deck == "finite40":
                raise IllegalMove("pazaak.pos_deck_short", player=_seat_name(seat))
            else:
                card = 1 + (z % 10 if z < _LIMITS[10] else Rng(old).below(10))
        tab = self._tab
        tot = self._tot
        if seat == 0:
            mine = tab[0] + _MAIN1[card]
            total = tot[0] + card
            tab = (mine, tab[1])
            tot = (total, tot[1])
        else:
            mine = tab[1] + _MAIN1[card]
            total = tot[1] + card
            tab = (tab[0], mine)
            tot = (tot[0], total)
        new = object.__new__(State)
        new.rules = self.rules
        new.parent = self
        new.last_move = move
        new._tab = tab
        new._tot = tot
        new._hands = self._hands
        new._std = std
        new._sets = self._sets
        new._turn = seat
        new.is_over = False
        new._played = None
        new._top = top
        new._rest = rest
        new._key = key
        new._setup = self._setup
        new._used = self._used
        new._last = self._last
        new._start = None
        if total == TARGET or len(mine) >= MAX_CARDS:
            _forced_stand(new, seat, len(mine), total)
        return new

    def _not_turn_error(self, seat: int) -> IllegalMove:
        player = _seat_name(seat)
        if self._std[seat]:
            tab = self._tab[seat]
            if len(tab) >= MAX_CARDS:
                return IllegalMove("pazaak.nine_cards", player=player)
            if self._tot[seat] == TARGET:
                return IllegalMove("pazaak.auto_stood", player=player)
            return IllegalMove("pazaak.stood", player=player)
        return IllegalMove(
            "pazaak.not_your_turn", to_move=_seat_name(self._turn or 0), player=player
        )

    # -- views -------------------------------------------------------------------------------
    def view(self, seat: int | None = None) -> dict[str, Any]:
        """What ``seat`` may see (JSON-safe): both tables and totals, its own hand, the
        opponent's hand size, who stands, the set score and the deck size; never the deck
        order or the opponent's hand. ``seat=None`` is the public table view.
        """
        if seat is not None:
            check_seat(seat)
        last = None
        last_set = self.last_set
        if last_set is not None:
            winner, reason, values = last_set
            last = {"winner": winner, "reason": reason, "tables": [list(v) for v in values]}
        return {
            "game": self.game,
            "seat": seat,
            "to_move": self._turn,
            "set_number": self._setup[1],
            "starter": self._setup[0],
            "sets_won": list(self._sets),
            "totals": list(self._tot),
            "standing": list(self._std),
            "tables": [[_placed_view(p) for p in tab] for tab in self._tab],
            "hand": None if seat is None else [str(c) for c in self._hands[seat]],
            "hand_sizes": [len(h) for h in self._hands],
            "used": [[str(c) for c in used] for used in self._used],
            "played_this_turn": None if self._played is None else str(self._played),
            "deck_size": self.deck_size,
            "last_set": last,
            "legal_moves": (
                [str(m) for m in self.legal_moves()]
                if seat is not None and seat == self._turn
                else []
            ),
            "is_over": self.is_over,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }

    # -- search ------------------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> State:
        """A fresh root consistent with what ``seat`` knows, hidden cards resampled by ``rng``.

        Side decks are private, so the opponent's unplayed hand cards are drawn (keeping their
        number) from :func:`default_side_deck` minus the cards he has already played this match;
        the main-deck order is reshuffled from the cards not on the tables.
        """
        check_seat(seat)
        other = 1 - seat
        pool = list(default_side_deck(self.rules))
        for card in self._used[other]:
            if card in pool:
                pool.remove(card)
        need = len(self._hands[other])
        guess = rng.shuffle(pool)[:need]
        while len(guess) < need:  # he played more cards than the default deck explains
            guess.append(rng.choice(default_side_deck(self.rules)))
        hands = list(self._hands)
        hands[other] = tuple(sorted(guess, key=_CODE))
        rest = bytes(_unseen(self._tab)) if self.rules.main_deck == "finite40" else b""
        new = _copy(self, None)
        new.parent = None
        new._hands = (hands[0], hands[1])
        new._top, new._rest, new._key = (), rest, rng.next64()
        new._start = None
        return new

    # -- records -----------------------------------------------------------------------------
    def _start_record(self) -> dict[str, Any]:
        if self._start is not None:
            start = dict(self._start)
            if "side_decks" in start:  # kept as cards, written as text only when asked
                start["side_decks"] = [[str(c) for c in deck] for deck in start["side_decks"]]
            return start
        return {
            "position": {
                "hands": [[str(c) for c in h] for h in self._hands],
                "deck": list(self._top),
                "tables": [[_placed_record(p) for p in tab] for tab in self._tab],
                "to_move": self._turn,
                "standing": list(self._std),
                "sets_won": list(self._sets),
                "set_number": self._setup[1],
                "starter": self._setup[0],
                "used": [[str(c) for c in used] for used in self._used],
                "played_this_turn": None if self._played is None else str(self._played),
            },
            "key": self._key,
            "draw": False,
        }

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], rules: core.Rules) -> State:
        assert isinstance(rules, Rules)
        if "position" in start:
            _known_fields(start, ("position", "key", "draw"))
            pos = start["position"]
            if not isinstance(pos, Mapping):
                raise IllegalMove("record.not_object", kind=type(pos).__name__)
            _known_fields(pos, _POSITION_FIELDS)
            key = _field(start, "key")
            if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key <= _MASK64:
                reason = IllegalMove("pazaak.pos_key", key=i18n.shown(key))
                raise IllegalMove("pazaak.bad_position", reason=reason)
            draw = start.get("draw", False)
            if not isinstance(draw, bool):
                reason = IllegalMove("pazaak.pos_not_bool", field="draw", value=i18n.shown(draw))
                raise IllegalMove("pazaak.bad_position", reason=reason)
            return _position(
                hands=_field(pos, "hands"),
                deck=_field(pos, "deck"),
                tables=_field(pos, "tables"),
                to_move=_field(pos, "to_move"),
                standing=_field(pos, "standing"),
                sets_won=_field(pos, "sets_won"),
                rules=rules,
                set_number=_field(pos, "set_number"),
                starter=_field(pos, "starter"),
                used=_field(pos, "used"),
                played_this_turn=pos.get("played_this_turn"),
                key=key,
                draw=draw,
            )
        _known_fields(start, ("seed", "side_decks", "starter"))
        seed = check_seed(_field(start, "seed"))
        return new_game(
            seed, rules, side_decks=start.get("side_decks"), starter=start.get("starter")
        )

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(data)

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[SideCard | str] | str],
        deck: Iterable[int | str] | str,
        tables: Sequence[Iterable[object]] = ((), ()),
        to_move: int = 0,
        standing: Sequence[bool] = (False, False),
        sets_won: Sequence[int] = (0, 0),
        rules: Rules | None = None,
        **more: Any,
    ) -> State:
        """Set up any position (lessons, tests).

        ``hands``: each seat's hand cards (SideCards or text, or one string like
        ``"+3 -2 ±4"``). ``deck``: the main-deck cards on top, in draw order; under them lie
        the other unseen cards in the order ``seed`` gives. ``tables``: each seat's placed
        cards *before* the turn of ``to_move``: a main-deck value (``7``), a fixed side card
        (``"+3"``) or a pair (``("±4", -4)``). Creating the state performs ``to_move``'s
        automatic draw, so it waits for his decision (or, if the draw ends his turn, goes on).

        More keywords: ``seed`` (int or str, for the cards below ``deck`` and later sets;
        default a fresh one, kept in the record), ``set_number`` (1), ``starter`` (who began
        this set; default ``to_move``), ``used`` (hand cards already played this match),
        ``draw`` (False: ``to_move`` has already drawn this turn), ``played_this_turn``.
        """
        allowed = {"seed", "set_number", "starter", "used", "draw", "played_this_turn"}
        for name in more:
            if name not in allowed:
                raise TypeError(f"from_position() got an unexpected keyword argument {name!r}")
        seed = more.get("seed")
        seed = fresh_seed() if seed is None else check_seed(seed)
        return _position(
            hands,
            deck,
            tables,
            to_move,
            standing,
            sets_won,
            _check_rules(rules),
            set_number=more.get("set_number", 1),
            starter=more.get("starter", to_move),
            used=more.get("used", ((), ())),
            played_this_turn=more.get("played_this_turn"),
            key=Rng(seed).next64(),
            draw=more.get("draw", True),
        )


# -------------------------------------------------------------------------------------------
# the hot path: draws, placements, turn and set ends
# -------------------------------------------------------------------------------------------


def _copy(state: State, move: Move | None) -> State:
    new = object.__new__(State)
    new.rules = state.rules
    new.parent = state
    new.last_move = move
    new._tab = state._tab
    new._tot = state._tot
    new._hands = state._hands
    new._std = state._std
    new._sets = state._sets
    new._turn = state._turn
    new.is_over = state.is_over
    new._played = None
    new._top = state._top
    new._rest = state._rest
    new._key = state._key
    new._setup = state._setup
    new._used = state._used
    new._last = state._last
    new._start = None
    return new


def _draw(
    top: tuple[int, ...], rest: bytes, key: int, finite: bool
) -> tuple[int, tuple[int, ...], bytes, int]:
    """Take the next main-deck card: the explicit top first, then a random unseen card."""
    if top:
        return top[0], top[1:], rest, key
    if finite:
        j = Rng(key).below(len(rest))
        return rest[j], top, rest[:j] + rest[j + 1 :], (key + _GAMMA) & _MASK64
    return 1 + Rng(key).below(10), top, rest, (key + _GAMMA) & _MASK64


def _start_turn(new: State, seat: int) -> None:
    """Z-D5 steps 1–3: the automatic draw (Z-D10), then auto-stand or the nine-card rule."""
    top = new._top
    if top:
        card = top[0]
        new._top = top[1:]
    else:
        # Rng(key).below(n) inlined (the hot path): the first SplitMix64 output of the key,
        # with the generator itself only for a (very rare) rejection.
        key = new._key
        z = new._key = (key + _GAMMA) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        z ^= z >> 31
        rest = new._rest  # empty under uniform_with_replacement
        if rest:
            n = len(rest)
            j = z % n if z < _LIMITS[n] else Rng(key).below(n)
            card = rest[j]
            new._rest = rest[:j] + rest[j + 1 :]
        elif new.rules.main_deck == "finite40":
            raise IllegalMove("pazaak.pos_deck_short", player=_seat_name(seat))
        else:
            card = 1 + (z % 10 if z < _LIMITS[10] else Rng(key).below(10))
    tab = new._tab
    tot = new._tot
    if seat == 0:
        mine = tab[0] + _MAIN1[card]
        total = tot[0] + card
        new._tab = (mine, tab[1])
        new._tot = (total, tot[1])
    else:
        mine = tab[1] + _MAIN1[card]
        total = tot[1] + card
        new._tab = (tab[0], mine)
        new._tot = (tot[0], total)
    new._turn = seat
    new._played = None
    if total == TARGET or len(mine) >= MAX_CARDS:
        _forced_stand(new, seat, len(mine), total)


def _forced_stand(new: State, seat: int, count: int, total: int) -> None:
    # Z-D1: under fill_table_wins nine cards without busting win at once (checked before
    # the auto-stand at 20); otherwise nine cards or exactly 20 stand the player (Z-S12, Z-D6).
    if count >= MAX_CARDS and total <= TARGET and new.rules.fill_table_wins:
        _end_set(new, seat, "fill")
        return
    new._std = (True, new._std[1]) if seat == 0 else (new._std[0], True)
    _end_turn(new, seat)


def _end_turn(new: State, seat: int) -> None:
    """Z-D4, Z-D7 (docs/rules/pazaak.md): bust check, set end, or the next turn."""
    tot = new._tot
    if tot[seat] > TARGET:
        _end_set(new, 1 - seat, "bust")
        return
    std = new._std
    if std[0] and std[1]:
        a, b = tot
        if a != b:
            _end_set(new, 0 if a > b else 1, "higher")
            return
        # Z-D7: a tie, unless exactly one player played a Tiebreaker this set
        t0 = any(p[0] is TIEBREAKER for p in new._tab[0])
        t1 = any(p[0] is TIEBREAKER for p in new._tab[1])
        if t0 != t1:
            _end_set(new, 0 if t0 else 1, "tiebreaker")
        else:
            _end_set(new, None, "tie")
        return
    other = 1 - seat
    _start_turn(new, seat if std[other] else other)


def _end_set(new: State, winner: int | None, reason: str) -> None:
    tab = new._tab
    new._last = (winner, reason, tab)
    sets = new._sets
    if winner is not None:
        sets = (sets[0] + 1, sets[1]) if winner == 0 else (sets[0], sets[1] + 1)
        new._sets = sets
        if sets[winner] >= new.rules.sets_to_win:
            new._turn = None
            new.is_over = True
            new._played = None
            return
    # Z-D3: the starter alternates every set, tied sets included; Z-D2: a fresh deck
    starter, number = new._setup
    starter = 1 - starter
    new._setup = (starter, number + 1)
    new._std = (False, False)
    new._top = ()
    # the starter's first draw (_start_turn on a fresh deck and empty tables, inlined: one
    # card cannot make 20 or nine cards, so nothing is forced)
    key = new._key
    z = new._key = (key + _GAMMA) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    z ^= z >> 31
    if new.rules.main_deck == "finite40":
        j = z % 40 if z < _LIMITS[40] else Rng(key).below(40)
        card = FULL_DECK[j]
        new._rest = _FULL_WITHOUT[j]
    else:
        card = 1 + (z % 10 if z < _LIMITS[10] else Rng(key).below(10))
        new._rest = b""
    if starter == 0:
        new._tab = (_MAIN1[card], ())
        new._tot = (card, 0)
    else:
        new._tab = ((), _MAIN1[card])
        new._tot = (0, card)
    new._turn = starter
    new._played = None


def _play_card(old: State, new: State, seat: int, move: PlayCard) -> None:
    """Z-D5 step 4: one hand card, then auto-stand / nine cards apply again."""
    card = move.card
    if old._played is not None:
        raise IllegalMove("pazaak.second_card", card=old._played)
    hand = old._hands[seat]
    if card not in hand:
        held: object = " ".join(map(str, hand)) or i18n.TranslatedError("pazaak.empty_hand")
        raise IllegalMove("pazaak.not_in_hand", card=card, player=_seat_name(seat), hand=held)
    value = card.options.get(move.sign)
    if value is None:
        if move.sign is None:
            raise IllegalMove("pazaak.needs_sign", card=card, options=_options(card))
        if card.needs_sign:
            raise IllegalMove(
                "pazaak.wrong_sign", card=card, value=_signed(move.sign), options=_options(card)
            )
        wrong = move.sign * card.size if move.sign in (1, -1) and card.size else move.sign
        raise IllegalMove("pazaak.fixed_sign", card=card, value=_signed(wrong))
    if card.is_gold:
        value = _gold_effect(new, seat, card, value)
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]
    used = new._used
    if seat == 0:
        new._hands = (hand, new._hands[1])
        new._used = (used[0] + (card,), used[1])
    else:
        new._hands = (new._hands[0], hand)
        new._used = (used[0], used[1] + (card,))
    tab = new._tab
    tot = new._tot
    if seat == 0:
        mine = tab[0] + ((card, value),)
        total = tot[0] + value
        new._tab = (mine, tab[1])
        new._tot = (total, tot[1])
    else:
        mine = tab[1] + ((card, value),)
        total = tot[1] + value
        new._tab = (tab[0], mine)
        new._tot = (tot[0], total)
    if total == TARGET or len(mine) >= MAX_CARDS:
        _forced_stand(new, seat, len(mine), total)
    else:
        new._played = card


def _gold_effect(new: State, seat: int, card: SideCard, value: int) -> int:
    """Z-D9: D copies the previous card's value; a Flip changes the sign of own ±2/±4
    (±3/±6) cards already placed and is itself worth 0."""
    mine = new._tab[seat]
    if card is DOUBLE:
        if not mine:
            raise IllegalMove("pazaak.double_empty")
        return mine[-1][1]
    flipped = _FLIPPED.get(card)
    if flipped is not None:
        low, high = flipped
        table = tuple((src, -v) if v in (low, high, -low, -high) else (src, v) for src, v in mine)
        total = sum(v for _, v in table)
        new._tab = (table, new._tab[1]) if seat == 0 else (new._tab[0], table)
        new._tot = (total, new._tot[1]) if seat == 0 else (new._tot[0], total)
    return value


# -------------------------------------------------------------------------------------------
# helpers for positions, records and views
# -------------------------------------------------------------------------------------------


def _main_count(tab: tuple[tuple[Placed, ...], tuple[Placed, ...]]) -> int:
    return sum(1 for seat in tab for src, _ in seat if src.__class__ is int)


def _unseen(tab: tuple[tuple[Placed, ...], tuple[Placed, ...]]) -> tuple[int, ...]:
    """The 40-card deck minus the main-deck cards on both tables, sorted."""
    counts = Counter(FULL_DECK)
    for seat in tab:
        for src, _ in seat:
            if src.__class__ is int:
                counts[src] -= 1
    return tuple(sorted(counts.elements()))


def _placed_text(p: Placed) -> str:
    src, value = p
    if isinstance(src, int):
        return str(value) if value == src else f"{src}→{value}"
    if src.needs_sign or src is DOUBLE or src.options.get(None) != value:
        return f"{src}({_signed(value)})"
    return str(src)


def _placed_view(p: Placed) -> dict[str, Any]:
    src, value = p
    return {"card": str(src), "value": value, "side": not isinstance(src, int)}


def _placed_record(p: Placed) -> object:
    src, value = p
    if isinstance(src, int):
        return src if src == value else [src, value]
    return [str(src), value]


def _main_card(text: object) -> int:
    value = text
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 2:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        shown = _cut(text) if isinstance(text, str) else i18n.shown(text)
        raise IllegalMove("pazaak.bad_main_card", text=shown)
    return value


def _parse_placed(item: object) -> Placed:
    if isinstance(item, (list, tuple)) and len(item) == 2:
        src, value = item
        if isinstance(value, bool) or not isinstance(value, int):
            raise IllegalMove("pazaak.pos_table", text=_quoted(item))
        if isinstance(src, int) or (isinstance(src, str) and src.strip().isdigit()):
            card = _main_card(src)
            if value not in (card, -card):
                raise IllegalMove("pazaak.pos_table", text=_quoted(item))
            return (card, value)
        side = SideCard.parse(src)
        # a Flip may have turned the value's sign; D copies a main-deck card's value
        sizes = set(range(11)) if side is DOUBLE else {abs(v) for v in side.options.values()}
        if abs(value) not in sizes:
            raise IllegalMove("pazaak.pos_table", text=_quoted(item))
        return (side, value)
    if isinstance(item, int) and not isinstance(item, bool):
        return _MAIN[_main_card(item)]
    if isinstance(item, SideCard) or (isinstance(item, str) and item.strip()[:1] in "+-−±"):
        side = SideCard.parse(item)
        value = side.options.get(None)
        if value is None or side.is_gold:
            raise IllegalMove("pazaak.pos_table", text=_quoted(item))
        return (side, value)
    if isinstance(item, str):
        return _MAIN[_main_card(item)]
    raise IllegalMove("pazaak.pos_table", text=_quoted(item))


def _pair(values: object, name: str) -> tuple[Any, Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != 2:
        reason = IllegalMove("pazaak.pos_per_seat", field=name)
        raise IllegalMove("pazaak.bad_position", reason=reason)
    return values[0], values[1]


_POSITION_FIELDS: Final = (
    "hands",
    "deck",
    "tables",
    "to_move",
    "standing",
    "sets_won",
    "set_number",
    "starter",
    "used",
    "played_this_turn",
)
"""The fields of a position in a record (see :meth:`State._start_record`)."""


def _field(fields: Mapping[str, Any], name: str) -> Any:
    """``fields[name]``, or a refusal naming the missing field."""
    if name not in fields:
        reason = IllegalMove("pazaak.pos_missing", field=name)
        raise IllegalMove("pazaak.bad_position", reason=reason)
    return fields[name]


def _known_fields(fields: Mapping[Any, Any], known: Sequence[str]) -> None:
    """Refuse a record field that is not one of ``known``, naming the known ones."""
    for key in fields:
        if key not in known:
            reason = IllegalMove(
                "pazaak.pos_unknown", field=i18n.shown(key), fields=", ".join(known)
            )
            raise IllegalMove("pazaak.bad_position", reason=reason)


def _listed(values: object, name: str) -> list[Any]:
    """A list of the entries of ``values`` (a list of cards in a position), else a refusal."""
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        reason = IllegalMove("pazaak.pos_cards", field=name, value=i18n.shown(values))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    return list(values)


def _check_rules(rules: Rules | None) -> Rules:
    return _SEED_RULES if rules is None else core.check_rules(rules, Rules, "pazaak")


def _position(
    hands: Any,
    deck: Any,
    tables: Any,
    to_move: Any,
    standing: Any,
    sets_won: Any,
    rules: Rules,
    *,
    set_number: Any,
    starter: Any,
    used: Any,
    played_this_turn: Any,
    key: int,
    draw: bool,
) -> State:
    over = to_move is None and not draw  # a finished match, as records of one store it
    to_move = 0 if over else check_seat(to_move)
    starter = check_seat(starter)
    h = tuple(tuple(sorted(_side_cards(h), key=_CODE)) for h in _pair(hands, "hands"))
    u = tuple(_side_cards(u) for u in _pair(used, "used"))
    t = tuple(
        tuple(_parse_placed(p) for p in _listed(tab, "tables")) for tab in _pair(tables, "tables")
    )
    on_tables = [src for tab in t for src, _ in tab if isinstance(src, SideCard)]
    for card in [c for cards in h + u for c in cards] + on_tables:
        if card.is_gold and not rules.gold_cards:
            raise IllegalMove("pazaak.gold_off", card=card)
    std = _pair(standing, "standing")
    if not all(isinstance(s, bool) for s in std):
        reason = IllegalMove("pazaak.pos_not_bool", field="standing", value=i18n.shown(standing))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    sets = _pair(sets_won, "sets_won")
    top_score = rules.sets_to_win + over
    valid = (isinstance(s, int) and not isinstance(s, bool) for s in sets)
    if (
        not all(valid)
        or not all(0 <= s < top_score for s in sets)
        or (over and max(sets) != rules.sets_to_win)
    ):
        raise IllegalMove(
            "pazaak.bad_position",
            reason=IllegalMove(
                "pazaak.pos_sets", sets=i18n.shown(list(sets)), target=rules.sets_to_win
            ),
        )
    if isinstance(deck, str):
        deck = deck.split()
    top = tuple(_main_card(c) for c in _listed(deck, "deck"))
    finite = rules.main_deck == "finite40"
    tabs = (t[0], t[1])
    if finite:
        counts = Counter(top)
        counts.update(src for tab in tabs for src, _ in tab if isinstance(src, int))
        for value, count in sorted(counts.items()):
            if count > 4:
                reason = IllegalMove("pazaak.pos_too_many", value=value, count=count)
                raise IllegalMove("pazaak.bad_position", reason=reason)
        # the undrawn cards below the explicit top; kept sorted, drawn at random (Z-D2)
        left = Counter(_unseen(tabs))
        left.subtract(top)
        computed = tuple(sorted(left.elements()))
    else:
        computed = ()
    if isinstance(set_number, bool) or not isinstance(set_number, int) or set_number < 1:
        reason = IllegalMove("pazaak.pos_set_number", value=i18n.shown(set_number))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    # consistency: totals, standing and nine cards (docs/rules/pazaak.md)
    for seat in (0, 1):
        total = sum(v for _, v in tabs[seat])
        count = len(tabs[seat])
        waiting = draw or seat != to_move
        if count > MAX_CARDS or (total > TARGET and waiting):
            reason = IllegalMove("pazaak.pos_over", player=_seat_name(seat), total=total)
            raise IllegalMove("pazaak.bad_position", reason=reason)
        if (count == MAX_CARDS or total == TARGET) and not std[seat]:
            reason = IllegalMove(
                "pazaak.pos_must_stand", player=_seat_name(seat), count=count, total=total
            )
            raise IllegalMove("pazaak.bad_position", reason=reason)
    if not over and (std[to_move] or (std[0] and std[1])):
        reason = IllegalMove("pazaak.pos_to_move_stands", player=_seat_name(to_move))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    played = None if played_this_turn is None else SideCard.parse(played_this_turn)
    if played is not None and draw:
        reason = IllegalMove("pazaak.pos_played_draw")
        raise IllegalMove("pazaak.bad_position", reason=reason)
    state = object.__new__(State)
    state.rules = rules
    state.parent = None
    state.last_move = None
    state._tab = tabs
    state._tot = (sum(v for _, v in tabs[0]), sum(v for _, v in tabs[1]))
    state._hands = (h[0], h[1])
    state._std = (std[0], std[1])
    state._sets = (sets[0], sets[1])
    state._turn = to_move
    state._played = played
    state._top = top
    state._rest = bytes(computed)
    state._key = key & _MASK64
    state._setup = (starter, set_number)
    state._used = (u[0], u[1])
    state._last = None
    state._start = None
    state.is_over = over
    if over:
        state._turn = None
    if draw:
        # the record keeps the position before the automatic draw; replaying draws again
        state._start = state._start_record()
        state._start["draw"] = True
        _start_turn(state, to_move)
    return state


def new_game(
    seed: int | str | None = None,
    rules: Rules | None = None,
    side_decks: Sequence[Iterable[SideCard | str] | str] | None = None,
    starter: int | None = None,
) -> State:
    """A new match: each player draws his hand of 4 from his side deck (Z-S5), the set-1
    starter is the higher of one main-deck card each unless given (Z-D3), and the starter
    makes the first draw.

    ``side_decks``: one 10-card deck per seat (validated, Z-D8); default
    :func:`default_side_deck` for both.

    >>> state = new_game(seed=7)
    >>> state.set_number, state.sets_won, len(state.hands[0]), sum(map(len, state.tables))
    (1, (0, 0), 4, 1)
    >>> new_game(seed=7).hands == state.hands
    True
    >>> new_game(side_decks=["+1 +2 +3 +4 +5 +6 -1 -2 -3 ±1/2", None])
    Traceback (most recent call last):
    ...
    cardwidgets.core.IllegalMove: the side deck of Player 1 is invalid: ±1/2 is a gold card, \
and these rules play without gold cards (gold_cards=False)
    """
    rules = _check_rules(rules)
    seed = fresh_seed() if seed is None else check_seed(seed)
    if side_decks is None:
        decks: list[Any] = [None, None]
    elif isinstance(side_decks, Sequence) and not isinstance(side_decks, str):
        decks = list(side_decks)
    else:
        decks = []
    if len(decks) != 2:
        raise IllegalMove("pazaak.side_decks_two", value=i18n.shown(side_decks))
    d0, d1 = decks
    checked = (
        default_side_deck(rules) if d0 is None else validate_side_deck(d0, rules, 0),
        default_side_deck(rules) if d1 is None else validate_side_deck(d1, rules, 1),
    )
    rng = Rng(seed)
    size = rules.hand_size
    hands = (_hand(rng, checked[0], size), _hand(rng, checked[1], size))
    first = starter
    while first is None:  # Z-D3: one main-deck card each, redraw on equal cards
        i, j = divmod(rng.below(40 * 39), 39)  # two different cards of the 40, uniformly
        a, b = FULL_DECK[i], FULL_DECK[j + (j >= i)]
        if a != b:
            first = 0 if a > b else 1
    first = check_seat(first)
    state = object.__new__(State)
    state.rules = rules
    state.parent = None
    state.last_move = None
    state._tab = ((), ())
    state._tot = (0, 0)
    state._hands = (hands[0], hands[1])
    state._std = (False, False)
    state._sets = (0, 0)
    state._turn = first
    state.is_over = False
    state._played = None
    state._top = ()
    state._rest = _FULL_BYTES if rules.main_deck == "finite40" else b""
    state._key = rng.next64()
    state._setup = (first, 1)
    state._used = ((), ())
    state._last = None
    state._start = {"seed": seed, "side_decks": checked, "starter": starter}
    _start_turn(state, first)
    return state


def _ways(n: int, k: int) -> int:
    ways = 1
    for i in range(min(k, n)):
        ways *= n - i
    return ways


_HAND_TABLES: dict[tuple[tuple[SideCard, ...], int], tuple[tuple[SideCard, ...], ...]] = {}
_HAND_TABLE_MAX: Final = 5040  # 4 of 10 cards (every preset); bigger draws are not tabled


def _hand(rng: Rng, deck: tuple[SideCard, ...], k: int) -> tuple[SideCard, ...]:
    """A sorted hand of ``k`` cards of ``deck``: a partial Fisher–Yates whose k swap positions
    are the mixed-radix digits of one uniform ``rng.below(n·(n-1)…)``. Small draws look the
    result up in a table of every outcome (made once per side deck) instead of shuffling."""
    table = _HAND_TABLES.get((deck, k))
    if table is not None:
        return table[rng.below(len(table))]
    ways = _ways(len(deck), k)
    if ways > _HAND_TABLE_MAX or len(_HAND_TABLES) >= 64:
        return tuple(sorted(_sample_at(deck, k, rng.below(ways)), key=_CODE))
    table = tuple(tuple(sorted(_sample_at(deck, k, r), key=_CODE)) for r in range(ways))
    _HAND_TABLES[(deck, k)] = table
    return table[rng.below(ways)]


def _sample_at(items: Sequence[Any], k: int, r: int) -> list[Any]:
    """``k`` items drawn without replacement, in draw order, for ``r < _ways(n, k)``."""
    pool = list(items)
    n = len(pool)
    k = min(k, n)
    for i in range(k):
        r, offset = divmod(r, n - i)
        j = i + offset
        pool[i], pool[j] = pool[j], pool[i]
    return pool[:k]


_NOT_ENDED: Final = -1
_LIMITS: Final = tuple((1 << 64) - (1 << 64) % n if n else 0 for n in range(41))
_TIE: Final = 2


def playout(state: State, rng: Rng) -> Outcome:
    """Play uniformly random legal moves from ``state`` to the end of the match, fast.

    The same rules and the same random choices as the loop
    ``state = state.play(moves[rng.below(len(moves))])`` with ``moves = state.legal_moves()``
    (the tests check that they agree move for move), but on plain lists, without making a
    state per move: for bot rollouts and simulations.

    >>> from cardwidgets.cards import Rng
    >>> playout(new_game(seed=1), Rng(2)) == playout(new_game(seed=1), Rng(2))
    True
    """
    if state._turn is None:
        outcome = state.outcome
        assert outcome is not None
        return outcome
    rules = state.rules
    finite = rules.main_deck == "finite40"
    fill = rules.fill_table_wins
    need = rules.sets_to_win
    below = rng.below
    cache = _MOVES_CACHE
    tab = [list(state._tab[0]), list(state._tab[1])]
    tot = list(state._tot)
    hands = list(state._hands)
    std = list(state._std)
    sets = list(state._sets)
    starter = state._setup[0]
    top = state._top
    rest = list(state._rest)
    key = state._key
    seat = state._turn
    played = state._played is not None
    stream = Rng(key)
    while True:
        # -- the decision of `seat`, exactly as legal_moves() orders it
        if played:
            move: Move = _TAIL[below(2)]
        else:
            hand = hands[seat]
            moves = cache.get(hand)
            if moves is None:
                moves = _hand_moves(hand)
            move = moves[below(len(moves))]
        winner = _NOT_ENDED
        if move is STAND:
            std[seat] = True
        elif move is not END_TURN:
            card = move.card  # type: ignore[attr-defined]
            mine = tab[seat]
            value = card.options[move.sign]  # type: ignore[attr-defined]
            if card is DOUBLE:
                value = mine[-1][1]
            elif card in _FLIPPED:
                low, high = _FLIPPED[card]
                for i, (src, v) in enumerate(mine):
                    if v in (low, high, -low, -high):
                        mine[i] = (src, -v)
                tot[seat] = sum(v for _, v in mine)
            hand = hands[seat]
            i = hand.index(card)
            hands[seat] = hand[:i] + hand[i + 1 :]
            mine.append((card, value))
            total = tot[seat] = tot[seat] + value
            if len(mine) >= MAX_CARDS or total == TARGET:
                if len(mine) >= MAX_CARDS and total <= TARGET and fill:
                    winner = seat
                else:
                    std[seat] = True
            else:
                played = True
                continue
        # -- end of the turn of `seat` (Z-D4), set ends, and the next turns' draws (Z-D5)
        ending = seat
        while True:
            if winner == _NOT_ENDED:
                if tot[ending] > TARGET:
                    winner = 1 - ending
                elif std[0] and std[1]:
                    a, b = tot
                    if a != b:
                        winner = 0 if a > b else 1
                    else:
                        t0 = any(p[0] is TIEBREAKER for p in tab[0])
                        t1 = any(p[0] is TIEBREAKER for p in tab[1])
                        winner = _TIE if t0 == t1 else (0 if t0 else 1)
            if winner != _NOT_ENDED:
                if winner != _TIE:
                    sets[winner] += 1
                    if sets[winner] >= need:
                        return Outcome(winner, (sets[0], sets[1]))
                starter = 1 - starter
                tab = [[], []]
                tot = [0, 0]
                std = [False, False]
                top = ()
                rest = list(FULL_DECK) if finite else rest
                nxt = starter
                winner = _NOT_ENDED
            else:
                nxt = ending if std[1 - ending] else 1 - ending
            if top:
                card_value, top = top[0], top[1:]
            else:
                # Rng(key).below(n) as _start_turn draws, without a new Rng per draw: the
                # stream Rng(key) continues into Rng(key + _GAMMA), so one generator serves
                # every draw until a (very rare) rejection, which is redone exactly.
                n = len(rest) if finite else 10
                z = stream.next64()
                if z < _LIMITS[n]:
                    j = z % n
                else:
                    j = Rng(key).below(n)
                    stream = Rng((key + _GAMMA) & _MASK64)
                key = (key + _GAMMA) & _MASK64
                card_value = rest.pop(j) if finite else 1 + j
            mine = tab[nxt]
            mine.append(_MAIN[card_value])
            total = tot[nxt] = tot[nxt] + card_value
            if len(mine) >= MAX_CARDS or total == TARGET:
                if len(mine) >= MAX_CARDS and total <= TARGET and fill:
                    winner = nxt
                else:
                    std[nxt] = True
                    ending = nxt
                continue
            seat = nxt
            played = False
            break


def from_record(record: Mapping[str, Any] | str) -> State:
    """Replay a record written by :meth:`State.to_record` (a dict or its JSON text)."""
    return State.from_record(record)


def bust_probability(state: State, seat: int) -> Fraction:
    """The exact chance that ``seat``'s next main-deck draw takes his total over 20.

    Computed only from what ``seat`` can see: under ``finite40`` the 40-card deck minus the
    main-deck cards on both tables this set; under ``uniform_with_replacement`` 1/10 per
    value. A hand card played afterwards could still recover (Z-D4); this is the chance
    before it. Returns a :class:`fractions.Fraction` (``float(...)`` for a decimal).

    >>> s = State.from_position(hands=["", ""], deck=[10, 9], tables=([10], [5]), seed=0)
    >>> s.totals, s.standing, s.to_move  # P1 drew 10: 20 stands him; P2 drew the 9
    ((20, 14), (True, False), 1)
    >>> bust_probability(s, 1)  # 14 busts with 7…10: 4 + 4 + 3 + 2 of the 36 unseen cards
    Fraction(13, 36)
    >>> bust_probability(s, 0)
    Fraction(1, 1)
    """
    check_seat(seat)
    limit = TARGET - state._tot[seat]  # a card above this busts
    if state.rules.main_deck != "finite40":
        busting = sum(1 for v in range(1, 11) if v > limit)
        return Fraction(busting, 10)
    unseen = _unseen(state._tab)
    if not unseen:
        return Fraction(0)
    return Fraction(sum(1 for v in unseen if v > limit), len(unseen))
