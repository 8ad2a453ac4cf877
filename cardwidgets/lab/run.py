"""Running a job: its games in chunks, here or on any ``concurrent.futures`` executor.

Work goes to an executor in chunks of many games, so the cost of shipping a task is paid once
per chunk, not per game; at most a few chunks more than there are workers are in flight (a lazy
window), so the work in flight does not grow with the number of games (the rows do: see
:mod:`~cardwidgets.lab.table`). A run that stops early (a game raised, a worker died, the
timeout passed, Ctrl-C) keeps every game that finished, and a process pool of its own is ended
at once: its workers are terminated, not left running.

>>> from cardwidgets.lab.jobs import make_job
>>> job, _ = make_job("pazaak", "random", None, 1, None)
>>> chunks, stop = run_chunks(job, 5, None, None, 2, False, None)
>>> [(chunk.start, len(chunk.rows)) for chunk in chunks], stop
([(0, 2), (2, 2), (4, 1)], None)
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import math
import os
import threading
import time
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

import cardwidgets.lab as lab  # the package: its limits are read when a run starts
from cardwidgets import i18n
from cardwidgets.lab import display, watchdog
from cardwidgets.lab.chunks import Chunker
from cardwidgets.lab.errors import (
    ClaimError,
    GameError,
    Interrupted,
    LabError,
    NotTrueOrFalse,
    RemoteTraceback,
    RunError,
    WorkerError,
)
from cardwidgets.lab.jobs import Job, portable
from cardwidgets.lab.play import Chunk, Failure, fill_chunk, run_chunk_remote
from cardwidgets.lab.progress import Progress
from cardwidgets.lab.table import Table

if TYPE_CHECKING:
    from cardwidgets.lab.claims import CheckResult
    from cardwidgets.lab.results import Results

__all__ = ["Stop", "cause", "run_chunks", "stopped", "whole"]


def _chunks(games: int, size: int) -> Iterator[tuple[int, int]]:
    """The chunks of a run, made one at a time: memory does not grow with ``games``."""
    for start in range(0, games, size):
        yield (start, min(start + size, games))


def _chunk_size(games: int, slots: int) -> int:
    # About eight chunks per worker balances the load; at least a few games per chunk keeps the
    # per-task cost (pickling the job, scheduling, the result trip) small next to the games.
    tasks = max(1, slots * 8) if slots > 1 else 100
    return max(1, min(2000, math.ceil(games / tasks)))


def _slots(workers: int | None, executor: concurrent.futures.Executor | None) -> int:
    if workers:
        return workers
    if executor is not None:
        found = getattr(executor, "_max_workers", None)
        if isinstance(found, int):
            return found
        return os.cpu_count() or 2
    return 1


def whole(name: str, value: object, least: int, most: int) -> int:
    """``value`` if it is a whole number from ``least`` to ``most``, else a :class:`LabError`."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise LabError(
            "lab.bad_count",
            name=name,
            least=least,
            most=i18n.Number(most),
            value=i18n.shown(value),
        )
    return value


def _check_run(
    games: object, workers: object, chunk_size: object, timeout: object, progress: object
) -> None:
    """Refuse run settings that cannot work, before any game is played."""
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise LabError("lab.bad_games", games=i18n.shown(games))
    if games > lab.MAX_GAMES:
        raise LabError(
            "lab.too_many_games", most=i18n.Number(lab.MAX_GAMES), games=i18n.shown(games)
        )
    if workers is not None:
        whole("workers", workers, 1, lab.MAX_WORKERS)
    if chunk_size is not None:
        whole("chunk_size", chunk_size, 1, lab.MAX_GAMES)
    if timeout is not None and (
        isinstance(timeout, bool)
        or not isinstance(timeout, (int, float))
        or not 0 < timeout < math.inf
    ):
        raise LabError("lab.bad_timeout", value=i18n.shown(timeout))
    if progress is not None and not isinstance(progress, bool):
        raise LabError("lab.bad_flag", name="progress", value=i18n.shown(progress))


@dataclasses.dataclass
class Stop:
    """Why a run stopped early: a game that raised, a dead worker, the timeout, or Ctrl-C."""

    failure: Failure | None = None
    error: BaseException | None = None
    timed_out: float | None = None
    interrupted: bool = False


