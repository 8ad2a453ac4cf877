"""The batched environments: the same games as the single ones, hidden cards never observed
(twin states), Gymnasium's vector conventions (spaces, seeding, NextStep autoreset, its vector
wrappers), illegal actions and bad input refused with a reason and nothing changed."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.vector import AutoresetMode, VectorEnv

from cardwidgets import cards, panjpar, pazaak, rl, tablic
from cardwidgets.core import IllegalMove
from cardwidgets.rl.actions import DONE
from cardwidgets.rl.gym import OptionError

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
# Steps per game of the equality tests: enough for every game to end and be dealt again.
STEPS = {"tablic": 1200, "panjpar": 400, "pazaak": 200}


def _pick(mask: Any, rng: cards.Rng) -> int:
    legal = np.flatnonzero(mask)
    return int(legal[rng.below(len(legal))]) if len(legal) else 0


@pytest.mark.parametrize("game", list(GAMES))
def test_batched_games_play_the_same_games_as_the_single_environment(game: str) -> None:
    """Game i of a batch reset with seed s is the AEC environment reset with seed s + i, and
    its later games are that environment's later resets: the same observations, masks, seats
    to move and rewards at every step, given the same actions (NextStep: the step after an
    end deals the next game and ignores the action)."""
    count, seed = 3, 40
    batch = rl.batched_env(game, num_envs=count)
    singles = [rl.env(game) for _ in range(count)]
    observation, info = batch.reset(seed=seed)
    for index, single in enumerate(singles):
        single.reset(seed=seed + index)
    rngs = [cards.Rng(index) for index in range(count)]
    ended, ends = [False] * count, 0
    for _ in range(STEPS[game]):
        actions = []
        for index, single in enumerate(singles):
            agent = single.agent_selection
            assert info["to_move"][index] == single.possible_agents.index(agent)
            assert observation[index].tolist() == single.observe(agent).tolist()
            expected_mask = (
                single.action_mask(agent) if not ended[index] else 0 * info["action_mask"][index]
            )
            assert info["action_mask"][index].tolist() == expected_mask.tolist()
            actions.append(_pick(info["action_mask"][index], rngs[index]))
        observation, rewards, terminated, truncated, info = batch.step(np.array(actions))
        assert not truncated.any()
        for index, single in enumerate(singles):
            if ended[index]:
                single.reset()  # the single environment's next game from its own stream
                ended[index] = False
                assert not terminated[index] and not rewards[index].any()
                continue
            single.step(actions[index])
            assert terminated[index] == single.terminations["player_0"]
            assert rewards[index].tolist() == [single.rewards[a] for a in single.possible_agents]
            ended[index] = bool(terminated[index])
            ends += ended[index]
    assert ends >= count  # every game ended at least once, and was dealt again


@pytest.mark.parametrize(
    ("game", "opponent"), [("tablic", "random"), ("panjpar", "random"), ("pazaak", "greedy")]
)
def test_the_vector_env_plays_the_same_games_as_the_single_gym_env(
    game: str, opponent: str
) -> None:
    """Game i of rl.gym_vector_env reset with seed s is rl.gym_env reset with seed s + i (the
    same deal, the same opponent's moves, the opponent reseeded per game as the single env
    does), and its later games are the single env's resets."""
    count, seed = 3, 7
    vector = rl.gym_vector_env(game, num_envs=count, opponent=opponent, seat=1)
    singles = [rl.gym_env(game, opponent=opponent, seat=1) for _ in range(count)]
    observation, _ = vector.reset(seed=seed)
    expected = [single.reset(seed=seed + index)[0] for index, single in enumerate(singles)]
    rngs = [cards.Rng(index + 5) for index in range(count)]
    ended, ends = [False] * count, 0
    for _ in range(STEPS[game] // 2):
        for index in range(count):
            for key in ("observation", "action_mask"):
                assert observation[key][index].tolist() == expected[index][key].tolist()
        actions = [_pick(observation["action_mask"][i], rngs[i]) for i in range(count)]
        observation, reward, terminated, _, _ = vector.step(actions)
        for index, single in enumerate(singles):
            if ended[index]:
                expected[index], ended[index] = single.reset()[0], False
                assert not terminated[index] and reward[index] == 0.0
                continue
            expected[index], single_reward, done, _, _ = single.step(actions[index])
            assert (reward[index], terminated[index]) == (single_reward, done)
            ended[index] = done
            ends += done
    assert ends >= count


def _twin_positions(game: str) -> list[Any]:
    found = []
    for seed in range(8):
        rng, state = cards.Rng(seed), GAMES[game].new_game(seed=seed)
        for _ in range(seed % 7):
            if not state.is_over:
                state = state.play(state.random_move(rng))
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_batched_twins_differing_only_in_hidden_cards_give_equal_observations(game: str) -> None:
    """Two batches hold positions that differ only in the cards hidden from a seat
    (State.determinize re-deals them): that seat's observations must be equal. The seat to
    move is followed along the whole building of its move (masks equal too); its opponent,
    whose cards are not the ones re-dealt, in the loaded position."""
    positions = _twin_positions(game)
    count, differed = len(positions), 0
    for moving in (True, False):
        batch, twins = rl.batched_env(game, count), rl.batched_env(game, count)
        seats = [state.to_move if moving else 1 - state.to_move for state in positions]
        for index, (state, seat) in enumerate(zip(positions, seats, strict=True)):
            twin = state.determinize(seat, cards.Rng(index + 17))
            differed += twin.hands[1 - seat] != state.hands[1 - seat]
            batch.load(index, state)
            twins.load(index, twin)
        live = [True] * count  # the loaded move is still being built
        for _ in range(6 if moving else 1):  # a Tablić or Panjpar move takes several actions
            masks, twin_masks = batch.action_mask(), twins.action_mask()
            for seat in (0, 1):
                mine, theirs = batch.observe(seat), twins.observe(seat)
                for index in range(count):
                    if live[index] and seats[index] == seat:
                        assert mine[index].tolist() == theirs[index].tolist(), (game, index)
                        if moving:
                            assert masks[index].tolist() == twin_masks[index].tolist()
            # The same action where the move is followed (the masks are equal), elsewhere
            # each batch's own legal one (the games have parted).
            batch.step([int(np.flatnonzero(row)[-1]) if row.any() else 0 for row in masks])
            twins.step([int(np.flatnonzero(row)[-1]) if row.any() else 0 for row in twin_masks])
            for index, partial in enumerate(batch.partials):
                live[index] = live[index] and partial is not None and bool(partial.steps)
    assert differed > 3


def _check_vector_env(envs: VectorEnv[Any, Any, Any], seed: int) -> None:
    """What a vector env checker asks (Gymnasium 1.4 ships none, only ``check_env`` for one
    environment): batched spaces of the single ones, observations and infos in them,
    seeding that repeats and differs, the NextStep autoreset declared, and its wrappers."""
    count = envs.num_envs
    assert envs.metadata["autoreset_mode"] is AutoresetMode.NEXT_STEP
    assert envs.observation_space == gymnasium.vector.utils.batch_space(
        envs.single_observation_space, count
    )
    assert envs.action_space == gymnasium.vector.utils.batch_space(envs.single_action_space, count)
    first, info = envs.reset(seed=seed)
    assert envs.observation_space.contains(first)
    again, _ = envs.reset(seed=seed)
    other, _ = envs.reset(seed=seed + 1000)
    assert all(np.array_equal(first[k], again[k]) for k in first)
    assert not all(np.array_equal(first[k], other[k]) for k in first)
    envs.reset(seed=seed)
    rng = cards.Rng(seed)
    for _ in range(60):
        actions = [_pick(row, rng) for row in info["action_mask"]]
        observation, reward, terminated, truncated, info = envs.step(actions)
        assert envs.observation_space.contains(observation)
        assert reward.shape == terminated.shape == truncated.shape == (count,)
        assert terminated.dtype == truncated.dtype == np.bool_
        assert np.array_equal(info["action_mask"], observation["action_mask"])
    counted = gymnasium.wrappers.vector.RecordEpisodeStatistics(envs)
    counted.reset(seed=seed)
    rng = cards.Rng(1)
    for _ in range(3000):  # until a game ends (a Tablić game is some 350 learner steps)
        masks = counted.unwrapped.action_masks()
        _, reward, terminated, _, info = counted.step([_pick(row, rng) for row in masks])
        if terminated.any():
            break
    assert info["_episode"].tolist() == terminated.tolist()
    assert info["episode"]["r"][terminated].tolist() == reward[terminated].tolist()


@pytest.mark.parametrize("game", list(GAMES))
def test_the_vector_env_passes_the_vector_api_checks(game: str) -> None:
    envs = rl.gym_vector_env(game, num_envs=3, opponent="random")
    assert isinstance(envs, VectorEnv)
    _check_vector_env(envs, seed=3)


def test_the_batched_games_repeat_from_a_seed_and_take_a_list_of_seeds() -> None:
    batch = rl.batched_env("panjpar", num_envs=3)
    first, info = batch.reset(seed=5)
    listed, listed_info = batch.reset(seed=[5, 6, 7])
    assert np.array_equal(first, listed)
    assert np.array_equal(info["to_move"], listed_info["to_move"])
    same, _ = batch.reset(seed=[9, 9, 9])
    assert np.array_equal(same[0], same[1]) and np.array_equal(same[1], same[2])
    assert first.flags.writeable and first.dtype == np.float32  # the caller's own array


def test_a_refused_action_names_its_game_and_no_game_changes() -> None:
    batch = rl.batched_env("tablic", num_envs=3)
    _, info = batch.reset(seed=2)
    before = (list(batch.states), [p.steps for p in batch.partials if p is not None])
    good = [int(np.flatnonzero(row)[0]) for row in info["action_mask"]]
    with pytest.raises(IllegalMove) as err:
        batch.step([good[0], good[1], DONE])  # game 2: no hand card chosen yet
    assert "game 2 of the batch" in str(err.value) and "not legal" in str(err.value)
    assert "Spiel 2 der Gruppe" in err.value.text("de") and "not" not in err.value.text("de")
    assert (list(batch.states), [p.steps for p in batch.partials if p is not None]) == before
    with pytest.raises(IllegalMove, match="2 actions for 3 games"):
        batch.step(good[:2])
    with pytest.raises(IllegalMove, match="2 seeds for 3 games"):
        batch.reset(seed=[1, 2])
    with pytest.raises(IllegalMove, match="whole number"):
        rl.batched_env("tablic", num_envs=0)
    with pytest.raises(IllegalMove, match="numbered 0 to 2"):
        batch.load(3, tablic.new_game(seed=1))


def test_the_vector_env_illegal_rules_lose_one_game_or_raise_for_all() -> None:
    envs = rl.gym_vector_env("tablic", num_envs=2, opponent="random")
    observation, _ = envs.reset(seed=4)
    good = int(np.flatnonzero(observation["action_mask"][0])[0])
    observation, reward, terminated, _, info = envs.step([good, DONE])
    assert reward.tolist() == [0.0, -1.0] and terminated.tolist() == [False, True]
    assert info["_illegal"].tolist() == [False, True] and "not legal" in info["illegal"][1]
    assert not observation["action_mask"][1].any()  # the lost game waits for its reset
    strict = rl.gym_vector_env("tablic", num_envs=2, opponent="random", illegal="raise")
    observation, _ = strict.reset(seed=4)
    before = (list(strict.states), [p.steps for p in strict.partials if p is not None])
    with pytest.raises(IllegalMove, match="game 1 of the batch"):
        strict.step([good, DONE])
    assert (list(strict.states), [p.steps for p in strict.partials if p is not None]) == before
    with pytest.raises(OptionError, match="choose"):
        rl.gym_vector_env("pazaak", num_envs=2, opponent=42)


def test_bad_seeds_and_actions_get_a_reason_and_the_envs_work_before_a_reset() -> None:
    batch = rl.batched_env("pazaak", num_envs=2)  # dealt at once: observe works already
    assert batch.observe(0).shape == (2, 125) and batch.action_mask().any()
    vector = rl.gym_vector_env("pazaak", num_envs=2, opponent="random")
    assert vector.action_masks().shape == (2, 35)
    for envs in (batch, vector):
        for seed in ("abc", -1, 1.5, True, [1, "x"]):
            with pytest.raises(IllegalMove) as err:
                envs.reset(seed=seed)
            assert "not a seed" in str(err.value) and "Startwert" in err.value.text("de")
        with pytest.raises(IllegalMove, match="not actions"):
            envs.step(5)
        envs.reset(seed=np.int64(3))  # numpy integers are whole numbers
        envs.reset(seed=np.array([3, 4]))
