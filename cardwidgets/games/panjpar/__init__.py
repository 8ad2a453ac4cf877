"""Panjpar: the Afghan relative of Durak (docs/rules/panjpar.md), as an exact rules engine.

A game is a series of battles. The attacker throws 1, 3 or 5 cards (a pair for three, two pairs
for five, P-D3); the defender kills any of them with distinct higher cards or trumps (P-D5) and
picks up the rest; both draw back to five, attacker first (P-D2); the player who runs out of
cards once the stock is empty wins (P-D7).

>>> from cardwidgets import panjpar
>>> state = panjpar.State.from_position(
...     hands=["7♥ 7♣ 9♦ 2♠ 3♠", "9♥ 8♣ K♠ 4♦ 5♦"], stock="Q♥ J♦", trump="♦")
>>> state.to_move, state.trump, [str(c) for c in state.stock]
(0, <Suit.DIAMONDS: '♦'>, ['Q♥', 'J♦'])
>>> state = state.play("attack 7♥ 7♣ 9♦")
>>> state.play("attack 2♠")
Traceback (most recent call last):
...
cardwidgets.core.IllegalMove: Player B must answer the attack on the table (kill or pick up), ...
>>> state = state.play("kill 7♥ with 9♥, pick up 7♣ 9♦")
>>> str(state.last_move), state.to_move, len(state.hands[1])
('kill 7♥ with 9♥, pick up 7♣ 9♦', 0, 6)

Trade-offs:

* Cards are ints (``Card.index``) and hands bitmasks inside the engine; stocks are one tuple
  shared by every state of a game plus a position, so :meth:`State.play` copies nothing big.
* Legal moves are generated from rank counts (attacks) and from each attack card's beaters
  (defences), never from all combinations of a hand. They can still be many (a defender holding
  15 cards may have tens of thousands of defences), so the engine also *counts* them without
  enumerating (:meth:`State.legal_moves_count`), *unranks* the i-th one
  (:meth:`State.legal_move_at`) and iterates lazily (:meth:`State.iter_legal_moves`).
  :meth:`State.random_move` picks uniformly among all legal moves without listing them
  (count-and-index; exact rejection sampling for defences against 3 or 5 cards), and
  :meth:`State.rollout` plays such moves to the end on plain ints, for bots' playouts.
* A move that a state generated itself (``random_move``, ``legal_move_at``) is played without
  re-validation; any other move is checked in full and explained when illegal.
* States use ``__slots__`` and are built by slot stores (no dict copy); ``is_over`` is a plain
  attribute set when a state is made. Generated moves are cached (one-card attacks and
  defences) or carry their kill masks. Samplers unrank the commonest shapes (no pair, one or
  two pairs; one attack card) directly from bitmasks; the draws and the order are those of the
  general count-and-unrank code, which tests check index by index.
* :meth:`State.legal_moves` is sorted (attacks by size, then cards; defences by what each
  attack card meets); the lazy/indexed order is the generation order, a different but fixed
  order over the same set. As in Tablić, it first lists int keys (an attack's mask; a
  defence's code: the attack mask, then per attack card its killer's index + 1 or 0 for a
  pick-up) generated already in that order, or ordered by one int sort, never a key
  function. Moves are made from the keys lazily: single attacks and one-card defences are
  cached objects; the others get only their mask or code, and ``cards`` / ``kills`` /
  ``pickup`` are built on first read. The state keeps the keys, so :meth:`State.play` trusts
  a move whose key it listed (an int look-up) instead of re-checking it.
* The player view (P-D9) shows the opponent's hand size, the trump indicator while it lies under
  the stock and the top discard, and whether the stock is empty (physically visible: the
  indicator is there or not), never the stock count.
* Seats: 0 is player A, 1 is player B. :func:`new_game` deals with B (seat 1) as the dealer by
  default, so A (the non-dealer) makes the trump guess (P-D1).

Where things are (read :mod:`.rules` first; each room imports only the rooms above it):

* :mod:`.words` – every sentence, in English and German (a leaf).
* :mod:`.deck` – cards as ints and masks, the suits and the trump argument, the deal.
* :mod:`.rules` – the rules as plain code, each citing its decision id: beating, attack shapes,
  the attack-size limit (P-D4), defences, drawing, who attacks next, the end; and ``Rules``.
* :mod:`.moves` – :class:`Attack`, :class:`Defend`, :class:`Kills`, their text, and the
  making and caching of the moves the engine lists.
* :mod:`._fast` – the same rules on masks, proven equal to :mod:`.rules` by tests: generating,
  counting, unranking and drawing attacks and defences; a position's legal moves; playouts.
* :mod:`.state` – in sections, position codes and :class:`PanjparView` (what a seat sees,
  P-D9); then :class:`State` (the only writer of its slots), :func:`new_game`,
  :func:`from_record`, the checks of a set-up and of a typed move, with their reasons.
"""

from __future__ import annotations

# Names the old single module had in its namespace, which code still reads as panjpar.X:
from cardwidgets.core import IllegalMove as IllegalMove
from cardwidgets.core import Outcome as Outcome
from cardwidgets.games.panjpar._fast import (
    count_attacks,
    count_defences,
    iter_attacks,
    iter_defences,
)
from cardwidgets.games.panjpar.deck import PositionError
from cardwidgets.games.panjpar.moves import Attack, Defend, Kills, Move
from cardwidgets.games.panjpar.rules import (
    Rules,
    allowed_attack_sizes,
    attack_extenders,
    beats,
    can_complete,
    is_valid_attack,
)
from cardwidgets.games.panjpar.state import (
    PanjparView,
    PlayedOut,
    State,
    from_record,
    new_game,
    played_out,
)

__all__ = [
    "Attack",
    "Defend",
    "Kills",
    "Move",
    "PanjparView",
    "PlayedOut",
    "PositionError",
    "Rules",
    "State",
    "allowed_attack_sizes",
    "attack_extenders",
    "beats",
    "can_complete",
    "count_attacks",
    "count_defences",
    "from_record",
    "is_valid_attack",
    "iter_attacks",
    "iter_defences",
    "new_game",
    "played_out",
]

# Names the one-module engine also offered (not part of __all__), so old imports keep working.
from cardwidgets.cards import DECK as DECK
from cardwidgets.cards import Card as Card
from cardwidgets.cards import CardLike as CardLike
from cardwidgets.cards import Suit as Suit
