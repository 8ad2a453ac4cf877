"""Panjpar as an OpenSpiel game (cardwidgets.rl.openspiel_panjpar): OpenSpiel's random
simulation test, the guess and the deal, moves built from factored actions, hidden cards kept
out of the strings (twin states), resampling, and the playthrough file.

Regenerate the playthrough after a deliberate change:
``uv run python tests/test_rl_openspiel_panjpar.py``.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")  # the openspiel extra: Python 3.11 and later

from cardwidgets.cards import DECK, parse  # noqa: E402
from cardwidgets.rl import openspiel  # noqa: E402
from cardwidgets.rl.actions import DONE  # noqa: E402
from cardwidgets.rl.openspiel_panjpar import GUESS_BLACK, GUESS_RED  # noqa: E402

PLAYTHROUGH = Path(__file__).parent / "fixtures" / "openspiel" / "python_cardwidgets_panjpar.txt"
NAME = "python_cardwidgets_panjpar"


def _dealt(first: str, guess: int = GUESS_RED, rest_reversed: bool = False) -> Any:
    """After the guess, chance deals ``first`` (seat 0's five, seat 1's five, the indicator),
    then the other cards ascending (or descending) into the stock."""
    state = openspiel.load("panjpar").new_initial_state()
    state.apply_action(guess)
    chosen = [parse(text).index for text in first.split()]
    rest = [i for i in range(len(DECK)) if i not in chosen]
    for index in [*chosen, *(reversed(rest) if rest_reversed else rest)]:
        state.apply_action(index)
    return state


def test_random_sim_test_passes_with_serialization() -> None:
    pyspiel.random_sim_test(pyspiel.load_game(NAME), num_sims=3, serialize=True, verbose=False)


def test_the_guesser_calls_then_chance_deals_hands_and_the_indicator() -> None:
    state = openspiel.load("panjpar").new_initial_state()
    assert state.current_player() == 0 and state.legal_actions() == [GUESS_RED, GUESS_BLACK]
    red = _dealt("2♣ 3♣ 4♣ 5♣ 6♣ 2♠ 3♠ 4♠ 5♠ 6♠ A♥")  # a red indicator: the guesser attacks
    engine = red.engine.value
    assert str(engine.stock[-1]) == "A♥" and str(engine.trump_card) == "A♥"
    assert sorted(map(str, engine.hands[0])) == sorted("2♣ 3♣ 4♣ 5♣ 6♣".split())
    assert red.current_player() == 0
    black = _dealt("2♣ 3♣ 4♣ 5♣ 6♣ 2♠ 3♠ 4♠ 5♠ 6♠ A♥", guess=GUESS_BLACK)
    assert black.current_player() == 1


def test_an_attack_is_built_card_by_card_then_done() -> None:
    state = _dealt("2♣ 3♣ 4♣ 5♣ 6♣ 2♠ 3♠ 4♠ 5♠ 6♠ A♥")
    state.apply_action(parse("2♣").index)
    assert state.current_player() == 0 and DONE in state.legal_actions()
    state.apply_action(DONE)
    assert state.current_player() == 1
    assert [str(c) for c in state.engine.value.attack] == ["2♣"]


def _twins() -> tuple[Any, Any]:
    """Same hand for seat 0 and the same indicator; seat 1's hand and the stock differ."""
    a = _dealt("2♣ 3♣ 4♣ 5♣ 6♣ 2♠ 3♠ 4♠ 5♠ 6♠ A♥")
    b = _dealt("2♣ 3♣ 4♣ 5♣ 6♣ 7♦ 8♦ 9♦ 10♦ J♦ A♥", rest_reversed=True)
    return a, b


def test_twin_states_differing_in_hidden_cards_look_the_same_to_seat_0() -> None:
    a, b = _twins()
    assert a.engine.value.hands[1] != b.engine.value.hands[1]
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.observation_tensor(1) != b.observation_tensor(1)
    assert a.information_state_string(1) != b.information_state_string(1)
    assert "5♠" not in a.information_state_string(0)


def test_resample_keeps_what_the_seat_knows_and_redeals_the_other_hand() -> None:
    a, _ = _twins()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    hands = set()
    for _ in range(5):
        resampled = a.resample_from_infostate(0, sampler)
        assert resampled.information_state_string(0) == a.information_state_string(0)
        assert resampled.legal_actions() == a.legal_actions()
        hands.add(resampled.engine.value.hands[1])
    assert len(hands) > 1


def _playthrough(actions: list[int] | None) -> str:
    from open_spiel.python.algorithms import generate_playthrough

    return str(generate_playthrough.playthrough(NAME, actions, seed=7))


def test_the_playthrough_file_regenerates_identically() -> None:
    recorded = PLAYTHROUGH.read_text(encoding="utf-8")
    actions = [int(a) for a in re.findall(r"^action: (\d+)$", recorded, re.MULTILINE)]
    assert _playthrough(actions) == recorded


if __name__ == "__main__":
    PLAYTHROUGH.write_text(_playthrough(None), encoding="utf-8")
    print(f"wrote {PLAYTHROUGH}")
