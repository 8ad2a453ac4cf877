"""The PettingZoo and Gymnasium environments: the frameworks' own checks on every game, hidden
cards never in an observation (twin states), rewards, illegal actions, missing extras."""

from __future__ import annotations

import sys
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import gymnasium
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from cardwidgets import bots, cards, panjpar, pazaak, rl, tablic
from cardwidgets.core import IllegalMove, SeatError
from cardwidgets.extras import MissingExtra
from cardwidgets.rl.actions import DONE, actions_of
from cardwidgets.rl.gym import OptionError
from cardwidgets.rl.observations import observer_of

GAMES: dict[str, Any] = {"tablic": tablic, "panjpar": panjpar, "pazaak": pazaak}


@pytest.mark.parametrize("game", list(GAMES))
@pytest.mark.filterwarnings("error")
def test_pettingzoo_api_test_passes_without_a_warning(game: str) -> None:
    # A dict observation made api_test warn ("Observation is not a NumPy array",
    # "... should be gymnasium.spaces.box"); observations are arrays, masks in the infos.
    api_test(rl.env(game), num_cycles=300)


@pytest.mark.parametrize("game", list(GAMES))
def test_pettingzoo_seed_test_passes(game: str) -> None:
    seed_test(lambda: rl.env(game), num_cycles=150)


@pytest.mark.parametrize("game", list(GAMES))
def test_gymnasium_check_env_passes(game: str) -> None:
    check_env(rl.gym_env(game, opponent="random"), skip_render_check=True)


@pytest.mark.parametrize("game", list(GAMES))
def test_the_registered_gymnasium_names_make_the_games(game: str) -> None:
    made = gymnasium.make(rl.GYM_IDS[game], opponent="random")
    observation, _ = made.reset(seed=2)
    assert made.unwrapped.game == game
    assert made.observation_space.contains(observation)


def _random_positions(game: str, count: int) -> list[Any]:
    found = []
    for seed in range(count):
        rng = cards.Rng(seed)
        state = GAMES[game].new_game(seed=seed)
        for _ in range(seed % 9):
            if not state.is_over:
                state = state.play(state.random_move(rng))
        if not state.is_over:
            found.append(state)
    return found


@pytest.mark.parametrize("game", list(GAMES))
def test_twin_states_differing_only_in_hidden_cards_give_equal_observations(game: str) -> None:
    """The seat to move and its opponent both observe a position and its determinized twin
    (the cards hidden from that seat dealt anew): the observations and masks must be equal,
    along the whole building of a move."""
    observer, space = observer_of(game), actions_of(game)
    differed = 0
    for state in _random_positions(game, 12):
        for seat in (0, 1):
            twin = state.determinize(seat, cards.Rng(seat + 99))
            differed += twin.hands[1 - seat] != state.hands[1 - seat]
            acting = seat == state.to_move
            partial = space.start(state) if acting else None
            twin_partial = space.start(twin) if acting else None
            # The environments' path, made from the state's fields without the view, with
            # the marks added step by step (Observer.step_marks).
            built, twin_built = observer.seat_array(state, seat), observer.seat_array(twin, seat)
            assert built == twin_built
            while True:
                mine = observer.features(state.view(seat), partial)
                theirs = observer.features(twin.view(seat), twin_partial)
                assert mine == theirs, (game, seat, str(state))
                assert built.tolist() == mine and twin_built.tolist() == theirs
                if partial is None or twin_partial is None or partial.move is not None:
                    break
                assert partial.legal_actions() == twin_partial.legal_actions()
                action = partial.legal_actions()[-1]
                partial, twin_partial = partial.then(action), twin_partial.then(action)
                for found, step in ((built, partial), (twin_built, twin_partial)):
                    for index in observer.step_marks(step):
                        found[index] = 1.0
    assert differed > 5  # the twins really hide different cards


@pytest.mark.parametrize("game", list(GAMES))
def test_seat_array_equals_the_view_array_for_both_seats_all_game_long(game: str) -> None:
    """The environments read a seat's numbers from the state's fields without making the view:
    they must be the view's numbers, in every position of whole games and at the end."""
    observer, checked = observer_of(game), 0
    for seed in range(4 if game == "tablic" else 12):
        rng, state = cards.Rng(seed), GAMES[game].new_game(seed=seed)
        while True:
            for seat in (0, 1):
                expected = observer.array(state.view(seat))
                assert observer.seat_array(state, seat) == expected, (game, seed, seat)
                checked += 1
            if state.is_over:
                break
            state = state.play(state.random_move(rng))
    assert checked > 200


