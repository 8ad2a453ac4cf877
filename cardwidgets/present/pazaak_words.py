"""The Pazaak widget's sentences (en, de) and the small pure helpers that word them.

Kept apart from :mod:`cardwidgets.widgets.pazaak` so the widget module stays about behaviour.
Sentences about a player come in two forms, ``key`` ("Computer draws 7") and ``key.you``
("You draw 7"), because English and German conjugate the verb for "you"
(:func:`cardwidgets.widgets.pazaak.PazaakWidget.said` picks one).

>>> signed(-4), signed(3)
('-4', '+3')
>>> odds_words(Fraction(13, 36), "en"), odds_words(Fraction(13, 36), "de")
('13/36 (36%)', '13/36 (36 %)')
>>> tone(pazaak.SideCard("±4")), tone(pazaak.SideCard("D")), tone(pazaak.SideCard("-2"))
('both', 'gold', 'minus')
"""

from __future__ import annotations

from fractions import Fraction

from cardwidgets import i18n
from cardwidgets.games import pazaak

__all__ = ["card_name", "odds_words", "signed", "tone"]


def signed(value: int) -> str:
    """A value with its sign, as side cards print it (``+3``, ``-4``, ``+0``)."""
    return f"{value:+d}"


def tone(card: pazaak.SideCard) -> str:
    """The scene tone of a side card: ``plus``, ``minus``, ``both`` (±) or ``gold``."""
    if card.is_gold:
        return "gold"
    return {"+": "plus", "-": "minus"}.get(card.kind, "both")


def card_name(card: pazaak.SideCard, locale: str) -> str:
    """A side card's spoken name: ``side card +3``, ``gold card D (Double)``.

    >>> card_name(pazaak.SideCard("D"), "de")
    'Goldkarte D (Doppel)'
    """
    if not card.is_gold:
        return i18n.text("widget.pazaak.name.side", locale, card=card)
    gold = {"D": "double", "±1T": "tiebreaker", "2&4": "flip", "3&6": "flip"}.get(card.text)
    if gold is None:
        return i18n.text("widget.pazaak.name.gold", locale, card=card)
    name = i18n.text(f"widget.pazaak.gold.{gold}", locale)
    return i18n.text("widget.pazaak.name.gold_named", locale, card=card, name=name)


def odds_words(chance: Fraction, locale: str) -> str:
    """An exact chance as a fraction and a rounded percentage."""
    percent = round(float(chance) * 100)
    return i18n.text("widget.pazaak.odds_value", locale, fraction=str(chance), percent=percent)


