"""The Pazaak position: :class:`State`, and everything that sets its slots. A state is a value:
nothing outside this module writes one (the other rooms read its public attributes, or work on
the plain tuples and bytes it is made of).

In reading order, by the game's phases:

* the sections the state is made from: setting up (a position checked field by field,
  :class:`PositionError`, and the side decks), position codes (as text) and views
  (:class:`PazaakView`);
* :class:`State`: a given position (:meth:`State.from_position`), codes and records, the
  position as it stands, a turn (the moves it allows, :meth:`State.play`,
  :meth:`State.play_drawing`), the end of a set (:attr:`State.last_set`), and what a seat sees
  (:meth:`State.view`, :meth:`State.determinize`);
* the states a match starts from: :func:`new_game`, and any position
  (:meth:`State.from_position`, a record or a code) once it is checked;
* records: a record's ``start`` written and read back (the moves are replayed by
  :mod:`cardwidgets.core`);
* the steps of :meth:`State.play` (Z-D5): a turn's draw, forced stands and the turn's end; a
  hand card; the set's end and the next set;
* the fast playouts: :func:`playout`, a whole random match from a state, on the lists of
  :func:`._fast.play_out`, and :func:`played_out`.

Trade-offs: the steps are fast code, proven equal to :class:`.rules.PlainMatch` move for move by
tests/test_pazaak_fast.py. The hot paths (an ``end``/``stand`` that passes the turn, a set end)
build the next state in one step with the SplitMix64 draw inlined (``Rng(key).below(n)``, see
:data:`._fast.LIMITS`), keep the unseen cards as ``bytes`` and ``is_over`` as a stored
attribute; a plain hand card skips only the checks (every hand card is placed by
:func:`_place`); the rest (gold cards, refusals, forced stands) goes the plain way through
:mod:`.rules`. Each inlined rule names its decision id where it is done.

>>> state = new_game(seed=5).play("stand")
>>> from_record(state.to_json()).totals == state.totals
True

>>> from cardwidgets.games.pazaak import State
>>> s = State.from_position(hands=["+3 -4", "-1 ±6"], deck=[8, 2], seed=1)
>>> s.code(1)
'Z1 2?|-1,±6 * 8|- 0 00 0|0 1 0 -|- -'
>>> s.code().split()[2][:4]
'2255'
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar, Final, NamedTuple, NoReturn, Protocol, TypeAlias

from cardwidgets import cards, codes, core, i18n
from cardwidgets.cards import Rng, as_rng, check_seed, fresh_seed
from cardwidgets.codes import Unseen
from cardwidgets.core import IllegalMove, Outcome, check_seat
from cardwidgets.games.pazaak import rules as plain
from cardwidgets.games.pazaak._fast import (
    FULL_BYTES,
    FULL_WITHOUT,
    GAMMA,
    LIMITS,
    MAIN,
    MAIN1,
    MASK,
    ONE_BYTE,
    TAIL,
    TIE,
    Placed,
    SetResult,
    Tables,
    both_stand,
    cached_moves,
    draw,
    draw_hand,
    hand_moves,
    main_count,
    play_out,
    unseen,
)
from cardwidgets.games.pazaak.moves import EndTurn, Move, PlayCard, Stand, options_text
from cardwidgets.games.pazaak.rules import (
    FULL_DECK,
    MASK64,
    MAX_CARDS,
    MAX_SET_NUMBER,
    TARGET,
    Rules,
    check_rules,
)
from cardwidgets.games.pazaak.sidecards import (
    CODE,
    DOUBLE,
    SideCard,
    default_side_deck,
    side_cards,
    validate_side_deck,
)
from cardwidgets.games.pazaak.words import quoted, seat_name, signed

__all__ = ["FIELDS", "Coded", "code_fields", "position_code"]


# -- setting up: positions and their checks ----------------------------------------------------
# Positions checked field by field: what :meth:`State.from_position`, a record or a position
# code says, each field refused with the reason when it cannot be Pazaak, and the side decks of a
# new match (Z-D8). This room only reads and checks; :mod:`.state` builds the state from the
# checked :class:`Position` (it is the only module that writes a state's slots).


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


# -- position codes and records ----------------------------------------------------------------
# Pazaak position codes: :meth:`State.code` writes one, :meth:`State.from_code` reads it.
#
# A code is ``Z`` (or ``Z0``/``Z1``: what that seat sees) and ten fields, separated by spaces:
# the side-card hands ``first|second`` (cards separated by commas), the main deck in draw
# order (one character a card, ``T`` for 10), the tables ``first|second``, the seat to move
# (who has drawn: the code is the moment of his decision), who stands (``01``: the second
# player), the sets won ``first|second``, the set number, who began the set, the hand cards
# used this match ``first|second`` and the hand card played this turn. ``-`` is an empty
# list. A table card is a main-deck number (``7``, flipped ``7=-7``) or a side card, with the
# value it took where its text does not fix it (``±4=-4``, ``D=7``).
#
# A seat's code writes the other hand as ``4?`` (four unseen side cards) and the deck as
# ``*``. Read back, the other hand is dealt from the side deck a player gets by default (less
# the cards he used), and the deck from the cards not on the tables, by the seed.


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
            "|".join(",".join(map(_placed_code, t)) or "-" for t in state.placed),
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


def _placed_code(placed: Placed) -> str:
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
    """The other hand of a seat's code, ``n?``, dealt as :meth:`State.determinize` deals it
    (:func:`_guess_hand`)."""
    if not hand:
        return []
    if len(hand) != 1 or not hand[0].endswith("?") or not hand[0][:-1].isdigit():
        raise PositionError("code.cards", field="hands", text=",".join(hand))
    spent = [SideCard.parse(card) for card in used]
    return [str(card) for card in _guess_hand(spent, int(hand[0][:-1]), rules, rng)]


def _guess_hand(used: Iterable[SideCard], need: int, rules: Rules, rng: Rng) -> list[SideCard]:
    """``need`` side cards for a hand its seat's opponent cannot see (side decks are private,
    Z-D8): dealt by ``rng`` from :func:`default_side_deck` less the cards the owner ``used``;
    where he used more than that deck explains, drawn again from the whole deck."""
    deck = default_side_deck(rules)
    pool = list(deck)
    for card in used:
        if card in pool:
            pool.remove(card)
    dealt = rng.shuffle(pool)[:need]
    while len(dealt) < need:
        dealt.append(rng.choice(deck))
    return dealt


# -- what a seat sees: views -------------------------------------------------------------------
# What one seat may see of a Pazaak position: :class:`PazaakView`, typed for Python code and,
# as a dict, the JSON form a widget or a log reads.


@dataclasses.dataclass(frozen=True, eq=False)
class PazaakView(core.View):
    """A seat's view (``State.view(seat)``): both tables and totals, its own hand, the hand
    sizes, who stands, the set score and the deck size; never the deck order or the
    opponent's hand. ``seat`` None is the public table view (no hand).

    The fields are typed (side cards, placed pairs, moves); the dict holds their JSON form
    (:meth:`to_json`), so ``view["hand"]`` is ``["+3", "-4"]`` while ``view.hand`` holds the
    :class:`SideCard`\\ s.
    """

    __module__ = "cardwidgets.games.pazaak"
    game = "pazaak"

    seat: int | None
    to_move: int | None
    set_number: int
    starter: int
    sets_won: tuple[int, int]
    totals: tuple[int, int]
    standing: tuple[bool, bool]
    placed: Tables
    """Each seat's placed cards this set: (main-deck int or SideCard, current value)."""
    hand: tuple[SideCard, ...] | None
    """The seat's own unplayed hand cards (None in the public view)."""
    hand_sizes: tuple[int, int]
    used: tuple[tuple[SideCard, ...], tuple[SideCard, ...]]
    """The hand cards each seat has played this match (public)."""
    played_this_turn: SideCard | None
    deck_size: int | None
    last_set: SetResult | None
    legal_moves: tuple[Move, ...]
    """The seat's legal moves when it is to move, else empty."""
    is_over: bool
    outcome: Outcome | None

    def to_json(self) -> dict[str, Any]:
        """The view as JSON values: cards as text, placed cards as ``{card, value, side}``."""
        last = None
        if self.last_set is not None:
            winner, reason, values = self.last_set
            last = {"winner": winner, "reason": reason, "tables": [list(v) for v in values]}
        played = self.played_this_turn
        return {
            "game": self.game,
            "seat": self.seat,
            "to_move": self.to_move,
            "set_number": self.set_number,
            "starter": self.starter,
            "sets_won": list(self.sets_won),
            "totals": list(self.totals),
            "standing": list(self.standing),
            "tables": [[_placed_json(p) for p in tab] for tab in self.placed],
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "used": [[str(c) for c in used] for used in self.used],
            "played_this_turn": None if played is None else str(played),
            "deck_size": self.deck_size,
            "last_set": last,
            "legal_moves": [str(m) for m in self.legal_moves],
            "is_over": self.is_over,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


def _placed_json(p: Placed) -> dict[str, object]:
    src, value = p
    return {"card": str(src), "value": value, "side": not isinstance(src, int)}


# -- the state ---------------------------------------------------------------------------------


_cached_moves = cached_moves  # the bound ``MOVES_CACHE.get`` (see :data:`._fast.cached_moves`)


_new_state = object.__new__  # a State without __init__ (which refuses): the steps fill its slots


class CardEffect(NamedTuple):
    """What a hand card would do to its player's table (:meth:`State.card_effect`, Z-D9)."""

    value: int
    """The value the card takes on the table (D: the value it copies; a Flip: 0)."""
    total: int
    """The player's total after it."""
    targets: tuple[int, ...]
    """The placed cards it acts on, by index: the card D copies, the cards a Flip turns."""


CardEffect.__module__ = "cardwidgets.games.pazaak"  # (a NamedTuple body cannot set it)


class State(core.GameState[Move]):
    """A Pazaak position. Make one with :func:`new_game` or :meth:`State.from_position`.

    Full-information attributes: ``tables`` (values), ``placed`` (source and value),
    ``totals``, ``standing``, ``sets_won``, ``hands``, ``deck``, ``set_number``, ``starter``,
    ``used`` (side cards each seat played this match), ``last_set`` (how the previous set
    ended: winner or None, reason, final table values).
    """

    __module__ = "cardwidgets.games.pazaak"
    game: ClassVar[str] = "pazaak"

    __slots__ = (
        "_hands",
        "_key",
        "_last",
        "_played",
        "_ply",
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
    _tab: Tables
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
    _last: tuple[int | None, str, Tables] | None
    # (winner, reason, placed cards): the values of last_set are read off only when asked
    _start: dict[str, Any] | None

    def __init__(self) -> None:
        raise TypeError("use pazaak.new_game(...) or pazaak.State.from_position(...)")

    # -- setting up: given positions -----------------------------------------------------------
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
        default a fresh one, kept in the record), ``set_number`` (default the one after the
        sets won: ties count as sets too, so it may be more, Z-S16), ``starter`` (who began
        this set; default ``to_move``), ``used`` (hand cards already played this match;
        default the hand cards on the tables),
        ``draw`` (False: ``to_move`` has already drawn this turn), ``played_this_turn``.
        """
        allowed = {"seed", "set_number", "starter", "used", "draw", "played_this_turn"}
        for name in more:
            if name not in allowed:
                raise TypeError(f"from_position() got an unexpected keyword argument {name!r}")
        seed = more.get("seed")
        seed = fresh_seed() if seed is None else check_seed(seed)
        rules = check_rules(rules)
        draw = more.get("draw", True)
        pos = check_position(
            hands,
            deck,
            tables,
            to_move,
            standing,
            sets_won,
            rules,
            set_number=more.get("set_number"),
            starter=more.get("starter", to_move),
            used=more.get("used"),
            played_this_turn=more.get("played_this_turn"),
            draw=draw,
        )
        return _make_position(pos, rules, Rng(seed).next64(), draw)

    # -- position codes and records ------------------------------------------------------------
    def code(self, seat: int | None = None) -> str:
        """The position as one line of text (like chess's FEN): everything, or with ``seat``
        only what that seat sees. See the "position codes" section of this module for
        the fields."""
        return position_code(self, seat)

    @classmethod
    def from_code(
        cls, text: str, seed: int | str | None = None, *, rules: Rules | None = None
    ) -> State:
        """The position of a code from :meth:`code`; a seat's code gets the cards that seat
        cannot see dealt from ``seed`` (fresh if None), which also fixes the cards below the
        deck and the later sets. The rules are not in the code: give them if they are not
        the seed rules."""
        return cls.from_position(**code_fields(text, seed, rules))

    def _start_record(self) -> dict[str, Any]:
        return _record_start(self)

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], rules: core.Rules) -> State:
        assert isinstance(rules, Rules)
        return _state_from_start(start, rules)

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(data)

    # -- the position as it stands (full information) ------------------------------------------
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
    def deck(self) -> tuple[int, ...]:
        """The main-deck cards still to come, in the order they will be drawn (full info).

        For ``finite40`` this is every undrawn card of the set's 40; for
        ``uniform_with_replacement`` the draws this set can still use (at most 18 in all).
        """
        if self.rules.main_deck == "finite40":
            count = len(self._top) + len(self._rest)
        else:
            count = max(0, 2 * MAX_CARDS - main_count(self._tab))
        top, rest, key = self._top, self._rest, self._key
        cards = []
        finite = self.rules.main_deck == "finite40"
        for _ in range(count):
            card, top, rest, key = draw(top, rest, key, finite)
            cards.append(card)
        return tuple(cards)

    @property
    def deck_size(self) -> int | None:
        """Undrawn main-deck cards (public), or None for draws with replacement."""
        if self.rules.main_deck != "finite40":
            return None
        return len(FULL_DECK) - main_count(self._tab)

    def _repr_details(self) -> str:
        seats = []
        for seat in (0, 1):
            cards = ",".join(_placed_text(p) for p in self._tab[seat])
            stand = " stands" if self._std[seat] else ""
            seats.append(f"seat {seat} {self._tot[seat]} [{cards}]{stand}")
        sets = f"{self._sets[0]}:{self._sets[1]}"
        return f"set {self._setup[1]} (sets {sets}), {', '.join(seats)}"

    # -- a turn: legal moves and playing a move ------------------------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move: hand cards (by card, then sign), then ``end`` and ``stand``."""
        seat = self._turn
        if seat is None:
            return []
        if self._played is not None:
            return list(TAIL)
        hand = self._hands[seat]
        moves = _cached_moves(hand)
        if moves is None:
            moves = hand_moves(hand)
        return list(moves)

    def legal_moves_count(self) -> int:
        """``len(self.legal_moves())``, cheaper."""
        return len(self.legal_moves())

    def random_move(self, rng: Rng | random.Random) -> Move:
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

        ``rng`` may also be a standard-library ``random.Random`` (its ``randrange`` draws the
        index, see :func:`cardwidgets.cards.as_rng`); any other object raises
        :class:`cardwidgets.cards.RngError`.

        >>> import random
        >>> moves = state.legal_moves()
        >>> state.random_move(random.Random(1)) == moves[random.Random(1).randrange(len(moves))]
        True
        """
        if rng.__class__ is not Rng:  # the benchmarked path pays one class test only
            rng = as_rng(rng)
        seat = self._turn
        if seat is None:
            raise IllegalMove("move.game_over")
        if self._played is not None:
            return TAIL[rng.below(2)]  # a hand card is down: only end or stand
        hand = self._hands[seat]
        moves = _cached_moves(hand)
        if moves is None:
            moves = hand_moves(hand)
        return moves[rng.below(len(moves))]

    def play(self, move: Move | str, *, seat: int | None = None) -> State:
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
        # exact-class tests: the fastest dispatch, and mypy narrows the move by them
        if move.__class__ is EndTurn or move.__class__ is Stand:
            std = self._std
            # by class, not identity: a Stand() made anew is the same move as STAND (Z-S11)
            if move.__class__ is Stand:
                std = (True, std[1]) if turn == 0 else (std[0], True)
            if self._tot[turn] <= TARGET and not (std[0] and std[1]):
                return _next_turn(self, move, std, turn if std[1 - turn] else 1 - turn)
            new = _copy(self, move)
            new._std = std
            _end_turn(new, turn)
        elif move.__class__ is PlayCard:
            new = _copy(self, move)
            card = move.card
            value = card.options.get(move.sign)
            if (
                value is not None
                and not card.is_gold
                and self._played is None
                and card in self._hands[turn]
            ):
                _place(new, turn, card, value)  # a legal plain card: nothing more to check
            else:
                _play_card(self, new, turn, move)
        else:
            raise core.not_a_move(move)
        return new

    def play_drawing(self, move: Move | str, card: int | str) -> State:
        """The state after ``move`` (``end`` or ``stand``) when the next main-deck draw is
        ``card``: what :meth:`play` gives when ``card`` lies on top of the deck. For exact
        searches over each possible draw (:mod:`cardwidgets.bots.endings`), without building
        a position anew (:meth:`from_position` checks everything and costs a thousand times
        more). A move that ends the set draws no card: then ``card`` is not used.

        >>> state = State.from_position(hands=["+1", ""], deck=[5], tables=([10], [10, 9]),
        ...     standing=(False, True), seed=1)
        >>> state.play_drawing("end", 3).totals
        (18, 19)
        >>> state.play_drawing("end", 3).deck_size  # the 3 left the deck
        35

        Raises :class:`IllegalMove` for a move that is not ``end`` or ``stand`` (or once the
        match is over), :class:`PositionError` for a card that is not a main-deck value or not
        left in the 40-card deck (Z-D2).
        """
        turn = self._turn
        if turn is None:
            raise IllegalMove("move.game_over")
        if move.__class__ is str:
            move = Move.parse(move)
        if move.__class__ is not EndTurn and move.__class__ is not Stand:
            raise IllegalMove("pazaak.draw_needs_end", move=quoted(str(move)))
        value = _main_card(card)
        top, rest = self._top, self._rest
        if self.rules.main_deck == "finite40":  # take the card out of the deck (Z-D2)
            if value in top:
                i = top.index(value)
                top = top[:i] + top[i + 1 :]
            elif value in rest:
                rest = rest.replace(ONE_BYTE[value], b"", 1)  # the unseen cards stay sorted
            else:
                used = sum(1 for seat in self._tab for src, _ in seat if src == value)
                raise PositionError("pazaak.pos_too_many", value=value, count=used + 1)
        twin = _copy(self, None)  # self with ``value`` on top of the deck
        twin.parent, twin.last_move, twin._ply = self.parent, self.last_move, self._ply
        twin._played, twin._start = self._played, self._start
        twin._top, twin._rest = (value, *top), rest
        new = twin.play(move)
        new.parent = self
        return new

    def _not_turn_error(self, seat: int) -> IllegalMove:
        name = seat_name(seat)
        if self._std[seat]:
            tab = self._tab[seat]
            if len(tab) >= MAX_CARDS:
                return IllegalMove("pazaak.nine_cards", player=name)
            if self._tot[seat] == TARGET:
                return IllegalMove("pazaak.auto_stood", player=name)
            return IllegalMove("pazaak.stood", player=name)
        return IllegalMove("pazaak.not_your_turn", to_move=seat_name(self._turn or 0), player=name)

    def card_effect(
        self, card: SideCard | str, sign: int | None = None, seat: int | None = None
    ) -> CardEffect:
        """What playing ``card`` declared as ``sign`` would do to ``seat``'s table now (default
        the player to move), without playing it: the value it takes, the total it makes, and
        the placed cards it acts on (Z-D9: D copies the card placed before it; a Flip turns the
        sign of its owner's cards worth ±2/±4 or ±3/±6 and is worth 0). A preview: whose turn
        it is and whether the card is in the hand are not asked.

        >>> state = State.from_position(hands=["2&4 D", ""], deck=[4, 5],
        ...     tables=([2, "+3"], [7]), rules=Rules.kotor2(), seed=0)
        >>> state.placed[0]
        ((2, 2), (SideCard('+3'), 3), (4, 4))
        >>> state.card_effect("2&4")  # the 2 and the 4 turn: 9 becomes -2 - 4 + 3
        CardEffect(value=0, total=-3, targets=(0, 2))
        >>> state.card_effect("D")  # D copies the 4 just drawn
        CardEffect(value=4, total=13, targets=(2,))
        >>> state.card_effect("±4", -1).total, state.card_effect("+1", seat=1).total
        (5, 8)
        >>> state.card_effect("±4")
        Traceback (most recent call last):
        ...
        cardwidgets.core.IllegalMove: ±4 needs a declared value before it is played: choose +4, -4

        Raises :class:`IllegalMove` for a sign the card does not take (Z-S9), for D on an empty
        table, and without ``seat`` once the match is over.
        """
        if seat is None:
            seat = self._turn
            if seat is None:
                raise IllegalMove("move.game_over")
        seat = check_seat(seat)
        move = PlayCard(SideCard.parse(card), sign)  # reads and normalizes the sign
        return _card_effect(self._tab[seat], move.card, _declared_value(move))

    # -- the end of a set ----------------------------------------------------------------------
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
    def last_set_placed(self) -> Tables | None:
        """Each seat's placed cards (source and value) when the previous set ended, or None:
        the tables of :attr:`last_set` with their cards, values as a Flip left them (Z-D9).

        >>> state = State.from_position(hands=["", "+3"], deck=[9, 5], tables=([10], [8]),
        ...     standing=(True, False), to_move=1, seed=0)
        >>> state = state.play("play +3").play("stand")  # 8 + 9 + 3 = 20 beats 10
        >>> state.last_set[:2], state.last_set_placed[1]
        ((1, 'higher'), ((8, 8), (9, 9), (SideCard('+3'), 3)))
        """
        last = self._last
        return None if last is None else last[2]

    # -- what a seat sees ----------------------------------------------------------------------
    def view(self, seat: int | None = None) -> PazaakView:
        """What ``seat`` may see: both tables and totals, its own hand, the opponent's hand
        size, who stands, the set score and the deck size; never the deck order or the
        opponent's hand. ``seat=None`` is the public table view. Typed fields, and as a dict
        the JSON form (:class:`PazaakView`).

        >>> state = State.from_position(hands=["+3 -4", "-1 ±6"], deck=[8], seed=1)
        >>> view = state.view(0)
        >>> view.hand, view["hand"], view.totals, view["hand_sizes"]
        ((SideCard('+3'), SideCard('-4')), ['+3', '-4'], (8, 0), [2, 2])
        """
        if seat is not None:
            check_seat(seat)
        mine = seat is not None and seat == self._turn
        return PazaakView(
            seat=seat,
            to_move=self._turn,
            set_number=self._setup[1],
            starter=self._setup[0],
            sets_won=self._sets,
            totals=self._tot,
            standing=self._std,
            placed=self._tab,
            hand=None if seat is None else self._hands[seat],
            hand_sizes=(len(self._hands[0]), len(self._hands[1])),
            used=self._used,
            played_this_turn=self._played,
            deck_size=self.deck_size,
            last_set=self.last_set,
            legal_moves=tuple(self.legal_moves()) if mine else (),
            is_over=self.is_over,
            outcome=self.outcome,
        )

    def determinize(self, seat: int, rng: Rng) -> State:
        """A fresh root consistent with what ``seat`` knows, hidden cards resampled by ``rng``.

        Side decks are private, so the opponent's unplayed hand cards are drawn (keeping their
        number) from :func:`default_side_deck` minus the cards he has already played this match;
        the main-deck order is reshuffled from the cards not on the tables.
        """
        check_seat(seat)
        other = 1 - seat
        guess = _guess_hand(self._used[other], len(self._hands[other]), self.rules, rng)
        hands = list(self._hands)
        hands[other] = tuple(sorted(guess, key=CODE))
        rest = bytes(unseen(self._tab)) if self.rules.main_deck == "finite40" else b""
        new = _copy(self, None)
        new.parent, new._played = None, self._played  # a hand card played this turn stays played
        new._hands = (hands[0], hands[1])
        new._top, new._rest, new._key = (), rest, rng.next64()
        new._start = None
        return new


# -- setting up: the states a match starts from ------------------------------------------------


def new_game(
    seed: int | str | None = None,
    rules: Rules | None = None,
    side_decks: Sequence[Iterable[SideCard | str] | str | None] | None = None,
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
    rules = check_rules(rules)
    seed = fresh_seed() if seed is None else check_seed(seed)
    if side_decks is None:  # the commonest call (every playout starts here): no list
        deck = default_side_deck(rules)
        checked = (deck, deck)
    else:
        checked = checked_side_decks(side_decks, rules)
    rng = Rng(seed)
    size = rules.hand_size
    hands = (draw_hand(rng, checked[0], size), draw_hand(rng, checked[1], size))
    first = starter
    while first is None:  # Z-D3: one main-deck card each, redraw on equal cards
        # rules.draw_two and rules.first_starter, inlined: new_game starts every playout
        i, j = divmod(rng.below(40 * 39), 39)
        a, b = FULL_DECK[i], FULL_DECK[j + (j >= i)]
        if a != b:
            first = 0 if a > b else 1
    first = check_seat(first)
    pos = Position(
        hands=hands,
        used=((), ()),
        tables=((), ()),
        totals=(0, 0),
        standing=(False, False),
        sets_won=(0, 0),
        to_move=first,
        over=False,
        top=(),
        unseen=FULL_BYTES if rules.main_deck == "finite40" else b"",
        set_number=1,
        starter=first,
        played=None,
    )
    start = {"seed": seed, "side_decks": checked, "starter": starter}
    state = _root(pos, rules, rng.next64(), start)
    _start_turn(state, first)
    return state


def _make_position(pos: Position, rules: Rules, key: int, draw: bool) -> State:
    """The state of a position checked by :func:`check_position` (from
    :meth:`State.from_position` or a record); ``draw`` performs ``to_move``'s automatic draw."""
    state = _root(pos, rules, key & MASK64, None)
    if draw:
        # the record keeps the position before the automatic draw; replaying draws again
        state._start = _record_start(state)
        state._start["draw"] = True
        _start_turn(state, pos.to_move)
    return state


def _root(pos: Position, rules: Rules, key: int, start: dict[str, Any] | None) -> State:
    """A state without parent or move holding the checked position ``pos``: the one piece
    :func:`new_game` and :func:`_make_position` build their states with. ``key`` seeds the
    draws below ``pos.top``; ``start`` is how :func:`new_game` made it (None: a position,
    recorded as one)."""
    state = _new_state(State)
    state.rules = rules
    state.parent = None
    state.last_move = None
    state._ply = 0
    state._tab = pos.tables
    state._tot = pos.totals
    state._hands = pos.hands
    state._std = pos.standing
    state._sets = pos.sets_won
    state._turn = None if pos.over else pos.to_move
    state.is_over = pos.over
    state._played = pos.played
    state._top = pos.top
    state._rest = pos.unseen
    state._key = key
    state._setup = (pos.starter, pos.set_number)
    state._used = pos.used
    state._last = None
    state._start = start
    return state


# -- position codes and records: a record's start ----------------------------------------------


def from_record(record: Mapping[str, Any] | str) -> State:
    """Replay a record written by :meth:`State.to_record` (a dict or its JSON text)."""
    return State.from_record(record)


POSITION_FIELDS: Final = (*FIELDS[:-1], "played_this_turn")
"""The fields of a position in a record (see :func:`_record_start`): a code's fields, in its
order, the last named as :meth:`State.from_position` names it."""


def _record_start(state: State) -> dict[str, Any]:
    """The ``start`` of ``state``'s record: how :func:`new_game` made it, or its position."""
    if state._start is not None:
        start = dict(state._start)
        if "side_decks" in start:  # kept as cards, written as text only when asked
            start["side_decks"] = [[str(c) for c in deck] for deck in start["side_decks"]]
        return start
    return {
        "position": {
            "hands": [[str(c) for c in h] for h in state._hands],
            "deck": list(state._top),
            "tables": [[_placed_record(p) for p in tab] for tab in state._tab],
            "to_move": state._turn,
            "standing": list(state._std),
            "sets_won": list(state._sets),
            "set_number": state._setup[1],
            "starter": state._setup[0],
            "used": [[str(c) for c in used] for used in state._used],
            "played_this_turn": None if state._played is None else str(state._played),
        },
        "key": state._key,
        "draw": False,
    }


def _state_from_start(start: Mapping[str, Any], rules: Rules) -> State:
    """The state a record's ``start`` describes, every field checked."""
    if "position" not in start:
        _known_fields(start, ("seed", "side_decks", "starter"))
        seed = check_seed(_field(start, "seed"))
        return new_game(
            seed, rules, side_decks=start.get("side_decks"), starter=start.get("starter")
        )
    _known_fields(start, ("position", "key", "draw"))
    pos = start["position"]
    if not isinstance(pos, Mapping):
        raise IllegalMove("record.not_object", kind=type(pos).__name__)
    _known_fields(pos, POSITION_FIELDS)
    key = _field(start, "key")
    if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key <= MASK64:
        reason = IllegalMove("pazaak.pos_key", key=i18n.shown(key))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    draw = start.get("draw", False)
    if not isinstance(draw, bool):
        reason = IllegalMove("pazaak.pos_not_bool", field="draw", value=i18n.shown(draw))
        raise IllegalMove("pazaak.bad_position", reason=reason)
    checked = check_position(
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
        draw=draw,
    )
    return _make_position(checked, rules, key, draw)


def _placed_record(p: Placed) -> object:
    src, value = p
    if isinstance(src, int):
        return src if src == value else [src, value]
    return [str(src), value]


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


# -- a turn: the steps of State.play (Z-D5): the draw, forced stands, the turn's end -----------


def _copy(state: State, move: Move | None) -> State:
    """A child of ``state`` with the same attributes, to be changed by the slow steps."""
    new = object.__new__(state.__class__)
    new.rules = state.rules
    new.parent = state
    new.last_move = move
    new._ply = 0 if move is None else state._ply + 1  # None: a determinized copy, a root
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


def _next_turn(self: State, move: Move, std: tuple[bool, bool], seat: int) -> State:
    """The hot path of ``end`` and ``stand`` when the set goes on (most moves): the turn
    passes to ``seat``, who draws; :func:`_copy`, :func:`_end_turn` and :func:`_start_turn` in
    one, every attribute stored once."""
    top = self._top
    rest = self._rest
    key = self._key
    if top:
        card = top[0]
        top = top[1:]
    else:
        # the draw of start_turn, inlined: this is the draw of most turns
        z = (key + GAMMA) & MASK
        old, key = key, z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        if rest:
            n = len(rest)
            j = z % n if z < LIMITS[n] else Rng(old).below(n)
            card = rest[j]
            rest = rest.replace(ONE_BYTE[card], b"", 1)  # the unseen cards stay sorted
        elif self.rules.main_deck == "finite40":
            raise IllegalMove("pazaak.pos_deck_short", player=seat_name(seat))
        else:
            card = 1 + (z % 10 if z < LIMITS[10] else Rng(old).below(10))
    tab = self._tab
    tot = self._tot
    mine = tab[seat] + MAIN1[card]
    total = tot[seat] + card
    if seat == 0:
        tab = (mine, tab[1])
        tot = (total, tot[1])
    else:
        tab = (tab[0], mine)
        tot = (tot[0], total)
    new = _new_state(State)
    new.rules = self.rules
    new.parent = self
    new.last_move = move
    new._ply = self._ply + 1
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
        z = new._key = (key + GAMMA) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        rest = new._rest  # empty under uniform_with_replacement
        if rest:
            n = len(rest)
            j = z % n if z < LIMITS[n] else Rng(key).below(n)
            card = rest[j]
            new._rest = rest.replace(ONE_BYTE[card], b"", 1)
        elif new.rules.main_deck == "finite40":
            raise IllegalMove("pazaak.pos_deck_short", player=seat_name(seat))
        else:
            card = 1 + (z % 10 if z < LIMITS[10] else Rng(key).below(10))
    tab = new._tab
    tot = new._tot
    mine = tab[seat] + MAIN1[card]
    total = tot[seat] + card
    if seat == 0:
        new._tab = (mine, tab[1])
        new._tot = (total, tot[1])
    else:
        new._tab = (tab[0], mine)
        new._tot = (tot[0], total)
    new._turn = seat
    new._played = None
    if total == TARGET or len(mine) >= MAX_CARDS:
        _forced_stand(new, seat, len(mine), total)


def _forced_stand(new: State, seat: int, count: int, total: int) -> None:
    """What 20 or nine cards force (:func:`.rules.after_placing`, the nine-card rule, inlined:
    every state-API set passes here): a win of the set under ``fill_table_wins`` (Z-D1,
    checked before the stand at 20), else a stand (Z-S12, Z-S13, Z-D6)."""
    if count >= MAX_CARDS and total <= TARGET and new.rules.fill_table_wins:  # inlined
        _end_set(new, seat, "fill")
        return
    new._std = (True, new._std[1]) if seat == 0 else (new._std[0], True)
    _end_turn(new, seat)


def _end_turn(new: State, seat: int) -> None:
    """Z-D4, Z-D7 (:func:`.rules.set_end`): bust check, set end, or the next turn."""
    tot = new._tot
    if tot[seat] > TARGET:
        _end_set(new, 1 - seat, "bust")
        return
    std = new._std
    if std[0] and std[1]:
        # Z-D7 as the fast playout decides it; the reason says which part of it did
        winner = both_stand(tot, new._tab)
        if winner == TIE:
            _end_set(new, None, "tie")
        else:
            _end_set(new, winner, "higher" if tot[0] != tot[1] else "tiebreaker")
        return
    other = 1 - seat
    _start_turn(new, seat if std[other] else other)


# -- a turn: a hand card (Z-D5 step 4; Z-S8, Z-S9, Z-D1, Z-D6, Z-D9) ----------------------------


def _play_card(old: State, new: State, seat: int, move: PlayCard) -> None:
    """Z-D5 step 4: one hand card, checked and refused with the reason, then auto-stand /
    nine cards apply again."""
    card = move.card
    value = _checked_value(old, seat, move)
    if card.is_gold:
        value = _gold_effect(new, seat, card, value)
    _place(new, seat, card, value)


def _place(new: State, seat: int, card: SideCard, value: int) -> None:
    """The hand card ``card`` (in ``seat``'s hand, checked) goes on his table as ``value``;
    then auto-stand / nine cards apply again (Z-D6, Z-D1)."""
    hands = new._hands
    used = new._used
    tab = new._tab
    tot = new._tot
    hand = hands[seat]
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]
    mine = tab[seat] + ((card, value),)
    total = tot[seat] + value
    if seat == 0:
        new._hands = (hand, hands[1])
        new._used = (used[0] + (card,), used[1])
        new._tab = (mine, tab[1])
        new._tot = (total, tot[1])
    else:
        new._hands = (hands[0], hand)
        new._used = (used[0], used[1] + (card,))
        new._tab = (tab[0], mine)
        new._tot = (tot[0], total)
    if total == TARGET or len(mine) >= MAX_CARDS:
        _forced_stand(new, seat, len(mine), total)
    else:
        new._played = card


