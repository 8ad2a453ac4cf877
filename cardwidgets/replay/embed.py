"""Replays inside notebook outputs, for an export that asks (see :mod:`cardwidgets.export`).

A widget's output normally carries the live view and a still picture. When the kernel runs with
``CARDWIDGETS_REPLAYS=1`` in its environment (``StaticPictures(replays=True)`` sets it before
``nbconvert --execute`` starts the kernel), the output also carries :data:`MIME`: the packed
public scenes of the widget's line up to the position shown, as its seat sees them (both hands
only when the teacher opened them). The exporter turns that entry into a playable replay and drops
it; a notebook saved without the variable never holds it, so notebooks do not grow.

>>> import os
>>> os.environ.pop(ENV, None) and None
>>> wanted()
False
"""

from __future__ import annotations

import os
from typing import Any

__all__ = ["ENV", "MIME", "wanted", "widget_entry"]

MIME = "application/vnd.cardwidgets.replay+json"
"""The mime type of the public scenes in a widget's output."""

ENV = "CARDWIDGETS_REPLAYS"
"""The environment variable that asks widget outputs to carry their replay."""


def wanted() -> bool:
    """Whether this process was asked to put replays in widget outputs."""
    return os.environ.get(ENV, "").strip() not in ("", "0")


def widget_entry(widget: Any) -> dict[str, Any]:
    """``{MIME: payload}`` for a widget's output when replays are wanted, else ``{}``."""
    if not wanted():
        return {}
    from cardwidgets.replay import payload

    seat = None if widget.open_hands else int(widget.seat)
    return {MIME: payload(widget.state, seat=seat, locale=widget.locale)}
