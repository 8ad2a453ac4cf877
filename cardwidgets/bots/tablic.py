"""Tablić's rules of thumb: most points, then most cards, and leave the opponent no tabla.

The greedy player scores each candidate move by what it takes now (points, then cards, a
tabla), minus the chance that the opponent clears the table next turn (estimated from what
the seat has seen: its hand, the table, the opponent's revealed cards, the count of captured
cards), plus a little for keeping a tabla chance of its own. The expert's rollouts use the
same score with the opponent's sampled hand, which makes the tabla danger exact and cheap.

It reads the engine only through its public names (:func:`~cardwidgets.games.tablic.card_points`,
:func:`~cardwidgets.games.tablic.played_value`, :func:`~cardwidgets.games.tablic.is_capture`,
:func:`~cardwidgets.games.tablic.ranked_captures`). On a crowded table (more than
:attr:`TablicStrategy.CROWDED` cards) it never lists the legal moves: a hand of six can have
hundreds of thousands there.

>>> from cardwidgets import cards
>>> mask_points(cards.mask(cards.DECK))  # T-S20: 22 card points in the deck
22
>>> clears(cards.parse("9♠"), [cards.parse("4♥"), cards.parse("5♦")])
True
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Mapping
from typing import TypedDict

from cardwidgets import cards
from cardwidgets.bots import ismcts
from cardwidgets.bots.strategy import Reason, Strategy, best, register
from cardwidgets.cards import Card
from cardwidgets.games import tablic

__all__ = ["Features", "TablicStrategy", "clears", "mask_points"]

# Points (T-S20) and played values (T-S19, T-D3: a played Ace is 11) by card index, read once
# from the engine's public functions: the rollouts look them up millions of times.
_POINTS = tuple(tablic.card_points(c) for c in cards.DECK)
_PLAYED = tuple(tablic.played_value(c) for c in cards.DECK)
_ONE_POINT = cards.mask(c for c in cards.DECK if _POINTS[c.index] >= 1)
_TWO_POINTS = cards.mask(c for c in cards.DECK if _POINTS[c.index] >= 2)


def mask_points(bits: int) -> int:
    """The card points (T-S20) of the cards in the mask ``bits``."""
    return (bits & _ONE_POINT).bit_count() + (bits & _TWO_POINTS).bit_count()


_CLEARS: dict[tuple[int, int], bool] = {}


def clears(card: Card, table: list[Card]) -> bool:
    """Whether playing ``card`` could take every card of ``table`` at once (a tabla)."""
    if card in table:
        return False
    v = _PLAYED[card.index]
    low = aces = 0
    for c in table:
        if c.rank == 14:
            aces += 1
            low += 1
        else:
            value = _PLAYED[c.index]
            if value > v:
                return False
            low += value
    # Cheap arithmetic first: the table total (each Ace 1 or 11) must be a multiple of v.
    if not any((low + 10 * j) % v == 0 for j in range(aces + 1)):
        return False
    key = (v, cards.mask(table))
    known = _CLEARS.get(key)
    if known is None:
        known = bool(tablic.is_capture(card, table, None))
        if len(_CLEARS) > 1 << 16:
            _CLEARS.clear()
        _CLEARS[key] = known
    return known


class Features(TypedDict):
    """What a move does, as a hint shows it (``Hint.details``)."""

    points: int
    cards: int
    tabla: bool
    opponent_tabla_risk: float
    keeps_tabla_chance: bool


class TablicStrategy(Strategy[tablic.State, tablic.Move]):
    """Tablić: most points, then most cards, and do not leave the opponent a tabla."""

    game = "tablic"
    expert_iterations = 200

    # A tabla is worth one point; each captured card a little (3 points for the majority of
    # 52); a point card trailed is likely lost to the opponent.
    CARD = 0.15
    TRAIL_POINT = 0.6
    KEEP = 0.2

    def _features(self, state: tablic.State, seat: int, move: tablic.Move, seen: _Seen) -> Features:
        table, hand = seen.table, seen.hand
        taken = move.captured
        after = [c for c in table if c not in taken] if taken else [*table, move.card]
        rest = [c for c in hand if c is not move.card]
        tabla = state.scores_tabla(move)  # the engine's T-S13/T-D5, not a copy of it
        points = mask_points(move.mask | move.card.bit) if taken else 0
        risk = _risk(after, seen, seat)
        keep = bool(after) and any(clears(c, after) for c in rest)
        return {
            "points": points + int(tabla),
            "cards": len(taken) + 1 if taken else 0,
            "tabla": tabla,
            "opponent_tabla_risk": round(risk, 3),
            "keeps_tabla_chance": keep,
        }

    def _score(self, f: Features, move: tablic.Move) -> float:
        if move.captured:
            score = f["points"] + self.CARD * f["cards"]
        else:
            score = -self.TRAIL_POINT * _POINTS[move.card.index]
            score -= 0.01 * _PLAYED[move.card.index]
        return float(score - f["opponent_tabla_risk"] + self.KEEP * f["keeps_tabla_chance"])

    def greedy(
        self, state: tablic.State, seat: int, rng: cards.Rng, options: Mapping[str, object]
    ) -> Reason[tablic.Move]:
        # The chosen move keeps its features: its reason needs no second look at the view.
        return self._reason(*best(self._scored(state, seat), rng))

    def greedy_move(
        self,
        state: tablic.State,
        seat: int,
        stream: Callable[[], cards.Rng],
        options: Mapping[str, object],
    ) -> tablic.Move:
        return best(self._scored(state, seat), stream)[0]  # a generator only for a tie

    def _scored(
        self, state: tablic.State, seat: int
    ) -> list[tuple[float, int, tuple[tablic.Move, Features]]]:
        """Each candidate move's score, its index and (the move, its features)."""
        seen = _Seen.of(state, seat)
        scored = []
        for i, move in enumerate(self.candidates(state)):
            f = self._features(state, seat, move, seen)
            scored.append((self._score(f, move), i, (move, f)))
        return scored

    def explain(self, state: tablic.State, seat: int, move: tablic.Move) -> Reason[tablic.Move]:
        return self._reason(move, self._features(state, seat, move, _Seen.of(state, seat)))

    def _reason(self, move: tablic.Move, f: Features) -> Reason[tablic.Move]:
        """Why ``move`` is good, from its features."""
        params: dict[str, object] = {"card": move.card, "points": f["points"], "cards": f["cards"]}
        if move.captured:
            params["captured"] = cards.format_cards(cards.from_mask(move.mask))
        if f["tabla"]:
            return Reason(move, "bots.tablic.tabla", params)
        if move.captured:
            key = "bots.tablic.points" if f["points"] else "bots.tablic.cards"
            return Reason(move, key, params)
        return Reason(move, "bots.tablic.trail", params)

    def details(self, state: tablic.State, seat: int, move: tablic.Move) -> dict[str, object]:
        return dict(self._features(state, seat, move, _Seen.of(state, seat)))

    def random_move(self, state: tablic.State, rng: cards.Rng) -> tablic.Move:
        # The same draw as the list's, counted and unranked on a crowded table.
        return state.random_move(rng)

    CROWDED = 12
    """Tables with more cards than this are *crowded*: the candidates come from the engine's
    :func:`~cardwidgets.games.tablic.ranked_captures` instead of the list of legal moves, and
    the rollouts choose among the candidates. A table of 20 cards gives a hand of six cards
    hundreds of thousands of legal moves (286,671 on one measured table: 14 s and 350 MB to
    list); in random self-play 97% of positions have at most 10 table cards."""

    BEST = 2
    """Captures kept per hand card: the best by points, then by cards."""

    def candidates(self, state: tablic.State) -> list[tablic.Move]:
        # Per hand card: the trail and its two best captures (points, then cards; on a tie the
        # earlier in the list of legal moves), in the order of the legal moves. Smaller
        # captures of the same card are almost never better and would starve the search.
        if len(state.table) > self.CROWDED:
            return self._ranked_candidates(state)
        return self._listed_candidates(state)

    def _listed_candidates(self, state: tablic.State) -> list[tablic.Move]:
        """:meth:`candidates` picked from ``state.legal_moves()``: fast on small tables."""
        moves = state.legal_moves()
        ranked: dict[Card, list[tuple[int, int, int, tablic.Move]]] = {}
        kept = []
        for i, move in enumerate(moves):
            if not move.captured:
                kept.append((i, move))
                continue
            key = (mask_points(move.mask), move.mask.bit_count(), -i, move)
            ranked.setdefault(move.card, []).append(key)
        for options in ranked.values():
            options.sort(reverse=True)
            kept.extend((-k[2], k[3]) for k in options[: self.BEST])
        kept.sort(key=lambda item: item[0])
        return [move for _, move in kept]

    def _ranked_candidates(self, state: tablic.State) -> list[tablic.Move]:
        """:meth:`candidates` without listing the legal moves: each hand card's best captures
        come from the engine's ranked search, in milliseconds on a crowded table."""
        seat = state.to_move
        if seat is None:
            return []
        view = state.view(seat)
        assert view.hand is not None  # a seat's own view holds its hand
        kept = []
        for card in sorted(view.hand, key=lambda c: c.index):  # legal_moves() order
            kept.append(tablic.Move(card))
            found = tablic.ranked_captures(card, view.table, state.rules)
            best = sorted(itertools.islice(found, self.BEST), key=lambda c: c.position)
            kept.extend(tablic.Move(card, capture.captured) for capture in best)
        return kept

    def rollout(self, state: tablic.State, rng: cards.Rng) -> tablic.Move:
        # The greedy rules with the opponent's real (sampled) hand, so the tabla danger is
        # exact and cheap; one move in ten is random to keep the samples varied. On a crowded
        # table only the candidates are scored (listing every move would take seconds).
        if rng.below(10) == 0:
            # Exactly moves[rng.below(len(moves))], counted and unranked on a crowded table.
            return state.random_move(rng)
        crowded = len(state.table) > self.CROWDED
        moves = self._ranked_candidates(state) if crowded else state.legal_moves()
        seat = state.to_move
        assert seat is not None  # a rollout never moves in a finished game
        table_bits = cards.mask(state.table)
        opponent = state.hands[1 - seat]
        chosen, top = moves[0], -1e9
        for move in moves:
            mask = move.mask
            if mask:
                score = mask_points(mask | move.card.bit) + self.CARD * (mask.bit_count() + 1)
                after = table_bits & ~mask
                if not after:
                    score += 1.0
            else:
                score = -self.TRAIL_POINT * _POINTS[move.card.index]
                score -= 0.01 * _PLAYED[move.card.index]
                after = table_bits | move.card.bit
            if score > top - 1.0 and after and opponent:
                table = cards.from_mask(after)
                if any(clears(c, list(table)) for c in opponent):
                    score -= 1.0 + self.CARD * len(table)
            if score > top:
                chosen, top = move, score
        return chosen

    DEPTH = 8
    """Rollouts stop this many moves after the sampled position (or at the end of the deal)."""

    def horizon(self, root: tablic.State) -> ismcts.Stop[tablic.State] | None:
        deal = root.deal_number
        depth = self.DEPTH
        return lambda state: bool(state.deal_number != deal or state.ply >= depth)

    def evaluate(self, state: tablic.State) -> float:
        if state.deal_results:
            # A determinization starts with no finished deals, so the deal just finished:
            # half for winning it, half for the margin.
            result = state.deal_results[-1]
            diff = float(result.scores[0] - result.scores[1])
            win = 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
            return 0.5 * win + 0.5 * min(1.0, max(0.0, 0.5 + diff / 30))
        # Mid-deal: points and tablas so far, and a little for each captured card.
        piles = [cards.mask(pile) for pile in state.piles]
        diff = float(mask_points(piles[0]) - mask_points(piles[1]))
        diff += float(state.tablas[0] - state.tablas[1])
        diff += self.CARD * (piles[0].bit_count() - piles[1].bit_count())
        return float(min(1.0, max(0.0, 0.5 + diff / 30)))


