"""Scenario tests for Tablić: one per rule decision T-D1..T-D12 and the seed examples T-S14..T-S17.

Positions are set up with ``State.from_position`` so every test pins the cards it talks about.
"""

from __future__ import annotations

import json

import pytest

from cardwidgets import IllegalMove, RecordError, cards, tablic
from cardwidgets.games.tablic import Move, Rules, State


def fmt(found: list[frozenset[cards.Card]]) -> set[str]:
    return {cards.format_cards(sorted(c)) for c in found}


def capture_texts(state: State, card: str) -> set[str]:
    played = cards.parse(card)
    return {str(m) for m in state.legal_moves() if m.card is played and m.captured}


# -- seed examples -------------------------------------------------------------------------------


def test_T_S14_eight_takes_three_and_five_seven_takes_seven() -> None:
    assert fmt(tablic.capture_options("8♦", "3♠ 5♥ 7♣")) == {"3♠ 5♥"}
    assert fmt(tablic.capture_options("7♦", "3♠ 5♥ 7♣")) == {"7♣"}


def test_T_S15_eight_takes_both_stacks_and_scores_a_tabla() -> None:
    state = State.from_position(table="2♠ 3♥ 5♦ 6♣", hands=("8♦ 9♠", "4♥ 4♣"))
    assert "2♠ 3♥ 5♦ 6♣" in fmt(tablic.capture_options("8♦", state.table))
    after = state.play("8♦ x 2♠ 3♥ 5♦ 6♣")
    assert after.table == ()
    assert after.tablas == (1, 0)
    assert after.piles[0] == cards.parse_many("2♠ 3♥ 5♦ 6♣ 8♦")


def test_T_S16_ace_takes_ace_or_ace_and_ten() -> None:
    assert fmt(tablic.capture_options("A♦", "A♣ 10♥")) == {"A♣", "10♥ A♣"}


def test_T_S17_king_takes_two_stacks_and_one_king() -> None:
    table = "3♠ 4♠ 5♠ 6♠ 10♠ K♥ K♣"
    best = fmt(tablic.maximal_captures("K♦", table))
    assert best == {"3♠ 4♠ 5♠ 6♠ 10♠ K♥", "3♠ 4♠ 5♠ 6♠ 10♠ K♣"}
    state = State.from_position(table=table, hands=("K♦ 2♠", "2♥ 2♣"))
    after = state.play("K♦ x 3♠ 4♠ 5♠ 6♠ 10♠ K♥")
    assert after.table == (cards.parse("K♣"),)
    with pytest.raises(IllegalMove):
        state.play("K♦ x 3♠ 4♠ 5♠ 6♠ 10♠ K♥ K♣")


# -- decisions -------------------------------------------------------------------------------------


def test_T_D1_any_union_of_groups_is_legal_and_trailing_always_is() -> None:
    state = State.from_position(table="2♠ 3♥ 5♦ 6♣", hands=("8♦", "9♠"))
    assert capture_texts(state, "8♦") == {"8♦ x 2♠ 6♣", "8♦ x 3♥ 5♦", "8♦ x 2♠ 3♥ 5♦ 6♣"}
    assert "8♦" in [str(m) for m in state.legal_moves()]  # T-S11: no obligation to capture
    state.play("8♦ x 2♠ 6♣")  # taking only some of the groups is allowed by default


def test_T_D1_variant_capture_must_be_maximal() -> None:
    rules = Rules(capture_must_be_maximal=True)
    state = State.from_position(table="2♠ 3♥ 5♦ 6♣", hands=("8♦", "9♠"), rules=rules)
    assert capture_texts(state, "8♦") == {"8♦ x 2♠ 3♥ 5♦ 6♣"}
    assert "8♦" in [str(m) for m in state.legal_moves()]  # trailing stays legal
    with pytest.raises(IllegalMove) as err:
        state.play("8♦ x 2♠ 6♣")
    assert err.value.text("en") == (
        "with these rules a capture may not leave out cards that a bigger capture could take: "
        "8♦ can take 2♠ 3♥ 5♦ 6♣"
    )
    assert err.value.text("de") == (
        "nach diesen Regeln darf ein Stich keine Karten liegen lassen, die ein größerer Stich "
        "nehmen könnte: 8♦ kann 2♠ 3♥ 5♦ 6♣ nehmen"
    )
    # Several maximal captures can exist when none contains another: the player picks one.
    assert fmt(tablic.maximal_captures("K♦", "K♠ K♥ 4♣ 10♣")) == {"4♣ 10♣ K♠", "4♣ 10♣ K♥"}
    assert fmt(tablic.maximal_captures("6♦", "2♠ 4♥ 3♣ 3♥")) == {"2♠ 3♥ 3♣ 4♥"}


