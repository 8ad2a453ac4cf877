"""A seat's sealed view (:class:`cardwidgets.bots.SeatView`): what it holds, that it holds
nothing hidden, that it travels as JSON, and that the built-in players play from it exactly the
moves they played from the whole state."""

from __future__ import annotations

import gc
import json
import pathlib
import pickle
from typing import Any

import pytest

from cardwidgets import bots, cards, games
from cardwidgets.bots import (
    ExpertPlayer,
    GreedyPlayer,
    PlayerError,
    RandomPlayer,
    SeatView,
    SeatViewError,
)
from cardwidgets.core import IllegalMove

GAMES = games.GAMES
RECORDED = json.loads(
    (pathlib.Path(__file__).parent / "fixtures" / "seat_view" / "games.json").read_text("utf-8")
)


def _positions(game: str, count: int, *, every: int = 5) -> list[Any]:
    """Positions of seeded greedy games, every few plies."""
    found: list[Any] = []
    number = 0
    while len(found) < count:
        state = games.get(game).new_game(seed=f"view:{number}")
        player = GreedyPlayer(seed=number)
        number += 1
        while not state.is_over and len(found) < count:
            if state.ply % every == 1:
                found.append(state)
            state = state.play(player.choose(state))
    return found


# -- the players play the same moves from the view ---------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_players_choose_from_the_view_the_moves_they_chose_from_the_state(game: str) -> None:
    """Seeded games recorded before the players took views (they read the whole state then;
    see tests/fixtures/seat_view/record_games.py) replay move for move, hints too: the random,
    greedy and expert players and ``hint`` play the same from the seat's view (and from its
    JSON form, as a sealed worker gets it) as from the state."""
    recorded = [entry for entry in RECORDED if entry["game"] == game]
    assert len(recorded) == 4
    for entry in recorded:
        name0, options0, name1, options1 = entry["pair"]
        seed = entry["seed"]
        players = (
            bots.make(name0, seed=seed, **options0),
            bots.make(name1, seed=seed + 100, **options1),
        )
        hints = {ply: (text, details) for ply, text, details in entry["hints"]}
        state = games.get(game).new_game(seed=seed)
        for number, text in enumerate(entry["moves"]):
            if state.ply in hints:
                hint = bots.hint(SeatView.of(state), locale="en")
                assert (str(hint), json.loads(json.dumps(hint.details))) == tuple(
                    hints[state.ply]
                ), (entry["pair"], seed, state.ply)
            player = players[state.to_move]
            view = SeatView.of(state)
            assert str(player.choose(view)) == text, (entry["pair"], seed, number)
            if number % 5 == 0:  # the fast path, from the state
                assert str(player.choose(state)) == text
            if number % 5 == 2:  # the path a sealed worker takes: the view as JSON and back
                assert str(player.choose(SeatView.from_json(view.to_text()))) == text
            state = state.play(text)
        # a match may be short (random stands early against greedy): it plays to its end or
        # to the recorder's ply limit
        assert state.is_over or len(entry["moves"]) == 50
    assert sum(len(entry["moves"]) for entry in recorded) >= 60


def test_a_state_and_the_view_of_its_seat_to_move_get_the_same_choice() -> None:
    state = _positions("tablic", 1)[0]
    for player in (RandomPlayer(1), GreedyPlayer(2), ExpertPlayer(3, iterations=10)):
        assert player.choose(state) == player.choose(SeatView.of(state))
    other = SeatView.of(state, 1 - state.to_move)
    with pytest.raises(PlayerError) as info:
        GreedyPlayer(1).choose(other)
    assert info.value.text("de") == (
        f"das ist die Sicht von Platz {1 - state.to_move}, aber Platz {state.to_move} ist am Zug"
    )
    with pytest.raises(PlayerError, match="there is no hint for seat"):
        bots.hint(other)


# -- what the view holds ------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_view_holds_what_the_seat_sees_and_the_real_legal_moves_and_samples(
    game: str,
) -> None:
    for number, state in enumerate(_positions(game, 8)):
        seat = state.to_move
        for view in (SeatView.of(state), SeatView.from_json(SeatView.of(state).to_json())):
            assert (view.game, view.seat, view.ply, view.to_move) == (game, seat, state.ply, seat)
            assert dict(view.seen) == state.view(seat).to_json()
            assert not hasattr(view.seen, "hand")  # plain JSON, here as in a worker
            assert view.rules == state.rules
            assert view.history == state.history
            assert list(view.hand) == list(state.hands[seat])
            assert [str(m) for m in view.legal_moves()] == [str(m) for m in state.legal_moves()]
            rng_seed = f"sample:{number}"
            sample = view.determinize(cards.Rng(rng_seed))
            # exactly the engine's determinization of the real position
            assert sample.to_record() == state.determinize(seat, cards.Rng(rng_seed)).to_record()
            assert view.sample(cards.Rng(rng_seed)).to_record() == sample.to_record()
            assert sample.view(seat).get("hand") == state.view(seat).get("hand")
            move = view.legal_moves()[-1]
            after = view.play(move)  # the stand-in after the move: look-ahead with invented cards
            assert after.last_move == move and after.ply == state.ply + 1


