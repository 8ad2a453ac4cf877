"""The rules engines, one module per game. They import nothing of Jupyter (DESIGN principle 2)."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any

from cardwidgets import i18n
from cardwidgets.core import GameState, RecordError, load_record

__all__ = ["GAMES", "UnknownGame", "from_record", "get"]

GAMES: tuple[str, ...] = ("tablic", "panjpar", "pazaak")
"""Names of the games, as used in records and by the lab and the command line."""


class UnknownGame(i18n.TranslatedError):
    """A game name that is not one of :data:`GAMES` (a ``ValueError``)."""


def get(name: str) -> ModuleType:
    """The engine module of the game ``name`` (``"tablic"``, ``"panjpar"`` or ``"pazaak"``).

    >>> get("chess")
    Traceback (most recent call last):
    ...
    cardwidgets.games.UnknownGame: unknown game 'chess': choose one of tablic, panjpar, pazaak
    """
    if not isinstance(name, str) or name not in GAMES:
        raise UnknownGame("games.unknown", name=i18n.shown(name), games=", ".join(GAMES))
    return importlib.import_module(f"cardwidgets.games.{name}")


def from_record(record: object) -> GameState[Any]:
    """Replay a record of any game (a dict or JSON text), dispatching on its ``game`` field.

    >>> from cardwidgets.games import tablic
    >>> state = from_record(tablic.new_game(seed=3).to_json())
    >>> type(state).__module__, state.ply
    ('cardwidgets.games.tablic.state', 0)
    >>> from_record({"game": "chess"})
    Traceback (most recent call last):
    ...
    cardwidgets.core.RecordError: this is a record of 'chess', not of tablic, panjpar, pazaak
    """
    data = load_record(record)
    name = data.get("game")
    if not isinstance(name, str) or name not in GAMES:
        raise RecordError("record.game", found=i18n.shown(name), expected=", ".join(GAMES))
    state: GameState[Any] = get(name).from_record(data)
    return state