def test_T_D1a_maximal_means_no_other_capture_contains_it() -> None:
    rules = Rules(capture_must_be_maximal=True)
    # 7 on 5 4 5 3 2 2: 2+2+3 leaves 5 4 5 (no 7 among them), yet 2+5, 2+5, 3+4 takes all six.
    table = "5♠ 4♠ 5♥ 3♠ 2♠ 2♥"
    assert fmt(tablic.maximal_captures("7♦", table)) == {"2♠ 2♥ 3♠ 4♠ 5♠ 5♥"}
    assert fmt(tablic.capture_options("7♦", table, rules)) == {"2♠ 2♥ 3♠ 4♠ 5♠ 5♥"}
    state = State.from_position(table=table, hands=("7♦", "9♠"), rules=rules)
    with pytest.raises(IllegalMove, match="7♦ can take 2♠ 2♥ 3♠ 4♠ 5♠ 5♥"):
        state.play("7♦ x 2♠ 2♥ 3♠")
    assert state.play("7♦ x 2♠ 2♥ 3♠ 4♠ 5♠ 5♥").table == ()
    # A♥ on 10♣ 3♣ A♠: {A♠, 10♣} is legal, so {A♠} alone is not maximal.
    assert fmt(tablic.maximal_captures("A♥", "10♣ 3♣ A♠")) == {"10♣ A♠"}
    assert fmt(tablic.capture_options("A♦", "A♣ 10♥", rules)) == {"10♥ A♣"}
    assert tablic.count_captures("A♦", "A♣ 10♥", rules) == 1
    # 6 on A 5 2 4 3 3: {A,2,3} leaves 5 4 3 (no 6), but {A,5},{2,4},{3,3} contains it.
    found = fmt(tablic.maximal_captures("6♦", "A♠ 5♠ 2♠ 4♠ 3♠ 3♥"))
    assert found == {"2♠ 3♠ 3♥ 4♠ 5♠ A♠"}
    # Without the flag the smaller captures stay legal (T-D1).
    assert "2♠ 2♥ 3♠" in fmt(tablic.capture_options("7♦", table))


def test_T_D2_table_aces_count_one_or_eleven_each() -> None:
    # A Jack (12) takes A + A as 1 + 11.
    assert fmt(tablic.capture_options("J♦", "A♠ A♥")) == {"A♠ A♥"}
    # A Queen (13) takes A + 2 (11 + 2) or A + 2 + 10 (1 + 2 + 10), never both at once.
    assert fmt(tablic.capture_options("Q♦", "A♣ 2♥ 10♠")) == {"2♥ A♣", "2♥ 10♠ A♣"}
    assert tablic.card_values("A♣") == (1, 11)


def test_T_D3_played_ace_takes_one_value_for_the_whole_capture() -> None:
    # At 11: {A♣} (11) and {A♠, 10♥} (1 + 10): a tabla with all three cards.
    state = State.from_position(table="A♣ A♠ 10♥", hands=("A♦ 2♠", "3♠ 4♠"))
    after = state.play("A♦ x A♣ A♠ 10♥")
    assert after.tablas == (1, 0)
    # A played ace cannot mix values: with 10 and 9+2 on the table, the 1-groups are Aces only.
    assert fmt(tablic.capture_options("A♦", "9♠ 2♠ 10♥")) == {"2♠ 9♠"}
    assert tablic.played_value("A♦") == 11
    # Overlapping captures are alternatives, never "both" (T-S16).
    assert "10♥ A♣" in fmt(tablic.capture_options("A♦", "A♣ 10♥"))
    with pytest.raises(IllegalMove):
        State.from_position(table="5♠ 6♠", hands=("A♦", "2♠")).play("A♦ x 5♠")


