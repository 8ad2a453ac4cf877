"""Pazaak's rules of thumb: stand at a threshold, recover with minus cards, save the
tiebreaker.

The greedy player (:func:`plan`) recovers from over 20 with the hand card that brings the total
highest (Z-D4), beats an opponent who stands, makes 20 (or 19) with a hand card when it can,
stands at ``stand_at`` (17 by default) and otherwise draws. Among hand cards that do the same it
spends the cheapest: plain cards first, the flexible ± cards later, the tiebreaker last.

The expert (:class:`PazaakStrategy`) values each move by :class:`SetSearch`, an exact
expectimax over the main-deck draws to the end of the set in which the opponent follows these
same rules (:func:`decide`) with a hand dealt from the expert's own view; the set's end is
valued by the match model (:func:`match_value`). Both live in this one module: the search and
the greedy rule are one idea, Pazaak's play, and share the rule on plain numbers.

>>> from cardwidgets.games import pazaak
>>> state = pazaak.new_game(seed=1)
>>> move, key, params = plan(state, state.to_move, 17)
>>> move, key
(EndTurn(), 'bots.pazaak.draw')
>>> match_chance(1, 1, 0.5), match_chance(2, 1, 0.5)
(0.5, 0.25)
"""

from __future__ import annotations

import functools
import math
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from fractions import Fraction
from typing import ClassVar

from cardwidgets import cards
from cardwidgets.bots import ismcts
from cardwidgets.bots.strategy import Reason, Strategy, register
from cardwidgets.games import pazaak
from cardwidgets.games.pazaak.rules import sign_order
from cardwidgets.i18n import TranslatedError

__all__ = [
    "COST",
    "HAND_SOFTNESS",
    "HAND_WEIGHT",
    "PazaakStrategy",
    "SetSearch",
    "SetSearchError",
    "decide",
    "deck_counts",
    "match_chance",
    "match_value",
    "plan",
    "plays",
    "set_chance",
    "set_end_value",
    "unseen",
]

Play = tuple[pazaak.PlayCard, int, float]
"""A hand-card move with the change it makes to the player's total and its cost."""
Plan = tuple[pazaak.Move, str, dict[str, object]]
"""A greedy decision: the move, its reason's catalog key and the reason's parameters."""

COST = {"+": 1.0, "-": 1.0, "±": 1.5, "±1/2": 2.0, "D": 2.0, "2&4": 2.0, "3&6": 2.0, "±1T": 3.0}
"""How much a player wants to keep each kind of hand card: plain cards go first, the flexible
± cards later, the tiebreaker last (it also wins tied sets)."""


def plays(state: pazaak.State, seat: int) -> list[Play]:
    """Each legal hand-card move of ``seat`` with the change to its total and its cost.

    Reads only the seat's own hand (its legal moves) and its own public table.
    """
    found = []
    total = state.totals[seat]
    for move in state.legal_moves():
        if type(move) is not pazaak.PlayCard:
            continue
        card = move.card
        if card.is_gold:  # D and the Flips read the table: the engine says what they do (Z-D9)
            delta = state.card_effect(card, move.sign, seat).total - total
        else:
            delta = move.value or 0
        found.append((move, delta, COST.get(card.kind, 2.0)))
    return found


def _shown(move: pazaak.PlayCard) -> str:
    """The card as a reason names it: its text, and the value chosen for a ± card."""
    return str(move.card) if move.sign is None else f"{move.card} ({move.value:+d})"


def plan(state: pazaak.State, seat: int, stand_at: int) -> Plan:
    """The greedy Pazaak decision: (move, reason key, parameters)."""
    t = state.totals[seat]
    o = state.totals[1 - seat]
    return decide(t, o, state.standing[1 - seat], plays(state, seat), stand_at)


