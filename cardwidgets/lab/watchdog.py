"""The ``timeout=`` of a run played in this process.

A thread cannot be killed in Python, and the browser (Pyodide) has neither processes nor
threads, so an in-process run is stopped from inside, in one of two ways:

* **a signal timer** (:func:`alarm`): ``SIGALRM`` raises :class:`TimedOut` wherever the run
  is, even in a claim or a player that never returns (``while True: pass``,
  ``time.sleep``). It needs a POSIX system and the main thread of the main interpreter, which
  is where a script, the command line and a Jupyter cell run;
* **the clock, checked before every move and every claim call** (:func:`clocked`), where there
  is no signal timer (Windows, Pyodide, a run started in another thread, another timer due
  sooner): it stops a long game or a long run, but not one call that never returns.

A timer already running (pytest-timeout's, say) is lent to the run and given back with the
time it had left.

:class:`TimedOut` is a ``BaseException``, so a claim's ``except Exception`` cannot swallow it.

>>> import time
>>> with alarm(0.05) as armed:
...     try:
...         time.sleep(2)
...     except TimedOut:
...         print("stopped", armed)
stopped True
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import signal
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

from cardwidgets.lab.jobs import Claim, Job
from cardwidgets.lab.players import Player
from cardwidgets.lab.units import AnyState

__all__ = ["TimedOut", "alarm", "clocked"]


class TimedOut(BaseException):
    """The timeout of an in-process run passed (a ``BaseException``: no claim swallows it)."""


def _has_timer() -> bool:
    """Whether a signal timer can interrupt this thread."""
    return (
        hasattr(signal, "setitimer")
        and sys.platform != "emscripten"
        and threading.current_thread() is threading.main_thread()
    )


@contextlib.contextmanager
def alarm(seconds: float) -> Iterator[bool]:
    """Raise :class:`TimedOut` in this thread after ``seconds``, if a signal timer can; yields
    whether it could (if not, use :func:`clocked`). The timer and the previous handler are
    restored on the way out, whatever happens; a timer that was running gets its time back
    (less the time the run took)."""
    if not _has_timer():
        yield False
        return
    left, every = signal.getitimer(signal.ITIMER_REAL)
    if left and left <= seconds:  # another timer rings first: leave it alone
        yield False
        return
    armed, began = True, time.monotonic()

    def ring(signum: int, frame: Any) -> None:
        if armed:  # a ring that arrives while the run is ending is ignored
            raise TimedOut

    try:
        previous = signal.signal(signal.SIGALRM, ring)
    except ValueError:  # not the main interpreter (a subinterpreter)
        yield False
        return
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield True
    finally:
        armed = False
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous if previous is not None else signal.SIG_DFL)
        if left:  # the lent timer, with what it had left (it rings at once if that ran out)
            remaining = left - (time.monotonic() - began)
            signal.setitimer(signal.ITIMER_REAL, max(1e-6, remaining), every)


@dataclasses.dataclass(frozen=True)
class _ClockedPlayer:
    """A player that raises :class:`TimedOut` instead of moving once the deadline passed."""

    player: Player
    deadline: float

    def choose(self, state: AnyState) -> Any:
        if time.monotonic() >= self.deadline:
            raise TimedOut
        return self.player.choose(state)

    def reseeded(self, seed: int | str) -> _ClockedPlayer:
        return _ClockedPlayer(self.player.reseeded(seed), self.deadline)


def _clocked_claim(claim: Claim, deadline: float) -> Claim:
    @functools.wraps(claim)  # its name stays the claim's (error messages quote it)
    def checked(state: AnyState) -> object:
        if time.monotonic() >= deadline:
            raise TimedOut
        return claim(state)

    return checked


def clocked(job: Job, seconds: float) -> Job:
    """``job`` whose players and claim check the clock: after ``seconds`` from now, the next
    move or claim call raises :class:`TimedOut`. For this process only (the clock is)."""
    deadline = time.monotonic() + seconds
    first, second = job.players
    claim = job.claim
    return dataclasses.replace(
        job,
        players=(_ClockedPlayer(first, deadline), _ClockedPlayer(second, deadline)),
        claim=_clocked_claim(claim, deadline) if callable(claim) else claim,
    )
