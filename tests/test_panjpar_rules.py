"""Scenario tests for Panjpar: one or more per rule decision of docs/rules/panjpar.md (P-D1 … P-D11)
and the seed's worked and end-game examples (P-S27, P-S28, P-S29)."""

from __future__ import annotations

import json

import pytest

from cardwidgets import IllegalMove, cards, panjpar
from cardwidgets.cards import Suit
from cardwidgets.games.panjpar import Attack, Defend, State


def texts(items: object) -> list[str]:
    return [str(c) for c in items]  # type: ignore[attr-defined]


def hand(state: State, seat: int) -> list[str]:
    return texts(state.hands[seat])


def rest_of_pack(*used: str, indicator: str) -> list[str]:
    """Every card not named in ``used``, then the indicator last: a full 52-card position."""
    named = {cards.parse(c) for group in used for c in cards.parse_many(group)}
    named.add(cards.parse(indicator))
    return [str(c) for c in cards.DECK if c not in named] + [indicator]


def reason(err: pytest.ExceptionInfo[IllegalMove], locale: str) -> str:
    return err.value.text(locale)


# ---------------------------------------------------------------------------------------------
# P-D1: the trump guess (colour), made before the deal
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, "lesson"])
def test_P_D1_right_colour_guess_attacks_first(seed: object) -> None:
    probe = panjpar.new_game(seed=seed, guess="red")
    colour = probe.trump_card.color  # type: ignore[union-attr]
    other = "black" if colour == "red" else "red"
    right = panjpar.new_game(seed=seed, guess=colour)
    wrong = panjpar.new_game(seed=seed, guess=other)
    assert right.hands == wrong.hands and right.stock == wrong.stock  # the guess is not the deal
    assert right.attacker == 0 and right.to_move == 0  # guesser = seat 0, the non-dealer
    assert wrong.attacker == 1
    # The guesser can be the dealer's opponent of another dealer, or named explicitly.
    assert panjpar.new_game(seed=seed, guess=colour, guesser=1).attacker == 1
    assert panjpar.new_game(seed=seed, guess=colour, dealer=0).attacker == 1


def test_P_D1_default_guess_is_seeded_and_recorded() -> None:
    a, b = panjpar.new_game(seed=11), panjpar.new_game(seed=11)
    assert a.guess == b.guess and a.guess is not None
    assert a.guess["guesser"] == 0 and a.guess["guess"] in ("red", "black")
    start = a.to_record()["start"]
    assert start == {"seed": 11, "dealer": 1, "guesser": 0, "guess": a.guess["guess"]}
    assert panjpar.from_record(a.to_record()).attacker == a.attacker
    guesses = {panjpar.new_game(seed=s).guess["guess"] for s in range(20)}  # type: ignore[index]
    assert guesses == {"red", "black"}


def test_P_D1_guess_in_german_and_bad_guess() -> None:
    assert panjpar.new_game(seed=4, guess="Rot").guess == {"guesser": 0, "guess": "red"}
    with pytest.raises(panjpar.PositionError) as err:
        panjpar.new_game(seed=4, guess="hearts")
    assert "red" in str(err.value) and "rot" in err.value.text("de")


# ---------------------------------------------------------------------------------------------
# P-D2: replenish once per battle, after the pick-up, attacker first
# ---------------------------------------------------------------------------------------------


def test_P_D2_attacker_draws_first_then_defender_once_per_battle() -> None:
    state = State.from_position(
        hands=["2♠ 3♥ 4♣ 5♠ 6♥", "7♠ 8♥ 9♣ J♠ Q♥"], stock="K♣ A♣ 10♦", trump="♦"
    )
    mid = state.play("attack 2♠")
    assert texts(mid.stock) == ["K♣", "A♣", "10♦"]  # nobody draws in the middle of a battle
    after = mid.play("kill 2♠ with 7♠")
    assert hand(after, 0) == ["3♥", "4♣", "5♠", "6♥", "K♣"]  # attacker drew first
    assert hand(after, 1) == ["8♥", "9♣", "J♠", "Q♥", "A♣"]
    assert texts(after.stock) == ["10♦"]


def test_P_D2_pickup_counts_before_replenishing() -> None:
    state = State.from_position(
        hands=["2♠ 3♥ 4♣ 5♠ 6♥", "7♠ 8♥ 9♣ J♠ Q♥"], stock="K♣ A♣ 10♦", trump="♦"
    )
    after = state.play("attack 2♠").play("pick up")
    # B picked up to 6 and draws nothing; A draws one.
    assert len(after.hands[1]) == 6 and hand(after, 0)[-1] == "K♣"
    assert texts(after.stock) == ["A♣", "10♦"]
    assert after.attacker == 0


