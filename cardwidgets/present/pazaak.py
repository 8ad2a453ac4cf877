"""The Pazaak presenter: two 3×3 tables, totals, sets won, side cards with their signs, the
odds, as a pure function of a position, the seat, the learner's side card and sign
(:class:`PazaakSelection`) and the ``odds`` switch. What a side card would do to a table
(Z-D9) is the engine's answer (:meth:`pazaak.State.card_effect`).

>>> from cardwidgets import pazaak
>>> from cardwidgets.present import Moment
>>> start = pazaak.State.from_position(
...     hands=["+3 -4 ±2 +1", "-1 -2 +5 ±6"], deck=[8, 5, 7, 9, 6], seed=1)
>>> chosen = PazaakSelection(pazaak.SideCard.parse("±2"))
>>> [o["label"] for o in PazaakPresenter(Moment.of(start), chosen).scene()["options"]]
['±2 as +2 (total 10)', '±2 as -2 (total 6)']
"""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any, Literal

from cardwidgets import scene as _scene
from cardwidgets.games import pazaak
from cardwidgets.games.pazaak import Placed
from cardwidgets.games.pazaak.sidecards import FLIPPED
from cardwidgets.present import pazaak_words as words
from cardwidgets.present.base import Presenter

__all__ = [
    "PazaakPresenter",
    "PazaakSelection",
    "set_ended",
    "set_result",
    "totals_note",
]


@dataclasses.dataclass(frozen=True)
class PazaakSelection:
    """The learner's half-made move: the side card selected and the sign declared for it
    (for ``±1/2``, the value), or None."""

    card: pazaak.SideCard | None = None
    sign: int | None = None


