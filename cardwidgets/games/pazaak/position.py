"""Positions checked field by field: what :meth:`State.from_position`, a record or a position
code says, each field refused with the reason when it cannot be Pazaak, and the side decks of a
new match (Z-D8). This room only reads and checks; :mod:`.state` builds the state from the
checked :class:`Position` (it is the only module that writes a state's slots).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple, NoReturn, TypeAlias

from cardwidgets import core, i18n
from cardwidgets.core import IllegalMove, check_seat
from cardwidgets.games.pazaak import rules as plain
from cardwidgets.games.pazaak._fast import MAIN, Placed, Tables, unseen
from cardwidgets.games.pazaak.rules import FULL_DECK, MAX_CARDS, MAX_SET_NUMBER, TARGET, Rules
from cardwidgets.games.pazaak.sidecards import (
    CODE,
    DOUBLE,
    SideCard,
    default_side_deck,
    side_cards,
    validate_side_deck,
)
from cardwidgets.games.pazaak.words import quoted, seat_name

Hands: TypeAlias = tuple[tuple[SideCard, ...], tuple[SideCard, ...]]


class PositionError(core.PositionError, IllegalMove):
    """A position that cannot be a Pazaak game; the message says why. Also an
    :class:`IllegalMove`, which these errors were before every game had a ``PositionError``."""

    __module__ = "cardwidgets.games.pazaak"  # the path tracebacks print and pickles use


class Position(NamedTuple):
    """A position's fields, checked: what :mod:`.state` turns into a :class:`State`."""

    hands: Hands
    used: Hands
    tables: Tables
    totals: tuple[int, int]
    standing: tuple[bool, bool]
    sets_won: tuple[int, int]
    to_move: int
    over: bool
    """A finished match (``to_move`` None and no draw, as records of one store it)."""
    top: tuple[int, ...]
    """The explicit top of the deck, in draw order."""
    unseen: bytes
    """The other unseen cards, sorted (drawn at random below ``top``)."""
    set_number: int
    starter: int
    played: SideCard | None


def checked_side_decks(
    side_decks: Sequence[Iterable[SideCard | str] | str | None] | None, rules: Rules
) -> tuple[tuple[SideCard, ...], tuple[SideCard, ...]]:
    """Both seats' checked side decks (Z-D8); None (for both or one) is the default deck."""
    if side_decks is None:
        decks: list[Iterable[SideCard | str] | str | None] = [None, None]
    elif isinstance(side_decks, Sequence) and not isinstance(side_decks, str):
        decks = list(side_decks)
    else:
        decks = []
    if len(decks) != 2:
        raise IllegalMove("pazaak.side_decks_two", value=i18n.shown(side_decks))
    d0, d1 = decks
    return (
        default_side_deck(rules) if d0 is None else validate_side_deck(d0, rules, 0),
        default_side_deck(rules) if d1 is None else validate_side_deck(d1, rules, 1),
    )


def check_position(
    hands: object,
    deck: object,
    tables: object,
    to_move: object,
    standing: object,
    sets_won: object,
    rules: Rules,
    *,
    set_number: object,
    starter: object,
    used: object,
    played_this_turn: object,
    draw: bool,
) -> Position:
    """A position given field by field (from :meth:`State.from_position` or a record: any
    value, each checked), or :class:`PositionError` saying what is impossible; ``draw``: the
    player to move has not drawn yet."""
    over = to_move is None and not draw  # a finished match, as records of one store it
    to_move = 0 if over else check_seat(to_move)
    starter = check_seat(starter)
    h, u, tabs = _cards(hands, used, tables, rules)
    std = _standing(standing)
    sets = _sets(sets_won, rules, over)
    top, computed = _undrawn(deck, tabs, rules)
    number = _set_number(set_number, sets, over)
    _check_tables(tabs, std, to_move, draw, over)
    played = None if played_this_turn is None else SideCard.parse(played_this_turn)
    if played is not None and draw:
        _refuse("pazaak.pos_played_draw")
    _check_turns(tabs, std, (to_move, draw, over), played, rules)
    totals = (plain.total(tabs[0]), plain.total(tabs[1]))
    return Position(
        h, u, tabs, totals, std, sets, to_move, over, top, bytes(computed), number, starter, played
    )


