"""The typed Tablić view: its JSON form is the old view dict, it is read-only, it pickles, and a
seat's view holds no card that seat may not see."""

from __future__ import annotations

import dataclasses
import json
import pickle
from collections.abc import Iterator
from typing import Any

import pytest

from cardwidgets import cards
from cardwidgets.cards import Card, Rng
from cardwidgets.core import View, ViewError
from cardwidgets.games import tablic
from cardwidgets.games.tablic import Rules, State, TablicView
from cardwidgets.games.tablic.rules import is_tabla

VARIANTS = [Rules(), Rules(leftovers_to="dealer", final_card_tabla=True, target=30)]


def random_states(count: int = 6) -> Iterator[State]:
    """Every state of a few random matches (each variant), the last ones over."""
    for number in range(count):
        rules = VARIANTS[number % len(VARIANTS)]
        state = tablic.new_game(seed=number, rules=rules, dealer=number % 2)
        rng = Rng(number)
        yield state
        while not state.is_over:
            state = state.play(state.random_move(rng))
            yield state


def texts(found: tuple[Card, ...] | list[Card]) -> list[str]:
    return [c.text for c in found]


def old_view(state: State, seat: int | None) -> dict[str, Any]:
    """The view dict as the engine made it before the typed view, from public attributes."""
    last = state.last_move
    last_view = None
    if last is not None:
        parent = state.parent
        assert parent is not None and parent.to_move is not None
        left = sum(map(len, parent.hands)) + len(parent.stock) - 1
        after = [c for c in parent.table if c not in last.captured]
        last_view = {
            "seat": parent.to_move,
            "text": str(last),
            "card": last.card.text,
            "captured": texts(sorted(last.captured)),
            "tabla": bool(last.captured) and is_tabla(after, left, state.rules),
        }
    bottom = state.stock_bottom
    return {
        "game": "tablic",
        "seat": seat,
        "deal": state.deal_number,
        "round": state.round,
        "dealer": state.dealer,
        "to_move": state.to_move,
        "hand": None if seat is None else texts(state.hands[seat]),
        "hand_sizes": [len(state.hands[0]), len(state.hands[1])],
        "revealed": [texts(r) for r in state.revealed()],
        "table": texts(state.table),
        "piles": [
            {"cards": len(p), "points": sum(map(tablic.card_points, p))} for p in state.piles
        ],
        "tablas": list(state.tablas),
        "totals": list(state.totals),
        "stock": len(state.stock),
        "stock_bottom": None if bottom is None else bottom.text,
        "last_capturer": state.last_capturer,
        "last_move": last_view,
        "last_deal": state.deal_results[-1].to_dict() if state.deal_results else None,
        "target": state.rules.target,
        "over": state.is_over,
        "outcome": None if state.outcome is None else state.outcome.to_dict(),
    }


def test_the_json_form_is_the_old_view_dict() -> None:
    checked = 0
    for state in random_states():
        for seat in (None, 0, 1):
            view = state.view(seat)
            expected = old_view(state, seat)
            assert isinstance(view, TablicView) and isinstance(view, View)
            assert view.to_json() == expected
            assert view == expected and dict(view) == expected
            assert list(view) == list(expected)  # the same keys in the same order
            assert json.loads(json.dumps(view)) == expected
            checked += 1
    assert checked > 500


def test_typed_fields_hold_cards_moves_and_numbers() -> None:
    state = tablic.State.from_position(
        table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"), stock="Q♣ J♥ 7♠", seed=1
    )
    after = state.play("8♦ x 3♠ 5♥ 2♦ 6♣")
    view = after.view(1)
    assert view.hand == cards.parse_many("4♣ 9♥") and view.table == ()
    assert view.stock == 3 and view.stock_bottom == cards.parse("7♠")
    assert view.last_move is not None and view.last_move.move == tablic.Move("8♦", "3♠ 5♥ 2♦ 6♣")
    assert view.last_move.seat == 0 and view.last_move.tabla
    assert view.piles[0].cards == 5 and view.piles[0].points == 0
    assert view.outcome is None and view.last_deal is None and view.to_move == 1


def test_views_are_read_only() -> None:
    view = tablic.new_game(seed=3).view(0)
    before = dict(view)
    for change in (
        lambda: view.__setitem__("hand", []),
        lambda: view.__delitem__("hand"),
        lambda: view.update(hand=[]),
        lambda: view.pop("hand"),
        lambda: view.setdefault("new", 1),
        lambda: view.clear(),
    ):
        with pytest.raises(ViewError):
            change()
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.hand = ()  # type: ignore[misc]
    assert dict(view) == before


def test_views_pickle_by_their_fields() -> None:
    for number, state in enumerate(random_states(2)):
        if number % 17:
            continue
        for seat in (None, 0, 1):
            view = state.view(seat)
            copy = pickle.loads(pickle.dumps(view))
            assert type(copy) is TablicView
            assert copy == view and copy.to_json() == view.to_json()
            assert copy.hand == view.hand and copy.last_move == view.last_move


def cards_in(value: object) -> Iterator[Card]:
    """Every card a view's fields hold, however deep."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, (tuple, list, frozenset)):
        for item in value:
            yield from cards_in(item)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from cards_in(getattr(value, field.name))
    elif isinstance(value, tablic.Move):
        yield value.card
        yield from value.captured


def test_a_seats_view_holds_no_hidden_card() -> None:
    for state in random_states(4):
        if state.is_over:
            continue
        # The last deal's result and the move that ended it name cards of the deal before,
        # all seen by both players; this deal's cards are shuffled anew.
        parent = state.parent
        new_deal = parent is not None and parent.deal_number != state.deal_number
        for seat in (0, 1):
            view = state.view(seat)
            other = set(state.hands[1 - seat]) - set(state.revealed()[1 - seat])
            hidden = other | (set(state.stock) - {state.stock_bottom})
            current = {
                f.name: getattr(view, f.name)
                for f in dataclasses.fields(view)
                if f.name != "last_deal" and not (new_deal and f.name == "last_move")
            }
            assert not set(cards_in(tuple(current.values()))) & hidden
            words = dict(view, last_deal=None)
            if new_deal:
                words["last_move"] = None
            shown = set(json.dumps(words, ensure_ascii=False).split('"'))
            assert not shown & {c.text for c in hidden}


def test_pile_and_hand_mask_equal_the_view_fields_without_making_the_view() -> None:
    # The learning environments read State.pile and State.hand_mask instead of a view per step.
    counted = set()
    for state in random_states():
        for seat in (0, 1):
            view = state.view(seat)
            assert state.pile(seat) == view.piles[seat] == state.view(None).piles[seat]
            assert state.hand_mask(seat).bit_count() == view.hand_sizes[seat]
            assert cards.from_mask(state.hand_mask(seat)) == view.hand
            counted.add(state.pile(seat).points)
    assert len(counted) > 3  # piles with different points were met
