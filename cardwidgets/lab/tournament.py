"""A tournament of bots: duplicate deals, game by game, kept in a file, on any executor.

:func:`tournament` plays a round robin (every pair of bots) or a gauntlet (the first bot against
each other) on **duplicate deals** (see :mod:`~cardwidgets.lab.contest`: every deal twice, seats
swapped, the same deals for every pair). It returns a :class:`Tournament`: every game's row
(with its record, so each opens as a kernel-free replay), the ratings
(:mod:`~cardwidgets.lab.ratings`) and a leaderboard (:mod:`~cardwidgets.lab.leaderboard`).

* **Kept game by game.** With ``results="games.jsonl"`` each game is written to that JSON-lines
  file as it finishes (a first line says which tournament it is). A run that stopped (Ctrl-C, a
  dead worker, a closed laptop) keeps every finished game; calling :func:`tournament` again
  with the same file plays only the games still missing, and the standings are those of an
  uninterrupted run: every game depends only on its own deal, seats and bots.
* **Sealed bots.** Every bot is asked with the seat's view (:class:`~cardwidgets.bots.SeatView`),
  never the state, in exactly one place, :func:`_ask`. A bot given as a ``.py`` file (or as a
  :class:`~cardwidgets.lab.SealedBot`) plays in a worker process of its own that receives only
  the view as JSON, within a time limit per move and a memory limit; it gets a fresh worker
  for each game (its ``random`` seeded from the deal and seat), stopped when the game ends.
* **Bad bots lose, the tournament goes on.** A bot that raises, returns what is no legal move,
  or (sealed) times out, needs too much memory or does not load loses that game; the row
  keeps the reason in English and German, the traceback and what went wrong (``kind``).
* **Any executor.** ``executor=`` any ``concurrent.futures.Executor`` (a process pool, a Dask
  ``Client.get_executor()``) plays chunks of games, a few chunks in flight per worker, like
  the lab's other runs; the rows are those of an in-process run.

>>> from cardwidgets import lab
>>> cup = lab.tournament("pazaak", ["random", "greedy"], games=4, seed=1)
>>> len(cup.rows), cup.names, cup.ratings.anchor
(4, ('random', 'greedy'), 'greedy')
>>> [row["bots"] for row in cup.rows[:2]]
[['random', 'greedy'], ['greedy', 'random']]
"""

from __future__ import annotations

import concurrent.futures
import contextlib
import dataclasses
import errno
import functools
import importlib
import json
import math
import os
import traceback
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import ModuleType
from typing import Any

from cardwidgets import i18n
from cardwidgets.bots.view import SeatView
from cardwidgets.lab import contest_words as contest_words
from cardwidgets.lab import display
from cardwidgets.lab.contest import Limits, Plan, Portable, Row, make_plan, portable
from cardwidgets.lab.errors import Interrupted, LabError, WorkerError
from cardwidgets.lab.progress import Progress
from cardwidgets.lab.ratings import Ratings, ratings
from cardwidgets.lab.sandbox import BotFault, SealedBot
from cardwidgets.lab.seeds import game_seed, player_seed
from cardwidgets.lab.units import AnyState

__all__ = ["Tournament", "play", "play_chunk", "tournament"]

_KIND = "cardwidgets tournament"