def test_T_D4_king_takes_at_most_one_king_but_queen_takes_two_queens() -> None:
    assert fmt(tablic.capture_options("K♦", "K♠ K♥")) == {"K♠", "K♥"}
    assert fmt(tablic.capture_options("Q♦", "Q♠ Q♥")) == {"Q♠", "Q♥", "Q♠ Q♥"}
    state = State.from_position(table="K♠ K♥", hands=("K♦", "2♠"))
    with pytest.raises(IllegalMove) as err:
        state.play("K♦ x K♠ K♥")
    assert err.value.text("en") == "a King captures at most one King from the table, not K♠ K♥"
    assert err.value.text("de") == "ein König nimmt höchstens einen König vom Tisch, nicht K♠ K♥"
    assert tablic.count_captures("K♦", "K♠ K♥ K♣ 10♠ 4♠") == 3 + 1 + 3


def test_T_D5_tabla_scores_but_not_with_the_last_card_of_the_deal() -> None:
    # The last card of the deal (hands and stock empty after it) clears the table: no tabla.
    state = State.from_position(
        table="5♠", hands=((), "5♥"), to_move=1, piles=("2♣", ""), last_capturer=0,
        totals=(0, 0), seed=1,
    )  # fmt: skip
    after = state.play("5♥ x 5♠")
    assert after.deal_results[-1].tablas == (0, 0)
    # ... unless final_card_tabla (S2's literal reading).
    rules = Rules(final_card_tabla=True)
    state = State.from_position(table="5♠", hands=((), "5♥"), to_move=1, rules=rules, seed=1)
    assert state.play("5♥ x 5♠").deal_results[-1].tablas == (0, 1)
    # A tabla with the last card of an earlier round counts (the stock is not empty).
    stock = cards.DECK[:12]
    state = State.from_position(table="9♠", hands=((), "9♥"), to_move=1, stock=stock, seed=1)
    after = state.play("9♥ x 9♠")
    assert after.tablas == (0, 1) and after.round == 4 and len(after.hands[0]) == 6
    # After a tabla the next player can only lay a card.
    assert all(m.is_trail for m in after.legal_moves())


def test_T_D5_leftover_sweep_is_never_a_tabla() -> None:
    state = State.from_position(table="7♠", hands=("2♠", "3♠"), last_capturer=0, seed=1)
    end = state.play("2♠").play("3♠")
    result = end.deal_results[-1]
    assert result.leftovers_to == 0 and result.tablas == (0, 0)
    assert set(result.leftovers) == set(cards.parse_many("7♠ 2♠ 3♠"))


def test_T_D6_leftovers_go_to_last_capturer_or_dealer() -> None:
    position = {"table": "7♠", "hands": ("2♠", "3♠"), "last_capturer": 0, "dealer": 1, "seed": 1}
    result = State.from_position(**position).play("2♠").play("3♠").deal_results[-1]  # type: ignore[arg-type]
    assert result.leftovers_to == 0 and result.cards == (3, 0)
    rules = Rules(leftovers_to="dealer")
    result = (State.from_position(rules=rules, **position)  # type: ignore[arg-type]
              .play("2♠").play("3♠").deal_results[-1])  # fmt: skip
    assert result.leftovers_to == 1 and result.cards == (0, 3)
    # Nobody captured in the deal: the leftovers go to nobody.
    nobody = {**position, "last_capturer": None}
    result = State.from_position(**nobody).play("2♠").play("3♠").deal_results[-1]  # type: ignore[arg-type]
    assert result.leftovers_to is None and result.cards == (0, 0)


