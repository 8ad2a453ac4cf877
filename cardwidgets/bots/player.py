"""Computer players and hints for every game: one protocol, ``choose(state) -> move``.

A player decides for the seat to move and uses only what that seat may know: its
``state.view(seat)`` (its own hand and the public table), the legal moves of that seat, the
public move history, and, for the expert, ``state.determinize(seat, rng)``, which deals the
hidden cards anew at random. Tests check this: two states that differ only in cards the seat
cannot see get the same choice under the same seed.

Three strengths:

* :class:`RandomPlayer`: a uniformly random legal move. A baseline; under a millisecond.
* :class:`GreedyPlayer`: one-move-deep rules of thumb per game (Tablić: most points, then most
  cards, keep tabla chances; Panjpar: beat with the cheapest cards, attack with low non-trumps,
  keep trumps and aces; Pazaak: stand at a threshold, recover with minus cards, save the
  tiebreaker). Under a millisecond, and each choice comes with a reason, which is what
  :func:`hint` shows a learner.
* :class:`ExpertPlayer`: information-set Monte Carlo tree search (:mod:`cardwidgets.ismcts`)
  whose rollouts use a cheap randomised version of the greedy rules; the default budget keeps a
  move well under one second.

Reproducibility: a player's seed and the position (seat and ply) fix its random numbers, so the
same seed gives the same choices in the same position, whatever happened in other games, and a
player can be pickled and sent to a process pool. :meth:`Player.reseeded` gives a copy with
another seed (the lab gives each game its own). An expert with a ``time_limit`` stops by the
clock and is reproducible only when its iteration budget ends the search first.

>>> from cardwidgets import bots
>>> player = bots.make("random", seed=7)
>>> player
RandomPlayer(seed=7)
>>> player.reseeded(8)
RandomPlayer(seed=8)
>>> sorted(bots.PLAYERS)
['expert', 'greedy', 'random']
>>> bots.make("clever")
Traceback (most recent call last):
...
cardwidgets.bots.PlayerError: there is no player 'clever': choose one of random, greedy, expert
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import inspect
import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Protocol, runtime_checkable

from cardwidgets import cards, i18n
from cardwidgets.bots import ismcts
from cardwidgets.core import IllegalMove
from cardwidgets.games import tablic as _tablic_engine
from cardwidgets.i18n import TranslatedError

__all__ = [
    "PLAYERS",
    "ExpertPlayer",
    "GreedyPlayer",
    "Hint",
    "Player",
    "PlayerError",
    "RandomPlayer",
    "hint",
    "make",
]

Seed = int | str

i18n.register(
    {
        "bots.unknown_player": {
            "en": "there is no player '{name}': choose one of {names}",
            "de": "es gibt keinen Spieler '{name}': wähle einen von {names}",
        },
        "bots.unknown_option": {
            "en": "{player} has no option '{option}'; the options are: {options}",
            "de": "{player} hat keine Option '{option}'; die Optionen sind: {options}",
        },
        "bots.bad_option": {
            "en": "option '{option}' must be {expected}, not {value}",
            "de": "die Option '{option}' muss {expected} sein, nicht {value}",
        },
        "bots.no_strategy": {
            "en": "the greedy player does not know the game '{game}'",
            "de": "der gierige Spieler kennt das Spiel '{game}' nicht",
        },
        "bots.bad_budget": {
            "en": "the expert needs a positive number of iterations or seconds, not {value}",
            "de": "der Experte braucht eine positive Zahl von Iterationen oder Sekunden, "
            "nicht {value}",
        },
        "bots.not_your_turn": {
            "en": "there is no hint for seat {seat}: it is seat {to_move}'s turn",
            "de": "für Platz {seat} gibt es keinen Tipp: Platz {to_move} ist am Zug",
        },
        "bots.only_move": {
            "en": "It is the only legal move.",
            "de": "Es ist der einzige erlaubte Zug.",
        },
        "bots.suggested": {
            "en": "The computer suggests {move}.",
            "de": "Der Computer schlägt {move} vor.",
        },
    }
)


class PlayerError(TranslatedError):
    """An unknown player name or option, or a bad search budget."""


@runtime_checkable
class Player(Protocol):
    """What every computer player offers: a choice for the seat to move, and a reseeded copy."""

    def choose(self, state: Any) -> Any:
        """A legal move for ``state.to_move``, from what that seat may see."""
        ...

    def reseeded(self, seed: Seed) -> Player:
        """A fresh copy of this player with another seed."""
        ...


# -- strategies: the per-game knowledge ------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Reason:
    """A move with the sentence (catalog key and parameters) that explains it."""

    move: Any
    key: str
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def text(self, locale: str | None = None) -> str:
        """The sentence in ``locale``."""
        return i18n.text(self.key, locale, **self.params)


class Strategy:
    """Per-game knowledge shared by the greedy player, the expert's rollouts and hints.

    Subclasses read only ``state.view(seat)``, ``state.legal_moves()`` and the public history.
    """

    game: ClassVar[str] = ""
    options: ClassVar[Mapping[str, object]] = {}
    expert_iterations: ClassVar[int] = 200
    """Default expert iterations for this game: a move stays well under one second."""

    def greedy(self, state: Any, seat: int, rng: cards.Rng, options: Mapping[str, Any]) -> Reason:
        """The greedy move for ``seat`` (to move) with its reason."""
        raise NotImplementedError

    def explain(self, state: Any, seat: int, move: Any) -> Reason:
        """A reason for any legal ``move`` of ``seat`` (used when another player chose it)."""
        if len(state.legal_moves()) == 1:
            return Reason(move, "bots.only_move")
        return Reason(move, "bots.suggested", {"move": move})

    def details(self, state: Any, seat: int, move: Any) -> dict[str, Any]:
        """Extra figures for a hint (JSON-safe)."""
        return {}

    def rollout(self, state: Any, rng: cards.Rng) -> Any:
        """The expert's rollout policy: cheap and a little random."""
        return ismcts.random_policy(state, rng)

    def evaluate(self, state: Any) -> float:
        """Value of a finished (or horizon) state for seat 0, in [0, 1]."""
        return ismcts.outcome_value(state)

    def horizon(self, root: Any) -> Callable[[Any], bool] | None:
        """Where rollouts from ``root`` may stop early (None: play to the end)."""
        return None

    def candidates(self, state: Any) -> list[Any]:
        """The moves the expert's tree considers (default: all legal moves)."""
        return state.legal_moves()  # type: ignore[no-any-return]

    observe: Callable[[Any, int], Any] | None = None
    """What a seat observes beyond the moves (see :mod:`cardwidgets.ismcts`); None: nothing."""


_STRATEGIES: dict[str, Strategy] = {}