@dataclasses.dataclass(frozen=True, eq=False)
class PazaakPresenter(Presenter[pazaak.State, PazaakSelection]):
    """The Pazaak scene of a :class:`~cardwidgets.present.Moment`, a selection, and the
    ``odds`` switch (bust chance and the totals side cards would make)."""

    selection: PazaakSelection = PazaakSelection()
    odds: bool = True

    game = "pazaak"
    focus_zones = ("hand", "table")

    def bust_chance(self) -> Fraction:
        """The exact chance (a Fraction) that the learner's next main-deck card busts him, from
        what he can see."""
        return pazaak.bust_probability(self.state, self.viewer)

    def move_words(self, move: pazaak.Move) -> str:
        if isinstance(move, pazaak.PlayCard):
            value = move.card.options.get(move.sign)
            if move.sign is None or value is None:
                return self.text("widget.pazaak.words.play", card=move.card)
            return self.text(
                "widget.pazaak.words.play_as", card=move.card, value=words.signed(value)
            )
        key = (
            "widget.pazaak.words.end"
            if isinstance(move, pazaak.EndTurn)
            else "widget.pazaak.words.stand"
        )
        return self.text(key)

    def said(self, key: str, seat: int, /, **params: object) -> str:
        """The sentence ``key`` about ``seat``: its ``.you`` form when that seat is the learner
        (English and German conjugate for "you")."""
        if not self.hot_seat and seat == self.seat:
            return self.text(key + ".you", **params)
        return self.text(key, player=self.names()[seat], **params)

    def values_text(self, card: pazaak.SideCard) -> str:
        shown = [words.signed(v) for v in card.options.values()]
        return self.text("widget.pazaak.or", a=", ".join(shown[:-1]), b=shown[-1])

    def choices(self, card: pazaak.SideCard) -> list[tuple[int | None, int | None]]:
        """Each (sign, total) the learner's ``card`` could make now (total None: D on an empty
        table)."""
        placed = self.state.placed[self.viewer]
        if card.text == "D" and not placed:
            return [(None, None)]
        return [
            (sign, self.state.card_effect(card, sign, self.viewer).total) for sign in card.options
        ]

    def say(self, state: pazaak.State) -> str:
        return self._say(state)

    def said_text(self, item: Any) -> str:
        """As the frame says it; but on a set's summary the move that ended the set is told
        without the next set's start (its starter, its first draw): the summary is one moment."""
        if self.paused and item is self.state:
            return self._say(item, next_set=False)
        return super().said_text(item)

    def _say(self, state: pazaak.State, *, next_set: bool = True) -> str:
        parent, move = state.parent, state.last_move
        if move is None or parent is None or parent.to_move is None:
            return ""
        mover = int(parent.to_move)
        ended = set_ended(parent, state)
        final = list(_last_tables(state)) if ended else list(state.placed)
        played = isinstance(move, pazaak.PlayCard)
        upto = len(parent.placed[mover]) + played
        said = [self._move_sentence(move, mover, sum(v for _, v in final[mover][:upto]))]
        # A hand card's forced stand comes first; after an ended turn the opponent draws first.
        for seat in (mover, 1 - mover) if played else (1 - mover, mover):
            said += self._draw_sentences(parent, move, mover, seat, final[seat])
        if ended:
            said += self._set_sentences(parent, state, next_set=next_set)
        return " ".join(said)

    def _move_sentence(self, move: pazaak.Move, mover: int, total: int) -> str:
        if isinstance(move, pazaak.PlayCard):
            value = move.card.options.get(move.sign)
            if move.sign is None or value is None:
                return self.said("widget.pazaak.say.play", mover, card=move.card, total=total)
            return self.said(
                "widget.pazaak.say.play_as",
                mover,
                card=move.card,
                value=words.signed(value),
                total=total,
            )
        key = (
            "widget.pazaak.say.end"
            if isinstance(move, pazaak.EndTurn)
            else "widget.pazaak.say.stand"
        )
        return self.said(key, mover, total=total)

    def _draw_sentences(
        self,
        parent: pazaak.State,
        move: pazaak.Move,
        mover: int,
        seat: int,
        final: tuple[Placed, ...],
    ) -> list[str]:
        """The automatic draws of ``seat`` after ``move``, and the forced stand they caused."""
        before = len(parent.placed[seat]) + (seat == mover and isinstance(move, pazaak.PlayCard))
        said = []
        for index in range(before, len(final)):
            total = sum(v for _, v in final[: index + 1])
            said.append(self._draw_sentence(seat, final[index][1], total, first=index == 0))
        stood_by_choice = parent.standing[seat] or (
            seat == mover and isinstance(move, pazaak.Stand)
        )
        total = sum(v for _, v in final)
        if not stood_by_choice and len(final) > len(parent.placed[seat]):
            if total == pazaak.TARGET:
                said.append(self.said("widget.pazaak.say.twenty", seat))
            elif len(final) >= pazaak.MAX_CARDS and not parent.rules.fill_table_wins:
                said.append(self.said("widget.pazaak.say.nine", seat))
        return said

    def _set_sentences(
        self, parent: pazaak.State, state: pazaak.State, *, next_set: bool = True
    ) -> list[str]:
        """How the set ended with the move to ``state`` ended, then (``next_set``) how the next
        one begins; a summary tells the set alone."""
        winner, reason, values = set_result(state)
        n = parent.set_number
        totals = [sum(v) for v in values]
        if reason == "tie":
            said = [self.text("widget.pazaak.say.tie", n=n, total=totals[0])]
        else:
            assert winner is not None  # only a tied set has no winner (Z-S16)
            said = self._set_won_sentences(reason, winner, n, totals)
        if state.is_over:
            assert winner is not None  # a match ends on a set won
            high, low = max(state.sets_won), min(state.sets_won)
            said.append(self.said("widget.pazaak.say.match", winner, high=high, low=low))
        elif next_set:
            said.append(self.said("widget.pazaak.say.next_set", state.starter, n=state.set_number))
            first = state.placed[state.starter][0][1]
            said.append(self._draw_sentence(state.starter, first, first, first=True))
        return said

    def _draw_sentence(self, seat: int, card: int, total: int, *, first: bool) -> str:
        """``seat`` draws ``card`` and has ``total``; the first card of a table is its total,
        so the total is not said again ("You draw 10.", not "You draw 10: 10.")."""
        if first:
            return self.said("widget.pazaak.say.draw_first", seat, card=card)
        return self.said("widget.pazaak.say.draw", seat, card=card, total=total)

    def _set_won_sentences(self, reason: str, winner: int, n: int, totals: list[int]) -> list[str]:
        """How ``winner`` won set ``n``: the other bust, a higher total, a tiebreaker, a full
        table."""
        if reason == "bust":
            return [
                self.said("widget.pazaak.say.bust", 1 - winner, total=totals[1 - winner]),
                self.said("widget.pazaak.say.wins_set", winner, n=n),
            ]
        if reason == "higher":
            high, low = max(totals), min(totals)
            return [self.said("widget.pazaak.say.higher", winner, n=n, high=high, low=low)]
        # "tiebreaker" or "fill"
        return [self.said(f"widget.pazaak.say.{reason}", winner, n=n, total=totals[0])]

    def zones(self) -> list[_scene.Zone]:
        me, other = self.viewer, 1 - self.viewer
        # On a set's summary the engine has begun the next set: draw the tables that ended.
        table = self._finished_table_zone if self.paused else self._table_zone
        return [
            self._hand_zone(other),
            table(other),
            self._deck_zone(),
            table(me),
            self._hand_zone(me),
        ]

    def in_flight(self) -> list[_scene.Zone]:
        """The move that led here caught in flight: the mover's table and hand as the move
        left them (a side card played on the table, "stands" on its badges), the card it drew
        at the start of its turn still marked ``last`` beside what it played; the other seat's
        zones and the deck as before the move (its automatic draw comes after). A move that
        ends the set shows the tables the set ended on.

        >>> from cardwidgets import pazaak
        >>> from cardwidgets.present import Moment
        >>> state = pazaak.new_game(seed=4).play("end turn")  # seat 1 draws, then ends
        >>> state = state.play("end turn")  # and seat 0 draws again
        >>> zones = PazaakPresenter(Moment.of(state)).in_flight()
        >>> [(z["id"], [c["highlight"] for c in z["cards"]]) for z in zones if "table" in z["id"]]
        [('opponent-table', ['last']), ('table', [None])]
        """
        state, parent = self.state, self.state.parent
        if parent is None or parent.to_move is None or set_ended(parent, state):
            return self.zones()
        mover = int(parent.to_move)
        before = self.at(self.cursor - 1).zones()
        after = {z["id"]: z for z in self.zones() if z["owner"] == mover}
        drawn = {
            c["id"] for z in before if z["owner"] == mover for c in z["cards"] if c["highlight"]
        }
        zones = [after.get(z["id"], z) if z["owner"] == mover else z for z in before]
        for zone in zones:
            for view in zone["cards"] if zone["owner"] == mover else ():
                view["selectable"] = False
                if view["id"] in drawn and zone["layout"] == "grid":
                    view["highlight"] = "last"
        return zones

    def _finished_table_zone(self, seat: int) -> _scene.Zone:
        """``seat``'s table as the set before the position shown ended (the engine's record,
        values as a Flip left them), with its total and the sets won so far."""
        placed = _last_tables(self.state)[seat]
        cards = [self._placed_card(p, i, highlight=None) for i, p in enumerate(placed)]
        info = self.count("widget.cards", len(placed))
        badges = self._score_badges(seat, sum(v for _, v in placed))
        return self._table(seat, cards, info, badges)

    def _table(
        self, seat: int, cards: list[_scene.CardView], info: str, badges: list[_scene.Badge]
    ) -> _scene.Zone:
        """``seat``'s table zone: ``cards`` on a 3×3 grid (nine places, Z-S13)."""
        return _scene.zone(
            "table" if self._mine(seat) else "opponent-table",
            self._zone_label(seat, "table"),
            cards,
            layout="grid",
            owner=seat,
            info=info,
            columns=3,
            places=pazaak.MAX_CARDS,
            badges=badges,
        )

    def _zone_label(self, seat: int, zone: str) -> str:
        """The label of ``seat``'s ``zone`` (``"table"`` or ``"hand"``): ``Your table`` for the
        learner (``widget.pazaak.zone.table``), else with the player's name (``….table_of``;
        at a hot seat always, as the seats take turns at one screen)."""
        if self._mine(seat) and not self.hot_seat:
            return self.text(f"widget.pazaak.zone.{zone}")
        return self.text(f"widget.pazaak.zone.{zone}_of", player=self.names()[seat])

    def _mine(self, seat: int) -> bool:
        return seat == self.viewer

    def _table_zone(self, seat: int) -> _scene.Zone:
        state = self.state
        placed = state.placed[seat]
        fresh = self._fresh_cards(seat)
        targets = self._targets() if self._mine(seat) else []
        cards = [
            self._placed_card(
                p, i, highlight="target" if i in targets else "last" if i in fresh else None
            )
            for i, p in enumerate(placed)
        ]
        return self._table(seat, cards, self._table_info(seat), self._badges(seat))

    def _fresh_cards(self, seat: int) -> set[int]:
        """Indices of ``seat``'s table cards placed by the move that led here (same set)."""
        state, parent = self.state, self.state.parent
        if parent is None or parent.set_number != state.set_number:
            return {0} if parent is not None and state.placed[seat] else set()
        return set(range(len(parent.placed[seat]), len(state.placed[seat])))

    def _targets(self) -> list[int]:
        """The learner's table cards the selected gold card would change (D, Flip)."""
        card = self.selection.card
        if card is None or not card.is_gold or card.needs_sign:
            return []
        return list(self._effect(card).targets)

    def _effect(self, card: pazaak.SideCard) -> pazaak.CardEffect:
        """What the learner's unsigned ``card`` would do to his table (Z-D9, the engine's
        answer); nothing for D on an empty table, which the engine refuses."""
        placed = self.state.placed[self.viewer]
        if card.text == "D" and not placed:
            return pazaak.CardEffect(0, 0, ())  # an empty table stays at 0
        return self.state.card_effect(card, seat=self.viewer)

    def _placed_card(self, placed: Placed, index: int, highlight: str | None) -> _scene.CardView:
        source, value = placed
        cid = f"t{index + 1}"
        if isinstance(source, int):
            if value == source:
                label = self.text("widget.pazaak.name.main", value=source)
                return _scene.number_card(
                    source, self.locale, id=cid, label=label, highlight=highlight
                )
            now = words.signed(value)
            label = self.text("widget.pazaak.name.main_now", value=source, now=now)
            note = self.text("widget.pazaak.note.now", value=now)
            return _scene.number_card(
                source, self.locale, id=cid, label=label, note=note, highlight=highlight
            )
        name = words.card_name(source, self.locale)
        note = ""
        if source.needs_sign or source.is_gold or source.options.get(None) != value:
            note = self.text("widget.pazaak.note.as", value=words.signed(value))
            name = self.text("widget.pazaak.name.placed_as", name=name, value=words.signed(value))
        return _scene.side_card(
            source.text,
            words.tone(source),
            self.locale,
            id=cid,
            label=name,
            note=note,
            highlight=highlight,
        )

    def _table_info(self, seat: int) -> str:
        state = self.state
        if self._mine(seat) and self._odds_shown():
            odds = words.odds_words(self.bust_chance(), self.locale)
            return self.text("widget.pazaak.info.odds", odds=odds)
        return self.count("widget.cards", len(state.placed[seat]))

    def _odds_shown(self) -> bool:
        """Whether the bust chance is shown: odds and hints on, the learner to decide, not
        standing, not over 20 already."""
        state = self.state
        return (
            self.odds
            and self.hints
            and self.is_my_turn()
            and state.totals[self.viewer] <= pazaak.TARGET
        )

    def _badges(self, seat: int) -> list[_scene.Badge]:
        badges = self._score_badges(seat, self.state.totals[seat])
        if self.state.standing[seat]:
            badges.append(_scene.badge("flag", self.text("widget.pazaak.badge.stands")))
        return badges

    def _score_badges(self, seat: int, total: int) -> list[_scene.Badge]:
        """``seat``'s ``total`` (good at 20, bad over it) and the sets he has won, as lights."""
        tone: Literal["", "good", "bad"] = (
            "bad" if total > pazaak.TARGET else "good" if total == pazaak.TARGET else ""
        )
        won, of = self.state.sets_won[seat], self.state.rules.sets_to_win
        return [
            _scene.badge(
                "total",
                str(total),
                label=self.text("widget.pazaak.badge.total", total=total),
                tone=tone,
            ),
            _scene.badge(
                "lights",
                self.text("widget.pazaak.badge.sets", won=won, of=of),
                label=self.text("widget.pazaak.badge.sets_label", won=won, of=of),
                value=won,
                of=of,
            ),
        ]

    def _hand_zone(self, seat: int) -> _scene.Zone:
        state = self.state
        view: pazaak.PazaakView = state.view(self.viewer)  # only what the viewer may see
        mine = self._mine(seat)
        cards = self._my_hand() if mine else self._their_hand(seat, view)
        left = view.hand_sizes[seat]
        info = self.text("widget.pazaak.info.hand", left=left, of=left + len(view.used[seat]))
        label = self._zone_label(seat, "hand")
        return _scene.zone("hand" if mine else "opponent-hand", label, cards, owner=seat, info=info)

    def _my_hand(self) -> list[_scene.CardView]:
        can = self.is_my_turn() and self.state.played_this_turn is None
        return [
            self._side_card(
                card,
                cid,
                note=self._makes(card) if can else "",
                selectable=can,
                selected=card is self.selection.card and "#" not in cid,
                highlight="playable" if can and self._rescues(card) else None,
            )
            for cid, card in self._hand_ids()
        ]

    def _side_card(self, card: pazaak.SideCard, cid: str, **marks: Any) -> _scene.CardView:
        """A side card face up as ``cid``, with its spoken name (``side card +3``) and
        ``marks`` (note, highlight, selection: see :func:`cardwidgets.scene.french_card`)."""
        label = words.card_name(card, self.locale)
        return _scene.side_card(
            card.text, words.tone(card), self.locale, id=cid, label=label, **marks
        )

    def _makes(self, card: pazaak.SideCard) -> str:
        """The hand card's note: the totals it would make (odds on)."""
        if not (self.odds and self.hints):
            return ""
        totals = [t for _, t in self.choices(card) if t is not None]
        return self.text("widget.pazaak.note.makes", totals=totals_note(totals)) if totals else ""

    def _rescues(self, card: pazaak.SideCard) -> bool:
        """Whether ``card`` can make exactly 20 or bring an overshoot back to 20 or less."""
        if not (self.odds and self.hints):
            return False
        over = self.state.totals[self.viewer] > pazaak.TARGET
        made = [t for _, t in self.choices(card) if t is not None]
        return any(t == pazaak.TARGET or (over and t <= pazaak.TARGET) for t in made)

    def _their_hand(self, seat: int, view: pazaak.PazaakView) -> list[_scene.CardView]:
        played = self.text("widget.pazaak.note.played")
        shown = [
            self._side_card(card, f"used{i + 1}", note=played, highlight="muted")
            for i, card in enumerate(view.used[seat])
        ]
        if self.open_hands:  # the teacher's switch: the unplayed cards face up
            for i, card in enumerate(self.state.hands[seat]):
                shown.append(self._side_card(card, f"open{i + 1}"))
            return shown
        return shown + [
            _scene.back_card(seat, i, self.locale) for i in range(view.hand_sizes[seat])
        ]

    def _deck_zone(self) -> _scene.Zone:
        """The main deck. On a set's summary the engine has dealt the next set (a fresh deck,
        Z-D2, and its first draw): the deck is shown as the finished set left it."""
        state, parent = self.state, self.state.parent
        ended = self.paused and parent is not None
        size = state.deck_size
        if size is None:
            info = self.text("widget.pazaak.info.deck_uniform")
        elif ended:
            # deck_size is the 40 less the main-deck cards on the tables; these are the
            # tables the set ended on.
            size = len(pazaak.FULL_DECK) - sum(
                1 for table in _last_tables(state) for source, _ in table if type(source) is int
            )
            cards = self.count("widget.cards", size)
            info = self.text("widget.pazaak.info.deck_ended", cards=cards)
        else:
            info = self.text("widget.pazaak.info.deck", cards=self.count("widget.cards", size))
        backs = [_scene.back_card("deck", 0, self.locale)] if size is None or size else []
        shown = parent.set_number if ended and parent is not None else state.set_number
        info = self.text("widget.pazaak.info.set", n=shown) + " · " + info
        return _scene.zone(
            "deck", self.text("widget.pazaak.zone.deck"), backs, layout="stack", info=info
        )

    def options_label(self) -> str:
        if self.selection.card is None:
            return self.text("widget.pazaak.options.none")
        return self.text("widget.pazaak.options", card=self.selection.card)

    def options(self) -> list[_scene.Option]:
        card = self.selection.card
        if card is None or not card.needs_sign:
            return []
        return [
            _scene.option(
                index,
                self.text(
                    "widget.pazaak.option",
                    card=card,
                    value=words.signed(card.options[sign]),
                    total=total,
                ),
                selected=sign == self.selection.sign,
                emphasis=total is not None and total == pazaak.TARGET,
            )
            for index, (sign, total) in enumerate(self.choices(card))
        ]

    def move_actions(self) -> list[_scene.Action]:
        my_turn = self.is_my_turn()
        card = self.selection.card
        ready = card is not None and (not card.needs_sign or self.selection.sign is not None)
        actions = [
            _scene.action(
                "play", self.text("widget.pazaak.action.play"), enabled=ready, primary=ready
            ),
            _scene.action("end-turn", self.text("widget.pazaak.action.end"), enabled=my_turn),
            _scene.action("stand", self.text("widget.pazaak.action.stand"), enabled=my_turn),
            _scene.action("cancel", self.text("widget.action.cancel"), enabled=card is not None),
        ]
        if self.hints:
            actions.append(
                _scene.action("odds", self.text("widget.pazaak.action.odds"), pressed=self.odds)
            )
        return actions

    def previews(self) -> dict[str, _scene.Preview]:
        if not self.is_my_turn() or self.state.played_this_turn is not None:
            return {}
        found: dict[str, _scene.Preview] = {}
        for cid, card in self._hand_ids():
            text = self._preview_text(card)
            if text:
                found[f"hand:{cid}"] = {"cards": self._preview_targets(card), "text": text}
        return found

    def _hand_ids(self) -> list[tuple[str, pazaak.SideCard]]:
        """The viewer's side cards with their ids: the text, ``#2`` added for a second copy."""
        ids: list[tuple[str, pazaak.SideCard]] = []
        seen: dict[pazaak.SideCard, int] = {}
        for card in self.state.hands[self.viewer]:
            seen[card] = seen.get(card, 0) + 1
            ids.append((card.text if seen[card] == 1 else f"{card.text}#{seen[card]}", card))
        return ids

    def _preview_text(self, card: pazaak.SideCard) -> str:
        """What ``card`` would do, in words: gold cards always, the totals with odds on."""
        placed = self.state.placed[self.viewer]
        if card.text == "D":
            if not placed:
                return self.text("widget.pazaak.preview.double_empty")
            made = self.state.card_effect(card, seat=self.viewer)
            return self.text(
                "widget.pazaak.preview.double", value=words.signed(made.value), total=made.total
            )
        if card in FLIPPED:
            return self._flip_text(card, placed)
        if not (self.odds or card.is_gold):
            return ""
        if not card.needs_sign:
            return self.text(
                "widget.pazaak.preview.plain", card=card, total=self.choices(card)[0][1]
            )
        parts = [
            self.text("widget.pazaak.preview.choice", value=words.signed(card.options[s]), total=t)
            for s, t in self.choices(card)
        ]
        choices = self.text("widget.pazaak.or", a=", ".join(parts[:-1]), b=parts[-1])
        key = (
            "widget.pazaak.preview.tiebreaker"
            if card.text == "±1T"
            else "widget.pazaak.preview.sign"
        )
        return self.text(key, card=card, choices=choices)

    def _flip_text(self, card: pazaak.SideCard, placed: tuple[Placed, ...]) -> str:
        low, high = FLIPPED[card]
        values = self.text("widget.pazaak.flip_values", low=low, high=high)
        made = self._effect(card)
        total, hit = made.total, made.targets
        if not hit:
            return self.text(
                "widget.pazaak.preview.flip_none", card=card, values=values, total=total
            )
        changed = ", ".join(
            f"{words.signed(placed[i][1])} → {words.signed(-placed[i][1])}" for i in hit
        )
        return self.text(
            "widget.pazaak.preview.flip", card=card, values=values, cards=changed, total=total
        )

    def _preview_targets(self, card: pazaak.SideCard) -> list[_scene.Target]:
        if not card.is_gold or card.needs_sign:
            return []
        hit = self._effect(card).targets
        return [
            {"zone": "table", "card": f"t{i + 1}", "role": "target", "group": None} for i in hit
        ]

    def score_sheet(self) -> _scene.Score:
        state = self.state
        rows = [
            _scene.score_row(self.text("widget.pazaak.score.set", n=n), list(totals))
            for n, totals in self._finished_sets()
        ]
        # On a set's summary the engine has begun the next set: its total is not news yet.
        if not self.paused:
            rows.append(_scene.score_row(self.text("widget.pazaak.score.now"), list(state.totals)))
        rows.append(
            _scene.score_row(self.text("widget.pazaak.summary.sets"), list(state.sets_won), "total")
        )
        caption = self.text("widget.pazaak.score.caption", n=state.rules.sets_to_win)
        return _scene.score(list(self.names()), rows, caption)

    def _finished_sets(self) -> list[tuple[int, tuple[int, int]]]:
        """(set number, final totals) of every set finished on the line up to the cursor."""
        found = []
        for state in self.line[1 : self.cursor + 1]:
            parent = state.parent
            if parent is not None and set_ended(parent, state):
                _, _, values = state.last_set
                found.append((parent.set_number, (sum(values[0]), sum(values[1]))))
        return found

    def legend_items(self) -> list[_scene.LegendItem]:
        roles = ("last", "target", "playable", "muted")
        return [
            {"role": role, "group": None, "text": self.text(f"widget.pazaak.legend.{role}")}
            for role in roles
        ]

    def summary(self, state: pazaak.State) -> _scene.Summary | None:
        parent = state.parent
        if parent is None or not set_ended(parent, state):
            return None
        winner, _, values = set_result(state)
        n = parent.set_number
        key = "widget.pazaak.summary.title_tie" if winner is None else "widget.pazaak.summary.title"
        row = _scene.score_row
        sheet = _scene.score(
            list(self.names()),
            [
                row(self.text("widget.pazaak.summary.final"), [sum(v) for v in values]),
                row(self.text("widget.pazaak.summary.cards"), [len(v) for v in values]),
                row(self.text("widget.pazaak.summary.sets"), list(state.sets_won), "total"),
            ],
        )
        return {
            "title": self.text(key, n=n),
            "text": " ".join(self._set_sentences(parent, state, next_set=False)),
            "score": sheet,
            "zones": [self._final_table(parent, state, seat) for seat in (0, 1)],
            "action": "continue",
        }

    def _final_table(self, parent: pazaak.State, state: pazaak.State, seat: int) -> _scene.Zone:
        cards = [
            self._placed_card(p, i, highlight=None) for i, p in enumerate(_last_tables(state)[seat])
        ]
        label = self.text("widget.pazaak.summary.zone", player=self.names()[seat])
        return _scene.zone(
            f"final-table-{seat}",
            label,
            cards,
            layout="grid",
            owner=seat,
            columns=3,
            places=pazaak.MAX_CARDS,
            badges=[_scene.badge("total", str(sum(v for _, v in _last_tables(state)[seat])))],
        )

    def turn_prompt(self) -> str:
        return self.text("widget.pazaak.banner")

    def describe(self, paused: bool) -> str:
        """The moment for a ``repr`` (Pazaak: the set too)."""
        return super().describe(paused).replace("move", f"set {self.state.set_number}, move", 1)

    def status(self) -> str:
        state = self.state
        parent, outcome = state.parent, state.outcome
        if self.paused and parent is not None:
            # The banner asks for Continue; the header names the moment only, so it does
            # not say the banner's sentence again (a still has no Continue either).
            return self.text("widget.pazaak.summary.title", n=parent.set_number)
        if outcome is not None and outcome.winner is not None:  # a match has a winner (Z-S2)
            winner = outcome.winner
            high, low = max(state.sets_won), min(state.sets_won)
            return self.said("widget.pazaak.status.won", winner, high=high, low=low)
        if not self.is_my_turn():
            return self.text("widget.pazaak.status.waiting", player=self.player(state.to_move))
        status = self._turn_status()
        other = 1 - self.viewer
        if state.standing[other]:
            status = self.text(
                "widget.pazaak.status.opponent_stands",
                status=status,
                player=self.names()[other],
                total=state.totals[other],
            )
        return status

    def _ready_status(self, card: pazaak.SideCard, made: int) -> str:
        """The chosen card's total; over 20, that playing it still loses the set (Z-D4: a
        total over 20 at the end of the turn is a bust, and one side card a turn, Z-S8), and
        which hand cards would bring the total back instead."""
        if made <= pazaak.TARGET:
            return self.text("widget.pazaak.status.ready", card=card, total=made)
        total = self.state.totals[self.viewer]
        if total <= pazaak.TARGET:  # it is the card that goes over
            return self.text("widget.pazaak.status.ready_bust", card=card, total=made)
        instead = [
            c.text
            for c in dict.fromkeys(self.state.hands[self.viewer])
            if any(t is not None and t <= pazaak.TARGET for _, t in self.choices(c))
        ]
        if not instead:
            return self.text("widget.pazaak.status.ready_lost", card=card, total=made)
        return self.text(
            "widget.pazaak.status.ready_over", card=card, total=made, instead=", ".join(instead)
        )

    def _turn_status(self) -> str:
        state, me = self.state, self.viewer
        total, card = state.totals[me], self.selection.card
        if state.played_this_turn is not None:
            return self.text(
                "widget.pazaak.status.played", card=state.played_this_turn, total=total
            )
        if card is not None:
            if card.needs_sign and self.selection.sign is None:
                values = self.values_text(card)
                return self.text("widget.pazaak.status.sign", card=card, values=values)
            made = (
                state.card_effect(card, self.selection.sign, me).total
                if state.placed[me] or card.text != "D"
                else total
            )
            return self._ready_status(card, made)
        if total > pazaak.TARGET:
            return self.text("widget.pazaak.status.over20", total=total)
        if self.hot_seat:
            return self.text(
                "widget.pazaak.status.turn_player", player=self.names()[me], total=total
            )
        return self.text("widget.pazaak.status.turn", total=total)


