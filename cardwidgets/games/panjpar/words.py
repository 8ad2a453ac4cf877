"""Every sentence Panjpar says, in English and German: one catalog for the package.

The engine's refusals (:class:`~cardwidgets.core.IllegalMove`, ``PositionError``) and move
descriptions are catalog keys with parameters, rendered in the reader's locale.

>>> from cardwidgets import i18n
>>> i18n.text("panjpar.attack_size", "de", count=2)
'ein Angriff hat 1, 3 oder 5 Karten, nicht 2'
>>> player(1).text("de"), count_text(1).text()
('Spieler B', '1 card')
"""

from __future__ import annotations

from cardwidgets.i18n import TranslatedError


def player(seat: int) -> TranslatedError:
    """A translatable seat name (``Player A``), rendered in the locale of the sentence that
    contains it."""
    return TranslatedError("panjpar.player", name="AB"[seat])


def count_text(count: int) -> TranslatedError:
    """``1 card`` / ``3 cards``, translatable."""
    return TranslatedError("panjpar.cards", count=count)
