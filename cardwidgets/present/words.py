"""The sentences every game widget shares (en, de), and counted phrases without "1 cards"
(``{n:# card|# cards}``: :func:`cardwidgets.i18n.plural`'s field form).

>>> count("widget.cards", 1, "en"), count("widget.cards", 3, "de")
('1 card', '3 Karten')
"""

from __future__ import annotations

from cardwidgets import i18n

__all__ = ["count"]


def count(key: str, n: int, locale: str | None) -> str:
    """The counted phrase ``key`` for ``n`` (its field ``n`` picks singular or plural)."""
    return i18n.text(key, locale, n=n)
