"""The rules of Pazaak as plain code, each citing its rule or decision in docs/rules/pazaak.md.

Read this file first. It says what the cards are worth, when a player stands, busts or fills
his table, who wins a set and the match and who starts; :class:`PlainMatch` at the end plays a
whole match with nothing but these functions. The engine (:mod:`.state`, :mod:`.steps`,
:mod:`.playout`) does the same faster, inlined; tests/test_pazaak_fast.py proves it equal to
:class:`PlainMatch` move for move, and tests/test_pazaak_positions.py from random positions set
up by hand (:meth:`PlainMatch.from_position`).

>>> after_placing(count=9, total=18, rules=Rules())          # Z-S12: nine cards stand
'stand'
>>> after_placing(count=9, total=18, rules=Rules.kotor1())   # Z-D1: ... or fill the table
'fill'
>>> set_end(1, totals=(19, 19), standing=(True, True), tiebreakers=(False, True))
(1, 'tiebreaker')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import ClassVar, Final, Literal, Protocol, TypeAlias, TypeVar

from cardwidgets import core
from cardwidgets.cards import Rng

# -------------------------------------------------------------------------------------------
# numbers and variants
# -------------------------------------------------------------------------------------------

TARGET: Final = 20
"""The total to reach without going over (Z-S1)."""
MAX_CARDS: Final = 9
"""The most cards a player may have on his table in one set (Z-S12)."""
SIDE_DECK_SIZE: Final = 10
"""Every side deck has exactly this many cards (Z-D8)."""
FULL_DECK: Final[tuple[int, ...]] = tuple(sorted(list(range(1, 11)) * 4))
"""The 40-card main deck, four each of 1…10 (Z-S3), sorted."""
MAX_SET_NUMBER: Final = 1000
"""The highest set number a position may carry. Tied sets are played again and count (the
rules set no limit), but a match to the most sets (9) is some 20 sets long: 1,000 is far
beyond any match that is played."""


@dataclasses.dataclass(frozen=True)
class Rules(core.Rules):
    """Pazaak rule variants (docs/rules/pazaak.md); the defaults are the seed rules.

    * ``main_deck``: ``"finite40"`` (a fresh shuffled 40-card deck per set, Z-D2) or
      ``"uniform_with_replacement"`` (every draw is 1…10 with chance 1/10, as in KOTOR).
    * ``fill_table_wins``: nine cards without busting win the set (Z-D1, KOTOR variant)
      instead of a forced stand.
    * ``gold_cards``: the KOTOR II gold cards may be in side decks (Z-D9).
    * ``sets_to_win``: sets needed to win the match (Z-S2: 3).
    * ``hand_size``: hand cards drawn from the side deck for the match (Z-S5: 4).

    >>> Rules.kotor2()
    Rules(main_deck='uniform_with_replacement', fill_table_wins=True, gold_cards=True, \
sets_to_win=3, hand_size=4)
    """

    main_deck: str = "finite40"
    fill_table_wins: bool = False
    gold_cards: bool = False
    sets_to_win: int = 3
    hand_size: int = 4

    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {
        "main_deck": ("finite40", "uniform_with_replacement"),
        "sets_to_win": tuple(range(1, 10)),
        "hand_size": tuple(range(0, SIDE_DECK_SIZE + 1)),
    }

    @classmethod
    def seed(cls) -> Rules:
        """The seed rules (S3 and the decisions of docs/rules/pazaak.md): the defaults."""
        return cls()

    @classmethod
    def kotor1(cls) -> Rules:
        """Knights of the Old Republic: random draws with replacement, filling the table wins,
        no gold cards (Z-D1, Z-D2, Z-D9)."""
        return cls(main_deck="uniform_with_replacement", fill_table_wins=True)

    @classmethod
    def kotor2(cls) -> Rules:
        """KOTOR II (The Sith Lords): as :meth:`kotor1`, with gold cards (Z-D9)."""
        return cls(main_deck="uniform_with_replacement", fill_table_wins=True, gold_cards=True)


Rules.__module__ = "cardwidgets.games.pazaak"  # pickles as before the split (not in the body:
# dataclasses would look up ``ClassVar`` in that module while it is still being imported)
SEED_RULES: Final = Rules()


def check_rules(rules: Rules | None) -> Rules:
    """``rules``, or the seed rules for None; anything but a Pazaak :class:`Rules` is refused."""
    return SEED_RULES if rules is None else core.check_rules(rules, Rules, "pazaak")


# -------------------------------------------------------------------------------------------
# side cards: kinds and values (Z-S4, Z-S9, Z-D9)
# -------------------------------------------------------------------------------------------

PLUS: Final = "+"
"""A plus card +1…+6: adds its number (Z-S4)."""
MINUS: Final = "-"
"""A minus card -1…-6: subtracts its number (Z-S4)."""
PLUS_MINUS: Final = "±"
"""A ± card ±1…±6: adds or subtracts its number, the sign said when played (Z-S4, Z-S9)."""
SIZES: Final = range(1, 7)
"""The numbers of the plain side cards (Z-S4)."""
GOLD_KINDS: Final = ("±1/2", "D", "±1T", "2&4", "3&6")
"""The KOTOR II gold cards (Z-D9): ±1/2, Double, Tiebreaker and the two Flips."""
DOUBLE_KIND: Final = "D"
TIEBREAKER_KIND: Final = "±1T"
FLIPS: Final[Mapping[str, tuple[int, int]]] = {"2&4": (2, 4), "3&6": (3, 6)}
"""The numbers each Flip card turns over on its owner's table (Z-D9)."""


