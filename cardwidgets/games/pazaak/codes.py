"""Pazaak position codes: :meth:`State.code` writes one, :meth:`State.from_code` reads it.

A code is ``Z`` (or ``Z0``/``Z1``: what that seat sees) and ten fields, separated by spaces:
the side-card hands ``first|second`` (cards separated by commas), the main deck in draw
order (one character a card, ``T`` for 10), the tables ``first|second``, the seat to move
(who has drawn: the code is the moment of his decision), who stands (``01``: the second
player), the sets won ``first|second``, the set number, who began the set, the hand cards
used this match ``first|second`` and the hand card played this turn. ``-`` is an empty
list. A table card is a main-deck number (``7``, flipped ``7=-7``) or a side card, with the
value it took where its text does not fix it (``±4=-4``, ``D=7``).

A seat's code writes the other hand as ``4?`` (four unseen side cards) and the deck as
``*``. Read back, the other hand is dealt from the side deck a player gets by default (less
the cards he used), and the deck from the cards not on the tables, by the seed.

>>> from cardwidgets.games.pazaak import State
>>> s = State.from_position(hands=["+3 -4", "-1 ±6"], deck=[8, 2], seed=1)
>>> s.code(1)
'Z1 2?|-1,±6 * 8|- 0 00 0|0 1 0 -|- -'
>>> s.code().split()[2][:4]
'2255'
"""

from __future__ import annotations

from typing import Any, Protocol

from cardwidgets import cards, codes, core
from cardwidgets.codes import Unseen
from cardwidgets.games.pazaak._fast import Placed, Tables
from cardwidgets.games.pazaak.position import PositionError
from cardwidgets.games.pazaak.rules import MAX_SET_NUMBER, Rules, check_rules
from cardwidgets.games.pazaak.sidecards import SideCard, default_side_deck

__all__ = ["FIELDS", "Coded", "code_fields", "position_code"]

FIELDS = (
    "hands",
    "deck",
    "tables",
    "to_move",
    "standing",
    "sets_won",
    "set_number",
    "starter",
    "used",
    "played",
)
"""The fields of a Pazaak code, in order."""

_MAIN = "123456789T"
"""The main-deck cards 1 to 10 as one character each."""


class Coded(Protocol):
    """What a code is written from: the public attributes of a :class:`State` (this room
    needs no more, and so does not import the state)."""

    @property
    def to_move(self) -> int | None: ...
    @property
    def hands(self) -> tuple[tuple[SideCard, ...], tuple[SideCard, ...]]: ...
    @property
    def deck(self) -> tuple[int, ...]: ...
    @property
    def placed(self) -> Tables: ...
    @property
    def standing(self) -> tuple[bool, bool]: ...
    @property
    def sets_won(self) -> tuple[int, int]: ...
    @property
    def set_number(self) -> int: ...
    @property
    def starter(self) -> int: ...
    @property
    def used(self) -> tuple[tuple[SideCard, ...], tuple[SideCard, ...]]: ...
    @property
    def played_this_turn(self) -> SideCard | None: ...


def position_code(state: Coded, seat: int | None = None) -> str:
    """The code of ``state``: everything (``seat`` None) or what ``seat`` sees."""
    codes.refuse_over(state.to_move, PositionError)
    hands = [_side_list(h) for h in state.hands]
    deck = "".join(_MAIN[v - 1] for v in state.deck) or "-"
    head = "Z"
    if seat is not None:
        seat = core.check_seat(seat)
        head = f"Z{seat}"
        hidden = len(state.hands[1 - seat])
        hands[1 - seat] = str(Unseen(hidden)) if hidden else "-"
        deck = str(Unseen(None))
    played = state.played_this_turn
    return " ".join(
        (
            head,
            "|".join(hands),
            deck,
            "|".join(",".join(map(_placed_text, t)) or "-" for t in state.placed),
            str(state.to_move),
            "".join(str(int(s)) for s in state.standing),
            f"{state.sets_won[0]}|{state.sets_won[1]}",
            str(state.set_number),
            str(state.starter),
            "|".join(_side_list(u) for u in state.used),
            "-" if played is None else str(played),
        )
    )


def _side_list(side_cards: tuple[SideCard, ...]) -> str:
    return ",".join(map(str, side_cards)) or "-"