def _checked_value(old: State, seat: int, move: PlayCard) -> int:
    """The value ``move`` declares, or the refusal: a second card this turn (Z-S8), a card
    not in the hand, a missing or wrong sign (Z-S9)."""
    card = move.card
    if old._played is not None:
        raise IllegalMove("pazaak.second_card", card=old._played)
    hand = old._hands[seat]
    if card not in hand:
        held: object = " ".join(map(str, hand)) or i18n.TranslatedError("pazaak.empty_hand")
        raise IllegalMove("pazaak.not_in_hand", card=card, player=seat_name(seat), hand=held)
    value = card.options.get(move.sign)
    return value if value is not None else _declared_value(move)


def _declared_value(move: PlayCard) -> int:
    """The value ``move`` declares for its card, or the refusal: a missing or wrong sign
    (Z-S9)."""
    card = move.card
    value = card.options.get(move.sign)
    if value is not None:
        return value
    if move.sign is None:
        raise IllegalMove("pazaak.needs_sign", card=card, options=options_text(card))
    if card.needs_sign:
        raise IllegalMove(
            "pazaak.wrong_sign", card=card, value=signed(move.sign), options=options_text(card)
        )
    wrong = move.sign * card.size if move.sign in (1, -1) and card.size else move.sign
    raise IllegalMove("pazaak.fixed_sign", card=card, value=signed(wrong))


