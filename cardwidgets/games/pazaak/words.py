"""The words of Pazaak: every sentence the engine says, in English and German, and the few
helpers that put user input and seat names into them.

>>> from cardwidgets import i18n
>>> i18n.text("pazaak.describe.stand", "de", who=seat_name(1))
'Spieler 2 hält'
"""

from __future__ import annotations

from cardwidgets import i18n

i18n.register(
    {
        "pazaak.code.deck": {
            "en": "the deck field of the code cannot be read: '{text}' (one character a card: "
            "1 to 9, T for 10)",
            "de": "das Feld deck des Codes ist nicht lesbar: '{text}' (ein Zeichen je Karte: "
            "1 bis 9, T für 10)",
        },
        "pazaak.player": {"en": "Player {n}", "de": "Spieler {n}"},
        "pazaak.bad_card": {
            "en": "'{text}' is not a Pazaak side card: side cards are +1…+6, -1…-6, ±1…±6 "
            "and the gold cards ±1/2, D, ±1T, 2&4, 3&6",
            "de": "'{text}' ist keine Pazaak-Handkarte: Handkarten sind +1…+6, -1…-6, ±1…±6 "
            "und die Goldkarten ±1/2, D, ±1T, 2&4, 3&6",
        },
        "pazaak.bad_main_card": {
            "en": "'{text}' is not a main-deck card: main-deck cards are 1 to 10",
            "de": "'{text}' ist keine Karte des Hauptstapels: dort liegen die Werte 1 bis 10",
        },
        "pazaak.bad_move": {
            "en": "'{text}' is not a Pazaak move: write for example 'play -3', "
            "'play ±4 as +4', 'end' or 'stand'",
            "de": "'{text}' ist kein Pazaak-Zug: schreibe zum Beispiel 'play -3', "
            "'play ±4 as +4', 'end' oder 'stand'",
        },
        "pazaak.second_card": {
            "en": "only one hand card may be played per turn, and {card} was already played "
            "this turn: end the turn or stand",
            "de": "pro Runde darf nur eine Handkarte gespielt werden, und {card} wurde in "
            "dieser Runde schon gespielt: beende die Runde oder halte",
        },
        "pazaak.needs_sign": {
            "en": "{card} needs a declared value before it is played: choose {options}",
            "de": "bei {card} muss vor dem Ausspielen der Wert angesagt werden: wähle {options}",
        },
        "pazaak.fixed_sign": {
            "en": "{card} has a fixed value and cannot be played as {value}",
            "de": "{card} hat einen festen Wert und kann nicht als {value} gespielt werden",
        },
        "pazaak.wrong_sign": {
            "en": "{card} cannot be played as {value}: choose {options}",
            "de": "{card} kann nicht als {value} gespielt werden: wähle {options}",
        },
        "pazaak.not_in_hand": {
            "en": "{card} is not in {player}'s hand (the hand holds: {hand})",
            "de": "{card} ist nicht in der Hand von {player} (die Hand enthält: {hand})",
        },
        "pazaak.empty_hand": {"en": "nothing", "de": "nichts"},
        "pazaak.gold_off": {
            "en": "{card} is a gold card, and these rules play without gold cards "
            "(gold_cards=False)",
            "de": "{card} ist eine Goldkarte, und diese Regeln spielen ohne Goldkarten "
            "(gold_cards=False)",
        },
        "pazaak.side_deck_size": {
            "en": "the side deck of {player} has {count:# card|# cards}: it must have exactly 10",
            "de": "der Nebenstapel von {player} hat {count:# Karte|# Karten}: es müssen genau "
            "10 sein",
        },
        "pazaak.side_deck_card": {
            "en": "the side deck of {player} is invalid: {reason}",
            "de": "der Nebenstapel von {player} ist ungültig: {reason}",
        },
        "pazaak.not_your_turn": {
            "en": "it is {to_move}'s turn, not {player}'s",
            "de": "{to_move} ist am Zug, nicht {player}",
        },
        "pazaak.auto_stood": {
            "en": "{player} reached exactly 20 and stands automatically: no more hand cards "
            "in this set",
            "de": "{player} hat genau 20 erreicht und hält automatisch: in diesem Satz keine "
            "Handkarten mehr",
        },
        "pazaak.nine_cards": {
            "en": "{player} has nine cards on the table and must stand: a hand card would be "
            "a tenth",
            "de": "{player} hat neun Karten auf dem Tisch und muss halten: eine Handkarte wäre "
            "die zehnte",
        },
        "pazaak.stood": {
            "en": "{player} stands: no more draws or hand cards in this set",
            "de": "{player} hält: in diesem Satz keine Karten und Handkarten mehr",
        },
        "pazaak.double_empty": {
            "en": "D doubles the card placed before it, and the table is empty",
            "de": "D verdoppelt die zuvor gelegte Karte, und der Tisch ist leer",
        },
        "pazaak.bad_position": {
            "en": "this position is impossible: {reason}",
            "de": "diese Stellung ist unmöglich: {reason}",
        },
        "pazaak.pos_too_many": {
            "en": "the 40-card main deck has four {value}s, but the position uses {count}",
            "de": "der Hauptstapel hat vier Karten mit dem Wert {value}, die Stellung nutzt "
            "aber {count}",
        },
        "pazaak.pos_over": {
            "en": "{player} is over 20 ({total}) before a turn, so the set would be over",
            "de": "{player} hat vor einer Runde mehr als 20 ({total}), der Satz wäre also vorbei",
        },
        "pazaak.pos_must_stand": {
            "en": "{player} has {count:# card|# cards} and {total:# point|# points}, so he must "
            "be standing",
            "de": "{player} hat {count:# Karte|# Karten} und {total:# Punkt|# Punkte}, muss also "
            "halten",
        },
        "pazaak.pos_to_move_stands": {
            "en": "{player} is to move but stands",
            "de": "{player} ist am Zug, hält aber",
        },
        "pazaak.pos_sets": {
            "en": "the set score {sets} is impossible for a match to {target}",
            "de": "der Satzstand {sets} ist unmöglich in einer Partie auf {target}",
        },
        "pazaak.pos_table": {
            "en": "'{text}' is not a placed card: write a main-deck value (7), a side card "
            "with a fixed value (+3, -2) or a pair such as ('±4', -4)",
            "de": "'{text}' ist keine gelegte Karte: schreibe einen Wert des Hauptstapels (7), "
            "eine Handkarte mit festem Wert (+3, -2) oder ein Paar wie ('±4', -4)",
        },
        "pazaak.pos_per_seat": {
            "en": "'{field}' needs one entry per seat",
            "de": "'{field}' braucht einen Eintrag je Platz",
        },
        "pazaak.pos_set_number": {
            "en": "the set number must be a whole number from 1 to {most}, not {value}",
            "de": "die Satznummer muss eine ganze Zahl von 1 bis {most} sein, nicht {value}",
        },
        "pazaak.pos_hand_size": {
            "en": "{player} has {count:# hand card|# hand cards}, held and played together, "
            "but draws only {most} for the match (hand_size, Z-S5)",
            "de": "{player} hat {count:# Handkarte|# Handkarten}, gehaltene und gespielte "
            "zusammen, zieht aber nur {most} für die Partie (hand_size, Z-S5)",
        },
        "pazaak.pos_deck_size": {
            "en": "the deck lists {count:# card|# cards}, but a main deck has only {most} (Z-S3)",
            "de": "das Deck nennt {count:# Karte|# Karten}, ein Hauptdeck hat aber nur "
            "{most} (Z-S3)",
        },
        "pazaak.pos_played_draw": {
            "en": "a card played this turn needs draw=False (the turn's draw is made)",
            "de": "eine in dieser Runde gespielte Karte braucht draw=False (die Karte der Runde "
            "ist schon gezogen)",
        },
        "pazaak.pos_set_behind": {
            "en": "set {number} cannot follow {won:# won set|# won sets} (tied sets count too)",
            "de": "Satz {number} kann nicht auf {won:# gewonnenen Satz|# gewonnene Sätze} "
            "folgen (auch unentschiedene Sätze zählen)",
        },
        "pazaak.pos_turn_order": {
            "en": "{player}'s table must start with a main-deck card and hold at most one hand "
            "card after each main-deck card: every turn starts with a draw, and a player plays "
            "one hand card per turn",
            "de": "der Tisch von {player} muss mit einer Karte des Hauptstapels beginnen und "
            "nach jeder solchen Karte höchstens eine Handkarte haben: jede Runde beginnt mit dem "
            "Ziehen, und pro Runde darf man eine Handkarte spielen",
        },
        "pazaak.pos_values": {
            "en": "{player}'s table cannot have these values: a card is worth what it was "
            "played as, a Double copies the card just before it, and only a Flip placed later "
            "turns a sign",
            "de": "der Tisch von {player} kann diese Werte nicht haben: eine Karte zählt, als "
            "was sie gespielt wurde, ein D kopiert die Karte direkt davor, und nur ein später "
            "gelegter Flip dreht ein Vorzeichen",
        },
        "pazaak.pos_not_used": {
            "en": "{card} lies on the table of {player}, so it must be among his used cards",
            "de": "{card} liegt auf dem Tisch von {player}, muss also unter seinen gespielten "
            "Handkarten sein",
        },
        "pazaak.pos_stand_empty": {
            "en": "{player} stands without a card on his table, but a player stands only after "
            "his draw",
            "de": "{player} hält ohne Karte auf dem Tisch, man hält aber erst nach dem Ziehen",
        },
        "pazaak.pos_filled": {
            "en": "{player} has nine cards on his table, and with fill_table_wins they would "
            "have won the set",
            "de": "{player} hat neun Karten auf dem Tisch; mit fill_table_wins hätten sie den "
            "Satz gewonnen",
        },
        "pazaak.pos_not_drawn": {
            "en": "{player} is to move with draw=False but has no card on his table: every "
            "turn starts with a draw",
            "de": "{player} ist mit draw=False am Zug, hat aber keine Karte auf dem Tisch: jede "
            "Runde beginnt mit dem Ziehen",
        },
        "pazaak.pos_played_last": {
            "en": "{card} was played this turn, so it must be the last card on the table of "
            "{player}",
            "de": "{card} wurde in dieser Runde gespielt, muss also die letzte Karte auf dem "
            "Tisch von {player} sein",
        },
        "pazaak.pos_key": {
            "en": "the shuffle key {key} is not a whole number from 0 to 2**64 - 1",
            "de": "der Mischschlüssel {key} ist keine ganze Zahl von 0 bis 2**64 - 1",
        },
        "pazaak.pos_missing": {
            "en": "the record has no field '{field}'",
            "de": "dem Protokoll fehlt das Feld '{field}'",
        },
        "pazaak.pos_unknown": {
            "en": "the record has no field {field}; the fields are: {fields}",
            "de": "das Protokoll hat kein Feld {field}; die Felder sind: {fields}",
        },
        "pazaak.pos_not_bool": {
            "en": "'{field}' must be true or false for each seat, not {value}",
            "de": "'{field}' muss für jeden Platz true oder false sein, nicht {value}",
        },
        "pazaak.pos_cards": {
            "en": "'{field}' must be a list of cards, not {value}",
            "de": "'{field}' muss eine Kartenliste sein, nicht {value}",
        },
        "pazaak.side_decks_two": {
            "en": "side_decks needs one deck per seat, not {value}",
            "de": "side_decks braucht einen Stapel je Platz, nicht {value}",
        },
        "pazaak.draw_needs_end": {
            "en": "only end or stand pass the turn to a draw, not {move}",
            "de": "nur end oder stand geben den Zug an eine gezogene Karte weiter, nicht {move}",
        },
        "pazaak.pos_deck_short": {
            "en": "the main deck is empty, but {player} must draw",
            "de": "der Hauptstapel ist leer, aber {player} muss ziehen",
        },
        "pazaak.describe.play": {"en": "{who} plays {card}", "de": "{who} spielt {card}"},
        "pazaak.describe.play_as": {
            "en": "{who} plays {card} as {value}",
            "de": "{who} spielt {card} als {value}",
        },
        "pazaak.describe.end": {"en": "{who} ends the turn", "de": "{who} beendet die Runde"},
        "pazaak.describe.stand": {"en": "{who} stands", "de": "{who} hält"},
        "pazaak.describe.someone": {"en": "the player to move", "de": "der Spieler am Zug"},
    }
)


def player(seat: int) -> str:
    """The short name of a seat in a ``repr``: ``P1`` or ``P2``."""
    return f"P{seat + 1}"


def seat_name(seat: int) -> i18n.TranslatedError:
    """ "Player 1" / "Spieler 1", in the locale of the sentence it is put into.

    A TranslatedError is rendered by ``i18n.text`` in the locale of the enclosing sentence.
    """
    return i18n.TranslatedError("pazaak.player", n=seat + 1)


def cut(text: str, limit: int = 60) -> str:
    """User text quoted in a sentence, cut to ``limit`` characters.

    >>> cut("x" * 70)[-3:]
    'xx…'
    """
    return text if len(text) <= limit else text[: limit - 1] + "…"


def quoted(item: object) -> str:
    """User input for a sentence that puts it in quotes: text as it is, anything else as its
    (short) repr."""
    return cut(item) if isinstance(item, str) else i18n.shown(item)


def signed(value: int) -> str:
    """A value with its sign, as hand cards show it: ``+3``, ``-2``, ``+0``."""
    return f"{value:+d}"
