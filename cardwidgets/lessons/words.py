"""Every sentence of the lessons (the loader's errors and the verdicts), in English and German.

>>> from cardwidgets import i18n
>>> i18n.text("lessons.right", "de")
'Richtig.'
"""

from __future__ import annotations

from cardwidgets import i18n

i18n.register(
    {
        # Where an error is: the file (or example) and the line, then the reason.
        "lessons.at_file": {
            "en": "{source}, line {line}: {reason}",
            "de": "{source}, Zeile {line}: {reason}",
        },
        "lessons.at_line": {"en": "line {line}: {reason}", "de": "Zeile {line}: {reason}"},
        "lessons.not_text": {
            "en": "a lesson is the text of a lesson file, its path or an example's name, "
            "not {found}",
            "de": "eine Lektion ist der Text einer Lektionsdatei, ihr Pfad oder der Name eines "
            "Beispiels, nicht {found}",
        },
        "lessons.no_such": {
            "en": "there is no lesson file or example named {name}; the examples are: {names}",
            "de": "es gibt keine Lektionsdatei und kein Beispiel namens {name}; die Beispiele "
            "sind: {names}",
        },
        "lessons.unreadable": {
            "en": "the lesson file {name} cannot be read as UTF-8 text",
            "de": "die Lektionsdatei {name} lässt sich nicht als UTF-8-Text lesen",
        },
        # The format
        "lessons.unknown_block": {
            "en": "unknown block {kind}: a lesson has the blocks lesson, text and exercise",
            "de": "unbekannter Block {kind}: eine Lektion hat die Blöcke lesson, text und exercise",
        },
        "lessons.unclosed": {
            "en": "the {kind} block opened here is never closed with ```",
            "de": "der hier geöffnete Block {kind} wird nie mit ``` geschlossen",
        },
        "lessons.not_a_field": {
            "en": "expected a line such as “key: value” inside a block, not {found}",
            "de": "erwartet war eine Zeile wie „Schlüssel: Wert“ im Block, nicht {found}",
        },
        "lessons.dangling": {
            "en": "an indented line continues the line above it, but there is none",
            "de": "eine eingerückte Zeile setzt die Zeile darüber fort, doch es gibt keine",
        },
        "lessons.unknown_key": {
            "en": "unknown key {key} in a {kind} block; the keys there are: {keys}",
            "de": "unbekannter Schlüssel {key} im Block {kind}; die Schlüssel dort sind: {keys}",
        },
        "lessons.twice": {
            "en": "{key} is given twice in this block (first on line {first})",
            "de": "{key} steht zweimal in diesem Block (zuerst in Zeile {first})",
        },
        "lessons.missing": {
            "en": "this {kind} block has no {key}",
            "de": "diesem Block {kind} fehlt {key}",
        },
        "lessons.empty": {
            "en": "{key} has no value",
            "de": "{key} hat keinen Wert",
        },
        "lessons.needs_locale": {
            "en": "{key} is written in a language: write {key}.en and {key}.de",
            "de": "{key} wird in einer Sprache geschrieben: schreibe {key}.en und {key}.de",
        },
        "lessons.no_translation": {
            "en": "{key} has no translation: add {missing} to this block",
            "de": "{key} hat keine Übersetzung: ergänze {missing} in diesem Block",
        },
        "lessons.hint_count": {
            "en": "this block has {en:# hint|# hints} in English and {de:# hint|# hints} in "
            "German: give each hint in both",
            "de": "dieser Block hat {en:# Tipp|# Tipps} auf Englisch und {de:# Tipp|# Tipps} auf "
            "Deutsch: gib jeden Tipp in beiden Sprachen",
        },
        "lessons.no_header": {
            "en": "a lesson starts with a lesson block naming its game and title",
            "de": "eine Lektion beginnt mit einem Block lesson, der ihr Spiel und ihren Titel "
            "nennt",
        },
        "lessons.header_twice": {
            "en": "a lesson has one lesson block (the first is on line {first})",
            "de": "eine Lektion hat einen Block lesson (der erste steht in Zeile {first})",
        },
        "lessons.no_exercise": {
            "en": "this lesson has no exercise block",
            "de": "diese Lektion hat keinen Block exercise",
        },
        "lessons.unknown_game": {
            "en": "unknown game {game}: choose one of {games}",
            "de": "unbekanntes Spiel {game}: wähle eines von {games}",
        },
        # Positions
        "lessons.no_position": {
            "en": "this exercise has no position: give its code or its cards ({keys})",
            "de": "diese Aufgabe hat keine Stellung: gib ihren Code oder ihre Karten an ({keys})",
        },
        "lessons.code_and_cards": {
            "en": "give the position either as a code or as cards, not both ({key} is on line "
            "{other})",
            "de": "gib die Stellung entweder als Code oder als Karten an, nicht beides ({key} "
            "steht in Zeile {other})",
        },
        "lessons.bad_pair": {
            "en": "{key} needs one value per seat, separated by |, not {found}",
            "de": "{key} braucht einen Wert je Sitz, getrennt durch |, nicht {found}",
        },
        "lessons.bad_number": {
            "en": "{key} must be a whole number, not {found}",
            "de": "{key} muss eine ganze Zahl sein, nicht {found}",
        },
        "lessons.bad_yes_no": {
            "en": "{key} must be 'yes' or 'no' for each seat, not {found}",
            "de": "{key} muss je Sitz 'yes' oder 'no' sein, nicht {found}",
        },
        "lessons.bad_position": {
            "en": "this position is impossible: {reason}",
            "de": "diese Stellung ist unmöglich: {reason}",
        },
        "lessons.position_over": {
            "en": "in this position the game is over: there is no move to ask about",
            "de": "in dieser Stellung ist das Spiel vorbei: es gibt keinen Zug zum Fragen",
        },
        # Questions and answers
        "lessons.unknown_question": {
            "en": "unknown question {found}: choose one of best, legal, chance",
            "de": "unbekannte Frage {found}: wähle eine von best, legal, chance",
        },
        "lessons.chance_only_pazaak": {
            "en": "the question chance (the chance to bust) is asked in Pazaak only",
            "de": "die Frage chance (die Gefahr, sich zu überkaufen) gibt es nur bei Pazaak",
        },
        "lessons.not_a_move": {
            "en": "{move} is not a move of this game: {reason}",
            "de": "{move} ist kein Zug dieses Spiels: {reason}",
        },
        "lessons.illegal_answer": {
            "en": "the answer {move} is not a legal move in this position: {reason}",
            "de": "die Antwort {move} ist in dieser Stellung kein erlaubter Zug: {reason}",
        },
        "lessons.illegal_choice": {
            "en": "the choice {move} is not a legal move in this position: {reason}",
            "de": "die Auswahl {move} ist in dieser Stellung kein erlaubter Zug: {reason}",
        },
        "lessons.not_listed": {
            "en": "the engine does not list it among the legal moves",
            "de": "die Regeln führen ihn nicht unter den erlaubten Zügen",
        },
        "lessons.answer_not_offered": {
            "en": "the answer {move} is not among the choices",
            "de": "die Antwort {move} ist nicht unter den Auswahlmöglichkeiten",
        },
        "lessons.contradicted": {
            "en": "the analysis finds {better} better than the answer {move} ({high} against "
            "{low}, {how})",
            "de": "die Analyse findet {better} besser als die Antwort {move} ({high} gegen "
            "{low}, {how})",
        },
        "lessons.tie": {
            "en": "{other} is worth exactly as much as the answer {move} ({value}): accept it too",
            "de": "{other} ist genau so viel wert wie die Antwort {move} ({value}): nimm ihn "
            "auch an",
        },
        "lessons.legal_missing": {
            "en": "the choice {move} is legal too: list it among the answers",
            "de": "die Auswahl {move} ist auch erlaubt: nimm sie in die Antworten auf",
        },
        "lessons.legal_needs_choices": {
            "en": "the question legal needs choices: the moves the learner judges",
            "de": "die Frage legal braucht choices: die Züge, die der Lernende beurteilt",
        },
        "lessons.one_chance": {
            "en": "the question chance has one answer, a chance such as 36%, 0.36 or 13/36",
            "de": "die Frage chance hat eine Antwort, eine Wahrscheinlichkeit wie 36%, 0.36 oder "
            "13/36",
        },
        "lessons.bad_chance": {
            "en": "{found} is not a chance: write it as 36%, 0.36 or 13/36 (from 0 to 1)",
            "de": "{found} ist keine Wahrscheinlichkeit: schreibe sie als 36%, 0.36 oder 13/36 "
            "(von 0 bis 1)",
        },
        "lessons.wrong_chance": {
            "en": "the chance to bust here is {exact} ({percent}), not {found}",
            "de": "die Gefahr, sich hier zu überkaufen, ist {exact} ({percent}), nicht {found}",
        },
        "lessons.no_answers_here": {
            "en": "answers and choices are moves; the question chance takes one chance",
            "de": "answers und choices sind Züge; die Frage chance nimmt eine Wahrscheinlichkeit",
        },
        "lessons.bad_exercise_number": {
            "en": "there is no exercise {found}: this lesson has exercises 1 to {count}",
            "de": "es gibt keine Aufgabe {found}: diese Lektion hat die Aufgaben 1 bis {count}",
        },
        "lessons.bad_learner_answer": {
            "en": "an answer is a move's text (or, for which moves are legal, a list of them), "
            "not {found}",
            "de": "eine Antwort ist der Text eines Zuges (oder, bei der Frage nach erlaubten "
            "Zügen, eine Liste davon), nicht {found}",
        },
        "lessons.bad_puzzles": {
            "en": "a lesson from puzzles needs a list of puzzles of one game, not {found}",
            "de": "eine Lektion aus Rätseln braucht eine Liste von Rätseln eines Spiels, nicht "
            "{found}",
        },
        # Verdicts
        "lessons.right": {"en": "Right.", "de": "Richtig."},
        "lessons.wrong": {"en": "Not quite.", "de": "Nicht ganz."},
        "lessons.unreadable_answer": {
            "en": "That is not a move here: {reason}",
            "de": "Das ist hier kein Zug: {reason}",
        },
        # The words a lesson made from puzzles uses
        "lessons.puzzles_title": {
            "en": "Puzzles: {game}",
            "de": "Rätsel: {game}",
        },
        "lessons.play_best": {
            "en": "Play the best move.",
            "de": "Spiele den besten Zug.",
        },
        "lessons.puzzle_hint": {
            "en": "The obvious move is not the best here.",
            "de": "Der naheliegende Zug ist hier nicht der beste.",
        },
    }
)