def test_P_D2_short_stock_goes_to_the_attacker() -> None:
    state = State.from_position(
        hands=["2♠ 2♥ 4♣ 5♠ 6♥", "7♠ 8♥ 9♣ J♠ Q♥"], stock="K♣ 10♦", trump="♦"
    )
    after = state.play("attack 2♠ 2♥ 4♣").play("kill 2♠ with 7♠, kill 2♥ with 8♥, kill 4♣ with 9♣")
    assert hand(after, 0) == ["5♠", "6♥", "10♦", "K♣"]  # A takes both, the indicator too
    assert hand(after, 1) == ["J♠", "Q♥"]
    assert after.stock == () and after.to_move == 1
    assert texts(after.known[0]) == ["10♦"]  # everybody saw who got the indicator


# ---------------------------------------------------------------------------------------------
# P-D3: attack shapes
# ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("attack", "valid"),
    [
        ("7♥", True),
        ("7♠ 7♥ 9♣", True),
        ("Q♠ Q♥ 2♣", True),
        ("8♠ 8♥ 8♦", True),
        ("7♠ 8♥ 9♣", False),
        ("K♠ K♥ 4♠ 4♥ 7♣", True),
        ("10♠ 10♥ 3♠ 3♥ 3♦", True),
        ("6♠ 6♥ 6♦ 6♣ J♠", True),
        ("K♠ K♥ K♦ 4♠ 7♣", False),
        ("K♠ K♥ 4♠ 7♥ 9♣", False),
        ("2♠ 4♥ 6♠ 8♥ 10♣", False),
        ("4♠ 4♥", False),
        ("4♠ 4♥ 4♦ 4♣", False),
    ],
)
def test_P_D3_attack_shapes(attack: str, valid: bool) -> None:
    assert panjpar.is_valid_attack(attack) is valid


def test_P_D3_shape_errors_are_explained_in_en_and_de() -> None:
    state = State.from_position(
        hands=["7♠ 8♥ 9♣ K♠ K♥ 4♠ 4♥", "2♣ 3♣ 4♣ 5♣ 6♣"], stock="A♦", trump="♦"
    )
    with pytest.raises(IllegalMove) as err:
        state.play("attack 7♠ 8♥ 9♣")
    assert reason(err, "en") == "a three-card attack needs a pair: 7-8-9 has none"
    assert reason(err, "de") == "ein Angriff mit drei Karten braucht ein Paar: 7-8-9 hat keines"
    with pytest.raises(IllegalMove) as err:
        state.play("attack 4♠ K♠ K♥ 7♠ 9♣")
    assert reason(err, "en").endswith("K-K-4-7-9 has only one pair")
    assert reason(err, "de").endswith("K-K-4-7-9 hat nur ein Paar")
    with pytest.raises(IllegalMove) as err:
        state.play("attack 4♠ 4♥")
    assert reason(err, "en") == "an attack has 1, 3 or 5 cards, not 2"
    assert reason(err, "de") == "ein Angriff hat 1, 3 oder 5 Karten, nicht 2"
    state.play("attack K♠ K♥ 4♠ 4♥ 7♠")  # legal: two pairs and a fifth card


def test_P_D3_legal_attacks_are_exactly_the_valid_shapes() -> None:
    state = State.from_position(hands=["8♠ 8♥ 8♦ 3♣ 3♦", "2♣ 4♣ 5♣ 6♣ 7♣"], stock="A♦", trump="♦")
    moves = state.legal_moves()
    assert all(isinstance(m, Attack) and panjpar.is_valid_attack(m.cards) for m in moves)
    sizes = [len(m.cards) for m in moves]  # type: ignore[attr-defined]
    # 5 singles; threes: 8-8-8, 8-8 + 3 others x 3 pairs, 3-3 + 3 others; fives: 8-8-3-3 + 8
    # is 8-8-8-3-3 (three ways counted once: full house) ...
    assert sizes.count(1) == 5
    assert sizes.count(3) == 1 + 3 * 2 + 1 * 3
    assert sizes.count(5) == 1  # only 8♠ 8♥ 8♦ 3♣ 3♦
    assert len(moves) == state.legal_moves_count() == 5 + 10 + 1


# ---------------------------------------------------------------------------------------------
# P-D4: the attack-size limit always applies
# ---------------------------------------------------------------------------------------------


