"""The search of the expert player, now :mod:`cardwidgets.bots.ismcts`; this name keeps the
imports of earlier versions working (docs of 0.1 named ``cardwidgets.ismcts``)."""

from cardwidgets.bots.ismcts import Node, SearchResult, outcome_value, random_policy, search

__all__ = ["Node", "SearchResult", "outcome_value", "random_policy", "search"]
