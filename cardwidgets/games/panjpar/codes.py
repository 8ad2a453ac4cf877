"""Panjpar position codes: :meth:`State.code` writes one, :meth:`State.from_code` reads it.

A code is ``P`` (or ``P0``/``P1``: what that seat sees) and seven fields, separated by
spaces: the hands ``first|second``, the stock (top first; its last card is the face-up trump
indicator), the trump suit (``S H D C``), the attacker, the attack in progress, the discard
(top first) and the known cards ``first|second`` (hand cards both players saw go there).
Cards are two letters (``TD`` is 10♦) and ``-`` is an empty list.

A seat's code writes the other hand as its known cards and ``4?`` (four unseen cards), the
stock as ``*`` and the indicator (how many cards lie face down is hidden), and the discard
as its top card and ``*`` (only the top is shown). Read back, the unseen cards are dealt from
the seed: the other hand's first, then all the rest into the stock (or, with the stock used
up, under the discard's top card).

>>> from cardwidgets.games.panjpar import State
>>> s = State.from_position(["7♥ 9♦", "8♣ K♠"], stock="Q♥ J♦", trump="♦")
>>> s.code()
'P 7H9D|8CKS QHJD D 0 - - -|-'
>>> s.code(0)
'P0 7H9D|2? *JD D 0 - - -|-'
"""

from __future__ import annotations

from typing import Any, Protocol

from cardwidgets import cards, codes, core
from cardwidgets.cards import Card, Suit
from cardwidgets.codes import Unseen
from cardwidgets.games.panjpar.deck import PositionError

__all__ = ["FIELDS", "Table", "position_code", "position_fields"]

FIELDS = ("hands", "stock", "trump", "attacker", "attack", "discard", "known")
"""The fields of a Panjpar code, in order."""

_Items = list[Card | Unseen]


class Table(Protocol):
    """What a code reads of a position: the public properties of :class:`~.state.State`
    (a protocol, so this room does not import the state that uses it)."""

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def discard(self) -> tuple[Card, ...]: ...
    @property
    def known(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def attack(self) -> tuple[Card, ...]: ...
    @property
    def trump(self) -> Suit: ...
    @property
    def trump_card(self) -> Card | None: ...
    @property
    def to_move(self) -> int | None: ...
    @property
    def attacker(self) -> int: ...


def position_code(state: Table, seat: int | None = None) -> str:
    """The code of ``state``: everything (``seat`` None) or what ``seat`` sees."""
    codes.refuse_over(state.to_move, PositionError)
    hands: list[_Items] = [list(h) for h in state.hands]
    stock: _Items = list(state.stock)
    discard: _Items = list(state.discard)
    head = "P"
    if seat is not None:
        seat = core.check_seat(seat)
        head = f"P{seat}"
        other = 1 - seat
        known = state.known[other]
        hidden = len(hands[other]) - len(known)
        hands[other] = [*known, *([Unseen(hidden)] if hidden else [])]
        indicator = state.trump_card
        stock = [Unseen(None), *([indicator] if indicator else [])] if stock else []
        discard = [discard[0], Unseen(None)] if discard else []
    return " ".join(
        (
            head,
            "|".join(codes.write_cards(h) for h in hands),
            codes.write_cards(stock),
            state.trump.letter,
            str(state.attacker),
            codes.write_cards(state.attack),
            codes.write_cards(discard),
            "|".join(codes.write_cards(k) for k in state.known),
        )
    )


def position_fields(text: object, seed: int | str | None) -> dict[str, Any]:
    """The arguments of :meth:`State.from_position <.state.State.from_position>` that a code
    gives; a seat's unseen cards are dealt from ``seed``'s shuffle.

    >>> position_fields("P 7H9D|8CKS QHJD D 0 - - -|-", None)["trump"]
    'D'
    """
    seat, fields = codes.split_code(text, "Panjpar", "P", FIELDS, PositionError)
    items: dict[str, _Items] = {
        "stock": codes.read_cards(fields[1], "stock", PositionError),
        "attack": codes.read_cards(fields[4], "attack", PositionError),
        "discard": codes.read_cards(fields[5], "discard", PositionError),
    }
    for name, index in (("hands", 0), ("known", 6)):
        for n, part in enumerate(codes.read_pair(fields[index], name, PositionError)):
            items[f"{name}{n}"] = codes.read_cards(part, name, PositionError)
    _check_unseen(items, seat)
    if seat is not None:
        seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        _deal_unseen(items, 1 - seat, cards.Rng(seed))
    trump = fields[2]
    if len(trump) != 1 or trump.upper() not in "SHDC":
        raise PositionError("code.cards", field="trump", text=trump)
    return {
        "hands": (codes.seen(items["hands0"]), codes.seen(items["hands1"])),
        "stock": codes.seen(items["stock"]),
        "trump": trump.upper(),
        "attacker": codes.read_seat(fields[3], "attacker", PositionError),
        "attack": codes.seen(items["attack"]),
        "discard": codes.seen(items["discard"]),
        "known": (codes.seen(items["known0"]), codes.seen(items["known1"])),
    }


def _check_unseen(items: dict[str, _Items], seat: int | None) -> None:
    """Unseen runs only where a seat's code may have them: the other hand's with their
    number, the stock's and the discard's without (their size is hidden)."""
    for name, listed in items.items():
        field = name.rstrip("01")
        for item in listed:
            if not isinstance(item, Unseen):
                continue
            if seat is None:
                raise PositionError("code.unseen_in_full", field=field, letter="P")
            counted = name == f"hands{1 - seat}"
            if not counted and name not in ("stock", "discard"):
                raise PositionError("code.unseen_misplaced", field=field, seat=seat)
            if item.points is not None or (item.count is None) == counted:
                raise PositionError("code.cards", field=field, text=str(item))


def _deal_unseen(items: dict[str, _Items], other: int, rng: cards.Rng) -> None:
    """Replace the unseen runs by the cards the code does not name: the other hand's first,
    then every card left into the stock's run (or the discard's, the stock used up)."""
    known = [c for listed in items.values() for c in codes.seen(listed)]
    pool = codes.unseen_pool(known, rng)
    hand = f"hands{other}"
    wanted = codes.unseen_total(items[hand])
    if wanted > len(pool):
        raise PositionError("code.unseen_count", pool=len(pool), count=wanted)
    items[hand] = [*codes.seen(items[hand]), *pool[:wanted]]
    rest = pool[wanted:]
    for name in ("stock", "discard"):
        listed = items[name]
        items[name] = [c for i in listed for c in ([i] if isinstance(i, Card) else rest)]
        if any(isinstance(i, Unseen) for i in listed):
            rest = []
