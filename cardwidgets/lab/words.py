"""Every sentence of the lab, in English and German, in one catalog.

Imported first by :mod:`cardwidgets.lab` (and so by every worker process that unpickles a
lab task), so each key below is known wherever a lab error or table is written.

>>> from cardwidgets import i18n
>>> from cardwidgets.lab import display
>>> unit = display.unit_words("game", "de", 10, dative=True)
>>> i18n.text("lab.progress", "de", done="3", total="10", unit=unit)
'3 von 10 Spielen'

A unit word agrees with its count (``display.unit_words(unit, locale, count, dative)``); a
sentence with a count says its other words through ``{count:singular|plural}`` fields (see
:mod:`cardwidgets.i18n`).
"""

from __future__ import annotations

from cardwidgets import i18n

i18n.register(
    {
        "lab.games": {"en": "{n:game|games}", "de": "{n:Spiel|Spiele}"},
        "lab.deals": {"en": "{n:deal|deals}", "de": "{n:Spiel|Spiele}"},
        "lab.matches": {"en": "{n:match|matches}", "de": "{n:Partie|Partien}"},
        # after "von", "in": German's dative plural of Spiel is Spielen
        "lab.games.dative": {"en": "{n:game|games}", "de": "{n:Spiel|Spielen}"},
        "lab.deals.dative": {"en": "{n:deal|deals}", "de": "{n:Spiel|Spielen}"},
        "lab.matches.dative": {"en": "{n:match|matches}", "de": "{n:Partie|Partien}"},
        # -- a sealed bot's faults (cardwidgets.lab.sandbox) --
        "lab.bot.import": {
            "en": "bot {bot} could not be loaded: it raised {error}",
            "de": "Bot {bot} ließ sich nicht laden: er löste {error} aus",
        },
        "lab.bot.no_choose": {
            "en": "bot {bot} has no function choose(view) and no class with a choose method",
            "de": (
                "Bot {bot} hat keine Funktion choose(view) und keine Klasse mit einer "
                "Methode choose"
            ),
        },
        "lab.bot.raised": {
            "en": "bot {bot} raised {error} while choosing a move",
            "de": "Bot {bot} löste bei der Wahl eines Zuges {error} aus",
        },
        "lab.bot.timeout": {
            "en": "bot {bot} took longer than {seconds} s to choose a move",
            "de": "Bot {bot} brauchte länger als {seconds} s für einen Zug",
        },
        "lab.bot.memory": {
            "en": "bot {bot} needed more than {megabytes} MB of memory",
            "de": "Bot {bot} brauchte mehr als {megabytes} MB Speicher",
        },
        "lab.bot.output": {
            "en": "bot {bot} printed more than {limit} characters in one move",
            "de": "Bot {bot} gab in einem Zug mehr als {limit} Zeichen aus",
        },
        "lab.bot.no_move": {
            "en": "bot {bot} returned {value}, which is not a move",
            "de": "Bot {bot} gab {value} zurück, das ist kein Zug",
        },
        "lab.bot.wrong_game": {
            "en": "bot {bot} returned a move of {other}, not of {game}",
            "de": "Bot {bot} gab einen Zug von {other} zurück, nicht von {game}",
        },
        "lab.bot.illegal": {
            "en": "bot {bot} chose {move}, which is not legal here: {reason}",
            "de": "Bot {bot} wählte {move}, das ist hier nicht erlaubt: {reason}",
        },
        "lab.bot.crashed": {
            "en": "the worker process of bot {bot} stopped (exit code {code})",
            "de": "der Arbeitsprozess von Bot {bot} brach ab (Exit-Code {code})",
        },
        "lab.bot.no_file": {
            "en": "there is no bot file {bot}: give the path of a .py file",
            "de": "es gibt keine Bot-Datei {bot}: gib den Pfad einer .py-Datei an",
        },
        "lab.bot.not_portable": {
            "en": "bot {bot} cannot be sent to a worker process ({error}): define it in a .py file",
            "de": (
                "Bot {bot} lässt sich nicht an einen Arbeitsprozess senden ({error}): "
                "schreibe ihn in eine .py-Datei"
            ),
        },
        "lab.bot.bad_limit": {
            "en": "the limit {option} must be a positive number, not {value}",
            "de": "die Grenze {option} muss eine positive Zahl sein, nicht {value}",
        },
        "lab.fact.cards": {"en": "cards", "de": "Karten"},
        "lab.fact.points": {"en": "card points", "de": "Kartenpunkte"},
        "lab.fact.tablas": {"en": "tablas", "de": "Tablas"},
        "lab.fact.sets": {"en": "sets won", "de": "gewonnene Sätze"},
        "lab.seat": {"en": "seat {seat}", "de": "Platz {seat}"},
        "lab.won": {
            "en": "seat {seat} won {rate} of {unit} (95% interval {low}–{high})",
            "de": "Platz {seat} gewann {rate} der {unit} (95%-Intervall {low}–{high})",
        },
        "lab.histogram": {
            "en": "{title}: {n} values from {low} to {high}",
            "de": "{title}: {n} Werte von {low} bis {high}",
        },
        # a chart's title over the rate (51.8%): how often, not that it held
        "lab.claim_held": {"en": "How often the claim held", "de": "Wie oft die Behauptung galt"},
        "lab.no_column": {
            "en": "There is no column “{column}”; the columns are: {columns}.",
            "de": "Es gibt keine Spalte „{column}“; die Spalten sind: {columns}.",
        },
        "lab.wins": {"en": "wins", "de": "Siege"},
        "lab.win_rate": {"en": "win rate", "de": "Siegquote"},
        "lab.interval": {"en": "95% interval", "de": "95%-Intervall"},
        "lab.draws": {"en": "draws", "de": "Unentschieden"},
        "lab.mean_score": {"en": "mean score", "de": "mittlere Punktzahl"},
        "lab.mean_length": {"en": "mean length (moves)", "de": "mittlere Länge (Züge)"},
        "lab.mean_of": {"en": "mean {column}", "de": "Mittel {column}"},
        "lab.header": {
            "en": "{game}: {games} {unit}, seed {seed}, {player0} vs {player1}",
            "de": "{game}: {games} {unit}, Startwert {seed}, {player0} gegen {player1}",
        },
        "lab.estimate": {
            "en": "{rate} (95% interval {low} to {high}; {count} of {total})",
            "de": "{rate} (95%-Intervall {low} bis {high}; {count} von {total})",
        },
        "lab.mean": {
            "en": "{mean} (95% interval {low} to {high}; n = {total})",
            "de": "{mean} (95%-Intervall {low} bis {high}; n = {total})",
        },
        "lab.check.always": {
            "en": "The claim held in {total:the one|every one of #} {unit}.",
            "de": "Die Behauptung galt in {total:dem einen|allen #} {unit}.",
        },
        "lab.check.refuted": {
            "en": "Refuted: the claim failed in {failed} of {total} {unit}.",
            "de": "Widerlegt: die Behauptung galt in {failed} von {total} {unit} nicht.",
        },
        "lab.check.held": {"en": "It held in {estimate}.", "de": "Sie galt in {estimate}."},
        "lab.check.first": {
            "en": "First counterexamples: {games}.",
            "de": "Erste Gegenbeispiele: {games}.",
        },
        "lab.counterexample": {
            "en": "counterexample: {game} {unit} {index} (seed {seed}), after move {ply}",
            "de": "Gegenbeispiel: {game}, {unit} {index} (Startwert {seed}), nach Zug {ply}",
        },
        "lab.unit.game": {"en": "game", "de": "Spiel"},
        "lab.unit.deal": {"en": "deal", "de": "Spiel"},
        "lab.unit.match": {"en": "match", "de": "Partie"},
        "lab.metric.win0": {"en": "seat 0's win rate", "de": "Siegquote von Platz 0"},
        "lab.metric.win1": {"en": "seat 1's win rate", "de": "Siegquote von Platz 1"},
        "lab.metric.draw": {"en": "share of draws", "de": "Anteil der Unentschieden"},
        "lab.metric.score_difference": {
            "en": "score difference (seat 0 minus seat 1)",
            "de": "Punktunterschied (Platz 0 minus Platz 1)",
        },
        "lab.variant": {"en": "variant", "de": "Variante"},
        "lab.difference": {"en": "difference", "de": "Unterschied"},
        "lab.baseline": {"en": "baseline", "de": "Bezug"},
        "lab.compare.header": {
            "en": "{game}: {metric} over the same {games:# seed|# seeds} (seed {seed})",
            "de": "{game}: {metric} über {games:denselben # Startwert|dieselben # Startwerte} "
            "(Startwert {seed})",
        },
        "lab.bad_unit": {
            "en": "{game} has no unit '{unit}': choose one of {units}",
            "de": "{game} kennt die Einheit '{unit}' nicht: wähle eine von {units}",
        },
        "lab.bad_games": {
            "en": "games must be a positive whole number, not {games}",
            "de": "games muss eine positive ganze Zahl sein, nicht {games}",
        },
        "lab.too_many_games": {
            "en": "games must be at most {most}, not {games}: every game keeps a row in "
            "memory, so a bigger run cannot finish; split it into runs with other seeds",
            "de": "games darf höchstens {most} sein, nicht {games}: jedes Spiel behält eine "
            "Zeile im Speicher, ein größerer Lauf kann also nicht fertig werden; teile ihn in "
            "Läufe mit anderen Startwerten auf",
        },
        "lab.bad_count": {
            "en": "{name} must be a whole number from {least} to {most}, not {value}",
            "de": "{name} muss eine ganze Zahl von {least} bis {most} sein, nicht {value}",
        },
        "lab.player_seed": {
            "en": "the players of a run take their seeds from each game's seed: leave 'seed' "
            "out of {player}",
            "de": "die Spieler eines Laufs bekommen ihre Startwerte aus dem jedes Spiels: lass "
            "'seed' in {player} weg",
        },
        "lab.bad_flag": {
            "en": "{name} must be True, False or None, not {value}",
            "de": "{name} muss True, False oder None sein, nicht {value}",
        },
        "lab.task_failed": {
            "en": "a task of the run failed ({error}); {kept}",
            "de": "eine Aufgabe des Laufs schlug fehl ({error}); {kept}",
        },
        "lab.bad_timeout": {
            "en": "timeout must be a positive number of seconds or None, not {value}",
            "de": "timeout muss eine positive Zahl von Sekunden oder None sein, nicht {value}",
        },
        "lab.bad_claim": {
            "en": "a claim must be a function of a state that returns true or false, not {claim}",
            "de": "eine Behauptung muss eine Funktion eines Zustands sein, die wahr oder falsch "
            "liefert, nicht {claim}",
        },
        "lab.claim_raised": {
            "en": "the claim raised {error} in {unit} {index} (seed {seed}) after move {ply}; "
            "{kept}",
            "de": "die Behauptung löste in {unit} {index} (Startwert {seed}) nach Zug {ply} "
            "{error} aus; {kept}",
        },
        "lab.not_true_or_false": {
            "en": "a claim must return True or False (a bool or a numpy bool), but {claim} "
            "returned {answer}",
            "de": "eine Behauptung muss True oder False liefern (ein bool oder ein bool von "
            "numpy), aber {claim} lieferte {answer}",
        },
        "lab.claim_not_bool": {
            "en": "the claim {claim} returned {answer}, not True or False, in {unit} {index} "
            "(seed {seed}) after move {ply}; {kept}",
            "de": "die Behauptung {claim} lieferte in {unit} {index} (Startwert {seed}) nach "
            "Zug {ply} {answer} statt True oder False; {kept}",
        },
        "lab.game_raised": {
            "en": "{unit} {index} (seed {seed}) stopped with {error} after move {ply}; {kept}",
            "de": "{unit} {index} (Startwert {seed}) brach nach Zug {ply} mit {error} ab; {kept}",
        },
        "lab.worker_died": {
            "en": "a worker process stopped before its games were done ({error}); {kept}",
            "de": "ein Arbeitsprozess brach ab, bevor seine Spiele fertig waren ({error}); {kept}",
        },
        "lab.timed_out": {
            "en": "the run did not finish within the timeout of "
            "{seconds:# second|# seconds}; {kept}",
            "de": "der Lauf wurde nicht innerhalb der Frist von {seconds:# Sekunde|# Sekunden} "
            "fertig; {kept}",
        },
        "lab.interrupted": {
            "en": "the run was interrupted; {kept}",
            "de": "der Lauf wurde unterbrochen; {kept}",
        },
        "lab.kept": {
            "en": "{done} {units} finished and {done:is|are} kept in .results",
            "de": "fertig und in .results erhalten: {done} {units}",
        },
        "lab.no_replay": {
            "en": "these results cannot be replayed: they were not made by simulate or check",
            "de": "diese Ergebnisse lassen sich nicht nachspielen: sie stammen nicht von "
            "simulate oder check",
        },
        "lab.bad_players": {
            "en": "players must be two players (one per seat) or one for both, not {players}",
            "de": "players müssen zwei Spieler (einer je Platz) oder einer für beide sein, "
            "nicht {players}",
        },
        "lab.unknown_player": {
            "en": "unknown player '{name}': choose one of {names}",
            "de": "unbekannter Spieler '{name}': wähle einen von {names}",
        },
        "lab.no_variants": {
            "en": "compare needs variants: a dict of labels to players, rules or settings",
            "de": "compare braucht Varianten: ein dict von Namen zu Spielern, Regeln oder "
            "Einstellungen",
        },
        "lab.bad_metric": {
            "en": "unknown metric '{metric}': use a row column ({columns}), 'win0', 'win1', "
            "'draw' or a function of a row",
            "de": "unbekannte Messgröße '{metric}': nimm eine Spalte ({columns}), 'win0', "
            "'win1', 'draw' oder eine Funktion einer Zeile",
        },
        "lab.no_widget": {
            "en": "there is no widget for {game} yet: use .state() or .record instead",
            "de": "für {game} gibt es noch kein Widget: nimm stattdessen .state() oder .record",
        },
        "lab.progress": {"en": "{done} of {total} {unit}", "de": "{done} von {total} {unit}"},
        "lab.not_portable": {
            "en": "{function} cannot be sent to worker processes: define it at module level "
            "or install cloudpickle",
            "de": "{function} lässt sich nicht an Arbeitsprozesse schicken: definiere sie auf "
            "Modulebene oder installiere cloudpickle",
        },
    }
)
