"""The ``cardwidgets`` command: ``simulate`` prints the lab's summary table or writes JSON rows."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import cli, lab


def test_simulate_prints_the_summary_table(capsys: Any) -> None:
    status = cli.main(["simulate", "panjpar", "--games", "12", "--seed", "1"])
    out = capsys.readouterr().out
    assert status == 0
    assert out.startswith("panjpar: 12 games, seed 1, random vs random")
    assert out == lab.simulate("panjpar", games=12, seed=1).table() + "\n"


def test_players_workers_and_json_file(tmp_path: Path, capsys: Any) -> None:
    path = tmp_path / "rows.json"
    argv = ["simulate", "tablic", "--games", "6", "--unit", "deal", "--seed", "1"]
    argv += ["--players", "greedy", "random", "--workers", "2", "--json", str(path)]
    assert cli.main(argv) == 0
    out = capsys.readouterr().out
    assert "greedy vs random" in out and "wrote 6 rows to" in out
    rows = json.loads(path.read_text(encoding="utf-8"))
    expected = lab.simulate("tablic", ("greedy", "random"), games=6, seed=1, unit="deal")
    assert rows == expected.rows


def test_json_to_stdout_rules_and_player_options(capsys: Any) -> None:
    argv = ["simulate", "pazaak", "--games", "5", "--players", "greedy:stand_at=15", "random"]
    argv += ["--rule", "fill_table_wins=true", "--json"]
    assert cli.main(argv) == 0
    rows = json.loads(capsys.readouterr().out)
    expected = lab.simulate(
        "pazaak",
        ("greedy:stand_at=15", "random"),
        games=5,
        rules={"fill_table_wins": True},
    )
    assert rows == expected.rows


def test_errors_are_reported_with_status_2(capsys: Any) -> None:
    assert cli.main(["simulate", "panjpar", "--rule", "nonsense"]) == 2
    assert "a rule is written name=value, not 'nonsense'" in capsys.readouterr().err
    assert cli.main(["simulate", "panjpar", "--unit", "deal", "--games", "1"]) == 2
    assert "panjpar has no unit 'deal'" in capsys.readouterr().err
    assert cli.main(["simulate", "panjpar", "--games", "1", "--locale", "de", "--unit", "x"]) == 2
    assert "kennt die Einheit 'x' nicht" in capsys.readouterr().err


def test_german_table(capsys: Any) -> None:
    cli.main(["simulate", "panjpar", "--games", "3", "--locale", "de"])
    assert "Siege" in capsys.readouterr().out


def test_python_dash_m_runs_the_command() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "cardwidgets", "simulate", "pazaak", "--games", "3", "--json"],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert len(json.loads(done.stdout)) == 3
    version = subprocess.run(
        [sys.executable, "-m", "cardwidgets", "--version"],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert version.stdout.startswith("cardwidgets ")


def test_an_unwritable_json_path_fails_before_the_run_with_a_reason(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    target = tmp_path / "missing-folder" / "rows.json"
    status = cli.main(["simulate", "pazaak", "--games", "2", "--json", str(target)])
    assert status == 2
    err = capsys.readouterr().err
    assert f"cannot write {target}" in err
    assert not target.exists()
