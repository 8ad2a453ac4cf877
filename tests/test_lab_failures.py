"""A lab run that meets a failing claim, a failing player or a dead worker stops with the
project's own error (en/de), naming the game and its seed, chaining the original error,
carrying the record to replay, and keeping every row that finished.

Claims and players are module-level functions and classes, so a process pool can carry them.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import re
import signal
import subprocess
import sys
import threading
import time
import tracemalloc
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from language import assert_german

import cardwidgets
from cardwidgets import bots, i18n, lab
from cardwidgets.lab.progress import Progress
from cardwidgets.lab.seeds import game_seed, player_seed

SEED = 5
BAD_GAME = 13


def seed_of(state: Any) -> int:
    return int(state.root.to_record()["start"]["seed"])


def divides_by_zero_on_the_bad_game(state: Any) -> bool:
    """the claim divides by zero on one game"""
    if seed_of(state) == game_seed(SEED, BAD_GAME):
        return 1 / 0 > 0
    return True


def misses_a_key_mid_game(state: Any) -> bool:
    """a per-state claim that looks up a missing key after move 7 of one game"""
    if state.ply == 7 and seed_of(state) == game_seed(SEED, BAD_GAME):
        return bool({}["no such key"])
    return True


def kills_its_worker_on_the_bad_game(state: Any) -> bool:
    """a claim that ends its worker process on one game"""
    if seed_of(state) == game_seed(SEED, BAD_GAME):
        os._exit(3)
    return True


class Truthless:
    def __bool__(self) -> bool:
        raise ValueError("the truth value of an array with more than one element is ambiguous")


def returns_an_array_like(state: Any) -> Any:
    return Truthless() if seed_of(state) == game_seed(SEED, BAD_GAME) else True


@pytest.fixture(scope="module")
def reference() -> lab.Results:
    return lab.simulate("panjpar", games=40, seed=SEED)


def check_kept(err: lab.RunError, reference: lab.Results, least: int) -> None:
    """The rows kept are real rows of the run (same as a clean run's), in game order."""
    rows = err.rows
    assert len(rows) >= least
    indices = [row["game"] for row in rows]
    assert indices == sorted(indices) and BAD_GAME not in indices
    by_index = {row["game"]: row for row in reference.rows}
    for row in rows:
        expected = dict(by_index[row["game"]])
        assert {k: v for k, v in row.items() if k != "held"} == expected


# -- a claim that raises ---------------------------------------------------------------------


@pytest.mark.parametrize("workers", [None, 2])
def test_a_claim_that_raises_names_the_game_chains_its_error_and_keeps_the_rows(
    workers: int | None, reference: lab.Results
) -> None:
    with pytest.raises(lab.ClaimError) as caught:
        lab.check(
            divides_by_zero_on_the_bad_game,
            "panjpar",
            games=40,
            seed=SEED,
            workers=workers,
            chunk_size=3,
        )
    err = caught.value
    assert isinstance(err, cardwidgets.lab.RunError) and isinstance(err, ValueError)
    assert isinstance(err.__cause__, ZeroDivisionError)
    assert (err.index, err.seed) == (BAD_GAME, game_seed(SEED, BAD_GAME))
    assert err.text("en").startswith(
        f"the claim raised ZeroDivisionError('division by zero') in game {BAD_GAME} "
        f"(seed {game_seed(SEED, BAD_GAME)}) after move {err.ply}; "
    )
    assert re.search(r"; \d+ games? finished and (is|are) kept in \.results$", err.text("en"))
    assert err.text("de").startswith(f"die Behauptung löste in Spiel {BAD_GAME} (Startwert ")
    assert_german(err.text("de"), "ZeroDivisionError('division by zero')")
    # The record replays the game to the state the claim was given.
    assert err.record is not None
    state = err.state()
    assert state.is_over and seed_of(state) == err.seed and state.ply == err.ply
    with pytest.raises(ZeroDivisionError):
        divides_by_zero_on_the_bad_game(state)
    # Everything before the bad game finished in process; a pool may have finished more.
    check_kept(err, reference, least=BAD_GAME if workers is None else 6)
    assert isinstance(err.results, lab.CheckResult) and err.results.games == len(err.rows)
    assert "worker" not in err.details or workers  # the traceback text is kept either way
    assert "ZeroDivisionError" in err.details


def test_a_per_state_claim_that_raises_names_the_move(reference: lab.Results) -> None:
    with pytest.raises(lab.ClaimError) as caught:
        lab.check(misses_a_key_mid_game, "panjpar", games=40, seed=SEED, per_state=True)
    err = caught.value
    assert isinstance(err.__cause__, KeyError)
    assert (err.index, err.ply) == (BAD_GAME, 7)
    assert err.state().ply == 7
    check_kept(err, reference, least=BAD_GAME)


def test_a_claim_whose_answer_has_no_truth_value_is_the_claims_error() -> None:
    with pytest.raises(lab.ClaimError) as caught:
        lab.check(returns_an_array_like, "panjpar", games=20, seed=SEED)
    assert isinstance(caught.value.__cause__, lab.NotTrueOrFalse)
    assert caught.value.index == BAD_GAME


def forgets_its_return(state: Any) -> Any:
    """a claim whose author forgot the return on one game"""
    if seed_of(state) == game_seed(SEED, BAD_GAME):
        state.is_over  # noqa: B018 - the forgotten return
        return None
    return True


def answers_no(state: Any) -> Any:
    return "no" if seed_of(state) == game_seed(SEED, BAD_GAME) else True


@pytest.mark.parametrize(
    ("claim", "workers", "answer"),
    [
        (forgets_its_return, None, "None"),
        (answers_no, None, "'no'"),
        (forgets_its_return, 2, "None"),
    ],
)
def test_a_claim_that_returns_no_bool_is_refused_naming_the_claim_and_its_answer(
    claim: Any, workers: int | None, answer: str, reference: lab.Results
) -> None:
    """None used to count as "refuted" and "no" as "held": a truth value guessed from them."""
    with pytest.raises(lab.ClaimError) as caught:
        lab.check(claim, "panjpar", games=40, seed=SEED, workers=workers, chunk_size=5)
    err = caught.value
    assert isinstance(err.__cause__, lab.NotTrueOrFalse) and isinstance(err.__cause__, ValueError)
    assert err.index == BAD_GAME
    assert err.text("en").startswith(
        f"the claim {claim.__qualname__} returned {answer}, not True or False, in game {BAD_GAME}"
    )
    assert err.__cause__.text("en").endswith(f"but {claim.__qualname__} returned {answer}")
    for said in (err.text("de"), err.__cause__.text("de")):
        assert_german(said, claim.__qualname__, answer, "True", "False")
    check_kept(err, reference, least=BAD_GAME if workers is None else 5)


def test_a_claim_may_answer_with_a_numpy_bool() -> None:
    numpy = pytest.importorskip("numpy")
    result = lab.check(lambda s: numpy.bool_(s.is_over), "panjpar", games=5, seed=SEED)
    assert not result.refuted and result.held == 5
    refuted = lab.check(lambda s: numpy.bool_(not s.is_over), "panjpar", games=5, seed=SEED)
    assert refuted.held == 0


def test_a_lambda_claim_raising_in_a_process_pool_is_carried_back() -> None:
    bad = game_seed(SEED, 3)
    with pytest.raises(lab.ClaimError) as caught:
        lab.check(
            lambda s: 1 / (seed_of(s) - bad) != 7,
            "panjpar",
            games=8,
            seed=SEED,
            workers=2,
            chunk_size=2,
        )
    assert caught.value.index == 3
    assert isinstance(caught.value.__cause__, ZeroDivisionError)
    # The worker's traceback travels as text and is shown as the cause of the claim's error
    # (unless tblib, which Dask installs, already carried the traceback itself).
    assert "ZeroDivisionError" in caught.value.details
    error = caught.value.__cause__
    assert error.__traceback__ is not None or "ZeroDivisionError" in str(error.__cause__)


# -- a player that raises, a worker that dies ----------------------------------------------------


class BrokenPlayer(bots.RandomPlayer):
    """A random player that raises on its first move of one game."""

    def choose(self, state: Any) -> Any:
        if self.seed == player_seed(game_seed(SEED, BAD_GAME), 0):
            raise RuntimeError("this player is broken")
        return super().choose(state)

    def reseeded(self, seed: Any) -> BrokenPlayer:
        return BrokenPlayer(seed)


def test_a_player_that_raises_is_a_game_error_with_the_rows_kept(reference: lab.Results) -> None:
    with pytest.raises(lab.GameError) as caught:
        lab.simulate("panjpar", players=(BrokenPlayer(0), "random"), games=40, seed=SEED)
    err = caught.value
    assert not isinstance(err, lab.ClaimError)
    assert isinstance(err.__cause__, RuntimeError)
    assert err.text("en").startswith(f"game {BAD_GAME} (seed {game_seed(SEED, BAD_GAME)}) stopped")
    assert err.text("de").startswith(f"Spiel {BAD_GAME} (Startwert ")
    assert err.ply == 0 and err.state().ply == 0
    assert isinstance(err.results, lab.Results)
    check_kept(err, reference, least=BAD_GAME)


def test_a_worker_that_dies_mid_run_keeps_the_finished_rows(reference: lab.Results) -> None:
    """A worker killed mid-run; the finished rows survive."""
    with pytest.raises(lab.WorkerError) as caught:
        lab.check(
            kills_its_worker_on_the_bad_game,
            "panjpar",
            games=40,
            seed=SEED,
            workers=2,
            chunk_size=1,
            timeout=120,
        )
    err = caught.value
    assert type(err.__cause__).__name__ == "BrokenProcessPool"
    assert err.text("en").startswith("a worker process stopped before its games were done")
    assert err.text("de").startswith("ein Arbeitsprozess brach ab")
    assert_german(err.text("de"), i18n.shown(err.__cause__, 120))
    # At most a window of four chunks is in flight: games 0..8 had certainly finished.
    check_kept(err, reference, least=BAD_GAME - 4)


def test_progress_bar_closes_cleanly_when_a_run_stops(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Progress, "delay", 0.0)
    with pytest.raises(lab.ClaimError):
        lab.check(divides_by_zero_on_the_bad_game, "panjpar", games=40, seed=SEED, progress=True)
    err = capsys.readouterr().err
    assert err.endswith("\n") and f"{BAD_GAME} of 40 games" in err


# -- huge counts (item 1) ------------------------------------------------------------------------


def test_a_count_beyond_any_finish_is_refused_with_a_reason() -> None:
    with pytest.raises(lab.LabError) as caught:
        lab.simulate("tablic", games=100_000_000_000)
    assert caught.value.text("en").startswith(
        "games must be at most 100,000,000, not 100000000000: every game keeps a row"
    )
    assert caught.value.text("de").startswith("games darf höchstens 100.000.000 sein")


class StopsAtGame300(bots.RandomPlayer):
    def choose(self, state: Any) -> Any:
        if self.seed == player_seed(game_seed(1, 300), 0):
            raise RuntimeError("stop here")
        return super().choose(state)

    def reseeded(self, seed: Any) -> StopsAtGame300:
        return StopsAtGame300(seed)


@pytest.mark.parametrize("threads", [False, True])
def test_chunks_are_made_lazily_so_memory_does_not_grow_with_the_count(
    monkeypatch: pytest.MonkeyPatch, threads: bool
) -> None:
    """A run of 10**11 games stopped at game 300: the chunks after it are never built (the
    eager list of chunks of such a run grew to 24 GB)."""
    import concurrent.futures

    monkeypatch.setattr(lab, "MAX_GAMES", 10**12)
    executor = concurrent.futures.ThreadPoolExecutor(2) if threads else None
    tracemalloc.start()
    try:
        with pytest.raises(lab.GameError) as caught:
            lab.simulate(
                "panjpar",
                players=(StopsAtGame300(0), "random"),
                games=10**11,
                seed=1,
                executor=executor,
                chunk_size=50,
            )
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
        if executor is not None:
            executor.shutdown()
    assert caught.value.index == 300
    assert peak < 20_000_000, f"peak {peak:,} bytes"


# -- bad settings and hostile claims ---------------------------------------------------------


@pytest.mark.parametrize(
    ("settings_", "english"),
    [
        ({"games": 0}, "games must be a positive whole number, not 0"),
        ({"games": "10"}, "games must be a positive whole number, not '10'"),
        ({"workers": 0}, "workers must be a whole number from 1 to 512, not 0"),
        ({"workers": 10**6}, "workers must be a whole number from 1 to 512, not 1000000"),
        ({"chunk_size": -1}, "chunk_size must be a whole number from 1 to 100,000,000"),
        ({"timeout": 0}, "timeout must be a positive number of seconds or None, not 0"),
        ({"progress": "yes"}, "progress must be True, False or None, not 'yes'"),
        ({"seed": [1]}, "a seed must be a whole number or a text, not [1]"),
        ({"players": ("random", "random", "random")}, "players must be two players"),
    ],
)
def test_bad_settings_are_refused_before_any_game(settings_: dict[str, Any], english: str) -> None:
    with pytest.raises(ValueError) as caught:
        lab.simulate("panjpar", **settings_)
    assert isinstance(caught.value, i18n.TranslatedError)
    assert caught.value.text("en").startswith(english)
    assert_german(caught.value.text("de"), *map(i18n.shown, settings_.values()))


def test_a_claim_that_is_not_a_function_is_refused() -> None:
    with pytest.raises(lab.LabError) as caught:
        lab.check("the dealer wins", "panjpar", games=3)  # type: ignore[arg-type]
    assert caught.value.text("en").startswith("a claim must be a function of a state")


ERRORS = st.sampled_from(
    [ZeroDivisionError, KeyError, TypeError, AttributeError, IndexError, RecursionError, ValueError]
)


@settings(max_examples=25, deadline=None)
@given(ERRORS, st.integers(0, 11), st.booleans(), st.sampled_from(["panjpar", "pazaak"]))
def test_any_claim_error_on_any_game_becomes_a_claim_error(
    error: type[Exception], bad: int, per_state: bool, game: str
) -> None:
    """Hypothesis: whatever a claim raises, on whichever game, the run ends in a ClaimError
    naming that game, with the claim's error chained and the earlier rows kept."""
    target = game_seed(7, bad)

    def claim(state: Any) -> bool:
        if seed_of(state) == target:
            raise error("Z")
        return state.ply >= 0

    with pytest.raises(lab.ClaimError) as caught:
        lab.check(claim, game, games=12, seed=7, per_state=per_state, chunk_size=4)
    err = caught.value
    assert type(err.__cause__) is error
    assert err.index == bad and err.seed == target
    assert [row["game"] for row in err.rows] == list(range(bad))
    assert all(row["held"] for row in err.rows)
    assert_german(err.text("de"), i18n.shown(error("Z"), 120))


# -- timeouts and Ctrl-C --------------------------------------------------------------


def stalls_on_the_bad_game(state: Any) -> bool:
    """a claim that spins (for 8 s: a test must end even if nothing stops it) on one game"""
    if seed_of(state) == game_seed(SEED, BAD_GAME):
        until = time.monotonic() + 8
        while time.monotonic() < until:
            pass
    return True


def test_timeout_stops_an_in_process_run_whose_claim_never_returns(reference: lab.Results) -> None:
    """Without workers ``timeout=`` did nothing: the run waited for the claim for ever."""
    began = time.monotonic()
    with pytest.raises(lab.WorkerError) as caught:
        lab.check(stalls_on_the_bad_game, "panjpar", games=40, seed=SEED, timeout=0.5)
    assert time.monotonic() - began < 4
    err = caught.value
    assert err.text("en").startswith("the run did not finish within the timeout of 0.5 seconds")
    assert_german(err.text("de"), "0.5")
    check_kept(err, reference, least=BAD_GAME)
    assert len(err.rows) == BAD_GAME


class StallingPlayer(bots.RandomPlayer):
    """A random player that takes 0.1 s a move from game 5 on (a slow bot, a long game)."""

    def choose(self, state: Any) -> Any:
        if self.seed in {player_seed(game_seed(SEED, i), 0) for i in range(5, 8)}:
            time.sleep(0.1)
        return super().choose(state)

    def reseeded(self, seed: Any) -> StallingPlayer:
        return StallingPlayer(seed)


def test_timeout_without_a_signal_timer_checks_the_clock_before_every_move(
    reference: lab.Results,
) -> None:
    """A run started in another thread (no SIGALRM there; nor on Windows or in Pyodide)
    stops at the first move after the timeout."""
    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(1) as thread:
        running = thread.submit(
            lab.simulate, "panjpar", (StallingPlayer(0), "random"), 8, None, SEED, timeout=0.5
        )
        with pytest.raises(lab.WorkerError) as caught:
            running.result()
    assert time.monotonic() - began < 3
    assert [row["game"] for row in caught.value.rows] == [0, 1, 2, 3, 4]
    check_kept(caught.value, reference, least=5)


POOL_THAT_TIMES_OUT = """
import multiprocessing, time
from cardwidgets import lab

def spins(state):
    while True:
        pass

began = time.monotonic()
try:
    lab.check(spins, "panjpar", games=8, seed=1, workers=2, chunk_size=2, timeout=1)
except lab.WorkerError as err:
    print(type(err).__name__, round(time.monotonic() - began, 1))
print("children", len(multiprocessing.active_children()))
"""


def test_a_pool_stopped_by_its_timeout_terminates_its_workers(tmp_path: Any) -> None:
    """The pool was shut down with wait=False: its workers spun on, so the interpreter could
    not exit (this subprocess hung for ever)."""
    script = tmp_path / "pool_times_out.py"
    script.write_text(POOL_THAT_TIMES_OUT)
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, check=False
    )
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.split("\n")
    assert lines[0].startswith("WorkerError") and float(lines[0].split()[1]) < 10
    assert lines[1] == "children 0"