def decide(t: int, o: int, opponent_stands: bool, options: Sequence[Play], stand_at: int) -> Plan:
    """The greedy decision on plain numbers: the seat's total ``t``, the opponent's total
    ``o``, whether he stands, and the seat's hand-card moves (:func:`plays`, in the order of
    the legal moves; none once a hand card is down this turn). :func:`plan` asks it about a
    state, the exact set search (:class:`SetSearch`) about its positions.

    >>> decide(16, 9, False, [(pazaak.PlayCard(pazaak.SideCard("+3")), 3, 1.0)], 17)[:2]
    (PlayCard(card=SideCard('+3'), sign=None), 'bots.pazaak.make19')
    """
    params: dict[str, object] = {"total": t, "opponent": o, "stand_at": stand_at}

    def play(ok: Callable[[int], bool], key: str) -> Plan | None:
        """The cheapest hand card whose new total passes ``ok`` (the higher total on a tie)."""
        found = [(cost, -(t + d), i, m, t + d) for i, (m, d, cost) in enumerate(options)
                 if ok(t + d)]  # fmt: skip
        if not found:
            return None
        _, _, _, move, total = min(found)
        return move, key, {**params, "card": _shown(move), "total": total}

    if t > 20:  # recover with the card that brings the total highest (Z-D4)
        top = max((t + d for _, d, _ in options if t + d <= 20), default=None)
        if top is None:
            return pazaak.STAND, "bots.pazaak.bust", params
        recover = play(lambda total: total == top, "bots.pazaak.recover")
        assert recover is not None
        return recover
    if opponent_stands:
        if t > o:
            return pazaak.STAND, "bots.pazaak.stand_win", params
        beat = play(lambda total: o < total <= 20, "bots.pazaak.beat")
        if beat is not None:
            return beat
        if t == o and t >= stand_at:
            return pazaak.STAND, "bots.pazaak.stand_tie", params
        return pazaak.END_TURN, "bots.pazaak.must_draw", params
    twenty = play(lambda total: total == 20, "bots.pazaak.make20")
    if twenty is not None:
        return twenty
    if t >= stand_at:
        return pazaak.STAND, "bots.pazaak.stand_at", params
    nineteen = play(lambda total: total == 19 and total >= stand_at, "bots.pazaak.make19")
    if nineteen is not None:
        return nineteen
    return pazaak.END_TURN, "bots.pazaak.draw", params


_BUST_KEYS = frozenset({"bots.pazaak.stand_tie", "bots.pazaak.stand_at", "bots.pazaak.draw"})


def _percent(chance: Fraction) -> str:
    return f"{float(chance) * 100:.0f}%"


@functools.lru_cache(maxsize=4096)
def match_chance(need0: int, need1: int, p: float) -> float:
    """Chance that seat 0 wins a race to ``need0`` against ``need1`` sets, each won with p."""
    if need0 <= 0:
        return 1.0
    if need1 <= 0:
        return 0.0
    return p * match_chance(need0 - 1, need1, p) + (1 - p) * match_chance(need0, need1 - 1, p)


HAND_WEIGHT = 0.48
HAND_SOFTNESS = 2.6
"""The match model's chance of winning a later set with ``a`` hand cards against ``b``:
``1/2 + HAND_WEIGHT * (a - b) / (a + b + HAND_SOFTNESS)`` (:func:`set_chance`). Fitted to
self-play of the greedy rules (``benchmarks/calibrate_pazaak_hand.py``, 10,000 sets per pair
of hand sizes, ``results/pazaak_hand_card.json``): a card is worth more the fewer are left
(4 against 3: 0.55, 1 against 0: 0.63)."""


def set_chance(hand: int, hand_other: int) -> float:
    """The match model's chance of winning a later set with ``hand`` hand cards against
    ``hand_other`` (hands last the whole match, Z-D8).

    >>> set_chance(2, 2), round(set_chance(4, 3), 3), round(set_chance(1, 0), 3)
    (0.5, 0.55, 0.633)
    """
    return 0.5 + HAND_WEIGHT * (hand - hand_other) / (hand + hand_other + HAND_SOFTNESS)


