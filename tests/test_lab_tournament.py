"""Tournaments of bots: duplicate deals, bad bots lose with their reason, the results file
keeps every game and resumes, executors give the in-process games, replays open from a row."""

from __future__ import annotations

import concurrent.futures
import json
import sys
from pathlib import Path
from typing import Any

import pytest

# The modules loaded by their full names (see the last test).
import cardwidgets.lab.sprt
import cardwidgets.lab.tournament  # noqa: F401
from cardwidgets import games as lab_games
from cardwidgets import lab, pazaak, replay, tablic
from cardwidgets.lab.contest import Portable, make_plan, portable
from cardwidgets.lab.seeds import game_seed

SHORT = {"sets_to_win": 1}  # one set per Pazaak match (Z-S2 made short): fast games


def _rows(cup: lab.Tournament) -> list[dict[str, Any]]:
    """Every game's row, its record included, as plain JSON would give it back."""
    rows: list[dict[str, Any]] = json.loads(json.dumps(cup.rows))
    return rows


def test_every_deal_is_played_twice_seats_swapped_and_the_same_for_every_pair() -> None:
    cup = lab.tournament(
        "pazaak", ["random", "greedy", "greedy:stand_at=15"], games=4, seed=3, rules=SHORT
    )
    assert cup.complete and len(cup.rows) == 3 * 4
    pairs: dict[tuple[int, frozenset[str]], list[list[str]]] = {}
    for row in cup.rows:
        assert row["seed"] == game_seed(3, row["deal"])  # deal d is the same for every pair
        pairs.setdefault((row["deal"], frozenset(row["bots"])), []).append(row["bots"])
    assert len(pairs) == 2 * 3
    for seatings in pairs.values():
        assert len(seatings) == 2 and seatings[0] == seatings[1][::-1]
    # A row's record replays its game: the same deal and moves.
    row = cup.rows[5]
    state = pazaak.from_record(row["record"])
    assert state.is_over and len(state.history) == row["length"]


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_every_game_can_hold_a_tournament(game: str) -> None:
    cup = lab.tournament(game, ["random", "greedy"], games=2, seed=4)
    assert cup.complete and not cup.forfeits
    for row in cup.rows:
        state = lab_games.from_record(row["record"])
        assert state.is_over and row["winner"] == state.outcome.winner


def test_gauntlet_plays_the_first_bot_against_each_other() -> None:
    cup = lab.tournament(
        "pazaak",
        ["greedy", "random", "expert:iterations=10"],
        games=2,
        format="gauntlet",
        rules=SHORT,
    )
    assert {frozenset(row["bots"]) for row in cup.rows} == {
        frozenset({"greedy", "random"}),
        frozenset({"greedy", "expert iterations=10"}),
    }
    assert cup.ratings.pair("random", "expert iterations=10").games == 0


def test_the_standings_follow_the_games() -> None:
    cup = lab.tournament("pazaak", ["random", "greedy"], games=10, seed=1, rules=SHORT)
    table = cup.ratings
    assert table.anchor == "greedy"
    points = sum(r["score"] if r["bots"][0] == "greedy" else 1 - r["score"] for r in cup.rows)
    assert table["greedy"].score == points and table["greedy"].games == 10
    assert table.duplicate("greedy", "random").deals == 5


class Interrupting:
    """Greedy, but Ctrl-C strikes on its ``after``-th move (as a learner stops a cell)."""

    name = "greedy"

    def __init__(self, after: int) -> None:
        self.after, self.calls = after, 0
        self.player = lab.players.make_players("greedy")[0][0]

    def choose(self, state: Any) -> Any:
        self.calls += 1
        if self.calls == self.after:
            raise KeyboardInterrupt
        return self.player.reseeded(state.ply).choose(state)


class Plain(Interrupting):
    def __init__(self) -> None:
        super().__init__(after=-1)


