"""Panjpar moves and their text: :class:`Attack`, :class:`Defend` (with :class:`Kills`).

An attack throws 1, 3 or 5 cards (P-S7, P-D3); a defence kills some attack cards, each with
its own card, and picks up the rest (P-D5). ``str(move)`` is the notation a record stores and
:meth:`Move.parse` reads it back, ASCII spellings too:

>>> str(Move.parse("attack 7H 7C 9D")), str(Move.parse("kill 7h with 9h, pick up 7c 9d"))
('attack 7♥ 7♣ 9♦', 'kill 7♥ with 9♥, pick up 7♣ 9♦')

Moves the engine lists carry only an int (an attack's card mask, a defence's code, see
:func:`decode_defence`); their cards, kills and pick-up are built on first read. This room
also makes those moves (:meth:`Attack.from_mask`, :func:`attacks_of_masks`,
:func:`defences_of_codes`, :func:`single_defence`) and keeps the caches of the commonest ones
(:data:`SINGLE_ATTACKS`, :data:`THREE_ATTACKS`, :func:`single_row`), so that the slots of a
move are written only here; the fast generators of :mod:`._fast` hand it masks and codes.

Trade-off: a listed move is an object with one int slot set, and its ``cards`` (``kills``,
``pickup``) are filled on first read through ``__getattr__``: most listed moves are never
looked at, and a listing of thousands of defences then costs one small object each.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Iterator, Mapping
from typing import TYPE_CHECKING

from cardwidgets import cards, core, i18n
from cardwidgets.cards import DECK, Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games.panjpar.deck import FULL, cards_of, indices_of
from cardwidgets.i18n import TranslatedError

KillsLike = (
    Mapping[Card, CardLike]
    | Mapping[str, CardLike]
    | Mapping[CardLike, CardLike]
    | Iterable[tuple[CardLike, CardLike]]
)
"""What :class:`Kills` accepts: attack card -> killer, as a mapping or as pairs (text too)."""


_new = object.__new__


class Kills(Mapping[Card, Card]):
    """An immutable mapping attack card -> the card that kills it, ordered by attack card.

    >>> Kills({"7♥": "9♥"})
    Kills({7♥: 9♥})
    """

    __slots__ = ("_map", "_pairs", "resolved")

    def __init__(self, kills: KillsLike = ()) -> None:
        # The checks below refuse what the types forbid too: kills may come from a record.
        items: list[tuple[CardLike, CardLike]]
        if isinstance(kills, Mapping):
            items = list(kills.items())
        elif isinstance(kills, Iterable) and not isinstance(kills, (str, bytes)):
            items = list(kills)
        else:
            raise IllegalMove("panjpar.bad_kills", kills=i18n.shown(kills))
        if not all(isinstance(item, (tuple, list)) and len(item) == 2 for item in items):
            raise IllegalMove("panjpar.bad_kills", kills=i18n.shown(kills))
        pairs = sorted((cards.to_card(a), cards.to_card(k)) for a, k in items)
        self._pairs: tuple[tuple[Card, Card], ...] = tuple(pairs)
        self.resolved: tuple[int, int, tuple[int, ...]] | None = None
        """What :meth:`masks` returns, once known (None before): read directly by the hot path."""
        self._map: dict[Card, Card] | None = dict(pairs)
        if len(self._map) != len(pairs):
            twice = next(a for a, _ in pairs if sum(1 for b, _ in pairs if b is a) > 1)
            raise IllegalMove("panjpar.kill_twice", card=twice)

    @classmethod
    def trusted(cls, pairs: tuple[tuple[Card, Card], ...]) -> Kills:
        kills = _new(cls)
        kills._pairs = pairs
        kills.resolved = None
        kills._map = None  # built on first look-up: most generated moves are never read
        return kills

    @classmethod
    def of_indices(cls, flat: tuple[int, ...], killed: int, used: int) -> Kills:
        """Kills from engine ints: ``flat`` is (attack card, killer, …) as card indices,
        ``killed`` and ``used`` their masks; trusted (the engine made them legal)."""
        kills = cls.trusted(
            tuple([(DECK[flat[i]], DECK[flat[i + 1]]) for i in range(0, len(flat), 2)])
        )
        kills.resolved = (killed, used, flat)  # what masks() would compute
        return kills

    def masks(self) -> tuple[int, int, tuple[int, ...]]:
        """(killed attack cards, killers used, the discard order as card indices: attack
        card, killer, …): a cached engine view.

        >>> Kills({"7♥": "9♥"}).masks() == (1 << 21, 1 << 29, (21, 29))
        True
        """
        masks = self.resolved
        if masks is None:
            killed = used = 0
            flat: list[int] = []
            for attacked, killer in self._pairs:
                killed |= 1 << attacked.index
                used |= 1 << killer.index
                flat += (attacked.index, killer.index)
            masks = self.resolved = (killed, used, tuple(flat))
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


def shown_order(attack: tuple[Card, ...]) -> tuple[Card, ...]:
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
    mask: int = dataclasses.field(default=0, init=False, repr=False, compare=False)
    """The cards as a bitmask: what ``State.play`` checks by mask arithmetic."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(cards.to_cards(self.cards))))
        object.__setattr__(self, "mask", cards.mask(self.cards))

    if not TYPE_CHECKING:  # hidden from mypy, which would otherwise accept any attribute

        def __getattr__(self, name):
            # Attacks listed by legal_moves() carry only their mask (State.legal_moves): the
            # card tuple is built on first use, as most listed moves are never looked at.
            if name == "cards":
                found = cards_of(self.mask)
                _SET_CARDS(self, found)
                return found
            raise AttributeError(f"'Attack' object has no attribute '{name}'")

    @classmethod
    def from_mask(cls, mask: int) -> Attack:
        """The attack of the cards of ``mask`` (card indices as bits), trusted: no checks.
        Only the mask is set; ``cards`` is built on first read.

        >>> str(Attack.from_mask(0b101))
        'attack 2♠ 2♦'
        """
        move = _new(cls)
        _SET_MASK(move, mask)
        return move

    def __str__(self) -> str:
        return "attack " + cards.format_cards(shown_order(self.cards))

    def describe(self, locale: str | None = None) -> str:
        """``Attack with 7♥ 7♣ 9♦`` / ``Angriff mit 7♥ 7♣ 9♦``."""
        return i18n.text(
            "panjpar.describe_attack", locale, cards=cards.format_cards(shown_order(self.cards))
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
    code: int = dataclasses.field(default=-1, init=False, repr=False, compare=False)
    """The defence as one int (see :func:`decode_defence`) when the engine listed it, else
    -1: what ``State.play`` checks by mask arithmetic, and what kills/pickup are built from."""

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
    def from_pairs(cls, pairs: list[tuple[int, int]], attack: int) -> Defend:
        """The defence killing each (attack card, killer) of ``pairs`` (card indices) and
        picking up the rest of ``attack`` (a mask); trusted: no checks.

        >>> str(Defend.from_pairs([(21, 29)], attack=1 << 21 | 1 << 23))
        'kill 7♥ with 9♥, pick up 7♣'
        """
        move = _new(cls)
        _SET_CODE(move, -1)
        killed = used = 0
        flat: list[int] = []
        for a, k in pairs:
            killed |= 1 << a
            used |= 1 << k
            flat += (a, k)
        kills = Kills.trusted(tuple([(DECK[a], DECK[k]) for a, k in pairs]))
        kills.resolved = (killed, used, tuple(flat))  # what Kills.masks would compute
        _SET_KILLS(move, kills)
        _SET_PICKUP(move, cards_of(attack & ~killed))
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
_SET_MASK = Attack.__dict__["mask"].__set__
_SET_CODE = Defend.__dict__["code"].__set__
_SET_KILLS = Defend.__dict__["kills"].__set__
_SET_PICKUP = Defend.__dict__["pickup"].__set__
CODE_SHIFT = 32  # a code is attack mask << 32 | one 6-bit digit per attack card (5 x 6 bits)


def decode_defence(code: int) -> tuple[int, int, int, tuple[int, ...]]:
    """(attack, killed, used, discard order) of a defence code.

    The digits hold, per attack card in ascending order (the first one most significant),
    its killer's index + 1, or 0 when it is picked up.
    """
    attack = code >> CODE_SHIFT
    order = indices_of(attack)
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
    attack, killed, used, flat = decode_defence(move.code)
    _SET_KILLS(move, Kills.of_indices(flat, killed, used))
    _SET_PICKUP(move, cards_of(attack & ~killed))


# -- making listed moves (the fast generators hand over masks and codes) -------------------


def attacks_of_masks(masks: Iterable[int]) -> list[Attack]:
    """Attacks made with only their mask (cards built on first read), for listings.

    >>> [str(a) for a in attacks_of_masks([1, 0b111])]
    ['attack 2♠', 'attack 2♠ 2♥ 2♦']
    """
    new = _new
    set_mask = _SET_MASK
    return [set_mask(move := new(Attack), mask) or move for mask in masks]


def defences_of_codes(codes: Iterable[int]) -> list[Defend]:
    """Defences made with only their code (kills and pick-up built on first read).

    >>> [str(d) for d in defences_of_codes([(1 << 21) << CODE_SHIFT | 30])]
    ['kill 7♥ with 9♥']
    """
    new = _new
    set_code = _SET_CODE
    return [set_code(move := new(Defend), code) or move for code in codes]


SINGLE_ATTACKS: tuple[Attack, ...] = tuple(Attack.from_mask(1 << i) for i in range(52))
"""The one-card attacks by card index, made once: most attacks are single cards."""


class AttackCache(dict[int, Attack]):
    """Attacks by card mask, each made on first use (moves are immutable, so states share
    them). Only for three-card attacks: there are 3,796 (a pair and any other card, or three
    of a rank), so the cache stays small, and listing a hand's attacks becomes dict look-ups
    mapped in C instead of one new object per attack."""

    def __missing__(self, mask: int) -> Attack:
        move = self[mask] = Attack.from_mask(mask)  # only its mask: cards built on first read
        return move


THREE_ATTACKS = AttackCache()
"""The three-card attacks by mask (:class:`AttackCache`)."""

SINGLE_DEFENCES: dict[int, Defend] = {}
"""The defences against one attack card, by ``attacked * 64 + killer + 1`` (a plain int: no
key tuple per look-up); filled by :func:`single_defence`."""


def single_defence(attacked: int, killer: int) -> Defend:
    """The (cached, immutable) defence against a one-card attack; killer -1 picks it up.

    >>> str(single_defence(21, 29)), single_defence(21, -1) is single_defence(21, -1)
    ('kill 7♥ with 9♥', True)
    """
    key = attacked * 64 + killer + 1
    move = SINGLE_DEFENCES.get(key)
    if move is None:
        # Only its code: kills and pick-up are built on first read. A game meets about
        # 2,000 of these; making them whole up front cost a playing loop of a few hundred
        # games several percent.
        move = SINGLE_DEFENCES[key] = _new(Defend)
        _SET_CODE(move, (1 << attacked) << CODE_SHIFT | (killer + 1))
    return move


SingleRow = tuple[Defend, tuple[Defend, ...], int, tuple[int, ...]]
"""Per attack card: its pick-up, its defences by killer index, the pick-up's code, the codes
by killer index (see :func:`single_row`)."""

_SINGLE_ROWS: list[SingleRow | None] = [None] * 52
_ONE_SUIT = int("0001" * 13, 2)  # the spades; shifted left by s: suit s


def single_row(attacked: int) -> SingleRow:
    """The defences against the one attack card ``attacked``, built on first use. A one-card
    listing then maps killer indices to moves and codes with map() over tuples, in C, with
    no Python frame per move. Cards that can never kill it under any trump (its own suit,
    not higher: P-S12) hold the pick-up instead: they are never looked up.

    >>> pickup, kills, base, codes = single_row(21)
    >>> str(pickup), str(kills[29]), kills[17] is pickup
    ('pick up 7♥', 'kill 7♥ with 9♥', True)
    """
    row = _SINGLE_ROWS[attacked]
    if row is None:
        never = (_ONE_SUIT << (attacked & 3)) & ((2 << attacked) - 1)
        ever = FULL & ~never
        pickup = single_defence(attacked, -1)
        kills = tuple(single_defence(attacked, k) if ever >> k & 1 else pickup for k in range(52))
        base = (1 << attacked) << CODE_SHIFT
        row = (pickup, kills, base, tuple(base | (k + 1) for k in range(52)))
        _SINGLE_ROWS[attacked] = row
    return row