def _set_number(set_number: object, sets: tuple[int, int], over: bool) -> int:
    """The set being played: given, or the set after those won (a tie adds one more, Z-S16)."""
    if set_number is None:
        return sets[0] + sets[1] + (not over)
    if (
        isinstance(set_number, bool)
        or not isinstance(set_number, int)
        or not 1 <= set_number <= MAX_SET_NUMBER
    ):
        most = i18n.Number(MAX_SET_NUMBER)
        _refuse("pazaak.pos_set_number", value=i18n.shown(set_number), most=most)
    if set_number < sets[0] + sets[1] + (not over):  # every set counts, ties too (Z-S16)
        _refuse("pazaak.pos_set_behind", number=set_number, won=sets[0] + sets[1])
    return set_number


def _refuse(key: str, **fields: object) -> NoReturn:
    """Raise "this position is impossible", with the reason ``key``."""
    raise PositionError("pazaak.bad_position", reason=IllegalMove(key, **fields))


def _cards(
    hands: object, used: object, tables: object, rules: Rules
) -> tuple[Hands, Hands, Tables]:
    """The hands (sorted), the used cards and the tables of a position; gold cards only with
    ``gold_cards`` (Z-D9). ``used`` None: the hand cards on the tables."""
    h0, h1 = (tuple(sorted(side_cards(h), key=CODE)) for h in _pair(hands, "hands"))
    t0, t1 = (
        tuple(_parse_placed(p) for p in _listed(tab, "tables")) for tab in _pair(tables, "tables")
    )
    on0, on1 = (tuple(src for src, _ in tab if isinstance(src, SideCard)) for tab in (t0, t1))
    u0, u1 = (on0, on1) if used is None else (side_cards(u) for u in _pair(used, "used"))
    for seat, held, played in ((0, h0, u0), (1, h1, u1)):
        # Z-S5: the hand is drawn once for the match; what was played is in ``used``.
        if len(held) + len(played) > rules.hand_size:
            count = i18n.Number(len(held) + len(played))
            _refuse(
                "pazaak.pos_hand_size", player=seat_name(seat), count=count, most=rules.hand_size
            )
    for card in [*h0, *h1, *u0, *u1, *on0, *on1]:
        if card.is_gold and not rules.gold_cards:
            raise PositionError("pazaak.gold_off", card=card)
    for seat, spent, placed in ((0, u0, on0), (1, u1, on1)):
        # a hand card is played once, from the hand (Z-S5): those on the table were used
        missing = Counter(placed) - Counter(spent)
        if missing:
            card = next(iter(missing))
            _refuse("pazaak.pos_not_used", card=card, player=seat_name(seat))
    return (h0, h1), (u0, u1), (t0, t1)


def _standing(standing: object) -> tuple[bool, bool]:
    s0, s1 = _pair(standing, "standing")
    if not (isinstance(s0, bool) and isinstance(s1, bool)):
        _refuse("pazaak.pos_not_bool", field="standing", value=i18n.shown(standing))
    return (s0, s1)


def _sets(sets_won: object, rules: Rules, over: bool) -> tuple[int, int]:
    """The set score: below ``sets_to_win`` each, or exactly that for the winner of a finished
    match (Z-S2)."""
    sets = _pair(sets_won, "sets_won")
    top_score = rules.sets_to_win + over
    valid = all(isinstance(s, int) and not isinstance(s, bool) for s in sets)
    if (
        not valid
        or not all(0 <= s < top_score for s in sets)
        or (over and max(sets) != rules.sets_to_win)
    ):
        _refuse("pazaak.pos_sets", sets=i18n.shown(list(sets)), target=rules.sets_to_win)
    return (sets[0], sets[1])