class SideCardLike(Protocol):
    """What these rules need of a side card: its kind and number (and catalogue order)."""

    @property
    def kind(self) -> str: ...
    @property
    def size(self) -> int: ...
    @property
    def code(self) -> int: ...


C = TypeVar("C", bound=SideCardLike)
Placed: TypeAlias = tuple["int | C", int]
"""A card on a table: the main-deck number or the side card, and its current value."""
Choice: TypeAlias = "tuple[C, int | None] | Literal['end', 'stand']"
"""A move of :class:`PlainMatch`: a hand card with its declared sign, ``"end"`` or ``"stand"``."""


def is_gold(kind: str) -> bool:
    """Gold cards are allowed only with ``gold_cards`` (Z-D9).

    >>> is_gold("±"), is_gold("±1T")
    (False, True)
    """
    return kind not in (PLUS, MINUS, PLUS_MINUS)


def side_card_values(kind: str, size: int = 0) -> dict[int | None, int]:
    """What a side card may be played as: each declarable sign and the value it gives; the key
    ``None`` means a fixed value, no sign declared (Z-S4, Z-S9, Z-D9). Double and the Flips are
    listed as 0: Double takes its value from the table (:func:`placed_value`), a Flip is worth 0.

    >>> side_card_values("-", 3), side_card_values("±", 4), side_card_values("±1/2")
    ({None: -3}, {1: 4, -1: -4}, {1: 1, -1: -1, 2: 2, -2: -2})
    """
    if kind == PLUS:
        return {None: size}
    if kind == MINUS:
        return {None: -size}
    if kind == PLUS_MINUS:
        return {1: size, -1: -size}
    if kind == "±1/2":
        return {1: 1, -1: -1, 2: 2, -2: -2}
    if kind == TIEBREAKER_KIND:
        return {1: 1, -1: -1}
    return {None: 0}  # D and the Flips


def sign_order(sign: int | None) -> tuple[int, int]:
    """The order the legal moves list a card's values: fixed first, then +1, -1, +2, -2."""
    return (0, 0) if sign is None else (abs(sign), -sign)


def placed_value(kind: str, value: int, table: Sequence[Placed[C]]) -> int:
    """The value a hand card takes on its owner's table: Double copies the value of the card
    placed just before it (Z-D9; by Z-D5 the table is never empty then); every other card is
    worth what was declared (``value``, from :func:`side_card_values`)."""
    return table[-1][1] if kind == DOUBLE_KIND else value


def flip(table: Sequence[Placed[C]], kind: str) -> tuple[Placed[C], ...]:
    """A Flip card turns over the sign of its owner's cards worth ±2/±4 (±3/±6) (Z-D9).

    >>> flip([(2, 2), (7, 7), (4, -4)], "2&4")
    ((2, -2), (7, 7), (4, 4))
    """
    low, high = FLIPS[kind]
    return tuple((src, -v) if abs(v) in (low, high) else (src, v) for src, v in table)


def as_placed(table: Sequence[Placed[C]]) -> list[int] | None:
    """The value each card of ``table`` had when it was placed, or None if no play gives the
    table its current values: a main-deck card is worth its number, a side card what it may be
    played as, a Double the value of the card just before it (Z-D9), and a sign changes only
    by a Flip placed later (Z-D9). Undoes the Flips from the last one back.

    >>> from cardwidgets.games.pazaak import SideCard
    >>> as_placed([(4, -4), (SideCard("+2"), -2), (1, 1), (SideCard("2&4"), 0)])
    [4, 2, 1, 0]
    >>> as_placed([(4, -4)]) is None
    True
    """
    values = [value for _, value in table]
    for i in range(len(table) - 1, -1, -1):
        src, value = table[i][0], values[i]  # its value before the Flips placed after it
        if isinstance(src, int):
            allowed = {src}
        elif src.kind == DOUBLE_KIND:
            allowed = {values[i - 1]} if i else set()
        else:
            allowed = set(side_card_values(src.kind, src.size).values())
        if value not in allowed:
            return None
        if not isinstance(src, int) and src.kind in FLIPS:  # undo it on the cards before
            low, high = FLIPS[src.kind]
            values[:i] = [-v if abs(v) in (low, high) else v for v in values[:i]]
    return values


