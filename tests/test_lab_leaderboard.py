"""How contests show themselves: the leaderboard, crosstable and chart (HTML, SVG, text, en and
de), and the stopping rule played (lab.sprt) with its LLR line and verdict."""

from __future__ import annotations

import re
from typing import Any

import pytest

from cardwidgets import lab
from cardwidgets.lab import leaderboard
from cardwidgets.lab.ratings import ratings
from cardwidgets.lab.sprt import SPRT, pentanomial

SHORT = {"sets_to_win": 1}


class _Cup:
    """A tournament's face, from hand-made results (what the leaderboard reads)."""

    game, format, seed = "pazaak", "round robin", 7

    def __init__(self, results: list[tuple[str, str, float, int]]) -> None:
        self.ratings = ratings(results)
        self.names = self.ratings.names
        self.rows: list[dict[str, Any]] = [
            {"game": i, "deal": deal, "bots": [a, b], "score": score, "forfeit": None}
            for i, (a, b, score, deal) in enumerate(results)
        ]
        self.forfeits: list[dict[str, Any]] = []


HAND = [("a", "b", 1, 0), ("b", "a", 0.5, 0), ("a", "b", 0, 1), ("b", "a", 0, 1)]


def test_the_leaderboard_says_the_ratings_in_either_language() -> None:
    # a: 1 + ½ + 0 + 1 = 2½ of 4 against b (with the virtual draw 3 of 5 -> +70 Elo).
    shown = leaderboard.show(_Cup(HAND), "de")
    lines = shown.text.splitlines()
    assert lines[0] == "pazaak: Jeder gegen jeden, 2 Bots, Startwert 7"
    row_a = next(line for line in lines if line.startswith("1 "))
    assert re.search(r"\ba\s+0\s+0 … 0\s+4\s+2½ \(62,5%\)\s+2–1–1\s+0$", row_a), row_a
    assert any(re.match(r"2\s+b\s+-70\s+-3\d\d … 2\d\d\s", line) for line in lines), lines
    english = leaderboard.show(_Cup(HAND), "en")
    assert "rank" in english.text and "Rang" in shown.text and "62.5%" in english.text


def test_the_crosstable_gives_points_and_duplicate_deals() -> None:
    text = leaderboard.crosstable(ratings(HAND), "en").text
    # Deal 0: a scores 1 + ½ = 1½ (won the deal); deal 1: 0 + 1 = 1 (tied).
    assert "2½/4 (+1 =1 −0)" in text and "1½/4 (+0 =1 −1)" in text


def test_the_html_follows_the_theme_and_makes_no_outside_request() -> None:
    markup = leaderboard.show(_Cup(HAND), "en")._repr_html_()
    assert "<table>" in markup and "<svg" in markup and "currentColor" in markup
    assert "var(--jp-layout-color2" in markup  # dark mode: the notebook's own colours
    outside = re.findall(r"(?:src|href)=\"(?!#)[^\"]*\"|url\(", markup)
    assert not outside
    assert "<title>ratings with 95% intervals</title>" in markup


def test_names_are_escaped() -> None:
    cup = _Cup([("<b>x</b>", "y", 1, 0), ("y", "<b>x</b>", 0, 0)])
    markup = leaderboard.show(cup, "en")._repr_html_()
    assert "<b>x</b>" not in markup and "&lt;b&gt;x&lt;/b&gt;" in markup


def test_a_tournament_shows_its_forfeits_in_the_reader_s_language() -> None:
    def broken(state: Any) -> Any:
        raise RuntimeError("oops")

    cup = lab.tournament("pazaak", ["random", broken], games=2, rules=SHORT)
    assert "verliert das Spiel" in cup.leaderboard("de").text
    assert "loses the game" in cup.leaderboard("en").text
    assert cup._repr_html_().count('class="forfeit"') == 0  # the notebook view: the tables
    assert 'class="forfeit"' in leaderboard.page(cup, "en")


def test_sprt_plays_duplicate_pairs_until_it_decides() -> None:
    result = lab.sprt("pazaak", "greedy", "random", elo1=200, max_pairs=100, seed=1, rules=SHORT)
    assert result.status == "H1" and result.pairs < 100
    assert len(result.rows) == 2 * result.pairs and len(result.trace) == result.pairs
    for first, second in zip(result.rows[::2], result.rows[1::2], strict=True):
        assert first["seed"] == second["seed"] and first["bots"] == second["bots"][::-1]
    scores = [
        a["score"] + 1 - b["score"]
        for a, b in zip(result.rows[::2], result.rows[1::2], strict=True)
    ]
    assert result.counts == pentanomial(scores)
    assert result.llr == pytest.approx(SPRT(0, 200).llr(result.counts))
    assert result.llr >= result.test.upper and result.trace[-2] < result.test.upper
    assert "besser als random" in result.verdict("de") and "H1" in result.verdict("en")
    assert "<svg" in result._repr_html_() and "LLR" in repr(result)


def test_sprt_stops_at_max_pairs_without_a_decision() -> None:
    result = lab.sprt(
        "pazaak", "greedy", "greedy:stand_at=16", elo0=-5, elo1=5, max_pairs=2, rules=SHORT
    )
    assert result.status is None and result.pairs == 2
    assert "noch keine Entscheidung" in result.verdict("de")


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"max_pairs": 0}, "lab.bad_count"),
        ({"elo0": 10, "elo1": 0}, "contest.bad_elo_bounds"),
        ({"alpha": 0.9}, "contest.bad_error_rate"),
    ],
)
def test_sprt_refuses_bad_settings_with_a_sentence(options: dict[str, Any], key: str) -> None:
    with pytest.raises(lab.LabError) as caught:
        lab.sprt("pazaak", "greedy", "random", **options)
    assert caught.value.key == key


def test_sprt_of_a_bot_against_itself_asks_for_two_names() -> None:
    with pytest.raises(lab.LabError) as caught:
        lab.sprt("pazaak", "greedy", "greedy")
    assert caught.value.key == "contest.same_name"


def test_the_runs_show_their_progress_and_the_llr_as_they_go(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from cardwidgets.lab.progress import Progress

    monkeypatch.setattr(Progress, "delay", 0.0)  # at once, not after half a second
    lab.sprt(
        "pazaak", "greedy", "random", elo1=200, max_pairs=30, seed=1, rules=SHORT, progress=True
    )
    shown = capsys.readouterr().err
    assert "1 pair of games, LLR" in shown and "(bounds -2.94 and 2.94)" in shown
    lab.tournament("pazaak", ["random", "greedy"], games=4, rules=SHORT, progress=True)
    assert "4 of 4 games" in capsys.readouterr().err