def _card_effect(mine: tuple[Placed, ...], card: SideCard, value: int) -> CardEffect:
    """What ``card``, declared as ``value``, does to the table ``mine`` (Z-D9), by the plain
    rules (:func:`.rules.placed_value`, :func:`.rules.flip`)."""
    if card is DOUBLE:
        if not mine:
            raise IllegalMove("pazaak.double_empty")
        targets: tuple[int, ...] = (len(mine) - 1,)
    elif card.kind in plain.FLIPS:
        turned = plain.FLIPS[card.kind]
        targets = tuple(i for i, (_, v) in enumerate(mine) if abs(v) in turned)
        mine = plain.flip(mine, card.kind)
    else:
        targets = ()
    value = plain.placed_value(card.kind, value, mine)
    return CardEffect(value, plain.total(mine) + value, targets)


def _gold_effect(new: State, seat: int, card: SideCard, value: int) -> int:
    """Z-D9: D copies the previous card's value; a Flip changes the sign of own ±2/±4
    (±3/±6) cards already placed and is itself worth 0 (:func:`.rules.placed_value`,
    :func:`.rules.flip`)."""
    mine = new._tab[seat]
    if card is DOUBLE and not mine:
        raise IllegalMove("pazaak.double_empty")
    if card.kind in plain.FLIPS:
        table = plain.flip(mine, card.kind)
        total = plain.total(table)
        new._tab = (table, new._tab[1]) if seat == 0 else (new._tab[0], table)
        new._tot = (total, new._tot[1]) if seat == 0 else (new._tot[0], total)
    return plain.placed_value(card.kind, value, mine)


