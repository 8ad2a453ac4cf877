"""Collection settings for the doctests of the package (``--doctest-modules``).

The OpenSpiel games import ``pyspiel`` when imported; its wheels exist for Python 3.11 and
later only (the ``openspiel`` extra), so elsewhere their doctests are not collected (their
tests in tests/ skip themselves).
"""

from __future__ import annotations

import importlib.util

collect_ignore_glob = (
    [] if importlib.util.find_spec("pyspiel") else ["cardwidgets/rl/openspiel*.py"]
)
