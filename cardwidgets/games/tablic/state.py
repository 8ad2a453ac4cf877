"""A Tablić match as a value: :class:`State`, with every deal until someone wins (T-D7).

A state is a value: :meth:`State.play` returns a new state whose ``parent`` is the old one.
Cards in hands, on the table and in piles are bitmasks; the legal moves are kept as ints
(``captured mask << 6 | card index``), so :meth:`State.play` accepts a listed move by an int
comparison; the table's arrival order is worked out from the parents only when asked. One
State is the whole match (T-S2, T-D7): when a deal ends, its score is added and the next deal
is shuffled from the match seed and the deal number, with the dealer alternating (T-S3).

This room is the only one that sets a state's fields, so everything that does is here, in
the order of the game: setting up (new matches, given positions), position codes and records,
the position as it stands (full information), the deal (dealt, its rounds), a turn
(:meth:`State.legal_moves`, :meth:`State.random_move`, :meth:`State.check`, :meth:`State.play`,
:meth:`State.scores_tabla`, :meth:`State.capture_step_mask`), the end of a round and of a deal
(scored, then the next deal or the end), and what a seat sees (views, descriptions,
:meth:`State.determinize`); then :func:`new_game` and :func:`from_record`, what is said at the
end of a deal (:func:`describe_deal`), and the fast playouts (:func:`playout`, which reads a
state's fields into :func:`._fast.play_out`, and :func:`played_out`, two seeded random players'
match on :func:`._fast.play_out_drawn` for the lab). Before the state come the sections it is made
from: setting up (a given position and its checks), position codes, and views. The rules
on ints are :mod:`._fast`'s.

Trade-off: :meth:`State.legal_moves` and :meth:`State.play` are the hot path of self-play
and are written for speed (the captures listed once by :func:`._fast.hand_options`, the
fast path's own loop, every field copied in place, no other helper call per move); the rest is
plain code, run once a round or on request.

>>> state = new_game(seed=1)
>>> state.to_move, len(state.table), [len(h) for h in state.hands]
(0, 4, [6, 6])

>>> from cardwidgets.games.tablic import State
>>> State.from_position(table="5♥", hands=("5♥", "9♣"))
Traceback (most recent call last):
...
cardwidgets.games.tablic.PositionError: 5♥ appears twice in the position

>>> from cardwidgets.games.tablic import State
>>> s = State.from_position(table="A♣ 10♥", hands=("A♦ 5♠", "K♥ 2♣"), stock="9♠ QD")
>>> s.code()
'T ACTH 5SAD|2CKH 9SQD -|- 0 1 0|0 0|0 1 - -'
>>> s.code(0)
'T0 ACTH 5SAD|2? 1?QD -|- 0 1 0|0 0|0 1 - -'
>>> State.from_code(s.code()).hands == s.hands
True

>>> from cardwidgets.games.tablic import new_game
>>> view = new_game(seed=1).play("A♣").view(1)
>>> view.last_move.move, view.last_move.seat, view["last_move"]["text"]
(Move('A♣'), 0, 'A♣')
>>> view.piles[0], view["piles"][0]
(Pile(cards=0, points=0), {'cards': 0, 'points': 0})
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol

from cardwidgets import cards, codes, core, i18n
from cardwidgets.cards import DECK, Card, CardLike
from cardwidgets.codes import Unseen
from cardwidgets.core import IllegalMove, Outcome
from cardwidgets.games.tablic._fast import (
    PLAYED,
    POSITION,
    REACH,
    UNIT,
    UNRANK_ABOVE,
    UP_TO,
    containing,
    count_captures,
    hand_options,
    plan_fit,
    plans_of,
    play_out,
    play_out_drawn,
    points_of_mask,
    profile_of,
    random_hand_option,
    reach_of,
    search_of,
    sweep_scores,
)
from cardwidgets.games.tablic.deck import deal_hands, shuffled_deck
from cardwidgets.games.tablic.moves import SET_CARD, SET_MASK, TRAILS, Move, new_move
from cardwidgets.games.tablic.rules import (
    DEFAULT_RULES,
    MAX_DEAL_NUMBER,
    MAX_TABLAS,
    DealResult,
    Rules,
    breakdown,
    card_points,
    leftovers_taker,
    match_over,
    max_total,
    winner,
)
from cardwidgets.games.tablic.words import player

__all__ = [
    "FIELDS",
    "DealTally",
    "LastMove",
    "Pile",
    "PlayedOut",
    "Playout",
    "PositionError",
    "State",
    "TablicView",
    "describe_deal",
    "from_record",
    "new_game",
    "played_out",
    "playout",
    "position_code",
    "read_code",
]


# -- setting up: positions and their checks ----------------------------------------------------
# A position given by hand or read from a record, checked: :class:`PositionError` and
# :func:`check_position`.
#
# Every field of a position given by hand (:meth:`State.from_position`), read from a record's
# start or from a position code is checked here, and a bad one is refused with a
# :class:`PositionError` that names the field and says what it must be, in the reader's language.
# This room only checks and reads; :mod:`.state` makes the state from what it returns (the only
# room that sets a state's fields).


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
        raise PositionError(
            "tablic.position.no_cards", player=i18n.TranslatedError("tablic.player", n=to_move + 1)
        )
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


# -- position codes and records ----------------------------------------------------------------
# Tablić position codes: :meth:`State.code` writes one, :meth:`State.from_code` reads it.
#
# A code is ``T`` (or ``T0``/``T1``: what that seat sees) and eleven fields, separated by
# spaces: the table (arrival order), the hands ``first|second``, the stock (top first), the
# piles ``first|second``, the seat to move, the dealer, the tablas and the totals
# ``first|second``, the deal number, the last capturer (``-``: none yet) and the public bottom
# card once dealt into a hand (T-D8; ``-``: none). Cards are two letters (``TD`` is 10♦) and
# ``-`` is an empty list. A seat's code writes the other hand as ``5?`` (five unseen cards)
# plus the public bottom card if it is there, the stock as ``21?`` plus its public bottom
# card, and each pile as ``12?p4`` (twelve cards worth four points, all a seat is shown).


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
    return [Unseen(len(pile), points_of_mask(cards.mask(pile)))] if pile else []


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


# -- what a seat sees: views -------------------------------------------------------------------
# What one seat may see of a Tablić position: :class:`TablicView`, typed and read-only.
#
# A view holds cards, moves and numbers for Python code (bots, widgets) in its fields, and as a
# dict the same facts as JSON (card texts), so ``view["hand"]`` and ``json.dumps(view)`` work
# as they always did. It never holds a card its seat may not see: the other hand and the stock
# appear only as their sizes.


class Pile(NamedTuple):
    """A pile as both players see it: how many cards it holds and their points (T-S20).

    A named tuple, not a dataclass: two are made for every view, and a tuple is made fastest.
    """

    cards: int
    points: int

    @classmethod
    def of(cls, bits: int) -> Pile:
        """The pile of the cards in a bitmask."""
        return cls(bits.bit_count(), points_of_mask(bits))

    def to_json(self) -> dict[str, int]:
        """``{"cards": ..., "points": ...}``."""
        return {"cards": self.cards, "points": self.points}


@dataclasses.dataclass(frozen=True, slots=True)
class LastMove:
    """The move that led to a position: who played it, the move, and whether it was a tabla."""

    seat: int | None
    move: Move
    tabla: bool

    def to_json(self) -> dict[str, object]:
        """The move as text, its card and captured cards as card texts, and the tabla flag."""
        return {
            "seat": self.seat,
            "text": str(self.move),
            "card": self.move.card.text,
            "captured": [c.text for c in cards.from_mask(self.move.mask)],
            "tabla": self.tabla,
        }


@dataclasses.dataclass(frozen=True, eq=False, slots=True)
class TablicView(core.View):
    """What ``seat`` (None: both players) may see of a position; see :meth:`State.view`."""

    game: ClassVar[str] = "tablic"

    seat: int | None
    deal: int
    round: int
    """The round of the deal (1–4)."""
    dealer: int
    to_move: int | None
    hand: tuple[Card, ...] | None
    """The seat's own hand; None in the view of both players."""
    hand_sizes: tuple[int, int]
    revealed: tuple[tuple[Card, ...], tuple[Card, ...]]
    """Cards in each hand that both players know: the public bottom card once dealt (T-D8)."""
    table: tuple[Card, ...]
    """The table cards in the order they arrived."""
    piles: tuple[Pile, Pile]
    tablas: tuple[int, int]
    totals: tuple[int, int]
    stock: int
    """How many cards are left in the stock (their order is hidden)."""
    stock_bottom: Card | None
    """The stock's bottom card, shown to both players (T-D8), while it is in the stock."""
    last_capturer: int | None
    last_move: LastMove | None
    last_deal: DealResult | None
    target: int
    over: bool
    outcome: Outcome | None

    def to_json(self) -> dict[str, object]:
        """The view as plain JSON values: cards as their texts, tuples as lists."""
        bottom = self.stock_bottom
        return {
            "game": self.game,
            "seat": self.seat,
            "deal": self.deal,
            "round": self.round,
            "dealer": self.dealer,
            "to_move": self.to_move,
            "hand": None if self.hand is None else [c.text for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "revealed": [[c.text for c in r] for r in self.revealed],
            "table": [c.text for c in self.table],
            "piles": [pile.to_json() for pile in self.piles],
            "tablas": list(self.tablas),
            "totals": list(self.totals),
            "stock": self.stock,
            "stock_bottom": None if bottom is None else bottom.text,
            "last_capturer": self.last_capturer,
            "last_move": None if self.last_move is None else self.last_move.to_json(),
            "last_deal": None if self.last_deal is None else self.last_deal.to_dict(),
            "target": self.target,
            "over": self.over,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


# -- the state ---------------------------------------------------------------------------------


new_object = object.__new__


class State(core.GameState[Move]):
    """A position in a Tablić match (all deals until someone reaches the target, T-D7).

    Full-information attributes: :attr:`table` (arrival order), :attr:`hands`, :attr:`piles`,
    :attr:`tablas` (this deal), :attr:`totals` (finished deals), :attr:`dealer`,
    :attr:`stock` (top first), :attr:`deal_number`, :attr:`last_capturer`. What a player may
    see is :meth:`view`.
    """

    game: ClassVar[str] = "tablic"

    # Slots: play() makes one object per move and copies these fields one by one. The rarely
    # set _start, _outcome and _last_tabla live in the instance dict (from the base class),
    # with class-level defaults, so most states never make one.
    __slots__ = (
        "_bottom",
        "_hand0",
        "_hand1",
        "_keys",
        "_last_seat",
        "_pile0",
        "_pile1",
        "_ply",
        "_profile",
        "_reach",
        "_stock",
        "_table",
        "_table_bits",
        "_to_move",
        "deal_number",
        "deal_results",
        "dealer",
        "last_capturer",
        "last_move",
        "parent",
        "rules",
        "seed",
        "tablas",
        "totals",
    )

    rules: Rules
    parent: State | None
    last_move: Move | None
    seed: int | str
    dealer: int
    deal_number: int
    tablas: tuple[int, int]
    totals: tuple[int, int]
    last_capturer: int | None
    deal_results: tuple[DealResult, ...]
    """Every finished deal of the match, oldest first."""

    _to_move: int | None
    _hand0: int
    _hand1: int
    _table: tuple[Card, ...] | None
    """The table in arrival order; None until asked for (see :meth:`_table_cards`)."""
    _table_bits: int
    _profile: int
    """The table's packed count per value (see the capture search)."""
    _reach: int | None
    """:func:`reach_of` of the table once known: play() works it out after a trail."""
    _stock: tuple[Card, ...]
    _pile0: int
    _pile1: int
    _bottom: Card | None
    _last_seat: int | None
    _keys: list[int] | None
    """The legal moves as ints (captured mask << 6 | card index), once listed."""
    _start: dict[str, object] | None = None
    _outcome: Outcome | None = None
    _last_tabla: bool = False

    # -- setting up: new matches and given positions -------------------------------------------
    @classmethod
    def _blank(cls, rules: Rules, seed: int | str) -> State:
        state = object.__new__(cls)
        state.rules = rules
        state.seed = seed
        state.parent = None
        state.last_move = None
        state._ply = 0
        state.deal_results = ()
        state._last_seat = None
        state._keys = None
        state._reach = None
        return state

    @property
    def _hands(self) -> tuple[int, int]:
        return (self._hand0, self._hand1)

    @property
    def _piles(self) -> tuple[int, int]:
        return (self._pile0, self._pile1)

    @classmethod
    def new(
        cls, seed: int | str | None = None, rules: Rules | None = None, dealer: int = 1
    ) -> State:
        """A new match; see :func:`new_game`."""
        rules = check_rules(rules)
        seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        dealer = core.check_seat(dealer)
        state = cls._blank(rules, seed)
        state.totals = (0, 0)
        state._begin_deal(1, dealer)
        state._start = {"seed": seed, "dealer": dealer}
        return state

    @classmethod
    def from_position(
        cls,
        table: Iterable[CardLike] | str,
        hands: Sequence[Iterable[CardLike] | str],
        stock: Iterable[CardLike] | str = (),
        to_move: int = 0,
        dealer: int = 1,
        rules: Rules | None = None,
        *,
        piles: Sequence[Iterable[CardLike] | str] = ((), ()),
        tablas: Sequence[int] = (0, 0),
        totals: Sequence[int] = (0, 0),
        deal_number: int = 1,
        last_capturer: int | None = None,
        seed: int | str | None = None,
        shown: CardLike | None = None,
    ) -> State:
        """Set up any position (lessons, tests). Cards as Card objects or text; stock top first.

        ``seed`` fixes the shuffles of the later deals of the match (fresh if None). The bottom
        card of ``stock`` is public, as after a real deal (T-D8). If both hands are empty, the
        next round is dealt from ``stock`` at once.

        >>> s = State.from_position(table="A♣ 10♥", hands=("A♦", "5♠"), to_move=0)
        >>> [str(m) for m in s.legal_moves()]
        ['A♦', 'A♦ x 10♥ A♣', 'A♦ x A♣']
        """
        rules = check_rules(rules)
        seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        position = check_position(
            rules,
            table,
            hands,
            stock,
            to_move,
            dealer,
            piles,
            tablas,
            totals,
            deal_number,
            last_capturer,
            shown,
        )
        return cls._from_checked(rules, seed, position)

    @classmethod
    def _from_checked(cls, rules: Rules, seed: int | str, position: Position) -> State:
        """The state of a checked (or by construction valid) position."""
        state = cls._blank(rules, seed)
        state._set_position(position)
        # The position as given, kept before both hands out go on at once: _after_turn() may
        # end the deal, which changes the dealer, deal number, totals, tablas and last
        # capturer, and a record starting from those would score the deal twice (T-D6, T-D7).
        state._start = {"position": position.record(), "seed": seed}
        if not state._hand0 and not state._hand1:
            state._after_turn()
        return state

    def _set_position(self, position: Position) -> None:
        """Fill in the fields of a checked position (the state is being made)."""
        self.dealer, self.deal_number = position.dealer, position.deal_number
        self.tablas, self.totals = position.tablas, position.totals
        self.last_capturer = position.last_capturer
        self._table = position.table
        self._table_bits = cards.mask(position.table)
        self._profile = profile_of(self._table_bits)
        self._stock = stock = position.stock
        # The bottom card is public, as after a deal (T-D8); once dealt, the shown card.
        shown = position.shown
        self._bottom = shown if shown is not None else stock[-1] if stock else None
        self._hand0, self._hand1 = cards.mask(position.hands[0]), cards.mask(position.hands[1])
        self._pile0, self._pile1 = cards.mask(position.piles[0]), cards.mask(position.piles[1])
        self._to_move = position.to_move

    # -- position codes and records ------------------------------------------------------------
    def code(self, seat: int | None = None) -> str:
        """The position as one line of text (like chess's FEN): everything, or with ``seat``
        only what that seat sees. See the "position codes" section of this module for the
        fields.

        >>> new_game(seed=1).code(1).split()[:3]
        ['T1', '4H2DJS7D', '6?|2S5S9HJHQHAS']
        """
        return position_code(self, seat)

    @classmethod
    def from_code(
        cls, text: str, seed: int | str | None = None, *, rules: Rules | None = None
    ) -> State:
        """The position of a code from :meth:`code`; a seat's code gets the cards that seat
        cannot see dealt from ``seed`` (fresh if None), which also fixes the later deals.
        The rules are not in the code: give them if they are not the seed rules."""
        seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
        return cls.from_position(rules=rules, **read_code(text, seed, rules))

    def _start_record(self) -> dict[str, object]:
        assert self._start is not None
        return {k: (dict(v) if isinstance(v, dict) else v) for k, v in self._start.items()}

    @classmethod
    def _from_start(cls, start: Mapping[str, object], rules: core.Rules) -> State:
        assert isinstance(rules, Rules)
        seed, dealer, position = check_start(start)
        if position is None:
            return cls.new(seed, rules, dealer)
        return cls.from_position(rules=rules, seed=seed, **position)

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, object]) -> Rules:
        return Rules.from_dict(data)

    # -- the position as it stands (full information) ------------------------------------------
    @property
    def to_move(self) -> int | None:
        """The seat to play (0 or 1), or None when the match is over."""
        return self._to_move

    @property
    def table(self) -> tuple[Card, ...]:
        """The face-up table cards, in the order they arrived."""
        return self._table_cards()

    def _table_cards(self) -> tuple[Card, ...]:
        """The table in arrival order. play() leaves it to be worked out on first use
        (self-play never asks): a table card stays until captured and never comes back, so
        the table is the cards still there of the last known table, in order, then the cards
        trailed since then that are still there, in the order they were trailed."""
        table = self._table
        if table is not None:
            return table
        bits = self._table_bits
        left = bits.bit_count()  # table cards not yet found among the trailed ones
        trailed: list[Card] = []
        state: State = self
        while state._table is None:
            if not left:
                # Every table card was trailed since: none of an older table is left, so the
                # walk can stop here (at a deal's end it would otherwise go back 48 moves).
                trailed.reverse()
                table = self._table = tuple(trailed)
                return table
            move = state.last_move
            assert move is not None and state.parent is not None  # made by play()
            if not move.mask and bits >> move.card.index & 1:
                trailed.append(move.card)
                left -= 1
            state = state.parent
        trailed.reverse()
        table = self._table = (*(c for c in state._table if bits >> c.index & 1), *trailed)
        return table

    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's cards (full information), in card order."""
        return (cards.from_mask(self._hand0), cards.from_mask(self._hand1))

    def hand_mask(self, seat: int) -> int:
        """``seat``'s hand as a card mask (bit ``card.index``): ``cards.mask(hands[seat])``
        without listing both hands (full information, like :attr:`hands`).

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
        >>> cards.from_mask(s.hand_mask(0))
        (Card('8♦'), Card('K♠'))
        """
        return self._hand1 if core.check_seat(seat) else self._hand0

    @property
    def piles(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's captured cards in this deal (at the end: with the leftovers)."""
        return (cards.from_mask(self._pile0), cards.from_mask(self._pile1))

    @property
    def stock(self) -> tuple[Card, ...]:
        """The undealt cards, top first (full information; a view shows only their number)."""
        return self._stock

    @property
    def stock_bottom(self) -> Card | None:
        """The bottom stock card, shown to both players at the deal (T-D8), while in the stock."""
        return self._stock[-1] if self._stock and self._stock[-1] is self._bottom else None

    @property
    def round(self) -> int:
        """The round of the deal (1–4): four rounds of six cards each (T-S2)."""
        return max(1, 4 - (len(self._stock) + 11) // 12)

    @property
    def is_over(self) -> bool:
        """Whether the match is over (T-D7)."""
        return self._to_move is None

    @property
    def outcome(self) -> Outcome | None:
        """The winner and the final totals, or None while the match runs."""
        return self._outcome

    def revealed(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Cards in each hand that both players know: the public bottom card once dealt."""
        bottom = self._bottom
        if bottom is None:
            return ((), ())
        bit = bottom.bit
        return ((bottom,) if self._hand0 & bit else (), (bottom,) if self._hand1 & bit else ())

    def table_mask(self) -> int:
        """The table cards as a card mask (bit ``card.index``): ``cards.mask(table)``, the
        view's ``table`` as a set, without working out the order the cards arrived in.

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
        >>> cards.from_mask(s.play("K♠").table_mask())
        (Card('3♠'), Card('5♥'), Card('K♠'))
        """
        return self._table_bits

    def _repr_details(self) -> str:
        table = cards.format_cards(self._table_cards()) or "-"
        totals = f"{self.totals[0]}:{self.totals[1]}"
        return f"deal {self.deal_number} round {self.round}, table {table}, totals {totals}"

    # -- the deal: dealt, then its rounds (T-S2, T-S3, T-D8) -----------------------------------
    # These and the end of a deal fill in a state while it is being made (by new, play or
    # from_position); once returned, a state never changes. They run once a round, so they
    # are plain methods, not part of the per-move hot path.
    def _begin_deal(self, deal_number: int, dealer: int) -> None:
        """Deal ``deal_number`` of the match, shuffled from its seed (T-D8): the first 4 cards
        to the table, the other 48 to the stock (its bottom card public), then the first
        round."""
        deck = shuffled_deck(self.seed, deal_number)
        self.deal_number = deal_number
        self.dealer = dealer
        self._table = table = tuple(deck[:4])
        self._table_bits = cards.mask(table)
        self._profile = profile_of(self._table_bits)
        self._reach = None
        self._stock = stock = tuple(deck[4:])
        self._bottom = stock[-1]
        self._hand0 = self._hand1 = 0
        self._pile0 = self._pile1 = 0
        self.tablas = (0, 0)
        self.last_capturer = None
        self._deal_next_round()

    def _deal_next_round(self) -> None:
        """T-D8: Elder gets stock[0:3] and [6:9], the dealer [3:6] and [9:12]; Elder leads."""
        dealt = deal_hands(self._stock, self.dealer)
        self._stock = self._stock[12:]
        self._hand0 |= dealt[0]
        self._hand1 |= dealt[1]
        elder = 1 - self.dealer
        self._to_move = elder if (self._hand1 if elder else self._hand0) else self.dealer

    # -- a turn: legal moves and playing a move (T-D1-T-D5, T-D12) -----------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: for each hand card (card order) the trail, then its captures
        (bigger first)."""
        keys = self._keys
        if keys is not None:
            trails = TRAILS
            return [trails[key] if key < 64 else new_move(key) for key in keys]
        seat = self._to_move
        if seat is None:
            self._keys = []
            return []
        hand = self._hand1 if seat else self._hand0
        profile = self._profile
        reach = self._reach
        if reach is None:
            reach = self._reach = REACH.get(profile) or reach_of(profile)
        maximal = self.rules.capture_must_be_maximal
        # The captures (T-D1-T-D4, T-D1a) as the fast path lists them, kept as the keys play()
        # compares a move with.
        keys = self._keys = hand_options(hand, self._table_bits, profile, reach, maximal)
        # new_move() inlined: a call per capture was a tenth of a self-play move.
        trails = TRAILS
        moves: list[Move] = []
        add = moves.append
        for key in keys:
            if key < 64:
                add(trails[key])
            else:
                move = new_object(Move)
                SET_CARD(move, DECK[key & 63])
                SET_MASK(move, key >> 6)
                add(move)
        return moves

    def legal_moves_count(self) -> int:
        """How many legal moves there are, counted without listing crowded tables' captures."""
        if self._to_move is None:
            return 0
        total = 0
        table = self.table
        for card in cards.from_mask(self._hands[self._to_move]):
            total += 1 + (count_captures(card, table, self.rules) if table else 0)
        return total

    def random_move(self, rng: cards.Rng | random.Random) -> Move:
        """A move chosen uniformly among :meth:`legal_moves` (each with the same probability).

        Exactly ``legal_moves()[rng.below(len(legal_moves()))]`` (the same rng draw, the same
        move; also :func:`playout`'s choice), made faster: the moves are listed as ints only
        (no Move objects but the drawn one), or on a crowded table counted and the drawn one
        unranked, without listing them. Raises :class:`IllegalMove` once the match is over.

        >>> state = State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
        >>> str(state.random_move(cards.Rng(3)))
        '8♦ x 3♠ 5♥'
        >>> state.random_move(cards.Rng(3)) == state.legal_moves()[cards.Rng(3).below(6)]
        True

        ``rng`` may also be a standard-library ``random.Random`` (its ``randrange`` draws the
        index, see :func:`cards.as_rng`); any other object raises :class:`cards.RngError`.

        >>> import random
        >>> moves = state.legal_moves()
        >>> state.random_move(random.Random(1)) == moves[random.Random(1).randrange(len(moves))]
        True
        """
        if rng.__class__ is not cards.Rng:  # the benchmarked path pays one class test only
            rng = cards.as_rng(rng)
        seat = self._to_move
        if seat is None:
            raise IllegalMove("move.game_over")
        keys = self._keys
        if keys is None:
            hand = self._hand1 if seat else self._hand0
            table = self._table_bits
            profile = self._profile
            reach = self._reach
            if reach is None:
                reach = self._reach = REACH.get(profile) or reach_of(profile)
            maximal = self.rules.capture_must_be_maximal
            if table.bit_count() > UNRANK_ABOVE:
                return new_move(random_hand_option(hand, table, profile, reach, maximal, rng))
            # Kept, so that play() accepts the drawn move by an int comparison.
            keys = self._keys = hand_options(hand, table, profile, reach, maximal)
        return new_move(keys[rng.below(len(keys))])

    def check(self, move: Move | str) -> Move:
        """The move if it is legal here; else raise :class:`IllegalMove` saying why."""
        if self._to_move is None:
            raise IllegalMove("move.game_over")
        if not isinstance(move, Move):
            move = Move.parse(move)
        card = move.card
        if not (self._hand1 if self._to_move else self._hand0) >> card.index & 1:
            raise IllegalMove("tablic.not_in_hand", card=card)
        captured = move.mask
        if not captured:
            return move
        missing = captured & ~self._table_bits
        if missing:
            raise IllegalMove(
                "tablic.not_on_table", cards=cards.format_cards(cards.from_mask(missing))
            )
        v = PLAYED[card.index]
        taken = profile_of(captured)
        search = search_of(v, self._profile)
        if not taken & ~UP_TO[v] and search.contains(taken):
            bigger = search.bigger(taken) if self.rules.capture_must_be_maximal else None
            if bigger is None:
                return move
            shown = containing(self._table_bits, captured, bigger - taken)
            raise IllegalMove("tablic.not_maximal", card=card, bigger=shown)
        kings = [c for c in cards.from_mask(captured) if c.rank == 13]
        if v == 14 and len(kings) > 1:
            raise IllegalMove("tablic.king_rule", kings=cards.format_cards(kings))
        raise IllegalMove(
            "tablic.not_a_capture",
            card=card,
            value=v,
            captured=cards.format_cards(cards.from_mask(captured)),
        )

    def _checked(self, move: Move | str, seat: int | None) -> Move:
        if seat is not None and core.check_seat(seat) != self._to_move:
            if self._to_move is None:
                raise IllegalMove("move.game_over")
            raise IllegalMove("tablic.not_your_turn", player=self._to_move + 1, other=seat + 1)
        return self.check(move)

    def play(self, move: Move | str, *, seat: int | None = None) -> State:
        """The state after ``move`` (a Move or its text); raises :class:`IllegalMove` if illegal.

        ``seat``, if given, must be the seat to move (a widget's stale click is refused):

        >>> new_game(seed=1).play("2♥", seat=1)
        Traceback (most recent call last):
        ...
        cardwidgets.core.IllegalMove: it is Player 1's turn, not Player 2's

        The hot path of self-play: a move among the listed legal moves needs no further check
        (an int comparison); then one new object, its fields copied and changed in place
        (several to a line: that costs nothing, unlike a helper call per move).
        """
        keys = self._keys
        if (
            keys is None
            or move.__class__ is not Move
            or move.mask << 6 | move.card.index not in keys
            or seat is not None
        ):
            move = self._checked(move, seat)
        seat = self._to_move
        assert seat is not None
        child = new_object(State)
        # Copy every field, then change what the move changes (the table's order is worked
        # out from this state's when asked).
        child.rules = rules = self.rules
        child.seed, child.dealer, child.deal_number = self.seed, self.dealer, self.deal_number
        child.totals, child.deal_results = self.totals, self.deal_results
        child._stock = stock = self._stock
        child._bottom, child.parent, child.last_move = self._bottom, self, move
        child._ply, child._last_seat, child._keys, child._table = self._ply + 1, seat, None, None
        bit = 1 << (index := move.card.index)
        if seat:
            hand0, hand1 = self._hand0, self._hand1 ^ bit
        else:
            hand0, hand1 = self._hand0 ^ bit, self._hand1
        child._hand0, child._hand1 = hand0, hand1
        captured = move.mask
        if captured:
            child._table_bits = table_bits = self._table_bits ^ captured
            child._profile = self._profile - profile_of(captured)
            child._reach, child.last_capturer = None, seat
            # T-D12: the played card and the captured cards go to the capturer's pile.
            if seat:
                child._pile0, child._pile1 = self._pile0, self._pile1 | captured | bit
            else:
                child._pile0, child._pile1 = self._pile0 | captured | bit, self._pile1
            # T-D5: an empty table, unless the deal's last card was played.
            tablas = self.tablas
            if not table_bits and sweep_scores(hand0 | hand1 or len(stock), rules.final_card_tabla):
                child._last_tabla = True
                tablas = (tablas[0], tablas[1] + 1) if seat else (tablas[0] + 1, tablas[1])
            child.tablas = tablas
        else:
            child._table_bits = self._table_bits | bit
            child._profile = self._profile + UNIT[index]
            # Adding a card x to the table adds x to every sum (an Ace 1 or 11).
            reach = self._reach
            if reach is not None:
                x = POSITION[index]
                reach = (reach | reach << x | (reach << 11 if x == 1 else 0)) & 0x7FFF
            child._reach = reach
            child._pile0, child._pile1 = self._pile0, self._pile1
            child.last_capturer, child.tablas = self.last_capturer, self.tablas
        if hand1 if seat == 0 else hand0:
            child._to_move = 1 - seat
        elif hand0 or hand1:
            child._to_move = seat
        else:
            child._to_move = None
            child._after_turn()
        return child

    def scores_tabla(self, move: Move | str) -> bool:
        """Whether playing ``move`` here scores a tabla (T-S13, T-D5): a capture that takes
        every table card, unless it is made with the deal's last card and the rules do not
        count that one (``final_card_tabla``). The rule itself is :func:`.rules.is_tabla`, asked
        here on masks (:func:`._fast.sweep_scores`, the tests hold them equal); a widget asks
        this before the move is played (to mark a suggested capture). Raises
        :class:`IllegalMove` if ``move`` is not legal here.

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"), stock="")
        >>> s.scores_tabla("8♦ x 3♠ 5♥"), s.scores_tabla("8♦")
        (True, False)
        >>> last = State.from_position(table="3♠ 5♥", hands=("8♦", ""))
        >>> last.scores_tabla("8♦ x 3♠ 5♥")  # the deal's last card (T-D5)
        False
        """
        move = self.check(move)
        if not move.mask or self._table_bits & ~move.mask:
            return False
        left = (self._hand0 | self._hand1).bit_count() - 1 + len(self._stock)
        return sweep_scores(left, self.rules.final_card_tabla)

    def capture_step_mask(self, card: int, chosen: int = 0) -> tuple[int, bool]:
        """:func:`capture_steps` on masks for this table: playing the card of index ``card``
        with the table cards of mask ``chosen`` picked so far, the mask of the table cards
        that can still be added, and whether ``chosen`` is a legal capture as it is (T-D1–T-D4,
        T-D1a; no card chosen: the trail). Worked out from the capture plans, never from the
        list of captures.

        >>> s = State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
        >>> more, complete = s.capture_step_mask(cards.parse("8♦").index, cards.parse("3♠").bit)
        >>> cards.format_cards(cards.from_mask(more)), complete
        ('2♦ 5♥ 6♣', False)
        """
        table = self._table_bits
        if chosen & ~table:
            return 0, False  # a chosen card is not on the table
        more, complete = 0, not chosen
        for plan in plans_of(PLAYED[card], self._profile, self.rules.capture_must_be_maximal):
            fits = plan_fit(plan, table, chosen)
            if fits is not None:
                more |= fits[0]
                complete = complete or fits[1]
        return more, complete

    # -- the end of a round and of a deal: the next round, the next deal or the end (T-D6-T-D9)
    def _after_turn(self) -> None:
        """Both hands are empty: deal the next round, or end the deal (and maybe the match)."""
        if self._stock:
            self._deal_next_round()
        else:
            self._end_deal()

    def _end_deal(self) -> None:
        """Score the deal (T-S18, T-D6, T-D9), add it to the totals, and start the next deal
        with the other dealer (T-S3), or end the match (T-D7)."""
        rules = self.rules
        result = self._deal_result()
        self.deal_results = (*self.deal_results, result)
        self.totals = totals = result.totals
        if not match_over(rules, totals):
            self._begin_deal(self.deal_number + 1, 1 - self.dealer)
            return
        self._pile0, self._pile1 = result.piles
        if result.leftovers_to is not None:
            self._table = ()
            self._table_bits = 0
            self._profile = 0
            self._reach = None
        self._to_move = None
        self._outcome = Outcome(winner(totals), totals)

    def _deal_result(self) -> DealResult:
        """The finished deal's result: the leftovers to their taker (T-D6), then the piles
        and tablas scored (T-S18, T-D9) and added to the totals."""
        leftovers = self._table_cards()  # in table order
        taker = leftovers_taker(self.rules, self.dealer, self.last_capturer)
        piles = [self._pile0, self._pile1]
        if taker is not None and leftovers:
            piles[taker] |= self._table_bits
        counts = (piles[0].bit_count(), piles[1].bit_count())
        points = (points_of_mask(piles[0]), points_of_mask(piles[1]))
        parts = breakdown(counts, points, self.tablas)
        scores = parts["scores"]
        return DealResult(
            deal=self.deal_number,
            dealer=self.dealer,
            cards=counts,
            points=points,
            most_cards=parts["most_cards"],
            tablas=self.tablas,
            scores=scores,
            totals=(self.totals[0] + scores[0], self.totals[1] + scores[1]),
            leftovers=leftovers,
            leftovers_to=taker if leftovers else None,
            piles=(piles[0], piles[1]),
        )

    # -- what a seat sees ----------------------------------------------------------------------
    def view(self, seat: int | None = None) -> TablicView:
        """What ``seat`` may see (None: what both may see): never the other hand or the stock
        order. A read-only :class:`TablicView`: typed fields, and as a dict its JSON form.

        >>> s = new_game(seed=1)
        >>> v = s.view(0)
        >>> v["hand"], v["table"], v["stock"], v["stock_bottom"]
        (['2♥', '6♦', '8♦', 'Q♠', 'K♠', 'A♣'], ['4♥', '2♦', 'J♠', '7♦'], 36, 'Q♣')
        >>> v.hand == s.hands[0], v.stock_bottom
        (True, Card('Q♣'))
        """
        if seat is not None:
            seat = core.check_seat(seat)
        last = self.last_move
        hands = self._hands
        return TablicView(
            seat=seat,
            deal=self.deal_number,
            round=self.round,
            dealer=self.dealer,
            to_move=self._to_move,
            hand=None if seat is None else cards.from_mask(hands[seat]),
            hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
            revealed=self.revealed(),
            table=self._table_cards(),
            piles=(Pile.of(self._pile0), Pile.of(self._pile1)),
            tablas=self.tablas,
            totals=self.totals,
            stock=len(self._stock),
            stock_bottom=self.stock_bottom,
            last_capturer=self.last_capturer,
            last_move=None if last is None else LastMove(self._last_seat, last, self._last_tabla),
            last_deal=self.deal_results[-1] if self.deal_results else None,
            target=self.rules.target,
            over=self.is_over,
            outcome=self._outcome,
        )

    def pile(self, seat: int) -> Pile:
        """``seat``'s pile as a view shows it (``view(…).piles[seat]``: its cards and points,
        T-S20), without making the view or listing the cards.

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
        >>> s.play("8♦ x 3♠ 5♥").pile(0)
        Pile(cards=3, points=0)
        """
        return Pile.of(self._pile1 if core.check_seat(seat) else self._pile0)

    def pile_counts(self) -> tuple[int, int, int, int]:
        """Both piles as views show them, in one call: seat 0's cards and points, then seat
        1's (``pile(0)`` and ``pile(1)`` without making them; the learning environments read
        it at every move).

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
        >>> s.play("8♦ x 3♠ 5♥").pile_counts() == (*s.play("8♦ x 3♠ 5♥").pile(0), 0, 0)
        True
        """
        pile0, pile1 = self._pile0, self._pile1
        return (
            pile0.bit_count(),
            points_of_mask(pile0),
            pile1.bit_count(),
            points_of_mask(pile1),
        )

    def describe_last_move(self, locale: str | None = None) -> str:
        """The last move in words with the player, a tabla, and the end of a deal or match.

        >>> s = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
        >>> s.play("8♦ x 3♠ 5♥").describe_last_move("de")
        'Spieler 1 spielt 8♦ und nimmt 3♠ 5♥. Tabla: der Tisch ist abgeräumt (+1 Punkt).'
        """
        move, seat = self.last_move, self._last_seat
        if move is None or seat is None:
            return ""
        who = player(seat, locale)
        if move.mask:
            taken = cards.format_cards(cards.from_mask(move.mask))
            parts = [
                i18n.text("tablic.say.capture", locale, player=who, card=move.card, captured=taken)
            ]
        else:
            parts = [i18n.text("tablic.say.trail", locale, player=who, card=move.card)]
        if self._last_tabla:
            parts.append(i18n.text("tablic.say.tabla", locale))
        parent = self.parent
        if parent is not None and len(self.deal_results) > len(parent.deal_results):
            parts.extend(describe_deal(self.deal_results[-1], locale))
        outcome = self._outcome
        if outcome is not None and outcome.winner is not None:
            high, low = max(self.totals), min(self.totals)
            winner = player(outcome.winner, locale)
            parts.append(
                i18n.text("tablic.say.match_end", locale, player=winner, high=high, low=low)
            )
        return " ".join(parts)

    def determinize(self, seat: int, rng: cards.Rng) -> State:
        """A state that looks the same to ``seat``, with the hidden cards dealt at random.

        The opponent's unknown cards and the stock are redistributed uniformly; the public
        bottom card keeps its place, and the later deals get a new seed from ``rng``. Uses only
        what ``seat`` knows, so states that differ only in hidden cards give the same result.
        """
        seat = core.check_seat(seat)
        if self._to_move is None:
            return self
        other = 1 - seat
        bottom = self._bottom
        hands = self._hands
        known = hands[seat] | self._table_bits | self._pile0 | self._pile1
        revealed_other = self.revealed()[other]
        bottom_in_stock = self.stock_bottom is not None
        fixed = cards.mask(revealed_other)
        if bottom_in_stock and bottom is not None:
            fixed |= bottom.bit
        pool = cards.from_mask((hands[other] | cards.mask(self._stock)) & ~known & ~fixed)
        shuffled = rng.shuffle(pool)
        need = hands[other].bit_count() - len(revealed_other)
        dealt: list[tuple[Card, ...]] = [(), ()]
        dealt[seat] = cards.from_mask(hands[seat])
        dealt[other] = (*revealed_other, *shuffled[:need])
        stock = shuffled[need:]
        if bottom_in_stock and bottom is not None:
            stock.append(bottom)
        # A position of this valid state with its hidden cards dealt again is valid: it is
        # made without check_position (a fifth of an expert's search iteration), exactly as
        # from_position would make it (tests/test_tablic_determinize.py compares the two).
        position = Position(
            self._table_cards(),
            (tuple(dealt[0]), tuple(dealt[1])),
            tuple(stock),
            self._to_move,
            self.dealer,
            self.piles,
            self.tablas,
            self.totals,
            self.deal_number,
            self.last_capturer,
            None,
        )
        found = type(self)._from_checked(self.rules, rng.next64(), position)
        found._bottom = bottom  # the public card keeps its place even once dealt
        return found


# -- setting up: new matches and records -------------------------------------------------------


def new_game(seed: int | str | None = None, rules: Rules | None = None, dealer: int = 1) -> State:
    """A new match. ``seed`` (int or str; fresh if None) fixes every deal; ``dealer`` is the
    first dealer (T-D10), so by default seat 0 is Elder and plays first.

    >>> s = new_game(seed=1)
    >>> s.to_move, s.dealer, len(s.table), len(s.stock), [len(h) for h in s.hands]
    (0, 1, 4, 36, [6, 6])
    """
    return State.new(seed, rules, dealer)


def from_record(record: Mapping[str, object] | str) -> State:
    """Replay a record (dict or JSON text) made by :meth:`State.to_record`."""
    return State.from_record(record)


# -- the end of a deal: what is said -----------------------------------------------------------


def describe_deal(result: DealResult, locale: str | None = None) -> list[str]:
    """Sentences for the end of a deal: who took the leftovers, and the deal's scores.

    >>> last = State.from_position(table="9♣", hands=((), ("5♠",)), to_move=1, last_capturer=0)
    >>> describe_deal(last.play("5♠").deal_results[0], "en")[0]
    'Player 1 takes the cards left on the table: 9♣ 5♠.'
    """
    parts = []
    if result.leftovers:
        left = cards.format_cards(result.leftovers)
        if result.leftovers_to is None:
            parts.append(i18n.text("tablic.say.leftovers_nobody", locale, cards=left))
        else:
            taker = player(result.leftovers_to, locale)
            parts.append(i18n.text("tablic.say.leftovers", locale, cards=left, player=taker))
    parts.append(
        i18n.text(
            "tablic.say.deal_end",
            locale,
            deal=result.deal,
            player0=player(0, locale),
            score0=result.scores[0],
            player1=player(1, locale),
            score1=result.scores[1],
        )
    )
    return parts


# -- fast playouts -----------------------------------------------------------------------------


class Playout(NamedTuple):
    """What :func:`playout` returns."""

    totals: tuple[int, int]
    """The running totals when the playout stopped."""
    winner: int | None
    """The winner if the match ended, else None."""
    deals: int
    """How many deals ended during the playout."""
    moves: int
    """How many moves were played."""


def playout(state: State, rng: cards.Rng, deals: int | None = None) -> Playout:
    """Play uniformly random legal moves from ``state`` to the end of the match (or of
    ``deals`` deals), fast: the same rules, move order and random choices as the loop
    ``moves = s.legal_moves(); s = s.play(moves[rng.below(len(moves))])``, on plain ints
    (:func:`._fast.play_out`; a test checks they agree move for move). The bots' and the
    lab's rollouts.

    >>> a = playout(new_game(seed=4), cards.Rng(1))
    >>> s, rng = new_game(seed=4), cards.Rng(1)
    >>> while not s.is_over:
    ...     moves = s.legal_moves()
    ...     s = s.play(moves[rng.below(len(moves))])
    >>> a.totals == s.totals and a.winner == s.outcome.winner and a.moves == s.ply
    True
    """
    seat = state._to_move
    if seat is None:
        outcome = state._outcome
        return Playout(state.totals, outcome.winner if outcome is not None else None, 0, 0)
    return Playout(
        *play_out(
            state.rules,
            state.seed,
            rng,
            deals,
            hands=(state._hand0, state._hand1),
            table=state._table_bits,
            stock=state._stock,
            piles=(state._pile0, state._pile1),
            tablas=state.tablas,
            last=state.last_capturer,
            seat=seat,
            dealer=state.dealer,
            number=state.deal_number,
            totals=state.totals,
        )
    )


class DealTally(NamedTuple):
    """A finished deal as :func:`played_out` keeps it: the fields of :class:`DealResult` a
    lab row reads, each per seat."""

    cards: tuple[int, int]
    points: tuple[int, int]
    tablas: tuple[int, int]
    scores: tuple[int, int]


class PlayedOut(NamedTuple):
    """The end of :func:`played_out`: what a row of the lab reads of a match or a deal."""

    outcome: Outcome | None
    """The winner and the final totals, or None if the match did not end."""
    totals: tuple[int, int]
    """The running totals when the playout stopped."""
    deal_results: tuple[DealTally, ...]
    """Every finished deal of the match (those before the start too), oldest first."""

    @property
    def is_over(self) -> bool:
        """Whether the match ended."""
        return self.outcome is not None


class SeatDraws(Protocol):
    """What :func:`played_out` draws from (:class:`cardwidgets.bots.player.SeatDraws`)."""

    @property
    def draws(self) -> tuple[Callable[[int], int], Callable[[int], int]]:
        """Per seat: the index of the move it picks among ``n``, one call per move."""


def played_out(state: State, players: SeatDraws, deals: int | None = None) -> PlayedOut:
    """The random match from ``state`` to its end (or to the end of ``deals`` more deals) on
    the ints of :func:`._fast.play_out_drawn`, the seat to move picking move
    ``players.draws[seat](n)`` of its ``n`` legal moves (in the order of
    :meth:`State.legal_moves`, as :meth:`State.random_move` picks): the same match as
    ``state.play(state.random_move(...))`` with those draws, without a state per move.

    >>> from types import SimpleNamespace
    >>> rng = cards.Rng(4)
    >>> end = played_out(new_game(seed=2), SimpleNamespace(draws=(rng.below, rng.below)))
    >>> s, rng = new_game(seed=2), cards.Rng(4)
    >>> while not s.is_over:
    ...     s = s.play(s.random_move(rng))
    >>> end.outcome == s.outcome and [d.scores for d in end.deal_results] == [
    ...     d.scores for d in s.deal_results]
    True
    >>> first = played_out(new_game(seed=2), SimpleNamespace(draws=(rng.below,) * 2), deals=1)
    >>> len(first.deal_results), first.totals == first.deal_results[0].scores
    (1, True)
    """
    before = tuple(
        DealTally(deal.cards, deal.points, deal.tablas, deal.scores) for deal in state.deal_results
    )
    seat = state._to_move
    if seat is None:
        return PlayedOut(state._outcome, state.totals, before)
    totals, won, tallies = play_out_drawn(
        state.rules,
        state.seed,
        players.draws,
        deals,
        hands=(state._hand0, state._hand1),
        table=state._table_bits,
        stock=state._stock,
        piles=(state._pile0, state._pile1),
        tablas=state.tablas,
        last=state.last_capturer,
        seat=seat,
        dealer=state.dealer,
        number=state.deal_number,
        totals=state.totals,
    )
    outcome = None if won is None else Outcome(won, totals)
    return PlayedOut(outcome, totals, (*before, *(DealTally(*tally) for tally in tallies)))
