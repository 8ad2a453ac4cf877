"""Panjpar: the Afghan relative of Durak (docs/rules/panjpar.md), as an exact rules engine.

A game is a series of battles. The attacker throws 1, 3 or 5 cards (a pair for three, two pairs
for five, P-D3); the defender kills any of them with distinct higher cards or trumps (P-D5) and
picks up the rest; both draw back to five, attacker first (P-D2); the player who runs out of
cards once the stock is empty wins (P-D7).

>>> from cardwidgets import panjpar
>>> state = panjpar.State.from_position(
...     hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦")
>>> state.to_move, state.trump, [str(c) for c in state.stock]
(0, <Suit.DIAMONDS: '♦'>, ['Q♥', 'J♦'])
>>> state = state.play("attack 7♥ 7♣ 9♦")
>>> state.play("attack 2♠")
Traceback (most recent call last):
...
cardwidgets.core.IllegalMove: Player B must answer the attack on the table (kill or pick up), ...
>>> state = state.play("kill 7♥ with 9♥, pick up 7♣ 9♦")
>>> str(state.last_move), state.to_move, len(state.hands[1])
('kill 7♥ with 9♥, pick up 7♣ 9♦', 0, 6)

Trade-offs:

* Cards are ints (``Card.index``) and hands bitmasks inside the engine; stocks are one tuple
  shared by every state of a game plus a position, so :meth:`State.play` copies nothing big.
* Legal moves are generated from rank counts (attacks) and from each attack card's beaters
  (defences), never from all combinations of a hand. They can still be many (a defender holding
  15 cards may have tens of thousands of defences), so the engine also *counts* them without
  enumerating (:meth:`State.legal_moves_count`), *unranks* the i-th one
  (:meth:`State.legal_move_at`) and iterates lazily (:meth:`State.iter_legal_moves`).
  :meth:`State.random_move` picks uniformly among all legal moves without listing them
  (count-and-index; exact rejection sampling for defences against 3 or 5 cards), and
  :meth:`State.rollout` plays such moves to the end on plain ints, for bots' playouts.
* A move that a state generated itself (``random_move``, ``legal_move_at``) is played without
  re-validation; any other move is checked in full and explained when illegal.
* States use ``__slots__`` and are built by slot stores (no dict copy); ``is_over`` is a plain
  attribute set when a state is made. Generated moves are cached (one-card attacks and
  defences) or carry their kill masks. Samplers unrank the commonest shapes (no pair, one or
  two pairs; one attack card) directly from bitmasks; the draws and the order are those of the
  general count-and-unrank code, which tests check index by index.
* :meth:`State.legal_moves` is sorted (attacks by size, then cards; defences by what each
  attack card meets); the lazy/indexed order is the generation order, a different but fixed
  order over the same set. As in Tablić, it first lists int keys (an attack's mask; a
  defence's code: the attack mask, then per attack card its killer's index + 1 or 0 for a
  pick-up) generated already in that order, or ordered by one int sort, never a key
  function. Moves are made from the keys lazily: single attacks and one-card defences are
  cached objects; the others get only their mask or code, and ``cards`` / ``kills`` /
  ``pickup`` are built on first read. The state keeps the keys, so :meth:`State.play` trusts
  a move whose key it listed (an int look-up) instead of re-checking it.
* The player view (P-D9) shows the opponent's hand size, the trump indicator while it lies under
  the stock and the top discard, and whether the stock is empty (physically visible: the
  indicator is there or not), never the stock count.
* Seats: 0 is player A, 1 is player B. :func:`new_game` deals with B (seat 1) as the dealer by
  default, so A (the non-dealer) makes the trump guess (P-D1).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from cardwidgets import cards, core, i18n
from cardwidgets.cards import DECK, Card, CardLike, Rng, Suit
from cardwidgets.core import IllegalMove, Outcome, check_seat
from cardwidgets.i18n import TranslatedError

__all__ = [
    "Attack",
    "Defend",
    "Kills",
    "Move",
    "PositionError",
    "Rules",
    "State",
    "allowed_attack_sizes",
    "beats",
    "count_attacks",
    "count_defences",
    "from_record",
    "is_valid_attack",
    "iter_attacks",
    "iter_defences",
    "new_game",
]

# --------------------------------------------------------------------------------------------
# Sentences (en + de)
# --------------------------------------------------------------------------------------------

i18n.register(
    {
        "panjpar.player": {"en": "Player {name}", "de": "Spieler {name}"},
        "panjpar.cards_one": {"en": "1 card", "de": "1 Karte"},
        "panjpar.cards_many": {"en": "{count} cards", "de": "{count} Karten"},
        "panjpar.bad_text": {
            "en": "'{text}' is not a Panjpar move: write e.g. 'attack 7♥ 7♣ 9♦', "
            "'kill 7♥ with 9♥, pick up 7♣ 9♦' or 'pick up'",
            "de": "'{text}' ist kein Panjpar-Zug: schreibe z. B. 'attack 7♥ 7♣ 9♦', "
            "'kill 7♥ with 9♥, pick up 7♣ 9♦' oder 'pick up'",
        },
        "panjpar.bad_card_text": {
            "en": "'{text}' is not a Panjpar move: {reason}",
            "de": "'{text}' ist kein Panjpar-Zug: {reason}",
        },
        "panjpar.kill_twice": {
            "en": "{card} is killed twice: one defending card goes on each attack card",
            "de": "{card} wird zweimal geschlagen: auf jede Angriffskarte kommt eine Karte",
        },
        "panjpar.not_your_turn": {
            "en": "it is {player}'s turn, not {other}'s",
            "de": "{player} ist am Zug, nicht {other}",
        },
        "panjpar.no_attack": {
            "en": "there is no attack to answer: {player} attacks now",
            "de": "es gibt keinen Angriff zu beantworten: {player} greift jetzt an",
        },
        "panjpar.must_defend": {
            "en": "{player} must answer the attack on the table (kill or pick up), not attack",
            "de": "{player} muss den Angriff auf dem Tisch beantworten (schlagen oder "
            "aufnehmen), nicht angreifen",
        },
        "panjpar.attack_empty": {
            "en": "an attack needs 1, 3 or 5 cards; attacking is not optional",
            "de": "ein Angriff braucht 1, 3 oder 5 Karten; angreifen ist Pflicht",
        },
        "panjpar.not_in_hand": {
            "en": "{card} is not in {player}'s hand",
            "de": "{card} ist nicht auf der Hand von {player}",
        },
        "panjpar.attack_size": {
            "en": "an attack has 1, 3 or 5 cards, not {count}",
            "de": "ein Angriff hat 1, 3 oder 5 Karten, nicht {count}",
        },
        "panjpar.shape3": {
            "en": "a three-card attack needs a pair: {pattern} has none",
            "de": "ein Angriff mit drei Karten braucht ein Paar: {pattern} hat keines",
        },
        "panjpar.shape5_none": {
            "en": "a five-card attack needs two pairs and a fifth card: {pattern} has no pair",
            "de": "ein Angriff mit fünf Karten braucht zwei Paare und eine fünfte Karte: "
            "{pattern} hat kein Paar",
        },
        "panjpar.shape5_one": {
            "en": "a five-card attack needs two pairs and a fifth card: {pattern} has only "
            "one pair",
            "de": "ein Angriff mit fünf Karten braucht zwei Paare und eine fünfte Karte: "
            "{pattern} hat nur ein Paar",
        },
        "panjpar.limit_one": {
            "en": "{player} holds {count}: attack with one card",
            "de": "{player} hat {count}: greife mit einer Karte an",
        },
        "panjpar.limit_three": {
            "en": "{player} holds {count}: attack with one or three cards",
            "de": "{player} hat {count}: greife mit einer oder drei Karten an",
        },
        "panjpar.not_attacked": {
            "en": "{card} is not one of the attack cards ({attack})",
            "de": "{card} gehört nicht zu den Angriffskarten ({attack})",
        },
        "panjpar.killer_twice": {
            "en": "the {card} cannot beat two cards: each defending card beats one attack card",
            "de": "{card} kann nicht zwei Karten schlagen: jede Karte schlägt nur eine "
            "Angriffskarte",
        },
        "panjpar.lower": {
            "en": "the {killer} cannot beat the {card}: it is lower",
            "de": "{killer} kann {card} nicht schlagen: sie ist niedriger",
        },
        "panjpar.trump_needs_trump": {
            "en": "the {killer} cannot beat the {card}: a trump ({trump}) is beaten only by a "
            "higher trump",
            "de": "{killer} kann {card} nicht schlagen: einen Trumpf ({trump}) schlägt nur "
            "ein höherer Trumpf",
        },
        "panjpar.wrong_suit": {
            "en": "the {killer} cannot beat the {card}: only a higher {suit} or a trump "
            "({trump}) can",
            "de": "{killer} kann {card} nicht schlagen: das kann nur eine höhere {suit}-Karte "
            "oder ein Trumpf ({trump})",
        },
        "panjpar.take_all": {
            "en": "under the take-all rule you kill every attack card or pick up all of them",
            "de": "nach der Alles-aufnehmen-Regel schlägst du jede Angriffskarte oder nimmst "
            "alle auf",
        },
        "panjpar.wrong_pickup": {
            "en": "the cards left unbeaten are picked up: that is {cards}",
            "de": "die nicht geschlagenen Karten werden aufgenommen: das sind {cards}",
        },
        "panjpar.nothing": {"en": "nothing", "de": "keine"},
        "panjpar.describe_attack": {
            "en": "Attack with {cards}",
            "de": "Angriff mit {cards}",
        },
        "panjpar.describe_kill": {
            "en": "kill {card} with {killer}",
            "de": "schlägt {card} mit {killer}",
        },
        "panjpar.describe_pickup": {
            "en": "pick up {cards}",
            "de": "nimmt {cards} auf",
        },
        "panjpar.describe_pickup_all": {
            "en": "pick up all attack cards",
            "de": "nimmt alle Angriffskarten auf",
        },
        "panjpar.describe_player": {"en": "{player}: {move}", "de": "{player}: {move}"},
        "panjpar.bad_guess": {
            "en": "the trump guess is 'red' or 'black', not {guess}",
            "de": "der Trumpf-Tipp ist 'red' (rot) oder 'black' (schwarz), nicht {guess}",
        },
        "panjpar.bad_trump": {
            "en": "{trump} is not a suit or card: write ♠ ♥ ♦ ♣ (or S H D C) or a card",
            "de": "{trump} ist keine Farbe und keine Karte: schreibe ♠ ♥ ♦ ♣ (oder S H D C) "
            "oder eine Karte",
        },
        "panjpar.pos_twice": {
            "en": "{card} appears twice in the position",
            "de": "{card} kommt in der Stellung zweimal vor",
        },
        "panjpar.pos_indicator": {
            "en": "the last stock card {card} is the trump indicator, so trumps are {suit}, "
            "not {trump}",
            "de": "die letzte Stapelkarte {card} zeigt den Trumpf an, also ist {suit} Trumpf, "
            "nicht {trump}",
        },
        "panjpar.pos_no_cards": {
            "en": "{player} must attack but holds no cards",
            "de": "{player} muss angreifen, hat aber keine Karten",
        },
        "panjpar.pos_known": {
            "en": "{card} is marked as seen in {player}'s hand but is not there",
            "de": "{card} ist als gesehen auf der Hand von {player} markiert, ist aber nicht dort",
        },
        "panjpar.pos_attack": {
            "en": "the attack on the table is not valid: {reason}",
            "de": "der Angriff auf dem Tisch ist ungültig: {reason}",
        },
        "panjpar.pos_hands": {
            "en": "hands must be two lists of cards, one per seat",
            "de": "hands muss aus zwei Kartenlisten bestehen, eine je Platz",
        },
        "panjpar.pos_known_lists": {
            "en": "known must be two lists of cards, one per seat",
            "de": "known muss aus zwei Kartenlisten bestehen, eine je Platz",
        },
        "panjpar.start_fields": {
            "en": "the start of the record needs 'seed' or 'position'; it has {fields}",
            "de": "der Anfang des Protokolls braucht 'seed' oder 'position'; er hat {fields}",
        },
        "panjpar.start_unknown": {
            "en": "the start of the record has no field {field}; its fields are: {fields}",
            "de": "der Anfang des Protokolls hat kein Feld {field}; seine Felder sind: {fields}",
        },
        "panjpar.start_missing": {
            "en": "the position in the record has no field '{field}'",
            "de": "der Stellung im Protokoll fehlt das Feld '{field}'",
        },
        "panjpar.start_position": {
            "en": "'position' must be an object (a dict) of position fields, not {value}",
            "de": "'position' muss ein Objekt (ein dict) mit Stellungsfeldern sein, nicht {value}",
        },
        "panjpar.bad_kills": {
            "en": "kills must map attack cards to the cards that beat them, not {kills}",
            "de": "kills muss Angriffskarten auf die Karten abbilden, die sie schlagen, nicht "
            "{kills}",
        },
    }
)


class PositionError(TranslatedError):
    """A position or set-up that cannot be a Panjpar game (a ``ValueError``)."""


# --------------------------------------------------------------------------------------------
# Rules
# --------------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Rules(core.Rules):
    """Panjpar rules; the defaults are the seed rules (docs/rules/panjpar.md).

    ``pickup``: ``"unbeaten"`` (seed, P-D5: the defender picks up only the cards he did not
    kill) or ``"all"`` (Podkidnoy-Durak style, for comparison: kill every card or pick up the
    whole attack). ``hand_size``: draw up to this many (5; "panjpar" means five cards).

    >>> Rules().to_dict()
    {'pickup': 'unbeaten', 'hand_size': 5}
    """

    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {
        "pickup": ("unbeaten", "all"),
        "hand_size": (5, 6),
    }

    pickup: str = "unbeaten"
    hand_size: int = 5


# --------------------------------------------------------------------------------------------
# Card tables
# --------------------------------------------------------------------------------------------

_RUNNING = -2
_DRAW = -1
_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_POP4 = tuple(bin(i).count("1") for i in range(16))
_C2 = (0, 0, 1, 3, 6)
_C3 = (0, 0, 0, 1, 4)


def _build_beaters() -> tuple[tuple[int, ...], ...]:
    # _BEATERS[trump][card] = mask of every card that beats `card` (P-S12, §1.3 rule 4).
    table = []
    for trump in range(4):
        row = []
        for attacked in range(52):
            rank_a, suit_a = divmod(attacked, 4)
            bits = 0
            for killer in range(52):
                rank_k, suit_k = divmod(killer, 4)
                if (suit_k == suit_a and rank_k > rank_a) or (suit_k == trump != suit_a):
                    bits |= 1 << killer
            row.append(bits)
        table.append(tuple(row))
    return tuple(table)


_BEATERS = _build_beaters()
# _SUBSETS[nibble][k]: the k-card subsets of one rank's nibble, ascending.
_SUBSETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(s for s in range(16) if s & ~nib == 0 and _POP4[s] == k) for k in range(5))
    for nib in range(16)
)


# Bit positions and cards of every 13-bit chunk of a 52-bit mask, so that listing the cards of
# a mask is four table look-ups instead of a loop over its bits (the hottest helper).
_CHUNK = 13
_LOW = (1 << _CHUNK) - 1
_CHUNK_BITS = tuple(
    tuple(tuple(base + i for i in range(_CHUNK) if v >> i & 1) for v in range(1 << _CHUNK))
    for base in range(0, 52, _CHUNK)
)
_CHUNK_CARDS = tuple(tuple(tuple(DECK[i] for i in t) for t in table) for table in _CHUNK_BITS)


def _bits(mask: int) -> tuple[int, ...]:
    b0, b1, b2, b3 = _CHUNK_BITS
    return (
        b0[mask & _LOW]
        + b1[(mask >> 13) & _LOW]
        + b2[(mask >> 26) & _LOW]
        + b3[(mask >> 39) & _LOW]
    )


def _cards_of(mask: int) -> tuple[Card, ...]:
    c0, c1, c2, c3 = _CHUNK_CARDS
    return (
        c0[mask & _LOW]
        + c1[(mask >> 13) & _LOW]
        + c2[(mask >> 26) & _LOW]
        + c3[(mask >> 39) & _LOW]
    )


_SUIT_NAMES = {
    "♠": 0, "♤": 0, "S": 0, "SPADES": 0, "PIK": 0,
    "♥": 1, "♡": 1, "H": 1, "HEARTS": 1, "HERZ": 1,
    "♦": 2, "♢": 2, "D": 2, "DIAMONDS": 2, "KARO": 2,
    "♣": 3, "♧": 3, "C": 3, "CLUBS": 3, "KREUZ": 3,
}  # fmt: skip


def _suit_index(suit: object) -> int:
    if isinstance(suit, Suit):
        return suit.order
    if isinstance(suit, Card):
        return suit.suit.order
    if isinstance(suit, str) and suit.strip().upper() in _SUIT_NAMES:
        return _SUIT_NAMES[suit.strip().upper()]
    raise PositionError("panjpar.bad_trump", trump=i18n.shown(suit))


# --------------------------------------------------------------------------------------------
# Shapes, beating, attack sizes (the public helpers of DESIGN.md)
# --------------------------------------------------------------------------------------------


_M1 = int("0001" * 13, 2)  # bit 0 of every rank nibble
_M5 = int("0101" * 26, 2)  # 0x5555…: every other bit
_M3 = int("0011" * 26, 2)  # 0x3333…


def _nibble_counts(mask: int) -> int:
    """Per-rank card counts, one per nibble (SWAR popcount: no loop over ranks)."""
    v = mask - ((mask >> 1) & _M5)
    return (v & _M3) + ((v >> 2) & _M3)


def _rank_counts(mask: int) -> list[int]:
    v = _nibble_counts(mask)
    return [(v >> (4 * r)) & 15 for r in range(13)]


def _paired_ranks(mask: int) -> list[tuple[int, int]]:
    """(rank, count) of every rank held at least twice, ascending."""
    v = _nibble_counts(mask)
    flags = ((v >> 1) | (v >> 2)) & _M1
    found = []
    while flags:
        low = flags & -flags
        shift = low.bit_length() - 1
        found.append((shift >> 2, (v >> shift) & 15))
        flags ^= low
    return found


def _shape_ok(mask: int) -> bool:
    size = mask.bit_count()
    if size == 1:
        return True
    if size not in (3, 5):
        return False
    pairs = sum(c // 2 for _, c in _paired_ranks(mask))
    return pairs >= (size - 1) // 2


def is_valid_attack(attack: Iterable[CardLike] | str) -> bool:
    """Whether the cards form a legal attack shape (P-D3); suits and hands do not matter.

    >>> [is_valid_attack(t) for t in ("7♥", "7♥ 7♣ 9♦", "7♥ 8♣ 9♦", "8♠ 8♥ 8♦", "4♠ 4♥")]
    [True, True, False, True, False]
    >>> [is_valid_attack(t) for t in ("K♠ K♥ 4♠ 4♥ 7♣", "10♠ 10♥ 3♠ 3♥ 3♦", "6♠ 6♥ 6♦ 6♣ J♠",
    ...                               "K♠ K♥ K♦ 4♠ 7♣")]
    [True, True, True, False]
    """
    return _shape_ok(cards.mask(cards.to_cards(attack)))


def beats(card: CardLike, attacked: CardLike, trump_suit: Suit | str | Card) -> bool:
    """Whether ``card`` kills ``attacked`` (P-S12): a higher card of its suit, or any trump
    on a non-trump. ``trump_suit`` is a suit (``"♦"``, ``"D"``) or the indicator card.

    >>> beats("7♣", "5♣", "♦"), beats("2♦", "A♣", "♦"), beats("4♣", "5♣", "♦")
    (True, True, False)
    >>> beats("A♣", "2♦", "D"), beats("3♦", "2♦", "D")
    (False, True)
    """
    killer, target = cards.to_card(card), cards.to_card(attacked)
    return bool(_BEATERS[_suit_index(trump_suit)][target.index] >> killer.index & 1)


def allowed_attack_sizes(defender_hand_size: int) -> tuple[int, ...]:
    """Attack sizes allowed against a defender holding that many cards (P-S23, P-D4).

    >>> [allowed_attack_sizes(n) for n in (0, 1, 2, 3, 4, 5, 9)]
    [(), (1,), (1,), (1, 3), (1, 3), (1, 3, 5), (1, 3, 5)]
    """
    return tuple(size for size in (1, 3, 5) if size <= defender_hand_size)


def _max_size(defender_hand_size: int) -> int:
    return 5 if defender_hand_size >= 5 else 3 if defender_hand_size >= 3 else 1


# --------------------------------------------------------------------------------------------
# Attack generation from rank counts: count, unrank and iterate share one block structure
# --------------------------------------------------------------------------------------------


_Block = tuple[str, int, int]


def _attack_blocks(
    hand: int, max_size: int, paired: list[tuple[int, int]] | None = None
) -> list[tuple[int, _Block]]:
    """Blocks of attacks as (count, descriptor), in generation order.

    Descriptors: ("1",), ("3", r, 0), ("21", r, 0), ("221", r1, r2), ("32", r3, r2), ("41", r, 0).
    Each shape is generated once: the pair (or triple, four) ranks fix the grouping.
    """
    n = hand.bit_count()
    if n == 0 or max_size < 1:
        return []
    blocks: list[tuple[int, _Block]] = [(n, ("1", 0, 0))]
    if max_size < 3:
        return blocks
    if paired is None:
        paired = _paired_ranks(hand)
    if not paired:
        return blocks
    for r, c in paired:
        if c >= 3:
            blocks.append((_C3[c], ("3", r, 0)))
        blocks.append((_C2[c] * (n - c), ("21", r, 0)))
    if max_size < 5:
        return blocks
    for i, (r1, c1) in enumerate(paired):
        for r2, c2 in paired[i + 1 :]:
            rest = n - c1 - c2
            if rest:
                blocks.append((_C2[c1] * _C2[c2] * rest, ("221", r1, r2)))
    for r3, c3 in paired:
        if c3 >= 3:
            for r2, c2 in paired:
                if r2 != r3:
                    blocks.append((_C3[c3] * _C2[c2], ("32", r3, r2)))
    for r, c in paired:
        if c == 4 and n > 4:
            blocks.append((n - 4, ("41", r, 0)))
    return blocks


def _others(hand: int, *ranks: int) -> tuple[int, ...]:
    for r in ranks:
        hand &= ~(15 << (4 * r))
    return _bits(hand)


def _block_masks(hand: int, block: _Block) -> Iterator[int]:
    kind = block[0]
    if kind == "1":
        for i in _bits(hand):
            yield 1 << i
    elif kind == "3":
        r = block[1]
        for t in _SUBSETS[(hand >> (4 * r)) & 15][3]:
            yield t << (4 * r)
    elif kind == "21":
        r = block[1]
        others = _others(hand, r)
        for p in _SUBSETS[(hand >> (4 * r)) & 15][2]:
            for x in others:
                yield (p << (4 * r)) | (1 << x)
    elif kind == "221":
        r1, r2 = block[1], block[2]
        others = _others(hand, r1, r2)
        for p1 in _SUBSETS[(hand >> (4 * r1)) & 15][2]:
            for p2 in _SUBSETS[(hand >> (4 * r2)) & 15][2]:
                for x in others:
                    yield (p1 << (4 * r1)) | (p2 << (4 * r2)) | (1 << x)
    elif kind == "32":
        r3, r2 = block[1], block[2]
        for t in _SUBSETS[(hand >> (4 * r3)) & 15][3]:
            for p in _SUBSETS[(hand >> (4 * r2)) & 15][2]:
                yield (t << (4 * r3)) | (p << (4 * r2))
    else:  # "41"
        r = block[1]
        for x in _others(hand, r):
            yield (15 << (4 * r)) | (1 << x)


def _block_mask_at(hand: int, block: _Block, index: int) -> int:
    # The index-th mask of _block_masks(hand, block), by mixed-radix arithmetic.
    kind = block[0]
    if kind == "1":
        return 1 << _bits(hand)[index]
    if kind == "3":
        r = block[1]
        return _SUBSETS[(hand >> (4 * r)) & 15][3][index] << (4 * r)
    if kind == "21":
        r = block[1]
        others = _others(hand, r)
        p, x = divmod(index, len(others))
        return (_SUBSETS[(hand >> (4 * r)) & 15][2][p] << (4 * r)) | (1 << others[x])
    if kind == "221":
        r1, r2 = block[1], block[2]
        others = _others(hand, r1, r2)
        pairs2 = _SUBSETS[(hand >> (4 * r2)) & 15][2]
        rest, x = divmod(index, len(others))
        p1, p2 = divmod(rest, len(pairs2))
        return (
            (_SUBSETS[(hand >> (4 * r1)) & 15][2][p1] << (4 * r1))
            | (pairs2[p2] << (4 * r2))
            | (1 << others[x])
        )
    if kind == "32":
        r3, r2 = block[1], block[2]
        pairs2 = _SUBSETS[(hand >> (4 * r2)) & 15][2]
        t, p = divmod(index, len(pairs2))
        return (_SUBSETS[(hand >> (4 * r3)) & 15][3][t] << (4 * r3)) | (pairs2[p] << (4 * r2))
    r = block[1]
    return (15 << (4 * r)) | (1 << _others(hand, r)[index])


def _iter_attack_masks(hand: int, max_size: int) -> Iterator[int]:
    for _, block in _attack_blocks(hand, max_size):
        yield from _block_masks(hand, block)


def count_attacks(hand: Iterable[CardLike] | str, max_size: int = 5) -> int:
    """How many legal attacks of at most ``max_size`` cards a hand has, without listing them.

    >>> count_attacks("7♥ 7♣ 9♦ 2♠ 3♠")    # 5 singles + 7-7 with each of 3 others
    8
    >>> count_attacks(cards.DECK)            # a hand of all 52 cards, for scale
    131768
    """
    return sum(n for n, _ in _attack_blocks(cards.mask(cards.to_cards(hand)), max_size))


def iter_attacks(hand: Iterable[CardLike] | str, max_size: int = 5) -> Iterator[Attack]:
    """The legal attacks of a hand, lazily, in generation order (by shape and rank).

    >>> [str(a) for a in iter_attacks("8♠ 8♥ 8♦", max_size=3)]
    ['attack 8♠', 'attack 8♥', 'attack 8♦', 'attack 8♠ 8♥ 8♦']
    """
    for bits in _iter_attack_masks(cards.mask(cards.to_cards(hand)), max_size):
        yield Attack._from_mask(bits)


# --------------------------------------------------------------------------------------------
# Defences: partial one-to-one assignments of beaters (P-D5), counted by interchangeable classes
# --------------------------------------------------------------------------------------------


class _Defences:
    """The defences against ``attack`` (sorted card indices) from ``hand``.

    Hand cards that beat exactly the same attack cards are interchangeable, so they form a
    class; counting recurses over the attack cards with the remaining size of each class, which
    stays small even when the hand is large. Generation order: at each attack card, first
    "leave it" (pick it up), then each class in order, then each unused card of that class.
    With ``take_all`` only the full pick-up and the complete kills are legal.
    """

    __slots__ = ("attack", "classes", "memo", "sigs", "take_all")

    def __init__(self, attack: Sequence[int], hand: int, trump: int, take_all: bool) -> None:
        self.attack = attack
        self.take_all = take_all
        beaters = [_BEATERS[trump][a] & hand for a in attack]
        union = 0
        for b in beaters:
            union |= b
        groups: dict[int, list[int]] = {}
        for card in _bits(union):
            sig = 0
            for i, b in enumerate(beaters):
                if b >> card & 1:
                    sig |= 1 << i
            groups.setdefault(sig, []).append(card)
        self.sigs = sorted(groups)
        self.classes = [groups[s] for s in self.sigs]
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def _ways(self, i: int, rem: tuple[int, ...]) -> int:
        if i == len(self.attack):
            return 1
        key = (i, rem)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = 0 if self.take_all else self._ways(i + 1, rem)
        bit = 1 << i
        for j, sig in enumerate(self.sigs):
            if sig & bit and rem[j]:
                total += rem[j] * self._ways(i + 1, (*rem[:j], rem[j] - 1, *rem[j + 1 :]))
        self.memo[key] = total
        return total

    def _start(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.classes)

    def count(self) -> int:
        full = self._ways(0, self._start())
        return full + 1 if self.take_all else full

    def at(self, index: int) -> list[tuple[int, int]]:
        """The index-th defence as (attack card, killer) pairs."""
        if self.take_all:
            if index == 0:
                return []
            index -= 1
        rem = self._start()
        used: list[set[int]] = [set() for _ in self.classes]
        pairs: list[tuple[int, int]] = []
        for i, attacked in enumerate(self.attack):
            if not self.take_all:
                skip = self._ways(i + 1, rem)
                if index < skip:
                    continue
                index -= skip
            bit = 1 << i
            for j, sig in enumerate(self.sigs):
                if not (sig & bit and rem[j]):
                    continue
                after = (*rem[:j], rem[j] - 1, *rem[j + 1 :])
                each = self._ways(i + 1, after)
                block = rem[j] * each
                if index < block:
                    pick, index = divmod(index, each)
                    free = [c for c in self.classes[j] if c not in used[j]]
                    used[j].add(free[pick])
                    pairs.append((attacked, free[pick]))
                    rem = after
                    break
                index -= block
            else:  # pragma: no cover - counts and walk always agree
                raise IndexError("defence index out of range")
        return pairs

    def __iter__(self) -> Iterator[list[tuple[int, int]]]:
        if self.take_all:
            yield []
        yield from self._walk(0, self._start(), [set() for _ in self.classes], [])

    def _walk(
        self, i: int, rem: tuple[int, ...], used: list[set[int]], pairs: list[tuple[int, int]]
    ) -> Iterator[list[tuple[int, int]]]:
        if i == len(self.attack):
            yield list(pairs)
            return
        if not self.take_all:
            yield from self._walk(i + 1, rem, used, pairs)
        bit = 1 << i
        for j, sig in enumerate(self.sigs):
            if not (sig & bit and rem[j]):
                continue
            after = (*rem[:j], rem[j] - 1, *rem[j + 1 :])
            for card in self.classes[j]:
                if card in used[j]:
                    continue
                used[j].add(card)
                pairs.append((self.attack[i], card))
                yield from self._walk(i + 1, after, used, pairs)
                pairs.pop()
                used[j].discard(card)


def _defence_args(
    attack: Iterable[CardLike] | str, hand: Iterable[CardLike] | str, trump_suit: object
) -> tuple[list[int], int, int]:
    attack_cards = sorted(cards.to_cards(attack))
    hand_mask = cards.mask(cards.to_cards(hand))
    return [c.index for c in attack_cards], hand_mask, _suit_index(trump_suit)


def count_defences(
    attack: Iterable[CardLike] | str,
    hand: Iterable[CardLike] | str,
    trump_suit: Suit | str | Card,
    rules: Rules | None = None,
) -> int:
    """How many defences (P-D5) ``hand`` has against ``attack``, without listing them.

    >>> count_defences("7♥ 7♣ 9♦", "9♥ 8♣ K♠ 4♦ 5♦", "♦")   # 4 x 4 minus 4♦/5♦ used twice
    14
    """
    ranks, hand_bits, trump = _defence_args(attack, hand, trump_suit)
    take_all = (rules or Rules()).pickup == "all"
    return _Defences(ranks, hand_bits, trump, take_all).count()


def iter_defences(
    attack: Iterable[CardLike] | str,
    hand: Iterable[CardLike] | str,
    trump_suit: Suit | str | Card,
    rules: Rules | None = None,
) -> Iterator[Defend]:
    """The defences lazily, in generation order (pick-ups first at each attack card).

    >>> [str(d) for d in iter_defences("7♥", "9♥ 4♦ 8♣", "♦")]
    ['pick up 7♥', 'kill 7♥ with 4♦', 'kill 7♥ with 9♥']
    """
    attack_list, hand_bits, trump = _defence_args(attack, hand, trump_suit)
    take_all = (rules or Rules()).pickup == "all"
    full = cards.mask(DECK[i] for i in attack_list)
    for pairs in _Defences(attack_list, hand_bits, trump, take_all):
        yield Defend._from_pairs(pairs, full)


# --------------------------------------------------------------------------------------------
# Moves
# --------------------------------------------------------------------------------------------


class Kills(Mapping[Card, Card]):
    """An immutable mapping attack card -> the card that kills it, ordered by attack card.

    >>> Kills({"7♥": "9♥"})
    Kills({7♥: 9♥})
    """

    __slots__ = ("_map", "_masks", "_pairs")

    def __init__(self, kills: Mapping[CardLike, CardLike] | Iterable[Any] = ()) -> None:
        if isinstance(kills, Mapping):
            items: list[Any] = list(kills.items())
        elif isinstance(kills, Iterable) and not isinstance(kills, (str, bytes)):
            items = list(kills)
        else:
            raise IllegalMove("panjpar.bad_kills", kills=i18n.shown(kills))
        if not all(isinstance(item, (tuple, list)) and len(item) == 2 for item in items):
            raise IllegalMove("panjpar.bad_kills", kills=i18n.shown(kills))
        pairs = sorted((cards.to_card(a), cards.to_card(k)) for a, k in items)
        self._pairs: tuple[tuple[Card, Card], ...] = tuple(pairs)
        self._masks: tuple[int, int, tuple[int, ...]] | None = None
        self._map: dict[Card, Card] | None = dict(pairs)
        if len(self._map) != len(pairs):
            twice = next(a for a, _ in pairs if sum(1 for b, _ in pairs if b is a) > 1)
            raise IllegalMove("panjpar.kill_twice", card=twice)

    @classmethod
    def _trusted(cls, pairs: tuple[tuple[Card, Card], ...]) -> Kills:
        kills = object.__new__(cls)
        kills._pairs = pairs
        kills._masks = None
        kills._map = None  # built on first look-up: most generated moves are never read
        return kills

    def _resolved(self) -> tuple[int, int, tuple[int, ...]]:
        """(killed attack cards, killers used, the discard order): a cached engine view."""
        masks = self._masks
        if masks is None:
            killed = used = 0
            flat: list[int] = []
            for attacked, killer in self._pairs:
                killed |= 1 << attacked.index
                used |= 1 << killer.index
                flat += (attacked.index, killer.index)
            masks = self._masks = (killed, used, tuple(flat))
        return masks

    @property
    def pairs(self) -> tuple[tuple[Card, Card], ...]:
        """(attack card, killer) pairs, ordered by attack card."""
        return self._pairs

    def __getitem__(self, key: Card) -> Card:
        if self._map is None:
            self._map = dict(self._pairs)
        return self._map[cards.to_card(key)]

    def __iter__(self) -> Iterator[Card]:
        return (a for a, _ in self._pairs)

    def __len__(self) -> int:
        return len(self._pairs)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Kills):
            return self._pairs == other._pairs
        if isinstance(other, Mapping):
            return dict(self._pairs) == dict(other)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._pairs)

    def __repr__(self) -> str:
        return "Kills({" + ", ".join(f"{a}: {k}" for a, k in self._pairs) + "})"


class Move(core.Move):
    """A Panjpar move: :class:`Attack` or :class:`Defend`. ``Move.parse`` reads either.

    >>> Move.parse("attack 7H 7C 9D")
    Attack(cards=(Card('7♥'), Card('7♣'), Card('9♦')))
    >>> Move.parse("kill 7h with 9h, pick up 7c 9d") == Defend({"7♥": "9♥"})
    True
    >>> str(Move.parse("pick up")), str(Move.parse("beat 5♦ with 9♦; take 5♣ K♣"))
    ('pick up', 'kill 5♦ with 9♦, pick up 5♣ K♣')
    """

    __slots__ = ()

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read ``attack …``, ``kill X with Y, …, pick up …`` or ``pick up`` (ASCII too)."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise core.not_a_move(text)
        try:
            move = _parse(text)
        except IllegalMove:
            raise
        except TranslatedError as err:
            raise IllegalMove("panjpar.bad_card_text", text=text, reason=err) from err
        if move is None or (cls not in (Move, type(move))):
            raise IllegalMove("panjpar.bad_text", text=text)
        return move


def _strip_word(text: str, *words: str) -> str | None:
    low = text.lower()
    for word in words:
        if low == word or low.startswith(word + " "):
            return text[len(word) :].strip()
    return None


def _parse(text: str) -> Move | None:
    body = text.strip()
    if not body:
        return None
    rest = _strip_word(body, "attack", "throw")
    if rest is not None:
        return Attack(cards.parse_many(rest)) if rest else None
    kills: list[tuple[Card, Card]] = []
    pickup: tuple[Card, ...] | None = None
    segments = [s.strip() for s in body.replace(";", ",").split(",")]
    if (
        not _strip_word(segments[0], "kill", "beat")
        and _strip_word(segments[0], "pick up", "pickup", "take") is None
    ):
        # Bare cards are an attack ("7♥ 7♣ 9♦").
        if " with " in f" {body.lower()} ":
            return None
        return Attack(cards.parse_many(body))
    for segment in segments:
        if not segment:
            continue
        picked = _strip_word(segment, "pick up", "pickup", "take")
        if picked is not None:
            if pickup is not None:
                return None
            pickup = cards.parse_many(picked) if picked else None
            if not picked and kills:
                return None
            if not picked:
                pickup = None
                if segment is not segments[-1]:
                    return None
            continue
        pair = _strip_word(segment, "kill", "beat")
        pair = segment if pair is None else pair
        parts = pair.lower().split(" with ")
        if len(parts) != 2:
            return None
        start = len(parts[0])
        attacked = cards.parse(pair[:start].strip())
        killer = cards.parse(pair[start + len(" with ") :].strip())
        kills.append((attacked, killer))
    return Defend(Kills(kills), pickup)


def _shown(attack: tuple[Card, ...]) -> tuple[Card, ...]:
    """Display order of an attack, as pagat writes shapes: pairs (and more) first, 7-7-9,
    K-K-4-7-9; within that, by rank and suit."""
    if len(attack) < 2:
        return attack
    counts: dict[int, int] = {}
    for card in attack:
        counts[card.rank] = counts.get(card.rank, 0) + 1
    return tuple(sorted(attack, key=lambda c: (-counts[c.rank], c.index)))


@dataclasses.dataclass(frozen=True, slots=True)
class Attack(Move):
    """Throw 1, 3 or 5 cards (P-S7). ``cards`` are kept sorted; text: ``attack 7♥ 7♣ 9♦``.

    >>> Attack("9♦ 7♣ 7♥")
    Attack(cards=(Card('7♥'), Card('7♣'), Card('9♦')))
    >>> str(Attack(["7♥"])), Attack("7♥").describe("de")
    ('attack 7♥', 'Angriff mit 7♥')
    """

    cards: tuple[Card, ...]
    _mask: int = dataclasses.field(default=0, init=False, repr=False, compare=False)
    # The cards as a bitmask: what State.play looks up among the listed attacks.

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(cards.to_cards(self.cards))))
        object.__setattr__(self, "_mask", cards.mask(self.cards))

    if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any attribute

        def __getattr__(self, name):
            # Attacks listed by legal_moves() carry only their mask (State.legal_moves): the
            # card tuple is built on first use, as most listed moves are never looked at.
            if name == "cards":
                found = _cards_of(self._mask)
                _SET_CARDS(self, found)
                return found
            raise AttributeError(f"'Attack' object has no attribute '{name}'")

    @classmethod
    def _from_mask(cls, bits: int) -> Attack:
        move = object.__new__(cls)
        _SET_CARDS(move, _cards_of(bits))
        _SET_MASK(move, bits)
        return move

    def __str__(self) -> str:
        return "attack " + cards.format_cards(_shown(self.cards))

    def describe(self, locale: str | None = None) -> str:
        """``Attack with 7♥ 7♣ 9♦`` / ``Angriff mit 7♥ 7♣ 9♦``."""
        return i18n.text(
            "panjpar.describe_attack", locale, cards=cards.format_cards(_shown(self.cards))
        )


@dataclasses.dataclass(frozen=True, slots=True)
class Defend(Move):
    """Kill some attack cards and pick up the rest (P-D5).

    ``kills`` maps attack card -> the card that beats it; attack cards not in ``kills`` are
    picked up. ``pickup`` lists those cards when known (moves from :meth:`State.legal_moves`
    and played moves carry it; it does not take part in equality).

    >>> move = Defend({"7♥": "9♥"})
    >>> move.kills["7♥"], str(move), str(Defend({}))
    (Card('9♥'), 'kill 7♥ with 9♥', 'pick up')
    >>> Defend({"7♥": "9♥"}, pickup="7♣ 9♦").describe("de")
    'schlägt 7♥ mit 9♥; nimmt 7♣ 9♦ auf'
    """

    kills: Kills = dataclasses.field(default_factory=Kills)
    pickup: tuple[Card, ...] | None = dataclasses.field(default=None, compare=False)
    _code: int = dataclasses.field(default=-1, init=False, repr=False, compare=False)
    # The defence as one int (see _defence_code) when the engine listed it, else -1: what
    # State.play looks up among the listed codes, and what kills/pickup are built from.

    def __post_init__(self) -> None:
        if not isinstance(self.kills, Kills):
            object.__setattr__(self, "kills", Kills(self.kills))
        if self.pickup is not None:
            object.__setattr__(self, "pickup", tuple(sorted(cards.to_cards(self.pickup))))

    if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any attribute

        def __getattr__(self, name):
            # Moves listed by legal_moves() carry only their code (State.legal_moves): kills
            # and pickup are built on first use, as most listed moves are never looked at.
            if name in ("kills", "pickup"):
                _fill_defend(self)
                return object.__getattribute__(self, name)
            raise AttributeError(f"'Defend' object has no attribute '{name}'")

    @classmethod
    def _from_pairs(cls, pairs: list[tuple[int, int]], attack: int) -> Defend:
        move = object.__new__(cls)
        _SET_CODE(move, -1)
        killed = used = 0
        flat: list[int] = []
        for a, k in pairs:
            killed |= 1 << a
            used |= 1 << k
            flat += (a, k)
        kills = Kills._trusted(tuple([(DECK[a], DECK[k]) for a, k in pairs]))
        kills._masks = (killed, used, tuple(flat))  # what Kills._resolved would compute
        object.__setattr__(move, "kills", kills)
        object.__setattr__(move, "pickup", _cards_of(attack & ~killed))
        return move

    def __str__(self) -> str:
        parts = [f"kill {a} with {k}" for a, k in self.kills.pairs]
        if self.pickup:
            parts.append("pick up " + cards.format_cards(self.pickup))
        return ", ".join(parts) if parts else "pick up"

    def describe(self, locale: str | None = None) -> str:
        """The kills and the pick-up in words."""
        parts = [
            i18n.text("panjpar.describe_kill", locale, card=a, killer=k)
            for a, k in self.kills.pairs
        ]
        if self.pickup:
            parts.append(
                i18n.text("panjpar.describe_pickup", locale, cards=cards.format_cards(self.pickup))
            )
        elif self.pickup is None and not self.kills:
            parts.append(i18n.text("panjpar.describe_pickup_all", locale))
        text = "; ".join(parts)
        return text[:1].upper() + text[1:] if not self.kills else text


_SET_CARDS = Attack.__dict__["cards"].__set__
_SET_MASK = Attack.__dict__["_mask"].__set__
_SET_CODE = Defend.__dict__["_code"].__set__
_SET_KILLS = Defend.__dict__["kills"].__set__
_SET_PICKUP = Defend.__dict__["pickup"].__set__
_CODE_SHIFT = 32  # a code is attack mask << 32 | one 6-bit digit per attack card (5 x 6 bits)


def _decode(code: int) -> tuple[int, int, int, tuple[int, ...]]:
    """(attack, killed, used, discard order) of a defence code.

    The digits hold, per attack card in ascending order (the first one most significant),
    its killer's index + 1, or 0 when it is picked up.
    """
    attack = code >> _CODE_SHIFT
    order = _bits(attack)
    shift = 6 * (len(order) - 1)
    killed = used = 0
    flat: list[int] = []
    for attacked in order:
        digit = (code >> shift) & 63
        shift -= 6
        if digit:
            killed |= 1 << attacked
            used |= 1 << (digit - 1)
            flat += (attacked, digit - 1)
    return attack, killed, used, tuple(flat)


def _fill_defend(move: Defend) -> None:
    """Build ``kills`` and ``pickup`` of a listed defence from its code (first use only)."""
    attack, killed, used, flat = _decode(move._code)
    kills = Kills._trusted(
        tuple([(DECK[flat[i]], DECK[flat[i + 1]]) for i in range(0, len(flat), 2)])
    )
    kills._masks = (killed, used, flat)  # what Kills._resolved would compute
    _SET_KILLS(move, kills)
    _SET_PICKUP(move, _cards_of(attack & ~killed))


def _sample_attack(hand: int, defender: int, rng: Rng) -> int:
    """A uniformly random legal attack (as a mask) by count-and-index (P-D3, P-D4)."""
    n = hand.bit_count()
    held = defender.bit_count()
    if held >= 3:
        # Any rank held twice? Per-rank counts by SWAR, no loop (see _nibble_counts).
        v = hand - ((hand >> 1) & _M5)
        v = (v & _M3) + ((v >> 2) & _M3)
        flags = ((v >> 1) | (v >> 2)) & _M1
        if flags:
            low = flags & -flags
            high = flags ^ low
            pair = hand & (15 * low)  # the cards of the lowest rank held twice or more
            if not high & (high - 1) and pair.bit_count() == 2:
                # One pair or two pairs, no triple (the commonest shapes after singles): the
                # blocks of _attack_blocks in the same order, unranked without building them.
                if not high:
                    # "1" (n singles), "21" (the pair with each other card).
                    index = rng.below(2 * n - 2)
                    if index < n:
                        return _nth_bit(hand, index)
                    return pair | _nth_bit(hand ^ pair, index - n)
                other = hand & (15 * high)
                if other.bit_count() == 2:
                    # "1", "21" low pair, "21" high pair, then "221" if five may be thrown.
                    index = rng.below(3 * n - 4 + (n - 4 if held >= 5 else 0))
                    if index < n:
                        return _nth_bit(hand, index)
                    index -= n
                    if index < n - 2:
                        return pair | _nth_bit(hand ^ pair, index)
                    index -= n - 2
                    if index < n - 2:
                        return other | _nth_bit(hand ^ other, index)
                    index -= n - 2
                    return pair | other | _nth_bit(hand ^ pair ^ other, index)
            max_size = 5 if held >= 5 else 3
            paired = _paired_ranks(hand)
            index = rng.below(_attack_total(n, paired, max_size))
            if index >= n:
                for count, block in _attack_blocks(hand, max_size, paired):
                    if index < count:
                        return _block_mask_at(hand, block, index)
                    index -= count
            return _nth_bit(hand, index)
    # Only single cards: by far the commonest case.
    return _nth_bit(hand, rng.below(n))


def _nth_bit(mask: int, index: int) -> int:
    """The ``index``-th lowest set bit of ``mask`` (0-based), as a one-bit mask.

    >>> _nth_bit(0b101100, 0), _nth_bit(0b101100, 2), _nth_bit((1 << 52) - 1, 40) == 1 << 40
    (4, 32, True)
    """
    if index > 6:
        return 1 << _bits(mask)[index]
    while index:  # a few cheap steps beat listing the bits of a small hand
        mask &= mask - 1
        index -= 1
    return mask & -mask


def _attack_total(n: int, paired: list[tuple[int, int]], max_size: int) -> int:
    # The sum of the block sizes of _attack_blocks, without building the blocks.
    total = n
    for _, c in paired:
        total += _C3[c] + _C2[c] * (n - c)
    if max_size >= 5:
        for i, (_, c1) in enumerate(paired):
            for _, c2 in paired[i + 1 :]:
                total += _C2[c1] * _C2[c2] * (n - c1 - c2)
            if c1 >= 3:
                total += _C3[c1] * sum(_C2[c2] for _, c2 in paired) - _C3[c1] * _C2[c1]
                if c1 == 4:
                    total += n - 4
    return total


def _sample_defence(
    attack: int, hand: int, trump: int, take_all: bool, rng: Rng
) -> list[tuple[int, int]]:
    """A uniformly random legal defence as (attack card, killer) pairs.

    One card under the seed rules: count-and-index (pick up, or one of its beaters).
    Otherwise exact rejection sampling: draw one index into the product of per-card options
    (leave it, or one of its beaters; under the take-all rule: the whole pick-up, or a beater
    for every card), decode it, and reject it if a killer is used twice. Each legal defence is
    one point of that product, so accepted draws are uniform. After 64 rejections (rare) fall
    back to count-and-index, which is uniform too.
    """
    table = _BEATERS[trump]
    if not take_all and not attack & (attack - 1):
        attacked = attack.bit_length() - 1
        single = table[attacked] & hand
        index = rng.below(1 + single.bit_count())
        return [(attacked, _bits(single)[index - 1])] if index else []
    attacked_cards = _bits(attack)
    leave = 0 if take_all else 1  # digit 0 leaves the card, unless the take-all rule holds
    plan = []  # (attack card, its beaters as a mask, radix)
    total = 1
    for attacked in attacked_cards:
        beaters = table[attacked] & hand
        radix = beaters.bit_count() + leave
        plan.append((attacked, beaters, radix))
        total *= radix
    if take_all:
        total += 1
    for _ in range(64):
        index = rng.below(total)
        if take_all:
            if index == 0:
                return []
            index -= 1
        used = 0
        pairs = []
        for attacked, choices, radix in plan:
            index, digit = divmod(index, radix)
            if leave:
                if digit == 0:
                    continue
                digit -= 1
            bit = _nth_bit(choices, digit)
            if used & bit:
                break
            used |= bit
            pairs.append((attacked, bit.bit_length() - 1))
        else:
            return pairs
    defences = _Defences(attacked_cards, hand, trump, take_all)
    return defences.at(rng.below(defences.count()))


_new_object = object.__new__
_SINGLE_ATTACKS: tuple[Attack, ...] = tuple(Attack._from_mask(1 << i) for i in range(52))
# Keyed by attacked * 64 + killer + 1 (a plain int: no key tuple per look-up).
_SINGLE_DEFENCES: dict[int, Defend] = {}


def _single_defence(attacked: int, killer: int) -> Defend:
    """The (cached, immutable) defence against a one-card attack; killer -1 picks it up."""
    key = attacked * 64 + killer + 1
    move = _SINGLE_DEFENCES.get(key)
    if move is None:
        pairs = [] if killer < 0 else [(attacked, killer)]
        move = _SINGLE_DEFENCES[key] = Defend._from_pairs(pairs, 1 << attacked)
        # Its code too, so that play() finds it among the listed moves (legal_moves).
        _SET_CODE(move, (1 << attacked) << _CODE_SHIFT | (killer + 1))
    return move


_BIT = tuple(1 << i for i in range(52))
# Per attack card, built on first use: (its pick-up, its defences by killer index, the pick-up's
# code, the codes by killer index). A one-card listing then maps killer indices to moves and
# keys with map() over tuples, in C, with no Python frame per move. Cards that can never kill
# it (same suit, lower) hold the pick-up instead: they are never looked up.
_SingleRow = tuple[Defend, tuple[Defend, ...], int, tuple[int, ...]]
_SINGLE_ROWS: list[_SingleRow | None] = [None] * 52


def _single_row(attacked: int) -> _SingleRow:
    row = _SINGLE_ROWS[attacked]
    if row is None:
        ever = _BEATERS[0][attacked] | _BEATERS[1][attacked]
        ever |= _BEATERS[2][attacked] | _BEATERS[3][attacked]
        pickup = _single_defence(attacked, -1)
        kills = tuple(_single_defence(attacked, k) if ever >> k & 1 else pickup for k in range(52))
        base = (1 << attacked) << _CODE_SHIFT
        row = (pickup, kills, base, tuple(base | (k + 1) for k in range(52)))
        _SINGLE_ROWS[attacked] = row
    return row


def _sorted_attacks(hand: int, max_size: int) -> list[int]:
    """The attack masks in :meth:`State.legal_moves` order: by size, then by card indices.

    Single cards come out of the hand's bits already in that order; only the 3- and 5-card
    attacks (a pair for three, two pairs for five: P-D3; sizes capped by the defender's hand:
    P-D4) need a sort, and they exist only when a rank is held twice.
    """
    singles = [1 << i for i in _bits(hand)]
    if max_size < 3:
        return singles
    counts = _nibble_counts(hand)
    flags = ((counts >> 1) | (counts >> 2)) & _M1
    if not flags:  # no rank held twice: singles only
        return singles
    pair = hand & (15 * flags)
    if not flags & (flags - 1) and pair.bit_count() == 2:
        # Exactly one pair (the commonest case after none): the 3-card attacks are the pair
        # with each other card, and their order is that of the other card, as it lies either
        # below both pair cards or above both (another rank).
        return singles + [pair | 1 << i for i in _bits(hand ^ pair)]
    threes = _sorted_threes(hand)
    if max_size < 5:
        return singles + threes
    fives: list[int] = []
    for _, block in _attack_blocks(hand, max_size)[1:]:
        if block[0] not in ("3", "21"):
            fives.extend(_block_masks(hand, block))
    fives.sort(key=_bits)  # by the ascending card indices (the tuples compare in C)
    return singles + threes + fives


_FULL = (1 << 52) - 1


def _sorted_threes(hand: int) -> list[int]:
    """The 3-card attacks (a pair and a third card, or three of a rank: P-D3), ordered by
    their ascending card indices.

    Each is made as one int, its three sorted indices packed above its mask, so that a plain
    int sort (in C, no key function) orders them; the mask is the low 52 bits.
    """
    found: list[int] = []
    for rank, count in _paired_ranks(hand):
        shift = 4 * rank
        nibble = (hand >> shift) & 15
        others = _bits(hand & ~(15 << shift))
        for pair in _SUBSETS[nibble][2]:
            p1, p2 = _bits(pair << shift)
            both = pair << shift
            # The third card is of another rank: below both pair cards or above both.
            below = (p1 << 6 | p2) << 52
            above = (p1 << 12 | p2 << 6) << 52
            found += [
                (x << 64 | below if x < p1 else x << 52 | above) | both | 1 << x for x in others
            ]
        if count >= 3:
            for triple in _SUBSETS[nibble][3]:
                t1, t2, t3 = _bits(triple << shift)
                found.append((t1 << 12 | t2 << 6 | t3) << 52 | triple << shift)
    found.sort()
    return list(map(_FULL.__and__, found))


def _defence_codes(attack: int, hand: int, trump: int, take_all: bool) -> list[int]:
    """The defence codes (see :func:`_decode`) in :meth:`State.legal_moves` order.

    Per attack card in ascending order: pick it up first, then each unused beater in card
    order (P-D5: distinct killers, higher card of the suit or a trump). Expanding the codes
    card by card in that order yields them already sorted (the first attack card's digit is
    the most significant, so the int order is that order too). Under the take-all rule only
    the full pick-up (all digits 0, hence first) and the complete kills are legal.
    """
    table = _BEATERS[trump]
    order = _bits(attack)
    n = len(order)
    base = attack << _CODE_SHIFT
    if n == 1:  # the commonest case; the same moves under either pick-up rule
        return [base] + [base | (k + 1) for k in _bits(table[order[0]] & hand)]
    # Each partial defence is one int: its code above bit 52, the killers it used below. A
    # choice ("step") is the same: its digit shifted into place above, its killer's bit below,
    # so `partial & step` is non-zero exactly when that killer is already used (P-D5: one
    # defending card per attack card), the digit slots of partial and step never overlapping.
    partials = [base << 52]
    for place, attacked in enumerate(order):
        shift = 52 + 6 * (n - 1 - place)
        steps = [] if take_all else [0]  # 0: pick it up (not under the take-all rule)
        steps += [(k + 1) << shift | 1 << k for k in _bits(table[attacked] & hand)]
        partials = [p | step for p in partials for step in steps if not p & step]
    # Under the take-all rule the full pick-up (all digits 0) comes first.
    return ([base] if take_all else []) + [p >> 52 for p in partials]


# --------------------------------------------------------------------------------------------
# State
# --------------------------------------------------------------------------------------------


def _player(seat: int) -> TranslatedError:
    # A translatable seat name, rendered in the locale of the sentence that contains it.
    return TranslatedError("panjpar.player", name="AB"[seat])


def _count_text(count: int) -> TranslatedError:
    if count == 1:
        return TranslatedError("panjpar.cards_one")
    return TranslatedError("panjpar.cards_many", count=count)


def _pattern(mask: int) -> str:
    return "-".join(card.rank.text for card in _shown(_cards_of(mask)))


class State(core.GameState[Move]):
    """A Panjpar position. Immutable: :meth:`play` returns the next state.

    Full information: :attr:`hands`, :attr:`stock` (top first, its last card the trump
    indicator), :attr:`trump` (the suit), :attr:`attacker`, :attr:`discard` (top first) and
    :attr:`attack` (the cards of the battle in progress while the defender is to move).
    """

    game: ClassVar[str] = "panjpar"

    rules: Rules
    attacker: int
    """The seat attacking in the current battle."""
    is_over: bool
    """Whether the game has ended (P-D7). A plain attribute, not a property: every playing
    loop reads it once per ply."""

    _hands: tuple[int, int]
    _known: tuple[int, int]
    _stock: tuple[int, ...]
    _top: int
    _trump: int
    _indicator: int
    _attack: int
    _discard: tuple[int, ...]
    _result: int
    _guess: tuple[int, str] | None
    _seed_start: dict[str, Any] | None
    # The last move this state generated itself (random_move, legal_move_at): a move that is
    # certainly legal here, so play() may skip re-validating it. A cache, not state.
    _issued: Move
    # The keys of the moves legal_moves() listed, in its order (attack masks, or defence
    # codes), None until it is called: play() trusts a move whose key is among them, as
    # Tablić does. A cache, not state.
    _keys: list[int] | None

    # Slots, not a __dict__: a state is made every ply, and slot stores and loads are about
    # twice as fast as a dict copy and dict look-ups (the hot path of play/random_move).
    __slots__ = (
        "_attack",
        "_discard",
        "_guess",
        "_hands",
        "_indicator",
        "_issued",
        "_keys",
        "_known",
        "_result",
        "_seed_start",
        "_stock",
        "_top",
        "_trump",
        "attacker",
        "is_over",
        "last_move",
        "parent",
        "rules",
    )

    # -- construction ----------------------------------------------------------------------
    @classmethod
    def _make(
        cls,
        rules: Rules,
        hands: tuple[int, int],
        known: tuple[int, int],
        stock: tuple[int, ...],
        trump: int,
        indicator: int,
        attacker: int,
        attack: int = 0,
        discard: tuple[int, ...] = (),
        guess: tuple[int, str] | None = None,
        seed_start: dict[str, Any] | None = None,
    ) -> State:
        state = object.__new__(cls)
        state.rules = rules
        state.parent = None
        state.last_move = None
        state._hands = hands
        state._known = known
        state._stock = stock
        state._top = 0
        state._trump = trump
        state._indicator = indicator
        state.attacker = attacker
        state._attack = attack
        state._discard = discard
        state._guess = guess
        state._seed_start = seed_start
        state._result = _RUNNING
        state._issued = _NOT_ISSUED
        state._keys = None
        if not attack and not stock and (not hands[0] or not hands[1]):
            state._result = _DRAW if not (hands[0] | hands[1]) else (0 if not hands[0] else 1)
        state.is_over = state._result != _RUNNING
        return state

    @classmethod
    def from_position(
        cls,
        hands: Sequence[Iterable[CardLike] | str],
        stock: Iterable[CardLike] | str,
        trump: Suit | str | Card,
        attacker: int = 0,
        rules: Rules | None = None,
        *,
        attack: Iterable[CardLike] | str = (),
        discard: Iterable[CardLike] | str = (),
        known: Sequence[Iterable[CardLike] | str] = ((), ()),
    ) -> State:
        """Set up any position (lessons, tests). Lists are top card first.

        ``stock``: its last card is the face-up trump indicator. ``trump``: a suit (``"♦"``,
        ``"D"``) or a card. ``attack``: cards already thrown, so the defender is to move.
        ``discard``: the set-aside cards, top first. ``known``: per seat, hand cards the
        opponent has seen go there (picked up, or the drawn indicator). Cards not mentioned
        anywhere are out of play.

        >>> s = State.from_position(["A♠", "2♣ 3♣"], stock=(), trump="♣", attack="K♠")
        >>> s.to_move, [str(m) for m in s.legal_moves()]
        (1, ['pick up K♠', 'kill K♠ with 2♣', 'kill K♠ with 3♣'])
        """
        rules = core.check_rules(rules, Rules, "panjpar")
        if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
            raise PositionError("panjpar.pos_hands")
        hand_cards = [cards.to_cards(h) for h in hands]
        stock_cards = cards.to_cards(stock)
        attack_cards = cards.to_cards(attack)
        discard_cards = cards.to_cards(discard)
        seen: set[Card] = set()
        for card in (*hand_cards[0], *hand_cards[1], *stock_cards, *attack_cards, *discard_cards):
            if card in seen:
                raise PositionError("panjpar.pos_twice", card=card)
            seen.add(card)
        indicator = -1
        if isinstance(trump, str) and trump.strip().upper() not in _SUIT_NAMES:
            try:
                trump = cards.parse(trump)
            except TranslatedError as err:
                raise PositionError("panjpar.bad_trump", trump=i18n.shown(trump)) from err
        trump_index = _suit_index(trump)
        if isinstance(trump, Card):
            indicator = trump.index
        if stock_cards:
            last = stock_cards[-1]
            if last.suit.order != trump_index or (indicator >= 0 and indicator != last.index):
                raise PositionError("panjpar.pos_indicator", card=last, suit=last.suit, trump=trump)
            indicator = last.index
        attacker = check_seat(attacker)
        hand_masks = (cards.mask(hand_cards[0]), cards.mask(hand_cards[1]))
        known_masks = [0, 0]
        if isinstance(known, str) or not isinstance(known, Sequence) or len(known) != 2:
            raise PositionError("panjpar.pos_known_lists")
        for seat in (0, 1):
            for card in cards.to_cards(known[seat]):
                if not hand_masks[seat] >> card.index & 1:
                    raise PositionError("panjpar.pos_known", card=card, player=_player(seat))
                known_masks[seat] |= card.bit
        if not stock_cards and 0 <= indicator:
            for seat in (0, 1):
                if hand_masks[seat] >> indicator & 1:
                    known_masks[seat] |= 1 << indicator  # the drawn indicator is public
        attack_mask = cards.mask(attack_cards)
        if attack_cards and not _shape_ok(attack_mask):
            reason = _shape_error(attack_mask)
            raise PositionError("panjpar.pos_attack", reason=reason)
        state = cls._make(
            rules,
            hand_masks,
            (known_masks[0], known_masks[1]),
            tuple(c.index for c in stock_cards),
            trump_index,
            indicator,
            attacker,
            attack_mask,
            tuple(c.index for c in reversed(discard_cards)),
        )
        if state._result == _RUNNING and not attack_mask and not hand_masks[attacker]:
            raise PositionError("panjpar.pos_no_cards", player=_player(attacker))
        return state

    # -- records ---------------------------------------------------------------------------
    def _start_record(self) -> dict[str, Any]:
        if self._seed_start is not None:
            return dict(self._seed_start)
        return {
            "position": {
                "hands": [[str(c) for c in h] for h in self.hands],
                "stock": [str(c) for c in self.stock],
                "trump": str(DECK[self._indicator]) if self._indicator >= 0 else str(self.trump),
                "attacker": self.attacker,
                "attack": [str(c) for c in self.attack],
                "discard": [str(c) for c in self.discard],
                "known": [[str(c) for c in _cards_of(k)] for k in self._known],
            }
        }

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], rules: core.Rules) -> State:
        assert isinstance(rules, Rules)
        if "seed" in start:
            _known_fields(start, ("seed", "dealer", "guesser", "guess"))
            return new_game(
                cards.check_seed(start["seed"]),
                rules,
                guesser=start.get("guesser"),
                guess=start.get("guess"),
                dealer=start.get("dealer", 1),
            )
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
        return cls.from_position(rules=rules, **pos)

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(data)

    # -- full information ------------------------------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's cards, sorted."""
        return _cards_of(self._hands[0]), _cards_of(self._hands[1])

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first; its last card is the face-up trump indicator."""
        return tuple(DECK[i] for i in self._stock[self._top :])

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return _SUITS[self._trump]

    @property
    def trump_card(self) -> Card | None:
        """The trump indicator while it lies under the stock; None once drawn."""
        return DECK[self._stock[-1]] if self._top < len(self._stock) else None

    @property
    def defender(self) -> int:
        """The seat defending in the current battle."""
        return 1 - self.attacker

    @property
    def attack(self) -> tuple[Card, ...]:
        """The cards of the battle in progress (empty while the attacker is to move)."""
        return _cards_of(self._attack)

    @property
    def discard(self) -> tuple[Card, ...]:
        """The set-aside cards, top (most recent) first."""
        return tuple(DECK[i] for i in reversed(self._discard))

    @property
    def known(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Per seat, hand cards both players have seen go there (picked up, drawn indicator)."""
        return _cards_of(self._known[0]), _cards_of(self._known[1])

    @property
    def guess(self) -> dict[str, Any] | None:
        """The trump guess of :func:`new_game`: ``{"guesser": 0, "guess": "red"}``."""
        return None if self._guess is None else {"guesser": self._guess[0], "guess": self._guess[1]}

    @property
    def stock_empty(self) -> bool:
        """Whether the stock (with its indicator) is used up; visible at the table."""
        return self._top >= len(self._stock)

    # -- game flow -------------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to move: the attacker, or the defender while an attack is on the table."""
        if self._result != _RUNNING:
            return None
        return 1 - self.attacker if self._attack else self.attacker

    @property
    def outcome(self) -> Outcome | None:
        """Winner seat (None for a draw) and scores: 1 for the winner, 0 otherwise."""
        if self._result == _RUNNING:
            return None
        if self._result == _DRAW:
            return Outcome(None, (0, 0))
        return Outcome(self._result, (1, 0) if self._result == 0 else (0, 1))

    # -- legal moves -----------------------------------------------------------------------
    def _defences(self) -> _Defences:
        return _Defences(
            _bits(self._attack),
            self._hands[1 - self.attacker],
            self._trump,
            self.rules.pickup == "all",
        )

    def _attack_limit(self) -> int:
        return _max_size(self._hands[1 - self.attacker].bit_count())

    def legal_moves_count(self) -> int:
        """How many legal moves there are, counted without listing them."""
        if self._result != _RUNNING:
            return 0
        if self._attack:
            single = self._single_beaters()
            return 1 + single.bit_count() if single >= 0 else self._defences().count()
        return sum(n for n, _ in _attack_blocks(self._hands[self.attacker], self._attack_limit()))

    def _single_beaters(self) -> int:
        # Fast path: one attack card under the seed rules; -1 otherwise.
        attack = self._attack
        if attack & (attack - 1) or self.rules.pickup == "all":
            return -1
        return _BEATERS[self._trump][attack.bit_length() - 1] & self._hands[1 - self.attacker]

    def legal_move_at(self, index: int) -> Move:
        """The ``index``-th legal move in generation order (:meth:`iter_legal_moves`)."""
        if self._result != _RUNNING or index < 0:
            raise IndexError(f"legal move index {index} out of range")
        if self._attack:
            single = self._single_beaters()
            if single >= 0:
                if index > single.bit_count():
                    raise IndexError(f"legal move index {index} out of range")
                killer = -1 if index == 0 else _bits(single)[index - 1]
                return self._issue(_single_defence(self._attack.bit_length() - 1, killer))
            defences = self._defences()
            if index >= defences.count():
                raise IndexError(f"legal move index {index} out of range")
            return self._issue(Defend._from_pairs(defences.at(index), self._attack))
        hand = self._hands[self.attacker]
        for count, block in _attack_blocks(hand, self._attack_limit()):
            if index < count:
                return self._issue(Attack._from_mask(_block_mask_at(hand, block, index)))
            index -= count
        raise IndexError("legal move index out of range")

    def random_move(self, rng: Rng) -> Move:
        """A move chosen uniformly among ALL legal moves, without listing them.

        Attacks and one-card defences: count, draw ``rng.below(count)``, unrank. Defences
        against 3 or 5 cards: exact rejection sampling over the per-card choices (see
        ``_sample_defence``). Either way every legal move has the same probability.
        """
        if self._result != _RUNNING:
            raise IllegalMove("move.game_over")
        attack = self._attack
        hands = self._hands
        a = self.attacker
        move: Move
        if attack:
            hand = hands[1 - a]
            if attack & (attack - 1):
                take_all = self.rules.pickup == "all"
                pairs = _sample_defence(attack, hand, self._trump, take_all, rng)
                move = Defend._from_pairs(pairs, attack)
            else:
                # One attack card (the commonest defence): the same draw as _sample_defence,
                # under either pick-up rule (with one card, "kill all or pick up all" and
                # "pick up the unbeaten" allow the same moves, drawn in the same order).
                attacked = attack.bit_length() - 1
                single = _BEATERS[self._trump][attacked] & hand
                index = rng.below(1 + single.bit_count())
                if index:
                    while index > 1:  # drop the lowest bits: the index-th beater is lowest
                        single &= single - 1
                        index -= 1
                    killer = (single & -single).bit_length() - 1
                else:
                    killer = -1
                cached = _SINGLE_DEFENCES.get(attacked * 64 + killer + 1)
                move = _single_defence(attacked, killer) if cached is None else cached
        else:
            bits = _sample_attack(hands[a], hands[1 - a], rng)
            if bits & (bits - 1):
                move = Attack._from_mask(bits)
            else:
                move = _SINGLE_ATTACKS[bits.bit_length() - 1]
        self._issued = move
        return move

    def rollout(self, rng: Rng) -> Outcome:
        """Play uniformly random moves to the end, fast, and return the outcome.

        Exactly the game of repeated ``state = state.play(state.random_move(rng))`` (same
        rng draws, same moves; a test checks it), without building states or moves: for
        bots' playouts and simulations.
        """
        hands = [self._hands[0], self._hands[1]]
        stock, top, end = self._stock, self._top, len(self._stock)
        table = _BEATERS[self._trump]
        take_all = self.rules.pickup == "all"
        target = self.rules.hand_size
        a, attack, result = self.attacker, self._attack, self._result
        while result == _RUNNING:
            d = 1 - a
            if not attack:
                attack = _sample_attack(hands[a], hands[d], rng)
                hands[a] ^= attack
                continue
            hand = hands[d]
            if attack & (attack - 1):  # one card: the same moves under either rule
                killed = used = 0
                for attacked, killer in _sample_defence(attack, hand, self._trump, take_all, rng):
                    killed |= 1 << attacked
                    used |= 1 << killer
            else:
                single = table[attack.bit_length() - 1] & hand
                index = rng.below(1 + single.bit_count())
                if index:
                    killed, used = attack, 1 << _bits(single)[index - 1]
                else:
                    killed = used = 0
            unbeaten = attack & ~killed
            hands[d] = (hand & ~used) | unbeaten
            attack = 0
            for seat in (a, d):
                need = target - hands[seat].bit_count()
                while need > 0 and top < end:
                    hands[seat] |= 1 << stock[top]
                    top += 1
                    need -= 1
            if top >= end and not (hands[0] and hands[1]):
                result = _DRAW if not (hands[0] | hands[1]) else (0 if not hands[0] else 1)
            if not unbeaten:
                a = d
        if result == _DRAW:
            return Outcome(None, (0, 0))
        return Outcome(result, (1, 0) if result == 0 else (0, 1))

    def _issue(self, move: Move) -> Move:
        self._issued = move
        return move

    def iter_legal_moves(self) -> Iterator[Move]:
        """The legal moves lazily, in generation order."""
        if self._result != _RUNNING:
            return
        if self._attack:
            for pairs in self._defences():
                yield Defend._from_pairs(pairs, self._attack)
        else:
            for bits in _iter_attack_masks(self._hands[self.attacker], self._attack_limit()):
                yield Attack._from_mask(bits)

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted: attacks by size then cards; defences by what each
        attack card meets (pick up first, then killers in card order)."""
        keys = self._keys
        if keys is not None:  # listed before: the same moves again, from the keys
            return self._moves_of(keys)
        attack = self._attack
        if self._result == _RUNNING and not attack & (attack - 1):
            # The two commonest cases inline (no helper calls): they are most plies.
            a = self.attacker
            if not attack:
                hand = self._hands[a]
                # A rank held twice? (SWAR counts per rank, as in _sample_attack.)
                v = hand - ((hand >> 1) & _M5)
                v = (v & _M3) + ((v >> 2) & _M3)
                flags = ((v >> 1) | (v >> 2)) & _M1
                if self._hands[1 - a].bit_count() < 3 or not flags:
                    # Single cards only: no pair to throw 3 (P-D3) or the defender holds
                    # fewer than 3 (P-D4). In card order, the sorted order.
                    # (map over tuples: built in C, no Python frame per move.)
                    found = _bits(hand)
                    self._keys = list(map(_BIT.__getitem__, found))
                    moves: list[Move] = list(map(_SINGLE_ATTACKS.__getitem__, found))
                    return moves
                pair = hand & (15 * flags)
                if not flags & (flags - 1) and pair.bit_count() == 2:
                    # Exactly one pair: the singles, then the pair with each other card, in
                    # that card's order (see _sorted_attacks); no 5-card attack (P-D3).
                    found = _bits(hand)
                    threes = list(map(pair.__or__, map(_BIT.__getitem__, _bits(hand ^ pair))))
                    self._keys = list(map(_BIT.__getitem__, found)) + threes
                    moves = list(map(_SINGLE_ATTACKS.__getitem__, found))
                    new, set_mask = _new_object, _SET_MASK
                    moves += [set_mask(three := new(Attack), bits) or three for bits in threes]
                    return moves
            else:
                # One attack card, under either pick-up rule (P-D5): pick it up, then each
                # beater in card order, the cached moves (see _single_row).
                attacked = attack.bit_length() - 1
                found = _bits(_BEATERS[self._trump][attacked] & self._hands[1 - a])
                pickup, kills, base, codes = _SINGLE_ROWS[attacked] or _single_row(attacked)
                keys = [base]
                keys += map(codes.__getitem__, found)
                self._keys = keys
                moves = [pickup]
                moves += map(kills.__getitem__, found)
                return moves
        keys = self._keys = self._listed_keys()
        return self._moves_of(keys)

    def _moves_of(self, keys: list[int]) -> list[Move]:
        """The moves of listed keys (attack masks or defence codes), built lazily."""
        new = _new_object
        if not self._attack:
            # Single cards first (keys are singles + bigger): the cached moves, by map (in C);
            # bigger attacks made with only their mask set, inline (a walrus, not a helper
            # call: no Python frame per move).
            found = _bits(self._hands[self.attacker]) if keys else ()
            moves: list[Move] = list(map(_SINGLE_ATTACKS.__getitem__, found))
            set_mask = _SET_MASK
            moves += [
                set_mask(attack := new(Attack), bits) or attack for bits in keys[len(found) :]
            ]
            return moves
        if self._attack & (self._attack - 1):
            # Several attack cards: moves with only their code; kills built on first use.
            set_code = _SET_CODE
            return [set_code(defend := new(Defend), code) or defend for code in keys]
        # One attack card: the cached moves (see _single_row), picked by their killer.
        pickup, kills, _, _ = _single_row(self._attack.bit_length() - 1)
        moves = [pickup]
        moves += [kills[(code & 63) - 1] for code in keys[1:]]
        return moves

    def _listed_keys(self) -> list[int]:
        """The keys of the legal moves in legal_moves() order (attack masks, defence codes)."""
        if self._result != _RUNNING:
            return []
        if self._attack:
            d = 1 - self.attacker
            take_all = self.rules.pickup == "all"
            return _defence_codes(self._attack, self._hands[d], self._trump, take_all)
        return _sorted_attacks(self._hands[self.attacker], self._attack_limit())

    # -- playing ---------------------------------------------------------------------------
    def play(self, move: Move | str, *, seat: int | None = None) -> State:
        """The state after ``move`` (a move or its text); raises :class:`IllegalMove`.

        ``seat``, if given, must be the seat to move (for widgets: "wrong player").
        """
        if move is self._issued and seat is None:
            # Generated by this very state, hence legal: skip re-validation (hot path).
            if self._attack:
                masks = move.kills._masks  # type: ignore[attr-defined]
                killed, used, flat = move.kills._resolved() if masks is None else masks  # type: ignore[attr-defined]
                return self._after_battle(move, killed, used, self._attack & ~killed, flat)  # type: ignore[arg-type]
            return self._play_attack(move, True)  # type: ignore[arg-type]
        keys = self._keys
        if keys is not None and seat is None:
            # A move among those legal_moves() listed is legal: an int look-up, no checks.
            if self._attack:
                if move.__class__ is Defend and move._code in keys:
                    attack = self._attack
                    if attack & (attack - 1):
                        _, killed, used, flat = _decode(move._code)
                    elif move._code & 63:  # one attack card, killed: _decode inline
                        killed, used = attack, 1 << ((move._code & 63) - 1)
                        flat = (attack.bit_length() - 1, (move._code & 63) - 1)
                    else:
                        killed = used = 0
                        flat = ()
                    return self._after_battle(move, killed, used, attack & ~killed, flat)
            elif move.__class__ is Attack and move._mask in keys:
                return self._play_attack(move, True)
        if not isinstance(move, Move):
            move = Move.parse(move)
        if self._result != _RUNNING:
            raise IllegalMove("move.game_over")
        mover = 1 - self.attacker if self._attack else self.attacker
        if seat is not None and check_seat(seat) != mover:
            raise IllegalMove("panjpar.not_your_turn", player=_player(mover), other=_player(seat))
        if not self._attack:
            if not isinstance(move, Attack):
                raise IllegalMove("panjpar.no_attack", player=_player(mover))
            return self._play_attack(move, False)
        if not isinstance(move, Defend):
            raise IllegalMove("panjpar.must_defend", player=_player(mover))
        return self._play_defence(move, False)

    def _play_attack(self, move: Attack, trusted: bool) -> State:
        a = self.attacker
        hands = self._hands
        hand = hands[a]
        bits = move._mask  # set by every way an Attack is made
        if not trusted:
            self._check_attack(move, hand, bits)
        state = _new_object(State)
        state.rules = self.rules
        state.parent = self
        state.last_move = move
        state.attacker = a
        state._hands = (hand ^ bits, hands[1]) if a == 0 else (hands[0], hand ^ bits)
        known = self._known
        if known[a] & bits:
            known = (known[0] & ~bits, known[1]) if a == 0 else (known[0], known[1] & ~bits)
        state._known = known
        state._stock = self._stock
        state._top = self._top
        state._trump = self._trump
        state._indicator = self._indicator
        state._attack = bits
        state._discard = self._discard
        state._result = _RUNNING
        state.is_over = False
        state._guess = self._guess
        state._seed_start = self._seed_start
        state._issued = _NOT_ISSUED  # never inherit the parent's trusted move
        state._keys = None
        return state

    def _check_attack(self, move: Attack, hand: int, bits: int) -> None:
        a = self.attacker
        for card in move.cards:
            if not hand >> card.index & 1:
                raise IllegalMove("panjpar.not_in_hand", card=card, player=_player(a))
        if not bits:
            raise IllegalMove("panjpar.attack_empty")
        if not _shape_ok(bits):
            raise _shape_error(bits)
        held = self._hands[1 - a].bit_count()
        if bits.bit_count() > _max_size(held):
            key = "panjpar.limit_one" if held < 3 else "panjpar.limit_three"
            raise IllegalMove(key, player=_player(1 - a), count=_count_text(held))

    def _play_defence(self, move: Defend, trusted: bool) -> State:
        d = 1 - self.attacker
        attack = self._attack
        hand = self._hands[d]
        beaters = _BEATERS[self._trump]
        if trusted:
            killed, used, _ = move.kills._resolved()
        else:
            killed = used = 0
            for attacked, killer in move.kills.pairs:
                if not attack >> attacked.index & 1:
                    raise IllegalMove(
                        "panjpar.not_attacked",
                        card=attacked,
                        attack=cards.format_cards(_cards_of(attack)),
                    )
                if not hand >> killer.index & 1:
                    raise IllegalMove("panjpar.not_in_hand", card=killer, player=_player(d))
                if used >> killer.index & 1:
                    raise IllegalMove("panjpar.killer_twice", card=killer)
                if not beaters[attacked.index] >> killer.index & 1:
                    raise self._cannot_beat(killer, attacked)
                killed |= 1 << attacked.index
                used |= 1 << killer.index
        unbeaten = attack & ~killed
        if trusted:
            pass
        elif self.rules.pickup == "all" and unbeaten and killed:
            raise IllegalMove("panjpar.take_all")
        elif move.pickup is not None and cards.mask(move.pickup) != unbeaten:
            needed = _cards_of(unbeaten)
            raise IllegalMove(
                "panjpar.wrong_pickup",
                cards=cards.format_cards(needed) if needed else TranslatedError("panjpar.nothing"),
            )
        if move.pickup is None:
            move = Defend(move.kills, _cards_of(unbeaten))
        flat = move.kills._resolved()[2] if killed else ()
        return self._after_battle(move, killed, used, unbeaten, flat)

    def _after_battle(
        self, move: Defend, killed: int, used: int, unbeaten: int, flat: tuple[int, ...]
    ) -> State:
        """The state after the defence ``move`` (already checked): discard, pick up, refill.

        ``flat`` is the discard order of the kills (attack card, killer, …)."""
        a = self.attacker
        d = 1 - a
        hands = self._hands
        known = self._known
        held_a = hands[a]
        held_d = (hands[d] & ~used) | unbeaten
        known_a = known[a]
        known_d = (known[d] & ~used) | unbeaten
        # Replenish once per battle, attacker first (P-D2); the last card drawn is the
        # face-up indicator, so whoever draws it holds a card both players know (P-S21).
        stock, top = self._stock, self._top
        end = len(stock)
        if top < end:
            target = self.rules.hand_size
            need = target - held_a.bit_count()
            while need > 0 and top < end:
                held_a |= 1 << stock[top]
                top += 1
                need -= 1
                if top == end:
                    known_a |= 1 << stock[-1]
            need = target - held_d.bit_count()
            while need > 0 and top < end:
                held_d |= 1 << stock[top]
                top += 1
                need -= 1
                if top == end:
                    known_d |= 1 << stock[-1]
        state = _new_object(State)
        state.rules = self.rules
        state.parent = self
        state.last_move = move
        if a == 0:
            state._hands = (held_a, held_d)
            state._known = (known_a, known_d)
        else:
            state._hands = (held_d, held_a)
            state._known = (known_d, known_a)
        state._stock = stock
        state._top = top
        state._trump = self._trump
        state._indicator = self._indicator
        state._attack = 0
        # Beaten pairs go to the discard, each attack card under its killer (P-S13).
        state._discard = self._discard + flat if killed else self._discard
        # End check after replenishing (P-D7).
        if top >= end and not (held_a and held_d):
            state._result = _DRAW if not (held_a | held_d) else (a if not held_a else d)
            state.is_over = True
        else:
            state._result = _RUNNING
            state.is_over = False
        # The defender attacks next only after killing everything (P-S14, P-S15).
        state.attacker = a if unbeaten else d
        state._guess = self._guess
        state._seed_start = self._seed_start
        state._issued = _NOT_ISSUED  # never inherit the parent's trusted move
        state._keys = None
        return state

    def _cannot_beat(self, killer: Card, attacked: Card) -> IllegalMove:
        trump = _SUITS[self._trump]
        if killer.suit is attacked.suit:
            return IllegalMove("panjpar.lower", killer=killer, card=attacked)
        if attacked.suit is trump:
            return IllegalMove(
                "panjpar.trump_needs_trump", killer=killer, card=attacked, trump=trump
            )
        return IllegalMove(
            "panjpar.wrong_suit", killer=killer, card=attacked, suit=attacked.suit, trump=trump
        )

    # -- views -----------------------------------------------------------------------------
    def view(self, seat: int | None = None, teacher: bool = False) -> dict[str, Any]:
        """What ``seat`` may see (P-D9), JSON-safe; ``seat=None`` is the public table view.

        Never the stock count (P-S20), only the top discard, the opponent's hand size. The
        cards each player has seen go into a hand (``known``) are public. ``teacher=True``
        adds everything (hands, stock order and count, the whole discard).
        """
        if seat is not None:
            seat = check_seat(seat)
        outcome = self.outcome
        indicator = self.trump_card
        result: dict[str, Any] = {
            "game": self.game,
            "seat": seat,
            "to_move": self.to_move,
            "attacker": self.attacker,
            "phase": "over" if outcome else ("defend" if self._attack else "attack"),
            "trump": self.trump.value,
            "trump_card": None if indicator is None else str(indicator),
            "stock_empty": self.stock_empty,
            "hand_sizes": [self._hands[0].bit_count(), self._hands[1].bit_count()],
            "hand": None if seat is None else [str(c) for c in _cards_of(self._hands[seat])],
            "known": [[str(c) for c in _cards_of(k)] for k in self._known],
            "attack": [str(c) for c in self.attack],
            "discard_top": str(DECK[self._discard[-1]]) if self._discard else None,
            "guess": self.guess,
            "outcome": None if outcome is None else outcome.to_dict(),
        }
        if teacher:
            result["hands"] = [[str(c) for c in h] for h in self.hands]
            result["stock"] = [str(c) for c in self.stock]
            result["stock_count"] = len(self._stock) - self._top
            result["discard"] = [str(c) for c in self.discard]
        return result

    def view_all(self) -> dict[str, Any]:
        """The teacher's view: everything (``view(None, teacher=True)``)."""
        return self.view(None, teacher=True)

    # -- for bots --------------------------------------------------------------------------
    def determinize(self, seat: int, rng: Rng) -> State:
        """A fresh root consistent with what ``seat`` knows; hidden cards dealt anew by ``rng``.

        Kept: ``seat``'s hand, the table, the discard, the indicator (still the last stock
        card), and the cards ``seat`` saw go into the opponent's hand. The opponent's other
        cards and the face-down stock are shuffled together and dealt back into the same
        number of places. The pool is taken as a sorted set, so states that differ only in
        hidden cards give the same result for the same ``rng`` seed. The result is a fresh
        root (no history, no trump-guess record) whose record stores the explicit position.
        """
        seat = check_seat(seat)
        opp = 1 - seat
        stock = self._stock[self._top :]
        face_down = stock[:-1]
        opp_known = self._known[opp]
        opp_hidden = self._hands[opp] & ~opp_known
        pool = opp_hidden
        for card in face_down:
            pool |= 1 << card
        dealt = rng.shuffle(_bits(pool))
        count = opp_hidden.bit_count()
        new_opp = opp_known
        for card in dealt[:count]:
            new_opp |= 1 << card
        hands = (self._hands[0], new_opp) if seat == 0 else (new_opp, self._hands[1])
        new_stock = tuple(dealt[count:]) + stock[-1:]
        state = State._make(
            self.rules,
            hands,
            self._known,
            new_stock,
            self._trump,
            self._indicator,
            self.attacker,
            self._attack,
            self._discard,
        )
        state._result = self._result
        state.is_over = self.is_over
        return state

    def describe_move(self, move: Move, locale: str | None = None) -> str:
        """``Player A: Attack with 7♥`` for a move played from this state."""
        mover = self.to_move if self.to_move is not None else self.attacker
        return i18n.text(
            "panjpar.describe_player",
            locale,
            player=_player(mover).text(locale),
            move=move.describe(locale),
        )

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"to_move={'AB'[self.to_move or 0]}"
        return (
            f"<panjpar.State ply={self.ply} {who} attacker={'AB'[self.attacker]} "
            f"trump={self.trump.value} hands={self._hands[0].bit_count()}/"
            f"{self._hands[1].bit_count()} stock={len(self._stock) - self._top}>"
        )


