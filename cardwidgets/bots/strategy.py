"""The per-game knowledge behind the players: a :class:`Strategy` per game, with reasons.

A strategy knows one game's rules of thumb. The greedy player asks it for a move
(:meth:`Strategy.greedy`), a hint asks it why a move is good (:meth:`Strategy.explain`,
:meth:`Strategy.details`), and the expert's search (:mod:`cardwidgets.bots.ismcts`) uses its
cheap rollouts, its evaluation and its pruning of huge move lists. Each game registers one
(``cardwidgets.bots.tablic`` …); a game without one gets the plain search.

A strategy reads only what the seat to move may know: ``state.view(seat)`` (its game's typed
view: cards, moves and numbers, never card texts), its legal moves and the public history.
Rollouts and evaluations run inside a determinization, where every card is one the searcher
dealt itself.

>>> from cardwidgets import bots
>>> from cardwidgets.bots import strategy
>>> from cardwidgets.games import pazaak
>>> type(strategy.strategy_for(pazaak.new_game(seed=1))).__name__
'PazaakStrategy'
>>> strategy.greedy_options()
{'stand_at': 17}
"""

from __future__ import annotations

import dataclasses
import importlib
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, TypeVar

from cardwidgets import cards, i18n
from cardwidgets.bots import ismcts
from cardwidgets.core import GameState, Move

__all__ = [
    "PLAIN",
    "Reason",
    "Strategy",
    "best",
    "greedy_options",
    "register",
    "strategy_for",
]

S = TypeVar("S", bound="GameState[Any]")
"""The game's state class."""
M = TypeVar("M", bound=Move)
"""The game's move class."""
T = TypeVar("T")


@dataclasses.dataclass(frozen=True)
class Reason(Generic[M]):
    """A move with the sentence (catalog key and parameters) that explains it."""

    move: M
    key: str
    params: Mapping[str, object] = dataclasses.field(default_factory=dict)

    def text(self, locale: str | None = None) -> str:
        """The sentence in ``locale``."""
        return i18n.text(self.key, locale, **self.params)


class Strategy(Generic[S, M]):
    """Per-game knowledge shared by the greedy player, the expert's rollouts and hints.

    Subclasses read only ``state.view(seat)``, ``state.legal_moves()`` and the public history.
    This base knows no game: the expert then searches with random rollouts to the end.
    """

    game: ClassVar[str] = ""
    options: ClassVar[Mapping[str, object]] = {}
    expert_iterations: ClassVar[int] = 200
    """Default expert iterations for this game: a move stays well under one second."""

    def greedy(
        self, state: S, seat: int, rng: cards.Rng, options: Mapping[str, object]
    ) -> Reason[M]:
        """The greedy move for ``seat`` (to move) with its reason."""
        raise NotImplementedError

    def greedy_move(
        self, state: S, seat: int, stream: Callable[[], cards.Rng], options: Mapping[str, object]
    ) -> M:
        """The move of :meth:`greedy`, without its reason: what a greedy player plays, asked
        every move of a lab run. ``stream()`` gives the generator :meth:`greedy` is given,
        made only if a choice needs a draw (most greedy moves draw nothing). A game whose
        reason costs more than its move (Pazaak's exact bust chance, Panjpar's phrases)
        overrides this with the same decision; tests/test_bots_greedy_move.py checks the move
        against :meth:`greedy`'s over seeded games of every game and rule set."""
        return self.greedy(state, seat, stream(), options).move

    def explain(self, state: S, seat: int, move: M) -> Reason[M]:
        """A reason for any legal ``move`` of ``seat`` (used when another player chose it)."""
        if len(state.legal_moves()) == 1:
            return Reason(move, "bots.only_move")
        return Reason(move, "bots.suggested", {"move": move})

    def details(self, state: S, seat: int, move: M) -> dict[str, object]:
        """Extra figures for a hint (JSON-safe)."""
        return {}

    def rollout(self, state: S, rng: cards.Rng) -> M:
        """The expert's rollout policy: cheap and a little random."""
        move: M = ismcts.random_policy(state, rng)
        return move

    def evaluate(self, state: S) -> float:
        """Value of a finished (or horizon) state for seat 0, in [0, 1]."""
        return ismcts.outcome_value(state)

    def horizon(self, root: S) -> ismcts.Stop[S] | None:
        """Where rollouts from ``root`` may stop early (None: play to the end)."""
        return None

    def random_move(self, state: S, rng: cards.Rng) -> M:
        """A uniformly random legal move: ``legal_moves()[rng.below(len(legal_moves()))]``,
        the draw the random player has always made. A game whose ``state.random_move`` makes
        the same draw without listing the moves (Tablić) says so by overriding this."""
        moves: list[M] = state.legal_moves()
        return moves[rng.below(len(moves))]

    def candidates(self, state: S) -> list[M]:
        """The moves the expert's tree considers (default: all legal moves)."""
        return state.legal_moves()

    exact_limit: ClassVar[int] = 300
    """Nodes an exact ending (:mod:`cardwidgets.bots.endings`) may take inside an expert's
    move before the expert searches instead."""

    def search(
        self,
        state: S,
        seat: int,
        rng: cards.Rng,
        budget: tuple[int | None, float | None],
        confidence: float,
    ) -> ismcts.SearchResult[M] | None:
        """The expert's own search for this game within ``budget`` (iterations, seconds), or
        None: the generic search (:func:`cardwidgets.bots.ismcts.search`) with this
        strategy's rollouts and evaluation."""
        return None

    playout: ismcts.Playout[S] | None = None
    """The value (:meth:`evaluate`'s) of :meth:`rollout` played from a state to the
    :meth:`horizon` on the engine's plain numbers, the same game as the loop on states for the
    same stream (a test per game proves it); None: the expert steps states."""

    observe: ismcts.Observe[S] | None = None
    """What a seat observes beyond the moves (see :mod:`cardwidgets.bots.ismcts`); None:
    nothing."""


