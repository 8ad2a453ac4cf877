"""The ``cardwidgets`` command (also ``python -m cardwidgets``): the lab from a shell.

::

    cardwidgets simulate tablic --games 10000 --players greedy random --workers 2 --seed 1
    cardwidgets simulate pazaak --players greedy:stand_at=17 greedy:stand_at=15 --json rows.json
    cardwidgets simulate tablic --unit deal --rule leftovers_to=dealer --json -

``simulate`` prints the summary table of :meth:`cardwidgets.lab.Results.table`; ``--json PATH``
also writes the rows as a JSON list (``--json -`` writes them to standard output instead of the
table). A progress bar goes to standard error when it is a terminal.

>>> main(["simulate", "panjpar", "--games", "4", "--seed", "1", "--json", "-"])
[{"game": 0, "seed": ..., "winner": ...
0
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any

from cardwidgets import __version__, i18n, lab
from cardwidgets.games import GAMES

__all__ = ["main", "parser"]

i18n.register(
    {
        "cli.description": {
            "en": "Jupyter teaching widgets and exact rules engines for Tablić, Panjpar and "
            "Pazaak.",
            "de": "Jupyter-Lernwidgets und exakte Regel-Engines für Tablić, Panjpar und Pazaak.",
        },
        "cli.simulate": {
            "en": "play many seeded games and print a summary table",
            "de": "viele Spiele mit Startwert spielen und eine Übersicht ausgeben",
        },
        "cli.game": {"en": "the game", "de": "das Spiel"},
        "cli.games": {"en": "how many games (default 1000)", "de": "wie viele Spiele (1000)"},
        "cli.players": {
            "en": "one player per seat, or one for both: random, greedy, expert; options as "
            "greedy:stand_at=17",
            "de": "ein Spieler je Platz oder einer für beide: random, greedy, expert; Optionen "
            "wie greedy:stand_at=17",
        },
        "cli.seed": {"en": "the run's seed (default 0)", "de": "Startwert des Laufs (0)"},
        "cli.workers": {
            "en": "worker processes (default 1: in this process)",
            "de": "Arbeitsprozesse (1: in diesem Prozess)",
        },
        "cli.unit": {
            "en": "what one row is (Tablić: match or deal)",
            "de": "was eine Zeile ist (Tablić: match oder deal)",
        },
        "cli.rule": {
            "en": "a rule variant as name=value (repeatable)",
            "de": "eine Regelvariante als name=wert (mehrfach möglich)",
        },
        "cli.json": {
            "en": "write the rows as JSON to PATH ('-': standard output, instead of the table)",
            "de": "die Zeilen als JSON nach PATH schreiben ('-': Standardausgabe statt Tabelle)",
        },
        "cli.progress": {
            "en": "show a progress bar (default: when standard error is a terminal)",
            "de": "Fortschrittsbalken zeigen (Standard: wenn stderr ein Terminal ist)",
        },
        "cli.locale": {"en": "language of the table: en or de", "de": "Sprache: en oder de"},
        "cli.bad_rule": {
            "en": "a rule is written name=value, not {text}",
            "de": "eine Regel schreibt man name=wert, nicht {text}",
        },
        "cli.wrote": {
            "en": "wrote {rows} rows to {path}",
            "de": "{rows} Zeilen nach {path} geschrieben",
        },
        "cli.cannot_write": {
            "en": "cannot write {path}: {reason}",
            "de": "{path} lässt sich nicht schreiben: {reason}",
        },
    }
)


def parser(locale: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``cardwidgets`` command."""

    def t(key: str) -> str:
        return i18n.text(key, locale)

    top = argparse.ArgumentParser(prog="cardwidgets", description=t("cli.description"))
    top.add_argument("--version", action="version", version=f"cardwidgets {__version__}")
    commands = top.add_subparsers(dest="command", required=True)
    sim = commands.add_parser("simulate", help=t("cli.simulate"), description=t("cli.simulate"))
    sim.add_argument("game", choices=GAMES, help=t("cli.game"))
    sim.add_argument("--games", type=int, default=1000, help=t("cli.games"))
    sim.add_argument("--players", nargs="+", default=["random"], help=t("cli.players"))
    sim.add_argument("--seed", default="0", help=t("cli.seed"))
    sim.add_argument("--workers", type=int, default=1, help=t("cli.workers"))
    sim.add_argument("--unit", default=None, help=t("cli.unit"))
    sim.add_argument(
        "--rule", action="append", default=[], metavar="NAME=VALUE", help=t("cli.rule")
    )
    sim.add_argument("--json", nargs="?", const="-", metavar="PATH", help=t("cli.json"))
    sim.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None, help=t("cli.progress")
    )
    sim.add_argument("--locale", default=None, choices=i18n.LOCALES, help=t("cli.locale"))
    return top


def _seed(text: str) -> int | str:
    try:
        return int(text)
    except ValueError:
        return text


def _rules(items: Sequence[str]) -> dict[str, Any] | None:
    if not items:
        return None
    rules: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise ValueError(i18n.text("cli.bad_rule", text=repr(item)))
        rules[name.strip()] = lab._option_value(value.strip())
    return rules


def _simulate(args: argparse.Namespace) -> int:
    players = args.players[0] if len(args.players) == 1 else tuple(args.players)
    out = None
    if args.json and args.json != "-":
        # Open the file first, so a bad path fails before a long run, not after it.
        try:
            out = open(args.json, "w", encoding="utf-8")
        except OSError as err:
            reason = err.strerror or str(err)
            print(i18n.text("cli.cannot_write", path=args.json, reason=reason), file=sys.stderr)
            return 2
    try:
        results = lab.simulate(
            args.game,
            players=players,
            games=args.games,
            rules=_rules(args.rule),
            seed=_seed(args.seed),
            unit=args.unit,
            workers=args.workers,
            progress=args.progress,
        )
    except BaseException:
        if out is not None:
            out.close()
        raise
    if args.json == "-":
        json.dump(results.rows, sys.stdout, ensure_ascii=False)
        sys.stdout.write("\n")
        return 0
    print(results.table(args.locale))
    if out is not None:
        with out:
            json.dump(results.rows, out, ensure_ascii=False)
        print(i18n.text("cli.wrote", args.locale, rows=len(results.rows), path=args.json))
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process arguments); returns the exit status."""
    args = parser().parse_args(argv)
    with i18n.using(getattr(args, "locale", None) or i18n.get_locale()):
        try:
            if args.command == "simulate":
                return _simulate(args)
        except (ValueError, TypeError) as err:
            print(f"cardwidgets: {err}", file=sys.stderr)
            return 2
    return 1  # pragma: no cover - argparse requires a command


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
