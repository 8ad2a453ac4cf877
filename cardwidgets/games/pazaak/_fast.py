"""The fast paths of Pazaak on plain values: lazy main-deck draws, hands from tables, the cached
legal moves of a hand, and whole random playouts on lists. tests/test_pazaak_fast.py proves
each equal to the plain code of :mod:`.rules` (``draw_main``, ``draw_hand``, ``hand_choices``,
:class:`.rules.PlainMatch`).

This room knows no :class:`State`: it works on the tuples, bytes and keys a state is made of,
and :mod:`.state` (the only module that writes a state's slots) builds states from them.

Trade-offs, and where each rule is done here:

* **Lazy draws (Z-D2).** A state keeps the unseen main-deck cards as sorted ``bytes`` and the
  key of a :class:`cards.Rng` stream; each draw takes a uniformly random one of them
  (``Rng(key).below(n)``; the next draw uses the next key of the same SplitMix64 stream). That
  is the same distribution as shuffling the 40 cards at the start of the set, without paying
  for the cards that are never drawn. The hot loops inline ``Rng.below`` (see :data:`LIMITS`).
* **Hands (Z-S5).** A hand of 4 from a 10-card side deck is looked up in a table of every
  outcome, made once per side deck, instead of shuffling.
* **Legal moves (Z-S7…Z-S11).** Every :class:`PlayCard` is made once per card and sign
  (:data:`PLAYS`) and each hand's move list is cached (:data:`MOVES_CACHE`).
* **Playouts.** :func:`play_out` plays a match to its end on lists changed in place, in one
  function: a call per move would cost more than the rest of a move.

>>> from cardwidgets.games.pazaak.rules import Rules, draw_main
>>> draw((), FULL_BYTES, 12345, True)[0] == draw_main(list(FULL_DECK), 12345, Rules())[0]
True
>>> from cardwidgets.games.pazaak.sidecards import SideCard
>>> [str(m) for m in hand_moves((SideCard("+1"), SideCard("±2")))]
['play +1', 'play ±2 as +2', 'play ±2 as -2', 'end', 'stand']
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Final, TypeAlias

from cardwidgets.cards import Rng
from cardwidgets.core import Outcome
from cardwidgets.games.pazaak.moves import END_TURN, STAND, Move, PlayCard
from cardwidgets.games.pazaak.rules import (
    FULL_DECK,
    MASK64,
    MAX_CARDS,
    NEXT_KEY,
    TARGET,
    hand_at,
    sign_order,
    ways,
)
from cardwidgets.games.pazaak.sidecards import ALL_SIDE_CARDS, DOUBLE, FLIPPED, TIEBREAKER, SideCard

Placed: TypeAlias = tuple[int | SideCard, int]
"""A card on a table: (main-deck value or SideCard, current value)."""
Tables: TypeAlias = tuple[tuple[Placed, ...], tuple[Placed, ...]]
"""Both seats' placed cards this set."""
SetResult: TypeAlias = tuple[int | None, str, tuple[tuple[int, ...], tuple[int, ...]]]
"""How a set ended: (winner or None for a tie, reason, final table values)."""

# -- the main deck (Z-D2) --------------------------------------------------------------------
GAMMA: Final = NEXT_KEY  # SplitMix64 increment: Rng(k + GAMMA) continues Rng(k)
MASK: Final = MASK64
FULL_BYTES: Final = bytes(FULL_DECK)
FULL_WITHOUT: Final = tuple(FULL_BYTES[:j] + FULL_BYTES[j + 1 :] for j in range(40))
"""The unseen cards after the first draw of a set took card ``j`` of the sorted 40."""
MAIN: Final[tuple[Placed, ...]] = tuple((v, v) for v in range(11))  # interned main-deck pairs
MAIN1: Final[tuple[tuple[Placed], ...]] = tuple((p,) for p in MAIN)  # ready to append
ONE_BYTE: Final = tuple(bytes((v,)) for v in range(11))
"""Each card as one byte: the unseen cards are sorted, so taking out the first byte equal to
the card drawn (``rest.replace(ONE_BYTE[card], b"", 1)``, one call) leaves what cutting out
the drawn position leaves (two slices and a join)."""

LIMITS: Final = tuple((1 << 64) - (1 << 64) % n if n else 0 for n in range(41))
"""``Rng.below(n)`` inlined: a SplitMix64 output ``z < LIMITS[n]`` gives ``z % n``; above it
the generator rejects and draws again (chance below 2**-58), which the inlined draws redo
with ``Rng(key).below(n)`` itself."""


