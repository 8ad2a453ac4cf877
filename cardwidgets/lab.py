"""The lab: test rule hypotheses by playing many seeded games.

Three functions answer the three kinds of question a learner asks:

* :func:`simulate` plays ``games`` seeded games and returns :class:`Results`, one plain row per
  game (seed, winner, scores, length and game facts such as tablas or sets won);
* :func:`check` tests a *claim*, a function of a finished game (or, with ``per_state=True``, of
  every state along the way): how often it held, a 95% interval, and the first counterexamples
  as replayable records;
* :func:`compare` plays the same seeds under rule variants or player pairings and reports each
  variant and its difference from the baseline, with intervals.

>>> from cardwidgets import lab
>>> results = lab.simulate("panjpar", games=20, seed=1)
>>> len(results.rows), sorted(results.rows[0])[:4]
(20, ['first', 'game', 'length', 'score0'])
>>> lab.simulate("panjpar", games=20, seed=1).rows == results.rows
True

Trade-offs:

* Rows are plain JSON-safe dicts, not a DataFrame: the lab needs only the standard library;
  pandas and matplotlib (the ``lab`` extra) are imported only by :meth:`Results.to_pandas` and
  :meth:`Results.plot`.
* Game ``i`` is dealt from :func:`game_seed` ``(seed, i)`` and both players are reseeded from it,
  so a row never depends on chunking, on the executor or on the other games: a process pool or a
  Dask cluster gives exactly the rows of an in-process run.
* Work goes to an executor in chunks of many games, so the cost of shipping a task is paid once
  per chunk, not per game; counterexamples are capped per chunk and merged by game index.
* A claim that plain pickle cannot carry (a lambda typed in a notebook) is sent with cloudpickle
  when that is installed (it comes with Dask); otherwise define it at module level.
* Intervals are Wilson score intervals for rates and normal intervals for means and paired
  differences: good enough to teach with, and stated as 95% everywhere.
"""

from __future__ import annotations

import concurrent.futures
import dataclasses
import html
import importlib
import math
import os
import sys
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from concurrent.futures.process import BrokenProcessPool
from types import ModuleType
from typing import Any

from cardwidgets import _labrun, cards, extras, i18n
from cardwidgets._labrun import Chunk, Failure, Job, game_seed

__all__ = [
    "MAX_GAMES",
    "MAX_WORKERS",
    "CheckResult",
    "ClaimError",
    "Comparison",
    "Counterexample",
    "Estimate",
    "GameError",
    "LabError",
    "Results",
    "RunError",
    "WorkerError",
    "check",
    "compare",
    "estimate_mean",
    "estimate_rate",
    "game_seed",
    "simulate",
]

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

MAX_GAMES = 100_000_000
"""The most games one run plays. Every game keeps a row in memory (several hundred bytes), so
a bigger run could not finish on any ordinary machine; split it into runs with other seeds."""

MAX_WORKERS = 512
"""The most worker processes ``workers=`` starts (a process pool forks them all at once)."""

