"""The fast ``State.legal_moves`` (keys first, moves built lazily) equals a plain reference
listing, and its moves play exactly like the same moves checked in full."""

from __future__ import annotations

import pytest

from cardwidgets import cards
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import Attack, Defend, Move, State


def _reference(state: State) -> list[Move]:
    """The listing as the engine built it before: every generated move, sorted by a key."""
    moves = list(state.iter_legal_moves())
    if state.attack:
        order = [card.index for card in state.attack]

        def defence_key(move: Move) -> tuple[int, ...]:
            assert isinstance(move, Defend)
            found = {a.index: k.index for a, k in move.kills.pairs}
            return tuple(found.get(a, -1) for a in order)

        return sorted(moves, key=defence_key)
    return sorted(moves, key=lambda m: (len(m.cards), [c.index for c in m.cards]))  # type: ignore[attr-defined]


def _shown(move: Move) -> tuple[object, ...]:
    """Everything a caller can read of a move."""
    if isinstance(move, Attack):
        return ("attack", move.cards, str(move), move.describe("de"))
    assert isinstance(move, Defend)
    return ("defend", move.kills.pairs, move.pickup, str(move), move.describe("en"))


def _check(state: State) -> None:
    listed = state.legal_moves()
    reference = _reference(state)
    assert listed == reference
    assert [_shown(m) for m in listed] == [_shown(m) for m in reference]
    # Against unranking too: the same set, index by index in generation order.
    count = state.legal_moves_count()
    assert len(listed) == count
    assert {_shown(m) for m in listed} == {_shown(state.legal_move_at(i)) for i in range(count)}
    assert [_shown(m) for m in state.legal_moves()] == [_shown(m) for m in listed]  # cached keys


def _random_position(rng: cards.Rng, take_all: bool) -> State:
    # Big hands and pairs, triples, fours: many 3- and 5-card attacks and defences.
    deck = rng.shuffle(list(cards.DECK))
    size_a, size_d = 1 + rng.below(12), 1 + rng.below(14)
    hand_a, hand_d = deck[:size_a], deck[size_a : size_a + size_d]
    rules = panjpar.Rules(pickup="all" if take_all else "unbeaten")
    state = State.from_position([hand_a, hand_d], stock=deck[-3:], trump=deck[-1], rules=rules)
    _check(state)
    attacks = state.legal_moves()
    return state.play(attacks[rng.below(len(attacks))])


@pytest.mark.parametrize("take_all", [False, True])
def test_listing_equals_the_reference_on_random_positions(take_all: bool) -> None:
    rng = cards.Rng(f"listing {take_all}")
    for _ in range(400):
        _check(_random_position(rng, take_all))


@pytest.mark.parametrize("pickup", ["unbeaten", "all"])
def test_listing_equals_the_reference_along_games(pickup: str) -> None:
    rules = panjpar.Rules(pickup=pickup)
    rng = cards.Rng(f"listing games {pickup}")
    for game in range(30):
        state = panjpar.new_game(seed=f"listing-{game}", rules=rules, guess="red")
        while not state.is_over:
            _check(state)
            state = state.play(rng.choice(state.legal_moves()))
        assert state.legal_moves() == []


@pytest.mark.parametrize("pickup", ["unbeaten", "all"])
def test_listed_moves_play_like_checked_moves(pickup: str) -> None:
    # A listed move is played without checks; its text on a fresh equal state is checked in
    # full: the same next state, the same record.
    rules = panjpar.Rules(pickup=pickup)
    rng = cards.Rng(f"listed play {pickup}")
    for game in range(15):
        state = panjpar.new_game(seed=f"listed-{game}", rules=rules, guess="red")
        while not state.is_over:
            move = rng.choice(state.legal_moves())
            fast = state.play(move)
            checked = panjpar.from_record(state.to_record()).play(str(move))
            assert fast.view_all() == checked.view_all()
            assert str(fast.last_move) == str(checked.last_move)
            assert fast.last_move == checked.last_move
            state = fast
        assert panjpar.from_record(state.to_record()).view_all() == state.view_all()


def test_moves_from_another_state_are_checked() -> None:
    # A listed defence is trusted only by a state that listed the same key: played against
    # another attack, its pick-up is wrong and is reported.
    start = State.from_position(["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦")
    first = start.play("attack 7♥ 7♣ 9♦")
    other = start.play("attack 7♥ 7♣ 2♠")
    other.legal_moves()
    move = next(m for m in first.legal_moves() if str(m).startswith("kill 7♥ with 9♥"))
    with pytest.raises(IllegalMove, match="picked up"):
        other.play(move)
    # A user-built equal move is accepted and checked the plain way.
    assert str(first.play(Defend({"7♥": "9♥"})).last_move) == str(first.play(move).last_move)


def test_listed_attacks_are_checked_by_another_state() -> None:
    # play() accepts an engine-made move by mask arithmetic, not by who made it: a listed
    # attack played where it is illegal is refused with the rule it breaks.
    start = State.from_position(["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦")
    three = next(m for m in start.legal_moves() if str(m) == "attack 7♥ 7♣ 9♦")
    single = next(m for m in start.legal_moves() if str(m) == "attack 2♠")
    short = State.from_position(["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣"], stock="Q♥ J♦", trump="♦")
    with pytest.raises(IllegalMove, match="holds"):
        short.play(three)
    other = State.from_position(["7♥ 7♣ 9♦ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦")
    with pytest.raises(IllegalMove, match="2♠"):
        other.play(single)
    assert str(short.play(single).last_move) == "attack 2♠"
