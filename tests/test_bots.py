"""Computer players and hints: the protocol, seeds, no cheating, strength, hints in en/de.

The strength tests are small honest samples (the ladder in benchmarks/ is the real measure);
the search budgets here are tiny so the file runs in seconds.
"""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

from cardwidgets import bots, cards, ismcts
from cardwidgets.bots import ExpertPlayer, GreedyPlayer, Player, PlayerError, RandomPlayer

# -- the protocol -------------------------------------------------------------------------------


@pytest.mark.parametrize("name", ["random", "greedy", "expert"])
def test_players_follow_the_protocol_pickle_and_reseed(name: str) -> None:
    player = bots.make(name, seed=5)
    assert isinstance(player, Player)
    assert isinstance(player, bots.PLAYERS[name])
    twin = pickle.loads(pickle.dumps(player))
    assert twin == player and repr(twin) == repr(player)
    other = player.reseeded(6)
    assert other.seed == 6 and player.seed == 5 and type(other) is type(player)


def test_make_passes_options_and_reseeds_players() -> None:
    assert bots.make("greedy", seed=1, stand_at=15).options == {"stand_at": 15}
    assert bots.make("expert", seed=1, iterations=50).iterations == 50
    given = RandomPlayer(3)
    assert bots.make(given) is given
    assert bots.make(given, seed=4) == RandomPlayer(4)


def test_unknown_names_options_and_budgets_are_explained_in_en_and_de() -> None:
    with pytest.raises(PlayerError) as info:
        bots.make("clever")
    assert info.value.text("de") == (
        "es gibt keinen Spieler 'clever': wähle einen von random, greedy, expert"
    )
    with pytest.raises(PlayerError, match="GreedyPlayer has no option 'stand'"):
        GreedyPlayer(stand=15)
    with pytest.raises(PlayerError, match="option 'stand_at' must be int"):
        GreedyPlayer(stand_at="15")
    with pytest.raises(PlayerError, match="positive number of iterations"):
        ExpertPlayer(iterations=0)


def test_seedless_players_get_a_fresh_seed() -> None:
    assert RandomPlayer().seed != RandomPlayer().seed


# -- the search core on a toy game ---------------------------------------------------------------


class Nim:
    """Take 1 or 2 counters; who takes the last one wins (full information)."""

    game = "nim"

    def __init__(self, n: int, to_move: int = 0) -> None:
        self.n, self._to_move = n, to_move

    @property
    def is_over(self) -> bool:
        return self.n == 0

    @property
    def to_move(self) -> int | None:
        return None if self.n == 0 else self._to_move

    @property
    def ply(self) -> int:
        return 0

    def legal_moves(self) -> list[int]:
        return [k for k in (1, 2) if k <= self.n]

    def play(self, k: int) -> Nim:
        return Nim(self.n - k, 1 - self._to_move)

    def determinize(self, seat: int, rng: cards.Rng) -> Nim:
        return self

    @property
    def outcome(self) -> Any:
        return type("O", (), {"winner": 1 - self._to_move})()


@pytest.mark.parametrize(("counters", "best"), [(4, 1), (5, 2), (7, 1), (8, 2)])
def test_search_finds_the_winning_nim_move(counters: int, best: int) -> None:
    result = ismcts.search(Nim(counters), 0, cards.Rng(1), iterations=400)
    assert result.move == best and result.iterations == 400
    assert sum(visits for visits, _ in result.stats.values()) == 400


def test_expert_plays_any_game_with_determinize_and_is_reproducible() -> None:
    expert = ExpertPlayer(seed=3, iterations=300)
    assert expert.choose(Nim(7)) == 1
    assert expert.last_search is not None and expert.last_search.iterations == 300
    assert [ExpertPlayer(seed=9, iterations=20).choose(Nim(6)) for _ in range(3)] == [
        ExpertPlayer(seed=9, iterations=20).choose(Nim(6))
    ] * 3


def test_search_needs_a_budget_and_honours_a_time_limit() -> None:
    with pytest.raises(ValueError, match="iterations, time_limit"):
        ismcts.search(Nim(5), 0, cards.Rng(1), iterations=None)
    result = ismcts.search(Nim(30), 0, cards.Rng(1), iterations=None, time_limit=0.05)
    assert result.iterations >= 1 and result.seconds < 1.0


# -- helpers for the games ------------------------------------------------------------------------


def play_out(state: Any, players: tuple[Any, Any], done: Callable[[Any], bool]) -> Any:
    while not done(state):
        state = state.play(players[state.to_move].choose(state))
    return state
