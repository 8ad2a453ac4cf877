"""How a run's games are cut into chunks for workers: sized by what a game costs.

Each task sent to an executor costs something whatever it holds (pickling the job, the trip,
the scheduler: about 5 ms of the caller's CPU per task on a Dask cluster, well under one on a
process pool), so a chunk should hold enough games to make that small, and no more than lets
the workers finish together. The first chunks are sized by count (about eight per worker);
once chunks come back, each tells the CPU seconds its games took, and the later ones are sized
to about :data:`TARGET_SECONDS` of play, but never more than a share of the games left
(``left / (2 * workers)``), so the last chunks are small and no worker idles at the end.

The rows do not depend on the chunks (game ``i`` is always dealt from its own seed), so the
sizes only change how fast a run goes, never what it finds.

>>> chunks = Chunker(1000, first=100, workers=2)
>>> next(chunks), next(chunks)
((0, 100), (100, 200))
>>> chunks.learn(100, 0.01)  # 0.1 ms a game: 0.4 s is 4,000 games, capped by what is left
>>> next(chunks)
(200, 400)
"""

from __future__ import annotations

import math
from collections.abc import Iterator

__all__ = ["MOST_GAMES", "TARGET_SECONDS", "Chunker"]

TARGET_SECONDS = 0.4
"""The CPU seconds of play a chunk aims at once the cost of a game is known."""

MOST_GAMES = 50_000
"""No chunk holds more games than this (its rows travel back in one message)."""


class Chunker(Iterator[tuple[int, int]]):
    """The chunks ``(start, stop)`` of a run of ``games``, made one at a time, in game order.

    ``first`` is the size until :meth:`learn` is told what games cost; with ``adapt=False``
    (a ``chunk_size`` the user chose) every chunk has that size.
    """

    def __init__(self, games: int, *, first: int, workers: int, adapt: bool = True) -> None:
        self.games = games
        self.size = max(1, first)
        self.workers = max(1, workers)
        self.adapt = adapt
        self.start = 0
        self._played = 0
        self._seconds = 0.0

    def __iter__(self) -> Chunker:
        return self

    def __next__(self) -> tuple[int, int]:
        start = self.start
        if start >= self.games:
            raise StopIteration
        size = self.size
        if self.adapt and self._played:
            # a share of what is left, so that the workers end together
            size = min(size, math.ceil((self.games - start) / (2 * self.workers)))
        stop = min(start + max(1, size), self.games)
        self.start = stop
        return start, stop

    def learn(self, games: int, seconds: float) -> None:
        """A chunk of ``games`` took ``seconds`` of CPU: size the next chunks by it.

        >>> chunks = Chunker(10**6, first=10, workers=2)
        >>> chunks.learn(10, 4.0)  # 0.4 s a game: one game a chunk
        >>> chunks.size
        1
        """
        if not self.adapt or games <= 0:
            return
        self._played += games
        self._seconds += max(0.0, seconds)
        per_game = self._seconds / self._played
        if per_game <= 0:
            self.size = MOST_GAMES
            return
        self.size = max(1, min(MOST_GAMES, round(TARGET_SECONDS / per_game)))
