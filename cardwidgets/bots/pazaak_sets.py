"""The rest of a Pazaak set, exactly: expectimax over the main-deck draws (issue 28).

The searching seat ("me") takes its best move at every turn; the opponent plays the greedy
rules (:func:`cardwidgets.bots.pazaak.decide`, standing at 17) with a hand the searcher dealt
him from its own view (``State.determinize``): the search never reads his real hand. Every
draw is a chance node over the main-deck cards not on either table (Z-D2), counted down as
the search draws them, or over 1…10 under draws with replacement. The end of the set is
valued by the match model (:func:`cardwidgets.bots.pazaak.match_value`): the chance of winning
the match from the new set score, a little more per hand card more than the opponent, so a
hand card spent now is charged for (hands last the whole match, Z-D8).

The search works on plain numbers, not on states: a seat is (total, cards on its table, hand,
stands), the deck a tuple of counts by value. A turn follows Z-D5: the automatic draw (Z-D10);
at 20 an automatic stand (Z-S13, Z-D6), at nine cards a forced stand or, under
``fill_table_wins``, the set (Z-D1); at most one hand card (Z-S8); then end or stand; a bust
is judged at the end of the turn (Z-D4); equal totals tie (Z-S16, Z-D7). The tests check it
against a brute force through the engine's own states. Positions where a seat draws are
memoized on all of that (a standing seat's hand only by its size: it plays no more cards this
set). Gold cards (Z-D9) read the table and decide ties; they are not modelled here (under
rules with gold cards the expert samples greedy play-outs instead).

``prune`` keeps the searching seat's *later* hand cards to those that make 18 to 20, beat a
standing opponent, recover from a bust or fill the table (the moves of the position searched
are all valued): the others spend a card for a worse total, and the search is much smaller.

>>> from cardwidgets.games import pazaak
>>> state = pazaak.State.from_position(
...     hands=["+3 -3", "+1 -1"], deck=[6], tables=([10], [9]), seed=1)
>>> search = SetSearch(state.rules, state.sets_won)
>>> values = search.values(state, 0, state.hands[1], state.legal_moves())
>>> [str(move) for move in state.legal_moves()]
['play +3', 'play -3', 'end', 'stand']
>>> values.index(max(values))  # on 16 against 9: draw, the -3 saves most busts
2
>>> SetSearch(pazaak.Rules.kotor2(), (0, 0))
Traceback (most recent call last):
...
cardwidgets.bots.pazaak_sets.SetSearchError: the exact set search does not model gold cards (Z-D9)
"""

from __future__ import annotations

from collections.abc import Sequence

from cardwidgets.bots import words  # noqa: F401  (registers the sentences)
from cardwidgets.bots.pazaak import COST, decide, match_value, unseen
from cardwidgets.games import pazaak
from cardwidgets.games.pazaak.rules import sign_order
from cardwidgets.i18n import TranslatedError

__all__ = ["SetSearch", "SetSearchError", "deck_counts"]

Hand = tuple[pazaak.SideCard, ...]
Side = tuple[int, int, Hand, bool]
"""A seat in the search: total, cards on its table this set, hand, whether it stands."""
Sides = tuple[Side, Side]
"""The searching seat first, then its opponent."""
Deck = tuple[int, ...]
"""The main-deck cards left, by value: ``deck[v]`` cards worth ``v`` (``deck[0]`` unused)."""
HandPlay = tuple[pazaak.PlayCard, int, float, Hand]
"""A hand card's move: the move, the change to the total, its cost, the hand left after it."""

PLAY, END, STAND = 0, 1, 2
TARGET = pazaak.TARGET
MAX_CARDS = pazaak.MAX_CARDS


class SetSearchError(TranslatedError):
    """Rules the exact set search cannot model (gold cards)."""


def deck_counts(state: pazaak.State) -> Deck:
    """The unseen main-deck cards by value (:func:`cardwidgets.bots.pazaak.unseen`): public.

    >>> from cardwidgets.games import pazaak
    >>> state = pazaak.State.from_position(hands=["", ""], deck=[5], tables=([10], [10]),
    ...     seed=1)
    >>> deck_counts(state)
    (0, 4, 4, 4, 4, 3, 4, 4, 4, 4, 2)
    """
    counts = [0] * 11
    for value, count in unseen(state):
        counts[value] = count
    return tuple(counts)


