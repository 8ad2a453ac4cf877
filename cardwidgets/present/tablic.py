"""The Tablić presenter: the scene of a position as one seat sees it, with the learner's
half-made capture (:class:`TablicSelection`), as a pure function of both.

>>> from cardwidgets import cards, tablic
>>> from cardwidgets.present import Moment
>>> moment = Moment.of(tablic.new_game(seed=1))
>>> chosen = TablicSelection(cards.parse("K♠"), frozenset(cards.parse_many("2♦ J♠")))
>>> scene = TablicPresenter(moment, chosen).scene()
>>> scene["status"]
'Ready: K♠ captures 2♦ J♠ (1 group, 2 points). Press Capture'
>>> [(c["id"], c["highlight"], c["group"]) for c in scene["zones"][1]["cards"]][:2]
[('4♥', None, None), ('2♦', 'group', 1)]

Building a capture: the captures suggested for a hand card are taken lazily from the engine's
maximal captures (never all of them: a table of twenty low cards has hundreds of thousands),
cached per card, table and rules; what a capture being built still misses is said in words.

>>> table = tuple(cards.parse_many("4♥ 2♦ J♠ 7♦"))
>>> [cards.format_cards(sorted(c)) for c in suggest(cards.parse("K♠"), table, tablic.Rules(), 3)]
['2♦ J♠']
>>> state = tablic.State.from_position(hands=["8♦", "5♠"], table="2♦ 4♥ 7♦")
>>> chosen = frozenset(cards.parse_many("2♦ 4♥"))
>>> try:
...     state.check(tablic.Move(cards.parse("8♦"), chosen))
... except IllegalMove as err:
...     print(missing(cards.parse("8♦"), chosen, err, "en"))
2♦ 4♥ add up to 6; every group must add up to 8: 2 more would complete a group
"""

from __future__ import annotations

import dataclasses
import functools
import itertools

from cardwidgets import cards, i18n
from cardwidgets import scene as _scene
from cardwidgets.cards import Card
from cardwidgets.core import IllegalMove
from cardwidgets.games import tablic
from cardwidgets.games.tablic import TablicView
from cardwidgets.present.base import Presenter, hand_without

__all__ = [
    "SUGGESTIONS",
    "TablicPresenter",
    "TablicSelection",
    "groups",
    "missing",
    "suggest",
]

SUGGESTIONS = 3
"""Captures suggested at first for a selected card (and added per "More choices")."""


@dataclasses.dataclass(frozen=True)
class TablicSelection:
    """The learner's half-made move: the hand card selected, the table cards of the capture
    being built, and how many suggestions are shown."""

    card: Card | None = None
    chosen: frozenset[Card] = frozenset()
    shown: int = SUGGESTIONS


