"""Every sentence of the replays (the player's controls and the errors), in English and German.

>>> from cardwidgets import i18n
>>> i18n.text("replay.position", "de", ply=3, plies=40)
'Zug 3 von 40'
"""

from __future__ import annotations

from cardwidgets import i18n

PLAYER_LABELS: tuple[str, ...] = (
    "controls", "first", "previous", "play", "pause", "next", "last", "slider", "speed",
    "position", "start",
)  # fmt: skip
"""The player's words (keys ``replay.<name>``), sent to the page as its ``labels``."""

i18n.register(
    {
        "replay.title": {"en": "Replay: {game}", "de": "Wiedergabe: {game}"},
        "replay.controls": {"en": "Replay controls", "de": "Steuerung der Wiedergabe"},
        "replay.first": {"en": "First position", "de": "Erste Stellung"},
        "replay.previous": {"en": "Previous move", "de": "Vorheriger Zug"},
        "replay.play": {"en": "Play", "de": "Abspielen"},
        "replay.pause": {"en": "Pause", "de": "Anhalten"},
        "replay.next": {"en": "Next move", "de": "Nächster Zug"},
        "replay.last": {"en": "Last position", "de": "Letzte Stellung"},
        "replay.slider": {"en": "Move of the game", "de": "Zug der Partie"},
        "replay.speed": {"en": "Speed", "de": "Tempo"},
        # Filled in by the page's script: keep the fields plain ({ply}, {plies}).
        "replay.position": {"en": "Move {ply} of {plies}", "de": "Zug {ply} von {plies}"},
        "replay.start": {"en": "Starting position", "de": "Ausgangsstellung"},
        "replay.noscript": {
            "en": "This replay needs JavaScript; it needs no network and no Python.",
            "de": "Diese Wiedergabe braucht JavaScript, aber kein Netz und kein Python.",
        },
        "replay.not_a_game": {
            "en": "a replay needs a game state or its record, not {found}",
            "de": "eine Wiedergabe braucht einen Spielstand oder seine Aufzeichnung, nicht {found}",
        },
        "replay.bad_data": {
            "en": "these are not the scenes of a replay: {reason}",
            "de": "das sind keine Szenen einer Wiedergabe: {reason}",
        },
        "replay.bad_limit": {
            "en": "the number of moves to watch must be a whole number from 0, not {found}",
            "de": "die Zahl der Züge zum Zuschauen muss eine ganze Zahl ab 0 sein, nicht {found}",
        },
        "replay.bad_players": {
            "en": "watch mode needs two players, not {found}",
            "de": "der Zuschaumodus braucht zwei Spieler, nicht {found}",
        },
    }
)