i18n.register(
    {
        "lab.games": {"en": "games", "de": "Spiele"},
        "lab.deals": {"en": "deals", "de": "Spiele"},
        "lab.matches": {"en": "matches", "de": "Partien"},
        "lab.fact.cards": {"en": "cards", "de": "Karten"},
        "lab.fact.points": {"en": "card points", "de": "Kartenpunkte"},
        "lab.fact.tablas": {"en": "tablas", "de": "Tablas"},
        "lab.fact.sets": {"en": "sets won", "de": "gewonnene Sätze"},
        "lab.seat": {"en": "seat {seat}", "de": "Platz {seat}"},
        "lab.wins": {"en": "wins", "de": "Siege"},
        "lab.win_rate": {"en": "win rate", "de": "Siegquote"},
        "lab.interval": {"en": "95% interval", "de": "95%-Intervall"},
        "lab.draws": {"en": "draws", "de": "Unentschieden"},
        "lab.mean_score": {"en": "mean score", "de": "mittlere Punktzahl"},
        "lab.mean_length": {"en": "mean length (moves)", "de": "mittlere Länge (Züge)"},
        "lab.mean_of": {"en": "mean {column}", "de": "Mittel {column}"},
        "lab.header": {
            "en": "{game}: {games} {unit}, seed {seed}, {player0} vs {player1}",
            "de": "{game}: {games} {unit}, Startwert {seed}, {player0} gegen {player1}",
        },
        "lab.estimate": {
            "en": "{rate} (95% interval {low} to {high}; {count} of {total})",
            "de": "{rate} (95%-Intervall {low} bis {high}; {count} von {total})",
        },
        "lab.mean": {
            "en": "{mean} (95% interval {low} to {high}; n = {total})",
            "de": "{mean} (95%-Intervall {low} bis {high}; n = {total})",
        },
        "lab.check.always": {
            "en": "The claim held in every one of {total} {unit}.",
            "de": "Die Behauptung galt in allen {total} {unit}.",
        },
        "lab.check.refuted": {
            "en": "Refuted: the claim failed in {failed} of {total} {unit}.",
            "de": "Widerlegt: die Behauptung galt in {failed} von {total} {unit} nicht.",
        },
        "lab.check.held": {"en": "It held in {estimate}.", "de": "Sie galt in {estimate}."},
        "lab.check.first": {
            "en": "First counterexamples: {games}.",
            "de": "Erste Gegenbeispiele: {games}.",
        },
        "lab.counterexample": {
            "en": "counterexample: {game} {unit} {index} (seed {seed}), after move {ply}",
            "de": "Gegenbeispiel: {game}, {unit} {index} (Startwert {seed}), nach Zug {ply}",
        },
        "lab.unit.game": {"en": "game", "de": "Spiel"},
        "lab.unit.deal": {"en": "deal", "de": "Spiel"},
        "lab.unit.match": {"en": "match", "de": "Partie"},
        "lab.variant": {"en": "variant", "de": "Variante"},
        "lab.difference": {"en": "difference", "de": "Unterschied"},
        "lab.baseline": {"en": "baseline", "de": "Bezug"},
        "lab.compare.header": {
            "en": "{game}: {metric} over the same {games} seeds (seed {seed})",
            "de": "{game}: {metric} über dieselben {games} Startwerte (Startwert {seed})",
        },
        "lab.bad_unit": {
            "en": "{game} has no unit '{unit}': choose one of {units}",
            "de": "{game} kennt die Einheit '{unit}' nicht: wähle eine von {units}",
        },
        "lab.bad_games": {
            "en": "games must be a positive whole number, not {games}",
            "de": "games muss eine positive ganze Zahl sein, nicht {games}",
        },
        "lab.too_many_games": {
            "en": "games must be at most {most}, not {games}: every game keeps a row in "
            "memory, so a bigger run cannot finish; split it into runs with other seeds",
            "de": "games darf höchstens {most} sein, nicht {games}: jedes Spiel behält eine "
            "Zeile im Speicher, ein größerer Lauf kann also nicht fertig werden; teile ihn in "
            "Läufe mit anderen Startwerten auf",
        },
        "lab.bad_count": {
            "en": "{name} must be a whole number from {least} to {most}, not {value}",
            "de": "{name} muss eine ganze Zahl von {least} bis {most} sein, nicht {value}",
        },
        "lab.player_seed": {
            "en": "the players of a run take their seeds from each game's seed: leave 'seed' "
            "out of {player}",
            "de": "die Spieler eines Laufs bekommen ihre Startwerte aus dem jedes Spiels: lass "
            "'seed' in {player} weg",
        },
        "lab.bad_flag": {
            "en": "{name} must be True, False or None, not {value}",
            "de": "{name} muss True, False oder None sein, nicht {value}",
        },
        "lab.task_failed": {
            "en": "a task of the run failed ({error}); {kept}",
            "de": "eine Aufgabe des Laufs schlug fehl ({error}); {kept}",
        },
        "lab.bad_timeout": {
            "en": "timeout must be a positive number of seconds or None, not {value}",
            "de": "timeout muss eine positive Zahl von Sekunden oder None sein, nicht {value}",
        },
        "lab.bad_claim": {
            "en": "a claim must be a function of a state that returns true or false, not {claim}",
            "de": "eine Behauptung muss eine Funktion eines Zustands sein, die wahr oder falsch "
            "liefert, nicht {claim}",
        },
        "lab.claim_raised": {
            "en": "the claim raised {error} in {unit} {index} (seed {seed}) after move {ply}; "
            "{kept}",
            "de": "die Behauptung löste in {unit} {index} (Startwert {seed}) nach Zug {ply} "
            "{error} aus; {kept}",
        },
        "lab.game_raised": {
            "en": "{unit} {index} (seed {seed}) stopped with {error} after move {ply}; {kept}",
            "de": "{unit} {index} (Startwert {seed}) brach nach Zug {ply} mit {error} ab; {kept}",
        },
        "lab.worker_died": {
            "en": "a worker process stopped before its games were done ({error}); {kept}",
            "de": "ein Arbeitsprozess brach ab, bevor seine Spiele fertig waren ({error}); {kept}",
        },
        "lab.timed_out": {
            "en": "the run did not finish within the timeout of {seconds} seconds; {kept}",
            "de": "der Lauf wurde nicht innerhalb der Frist von {seconds} Sekunden fertig; {kept}",
        },
        "lab.kept": {
            "en": "the {done} {units} that finished are kept in .results",
            "de": "die {done} fertigen {units} sind in .results erhalten",
        },
        "lab.no_replay": {
            "en": "these results cannot be replayed: they were not made by simulate or check",
            "de": "diese Ergebnisse lassen sich nicht nachspielen: sie stammen nicht von "
            "simulate oder check",
        },
        "lab.bad_players": {
            "en": "players must be two players (one per seat) or one for both, not {players}",
            "de": "players müssen zwei Spieler (einer je Platz) oder einer für beide sein, "
            "nicht {players}",
        },
        "lab.unknown_player": {
            "en": "unknown player '{name}': choose one of {names}",
            "de": "unbekannter Spieler '{name}': wähle einen von {names}",
        },
        "lab.no_variants": {
            "en": "compare needs variants: a dict of labels to players, rules or settings",
            "de": "compare braucht Varianten: ein dict von Namen zu Spielern, Regeln oder "
            "Einstellungen",
        },
        "lab.bad_metric": {
            "en": "unknown metric '{metric}': use a row column ({columns}), 'win0', 'win1', "
            "'draw' or a function of a row",
            "de": "unbekannte Messgröße '{metric}': nimm eine Spalte ({columns}), 'win0', "
            "'win1', 'draw' oder eine Funktion einer Zeile",
        },
        "lab.no_widget": {
            "en": "there is no widget for {game} yet: use .state() or .record instead",
            "de": "für {game} gibt es noch kein Widget: nimm stattdessen .state() oder .record",
        },
        "lab.progress": {"en": "{done} of {total} {unit}", "de": "{done} von {total} {unit}"},
    }
)


# -- errors ------------------------------------------------------------------------------------


class LabError(i18n.TranslatedError):
    """A lab request that cannot run (a bad setting) or a run that stopped (:class:`RunError`).
    A ``ValueError`` whose message is in the current locale, like every refusal of the project.
    """


class PlayersError(LabError, TypeError):
    """Players that are not two players or one for both (also a ``TypeError``, as before)."""


class NoWidget(LabError, LookupError):
    """A game without a widget yet (also a ``LookupError``, as before)."""


class RunError(LabError):
    """A run that stopped before its last game; nothing that finished is lost.

    ``results`` is what the call would have returned, made of the games that finished (a
    :class:`Results` for :func:`simulate`, a :class:`CheckResult` for :func:`check`), and
    ``rows`` its rows, in game order. The error that stopped the run is the ``__cause__``.
    """

    results: Any = None
    failure: Failure | None = None

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The rows of the games that finished, in game order."""
        return list(self.results.rows) if self.results is not None else []


class GameError(RunError):
    """A game raised (a player or the engine): ``index``, ``seed`` and ``ply`` say where, and
    ``record`` (or :meth:`state`) replays the position it reached."""

    @property
    def index(self) -> int:
        """The game's index in the run."""
        assert self.failure is not None
        return self.failure.game

    @property
    def seed(self) -> int:
        """The game's own seed (``new_game(seed=...)`` deals it again)."""
        assert self.failure is not None
        return self.failure.seed

    @property
    def ply(self) -> int:
        """How many moves had been played."""
        assert self.failure is not None
        return self.failure.ply

    @property
    def record(self) -> dict[str, Any] | None:
        """The record of the state reached when the error happened."""
        assert self.failure is not None
        return self.failure.record

    @property
    def details(self) -> str:
        """The traceback of the error where it happened (a worker's, for a process pool)."""
        assert self.failure is not None
        return self.failure.details

    def state(self) -> Any:
        """Replay :attr:`record`: the state on which the error happened."""
        from cardwidgets import from_record

        return from_record(self.record)


class ClaimError(GameError):
    """The claim itself raised on a game (the ``__cause__`` is its own error); the rows of the
    games that finished are kept in ``results``."""


class WorkerError(RunError):
    """A worker process died, or the run exceeded its ``timeout``."""


class _RemoteTraceback(Exception):
    """The text of a traceback from a worker process, shown as the cause of its error."""

    def __init__(self, text: str) -> None:
        super().__init__(text)
        self.text = text

    def __str__(self) -> str:
        return "\n" + self.text


# -- estimates ---------------------------------------------------------------------------------


