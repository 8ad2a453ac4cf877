"""The legal moves of a position: listed, counted, unranked and drawn at random.

:class:`LegalMoves` is the part of :class:`~.state.State` that answers "what may the player to
move do?": attacks of 1, 3 or 5 cards within the size limit (P-D3, P-D4) or defences (P-D5),
from the fast generators of :mod:`.attacks` and :mod:`.defences`.

* :meth:`~LegalMoves.legal_moves` is sorted (attacks by size, then cards; defences by what each
  attack card meets), generated already in that order: single attacks and one-card defences
  are cached objects; three-card attacks too (by mask); five-card attacks and defences
  against several cards get only their mask or code (the attack mask, then per attack card
  its killer's index + 1 or 0 for a pick-up), and ``cards`` / ``kills`` / ``pickup`` are
  built on first read. The state keeps nothing: ``State.play`` checks a move that carries a
  mask or code by mask arithmetic (:func:`_attack_fits`, :func:`_checked_code`), whoever
  listed it, instead of the worded checks of :mod:`.checks`.
* :meth:`~LegalMoves.legal_moves_count`, :meth:`~LegalMoves.legal_move_at` and
  :meth:`~LegalMoves.iter_legal_moves` count, unrank and iterate in generation order, a
  different but fixed order over the same set, without listing.
* :meth:`~LegalMoves.random_move` draws uniformly among all legal moves without listing them.

>>> from cardwidgets.games.panjpar import State
>>> state = State.from_position(["7♥ 7♣ 9♦", "9♥ 8♣ K♠"], stock=(), trump="♦")
>>> [str(m) for m in state.legal_moves()], state.legal_moves_count()
(['attack 7♥', 'attack 7♣', 'attack 9♦', 'attack 7♥ 7♣ 9♦'], 4)
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from cardwidgets.cards import Rng, as_rng
from cardwidgets.core import IllegalMove
from cardwidgets.games.panjpar.attacks import (
    _attack_blocks,
    _block_mask_at,
    _iter_attack_masks,
    _sample_attack,
    _shape,
    _shape_positions,
    _sorted_fives,
    _sorted_threes,
)
from cardwidgets.games.panjpar.deck import _CHUNK_BITS, _LOW, _bits
from cardwidgets.games.panjpar.defences import (
    _SINGLE_DEFENCES,
    _SINGLE_ROWS,
    _defence_codes,
    _Defences,
    _sample_defence,
    _single_defence,
    _single_row,
)
from cardwidgets.games.panjpar.masks import _BEATERS, _M1, _M3, _M5, _max_size, _shape_ok
from cardwidgets.games.panjpar.moves import (
    _SET_CODE,
    _SET_MASK,
    _SINGLE_ATTACKS,
    _THREE_ATTACKS,
    Attack,
    Defend,
    Move,
    _decode,
    _new_object,
)
from cardwidgets.games.panjpar.playout import _RUNNING
from cardwidgets.games.panjpar.rules import Rules


class _ChunkSingles(dict[int, tuple[Attack, ...]]):
    """The one-card attacks of the cards of one 13-card chunk of a hand mask (see
    :func:`.deck._bits`), by the chunk's value, each tuple made on first use: a hand's single
    attacks are then four look-ups, not a loop over its cards."""

    def __init__(self, chunk: int) -> None:
        super().__init__()
        self.bits = _CHUNK_BITS[chunk]

    def __missing__(self, value: int) -> tuple[Attack, ...]:
        found = self[value] = tuple([_SINGLE_ATTACKS[i] for i in self.bits[value]])
        return found


_SINGLES = tuple(_ChunkSingles(chunk) for chunk in range(4))


class LegalMoves:
    """The legal-move methods of :class:`~.state.State` (a mixin: it holds no data)."""

    # The cache of the last move a state generated (State.play trusts it), held here:
    __slots__ = ("_issued",)
    # The last move this state generated itself (random_move, legal_move_at): a move that is
    # certainly legal here, so play() may skip re-validating it. A cache, not state.
    _issued: Attack | Defend

    # The state's fields these methods read (State declares and fills them).
    rules: Rules
    attacker: int
    _hands: tuple[int, int]
    _trump: int
    _attack: int
    _result: int

    def _defences(self) -> _Defences:
        return _Defences(
            _bits(self._attack),
            self._hands[1 - self.attacker],
            self._trump,
            self.rules.pickup == "all",
        )

    def _attack_limit(self) -> int:
        return _max_size(self._hands[1 - self.attacker].bit_count())

    def legal_moves_count(self) -> int:
        """How many legal moves there are, counted without listing them."""
        if self._result != _RUNNING:
            return 0
        if self._attack:
            single = self._single_beaters()
            return 1 + single.bit_count() if single >= 0 else self._defences().count()
        return sum(n for n, _ in _attack_blocks(self._hands[self.attacker], self._attack_limit()))

    def _single_beaters(self) -> int:
        # Fast path: one attack card under the seed rules; -1 otherwise.
        attack = self._attack
        if attack & (attack - 1) or self.rules.pickup == "all":
            return -1
        return _BEATERS[self._trump][attack.bit_length() - 1] & self._hands[1 - self.attacker]

    def legal_move_at(self, index: int) -> Move:
        """The ``index``-th legal move in generation order (:meth:`iter_legal_moves`)."""
        if self._result != _RUNNING or index < 0:
            raise IndexError(f"legal move index {index} out of range")
        if self._attack:
            single = self._single_beaters()
            if single >= 0:
                if index > single.bit_count():
                    raise IndexError(f"legal move index {index} out of range")
                killer = -1 if index == 0 else _bits(single)[index - 1]
                return self._issue(_single_defence(self._attack.bit_length() - 1, killer))
            defences = self._defences()
            if index >= defences.count():
                raise IndexError(f"legal move index {index} out of range")
            return self._issue(Defend._from_pairs(defences.at(index), self._attack))
        hand = self._hands[self.attacker]
        for count, block in _attack_blocks(hand, self._attack_limit()):
            if index < count:
                return self._issue(Attack._from_mask(_block_mask_at(hand, block, index)))
            index -= count
        raise IndexError("legal move index out of range")

    def random_move(self, rng: Rng | random.Random) -> Move:
        """A move chosen uniformly among ALL legal moves, without listing them.

        Attacks and one-card defences: count, draw ``rng.below(count)``, unrank. Defences
        against 3 or 5 cards: exact rejection sampling over the per-card choices (see
        ``_sample_defence``). Either way every legal move has the same probability.

        ``rng`` is a :class:`~cardwidgets.cards.Rng` or a standard-library ``random.Random``
        (then its ``randrange`` makes each draw, see :func:`cardwidgets.cards.as_rng`); any
        other object raises :class:`cardwidgets.cards.RngError`.

        >>> import random
        >>> from cardwidgets.games.panjpar import State
        >>> state = State.from_position(["7♥ 7♣ 9♦", "9♥ 8♣ K♠"], stock=(), trump="♦")
        >>> str(state.random_move(random.Random(1))) in [str(m) for m in state.legal_moves()]
        True
        >>> state.random_move(random.Random(1)) == state.random_move(random.Random(1))
        True
        """
        if rng.__class__ is not Rng:  # the benchmarked path pays one class test only
            rng = as_rng(rng)
        if self._result != _RUNNING:
            raise IllegalMove("move.game_over")
        attack = self._attack
        hands = self._hands
        a = self.attacker
        move: Attack | Defend
        if attack:
            hand = hands[1 - a]
            if attack & (attack - 1):
                take_all = self.rules.pickup == "all"
                pairs = _sample_defence(attack, hand, self._trump, take_all, rng)
                move = Defend._from_pairs(pairs, attack)
            else:
                # One attack card (the commonest defence): the same draw as _sample_defence,
                # under either pick-up rule (with one card, "kill all or pick up all" and
                # "pick up the unbeaten" allow the same moves, drawn in the same order).
                attacked = attack.bit_length() - 1
                single = _BEATERS[self._trump][attacked] & hand
                index = rng.below(1 + single.bit_count())
                if index:
                    while index > 1:  # drop the lowest bits: the index-th beater is lowest
                        single &= single - 1
                        index -= 1
                    killer = (single & -single).bit_length() - 1
                else:
                    killer = -1
                cached = _SINGLE_DEFENCES.get(attacked * 64 + killer + 1)
                move = _single_defence(attacked, killer) if cached is None else cached
        else:
            bits = _sample_attack(hands[a], hands[1 - a], rng)
            if bits & (bits - 1):
                move = Attack._from_mask(bits)
            else:
                move = _SINGLE_ATTACKS[bits.bit_length() - 1]
        self._issued = move
        return move

    def _issue(self, move: Attack | Defend) -> Attack | Defend:
        self._issued = move
        return move

    def iter_legal_moves(self) -> Iterator[Move]:
        """The legal moves lazily, in generation order."""
        if self._result != _RUNNING:
            return
        if self._attack:
            for pairs in self._defences():
                yield Defend._from_pairs(pairs, self._attack)
        else:
            for bits in _iter_attack_masks(self._hands[self.attacker], self._attack_limit()):
                yield Attack._from_mask(bits)

    def legal_moves(self) -> list[Move]:
        """Every legal move, sorted: attacks by size then cards; defences by what each
        attack card meets (pick up first, then killers in card order)."""
        if self._result != _RUNNING:
            return []
        attack = self._attack
        a = self.attacker
        moves: list[Move]
        if attack:
            if attack & (attack - 1):
                return _several_defences(attack, self._hands[1 - a], self._trump, self.rules)
            # One attack card, under either pick-up rule (P-D5): pick it up, then each
            # beater in card order, the cached moves (see _single_row).
            attacked = attack.bit_length() - 1
            row = _SINGLE_ROWS[attacked] or _single_row(attacked)
            kills = row[1]
            moves = [row[0]]
            for killer in _bits(_BEATERS[self._trump][attacked] & self._hands[1 - a]):
                moves.append(kills[killer])
            return moves
        hand = self._hands[a]
        # The single cards, in card order: the cached moves of each 13-card chunk of the hand
        # (four look-ups and one list, no loop over the cards).
        moves = list(
            _SINGLES[0][hand & _LOW]
            + _SINGLES[1][(hand >> 13) & _LOW]
            + _SINGLES[2][(hand >> 26) & _LOW]
            + _SINGLES[3][hand >> 39]
        )
        held = self._hands[1 - a].bit_count()
        if held < 3:  # the defender holds fewer than 3: single cards only (P-D4)
            return moves
        # A rank held twice? (SWAR counts per rank, as in _sample_attack.)
        v = hand - ((hand >> 1) & _M5)
        v = (v & _M3) + ((v >> 2) & _M3)
        flags = ((v >> 1) | (v >> 2)) & _M1
        if not flags:  # no pair: no 3- or 5-card attack (P-D3)
            return moves
        pair = hand & (15 * flags)
        if not flags & (flags - 1) and pair.bit_count() == 2:
            # Exactly one pair: the pair with each other card, in that card's order (see
            # _sorted_attacks); no 5-card attack (P-D3).
            threes = _THREE_ATTACKS
            for other in _bits(hand ^ pair):
                moves.append(threes[pair | 1 << other])
            return moves
        moves += _bigger_attacks(hand, v, 5 if held >= 5 else 3)
        return moves


_TABLED_CARDS = 8
"""Hands of up to this many cards list their bigger attacks by shape; bigger hands (rare, and
of too many shapes to table cheaply) work them out each time."""


def _bigger_attacks(hand: int, counts: int, max_size: int) -> list[Attack]:
    """The 3- and 5-card attacks of a hand with two paired ranks or more, sorted (see
    :func:`.attacks._sorted_attacks`): three-card attacks cached, five-card ones made with only
    their mask (their cards are built on first read). A hand of up to :data:`_TABLED_CARDS`
    maps the positions of its shape's attacks (:func:`.attacks._shape_positions`) onto its
    cards."""
    cached = _THREE_ATTACKS
    if hand.bit_count() <= _TABLED_CARDS:
        threes, five_places = _shape_positions(_shape(counts))
        bit = [1 << card for card in _bits(hand)]
        moves = [cached[bit[i] | bit[j] | bit[k]] for i, j, k in threes]
        if max_size < 5:
            return moves
        fives = [bit[i] | bit[j] | bit[k] | bit[m] | bit[n] for i, j, k, m, n in five_places]
    else:
        moves = [cached[bits] for bits in _sorted_threes(hand)]
        if max_size < 5:
            return moves
        fives = _sorted_fives(hand)
    new = _new_object
    set_mask = _SET_MASK
    return moves + [set_mask(five := new(Attack), bits) or five for bits in fives]


def _several_defences(attack: int, hand: int, trump: int, rules: Rules) -> list[Move]:
    """The defences against two or more attack cards, sorted: moves made with only their
    code (see :func:`.moves._decode`); kills and pick-up are built on first read."""
    new = _new_object
    set_code = _SET_CODE
    codes = _defence_codes(attack, hand, trump, rules.pickup == "all")
    return [set_code(defend := new(Defend), code) or defend for code in codes]


def _attack_fits(bits: int, defender: int) -> bool:
    """Whether a 3- or 5-card attack (a mask of hand cards) is legal against a defender
    holding ``defender``: enough pairs (P-D3) and no more cards than the defender holds
    (P-D4). :func:`.checks.check_attack` says why not; this only says whether."""
    size = bits.bit_count()
    if size == 3:  # a pair and any card, or three of a rank: some rank held twice
        if defender.bit_count() < 3:
            return False
        v = bits - ((bits >> 1) & _M5)
        v = (v & _M3) + ((v >> 2) & _M3)
        return bool(((v >> 1) | (v >> 2)) & _M1)
    return size <= _max_size(defender.bit_count()) and _shape_ok(bits)


def _checked_code(
    code: int, hand: int, trump: int, take_all: bool
) -> tuple[int, int, tuple[int, ...]] | None:
    """(killed, killers used, discard order) of a defence code (see :func:`.moves._decode`)
    against its own attack, if legal from ``hand`` (P-D5: each killer a different hand card
    that beats its attack card; under the take-all rule all or nothing), else None."""
    attack, killed, used, flat = _decode(code)
    if used & ~hand or used.bit_count() != killed.bit_count():
        return None
    if take_all and killed and killed != attack:
        return None
    beaters = _BEATERS[trump]
    for i in range(0, len(flat), 2):
        if not beaters[flat[i]] >> flat[i + 1] & 1:
            return None
    return killed, used, flat