i18n.register(
    {
        # the turn banner's prompt
        "widget.pazaak.banner": {
            "en": "play a side card, end your turn or stand",
            "de": "spiel eine Handkarte, beende den Zug oder halte",
        },
        "widget.pazaak.title": {"en": "Pazaak", "de": "Pazaak"},
        "widget.pazaak.name.side": {"en": "side card {card}", "de": "Handkarte {card}"},
        "widget.pazaak.name.gold": {"en": "gold card {card}", "de": "Goldkarte {card}"},
        "widget.pazaak.name.gold_named": {
            "en": "gold card {card} ({name})",
            "de": "Goldkarte {card} ({name})",
        },
        "widget.pazaak.gold.double": {"en": "Double", "de": "Doppel"},
        "widget.pazaak.gold.tiebreaker": {"en": "Tiebreaker", "de": "Tiebreaker"},
        "widget.pazaak.gold.flip": {"en": "Flip", "de": "Umkehr"},
        "widget.pazaak.name.main": {
            "en": "{value} from the main deck",
            "de": "{value} vom Hauptstapel",
        },
        "widget.pazaak.name.main_now": {
            "en": "{value} from the main deck, now worth {now}",
            "de": "{value} vom Hauptstapel, jetzt {now} wert",
        },
        "widget.pazaak.name.placed_as": {
            "en": "{name}, played as {value}",
            "de": "{name}, gespielt als {value}",
        },
        "widget.pazaak.odds_value": {
            "en": "{fraction} ({percent}%)",
            "de": "{fraction} ({percent} %)",
        },
        # zones
        "widget.pazaak.zone.table": {"en": "Your table", "de": "Dein Tisch"},
        "widget.pazaak.zone.table_of": {"en": "{player}: table", "de": "{player}: Tisch"},
        "widget.pazaak.zone.hand": {"en": "Your side cards", "de": "Deine Handkarten"},
        "widget.pazaak.zone.hand_of": {
            "en": "{player}: side cards",
            "de": "{player}: Handkarten",
        },
        "widget.pazaak.zone.deck": {"en": "Main deck", "de": "Hauptstapel"},
        "widget.pazaak.info.hand": {
            "en": "{left} of {of} left for the whole match",
            "de": "{left} von {of} übrig für die ganze Partie",
        },
        "widget.pazaak.info.deck": {
            "en": "{cards} left in this set",
            "de": "noch {cards} in diesem Satz",
        },
        "widget.pazaak.info.deck_ended": {
            "en": "{cards} left when it ended",
            "de": "noch {cards} übrig, als er endete",
        },
        "widget.pazaak.info.deck_uniform": {
            "en": "every draw is 1 to 10, each with chance 1/10",
            "de": "jeder Zug ist 1 bis 10, jeder Wert mit Chance 1/10",
        },
        "widget.pazaak.info.odds": {
            "en": "If you draw again: bust chance {odds}",
            "de": "Wenn du weiterziehst: Risiko, über 20 zu kommen, {odds}",
        },
        "widget.pazaak.info.set": {"en": "Set {n}", "de": "Satz {n}"},
        "widget.pazaak.badge.total": {"en": "Total {total}", "de": "Summe {total}"},
        "widget.pazaak.badge.sets": {
            "en": "{won} of {of:# set|# sets}",
            "de": "{won} von {of:# Satz|# Sätzen}",
        },
        "widget.pazaak.badge.sets_label": {
            "en": "Sets won: {won} of {of}",
            "de": "Gewonnene Sätze: {won} von {of}",
        },
        "widget.pazaak.badge.stands": {"en": "stands", "de": "hält"},
        "widget.pazaak.note.as": {"en": "as {value}", "de": "als {value}"},
        "widget.pazaak.note.now": {"en": "now {value}", "de": "jetzt {value}"},
        "widget.pazaak.note.played": {"en": "played", "de": "gespielt"},
        "widget.pazaak.note.makes": {"en": "→ {totals}", "de": "→ {totals}"},
        # options and actions
        "widget.pazaak.options": {
            "en": "How to play {card}",
            "de": "Wie {card} gespielt wird",
        },
        "widget.pazaak.options.none": {"en": "Sign", "de": "Vorzeichen"},
        "widget.pazaak.option": {
            "en": "{card} as {value} (total {total})",
            "de": "{card} als {value} (Summe {total})",
        },
        "widget.pazaak.action.play": {"en": "Play card", "de": "Karte spielen"},
        "widget.pazaak.action.end": {"en": "End turn", "de": "Zug beenden"},
        "widget.pazaak.action.stand": {"en": "Stand", "de": "Halten"},
        "widget.pazaak.action.odds": {"en": "Show odds", "de": "Chancen zeigen"},
        # the status line
        # The banner says whose turn it is and what to do; the header adds the total only.
        "widget.pazaak.status.turn": {
            "en": "Your total: {total}",
            "de": "Deine Summe: {total}",
        },
        "widget.pazaak.status.turn_player": {
            "en": "{player}'s total: {total}",
            "de": "Summe von {player}: {total}",
        },
        "widget.pazaak.status.over20": {
            "en": "Over 20 ({total}): a minus card can bring you back; ending the turn now "
            "loses the set",
            "de": "Über 20 ({total}): eine Minuskarte kann dich zurückbringen; wer jetzt den "
            "Zug beendet, verliert den Satz",
        },
        "widget.pazaak.status.played": {
            "en": "{card} played: {total}. End your turn or stand",
            "de": "{card} gespielt: {total}. Beende deinen Zug oder halte",
        },
        "widget.pazaak.status.sign": {
            "en": "Choose how to play {card}: {values}",
            "de": "Wähle, wie {card} gespielt wird: {values}",
        },
        "widget.pazaak.status.ready": {
            "en": "{card} makes your total {total}: press Play card",
            "de": "{card} ergibt die Summe {total}: drücke Karte spielen",
        },
        "widget.pazaak.status.ready_over": {
            "en": "{card} makes your total {total}: still over 20: you lose the set unless you "
            "play {instead} instead",
            "de": "{card} ergibt die Summe {total}: immer noch über 20: du verlierst den Satz, "
            "außer du spielst stattdessen {instead}",
        },
        "widget.pazaak.status.ready_lost": {
            "en": "{card} makes your total {total}: still over 20: you lose the set, as no side "
            "card in your hand brings you back to 20",
            "de": "{card} ergibt die Summe {total}: immer noch über 20: du verlierst den Satz, "
            "denn keine deiner Handkarten bringt dich auf 20 zurück",
        },
        "widget.pazaak.status.ready_bust": {
            "en": "{card} makes your total {total}: over 20: played, it loses you the set",
            "de": "{card} ergibt die Summe {total}: über 20: gespielt kostet sie dich den Satz",
        },
        "widget.pazaak.status.opponent_stands": {
            "en": "{status} ({player} stands on {total})",
            "de": "{status} ({player} hält bei {total})",
        },
        "widget.pazaak.status.waiting": {"en": "{player} to move", "de": "{player} ist am Zug"},
        "widget.pazaak.status.won": {
            "en": "Match over: {player} won {high:# set|# sets} to {low}",
            "de": "Partie vorbei: {player} hat {high} zu {low} Sätzen gewonnen",
        },
        "widget.pazaak.status.won.you": {
            "en": "Match over: you won {high:# set|# sets} to {low}",
            "de": "Partie vorbei: du hast {high} zu {low} Sätzen gewonnen",
        },
        # previews: what a side card would do
        "widget.pazaak.preview.plain": {
            "en": "{card} would make your total {total}",
            "de": "{card} ergäbe die Summe {total}",
        },
        "widget.pazaak.preview.sign": {
            "en": "{card}: {choices}",
            "de": "{card}: {choices}",
        },
        "widget.pazaak.preview.choice": {
            "en": "{value} makes {total}",
            "de": "{value} ergibt {total}",
        },
        "widget.pazaak.preview.tiebreaker": {
            "en": "{card}: {choices}; it also wins a tied set for you",
            "de": "{card}: {choices}; außerdem gewinnt sie dir einen unentschiedenen Satz",
        },
        "widget.pazaak.preview.double": {
            "en": "D doubles your last card ({value}): total {total}",
            "de": "D verdoppelt deine letzte Karte ({value}): Summe {total}",
        },
        "widget.pazaak.preview.double_empty": {
            "en": "D doubles the card placed before it, and your table is empty",
            "de": "D verdoppelt die zuvor gelegte Karte, und dein Tisch ist leer",
        },
        "widget.pazaak.preview.flip": {
            "en": "{card} turns the sign of your {values} on the table ({cards}) and is "
            "worth 0: total {total}",
            "de": "{card} kehrt das Vorzeichen deiner {values} auf dem Tisch um ({cards}) und "
            "ist 0 wert: Summe {total}",
        },
        "widget.pazaak.preview.flip_none": {
            "en": "{card} turns the sign of your {values}, but there are none on your table: "
            "it is worth 0, total {total}",
            "de": "{card} kehrt das Vorzeichen deiner {values} um, aber auf deinem Tisch liegen "
            "keine: sie ist 0 wert, Summe {total}",
        },
        "widget.pazaak.flip_values": {
            "en": "{low}s and {high}s",
            "de": "Karten mit {low} und {high}",
        },
        "widget.pazaak.or": {"en": "{a} or {b}", "de": "{a} oder {b}"},
        # the log: moves and what followed them
        "widget.pazaak.say.play": {
            "en": "{player} plays {card}: {total}.",
            "de": "{player} spielt {card}: {total}.",
        },
        "widget.pazaak.say.play.you": {
            "en": "You play {card}: {total}.",
            "de": "Du spielst {card}: {total}.",
        },
        "widget.pazaak.say.play_as": {
            "en": "{player} plays {card} as {value}: {total}.",
            "de": "{player} spielt {card} als {value}: {total}.",
        },
        "widget.pazaak.say.play_as.you": {
            "en": "You play {card} as {value}: {total}.",
            "de": "Du spielst {card} als {value}: {total}.",
        },
        "widget.pazaak.say.end": {
            "en": "{player} ends the turn on {total}.",
            "de": "{player} beendet den Zug bei {total}.",
        },
        "widget.pazaak.say.end.you": {
            "en": "You end your turn on {total}.",
            "de": "Du beendest deinen Zug bei {total}.",
        },
        "widget.pazaak.say.stand": {
            "en": "{player} stands on {total}.",
            "de": "{player} hält bei {total}.",
        },
        "widget.pazaak.say.stand.you": {
            "en": "You stand on {total}.",
            "de": "Du hältst bei {total}.",
        },
        "widget.pazaak.say.draw": {
            "en": "{player} draws {card}: {total}.",
            "de": "{player} zieht {card}: {total}.",
        },
        "widget.pazaak.say.draw.you": {
            "en": "You draw {card}: {total}.",
            "de": "Du ziehst {card}: {total}.",
        },
        # the first card of a table: its total is the card itself, said once ("You draw 10.")
        "widget.pazaak.say.draw_first": {
            "en": "{player} draws {card}.",
            "de": "{player} zieht {card}.",
        },
        "widget.pazaak.say.draw_first.you": {
            "en": "You draw {card}.",
            "de": "Du ziehst {card}.",
        },
        "widget.pazaak.say.twenty": {
            "en": "{player} has exactly 20 and stands automatically.",
            "de": "{player} hat genau 20 und hält automatisch.",
        },
        "widget.pazaak.say.twenty.you": {
            "en": "You have exactly 20 and stand automatically.",
            "de": "Du hast genau 20 und hältst automatisch.",
        },
        "widget.pazaak.say.nine": {
            "en": "{player} has nine cards on the table and must stand.",
            "de": "{player} hat neun Karten auf dem Tisch und muss halten.",
        },
        "widget.pazaak.say.nine.you": {
            "en": "You have nine cards on the table and must stand.",
            "de": "Du hast neun Karten auf dem Tisch und musst halten.",
        },
        "widget.pazaak.say.bust": {
            "en": "{player} is over 20 with {total}: bust.",
            "de": "{player} hat {total}, mehr als 20: überzogen.",
        },
        "widget.pazaak.say.bust.you": {
            "en": "You are over 20 with {total}: bust.",
            "de": "Du hast {total}, mehr als 20: überzogen.",
        },
        "widget.pazaak.say.wins_set": {
            "en": "{player} wins set {n}.",
            "de": "{player} gewinnt Satz {n}.",
        },
        "widget.pazaak.say.wins_set.you": {
            "en": "You win set {n}.",
            "de": "Du gewinnst Satz {n}.",
        },
        "widget.pazaak.say.higher": {
            "en": "{player} wins set {n}, {high} to {low}.",
            "de": "{player} gewinnt Satz {n}, {high} zu {low}.",
        },
        "widget.pazaak.say.higher.you": {
            "en": "You win set {n}, {high} to {low}.",
            "de": "Du gewinnst Satz {n}, {high} zu {low}.",
        },
        "widget.pazaak.say.tiebreaker": {
            "en": "A tie at {total}, but {player} played the Tiebreaker and wins set {n}.",
            "de": "Gleichstand bei {total}, aber {player} hat den Tiebreaker gespielt und "
            "gewinnt Satz {n}.",
        },
        "widget.pazaak.say.tiebreaker.you": {
            "en": "A tie at {total}, but you played the Tiebreaker and win set {n}.",
            "de": "Gleichstand bei {total}, aber du hast den Tiebreaker gespielt und gewinnst "
            "Satz {n}.",
        },
        "widget.pazaak.say.fill": {
            "en": "{player} has nine cards without going over 20 and wins set {n}.",
            "de": "{player} hat neun Karten, ohne über 20 zu kommen, und gewinnt Satz {n}.",
        },
        "widget.pazaak.say.fill.you": {
            "en": "You have nine cards without going over 20 and win set {n}.",
            "de": "Du hast neun Karten, ohne über 20 zu kommen, und gewinnst Satz {n}.",
        },
        "widget.pazaak.say.tie": {
            "en": "Set {n} is a tie at {total}: nobody scores, and the set is replayed.",
            "de": "Satz {n} endet unentschieden bei {total}: niemand punktet, der Satz wird "
            "wiederholt.",
        },
        "widget.pazaak.say.match": {
            "en": "{player} wins the match, {high:# set|# sets} to {low}.",
            "de": "{player} gewinnt die Partie, {high} zu {low} Sätzen.",
        },
        "widget.pazaak.say.match.you": {
            "en": "You win the match, {high:# set|# sets} to {low}.",
            "de": "Du gewinnst die Partie, {high} zu {low} Sätzen.",
        },
        "widget.pazaak.say.next_set": {
            "en": "Set {n}: {player} begins.",
            "de": "Satz {n}: {player} beginnt.",
        },
        "widget.pazaak.say.next_set.you": {
            "en": "Set {n}: you begin.",
            "de": "Satz {n}: du beginnst.",
        },
        # hints
        "widget.pazaak.words.play": {"en": "Play {card}", "de": "Spiele {card}"},
        "widget.pazaak.words.play_as": {
            "en": "Play {card} as {value}",
            "de": "Spiele {card} als {value}",
        },
        "widget.pazaak.words.end": {"en": "End your turn", "de": "Beende deinen Zug"},
        "widget.pazaak.words.stand": {"en": "Stand", "de": "Halte"},
        # refusals
        "widget.pazaak.not_in_hand": {
            "en": "{card} is not among your side cards.",
            "de": "{card} ist nicht unter deinen Handkarten.",
        },
        "widget.pazaak.on_table": {
            "en": "{card} is already on a table: only side cards from your hand can be played.",
            "de": "{card} liegt schon auf einem Tisch: nur Handkarten aus deiner Hand können "
            "gespielt werden.",
        },
        "widget.pazaak.deck_card": {
            "en": "The main deck deals by itself at the start of each turn: you cannot take a "
            "card from it.",
            "de": "Der Hauptstapel gibt zu Beginn jedes Zuges von selbst: du kannst keine Karte "
            "davon nehmen.",
        },
        "widget.pazaak.select_first": {
            "en": "Select one of your side cards first.",
            "de": "Wähle zuerst eine deiner Handkarten.",
        },
        "widget.pazaak.sign_first": {
            "en": "Choose how to play {card} first: {values}.",
            "de": "Wähle zuerst, wie {card} gespielt wird: {values}.",
        },
        "widget.pazaak.no_sign": {
            "en": "{card} has a fixed value: there is no sign to choose.",
            "de": "{card} hat einen festen Wert: es gibt kein Vorzeichen zu wählen.",
        },
        "widget.pazaak.no_option": {
            "en": "There is no choice number {n} for {card}.",
            "de": "Für {card} gibt es keine Auswahl Nummer {n}.",
        },
        "widget.pazaak.decks_with_state": {
            "en": "Side decks go with a seed; a position brings its own side cards.",
            "de": "Nebenstapel gehören zu einem Startwert; eine Stellung bringt ihre eigenen "
            "Handkarten mit.",
        },
        "widget.pazaak.bad_preset": {
            "en": "There are no rules called “{name}”; the presets are {names}.",
            "de": "Es gibt keine Regeln namens „{name}“; die Voreinstellungen heißen {names}.",
        },
        # the summary and the score sheet
        "widget.pazaak.summary.title": {"en": "Set {n} is over", "de": "Satz {n} ist vorbei"},
        "widget.pazaak.summary.title_tie": {
            "en": "Set {n} is a tie",
            "de": "Satz {n} endet unentschieden",
        },
        "widget.pazaak.summary.final": {"en": "Final total", "de": "Endsumme"},
        "widget.pazaak.summary.cards": {"en": "Cards on the table", "de": "Karten auf dem Tisch"},
        "widget.pazaak.summary.sets": {"en": "Sets won", "de": "Gewonnene Sätze"},
        "widget.pazaak.summary.zone": {
            "en": "{player}: final table",
            "de": "{player}: Tisch am Ende",
        },
        "widget.pazaak.score.set": {"en": "Set {n}", "de": "Satz {n}"},
        "widget.pazaak.score.now": {"en": "This set", "de": "Dieser Satz"},
        "widget.pazaak.score.caption": {
            "en": "First to {n:# set|# sets} wins the match; a tied set is replayed",
            "de": "Wer zuerst {n:# Satz|# Sätze} gewinnt, gewinnt die Partie; ein "
            "unentschiedener Satz wird wiederholt",
        },
        # the legend
        # The renderer draws each role's outline beside the text, so the texts name no style.
        "widget.pazaak.legend.last": {
            "en": "The card just drawn or played",
            "de": "Die eben gezogene oder gespielte Karte",
        },
        "widget.pazaak.legend.target": {
            "en": "A card the chosen side card would change",
            "de": "Eine Karte, die die gewählte Handkarte verändern würde",
        },
        "widget.pazaak.legend.playable": {
            "en": "This side card makes exactly 20, or brings you back from over 20",
            "de": "Diese Handkarte ergibt genau 20 oder bringt dich von über 20 zurück",
        },
        "widget.pazaak.legend.muted": {
            "en": "A side card already played in this match",
            "de": "Eine in dieser Partie schon gespielte Handkarte",
        },
    }
)
