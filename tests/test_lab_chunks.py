"""Chunks for workers are sized by what a game costs; the rows stay those of an in-process run.

The first chunks are sized by count, the later ones to about ``TARGET_SECONDS`` of play each but
never more than a share of the games left; the games are cut exactly once, in order, and a run
on an executor or a process pool gives the in-process rows in game order whatever the sizes.
"""

from __future__ import annotations

import concurrent.futures
from typing import Any

from cardwidgets import lab
from cardwidgets.lab.chunks import MOST_GAMES, TARGET_SECONDS, Chunker


def cut(chunker: Chunker, cost: float) -> list[tuple[int, int]]:
    """Every chunk, each learned back as taking ``cost`` CPU seconds a game."""
    found = []
    for start, stop in chunker:
        found.append((start, stop))
        chunker.learn(stop - start, cost * (stop - start))
    return found


def test_chunks_cover_every_game_once_in_order() -> None:
    for games, first, workers, cost in [(1, 1, 2, 1e-4), (10_000, 63, 2, 1e-4), (997, 7, 3, 0.3)]:
        found = cut(Chunker(games, first=first, workers=workers), cost)
        assert found[0] == (0, min(first, games))
        assert [start for start, _ in found[1:]] == [stop for _, stop in found[:-1]]
        assert found[-1][1] == games


def test_later_chunks_hold_the_target_of_play_and_shrink_towards_the_end() -> None:
    cheap = cut(Chunker(100_000, first=100, workers=2), 1e-4)  # 0.1 ms a game
    sizes = [stop - start for start, stop in cheap]
    assert sizes[0] == 100 and max(sizes) == round(TARGET_SECONDS / 1e-4)
    for (start, _), size in zip(cheap[1:], sizes[1:], strict=True):
        assert size <= -(-(100_000 - start) // 4)  # a quarter of what is left, at most
    assert sizes[-1] < sizes[len(sizes) // 2]  # the last ones small: the workers end together
    costly = cut(Chunker(50, first=5, workers=2), 2.0)  # expert games of 2 s: one a chunk
    assert [stop - start for start, stop in costly][1:] == [1] * 45
    free = Chunker(10**7, first=10, workers=2)
    free.learn(10, 0.0)
    assert free.size == MOST_GAMES


def test_a_chosen_chunk_size_is_kept() -> None:
    fixed = cut(Chunker(25, first=10, workers=2, adapt=False), 1e-4)
    assert fixed == [(0, 10), (10, 20), (20, 25)]


class Recording(concurrent.futures.ThreadPoolExecutor):
    """An executor that notes the games of each task it is given."""

    def __init__(self) -> None:
        super().__init__(max_workers=2)
        self.tasks: list[tuple[int, int]] = []

    def submit(self, fn: Any, /, *args: Any, **kwargs: Any) -> Any:
        self.tasks.append((args[1], args[2]))
        return super().submit(fn, *args, **kwargs)


def test_sized_chunks_give_the_rows_of_an_in_process_run_in_game_order() -> None:
    inline = lab.simulate("pazaak", games=900, seed=5, progress=False)
    with Recording() as executor:
        spread = lab.simulate("pazaak", games=900, seed=5, executor=executor, progress=False)
    sizes = {stop - start for start, stop in executor.tasks}
    assert len(sizes) > 1  # the later chunks were sized by the first ones' cost
    assert spread.rows == inline.rows
    assert [row["game"] for row in spread.rows] == list(range(900))
    pooled = lab.simulate("pazaak", games=900, seed=5, workers=2, progress=False)
    assert pooled.rows == inline.rows