PLAIN: Strategy[Any, Any] = Strategy()
"""The strategy of a game without its own: the expert searches with random rollouts."""

_STRATEGIES: dict[str, Strategy[Any, Any]] = {}
"""The strategies by game name (``State.game``)."""

_OWN_MODULES: dict[str, str] = {
    "tablic": "cardwidgets.bots.tablic",
    "panjpar": "cardwidgets.bots.panjpar",
    "pazaak": "cardwidgets.bots.pazaak",
}
"""Where each game's rules of thumb live: imported (and so registered) on first use, so a
Tablić board does not load the other games' engines."""


def _load(game: str) -> None:
    """Import the rules of thumb of ``game`` if it has some and they are not yet registered."""
    if game not in _STRATEGIES and game in _OWN_MODULES:
        importlib.import_module(_OWN_MODULES[game])


def register(strategy: Strategy[S, M]) -> Strategy[S, M]:
    """Make ``strategy`` the one for its game."""
    _STRATEGIES[strategy.game] = strategy
    return strategy


def strategy_for(state: object) -> Strategy[Any, Any] | None:
    """The strategy of ``state``'s game, or None for a game without one."""
    game = getattr(state, "game", "")
    if not isinstance(game, str):
        return None
    _load(game)
    return _STRATEGIES.get(game)


def greedy_options() -> dict[str, object]:
    """Every greedy option of every game, with its default."""
    for game in _OWN_MODULES:
        _load(game)
    known: dict[str, object] = {}
    for strategy in _STRATEGIES.values():
        known.update(strategy.options)
    return known


def best(scored: list[tuple[float, int, T]], rng: cards.Rng | Callable[[], cards.Rng]) -> T:
    """The item with the highest score; exact ties are broken at random with ``rng`` (a
    generator, or a function that makes one, called only for a tie).

    >>> best([(1.0, 0, "a"), (2.0, 1, "b")], cards.Rng(0))
    'b'
    >>> best([(2.0, 0, "a"), (2.0, 1, "b")], lambda: cards.Rng(0)) == best(
    ...     [(2.0, 0, "a"), (2.0, 1, "b")], cards.Rng(0))
    True
    """
    top = max(score for score, _, _ in scored)
    found = [item for score, _, item in scored if score >= top - 1e-9]
    if len(found) == 1:
        return found[0]
    made = rng if isinstance(rng, cards.Rng) else rng()
    return found[made.below(len(found))]
