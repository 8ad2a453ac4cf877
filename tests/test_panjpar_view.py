"""PanjparView: typed fields, its JSON form exactly the dict views had before (built here from
public State attributes), read-only, picklable, and never a hidden card."""

from __future__ import annotations

import json
import pickle
from typing import Any

import pytest

from cardwidgets import cards
from cardwidgets.core import View, ViewError
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import PanjparView


def expected_view(state: panjpar.State, seat: int | None, teacher: bool) -> dict[str, Any]:
    """The view dict as the single-module engine built it, from public attributes only."""
    outcome = state.outcome
    indicator = state.trump_card
    result: dict[str, Any] = {
        "game": "panjpar",
        "seat": seat,
        "to_move": state.to_move,
        "attacker": state.attacker,
        "phase": "over" if outcome else ("defend" if state.attack else "attack"),
        "trump": state.trump.value,
        "trump_card": None if indicator is None else str(indicator),
        "stock_empty": state.stock_empty,
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "hand": None if seat is None else [str(c) for c in state.hands[seat]],
        "known": [[str(c) for c in k] for k in state.known],
        "attack": [str(c) for c in state.attack],
        "discard_top": str(state.discard[0]) if state.discard else None,
        "guess": state.guess,
        "outcome": None if outcome is None else outcome.to_dict(),
    }
    if teacher:
        result["hands"] = [[str(c) for c in h] for h in state.hands]
        result["stock"] = [str(c) for c in state.stock]
        result["stock_count"] = len(state.stock)
        result["discard"] = [str(c) for c in state.discard]
    return result


def _positions(games: int, pickup: str = "unbeaten") -> list[panjpar.State]:
    rng = cards.Rng("views")
    found = []
    for game in range(games):
        rules = panjpar.Rules(pickup=pickup)
        state = panjpar.new_game(seed=f"view-{game}", rules=rules, guess="red")
        while True:
            found.append(state)
            if state.is_over:
                break
            state = state.play(state.random_move(rng))
    # A set-up position (no guess, no seed) too.
    found.append(panjpar.State.from_position(["A♠", "2♣ 3♣"], stock=(), trump="♣", attack="K♠"))
    return found


@pytest.mark.parametrize("pickup", ["unbeaten", "all"])
def test_json_form_is_the_old_dict(pickup: str) -> None:
    for state in _positions(6, pickup):
        for seat in (0, 1, None):
            view = state.view(seat)
            assert isinstance(view, PanjparView) and isinstance(view, View)
            assert view == expected_view(state, seat, False)
            assert view.to_json() == expected_view(state, seat, False)
            assert json.loads(json.dumps(view)) == expected_view(state, seat, False)
        assert state.view_all() == expected_view(state, None, True)
        assert state.view(1, teacher=True) == expected_view(state, 1, True)


def test_typed_fields() -> None:
    state = panjpar.new_game(seed=5, guess="red")
    view = state.view(0)
    assert view.hand == state.hands[0] and all(isinstance(c, cards.Card) for c in view.hand)
    assert view.trump is state.trump and view.trump_card == state.trump_card
    assert view.hand_sizes == (5, 5) and view.attack == () and view.guess == (0, "red")
    assert view.hands is None and view.stock is None and view.outcome is None
    full = state.view_all()
    assert full.hands == state.hands and full.stock == state.stock


def test_read_only() -> None:
    view = panjpar.new_game(seed=5, guess="red").view(0)
    with pytest.raises(ViewError):
        view["hand"] = []
    with pytest.raises(ViewError):
        del view["hand"]
    with pytest.raises(ViewError):
        view.update(hand=[])
    with pytest.raises(AttributeError):  # a frozen dataclass
        view.hand = ()  # type: ignore[misc]


def test_pickles() -> None:
    for state in _positions(1)[::7]:
        for view in (state.view(0), state.view(None), state.view_all()):
            back = pickle.loads(pickle.dumps(view))
            assert type(back) is PanjparView
            assert back == view and back.hand == view.hand and back.outcome == view.outcome


def test_no_hidden_card_in_a_seat_view() -> None:
    # A seat sees its own hand, the opponent's known cards, the attack, the top discard and the
    # trump card under the stock: never another card of the opponent's hand or of the stock.
    for state in _positions(4):
        for seat in (0, 1):
            view = state.view(seat)
            text = json.dumps(view, ensure_ascii=False)
            visible = set(view.hand or ()) | set(view.known[1 - seat]) | set(view.attack)
            visible |= {c for c in (view.discard_top, view.trump_card) if c is not None}
            hidden = (set(state.hands[1 - seat]) | set(state.stock)) - visible
            for card in hidden:
                assert f'"{card}"' not in text
            assert "stock_count" not in view and "hands" not in view


def test_discard_top_equals_the_view_field_without_making_the_view() -> None:
    # The learning environments read State.discard_top instead of making a view per step.
    tops = set()
    for state in _positions(4):
        top = state.discard_top
        assert top == state.view(None).discard_top == state.view(0).discard_top
        assert top == (state.discard[0] if state.discard else None)
        tops.add(top)
    assert None in tops and len(tops) > 10  # empty and many different tops were met


def test_hand_mask_equals_the_hand_without_listing_both_hands() -> None:
    for state in _positions(2):
        for seat in (0, 1):
            assert cards.from_mask(state.hand_mask(seat)) == state.hands[seat]
            assert state.hand_mask(seat).bit_count() == state.view(seat).hand_sizes[seat]