class Estimate:
    """A rate or a mean with its 95% interval.

    >>> e = estimate_rate(55, 100)
    >>> round(e.value, 2), round(e.low, 3), round(e.high, 3)
    (0.55, 0.452, 0.644)
    >>> str(e)
    '55.0% (95% interval 45.2% to 64.4%; 55 of 100)'
    >>> e.text("de")
    '55,0% (95%-Intervall 45,2% bis 64,4%; 55 von 100)'
    """

    __slots__ = ("count", "high", "is_rate", "low", "total", "value")

    def __init__(
        self, value: float, low: float, high: float, total: int, count: int | None = None
    ) -> None:
        self.value, self.low, self.high, self.total = value, low, high, total
        self.count = count
        self.is_rate = count is not None

    @property
    def interval(self) -> tuple[float, float]:
        """``(low, high)``: the 95% interval."""
        return (self.low, self.high)

    def excludes(self, value: float) -> bool:
        """Whether ``value`` lies outside the interval (the data speak against it)."""
        return value < self.low or value > self.high

    def text(self, locale: str | None = None) -> str:
        """The estimate as a sentence fragment in ``locale``."""
        if self.is_rate:
            return i18n.text(
                "lab.estimate",
                locale,
                rate=_percent(self.value, locale),
                low=_percent(self.low, locale),
                high=_percent(self.high, locale),
                count=_number(self.count or 0, locale),
                total=_number(self.total, locale),
            )
        return i18n.text(
            "lab.mean",
            locale,
            mean=_decimal(self.value, locale),
            low=_decimal(self.low, locale),
            high=_decimal(self.high, locale),
            total=_number(self.total, locale),
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-safe form."""
        return {
            "value": self.value,
            "low": self.low,
            "high": self.high,
            "total": self.total,
            "count": self.count,
        }

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Estimate({self.value:.4g}, 95% [{self.low:.4g}, {self.high:.4g}], n={self.total})"


def estimate_rate(count: int, total: int) -> Estimate:
    """``count`` successes in ``total`` trials: the rate and its Wilson score interval.

    Wilson's interval stays inside [0, 1] and behaves at 0 and n successes, where the textbook
    normal interval collapses to a point.

    >>> estimate_rate(0, 50).high > 0
    True
    """
    if total <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0, count)
    p = count / total
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * total)) / (1 + z2 / total)
    half = Z95 * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total)) / (1 + z2 / total)
    # At 0 or n successes the exact bound is 0 or 1; floating point may miss it by an ulp.
    low = 0.0 if count == 0 else max(0.0, centre - half)
    high = 1.0 if count == total else min(1.0, centre + half)
    return Estimate(p, low, high, total, count)


def estimate_mean(values: Sequence[float]) -> Estimate:
    """The mean of ``values`` with a normal 95% interval (mean ± 1.96 standard errors).

    >>> e = estimate_mean([1, 2, 3, 4])
    >>> e.value, round(e.low, 3), round(e.high, 3)
    (2.5, 1.235, 3.765)
    """
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    mean = math.fsum(values) / n
    if n == 1:
        return Estimate(mean, mean, mean, 1)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half, n)


def _estimate(values: Sequence[float]) -> Estimate:
    """A rate if every value is 0 or 1, else a mean."""
    if all(v in (0, 1) for v in values):
        return estimate_rate(int(sum(values)), len(values))
    return estimate_mean(values)


# -- number formatting (en: 1,234.5; de: 1.234,5) ------------------------------------------------


def _localize(text: str, locale: str | None) -> str:
    if (locale or i18n.get_locale()) == "de":
        return text.replace(",", "\0").replace(".", ",").replace("\0", ".")
    return text


def _number(value: int, locale: str | None = None) -> str:
    return _localize(f"{value:,}", locale)


def _percent(value: float, locale: str | None = None) -> str:
    return _localize(f"{100 * value:.1f}%", locale)


def _decimal(value: float, locale: str | None = None) -> str:
    return _localize(f"{value:,.2f}", locale)


def _cell(value: object, locale: str | None = None) -> str:
    if isinstance(value, bool) or value is None:
        return str(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return _decimal(value, locale)
    return str(value)


# -- players -----------------------------------------------------------------------------------


class _FallbackRandom:
    """Uniformly random legal moves; used only when :mod:`cardwidgets.bots` is not available."""

    name = "random"

    def __init__(self, seed: int | str | None = 0) -> None:
        from cardwidgets.cards import Rng

        self.seed = 0 if seed is None else seed
        self._rng = Rng(self.seed)

    def choose(self, state: Any) -> Any:
        return self._rng.choice(state.legal_moves())

    def reseeded(self, seed: int | str) -> _FallbackRandom:
        return _FallbackRandom(seed)

    def __repr__(self) -> str:
        return "random"


def _bots() -> ModuleType | None:
    try:
        return importlib.import_module("cardwidgets.bots")
    except ImportError:
        return None


def _player(spec: Any) -> tuple[Any, str]:
    """A player object and its label from a name, ``"name:key=value,…"``, (name, options) or
    a player object."""
    options: dict[str, Any] = {}
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        if not isinstance(spec[1], Mapping):
            raise PlayersError("lab.bad_players", players=i18n.shown(spec))
        name, options = spec[0], dict(spec[1])
    elif isinstance(spec, str):
        name, options = _parse_player_text(spec)
    else:
        if not (hasattr(spec, "choose") and hasattr(spec, "reseeded")):
            raise PlayersError("lab.bad_players", players=i18n.shown(spec))
        return spec, _player_label(spec)
    if "seed" in options:
        # Each game reseeds the players from its own seed: a fixed seed would mean nothing.
        raise LabError("lab.player_seed", player=i18n.shown(spec))
    label = name + "".join(f" {k}={v}" for k, v in sorted(options.items()))
    bots = _bots()
    if bots is None:
        if name == "random" and not options:
            return _FallbackRandom(), label
        raise LabError("lab.unknown_player", name=name, names="random")
    return bots.make(name, 0, **options), label


def _parse_player_text(text: str) -> tuple[str, dict[str, Any]]:
    """``"greedy:stand_at=17"`` → ``("greedy", {"stand_at": 17})`` (numbers become ints)."""
    name, _, rest = text.partition(":")
    options: dict[str, Any] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, _, value = item.partition("=")
        options[key.strip()] = _option_value(value.strip())
    return name.strip().lower(), options


def _option_value(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return {"true": True, "false": False}.get(text.lower(), text)


def _player_label(player: Any) -> str:
    name = getattr(player, "name", None)
    if isinstance(name, str) and name:
        options = getattr(player, "options", None) or {}
        return name + "".join(f" {k}={v}" for k, v in sorted(options.items()))
    text = repr(player)
    return type(player).__name__ if " at 0x" in text else text


def _players(players: Any) -> tuple[tuple[Any, Any], tuple[str, str]]:
    single = isinstance(players, (str, tuple)) or hasattr(players, "choose")
    if single and not _is_pair(players):
        players = (players, players)
    if not _is_pair(players):
        raise PlayersError("lab.bad_players", players=i18n.shown(players))
    (p0, l0), (p1, l1) = _player(players[0]), _player(players[1])
    return (p0, p1), (l0, l1)


def _is_pair(players: Any) -> bool:
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        return False
    # ("greedy", {"stand_at": 17}) is one player with options, not a pair.
    return not (isinstance(players[0], str) and isinstance(players[1], Mapping))


# -- games, rules and units --------------------------------------------------------------------


def _module(game: str | ModuleType) -> ModuleType:
    if isinstance(game, ModuleType):
        return game
    from cardwidgets import games

    return games.get(game)


def _rules(module: ModuleType, rules: Any) -> Any:
    if rules is None or not isinstance(rules, Mapping):
        return rules
    return module.Rules.from_dict(rules)


def _unit(job_game: str, unit: str | None) -> str:
    name = job_game.rpartition(".")[2]
    known = _labrun.UNITS.get(name, _labrun._DEFAULT_UNIT).units
    if unit is None:
        return known[0]
    if unit not in known:
        raise LabError(
            "lab.bad_unit",
            game=name,
            unit=i18n.shown(unit)[1:-1] if isinstance(unit, str) else i18n.shown(unit),
            units=", ".join(known),
        )
    return unit


def _unit_words(unit: str, locale: str | None = None) -> str:
    key = {"deal": "lab.deals", "match": "lab.matches"}.get(unit, "lab.games")
    return i18n.text(key, locale)


def _make_job(
    game: str | ModuleType,
    players: Any,
    rules: Any,
    seed: int | str,
    unit: str | None,
    claim: Callable[[Any], object] | None = None,
    per_state: bool = False,
    keep: int = 5,
    records: bool = False,
    options: Mapping[str, Any] | None = None,
) -> tuple[Job, tuple[str, str]]:
    module = _module(game)
    seed = cards.check_seed(seed)
    pair, labels = _players(players)
    job = Job(
        game=module.__name__,
        rules=_rules(module, rules),
        players=pair,
        seed=seed,
        unit=_unit(module.__name__, unit),
        claim=claim,
        per_state=per_state,
        keep=keep,
        records=records,
        options=dict(options or {}),
    )
    return job, labels


# -- running chunks on an executor -------------------------------------------------------------


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


def _whole(name: str, value: object, least: int, most: int) -> int:
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
    if games > MAX_GAMES:
        raise LabError("lab.too_many_games", most=i18n.Number(MAX_GAMES), games=i18n.shown(games))
    if workers is not None:
        _whole("workers", workers, 1, MAX_WORKERS)
    if chunk_size is not None:
        _whole("chunk_size", chunk_size, 1, MAX_GAMES)
    if timeout is not None and (
        isinstance(timeout, bool)
        or not isinstance(timeout, (int, float))
        or not 0 < timeout < math.inf
    ):
        raise LabError("lab.bad_timeout", value=i18n.shown(timeout))
    if progress is not None and not isinstance(progress, bool):
        raise LabError("lab.bad_flag", name="progress", value=i18n.shown(progress))


@dataclasses.dataclass
class _Stop:
    """Why a run stopped early: a game that raised, a dead worker, or the timeout."""

    failure: Failure | None = None
    error: BaseException | None = None
    timed_out: float | None = None


NO_PROCESSES = sys.platform == "emscripten"
"""In the browser (Pyodide: the classroom site) there are no processes: ``workers=N`` runs the
games in process, which gives the same rows."""


def _run(
    job: Job,
    games: int,
    workers: int | None,
    executor: concurrent.futures.Executor | None,
    chunk_size: int | None,
    progress: bool | None,
    timeout: float | None,
) -> tuple[list[Chunk], _Stop | None]:
    """Play the run's chunks: those that finished (in game order), and why it stopped early
    (None if it did not). A stopped run keeps every finished chunk."""
    _check_run(games, workers, chunk_size, timeout, progress)
    slots = _slots(workers, executor)
    size = chunk_size or _chunk_size(games, slots)
    chunks = _chunks(games, size)
    bar = _Progress(games, progress, job.unit)
    try:
        if executor is None and (workers is None or workers <= 1 or NO_PROCESSES):
            return _run_here(job, chunks, bar)
        remote = dataclasses.replace(job, claim=_labrun.portable(job.claim))
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
            # A stopped run returns now: chunks still running are not waited for.
            pool.shutdown(wait=not stopped, cancel_futures=stopped)
    finally:
        bar.close()


def _run_here(
    job: Job, chunks: Iterator[tuple[int, int]], bar: _Progress
) -> tuple[list[Chunk], _Stop | None]:
    done: list[Chunk] = []
    for start, stop in chunks:
        chunk = _labrun.run_chunk(job, start, stop)
        done.append(chunk)
        bar.advance(len(chunk.rows))
        if chunk.failure is not None:
            return done, _Stop(failure=chunk.failure)
    return done, None


def _gather(
    executor: concurrent.futures.Executor,
    job: Job,
    chunks: Iterator[tuple[int, int]],
    bar: _Progress,
    timeout: float | None,
    slots: int,
) -> tuple[list[Chunk], _Stop | None]:
    """Run the chunks on ``executor``, a few more in flight than it has workers: chunks are
    submitted as others finish, so a huge run never holds all its tasks at once."""
    window = max(2, 2 * slots)
    deadline = None if timeout is None else time.monotonic() + timeout
    pending: set[concurrent.futures.Future[Chunk]] = set()
    done: list[Chunk] = []
    stop: _Stop | None = None

    def submit() -> None:
        for start, end in chunks:
            pending.add(executor.submit(_labrun.run_chunk_remote, job, start, end))
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
                stop = _Stop(timed_out=timeout)
                break
            for future in finished:
                pending.discard(future)
                try:
                    chunk = future.result()
                except Exception as err:  # a dead worker, or a task that failed to run at all
                    stop = stop or _Stop(error=err)
                    continue
                done.append(chunk)
                bar.advance(len(chunk.rows))
                if chunk.failure is not None and stop is None:
                    stop = _Stop(failure=chunk.failure)
            if stop is None:
                submit()
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
        error.__cause__ = _RemoteTraceback(failure.details)
    key = "lab.claim_raised" if failure.in_claim else "lab.game_raised"
    cls = ClaimError if failure.in_claim else GameError
    found = cls(
        key,
        error=i18n.shown(error, 120),
        unit=i18n.TranslatedError(f"lab.unit.{job.unit}"),
        index=failure.game,
        seed=failure.seed,
        ply=failure.ply,
        kept=kept,
    )
    found.failure = failure
    return found


def _stopped(job: Job, stop: _Stop, results: Any) -> RunError:
    """The error of a run that stopped early, holding what finished; raise it ``from`` its
    cause (the claim's, player's or engine's error, or the dead pool's)."""
    done = len(results.rows)
    kept = i18n.TranslatedError(
        "lab.kept",
        done=i18n.Number(done),
        units=i18n.TranslatedError(
            {"deal": "lab.deals", "match": "lab.matches"}.get(job.unit, "lab.games")
        ),
    )
    error: RunError
    if stop.failure is not None:
        error = _game_error(job, stop.failure, kept)
    elif stop.timed_out is not None:
        error = WorkerError("lab.timed_out", seconds=stop.timed_out, kept=kept)
    else:
        # A pool whose worker died is broken; any other error failed one task outright.
        key = "lab.worker_died" if isinstance(stop.error, BrokenProcessPool) else "lab.task_failed"
        error = WorkerError(key, error=i18n.shown(stop.error, 120), kept=kept)
    error.results = results
    return error


def _cause(stop: _Stop) -> BaseException | None:
    return stop.failure.error if stop.failure is not None else stop.error


class _Progress:
    """A light progress bar: text on a terminal's stderr, an updating HTML line in Jupyter.

    ``enabled=None`` shows it only on an interactive output, and only once a run has lasted
    half a second, so short runs (and doctests) print nothing.
    """

    delay = 0.5

    def __init__(self, total: int, enabled: bool | None, unit: str) -> None:
        self.total, self.done, self.unit = total, 0, unit
        self.started = time.monotonic()
        self.shown = False
        self.handle: Any = None
        self.jupyter = _in_jupyter()
        if enabled is None:
            enabled = self.jupyter or _isatty(sys.stderr)
        self.enabled = enabled
        self.last = 0.0

    def advance(self, count: int) -> None:
        self.done += count
        if not self.enabled:
            return
        now = time.monotonic()
        if not self.shown and now - self.started < self.delay:
            return
        if self.shown and now - self.last < 0.1 and self.done < self.total:
            return
        self.last = now
        self._draw()

    def close(self) -> None:
        if self.shown:
            self._draw()
            if not self.jupyter:
                sys.stderr.write("\n")
                sys.stderr.flush()

    def _text(self) -> str:
        return i18n.text(
            "lab.progress",
            done=_number(self.done),
            total=_number(self.total),
            unit=_unit_words(self.unit),
        )

    def _draw(self) -> None:
        fraction = self.done / self.total if self.total else 1.0
        if self.jupyter:
            display_module = importlib.import_module("IPython.display")
            display = display_module.display
            body = display_module.HTML(
                f'<progress value="{self.done}" max="{self.total}"></progress> '
                f"{html.escape(self._text())}"
            )
            if self.handle is None:
                self.handle = display(body, display_id=True)
            else:
                self.handle.update(body)
        else:
            filled = int(30 * fraction)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self._text()}")
            sys.stderr.flush()
        self.shown = True


def _in_jupyter() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None or "ipykernel" not in sys.modules:
        return False
    get = getattr(shell, "get_ipython", None)
    ip = get() if get else None
    return ip is not None and hasattr(ip, "kernel")


def _isatty(stream: Any) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False


# -- results -----------------------------------------------------------------------------------


def _html_table(headers: Sequence[str], rows: Iterable[Sequence[object]], caption: str = "") -> str:
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(str(cell))}</td>" for cell in row) + "</tr>"
        for row in rows
    )
    cap = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (
        f'<table class="cardwidgets-lab">{cap}<thead><tr>{head}</tr></thead>'
        f"<tbody>{body}</tbody></table>"
    )


def _text_table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    widths = [max(len(str(r[i])) for r in [headers, *rows]) for i in range(len(headers))]
    lines = ["  ".join(str(h).ljust(w) for h, w in zip(headers, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(str(c).ljust(w) for c, w in zip(row, widths, strict=True)) for row in rows]
    return "\n".join(line.rstrip() for line in lines)


_BASE_COLUMNS = ("game", "seed", "winner", "score0", "score1", "length")


class Results:
    """The rows of a :func:`simulate` run and what can be read from them.

    ``rows`` is a list of plain dicts (JSON-safe): ``game`` (index), ``seed`` (the game's own
    seed: ``new_game(seed=row["seed"])`` deals it again), ``winner`` (0, 1 or None for a draw),
    ``score0``, ``score1``, ``length`` (moves), ``first`` (the seat that moved first) and the
    game's facts.
    """

    def __init__(
        self,
        game: str,
        rows: list[dict[str, Any]],
        players: tuple[str, str],
        seed: int | str,
        unit: str,
        rules: Any = None,
        job: Job | None = None,
    ) -> None:
        self.game, self.rows, self.players, self.seed, self.unit = game, rows, players, seed, unit
        self.rules = rules
        self._job = job

    def __len__(self) -> int:
        return len(self.rows)

    def column(self, name: str) -> list[Any]:
        """The values of one column, in game order."""
        return [row.get(name) for row in self.rows]

    @property
    def columns(self) -> list[str]:
        """The column names, the common ones first."""
        names: dict[str, None] = dict.fromkeys(_BASE_COLUMNS)
        for row in self.rows[:1]:
            names.update(dict.fromkeys(row))
        return [n for n in names if self.rows and n in self.rows[0]]

    def rate(self, predicate: Callable[[dict[str, Any]], object]) -> Estimate:
        """How often ``predicate(row)`` is true, with its 95% interval.

        >>> r = simulate("panjpar", games=30, seed=2)
        >>> r.rate(lambda row: row["winner"] is not None).total
        30
        """
        return estimate_rate(sum(1 for row in self.rows if predicate(row)), len(self.rows))

    def mean(self, column: str | Callable[[dict[str, Any]], float]) -> Estimate:
        """The mean of a column (or of a function of a row), with its 95% interval."""
        get = column if callable(column) else (lambda row: row[column])
        return estimate_mean([float(get(row)) for row in self.rows])

    def win_rate(self, seat: int) -> Estimate:
        """How often ``seat`` won (draws count as not won)."""
        return self.rate(lambda row: row["winner"] == seat)

    def summary(self) -> dict[str, Any]:
        """The headline numbers as a JSON-safe dict."""
        n = len(self.rows)
        wins = [sum(1 for r in self.rows if r["winner"] == seat) for seat in (0, 1)]
        rates = [estimate_rate(w, n) for w in wins]
        means = {
            name: math.fsum(float(v) for v in self.column(name)) / n
            for name in self.columns
            if name not in ("game", "seed", "winner", "first")
            and all(_is_number(v) for v in self.column(name))
        }
        return {
            "game": self.game,
            "unit": self.unit,
            "games": n,
            "seed": self.seed,
            "players": list(self.players),
            "wins": wins,
            "draws": n - sum(wins),
            "win_rate": [r.value for r in rates],
            "win_rate_interval": [[r.low, r.high] for r in rates],
            "means": means,
        }

    def _summary_rows(self, locale: str | None) -> tuple[list[str], list[list[str]]]:
        s = self.summary()
        n = s["games"]
        headers = [
            "",
            f"{i18n.text('lab.seat', locale, seat=0)} ({self.players[0]})",
            f"{i18n.text('lab.seat', locale, seat=1)} ({self.players[1]})",
        ]
        rates = [estimate_rate(w, n) for w in s["wins"]]
        rows = [
            [i18n.text("lab.wins", locale)]
            + [f"{_number(w, locale)} ({_percent(w / n, locale)})" for w in s["wins"]],
            [i18n.text("lab.interval", locale)]
            + [f"{_percent(r.low, locale)} – {_percent(r.high, locale)}" for r in rates],
            [i18n.text("lab.draws", locale), _number(s["draws"], locale), ""],
        ]
        means = s["means"]
        if "score0" in means:
            rows.append(
                [i18n.text("lab.mean_score", locale)]
                + [_decimal(means[f"score{seat}"], locale) for seat in (0, 1)]
            )
        for name in sorted(means):
            if name.endswith("0") and name[:-1] + "1" in means and name != "score0":
                fact = name[:-1]
                if i18n.has(f"lab.fact.{fact}"):
                    fact = i18n.text(f"lab.fact.{fact}", locale)
                label = i18n.text("lab.mean_of", locale, column=fact)
                rows.append([label] + [_decimal(means[name[:-1] + s], locale) for s in "01"])
        rows.append([i18n.text("lab.mean_length", locale), _decimal(means["length"], locale), ""])
        return headers, rows

    def _header(self, locale: str | None) -> str:
        return i18n.text(
            "lab.header",
            locale,
            game=self.game,
            games=_number(len(self.rows), locale),
            unit=_unit_words(self.unit, locale),
            seed=self.seed,
            player0=self.players[0],
            player1=self.players[1],
        )

    def table(self, locale: str | None = None) -> str:
        """The summary as a plain-text table (what the command line prints)."""
        headers, rows = self._summary_rows(locale)
        return self._header(locale) + "\n\n" + _text_table(headers, rows)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (
            f"<Results {self.game}: {len(self.rows)} {self.unit}s, seed {self.seed!r}, "
            f"{self.players[0]} vs {self.players[1]}>"
        )

    def _repr_html_(self, head: int = 5) -> str:
        headers, rows = self._summary_rows(None)
        summary = _html_table(headers, rows, caption=self._header(None))
        columns = self.columns
        sample = _html_table(
            columns, ([_cell(row.get(c)) for c in columns] for row in self.rows[:head])
        )
        return f"<div>{summary}<br>{sample}</div>"

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (needs the ``lab`` extra)."""
        pd = extras.require("pandas", "lab", "to_pandas()")
        return pd.DataFrame(self.rows, columns=self.columns)

    def plot(self, column: str | None = None, ax: Any = None) -> Any:
        """Win rates with their intervals, or a histogram of ``column``; returns the Axes.

        Needs matplotlib (the ``lab`` extra).
        """
        ax = _axes(ax)
        if column is None:
            labels = [f"{i18n.text('lab.seat', seat=s)}\n{self.players[s]}" for s in (0, 1)]
            estimates = [self.win_rate(0), self.win_rate(1)]
            _bars(ax, labels, estimates)
            ax.set_ylabel(i18n.text("lab.win_rate"))
        else:
            values = [float(v) for v in self.column(column)]
            ax.hist(values, bins=min(40, max(5, len(set(values)))))
            ax.set_xlabel(column)
            ax.set_ylabel(_unit_words(self.unit))
        ax.set_title(f"{self.game}, {_number(len(self.rows))} {_unit_words(self.unit)}")
        return ax

    def replay(self, index: int) -> Any:
        """Play game ``index`` again (in this process) and return its final state."""
        if self._job is None:
            raise LabError("lab.no_replay")
        job = dataclasses.replace(self._job, claim=None)
        try:
            return _labrun.play_game(job, index)[2]
        except _labrun.GameFailed as failed:
            # One game, played here: its own error, as a direct call would raise it.
            raise failed.failure.error from None

    def to_json(self) -> list[dict[str, Any]]:
        """The rows (already JSON-safe)."""
        return self.rows


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _axes(ax: Any) -> Any:
    if ax is not None:
        return ax
    plt = extras.require("matplotlib.pyplot", "lab", "plot()")
    _, ax = plt.subplots(figsize=(6, 3.5))
    return ax


def _bars(ax: Any, labels: Sequence[str], estimates: Sequence[Estimate]) -> None:
    values = [e.value for e in estimates]
    errors = [
        [e.value - e.low for e in estimates],
        [e.high - e.value for e in estimates],
    ]
    ax.bar(range(len(values)), values, yerr=errors, capsize=6, color="#4C72B0")
    ax.set_xticks(range(len(values)))
    ax.set_xticklabels(labels)


def simulate(
    game: str | ModuleType,
    players: Any = ("random", "random"),
    games: int = 100,
    rules: Any = None,
    seed: int | str = 0,
    *,
    unit: str | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: bool | None = None,
    records: bool = False,
    timeout: float | None = None,
    **options: Any,
) -> Results:
    """Play ``games`` seeded games and return one row per game.

    ``players``: two players (a name such as ``"random"`` or ``"greedy"``, a name with options
    ``"greedy:stand_at=17"`` or ``("greedy", {"stand_at": 17})``, or a player object), or one
    for both seats. ``rules``: the game's ``Rules`` (or its dict). ``unit``: what one row is
    (Tablić: ``"match"`` or ``"deal"``). ``workers=N`` uses a process pool of N processes;
    ``executor`` takes any ``concurrent.futures.Executor`` (a Dask ``Client.get_executor()``
    too). ``records=True`` adds each game's record to its row. Other keyword arguments go to
    the game's ``new_game``.
    """
    job, labels = _make_job(game, players, rules, seed, unit, records=records, options=options)
    chunks, stop = _run(job, games, workers, executor, chunk_size, progress, timeout)
    rows = [row for chunk in chunks for row in chunk.rows]
    results = Results(job.name, rows, labels, seed, job.unit, job.rules, job)
    if stop is not None:
        raise _stopped(job, stop, results) from _cause(stop)
    return results


# -- claims --------------------------------------------------------------------------------------


class Counterexample:
    """A state where a claim failed, kept as a replayable record.

    ``record`` is the JSON record of the failing state (``cardwidgets.from_record`` replays it);
    ``game`` the index in the run, ``seed`` that game's seed and ``ply`` the move after which the
    claim failed.
    """

    def __init__(
        self, name: str, record: dict[str, Any], index: int = 0, seed: int = 0, ply: int = 0,
        unit: str = "game",
    ) -> None:  # fmt: skip
        self.name, self.record, self.index, self.seed, self.ply = name, record, index, seed, ply
        self.unit = unit

    @classmethod
    def from_state(cls, state: Any, unit: str = "game") -> Counterexample:
        """A counterexample made by hand (a constructed position) rather than found."""
        return cls(state.game, state.to_record(), 0, 0, state.ply, unit)

    def state(self) -> Any:
        """Replay the record: the state where the claim failed."""
        from cardwidgets import games

        return games.get(self.name).from_record(self.record)

    def widget(self, **options: Any) -> Any:
        """The failing position in the game's widget (once a widget exists for the game).

        Nobody moves by itself (``opponent="human"``), so the position stays as it was found;
        ``options`` go to the widget (``open_hands=True`` shows both hands).
        """
        options.setdefault("opponent", "human")
        name = self.name.capitalize() + "Widget"
        try:
            widgets = importlib.import_module("cardwidgets.widgets")
            cls = getattr(widgets, name)
        except (ImportError, AttributeError) as err:
            raise NoWidget("lab.no_widget", game=self.name) from err
        return cls(state=self.state(), **options)

    def text(self, locale: str | None = None) -> str:
        """A sentence naming the counterexample."""
        return i18n.text(
            "lab.counterexample",
            locale,
            game=self.name,
            unit=i18n.text(f"lab.unit.{self.unit}", locale),
            index=self.index,
            seed=self.seed,
            ply=self.ply,
        )

    def __repr__(self) -> str:
        return f"<Counterexample {self.name} {self.unit} {self.index}, ply {self.ply}>"

    def _repr_html_(self) -> str:
        moves = " ".join(self.record.get("moves", [])[-6:])
        return f"<p>{html.escape(self.text())}</p><p><small>… {html.escape(moves)}</small></p>"


class CheckResult:
    """How often a claim held, its interval, and the first counterexamples."""

    def __init__(
        self,
        claim: str,
        results: Results,
        counterexamples: list[Counterexample],
        per_state: bool,
    ) -> None:
        self.claim, self.results, self.per_state = claim, results, per_state
        self.counterexamples = counterexamples
        self.held = sum(1 for row in results.rows if row["held"])
        self.games = len(results.rows)
        self.estimate = estimate_rate(self.held, self.games)

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The rows of the games, with a ``held`` column."""
        return self.results.rows

    @property
    def refuted(self) -> bool:
        """Whether at least one game contradicted the claim."""
        return self.held < self.games

    @property
    def rate(self) -> float:
        """The fraction of games in which the claim held."""
        return self.estimate.value

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% interval of :attr:`rate`."""
        return self.estimate.interval

    def text(self, locale: str | None = None) -> str:
        """The verdict in words."""
        unit = _unit_words(self.results.unit, locale)
        total = _number(self.games, locale)
        if not self.refuted:
            head = i18n.text("lab.check.always", locale, total=total, unit=unit)
        else:
            failed = _number(self.games - self.held, locale)
            head = i18n.text("lab.check.refuted", locale, failed=failed, total=total, unit=unit)
        parts = [head, i18n.text("lab.check.held", locale, estimate=self.estimate.text(locale))]
        if self.counterexamples:
            first = ", ".join(str(c.index) for c in self.counterexamples)
            parts.append(i18n.text("lab.check.first", locale, games=first))
        return " ".join(parts)

    def summary(self) -> dict[str, Any]:
        """The verdict as a JSON-safe dict."""
        return {
            "claim": self.claim,
            "game": self.results.game,
            "unit": self.results.unit,
            "games": self.games,
            "held": self.held,
            "refuted": self.refuted,
            "rate": self.estimate.to_dict(),
            "counterexamples": [c.index for c in self.counterexamples],
        }

    def __str__(self) -> str:
        return f"{self.claim}: {self.text()}"

    def __repr__(self) -> str:
        return f"<CheckResult {self.claim!r}: held {self.held} of {self.games}>"

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{html.escape(c.text())}</li>" for c in self.counterexamples)
        listing = f"<ul>{items}</ul>" if items else ""
        return (
            f"<div><b>{html.escape(self.claim)}</b><p>{html.escape(self.text())}</p>{listing}</div>"
        )

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame``."""
        return self.results.to_pandas()

    def plot(self, ax: Any = None) -> Any:
        """The rate at which the claim held, with its interval."""
        ax = _axes(ax)
        _bars(ax, [self.claim], [self.estimate])
        ax.set_ylim(0, 1)
        ax.set_ylabel(_unit_words(self.results.unit))
        return ax


def _claim_name(claim: Callable[[Any], object], name: str | None) -> str:
    if name:
        return name
    doc = (getattr(claim, "__doc__", None) or "").strip().splitlines()
    if doc and getattr(claim, "__name__", "") != "<lambda>":
        return doc[0]
    return str(getattr(claim, "__name__", "claim"))


def check(
    claim: Callable[[Any], object],
    game: str | ModuleType,
    players: Any = ("random", "random"),
    games: int = 1000,
    rules: Any = None,
    seed: int | str = 0,
    *,
    per_state: bool = False,
    unit: str | None = None,
    counterexamples: int = 5,
    name: str | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: bool | None = None,
    timeout: float | None = None,
    **options: Any,
) -> CheckResult:
    """Test ``claim`` on ``games`` seeded games.

    ``claim(state)`` gets the finished game (its last state) and returns something true or
    false; with ``per_state=True`` it is checked on every state from the first to the last,
    and a game counts as a failure at the first state where it fails. The result says how
    often the claim held, with a 95% interval, and keeps the first ``counterexamples``
    failures as replayable records (in game order, whatever the executor).
    """
    if not callable(claim):
        raise LabError("lab.bad_claim", claim=i18n.shown(claim))
    _whole("counterexamples", counterexamples, 0, MAX_GAMES)
    job, labels = _make_job(
        game, players, rules, seed, unit, claim, per_state, counterexamples, options=options
    )
    chunks, stop = _run(job, games, workers, executor, chunk_size, progress, timeout)
    rows = [row for chunk in chunks for row in chunk.rows]
    found = sorted(
        (failure for chunk in chunks for failure in chunk.counterexamples),
        key=lambda failure: int(failure["game"]),
    )[:counterexamples]
    examples = [
        Counterexample(job.name, f["record"], f["game"], f["seed"], f["ply"], job.unit)
        for f in found
    ]
    results = Results(job.name, rows, labels, seed, job.unit, job.rules, job)
    verdict = CheckResult(_claim_name(claim, name), results, examples, per_state)
    if stop is not None:
        raise _stopped(job, stop, verdict) from _cause(stop)
    return verdict


# -- comparisons -----------------------------------------------------------------------------


def _metric(metric: str | Callable[[dict[str, Any]], float]) -> Callable[[dict[str, Any]], float]:
    if callable(metric):
        return metric
    special: dict[str, Callable[[dict[str, Any]], float]] = {
        "win0": lambda row: float(row["winner"] == 0),
        "win1": lambda row: float(row["winner"] == 1),
        "draw": lambda row: float(row["winner"] is None),
        "score_difference": lambda row: float(row["score0"] - row["score1"]),
    }
    if metric in special:
        return special[metric]
    return lambda row: float(row[metric])


class Comparison:
    """Variants played over the same seeds: each variant's metric and its difference from the
    baseline, with 95% intervals (paired, game by game, since the seeds are the same)."""

    def __init__(
        self,
        metric: str,
        results: dict[str, Results],
        values: dict[str, list[float]],
        baseline: str,
    ) -> None:
        self.metric, self.results, self.baseline = metric, results, baseline
        self.values = values
        self.estimates = {label: _estimate(v) for label, v in values.items()}
        base = values[baseline]
        self.differences = {
            label: estimate_mean([a - b for a, b in zip(v, base, strict=True)])
            for label, v in values.items()
            if label != baseline
        }

    @property
    def rows(self) -> list[dict[str, Any]]:
        """One JSON-safe row per variant."""
        rows = []
        for label, estimate in self.estimates.items():
            diff = self.differences.get(label)
            rows.append(
                {
                    "variant": label,
                    "games": estimate.total,
                    "value": estimate.value,
                    "low": estimate.low,
                    "high": estimate.high,
                    "difference": diff.value if diff else None,
                    "difference_low": diff.low if diff else None,
                    "difference_high": diff.high if diff else None,
                }
            )
        return rows

    def difference(self, label: str) -> Estimate:
        """The paired difference ``label`` minus the baseline, with its interval."""
        return self.differences[label]

    def _table(self, locale: str | None) -> tuple[list[str], list[list[str]]]:
        headers = [
            i18n.text("lab.variant", locale),
            self.metric if isinstance(self.metric, str) else "metric",
            i18n.text("lab.interval", locale),
            i18n.text("lab.difference", locale),
            i18n.text("lab.interval", locale),
        ]
        rows = []
        for label, e in self.estimates.items():
            fmt = _percent if e.is_rate else _decimal
            diff = self.differences.get(label)
            if diff is None:
                d, dci = i18n.text("lab.baseline", locale), ""
            else:
                dfmt = _percent if e.is_rate else _decimal
                d = ("+" if diff.value >= 0 else "") + dfmt(diff.value, locale)
                dci = f"{dfmt(diff.low, locale)} – {dfmt(diff.high, locale)}"
            rows.append(
                [
                    label,
                    fmt(e.value, locale),
                    f"{fmt(e.low, locale)} – {fmt(e.high, locale)}",
                    d,
                    dci,
                ]
            )
        return headers, rows

    def _header(self, locale: str | None) -> str:
        first = next(iter(self.results.values()))
        return i18n.text(
            "lab.compare.header",
            locale,
            game=first.game,
            metric=self.metric,
            games=_number(len(first.rows), locale),
            seed=first.seed,
        )

    def table(self, locale: str | None = None) -> str:
        """A plain-text table of the comparison."""
        headers, rows = self._table(locale)
        return self._header(locale) + "\n\n" + _text_table(headers, rows)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return f"<Comparison of {', '.join(self.results)} by {self.metric}>"

    def _repr_html_(self) -> str:
        headers, rows = self._table(None)
        return _html_table(headers, rows, caption=self._header(None))

    def to_pandas(self) -> Any:
        """One row per variant as a ``pandas.DataFrame``."""
        pd = extras.require("pandas", "lab", "to_pandas()")
        return pd.DataFrame(self.rows).set_index("variant")

    def plot(self, ax: Any = None) -> Any:
        """Each variant's value with its interval; returns the Axes."""
        ax = _axes(ax)
        _bars(ax, list(self.estimates), list(self.estimates.values()))
        ax.set_ylabel(str(self.metric))
        ax.set_title(self._header(None))
        return ax


def _variants(
    players: Any, rules: Any, variants: Mapping[str, Mapping[str, Any]] | None
) -> dict[str, dict[str, Any]]:
    if variants is not None:
        return {label: dict(settings) for label, settings in variants.items()}
    if isinstance(players, Mapping):
        return {label: {"players": pair} for label, pair in players.items()}
    if (
        isinstance(rules, Mapping)
        and rules
        and all(not isinstance(v, (bool, int, float, str)) for v in rules.values())
    ):
        return {label: {"rules": r} for label, r in rules.items()}
    raise LabError("lab.no_variants")


def compare(
    game: str | ModuleType,
    *,
    players: Any = ("random", "random"),
    rules: Any = None,
    variants: Mapping[str, Mapping[str, Any]] | None = None,
    metric: str | Callable[[dict[str, Any]], float] = "win0",
    games: int = 1000,
    seed: int | str = 0,
    unit: str | None = None,
    baseline: str | None = None,
    workers: int | None = None,
    executor: concurrent.futures.Executor | None = None,
    chunk_size: int | None = None,
    progress: bool | None = None,
    timeout: float | None = None,
) -> Comparison:
    """Play the same seeds under several variants and compare ``metric``.

    The variants are a dict of labels to player pairs (``players={"17": (a, b), "15": (c, b)}``),
    to rules (``rules={"seed": Rules(), "strict": Rules(...)}``), or to any settings of
    :func:`simulate` (``variants={"label": {"players": ..., "rules": ...}}``); whatever is not
    varied is shared. ``metric`` is ``"win0"`` (seat 0 won), ``"win1"``, ``"draw"``,
    ``"score_difference"``, a row column, or a function of a row. Differences are paired game by
    game against ``baseline`` (default: the first variant).
    """
    chosen = _variants(players, rules, variants)
    if not chosen:
        raise LabError("lab.no_variants")
    shared: dict[str, Any] = {"unit": unit}
    if not isinstance(players, Mapping):
        shared["players"] = players
    if not (isinstance(rules, Mapping) and "rules" in next(iter(chosen.values()))):
        shared["rules"] = rules
    measure = _metric(metric)
    results: dict[str, Results] = {}
    values: dict[str, list[float]] = {}
    for label, settings in chosen.items():
        run = simulate(
            game,
            games=games,
            seed=seed,
            workers=workers,
            executor=executor,
            chunk_size=chunk_size,
            progress=progress,
            timeout=timeout,
            **{**shared, **settings},
        )
        results[label] = run
        try:
            values[label] = [measure(row) for row in run.rows]
        except KeyError as err:
            raise LabError("lab.bad_metric", metric=metric, columns=", ".join(run.columns)) from err
    name = metric if isinstance(metric, str) else getattr(metric, "__name__", "metric")
    return Comparison(name, results, values, baseline or next(iter(chosen)))
