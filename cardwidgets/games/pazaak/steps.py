"""The steps of :meth:`State.play`, fast: the next state built in one go, draws inlined.

The hot paths (an ``end``/``stand`` that passes the turn, a plain hand card, a set end) build
the next state in one step with the SplitMix64 draw inlined, keep the unseen cards as ``bytes``
and ``is_over`` as a stored attribute; the rest (gold cards, refusals, forced stands) goes the
plain way through :mod:`.rules`. tests/test_pazaak_fast.py proves them equal to
:class:`.rules.PlainMatch` move for move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardwidgets import i18n
from cardwidgets.cards import Rng
from cardwidgets.core import IllegalMove
from cardwidgets.games.pazaak import rules as _rules
from cardwidgets.games.pazaak.deck import (
    _LIMITS,
    FULL_WITHOUT,
    GAMMA,
    MAIN1,
    MASK,
)
from cardwidgets.games.pazaak.moves import Move, PlayCard, options_text
from cardwidgets.games.pazaak.rules import FULL_DECK, MAX_CARDS, TARGET
from cardwidgets.games.pazaak.sidecards import DOUBLE, TIEBREAKER, SideCard
from cardwidgets.games.pazaak.words import seat_name, signed

if TYPE_CHECKING:
    from cardwidgets.games.pazaak.state import State


def copy(state: State, move: Move | None) -> State:
    """A child of ``state`` with the same attributes, to be changed by the slow steps."""
    new = object.__new__(state.__class__)
    new.rules = state.rules
    new.parent = state
    new.last_move = move
    new._ply = 0 if move is None else state._ply + 1  # None: a determinized copy, a root
    new._tab = state._tab
    new._tot = state._tot
    new._hands = state._hands
    new._std = state._std
    new._sets = state._sets
    new._turn = state._turn
    new.is_over = state.is_over
    new._played = None
    new._top = state._top
    new._rest = state._rest
    new._key = state._key
    new._setup = state._setup
    new._used = state._used
    new._last = state._last
    new._start = None
    return new


def play_plain(
    self: State, move: Move, card: SideCard, value: int, hand: tuple[SideCard, ...], seat: int
) -> State:
    """The hot path of a legal non-gold hand card (checked by :meth:`State.play`): the new
    state in one step, as :func:`copy` then :func:`play_card` make it."""
    i = hand.index(card)
    hand = hand[:i] + hand[i + 1 :]
    hands = self._hands
    used = self._used
    tab = self._tab
    tot = self._tot
    if seat == 0:
        hands = (hand, hands[1])
        used = (used[0] + (card,), used[1])
        mine = tab[0] + ((card, value),)
        total = tot[0] + value
        tab = (mine, tab[1])
        tot = (total, tot[1])
    else:
        hands = (hands[0], hand)
        used = (used[0], used[1] + (card,))
        mine = tab[1] + ((card, value),)
        total = tot[1] + value
        tab = (tab[0], mine)
        tot = (tot[0], total)
    new = object.__new__(self.__class__)
    new.rules = self.rules
    new.parent = self
    new.last_move = move
    new._ply = self._ply + 1
    new._tab = tab
    new._tot = tot
    new._hands = hands
    new._std = self._std
    new._sets = self._sets
    new._turn = seat
    new.is_over = False
    new._played = card
    new._top = self._top
    new._rest = self._rest
    new._key = self._key
    new._setup = self._setup
    new._used = used
    new._last = self._last
    new._start = None
    if total == TARGET or len(mine) >= MAX_CARDS:
        new._played = None
        forced_stand(new, seat, len(mine), total)
    return new


def next_turn(self: State, move: Move, std: tuple[bool, bool], seat: int) -> State:
    """The hot path of ``end`` and ``stand`` when the set goes on (most moves): the turn
    passes to ``seat``, who draws; :func:`copy`, :func:`end_turn` and :func:`start_turn` in
    one, every attribute stored once."""
    top = self._top
    rest = self._rest
    key = self._key
    if top:
        card = top[0]
        top = top[1:]
    else:
        # the draw of start_turn, inlined: this is the draw of most turns
        z = (key + GAMMA) & MASK
        old, key = key, z
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        if rest:
            n = len(rest)
            j = z % n if z < _LIMITS[n] else Rng(old).below(n)
            card = rest[j]
            rest = rest[:j] + rest[j + 1 :]
        elif self.rules.main_deck == "finite40":
            raise IllegalMove("pazaak.pos_deck_short", player=seat_name(seat))
        else:
            card = 1 + (z % 10 if z < _LIMITS[10] else Rng(old).below(10))
    tab = self._tab
    tot = self._tot
    mine = tab[seat] + MAIN1[card]
    total = tot[seat] + card
    if seat == 0:
        tab = (mine, tab[1])
        tot = (total, tot[1])
    else:
        tab = (tab[0], mine)
        tot = (tot[0], total)
    new = object.__new__(self.__class__)
    new.rules = self.rules
    new.parent = self
    new.last_move = move
    new._ply = self._ply + 1
    new._tab = tab
    new._tot = tot
    new._hands = self._hands
    new._std = std
    new._sets = self._sets
    new._turn = seat
    new.is_over = False
    new._played = None
    new._top = top
    new._rest = rest
    new._key = key
    new._setup = self._setup
    new._used = self._used
    new._last = self._last
    new._start = None
    if total == TARGET or len(mine) >= MAX_CARDS:
        forced_stand(new, seat, len(mine), total)
    return new


def start_turn(new: State, seat: int) -> None:
    """Z-D5 steps 1–3: the automatic draw (Z-D10), then auto-stand or the nine-card rule."""
    top = new._top
    if top:
        card = top[0]
        new._top = top[1:]
    else:
        # Rng(key).below(n) inlined (the hot path): the first SplitMix64 output of the key,
        # with the generator itself only for a (very rare) rejection.
        key = new._key
        z = new._key = (key + GAMMA) & MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        z ^= z >> 31
        rest = new._rest  # empty under uniform_with_replacement
        if rest:
            n = len(rest)
            j = z % n if z < _LIMITS[n] else Rng(key).below(n)
            card = rest[j]
            new._rest = rest[:j] + rest[j + 1 :]
        elif new.rules.main_deck == "finite40":
            raise IllegalMove("pazaak.pos_deck_short", player=seat_name(seat))
        else:
            card = 1 + (z % 10 if z < _LIMITS[10] else Rng(key).below(10))
    tab = new._tab
    tot = new._tot
    mine = tab[seat] + MAIN1[card]
    total = tot[seat] + card
    if seat == 0:
        new._tab = (mine, tab[1])
        new._tot = (total, tot[1])
    else:
        new._tab = (tab[0], mine)
        new._tot = (tot[0], total)
    new._turn = seat
    new._played = None
    if total == TARGET or len(mine) >= MAX_CARDS:
        forced_stand(new, seat, len(mine), total)


def forced_stand(new: State, seat: int, count: int, total: int) -> None:
    """What 20 or nine cards force (:func:`.rules.after_placing`, the nine-card rule, inlined:
    every state-API set passes here): a win of the set under ``fill_table_wins`` (Z-D1,
    checked before the stand at 20), else a stand (Z-S12, Z-S13, Z-D6)."""
    if count >= MAX_CARDS and total <= TARGET and new.rules.fill_table_wins:  # inlined
        end_set(new, seat, "fill")
        return
    new._std = (True, new._std[1]) if seat == 0 else (new._std[0], True)
    end_turn(new, seat)


def end_turn(new: State, seat: int) -> None:
    """Z-D4, Z-D7 (:func:`.rules.set_end`): bust check, set end, or the next turn."""
    tot = new._tot
    if tot[seat] > TARGET:
        end_set(new, 1 - seat, "bust")
        return
    std = new._std
    if std[0] and std[1]:
        a, b = tot
        if a != b:
            end_set(new, 0 if a > b else 1, "higher")
            return
        # Z-D7: a tie, unless exactly one player played a Tiebreaker this set
        t0 = any(p[0] is TIEBREAKER for p in new._tab[0])
        t1 = any(p[0] is TIEBREAKER for p in new._tab[1])
        if t0 != t1:
            end_set(new, 0 if t0 else 1, "tiebreaker")
        else:
            end_set(new, None, "tie")
        return
    other = 1 - seat
    start_turn(new, seat if std[other] else other)


def end_set(new: State, winner: int | None, reason: str) -> None:
    """The set is over: score it (Z-S16, Z-S2), and start the next one with the other starter
    (Z-D3) on a fresh deck (Z-D2)."""
    tab = new._tab
    new._last = (winner, reason, tab)
    sets = new._sets
    if winner is not None:
        sets = (sets[0] + 1, sets[1]) if winner == 0 else (sets[0], sets[1] + 1)
        new._sets = sets
        if sets[winner] >= new.rules.sets_to_win:
            new._turn = None
            new.is_over = True
            new._played = None
            return
    starter, number = new._setup
    starter = 1 - starter
    new._setup = (starter, number + 1)
    new._std = (False, False)
    new._top = ()
    # the starter's first draw (start_turn on a fresh deck and empty tables, inlined: one
    # card cannot make 20 or nine cards, so nothing is forced)
    key = new._key
    z = new._key = (key + GAMMA) & MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    z ^= z >> 31
    if new.rules.main_deck == "finite40":
        j = z % 40 if z < _LIMITS[40] else Rng(key).below(40)
        card = FULL_DECK[j]
        new._rest = FULL_WITHOUT[j]
    else:
        card = 1 + (z % 10 if z < _LIMITS[10] else Rng(key).below(10))
        new._rest = b""
    new._tab = (MAIN1[card], ()) if starter == 0 else ((), MAIN1[card])
    new._tot = (card, 0) if starter == 0 else (0, card)
    new._turn = starter
    new._played = None


def play_card(old: State, new: State, seat: int, move: PlayCard) -> None:
    """Z-D5 step 4: one hand card, checked and refused with the reason, then auto-stand /
    nine cards apply again."""
    card = move.card
    value = _checked_value(old, seat, move)
    if card.is_gold:
        value = _gold_effect(new, seat, card, value)
    i = old._hands[seat].index(card)
    hand = old._hands[seat][:i] + old._hands[seat][i + 1 :]
    used = new._used
    tab = new._tab
    mine = tab[seat] + ((card, value),)
    total = new._tot[seat] + value
    if seat == 0:
        new._hands = (hand, new._hands[1])
        new._used = (used[0] + (card,), used[1])
        new._tab = (mine, tab[1])
        new._tot = (total, new._tot[1])
    else:
        new._hands = (new._hands[0], hand)
        new._used = (used[0], used[1] + (card,))
        new._tab = (tab[0], mine)
        new._tot = (new._tot[0], total)
    if total == TARGET or len(mine) >= MAX_CARDS:
        forced_stand(new, seat, len(mine), total)
    else:
        new._played = card


def _checked_value(old: State, seat: int, move: PlayCard) -> int:
    """The value ``move`` declares, or the refusal: a second card this turn (Z-S8), a card
    not in the hand, a missing or wrong sign (Z-S9)."""
    card = move.card
    if old._played is not None:
        raise IllegalMove("pazaak.second_card", card=old._played)
    hand = old._hands[seat]
    if card not in hand:
        held: object = " ".join(map(str, hand)) or i18n.TranslatedError("pazaak.empty_hand")
        raise IllegalMove("pazaak.not_in_hand", card=card, player=seat_name(seat), hand=held)
    value = card.options.get(move.sign)
    if value is not None:
        return value
    if move.sign is None:
        raise IllegalMove("pazaak.needs_sign", card=card, options=options_text(card))
    if card.needs_sign:
        raise IllegalMove(
            "pazaak.wrong_sign", card=card, value=signed(move.sign), options=options_text(card)
        )
    wrong = move.sign * card.size if move.sign in (1, -1) and card.size else move.sign
    raise IllegalMove("pazaak.fixed_sign", card=card, value=signed(wrong))


def _gold_effect(new: State, seat: int, card: SideCard, value: int) -> int:
    """Z-D9: D copies the previous card's value; a Flip changes the sign of own ±2/±4
    (±3/±6) cards already placed and is itself worth 0 (:func:`.rules.placed_value`,
    :func:`.rules.flip`)."""
    mine = new._tab[seat]
    if card is DOUBLE and not mine:
        raise IllegalMove("pazaak.double_empty")
    if card.kind in _rules.FLIPS:
        table = _rules.flip(mine, card.kind)
        total = _rules.total(table)
        new._tab = (table, new._tab[1]) if seat == 0 else (new._tab[0], table)
        new._tot = (total, new._tot[1]) if seat == 0 else (new._tot[0], total)
    return _rules.placed_value(card.kind, value, mine)
