"""Tablić as an OpenSpiel game (cardwidgets.rl.openspiel_tablic): OpenSpiel's random simulation
test, each deal dealt by chance, moves built from factored actions, hidden cards kept out of
the strings (twin states), resampling, and the playthrough file.

Regenerate the playthrough after a deliberate change:
``uv run python tests/test_rl_openspiel_tablic.py``.
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

PLAYTHROUGH = Path(__file__).parent / "fixtures" / "openspiel" / "python_cardwidgets_tablic.txt"
SHORT = "python_cardwidgets_tablic(target=11)"


def _dealt(first: str, rest_reversed: bool = False, bottom: str = "A♦") -> Any:
    """A state after chance dealt ``first`` (table 4, seat 0's six, seat 1's six), then the
    other cards ascending (or descending) into the stock, ``bottom`` last (it is public)."""
    state = openspiel.load("tablic", target=11).new_initial_state()
    chosen = [parse(text).index for text in first.split()]
    last = parse(bottom).index
    rest = [i for i in range(len(DECK)) if i not in chosen and i != last]
    for index in [*chosen, *(reversed(rest) if rest_reversed else rest), last]:
        state.apply_action(index)
    return state


def test_random_sim_test_passes_with_serialization_on_a_short_match() -> None:
    pyspiel.random_sim_test(pyspiel.load_game(SHORT), num_sims=3, serialize=True, verbose=False)


def test_chance_deals_the_table_then_each_hand_then_the_stock() -> None:
    state = _dealt("3♠ 5♥ 2♦ 6♣ 8♦ K♠ A♣ 9♥ 4♣ 7♦ 10♥ J♣ Q♦ 2♠ 3♥ 4♦")
    engine = state.engine.value
    assert [str(c) for c in engine.table] == ["3♠", "5♥", "2♦", "6♣"]
    assert sorted(map(str, engine.hands[0])) == sorted("8♦ K♠ A♣ 9♥ 4♣ 7♦".split())
    assert len(engine.stock) == 36 and state.current_player() == 0
    assert not state.is_chance_node()


def test_a_move_is_built_from_a_hand_card_table_cards_and_done() -> None:
    state = _dealt("3♠ 5♥ 2♦ 6♣ 8♦ K♠ A♣ 9♥ 4♣ 7♦ 10♥ J♣ Q♦ 2♠ 3♥ 4♦")
    labels = [state.action_to_string(0, a) for a in state.legal_actions()]
    assert sorted(labels) == sorted("8♦ K♠ A♣ 9♥ 4♣ 7♦".split())
    for text in ("8♦", "3♠", "5♥"):
        state.apply_action(parse(text).index)
    assert state.current_player() == 0 and DONE in state.legal_actions()
    state.apply_action(DONE)
    engine = state.engine.value
    assert str(engine.last_move) == "8♦ x 3♠ 5♥" and state.current_player() == 1


def _twins() -> tuple[Any, Any]:
    """Same table and seat-0 hand; seat 1's hand and the stock differ."""
    a = _dealt("3♠ 5♥ 2♦ 6♣ 8♦ K♠ A♣ 9♥ 4♣ 7♦ 10♥ J♣ Q♦ 2♠ 3♥ 4♦")
    b = _dealt("3♠ 5♥ 2♦ 6♣ 8♦ K♠ A♣ 9♥ 4♣ 7♦ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠", rest_reversed=True)
    for state in (a, b):
        state.apply_action(parse("K♠").index)
        state.apply_action(DONE)  # K♠ trails: seat 1 to move
    return a, b


def test_twin_states_differing_in_hidden_cards_look_the_same_to_seat_0() -> None:
    a, b = _twins()
    assert a.engine.value.hands[1] != b.engine.value.hands[1]
    assert a.engine.value.stock != b.engine.value.stock
    assert a.information_state_string(0) == b.information_state_string(0)
    assert a.observation_string(0) == b.observation_string(0)
    assert a.observation_tensor(0) == b.observation_tensor(0)
    assert a.observation_tensor(1) != b.observation_tensor(1)
    assert a.information_state_string(1) != b.information_state_string(1)
    for hidden in ("10♥", "J♣", "Q♦"):  # seat 1's cards in a
        assert hidden not in a.information_state_string(0)


def test_resample_keeps_what_the_seat_knows_and_the_move_being_built() -> None:
    a, _ = _twins()
    first = a.legal_actions()[0]
    a.apply_action(first)  # seat 1 has chosen a hand card
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for _ in range(5):
        resampled = a.resample_from_infostate(1, sampler)
        assert resampled.information_state_string(1) == a.information_state_string(1)
        assert resampled.legal_actions() == a.legal_actions()
        assert resampled.engine.value.hands[0] != a.engine.value.hands[0]


def _playthrough(actions: list[int] | None) -> str:
    from open_spiel.python.algorithms import generate_playthrough

    return str(generate_playthrough.playthrough(SHORT, actions, seed=7))


def test_the_playthrough_file_regenerates_identically() -> None:
    recorded = PLAYTHROUGH.read_text(encoding="utf-8")
    actions = [int(a) for a in re.findall(r"^action: (\d+)$", recorded, re.MULTILINE)]
    assert _playthrough(actions) == recorded


if __name__ == "__main__":
    PLAYTHROUGH.write_text(_playthrough(None), encoding="utf-8")
    print(f"wrote {PLAYTHROUGH}")
