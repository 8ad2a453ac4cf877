"""The sentences of the learning environments, in English and German.

>>> from cardwidgets import i18n
>>> i18n.text("rl.action.done", "de")
'fertig'
"""

from __future__ import annotations

from cardwidgets import i18n

i18n.register(
    {
        "rl.action.done": {"en": "done", "de": "fertig"},
        "rl.action.not_legal": {
            "en": "action {action} ({label}) is not legal now; the legal actions are: {legal}",
            "de": "die Aktion {action} ({label}) ist jetzt nicht erlaubt; erlaubt sind: {legal}",
        },
        "rl.action.out_of_range": {
            "en": "{action} is not an action of {game}: actions are whole numbers 0 to {last}",
            "de": "{action} ist keine Aktion von {game}: Aktionen sind ganze Zahlen von 0 bis "
            "{last}",
        },
        "rl.action.incomplete": {
            "en": "the actions {actions} do not complete a move; the next legal actions are: "
            "{legal}",
            "de": "die Aktionen {actions} ergeben keinen vollständigen Zug; als Nächstes "
            "erlaubt sind: {legal}",
        },
        "rl.action.complete": {
            "en": "the move is already complete: play it, then start the next one",
            "de": "der Zug ist schon vollständig: spiele ihn, dann beginnt der nächste",
        },
        "rl.game.unknown": {
            "en": "{game} is not a game of cardwidgets: the games are {games}",
            "de": "{game} ist kein Spiel von cardwidgets: die Spiele sind {games}",
        },
        "rl.illegal_rule": {
            "en": "illegal={rule} is not a rule for illegal actions: choose one of {rules}",
            "de": "illegal={rule} ist keine Regel für unerlaubte Aktionen: wähle eine von {rules}",
        },
        "rl.bad_opponent": {
            "en": "{opponent} cannot be the opponent: give a player's name (random, greedy, "
            "expert) or an object with a choose(state) method",
            "de": "{opponent} kann nicht der Gegner sein: gib den Namen eines Spielers an "
            "(random, greedy, expert) oder ein Objekt mit einer Methode choose(state)",
        },
        "rl.game.over": {
            "en": "the game is over: there is no move to build",
            "de": "das Spiel ist vorbei: es gibt keinen Zug mehr zu bauen",
        },
    }
)
