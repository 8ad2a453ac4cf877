"""Every sentence of the Tablić engine, in English and German: a leaf that imports no room.

The catalog is registered when the package is imported; the engine's errors and descriptions
look their sentences up by key (``tablic.not_a_capture`` …) in the reader's language.

>>> from cardwidgets import i18n
>>> i18n.text("tablic.say.tabla", "de")
'Tabla: der Tisch ist abgeräumt (+1 Punkt).'
"""

from __future__ import annotations

from cardwidgets import i18n


def player(seat: int, locale: str | None) -> str:
    """The name of a seat in sentences: ``Player 1`` is seat 0.

    >>> player(0, "en"), player(1, "de")
    ('Player 1', 'Spieler 2')
    """
    return i18n.text("tablic.player", locale, n=seat + 1)