def total(table: Sequence[Placed[C]]) -> int:
    """A player's total: the sum of the current values on his table (Z-S1)."""
    return sum(value for _, value in table)


def is_bust(total: int) -> bool:
    """Over 20 is a bust (Z-S1); it counts at the end of a turn (Z-D4)."""
    return total > TARGET


def after_placing(count: int, total: int, rules: Rules) -> Literal["fill", "stand"] | None:
    """What placing a card forces, with ``count`` cards on the table: **the nine-card rule**.

    Under ``fill_table_wins`` nine cards without a bust win the set (``"fill"``, Z-D1, checked
    before the stand at 20). Otherwise nine cards (Z-S12) or exactly 20 (Z-S13, Z-D6) make the
    player stand; nothing else is forced.

    >>> [after_placing(n, t, Rules()) for n, t in ((9, 23), (4, 20), (4, 19))]
    ['stand', 'stand', None]
    """
    if count >= MAX_CARDS and total <= TARGET and rules.fill_table_wins:
        return "fill"
    if count >= MAX_CARDS or total == TARGET:
        return "stand"
    return None


def played_tiebreaker(table: Sequence[Placed[C]]) -> bool:
    """Whether a player placed a Tiebreaker (±1T) in this set (Z-D7)."""
    return any(not isinstance(src, int) and src.kind == TIEBREAKER_KIND for src, _ in table)


def set_end(
    seat: int,
    totals: tuple[int, int],
    standing: tuple[bool, bool],
    tiebreakers: tuple[bool, bool],
) -> tuple[int | None, str] | None:
    """How ``seat``'s end of turn ends the set: ``(winner, reason)``, or None if it goes on.

    A player over 20 at the end of his turn loses (Z-D4, Z-S14); when both stand, the higher
    total wins (Z-S1, Z-D7); equal totals tie (winner None, Z-S16) unless exactly one player
    played a Tiebreaker (Z-D7).
    """
    if is_bust(totals[seat]):
        return 1 - seat, "bust"
    if not (standing[0] and standing[1]):
        return None
    a, b = totals
    if a != b:
        return (0 if a > b else 1), "higher"
    if tiebreakers[0] != tiebreakers[1]:
        return (0 if tiebreakers[0] else 1), "tiebreaker"
    return None, "tie"


def next_seat(seat: int, standing: tuple[bool, bool]) -> int:
    """Who takes the next turn: the opponent, unless he stands (Z-S10, Z-S11, Z-D5)."""
    return seat if standing[1 - seat] else 1 - seat


def match_winner(sets: tuple[int, int], rules: Rules) -> int | None:
    """The seat that has won ``sets_to_win`` sets, if any (Z-S2, Z-S17)."""
    for seat in (0, 1):
        if sets[seat] >= rules.sets_to_win:
            return seat
    return None


def first_starter(mine: int, theirs: int) -> int | None:
    """Who starts the first set: the higher of one main-deck card each; equal cards draw again
    (None) (Z-D3)."""
    if mine == theirs:
        return None
    return 0 if mine > theirs else 1


def next_starter(starter: int) -> int:
    """The starter alternates every set, tied sets included (Z-D3)."""
    return 1 - starter


def hand_choices(hand: Sequence[C], played: bool) -> list[Choice[C]]:
    """The legal moves of a turn, in order: each different hand card (as the hand is sorted)
    with each of its values (:func:`sign_order`), then end and stand. After a hand card this
    turn only end and stand remain (Z-S7, Z-S8, Z-D5)."""
    moves: list[Choice[C]] = []
    if not played:
        for i, card in enumerate(hand):
            if i == 0 or hand[i - 1] is not card:
                signs = sorted(side_card_values(card.kind, card.size), key=sign_order)
                moves.extend((card, sign) for sign in signs)
    return [*moves, "end", "stand"]


# -------------------------------------------------------------------------------------------
# drawing cards (Z-D2, Z-D10, Z-S5, Z-D3)
# -------------------------------------------------------------------------------------------