def test_an_interrupted_tournament_keeps_its_games_and_resumes_to_the_same_standings(
    tmp_path: Path,
) -> None:
    plain = Plain()
    whole = lab.tournament("pazaak", [plain, "random"], games=8, seed=5, rules=SHORT)
    path = tmp_path / "games.jsonl"
    with pytest.raises(lab.Interrupted) as caught:
        lab.tournament(
            "pazaak", [Interrupting(after=12), "random"], games=8, seed=5, rules=SHORT, results=path
        )
    kept = caught.value.results
    assert 0 < len(kept.rows) < 8 and not kept.complete
    lines = path.read_text(encoding="utf-8").splitlines()
    assert json.loads(lines[0])["kind"] == "cardwidgets tournament" and len(lines) == 1 + len(
        kept.rows
    )
    # A write cut off halfway (the machine stopped) leaves half a line: it is dropped.
    with path.open("a", encoding="utf-8") as file:
        file.write('{"game": 7, "deal"')
    again_plain = Plain()
    resumed = lab.tournament(
        "pazaak", [again_plain, "random"], games=8, seed=5, rules=SHORT, results=path
    )
    assert resumed.complete
    assert 0 < again_plain.calls < plain.calls  # only the missing games were played
    assert _rows(resumed) == _rows(whole)
    assert [dataclass_tuple(r) for r in resumed.ratings] == [
        dataclass_tuple(r) for r in whole.ratings
    ]
    # Run again on the finished file: nothing left to play, the same standings.
    again = lab.tournament(
        "pazaak", [Plain(), "random"], games=8, seed=5, rules=SHORT, results=path
    )
    assert _rows(again) == _rows(whole)
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + 8


def dataclass_tuple(rating: Any) -> tuple[Any, ...]:
    return (rating.name, round(rating.elo, 9), rating.games, rating.score)


def test_a_results_file_of_another_tournament_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    lab.tournament("pazaak", ["random", "greedy"], games=2, seed=1, rules=SHORT, results=path)
    with pytest.raises(lab.LabError) as caught:
        lab.tournament("pazaak", ["random", "greedy"], games=2, seed=2, rules=SHORT, results=path)
    assert caught.value.key == "contest.other_file" and "seed" in caught.value.text("de")
    path.write_text("not json\n", encoding="utf-8")
    with pytest.raises(lab.LabError) as caught:
        lab.tournament("pazaak", ["random", "greedy"], games=2, rules=SHORT, results=path)
    assert caught.value.key == "contest.bad_file"


def raises(state: Any) -> Any:
    raise RuntimeError("my bot has a bug")


def returns_none(state: Any) -> Any:
    return None


def returns_nonsense(state: Any) -> Any:
    return "fly to the moon"


def returns_a_tablic_move(state: Any) -> Any:
    return tablic.new_game(seed=1).legal_moves()[0]


def test_a_bad_bot_loses_with_its_reason_and_the_tournament_goes_on() -> None:
    bots = [raises, returns_none, returns_nonsense, returns_a_tablic_move, "random"]
    cup = lab.tournament("pazaak", bots, games=2, rules=SHORT)
    assert cup.complete and len(cup.rows) == 10 * 2
    by_bot: dict[str, list[dict[str, Any]]] = {}
    for row in cup.forfeits:
        by_bot.setdefault(row["forfeit"]["bot"], []).append(row["forfeit"])
    # Every bad bot forfeits every game it gets to move in (random never does).
    assert set(by_bot) == {"raises", "returns_none", "returns_nonsense", "returns_a_tablic_move"}
    raised = by_bot["raises"][0]
    assert "RuntimeError" in raised["reason"]["en"] and "loses the game" in raised["reason"]["en"]
    assert "verliert das Spiel" in raised["reason"]["de"]
    assert "my bot has a bug" in raised["details"] and "Traceback" in raised["details"]
    nonsense = by_bot["returns_nonsense"][0]["reason"]
    assert "no legal move" in nonsense["en"] and "kein erlaubter Zug" in nonsense["de"]
    assert "fly to the moon" in nonsense["de"]
    assert "None" in by_bot["returns_none"][0]["reason"]["en"]
    assert cup.ratings["random"].score == 8  # random beats every bad bot in both seats
    for row in cup.forfeits:  # the forfeiting seat scores 0
        assert row["score"] == (0.0 if row["forfeit"]["seat"] == 0 else 1.0)
    assert "raises" in str(cup) and str(cup).count("RuntimeError") == len(by_bot["raises"])


