"""What a worker runs: play a chunk of seeded games, return plain rows.

Everything here is importable without Jupyter, pandas or Dask, and every object that crosses to a
worker (a :class:`~cardwidgets.lab.jobs.Job`, the rows, the counterexamples) pickles, so the same
code runs in-process, in a process pool and on a Dask worker. A pool is handed
:func:`run_chunk_remote` by name (a module-level function), so a spawned or forkserver worker
finds it by importing this module.

Determinism does not depend on how the games are split: game ``i`` of a run with seed ``s`` is
dealt from :func:`~cardwidgets.lab.seeds.game_seed` ``(s, i)`` and each seat's player is
reseeded from that game seed, so a chunk ``[a, b)`` gives the same rows whoever runs it and
whatever the other chunks are.

>>> from cardwidgets.lab.jobs import make_job
>>> job, _ = make_job("pazaak", "random", None, 1, None)
>>> chunk = run_chunk(job, 0, 3)
>>> [row["game"] for row in chunk.rows], chunk.failure
([0, 1, 2], None)
"""

from __future__ import annotations

import dataclasses
import importlib
import pickle
import time
import traceback
from types import ModuleType
from typing import Any, TypedDict, TypeGuard

from cardwidgets import i18n
from cardwidgets.bots.player import RandomPlayer, SeatDraws, play_random
from cardwidgets.lab.errors import NotTrueOrFalse
from cardwidgets.lab.jobs import Claim, Job, Pickled
from cardwidgets.lab.seeds import game_seed, player_seed
from cardwidgets.lab.table import Table
from cardwidgets.lab.units import AnyState, Record, Unit, is_over, unit_of

__all__ = [
    "Chunk",
    "Failure",
    "Found",
    "GameFailed",
    "RemoteError",
    "Row",
    "claim_label",
    "fill_chunk",
    "play_game",
    "run_chunk",
    "run_chunk_remote",
]

Row = dict[str, Any]
"""One game's row: plain JSON values (numbers, names, None, a record)."""


class Found(TypedDict):
    """A game in which the claim failed: where, and the record of the failing state."""

    game: int
    seed: int
    ply: int
    record: Record


@dataclasses.dataclass
class Failure:
    """A game that raised instead of finishing: where, what, and how to replay it.

    ``in_claim`` tells the claim's own error from a player's or the engine's; ``record`` is the
    record of the state at that moment (None if even that failed); ``details`` is the formatted
    traceback, kept as text because a traceback does not cross to another process.
    """

    game: int
    seed: int
    ply: int
    record: Record | None
    error: BaseException
    in_claim: bool
    details: str = ""


class GameFailed(Exception):
    """Raised by :func:`play_game` when a game raised; carries the :class:`Failure`."""

    def __init__(self, failure: Failure) -> None:
        super().__init__(failure.game)
        self.failure = failure


class RemoteError(Exception):
    """Stands in for an error that cannot be pickled back from a worker: its type and text."""

    def __init__(self, kind: str, message: str) -> None:
        super().__init__(kind, message)
        self.kind, self.message = kind, message

    def __repr__(self) -> str:
        return f"{self.kind}({self.message!r})"

    def __str__(self) -> str:
        return f"{self.kind}: {self.message}"


class _ClaimRaised(Exception):
    """The claim itself raised (its error is the cause): not the players', not the engine's."""


@dataclasses.dataclass
class Chunk:
    """The rows of games ``start..stop-1`` and their counterexamples (a claim's failures).

    A chunk stopped by a game that raised holds the rows before it and that game's
    :class:`Failure`; the games after it are not played.
    """

    start: int
    rows: Table
    counterexamples: list[Found]
    failure: Failure | None = None
    seconds: float = 0.0
    """The CPU seconds its games took (where it was played): sizes the next chunks."""


def run_chunk(job: Job, start: int, stop: int) -> Chunk:
    """Play games ``start`` to ``stop - 1`` of ``job``."""
    chunk = Chunk(start, Table(), [])
    began = time.process_time()
    fill_chunk(chunk, job, stop)
    chunk.seconds = time.process_time() - began
    return chunk


def fill_chunk(chunk: Chunk, job: Job, stop: int) -> None:
    """Play games ``chunk.start`` to ``stop - 1`` into ``chunk``, in place: a chunk stopped
    from outside (the timeout, Ctrl-C) holds the games that finished. A game that raised ends
    it (``chunk.failure``)."""
    module = importlib.import_module(job.game)
    claim = job.claim.load() if isinstance(job.claim, Pickled) else job.claim
    rows, failures = chunk.rows, chunk.counterexamples
    for index in range(chunk.start, stop):
        try:
            row, failure, _ = play_game(job, index, module, claim, rows_only=True)
        except GameFailed as failed:
            chunk.failure = failed.failure
            return
        rows.append(row)
        if failure is not None and len(failures) < job.keep:
            failures.append(failure)


def run_chunk_remote(job: Job, start: int, stop: int) -> Chunk:
    """Games ``start`` to ``stop - 1`` for another process (module-level: any executor can
    run it); a failure's error must survive pickling."""
    chunk = run_chunk(job, start, stop)
    failure = chunk.failure
    if failure is not None:
        try:
            pickle.loads(pickle.dumps(failure.error))
        except Exception:  # any error of a foreign exception's pickling: send its text
            error = failure.error
            failure.error = RemoteError(type(error).__name__, _message(error))
    return chunk


def _message(error: BaseException) -> str:
    try:
        return str(error)
    except Exception:
        return ""