def _last_deal(totals: tuple[int, int], seed: int = 3) -> State:
    """Both players hold one card and lay it; each has one ace-point in the pile."""
    return State.from_position(table=(), hands=("3♠", "4♠"), piles=("A♠", "A♥"),
                               totals=totals, dealer=1, seed=seed)  # fmt: skip


def test_T_D7_match_ends_at_101_with_higher_total() -> None:
    end = _last_deal((100, 90)).play("3♠").play("4♠")
    assert end.is_over
    assert end.outcome is not None and end.outcome.winner == 0 and end.outcome.scores == (101, 91)
    assert end.to_move is None and end.legal_moves() == []
    with pytest.raises(IllegalMove):
        end.play("3♠")
    # Below the target the match continues with the next deal.
    more = _last_deal((10, 20)).play("3♠").play("4♠")
    assert not more.is_over and more.deal_number == 2 and more.totals == (11, 21)


def test_T_D7_equal_totals_at_target_play_another_deal() -> None:
    tied = _last_deal((100, 100)).play("3♠").play("4♠")
    assert tied.totals == (101, 101)
    assert not tied.is_over and tied.deal_number == 2
    assert tied.dealer == 0  # T-S3: the dealer alternates
    assert len(tied.table) == 4 and [len(h) for h in tied.hands] == [6, 6]
    assert tied.to_move == 1  # Elder of the new deal


def test_T_D7_custom_target() -> None:
    end = _last_deal((0, 0)).play("3♠").play("4♠")
    assert not end.is_over
    rules = Rules(target=1)
    end = State.from_position(table=(), hands=("3♠", "4♠"), piles=("A♠", ""), rules=rules,
                              seed=2).play("3♠").play("4♠")  # fmt: skip
    assert end.is_over and end.outcome is not None and end.outcome.winner == 0


def test_T_D8_deal_table_stock_and_batches_of_three() -> None:
    deck = cards.shuffled(cards.DECK, seed=11)
    state = State.from_position(table=deck[:4], hands=((), ()), stock=deck[4:], dealer=1, seed=1)
    stock = deck[4:]
    elder, dealer = 0, 1
    assert set(state.hands[elder]) == set(stock[0:3] + stock[6:9])
    assert set(state.hands[dealer]) == set(stock[3:6] + stock[9:12])
    assert state.stock == tuple(stock[12:])
    assert state.to_move == elder
    # The bottom stock card is public (T-D8) and is dealt to the dealer in round 4.
    assert state.view(0)["stock_bottom"] == stock[-1].text
    assert state.view(None)["stock_bottom"] == stock[-1].text
    # A new match deals the same way from its seeded deck.
    game = tablic.new_game(seed="T-D8")
    assert len(game.table) == 4 and len(game.stock) == 36 and game.round == 1
    assert game.view(1)["stock_bottom"] == game.stock[-1].text


def test_T_D8_bottom_card_known_in_the_dealers_hand() -> None:
    deck = cards.shuffled(cards.DECK, seed=5)
    bottom = deck[15]  # the last card of this 12-card stock goes to the dealer
    state = State.from_position(table=deck[:4], hands=((), ()), stock=deck[4:16], dealer=1,
                                seed=1)  # fmt: skip
    assert bottom in state.hands[1]
    assert state.view(0)["revealed"] == [[], [bottom.text]]
    assert state.view(0)["stock_bottom"] is None


def test_T_D9_card_points_total_22_and_the_bonus_needs_strictly_more_cards() -> None:
    assert sum(tablic.card_points(c) for c in cards.DECK) == 22
    assert sum(tablic.score_deal(cards.DECK[:26], cards.DECK[26:])) == 22
    assert sum(tablic.score_deal(cards.DECK[:27], cards.DECK[27:])) == 25
    assert tablic.score_deal(cards.DECK[:27], cards.DECK[27:], tablas=(1, 2)) == (4 + 1, 21 + 2)
    assert tablic.card_points("10♦") == 2 and tablic.card_points("2♣") == 1
    assert tablic.card_points("10♣") == 1 and tablic.card_points("9♦") == 0