def _placed_text(p: Placed) -> str:
    """A placed card in a ``repr``: ``7``, ``4→-4`` (flipped), ``+3``, ``±4(-4)``."""
    src, value = p
    if isinstance(src, int):
        return str(value) if value == src else f"{src}→{value}"
    if src.needs_sign or src is DOUBLE or src.options.get(None) != value:
        return f"{src}({signed(value)})"
    return str(src)


# -- the end of a set: the next set or the end of the match (Z-S2, Z-S16, Z-D2, Z-D3) ----------


def _end_set(new: State, winner: int | None, reason: str) -> None:
    """The set is over: score it (Z-S16, Z-S2), and start the next one with the other starter
    (Z-D3) on a fresh deck (Z-D2)."""
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
    starter, number = new._setup
    starter = 1 - starter
    new._setup = (starter, number + 1)
    new._std = (False, False)
    new._top = ()
    # the starter's first draw (start_turn on a fresh deck and empty tables, inlined: one
    # card cannot make 20 or nine cards, so nothing is forced)
    key = new._key
    z = new._key = (key + GAMMA) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    if new.rules.main_deck == "finite40":
        j = z % 40 if z < LIMITS[40] else Rng(key).below(40)
        card = FULL_DECK[j]
        new._rest = FULL_WITHOUT[j]
    else:
        card = 1 + (z % 10 if z < LIMITS[10] else Rng(key).below(10))
        new._rest = b""
    new._tab = (MAIN1[card], ()) if starter == 0 else ((), MAIN1[card])
    new._tot = (card, 0) if starter == 0 else (0, card)
    new._turn = starter
    new._played = None


