"""The value of each move for the seat to move: exact where the seat can know every card,
estimated elsewhere.

Values are for the seat to move: in Tablić its deal score minus the opponent's at the end of
the deal (card points, 3 for most cards, tablas); in Panjpar its chance of winning the game; in
Pazaak its chance of winning the match, with the chance of winning the current set beside it.

* **Exact** (:mod:`cardwidgets.bots.endings`): Tablić's last round, Panjpar once the stock is
  gone, Pazaak when the opponent stands; a memoized search that reports its node count and
  gives up past :data:`EXACT_LIMIT` nodes (then the value is estimated, and the reason says so).
* **Estimated** elsewhere: the same ``samples`` determinizations (deals of the cards the seat
  cannot see, drawn from its view only, seeded) for every move; after the move both sides play
  on with the expert's rollout rules to the end of the deal (Tablić), game (Panjpar) or set
  (Pazaak, then the match model of :mod:`cardwidgets.bots.endings`). The value is the
  mean, with a 95% interval (normal approximation, 1.96
  standard errors) and the number of samples. The same seed gives the same numbers.

Only the moves the expert's search considers are analysed when a position has many (a Panjpar
defence or a crowded Tablić table can have thousands); the rest are counted in one last entry,
"others".

>>> from cardwidgets.games import pazaak
>>> state = pazaak.State.from_position(
...     hands=["+1", ""], deck=[5], tables=([10], [10, 9]), standing=(False, True), seed=1)
>>> result = analyse(state)
>>> [(str(e.move), round(e.value, 3), e.exact) for e in result]
[('end', 0.604, True), ('stand', 0.533, True), ('play +1', 0.389, True)]
>>> result[0].reason("de")
'exakt: alle Karten sind durch Zählen bekannt (261 Stellungen durchsucht)'
"""

from __future__ import annotations

import dataclasses
import html
import math
import threading
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, overload

from cardwidgets import cards, i18n
from cardwidgets.bots import endings
from cardwidgets.bots.strategy import PLAIN, strategy_for
from cardwidgets.core import GameState, Move
from cardwidgets.i18n import TranslatedError

__all__ = [
    "EXACT_LIMIT",
    "SAMPLES",
    "Analysis",
    "AnalysisError",
    "Entry",
    "analyse",
    "exact_analysis",
]

EXACT_LIMIT = {"tablic": 60_000, "panjpar": 2_000, "pazaak": 10_000}
"""Nodes the exact search may visit before the analysis estimates instead, per game (a node
costs about 0.025 ms of CPU in Tablić, 0.05 ms in Pazaak, less than 0.5 ms in Panjpar). Tablić's
last round with six cards each takes a median of about 10,000 nodes (0.25 s), all of 30 seeded
deals within 60,000 (benchmarks/results/lastround.json)."""

CONTINUE_LIMIT = 600
"""Nodes an exact ending may take inside one sampled play-out."""

SAMPLES = {"tablic": 12, "panjpar": 24, "pazaak": 200}
"""Determinizations per estimate, per game: a typical position answers within a second."""

Z95 = 1.96


class AnalysisError(TranslatedError):
    """A position that cannot be analysed, or a bad argument."""

    __module__ = "cardwidgets.analysis"


@dataclasses.dataclass(frozen=True)
class Entry:
    """One move's value for the seat to move, and how it was obtained.

    ``move`` is None for the entry that stands for the moves not analysed (``count`` of them).
    ``set_value`` is Pazaak's chance of winning the current set (None in the other games).
    ``samples`` is 0 for an exact value, ``nodes`` 0 for an estimate.
    """

    move: Move | None
    value: float
    low: float
    high: float
    exact: bool
    samples: int = 0
    nodes: int = 0
    set_value: float | None = None
    count: int = 1
    key: str = "analysis.exact"
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)

    def reason(self, locale: str | None = None) -> str:
        """How the value was obtained, in ``locale``."""
        return i18n.text(self.key, locale, **self.params)

    def label(self, locale: str | None = None) -> str:
        """The move as a table shows it."""
        if self.move is None:
            return i18n.text("analysis.others_move", locale)
        return describe(self.move, locale)