def match_value(need: int, need_other: int, hand: int, hand_other: int) -> float:
    """The match model: the chance that a seat needing ``need`` more sets (with ``hand`` hand
    cards) wins the match against one needing ``need_other`` (with ``hand_other``), each
    later set won with :func:`set_chance`.

    >>> match_value(1, 1, 2, 2), match_value(0, 2, 0, 4), round(match_value(1, 1, 4, 3), 3)
    (0.5, 1.0, 0.55)
    """
    p = min(0.9, max(0.1, set_chance(hand, hand_other)))
    return match_chance(need, need_other, round(p, 4))


def set_end_value(state: pazaak.State, seat: int) -> tuple[float, float]:
    """(match value, 1/0 set won) for ``seat`` once a set is over (:func:`match_value`)."""
    last = state.last_set
    assert last is not None, "the set is over"
    won = float(last[0] == seat)
    if state.is_over:
        outcome = state.outcome
        assert outcome is not None
        return float(outcome.winner == seat), won
    need = state.rules.sets_to_win
    sets, hands = state.sets_won, state.hands
    value = match_value(
        need - sets[seat], need - sets[1 - seat], len(hands[seat]), len(hands[1 - seat])
    )
    return value, won


_ALL_VALUES = tuple((value, 1) for value in range(1, 11))
"""Every main-deck value once: the draws with replacement."""


def unseen(state: pazaak.State) -> list[tuple[int, int]] | tuple[tuple[int, int], ...]:
    """The main-deck cards the seat to move may draw, as (value, count) pairs by value: the
    40 cards minus those on both tables this set (Z-D2), or one of each value with
    replacement. Reads only the public tables.

    >>> state = pazaak.State.from_position(hands=["", ""], deck=[5], tables=([10], [10]),
    ...     seed=1)
    >>> unseen(state)[-1], len(unseen(state))
    ((10, 2), 10)
    """
    if state.rules.main_deck != "finite40":
        return _ALL_VALUES
    left = [0] + [4] * 10
    for table in state.placed:
        for src, _ in table:
            if src.__class__ is int:
                left[src] -= 1  # a main-deck card: an int 1-10
    return [(value, count) for value, count in enumerate(left) if count > 0]


def _explain_play(
    state: pazaak.State, seat: int, move: pazaak.PlayCard, params: dict[str, object]
) -> Reason[pazaak.Move]:
    """Why another player's hand card is good, in the greedy player's words."""
    t = state.totals[seat]
    o = state.totals[1 - seat]
    delta = next(d for m, d, _ in plays(state, seat) if m == move)
    total = t + delta
    params.update(card=_shown(move), total=total)
    if t > 20 and total <= 20:
        return Reason(move, "bots.pazaak.recover", params)
    if total == 20:
        return Reason(move, "bots.pazaak.make20", params)
    if state.standing[1 - seat] and o < total <= 20:
        return Reason(move, "bots.pazaak.beat", params)
    if total == 19:
        return Reason(move, "bots.pazaak.make19", params)
    return Reason(move, "bots.pazaak.play", params)