def _undrawn(deck: object, tabs: Tables, rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The explicit top of the deck, and the unseen cards below it, sorted (drawn at random,
    Z-D2): four of each number at most (Z-S3)."""
    if isinstance(deck, str):
        deck = deck.split()
    listed = _listed(deck, "deck")
    if len(listed) > len(FULL_DECK):  # also with draws "with replacement": none lasts 40
        _refuse("pazaak.pos_deck_size", count=i18n.Number(len(listed)), most=len(FULL_DECK))
    top = tuple(_main_card(c) for c in listed)
    if rules.main_deck != "finite40":
        return top, ()
    counts = Counter(top)
    counts.update(src for tab in tabs for src, _ in tab if isinstance(src, int))
    for value, count in sorted(counts.items()):
        if count > 4:
            _refuse("pazaak.pos_too_many", value=value, count=count)
    left = Counter(unseen(tabs))
    left.subtract(top)
    return top, tuple(sorted(left.elements()))


def _check_tables(
    tabs: Tables, std: tuple[bool, bool], to_move: int, draw: bool, over: bool
) -> None:
    """Totals, standing and nine cards must fit the rules (Z-S12, Z-S13, Z-D4, Z-S11)."""
    for seat in (0, 1):
        total = plain.total(tabs[seat])
        count = len(tabs[seat])
        waiting = draw or seat != to_move
        if count > MAX_CARDS or (total > TARGET and waiting):
            _refuse("pazaak.pos_over", player=seat_name(seat), total=total)
        if (count == MAX_CARDS or total == TARGET) and not std[seat]:
            _refuse("pazaak.pos_must_stand", player=seat_name(seat), count=count, total=total)
    if not over and (std[to_move] or (std[0] and std[1])):
        _refuse("pazaak.pos_to_move_stands", player=seat_name(to_move))


def _check_turns(
    tabs: Tables,
    std: tuple[bool, bool],
    mover: tuple[int, bool, bool],
    played: SideCard | None,
    rules: Rules,
) -> None:
    """The tables must come from whole turns (Z-D5): each turn begins with a main-deck draw and
    adds at most one hand card (Z-S8), a player stands only after a draw (Z-S11), the card
    played this turn lies last, and under ``fill_table_wins`` nine cards would have won (Z-D1).
    Each card's value is what it was played as, changed only by later Flips (Z-D9).
    ``mover`` is (to_move, draw, over)."""
    to_move, draw, over = mover
    for seat in (0, 1):
        # the table as "d" (a main-deck draw) and "h" (a hand card), e.g. "dhdd"
        cards = "".join("d" if src.__class__ is int else "h" for src, _ in tabs[seat])
        if cards.startswith("h") or "hh" in cards:
            _refuse("pazaak.pos_turn_order", player=seat_name(seat))
        if plain.as_placed(tabs[seat]) is None:
            _refuse("pazaak.pos_values", player=seat_name(seat))
        if std[seat] and not cards:
            _refuse("pazaak.pos_stand_empty", player=seat_name(seat))
        if rules.fill_table_wins and len(cards) >= MAX_CARDS and not over:
            _refuse("pazaak.pos_filled", player=seat_name(seat))
    if over:
        return
    mine = tabs[to_move]
    if not draw and not mine:  # also what Double needs: a card placed before it (Z-D9)
        _refuse("pazaak.pos_not_drawn", player=seat_name(to_move))
    if played is not None and mine[-1][0] is not played:
        _refuse("pazaak.pos_played_last", card=played, player=seat_name(to_move))


def _main_card(text: object) -> int:
    value = text
    if isinstance(value, str) and value.strip().isdigit() and len(value.strip()) <= 2:
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise PositionError("pazaak.bad_main_card", text=quoted(text))
    return value


def _parse_placed(item: object) -> Placed:
    if isinstance(item, (list, tuple)) and len(item) == 2:
        src, value = item
        if isinstance(value, bool) or not isinstance(value, int):
            raise PositionError("pazaak.pos_table", text=quoted(item))
        if isinstance(src, int) or (isinstance(src, str) and src.strip().isdigit()):
            card = _main_card(src)
            if value not in (card, -card):
                raise PositionError("pazaak.pos_table", text=quoted(item))
            return (card, value)
        side = SideCard.parse(src)
        # a Flip may have turned the value's sign; D copies a main-deck card's value
        sizes = set(range(11)) if side is DOUBLE else {abs(v) for v in side.options.values()}
        if abs(value) not in sizes:
            raise PositionError("pazaak.pos_table", text=quoted(item))
        return (side, value)
    if isinstance(item, int) and not isinstance(item, bool):
        return MAIN[_main_card(item)]
    if isinstance(item, SideCard) or (isinstance(item, str) and item.strip()[:1] in "+-−±"):
        side = SideCard.parse(item)
        fixed = side.options.get(None)
        if fixed is None or side.is_gold:
            raise PositionError("pazaak.pos_table", text=quoted(item))
        return (side, fixed)
    if isinstance(item, str):
        return MAIN[_main_card(item)]
    raise PositionError("pazaak.pos_table", text=quoted(item))


def _pair(values: object, name: str) -> tuple[Any, Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Sequence) or len(values) != 2:
        _refuse("pazaak.pos_per_seat", field=name)
    return values[0], values[1]


def _listed(values: object, name: str) -> list[Any]:
    """A list of the entries of ``values`` (a list of cards in a position), else a refusal."""
    if isinstance(values, (str, bytes, Mapping)) or not isinstance(values, Iterable):
        _refuse("pazaak.pos_cards", field=name, value=i18n.shown(values))
    return list(values)