def _register(strategy: Strategy) -> Strategy:
    _STRATEGIES[strategy.game] = strategy
    return strategy


def _strategy(state: Any) -> Strategy | None:
    return _STRATEGIES.get(getattr(state, "game", ""))


def _greedy_options() -> dict[str, object]:
    known: dict[str, object] = {}
    for strategy in _STRATEGIES.values():
        known.update(strategy.options)
    return known


def _best(scored: list[tuple[float, int, Any]], rng: cards.Rng) -> Any:
    """The item with the highest score; exact ties are broken at random with ``rng``."""
    top = max(score for score, _, _ in scored)
    best = [item for score, _, item in scored if score >= top - 1e-9]
    return best[rng.below(len(best))] if len(best) > 1 else best[0]


# -- Tablić ----------------------------------------------------------------------------------

i18n.register(
    {
        "bots.tablic.tabla": {
            "en": "{card} clears the table: a tabla, {points} points and {cards} cards.",
            "de": "{card} räumt den Tisch ab: eine Tabla, {points} Punkte und {cards} Karten.",
        },
        "bots.tablic.points": {
            "en": "{card} takes {captured}: {points} points and {cards} cards, the best "
            "capture now.",
            "de": "{card} nimmt {captured}: {points} Punkte und {cards} Karten, der beste "
            "Stich jetzt.",
        },
        "bots.tablic.tabla.one": {
            "en": "{card} clears the table: a tabla, 1 point and {cards} cards.",
            "de": "{card} räumt den Tisch ab: eine Tabla, 1 Punkt und {cards} Karten.",
        },
        "bots.tablic.points.one": {
            "en": "{card} takes {captured}: 1 point and {cards} cards, the best capture now.",
            "de": "{card} nimmt {captured}: 1 Punkt und {cards} Karten, der beste Stich jetzt.",
        },
        "bots.tablic.cards": {
            "en": "{card} takes {captured}: no points, but {cards} cards toward the 3 for most "
            "cards.",
            "de": "{card} nimmt {captured}: keine Punkte, aber {cards} Karten für die 3 Punkte "
            "der meisten Karten.",
        },
        "bots.tablic.trail": {
            "en": "Lay down {card}: it gives away the fewest points and the least chance of a "
            "tabla.",
            "de": "Lege {card} ab: das verschenkt die wenigsten Punkte und kaum eine Tabla.",
        },
    }
)

# T-S20 points and played values by card index, shared with the engine so rollouts stay cheap.
_TABLIC_POINTS = _tablic_engine._POINTS
_TABLIC_PLAYED = _tablic_engine._PLAYED
_mask_points = _tablic_engine._points_of_mask


_CLEARS: dict[tuple[int, int], bool] = {}


class _Tablic(Strategy):
    """Tablić: most points, then most cards, and do not leave the opponent a tabla."""

    game = "tablic"
    expert_iterations = 600

    # A tabla is worth one point; each captured card a little (3 points for the majority of
    # 52); a point card trailed is likely lost to the opponent.
    CARD = 0.15
    TRAIL_POINT = 0.6
    KEEP = 0.2

    def _features(
        self, state: Any, seat: int, move: Any, view: Mapping[str, Any]
    ) -> dict[str, Any]:
        from cardwidgets.games import tablic

        table = [cards.parse(t) for t in view["table"]]
        taken = move.captured
        after = [c for c in table if c not in taken] if taken else [*table, move.card]
        hand = [cards.parse(t) for t in view["hand"]]
        rest = [c for c in hand if c is not move.card]
        final = not rest and view["stock"] == 0 and view["hand_sizes"][1 - seat] == 0
        tabla = bool(taken) and not after and (not final or state.rules.final_card_tabla)
        points = _mask_points(move.mask | move.card.bit) if taken else 0
        risk = self._risk(tablic, after, hand, table, view, seat)
        keep = bool(after) and any(self._clears(tablic, c, after) for c in rest)
        return {
            "points": points + int(tabla),
            "cards": len(taken) + 1 if taken else 0,
            "tabla": tabla,
            "opponent_tabla_risk": round(risk, 3),
            "keeps_tabla_chance": keep,
        }

    @staticmethod
    def _clears(tablic: Any, card: Any, table: list[Any]) -> bool:
        """Whether playing ``card`` could take every card of ``table`` at once (a tabla)."""
        if card in table:
            return False
        v = _TABLIC_PLAYED[card.index]
        low = aces = 0
        for c in table:
            if c.rank == 14:
                aces += 1
                low += 1
            else:
                value = _TABLIC_PLAYED[c.index]
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

    def _risk(
        self,
        tablic: Any,
        after: list[Any],
        hand: list[Any],
        table: list[Any],
        view: Mapping[str, Any],
        seat: int,
    ) -> float:
        """Chance that the opponent can clear ``after`` on the next turn (from the view only)."""
        if not after:
            return 0.0
        other = 1 - seat
        holds = view["hand_sizes"][other]
        if holds == 0:
            holds = 6 if view["stock"] > 0 else 0
        if holds == 0:
            return 0.0
        for text in view["revealed"][other]:
            if self._clears(tablic, cards.parse(text), after):
                return 1.0
        seen = cards.mask(hand) | cards.mask(table)
        captured = sum(p["cards"] for p in view["piles"])
        unseen_count = 52 - seen.bit_count()
        unknown = unseen_count - captured  # cards that may still be in the opponent's hand
        if unknown <= 0:
            return 0.0
        clearing = 0
        for rank in range(2, 15):
            first = (rank - 2) * 4
            unseen = [cards.DECK[i] for i in range(first, first + 4) if not seen >> i & 1]
            if unseen and self._clears(tablic, unseen[0], after):
                clearing += len(unseen)
        if clearing == 0:
            return 0.0
        share = clearing * unknown / unseen_count  # captured cards are spread evenly
        miss: float = max(0.0, 1.0 - share / unknown) ** int(min(holds, unknown))
        return 1.0 - miss

    def _score(self, f: Mapping[str, Any], move: Any) -> float:
        if move.captured:
            score = f["points"] + self.CARD * f["cards"]
        else:
            score = -self.TRAIL_POINT * _TABLIC_POINTS[move.card.index]
            score -= 0.01 * _TABLIC_PLAYED[move.card.index]
        return float(score - f["opponent_tabla_risk"] + self.KEEP * f["keeps_tabla_chance"])

    def greedy(self, state: Any, seat: int, rng: cards.Rng, options: Mapping[str, Any]) -> Reason:
        view = state.view(seat)
        scored = []
        for i, move in enumerate(self.candidates(state)):
            f = self._features(state, seat, move, view)
            scored.append((self._score(f, move), i, move))
        move = _best(scored, rng)
        return self.explain(state, seat, move)

    def explain(self, state: Any, seat: int, move: Any) -> Reason:
        f = self._features(state, seat, move, state.view(seat))
        params = {"card": move.card, "points": f["points"], "cards": f["cards"]}
        if move.captured:
            params["captured"] = cards.format_cards(cards.from_mask(move.mask))
        one = ".one" if f["points"] == 1 else ""
        if f["tabla"]:
            return Reason(move, "bots.tablic.tabla" + one, params)
        if move.captured:
            key = "bots.tablic.points" + one if f["points"] else "bots.tablic.cards"
            return Reason(move, key, params)
        return Reason(move, "bots.tablic.trail", params)

    def details(self, state: Any, seat: int, move: Any) -> dict[str, Any]:
        return self._features(state, seat, move, state.view(seat))

    def candidates(self, state: Any) -> list[Any]:
        # Per hand card: the trail and its two best captures (points, then cards). Smaller
        # captures of the same card are almost never better and would starve the search.
        moves = state.legal_moves()
        best: dict[Any, list[tuple[int, int, int, Any]]] = {}
        kept = []
        for i, move in enumerate(moves):
            if not move.captured:
                kept.append((i, move))
                continue
            key = (_mask_points(move.mask), move.mask.bit_count(), -i, move)
            best.setdefault(move.card, []).append(key)
        for options in best.values():
            options.sort(reverse=True)
            kept.extend((-k[2], k[3]) for k in options[:2])
        kept.sort(key=lambda item: item[0])
        return [move for _, move in kept]

    def rollout(self, state: Any, rng: cards.Rng) -> Any:
        # The greedy rules with the opponent's real (sampled) hand, so the tabla danger is
        # exact and cheap; one move in ten is random to keep the samples varied.
        moves = state.legal_moves()
        if rng.below(10) == 0:
            return moves[rng.below(len(moves))]
        from cardwidgets.games import tablic

        seat = state.to_move
        table_bits = cards.mask(state.table)
        opponent = state.hands[1 - seat]
        best, best_score = moves[0], -1e9
        for move in moves:
            mask = move.mask
            if mask:
                score = _mask_points(mask | move.card.bit) + self.CARD * (mask.bit_count() + 1)
                after = table_bits & ~mask
                if not after:
                    score += 1.0
            else:
                score = -self.TRAIL_POINT * _TABLIC_POINTS[move.card.index]
                score -= 0.01 * _TABLIC_PLAYED[move.card.index]
                after = table_bits | move.card.bit
            if score > best_score - 1.0 and after and opponent:
                table = cards.from_mask(after)
                if any(self._clears(tablic, c, list(table)) for c in opponent):
                    score -= 1.0 + self.CARD * len(table)
            if score > best_score:
                best, best_score = move, score
        return best

    DEPTH = 8
    """Rollouts stop this many moves after the sampled position (or at the end of the deal)."""

    def horizon(self, root: Any) -> Callable[[Any], bool] | None:
        deal = root.deal_number
        depth = self.DEPTH
        return lambda state: bool(state.deal_number != deal or state.ply >= depth)

    def evaluate(self, state: Any) -> float:
        if state.deal_results:
            # A determinization starts with no finished deals, so the deal just finished:
            # half for winning it, half for the margin.
            result = state.deal_results[-1]
            diff = float(result.scores[0] - result.scores[1])
            win = 1.0 if diff > 0 else 0.0 if diff < 0 else 0.5
            return 0.5 * win + 0.5 * min(1.0, max(0.0, 0.5 + diff / 30))
        # Mid-deal: points and tablas so far, and a little for each captured card.
        piles = [cards.mask(pile) for pile in state.piles]
        diff = float(_mask_points(piles[0]) - _mask_points(piles[1]))
        diff += float(state.tablas[0] - state.tablas[1])
        diff += self.CARD * (piles[0].bit_count() - piles[1].bit_count())
        return float(min(1.0, max(0.0, 0.5 + diff / 30)))


