"""The Tablić widget: select a hand card, build a capture from the table, see its groups, play.

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1)
>>> w
TablicWidget(seat=0, deal 1, move 0, your turn)
>>> [c["id"] for c in w.zone("hand")["cards"]]
['2♥', '6♦', '8♦', 'Q♠', 'K♠', 'A♣']
>>> [c["id"] for c in w.zone("table")["cards"]]
['4♥', '2♦', 'J♠', '7♦']
>>> w.select("K♠")
>>> [o["label"] for o in w.scene["options"]]
['Capture 2♦ J♠ (1 group, 2 points)']
>>> [(c["id"], c["highlight"], c["group"]) for c in w.zone("table")["cards"]][:2]
[('4♥', None, None), ('2♦', 'group', 1)]
>>> w.play().ply  # the computer replied
2
>>> w.moves_log  # doctest: +NORMALIZE_WHITESPACE
['You play K♠ and capture 2♦ J♠.',
 'Computer plays A♠ and captures 4♥ 7♦. Tabla: the table is cleared (+1).']

The flow a learner follows in the browser is the same from Python: :meth:`TablicWidget.select`
a hand card (the first few biggest captures are suggested, numbered groups light up), build or
change the capture by clicking table cards (:meth:`TablicWidget.toggle`; the status says what is
missing), or :meth:`TablicWidget.choose` a suggestion, then :meth:`TablicWidget.play`;
:meth:`TablicWidget.trail` lays the card on the table. :meth:`TablicWidget.play` also takes a
move's text (``"8♦ x 3♠ 5♥"``). The end of each deal pauses on a summary until
:meth:`~cardwidgets.widgets.base.GameWidget.next`.

Trade-offs: suggestions are taken lazily from the engine's maximal captures (at most a few,
:data:`SUGGESTIONS` more per "More choices"), so a table of twenty low cards, whose captures
number in the hundred thousands, answers a click in milliseconds; a capture the suggestions do
not show is built by clicking (:mod:`cardwidgets.present.tablic`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from types import ModuleType
from typing import ClassVar

from cardwidgets import cards
from cardwidgets.cards import Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games import tablic
from cardwidgets.present.tablic import SUGGESTIONS, TablicPresenter, TablicSelection
from cardwidgets.widgets.base import GameWidget, WidgetError

__all__ = ["SUGGESTIONS", "TablicWidget"]


class TablicWidget(GameWidget[tablic.State, tablic.Move]):
    """Play or replay Tablić from one seat's view (the rules: ``docs/rules/tablic.md``).

    ``seed`` deals a new match (fresh if None); ``state`` shows any position instead (from
    :func:`cardwidgets.tablic.new_game` or :meth:`cardwidgets.tablic.State.from_position`), and
    ``ply`` opens it at an earlier position of its history. ``rules`` go with a seed.
    ``opponent``: None for the computer (a greedy player seeded from the game), a bot name
    (``"random"``, ``"greedy"``, ``"expert"``), any object with ``choose(state)``, or
    ``"human"`` for two learners at one screen (the view follows the player to move).
    ``open_hands`` shows both hands (teacher switch); ``hints`` shows what each hand card could
    capture; ``size="large"`` is for a projector; ``legend`` explains the highlight colours.
    """

    game = "tablic"
    engine: ClassVar[ModuleType | None] = tablic

    presenter_class = TablicPresenter
    blank = TablicSelection()
    _selection: TablicSelection

    # -- the learner's actions ---------------------------------------------------------------
    def select(self, card: CardLike) -> None:
        """Select a hand card (again: unselect it); its biggest captures are suggested and the
        first one is chosen."""
        with self.reporting():
            played = cards.to_card(card)
            self.check_turn()
            if played not in self.state.hands[self.viewer]:
                raise WidgetError("widget.tablic.not_in_hand", card=played)
            if self._selection.card is played:
                self.clear_selection()
            else:
                self._selection = TablicSelection(played)
                found = self.suggestions
                self._selection = TablicSelection(played, found[0] if found else frozenset())
            self._message = None
            self.refresh()

    def toggle(self, card: CardLike) -> None:
        """Add a table card to the capture being built, or take it out again."""
        with self.reporting():
            picked = cards.to_card(card)
            chosen = self._selection.chosen
            if self._selection.card is None:
                raise WidgetError("widget.tablic.select_first")
            if picked not in self.state.table:
                raise IllegalMove("tablic.not_on_table", cards=picked)
            self._selection = dataclasses.replace(self._selection, chosen=chosen ^ {picked})
            self._message = None
            self.refresh()

    def choose(self, index: int) -> None:
        """Take suggestion ``index`` (0-based, as listed in ``scene["options"]``)."""
        with self.reporting():
            card = self._selection.card
            if card is None:
                raise WidgetError("widget.tablic.select_first")
            found = self.suggestions
            if not 0 <= index < len(found):
                raise WidgetError("widget.tablic.no_option", n=index + 1, card=card)
            self._selection = dataclasses.replace(self._selection, chosen=found[index])
            self._message = None
            self.refresh()

    def more(self) -> None:
        """Suggest a few more captures."""
        shown = self._selection.shown + SUGGESTIONS
        self._selection = dataclasses.replace(self._selection, shown=shown)
        self.refresh()

    def play(self, move: tablic.Move | str | None = None) -> tablic.State:
        """Play ``move`` (a Move or its text, e.g. ``"8♦ x 3♠ 5♥"``), or the selected card with
        the capture built. The opponent replies; returns the new state."""
        if move is None:
            with self.reporting():
                card, chosen = self._selection.card, self._selection.chosen
                if card is None:
                    raise WidgetError("widget.tablic.select_first")
                if not chosen:
                    raise WidgetError("widget.tablic.no_capture_yet", card=card)
                move = tablic.Move(card, chosen)
        result: tablic.State = self.commit(move)
        return result

    def trail(self, card: CardLike | None = None) -> tablic.State:
        """Lay ``card`` (default: the selected card) on the table without capturing."""
        with self.reporting():
            if card is None and self._selection.card is None:
                raise WidgetError("widget.tablic.select_first")
            played = self._selection.card if card is None else cards.to_card(card)
        assert played is not None
        result: tablic.State = self.commit(tablic.Move(played))
        return result

    def cancel(self) -> None:
        """Unselect the hand card."""
        self.clear_selection()
        self._message = None
        self.refresh()

    # -- hooks of GameWidget -----------------------------------------------------------------
    def on_card(self, zone: str, card: str) -> None:
        if zone == "hand":
            self.select(card)
        elif zone == "table":
            self.toggle(card)
        else:
            super().on_card(zone, card)

    def actions(self) -> dict[str, Callable[[], object]]:
        return {
            **super().actions(),
            "play": self.play,
            "trail": self.trail,
            "cancel": self.cancel,
            "more": self.more,
        }

    def show_hint(self, move: tablic.Move) -> None:
        self._selection = TablicSelection(move.card, move.captured)

    # -- reading the selection ---------------------------------------------------------------
    @property
    def selected(self) -> Card | None:
        """The selected hand card, or None."""
        return self._selection.card

    @property
    def chosen(self) -> frozenset[Card]:
        """The table cards of the capture being built."""
        return self._selection.chosen

    @property
    def suggestions(self) -> list[frozenset[Card]]:
        """The captures suggested for the selected card, in the order shown (biggest first)."""
        return TablicPresenter(self.moment(), self._selection).suggestions

    # -- the status line ---------------------------------------------------------------------
