"""A claim's verdict: how often it held, its interval, and the first counterexamples, each a
replayable record that opens in the game's widget.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

from cardwidgets import i18n
from cardwidgets.lab import display
from cardwidgets.lab.errors import NoWidget
from cardwidgets.lab.jobs import Claim
from cardwidgets.lab.play import Row
from cardwidgets.lab.results import Results
from cardwidgets.lab.stats import estimate_rate
from cardwidgets.lab.units import AnyState, Record

if TYPE_CHECKING:  # the replay sits above the lab: imported only when asked for
    from cardwidgets.replay import Replay

__all__ = ["CheckResult", "Counterexample", "claim_name"]


class Counterexample:
    """A state where a claim failed, kept as a replayable record.

    ``record`` is the JSON record of the failing state (``cardwidgets.from_record`` replays it);
    ``game`` the index in the run, ``seed`` that game's seed and ``ply`` the move after which the
    claim failed.
    """

    def __init__(
        self, name: str, record: Record, index: int = 0, seed: int = 0, ply: int = 0,
        unit: str = "game",
    ) -> None:  # fmt: skip
        self.name, self.record, self.index, self.seed, self.ply = name, record, index, seed, ply
        self.unit = unit

    @classmethod
    def from_state(cls, state: AnyState, unit: str = "game") -> Counterexample:
        """A counterexample made by hand (a constructed position) rather than found."""
        return cls(state.game, state.to_record(), 0, 0, state.ply, unit)

    def state(self) -> AnyState:
        """Replay the record: the state where the claim failed."""
        from cardwidgets import games

        state: AnyState = games.get(self.name).from_record(self.record)
        return state

    def widget(self, **options: Any) -> Any:
        """The failing position in the game's widget (once a widget exists for the game).

        Nobody moves by itself (``opponent="human"``), so the position stays as it was found;
        ``options`` go to the widget (``open_hands=True`` shows both hands). A convenience for
        ``TablicWidget(state=example.state(), opponent="human")``: the widgets sit above the
        lab, so the lab imports them here, when a notebook asks, and nowhere else.
        """
        options.setdefault("opponent", "human")
        try:
            from cardwidgets.widgets import widget_class

            cls = widget_class(self.name)
        except ImportError as err:  # the widgets need Jupyter's packages
            raise NoWidget("lab.no_widget", game=self.name) from err
        if cls is None:
            raise NoWidget("lab.no_widget", game=self.name)
        return cls(state=self.state(), **options)

    def replay(self, *, seat: int | None = 0, locale: str | None = None) -> Replay:
        """The game up to the failing state as a kernel-free replay (:mod:`cardwidgets.replay`):
        it shows itself in a notebook and ``.save(path)`` writes one HTML file. ``seat=None``
        opens both hands; ``locale`` defaults to the current one. A convenience for
        ``replay.replay(example.state(), ...)``: the replays sit above the lab, so the lab
        imports them here, when a notebook asks, and nowhere else."""
        from cardwidgets import replay

        return replay.replay(self.state(), seat=seat, locale=locale or i18n.get_locale())

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
        self.held = sum(1 for held in results.column("held") if held)
        self.games = len(results)
        self.estimate = estimate_rate(self.held, self.games)

    def __len__(self) -> int:
        return self.games

    @property
    def rows(self) -> list[Row]:
        """The rows of the games, with a ``held`` column (a new list of dicts, made when
        asked: see :attr:`Results.rows`)."""
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
        unit = display.unit_words(self.results.unit, locale, self.games, dative=True)
        total = i18n.Number(self.games)
        if not self.refuted:
            head = i18n.text("lab.check.always", locale, total=total, unit=unit)
        else:
            failed = display.number(self.games - self.held, locale)
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

    def chart(self, locale: str | None = None) -> display.Shown:
        """The rate at which the claim held, with its interval, drawn as SVG (no matplotlib
        needed); text when printed."""
        return display.bar_chart(
            [self.claim],
            [self.estimate],
            i18n.text("lab.claim_held", locale),
            display.unit_words(self.results.unit, locale),
            locale,
        )

    def plot(self, ax: Any = None) -> Any:
        """The rate at which the claim held, with its interval."""
        ax = display.axes(ax)
        display.bars(ax, [self.claim], [self.estimate])
        ax.set_ylim(0, 1)
        ax.set_ylabel(display.unit_words(self.results.unit))
        return ax


def claim_name(claim: Claim, name: str | None) -> str:
    if name:
        return name
    doc = (getattr(claim, "__doc__", None) or "").strip().splitlines()
    if doc and getattr(claim, "__name__", "") != "<lambda>":
        return doc[0]
    return str(getattr(claim, "__name__", "claim"))