_POSITION_FIELDS = ("hands", "stock", "trump", "attacker", "attack", "discard", "known")
"""The fields of a position in a record: the arguments of :meth:`State.from_position`."""


def _known_fields(fields: Mapping[Any, Any], known: Sequence[str]) -> None:
    """Refuse a record field that is not one of ``known``, naming the known ones."""
    for key in fields:
        if key not in known:
            raise PositionError(
                "panjpar.start_unknown", field=i18n.shown(key), fields=", ".join(known)
            )


_NOT_ISSUED: Move = Attack._from_mask(0)
"""What ``State._issued`` holds before a state generated a move: a private object no caller
can pass to :meth:`State.play` (None would be, and would skip the checks)."""


def _shape_error(bits: int) -> IllegalMove:
    size = bits.bit_count()
    if size not in (1, 3, 5):
        return IllegalMove("panjpar.attack_size", count=size)
    pattern = _pattern(bits)
    if size == 3:
        return IllegalMove("panjpar.shape3", pattern=pattern)
    pairs = sum(c // 2 for c in _rank_counts(bits))
    return IllegalMove("panjpar.shape5_one" if pairs else "panjpar.shape5_none", pattern=pattern)


# --------------------------------------------------------------------------------------------
# New games and records
# --------------------------------------------------------------------------------------------

_GUESSES = {"red": "red", "black": "black", "rot": "red", "schwarz": "black"}


def new_game(
    seed: int | str | None = None,
    rules: Rules | None = None,
    guesser: int | None = None,
    guess: str | None = None,
    *,
    dealer: int = 1,
) -> State:
    """A shuffled deal (P-S3, P-S4, P-D10) after the trump guess (P-D1).

    The guess is made before the deal: ``guesser`` (default: the non-dealer; the dealer is
    seat 1, player B, unless ``dealer`` says otherwise) calls ``guess`` ``"red"`` or
    ``"black"`` (default: a choice drawn from the seed). The guesser attacks first if the trump
    indicator has that colour, else the opponent does. Cards are dealt alternately, non-dealer
    first; the 11th card is the indicator, the last card of the 42-card stock.

    >>> state = new_game(seed=7, guess="black")
    >>> state.guess, len(state.stock), state.stock[-1].suit is state.trump
    ({'guesser': 0, 'guess': 'black'}, 42, True)
    >>> state.attacker == (0 if state.trump_card.color == "black" else 1)
    True
    """
    seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
    rules = core.check_rules(rules, Rules, "panjpar")
    dealer = check_seat(dealer)
    guesser = 1 - dealer if guesser is None else check_seat(guesser)
    rng = Rng(seed)
    if guess is None:
        guess = ("red", "black")[rng.derive("trump guess").below(2)]
    elif not isinstance(guess, str) or guess.strip().lower() not in _GUESSES:
        raise PositionError("panjpar.bad_guess", guess=i18n.shown(guess))
    guess = _GUESSES[guess.strip().lower()]
    deck = rng.shuffle(range(52))  # the permutation of rng.shuffle(DECK), as card indices
    first = 1 - dealer
    hands = [0, 0]
    dealt = 2 * rules.hand_size
    for i in range(dealt):
        hands[first if i % 2 == 0 else dealer] |= 1 << deck[i]
    indicator = deck[dealt]
    stock = (*deck[dealt + 1 :], indicator)
    colour = DECK[indicator].color
    attacker = guesser if colour == guess else 1 - guesser
    start = {"seed": seed, "dealer": dealer, "guesser": guesser, "guess": guess}
    return State._make(
        rules,
        (hands[0], hands[1]),
        (0, 0),
        stock,
        indicator % 4,
        indicator,
        attacker,
        guess=(guesser, guess),
        seed_start=start,
    )


def from_record(record: Mapping[str, Any] | str) -> State:
    """Replay a record (a dict or its JSON text); raises ``RecordError`` if malformed."""
    return State.from_record(record)