def draw(
    top: tuple[int, ...], rest: bytes, key: int, finite: bool
) -> tuple[int, tuple[int, ...], bytes, int]:
    """Take the next main-deck card: the explicit top first, then a random unseen card."""
    if top:
        return top[0], top[1:], rest, key
    if finite:
        j = Rng(key).below(len(rest))
        return rest[j], top, rest[:j] + rest[j + 1 :], (key + GAMMA) & MASK
    return 1 + Rng(key).below(10), top, rest, (key + GAMMA) & MASK


def main_count(tab: Tables) -> int:
    """How many main-deck cards lie on both tables."""
    return sum(1 for seat in tab for src, _ in seat if src.__class__ is int)


def unseen(tab: Tables) -> tuple[int, ...]:
    """The 40-card deck minus the main-deck cards on both tables, sorted."""
    counts = Counter(FULL_DECK)
    for seat in tab:
        for src, _ in seat:
            if isinstance(src, int):
                counts[src] -= 1
    return tuple(sorted(counts.elements()))


# -- hands (Z-S5) ----------------------------------------------------------------------------
HAND_TABLES: dict[tuple[tuple[SideCard, ...], int], tuple[tuple[SideCard, ...], ...]] = {}
"""Every hand a side deck can deal, by (side deck, hand size): filled by :func:`draw_hand`."""
HAND_TABLE_MAX = 5040  # 4 of 10 cards (every preset); bigger draws are not tabled


def draw_hand(rng: Rng, deck: tuple[SideCard, ...], k: int) -> tuple[SideCard, ...]:
    """:func:`.rules.draw_hand`, fast: small draws look the hand up in a table of every
    outcome (made once per side deck) instead of shuffling."""
    table = HAND_TABLES.get((deck, k))
    if table is not None:
        return table[rng.below(len(table))]
    count = ways(len(deck), k)
    if count > HAND_TABLE_MAX or len(HAND_TABLES) >= 64:
        return hand_at(deck, k, rng.below(count))
    table = tuple(hand_at(deck, k, r) for r in range(count))
    HAND_TABLES[(deck, k)] = table
    return table[rng.below(count)]


# -- legal moves (Z-S7, Z-S8, Z-S9, Z-S10, Z-S11) ------------------------------------------------
PLAYS: Final[dict[SideCard, tuple[PlayCard, ...]]] = {
    card: tuple(PlayCard(card, sign) for sign in sorted(card.options, key=sign_order))
    for card in ALL_SIDE_CARDS
}
"""Every legal PlayCard of a card, made once (legal_moves hands out these objects)."""
TAIL: Final[tuple[Move, ...]] = (END_TURN, STAND)
"""The moves after a hand card this turn (Z-S8), also the last two of every list."""
MOVES_CACHE: dict[tuple[SideCard, ...], tuple[Move, ...]] = {}
"""A hand's legal moves when no hand card is down yet; filled by :func:`hand_moves`."""


def hand_moves(hand: tuple[SideCard, ...]) -> tuple[Move, ...]:
    """The moves of a sorted hand, made and cached: each card's plays, then end and stand."""
    moves: list[Move] = []
    seen = None
    for card in hand:  # hands are kept sorted, so equal cards are adjacent
        if card is not seen:
            moves.extend(PLAYS[card])
            seen = card
    moves.extend(TAIL)
    result = tuple(moves)
    if len(MOVES_CACHE) < 65536:
        MOVES_CACHE[hand] = result
    return result


# -- random playouts -------------------------------------------------------------------------
NOT_ENDED: Final = -1
TIE: Final = 2
cached_moves = MOVES_CACHE.get
# (bound once: Python 3.11 compiles ``MOVES_CACHE.get(...)`` on a global without its
# method-call shortcut, which costs legal_moves a fifth of its time)

PlayoutLists: TypeAlias = tuple[
    list[list[Placed]], list[int], list[tuple[SideCard, ...]], list[bool], list[int]
]
"""What :func:`play_out` changes in place: tables, totals, hands, standing, unseen cards."""
PlayoutStart: TypeAlias = tuple[list[int], int, int, bool, tuple[int, ...], int, bool]
"""Where :func:`play_out` starts: (sets won and ties, starter, seat to move, whether he played a
hand card this turn, the explicit top of the deck, the draw key, whether the deck is finite)."""


