"""The command line's tournament: bot files (a choose function or a class), the leaderboard as
text in either language, --json with every game, and a sentence for each bad bot file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from cardwidgets import cli, lab
from cardwidgets.lab.bot_files import load_bot

FIRST = "def choose(state):\n    return state.legal_moves()[0]\n"
LAST = (
    "class Last:\n"
    "    name = 'ignored: the file names the bot'\n"
    "    def choose(self, state):\n"
    "        return state.legal_moves()[-1]\n"
)


def _files(folder: Path) -> dict[str, Path]:
    texts = {
        "first.py": FIRST,
        "last.py": LAST,
        "broken.py": "import no_such_module_anywhere\n",
        "empty.py": "x = 1\n",
        "syntax.py": "def choose(state)\n",
    }
    for name, text in texts.items():
        (folder / name).write_text(text, encoding="utf-8")
    return {name.removesuffix(".py"): folder / name for name in texts}


def test_a_tournament_of_files_and_players_prints_the_leaderboard(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _files(tmp_path)
    out = tmp_path / "cup.json"
    argv = ["tournament", "pazaak", str(files["first"]), str(files["last"]), "greedy"]
    argv += ["--games", "2", "--rule", "sets_to_win=1", "--json", str(out), "--locale", "de"]
    assert cli.main(argv) == 0
    printed = capsys.readouterr().out
    assert printed.startswith("pazaak: Jeder gegen jeden, 3 Bots, Startwert 0")
    assert "Kreuztabelle" in printed and "6 Spiele nach" in printed
    saved = json.loads(out.read_text(encoding="utf-8"))
    assert saved["bots"] == ["first", "last", "greedy"] and len(saved["rows"]) == 6
    assert saved["anchor"] == "greedy" and saved["rules"]["sets_to_win"] == 1
    # The same table as the lab's own text.
    again = lab.tournament(
        "pazaak",
        dict(
            zip(
                saved["bots"],
                [load_bot(files["first"])[1], load_bot(files["last"])[1], "greedy"],
                strict=True,
            )
        ),
        games=2,
        rules={"sets_to_win": 1},
    )
    assert again.leaderboard("de").text in printed


@pytest.mark.parametrize(
    ("file", "key"),
    [
        ("broken", "contest.bot_import"),
        ("syntax", "contest.bot_import"),
        ("empty", "contest.no_choose"),
        ("missing", "contest.no_bot_file"),
    ],
)
def test_a_bad_bot_file_gets_a_sentence(tmp_path: Path, file: str, key: str) -> None:
    path = _files(tmp_path).get(file, tmp_path / "missing.py")
    with pytest.raises(lab.LabError) as caught:
        load_bot(path)
    assert caught.value.key == key and str(path) in caught.value.text("de")
    assert caught.value.text("de") != caught.value.text("en")


def test_the_command_refuses_a_missing_file_and_an_odd_count_in_words(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    files = _files(tmp_path)
    # A file runs sealed: one without choose loses its games with the reason, the rest play.
    assert cli.main(["tournament", "pazaak", str(files["empty"]), "greedy", "--games", "2"]) == 0
    assert "empty loses the game: bot empty has no function choose(view)" in (
        capsys.readouterr().out
    )
    missing = str(tmp_path / "missing.py")
    assert cli.main(["tournament", "pazaak", missing, "greedy", "--games", "2"]) == 2
    assert f"there is no bot file {missing}" in capsys.readouterr().err
    argv = ["tournament", "pazaak", "random", "greedy", "--games", "3", "--locale", "de"]
    assert cli.main(argv) == 2
    assert "gerade Zahl" in capsys.readouterr().err
    assert cli.main(["tournament", "pazaak", "greedy", "greedy", "--games", "2"]) == 2
    assert "two bots are named" in capsys.readouterr().err