def _placed_text(placed: Placed) -> str:
    """``7``, ``7=-7`` (flipped), ``+3`` or ``±4=-4``: the value only where the text of the
    card does not fix it."""
    src, value = placed
    if isinstance(src, int):
        return str(src) if value == src else f"{src}={value}"
    fixed = src.options.get(None)
    if fixed == value and not src.is_gold and str(src)[:1] in "+-−":
        return str(src)
    return f"{src}={value}"


def code_fields(text: object, seed: int | str | None, rules: Rules | None) -> dict[str, Any]:
    """The keyword arguments of :meth:`State.from_position` for a code (which checks them); a
    seat's unseen cards are dealt from ``seed``'s shuffle."""
    seat, fields = codes.split_code(text, "Pazaak", "Z", FIELDS, PositionError)
    rules = check_rules(rules)
    seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)
    hands = [_read_list(part) for part in codes.read_pair(fields[0], "hands", PositionError)]
    used = [_read_list(part) for part in codes.read_pair(fields[8], "used", PositionError)]
    deck = fields[1]
    if seat is None:
        if "?" in fields[0] or deck == "*":
            raise PositionError("code.unseen_in_full", field="hands", letter="Z")
    else:
        hands[1 - seat] = _deal_hand(hands[1 - seat], used[1 - seat], rules, cards.Rng(seed))
        deck = "-" if deck == "*" else deck
    if "?" in ",".join(hands[0] + hands[1]):
        raise PositionError("code.unseen_misplaced", field="hands", seat=seat)
    standing = fields[4]
    if len(standing) != 2 or not set(standing) <= {"0", "1"}:
        raise PositionError("code.cards", field="standing", text=standing)
    return dict(
        hands=hands,
        deck=_read_deck(deck),
        tables=[_read_table(part) for part in codes.read_pair(fields[2], "tables", PositionError)],
        to_move=codes.read_seat(fields[3], "to_move", PositionError),
        standing=[s == "1" for s in standing],
        sets_won=[
            _read_number(n, "sets_won", 99)
            for n in codes.read_pair(fields[5], "sets_won", PositionError)
        ],
        rules=rules,
        seed=seed,
        set_number=_read_number(fields[6], "set_number", MAX_SET_NUMBER),
        starter=codes.read_seat(fields[7], "starter", PositionError),
        used=used,
        draw=False,
        played_this_turn=None if fields[9] == "-" else fields[9],
    )


def _read_number(text: str, field: str, most: int) -> int:
    return codes.read_int(text, field, 0, most, PositionError)


def _read_list(text: str) -> list[str]:
    """The side cards of a comma list (read by ``from_position``, which explains a bad one)."""
    return [] if text == "-" else text.split(",")


def _read_deck(text: str) -> list[int]:
    if text == "-":
        return []
    if not set(text.upper()) <= set(_MAIN):
        raise PositionError("pazaak.code.deck", text=text)
    return [_MAIN.index(c) + 1 for c in text.upper()]


def _read_table(text: str) -> list[object]:
    """Table cards: a number, ``number=value`` (flipped), a side card, ``card=value``."""
    placed: list[object] = []
    for item in [] if text == "-" else text.split(","):
        src, equals, value = item.partition("=")
        if not equals:
            placed.append(int(src) if src.isdigit() else src)
        elif value.lstrip("+-").isdigit():
            signed = int(value.lstrip("+-")) * (-1 if value.startswith("-") else 1)
            placed.append((int(src) if src.isdigit() else src, signed))
        else:
            raise PositionError("code.cards", field="tables", text=item)
    return placed


def _deal_hand(hand: list[str], used: list[str], rules: Rules, rng: cards.Rng) -> list[str]:
    """The other hand of a seat's code, ``n?``, dealt from the default side deck less the
    cards he used (as :meth:`State.determinize` does; one used more often than that deck
    has is drawn again from the whole deck)."""
    if not hand:
        return []
    if len(hand) != 1 or not hand[0].endswith("?") or not hand[0][:-1].isdigit():
        raise PositionError("code.cards", field="hands", text=",".join(hand))
    need = int(hand[0][:-1])
    pool = [str(c) for c in default_side_deck(rules)]
    for card in used:
        text = str(SideCard.parse(card))
        if text in pool:
            pool.remove(text)
    dealt = rng.shuffle(pool)[:need]
    while len(dealt) < need:
        dealt.append(str(rng.choice(default_side_deck(rules))))
    return dealt
