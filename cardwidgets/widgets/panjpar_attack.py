"""Building a Panjpar move in the widget: an attack of 1, 3 or 5 hand cards of a legal shape
(P-D3), or a defence: aim at an attack card, kill it with a hand card that beats it (P-S12),
pick up the rest (P-S16).

:class:`PanjparSelection` is the layer of :class:`~cardwidgets.widgets.panjpar.PanjparWidget`
that holds the learner's half-made move and the clicks and buttons that build and play it; the
widget module draws it and says it.

Which hand cards can still extend a selection to a legal attack is worked out from rank counts
(:func:`panjpar.attack_extenders` and :func:`panjpar.can_complete`, the engine's, which the RL
action masks share: closed forms over at most 13 ranks), never from the list of all attacks,
which grows into the thousands with a big hand.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cardwidgets import cards
from cardwidgets.cards import Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import can_complete
from cardwidgets.widgets import panjpar_words  # noqa: F401  (registers the widget's sentences)
from cardwidgets.widgets.base import GameWidget, WidgetError

__all__ = ["PanjparSelection", "can_complete"]


class PanjparSelection(GameWidget[panjpar.State, panjpar.Move]):
    """The learner's half-made Panjpar move (attack cards picked, or the attack card aimed at
    and the kills chosen) and the actions that build and play it."""

    def __init__(self, **options: Any) -> None:
        self._picked: frozenset[Card] = frozenset()
        self._target: Card | None = None
        self._kills: dict[Card, Card] = {}
        super().__init__(**options)

    # -- reading the position ----------------------------------------------------------------
    @property
    def defending(self) -> bool:
        """Whether an attack lies on the table (the seat to move defends)."""
        return bool(self.state.attack)

    @property
    def picked(self) -> frozenset[Card]:
        """The hand cards selected for an attack."""
        return self._picked

    @property
    def target(self) -> Card | None:
        """The attack card being answered, or None."""
        return self._target

    @property
    def kills(self) -> dict[Card, Card]:
        """The kills chosen so far: attack card -> the hand card that beats it."""
        return dict(self._kills)

    def _hand(self) -> tuple[Card, ...]:
        return tuple(self.state.hands[self.viewer])

    def _sizes(self) -> tuple[int, ...]:
        defender = 1 - self.state.attacker
        return panjpar.allowed_attack_sizes(len(self.state.hands[defender]))

    def _beats(self, killer: Card, attacked: Card) -> bool:
        return panjpar.beats(killer, attacked, self.state.trump)

    def extenders(self) -> frozenset[Card]:
        """The hand cards that, added to the selection, still lead to a legal attack."""
        return panjpar.attack_extenders(self._picked, self._hand(), self._sizes())

    def beaters(self, attacked: Card) -> tuple[Card, ...]:
        """The learner's hand cards that beat ``attacked`` (P-S12)."""
        return tuple(c for c in self._hand() if self._beats(c, attacked))

    def attack_verdict(self) -> IllegalMove | None:
        """Why the selected cards are not a legal attack (the engine's reason), or None."""
        try:
            self.state.play(panjpar.Attack(tuple(self._picked)))
        except IllegalMove as err:
            return err
        return None

    # -- the learner's actions ---------------------------------------------------------------
    def select(self, card: CardLike) -> None:
        """Click a card. Attacking: add a hand card to the attack, or take it out again.
        Defending: a hand card kills the chosen attack card (again: takes the kill back); an
        attack card is chosen to be answered (:meth:`aim`)."""
        with self.reporting():
            picked = cards.to_card(card)
            self.check_turn()
            if self.defending and picked in self.state.attack:
                self._aim(picked)
            elif picked not in self._hand():
                raise WidgetError("widget.panjpar.not_in_hand", card=picked)
            elif self.defending:
                self._kill_with(picked)
            else:
                self._picked = self._picked ^ {picked}
            self._message = None
            self.refresh()

    def aim(self, card: CardLike) -> None:
        """Choose the attack card to answer (again: unchoose it); its kill, if any, is taken
        back. The hand cards that beat it light up."""
        with self.reporting():
            attacked = cards.to_card(card)
            self.check_turn()
            if not self.defending:
                raise WidgetError("widget.panjpar.not_defending")
            if attacked not in self.state.attack:
                raise WidgetError("widget.panjpar.not_attacked", card=attacked)
            self._aim(attacked)
            self._message = None
            self.refresh()

    def _aim(self, attacked: Card) -> None:
        if attacked in self._kills:
            del self._kills[attacked]
            self._target = attacked
        else:
            self._target = None if self._target is attacked else attacked

    def _kill_with(self, killer: Card) -> None:
        for attacked, used in list(self._kills.items()):
            if used is killer:  # a second click takes the kill back
                del self._kills[attacked]
                self._target = attacked
                return
        target = self._target or self._only_open_target()
        if target is None:
            raise WidgetError("widget.panjpar.aim_first", card=killer)
        if not self._beats(killer, target):
            self.state.play(
                panjpar.Defend(panjpar.Kills({target: killer}))
            )  # raises the engine's reason
        self._kills[target] = killer
        self._target = None

    def _only_open_target(self) -> Card | None:
        open_cards = [c for c in self.state.attack if c not in self._kills]
        return open_cards[0] if len(open_cards) == 1 else None

    def kill(self, attacked: CardLike, killer: CardLike) -> None:
        """Kill ``attacked`` with the hand card ``killer`` (:meth:`aim`, then :meth:`select`)."""
        self.aim(attacked)
        if self._target is None:  # aim() toggled an earlier choice off
            self.aim(attacked)
        self.select(killer)

    def play(self, move: panjpar.Move | str | None = None) -> panjpar.State:
        """Play ``move`` (a Move or its text), or the attack or the kills selected. The
        opponent replies; returns the new state."""
        if move is None:
            with self.reporting():
                self.check_turn()
                move = self._selected_move()
        result: panjpar.State = self.commit(move)
        return result

    def _selected_move(self) -> panjpar.Move:
        if self.defending:
            if not self._kills:
                raise WidgetError("widget.panjpar.no_kills_yet")
            return panjpar.Defend(panjpar.Kills(self._kills))
        if not self._picked:
            raise WidgetError("widget.panjpar.no_attack_yet")
        return panjpar.Attack(tuple(self._picked))

    def attack(self, cards_: Iterable[CardLike] | str | None = None) -> panjpar.State:
        """Attack with ``cards_`` (default: the selected cards)."""
        if cards_ is None:
            with self.reporting():
                self.check_turn()
                if self.defending:
                    raise WidgetError("widget.panjpar.not_attacking")
            return self.play()
        return self.play(panjpar.Attack(cards.to_cards(cards_)))

    def defend(self) -> panjpar.State:
        """Kill the chosen attack cards and pick up the rest."""
        with self.reporting():
            self.check_turn()
            if not self.defending:
                raise WidgetError("widget.panjpar.not_defending")
        return self.play()

    def pick_up(self) -> panjpar.State:
        """Pick up every attack card (P-S16: never obliged to kill)."""
        with self.reporting():
            self.check_turn()
            if not self.defending:
                raise WidgetError("widget.panjpar.not_defending")
        return self.play(panjpar.Defend(panjpar.Kills()))

    def cancel(self) -> None:
        """Forget the selection (attack cards, or the kills chosen so far)."""
        self.clear_selection()
        self._message = None
        self.refresh()

    # -- hooks of GameWidget -----------------------------------------------------------------
    def on_card(self, zone: str, card: str) -> None:
        if zone == "battle" and not self.defending:
            raise WidgetError("widget.panjpar.last_battle_idle", card=card)
        if zone in ("hand", "battle"):
            self.select(card)
        elif zone == "stock":
            raise WidgetError("widget.panjpar.indicator_idle", card=card)
        elif zone == "discard":
            raise WidgetError("widget.panjpar.discard_idle", card=card)
        else:
            super().on_card(zone, card)

    def action_handlers(self) -> dict[str, Callable[[], object]]:
        return {
            "attack": self.attack,
            "defend": self.defend,
            "pickup": self.pick_up,
            "cancel": self.cancel,
        }

    def clear_selection(self) -> None:
        self._picked = frozenset()
        self._target = None
        self._kills = {}

    def show_hint(self, move: panjpar.Move) -> None:
        if isinstance(move, panjpar.Attack):
            self._picked = frozenset(move.cards)
        else:
            assert isinstance(move, panjpar.Defend)
            self._kills = dict(move.kills.pairs)
