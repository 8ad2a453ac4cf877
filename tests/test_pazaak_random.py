"""Random-play invariants for Pazaak over every combination of rule flags and the presets."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest

from cardwidgets import RecordError
from cardwidgets.cards import Rng
from cardwidgets.games import pazaak as pz
from cardwidgets.games.pazaak import Rules, State
from cardwidgets.games.pazaak import _fast as fast_module
from cardwidgets.games.pazaak import state as state_module

COMBINATIONS = [
    Rules(main_deck=deck, fill_table_wins=fill, gold_cards=gold)
    for deck, fill, gold in itertools.product(
        ("finite40", "uniform_with_replacement"), (False, True), (False, True)
    )
] + [Rules.seed(), Rules.kotor1(), Rules.kotor2(), Rules(sets_to_win=1, hand_size=10)]
IDS = [
    f"{r.main_deck[:4]}-fill{int(r.fill_table_wins)}-gold{int(r.gold_cards)}-"
    f"sets{r.sets_to_win}-hand{r.hand_size}"
    for r in COMBINATIONS
]
MATCHES = 12
MAX_PLIES = 2000  # a match is far shorter; more means it does not terminate


def random_match(rules: Rules, seed: int) -> list[State]:
    rng = Rng(seed)
    state = pz.new_game(seed=seed, rules=rules)
    states = [state]
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
        states.append(state)
        assert len(states) < MAX_PLIES
    return states


def twin(state: State, seat: int, seed: int) -> State:
    """The same position as `seat` sees it, with the opponent's hand and the deck changed."""
    other = 1 - seat
    hands = list(state.hands)
    pool = [c for c in pz.ALL_SIDE_CARDS if state.rules.gold_cards or not c.is_gold]
    hands[other] = tuple(Rng(seed).choice(pool) for _ in state.hands[other])
    tables = [[(src, v) for src, v in tab] for tab in state.placed]
    return State.from_position(
        hands,
        deck=(),
        tables=tables,
        to_move=state.to_move,
        standing=state.standing,
        sets_won=state.sets_won,
        rules=state.rules,
        seed=seed,
        draw=False,
        used=state.used,
        set_number=state.set_number,
        starter=state.starter,
        played_this_turn=state.played_this_turn,
    )


def public(view: dict) -> dict:
    return {k: v for k, v in view.items() if k != "last_set"}


