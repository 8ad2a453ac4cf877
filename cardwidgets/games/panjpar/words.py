"""Every sentence Panjpar says, in English and German: one catalog for the package.

The engine's refusals (:class:`~cardwidgets.core.IllegalMove`, ``PositionError``) and move
descriptions are catalog keys with parameters, rendered in the reader's locale.

>>> from cardwidgets import i18n
>>> i18n.text("panjpar.attack_size", "de", count=2)
'ein Angriff hat 1, 3 oder 5 Karten, nicht 2'
>>> player(1).text("de"), count_text(1).text()
('Spieler B', '1 card')
"""

from __future__ import annotations

from cardwidgets import i18n
from cardwidgets.i18n import TranslatedError

i18n.register(
    {
        "panjpar.player": {"en": "Player {name}", "de": "Spieler {name}"},
        "panjpar.cards": {"en": "{count:# card|# cards}", "de": "{count:# Karte|# Karten}"},
        "panjpar.bad_text": {
            "en": "'{text}' is not a Panjpar move: write e.g. 'attack 7♥ 7♣ 9♦', "
            "'kill 7♥ with 9♥, pick up 7♣ 9♦' or 'pick up'",
            "de": "'{text}' ist kein Panjpar-Zug: schreibe z. B. 'attack 7♥ 7♣ 9♦', "
            "'kill 7♥ with 9♥, pick up 7♣ 9♦' oder 'pick up'",
        },
        "panjpar.bad_card_text": {
            "en": "'{text}' is not a Panjpar move: {reason}",
            "de": "'{text}' ist kein Panjpar-Zug: {reason}",
        },
        "panjpar.kill_twice": {
            "en": "{card} is killed twice: one defending card goes on each attack card",
            "de": "{card} wird zweimal geschlagen: auf jede Angriffskarte kommt eine Karte",
        },
        "panjpar.not_your_turn": {
            "en": "it is {player}'s turn, not {other}'s",
            "de": "{player} ist am Zug, nicht {other}",
        },
        "panjpar.no_attack": {
            "en": "there is no attack to answer: {player} attacks now",
            "de": "es gibt keinen Angriff zu beantworten: {player} greift jetzt an",
        },
        "panjpar.must_defend": {
            "en": "{player} must answer the attack on the table (kill or pick up), not attack",
            "de": "{player} muss den Angriff auf dem Tisch beantworten (schlagen oder "
            "aufnehmen), nicht angreifen",
        },
        "panjpar.attack_empty": {
            "en": "an attack needs 1, 3 or 5 cards; attacking is not optional",
            "de": "ein Angriff braucht 1, 3 oder 5 Karten; angreifen ist Pflicht",
        },
        "panjpar.not_in_hand": {
            "en": "{card} is not in {player}'s hand",
            "de": "{card} ist nicht auf der Hand von {player}",
        },
        "panjpar.attack_size": {
            "en": "an attack has 1, 3 or 5 cards, not {count}",
            "de": "ein Angriff hat 1, 3 oder 5 Karten, nicht {count}",
        },
        "panjpar.shape3": {
            "en": "a three-card attack needs a pair: {pattern} has none",
            "de": "ein Angriff mit drei Karten braucht ein Paar: {pattern} hat keines",
        },
        "panjpar.shape5_none": {
            "en": "a five-card attack needs two pairs and a fifth card: {pattern} has no pair",
            "de": "ein Angriff mit fünf Karten braucht zwei Paare und eine fünfte Karte: "
            "{pattern} hat kein Paar",
        },
        "panjpar.shape5_one": {
            "en": "a five-card attack needs two pairs and a fifth card: {pattern} has only "
            "one pair",
            "de": "ein Angriff mit fünf Karten braucht zwei Paare und eine fünfte Karte: "
            "{pattern} hat nur ein Paar",
        },
        "panjpar.limit_one": {
            "en": "{player} holds {count}: attack with one card",
            "de": "{player} hat {count}: greife mit einer Karte an",
        },
        "panjpar.limit_three": {
            "en": "{player} holds {count}: attack with one or three cards",
            "de": "{player} hat {count}: greife mit einer oder drei Karten an",
        },
        "panjpar.not_attacked": {
            "en": "{card} is not one of the attack cards ({attack})",
            "de": "{card} gehört nicht zu den Angriffskarten ({attack})",
        },
        "panjpar.killer_twice": {
            "en": "the {card} cannot beat two cards: each defending card beats one attack card",
            "de": "{card} kann nicht zwei Karten schlagen: jede Karte schlägt nur eine "
            "Angriffskarte",
        },
        "panjpar.lower": {
            "en": "the {killer} cannot beat the {card}: it is lower",
            "de": "{killer} kann {card} nicht schlagen: sie ist niedriger",
        },
        "panjpar.trump_needs_trump": {
            "en": "the {killer} cannot beat the {card}: a trump ({trump}) is beaten only by a "
            "higher trump",
            "de": "{killer} kann {card} nicht schlagen: einen Trumpf ({trump}) schlägt nur "
            "ein höherer Trumpf",
        },
        "panjpar.wrong_suit": {
            "en": "the {killer} cannot beat the {card}: only a higher {suit} or a trump "
            "({trump}) can",
            "de": "{killer} kann {card} nicht schlagen: das kann nur eine höhere {suit}-Karte "
            "oder ein Trumpf ({trump})",
        },
        "panjpar.take_all": {
            "en": "under the take-all rule you kill every attack card or pick up all of them",
            "de": "nach der Alles-aufnehmen-Regel schlägst du jede Angriffskarte oder nimmst "
            "alle auf",
        },
        "panjpar.wrong_pickup": {
            "en": "the cards left unbeaten are picked up: that is {cards}",
            "de": "die nicht geschlagenen Karten werden aufgenommen: das sind {cards}",
        },
        "panjpar.nothing": {"en": "nothing", "de": "keine"},
        "panjpar.describe_attack": {
            "en": "Attack with {cards}",
            "de": "Angriff mit {cards}",
        },
        "panjpar.describe_kill": {
            "en": "kill {card} with {killer}",
            "de": "schlägt {card} mit {killer}",
        },
        "panjpar.describe_pickup": {
            "en": "pick up {cards}",
            "de": "nimmt {cards} auf",
        },
        "panjpar.describe_pickup_all": {
            "en": "pick up all attack cards",
            "de": "nimmt alle Angriffskarten auf",
        },
        "panjpar.describe_player": {"en": "{player}: {move}", "de": "{player}: {move}"},
        "panjpar.bad_guess": {
            "en": "the trump guess is 'red' or 'black', not {guess}",
            "de": "der Trumpf-Tipp ist 'red' (rot) oder 'black' (schwarz), nicht {guess}",
        },
        "panjpar.bad_trump": {
            "en": "{trump} is not a suit or card: write ♠ ♥ ♦ ♣ (or S H D C) or a card",
            "de": "{trump} ist keine Farbe und keine Karte: schreibe ♠ ♥ ♦ ♣ (oder S H D C) "
            "oder eine Karte",
        },
        "panjpar.pos_twice": {
            "en": "{card} appears twice in the position",
            "de": "{card} kommt in der Stellung zweimal vor",
        },
        "panjpar.pos_indicator": {
            "en": "the last stock card {card} is the trump indicator, so trumps are {suit}, "
            "not {trump}",
            "de": "die letzte Stapelkarte {card} zeigt den Trumpf an, also ist {suit} Trumpf, "
            "nicht {trump}",
        },
        "panjpar.pos_no_cards": {
            "en": "{player} must attack but holds no cards",
            "de": "{player} muss angreifen, hat aber keine Karten",
        },
        "panjpar.pos_attack_limit": {
            "en": "the attack on the table has {count:# card|# cards} but {player} holds "
            "{held}: an attack may not have more cards than the defender holds",
            "de": "der Angriff auf dem Tisch hat {count:# Karte|# Karten}, aber {player} hat "
            "{held}: ein Angriff darf nicht mehr Karten haben, als der Verteidiger hält",
        },
        "panjpar.pos_defender_no_cards": {
            "en": "{player} holds no cards although the stock is not empty: while the stock "
            "lasts, both players draw up before every battle",
            "de": "{player} hat keine Karten, obwohl der Stapel nicht leer ist: solange der "
            "Stapel reicht, ziehen beide vor jedem Kampf nach",
        },
        "panjpar.pos_known": {
            "en": "{card} is marked as seen in {player}'s hand but is not there",
            "de": "{card} ist als gesehen auf der Hand von {player} markiert, ist aber nicht dort",
        },
        "panjpar.pos_attack": {
            "en": "the attack on the table is not valid: {reason}",
            "de": "der Angriff auf dem Tisch ist ungültig: {reason}",
        },
        "panjpar.pos_hands": {
            "en": "hands must be two lists of cards, one per seat",
            "de": "hands muss aus zwei Kartenlisten bestehen, eine je Platz",
        },
        "panjpar.pos_known_lists": {
            "en": "known must be two lists of cards, one per seat",
            "de": "known muss aus zwei Kartenlisten bestehen, eine je Platz",
        },
        "panjpar.start_fields": {
            "en": "the start of the record needs 'seed' or 'position'; it has {fields}",
            "de": "der Anfang des Protokolls braucht 'seed' oder 'position'; er hat {fields}",
        },
        "panjpar.start_unknown": {
            "en": "the start of the record has no field {field}; its fields are: {fields}",
            "de": "der Anfang des Protokolls hat kein Feld {field}; seine Felder sind: {fields}",
        },
        "panjpar.start_missing": {
            "en": "the position in the record has no field '{field}'",
            "de": "der Stellung im Protokoll fehlt das Feld '{field}'",
        },
        "panjpar.start_position": {
            "en": "'position' must be an object (a dict) of position fields, not {value}",
            "de": "'position' muss ein Objekt (ein dict) mit Stellungsfeldern sein, nicht {value}",
        },
        "panjpar.bad_kills": {
            "en": "kills must map attack cards to the cards that beat them, not {kills}",
            "de": "kills muss Angriffskarten auf die Karten abbilden, die sie schlagen, nicht "
            "{kills}",
        },
    }
)


def player(seat: int) -> TranslatedError:
    """A translatable seat name (``Player A``), rendered in the locale of the sentence that
    contains it."""
    return TranslatedError("panjpar.player", name="AB"[seat])


def count_text(count: int) -> TranslatedError:
    """``1 card`` / ``3 cards``, translatable."""
    return TranslatedError("panjpar.cards", count=count)
