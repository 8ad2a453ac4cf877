"""What one seat may see of a Pazaak position: :class:`PazaakView`, typed for Python code and,
as a dict, the JSON form a widget or a log reads.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from cardwidgets import core
from cardwidgets.core import Outcome
from cardwidgets.games.pazaak._fast import Placed, SetResult, Tables
from cardwidgets.games.pazaak.moves import Move
from cardwidgets.games.pazaak.sidecards import SideCard


@dataclasses.dataclass(frozen=True, eq=False)
class PazaakView(core.View):
    """A seat's view (``State.view(seat)``): both tables and totals, its own hand, the hand
    sizes, who stands, the set score and the deck size; never the deck order or the
    opponent's hand. ``seat`` None is the public table view (no hand).

    The fields are typed (side cards, placed pairs, moves); the dict holds their JSON form
    (:meth:`to_json`), so ``view["hand"]`` is ``["+3", "-4"]`` while ``view.hand`` holds the
    :class:`SideCard`\\ s.
    """

    __module__ = "cardwidgets.games.pazaak"
    game = "pazaak"

    seat: int | None
    to_move: int | None
    set_number: int
    starter: int
    sets_won: tuple[int, int]
    totals: tuple[int, int]
    standing: tuple[bool, bool]
    placed: Tables
    """Each seat's placed cards this set: (main-deck int or SideCard, current value)."""
    hand: tuple[SideCard, ...] | None
    """The seat's own unplayed hand cards (None in the public view)."""
    hand_sizes: tuple[int, int]
    used: tuple[tuple[SideCard, ...], tuple[SideCard, ...]]
    """The hand cards each seat has played this match (public)."""
    played_this_turn: SideCard | None
    deck_size: int | None
    last_set: SetResult | None
    legal_moves: tuple[Move, ...]
    """The seat's legal moves when it is to move, else empty."""
    is_over: bool
    outcome: Outcome | None

    def to_json(self) -> dict[str, Any]:
        """The view as JSON values: cards as text, placed cards as ``{card, value, side}``."""
        last = None
        if self.last_set is not None:
            winner, reason, values = self.last_set
            last = {"winner": winner, "reason": reason, "tables": [list(v) for v in values]}
        played = self.played_this_turn
        return {
            "game": self.game,
            "seat": self.seat,
            "to_move": self.to_move,
            "set_number": self.set_number,
            "starter": self.starter,
            "sets_won": list(self.sets_won),
            "totals": list(self.totals),
            "standing": list(self.standing),
            "tables": [[_placed_json(p) for p in tab] for tab in self.placed],
            "hand": None if self.hand is None else [str(c) for c in self.hand],
            "hand_sizes": list(self.hand_sizes),
            "used": [[str(c) for c in used] for used in self.used],
            "played_this_turn": None if played is None else str(played),
            "deck_size": self.deck_size,
            "last_set": last,
            "legal_moves": [str(m) for m in self.legal_moves],
            "is_over": self.is_over,
            "outcome": None if self.outcome is None else self.outcome.to_dict(),
        }


def _placed_json(p: Placed) -> dict[str, object]:
    src, value = p
    return {"card": str(src), "value": value, "side": not isinstance(src, int)}
