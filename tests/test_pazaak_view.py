"""State.view(seat) is a typed, read-only PazaakView whose dict is the old JSON shape."""

from __future__ import annotations

import copy
import json
import pickle
from typing import Any

import pytest

from cardwidgets.cards import Rng
from cardwidgets.core import ViewError
from cardwidgets.games import pazaak as pz

PRESETS = (pz.Rules.seed(), pz.Rules.kotor1(), pz.Rules.kotor2())


def _expected(state: pz.State, seat: int | None) -> dict[str, Any]:
    """The view as the engine wrote it before PazaakView, from public attributes only."""
    last = None
    if state.last_set is not None:
        winner, reason, values = state.last_set
        last = {"winner": winner, "reason": reason, "tables": [list(v) for v in values]}
    return {
        "game": "pazaak",
        "seat": seat,
        "to_move": state.to_move,
        "set_number": state.set_number,
        "starter": state.starter,
        "sets_won": list(state.sets_won),
        "totals": list(state.totals),
        "standing": list(state.standing),
        "tables": [
            [{"card": str(src), "value": v, "side": not isinstance(src, int)} for src, v in tab]
            for tab in state.placed
        ],
        "hand": None if seat is None else [str(c) for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "used": [[str(c) for c in used] for used in state.used],
        "played_this_turn": None if state.played_this_turn is None else str(state.played_this_turn),
        "deck_size": state.deck_size,
        "last_set": last,
        "legal_moves": [str(m) for m in state.legal_moves()] if seat == state.to_move else [],
        "is_over": state.is_over,
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def _positions(rules: pz.Rules, matches: int = 12) -> list[pz.State]:
    rng = Rng(7)
    states = []
    for number in range(matches):
        state = pz.new_game(seed=number, rules=rules)
        while True:
            states.append(state)
            if state.is_over:
                break
            state = state.play(state.random_move(rng))
    return states


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.main_deck[:4] + str(r.gold_cards))
def test_the_json_form_is_the_old_shape(rules: pz.Rules) -> None:
    for state in _positions(rules):
        for seat in (None, 0, 1):
            view = state.view(seat)
            expected = _expected(state, seat)
            assert isinstance(view, pz.PazaakView)
            assert view.to_json() == expected == view
            assert list(view) == list(expected)  # the same keys in the same order
            assert json.loads(json.dumps(view)) == expected


def test_the_fields_are_typed() -> None:
    state = pz.State.from_position(hands=["+3 -4 ±2", "-1 ±6"], deck=[8, 5], seed=1)
    state = state.play("play ±2 as -2")
    view = state.view(0)
    assert view.hand == (pz.SideCard("+3"), pz.SideCard("-4"))
    assert view.played_this_turn is pz.SideCard("±2")
    assert view.placed[0] == ((8, 8), (pz.SideCard("±2"), -2))
    assert view.legal_moves == (pz.END_TURN, pz.STAND)
    assert view.totals == (6, 0) and view.standing == (False, False) and view.sets_won == (0, 0)
    assert view.hand_sizes == (2, 2) and view.used == ((pz.SideCard("±2"),), ())
    assert state.view(1).legal_moves == () and state.view(None).hand is None


def test_a_view_is_read_only() -> None:
    view = pz.new_game(seed=3).view(0)
    for change in (
        lambda: view.__setitem__("hand", []),
        lambda: view.update(hand=[]),
        lambda: view.pop("hand"),
        lambda: view.clear(),
    ):
        with pytest.raises(ViewError):
            change()
    with pytest.raises(AttributeError):  # dataclasses.FrozenInstanceError
        view.hand = ()  # type: ignore[misc]


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.main_deck[:4] + str(r.gold_cards))
def test_a_view_pickles_and_copies(rules: pz.Rules) -> None:
    for state in _positions(rules, 3)[::5]:
        view = state.view(state.to_move)
        for again in (pickle.loads(pickle.dumps(view)), copy.deepcopy(view)):
            assert type(again) is pz.PazaakView and again == view
            assert again.hand == view.hand and again.placed == view.placed


@pytest.mark.parametrize("rules", PRESETS, ids=lambda r: r.main_deck[:4] + str(r.gold_cards))
def test_no_hidden_card_in_a_view(rules: pz.Rules) -> None:
    for state in _positions(rules, 6):
        for seat in (0, 1):
            view = state.view(seat)
            other = 1 - seat
            assert view.hand == state.hands[seat]
            assert "deck" not in view and view.hand_sizes[other] == len(state.hands[other])
            # nothing in the view tells the opponent's unplayed cards or the deck order
            twin = _without(state, seat)
            assert dict(view) == twin
        assert state.view(None).hand is None


def _without(state: pz.State, seat: int) -> dict[str, Any]:
    """The view of ``seat`` of a twin state whose opponent hand and deck are resampled."""
    return _expected(state.determinize(seat, Rng(99)), seat)
