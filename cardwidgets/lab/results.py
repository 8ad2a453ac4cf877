"""The rows of a :func:`~cardwidgets.lab.simulate` run and what can be read from them.

Rows are plain JSON-safe dicts, not a DataFrame: the lab needs only the standard library;
pandas and matplotlib (the ``lab`` extra) are imported only by :meth:`Results.to_pandas` and
:meth:`Results.plot`. They are kept by column (:class:`~cardwidgets.lab.table.Table`) and made
as dicts when asked for.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from cardwidgets import extras, i18n
from cardwidgets.lab import display
from cardwidgets.lab.errors import LabError
from cardwidgets.lab.jobs import Job
from cardwidgets.lab.play import GameFailed, Row, play_game
from cardwidgets.lab.stats import Estimate, estimate_mean, estimate_rate
from cardwidgets.lab.table import Table
from cardwidgets.lab.units import AnyState

__all__ = ["Results"]

_BASE_COLUMNS = ("game", "seed", "winner", "score0", "score1", "length")


class Results:
    """The rows of a :func:`simulate` run and what can be read from them.

    ``rows`` is a list of plain dicts (JSON-safe): ``game`` (index), ``seed`` (the game's own
    seed: ``new_game(seed=row["seed"])`` deals it again), ``winner`` (0, 1 or None for a draw),
    ``score0``, ``score1``, ``length`` (moves), ``first`` (the seat that moved first) and the
    game's facts. The results keep them by column (about 8 bytes a value, not a dict a game);
    ``rows`` makes the list of dicts each time it is read, so read it once, or use
    :meth:`row`, :meth:`column`, ``len(results)`` and ``for row in results``.
    """

    def __init__(
        self,
        game: str,
        rows: Table | Iterable[Row],
        players: tuple[str, str],
        seed: int | str,
        unit: str,
        rules: object = None,
        job: Job | None = None,
    ) -> None:
        self.game, self.players, self.seed, self.unit = game, players, seed, unit
        self._table = rows if isinstance(rows, Table) else Table(rows)
        self.rules = rules
        self._job = job

    @property
    def rows(self) -> list[Row]:
        """Every row as a dict, in game order (a new list each time: see the class)."""
        return list(self._table)

    def row(self, index: int) -> Row:
        """Row ``index`` (game ``index`` of the run) as a dict."""
        return self._table.row(index)

    def __len__(self) -> int:
        return len(self._table)

    def __iter__(self) -> Iterator[Row]:
        return iter(self._table)

    def column(self, name: str) -> list[Any]:
        """The values of one column, in game order."""
        return self._table.column(name)

    @property
    def columns(self) -> list[str]:
        """The column names, the common ones first."""
        if not len(self._table):
            return []
        first = self._table.row(0)
        names: dict[str, None] = dict.fromkeys(_BASE_COLUMNS)
        names.update(dict.fromkeys(first))
        return [n for n in names if n in first]

    def rate(self, predicate: Callable[[Row], object]) -> Estimate:
        """How often ``predicate(row)`` is true, with its 95% interval.

        >>> from cardwidgets.lab import simulate
        >>> r = simulate("panjpar", games=30, seed=2)
        >>> r.rate(lambda row: row["winner"] is not None).total
        30
        """
        return estimate_rate(sum(1 for row in self if predicate(row)), len(self))

    def mean(self, column: str | Callable[[Row], float]) -> Estimate:
        """The mean of a column (or of a function of a row), with its 95% interval."""
        get = column if callable(column) else (lambda row: row[column])
        return estimate_mean([float(get(row)) for row in self])

    def win_rate(self, seat: int) -> Estimate:
        """How often ``seat`` won (draws count as not won)."""
        return self.rate(lambda row: row["winner"] == seat)

    def summary(self) -> dict[str, Any]:
        """The headline numbers as a JSON-safe dict."""
        n = len(self)
        winners = self.column("winner")
        wins = [winners.count(seat) for seat in (0, 1)]
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
            + [
                f"{display.number(w, locale)} ({display.percent(w / n, locale)})" for w in s["wins"]
            ],
            [i18n.text("lab.interval", locale)]
            + [
                f"{display.percent(r.low, locale)} – {display.percent(r.high, locale)}"
                for r in rates
            ],
            [i18n.text("lab.draws", locale), display.number(s["draws"], locale), ""],
        ]
        means = s["means"]
        if "score0" in means:
            rows.append(
                [i18n.text("lab.mean_score", locale)]
                + [display.decimal(means[f"score{seat}"], locale) for seat in (0, 1)]
            )
        for name in sorted(means):
            if name.endswith("0") and name[:-1] + "1" in means and name != "score0":
                fact = name[:-1]
                if i18n.has(f"lab.fact.{fact}"):
                    fact = i18n.text(f"lab.fact.{fact}", locale)
                label = i18n.text("lab.mean_of", locale, column=fact)
                rows.append([label] + [display.decimal(means[name[:-1] + s], locale) for s in "01"])
        rows.append(
            [i18n.text("lab.mean_length", locale), display.decimal(means["length"], locale), ""]
        )
        return headers, rows

    def _header(self, locale: str | None) -> str:
        return i18n.text(
            "lab.header",
            locale,
            game=self.game,
            games=display.number(len(self), locale),
            unit=display.unit_words(self.unit, locale, len(self)),
            seed=self.seed,
            player0=self.players[0],
            player1=self.players[1],
        )

    def table(self, locale: str | None = None) -> str:
        """The summary as a plain-text table (what the command line prints)."""
        headers, rows = self._summary_rows(locale)
        return self._header(locale) + "\n\n" + display.text_table(headers, rows)

    def __str__(self) -> str:
        return self.table()

    def __repr__(self) -> str:
        return (
            f"<Results {self.game}: {len(self)} {self.unit}s, seed {self.seed!r}, "
            f"{self.players[0]} vs {self.players[1]}>"
        )

    def _repr_html_(self, head: int = 5) -> str:
        headers, rows = self._summary_rows(None)
        summary = display.html_table(headers, rows, caption=self._header(None))
        columns = self.columns
        sample = display.html_table(
            columns,
            (
                [display.cell(row.get(c)) for c in columns]
                for row in map(self.row, range(min(head, len(self))))
            ),
        )
        return f"<div>{summary}<br>{sample}</div>"

    def won(self, seat: int, locale: str | None = None) -> str:
        """How often ``seat`` won, in plain words with its 95% interval.

        >>> from cardwidgets import lab
        >>> results = lab.simulate("pazaak", games=20, seed=1, progress=False)
        >>> results.won(0, "en")
        'seat 0 won 45% of matches (95% interval 26–66%)'
        >>> results.won(1, "de")
        'Platz 1 gewann 55% der Partien (95%-Intervall 34–74%)'
        """
        rate = self.win_rate(seat)
        return i18n.text(
            "lab.won",
            locale,
            seat=seat,
            rate=display.whole_percent(rate.value, locale),
            unit=display.unit_words(self.unit, locale, len(self)),
            low=display.whole_percent(rate.low, locale).rstrip("%"),
            high=display.whole_percent(rate.high, locale),
        )

    def show(
        self, columns: Iterable[str] | None = None, head: int = 5, locale: str | None = None
    ) -> display.Shown:
        """The first ``head`` rows (``columns`` of them, or all) as a table: HTML in a
        notebook, text when printed. Needs nothing beyond the standard library."""
        names = list(columns) if columns is not None else self.columns
        missing = [name for name in names if name not in self.columns]
        if missing:
            raise LabError("lab.no_column", column=missing[0], columns=", ".join(self.columns))
        rows = [[self.row(i).get(n) for n in names] for i in range(min(max(head, 0), len(self)))]
        return display.rows_table(names, rows, locale)

    def chart(self, column: str | None = None, locale: str | None = None) -> display.Shown:
        """Win rates with their intervals, or a histogram of ``column``, drawn as SVG (no
        matplotlib needed); text when printed."""
        title = (
            f"{self.game}, {display.number(len(self), locale)} "
            f"{display.unit_words(self.unit, locale, len(self))}"
        )
        if column is None:
            seat = [i18n.text("lab.seat", locale, seat=s) for s in (0, 1)]
            labels = [f"{seat[s]} ({self.players[s]})" for s in (0, 1)]
            estimates = [self.win_rate(0), self.win_rate(1)]
            return display.bar_chart(
                labels, estimates, title, i18n.text("lab.win_rate", locale), locale
            )
        if column not in self.columns:
            raise LabError("lab.no_column", column=column, columns=", ".join(self.columns))
        values = [float(v) for v in self.column(column) if _is_number(v)]
        ylabel = display.unit_words(self.unit, locale)
        return display.histogram(values, title, column, ylabel, locale)

    def to_pandas(self) -> Any:
        """The rows as a ``pandas.DataFrame`` (needs the ``lab`` extra)."""
        pd = extras.require("pandas", "lab", "to_pandas()")
        return pd.DataFrame({name: self.column(name) for name in self.columns})

    def plot(self, column: str | None = None, ax: Any = None) -> Any:
        """Win rates with their intervals, or a histogram of ``column``; returns the Axes.

        Needs matplotlib (the ``lab`` extra).
        """
        ax = display.axes(ax)
        if column is None:
            labels = [f"{i18n.text('lab.seat', seat=s)}\n{self.players[s]}" for s in (0, 1)]
            estimates = [self.win_rate(0), self.win_rate(1)]
            display.bars(ax, labels, estimates)
            ax.set_ylabel(i18n.text("lab.win_rate"))
        else:
            values = [float(v) for v in self.column(column)]
            ax.hist(values, bins=min(40, max(5, len(set(values)))))
            ax.set_xlabel(display.literal(column))
            ax.set_ylabel(display.unit_words(self.unit))
        ax.set_title(
            f"{self.game}, {display.number(len(self))} "
            f"{display.unit_words(self.unit, None, len(self))}"
        )
        return ax

    def replay(self, index: int) -> AnyState:
        """Play game ``index`` again (in this process) and return its final state."""
        if self._job is None:
            raise LabError("lab.no_replay")
        job = dataclasses.replace(self._job, claim=None)
        try:
            return play_game(job, index)[2]
        except GameFailed as failed:
            # One game, played here: its own error, as a direct call would raise it.
            raise failed.failure.error from None

    def to_json(self) -> list[Row]:
        """The rows (already JSON-safe), a new list of dicts."""
        return self.rows


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)
