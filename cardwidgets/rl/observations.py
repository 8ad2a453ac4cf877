"""Observations for learning agents: flat lists of numbers built from ``state.view(seat)`` only.

A seat's observation holds what its view holds (its own hand, the table, public counts) and,
for the seat building a move, the actions it has taken so far; never a card the seat may not
see, because nothing else is read (tests/test_rl_envs.py proves it on twin states that differ
only in hidden cards). Everything is seat-relative: "mine" first, then the opponent's.

Pure Python (no numpy), so the PettingZoo, Gymnasium and OpenSpiel wrappers can share it;
:attr:`Observer.fields` names each block. A view is read from its typed fields only (never
its JSON text) into a zeroed sequence: a list, or for the environments a ``float32``
:class:`array.array` (:meth:`Observer.array`: item writes to it cost a fraction of numpy's,
and ``numpy.frombuffer`` wraps it without a copy).

The environments take a faster path to the same numbers, :meth:`Observer.seat_bytes` (and
:meth:`Observer.seat_parts`, the same numbers as card masks and bytes, for batches; and
:meth:`Observer.seat_array`, the same as an array): it reads the state's public fields that
the view is made of (the seat's own hand, the table, the public counts, and the few helpers
``hand_mask``, ``table_mask``, ``known_mask``, ``attack_mask``, ``pile_counts``, ``discard_top``
that give one view field without making the view), never a hidden one, and joins the bytes
of its blocks, each made once and kept (card masks by 13-card chunk, Pazaak's card counts by
the cards): a few look-ups per position, no loop over the cards. Tests hold it equal to the
view's numbers for both seats all game long, and equal on hidden-card twins.

>>> from cardwidgets import pazaak
>>> observer = observer_of("pazaak")
>>> state = pazaak.new_game(seed=1)
>>> features = observer.features(state.view(state.to_move))
>>> len(features) == observer.size, observer.fields[0]
(True, ('hand', 23))
>>> observer.seat_array(state, state.to_move).tolist() == features
True
"""

from __future__ import annotations

import array
import struct
from collections.abc import Sequence
from typing import Any, Final

from cardwidgets.cards import Card, Suit
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.games.panjpar.deck import indices_of
from cardwidgets.rl.actions import DONE, Partial, actions_of

__all__ = ["Observer", "observer_of"]

_SIDE: Final = {card: i for i, card in enumerate(pazaak.ALL_SIDE_CARDS)}
_SUITS: Final = tuple(Suit)