class InterruptedPlayer(bots.RandomPlayer):
    """A random player during whose first move of one game the learner presses Ctrl-C."""

    def choose(self, state: Any) -> Any:
        if self.seed == player_seed(game_seed(SEED, BAD_GAME), 0):
            raise KeyboardInterrupt
        return super().choose(state)

    def reseeded(self, seed: Any) -> InterruptedPlayer:
        return InterruptedPlayer(seed)


def test_ctrl_c_keeps_the_finished_rows_and_is_still_a_keyboard_interrupt(
    reference: lab.Results,
) -> None:
    """Ctrl-C ("Interrupt kernel") lost every finished row; every other stop kept them."""
    with pytest.raises(lab.Interrupted) as caught:
        lab.simulate("panjpar", players=(InterruptedPlayer(0), "random"), games=40, seed=SEED)
    err = caught.value
    assert isinstance(err, KeyboardInterrupt) and not isinstance(err, Exception)
    assert err.text("en") == (
        f"the run was interrupted; {BAD_GAME} games finished and are kept in .results"
    )
    assert_german(err.text("de"))
    assert isinstance(err.results, lab.Results) and len(err.rows) == BAD_GAME
    check_kept(err, reference, least=BAD_GAME)


@pytest.mark.parametrize("workers", [None, 2])
def test_a_real_interrupt_signal_keeps_the_rows_and_ends_the_pool(workers: int | None) -> None:
    """SIGINT (what Ctrl-C and Jupyter's "Interrupt kernel" send) mid-run, here or while a
    pool of processes plays."""
    ring = threading.Timer(1.0, os.kill, (os.getpid(), signal.SIGINT))
    ring.start()
    try:
        with pytest.raises(lab.Interrupted) as caught:
            lab.simulate("panjpar", games=10**6, seed=SEED, workers=workers, chunk_size=20)
    finally:
        ring.cancel()
    rows = caught.value.rows
    games = [row["game"] for row in rows]
    # Every finished game is kept, in game order. In a pool, a later chunk may have finished
    # while an earlier one was still playing, so the games kept need not be 0..n-1 (the
    # contract ``check_kept`` states for every other stop); a pool keeps whole chunks.
    assert games == sorted(set(games))
    if workers is None:  # in process, games finish one after another, and each is kept
        assert games == list(range(len(games)))
    else:
        starts = {game - game % 20 for game in games}
        assert games == [game for start in sorted(starts) for game in range(start, start + 20)]
    assert workers or rows  # in process, a second of games finished before the interrupt
    if rows and games[0] == 0:
        clean = lab.simulate("panjpar", games=20, seed=SEED).rows
        assert [dict(row) for row in rows[:20]] == [dict(row) for row in clean]
    assert multiprocessing.active_children() == []