class Counter:
    """A class of bots: the tournament makes one with no arguments."""

    name = "counter"

    def choose(self, state: Any) -> Any:
        return state.legal_moves()[0]


@pytest.mark.parametrize(
    ("bots", "games", "options", "key"),
    [
        (["random", "random"], 2, {}, "contest.same_name"),
        ({"a": "random", "b": "greedy"}, 0, {}, "contest.bad_games"),
        (["random", "greedy"], 3, {}, "contest.bad_games"),
        (["random", "greedy"], True, {}, "contest.bad_games"),
        (["random"], 2, {}, "contest.few_bots"),
        ("random", 2, {}, "contest.few_bots"),
        (["random", 42], 2, {}, "contest.bad_bot"),
        (["random", "greedy"], 2, {"format": "swiss"}, "contest.bad_format"),
        (["random", "greedy"], 2, {"results": 5}, "contest.bad_results_file"),
    ],
)
def test_bad_settings_get_a_sentence_in_both_languages(
    bots: object, games: object, options: dict[str, Any], key: str
) -> None:
    with pytest.raises(lab.LabError) as caught:
        lab.tournament("pazaak", bots, games=games, **options)  # type: ignore[arg-type]
    assert caught.value.key == key
    assert caught.value.text("en") != caught.value.text("de")


def test_bots_as_a_dict_classes_functions_and_options() -> None:
    cup = lab.tournament(
        "pazaak",
        {"first move": Counter, "mine": returns_nonsense, "steady": "greedy:stand_at=17"},
        games=2,
        rules=SHORT,
    )
    assert cup.names == ("first move", "mine", "steady")
    assert {row["forfeit"]["bot"] for row in cup.forfeits} == {"mine"}
    named = lab.tournament("pazaak", [Counter, "greedy:stand_at=17"], games=2, rules=SHORT)
    assert named.names == ("counter", "greedy stand_at=17")


def test_the_rules_variant_is_played_and_kept() -> None:
    cup = lab.tournament("pazaak", ["random", "greedy"], games=2, rules=SHORT)
    assert cup.rules is not None and cup.rules["sets_to_win"] == 1
    assert all(row["record"]["rules"]["sets_to_win"] == 1 for row in cup.rows)
    with pytest.raises(ValueError, match="no_such_rule"):
        lab.tournament("pazaak", ["random", "greedy"], games=2, rules={"no_such_rule": 1})


def test_a_process_pool_plays_the_games_of_an_in_process_run() -> None:
    def local_bot(state: Any) -> Any:  # a closure: carried to the workers by cloudpickle
        return state.legal_moves()[-1]

    bots = {"last": local_bot, "random": "random", "greedy": "greedy"}
    carried = portable(make_plan("pazaak", bots, games=2)).bots
    assert isinstance(carried[0], Portable) and not isinstance(carried[1], Portable)
    here = lab.tournament("pazaak", bots, games=4, seed=2, rules=SHORT)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        there = lab.tournament("pazaak", bots, games=4, seed=2, rules=SHORT, executor=pool)
    assert _rows(there) == _rows(here)


class Dies:
    """An executor whose tasks fail after the first (a worker that died mid-run)."""

    def __init__(self, works: int = 1) -> None:
        self.inner = concurrent.futures.ThreadPoolExecutor(max_workers=1)
        self.calls, self.works = 0, works
        self._max_workers = 1

    def submit(self, fn: Any, *args: Any) -> concurrent.futures.Future[Any]:
        self.calls += 1
        if self.calls > self.works:
            future: concurrent.futures.Future[Any] = concurrent.futures.Future()
            future.set_exception(concurrent.futures.process.BrokenProcessPool("gone"))
            return future
        return self.inner.submit(fn, *args)


