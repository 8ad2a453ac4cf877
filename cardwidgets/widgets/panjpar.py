"""The Panjpar widget: build an attack of 1, 3 or 5 cards, or kill attack cards one by one.

>>> from cardwidgets import panjpar
>>> from cardwidgets.widgets import PanjparWidget
>>> start = panjpar.State.from_position(
...     hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦ 4♣ 10♠ 6♦", trump="♦")
>>> w = PanjparWidget(state=start)
>>> w
PanjparWidget(seat=0, move 0, your turn, trumps ♦)
>>> lit = lambda: [c["id"] for c in w.zone("hand")["cards"] if c["highlight"] == "playable"]
>>> w.select("9♦"); w.select("2♠")
>>> w.scene["status"], lit()
('Not an attack: an attack has 1, 3 or 5 cards, not 2.', [])
>>> w.cancel(); w.select("7♥"); w.select("7♣")
>>> lit()  # any third card makes a pair plus one (P-D3)
['2♠', '3♠', '9♦']
>>> w.select("9♦")
>>> w.scene["status"]
'Ready: attack with 7♥ 7♣ 9♦. Press Attack.'
>>> w.play().ply  # the computer answered and it is the learner's turn again
2
>>> w.moves_log  # doctest: +NORMALIZE_WHITESPACE
['You attack with 7♥ 7♣ 9♦.',
 'Computer kills 7♥ with 9♥, 7♣ with 8♣ and picks up 9♦. You draw 3, Computer draws 1.']

Defending is the same from Python: :meth:`PanjparWidget.aim` at an attack card (the hand cards
that beat it light up), :meth:`PanjparWidget.select` the card that kills it, then
:meth:`PanjparWidget.defend`; :meth:`PanjparWidget.pick_up` takes the whole attack.
:meth:`PanjparWidget.play` also takes a move's text (``"attack 7♥ 7♣ 9♦"``,
``"kill 7♥ with 9♥, pick up 7♣ 9♦"``).

What the learner sees follows P-D9: the opponent's hand as backs with its size, face up where
the learner saw the cards go there (``known``: picked up, the drawn indicator), the trump
indicator under a face-down stock **without a count**, and only the top discard.

The widget holds the learner's half-made move and the actions that build and play it; the
scene and the sentences are :class:`cardwidgets.present.PanjparPresenter`'s.

Trade-offs: which hand cards can still extend a selection to a legal attack is worked out from
rank counts (a tiny search over at most 13 ranks), never from the list of all attacks, which
grows into the thousands with a big hand; a hint or a reply on a 5-card attack against a
30-card hand stays in milliseconds (``benchmarks/bench_widget_panjpar.py``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, ClassVar

from cardwidgets import cards
from cardwidgets import scene as _scene
from cardwidgets.cards import Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar import can_complete
from cardwidgets.games.panjpar.state import checked_guess
from cardwidgets.i18n import TranslatedError
from cardwidgets.present.panjpar import PanjparPresenter, PanjparSelection
from cardwidgets.widgets.base import GameWidget, WidgetError

__all__ = ["PanjparWidget", "can_complete"]


class PanjparWidget(GameWidget[panjpar.State, panjpar.Move]):
    """Play or replay Panjpar from one seat's view (the rules: ``docs/rules/panjpar.md``).

    ``seed`` deals a new game (fresh if None; the trump guess is the seed's); ``state`` shows any
    position instead (:func:`cardwidgets.panjpar.new_game` or
    :meth:`cardwidgets.panjpar.State.from_position`), and ``ply`` opens it at an earlier
    position. ``opponent``: None for the computer (a greedy player), a bot name, any object
    with ``choose(state)``, or ``"human"`` for two learners at one screen (the view follows the
    player to move). ``open_hands`` shows both hands (teacher switch); ``hints`` lights up what
    each card can do; ``size="large"`` is for a projector.
    """

    game = "panjpar"
    engine: ClassVar[ModuleType | None] = panjpar

    presenter_class = PanjparPresenter
    blank = PanjparSelection()
    _selection: PanjparSelection
    _guess: str | None = None
    _deal: panjpar.State | None = None  # the last game this widget dealt (its guess is known)
    _ask = False  # guess="ask": the learner calls the colour on the board before each deal
    _asking = False

    def __init__(self, *, guess: str | None = None, **options: Any) -> None:
        """``guess``: the trump colour (``"red"`` or ``"black"``, also ``rot``/``schwarz``)
        the guesser (the non-dealer, seat 0) calls before the deal (P-D1); it decides who
        attacks first and is kept for every new game. ``guess="ask"`` asks the learner on the
        board before each deal (two choices, Red and Black; every card face down until then).
        Without it the seed draws the guess, and the widget says so. Refused with ``state`` or
        ``code`` (their guess is made).

        >>> PanjparWidget(seed=5, guess="red").scene["status"].startswith("You guessed red")
        True
        >>> PanjparWidget(seed=5).scene["status"].startswith("The seed drew the trump guess")
        True
        >>> asked = PanjparWidget(seed=5, guess="ask")
        >>> [o["label"] for o in asked.scene["options"]]
        ['Red', 'Black']
        >>> asked.make_guess("black"); asked.scene["status"].startswith("You guessed black")
        True
        """
        if guess is not None:
            if options.get("state") is not None or options.get("code") is not None:
                raise WidgetError("widget.panjpar.guess_with_state")
            self._ask = isinstance(guess, str) and guess.strip().lower() == "ask"
            guess = None if self._ask else checked_guess(guess)
        self._guess = guess
        self._asking = self._ask  # the first deal waits for the learner's call
        super().__init__(**options)

    # -- the trump guess asked on the board (guess="ask") ------------------------------------
    @property
    def asking(self) -> bool:
        """Whether the widget waits for the learner's trump guess (``guess="ask"``)."""
        return self._asking

    def make_guess(self, colour: str) -> None:
        """Call the trump colour before the deal (``guess="ask"``): ``"red"`` or ``"black"``
        (``rot``/``schwarz``). The cards are dealt with it, the trump card turned, and whoever
        attacks first begins (the computer's attack is played at once)."""
        with self.reporting():
            if not self._asking:
                raise WidgetError("widget.panjpar.guess_not_asked")
            called = checked_guess(colour)
            self._guess, self._asking = called, False
            self.table.replying = True  # the computer may attack first now
            self.state = self._new_state(self.game_seed, self.state.rules)

    def check_turn(self) -> None:
        if self._asking:
            raise WidgetError("widget.panjpar.guess_first")
        super().check_turn()

    def step(self) -> panjpar.State:
        if self._asking:  # watching: the players move once the colour is called
            with self.reporting():
                raise WidgetError("widget.panjpar.guess_first")
        return super().step()

    def choose(self, index: int) -> None:
        if self._asking:  # the two options of the question: Red, Black
            self.make_guess(("red", "black")[index])
            return
        super().choose(index)

    def answers(self) -> bool:
        # Nobody moves before the guess: who attacks first is not known yet.
        return not self._asking

    def build_scene(self, shown: Any = None) -> Any:
        built = super().build_scene(shown)
        return _ask_scene(self, built) if self._asking else built

    @property
    def guess(self) -> str | None:
        """The trump colour asked for with the ``guess`` option, or None (drawn)."""
        return self._guess

    @property
    def guess_asked(self) -> bool | None:
        """How the trump guess of the game shown was made: True, asked for (``guess``);
        False, drawn from the seed; None, not known (a ``state`` given: made elsewhere)."""
        # Known only for a game this widget dealt itself.
        return (self._guess is not None) if self.line[0] is self._deal else None

    def _starting_state(
        self, seed: int | str | None, state: panjpar.State | None, rules: Any
    ) -> tuple[panjpar.State, int | str]:
        if state is not None:
            return super()._starting_state(seed, state, rules)
        chosen = cards.fresh_seed() if seed is None else seed
        started, chosen = super()._starting_state(chosen, None, rules)  # checks the rules
        return self._new_state(chosen, started.rules), chosen

    def _new_state(self, seed: int | str, rules: Any) -> panjpar.State:
        self._deal = panjpar.new_game(seed=seed, rules=rules, guess=self._guess)
        return self._deal

    def new(self, seed: int | str | None = None) -> None:
        if not self._ask:
            super().new(seed)
            return
        before = (self._asking, self._guess)
        self._asking, self._guess = True, None  # guess="ask": asked again before each deal
        self.table.replying = False
        try:
            super().new(seed)
        except TranslatedError:
            self._asking, self._guess = before  # a refused seed changes nothing
            self.table.replying = self.answers()
            self.refresh()
            raise

    # -- reading the position ----------------------------------------------------------------
    @property
    def defending(self) -> bool:
        """Whether an attack lies on the table (the seat to move defends)."""
        return bool(self.state.attack)

    @property
    def picked(self) -> frozenset[Card]:
        """The hand cards selected for an attack."""
        return self._selection.picked

    @property
    def target(self) -> Card | None:
        """The attack card being answered, or None."""
        return self._selection.target

    @property
    def kills(self) -> dict[Card, Card]:
        """The kills chosen so far: attack card -> the hand card that beats it."""
        return dict(self._selection.kills)

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
            elif picked not in self.presenter().hand():
                raise WidgetError("widget.panjpar.not_in_hand", card=picked)
            elif self.defending:
                self._kill_with(picked)
            else:
                chosen = self._selection.picked ^ {picked}
                self._selection = dataclasses.replace(self._selection, picked=chosen)
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
        chosen = self._selection
        if attacked in chosen.kills:  # its kill is taken back
            kills = {a: k for a, k in chosen.kills.items() if a is not attacked}
            self._selection = dataclasses.replace(chosen, kills=kills, target=attacked)
        else:
            target = None if chosen.target is attacked else attacked
            self._selection = dataclasses.replace(chosen, target=target)

    def _kill_with(self, killer: Card) -> None:
        chosen = self._selection
        for attacked, used in chosen.kills.items():
            if used is killer:  # a second click takes the kill back
                kills = {a: k for a, k in chosen.kills.items() if a is not attacked}
                self._selection = dataclasses.replace(chosen, kills=kills, target=attacked)
                return
        target = chosen.target or self._only_open_target()
        if target is None:
            raise WidgetError("widget.panjpar.aim_first", card=killer)
        if target not in self.state.beaten_by(killer):
            self.state.play(
                panjpar.Defend(panjpar.Kills({target: killer}))
            )  # raises the engine's reason
        kills = {**chosen.kills, target: killer}
        self._selection = dataclasses.replace(chosen, kills=kills, target=None)

    def _only_open_target(self) -> Card | None:
        open_cards = [c for c in self.state.attack if c not in self._selection.kills]
        return open_cards[0] if len(open_cards) == 1 else None

    def kill(self, attacked: CardLike, killer: CardLike) -> None:
        """Kill ``attacked`` with the hand card ``killer`` (:meth:`aim`, then :meth:`select`)."""
        self.aim(attacked)
        if self._selection.target is None:  # aim() toggled an earlier choice off
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
            if not self._selection.kills:
                raise WidgetError("widget.panjpar.no_kills_yet")
            return panjpar.Defend(panjpar.Kills(dict(self._selection.kills)))
        if not self._selection.picked:
            raise WidgetError("widget.panjpar.no_attack_yet")
        return panjpar.Attack(tuple(self._selection.picked))

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

    def actions(self) -> dict[str, Callable[[], object]]:
        return {
            **super().actions(),
            "attack": self.attack,
            "defend": self.defend,
            "pickup": self.pick_up,
            "cancel": self.cancel,
        }

    def show_hint(self, move: panjpar.Move) -> None:
        if isinstance(move, panjpar.Attack):
            self._selection = PanjparSelection(picked=frozenset(move.cards))
        else:
            assert isinstance(move, panjpar.Defend)
            self._selection = PanjparSelection(kills=dict(move.kills.pairs))

    # -- reading the position ----------------------------------------------------------------
    def presenter(self) -> PanjparPresenter:
        """The Panjpar presenter of what the widget shows now (typed: its selection rules)."""
        return PanjparPresenter(
            self.moment(), self._selection, self._narrated, guess_asked=self.guess_asked
        )

    def extenders(self) -> frozenset[Card]:
        """The hand cards that, added to the selection, still lead to a legal attack."""
        return self.presenter().extenders()

    def beaters(self, attacked: Card) -> tuple[Card, ...]:
        """The learner's hand cards that beat ``attacked`` (P-S12)."""
        return self.presenter().beaters(attacked)

    def attack_verdict(self) -> IllegalMove | None:
        """Why the selected cards are not a legal attack (the engine's reason), or None."""
        return self.presenter().attack_verdict()


def _ask_scene(widget: PanjparWidget, built: Any) -> Any:
    """The board before the deal (P-D1): the question and its two choices, every card face
    down, nothing that tells the trump (no trump card, no suit badge, no position code)."""
    locale = widget.locale
    for zone in built["zones"]:
        owner = zone.get("owner")
        zone["cards"] = [
            _scene.back_card("stock" if owner is None else owner, i, locale)
            for i in range(len(zone["cards"]) if zone["id"] != "stock" else 1)
        ]
        zone["badges"], zone["info"] = [], ""
    question = widget.text("widget.panjpar.guess.ask")
    built["options"] = [
        _scene.option(0, widget.text("widget.panjpar.guess.choice.red")),
        _scene.option(1, widget.text("widget.panjpar.guess.choice.black")),
    ]
    built["labels"] = {**built["labels"], "options": question}
    built["actions"], built["previews"], built["log"] = [], {}, []
    built["code"], built["history"], built["summary"], built["analysis"] = "", None, None, None
    # The banner asks; the header names the moment only, and no move is narrated yet.
    built["status"], built["announce"] = widget.text("widget.panjpar.guess.moment"), ""
    built["banner"] = {"seat": widget.seat, "text": question, "tone": "you"}
    built["focus"] = []
    return built
