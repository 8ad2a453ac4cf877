"""Puzzles: positions from seeded games where one move is clearly best and another tempts.

A position makes a puzzle when the best move's value beats every other move's beyond the
uncertainty (exact values: by :data:`MARGIN`; estimates: the best interval's low end above the
next one's high end) and the greedy player (the rules of thumb a learner tends to follow) would
play another move: that move is the temptation. The games are greedy against greedy, seeded,
so the same seed finds the same puzzles.

>>> found = puzzles("pazaak", 1, seed=0)
>>> found[0].kind, found[0].game
('estimate', 'pazaak')
>>> sorted(to_records(found)[0])[:4]
['answer', 'best', 'code', 'explanation']
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cardwidgets import bots, cards, i18n
from cardwidgets.analysis.values import (
    SAMPLES,
    AnalysisError,
    Entry,
    analyse,
    checked_count,
    describe,
    exact_analysis,
)
from cardwidgets.bots import endings
from cardwidgets.core import GameState
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.table import Table

__all__ = ["MARGIN", "Puzzle", "puzzles", "to_records"]

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}

MARGIN = {"tablic": 1.0, "panjpar": 0.25, "pazaak": 0.03}
"""How much better an exact best move must be than the next one, per game's value unit."""

SCREEN_SAMPLES = {game: max(4, count // 4) for game, count in SAMPLES.items()}
"""Samples of the screen before a full estimate (:func:`_promising`)."""

GAMES_PER_PUZZLE = 40
"""Seeded games tried per puzzle asked for before giving up."""


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """A position (the record of its game up to ``ply``), the seat to move, the answer, the
    tempting move, their values and how they were obtained."""

    game: str
    record: dict[str, Any]
    ply: int
    seat: int
    code: str
    kind: str
    answer: str
    tempting: str
    best: float
    other: float

    def position(self) -> GameState[Any]:
        """The puzzle's position, replayed from its record."""
        state: GameState[Any] = GAMES[self.game].from_record(self.record)
        return state

    def explanation(self, locale: str | None = None) -> str:
        """Why the answer is right, in ``locale``."""
        state = self.position()
        moves = {str(m): m for m in state.legal_moves()}
        how = i18n.text(f"analysis.how.{self.kind}", locale)
        return i18n.text(
            "analysis.puzzle",
            locale,
            answer=describe(moves[self.answer], locale),
            tempting=describe(moves[self.tempting], locale),
            best=f"{self.best:.3g}",
            other=f"{self.other:.3g}",
            how=how[:1].upper() + how[1:] + ".",
        )

    def to_record(self, locale: str | None = None) -> dict[str, Any]:
        """The puzzle as plain JSON (a teacher's export)."""
        return {
            "game": self.game,
            "record": self.record,
            "ply": self.ply,
            "seat": self.seat,
            "code": self.code,
            "kind": self.kind,
            "answer": self.answer,
            "tempting": self.tempting,
            "best": self.best,
            "other": self.other,
            "explanation": self.explanation(locale),
        }


def to_records(found: list[Puzzle], locale: str | None = None) -> list[dict[str, Any]]:
    """Puzzles as a list of JSON-safe records."""
    return [p.to_record(locale) for p in found]


def puzzles(game: str, count: int, *, seed: int | str = 0) -> list[Puzzle]:
    """Up to ``count`` puzzles from seeded greedy games of ``game`` (the same seed, the same
    puzzles). Exact positions are tried first in each game, then the others."""
    if game not in GAMES:
        raise AnalysisError("analysis.unknown_game", game=i18n.shown(game), games=", ".join(GAMES))
    count = checked_count(count, "analysis.what_puzzles")
    seed = cards.check_seed(seed)
    found: list[Puzzle] = []
    for number in range(count * GAMES_PER_PUZZLE):
        for state in _positions(game, f"puzzle:{seed}:{number}"):
            puzzle = _puzzle(state, seed)
            if puzzle is not None:
                found.append(puzzle)
                break  # one puzzle per game: variety
        if len(found) >= count:
            break
    return found


def _positions(game: str, seed: str) -> list[GameState[Any]]:
    """The positions of one greedy game with a choice, exact ones first (cheaper, surer)."""
    players = [bots.make("greedy", seed=f"{seed}:{s}") for s in (0, 1)]
    table = Table(game, seed=seed, players=players)
    seen: list[GameState[Any]] = []
    # Tablić's first deal only (its end pauses the table); the other games to their end.
    while not table.state.is_over and table.pause != "deal":
        state = table.state
        if table.paused:
            table.step()  # a Pazaak set ended: the match goes on
            continue
        if len(state.legal_moves()) > 1:
            seen.append(state)
        table.step()
    exact = [s for s in seen if endings.knowable(s)]
    rest = [s for s in seen if not endings.knowable(s)][::3]  # every third: estimates are dear
    return exact + rest[:6]


def _puzzle(state: GameState[Any], seed: int | str) -> Puzzle | None:
    game = getattr(state, "game", "")
    seat = state.to_move
    assert seat is not None
    greedy = bots.GreedyPlayer(seed=0).choose(state)
    result = exact_analysis(state)
    if result is None:  # an estimate: screened first
        if not _promising(state, seed, greedy):
            return None
        result = analyse(state, seed=seed)
    ranked = [e for e in result if e.move is not None]
    if len(ranked) < 2:
        return None
    best, second = ranked[0], ranked[1]
    if not _clear(game, best, second):
        return None
    if greedy == best.move:
        return None
    tempting = next((e for e in ranked if e.move == greedy), second)
    record = state.to_record()
    return Puzzle(
        game,
        record,
        state.ply,
        seat,
        state.code(seat),
        "exact" if best.exact else "estimate",
        str(best.move),
        str(tempting.move),
        round(best.value, 4),
        round(tempting.value, 4),
    )


def _promising(state: GameState[Any], seed: int | str, greedy: Any) -> bool:
    """The cheap screen before an estimate's full analysis: the same estimate on a quarter of
    the samples (:data:`SCREEN_SAMPLES`, the full analysis's first ones) must put a move other
    than the greedy one first, ahead of the next by the gap the full analysis asks for.
    Most positions fail it (the greedy move is best, or the top moves are close) and are
    dropped at a quarter of the cost; the full analysis still decides the rest, so every
    puzzle is as clear as before."""
    game = getattr(state, "game", "")
    screen = analyse(state, seed=seed, samples=SCREEN_SAMPLES[game])
    ranked = [e for e in screen if e.move is not None]
    if len(ranked) < 2:
        return False
    best, second = ranked[0], ranked[1]
    gap = best.value - second.value
    # The full analysis asks for best.low > second.high: a gap of the two moves' 95%
    # half-widths at four times the samples, which is half their sum here. The screen asks
    # for that same gap, so it leaves no room for its own noise: a position it drops might
    # have passed the full analysis (fewer games yield a puzzle), but every puzzle found is
    # as clear as before. Loosening it would change which puzzles a seed finds.
    half_widths = (best.high - best.low + second.high - second.low) / 2
    return best.move != greedy and gap > 0 and gap >= half_widths / 2


def _clear(game: str, best: Entry, second: Entry) -> bool:
    """Whether ``best`` beats ``second`` beyond the uncertainty."""
    if best.exact and second.exact:
        return best.value - second.value >= MARGIN[game]
    return best.low > second.high
