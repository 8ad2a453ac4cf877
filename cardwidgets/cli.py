"""The ``cardwidgets`` command (also ``python -m cardwidgets``): the lab from a shell.

::

    cardwidgets simulate tablic --games 10000 --players greedy random --workers 2 --seed 1
    cardwidgets simulate pazaak --players greedy:stand_at=17 greedy:stand_at=15 --json rows.json
    cardwidgets simulate tablic --unit deal --rule leftovers_to=dealer --json -

    cardwidgets tournament pazaak mybot.py greedy random --games 20 --json cup.json

``simulate`` prints the summary table of :meth:`cardwidgets.lab.Results.table`; ``--json PATH``
also writes the rows as a JSON list (``--json -`` writes them to standard output instead of the
table). A progress bar goes to standard error when it is a terminal.

``tournament`` plays a duplicate-deal tournament of player names and bot files (a ``.py`` with a
``choose(view)`` function or class, each run sealed in a worker process of its own with
``--time-limit`` seconds a move and ``--memory-mb`` of memory: a bot that fails loses that game
with the reason) and prints the leaderboard and crosstable; ``--json PATH``
writes the whole tournament (settings, ratings, every game with its record), ``--results
PATH`` keeps each game as it finishes and resumes from it.

>>> main(["simulate", "panjpar", "--games", "4", "--seed", "1", "--json", "-"])
[{"game": 0, "seed": ..., "winner": ...
0

Every sentence of the command is in English, German and Croatian, ``--help`` and argparse's
own usage errors too: ``--locale de`` (or ``hr``) anywhere on the line switches them all.
Python's argparse speaks English unless a gettext catalog is installed for it, and most Python
tools leave it so; this command instead gives argparse the catalog's words while it parses (see
:func:`_argparse_in`), because the project promises every sentence in every language.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import contextlib
import errno
import functools
import json
import math
import os
import pathlib
import stat
import sys
import tempfile
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardwidgets import __version__, i18n, lab
from cardwidgets.games import GAMES
from cardwidgets.lab.bot_files import is_bot_file
from cardwidgets.lab.players import Option, option_value

__all__ = ["CommandError", "main", "parser"]


class CommandError(i18n.TranslatedError):
    """A command line that cannot run (a ``ValueError``); printed in the chosen language."""


@functools.cache
def _argparse_keys() -> dict[str, str]:
    """argparse's own msgids (a plural entry by its singular) -> their keys in the catalog,
    where they are translated like every other sentence (keys ``argparse.…``)."""
    return {i18n.forms(k, "en")[0]: k for k in i18n.keys() if k.startswith("argparse.")}


@contextlib.contextmanager
def _argparse_in(locale: str) -> Iterator[None]:
    """argparse's words in ``locale`` while the block runs.

    argparse looks its sentences up through module-level ``_`` and ``ngettext`` (gettext) each
    time it uses one; giving it the catalog's lookup (its ``argparse.…`` entries, plurals by
    the locale's rule) for the duration of one command is what a gettext catalog installed for
    argparse would do.
    """
    if locale == "en":
        yield
        return
    english: Callable[[str], str] = argparse._  # type: ignore[attr-defined]
    english_plural: Callable[[str, str, int], str] = argparse.ngettext  # type: ignore[attr-defined]
    keys = _argparse_keys()

    def gettext(message: str) -> str:
        key = keys.get(message)
        if key is None or not i18n.translated(key, locale):
            return english(message)  # a sentence of a newer Python than the catalog knows
        return i18n.forms(key, locale)[0]

    def ngettext(singular: str, plural: str, count: int) -> str:
        key = keys.get(singular)
        if key is None or not i18n.translated(key, locale):
            return english_plural(singular, plural, count)
        return i18n.plural(count, *i18n.forms(key, locale), locale=locale)

    argparse._ = gettext  # type: ignore[attr-defined]
    argparse.ngettext = ngettext  # type: ignore[attr-defined]
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


def _seconds(most: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds above 0 and at most ``most``, refused in words."""

    def read(text: str) -> float:
        try:
            value = float(text) if len(text) <= 30 else math.nan
        except ValueError:
            value = math.nan
        if not 0 < value <= most:  # also refuses nan
            shown = i18n.shown(text)
            raise argparse.ArgumentTypeError(
                i18n.text("contest.cli.bad_seconds", most=i18n.Number(int(most)), value=shown)
            )
        return value

    read.__name__ = "seconds"
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
    _tournament_parser(commands, t)
    return top


