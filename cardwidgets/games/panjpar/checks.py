"""Why a move is illegal: the checks ``State.play`` runs on a move it did not generate.

A move the state drew itself is trusted, and one the engine made (it carries its mask or code)
is checked by mask arithmetic (:mod:`.legal`); any other move, typed or read from a record, is
checked here against the rules (P-D3, P-D4, P-D5, P-S12) and refused with a sentence that says
which rule it breaks, in the reader's language.

>>> from cardwidgets.games.panjpar import Attack
>>> check_attack(Attack("7♥ 8♣ 9♦"), hand=(1 << 52) - 1, defender_held=5, attacker=0)
Traceback (most recent call last):
...
cardwidgets.core.IllegalMove: a three-card attack needs a pair: 7-8-9 has none
"""

from __future__ import annotations

from cardwidgets import cards
from cardwidgets.cards import Card
from cardwidgets.core import IllegalMove
from cardwidgets.games.panjpar.deck import _SUITS, _cards_of
from cardwidgets.games.panjpar.masks import _BEATERS, _max_size, _shape_ok
from cardwidgets.games.panjpar.moves import Attack, Defend
from cardwidgets.games.panjpar.position import _shape_error
from cardwidgets.games.panjpar.words import count_text, player
from cardwidgets.i18n import TranslatedError


def check_attack(move: Attack, hand: int, defender_held: int, attacker: int) -> None:
    """Refuse an attack with a card not in ``hand``, no cards, a shape other than 1, 3 or 5
    cards with their pairs (P-D3), or more cards than the defender holds (P-D4)."""
    for card in move.cards:
        if not hand >> card.index & 1:
            raise IllegalMove("panjpar.not_in_hand", card=card, player=player(attacker))
    bits = move._mask
    if not bits:
        raise IllegalMove("panjpar.attack_empty")
    if not _shape_ok(bits):
        raise _shape_error(bits)
    if bits.bit_count() > _max_size(defender_held):
        key = "panjpar.limit_one" if defender_held < 3 else "panjpar.limit_three"
        raise IllegalMove(key, player=player(1 - attacker), count=count_text(defender_held))


def check_defence(
    move: Defend, attack: int, hand: int, trump: int, defender: int, pickup: str
) -> tuple[int, int]:
    """(killed attack cards, killers used) of a defence, refused unless each kill puts a
    different card of ``hand`` on an attack card it beats (P-D5, P-S12), and the pick-up is
    the rest (or, under ``pickup="all"``, everything or nothing)."""
    beaters = _BEATERS[trump]
    killed = used = 0
    for attacked, killer in move.kills.pairs:
        if not attack >> attacked.index & 1:
            shown = cards.format_cards(_cards_of(attack))
            raise IllegalMove("panjpar.not_attacked", card=attacked, attack=shown)
        if not hand >> killer.index & 1:
            raise IllegalMove("panjpar.not_in_hand", card=killer, player=player(defender))
        if used >> killer.index & 1:
            raise IllegalMove("panjpar.killer_twice", card=killer)
        if not beaters[attacked.index] >> killer.index & 1:
            raise cannot_beat(killer, attacked, trump)
        killed |= 1 << attacked.index
        used |= 1 << killer.index
    unbeaten = attack & ~killed
    if pickup == "all" and unbeaten and killed:
        raise IllegalMove("panjpar.take_all")
    if move.pickup is not None and cards.mask(move.pickup) != unbeaten:
        needed = _cards_of(unbeaten)
        raise IllegalMove(
            "panjpar.wrong_pickup",
            cards=cards.format_cards(needed) if needed else TranslatedError("panjpar.nothing"),
        )
    return killed, used


def cannot_beat(killer: Card, attacked: Card, trump_index: int) -> IllegalMove:
    """Why ``killer`` does not beat ``attacked`` (P-S12), in words."""
    trump = _SUITS[trump_index]
    if killer.suit is attacked.suit:
        return IllegalMove("panjpar.lower", killer=killer, card=attacked)
    if attacked.suit is trump:
        return IllegalMove("panjpar.trump_needs_trump", killer=killer, card=attacked, trump=trump)
    return IllegalMove(
        "panjpar.wrong_suit", killer=killer, card=attacked, suit=attacked.suit, trump=trump
    )
