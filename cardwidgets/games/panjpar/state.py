"""The Panjpar position: :class:`State`, immutable, and everything that makes one.

This room is the only one that writes a state's slots, so everything that does is here, in the
order of the game: setting up (the checks of :meth:`State.from_position`'s arguments,
:func:`checked_position`; the trump guess; a record's start), position codes
(:func:`position_fields`) and the views; then the state: given positions, codes and records,
the position as it stands, a turn (the legal moves; the attack sizes, the cards that extend an
attack and those that beat one; :meth:`State.play`), the end of a battle (the refill and the
end of the game), what a seat sees (:meth:`State.view` fills a :class:`PanjparView`;
:meth:`State.determinize`) and the fast playouts; then the deal of a new game
(:func:`new_game`), why a move is illegal (:func:`check_attack`, :func:`check_defence`: which
rule it breaks, in the reader's language) and :func:`played_out`.

A state holds the whole table as engine ints (hands and the attack as card masks, the stock as
one tuple shared by every state of a game plus a position, see :mod:`.deck`), so
:meth:`State.play` copies nothing big. States use ``__slots__`` and are built by slot stores;
``is_over`` is a plain attribute set when a state is made. The rules it follows are those of
:mod:`.rules`; its legal moves, counts and random draws come from :mod:`._fast` (on the ints it
passes), its moves from :mod:`.moves`.

Trade-offs: the hot path (``state.play(state.random_move(rng))``) draws and plays inline on the
ints, trusts a move this very state generated (``_issued``), and checks an engine-made move
(it carries its mask or code) by mask arithmetic; only a typed move is parsed and checked
with worded reasons. So this module is long: one idea, the position and its changes, in one
place.

>>> state = State.from_position(["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦")
>>> state = state.play("attack 7♥ 7♣ 9♦").play("kill 7♥ with 9♥, pick up 7♣ 9♦")
>>> state.attacker, [len(h) for h in state.hands], state.discard
(0, [4, 6], (Card('9♥'), Card('7♥')))

>>> from cardwidgets.games.panjpar import State
>>> s = State.from_position(["7♥ 9♦", "8♣ K♠"], stock="Q♥ J♦", trump="♦")
>>> s.code()
'P 7H9D|8CKS QHJD D 0 - - -|-'
>>> s.code(0)
'P0 7H9D|2? *JD D 0 - - -|-'

>>> from cardwidgets.games import panjpar
>>> view = panjpar.new_game(seed=5, guess="red").view(0)
>>> view.trump_card, view["trump_card"], view.hand_sizes, "stock_count" in view
(Card('9♣'), '9♣', (5, 5), False)
>>> view["hand"] = []
Traceback (most recent call last):
...
cardwidgets.core.ViewError: a view cannot be changed: it shows what a seat saw
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol

from cardwidgets import cards, codes, core, i18n
from cardwidgets.cards import DECK, Card, CardLike, Rng, Suit, as_rng
from cardwidgets.codes import Unseen
from cardwidgets.core import IllegalMove, Outcome, check_seat
from cardwidgets.games.panjpar import _fast
from cardwidgets.games.panjpar._fast import (
    BEATERS,
    DRAW,
    RUNNING,
    attack_fits,
    attack_moves,
    checked_code,
    max_size,
    outcome_of,
    rank_counts,
    rollout,
    sample_attack,
    sample_defence,
    shape_ok,
)
from cardwidgets.games.panjpar.deck import (
    SUIT_NAMES,
    SUITS,
    PositionError,
    cards_of,
    deal_cards,
    indices_of,
    suit_index,
)
from cardwidgets.games.panjpar.moves import (
    CODE_SHIFT,
    SINGLE_ATTACKS,
    SINGLE_DEFENCES,
    Attack,
    Defend,
    Move,
    shown_order,
    single_defence,
    single_row,
)
from cardwidgets.games.panjpar.rules import (
    SEED_RULES,
    Rules,
    allowed_attack_sizes,
    attack_extenders,
    first_attacker,
)
from cardwidgets.games.panjpar.words import count_text, player
from cardwidgets.i18n import TranslatedError

__all__ = [
    "FIELDS",
    "Position",
    "PositionError",
    "State",
    "Table",
    "cannot_beat",
    "check_attack",
    "check_defence",
    "checked_guess",
    "checked_position",
    "checked_start_position",
    "from_record",
    "new_game",
    "position_code",
    "position_fields",
]


# -- setting up: positions and their checks (State.from_position, the trump guess, a record's start)
# Everything here refuses bad input with a PositionError that says what is wrong, in the
# reader's language; a checked position comes out as engine ints (Position).


_GUESSES = {"red": "red", "black": "black", "rot": "red", "schwarz": "black"}


def checked_guess(guess: object) -> str:
    """``"red"`` or ``"black"`` (German ``rot``/``schwarz`` too): the trump guess (P-D1)."""
    if not isinstance(guess, str) or guess.strip().lower() not in _GUESSES:
        raise PositionError("panjpar.bad_guess", guess=i18n.shown(guess))
    return _GUESSES[guess.strip().lower()]


def _pattern(mask: int) -> str:
    return "-".join(card.rank.text for card in shown_order(cards_of(mask)))


def _shape_error(bits: int) -> IllegalMove:
    """Why the attack ``bits`` has no valid shape (P-D3), in words."""
    size = bits.bit_count()
    if size not in (1, 3, 5):
        return IllegalMove("panjpar.attack_size", count=size)
    pattern = _pattern(bits)
    if size == 3:
        return IllegalMove("panjpar.shape3", pattern=pattern)
    pairs = sum(c // 2 for c in rank_counts(bits))
    return IllegalMove("panjpar.shape5_one" if pairs else "panjpar.shape5_none", pattern=pattern)


@dataclasses.dataclass(frozen=True)
class Position:
    """A checked position as engine ints: card masks, card-index tuples, seat numbers."""

    hands: tuple[int, int]
    known: tuple[int, int]
    stock: tuple[int, ...]
    trump: int
    indicator: int
    attacker: int
    attack: int
    discard: tuple[int, ...]


def checked_position(
    hands: Sequence[Iterable[CardLike] | str],
    stock: Iterable[CardLike] | str,
    trump: Suit | str | Card,
    attacker: int,
    attack: Iterable[CardLike] | str = (),
    discard: Iterable[CardLike] | str = (),
    known: Sequence[Iterable[CardLike] | str] = ((), ()),
) -> Position:
    """The arguments of :meth:`State.from_position`, checked (see there)."""
    if isinstance(hands, str) or not isinstance(hands, Sequence) or len(hands) != 2:
        raise PositionError("panjpar.pos_hands")
    # A card twice is a fault of the position (checked across all of it below), as in Tablić.
    hand_cards = [cards.to_cards(h, distinct=False) for h in hands]
    stock_cards = cards.to_cards(stock, distinct=False)
    attack_cards = cards.to_cards(attack, distinct=False)
    discard_cards = cards.to_cards(discard, distinct=False)
    _check_distinct((*hand_cards[0], *hand_cards[1], *stock_cards, *attack_cards, *discard_cards))
    trump_index, indicator = _trump_of(trump, stock_cards)
    attacker = check_seat(attacker)
    hand_masks = (cards.mask(hand_cards[0]), cards.mask(hand_cards[1]))
    known_masks = _known_of(known, hand_masks, indicator if not stock_cards else -1)
    attack_mask = cards.mask(attack_cards)
    if attack_cards and not shape_ok(attack_mask):
        raise PositionError("panjpar.pos_attack", reason=_shape_error(attack_mask))
    _check_table(hand_masks, bool(stock_cards), attacker, len(attack_cards))
    return Position(
        hand_masks,
        known_masks,
        tuple(c.index for c in stock_cards),
        trump_index,
        indicator,
        attacker,
        attack_mask,
        tuple(c.index for c in reversed(discard_cards)),
    )


def _check_table(hands: tuple[int, int], stock_left: bool, attacker: int, thrown: int) -> None:
    """Refuse a battle the rules never reach: an attack on the table with more cards than the
    defender holds (P-D4, P-S23), or, while the stock lasts, a defender without cards to be
    attacked (P-S17: both draw up before every battle; the attacker's case is checked with
    the end of the game, in ``State.from_position``)."""
    defender = 1 - attacker
    held = hands[defender].bit_count()
    if thrown > held:
        raise PositionError(
            "panjpar.pos_attack_limit", count=thrown, player=player(defender), held=count_text(held)
        )
    if stock_left and not thrown and not held:
        raise PositionError("panjpar.pos_defender_no_cards", player=player(defender))


def _check_distinct(every: Iterable[Card]) -> None:
    seen: set[Card] = set()
    for card in every:
        if card in seen:
            raise PositionError("panjpar.pos_twice", card=card)
        seen.add(card)


def _trump_of(trump: Suit | str | Card, stock: tuple[Card, ...]) -> tuple[int, int]:
    """(trump suit index, indicator card index or -1): the stock's last card is the face-up
    indicator (P-S4), so it must be of the trump suit (and be the trump card, if given)."""
    if isinstance(trump, str) and trump.strip().upper() not in SUIT_NAMES:
        try:
            trump = cards.parse(trump)
        except TranslatedError as err:
            raise PositionError("panjpar.bad_trump", trump=i18n.shown(trump)) from err
    trump_index = suit_index(trump)
    indicator = trump.index if isinstance(trump, Card) else -1
    if stock:
        last = stock[-1]
        if last.suit.order != trump_index or (indicator >= 0 and indicator != last.index):
            raise PositionError("panjpar.pos_indicator", card=last, suit=last.suit, trump=trump)
        indicator = last.index
    return trump_index, indicator


def _known_of(
    known: Sequence[Iterable[CardLike] | str], hands: tuple[int, int], drawn: int
) -> tuple[int, int]:
    """Per seat, the hand cards both players saw go there; ``drawn``, the indicator once the
    stock is gone (or -1), is public wherever it is."""
    if isinstance(known, str) or not isinstance(known, Sequence) or len(known) != 2:
        raise PositionError("panjpar.pos_known_lists")
    masks = [0, 0]
    for seat in (0, 1):
        for card in cards.to_cards(known[seat]):
            if not hands[seat] >> card.index & 1:
                raise PositionError("panjpar.pos_known", card=card, player=player(seat))
            masks[seat] |= card.bit
        if drawn >= 0 and hands[seat] >> drawn & 1:
            masks[seat] |= 1 << drawn  # the drawn indicator is public
    return masks[0], masks[1]


_POSITION_FIELDS = ("hands", "stock", "trump", "attacker", "attack", "discard", "known")
"""The fields of a position in a record: the arguments of :meth:`State.from_position`."""


_SEED_FIELDS = ("seed", "dealer", "guesser", "guess")
"""The fields of a dealt game's start in a record: the arguments of :func:`new_game`."""


