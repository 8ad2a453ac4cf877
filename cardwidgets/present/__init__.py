"""Presenters: the scene of a game as a pure function of what it shows (no widget, no traitlets).

A presenter takes a :class:`Moment` (the line of play and the position shown, the seat, the
display options, what is being said), the learner's selection (the game's
:class:`TablicSelection`, :class:`PanjparSelection`, :class:`PazaakSelection`), and gives the
:class:`~cardwidgets.scene.Scene` the browser draws. The widgets build their scene through it,
and so does a still picture of a position (:func:`picture`, what ``state.picture(seat)`` and
``State._repr_html_`` show).

>>> from cardwidgets import tablic
>>> still = picture(tablic.new_game(seed=1), seat=0)
>>> [c["kind"] for c in still.zone("opponent-hand")["cards"]][:2]
['back', 'back']
>>> [c["kind"] for c in picture(tablic.new_game(seed=1)).zone("opponent-hand")["cards"]][:2]
['french', 'french']
"""

from __future__ import annotations

import html
import importlib
from typing import TYPE_CHECKING, Any

from cardwidgets import i18n, scene
from cardwidgets.core import check_seat
from cardwidgets.present.base import LOG_LINES, Moment, Presenter, Said

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
_PRESENTER_NAMES = {
    "tablic": "TablicPresenter",
    "panjpar": "PanjparPresenter",
    "pazaak": "PazaakPresenter",
}

if TYPE_CHECKING:
    PRESENTERS: dict[str, type[Presenter[Any, Any]]]
    """Each game's presenter, by the game's name (``state.game``)."""


def __getattr__(name: str) -> Any:
    if name == "PRESENTERS":
        found: Any = {game: __getattr__(cls) for game, cls in _PRESENTER_NAMES.items()}
    elif name in _HOMES:
        found = getattr(importlib.import_module(_HOMES[name]), name)
    else:
        raise AttributeError(f"module 'cardwidgets.present' has no attribute {name!r}")
    globals()[name] = found  # the next look-up is an ordinary one
    return found


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def _presenter_of(game: object) -> type[Presenter[Any, Any]] | None:
    """The presenter class of the game named ``game``, or None: imports that game's only."""
    name = _PRESENTER_NAMES.get(game) if isinstance(game, str) else None
    presenter: type[Presenter[Any, Any]] | None = None if name is None else __getattr__(name)
    return presenter


class Picture:
    """A drawn position: ``scene`` (the JSON picture), ``html`` (static HTML), shown by Jupyter."""

    def __init__(self, built: scene.Scene) -> None:
        self.scene = built

    @property
    def html(self) -> str:
        """Static HTML (inline SVG cards, no JavaScript)."""
        return scene.to_html(self.scene)

    def zone(self, zone_id: str) -> scene.Zone:
        """The zone ``zone_id`` of the picture."""
        for found in self.scene["zones"]:
            if found["id"] == zone_id:
                return found
        raise KeyError(zone_id)

    def _repr_html_(self) -> str:
        return self.html

    def __repr__(self) -> str:
        return f"<Picture of {self.scene['game']}: {html.unescape(self.scene['status'])}>"


def still_note(locale: str | None = None) -> str:
    """The caption under a widget's still picture: it is a picture, not a game to click.

    A widget's output carries its position as static HTML too, shown wherever the live view
    cannot run (a docs page, an exported notebook, a front end without the widget manager);
    the caption stays outside the picture (``.cw-root``), in the widget's language.

    >>> still_note("de")
    '<p class="cw-still-note"><em>Ein Standbild, kein Spiel: ...</em></p>'
    """
    sentence = html.escape(i18n.text("widget.still_note", locale))
    return f'<p class="cw-still-note"><em>{sentence}</em></p>'


def picture(
    state: Any,
    seat: int | None = None,
    *,
    locale: str | None = None,
    size: str = "normal",
    four_color: bool = False,
) -> Picture:
    """Draw ``state`` as ``seat`` sees it, or with every hand open (``seat=None``).

    The opponent's seat is shown as a second player (hot-seat names), nobody is selected, and
    no hints are drawn: a picture shows the position, not advice.
    """
    presenter = _presenter_of(getattr(state, "game", None))
    if presenter is None:
        raise LookupError(getattr(state, "game", state))
    moment = Moment.of(
        state,
        seat=0 if seat is None else check_seat(seat),
        hot_seat=True,
        still=True,
        locale=i18n.check_locale(locale or i18n.get_locale()),
        open_hands=seat is None,
        hints=False,
        size=size,
        four_color=four_color,
        legend=False,
    )
    built = presenter(moment).scene()
    built["actions"] = []  # a still has no buttons
    built["history"] = None
    return Picture(built)
