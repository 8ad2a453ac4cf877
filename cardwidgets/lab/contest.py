"""What a contest is made of: its bots, the deals they play, and one game between two of them.

Shared by the tournament (:mod:`~cardwidgets.lab.tournament`) and the stopping rule
(:mod:`~cardwidgets.lab.stopping`). A contest plays **duplicate deals**: deal ``d`` is dealt from
:func:`~cardwidgets.lab.seeds.game_seed` ``(seed, d)``, the same deal for every pair of bots,
and each deal is played twice, seats swapped, so the luck of the deal cancels in the pair. The
player in seat ``s`` is reseeded from :func:`~cardwidgets.lab.seeds.player_seed` of the deal and
the seat, so in the swapped game each bot meets the very dice its opponent met.

The games themselves are played by :func:`cardwidgets.lab.tournament.play`, which calls a bot
in exactly one place.

>>> plan = make_plan("pazaak", ["random", "greedy"], games=2, seed=1)
>>> plan.names, plan.total, plan.seats(1)
(('random', 'greedy'), 2, (0, 1, 0))
"""

from __future__ import annotations

import dataclasses
import importlib
import inspect
import os
import pickle
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from cardwidgets import cards, i18n
from cardwidgets.lab import contest_words as contest_words
from cardwidgets.lab.bot_files import is_bot_file
from cardwidgets.lab.errors import LabError
from cardwidgets.lab.players import make_players
from cardwidgets.lab.sandbox import SealedBot
from cardwidgets.lab.units import AnyState

__all__ = [
    "FORMATS",
    "FunctionBot",
    "Limits",
    "Plan",
    "Portable",
    "Row",
    "bot_names",
    "check_games",
    "make_plan",
    "pairings",
    "portable",
]

Row = dict[str, Any]
"""One game of a contest: plain JSON (see :func:`play`)."""

FORMATS = ("round robin", "gauntlet")
"""Round robin: every pair of bots; gauntlet: the first bot against each of the others."""


class FunctionBot:
    """A bot that is a plain function ``choose(view) -> move``."""

    def __init__(self, function: Callable[[Any], object], name: str) -> None:
        self.function, self.name = function, name

    def choose(self, state: AnyState) -> object:
        """The function's move."""
        return self.function(state)

    def __repr__(self) -> str:
        return self.name


class Portable:
    """A bot that plain pickle cannot carry (defined in a notebook cell), as cloudpickle bytes;
    loaded again wherever its games are played."""

    def __init__(self, data: bytes) -> None:
        self.data = data

    def load(self) -> object:
        """The bot itself."""
        return importlib.import_module("cloudpickle").loads(self.data)


@dataclasses.dataclass(frozen=True)
class Limits:
    """The limits of a bot given as a ``.py`` file, which runs sealed
    (:class:`~cardwidgets.lab.SealedBot`): seconds a move and megabytes of memory."""

    time_limit: float = 1.0
    memory_mb: int = 512


def _named(spec: object, limits: Limits, name: str | None = None) -> tuple[str, object]:
    """A bot and its name from a player name, (name, options), a ``.py`` file's path (run
    sealed), a function, a class or an object with ``choose``."""
    if isinstance(spec, os.PathLike) or (isinstance(spec, str) and is_bot_file(spec)):
        # A student's file never runs in this process: only its worker imports it.
        label = Path(spec).stem if name is None else name
        sealed = SealedBot(
            spec, name=label, time_limit=limits.time_limit, memory_mb=limits.memory_mb
        )
        return label, sealed
    if isinstance(spec, str) or (isinstance(spec, tuple) and spec and isinstance(spec[0], str)):
        (player, _), (label, _) = make_players((spec, spec))
        return label, player
    if inspect.isclass(spec) and hasattr(spec, "choose"):
        spec = spec()  # a class of bots: one bot made with no arguments
    if hasattr(spec, "choose"):
        name = getattr(spec, "name", None)
        if not isinstance(name, str) or not name:
            name = type(spec).__name__
        return name, spec
    if callable(spec):
        name = getattr(spec, "__name__", "") or "bot"
        return (name, FunctionBot(spec, name))
    raise LabError("contest.bad_bot", bot=i18n.shown(spec))


