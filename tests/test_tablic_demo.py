"""The README's "main job" command until the widgets land: ``python -m cardwidgets.demo``."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from cardwidgets import demo, tablic


def test_demo_tells_all_48_moves_and_the_score(capsys: pytest.CaptureFixture[str]) -> None:
    assert demo.main(["--seed", "3"]) == 0
    out = capsys.readouterr().out
    numbered = re.findall(r"^\s*(\d+)\. Player [12] ", out, flags=re.M)
    assert [int(n) for n in numbered] == list(range(1, 49))
    assert "Score of the deal" in out and "Round 4 of 4" in out
    # The printed totals are the engine's score of that deal.
    state = tablic.new_game(seed=3)
    while state.deal_number == 1 and not state.is_over:
        state = state.play(demo.choose(state))
    result = state.deal_results[0]
    total = re.search(r"^Total\s+(\d+)\s+(\d+)$", out, flags=re.M)
    assert total is not None and (int(total[1]), int(total[2])) == result.scores
    assert sum(result.points) == 22


def test_demo_in_german_and_with_a_text_seed() -> None:
    text = demo.run(seed="Lektion", locale="de")
    assert "Wertung des Spiels" in text and "Spieler 1" in text and "Player" not in text


def test_demo_runs_as_a_module() -> None:
    done = subprocess.run([sys.executable, "-m", "cardwidgets.demo", "--seed", "5"],
                          capture_output=True, text=True, encoding="utf-8", check=True)  # fmt: skip
    assert "seed 5" in done.stdout and "Total" in done.stdout