@dataclasses.dataclass(frozen=True, eq=False)
class TablicPresenter(Presenter[tablic.State, TablicSelection]):
    """The Tablić scene of a :class:`~cardwidgets.present.Moment` and a selection."""

    selection: TablicSelection = TablicSelection()

    game = "tablic"
    focus_zones = ("hand", "table")

    @property
    def suggestions(self) -> list[frozenset[Card]]:
        """The captures suggested for the selected card, in the order shown (biggest first)."""
        if self.selection.card is None:
            return []
        state = self.state
        return list(suggest(self.selection.card, state.table, state.rules, self.selection.shown))

    def capture_state(self) -> tuple[str, tuple[frozenset[Card], ...]]:
        """Whether the capture built is legal: ``("ready", groups)``, or the sentence saying what
        is missing and no groups."""
        card, chosen = self.selection.card, self.selection.chosen
        assert card is not None
        if not chosen:
            return "", ()
        try:
            self.state.check(tablic.Move(card, chosen))
        except IllegalMove as err:
            return missing(card, chosen, err, self.locale), ()
        return "ready", groups(card, chosen)

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

    def zones(self) -> list[_scene.Zone]:
        if self.paused:  # the engine has dealt the next deal: draw the one that ended
            return self._finished_zones(self.state.deal_results[-1])
        me = self.viewer
        view: TablicView = self.state.view(me)  # only what this seat may see
        zones = [self._opponent_zone(view), self._table_zone(view), self._hand_zone(view)]
        zones += [self._pile_zone(view, seat) for seat in (me, 1 - me)]
        zones.append(self._stock_zone(view))
        return zones

    def in_flight(self) -> list[_scene.Zone]:
        """The move that led here caught in flight: the board before it, the played card laid
        on the table (marked ``last``, "just played") beside the cards it captures, marked as
        the numbered groups of the capture (as the learner's own capture is built), not yet
        gone to the pile; the card has left the mover's hand. From the viewer's seat: the
        mover's other cards stay backs.

        >>> from cardwidgets import tablic
        >>> from cardwidgets.present import Moment
        >>> state = tablic.new_game(seed=1).play("A♣ x 4♥ 7♦")
        >>> state = state.play("J♥ x J♠")
        >>> zones = TablicPresenter(Moment.of(state)).in_flight()
        >>> [(c["id"], c["highlight"], c["group"]) for c in zones[1]["cards"]], zones[1]["info"]
        ([('2♦', None, None), ('J♠', 'group', 1), ('J♥', 'last', None)], '3 cards')
        """
        move, parent = self.state.last_move, self.state.parent
        if move is None or parent is None or parent.to_move is None:
            return self.zones()
        zones = self.at(self.cursor - 1).zones()
        mover = int(parent.to_move)
        hand = "hand" if mover == self.viewer else "opponent-hand"
        for zone in zones:
            if zone["id"] == hand:
                zone["cards"] = hand_without(zone["cards"], move.card.text)
                if hand == "opponent-hand":
                    zone["info"] = self.count("widget.cards", len(zone["cards"]))
            elif zone["id"] == "table":
                zone["cards"] = self._table_in_flight(zone["cards"], move)
                zone["info"] = self.count("widget.cards", len(zone["cards"]))
        return zones

    def _table_in_flight(
        self, shown: list[_scene.CardView], move: tablic.Move
    ) -> list[_scene.CardView]:
        split = groups(move.card, move.captured) if move.captured else ()  # a trail: none
        number = {c.text: n for n, group in enumerate(split, 1) for c in group}
        for view in shown:
            view["selectable"] = False
            view["highlight"], view["group"] = None, number.get(view["id"])
            if view["group"] is not None:
                view["highlight"] = "group"
        return [*shown, _scene.french_card(move.card, self.locale, highlight="last")]

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
        _, split = self.capture_state() if self.selection.card is not None else ("", ())
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
            role = (
                "group" if card in groups else "target" if card in self.selection.chosen else None
            )
            if role is None and card is trailed:
                role = "last"
            shown.append(
                _scene.french_card(
                    card,
                    self.locale,
                    selectable=self.selection.card is not None,
                    selected=card in self.selection.chosen,
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
                selected=card is self.selection.card,
                highlight="playable" if card in playable else None,
            )
            for card in view.hand or ()
        ]
        if not self.hot_seat:
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

    def _finished_zones(self, result: tablic.DealResult) -> list[_scene.Zone]:
        """The board as the deal of ``result`` ended: hands and stock empty, the cards left on
        the table (they go to the last capturer), each pile before those leftovers; drawn from
        the engine's record of the deal, since the state already holds the next deal."""
        me, names = self.viewer, self.names()
        leftovers = [_scene.french_card(c, self.locale) for c in result.leftovers]
        parent = self.state.parent
        info = self.text(
            "widget.tablic.info.round", deal=result.deal, round=parent.round if parent else 0
        )
        hand = self.text("widget.tablic.zone.hand")
        if self.hot_seat:
            hand = self.text("widget.tablic.zone.hand_of", player=names[me])
        zero = self.count("widget.cards", 0)
        opponent = self.text("widget.tablic.zone.opponent", player=names[1 - me])
        table_info = self.count("widget.cards", len(leftovers))
        return [
            _scene.zone("opponent-hand", opponent, [], layout="fan", owner=1 - me, info=zero),
            _scene.zone("table", self.text("widget.tablic.zone.table"), leftovers, info=table_info),
            _scene.zone("hand", hand, [], owner=me, info=info),
            self._finished_pile(result, me),
            self._finished_pile(result, 1 - me),
            _scene.zone(
                "stock", self.text("widget.tablic.zone.stock"), [], layout="stock", info=zero
            ),
        ]

    def _finished_pile(self, result: tablic.DealResult, seat: int) -> _scene.Zone:
        """``seat``'s pile at the end of the deal of ``result``, before the leftovers."""
        left = set(result.leftovers) if seat == result.leftovers_to else set()
        pile = [c for c in cards.from_mask(result.piles[seat]) if c not in left]
        info = self.text(
            "widget.tablic.info.pile",
            cards=self.count("widget.cards", len(pile)),
            points=self.count("widget.points", sum(tablic.card_points(c) for c in pile)),
        )
        label = self.text("widget.tablic.zone.pile", player=self.names()[seat])
        backs = [_scene.back_card(f"pile{seat}", 0, self.locale)] if pile else []
        return _scene.zone(f"pile-{seat}", label, backs, layout="stack", owner=seat, info=info)

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
        if self.selection.card is None:
            return []
        return [
            _scene.option(
                index,
                self._option_label(option),
                selected=option == self.selection.chosen,
                emphasis=index == 0,
                swatches=len(groups(self.selection.card, option)),
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
        assert self.selection.card is not None
        details = [self.count("widget.tablic.groups", len(groups(self.selection.card, option)))]
        points = sum(tablic.card_points(c) for c in option) + tablic.card_points(
            self.selection.card
        )
        details.append(self.count("widget.points", points))
        if self.state.scores_tabla(tablic.Move(self.selection.card, option)):
            details.append(self.text("widget.tablic.option.tabla"))
        return ", ".join(details)

    def move_actions(self) -> list[_scene.Action]:
        selected = self.selection.card is not None
        ready = selected and self.capture_state()[0] == "ready"
        more = selected and len(self.suggestions) >= self.selection.shown
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
            "text": " ".join(self._deal_sentences(result) + self._scoring_sentences(result)),
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

    def _scoring_sentences(self, result: tablic.DealResult) -> list[str]:
        """How the deal of ``result`` scored (T-S18, T-S20): each player's scoring cards, who
        took the most cards, the tablas."""
        names = self.names()
        said = []
        for seat in (0, 1):
            scoring = [c for c in cards.from_mask(result.piles[seat]) if tablic.card_points(c)]
            key = "widget.tablic.summary.scoring" if scoring else "widget.tablic.summary.no_scoring"
            said.append(
                self.text(
                    key,
                    player=names[seat],
                    cards=cards.format_cards(scoring),
                    points=self.count("widget.points", result.points[seat]),
                )
            )
        most = [seat for seat in (0, 1) if result.most_cards[seat]]
        if most:
            seat = most[0]
            said.append(
                self.text(
                    "widget.tablic.summary.most_cards",
                    player=names[seat],
                    n=result.cards[seat],
                    points=self.count("widget.points", result.most_cards[seat]),
                )
            )
        else:
            said.append(self.text("widget.tablic.summary.most_tie", n=result.cards[0]))
        said.append(
            self.text(
                "widget.tablic.summary.tabla_count",
                player0=names[0],
                tablas0=result.tablas[0],
                player1=names[1],
                tablas1=result.tablas[1],
            )
        )
        return said

    def turn_prompt(self) -> str:
        return self.text("widget.tablic.banner")

    def describe(self, paused: bool) -> str:
        """The moment for a ``repr`` (Tablić: the deal too)."""
        return super().describe(paused).replace("move", f"deal {self.state.deal_number}, move", 1)

    def status(self) -> str:
        state = self.state
        if self.paused and not state.is_over:
            # The banner asks for Continue; the header names the moment only, so it does
            # not say the banner's sentence again (a still has no Continue either).
            return self.text("widget.tablic.summary.title", deal=state.deal_results[-1].deal)
        if state.is_over:
            return self._status_over(state)
        if not self.is_my_turn():
            return self.text("widget.tablic.status.waiting", player=self.player(state.to_move))
        if self.selection.card is not None:
            return self._selection_status()
        if self.hot_seat:
            return self.text("widget.tablic.status.select_player", player=self.names()[self.viewer])
        return self.text("widget.tablic.status.select")

    def _selection_status(self) -> str:
        card = self.selection.card
        verdict, _ = self.capture_state()
        if verdict == "ready":
            shown = cards.format_cards(sorted(self.selection.chosen))
            return self.text(
                "widget.tablic.status.ready",
                card=card,
                cards=shown,
                details=self._details(self.selection.chosen),
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
            you = not self.hot_seat and result.leftovers_to == self.seat
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


@functools.lru_cache(maxsize=256)
def suggest(
    card: Card, table: tuple[Card, ...], rules: tablic.Rules, limit: int
) -> tuple[frozenset[Card], ...]:
    """The first ``limit`` maximal captures of ``card``, taken lazily (never all of them)."""
    return tuple(itertools.islice(tablic.iter_captures(card, table, _strict(rules)), limit))


@functools.lru_cache(maxsize=16)
def _strict(rules: tablic.Rules) -> tablic.Rules:
    # The rules with maximal captures only, made (and checked) once per rules, not per card.
    return dataclasses.replace(rules, capture_must_be_maximal=True)


def groups(card: Card, captured: frozenset[Card]) -> tuple[frozenset[Card], ...]:
    """The groups ``captured`` splits into, each adding up to ``card`` (numbered in the scene)."""
    return tablic.capture_groups(card, captured)


def missing(card: Card, chosen: frozenset[Card], refused: IllegalMove, locale: str) -> str:
    """What the capture ``chosen`` of ``card``, which the engine ``refused``, misses, in words:
    the sum short of a multiple of ``card``'s value, groups that do not split, or else the
    engine's reason."""
    short = tablic.capture_shortfall(card, chosen)  # the T-D2 sum, the engine's
    shown = cards.format_cards(sorted(chosen))
    if short is None or refused.key != "tablic.not_a_capture":
        return i18n.text("widget.tablic.status.refused", locale, reason=refused.text(locale))
    if short.missing:
        return i18n.text(
            "widget.tablic.status.missing",
            locale,
            cards=shown,
            total=short.total,
            value=short.value,
            missing=short.missing,
        )
    return i18n.text("widget.tablic.status.no_split", locale, cards=shown, value=short.value)
