"""Every sentence of the lab's contests (tournaments, ratings, the stopping rule), in English
and German.

Imported by each contest module (:mod:`~cardwidgets.lab.ratings`, :mod:`~cardwidgets.lab.sprt`,
:mod:`~cardwidgets.lab.tournament`, :mod:`~cardwidgets.lab.leaderboard`), so the sentences are
known wherever one of them is used, a worker process too.

>>> from cardwidgets import i18n
>>> i18n.text("contest.few_bots", "de", bots="1")
'ein Turnier braucht mindestens zwei Bots, nicht 1'
"""

from __future__ import annotations

from cardwidgets import i18n

i18n.register(
    {
        # -- ratings ---------------------------------------------------------------------------
        "contest.bad_result": {
            "en": "a result is (first player, second player, score of the first: 1, 0.5 or 0) "
            "and optionally a deal, not {result}",
            "de": "ein Ergebnis ist (erster Spieler, zweiter Spieler, Punkte des ersten: 1, 0.5 "
            "oder 0) und wahlweise ein Spiel, nicht {result}",
        },
        "contest.no_results": {
            "en": "there are no results to rate",
            "de": "es gibt keine Ergebnisse zum Bewerten",
        },
        "contest.bad_anchor": {
            "en": "the anchor {anchor} is no player of these results: choose one of {names}",
            "de": "der Bezugsspieler {anchor} kommt in diesen Ergebnissen nicht vor: wähle einen "
            "von {names}",
        },
        "contest.bad_prior": {
            "en": "prior_draws must be a number from 0 to 1000, not {value}",
            "de": "prior_draws muss eine Zahl von 0 bis 1000 sein, nicht {value}",
        },
        "contest.unconnected": {
            "en": "{names} never played anyone linked to the anchor {anchor}: their rating "
            "cannot be measured against it",
            "de": "{names} spielte nie gegen jemanden, der mit dem Bezugsspieler {anchor} "
            "verbunden ist: die Wertung lässt sich daran nicht messen",
        },
        "contest.no_maximum": {
            "en": "without virtual draws (prior_draws=0) these results have no finite ratings: "
            "a player won or lost every game; keep prior_draws above 0",
            "de": "ohne virtuelle Remis (prior_draws=0) haben diese Ergebnisse keine endlichen "
            "Wertungen: jemand gewann oder verlor jedes Spiel; lass prior_draws über 0",
        },
        "contest.self_game": {
            "en": "{name} cannot play against itself in a rating",
            "de": "{name} kann in einer Wertung nicht gegen sich selbst spielen",
        },
        # -- the stopping rule -----------------------------------------------------------------
        "contest.bad_elo_bounds": {
            "en": "elo1 must be greater than elo0 (both finite numbers), not elo0={elo0}, "
            "elo1={elo1}",
            "de": "elo1 muss größer als elo0 sein (beides endliche Zahlen), nicht elo0={elo0}, "
            "elo1={elo1}",
        },
        "contest.bad_error_rate": {
            "en": "{name} must be a number between 0 and 0.5, not {value}",
            "de": "{name} muss eine Zahl zwischen 0 und 0,5 sein, nicht {value}",
        },
        "contest.bad_pair_score": {
            "en": "a pair of games scores 0, 0.5, 1, 1.5 or 2, not {value}",
            "de": "ein Spielpaar bringt 0, 0.5, 1, 1.5 oder 2 Punkte, nicht {value}",
        },
        "contest.sprt.h1": {
            "en": "{a} is better than {b} by at least {elo1} Elo (H1 accepted)",
            "de": "{a} ist um mindestens {elo1} Elo besser als {b} (H1 angenommen)",
        },
        "contest.sprt.h0": {
            "en": "{a} is not better than {b} by {elo1} Elo: at most {elo0} (H0 accepted)",
            "de": "{a} ist nicht um {elo1} Elo besser als {b}: höchstens {elo0} (H0 angenommen)",
        },
        "contest.sprt.open": {
            "en": "no decision yet between {elo0} and {elo1} Elo",
            "de": "noch keine Entscheidung zwischen {elo0} und {elo1} Elo",
        },
        "contest.sprt.line": {
            "en": "{pairs:# pair|# pairs} of games, LLR {llr} (bounds {lower} and {upper})",
            "de": "{pairs:# Spielpaar|# Spielpaare}, LLR {llr} (Grenzen {lower} und {upper})",
        },
        # -- the tournament ----------------------------------------------------------------------
        "contest.bad_games": {
            "en": "games must be an even number from 2 up (every deal is played twice, seats "
            "swapped), not {games}",
            "de": "games muss eine gerade Zahl ab 2 sein (jedes Spiel wird mit getauschten "
            "Plätzen zweimal gespielt), nicht {games}",
        },
        "contest.few_bots": {
            "en": "a tournament needs at least two bots, not {bots}",
            "de": "ein Turnier braucht mindestens zwei Bots, nicht {bots}",
        },
        "contest.same_name": {
            "en": "two bots are named {name}: give each bot its own name (a dict of names to "
            "bots, or a name attribute)",
            "de": "zwei Bots heißen {name}: gib jedem Bot einen eigenen Namen (ein dict von "
            "Namen zu Bots oder ein Attribut name)",
        },
        "contest.bad_bot": {
            "en": "{bot} is no bot: give a player name (random, greedy, expert), a function "
            "choose(state) or an object with a method choose",
            "de": "{bot} ist kein Bot: gib einen Spielernamen (random, greedy, expert), eine "
            "Funktion choose(state) oder ein Objekt mit einer Methode choose",
        },
        "contest.bad_format": {
            "en": "format must be 'round robin' or 'gauntlet', not {format}",
            "de": "format muss 'round robin' oder 'gauntlet' sein, nicht {format}",
        },
        "contest.other_file": {
            "en": "{path} holds another tournament ({field} differs: {found} there, {wanted} "
            "here): choose another results file",
            "de": "{path} enthält ein anderes Turnier ({field} weicht ab: dort {found}, hier "
            "{wanted}): wähle eine andere Ergebnisdatei",
        },
        "contest.bad_file": {
            "en": "{path} is no results file of a tournament (line {line} cannot be read)",
            "de": "{path} ist keine Ergebnisdatei eines Turniers (Zeile {line} ist nicht lesbar)",
        },
        "contest.fault": {
            "en": "{bot} loses the game: {reason}",
            "de": "{bot} verliert das Spiel: {reason}",
        },
        "contest.raised": {
            "en": "{bot} raised {error} and loses the game",
            "de": "{bot} löste {error} aus und verliert das Spiel",
        },
        "contest.illegal": {
            "en": "{bot} returned {move}, which is no legal move here ({reason}), and loses "
            "the game",
            "de": "{bot} lieferte {move}, das hier kein erlaubter Zug ist ({reason}), und "
            "verliert das Spiel",
        },
        "contest.no_game": {
            "en": "there is no finished game {index}: the games are numbered 0 to {last}",
            "de": "es gibt kein fertiges Spiel {index}: die Spiele sind von 0 bis {last} "
            "nummeriert",
        },
        "contest.file_failed": {
            "en": "the results file {path} cannot be used: {reason}",
            "de": "die Ergebnisdatei {path} lässt sich nicht nutzen: {reason}",
        },
        "contest.os.ENOENT": {
            "en": "its folder does not exist",
            "de": "ihr Ordner existiert nicht",
        },
        "contest.os.EACCES": {"en": "permission denied", "de": "keine Berechtigung"},
        "contest.os.EISDIR": {"en": "it is a folder", "de": "es ist ein Ordner"},
        "contest.os.ENOSPC": {"en": "the disk is full", "de": "der Datenträger ist voll"},
        "contest.os.other": {"en": "system error {code}", "de": "Systemfehler {code}"},
        "contest.bad_results_file": {
            "en": "results must be a path to a file or None, not {value}",
            "de": "results muss ein Dateipfad oder None sein, nicht {value}",
        },
        # -- the leaderboard -----------------------------------------------------------------
        "contest.rank": {"en": "rank", "de": "Rang"},
        "contest.bot": {"en": "bot", "de": "Bot"},
        "contest.elo": {"en": "Elo", "de": "Elo"},
        "contest.interval": {"en": "95% interval", "de": "95%-Intervall"},
        "contest.played": {"en": "games", "de": "Spiele"},
        "contest.score": {"en": "score", "de": "Punkte"},
        "contest.wdl": {"en": "won–drawn–lost", "de": "gewonnen–remis–verloren"},
        "contest.forfeits": {"en": "forfeits", "de": "kampflos verloren"},
        "contest.duplicate": {"en": "duplicate deals", "de": "Doppelspiele"},
        "contest.anchor_note": {
            "en": "Elo by maximum likelihood from {games:# game|# games}, anchored at {anchor} "
            "= 0; intervals from the observed information",
            "de": "Elo nach der Maximum-Likelihood-Methode aus {games:# Spiel|# Spielen}, "
            "Bezugsspieler {anchor} = 0; Intervalle aus der beobachteten Information",
        },
        "contest.leaderboard": {
            "en": "{game}: {format}, {bots:# bot|# bots}, seed {seed}",
            "de": "{game}: {format}, {bots:# Bot|# Bots}, Startwert {seed}",
        },
        "contest.format.round robin": {"en": "round robin", "de": "Jeder gegen jeden"},
        "contest.format.gauntlet": {"en": "gauntlet", "de": "Einer gegen alle"},
        "contest.crosstable": {
            "en": "crosstable: the row's score against the column",
            "de": "Kreuztabelle: Punkte der Zeile gegen die Spalte",
        },
        "contest.chart": {
            "en": "ratings with 95% intervals",
            "de": "Wertungen mit 95%-Intervallen",
        },
        "contest.games_table": {"en": "games", "de": "Spiele"},
        "contest.no_games_yet": {
            "en": "No game has finished yet.",
            "de": "Noch ist kein Spiel fertig.",
        },
        "contest.game": {"en": "game", "de": "Spiel"},
        "contest.deal": {"en": "deal", "de": "Spiel-Nr."},
        "contest.first": {"en": "seat 0", "de": "Platz 0"},
        "contest.second": {"en": "seat 1", "de": "Platz 1"},
        "contest.result": {"en": "result", "de": "Ergebnis"},
        "contest.replay": {"en": "replay", "de": "Wiedergabe"},
        "contest.forfeit": {"en": "forfeit", "de": "kampflos verloren"},
        "contest.wrote": {
            "en": "wrote {games:# game|# games} to {path}",
            "de": "{games:# Spiel|# Spiele} nach {path} geschrieben",
        },
        "contest.cli.tournament": {
            "en": "play a duplicate-deal tournament of bots and print the leaderboard",
            "de": "ein Turnier von Bots mit doppelten Spielen spielen und die Rangliste ausgeben",
        },
        "contest.cli.bots": {
            "en": "bots: player names (random, greedy, expert) or .py files with a choose "
            "function or class",
            "de": "Bots: Spielernamen (random, greedy, expert) oder .py-Dateien mit einer "
            "Funktion oder Klasse choose",
        },
        "contest.cli.games": {
            "en": "games per pair of bots, even (default 20)",
            "de": "Spiele je Paar von Bots, gerade (Standard 20)",
        },
        "contest.cli.json": {
            "en": "write the tournament (games and ratings) as JSON to PATH",
            "de": "das Turnier (Spiele und Wertungen) als JSON nach PFAD schreiben",
        },
        "contest.cli.time_limit": {
            "en": "seconds a bot file may take for one move (it runs sealed in a worker process)",
            "de": "Sekunden, die eine Bot-Datei für einen Zug brauchen darf (sie läuft "
            "abgeschottet in einem Arbeitsprozess)",
        },
        "contest.cli.memory": {
            "en": "megabytes of memory a bot file's worker process may use",
            "de": "Megabyte Speicher, die der Arbeitsprozess einer Bot-Datei nutzen darf",
        },
        "contest.cli.bad_seconds": {
            "en": "a number of seconds above 0 and at most {most} is needed, not {value}",
            "de": "nötig ist eine Zahl von Sekunden über 0 und höchstens {most}, nicht {value}",
        },
        "contest.cli.results": {
            "en": "keep each game in this JSON-lines file and resume from it",
            "de": "jedes Spiel in dieser JSON-Lines-Datei halten und dort weitermachen",
        },
        "contest.cli.format": {
            "en": "round robin (default) or gauntlet (the first bot against each other)",
            "de": "round robin (Standard) oder gauntlet (der erste Bot gegen jeden anderen)",
        },
        "contest.no_bot_file": {
            "en": "the bot file {path} cannot be read: {reason}",
            "de": "die Bot-Datei {path} lässt sich nicht lesen: {reason}",
        },
        "contest.bot_import": {
            "en": "the bot file {path} does not import: {error}",
            "de": "die Bot-Datei {path} lässt sich nicht importieren: {error}",
        },
        "contest.no_choose": {
            "en": "the bot file {path} has no function or class choose (nor a class with a "
            "method choose)",
            "de": "die Bot-Datei {path} hat keine Funktion oder Klasse choose (und keine "
            "Klasse mit einer Methode choose)",
        },
    }
)
