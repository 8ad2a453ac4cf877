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
        "rl.batch.refused": {
            "en": "game {game} of the batch: {reason}",
            "de": "Spiel {game} der Gruppe: {reason}",
        },
        "rl.batch.bad_seed": {
            "en": "{seed} is not a seed of the games: give a whole number from 0, a list of "
            "them (one per game) or None",
            "de": "{seed} ist kein Startwert der Spiele: gib eine ganze Zahl ab 0 an, eine "
            "Liste davon (eine je Spiel) oder None",
        },
        "rl.batch.not_actions": {
            "en": "{actions} are not actions: give one whole number per game (a list or a "
            "numpy array)",
            "de": "{actions} sind keine Aktionen: gib eine ganze Zahl je Spiel an (eine Liste "
            "oder ein numpy-Array)",
        },
        "rl.batch.no_game": {
            "en": "{game} is not a game of the batch: games are numbered 0 to {last}",
            "de": "{game} ist kein Spiel der Gruppe: die Spiele sind von 0 bis {last} nummeriert",
        },
        "rl.batch.action_count": {
            "en": "{actions:# action|# actions} for {games:# game|# games}: give one action per "
            "game",
            "de": "{actions:# Aktion|# Aktionen} für {games:# Spiel|# Spiele}: gib eine Aktion je "
            "Spiel an",
        },
        "rl.batch.seed_count": {
            "en": "{seeds:# seed|# seeds} for {games:# game|# games}: give one seed per game, "
            "or one number",
            "de": "{seeds:# Startwert|# Startwerte} für {games:# Spiel|# Spiele}: gib einen "
            "Startwert je Spiel an oder eine Zahl",
        },
        "rl.batch.num_envs": {
            "en": "num_envs={num_envs} is not a number of games: give a whole number from 1",
            "de": "num_envs={num_envs} ist keine Anzahl von Spielen: gib eine ganze Zahl ab 1 an",
        },
    }
)
