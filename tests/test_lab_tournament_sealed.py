"""Tournaments of sealed bots: a ``.py`` file plays in a worker process of its own that gets
only the seat's view; a file bot that raises, loops or does not load loses its games with the
reason (en/de) and its traceback in the row, the others play on, the standings count the
forfeits, and no worker outlives its game. Every bot, built-in or in-process, is asked with a
``SeatView``. Time limits are tiny (0.3 s) so the file stays fast."""

from __future__ import annotations

import concurrent.futures
import json
import multiprocessing
import pathlib
import subprocess
import sys
import textwrap
from typing import Any

import pytest

from cardwidgets import bots, cli, lab
from cardwidgets.lab.sandbox import WORKER_NAME

SHORT = {"sets_to_win": 1}  # one set per Pazaak match (Z-S2 made short): fast games
LIMIT = 0.3

GOOD = """
    def choose(view):
        # stand at 17 or more, else end the turn: a plain bot that never plays a side card
        moves = {str(move): move for move in view.legal_moves()}
        if view.seen["totals"][view.seat] >= 17 and "stand" in moves:
            return moves["stand"]
        return moves.get("end", next(iter(moves.values())))
"""
RAISING = """
    def choose(view):
        raise RuntimeError("my bot has a bug")
"""
LOOPING = """
    def choose(view):
        while True:
            pass
"""
BROKEN = "import no_such_module_anywhere\n"
RANDOM = """
    import random

    def choose(view):
        return random.choice(view.legal_moves())
"""


def _file(folder: pathlib.Path, name: str, text: str) -> pathlib.Path:
    path = folder / f"{name}.py"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _workers() -> list[Any]:
    """The sealed bots' worker processes still running."""
    return [p for p in multiprocessing.active_children() if p.name.startswith(WORKER_NAME)]


def test_good_raising_and_looping_file_bots_finish_with_the_bad_ones_losing_their_games(
    tmp_path: pathlib.Path,
) -> None:
    files = [
        _file(tmp_path, "good", GOOD),
        _file(tmp_path, "raising", RAISING),
        _file(tmp_path, "looping", LOOPING),
    ]
    cup = lab.tournament(
        "pazaak", [*map(str, files), "random"], games=2, rules=SHORT, time_limit=LIMIT
    )
    assert cup.complete and len(cup.rows) == 6 * 2 and not _workers()
    bad = {"raising", "looping"}
    for row in cup.rows:
        in_it = set(row["bots"])
        forfeit = row["forfeit"]
        if in_it & bad and in_it - bad:  # a bad bot against a good one: the bad one loses
            assert forfeit is not None and forfeit["bot"] in bad
            assert row["winner"] == 1 - forfeit["seat"]
        if not in_it & bad:  # good against random: no fault of theirs
            assert forfeit is None
    raised = next(r["forfeit"] for r in cup.forfeits if r["forfeit"]["bot"] == "raising")
    assert raised["kind"] == "raised"
    assert raised["reason"]["en"].startswith("raising loses the game: bot raising raised")
    assert (
        "RuntimeError" in raised["reason"]["de"] and "verliert das Spiel" in raised["reason"]["de"]
    )
    # The student's traceback: their file and line, not the sandbox's frames.
    assert "raising.py" in raised["details"] and "my bot has a bug" in raised["details"]
    assert "sandbox.py" not in raised["details"]
    looped = next(r["forfeit"] for r in cup.forfeits if r["forfeit"]["bot"] == "looping")
    assert looped["kind"] == "timeout"
    assert f"took longer than {LIMIT} s" in looped["reason"]["en"]
    assert f"brauchte länger als {LIMIT} s" in looped["reason"]["de"]
    # The standings count the forfeits: each bad bot scores nothing against a good one.
    table = cup.ratings

    def points(name: str, rows: list[dict[str, Any]]) -> float:
        return sum(r["score"] if r["bots"][0] == name else 1 - r["score"] for r in rows)

    for name in bad:
        against_good = [r for r in cup.rows if name in r["bots"] and set(r["bots"]) - bad]
        assert len(against_good) == 4 and points(name, against_good) == 0
        assert table[name].score == points(name, [r for r in cup.rows if name in r["bots"]])
    assert table["good"].elo > table["raising"].elo and table["random"].elo > table["looping"].elo


def test_a_file_that_does_not_load_loses_every_game_it_moves_in(tmp_path: pathlib.Path) -> None:
    broken = _file(tmp_path, "broken", BROKEN)
    cup = lab.tournament("pazaak", {"mine": broken, "greedy": "greedy"}, games=2, rules=SHORT)
    assert cup.complete and len(cup.forfeits) == 2 and cup.ratings["mine"].score == 0
    forfeit = cup.forfeits[0]["forfeit"]
    assert forfeit["kind"] == "import" and forfeit["bot"] == "mine"
    assert (
        "ModuleNotFoundError" in forfeit["reason"]["en"]
        and "ließ sich nicht laden" in (forfeit["reason"]["de"])
    )
    assert "no_such_module_anywhere" in forfeit["details"]