_register(_Tablic())


# -- Panjpar ---------------------------------------------------------------------------------

i18n.register(
    {
        "bots.panjpar.attack_low": {
            "en": "Attack with {cards}: a low card that is not a trump; keep trumps and aces "
            "for the end game.",
            "de": "Greife mit {cards} an: eine niedrige Karte, die kein Trumpf ist; Trümpfe und "
            "Asse hebst du für das Endspiel auf.",
        },
        "bots.panjpar.attack_many": {
            "en": "Attack with {cards}: {count} low cards leave your hand at once; keep trumps "
            "and aces for the end game.",
            "de": "Greife mit {cards} an: {count} niedrige Karten verlassen auf einmal deine "
            "Hand; Trümpfe und Asse hebst du für das Endspiel auf.",
        },
        "bots.panjpar.attack_end": {
            "en": "The stock is empty: attack with {cards} to shed as many cards as you can.",
            "de": "Der Stapel ist leer: greife mit {cards} an, um möglichst viele Karten "
            "loszuwerden.",
        },
        "bots.panjpar.attack_last": {
            "en": "Your opponent holds only {count}: attack with {cards}, the card hardest to "
            "beat.",
            "de": "Dein Gegner hat nur noch {count}: greife mit {cards} an, der am schwersten "
            "zu schlagenden Karte.",
        },
        "bots.panjpar.win": {
            "en": "Kill {kills}: that empties your hand and wins the game.",
            "de": "Schlage {kills}: damit ist deine Hand leer und du gewinnst.",
        },
        "bots.panjpar.kill_all": {
            "en": "Kill {kills}: the cheapest way to beat everything, and then you attack.",
            "de": "Schlage {kills}: so schlägst du alles am billigsten, und dann greifst du an.",
        },
        "bots.panjpar.kill_some": {
            "en": "Kill {kills} cheaply and pick up {pickup}: beating it would cost a trump or "
            "a high card.",
            "de": "Schlage billig {kills} und nimm {pickup} auf: es zu schlagen kostete einen "
            "Trumpf oder eine hohe Karte.",
        },
        "bots.panjpar.pickup": {
            "en": "Pick up {pickup}: beating it would cost a trump or a high card you need later.",
            "de": "Nimm {pickup} auf: es zu schlagen kostete einen Trumpf oder eine hohe Karte, "
            "die du später brauchst.",
        },
        "bots.panjpar.cannot": {
            "en": "Pick up {pickup}: none of your cards can beat it.",
            "de": "Nimm {pickup} auf: keine deiner Karten kann es schlagen.",
        },
        "bots.panjpar.with": {"en": "{card} with {killer}", "de": "{card} mit {killer}"},
        "bots.panjpar.and": {"en": "and", "de": "und"},
        "bots.panjpar.one_card": {"en": "1 card", "de": "1 Karte"},
        "bots.panjpar.cards": {"en": "{count} cards", "de": "{count} Karten"},
    }
)


