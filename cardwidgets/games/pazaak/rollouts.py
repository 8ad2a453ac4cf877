"""Random playouts, fast: a match played to its end on plain lists, for bot rollouts and
simulations. tests/test_pazaak_random.py and tests/test_pazaak_fast.py prove it equal, choice
for choice, to the state API and to :class:`.rules.PlainMatch`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Final

from cardwidgets.cards import Rng
from cardwidgets.core import Outcome
from cardwidgets.games.pazaak.deck import _LIMITS, GAMMA, MAIN, MASK, Placed
from cardwidgets.games.pazaak.hand_moves import MOVES_CACHE, TAIL, hand_moves
from cardwidgets.games.pazaak.moves import STAND, PlayCard
from cardwidgets.games.pazaak.rules import FULL_DECK, MAX_CARDS, TARGET
from cardwidgets.games.pazaak.sidecards import DOUBLE, FLIPPED, TIEBREAKER, SideCard

if TYPE_CHECKING:
    from cardwidgets.games.pazaak.state import State

_NOT_ENDED: Final = -1
_TIE: Final = 2


def playout(state: State, rng: Rng) -> Outcome:
    """Play uniformly random legal moves from ``state`` to the end of the match, fast.

    The same rules and the same random choices as the loop
    ``state = state.play(moves[rng.below(len(moves))])`` with ``moves = state.legal_moves()``
    (the tests check that they agree move for move), but on plain lists, without making a
    state per move: for bot rollouts and simulations.

    >>> from cardwidgets.cards import Rng
    >>> from cardwidgets.games.pazaak import new_game
    >>> playout(new_game(seed=1), Rng(2)) == playout(new_game(seed=1), Rng(2))
    True
    """
    if state._turn is None:
        outcome = state.outcome
        assert outcome is not None
        return outcome
    rules = state.rules
    finite = rules.main_deck == "finite40"
    fill = rules.fill_table_wins
    hands = list(state._hands)
    sets = list(state._sets)
    starter = state._setup[0]
    key = state._key
    tab = [list(state._tab[0]), list(state._tab[1])]
    tot = list(state._tot)
    std = list(state._std)
    rest = list(state._rest)
    seat = state._turn
    played = state._played is not None
    top = state._top
    stream = Rng(key)
    while True:
        winner, key, stream = _play_set(
            (tab, tot, hands, std, rest), seat, played, top, key, stream, rng.below, finite, fill
        )
        if winner != _TIE:
            sets[winner] += 1
            if sets[winner] >= rules.sets_to_win:
                return Outcome(winner, (sets[0], sets[1]))
        # the next set: the other player starts (Z-D3) from a fresh deck (Z-D2); his first
        # card cannot make 20 or nine cards, so it forces nothing
        starter = seat = 1 - starter
        rest = list(FULL_DECK) if finite else rest
        n = len(rest) if finite else 10
        z = stream.next64()
        j = z % n
        if z >= _LIMITS[n]:
            j, stream = Rng(key).below(n), Rng((key + GAMMA) & MASK)
        key = (key + GAMMA) & MASK
        card = rest.pop(j) if finite else 1 + j
        tab = [[], []]
        tab[seat].append(MAIN[card])
        tot = [0, 0]
        tot[seat] = card
        std = [False, False]
        played = False
        top = ()


Lists = tuple[list[list[Placed]], list[int], list[tuple[SideCard, ...]], list[bool], list[int]]


def _play_set(
    lists: Lists,
    seat: int,
    played: bool,
    top: tuple[int, ...],
    key: int,
    stream: Rng,
    below: Callable[[int], int],
    finite: bool,
    fill: bool,
) -> tuple[int, int, Rng]:
    """Play the set to its end from ``seat``'s decision: the winner (or ``_TIE``) and the
    draw stream. ``lists`` (tables, totals, hands, standing, unseen cards) change in place."""
    tab, tot, hands, std, rest = lists
    get = MOVES_CACHE.get
    while True:
        # -- the decision of `seat`, exactly as legal_moves() orders it (never an empty tuple)
        moves = TAIL if played else (get(hands[seat]) or hand_moves(hands[seat]))
        move = moves[below(len(moves))]
        winner = _NOT_ENDED
        if isinstance(move, PlayCard):
            card = move.card
            mine = tab[seat]
            value = card.options[move.sign]
            if card.is_gold:
                value = _gold(card, value, mine, tot, seat)
            hand = hands[seat]
            i = hand.index(card)
            hands[seat] = hand[:i] + hand[i + 1 :]
            mine.append((card, value))
            total = tot[seat] = tot[seat] + value
            if len(mine) < MAX_CARDS and total != TARGET:
                played = True
                continue
            # the nine-card rule (rules.after_placing, Z-D1, Z-S12, Z-S13); after a win the
            # stand does not matter
            if len(mine) >= MAX_CARDS and total <= TARGET and fill:
                winner = seat
            std[seat] = True
        elif move is STAND:
            std[seat] = True
        # -- end of the turn of `ending` (Z-D4), set end, and the next turns' draws (Z-D5)
        ending = seat
        while True:
            if winner == _NOT_ENDED and (tot[ending] > TARGET or (std[0] and std[1])):
                winner = 1 - ending if tot[ending] > TARGET else _both_stand(tot, tab)
            if winner != _NOT_ENDED:
                return winner, key, stream
            nxt = ending if std[1 - ending] else 1 - ending
            if top:
                card_value, top = top[0], top[1:]
            else:
                # Rng(key).below(n) as steps.take_card draws, but one generator serves every
                # draw (Rng(key) continues into Rng(key + GAMMA)) until a rejection
                n = len(rest) if finite else 10
                z = stream.next64()
                j = z % n
                if z >= _LIMITS[n]:  # (very rare) redone exactly
                    j, stream = Rng(key).below(n), Rng((key + GAMMA) & MASK)
                key = (key + GAMMA) & MASK
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


def _gold(card: SideCard, value: int, mine: list[Placed], tot: list[int], seat: int) -> int:
    """Z-D9 (rules.placed_value, rules.flip): D copies the previous card's value; a Flip turns
    over the sign of its owner's ±2/±4 (±3/±6) cards and is worth 0."""
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


def _both_stand(tot: list[int], tab: list[list[Placed]]) -> int:
    """Z-D7 (rules.set_end): the higher total wins; a tie unless exactly one Tiebreaker."""
    a, b = tot
    if a != b:
        return 0 if a > b else 1
    t0 = any(p[0] is TIEBREAKER for p in tab[0])
    t1 = any(p[0] is TIEBREAKER for p in tab[1])
    return _TIE if t0 == t1 else (0 if t0 else 1)