def test_P_D4_attack_limit_by_defender_hand_size() -> None:
    assert panjpar.allowed_attack_sizes(2) == (1,)
    assert panjpar.allowed_attack_sizes(4) == (1, 3)
    two = State.from_position(hands=["7♠ 7♥ 9♣ 9♦ 2♠", "2♣ 3♣"], stock=(), trump="♦")
    with pytest.raises(IllegalMove) as err:
        two.play("attack 7♠ 7♥ 9♣")
    assert reason(err, "en") == "Player B holds 2 cards: attack with one card"
    assert reason(err, "de") == "Spieler B hat 2 Karten: greife mit einer Karte an"
    assert {len(m.cards) for m in two.legal_moves()} == {1}  # type: ignore[attr-defined]
    four = State.from_position(hands=["7♠ 7♥ 9♣ 9♦ 2♠", "2♣ 3♣ 4♣ 5♣"], stock=(), trump="♦")
    with pytest.raises(IllegalMove) as err:
        four.play("attack 7♠ 7♥ 9♣ 9♦ 2♠")
    assert reason(err, "en") == "Player B holds 4 cards: attack with one or three cards"
    assert {len(m.cards) for m in four.legal_moves()} == {1, 3}  # type: ignore[attr-defined]
    one = State.from_position(hands=["7♠ 7♥ 9♣", "2♣"], stock=(), trump="♦")
    with pytest.raises(IllegalMove) as err:
        one.play("attack 7♠ 7♥ 9♣")
    assert reason(err, "en") == "Player B holds 1 card: attack with one card"


def test_P_D4_limit_never_binds_while_the_stock_lasts() -> None:
    state = panjpar.new_game(seed=5)
    while not state.stock_empty:
        if state.attack == ():
            assert len(state.hands[state.defender]) >= 5
        state = state.play(state.legal_moves()[-1])


# ---------------------------------------------------------------------------------------------
# P-D5: defence is a partial one-to-one assignment of beating cards
# ---------------------------------------------------------------------------------------------


def test_P_D5_partial_defence_discards_beaten_pairs_and_picks_up_the_rest() -> None:
    state = State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock=(), trump="♦"
    ).play("attack 7♥ 7♣ 9♦")
    after = state.play(Defend({"7♥": "9♥"}))
    assert hand(after, 1) == ["4♦", "5♦", "7♣", "8♣", "9♦", "K♠"]
    assert texts(after.discard) == ["9♥", "7♥"]  # killer on top of its attack card
    assert str(after.last_move) == "kill 7♥ with 9♥, pick up 7♣ 9♦"
    assert after.attacker == 0 and after.to_move == 0
    assert texts(after.known[1]) == ["7♣", "9♦"]


def test_P_D5_defending_card_used_twice_is_illegal() -> None:
    state = State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock=(), trump="♦"
    ).play("attack 7♥ 7♣ 9♦")
    with pytest.raises(IllegalMove) as err:
        state.play("kill 7♥ with 5♦, kill 7♣ with 5♦")
    assert reason(err, "en") == (
        "the 5♦ cannot beat two cards: each defending card beats one attack card"
    )
    assert reason(err, "de").startswith("5♦ kann nicht zwei Karten schlagen")
    with pytest.raises(IllegalMove) as err:
        state.play("kill 7♥ with 9♥, kill 7♥ with 5♦")
    assert reason(err, "en").startswith("7♥ is killed twice")


def test_P_D5_beating_errors_are_explained() -> None:
    state = State.from_position(hands=["5♣ 5♦ K♣", "4♣ 7♣ 3♥ 2♦ A♠"], stock=(), trump="♦").play(
        "attack 5♣ 5♦ K♣"
    )
    with pytest.raises(IllegalMove) as err:
        state.play("kill 5♣ with 4♣")
    assert reason(err, "en") == "the 4♣ cannot beat the 5♣: it is lower"
    assert reason(err, "de") == "4♣ kann 5♣ nicht schlagen: sie ist niedriger"
    with pytest.raises(IllegalMove) as err:
        state.play("kill 5♦ with A♠")
    assert reason(err, "en") == (
        "the A♠ cannot beat the 5♦: a trump (♦) is beaten only by a higher trump"
    )
    with pytest.raises(IllegalMove) as err:
        state.play("kill K♣ with 3♥")
    assert reason(err, "en") == "the 3♥ cannot beat the K♣: only a higher ♣ or a trump (♦) can"
    with pytest.raises(IllegalMove) as err:
        state.play("kill K♣ with Q♦")
    assert reason(err, "en") == "Q♦ is not in Player B's hand"
    assert reason(err, "de") == "Q♦ ist nicht auf der Hand von Spieler B"
    with pytest.raises(IllegalMove) as err:
        state.play("kill 9♣ with 2♦")
    assert reason(err, "en") == "9♣ is not one of the attack cards (5♦ 5♣ K♣)"
    with pytest.raises(IllegalMove) as err:
        state.play("kill K♣ with 2♦, pick up 5♣")
    assert reason(err, "en") == "the cards left unbeaten are picked up: that is 5♦ 5♣"
    state.play("kill K♣ with 2♦, pick up 5♣ 5♦")


