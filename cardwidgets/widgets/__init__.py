"""The anywidget classes: :class:`GameWidget` (the framework) and one widget per game.

Importing this package imports anywidget; the engines never do (DESIGN principle 2).
"""

from __future__ import annotations

from cardwidgets.widgets.base import GameWidget
from cardwidgets.widgets.panjpar import PanjparWidget
from cardwidgets.widgets.pazaak import PazaakWidget
from cardwidgets.widgets.tablic import TablicWidget

__all__ = ["GameWidget", "PanjparWidget", "PazaakWidget", "TablicWidget"]