class _Phrase(TranslatedError):
    """Several catalog phrases joined into one sentence part, rendered in the sentence's
    locale (i18n renders a TranslatedError parameter in the locale of its sentence)."""

    def __init__(self, parts: list[TranslatedError]) -> None:
        super().__init__("bots.panjpar.and")
        self.parts = parts

    def text(self, locale: str | None = None) -> str:
        texts = [part.text(locale) for part in self.parts]
        if len(texts) <= 1:
            return "".join(texts)
        return ", ".join(texts[:-1]) + f" {i18n.text('bots.panjpar.and', locale)} {texts[-1]}"


def _kills_phrase(pairs: list[tuple[Any, Any]]) -> _Phrase:
    return _Phrase([TranslatedError("bots.panjpar.with", card=a, killer=k) for a, k in pairs])


def _count_phrase(count: int) -> TranslatedError:
    if count == 1:
        return TranslatedError("bots.panjpar.one_card")
    return TranslatedError("bots.panjpar.cards", count=count)


class _Panjpar(Strategy):
    """Panjpar: beat with the cheapest cards, attack with low non-trumps and pairs, keep trumps
    and aces for the end game."""

    game = "panjpar"
    expert_iterations = 250

    @staticmethod
    def _strength(card: Any, trump: Any) -> int:
        return int(card.rank) + (13 if card.suit is trump else 0)

    # -- attacks -------------------------------------------------------------------------------
    def _best_attacks(
        self, hand: list[Any], trump: Any, endgame: bool, opponent: int
    ) -> list[tuple[float, tuple[Any, ...]]]:
        """The best attack of each allowed size (1, 3, 5) as (score, cards), built directly.

        The score adds up per card, so the best three-card attack is the best pair plus the
        best other card, and the best five is the best two pairs plus the best other card;
        listing every legal attack of a big hand would be far slower.
        """
        sizes = [n for n in (1, 3, 5) if n <= opponent]
        if endgame and opponent <= 2:
            card = max(hand, key=lambda c: (self._strength(c, trump), c.index))
            return [(float(self._strength(card, trump)), (card,))]
        keep = 15.5 if endgame else 9.5  # cards above this are worth keeping

        def worth(c: Any) -> float:
            return keep - self._strength(c, trump)

        ranked = sorted(hand, key=lambda c: (-worth(c), c.index))
        found = [(worth(ranked[0]), (ranked[0],))]
        if 3 not in sizes:
            return found
        by_rank: dict[int, list[Any]] = {}
        for c in ranked:
            by_rank.setdefault(int(c.rank), []).append(c)
        pairs = [tuple(group[:2]) for group in by_rank.values() if len(group) >= 2]
        pairs += [tuple(g[2:4]) for g in by_rank.values() if len(g) == 4]  # 4 of a kind
        pairs.sort(key=lambda p: (-(worth(p[0]) + worth(p[1])), p[0].index))

        def plus_best(chosen: tuple[Any, ...]) -> tuple[float, tuple[Any, ...]] | None:
            rest = next((c for c in ranked if c not in chosen), None)
            if rest is None:
                return None
            attack = (*chosen, rest)
            return (sum(worth(c) for c in attack), attack)

        for pair in pairs[:1]:
            three = plus_best(pair)
            if three is not None:
                found.append(three)
        if 5 in sizes:
            fives = []
            for i, first in enumerate(pairs[:4]):
                for second in pairs[i + 1 : 5]:
                    if set(first) & set(second):
                        continue
                    five = plus_best((*first, *second))
                    if five is not None:
                        fives.append(five)
            if fives:
                found.append(max(fives, key=lambda f: (f[0], [-c.index for c in f[1]])))
        return found

    def _attack_from(self, hand: list[Any], trump: Any, endgame: bool, opponent: int) -> Any:
        from cardwidgets.games import panjpar

        options = self._best_attacks(hand, trump, endgame, opponent)
        best = max(options, key=lambda o: (o[0], -len(o[1])))
        return panjpar.Attack(best[1])

    # -- defences ------------------------------------------------------------------------------
    def _defence(
        self, attack: list[Any], hand: list[Any], trump: Any, endgame: bool, all_or_none: bool
    ) -> tuple[float, list[tuple[Any, Any]]]:
        """The best kills (value, pairs): each avoided pick-up gains, each killer costs."""

        gain, rate = (10.0, 0.15) if endgame else (8.0, 0.5)
        options = []
        for a in attack:
            # P-S12: a higher card of the suit, or any trump on a non-trump.
            killers = [
                k
                for k in hand
                if (k.suit is a.suit and k.rank > a.rank) or (k.suit is trump is not a.suit)
            ]
            killers.sort(key=lambda k: (self._strength(k, trump), k.index))
            options.append([(k, gain - rate * self._strength(k, trump)) for k in killers[:3]])
        # The most each remaining attack card can still add: prunes the search (at most 4^5
        # leaves without it).
        bound = [0.0] * (len(attack) + 1)
        for i in range(len(attack) - 1, -1, -1):
            top = max((v for _, v in options[i]), default=0.0)
            bound[i] = bound[i + 1] + max(0.0, top)
        bonus = 2.0 + (100.0 if endgame and len(attack) >= len(hand) else 0.0)
        best: tuple[float, list[tuple[Any, Any]]] = (0.0, [])
        pairs: list[tuple[Any, Any]] = []

        def walk(i: int, used: int, value: float) -> None:
            nonlocal best
            if value + bound[i] + bonus <= best[0] + 1e-9:
                return
            if i == len(attack):
                if all_or_none and pairs and len(pairs) < len(attack):
                    return
                total = value
                if len(pairs) == len(attack):
                    total += 2.0  # the defender attacks next
                    if endgame and len(pairs) == len(hand):
                        total += 100.0  # an empty hand with an empty stock wins
                if total > best[0] + 1e-9:
                    best = (total, list(pairs))
                return
            for k, v in options[i]:
                if not used >> k.index & 1:
                    pairs.append((attack[i], k))
                    walk(i + 1, used | 1 << k.index, value + v)
                    pairs.pop()
            walk(i + 1, used, value)

        walk(0, 0, 0.0)
        return best

    def _defend_move(self, state: Any, view: Mapping[str, Any]) -> tuple[Any, list[Any]]:
        from cardwidgets.games import panjpar

        trump = cards.Suit(view["trump"])
        attack = [cards.parse(c) for c in view["attack"]]
        hand = [cards.parse(c) for c in view["hand"]]
        all_or_none = state.rules.pickup == "all"
        _, pairs = self._defence(attack, hand, trump, bool(view["stock_empty"]), all_or_none)
        killed = {a for a, _ in pairs}
        pickup = [a for a in attack if a not in killed]
        return panjpar.Defend(panjpar.Kills(pairs), pickup=tuple(pickup)), pairs

    # -- the greedy player -------------------------------------------------------------------------
    def greedy(self, state: Any, seat: int, rng: cards.Rng, options: Mapping[str, Any]) -> Reason:
        view = state.view(seat)
        if view["attack"]:
            move, _ = self._defend_move(state, view)
        else:
            hand = [cards.parse(c) for c in view["hand"]]
            trump = cards.Suit(view["trump"])
            opponent = view["hand_sizes"][1 - seat]
            move = self._attack_from(hand, trump, bool(view["stock_empty"]), opponent)
        return self.explain(state, seat, move)

    def explain(self, state: Any, seat: int, move: Any) -> Reason:
        from cardwidgets.games import panjpar

        view = state.view(seat)
        if isinstance(move, panjpar.Attack):
            shown = cards.format_cards(move.cards)
            opponent = view["hand_sizes"][1 - seat]
            if view["stock_empty"] and opponent <= 2:
                count = _count_phrase(opponent)
                return Reason(move, "bots.panjpar.attack_last", {"cards": shown, "count": count})
            if view["stock_empty"]:
                return Reason(move, "bots.panjpar.attack_end", {"cards": shown})
            if len(move.cards) == 1:
                return Reason(move, "bots.panjpar.attack_low", {"cards": shown})
            params = {"cards": shown, "count": len(move.cards)}
            return Reason(move, "bots.panjpar.attack_many", params)
        pairs = list(move.kills.pairs)
        attack = [cards.parse(c) for c in view["attack"]]
        killed = {a for a, _ in pairs}
        pickup = cards.format_cards(a for a in attack if a not in killed)
        params2: dict[str, Any] = {"kills": _kills_phrase(pairs), "pickup": pickup}
        if len(pairs) == len(attack):
            hand_left = len(view["hand"]) - len(pairs)
            wins = view["stock_empty"] and not hand_left
            return Reason(move, "bots.panjpar.win" if wins else "bots.panjpar.kill_all", params2)
        if pairs:
            return Reason(move, "bots.panjpar.kill_some", params2)
        trump = cards.Suit(view["trump"])
        hand = [cards.parse(c) for c in view["hand"]]
        can = any(panjpar.beats(k, a, trump) for a in attack for k in hand)
        return Reason(move, "bots.panjpar.pickup" if can else "bots.panjpar.cannot", params2)

    def details(self, state: Any, seat: int, move: Any) -> dict[str, Any]:
        from cardwidgets.games import panjpar

        view = state.view(seat)
        details: dict[str, Any] = {
            "stock_empty": view["stock_empty"],
            "hand_sizes": list(view["hand_sizes"]),
        }
        if isinstance(move, panjpar.Attack):
            details["attack_size"] = len(move.cards)
        else:
            details["kills"] = len(move.kills)
            details["pickup"] = len(view["attack"]) - len(move.kills)
        return details

    # -- the expert ----------------------------------------------------------------------------
    def candidates(self, state: Any) -> list[Any]:
        # A defender with many cards has thousands of legal defences; the tree looks at a few
        # sensible ones: the greedy defences for both phases, kill as much as possible, and
        # pick everything up. Attacks: the best few by both phases' scores.
        from cardwidgets.games import panjpar

        trump = state.trump
        attack = list(state.attack)
        if attack:
            hand = list(state.hands[state.to_move])
            all_or_none = state.rules.pickup == "all"
            found: list[Any] = [panjpar.Defend(panjpar.Kills(), pickup=tuple(attack))]
            for endgame in (False, True):
                _, pairs = self._defence(attack, hand, trump, endgame, all_or_none)
                found.append(panjpar.Defend(panjpar.Kills(pairs)))
            unique: list[Any] = []
            for move in found:
                if move not in unique:
                    unique.append(move)
            return unique
        hand = list(state.hands[state.to_move])
        opponent = len(state.hands[1 - state.attacker])
        chosen: list[Any] = []
        for endgame in (False, True):
            for limit in (1, 3, opponent):
                for _, shape in self._best_attacks(hand, trump, endgame, min(limit, opponent)):
                    move = panjpar.Attack(shape)
                    if move not in chosen:
                        chosen.append(move)
        return chosen

    def rollout(self, state: Any, rng: cards.Rng) -> Any:
        if rng.below(10) == 0:
            return state.random_move(rng)
        trump = state.trump
        endgame = state.stock_empty
        attack = list(state.attack)
        if attack:
            hand = list(state.hands[state.to_move])
            from cardwidgets.games import panjpar

            _, pairs = self._defence(attack, hand, trump, endgame, state.rules.pickup == "all")
            return panjpar.Defend(panjpar.Kills(pairs))
        opponent = len(state.hands[1 - state.attacker])
        return self._attack_from(list(state.hands[state.to_move]), trump, endgame, opponent)

    @staticmethod
    def observe(state: Any, seat: int) -> Any:
        return state.hands[seat]


