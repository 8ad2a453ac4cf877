"""Pazaak as an OpenSpiel game (cardwidgets.rl.openspiel): OpenSpiel's own random simulation
test, explicit chance, hidden cards kept out of observations and information states (twin
states), resampling for ISMCTS, and the playthrough file.

Regenerate the playthrough after a deliberate change: ``uv run python tests/test_rl_openspiel.py``.
"""

from __future__ import annotations

import importlib
import re
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the openspiel extra: Python 3.11 and later
np = pytest.importorskip("numpy")

from cardwidgets.extras import MissingExtra  # noqa: E402
from cardwidgets.games import UnknownGame, pazaak  # noqa: E402
from cardwidgets.rl import openspiel  # noqa: E402

PLAYTHROUGH = Path(__file__).parent / "fixtures" / "openspiel" / "python_cardwidgets_pazaak.txt"
SHORT = "python_cardwidgets_pazaak(sets_to_win=1)"


def _do(state: Any, text: str) -> None:
    """Apply the legal action whose text is ``text`` (a deal, a deck card or a move)."""
    player = state.current_player()
    for action in state.legal_actions():
        if state.action_to_string(player, action) == text:
            state.apply_action(action)
            return
    raise AssertionError(f"{text!r} is not legal here")


def _dealt(hand0: str, hand1: str, starter: int, deck: list[int], sets: int = 3) -> Any:
    state = openspiel.load("pazaak", sets_to_win=sets).new_initial_state()
    for card in [*hand0.split(), *hand1.split()]:
        _do(state, f"deal {card}")
    _do(state, f"starter {starter}")
    rest = list(pazaak.FULL_DECK)
    for card in deck:
        rest.remove(card)
    for card in [*deck, *rest]:
        _do(state, f"deck {card}")
    return state


def test_random_sim_test_passes_with_serialization_on_a_match_and_a_one_set_variant() -> None:
    for game in (openspiel.load("pazaak"), pyspiel.load_game(SHORT)):
        pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)


def test_chance_deals_hands_then_the_starter_then_the_deck_with_their_odds() -> None:
    state = openspiel.load("pazaak").new_initial_state()
    outcomes = state.chance_outcomes()
    assert len(outcomes) == 10 and sum(p for _, p in outcomes) == pytest.approx(1)
    for card in "+1 +2 +3 +4 -1 -2 -3 -4".split():
        _do(state, f"deal {card}")
    assert state.chance_outcomes() == [(a, 0.5) for a in state.legal_actions()]
    _do(state, "starter 1")
    _do(state, "deck 7")
    odds = dict(state.chance_outcomes())
    assert odds[6] == pytest.approx(3 / 39) and odds[0] == pytest.approx(4 / 39)


def test_the_engine_draws_the_deck_chance_dealt_and_offers_its_legal_moves() -> None:
    state = _dealt("+1 +2 +3 +4", "-1 -2 -3 -4", starter=1, deck=[7, 5, 9])
    assert state.current_player() == 1
    engine = state.engine.state
    assert engine.tables == ((), (7,)) and engine.hands[1] == tuple(
        pazaak.SideCard.parse(c) for c in "-1 -2 -3 -4".split()
    )
    texts = [state.action_to_string(1, a) for a in state.legal_actions()]
    assert sorted(texts) == sorted(str(m) for m in engine.legal_moves())
    _do(state, "end")
    assert state.engine.state.tables == ((5,), (7,))


def test_a_finished_match_pays_the_winner_one() -> None:
    state = pyspiel.load_game(SHORT).new_initial_state()
    rng = np.random.RandomState(3)
    while not state.is_terminal():
        if state.is_chance_node():
            actions = [a for a, _ in state.chance_outcomes()]
            odds = [p for _, p in state.chance_outcomes()]
            state.apply_action(int(rng.choice(actions, p=odds)))
        else:
            state.apply_action(int(rng.choice(state.legal_actions())))
    winner = state.engine.state.outcome.winner
    assert state.returns() == ([1.0, -1.0] if winner == 0 else [-1.0, 1.0])


