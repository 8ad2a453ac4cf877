"""Ratings from results: Elo by maximum likelihood (Bradley–Terry), intervals, the prior that
keeps a clean sweep finite, the crosstable and the duplicate-deal scores, against hand-computed
cases."""

from __future__ import annotations

import math

import pytest

from cardwidgets import i18n
from cardwidgets.lab import LabError
from cardwidgets.lab.ratings import ELO_PER_NAT, ratings
from cardwidgets.lab.stats import Z95


def _elo(share: float) -> float:
    """The Elo difference whose expected score is ``share`` (by hand: the logistic inverse)."""
    return 400 * math.log10(share / (1 - share))


def test_two_players_by_hand_with_one_virtual_draw() -> None:
    # a scores 2 wins, 1 draw, 1 loss = 2.5 of 4; with the virtual draw 3 of 5 = 0.6, so the
    # maximum-likelihood difference is 400·log10(0.6/0.4) = 70.44 Elo.
    results = [("a", "b", 1), ("b", "a", 0), ("a", "b", 0.5), ("b", "a", 1)]
    table = ratings(results, anchor="b")
    assert table["a"].elo == pytest.approx(_elo(0.6), abs=1e-6)
    assert table["b"].elo == 0.0 and table.anchor == "b"
    # The observed information of one pair is n·p·(1-p) with n = 5 (4 games + the draw).
    half = Z95 * ELO_PER_NAT / math.sqrt(5 * 0.6 * 0.4)
    assert (table["a"].low, table["a"].high) == pytest.approx((_elo(0.6) - half, _elo(0.6) + half))
    assert (table["b"].low, table["b"].high) == (0.0, 0.0)
    assert [r.name for r in table] == ["a", "b"]


def test_a_clean_sweep_stays_finite_and_without_the_prior_it_is_plain_maximum_likelihood() -> None:
    sweep = [("x", "y", 1)] * 3
    assert ratings(sweep, anchor="y")["x"].elo == pytest.approx(_elo(3.5 / 4))
    # prior_draws=0 on results with a finite maximum: the plain estimate, 3 of 4 -> 190.8 Elo.
    mixed = [("x", "y", 1)] * 3 + [("y", "x", 1)]
    assert ratings(mixed, anchor="y", prior_draws=0)["x"].elo == pytest.approx(_elo(0.75))


def test_a_chain_of_three_by_hand() -> None:
    # b plays both a and c, who never meet: a's own equation fixes a − b, c's fixes c − b.
    # a scores 1½ + ½ virtual of 3 against b (2/3), c scores 0 + ½ of 3 (1/6).
    results = [("a", "b", 1, 0), ("b", "a", 0.5, 0), ("c", "b", 0, 0), ("b", "c", 1, 0)]
    table = ratings(results, anchor="b")
    assert table["a"].elo == pytest.approx(_elo(2 / 3))
    assert table["c"].elo == pytest.approx(_elo(1 / 6))


def test_the_fit_meets_the_score_equations_and_does_not_depend_on_the_anchor() -> None:
    # At the maximum each player's points (plus half the virtual draws) equal its expected
    # points; moving the anchor shifts every rating by the same amount.
    results = [
        ("a", "b", 1),
        ("b", "a", 0.5),
        ("a", "c", 0),
        ("c", "b", 1),
        ("b", "c", 0),
        ("c", "a", 0.5),
        ("a", "b", 1),
    ]
    table = ratings(results, anchor="a")
    for me in "abc":
        expected = 0.0
        for you in "abc":
            pair = table.pair(me, you)
            if pair.games:
                p = 1 / (1 + 10 ** ((table[you].elo - table[me].elo) / 400))
                expected += (pair.games + 1) * p - pair.score - 0.5
        assert expected == pytest.approx(0.0, abs=1e-8)
    other = ratings(results, anchor="c")
    shift = other["a"].elo - table["a"].elo
    for me in "abc":
        assert other[me].elo - table[me].elo == pytest.approx(shift)


def test_the_default_anchor_is_greedy_when_it_played_else_the_first_player() -> None:
    assert ratings([("mine", "greedy", 1)]).anchor == "greedy"
    assert ratings([("mine", "yours", 1)]).anchor == "mine"


def test_crosstable_counts_both_directions() -> None:
    table = ratings([("a", "b", 1), ("b", "a", 1), ("a", "b", 0.5), ("a", "c", 0)])
    ab, ba = table.pair("a", "b"), table.pair("b", "a")
    assert (ab.games, ab.wins, ab.draws, ab.losses, ab.score) == (3, 1, 1, 1, 1.5)
    assert (ba.wins, ba.losses, ba.score) == (1, 1, 1.5)
    assert table.pair("b", "c").games == 0 and math.isnan(table.pair("b", "c").share)
    a = table["a"]
    assert (a.games, a.wins, a.draws, a.losses, a.score) == (4, 1, 1, 2, 1.5)


def test_duplicate_deals_pair_the_two_games_of_a_deal() -> None:
    # Deal 0: a wins as seat 0 and draws as seat 1 (1½ for a); deal 1: each wins as seat 0
    # (1 each); deal 2 has one game only, so it is no complete pair.
    results = [
        ("a", "b", 1, 0),
        ("b", "a", 0.5, 0),
        ("a", "b", 1, 1),
        ("b", "a", 1, 1),
        ("a", "b", 1, 2),
    ]
    table = ratings(results)
    dup = table.duplicate("a", "b")
    assert (dup.deals, dup.pentanomial, dup.score, dup.won, dup.lost) == (
        2,
        (0, 0, 1, 1, 0),
        2.5,
        1,
        0,
    )
    back = table.duplicate("b", "a")
    assert (back.pentanomial, back.score) == ((0, 1, 1, 0, 0), 1.5)
    assert dup.share == pytest.approx(2.5 / 4)


@pytest.mark.parametrize(
    ("results", "options", "key"),
    [
        ([], {}, "contest.no_results"),
        ([("a", "b", 2)], {}, "contest.bad_result"),
        ([("a", "b")], {}, "contest.bad_result"),
        ([("a", 3, 1)], {}, "contest.bad_result"),
        ([("a", "a", 1)], {}, "contest.self_game"),
        ([("a", "b", 1)], {"anchor": "z"}, "contest.bad_anchor"),
        ([("a", "b", 1)], {"prior_draws": -1}, "contest.bad_prior"),
        ([("a", "b", 1), ("c", "d", 1)], {}, "contest.unconnected"),
        ([("a", "b", 1)] * 3, {"prior_draws": 0}, "contest.no_maximum"),
        ([("a", "b", 1), ("a", "b", 1), ("b", "c", 0.5)], {"prior_draws": 0}, "contest.no_maximum"),
    ],
)
def test_bad_input_gets_a_sentence_in_both_languages(
    results: list[tuple[object, ...]], options: dict[str, object], key: str
) -> None:
    with pytest.raises(LabError) as caught:
        ratings(results, **options)  # type: ignore[arg-type]
    assert caught.value.key == key
    assert caught.value.text("de") != caught.value.text("en")
    assert i18n.has(key)
