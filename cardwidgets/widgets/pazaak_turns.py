"""A Pazaak turn in the widget: the side card selected and its sign, the moves (play it, end
the turn, stand), what a side card does to a table (Z-D9), and the log of each move with the
draws, forced stands and set ends it brought.

:class:`PazaakTurns` is the layer of :class:`~cardwidgets.widgets.pazaak.PazaakWidget` that
holds the learner's half-made move, plays it and says it; the widget module draws the tables.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

import traitlets

from cardwidgets.cards import fresh_seed
from cardwidgets.core import IllegalMove
from cardwidgets.games import pazaak
from cardwidgets.widgets import pazaak_words as words
from cardwidgets.widgets.base import GameWidget, WidgetError
from cardwidgets.widgets.frame import SwitchOption

__all__ = [
    "FLIPS",
    "PRESETS",
    "PazaakTurns",
    "Placed",
    "effect",
    "final_placed",
    "parent_of",
    "set_ended",
    "set_result",
]

PRESETS: Mapping[str, Callable[[], pazaak.Rules]] = {
    "seed": pazaak.Rules.seed,
    "kotor1": pazaak.Rules.kotor1,
    "kotor2": pazaak.Rules.kotor2,
}
"""Rule presets by name: the seed rules, KOTOR I and KOTOR II (``docs/rules/pazaak.md``)."""

FLIPS = {"2&4": (2, 4), "3&6": (3, 6)}
"""The Flip cards and the values they turn (Z-D9)."""
Placed = tuple[int | pazaak.SideCard, int]
"""A card on a table and the value it counts now: ``(card, value)``."""


def _preset(rules: object) -> object:
    """A preset name turned into its rules; anything else is left for the framework to check."""
    if isinstance(rules, str):
        if rules not in PRESETS:
            raise WidgetError("widget.pazaak.bad_preset", name=rules, names=", ".join(PRESETS))
        return PRESETS[rules]()
    return rules


def effect(
    card: pazaak.SideCard, sign: int | None, placed: Iterable[Placed]
) -> tuple[int, list[int]]:
    """What ``card`` played with ``sign`` would do to a table: the new total and the indices of
    the placed cards it changes (Z-D9: D copies the last card, a Flip turns own 2s/4s or 3s/6s).

    >>> effect(pazaak.SideCard("2&4"), None, [(2, 2), (7, 7), (4, 4)])
    (1, [0, 2])
    >>> effect(pazaak.SideCard("D"), None, [(6, 6), (5, 5)])
    (16, [1])
    >>> effect(pazaak.SideCard("±3"), -1, [(9, 9)])
    (6, [])
    """
    table = list(placed)
    total = sum(value for _, value in table)
    if card.text == "D":
        return (total + table[-1][1], [len(table) - 1]) if table else (total, [])
    flip = FLIPS.get(card.text)
    if flip is not None:
        hit = [i for i, (_, v) in enumerate(table) if abs(v) in flip]
        return total - 2 * sum(table[i][1] for i in hit), hit
    return total + card.options[sign], []


class PazaakTurns(GameWidget[pazaak.State, pazaak.Move]):
    """The learner's side card and sign, the moves of a Pazaak turn, and the log."""

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
        self._selected: pazaak.SideCard | None = None
        self._sign: int | None = None
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

    def new(self) -> None:
        """Start a new match with the same rules and side decks (its seed follows from this
        widget's seed); the old line is kept in :attr:`branches`."""
        self._new_games += 1
        old = self._line[-1]
        self.state = self._deal(f"{self._seed}/{self._new_games}", self.state.rules)
        self._branches = [old]
        self._confirm_new = False
        self._show("info", lambda: self.text("widget.new_started"))
        self.refresh()

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
            if self._selected is chosen:
                self.clear_selection()
            else:
                self._selected, self._sign = chosen, None
            self._message = None
            self.refresh()

    def choose(self, index: int) -> None:
        """Declare the sign of the selected card: option ``index`` as listed in
        ``scene["options"]`` (``0`` is ``+``, ``1`` is ``-``; ``±1/2`` has four)."""
        with self.reporting():
            card = self._selected
            if card is None:
                raise WidgetError("widget.pazaak.select_first")
            if not card.needs_sign:
                raise WidgetError("widget.pazaak.no_sign", card=card)
            signs = list(card.options)
            if isinstance(index, bool) or not isinstance(index, int):
                raise WidgetError("widget.pazaak.no_option", n=index, card=card)
            if not 0 <= index < len(signs):
                raise WidgetError("widget.pazaak.no_option", n=index + 1, card=card)
            self._sign = signs[index]
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
        card, sign = self._selected, self._sign
        if card is None:
            raise WidgetError("widget.pazaak.select_first")
        if card.needs_sign and sign is None:
            raise WidgetError("widget.pazaak.sign_first", card=card, values=self._values(card))
        return pazaak.PlayCard(card, sign)

    # -- reading the selection ---------------------------------------------------------------
    @property
    def selected(self) -> pazaak.SideCard | None:
        """The selected side card, or None."""
        return self._selected

    @property
    def sign(self) -> int | None:
        """The sign (or, for ``±1/2``, the value) declared for the selected card, or None."""
        return self._sign

    def bust_chance(self) -> Fraction:
        """The exact chance (a Fraction) that the learner's next main-deck card busts him, from
        what he can see."""
        return pazaak.bust_probability(self.state, self.viewer)

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

    def action_handlers(self) -> dict[str, Callable[[], object]]:
        return {
            "play": self.play,
            "end-turn": self.end_turn,
            "stand": self.stand,
            "cancel": self.cancel,
            "odds": self.toggle_odds,
        }

    def clear_selection(self) -> None:
        self._selected = None
        self._sign = None

    def show_hint(self, move: pazaak.Move) -> None:
        if isinstance(move, pazaak.PlayCard):
            self._selected, self._sign = move.card, move.sign

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

    def describe(self) -> str:
        return super().describe().replace("move", f"set {self.state.set_number}, move", 1)

    # -- helpers -----------------------------------------------------------------------------
    def said(self, key: str, seat: int, /, **params: object) -> str:
        """The sentence ``key`` about ``seat``: its ``.you`` form when that seat is the learner
        (English and German conjugate for "you")."""
        if self.opponent is not None and seat == self.seat:
            return self.text(key + ".you", **params)
        return self.text(key, player=self.names()[seat], **params)

    def _values(self, card: pazaak.SideCard) -> str:
        shown = [words.signed(v) for v in card.options.values()]
        return self.text("widget.pazaak.or", a=", ".join(shown[:-1]), b=shown[-1])

    def _choices(self, card: pazaak.SideCard) -> list[tuple[int | None, int | None]]:
        """Each (sign, total) the learner's ``card`` could make now (total None: D on an empty
        table)."""
        placed = self.state.placed[self.viewer]
        if card.text == "D" and not placed:
            return [(None, None)]
        return [(sign, effect(card, sign, placed)[0]) for sign in card.options]

    # -- the log -----------------------------------------------------------------------------
    def say(self, state: pazaak.State) -> str:
        parent, move = parent_of(state), state.last_move
        if move is None or parent is None or parent.to_move is None:
            return ""
        mover = int(parent.to_move)
        ended = set_ended(parent, state)
        final = [final_placed(parent, state, s) for s in (0, 1)] if ended else list(state.placed)
        played = isinstance(move, pazaak.PlayCard)
        upto = len(parent.placed[mover]) + played
        said = [self._move_sentence(move, mover, sum(v for _, v in final[mover][:upto]))]
        # A hand card's forced stand comes first; after an ended turn the opponent draws first.
        for seat in (mover, 1 - mover) if played else (1 - mover, mover):
            said += self._draw_sentences(parent, move, mover, seat, final[seat])
        if ended:
            said += self._set_sentences(parent, state)
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
            said.append(
                self.said("widget.pazaak.say.draw", seat, card=final[index][1], total=total)
            )
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

    def _set_sentences(self, parent: pazaak.State, state: pazaak.State) -> list[str]:
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
        else:
            said.append(self.said("widget.pazaak.say.next_set", state.starter, n=state.set_number))
            first = state.placed[state.starter][0][1]
            said.append(self.said("widget.pazaak.say.draw", state.starter, card=first, total=first))
        return said

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