def play_game(
    job: Job,
    index: int,
    module: ModuleType | None = None,
    claim: Claim | None = None,
    *,
    rows_only: bool = False,
) -> tuple[Row, Found | None, AnyState]:
    """Play game ``index`` of ``job``: its row, the claim's counterexample or None, the end.

    ``rows_only``: the caller reads only the row, so two random players without a claim or
    records may play on the engine's list-based playout (the same game, no state per move);
    the state returned is then the game's start, not its end.

    If anything raises (the claim, a player, the engine), :class:`GameFailed` carries where
    and why, with the record of the state reached, so the game can be replayed.
    """
    if module is None:
        module = importlib.import_module(job.game)
    seed = game_seed(job.seed, index)
    state: AnyState | None = None
    moves = 0
    try:
        unit: Unit[Any] = unit_of(job.name)
        state = unit.start(module, seed, job.rules, job.unit, job.options)
        done = unit.done(job.unit)
        failure: Found | None = None
        first = state.to_move
        if _random_pair(job.players) and not (claim is not None and job.per_state):
            # Both seats the built-in random player: the same moves without a call per move,
            # and without making the players (their two keys are all they draw from).
            keys = (
                RandomPlayer.key_of(player_seed(seed, 0)),
                RandomPlayer.key_of(player_seed(seed, 1)),
            )
            if rows_only and claim is None and not job.records:
                out = unit.played_out(module, job.unit)
                if out is not None:
                    # The engine's list-based playout of the unit on the players' draws: the
                    # same game without a state per move; the row reads its end (no record).
                    pair = SeatDraws(keys, state.ply)
                    end = out(state, pair)
                    return _row(job, unit, end, index, seed, pair.moves(), first, None), None, state
            state, moves = play_random(state, keys, None if done is is_over else done)
        else:
            seats = (
                job.players[0].reseeded(player_seed(seed, 0)),
                job.players[1].reseeded(player_seed(seed, 1)),
            )
            if claim is not None and job.per_state:
                if not _holds(claim, state):
                    failure = _found(index, seed, state, moves)
                while not done(state) and (seat := state.to_move) is not None:
                    state = state.play(seats[seat].choose(state))
                    moves += 1
                    if failure is None and not _holds(claim, state):
                        failure = _found(index, seed, state, moves)
            elif done is is_over:
                # The hot loop of every simulation: nothing here but the engine and the
                # players. A state is over exactly when nobody is to move (the game protocol).
                while (seat := state.to_move) is not None:
                    state = state.play(seats[seat].choose(state))
                    moves += 1
            else:
                while not done(state) and (seat := state.to_move) is not None:
                    state = state.play(seats[seat].choose(state))
                    moves += 1
        if claim is not None and not job.per_state and not _holds(claim, state):
            failure = _found(index, seed, state, moves)
        held = None if claim is None else failure is None
        row = _row(job, unit, state, index, seed, moves, first, held)
    except Exception as err:
        raise GameFailed(_failed(index, seed, state, moves, err)) from err
    return row, failure, state


def _random_pair(seats: tuple[object, object]) -> TypeGuard[tuple[RandomPlayer, RandomPlayer]]:
    """Whether both seats are exactly the built-in random player (a subclass may choose
    otherwise, so it keeps the general loop)."""
    return seats[0].__class__ is RandomPlayer and seats[1].__class__ is RandomPlayer


def _row(
    job: Job,
    unit: Unit[Any],
    state: AnyState,
    index: int,
    seed: int,
    moves: int,
    first: int | None,
    held: bool | None,
) -> Row:
    """The row of a finished game: who won, the scores, its length, the game's facts, and
    whether the claim held (when there is one)."""
    winner, scores = unit.result(state, job.unit)
    row: Row = {
        "game": index,
        "seed": seed,
        "winner": winner,
        "score0": scores[0],
        "score1": scores[1],
        "length": moves,
        "first": first,
    }
    row.update(unit.facts(state, job.unit))
    if held is not None:
        row["held"] = held
    if job.records:
        row["record"] = state.to_record()
    return row


def _found(index: int, seed: int, state: AnyState, ply: int) -> Found:
    return {"game": index, "seed": seed, "ply": ply, "record": state.to_record()}


def _holds(claim: Claim, state: AnyState) -> bool:
    """The claim's verdict on ``state``: True or False (a numpy bool too). Its own error, or
    an answer that is no bool, is marked as the claim's: a truth value guessed from ``None``
    or ``"no"`` would turn a forgotten ``return`` into "refuted in every game"."""
    try:
        verdict = claim(state)
    except Exception as err:
        raise _ClaimRaised() from err
    if verdict.__class__ is bool:
        return verdict
    if _is_numpy_bool(verdict):
        return bool(verdict)
    wrong = NotTrueOrFalse(
        "lab.not_true_or_false", claim=claim_label(claim), answer=i18n.shown(verdict, 40)
    )
    raise _ClaimRaised() from wrong


def _is_numpy_bool(value: object) -> bool:
    # Checked by name: the lab does not import numpy (numpy 1 calls it bool_, numpy 2 bool).
    kind = value.__class__
    return kind.__module__ == "numpy" and kind.__name__ in ("bool_", "bool")


def claim_label(claim: object) -> str:
    """The claim's name as a sentence shows it (its qualified name, else its repr)."""
    name = getattr(claim, "__qualname__", None) or getattr(claim, "__name__", None)
    return name if isinstance(name, str) else i18n.shown(claim)


def _failed(index: int, seed: int, state: AnyState | None, ply: int, err: Exception) -> Failure:
    in_claim = isinstance(err, _ClaimRaised)
    error = err.__cause__ if in_claim and err.__cause__ is not None else err
    record: Record | None = None
    if state is not None:
        try:
            record = state.to_record()
        except Exception:  # the record is a help for replaying, not needed to report
            record = None
    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    return Failure(index, seed, ply, record, error, in_claim, details)