def test_P_D5_picked_up_card_cannot_beat_in_the_same_battle() -> None:
    # B would like to pick up the 9♦ and use it on the 7♥ at once: not allowed.
    state = State.from_position(hands=["7♥ 7♣ 9♦", "2♠ 3♠ 4♠ 5♠ 6♠"], stock=(), trump="♦").play(
        "attack 7♥ 7♣ 9♦"
    )
    with pytest.raises(IllegalMove):
        state.play("kill 7♥ with 9♦, pick up 7♣")
    assert state.legal_moves_count() == 1  # nothing beats: only the pick-up


def test_P_D5_defences_are_all_partial_matchings() -> None:
    state = State.from_position(hands=["7♥ 7♣ 9♦", "9♥ 8♣ K♠ 4♦ 5♦"], stock=(), trump="♦").play(
        "attack 7♥ 7♣ 9♦"
    )
    moves = state.legal_moves()
    assert len(moves) == state.legal_moves_count() == 14
    assert str(moves[0]) == "pick up 7♥ 7♣ 9♦"
    assert all(isinstance(m, Defend) and "9♦ with" not in str(m) for m in moves)
    assert len(set(moves)) == 14


# ---------------------------------------------------------------------------------------------
# P-D6: no passing; the attacker attacks again after a pick-up
# ---------------------------------------------------------------------------------------------


def test_P_D6_attacker_cannot_pass_and_attacks_again_after_pickup() -> None:
    state = State.from_position(hands=["7♥ 2♠", "9♥ 8♣ K♠"], stock=(), trump="♦")
    with pytest.raises(IllegalMove) as err:
        state.play("attack")
    assert "not a Panjpar move" in str(err.value)
    with pytest.raises(IllegalMove) as err:
        state.play(Attack(()))
    assert reason(err, "en") == "an attack needs 1, 3 or 5 cards; attacking is not optional"
    with pytest.raises(IllegalMove) as err:
        state.play("pick up")
    assert reason(err, "en") == "there is no attack to answer: Player A attacks now"
    after = state.play("attack 7♥").play("pick up")
    assert after.attacker == 0 and after.to_move == 0 and hand(after, 1) == ["7♥", "8♣", "9♥", "K♠"]
    after = after.play("attack 2♠").play("kill 2♠ with K♠")
    assert after.is_over and after.outcome.winner == 0  # type: ignore[union-attr]


def test_P_D6_wrong_player() -> None:
    state = State.from_position(hands=["7♥ 2♠", "9♥ 8♣ K♠"], stock=(), trump="♦")
    with pytest.raises(IllegalMove) as err:
        state.play("attack 7♥", seat=1)
    assert reason(err, "en") == "it is Player A's turn, not Player B's"
    assert reason(err, "de") == "Spieler A ist am Zug, nicht Spieler B"
    attacked = state.play("attack 7♥", seat=0)
    with pytest.raises(IllegalMove) as err:
        attacked.play("attack 2♠")
    assert reason(err, "en").startswith("Player B must answer the attack on the table")
    with pytest.raises(IllegalMove) as err:
        state.play("attack 9♥")
    assert reason(err, "en") == "9♥ is not in Player A's hand"


# ---------------------------------------------------------------------------------------------
# P-D7: end of game and draws
# ---------------------------------------------------------------------------------------------


def test_P_D7_example_emptying_with_stock_left_draws_and_the_other_wins() -> None:
    # 2 cards left in the stock; A attacks with his last 5, B beats all 5 with his last 5.
    state = State.from_position(
        hands=["7♠ 7♥ 9♠ 9♥ 2♣", "8♠ 8♥ 10♠ 10♥ 3♣"], stock="4♣ 5♦", trump="♦"
    )
    state = state.play("attack 7♠ 7♥ 9♠ 9♥ 2♣")
    assert not state.is_over
    state = state.play(
        "kill 7♠ with 8♠, kill 7♥ with 8♥, kill 9♠ with 10♠, kill 9♥ with 10♥, kill 2♣ with 3♣"
    )
    assert hand(state, 0) == ["4♣", "5♦"] and hand(state, 1) == []  # A drew both, B nothing
    assert state.is_over and state.outcome == panjpar.Outcome(1, (0, 1))
    assert state.to_move is None and state.legal_moves() == [] and state.legal_moves_count() == 0
    with pytest.raises(IllegalMove) as err:
        state.play("attack 4♣")
    assert str(err.value) == "the game is over: no more moves can be played"


def test_P_D7_draw_when_both_run_out_in_the_final_battle() -> None:
    # P-S25: one card each; the attacker plays his last card and the defender beats it.
    state = State.from_position(hands=["7♠", "8♠"], stock=(), trump="♦").play("attack 7♠")
    final = state.play("kill 7♠ with 8♠")
    assert final.is_over and final.outcome == panjpar.Outcome(None, (0, 0))
    picked = state.play("pick up")
    assert picked.is_over and picked.outcome.winner == 0  # type: ignore[union-attr]