NEXT_KEY: Final = 0x9E3779B97F4A7C15
"""Each main-deck draw uses its own key; the next key is this much further on the SplitMix64
stream, so ``Rng(key + NEXT_KEY)`` continues ``Rng(key)``."""
MASK64: Final = (1 << 64) - 1


def fresh_deck(rules: Rules) -> list[int]:
    """The unseen main-deck cards at the start of a set: all 40, sorted (Z-D2); none are kept
    when every draw is a new random 1…10."""
    return list(FULL_DECK) if rules.main_deck == "finite40" else []


def draw_main(unseen: list[int], key: int, rules: Rules) -> tuple[int, int]:
    """The automatic draw (Z-D10): a uniformly random unseen card, taken out of ``unseen``
    (the same as drawing from a shuffled deck, Z-D2), or a random 1…10 with replacement.
    Returns the card and the next key."""
    if rules.main_deck == "finite40":
        card = unseen.pop(Rng(key).below(len(unseen)))
    else:
        card = 1 + Rng(key).below(10)
    return card, (key + NEXT_KEY) & MASK64


def draw_next(top: list[int], unseen: list[int], key: int, rules: Rules) -> tuple[int, int]:
    """The automatic draw (Z-D10) in a position set up by hand: the cards a lesson put on top
    of the deck come first, in their order, and use no randomness (the key stays); under them
    :func:`draw_main` draws from ``unseen``. ``top`` loses the card drawn.

    >>> top = [7]
    >>> draw_next(top, [], 5, Rules()), top
    ((7, 5), [])
    """
    if top:
        return top.pop(0), key
    return draw_main(unseen, key, rules)


def ways(n: int, k: int) -> int:
    """``n·(n-1)·…`` (``k`` factors): the ordered draws of ``k`` of ``n`` cards."""
    count = 1
    for i in range(min(k, n)):
        count *= n - i
    return count


def hand_at(deck: Sequence[C], k: int, r: int) -> tuple[C, ...]:
    """The hand of draw number ``r < ways(len(deck), k)``: a partial Fisher–Yates whose swap
    positions are the mixed-radix digits of ``r``, sorted in catalogue order."""
    pool = list(deck)
    n = len(pool)
    for i in range(min(k, n)):
        r, offset = divmod(r, n - i)
        j = i + offset
        pool[i], pool[j] = pool[j], pool[i]
    return tuple(sorted(pool[: min(k, n)], key=lambda card: card.code))


def draw_hand(rng: Rng, deck: Sequence[C], k: int) -> tuple[C, ...]:
    """The hand for the whole match: ``k`` cards drawn at random from the side deck (Z-S5,
    Z-D8), one ``rng.below`` per hand."""
    return hand_at(deck, k, rng.below(ways(len(deck), k)))


def draw_two(rng: Rng) -> tuple[int, int]:
    """Two different cards of the 40, uniformly: the high-card draw for the first set (Z-D3)."""
    i, j = divmod(rng.below(40 * 39), 39)
    return FULL_DECK[i], FULL_DECK[j + (j >= i)]


# -------------------------------------------------------------------------------------------
# a whole match, plainly
# -------------------------------------------------------------------------------------------


