"""Panjpar's rules of thumb: beat with the cheapest cards, attack with low non-trumps and
pairs, keep trumps and aces for the end game.

A card's *strength* is its rank, plus 13 for a trump. While the stock lasts, the greedy
attacker sheds its weakest cards (one, or a pair and one more, or two pairs and one more) and
the defender kills only where a cheap card does it; once the stock is empty both play to empty
their hands, and against an opponent with one or two cards the attack is the strongest card.

>>> from cardwidgets import cards
>>> hand = [cards.parse(t) for t in ("7♥", "7♣", "9♦", "A♠", "10♥")]
>>> best_attacks(hand, cards.Suit("♠"), endgame=False, opponent=6)
[(2.5, (Card('7♥'),)), (5.5, (Card('7♥'), Card('7♣'), Card('9♦')))]
>>> attack = [cards.parse("8♥")]
>>> best_defence(attack, hand, cards.Suit("♠"), endgame=False, all_or_none=False)
(5.0, [(Card('8♥'), Card('10♥'))])
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping

from cardwidgets import cards, i18n
from cardwidgets.bots.strategy import Reason, Strategy, register
from cardwidgets.cards import Card, Suit
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar.deck import cards_of
from cardwidgets.i18n import TranslatedError

__all__ = ["PanjparStrategy", "attack_from", "best_attacks", "best_defence", "strength"]

Kill = tuple[Card, Card]
"""An attack card and the hand card that beats it."""
Scored = tuple[float, tuple[Card, ...]]
"""An attack's cards with its score (higher: better to play now)."""


def strength(card: Card, trump: Suit) -> int:
    """How much a card is worth keeping: its rank, plus 13 for a trump."""
    return int(card.rank) + (13 if card.suit is trump else 0)


# -- attacks ---------------------------------------------------------------------------------
def best_attacks(hand: list[Card], trump: Suit, endgame: bool, opponent: int) -> list[Scored]:
    """The best attack of each allowed size (1, 3, 5) as (score, cards), built directly.

    The score adds up per card, so the best three-card attack is the best pair plus the
    best other card, and the best five is the best two pairs plus the best other card;
    listing every legal attack of a big hand would be far slower.
    """
    sizes = [n for n in (1, 3, 5) if n <= opponent]
    if endgame and opponent <= 2:
        card = max(hand, key=lambda c: (strength(c, trump), c.index))
        return [(float(strength(card, trump)), (card,))]
    keep = 15.5 if endgame else 9.5  # cards above this are worth keeping

    def worth(c: Card) -> float:
        return keep - strength(c, trump)

    ranked = sorted(hand, key=lambda c: (-worth(c), c.index))
    found: list[Scored] = [(worth(ranked[0]), (ranked[0],))]
    if 3 not in sizes:
        return found
    by_rank: dict[int, list[Card]] = {}
    for c in ranked:
        by_rank.setdefault(int(c.rank), []).append(c)
    pairs = [tuple(group[:2]) for group in by_rank.values() if len(group) >= 2]
    pairs += [tuple(g[2:4]) for g in by_rank.values() if len(g) == 4]  # 4 of a kind
    pairs.sort(key=lambda p: (-(worth(p[0]) + worth(p[1])), p[0].index))

    def plus_best(chosen: tuple[Card, ...]) -> Scored | None:
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


def attack_from(hand: list[Card], trump: Suit, endgame: bool, opponent: int) -> panjpar.Attack:
    """The greedy attack: the best-scored of :func:`best_attacks`, the smaller on a tie."""
    options = best_attacks(hand, trump, endgame, opponent)
    chosen = max(options, key=lambda o: (o[0], -len(o[1])))
    return panjpar.Attack(chosen[1])


# -- defences --------------------------------------------------------------------------------
def best_defence(
    attack: list[Card], hand: list[Card], trump: Suit, endgame: bool, all_or_none: bool
) -> tuple[float, list[Kill]]:
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
        killers.sort(key=lambda k: (strength(k, trump), k.index))
        options.append([(k, gain - rate * strength(k, trump)) for k in killers[:3]])
    # The most each remaining attack card can still add: prunes the search (at most 4^5
    # leaves without it).
    bound = [0.0] * (len(attack) + 1)
    for i in range(len(attack) - 1, -1, -1):
        top = max((v for _, v in options[i]), default=0.0)
        bound[i] = bound[i + 1] + max(0.0, top)
    bonus = 2.0 + (100.0 if endgame and len(attack) >= len(hand) else 0.0)
    best: tuple[float, list[Kill]] = (0.0, [])
    pairs: list[Kill] = []

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