def test_P_D7_play_ends_only_at_the_end_of_the_battle() -> None:
    state = State.from_position(hands=["7♠", "8♠ 2♥"], stock=(), trump="♦").play("attack 7♠")
    assert not state.is_over and state.to_move == 1  # A is empty, but the battle is on
    assert state.play("kill 7♠ with 8♠").outcome.winner == 0  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------------
# P-S27, P-S28: the end-game examples of the English seed, exactly
# ---------------------------------------------------------------------------------------------


def test_P_S27_endgame_example_1_pair_wins_at_once() -> None:
    # Both hold 5, the stock holds 4 including the trump (J♦). A attacks with 3, B beats all.
    state = State.from_position(
        hands=["7♠ 7♥ 9♣ 2♣ A♠", "8♠ 8♥ 10♣ K♠ K♥"], stock="4♠ 5♠ 6♠ J♦", trump="J♦"
    )
    assert len(state.stock) == 4
    state = state.play("attack 7♠ 7♥ 9♣").play("kill 7♠ with 8♠, kill 7♥ with 8♥, kill 9♣ with 10♣")
    assert hand(state, 0) == ["2♣", "4♠", "5♠", "6♠", "A♠"]  # A draws the last 3 face-down
    assert hand(state, 1) == ["J♦", "K♠", "K♥"]  # B gets the trump
    assert state.stock == () and state.to_move == 1
    # B attacks from a hand of three with a pair: B wins whatever A does.
    state = state.play("attack K♠ K♥ J♦")
    defences = state.legal_moves()
    assert len(defences) > 1
    for defence in defences:
        end = state.play(defence)
        assert end.is_over and end.outcome.winner == 1  # type: ignore[union-attr]


def test_P_S28_endgame_example_2_single_attack_only_then_b_wins() -> None:
    state = State.from_position(
        hands=["7♠ 7♥ 9♠ 9♥ 5♣", "8♠ 8♥ 10♠ 10♥ 3♣"], stock="4♠ 4♥ 2♣ J♦", trump="♦"
    )
    state = state.play("attack 7♠ 7♥ 9♠ 9♥ 5♣")
    state = state.play("kill 7♠ with 8♠, kill 7♥ with 8♥, kill 9♠ with 10♠, kill 9♥ with 10♥")
    assert str(state.last_move).endswith("pick up 5♣")
    assert hand(state, 0) == ["2♣", "4♠", "4♥", "J♦"]  # A draws the last 4 incl. the trump
    assert hand(state, 1) == ["3♣", "5♣"]  # B draws nothing: two cards
    assert state.to_move == 0 and state.stock == ()
    with pytest.raises(IllegalMove) as err:
        state.play("attack 4♠ 4♥ 2♣")  # A may attack only with one card
    assert reason(err, "en") == "Player B holds 2 cards: attack with one card"
    assert {len(m.cards) for m in state.legal_moves()} == {1}  # type: ignore[attr-defined]
    state = state.play("attack 2♣").play("kill 2♣ with 3♣")  # B beats it ...
    assert state.to_move == 1
    state = state.play("attack 5♣")  # ... and attacks with his other card
    for defence in state.legal_moves():
        assert state.play(defence).outcome.winner == 1  # type: ignore[union-attr]


# ---------------------------------------------------------------------------------------------
# P-S29 with P-D8: the worked example, with the corrected arithmetic
# ---------------------------------------------------------------------------------------------


def test_P_D8_worked_example_with_corrected_counts() -> None:
    a_hand, b_hand = "5♦ 5♣ K♣ 9♥ 9♣", "7♣ 4♠ 6♠ 2♥ 3♥"
    top = "3♠ Q♥ 8♦ 2♣ 4♥ 6♥ J♣ 10♥ 7♥"
    stock = cards.parse_many(top) + tuple(
        cards.parse_many(" ".join(rest_of_pack(a_hand, b_hand, top, indicator="2♦")))
    )
    state = State.from_position(hands=[a_hand, b_hand], stock=stock, trump="♦")
    assert sum(map(len, state.hands)) + len(state.stock) == 52
    state = state.play("attack ♦5-♣5-♣K")  # pagat's suit-first notation
    state = state.play("kill ♣5 with ♣7, pick up ♦5 ♣K")
    assert len(state.hands[1]) == 6  # P-D8: six, not the seed's seven
    assert len(state.hands[0]) == 5 and hand(state, 0) == ["3♠", "8♦", "9♥", "9♣", "Q♥"]
    assert texts(state.discard) == ["7♣", "5♣"]
    assert state.to_move == 0  # B picked up: A attacks again
    state = state.play("attack 9♥ 9♣ 3♠")
    state = state.play("kill 3♠ with 4♠, kill 9♣ with K♣, kill 9♥ with 5♦")
    assert len(state.discard) == 8  # all six played cards set aside (plus the first two)
    assert hand(state, 0) == ["2♣", "4♥", "6♥", "8♦", "Q♥"]  # A drew three
    assert hand(state, 1) == ["2♥", "3♥", "6♠", "10♥", "J♣"]  # P-D8: 3 left, drew 2
    assert state.to_move == 1  # B beat everything: B attacks
    assert not any(c.suit is Suit.SPADES for c in state.hands[0])  # A has no spades
    state = state.play("attack 6♠").play("pick up")
    assert hand(state, 1) == ["2♥", "3♥", "7♥", "10♥", "J♣"]  # B draws one
    assert len(state.hands[0]) == 6 and state.to_move == 1  # and attacks again


