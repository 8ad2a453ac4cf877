"""A player's random numbers: fixed by its seed and the position only, whoever asks and where.

Each player hashes its seed and name once and mixes that key with the seat and ply by integer
arithmetic (:func:`cardwidgets.bots.player.position_rng`). The choice must still depend only
on the seed and the position: the same in another process (another ``PYTHONHASHSEED``), after
pickling and reseeding, and whatever the player was asked before; other seeds choose otherwise.
"""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from typing import Any

import pytest

from cardwidgets import bots, cards, games
from cardwidgets.bots.player import position_rng

GAMES = ("tablic", "panjpar", "pazaak")


def positions(game: str, count: int) -> list[Any]:
    """Positions of seeded random games, every third ply."""
    found: list[Any] = []
    rng = cards.Rng(f"streams {game}")
    number = 0
    while len(found) < count:
        state = games.get(game).new_game(seed=f"streams:{number}")
        number += 1
        while not state.is_over and len(found) < count:
            if state.ply % 3 == 1:
                found.append(state)
            state = state.play(state.random_move(rng))
    return found


def choices(game: str, name: str, seed: int | str, count: int) -> list[str]:
    player = bots.make(name, seed=seed)
    return [str(player.choose(state)) for state in positions(game, count)]


def test_position_stream_depends_on_key_seat_and_ply_only() -> None:
    draws = {
        position_rng(key, seat, ply).next64()
        for key in (0, 1)
        for seat in (0, 1)
        for ply in range(50)
    }
    assert len(draws) == 200  # no two positions or keys share a stream
    assert position_rng(7, 1, 3).below(1000) == position_rng(7, 1, 3).below(1000)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("name", ["random", "greedy"])
def test_same_seed_same_position_same_move_in_any_order_pickled_or_reseeded(
    game: str, name: str
) -> None:
    states = positions(game, 60)
    player = bots.make(name, seed="lesson 3")
    first = [player.choose(state) for state in states]
    # asked backwards: no running stream, so no dependence on earlier questions
    assert [player.choose(state) for state in reversed(states)] == first[::-1]
    twin = pickle.loads(pickle.dumps(player))
    assert [twin.choose(state) for state in states] == first
    old = pickle.loads(pickle.dumps(player))
    del old.__dict__["_key"]  # as pickled before players had keys
    assert [pickle.loads(pickle.dumps(old)).choose(state) for state in states] == first
    # a player reseeded to the seed of another chooses exactly as that one does
    back = bots.make(name, seed=99).reseeded("lesson 3")
    assert [back.choose(state) for state in states] == first
    # a fresh player of the same seed on copies of the positions rebuilt from their records
    fresh = bots.make(name, seed="lesson 3")
    assert [fresh.choose(type(s).from_record(s.to_json())) for s in states[:10]] == first[:10]


@pytest.mark.parametrize("game", GAMES)
def test_other_seeds_draw_other_random_moves(game: str) -> None:
    one = choices(game, "random", 1, 80)
    two = choices(game, "random", 2, 80)
    assert sum(a != b for a, b in zip(one, two, strict=True)) >= 20


def test_random_and_greedy_choices_are_the_same_in_another_process() -> None:
    # Another interpreter with another str hash seed: nothing may hang on Python's hash().
    here = {
        f"{game}:{name}": choices(game, name, seed, 25)
        for game in GAMES
        for name, seed in (("random", 11), ("greedy", "text seed"))
    }
    script = (
        "import json, sys\n"
        "sys.path.insert(0, 'tests')\n"
        "from test_bots_streams import GAMES, choices\n"
        "print(json.dumps({f'{g}:{n}': choices(g, n, s, 25) for g in GAMES\n"
        "    for n, s in (('random', 11), ('greedy', 'text seed'))}))\n"
    )
    env = {**os.environ, "PYTHONHASHSEED": "12345"}
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=root,
        env=env,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert json.loads(done.stdout) == here