class Observer:
    """The observation of one game: ``size`` numbers in named blocks (``fields``).

    :meth:`features` is :meth:`plain` (from the view) with the entries of :meth:`marks` (the
    move being built) set to 1, so an environment can keep the plain part while a move is
    built, and add each step's :meth:`step_marks` to it.
    """

    __slots__ = (
        "_marks",
        "_plain",
        "_seat_bytes",
        "_seat_parts",
        "_step_marks",
        "_zeros",
        "blocks",
        "fields",
        "game",
        "size",
    )

    def __init__(
        self,
        game: str,
        fields: Sequence[tuple[str, int]],
        plain: Any,
        marks: Any,
        seat_bytes: Any,
        step_marks: Any = None,
        seat_parts: Any = None,
        blocks: int = 0,
    ) -> None:
        self.game, self.fields = game, tuple(fields)
        self._plain, self._marks = plain, marks
        self._step_marks = step_marks or marks
        # ``seat_bytes(state, seat)`` makes the bytes of the float32 numbers that
        # ``plain(state.view(seat), out)`` writes, from the fields the view is made of;
        # ``seat_parts(state, seat)`` the same numbers as card masks and the bytes after them.
        self._seat_bytes = seat_bytes
        self._seat_parts = seat_parts or (lambda state, seat: ((), seat_bytes(state, seat)))
        self.blocks = blocks
        """How many 52-card blocks open the numbers: the card masks of :meth:`seat_parts`."""
        self.size = sum(n for _, n in fields)
        self._zeros = array.array("f", bytes(4 * self.size))

    def features(self, view: Any, partial: Partial | None = None) -> list[float]:
        """The numbers for ``view`` (a seat's :meth:`State.view`) and, for the seat to move,
        the move it is building (``partial``: its actions so far)."""
        found = self.plain(view)
        for index in self.marks(partial):
            found[index] = 1.0
        return found

    def plain(self, view: Any) -> list[float]:
        """The numbers of ``view`` alone (no move being built)."""
        found = [0.0] * self.size
        self._plain(view, found)
        return found

    def seat_array(self, state: Any, seat: int) -> array.array[float]:
        """``array(state.view(seat))``, the same numbers, made without the view (from
        :meth:`seat_bytes`: tests/test_rl_envs.py holds the two equal)."""
        found = array.array("f")
        found.frombytes(self._seat_bytes(state, seat))
        return found

    def seat_bytes(self, state: Any, seat: int) -> bytes:
        """The bytes of :meth:`seat_array` (float32, the machine's byte order), made without
        the view: the environments' path (``numpy.frombuffer`` reads them)."""
        found: bytes = self._seat_bytes(state, seat)
        return found

    def seat_parts(self, state: Any, seat: int) -> tuple[tuple[int, ...], bytes]:
        """:meth:`seat_bytes` in two parts: the first :attr:`blocks` blocks of 52 numbers as
        card masks (entry ``52 * b + i`` is bit ``i`` of mask ``b``), and the bytes of the
        numbers after them. A batch turns the masks of all its games into numbers at once
        (``numpy.unpackbits``), and marks a move being built by setting bits (every entry of
        :meth:`marks` is in a card block).

        >>> from cardwidgets import tablic
        >>> observer, state = observer_of("tablic"), tablic.new_game(seed=1)
        >>> masks, tail = observer.seat_parts(state, 0)
        >>> len(masks) == observer.blocks, len(tail) == 4 * (observer.size - 52 * observer.blocks)
        (True, True)
        >>> masks[0] == state.hand_mask(0)
        True
        """
        found: tuple[tuple[int, ...], bytes] = self._seat_parts(state, seat)
        return found

    def array(self, view: Any, partial: Partial | None = None) -> array.array[float]:
        """:meth:`features` as a fresh ``float32`` :class:`array.array`."""
        found = self._zeros[:]
        self._plain(view, found)
        for index in self.marks(partial):
            found[index] = 1.0
        return found

    def fill(self, view: Any, out: Any) -> None:
        """Write :meth:`plain` into ``out``, a zeroed mutable sequence of ``size`` numbers
        (a list, an :class:`array.array`, a numpy array)."""
        self._plain(view, out)

    def marks(self, partial: Partial | None) -> tuple[int, ...]:
        """The entries that say which actions ``partial`` took (they are 1, the rest 0)."""
        if partial is None or not partial.steps:
            return ()
        found: tuple[int, ...] = self._marks(partial)
        return found

    def step_marks(self, partial: Partial) -> tuple[int, ...]:
        """The entries :meth:`marks` gains with the last action of ``partial``: marks only
        grow while a move is built, so ``marks(partial)`` is the marks of the move one action
        shorter with these set too (an environment sets them on its copy, step by step)."""
        if not partial.steps:
            return ()
        found: tuple[int, ...] = self._step_marks(partial)
        return found


def _cards(out: Any, start: int, found: Sequence[Card] | None) -> None:
    for card in found or ():
        out[start + card.index] = 1.0


_PACKS: Final = {size: struct.Struct(f"{size}f") for size in (5, 13, 17)}
"""Packers of the count blocks: one C call writes a block into a float32 array."""


def _numbers(out: Any, start: int, values: Sequence[float]) -> None:
    """``values`` at ``start``, ``start + 1`` … (into an array by one packing call)."""
    if out.__class__ is array.array:
        _PACKS[len(values)].pack_into(out, 4 * start, *values)
        return
    for index, value in enumerate(values, start):
        out[index] = value


# -- blocks of bytes (the environments' path) -------------------------------------------------


def _floats(values: Sequence[float]) -> bytes:
    """The bytes of ``values`` as float32 numbers (as an :class:`array.array` holds them)."""
    return array.array("f", values).tobytes()


class _Chunks(dict[int, bytes]):
    """The 13 float32 numbers of a 13-bit value (1 where a bit is set), made on first use:
    a card mask's block is four look-ups, one per 13-card chunk (at most 8,192 entries)."""

    def __missing__(self, value: int) -> bytes:
        found = self[value] = _floats([value >> i & 1 for i in range(13)])
        return found


