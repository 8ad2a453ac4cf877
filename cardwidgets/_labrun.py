"""The worker side of :mod:`cardwidgets.lab`: play a chunk of seeded games, return plain rows.

Everything here is importable without Jupyter, pandas or Dask, and every object that crosses to a
worker (a :class:`Job`, the rows, the counterexamples) pickles, so the same code runs in-process,
in a process pool and on a Dask worker.

Determinism does not depend on how the games are split: game ``i`` of a run with seed ``s`` is
dealt from :func:`game_seed` ``(s, i)`` and each seat's player is reseeded from that game seed, so
a chunk ``[a, b)`` gives the same rows whoever runs it and whatever the other chunks are.
"""

from __future__ import annotations

import dataclasses
import functools
import importlib
import pickle
import traceback
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from cardwidgets import i18n
from cardwidgets.cards import Rng

i18n.register(
    {
        "lab.not_portable": {
            "en": "{function} cannot be sent to worker processes: define it at module level "
            "or install cloudpickle",
            "de": "{function} lässt sich nicht an Arbeitsprozesse schicken: definiere sie auf "
            "Modulebene oder installiere cloudpickle",
        }
    }
)


class NotPortable(i18n.TranslatedError, TypeError):
    """A claim that cannot be carried to worker processes (also a ``TypeError``)."""


__all__ = [
    "Failure",
    "GameFailed",
    "Job",
    "NotPortable",
    "Pickled",
    "RemoteError",
    "game_seed",
    "play_game",
    "player_seed",
    "run_chunk",
    "run_chunk_remote",
]

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


@dataclasses.dataclass(frozen=True)
class Pickled:
    """A callable that plain pickle cannot carry (a lambda, a notebook function), as cloudpickle
    bytes; it is loaded once per chunk on the worker."""

    data: bytes

    def load(self) -> Callable[[Any], object]:
        # Only ever built when cloudpickle is importable (it comes with Dask).
        function = importlib.import_module("cloudpickle").loads(self.data)
        assert callable(function)
        return function  # type: ignore[no-any-return]


def portable(
    function: Callable[[Any], object] | Pickled | None,
) -> Callable[[Any], object] | Pickled | None:
    """``function`` in a form worker processes can load.

    Plain pickle sends a function by name, which works for module-level functions. A lambda,
    or a function typed in a notebook (module ``__main__``, which a spawned worker does not
    have), goes by value as cloudpickle bytes when cloudpickle is installed.
    """
    if function is None or isinstance(function, Pickled):
        return function
    by_name = getattr(function, "__module__", None) != "__main__"
    if by_name:
        try:
            pickle.dumps(function)
        except (pickle.PicklingError, AttributeError, TypeError):
            by_name = False
    if by_name:
        return function
    try:
        cloudpickle = importlib.import_module("cloudpickle")
    except ImportError as err:  # pragma: no cover - cloudpickle ships with the dask extra
        if getattr(function, "__module__", None) == "__main__":
            return function  # a forked process pool still finds it
        raise NotPortable("lab.not_portable", function=i18n.shown(function)) from err
    return Pickled(cloudpickle.dumps(function))


@dataclasses.dataclass(frozen=True)
class Job:
    """What a worker needs to play games: everything is a value that pickles."""

    game: str
    """Importable module name of the engine, e.g. ``"cardwidgets.games.tablic"``."""
    rules: Any
    """The engine's Rules object, or None for the seed rules."""
    players: tuple[Any, Any]
    """One player per seat (``choose(state)`` and ``reseeded(seed)``)."""
    seed: int | str
    unit: str = "game"
    claim: Callable[[Any], object] | Pickled | None = None
    per_state: bool = False
    keep: int = 5
    """How many counterexamples a chunk returns at most (the first ones by game index)."""
    records: bool = False
    """Whether each row carries the game's record (replayable JSON)."""
    options: Mapping[str, Any] = dataclasses.field(default_factory=dict)
    """Extra keyword arguments for ``new_game``."""

    @property
    def name(self) -> str:
        """The game's short name (``"tablic"``)."""
        return self.game.rpartition(".")[2]


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
    record: dict[str, Any] | None
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
    rows: list[dict[str, Any]]
    counterexamples: list[dict[str, Any]]
    failure: Failure | None = None


def run_chunk(job: Job, start: int, stop: int) -> Chunk:
    """Play games ``start`` to ``stop - 1`` of ``job`` (module-level: any executor can run it)."""
    module = importlib.import_module(job.game)
    claim = job.claim.load() if isinstance(job.claim, Pickled) else job.claim
    rows: list[dict[str, Any]] = []
    failures: list[dict[str, Any]] = []
    for index in range(start, stop):
        try:
            row, failure, _ = play_game(job, index, module, claim)
        except GameFailed as failed:
            return Chunk(start, rows, failures, failed.failure)
        rows.append(row)
        if failure is not None and len(failures) < job.keep:
            failures.append(failure)
    return Chunk(start, rows, failures)