def test_T_D10_first_dealer_is_a_parameter_and_elder_leads() -> None:
    assert tablic.new_game(seed=1, dealer=1).to_move == 0
    assert tablic.new_game(seed=1, dealer=0).to_move == 1
    assert tablic.new_game(seed=1, dealer=0).dealer == 0
    with pytest.raises(ValueError):
        tablic.new_game(seed=1, dealer=2)


def test_T_D11_jack_is_twelve_not_a_sweeper() -> None:
    # Western Tablanette lets a Jack take the whole table; here it only takes groups of 12.
    assert fmt(tablic.capture_options("J♦", "5♠ 9♥ 7♣ Q♠")) == {"5♠ 7♣"}
    assert tablic.card_values("J♦") == (12,) and tablic.card_values("Q♦") == (13,)
    assert tablic.card_values("K♦") == (14,)


def test_T_D12_pile_holds_played_and_captured_cards_and_trails_belong_to_nobody() -> None:
    state = State.from_position(table="3♠ 5♥", hands=("8♦ 2♠", "4♣ 6♣"))
    after = state.play("8♦ x 3♠ 5♥")
    assert set(after.piles[0]) == set(cards.parse_many("8♦ 3♠ 5♥"))
    trailed = after.play("4♣")
    assert trailed.table == (cards.parse("4♣"),) and trailed.piles == after.piles
    assert trailed.view(None)["piles"] == [{"cards": 3, "points": 0}, {"cards": 0, "points": 0}]


# -- moves, notation and reasons --------------------------------------------------------------------


def test_move_notation_round_trips_and_accepts_ascii() -> None:
    move = Move.parse("8D x 3S 5H")
    assert str(move) == "8♦ x 3♠ 5♥" and Move.parse(str(move)) == move
    assert Move.parse("trail 8♦") == Move.parse("8d") == Move(cards.parse("8♦"))
    assert move.card is cards.parse("8♦") and move.captured == frozenset(cards.parse_many("3♠ 5♥"))
    assert Move.parse("8♦ x 3♠ + 5♥") == move
    assert move.describe() == "8♦ captures 3♠ 5♥"
    assert Move.parse("8♦").describe("de") == "8♦ wird auf den Tisch gelegt"


@pytest.mark.parametrize("text", ["", "x 3♠", "8♦ x", "8♦ 3♠", "8♦ x 3♠ x 5♥", "zz", "8♦ x 8♦"])
def test_unreadable_moves_raise_illegal_move(text: str) -> None:
    with pytest.raises(IllegalMove):
        Move.parse(text)


def test_illegal_move_reasons_in_english_and_german() -> None:
    state = State.from_position(table="3♠ 5♥ 7♣", hands=("8♦ 9♠", "4♣"))
    with pytest.raises(IllegalMove) as err:
        state.play("4♣")
    assert err.value.text("en") == "4♣ is not in your hand"
    assert err.value.text("de") == "4♣ ist nicht in deiner Hand"
    with pytest.raises(IllegalMove) as err:
        state.play("8♦ x 3♠ 5♦")
    assert err.value.text("en") == "not on the table: 5♦"
    assert err.value.text("de") == "nicht auf dem Tisch: 5♦"
    with pytest.raises(IllegalMove) as err:
        state.play("8♦ x 3♠ 7♣")
    assert err.value.text("en").startswith("8♦ cannot capture 3♠ 7♣: these cards do not split")
    assert err.value.text("de").startswith("8♦ kann 3♠ 7♣ nicht nehmen")
    with pytest.raises(IllegalMove) as err:
        state.play("banana")
    assert "is not a Tablić move" in err.value.text("en")
    assert "ist kein Tablić-Zug" in err.value.text("de")
    assert state.table == cards.parse_many("3♠ 5♥ 7♣")  # unchanged


def test_capture_groups_show_which_cards_sum_to_the_played_value() -> None:
    groups = tablic.capture_groups("8♦", "2♠ 3♥ 5♦ 6♣")
    assert sorted(cards.format_cards(sorted(g)) for g in groups) == ["2♠ 6♣", "3♥ 5♦"]
    groups = tablic.capture_groups("K♦", "3♠ 4♠ 5♠ 6♠ 10♠ K♥")
    assert len(groups) == 3
    with pytest.raises(IllegalMove):
        tablic.capture_groups("8♦", "3♠ 6♣")


