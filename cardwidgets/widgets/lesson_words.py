"""The lesson widget's record columns (:mod:`cardwidgets.widgets.lesson`); its sentences are
the catalog's ``widget.lesson.`` keys.

>>> from cardwidgets import i18n
>>> i18n.text("widget.lesson.step", "de", number=3, count=8)
'Schritt 3 von 8'
"""

from __future__ import annotations

__all__ = ["COLUMNS"]

COLUMNS = ("lesson", "step", "exercise", "question", "answer", "correct", "time", "hints")
"""The fields of an attempt, in the order of its table and its CSV file."""