# ---------------------------------------------------------------------------------------------
# P-D9: what a player sees
# ---------------------------------------------------------------------------------------------


def test_P_D9_view_shows_no_stock_count() -> None:
    state = panjpar.new_game(seed=3)
    view = state.view(0)
    text = json.dumps(view, ensure_ascii=False)
    assert "stock_count" not in view and "42" not in text and "stock" not in view
    assert view["hand_sizes"] == [5, 5] and view["trump_card"] == str(state.trump_card)
    assert view["stock_empty"] is False and view["trump"] == state.trump.value
    for card in state.hands[1]:
        assert str(card) not in text
    teacher = state.view(0, teacher=True)
    assert teacher["stock_count"] == 42 and teacher["hands"][1] == hand(state, 1)
    assert state.view_all()["stock"] == texts(state.stock)


def test_P_D9_only_the_top_discard_and_the_indicator_until_drawn() -> None:
    state = State.from_position(
        hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦"
    )
    state = state.play("attack 2♠").play("kill 2♠ with K♠")
    view = state.view(1)
    assert view["discard_top"] == "K♠" and "2♠" not in json.dumps(view, ensure_ascii=False)
    assert view["trump_card"] is None and view["stock_empty"] is True and view["trump"] == "♦"
    assert view["known"] == [[], ["J♦"]]  # B drew the indicator: everyone saw it


# ---------------------------------------------------------------------------------------------
# P-D10: the stock holds 42 cards with the indicator last
# ---------------------------------------------------------------------------------------------


def test_P_D10_new_game_deals_five_each_and_a_42_card_stock() -> None:
    for seed in range(10):
        state = panjpar.new_game(seed=seed)
        assert [len(h) for h in state.hands] == [5, 5] and len(state.stock) == 42
        everything = [*state.hands[0], *state.hands[1], *state.stock]
        assert sorted(everything) == list(cards.DECK)
        assert state.trump_card is state.stock[-1] and state.trump is state.stock[-1].suit
    # The deal follows the seeded shuffle: alternately, non-dealer first; the 11th card is
    # the indicator.
    deck = cards.Rng(5).shuffle(cards.DECK)
    state = panjpar.new_game(seed=5, guess="red")
    assert set(state.hands[0]) == set(deck[0:10:2]) and set(state.hands[1]) == set(deck[1:10:2])
    assert state.stock[-1] is deck[10] and list(state.stock[:-1]) == deck[11:]


def test_P_D10_no_trump_exchange_indicator_drawn_last() -> None:
    # P-S21: holding the 2 of trumps gives no way to take the indicator.
    state = State.from_position(
        hands=["2♦ 3♠ 4♠ 5♠ 6♠", "7♠ 8♠ 9♠ 10♠ J♠"], stock="Q♣ K♣ A♦", trump="♦"
    )
    assert all(isinstance(m, Attack) for m in state.legal_moves())
    state = state.play("attack 3♠").play("kill 3♠ with 7♠")
    assert texts(state.stock) == ["A♦"] and state.trump_card == cards.parse("A♦")
    assert hand(state, 0) == ["2♦", "4♠", "5♠", "6♠", "Q♣"]


# ---------------------------------------------------------------------------------------------
# P-D11: variants of other sources are not adopted
# ---------------------------------------------------------------------------------------------


def test_P_D11_kite_runner_sequence_is_not_allowed() -> None:
    # "Hassan picked up the queens ... I killed his king": after a pick-up the picker does not
    # attack; the same attacker goes on (P-S15).
    state = State.from_position(
        hands=["Q♠ Q♥ 2♣ 3♣ 4♣", "K♠ 5♥ 6♥ 7♥ 8♥"], stock="9♣ 10♣ J♣ A♦", trump="♦"
    )
    state = state.play("attack Q♠ Q♥ 2♣").play("pick up")
    assert state.to_move == 0
    with pytest.raises(IllegalMove):
        state.play("attack K♠", seat=1)


