"""The Pazaak widget's sentences (en, de) and the small pure helpers that word them.

Kept apart from :mod:`cardwidgets.widgets.pazaak` so the widget module stays about behaviour.
Sentences about a player come in two forms, ``key`` ("Computer draws 7") and ``key.you``
("You draw 7"), because English and German conjugate the verb for "you"
(:func:`cardwidgets.widgets.pazaak.PazaakWidget.said` picks one).

>>> signed(-4), signed(3)
('-4', '+3')
>>> odds_words(Fraction(13, 36), "en"), odds_words(Fraction(13, 36), "de")
('13/36 (36%)', '13/36 (36 %)')
>>> tone(pazaak.SideCard("±4")), tone(pazaak.SideCard("D")), tone(pazaak.SideCard("-2"))
('both', 'gold', 'minus')
"""

from __future__ import annotations

from fractions import Fraction

from cardwidgets import i18n
from cardwidgets.games import pazaak

__all__ = ["card_name", "odds_words", "signed", "tone"]


def signed(value: int) -> str:
    """A value with its sign, as side cards print it (``+3``, ``-4``, ``+0``)."""
    return f"{value:+d}"


def tone(card: pazaak.SideCard) -> str:
    """The scene tone of a side card: ``plus``, ``minus``, ``both`` (±) or ``gold``."""
    if card.is_gold:
        return "gold"
    return {"+": "plus", "-": "minus"}.get(card.kind, "both")


def card_name(card: pazaak.SideCard, locale: str) -> str:
    """A side card's spoken name: ``side card +3``, ``gold card D (Double)``.

    >>> card_name(pazaak.SideCard("D"), "de")
    'Goldkarte D (Doppel)'
    """
    if not card.is_gold:
        return i18n.text("widget.pazaak.name.side", locale, card=card)
    gold = {"D": "double", "±1T": "tiebreaker", "2&4": "flip", "3&6": "flip"}.get(card.text)
    if gold is None:
        return i18n.text("widget.pazaak.name.gold", locale, card=card)
    name = i18n.text(f"widget.pazaak.gold.{gold}", locale)
    return i18n.text("widget.pazaak.name.gold_named", locale, card=card, name=name)


def odds_words(chance: Fraction, locale: str) -> str:
    """An exact chance as a fraction and a rounded percentage."""
    percent = round(float(chance) * 100)
    return i18n.text("widget.pazaak.odds_value", locale, fraction=str(chance), percent=percent)
