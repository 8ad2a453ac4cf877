"""Every sentence of the lab, in English and German, in one catalog.

Imported first by :mod:`cardwidgets.lab` (and so by every worker process that unpickles a
lab task), so each key below is known wherever a lab error or table is written.

>>> from cardwidgets import i18n
>>> from cardwidgets.lab import display
>>> unit = display.unit_words("game", "de", 10, dative=True)
>>> i18n.text("lab.progress", "de", done="3", total="10", unit=unit)
'3 von 10 Spielen'

A unit word agrees with its count (``display.unit_words(unit, locale, count, dative)``); a
sentence with a count says its other words through ``{count:singular|plural}`` fields (see
:mod:`cardwidgets.i18n`).
"""

from __future__ import annotations
