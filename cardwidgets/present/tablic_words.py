"""The Tablić widget's sentences, in English and German (registered on import).

Kept apart from :mod:`cardwidgets.widgets.tablic` so the widget module stays about behaviour;
the capture-building sentences (what is missing) are worded in
:mod:`cardwidgets.present.tablic`.

>>> from cardwidgets import i18n
>>> i18n.text("widget.tablic.zone.table", "de")
'Tisch'
"""

from __future__ import annotations

from cardwidgets import i18n

__all__: list[str] = []

i18n.register(
    {
        # the turn banner's prompt
        "widget.tablic.banner": {
            "en": "play a card to capture or trail",
            "de": "spiel eine Karte zum Stechen oder Ablegen",
        },
        "widget.tablic.title": {"en": "Tablić", "de": "Tablić"},
        "widget.tablic.zone.opponent": {"en": "{player}: hand", "de": "{player}: Hand"},
        "widget.tablic.zone.hand": {"en": "Your hand", "de": "Deine Hand"},
        "widget.tablic.zone.hand_of": {"en": "{player}: hand", "de": "{player}: Hand"},
        "widget.tablic.zone.table": {"en": "Table", "de": "Tisch"},
        "widget.tablic.zone.pile": {"en": "{player}: captured", "de": "{player}: gestochen"},
        "widget.tablic.zone.stock": {"en": "Stock", "de": "Talon"},
        "widget.tablic.info.pile": {
            "en": "{cards} · {points} (they count when the deal ends)",
            "de": "{cards} · {points} (sie zählen am Ende des Spiels)",
        },
        "widget.tablic.info.stock": {
            "en": "{cards} · the bottom card is shown",
            "de": "{cards} · die unterste Karte ist offen",
        },
        "widget.tablic.info.round": {
            "en": "Deal {deal} · round {round} of 4",
            "de": "Spiel {deal} · Runde {round} von 4",
        },
        "widget.tablic.options": {"en": "Suggested captures", "de": "Vorgeschlagene Stiche"},
        # the banner says "Your turn: …"; the header goes on with the next step only
        "widget.tablic.status.select": {
            "en": "Select a card from your hand",
            "de": "Wähle eine Karte aus deiner Hand",
        },
        "widget.tablic.status.select_player": {
            "en": "{player}'s turn: select a card from the hand",
            "de": "{player} ist dran: wähle eine Karte aus der Hand",
        },
        "widget.tablic.status.build": {
            "en": "{card} can capture: click table cards or pick a suggestion, then Capture; "
            "or Trail",
            "de": "{card} kann stechen: klicke Tischkarten an oder wähle einen Vorschlag, dann "
            "Stechen; oder Ablegen",
        },
        "widget.tablic.status.nothing": {
            "en": "{card} captures nothing here: Trail it, or pick another card",
            "de": "{card} sticht hier nichts: lege sie ab oder wähle eine andere Karte",
        },
        "widget.tablic.status.ready": {
            "en": "Ready: {card} captures {cards} ({details}). Press Capture",
            "de": "Bereit: {card} nimmt {cards} ({details}). Drücke Stechen",
        },
        "widget.tablic.status.missing": {
            "en": "{cards} add up to {total}; every group must add up to {value}: "
            "{missing} more would complete a group",
            "de": "{cards} ergeben {total}; jede Gruppe muss {value} ergeben: "
            "mit {missing} mehr wäre eine Gruppe voll",
        },
        "widget.tablic.status.no_split": {
            "en": "{cards} do not split into groups that each add up to {value}",
            "de": "{cards} lassen sich nicht in Gruppen zu je {value} aufteilen",
        },
        "widget.tablic.status.refused": {"en": "{reason}", "de": "{reason}"},
        "widget.tablic.status.waiting": {"en": "{player} to move", "de": "{player} ist am Zug"},
        "widget.tablic.status.win": {
            "en": "Game over: {player} won {high} to {low}",
            "de": "Spiel vorbei: {player} gewinnt {high} zu {low}",
        },
        "widget.tablic.status.draw": {
            "en": "Game over: a draw at {score}",
            "de": "Spiel vorbei: unentschieden bei {score}",
        },
        "widget.tablic.option": {
            "en": "Capture {cards} ({details})",
            "de": "Nimm {cards} ({details})",
        },
        "widget.tablic.groups": {"en": "{n:# group|# groups}", "de": "{n:# Gruppe|# Gruppen}"},
        "widget.tablic.option.tabla": {"en": "tabla", "de": "Tabla"},
        "widget.tablic.action.play": {"en": "Capture", "de": "Stechen"},
        "widget.tablic.action.trail": {"en": "Trail", "de": "Ablegen"},
        "widget.tablic.say.you_capture": {
            "en": "You play {card} and capture {captured}.",
            "de": "Du spielst {card} und nimmst {captured}.",
        },
        "widget.tablic.say.capture": {
            "en": "{player} plays {card} and captures {captured}.",
            "de": "{player} spielt {card} und nimmt {captured}.",
        },
        "widget.tablic.say.you_trail": {
            "en": "You lay {card} on the table.",
            "de": "Du legst {card} auf den Tisch.",
        },
        "widget.tablic.say.trail": {
            "en": "{player} lays {card} on the table.",
            "de": "{player} legt {card} auf den Tisch.",
        },
        "widget.tablic.say.tabla": {
            "en": "Tabla: the table is cleared (+1).",
            "de": "Tabla: der Tisch ist leer (+1).",
        },
        "widget.tablic.say.leftovers": {
            "en": "The cards left on the table ({cards}) go to {player}.",
            "de": "Die übrigen Tischkarten ({cards}) gehen an {player}.",
        },
        "widget.tablic.say.you_leftovers": {
            "en": "The cards left on the table ({cards}) go to you.",
            "de": "Die übrigen Tischkarten ({cards}) gehen an dich.",
        },
        "widget.tablic.say.deal_end": {
            "en": "Deal {deal} ends: {player0} {score0}, {player1} {score1}.",
            "de": "Spiel {deal} endet: {player0} {score0}, {player1} {score1}.",
        },
        "widget.tablic.words.capture": {
            "en": "Play {card} and capture {captured}",
            "de": "Spiele {card} und nimm {captured}",
        },
        "widget.tablic.words.trail": {
            "en": "Lay {card} on the table",
            "de": "Lege {card} auf den Tisch",
        },
        "widget.tablic.preview": {"en": "{card} captures {cards}", "de": "{card} nimmt {cards}"},
        "widget.tablic.not_in_hand": {
            "en": "{card} is not in your hand.",
            "de": "{card} ist nicht in deiner Hand.",
        },
        "widget.tablic.select_first": {
            "en": "Select a card from your hand first; then click the table cards it should take.",
            "de": "Wähle zuerst eine Karte aus deiner Hand; klicke dann die Tischkarten an, die "
            "sie nehmen soll.",
        },
        "widget.tablic.no_capture_yet": {
            "en": "Click the table cards {card} should take (or pick a suggestion) first.",
            "de": "Klicke zuerst die Tischkarten an, die {card} nehmen soll (oder wähle einen "
            "Vorschlag).",
        },
        "widget.tablic.no_option": {
            "en": "There is no suggestion number {n} for {card}.",
            "de": "Es gibt keinen Vorschlag Nummer {n} für {card}.",
        },
        "widget.tablic.summary.title": {
            "en": "Deal {deal} is over",
            "de": "Spiel {deal} ist vorbei",
        },
        "widget.tablic.summary.cards": {"en": "Cards taken", "de": "Genommene Karten"},
        "widget.tablic.summary.points": {"en": "Card points", "de": "Kartenpunkte"},
        "widget.tablic.summary.most": {"en": "Most cards (+3)", "de": "Meiste Karten (+3)"},
        "widget.tablic.summary.tablas": {"en": "Tablas", "de": "Tablas"},
        "widget.tablic.summary.deal": {"en": "This deal", "de": "Dieses Spiel"},
        "widget.tablic.summary.total": {"en": "Total", "de": "Gesamt"},
        "widget.tablic.summary.scoring": {
            "en": "Scoring cards, {player}: {cards} ({points}).",
            "de": "Punktkarten, {player}: {cards} ({points}).",
        },
        "widget.tablic.summary.no_scoring": {
            "en": "Scoring cards, {player}: none.",
            "de": "Punktkarten, {player}: keine.",
        },
        "widget.tablic.summary.most_cards": {
            "en": "Most cards: {player} with {n} ({points}).",
            "de": "Meiste Karten: {player} mit {n} ({points}).",
        },
        "widget.tablic.summary.most_tie": {
            "en": "Most cards: a tie at {n}, nobody scores.",
            "de": "Meiste Karten: Gleichstand bei {n}, niemand bekommt Punkte.",
        },
        "widget.tablic.summary.tabla_count": {
            "en": "Tablas: {player0} {tablas0}, {player1} {tablas1}.",
            "de": "Tablas: {player0} {tablas0}, {player1} {tablas1}.",
        },
        "widget.tablic.summary.none": {
            "en": "No cards were left on the table.",
            "de": "Auf dem Tisch blieben keine Karten übrig.",
        },
        "widget.tablic.score.deal": {"en": "Deal {n}", "de": "Spiel {n}"},
        "widget.tablic.score.tablas": {"en": "Tablas (this deal)", "de": "Tablas (dieses Spiel)"},
        "widget.tablic.score.caption": {
            "en": "Points are counted at the end of each deal",
            "de": "Punkte werden am Ende jedes Spiels gezählt",
        },
        "widget.tablic.legend.group": {
            "en": "Numbered colours: the groups of the capture",
            "de": "Nummerierte Farben: die Gruppen des Stichs",
        },
        "widget.tablic.legend.playable": {
            "en": "Dashed outline: this card can capture",
            "de": "Gestrichelter Rand: diese Karte kann stechen",
        },
        "widget.tablic.legend.target": {
            "en": "Dotted outline: chosen, not yet a whole group",
            "de": "Gepunkteter Rand: gewählt, noch keine ganze Gruppe",
        },
        "widget.tablic.legend.last": {
            "en": "Double outline: the card just laid down",
            "de": "Doppelter Rand: die eben abgelegte Karte",
        },
    }
)
