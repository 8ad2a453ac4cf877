"""A learner's Tablić Play click runs nothing of the plain rules.

``cardwidgets.games.tablic.rules`` is the reference the fast paths are proven equal to; a
click (the capture groups drawn, the tabla marked, the position code, the greedy reply and
its tables) is answered by the fast engine. ``scripts/trace_click.py`` records what a click
runs; here it runs in a fresh process, so the first greedy reply's imports are counted too.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

SCRIPT = Path(__file__).resolve().parent.parent / "scripts" / "trace_click.py"


def test_a_play_click_with_the_greedy_reply_never_reaches_the_plain_rules() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--json"], check=True, capture_output=True, text=True
    )
    figures = json.loads(done.stdout)
    files = figures["functions_per_file"]
    # The click did run: the engine, the greedy player and the presenter are on its path.
    for reached in ("games/tablic/state.py", "games/tablic/_fast.py", "bots/tablic.py"):
        assert files.get(reached, 0) > 0, reached
    assert "present/tablic.py" in files
    assert "games/tablic/rules.py" not in files, files
    assert figures["files"] == len(files)