class PazaakStrategy(Strategy[pazaak.State, pazaak.Move]):
    """Pazaak: stand at a threshold, recover with minus cards, save the tiebreaker."""

    game = "pazaak"
    options: ClassVar[Mapping[str, object]] = {"stand_at": 17}
    expert_iterations = 4
    SAMPLES = 300
    """Sampled play-outs per option for the stand-or-draw comparison of a hint."""

    def greedy(
        self, state: pazaak.State, seat: int, rng: cards.Rng, options: Mapping[str, object]
    ) -> Reason[pazaak.Move]:
        stand_at = options["stand_at"]
        assert isinstance(stand_at, int)  # GreedyPlayer checks the option's type
        move, key, params = plan(state, seat, stand_at)
        if key in _BUST_KEYS:
            bust = pazaak.bust_probability(state, seat)
            params["bust"] = _percent(bust)
            if key == "bots.pazaak.draw" and bust == 0:
                key = "bots.pazaak.draw_safe"
        return Reason(move, key, params)

    def greedy_move(
        self,
        state: pazaak.State,
        seat: int,
        stream: Callable[[], cards.Rng],
        options: Mapping[str, object],
    ) -> pazaak.Move:
        # The bust chance only words the reason (and the draw's key): the move is the plan's.
        stand_at = options["stand_at"]
        assert isinstance(stand_at, int)  # GreedyPlayer checks the option's type
        return plan(state, seat, stand_at)[0]

    def explain(self, state: pazaak.State, seat: int, move: pazaak.Move) -> Reason[pazaak.Move]:
        chosen = self.greedy(state, seat, cards.Rng(0), self.options)
        if chosen.move == move:
            return chosen
        # Another player chose differently: describe its move in the same words.
        t = state.totals[seat]
        o = state.totals[1 - seat]
        bust = pazaak.bust_probability(state, seat)
        params: dict[str, object] = {"total": t, "opponent": o, "bust": _percent(bust)}
        if type(move) is pazaak.PlayCard:
            return _explain_play(state, seat, move, params)
        if t > 20:
            return Reason(move, "bots.pazaak.bust", params)
        if move == pazaak.STAND:
            if state.standing[1 - seat] and t > o:
                return Reason(move, "bots.pazaak.stand_win", params)
            if state.standing[1 - seat] and t == o:
                return Reason(move, "bots.pazaak.stand_tie", params)
            return Reason(move, "bots.pazaak.stand_at", params)
        if state.standing[1 - seat] and t < o:
            return Reason(move, "bots.pazaak.must_draw", params)
        return Reason(move, "bots.pazaak.draw_safe" if bust == 0 else "bots.pazaak.draw", params)

    def details(self, state: pazaak.State, seat: int, move: pazaak.Move) -> dict[str, object]:
        """Exact bust chance of the next draw; set-win chances of standing and of drawing."""
        bust = pazaak.bust_probability(state, seat)
        details: dict[str, object] = {
            "total": state.totals[seat],
            "opponent_total": state.totals[1 - seat],
            "opponent_stands": state.standing[1 - seat],
            "bust_chance": float(bust),
            "bust_chance_exact": f"{bust.numerator}/{bust.denominator}",
        }
        moves = state.legal_moves()
        if pazaak.STAND in moves and pazaak.END_TURN in moves:
            rng = cards.Rng(f"hint:{seat}:{state.ply}")
            stand = self._set_chance(state, seat, pazaak.STAND, rng.derive("stand"))
            draw = self._set_chance(state, seat, pazaak.END_TURN, rng.derive("draw"))
            details["win_chance_stand"] = round(stand, 3)
            details["win_chance_draw"] = round(draw, 3)
            details["samples"] = self.SAMPLES
        return details

    def _set_chance(
        self, state: pazaak.State, seat: int, first: pazaak.Move, rng: cards.Rng
    ) -> float:
        """Estimated chance that ``seat`` wins this set after ``first``, both sides then
        playing the greedy rules, over determinizations (ties count half)."""
        score = 0.0
        number = state.set_number
        for _ in range(self.SAMPLES):
            sample = state.determinize(seat, rng).play(first)
            while not sample.is_over and sample.set_number == number:
                sample = sample.play(plan(sample, _mover(sample), 17)[0])
            last = sample.last_set
            assert last is not None  # the set is over
            winner = last[0]
            score += 0.5 if winner is None else float(winner == seat)
        return score / self.SAMPLES

    exact_limit = 0
    """No ending by :mod:`cardwidgets.bots.endings` inside a move: the expert's own set
    search (:meth:`search`) covers a standing opponent too, exactly (the deck counted down)
    and on plain numbers, where the endings' search on states gave up past 4,000 nodes after
    most of a second."""
    DEPLETE = False
    """Whether the expert's set search counts the deck down as it draws (exact, about five
    times slower) while both seats play on; without, every draw has the chances of the
    position searched. Against a standing opponent it always counts."""
    OBVIOUS_DRAW = 12
    """At this total or less, against an opponent who has not stood, with no hand card that
    makes 18 or more and no table to fill, the seat draws without a search: standing there
    wins only if the opponent busts, and a hand card there is spent for a total under 18."""
    GOLD_SAMPLES = 4
    """Sampled determinizations per iteration where gold cards rule out the exact search."""

    def search(
        self,
        state: pazaak.State,
        seat: int,
        rng: cards.Rng,
        budget: tuple[int | None, float | None],
        confidence: float,
    ) -> ismcts.SearchResult[pazaak.Move]:
        """The value of every legal move by an exact expectimax over the main-deck draws to
        the end of the set (:class:`SetSearch`: the seat plays
        its best, the opponent the greedy rules, the set's end scored by the match model),
        averaged over determinizations of the opponent's hidden hand (dealt from the seat's
        view). An iteration is one determinization. The greedy move stands unless another
        beats it by more than ``confidence`` standard errors of the paired difference.

        With gold cards (Z-D9), which the exact search does not model, each iteration plays
        every move on :attr:`GOLD_SAMPLES` determinizations (hand and deck order) with the
        greedy rules for both seats to the end of the set instead."""
        moves = state.legal_moves()
        if len(moves) == 1 or self._obvious_draw(state, seat):
            move = moves[0] if len(moves) == 1 else pazaak.END_TURN
            return ismcts.SearchResult(move, 0, 0.0, {str(move): (0, 0.0)})
        greedy = moves.index(plan(state, seat, 17)[0])
        iterations, seconds = budget
        start = time.perf_counter()
        values_of = self._values_function(state, seat, moves)

        totals = [0.0] * len(moves)
        gains = [0.0] * len(moves)  # summed differences to the greedy move, and their squares
        squares = [0.0] * len(moves)
        samples = 0
        while True:
            values = values_of(rng)
            for i, value in enumerate(values):
                gain = value - values[greedy]
                totals[i] += value
                gains[i] += gain
                squares[i] += gain * gain
            samples += 1
            if iterations is not None and samples >= iterations:
                break
            if seconds is not None and time.perf_counter() - start >= seconds:
                break
        best = max(range(len(moves)), key=lambda i: (totals[i], -i))
        if not _clearly_better(gains[best], squares[best], samples, confidence):
            best = greedy
        stats = {str(move): (samples, totals[i] / samples) for i, move in enumerate(moves)}
        elapsed = time.perf_counter() - start
        return ismcts.SearchResult(moves[best], samples, elapsed, stats)

    def _obvious_draw(self, state: pazaak.State, seat: int) -> bool:
        """Whether drawing is plainly the move (:attr:`OBVIOUS_DRAW`)."""
        t = state.totals[seat]
        if t > self.OBVIOUS_DRAW or state.standing[1 - seat]:
            return False
        if state.rules.fill_table_wins and len(state.placed[seat]) >= pazaak.MAX_CARDS - 1:
            return False
        return all(t + delta < 18 for _, delta, _ in plays(state, seat))

    def _values_function(
        self, state: pazaak.State, seat: int, moves: list[pazaak.Move]
    ) -> Callable[[cards.Rng], list[float]]:
        """What one iteration does: deal a determinization with the rng and value every move
        on it (exactly, or by sampled play-outs where gold cards rule the exact search out)."""
        if not state.rules.gold_cards:
            sets = state.sets_won
            # exact against a standing opponent (a small search: one seat plays on)
            deplete = self.DEPLETE or state.standing[1 - seat]
            exact = SetSearch(state.rules, (sets[seat], sets[1 - seat]), deplete=deplete)

            def exactly(rng: cards.Rng) -> list[float]:
                hand = state.determinize(seat, rng).hands[1 - seat]
                return exact.values(state, seat, hand, moves)

            return exactly

        def sampled(rng: cards.Rng) -> list[float]:
            totals = [0.0] * len(moves)
            for _ in range(self.GOLD_SAMPLES):
                sample = state.determinize(seat, rng)
                for i, move in enumerate(moves):
                    totals[i] += self._play_out(sample.play(move), seat)
            return [total / self.GOLD_SAMPLES for total in totals]

        return sampled

    def _play_out(self, state: pazaak.State, seat: int) -> float:
        """The value for ``seat`` of greedy play by both seats to the end of ``state``'s set."""
        number = state.set_number
        while not state.is_over and state.set_number == number:
            state = state.play(plan(state, _mover(state), 17)[0])
        value = self.evaluate(state)
        return value if seat == 0 else 1.0 - value

    @staticmethod
    def observe(state: pazaak.State, seat: int) -> Hashable:
        # The draws show up in the totals (both tables are public).
        return state.totals

    def rollout(self, state: pazaak.State, rng: cards.Rng) -> pazaak.Move:
        if rng.below(20) == 0:
            moves = state.legal_moves()
            return moves[rng.below(len(moves))]
        seat = state.to_move
        assert seat is not None  # a rollout never moves in a finished game
        return plan(state, seat, 16 + rng.below(3))[0]

    def horizon(self, root: pazaak.State) -> ismcts.Stop[pazaak.State] | None:
        number = root.set_number
        return lambda state: bool(state.set_number != number)

    def evaluate(self, state: pazaak.State) -> float:
        if state.is_over:
            return ismcts.outcome_value(state)
        # The set is over: the chance to win the match from the new set score, where each
        # hand card more than the opponent helps a little in the sets to come.
        hands = state.hands
        need = state.rules.sets_to_win
        sets = state.sets_won
        return match_value(need - sets[0], need - sets[1], len(hands[0]), len(hands[1]))


