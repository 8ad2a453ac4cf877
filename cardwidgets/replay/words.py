"""Every sentence of the replays (the player's controls and the errors), in English and German.

>>> from cardwidgets import i18n
>>> i18n.text("replay.position", "de", ply=3, plies=40)
'Zug 3 von 40'
"""

from __future__ import annotations

PLAYER_LABELS: tuple[str, ...] = (
    "controls", "first", "previous", "play", "pause", "next", "last", "slider", "speed",
    "position", "start",
)  # fmt: skip
"""The player's words (keys ``replay.<name>``), sent to the page as its ``labels``."""
