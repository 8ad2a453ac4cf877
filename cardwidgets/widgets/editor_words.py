"""The position editor's words, en and de: its labels, its zones and counters, and the
refusals of its controls (:mod:`cardwidgets.widgets.editor`). Why a position is impossible
is the engine's own sentence (each game's ``PositionError``), never one of these.

>>> from cardwidgets import i18n
>>> i18n.text("editor.zone.stock", "de"), i18n.text("editor.zone.hand", "de", n=2)
('Stapel', 'Hand von Spieler 2')
"""

from __future__ import annotations

from cardwidgets import i18n

__all__: list[str] = []

i18n.register(
    {
        "editor.title": {"en": "Position editor: {game}", "de": "Stellungseditor: {game}"},
        "editor.palette": {"en": "Cards", "de": "Karten"},
        "editor.palette.main": {"en": "Main deck", "de": "Hauptstapel"},
        "editor.palette.side": {"en": "Side cards", "de": "Handkarten"},
        "editor.zones": {"en": "The position", "de": "Die Stellung"},
        "editor.counters": {"en": "Counters", "de": "Zähler"},
        "editor.place": {"en": "Place into {zone}", "de": "Nach {zone} legen"},
        "editor.place.short": {"en": "Put here", "de": "Hierher"},
        "editor.empty": {"en": "empty", "de": "leer"},
        "editor.count": {"en": "{count:# card|# cards}", "de": "{count:# Karte|# Karten}"},
        "editor.placed": {"en": "{card}, placed", "de": "{card}, gelegt"},
        "editor.in_zone": {"en": "{card} in {zone}", "de": "{card} in {zone}"},
        "editor.zone.table": {"en": "Table", "de": "Tisch"},
        "editor.zone.hand": {"en": "Hand of Player {n}", "de": "Hand von Spieler {n}"},
        "editor.zone.stock": {"en": "Stock", "de": "Stapel"},
        "editor.zone.pile": {"en": "Captured by Player {n}", "de": "Gestochen von Spieler {n}"},
        "editor.zone.attack": {"en": "Attack", "de": "Angriff"},
        "editor.zone.discard": {"en": "Discard", "de": "Ablage"},
        "editor.zone.side_hand": {
            "en": "Side hand of Player {n}",
            "de": "Handkarten von Spieler {n}",
        },
        "editor.zone.pazaak_table": {"en": "Table of Player {n}", "de": "Tisch von Spieler {n}"},
        "editor.zone.deck": {
            "en": "Main deck (next draws)",
            "de": "Hauptstapel (nächste Züge)",
        },
        "editor.zone.stock_note": {
            "en": "top card first; the last card lies face up",
            "de": "oberste Karte zuerst; die letzte liegt offen",
        },
        "editor.zone.deck_note": {
            "en": "in draw order; the rest follows from the seed",
            "de": "in Ziehreihenfolge; der Rest folgt aus dem Startwert",
        },
        "editor.zone.used": {
            "en": "Played earlier in the match by Player {n}",
            "de": "Früher in der Partie gespielt von Spieler {n}",
        },
        "editor.counter.played": {
            "en": "Side card played this turn (the table's last)",
            "de": "Handkarte in diesem Zug gespielt (die letzte des Tisches)",
        },
        "editor.counter.last_capturer": {"en": "Last to capture", "de": "Zuletzt gestochen"},
        "editor.nobody": {"en": "nobody", "de": "niemand"},
        "editor.counter.set_number": {
            "en": "Set number (0: the one after the sets won)",
            "de": "Satz (0: der nach den gewonnenen)",
        },
        "editor.counter.starter": {"en": "Began this set", "de": "Hat den Satz begonnen"},
        "editor.to_move": {"en": "the player to move", "de": "wer am Zug ist"},
        "editor.counter.to_move": {"en": "To move", "de": "Am Zug"},
        "editor.counter.dealer": {"en": "Dealer", "de": "Geber"},
        "editor.counter.deal_number": {"en": "Deal number", "de": "Runde"},
        "editor.counter.totals": {
            "en": "Match points of Player {n}",
            "de": "Partiepunkte von Spieler {n}",
        },
        "editor.counter.tablas": {"en": "Tablas of Player {n}", "de": "Tablas von Spieler {n}"},
        "editor.counter.attacker": {"en": "Attacker", "de": "Angreifer"},
        "editor.counter.trump": {"en": "Trump suit", "de": "Trumpffarbe"},
        "editor.counter.sets_won": {
            "en": "Sets won by Player {n}",
            "de": "Gewonnene Sätze von Spieler {n}",
        },
        "editor.counter.standing": {"en": "Player {n} stands", "de": "Spieler {n} steht"},
        "editor.counter.draw": {
            "en": "The player to move still draws",
            "de": "Wer am Zug ist, zieht noch",
        },
        "editor.player": {"en": "Player {n}", "de": "Spieler {n}"},
        "editor.yes": {"en": "yes", "de": "ja"},
        "editor.no": {"en": "no", "de": "nein"},
        "editor.suit.♠": {"en": "♠ spades", "de": "♠ Pik"},
        "editor.suit.♥": {"en": "♥ hearts", "de": "♥ Herz"},
        "editor.suit.♦": {"en": "♦ diamonds", "de": "♦ Karo"},
        "editor.suit.♣": {"en": "♣ clubs", "de": "♣ Kreuz"},
        "editor.remove": {"en": "Remove the card", "de": "Karte entfernen"},
        "editor.turn": {"en": "± Other value", "de": "± Anderer Wert"},
        "editor.no_turn": {
            "en": "{card} counts only one value here. Nothing changed.",
            "de": "{card} zählt hier nur einen Wert. Nichts wurde geändert.",
        },
        "editor.clear": {"en": "Clear all", "de": "Alles leeren"},
        "editor.revert": {
            "en": "Back to the last possible position",
            "de": "Zurück zur letzten möglichen Stellung",
        },
        "editor.play": {"en": "▶ Play from here", "de": "▶ Von hier spielen"},
        "editor.load": {"en": "Load code", "de": "Code laden"},
        "editor.code": {"en": "Position code", "de": "Stellungscode"},
        "editor.call": {"en": "In Python", "de": "In Python"},
        "editor.code_input": {
            "en": "Paste a position code",
            "de": "Stellungscode einfügen",
        },
        "editor.possible": {"en": "✓ A possible position.", "de": "✓ Eine mögliche Stellung."},
        # the reason is the engine's sentence; the red box and the cross say it is a refusal
        "editor.impossible": {
            "en": "✗ {reason}. The code, the call and Play show the last possible position.",
            "de": "✗ {reason}. Code, Aufruf und Spielen zeigen die letzte mögliche Stellung.",
        },
        "editor.no_code": {"en": "(no code: {reason})", "de": "(kein Code: {reason})"},
        "editor.picked": {
            "en": "Chosen: {card}. Now choose where it goes.",
            "de": "Gewählt: {card}. Jetzt wählen, wohin die Karte kommt.",
        },
        "editor.picked_placed": {
            "en": "Chosen: {card} in {zone}. Choose where it goes, or remove it (Delete).",
            "de": "Gewählt: {card} in {zone}. Wählen, wohin die Karte kommt, oder sie "
            "entfernen (Entf).",
        },
        "editor.opened": {
            "en": "The game opens below, from this position.",
            "de": "Das Spiel öffnet sich unten, ab dieser Stellung.",
        },
        # refusals of the editor's own controls (the engine's sentences say the rest)
        "editor.bad_game": {
            "en": "the position editor knows the games {games}, not {value}",
            "de": "der Stellungseditor kennt die Spiele {games}, nicht {value}",
        },
        "editor.bad_position": {
            "en": "a position is a position code, a state of the game or the keywords of "
            "from_position, not {value}",
            "de": "eine Stellung ist ein Stellungscode, ein Spielstand oder die Schlüsselwörter "
            "von from_position, nicht {value}",
        },
        "editor.nothing_chosen": {
            "en": "Choose a card first (in the cards or in the position), then where it goes. "
            "Nothing changed.",
            "de": "Zuerst eine Karte wählen (bei den Karten oder in der Stellung), dann wohin "
            "sie kommt. Nichts wurde geändert.",
        },
        "editor.no_zone": {
            "en": "This game has no place {zone}; its places are {zones}. Nothing changed.",
            "de": "Dieses Spiel hat keinen Platz {zone}; seine Plätze sind {zones}. Nichts "
            "wurde geändert.",
        },
        "editor.no_card": {
            "en": "{card} is not a card of this game. Nothing changed.",
            "de": "{card} ist keine Karte dieses Spiels. Nichts wurde geändert.",
        },
        "editor.card_moved": {
            "en": "That card is no longer there (the picture was older). Nothing changed.",
            "de": "Diese Karte liegt nicht mehr dort (das Bild war älter). Nichts wurde geändert.",
        },
        "editor.already_placed": {
            "en": "{card} is already in {zone}: choose it there to move it. Nothing changed.",
            "de": "{card} liegt schon in {zone}: dort wählen, um sie zu verschieben. Nichts "
            "wurde geändert.",
        },
        "editor.no_counter": {
            "en": "This game has no counter {name}; its counters are {names}. Nothing changed.",
            "de": "Dieses Spiel hat keinen Zähler {name}; seine Zähler sind {names}. Nichts "
            "wurde geändert.",
        },
        "editor.bad_value": {
            "en": "{name} takes {choices}, not {value}. Nothing changed.",
            "de": "{name} nimmt {choices}, nicht {value}. Nichts wurde geändert.",
        },
        "editor.whole_number": {
            "en": "a whole number from {least} to {most}",
            "de": "eine ganze Zahl von {least} bis {most}",
        },
        "editor.bad_code": {
            "en": "This code cannot be loaded: {reason}. Nothing changed.",
            "de": "Dieser Code lässt sich nicht laden: {reason}. Nichts wurde geändert.",
        },
        "editor.not_possible": {
            "en": "This position is impossible ({reason}); make it possible first, or go back "
            "to the last possible one.",
            "de": "Diese Stellung ist unmöglich ({reason}); erst möglich machen oder zur "
            "letzten möglichen zurückgehen.",
        },
    }
)