def describe(move: Move, locale: str | None = None) -> str:
    """A move in words where its game has them (Pazaak), else its notation."""
    text = getattr(move, "describe", None)
    if callable(text):
        try:
            return str(text(locale))
        except TypeError:  # a describe() without a locale
            pass
    return str(move)


@dataclasses.dataclass(frozen=True)
class Analysis(Sequence[Entry]):
    """The entries, best first, for ``seat`` in ``game``; shows itself as a table."""

    game: str
    seat: int
    entries: tuple[Entry, ...]

    @overload
    def __getitem__(self, index: int) -> Entry: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[Entry]: ...
    def __getitem__(self, index: int | slice) -> Entry | Sequence[Entry]:
        return self.entries[index]

    def __len__(self) -> int:
        return len(self.entries)

    def __iter__(self) -> Iterator[Entry]:
        return iter(self.entries)

    @property
    def best(self) -> Entry:
        """The best entry."""
        return self.entries[0]

    def to_html(self, locale: str | None = None) -> str:
        """The entries as an HTML table (no hidden card: moves of the seat to move only)."""
        head = ["move", "value", "interval"] + (["set"] if self.game == "pazaak" else []) + ["how"]
        cells = "".join(f"<th>{i18n.text('analysis.head.' + h, locale)}</th>" for h in head)
        rows = [f"<tr>{cells}</tr>"]
        for e in self.entries:
            row = [e.label(locale), _number(e.value), f"{_number(e.low)} … {_number(e.high)}"]
            if self.game == "pazaak":
                row.append("" if e.set_value is None else _number(e.set_value))
            row.append(e.reason(locale))
            rows.append("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>")
        unit = html.escape(i18n.text(f"analysis.unit.{self.game}", locale))
        return f"<table class='cw-analysis'><caption>{unit}</caption>{''.join(rows)}</table>"

    def _repr_html_(self) -> str:
        return self.to_html()


def _number(value: float) -> str:
    return f"{value:.3f}" if abs(value) <= 1 else f"{value:.2f}"


def analyse(
    state: GameState[Any], *, seed: int | str = 0, samples: int | None = None,
    exact: bool = True,
) -> Analysis:  # fmt: skip
    """The value of every move of the seat to move, best first (see the module's text).

    ``samples``: determinizations per estimate (default :data:`SAMPLES` of the game).
    ``exact=False`` estimates even where the exact search applies, and then plays the samples
    on with the exact best moves wherever the mover can know every card and the ending takes
    at most :data:`CONTINUE_LIMIT` nodes, so the estimate aims at the exact value (the tests
    compare the two; slower).
    Uses only what the seat to move may see.
    """
    game = getattr(state, "game", None)
    if game not in SAMPLES or not isinstance(state, GameState):
        raise AnalysisError("analysis.not_a_state", value=i18n.shown(state))
    seed = cards.check_seed(seed)
    seat = state.to_move
    if seat is None:
        raise AnalysisError("analysis.game_over")
    n = SAMPLES[game] if samples is None else checked_count(samples, "analysis.what_samples")
    too_big = 0
    if exact and endings.knowable(state):
        found = _exact(state, game, seat)
        if isinstance(found, Analysis):
            return found
        too_big = found
    key = (*_position_key(state, game, seat), "estimate", seed, n, exact)
    known = _REMEMBERED.get(key)
    if not isinstance(known, Analysis):
        rng = cards.Rng(f"analysis:{seed}")
        known = Analysis(game, seat, _estimate(state, seat, rng, n, too_big, not exact))
        _remember(key, known)
    return known