def run_chunks(
    job: Job,
    games: int,
    workers: int | None,
    executor: concurrent.futures.Executor | None,
    chunk_size: int | None,
    progress: bool | None,
    timeout: float | None,
) -> tuple[list[Chunk], Stop | None]:
    """Play the run's chunks: those that finished (in game order), and why it stopped early
    (None if it did not). A stopped run keeps every finished chunk."""
    _check_run(games, workers, chunk_size, timeout, progress)
    slots = _slots(workers, executor)
    size = chunk_size or _chunk_size(games, slots)
    bar = Progress(games, progress, job.unit)
    try:
        if executor is None and (workers is None or workers <= 1 or lab.NO_PROCESSES):
            return _run_here(job, _chunks(games, size), bar, timeout)
        # Sent to workers, the later chunks are sized by what the first ones cost (a task's
        # trip costs milliseconds whatever it holds): see cardwidgets.lab.chunks.
        chunks = Chunker(games, first=size, workers=slots, adapt=chunk_size is None)
        remote = dataclasses.replace(job, claim=portable(job.claim))
        if executor is not None:
            return _gather(executor, remote, chunks, bar, timeout, slots)
        # Never more processes than chunks (a pool forks all of them when it starts).
        count = min(workers or 1, math.ceil(games / size))
        pool = concurrent.futures.ProcessPoolExecutor(max_workers=count)
        stopped = True
        try:
            done, stop = _gather(pool, remote, chunks, bar, timeout, count)
            stopped = stop is not None
            return done, stop
        finally:
            _end_pool(pool, stopped)
    finally:
        bar.close()