def _tournament_parser(commands: Any, t: Callable[[str], str]) -> None:
    """The ``tournament`` command's arguments."""
    with _argparse_in(i18n.get_locale()):
        cup = commands.add_parser(
            "tournament",
            help=t("contest.cli.tournament"),
            description=t("contest.cli.tournament"),
            add_help=False,
        )
    cup.add_argument("-h", "--help", action="help", help=t("cli.help"))
    cup.add_argument("game", choices=GAMES, help=t("cli.game"))
    cup.add_argument("bots", nargs="+", metavar="BOT", help=t("contest.cli.bots"))
    cup.add_argument(
        "--games",
        type=_count(2, lab.MAX_GAMES),
        default=20,
        metavar=t("cli.meta.games"),
        help=t("contest.cli.games"),
    )
    cup.add_argument("--seed", default="0", metavar=t("cli.meta.seed"), help=t("cli.seed"))
    cup.add_argument(
        "--format",
        default="round robin",
        choices=("round robin", "gauntlet"),
        help=t("contest.cli.format"),
    )
    cup.add_argument(
        "--workers",
        type=_count(1, lab.MAX_WORKERS),
        default=1,
        metavar=t("cli.meta.workers"),
        help=t("cli.workers"),
    )
    cup.add_argument(
        "--rule", action="append", default=[], metavar=t("cli.meta.rule"), help=t("cli.rule")
    )
    cup.add_argument(
        "--time-limit",
        type=_seconds(3600.0),
        default=1.0,
        metavar="S",
        help=t("contest.cli.time_limit"),
    )
    cup.add_argument(
        "--memory-mb",
        type=_count(64, 1_000_000),
        default=512,
        metavar="MB",
        help=t("contest.cli.memory"),
    )
    cup.add_argument("--results", metavar=t("cli.meta.path"), help=t("contest.cli.results"))
    cup.add_argument("--json", metavar=t("cli.meta.path"), help=t("contest.cli.json"))
    cup.add_argument(
        "--progress", action=argparse.BooleanOptionalAction, default=None, help=t("cli.progress")
    )
    cup.add_argument("--locale", default=None, choices=i18n.LOCALES, help=t("cli.locale"))


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


class _RowsFile:
    """The ``--json PATH`` file, written whole or not at all.

    The rows go to a temporary file in PATH's folder, which replaces PATH only once they are
    all written (:func:`os.replace` is atomic there). A run that is refused or fails, or a
    write that fails (a full disk), leaves an earlier file at PATH as it was.
    """

    def __init__(self, path: str) -> None:
        self.path = path
        if os.path.isdir(path):  # os.replace would fail only after the run
            raise IsADirectoryError(errno.EISDIR, os.strerror(errno.EISDIR), path)
        self.temp: str | None = None
        self.target = path
        if os.path.exists(path) and not os.path.isfile(path):
            # A device or a pipe (/dev/stdout, a FIFO) is written in place: it cannot be
            # replaced, and there is no earlier file to keep.
            self.out = open(path, "w", encoding="utf-8")
            return
        self.target = os.path.realpath(path)  # through a link, as writing to it would go
        folder, name = os.path.split(self.target)
        # Made before the run, so a bad path fails at once, not after a long run.
        handle, self.temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".part", dir=folder)
        self.out = os.fdopen(handle, "w", encoding="utf-8")

    def write(self, rows: object) -> None:
        """Write ``rows`` as JSON and put the file in PATH's place; on failure, remove it."""
        try:
            with self.out:
                json.dump(rows, self.out, ensure_ascii=False)
                self.out.flush()
                if self.temp is not None:
                    os.fsync(self.out.fileno())  # a full disk shows here, before the replace
            if self.temp is not None:
                os.chmod(self.temp, _new_file_mode(self.target))
                os.replace(self.temp, self.target)
        except BaseException:
            self.discard()
            raise

    def discard(self) -> None:
        """Close and remove the temporary file; PATH is not touched."""
        self.out.close()
        if self.temp is not None:
            with contextlib.suppress(FileNotFoundError):
                os.remove(self.temp)


def _new_file_mode(path: str) -> int:
    """The permissions PATH keeps (or a new file gets): a temporary file is made private."""
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _reason(err: OSError) -> i18n.TranslatedError:
    """Why a write failed, in the reader's language: the system's own text is English."""
    code = errno.errorcode.get(err.errno or 0, "")
    code = {"EPERM": "EACCES"}.get(code, code)
    if i18n.has(f"cli.os.{code}"):
        return i18n.TranslatedError(f"cli.os.{code}")
    return i18n.TranslatedError("cli.os.other", code=code or err.errno)


