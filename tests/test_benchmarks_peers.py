"""The logic of ``benchmarks/peers.py`` (never its timings): the rules-free floor plays the
stated number of moves among the stated options, and the ratios come from the right figures."""

from __future__ import annotations

import random
from types import ModuleType

import benchmark_scripts
import pytest

from cardwidgets import pazaak


@pytest.fixture(scope="module")
def peers() -> ModuleType:
    return benchmark_scripts.load("peers")


def test_the_floor_plays_the_stated_moves_among_the_stated_options(peers: ModuleType) -> None:
    state = peers.floor_game(37, 5, random.Random(1))
    assert state[0] == 37 and len(state) == 1 + peers.FLOOR_WIDTH
    # With one option the pick is always the first card: the state turns like a wheel.
    assert peers.floor_game(3, 1, random.Random(1))[1:] == (*range(3, peers.FLOOR_WIDTH), 0, 1, 2)
    assert peers.floor_games(12, 4)(5, 0) == 5 * 12  # the moves a floor contestant reports


def test_our_loops_count_the_moves_they_play(peers: ModuleType) -> None:
    moves, options = peers.options_per_move(pazaak, games=3, seed=7)
    played = peers.listing_games(pazaak)(3, 7)
    assert played == round(moves * 3) and options >= 1
    assert peers.random_move_games(pazaak)(3, 7) > 0


def test_ratios_use_the_run_or_the_recorded_peer_figure(peers: ModuleType) -> None:
    rates = {"listing": [2.0, 4.0, 9.0], "random_move": [3.0, 3.0, 3.0], "lab_random": [5.0] * 3}
    rates["floor"] = [10.0] * 3
    recorded = {"games_per_cpu_second": 2.0, "measured": "2026-01-01"}
    result = peers.game_result((20.0, 3.0), rates, recorded)
    assert result["of_floor"] == {"listing": 0.4, "random_move": 0.3, "lab_random": 0.5}
    assert result["of_peer"] == {"listing": 2.0, "random_move": 1.5, "lab_random": 2.5}
    assert "recorded" in result["peer_measured"]
    measured = peers.game_result((20.0, 3.0), {**rates, "peer": [1.0, 2.0, 3.0]}, recorded)
    # per-round medians
    assert measured["of_peer"] == {"listing": 2.0, "random_move": 1.5, "lab_random": 2.5}
    assert measured["peer_measured"] == "in this run"
    assert "of_peer" not in peers.game_result((20.0, 3.0), rates, None)
