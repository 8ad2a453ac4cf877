"""Pictures of positions without a live widget: what ``State._repr_html_`` shows in a notebook.

A picture is drawn by the game widget's own scene builders on an instance made without its
constructor, so no comm is opened and nothing is synced: it is a still, not a widget.

>>> from cardwidgets import tablic
>>> from cardwidgets.widgets.pictures import picture
>>> still = picture(tablic.new_game(seed=1), seat=0)
>>> [c["kind"] for c in still.zone("opponent-hand")["cards"]][:2]
['back', 'back']
>>> [c["kind"] for c in picture(tablic.new_game(seed=1)).zone("opponent-hand")["cards"]][:2]
['french', 'french']
"""

from __future__ import annotations

import html
from typing import Any

from cardwidgets import i18n, scene
from cardwidgets.core import check_seat

__all__ = ["Picture", "picture", "still_note"]


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


def _widget_class(game: str) -> Any:
    from cardwidgets import widgets

    found = getattr(widgets, game.capitalize() + "Widget", None)
    if found is None:
        raise LookupError(game)
    return found


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
    cls = _widget_class(state.game)
    viewer = 0 if seat is None else check_seat(seat)
    still = cls.__new__(cls)  # no __init__: no comm opened, nothing synced
    still._ready = False
    still._line, still._cursor = list(state.path()), len(state.path()) - 1
    still._branches, still._dismissed, still._hooks, still._narrated = [], set(), [], {}
    still._message, still._remake, still._said, still._confirm_new = None, None, [], False
    still.opponent, still._still = None, True
    still.clear_selection()
    still.locale = i18n.check_locale(locale or i18n.get_locale())
    still.seat, still.open_hands, still.hints = viewer, seat is None, False
    still.size, still.four_color, still.legend = size, four_color, False
    built = still.build_scene()
    built["actions"] = []  # a still has no buttons
    built["history"] = None
    return Picture(built)