def _known_fields(fields: Iterable[object], known: Sequence[str]) -> None:
    """Refuse a record field that is not one of ``known``, naming the known ones."""
    for key in fields:
        if key not in known:
            raise PositionError(
                "panjpar.start_unknown", field=i18n.shown(key), fields=", ".join(known)
            )


def checked_start_position(start: Mapping[str, Any]) -> Mapping[str, Any]:
    """The position fields of a record's start that has no seed, checked by name."""
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
    return pos


# -- position codes and records ----------------------------------------------------------------
# Panjpar position codes: :meth:`State.code` writes one, :meth:`State.from_code` reads it.
#
# A code is ``P`` (or ``P0``/``P1``: what that seat sees) and seven fields, separated by
# spaces: the hands ``first|second``, the stock (top first; its last card is the face-up trump
# indicator), the trump suit (``S H D C``), the attacker, the attack in progress, the discard
# (top first) and the known cards ``first|second`` (hand cards both players saw go there).
# Cards are two letters (``TD`` is 10♦) and ``-`` is an empty list.
#
# A seat's code writes the other hand as its known cards and ``4?`` (four unseen cards), the
# stock as ``*`` and the indicator (how many cards lie face down is hidden), and the discard
# as its top card and ``*`` (only the top is shown). Read back, the unseen cards are dealt from
# the seed: the other hand's first, then all the rest into the stock (or, with the stock used
# up, under the discard's top card).


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