def test_a_sealed_bot_gets_a_fresh_seeded_worker_each_game_so_runs_repeat(
    tmp_path: pathlib.Path,
) -> None:
    # A bot that draws from Python's random module: seeded from the deal and seat in its
    # worker, so the same tournament gives the same games (a resumed or pooled run relies
    # on every game depending only on its deal, seats and bots).
    path = _file(tmp_path, "dice", RANDOM)
    sealed = lab.SealedBot(path, time_limit=5.0)
    first = lab.tournament("pazaak", [sealed, "greedy"], games=4, seed=3, rules=SHORT)
    again = lab.tournament("pazaak", [str(path), "greedy"], games=4, seed=3, rules=SHORT)
    assert [r["record"] for r in first.rows] == [r["record"] for r in again.rows]
    assert not first.forfeits and sealed._process is None and not _workers()


def test_a_process_pool_plays_a_sealed_bot_s_games_as_this_process_does(
    tmp_path: pathlib.Path,
) -> None:
    # The pool's worker is forked from this process, fork server state and all: it starts a
    # fork server of its own for the sealed bot (the inherited one is not its child).
    path = str(_file(tmp_path, "dice", RANDOM))
    here = lab.tournament("pazaak", [path, "greedy"], games=4, seed=2, rules=SHORT)
    with concurrent.futures.ProcessPoolExecutor(max_workers=1) as pool:
        there = lab.tournament(
            "pazaak", [path, "greedy"], games=4, seed=2, rules=SHORT, executor=pool
        )
    assert not here.forfeits and json.dumps(there.rows) == json.dumps(here.rows)


def test_a_script_without_a_main_guard_runs_its_tournament_once(tmp_path: pathlib.Path) -> None:
    # A worker never imports the caller's __main__: a teacher's script with no
    # `if __name__ == "__main__":` would otherwise run its whole tournament again in every
    # worker, printing on the terminal.
    bot = _file(tmp_path, "good", GOOD)
    script = tmp_path / "cup.py"
    script.write_text(
        "from cardwidgets import lab\n"
        f"cup = lab.tournament('pazaak', [{str(bot)!r}, 'greedy'], games=2, "
        "rules={'sets_to_win': 1})\n"
        "print('forfeits', len(cup.forfeits))\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.splitlines() == ["forfeits 0"]


class Snoop:
    """An in-process bot that notes what it was handed."""

    name = "snoop"

    def __init__(self) -> None:
        self.seen: list[type] = []

    def choose(self, view: Any) -> Any:
        self.seen.append(type(view))
        return view.legal_moves()[0]


def test_every_bot_is_asked_with_the_seat_s_view_never_the_state() -> None:
    snoop = Snoop()
    cup = lab.tournament("tablic", [snoop, "greedy"], games=2, seed=1)
    assert cup.complete and not cup.forfeits
    assert snoop.seen and set(snoop.seen) == {bots.SeatView}


class StopsTheRun:
    """Ctrl-C on its third move, while the sealed opponent's worker is running."""

    name = "stops"

    def __init__(self) -> None:
        self.calls = 0

    def choose(self, view: Any) -> Any:
        self.calls += 1
        if self.calls == 3:
            raise KeyboardInterrupt
        return view.legal_moves()[0]


def test_an_interrupted_tournament_leaves_no_worker_running(tmp_path: pathlib.Path) -> None:
    path = _file(tmp_path, "good", GOOD)
    stops = StopsTheRun()
    try:
        lab.tournament("pazaak", [str(path), stops], games=2, rules=SHORT)
    except lab.Interrupted as err:
        # Holding the error holds the stopped game's frames (and the bots in them): the
        # worker is stopped anyway, not left to the garbage collector.
        stopped = err
    assert stops.calls == 3 and isinstance(stopped.__context__, KeyboardInterrupt)
    assert not _workers()


def test_the_command_runs_file_bots_sealed_with_its_time_limit(
    tmp_path: pathlib.Path, capsys: pytest.CaptureFixture[str]
) -> None:
    good, looping = _file(tmp_path, "good", GOOD), _file(tmp_path, "looping", LOOPING)
    argv = ["tournament", "pazaak", str(good), str(looping), "--games", "2"]
    argv += ["--rule", "sets_to_win=1", "--time-limit", str(LIMIT), "--locale", "de"]
    assert cli.main(argv) == 0
    printed = capsys.readouterr().out
    assert f"Bot looping brauchte länger als {LIMIT} s für einen Zug" in printed
    assert not _workers()


def test_the_stopping_rule_runs_a_file_bot_sealed_with_its_time_limit(
    tmp_path: pathlib.Path,
) -> None:
    looping = _file(tmp_path, "looping", LOOPING)
    test = lab.sprt(
        "pazaak", "greedy", str(looping), elo1=200, max_pairs=3, rules=SHORT, time_limit=LIMIT
    )
    assert test.pairs == 3 or test.status == "H1"
    assert {row["forfeit"]["kind"] for row in test.rows} == {"timeout"}
    assert not _workers()