_CHUNKS: Final = _Chunks()
_NO_CARDS: Final = bytes(4 * 52)
_ONE_CARD: Final = {1 << index: _floats([i == index for i in range(52)]) for index in range(52)}
_ONE_CARD[0] = _NO_CARDS


def _block(mask: int) -> bytes:
    """52 float32 numbers: 1 at each card index of the card mask ``mask``."""
    if not mask:
        return _NO_CARDS
    chunks = _CHUNKS
    return b"".join(
        (
            chunks[mask & 8191],
            chunks[mask >> 13 & 8191],
            chunks[mask >> 26 & 8191],
            chunks[mask >> 39],
        )
    )


def _one(bit: int) -> bytes:
    """52 float32 numbers: 1 at the card of the one-card mask ``bit`` (none for 0)."""
    return _ONE_CARD[bit]


# -- Tablić ----------------------------------------------------------------------------------

_TABLIC_FIELDS = (
    ("hand", 52),
    ("table", 52),
    ("stock_bottom", 52),
    ("my_revealed", 52),
    ("their_revealed", 52),
    ("building_card", 52),
    ("building_captured", 52),
    ("counts", 17),
)


def _tablic(view: tablic.TablicView, out: Any) -> None:
    me = view.seat if view.seat is not None else 0
    them = 1 - me
    _cards(out, 0, view.hand)
    _cards(out, 52, view.table)
    if view.stock_bottom is not None:
        out[104 + view.stock_bottom.index] = 1.0
    _cards(out, 156, view.revealed[me])
    _cards(out, 208, view.revealed[them])
    piles, capturer = view.piles, view.last_capturer
    _numbers(
        out,
        364,
        (
            view.hand_sizes[me],
            view.hand_sizes[them],
            piles[me].cards,
            piles[me].points,
            piles[them].cards,
            piles[them].points,
            view.tablas[me],
            view.tablas[them],
            view.totals[me],
            view.totals[them],
            view.stock,
            capturer == me,
            capturer == them,
            view.dealer == me,
            view.round,
            view.deal,
            view.target,
        ),
    )


_TABLIC_BUILDING: Final = bytes(4 * 104)  # building_card, building_captured: marks only
_TABLIC_COUNTS: Final = struct.Struct("17f")


def _tablic_parts(state: tablic.State, seat: int) -> tuple[tuple[int, ...], bytes]:
    # _tablic's numbers from the state's public fields the view is made of: the seat's hand
    # and the table (as masks: the table's order is not in the numbers), the bottom card,
    # the revealed cards, each pile's count and points (State.pile_counts), scores and counters;
    # the two building blocks are marks only (0 here).
    me, them = seat, 1 - seat
    hand = state.hand_mask(me)
    bottom = state.stock_bottom
    revealed = state.revealed()
    cards0, points0, cards1, points1 = state.pile_counts()
    if seat:
        cards0, points0, cards1, points1 = cards1, points1, cards0, points0
    capturer, tablas, totals = state.last_capturer, state.tablas, state.totals
    counts = _TABLIC_COUNTS.pack(
        hand.bit_count(),
        state.hand_mask(them).bit_count(),
        cards0,
        points0,
        cards1,
        points1,
        tablas[me],
        tablas[them],
        totals[me],
        totals[them],
        len(state.stock),
        capturer == me,
        capturer == them,
        state.dealer == me,
        state.round,
        state.deal_number,
        state.rules.target,
    )
    masks = (
        hand,
        state.table_mask(),
        0 if bottom is None else 1 << bottom.index,
        1 << revealed[me][0].index if revealed[me] else 0,
        1 << revealed[them][0].index if revealed[them] else 0,
        0,
        0,
    )
    return masks, counts


def _tablic_bytes(state: tablic.State, seat: int) -> bytes:
    (hand, table, bottom, mine, theirs, _, _), counts = _tablic_parts(state, seat)
    return b"".join(
        (
            _block(hand),
            _block(table),
            _one(bottom),
            _one(mine),
            _one(theirs),
            _TABLIC_BUILDING,
            counts,
        )
    )


def _tablic_marks(partial: Partial) -> tuple[int, ...]:
    steps = partial.steps
    return (260 + steps[0], *(312 + a for a in steps[1:] if a != DONE))


