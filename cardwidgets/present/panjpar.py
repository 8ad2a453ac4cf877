"""The Panjpar presenter: the scene of a position as one seat sees it (P-D9), with the
learner's half-made attack or defence (:class:`PanjparSelection`), as a pure function of both;
and the selection rules the widget asks (which hand cards extend an attack, which beat an
attack card).

Which hand cards can still extend a selection to a legal attack is worked out from rank counts
(:func:`panjpar.attack_extenders`, the engine's, which the RL action masks share), never from
the list of all attacks, which grows into the thousands with a big hand.

>>> from cardwidgets import cards, panjpar
>>> from cardwidgets.present import Moment
>>> start = panjpar.State.from_position(
...     hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦ 4♣ 10♠ 6♦", trump="♦")
>>> picked = PanjparSelection(picked=frozenset(cards.parse_many("7♥ 7♣")))
>>> shown = PanjparPresenter(Moment.of(start), picked)
>>> sorted(c.text for c in shown.extenders())
['2♠', '3♠', '9♦']
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from cardwidgets import cards
from cardwidgets import scene as _scene
from cardwidgets.cards import Card
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import PanjparView, can_complete
from cardwidgets.present.base import Presenter, hand_without
from cardwidgets.present.panjpar_words import attack_text, defence_shape

__all__ = ["PanjparPresenter", "PanjparSelection"]


@dataclasses.dataclass(frozen=True)
class PanjparSelection:
    """The learner's half-made move: the hand cards picked for an attack, or, defending, the
    attack card aimed at and the kills chosen (attack card -> the hand card that beats it)."""

    picked: frozenset[Card] = frozenset()
    target: Card | None = None
    kills: Mapping[Card, Card] = dataclasses.field(default_factory=dict)


@dataclasses.dataclass(frozen=True, eq=False)
class PanjparPresenter(Presenter[panjpar.State, PanjparSelection]):
    """The Panjpar scene of a :class:`~cardwidgets.present.Moment` and a selection."""

    selection: PanjparSelection = dataclasses.field(default_factory=PanjparSelection)
    guess_asked: bool | None = None
    """Whether the trump guess (P-D1) was asked for (the widget's ``guess`` option: True) or
    drawn from the seed (False); None: not known (a picture of a state), and no one is said
    to have guessed."""

    game = "panjpar"
    focus_zones = ("hand", "battle")

    @property
    def defending(self) -> bool:
        """Whether an attack lies on the table (the seat to move defends)."""
        return bool(self.state.attack)

    def hand(self) -> tuple[Card, ...]:
        return tuple(self.state.hands[self.viewer])

    def sizes(self) -> tuple[int, ...]:
        return self.state.attack_sizes()

    def extenders(self) -> frozenset[Card]:
        """The hand cards that, added to the selection, still lead to a legal attack (none
        while the learner is not the attacker: the engine answers for the attacker's hand)."""
        if self.viewer != self.state.attacker:
            return frozenset()
        return self.state.attack_extenders(self.selection.picked)

    def beaters(self, attacked: Card) -> tuple[Card, ...]:
        """The learner's hand cards that beat ``attacked`` (P-S12; none while the learner
        attacks: the engine answers for the defender's hand, hidden from him)."""
        if self.viewer == self.state.attacker:
            return ()
        return self.state.beaters(attacked)

    def attack_verdict(self) -> IllegalMove | None:
        """Why the selected cards are not a legal attack (the engine's reason), or None."""
        try:
            self.state.play(panjpar.Attack(tuple(self.selection.picked)))
        except IllegalMove as err:
            return err
        return None

    def move_words(self, move: panjpar.Move) -> str:
        if isinstance(move, panjpar.Attack):
            return self.text("widget.panjpar.words.attack", cards=attack_text(move.cards))
        assert isinstance(move, panjpar.Defend)
        kills, pickup = self._defence_parts(move, self.state)
        return self.text(
            f"widget.panjpar.words.{defence_shape(kills, pickup)}", kills=kills, pickup=pickup
        )

    def _defence_parts(self, move: panjpar.Defend, attacked: panjpar.State) -> tuple[str, str]:
        """The kills (``7♥ with 9♥, 7♣ with 8♣``) and the cards picked up, as text."""
        killed = {a for a, _ in move.kills.pairs}
        pickup = cards.format_cards(c for c in attacked.attack if c not in killed)
        kills = ", ".join(
            self.text("widget.panjpar.say.kill", card=a, killer=k) for a, k in move.kills.pairs
        )
        return kills, pickup

    def say(self, state: panjpar.State) -> str:
        move, parent = state.last_move, state.parent
        if move is None or parent is None or parent.to_move is None:
            return ""
        you = self.mover_is_learner(state)
        player = self.names()[int(parent.to_move)]
        if isinstance(move, panjpar.Attack):
            key = "widget.panjpar.say.you_attack" if you else "widget.panjpar.say.attack"
            return self.text(key, player=player, cards=attack_text(move.cards))
        assert isinstance(move, panjpar.Defend) and isinstance(parent, panjpar.State)
        parts = [self._say_defence(move, parent, player, you)]
        parts += self._say_draws(move, parent, state)
        if state.is_over:
            parts.append(self._status_over(state))
        return " ".join(p for p in parts if p)

    def _say_defence(
        self, move: panjpar.Defend, parent: panjpar.State, player: str, you: bool
    ) -> str:
        kills, pickup = self._defence_parts(move, parent)
        key = f"widget.panjpar.say.{'you_' if you else ''}{defence_shape(kills, pickup)}"
        return self.text(key, player=player, kills=kills, pickup=pickup)

    def _say_draws(
        self, move: panjpar.Defend, parent: panjpar.State, state: panjpar.State
    ) -> list[str]:
        """Who drew how many, attacker first (P-D2), and who took the indicator."""
        attacker, used = parent.attacker, len(move.kills)
        before = {attacker: len(parent.hands[attacker])}
        defender = 1 - attacker
        unbeaten = len(parent.attack) - used
        before[defender] = len(parent.hands[defender]) - used + unbeaten
        drawn = {seat: len(state.hands[seat]) - before[seat] for seat in (attacker, defender)}
        said = []
        if any(drawn.values()):
            drawing = [seat for seat in (attacker, defender) if drawn[seat]]
            parts = [self._draw_words(seat, drawn[seat], i > 0) for i, seat in enumerate(drawing)]
            said.append(", ".join(parts) + ".")
        if parent.trump_card is not None and state.trump_card is None:
            taker = defender if drawn[defender] else attacker
            you = not self.hot_seat and taker == self.seat
            said.append(
                self.text(
                    f"widget.panjpar.say.{'you_' if you else ''}indicator",
                    player=self.names()[taker],
                    card=parent.trump_card,
                )
            )
        return said

    def _draw_words(self, seat: int, n: int, later: bool) -> str:
        """``Computer draws 3`` / ``You draw 3``, or ``you draw 3`` after a comma."""
        key = "widget.panjpar.say.draws"
        if not self.hot_seat and seat == self.seat:
            key = "widget.panjpar.say.you_draw_then" if later else "widget.panjpar.say.you_draw"
        return self.text(key, player=self.names()[seat], n=n)

    def zones(self) -> list[_scene.Zone]:
        view: PanjparView = self.state.view(self.viewer)  # only what this seat may see (P-D9)
        return [
            self._opponent_zone(view),
            self._battle_zone(view),
            self._hand_zone(view),
            self._stock_zone(view),
            self._discard_zone(view),
        ]

    def in_flight(self) -> list[_scene.Zone]:
        """The move that led here caught in flight. An attack: the position after it, its
        cards on the table marked ``last``. A defence: the board before it, each killer over
        the card it kills (the killer ``beats``, the attack card it answers ``target``, as the
        learner's own defence is built), the cards to be picked up marked ``pickup``, before
        the battle is cleared away.

        >>> from cardwidgets import panjpar
        >>> from cardwidgets.present import Moment
        >>> state = panjpar.new_game(seed=2)
        >>> state = state.play(state.legal_moves()[0])
        >>> battle = PanjparPresenter(Moment.of(state)).in_flight()[1]["cards"]
        >>> {c["highlight"] for c in battle}
        {'last'}
        """
        move, parent = self.state.last_move, self.state.parent
        if move is None or parent is None or parent.to_move is None:
            return self.zones()
        if isinstance(move, panjpar.Attack):
            zones = self.zones()
            played = {c.text for c in move.cards}
            for zone in zones:
                for view in zone["cards"]:
                    view["selectable"] = False
                    if zone["id"] == "battle" and view["id"] in played:
                        view["highlight"] = "last"
            return zones
        assert isinstance(move, panjpar.Defend)
        zones = self.at(self.cursor - 1).zones()
        hand = "hand" if parent.to_move == self.viewer else "opponent-hand"
        for zone in zones:
            if zone["id"] == hand:
                for killer in move.kills.values():
                    zone["cards"] = hand_without(zone["cards"], killer.text)
                if hand == "opponent-hand":
                    zone["info"] = self._opponent_info(zone["cards"])
            elif zone["id"] == "battle":
                # the battle as the defence answers it; no note on a pair: under a pair it
                # would run out of the zone (the banner and the live region say who kills what)
                zone["cards"] = self._battle(
                    parent, move, "widget.panjpar.note.pickup", ("target", "beats")
                )
        return zones

    def _battle(
        self, before: panjpar.State, move: panjpar.Defend, picked: str, pair: tuple[str, str]
    ) -> list[_scene.CardView]:
        """The attack of ``before`` and how ``move`` answered it, slot by slot: each killed card
        with its killer (highlighted as ``pair``: the attack card's role, the killer's), each
        card picked up marked ``pickup`` with the note ``picked`` (a catalog key)."""
        kills = dict(move.kills.pairs)
        shown = []
        for slot, card in enumerate(before.attack):
            killer = kills.get(card)
            if killer is None:
                note = self.text(picked)
                shown.append(
                    _scene.french_card(card, self.locale, highlight="pickup", slot=slot, note=note)
                )
                continue
            shown.append(_scene.french_card(card, self.locale, highlight=pair[0], slot=slot))
            shown.append(_scene.french_card(killer, self.locale, highlight=pair[1], slot=slot))
        return shown

    def _opponent_zone(self, view: PanjparView) -> _scene.Zone:
        other = 1 - self.viewer
        size = view.hand_sizes[other]
        if self.open_hands:
            shown = [_scene.french_card(c, self.locale) for c in self.state.hands[other]]
        else:
            known = view.known[other]  # seen picked up or drawn: public
            note = self.text("widget.panjpar.note.known")
            shown = [_scene.french_card(c, self.locale, note=note) for c in known]
            shown += [_scene.back_card(other, i, self.locale) for i in range(size - len(known))]
        label = self.text("widget.panjpar.zone.opponent", player=self.names()[other])
        info = self._opponent_info(shown)
        return _scene.zone("opponent-hand", label, shown, layout="fan", owner=other, info=info)

    def _opponent_info(self, shown: list[_scene.CardView]) -> str:
        """How many cards the opponent holds, and whether some shown face up were seen."""
        counted = self.count("widget.cards", len(shown))
        seen = any(c["kind"] == "french" for c in shown) and not self.open_hands
        key = "widget.panjpar.info.opponent" if seen else "widget.panjpar.info.opponent_count"
        return self.text(key, cards=counted)

    def _battle_zone(self, view: PanjparView) -> _scene.Zone:
        attack = view.attack
        mine = self.is_my_turn() and bool(attack)
        shown: list[_scene.CardView] = []
        for slot, card in enumerate(attack):
            shown.append(self._attack_card(card, slot, mine))
            killer = self.selection.kills.get(card)
            if killer is not None:
                shown.append(_scene.french_card(killer, self.locale, highlight="beats", slot=slot))
        info = self._battle_info(view.attacker, bool(attack))
        last, parent = self.state.last_move, self.state.parent
        if not attack and isinstance(last, panjpar.Defend) and parent is not None:
            # the battle just fought, greyed: the kills (now set aside) and the cards picked
            # up; all of it was face up on the table (public)
            shown = self._battle(parent, last, "widget.panjpar.note.picked_up", ("muted", "muted"))
            info = self.text("widget.panjpar.info.last_battle", next=info)
        label = self.text("widget.panjpar.zone.battle")
        return _scene.zone("battle", label, shown, layout="pairs", info=info)

    def _battle_info(self, attacker: int, defending: bool) -> str:
        """Who attacks, or who defends: ``You defend: kill or pick up``."""
        seat = 1 - attacker if defending else attacker
        if not self.hot_seat and seat == self.seat:
            return self.text(f"widget.panjpar.info.you_{'defend' if defending else 'attack'}")
        key = "battle_defend" if defending else "battle_attack"
        return self.text(f"widget.panjpar.info.{key}", player=self.names()[seat])

    def _attack_card(self, card: Card, slot: int, mine: bool) -> _scene.CardView:
        role: str | None = None
        note = ""
        if card is self.selection.target:
            role = "target"
        elif mine and self.selection.kills and card not in self.selection.kills:
            role, note = "pickup", self.text("widget.panjpar.note.pickup")
        return _scene.french_card(
            card,
            self.locale,
            selectable=mine,
            selected=card is self.selection.target,
            highlight=role,
            slot=slot,
            note=note,
        )

    def _hand_zone(self, view: PanjparView) -> _scene.Zone:
        mine = self.is_my_turn()
        lit, role = self._lit_hand() if mine and self.hints else (frozenset(), None)
        used = {killer: attacked for attacked, killer in self.selection.kills.items()}
        shown = []
        for card in view.hand or ():
            marks: dict[str, object] = {"selectable": mine}
            if card in used:
                note = self.text("widget.panjpar.note.kills", card=used[card])
                marks.update(selected=True, highlight="muted", note=note)
            elif card in self.selection.picked:
                marks["selected"] = True
            elif card in lit:
                marks["highlight"] = role
            shown.append(_scene.french_card(card, self.locale, **marks))
        if not self.hot_seat:
            label = self.text("widget.panjpar.zone.hand")
        else:
            label = self.text("widget.panjpar.zone.hand_of", player=self.names()[self.viewer])
        info = self.count("widget.cards", len(shown))
        return _scene.zone("hand", label, shown, owner=self.viewer, info=info)

    def _lit_hand(self) -> tuple[frozenset[Card], str]:
        """Which hand cards light up, and how: what extends the attack, what beats the chosen
        attack card (``beats``), or what beats any attack card not yet killed."""
        if not self.defending:
            return self.extenders(), "playable"
        used = set(self.selection.kills.values())
        if self.selection.target is not None:
            return frozenset(
                c for c in self.beaters(self.selection.target) if c not in used
            ), "beats"
        open_cards = [c for c in self.state.attack if c not in self.selection.kills]
        found = {c for a in open_cards for c in self.beaters(a) if c not in used}
        return frozenset(found), "playable"

    def _stock_zone(self, view: PanjparView) -> _scene.Zone:
        # P-D9: one face-down card stands for the stock whatever its size (never a count).
        shown: list[_scene.CardView] = []
        suit = view.trump
        if view.trump_card is not None:
            shown.append(_scene.back_card("stock", 0, self.locale))
            note = self.text("widget.panjpar.note.indicator")
            shown.append(_scene.french_card(view.trump_card, self.locale, note=note))
        key = "stock_empty" if view.stock_empty else "stock"
        info = self.text(f"widget.panjpar.info.{key}", suit=suit.value)
        trump = _scene.badge(
            "flag",
            suit.value,
            label=self.text("widget.panjpar.badge.trump", suit=suit.name_in(self.locale)),
        )
        label = self.text("widget.panjpar.zone.stock")
        return _scene.zone("stock", label, shown, layout="stock", info=info, badges=[trump])

    def _discard_zone(self, view: PanjparView) -> _scene.Zone:
        top = view.discard_top
        shown = [] if top is None else [_scene.french_card(top, self.locale)]
        info = self.text("widget.panjpar.info.discard")
        label = self.text("widget.panjpar.zone.discard")
        return _scene.zone("discard", label, shown, layout="stack", info=info)

    def previews(self) -> dict[str, _scene.Preview]:
        if not self.is_my_turn() or not self.defending:
            return {}
        found: dict[str, _scene.Preview] = {}
        for attacked in self.state.attack:
            killers = self.beaters(attacked)
            targets: list[_scene.Target] = [
                {"zone": "hand", "card": c.text, "role": "beats", "group": None} for c in killers
            ]
            if killers:
                text = self.text(
                    "widget.panjpar.preview.beaten_by",
                    card=attacked,
                    cards=cards.format_cards(killers),
                )
            else:
                text = self.text("widget.panjpar.preview.unbeatable", card=attacked)
            found[f"battle:{attacked.text}"] = {"cards": targets, "text": text}
        used = set(self.selection.kills.values())
        for card in self.hand():
            if card in used:  # already lies on an attack card
                continue
            victims = self.state.beaten_by(card)
            if victims:
                found[f"hand:{card.text}"] = {
                    "cards": [
                        {"zone": "battle", "card": a.text, "role": "target", "group": None}
                        for a in victims
                    ],
                    "text": self.text(
                        "widget.panjpar.preview.beats", card=card, cards=cards.format_cards(victims)
                    ),
                }
        return found

    def move_actions(self) -> list[_scene.Action]:
        mine = self.is_my_turn()
        if mine and self.defending:
            kills = bool(self.selection.kills)
            return [
                _scene.action(
                    "defend",
                    self.text("widget.panjpar.action.defend"),
                    enabled=kills,
                    primary=kills,
                ),
                _scene.action(
                    "pickup", self.text("widget.panjpar.action.pickup"), primary=not kills
                ),
                _scene.action(
                    "cancel",
                    self.text("widget.action.cancel"),
                    enabled=kills or self.selection.target is not None,
                ),
            ]
        ready = mine and bool(self.selection.picked) and self.attack_verdict() is None
        return [
            _scene.action(
                "attack", self.text("widget.panjpar.action.attack"), enabled=ready, primary=ready
            ),
            _scene.action(
                "cancel",
                self.text("widget.action.cancel"),
                enabled=mine and bool(self.selection.picked),
            ),
        ]

    def legend_items(self) -> list[_scene.LegendItem]:
        roles = ("playable", "target", "beats", "pickup", "muted")
        return [
            {"role": role, "group": None, "text": self.text(f"widget.panjpar.legend.{role}")}
            for role in roles
        ]

    def turn_prompt(self) -> str:
        return self.text(f"widget.panjpar.banner.{'defend' if self.defending else 'attack'}")

    def describe(self, paused: bool) -> str:
        """The moment for a ``repr`` (Panjpar: the trumps too)."""
        return f"{super().describe(paused)}, trumps {self.state.trump.value}"

    def status(self) -> str:
        state = self.state
        if state.is_over:
            return self._status_over(state)
        if not self.is_my_turn():
            return self.text("widget.panjpar.status.waiting", player=self.player(state.to_move))
        said = self._defend_status() if self.defending else self._attack_status()
        if self.hot_seat:
            return self.text(
                "widget.panjpar.status.hot_seat", player=self.names()[self.viewer], status=said
            )
        return said

    def _attack_status(self) -> str:
        if not self.selection.picked:
            why = self._why_attack()
            sizes = self.sizes()
            if 5 in sizes:
                return self.text("widget.panjpar.status.attack", why=why)
            return self.text("widget.panjpar.status.attack_limited", why=why, limit=self._limit())
        verdict = self.attack_verdict()
        if verdict is None:
            shown = attack_text(tuple(self.selection.picked))
            return self.text("widget.panjpar.status.ready", cards=shown)
        reason = verdict.text(self.locale)
        if verdict.key in ("panjpar.limit_one", "panjpar.limit_three"):
            reason = self._limit()  # the end-game size rule, with its reason
        elif len(self.selection.picked) > max(self.sizes()):
            reason = f"{reason}. {self._limit()}"
        if self.hints and can_complete(self.selection.picked, self.hand(), self.sizes()):
            return self.text("widget.panjpar.status.not_yet", reason=reason)
        return self.text("widget.panjpar.status.not_attack", reason=reason)

    def _limit(self) -> str:
        """The end-game size rule (P-S23, P-D4): no more attack cards than the defender holds."""
        defender = 1 - self.state.attacker
        held = len(self.state.hands[defender])
        key = "widget.panjpar.limit.three" if 3 in self.sizes() else "widget.panjpar.limit.one"
        count = self.count("widget.cards", held)
        return self.text(key, player=self.names()[defender], cards=count)

    def _why_attack(self) -> str:
        """Why the learner attacks now: the trump guess at the start, all killed (the defender
        attacks), or a pick-up (the attacker again); P-S5, P-S14, P-S15."""
        state, names = self.state, self.names()
        you = "you_" if not self.hot_seat else ""  # the learner is the attacker here
        player, defender = names[state.attacker], names[1 - state.attacker]
        parent = state.parent
        if parent is None:
            return self._why_start(state)
        move = state.last_move
        assert isinstance(move, panjpar.Defend), "a battle ends with a defence"
        key = "killed_all" if len(move.kills) == len(parent.attack) else "picked_up"
        return self.text(f"widget.panjpar.why.{you}{key}", player=player, defender=defender)

    def _why_start(self, state: panjpar.State) -> str:
        """The trump guess (P-S5, P-D1) and who attacks first because of it."""
        guess, indicator = state.guess, state.trump_card
        if guess is None or indicator is None:
            return ""
        said, guesser, attacker = guess["guess"], guess["guesser"], state.attacker
        right = "right" if indicator.color == said else "wrong"
        if not self.guess_asked:
            # Nobody was asked: the seed drew the guess (or who made it is not known), so no
            # sentence says that anyone "guessed".
            how = "drawn" if self.guess_asked is False else "given"
            you = "you_" if not self.hot_seat and attacker == self.seat else ""
            key = f"{you}{how}"
        elif self.hot_seat:
            key = f"start_{right}"
        elif attacker == self.seat:
            key = f"you_start_{right}"
        else:  # the computer attacks first: it guessed right, or the learner guessed wrong
            key = "start_right" if guesser == attacker else "you_guessed_wrong"
        return self.text(
            f"widget.panjpar.why.{key}",
            guesser=self.names()[guesser],
            guess=self.text(f"widget.panjpar.guess.{said}"),
            card=indicator,
            colour=self.text(f"widget.panjpar.colour.{indicator.color}"),
            player=self.names()[attacker],
        )

    def _defend_status(self) -> str:
        state = self.state
        if self.selection.target is not None:
            return self._aim_status(self.selection.target)
        if not self.selection.kills:
            first = state.parent is not None and state.parent.parent is None
            said = self.text(
                "widget.panjpar.status.defend",
                player=self.names()[state.attacker],
                cards=attack_text(state.attack),
            )
            parent = state.parent
            return self._why_start(parent) + said if first and parent is not None else said
        joiner = ", "
        kills = joiner.join(
            self.text("widget.panjpar.say.kill", card=a, killer=k)
            for a, k in sorted(self.selection.kills.items())
        )
        rest = [c for c in state.attack if c not in self.selection.kills]
        if not rest:
            return self.text("widget.panjpar.status.kills_all", kills=kills)
        return self.text(
            "widget.panjpar.status.kills", kills=kills, pickup=cards.format_cards(rest)
        )

    def _aim_status(self, card: Card) -> str:
        if not self.beaters(card):
            return self.text("widget.panjpar.status.aim_none", card=card)
        trump = self.state.trump
        if card.suit is trump:
            return self.text("widget.panjpar.status.aim_trump", card=card)
        return self.text(
            "widget.panjpar.status.aim", card=card, suit=card.suit.value, trump=trump.value
        )

    def summary(self, state: panjpar.State) -> _scene.Summary | None:
        """The game-end summary: who won and why, the cards left in each hand (a count: the
        cards themselves stay hidden), and how many attacks each player made."""
        parent = state.parent
        if parent is None or not state.is_over or parent.is_over:
            return None
        attackers = [
            step.parent.to_move
            for step in state.path()
            if isinstance(step.last_move, panjpar.Attack) and step.parent is not None
        ]
        row = _scene.score_row
        sheet = _scene.score(
            list(self.names()),
            [
                row(self.text("widget.panjpar.summary.left"), [len(hand) for hand in state.hands]),
                row(
                    self.text("widget.panjpar.summary.attacks"),
                    [attackers.count(0), attackers.count(1)],
                ),
            ],
        )
        return {
            "title": self.text("widget.panjpar.summary.title"),
            "text": self._status_over(state),
            "score": sheet,
            "zones": [],
            "action": "continue",
        }

    def _status_over(self, state: panjpar.State) -> str:
        outcome = state.outcome
        if outcome is None or outcome.winner is None:
            return self.text("widget.panjpar.status.draw")
        loser = 1 - outcome.winner
        key = "win"
        if not self.hot_seat:
            key = "you_win" if outcome.winner == self.seat else "you_lose"
        return self.text(
            f"widget.panjpar.status.{key}",
            player=self.names()[outcome.winner],
            loser=self.names()[loser],
            cards=self.count("widget.cards", len(state.hands[loser])),
        )
