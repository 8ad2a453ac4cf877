"""Sealed, limited execution of student bots (:class:`cardwidgets.lab.SealedBot`): each bad bot
of the tournament issue in a real worker process gets a :class:`~cardwidgets.lab.BotFault` with
its kind, a sentence in English and German and the student's traceback, and the worker is
started anew. Time limits are tiny (0.2 s) so the file stays fast."""

from __future__ import annotations

import pathlib
import textwrap
from typing import Any

import pytest

from cardwidgets import bots, cards
from cardwidgets.games import pazaak, tablic
from cardwidgets.lab import BotFault, SealedBot

START = tablic.new_game(seed=1)
LIMIT = 0.2


def _file(tmp_path: pathlib.Path, name: str, text: str) -> pathlib.Path:
    path = tmp_path / f"{name}.py"
    path.write_text(textwrap.dedent(text), encoding="utf-8")
    return path


def _fault(source: Any, state: Any = START, **options: Any) -> BotFault:
    with SealedBot(source, time_limit=options.pop("time_limit", LIMIT), **options) as bot:
        with pytest.raises(BotFault) as info:
            bot.choose(state)
    return info.value


# -- good bots ------------------------------------------------------------------------------------


def test_a_bot_file_with_a_function_or_a_class_plays_and_its_output_is_kept(
    tmp_path: pathlib.Path,
) -> None:
    function = _file(
        tmp_path,
        "first",
        """
        def choose(view):
            print("ply", view.ply, "moves", len(view.legal_moves()))
            return view.legal_moves()[0]
        """,
    )
    klass = _file(
        tmp_path,
        "greedy_like",
        """
        from cardwidgets import bots

        class Mine:
            def __init__(self):
                self.inner = bots.GreedyPlayer(seed=4)

            def choose(self, view):
                return self.inner.choose(view)
        """,
    )
    with SealedBot(function) as bot:
        assert bot.name == "first"
        assert bot.choose(START) == START.legal_moves()[0]
        assert bot.last_output == f"ply 0 moves {len(START.legal_moves())}\n"
        later = START.play(START.legal_moves()[0])
        assert bot.choose(later) == later.legal_moves()[0]  # the same worker answers again
    with SealedBot(klass, time_limit=5.0) as bot:
        state = START
        for _ in range(6):  # the worker plays as the greedy player does in this process
            move = bot.choose(bots.SeatView.of(state))
            assert move == bots.GreedyPlayer(seed=4).choose(state)
            state = state.play(move)


def test_a_function_typed_in_a_notebook_and_an_object_go_to_the_worker() -> None:
    def last(view: Any) -> Any:  # a local function: sent by value with cloudpickle
        return view.legal_moves()[-1]

    with SealedBot(last) as bot:
        assert bot.name == "last"
        assert bot.choose(START) == START.legal_moves()[-1]
    with SealedBot(bots.RandomPlayer(seed=3), name="random3") as bot:
        assert bot.choose(START) == bots.RandomPlayer(seed=3).choose(START)


def test_a_bot_cannot_see_hidden_cards_even_through_the_views_insides(
    tmp_path: pathlib.Path,
) -> None:
    """A bot that digs into the view's stand-in position finds only invented cards: twins
    that differ in the opponent's hand make it print exactly the same."""
    sneaky = _file(
        tmp_path,
        "sneaky",
        """
        def choose(view):
            other = view.position().hands[1 - view.seat]
            print(" ".join(str(card) for card in other))
            return view.legal_moves()[0]
        """,
    )
    one = START.determinize(0, cards.Rng("one"))
    two = START.determinize(0, cards.Rng("two"))
    assert one.hands[1] != two.hands[1]
    with SealedBot(sneaky) as bot:
        bot.choose(one)
        seen_one = bot.last_output
        bot.choose(two)
        assert bot.last_output == seen_one
    assert seen_one.split() != [str(card) for card in one.hands[1]]


# -- bad bots -------------------------------------------------------------------------------------


def test_a_bot_file_that_does_not_import_or_has_no_choose(tmp_path: pathlib.Path) -> None:
    broken = _file(tmp_path, "broken", "def choose(view)\n    return 1\n")
    fault = _fault(broken)
    assert fault.kind == "import"
    assert str(fault) == "bot broken could not be loaded: it raised SyntaxError"
    assert fault.text("de") == "Bot broken ließ sich nicht laden: er löste SyntaxError aus"
    assert "broken.py" in fault.traceback and "SyntaxError" in fault.traceback
    missing = _file(tmp_path, "missing", "import math\nX = 1\n")
    fault = _fault(missing)
    assert fault.kind == "no_choose" and "keine Funktion choose(view)" in fault.text("de")
    with pytest.raises(BotFault) as info:
        SealedBot(tmp_path / "nowhere.py")
    assert info.value.kind == "no_file" and "Bot-Datei" in info.value.text("de")


def test_a_bot_that_raises_keeps_its_traceback_and_gets_a_fresh_worker(
    tmp_path: pathlib.Path,
) -> None:
    path = _file(
        tmp_path,
        "fragile",
        """
        import os

        def choose(view):
            print(os.getpid())
            if view.ply == 1:
                return 1 / 0
            return view.legal_moves()[0]
        """,
    )
    with SealedBot(path, time_limit=2.0) as bot:
        bot.choose(START)
        first = bot.last_output
        with pytest.raises(BotFault) as info:
            bot.choose(START.play(START.legal_moves()[0]))
        fault = info.value
        assert fault.kind == "raised" and fault.output == first  # the same worker so far
        assert str(fault) == "bot fragile raised ZeroDivisionError while choosing a move"
        assert (
            fault.text("de") == "Bot fragile löste bei der Wahl eines Zuges ZeroDivisionError aus"
        )
        assert 'fragile.py", line 7, in choose' in fault.traceback
        assert "return 1 / 0" in fault.traceback and "sandbox.py" not in fault.traceback
        bot.choose(START)
        assert bot.last_output != first  # a new worker process answered


