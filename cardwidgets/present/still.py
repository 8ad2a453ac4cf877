"""A still picture of a position: :func:`picture` (what ``state.picture(seat)``,
``State._repr_html_``, ``Table._repr_html_`` and the replays draw) and the caption under a
widget's still picture (:func:`still_note`).

This module is the one door from below into the presenters: the engines (``core``) and the
table import it lazily, inside the function that draws, as a chess board reaches its SVG module
only to show itself. It imports the presenter of the game drawn and no other, so a Tablić
picture loads no Panjpar or Pazaak code.

>>> from cardwidgets import tablic
>>> still = picture(tablic.new_game(seed=1), seat=0)
>>> [c["kind"] for c in still.zone("opponent-hand")["cards"]][:2]
['back', 'back']
>>> [c["kind"] for c in picture(tablic.new_game(seed=1)).zone("opponent-hand")["cards"]][:2]
['french', 'french']
>>> presenter_of("tablic").__name__, presenter_of("chess")
('TablicPresenter', None)
"""

from __future__ import annotations

import html
from typing import Any

from cardwidgets import i18n, scene
from cardwidgets.core import check_seat
from cardwidgets.present.base import Moment, Presenter

__all__ = ["GAMES", "Picture", "picture", "presenter_of", "still_note"]

GAMES = ("tablic", "panjpar", "pazaak")
"""The games that have a presenter, by the game's name (``state.game``)."""


def presenter_of(game: object) -> type[Presenter[Any, Any]] | None:
    """The presenter class of the game named ``game``, or None; imports that game's only."""
    # One plain import per game, each made when that game is first drawn: the import is
    # written out so the layout test (and a reader) sees where each presenter comes from.
    if game == "tablic":
        from cardwidgets.present.tablic import TablicPresenter

        return TablicPresenter
    if game == "panjpar":
        from cardwidgets.present.panjpar import PanjparPresenter

        return PanjparPresenter
    if game == "pazaak":
        from cardwidgets.present.pazaak import PazaakPresenter

        return PazaakPresenter
    return None


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
    presenter = presenter_of(getattr(state, "game", None))
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
