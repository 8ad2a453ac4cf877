"""cardwidgets: Jupyter widgets and exact rules engines for Tablić, Panjpar and Pazaak.

>>> from cardwidgets import IllegalMove, cards
>>> str(cards.parse("td"))
'10♦'

Every name here is imported on first use (PEP 562): the game engines (``tablic``, ``panjpar``,
``pazaak``), the players (``bots``), the ``lab``, the widgets, and also ``cards``, ``i18n`` and
the errors, so ``import cardwidgets`` loads no module of the package (in the classroom
site every import is paid many times over) and the engines never pull in Jupyter.
"""

from __future__ import annotations

import importlib

# Not ``typing.TYPE_CHECKING``: importing typing would be most of this module's cost.
TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any

    from cardwidgets import cards, i18n
    from cardwidgets.core import GameState, IllegalMove, RecordError
    from cardwidgets.table import Table

__version__ = "0.1.0"

__all__ = [
    "IllegalMove",
    "RecordError",
    "Table",
    "__version__",
    "cards",
    "from_record",
    "i18n",
]

_LAZY_MODULES = {
    "cards": "cardwidgets.cards",
    "i18n": "cardwidgets.i18n",
    "tablic": "cardwidgets.games.tablic",
    "panjpar": "cardwidgets.games.panjpar",
    "pazaak": "cardwidgets.games.pazaak",
    "games": "cardwidgets.games",
    "core": "cardwidgets.core",
    "bots": "cardwidgets.bots",
    "lab": "cardwidgets.lab",
    "scene": "cardwidgets.scene",
    "replay": "cardwidgets.replay",
    "lessons": "cardwidgets.lessons",
    "widgets": "cardwidgets.widgets",
}
_LAZY_WIDGETS = ("GameWidget", "TablicWidget", "PanjparWidget", "PazaakWidget", "PositionEditor")
_LAZY_ERRORS = ("IllegalMove", "RecordError")
_LAZY_CLASSES = {"Table": "cardwidgets.table"}


def __getattr__(name: str) -> Any:
    if name in _LAZY_MODULES:
        return importlib.import_module(_LAZY_MODULES[name])
    if name in _LAZY_WIDGETS:
        return getattr(importlib.import_module("cardwidgets.widgets"), name)
    if name in _LAZY_ERRORS:
        return getattr(importlib.import_module("cardwidgets.core"), name)
    if name in _LAZY_CLASSES:
        return getattr(importlib.import_module(_LAZY_CLASSES[name]), name)
    raise AttributeError(f"module 'cardwidgets' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def from_record(record: object) -> GameState[Any]:
    """Replay a record of any game (a dict or JSON text): :func:`cardwidgets.games.from_record`."""
    from cardwidgets import games

    return games.from_record(record)