def _end_pool(pool: concurrent.futures.ProcessPoolExecutor, stopped: bool) -> None:
    """Shut the run's own pool down; a stopped run's workers are terminated, since one may
    spin for ever on a claim that never returns (the interpreter could not exit)."""
    if not stopped:
        pool.shutdown(wait=True)
        return
    # The pool keeps its processes in a private dict (Python 3.14 adds terminate_workers());
    # shutdown() drops its references to the dict and to its manager thread, so take both first.
    workers = set((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)
    pool.shutdown(wait=False, cancel_futures=True)
    for process in workers:
        process.terminate()
    for process in workers:
        process.join(5)
    # On a loaded machine SIGTERM may not have ended a worker within the wait; SIGKILL cannot
    # be missed, and a worker left alive would keep the interpreter from exiting.
    for process in workers:
        if process.is_alive():
            process.kill()
            process.join(5)
    # The manager thread sees the dead workers and joins them too: until it has, a caller's
    # multiprocessing.active_children() can race it for the exit status and still list one.
    if isinstance(manager, threading.Thread) and manager.is_alive():
        manager.join(10)


def _run_here(
    job: Job, chunks: Iterator[tuple[int, int]], bar: Progress, timeout: float | None
) -> tuple[list[Chunk], Stop | None]:
    """Play the chunks in this process; the timeout and Ctrl-C keep the games that finished
    (see :mod:`~cardwidgets.lab.watchdog` for how the timeout stops a game)."""
    done: list[Chunk] = []
    if timeout is None:
        return done, _play_here(job, chunks, bar, done, None)
    with watchdog.alarm(timeout) as armed:
        played = job if armed else watchdog.clocked(job, timeout)
        return done, _play_here(played, chunks, bar, done, timeout)


def _play_here(
    job: Job,
    chunks: Iterator[tuple[int, int]],
    bar: Progress,
    done: list[Chunk],
    timeout: float | None,
) -> Stop | None:
    """Play the chunks into ``done``: why the run stopped early, or None."""
    try:
        for start, stop in chunks:
            # In ``done`` before a game is played: wherever the timeout or Ctrl-C strike, the
            # games that finished are kept.
            chunk = Chunk(start, Table(), [])
            done.append(chunk)
            fill_chunk(chunk, job, stop)
            bar.advance(len(chunk.rows))
            if chunk.failure is not None:
                return Stop(failure=chunk.failure)
    except (watchdog.TimedOut, KeyboardInterrupt) as why:
        return _halt(why, timeout)
    return None


def _halt(why: BaseException, timeout: float | None) -> Stop:
    if isinstance(why, KeyboardInterrupt):
        return Stop(interrupted=True)
    return Stop(timed_out=timeout)


def _gather(
    executor: concurrent.futures.Executor,
    job: Job,
    chunks: Chunker,
    bar: Progress,
    timeout: float | None,
    slots: int,
) -> tuple[list[Chunk], Stop | None]:
    """Run the chunks on ``executor``, a few more in flight than it has workers: chunks are
    submitted as others finish, so a huge run never holds all its tasks at once."""
    window = max(2, 2 * slots)
    deadline = None if timeout is None else time.monotonic() + timeout
    pending: set[concurrent.futures.Future[Chunk]] = set()
    done: list[Chunk] = []
    stop: Stop | None = None

    def submit() -> None:
        for start, end in chunks:
            pending.add(executor.submit(run_chunk_remote, job, start, end))
            if len(pending) >= window:
                return

    try:
        submit()
        while pending and stop is None:
            left = None if deadline is None else max(0.0, deadline - time.monotonic())
            finished, _ = concurrent.futures.wait(
                pending, timeout=left, return_when=concurrent.futures.FIRST_COMPLETED
            )
            if not finished:
                stop = Stop(timed_out=timeout)
                break
            for future in finished:
                pending.discard(future)
                try:
                    chunk = future.result()
                except Exception as err:  # a dead worker, or a task that failed to run at all
                    stop = stop or Stop(error=err)
                    continue
                done.append(chunk)
                chunks.learn(len(chunk.rows), chunk.seconds)
                bar.advance(len(chunk.rows))
                if chunk.failure is not None and stop is None:
                    stop = Stop(failure=chunk.failure)
            if stop is None:
                submit()
    except KeyboardInterrupt:  # Ctrl-C here, or a worker's own (a terminal's Ctrl-C reaches all)
        stop = Stop(interrupted=True)
    finally:
        for future in pending:
            future.cancel()
    done.sort(key=lambda chunk: chunk.start)
    return done, stop


def _game_error(job: Job, failure: Failure, kept: i18n.TranslatedError) -> GameError:
    """The error for a game that raised: the claim's own error or a player's/engine's."""
    error = failure.error
    if failure.details and error.__traceback__ is None and error.__cause__ is None:
        # Raised in another process: show the worker's traceback as the cause.
        error.__cause__ = RemoteTraceback(failure.details)
    key = "lab.claim_raised" if failure.in_claim else "lab.game_raised"
    cls = ClaimError if failure.in_claim else GameError
    said: dict[str, object] = {"error": i18n.shown(error, 120)}
    if isinstance(error, NotTrueOrFalse):
        key, said = "lab.claim_not_bool", dict(error.params)
    found = cls(
        key,
        **said,
        unit=i18n.TranslatedError(f"lab.unit.{job.unit}"),
        index=failure.game,
        seed=failure.seed,
        ply=failure.ply,
        kept=kept,
    )
    found.failure = failure
    return found


def stopped(job: Job, stop: Stop, results: Results | CheckResult) -> RunError | Interrupted:
    """The error of a run that stopped early, holding what finished; raise it ``from`` its
    cause (the claim's, player's or engine's error, or the dead pool's). Ctrl-C gives an
    :class:`Interrupted` (a ``KeyboardInterrupt``), everything else a :class:`RunError`."""
    done = len(results)
    kept = i18n.TranslatedError(
        "lab.kept",
        done=i18n.Number(done),
        units=i18n.TranslatedError(display.unit_key(job.unit), n=done),
    )
    error: RunError | Interrupted
    if stop.failure is not None:
        error = _game_error(job, stop.failure, kept)
    elif stop.interrupted:
        error = Interrupted("lab.interrupted", kept=kept)
    elif stop.timed_out is not None:
        error = WorkerError("lab.timed_out", seconds=stop.timed_out, kept=kept)
    else:
        # A pool whose worker died is broken; any other error failed one task outright.
        key = "lab.worker_died" if isinstance(stop.error, BrokenProcessPool) else "lab.task_failed"
        error = WorkerError(key, error=i18n.shown(stop.error, 120), kept=kept)
    error.results = results
    return error


def cause(stop: Stop) -> BaseException | None:
    """The error that stopped the run (None for the timeout)."""
    return stop.failure.error if stop.failure is not None else stop.error