@dataclasses.dataclass
class Tournament:
    """A tournament's games and what follows from them: ratings, leaderboard, replays.

    ``rows`` are the finished games in game order (see :func:`~cardwidgets.lab.contest.play`
    for their fields); ``complete`` says whether every planned game is among them.
    """

    game: str
    names: tuple[str, ...]
    format: str
    games: int
    seed: int | str
    rules: dict[str, Any] | None
    rows: list[Row]
    planned: int

    @property
    def complete(self) -> bool:
        """Whether every planned game finished."""
        return len(self.rows) == self.planned

    @property
    def results(self) -> list[tuple[str, str, float, int]]:
        """Each game as (seat 0's bot, seat 1's bot, seat 0's score, deal): what
        :func:`~cardwidgets.lab.ratings.ratings` reads."""
        return [(r["bots"][0], r["bots"][1], r["score"], r["deal"]) for r in self.rows]

    @functools.cached_property
    def ratings(self) -> Ratings:
        """The ratings (anchored at ``"greedy"`` when it played, else the first bot)."""
        return ratings(self.results)

    def rated(self, anchor: str | None = None, prior_draws: float = 1.0) -> Ratings:
        """The ratings with another anchor or prior."""
        return ratings(self.results, anchor=anchor, prior_draws=prior_draws)

    @property
    def forfeits(self) -> list[Row]:
        """The games a bot lost by raising or by an illegal move."""
        return [row for row in self.rows if row["forfeit"] is not None]

    def row(self, index: int) -> Row:
        """The row of game ``index``."""
        for row in self.rows:
            if row["game"] == index:
                return row
        raise LabError("contest.no_game", index=i18n.shown(index), last=self.planned - 1)

    def replay(self, index: int, *, seat: int | None = None, locale: str = "en") -> Any:
        """Game ``index`` as a kernel-free replay (:class:`cardwidgets.replay.Replay`), both
        hands open unless a ``seat`` is given; ``.save(path)`` writes its page."""
        from cardwidgets import replay

        return replay.replay(self.row(index)["record"], seat=seat, locale=locale)

    def leaderboard(self, locale: str | None = None) -> display.Shown:
        """The leaderboard, crosstable and ratings chart (HTML in a notebook, text printed)."""
        from cardwidgets.lab import leaderboard

        return leaderboard.show(self, locale)

    def save(self, folder: str | os.PathLike[str], *, locale: str | None = None) -> Path:
        """Write ``index.html`` (the leaderboard, each game linking to its replay) and every
        game's kernel-free replay (``games/game-N.html``, both hands open) into ``folder``;
        returns the index's path."""
        from cardwidgets.lab import leaderboard

        target = Path(folder)
        (target / "games").mkdir(parents=True, exist_ok=True)
        shown = i18n.check_locale(locale or i18n.get_locale())
        for row in self.rows:
            page = self.replay(row["game"], locale=shown)
            page.save(target / "games" / f"game-{row['game']}.html")
        index = target / "index.html"
        index.write_text(leaderboard.page(self, shown, "games"), encoding="utf-8")
        return index

    def to_json(self) -> dict[str, Any]:
        """The whole tournament as plain JSON: its settings, ratings and every game."""
        table = self.ratings
        return {
            **_header(self),
            "complete": self.complete,
            "anchor": table.anchor,
            "ratings": [dataclasses.asdict(r) for r in table],
            "rows": self.rows,
        }

    def _repr_html_(self) -> str:
        return self.leaderboard()._repr_html_()

    def __repr__(self) -> str:
        return self.leaderboard().text


# -- one game -----------------------------------------------------------------------------------


def _seated(bot: object, seed: int) -> Any:
    """The bot for one game: reseeded from the deal and seat when it can be."""
    reseeded = getattr(bot, "reseeded", None)
    return reseeded(seed) if callable(reseeded) else bot


def _ask(bot: Any, state: AnyState) -> object:
    """The one place a contest calls a bot: its move at ``state``, asked with the seat's
    sealed view (:class:`~cardwidgets.bots.SeatView`), never the state, so no bot can read the
    opponent's hand or the stock. A :class:`~cardwidgets.lab.SealedBot` sends that view as
    JSON to its worker process, within its time and memory limits."""
    return bot.choose(SeatView.of(state))


def _close(seated: Sequence[Any], given: Sequence[object]) -> None:
    """Stop the workers of the game's own copies of sealed bots (not the caller's bots)."""
    for bot, original in zip(seated, given, strict=True):
        if bot is not original and isinstance(bot, SealedBot):
            bot.close()


_NO_MOVE = object()
"""The move of a bot that raised before it returned one."""


def _said(error: BaseException, locale: str) -> str:
    """The error as a sentence shows it: a translated reason in ``locale``, else its repr."""
    if isinstance(error, i18n.TranslatedError):
        return error.text(locale)
    return i18n.shown(error, 120)


def _forfeit(seat: int, name: str, error: BaseException, move: object) -> dict[str, Any]:
    """Why seat ``seat`` lost: its error (a bot's raise), the illegal move it returned, or the
    fault of a sealed bot (``kind``: what went wrong, ``details``: the student's traceback,
    ``output``: what it printed in that move)."""
    if isinstance(error, BotFault):
        reason = {
            locale: i18n.text("contest.fault", locale, bot=name, reason=error.text(locale))
            for locale in i18n.LOCALES
        }
        return {
            "seat": seat,
            "bot": name,
            "kind": error.kind,
            "reason": reason,
            "details": error.traceback,
            "output": error.output,
        }
    reason = {}
    for locale in i18n.LOCALES:
        if move is _NO_MOVE:
            said = i18n.text("contest.raised", locale, bot=name, error=i18n.shown(error, 120))
        else:
            said = i18n.text(
                "contest.illegal",
                locale,
                bot=name,
                move=i18n.shown(move, 60),
                reason=_said(error, locale),
            )
        reason[locale] = said
    details = "".join(traceback.format_exception(type(error), error, error.__traceback__))
    kind = "raised" if move is _NO_MOVE else "illegal"
    return {"seat": seat, "bot": name, "kind": kind, "reason": reason, "details": details}


