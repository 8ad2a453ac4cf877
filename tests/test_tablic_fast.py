"""The hot-path shortcuts of the Tablić engine give the same answers as the plain ways.

Each shortcut (state fields worked out late, int keys for legal moves, the reach pre-filter
carried in the state, the second-level capture cache, the inlined deal shuffle, dealing and
scoring on bitmasks) is compared with a computation that does not use it, most of them with
the plain rules of ``cardwidgets.games.tablic.rules``.
"""

from __future__ import annotations

import dataclasses

import pytest

from cardwidgets import cards
from cardwidgets.cards import DECK, Rng
from cardwidgets.core import IllegalMove
from cardwidgets.games import tablic
from cardwidgets.games.tablic import Move, Rules, State, deck, rules
from cardwidgets.games.tablic import _fast as capture_search


def test_deal_shuffle_is_the_cards_rng_shuffle() -> None:
    for seed in (*range(40), "lesson 1", "x" * 40, 2**64 - 3, -5):
        for deal in (1, 2, 9):
            expected = cards.Rng(seed).derive("tablic-deal", deal).shuffle(DECK)
            assert deck.shuffled_deck(seed, deal) == expected


def test_deal_shuffle_falls_back_to_draw_by_draw_on_a_rejected_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Real rejections are too rare to meet (below 2**-58 a draw): lower the limits so that
    # about half the draws are rejected, and compare with the plain loop under the same limits.
    low = tuple(0 if n == 0 else (1 << 63) - (1 << 63) % n for n in range(53))
    monkeypatch.setattr(deck, "_LIMIT", low)
    for state in (1, 2**63, 12345678901234567):
        assert deck._shuffled(state) == deck._shuffled_one_by_one(state)
        assert sorted(deck._shuffled(state)) == sorted(DECK)
    monkeypatch.undo()
    for state in (0, 2**64 - 1, 2**64 - 0x9E3779B97F4A7C15, 987654321):
        assert deck._shuffled(state) == deck._shuffled_one_by_one(state)


@pytest.mark.parametrize("maximal", [False, True])
def test_legal_moves_at_every_step_equal_the_capture_options_of_each_hand_card(
    maximal: bool,
) -> None:
    # legal_moves() uses the reach pre-filter that play() carries from state to state and the
    # cached plans; capture_options() works from the table alone.
    rules = Rules(capture_must_be_maximal=maximal)
    for seed in range(6):
        state = tablic.new_game(seed=seed, rules=rules)
        rng = Rng(seed)
        while not state.deal_results:
            assert state.to_move is not None
            expected = []
            for card in state.hands[state.to_move]:
                expected.append(Move(card))
                expected.extend(
                    Move(card, taken) for taken in tablic.capture_options(card, state.table, rules)
                )
            moves = state.legal_moves()
            assert moves == expected
            assert state.legal_moves() == expected  # the second time: from the stored keys
            state = state.play(moves[rng.below(len(moves))])


def test_table_order_worked_out_late_is_the_arrival_order() -> None:
    state = tablic.new_game(seed=11)
    rng = Rng(3)
    expected = {id(state): list(state.table)}
    states = [state]
    order = list(state.table)
    while not state.deal_results:
        moves = state.legal_moves()
        move = moves[rng.below(len(moves))]
        if move.is_trail:
            order.append(move.card)
        else:
            order = [c for c in order if c not in move.captured]
        state = state.play(move)
        states.append(state)
        expected[id(state)] = list(order)
    # Ask the last states of the deal first, then the others backwards and at random: each
    # answer must not depend on which tables were worked out before.
    # The last move ended the deal: the leftovers are its table, in order (the state itself
    # shows the next deal's table).
    assert states[-1].deal_results[0].leftovers == tuple(expected[id(states[-1])])
    for state in [states[-2], *states[-3::-7], *states[1::5]]:
        assert list(state.table) == expected[id(state)]
    for state in states[:-1]:
        assert list(state.table) == expected[id(state)]
        assert cards.mask(state.table) == cards.mask(c for c in expected[id(state)])


def test_play_accepts_equal_moves_and_ignores_changes_to_a_listed_moves_list() -> None:
    state = State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
    moves = state.legal_moves()
    fast = state.play(moves[3])
    parsed = state.play(Move.parse(str(moves[3])))
    built = state.play(Move("8♦", "3♠ 5♥"))
    assert fast.view(None) == parsed.view(None) == built.view(None)
    assert fast.last_move == parsed.last_move == built.last_move
    # The caller's list is a copy: adding an illegal move to it does not make it legal.
    moves.append(Move("8♦", "3♠ 6♣"))
    with pytest.raises(IllegalMove, match="cannot capture"):
        state.play(moves[-1])
    assert len(state.legal_moves()) == len(moves) - 1


def test_listed_capture_moves_are_full_moves() -> None:
    state = State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
    listed = state.legal_moves()[1]
    made = Move("8♦", "2♦ 3♠ 5♥ 6♣")
    assert listed.captured == frozenset(cards.parse_many("3♠ 5♥ 2♦ 6♣")) == made.captured
    assert listed == made and hash(listed) == hash(made)
    assert listed.mask == made.mask and not listed.is_trail
    assert dataclasses.asdict(listed) == dataclasses.asdict(made)
    assert dataclasses.replace(listed, captured=frozenset()) == Move("8♦")
    with pytest.raises(AttributeError, match="no attribute 'captures'"):
        _ = listed.captures  # type: ignore[attr-defined]


