"""The value of each move, exact where the seat can know every card, and puzzles.

:func:`analyse` gives every move of the seat to move (or the moves the expert's search
considers and one entry for the others), best first, each with ``.move``, ``.value``, ``.low``,
``.high``, ``.exact``, the samples or nodes behind it and a reason in English and German.
:func:`puzzles` finds positions in seeded games where one move is clearly best and a tempting
one is not; :func:`to_records` exports them as plain JSON.

The modules: :mod:`~cardwidgets.analysis.values` (the analysis), :mod:`.puzzles`,
:mod:`.words` (the sentences). The exact endings live with the expert that plays them:
:mod:`cardwidgets.bots.endings`.
"""

from __future__ import annotations

from cardwidgets.analysis.puzzles import Puzzle, puzzles, to_records
from cardwidgets.analysis.values import Analysis, AnalysisError, Entry, analyse

__all__ = ["Analysis", "AnalysisError", "Entry", "Puzzle", "analyse", "puzzles", "to_records"]
