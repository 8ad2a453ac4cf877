"""Tablić position codes: :meth:`State.code` writes one, :meth:`State.from_code` reads it.

A code is ``T`` (or ``T0``/``T1``: what that seat sees) and eleven fields, separated by
spaces: the table (arrival order), the hands ``first|second``, the stock (top first), the
piles ``first|second``, the seat to move, the dealer, the tablas and the totals
``first|second``, the deal number, the last capturer (``-``: none yet) and the public bottom
card once dealt into a hand (T-D8; ``-``: none). Cards are two letters (``TD`` is 10♦) and
``-`` is an empty list. A seat's code writes the other hand as ``5?`` (five unseen cards)
plus the public bottom card if it is there, the stock as ``21?`` plus its public bottom
card, and each pile as ``12?p4`` (twelve cards worth four points, all a seat is shown).

>>> from cardwidgets.games.tablic import State
>>> s = State.from_position(table="A♣ 10♥", hands=("A♦ 5♠", "K♥ 2♣"), stock="9♠ QD")
>>> s.code()
'T ACTH 5SAD|2CKH 9SQD -|- 0 1 0|0 0|0 1 - -'
>>> s.code(0)
'T0 ACTH 5SAD|2? 1?QD -|- 0 1 0|0 0|0 1 - -'
>>> State.from_code(s.code()).hands == s.hands
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any, Protocol

from cardwidgets import cards, codes, core
from cardwidgets.cards import Card
from cardwidgets.codes import Unseen
from cardwidgets.games.tablic.position import PositionError
from cardwidgets.games.tablic.rules import MAX_DEAL_NUMBER, Rules, card_points, max_total

__all__ = ["FIELDS", "position_code", "read_code"]

FIELDS = (
    "table",
    "hands",
    "stock",
    "piles",
    "to_move",
    "dealer",
    "tablas",
    "totals",
    "deal",
    "last_capturer",
    "shown",
)
"""The fields of a Tablić code, in order."""

_Items = list[Card | Unseen]


class Coded(Protocol):
    """What a code is written from: the public fields of a :class:`State` (so this room
    needs no import of :mod:`.state`, which imports it)."""

    @property
    def to_move(self) -> int | None: ...
    @property
    def table(self) -> tuple[Card, ...]: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def stock(self) -> tuple[Card, ...]: ...
    @property
    def stock_bottom(self) -> Card | None: ...
    @property
    def piles(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...
    @property
    def dealer(self) -> int: ...
    @property
    def tablas(self) -> tuple[int, int]: ...
    @property
    def totals(self) -> tuple[int, int]: ...
    @property
    def deal_number(self) -> int: ...
    @property
    def last_capturer(self) -> int | None: ...
    def revealed(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]: ...


def position_code(state: Coded, seat: int | None = None) -> str:
    """The code of ``state``: everything (``seat`` None) or what ``seat`` sees."""
    codes.refuse_over(state.to_move, PositionError)
    hands: list[_Items] = [list(h) for h in state.hands]
    stock: _Items = list(state.stock)
    piles: list[_Items] = [list(p) for p in state.piles]
    shown = [c for pair in state.revealed() for c in pair]
    head = "T"
    if seat is not None:
        seat = core.check_seat(seat)
        head = f"T{seat}"
        other = 1 - seat
        hidden = len(hands[other]) - len(state.revealed()[other])
        hands[other] = [*_run(hidden), *state.revealed()[other]]
        bottom = state.stock_bottom
        stock = [*_run(len(stock) - (bottom is not None)), *([bottom] if bottom else [])]
        piles = [_pile_run(state.piles[n]) for n in (0, 1)]
    return " ".join(
        (
            head,
            codes.write_cards(state.table),
            "|".join(codes.write_cards(h) for h in hands),
            codes.write_cards(stock),
            "|".join(codes.write_cards(p) for p in piles),
            str(state.to_move),
            str(state.dealer),
            f"{state.tablas[0]}|{state.tablas[1]}",
            f"{state.totals[0]}|{state.totals[1]}",
            str(state.deal_number),
            "-" if state.last_capturer is None else str(state.last_capturer),
            codes.write_cards(shown),
        )
    )


def _pile_run(pile: tuple[Card, ...]) -> list[Card | Unseen]:
    """A pile as a seat sees it: its number of cards and their points (T-S20)."""
    return [Unseen(len(pile), sum(card_points(c) for c in pile))] if pile else []


def _run(count: int) -> list[Unseen]:
    return [Unseen(count)] if count else []


def read_code(text: object, seed: int | str, rules: Rules | None) -> dict[str, Any]:
    """The arguments of :meth:`State.from_position` for a code (all but ``rules``, which
    only bound the totals here); a seat's unseen cards are dealt from ``seed``'s shuffle.
    (``Any``: the values are of the parameters' types, which a plain dict cannot say.)"""
    seat, fields = codes.split_code(text, "Tablić", "T", FIELDS, PositionError)
    table, hands_text, stock, piles_text = fields[:4]
    items = {
        "table": codes.read_cards(table, "table", PositionError),
        "stock": codes.read_cards(stock, "stock", PositionError),
        "shown": codes.read_cards(fields[10], "shown", PositionError),
    }
    for name, pair in (("hands", hands_text), ("piles", piles_text)):
        for n, part in enumerate(codes.read_pair(pair, name, PositionError)):
            items[f"{name}{n}"] = codes.read_cards(part, name, PositionError)
    _check_unseen(items, seat)
    if seat is not None:
        _deal_unseen(items, cards.Rng(seed))
    shown = codes.seen(items["shown"])
    if len(shown) > 1:
        raise PositionError("code.cards", field="shown", text=fields[10])
    tablas = [codes.read_int(t, "tablas", 0, 99, PositionError) for t in _pair(fields, 6)]
    most = max_total(rules or Rules())
    totals = [codes.read_int(t, "totals", 0, most, PositionError) for t in _pair(fields, 7)]
    return dict(
        table=codes.seen(items["table"]),
        hands=(codes.seen(items["hands0"]), codes.seen(items["hands1"])),
        stock=codes.seen(items["stock"]),
        to_move=codes.read_seat(fields[4], "to_move", PositionError),
        dealer=codes.read_seat(fields[5], "dealer", PositionError),
        piles=(codes.seen(items["piles0"]), codes.seen(items["piles1"])),
        tablas=tablas,
        totals=totals,
        deal_number=codes.read_int(fields[8], "deal", 1, MAX_DEAL_NUMBER, PositionError),
        last_capturer=None
        if fields[9] == "-"
        else codes.read_seat(fields[9], "last_capturer", PositionError),
        seed=seed,
        shown=shown[0] if shown else None,
    )


def _pair(fields: list[str], index: int) -> tuple[str, str]:
    return codes.read_pair(fields[index], FIELDS[index], PositionError)


def _check_unseen(items: dict[str, _Items], seat: int | None) -> None:
    """Unseen runs only where a seat's code may have them, each with its number; a pile's
    with its points too."""
    allowed = set() if seat is None else {f"hands{1 - seat}", "stock", "piles0", "piles1"}
    for name, listed in items.items():
        field = name.rstrip("01")
        for item in listed:
            if not isinstance(item, Unseen):
                continue
            if seat is None:
                raise PositionError("code.unseen_in_full", field=field, letter="T")
            if name not in allowed:
                raise PositionError("code.unseen_misplaced", field=field, seat=seat)
            if item.count is None or (item.points is None) == field.startswith("piles"):
                raise PositionError("code.cards", field=field, text=str(item))


def _deal_unseen(items: dict[str, _Items], rng: cards.Rng) -> None:
    """Replace every unseen run by cards of the deck the code does not name: the piles'
    first (their points must match), then the other hand's and the stock's."""
    known = [c for listed in items.values() for c in codes.seen(listed)]
    pool = codes.unseen_pool(known, rng)
    wanted = sum(codes.unseen_total(listed) for listed in items.values())
    if wanted != len(pool):
        raise PositionError("code.unseen_count", pool=len(pool), count=wanted)
    piles = [i for name in ("piles0", "piles1") for i in items[name] if isinstance(i, Unseen)]
    chosen = iter(_pile_cards(pool, piles))
    for name in ("piles0", "piles1"):
        items[name] = [c for i in items[name] for c in _expand(i, chosen)]
    taken = {c for name in ("piles0", "piles1") for c in codes.seen(items[name])}
    rest = iter([c for c in pool if c not in taken])
    for name in ("hands0", "hands1", "stock"):
        items[name] = [
            c for i in items[name] for c in ([i] if isinstance(i, Card) else _take(rest, i))
        ]


def _expand(item: Card | Unseen, chosen: Iterator[list[Card]]) -> list[Card]:
    """A pile's card as itself, its unseen run as the cards chosen for it."""
    return [item] if isinstance(item, Card) else next(chosen)


def _take(rest: Iterator[Card], run: Unseen) -> list[Card]:
    """The next ``run.count`` cards of the shuffled rest."""
    return [next(rest) for _ in range(run.count or 0)]


def _pile_cards(pool: list[Card], runs: list[Unseen]) -> list[list[Card]]:
    """Cards of ``pool`` (already shuffled) for each pile run, with its number and points.

    Cards are worth 0, 1 or 2 points (T-S20), so a pile is settled by how many 2-point cards
    it takes; the few ways to share those out are tried in turn."""
    by_points: dict[int, list[Card]] = {0: [], 1: [], 2: []}
    for card in pool:
        by_points[card_points(card)].append(card)
    for twos in itertools.product(range(len(by_points[2]) + 1), repeat=len(runs)):
        ones = [(r.points or 0) - 2 * t for r, t in zip(runs, twos, strict=True)]
        zeros = [(r.count or 0) - o - t for r, o, t in zip(runs, ones, twos, strict=True)]
        needs = (sum(zeros), sum(ones), sum(twos))
        if min(ones + zeros, default=0) < 0 or any(
            need > len(by_points[points]) for points, need in enumerate(needs)
        ):
            continue
        left = {points: iter(listed) for points, listed in by_points.items()}
        return [
            [next(left[p]) for p, n in ((0, z), (1, o), (2, t)) for _ in range(n)]
            for z, o, t in zip(zeros, ones, twos, strict=True)
        ]
    raise PositionError("tablic.code.piles", piles=" ".join(str(r) for r in runs))
