"""The sentences of the analysis switch and the puzzle mode, in English and German.
Importing this module registers them.

>>> from cardwidgets import i18n
>>> from cardwidgets.present import analysis_words
>>> i18n.text("widget.analysis.kept", "de", move="K♠ nimmt 2♦ J♠", how="exakt")
'Dein Zug war der beste (exakt): K♠ nimmt 2♦ J♠.'
"""

from __future__ import annotations

from cardwidgets import i18n

__all__ = ["MESSAGES"]

MESSAGES: dict[str, dict[str, str]] = {
    "widget.analysis.title": {"en": "Analysis", "de": "Analyse"},
    "widget.analysis.button": {"en": "Analysis", "de": "Analyse"},
    "widget.analysis.thinking": {
        "en": "Thinking… the values follow in a moment.",
        "de": "Einen Moment, die Werte werden berechnet …",
    },
    "widget.analysis.best": {
        "en": "Best: {move} ({value}); {reason}.",
        "de": "Am besten: {move} ({value}); {reason}.",
    },
    "widget.analysis.kept": {
        "en": "Your move was the best ({how}): {move}.",
        "de": "Dein Zug war der beste ({how}): {move}.",
    },
    "widget.analysis.lost": {
        "en": "Your move lost {amount} against the best ({how}). Played: {move}; best: {best}.",
        "de": "Dein Zug verlor {amount} gegenüber dem besten ({how}). Gespielt: {move}; "
        "am besten: {best}.",
    },
    "widget.analysis.played_best": {
        "en": "The move played here was the best ({how}): {move}.",
        "de": "Der hier gespielte Zug war der beste ({how}): {move}.",
    },
    "widget.analysis.played_lost": {
        "en": "The move played here lost {amount} against the best ({how}). Played: {move}; "
        "best: {best}.",
        "de": "Der hier gespielte Zug verlor {amount} gegenüber dem besten ({how}). "
        "Gespielt: {move}; am besten: {best}.",
    },
    "widget.analysis.unranked": {
        "en": "The move {move} was not among the moves analysed.",
        "de": "Der Zug {move} war nicht unter den untersuchten Zügen.",
    },
    "widget.analysis.not_yours": {
        "en": "Values are shown where you are to move.",
        "de": "Werte erscheinen dort, wo du am Zug bist.",
    },
    "widget.analysis.failed": {
        "en": "This position could not be analysed: {reason}",
        "de": "Diese Stellung ließ sich nicht untersuchen: {reason}",
    },
    "widget.analysis.exact": {"en": "exact", "de": "exakt"},
    "widget.analysis.estimated": {"en": "estimated", "de": "geschätzt"},
    "widget.analysis.points": {"en": "{amount} points", "de": "{amount} Punkte"},
    "widget.analysis.points.one": {"en": "1 point", "de": "1 Punkt"},
    "widget.analysis.percent.one": {
        "en": "1 percentage point of the winning chance",
        "de": "1 Prozentpunkt der Gewinnchance",
    },
    "widget.analysis.percent": {
        "en": "{amount} percentage points of the winning chance",
        "de": "{amount} Prozentpunkte der Gewinnchance",
    },
    "widget.analysis.value": {"en": "value {value}", "de": "Wert {value}"},
    "widget.analysis.not_allowed": {
        "en": "The analysis is turned off for this widget (analysis_allowed=False).",
        "de": "Die Analyse ist für dieses Widget ausgeschaltet (analysis_allowed=False).",
    },
    "widget.analysis.not_to_move": {
        "en": "The analysis values only the learner's own moves: seat {seat} is to move here.",
        "de": "Die Analyse bewertet nur die eigenen Züge: hier ist Platz {seat} am Zug.",
    },
    "widget.puzzle.title": {
        "en": "Puzzle {number} of {count}: {right} of {answered} right",
        "de": "Rätsel {number} von {count}: {right} von {answered} richtig",
    },
    "widget.puzzle.title_first": {
        "en": "Puzzle {number} of {count}",
        "de": "Rätsel {number} von {count}",
    },
    "widget.puzzle.capture": {
        "en": "Find the capture that wins the most points.",
        "de": "Finde den Stich, der die meisten Punkte bringt.",
    },
    # No capture is the answer: the best move may lose points (its value below zero), so the
    # question asks for the best balance, not for "the most points" that a lay never wins.
    "widget.puzzle.tablic": {
        "en": "Find the best move: your points minus the other player's, the most you can "
        "get (it may be below zero).",
        "de": "Finde den besten Zug: deine Punkte abzüglich der des anderen, so viel wie "
        "möglich (es kann unter null sein).",
    },
    "widget.puzzle.stand_or_draw": {
        "en": "Stand or draw? Find the best move.",
        "de": "Stehen oder ziehen? Finde den besten Zug.",
    },
    "widget.puzzle.side_card": {
        "en": "Which side card, if any? Find the best move.",
        "de": "Welche Handkarte, wenn überhaupt? Finde den besten Zug.",
    },
    "widget.puzzle.defend": {
        "en": "How do you defend? Find the best move.",
        "de": "Wie verteidigst du dich? Finde den besten Zug.",
    },
    "widget.puzzle.attack": {
        "en": "How do you attack? Find the best move.",
        "de": "Wie greifst du an? Finde den besten Zug.",
    },
    "widget.puzzle.why": {
        "en": "Best: {answer} ({best}). Tempting but weaker: {tempting} ({other}). {how}",
        "de": "Am besten: {answer} ({best}). Verlockend, aber schwächer: {tempting} ({other}). "
        "{how}",
    },
    "widget.puzzle.banner.answered": {
        "en": "Puzzle answered: press Next puzzle",
        "de": "Rätsel beantwortet: weiter mit „Nächstes Rätsel“",
    },
    "widget.puzzle.banner.done": {
        "en": "All puzzles done: {right} of {count} right",
        "de": "Alle Rätsel gelöst: {right} von {count} richtig",
    },
    "widget.puzzle.how.exact": {
        "en": "Exact: every card is known by counting.",
        "de": "Exakt: alle Karten sind durch Zählen bekannt.",
    },
    "widget.puzzle.how.estimate": {
        "en": "Estimated from deals of the unseen cards, beyond the 95% intervals.",
        "de": "Geschätzt aus Verteilungen der ungesehenen Karten, jenseits der 95%-Intervalle.",
    },
    "widget.puzzle.right": {"en": "Right! {why}", "de": "Richtig! {why}"},
    "widget.puzzle.wrong": {
        "en": "Not the best. Played: {move}. {why}",
        "de": "Nicht der beste Zug. Gespielt: {move}. {why}",
    },
    "widget.puzzle.next": {"en": "Next puzzle", "de": "Nächstes Rätsel"},
    "widget.puzzle.done": {
        "en": "All puzzles done: {right} of {count} right.",
        "de": "Alle Rätsel gelöst: {right} von {count} richtig.",
    },
    "widget.puzzle.answered": {
        "en": "This puzzle is answered: go on with Next puzzle.",
        "de": "Dieses Rätsel ist beantwortet: weiter mit „Nächstes Rätsel“.",
    },
    "widget.puzzle.none_left": {
        "en": "There is no next puzzle: this was the last one.",
        "de": "Es gibt kein nächstes Rätsel: das war das letzte.",
    },
    "widget.puzzle.not_answered": {
        "en": "Answer this puzzle first: play the move you think best.",
        "de": "Beantworte zuerst dieses Rätsel: spiele den Zug, den du für den besten hältst.",
    },
    "widget.puzzle.none_found": {
        "en": "No {game} puzzle was found with seed {seed}: try another seed.",
        "de": "Mit dem Startwert {seed} fand sich kein Rätsel für {game}: versuche einen anderen.",
    },
    "widget.puzzle.bad_puzzles": {
        "en": "puzzles must be a list of {game} puzzles or their records (to_records()), "
        "not {value}",
        "de": "puzzles muss eine Liste von Rätseln für {game} oder ihrer Datensätze "
        "(to_records()) sein, nicht {value}",
    },
    "widget.puzzle.unknown_game": {
        "en": "there is no game {game}: choose one of {games}",
        "de": "es gibt kein Spiel {game}: wähle eines von {games}",
    },
}

i18n.register(MESSAGES)
