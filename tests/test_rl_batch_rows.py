"""The batched environments' fast paths against the plain reference: every row a batch makes
(card masks unpacked in numpy, marks set as bits) is the Observer's features of that seat's
view and move so far (a loop over the view's fields), every mask the loop over the legal
actions (Partial.mask), every reward the outcome, for whole games of every game and both seats.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from cardwidgets import cards, panjpar, pazaak, rl, tablic
from cardwidgets.rl.actions import actions_of
from cardwidgets.rl.batched import BatchRows, masks_array, rows_array
from cardwidgets.rl.observations import observer_of

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}
STEPS = {"tablic": 1100, "panjpar": 320, "pazaak": 120}


def _reference(state: Any, seat: int, partial: Any) -> list[float]:
    """The plain encoder: the seat's view read field by field, the move's marks set to 1."""
    return observer_of(state).features(state.view(seat), partial)


@pytest.mark.parametrize("game", list(GAMES))
def test_batched_rows_masks_and_rewards_equal_the_plain_reference_all_game_long(
    game: str,
) -> None:
    count, rng = 4, np.random.default_rng(5)
    batch = rl.batched_env(game, num_envs=count)
    observation, info = batch.reset(seed=11)
    ends = marked = 0
    for _ in range(STEPS[game]):
        for index in range(count):
            state, partial = batch.states[index], batch.partials[index]
            seat = int(info["to_move"][index])
            assert observation[index].tolist() == _reference(state, seat, partial), (game, index)
            expected = (
                partial.mask() if partial is not None else [0] * int(batch.single_action_space.n)
            )
            assert info["action_mask"][index].tolist() == expected
            marked += partial is not None and bool(partial.steps)
        other = batch.observe(1)  # seat 1's rows: with its marks where it is to move
        for index, state in enumerate(batch.states):
            partial = batch.partials[index] if int(info["to_move"][index]) == 1 else None
            assert other[index].tolist() == _reference(state, 1, partial)
        mask = info["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        observation, rewards, terminated, _, info = batch.step(actions)
        for index in np.flatnonzero(terminated):
            outcome = batch.states[index].outcome
            winner = outcome.winner
            expected_rewards = (
                [0.0, 0.0] if winner is None else [1.0 - 2 * (s != winner) for s in (0, 1)]
            )
            assert rewards[index].tolist() == expected_rewards
            ends += 1
        assert not rewards[~terminated].any()
    assert ends >= 1
    assert marked > 20 or game == "pazaak"  # moves built over several actions were checked


@pytest.mark.parametrize("game", list(GAMES))
def test_the_vector_learners_rows_equal_the_plain_reference(game: str) -> None:
    envs, rng = rl.gym_vector_env(game, num_envs=3, opponent="random"), np.random.default_rng(2)
    observation, _ = envs.reset(seed=4)
    for _ in range(STEPS[game] // 2):
        for index, state in enumerate(envs.states):
            partial = envs.partials[index]
            rows = observation["observation"][index].tolist()
            assert rows == _reference(state, envs.seat, partial), (game, index)
            expected = (
                partial.mask() if partial is not None else [0] * int(envs.single_action_space.n)
            )
            assert observation["action_mask"][index].tolist() == expected
        mask = observation["action_mask"]
        observation, *_ = envs.step((rng.random(mask.shape) * mask).argmax(axis=1))


@pytest.mark.parametrize("game", list(GAMES))
def test_rows_are_fresh_arrays_of_their_own(game: str) -> None:
    """Changing a batch's observation or mask changes nothing the batch hands out later."""
    observer, state = observer_of(game), GAMES[game].new_game(seed=9)
    rows = BatchRows(observer, 2)
    rows.set(0, state, 0)
    rows.set(1, state, 1)
    first = rows.array()
    first[:] = 7.0
    assert rows.array()[1].tolist() == observer.features(state.view(1))
    partial = actions_of(game).start(state)
    mask = masks_array([partial], actions_of(game).size)
    mask[:] = 1
    assert masks_array([partial], actions_of(game).size)[0].tolist() == partial.mask()


def test_every_mark_is_a_bit_of_a_card_block() -> None:
    """Marks are set as bits of the card masks: no move's mark may fall after the blocks."""
    for game in ("tablic", "panjpar"):
        observer, space, found = observer_of(game), actions_of(game), 0
        rng = cards.Rng(3)
        for seed in range(6):
            state = GAMES[game].new_game(seed=seed)
            while not state.is_over:
                partial = space.start(state)
                while partial.move is None:
                    legal = partial.legal_actions()
                    partial = partial.then(legal[rng.below(len(legal))])
                    for entry in observer.step_marks(partial):
                        block, bit = divmod(entry, 52)
                        assert block < observer.blocks and bit < 52
                        found += 1
                state = state.play(partial.move)
        assert found > 100


def test_rows_array_unpacks_each_masks_bits_in_card_order() -> None:
    observer = observer_of("tablic")
    masks = [[1 << 51 | 1, *[0] * (observer.blocks - 1)]]
    tail = bytes(4 * (observer.size - 52 * observer.blocks))
    found = rows_array(observer, masks, [tail])
    assert found.shape == (1, observer.size) and found.dtype == np.float32
    assert np.flatnonzero(found[0]).tolist() == [0, 51]
