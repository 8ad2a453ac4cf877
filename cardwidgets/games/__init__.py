"""The rules engines, one module per game. They import nothing of Jupyter (DESIGN principle 2)."""

from __future__ import annotations

import importlib
from types import ModuleType

from cardwidgets import i18n

__all__ = ["GAMES", "UnknownGame", "get"]

GAMES: tuple[str, ...] = ("tablic", "panjpar", "pazaak")
"""Names of the games, as used in records and by the lab and the command line."""


i18n.register(
    {
        "games.unknown": {
            "en": "unknown game {name}: choose one of {games}",
            "de": "unbekanntes Spiel {name}: wähle eines von {games}",
        }
    }
)


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
