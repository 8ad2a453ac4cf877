"""The lab's worked examples, one per game, and each game's row facts.

* Tablić (T-D9): "a deal's points always total 25" is refuted; the counterexamples include a
  26–26 deal found by search, and one is constructed by hand.
* Panjpar: "the first attacker wins more than half of the games", estimated with its interval.
* Pazaak: standing at 17 against standing at 15, compared over the same seeds.
"""

from __future__ import annotations

from typing import Any

import pytest

from cardwidgets import cards, lab, tablic


def deal_points_total_25(state: Any) -> bool:
    """a deal's points total 25"""
    return sum(state.deal_results[0].scores) == 25


def points_and_bonus_total_25(state: Any) -> bool:
    """card points and the 3 for most cards total 25 (tablas aside)"""
    deal = state.deal_results[0]
    return sum(deal.points) + sum(deal.most_cards) == 25


def test_T_D9_points_always_total_25_is_refuted_by_search() -> None:
    result = lab.check(deal_points_total_25, "tablic", games=120, seed=1, unit="deal")
    assert result.refuted and 0 < result.held < result.games
    assert result.results.unit == "deal" and len(result.counterexamples) == 5
    for example in result.counterexamples:
        deal = example.state().deal_results[0]
        assert sum(deal.scores) != 25
        # Each failure is a tabla on top of 25, or a 26-26 tie where nobody gets the 3.
        assert sum(deal.tablas) > 0 or deal.cards == (26, 26)


def test_T_D9_search_finds_a_26_26_deal_totalling_22() -> None:
    result = lab.check(
        points_and_bonus_total_25, "tablic", games=150, seed=1, unit="deal", counterexamples=3
    )
    assert result.refuted
    ties = [row["game"] for row in result.rows if row["cards0"] == row["cards1"] == 26]
    assert [c.index for c in result.counterexamples] == ties[:3]
    deal = result.counterexamples[0].state().deal_results[0]
    assert deal.cards == (26, 26) and sum(deal.points) == 22 and deal.most_cards == (0, 0)


def test_T_D9_a_constructed_26_26_deal_is_a_counterexample() -> None:
    rest = [c for c in cards.DECK if c not in cards.parse_many("5♥ 5♠")]
    state = tablic.State.from_position(
        table="5♥",
        hands=((), ("5♠",)),
        to_move=1,
        dealer=1,
        piles=(rest[:26], rest[26:]),
        last_capturer=0,
        seed=1,
    )
    end = state.play("5♠ x 5♥")
    assert not deal_points_total_25(end) and not points_and_bonus_total_25(end)
    assert sum(end.deal_results[0].scores) == 22
    example = lab.Counterexample.from_state(end, unit="deal")
    assert example.state().deal_results == end.deal_results


def test_tablic_rows_have_deal_and_match_facts() -> None:
    deals = lab.simulate("tablic", games=6, seed=2, unit="deal")
    for row in deals.rows:
        assert row["cards0"] + row["cards1"] == 52  # T-D12: leftovers included
        assert row["points0"] + row["points1"] == 22  # T-D9
        assert row["score0"] + row["score1"] in (
            22 + row["tablas0"] + row["tablas1"],
            25 + row["tablas0"] + row["tablas1"],
        )
    matches = lab.simulate("tablic", games=2, seed=2, unit="match", rules={"target": 30})
    for row in matches.rows:
        assert row["deals"] >= 1 and max(row["score0"], row["score1"]) >= 30
        assert row["cards0"] + row["cards1"] == 52 * row["deals"]
    with pytest.raises(ValueError, match="tablic has no unit 'set'"):
        lab.simulate("tablic", unit="set")


def test_panjpar_first_attacker_rate_is_estimated_with_its_interval() -> None:
    result = lab.check(lambda s: s.outcome.winner == s.root.attacker, "panjpar", games=200, seed=3)
    rows = result.rows
    wins = sum(1 for row in rows if row["winner"] == row["first"])
    assert result.held == wins and result.games == 200
    estimate = result.estimate
    assert estimate.low < estimate.value < estimate.high and estimate.high - estimate.low < 0.15
    same = lab.simulate("panjpar", games=200, seed=3).rate(lambda r: r["winner"] == r["first"])
    assert (same.value, same.low, same.high) == (estimate.value, estimate.low, estimate.high)


def test_pazaak_stand_at_17_against_15_over_the_same_seeds() -> None:
    result = lab.compare(
        "pazaak",
        players={
            "stand at 15": ("greedy:stand_at=15", "greedy"),
            "stand at 17": ("greedy:stand_at=17", "greedy"),
        },
        games=120,
        seed=4,
    )
    first, second = result.results.values()
    assert first.column("seed") == second.column("seed")
    assert first.players[0] == "greedy stand_at=15" and second.players[0] == "greedy stand_at=17"
    for results in (first, second):
        assert all(row["sets0"] == 3 or row["sets1"] == 3 for row in results.rows)
        assert all(row["score0"] == row["sets0"] for row in results.rows)
    diff = result.difference("stand at 17")
    assert diff.low < diff.value < diff.high


def test_a_tablic_counterexample_opens_in_the_widget() -> None:
    widgets = pytest.importorskip("cardwidgets.widgets")
    if not hasattr(widgets, "TablicWidget"):
        pytest.skip("the Tablić widget is not built yet")
    result = lab.check(points_and_bonus_total_25, "tablic", games=60, seed=1, unit="deal")
    example = result.counterexamples[0]
    widget = example.widget()
    assert type(widget).__name__ == "TablicWidget"
    assert widget.state.to_record() == example.record