def test_P_D11_five_card_attack_is_not_a_whole_hand_rule() -> None:
    # [afghan-web] calls a five-card play "one's entire hand"; here shape decides, not size.
    state = State.from_position(hands=["2♣ 3♣ 4♣ 5♣ 6♣", "7♠ 8♠ 9♠ 10♠ J♠"], stock="A♦", trump="♦")
    with pytest.raises(IllegalMove) as err:
        state.play("attack 2♣ 3♣ 4♣ 5♣ 6♣")
    assert reason(err, "en").endswith("2-3-4-5-6 has no pair")


# ---------------------------------------------------------------------------------------------
# Rule variants (data, DESIGN principle 7)
# ---------------------------------------------------------------------------------------------


def test_take_all_variant_kills_everything_or_picks_up_all() -> None:
    rules = panjpar.Rules(pickup="all")
    state = State.from_position(
        hands=["7♥ 7♣ 9♦", "9♥ 8♣ K♠ 4♦ 5♦ 10♦"], stock=(), trump="♦", rules=rules
    ).play("attack 7♥ 7♣ 9♦")
    with pytest.raises(IllegalMove) as err:
        state.play("kill 7♥ with 9♥")
    assert "take-all" in reason(err, "en") and "Alles-aufnehmen" in reason(err, "de")
    moves = state.legal_moves()
    assert str(moves[0]) == "pick up 7♥ 7♣ 9♦"
    assert all(len(m.kills) in (0, 3) for m in moves)  # type: ignore[attr-defined]
    # 9♦ needs the 10♦; 7♥ and 7♣ share 4♦ 5♦: 3 x 3 - 2 complete kills, plus the pick-up.
    assert len(moves) == state.legal_moves_count() == 1 + 7
    assert panjpar.count_defences("7♥ 7♣ 9♦", "9♥ 8♣ K♠ 4♦ 5♦ 10♦", "♦", rules) == 8


def test_hand_size_six_variant_draws_to_six() -> None:
    rules = panjpar.Rules(hand_size=6)
    state = State.from_position(
        hands=["2♠ 3♥", "7♠ 8♥"],
        stock="4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♦",
        trump="♦",
        rules=rules,
    )
    state = state.play("attack 2♠").play("kill 2♠ with 7♠")
    assert [len(h) for h in state.hands] == [6, 6]


# ---------------------------------------------------------------------------------------------
# Notation and descriptions
# ---------------------------------------------------------------------------------------------


def test_move_text_forms_and_parse_errors() -> None:
    assert panjpar.Move.parse("7h 7c 9d") == Attack("7♥ 7♣ 9♦")
    assert panjpar.Move.parse("throw TD") == Attack(["10♦"])
    assert panjpar.Move.parse("pick up") == Defend({})
    assert panjpar.Move.parse("take") == Defend()
    both = panjpar.Move.parse("kill 7♥ with 9♥, 7♣ with 8♣, pick up 9♦")
    assert both == Defend({"7♥": "9♥", "7♣": "8♣"}) and both.pickup == (cards.parse("9♦"),)  # type: ignore[attr-defined]
    assert str(both) == "kill 7♥ with 9♥, kill 7♣ with 8♣, pick up 9♦"
    for bad in ("", "fold", "kill 7♥", "kill 7♥ by 9♥", "pick up, kill 7♥ with 9♥", "attack"):
        with pytest.raises(IllegalMove) as err:
            panjpar.Move.parse(bad)
        assert "is not a Panjpar move" in str(err.value)
        assert "ist kein Panjpar-Zug" in err.value.text("de")
    with pytest.raises(IllegalMove) as err:
        panjpar.Move.parse("attack 7X")
    assert "'7X' is not a card" in str(err.value)
    with pytest.raises(IllegalMove):
        Attack.parse("pick up")
    with pytest.raises(IllegalMove):
        panjpar.Move.parse(7)  # type: ignore[arg-type]


def test_moves_describe_themselves_in_en_and_de() -> None:
    state = State.from_position(hands=["7♥ 7♣ 9♦ 3♠", "9♥ 8♣ 2♠"], stock=(), trump="♦")
    attack = Attack("7♥ 7♣ 9♦")
    assert attack.describe("en") == "Attack with 7♥ 7♣ 9♦"
    assert state.describe_move(attack, "de") == "Spieler A: Angriff mit 7♥ 7♣ 9♦"
    after = state.play(attack).play("kill 7♥ with 9♥")
    defence = after.last_move
    assert defence is not None
    assert defence.describe("en") == "kill 7♥ with 9♥; pick up 7♣ 9♦"
    assert defence.describe("de") == "schlägt 7♥ mit 9♥; nimmt 7♣ 9♦ auf"
    assert Defend().describe("en") == "Pick up all attack cards"
    assert Defend().describe("de") == "Nimmt alle Angriffskarten auf"
    assert repr(after) == (
        "<panjpar.State ply 2, seat 0 to move, attacker seat 0, trump ♦, hands 1/4, stock 0>"
    )


