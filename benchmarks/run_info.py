"""What a benchmark report records about its run: the commit measured and the machine's state.

The scripts import this module from their own folder (``python benchmarks/<script>.py`` puts
that folder first on ``sys.path``), so a script run from another checkout still finds it.
"""

from __future__ import annotations

import os
import platform
import subprocess
import time
from typing import Any


def commit() -> str:
    """The short hash of HEAD in the working directory (the checkout measured), or ``?``."""
    try:
        return subprocess.run(
            ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True
        ).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "?"


def header() -> dict[str, Any]:
    """A report's first fields: the Python version, the load average, the commit, the date."""
    return {
        "python": platform.python_version(),
        "load_average": os.getloadavg(),
        "commit": commit(),
        "date": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
