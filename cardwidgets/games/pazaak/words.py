"""The words of Pazaak: every sentence the engine says, in English and German, and the few
helpers that put user input and seat names into them.

>>> from cardwidgets import i18n
>>> i18n.text("pazaak.describe.stand", "de", who=seat_name(1))
'Spieler 2 hält'
"""

from __future__ import annotations

from cardwidgets import i18n


def player(seat: int) -> str:
    """The short name of a seat in a ``repr``: ``P1`` or ``P2``."""
    return f"P{seat + 1}"


def seat_name(seat: int) -> i18n.TranslatedError:
    """ "Player 1" / "Spieler 1", in the locale of the sentence it is put into.

    A TranslatedError is rendered by ``i18n.text`` in the locale of the enclosing sentence.
    """
    return i18n.TranslatedError("pazaak.player", n=seat + 1)


def cut(text: str, limit: int = 60) -> str:
    """User text quoted in a sentence, cut to ``limit`` characters.

    >>> cut("x" * 70)[-3:]
    'xx…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(item: object) -> str:
    """User input for a sentence that puts it in quotes: text as it is, anything else as its
    (short) repr."""
    return cut(item) if isinstance(item, str) else i18n.shown(item)


def signed(value: int) -> str:
    """A value with its sign, as hand cards show it: ``+3``, ``-2``, ``+0``."""
    return f"{value:+d}"
