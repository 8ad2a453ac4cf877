"""The Tablić widget: select a hand card, see the groups it captures, choose, play.

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
['capture 2♦ J♠ (1 group, 2 points)']
>>> [(c["id"], c["highlight"], c["group"]) for c in w.zone("table")["cards"]][:2]
[('4♥', None, None), ('2♦', 'group', 1)]
>>> w.play().ply  # the computer replied
2
>>> w.log  # doctest: +NORMALIZE_WHITESPACE
['You play K♠ and capture 2♦ J♠.',
 'Computer plays A♠ and captures 4♥ 7♦. Tabla: the table is cleared (+1).']

The flow a learner follows in the browser is the same from Python: :meth:`TablicWidget.select`
a hand card (its capture groups light up, numbered), :meth:`TablicWidget.choose` among the
captures (maximal ones first), then :meth:`TablicWidget.play`; :meth:`TablicWidget.trail` lays
the card on the table. :meth:`TablicWidget.play` also takes a move's text (``"8♦ x 3♠ 5♥"``).

Trade-offs: the option list holds every legal capture of the selected card (maximal first);
a table rich in low cards could make it long, so it is cut at :data:`MAX_OPTIONS` with the
maximal ones always kept (the learner can still click table cards or type the move).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from cardwidgets import cards, i18n
from cardwidgets import scene as _scene
from cardwidgets.cards import Card, CardLike
from cardwidgets.games import tablic
from cardwidgets.widgets.base import GameWidget, WidgetError

__all__ = ["MAX_OPTIONS", "TablicWidget"]

MAX_OPTIONS = 24
"""At most this many capture options are listed for one card."""
LOG_LINES = 12
"""The scene carries the last this many log sentences (:attr:`TablicWidget.log` has all)."""

i18n.register(
    {
        "widget.tablic.title": {"en": "Tablić", "de": "Tablić"},
        "widget.tablic.you": {"en": "You", "de": "Du"},
        "widget.tablic.computer": {"en": "Computer", "de": "Computer"},
        "widget.tablic.player": {"en": "Player {n}", "de": "Spieler {n}"},
        "widget.tablic.zone.opponent": {"en": "{player}: hand", "de": "{player}: Hand"},
        "widget.tablic.zone.hand": {"en": "Your hand", "de": "Deine Hand"},
        "widget.tablic.zone.hand_of": {"en": "{player}: hand", "de": "{player}: Hand"},
        "widget.tablic.zone.table": {"en": "Table", "de": "Tisch"},
        "widget.tablic.zone.pile": {"en": "{player}: pile", "de": "{player}: Stapel"},
        "widget.tablic.zone.stock": {"en": "Stock", "de": "Talon"},
        "widget.tablic.info.cards": {"en": "{n} cards", "de": "{n} Karten"},
        "widget.tablic.info.pile": {
            "en": "{n} cards · {points} points",
            "de": "{n} Karten · {points} Punkte",
        },
        "widget.tablic.info.stock": {
            "en": "{n} cards · bottom card shown",
            "de": "{n} Karten · unterste Karte offen",
        },
        "widget.tablic.info.round": {
            "en": "deal {deal} · round {round} of 4",
            "de": "Spiel {deal} · Runde {round} von 4",
        },
        "widget.tablic.status.select": {
            "en": "Your turn: select a card from your hand",
            "de": "Du bist dran: wähle eine Karte aus deiner Hand",
        },
        "widget.tablic.status.select_player": {
            "en": "{player}'s turn: select a card from the hand",
            "de": "{player} ist dran: wähle eine Karte aus der Hand",
        },
        "widget.tablic.status.choose": {
            "en": "{card} can capture: choose a capture, then Capture; or Trail",
            "de": "{card} kann stechen: wähle einen Stich, dann Stechen; oder Ablegen",
        },
        "widget.tablic.status.nothing": {
            "en": "{card} captures nothing here: Trail it, or pick another card",
            "de": "{card} sticht hier nichts: lege sie ab oder wähle eine andere Karte",
        },
        "widget.tablic.status.waiting": {
            "en": "{player} to move",
            "de": "{player} ist am Zug",
        },
        "widget.tablic.status.win": {
            "en": "Game over: {player} won {high} to {low}",
            "de": "Spiel vorbei: {player} gewinnt {high} zu {low}",
        },
        "widget.tablic.status.draw": {
            "en": "Game over: a draw at {score}",
            "de": "Spiel vorbei: unentschieden bei {score}",
        },
        "widget.tablic.status.history": {
            "en": "{status} (move {ply} of {plies})",
            "de": "{status} (Zug {ply} von {plies})",
        },
        "widget.tablic.option": {
            "en": "capture {cards} ({details})",
            "de": "nimm {cards} ({details})",
        },
        "widget.tablic.option.groups": {
            "en": "{n} groups",
            "de": "{n} Gruppen",
        },
        "widget.tablic.option.group": {"en": "1 group", "de": "1 Gruppe"},
        "widget.tablic.option.points": {"en": "{n} points", "de": "{n} Punkte"},
        "widget.tablic.option.point": {"en": "1 point", "de": "1 Punkt"},
        "widget.tablic.option.tabla": {"en": "tabla", "de": "Tabla"},
        "widget.tablic.action.play": {"en": "Capture", "de": "Stechen"},
        "widget.tablic.action.trail": {"en": "Trail", "de": "Ablegen"},
        "widget.tablic.say.you_capture": {
            "en": "You play {card} and capture {captured}.",
            "de": "Du spielst {card} und nimmst {captured}.",
        },
        "widget.tablic.say.capture": {
            "en": "{player} plays {card} and captures {captured}.",
            "de": "{player} spielt {card} und nimmt {captured}.",
        },
        "widget.tablic.say.you_trail": {
            "en": "You lay {card} on the table.",
            "de": "Du legst {card} auf den Tisch.",
        },
        "widget.tablic.say.trail": {
            "en": "{player} lays {card} on the table.",
            "de": "{player} legt {card} auf den Tisch.",
        },
        "widget.tablic.say.tabla": {
            "en": "Tabla: the table is cleared (+1).",
            "de": "Tabla: der Tisch ist leer (+1).",
        },
        "widget.tablic.say.leftovers": {
            "en": "The cards left on the table ({cards}) go to {player}.",
            "de": "Die übrigen Tischkarten ({cards}) gehen an {player}.",
        },
        "widget.tablic.say.deal_end": {
            "en": "Deal {deal} ends: {player0} {score0}, {player1} {score1}.",
            "de": "Spiel {deal} endet: {player0} {score0}, {player1} {score1}.",
        },
        "widget.tablic.not_in_hand": {
            "en": "{card} is not in your hand.",
            "de": "{card} ist nicht in deiner Hand.",
        },
        "widget.tablic.select_first": {
            "en": "Select a card from your hand first.",
            "de": "Wähle zuerst eine Karte aus deiner Hand.",
        },
        "widget.tablic.choose_first": {
            "en": "{card} captures nothing here; use Trail to lay it on the table.",
            "de": "{card} sticht hier nichts; mit Ablegen kommt sie auf den Tisch.",
        },
        "widget.tablic.no_option": {
            "en": "There is no capture number {n} for {card}.",
            "de": "Es gibt keinen Stich Nummer {n} für {card}.",
        },
        "widget.tablic.hint": {"en": "Hint: {move}. {reason}", "de": "Tipp: {move}. {reason}"},
    }
)


class TablicWidget(GameWidget):
    """Play or replay Tablić from one seat's view (RULES.md §2).

    ``seed`` deals a new match (fresh if None); ``state`` shows any position instead (from
    :func:`cardwidgets.tablic.new_game` or :meth:`cardwidgets.tablic.State.from_position`).
    ``opponent``: None for the computer (a greedy player seeded from the game), a bot name
    (``"random"``, ``"greedy"``, ``"expert"``), any object with ``choose(state)``, or
    ``"human"`` for hot-seat play (the view follows the player to move). ``open_hands`` shows
    both hands (teacher switch); ``hints`` shows what each hand card could capture.
    """

    game = "tablic"

    def __init__(
        self,
        *,
        seed: int | str | None = None,
        state: tablic.State | None = None,
        seat: int = 0,
        opponent: object = None,
        locale: str = "en",
        four_color: bool = False,
        open_hands: bool = False,
        hints: bool = True,
        rules: tablic.Rules | None = None,
        theme: str = "auto",
    ) -> None:
        if state is None:
            seed = cards.fresh_seed() if seed is None else seed
            state = tablic.new_game(seed=seed, rules=rules)
        elif rules is not None and rules != state.rules:
            raise TypeError("rules go with a seed; a state brings its own rules")
        if seed is None:
            start = state.to_record()["start"]
            seed = start.get("seed", 0) if isinstance(start, dict) else 0
        self._selected: Card | None = None
        self._options: list[frozenset[Card]] = []
        self._option: int | None = None
        self._new_games = 0
        super().__init__(
            state,
            seat=seat,
            opponent=opponent,
            seed=seed if isinstance(seed, (int, str)) else 0,
            locale=locale,
            four_color=four_color,
            open_hands=open_hands,
            hints=hints,
            theme=theme,
        )

    # -- the learner's actions ---------------------------------------------------------------
    def select(self, card: CardLike) -> None:
        """Select a hand card (again: unselect it); its capture options appear, maximal first."""
        with self.reporting():
            played = cards.to_card(card)
            self._check_turn()
            if played not in self.state.hands[self.viewer]:
                raise WidgetError("widget.tablic.not_in_hand", card=played)
            if self._selected is played:
                self.clear_selection()
            else:
                self._selected = played
                self._options = self._ordered_options(played)
                self._option = 0 if self._options else None
            self._message = None
            self.refresh()

    def choose(self, index: int) -> None:
        """Choose capture option ``index`` (0-based, as listed in ``scene["options"]``)."""
        with self.reporting():
            if self._selected is None:
                raise WidgetError("widget.tablic.select_first")
            if not 0 <= index < len(self._options[:MAX_OPTIONS]):
                raise WidgetError("widget.tablic.no_option", n=index + 1, card=self._selected)
            self._option = index
            self._message = None
            self.refresh()

    def play(self, move: tablic.Move | str | None = None) -> tablic.State:
        """Play ``move`` (a Move or its text, e.g. ``"8♦ x 3♠ 5♥"``), or the selected card with
        the chosen capture. The opponent replies; returns the new state."""
        if move is None:
            with self.reporting():
                if self._selected is None:
                    raise WidgetError("widget.tablic.select_first")
                if self._option is None:
                    raise WidgetError("widget.tablic.choose_first", card=self._selected)
                move = tablic.Move(self._selected, self._options[self._option])
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

    def hint(self) -> None:
        """Select the move the greedy player suggests and say why."""
        with self.reporting():
            self._check_turn()
            move, reason = self._suggest()
            self._selected = move.card
            self._options = self._ordered_options(move.card)
            self._option = self._options.index(move.captured) if move.captured else None
            self._message = _scene.message(
                "info", self.text("widget.tablic.hint", move=move, reason=reason)
            )
            self.refresh()

    def new(self) -> None:
        """Start a new match (its seed follows from this widget's seed)."""
        self._new_games += 1
        self.state = tablic.new_game(seed=f"{self._seed}/{self._new_games}", rules=self.state.rules)

    # -- hooks of GameWidget -----------------------------------------------------------------
    def on_card(self, zone: str, card: str) -> None:
        if zone == "table":
            self._toggle_table_card(cards.parse(card))
        else:
            self.select(card)

    def on_action(self, action: str) -> None:
        actions: dict[str, Callable[[], object]] = {
            "play": self.play,
            "trail": self.trail,
            "cancel": self.cancel,
            "hint": self.hint,
            "new": self.new,
        }
        if action not in actions:
            raise WidgetError("widget.not_available", what=action)
        actions[action]()

    def clear_selection(self) -> None:
        self._selected = None
        self._options = []
        self._option = None

    def describe_move(self, state: Any) -> str:
        move, parent = state.last_move, state.parent
        if move is None or parent is None or parent.to_move is None:
            return ""
        mover = int(parent.to_move)
        you = self.opponent is not None and mover == self.seat
        player = self.names()[mover]
        captured = cards.format_cards(sorted(move.captured))
        if move.captured:
            key = "widget.tablic.say.you_capture" if you else "widget.tablic.say.capture"
        else:
            key = "widget.tablic.say.you_trail" if you else "widget.tablic.say.trail"
        parts = [self.text(key, player=player, card=move.card, captured=captured)]
        last = state.view(None)["last_move"]
        if last is not None and last.get("tabla"):
            parts.append(self.text("widget.tablic.say.tabla"))
        if len(state.deal_results) > len(parent.deal_results):
            parts.extend(self._deal_sentences(state.deal_results[-1]))
        if state.is_over and state.outcome is not None:
            parts.append(self._status_over(state) + ".")
        return " ".join(parts)

    def describe(self) -> str:
        state = self.state
        if state.is_over:
            turn = "game over"
        elif self.is_my_turn():
            turn = "your turn" if self.opponent is not None else f"player {state.to_move + 1}"
        else:
            turn = f"seat {state.to_move} to move"
        return f"seat={self.seat}, deal {state.deal_number}, move {state.ply}, {turn}"

    # -- reading the scene -------------------------------------------------------------------
    def zone(self, zone_id: str) -> _scene.Zone:
        """The zone ``zone_id`` of the current scene (``"hand"``, ``"table"`` …)."""
        for found in self.scene["zones"]:
            if found["id"] == zone_id:
                result: _scene.Zone = found
                return result
        raise KeyError(zone_id)

    @property
    def selected(self) -> Card | None:
        """The selected hand card, or None."""
        return self._selected

    @property
    def options(self) -> list[frozenset[Card]]:
        """The legal captures of the selected card, in the order shown (maximal first)."""
        return list(self._options)

    @property
    def log(self) -> list[str]:
        """Every move of the line up to the position shown, in words."""
        return [self.describe_move(s) for s in self._line[1 : self._cursor + 1]]

    def names(self) -> tuple[str, str]:
        """The players' names as shown: "You" and "Computer", or "Player 1/2" in hot-seat."""
        if self.opponent is None:
            return (
                self.text("widget.tablic.player", n=1),
                self.text("widget.tablic.player", n=2),
            )
        names = ["", ""]
        names[self.seat] = self.text("widget.tablic.you")
        names[1 - self.seat] = self.text("widget.tablic.computer")
        return (names[0], names[1])

    # -- internals ---------------------------------------------------------------------------
    def _check_turn(self) -> None:
        if self.state.is_over:
            raise WidgetError("widget.game_over")
        if not self.is_my_turn():
            raise WidgetError("widget.not_your_turn")

    def _ordered_options(self, card: Card) -> list[frozenset[Card]]:
        state = self.state
        table, rules = state.table, state.rules
        maximal = tablic.maximal_captures(card, table, rules)
        seen = set(maximal)
        rest = [c for c in tablic.iter_captures(card, table, rules) if c not in seen]
        return [*maximal, *rest[: max(0, MAX_OPTIONS - len(maximal))]]

    def _toggle_table_card(self, card: Card) -> None:
        """A click on a table card picks a capture that takes it (or, if taken, one that
        does not)."""
        with self.reporting():
            if self._selected is None:
                raise WidgetError("widget.tablic.select_first")
            current = self._options[self._option] if self._option is not None else frozenset()
            want = card not in current
            for index, option in enumerate(self._options):
                if (card in option) == want and (not want or current <= option):
                    self._option = index
                    break
            else:
                for index, option in enumerate(self._options):
                    if (card in option) == want:
                        self._option = index
                        break
            self.refresh()

    def _suggest(self) -> tuple[tablic.Move, str]:
        try:
            from cardwidgets import bots
        except ImportError:
            bots = None  # type: ignore[assignment]
        if bots is not None:
            found = bots.hint(self.state, self.viewer, self.locale)
            return found.move, found.reason
        moves = self.state.legal_moves()
        best = max(moves, key=lambda m: (len(m.captured), str(m)))
        return best, ""

    def _tabla_possible(self) -> bool:
        state = self.state
        if state.rules.final_card_tabla:
            return True
        last_card = not state.stock and sum(len(h) for h in state.hands) == 1
        return not last_card

    def _option_label(self, option: frozenset[Card], groups: int) -> str:
        assert self._selected is not None
        details = [
            self.text("widget.tablic.option.group")
            if groups == 1
            else self.text("widget.tablic.option.groups", n=groups)
        ]
        points = sum(tablic.card_points(c) for c in option) + tablic.card_points(self._selected)
        details.append(
            self.text("widget.tablic.option.point")
            if points == 1
            else self.text("widget.tablic.option.points", n=points)
        )
        if len(option) == len(self.state.table) and self._tabla_possible():
            details.append(self.text("widget.tablic.option.tabla"))
        return self.text(
            "widget.tablic.option",
            cards=cards.format_cards(sorted(option)),
            details=", ".join(details),
        )

    def _deal_sentences(self, result: tablic.DealResult) -> list[str]:
        names = self.names()
        said = []
        if result.leftovers and result.leftovers_to is not None:
            said.append(
                self.text(
                    "widget.tablic.say.leftovers",
                    cards=cards.format_cards(result.leftovers),
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

    def _status_over(self, state: tablic.State) -> str:
        outcome = state.outcome
        totals = state.totals
        if outcome is None or outcome.winner is None:
            return self.text("widget.tablic.status.draw", score=f"{totals[0]}:{totals[1]}")
        return self.text(
            "widget.tablic.status.win",
            player=self.names()[outcome.winner],
            high=max(totals),
            low=min(totals),
        )

    def _status(self) -> str:
        state = self.state
        names = self.names()
        if state.is_over:
            status = self._status_over(state)
        elif not self.is_my_turn():
            status = self.text("widget.tablic.status.waiting", player=names[state.to_move])
        elif self._selected is not None:
            key = "widget.tablic.status.choose" if self._options else "widget.tablic.status.nothing"
            status = self.text(key, card=self._selected)
        elif self.opponent is None:
            status = self.text("widget.tablic.status.select_player", player=names[self.viewer])
        else:
            status = self.text("widget.tablic.status.select")
        if self._cursor < len(self._line) - 1:
            status = self.text(
                "widget.tablic.status.history",
                status=status,
                ply=state.ply,
                plies=self._line[-1].ply,
            )
        return status

    # -- the scene ---------------------------------------------------------------------------
    def build_scene(self) -> _scene.Scene:
        state = self.state
        locale = self.locale
        me = self.viewer
        other = 1 - me
        view = state.view(me)  # only what this seat may see (DESIGN principle 5)
        names = self.names()
        my_turn = self.is_my_turn()
        table: tuple[Card, ...] = state.table

        groups: dict[Card, int] = {}
        chosen: frozenset[Card] = frozenset()
        if self._selected is not None and self._option is not None:
            chosen = self._options[self._option]
            for number, group in enumerate(tablic.capture_groups(self._selected, chosen), 1):
                for card in group:
                    groups[card] = number
        takeable: frozenset[Card] = frozenset().union(*self._options) if self._options else chosen
        last = view["last_move"]
        trailed = (
            last["card"]
            if last is not None and not last["captured"] and last["seat"] != me
            else None
        )
        table_cards = [
            _scene.face_card(
                card,
                locale,
                selectable=self._selected is not None and card in takeable,
                highlight="group" if card in groups else "last" if card.text == trailed else None,
                group=groups.get(card),
            )
            for card in table
        ]

        hand = cards.to_cards(view["hand"])
        previews: dict[str, _scene.Preview] = {}
        playable: set[Card] = set()
        if my_turn and self.hints:
            for card in hand:
                best = tablic.maximal_captures(card, table, state.rules)
                if best:
                    playable.add(card)
                    split = tablic.capture_groups(card, best[0])
                    previews[card.text] = {"groups": [[c.text for c in sorted(g)] for g in split]}
        hand_cards = [
            _scene.face_card(
                card,
                locale,
                selectable=my_turn,
                selected=card is self._selected,
                highlight="playable" if card in playable else None,
            )
            for card in hand
        ]

        if self.open_hands:
            other_cards = [_scene.face_card(c, locale) for c in state.hands[other]]
        else:
            shown = cards.to_cards(view["revealed"][other])  # the public bottom card (T-D8)
            hidden = view["hand_sizes"][other] - len(shown)
            other_cards = [_scene.face_card(c, locale) for c in shown] + [
                _scene.hidden_card(other, i, locale) for i in range(hidden)
            ]
        bottom = view["stock_bottom"]
        stock_cards = [] if bottom is None else [_scene.face_card(cards.parse(bottom), locale)]
        own_label = (
            self.text("widget.tablic.zone.hand")
            if self.opponent is not None
            else self.text("widget.tablic.zone.hand_of", player=names[me])
        )

        zones = [
            _scene.zone(
                "opponent-hand",
                self.text("widget.tablic.zone.opponent", player=names[other]),
                other_cards,
                layout="fan",
                owner=other,
                info=self.text("widget.tablic.info.cards", n=view["hand_sizes"][other]),
            ),
            _scene.zone(
                "table",
                self.text("widget.tablic.zone.table"),
                table_cards,
                info=self.text("widget.tablic.info.cards", n=len(table)),
            ),
            _scene.zone(
                "hand",
                own_label,
                hand_cards,
                owner=me,
                info=self.text("widget.tablic.info.round", deal=view["deal"], round=view["round"]),
            ),
        ]
        for seat in (me, other):
            pile = view["piles"][seat]
            zones.append(
                _scene.zone(
                    f"pile-{seat}",
                    self.text("widget.tablic.zone.pile", player=names[seat]),
                    [],
                    layout="stack",
                    owner=seat,
                    info=self.text(
                        "widget.tablic.info.pile", n=pile["cards"], points=pile["points"]
                    ),
                )
            )
        zones.append(
            _scene.zone(
                "stock",
                self.text("widget.tablic.zone.stock"),
                stock_cards,
                layout="stack",
                info=self.text(
                    "widget.tablic.info.stock" if stock_cards else "widget.tablic.info.cards",
                    n=view["stock"],
                ),
            )
        )

        options: list[_scene.Option] = []
        if self._selected is not None:
            maximal = set(tablic.maximal_captures(self._selected, table, state.rules))
            for index, option in enumerate(self._options[:MAX_OPTIONS]):
                split = tablic.capture_groups(self._selected, option)
                options.append(
                    {
                        "index": index,
                        "label": self._option_label(option, len(split)),
                        "selected": index == self._option,
                        "maximal": option in maximal,
                        "groups": [[c.text for c in sorted(g)] for g in split],
                    }
                )

        selected = self._selected is not None
        can_capture = selected and self._option is not None
        actions = [
            _scene.action(
                "play",
                self.text("widget.tablic.action.play"),
                enabled=can_capture,
                primary=can_capture,
            ),
            _scene.action(
                "trail",
                self.text("widget.tablic.action.trail"),
                enabled=selected,
                primary=selected and not can_capture,
            ),
            _scene.action("cancel", self.text("widget.action.cancel"), enabled=selected),
        ]
        if self.hints:
            actions.append(_scene.action("hint", self.text("widget.action.hint"), enabled=my_turn))
        actions.extend(self.navigation_actions())
        actions.append(_scene.action("new", self.text("widget.action.new")))

        first = max(1, self._cursor - LOG_LINES + 1)
        log = [self.describe_move(s) for s in self._line[first : self._cursor + 1]]
        score: _scene.Score = {
            "columns": list(names),
            "rows": [list(r.scores) for r in state.deal_results],
            "tablas": list(view["tablas"]),
            "totals": list(view["totals"]),
        }
        return _scene.make_scene(
            game=self.game,
            title=self.text("widget.tablic.title"),
            locale=locale,
            seat=me,
            status=self._status(),
            zones=zones,
            options=options,
            actions=actions,
            previews=previews,
            log=log,
            score=score,
        )