def test_a_new_set_is_dealt_by_chance_not_by_the_engine() -> None:
    # seat 0 stands on 10, seat 1 stands on 5: seat 0 wins set 1; set 2 starts with seat 1
    state = _dealt("+1 +2 +3 +4", "-1 -2 -3 -4", starter=0, deck=[10, 5])
    _do(state, "stand")
    _do(state, "stand")
    assert state.is_chance_node() and state.engine.state.set_number == 2
    for player in (0, 1):
        assert "dealing set 2" in state.observation_string(player)
    rest = list(pazaak.FULL_DECK)
    rest.remove(3)
    for card in [3, *rest]:
        _do(state, f"deck {card}")
    engine = state.engine.state
    assert state.current_player() == 1 and engine.tables == ((), (3,))
    assert engine.sets_won == (1, 0) and engine.set_number == 2


def _twins() -> tuple[Any, Any]:
    """Two states that differ only in seat 1's hand and the undrawn cards."""
    a = _dealt("+1 +2 +3 +4", "-1 -2 -3 -4", starter=0, deck=[6, 2, 8, 1, 1, 1, 1])
    b = _dealt("+1 +2 +3 +4", "±2 ±5 +1 +2", starter=0, deck=[6, 2, 8, 10, 10, 10, 10])
    for state in (a, b):
        _do(state, "end")
        _do(state, "end")
    return a, b


def test_twin_states_differing_in_hidden_cards_look_the_same_to_seat_0() -> None:
    a, b = _twins()
    assert a.engine.state.hands[1] != b.engine.state.hands[1]
    assert a.engine.state.deck != b.engine.state.deck
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.legal_actions() == b.legal_actions()
    # the seat that holds the different hand does see the difference
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.observation_tensor(1) != b.observation_tensor(1)


def test_no_string_names_a_hidden_card() -> None:
    a, _ = _twins()
    seen = a.information_state_string(0) + a.observation_string(0)
    for hidden in ("-1", "-2", "-3", "-4"):  # seat 1's hand: never played
        assert hidden not in seen.replace("p0", "")


def test_resample_from_infostate_keeps_what_the_seat_knows_and_redeals_the_rest() -> None:
    a, _ = _twins()
    original = a.engine.state.hands[1]
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(8):
        resampled = a.resample_from_infostate(0, sampler)
        assert resampled.information_state_string(0) == a.information_state_string(0)
        assert resampled.legal_actions() == a.legal_actions()
        hands.add(resampled.engine.state.hands[1])
    assert len(hands) > 1  # seat 1's hand is redealt from the seed side deck
    assert a.engine.state.hands[1] == original  # the state resampled from is unchanged


def test_ismcts_searches_the_game_through_resampling() -> None:
    from open_spiel.python.algorithms import ismcts, mcts

    game = pyspiel.load_game(SHORT)
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 30, random_state=np.random.RandomState(1))
    a, _ = _twins()
    assert bot.step(a) in a.legal_actions()


def _action_ids(text: str) -> list[int]:
    return [int(found) for found in re.findall(r"^action: (\d+)$", text, re.MULTILINE)]


def _playthrough(actions: list[int] | None) -> str:
    from open_spiel.python.algorithms import generate_playthrough

    return str(generate_playthrough.playthrough(SHORT, actions, seed=7))


def test_the_playthrough_file_regenerates_identically() -> None:
    recorded = PLAYTHROUGH.read_text(encoding="utf-8")
    assert recorded.startswith(f"game: {SHORT}\n")
    assert _playthrough(_action_ids(recorded)) == recorded


def test_unknown_game_and_observer_parameters_are_refused_with_a_reason() -> None:
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        openspiel.load("chess")
    with pytest.raises(openspiel.ObserverError) as err:
        openspiel.load("pazaak").make_py_observer(None, {"x": 1})
    assert err.value.text("de") == "dieser Beobachter nimmt keine Parameter, nicht {'x': 1}"


def test_without_open_spiel_the_import_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now fails
    monkeypatch.delitem(sys.modules, "cardwidgets.rl.openspiel")
    with pytest.raises(MissingExtra) as err:
        importlib.import_module("cardwidgets.rl.openspiel")
    assert err.value.extra == "openspiel" and "cardwidgets[openspiel]" in str(err.value)


if __name__ == "__main__":
    PLAYTHROUGH.parent.mkdir(parents=True, exist_ok=True)
    PLAYTHROUGH.write_text(_playthrough(None), encoding="utf-8")
    print(f"wrote {PLAYTHROUGH}")
