"""Learning environments for the three games (issue 25), behind the ``rl`` extra.

:mod:`cardwidgets.rl.actions` (pure Python, no extra needed) encodes each game's moves as
short sequences of a fixed set of actions with masks.
"""

from __future__ import annotations
