"""Scenario tests for Pazaak (docs/rules/pazaak.md): one or more per decision id Z-D1 … Z-D10."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

import pytest

from cardwidgets import IllegalMove
from cardwidgets.games import pazaak as pz
from cardwidgets.games.pazaak import EndTurn, PlayCard, Rules, SideCard, Stand, State, sidecards

FILL = Rules(fill_table_wins=True)
GOLD = Rules(gold_cards=True)


def pos(hands=("", ""), deck=(), tables=((), ()), rules=None, **more) -> State:
    more.setdefault("seed", 0)
    return State.from_position(hands, deck, tables, rules=rules, **more)


def reason(state: State, move, locale: str = "en", seat=None) -> str:
    with pytest.raises(IllegalMove) as err:
        state.play(move, seat=seat)
    return err.value.text(locale)


# -- Z-D1: the nine-card rule -----------------------------------------------------------------


def test_Z_D1_ninth_card_is_a_forced_stand_under_the_seed_rules():
    s = pos(deck=[3, 5], tables=([1, 1, 1, 1, 2, 2, 2, 2], [10]))
    assert s.tables[0] == (1, 1, 1, 1, 2, 2, 2, 2, 3)
    assert s.standing == (True, False) and s.to_move == 1 and s.sets_won == (0, 0)
    assert s.totals == (15, 15)


def test_Z_D1_fill_table_wins_the_set_at_once():
    s = pos(deck=[3, 5], tables=([1, 1, 1, 1, 2, 2, 2, 2], [10]), rules=FILL)
    assert s.sets_won == (1, 0) and s.set_number == 2
    assert s.last_set == (0, "fill", ((1, 1, 1, 1, 2, 2, 2, 2, 3), (10,)))


def test_Z_D1_fill_table_is_checked_before_the_auto_stand_at_20():
    tables = ([1, 1, 1, 1, 2, 2, 2, 7], [10])  # 17 on eight cards, the ninth is a 3 → 20
    assert pos(deck=[3], tables=tables, rules=FILL).last_set[:2] == (0, "fill")
    seed_rules = pos(deck=[3, 4], tables=tables)
    assert seed_rules.standing == (True, False) and seed_rules.sets_won == (0, 0)


def test_Z_D1_a_bust_ninth_draw_busts_even_with_fill_table_wins():
    tables = ([1, 1, 1, 1, 2, 2, 2, 9], [10])  # 19 on eight cards
    for rules in (None, FILL):
        s = pos(hands=["-5", ""], deck=[5], tables=tables, rules=rules)
        assert s.last_set[:2] == (1, "bust") and s.sets_won == (0, 1)


def test_Z_D1_a_hand_card_as_ninth_card_stands_or_fills():
    tables = ([1, 1, 1, 1, 2, 2, 2], [10])  # seven cards, 10; the draw makes eight
    s = pos(hands=["+2", ""], deck=[3, 4], tables=tables)
    after = s.play("play +2")
    assert len(after.tables[0]) == 9 and after.standing[0] and after.to_move == 1
    won = pos(hands=["+2", ""], deck=[3, 4], tables=tables, rules=FILL).play("play +2")
    assert won.last_set[:2] == (0, "fill")


def test_Z_D1_no_hand_card_with_nine_cards():
    s = pos(hands=["-1", ""], deck=[3, 5], tables=([1, 1, 1, 1, 2, 2, 2, 2], [10]))
    assert reason(s, "play -1", seat=0) == (
        "Player 1 has nine cards on the table and must stand: a hand card would be a tenth"
    )
    assert reason(s, "play -1", "de", seat=0).startswith("Spieler 1 hat neun Karten")


# -- Z-D2: the main deck ------------------------------------------------------------------------


def test_Z_D2_a_fresh_40_card_deck_every_set():
    s = pz.new_game(seed=5)
    first_set = s.set_number
    while s.set_number == first_set:
        s = s.play("stand")
    drawn = [v for tab in s.placed for src, v in tab if isinstance(src, int)]
    assert s.deck_size == 40 - len(drawn) == 39
    assert Counter(drawn) + Counter(s.deck) == Counter(pz.FULL_DECK)


def test_Z_D2_finite_deck_never_shows_a_value_five_times():
    with pytest.raises(IllegalMove, match="four 7s, but the position uses 5"):
        pos(deck=[7, 7], tables=([7, 7], [7]))


def test_Z_D2_uniform_with_replacement_draws_tenths():
    rules = Rules(main_deck="uniform_with_replacement")
    s = pos(deck=[7, 7], tables=([7, 7], [7, 7]), rules=rules)  # 5 sevens are fine here
    assert s.totals == (21, 14)
    assert s.deck_size is None
    assert pz.bust_probability(s, 1) == Fraction(4, 10)  # 14 busts with 7, 8, 9, 10


def test_Z_D2_explicit_deck_then_the_seeded_rest():
    a = pos(deck=[4, 6], seed=3)
    b = pos(deck=[4, 6], seed=3)
    assert a.deck == b.deck and a.deck[0] == 6 and len(a.deck) == 39
    assert Counter(a.deck) + Counter([4]) == Counter(pz.FULL_DECK)


# -- Z-D3: who starts ---------------------------------------------------------------------------


def test_Z_D3_set_one_starter_by_high_card_is_seeded_and_varies():
    starters = {pz.new_game(seed=n).starter for n in range(20)}
    assert starters == {0, 1}
    assert pz.new_game(seed=9).starter == pz.new_game(seed=9).starter
    given = pz.new_game(seed=9, starter=1)
    assert given.starter == 1 and given.to_move == 1 and len(given.tables[1]) == 1


def test_Z_D3_starter_alternates_after_a_won_set_and_after_a_tie():
    # P1 started; P2 stands on 20, P1 draws 5 to 20 as well: a tie, replayed by P2
    tie = pos(deck=[5, 8], tables=([10, 5], [10, 10]), standing=(False, True))
    assert tie.last_set[:2] == (None, "tie") and tie.sets_won == (0, 0)
    assert tie.set_number == 2 and tie.starter == 1 and tie.to_move == 1
    assert tie.tables[0] == () and len(tie.tables[1]) == 1  # a fresh deck (Z-D2)
    # set 2, started by P2, is won by P2 (P1 busts): set 3 is started by P1 again
    s = pos(deck=[9], tables=([10, 5], [10]), starter=1, set_number=2)
    s = s.play("end")  # P1 at 24 ends the turn: bust
    assert s.last_set[:2] == (1, "bust") and s.set_number == 3 and s.starter == 0


# -- Z-D4: bust at the end of the turn, recovery ------------------------------------------------


def test_Z_D4_a_minus_card_recovers_an_overshooting_draw():
    s = pos(hands=["-4", ""], deck=[8, 5], tables=([10, 5], [10]))
    assert s.totals[0] == 23 and s.to_move == 0  # over 20, but the turn is not over
    assert pz.bust_probability(s, 0) == 1
    s = s.play("play -4").play("end")
    assert s.totals == (19, 15) and s.sets_won == (0, 0) and s.to_move == 1


def test_Z_D4_ending_or_standing_over_20_is_a_bust():
    for move in ("end", "stand"):
        s = pos(hands=["+1", ""], deck=[8, 5], tables=([10, 5], [10])).play(move)
        assert s.sets_won == (0, 1) and s.last_set[:2] == (1, "bust")


def test_Z_D4_a_hand_card_can_bust_too():
    s = pos(hands=["+6", ""], deck=[4, 5], tables=([10], [10])).play("play +6")
    assert s.totals[0] == 20  # 10 + 4 + 6: exactly 20 stands, no bust
    s = pos(hands=["+6", ""], deck=[5, 5], tables=([10], [10])).play("play +6").play("end")
    assert s.last_set[:2] == (1, "bust")


# -- Z-D5: order of actions -----------------------------------------------------------------------


def test_Z_D5_draw_then_one_card_then_end_or_stand():
    s = pos(hands=["+1 +2", "-1"], deck=[5, 6])
    assert s.tables == ((5,), ()) and s.to_move == 0  # the draw happened by itself
    s = s.play("play +2")
    assert s.legal_moves() == [EndTurn(), Stand()]
    s = s.play("stand")  # a hand card then stand in the same turn
    assert s.standing == (True, False) and s.totals == (7, 6) and s.to_move == 1


def test_Z_D5_a_player_whose_opponent_stands_takes_consecutive_turns():
    s = pos(deck=[2, 3, 4], tables=((), (10, 9)), standing=(False, True))
    assert s.to_move == 0 and s.tables[0] == (2,)
    s = s.play("end")
    assert s.to_move == 0 and s.tables[0] == (2, 3)
    s = s.play("end")
    assert s.tables[0] == (2, 3, 4)


# -- Z-D6: auto-stand at exactly 20 -------------------------------------------------------------


def test_Z_D6_auto_stand_after_a_draw_and_after_a_hand_card():
    drawn = pos(hands=["-1", "+1"], deck=[10, 3], tables=([10], [5]))
    assert drawn.standing == (True, False) and drawn.to_move == 1 and drawn.totals == (20, 8)
    assert drawn.sets_won == (0, 0)  # reaching 20 does not end the set
    played = pos(hands=["+4 -1", ""], deck=[6, 3], tables=([10], [5])).play("play +4")
    assert played.standing == (True, False) and played.to_move == 1


def test_Z_D6_no_hand_card_after_the_auto_stand():
    s = pos(hands=["-1", "+1"], deck=[10, 3], tables=([10], [5]))
    assert reason(s, "play -1", seat=0) == (
        "Player 1 reached exactly 20 and stands automatically: no more hand cards in this set"
    )
    assert reason(s, "play -1", "de", seat=0) == (
        "Spieler 1 hat genau 20 erreicht und hält automatisch: in diesem Satz keine Handkarten mehr"
    )
    assert s.play("play +1", seat=1).totals == (20, 9)  # the opponent continues


# -- Z-D7: set results ---------------------------------------------------------------------------


def test_Z_D7_higher_total_wins_and_a_tie_is_replayed():
    s = pos(deck=[3], tables=([10, 5], [10, 9]), standing=(False, True)).play("stand")
    assert s.last_set[:2] == (1, "higher") and s.sets_won == (0, 1)
    tie = pos(deck=[3, 2], tables=([10, 5], [10, 6])).play("stand").play("stand")
    assert tie.sets_won == (0, 0) and tie.last_set[:2] == (None, "tie")


def test_Z_D7_negative_totals_compare_normally():
    s = pos(hands=["-6", "-6"], deck=[2, 1], tables=((), (3,)))
    s = s.play("play -6").play("stand")
    assert s.totals == (-4, 4)
    s = s.play("play -6").play("stand")
    assert s.last_set == (1, "higher", ((2, -6), (3, 1, -6)))


def test_Z_D7_a_single_tiebreaker_wins_a_tie():
    s = pos(hands=["±1T", "+1"], deck=[3, 3], tables=([10, 5], [10, 5]), rules=GOLD)
    s = s.play("play ±1T as +1").play("stand")  # 19
    s = s.play("play +1").play("stand")  # 19 as well
    assert s.last_set[:2] == (0, "tiebreaker") and s.sets_won == (1, 0)


def test_Z_D7_two_tiebreakers_stay_a_tie():
    s = pos(hands=["±1T", "±1T"], deck=[3, 3], tables=([10, 5], [10, 5]), rules=GOLD)
    s = s.play("play ±1T as +1").play("stand")  # 19
    s = s.play("play ±1T as +1").play("stand")  # 19
    assert s.last_set[:2] == (None, "tie")


# -- Z-D8: side decks and the match hand -------------------------------------------------------------


def test_Z_D8_side_decks_must_have_ten_valid_cards():
    deck = "+1 +2 +3 +4 +5 +6 -1 -2 -3"
    with pytest.raises(IllegalMove) as err:
        pz.new_game(seed=1, side_decks=[deck, None])
    assert str(err.value) == "the side deck of Player 1 has 9 cards: it must have exactly 10"
    assert err.value.text("de") == (
        "der Nebenstapel von Spieler 1 hat 9 Karten: es müssen genau 10 sein"
    )
    with pytest.raises(IllegalMove) as err:
        pz.new_game(seed=1, side_decks=[None, deck + " +9"])
    assert "Player 2" in str(err.value) and "'+9' is not a Pazaak side card" in str(err.value)
    with pytest.raises(IllegalMove) as err:
        pz.new_game(seed=1, side_decks=[deck + " 2&4", None])
    assert str(err.value) == (
        "the side deck of Player 1 is invalid: 2&4 is a gold card, and these rules play "
        "without gold cards (gold_cards=False)"
    )
    assert "2&4 ist eine Goldkarte" in err.value.text("de")
    ok = pz.new_game(seed=1, side_decks=[deck + " 2&4", None], rules=GOLD)
    assert len(ok.hands[0]) == 4


def test_Z_D8_the_hand_is_four_cards_from_the_side_deck_kept_for_the_match():
    deck = "+1 +2 +3 +4 +5 +6 -1 -2 -3 ±4"
    s = pz.new_game(seed=11, side_decks=[deck, deck])
    hands = s.hands
    for hand in hands:
        assert len(hand) == 4 and not Counter(hand) - Counter(sidecards.side_cards(deck))
    card = s.hands[s.to_move][0]
    seat = s.to_move
    move = next(m for m in s.legal_moves() if isinstance(m, PlayCard) and m.card is card)
    s = s.play(move)
    while s.set_number == 1 and not s.is_over:
        s = s.play("stand")
    assert Counter(s.hands[seat]) + Counter([card]) == Counter(hands[seat])  # gone for good
    assert s.hands[1 - seat] == hands[1 - seat]  # unused cards carry over
    assert s.used[seat] == (card,)


def test_Z_D8_default_side_decks_follow_the_preset():
    assert pz.default_side_deck(Rules.seed()) == pz.SIDE_DECKS["seed"]
    assert pz.default_side_deck(Rules.kotor1()) == pz.SIDE_DECKS["kotor1"]
    assert pz.default_side_deck(Rules.kotor2()) == pz.SIDE_DECKS["kotor2"]
    for deck in pz.SIDE_DECKS.values():
        assert len(deck) == 10


# -- Z-D9: gold cards -------------------------------------------------------------------------------


def test_Z_D9_gold_cards_need_the_flag():
    with pytest.raises(IllegalMove, match="D is a gold card"):
        pos(hands=["D", ""], deck=[5])
    assert pos(hands=["D", ""], deck=[5], rules=GOLD).hands[0] == (pz.DOUBLE,)


def test_Z_D9_plus_minus_one_two():
    s = pos(hands=["±1/2", ""], deck=[5, 5], rules=GOLD)
    plays = [str(m) for m in s.legal_moves() if isinstance(m, PlayCard)]
    assert plays == ["play ±1/2 as +1", "play ±1/2 as -1", "play ±1/2 as +2", "play ±1/2 as -2"]
    assert s.play("play ±1/2 as -2").totals[0] == 3
    assert "choose +1, -1, +2, -2" in reason(s, "play ±1/2")


def test_Z_D9_double_copies_the_drawn_card():
    s = pos(hands=["D", ""], deck=[6, 5], tables=([3], []), rules=GOLD).play("play D")
    assert s.tables[0] == (3, 6, 6) and s.totals[0] == 15


def test_Z_D9_flip_changes_own_cards_only_and_is_worth_zero():
    # one hand card per turn, after its draw (Z-D5): 3 is the draw of the turn of -4
    s = pos(hands=["2&4", ""], deck=[4, 5], tables=([2, "+2", 3, "-4", 7], [2, 4]), rules=GOLD)
    assert s.totals[0] == 14
    s = s.play("play 2&4")
    assert s.tables[0] == (-2, -2, 3, 4, 7, -4, 0) and s.totals[0] == 6
    assert s.tables[1] == (2, 4)  # the opponent's table is not touched
    assert s.placed[0][0] == (2, -2) and s.placed[0][1] == (SideCard("+2"), -2)
    t = pos(hands=["3&6", ""], deck=[6, 5], tables=([3, 10], []), rules=GOLD).play("play 3&6")
    assert t.tables[0] == (-3, 10, -6, 0)


def test_Z_D9_tiebreaker_is_plus_or_minus_one():
    s = pos(hands=["±1T", ""], deck=[6, 5], rules=GOLD)
    assert [str(m) for m in s.legal_moves()][:2] == ["play ±1T as +1", "play ±1T as -1"]
    assert s.play("play ±1T as -1").totals[0] == 5


# -- Z-D10: no passing the draw ----------------------------------------------------------------------


def test_Z_D10_every_turn_starts_with_a_draw():
    s = pos(deck=[1, 2, 3, 4])
    for expected in ((1,), (1, 3)):
        assert s.tables[0] == expected
        s = s.play("end").play("end")
    assert all(not isinstance(m, str) for m in s.legal_moves())
    assert {type(m) for m in s.legal_moves()} <= {PlayCard, EndTurn, Stand}
    assert reason(s, "pass draw").startswith("'pass draw' is not a Pazaak move")


# -- seed rules and illegal moves in en and de ----------------------------------------------------------


def test_Z_S2_first_to_three_sets_wins_the_match():
    s = pos(deck=[9], tables=([10, 5], [10]), sets_won=(1, 2)).play("end")
    assert s.is_over and s.to_move is None and s.outcome.winner == 1
    assert s.outcome.scores == (1, 3) and s.legal_moves() == []
    assert reason(s, "stand") == "the game is over: no more moves can be played"


def test_Z_S8_second_hand_card_in_a_turn():
    s = pos(hands=["+1 +2", ""], deck=[5, 5]).play("play +1")
    assert reason(s, "play +2") == (
        "only one hand card may be played per turn, and +1 was already played this turn: "
        "end the turn or stand"
    )
    assert reason(s, "play +2", "de").startswith("pro Runde darf nur eine Handkarte")


def test_Z_S9_a_plus_minus_card_needs_a_sign():
    s = pos(hands=["±4", ""], deck=[5, 5])
    assert reason(s, PlayCard("±4")) == (
        "±4 needs a declared value before it is played: choose +4, -4"
    )
    assert reason(s, "play ±4", "de") == (
        "bei ±4 muss vor dem Ausspielen der Wert angesagt werden: wähle +4, -4"
    )
    assert s.play("play ±4 as -4").totals[0] == 1
    assert s.play(PlayCard("+-4", "+")).totals[0] == 9


def test_wrong_sign_and_card_not_in_hand():
    s = pos(hands=["±4 -3", "+2"], deck=[5, 5])
    assert reason(s, PlayCard("-3", "+")) == "-3 has a fixed value and cannot be played as +3"
    assert reason(s, PlayCard("-3", 1), "de") == (
        "-3 hat einen festen Wert und kann nicht als +3 gespielt werden"
    )
    assert reason(s, "play ±4 as +2") == "±4 cannot be played as +2: choose +4, -4"
    assert reason(s, "play +2") == "+2 is not in Player 1's hand (the hand holds: -3 ±4)"
    assert reason(s, "play +2", "de") == (
        "+2 ist nicht in der Hand von Spieler 1 (die Hand enthält: -3 ±4)"
    )
    assert reason(s, "end", seat=1) == "it is Player 1's turn, not Player 2's"


def test_Z_S11_a_standing_player_acts_no_more():
    s = pos(hands=["+1", "+1"], deck=[5, 5, 5]).play("stand")
    assert reason(s, "play +1", seat=0) == (
        "Player 1 stands: no more draws or hand cards in this set"
    )
    assert reason(s, "play +1", "de", seat=0) == (
        "Spieler 1 hält: in diesem Satz keine Karten und Handkarten mehr"
    )


def test_Z_S9_Z_S10_Z_S11_a_stand_made_anew_stands_like_the_listed_one():
    """The issue's reproduction: seat 0 stands on 18 with ``Stand()`` written by hand; seat 1
    then stands on 20 by the auto stand and wins the set. ``Stand()`` was compared by identity
    with the module's STAND, so a new object ended the turn instead (Z-S10) and seat 0 drew."""
    start = State.from_position(
        hands=(["+2", "+3", "-1", "±4"], ["-1", "+1", "+2", "-3"]),
        deck=[8, 5, 3, 10, 7, 5, 4, 4],
        to_move=0,
        seed=3,
    )
    results = []
    for stand in (Stand(), pz.STAND, "stand"):
        s = start
        for move in [EndTurn()] * 4 + [stand]:
            s = s.play(move)
        results.append(s)
        assert s.sets_won == (0, 1)  # seat 1's 20 beats seat 0's 18
        assert s.last_set is not None and s.last_set[0] == 1
    assert results[0].view(None).to_json() == results[2].view(None).to_json()
    assert results[0].to_record() == results[1].to_record() == results[2].to_record()


