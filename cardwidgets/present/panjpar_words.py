"""The Panjpar widget's sentences, in English and German, and the small helpers that word an
attack or a defence.

Kept apart from :mod:`cardwidgets.widgets.panjpar` so the widget module stays about behaviour.

>>> from cardwidgets import cards
>>> attack_text(cards.parse_many("9♦ 7♥ 7♣"))
'7♥ 7♣ 9♦'
>>> defence_shape("7♥ with 9♥", ""), defence_shape("", "7♣")
('kills', 'pickup')
"""

from __future__ import annotations

from collections.abc import Iterable

from cardwidgets import i18n
from cardwidgets.cards import Card
from cardwidgets.games import panjpar

__all__ = ["attack_text", "defence_shape"]


def defence_shape(kills: str, pickup: str) -> str:
    """Which sentence a defence needs: ``kills``, ``kills_pickup`` or ``pickup``."""
    return "kills_pickup" if kills and pickup else "kills" if kills else "pickup"


def attack_text(attack: Iterable[Card]) -> str:
    """An attack as pagat writes shapes: pairs first (``7♥ 7♣ 9♦``)."""
    return str(panjpar.Attack(tuple(attack))).removeprefix("attack ")


i18n.register(
    {
        "widget.panjpar.summary.title": {"en": "Game over", "de": "Spiel vorbei"},
        "widget.panjpar.summary.left": {"en": "Cards left in hand", "de": "Karten auf der Hand"},
        "widget.panjpar.summary.attacks": {"en": "Attacks made", "de": "Angriffe"},
        # the turn banner's prompts
        "widget.panjpar.banner.attack": {
            "en": "pick your attack cards, then Attack",
            "de": "wähle deine Angriffskarten, dann Angreifen",
        },
        "widget.panjpar.banner.defend": {
            "en": "beat the attack cards or pick up all",
            "de": "schlage die Angriffskarten oder nimm alle auf",
        },
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
        # The guess drawn from the seed (the widget's guess option not given), or made by
        # whoever set the state up: nobody is said to have guessed.
        "widget.panjpar.why.drawn": {
            "en": "The seed drew the trump guess ({guesser}: {guess}); the trump indicator "
            "{card} is {colour}, so {player} attacks first. ",
            "de": "Der Startwert hat den Trumpftipp gezogen ({guesser}: {guess}); die "
            "Trumpfkarte {card} ist {colour}, also greift {player} zuerst an. ",
        },
        "widget.panjpar.why.you_drawn": {
            "en": "The seed drew the trump guess ({guesser}: {guess}); the trump indicator "
            "{card} is {colour}, so you attack first. ",
            "de": "Der Startwert hat den Trumpftipp gezogen ({guesser}: {guess}); die "
            "Trumpfkarte {card} ist {colour}, also greifst du zuerst an. ",
        },
        "widget.panjpar.why.given": {
            "en": "The trump guess was {guess} ({guesser}); the trump indicator {card} is "
            "{colour}, so {player} attacks first. ",
            "de": "Der Trumpftipp war {guess} ({guesser}); die Trumpfkarte {card} ist "
            "{colour}, also greift {player} zuerst an. ",
        },
        "widget.panjpar.why.you_given": {
            "en": "The trump guess was {guess} ({guesser}); the trump indicator {card} is "
            "{colour}, so you attack first. ",
            "de": "Der Trumpftipp war {guess} ({guesser}); die Trumpfkarte {card} ist "
            "{colour}, also greifst du zuerst an. ",
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
        # the guess as a noun: "auf Schwarz getippt" (the colour adjective stays lower case)
        "widget.panjpar.guess.red": {"en": "red", "de": "Rot"},
        "widget.panjpar.guess.black": {"en": "black", "de": "Schwarz"},
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
        "widget.panjpar.guess.ask": {
            "en": "Before the deal: guess the colour of the trump card, red or black",
            "de": "Vor dem Geben: Tippe auf die Farbe der Trumpfkarte, Rot oder Schwarz",
        },
        "widget.panjpar.guess.moment": {"en": "Before the deal", "de": "Vor dem Geben"},
        "widget.panjpar.guess.choice.red": {"en": "Red", "de": "Rot"},
        "widget.panjpar.guess.choice.black": {"en": "Black", "de": "Schwarz"},
        "widget.panjpar.guess_first": {
            "en": "First guess the trump colour (red or black): the cards are dealt after it.",
            "de": "Tippe zuerst auf die Trumpffarbe (Rot oder Schwarz): danach wird gegeben.",
        },
        "widget.panjpar.guess_not_asked": {
            "en": "No guess is asked now: the cards are dealt (guess='ask' asks before each deal).",
            "de": "Jetzt ist kein Tipp gefragt: die Karten sind gegeben (guess='ask' fragt vor "
            "jedem Geben).",
        },
        "widget.panjpar.guess_with_state": {
            "en": "The trump guess is made before a deal: give guess with seed, not with a "
            "state or a position code (their guess is already made).",
            "de": "Der Trumpftipp kommt vor dem Geben: gib guess mit seed an, nicht mit einem "
            "Spielstand oder Stellungscode (deren Tipp steht schon fest).",
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
