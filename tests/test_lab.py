"""The lab's machinery: seeded rows, determinism across chunking and executors, claims with
counterexamples, comparisons, intervals, displays and errors.

Panjpar is the workhorse here (a random game takes a few milliseconds); the worked examples of
each game are in ``test_lab_games.py``, Dask in ``test_lab_dask.py``.
"""

from __future__ import annotations

import concurrent.futures
import json
import math
from typing import Any

import pytest

from cardwidgets import bots, cards, i18n, lab, panjpar
from cardwidgets.lab import players
from cardwidgets.lab.progress import Progress
from cardwidgets.lab.seeds import game_seed, player_seed, run_base

GAMES = 24


@pytest.fixture(scope="module")
def reference() -> lab.Results:
    return lab.simulate("panjpar", games=GAMES, seed=11)


def cards_in_play(state: Any) -> int:
    """Panjpar conserves the 52 cards: hands, stock, the attack on the table and the discard."""
    return sum(map(len, state.hands)) + len(state.stock) + len(state.attack) + len(state.discard)


def first_attacker_wins(state: Any) -> bool:
    """the first attacker wins"""
    return bool(state.outcome.winner == state.root.attacker)


# -- rows --------------------------------------------------------------------------------------


def test_rows_are_plain_json_with_the_promised_columns(reference: lab.Results) -> None:
    rows = reference.rows
    assert len(rows) == GAMES == len(reference)
    assert [row["game"] for row in rows] == list(range(GAMES))
    for column in ("game", "seed", "winner", "score0", "score1", "length", "first", "trump"):
        assert column in rows[0]
    assert json.loads(json.dumps(rows)) == rows
    assert all(row["winner"] in (0, 1, None) for row in rows)
    assert all(row["length"] > 0 for row in rows)


def test_same_seed_same_rows_other_seed_other_rows(reference: lab.Results) -> None:
    assert lab.simulate("panjpar", games=GAMES, seed=11).rows == reference.rows
    other = lab.simulate("panjpar", games=GAMES, seed=12).rows
    assert [r["seed"] for r in other] != [r["seed"] for r in reference.rows]


def test_a_row_replays_from_its_seed_alone(reference: lab.Results) -> None:
    row = reference.rows[5]
    assert row["seed"] == game_seed(11, 5)
    state = panjpar.new_game(seed=row["seed"])
    seats = [bots.RandomPlayer(0).reseeded(player_seed(row["seed"], s)) for s in (0, 1)]
    moves = 0
    while not state.is_over:
        state = state.play(seats[state.to_move].choose(state))
        moves += 1
    assert (state.outcome.winner, moves, str(state.trump)) == (
        row["winner"],
        row["length"],
        row["trump"],
    )
    again = reference.replay(5)
    assert again.outcome.winner == row["winner"] and again.ply == row["length"]


@pytest.mark.parametrize("chunk_size", [1, 5, 7, 100])
def test_rows_do_not_depend_on_chunking(reference: lab.Results, chunk_size: int) -> None:
    again = lab.simulate("panjpar", games=GAMES, seed=11, chunk_size=chunk_size)
    assert again.rows == reference.rows


def test_a_thread_pool_executor_gives_the_same_rows(reference: lab.Results) -> None:
    with concurrent.futures.ThreadPoolExecutor(3) as pool:
        again = lab.simulate("panjpar", games=GAMES, seed=11, executor=pool, chunk_size=5)
    assert again.rows == reference.rows


def test_a_process_pool_gives_the_same_rows(reference: lab.Results) -> None:
    again = lab.simulate("panjpar", games=GAMES, seed=11, workers=2, timeout=120)
    assert again.rows == reference.rows
    with concurrent.futures.ProcessPoolExecutor(2) as pool:
        given = lab.simulate("panjpar", games=GAMES, seed=11, executor=pool, chunk_size=3)
    assert given.rows == reference.rows


def test_players_by_name_options_and_object_are_the_same() -> None:
    by_name = lab.simulate("pazaak", players=("greedy:stand_at=15", "random"), games=6, seed=3)
    by_pair = lab.simulate(
        "pazaak", players=(("greedy", {"stand_at": 15}), "random"), games=6, seed=3
    )
    by_object = lab.simulate(
        "pazaak", players=(bots.GreedyPlayer(99, stand_at=15), "random"), games=6, seed=3
    )
    assert by_name.rows == by_pair.rows == by_object.rows
    assert by_name.players == by_object.players == ("greedy stand_at=15", "random")
    both = lab.simulate("pazaak", players=bots.RandomPlayer(5), games=3, seed=3)
    assert both.rows == lab.simulate("pazaak", players="random", games=3, seed=3).rows


def test_the_fallback_player_plays_while_bots_are_missing(monkeypatch: Any) -> None:
    monkeypatch.setattr(players, "_bots", lambda: None)
    first = lab.simulate("panjpar", games=5, seed=2)
    assert first.rows == lab.simulate("panjpar", games=5, seed=2).rows
    with pytest.raises(ValueError, match="unknown player 'greedy'"):
        lab.simulate("panjpar", players="greedy", games=1)