def _clearly_better(gain: float, squares: float, samples: int, confidence: float) -> bool:
    """Whether a summed gain over ``samples`` paired play-outs is more than ``confidence``
    standard errors above zero.

    >>> _clearly_better(10.0, 10.0, 100, 1.0), _clearly_better(1.0, 100.0, 100, 1.0)
    (True, False)
    """
    mean = gain / samples
    if mean <= 0:
        return False
    if samples < 2:
        return confidence == 0
    variance = max(0.0, squares / samples - mean * mean) / (samples - 1)
    return mean > confidence * math.sqrt(variance)


def _mover(state: pazaak.State) -> int:
    """The seat to move in a game that is not over."""
    seat = state.to_move
    assert seat is not None
    return seat


register(PazaakStrategy())


# -- The rest of a set, exactly ------------------------------------------------------------
# The rest of a Pazaak set, exactly: expectimax over the main-deck draws.
#
# The searching seat ("me") takes its best move at every turn; the opponent plays the greedy
# rules (:func:`cardwidgets.bots.pazaak.decide`, standing at 17) with a hand the searcher dealt
# him from its own view (``State.determinize``): the search never reads his real hand. Every
# draw is a chance node over the main-deck cards not on either table (Z-D2), counted down as
# the search draws them, or over 1…10 under draws with replacement. The end of the set is
# valued by the match model (:func:`cardwidgets.bots.pazaak.match_value`): the chance of winning
# the match from the new set score, a little more per hand card more than the opponent, so a
# hand card spent now is charged for (hands last the whole match, Z-D8).
#
# The search works on plain numbers, not on states: a seat is (total, cards on its table, hand,
# stands), the deck a tuple of counts by value. A turn follows Z-D5: the automatic draw (Z-D10);
# at 20 an automatic stand (Z-S13, Z-D6), at nine cards a forced stand or, under
# ``fill_table_wins``, the set (Z-D1); at most one hand card (Z-S8); then end or stand; a bust
# is judged at the end of the turn (Z-D4); equal totals tie (Z-S16, Z-D7). The tests check it
# against a brute force through the engine's own states. Positions where a seat draws are
# memoized on all of that (a standing seat's hand only by its size: it plays no more cards this
# set). Gold cards (Z-D9) read the table and decide ties; they are not modelled here (under
# rules with gold cards the expert samples greedy play-outs instead).
#
# ``prune`` keeps the searching seat's *later* hand cards to those that make 18 to 20, beat a
# standing opponent, recover from a bust or fill the table (the moves of the position searched
# are all valued): the others spend a card for a worse total, and the search is much smaller.

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
    cardwidgets.bots.pazaak.SetSearchError: the exact set search does not model gold cards (Z-D9)
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