def exact_analysis(state: GameState[Any]) -> Analysis | None:
    """:func:`analyse`'s exact values where the seat to move can know every card and the
    search stays within :data:`EXACT_LIMIT`, else None (then :func:`analyse` estimates).

    >>> from cardwidgets import tablic
    >>> start = tablic.State.from_position(table="3♠ 5♥", hands=("8♣", "5♦"), dealer=1)
    >>> [(str(e.move), e.value) for e in exact_analysis(start)]
    [('8♣ x 3♠ 5♥', 4.0), ('8♣', -3.0)]
    >>> exact_analysis(tablic.new_game(seed=1)) is None  # the stock is not empty
    True
    """
    game = getattr(state, "game", None)
    seat = state.to_move if isinstance(state, GameState) else None
    if game not in SAMPLES or seat is None or not endings.knowable(state):
        return None
    found = _exact(state, game, seat)
    return found if isinstance(found, Analysis) else None


# -- remembered: every analysis is a function of what the seat to move sees -------------------
_REMEMBERED: dict[tuple[object, ...], Analysis | int] = {}
_REMEMBER_LIMIT = 512
"""Analyses remembered (the oldest go first): the puzzles' screens and full analyses, and a
widget that shows a puzzle's position again, ask for the same ones."""


def _position_key(state: GameState[Any], game: str, seat: int) -> tuple[object, ...]:
    # What the seat sees (two positions that differ only in hidden cards share it, as they
    # share their analysis: the tests prove it) and the rules.
    return (game, getattr(state, "rules", None), state.ply, seat, state.code(seat))


_REMEMBERING = threading.Lock()  # a widget analyses in worker threads


def _remember(key: tuple[object, ...], found: Analysis | int) -> None:
    with _REMEMBERING:
        if len(_REMEMBERED) >= _REMEMBER_LIMIT:
            del _REMEMBERED[next(iter(_REMEMBERED))]
        _REMEMBERED[key] = found


def _exact(state: GameState[Any], game: str, seat: int) -> Analysis | int:
    """The exact analysis, or the nodes the search visited before it gave up (remembered:
    the search gives the same answer for the same view and limit)."""
    limit = EXACT_LIMIT[game]
    key = (*_position_key(state, game, seat), "exact", limit)
    known = _REMEMBERED.get(key)
    if known is not None:
        return known
    found: Analysis | int
    try:
        ending = endings.solve(state, limit=limit)
    except endings.TooBig as stop:
        found = int(stop.args[0]) - 1
    else:
        assert ending is not None
        found = Analysis(game, seat, _exact_entries(ending))
    _remember(key, found)
    return found


def checked_count(value: object, what: str) -> int:
    """``value`` if a whole number of at least 1, else :class:`AnalysisError` naming ``what``."""
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise AnalysisError(
            "analysis.bad_count", what=i18n.TranslatedError(what), value=i18n.shown(value)
        )
    return value


def _exact_entries(ending: endings.Ending) -> tuple[Entry, ...]:
    found = []
    for i, (move, value) in enumerate(ending.values):
        set_value = ending.set_values[i] if ending.set_values else None
        params = {"nodes": ending.nodes}
        found.append(Entry(move, value, value, value, True, 0, ending.nodes, set_value,
                           params=params))  # fmt: skip
    return tuple(found)


