"""Sealed, limited execution of a student's bot: :class:`SealedBot` and :class:`BotFault`.

A student's bot (a ``.py`` file, or a function or object with ``choose`` made in a notebook)
runs in a worker process of its own. The worker receives each move's seat view as JSON text
(:meth:`cardwidgets.bots.SeatView.to_text`) and nothing else: it is started fresh (the
``forkserver`` start method: a clean server process forks it, never this one), so the real
game state, with the opponent's hand and the stock, is not in its memory at all. Limits:

* **time**: ``time_limit`` seconds of wall time per move (default 1 s), the worker's reply
  included; past it the worker is killed;
* **memory**: ``memory_mb`` of address space in the worker (``resource.setrlimit(RLIMIT_AS)``,
  set before the bot is loaded, default 512 MB);
* **output**: what the bot prints is captured (``last_output``), at most ``output_limit``
  characters a move; printing more is a fault. The worker's own file descriptors 1 and 2 go to
  ``/dev/null``, so nothing floods the notebook.

Whatever goes wrong raises a :class:`BotFault`: a ``kind`` (``"import"``, ``"no_choose"``,
``"raised"``, ``"timeout"``, ``"memory"``, ``"output"``, ``"no_move"``, ``"wrong_game"``,
``"illegal"``, ``"crashed"``), a sentence in English and German, and the student's traceback
(``fault.traceback``). After a fault the worker is stopped, and the next move starts a fresh
one (the bot loaded anew).

In the browser (Pyodide, ``sys.platform == "emscripten"``) there are no processes: the bot
runs in this process, on a fresh view read back from JSON, and the clock is checked after the
move (a move that took too long is refused, but a bot that never returns cannot be stopped);
there is no memory limit. ``inline=True`` chooses that mode anywhere.

>>> from cardwidgets.games import tablic
>>> def choose(view):
...     return view.legal_moves()[0]
>>> with SealedBot(choose, inline=True) as bot:
...     move = bot.choose(tablic.new_game(seed=1))
>>> move in tablic.new_game(seed=1).legal_moves()
True
"""

from __future__ import annotations

import contextlib
import copy
import importlib
import importlib.util
import io
import os
import pathlib
import pickle
import sys
import threading
import time
import traceback
from collections.abc import Callable, Iterator
from types import ModuleType, TracebackType
from typing import Any

from cardwidgets import i18n
from cardwidgets.bots.view import SeatView
from cardwidgets.core import GameState, IllegalMove, Move
from cardwidgets.i18n import TranslatedError

__all__ = ["FAULTS", "BotFault", "SealedBot"]

FAULTS = (
    "import",
    "no_choose",
    "raised",
    "timeout",
    "memory",
    "output",
    "no_move",
    "wrong_game",
    "illegal",
    "crashed",
)
"""The kinds of :class:`BotFault`."""

START_LIMIT = 30.0
"""Seconds a worker may take to start and load the bot (a loaded machine starts Python slowly)."""

WORKER_NAME = "cardwidgets bot"
"""How a worker process is named (``multiprocessing.active_children()`` shows it)."""

OUTPUT_LIMIT = 10_000
"""Characters a bot may print in one move by default."""


_PRELOAD = [
    "cardwidgets.lab.sandbox",
    "cardwidgets.games.tablic",
    "cardwidgets.games.panjpar",
    "cardwidgets.games.pazaak",
]
"""What the fork server imports before it forks a worker."""


def _forget_fork_server() -> None:
    """In a child made by ``fork`` (a process pool's worker): forget the parent's fork server.

    ``multiprocessing`` keeps the fork server in a module global; a forked child inherits it,
    and starting a worker there fails (``ChildProcessError``: the server is not its child).
    The child starts its own server instead; the parent's keeps running for the parent.
    """
    server = getattr(sys.modules.get("multiprocessing.forkserver"), "_forkserver", None)
    if server is None or getattr(server, "_forkserver_pid", None) is None:
        return
    alive = getattr(server, "_forkserver_alive_fd", None)
    if alive is not None:
        with contextlib.suppress(OSError):
            os.close(alive)
    server._forkserver_pid = None
    server._forkserver_address = None
    server._forkserver_alive_fd = None