_register(_Panjpar())


# -- Pazaak ----------------------------------------------------------------------------------

i18n.register(
    {
        "bots.pazaak.recover": {
            "en": "You are over 20: {card} brings you back to {total}.",
            "de": "Du bist über 20: {card} bringt dich zurück auf {total}.",
        },
        "bots.pazaak.bust": {
            "en": "You are over 20 and no hand card brings you back: this set is lost.",
            "de": "Du bist über 20 und keine Handkarte rettet dich: dieser Satz ist verloren.",
        },
        "bots.pazaak.make20": {
            "en": "{card} makes exactly 20, the best total there is.",
            "de": "{card} ergibt genau 20, die beste Summe überhaupt.",
        },
        "bots.pazaak.make19": {
            "en": "{card} takes you to {total}: hard to beat, and no risk of a bust.",
            "de": "{card} bringt dich auf {total}: schwer zu schlagen und ohne Risiko.",
        },
        "bots.pazaak.beat": {
            "en": "{card} takes you to {total}, above the {opponent} your opponent stands on.",
            "de": "{card} bringt dich auf {total}, über die {opponent} deines Gegners, der hält.",
        },
        "bots.pazaak.stand_win": {
            "en": "Stand: your {total} already beats the {opponent} your opponent stands on.",
            "de": "Halte: deine {total} schlagen schon die {opponent} deines Gegners, der hält.",
        },
        "bots.pazaak.stand_tie": {
            "en": "Stand on {total} for a tie: another card busts you with a chance of {bust}.",
            "de": "Halte bei {total} für ein Unentschieden: eine weitere Karte überzieht mit "
            "einer Chance von {bust}.",
        },
        "bots.pazaak.must_draw": {
            "en": "Your opponent stands on {opponent}: with {total} you have to draw again.",
            "de": "Dein Gegner hält bei {opponent}: mit {total} musst du weiterziehen.",
        },
        "bots.pazaak.stand_at": {
            "en": "Stand on {total}: another card busts you with a chance of {bust}.",
            "de": "Halte bei {total}: eine weitere Karte überzieht mit einer Chance von {bust}.",
        },
        "bots.pazaak.play": {
            "en": "{card} takes you to {total}.",
            "de": "{card} bringt dich auf {total}.",
        },
        "bots.pazaak.draw_safe": {
            "en": "End the turn and draw again: from {total} no card can bust you.",
            "de": "Beende den Zug und ziehe weiter: von {total} aus kann dich keine Karte "
            "überziehen.",
        },
        "bots.pazaak.draw": {
            "en": "End the turn and draw again: from {total} the next card busts you only "
            "with a chance of {bust}.",
            "de": "Beende den Zug und ziehe weiter: von {total} aus überzieht die nächste "
            "Karte nur mit einer Chance von {bust}.",
        },
    }
)

