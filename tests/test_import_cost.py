"""A first Tablić board imports only what it needs (no timing: ``sys.modules``).

In the classroom site Python runs in the browser and every import is paid many times over, so
``from cardwidgets.widgets import TablicWidget`` must not load the other games' engines,
presenters and widgets, the players or the lab; ``import cardwidgets`` must not load Jupyter.
Each check runs in a fresh interpreter, since this test process has imported everything.
The public names stay as they were: ``__all__``, ``dir()``, ``import *``.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

# Modules a first Tablić board has no use for.
NOT_FOR_TABLIC = (
    "cardwidgets.games.pazaak",
    "cardwidgets.games.panjpar",
    "cardwidgets.present.pazaak",
    "cardwidgets.present.panjpar",
    "cardwidgets.widgets.pazaak",
    "cardwidgets.widgets.panjpar",
    "cardwidgets.bots",
    "cardwidgets.bots.ismcts",
    "cardwidgets.lab",
)


def modules_after(statement: str) -> set[str]:
    """The names in ``sys.modules`` after a fresh interpreter runs ``statement``."""
    program = f"{statement}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    return set(json.loads(done.stdout.splitlines()[-1]))


def test_tablic_widget_does_not_import_other_games_bots_or_lab() -> None:
    loaded = modules_after("from cardwidgets.widgets import TablicWidget")
    assert "cardwidgets.widgets.tablic" in loaded
    assert "cardwidgets.games.tablic" in loaded
    assert sorted(loaded.intersection(NOT_FOR_TABLIC)) == []


def test_tablic_widget_by_attribute_does_not_import_other_games() -> None:
    loaded = modules_after("import cardwidgets; cardwidgets.widgets.TablicWidget")
    assert sorted(loaded.intersection(NOT_FOR_TABLIC)) == []


# A board played against the computer needs the players, but only Tablić's rules of thumb.
OTHER_GAMES = tuple(
    f"cardwidgets.{room}.{game}"
    for room in ("games", "present", "widgets", "bots")
    for game in ("panjpar", "pazaak")
)


def test_a_tablic_board_played_and_drawn_loads_no_other_game() -> None:
    loaded = modules_after(
        "from cardwidgets.widgets import TablicWidget\n"
        "board = TablicWidget(seed=1)\n"
        "board.select('K♠')\n"
        "assert board.play().ply == 2  # the computer replied\n"
        "board.state.picture(0).html"
    )
    assert "cardwidgets.bots.tablic" in loaded
    assert sorted(loaded.intersection(OTHER_GAMES)) == []
    assert "cardwidgets.lab" not in loaded


def test_bots_find_a_games_rules_of_thumb_on_first_use() -> None:
    loaded = modules_after(
        "from cardwidgets import bots\n"
        "from cardwidgets.games import pazaak\n"
        "assert bots.GreedyPlayer(seed=1).decide(pazaak.new_game(seed=1)).move is not None\n"
        "assert bots.GreedyPlayer(stand_at=18).options == {'stand_at': 18}"
    )
    assert "cardwidgets.bots.pazaak" in loaded


def test_import_cardwidgets_loads_no_module_of_the_package_and_no_jupyter() -> None:
    loaded = modules_after("import cardwidgets")
    heavy = {"anywidget", "ipywidgets", "IPython", "traitlets"}
    assert sorted(loaded & heavy) == []
    assert sorted(name for name in loaded if name.startswith("cardwidgets.")) == []
    if "typing" not in modules_after("pass"):  # unless this interpreter's start loads it
        assert "typing" not in loaded


def test_top_level_names_load_on_first_use() -> None:
    loaded = modules_after(
        "import cardwidgets\n"
        "from cardwidgets import IllegalMove, cards\n"
        "from cardwidgets.core import IllegalMove as home\n"
        "assert IllegalMove is home and cardwidgets.RecordError.__module__ == 'cardwidgets.core'\n"
        "assert str(cards.parse('td')) == '10♦'"
    )
    assert {"cardwidgets.cards", "cardwidgets.core"} <= loaded
    assert sorted(name for name in loaded if name.startswith("cardwidgets.games")) == []


def test_pazaak_widget_still_imports_and_is_the_public_name() -> None:
    from cardwidgets.widgets import PazaakWidget
    from cardwidgets.widgets.pazaak import PazaakWidget as home

    assert PazaakWidget is home


@pytest.mark.parametrize(
    ("module", "names"),
    [
        ("cardwidgets", ["IllegalMove", "RecordError", "cards", "from_record", "i18n"]),
        ("cardwidgets.widgets", ["GameWidget", "PanjparWidget", "PazaakWidget", "TablicWidget"]),
        (
            "cardwidgets.present",
            ["PRESENTERS", "PanjparPresenter", "PazaakSelection", "TablicPresenter", "picture"],
        ),
    ],
)
def test_lazy_names_are_in_all_dir_and_star_import(module: str, names: list[str]) -> None:
    program = (
        f"import {module} as m\n"
        f"from {module} import *\n"
        "import json\n"
        "print(json.dumps([sorted(m.__all__), dir(m), sorted(n for n in m.__all__ "
        "if n in globals())]))"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    public, listed, starred = json.loads(done.stdout)
    assert set(names) <= set(public)
    assert set(public) <= set(listed)
    assert starred == public  # ``import *`` gives every public name


def test_presenters_table_has_every_game_once_asked_for() -> None:
    from cardwidgets.present import PRESENTERS
    from cardwidgets.present.pazaak import PazaakPresenter

    assert sorted(PRESENTERS) == ["panjpar", "pazaak", "tablic"]
    assert PRESENTERS["pazaak"] is PazaakPresenter


def test_unknown_lazy_name_is_an_attribute_error() -> None:
    import cardwidgets.present
    import cardwidgets.widgets

    with pytest.raises(AttributeError, match="ChessWidget"):
        cardwidgets.widgets.ChessWidget  # noqa: B018
    with pytest.raises(AttributeError, match="ChessPresenter"):
        cardwidgets.present.ChessPresenter  # noqa: B018
