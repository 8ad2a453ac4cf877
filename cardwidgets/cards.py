"""French playing cards: parsing every notation of docs/rules/index.md, card sets, a stable shuffle.

A :class:`Card` is one of 52 interned objects, so identity, equality and hashing are the same
thing and card sets are cheap. Engines may work on :attr:`Card.index` (0–51) or bitmasks
(:func:`mask`); the public API hands out cards.

>>> from cardwidgets import cards
>>> card = cards.parse("10♦")
>>> card, str(card), card.rank, card.suit
(Card('10♦'), '10♦', <Rank.TEN: 10>, <Suit.DIAMONDS: '♦'>)
>>> cards.parse("td") is cards.parse("♦10") is cards.parse("10 of diamonds") is card
True
>>> cards.format_cards(cards.parse_many("3♠ 5h QD ♣7"))
'3♠ 5♥ Q♦ 7♣'
>>> cards.parse("11♦")
Traceback (most recent call last):
...
cardwidgets.cards.CardError: '11♦' is not a card: ranks are A K Q J 10 9 8 7 6 5 4 3 2

The shuffle is SplitMix64 feeding a Fisher–Yates shuffle, both written out here, so a seed deals
the same cards on every Python version and platform:

>>> cards.format_cards(cards.shuffled(cards.DECK, seed=7)[:5])
'6♠ 3♠ J♠ Q♥ 9♥'
"""

from __future__ import annotations

import hashlib
import random
import re
import secrets
from collections.abc import Iterable, Sequence
from enum import Enum, IntEnum
from typing import TypeVar

from cardwidgets import i18n

__all__ = [
    "DECK",
    "Card",
    "CardError",
    "CardLike",
    "Rank",
    "Rng",
    "RngError",
    "SeedError",
    "StdlibRng",
    "Suit",
    "as_rng",
    "card_at",
    "check_seed",
    "format_cards",
    "fresh_seed",
    "from_mask",
    "mask",
    "parse",
    "parse_many",
    "shuffled",
    "to_card",
    "to_cards",
]

T = TypeVar("T")


class Suit(str, Enum):
    """The four suits; the value is the symbol, so ``Suit.DIAMONDS == "♦"``."""

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    @property
    def letter(self) -> str:
        """ASCII letter: S, H, D or C."""
        return _SUIT_LETTERS[self]

    @property
    def color(self) -> str:
        """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs."""
        return "red" if self in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    @property
    def order(self) -> int:
        """Position in ``♠ ♥ ♦ ♣`` order (0–3)."""
        return _SUIT_ORDER.index(self)

    def name_in(self, locale: str | None = None) -> str:
        """The suit's name: ``"diamonds"`` or ``"Karo"``."""
        return i18n.text(f"suit.{self.letter}", locale)

    def __str__(self) -> str:
        return self.value

    def __format__(self, spec: str) -> str:
        return format(self.value, spec)


class Rank(IntEnum):
    """Ranks 2–14 (the ace is 14, highest, as pagat lists them); ``str(Rank.TEN) == "10"``."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """Display text: ``"10"``, ``"Q"``, ``"7"``."""
        return _RANK_TEXT[self]

    def name_in(self, locale: str | None = None) -> str:
        """The rank's name: ``"ten"`` or ``"Zehn"``."""
        return i18n.text(f"rank.{self.text}", locale)

    def __str__(self) -> str:
        return self.text

    def __format__(self, spec: str) -> str:
        return format(self.text, spec)


_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_RANK_TEXT = {r: (str(int(r)) if r <= 10 else "JQKA"[r - 11]) for r in Rank}
RANKS_HIGH_TO_LOW = "A K Q J 10 9 8 7 6 5 4 3 2"