# How much a player wants to keep each kind of hand card: plain cards go first, the flexible
# ± cards later, the tiebreaker last (it also wins tied sets).
_PAZAAK_COST = {"+": 1.0, "-": 1.0, "±": 1.5, "±1/2": 2.0, "D": 2.0, "2&4": 2.0, "3&6": 2.0,
                "±1T": 3.0}  # fmt: skip


def _pazaak_plays(state: Any, seat: int) -> list[tuple[Any, int, float]]:
    """Each legal hand-card move of ``seat`` with the change to its total and its cost.

    Reads only the seat's own hand (its legal moves) and its own public table.
    """
    from cardwidgets.games import pazaak

    plays = []
    mine = state.placed[seat]
    for move in state.legal_moves():
        if move.__class__ is not pazaak.PlayCard:
            continue
        card = move.card
        if card is pazaak.DOUBLE:
            delta = mine[-1][1] if mine else 0
        elif card is pazaak.FLIP_2_4 or card is pazaak.FLIP_3_6:
            low, high = (2, 4) if card is pazaak.FLIP_2_4 else (3, 6)
            delta = -2 * sum(v for _, v in mine if abs(v) in (low, high))
        else:
            delta = move.value
        plays.append((move, delta, _PAZAAK_COST.get(card.kind, 2.0)))
    return plays


def _pazaak_plan(state: Any, seat: int, stand_at: int) -> tuple[Any, str, dict[str, Any]]:
    """The greedy Pazaak decision: (move, reason key, parameters)."""
    from cardwidgets.games import pazaak

    t = state.totals[seat]
    o = state.totals[1 - seat]
    opponent_stands = state.standing[1 - seat]
    plays = _pazaak_plays(state, seat)
    params: dict[str, Any] = {"total": t, "opponent": o, "stand_at": stand_at}

    def cheapest(ok: Callable[[int], bool]) -> tuple[Any, int] | None:
        found = [(cost, -(t + d), i, m, t + d) for i, (m, d, cost) in enumerate(plays)
                 if ok(t + d)]  # fmt: skip
        if not found:
            return None
        _, _, _, move, total = min(found)
        return move, total

    def play(found: tuple[Any, int], key: str) -> tuple[Any, str, dict[str, Any]]:
        move, total = found
        card = str(move.card) if move.sign is None else f"{move.card} ({move.value:+d})"
        return move, key, {**params, "card": card, "total": total}

    if t > 20:  # recover with the card that brings the total highest (Z-D4)
        best = max((t + d for _, d, _ in plays if t + d <= 20), default=None)
        if best is None:
            return pazaak.STAND, "bots.pazaak.bust", params
        found = cheapest(lambda total: total == best)
        assert found is not None
        return play(found, "bots.pazaak.recover")
    if opponent_stands:
        if t > o:
            return pazaak.STAND, "bots.pazaak.stand_win", params
        found = cheapest(lambda total: o < total <= 20)
        if found is not None:
            return play(found, "bots.pazaak.beat")
        if t == o and t >= stand_at:
            return pazaak.STAND, "bots.pazaak.stand_tie", params
        return pazaak.END_TURN, "bots.pazaak.must_draw", params
    found = cheapest(lambda total: total == 20)
    if found is not None:
        return play(found, "bots.pazaak.make20")
    if t >= stand_at:
        return pazaak.STAND, "bots.pazaak.stand_at", params
    found = cheapest(lambda total: total == 19 and total >= stand_at)
    if found is not None:
        return play(found, "bots.pazaak.make19")
    return pazaak.END_TURN, "bots.pazaak.draw", params


_BUST_KEYS = frozenset({"bots.pazaak.stand_tie", "bots.pazaak.stand_at", "bots.pazaak.draw"})


def _percent(chance: Any) -> str:
    return f"{float(chance) * 100:.0f}%"


@functools.lru_cache(maxsize=4096)
def _match_chance(need0: int, need1: int, p: float) -> float:
    """Chance that seat 0 wins a race to ``need0`` against ``need1`` sets, each won with p."""
    if need0 <= 0:
        return 1.0
    if need1 <= 0:
        return 0.0
    return p * _match_chance(need0 - 1, need1, p) + (1 - p) * _match_chance(need0, need1 - 1, p)