def _defend_move(state: panjpar.State, view: panjpar.PanjparView) -> panjpar.Defend:
    all_or_none = state.rules.pickup == "all"
    return _defence(list(view.attack), list(_hand(view)), view.trump, view.stock_empty, all_or_none)


def _defence(
    attack: list[Card], hand: list[Card], trump: Suit, endgame: bool, all_or_none: bool
) -> panjpar.Defend:
    """The greedy defence: :func:`best_defence`'s kills, the rest picked up."""
    _, pairs = best_defence(attack, hand, trump, endgame, all_or_none)
    killed = {a for a, _ in pairs}
    pickup = [a for a in attack if a not in killed]
    return panjpar.Defend(panjpar.Kills(pairs), pickup=tuple(pickup))


def _hand(view: panjpar.PanjparView) -> tuple[Card, ...]:
    """The seat's own hand in its view."""
    assert view.hand is not None  # a seat's own view holds its hand
    return view.hand


# -- reasons ---------------------------------------------------------------------------------
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


def _kills_phrase(pairs: list[Kill]) -> _Phrase:
    return _Phrase([TranslatedError("bots.panjpar.with", card=a, killer=k) for a, k in pairs])


def _count_phrase(count: int) -> TranslatedError:
    return TranslatedError("bots.panjpar.cards", count=count)


def _explain_attack(
    move: panjpar.Attack, seat: int, view: panjpar.PanjparView
) -> Reason[panjpar.Move]:
    shown = cards.format_cards(move.cards)
    opponent = view.hand_sizes[1 - seat]
    if view.stock_empty and opponent <= 2:
        count = _count_phrase(opponent)
        return Reason(move, "bots.panjpar.attack_last", {"cards": shown, "count": count})
    if view.stock_empty:
        return Reason(move, "bots.panjpar.attack_end", {"cards": shown})
    if len(move.cards) == 1:
        return Reason(move, "bots.panjpar.attack_low", {"cards": shown})
    params = {"cards": shown, "count": len(move.cards)}
    return Reason(move, "bots.panjpar.attack_many", params)


def _explain_defence(move: panjpar.Defend, view: panjpar.PanjparView) -> Reason[panjpar.Move]:
    pairs = list(move.kills.pairs)
    attack = view.attack
    killed = {a for a, _ in pairs}
    pickup = cards.format_cards(a for a in attack if a not in killed)
    params: dict[str, object] = {"kills": _kills_phrase(pairs), "pickup": pickup}
    if len(pairs) == len(attack):
        hand_left = len(_hand(view)) - len(pairs)
        wins = view.stock_empty and not hand_left
        return Reason(move, "bots.panjpar.win" if wins else "bots.panjpar.kill_all", params)
    if pairs:
        return Reason(move, "bots.panjpar.kill_some", params)
    trump, hand = view.trump, _hand(view)
    can = any(panjpar.beats(k, a, trump) for a in attack for k in hand)
    return Reason(move, "bots.panjpar.pickup" if can else "bots.panjpar.cannot", params)


def _explain(move: panjpar.Move, seat: int, view: panjpar.PanjparView) -> Reason[panjpar.Move]:
    """Why ``move`` is good, as ``seat`` sees it."""
    if isinstance(move, panjpar.Attack):
        return _explain_attack(move, seat, view)
    assert isinstance(move, panjpar.Defend)  # the only other kind of move
    return _explain_defence(move, view)


def _greedy(state: panjpar.State, seat: int, view: panjpar.PanjparView) -> panjpar.Move:
    """The greedy move of ``seat`` (to move), from its view: a defence, or an attack."""
    if view.attack:
        return _defend_move(state, view)
    opponent = view.hand_sizes[1 - seat]
    return attack_from(list(_hand(view)), view.trump, view.stock_empty, opponent)