if hasattr(os, "register_at_fork"):  # not on Windows (no fork) nor in Pyodide
    os.register_at_fork(after_in_child=_forget_fork_server)


_MAIN_LOCK = threading.Lock()


@contextlib.contextmanager
def _without_main() -> Iterator[None]:
    """While a worker starts, ``__main__`` is an empty module.

    A forkserver or spawn child first imports its parent's main module (by name or path, as
    ``__mp_main__``) so that pickled functions of ``__main__`` resolve. A worker needs none (the
    bot comes as a file path or as pickled bytes), and running a teacher's script there would run
    its tournament again inside every worker when the script has no ``if __name__ ==
    "__main__":`` guard (its output on the terminal, its time on the bot's clock).
    """
    with _MAIN_LOCK:
        real = sys.modules["__main__"]
        sys.modules["__main__"] = ModuleType("__main__")  # no __file__, no __spec__
        try:
            yield
        finally:
            sys.modules["__main__"] = real


class BotFault(TranslatedError):
    """A bot that could not give a move: ``kind`` (one of :data:`FAULTS`), ``bot`` (its name),
    ``traceback`` (the student's traceback text, or ``""``) and ``output`` (what it printed).

    >>> fault = BotFault("timeout", bot="mine", seconds=1.0)
    >>> fault.kind, str(fault)
    ('timeout', 'bot mine took longer than 1.0 s to choose a move')
    >>> fault.text("de")
    'Bot mine brauchte länger als 1.0 s für einen Zug'
    """

    __module__ = "cardwidgets.lab"

    def __init__(
        self, kind: str, /, *, traceback: str = "", output: str = "", **params: Any
    ) -> None:
        super().__init__(f"lab.bot.{kind}", **params)
        self.kind = kind
        self.traceback = traceback
        self.output = output


class _Flood(BaseException):
    """Raised inside the bot's ``print`` once it printed too much (a ``BaseException``, so the
    bot's own ``except Exception`` does not swallow it)."""


class _Capped(io.TextIOBase):
    """A text stream that keeps the first ``limit`` characters and then refuses to take more."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.parts: list[str] = []
        self.size = 0
        self.flooded = False

    def writable(self) -> bool:
        return True

    def write(self, text: str) -> int:
        room = self.limit - self.size
        if len(text) > room:
            self.parts.append(text[: max(room, 0)])
            self.size = self.limit
            self.flooded = True
            raise _Flood
        self.parts.append(text)
        self.size += len(text)
        return len(text)

    def text(self) -> str:
        return "".join(self.parts)


# -- loading a bot (in the worker, or in this process when inline) -------------------------------


def _load(kind: str, payload: Any) -> Callable[[SeatView[Any]], object]:
    """The bot's choose function from a file path or pickled bytes; raises :class:`BotFault`."""
    if kind == "file":
        path = pathlib.Path(payload)
        try:
            spec = importlib.util.spec_from_file_location(f"student_bot_{path.stem}", path)
            if spec is None or spec.loader is None:
                raise ImportError(f"cannot load {path}")
            module = importlib.util.module_from_spec(spec)
            sys.modules[spec.name] = module  # dataclasses and pickle look the module up
            spec.loader.exec_module(module)
        except MemoryError:
            raise
        except BaseException as err:  # SyntaxError, SystemExit, anything a student writes
            raise BotFault(
                "import", bot=path.name, error=type(err).__name__, traceback=_student_tb(err)
            ) from None
        found = _chooser_in(module)
        if found is None:
            raise BotFault("no_choose", bot=path.name)
        return found
    try:
        made = _unpickle(payload)
    except BaseException as err:
        raise BotFault(
            "import", bot="?", error=type(err).__name__, traceback=_student_tb(err)
        ) from None
    found = _chooser(made)
    if found is None:
        raise BotFault("no_choose", bot=getattr(made, "__name__", type(made).__name__))
    return found


