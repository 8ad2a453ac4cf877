"""How big a run may be, and whether this platform has processes.

The run reads these through the package (``lab.MAX_GAMES``), when it starts, so setting
``lab.MAX_GAMES`` or ``lab.NO_PROCESSES`` takes effect at once, as it did before the lab was a
package.

>>> from cardwidgets import lab
>>> lab.MAX_GAMES, lab.MAX_WORKERS
(100000000, 512)
"""

from __future__ import annotations

import sys

__all__ = ["MAX_GAMES", "MAX_WORKERS", "NO_PROCESSES"]

MAX_GAMES = 100_000_000
"""The most games one run plays. Every game keeps a row in memory (about 100 bytes, by column),
so a bigger run could not finish on an ordinary machine; split it into runs with other seeds."""

MAX_WORKERS = 512
"""The most worker processes ``workers=`` starts (a process pool forks them all at once)."""

NO_PROCESSES = sys.platform == "emscripten"
"""In the browser (Pyodide: the classroom site) there are no processes: ``workers=N`` runs the
games in process, which gives the same rows."""