def _tablic_step_marks(partial: Partial) -> tuple[int, ...]:
    steps = partial.steps
    action = steps[-1]
    if len(steps) == 1:
        return (260 + action,)  # the hand card
    return () if action == DONE else (312 + action,)


# -- Panjpar ---------------------------------------------------------------------------------

_PANJPAR_FIELDS = (
    ("hand", 52),
    ("attack", 52),
    ("my_known", 52),
    ("their_known", 52),
    ("discard_top", 52),
    ("trump_card", 52),
    ("building_attack", 52),
    ("building_killers", 52),
    ("building_killed", 52),
    ("building_left", 52),
    ("trump_suit", 4),
    ("counts", 5),
)


def _panjpar(view: panjpar.PanjparView, out: Any) -> None:
    me = view.seat if view.seat is not None else 0
    _panjpar_fill(view, me, view.hand or (), view.hand_sizes, out)


_PANJPAR_BUILDING: Final = bytes(4 * 208)  # the four building blocks: marks only
_PANJPAR_SUITS: Final = tuple(_floats([i == suit for i in range(4)]) for suit in range(4))
_PANJPAR_COUNTS: Final = struct.Struct("5f")


def _panjpar_parts(state: panjpar.State, seat: int) -> tuple[tuple[int, ...], bytes]:
    # _panjpar's numbers from the state's public fields the view is made of, the card sets
    # as masks: the seat's own hand, the attack, the known cards; discard_top is the one
    # card of the discard a view shows; the four building blocks are marks only (0 here).
    them = 1 - seat
    hand, attack = state.hand_mask(seat), state.attack_mask()
    top, trump_card = state.discard_top, state.trump_card
    tail = _PANJPAR_TAILS[
        _SUITS.index(state.trump),
        hand.bit_count(),
        state.hand_mask(them).bit_count(),
        state.stock_empty,
        state.attacker == seat,
        attack != 0,
    ]
    masks = (
        hand,
        attack,
        state.known_mask(seat),
        state.known_mask(them),
        0 if top is None else 1 << top.index,
        0 if trump_card is None else 1 << trump_card.index,
        0,
        0,
        0,
        0,
    )
    return masks, tail


class _PanjparTails(dict[tuple[int, int, int, bool, bool, bool], bytes]):
    """The last nine numbers of a Panjpar observation (the trump suit, the counts) by the
    trump's suit index and the counts, made on first use (at most 4 x 53 x 53 x 8 keys)."""

    def __missing__(self, key: tuple[int, int, int, bool, bool, bool]) -> bytes:
        suit, *counts = key
        found = self[key] = _PANJPAR_SUITS[suit] + _PANJPAR_COUNTS.pack(*counts)
        return found


_PANJPAR_TAILS: Final = _PanjparTails()


def _panjpar_bytes(state: panjpar.State, seat: int) -> bytes:
    masks, tail = _panjpar_parts(state, seat)
    hand, attack, mine, theirs, top, trump_card = masks[:6]
    return b"".join(
        (
            _block(hand),
            _block(attack),
            _block(mine),
            _block(theirs),
            _one(top),
            _one(trump_card),
            _PANJPAR_BUILDING,
            tail,
        )
    )


def _panjpar_fill(
    seen: Any, me: int, hand: Sequence[Card], hand_sizes: tuple[int, int], out: Any
) -> None:
    """The numbers of a Panjpar view ``seen`` (the environments join the same numbers from
    the state's fields: :func:`_panjpar_bytes`)."""
    them = 1 - me
    known, attack = seen.known, seen.attack
    _cards(out, 0, hand)
    _cards(out, 52, attack)
    _cards(out, 104, known[me])
    _cards(out, 156, known[them])
    for start, card in ((208, seen.discard_top), (260, seen.trump_card)):
        if card is not None:
            out[start + card.index] = 1.0
    out[520 + _SUITS.index(seen.trump)] = 1.0
    attacker = seen.attacker
    _numbers(
        out,
        524,
        (hand_sizes[me], hand_sizes[them], seen.stock_empty, attacker == me, bool(attack)),
    )