def test_states_are_values():
    s = pos(hands=["+1", ""], deck=[5, 5])
    before = (s.tables, s.hands, s.totals)
    with pytest.raises(IllegalMove):
        s.play("play +3")
    s.play("play +1")
    assert (s.tables, s.hands, s.totals) == before


def test_move_notation_and_descriptions():
    for text in (
        "play +3",
        "play -3",
        "play ±4 as +4",
        "play ±1/2 as -2",
        "play D",
        "play ±1T as -1",
        "play 2&4",
        "play 3&6",
        "end",
        "stand",
    ):
        assert str(pz.Move.parse(text)) == text
    assert pz.Move.parse("+-4 as +4") == PlayCard("±4", 1) == PlayCard("±4", 4)
    assert pz.Move.parse("Flip 2&4") == PlayCard(pz.FLIP_2_4)
    assert pz.Move.parse("play 1±2 as +2") == PlayCard(pz.PLUS_MINUS_1_2, 2)
    assert PlayCard("±4", "-").describe() == "The player to move plays ±4 as -4"
    assert PlayCard("-3").describe("de", seat=1) == "Spieler 2 spielt -3"
    assert Stand().describe("de", seat=0) == "Spieler 1 hält"
    assert EndTurn().describe(seat=1) == "Player 2 ends the turn"
    with pytest.raises(IllegalMove, match="cannot be played as \\+1"):
        pz.Move.parse("play ±4 as +1")


