"""cardwidgets.analysis and the exact endings behind it.

Exact values against brute force (the same search without its memo) on small positions of
every game, hidden-card twins, estimates against exact values, determinism for a seed, bad
input, English and German.
"""

from __future__ import annotations

import importlib
import json
from typing import Any

import pytest
from twins import panjpar_first_attack, pazaak_opening, tablic_mid_deal

from cardwidgets import analysis, bots, cards, i18n, panjpar, pazaak, tablic
from cardwidgets.bots import endings
from cardwidgets.bots.pazaak import PazaakStrategy


def _tablic_small() -> tablic.State:
    # The last round with two cards each: the stock is empty, every card is known by counting.
    return tablic.State.from_position(
        table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1
    )


def _pazaak_standing(total: int, hand: str = "+1 -2") -> pazaak.State:
    return pazaak.State.from_position(
        hands=[hand, ""], deck=[total - 10], tables=([10], [10, 8]),
        standing=(False, True), seed=3,
    )  # fmt: skip


def _values(ending: endings.Ending | None) -> dict[str, float]:
    assert ending is not None
    return {str(m): round(v, 9) for m, v in ending.values}


def test_tablic_last_round_exact_values_equal_brute_force() -> None:
    state = _tablic_small()
    fast = endings.solve(state)
    plain = endings.solve(state, memo=False)
    assert _values(fast) == _values(plain)
    assert fast is not None and fast.nodes > 0
    # the values are deal score differences (card points, most cards, tablas) for seat 0
    result = analysis.analyse(state)
    assert all(e.exact and e.low == e.value == e.high for e in result)
    assert result.best.value == max(_values(plain).values())


def test_tablic_exact_value_is_the_deal_result_of_the_line_played() -> None:
    # Following the exact best moves for both seats ends the deal with the promised difference.
    state = _tablic_small()
    promised = analysis.analyse(state).best.value
    deal = state.deal_number
    while state.deal_number == deal and not state.is_over:
        ending = endings.solve(state)
        assert ending is not None
        state = state.play(ending.values[0][0])
    scores = state.deal_results[-1].scores
    assert scores[0] - scores[1] == promised


def _panjpar_small() -> panjpar.State:
    return panjpar.State.from_position(
        hands=[["7♥", "9♠", "A♣"], ["8♥", "K♠", "2♣"]], stock=[], trump="♣", attacker=0
    )


def test_panjpar_empty_stock_exact_values_equal_brute_force() -> None:
    state = _panjpar_small()
    assert endings.knowable(state)
    fast = endings.solve(state)
    plain = endings.solve(state, memo=False)
    assert _values(fast) == _values(plain)
    assert set(_values(fast).values()) <= {0.0, 0.5, 1.0}


@pytest.mark.parametrize("start", [14, 16, 17])
def test_pazaak_standing_opponent_exact_values_equal_brute_force(start: int) -> None:
    state = _pazaak_standing(start)
    fast = endings.solve(state)
    plain = endings.solve(state, memo=False)
    assert _values(fast) == _values(plain)
    assert fast is not None and plain is not None
    assert fast.set_values == plain.set_values
    assert fast.nodes < plain.nodes  # the memo pays


def test_tablic_brute_force_with_three_cards_each_and_a_last_capturer() -> None:
    state = tablic.State.from_position(
        table=["3♠", "5♥", "K♦", "A♥"], hands=[["8♣", "10♦", "2♠"], ["5♦", "3♣", "Q♠"]],
        to_move=0, dealer=1, last_capturer=1,
    )  # fmt: skip
    assert _values(endings.solve(state)) == _values(endings.solve(state, memo=False))


def test_pazaak_exact_set_chance_of_one_draw_matches_counting() -> None:
    # At 19 against a standing 18 with no hand cards: standing wins the set for sure, drawing
    # wins only with an ace (the rest bust): 4 aces among the unseen cards, less those shown.
    state = pazaak.State.from_position(
        hands=["", ""], deck=[9], tables=([10], [10, 8]), standing=(False, True), seed=3
    )
    ending = endings.solve(state)
    assert ending is not None
    sets = dict(zip((str(m) for m, _ in ending.values), ending.set_values, strict=True))
    assert sets["stand"] == 1.0
    unseen = 40 - 4  # 10, 9 on the seat's table; 10, 8 on the opponent's
    assert sets["end"] == pytest.approx(4 / unseen)


