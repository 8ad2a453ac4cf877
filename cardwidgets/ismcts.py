"""Moved to :mod:`cardwidgets.bots.ismcts`; this name keeps old imports working."""

from cardwidgets.bots.ismcts import Node, SearchResult, outcome_value, random_policy, search

__all__ = ["Node", "SearchResult", "outcome_value", "random_policy", "search"]
