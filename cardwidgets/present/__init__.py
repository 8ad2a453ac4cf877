"""Presenters: the scene of a game as a pure function of what it shows (no widget, no traitlets).

A presenter takes a :class:`Moment` (the line of play and the position shown, the seat, the
display options, what is being said), the learner's selection (the game's
:class:`TablicSelection`, :class:`PanjparSelection`, :class:`PazaakSelection`), and gives the
:class:`~cardwidgets.scene.Scene` the browser draws. The widgets build their scene through it,
and so does a still picture of a position (:func:`picture`, what ``state.picture(seat)`` and
``State._repr_html_`` show; it lives in :mod:`~cardwidgets.present.still`, the one module the
engines and the table import, lazily, to draw themselves).

>>> from cardwidgets import tablic
>>> still = picture(tablic.new_game(seed=1), seat=0)
>>> [c["kind"] for c in still.zone("opponent-hand")["cards"]][:2]
['back', 'back']
>>> [c["kind"] for c in picture(tablic.new_game(seed=1)).zone("opponent-hand")["cards"]][:2]
['french', 'french']
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from cardwidgets.present.base import LOG_LINES, Moment, Presenter, Said
from cardwidgets.present.still import GAMES, Picture, picture, presenter_of, still_note

if TYPE_CHECKING:
    from cardwidgets.present.panjpar import PanjparPresenter, PanjparSelection
    from cardwidgets.present.pazaak import PazaakPresenter, PazaakSelection
    from cardwidgets.present.tablic import TablicPresenter, TablicSelection

__all__ = [
    "LOG_LINES",
    "PRESENTERS",
    "Moment",
    "PanjparPresenter",
    "PanjparSelection",
    "PazaakPresenter",
    "PazaakSelection",
    "Picture",
    "Presenter",
    "Said",
    "TablicPresenter",
    "TablicSelection",
    "picture",
    "still_note",
]

# Each game's presenter module is imported on first use (PEP 562), so a Tablić board does not
# load Panjpar's and Pazaak's engines: ``from cardwidgets.present import TablicPresenter``
# imports :mod:`.tablic` only, and ``PRESENTERS`` (all three) is built when first asked for.
_HOMES = {
    "TablicPresenter": "cardwidgets.present.tablic",
    "TablicSelection": "cardwidgets.present.tablic",
    "PanjparPresenter": "cardwidgets.present.panjpar",
    "PanjparSelection": "cardwidgets.present.panjpar",
    "PazaakPresenter": "cardwidgets.present.pazaak",
    "PazaakSelection": "cardwidgets.present.pazaak",
}

if TYPE_CHECKING:
    PRESENTERS: dict[str, type[Presenter[Any, Any]]]
    """Each game's presenter, by the game's name (``state.game``)."""


def __getattr__(name: str) -> Any:
    if name == "PRESENTERS":
        found: Any = {game: presenter_of(game) for game in GAMES}
    elif name in _HOMES:
        found = getattr(importlib.import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'cardwidgets.present' has no attribute {name!r}")
    globals()[name] = found  # the next look-up is an ordinary one
    return found


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
