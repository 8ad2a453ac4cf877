"""Computer players and hints (the module ``bots.py`` moved here whole; split next)."""

from cardwidgets.bots.player import *  # noqa: F403
from cardwidgets.bots.player import _STRATEGIES, __all__  # noqa: F401