# -- fast playouts -----------------------------------------------------------------------------


def playout(state: State, rng: Rng) -> Outcome:
    """Play uniformly random legal moves from ``state`` to the end of the match, fast.

    The same rules and the same random choices as the loop
    ``state = state.play(moves[rng.below(len(moves))])`` with ``moves = state.legal_moves()``
    (the tests check that they agree move for move), but on plain lists, without making a
    state per move: for bot rollouts and simulations.

    >>> playout(new_game(seed=1), Rng(2)) == playout(new_game(seed=1), Rng(2))
    True
    """
    below = rng.below
    return _played_out(state, (below, below)).outcome


class PlayedOut(NamedTuple):
    """The end of :func:`played_out`: what a row of the lab reads of a finished match."""

    outcome: Outcome
    sets_won: tuple[int, int]
    set_number: int
    """The number of the match's last set (ties count), as :attr:`State.set_number` ends."""


class SeatDraws(Protocol):
    """What :func:`played_out` draws from (:class:`cardwidgets.bots.player.SeatDraws`)."""

    @property
    def draws(self) -> tuple[Callable[[int], int], Callable[[int], int]]:
        """Per seat: the index of the move it picks among ``n``, one call per move."""


def played_out(state: State, players: SeatDraws) -> PlayedOut:
    """The random match from ``state`` to its end on the lists of :func:`._fast.play_out`,
    seat ``s`` picking move ``players.draws[s](n)`` of the ``n`` legal moves of each decision
    (in the order of :meth:`State.legal_moves`, as :meth:`State.random_move` picks): the same
    match as ``state.play(state.random_move(...))`` with those draws, without a state per move.

    >>> from types import SimpleNamespace
    >>> rng = Rng(4)
    >>> end = played_out(new_game(seed=2), SimpleNamespace(draws=(rng.below, rng.below)))
    >>> end.outcome == playout(new_game(seed=2), Rng(4))
    True
    """
    return _played_out(state, players.draws)