@pytest.mark.parametrize("game", GAMES)
def test_twin_positions_differing_only_in_hidden_cards_give_byte_equal_views(game: str) -> None:
    """Two deals of the cards a seat cannot see (the opponent's hand, the stock) give the
    same serialised view: a bot cannot tell them apart, whatever it reads."""
    differed = 0
    for number, state in enumerate(_positions(game, 10)):
        seat = state.to_move
        one = state.determinize(seat, cards.Rng(f"one:{number}"))
        two = state.determinize(seat, cards.Rng(f"two:{number}"))
        if one.hands[1 - seat] != two.hands[1 - seat]:
            differed += 1
        assert SeatView.of(one).to_text() == SeatView.of(two).to_text()
        assert pickle.dumps(SeatView.of(one)) == pickle.dumps(SeatView.of(two))
    assert differed >= 5  # the hidden cards really were different


def _twins_with_history(a: Any, b: Any, seat: int, plies: int) -> int:
    """Play the same public moves from twins ``a`` and ``b`` (each move the first one legal in
    both, while there is one) and compare ``seat``'s serialised views whenever it is to move;
    the comparisons made."""
    compared = 0
    for _ in range(plies):
        if a.is_over:
            break
        if a.to_move == seat:
            assert SeatView.of(a).to_text() == SeatView.of(b).to_text(), a.ply
            compared += 1
        both = {str(m) for m in b.legal_moves()}
        move = next((str(m) for m in a.legal_moves() if str(m) in both), None)
        if move is None:  # the twins' hidden cards show from here on
            break
        a, b = a.play(move), b.play(move)
    return compared


def test_twins_with_a_public_history_give_byte_equal_views() -> None:
    from cardwidgets.games import panjpar, pazaak, tablic

    table, mine = "3♠ 5♥ 9♦", "8♦ K♠ 2♣"
    a = tablic.State.from_position(table, (mine, "9♣ 4♥ 7♠"), stock="J♥ 6♣ Q♦", to_move=0)
    b = tablic.State.from_position(table, (mine, "J♥ 6♣ 4♥"), stock="9♣ 7♠ Q♦", to_move=0)
    assert a.hands[1] != b.hands[1]
    assert _twins_with_history(a, b, 0, 4) >= 2
    mine = "7♥ 7♣ 9♦ 2♠ 3♠"
    a = panjpar.State.from_position([mine, "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦ 10♣ 6♦", trump="♦")
    b = panjpar.State.from_position([mine, "J♦ 10♣ 8♣ 4♦ 5♦"], stock="Q♥ 9♥ K♠ 6♦", trump="♦")
    assert _twins_with_history(a, b, 0, 3) >= 2

    def position(other_hand: str, deck: list[int]) -> Any:
        return pazaak.State.from_position(
            hands=["+1 -3 ±2 +4", other_hand], deck=deck, tables=([9], [8]), seed=5
        )

    a = position("+2 +3 -1 -2", [6, 10, 2, 7, 5])
    b = position("-4 ±5 +1 +1", [6, 10, 2, 1, 8])
    assert _twins_with_history(a, b, 0, 4) >= 2


def test_the_view_keeps_no_reference_to_the_state() -> None:
    """Nothing reachable from the view (its slots, what ``gc`` sees, its pickle) is the real
    state or one of its ancestors."""
    state = _positions("panjpar", 3)[2]
    view = SeatView.of(state)
    forbidden = {id(s) for s in state.path()}
    seen: set[int] = set()
    todo: list[object] = [view]
    while todo:
        item = todo.pop()
        if id(item) in seen or isinstance(item, type):
            continue
        seen.add(id(item))
        assert id(item) not in forbidden
        todo.extend(gc.get_referents(item))
    assert len(seen) > 50  # the walk did go through the view's contents
    assert not hasattr(view, "__dict__")
    again = pickle.loads(pickle.dumps(view))
    assert again == view and again.to_text() == view.to_text()


# -- bad input --------------------------------------------------------------------------------


def test_a_view_that_cannot_be_read_back_gets_a_reason_in_en_and_de() -> None:
    good = SeatView.of(games.get("pazaak").new_game(seed=3)).to_json()
    cases: list[tuple[object, str, str]] = [
        ("{", "the text is not JSON", "der Text ist kein JSON"),
        ([1], "must be a JSON object (a dict), not list", "nicht list"),
        ({**good, "seat": 2}, "the field 'seat' is invalid: 2", "das Feld 'seat' ist ungültig"),
        ({**good, "game": "chess"}, "the field 'game' is invalid", "ist ungültig"),
        ({k: v for k, v in good.items() if k != "history"}, "'history' is missing", "fehlt"),
        ({**good, "position": {"start": 5, "moves": []}}, "this is not a seat's view", "keine"),
        ({**good, "position": []}, "the field 'position' is invalid", "'position'"),
    ]
    for data, english, german in cases:
        with pytest.raises(SeatViewError) as info:
            SeatView.from_json(data if isinstance(data, str) else json.dumps(data))
        assert english in info.value.text("en"), data
        assert german in info.value.text("de") and "field" not in info.value.text("de")
    with pytest.raises(IllegalMove, match="the game is over"):
        over = games.get("pazaak").new_game(seed=3)
        while not over.is_over:
            over = over.play(GreedyPlayer(1).choose(over))
        SeatView.of(over)
    with pytest.raises(TypeError, match=r"SeatView\.of"):
        SeatView()
