"""Every sentence of the analysis, in English and German. Importing this module registers them.

>>> from cardwidgets import i18n
>>> from cardwidgets.analysis import words
>>> i18n.text("analysis.exact", "de", nodes=12)
'exakt: alle Karten sind durch Zählen bekannt (12 Stellungen durchsucht)'
"""

from __future__ import annotations

from cardwidgets import i18n

__all__ = ["MESSAGES"]

MESSAGES: dict[str, dict[str, str]] = {
    "analysis.exact": {
        "en": "exact: every card is known by counting ({nodes:# position|# positions} searched)",
        "de": "exakt: alle Karten sind durch Zählen bekannt "
        "({nodes:# Stellung|# Stellungen} durchsucht)",
    },
    # How a value was found, said after it in the widget's panel and in the table: no "95%
    # interval" here, as the panel shows none (the table has its own interval column).
    "analysis.estimate": {
        "en": "estimated from {samples:# deal|# deals} of the unseen cards",
        "de": "geschätzt aus {samples:# Verteilung|# Verteilungen} der ungesehenen Karten",
    },
    "analysis.too_big": {
        "en": "estimated from {samples:# deal|# deals} of the unseen cards (the exact search "
        "stopped after {nodes:# position|# positions})",
        "de": "geschätzt aus {samples:# Verteilung|# Verteilungen} der ungesehenen Karten (die "
        "exakte Suche brach nach {nodes:# Stellung|# Stellungen} ab)",
    },
    "analysis.others": {
        "en": "{count:# other move|# other moves}, not analysed (the search prunes them)",
        "de": "{count:# weiterer Zug|# weitere Züge}, nicht untersucht (die Suche lässt sie aus)",
    },
    "analysis.game_over": {
        "en": "the game is over: there is no move to analyse",
        "de": "das Spiel ist vorbei: es gibt keinen Zug zu untersuchen",
    },
    "analysis.not_a_state": {
        "en": "analyse needs a game position (a tablic, panjpar or pazaak State), not {value}",
        "de": "analyse braucht eine Spielstellung (einen State von tablic, panjpar oder "
        "pazaak), nicht {value}",
    },
    "analysis.unknown_game": {
        "en": "there is no game '{game}': choose one of {games}",
        "de": "es gibt kein Spiel '{game}': wähle eines von {games}",
    },
    "analysis.bad_count": {
        "en": "the number of {what} must be a positive whole number, not {value}",
        "de": "die Anzahl {what} muss eine positive ganze Zahl sein, nicht {value}",
    },
    "analysis.what_puzzles": {"en": "puzzles", "de": "der Rätsel"},
    "analysis.what_samples": {"en": "samples", "de": "der Stichproben"},
    "analysis.unit.tablic": {
        "en": "deal score difference at the end of the deal",
        "de": "Punktedifferenz am Ende des Gebens",
    },
    "analysis.unit.panjpar": {
        "en": "chance of winning the game",
        "de": "Gewinnchance für das Spiel",
    },
    "analysis.unit.pazaak": {
        "en": "chance of winning the match (the set beside it)",
        "de": "Gewinnchance für die Partie (daneben die für den Satz)",
    },
    "analysis.head.move": {"en": "move", "de": "Zug"},
    "analysis.head.value": {"en": "value", "de": "Wert"},
    "analysis.head.interval": {"en": "95% interval", "de": "95%-Intervall"},
    "analysis.head.set": {"en": "set", "de": "Satz"},
    "analysis.head.how": {"en": "how", "de": "wie"},
    "analysis.how.exact": {
        "en": "exact: every card is known by counting",
        "de": "exakt: alle Karten sind durch Zählen bekannt",
    },
    "analysis.how.estimate": {
        "en": "estimated from deals of the unseen cards, beyond the 95% intervals",
        "de": "geschätzt aus Verteilungen der ungesehenen Karten, jenseits der 95%-Intervalle",
    },
    "analysis.others_move": {"en": "others", "de": "andere"},
    "analysis.puzzle": {
        "en": "Find the best move. {answer} is best ({best}); the tempting {tempting} "
        "gives only {other}. {how}",
        "de": "Finde den besten Zug. {answer} ist am besten ({best}); das verlockende "
        "{tempting} bringt nur {other}. {how}",
    },
}

i18n.register(MESSAGES)
