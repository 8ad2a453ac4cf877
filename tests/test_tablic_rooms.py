"""The Tablić package's public face survives its rooms being rebuilt.

Outsiders (the bots, the RL environments, the widgets, the docs, users' notebooks) import
these names from ``cardwidgets.tablic``; where a name lives inside the package is the
package's business, so only the face is pinned here.
"""

from __future__ import annotations

import cardwidgets
from cardwidgets.games import tablic

PUBLIC = {
    "CaptureSteps",
    "DealResult",
    "Move",
    "Playout",
    "PositionError",
    "RankedCapture",
    "Rules",
    "State",
    "TablicView",
    "capture_groups",
    "capture_options",
    "capture_steps",
    "card_points",
    "card_values",
    "clear_caches",
    "count_captures",
    "deal_breakdown",
    "from_record",
    "is_capture",
    "iter_captures",
    "maximal_captures",
    "new_game",
    "played_value",
    "playout",
    "ranked_captures",
    "score_deal",
    # Added since: the T-D2 sum a capture being built misses, which the
    # widget worked out itself before.
    "Shortfall",
    "capture_shortfall",
    # Added since: two seeded random players' match on ints, for the lab's random pairs.
    "DealTally",
    "PlayedOut",
    "played_out",
}
"""``__all__`` as it was before the rooms, and the names added since."""

ALSO = {"DECK", "Card", "CardLike", "DEFAULT_RULES", "IllegalMove", "Outcome", "describe_deal"}
"""Names the one-module engine offered outside ``__all__``, still imported by old code."""


def test_tablic_all_is_unchanged() -> None:
    assert set(tablic.__all__) == PUBLIC


def test_tablic_offers_every_old_name_at_the_package_and_at_cardwidgets_tablic() -> None:
    for name in PUBLIC | ALSO:
        assert hasattr(tablic, name), name
        assert getattr(cardwidgets.tablic, name) is getattr(tablic, name), name  # type: ignore[attr-defined]


def test_tablic_position_error_keeps_its_public_module() -> None:
    # Tracebacks, pickles and the docs name it cardwidgets.games.tablic.PositionError.
    assert tablic.PositionError.__module__ == "cardwidgets.games.tablic"
    assert issubclass(tablic.PositionError, ValueError)
