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

Every sentence of the command is in English and German, ``--help`` and argparse's own usage
errors too: ``--locale de`` anywhere on the line switches them all. Python's argparse speaks
English unless a gettext catalog is installed for it, and most Python tools leave it so; this
command instead gives argparse its German words while it parses (see :func:`_argparse_in`),
because the project promises every sentence in both languages.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import sys
from collections.abc import Callable, Iterator, Sequence

from cardwidgets import __version__, i18n, lab
from cardwidgets.games import GAMES
from cardwidgets.lab.players import Option, option_value

__all__ = ["CommandError", "main", "parser"]

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
            "de": "die Zeilen als JSON nach PFAD schreiben ('-': Standardausgabe statt Tabelle)",
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
            "en": "wrote {rows:# row|# rows} to {path}",
            "de": "{rows:# Zeile|# Zeilen} nach {path} geschrieben",
        },
        "cli.cannot_write": {
            "en": "cannot write {path}: {reason}",
            "de": "{path} lässt sich nicht schreiben: {reason}",
        },
        "cli.kept": {
            "en": "wrote the {rows:# row|# rows} that finished to {path}",
            "de": "die {rows:# fertige Zeile|# fertigen Zeilen} nach {path} geschrieben",
        },
        "cli.bad_count": {
            "en": "a whole number from {least} to {most} is needed, not {value}",
            "de": "nötig ist eine ganze Zahl von {least} bis {most}, nicht {value}",
        },
        "cli.help": {"en": "show this help and exit", "de": "diese Hilfe zeigen und beenden"},
        "cli.version": {
            "en": "show the version and exit",
            "de": "die Versionsnummer zeigen und beenden",
        },
        "cli.command": {"en": "the command", "de": "der Befehl"},
        "cli.meta.games": {"en": "GAMES", "de": "ANZAHL"},
        "cli.meta.players": {"en": "PLAYER", "de": "SPIELER"},
        "cli.meta.seed": {"en": "SEED", "de": "STARTWERT"},
        "cli.meta.workers": {"en": "WORKERS", "de": "PROZESSE"},
        "cli.meta.unit": {"en": "UNIT", "de": "EINHEIT"},
        "cli.meta.rule": {"en": "NAME=VALUE", "de": "NAME=WERT"},
        "cli.meta.path": {"en": "PATH", "de": "PFAD"},
    }
)


class CommandError(i18n.TranslatedError):
    """A command line that cannot run (a ``ValueError``); printed in the chosen language."""


