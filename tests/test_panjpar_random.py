"""Random-play invariants for Panjpar over every combination of rule flags: conservation of the
52 cards, views leak nothing, every legal move applies, counting/unranking/iteration agree,
records round-trip, games terminate, determinize keeps what a seat knows."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from cardwidgets import RecordError, cards, panjpar
from cardwidgets.cards import Rng
from cardwidgets.games.panjpar import Move, Rules, State

RULE_SETS = [
    Rules(pickup=pickup, hand_size=size)
    for pickup, size in itertools.product(Rules.choices["pickup"], Rules.choices["hand_size"])
]
MAX_PLIES = 3000


def ids(rules: Rules) -> str:
    return f"{rules.pickup}-{rules.hand_size}"


def check_conservation(state: State) -> None:
    everything = [*state.hands[0], *state.hands[1], *state.stock, *state.discard, *state.attack]
    assert len(everything) == 52 and set(everything) == set(cards.DECK)


def hidden_from(state: State, seat: int | None) -> set[str]:
    """Card texts ``seat`` must not see (seat None: the public table)."""
    hidden: set[str] = set()
    for owner in (0, 1):
        if owner != seat:
            hidden |= {str(c) for c in state.hands[owner]} - {str(c) for c in state.known[owner]}
    hidden |= {str(c) for c in state.stock[:-1]}  # the face-down stock (indicator is shown)
    hidden |= {str(c) for c in state.discard[1:]}  # only the top discard is visible
    return hidden


def check_views(state: State) -> None:
    for seat in (None, 0, 1):
        view = state.view(seat)
        text = json.dumps(view, ensure_ascii=False)
        assert json.loads(text) == view
        for card in hidden_from(state, seat):
            assert card not in text, (seat, card)
        assert "stock_count" not in view and "stock" not in view
        if seat is not None:
            assert view["hand"] == [str(c) for c in state.hands[seat]]


def check_moves(state: State, rng: Rng) -> None:
    count = state.legal_moves_count()
    if count > 300:
        # Large: check a few unranked moves apply, without listing them all.
        for _ in range(5):
            state.play(state.legal_move_at(rng.below(count)))
        return
    listed = state.legal_moves()
    generated = list(state.iter_legal_moves())
    assert len(listed) == count == len(set(listed))
    assert set(generated) == set(listed)
    assert [state.legal_move_at(i) for i in range(count)] == generated
    with pytest.raises(IndexError):
        state.legal_move_at(count)
    for move in listed if count <= 40 else listed[:: count // 20]:
        assert Move.parse(str(move)) == move
        after = state.play(str(move))
        assert after.parent is state and after.last_move == move
        check_conservation(after)


def play_out(state: State, rng: Rng, *, deep: bool) -> State:
    plies = 0
    while not state.is_over:
        check_conservation(state)
        if deep:
            check_views(state)
            check_moves(state, rng)
        else:
            assert state.legal_moves_count() >= 1
        if rng.below(2):
            move = state.random_move(rng)
        else:
            count = state.legal_moves_count()
            move = state.legal_move_at(rng.below(count))
        state = state.play(move)
        plies += 1
        assert plies < MAX_PLIES, "a game that does not end"
    assert state.to_move is None and state.legal_moves() == []
    outcome = state.outcome
    assert outcome is not None and state.stock == ()
    empty = [seat for seat in (0, 1) if not state.hands[seat]]
    assert empty, "the game ends when someone is out of cards"
    assert outcome.winner == (empty[0] if len(empty) == 1 else None)
    check_conservation(state)
    check_views(state)
    return state


def check_record(state: State) -> None:
    record = state.to_record()
    again = panjpar.from_record(record)
    assert again.history == state.history and again.hands == state.hands
    assert again.view(0) == state.view(0) and again.view_all() == state.view_all()
    text = json.dumps(record, ensure_ascii=False)
    assert panjpar.from_record(text).view_all() == state.view_all()
    assert panjpar.from_record(state.to_json()).outcome == state.outcome


@pytest.mark.parametrize("rules", RULE_SETS, ids=ids)
def test_random_games_keep_every_invariant(rules: Rules) -> None:
    rng = Rng(f"panjpar-random-{ids(rules)}")
    for game in range(3):
        state = play_out(panjpar.new_game(seed=game, rules=rules), rng, deep=True)
        check_record(state)


@pytest.mark.parametrize("rules", RULE_SETS, ids=ids)
def test_many_random_games_terminate(rules: Rules) -> None:
    rng = Rng(f"panjpar-many-{ids(rules)}")
    results = set()
    for game in range(60):
        state = play_out(panjpar.new_game(seed=f"many-{game}", rules=rules), rng, deep=False)
        results.add(state.outcome.winner)  # type: ignore[union-attr]
    assert {0, 1} <= results


def test_records_of_running_games_and_positions_round_trip() -> None:
    rng = Rng(9)
    state = panjpar.new_game(seed="mid")
    for _ in range(25):
        state = state.play(state.random_move(rng))
    check_record(state)
    position = State.from_position(
        hands=[state.hands[0], state.hands[1]],
        stock=state.stock,
        trump=state.trump,
        attacker=state.attacker,
        attack=state.attack,
        discard=state.discard,
        known=state.known,
    )
    assert position.view_all() == {**state.view_all(), "guess": None}
    check_record(position.play(position.random_move(rng)))


def test_tampered_records_name_the_field_or_move() -> None:
    state = panjpar.new_game(seed=1)
    state = state.play(state.legal_moves()[0])
    record = state.to_record()
    with pytest.raises(RecordError) as err:
        panjpar.from_record({**record, "moves": ["attack 7♥ 8♥ 9♥"]})
    assert "move 1" in str(err.value)
    with pytest.raises(RecordError) as err:
        panjpar.from_record({**record, "moves": ["fold"]})
    assert "move 1 ('fold')" in str(err.value) and "not a Panjpar move" in str(err.value)
    with pytest.raises(RecordError) as err:
        panjpar.from_record({**record, "start": {"seed": 1, "guess": "green"}})
    assert "'start'" in str(err.value)
    with pytest.raises(RecordError) as err:
        panjpar.from_record(
            {
                **record,
                "start": {"position": {"hands": [["7♥"], ["7♥"]], "stock": [], "trump": "♦"}},
            }
        )
    assert "'start'" in str(err.value) and "7♥ appears twice" in str(err.value)
    for start in ({"seed": None}, {"seed": True}, {"seed": 1, "colour": "red"}, {}):
        with pytest.raises(RecordError) as err:
            panjpar.from_record({**record, "start": start})
        assert "'start'" in str(err.value)
    with pytest.raises(RecordError) as err:
        panjpar.from_record({**record, "rules": {"pickup": "some"}})
    assert "'rules'" in str(err.value)
    with pytest.raises(RecordError) as err:
        panjpar.from_record({**record, "game": "tablic"})
    assert "tablic" in str(err.value)
    with pytest.raises(RecordError):
        panjpar.from_record("{not json")


# ---------------------------------------------------------------------------------------------
# determinize (for the ISMCTS bot)
# ---------------------------------------------------------------------------------------------


def some_states() -> list[State]:
    rng = Rng("determinize")
    found = []
    for game in range(6):
        state = panjpar.new_game(seed=f"det-{game}")
        while not state.is_over:
            if rng.below(6) == 0:
                found.append(state)
            state = state.play(state.random_move(rng))
    return found


def test_determinize_keeps_what_the_seat_knows_and_is_playable() -> None:
    for state in some_states():
        for seat in (0, 1):
            opp = 1 - seat
            guess = state.determinize(seat, Rng(1))
            assert guess.parent is None and guess.history == ()
            check_conservation(guess)
            assert guess.hands[seat] == state.hands[seat]
            assert len(guess.hands[opp]) == len(state.hands[opp])
            assert set(state.known[opp]) <= set(guess.hands[opp])  # seen cards stay there
            assert guess.known == state.known
            assert guess.attack == state.attack and guess.discard == state.discard
            assert len(guess.stock) == len(state.stock)
            assert guess.trump_card == state.trump_card and guess.trump == state.trump
            assert guess.attacker == state.attacker and guess.to_move == state.to_move
            assert guess.view(seat) == {**state.view(seat), "guess": None}  # a fresh root
            end = guess
            rng = Rng(2)
            while not end.is_over:
                end = end.play(end.random_move(rng))
            check_record(guess)


def test_determinize_uses_only_information_of_the_seat() -> None:
    changed = 0
    for state in some_states():
        for seat in (0, 1):
            # Another state that differs only in cards hidden from `seat` ...
            other = state.determinize(seat, Rng("other world"))
            changed += other.hands != state.hands or other.stock != state.stock
            # ... gives exactly the same determinization for the same rng seed.
            a, b = state.determinize(seat, Rng(77)), other.determinize(seat, Rng(77))
            assert a.hands == b.hands and a.stock == b.stock and a.view_all() == b.view_all()
    assert changed > 0


# ---------------------------------------------------------------------------------------------
# random_move is uniform over ALL legal moves (the benchmark relies on it)
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("pickup", ["unbeaten", "all"])
def test_random_move_is_uniform_over_all_legal_moves(pickup: str) -> None:
    rules = Rules(pickup=pickup)
    attacked = State.from_position(
        hands=["7♥ 7♣ 9♦", "9♥ 8♣ K♠ 4♦ 5♦ 10♦ J♦"], stock=(), trump="♦", rules=rules
    ).play("attack 7♥ 7♣ 9♦")
    attacking = State.from_position(
        hands=["7♥ 7♣ 9♦ 9♠ 2♣ 3♣", "9♥ 8♣ K♠ 4♦ 5♦"], stock=(), trump="♦", rules=rules
    )
    rng = Rng(f"uniform-{pickup}")
    for state in (attacked, attacking):
        legal = set(state.legal_moves())
        per_move = 200
        draws = [state.random_move(rng) for _ in range(per_move * len(legal))]
        counts = Counter(draws)
        assert set(counts) == legal and len(legal) > 10
        # Expected 200 each, standard deviation about 14: 5 sigma bounds.
        assert min(counts.values()) > per_move - 70 and max(counts.values()) < per_move + 70
        for move in draws[:50]:
            state.play(move)


@pytest.mark.parametrize("rules", RULE_SETS, ids=ids)
def test_rollout_plays_exactly_the_random_move_game(rules: Rules) -> None:
    for game in range(25):
        start = panjpar.new_game(seed=f"rollout-{game}", rules=rules)
        if game % 5 == 4:  # also from the middle of a game, with an attack on the table
            walk = Rng(game)
            for _ in range(7):
                start = start.play(start.random_move(walk))
        slow_rng, fast_rng = Rng(f"r{game}"), Rng(f"r{game}")
        state = start
        while not state.is_over:
            state = state.play(state.random_move(slow_rng))
        assert start.rollout(fast_rng) == state.outcome
        assert fast_rng.next64() == slow_rng.next64()  # the same draws were made
    assert state.rollout(Rng(1)) == state.outcome  # a finished game stays finished
