"""The seeds of a run: one per game, one per seat's player, none depending on the others.

Game ``i`` of a run with seed ``s`` is dealt from :func:`game_seed` ``(s, i)`` and each seat's
player is reseeded from :func:`player_seed` of that game seed, so a chunk ``[a, b)`` gives the
same rows whoever runs it and whatever the other chunks are: a process pool or a Dask cluster
gives exactly the rows of an in-process run.
"""

from __future__ import annotations

import functools

from cardwidgets.cards import Rng

__all__ = ["game_seed", "player_seed", "run_base"]

_MASK64 = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's increment
_SEAT_SALT = 0x5EA75EA75EA75EA7  # keeps player seeds apart from the game's own use of its seed


def _mix(z: int) -> int:
    """SplitMix64's output function (the same as :meth:`cards.Rng.next64`)."""
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


@functools.lru_cache(maxsize=64)
def run_base(seed: int | str) -> int:
    """The SplitMix64 state that a run with ``seed`` draws its game seeds from."""
    return Rng(seed).derive("games").next64()


def game_seed(seed: int | str, index: int) -> int:
    """The seed of game ``index`` in a run started with ``seed`` (a 63-bit int).

    It is output ``index`` of ``cards.Rng(run_base(seed))``, computed directly: SplitMix64 can
    jump to any position, so each game's seed costs a few multiplications, not a hash.

    >>> game_seed(1, 0) == game_seed(1, 0) != game_seed(1, 1)
    True
    >>> rng = Rng(run_base(1))
    >>> [game_seed(1, i) for i in range(3)] == [rng.next64() >> 1 for _ in range(3)]
    True
    """
    return _mix((run_base(seed) + (index + 1) * _GAMMA) & _MASK64) >> 1


def player_seed(seed: int, seat: int) -> int:
    """The seed a seat's player gets for the game dealt from ``seed``."""
    return _mix(((seed ^ _SEAT_SALT) + (seat + 1) * _GAMMA) & _MASK64) >> 1