def _played_out(
    state: State, belows: tuple[Callable[[int], int], Callable[[int], int]]
) -> PlayedOut:
    if state._turn is None:
        outcome = state.outcome
        assert outcome is not None
        return PlayedOut(outcome, state._sets, state._setup[1])
    rules = state.rules
    tab = [list(state._tab[0]), list(state._tab[1])]
    lists = (tab, list(state._tot), list(state._hands), list(state._std), list(state._rest))
    sets = [*state._sets, 0]  # sets won by each seat, and ties: sets[TIE] counts them
    start = (sets, state._setup[0], state._turn, state._played is not None, state._top)
    deck = (state._key, rules.main_deck == "finite40")
    outcome = play_out(lists, (*start, *deck), belows, rules.fill_table_wins, rules.sets_to_win)
    ended = sum(sets) - state._sets[0] - state._sets[1]  # the sets ended here, ties too
    return PlayedOut(outcome, (sets[0], sets[1]), state._setup[1] + ended - 1)


# State says it lives in the package (``__module__``), where doctest finds its class examples;
# it looks for the methods' examples only in this module, so list them here.
__test__ = {
    "State.random_move": State.random_move,
    "State.view": State.view,
    "State.card_effect": State.card_effect,
    "State.last_set_placed": vars(State)["last_set_placed"].fget,
}
