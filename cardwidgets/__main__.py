"""``python -m cardwidgets``: the same command as ``cardwidgets`` (see :mod:`cardwidgets.cli`)."""

from __future__ import annotations

import sys

from cardwidgets.cli import main

if __name__ == "__main__":
    sys.exit(main())
