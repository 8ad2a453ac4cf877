"""The ``cardwidgets`` command: ``simulate`` prints the lab's summary table or writes JSON rows."""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from language import assert_german

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


# -- bad input: always a reason, in the chosen language ------------------------------


def test_help_is_in_the_chosen_language(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in (["--help", "--locale", "de"], ["simulate", "-h", "--locale=de"]):
        with pytest.raises(SystemExit) as done:
            cli.main(argv)
        assert done.value.code == 0
        out = capsys.readouterr().out
        assert out.startswith("Aufruf: cardwidgets")
        assert "Optionen:" in out and "diese Hilfe zeigen und beenden" in out
        assert_german(out, *OPTION_WORDS)
    with pytest.raises(SystemExit):
        cli.main(["simulate", "--help"])
    out = capsys.readouterr().out
    assert out.startswith("usage: cardwidgets simulate") and "show this help and exit" in out


def test_a_huge_game_count_is_refused_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    """``--games 100000000000`` built every chunk and grew to 24 GB."""
    with pytest.raises(SystemExit) as done:
        cli.main(["simulate", "tablic", "--games", "100000000000"])
    assert done.value.code == 2
    assert capsys.readouterr().err.endswith(
        "error: argument --games: a whole number from 1 to 100,000,000 is needed, "
        "not '100000000000'\n"
    )
    with pytest.raises(SystemExit):
        cli.main(["simulate", "tablic", "--games", "100000000000", "--locale", "de"])
    assert capsys.readouterr().err.endswith(
        "Fehler: Argument --games: nötig ist eine ganze Zahl von 1 bis 100.000.000, "
        "nicht '100000000000'\n"
    )


def test_a_run_that_stops_still_writes_its_finished_rows(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from cardwidgets.lab import seeds, units

    unit = units.UNITS["panjpar"]

    def facts(state: Any, name: str) -> dict[str, Any]:
        if state.root.to_record()["start"]["seed"] == seeds.game_seed(1, 3):
            raise RuntimeError("facts failed")
        return unit.facts(state, name)

    monkeypatch.setitem(units.UNITS, "panjpar", dataclasses.replace(unit, facts=facts))
    path = tmp_path / "rows.json"
    # random against greedy: two random players' rows are read off the engine's playout,
    # whose end holds no record for this stand-in facts function to look at
    argv = ["simulate", "panjpar", "--games", "6", "--seed", "1", "--json", str(path)]
    argv += ["--players", "random", "greedy"]
    assert cli.main([*argv, "--locale", "de"]) == 2
    err = capsys.readouterr().err
    assert "Spiel 3 (Startwert" in err and "die 3 fertigen Zeilen nach" in err
    assert [row["game"] for row in json.loads(path.read_text(encoding="utf-8"))] == [0, 1, 2]


OPTION_WORDS = [
    "--no-progress",
    "--progress",
    "--players",
    "--locale",
    "--version",
    "--help",
    "--games",
    "--json",
    "--rule",
    "--seed",
    "--unit",
    "--workers",
    "{en,de}",
    "{tablic,panjpar,pazaak}",
]
TOKENS = [
    "simulate", "tablic", "panjpar", "pazaak", "chess", "--players", "--seed", "--workers",
    "--unit", "--rule", "--progress", "--no-progress", "--locale", "--json", "-h", "--help",
    "--version", "--gam", "--", "-", "=", "random", "greedy", "greedy:stand_at=17",
    "greedy:stand_at=x", "nonsense:a=b", "random:depth", "deal", "match", "game", "round",
    "leftovers_to=dealer", "target=5", "target=x", "pickup=all", "nonsense", "x=1", "=3",
    "de", "en", "fr", "0", "1", "-1", "1e3", "9" * 40, "¿", "",
]  # fmt: skip


VALUES = {
    "--players": ["random", "greedy", "greedy:stand_at=17", "greedy:stand_at=x", "nonsense:a=b",
                  "random:depth", "random:seed=3", "expert:iterations=x", "greedy:=1", ":", ""],
    "--seed": ["1", "-1", "x", "9" * 40, "1.5", ""],
    "--unit": ["deal", "match", "game", "round", ""],
    "--rule": ["leftovers_to=dealer", "target=5", "target=x", "pickup=all", "sets_to_win=99",
               "nonsense", "x=1", "=3", "hand_size=-1", "main_deck=finite40", ""],
    "--locale": ["de", "en", "fr", ""],
    "--progress": [],
    "--no-progress": [],
}  # fmt: skip
OPTIONS = st.sampled_from(list(VALUES)).flatmap(
    lambda option: st.lists(st.sampled_from([*VALUES[option], "x"]), max_size=2).map(
        lambda values: [option, *values]
    )
)
NOISE = st.lists(st.sampled_from(TOKENS) | st.text(max_size=6), max_size=2)


@st.composite
def command_lines(draw: st.DrawFn) -> list[str]:
    """A command line that may be wrong anywhere, but never plays more than two games in this
    process (``--games`` comes last, so a wrong count is tested too)."""
    head = draw(
        st.sampled_from([["simulate", "panjpar"], ["simulate", "pazaak"], ["simulate"], []])
    )
    parts = draw(st.lists(OPTIONS | NOISE, max_size=3))
    middle = [word for part in parts for word in part]
    wrong = st.sampled_from(["0", "-1", "x", "100000000000", "", "2.5"])
    games = draw(st.sampled_from(["1", "1", "2"]) | wrong)
    de = ["--locale", "de"]
    locale = draw(st.sampled_from([[], de, de, de, ["--locale=de"], ["--locale", "en"]]))
    return [*head, *middle, *locale, "--games", games]


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(command_lines())
@example(["simulate", "panjpar", "--players", "random:depth", "--locale", "de", "--games", "1"])
@example(["simulate", "pazaak", "--players", "expert:iterations=x", "--games", "1"])
def test_any_command_line_runs_or_explains_itself(argv: list[str]) -> None:
    """Hypothesis: a command line either runs (status 0) or exits with status 2 and a reason
    on standard error, fully in German when the line asks for German; never a traceback."""
    if "--json" in argv or "--workers" in argv:
        argv = [w for w in argv if w not in ("--json", "--workers")]  # no files, no pools
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            status = cli.main(argv)
        except SystemExit as done:
            status = done.code if isinstance(done.code, int) else 2
    assert status in (0, 2), (status, err.getvalue())
    if status == 2:
        assert err.getvalue().strip(), "a refusal without a reason"
        # Python's own TypeErrors name a function: "f() got an unexpected keyword argument".
        assert "()" not in err.getvalue(), err.getvalue()
    german = cli._chosen_locale(argv) == "de"
    if german and status == 2:
        assert_german(err.getvalue(), *argv, *OPTION_WORDS)


# -- the --json file and standard output ---------------------------------------------


def _leftovers(folder: Path) -> list[str]:
    """Files in ``folder`` besides the rows file (a temporary file left behind)."""
    return sorted(p.name for p in folder.iterdir() if p.name != "rows.json")


def test_a_refused_run_leaves_the_previous_json_file_as_it_was(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--json PATH`` emptied PATH before the players were checked, so a typo in a
    player's name destroyed the previous results."""
    path = tmp_path / "rows.json"
    path.write_text('[{"game": 0}]', encoding="utf-8")
    argv = ["simulate", "pazaak", "--games", "2", "--players", "randm", "--json", str(path)]
    assert cli.main(argv) == 2
    assert "there is no player 'randm'" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == '[{"game": 0}]'
    assert _leftovers(tmp_path) == []


def test_a_finished_run_replaces_the_json_file_with_its_usual_permissions(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.json"
    path.write_text("old", encoding="utf-8")
    path.chmod(0o640)
    assert cli.main(["simulate", "pazaak", "--games", "2", "--json", str(path)]) == 0
    assert len(json.loads(path.read_text(encoding="utf-8"))) == 2
    assert path.stat().st_mode & 0o777 == 0o640  # not the temporary file's private 0o600
    assert _leftovers(tmp_path) == []
    assert "wrote 2 rows to" in capsys.readouterr().out


def test_a_json_path_through_a_link_writes_the_linked_file_and_keeps_the_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Replacing PATH must not replace a link with a file, nor write beside the target."""
    (tmp_path / "kept").mkdir()
    target = tmp_path / "kept" / "rows.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "rows.json"
    link.symlink_to(target)
    assert cli.main(["simulate", "pazaak", "--games", "2", "--json", str(link)]) == 0
    assert link.is_symlink() and len(json.loads(target.read_text(encoding="utf-8"))) == 2
    assert sorted(p.name for p in (tmp_path / "kept").iterdir()) == ["rows.json"]
    capsys.readouterr()


def test_a_json_path_that_is_a_device_is_written_in_place() -> None:
    """``--json /dev/stdout`` worked before PATH was replaced whole; a device stays written."""
    done = subprocess.run(
        _command("--json", "/dev/stdout"),
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    assert done.stdout.startswith('[{"game": 0') and "wrote 20 rows to /dev/stdout" in done.stdout


def test_a_write_that_fails_after_the_run_keeps_the_old_file_and_says_why_in_german(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A full disk after the run ended in an English OSError traceback."""

    def full(fd: int) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    path = tmp_path / "rows.json"
    path.write_text("old", encoding="utf-8")
    monkeypatch.setattr(cli.os, "fsync", full)
    argv = ["simulate", "pazaak", "--games", "2", "--json", str(path), "--locale", "de"]
    assert cli.main(argv) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no table: the run's result is not where it was asked for
    assert f"{path} lässt sich nicht schreiben: der Datenträger ist voll" in captured.err
    assert f"{path} bleibt, wie es war" in captured.err
    assert_german(captured.err, str(path))
    assert path.read_text(encoding="utf-8") == "old"
    assert _leftovers(tmp_path) == []


def test_a_json_path_that_is_a_folder_fails_before_the_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert cli.main(["simulate", "pazaak", "--games", "2", "--json", str(tmp_path)]) == 2
    assert f"cannot write {tmp_path}: it is a folder" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def _command(*argv: str) -> list[str]:
    return [sys.executable, "-m", "cardwidgets", "simulate", "pazaak", "--games", "20", *argv]


def test_a_closed_pipe_ends_the_command_quietly() -> None:
    """``cardwidgets simulate ... --json - | head`` ended in a BrokenPipeError
    traceback (and a second one at exit); now it stops quietly with status 141, as Unix tools
    stopped by SIGPIPE do."""
    for argv in (["--json", "-"], []):
        with subprocess.Popen(
            _command(*argv), stdout=subprocess.PIPE, stderr=subprocess.PIPE
        ) as child:
            assert child.stdout is not None and child.stderr is not None
            child.stdout.close()  # the reader is gone before the command writes
            err = child.stderr.read().decode()
            assert child.wait(timeout=120) == 141, err
        assert err == ""


def test_a_full_standard_output_is_reported_in_the_chosen_language() -> None:
    """Writing to a full disk (``> /dev/full``) ended in an English traceback."""
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full on this system")
    with open("/dev/full", "w") as full:
        for argv, said in (
            (["--json", "-"], "cannot write standard output: the disk is full"),
            (["--locale", "de"], "die Standardausgabe lässt sich nicht schreiben: der Datenträger"),
        ):
            done = subprocess.run(
                _command(*argv), stdout=full, stderr=subprocess.PIPE, text=True, timeout=120
            )
            assert done.returncode == 2
            assert said in done.stderr and "Traceback" not in done.stderr