def test_rules_as_object_or_dict_and_extra_new_game_options() -> None:
    rules = panjpar.Rules()
    a = lab.simulate("panjpar", games=4, seed=1, rules=rules)
    b = lab.simulate("panjpar", games=4, seed=1, rules=rules.to_dict())
    assert a.rows == b.rows
    # guesser 0 calling red attacks first exactly when the trump is red (P-D1).
    c = lab.simulate("panjpar", games=12, seed=1, guesser=0, guess="red")
    assert all(row["first"] == (0 if row["trump"] in "♥♦" else 1) for row in c.rows)


# -- claims --------------------------------------------------------------------------------------


def test_a_claim_that_always_holds_is_not_refuted() -> None:
    result = lab.check(lambda s: s.is_over, "panjpar", games=10, seed=4)
    assert not result.refuted and result.held == result.games == 10
    assert result.rate == 1.0 and result.interval[1] == 1.0 and result.interval[0] > 0.6
    assert result.counterexamples == []
    assert "held in every one of 10 games" in result.text()


def test_counterexamples_are_the_first_failures_and_replay_to_a_failure() -> None:
    result = lab.check(first_attacker_wins, "panjpar", games=40, seed=5, counterexamples=3)
    failing = [row["game"] for row in result.rows if not row["held"]]
    assert result.refuted and result.held == 40 - len(failing)
    assert [c.index for c in result.counterexamples] == failing[:3]
    for example in result.counterexamples:
        state = example.state()
        assert not first_attacker_wins(state)
        assert example.seed == game_seed(5, example.index) and example.ply == state.ply
        assert json.loads(json.dumps(example.record)) == example.record
    assert result.claim == "the first attacker wins"  # from the docstring
    low, high = result.interval
    assert low < result.rate < high


def test_a_lambda_claim_travels_to_worker_processes() -> None:
    inline = lab.check(lambda s: s.outcome.winner == 0, "panjpar", games=GAMES, seed=6)
    pooled = lab.check(
        lambda s: s.outcome.winner == 0, "panjpar", games=GAMES, seed=6, workers=2, chunk_size=5
    )
    assert pooled.rows == inline.rows
    assert [c.record for c in pooled.counterexamples] == [c.record for c in inline.counterexamples]


def test_per_state_invariant_holds_after_every_move() -> None:
    result = lab.check(lambda s: cards_in_play(s) == 52, "panjpar", games=8, seed=7, per_state=True)
    assert not result.refuted and result.per_state


def test_per_state_counterexample_is_the_first_failing_state() -> None:
    result = lab.check(lambda s: s.ply < 10, "panjpar", games=3, seed=7, per_state=True)
    assert result.held == 0
    assert [c.ply for c in result.counterexamples] == [10, 10, 10]
    assert all(c.state().ply == 10 for c in result.counterexamples)


def test_counterexample_widget_needs_a_widget_or_says_so() -> None:
    example = lab.check(lambda s: False, "panjpar", games=1).counterexamples[0]
    try:
        widget = example.widget()
    except LookupError as err:
        assert "no widget for panjpar" in str(err)
    else:
        assert type(widget).__name__ == "PanjparWidget"


# -- comparisons ---------------------------------------------------------------------------------


def test_compare_runs_the_same_seeds_and_pairs_the_differences() -> None:
    result = lab.compare(
        "pazaak",
        players={"random": ("random", "random"), "greedy": ("greedy", "random")},
        games=30,
        seed=8,
    )
    seeds = [r.column("seed") for r in result.results.values()]
    assert seeds[0] == seeds[1]
    base = result.estimates["random"]
    greedy = result.estimates["greedy"]
    diff = result.difference("greedy")
    assert math.isclose(diff.value, greedy.value - base.value)
    assert diff.low < diff.value < diff.high
    assert [row["variant"] for row in result.rows] == ["random", "greedy"]
    assert result.rows[0]["difference"] is None


def test_a_variant_compared_with_itself_differs_by_exactly_zero() -> None:
    result = lab.compare(
        "panjpar", rules={"a": panjpar.Rules(), "b": panjpar.Rules()}, games=10, seed=9
    )
    diff = result.difference("b")
    assert diff.value == diff.low == diff.high == 0.0


def test_compare_with_settings_and_a_metric_function() -> None:
    result = lab.compare(
        "panjpar",
        variants={"red": {"guesser": 0, "guess": "red"}, "black": {"guesser": 0, "guess": "black"}},
        metric=lambda row: row["length"],
        games=10,
        seed=9,
    )
    assert not result.estimates["red"].is_rate
    with pytest.raises(ValueError, match="unknown metric 'nope'"):
        lab.compare("panjpar", players={"x": "random"}, metric="nope", games=2)
    with pytest.raises(ValueError, match="compare needs variants"):
        lab.compare("panjpar", games=2)


# -- estimates -----------------------------------------------------------------------------------