def test_a_bot_that_loops_forever_times_out_and_the_next_move_works(
    tmp_path: pathlib.Path,
) -> None:
    path = _file(
        tmp_path,
        "slow",
        """
        def choose(view):
            if view.ply == 0:
                while True:
                    pass
            return view.legal_moves()[0]
        """,
    )
    with SealedBot(path, time_limit=LIMIT) as bot:
        with pytest.raises(BotFault) as info:
            bot.choose(START)
        assert info.value.kind == "timeout"
        assert info.value.text("de") == "Bot slow brauchte länger als 0.2 s für einen Zug"
        later = START.play(START.legal_moves()[0])
        assert bot.choose(later) == later.legal_moves()[0]


def test_a_bot_that_needs_too_much_memory_or_kills_its_worker(tmp_path: pathlib.Path) -> None:
    hungry = _file(tmp_path, "hungry", "def choose(view):\n    return bytearray(2**31)\n")
    fault = _fault(hungry, memory_mb=256)
    assert fault.kind == "memory" and str(fault) == "bot hungry needed more than 256 MB of memory"
    assert "MemoryError" in fault.traceback and "bytearray" in fault.traceback
    quitter = _file(tmp_path, "quitter", "import os\ndef choose(view):\n    os._exit(3)\n")
    fault = _fault(quitter)
    assert fault.kind == "crashed" and "(Exit-Code 3)" in fault.text("de")


def test_a_bot_that_prints_a_flood(tmp_path: pathlib.Path) -> None:
    path = _file(
        tmp_path,
        "chatty",
        """
        def choose(view):
            try:
                for _ in range(10**6):
                    print("x" * 100)
            except Exception:
                pass
            return view.legal_moves()[0]
        """,
    )
    fault = _fault(path, output_limit=1000)
    assert fault.kind == "output" and len(fault.output) == 1000
    assert fault.text("de") == "Bot chatty gab in einem Zug mehr als 1000 Zeichen aus"


def test_a_bot_that_returns_no_move_a_wrong_text_or_a_move_of_another_game(
    tmp_path: pathlib.Path,
) -> None:
    nothing = _file(tmp_path, "nothing", "def choose(view):\n    return None\n")
    fault = _fault(nothing)
    assert (
        fault.kind == "no_move" and str(fault) == "bot nothing returned None, which is not a move"
    )
    assert fault.text("de") == "Bot nothing gab None zurück, das ist kein Zug"
    words = _file(tmp_path, "words", "def choose(view):\n    return 'the best one'\n")
    fault = _fault(words)
    assert fault.kind == "illegal" and "bot words chose 'the best one'" in str(fault)
    assert "ist hier nicht erlaubt" in fault.text("de")
    other = _file(
        tmp_path,
        "other",
        "from cardwidgets.games import pazaak\ndef choose(view):\n    return pazaak.EndTurn()\n",
    )
    fault = _fault(other)
    assert fault.kind == "wrong_game"
    assert str(fault) == "bot other returned a move of pazaak, not of tablic"
    not_now = _file(tmp_path, "not_now", "def choose(view):\n    return 'K♠ x 3♠'\n")
    fault = _fault(not_now)
    assert fault.kind == "illegal"
    # a text the game reads in another spelling is accepted as that legal move
    spelled = _file(
        tmp_path,
        "spelled",
        "def choose(view):\n    return str(view.legal_moves()[0]).replace('♣', 'C')\n",
    )
    with SealedBot(spelled) as bot:
        assert bot.choose(pazaak.new_game(seed=2)) in pazaak.new_game(seed=2).legal_moves()


def test_bad_limits_are_refused_with_a_reason() -> None:
    for options in (
        {"time_limit": 0},
        {"memory_mb": -1},
        {"time_limit": True},
        {"output_limit": 1.5},
    ):
        with pytest.raises(BotFault) as info:
            SealedBot(print, **options)
        assert info.value.kind == "bad_limit" and "positive" in str(info.value)
        assert "positive Zahl" in info.value.text("de")


# -- in process (the classroom site) --------------------------------------------------------------


def test_inline_bots_check_the_clock_after_the_move() -> None:
    import time

    def sleepy(view: Any) -> Any:
        time.sleep(0.3)
        return view.legal_moves()[0]

    def fine(view: Any) -> Any:
        print("hello")
        return view.legal_moves()[0]

    fault = _fault(sleepy, inline=True)
    assert fault.kind == "timeout"
    with SealedBot(fine, inline=True) as bot:
        assert bot.choose(START) == START.legal_moves()[0] and bot.last_output == "hello\n"
    assert _fault(lambda view: None, inline=True).kind == "no_move"


def test_the_classroom_site_runs_bots_inline_and_a_bot_that_cannot_travel_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import sys
    import threading

    monkeypatch.setattr(sys, "platform", "emscripten")
    assert SealedBot(print).inline is True
    monkeypatch.undo()
    assert SealedBot(print).inline is False
    lock = threading.Lock()

    def locked(view: Any) -> Any:
        with lock:
            return view.legal_moves()[0]

    with pytest.raises(BotFault) as info:
        SealedBot(locked)
    assert info.value.kind == "not_portable"
    assert "schreibe ihn in eine .py-Datei" in info.value.text("de")