def test_crowded_low_table_is_counted_not_enumerated() -> None:
    low = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣ 4♠ 4♥ 4♦ 4♣ 5♠ 5♥ 5♦ 5♣"
    counts = {value: tablic.count_captures(value, low) for value in ("6♠", "10♠", "Q♠", "K♠")}
    assert all(n > 90_000 for n in counts.values())
    for card in ("6♠", "10♠", "Q♠", "K♠"):
        best = tablic.maximal_captures(card, low)
        assert 0 < len(best) < 2000
        assert all(tablic.is_capture(card, c) for c in best)
    state = State.from_position(table=low, hands=("Q♠ K♠", "6♠"))
    assert state.legal_moves_count() == 2 + counts["Q♠"] + counts["K♠"]
    lazy = tablic.iter_captures("10♠", low)
    first = [next(lazy) for _ in range(3)]
    assert all(tablic.is_capture("10♠", c) for c in first)


# -- views, records, determinize ---------------------------------------------------------------------


def test_view_shows_own_hand_only() -> None:
    state = State.from_position(table="3♠", hands=("8♦ 9♠", "4♣ 5♣"), stock="2♥ 7♥")
    view = state.view(0)
    text = json.dumps(view, ensure_ascii=False)
    assert view["hand"] == ["8♦", "9♠"] and view["hand_sizes"] == [2, 2]
    assert "4♣" not in text and "5♣" not in text and "2♥" not in text
    assert view["stock"] == 2 and view["stock_bottom"] == "7♥"
    assert state.view(None)["hand"] is None
    assert "seed" not in view


def test_record_round_trip_and_tampering() -> None:
    state = tablic.new_game(seed="record")
    for _ in range(30):
        state = state.play(state.legal_moves()[-1])
    record = state.to_record()
    again = tablic.from_record(json.loads(json.dumps(record)))
    assert again.view(0) == state.view(0) and again.hands == state.hands
    assert again.history == state.history and again.stock == state.stock
    assert tablic.from_record(state.to_json()).view(1) == state.view(1)
    bad = json.loads(json.dumps(record))
    bad["moves"][3] = "Q♠ x 2♠ 3♠"
    with pytest.raises(RecordError, match="move 4"):
        tablic.from_record(bad)
    bad = json.loads(json.dumps(record))
    bad["start"]["seed"] = [1]
    with pytest.raises(RecordError, match="'start'"):
        tablic.from_record(bad)
    bad = json.loads(json.dumps(record))
    bad["rules"]["leftovers_to"] = "nobody"
    with pytest.raises(RecordError, match="'rules'"):
        tablic.from_record(bad)
    position = State.from_position(table="3♠ 5♥", hands=("8♦ 9♠", "4♣ 5♣"), seed=4)
    moved = position.play("8♦ x 3♠ 5♥")
    assert tablic.from_record(moved.to_record()).view(1) == moved.view(1)
    bad = moved.to_record()
    bad["start"]["position"]["hands"] = [["8♦", "9♠"], ["4♣", "9♠"]]
    with pytest.raises(RecordError, match="9♠ appears twice"):
        tablic.from_record(bad)


def test_repr_is_deterministic_and_short() -> None:
    state = State.from_position(table="3♠ 5♥", hands=("8♦", "4♣"))
    assert repr(state) == (
        "<tablic.State ply 0, seat 0 to move, deal 1 round 4, table 3♠ 5♥, totals 0:0>"
    )


