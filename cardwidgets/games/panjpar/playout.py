"""Random playouts on plain ints, for bots and simulations (``State.rollout``).

:func:`rollout` plays exactly the game of repeated ``state = state.play(state.random_move(rng))``
(same rng draws, same moves; tests/test_panjpar_random.py checks it) without building states
or moves: the battle rules (P-D5, P-D2, P-S14, P-S15, P-D7, see :func:`.rules.battle`) inlined
on hand masks.

>>> from cardwidgets.cards import Rng
>>> from cardwidgets.games.panjpar import new_game
>>> new_game(seed=3, guess="red").rollout(Rng(1)).winner in (0, 1, None)
True
"""

from __future__ import annotations

from cardwidgets.cards import Rng
from cardwidgets.core import Outcome
from cardwidgets.games.panjpar.attacks import _sample_attack
from cardwidgets.games.panjpar.deck import _bits
from cardwidgets.games.panjpar.defences import _sample_defence
from cardwidgets.games.panjpar.masks import _BEATERS

# A state's result code (State._result): a seat that won, or one of these.
_RUNNING = -2
_DRAW = -1


def outcome_of(result: int) -> Outcome | None:
    """The :class:`Outcome` of a result code: None while running; the winner scores 1."""
    if result == _RUNNING:
        return None
    if result == _DRAW:
        return Outcome(None, (0, 0))
    return Outcome(result, (1, 0) if result == 0 else (0, 1))


def rollout(
    hands: tuple[int, int],
    stock: tuple[int, ...],
    top: int,
    trump: int,
    attacker: int,
    attack: int,
    result: int,
    take_all: bool,
    target: int,
    rng: Rng,
) -> Outcome:
    """Play uniformly random moves from the given position to the end (see the module)."""
    held = [hands[0], hands[1]]
    end = len(stock)
    table = _BEATERS[trump]
    a = attacker
    while result == _RUNNING:
        d = 1 - a
        if not attack:
            attack = _sample_attack(held[a], held[d], rng)
            held[a] ^= attack
            continue
        hand = held[d]
        if attack & (attack - 1):
            killed = used = 0
            for attacked, killer in _sample_defence(attack, hand, trump, take_all, rng):
                killed |= 1 << attacked
                used |= 1 << killer
        else:  # one card: the same moves under either pick-up rule
            single = table[attack.bit_length() - 1] & hand
            index = rng.below(1 + single.bit_count())
            if index:
                killed, used = attack, 1 << _bits(single)[index - 1]
            else:
                killed = used = 0
        unbeaten = attack & ~killed
        held[d] = (hand & ~used) | unbeaten
        attack = 0
        for seat in (a, d):  # attacker first (P-D2)
            need = target - held[seat].bit_count()
            while need > 0 and top < end:
                held[seat] |= 1 << stock[top]
                top += 1
                need -= 1
        if top >= end and not (held[0] and held[1]):  # P-D7
            result = _DRAW if not (held[0] | held[1]) else (0 if not held[0] else 1)
        if not unbeaten:  # P-S14
            a = d
    outcome = outcome_of(result)
    assert outcome is not None
    return outcome