def test_exact_search_stops_at_its_limit_and_the_analysis_then_estimates() -> None:
    state = _pazaak_standing(12)
    with pytest.raises(endings.TooBig):
        endings.solve(state, limit=5)
    old = dict(analysis.values.EXACT_LIMIT)
    analysis.values.EXACT_LIMIT["pazaak"] = 5
    try:
        result = analysis.analyse(state, samples=20)
    finally:
        analysis.values.EXACT_LIMIT.update(old)
    assert not result.best.exact and result.best.samples == 20
    assert "stopped after 5 positions" in result.best.reason("en")
    assert "brach nach 5 Stellungen ab" in result.best.reason("de")
    # The reason follows the value in the widget's panel, which shows no interval: it must not
    # name one ("…, 95% interval" with none in sight); the table has its interval column.
    assert "interval" not in result.best.reason("en")
    assert "Intervall" not in result.best.reason("de")
    assert "95% interval" in result.to_html("en")


def test_pazaak_estimates_cover_the_exact_values_at_the_stated_rate() -> None:
    # Estimates (samples played on exactly once the opponent stands) against exact values over
    # many positions and moves: the 95% interval must cover the exact value about that often.
    covered = total = 0
    for start in range(16, 19):
        for hand in ("+1 -2", "+3", "-1 ±2", "-3"):
            state = _pazaak_standing(start, hand)
            exact = _values(endings.solve(state))
            estimate = analysis.analyse(state, seed=start, samples=40, exact=False)
            for e in estimate:
                total += 1
                covered += e.low - 1e-9 <= exact[str(e.move)] <= e.high + 1e-9
    assert total >= 30
    assert covered / total >= 0.85, (covered, total)


def test_tablic_and_panjpar_estimates_agree_with_exact_values_where_the_ending_is_known() -> None:
    # In the known endings every determinization deals the same cards and the samples play on
    # exactly: every sample of a move gives its exact value (a zero-width interval on it).
    for state in (_tablic_small(), _panjpar_small()):
        exact = _values(endings.solve(state))
        for e in analysis.analyse(state, samples=5, exact=False):
            if e.move is None:  # the moves the search prunes
                continue
            assert e.low == pytest.approx(e.high) == pytest.approx(exact[str(e.move)]), e


@pytest.mark.parametrize("twins", [tablic_mid_deal, panjpar_first_attack, pazaak_opening])
def test_hidden_card_twins_get_the_same_analysis(twins: Any) -> None:
    one, two = twins()
    seat = one.to_move
    assert one.view(seat) == two.view(seat)
    assert one.hands != two.hands
    first = analysis.analyse(one, seed=4, samples=6)
    second = analysis.analyse(two, seed=4, samples=6)
    assert [(str(e.move), e.value, e.low, e.high) for e in first] == [
        (str(e.move), e.value, e.low, e.high) for e in second
    ]


def test_pazaak_exact_twins_differ_only_in_the_standing_opponents_hand() -> None:
    def position(opponent: str, seed: int) -> pazaak.State:
        return pazaak.State.from_position(
            hands=["+1 -2", opponent], deck=[5], tables=([10], [10, 8]),
            standing=(False, True), seed=seed,
        )  # fmt: skip

    one, two = position("+5 -3", 3), position("+2 ±4", 9)
    assert one.view(0) == two.view(0) and one.hands != two.hands
    assert _values(endings.solve(one)) == _values(endings.solve(two))


def test_the_same_seed_gives_the_same_estimates_and_another_seed_others() -> None:
    state = pazaak.new_game(seed=5)
    a = analysis.analyse(state, seed=1, samples=30)
    b = analysis.analyse(state, seed=1, samples=30)
    c = analysis.analyse(state, seed=2, samples=30)
    assert a == b
    assert [e.value for e in a] != [e.value for e in c]
    assert all(not e.exact and e.samples == 30 and e.low <= e.value <= e.high for e in a)


def test_entries_are_best_first_with_a_table_in_both_languages() -> None:
    result = analysis.analyse(_pazaak_standing(15))
    values = [e.value for e in result]
    assert values == sorted(values, reverse=True)
    assert {str(e.move) for e in result} == {str(m) for m in _pazaak_standing(15).legal_moves()}
    assert all(e.set_value is not None for e in result)
    english, german = result.to_html("en"), result.to_html("de")
    assert "exact: every card is known" in english and "95% interval" in english
    assert "exakt: alle Karten" in german and "every" not in german
    assert result._repr_html_() == result.to_html()


def test_many_moves_are_pruned_into_one_others_entry() -> None:
    state = panjpar.new_game(seed=2)
    result = analysis.analyse(state, samples=3)
    others = [e for e in result if e.move is None]
    listed = [e for e in result if e.move is not None]
    assert len(others) == 1 and others[0].count == state.legal_moves_count() - len(listed)
    assert others[0] is result[-1]
    assert "weitere Züge" in others[0].reason("de")