# -- what a seat sees: views -------------------------------------------------------------------
# What a seat may see of a Panjpar position (P-D9): :class:`PanjparView`.
#
# A view holds typed values (cards, seats, the outcome) and is, as a dict, their JSON form, so
# ``view.hand`` is a tuple of :class:`~cardwidgets.cards.Card` and ``view["hand"]`` a list of
# card texts. It never holds the stock count or a card of the other hand the seat did not see
# go there (P-S19, P-S20); a teacher's view (``teacher=True``) adds everything.
# :meth:`State.view <.state.State.view>` fills it; this room only holds the data and its JSON.


Hand = tuple[Card, ...]


@dataclasses.dataclass(frozen=True, eq=False)
class PanjparView(core.View):
    """One seat's view (``seat=None``: the public table), typed; its dict is the JSON form.

    ``hands``, ``stock`` and ``discard`` are None except in a teacher's view.
    """

    game: ClassVar[str] = "panjpar"

    seat: int | None
    to_move: int | None
    attacker: int
    phase: str
    """``"attack"``, ``"defend"`` (an attack is on the table) or ``"over"``."""
    trump: Suit
    trump_card: Card | None
    """The trump indicator while it lies under the stock (P-S4, P-S21)."""
    stock_empty: bool
    hand_sizes: tuple[int, int]
    hand: Hand | None
    """The seat's own hand; None in the public view."""
    known: tuple[Hand, Hand]
    """Per seat, the hand cards both players saw go there (picked up, the drawn indicator)."""
    attack: Hand
    discard_top: Card | None
    guess: tuple[int, str] | None
    """(guesser, ``"red"`` or ``"black"``): the trump guess of a dealt game (P-D1)."""
    outcome: Outcome | None
    hands: tuple[Hand, Hand] | None = None
    stock: Hand | None = None
    discard: Hand | None = None
    """The whole discard, top first (teacher only)."""

    def to_json(self) -> dict[str, Any]:
        """The view as JSON: card texts, lists, numbers (the dict this view is)."""
        result: dict[str, Any] = {
            "game": self.game,
            "seat": self.seat,
            "to_move": self.to_move,
            "attacker": self.attacker,
            "phase": self.phase,
            "trump": self.trump.value,
            "trump_card": _text(self.trump_card),
            "stock_empty": self.stock_empty,
            "hand_sizes": list(self.hand_sizes),
            "hand": None if self.hand is None else _texts(self.hand),
            "known": [_texts(k) for k in self.known],
            "attack": _texts(self.attack),
            "discard_top": _text(self.discard_top),
            "guess": None if self.guess is None else _guess_json(self.guess),
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }
        if self.hands is not None and self.stock is not None and self.discard is not None:
            result["hands"] = [_texts(h) for h in self.hands]
            result["stock"] = _texts(self.stock)
            result["stock_count"] = len(self.stock)
            result["discard"] = _texts(self.discard)
        return result


def _text(card: Card | None) -> str | None:
    return None if card is None else card.text


def _texts(hand: Hand) -> list[str]:
    return [card.text for card in hand]


def _guess_json(guess: tuple[int, str]) -> dict[str, int | str]:
    return {"guesser": guess[0], "guess": guess[1]}


# -- the state ---------------------------------------------------------------------------------


