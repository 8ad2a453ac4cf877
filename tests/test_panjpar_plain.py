"""The engine plays by the plain rules of cardwidgets/games/panjpar/rules.py: on random games,
every state's legal moves are the plain rules' legal attacks or defences, and every battle ends
as rules.battle says (set-aside pairs, pick-up, drawing order, next attacker, the end)."""

from __future__ import annotations

import pytest

from cardwidgets import cards
from cardwidgets.cards import Suit
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import Attack, Defend, rules


def _attack_set(state: panjpar.State) -> set[frozenset[cards.Card]]:
    return {frozenset(m.cards) for m in state.legal_moves() if isinstance(m, Attack)}


def _defence_set(state: panjpar.State) -> set[frozenset[tuple[cards.Card, cards.Card]]]:
    return {frozenset(m.kills.pairs) for m in state.legal_moves() if isinstance(m, Defend)}


@pytest.mark.parametrize("pickup", ["unbeaten", "all"])
def test_engine_battles_follow_the_plain_rules(pickup: str) -> None:
    flags = panjpar.Rules(pickup=pickup)
    rng = cards.Rng(f"plain {pickup}")
    battles = 0
    for game in range(25):
        state = panjpar.new_game(seed=f"plain-{game}", rules=flags, guess="black")
        guess = state.guess
        assert guess is not None and state.trump_card is not None
        assert state.attacker == rules.first_attacker(  # P-D1
            guess["guesser"], guess["guess"], state.trump_card
        )
        while not state.is_over:
            mover = state.to_move
            assert mover is not None
            hand = state.hands[mover]
            if state.attack:
                if (len(hand) + 1) ** len(state.attack) <= 4000:  # the plain listing tries all
                    plain = rules.legal_defences(state.attack, hand, state.trump, pickup)
                    assert _defence_set(state) == plain
            elif len(hand) <= 12:
                defender = len(state.hands[1 - mover])
                plain_attacks = {frozenset(a) for a in rules.legal_attacks(hand, defender)}
                assert _attack_set(state) == plain_attacks
            move = state.random_move(rng)
            child = state.play(move)
            if isinstance(move, Defend):
                battles += 1
                _check_battle(state, move, child, flags.hand_size)
            state = child
    assert battles > 500


def _check_battle(
    before: panjpar.State, move: Defend, after: panjpar.State, hand_size: int
) -> None:
    attacker = before.attacker
    hands = list(before.hands)
    plain = rules.battle(
        (hands[0], hands[1]), before.stock, attacker, before.attack, move.kills.pairs, hand_size
    )
    assert after.hands == plain.hands
    assert after.stock == plain.stock
    assert after.attacker == plain.attacker
    assert after.outcome == plain.outcome
    assert after.is_over is (plain.outcome is not None)
    # The killed pairs lie on the discard, each attack card under its killer (P-S13).
    new = after.discard[: 2 * len(plain.set_aside)]  # top first: the last killer on top
    assert new == tuple(card for pair in reversed(plain.set_aside) for card in reversed(pair))


def test_plain_draw_up_is_attacker_first() -> None:
    # P-D2 / P-D7 example: two cards left; A drew both, B nothing, B wins.
    a, b = cards.parse_many("4♣ 5♦"), ()
    hands, stock = rules.draw_up(((), b), a, attacker=0, hand_size=5)
    assert hands == (a, ()) and stock == ()
    outcome = rules.game_result(hands, stock)
    assert outcome is not None and outcome.winner == 1


def test_P_S28_plain_table_after_a_battle_matches_the_engine() -> None:
    # P-S28: four cards left, the indicator among them; A attacks with five, B kills four
    # and takes the fifth; A draws all four (the indicator too, now known, P-S21), B none.
    start = panjpar.State.from_position(
        ["7♠ 7♥ 9♠ 9♥ 2♣", "8♠ 8♥ 10♠ 10♥ 3♥"], stock="J♥ J♠ 4♣ 10♦", trump="♦"
    )
    table = rules.Table(start.hands, start.stock, start.trump, 0)
    thrown = cards.parse_many("7♠ 7♥ 9♠ 9♥ 2♣")
    table = rules.after_attack(table, thrown)
    assert table.hands[0] == () and table.attack == tuple(sorted(thrown))
    assert table.to_move() == 1
    kills = [
        (cards.parse(a), cards.parse(k))
        for a, k in [("7♠", "8♠"), ("7♥", "8♥"), ("9♠", "10♠"), ("9♥", "10♥")]
    ]
    after = rules.after_defence(table, kills, 5)
    assert after.hands == (cards.parse_many("4♣ 10♦ J♠ J♥"), cards.parse_many("2♣ 3♥"))
    assert after.stock == () and after.attacker == 0 and after.outcome is None
    assert after.known == ((cards.parse("10♦"),), (cards.parse("2♣"),))
    # P-S13: each attack card under its killer, the last pair (by attack card) on top.
    assert after.discard == cards.parse_many("10♥ 9♥ 10♠ 9♠ 8♥ 7♥ 8♠ 7♠")
    engine = start.play("attack 7♠ 7♥ 9♠ 9♥ 2♣").play(
        "kill 7♠ with 8♠, kill 7♥ with 8♥, kill 9♠ with 10♠, kill 9♥ with 10♥"
    )
    assert (engine.hands, engine.stock, engine.discard, engine.known, engine.attacker) == (
        after.hands,
        after.stock,
        after.discard,
        after.known,
        after.attacker,
    )


def test_plain_after_attack_forgets_thrown_known_cards_and_after_defence_learns_picked() -> None:
    # P-D9: a known card thrown leaves what the opponent knows of the hand; cards picked up
    # become known; a killer leaves the known cards with the hand.
    table = rules.Table(
        (cards.parse_many("7♠ 2♣"), cards.parse_many("8♠ 3♥")),
        (),
        Suit.DIAMONDS,
        0,
        known=(cards.parse_many("7♠"), cards.parse_many("8♠")),
    )
    table = rules.after_attack(table, cards.parse_many("7♠"))
    assert table.known == ((), cards.parse_many("8♠"))
    killed = rules.after_defence(table, [(cards.parse("7♠"), cards.parse("8♠"))], 5)
    assert killed.known == ((), ()) and killed.attacker == 1  # P-S14
    taken = rules.after_defence(table, [], 5)
    assert taken.known == ((), cards.parse_many("7♠ 8♠")) and taken.attacker == 0  # P-S15