def test_an_executor_that_dies_keeps_the_finished_games(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    dying = Dies()
    with pytest.raises(lab.WorkerError) as caught:
        lab.tournament(
            "pazaak",
            ["random", "greedy"],
            games=40,
            rules=SHORT,
            executor=dying,  # type: ignore[arg-type]
            results=path,
        )
    dying.inner.shutdown()
    kept = caught.value.results
    assert 0 < len(kept.rows) < 40
    assert "kept" in caught.value.text("en") and "erhalten" in caught.value.text("de")
    assert len(path.read_text(encoding="utf-8").splitlines()) == 1 + len(kept.rows)
    # One that dies at once keeps nothing, and says so.
    dead = Dies(works=0)
    with pytest.raises(lab.WorkerError) as caught:
        lab.tournament("pazaak", ["random", "greedy"], games=4, executor=dead)  # type: ignore[arg-type]
    dead.inner.shutdown()
    assert caught.value.results.rows == []
    assert "Noch ist kein Spiel fertig." in caught.value.results.leaderboard("de").text
    assert "No game has finished yet." in repr(caught.value.results)


def test_each_game_opens_as_a_replay_and_the_folder_links_them(tmp_path: Path) -> None:
    cup = lab.tournament("pazaak", ["random", returns_none], games=2, rules=SHORT)
    page = cup.replay(1, locale="de")
    assert isinstance(page, replay.Replay) and page.plies == cup.rows[1]["length"]
    index = cup.save(tmp_path / "cup", locale="de")
    text = index.read_text(encoding="utf-8")
    assert 'href="games/game-0.html"' in text and 'href="games/game-1.html"' in text
    assert (
        (tmp_path / "cup" / "games" / "game-1.html")
        .read_text(encoding="utf-8")
        .startswith("<!DOCTYPE html>")
    )
    assert (
        "Rangliste" not in text
        and "Kreuztabelle" in text
        and "http"
        not in text.split("<svg")[1].split("</svg>")[0].replace("http://www.w3.org/2000/svg", "")
    )


def test_the_functions_stay_the_lab_s_names_beside_their_modules() -> None:
    assert callable(lab.tournament) and callable(lab.sprt)
    # Importing the modules by their full names (done at the top of this file) leaves the
    # package's attributes the functions, and the modules stay in sys.modules.
    assert lab.tournament is sys.modules["cardwidgets.lab.tournament"].tournament
    assert lab.sprt is sys.modules["cardwidgets.lab.stopping"].sprt
    assert hasattr(sys.modules["cardwidgets.lab.sprt"], "SPRT")


@pytest.mark.timeout(120)
def test_a_dask_cluster_plays_the_games_of_an_in_process_run() -> None:
    distributed = pytest.importorskip("distributed")

    def last(state: Any) -> Any:  # typed in a cell: carried by cloudpickle
        return state.legal_moves()[-1]

    bots = {"last": last, "random": "random", "greedy": "greedy"}
    here = lab.tournament("pazaak", bots, games=4, seed=9, rules=SHORT)
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=False,  # worker threads: a second, where processes take ten here
            dashboard_address=None,
            silence_logs=50,
        ) as cluster,
        distributed.Client(cluster, timeout=60) as client,
    ):
        there = lab.tournament(
            "pazaak", bots, games=4, seed=9, rules=SHORT, executor=client.get_executor()
        )
    assert _rows(there) == _rows(here)
    assert [row["record"] for row in there.rows] == [row["record"] for row in here.rows]


def test_a_results_file_that_cannot_be_written_and_a_missing_game_get_sentences(
    tmp_path: Path,
) -> None:
    with pytest.raises(lab.LabError) as caught:
        lab.tournament(
            "pazaak",
            ["random", "greedy"],
            games=2,
            rules=SHORT,
            results=tmp_path / "no folder" / "games.jsonl",
        )
    assert caught.value.key == "contest.file_failed"
    assert "ihr Ordner existiert nicht" in caught.value.text("de")
    cup = lab.tournament("pazaak", ["random", "greedy"], games=2, rules=SHORT)
    with pytest.raises(lab.LabError) as caught:
        cup.replay(5)
    assert caught.value.key == "contest.no_game" and "0 bis 1" in caught.value.text("de")