def run_chunk_remote(job: Job, start: int, stop: int) -> Chunk:
    """:func:`run_chunk` for another process: a failure's error must survive pickling."""
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
    claim: Callable[[Any], object] | None = None,
) -> tuple[dict[str, Any], dict[str, Any] | None, Any]:
    """Play game ``index`` of ``job``: its row, the claim's counterexample or None, the end.

    If anything raises (the claim, a player, the engine), :class:`GameFailed` carries where
    and why, with the record of the state reached, so the game can be replayed.
    """
    if module is None:
        module = importlib.import_module(job.game)
    seed = game_seed(job.seed, index)
    state: Any = None
    moves = 0
    try:
        unit = UNITS.get(job.name, _DEFAULT_UNIT)
        state = unit.start(module, seed, job.rules, job.unit, job.options)
        seats = (
            job.players[0].reseeded(player_seed(seed, 0)),
            job.players[1].reseeded(player_seed(seed, 1)),
        )
        done = unit.done(job.unit)
        failure: dict[str, Any] | None = None
        first = state.to_move
        if claim is not None and job.per_state:
            if not _holds(claim, state):
                failure = _failure(index, seed, state, moves)
            while not done(state):
                state = state.play(seats[state.to_move].choose(state))
                moves += 1
                if failure is None and not _holds(claim, state):
                    failure = _failure(index, seed, state, moves)
        elif done is _is_over:
            # The hot loop of every simulation: nothing here but the engine and the players.
            while not state.is_over:
                state = state.play(seats[state.to_move].choose(state))
                moves += 1
        else:
            while not done(state):
                state = state.play(seats[state.to_move].choose(state))
                moves += 1
        if claim is not None and not job.per_state and not _holds(claim, state):
            failure = _failure(index, seed, state, moves)
        winner, scores = unit.result(state, job.unit)
        row: dict[str, Any] = {
            "game": index,
            "seed": seed,
            "winner": winner,
            "score0": scores[0],
            "score1": scores[1],
            "length": moves,
            "first": first,
        }
        row.update(unit.facts(state, job.unit))
        if claim is not None:
            row["held"] = failure is None
        if job.records:
            row["record"] = state.to_record()
    except Exception as err:
        raise GameFailed(_failed(index, seed, state, moves, err)) from err
    return row, failure, state


def _failure(index: int, seed: int, state: Any, ply: int) -> dict[str, Any]:
    return {"game": index, "seed": seed, "ply": ply, "record": state.to_record()}


def _holds(claim: Callable[[Any], object], state: Any) -> bool:
    """The claim's verdict on ``state``; its own error (also one raised by its result's truth
    value, such as an array's) is marked as the claim's."""
    try:
        return bool(claim(state))
    except Exception as err:
        raise _ClaimRaised() from err


def _failed(index: int, seed: int, state: Any, ply: int, err: Exception) -> Failure:
    in_claim = isinstance(err, _ClaimRaised)
    error = err.__cause__ if in_claim and err.__cause__ is not None else err
    record: dict[str, Any] | None = None
    if state is not None:
        try:
            record = state.to_record()
        except Exception:  # the record is a help for replaying, not needed to report
            record = None
    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    return Failure(index, seed, ply, record, error, in_claim, details)


# -- what a "game" is, per engine ------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Unit:
    """How the lab starts, ends and reads one unit of play of an engine.

    ``start(module, seed, rules, unit, options)`` builds the first state; ``done(unit)`` gives
    the test ``test(state)`` that says when the unit is finished; ``result(state, unit)`` gives
    ``(winner, (score0, score1))`` and ``facts(state, unit)`` the game's columns of a row.
    """

    units: tuple[str, ...]
    start: Callable[[ModuleType, int, Any, str, Mapping[str, Any]], Any]
    done: Callable[[str], Callable[[Any], bool]]
    result: Callable[[Any, str], tuple[int | None, Sequence[int]]]
    facts: Callable[[Any, str], dict[str, Any]]


def _start(module: ModuleType, seed: int, rules: Any, unit: str, options: Mapping[str, Any]) -> Any:
    return module.new_game(seed=seed, rules=rules, **options)


def _is_over(state: Any) -> bool:
    return bool(state.is_over)


def _done(unit: str) -> Callable[[Any], bool]:
    return _is_over


def _result(state: Any, unit: str) -> tuple[int | None, Sequence[int]]:
    outcome = state.outcome
    return outcome.winner, tuple(outcome.scores)


def _no_facts(state: Any, unit: str) -> dict[str, Any]:
    return {}


_DEFAULT_UNIT = Unit(("game",), _start, _done, _result, _no_facts)


# Tablić: one engine state is a whole match (T-D7); a deal is over once its score is booked in
# ``deal_results`` (T-D9 is a statement about one deal).


def _deal_over(state: Any) -> bool:
    return bool(state.is_over or state.deal_results)


def _tablic_done(unit: str) -> Callable[[Any], bool]:
    return _deal_over if unit == "deal" else _is_over


def _tablic_result(state: Any, unit: str) -> tuple[int | None, Sequence[int]]:
    if unit == "match":
        return _result(state, unit)
    scores = state.deal_results[0].scores
    winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
    return winner, tuple(scores)


def _tablic_facts(state: Any, unit: str) -> dict[str, Any]:
    deals = state.deal_results[:1] if unit == "deal" else state.deal_results
    facts: dict[str, Any] = {}
    if unit == "match":
        facts["deals"] = len(deals)
    for name in ("cards", "points", "tablas"):
        for seat in (0, 1):
            facts[f"{name}{seat}"] = sum(getattr(deal, name)[seat] for deal in deals)
    return facts


def _panjpar_facts(state: Any, unit: str) -> dict[str, Any]:
    return {"trump": str(state.trump)}


def _pazaak_facts(state: Any, unit: str) -> dict[str, Any]:
    sets = state.sets_won
    return {
        "sets0": sets[0],
        "sets1": sets[1],
        "sets_played": state.set_number,
    }


UNITS: dict[str, Unit] = {
    "tablic": Unit(("match", "deal"), _start, _tablic_done, _tablic_result, _tablic_facts),
    "panjpar": Unit(("game",), _start, _done, _result, _panjpar_facts),
    "pazaak": Unit(("match",), _start, _done, _result, _pazaak_facts),
}
"""Per-engine units; an engine not listed here plays plain games."""
