"""The rules of Panjpar as plain code: the first file to read (docs/rules/panjpar.md).

Each function here states one rule on :class:`~cardwidgets.cards.Card` values, as simply as it
can be said, and names the decision (P-D…) or seed rule (P-S…) it follows. The engine plays by
the same rules with faster code on card masks (:mod:`._fast`, :mod:`.state`);
tests/test_panjpar_props.py and tests/test_panjpar_plain.py prove that code equal to these
functions.

Where each rule is:

* ranks and trumps, what beats what: :func:`beats` (P-S2, P-S12);
* the attack shapes of 1, 3 or 5 cards: :func:`is_valid_attack`, :func:`attack_shape` (P-D3);
* the attack-size limit, also in the end game: :func:`allowed_attack_sizes` (P-D4, P-S23);
* every legal attack: :func:`legal_attacks` (P-D3, P-D4, P-D6);
* a legal defence: :func:`is_legal_defence`, :func:`legal_defences` (P-D5);
* a whole battle: :func:`battle`, built from :func:`draw_up` (attacker first, P-D2),
  :func:`next_attacker` (P-S14, P-S15) and :func:`game_result` (the end, P-D7);
* who attacks first: :func:`first_attacker` (P-D1);
* a whole table and a move's effect on it: :class:`Table`, :func:`after_attack`,
  :func:`after_defence` (with the discard order, P-S13, and the cards both players saw go
  into a hand, P-D9), and who moves: :meth:`Table.to_move`.

>>> from cardwidgets.cards import parse, parse_many
>>> beats(parse("2♦"), parse("A♣"), "♦"), is_valid_attack(parse_many("7♠ 7♥ 9♠"))
(True, True)
>>> allowed_attack_sizes(4)
(1, 3)
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from cardwidgets import cards, core
from cardwidgets.cards import Card, CardLike, Suit
from cardwidgets.core import Outcome
from cardwidgets.games.panjpar.deck import SUITS, suit_index

Hand = tuple[Card, ...]
Pair = tuple[Card, Card]


@dataclasses.dataclass(frozen=True)
class Rules(core.Rules):
    """Panjpar rules; the defaults are the seed rules (docs/rules/panjpar.md).

    ``pickup``: ``"unbeaten"`` (seed, P-D5: the defender picks up only the cards he did not
    kill) or ``"all"`` (Podkidnoy-Durak style, for comparison: kill every card or pick up the
    whole attack). ``hand_size``: draw up to this many (5; "panjpar" means five cards).

    >>> Rules().to_dict()
    {'pickup': 'unbeaten', 'hand_size': 5}
    """

    choices: ClassVar[Mapping[str, tuple[object, ...]]] = {
        "pickup": ("unbeaten", "all"),
        "hand_size": (5, 6),
    }

    pickup: str = "unbeaten"
    hand_size: int = 5


SEED_RULES = Rules()
"""The seed rules, made once: ``new_game()`` without rules shares this frozen object instead of
checking a fresh ``Rules()`` field by field for every game (a tenth of a deal's cost)."""


STOCK_SIZE = 52 - 2 * 5
"""P-D10: the stock holds 42 cards, the face-up trump indicator as its last one."""


# -- beating (P-S2, P-S12) -------------------------------------------------------------------


def beats(card: CardLike, attacked: CardLike, trump_suit: Suit | str | Card) -> bool:
    """Whether ``card`` kills ``attacked`` (P-S12): a higher card of its suit, or any trump
    on a non-trump. Ranks run 2 < 3 < … < 10 < J < Q < K < A in every suit (P-S2).
    ``trump_suit`` is a suit (``"♦"``, ``"D"``) or the indicator card.

    >>> beats("7♣", "5♣", "♦"), beats("2♦", "A♣", "♦"), beats("4♣", "5♣", "♦")
    (True, True, False)
    >>> beats("A♣", "2♦", "D"), beats("3♦", "2♦", "D")
    (False, True)
    """
    killer, target = cards.to_card(card), cards.to_card(attacked)
    trump = SUITS[suit_index(trump_suit)]
    if target.suit is trump:  # a trump falls only to a higher trump
        return killer.suit is trump and killer.rank > target.rank
    if killer.suit is trump:  # any trump kills any non-trump
        return True
    return killer.suit is target.suit and killer.rank > target.rank


# -- attacks (P-D3, P-D4, P-D6) --------------------------------------------------------------


def attack_shape(attack: Iterable[Card]) -> tuple[int, ...]:
    """How often each rank occurs in ``attack``, from high to low (P-D3); suits play no part.

    >>> attack_shape(cards.parse_many("K♠ K♥ 4♠ 4♥ 7♣")), attack_shape(cards.parse_many("8♠"))
    ((2, 2, 1), (1,))
    """
    return tuple(sorted(Counter(card.rank for card in attack).values(), reverse=True))


VALID_SHAPES = frozenset({(1,), (2, 1), (3,), (2, 2, 1), (3, 2), (4, 1)})
"""P-D3: the rank counts of a valid attack. One card; a pair and a third card (which may
match the pair); two pairs and a fifth card (the pairs may share a rank, the fifth may match
one). Every other shape is invalid, any attack of two or four cards among them."""


def is_valid_attack(attack: Iterable[CardLike] | str) -> bool:
    """Whether the cards form a legal attack shape (P-D3); suits and hands do not matter.

    >>> [is_valid_attack(t) for t in ("7♥", "7♥ 7♣ 9♦", "7♥ 8♣ 9♦", "8♠ 8♥ 8♦", "4♠ 4♥")]
    [True, True, False, True, False]
    >>> [is_valid_attack(t) for t in ("K♠ K♥ 4♠ 4♥ 7♣", "10♠ 10♥ 3♠ 3♥ 3♦", "6♠ 6♥ 6♦ 6♣ J♠",
    ...                               "K♠ K♥ K♦ 4♠ 7♣")]
    [True, True, True, False]
    """
    return attack_shape(cards.to_cards(attack)) in VALID_SHAPES


def allowed_attack_sizes(defender_hand_size: int) -> tuple[int, ...]:
    """The end-game attack-size limit (P-D4, P-S23): an attack has 1, 3 or 5 cards, never
    more than the defender holds when the battle starts. P-D4 applies it always; while the
    stock lasts both hold five, so it bites only in the end game.

    >>> [allowed_attack_sizes(n) for n in (0, 1, 2, 3, 4, 5, 9)]
    [(), (1,), (1,), (1, 3), (1, 3), (1, 3, 5), (1, 3, 5)]
    """
    return tuple(size for size in (1, 3, 5) if size <= defender_hand_size)


def can_complete(chosen: Iterable[Card], hand: Iterable[Card], sizes: Iterable[int]) -> bool:
    """Whether hand cards can be added to ``chosen`` to make a legal attack shape (P-D3) of
    one of ``sizes`` (``hand`` holds the chosen cards too). Only rank counts matter, so this
    is a tiny search over at most 13 ranks, whatever the size of the hand. The widget's
    building hints and the RL action masks both ask it.

    >>> hand = cards.parse_many("7♥ 7♣ 9♦ 2♠ 3♠")
    >>> can_complete(cards.parse_many("7♥ 9♦"), hand, (1, 3, 5))
    True
    >>> can_complete(cards.parse_many("9♦ 2♠"), hand, (1, 3, 5))
    False
    >>> can_complete(cards.parse_many("7♥ 7♣ 9♦ 2♠"), hand, (1, 3))
    False
    """
    have, free = _rank_counts(chosen), _rank_counts(hand)
    # reachable: (cards, pairs) after each rank; pairs are capped at 2, what a shape needs.
    reachable = {(0, 0)}
    for rank, available in free.items():
        low = have.get(rank, 0)
        reachable = {
            (total + take, min(2, pairs + take // 2))
            for total, pairs in reachable
            for take in range(low, available + 1)
            if total + take <= 5
        }
    return any((size, (size - 1) // 2) in reachable or (size, 2) in reachable for size in sizes)


def attack_extenders(
    chosen: Iterable[Card], hand: Iterable[Card], sizes: Iterable[int]
) -> frozenset[Card]:
    """The hand cards not in ``chosen`` that, added to it, still lead to a legal attack of
    one of ``sizes``: the cards ``c`` with ``can_complete(chosen + [c], hand, sizes)``, worked
    out once per rank in closed form (the widget's hints and the RL masks ask it at every
    click or step).

    A shape of ``s`` cards is legal when it holds at least ``(s - 1) // 2`` pairs (P-D3), and
    adding cards never breaks a pair, so the question is the most pairs ``k`` more cards can
    make: first the ranks one card short of a pair (one card each), then two cards per pair.

    >>> hand = cards.parse_many("7♥ 7♣ 9♦ 2♠ 3♠")
    >>> cards.format_cards(sorted(attack_extenders(cards.parse_many("7♥ 9♦"), hand, (1, 3, 5))))
    '7♣'
    >>> cards.format_cards(sorted(attack_extenders((), hand, (1, 3))))
    '2♠ 3♠ 7♥ 7♣ 9♦'
    """
    chosen, hand, sizes = list(chosen), tuple(hand), tuple(sizes)
    if not chosen and 1 in sizes:
        return frozenset(hand)  # any single card is an attack
    have: dict[int, int] = {}
    free: dict[int, int] = {}  # per rank (card index >> 2), the hand's cards not chosen
    for card in hand:
        free[card.index >> 2] = free.get(card.index >> 2, 0) + 1
    for card in chosen:
        have[card.index >> 2] = have.get(card.index >> 2, 0) + 1
        free[card.index >> 2] -= 1  # the hand holds the chosen cards too
    counts = {r: (have.get(r, 0), n) for r, n in free.items()}
    fitting = _fitting_counts(tuple(sorted(counts.values())), sizes)
    picked = set(chosen)
    return frozenset(c for c in hand if counts[c.index >> 2] in fitting and c not in picked)


@functools.lru_cache(maxsize=4096)
def _fitting_counts(
    profile: tuple[tuple[int, int], ...], sizes: tuple[int, ...]
) -> frozenset[tuple[int, int]]:
    """The (chosen, free) counts of the ranks one more card of which still leads to an attack
    of one of ``sizes``, for a hand whose ranks have these counts (only counts matter, so
    hands of the same shape share the answer)."""
    terms = [_pair_terms(have, n) for have, n in profile]
    base, ones, twos = (sum(t[i] for t in terms) for i in range(3))
    left = sum(n for _, n in profile) - 1
    held = sum(have for have, _ in profile) + 1
    fits = set()
    for (have, n), (b0, o0, t0) in zip(profile, terms, strict=True):
        if n:
            b1, o1, t1 = _pair_terms(have + 1, n - 1)
            extra = (base - b0 + b1, ones - o0 + o1, twos - t0 + t1)
            if _can_reach(held, *extra, left, sizes):
                fits.add((have, n))
    return frozenset(fits)


def _pair_terms(count: int, left: int) -> tuple[int, int, int]:
    """One rank's share of the pair count: pairs held, a pair for one more card, pairs for
    two more cards each (``count`` chosen, ``left`` more in the hand)."""
    one = 1 if count % 2 and left else 0
    return count // 2, one, (left - one) // 2


def _can_reach(
    held: int, base: int, ones: int, twos: int, free: int, sizes: tuple[int, ...]
) -> bool:
    for size in sizes:
        more = size - held
        if more < 0 or more > free:
            continue
        need = max(0, (size - 1) // 2 - base)
        quick = min(ones, need, more)
        if need - quick <= min(twos, (more - quick) // 2):
            return True
    return False


def _rank_counts(hand: Iterable[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in hand:
        counts[int(card.rank)] = counts.get(int(card.rank), 0) + 1
    return counts


def legal_attacks(hand: Iterable[Card], defender_hand_size: int) -> list[Hand]:
    """Every legal attack from ``hand``, plainly: each set of an allowed size (P-D4) with a
    valid shape (P-D3). Never empty while the attacker holds a card: he may not pass (P-D6).

    >>> [" ".join(map(str, a)) for a in legal_attacks(cards.parse_many("8♠ 8♥ 9♦"), 3)]
    ['8♠', '8♥', '9♦', '8♠ 8♥ 9♦']
    """
    held = sorted(hand)
    return [
        combo
        for size in allowed_attack_sizes(defender_hand_size)
        for combo in itertools.combinations(held, size)
        if attack_shape(combo) in VALID_SHAPES  # is_valid_attack, on cards already read
    ]


# -- defences (P-D5) -------------------------------------------------------------------------


def is_legal_defence(
    attack: Sequence[Card], kills: Iterable[Pair], hand: Iterable[Card], trump: Suit, pickup: str
) -> bool:
    """P-D5: each (attack card, killer) pair kills an attack card with a different card of the
    defender's hand that beats it (P-S12); any attack card may be left, even one he could
    kill (P-S16). Under ``pickup="all"`` (the Durak flag) he kills all or none.

    >>> attack, hand = cards.parse_many("7♥ 7♣"), cards.parse_many("9♥ 8♣")
    >>> is_legal_defence(attack, [(attack[0], hand[0])], hand, Suit.DIAMONDS, "unbeaten")
    True
    >>> is_legal_defence(attack, [(attack[0], hand[0])], hand, Suit.DIAMONDS, "all")
    False
    """
    pairs = list(kills)
    killed = [a for a, _ in pairs]
    killers = [k for _, k in pairs]
    held = set(hand)
    if len(set(killed)) != len(killed) or len(set(killers)) != len(killers):
        return False  # one killer per attack card, one attack card per killer
    if any(a not in attack or k not in held or not beats(k, a, trump) for a, k in pairs):
        return False
    return pickup != "all" or len(pairs) in (0, len(attack))


def legal_defences(
    attack: Sequence[Card], hand: Iterable[Card], trump: Suit, pickup: str
) -> set[frozenset[Pair]]:
    """Every legal defence (P-D5) as a set of (attack card, killer) pairs, plainly: for each
    attack card, leave it or put on it a hand card that beats it; keep the legal choices.

    >>> attack, hand = cards.parse_many("7♥"), cards.parse_many("9♥ 4♦ 8♣")
    >>> sorted(len(d) for d in legal_defences(attack, hand, Suit.DIAMONDS, "unbeaten"))
    [0, 1, 1]
    """
    held = tuple(hand)
    # Only a card that beats an attack card can go on it (P-S12), so each attack card is
    # offered those; is_legal_defence still judges every choice.
    options = [(None, *(k for k in held if beats(k, a, trump))) for a in attack]
    found = set()
    for choice in itertools.product(*options):
        pairs = [(a, k) for a, k in zip(attack, choice, strict=True) if k is not None]
        if is_legal_defence(attack, pairs, held, trump, pickup):
            found.add(frozenset(pairs))
    return found


def picked_up(attack: Iterable[Card], kills: Iterable[Pair]) -> Hand:
    """The cards the defender takes into his hand: those he did not kill (P-D5, P-S15).
    Killed cards and their killers are set aside for the rest of the game (P-S13)."""
    killed = {a for a, _ in kills}
    return tuple(sorted(card for card in attack if card not in killed))


# -- after a battle (P-D2, P-S14, P-S15, P-D7) -----------------------------------------------


def draw_up(
    hands: tuple[Hand, Hand], stock: Hand, attacker: int, hand_size: int
) -> tuple[tuple[Hand, Hand], Hand]:
    """P-D2: after the battle the attacker draws up to ``hand_size`` from the top of the
    stock, then the defender, each while the stock lasts. Returns the hands and the stock.

    >>> hands, stock = draw_up(((), cards.parse_many("2♠ 3♠")), cards.parse_many("4♠ 5♠"), 0, 1)
    >>> [[str(c) for c in h] for h in hands], stock
    ([['4♠'], ['2♠', '3♠']], (Card('5♠'),))
    """
    new = [list(hands[0]), list(hands[1])]
    rest = list(stock)
    for seat in (attacker, 1 - attacker):  # attacker first
        while len(new[seat]) < hand_size and rest:
            new[seat].append(rest.pop(0))
    return (tuple(sorted(new[0])), tuple(sorted(new[1]))), tuple(rest)


def next_attacker(attacker: int, picked: Sequence[Card]) -> int:
    """Who attacks the next battle: the defender if he killed every card (P-S14), else the
    same attacker again (P-S15, P-D6: nobody passes).

    >>> next_attacker(0, ()), next_attacker(0, cards.parse_many("K♣"))
    (1, 0)
    """
    return attacker if picked else 1 - attacker


def game_result(hands: tuple[Hand, Hand], stock: Sequence[Card]) -> Outcome | None:
    """P-D7: checked after each battle's drawing. With the stock empty and a hand empty the
    game is over: both empty is a draw (P-S25), else the player without cards wins (P-S24,
    P-S30). While the stock lasts nobody is out. None while the game goes on.

    >>> game_result(((), cards.parse_many("7♠")), ()), game_result(((), ()), ())
    (Outcome(winner=0, scores=(1, 0)), Outcome(winner=None, scores=(0, 0)))
    """
    if stock or (hands[0] and hands[1]):
        return None
    if not hands[0] and not hands[1]:
        return Outcome(None, (0, 0))
    winner = 0 if not hands[0] else 1
    return Outcome(winner, (1, 0) if winner == 0 else (0, 1))


@dataclasses.dataclass(frozen=True)
class Battle:
    """The table after a battle: hands and stock after drawing, the cards set aside, who
    attacks next, and the outcome if the game is over."""

    hands: tuple[Hand, Hand]
    stock: Hand
    set_aside: tuple[Pair, ...]
    attacker: int
    outcome: Outcome | None


def battle(
    hands: tuple[Hand, Hand],
    stock: Hand,
    attacker: int,
    attack: Hand,
    kills: Iterable[Pair],
    hand_size: int,
) -> Battle:
    """A whole battle, plainly: the attacker's ``attack`` (already out of his hand) meets the
    defender's ``kills``; the killed pairs are set aside (P-S13), the defender takes up the rest
    (P-D5), both draw (P-D2), and the end (P-D7) and the next attacker (P-S14, P-S15) follow.

    >>> seven, nine = cards.parse("7♠"), cards.parse("9♠")
    >>> after = battle(((), (nine,)), (), 0, (seven,), [(seven, nine)], 5)
    >>> after.set_aside, after.outcome.winner is None
    (((Card('7♠'), Card('9♠')),), True)
    """
    pairs = tuple(sorted(kills))
    defender = 1 - attacker
    used = {k for _, k in pairs}
    taken = picked_up(attack, pairs)
    kept = tuple(sorted([c for c in hands[defender] if c not in used] + list(taken)))
    before = (hands[0], kept) if defender == 1 else (kept, hands[1])
    after, rest = draw_up(before, stock, attacker, hand_size)
    return Battle(after, rest, pairs, next_attacker(attacker, taken), game_result(after, rest))


def first_attacker(guesser: int, guess: str, indicator: Card) -> int:
    """P-D1: the guesser calls a colour before the deal; he attacks first if the trump
    indicator has that colour, else his opponent does.

    >>> first_attacker(0, "red", cards.parse("9♣")), first_attacker(0, "black", cards.parse("9♣"))
    (1, 0)
    """
    return guesser if indicator.color == guess else 1 - guesser


# -- a whole table (P-S6, P-S13, P-D2, P-D7, P-D9) ---------------------------------------------


@dataclasses.dataclass(frozen=True)
class Table:
    """A whole position, plainly: what :meth:`.state.State.play` must produce, move by move.

    ``stock`` is top first, its last card the face-up indicator (P-S4); ``attack`` the cards on
    the table while the defender is to move; ``discard`` the set-aside cards, top first
    (P-S13); ``known`` per seat the hand cards both players saw go there (picked up, or the
    drawn indicator: P-D9, P-S21); ``outcome`` the end once reached (P-D7). Hands, ``attack``
    and ``known`` are sorted.
    """

    hands: tuple[Hand, Hand]
    stock: Hand
    trump: Suit
    attacker: int
    attack: Hand = ()
    discard: Hand = ()
    known: tuple[Hand, Hand] = ((), ())
    outcome: Outcome | None = None

    def to_move(self) -> int | None:
        """The defender while an attack lies on the table, else the attacker (P-S6); None
        once the game is over (P-D7).

        >>> hands = (cards.parse_many("7♠"), cards.parse_many("9♠"))
        >>> Table(hands, (), Suit.DIAMONDS, 0, attack=cards.parse_many("8♠")).to_move()
        1
        """
        if self.outcome is not None:
            return None
        return 1 - self.attacker if self.attack else self.attacker


def after_attack(table: Table, attack: Iterable[Card]) -> Table:
    """The table once the attacker threw ``attack`` (a legal attack, P-D3, P-D4): the cards
    leave his hand (and what the opponent knew of it) and lie on the table; nobody draws in
    the middle of a battle (P-D2).

    >>> hands = (cards.parse_many("7♠ 7♥ 9♠ 2♣"), cards.parse_many("8♠ 3♦ 4♦"))
    >>> t = Table(hands, (), Suit.DIAMONDS, 0)
    >>> after = after_attack(t, cards.parse_many("7♠ 7♥ 9♠"))
    >>> [str(c) for c in after.hands[0]], after.to_move()
    (['2♣'], 1)
    """
    thrown = set(attack)
    a = table.attacker
    hands = [table.hands[0], table.hands[1]]
    known = [table.known[0], table.known[1]]
    hands[a] = tuple(c for c in hands[a] if c not in thrown)
    known[a] = tuple(c for c in known[a] if c not in thrown)
    return dataclasses.replace(
        table,
        hands=(hands[0], hands[1]),
        known=(known[0], known[1]),
        attack=tuple(sorted(thrown)),
    )


def after_defence(table: Table, kills: Iterable[Pair], hand_size: int) -> Table:
    """The table after the defender's ``kills`` (a legal defence, P-D5): the whole
    :func:`battle`, plus what a battle does to the discard and to the known cards.

    The killed pairs go on the discard in the order of their attack cards, each attack card
    under its killer (P-S13), so the last killer lies on top. The cards the defender picks up
    become known to both (P-D9); his killers leave his hand. If the drawing takes the
    indicator, whoever draws it holds a card both saw (P-S21).

    >>> seven, nine = cards.parse("7♠"), cards.parse("9♠")
    >>> t = Table(((), (nine,)), (), Suit.DIAMONDS, 0, (seven,))
    >>> after = after_defence(t, [(seven, nine)], 5)
    >>> after.discard, after.outcome
    ((Card('9♠'), Card('7♠')), Outcome(winner=None, scores=(0, 0)))
    """
    a, d = table.attacker, 1 - table.attacker
    result = battle(table.hands, table.stock, a, table.attack, kills, hand_size)
    used = {k for _, k in result.set_aside}
    taken = picked_up(table.attack, result.set_aside)
    known = [set(table.known[0]), set(table.known[1])]
    known[d] = (known[d] - used) | set(taken)
    if table.stock and not result.stock:  # the indicator was drawn in this battle
        indicator = table.stock[-1]
        known[0 if indicator in result.hands[0] else 1].add(indicator)
    on_top = tuple(card for pair in reversed(result.set_aside) for card in reversed(pair))
    return Table(
        result.hands,
        result.stock,
        table.trump,
        result.attacker,
        (),
        on_top + table.discard,
        (tuple(sorted(known[0])), tuple(sorted(known[1]))),
        result.outcome,
    )