@dataclasses.dataclass(frozen=True, slots=True)
class _Seen:
    """What the seat to move knows, read once per decision from its view: the view, its
    hand and the table, and the mask of the cards among them (none of these are the
    opponent's)."""

    view: tablic.TablicView
    hand: tuple[Card, ...]
    table: tuple[Card, ...]
    mask: int
    unseen: tuple[tuple[Card, int], ...]
    """Per rank with cards the seat has not seen: the first such card and how many there are
    (what :func:`_risk` asks of every candidate move, made once per decision)."""

    @classmethod
    def of(cls, state: tablic.State, seat: int) -> _Seen:
        """What ``seat`` sees of ``state``."""
        view = state.view(seat)
        hand = view.hand
        assert hand is not None  # a seat's own view holds its hand
        mask = cards.mask(hand) | cards.mask(view.table)
        unseen = []
        for rank in range(2, 15):
            first = (rank - 2) * 4
            found = [cards.DECK[i] for i in range(first, first + 4) if not mask >> i & 1]
            if found:
                unseen.append((found[0], len(found)))
        return cls(view, hand, view.table, mask, tuple(unseen))


def _risk(after: list[Card], seen: _Seen, seat: int) -> float:
    """Chance that the opponent can clear ``after`` on the next turn (from the view only)."""
    if not after:
        return 0.0
    view = seen.view
    other = 1 - seat
    holds = view.hand_sizes[other]
    if holds == 0:
        holds = 6 if view.stock > 0 else 0
    if holds == 0:
        return 0.0
    for card in view.revealed[other]:
        if clears(card, after):
            return 1.0
    seen_mask = seen.mask
    captured = view.piles[0].cards + view.piles[1].cards
    unseen_count = 52 - seen_mask.bit_count()
    unknown = unseen_count - captured  # cards that may still be in the opponent's hand
    if unknown <= 0:
        return 0.0
    clearing = 0
    for card, count in seen.unseen:  # one card stands for its rank: the same played value
        if clears(card, after):
            clearing += count
    if clearing == 0:
        return 0.0
    share = clearing * unknown / unseen_count  # captured cards are spread evenly
    miss: float = max(0.0, 1.0 - share / unknown) ** int(min(holds, unknown))
    return 1.0 - miss


register(TablicStrategy())
