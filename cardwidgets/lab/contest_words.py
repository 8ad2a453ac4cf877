"""Every sentence of the lab's contests (tournaments, ratings, the stopping rule), in English
and German.

Imported by each contest module (:mod:`~cardwidgets.lab.ratings`, :mod:`~cardwidgets.lab.sprt`,
:mod:`~cardwidgets.lab.tournament`, :mod:`~cardwidgets.lab.leaderboard`), so the sentences are
known wherever one of them is used, a worker process too.

>>> from cardwidgets import i18n
>>> i18n.text("contest.few_bots", "de", bots="1")
'ein Turnier braucht mindestens zwei Bots, nicht 1'
"""

from __future__ import annotations
