"""Every sentence the players say, in English and German: one catalog for the package.

Keys start with ``bots.`` (players, options, hints), then ``bots.tablic.``, ``bots.panjpar.``
and ``bots.pazaak.`` for each game's reasons. Importing this module registers them.

>>> from cardwidgets import i18n
>>> from cardwidgets.bots import words
>>> i18n.text("bots.only_move", "de")
'Es ist der einzige erlaubte Zug.'
>>> sorted({key.split(".")[1] for key in words.MESSAGES if key.count(".") > 1})
['panjpar', 'pazaak', 'tablic']
"""

from __future__ import annotations

from cardwidgets import i18n

__all__ = ["MESSAGES"]

MESSAGES: dict[str, dict[str, str]] = {
    # -- players, options and hints ------------------------------------------------------
    "bots.unknown_player": {
        "en": "there is no player '{name}': choose one of {names}",
        "de": "es gibt keinen Spieler '{name}': wähle einen von {names}",
    },
    "bots.unknown_option": {
        "en": "{player} has no option '{option}'; the options are: {options}",
        "de": "{player} hat keine Option '{option}'; die Optionen sind: {options}",
    },
    "bots.bad_option": {
        "en": "option '{option}' must be {expected}, not {value}",
        "de": "die Option '{option}' muss {expected} sein, nicht {value}",
    },
    "bots.no_strategy": {
        "en": "the greedy player does not know the game '{game}'",
        "de": "der gierige Spieler kennt das Spiel '{game}' nicht",
    },
    "bots.bad_budget": {
        "en": "the expert needs a positive number of iterations or seconds, not {value}",
        "de": "der Experte braucht eine positive Zahl von Iterationen oder Sekunden, nicht {value}",
    },
    "bots.view_unreadable": {
        "en": "this is not a seat's view: {reason}",
        "de": "das ist keine Sicht eines Platzes: {reason}",
    },
    "bots.view_not_json": {
        "en": "the text is not JSON",
        "de": "der Text ist kein JSON",
    },
    "bots.view_not_object": {
        "en": "a view must be a JSON object (a dict), not {kind}",
        "de": "eine Sicht muss ein JSON-Objekt (ein dict) sein, nicht {kind}",
    },
    "bots.view_missing": {
        "en": "the field '{field}' is missing",
        "de": "das Feld '{field}' fehlt",
    },
    "bots.view_field": {
        "en": "the field '{field}' is invalid: {value}",
        "de": "das Feld '{field}' ist ungültig: {value}",
    },
    "bots.view_not_to_move": {
        "en": "this is the view of seat {seat}, but seat {to_move} is to move",
        "de": "das ist die Sicht von Platz {seat}, aber Platz {to_move} ist am Zug",
    },
    "bots.not_your_turn": {
        "en": "there is no hint for seat {seat}: it is seat {to_move}'s turn",
        "de": "für Platz {seat} gibt es keinen Tipp: Platz {to_move} ist am Zug",
    },
    "bots.only_move": {
        "en": "It is the only legal move.",
        "de": "Es ist der einzige erlaubte Zug.",
    },
    "bots.suggested": {
        "en": "The computer suggests {move}.",
        "de": "Der Computer schlägt {move} vor.",
    },
    # -- Tablić reasons ------------------------------------------------------------------
    "bots.tablic.tabla": {
        "en": "{card} clears the table: a tabla, {points:# point|# points} and "
        "{cards:# card|# cards}.",
        "de": "{card} räumt den Tisch ab: eine Tabla, {points:# Punkt|# Punkte} und "
        "{cards:# Karte|# Karten}.",
    },
    "bots.tablic.points": {
        "en": "{card} takes {captured}: {points:# point|# points} and {cards:# card|# cards}, "
        "the best capture now.",
        "de": "{card} nimmt {captured}: {points:# Punkt|# Punkte} und {cards:# Karte|# Karten}, "
        "der beste Stich jetzt.",
    },
    "bots.tablic.cards": {
        "en": "{card} takes {captured}: no points, but {cards:# card|# cards} toward the 3 for "
        "most cards.",
        "de": "{card} nimmt {captured}: keine Punkte, aber {cards:# Karte|# Karten} für die 3 "
        "Punkte der meisten Karten.",
    },
    "bots.tablic.trail": {
        "en": "Lay down {card}: it gives away the fewest points and the least chance of a tabla.",
        "de": "Lege {card} ab: das verschenkt die wenigsten Punkte und kaum eine Tabla.",
    },
    # -- Panjpar reasons and phrases -----------------------------------------------------
    "bots.panjpar.attack_low": {
        "en": "Attack with {cards}: a low card that is not a trump; keep trumps and aces "
        "for the end game.",
        "de": "Greife mit {cards} an: eine niedrige Karte, die kein Trumpf ist; Trümpfe und "
        "Asse hebst du für das Endspiel auf.",
    },
    "bots.panjpar.attack_many": {
        "en": "Attack with {cards}: {count:# low card leaves|# low cards leave} your hand at "
        "once; keep trumps and aces for the end game.",
        "de": "Greife mit {cards} an: {count:# niedrige Karte verlässt|# niedrige Karten "
        "verlassen} auf einmal deine Hand; Trümpfe und Asse hebst du für das Endspiel auf.",
    },
    "bots.panjpar.attack_end": {
        "en": "The stock is empty: attack with {cards} to shed as many cards as you can.",
        "de": "Der Stapel ist leer: greife mit {cards} an, um möglichst viele Karten loszuwerden.",
    },
    "bots.panjpar.attack_last": {
        "en": "Your opponent holds only {count}: attack with {cards}, the card hardest to beat.",
        "de": "Dein Gegner hat nur noch {count}: greife mit {cards} an, der am schwersten "
        "zu schlagenden Karte.",
    },
    "bots.panjpar.win": {
        "en": "Kill {kills}: that empties your hand and wins the game.",
        "de": "Schlage {kills}: damit ist deine Hand leer und du gewinnst.",
    },
    "bots.panjpar.kill_all": {
        "en": "Kill {kills}: the cheapest way to beat everything, and then you attack.",
        "de": "Schlage {kills}: so schlägst du alles am billigsten, und dann greifst du an.",
    },
    "bots.panjpar.kill_some": {
        "en": "Kill {kills} cheaply and pick up {pickup}: beating it would cost a trump or "
        "a high card.",
        "de": "Schlage billig {kills} und nimm {pickup} auf: es zu schlagen kostete einen "
        "Trumpf oder eine hohe Karte.",
    },
    "bots.panjpar.pickup": {
        "en": "Pick up {pickup}: beating it would cost a trump or a high card you need later.",
        "de": "Nimm {pickup} auf: es zu schlagen kostete einen Trumpf oder eine hohe Karte, "
        "die du später brauchst.",
    },
    "bots.panjpar.cannot": {
        "en": "Pick up {pickup}: none of your cards can beat it.",
        "de": "Nimm {pickup} auf: keine deiner Karten kann es schlagen.",
    },
    "bots.panjpar.with": {"en": "{card} with {killer}", "de": "{card} mit {killer}"},
    "bots.panjpar.and": {"en": "and", "de": "und"},
    "bots.panjpar.cards": {"en": "{count:# card|# cards}", "de": "{count:# Karte|# Karten}"},
    # -- Pazaak reasons ------------------------------------------------------------------
    "bots.pazaak.gold_not_searched": {
        "en": "the exact set search does not model gold cards (Z-D9)",
        "de": "die exakte Suche im Satz kennt keine Goldkarten (Z-D9)",
    },
    "bots.pazaak.recover": {
        "en": "You are over 20: {card} brings you back to {total}.",
        "de": "Du bist über 20: {card} bringt dich zurück auf {total}.",
    },
    "bots.pazaak.bust": {
        "en": "You are over 20 and no hand card brings you back: this set is lost.",
        "de": "Du bist über 20 und keine Handkarte rettet dich: dieser Satz ist verloren.",
    },
    "bots.pazaak.make20": {
        "en": "{card} makes exactly 20, the best total there is.",
        "de": "{card} ergibt genau 20, die beste Summe überhaupt.",
    },
    "bots.pazaak.make19": {
        "en": "{card} takes you to {total}: hard to beat, and no risk of a bust.",
        "de": "{card} bringt dich auf {total}: schwer zu schlagen und ohne Risiko.",
    },
    "bots.pazaak.beat": {
        "en": "{card} takes you to {total}, above the {opponent} your opponent stands on.",
        "de": "{card} bringt dich auf {total}, über die {opponent} deines Gegners, der hält.",
    },
    "bots.pazaak.stand_win": {
        "en": "Stand: your {total} already beats the {opponent} your opponent stands on.",
        "de": "Halte: deine {total} schlagen schon die {opponent} deines Gegners, der hält.",
    },
    "bots.pazaak.stand_tie": {
        "en": "Stand on {total} for a tie: another card busts you with a chance of {bust}.",
        "de": "Halte bei {total} für ein Unentschieden: eine weitere Karte überzieht mit "
        "einer Chance von {bust}.",
    },
    "bots.pazaak.must_draw": {
        "en": "Your opponent stands on {opponent}: with {total} you have to draw again.",
        "de": "Dein Gegner hält bei {opponent}: mit {total} musst du weiterziehen.",
    },
    "bots.pazaak.stand_at": {
        "en": "Stand on {total}: another card busts you with a chance of {bust}.",
        "de": "Halte bei {total}: eine weitere Karte überzieht mit einer Chance von {bust}.",
    },
    "bots.pazaak.play": {
        "en": "{card} takes you to {total}.",
        "de": "{card} bringt dich auf {total}.",
    },
    "bots.pazaak.draw_safe": {
        "en": "End the turn and draw again: from {total} no card can bust you.",
        "de": "Beende den Zug und ziehe weiter: von {total} aus kann dich keine Karte überziehen.",
    },
    "bots.pazaak.draw": {
        "en": "End the turn and draw again: from {total} the next card busts you only "
        "with a chance of {bust}.",
        "de": "Beende den Zug und ziehe weiter: von {total} aus überzieht die nächste "
        "Karte nur mit einer Chance von {bust}.",
    },
}
"""The catalog: key -> locale -> text."""

i18n.register(MESSAGES)