def test_legal_moves_list_every_capture_on_a_crowded_table() -> None:
    table = "A♠ A♥ A♦ A♣ 2♠ 2♥ 2♦ 2♣ 3♠ 3♥ 3♦ 3♣"
    state = State.from_position(table=table, hands=("K♠ 6♠", "9♠"))
    moves = state.legal_moves()
    assert len(moves) == len(set(moves)) == state.legal_moves_count()
    assert len(moves) == 2 + tablic.count_captures("K♠", table) + tablic.count_captures("6♠", table)
    assert len(moves) > 1000
    state.play(moves[len(moves) // 2])  # every listed move applies


def test_T_D12_capture_groups_refuse_the_played_card_among_the_captured() -> None:
    """The played card goes to the pile with the capture but is never one of its groups."""
    with pytest.raises(IllegalMove):
        tablic.capture_groups("8♦", "8♦")
    with pytest.raises(ValueError, match="appears twice"):
        tablic.capture_groups("8♦", "3♠ 3♠ 5♥")


def _tablas_after(state: State, after: State, seat: int) -> int:
    """The seat's tablas in the deal of ``state`` once ``after`` is reached (a finished deal's
    are in its result: the next deal starts at none)."""
    if len(after.deal_results) > len(state.deal_results):
        return after.deal_results[-1].tablas[seat]
    return after.tablas[seat]


@pytest.mark.parametrize("final_card_tabla", [False, True])
def test_T_D5_scores_tabla_says_beforehand_what_playing_the_move_scores(
    final_card_tabla: bool,
) -> None:
    # Every legal move of random matches: State.scores_tabla(move) is True exactly when
    # playing it adds a tabla, the last card of each deal included (T-D5, final_card_tabla).
    rules = Rules(final_card_tabla=final_card_tabla)
    seen = {True: 0, False: 0}
    for seed in range(4):
        state = tablic.new_game(seed=seed, rules=rules)
        rng = cards.Rng(seed)
        while len(state.deal_results) < 2 and not state.is_over:
            seat = state.to_move
            assert seat is not None
            for move in state.legal_moves():
                added = _tablas_after(state, state.play(move), seat) > state.tablas[seat]
                assert state.scores_tabla(move) is added, (state.code(), move)
                seen[added] += 1
            moves = state.legal_moves()
            state = state.play(moves[rng.below(len(moves))])
    assert seen[True] and seen[False]


def test_T_D5_scores_tabla_of_the_deals_last_card_follows_final_card_tabla() -> None:
    last = State.from_position(table="3♠ 5♥", hands=("8♦", ""))
    assert not last.scores_tabla("8♦ x 3♠ 5♥")
    assert last.play("8♦ x 3♠ 5♥").deal_results[-1].tablas == (0, 0)
    loose = State.from_position(table="3♠ 5♥", hands=("8♦", ""), rules=Rules(final_card_tabla=True))
    assert loose.scores_tabla("8♦ x 3♠ 5♥")


def test_scores_tabla_refuses_an_illegal_move_with_a_reason_and_changes_nothing() -> None:
    state = State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
    code = state.code()
    with pytest.raises(IllegalMove) as refused:
        state.scores_tabla("8♦ x 3♠")
    assert refused.value.key == "tablic.not_a_capture"
    with pytest.raises(IllegalMove):
        state.scores_tabla("9♥")  # not in the hand of the seat to move
    assert state.code() == code


def test_T_D2_capture_shortfall_counts_aces_at_one_and_refuses_a_card_too_big() -> None:
    assert tablic.capture_shortfall("8♦", "2♦ 4♥") == tablic.Shortfall(6, 8, 2)
    assert tablic.capture_shortfall("8♦", "A♠ 3♥") == tablic.Shortfall(4, 8, 4)  # A at 1
    assert tablic.capture_shortfall("8♦", "3♠ 5♥ 2♦") == tablic.Shortfall(10, 8, 6)
    assert tablic.capture_shortfall("8♦", "3♠ 5♥").missing == 0  # whole groups by the sum
    assert tablic.capture_shortfall("A♦", "A♠ 10♥") == tablic.Shortfall(11, 11, 0)  # T-D3
    assert tablic.capture_shortfall("8♦", "9♠ 2♦") is None  # 9 fits no group of 8
    assert tablic.capture_shortfall("K♦", "Q♠ A♥") == tablic.Shortfall(14, 14, 0)