def play(plan: Plan, index: int, module: ModuleType | None = None) -> Row:
    """Game ``index`` of ``plan``, played to the end or to a forfeit, as its row:

    ``game`` (the index), ``deal``, ``seed`` (the deal's), ``bots`` (names by seat), ``score``
    (seat 0's: 1, ½ or 0), ``winner`` (a seat or None), ``scores`` (the game's own), ``length``
    (moves), ``forfeit`` (None, or ``seat``, ``bot``, ``reason`` in each locale, ``details``:
    the traceback) and ``record`` (replays the game, forfeited ones up to the forfeit).
    """
    module = module or importlib.import_module(plan.game)
    deal, first, second = plan.seats(index)
    seed = game_seed(plan.seed, deal)
    names = (plan.names[first], plan.names[second])
    state: AnyState = module.new_game(seed=seed, rules=plan.rules)
    seated = (
        _seated(plan.bots[first], player_seed(seed, 0)),
        _seated(plan.bots[second], player_seed(seed, 1)),
    )
    forfeit, moves = None, 0
    try:
        while (seat := state.to_move) is not None:
            move: Any = _NO_MOVE
            try:
                move = _ask(seated[seat], state)
                state = state.play(move)
            except Exception as err:  # the bot's error, its illegal move, its worker's fault
                forfeit = _forfeit(seat, names[seat], err, move)
                break
            moves += 1
    finally:  # also when Ctrl-C stops the game: no worker outlives it
        _close(seated, (plan.bots[first], plan.bots[second]))
    return _row(index, deal, seed, names, state, moves, forfeit)


def _row(
    index: int,
    deal: int,
    seed: int,
    names: tuple[str, str],
    state: AnyState,
    moves: int,
    forfeit: dict[str, Any] | None,
) -> Row:
    if forfeit is not None:
        winner: int | None = 1 - forfeit["seat"]
        scores: list[int] = []
    else:
        outcome = state.outcome
        assert outcome is not None  # nobody is to move: the game is over
        winner, scores = outcome.winner, [int(s) for s in outcome.scores]
    return {
        "game": index,
        "deal": deal,
        "seed": seed,
        "bots": list(names),
        "score": 0.5 if winner is None else float(winner == 0),
        "winner": winner,
        "scores": scores,
        "length": moves,
        "forfeit": forfeit,
        "record": state.to_record(),
    }


def play_chunk(plan: Plan, indices: Sequence[int]) -> list[Row]:
    """The rows of games ``indices`` of ``plan`` (module level: any executor can run it)."""
    module = importlib.import_module(plan.game)
    # A carried bot is loaded once for the chunk, as a bot in this process is one object.
    bots = tuple(bot.load() if isinstance(bot, Portable) else bot for bot in plan.bots)
    loaded = dataclasses.replace(plan, bots=bots)
    return [play(loaded, index, module) for index in indices]


# -- the results file ---------------------------------------------------------------------------


def _header(cup: Tournament) -> dict[str, Any]:
    return {
        "kind": _KIND,
        "game": cup.game,
        "bots": list(cup.names),
        "format": cup.format,
        "games": cup.games,
        "seed": cup.seed,
        "rules": cup.rules,
    }


def _file_failed(path: Path, err: OSError) -> LabError:
    """The sentence for a results file the system refused (its own words are English)."""
    code = errno.errorcode.get(err.errno or 0, "")
    code = {"EPERM": "EACCES", "ENOTDIR": "ENOENT"}.get(code, code)
    key = f"contest.os.{code}" if i18n.has(f"contest.os.{code}") else "contest.os.other"
    reason = i18n.TranslatedError(key, code=code or err.errno)
    return LabError("contest.file_failed", path=str(path), reason=reason)


def _read(path: Path, header: dict[str, Any]) -> list[Row]:
    """The rows already in ``path`` (see :func:`_read_rows`); a refused file says why."""
    try:
        return _read_rows(path, header)
    except OSError as err:
        raise _file_failed(path, err) from err