def test_tables_that_differ_in_cards_no_group_can_use_share_their_captures() -> None:
    tablic.clear_caches()
    assert [sorted(c) for c in tablic.capture_options("K♦", "9♠ 5♥")] == [
        sorted(cards.parse_many("9♠ 5♥"))
    ]
    cores = len(capture_search._CORES[0][14])
    # 2♣ is in no group of 14 here (it would need a 3, a 4 with an 8, ...): same captures,
    # served by the second-level cache, which gains no entry.
    options = tablic.capture_options("K♦", "9♠ 5♥ 2♣")
    assert [sorted(c) for c in options] == [sorted(cards.parse_many("9♠ 5♥"))]
    assert len(capture_search._CORES[0][14]) == cores
    # With a 3 the 2♣ joins a group (9+3+2): a different answer, computed afresh.
    options = tablic.capture_options("K♦", "9♠ 5♥ 2♣ 3♦")
    assert sorted(map(sorted, options)) == sorted(
        sorted(cards.parse_many(text)) for text in ("9♠ 5♥", "9♠ 2♣ 3♦")
    )


def test_reach_carried_after_trails_is_the_reach_of_the_table() -> None:
    state = tablic.new_game(seed=5)
    rng = Rng(8)
    checked = 0
    while not state.deal_results:
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
        carried = state._reach
        if carried is not None:
            sums = {0}
            for card in state.table:
                sums |= {s + x for s in sums for x in tablic.card_values(card)}
            assert carried == sum(1 << s for s in sums if s <= 14)
            checked += 1
    assert checked > 5


def test_rounds_dealt_on_bitmasks_are_the_plain_deal_round() -> None:
    for seed in range(20):
        stock = deck.shuffled_deck(seed, 1)[4:]
        for dealer in (0, 1):
            for left in (48, 36, 12, 9, 6, 3):
                fast = deck.deal_hands(stock[:left], dealer)
                plain = rules.deal_round(stock[:left], dealer)
                assert (cards.from_mask(fast[0]), cards.from_mask(fast[1])) == plain


@pytest.mark.parametrize(
    "variant",
    [Rules(), Rules(leftovers_to="dealer"), Rules(final_card_tabla=True, target=40)],
)
def test_deals_end_as_the_plain_rules_say(variant: Rules) -> None:
    # Tablas (T-D5), the leftovers (T-D6), the deal's score (T-S18, T-D9) and the end of the
    # match (T-D7), from the states of random matches, against the plain rules.
    for seed in range(4):
        state = tablic.new_game(seed=seed, rules=variant)
        rng = Rng(seed)
        totals = (0, 0)
        while not state.is_over:
            moves = state.legal_moves()
            before, move = state, moves[rng.below(len(moves))]
            state = state.play(move)
            ended = len(state.deal_results) > len(before.deal_results)
            if move.captured:
                left = sum(map(len, before.hands)) + len(before.stock) - 1
                table = [c for c in before.table if c not in move.captured]
                tabla = state.tablas if not ended else state.deal_results[-1].tablas
                expected = rules.is_tabla(table, left, variant)
                assert (tabla[before.to_move] > before.tablas[before.to_move]) == expected
            if not ended:
                continue
            result = state.deal_results[-1]
            taker = rules.leftovers_taker(
                variant, before.dealer, before.to_move if move.captured else before.last_capturer
            )
            assert result.leftovers_to == (taker if result.leftovers else None)
            piles = [list(before.piles[0]), list(before.piles[1])]
            if move.captured:
                piles[before.to_move] += [move.card, *move.captured]
            if taker is not None:
                piles[taker] += result.leftovers
            parts = rules.deal_breakdown(piles[0], piles[1], result.tablas)
            assert (result.cards, result.points, result.most_cards) == (
                parts["cards"],
                parts["points"],
                parts["most_cards"],
            )
            assert result.scores == parts["scores"]
            totals = (totals[0] + result.scores[0], totals[1] + result.scores[1])
            assert result.totals == totals
            assert state.is_over == rules.match_over(variant, totals)
        assert state.outcome is not None
        assert state.outcome.winner == rules.winner(state.totals)


def test_table_order_when_every_table_card_was_trailed_since_the_last_known_table() -> None:
    # The walk back through the parents stops once every table card was found trailed: the
    # table is then those cards in the order they were trailed (no older table card is left).
    # Many deals, each table asked first at the deal's end (the leftovers), then backwards.
    for seed in range(12):
        state, rng = tablic.new_game(seed=seed), Rng(seed)
        order = list(state.table)
        states, orders = [], []
        while not state.deal_results:
            moves = state.legal_moves()
            move = moves[rng.below(len(moves))]
            if move.is_trail:
                order = [*order, move.card]
            else:
                order = [c for c in order if c not in move.captured]
            state = state.play(move)
            states.append(state)
            orders.append(order)
        assert state.deal_results[0].leftovers == tuple(orders[-1])
        for state, order in reversed(list(zip(states[:-1], orders[:-1], strict=True))):
            assert list(state.table) == order