# -- the strategy ----------------------------------------------------------------------------
class PanjparStrategy(Strategy[panjpar.State, panjpar.Move]):
    """Panjpar: beat with the cheapest cards, attack with low non-trumps and pairs, keep trumps
    and aces for the end game."""

    game = "panjpar"
    expert_iterations = 90
    """60 while the rollouts stepped states; the playouts on masks (:meth:`playout`) run about
    1.6 times as many in the same time (benchmarks/results/players.json)."""

    def greedy(
        self, state: panjpar.State, seat: int, rng: cards.Rng, options: Mapping[str, object]
    ) -> Reason[panjpar.Move]:
        view = state.view(seat)
        return _explain(_greedy(state, seat, view), seat, view)  # the same view: no second look

    def greedy_move(
        self,
        state: panjpar.State,
        seat: int,
        stream: Callable[[], cards.Rng],
        options: Mapping[str, object],
    ) -> panjpar.Move:
        # The move without its phrases, from the seat's own hand and the public table (what
        # its view holds), read from the state without making the whole view.
        hand = list(state.hand(seat))
        trump, endgame = state.trump, state.stock_empty
        attack = state.attack
        if attack:
            return _defence(list(attack), hand, trump, endgame, state.rules.pickup == "all")
        return attack_from(hand, trump, endgame, state.hand_sizes[1 - seat])

    def explain(self, state: panjpar.State, seat: int, move: panjpar.Move) -> Reason[panjpar.Move]:
        return _explain(move, seat, state.view(seat))

    def details(self, state: panjpar.State, seat: int, move: panjpar.Move) -> dict[str, object]:
        view = state.view(seat)
        details: dict[str, object] = {
            "stock_empty": view.stock_empty,
            "hand_sizes": list(view.hand_sizes),
        }
        if isinstance(move, panjpar.Attack):
            details["attack_size"] = len(move.cards)
        else:
            assert isinstance(move, panjpar.Defend)
            details["kills"] = len(move.kills)
            details["pickup"] = len(view.attack) - len(move.kills)
        return details

    def candidates(self, state: panjpar.State) -> list[panjpar.Move]:
        # A defender with many cards has thousands of legal defences; the tree looks at a few
        # sensible ones: the greedy defences for both phases, kill as much as possible, and
        # pick everything up. Attacks: the best few by both phases' scores.
        seat = state.to_move
        assert seat is not None  # the search never asks in a finished game
        trump = state.trump
        attack = list(state.attack)
        hand = list(state.hands[seat])
        chosen: list[panjpar.Move] = []
        if attack:
            all_or_none = state.rules.pickup == "all"
            found: list[panjpar.Move] = [panjpar.Defend(panjpar.Kills(), pickup=tuple(attack))]
            for endgame in (False, True):
                _, pairs = best_defence(attack, hand, trump, endgame, all_or_none)
                found.append(panjpar.Defend(panjpar.Kills(pairs)))
            for move in found:
                if move not in chosen:
                    chosen.append(move)
            return chosen
        opponent = len(state.hands[1 - state.attacker])
        for endgame in (False, True):
            for limit in (1, 3, opponent):
                for _, shape in best_attacks(hand, trump, endgame, min(limit, opponent)):
                    move = panjpar.Attack(shape)
                    if move not in chosen:
                        chosen.append(move)
        return chosen

    def rollout(self, state: panjpar.State, rng: cards.Rng) -> panjpar.Move:
        if rng.below(10) == 0:
            return state.random_move(rng)
        seat = state.to_move
        assert seat is not None  # a rollout never moves in a finished game
        trump = state.trump
        endgame = state.stock_empty
        attack = list(state.attack)
        if attack:
            hand = list(state.hands[seat])
            _, pairs = best_defence(attack, hand, trump, endgame, state.rules.pickup == "all")
            return panjpar.Defend(panjpar.Kills(pairs))
        opponent = len(state.hands[1 - state.attacker])
        return attack_from(list(state.hands[seat]), trump, endgame, opponent)

    def playout(self, state: panjpar.State, rng: cards.Rng) -> float:
        """The value for seat 0 of :meth:`rollout` played to the end from ``state``: the same
        game as the loop on states, on the engine's masks (``State.rollout_with``)."""
        trump = state.trump
        all_or_none = state.rules.pickup == "all"

        def attack(hand: int, opponent: int, endgame: bool) -> int:
            options = best_attacks(list(cards_of(hand)), trump, endgame, opponent)
            return cards.mask(max(options, key=lambda o: (o[0], -len(o[1])))[1])  # attack_from

        def defend(attack: int, hand: int, endgame: bool) -> tuple[int, int]:
            _, pairs = best_defence(
                list(cards_of(attack)), list(cards_of(hand)), trump, endgame, all_or_none
            )
            killed = used = 0
            for attacked, killer in pairs:
                killed |= attacked.bit
                used |= killer.bit
            return killed, used

        winner = state.rollout_with(rng, attack, defend, 10).winner
        return 0.5 if winner is None else float(winner == 0)

    @staticmethod
    def observe(state: panjpar.State, seat: int) -> Hashable:
        # The seat's new cards after a draw: later decisions are not averaged over them.
        return state.hands[seat]


register(PanjparStrategy())