def _side(state: pazaak.State, seat: int, hand: Hand) -> Side:
    return (state.totals[seat], len(state.placed[seat]), hand, state.standing[seat])


class SetSearch:
    """Expectimax for the rest of the set: the searching seat's value (its chance of winning
    the match, by the match model once the set ends) of each of its moves.

    ``need``: sets each seat has won, the searching seat first. ``deplete=False`` draws every
    card with the chances of the position searched (a little faster, not exact). ``memo=False``
    and ``prune=False`` search the plain tree (the brute force the tests compare with).
    ``nodes`` counts the positions where a seat draws that the search evaluated.
    """

    def __init__(
        self,
        rules: pazaak.Rules,
        sets: tuple[int, int],
        stand_at: int = 17,
        *,
        deplete: bool = True,
        prune: bool = True,
        memo: bool = True,
    ) -> None:
        if rules.gold_cards:
            raise SetSearchError("bots.pazaak.gold_not_searched")
        self.need = (rules.sets_to_win - sets[0], rules.sets_to_win - sets[1])
        self.fill = rules.fill_table_wins
        self.stand_at = stand_at
        self.deplete = deplete and rules.main_deck == "finite40"
        self.prune = prune
        self.memo: dict[object, float] | None = {} if memo else None
        self.nodes = 0
        self._plays: dict[Hand, tuple[HandPlay, ...]] = {}
        self._greedy: dict[object, tuple[int, int, Hand]] = {}
        self._ends: dict[tuple[int | None, int, int], float] = {}

    def values(
        self, state: pazaak.State, seat: int, hand: Hand, moves: Sequence[pazaak.Move]
    ) -> list[float]:
        """The value for ``seat`` (to move in ``state``) of each of ``moves`` when the
        opponent holds ``hand`` (a determinization: dealt from ``seat``'s view)."""
        sides = (_side(state, seat, state.hands[seat]), _side(state, 1 - seat, hand))
        deck = deck_counts(state)
        plays: dict[pazaak.Move, HandPlay] = {play[0]: play for play in self.plays(sides[0][2])}
        found = []
        for move in moves:
            if move.__class__ is pazaak.PlayCard:
                _, value, _, rest = plays[move]
                found.append(self._after(0, sides, deck, PLAY, value, rest))
            elif move.__class__ is pazaak.EndTurn:
                found.append(self._after(0, sides, deck, END, 0, ()))
            else:
                found.append(self._after(0, sides, deck, STAND, 0, ()))
        return found

    def plays(self, hand: Hand) -> tuple[HandPlay, ...]:
        """The hand-card moves of a (sorted) hand in the order of the legal moves."""
        known = self._plays.get(hand)
        if known is not None:
            return known
        found: list[HandPlay] = []
        seen = None
        for i, card in enumerate(hand):
            if card is seen:  # hands are sorted: equal cards are adjacent, and play the same
                continue
            seen = card
            rest = hand[:i] + hand[i + 1 :]
            for sign in sorted(card.options, key=sign_order):
                move = pazaak.PlayCard(card, sign)
                found.append((move, card.options[sign], COST.get(card.kind, 2.0), rest))
        result = tuple(found)
        self._plays[hand] = result
        return result

    # -- the turn, step by step (Z-D5) -----------------------------------------------------
    def _turn(self, x: int, sides: Sides, deck: Deck) -> float:
        """Seat ``x`` draws (a chance node over the cards left) and plays his turn."""
        memo = self.memo
        key: object = None
        if memo is not None:
            a, b = sides
            key = (
                x, a[0], a[1], len(a[2]) if a[3] else a[2], a[3],
                b[0], b[1], len(b[2]) if b[3] else b[2], b[3], deck,
            )  # fmt: skip
            known = memo.get(key)
            if known is not None:
                return known
        self.nodes += 1
        t, n, hand, stands = sides[x]
        total = 0
        value = 0.0
        deplete = self.deplete
        for card in range(1, 11):
            count = deck[card]
            if not count:
                continue
            rest = (*deck[:card], count - 1, *deck[card + 1 :]) if deplete else deck
            side = (t + card, n + 1, hand, stands)
            after = (side, sides[1]) if x == 0 else (sides[0], side)
            value += count * self._placed(x, after, rest, False)
            total += count
        value /= total
        if memo is not None:
            memo[key] = value
        return value

    def _placed(self, x: int, sides: Sides, deck: Deck, played: bool) -> float:
        """A card went onto ``x``'s table: 20 or nine cards end his turn (Z-S13, Z-D1)."""
        t, n, hand, _ = sides[x]
        if t == TARGET or n >= MAX_CARDS:
            if n >= MAX_CARDS and t <= TARGET and self.fill:
                return self._set_over(x, sides)
            side = (t, n, hand, True)
            return self._end_turn(x, (side, sides[1]) if x == 0 else (sides[0], side), deck)
        return self._decide(x, sides, deck, played)

    def _decide(self, x: int, sides: Sides, deck: Deck, played: bool) -> float:
        """The searching seat's best move, or the opponent's greedy one."""
        if x == 1:
            kind, value, rest = self._greedy_move(sides, played)
            return self._after(1, sides, deck, kind, value, rest)
        end = self._after(0, sides, deck, END, 0, ())
        best = max(end, self._after(0, sides, deck, STAND, 0, ()))
        if played:
            return best
        t, n, _, _ = sides[0]
        o, _, _, o_stands = sides[1]
        for _, value, _, rest in self.plays(sides[0][2]):
            new = t + value
            if self.prune and not (
                new <= TARGET
                and (t > TARGET or new >= 18 or (o_stands and new > o) or (self.fill and n >= 8))
            ):
                continue
            best = max(best, self._after(0, sides, deck, PLAY, value, rest))
        return best

    def _greedy_move(self, sides: Sides, played: bool) -> tuple[int, int, Hand]:
        """The opponent's greedy move (:func:`~cardwidgets.bots.pazaak.decide`)."""
        me, them = sides
        t, _, hand, _ = them
        key = (t, me[0], me[3], hand, played)
        known = self._greedy.get(key)
        if known is not None:
            return known
        plays = () if played else self.plays(hand)
        options = [(move, value, cost) for move, value, cost, _ in plays]
        move = decide(t, me[0], me[3], options, self.stand_at)[0]
        found: tuple[int, int, Hand]
        if move.__class__ is pazaak.PlayCard:
            found = next((PLAY, v, rest) for m, v, _, rest in plays if m == move)
        else:
            found = (END if move.__class__ is pazaak.EndTurn else STAND, 0, ())
        self._greedy[key] = found
        return found

    def _after(self, x: int, sides: Sides, deck: Deck, kind: int, value: int, rest: Hand) -> float:
        """The value after ``x`` plays a hand card worth ``value`` (leaving ``rest``), ends
        his turn or stands."""
        t, n, hand, stands = sides[x]
        if kind == PLAY:
            side = (t + value, n + 1, rest, stands)
            after = (side, sides[1]) if x == 0 else (sides[0], side)
            return self._placed(x, after, deck, True)
        if kind == STAND:
            side = (t, n, hand, True)
            sides = (side, sides[1]) if x == 0 else (sides[0], side)
        return self._end_turn(x, sides, deck)

    def _end_turn(self, x: int, sides: Sides, deck: Deck) -> float:
        """Z-D4, Z-D7: a bust, the set's end when both stand, or the next turn."""
        if sides[x][0] > TARGET:
            return self._set_over(1 - x, sides)
        a, b = sides
        if a[3] and b[3]:
            if a[0] == b[0]:
                return self._set_over(None, sides)
            return self._set_over(0 if a[0] > b[0] else 1, sides)
        return self._turn(x if sides[1 - x][3] else 1 - x, sides, deck)

    def _set_over(self, winner: int | None, sides: Sides) -> float:
        """The searching seat's match value once the set is over (``winner`` None: a tie)."""
        key = (winner, len(sides[0][2]), len(sides[1][2]))
        known = self._ends.get(key)
        if known is None:
            need, need_other = self.need
            if winner == 0:
                need -= 1
            elif winner == 1:
                need_other -= 1
            known = match_value(need, need_other, key[1], key[2])
            self._ends[key] = known
        return known
