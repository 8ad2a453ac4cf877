"""The anywidget classes: :class:`GameWidget` (the framework) and one widget per game.

Importing this package imports anywidget; the engines never do (DESIGN principle 2).

Each widget's module is imported on first use (PEP 562), so ``from cardwidgets.widgets import
TablicWidget`` loads Tablić's engine and presenter only, not Panjpar's or Pazaak's: in the
classroom site, where Python runs in the browser, every import is paid many times over.

>>> from cardwidgets.widgets import TablicWidget
>>> TablicWidget.__module__
'cardwidgets.widgets.tablic'
>>> widget_class("tablic") is TablicWidget, widget_class("chess")
(True, None)
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from cardwidgets.widgets.base import GameWidget
    from cardwidgets.widgets.editor import PositionEditor
    from cardwidgets.widgets.lesson import (
        LessonWidget,
        PanjparLesson,
        PazaakLesson,
        TablicLesson,
    )
    from cardwidgets.widgets.panjpar import PanjparWidget
    from cardwidgets.widgets.pazaak import PazaakWidget
    from cardwidgets.widgets.puzzles import (
        PanjparPuzzles,
        PazaakPuzzles,
        TablicPuzzles,
        puzzle_widget,
    )
    from cardwidgets.widgets.tablic import TablicWidget

__all__ = [
    "GameWidget",
    "LessonWidget",
    "PanjparLesson",
    "PanjparPuzzles",
    "PanjparWidget",
    "PazaakLesson",
    "PazaakPuzzles",
    "PazaakWidget",
    "PositionEditor",
    "TablicLesson",
    "TablicPuzzles",
    "TablicWidget",
    "puzzle_widget",
    "widget_class",
]

# Where each public name lives: imported when first asked for.
_HOMES = {
    "GameWidget": "cardwidgets.widgets.base",
    "LessonWidget": "cardwidgets.widgets.lesson",
    "PanjparLesson": "cardwidgets.widgets.lesson",
    "PazaakLesson": "cardwidgets.widgets.lesson",
    "TablicLesson": "cardwidgets.widgets.lesson",
    "PanjparWidget": "cardwidgets.widgets.panjpar",
    "PazaakWidget": "cardwidgets.widgets.pazaak",
    "TablicWidget": "cardwidgets.widgets.tablic",
    "PositionEditor": "cardwidgets.widgets.editor",
    "PanjparPuzzles": "cardwidgets.widgets.puzzles",
    "PazaakPuzzles": "cardwidgets.widgets.puzzles",
    "TablicPuzzles": "cardwidgets.widgets.puzzles",
    "puzzle_widget": "cardwidgets.widgets.puzzles",
}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'cardwidgets.widgets' has no attribute {name!r}")
    found = getattr(importlib.import_module(home), name)
    globals()[name] = found  # the next look-up is an ordinary one
    return found


_GAME_WIDGETS = {"tablic": "TablicWidget", "panjpar": "PanjparWidget", "pazaak": "PazaakWidget"}


def widget_class(game: object) -> type[GameWidget[Any, Any]] | None:
    """The widget class of the game named ``game`` (``state.game``), or None; imports that
    game's widget only. What opens a position found elsewhere (a lab counterexample) in its
    game's widget."""
    name = _GAME_WIDGETS.get(game) if isinstance(game, str) else None
    found: type[GameWidget[Any, Any]] | None = None if name is None else __getattr__(name)
    return found


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