def test_bad_input_is_explained_in_both_languages() -> None:
    with pytest.raises(analysis.AnalysisError) as caught:
        analysis.analyse("7♦")  # type: ignore[arg-type]
    assert "game position" in caught.value.text("en")
    assert "Spielstellung" in caught.value.text("de")
    with pytest.raises(analysis.AnalysisError):
        analysis.analyse(pazaak.new_game(seed=1), samples=0)
    with pytest.raises(analysis.AnalysisError) as caught:
        analysis.puzzles("chess", 1)
    assert "tablic, panjpar, pazaak" in str(caught.value)
    with pytest.raises(analysis.AnalysisError):
        analysis.puzzles("pazaak", -1)
    over = pazaak.new_game(seed=1)
    greedy = bots.GreedyPlayer(seed=1)
    while not over.is_over:
        over = over.play(greedy.choose(over))
    with pytest.raises(analysis.AnalysisError) as caught:
        analysis.analyse(over)
    assert "das Spiel ist vorbei" in caught.value.text("de")


def test_puzzles_are_seeded_clear_and_export_as_json_records() -> None:
    found = analysis.puzzles("pazaak", 1, seed=0)
    assert len(found) == 1
    again = analysis.puzzles("pazaak", 1, seed=0)
    assert found == again
    for puzzle in found:
        state = puzzle.position()
        assert state.ply == puzzle.ply and state.to_move == puzzle.seat
        assert puzzle.answer != puzzle.tempting
        assert puzzle.best > puzzle.other
        greedy = bots.GreedyPlayer(seed=0).choose(state)
        assert str(greedy) == puzzle.tempting
        assert str(analysis.analyse(state).best.move) == puzzle.answer
    records = analysis.to_records(found, locale="de")
    assert json.loads(json.dumps(records)) == records
    assert "Finde den besten Zug" in records[0]["explanation"]
    with i18n.using("en"):
        assert "Find the best move" in found[0].explanation()


def test_expert_default_is_a_fixed_budget_and_replays_the_same() -> None:
    expert = bots.ExpertPlayer(seed=3)
    state = pazaak.new_game(seed=2)
    assert expert.budget(state) == (PazaakStrategy.expert_iterations, None)
    assert expert.budget(tablic.new_game(seed=1))[1] is None
    assert expert.budget(panjpar.new_game(seed=1))[1] is None
    assert bots.ExpertPlayer(seed=3, time_limit=0.5).budget(state) == (None, 0.5)


def test_expert_plays_the_exact_best_move_when_the_opponent_stands() -> None:
    state = _pazaak_standing(19, "+1")  # 19 against a standing 18: standing wins the set
    move = bots.ExpertPlayer(seed=1).choose(state)
    assert move == analysis.analyse(state).best.move == pazaak.STAND


def test_an_analysis_is_remembered_for_the_same_view_and_twins_share_it() -> None:
    one, two = tablic_mid_deal()
    first = analysis.analyse(one, seed=5, samples=3)
    assert analysis.analyse(one, seed=5, samples=3) is first  # remembered, not worked out again
    assert analysis.analyse(two, seed=5, samples=3) is first  # the same view: the same analysis
    assert analysis.analyse(one, seed=6, samples=3) is not first
    assert analysis.values.exact_analysis(one) is None  # an early round: estimated


def test_the_puzzle_screen_drops_only_positions_the_full_analysis_drops() -> None:
    # The cheap screen (a quarter of the samples) before each estimate's full analysis finds
    # the same puzzles for a seed as the full analysis of every position.
    found_by = importlib.import_module("cardwidgets.analysis.puzzles")
    screened = {game: analysis.puzzles(game, 1, seed=3) for game in ("panjpar",)}
    original = found_by._promising
    found_by._promising = lambda *args: True
    try:
        unscreened = {game: analysis.puzzles(game, 1, seed=3) for game in screened}
    finally:
        found_by._promising = original
    assert screened == unscreened and all(screened.values())


@pytest.mark.parametrize("seed", [[1], True, 1.5])
def test_a_seed_that_cannot_seed_a_shuffle_is_refused_with_a_reason(seed: Any) -> None:
    """``analyse`` and ``puzzles`` check their seed like every other entry point: a list
    reached the memo key as a bare "unhashable type" TypeError, and True shared 1's key."""
    state = tablic.new_game(seed=1)
    with pytest.raises(cards.SeedError) as caught:
        analysis.analyse(state, seed=seed, samples=2)
    assert "seed" in caught.value.text("en") and "Startwert" in caught.value.text("de")
    with pytest.raises(cards.SeedError):
        analysis.puzzles("tablic", 1, seed=seed)


def test_a_bad_count_is_said_in_the_language_it_is_read_in() -> None:
    # The counted thing's name was rendered when the error was raised (in that moment's
    # locale), so the German sentence held "the number of puzzles".
    from cardwidgets.analysis.values import checked_count

    with pytest.raises(i18n.TranslatedError) as caught:
        checked_count(0, "analysis.what_puzzles")
    assert "puzzles" in caught.value.text("en")
    assert "Rätsel" in caught.value.text("de") and "puzzles" not in caught.value.text("de")