# argparse's own sentences in German (its msgids, as its gettext calls name them). Python ships
# no German catalog for argparse; a message missing here stays in English. tests/test_cli.py
# reads the running Python's argparse and fails on any msgid missing here or in the plurals
# below. Some are only made by a wrong program (not by a user's command line) or only by newer
# Pythons (3.13: headings, defaults, warnings, deprecations; 3.14: suggestions); they are
# translated all the same.
_ARGPARSE_DE = {
    "usage: ": "Aufruf: ",
    "positional arguments": "Argumente",
    "options": "Optionen",
    "optional arguments": "Optionen",
    "show this help message and exit": "diese Hilfe zeigen und beenden",
    "show program's version number and exit": "die Versionsnummer zeigen und beenden",
    "%(prog)s: error: %(message)s\n": "%(prog)s: Fehler: %(message)s\n",
    "argument %(argument_name)s: %(message)s": "Argument %(argument_name)s: %(message)s",
    "invalid choice: %(value)r (choose from %(choices)s)": (
        "ungültige Wahl: %(value)r (möglich sind %(choices)s)"
    ),
    "the following arguments are required: %s": "diese Argumente fehlen: %s",
    "unrecognized arguments: %s": "unbekannte Argumente: %s",
    "expected one argument": "ein Wert fehlt",
    "expected at least one argument": "mindestens ein Wert fehlt",
    "expected at most one argument": "höchstens ein Wert ist erlaubt",
    "invalid %(type)s value: %(value)r": "ungültiger Wert für %(type)s: %(value)r",
    "ambiguous option: %(option)s could match %(matches)s": (
        "mehrdeutige Option: %(option)s passt zu %(matches)s"
    ),
    "ignored explicit argument %r": "Wert %r ist hier nicht erlaubt",
    "not allowed with argument %s": "nicht erlaubt zusammen mit %s",
    "one of the arguments %s is required": "eines der Argumente %s ist nötig",
    "unknown parser %(parser_name)r (choices: %(choices)s)": (
        "unbekannter Befehl %(parser_name)r (möglich sind %(choices)s)"
    ),
    "unexpected option string: %s": "unerwartete Option: %s",
    "subcommands": "Unterbefehle",
    "can't open '%(filename)s': %(error)s": "'%(filename)s' lässt sich nicht öffnen: %(error)s",
    'argument "-" with mode %r': 'Argument "-" im Modus %r',
    "%r is not callable": "%r ist nicht aufrufbar",
    ".__call__() not defined": ".__call__() ist nicht definiert",
    "'required' is an invalid argument for positionals": (
        "'required' ist bei Positionsargumenten nicht erlaubt"
    ),
    "mutually exclusive arguments must be optional": (
        "sich gegenseitig ausschließende Argumente müssen optional sein"
    ),
    "cannot merge actions - two groups are named %r": (
        "Aktionen lassen sich nicht zusammenführen: zwei Gruppen heißen %r"
    ),
    "invalid option string %(option)r: must start with a character %(prefix_chars)r": (
        "ungültige Option %(option)r: sie muss mit einem der Zeichen %(prefix_chars)r beginnen"
    ),
    "dest= is required for options like %r": "Optionen wie %r brauchen dest=",
    "invalid conflict_resolution value: %r": "ungültiger Wert für conflict_resolution: %r",
    "cannot have multiple subparser arguments": "nur ein Argument darf Unterbefehle haben",
    "conflicting subparser: %s": "Unterbefehl doppelt vergeben: %s",
    "conflicting subparser alias: %s": "Alias eines Unterbefehls doppelt vergeben: %s",
    # Python 3.13 and later
    "%(heading)s:": "%(heading)s:",
    " (default: %(default)s)": " (Standard: %(default)s)",
    "%(prog)s: warning: %(message)s\n": "%(prog)s: Warnung: %(message)s\n",
    "option '%(option)s' is deprecated": "die Option '%(option)s' ist veraltet",
    "argument '%(argument_name)s' is deprecated": ("das Argument '%(argument_name)s' ist veraltet"),
    "command '%(parser_name)s' is deprecated": "der Befehl '%(parser_name)s' ist veraltet",
    # Python 3.14 (suggest_on_error)
    "invalid choice: %(value)r, maybe you meant %(closest)r? (choose from %(choices)s)": (
        "ungültige Wahl: %(value)r, meintest du %(closest)r? (möglich sind %(choices)s)"
    ),
}

# argparse's sentences with a count (its ngettext calls): (singular, plural) msgid -> German
# (singular, plural), chosen by the catalog's plural rule, i18n.plural.
_ARGPARSE_DE_PLURALS = {
    ("expected %s argument", "expected %s arguments"): ("%s Wert erwartet", "%s Werte erwartet"),
    ("conflicting option string: %s", "conflicting option strings: %s"): (
        "Option doppelt vergeben: %s",
        "Optionen doppelt vergeben: %s",
    ),
}


def _german_ngettext(english: Callable[[str, str, int], str]) -> Callable[[str, str, int], str]:
    """argparse's ``ngettext`` in German: the German forms of a known msgid pair, picked by
    :func:`i18n.plural`; an unknown pair stays English."""

    def ngettext(singular: str, plural: str, count: int) -> str:
        german = _ARGPARSE_DE_PLURALS.get((singular, plural))
        if german is None:
            return english(singular, plural, count)
        return i18n.plural(count, *german, "de")

    return ngettext


@contextlib.contextmanager
def _argparse_in(locale: str) -> Iterator[None]:
    """argparse's words in ``locale`` while the block runs.

    argparse looks its sentences up through module-level ``_`` and ``ngettext`` (gettext) each
    time it uses one; giving it a German lookup for the duration of one command is what a
    gettext catalog would do, without shipping compiled catalog files.
    """
    if locale != "de":
        yield
        return
    english: Callable[[str], str] = argparse._  # type: ignore[attr-defined]
    english_plural: Callable[[str, str, int], str] = argparse.ngettext  # type: ignore[attr-defined]
    argparse._ = lambda message: _ARGPARSE_DE.get(message, english(message))  # type: ignore[attr-defined]
    argparse.ngettext = _german_ngettext(english_plural)  # type: ignore[attr-defined]
    try:
        yield
    finally:
        argparse._ = english  # type: ignore[attr-defined]
        argparse.ngettext = english_plural  # type: ignore[attr-defined]


