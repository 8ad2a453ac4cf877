"""Fast defence generation (P-D5): partial one-to-one assignments of killers to attack cards.

:func:`.rules.legal_defences` tries every choice of "leave it or one hand card" per attack card
and keeps those whose killers beat their cards and differ. Here hand cards that beat exactly
the same attack cards form a class, and counting recurses over the attack cards with the
remaining size of each class (:class:`_Defences`), so a defender with 15 cards and tens of
thousands of defences is counted, unranked and sampled (:func:`_sample_defence`) without
listing them; :func:`_defence_codes` lists them as sorted ints. tests/test_panjpar_props.py
proves each equal to the plain rules.

>>> [str(d) for d in iter_defences("7♥", "9♥ 4♦ 8♣", "♦")]
['pick up 7♥', 'kill 7♥ with 4♦', 'kill 7♥ with 9♥']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence

from cardwidgets import cards
from cardwidgets.cards import DECK, Card, CardLike, Rng, Suit
from cardwidgets.games.panjpar.deck import _bits
from cardwidgets.games.panjpar.masks import _BEATERS, _nth_bit
from cardwidgets.games.panjpar.moves import _CODE_SHIFT, _SET_CODE, Defend, _new_object
from cardwidgets.games.panjpar.position import _suit_index
from cardwidgets.games.panjpar.rules import Rules


class _Defences:
    """The defences against ``attack`` (sorted card indices) from ``hand``.

    Hand cards that beat exactly the same attack cards are interchangeable, so they form a
    class; counting recurses over the attack cards with the remaining size of each class, which
    stays small even when the hand is large. Generation order: at each attack card, first
    "leave it" (pick it up), then each class in order, then each unused card of that class.
    With ``take_all`` only the full pick-up and the complete kills are legal.
    """

    __slots__ = ("attack", "classes", "memo", "sigs", "take_all")

    def __init__(self, attack: Sequence[int], hand: int, trump: int, take_all: bool) -> None:
        self.attack = attack
        self.take_all = take_all
        beaters = [_BEATERS[trump][a] & hand for a in attack]
        union = 0
        for b in beaters:
            union |= b
        groups: dict[int, list[int]] = {}
        for card in _bits(union):
            sig = 0
            for i, b in enumerate(beaters):
                if b >> card & 1:
                    sig |= 1 << i
            groups.setdefault(sig, []).append(card)
        self.sigs = sorted(groups)
        self.classes = [groups[s] for s in self.sigs]
        self.memo: dict[tuple[int, tuple[int, ...]], int] = {}

    def _ways(self, i: int, rem: tuple[int, ...]) -> int:
        if i == len(self.attack):
            return 1
        key = (i, rem)
        found = self.memo.get(key)
        if found is not None:
            return found
        total = 0 if self.take_all else self._ways(i + 1, rem)
        bit = 1 << i
        for j, sig in enumerate(self.sigs):
            if sig & bit and rem[j]:
                total += rem[j] * self._ways(i + 1, (*rem[:j], rem[j] - 1, *rem[j + 1 :]))
        self.memo[key] = total
        return total

    def _start(self) -> tuple[int, ...]:
        return tuple(len(c) for c in self.classes)

    def count(self) -> int:
        full = self._ways(0, self._start())
        return full + 1 if self.take_all else full

    def at(self, index: int) -> list[tuple[int, int]]:
        """The index-th defence as (attack card, killer) pairs."""
        if self.take_all:
            if index == 0:
                return []
            index -= 1
        rem = self._start()
        used: list[set[int]] = [set() for _ in self.classes]
        pairs: list[tuple[int, int]] = []
        for i, attacked in enumerate(self.attack):
            if not self.take_all:
                skip = self._ways(i + 1, rem)
                if index < skip:
                    continue
                index -= skip
            bit = 1 << i
            for j, sig in enumerate(self.sigs):
                if not (sig & bit and rem[j]):
                    continue
                after = (*rem[:j], rem[j] - 1, *rem[j + 1 :])
                each = self._ways(i + 1, after)
                block = rem[j] * each
                if index < block:
                    pick, index = divmod(index, each)
                    free = [c for c in self.classes[j] if c not in used[j]]
                    used[j].add(free[pick])
                    pairs.append((attacked, free[pick]))
                    rem = after
                    break
                index -= block
            else:  # pragma: no cover - counts and walk always agree
                raise IndexError("defence index out of range")
        return pairs

    def __iter__(self) -> Iterator[list[tuple[int, int]]]:
        if self.take_all:
            yield []
        yield from self._walk(0, self._start(), [set() for _ in self.classes], [])

    def _walk(
        self, i: int, rem: tuple[int, ...], used: list[set[int]], pairs: list[tuple[int, int]]
    ) -> Iterator[list[tuple[int, int]]]:
        if i == len(self.attack):
            yield list(pairs)
            return
        if not self.take_all:
            yield from self._walk(i + 1, rem, used, pairs)
        bit = 1 << i
        for j, sig in enumerate(self.sigs):
            if not (sig & bit and rem[j]):
                continue
            after = (*rem[:j], rem[j] - 1, *rem[j + 1 :])
            for card in self.classes[j]:
                if card in used[j]:
                    continue
                used[j].add(card)
                pairs.append((self.attack[i], card))
                yield from self._walk(i + 1, after, used, pairs)
                pairs.pop()
                used[j].discard(card)


def _defence_args(
    attack: Iterable[CardLike] | str, hand: Iterable[CardLike] | str, trump_suit: object
) -> tuple[list[int], int, int]:
    attack_cards = sorted(cards.to_cards(attack))
    hand_mask = cards.mask(cards.to_cards(hand))
    return [c.index for c in attack_cards], hand_mask, _suit_index(trump_suit)


def count_defences(
    attack: Iterable[CardLike] | str,
    hand: Iterable[CardLike] | str,
    trump_suit: Suit | str | Card,
    rules: Rules | None = None,
) -> int:
    """How many defences (P-D5) ``hand`` has against ``attack``, without listing them.

    >>> count_defences("7♥ 7♣ 9♦", "9♥ 8♣ K♠ 4♦ 5♦", "♦")   # 4 x 4 minus 4♦/5♦ used twice
    14
    """
    ranks, hand_bits, trump = _defence_args(attack, hand, trump_suit)
    take_all = (rules or Rules()).pickup == "all"
    return _Defences(ranks, hand_bits, trump, take_all).count()


def iter_defences(
    attack: Iterable[CardLike] | str,
    hand: Iterable[CardLike] | str,
    trump_suit: Suit | str | Card,
    rules: Rules | None = None,
) -> Iterator[Defend]:
    """The defences lazily, in generation order (pick-ups first at each attack card).

    >>> [str(d) for d in iter_defences("7♥", "9♥ 4♦ 8♣", "♦")]
    ['pick up 7♥', 'kill 7♥ with 4♦', 'kill 7♥ with 9♥']
    """
    attack_list, hand_bits, trump = _defence_args(attack, hand, trump_suit)
    take_all = (rules or Rules()).pickup == "all"
    full = cards.mask(DECK[i] for i in attack_list)
    for pairs in _Defences(attack_list, hand_bits, trump, take_all):
        yield Defend._from_pairs(pairs, full)


def _sample_defence(
    attack: int, hand: int, trump: int, take_all: bool, rng: Rng
) -> list[tuple[int, int]]:
    """A uniformly random legal defence as (attack card, killer) pairs.

    One card under the seed rules: count-and-index (pick up, or one of its beaters).
    Otherwise exact rejection sampling: draw one index into the product of per-card options
    (leave it, or one of its beaters; under the take-all rule: the whole pick-up, or a beater
    for every card), decode it, and reject it if a killer is used twice. Each legal defence is
    one point of that product, so accepted draws are uniform. After 64 rejections (rare) fall
    back to count-and-index, which is uniform too.
    """
    table = _BEATERS[trump]
    if not take_all and not attack & (attack - 1):
        attacked = attack.bit_length() - 1
        single = table[attacked] & hand
        index = rng.below(1 + single.bit_count())
        return [(attacked, _bits(single)[index - 1])] if index else []
    attacked_cards = _bits(attack)
    leave = 0 if take_all else 1  # digit 0 leaves the card, unless the take-all rule holds
    plan = []  # (attack card, its beaters as a mask, radix)
    total = 1
    for attacked in attacked_cards:
        beaters = table[attacked] & hand
        radix = beaters.bit_count() + leave
        plan.append((attacked, beaters, radix))
        total *= radix
    if take_all:
        total += 1
    for _ in range(64):
        index = rng.below(total)
        if take_all:
            if index == 0:
                return []
            index -= 1
        used = 0
        pairs = []
        for attacked, choices, radix in plan:
            index, digit = divmod(index, radix)
            if leave:
                if digit == 0:
                    continue
                digit -= 1
            bit = _nth_bit(choices, digit)
            if used & bit:
                break
            used |= bit
            pairs.append((attacked, bit.bit_length() - 1))
        else:
            return pairs
    defences = _Defences(attacked_cards, hand, trump, take_all)
    return defences.at(rng.below(defences.count()))


# Keyed by attacked * 64 + killer + 1 (a plain int: no key tuple per look-up).
_SINGLE_DEFENCES: dict[int, Defend] = {}


def _single_defence(attacked: int, killer: int) -> Defend:
    """The (cached, immutable) defence against a one-card attack; killer -1 picks it up."""
    key = attacked * 64 + killer + 1
    move = _SINGLE_DEFENCES.get(key)
    if move is None:
        # Only its code (see moves._decode): kills and pick-up are built on first read. A
        # game meets about 2,000 of these; making them whole up front cost a playing loop
        # of a few hundred games several percent.
        move = _SINGLE_DEFENCES[key] = _new_object(Defend)
        _SET_CODE(move, (1 << attacked) << _CODE_SHIFT | (killer + 1))
    return move


_BIT = tuple(1 << i for i in range(52))
# Per attack card, built on first use: (its pick-up, its defences by killer index, the pick-up's
# code, the codes by killer index). A one-card listing then maps killer indices to moves and
# keys with map() over tuples, in C, with no Python frame per move. Cards that can never kill
# it (same suit, lower) hold the pick-up instead: they are never looked up.
_SingleRow = tuple[Defend, tuple[Defend, ...], int, tuple[int, ...]]
_SINGLE_ROWS: list[_SingleRow | None] = [None] * 52


def _single_row(attacked: int) -> _SingleRow:
    row = _SINGLE_ROWS[attacked]
    if row is None:
        ever = _BEATERS[0][attacked] | _BEATERS[1][attacked]
        ever |= _BEATERS[2][attacked] | _BEATERS[3][attacked]
        pickup = _single_defence(attacked, -1)
        kills = tuple(_single_defence(attacked, k) if ever >> k & 1 else pickup for k in range(52))
        base = (1 << attacked) << _CODE_SHIFT
        row = (pickup, kills, base, tuple(base | (k + 1) for k in range(52)))
        _SINGLE_ROWS[attacked] = row
    return row


def _defence_codes(attack: int, hand: int, trump: int, take_all: bool) -> list[int]:
    """The defence codes (see :func:`_decode`) in :meth:`State.legal_moves` order.

    Per attack card in ascending order: pick it up first, then each unused beater in card
    order (P-D5: distinct killers, higher card of the suit or a trump). Expanding the codes
    card by card in that order yields them already sorted (the first attack card's digit is
    the most significant, so the int order is that order too). Under the take-all rule only
    the full pick-up (all digits 0, hence first) and the complete kills are legal.
    """
    table = _BEATERS[trump]
    order = _bits(attack)
    n = len(order)
    base = attack << _CODE_SHIFT
    if n == 1:  # the commonest case; the same moves under either pick-up rule
        return [base] + [base | (k + 1) for k in _bits(table[order[0]] & hand)]
    if n == 3:
        return _three_card_codes(base, [table[a] & hand for a in order], take_all)
    # Each partial defence is one int: its code above bit 52, the killers it used below. A
    # choice ("step") is the same: its digit shifted into place above, its killer's bit below,
    # so `partial & step` is non-zero exactly when that killer is already used (P-D5: one
    # defending card per attack card), the digit slots of partial and step never overlapping.
    partials = [base << 52]
    for place, attacked in enumerate(order):
        shift = 52 + 6 * (n - 1 - place)
        steps = [] if take_all else [0]  # 0: pick it up (not under the take-all rule)
        steps += [(k + 1) << shift | 1 << k for k in _bits(table[attacked] & hand)]
        partials = [p | step for p in partials for step in steps if not p & step]
    # Under the take-all rule the full pick-up (all digits 0) comes first.
    return ([base] if take_all else []) + [p >> 52 for p in partials]


def _three_card_codes(base: int, beaters: list[int], take_all: bool) -> list[int]:
    """:func:`_defence_codes` against three attack cards (the commonest several), on small
    ints: each card's digits (0 to pick it up, else its killer's index + 1), the last two
    cards' pairs of digits first, then the first card's digit in front of each pair. Two
    digits clash when they name the same killer (equal and not 0); the order is the int order,
    as the first card's digit is the most significant."""
    # Each card's digits: a killer's index + 1 (_DIGIT), and 0 first to pick the card up.
    start = [] if take_all else [0]
    first = start + list(map(_DIGIT.__getitem__, _bits(beaters[0])))
    second = start + list(map(_DIGIT.__getitem__, _bits(beaters[1])))
    third = start + list(map(_DIGIT.__getitem__, _bits(beaters[2])))
    tail = [d1 << 6 | d2 for d1 in second for d2 in third if d1 != d2 or not d1]
    codes = [base] if take_all else []
    for d0 in first:
        front = base | d0 << 12
        if d0:
            codes += [front | t for t in tail if t >> 6 != d0 and t & 63 != d0]
        else:
            codes += [front | t for t in tail]
    return codes


_DIGIT = list(range(1, 53))
"""``_DIGIT[k]``: the digit of killer ``k`` in a defence code, its index + 1 (a list: its
``__getitem__`` maps in C)."""