_new = object.__new__


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
    _issued: Attack | Defend
    # The last move this state generated itself (random_move, legal_move_at): a move that is
    # certainly legal here, so play() may skip re-validating it. A cache, not state.

    # Slots, not a __dict__: a state is made every ply, and slot stores and loads are about
    # twice as fast as a dict copy and dict look-ups (the hot path of play/random_move).
    __slots__ = (
        "_attack",
        "_discard",
        "_guess",
        "_hands",
        "_indicator",
        "_issued",
        "_known",
        "_ply",
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

    # -- setting up: given positions -----------------------------------------------------------
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
        state = _new(cls)
        state.rules = rules
        state.parent = None
        state.last_move = None
        state._ply = 0
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
        state._result = RUNNING
        state._issued = _NOT_ISSUED
        if not attack and not stock and (not hands[0] or not hands[1]):
            state._result = DRAW if not (hands[0] | hands[1]) else (0 if not hands[0] else 1)
        state.is_over = state._result != RUNNING
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
        anywhere are out of play. The checks are in :func:`checked_position`.

        >>> s = State.from_position(["A♠", "2♣ 3♣"], stock=(), trump="♣", attack="K♠")
        >>> s.to_move, [str(m) for m in s.legal_moves()]
        (1, ['pick up K♠', 'kill K♠ with 2♣', 'kill K♠ with 3♣'])
        """
        rules = core.check_rules(rules, Rules, "panjpar")
        pos = checked_position(hands, stock, trump, attacker, attack, discard, known)
        state = cls._make(
            rules,
            pos.hands,
            pos.known,
            pos.stock,
            pos.trump,
            pos.indicator,
            pos.attacker,
            pos.attack,
            pos.discard,
        )
        if state._result == RUNNING and not pos.attack and not pos.hands[pos.attacker]:
            raise PositionError("panjpar.pos_no_cards", player=player(pos.attacker))
        return state

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
        cannot see dealt from ``seed`` (fresh if None). The rules are not in the code: give
        them if they are not the seed rules."""
        return cls.from_position(rules=rules, **position_fields(text, seed))

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
                "known": [[str(c) for c in cards_of(k)] for k in self._known],
            }
        }

    @classmethod
    def _from_start(cls, start: Mapping[str, Any], rules: core.Rules) -> State:
        assert isinstance(rules, Rules)
        if "seed" in start:
            _known_fields(start, _SEED_FIELDS)
            return new_game(
                cards.check_seed(start["seed"]),
                rules,
                guesser=start.get("guesser"),
                guess=start.get("guess"),
                dealer=start.get("dealer", 1),
            )
        return cls.from_position(rules=rules, **checked_start_position(start))

    @classmethod
    def _rules_from_dict(cls, data: Mapping[str, Any]) -> Rules:
        return Rules.from_dict(data)

    # -- the position as it stands (full information) ------------------------------------------
    @property
    def hands(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Each seat's cards, sorted."""
        return cards_of(self._hands[0]), cards_of(self._hands[1])

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards, sorted (``hands[seat]``, without making the other hand): what
        a player reads of its own hand each move.

        >>> state = new_game(seed=1)
        >>> state.hand(1) == state.hands[1]
        True
        """
        return cards_of(self._hands[check_seat(seat)])

    def hand_mask(self, seat: int) -> int:
        """``seat``'s hand as a card mask (bit ``card.index``): ``cards.mask(hands[seat])``
        without listing both hands (full information, like :attr:`hands`).

        >>> state = State.from_position(["2♠", "9♥ 8♣"], (), trump="♦", attack="7♥")
        >>> cards.from_mask(state.hand_mask(1))
        (Card('8♣'), Card('9♥'))
        """
        return self._hands[check_seat(seat)]

    @property
    def hand_sizes(self) -> tuple[int, int]:
        """How many cards each seat holds: public at the table (P-D9), as in every view.

        >>> new_game(seed=1).hand_sizes
        (5, 5)
        """
        hands = self._hands
        return hands[0].bit_count(), hands[1].bit_count()

    @property
    def stock(self) -> tuple[Card, ...]:
        """The stock, top card first; its last card is the face-up trump indicator."""
        return tuple(DECK[i] for i in self._stock[self._top :])

    @property
    def stock_empty(self) -> bool:
        """Whether the stock (with its indicator) is used up; visible at the table."""
        return self._top >= len(self._stock)

    @property
    def trump(self) -> Suit:
        """The trump suit."""
        return SUITS[self._trump]

    @property
    def trump_card(self) -> Card | None:
        """The trump indicator while it lies under the stock; None once drawn."""
        return DECK[self._stock[-1]] if self._top < len(self._stock) else None

    @property
    def defender(self) -> int:
        """The seat defending in the current battle."""
        return 1 - self.attacker

    @property
    def to_move(self) -> int | None:
        """The seat to move: the attacker, or the defender while an attack is on the table."""
        if self._result != RUNNING:
            return None
        return 1 - self.attacker if self._attack else self.attacker

    @property
    def outcome(self) -> Outcome | None:
        """Winner seat (None for a draw) and scores: 1 for the winner, 0 otherwise."""
        return outcome_of(self._result)

    @property
    def attack(self) -> tuple[Card, ...]:
        """The cards of the battle in progress (empty while the attacker is to move)."""
        return cards_of(self._attack)

    def attack_mask(self) -> int:
        """The cards of the battle in progress as a card mask: ``cards.mask(attack)`` (a
        view's ``attack``) without listing them; 0 while the attacker is to move.

        >>> state = State.from_position(["7♥ 7♣ 9♦", "9♥ 8♣ K♠"], (), trump="♦")
        >>> cards.from_mask(state.play("attack 7♥ 7♣ 9♦").attack_mask())
        (Card('7♥'), Card('7♣'), Card('9♦'))
        """
        return self._attack

    @property
    def discard(self) -> tuple[Card, ...]:
        """The set-aside cards, top (most recent) first."""
        return tuple(DECK[i] for i in reversed(self._discard))

    @property
    def discard_top(self) -> Card | None:
        """The top (most recent) set-aside card, the only one a view shows (P-D9), or None:
        ``view(seat).discard_top`` without making the view or listing the discard.

        >>> state = State.from_position(["2♠", "9♥ 8♣"], (), trump="♦", attack="7♥")
        >>> state.discard_top, state.play("kill 7♥ with 9♥").discard_top
        (None, Card('9♥'))
        """
        discard = self._discard
        return DECK[discard[-1]] if discard else None

    @property
    def known(self) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """Per seat, hand cards both players have seen go there (picked up, drawn indicator)."""
        return cards_of(self._known[0]), cards_of(self._known[1])

    def known_mask(self, seat: int) -> int:
        """The cards both players have seen go into ``seat``'s hand, as a card mask:
        ``cards.mask(known[seat])`` (a view's ``known[seat]``) without listing them.

        >>> state = State.from_position(["2♠", "9♥ 8♣"], (), trump="♦", attack="7♥")
        >>> cards.from_mask(state.play("pick up 7♥").known_mask(1))
        (Card('7♥'),)
        """
        return self._known[check_seat(seat)]

    @property
    def guess(self) -> dict[str, Any] | None:
        """The trump guess of :func:`new_game`: ``{"guesser": 0, "guess": "red"}``."""
        return None if self._guess is None else {"guesser": self._guess[0], "guess": self._guess[1]}

    def _repr_details(self) -> str:
        hands = f"{self._hands[0].bit_count()}/{self._hands[1].bit_count()}"
        stock = len(self._stock) - self._top
        return (
            f"attacker seat {self.attacker}, trump {self.trump.value}, hands {hands}, stock {stock}"
        )

    # -- a turn: legal moves (generated by ._fast on the masks) --------------------------------
    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted: attacks by size then cards; defences by what each
        attack card meets (pick up first, then killers in card order)."""
        if self._result != RUNNING:
            return []
        a = self.attacker
        hands = self._hands
        # The listing loop's two commonest cases with one call fewer than _fast.legal_moves.
        attack = self._attack
        if not attack:
            return attack_moves(hands[a], hands[1 - a])  # type: ignore[return-value]
        if not attack & (attack - 1):  # one attack card: pick it up, or each of its beaters
            attacked = attack.bit_length() - 1
            pickup, kills, _, _ = single_row(attacked)
            beaters = BEATERS[self._trump][attacked] & hands[1 - a]
            return [pickup, *map(kills.__getitem__, indices_of(beaters))]
        return _fast.legal_moves(
            hands[a], hands[1 - a], self._attack, self._trump, self.rules.pickup == "all"
        )

    def legal_moves_count(self) -> int:
        """How many legal moves there are, counted without listing them."""
        if self._result != RUNNING:
            return 0
        a = self.attacker
        hands = self._hands
        return _fast.count_moves(
            hands[a], hands[1 - a], self._attack, self._trump, self.rules.pickup == "all"
        )

    def legal_move_at(self, index: int) -> Move:
        """The ``index``-th legal move in generation order (:meth:`iter_legal_moves`)."""
        if self._result != RUNNING or index < 0:
            raise IndexError(f"legal move index {index} out of range")
        a = self.attacker
        hands = self._hands
        take_all = self.rules.pickup == "all"
        move = _fast.move_at(hands[a], hands[1 - a], self._attack, self._trump, take_all, index)
        self._issued = move
        return move

    def iter_legal_moves(self) -> Iterator[Move]:
        """The legal moves lazily, in generation order (a different but fixed order over
        the same set as :meth:`legal_moves`)."""
        if self._result != RUNNING:
            return iter(())
        a = self.attacker
        hands = self._hands
        return _fast.iter_moves(
            hands[a], hands[1 - a], self._attack, self._trump, self.rules.pickup == "all"
        )

    def random_move(self, rng: Rng | random.Random) -> Move:
        """A move chosen uniformly among ALL legal moves, without listing them.

        Attacks and one-card defences: count, draw ``rng.below(count)``, unrank. Defences
        against 3 or 5 cards: exact rejection sampling over the per-card choices (see
        :func:`._fast.sample_defence`). Either way every legal move has the same probability.

        ``rng`` is a :class:`~cardwidgets.cards.Rng` or a standard-library ``random.Random``
        (then its ``randrange`` makes each draw, see :func:`cardwidgets.cards.as_rng`); any
        other object raises :class:`cardwidgets.cards.RngError`.

        >>> import random
        >>> state = State.from_position(["7♥ 7♣ 9♦", "9♥ 8♣ K♠"], stock=(), trump="♦")
        >>> str(state.random_move(random.Random(1))) in [str(m) for m in state.legal_moves()]
        True
        >>> state.random_move(random.Random(1)) == state.random_move(random.Random(1))
        True
        """
        if rng.__class__ is not Rng:  # the benchmarked path pays one class test only
            rng = as_rng(rng)
        if self._result != RUNNING:
            raise IllegalMove("move.game_over")
        attack = self._attack
        hands = self._hands
        a = self.attacker
        move: Attack | Defend
        if attack:
            hand = hands[1 - a]
            if attack & (attack - 1):
                take_all = self.rules.pickup == "all"
                pairs = sample_defence(attack, hand, self._trump, take_all, rng)
                move = Defend.from_pairs(pairs, attack)
            else:
                # One attack card (the commonest defence): the same draw as sample_defence,
                # under either pick-up rule (with one card, "kill all or pick up all" and
                # "pick up the unbeaten" allow the same moves, drawn in the same order): pick
                # up, or one of its beaters (P-D5, P-S12).
                attacked = attack.bit_length() - 1
                single = BEATERS[self._trump][attacked] & hand
                index = rng.below(1 + single.bit_count())
                if index:
                    while index > 1:  # drop the lowest bits: the index-th beater is lowest
                        single &= single - 1
                        index -= 1
                    killer = (single & -single).bit_length() - 1
                else:
                    killer = -1
                cached = SINGLE_DEFENCES.get(attacked * 64 + killer + 1)
                move = single_defence(attacked, killer) if cached is None else cached
        else:
            bits = sample_attack(hands[a], hands[1 - a], rng)  # P-D3, P-D4
            if bits & (bits - 1):
                move = Attack.from_mask(bits)
            else:
                move = SINGLE_ATTACKS[bits.bit_length() - 1]
        self._issued = move
        return move

    # -- a turn: the attack sizes, the cards that extend an attack, those that beat one --------
    # Full information, like the rest of State: a seat's client should only ask about its own
    # hand (the defender's beaters are for the defender's screen).
    def attack_sizes(self) -> tuple[int, ...]:
        """The sizes an attack may have now: 1, 3 or 5 cards (P-D3), never more than the
        defender holds (P-D4, P-S23).

        >>> state = State.from_position(["7♥ 7♣ 9♦", "9♥ 8♣ K♠ 2♦"], stock=(), trump="♦")
        >>> state.attack_sizes()
        (1, 3)
        """
        return allowed_attack_sizes(self._hands[1 - self.attacker].bit_count())

    def attack_extenders(self, chosen: Iterable[CardLike] | str = ()) -> frozenset[Card]:
        """The attacker's hand cards that, added to ``chosen`` (attacker's cards already
        picked), still lead to a legal attack: a shape of :meth:`attack_sizes` with its pairs
        (P-D3, P-D4). Empty once no legal attack holds ``chosen``. Refuses a chosen card the
        attacker does not hold (:class:`~cardwidgets.core.IllegalMove`).

        >>> state = State.from_position(["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], (), trump="♦")
        >>> sorted(str(c) for c in state.attack_extenders("7♥ 9♦"))
        ['7♣']
        """
        picked = cards.to_cards(chosen)
        hand = self._hands[self.attacker]
        for card in picked:
            if not hand >> card.index & 1:
                raise IllegalMove("panjpar.not_in_hand", card=card, player=player(self.attacker))
        return attack_extenders(picked, cards_of(hand), self.attack_sizes())

    def beaters(self, attacked: CardLike) -> tuple[Card, ...]:
        """The defender's hand cards that kill ``attacked`` (P-S12: a higher card of its
        suit, or any trump on a non-trump), sorted.

        >>> state = State.from_position(["2♠", "9♥ 4♦ 8♣ 5♥"], (), trump="♦", attack="7♥")
        >>> state.beaters("7♥")
        (Card('4♦'), Card('9♥'))
        """
        card = cards.to_card(attacked)
        return cards_of(BEATERS[self._trump][card.index] & self._hands[1 - self.attacker])

    def beaten_by(self, killer: CardLike) -> tuple[Card, ...]:
        """The attack cards on the table that ``killer`` kills (P-S12), sorted; empty while
        no attack is on the table.

        >>> state = State.from_position(["7♥ 7♣ 9♦", "9♥ 8♣ K♠"], (), trump="♦")
        >>> state.play("attack 7♥ 7♣ 9♦").beaten_by("8♣")
        (Card('7♣'),)
        """
        index = cards.to_card(killer).index
        beaters = BEATERS[self._trump]
        return tuple(a for a in cards_of(self._attack) if beaters[a.index] >> index & 1)

    # -- a turn: playing a move ----------------------------------------------------------------
    def play(self, move: Move | str, *, seat: int | None = None) -> State:
        """The state after ``move`` (a move or its text); raises :class:`IllegalMove`.

        ``seat``, if given, must be the seat to move (for widgets: "wrong player").
        """
        issued = self._issued
        if move is issued and seat is None:
            # Generated by this very state, hence legal: skip re-validation (hot path).
            if isinstance(issued, Defend):
                kills = issued.kills
                resolved = kills.resolved  # set by the move's maker; else computed once
                killed, used, flat = kills.masks() if resolved is None else resolved
                return self._after_battle(issued, killed, used, self._attack & ~killed, flat)
            return self._play_attack(issued, True)
        if seat is None and self._result == RUNNING:
            # A move the engine made carries its card mask (Attack) or code (Defend, -1 if
            # built by hand): such a move is checked here by mask arithmetic, with no parsing
            # and no sentences (a refusal falls through to _play_checked, which explains it).
            attack = self._attack
            if not attack:
                if move.__class__ is Attack:
                    bits = move.mask
                    hands = self._hands
                    a = self.attacker
                    if bits and not bits & ~hands[a]:
                        if not bits & (bits - 1) or attack_fits(bits, hands[1 - a]):
                            return self._play_attack(move, True)
            elif move.__class__ is Defend and move.code >> CODE_SHIFT == attack:
                code = move.code
                hand = self._hands[1 - self.attacker]
                if attack & (attack - 1):
                    found = checked_code(code, hand, self._trump, self.rules.pickup == "all")
                    if found is not None:
                        killed, used, flat = found
                        return self._after_battle(move, killed, used, attack & ~killed, flat)
                elif not code & 63:  # one attack card, picked up
                    return self._after_battle(move, 0, 0, attack, ())
                else:  # one attack card, killed: by a hand card that beats it? (P-S12)
                    killer = (code & 63) - 1
                    attacked = attack.bit_length() - 1
                    if (BEATERS[self._trump][attacked] & hand) >> killer & 1:
                        return self._after_battle(move, attack, 1 << killer, 0, (attacked, killer))
        return self._play_checked(move, seat)

    def _play_checked(self, move: Move | str, seat: int | None) -> State:
        """Play a move this state did not generate: parse it, check it, explain a refusal."""
        if not isinstance(move, Move):
            move = Move.parse(move)
        if self._result != RUNNING:
            raise IllegalMove("move.game_over")
        mover = 1 - self.attacker if self._attack else self.attacker
        if seat is not None and check_seat(seat) != mover:
            raise IllegalMove("panjpar.not_your_turn", player=player(mover), other=player(seat))
        if not self._attack:
            if not isinstance(move, Attack):
                raise IllegalMove("panjpar.no_attack", player=player(mover))
            return self._play_attack(move, False)
        if not isinstance(move, Defend):
            raise IllegalMove("panjpar.must_defend", player=player(mover))
        attack, d = self._attack, 1 - self.attacker
        killed, used = check_defence(
            move, attack, self._hands[d], self._trump, d, self.rules.pickup
        )
        unbeaten = attack & ~killed
        if move.pickup is None:
            move = Defend(move.kills, cards_of(unbeaten))
        flat = move.kills.masks()[2] if killed else ()
        return self._after_battle(move, killed, used, unbeaten, flat)

    def _play_attack(self, move: Attack, trusted: bool) -> State:
        a = self.attacker
        hands = self._hands
        hand = hands[a]
        bits = move.mask  # set by every way an Attack is made
        if not trusted:
            check_attack(move, hand, hands[1 - a].bit_count(), a)
        state = _new(State)
        state.rules = self.rules
        state.parent = self
        state.last_move = move
        state._ply = self._ply + 1
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
        state._result = RUNNING
        state.is_over = False
        state._guess = self._guess
        state._seed_start = self._seed_start
        state._issued = _NOT_ISSUED  # never inherit the parent's trusted move
        return state

    # -- the end of a battle: discard, pick up, draw up, the end of the game (P-D2, P-D7, P-S14) --
    def _after_battle(
        self, move: Defend, killed: int, used: int, unbeaten: int, flat: tuple[int, ...]
    ) -> State:
        """The state after the defence ``move`` (already checked): discard, pick up, refill.

        ``flat`` is the discard order of the kills (attack card, killer, …). The rules, plainly:
        :func:`.rules.battle`."""
        a = self.attacker
        d = 1 - a
        hands = self._hands
        known = self._known
        held_a = hands[a]
        held_d = (hands[d] & ~used) | unbeaten  # P-D5: the unbeaten cards are taken up
        known_a = known[a]
        known_d = (known[d] & ~used) | unbeaten
        # Replenish once per battle, attacker first (P-D2); the last card drawn is the
        # face-up indicator, so whoever draws it holds a card both players know (P-S21).
        stock, top = self._stock, self._top
        end = len(stock)
        if top < end:
            held_a, held_d, top = _fast.draw_up(held_a, held_d, stock, top, self.rules.hand_size)
            if top == end:  # the indicator was drawn, by whoever holds it now
                if held_a >> stock[-1] & 1:
                    known_a |= 1 << stock[-1]
                else:
                    known_d |= 1 << stock[-1]
        state = _new(State)
        state.rules = self.rules
        state.parent = self
        state.last_move = move
        state._ply = self._ply + 1
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
        state._result = result = RUNNING if top < end else _fast.battle_result(held_a, held_d, a)
        state.is_over = result != RUNNING
        # The defender attacks next only after killing everything (P-S14, P-S15).
        state.attacker = a if unbeaten else d
        state._guess = self._guess
        state._seed_start = self._seed_start
        state._issued = _NOT_ISSUED  # never inherit the parent's trusted move
        return state

    # -- what a seat sees ----------------------------------------------------------------------
    def view(self, seat: int | None = None, teacher: bool = False) -> PanjparView:
        """What ``seat`` may see (P-D9); ``seat=None`` is the public table view.

        Never the stock count (P-S20), only the top discard, the opponent's hand size. The
        cards each player has seen go into a hand (``known``) are public. ``teacher=True``
        adds everything (hands, stock order and count, the whole discard). As a dict, the
        view is its JSON form (:class:`PanjparView`).
        """
        if seat is not None:
            seat = check_seat(seat)
        outcome = self.outcome
        hands = self._hands
        return PanjparView(
            seat=seat,
            to_move=self.to_move,
            attacker=self.attacker,
            phase="over" if outcome else ("defend" if self._attack else "attack"),
            trump=self.trump,
            trump_card=self.trump_card,
            stock_empty=self.stock_empty,
            hand_sizes=(hands[0].bit_count(), hands[1].bit_count()),
            hand=None if seat is None else cards_of(hands[seat]),
            known=self.known,
            attack=self.attack,
            discard_top=DECK[self._discard[-1]] if self._discard else None,
            guess=self._guess,
            outcome=outcome,
            hands=self.hands if teacher else None,
            stock=self.stock if teacher else None,
            discard=self.discard if teacher else None,
        )

    def view_all(self) -> PanjparView:
        """The teacher's view: everything (``view(None, teacher=True)``)."""
        return self.view(None, teacher=True)

    def describe_move(self, move: Move, locale: str | None = None) -> str:
        """``Player A: Attack with 7♥`` for a move played from this state."""
        mover = self.to_move if self.to_move is not None else self.attacker
        return i18n.text(
            "panjpar.describe_player",
            locale,
            player=player(mover).text(locale),
            move=move.describe(locale),
        )

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
        dealt = rng.shuffle(indices_of(pool))
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

    # -- fast playouts -------------------------------------------------------------------------
    def rollout(self, rng: Rng) -> Outcome:
        """Play uniformly random moves to the end, fast, and return the outcome.

        Exactly the game of repeated ``state = state.play(state.random_move(rng))`` (same
        rng draws, same moves; a test checks it), without building states or moves: for
        bots' playouts and simulations (:func:`._fast.rollout`).
        """
        return rollout(*self._playout_position(), rng)

    def rollout_with(
        self,
        rng: Rng,
        attack: _fast.AttackPolicy,
        defend: _fast.DefencePolicy,
        explore: int = 10,
    ) -> Outcome:
        """Play a policy given on masks to the end, fast, and return the outcome.

        Exactly the game of the loop (same rng draws, same moves; a test checks it)::

            while not state.is_over:
                if rng.below(explore) == 0:
                    move = state.random_move(rng)
                elif state.attack:  # the defender: kill these, pick up the rest
                    move = Defend(Kills(pairs))  # killed, used = defend(attack, hand, endgame)
                else:
                    move = Attack(...)  # the cards of attack(hand, defender_count, endgame)
                state = state.play(move)

        where masks are of card indices, ``hand`` is the mover's, ``endgame`` is
        :attr:`stock_empty` and ``defender_count`` the defender's number of cards. The policy
        must make legal moves (nothing here checks them): for the bots' rollouts.
        ``explore=0`` plays every move at random and draws nothing for the choice: :meth:`rollout`.

        >>> state = new_game(seed=3)
        >>> lowest = lambda hand, count, endgame: hand & -hand  # attack with the lowest card
        >>> pick_up = lambda attack, hand, endgame: (0, 0)
        >>> one = state.rollout_with(Rng(1), lowest, pick_up)
        >>> one == state.rollout_with(Rng(1), lowest, pick_up)
        True
        """
        if rng.__class__ is not Rng:
            rng = as_rng(rng)
        return _fast.policy_rollout(*self._playout_position(), rng, attack, defend, explore)

    def _playout_position(
        self,
    ) -> tuple[tuple[int, int], tuple[int, ...], int, int, int, int, int, bool, int]:
        """The position as the fast playouts (:mod:`._fast`) take it, before their stream."""
        return (
            self._hands,
            self._stock,
            self._top,
            self._trump,
            self.attacker,
            self._attack,
            self._result,
            self.rules.pickup == "all",
            self.rules.hand_size,
        )


_NOT_ISSUED: Attack = Attack.from_mask(0)
"""What ``State._issued`` holds before a state generated a move: a private object no caller
can pass to :meth:`State.play` (None would be, and would skip the checks)."""


# -- setting up: the deal of a new game, and records -------------------------------------------


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
    rules = SEED_RULES if rules is None else core.check_rules(rules, Rules, "panjpar")
    dealer = check_seat(dealer)
    guesser = 1 - dealer if guesser is None else check_seat(guesser)
    rng = Rng(seed)
    if guess is None:
        guess = ("red", "black")[rng.derive("trump guess").below(2)]
    guess = checked_guess(guess)
    deal = deal_cards(rng, rules.hand_size, dealer)
    attacker = first_attacker(guesser, guess, DECK[deal.indicator])
    start = {"seed": seed, "dealer": dealer, "guesser": guesser, "guess": guess}
    return State._make(
        rules,
        deal.hands,
        (0, 0),
        deal.stock,
        deal.indicator % 4,
        deal.indicator,
        attacker,
        guess=(guesser, guess),
        seed_start=start,
    )


def from_record(record: Mapping[str, Any] | str) -> State:
    """Replay a record (a dict or its JSON text); raises ``RecordError`` if malformed."""
    return State.from_record(record)


# -- a turn: why a move is illegal (the checks State.play runs on a move it did not generate) --
# A move the state drew itself is trusted, and one the engine made (it carries its mask or
# code) is checked by mask arithmetic (._fast.attack_fits, checked_code); any other move, typed
# or read from a record, is checked here against the rules (P-D3, P-D4, P-D5, P-S12) and
# refused with a sentence that says which rule it breaks.


def check_attack(move: Attack, hand: int, defender_held: int, attacker: int) -> None:
    """Refuse an attack with a card not in ``hand``, no cards, a shape other than 1, 3 or 5
    cards with their pairs (P-D3), or more cards than the defender holds (P-D4)."""
    for card in move.cards:
        if not hand >> card.index & 1:
            raise IllegalMove("panjpar.not_in_hand", card=card, player=player(attacker))
    bits = move.mask
    if not bits:
        raise IllegalMove("panjpar.attack_empty")
    if not shape_ok(bits):
        raise _shape_error(bits)
    if bits.bit_count() > max_size(defender_held):
        key = "panjpar.limit_one" if defender_held < 3 else "panjpar.limit_three"
        raise IllegalMove(key, player=player(1 - attacker), count=count_text(defender_held))


def check_defence(
    move: Defend, attack: int, hand: int, trump: int, defender: int, pickup: str
) -> tuple[int, int]:
    """(killed attack cards, killers used) of a defence, refused unless each kill puts a
    different card of ``hand`` on an attack card it beats (P-D5, P-S12), and the pick-up is
    the rest (or, under ``pickup="all"``, everything or nothing)."""
    beaters = BEATERS[trump]
    killed = used = 0
    for attacked, killer in move.kills.pairs:
        if not attack >> attacked.index & 1:
            shown = cards.format_cards(cards_of(attack))
            raise IllegalMove("panjpar.not_attacked", card=attacked, attack=shown)
        if not hand >> killer.index & 1:
            raise IllegalMove("panjpar.not_in_hand", card=killer, player=player(defender))
        if used >> killer.index & 1:
            raise IllegalMove("panjpar.killer_twice", card=killer)
        if not beaters[attacked.index] >> killer.index & 1:
            raise cannot_beat(killer, attacked, trump)
        killed |= 1 << attacked.index
        used |= 1 << killer.index
    unbeaten = attack & ~killed
    if pickup == "all" and unbeaten and killed:
        raise IllegalMove("panjpar.take_all")
    if move.pickup is not None and cards.mask(move.pickup) != unbeaten:
        needed = cards_of(unbeaten)
        raise IllegalMove(
            "panjpar.wrong_pickup",
            cards=cards.format_cards(needed) if needed else TranslatedError("panjpar.nothing"),
        )
    return killed, used


def cannot_beat(killer: Card, attacked: Card, trump_index: int) -> IllegalMove:
    """Why ``killer`` does not beat ``attacked`` (P-S12), in words."""
    trump = SUITS[trump_index]
    if killer.suit is attacked.suit:
        return IllegalMove("panjpar.lower", killer=killer, card=attacked)
    if attacked.suit is trump:
        return IllegalMove("panjpar.trump_needs_trump", killer=killer, card=attacked, trump=trump)
    return IllegalMove(
        "panjpar.wrong_suit", killer=killer, card=attacked, suit=attacked.suit, trump=trump
    )


# -- fast playouts -----------------------------------------------------------------------------


class PlayedOut(NamedTuple):
    """The end of :func:`played_out`: what a row of the lab reads of a finished game."""

    outcome: Outcome
    trump: Suit


class SeatStreams(Protocol):
    """What :func:`played_out` draws from (:class:`cardwidgets.bots.player.SeatDraws`)."""

    @property
    def streams(self) -> tuple[Callable[[], Rng], Callable[[], Rng]]:
        """Per seat: a generator on the stream of the next move, one call per move."""


def played_out(state: State, players: SeatStreams) -> PlayedOut:
    """The random game from ``state`` to its end on masks (:func:`._fast.policy_rollout`),
    each move drawn as :meth:`State.random_move` draws it from ``players.streams[seat]()`` of
    the seat to move: the same game as ``state.play(state.random_move(...))`` with those
    generators, without a state per move.

    >>> from types import SimpleNamespace
    >>> rng = Rng(4)
    >>> end = played_out(new_game(seed=2), SimpleNamespace(streams=(lambda: rng,) * 2))
    >>> end.outcome == new_game(seed=2).rollout(Rng(4)), end.trump == new_game(seed=2).trump
    (True, True)
    """
    if state._result != RUNNING:
        outcome = state.outcome
        assert outcome is not None
        return PlayedOut(outcome, state.trump)
    outcome = _fast.policy_rollout(
        *state._playout_position(), Rng.from_state(0), _fast.no_attack, _fast.no_defence, 0,
        players.streams,
    )  # fmt: skip
    return PlayedOut(outcome, state.trump)
