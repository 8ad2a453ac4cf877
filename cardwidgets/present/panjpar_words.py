"""The Panjpar widget's sentences, in English and German, and the small helpers that word an
attack or a defence.

Kept apart from :mod:`cardwidgets.widgets.panjpar` so the widget module stays about behaviour.

>>> from cardwidgets import cards
>>> attack_text(cards.parse_many("9♦ 7♥ 7♣"))
'7♥ 7♣ 9♦'
>>> defence_shape("7♥ with 9♥", ""), defence_shape("", "7♣")
('kills', 'pickup')
"""

from __future__ import annotations

from collections.abc import Iterable

from cardwidgets.cards import Card
from cardwidgets.games import panjpar

__all__ = ["attack_text", "defence_shape"]


def defence_shape(kills: str, pickup: str) -> str:
    """Which sentence a defence needs: ``kills``, ``kills_pickup`` or ``pickup``."""
    return "kills_pickup" if kills and pickup else "kills" if kills else "pickup"


def attack_text(attack: Iterable[Card]) -> str:
    """An attack as pagat writes shapes: pairs first (``7♥ 7♣ 9♦``)."""
    return str(panjpar.Attack(tuple(attack))).removeprefix("attack ")