def test_positions_are_checked() -> None:
    with pytest.raises(panjpar.PositionError) as err:
        State.from_position(hands=["7♥", "7♥"], stock=(), trump="♦")
    assert str(err.value) == "7♥ appears twice in the position"
    with pytest.raises(panjpar.PositionError) as err:
        State.from_position(hands=["7♥", "8♥"], stock="2♣ 3♠", trump="♦")
    assert str(err.value) == (
        "the last stock card 3♠ is the trump indicator, so trumps are ♠, not ♦"
    )
    with pytest.raises(panjpar.PositionError) as err:
        State.from_position(hands=["7♥", "8♥"], stock=(), trump="X")
    assert "'X' is not a suit or card" in str(err.value)
    with pytest.raises(panjpar.PositionError) as err:
        State.from_position(hands=["", "8♥"], stock="2♦", trump="♦")
    assert str(err.value) == "Player A must attack but holds no cards"
    with pytest.raises(panjpar.PositionError):
        State.from_position(hands=["7♥ 8♠ 9♣", "8♥"], stock=(), trump="♦", attack="7♥ 8♠ 9♣")
    with pytest.raises(panjpar.PositionError):
        State.from_position(hands=["7♥", "8♥"], stock=(), trump="♦", known=[["8♥"], []])
    # A finished position is over at once; trump may be a card once the stock is empty.
    over = State.from_position(hands=["", "8♥"], stock=(), trump="Q♦")
    assert over.is_over and over.outcome.winner == 0  # type: ignore[union-attr]
    state = State.from_position(hands=["Q♦ 2♠", "8♥"], stock=(), trump="Q♦")
    assert texts(state.known[0]) == ["Q♦"]  # the drawn indicator is public


def test_P_D4_from_position_refuses_an_attack_bigger_than_the_defenders_hand() -> None:
    # Found while building tests/test_panjpar_positions.py, probing from_position with
    # positions the rules forbid: an attack of 5 against a defender holding 2 was set up,
    # though P-D4 / P-S23 allow him only one card; an attack against an empty hand too.
    with pytest.raises(panjpar.PositionError) as err:
        State.from_position(["2♠", "3♣ 4♣"], stock=(), trump="♦", attack="7♠ 7♥ 9♠ 9♥ 8♠")
    assert str(err.value) == (
        "the attack on the table has 5 cards but Player B holds 2 cards: an attack may not "
        "have more cards than the defender holds"
    )
    assert err.value.text("de") == (
        "der Angriff auf dem Tisch hat 5 Karten, aber Spieler B hat 2 Karten: ein Angriff "
        "darf nicht mehr Karten haben, als der Verteidiger hält"
    )
    with pytest.raises(panjpar.PositionError, match="Player A holds 0 cards"):
        State.from_position(["", "2♠"], stock=(), trump="♦", attacker=1, attack="7♠ 7♥ 9♠")
    # As many cards as the defender holds is allowed (P-S23: against 3 or 4, three).
    state = State.from_position(["2♠", "3♣ 4♣ 5♣"], stock=(), trump="♦", attack="7♠ 7♥ 9♠")
    assert state.to_move == 1


def test_P_S17_from_position_refuses_a_defender_without_cards_while_the_stock_lasts() -> None:
    # Found while building tests/test_panjpar_positions.py, probing from_position with
    # positions the rules forbid: with the stock not empty and B holding no cards, the
    # engine listed one-card attacks against him, while the plain rules list none
    # (allowed_attack_sizes(0) is empty, P-D4). Both draw up before every battle while the
    # stock lasts (P-S17), so no game reaches that position: it is refused.
    with pytest.raises(panjpar.PositionError) as err:
        State.from_position(["2♠ 3♠ 4♠ 5♠ 6♠", ""], stock="7♦", trump="♦")
    assert str(err.value) == (
        "Player B holds no cards although the stock is not empty: while the stock lasts, both "
        "players draw up before every battle"
    )
    assert err.value.text("de").startswith("Spieler B hat keine Karten, obwohl der Stapel")
    # Once the stock is gone, an empty hand ends the game (P-D7): that position is fine.
    assert State.from_position(["2♠", ""], stock=(), trump="♦").is_over


def test_hand_size_variant_deals_that_many_cards() -> None:
    """The `hand_size` flag deals and replenishes to the same size (P-S3 generalised)."""
    for size in (5, 6):
        state = panjpar.new_game(seed=3, rules=panjpar.Rules(hand_size=size))
        assert state.view(0)["hand_sizes"] == [size, size]
        assert sum(len(h) for h in state.hands) + len(state.stock) == 52