def _panjpar_marks(partial: Partial) -> tuple[int, ...]:
    attack = partial.state.attack_mask()  # public: on the table
    if not attack:
        return tuple(312 + a for a in partial.steps if a != DONE)
    found: list[int] = []
    for target, action in zip(indices_of(attack), partial.steps, strict=False):
        if action == target:
            found.append(468 + action)  # left to be picked up
        else:
            found += (364 + action, 416 + target)  # the killer, the attack card killed
    return tuple(found)


def _panjpar_step_marks(partial: Partial) -> tuple[int, ...]:
    steps = partial.steps
    action, attack = steps[-1], partial.state.attack_mask()
    if not attack:
        return () if action == DONE else (312 + action,)
    target = indices_of(attack)[len(steps) - 1]  # answered lowest card index first
    return (468 + action,) if action == target else (364 + action, 416 + target)


# -- Pazaak ----------------------------------------------------------------------------------

_PAZAAK_FIELDS = (
    ("hand", 23),
    ("my_used", 23),
    ("their_used", 23),
    ("played_this_turn", 23),
    ("my_main_cards", 10),
    ("their_main_cards", 10),
    ("counts", 13),
)


def _pazaak(view: pazaak.PazaakView, out: Any) -> None:
    me = view.seat if view.seat is not None else 0
    _pazaak_fill(view, me, view.hand or (), view.hand_sizes, out)


class _SideCounts(dict[tuple[pazaak.SideCard, ...], bytes]):
    """The 23 float32 counts of each side card in a run of side cards (a hand, the cards a
    seat used), by the run, made on first use (started again past 65,536 runs) from the
    counts of the run one card shorter (:func:`_side_tally`): a new run costs a look-up and
    a packing, not a count of its cards."""

    def __missing__(self, found: tuple[pazaak.SideCard, ...]) -> bytes:
        if len(self) >= 65536:
            self.clear()
        made = self[found] = _SIDE_PACK.pack(*_side_tally(found))
        return made


def _side_tally(found: tuple[pazaak.SideCard, ...]) -> tuple[int, ...]:
    """The count of each side card in ``found``: those of ``found[:-1]`` (kept) and its last."""
    tallies = _SIDE_TALLIES
    tally = tallies.get(found)
    if tally is None:
        counts = list(_side_tally(found[:-1]))
        counts[_SIDE[found[-1]]] += 1
        if len(tallies) >= 65536:
            tallies.clear()
            tallies[()] = _NO_TALLY
        tally = tallies[found] = tuple(counts)
    return tally


class _MainCounts(dict[tuple[Any, ...], tuple[bytes, int]]):
    """The 10 float32 counts of each main-deck value among a seat's placed cards (side
    cards are counted as used), and how many main-deck cards they are, by the placed cards,
    made on first use from the counts of the placed cards but the last (:func:`_main_tally`:
    a seat's table grows by one card at a time, so that one is almost always known)."""

    def __missing__(self, placed: tuple[Any, ...]) -> tuple[bytes, int]:
        tally = _main_tally(placed)
        if len(self) >= 65536:
            self.clear()
        made = self[placed] = (_MAIN_PACK.pack(*tally), sum(tally))
        return made


def _main_tally(placed: tuple[Any, ...]) -> tuple[int, ...]:
    """The count of each main-deck value 1-10 among ``placed`` (pairs of card and value):
    those of ``placed[:-1]`` (kept) and its last card's."""
    tallies = _MAIN_TALLIES
    tally = tallies.get(placed)
    if tally is None:
        tally = _main_tally(placed[:-1])
        card = placed[-1][0]
        if card.__class__ is int:  # a main-deck card (side cards are counted as used)
            counts = list(tally)
            counts[card - 1] += 1
            tally = tuple(counts)
        if len(tallies) >= 65536:
            tallies.clear()
            tallies[()] = _NO_TALLY[:10]
        tallies[placed] = tally
    return tally