def _chooser_in(module: Any) -> Callable[[SeatView[Any]], object] | None:
    """A module's ``choose`` function, else its one class with a ``choose`` method, made."""
    function = getattr(module, "choose", None)
    if callable(function):
        return function  # type: ignore[no-any-return]
    classes = [
        value
        for value in vars(module).values()
        if isinstance(value, type)
        and value.__module__ == module.__name__
        and callable(getattr(value, "choose", None))
    ]
    if len(classes) != 1:
        return None
    return _chooser(classes[0])


def _chooser(made: object) -> Callable[[SeatView[Any]], object] | None:
    """The choose function of a function, a class (made with no arguments) or an object."""
    if isinstance(made, type):
        if not callable(getattr(made, "choose", None)):
            return None
        made = made()
    method = getattr(made, "choose", None)
    if callable(method):
        return method  # type: ignore[no-any-return]
    if callable(made):
        return made
    return None


def _unpickle(payload: bytes) -> object:
    try:
        return pickle.loads(payload)
    except Exception:
        return importlib.import_module("cloudpickle").loads(payload)


def _params(fault: BotFault) -> dict[str, Any]:
    """A fault's sentence parameters but the bot's name (the caller knows it better)."""
    return {key: value for key, value in fault.params.items() if key != "bot"}


def _student_tb(err: BaseException) -> str:
    """The traceback of ``err`` without this module's frames: what the student wrote."""
    here = __file__
    frames = [f for f in traceback.extract_tb(err.__traceback__) if f.filename != here]
    lines = traceback.format_list(frames)
    head = "Traceback (most recent call last):\n" if lines else ""
    return head + "".join(lines) + "".join(traceback.format_exception_only(type(err), err))


def _answer(choose: Callable[[SeatView[Any]], object], text: str, limit: int) -> tuple[Any, ...]:
    """Ask the bot for a move on the view ``text``: ``("move", text, output)`` or
    ``("fault", kind, params, traceback, output)``."""
    view = SeatView.from_json(text)
    out = _Capped(limit)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
            move = choose(view)
    except _Flood:
        return ("fault", "output", {"limit": limit}, "", out.text())
    except MemoryError as err:
        return ("fault", "memory", {}, _student_tb(err), out.text())
    except BaseException as err:  # whatever the bot raised, SystemExit too
        return ("fault", "raised", {"error": type(err).__name__}, _student_tb(err), out.text())
    if out.flooded:  # the bot caught the flood itself
        return ("fault", "output", {"limit": limit}, "", out.text())
    if isinstance(move, Move):
        parts = type(move).__module__.split(".")  # cardwidgets.games.<game>[.moves]
        other = parts[2] if parts[:2] == ["cardwidgets", "games"] and len(parts) > 2 else "?"
        if other != view.game:
            return ("fault", "wrong_game", {"other": other, "game": view.game}, "", out.text())
        return ("move", str(move), out.text())
    if isinstance(move, str):
        return ("move", move, out.text())
    return ("fault", "no_move", {"value": i18n.shown(move)}, "", out.text())