@pytest.mark.parametrize("game", list(GAMES))
def test_step_marks_added_one_action_at_a_time_make_the_marks(game: str) -> None:
    """The environments add only each action's Observer.step_marks to the observation of the
    move being built: together they must be Observer.marks, at every step of every move."""
    observer, space, steps = observer_of(game), actions_of(game), 0
    for state in _random_positions(game, 30):
        rng = cards.Rng(len(state.legal_moves()))
        partial, added = space.start(state), set[int]()
        while partial.move is None:
            legal = partial.legal_actions()
            partial = partial.then(legal[rng.below(len(legal))])
            added |= set(observer.step_marks(partial))
            if partial.move is None:
                assert added == set(observer.marks(partial)), (game, partial)
                steps += 1
    assert steps > 20 or game == "pazaak"


def test_the_mask_helpers_equal_the_views_fields() -> None:
    """tablic.State.table_mask, panjpar.State.known_mask and attack_mask: the view's table,
    known cards and attack as card masks, all game long."""
    checked = 0
    for seed in range(6):
        rng, state = cards.Rng(seed), tablic.new_game(seed=seed)
        while not state.is_over:
            assert state.table_mask() == cards.mask(state.view(0).table)
            state, checked = state.play(state.random_move(rng)), checked + 1
        rng, played = cards.Rng(seed), panjpar.new_game(seed=seed)
        while True:
            for seat in (0, 1):
                view = played.view(seat)
                assert played.known_mask(seat) == cards.mask(view.known[seat])
                assert played.known_mask(1 - seat) == cards.mask(view.known[1 - seat])
                assert played.attack_mask() == cards.mask(view.attack)
            if played.is_over:
                break
            played, checked = played.play(played.random_move(rng)), checked + 1
    assert checked > 500


def test_an_observation_is_the_agents_own_array() -> None:
    """Changing an observation in place (a learner normalising it) changes no later
    observation: the environment keeps its numbers apart from the arrays it hands out."""
    aec, observer = rl.env("tablic"), observer_of("tablic")
    aec.reset(seed=2)
    for _ in range(3):
        observation, *_ = aec.last()
        observation[:] = 7.0  # the agent's own array: the environment must not read it
        aec.step(aec.partial.legal_actions()[0])  # a hand card, then the table cards
        expected = observer.features(aec.state.view(aec.state.to_move), aec.partial)
        assert aec.observe(aec.agent_selection).tolist() == expected
        other = aec.possible_agents[1 - aec.possible_agents.index(aec.agent_selection)]
        aec.observe(other)[:] = 5.0
        assert aec.last()[0].tolist() == expected


def test_an_aec_game_plays_to_the_end_with_rewards_summing_to_zero() -> None:
    aec = rl.env("panjpar")
    aec.reset(seed=5)
    totals = {agent: 0.0 for agent in aec.possible_agents}
    rng = np.random.default_rng(0)
    for agent in aec.agent_iter():
        _, reward, terminated, truncated, info = aec.last()
        totals[agent] += reward
        if terminated or truncated:
            aec.step(None)
            continue
        other = next(a for a in aec.possible_agents if a != agent)
        assert not aec.action_mask(other).any()  # only the agent to move acts
        assert aec.action_mask(agent) is info["action_mask"] is aec.infos[agent]["action_mask"]
        assert not info["action_mask"].flags.writeable  # shared masks cannot be changed
        assert info["action_mask"].dtype == np.int8
        aec.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
    assert sorted(totals.values()) in ([-1.0, 1.0], [0.0, 0.0])
    assert aec.state.is_over


@pytest.mark.parametrize("game", list(GAMES))
def test_aec_observations_are_the_observer_features_of_each_seat_view(game: str) -> None:
    """The fast AEC path (cached view entries, marks set on a copy) gives exactly the
    observer's features of each seat's view and move so far, and the mask of its actions."""
    aec, observer, rng = rl.env(game), observer_of(game), np.random.default_rng(1)
    aec.reset(seed=3)
    for steps, agent in enumerate(aec.agent_iter()):
        observation, _, terminated, truncated, info = aec.last()
        if terminated or truncated or steps > 400:
            break
        for seat, name in enumerate(aec.possible_agents):
            partial = aec.partial if name == agent else None
            expected = observer.features(aec.state.view(seat), partial)
            seen = aec.observe(name)
            assert isinstance(seen, np.ndarray) and seen.dtype == np.float32
            assert seen.tolist() == expected, (game, steps, seat)
        assert observation.tolist() == observer.features(
            aec.state.view(aec.state.to_move), aec.partial
        )
        assert info["action_mask"].tolist() == aec.partial.mask()
        aec.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))


