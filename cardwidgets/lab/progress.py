"""A light progress bar for long runs: text on a terminal's stderr, an updating HTML line in
Jupyter, and nothing at all for short runs and doctests."""

from __future__ import annotations

import html
import importlib
import sys
import time
from typing import Any, TextIO

from cardwidgets import i18n
from cardwidgets.lab import display

__all__ = ["Progress"]


class Progress:
    """A light progress bar: text on a terminal's stderr, an updating HTML line in Jupyter.

    ``enabled=None`` shows it only on an interactive output, and only once a run has lasted
    half a second, so short runs (and doctests) print nothing.
    """

    delay = 0.5

    def __init__(self, total: int, enabled: bool | None, unit: str) -> None:
        self.total, self.done, self.unit = total, 0, unit
        self.started = time.monotonic()
        self.shown = False
        self.handle: Any = None
        self.jupyter = _in_jupyter()
        if enabled is None:
            enabled = self.jupyter or _isatty(sys.stderr)
        self.enabled = enabled
        self.last = 0.0

    def advance(self, count: int) -> None:
        self.done += count
        if not self.enabled:
            return
        now = time.monotonic()
        if not self.shown and now - self.started < self.delay:
            return
        if self.shown and now - self.last < 0.1 and self.done < self.total:
            return
        self.last = now
        self._draw()

    def close(self) -> None:
        if self.shown:
            self._draw()
            if not self.jupyter:
                sys.stderr.write("\n")
                sys.stderr.flush()

    def _text(self) -> str:
        return i18n.text(
            "lab.progress",
            done=display.number(self.done),
            total=display.number(self.total),
            unit=display.unit_words(self.unit, None, self.total, dative=True),
        )

    def _draw(self) -> None:
        fraction = self.done / self.total if self.total else 1.0
        if self.jupyter:
            display_module = importlib.import_module("IPython.display")
            show = display_module.display
            body = display_module.HTML(
                f'<progress value="{self.done}" max="{self.total}"></progress> '
                f"{html.escape(self._text())}"
            )
            if self.handle is None:
                self.handle = show(body, display_id=True)
            else:
                self.handle.update(body)
        else:
            filled = int(30 * fraction)
            sys.stderr.write(f"\r[{'#' * filled}{'.' * (30 - filled)}] {self._text()}")
            sys.stderr.flush()
        self.shown = True


def _in_jupyter() -> bool:
    shell = sys.modules.get("IPython")
    if shell is None or "ipykernel" not in sys.modules:
        return False
    get = getattr(shell, "get_ipython", None)
    ip = get() if get else None
    return ip is not None and hasattr(ip, "kernel")


def _isatty(stream: TextIO) -> bool:
    try:
        return bool(stream.isatty())
    except (AttributeError, ValueError):
        return False