def play_out(
    lists: PlayoutLists,
    start: PlayoutStart,
    belows: tuple[Callable[[int], int], Callable[[int], int]],
    fill: bool,
    need: int,
) -> Outcome:
    """Play uniformly random legal moves to the end of the match (``State.playout``'s loop).

    Seat ``s`` picks move ``belows[s](len(moves))`` of each decision's moves: one generator's
    ``below`` for both seats in a rollout, a stream per seat and ply for two random players
    (:func:`cardwidgets.bots.player.play_random_out`).

    Each pass of the outer loop is a decision of ``seat``, made exactly as ``legal_moves()``
    orders the moves (a hand's cached tuple is never empty); a hand card that forces nothing
    leaves the decision to him again (``played``). Then the inner loop ends the turn of
    ``ending`` (Z-D4), ends the set (Z-D7; the next starter, Z-D3, and a fresh deck, Z-D2)
    and draws for the next player (Z-D5), again while a draw forces a stand. The nine-card
    rule is :func:`.rules.after_placing` (Z-D1, Z-S12, Z-S13): a fill ends the set, so the
    stand written beside it does not matter. The draws are ``Rng(key).below(n)`` inlined: the
    first SplitMix64 output of the key, with a generator only for a (very rare) rejection.
    ``sets`` counts ties in ``sets[TIE]``.
    """
    tab, tot, hands, std, rest = lists
    sets, starter, seat, played, top, key, finite = start
    while True:
        moves = TAIL if played else (cached_moves(hands[seat]) or hand_moves(hands[seat]))
        move = moves[belows[seat](len(moves))]
        winner = NOT_ENDED
        if move.__class__ is PlayCard:  # exact class: fast, and mypy narrows by it
            card = move.card
            mine = tab[seat]
            value = card.options[move.sign]
            if not value:  # only D and the Flips are listed as 0 (rules.side_card_values)
                value = gold_value(card, value, mine, tot, seat)
            i = hands[seat].index(card)
            hands[seat] = hands[seat][:i] + hands[seat][i + 1 :]
            mine.append((card, value))
            total = tot[seat] = tot[seat] + value
            if len(mine) < MAX_CARDS and total != TARGET:
                played = True
                continue
            if len(mine) >= MAX_CARDS and total <= TARGET and fill:
                winner = seat
            std[seat] = True
        elif move is STAND:
            std[seat] = True
        ending = seat
        while True:
            if winner == NOT_ENDED and (tot[ending] > TARGET or (std[0] and std[1])):
                winner = 1 - ending if tot[ending] > TARGET else both_stand(tot, tab)
            if winner != NOT_ENDED:
                sets[winner] += 1
                if winner != TIE and sets[winner] >= need:
                    return Outcome(winner, (sets[0], sets[1]))
                starter = nxt = 1 - starter
                tab, tot, std, top, winner = [[], []], [0, 0], [False, False], (), NOT_ENDED
                rest = list(FULL_DECK) if finite else rest
            else:
                nxt = ending if std[1 - ending] else 1 - ending
            if top:
                card_value, top = top[0], top[1:]
            else:
                n = len(rest) if finite else 10
                old, key = key, (key + GAMMA) & MASK
                z = ((key ^ (key >> 30)) * 0xBF58476D1CE4E5B9) & MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
                z ^= z >> 31
                j = z % n if z < LIMITS[n] else Rng(old).below(n)
                card_value = rest.pop(j) if finite else 1 + j
            mine = tab[nxt]
            mine.append(MAIN[card_value])
            total = tot[nxt] = tot[nxt] + card_value
            if len(mine) >= MAX_CARDS or total == TARGET:
                if len(mine) >= MAX_CARDS and total <= TARGET and fill:
                    winner = nxt
                std[nxt] = True
                ending = nxt
                continue
            seat = nxt
            played = False
            break


def gold_value(card: SideCard, value: int, mine: list[Placed], tot: list[int], seat: int) -> int:
    """Z-D9 for the cards listed as 0 (rules.placed_value, rules.flip): D copies the previous
    card's value; a Flip turns over the sign of its owner's ±2/±4 (±3/±6) cards, in place, and
    is worth 0."""
    if card is DOUBLE:
        return mine[-1][1]
    flipped = FLIPPED.get(card)
    if flipped is not None:
        low, high = flipped
        for i, (src, v) in enumerate(mine):
            if v in (low, high, -low, -high):
                mine[i] = (src, -v)
        tot[seat] = sum(v for _, v in mine)
    return value


def both_stand(tot: Sequence[int], tab: Sequence[Sequence[Placed]]) -> int:
    """Z-D7 (rules.set_end): the higher total wins; a tie (:data:`TIE`) unless exactly one
    player played a Tiebreaker this set. The state's end of a turn asks it too.

    >>> both_stand([19, 18], [[], []]), both_stand([18, 18], [[], []])
    (0, 2)
    """
    a, b = tot
    if a != b:
        return 0 if a > b else 1
    t0 = any(p[0] is TIEBREAKER for p in tab[0])
    t1 = any(p[0] is TIEBREAKER for p in tab[1])
    return TIE if t0 == t1 else (0 if t0 else 1)
