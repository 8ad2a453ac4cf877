"""What one row of a run is, per game: how the lab starts it, ends it and reads it.

Most games are played whole (the unit ``"game"``). Tablić's engine state is a whole match
(T-D7), so a Tablić run counts matches or, with ``unit="deal"``, single deals: a deal is over
once its score is booked in ``deal_results`` (T-D9 is a statement about one deal).

>>> from cardwidgets.lab.units import unit_of
>>> unit_of("tablic").units, unit_of("panjpar").units, unit_of("chess").units
(('match', 'deal'), ('game',), ('game',))
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, TypeAlias, TypeVar

from cardwidgets.core import GameState

if TYPE_CHECKING:
    from cardwidgets.games import panjpar, pazaak, tablic

__all__ = ["DEFAULT_UNIT", "UNITS", "AnyState", "Fact", "Record", "Unit", "is_over", "unit_of"]

AnyState: TypeAlias = "GameState[Any]"
"""The state of any game: the lab plays every game through the protocol of
:class:`cardwidgets.core.GameState` and never looks at a game's own move type."""

Record: TypeAlias = "dict[str, Any]"
"""A state's record (``to_record()``): plain JSON that replays it."""

Fact = int | str
"""The value of a game's fact column: a count or a name (a trump suit)."""

S = TypeVar("S", bound=AnyState)


def _start(
    module: ModuleType, seed: int, rules: object, unit: str, options: Mapping[str, object]
) -> AnyState:
    state: AnyState = module.new_game(seed=seed, rules=rules, **options)
    return state


PlayOut: TypeAlias = "Callable[[Any, Any], Any]"
"""An engine's list-based playout of two random players, ``played_out(state, draws)``: the end
that ``result`` and ``facts`` read (:class:`cardwidgets.bots.player.SeatDraws` the draws)."""


def _played_out(module: ModuleType, unit: str) -> PlayOut | None:
    """The engine's playout of a whole game, if it has one."""
    found: PlayOut | None = getattr(module, "played_out", None)
    return found


@dataclasses.dataclass(frozen=True)
class Unit(Generic[S]):
    """How the lab starts, ends and reads one unit of play of an engine.

    ``start(module, seed, rules, unit, options)`` builds the first state; ``done(unit)`` gives
    the test ``test(state)`` that says when the unit is finished; ``result(state, unit)`` gives
    ``(winner, (score0, score1))`` and ``facts(state, unit)`` the game's columns of a row.
    ``played_out(module, unit)`` is the engine's list-based playout of exactly that unit for
    two random players (None: the engine has none), whose end ``result`` and ``facts`` read
    as they read a state.
    """

    units: tuple[str, ...]
    start: Callable[[ModuleType, int, object, str, Mapping[str, object]], AnyState]
    done: Callable[[str], Callable[[S], bool]]
    result: Callable[[S, str], tuple[int | None, Sequence[int]]]
    facts: Callable[[S, str], dict[str, Fact]]
    played_out: Callable[[ModuleType, str], PlayOut | None] = _played_out


def is_over(state: AnyState) -> bool:
    """The end of a plain game (the fast loop of :func:`~cardwidgets.lab.play.play_game`
    recognises this very function)."""
    return state.is_over


def _done(unit: str) -> Callable[[AnyState], bool]:
    return is_over


def _result(state: AnyState, unit: str) -> tuple[int | None, Sequence[int]]:
    outcome = state.outcome
    assert outcome is not None  # asked only once the unit is over
    return outcome.winner, tuple(outcome.scores)


def _no_facts(state: AnyState, unit: str) -> dict[str, Fact]:
    return {}


DEFAULT_UNIT: Unit[AnyState] = Unit(("game",), _start, _done, _result, _no_facts)
"""A game the lab knows nothing special about: played whole, no fact columns."""


# -- Tablić ------------------------------------------------------------------------------------


def _deal_over(state: tablic.State) -> bool:
    return bool(state.is_over or state.deal_results)


def _tablic_done(unit: str) -> Callable[[tablic.State], bool]:
    return _deal_over if unit == "deal" else is_over


def _tablic_played_out(module: ModuleType, unit: str) -> PlayOut | None:
    whole: Callable[..., Any] | None = getattr(module, "played_out", None)
    if whole is None or unit == "match":
        return whole

    def deal(state: tablic.State, draws: Any) -> Any:
        # The deal unit ends once a deal is booked (_deal_over): the first one from here.
        return whole(state, draws, deals=0 if state.deal_results else 1)

    return deal


def _tablic_result(state: tablic.State, unit: str) -> tuple[int | None, Sequence[int]]:
    if unit == "match":
        return _result(state, unit)
    scores = state.deal_results[0].scores
    winner = None if scores[0] == scores[1] else int(scores[1] > scores[0])
    return winner, tuple(scores)


def _tablic_facts(state: tablic.State, unit: str) -> dict[str, Fact]:
    deals = state.deal_results[:1] if unit == "deal" else state.deal_results
    facts: dict[str, Fact] = {}
    if unit == "match":
        facts["deals"] = len(deals)
    counted = (
        ("cards", [deal.cards for deal in deals]),
        ("points", [deal.points for deal in deals]),
        ("tablas", [deal.tablas for deal in deals]),
    )
    for name, pairs in counted:
        for seat in (0, 1):
            facts[f"{name}{seat}"] = sum(pair[seat] for pair in pairs)
    return facts


# -- Panjpar and Pazaak --------------------------------------------------------------------------


def _panjpar_facts(state: panjpar.State, unit: str) -> dict[str, Fact]:
    return {"trump": str(state.trump)}


def _pazaak_facts(state: pazaak.State, unit: str) -> dict[str, Fact]:
    sets = state.sets_won
    return {
        "sets0": sets[0],
        "sets1": sets[1],
        "sets_played": state.set_number,
    }


UNITS: dict[str, Unit[Any]] = {
    "tablic": Unit(
        ("match", "deal"), _start, _tablic_done, _tablic_result, _tablic_facts, _tablic_played_out
    ),
    "panjpar": Unit(("game",), _start, _done, _result, _panjpar_facts),
    "pazaak": Unit(("match",), _start, _done, _result, _pazaak_facts),
}
"""Per-engine units; an engine not listed here plays plain games."""


def unit_of(game: str) -> Unit[Any]:
    """The unit of the game named ``game`` (its short name, ``"tablic"``)."""
    return UNITS.get(game, DEFAULT_UNIT)
