"""A run's job: what a worker needs to play its games, every part a value that pickles.

:func:`make_job` turns what a learner asked for (a game's name, players as text, rules as a
dict) into a :class:`Job`; :func:`portable` makes its claim travel to worker processes.

>>> job, labels = make_job("tablic", "random", None, 7, "deal")
>>> job.name, job.unit, job.seed
('tablic', 'deal', 7)
"""

from __future__ import annotations

import dataclasses
import importlib
import pickle
from collections.abc import Callable, Mapping
from types import ModuleType
from typing import Any

from cardwidgets import cards, i18n
from cardwidgets.core import Rules
from cardwidgets.lab.errors import LabError, NotPortable
from cardwidgets.lab.players import Player, make_players
from cardwidgets.lab.units import unit_of

__all__ = ["Claim", "Job", "Pickled", "make_job", "portable"]

Claim = Callable[[Any], object]
"""A claim: a function of its game's state that returns something true or false."""


@dataclasses.dataclass(frozen=True)
class Pickled:
    """A callable that plain pickle cannot carry (a lambda, a notebook function), as cloudpickle
    bytes; it is loaded once per chunk on the worker."""

    data: bytes

    def load(self) -> Claim:
        # Only ever built when cloudpickle is importable (it comes with Dask).
        function: Claim = importlib.import_module("cloudpickle").loads(self.data)
        assert callable(function)
        return function


def portable(function: Claim | Pickled | None) -> Claim | Pickled | None:
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
    rules: object
    """The engine's Rules object, or None for the seed rules (the engine refuses others)."""
    players: tuple[Player, Player]
    """One player per seat (``choose(state)`` and ``reseeded(seed)``)."""
    seed: int | str
    unit: str = "game"
    claim: Claim | Pickled | None = None
    per_state: bool = False
    keep: int = 5
    """How many counterexamples a chunk returns at most (the first ones by game index)."""
    records: bool = False
    """Whether each row carries the game's record (replayable JSON)."""
    options: Mapping[str, object] = dataclasses.field(default_factory=dict)
    """Extra keyword arguments for ``new_game``."""

    @property
    def name(self) -> str:
        """The game's short name (``"tablic"``)."""
        return self.game.rpartition(".")[2]


def _module(game: str | ModuleType) -> ModuleType:
    if isinstance(game, ModuleType):
        return game
    from cardwidgets import games

    return games.get(game)


def _rules(module: ModuleType, rules: object) -> object:
    """The game's Rules from their dict; anything else goes to the engine as it is (None
    means the seed rules, and the engine refuses what is not its Rules)."""
    if rules is None or not isinstance(rules, Mapping):
        return rules
    made: Rules = module.Rules.from_dict(rules)
    return made


def check_unit(game: str, unit: str | None) -> str:
    """``unit`` if the game ``game`` (its short name) counts in it; None: the game's first."""
    known = unit_of(game).units
    if unit is None:
        return known[0]
    if unit not in known:
        raise LabError(
            "lab.bad_unit",
            game=game,
            unit=i18n.shown(unit)[1:-1] if isinstance(unit, str) else i18n.shown(unit),
            units=", ".join(known),
        )
    return unit


def make_job(
    game: str | ModuleType,
    players: object,
    rules: object,
    seed: int | str,
    unit: str | None,
    claim: Claim | None = None,
    per_state: bool = False,
    keep: int = 5,
    records: bool = False,
    options: Mapping[str, object] | None = None,
) -> tuple[Job, tuple[str, str]]:
    """The job of a run and the labels of its two players."""
    module = _module(game)
    seed = cards.check_seed(seed)
    pair, labels = make_players(players)
    job = Job(
        game=module.__name__,
        rules=_rules(module, rules),
        players=pair,
        seed=seed,
        unit=check_unit(module.__name__.rpartition(".")[2], unit),
        claim=claim,
        per_state=per_state,
        keep=keep,
        records=records,
        options=dict(options or {}),
    )
    return job, labels