def _cannot_write(path: str | i18n.TranslatedError, err: OSError) -> int:
    print(
        f"cardwidgets: {i18n.text('cli.cannot_write', path=path, reason=_reason(err))}",
        file=sys.stderr,
    )
    return 2


def _simulate(args: argparse.Namespace) -> int:
    players = args.players[0] if len(args.players) == 1 else tuple(args.players)
    out = None
    if args.json and args.json != "-":
        try:
            out = _RowsFile(args.json)
        except OSError as err:
            return _cannot_write(args.json, err)
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
            print(f"cardwidgets: {err}", file=sys.stderr)
            status = _write(out, err.rows)
            if status == 0:
                print(i18n.text("cli.kept", rows=len(err.rows), path=args.json), file=sys.stderr)
            return 2
        if args.json == "-":
            _print_rows(err.rows)
        raise
    except BaseException:
        if out is not None:
            out.discard()
        raise
    if args.json == "-":
        _print_rows(results.rows)
        return 0
    if out is not None and (status := _write(out, results.rows)):
        return status
    lines = [results.table(args.locale)]
    if out is not None:
        lines.append(i18n.text("cli.wrote", args.locale, rows=len(results.rows), path=args.json))
    _print("\n".join(lines) + "\n")
    return 0


def _bots(words: Sequence[str]) -> dict[str, object]:
    """The bots of the command line by name: a ``.py`` file (named after it, and run sealed by
    the tournament: its code never runs in this process), else a player name."""
    found: dict[str, object] = {}
    for word in words:
        name = pathlib.Path(word).stem if is_bot_file(word) else word
        if name in found:
            raise lab.LabError("contest.same_name", name=i18n.shown(name))
        found[name] = word
    return found


def _tournament(args: argparse.Namespace) -> int:
    out = None
    if args.json:
        try:
            out = _RowsFile(args.json)
        except OSError as err:
            return _cannot_write(args.json, err)
    pool = None
    try:
        bots = _bots(args.bots)
        if args.workers > 1 and not lab.NO_PROCESSES:
            pool = concurrent.futures.ProcessPoolExecutor(max_workers=args.workers)
        cup = lab.tournament(
            args.game,
            bots,
            games=args.games,
            seed=_seed(args.seed),
            rules=_rules(args.rule),
            format=args.format,
            executor=pool,
            results=args.results,
            progress=args.progress,
            time_limit=args.time_limit,
            memory_mb=args.memory_mb,
        )
    except BaseException:
        if out is not None:
            out.discard()
        raise
    finally:
        if pool is not None:
            pool.shutdown(cancel_futures=True)
    if out is not None and (status := _write(out, cup.to_json())):
        return status
    lines = [cup.leaderboard(args.locale).text]
    if out is not None:
        lines.append(i18n.text("contest.wrote", args.locale, games=len(cup.rows), path=args.json))
    _print("\n".join(lines) + "\n")
    return 0


def _write(out: _RowsFile, rows: object) -> int:
    """Write the rows file: 0, or 2 with the reason on standard error."""
    try:
        out.write(rows)
    except OSError as err:
        status = _cannot_write(out.path, err)
        if out.temp is not None and os.path.exists(out.target):
            print(i18n.text("cli.kept_old", path=out.path), file=sys.stderr)
        return status
    return 0


class _OutputFailed(Exception):
    """Standard output could not be written (``error`` says why); a closed pipe stays a
    ``BrokenPipeError``."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error)
        self.error = error


def _print(text: str) -> None:
    """Write ``text`` to standard output and flush it, so a closed pipe or a full disk shows
    here, inside :func:`main`, not at the interpreter's exit."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as err:
        raise _OutputFailed(err) from err


def _print_rows(rows: object) -> None:
    _print(json.dumps(rows, ensure_ascii=False) + "\n")


def _pipe_closed() -> int:
    """The reader of standard output went away (``cardwidgets ... | head``): stop quietly, as
    Unix tools do, with the status a shell reports for them (128 + SIGPIPE).

    Python would print a traceback, then fail again flushing standard output at exit;
    pointing standard output at the null device (Python's documented recipe) prevents that.
    """
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return 141


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
            if args.command == "tournament":
                return _tournament(args)
        except BrokenPipeError:
            return _pipe_closed()
        except _OutputFailed as failed:  # standard output on a full disk
            return _cannot_write(i18n.TranslatedError("cli.stdout"), failed.error)
        except (ValueError, TypeError) as err:
            print(f"cardwidgets: {err}", file=sys.stderr)
            return 2
    return 1  # pragma: no cover - argparse requires a command


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