@dataclasses.dataclass
class PlainMatch:
    """A match played by the rules above on plain lists, one step at a time: the reference
    the fast engine is tested against (same seed, same choices, same cards, same result).

    >>> from cardwidgets.games.pazaak import default_side_deck, new_game
    >>> deck = default_side_deck()
    >>> match = PlainMatch.new(7, Rules(), (deck, deck))
    >>> state = new_game(seed=7)
    >>> (match.to_move, match.totals, tuple(map(tuple, match.hands))) == (
    ...     state.to_move, state.totals, state.hands)
    True
    """

    rules: Rules
    hands: list[list[SideCardLike]]
    key: int
    starter: int
    to_move: int | None = None
    played: bool = False
    tables: list[list[Placed[SideCardLike]]] = dataclasses.field(default_factory=lambda: [[], []])
    standing: list[bool] = dataclasses.field(default_factory=lambda: [False, False])
    sets: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    unseen: list[int] = dataclasses.field(default_factory=list)
    set_ends: list[tuple[int | None, str]] = dataclasses.field(default_factory=list)
    top: list[int] = dataclasses.field(default_factory=list)
    used: list[list[SideCardLike]] = dataclasses.field(default_factory=lambda: [[], []])
    last_tables: tuple[tuple[int, ...], tuple[int, ...]] | None = None
    """The values on both tables when the last set ended."""

    @classmethod
    def new(
        cls, seed: int | str, rules: Rules, side_decks: Sequence[Sequence[SideCardLike]]
    ) -> PlainMatch:
        """The match as ``new_game(seed, rules, side_decks)`` starts it: hands, starter, and the
        starter's first draw."""
        rng = Rng(seed)
        hands = [list(draw_hand(rng, deck, rules.hand_size)) for deck in side_decks]
        first = None
        while first is None:
            first = first_starter(*draw_two(rng))
        match = cls(rules, hands, rng.next64(), first, unseen=fresh_deck(rules))
        match._start_turn(first)
        return match

    @classmethod
    def from_position(
        cls,
        rules: Rules,
        hands: Sequence[Sequence[SideCardLike]],
        tables: Sequence[Sequence[Placed[SideCardLike]]],
        seats: tuple[int, int],
        standing: tuple[bool, bool],
        sets: tuple[int, int],
        deck: tuple[Sequence[int], int],
        played: bool = False,
        draw: bool = True,
    ) -> PlainMatch:
        """A match from a position set up by hand (what ``State.from_position`` takes):
        ``seats`` is (to move, starter of this set), ``deck`` the cards put on top of the deck
        and the key of the draws under them. The unseen cards are the 40 less those on the
        tables and on top (Z-S3, Z-D2). With ``draw`` the player to move makes his automatic
        draw first (Z-D5 step 1); without it he has drawn and decides.
        """
        to_move, starter = seats
        top, key = deck
        unseen = fresh_deck(rules)
        if unseen:  # finite40: the cards on the tables and on top are not among the unseen
            for table in tables:
                for src, _ in table:
                    if isinstance(src, int):
                        unseen.remove(src)
            for card in top:
                unseen.remove(card)
        match = cls(
            rules,
            [list(h) for h in hands],
            key,
            starter,
            to_move=to_move,
            played=played,
            tables=[list(t) for t in tables],
            standing=list(standing),
            sets=list(sets),
            unseen=unseen,
            top=list(top),
        )
        if draw:
            match._start_turn(to_move)
        return match

    @property
    def totals(self) -> tuple[int, int]:
        return total(self.tables[0]), total(self.tables[1])

    def moves(self) -> list[Choice[SideCardLike]]:
        """The legal moves of the player to move (none once the match is over)."""
        if self.to_move is None:
            return []
        return hand_choices(self.hands[self.to_move], self.played)

    def play(self, choice: Choice[SideCardLike]) -> None:
        """Make a move of :meth:`moves` (Z-D5 steps 4 and 5)."""
        seat = self.to_move
        assert seat is not None
        if isinstance(choice, str):
            if choice == "stand":
                self.standing[seat] = True
            self._end_turn(seat)
            return
        card, sign = choice
        table = self.tables[seat]
        if card.kind in FLIPS:
            table[:] = flip(table, card.kind)
        table.append(
            (card, placed_value(card.kind, side_card_values(card.kind, card.size)[sign], table))
        )
        self.hands[seat].remove(card)
        self.used[seat].append(card)
        self.played = True
        self._forced(seat)

    def _start_turn(self, seat: int) -> None:
        """Z-D5 steps 1–3: the automatic draw, then what it forces."""
        self.to_move, self.played = seat, False
        card, self.key = draw_next(self.top, self.unseen, self.key, self.rules)
        self.tables[seat].append((card, card))
        self._forced(seat)

    def _forced(self, seat: int) -> None:
        table = self.tables[seat]
        forced = after_placing(len(table), total(table), self.rules)
        if forced == "fill":
            self._end_set(seat, "fill")
        elif forced == "stand":
            self.standing[seat] = True
            self._end_turn(seat)

    def _end_turn(self, seat: int) -> None:
        standing = (self.standing[0], self.standing[1])
        tiebreakers = (played_tiebreaker(self.tables[0]), played_tiebreaker(self.tables[1]))
        ended = set_end(seat, self.totals, standing, tiebreakers)
        if ended is None:
            self._start_turn(next_seat(seat, standing))
        else:
            self._end_set(*ended)

    def _end_set(self, winner: int | None, reason: str) -> None:
        self.set_ends.append((winner, reason))
        t0, t1 = self.tables
        self.last_tables = tuple(v for _, v in t0), tuple(v for _, v in t1)
        if winner is not None:
            self.sets[winner] += 1
        if match_winner((self.sets[0], self.sets[1]), self.rules) is not None:
            self.to_move, self.played = None, False
            return
        self.starter = next_starter(self.starter)
        self.tables, self.standing = [[], []], [False, False]
        self.unseen, self.top = fresh_deck(self.rules), []  # a set-up top lasts one set
        self._start_turn(self.starter)