# -- estimates ---------------------------------------------------------------------------------
def _estimate(
    state: GameState[Any], seat: int, rng: cards.Rng, n: int, too_big: int, exact_play_outs: bool
) -> tuple[Entry, ...]:
    strategy = strategy_for(state) or PLAIN
    moves = list(strategy.candidates(state))
    others = state.legal_moves_count() - len(moves) if _counts(state) else 0
    sums = [[0.0, 0.0, 0.0] for _ in moves]  # value, squares, set value
    # exact moves of the play-outs, by the mover's view (only when asked: they are dear)
    known: dict[str, Move | None] | None = {} if exact_play_outs else None
    for i in range(n):
        sample_rng = rng.derive(f"sample:{i}")
        det = state.determinize(seat, sample_rng.derive("deal"))
        for j, move in enumerate(moves):
            # the same deal and the same play-out numbers for every move: fair comparisons
            value, set_value = _play_out(det, move, seat, sample_rng.derive("play"), known)
            sums[j][0] += value
            sums[j][1] += value * value
            sums[j][2] += set_value
    game = getattr(state, "game", "")
    key = "analysis.too_big" if too_big else "analysis.estimate"
    params = {"samples": n, "nodes": too_big}
    found = []
    for move, (total, squares, set_total) in zip(moves, sums, strict=True):
        mean = total / n
        spread = math.sqrt(max(0.0, squares / n - mean * mean) / max(1, n - 1))
        low, high = mean - Z95 * spread, mean + Z95 * spread
        if game != "tablic":  # a probability stays within [0, 1]
            low, high = max(0.0, low), min(1.0, high)
        chance = set_total / n if game == "pazaak" else None
        found.append(Entry(move, mean, low, high, False, n, 0, chance, key=key,
                           params=params))  # fmt: skip
    found.sort(key=lambda e: -e.value)
    if others > 0:
        nan = math.nan
        found.append(Entry(None, nan, nan, nan, False, 0, 0, None, others, "analysis.others",
                           {"count": others}))  # fmt: skip
    return tuple(found)


def _counts(state: GameState[Any]) -> bool:
    return callable(getattr(state, "legal_moves_count", None))


def _play_out(
    det: GameState[Any],
    move: Move,
    seat: int,
    rng: cards.Rng,
    known: dict[str, Move | None] | None,
) -> tuple[float, float]:
    """(value for ``seat``, set value) after ``move`` on one determinization, both sides then
    playing the expert's rollout rules, or the exact best move where it is small."""
    game = getattr(det, "game", "")
    strategy = strategy_for(det) or PLAIN
    done = _UNIT_OVER[game](det)
    state = det.play(move)
    while not done(state):
        state = state.play(_next_move(state, strategy, rng, known))
    return _VALUE[game](det, state, seat)


def _next_move(
    state: GameState[Any], strategy: Any, rng: cards.Rng, known: dict[str, Move | None] | None
) -> Move:
    """The exact best move where the mover can know every card and the search is small (the
    same for the same view: remembered in ``known``), else the rollout rules' move."""
    if known is not None and endings.knowable(state):
        code = state.code(state.to_move)
        if code not in known:
            try:
                ending = endings.solve(state, limit=CONTINUE_LIMIT)
            except endings.TooBig:
                ending = None
            known[code] = None if ending is None else ending.values[0][0]
        exact = known[code]
        if exact is not None:
            return exact
    move: Move = strategy.rollout(state, rng)
    return move


def _tablic_over(start: Any) -> Callable[[Any], bool]:
    deal = start.deal_number
    return lambda s: bool(s.is_over or s.deal_number != deal)


def _panjpar_over(start: Any) -> Callable[[Any], bool]:
    return lambda s: bool(s.is_over)


def _pazaak_over(start: Any) -> Callable[[Any], bool]:
    number = start.set_number
    return lambda s: bool(s.is_over or s.set_number != number)


def _tablic_value(start: Any, end: Any, seat: int) -> tuple[float, float]:
    scores = end.deal_results[-1].scores
    return float(scores[seat] - scores[1 - seat]), 0.0


def _panjpar_value(start: Any, end: Any, seat: int) -> tuple[float, float]:
    winner = end.outcome.winner
    return (0.5 if winner is None else float(winner == seat)), 0.0


def _pazaak_value(start: Any, end: Any, seat: int) -> tuple[float, float]:
    return endings.set_end_value(end, seat)


_UNIT_OVER: dict[str, Callable[[Any], Callable[[Any], bool]]] = {
    "tablic": _tablic_over,
    "panjpar": _panjpar_over,
    "pazaak": _pazaak_over,
}
_VALUE: dict[str, Callable[[Any, Any, int], tuple[float, float]]] = {
    "tablic": _tablic_value,
    "panjpar": _panjpar_value,
    "pazaak": _pazaak_value,
}
