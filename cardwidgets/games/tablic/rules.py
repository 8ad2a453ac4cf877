"""The rules of Tablić (docs/rules/tablic.md) as plain code, each citing its id (T-S…, T-D…).

This module says *what* the rules are, in the simplest code that states them: card values,
the played value, card points, what a legal capture is, the tabla, how a deal is dealt and
scored, and when the match ends; :class:`PlainMatch` at the end plays a match from any position
with nothing else. The engine does the same faster elsewhere (the capture search,
lookups by card index and random games in :mod:`._fast`, bitmask dealing in :mod:`.deck`);
the tests compare every fast path with the functions here, so these are the contract.

>>> from cardwidgets import cards
>>> show = lambda found: sorted(cards.format_cards(sorted(c)) for c in found)
>>> show(legal_captures("8♦", "3♠ 5♥ 2♦ 6♣"))        # T-S15: both groups, or either one
['2♦ 3♠ 5♥ 6♣', '2♦ 6♣', '3♠ 5♥']
>>> deal_breakdown("10♦ A♠ 3♥", "K♣ 2♣", tablas=(0, 1))["scores"]
(6, 3)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections.abc import Collection, Iterable, Mapping, Sequence
from typing import ClassVar, NamedTuple

from cardwidgets import cards, core
from cardwidgets.cards import Card, CardLike
from cardwidgets.core import IllegalMove

__all__ = [
    "DEFAULT_RULES",
    "MAX_DEAL_NUMBER",
    "MAX_DEAL_SCORE",
    "MAX_TABLAS",
    "MAX_TIED_DEALS",
    "DealResult",
    "PlainMatch",
    "Rules",
    "Shortfall",
    "adds_up_to",
    "capture_groups",
    "capture_shortfall",
    "card_points",
    "card_values",
    "deal_breakdown",
    "deal_deck",
    "deal_round",
    "is_tabla",
    "leftovers_taker",
    "legal_captures",
    "match_over",
    "max_total",
    "played_value",
    "score_deal",
    "splits_into_groups",
    "winner",
]


# -- the variants --------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Rules(core.Rules):
    """Tablić rule variants; the defaults are the seed rules (docs/rules/tablic.md).

    >>> Rules()  # doctest: +NORMALIZE_WHITESPACE
    Rules(capture_must_be_maximal=False, final_card_tabla=False,
          leftovers_to='last_capturer', target=101)
    >>> Rules(leftovers_to="nobody")
    Traceback (most recent call last):
    ...
    cardwidgets.core.RuleError: rule 'leftovers_to' must be one of 'last_capturer', 'dealer', ...
    """

    capture_must_be_maximal: bool = False
    """T-D1 variant: only maximal captures are legal, those that no other legal capture
    contains (T-D1a)."""
    final_card_tabla: bool = False
    """T-D5 variant: the last card of a deal may score a tabla (S2's literal reading)."""
    leftovers_to: str = "last_capturer"
    """T-D6: who takes the cards left on the table at the end of a deal."""
    target: int = 101
    """T-D7: a match ends after the first deal at which a total reaches this and totals differ."""

    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {
        "leftovers_to": ("last_capturer", "dealer"),
    }
    bounds: ClassVar[Mapping[str, tuple[int, int]]] = {"target": (1, 1000)}
    """T-D7: a target of 1 ends the match after the first deal the totals differ; 1,000
    (ten times the seed target, some 80 deals) is the most. A match lasts about target / 12.5
    deals (a deal gives 25 points between the players), so a bigger target makes a lab run
    or ``--rule target=...`` that never ends."""


DEFAULT_RULES = Rules()


# -- values and points ---------------------------------------------------------------------------


def card_values(card: CardLike) -> tuple[int, ...]:
    """The values a card can take on the table (T-S19, T-D2): 2–10 as printed, J 12, Q 13,
    K 14, and an Ace 1 or 11.

    >>> card_values("A♣"), card_values("J♥"), card_values("K♠"), card_values("7♦")
    ((1, 11), (12,), (14,), (7,))
    """
    rank = cards.to_card(card).rank  # 2–10, J 11, Q 12, K 13, A 14
    if rank == 14:
        return (1, 11)
    if rank >= 11:
        return (rank + 1,)  # the court cards skip 11, the Ace's second value
    return (int(rank),)


def played_value(card: CardLike) -> int:
    """The value a played card captures with. A played Ace is 11 (T-D3): one value for the
    whole capture, and every capture at 1 (single table Aces) is also one at 11.

    >>> played_value("A♦"), played_value("Q♠")
    (11, 13)
    """
    return card_values(card)[-1]


def card_points(card: CardLike) -> int:
    """Points of a card at the end of a deal (T-S20): 10♦ 2; A, K, Q, J, other 10s and 2♣ 1.

    >>> [card_points(c) for c in ("10♦", "10♠", "A♥", "J♣", "2♣", "2♦", "9♠")]
    [2, 1, 1, 1, 1, 0, 0]
    """
    card = cards.to_card(card)
    if card.text == "10♦":
        return 2
    if card.rank >= 10 or card.text == "2♣":
        return 1
    return 0


# -- captures ------------------------------------------------------------------------------------


def adds_up_to(value: int, group: Iterable[Card]) -> bool:
    """Whether table cards form one group of ``value`` (T-D2): their values add up to it,
    each Ace counting 1 or 11 on its own.

    >>> adds_up_to(12, cards.parse_many("A♠ A♥")), adds_up_to(13, cards.parse_many("A♠ A♥"))
    (True, False)
    """
    sums = {0}
    for card in group:
        sums = {total + x for total in sums for x in card_values(card)}
    return value in sums


def splits_into_groups(value: int, taken: Collection[Card]) -> bool:
    """Whether table cards split into disjoint groups that each add up to ``value`` (T-S9,
    T-D1, T-D2).

    >>> splits_into_groups(8, cards.parse_many("3♠ 5♥ 2♦ 6♣"))
    True
    >>> splits_into_groups(8, cards.parse_many("3♠ 6♣"))
    False
    """
    return _split(value, tuple(sorted(taken, key=_anchor_first))) is not None


class Shortfall(NamedTuple):
    """How far table cards chosen for a capture are from whole groups (T-D2), each Ace
    counted at 1 (:func:`capture_shortfall`)."""

    total: int
    """The chosen cards' values added up, each Ace at 1."""
    value: int
    """The played value every group must add up to."""
    missing: int
    """How much more would complete a group; 0 when the sum is a whole number of groups."""


def capture_shortfall(card: CardLike, chosen: Iterable[CardLike] | str) -> Shortfall | None:
    """What a capture being built still misses by the sum alone (T-D2): groups each add up
    to the played value, so a capture's sum (Aces at 1) that is no multiple of it needs
    ``missing`` more. None when a chosen card is worth more than the played value even at
    its lowest (it fits no group). A whole multiple may still not split into groups
    (:func:`splits_into_groups` says).

    >>> capture_shortfall("8♦", "2♦ 4♥")
    Shortfall(total=6, value=8, missing=2)
    >>> capture_shortfall("8♦", "3♠ 5♥").missing, capture_shortfall("8♦", "9♠")
    (0, None)
    """
    value = played_value(card)
    low = [min(card_values(c)) for c in cards.to_cards(chosen)]
    if any(x > value for x in low):
        return None
    total = sum(low)
    return Shortfall(total, value, -total % value)


def legal_captures(
    card: CardLike, table: Iterable[CardLike] | str, rules: Rules | None = None
) -> set[frozenset[Card]]:
    """Every legal capture of ``card`` on ``table``, straight from the rules, trying every
    subset of the table (exponential: the plain statement, not the engine's search).

    A capture is a non-empty set of table cards that splits into disjoint groups, each adding
    up to the played value (T-S9, T-D1, T-D2; a played Ace at 11, T-D3); a King takes at
    most one table King (T-D4). With ``rules.capture_must_be_maximal`` only the captures that
    no other legal capture contains are legal (T-D1a). Trailing is always legal besides (T-D1).

    >>> show = lambda found: sorted(cards.format_cards(sorted(c)) for c in found)
    >>> show(legal_captures("A♦", "A♣ 10♥"))                   # T-S16
    ['10♥ A♣', 'A♣']
    >>> show(legal_captures("K♦", "K♠ K♥ 4♣ 10♣", Rules(capture_must_be_maximal=True)))
    ['4♣ 10♣ K♠', '4♣ 10♣ K♥']
    """
    played = cards.to_card(card)
    on_table = _table_cards(played, table)
    value = played_value(played)
    subsets = [
        frozenset(chosen)
        for size in range(1, len(on_table) + 1)
        for chosen in itertools.combinations(on_table, size)
    ]
    groups = [subset for subset in subsets if adds_up_to(value, subset)]

    @functools.cache
    def splits(chosen: frozenset[Card]) -> bool:
        if not chosen:
            return True
        first = min(chosen)  # the group that holds one fixed card, then the rest
        return any(first in g and g <= chosen and splits(chosen - g) for g in groups)

    found = {chosen for chosen in subsets if splits(chosen) and _kings_allowed(value, chosen)}
    if (rules or DEFAULT_RULES).capture_must_be_maximal:
        found = {chosen for chosen in found if not any(chosen < other for other in found)}
    return found


def capture_groups(
    card: CardLike, captured: Iterable[CardLike] | str
) -> tuple[frozenset[Card], ...]:
    """One way to split a legal capture into its groups (each adds up to the played value).

    The widget colours the groups; the order is deterministic (the group holding the highest
    card first). Raises :class:`IllegalMove` if ``captured`` is not a legal capture.

    >>> [cards.format_cards(sorted(g)) for g in capture_groups("8♦", "3♠ 5♥ 2♦ 6♣")]
    ['2♦ 6♣', '3♠ 5♥']
    >>> [cards.format_cards(sorted(g)) for g in capture_groups("A♦", "A♣ A♠ 10♥")]
    ['10♥ A♣', 'A♠']
    """
    played = cards.to_card(card)
    taken = tuple(sorted(_table_cards(played, captured)))  # refuses the played card
    value = played_value(played)
    groups = _split(value, tuple(sorted(taken, key=_anchor_first)))
    if groups is None or not taken:
        raise IllegalMove(
            "tablic.not_a_capture", card=played, captured=cards.format_cards(taken), value=value
        )
    if not _kings_allowed(value, taken):
        raise IllegalMove(
            "tablic.king_rule", kings=cards.format_cards(c for c in taken if c.rank == 13)
        )
    return groups


def _kings_allowed(value: int, taken: Iterable[Card]) -> bool:
    """T-D4: a played King (14) takes at most one table King (a King's only group of 14)."""
    return value != 14 or sum(1 for c in taken if c.rank == 13) <= 1


def _anchor_first(card: Card) -> tuple[int, int]:
    # The highest card first (an Ace last: as 1 it is the smallest): each group is built
    # around the highest card left, which keeps the search short and the answer fixed.
    return (-(max(card_values(card)) if card.rank != 14 else 0), -card.index)


def _split(value: int, order: tuple[Card, ...]) -> tuple[frozenset[Card], ...] | None:
    """Groups of ``value`` covering ``order`` (highest card first), by backtracking: the
    first card's group, then the rest; None if there is no such split."""
    if not order:
        return ()
    first, rest = order[0], order[1:]
    for size in range(len(rest) + 1):
        for others in itertools.combinations(rest, size):
            group = (first, *others)
            if adds_up_to(value, group):
                tail = _split(value, tuple(c for c in rest if c not in others))
                if tail is not None:
                    return (frozenset(group), *tail)
    return None


def _table_cards(played: Card, table: Iterable[CardLike] | str) -> tuple[Card, ...]:
    """The table's cards; the played card comes from a hand, so it cannot be among them."""
    found = cards.to_cards(table)
    if played in found:
        raise IllegalMove("tablic.played_on_table", card=played)
    return found


# -- a turn and a deal ---------------------------------------------------------------------------


def is_tabla(table_after: Collection[Card], cards_left: int, rules: Rules) -> bool:
    """Whether a capture scores a tabla (T-S13, T-D5): it leaves the table empty, and it is
    not made with the last card of the deal (``cards_left``: cards still in both hands and
    the stock), unless ``rules.final_card_tabla``. The final sweep of leftovers never is (T-D6).

    >>> is_tabla((), 10, DEFAULT_RULES), is_tabla((), 0, DEFAULT_RULES)
    (True, False)
    """
    return not table_after and (cards_left > 0 or rules.final_card_tabla)


def deal_round(stock: Sequence[Card], dealer: int) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
    """The hands dealt from the top of ``stock`` at the start of a round (T-S5, T-D8): three
    cards to Elder (the other seat), three to the dealer, three to Elder, three to the dealer.
    A deal's first four cards went to the table; the rest is the stock, top first.

    >>> deal = cards.parse_many("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠")
    >>> [cards.format_cards(h) for h in deal_round(deal, dealer=1)]
    ['2♠ 3♠ 4♠ 8♠ 9♠ 10♠', '5♠ 6♠ 7♠ J♠ Q♠ K♠']
    """
    hands: tuple[list[Card], list[Card]] = ([], [])
    elder = 1 - dealer
    for start in range(0, min(len(stock), 12), 3):
        seat = elder if start % 6 == 0 else dealer
        hands[seat].extend(stock[start : start + 3])
    return (tuple(sorted(hands[0])), tuple(sorted(hands[1])))


def leftovers_taker(rules: Rules, dealer: int, last_capturer: int | None) -> int | None:
    """Who takes the cards left on the table at the end of a deal (T-D6): the last capturer
    (nobody if nobody captured), or the dealer with ``leftovers_to="dealer"``.

    >>> leftovers_taker(DEFAULT_RULES, 1, 0), leftovers_taker(Rules(leftovers_to="dealer"), 1, 0)
    (0, 1)
    """
    return dealer if rules.leftovers_to == "dealer" else last_capturer


def deal_breakdown(
    pile0: Iterable[CardLike], pile1: Iterable[CardLike], tablas: Sequence[int] = (0, 0)
) -> dict[str, tuple[int, int]]:
    """How a deal scores (T-S18, T-D9): cards, card points, the 3 for strictly more cards, tablas.

    >>> deal_breakdown("10♦ A♠ 3♥", "K♣ 2♣", tablas=(0, 1))
    {'cards': (3, 2), 'points': (3, 2), 'most_cards': (3, 0), 'tablas': (0, 1), 'scores': (6, 3)}
    """
    piles = [
        cards.to_cards(p) if isinstance(p, str) else tuple(map(cards.to_card, p))
        for p in (pile0, pile1)
    ]
    counts = (len(piles[0]), len(piles[1]))
    points = (sum(map(card_points, piles[0])), sum(map(card_points, piles[1])))
    return breakdown(counts, points, (int(tablas[0]), int(tablas[1])))


def breakdown(
    counts: tuple[int, int], points: tuple[int, int], tablas: tuple[int, int]
) -> dict[str, tuple[int, int]]:
    """:func:`deal_breakdown` from the piles' sizes and card points: 3 points for strictly
    more cards, none for a tie (T-S18, T-D9), and the tablas on top (T-S13).

    >>> breakdown((26, 26), (11, 11), (0, 0))["scores"]
    (11, 11)
    """
    most = (3 if counts[0] > counts[1] else 0, 3 if counts[1] > counts[0] else 0)
    scores = (points[0] + most[0] + tablas[0], points[1] + most[1] + tablas[1])
    return {
        "cards": counts,
        "points": points,
        "most_cards": most,
        "tablas": tablas,
        "scores": scores,
    }


def score_deal(
    pile0: Iterable[CardLike], pile1: Iterable[CardLike], tablas: Sequence[int] = (0, 0)
) -> tuple[int, int]:
    """Each player's score for a deal: card points, +3 for strictly more cards, plus tablas.

    The card points of a full deal add up to 22, not 25: at 26–26 nobody gets the 3 (T-D9).

    >>> score_deal(cards.DECK[:27], cards.DECK[27:])
    (4, 21)
    >>> score_deal(cards.DECK[:26], cards.DECK[26:], tablas=(2, 0))
    (3, 21)
    """
    return deal_breakdown(pile0, pile1, tablas)["scores"]


@dataclasses.dataclass(frozen=True)
class DealResult:
    """The score of one finished deal (T-S18, T-D6, T-D9)."""

    deal: int
    dealer: int
    cards: tuple[int, int]
    points: tuple[int, int]
    most_cards: tuple[int, int]
    tablas: tuple[int, int]
    scores: tuple[int, int]
    totals: tuple[int, int]
    """Running totals after this deal."""
    leftovers: tuple[Card, ...]
    leftovers_to: int | None
    piles: tuple[int, int]
    """The final piles (leftovers included) as bitmasks."""

    def to_dict(self) -> dict[str, object]:
        """JSON-safe form (cards as text; the piles as their sizes)."""
        return {
            "deal": self.deal,
            "dealer": self.dealer,
            "cards": list(self.cards),
            "points": list(self.points),
            "most_cards": list(self.most_cards),
            "tablas": list(self.tablas),
            "scores": list(self.scores),
            "totals": list(self.totals),
            "leftovers": [c.text for c in self.leftovers],
            "leftovers_to": self.leftovers_to,
        }


# -- the match -----------------------------------------------------------------------------------

MAX_TABLAS = 24
"""The most tablas a player scores in one deal (T-S13): he plays 24 cards in a deal (four
rounds of six, T-S5), and each capture scores at most one."""

MAX_DEAL_SCORE = 22 + 3 + MAX_TABLAS
"""The most points one player scores in a deal (T-S18, T-D9): all 22 card points, 3 for the
most cards, and his tablas."""

MAX_DEAL_NUMBER = 10_000
"""The highest deal number a position may carry. The rules set none (a deal in which nobody
captures scores 0:0, and tied totals play on, T-D7), but a match to the highest target
(1,000) takes some 80 deals: 10,000 is far beyond any match that is played."""

MAX_TIED_DEALS = 100
"""How many deals at tied totals past the target a position may have behind it (T-D7 plays
on at a tie; each such tie is rare, a hundred of them is beyond any played match)."""


def max_total(rules: Rules) -> int:
    """The highest running total of a match still in progress under ``rules`` (T-D7): below
    the target before the last deal, plus at most :data:`MAX_DEAL_SCORE` for each deal played
    on at tied totals.

    >>> max_total(DEFAULT_RULES)
    5000
    """
    return rules.target - 1 + MAX_TIED_DEALS * MAX_DEAL_SCORE


def match_over(rules: Rules, totals: tuple[int, int]) -> bool:
    """Whether the match ends after a deal with these running totals (T-D7): a total reached
    the target and the totals differ (equal totals play another deal).

    >>> match_over(DEFAULT_RULES, (101, 90)), match_over(DEFAULT_RULES, (105, 105))
    (True, False)
    """
    return max(totals) >= rules.target and totals[0] != totals[1]


def winner(totals: tuple[int, int]) -> int:
    """The seat with the higher total, which wins a finished match (T-D7).

    >>> winner((98, 103))
    1
    """
    return 0 if totals[0] > totals[1] else 1


# -- a whole match, plainly ----------------------------------------------------------------------


def deal_deck(seed: int | str, deal_number: int) -> list[Card]:
    """The shuffled deck of deal ``deal_number`` of the match ``seed`` (T-S3, T-D8): every deal
    is shuffled from the match seed and its number, so a record needs only the seed.

    >>> cards.format_cards(deal_deck(1, 1)[:4])  # the first deal's table
    '4♥ 2♦ J♠ 7♦'
    """
    return cards.Rng(seed).derive("tablic-deal", deal_number).shuffle(cards.DECK)


@dataclasses.dataclass
class PlainMatch:
    """A match from any position, played by the rules above on plain lists, one move at a
    time: the reference the engine's :class:`~.state.State` is tested against from random
    positions (the same position, the same moves, the same cards and results).

    The fields are those of ``State.from_position`` (the table in arrival order, the stock top
    first); a position whose hands are both empty goes on at once, as there.

    >>> match = PlainMatch(DEFAULT_RULES, 1, [*cards.parse_many("3♠ 5♥")],
    ...                    [[cards.parse("8♦")], [cards.parse("9♥")]])
    >>> sorted((str(card), cards.format_cards(sorted(taken))) for card, taken in match.moves())
    [('8♦', ''), ('8♦', '3♠ 5♥')]
    >>> match.play(cards.parse("8♦"), frozenset(cards.parse_many("3♠ 5♥")))
    >>> match.tablas, match.to_move, match.last_capturer
    ([1, 0], 1, 0)
    """

    rules: Rules
    seed: int | str
    table: list[Card]
    hands: list[list[Card]]
    stock: list[Card] = dataclasses.field(default_factory=list)
    to_move: int | None = 0
    dealer: int = 1
    piles: list[list[Card]] = dataclasses.field(default_factory=lambda: [[], []])
    tablas: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    totals: list[int] = dataclasses.field(default_factory=lambda: [0, 0])
    deal_number: int = 1
    last_capturer: int | None = None
    results: list[DealResult] = dataclasses.field(default_factory=list)
    """Every deal finished since the position, oldest first."""
    winner: int | None = None

    def __post_init__(self) -> None:
        # Own lists, so that playing changes nothing of the caller's (tuples are welcome too).
        self.table = list(self.table)
        self.hands = [list(self.hands[0]), list(self.hands[1])]
        self.stock = list(self.stock)
        self.piles = [list(self.piles[0]), list(self.piles[1])]
        self.tablas = list(self.tablas)
        self.totals = list(self.totals)
        if not self.hands[0] and not self.hands[1]:
            self._after_round()

    def moves(self) -> set[tuple[Card, frozenset[Card]]]:
        """Every legal move as (card, captured cards): each card of the hand of the seat to
        move (T-S8), trailed (the empty capture: always legal, T-S11, T-D1) or with each legal
        capture (T-D1–T-D4); none once the match is over."""
        if self.to_move is None:
            return set()
        found: set[tuple[Card, frozenset[Card]]] = set()
        for card in self.hands[self.to_move]:
            found.add((card, frozenset()))
            found.update((card, taken) for taken in legal_captures(card, self.table, self.rules))
        return found

    def play(self, card: Card, captured: frozenset[Card]) -> None:
        """Play ``card`` from the hand of the seat to move, taking ``captured`` (nothing: a
        trail); the move must be one of :meth:`moves`."""
        seat = self.to_move
        assert seat is not None
        self.hands[seat].remove(card)
        if captured:
            self.table = [c for c in self.table if c not in captured]
            self.piles[seat].extend([card, *captured])  # T-D12
            self.last_capturer = seat  # who takes the leftovers (T-S7, T-D6)
            left = len(self.hands[0]) + len(self.hands[1]) + len(self.stock)
            if is_tabla(self.table, left, self.rules):  # T-S13, T-D5
                self.tablas[seat] += 1
        else:
            self.table.append(card)  # a trail joins the table (T-S11)
        # T-S6: the players alternate until both hands are empty (a hand that is out, as in
        # a position set up by hand, lets the other play on).
        if self.hands[1 - seat]:
            self.to_move = 1 - seat
        elif not self.hands[seat]:
            self._after_round()

    def _after_round(self) -> None:
        """Both hands are empty: the next round (T-S7: the table stays), or the deal's end."""
        if self.stock:
            self._deal_next_round()
        else:
            self._end_deal()

    def _deal_next_round(self) -> None:
        """The next twelve stock cards, 3/3/3/3 from Elder (T-S5, T-D8); Elder leads (T-S6),
        or the dealer if a short stock (a position set up by hand) gave Elder nothing."""
        dealt = deal_round(self.stock, self.dealer)
        self.stock = self.stock[12:]
        self.hands = [[*self.hands[0], *dealt[0]], [*self.hands[1], *dealt[1]]]
        elder = 1 - self.dealer
        self.to_move = elder if self.hands[elder] else self.dealer

    def _end_deal(self) -> None:
        """Score the deal (T-S18, T-D9) with the leftovers given to their taker (T-D6; the
        sweep is no tabla, T-D5), add it to the totals, then the match ends (T-D7) or the next
        deal starts with the other dealer (T-S3)."""
        leftovers = tuple(self.table)
        taker = leftovers_taker(self.rules, self.dealer, self.last_capturer)
        piles = [list(self.piles[0]), list(self.piles[1])]
        if taker is not None:
            piles[taker].extend(leftovers)
        tablas = (self.tablas[0], self.tablas[1])
        parts = deal_breakdown(piles[0], piles[1], tablas)
        scores = parts["scores"]
        totals = (self.totals[0] + scores[0], self.totals[1] + scores[1])
        self.results.append(
            DealResult(
                deal=self.deal_number,
                dealer=self.dealer,
                cards=parts["cards"],
                points=parts["points"],
                most_cards=parts["most_cards"],
                tablas=tablas,
                scores=scores,
                totals=totals,
                leftovers=leftovers,
                leftovers_to=taker if leftovers else None,
                piles=(cards.mask(piles[0]), cards.mask(piles[1])),
            )
        )
        self.totals = list(totals)
        if match_over(self.rules, totals):
            self.piles = piles
            if taker is not None:
                self.table = []
            self.to_move, self.winner = None, winner(totals)
            return
        deck = deal_deck(self.seed, self.deal_number + 1)
        self.deal_number, self.dealer = self.deal_number + 1, 1 - self.dealer
        self.table, self.stock = deck[:4], deck[4:]  # T-D8
        self.hands, self.piles, self.tablas = [[], []], [[], []], [0, 0]
        self.last_capturer = None
        self._deal_next_round()
