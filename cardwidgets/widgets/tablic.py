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
not show is built by clicking (:mod:`cardwidgets.widgets.tablic_capture`; the sentences are in
:mod:`cardwidgets.widgets.tablic_words`).
"""

from __future__ import annotations

from collections.abc import Callable
from types import ModuleType
from typing import Any, ClassVar

from cardwidgets import cards
from cardwidgets import scene as _scene
from cardwidgets.cards import Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games import tablic
from cardwidgets.games.tablic import TablicView
from cardwidgets.widgets import tablic_words  # noqa: F401  (registers the widget's sentences)
from cardwidgets.widgets.base import GameWidget, WidgetError
from cardwidgets.widgets.tablic_capture import groups, missing, suggest, tabla_possible

__all__ = ["SUGGESTIONS", "TablicWidget"]

SUGGESTIONS = 3
"""Captures suggested at first for a selected card (and added per "More choices")."""


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
    focus_zones = ("hand", "table")

    def __init__(self, **options: Any) -> None:
        self._selected: Card | None = None
        self._chosen: frozenset[Card] = frozenset()
        self._shown = SUGGESTIONS
        super().__init__(**options)

    # -- the learner's actions ---------------------------------------------------------------
    def select(self, card: CardLike) -> None:
        """Select a hand card (again: unselect it); its biggest captures are suggested and the
        first one is chosen."""
        with self.reporting():
            played = cards.to_card(card)
            self.check_turn()
            if played not in self.state.hands[self.viewer]:
                raise WidgetError("widget.tablic.not_in_hand", card=played)
            if self._selected is played:
                self.clear_selection()
            else:
                self.clear_selection()
                self._selected = played
                found = self.suggestions
                self._chosen = found[0] if found else frozenset()
            self._message = None
            self.refresh()

    def toggle(self, card: CardLike) -> None:
        """Add a table card to the capture being built, or take it out again."""
        with self.reporting():
            picked = cards.to_card(card)
            if self._selected is None:
                raise WidgetError("widget.tablic.select_first")
            if picked not in self.state.table:
                raise IllegalMove("tablic.not_on_table", cards=picked)
            self._chosen = self._chosen ^ {picked}
            self._message = None
            self.refresh()

    def choose(self, index: int) -> None:
        """Take suggestion ``index`` (0-based, as listed in ``scene["options"]``)."""
        with self.reporting():
            if self._selected is None:
                raise WidgetError("widget.tablic.select_first")
            found = self.suggestions
            if not 0 <= index < len(found):
                raise WidgetError("widget.tablic.no_option", n=index + 1, card=self._selected)
            self._chosen = found[index]
            self._message = None
            self.refresh()

    def more(self) -> None:
        """Suggest a few more captures."""
        self._shown += SUGGESTIONS
        self.refresh()

    def play(self, move: tablic.Move | str | None = None) -> tablic.State:
        """Play ``move`` (a Move or its text, e.g. ``"8♦ x 3♠ 5♥"``), or the selected card with
        the capture built. The opponent replies; returns the new state."""
        if move is None:
            with self.reporting():
                if self._selected is None:
                    raise WidgetError("widget.tablic.select_first")
                if not self._chosen:
                    raise WidgetError("widget.tablic.no_capture_yet", card=self._selected)
                move = tablic.Move(self._selected, self._chosen)
        result: tablic.State = self.commit(move)
        return result

    def trail(self, card: CardLike | None = None) -> tablic.State:
        """Lay ``card`` (default: the selected card) on the table without capturing."""
        with self.reporting():
            if card is None and self._selected is None:
                raise WidgetError("widget.tablic.select_first")
            played = self._selected if card is None else cards.to_card(card)
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

    def action_handlers(self) -> dict[str, Callable[[], object]]:
        return {
            "play": self.play,
            "trail": self.trail,
            "cancel": self.cancel,
            "more": self.more,
        }

    def clear_selection(self) -> None:
        self._selected = None
        self._chosen = frozenset()
        self._shown = SUGGESTIONS

    def show_hint(self, move: tablic.Move) -> None:
        self._selected = move.card
        self._chosen = move.captured

    def move_words(self, move: tablic.Move) -> str:
        if not move.captured:
            return self.text("widget.tablic.words.trail", card=move.card)
        captured = cards.format_cards(sorted(move.captured))
        return self.text("widget.tablic.words.capture", card=move.card, captured=captured)

    def say(self, state: tablic.State) -> str:
        move, parent = state.last_move, state.parent
        if move is None or parent is None or parent.to_move is None:
            return ""
        you = self.mover_is_learner(state)
        player = self.names()[int(parent.to_move)]
        captured = cards.format_cards(sorted(move.captured))
        if move.captured:
            key = "widget.tablic.say.you_capture" if you else "widget.tablic.say.capture"
        else:
            key = "widget.tablic.say.you_trail" if you else "widget.tablic.say.trail"
        parts = [self.text(key, player=player, card=move.card, captured=captured)]
        last = state.view(None).last_move
        if last is not None and last.tabla:
            parts.append(self.text("widget.tablic.say.tabla"))
        if len(state.deal_results) > len(parent.deal_results):
            parts.extend(self._deal_sentences(state.deal_results[-1]))
        if state.is_over and state.outcome is not None:
            parts.append(self._status_over(state) + ".")
        return " ".join(parts)

    def describe(self) -> str:
        return super().describe().replace("move", f"deal {self.state.deal_number}, move", 1)

    # -- reading the selection ---------------------------------------------------------------
    @property
    def selected(self) -> Card | None:
        """The selected hand card, or None."""
        return self._selected

    @property
    def chosen(self) -> frozenset[Card]:
        """The table cards of the capture being built."""
        return self._chosen

    @property
    def suggestions(self) -> list[frozenset[Card]]:
        """The captures suggested for the selected card, in the order shown (biggest first)."""
        if self._selected is None:
            return []
        state = self.state
        return list(suggest(self._selected, state.table, state.rules, self._shown))

    def capture_state(self) -> tuple[str, tuple[frozenset[Card], ...]]:
        """Whether the capture built is legal: ``("ready", groups)``, or the sentence saying what
        is missing and no groups."""
        card, chosen = self._selected, self._chosen
        assert card is not None
        if not chosen:
            return "", ()
        try:
            self.state.check(tablic.Move(card, chosen))
        except IllegalMove as err:
            return missing(card, chosen, err, self.locale), ()
        return "ready", groups(card, chosen)

    # -- scene builders ----------------------------------------------------------------------
    def zones(self) -> list[_scene.Zone]:
        me = self.viewer
        view: TablicView = self.state.view(me)  # only what this seat may see
        zones = [self._opponent_zone(view), self._table_zone(view), self._hand_zone(view)]
        zones += [self._pile_zone(view, seat) for seat in (me, 1 - me)]
        zones.append(self._stock_zone(view))
        return zones

    def _opponent_zone(self, view: TablicView) -> _scene.Zone:
        other = 1 - self.viewer
        if self.open_hands:
            shown = [_scene.french_card(c, self.locale) for c in self.state.hands[other]]
        else:
            revealed = view.revealed[other]  # the public bottom card (T-D8)
            hidden = view.hand_sizes[other] - len(revealed)
            shown = [_scene.french_card(c, self.locale) for c in revealed]
            shown += [_scene.back_card(other, i, self.locale) for i in range(hidden)]
        label = self.text("widget.tablic.zone.opponent", player=self.names()[other])
        info = self.count("widget.cards", view.hand_sizes[other])
        return _scene.zone("opponent-hand", label, shown, layout="fan", owner=other, info=info)

    def _table_zone(self, view: TablicView) -> _scene.Zone:
        groups: dict[Card, int] = {}
        _, split = self.capture_state() if self._selected is not None else ("", ())
        for number, group in enumerate(split, 1):
            groups.update(dict.fromkeys(group, number))
        last = view.last_move  # the opponent's trail is marked "last"
        trailed = (
            last.move.card
            if last is not None and not last.move.captured and last.seat != self.viewer
            else None
        )
        shown = []
        for card in self.state.table:
            role = "group" if card in groups else "target" if card in self._chosen else None
            if role is None and card is trailed:
                role = "last"
            shown.append(
                _scene.french_card(
                    card,
                    self.locale,
                    selectable=self._selected is not None,
                    selected=card in self._chosen,
                    highlight=role,
                    group=groups.get(card),
                )
            )
        info = self.count("widget.cards", len(self.state.table))
        return _scene.zone("table", self.text("widget.tablic.zone.table"), shown, info=info)

    def _hand_zone(self, view: TablicView) -> _scene.Zone:
        my_turn = self.is_my_turn()
        playable = self._playable() if my_turn and self.hints else set()
        shown = [
            _scene.french_card(
                card,
                self.locale,
                selectable=my_turn,
                selected=card is self._selected,
                highlight="playable" if card in playable else None,
            )
            for card in view.hand or ()
        ]
        if self.opponent is not None:
            label = self.text("widget.tablic.zone.hand")
        else:
            label = self.text("widget.tablic.zone.hand_of", player=self.names()[self.viewer])
        info = self.text("widget.tablic.info.round", deal=view.deal, round=view.round)
        return _scene.zone("hand", label, shown, owner=self.viewer, info=info)

    def _pile_zone(self, view: TablicView, seat: int) -> _scene.Zone:
        pile = view.piles[seat]
        info = self.text(
            "widget.tablic.info.pile",
            cards=self.count("widget.cards", pile.cards),
            points=self.count("widget.points", pile.points),
        )
        label = self.text("widget.tablic.zone.pile", player=self.names()[seat])
        backs = [_scene.back_card(f"pile{seat}", 0, self.locale)] if pile.cards else []
        return _scene.zone(f"pile-{seat}", label, backs, layout="stack", owner=seat, info=info)

    def _stock_zone(self, view: TablicView) -> _scene.Zone:
        size, bottom = view.stock, view.stock_bottom
        shown = [_scene.back_card("stock", 0, self.locale)] if size > 1 else []
        if bottom is not None:
            shown.append(_scene.french_card(bottom, self.locale))
        info = self.count("widget.cards", size)
        if bottom is not None:
            info = self.text("widget.tablic.info.stock", cards=info)
        return _scene.zone(
            "stock", self.text("widget.tablic.zone.stock"), shown, layout="stock", info=info
        )

    def _playable(self) -> set[Card]:
        state = self.state
        return {c for c in state.hands[self.viewer] if suggest(c, state.table, state.rules, 1)}

    def previews(self) -> dict[str, _scene.Preview]:
        if not self.is_my_turn():
            return {}
        state = self.state
        found: dict[str, _scene.Preview] = {}
        for card in self._playable():
            best = suggest(card, state.table, state.rules, 1)[0]
            targets: list[_scene.Target] = [
                {"zone": "table", "card": c.text, "role": "group", "group": n}
                for n, group in enumerate(groups(card, best), 1)
                for c in sorted(group)
            ]
            text = self.text(
                "widget.tablic.preview", card=card, cards=cards.format_cards(sorted(best))
            )
            found[f"hand:{card.text}"] = {"cards": targets, "text": text}
        return found

    def options_label(self) -> str:
        return self.text("widget.tablic.options")

    def options(self) -> list[_scene.Option]:
        if self._selected is None:
            return []
        return [
            _scene.option(
                index,
                self._option_label(option),
                selected=option == self._chosen,
                emphasis=index == 0,
                swatches=len(groups(self._selected, option)),
            )
            for index, option in enumerate(self.suggestions)
        ]

    def _option_label(self, option: frozenset[Card]) -> str:
        return self.text(
            "widget.tablic.option",
            cards=cards.format_cards(sorted(option)),
            details=self._details(option),
        )

    def _details(self, option: frozenset[Card]) -> str:
        assert self._selected is not None
        details = [self.count("widget.tablic.groups", len(groups(self._selected, option)))]
        points = sum(tablic.card_points(c) for c in option) + tablic.card_points(self._selected)
        details.append(self.count("widget.points", points))
        if len(option) == len(self.state.table) and tabla_possible(self.state):
            details.append(self.text("widget.tablic.option.tabla"))
        return ", ".join(details)

    def move_actions(self) -> list[_scene.Action]:
        selected = self._selected is not None
        ready = selected and self.capture_state()[0] == "ready"
        more = selected and len(self.suggestions) >= self._shown
        actions = [
            _scene.action(
                "play", self.text("widget.tablic.action.play"), enabled=ready, primary=ready
            ),
            _scene.action(
                "trail",
                self.text("widget.tablic.action.trail"),
                enabled=selected,
                primary=selected and not ready,
            ),
            _scene.action("cancel", self.text("widget.action.cancel"), enabled=selected),
        ]
        if more:
            actions.append(_scene.action("more", self.text("widget.action.more")))
        return actions

    def score_sheet(self) -> _scene.Score:
        state = self.state
        rows = [
            _scene.score_row(self.text("widget.tablic.score.deal", n=r.deal), list(r.scores))
            for r in state.deal_results
        ]
        rows.append(
            _scene.score_row(self.text("widget.tablic.score.tablas"), list(state.tablas), "marks")
        )
        rows.append(
            _scene.score_row(self.text("widget.tablic.summary.total"), list(state.totals), "total")
        )
        return _scene.score(list(self.names()), rows, self.text("widget.tablic.score.caption"))

    def legend_items(self) -> list[_scene.LegendItem]:
        roles = (("group", 1), ("playable", None), ("target", None), ("last", None))
        return [
            {"role": role, "group": group, "text": self.text(f"widget.tablic.legend.{role}")}
            for role, group in roles
        ]

    def summary(self, state: tablic.State) -> _scene.Summary | None:
        parent = state.parent
        if parent is None or len(state.deal_results) == len(parent.deal_results):
            return None
        result = state.deal_results[-1]
        sheet = _scene.score(list(self.names()), self._summary_rows(result))
        zones = [
            _scene.zone(
                f"final-pile-{seat}",
                self.text("widget.tablic.zone.pile", player=self.names()[seat]),
                [_scene.french_card(c, self.locale) for c in cards.from_mask(result.piles[seat])],
                layout="fan",
                owner=seat,
                info=self.count("widget.cards", result.cards[seat]),
            )
            for seat in (0, 1)
        ]
        return {
            "title": self.text("widget.tablic.summary.title", deal=result.deal),
            "text": " ".join(self._deal_sentences(result)),
            "score": sheet,
            "zones": zones,
            "action": "continue",
        }

    def _summary_rows(self, result: tablic.DealResult) -> list[_scene.ScoreRow]:
        row = _scene.score_row
        return [
            row(self.text("widget.tablic.summary.cards"), list(result.cards)),
            row(self.text("widget.tablic.summary.points"), list(result.points)),
            row(self.text("widget.tablic.summary.most"), list(result.most_cards)),
            row(self.text("widget.tablic.summary.tablas"), list(result.tablas)),
            row(self.text("widget.tablic.summary.deal"), list(result.scores), "total"),
            row(self.text("widget.tablic.summary.total"), list(result.totals), "total"),
        ]

    # -- the status line ---------------------------------------------------------------------
    def status(self) -> str:
        state = self.state
        if state.is_over:
            return self._status_over(state)
        if self.paused:
            return self.text("widget.tablic.status.paused", deal=state.deal_results[-1].deal)
        if not self.is_my_turn():
            return self.text("widget.tablic.status.waiting", player=self.player(state.to_move))
        if self._selected is not None:
            return self._selection_status()
        if self.opponent is None:
            return self.text("widget.tablic.status.select_player", player=self.names()[self.viewer])
        return self.text("widget.tablic.status.select")

    def _selection_status(self) -> str:
        card = self._selected
        verdict, _ = self.capture_state()
        if verdict == "ready":
            shown = cards.format_cards(sorted(self._chosen))
            return self.text(
                "widget.tablic.status.ready",
                card=card,
                cards=shown,
                details=self._details(self._chosen),
            )
        if verdict:
            return verdict
        key = "widget.tablic.status.build" if self.suggestions else "widget.tablic.status.nothing"
        return self.text(key, card=card)

    def _status_over(self, state: tablic.State) -> str:
        outcome, totals = state.outcome, state.totals
        if outcome is None or outcome.winner is None:
            return self.text("widget.tablic.status.draw", score=f"{totals[0]}:{totals[1]}")
        player = self.names()[outcome.winner]
        return self.text(
            "widget.tablic.status.win", player=player, high=max(totals), low=min(totals)
        )

    def _deal_sentences(self, result: tablic.DealResult) -> list[str]:
        names = self.names()
        said = []
        if result.leftovers and result.leftovers_to is not None:
            leftovers = cards.format_cards(result.leftovers)
            you = self.opponent is not None and result.leftovers_to == self.seat
            said.append(
                self.text(
                    f"widget.tablic.say.{'you_' if you else ''}leftovers",
                    cards=leftovers,
                    player=names[result.leftovers_to],
                )
            )
        said.append(
            self.text(
                "widget.tablic.say.deal_end",
                deal=result.deal,
                player0=names[0],
                score0=result.scores[0],
                player1=names[1],
                score1=result.scores[1],
            )
        )
        return said
