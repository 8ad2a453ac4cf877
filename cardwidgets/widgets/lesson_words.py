"""The sentences of the lesson widget (:mod:`cardwidgets.widgets.lesson`), in English and German.
Importing this module registers them.

>>> from cardwidgets import i18n
>>> from cardwidgets.widgets import lesson_words
>>> i18n.text("widget.lesson.step", "de", number=3, count=8)
'Schritt 3 von 8'
"""

from __future__ import annotations

from cardwidgets import i18n

__all__ = ["COLUMNS", "MESSAGES"]

COLUMNS = ("lesson", "step", "exercise", "question", "answer", "correct", "time", "hints")
"""The fields of an attempt, in the order of its table and its CSV file."""

MESSAGES: dict[str, dict[str, str]] = {
    "widget.lesson.step": {"en": "Step {number} of {count}", "de": "Schritt {number} von {count}"},
    "widget.lesson.step_exercise": {
        "en": "Step {number} of {count} · exercise {exercise} of {exercises}",
        "de": "Schritt {number} von {count} · Aufgabe {exercise} von {exercises}",
    },
    "widget.lesson.next": {"en": "Next", "de": "Weiter"},
    "widget.lesson.back": {"en": "Back", "de": "Zurück"},
    "widget.lesson.hint": {"en": "Hint", "de": "Tipp"},
    "widget.lesson.check": {"en": "Check", "de": "Prüfen"},
    "widget.lesson.chance_label": {
        "en": "Your answer (25%, 0.25 or 1/4)",
        "de": "Deine Antwort (25%, 0.25 oder 1/4)",
    },
    "widget.lesson.chance_button": {"en": "Answer", "de": "Antworten"},
    "widget.lesson.hint_text": {
        "en": "Hint {number} of {count}: {text}",
        "de": "Tipp {number} von {count}: {text}",
    },
    "widget.lesson.your_answer": {"en": "Your answer: {answer}.", "de": "Deine Antwort: {answer}."},
    "widget.lesson.nothing": {"en": "nothing marked", "de": "nichts markiert"},
    "widget.lesson.how.best": {
        "en": "Select your move on the board and play it.",
        "de": "Wähle deinen Zug auf dem Spielfeld und spiele ihn.",
    },
    "widget.lesson.how.choices": {
        "en": "Choose one of the buttons.",
        "de": "Wähle einen der Knöpfe.",
    },
    "widget.lesson.how.legal": {
        "en": "Mark every legal move among the choices, then press Check.",
        "de": "Markiere jeden erlaubten Zug unter den Möglichkeiten und drücke dann Prüfen.",
    },
    "widget.lesson.how.chance": {
        "en": "Type the chance and press Answer.",
        "de": "Gib die Wahrscheinlichkeit ein und drücke Antworten.",
    },
    "widget.lesson.banner.prose": {
        "en": "Read, then press Next.",
        "de": "Lies, dann drücke Weiter.",
    },
    "widget.lesson.banner.right": {
        "en": "Right! Press Next to go on.",
        "de": "Richtig! Drücke Weiter.",
    },
    "widget.lesson.banner.wrong": {
        "en": "Not quite: try again, ask for a hint, or go on.",
        "de": "Nicht ganz: Versuche es noch einmal, hol dir einen Tipp oder mach weiter.",
    },
    "widget.lesson.banner.done": {
        "en": "Lesson done: {right} of {count} exercises answered right.",
        "de": "Lektion geschafft: {right} von {count} Aufgaben richtig beantwortet.",
    },
    # Refusals (the state stays as it was).
    "widget.lesson.no_question": {
        "en": "This step is for reading: there is nothing to answer. Press Next.",
        "de": "Dieser Schritt ist zum Lesen: Es gibt nichts zu beantworten. Drücke Weiter.",
    },
    "widget.lesson.solved": {
        "en": "You have answered this exercise right already. Press Next.",
        "de": "Diese Aufgabe hast du schon richtig beantwortet. Drücke Weiter.",
    },
    "widget.lesson.not_offered": {
        "en": "{move} is not one of the moves this exercise asks about: {choices}.",
        "de": "{move} gehört nicht zu den Zügen, nach denen diese Aufgabe fragt: {choices}.",
    },
    "widget.lesson.wants_move": {
        "en": "This exercise asks for a move, not {found}: select it on the board and play it.",
        "de": "Diese Aufgabe fragt nach einem Zug, nicht nach {found}: Wähle ihn auf dem "
        "Spielfeld und spiele ihn.",
    },
    "widget.lesson.wants_choices": {
        "en": "This exercise is answered with the choices: mark the legal moves and press Check.",
        "de": "Diese Aufgabe beantwortest du mit den Möglichkeiten: Markiere die erlaubten Züge "
        "und drücke Prüfen.",
    },
    "widget.lesson.wants_chance": {
        "en": "This exercise asks for a chance: type it (25%, 0.25 or 1/4) and press Answer.",
        "de": "Diese Aufgabe fragt nach einer Wahrscheinlichkeit: Gib sie ein (36%, 0.36 oder "
        "13/36) und drücke Antworten.",
    },
    "widget.lesson.cards_idle": {
        "en": "{card}: in this step the cards are there to look at. {how}",
        "de": "{card}: In diesem Schritt sind die Karten zum Ansehen da. {how}",
    },
    "widget.lesson.no_choice": {
        "en": "There is no choice {n} here.",
        "de": "Hier gibt es keine Möglichkeit {n}.",
    },
    "widget.lesson.no_hint": {
        "en": "There is no further hint for this exercise.",
        "de": "Für diese Aufgabe gibt es keinen weiteren Tipp.",
    },
    "widget.lesson.first_step": {
        "en": "This is the first step of the lesson.",
        "de": "Das ist der erste Schritt der Lektion.",
    },
    "widget.lesson.last_step": {
        "en": "This is the last step of the lesson.",
        "de": "Das ist der letzte Schritt der Lektion.",
    },
    "widget.lesson.bad_step": {
        "en": "There is no step {found}: the steps are 1 to {count}.",
        "de": "Es gibt keinen Schritt {found}: Die Schritte sind 1 bis {count}.",
    },
    "widget.lesson.bad_suffix": {
        "en": "Attempts are saved as a .csv or a .json file, not {name}.",
        "de": "Versuche werden als .csv- oder .json-Datei gespeichert, nicht als {name}.",
    },
    "widget.lesson.not_saved": {
        "en": "The attempts could not be saved to {name}: {reason}",
        "de": "Die Versuche konnten nicht in {name} gespeichert werden: {reason}",
    },
    "widget.lesson.bad_lesson": {
        "en": "A lesson widget shows a lesson: a Lesson, a lesson file's path, its text or an "
        "example's name, not {found}.",
        "de": "Ein Lektions-Widget zeigt eine Lektion: eine Lesson, den Pfad einer "
        "Lektionsdatei, ihren Text oder den Namen eines Beispiels, nicht {found}.",
    },
    "widget.lesson.no_state_here": {
        "en": "A lesson widget shows the lesson's own positions: it takes no {option}.",
        "de": "Ein Lektions-Widget zeigt die Stellungen seiner Lektion: {option} geht hier nicht.",
    },
    # The headings of the attempts table.
    "widget.lesson.col.lesson": {"en": "Lesson", "de": "Lektion"},
    "widget.lesson.col.step": {"en": "Step", "de": "Schritt"},
    "widget.lesson.col.exercise": {"en": "Exercise", "de": "Aufgabe"},
    "widget.lesson.col.question": {"en": "Question", "de": "Frage"},
    "widget.lesson.col.answer": {"en": "Answer", "de": "Antwort"},
    "widget.lesson.col.correct": {"en": "Right", "de": "Richtig"},
    "widget.lesson.col.time": {"en": "Time (UTC)", "de": "Zeit (UTC)"},
    "widget.lesson.col.hints": {"en": "Hints", "de": "Tipps"},
    "widget.lesson.yes": {"en": "yes", "de": "ja"},
    "widget.lesson.no": {"en": "no", "de": "nein"},
}

i18n.register(MESSAGES)
