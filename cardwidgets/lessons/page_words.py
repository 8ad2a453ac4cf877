"""Every sentence of the lesson pages and worksheets (the page's controls, its summary, the
worksheet's headings), in English and German.

The page's script has no words of its own: :data:`PAGE_LABELS` are sent to it as its
``labels``; the fields in braces (``{step}``, ``{right}`` …) are filled in by the script.

>>> from cardwidgets import i18n
>>> i18n.text("lessonpage.step", "de", step=2, steps=5)
'Schritt 2 von 5'
"""

from __future__ import annotations

from cardwidgets import i18n

PAGE_LABELS: tuple[str, ...] = (
    "steps", "previous", "next", "step", "summary_step", "check", "clear", "hint", "no_hint",
    "your_move", "no_such_move", "which", "chance_label", "chance_help", "not_a_chance",
    "choose_first", "pick_first", "summary", "score", "unanswered", "answered_right",
    "answered_wrong", "download", "reset", "no_storage", "exercise", "your_answer", "restart",
)  # fmt: skip
"""The page's words (keys ``lessonpage.<name>``), sent to the page as its ``labels``."""

i18n.register(
    {
        "lessonpage.title": {"en": "Lesson: {title}", "de": "Lektion: {title}"},
        "lessonpage.steps": {"en": "Steps of the lesson", "de": "Schritte der Lektion"},
        "lessonpage.previous": {"en": "Previous step", "de": "Vorheriger Schritt"},
        "lessonpage.next": {"en": "Next step", "de": "Nächster Schritt"},
        # Filled in by the page's script: keep the fields plain.
        "lessonpage.step": {"en": "Step {step} of {steps}", "de": "Schritt {step} von {steps}"},
        "lessonpage.summary_step": {"en": "Your answers", "de": "Deine Antworten"},
        "lessonpage.exercise": {"en": "Exercise {number}", "de": "Aufgabe {number}"},
        "lessonpage.check": {"en": "Check my answer", "de": "Antwort prüfen"},
        "lessonpage.clear": {"en": "Clear the selection", "de": "Auswahl löschen"},
        "lessonpage.hint": {"en": "Show a hint", "de": "Tipp zeigen"},
        "lessonpage.no_hint": {"en": "No more hints.", "de": "Keine weiteren Tipps."},
        "lessonpage.your_move": {
            "en": "Click the cards of your move, then check it.",
            "de": "Klicke die Karten deines Zugs an und prüfe ihn dann.",
        },
        "lessonpage.no_such_move": {
            "en": "These cards make no move you can play here. Change the selection and try again.",
            "de": "Diese Karten ergeben hier keinen Zug, den du spielen kannst. Ändere die "
            "Auswahl und versuche es noch einmal.",
        },
        "lessonpage.pick_first": {
            "en": "Click a card of your move first.",
            "de": "Klicke zuerst eine Karte deines Zugs an.",
        },
        "lessonpage.which": {
            "en": "These cards make more than one move. Which one do you mean?",
            "de": "Diese Karten ergeben mehr als einen Zug. Welchen meinst du?",
        },
        "lessonpage.chance_label": {"en": "Your answer", "de": "Deine Antwort"},
        "lessonpage.chance_help": {
            "en": "A percentage (36%), a decimal (0.36) or a fraction (13/36).",
            "de": "Ein Prozentwert (36 %), eine Dezimalzahl (0,36) oder ein Bruch (13/36).",
        },
        "lessonpage.not_a_chance": {
            "en": "That is no chance: write a percentage from 0% to 100%, a decimal from 0 to 1 "
            "or a fraction such as 13/36.",
            "de": "Das ist keine Wahrscheinlichkeit: Schreibe einen Prozentwert von 0 % bis "
            "100 %, eine Dezimalzahl von 0 bis 1 oder einen Bruch wie 13/36.",
        },
        "lessonpage.choose_first": {
            "en": "Choose the answers you think are right first.",
            "de": "Wähle zuerst die Antworten, die du für richtig hältst.",
        },
        "lessonpage.summary": {"en": "Your answers", "de": "Deine Antworten"},
        "lessonpage.score": {
            "en": "{right} of {total} exercises right, {wrong} wrong, {open} not answered yet.",
            "de": "{right} von {total} Aufgaben richtig, {wrong} falsch, {open} noch nicht "
            "beantwortet.",
        },
        "lessonpage.unanswered": {"en": "not answered yet", "de": "noch nicht beantwortet"},
        "lessonpage.answered_right": {"en": "right", "de": "richtig"},
        "lessonpage.answered_wrong": {"en": "wrong", "de": "falsch"},
        "lessonpage.your_answer": {"en": "Your answer: {answer}", "de": "Deine Antwort: {answer}"},
        "lessonpage.download": {
            "en": "Download my answers (JSON)",
            "de": "Meine Antworten herunterladen (JSON)",
        },
        "lessonpage.reset": {"en": "Start again", "de": "Neu beginnen"},
        "lessonpage.restart": {
            "en": "Your answers are cleared.",
            "de": "Deine Antworten sind gelöscht.",
        },
        "lessonpage.no_storage": {
            "en": "This browser keeps no progress here (its storage is off): download your "
            "answers before you close the page.",
            "de": "Dieser Browser speichert hier keinen Fortschritt (sein Speicher ist aus): "
            "Lade deine Antworten herunter, bevor du die Seite schließt.",
        },
        # Shown without the page's data (the script reads them from the page's element).
        "lessonpage.broken": {
            "en": "This lesson page is damaged (its data is cut off or was changed), so it "
            "cannot be played. Ask for the page again.",
            "de": "Diese Lektionsseite ist beschädigt (ihre Daten sind abgeschnitten oder "
            "wurden verändert) und kann nicht gespielt werden. Lass dir die Seite neu geben.",
        },
        "lessonpage.loading": {
            "en": "The lesson is starting. If this sentence stays, the page is damaged or "
            "JavaScript is off; it needs no network and no Python.",
            "de": "Die Lektion startet. Bleibt dieser Satz stehen, ist die Seite beschädigt "
            "oder JavaScript ist aus; sie braucht kein Netz und kein Python.",
        },
        "lessonpage.bad_data": {
            "en": "this is not the data of a lesson page: {reason}",
            "de": "das sind keine Daten einer Lektionsseite: {reason}",
        },
        "lessonpage.bad_page": {
            "en": "this is not a lesson page, or it is damaged: {reason}",
            "de": "das ist keine Lektionsseite, oder sie ist beschädigt: {reason}",
        },
        "lessonpage.no_data": {
            "en": "it holds no lesson data (cut off?)",
            "de": "sie enthält keine Lektionsdaten (abgeschnitten?)",
        },
        "lessonpage.bad_sum": {
            "en": "its data does not match its length and checksum",
            "de": "ihre Daten passen nicht zu ihrer Länge und Prüfsumme",
        },
        # The worksheet.
        "lessonpage.worksheet": {"en": "Worksheet: {title}", "de": "Arbeitsblatt: {title}"},
        "lessonpage.answer_key": {"en": "Answer key: {title}", "de": "Lösungen: {title}"},
        "lessonpage.name_line": {"en": "Name:", "de": "Name:"},
        "lessonpage.write_move": {"en": "Your move:", "de": "Dein Zug:"},
        "lessonpage.write_chance": {"en": "Your answer:", "de": "Deine Antwort:"},
        "lessonpage.tick": {
            "en": "Tick every answer that is right.",
            "de": "Kreuze jede richtige Antwort an.",
        },
        "lessonpage.accepted": {"en": "Answer: {answers}", "de": "Lösung: {answers}"},
        "lessonpage.hints": {"en": "Hints", "de": "Tipps"},
        "lessonpage.or": {"en": " or ", "de": " oder "},
        "lessonpage.none_legal": {"en": "none of them", "de": "keine davon"},
        "lessonpage.bad_path": {
            "en": "a lesson page is saved to a file's path (a text or a Path), not {found}",
            "de": "eine Lektionsseite wird unter dem Pfad einer Datei gespeichert (ein Text oder "
            "ein Path), nicht {found}",
        },
        "lessonpage.bad_flag": {
            "en": "{name} must be True or False, not {found}",
            "de": "{name} muss True oder False sein, nicht {found}",
        },
    }
)

i18n.register(
    {
        # A Pazaak side card as an answer the learner picks (the engine's words say "Player 1").
        "lessonpage.play_side": {"en": "Play {card}", "de": "Spiele {card}"},
        "lessonpage.play_side_as": {
            "en": "Play {card} as {value}",
            "de": "Spiele {card} als {value}",
        },
    }
)