class _Pazaak(Strategy):
    """Pazaak: stand at a threshold, recover with minus cards, save the tiebreaker."""

    game = "pazaak"
    options: ClassVar[Mapping[str, object]] = {"stand_at": 17}
    expert_iterations = 3000
    HAND_CARD = 0.04
    """How much one more hand card than the opponent raises the chance of winning a set."""
    SAMPLES = 300
    """Sampled play-outs per option for the stand-or-draw comparison of a hint."""

    def greedy(self, state: Any, seat: int, rng: cards.Rng, options: Mapping[str, Any]) -> Reason:
        move, key, params = _pazaak_plan(state, seat, int(options["stand_at"]))
        if key in _BUST_KEYS:
            bust = self._bust(state, seat)
            params["bust"] = _percent(bust)
            if key == "bots.pazaak.draw" and bust == 0:
                key = "bots.pazaak.draw_safe"
        return Reason(move, key, params)

    @staticmethod
    def _bust(state: Any, seat: int) -> Any:
        from cardwidgets.games import pazaak

        return pazaak.bust_probability(state, seat)

    def explain(self, state: Any, seat: int, move: Any) -> Reason:
        from cardwidgets.games import pazaak

        plan = self.greedy(state, seat, cards.Rng(0), self.options)
        if plan.move == move:
            return plan
        # Another player chose differently: describe its move in the same words.
        t = state.totals[seat]
        o = state.totals[1 - seat]
        params: dict[str, Any] = {
            "total": t,
            "opponent": o,
            "bust": _percent(self._bust(state, seat)),
        }
        if move.__class__ is pazaak.PlayCard:
            delta = next(d for m, d, _ in _pazaak_plays(state, seat) if m == move)
            total = t + delta
            card = str(move.card) if move.sign is None else f"{move.card} ({move.value:+d})"
            params.update(card=card, total=total)
            if t > 20 and total <= 20:
                return Reason(move, "bots.pazaak.recover", params)
            if total == 20:
                return Reason(move, "bots.pazaak.make20", params)
            if state.standing[1 - seat] and o < total <= 20:
                return Reason(move, "bots.pazaak.beat", params)
            if total == 19:
                return Reason(move, "bots.pazaak.make19", params)
            return Reason(move, "bots.pazaak.play", params)
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
        safe = self._bust(state, seat) == 0
        return Reason(move, "bots.pazaak.draw_safe" if safe else "bots.pazaak.draw", params)

    def details(self, state: Any, seat: int, move: Any) -> dict[str, Any]:
        """Exact bust chance of the next draw; set-win chances of standing and of drawing."""
        from cardwidgets.games import pazaak

        bust = self._bust(state, seat)
        details: dict[str, Any] = {
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

    def _set_chance(self, state: Any, seat: int, first: Any, rng: cards.Rng) -> float:
        """Estimated chance that ``seat`` wins this set after ``first``, both sides then
        playing the greedy rules, over determinizations (ties count half)."""
        score = 0.0
        number = state.set_number
        for _ in range(self.SAMPLES):
            sample = state.determinize(seat, rng).play(first)
            while not sample.is_over and sample.set_number == number:
                sample = sample.play(_pazaak_plan(sample, sample.to_move, 17)[0])
            winner = sample.last_set[0]
            score += 0.5 if winner is None else float(winner == seat)
        return score / self.SAMPLES

    @staticmethod
    def observe(state: Any, seat: int) -> Any:
        # The draws show up in the totals (both tables are public).
        return state.totals

    def rollout(self, state: Any, rng: cards.Rng) -> Any:
        if rng.below(20) == 0:
            moves = state.legal_moves()
            return moves[rng.below(len(moves))]
        return _pazaak_plan(state, state.to_move, 16 + rng.below(3))[0]

    def horizon(self, root: Any) -> Callable[[Any], bool] | None:
        number = root.set_number
        return lambda state: bool(state.set_number != number)

    def evaluate(self, state: Any) -> float:
        if state.is_over:
            return ismcts.outcome_value(state)
        # The set is over: the chance to win the match from the new set score, where each
        # hand card more than the opponent helps a little in the sets to come.
        hands = state.hands
        p = 0.5 + self.HAND_CARD * (len(hands[0]) - len(hands[1]))
        p = min(0.9, max(0.1, p))
        need = state.rules.sets_to_win
        sets = state.sets_won
        return _match_chance(need - sets[0], need - sets[1], round(p, 4))


_register(_Pazaak())


# -- players ---------------------------------------------------------------------------------


class _BasePlayer:
    """Seed handling shared by the players: the seed and the position fix the random numbers."""

    name: ClassVar[str] = ""

    def __init__(self, seed: Seed | None = None) -> None:
        self.seed: Seed = cards.fresh_seed() if seed is None else cards.check_seed(seed)

    def reseeded(self, seed: Seed) -> Any:
        """A fresh copy of this player with another seed.

        >>> RandomPlayer(1).reseeded(2).seed
        2
        """
        twin = copy.copy(self)
        twin.__dict__ = dict(self.__dict__)
        twin.seed = seed
        twin._reset()
        return twin

    def _reset(self) -> None:
        """Forget per-game scratch data (nothing here)."""

    def _rng(self, state: Any, seat: int) -> cards.Rng:
        # The position, not a running stream, fixes the numbers: a choice never depends on what
        # the player was asked before, only on its seed and what the seat sees now.
        return cards.Rng(f"{self.seed}:{self.name}:{seat}:{state.ply}")

    def _seat(self, state: Any) -> int:
        seat = state.to_move
        if seat is None:
            raise IllegalMove("move.game_over")
        return int(seat)

    def _extra(self) -> str:
        return ""

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed!r}{self._extra()})"

    def __eq__(self, other: object) -> bool:
        return type(self) is type(other) and repr(self) == repr(other)

    def __hash__(self) -> int:
        return hash(repr(self))


class RandomPlayer(_BasePlayer):
    """A uniformly random legal move: the baseline every other player must beat.

    >>> from cardwidgets import cards
    >>> RandomPlayer(seed=3) == RandomPlayer(seed=3) != RandomPlayer(seed=4)
    True
    """

    name = "random"

    def choose(self, state: Any) -> Any:
        """A uniformly random legal move for the seat to move."""
        seat = self._seat(state)
        moves = state.legal_moves()
        return moves[self._rng(state, seat).below(len(moves))]


class GreedyPlayer(_BasePlayer):
    """One-move-deep rules of thumb for each game, with per-game ``options``.

    Options (each game ignores the others'): Pazaak ``stand_at`` (stand on this total or more,
    default 17). Ties between equally good moves are broken at random with the seed.
    """

    name = "greedy"

    def __init__(self, seed: Seed | None = None, **options: Any) -> None:
        super().__init__(seed)
        known = _greedy_options()
        for option, value in options.items():
            if option not in known:
                raise PlayerError(
                    "bots.unknown_option",
                    player=type(self).__name__,
                    option=option,
                    options=", ".join(sorted(known)) or "-",
                )
            default = known[option]
            if type(value) is not type(default):
                raise PlayerError(
                    "bots.bad_option",
                    option=option,
                    expected=type(default).__name__,
                    value=i18n.shown(value),
                )
        self.options: dict[str, Any] = dict(options)

    def _extra(self) -> str:
        return "".join(f", {k}={v!r}" for k, v in sorted(self.options.items()))

    def decide(self, state: Any) -> Reason:
        """The greedy move for the seat to move, with its reason."""
        seat = self._seat(state)
        strategy = _strategy(state)
        if strategy is None:
            raise PlayerError("bots.no_strategy", game=getattr(state, "game", "?"))
        options = {**strategy.options, **self.options}
        options = {k: v for k, v in options.items() if k in strategy.options}
        return strategy.greedy(state, seat, self._rng(state, seat), options)

    def choose(self, state: Any) -> Any:
        """The greedy move for the seat to move."""
        return self.decide(state).move