def _read_rows(path: Path, header: dict[str, Any]) -> list[Row]:
    """The rows already in ``path`` (checked to be this tournament's); a last line cut off
    by an interrupted write is dropped from the file."""
    if not path.exists() or path.stat().st_size == 0:
        path.write_text(json.dumps(header) + "\n", encoding="utf-8")
        return []
    raw = path.read_bytes()
    lines = raw.split(b"\n")
    rows: list[Row] = []
    kept = 0
    for number, line in enumerate(lines, 1):
        try:
            value = json.loads(line)
        except ValueError:
            if number >= len(lines) - 1 and number > 1:  # the last line, written halfway
                break
            raise LabError("contest.bad_file", path=str(path), line=number) from None
        if number == 1:
            _same(path, value, header)
        else:
            rows.append(value)
        kept += len(line) + 1
    if kept < len(raw):
        with path.open("r+b") as file:
            file.truncate(kept)
    return rows


def _same(path: Path, found: object, header: dict[str, Any]) -> None:
    if not isinstance(found, dict) or found.get("kind") != _KIND:
        raise LabError("contest.bad_file", path=str(path), line=1)
    for field, wanted in header.items():
        if found.get(field) != wanted:
            raise LabError(
                "contest.other_file",
                path=str(path),
                field=field,
                found=i18n.shown(found.get(field)),
                wanted=i18n.shown(wanted),
            )


class _Keeper:
    """Where finished games go: the list of rows, the results file, the progress bar."""

    def __init__(self, path: Path | None, rows: list[Row], bar: Progress) -> None:
        self.rows, self.bar = rows, bar
        try:
            self.file = None if path is None else path.open("a", encoding="utf-8")
        except OSError as err:
            raise _file_failed(path, err) from err  # type: ignore[arg-type]

    def keep(self, found: Sequence[Row]) -> None:
        self.rows.extend(found)
        if self.file is not None:
            try:
                self.file.write("".join(json.dumps(row) + "\n" for row in found))
                self.file.flush()
            except OSError as err:  # a full disk: the games in memory stay in .results
                raise _file_failed(Path(self.file.name), err) from err
        self.bar.advance(len(found))

    def close(self) -> None:
        self.bar.close()
        if self.file is not None:
            with contextlib.suppress(OSError):  # a failed write has said why already
                self.file.close()


# -- playing ------------------------------------------------------------------------------------


def _chunks(todo: Sequence[int], slots: int) -> Iterator[list[int]]:
    # About eight chunks per worker balances the load; each chunk at most 200 games so a run
    # reports (and keeps) its games often.
    size = max(1, min(200, math.ceil(len(todo) / max(1, 8 * slots))))
    for start in range(0, len(todo), size):
        yield list(todo[start : start + size])


def _slots(executor: concurrent.futures.Executor) -> int:
    found = getattr(executor, "_max_workers", None)
    return found if isinstance(found, int) else os.cpu_count() or 2


def _play_here(plan: Plan, todo: Sequence[int], keeper: _Keeper, module: ModuleType) -> None:
    for index in todo:
        keeper.keep([play(plan, index, module)])


def _play_on(
    executor: concurrent.futures.Executor, plan: Plan, todo: Sequence[int], keeper: _Keeper
) -> None:
    """Play ``todo`` in chunks on ``executor``, a few more in flight than it has workers. When
    a chunk fails (a dead worker), no more are sent, the chunks already running are waited
    for and kept, and the first failure is raised."""
    slots = _slots(executor)
    remote = portable(plan)
    chunks = _chunks(todo, slots)
    pending: set[concurrent.futures.Future[list[Row]]] = set()
    failed: BaseException | None = None
    try:
        while failed is None:
            for indices in chunks:
                pending.add(executor.submit(play_chunk, remote, indices))
                if len(pending) >= 2 * slots:
                    break
            if not pending:
                return
            finished, pending = concurrent.futures.wait(
                pending, return_when=concurrent.futures.FIRST_COMPLETED
            )
            failed = _keep_finished(finished, keeper)
        pending = {future for future in pending if not future.cancel()}  # the running ones
        _keep_finished(concurrent.futures.wait(pending)[0], keeper)
        pending = set()
        raise failed
    finally:
        for future in pending:
            future.cancel()


def _keep_finished(
    finished: set[concurrent.futures.Future[list[Row]]], keeper: _Keeper
) -> BaseException | None:
    """Keep the rows of the chunks that finished, in order; the first failure, if any."""
    failed: BaseException | None = None
    for future in finished:
        error = future.exception()
        if error is None:
            keeper.keep(future.result())
        elif failed is None:
            failed = error
    return failed


