"""Position codes: the pieces every game's one-line code is written with and read from.

A position code is one line of text, like a chess FEN: a letter for the game (``T`` Tablić,
``P`` Panjpar, ``Z`` Pazaak), then fields separated by single spaces. A seat's code has the
seat after the letter (``T0``, ``T1``) and writes the cards that seat cannot see as their
number and ``?`` (``6?``: six unseen cards), or as ``*`` where their number is hidden too.
Each game's ``codes`` module says what its fields are; this module reads and writes the
common pieces: cards as two letters (rank ``A 2-9 T J Q K``, suit ``S H D C``), runs of
unseen cards, the fields themselves, and the translated refusals of malformed text.

>>> write_cards(cards.parse_many("10♦ 5♥ A♣"))
'TD5HAC'
>>> [str(item) for item in read_cards("TD3?*", "stock", PositionError)]
['10♦', '3?', '*']
>>> read_cards("TX", "stock", PositionError)
Traceback (most recent call last):
...
cardwidgets.core.PositionError: the field stock of the code cannot be read: 'TX' (write ...)
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable, Sequence

from cardwidgets import cards, i18n
from cardwidgets.cards import Card
from cardwidgets.core import PositionError

__all__ = [
    "Unseen",
    "card_text",
    "read_cards",
    "read_int",
    "read_pair",
    "read_seat",
    "refuse_over",
    "seen",
    "split_code",
    "unseen_pool",
    "unseen_total",
    "write_cards",
]


@dataclasses.dataclass(frozen=True, slots=True)
class Unseen:
    """A run of cards the code's seat cannot see: ``6?`` (six cards), ``*`` (how many is
    hidden too), or ``12?p4`` (a Tablić pile: twelve cards worth four points)."""

    count: int | None
    points: int | None = None

    def __str__(self) -> str:
        if self.count is None:
            return "*"
        points = "" if self.points is None else f"p{self.points}"
        return f"{self.count}?{points}"


def card_text(card: Card) -> str:
    """A card as two letters: rank (``T`` for ten) and suit letter.

    >>> card_text(cards.parse("10♦")), card_text(cards.parse("Q♠"))
    ('TD', 'QS')
    """
    return card.ascii.replace("10", "T")


def write_cards(items: Iterable[Card | Unseen]) -> str:
    """A list of cards (and runs of unseen ones) as one field: ``-`` when it is empty."""
    text = "".join(card_text(i) if isinstance(i, Card) else str(i) for i in items)
    return text or "-"


# A card ends in its suit letter, so a count's digits before "?" cannot be read as a rank.
_ITEM = re.compile(r"(\d{1,3})\?(?:p(\d{1,3}))?|(\*)|([2-9TJQKA])([SHDC])", re.IGNORECASE)
_RANKS = {"T": 10, "J": 11, "Q": 12, "K": 13, "A": 14}


def read_cards(text: str, field: str, error: type[PositionError]) -> list[Card | Unseen]:
    """The cards and unseen runs of one field, in order; ``-`` is an empty list."""
    if text == "-":
        return []
    items: list[Card | Unseen] = []
    at = 0
    while at < len(text):
        found = _ITEM.match(text, at)
        if found is None:
            raise error("code.cards", field=field, text=text)
        count, points, star, rank, suit = found.groups()
        if star:
            items.append(Unseen(None))
        elif rank is None:
            items.append(Unseen(int(count), int(points) if points else None))
        else:
            rank_value = _RANKS.get(rank.upper()) or int(rank)
            items.append(Card(rank_value, suit.upper()))
        at = found.end()
    return items


def split_code(
    text: object, game: str, letter: str, names: Sequence[str], error: type[PositionError]
) -> tuple[int | None, list[str]]:
    """The seat of a code (None: the whole position) and its fields, checked by number."""
    if not isinstance(text, str):
        raise error("code.not_text", value=i18n.shown(text))
    words = text.split()
    head = words[0] if words else ""
    if head not in (letter, f"{letter}0", f"{letter}1"):
        raise error("code.game", text=i18n.shown(text.strip()), game=game, letter=letter)
    if len(words) - 1 != len(names):
        raise error(
            "code.fields",
            game=game,
            count=len(names),
            names=" ".join(names),
            found=len(words) - 1,
        )
    seat = int(head[1]) if len(head) == 2 else None
    return seat, words[1:]


def read_int(text: str, field: str, least: int, most: int, error: type[PositionError]) -> int:
    """A whole number from ``least`` to ``most``, else a refusal naming the field."""
    if not text.isdigit() or not least <= int(text) <= most:
        raise error("code.number", field=field, text=text, least=least, most=most)
    return int(text)


def read_seat(text: str, field: str, error: type[PositionError]) -> int:
    """A seat, 0 or 1."""
    return read_int(text, field, 0, 1, error)


def read_pair(text: str, field: str, error: type[PositionError]) -> tuple[str, str]:
    """The two per-seat parts of a field, written ``first|second``."""
    parts = text.split("|")
    if len(parts) != 2:
        raise error("code.pair", field=field, text=text)
    return parts[0], parts[1]


def unseen_total(items: Iterable[Card | Unseen]) -> int:
    """How many unseen cards a list's ``n?`` runs hold (a ``*`` counts 0)."""
    return sum(i.count or 0 for i in items if isinstance(i, Unseen))


def seen(items: Iterable[Card | Unseen]) -> list[Card]:
    """The cards a list names."""
    return [i for i in items if isinstance(i, Card)]


def refuse_over(to_move: int | None, error: type[PositionError]) -> None:
    """A finished game (no one ``to_move``) is refused: a code is a position to play on."""
    if to_move is None:
        raise error("code.over")


def unseen_pool(known: Iterable[Card], rng: cards.Rng) -> list[Card]:
    """The cards of the deck that ``known`` does not name, shuffled by ``rng``."""
    named = cards.mask(known)
    return rng.shuffle(c for c in cards.DECK if not named & c.bit)