def bot_names(
    bots: object, limits: Limits | None = None
) -> tuple[tuple[str, ...], tuple[object, ...]]:
    """The bots' names and the bots, from a dict of names to bots or a sequence of bots;
    ``limits`` are those of the bots given as ``.py`` files.

    >>> def mine(view):
    ...     return view.legal_moves()[0]
    >>> bot_names(["greedy", mine, "greedy:stand_at=17"])[0]
    ('greedy', 'mine', 'greedy stand_at=17')
    >>> bot_names({"Ana": mine, "Ben": "random"})[0]
    ('Ana', 'Ben')
    """
    limits = limits or Limits()
    if isinstance(bots, Mapping):
        pairs = [(str(name), _named(spec, limits, str(name))[1]) for name, spec in bots.items()]
    elif isinstance(bots, Sequence) and not isinstance(bots, str):
        pairs = [_named(spec, limits) for spec in bots]
    else:
        raise LabError("contest.few_bots", bots=i18n.shown(bots))
    if len(pairs) < 2:
        raise LabError("contest.few_bots", bots=i18n.shown(bots))
    names = [name for name, _ in pairs]
    for name in names:
        if names.count(name) > 1:
            raise LabError("contest.same_name", name=i18n.shown(name))
    return tuple(names), tuple(bot for _, bot in pairs)


@dataclasses.dataclass(frozen=True)
class Plan:
    """Everything a worker needs to play games of a contest; every part pickles.

    Game ``index`` is ``((deal · P) + pairing) · 2 + swap`` for ``P`` pairings: the deals come
    in order, each deal for every pairing in turn, so a stopped contest has played every pair
    about as often.
    """

    game: str
    """The engine's module (``"cardwidgets.games.pazaak"``)."""
    rules: object
    names: tuple[str, ...]
    bots: tuple[object, ...]
    pairings: tuple[tuple[int, int], ...]
    games: int
    """Games per pairing (even: two per deal)."""
    seed: int | str
    format: str = "round robin"

    @property
    def total(self) -> int:
        """Games in the whole contest."""
        return len(self.pairings) * self.games

    def seats(self, index: int) -> tuple[int, int, int]:
        """(deal, bot in seat 0, bot in seat 1) of game ``index``."""
        pair, swap = divmod(index, 2)
        deal, pairing = divmod(pair, len(self.pairings))
        a, b = self.pairings[pairing]
        return (deal, a, b) if swap == 0 else (deal, b, a)


def pairings(count: int, format: str) -> tuple[tuple[int, int], ...]:
    """The pairs of bots (by position) that meet: all of them, or the first with each other.

    >>> pairings(3, "round robin"), pairings(3, "gauntlet")
    (((0, 1), (0, 2), (1, 2)), ((0, 1), (0, 2)))
    """
    if format == "round robin":
        return tuple((a, b) for a in range(count) for b in range(a + 1, count))
    if format == "gauntlet":
        return tuple((0, b) for b in range(1, count))
    raise LabError("contest.bad_format", format=i18n.shown(format))


def check_games(games: object) -> int:
    """``games`` if it is an even whole number from 2 up, else the sentence why not.

    >>> check_games(4)
    4
    >>> check_games(3)
    Traceback (most recent call last):
    ...
    cardwidgets.lab.LabError: games must be an even number from 2 up ... not 3
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 2 or games % 2:
        raise LabError("contest.bad_games", games=i18n.shown(games))
    return games


def make_plan(
    game: str | ModuleType,
    bots: object,
    *,
    games: object,
    seed: int | str = 0,
    rules: object = None,
    format: str = "round robin",
    limits: Limits | None = None,
) -> Plan:
    """The plan of a contest, every argument checked (a sentence for each mistake)."""
    from cardwidgets import games as engines

    module = game if isinstance(game, ModuleType) else engines.get(game)
    count = check_games(games)
    names, made = bot_names(bots, limits)
    if isinstance(rules, Mapping):
        rules = module.Rules.from_dict(rules)
    if rules is not None:
        module.new_game(seed=0, rules=rules)  # the engine refuses rules not its own, here
    return Plan(
        game=module.__name__,
        rules=rules,
        names=names,
        bots=made,
        pairings=pairings(len(names), format),
        games=count,
        seed=cards.check_seed(seed),
        format=format,
    )


def portable(plan: Plan) -> Plan:
    """``plan`` with each bot that plain pickle cannot carry turned into cloudpickle bytes
    (when cloudpickle is installed: it comes with Dask)."""
    carried: list[object] = []
    for bot in plan.bots:
        by_name = getattr(type(bot), "__module__", None) != "__main__"
        if by_name and isinstance(bot, FunctionBot):
            by_name = getattr(bot.function, "__module__", None) != "__main__"
        try:
            pickle.dumps(bot)
        except Exception:  # anything pickle refuses: a lambda, a local class, an open file
            by_name = False
        if not by_name:
            try:
                cloudpickle = importlib.import_module("cloudpickle")
            except ImportError:  # a forked pool still finds a notebook's bot
                carried.append(bot)
                continue
            bot = Portable(cloudpickle.dumps(bot))
        carried.append(bot)
    return dataclasses.replace(plan, bots=tuple(carried))
