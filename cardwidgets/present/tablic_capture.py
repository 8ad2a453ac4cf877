"""Building a Tablić capture in the widget: the captures suggested for a hand card, their
groups, and what the capture being built still misses, in words.

Suggestions are taken lazily from the engine's maximal captures (never all of them: a table
of twenty low cards has hundreds of thousands), and cached per card, table and rules.

>>> from cardwidgets import cards, tablic
>>> table = tuple(cards.parse_many("4♥ 2♦ J♠ 7♦"))
>>> [cards.format_cards(sorted(c)) for c in suggest(cards.parse("K♠"), table, tablic.Rules(), 3)]
['2♦ J♠']
>>> state = tablic.State.from_position(hands=["8♦", "5♠"], table="2♦ 4♥ 7♦")
>>> chosen = frozenset(cards.parse_many("2♦ 4♥"))
>>> try:
...     state.check(tablic.Move(cards.parse("8♦"), chosen))
... except IllegalMove as err:
...     print(missing(cards.parse("8♦"), chosen, err, "en"))
2♦ 4♥ add up to 6; every group must add up to 8: 2 more would complete a group
"""

from __future__ import annotations

import dataclasses
import functools
import itertools

from cardwidgets import cards, i18n
from cardwidgets.cards import Card
from cardwidgets.core import IllegalMove
from cardwidgets.games import tablic

__all__ = ["groups", "missing", "suggest", "tabla_possible"]


@functools.lru_cache(maxsize=256)
def suggest(
    card: Card, table: tuple[Card, ...], rules: tablic.Rules, limit: int
) -> tuple[frozenset[Card], ...]:
    """The first ``limit`` maximal captures of ``card``, taken lazily (never all of them)."""
    strict = dataclasses.replace(rules, capture_must_be_maximal=True)
    return tuple(itertools.islice(tablic.iter_captures(card, table, strict), limit))


def groups(card: Card, captured: frozenset[Card]) -> tuple[frozenset[Card], ...]:
    """The groups ``captured`` splits into, each adding up to ``card`` (numbered in the scene)."""
    return tablic.capture_groups(card, captured)


def tabla_possible(state: tablic.State) -> bool:
    """Whether clearing the table now scores a tabla (not on the match's last card, T-D6,
    unless the rules say so)."""
    if state.rules.final_card_tabla:
        return True
    return bool(state.stock) or sum(len(h) for h in state.hands) != 1


def missing(card: Card, chosen: frozenset[Card], refused: IllegalMove, locale: str) -> str:
    """What the capture ``chosen`` of ``card``, which the engine ``refused``, misses, in words:
    the sum short of a multiple of ``card``'s value, groups that do not split, or else the
    engine's reason."""
    value = tablic.played_value(card)
    low = [min(tablic.card_values(c)) for c in chosen]
    shown = cards.format_cards(sorted(chosen))
    if max(low) > value or refused.key != "tablic.not_a_capture":
        return i18n.text("widget.tablic.status.refused", locale, reason=refused.text(locale))
    total = sum(low)
    if total % value:
        return i18n.text(
            "widget.tablic.status.missing",
            locale,
            cards=shown,
            total=total,
            value=value,
            missing=value - total % value,
        )
    return i18n.text("widget.tablic.status.no_split", locale, cards=shown, value=value)
