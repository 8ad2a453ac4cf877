"""The Gymnasium learner's fast paths against the plain way, move by move: the game seed read
as raw bits, the opponent reseeded from a template, the numbers and masks kept per position."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils import seeding

from cardwidgets import bots, panjpar, pazaak, rl, tablic
from cardwidgets.rl.actions import actions_of
from cardwidgets.rl.gym import draw_game_seed, make_opponent, reseeded_opponent
from cardwidgets.rl.observations import observer_of

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}


def test_the_game_seed_is_numpys_bounded_draw_and_leaves_the_generator_as_it_does() -> None:
    for seed in range(3000):
        fast, plain = seeding.np_random(seed)[0], seeding.np_random(seed)[0]
        for _ in range(3):
            assert draw_game_seed(fast) == int(plain.integers(2**62))
        assert fast.random() == plain.random()  # the same state afterwards


@pytest.mark.parametrize("spec", ["random", "greedy", bots.RandomPlayer(9)])
def test_a_reseeded_opponent_plays_as_one_made_anew(spec: Any) -> None:
    template = make_opponent(spec, 0)
    for seed in (1, 2, 77):
        fast, plain = reseeded_opponent(template, spec, seed), make_opponent(spec, seed)
        state = pazaak.new_game(seed=seed)
        while not state.is_over:
            move = fast.choose(state)
            assert move == plain.choose(state)
            state = state.play(move)


def plain_game(game: str, spec: str, seed: int, actions: list[int]) -> list[tuple[Any, ...]]:
    """The learner's game replayed the plain way: the seed from ``integers``, the opponent
    made by name, each observation from the seat's view, each mask from the move being
    built; (observation, mask, reward, terminated) after reset and each action."""
    stream = seeding.np_random(seed)[0]
    game_seed = int(stream.integers(2**62))
    opponent, space = bots.make(spec, seed=game_seed), actions_of(game)
    observer = observer_of(game)
    state = GAMES[game].new_game(seed=game_seed)

    def answer(state: Any) -> Any:
        while not state.is_over and state.to_move != 0:
            state = state.play(opponent.choose(state))
        return state

    state = answer(state)
    partial = space.start(state)
    found = [(observer.features(state.view(0)), partial.mask(), 0.0, False)]
    for action in actions:
        partial = partial.then(action)
        if partial.move is not None:
            state = answer(state.play(partial.move))
            if state.is_over:
                winner = state.outcome.winner
                reward = 0.0 if winner is None else 1.0 if winner == 0 else -1.0
                found.append((observer.features(state.view(0)), [0] * space.size, reward, True))
                break
            partial = space.start(state)
            found.append((observer.features(state.view(0)), partial.mask(), 0.0, False))
        else:
            features = observer.features(state.view(0), partial)
            found.append((features, partial.mask(), 0.0, False))
    return found


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.parametrize("spec", ["random", "greedy"])
def test_the_learners_games_are_the_plain_games_step_by_step(game: str, spec: str) -> None:
    learner = rl.gym_env(game, opponent=spec)
    rng = np.random.default_rng(5)
    for seed in range(3 if game == "tablic" else 8):
        observation, info = learner.reset(seed=seed)
        seen = [(observation, 0.0, False, info)]
        actions: list[int] = []
        done = False
        while not done and len(actions) < 400:
            actions.append(int(rng.choice(np.flatnonzero(info["action_mask"]))))
            observation, reward, done, _, info = learner.step(actions[-1])
            seen.append((observation, reward, done, info))
        expected = plain_game(game, spec, seed, actions)
        assert len(expected) == len(seen)
        for (observation, reward, done, info), (features, mask, reward_, done_) in zip(
            seen, expected, strict=True
        ):
            assert observation["observation"].tolist() == features
            assert observation["action_mask"].tolist() == mask == info["action_mask"].tolist()
            assert (reward, done) == (reward_, done_)


def test_every_step_hands_out_arrays_of_its_own() -> None:
    """Changing a step's arrays in place (a learner normalising them) changes nothing the
    environment hands out later, nor its own numbers."""
    learner = rl.gym_env("tablic", opponent="random")
    observation, _ = learner.reset(seed=2)
    observer = observer_of("tablic")
    for _ in range(6):
        observation["observation"][:] = 7.0
        observation["action_mask"][:] = 0
        action = learner.partial.legal_actions()[0]
        assert learner.action_masks()[action] == 1
        observation, _, done, _, _ = learner.step(action)
        if done:
            break
        expected = observer.features(learner.state.view(0), learner.partial)
        assert observation["observation"].tolist() == expected
        assert observation["action_mask"].tolist() == learner.partial.mask()


def test_pazaak_counts_made_from_the_run_one_card_shorter_equal_the_views_numbers() -> None:
    """The side-card and main-card counts of a new run come from the run one card shorter;
    over many fresh games (new runs all the time) the numbers stay the view's, both seats."""
    observer, checked = observer_of("pazaak"), 0
    for seed in range(120):
        state, rng = pazaak.new_game(seed=10_000 + seed), np.random.default_rng(seed)
        while not state.is_over:
            for seat in (0, 1):
                expected = observer.features(state.view(seat))
                assert observer.seat_array(state, seat).tolist() == expected
                checked += 1
            moves = state.legal_moves()
            state = state.play(moves[int(rng.integers(len(moves)))])
    assert checked > 4000