@pytest.mark.parametrize("rules", COMBINATIONS, ids=IDS)
def test_random_matches_keep_every_invariant(rules: Rules) -> None:
    for number in range(MATCHES):
        states = random_match(rules, 1000 * number + 7)
        first = states[0]
        hands0 = first.hands
        final = states[-1]
        assert final.outcome is not None and max(final.sets_won) == rules.sets_to_win
        assert final.outcome.winner == final.sets_won.index(rules.sets_to_win)
        for state in states:
            check_state(state, hands0)
        # records round-trip, also as JSON text
        again = pz.from_record(json.loads(json.dumps(final.to_record())))
        assert again.history == final.history
        assert again.view(0) == final.view(0) and again.hands == final.hands
        middle = states[len(states) // 2]
        again = pz.from_record(middle.to_json())
        assert again.view(1) == middle.view(1) and again.deck == middle.deck


def check_state(state: State, hands0) -> None:
    rules = state.rules
    # hand cards: used at most once per match, hands + used == the match hand
    for seat in (0, 1):
        assert Counter(state.hands[seat]) + Counter(state.used[seat]) == Counter(hands0[seat])
        assert len(state.tables[seat]) <= pz.MAX_CARDS
        assert state.totals[seat] == sum(state.tables[seat])
    # main-deck conservation (Z-D2)
    drawn = Counter(src for tab in state.placed for src, _ in tab if isinstance(src, int))
    if rules.main_deck == "finite40":
        assert drawn + Counter(state.deck) == Counter(pz.FULL_DECK)
        assert state.deck_size == len(state.deck)
    else:
        assert state.deck_size is None and all(1 <= v <= 10 for v in state.deck)
    if state.is_over:
        assert state.legal_moves() == [] and state.to_move is None
        return
    seat = state.to_move
    assert not state.standing[seat]
    moves = state.legal_moves()
    assert moves and moves == state.legal_moves()
    for move in moves:  # every legal move applies and its text reads back
        assert pz.Move.parse(str(move)) == move
        state.play(move)
    # views leak nothing: changing the hidden cards does not change what a seat sees
    for viewer in (0, 1):
        view = state.view(viewer)
        json.dumps(view)
        assert "deck" not in view and view["hand_sizes"] == [len(h) for h in state.hands]
        other = twin(state, viewer, seed=state.ply + 99)
        assert public(other.view(viewer)) == public(view)
        assert public(other.view(None)) == public(state.view(None))


@pytest.mark.parametrize("rules", [Rules.seed(), Rules.kotor2()], ids=["seed", "kotor2"])
def test_determinize_uses_only_what_the_seat_knows(rules: Rules) -> None:
    for number in range(4):
        states = random_match(rules, 31 * number + 1)
        for state in states[1:-1:3]:
            for seat in (0, 1):
                a = state.determinize(seat, Rng(5))
                b = twin(state, seat, seed=12345).determinize(seat, Rng(5))
                for attr in ("hands", "placed", "deck", "totals", "standing", "sets_won", "used"):
                    assert getattr(a, attr) == getattr(b, attr)
                assert a.hands[seat] == state.hands[seat]
                assert len(a.hands[1 - seat]) == len(state.hands[1 - seat])
                assert a.placed == state.placed and a.to_move == state.to_move
                assert a.parent is None
                # playable to the end, and its record replays
                rng = Rng(number)
                end = a
                while not end.is_over:
                    moves = end.legal_moves()
                    end = end.play(moves[rng.below(len(moves))])
                assert pz.from_record(end.to_json()).view(0) == end.view(0)


def test_determinize_resamples_hidden_cards():
    state = pz.new_game(seed=3, rules=Rules.kotor2())
    seat = 1 - state.to_move
    samples = {state.determinize(seat, Rng(n)).hands[state.to_move] for n in range(30)}
    assert len(samples) > 1
    decks = {state.determinize(seat, Rng(n)).deck[:5] for n in range(30)}
    assert len(decks) > 1


def test_tampered_records_name_the_field_or_move():
    record = pz.new_game(seed=4).play("stand").to_record()
    bad = dict(record, moves=["stand", "fly away"])
    with pytest.raises(RecordError, match="move 2 \\('fly away'\\)"):
        pz.from_record(bad)
    bad = dict(record, start={"seed": 4.5, "side_decks": [], "starter": None})
    with pytest.raises(RecordError, match="'start'"):
        pz.from_record(bad)
    bad = dict(record, start=dict(record["start"], side_decks=[["+1"], ["+2"]]))
    with pytest.raises(RecordError, match="side deck of Player 1 has 1 card:"):
        pz.from_record(bad)
    bad = dict(record, rules=dict(record["rules"], gold=True))
    with pytest.raises(RecordError, match="'rules'"):
        pz.from_record(bad)
    pos = State.from_position(["+1", "-1"], [5, 6], seed=2).play("end").to_record()
    tampered = json.loads(json.dumps(pos))
    tampered["start"]["position"]["tables"] = [[10, 10, 10], []]
    with pytest.raises(RecordError, match="'start'"):
        pz.from_record(tampered)
    assert pz.from_record(pos).history == (pz.EndTurn(),)


@pytest.mark.parametrize("rules", COMBINATIONS, ids=IDS)
def test_playout_agrees_with_the_state_api_move_for_move(rules: Rules) -> None:
    for number in range(25):
        start = pz.new_game(seed=number, rules=rules)
        rng = Rng(number)
        state = start
        while not state.is_over:
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
        fast = Rng(number)
        assert pz.playout(start, fast) == state.outcome
        assert fast.next64() == rng.next64()  # the same number of random choices
    # also from a position in the middle of a turn, and from a finished match
    middle = pz.State.from_position(["+1 ±2", "-3"], [9, 9], ([5], [6]), rules=rules, seed=1)
    middle = middle.play(middle.legal_moves()[0])
    rng, fast = Rng(3), Rng(3)
    state = middle
    while not state.is_over:
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
    assert pz.playout(middle, fast) == state.outcome == pz.playout(state, Rng(0))


def test_playout_redoes_a_rejected_draw_exactly(monkeypatch: pytest.MonkeyPatch) -> None:
    # Rng.below rejects an output with chance below 2**-58; force the rare branch everywhere
    zeros = tuple(0 for _ in fast_module.LIMITS)
    monkeypatch.setattr(state_module, "LIMITS", zeros)  # every inlined draw reads its own copy
    monkeypatch.setattr(fast_module, "LIMITS", zeros)
    for rules in (Rules.seed(), Rules.kotor2()):
        for number in range(10):
            start = pz.new_game(seed=number, rules=rules)
            rng, fast = Rng(number), Rng(number)
            state = start
            while not state.is_over:
                moves = state.legal_moves()
                state = state.play(moves[rng.below(len(moves))])
            assert pz.playout(start, fast) == state.outcome
