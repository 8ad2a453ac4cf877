"""The sentences every game widget shares (en, de), and counted phrases without "1 cards"
(``{n:# card|# cards}``: :func:`cardwidgets.i18n.plural`'s field form).

>>> count("widget.cards", 1, "en"), count("widget.cards", 3, "de")
('1 card', '3 Karten')
"""

from __future__ import annotations

from cardwidgets import i18n

__all__ = ["count"]


def count(key: str, n: int, locale: str | None) -> str:
    """The counted phrase ``key`` for ``n`` (its field ``n`` picks singular or plural)."""
    return i18n.text(key, locale, n=n)


i18n.register(
    {
        "widget.cards": {"en": "{n:# card|# cards}", "de": "{n:# Karte|# Karten}"},
        "widget.points": {"en": "{n:# point|# points}", "de": "{n:# Punkt|# Punkte}"},
        "widget.you": {"en": "You", "de": "Du"},
        "widget.computer": {"en": "Computer", "de": "Computer"},
        "widget.player": {"en": "Player {n}", "de": "Spieler {n}"},
        "widget.stale": {
            "en": "That click was made on an older picture of the game; nothing changed. "
            "Please try again.",
            "de": "Dieser Klick galt einem älteren Stand des Spiels; nichts wurde geändert. "
            "Bitte noch einmal versuchen.",
        },
        "widget.bad_intent": {
            "en": "The widget received a request it does not understand; nothing changed.",
            "de": "Das Widget hat eine Anfrage erhalten, die es nicht versteht; nichts wurde "
            "geändert.",
        },
        "widget.bad_option": {
            "en": "The option {option} cannot be {value}; it takes {choices}.",
            "de": "Die Einstellung {option} kann nicht {value} sein; möglich sind {choices}.",
        },
        "widget.not_available": {
            "en": "The button “{what}” cannot be used right now.",
            "de": "Die Schaltfläche „{what}“ ist gerade nicht verfügbar.",
        },
        "widget.unknown_action": {
            "en": "This widget has no such button; nothing changed.",
            "de": "Dieses Widget hat keine solche Schaltfläche; nichts wurde geändert.",
        },
        "widget.no_options": {
            "en": "There is nothing to choose right now.",
            "de": "Gerade gibt es nichts auszuwählen.",
        },
        "widget.option_gone": {
            "en": "Choice {n} is not on offer right now.",
            "de": "Auswahl {n} steht gerade nicht zur Wahl.",
        },
        "widget.card_gone": {
            "en": "That card is not on the board any more.",
            "de": "Diese Karte liegt nicht mehr auf dem Tisch.",
        },
        "widget.card_idle": {
            "en": "{card} cannot be used right now.",
            "de": "{card} kann gerade nicht verwendet werden.",
        },
        "widget.card_hidden": {
            "en": "That card is face down: you cannot see or play it.",
            "de": "Diese Karte liegt verdeckt: du kannst sie weder sehen noch spielen.",
        },
        "widget.card_theirs": {
            "en": "{card} belongs to {player}; you can only play your own cards.",
            "de": "{card} gehört {player}; du kannst nur deine eigenen Karten spielen.",
        },
        "widget.internal": {
            "en": "Something went wrong inside the widget; nothing changed. The details are in "
            "the kernel's log.",
            "de": "Im Widget ist etwas schiefgegangen; nichts wurde geändert. Die Einzelheiten "
            "stehen im Protokoll des Kernels.",
        },
        "widget.not_your_turn": {"en": "It is not your turn.", "de": "Du bist nicht am Zug."},
        "widget.game_over": {"en": "The game is over.", "de": "Das Spiel ist vorbei."},
        "widget.paused": {
            "en": "Read the summary, then press Continue.",
            "de": "Lies die Zusammenfassung und drücke dann auf Weiter.",
        },
        "widget.nothing_to_continue": {
            "en": "There is no summary to continue from.",
            "de": "Es gibt keine Zusammenfassung, nach der es weitergehen könnte.",
        },
        "widget.bad_opponent": {
            "en": "The opponent chose {move}, which is not allowed: {reason}",
            "de": "Der Gegner wählte {move}, das ist nicht erlaubt: {reason}",
        },
        "widget.bad_opponent_name": {
            "en": "There is no computer player called “{name}”; the players are {names}.",
            "de": "Es gibt keinen Computerspieler namens „{name}“; die Spieler heißen {names}.",
        },
        "widget.no_choose": {
            "en": "An opponent needs a choose(state) method that returns a move.",
            "de": "Ein Gegner braucht eine Methode choose(state), die einen Zug liefert.",
        },
        "widget.wrong_rules": {
            "en": "These rules are not rules of {game}.",
            "de": "Diese Regeln gehören nicht zu {game}.",
        },
        "widget.wrong_state": {
            "en": "This position is not a position of {game}.",
            "de": "Diese Stellung gehört nicht zu {game}.",
        },
        "widget.code_with_state": {
            "en": "Give a position code or a position, not both.",
            "de": "Gib einen Stellungscode oder eine Stellung an, nicht beides.",
        },
        "widget.rules_with_state": {
            "en": "Rules go with a seed; a position brings its own rules.",
            "de": "Regeln gehören zu einem Startwert; eine Stellung bringt ihre eigenen Regeln "
            "mit.",
        },
        "widget.no_such_ply": {
            "en": "There is no position after move {ply}: this game has positions {first} to "
            "{last}.",
            "de": "Es gibt keine Stellung nach Zug {ply}: dieses Spiel hat die Stellungen "
            "{first} bis {last}.",
        },
        "widget.no_zone": {
            "en": "The picture has no zone called “{zone}”.",
            "de": "Das Bild hat keinen Bereich namens „{zone}“.",
        },
        "widget.hook_not_callable": {
            "en": "on_move needs a function hook(move, seat, state).",
            "de": "on_move braucht eine Funktion hook(move, seat, state).",
        },
        "widget.hook_failed": {
            "en": "Your on_move function failed ({error}); the move stands.",
            "de": "Deine on_move-Funktion ist gescheitert ({error}); der Zug bleibt gültig.",
        },
        "widget.position": {"en": "Move {ply} of {plies}", "de": "Zug {ply} von {plies}"},
        "widget.turn.you": {"en": "Your turn.", "de": "Du bist dran."},
        "widget.turn": {"en": "{player} to move.", "de": "{player} ist am Zug."},
        "widget.history": {"en": "Position in the game", "de": "Stellung im Spiel"},
        # the turn banner: whose turn it is and what to do
        "widget.banner.you": {"en": "Your turn: {prompt}", "de": "Du bist dran: {prompt}"},
        "widget.banner.player": {
            "en": "{player}, your turn: {prompt}",
            "de": "{player}, du bist dran: {prompt}",
        },
        "widget.banner.them": {
            "en": "{player}'s turn: please wait",
            "de": "{player} ist am Zug: bitte warten",
        },
        "widget.banner.thinking": {
            "en": "{player} is thinking…",
            "de": "{player} überlegt …",
        },
        "widget.banner.prompt": {"en": "make your move", "de": "mach deinen Zug"},
        "widget.banner.paused": {
            "en": "Read the summary, then press “{button}”",
            "de": "Lies die Zusammenfassung, dann drücke „{button}“",
        },
        "widget.banner.over": {
            "en": "The game is over: “{button}” starts another",
            "de": "Das Spiel ist vorbei: „{button}“ beginnt ein neues",
        },
        "widget.banner.history": {
            "en": "An earlier position: “{button}” brings back the game",
            "de": "Eine frühere Stellung: „{button}“ holt das Spiel zurück",
        },
        "widget.status.history": {
            "en": "{status} (move {ply} of {plies})",
            "de": "{status} (Zug {ply} von {plies})",
        },
        "widget.hint": {"en": "Hint: {move}. {reason}", "de": "Tipp: {move}. {reason}"},
        "widget.new_ask": {
            "en": "Start a new game? This one ends here (it stays in the widget's branches).",
            "de": "Ein neues Spiel beginnen? Dieses endet hier (es bleibt in den Verzweigungen "
            "des Widgets erhalten).",
        },
        "widget.new_started": {
            "en": "A new game has started.",
            "de": "Ein neues Spiel hat begonnen.",
        },
        "widget.action.back": {"en": "◀ Back", "de": "◀ Zurück"},
        "widget.action.forward": {"en": "Forward ▶", "de": "Vor ▶"},
        "widget.action.start": {"en": "|◀ Start", "de": "|◀ Anfang"},
        "widget.action.end": {"en": "End ▶|", "de": "Ende ▶|"},
        "widget.action.new": {"en": "New game", "de": "Neues Spiel"},
        "widget.action.new_confirm": {"en": "Yes, new game", "de": "Ja, neues Spiel"},
        "widget.action.new_cancel": {"en": "No, keep playing", "de": "Nein, weiterspielen"},
        "widget.action.hint": {"en": "Hint", "de": "Tipp"},
        "widget.action.cancel": {"en": "Cancel", "de": "Abbrechen"},
        "widget.action.continue": {"en": "Continue ▶", "de": "Weiter ▶"},
        "widget.action.more": {"en": "More choices", "de": "Mehr Auswahl"},
        # Watching two computer players (players=("expert", "greedy")).
        "widget.action.step": {"en": "One move", "de": "Ein Zug"},
        "widget.action.play_on": {"en": "Play on ▶", "de": "Weiterspielen ▶"},
        "widget.action.pause": {"en": "Pause ⏸", "de": "Anhalten ⏸"},
        "widget.watch.player": {"en": "Player {n} ({name})", "de": "Spieler {n} ({name})"},
        "widget.watching": {
            "en": "Two computer players are playing; you are watching. Use One move or Play on.",
            "de": "Zwei Computerspieler spielen; du schaust zu. Nimm „Ein Zug“ oder "
            "„Weiterspielen“.",
        },
        "widget.not_watching": {
            "en": "This widget is not watching computer players (give players=(…, …)).",
            "de": "Dieses Widget zeigt keine Computerspieler (gib players=(…, …) an).",
        },
        "widget.watch_with_opponent": {
            "en": "Give either an opponent or two players to watch, not both.",
            "de": "Gib entweder einen Gegner oder zwei Spieler zum Zuschauen an, nicht beides.",
        },
        "widget.bad_players": {
            "en": "players takes two computer players, e.g. ('expert', 'greedy'), not {players}.",
            "de": "players braucht zwei Computerspieler, z. B. ('expert', 'greedy'), nicht "
            "{players}.",
        },
        "widget.watch_no_loop": {
            "en": "Playing on by itself needs a running notebook kernel; here, call step() for "
            "each move.",
            "de": "Von selbst weiterspielen geht nur in einem laufenden Notebook-Kernel; rufe "
            "hier step() für jeden Zug auf.",
        },
        # Under a widget's still picture (docs pages, exports, front ends without the widget
        # manager): clicks on it do nothing, so it says so.
        "widget.still_note": {
            "en": "A still picture, not a game: run the cell in Jupyter to play.",
            "de": "Ein Standbild, kein Spiel: Führe die Zelle in Jupyter aus, um zu spielen.",
        },
    }
)
