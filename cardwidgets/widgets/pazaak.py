"""The Pazaak widget: two 3×3 tables, totals, sets won, side cards with their signs, the odds.

>>> from cardwidgets import pazaak
>>> from cardwidgets.widgets import PazaakWidget
>>> start = pazaak.State.from_position(
...     hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8, 5, 7, 9, 6], seed=1)
>>> w = PazaakWidget(state=start)
>>> w
PazaakWidget(seat=0, set 1, move 0, your turn)
>>> [c["text"] for c in w.zone("table")["cards"]], w.zone("table")["badges"][0]["text"]
(['8'], '8')
>>> [c["id"] for c in w.zone("hand")["cards"]]
['+1', '+3', '-4', '±2']
>>> w.select("±2")
>>> [o["label"] for o in w.scene["options"]]
['±2 as +2 (total 10)', '±2 as -2 (total 6)']
>>> w.choose(1); w.play().totals   # a hand card does not end the turn
(6, 0)
>>> w.end_turn().ply  # the computer draws, ends its turn, and it is the learner's turn again
3
>>> w.moves_log  # doctest: +NORMALIZE_WHITESPACE
['You play ±2 as -2: 6.', 'You end your turn on 6. Computer draws 5.',
 'Computer ends the turn on 5. You draw 7: 13.']
>>> w.zone("table")["info"]
'If you draw again: bust chance 11/37 (30%)'

The flow a learner follows in the browser is the same from Python: :meth:`PazaakWidget.select`
a side card (a ± card then needs :meth:`PazaakWidget.choose` of its sign), then
:meth:`PazaakWidget.play`; :meth:`PazaakWidget.end_turn` and :meth:`PazaakWidget.stand` end the
turn. :meth:`PazaakWidget.play` also takes a move's text (``"play ±4 as -4"``, ``"end"``,
``"stand"``). The main-deck draw happens by itself and is announced; the end of each set pauses
on a summary until :meth:`~cardwidgets.widgets.base.GameWidget.next`.

Teaching odds: with ``odds`` on (the default; the "Show odds" switch), the table says the exact
chance that the next main-deck card busts the learner (:func:`cardwidgets.pazaak.
bust_probability`, from the cards the learner can see), and each side card shows the totals it
would make. ``hints=False`` turns every aid off, for a real match.

The widget holds the learner's side card and sign and the moves of a turn; the tables, the
log and the sentences are :class:`cardwidgets.present.PazaakPresenter`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from types import ModuleType
from typing import Any, ClassVar

import traitlets

from cardwidgets.cards import fresh_seed
from cardwidgets.core import IllegalMove
from cardwidgets.games import pazaak
from cardwidgets.present.pazaak import PazaakPresenter, PazaakSelection
from cardwidgets.widgets.base import GameWidget, SwitchOption, WidgetError

__all__ = ["PRESETS", "PazaakWidget"]

PRESETS: Mapping[str, Callable[[], pazaak.Rules]] = {
    "seed": pazaak.Rules.seed,
    "kotor1": pazaak.Rules.kotor1,
    "kotor2": pazaak.Rules.kotor2,
}
"""Rule presets by name: the seed rules, KOTOR I and KOTOR II (``docs/rules/pazaak.md``)."""


def _preset(rules: object) -> object:
    """A preset name turned into its rules; anything else is left for the framework to check."""
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise WidgetError("widget.pazaak.bad_preset", name=rules, names=", ".join(PRESETS))
        return PRESETS[rules]()
    return rules


class PazaakWidget(GameWidget[pazaak.State, pazaak.Move]):
    """Play or replay Pazaak from one seat's view (the rules: ``docs/rules/pazaak.md``).

    ``seed`` deals a new match (fresh if None); ``state`` shows any position instead (from
    :func:`cardwidgets.pazaak.new_game` or :meth:`cardwidgets.pazaak.State.from_position`), and
    ``ply`` opens it at an earlier position. ``rules`` go with a seed: a
    :class:`cardwidgets.pazaak.Rules` or a preset name (``"seed"``, ``"kotor1"``, ``"kotor2"``);
    ``side_decks`` gives each seat its ten-card side deck (as for
    :func:`cardwidgets.pazaak.new_game`; None: the preset's default). ``opponent``: None for the
    computer, a bot name, any object with ``choose(state)``, or ``"human"`` (hot-seat: the view
    follows the player to move). ``odds`` shows the bust chance and what each side card would
    make; ``hints=False`` hides every aid (a real match). ``open_hands``, ``locale``,
    ``size``, ``legend`` as for every game widget.
    """

    game = "pazaak"
    engine: ClassVar[ModuleType | None] = pazaak
    presenter_class = PazaakPresenter
    blank = PazaakSelection()
    _selection: PazaakSelection

    odds = SwitchOption(True)
    """The teaching switch: bust chance and the totals side cards would make. Not synced."""

    def __init__(
        self,
        *,
        side_decks: Any = None,
        odds: bool = True,
        rules: Any = None,
        **options: Any,
    ) -> None:
        self._side_decks = side_decks
        self._locale_asked = options.get("locale", "en")  # a bad odds is refused in it
        self.odds = odds
        super().__init__(rules=_preset(rules), **options)

    def _starting_state(
        self, seed: int | str | None, state: pazaak.State | None, rules: Any
    ) -> tuple[pazaak.State, int | str]:
        if self._side_decks is None:
            return super()._starting_state(seed, state, rules)
        if state is not None:  # a position brings its own hands
            raise WidgetError("widget.pazaak.decks_with_state")
        if rules is not None and not isinstance(rules, pazaak.Rules):
            raise WidgetError("widget.wrong_rules", game=self.game)
        seed = fresh_seed() if seed is None else seed
        return self._deal(seed, rules), seed

    def _deal(self, seed: int | str, rules: pazaak.Rules | None) -> pazaak.State:
        return pazaak.new_game(seed=seed, rules=rules, side_decks=self._side_decks)

    def _new_state(self, seed: int | str, rules: Any) -> pazaak.State:
        """A new match (:meth:`new`) keeps the rules and the side decks."""
        return self._deal(seed, rules)

    @traitlets.observe("odds")
    def _odds_changed(self, change: Mapping[str, object]) -> None:
        self.refresh()

    # -- the learner's actions ---------------------------------------------------------------
    def select(self, card: pazaak.SideCard | str) -> None:
        """Select one of the learner's side cards (again: unselect it). A ± card then waits
        for its sign (:meth:`choose`)."""
        with self.reporting():
            chosen = pazaak.SideCard.parse(_card_text(card))
            self.check_turn()
            if chosen not in self.state.hands[self.viewer]:
                raise WidgetError("widget.pazaak.not_in_hand", card=chosen)
            played = self.state.played_this_turn
            if played is not None:
                raise IllegalMove("pazaak.second_card", card=played)
            if self._selection.card is chosen:
                self.clear_selection()
            else:
                self._selection = PazaakSelection(chosen)
            self._message = None
            self.refresh()

    def choose(self, index: int) -> None:
        """Declare the sign of the selected card: option ``index`` as listed in
        ``scene["options"]`` (``0`` is ``+``, ``1`` is ``-``; ``±1/2`` has four)."""
        with self.reporting():
            card = self._selection.card
            if card is None:
                raise WidgetError("widget.pazaak.select_first")
            if not card.needs_sign:
                raise WidgetError("widget.pazaak.no_sign", card=card)
            signs = list(card.options)
            if isinstance(index, bool) or not isinstance(index, int):
                raise WidgetError("widget.pazaak.no_option", n=index, card=card)
            if not 0 <= index < len(signs):
                raise WidgetError("widget.pazaak.no_option", n=index + 1, card=card)
            self._selection = PazaakSelection(card, signs[index])
            self._message = None
            self.refresh()

    def play(self, move: pazaak.Move | str | None = None) -> pazaak.State:
        """Play ``move`` (a Move or its text: ``"play ±4 as -4"``, ``"end"``, ``"stand"``), or
        the selected side card with its chosen sign. The computer replies; returns the state."""
        if move is None:
            with self.reporting():
                move = self._selected_move()
        result: pazaak.State = self.commit(move)
        return result

    def end_turn(self) -> pazaak.State:
        """End the turn without standing (Z-S10)."""
        return self.play(pazaak.END_TURN)

    def stand(self) -> pazaak.State:
        """Stand for the rest of the set (Z-S11)."""
        return self.play(pazaak.STAND)

    def cancel(self) -> None:
        """Unselect the side card."""
        self.clear_selection()
        self._message = None
        self.refresh()

    def toggle_odds(self) -> None:
        """Turn the teaching odds on or off (the "Show odds" switch)."""
        self.odds = not self.odds

    def _selected_move(self) -> pazaak.PlayCard:
        card, sign = self._selection.card, self._selection.sign
        if card is None:
            raise WidgetError("widget.pazaak.select_first")
        if card.needs_sign and sign is None:
            values = self.presenter().values_text(card)
            raise WidgetError("widget.pazaak.sign_first", card=card, values=values)
        return pazaak.PlayCard(card, sign)

    # -- reading the selection ---------------------------------------------------------------
    @property
    def selected(self) -> pazaak.SideCard | None:
        """The selected side card, or None."""
        return self._selection.card

    @property
    def sign(self) -> int | None:
        """The sign (or, for ``±1/2``, the value) declared for the selected card, or None."""
        return self._selection.sign

    # -- hooks of GameWidget -----------------------------------------------------------------
    def on_card(self, zone: str, card: str) -> None:
        if zone == "hand":
            self.select(card.split("#")[0])
        elif zone == "opponent-hand":
            super().on_card(zone, card)
        elif zone == "deck":
            raise WidgetError("widget.pazaak.deck_card")
        else:
            label = self._label_in(zone, card)
            raise WidgetError("widget.pazaak.on_table", card=label)

    def _label_in(self, zone: str, card: str) -> str:
        for found in self.zone(zone)["cards"]:
            if found["id"] == card:
                return found["text"]
        return card

    def actions(self) -> dict[str, Callable[[], object]]:
        return {
            **super().actions(),
            "play": self.play,
            "end-turn": self.end_turn,
            "stand": self.stand,
            "cancel": self.cancel,
            "odds": self.toggle_odds,
        }

    def show_hint(self, move: pazaak.Move) -> None:
        if isinstance(move, pazaak.PlayCard):
            self._selection = PazaakSelection(move.card, move.sign)

    def presenter(self) -> PazaakPresenter:
        return PazaakPresenter(self.moment(), self._selection, self._narrated, odds=self.odds)

    def bust_chance(self) -> Fraction:
        """The exact chance (a Fraction) that the learner's next main-deck card busts him, from
        what he can see."""
        return self.presenter().bust_chance()


def _card_text(card: object) -> str:
    """A side card or its text (``"+1#2"``, the id of a second +1, names the card +1)."""
    return card.split("#")[0] if isinstance(card, str) else str(card)
