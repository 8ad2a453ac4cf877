"""Editor scenes for the front end's tests (``js/editor.test.ts``), made by the Python editor so
the two sides agree on the shape. After changing the editor's scene, rewrite them with::

    uv run python tests/editor_fixtures.py

(``tests/test_editor.py`` checks that the files on disk are what this makes now.)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from cardwidgets.widgets import PositionEditor

HERE = Path(__file__).resolve().parent / "fixtures" / "editor"


def scenes() -> dict[str, dict[str, Any]]:
    """A Tablić draft with a chosen placed card (en) and an impossible Pazaak one (de)."""
    tablic = PositionEditor("tablic", seed=0, theme="light")
    for card, zone in [("A♣", "table"), ("10♥", "table"), ("A♦", "hand0"), ("5♠", "hand1")]:
        tablic.place(card, zone)
    tablic.pick("table", "10♥", 1)
    pazaak = PositionEditor("pazaak", seed=0, locale="de", theme="dark")
    pazaak.place("7", "table0")
    pazaak.place("+3", "side0")
    pazaak.set("draw", 0)
    pazaak.set("to_move", 1)  # Player 2 has not drawn: impossible
    return {"tablic_chosen": tablic.scene, "pazaak_impossible": pazaak.scene}


def texts() -> dict[str, str]:
    """Each fixture file's name and the text it should hold."""
    return {
        f"{name}.json": json.dumps(scene, ensure_ascii=False, indent=1) + "\n"
        for name, scene in scenes().items()
    }


if __name__ == "__main__":
    HERE.mkdir(parents=True, exist_ok=True)
    for name, text in texts().items():
        (HERE / name).write_text(text, "utf-8")
        print(HERE / name)