def test_side_card_parsing():
    texts = ["+3", "-3", "±3", "+-3", "±1/2", "1±2", "D", "±1T", "2&4", "3&6", "Flip 3&6"]
    shown = [str(SideCard.parse(t)) for t in texts]
    assert shown == ["+3", "-3", "±3", "±3", "±1/2", "±1/2", "D", "±1T", "2&4", "3&6", "3&6"]
    assert SideCard("+3") is SideCard.parse("+3") is SideCard("+", 3)
    with pytest.raises(IllegalMove):
        SideCard.parse("±7")


def test_bad_positions_are_explained():
    with pytest.raises(IllegalMove, match="must be standing"):
        pos(deck=[5], tables=([10, 10], [5]))
    with pytest.raises(IllegalMove, match="over 20"):
        pos(deck=[5], tables=([5], [10, 10, 3]), standing=(False, True))
    with pytest.raises(IllegalMove, match="is to move but stands"):
        pos(deck=[5], standing=(True, False))
    with pytest.raises(IllegalMove, match="not a main-deck card"):
        pos(deck=[11])


def test_placed_side_cards_in_positions_are_checked():
    s = pos(deck=[5, 5], tables=([10, ("±4", -4)], []))  # a table starts with a draw (Z-D5)
    assert s.placed[0][1] == (SideCard("±4"), -4) and s.totals[0] == 11
    with pytest.raises(IllegalMove, match="is not a placed card"):
        pos(deck=[5], tables=([("±4", 3)], []))
    with pytest.raises(IllegalMove, match="D is a gold card"):
        pos(deck=[5], tables=([3, ("D", 3)], []))
    assert pos(deck=[5], tables=([3, ("D", 3)], []), rules=GOLD).totals[0] == 11
