"""The rules engines, one module per game. They import nothing of Jupyter (DESIGN principle 2)."""

from __future__ import annotations

import importlib
from types import ModuleType

GAMES: tuple[str, ...] = ("tablic", "panjpar", "pazaak")
"""Names of the games, as used in records and by the lab and the command line."""


def get(name: str) -> ModuleType:
    """The engine module of the game ``name`` (``"tablic"``, ``"panjpar"`` or ``"pazaak"``)."""
    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
    return importlib.import_module(f"cardwidgets.games.{name}")