def _count(least: int, most: int) -> Callable[[str], int]:
    """An argparse type: a whole number from ``least`` to ``most``, refused in words."""

    def read(text: str) -> int:
        try:
            value = int(text) if len(text) <= 30 else None
        except ValueError:
            value = None
        if value is None or not least <= value <= most:
            shown = i18n.shown(text)
            raise argparse.ArgumentTypeError(
                i18n.text("cli.bad_count", least=least, most=i18n.Number(most), value=shown)
            )
        return value

    read.__name__ = "count"
    return read


def parser(locale: str | None = None) -> argparse.ArgumentParser:
    """The argument parser of the ``cardwidgets`` command, its help in ``locale``.

    argparse's own words (``usage:``, ``options``, its errors) follow ``locale`` only while
    :func:`main` parses; :func:`main` also picks the locale from ``--locale`` on the line.
    """
    locale = i18n.check_locale(locale or i18n.get_locale())

    def t(key: str) -> str:
        return i18n.text(key, locale)

    with _argparse_in(locale):  # the group titles and -h are made with the parser
        top = argparse.ArgumentParser(
            prog="cardwidgets", description=t("cli.description"), add_help=False
        )
        top.add_argument("-h", "--help", action="help", help=t("cli.help"))
        top.add_argument(
            "--version",
            action="version",
            version=f"cardwidgets {__version__}",
            help=t("cli.version"),
        )
        top.add_argument("--locale", dest="top_locale", choices=i18n.LOCALES, help=t("cli.locale"))
        commands = top.add_subparsers(dest="command", required=True, help=t("cli.command"))
        sim = commands.add_parser(
            "simulate", help=t("cli.simulate"), description=t("cli.simulate"), add_help=False
        )
    sim.add_argument("-h", "--help", action="help", help=t("cli.help"))
    sim.add_argument("game", choices=GAMES, help=t("cli.game"))
    sim.add_argument(
        "--games",
        type=_count(1, lab.MAX_GAMES),
        default=1000,
        metavar=t("cli.meta.games"),
        help=t("cli.games"),
    )
    sim.add_argument(
        "--players",
        nargs="+",
        default=["random"],
        metavar=t("cli.meta.players"),
        help=t("cli.players"),
    )
    sim.add_argument("--seed", default="0", metavar=t("cli.meta.seed"), help=t("cli.seed"))
    sim.add_argument(
        "--workers",
        type=_count(1, lab.MAX_WORKERS),
        default=1,
        metavar=t("cli.meta.workers"),
        help=t("cli.workers"),
    )
    sim.add_argument("--unit", default=None, metavar=t("cli.meta.unit"), help=t("cli.unit"))
    sim.add_argument(
        "--rule", action="append", default=[], metavar=t("cli.meta.rule"), help=t("cli.rule")
    )
    sim.add_argument("--json", nargs="?", const="-", metavar=t("cli.meta.path"), help=t("cli.json"))
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


def _rules(items: Sequence[str]) -> dict[str, Option] | None:
    if not items:
        return None
    rules: dict[str, Option] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            raise CommandError("cli.bad_rule", text=i18n.shown(item))
        rules[name.strip()] = option_value(value.strip())
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
    except lab.RunError as err:
        # A run that stopped keeps what finished: those rows still go where --json said.
        if out is not None:
            with out:
                json.dump(err.rows, out, ensure_ascii=False)
            print(f"cardwidgets: {err}", file=sys.stderr)
            print(i18n.text("cli.kept", rows=len(err.rows), path=args.json), file=sys.stderr)
            return 2
        if args.json == "-":
            json.dump(err.rows, sys.stdout, ensure_ascii=False)
            sys.stdout.write("\n")
        raise
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


def _chosen_locale(argv: Sequence[str]) -> str:
    """The ``--locale`` given anywhere on the line (the last one), else the current locale,
    so that even ``--help`` and argparse's errors use it."""
    found = i18n.get_locale()
    for i, word in enumerate(argv):
        value = None
        if word == "--locale" and i + 1 < len(argv):
            value = argv[i + 1]
        elif word.startswith("--locale="):
            value = word.partition("=")[2]
        if value in i18n.LOCALES:
            found = value
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command with ``argv`` (default: the process arguments); returns the exit status.

    Usage errors exit with status 2 (argparse's ``SystemExit``), as do refused settings.
    """
    words = list(sys.argv[1:] if argv is None else argv)
    locale = _chosen_locale(words)
    with i18n.using(locale), _argparse_in(locale):
        args = parser(locale).parse_args(words)
    with i18n.using(locale):
        try:
            if args.command == "simulate":
                return _simulate(args)
        except (ValueError, TypeError) as err:
            print(f"cardwidgets: {err}", file=sys.stderr)
            return 2
    return 1  # pragma: no cover - argparse requires a command


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