def tournament(
    game: str | ModuleType,
    bots: object,
    *,
    games: int,
    seed: int | str = 0,
    rules: object = None,
    format: str = "round robin",
    executor: concurrent.futures.Executor | None = None,
    results: str | os.PathLike[str] | None = None,
    progress: bool | None = None,
    time_limit: float = 1.0,
    memory_mb: int = 512,
) -> Tournament:
    """Play a tournament of ``bots`` at ``game`` and return its :class:`Tournament`.

    ``bots``: player names (``"random"``, ``"greedy"``, ``"expert"``, with options as
    ``"greedy:stand_at=17"``), paths of ``.py`` files with a function ``choose(view) -> move``
    or a class with a ``choose`` method (each run sealed in a worker process of its own, as a
    :class:`~cardwidgets.lab.SealedBot` with ``time_limit`` seconds a move and ``memory_mb``
    of memory), functions ``choose(view) -> move``, classes or objects with a ``choose`` method
    (a :class:`~cardwidgets.lab.SealedBot` among them), or a dict of names to any of these.
    Every bot is asked with the seat's view (:class:`~cardwidgets.bots.SeatView`), never the
    game's state. ``games``: games per pair of bots,
    even (each deal is played twice, seats swapped). ``format``: ``"round robin"`` or
    ``"gauntlet"``. ``rules``: the game's ``Rules`` or their dict. ``results``: a JSON-lines
    file that keeps every game as it finishes and from which a stopped tournament resumes.
    ``progress``: a progress bar (default: on an interactive output, for long runs).

    A bot that raises, returns no legal move, or (sealed) times out, needs too much memory or
    does not load loses that game; the row's ``forfeit`` keeps the reason in English and
    German and the traceback, and the tournament goes on. A sealed bot gets a fresh worker
    for each game, stopped when the game ends (also when the run is stopped).

    Ctrl-C stops the run with :class:`~cardwidgets.lab.Interrupted` and a dead executor with
    :class:`~cardwidgets.lab.WorkerError`; both keep the finished games in ``.results`` (and
    in the file).
    """
    limits = Limits(time_limit=time_limit, memory_mb=memory_mb)
    plan = make_plan(game, bots, games=games, seed=seed, rules=rules, format=format, limits=limits)
    if results is not None and not isinstance(results, (str, os.PathLike)):
        raise LabError("contest.bad_results_file", value=i18n.shown(results))
    cup = _cup(plan, [])
    path = None if results is None else Path(results)
    done = {row["game"]: row for row in (_read(path, _header(cup)) if path else [])}
    cup.rows.extend(done.values())
    todo = [index for index in range(plan.total) if index not in done]
    keeper = _Keeper(path, cup.rows, Progress(len(todo), progress, "game"))
    try:
        _run(plan, todo, keeper, executor)
    finally:
        keeper.close()
        cup.rows.sort(key=lambda row: row["game"])
    return cup


def _run(
    plan: Plan, todo: list[int], keeper: _Keeper, executor: concurrent.futures.Executor | None
) -> None:
    """Play ``todo``; a stop keeps the finished games and says why, in the user's language."""
    try:
        if executor is None:
            _play_here(plan, todo, keeper, importlib.import_module(plan.game))
        else:
            _play_on(executor, plan, todo, keeper)
    except KeyboardInterrupt:
        raise _stopped(Interrupted("lab.interrupted", kept=_kept(keeper)), plan, keeper) from None
    except LabError as err:  # the results file failed: the finished games are in .results
        raise _stopped(err, plan, keeper) from err.__cause__
    except Exception as err:  # the executor broke (a worker died): the finished games stay
        error = WorkerError("lab.worker_died", error=i18n.shown(err, 120), kept=_kept(keeper))
        raise _stopped(error, plan, keeper) from err


def _kept(keeper: _Keeper) -> i18n.TranslatedError:
    done = len(keeper.rows)
    return i18n.TranslatedError(
        "lab.kept", done=i18n.Number(done), units=i18n.TranslatedError("lab.games", n=done)
    )


def _stopped(error: Any, plan: Plan, keeper: _Keeper) -> Any:
    keeper.rows.sort(key=lambda row: row["game"])
    error.results = _cup(plan, list(keeper.rows))
    return error


def _cup(plan: Plan, rows: list[Row]) -> Tournament:
    """The tournament of ``plan`` made of ``rows``."""
    rules = None if plan.rules is None else plan.rules.to_dict()  # type: ignore[attr-defined]
    return Tournament(
        game=plan.game.rpartition(".")[2],
        names=plan.names,
        format=plan.format,
        games=plan.games,
        seed=plan.seed,
        rules=rules,
        rows=rows,
        planned=plan.total,
    )