def _card_text(card: object) -> str:
    """A side card or its text (``"+1#2"``, the id of a second +1, names the card +1)."""
    return card.split("#")[0] if isinstance(card, str) else str(card)


def set_ended(parent: pazaak.State, state: pazaak.State) -> bool:
    """Whether the move from ``parent`` to ``state`` ended a set (or the match)."""
    return bool(state.set_number != parent.set_number or (state.is_over and not parent.is_over))


def parent_of(state: pazaak.State) -> pazaak.State | None:
    """The position before ``state``."""
    return state.parent


def set_result(state: pazaak.State) -> tuple[int | None, str, tuple[tuple[int, ...], ...]]:
    """``(winner, reason, values)`` of the set that ended with the move to ``state`` (winner
    None: a tie); asked only after :func:`set_ended`."""
    last = state.last_set
    assert last is not None, "no set has ended yet"
    return last


def final_placed(parent: pazaak.State, state: pazaak.State, seat: int) -> tuple[Placed, ...]:
    """``seat``'s table when the set ended between ``parent`` and ``state``: the cards of
    ``parent``, then the hand card just played (if any), then main-deck draws; the values are
    the final ones (a Flip may have changed them)."""
    values = set_result(state)[2][seat]
    old = parent.placed[seat]
    move = state.last_move
    played = move.card if isinstance(move, pazaak.PlayCard) and seat == parent.to_move else None
    placed: list[Placed] = []
    for index, value in enumerate(values):
        if index < len(old):
            placed.append((old[index][0], value))
        elif index == len(old) and played is not None:
            placed.append((played, value))
        else:
            placed.append((value, value))
    return tuple(placed)