class Card:
    """One of the 52 cards. ``Card("10♦")`` and ``Card(10, "♦")`` return the interned card.

    Cards order by rank, then suit (``♠ ♥ ♦ ♣``); :attr:`index` follows the same order.
    """

    __slots__ = ("ascii", "index", "rank", "suit", "text")

    index: int
    rank: Rank
    suit: Suit
    text: str
    ascii: str

    def __new__(cls, rank: int | str, suit: Suit | str | None = None) -> Card:
        if suit is None:
            return parse(rank)  # type: ignore[arg-type]  # parse explains what is not text
        rank_value = _rank_from(rank)
        suit_value = _suit_from(suit)
        if rank_value is None or suit_value is None:
            raise CardError("card.bad_parts", rank=i18n.shown(rank), suit=i18n.shown(suit))
        return DECK[(rank_value - 2) * 4 + suit_value.order]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        card.index = index
        card.rank = Rank(index // 4 + 2)
        card.suit = _SUIT_ORDER[index % 4]
        card.text = f"{card.rank.text}{card.suit.value}"
        card.ascii = f"{card.rank.text}{card.suit.letter}"
        return card

    @property
    def color(self) -> str:
        """``"red"`` or ``"black"``."""
        return self.suit.color

    @property
    def bit(self) -> int:
        """This card's bit in a card-set mask (see :func:`mask`)."""
        return 1 << self.index

    def name(self, locale: str | None = None) -> str:
        """Spoken name for screen readers: ``"ten of diamonds"`` / ``"Karo Zehn"``."""
        return i18n.text(
            "card.name", locale, rank=self.rank.name_in(locale), suit=self.suit.name_in(locale)
        )

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self.text!r})"

    def __lt__(self, other: Card) -> bool:
        return self.index < other.index

    def __le__(self, other: Card) -> bool:
        return self.index <= other.index

    def __gt__(self, other: Card) -> bool:
        return self.index > other.index

    def __ge__(self, other: Card) -> bool:
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        # Keep cards interned across pickling (process pools, Dask workers).
        return (card_at, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self


DECK: tuple[Card, ...] = tuple(Card._make(i) for i in range(52))
"""All 52 cards in index order: 2♠ 2♥ 2♦ 2♣ 3♠ … A♣."""

CardLike = Card | str
"""A card or its text, as accepted by every API that takes cards."""


def card_at(index: int) -> Card:
    """The card with :attr:`Card.index` ``index``."""
    return DECK[index]


class CardError(i18n.TranslatedError):
    """Card text that is not a card; the message says what was wrong."""


_SUIT_TOKENS: dict[str, Suit] = {
    "♠": Suit.SPADES, "♤": Suit.SPADES, "S": Suit.SPADES,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS, "H": Suit.HEARTS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS, "D": Suit.DIAMONDS,
    "♣": Suit.CLUBS, "♧": Suit.CLUBS, "C": Suit.CLUBS,
}  # fmt: skip
_SUIT_WORDS: dict[str, Suit] = {
    "SPADES": Suit.SPADES, "SPADE": Suit.SPADES, "PIK": Suit.SPADES,
    "HEARTS": Suit.HEARTS, "HEART": Suit.HEARTS, "HERZ": Suit.HEARTS,
    "DIAMONDS": Suit.DIAMONDS, "DIAMOND": Suit.DIAMONDS, "KARO": Suit.DIAMONDS,
    "CLUBS": Suit.CLUBS, "CLUB": Suit.CLUBS, "KREUZ": Suit.CLUBS,
    "HERC": Suit.HEARTS, "TREF": Suit.CLUBS,  # Croatian (karo and pik are the German words)
}  # fmt: skip
_RANK_TOKENS: dict[str, int] = {
    **{str(n): n for n in range(2, 11)},
    "T": 10, "J": 11, "Q": 12, "K": 13, "A": 14,
}  # fmt: skip
_RANK_WORDS: dict[str, int] = {
    **{w: n for n, w in enumerate("TWO THREE FOUR FIVE SIX SEVEN EIGHT NINE TEN".split(), 2)},
    **{w: n for n, w in enumerate("ZWEI DREI VIER FÜNF SECHS SIEBEN ACHT NEUN ZEHN".split(), 2)},
    "JACK": 11, "QUEEN": 12, "KING": 13, "ACE": 14,
    "BUBE": 11, "DAME": 12, "KÖNIG": 13, "KOENIG": 13, "ASS": 14,
    # Croatian, as Tablić players name the cards: "desetka karo", "kralj pik", "as herc"
    **{w: n for n, w in enumerate(
        "DVOJKA TROJKA ČETVORKA PETICA ŠESTICA SEDMICA OSMICA DEVETKA DESETKA".split(), 2)},
    "CETVORKA": 4, "SESTICA": 6,
    "DEČKO": 11, "DECKO": 11, "ŽANDAR": 11, "ZANDAR": 11, "DAMA": 12, "KRALJ": 13, "AS": 14,
}  # fmt: skip


def _rank_from(rank: int | str) -> int | None:
    if isinstance(rank, bool):
        return None
    if isinstance(rank, int):
        return int(rank) if 2 <= rank <= 14 else None
    if not isinstance(rank, str):
        return None
    key = rank.strip().upper()
    return _RANK_TOKENS.get(key) or _RANK_WORDS.get(key)


def _suit_from(suit: Suit | str) -> Suit | None:
    if isinstance(suit, Suit):
        return suit
    if not isinstance(suit, str):
        return None
    key = suit.strip().upper()
    return _SUIT_TOKENS.get(key) or _SUIT_WORDS.get(key)


_cache: dict[str, Card] = {}


def parse(text: str) -> Card:
    """Read one card in any notation of docs/rules/index.md ("Writing cards").

    Rank first or suit first, suit symbols or letters, ``10`` or ``T``, any case, and the
    spoken forms ``"10 of diamonds"``, ``"Karo Zehn"`` and the Croatian ``"10 herc"``, ``"kralj
    pik"``.

    >>> [str(parse(t)) for t in ("10♦", "10D", "TD", "td", "♦10", "d10", "queen of hearts")]
    ['10♦', '10♦', '10♦', '10♦', '10♦', '10♦', 'Q♥']
    >>> [str(parse(t)) for t in ("10 herc", "kralj pik", "as tref", "dečko karo", "Dama herc")]
    ['10♥', 'K♠', 'A♣', 'J♦', 'Q♥']
    >>> parse("10X")
    Traceback (most recent call last):
    ...
    cardwidgets.cards.CardError: '10X' is not a card: suits are ♠ ♥ ♦ ♣ (or S H D C)
    """
    if isinstance(text, Card):
        return text
    if not isinstance(text, str):
        raise CardError("card.not_text", text=i18n.shown(text))
    card = _cache.get(text)
    if card is None:
        card = _parse_uncached(text)
        if len(_cache) < 4096:
            _cache[text] = card
    return card


def _parse_uncached(text: str) -> Card:
    compact = text.strip().upper()
    if not compact:
        raise CardError("card.empty", text=text)
    words = compact.replace(" OF ", " ").split()
    if len(words) == 2:
        return _parse_words(text, words)
    if len(words) > 2:
        raise CardError("card.empty", text=text)
    if compact[-1] in _SUIT_TOKENS:
        suit, rank_text = _SUIT_TOKENS[compact[-1]], compact[:-1]
    elif compact[0] in _SUIT_TOKENS:
        suit, rank_text = _SUIT_TOKENS[compact[0]], compact[1:]
    else:
        raise CardError("card.bad_suit" if len(compact) > 1 else "card.empty", text=text)
    rank = _RANK_TOKENS.get(rank_text)
    if rank is None:
        raise CardError("card.bad_rank", text=text)
    return DECK[(rank - 2) * 4 + suit.order]


def _parse_words(text: str, words: list[str]) -> Card:
    first, second = words
    for rank_word, suit_word in ((first, second), (second, first)):
        rank = _rank_from(rank_word)
        suit = _suit_from(suit_word)
        if rank is not None and suit is not None:
            return DECK[(rank - 2) * 4 + suit.order]
    if _suit_from(first) is None and _suit_from(second) is None:
        raise CardError("card.bad_suit", text=text)
    raise CardError("card.bad_rank", text=text)


_SEPARATORS = re.compile(r"[\s,;]+|(?<=\S)-(?=\S)")


def parse_many(text: str) -> tuple[Card, ...]:
    """Read several cards separated by spaces, commas or pagat-style hyphens.

    >>> format_cards(parse_many("♦5-♣5-♣K"))
    '5♦ 5♣ K♣'
    >>> format_cards(parse_many("10 of diamonds, ace of spades 3h Karo Zehn"))
    '10♦ A♠ 3♥ 10♦'
    >>> format_cards(parse_many("10 herc, kralj pik 7 tref"))
    '10♥ K♠ 7♣'
    >>> format_cards(parse_many("AS pik 10"))  # AS is the ace of spades, then "pik 10"
    'A♠ 10♠'
    >>> format_cards(parse_many("as herc, dečko tref"))
    'A♥ J♣'
    >>> parse_many("")
    ()
    """
    if not isinstance(text, str):
        raise CardError("card.not_cards", text=i18n.shown(text))
    tokens = [token for token in _SEPARATORS.split(text) if token]
    return _reading(tokens) or _greedy(tokens)


def _widths(tokens: list[str], i: int) -> list[int]:
    """How many tokens the card at ``tokens[i]`` may take: "x of y", a word pair, or one."""
    widths = []
    if i + 2 < len(tokens) and tokens[i + 1].upper() == "OF":
        widths.append(3)
    if i + 1 < len(tokens) and _is_word_pair(tokens[i], tokens[i + 1]):
        widths.append(2)
    return [*widths, 1]


def _reading(tokens: list[str]) -> tuple[Card, ...] | None:
    """The cards of ``tokens`` if they can all be read, preferring longer readings first
    ("as herc" is one card, but in "AS pik 10" AS is a card and "pik 10" another); None if
    no reading uses every token."""
    width_at: list[int] = [0] * (len(tokens) + 1)
    readable = [False] * len(tokens) + [True]
    cards_at: dict[int, Card] = {}
    for i in range(len(tokens) - 1, -1, -1):
        for width in _widths(tokens, i):
            if not readable[i + width]:
                continue
            try:
                cards_at[i] = parse(" ".join(tokens[i : i + width]))
            except CardError:
                continue
            readable[i], width_at[i] = True, width
            break
    if not readable[0]:
        return None
    found, i = [], 0
    while i < len(tokens):
        found.append(cards_at[i])
        i += width_at[i]
    return tuple(found)


def _greedy(tokens: list[str]) -> tuple[Card, ...]:
    """Read ``tokens`` left to right, for the error of the first token that is no card."""
    found: list[Card] = []
    i = 0
    while i < len(tokens):
        width = _widths(tokens, i)[0]
        found.append(parse(" ".join(tokens[i : i + width])))
        i += width
    return tuple(found)


def _is_word_pair(first: str, second: str) -> bool:
    a, b = first.upper(), second.upper()
    return (a in _SUIT_WORDS and (b in _RANK_WORDS or b in _RANK_TOKENS)) or (
        b in _SUIT_WORDS and (a in _RANK_WORDS or a in _RANK_TOKENS)
    )


def to_card(card: CardLike) -> Card:
    """A card from a :class:`Card` or its text."""
    return card if isinstance(card, Card) else parse(card)


def to_cards(cards: Iterable[CardLike] | str, *, distinct: bool = True) -> tuple[Card, ...]:
    """Cards from text (``"3♠ 5♥"``) or an iterable of cards or card texts, in the given order.

    With ``distinct`` (the default) a card given twice raises :class:`CardError`.

    >>> to_cards(["3♠", parse("5♥")])
    (Card('3♠'), Card('5♥'))
    >>> to_cards("3♠ 3s")
    Traceback (most recent call last):
    ...
    cardwidgets.cards.CardError: 3♠ appears twice
    """
    if isinstance(cards, str):
        result = parse_many(cards)
    elif isinstance(cards, Iterable) and not isinstance(cards, (bytes, Card)):
        result = tuple(to_card(c) for c in cards)
    else:
        raise CardError("card.not_cards", text=i18n.shown(cards))
    if distinct and len(set(result)) != len(result):
        seen: set[Card] = set()
        for card in result:
            if card in seen:
                raise CardError("card.duplicate", card=card)
            seen.add(card)
    return result


def format_cards(cards: Iterable[Card]) -> str:
    """Cards as display text separated by spaces, in the given order."""
    return " ".join(card.text for card in cards)


def mask(cards: Iterable[Card]) -> int:
    """A card set as a 52-bit integer (bit ``card.index``)."""
    result = 0
    for card in cards:
        result |= 1 << card.index
    return result


def from_mask(bits: int) -> tuple[Card, ...]:
    """The cards of a mask, in index order."""
    found = []
    while bits:
        low = bits & -bits
        found.append(DECK[low.bit_length() - 1])
        bits ^= low
    return tuple(found)


_MASK64 = (1 << 64) - 1


class SeedError(i18n.TranslatedError, TypeError):
    """A seed that is neither an int nor a str (also a ``TypeError``, as it always was), or
    a whole number beyond 64 bits."""


def check_seed(seed: object) -> int | str:
    """Return ``seed`` if it can seed a shuffle (an int or a str, not a bool), else raise
    :class:`SeedError`. Every entry point that takes a seed checks it here.

    >>> check_seed("lesson 1"), check_seed(7)
    ('lesson 1', 7)
    >>> check_seed(1.5)
    Traceback (most recent call last):
    ...
    cardwidgets.cards.SeedError: a seed must be a whole number or a text, not 1.5
    >>> check_seed(2**64)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    cardwidgets.cards.SeedError: a whole-number seed must be from -18,446,744,073,709,551,615 ...

    A whole number is taken modulo 2**64 (:class:`Rng`), so a bigger one deals nothing new;
    one of thousands of digits would make a record that cannot be printed.
    """
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SeedError("seed.bad", seed=i18n.shown(seed))
    if isinstance(seed, int) and abs(seed) > _MASK64:
        raise SeedError("seed.too_big", seed=i18n.shown(seed), most=i18n.Number(_MASK64))
    return seed


def _seed_to_int(seed: int | str) -> int:
    checked = check_seed(seed)
    if isinstance(checked, str):
        # surrogatepass: a str from JSON may hold a lone surrogate; other texts encode as UTF-8.
        data = checked.encode("utf-8", "surrogatepass")
        return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")
    return checked & _MASK64


def _below_limit(n: int) -> int:
    """The rejection bound of :meth:`Rng.below`: the largest multiple of ``n`` up to 2**64."""
    if n <= 0:
        raise ValueError("below(n) needs n >= 1")
    return (1 << 64) - (1 << 64) % n


_SMALL = 1024
_BELOW_LIMITS = (0, *(_below_limit(n) for n in range(1, _SMALL)))


class Rng:
    """SplitMix64 (Steele, Lea and Flood, 2014): small, fast and identical everywhere.

    A seed is an int (taken modulo 2**64) or a str (first 8 bytes of its SHA-256, big-endian).

    >>> rng = Rng(42)
    >>> [rng.below(6) for _ in range(5)]
    [1, 1, 0, 0, 4]
    >>> Rng("lesson 1").below(100) == Rng("lesson 1").below(100)
    True
    """

    __slots__ = ("_state",)

    def __init__(self, seed: int | str) -> None:
        self._state = _seed_to_int(seed)

    @classmethod
    def from_state(cls, state: int) -> Rng:
        """A generator whose SplitMix64 state is ``state`` (taken modulo 2**64), with no seed
        check or hashing: for streams derived by integer mixing, one per position of a player.

        >>> Rng.from_state(42).below(6) == Rng(42).below(6)
        True
        """
        rng = object.__new__(cls)
        rng._state = state & _MASK64
        return rng

    def restart(self, state: int) -> Rng:
        """This generator, its SplitMix64 state set to ``state`` (taken modulo 2**64): what
        :meth:`from_state` gives, without making a generator, for a loop that draws each move
        from a stream of its own.

        >>> rng = Rng(1)
        >>> rng.restart(42).below(6) == Rng.from_state(42).below(6) and rng._state != 42
        True
        """
        self._state = state & _MASK64
        return self

    def next64(self) -> int:
        """The next 64-bit output."""
        self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK64
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``, without modulo bias (rejection sampling)."""
        # The hottest call of every random playout: next64 inlined, small limits from a table.
        limit = _BELOW_LIMITS[n] if 0 < n < _SMALL else _below_limit(n)
        while True:
            self._state = z = (self._state + 0x9E3779B97F4A7C15) & _MASK64
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
            z ^= z >> 31
            if z < limit:
                return z % n

    def random(self) -> float:
        """A uniform float in [0, 1) with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item."""
        return items[self.below(len(items))]

    def shuffle(self, items: Iterable[T]) -> list[T]:
        """A new list: Fisher–Yates (Durstenfeld) from the last position down.

        Exactly ``j = self.below(i + 1)`` for each ``i`` from the last down to 1 (the same
        draws, the same list), with :meth:`below` inlined: every deal of a new game shuffles,
        and the method call was a third of a 52-card shuffle's cost.

        >>> Rng(3).shuffle("abcdef")
        ['f', 'a', 'c', 'e', 'b', 'd']
        """
        result = list(items)
        state = self._state
        limits = _BELOW_LIMITS
        for i in range(len(result) - 1, 0, -1):
            n = i + 1
            limit = limits[n] if n < _SMALL else _below_limit(n)
            while True:
                state = z = (state + 0x9E3779B97F4A7C15) & _MASK64
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
                z ^= z >> 31
                if z < limit:
                    break
            j = z % n
            result[i], result[j] = result[j], result[i]
        self._state = state
        return result

    def derive(self, *labels: int | str) -> Rng:
        """An independent generator for a sub-task, fixed by this generator's seed and labels."""
        text = ":".join([str(self._state), *map(str, labels)])
        return Rng(text)


class StdlibRng(Rng):
    """An :class:`Rng` that draws from a standard-library ``random.Random`` instead of SplitMix64.

    :func:`as_rng` makes one, so that ``state.random_move(random.Random(1))`` works like
    ``state.random_move(Rng(1))``: the engines only call :meth:`below`, here ``randrange``,
    which is uniform too. The draws are the ``random.Random``'s, so they advance its state.

    >>> source = random.Random(5)
    >>> StdlibRng(source).below(10) == random.Random(5).randrange(10)
    True
    """

    __slots__ = ("source",)

    def __init__(self, source: random.Random) -> None:
        super().__init__(0)  # SplitMix64's state stays unused: every draw comes from ``source``
        self.source = source

    def next64(self) -> int:
        """The next 64 random bits of the source."""
        return self.source.getrandbits(64)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (``randrange``, without modulo bias)."""
        if n <= 0:
            raise ValueError("below(n) needs n >= 1")
        return self.source.randrange(n)

    def random(self) -> float:
        """The source's next float in [0, 1)."""
        return self.source.random()

    def derive(self, *labels: int | str) -> Rng:
        """An independent :class:`Rng` seeded by 64 bits drawn from the source and ``labels``."""
        return Rng(":".join([str(self.next64()), *map(str, labels)]))


class RngError(i18n.TranslatedError):
    """An object given as a random generator that is neither an :class:`Rng` nor a
    ``random.Random`` (a ``ValueError``)."""


def as_rng(rng: object) -> Rng:
    """``rng`` as an :class:`Rng`: an ``Rng`` itself, a ``random.Random`` (or subclass, such as
    ``random.SystemRandom``) wrapped in a :class:`StdlibRng`; anything else raises
    :class:`RngError`.

    >>> as_rng(random.Random(1)).below(6) == random.Random(1).randrange(6)
    True
    >>> as_rng(42)
    Traceback (most recent call last):
    ...
    cardwidgets.cards.RngError: a random generator must be a cardwidgets.cards.Rng or a ...
    """
    if isinstance(rng, Rng):
        return rng
    if isinstance(rng, random.Random):
        return StdlibRng(rng)
    raise RngError("rng.bad", rng=i18n.shown(rng))


def shuffled(items: Iterable[T], seed: int | str) -> list[T]:
    """``items`` shuffled by :class:`Rng` from ``seed``; the same seed gives the same order."""
    return Rng(seed).shuffle(items)


def fresh_seed() -> int:
    """A new random seed (63 bits), for games started without one; records keep it."""
    return secrets.randbits(63)