_SIDE_PACK: Final = struct.Struct("23f")
_MAIN_PACK: Final = struct.Struct("10f")
_NO_TALLY: Final = (0,) * 23
_SIDE_TALLIES: Final[dict[tuple[pazaak.SideCard, ...], tuple[int, ...]]] = {(): _NO_TALLY}
_MAIN_TALLIES: Final[dict[tuple[Any, ...], tuple[int, ...]]] = {(): _NO_TALLY[:10]}
_SIDE_COUNTS: Final = _SideCounts()
_MAIN_COUNTS: Final = _MainCounts()
_NO_SIDE_CARD: Final = bytes(4 * 23)
_ONE_SIDE_CARD: Final = {
    card: _floats([i == index for i in range(23)]) for card, index in _SIDE.items()
}
_PAZAAK_COUNTS: Final = struct.Struct("13f")
_DECK_CARDS: Final = len(pazaak.FULL_DECK)  # the finite40 main deck


def _pazaak_bytes(state: pazaak.State, seat: int) -> bytes:
    # The view's fields are the state's public attributes of the same names (the view copies
    # them), and the seat's own hand: the same numbers, without making the view.
    them = 1 - seat
    hands, used, placed = state.hands, state.used, state.placed
    played = state.played_this_turn
    totals, standing, sets_won = state.totals, state.standing, state.sets_won
    (my_main, my_count), (their_main, their_count) = (
        _MAIN_COUNTS[placed[seat]],
        _MAIN_COUNTS[placed[them]],
    )
    # State.deck_size counts the tables' main-deck cards anew; the counts above know them.
    undrawn = _DECK_CARDS - my_count - their_count if state.rules.main_deck == "finite40" else 0
    counts = _PAZAAK_COUNTS.pack(
        len(placed[seat]),
        len(placed[them]),
        totals[seat],
        totals[them],
        standing[seat],
        standing[them],
        sets_won[seat],
        sets_won[them],
        state.set_number,
        state.starter == seat,
        undrawn,
        len(hands[seat]),
        len(hands[them]),
    )
    side = _SIDE_COUNTS
    return b"".join(
        (
            side[hands[seat]],
            side[used[seat]],
            side[used[them]],
            _NO_SIDE_CARD if played is None else _ONE_SIDE_CARD[played],
            my_main,
            their_main,
            counts,
        )
    )


def _pazaak_fill(
    seen: Any, me: int, hand: Sequence[pazaak.SideCard], hand_sizes: tuple[int, int], out: Any
) -> None:
    """The numbers of a Pazaak view ``seen`` (the environments join the same numbers from
    the state's fields: :func:`_pazaak_bytes`)."""
    them, side = 1 - me, _SIDE
    used = seen.used
    # Loops written out (no tuple of blocks): this runs at every step of the environments.
    for card in hand:
        out[side[card]] += 1.0
    for card in used[me]:
        out[23 + side[card]] += 1.0
    for card in used[them]:
        out[46 + side[card]] += 1.0
    played = seen.played_this_turn
    if played is not None:
        out[69 + side[played]] = 1.0
    placed = seen.placed
    for card, _value in placed[me]:
        if card.__class__ is int:  # a main-deck card (side cards are counted as used)
            out[91 + card] += 1.0
    for card, _value in placed[them]:
        if card.__class__ is int:
            out[101 + card] += 1.0
    totals, standing, sets_won = seen.totals, seen.standing, seen.sets_won
    _numbers(
        out,
        112,
        (
            len(placed[me]),
            len(placed[them]),
            totals[me],
            totals[them],
            standing[me],
            standing[them],
            sets_won[me],
            sets_won[them],
            seen.set_number,
            seen.starter == me,
            seen.deck_size or 0,
            hand_sizes[me],
            hand_sizes[them],
        ),
    )


_OBSERVERS: Final = {
    "tablic": Observer(
        "tablic",
        _TABLIC_FIELDS,
        _tablic,
        _tablic_marks,
        _tablic_bytes,
        _tablic_step_marks,
        _tablic_parts,
        blocks=7,
    ),
    "panjpar": Observer(
        "panjpar",
        _PANJPAR_FIELDS,
        _panjpar,
        _panjpar_marks,
        _panjpar_bytes,
        _panjpar_step_marks,
        _panjpar_parts,
        blocks=10,
    ),
    "pazaak": Observer(
        "pazaak", _PAZAAK_FIELDS, _pazaak, lambda partial: (), _pazaak_bytes
    ),  # one action: no marks
}


def observer_of(game: object) -> Observer:
    """The observer of ``game`` (its name, module or a state; see :func:`.actions.actions_of`)."""
    return _OBSERVERS[actions_of(game).game]
