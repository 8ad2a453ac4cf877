"""Every sentence of the Tablić engine, in English and German: a leaf that imports no room.

The catalog is registered when the package is imported; the engine's errors and descriptions
look their sentences up by key (``tablic.not_a_capture`` …) in the reader's language.

>>> from cardwidgets import i18n
>>> i18n.text("tablic.say.tabla", "de")
'Tabla: der Tisch ist abgeräumt (+1 Punkt).'
"""

from __future__ import annotations

from cardwidgets import i18n

i18n.register(
    {
        "tablic.player": {"en": "Player {n}", "de": "Spieler {n}"},
        "tablic.not_your_turn": {
            "en": "it is Player {player}'s turn, not Player {other}'s",
            "de": "Spieler {player} ist am Zug, nicht Spieler {other}",
        },
        "tablic.move.trail": {
            "en": "{card} is laid on the table",
            "de": "{card} wird auf den Tisch gelegt",
        },
        "tablic.move.capture": {
            "en": "{card} captures {captured}",
            "de": "{card} nimmt {captured}",
        },
        "tablic.say.trail": {
            "en": "{player} lays {card} on the table.",
            "de": "{player} legt {card} auf den Tisch.",
        },
        "tablic.say.capture": {
            "en": "{player} plays {card} and captures {captured}.",
            "de": "{player} spielt {card} und nimmt {captured}.",
        },
        "tablic.say.tabla": {
            "en": "Tabla: the table is cleared (+1 point).",
            "de": "Tabla: der Tisch ist abgeräumt (+1 Punkt).",
        },
        "tablic.say.leftovers": {
            "en": "{player} takes the cards left on the table: {cards}.",
            "de": "{player} bekommt die übrigen Tischkarten: {cards}.",
        },
        "tablic.say.leftovers_nobody": {
            "en": "Nobody captured in this deal; the cards left on the table ({cards}) count for "
            "nobody.",
            "de": "In diesem Spiel hat niemand gestochen; die übrigen Tischkarten ({cards}) "
            "zählen für niemanden.",
        },
        "tablic.say.deal_end": {
            "en": "Deal {deal} is over: {player0} scores {score0}, {player1} scores {score1}.",
            "de": "Spiel {deal} ist vorbei: {player0} erhält {score0}, {player1} erhält {score1}.",
        },
        "tablic.say.match_end": {
            "en": "{player} wins the match {high} to {low}.",
            "de": "{player} gewinnt die Partie mit {high} zu {low}.",
        },
        "tablic.not_in_hand": {
            "en": "{card} is not in your hand",
            "de": "{card} ist nicht in deiner Hand",
        },
        "tablic.not_on_table": {
            "en": "not on the table: {cards}",
            "de": "nicht auf dem Tisch: {cards}",
        },
        "tablic.not_a_capture": {
            "en": "{card} cannot capture {captured}: these cards do not split into groups that "
            "each add up to {value} (Aces on the table count 1 or 11)",
            "de": "{card} kann {captured} nicht nehmen: diese Karten lassen sich nicht in Gruppen "
            "aufteilen, die jeweils {value} ergeben (Asse auf dem Tisch zählen 1 oder 11)",
        },
        "tablic.king_rule": {
            "en": "a King captures at most one King from the table, not {kings}",
            "de": "ein König nimmt höchstens einen König vom Tisch, nicht {kings}",
        },
        "tablic.not_maximal": {
            "en": "with these rules a capture may not leave out cards that a bigger capture "
            "could take: {card} can take {bigger}",
            "de": "nach diesen Regeln darf ein Stich keine Karten liegen lassen, die ein "
            "größerer Stich nehmen könnte: {card} kann {bigger} nehmen",
        },
        "tablic.bad_text": {
            "en": "'{text}' is not a Tablić move: write a card such as 8♦ to lay it on the "
            "table, or a capture such as 8♦ x 3♠ 5♥",
            "de": "'{text}' ist kein Tablić-Zug: schreibe eine Karte wie 8♦, um sie auf den Tisch "
            "zu legen, oder einen Stich wie 8♦ x 3♠ 5♥",
        },
        "tablic.played_on_table": {
            "en": "{card} is on the table, so it cannot be played from a hand",
            "de": "{card} liegt auf dem Tisch und kann nicht aus der Hand gespielt werden",
        },
        "tablic.position.duplicate": {
            "en": "{card} appears twice in the position",
            "de": "{card} kommt in der Stellung zweimal vor",
        },
        "tablic.position.match_over": {
            "en": "the totals {totals} already end the match (target {target}): a match goes "
            "on only while both totals are below the target, or equal",
            "de": "die Punktestände {totals} beenden die Partie schon (Ziel {target}): eine "
            "Partie geht nur weiter, solange beide Stände unter dem Ziel liegen oder gleich sind",
        },
        "tablic.position.no_cards": {
            "en": "{player} is to move but holds no cards",
            "de": "{player} ist am Zug, hat aber keine Karten",
        },
        "tablic.position.bad": {
            "en": "'{field}' must be {expected}, not {value}",
            "de": "'{field}' muss {expected} sein, nicht {value}",
        },
        "tablic.position.missing": {
            "en": "the record's start has no field '{field}'",
            "de": "dem Anfang des Protokolls fehlt das Feld '{field}'",
        },
        "tablic.expect.object": {"en": "an object (a dict)", "de": "ein Objekt (ein dict)"},
        "tablic.expect.cards": {"en": "a list of cards", "de": "eine Kartenliste"},
        "tablic.expect.card_lists": {"en": "two lists of cards", "de": "zwei Kartenlisten"},
        "tablic.expect.seat": {"en": "0 or 1", "de": "0 oder 1"},
        "tablic.expect.shown": {
            "en": "a card of a hand, given only when the stock is empty",
            "de": "eine Karte einer Hand, nur bei leerem Talon angegeben",
        },
        "tablic.code.piles": {
            "en": "the unseen cards cannot make the piles {piles}: too few of them are "
            "worth those points (12?p4: twelve cards worth four points)",
            "de": "die ungesehenen Karten ergeben die Stapel {piles} nicht: zu wenige von "
            "ihnen sind so viele Punkte wert (12?p4: zwölf Karten mit vier Punkten)",
        },
        "tablic.expect.range": {
            "en": "a whole number from {least} to {most}",
            "de": "eine ganze Zahl von {least} bis {most}",
        },
        "tablic.expect.numbers": {
            "en": "two whole numbers from 0 to {most}",
            "de": "zwei ganze Zahlen von 0 bis {most}",
        },
        "tablic.position.not_last_round": {
            "en": "only the last round of a deal (an empty stock, a card to play) is solved "
            "exactly",
            "de": "nur die letzte Runde eines Spiels (leerer Talon, eine Karte auszuspielen) "
            "wird exakt gelöst",
        },
        "tablic.position.unknown": {
            "en": "the position has no field '{field}'; the fields are: {fields}",
            "de": "die Stellung hat kein Feld '{field}'; die Felder sind: {fields}",
        },
    }
)


def player(seat: int, locale: str | None) -> str:
    """The name of a seat in sentences: ``Player 1`` is seat 0.

    >>> player(0, "en"), player(1, "de")
    ('Player 1', 'Spieler 2')
    """
    return i18n.text("tablic.player", locale, n=seat + 1)