def set_ended(parent: pazaak.State, state: pazaak.State) -> bool:
    """Whether the move from ``parent`` to ``state`` ended a set (or the match)."""
    return bool(state.set_number != parent.set_number or (state.is_over and not parent.is_over))


def set_result(state: pazaak.State) -> tuple[int | None, str, tuple[tuple[int, ...], ...]]:
    """``(winner, reason, values)`` of the set that ended with the move to ``state`` (winner
    None: a tie); asked only after :func:`set_ended`."""
    last = state.last_set
    assert last is not None, "no set has ended yet"
    return last


def _last_tables(state: pazaak.State) -> tuple[tuple[Placed, ...], tuple[Placed, ...]]:
    """Both seats' tables when the set before ``state`` ended (the engine keeps them, values
    as a Flip left them); asked only after :func:`set_ended`."""
    last = state.last_set_placed
    assert last is not None, "no set has ended yet"
    return last


def totals_note(totals: list[int]) -> str:
    """The totals a side card would make, short enough for the note under a card.

    >>> totals_note([17]), totals_note([19, 11]), totals_note([14, 12, 15, 11])
    ('17', '19/11', '11–15')
    """
    if len(totals) <= 2:
        return "/".join(map(str, totals))
    return f"{min(totals)}–{max(totals)}"