def test_aec_refuses_a_masked_action_with_a_reason_and_changes_nothing() -> None:
    aec = rl.env("tablic")
    aec.reset(seed=1)
    before = (aec.state, aec.partial.steps, aec.agent_selection)
    with pytest.raises(IllegalMove, match="not legal"):
        aec.step(DONE)  # no hand card chosen yet
    assert (aec.state, aec.partial.steps, aec.agent_selection) == before


def test_gym_illegal_action_rule_lose_ends_as_a_loss_and_raise_raises() -> None:
    learner = rl.gym_env("tablic", opponent="random")
    learner.reset(seed=4)
    state = learner.state
    _, reward, terminated, truncated, info = learner.step(DONE)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert "not legal" in info["illegal"] and learner.state is state
    strict = rl.gym_env("tablic", opponent="random", illegal="raise")
    strict.reset(seed=4)
    with pytest.raises(IllegalMove):
        strict.step(DONE)


def test_gym_learner_against_greedy_gets_the_outcome_as_reward() -> None:
    learner = rl.gym_env("pazaak", opponent="greedy", seat=1)
    _, info = learner.reset(seed=8)
    rng = np.random.default_rng(1)
    done, reward = False, 0.0
    while not done:
        assert learner.state.to_move == 1
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, done, _, info = learner.step(action)
    winner = learner.state.outcome.winner
    assert reward == (0.0 if winner is None else 1.0 if winner == 1 else -1.0)


@pytest.mark.parametrize("game", list(GAMES))
def test_gym_observations_are_the_observer_features_of_the_learners_view(game: str) -> None:
    learner, observer = rl.gym_env(game, opponent="random", seat=0), observer_of(game)
    observation, info = learner.reset(seed=6)
    rng = np.random.default_rng(2)
    for _ in range(150):
        partial = learner.partial if not learner.state.is_over else None
        expected = observer.features(learner.state.view(0), partial)
        assert observation["observation"].tolist() == expected
        assert observation["action_mask"].tolist() == info["action_mask"].tolist()
        if learner.state.is_over:
            break
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, _, done, _, info = learner.step(action)
        if done:
            break


def test_gym_accepts_any_object_with_choose_as_opponent_and_refuses_bad_options() -> None:
    class FirstMove:
        def choose(self, state: Any) -> Any:
            return state.legal_moves()[0]

    learner = rl.gym_env("panjpar", opponent=FirstMove(), seat=1)
    learner.reset(seed=3)
    assert learner.state.to_move == 1
    assert isinstance(rl.gym_env("pazaak", opponent=bots.RandomPlayer(1)).opponent, bots.Player)
    with pytest.raises(OptionError, match="choose"):
        rl.gym_env("pazaak", opponent=42)
    with pytest.raises(OptionError) as err:
        rl.gym_env("pazaak", illegal="ignore")
    assert "lose, raise" in str(err.value) and "wähle" in err.value.text("de")
    with pytest.raises(SeatError):
        rl.gym_env("pazaak", seat=2)
    with pytest.raises(IllegalMove, match="not a game"):
        rl.env("chess")


def test_a_missing_extra_names_the_rl_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo", None)  # import now fails
    with pytest.raises(MissingExtra) as err:
        rl.env("pazaak")
    assert "cardwidgets[rl]" in str(err.value) and "pettingzoo" in str(err.value)


def test_actions_and_observations_need_no_extra() -> None:
    """OpenSpiel and plain Python use them: they must import with numpy, Gymnasium and
    PettingZoo all missing."""
    import subprocess

    code = (
        "import sys\n"
        "for name in ('numpy', 'gymnasium', 'pettingzoo'):\n"
        "    sys.modules[name] = None\n"
        "from cardwidgets.rl import actions, observations\n"
        "from cardwidgets import pazaak\n"
        "state = pazaak.new_game(seed=1)\n"
        "print(len(observations.observer_of('pazaak').features(state.view(0))))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "125"


@pytest.mark.parametrize("main_deck", ["finite40", "uniform_with_replacement"])
def test_pazaak_seat_array_counts_the_undrawn_deck_as_the_view_does(main_deck: str) -> None:
    """The environments work out the undrawn main-deck count (the view's deck_size, Z-D2)
    from the tables' card counts they keep: equal to the view's under both main-deck rules
    (None, drawn with replacement, is a 0), all game long."""
    observer, rules = observer_of("pazaak"), pazaak.Rules(main_deck=main_deck)
    seen = set()
    for seed in range(6):
        rng, state = cards.Rng(seed), pazaak.new_game(seed=seed, rules=rules)
        while not state.is_over:
            for seat in (0, 1):
                assert observer.seat_array(state, seat) == observer.array(state.view(seat))
            seen.add(state.deck_size)
            state = state.play(state.random_move(rng))
    finite = main_deck == "finite40"
    assert seen == {None} if not finite else None not in seen and len(seen) >= 5
