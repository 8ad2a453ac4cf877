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
_cached = MOVES_CACHE.get  # bound once (see state._cached_moves)


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
    tab = [list(state._tab[0]), list(state._tab[1])]
    lists = (tab, list(state._tot), list(state._hands), list(state._std), list(state._rest))
    sets = [*state._sets, 0]  # sets won by each seat, and ties: sets[_TIE] counts them
    start = (sets, state._setup[0], state._turn, state._played is not None, state._top)
    deck = (state._key, rules.main_deck == "finite40")
    return _play(lists, (*start, *deck), rng.below, rules.fill_table_wins, rules.sets_to_win)


Lists = tuple[list[list[Placed]], list[int], list[tuple[SideCard, ...]], list[bool], list[int]]


def _play(
    lists: Lists,
    start: tuple[list[int], int, int, bool, tuple[int, ...], int, bool],
    below: Callable[[int], int],
    fill: bool,
    need: int,
) -> Outcome:
    """The loop of :func:`playout`, in one function: a call per move or per set would cost
    more than the rest of a move. Tables, totals, hands, standing and the unseen cards are
    lists changed in place.

    Each pass of the outer loop is a decision of ``seat``, made exactly as ``legal_moves()``
    orders the moves (a hand's cached tuple is never empty); a hand card that forces nothing
    leaves the decision to him again (``played``). Then the inner loop ends the turn of
    ``ending`` (Z-D4), ends the set (Z-D7; the next starter, Z-D3, and a fresh deck, Z-D2)
    and draws for the next player (Z-D5), again while a draw forces a stand. The nine-card
    rule is :func:`.rules.after_placing` (Z-D1, Z-S12, Z-S13): a fill ends the set, so the
    stand written beside it does not matter. The draws are ``Rng(key).below(n)`` as
    :func:`.steps.start_turn` makes them, inlined: the first SplitMix64 output of the key,
    with a generator only for a (very rare) rejection.
    """
    tab, tot, hands, std, rest = lists
    sets, starter, seat, played, top, key, finite = start
    while True:
        moves = TAIL if played else (_cached(hands[seat]) or hand_moves(hands[seat]))
        move = moves[below(len(moves))]
        winner = _NOT_ENDED
        if move.__class__ is PlayCard:  # exact class: fast, and mypy narrows by it
            card = move.card
            mine = tab[seat]
            value = card.options[move.sign]
            if not value:  # only D and the Flips are listed as 0 (rules.side_card_values)
                value = _gold(card, value, mine, tot, seat)
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
            if winner == _NOT_ENDED and (tot[ending] > TARGET or (std[0] and std[1])):
                winner = 1 - ending if tot[ending] > TARGET else _both_stand(tot, tab)
            if winner != _NOT_ENDED:
                sets[winner] += 1
                if winner != _TIE and sets[winner] >= need:
                    return Outcome(winner, (sets[0], sets[1]))
                starter = nxt = 1 - starter
                tab, tot, std, top, winner = [[], []], [0, 0], [False, False], (), _NOT_ENDED
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
                j = z % n if z < _LIMITS[n] else Rng(old).below(n)
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
    """Z-D9 for the cards listed as 0 (rules.placed_value, rules.flip): D copies the previous
    card's value; a Flip turns
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