def test_wilson_interval_matches_the_formula() -> None:
    e = lab.estimate_rate(30, 100)
    # Wilson: (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n)
    assert (round(e.low, 4), round(e.high, 4)) == (0.2189, 0.3958)
    assert lab.estimate_rate(0, 20).low == 0.0 and lab.estimate_rate(20, 20).high == 1.0
    assert math.isnan(lab.estimate_rate(0, 0).value)
    assert e.excludes(0.5) and not e.excludes(0.3)


def test_estimates_read_in_english_and_german() -> None:
    e = lab.estimate_rate(1234, 2000)
    assert e.text("en") == "61.7% (95% interval 59.5% to 63.8%; 1,234 of 2,000)"
    assert e.text("de") == "61,7% (95%-Intervall 59,5% bis 63,8%; 1.234 von 2.000)"


# -- displays --------------------------------------------------------------------------------


def test_summary_table_and_html(reference: lab.Results) -> None:
    summary = reference.summary()
    assert summary["games"] == GAMES and sum(summary["wins"]) + summary["draws"] == GAMES
    assert json.loads(json.dumps(summary)) == summary
    table = reference.table()
    assert table.startswith("panjpar: 24 games, seed 11, random vs random")
    assert "95% interval" in table and "Siege" in reference.table("de")
    page = reference._repr_html_()
    assert page.count("<table") == 2 and "<th>trump</th>" in page
    assert repr(reference) == "<Results panjpar: 24 games, seed 11, random vs random>"


def test_pandas_and_matplotlib_extras(reference: lab.Results) -> None:
    pytest.importorskip("pandas")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    frame = reference.to_pandas()
    assert list(frame.columns[:6]) == ["game", "seed", "winner", "score0", "score1", "length"]
    assert len(frame) == GAMES
    ax = reference.plot()
    assert len(ax.patches) == 2
    assert reference.plot("length").get_xlabel() == "length"
    check = lab.check(lambda s: s.outcome.winner == 0, "panjpar", games=5)
    assert len(check.to_pandas()) == 5 and check.plot().get_ylim() == (0.0, 1.0)
    import matplotlib.pyplot as plt

    plt.close("all")


def test_dollar_signs_in_labels_are_drawn_as_written_not_as_mathtext() -> None:
    """A variant label with ``$`` pairs started matplotlib's mathtext: "$^$" stopped the
    drawing with a ValueError, "$5 or $10" lost its dollars."""
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    labels = ["bet $5 or $10", "tax $^$", "a $\\frac$ b"]
    result = lab.compare("panjpar", players={label: "random" for label in labels}, games=3, seed=9)
    ax = result.plot()
    ax.figure.canvas.draw()  # raised ValueError (mathtext parse) before the labels were escaped
    shown = [tick.get_text() for tick in ax.get_xticklabels()]
    assert [text.replace("\\$", "$") for text in shown] == labels
    assert all("$" not in text.replace("\\$", "") for text in shown)
    plt.close("all")


def test_progress_bar_goes_to_stderr_on_request(capsys: Any, monkeypatch: Any) -> None:
    monkeypatch.setattr(Progress, "delay", 0.0)
    lab.simulate("panjpar", games=6, seed=1, progress=True, chunk_size=2)
    err = capsys.readouterr().err
    assert "6 of 6 games" in err and "#" in err
    lab.simulate("panjpar", games=6, seed=1, progress=False)
    assert capsys.readouterr().err == ""


# -- errors --------------------------------------------------------------------------------------


def test_bad_arguments_are_explained() -> None:
    with pytest.raises(ValueError, match="games must be a positive whole number, not 0"):
        lab.simulate("panjpar", games=0)
    with pytest.raises(ValueError, match="panjpar has no unit 'deal': choose one of game"):
        lab.simulate("panjpar", unit="deal")
    with pytest.raises(TypeError, match="players must be two players"):
        lab.simulate("panjpar", players=("random", "random", "random"))
    with pytest.raises(ValueError, match="unknown game"):
        lab.simulate("chess")
    with i18n.using("de"):
        with pytest.raises(ValueError, match="kennt die Einheit 'deal' nicht"):
            lab.simulate("panjpar", unit="deal")


def test_seeds_are_63_bit_ints_and_depend_on_index_and_run_seed() -> None:
    seeds = {game_seed(s, i) for s in (0, 1, "lesson") for i in range(50)}
    assert len(seeds) == 150 and all(0 <= s < 2**63 for s in seeds)
    rng = cards.Rng(run_base(3))
    assert [game_seed(3, i) for i in range(4)] == [rng.next64() >> 1 for _ in range(4)]


def test_workers_run_in_process_where_there_are_no_processes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Pyodide (the classroom site) has no process pool: workers=2 gives the same rows there."""
    import concurrent.futures

    expected = lab.simulate("pazaak", games=6, seed=3).rows

    def no_pool(*args: object, **kwargs: object) -> None:
        raise NotImplementedError("no processes in the browser")

    monkeypatch.setattr(lab, "NO_PROCESSES", True)
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", no_pool)
    assert lab.simulate("pazaak", games=6, seed=3, workers=2).rows == expected
