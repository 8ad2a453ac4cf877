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
>>> w.log  # doctest: +NORMALIZE_WHITESPACE
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

Trade-offs: which hand cards can still extend a selection to a legal attack is worked out from
rank counts (a tiny search over at most 13 ranks), never from the list of all attacks, which
grows into the thousands with a big hand; a hint or a reply on a 5-card attack against a
30-card hand stays in milliseconds (``benchmarks/bench_widget_panjpar.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar

from cardwidgets import cards, i18n
from cardwidgets import scene as _scene
from cardwidgets.cards import Card, CardLike
from cardwidgets.core import IllegalMove
from cardwidgets.games import panjpar
from cardwidgets.widgets.base import GameWidget, WidgetError

__all__ = ["PanjparWidget", "can_complete"]

i18n.register(
    {
        "widget.panjpar.title": {"en": "Panjpar", "de": "Panjpar"},
        "widget.panjpar.zone.opponent": {"en": "{player}: hand", "de": "{player}: Hand"},
        "widget.panjpar.zone.hand": {"en": "Your hand", "de": "Deine Hand"},
        "widget.panjpar.zone.hand_of": {"en": "{player}: hand", "de": "{player}: Hand"},
        "widget.panjpar.zone.battle": {"en": "Battle", "de": "Kampf"},
        "widget.panjpar.zone.stock": {"en": "Stock and trumps", "de": "Talon und Trumpf"},
        "widget.panjpar.zone.discard": {"en": "Set aside", "de": "Abgelegt"},
        "widget.panjpar.info.opponent": {
            "en": "{cards} · face up: the cards you saw go there",
            "de": "{cards} · offen: die Karten, die du dorthin gehen sahst",
        },
        "widget.panjpar.info.stock": {
            "en": "Trumps: {suit} · the stock is not counted",
            "de": "Trumpf: {suit} · der Talon wird nicht gezählt",
        },
        "widget.panjpar.info.stock_empty": {
            "en": "Trumps: {suit} · the stock is used up: no more drawing",
            "de": "Trumpf: {suit} · der Talon ist aufgebraucht: es wird nicht mehr gezogen",
        },
        "widget.panjpar.info.discard": {
            "en": "only the top card may be seen",
            "de": "nur die oberste Karte darf man sehen",
        },
        "widget.panjpar.info.battle_attack": {
            "en": "{player} attacks",
            "de": "{player} greift an",
        },
        "widget.panjpar.info.you_attack": {"en": "You attack", "de": "Du greifst an"},
        "widget.panjpar.info.you_defend": {
            "en": "You defend: kill or pick up",
            "de": "Du verteidigst: schlagen oder aufnehmen",
        },
        "widget.panjpar.info.battle_defend": {
            "en": "{player} defends: kill or pick up",
            "de": "{player} verteidigt: schlagen oder aufnehmen",
        },
        "widget.panjpar.info.opponent_count": {"en": "{cards}", "de": "{cards}"},
        "widget.panjpar.info.last_battle": {
            "en": "The last battle, over · {next}",
            "de": "Der letzte Kampf, vorbei · {next}",
        },
        "widget.panjpar.note.picked_up": {"en": "picked up", "de": "aufgenommen"},
        "widget.panjpar.last_battle_idle": {
            "en": "{card} lies in the last battle, which is over; build your attack from your "
            "hand.",
            "de": "{card} gehört zum letzten Kampf, der vorbei ist; stelle deinen Angriff aus "
            "deiner Hand zusammen.",
        },
        "widget.panjpar.badge.trump": {"en": "trumps: {suit}", "de": "Trumpf: {suit}"},
        "widget.panjpar.note.known": {"en": "seen", "de": "gesehen"},
        "widget.panjpar.note.kills": {"en": "on {card}", "de": "auf {card}"},
        "widget.panjpar.note.pickup": {"en": "to the hand", "de": "auf die Hand"},
        "widget.panjpar.note.indicator": {"en": "trump indicator", "de": "Trumpfkarte"},
        "widget.panjpar.action.attack": {"en": "Attack", "de": "Angreifen"},
        "widget.panjpar.action.defend": {"en": "Defend", "de": "Verteidigen"},
        "widget.panjpar.action.pickup": {"en": "Pick up all", "de": "Alle aufnehmen"},
        "widget.panjpar.status.waiting": {"en": "{player} to move", "de": "{player} ist am Zug"},
        "widget.panjpar.status.attack": {
            "en": "{why}Select 1, 3 or 5 cards to attack: one card, a pair plus one, or two "
            "pairs plus one.",
            "de": "{why}Wähle 1, 3 oder 5 Karten zum Angreifen: eine Karte, ein Paar und eine "
            "Karte oder zwei Paare und eine Karte.",
        },
        "widget.panjpar.status.attack_limited": {
            "en": "{why}{limit}.",
            "de": "{why}{limit}.",
        },
        "widget.panjpar.status.ready": {
            "en": "Ready: attack with {cards}. Press Attack.",
            "de": "Bereit: Angriff mit {cards}. Drücke Angreifen.",
        },
        "widget.panjpar.status.not_yet": {
            "en": "Not an attack yet: {reason}. The lit cards can complete one.",
            "de": "Noch kein Angriff: {reason}. Die markierten Karten können ihn vervollständigen.",
        },
        "widget.panjpar.status.not_attack": {
            "en": "Not an attack: {reason}.",
            "de": "Kein Angriff: {reason}.",
        },
        "widget.panjpar.status.defend": {
            "en": "{player} attacks with {cards}: click an attack card, then a card of yours "
            "that beats it; or Pick up all.",
            "de": "{player} greift mit {cards} an: klicke eine Angriffskarte an, dann eine "
            "deiner Karten, die sie schlägt; oder Alle aufnehmen.",
        },
        "widget.panjpar.status.aim": {
            "en": "{card}: click a card that beats it (a higher {suit} card or a trump, {trump}).",
            "de": "{card}: klicke eine Karte an, die sie schlägt (eine höhere {suit}-Karte oder "
            "einen Trumpf, {trump}).",
        },
        "widget.panjpar.status.aim_trump": {
            "en": "{card} is a trump: only a higher trump beats it.",
            "de": "{card} ist Trumpf: nur ein höherer Trumpf schlägt sie.",
        },
        "widget.panjpar.status.aim_none": {
            "en": "Nothing in your hand beats {card}: it will be picked up.",
            "de": "Nichts in deiner Hand schlägt {card}: sie wird aufgenommen.",
        },
        "widget.panjpar.status.kills": {
            "en": "Kill {kills}; pick up {pickup}. Press Defend.",
            "de": "Schlage {kills}; nimm {pickup} auf. Drücke Verteidigen.",
        },
        "widget.panjpar.status.kills_all": {
            "en": "Kill {kills}: everything is beaten, then you attack. Press Defend.",
            "de": "Schlage {kills}: alles ist geschlagen, dann greifst du an. Drücke Verteidigen.",
        },
        "widget.panjpar.status.hot_seat": {"en": "{player}: {status}", "de": "{player}: {status}"},
        "widget.panjpar.why.start_right": {
            "en": "{guesser} guessed {guess} and the trump indicator {card} is {colour}, so "
            "{player} attacks first. ",
            "de": "{guesser} hat auf {guess} getippt und die Trumpfkarte {card} ist {colour}, "
            "also greift {player} zuerst an. ",
        },
        "widget.panjpar.why.start_wrong": {
            "en": "{guesser} guessed {guess} but the trump indicator {card} is {colour}, so "
            "{player} attacks first. ",
            "de": "{guesser} hat auf {guess} getippt, aber die Trumpfkarte {card} ist {colour}, "
            "also greift {player} zuerst an. ",
        },
        "widget.panjpar.why.killed_all": {
            "en": "{player} killed every attack card, so {player} attacks now. ",
            "de": "{player} hat jede Angriffskarte geschlagen, also greift {player} jetzt an. ",
        },
        "widget.panjpar.why.picked_up": {
            "en": "{defender} picked up, so {player} attacks again. ",
            "de": "{defender} hat aufgenommen, also greift {player} noch einmal an. ",
        },
        "widget.panjpar.why.you_start_right": {
            "en": "You guessed {guess} and the trump indicator {card} is {colour}, so you "
            "attack first. ",
            "de": "Du hast auf {guess} getippt und die Trumpfkarte {card} ist {colour}, also "
            "greifst du zuerst an. ",
        },
        "widget.panjpar.why.you_start_wrong": {
            "en": "{guesser} guessed {guess} but the trump indicator {card} is {colour}, so you "
            "attack first. ",
            "de": "{guesser} hat auf {guess} getippt, aber die Trumpfkarte {card} ist {colour}, "
            "also greifst du zuerst an. ",
        },
        "widget.panjpar.why.you_guessed_wrong": {
            "en": "You guessed {guess} but the trump indicator {card} is {colour}, so {player} "
            "attacks first. ",
            "de": "Du hast auf {guess} getippt, aber die Trumpfkarte {card} ist {colour}, also "
            "greift {player} zuerst an. ",
        },
        "widget.panjpar.why.you_killed_all": {
            "en": "You killed every attack card, so you attack now. ",
            "de": "Du hast jede Angriffskarte geschlagen, also greifst du jetzt an. ",
        },
        "widget.panjpar.why.you_picked_up": {
            "en": "{defender} picked up, so you attack again. ",
            "de": "{defender} hat aufgenommen, also greifst du noch einmal an. ",
        },
        "widget.panjpar.status.you_win": {
            "en": "Game over: you won: the stock is used up and your hand is empty, while "
            "{loser} still holds {cards}.",
            "de": "Spiel vorbei: du gewinnst: der Talon ist aufgebraucht und deine Hand ist "
            "leer, während {loser} noch {cards} hält.",
        },
        "widget.panjpar.status.you_lose": {
            "en": "Game over: {player} won: the stock is used up and {player} has no cards "
            "left, while you still hold {cards}.",
            "de": "Spiel vorbei: {player} gewinnt: der Talon ist aufgebraucht und {player} hat "
            "keine Karten mehr, während du noch {cards} hältst.",
        },
        "widget.panjpar.say.you_indicator": {
            "en": "You take the trump indicator {card}, the last card of the stock.",
            "de": "Du nimmst die Trumpfkarte {card}, die letzte Karte des Talons.",
        },
        "widget.panjpar.colour.red": {"en": "red", "de": "rot"},
        "widget.panjpar.colour.black": {"en": "black", "de": "schwarz"},
        "widget.panjpar.status.win": {
            "en": "Game over: {player} won: the stock is used up and {player} has no cards "
            "left, while {loser} still holds {cards}.",
            "de": "Spiel vorbei: {player} gewinnt: der Talon ist aufgebraucht und {player} hat "
            "keine Karten mehr, während {loser} noch {cards} hält.",
        },
        "widget.panjpar.status.draw": {
            "en": "Game over: a draw: both hands were emptied in the last battle.",
            "de": "Spiel vorbei: unentschieden: beide Hände wurden im letzten Kampf leer.",
        },
        "widget.panjpar.say.attack": {
            "en": "{player} attacks with {cards}.",
            "de": "{player} greift mit {cards} an.",
        },
        "widget.panjpar.say.you_attack": {
            "en": "You attack with {cards}.",
            "de": "Du greifst mit {cards} an.",
        },
        "widget.panjpar.say.kill": {"en": "{card} with {killer}", "de": "{card} mit {killer}"},
        "widget.panjpar.say.kills": {
            "en": "{player} kills {kills}.",
            "de": "{player} schlägt {kills}.",
        },
        "widget.panjpar.say.kills_pickup": {
            "en": "{player} kills {kills} and picks up {pickup}.",
            "de": "{player} schlägt {kills} und nimmt {pickup} auf.",
        },
        "widget.panjpar.say.pickup": {
            "en": "{player} picks up {pickup}.",
            "de": "{player} nimmt {pickup} auf.",
        },
        "widget.panjpar.say.you_kills": {"en": "You kill {kills}.", "de": "Du schlägst {kills}."},
        "widget.panjpar.say.you_kills_pickup": {
            "en": "You kill {kills} and pick up {pickup}.",
            "de": "Du schlägst {kills} und nimmst {pickup} auf.",
        },
        "widget.panjpar.say.you_pickup": {
            "en": "You pick up {pickup}.",
            "de": "Du nimmst {pickup} auf.",
        },
        "widget.panjpar.say.draws": {"en": "{player} draws {n}", "de": "{player} zieht {n}"},
        "widget.panjpar.say.you_draw": {"en": "You draw {n}", "de": "Du ziehst {n}"},
        "widget.panjpar.say.you_draw_then": {"en": "you draw {n}", "de": "du ziehst {n}"},
        "widget.panjpar.limit.one": {
            "en": "{player} holds only {cards}: attack with one card (an attack may not have "
            "more cards than the defender holds)",
            "de": "{player} hat nur {cards}: greife mit einer Karte an (ein Angriff darf nicht "
            "mehr Karten haben, als der Verteidiger hält)",
        },
        "widget.panjpar.limit.three": {
            "en": "{player} holds only {cards}: attack with one or three cards, not five (an "
            "attack may not have more cards than the defender holds)",
            "de": "{player} hat nur {cards}: greife mit einer oder drei Karten an, nicht mit "
            "fünf (ein Angriff darf nicht mehr Karten haben, als der Verteidiger hält)",
        },
        "widget.panjpar.say.indicator": {
            "en": "{player} takes the trump indicator {card}, the last card of the stock.",
            "de": "{player} nimmt die Trumpfkarte {card}, die letzte Karte des Talons.",
        },
        "widget.panjpar.words.attack": {
            "en": "Attack with {cards}",
            "de": "Greife mit {cards} an",
        },
        "widget.panjpar.words.kills": {"en": "Kill {kills}", "de": "Schlage {kills}"},
        "widget.panjpar.words.kills_pickup": {
            "en": "Kill {kills} and pick up {pickup}",
            "de": "Schlage {kills} und nimm {pickup} auf",
        },
        "widget.panjpar.words.pickup": {"en": "Pick up {pickup}", "de": "Nimm {pickup} auf"},
        "widget.panjpar.preview.beaten_by": {
            "en": "{card} is beaten by {cards}",
            "de": "{card} wird geschlagen von {cards}",
        },
        "widget.panjpar.preview.unbeatable": {
            "en": "Nothing in your hand beats {card}",
            "de": "Nichts in deiner Hand schlägt {card}",
        },
        "widget.panjpar.preview.beats": {
            "en": "{card} can beat {cards}",
            "de": "{card} kann {cards} schlagen",
        },
        "widget.panjpar.not_in_hand": {
            "en": "{card} is not in your hand.",
            "de": "{card} ist nicht in deiner Hand.",
        },
        "widget.panjpar.not_attacked": {
            "en": "{card} is not one of the attack cards.",
            "de": "{card} gehört nicht zu den Angriffskarten.",
        },
        "widget.panjpar.aim_first": {
            "en": "Click the attack card {card} should kill first.",
            "de": "Klicke zuerst die Angriffskarte an, die {card} schlagen soll.",
        },
        "widget.panjpar.no_attack_yet": {
            "en": "Select the cards of your attack first: 1, 3 or 5 cards.",
            "de": "Wähle zuerst die Karten deines Angriffs: 1, 3 oder 5 Karten.",
        },
        "widget.panjpar.no_kills_yet": {
            "en": "Choose your kills first (an attack card, then the card that beats it), or "
            "press Pick up all.",
            "de": "Wähle zuerst, was du schlägst (eine Angriffskarte, dann die Karte, die sie "
            "schlägt), oder drücke Alle aufnehmen.",
        },
        "widget.panjpar.not_defending": {
            "en": "There is no attack to answer: it is your turn to attack.",
            "de": "Es gibt keinen Angriff zu beantworten: du bist mit Angreifen dran.",
        },
        "widget.panjpar.not_attacking": {
            "en": "Answer the attack on the table first: kill cards or pick them up.",
            "de": "Beantworte zuerst den Angriff auf dem Tisch: schlage Karten oder nimm sie auf.",
        },
        "widget.panjpar.indicator_idle": {
            "en": "{card} is the trump indicator: it stays under the stock until someone draws "
            "it as the last card, and nobody may exchange it (P-S21).",
            "de": "{card} ist die Trumpfkarte: sie bleibt unter dem Talon, bis jemand sie als "
            "letzte Karte zieht, und niemand darf sie austauschen (P-S21).",
        },
        "widget.panjpar.discard_idle": {
            "en": "{card} is set aside: beaten cards are not used again.",
            "de": "{card} ist abgelegt: geschlagene Karten werden nicht mehr gebraucht.",
        },
        "widget.panjpar.legend.playable": {
            "en": "Dashed outline: this card can complete an attack, or beat an attack card",
            "de": "Gestrichelter Rand: diese Karte kann einen Angriff vervollständigen oder eine "
            "Angriffskarte schlagen",
        },
        "widget.panjpar.legend.target": {
            "en": "Dotted outline: the attack card you are answering",
            "de": "Gepunkteter Rand: die Angriffskarte, die du beantwortest",
        },
        "widget.panjpar.legend.beats": {
            "en": "Solid outline: beats the chosen attack card",
            "de": "Durchgezogener Rand: schlägt die gewählte Angriffskarte",
        },
        "widget.panjpar.legend.pickup": {
            "en": "Arrow ↓: not killed, goes to the defender's hand",
            "de": "Pfeil ↓: nicht geschlagen, geht auf die Hand des Verteidigers",
        },
        "widget.panjpar.legend.muted": {
            "en": "Greyed: used to kill, or killed and set aside",
            "de": "Grau: zum Schlagen verwendet, oder geschlagen und abgelegt",
        },
    }
)


def _rank_counts(hand: Iterable[Card]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for card in hand:
        counts[int(card.rank)] = counts.get(int(card.rank), 0) + 1
    return counts


def can_complete(chosen: Iterable[Card], hand: Iterable[Card], sizes: Iterable[int]) -> bool:
    """Whether hand cards can be added to ``chosen`` to make a legal attack shape (P-D3) of
    one of ``sizes``. Only rank counts matter, so this is a tiny search over at most 13 ranks,
    whatever the size of the hand.

    >>> hand = cards.parse_many("7♥ 7♣ 9♦ 2♠ 3♠")
    >>> can_complete(cards.parse_many("7♥ 9♦"), hand, (1, 3, 5))
    True
    >>> can_complete(cards.parse_many("9♦ 2♠"), hand, (1, 3, 5))
    False
    >>> can_complete(cards.parse_many("7♥ 7♣ 9♦ 2♠"), hand, (1, 3))
    False
    """
    have, free = _rank_counts(chosen), _rank_counts(hand)
    # reachable: (cards, pairs) after each rank; pairs are capped at 2, what a shape needs.
    reachable = {(0, 0)}
    for rank, available in free.items():
        low = have.get(rank, 0)
        reachable = {
            (total + take, min(2, pairs + take // 2))
            for total, pairs in reachable
            for take in range(low, available + 1)
            if total + take <= 5
        }
    return any((size, (size - 1) // 2) in reachable or (size, 2) in reachable for size in sizes)


class PanjparWidget(GameWidget):
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
    engine: ClassVar[Any] = panjpar
    focus_zones = ("hand", "battle")

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
        hand, sizes = self._hand(), self._sizes()
        return frozenset(
            card
            for card in hand
            if card not in self._picked and can_complete(self._picked | {card}, hand, sizes)
        )

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

    def move_words(self, move: panjpar.Move) -> str:
        if isinstance(move, panjpar.Attack):
            return self.text("widget.panjpar.words.attack", cards=_attack_text(move.cards))
        assert isinstance(move, panjpar.Defend)
        kills, pickup = self._defence_parts(move, self.state)
        return self.text(
            f"widget.panjpar.words.{_shape(kills, pickup)}", kills=kills, pickup=pickup
        )

    def _defence_parts(self, move: panjpar.Defend, attacked: panjpar.State) -> tuple[str, str]:
        """The kills (``7♥ with 9♥, 7♣ with 8♣``) and the cards picked up, as text."""
        killed = {a for a, _ in move.kills.pairs}
        pickup = cards.format_cards(c for c in attacked.attack if c not in killed)
        kills = ", ".join(
            self.text("widget.panjpar.say.kill", card=a, killer=k) for a, k in move.kills.pairs
        )
        return kills, pickup

    def describe(self) -> str:
        return f"{super().describe()}, trumps {self.state.trump.value}"

    # -- the log -----------------------------------------------------------------------------
    def say(self, state: Any) -> str:
        move, parent = state.last_move, state.parent
        if move is None or parent is None or parent.to_move is None:
            return ""
        you = self.mover_is_learner(state)
        player = self.names()[int(parent.to_move)]
        if isinstance(move, panjpar.Attack):
            key = "widget.panjpar.say.you_attack" if you else "widget.panjpar.say.attack"
            return self.text(key, player=player, cards=_attack_text(move.cards))
        parts = [self._say_defence(move, parent, player, you)]
        parts += self._say_draws(move, parent, state)
        if state.is_over:
            parts.append(self._status_over(state))
        return " ".join(p for p in parts if p)

    def _say_defence(
        self, move: panjpar.Defend, parent: panjpar.State, player: str, you: bool
    ) -> str:
        kills, pickup = self._defence_parts(move, parent)
        key = f"widget.panjpar.say.{'you_' if you else ''}{_shape(kills, pickup)}"
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
            you = self.opponent is not None and taker == self.seat
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
        if self.opponent is not None and seat == self.seat:
            key = "widget.panjpar.say.you_draw_then" if later else "widget.panjpar.say.you_draw"
        return self.text(key, player=self.names()[seat], n=n)

    # -- scene builders ----------------------------------------------------------------------
    def zones(self) -> list[_scene.Zone]:
        view = self.state.view(self.viewer)  # only what this seat may see (P-D9)
        return [
            self._opponent_zone(view),
            self._battle_zone(view),
            self._hand_zone(view),
            self._stock_zone(view),
            self._discard_zone(view),
        ]

    def _opponent_zone(self, view: dict[str, Any]) -> _scene.Zone:
        other = 1 - self.viewer
        size = view["hand_sizes"][other]
        if self.open_hands:
            shown = [_scene.french_card(c, self.locale) for c in self.state.hands[other]]
        else:
            known = cards.to_cards(view["known"][other])  # seen picked up or drawn: public
            note = self.text("widget.panjpar.note.known")
            shown = [_scene.french_card(c, self.locale, note=note) for c in known]
            shown += [_scene.back_card(other, i, self.locale) for i in range(size - len(known))]
        label = self.text("widget.panjpar.zone.opponent", player=self.names()[other])
        counted = self.count("widget.cards", size)
        seen = any(c["kind"] == "french" for c in shown) and not self.open_hands
        key = "widget.panjpar.info.opponent" if seen else "widget.panjpar.info.opponent_count"
        info = self.text(key, cards=counted)
        return _scene.zone("opponent-hand", label, shown, layout="fan", owner=other, info=info)

    def _battle_zone(self, view: dict[str, Any]) -> _scene.Zone:
        attack = cards.to_cards(view["attack"])
        mine = self.is_my_turn() and bool(attack)
        shown: list[_scene.CardView] = []
        for slot, card in enumerate(attack):
            shown.append(self._attack_card(card, slot, mine))
            killer = self._kills.get(card)
            if killer is not None:
                shown.append(_scene.french_card(killer, self.locale, highlight="beats", slot=slot))
        info = self._battle_info(view["attacker"], bool(attack))
        if not attack and isinstance(self.state.last_move, panjpar.Defend):
            shown = self._last_battle(self.state.parent, self.state.last_move)
            info = self.text("widget.panjpar.info.last_battle", next=info)
        label = self.text("widget.panjpar.zone.battle")
        return _scene.zone("battle", label, shown, layout="pairs", info=info)

    def _last_battle(self, before: panjpar.State, move: panjpar.Defend) -> list[_scene.CardView]:
        """The battle just fought, greyed: the kills as pairs (now set aside) and the cards
        picked up. All of it was face up on the table (public)."""
        kills = dict(move.kills.pairs)
        shown = []
        for slot, card in enumerate(before.attack):
            killer = kills.get(card)
            if killer is None:
                note = self.text("widget.panjpar.note.picked_up")
                shown.append(
                    _scene.french_card(card, self.locale, highlight="pickup", slot=slot, note=note)
                )
                continue
            for face in (card, killer):
                shown.append(_scene.french_card(face, self.locale, highlight="muted", slot=slot))
        return shown

    def _battle_info(self, attacker: int, defending: bool) -> str:
        """Who attacks, or who defends: ``You defend: kill or pick up``."""
        seat = 1 - attacker if defending else attacker
        if self.opponent is not None and seat == self.seat:
            return self.text(f"widget.panjpar.info.you_{'defend' if defending else 'attack'}")
        key = "battle_defend" if defending else "battle_attack"
        return self.text(f"widget.panjpar.info.{key}", player=self.names()[seat])

    def _attack_card(self, card: Card, slot: int, mine: bool) -> _scene.CardView:
        role: str | None = None
        note = ""
        if card is self._target:
            role = "target"
        elif mine and self._kills and card not in self._kills:
            role, note = "pickup", self.text("widget.panjpar.note.pickup")
        return _scene.french_card(
            card,
            self.locale,
            selectable=mine,
            selected=card is self._target,
            highlight=role,
            slot=slot,
            note=note,
        )

    def _hand_zone(self, view: dict[str, Any]) -> _scene.Zone:
        mine = self.is_my_turn()
        lit, role = self._lit_hand() if mine and self.hints else (frozenset(), None)
        used = {killer: attacked for attacked, killer in self._kills.items()}
        shown = []
        for card in cards.to_cards(view["hand"]):
            marks: dict[str, Any] = {"selectable": mine}
            if card in used:
                note = self.text("widget.panjpar.note.kills", card=used[card])
                marks.update(selected=True, highlight="muted", note=note)
            elif card in self._picked:
                marks["selected"] = True
            elif card in lit:
                marks["highlight"] = role
            shown.append(_scene.french_card(card, self.locale, **marks))
        if self.opponent is not None:
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
        used = set(self._kills.values())
        if self._target is not None:
            return frozenset(c for c in self.beaters(self._target) if c not in used), "beats"
        open_cards = [c for c in self.state.attack if c not in self._kills]
        found = {c for a in open_cards for c in self.beaters(a) if c not in used}
        return frozenset(found), "playable"

    def _stock_zone(self, view: dict[str, Any]) -> _scene.Zone:
        # P-D9: one face-down card stands for the stock whatever its size (never a count).
        shown: list[_scene.CardView] = []
        suit = cards.Suit(view["trump"])
        if view["trump_card"] is not None:
            shown.append(_scene.back_card("stock", 0, self.locale))
            note = self.text("widget.panjpar.note.indicator")
            shown.append(
                _scene.french_card(cards.parse(view["trump_card"]), self.locale, note=note)
            )
        key = "stock_empty" if view["stock_empty"] else "stock"
        info = self.text(f"widget.panjpar.info.{key}", suit=suit.value)
        trump = _scene.badge(
            "flag",
            suit.value,
            label=self.text("widget.panjpar.badge.trump", suit=suit.name_in(self.locale)),
        )
        label = self.text("widget.panjpar.zone.stock")
        return _scene.zone("stock", label, shown, layout="stock", info=info, badges=[trump])

    def _discard_zone(self, view: dict[str, Any]) -> _scene.Zone:
        top = view["discard_top"]
        shown = [] if top is None else [_scene.french_card(cards.parse(top), self.locale)]
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
        used = set(self._kills.values())
        for card in self._hand():
            if card in used:  # already lies on an attack card
                continue
            victims = [a for a in self.state.attack if self._beats(card, a)]
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
            kills = bool(self._kills)
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
                    enabled=kills or self._target is not None,
                ),
            ]
        ready = mine and bool(self._picked) and self.attack_verdict() is None
        return [
            _scene.action(
                "attack", self.text("widget.panjpar.action.attack"), enabled=ready, primary=ready
            ),
            _scene.action(
                "cancel", self.text("widget.action.cancel"), enabled=mine and bool(self._picked)
            ),
        ]

    def legend_items(self) -> list[_scene.LegendItem]:
        roles = ("playable", "target", "beats", "pickup", "muted")
        return [
            {"role": role, "group": None, "text": self.text(f"widget.panjpar.legend.{role}")}
            for role in roles
        ]

    # -- the status line ---------------------------------------------------------------------
    def status(self) -> str:
        state = self.state
        if state.is_over:
            return self._status_over(state)
        if not self.is_my_turn():
            return self.text("widget.panjpar.status.waiting", player=self.names()[state.to_move])
        said = self._defend_status() if self.defending else self._attack_status()
        if self.opponent is None:
            return self.text(
                "widget.panjpar.status.hot_seat", player=self.names()[self.viewer], status=said
            )
        return said

    def _attack_status(self) -> str:
        if not self._picked:
            why = self._why_attack()
            sizes = self._sizes()
            if 5 in sizes:
                return self.text("widget.panjpar.status.attack", why=why)
            return self.text("widget.panjpar.status.attack_limited", why=why, limit=self._limit())
        verdict = self.attack_verdict()
        if verdict is None:
            shown = _attack_text(tuple(self._picked))
            return self.text("widget.panjpar.status.ready", cards=shown)
        reason = verdict.text(self.locale)
        if verdict.key in ("panjpar.limit_one", "panjpar.limit_three"):
            reason = self._limit()  # the end-game size rule, with its reason
        elif len(self._picked) > max(self._sizes()):
            reason = f"{reason}. {self._limit()}"
        if self.hints and can_complete(self._picked, self._hand(), self._sizes()):
            return self.text("widget.panjpar.status.not_yet", reason=reason)
        return self.text("widget.panjpar.status.not_attack", reason=reason)

    def _limit(self) -> str:
        """The end-game size rule (P-S23, P-D4): no more attack cards than the defender holds."""
        defender = 1 - self.state.attacker
        held = len(self.state.hands[defender])
        key = "widget.panjpar.limit.one" if held < 3 else "widget.panjpar.limit.three"
        count = self.count("widget.cards", held)
        return self.text(key, player=self.names()[defender], cards=count)

    def _why_attack(self) -> str:
        """Why the learner attacks now: the trump guess at the start, all killed (the defender
        attacks), or a pick-up (the attacker again); P-S5, P-S14, P-S15."""
        state, names = self.state, self.names()
        you = "you_" if self.opponent is not None else ""  # the learner is the attacker here
        player, defender = names[state.attacker], names[1 - state.attacker]
        parent = state.parent
        if parent is None:
            return self._why_start(state)
        move = state.last_move
        key = "killed_all" if len(move.kills) == len(parent.attack) else "picked_up"
        return self.text(f"widget.panjpar.why.{you}{key}", player=player, defender=defender)

    def _why_start(self, state: panjpar.State) -> str:
        """The trump guess (P-S5, P-D1) and who attacks first because of it."""
        guess, indicator = state.guess, state.trump_card
        if guess is None or indicator is None:
            return ""
        said, guesser, attacker = guess["guess"], guess["guesser"], state.attacker
        right = "right" if indicator.color == said else "wrong"
        if self.opponent is None:
            key = f"start_{right}"
        elif attacker == self.seat:
            key = f"you_start_{right}"
        else:  # the computer attacks first: it guessed right, or the learner guessed wrong
            key = "start_right" if guesser == attacker else "you_guessed_wrong"
        return self.text(
            f"widget.panjpar.why.{key}",
            guesser=self.names()[guesser],
            guess=self.text(f"widget.panjpar.colour.{said}"),
            card=indicator,
            colour=self.text(f"widget.panjpar.colour.{indicator.color}"),
            player=self.names()[attacker],
        )

    def _defend_status(self) -> str:
        state = self.state
        if self._target is not None:
            return self._aim_status(self._target)
        if not self._kills:
            first = state.parent is not None and state.parent.parent is None
            said = self.text(
                "widget.panjpar.status.defend",
                player=self.names()[state.attacker],
                cards=_attack_text(state.attack),
            )
            return self._why_start(state.parent) + said if first else said
        joiner = ", "
        kills = joiner.join(
            self.text("widget.panjpar.say.kill", card=a, killer=k)
            for a, k in sorted(self._kills.items())
        )
        rest = [c for c in state.attack if c not in self._kills]
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

    def _status_over(self, state: panjpar.State) -> str:
        outcome = state.outcome
        if outcome is None or outcome.winner is None:
            return self.text("widget.panjpar.status.draw")
        loser = 1 - outcome.winner
        key = "win"
        if self.opponent is not None:
            key = "you_win" if outcome.winner == self.seat else "you_lose"
        return self.text(
            f"widget.panjpar.status.{key}",
            player=self.names()[outcome.winner],
            loser=self.names()[loser],
            cards=self.count("widget.cards", len(state.hands[loser])),
        )


def _shape(kills: str, pickup: str) -> str:
    """Which sentence a defence needs: ``kills``, ``kills_pickup`` or ``pickup``."""
    return "kills_pickup" if kills and pickup else "kills" if kills else "pickup"


def _attack_text(attack: Iterable[Card]) -> str:
    """An attack as pagat writes shapes: pairs first (``7♥ 7♣ 9♦``)."""
    return str(panjpar.Attack(tuple(attack))).removeprefix("attack ")