class ExpertPlayer(_BasePlayer):
    """Information-set Monte Carlo tree search with a budget of iterations and/or seconds.

    With neither given, each game's default iteration budget applies, capped at 0.9 s of wall
    time so that a widget stays responsive. ``exploration`` is the UCB1 constant. The greedy
    move is played unless the search finds a move whose mean value is higher by more than
    ``confidence`` standard errors (0 turns this off).
    ``last_search`` keeps the statistics of the latest decision (visits and mean value per move).
    """

    name = "expert"

    def __init__(
        self,
        seed: Seed | None = None,
        iterations: int | None = None,
        time_limit: float | None = None,
        exploration: float = 0.7,
        confidence: float = 1.0,
    ) -> None:
        super().__init__(seed)
        for value in (iterations, time_limit):
            if value is not None and not (_is_number(value) and value > 0):
                raise PlayerError("bots.bad_budget", value=i18n.shown(value))
        for option, number in (("exploration", exploration), ("confidence", confidence)):
            if not (_is_number(number) and number >= 0):
                raise PlayerError(
                    "bots.bad_option", option=option, expected="float", value=i18n.shown(number)
                )
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.confidence = confidence
        self.last_search: ismcts.SearchResult | None = None

    def _reset(self) -> None:
        self.last_search = None

    def _extra(self) -> str:
        parts = ""
        if self.iterations is not None:
            parts += f", iterations={self.iterations}"
        if self.time_limit is not None:
            parts += f", time_limit={self.time_limit}"
        if self.exploration != 0.7:
            parts += f", exploration={self.exploration}"
        if self.confidence != 1.0:
            parts += f", confidence={self.confidence}"
        return parts

    def budget(self, state: Any) -> tuple[int | None, float | None]:
        """The (iterations, seconds) this player spends on a move in ``state``'s game."""
        if self.iterations is None and self.time_limit is None:
            strategy = _strategy(state) or Strategy()
            return strategy.expert_iterations, 0.9
        return self.iterations, self.time_limit

    def choose(self, state: Any) -> Any:
        """The move the search visited most, for the seat to move."""
        seat = self._seat(state)
        strategy = _strategy(state) or Strategy()
        iterations, time_limit = self.budget(state)
        default = None
        if self.confidence > 0 and state.game in _STRATEGIES:
            # The greedy move stands unless the search shows something clearly better.
            default = strategy.greedy(state, seat, self._rng(state, seat), strategy.options).move
        result = ismcts.search(
            state,
            seat,
            self._rng(state, seat),
            iterations=iterations,
            time_limit=time_limit,
            policy=strategy.rollout,
            evaluate=strategy.evaluate,
            horizon=strategy.horizon,
            candidates=strategy.candidates,
            observe=strategy.observe,
            default=default,
            confidence=self.confidence,
            exploration=self.exploration,
        )
        self.last_search = result
        return result.move


PLAYERS: dict[str, type[_BasePlayer]] = {
    "random": RandomPlayer,
    "greedy": GreedyPlayer,
    "expert": ExpertPlayer,
}
"""The players by name, weakest first."""


def make(name_or_player: str | Player, seed: Seed | None = None, **options: Any) -> Any:
    """A player from its name (``"random"``, ``"greedy"``, ``"expert"``) or a player.

    A player given with a ``seed`` is reseeded; options go to the player's constructor.

    >>> make("greedy", seed=1, stand_at=15)
    GreedyPlayer(seed=1, stand_at=15)
    >>> make(RandomPlayer(1), seed=2)
    RandomPlayer(seed=2)
    """
    if isinstance(name_or_player, str):
        cls = PLAYERS.get(name_or_player)
        if cls is None:
            raise PlayerError("bots.unknown_player", name=name_or_player, names=", ".join(PLAYERS))
        _check_options(cls, options)
        return cls(seed, **options)
    if options:
        raise PlayerError(
            "bots.unknown_option",
            player=type(name_or_player).__name__,
            option=next(iter(options)),
            options="-",
        )
    return name_or_player if seed is None else name_or_player.reseeded(seed)


def _is_number(value: object) -> bool:
    """A finite int or float (not a bool): what a numeric option may be."""
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _check_options(cls: type, options: Mapping[str, Any]) -> None:
    """Refuse an option the player's constructor does not take, naming the ones it does
    (a constructor with ``**options`` checks its own)."""
    parameters = inspect.signature(cls).parameters
    if any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values()):
        return
    known = [name for name in parameters if name != "seed"]
    for option in options:
        if option not in known:
            raise PlayerError(
                "bots.unknown_option",
                player=cls.__name__,
                option=option,
                options=", ".join(known) or "-",
            )


# -- hints ------------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Hint:
    """A suggested move with a one-sentence reason and game-specific figures in ``details``."""

    move: Any
    reason: str
    details: dict[str, Any]
    seat: int
    locale: str
    key: str = ""
    params: Mapping[str, Any] = dataclasses.field(default_factory=dict)

    def text(self, locale: str | None = None) -> str:
        """The reason in another locale."""
        return i18n.text(self.key, locale, **self.params) if self.key else self.reason

    def __str__(self) -> str:
        return f"{self.move}: {self.reason}"


def hint(
    state: Any, seat: int | None = None, locale: str | None = None, *, player: Any = None
) -> Hint:
    """A suggested move for ``seat`` (default: the seat to move) with its reason in ``locale``.

    The move comes from ``player`` (default: a greedy player with seed 0, instant and
    explainable); the reason says why in one sentence; ``details`` holds figures such as
    Pazaak's exact bust chance.
    """
    to_move = state.to_move
    if to_move is None:
        raise IllegalMove("move.game_over")
    if seat is None:
        seat = int(to_move)
    if seat != to_move:
        raise PlayerError("bots.not_your_turn", seat=seat, to_move=to_move)
    locale = i18n.check_locale(locale or i18n.get_locale())
    strategy = _strategy(state)
    if strategy is None:
        raise PlayerError("bots.no_strategy", game=getattr(state, "game", "?"))
    if player is None:
        chooser: Any = GreedyPlayer(seed=0)
    else:  # a name gets seed 0 too, so the same position always gets the same hint
        chooser = make(player, seed=0) if isinstance(player, str) else player
    if isinstance(chooser, GreedyPlayer):
        reason = chooser.decide(state)
    else:
        reason = strategy.explain(state, seat, chooser.choose(state))
    details = strategy.details(state, seat, reason.move)
    details["player"] = getattr(chooser, "name", type(chooser).__name__)
    search = getattr(chooser, "last_search", None)
    if search is not None and str(reason.move) in search.stats:
        visits, mean = search.stats[str(reason.move)]
        details["search"] = {
            "iterations": search.iterations,
            "visits": visits,
            "mean_value": round(mean, 3),
        }
    return Hint(
        move=reason.move,
        reason=reason.text(locale),
        details=details,
        seat=seat,
        locale=locale,
        key=reason.key,
        params=dict(reason.params),
    )