def _worker(conn: Any, kind: str, payload: Any, memory: int, limit: int, seed: Any) -> None:
    """The worker process: limit the memory, seed ``random``, load the bot, answer views until
    told to stop."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 1)
    os.dup2(devnull, 2)
    if memory:
        try:
            import resource
        except ImportError:  # Windows has no rlimits: the time limit still holds
            pass
        else:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))
    if seed is not None:
        # A bot that draws from the random module plays the same game wherever and whenever
        # that game is played (a resumed tournament, another chunking on a pool).
        import random

        random.seed(seed)
    try:
        choose = _load(kind, payload)
    except BotFault as fault:
        conn.send(("fault", fault.kind, _params(fault), fault.traceback, ""))
        return
    except MemoryError as err:
        conn.send(("fault", "memory", {}, _student_tb(err), ""))
        return
    conn.send(("ready",))
    while True:
        try:
            text = conn.recv()
        except EOFError:
            return
        if text is None:
            return
        conn.send(_answer(choose, text, limit))


# -- the bot as the tournament sees it ------------------------------------------------------------


class SealedBot:
    """A student's bot run sealed: ``choose(view) -> move`` in a worker process of its own.

    ``source``: a path to a ``.py`` file (its function ``choose(view)``, else its one class
    with a ``choose`` method, made with no arguments), or a function, a class or an object with
    ``choose`` (sent to the worker with pickle, or cloudpickle for one typed in a notebook).
    ``name`` (default: the file's or the function's name) is how faults call it.
    ``time_limit`` (seconds a move), ``memory_mb`` and ``output_limit`` (characters printed a
    move) are the limits; ``inline`` runs it in this process (the default in Pyodide).
    """

    __module__ = "cardwidgets.lab"

    def __init__(
        self,
        source: str | os.PathLike[str] | object,
        *,
        name: str | None = None,
        time_limit: float = 1.0,
        memory_mb: int = 512,
        output_limit: int = OUTPUT_LIMIT,
        inline: bool | None = None,
    ) -> None:
        for option, value in (("time_limit", time_limit), ("memory_mb", memory_mb)):
            if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
                raise BotFault("bad_limit", option=option, value=i18n.shown(value))
        if isinstance(output_limit, bool) or not isinstance(output_limit, int) or output_limit < 0:
            raise BotFault("bad_limit", option="output_limit", value=i18n.shown(output_limit))
        self._kind: str
        self._payload: str | bytes
        if isinstance(source, (str, os.PathLike)):
            path = pathlib.Path(source)
            if path.suffix != ".py" or not path.is_file():
                raise BotFault("no_file", bot=str(path))
            self._kind, self._payload = "file", str(path.resolve())
            default = path.stem
        else:
            self._kind, self._payload = "object", _pickled(source, name)
            default = str(getattr(source, "__name__", type(source).__name__))
        self.name = default if name is None else str(name)
        self.time_limit = float(time_limit)
        self.memory_mb = int(memory_mb)
        self.output_limit = output_limit
        self.inline = sys.platform == "emscripten" if inline is None else bool(inline)
        self.last_output = ""
        self._process: Any = None
        self._conn: Any = None
        self._inline_choose: Callable[[SeatView[Any]], object] | None = None
        self.seed: int | str | None = None

    def reseeded(self, seed: int | str) -> SealedBot:
        """A fresh copy for one game: its own worker (started at its first move), the bot
        loaded anew and Python's ``random`` seeded with ``seed`` there, so nothing a bot keeps
        passes from one game to the next and each game plays the same wherever it is played.
        Close it after the game (:meth:`close`)."""
        twin = copy.copy(self)
        twin.__dict__.update(self.__getstate__())
        twin.seed = seed
        return twin

    def __getstate__(self) -> dict[str, Any]:
        # The worker and its pipe stay with this process: a copy sent elsewhere starts its own.
        state = dict(self.__dict__)
        state.update(_process=None, _conn=None, _inline_choose=None, last_output="")
        return state

    def __repr__(self) -> str:
        return f"SealedBot({self.name!r}, time_limit={self.time_limit}, memory_mb={self.memory_mb})"

    # -- a move ----------------------------------------------------------------------------
    def choose(self, view: SeatView[Any] | GameState[Any]) -> Move:
        """The bot's move for the seat to move, checked legal; raises :class:`BotFault`."""
        if not isinstance(view, SeatView):
            view = SeatView.of(view)
        text = view.to_text()
        if self.inline:
            reply = self._ask_inline(text)
        else:
            reply = self._ask_worker(text)
        if reply[0] == "fault":
            _, kind, params, tb, output = reply
            self.last_output = output
            self._stop()
            raise self._fault(kind, traceback=tb, output=output, **params)
        _, move_text, output = reply
        self.last_output = output
        legal: list[Move] = view.legal_moves()
        for move in legal:
            if str(move) == move_text:
                return move
        try:
            after = view.play(move_text)
        except IllegalMove as err:
            self._stop()
            raise self._fault(
                "illegal", move=i18n.shown(move_text), reason=err, output=output
            ) from None
        found: Move | None = after.last_move
        assert found is not None
        return found

    def _fault(self, kind: str, **params: Any) -> BotFault:
        if kind == "timeout":
            params.setdefault("seconds", self.time_limit)
        if kind == "memory":
            params.setdefault("megabytes", self.memory_mb)
        if kind == "output":
            params.setdefault("limit", self.output_limit)
        return BotFault(kind, bot=self.name, **params)

    def _ask_inline(self, text: str) -> tuple[Any, ...]:
        if self._inline_choose is None:
            try:
                self._inline_choose = _load(self._kind, self._payload)
            except BotFault as fault:
                return ("fault", fault.kind, _params(fault), fault.traceback, "")
        start = time.perf_counter()
        reply = _answer(self._inline_choose, text, self.output_limit)
        if time.perf_counter() - start > self.time_limit:
            return ("fault", "timeout", {}, "", reply[-1])
        return reply

    def _ask_worker(self, text: str) -> tuple[Any, ...]:
        if self._process is None:
            started = self._start()
            if started is not None:
                return started
        try:
            self._conn.send(text)
            if not self._conn.poll(self.time_limit):
                return ("fault", "timeout", {}, "", "")
            reply: tuple[Any, ...] = self._conn.recv()
        except (EOFError, OSError):
            return self._crashed()
        return reply

    def _start(self) -> tuple[Any, ...] | None:
        """Start the worker and wait until it has loaded the bot: None, or the fault."""
        import multiprocessing

        if "forkserver" in multiprocessing.get_all_start_methods():
            context: Any = multiprocessing.get_context("forkserver")
            # The fork server loads the engines once (so a move's clock never pays for
            # importing one), and with _without_main a worker never runs the caller's
            # __main__ (a notebook's or a script's), so it begins with none of its memory.
            context.set_forkserver_preload(_PRELOAD)
        else:  # Windows: a fresh interpreter per worker, never a fork of this process
            context = multiprocessing.get_context("spawn")
        ours, theirs = context.Pipe()
        memory = self.memory_mb * 1024 * 1024
        process = context.Process(
            target=_worker,
            args=(theirs, self._kind, self._payload, memory, self.output_limit, self.seed),
            name=f"{WORKER_NAME} {self.name}",
            daemon=True,
        )
        with _without_main():
            process.start()
        theirs.close()
        self._process, self._conn = process, ours
        try:
            if not ours.poll(START_LIMIT):
                return ("fault", "import", {"error": "TimeoutError"}, "", "")
            reply: tuple[Any, ...] = ours.recv()
        except (EOFError, OSError):
            return self._crashed()
        return None if reply[0] == "ready" else reply

    def _crashed(self) -> tuple[Any, ...]:
        process = self._process
        if process is not None:
            process.join(1.0)
        code = None if process is None else process.exitcode
        return ("fault", "crashed", {"code": code}, "", "")

    # -- the worker's life -----------------------------------------------------------------
    def _stop(self) -> None:
        """Stop the worker (the next move starts a fresh one) and forget an inline bot."""
        self._inline_choose = None
        process, conn = self._process, self._conn
        self._process = self._conn = None
        if conn is not None:
            with contextlib.suppress(OSError):
                conn.close()
        if process is not None:
            process.kill()
            process.join(5.0)

    def close(self) -> None:
        """Stop the worker."""
        self._stop()

    def __enter__(self) -> SealedBot:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        self.close()

    def __del__(self) -> None:
        with contextlib.suppress(Exception):
            self._stop()


def _pickled(source: object, name: str | None) -> bytes:
    """``source`` as bytes a worker can load: by name with pickle where that works, else by
    value with cloudpickle (a function typed in a notebook)."""
    if getattr(source, "__module__", None) != "__main__":
        with contextlib.suppress(Exception):
            return pickle.dumps(source)
    try:
        cloudpickle = importlib.import_module("cloudpickle")
        data: bytes = cloudpickle.dumps(source)
    except Exception as err:
        shown = name or getattr(source, "__name__", type(source).__name__)
        raise BotFault("not_portable", bot=shown, error=type(err).__name__) from None
    return data
