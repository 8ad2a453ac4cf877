"""Factored actions: each game's moves as short sequences of a fixed set of small integers.

Tablić and Panjpar positions have hundreds of legal moves (up to 480 and 637 measured), and
the set of possible moves is far too big for one flat list. So a move is built one action at a
time, as the widget builds it click by click, and each step has a mask of the actions that can
still lead to a legal move (the engine answers: Tablić's capture steps (on masks,
:meth:`tablic.State.capture_step_mask`, as :func:`tablic.capture_steps`); Panjpar's
legal attacks, as card masks, and :func:`panjpar.beats`; Pazaak's legal moves):

* **Tablić** (53 actions): choose a hand card (its :attr:`Card.index`, 0–51), then add table
  cards (their indices, in any order), then ``DONE`` (52). ``DONE`` right after the hand card
  trails it.
* **Panjpar** (53 actions): attacking, add hand cards to the attack (any order), then ``DONE``.
  Defending, answer the attack cards one by one, lowest card index first: the index of a hand
  card that beats it kills it, the attack card's own index leaves it to be picked up; the move
  is complete when every attack card is answered (no ``DONE``: each defence has one path).
* **Pazaak** (35 actions, flat): ``END_TURN`` (0), ``STAND`` (1), then one action per side
  card and declared value, the same numbers whatever the hand (:data:`PAZAAK_PLAYS`).

A :class:`Partial` is a move being built: a value (``then`` returns a new one), so a search
can branch on it. It never leads to a dead end: every masked action can be completed.

>>> from cardwidgets import tablic
>>> state = tablic.State.from_position(table="3♠ 5♥ 2♦ 6♣", hands=("8♦ K♠", "9♥ 4♣"))
>>> space = actions_of("tablic")
>>> step = space.start(state)
>>> [space.label(a) for a in step.legal_actions()]
['8♦', 'K♠']
>>> step = step.then(cards.parse("8♦").index).then(cards.parse("3♠").index)
>>> [space.label(a) for a in step.legal_actions()]
['2♦', '5♥', '6♣']
>>> step = step.then(cards.parse("5♥").index).then(DONE)
>>> str(step.move), space.encode(state, step.move) == (26, 4, 13, DONE)
('8♦ x 3♠ 5♥', True)
"""

from __future__ import annotations

import operator
from collections.abc import Iterable, Sequence
from typing import Any, Final, NamedTuple

from cardwidgets import cards, i18n
from cardwidgets.cards import DECK, Card
from cardwidgets.core import IllegalMove, Move
from cardwidgets.games import panjpar, pazaak, tablic
from cardwidgets.games.panjpar.deck import indices_of
from cardwidgets.games.panjpar.moves import CODE_SHIFT, defences_of_codes, single_defence
from cardwidgets.games.pazaak.rules import sign_order
from cardwidgets.games.tablic.moves import new_move

__all__ = [
    "DONE",
    "GAMES",
    "PAZAAK_END",
    "PAZAAK_PLAYS",
    "PAZAAK_STAND",
    "Actions",
    "Partial",
    "actions_of",
]

GAMES: Final = ("tablic", "panjpar", "pazaak")
"""The games, by the names :func:`actions_of` and the environments take."""
DONE: Final = 52
"""Tablić and Panjpar: the move built so far is complete (card actions are 0–51)."""
_DONE_BIT: Final = 1 << DONE
_CARD_BITS: Final = _DONE_BIT - 1  # the card actions' bits
PAZAAK_END: Final = 0
PAZAAK_STAND: Final = 1
PAZAAK_PLAYS: Final[tuple[pazaak.PlayCard, ...]] = tuple(
    pazaak.PlayCard(card, sign)
    for card in pazaak.ALL_SIDE_CARDS
    for sign in sorted(card.options, key=sign_order)
)
"""Pazaak's card plays, one per side card and declared value; action ``2 + i`` plays
``PAZAAK_PLAYS[i]``."""
_PAZAAK_MOVES: Final[tuple[pazaak.Move, ...]] = (pazaak.END_TURN, pazaak.STAND, *PAZAAK_PLAYS)
_PAZAAK_ACTION: Final[dict[pazaak.Move, int]] = {m: i for i, m in enumerate(_PAZAAK_MOVES)}


class Partial:
    """A move being built from actions in one position (``state``, the seat ``state.to_move``).

    ``steps`` are the actions taken so far; ``move`` is the finished move once the last
    action completed it (then no action is legal), else None.
    """

    __slots__ = ("_bits", "_known", "_legal", "move", "state", "steps")

    size: int = 0
    game: str = ""

    def __init__(
        self,
        state: Any,
        steps: tuple[int, ...] = (),
        move: Move | None = None,
        known: Any = None,
    ) -> None:
        if not steps and state.is_over:
            raise IllegalMove("rl.game.over")
        self.state, self.steps, self.move = state, steps, move
        self._legal: tuple[int, ...] | None = () if move is not None else None
        self._bits: int | None = 0 if move is not None else None
        self._known = known  # what a game reads once per move (hand, table …), passed on

    def hand(self) -> tuple[Any, ...]:
        """The hand of the seat to move."""
        return tuple(self.state.hands[self.state.to_move])

    def legal_actions(self) -> tuple[int, ...]:
        """The actions that can follow, ascending (empty once the move is complete)."""
        if self._legal is None:
            bits = self.legal_bits()
            found = indices_of(bits & _CARD_BITS)
            self._legal = (*found, DONE) if bits >> DONE else found
        return self._legal

    def legal_bits(self) -> int:
        """:meth:`legal_actions` as one int, bit ``a`` set for each legal action ``a``: what
        the engine answers on card masks, as it answers (a batch turns the ints of all its
        games into masks at once).

        >>> from cardwidgets import tablic
        >>> state = tablic.State.from_position(table="3♠ 5♥", hands=("8♦ K♠", "9♥"))
        >>> partial = actions_of("tablic").start(state)
        >>> partial.legal_bits() == sum(1 << a for a in partial.legal_actions())
        True
        """
        bits = self._bits
        if bits is None:
            bits = self._bits = self._find_bits()
        return bits

    def mask(self) -> list[int]:
        """One 0/1 entry per action of the game: 1 where :meth:`legal_actions` has it."""
        flags = [0] * self.size
        for action in self.legal_actions():
            flags[action] = 1
        return flags

    def then(self, action: object) -> Partial:
        """The move built one action further; an action the mask refuses raises
        :class:`IllegalMove` with the legal ones, and this value stays as it was."""
        if self.move is not None:
            raise IllegalMove("rl.action.complete")
        bits = self._bits
        if bits is None:
            bits = self._bits = self._find_bits()
        # The usual case, checked at once (a negative int is no bit: refused below).
        if action.__class__ is int and action >= 0 and bits >> action & 1:
            return self._step(action)
        index = _action_index(action, self.game, self.size)
        if not bits >> index & 1:
            raise IllegalMove(
                "rl.action.not_legal",
                action=index,
                label=_label(self.game, index),
                legal=", ".join(str(a) for a in self.legal_actions()),
            )
        return self._step(index)

    def _find_bits(self) -> int:
        raise NotImplementedError

    def _step(self, action: int) -> Partial:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"{type(self).__name__}(steps={self.steps!r}, move={self.move!s})"


def _action_index(action: object, game: str, size: int) -> int:
    """``action`` as an int in range (numpy integers pass), else a translated refusal."""
    try:
        index = operator.index(action)  # type: ignore[arg-type]
    except TypeError:
        index = -1
    if isinstance(action, bool) or not 0 <= index < size:
        raise IllegalMove(
            "rl.action.out_of_range", action=i18n.shown(action), game=game, last=size - 1
        )
    return index


def _sorted_indices(found: Iterable[Card]) -> list[int]:
    return sorted(card.index for card in found)


# -- Tablić ----------------------------------------------------------------------------------


class _TablicPartial(Partial):
    """Choose a hand card, add table cards, then DONE (``steps[0]`` is the hand card)."""

    __slots__ = ()
    size = 53
    game = "tablic"

    def _find_bits(self) -> int:
        state, steps = self.state, self.steps
        if not steps:
            found: int = state.hand_mask(state.to_move)
            return found
        more: int
        more, complete = state.capture_step_mask(steps[0], self._chosen())
        return more | _DONE_BIT if complete else more

    def _chosen(self) -> int:
        """The table cards chosen so far, as a card mask: passed on from step to step (one
        bit set per action), made from the steps only for a move built some other way."""
        chosen = self._known
        if chosen is None:
            chosen = 0
            for action in self.steps[1:]:
                chosen |= 1 << action
            self._known = chosen
        found: int = chosen
        return found

    def hand(self) -> tuple[Any, ...]:
        state = self.state
        return tuple(state.hands[state.to_move])

    def _step(self, action: int) -> Partial:
        steps = (*self.steps, action)
        if action != DONE:
            chosen = self._chosen() | 1 << action if self.steps else 0  # the first: hand card
            return _TablicPartial(self.state, steps, known=chosen)
        # The engine's move of a capture key (captured mask << 6 | card index): its cards
        # are listed only if read; State.play checks it as any move.
        return _TablicPartial(self.state, steps, new_move(self._chosen() << 6 | steps[0]))


def _tablic_encode(state: Any, move: Move) -> tuple[int, ...]:
    assert isinstance(move, tablic.Move)
    return (move.card.index, *_sorted_indices(move.captured), DONE)


# -- Panjpar ---------------------------------------------------------------------------------


class _PanjparPartial(Partial):
    """Attacking: hand cards, then DONE. Defending: one answer per attack card (lowest
    index first): the killer's index, or the attack card's own index to leave it."""

    __slots__ = ()
    size = 53
    game = "panjpar"

    def _find_bits(self) -> int:
        facts = self._facts()
        steps = self.steps
        chosen = 0
        for action in steps:
            chosen |= 1 << action
        targets = facts.targets
        if targets:
            # Answer the next attack card: leave it, or kill it with a hand card not used yet.
            answered = len(steps)
            return facts.killers[answered] & ~chosen | 1 << targets[answered]
        # Attacking: the cards some legal attack (the engine's list) holds with those chosen.
        more = 0
        for cards_bits in facts.attacks:
            if cards_bits & chosen == chosen:
                more |= cards_bits
        more &= ~chosen
        return more | _DONE_BIT if chosen in facts.attacks else more

    def _facts(self) -> _PanjparFacts:
        """What the whole move needs, read once from the state and passed on."""
        if self._known is None:
            state = self.state
            attack = state.attack_mask()
            targets = indices_of(attack)  # ascending card index: the answering order
            if targets:
                hand, trump = state.hand_mask(state.to_move), state.trump
                killers = tuple(_beaters(t, trump) & hand for t in targets)
                facts = _PanjparFacts(attack, targets, killers, {})
            else:
                facts = _PanjparFacts(0, (), (), {m.mask: m for m in state.legal_moves()})
            self._known = facts
        found: _PanjparFacts = self._known
        return found

    def _step(self, action: int) -> Partial:
        state, steps = self.state, (*self.steps, action)
        facts = self._facts()
        targets = facts.targets
        if not targets:
            if action != DONE:
                return _PanjparPartial(state, steps, known=facts)
            chosen = 0
            for card in steps[:-1]:
                chosen |= 1 << card
            return _PanjparPartial(state, steps, facts.attacks[chosen])  # the engine's move
        if len(steps) < len(targets):
            return _PanjparPartial(state, steps, known=facts)
        if len(targets) == 1:  # the engine's cached move (-1: pick up)
            move = single_defence(targets[0], -1 if action == targets[0] else action)
            return _PanjparPartial(state, steps, move)
        # The engine's defence code: per attack card in ascending order (the first the most
        # significant), its killer's index + 1, or 0 when it is picked up.
        digits = 0
        for target, answer in zip(targets, steps, strict=True):
            digits = digits << 6 | (0 if answer == target else answer + 1)
        move = defences_of_codes((facts.attack << CODE_SHIFT | digits,))[0]
        return _PanjparPartial(state, steps, move)


class _PanjparFacts(NamedTuple):
    """What a Panjpar move being built reads once from its position."""

    attack: int
    """Defending: the attack cards, as a card mask (0 when attacking)."""
    targets: tuple[int, ...]
    """The attack cards' indices in the order a defence answers them (ascending)."""
    killers: tuple[int, ...]
    """Per attack card, the defender's hand cards that beat it (P-S12), as a card mask."""
    attacks: dict[int, Move]
    """Attacking: the engine's legal attacks by their cards' mask (empty when defending)."""


def _beaters(attacked: int, trump: Any) -> int:
    """The mask of the cards that beat card ``attacked`` under ``trump`` (P-S12), from
    :func:`panjpar.beats`, worked out once per card and trump suit."""
    row = _BEATERS[_SUITS.index(trump)]  # by identity, in C (a Suit's hash is Python code)
    found = row[attacked]
    if found < 0:
        found = row[attacked] = cards.mask(
            c for c in DECK if panjpar.beats(c, DECK[attacked], trump)
        )
    return found


_SUITS: Final = tuple(cards.Suit)
_BEATERS: Final = [[-1] * 52 for _ in _SUITS]
"""Per trump suit and card index, the mask of the cards that beat it (-1: not known yet)."""


def _targets(state: Any) -> list[Card]:
    """The attack cards in the order a defence answers them: lowest card index first."""
    return sorted(state.attack, key=lambda c: c.index)


def _panjpar_encode(state: Any, move: Move) -> tuple[int, ...]:
    if isinstance(move, panjpar.Attack):
        return (*_sorted_indices(move.cards), DONE)
    assert isinstance(move, panjpar.Defend)
    kills = move.kills
    return tuple((kills[a] if a in kills else a).index for a in _targets(state))


# -- Pazaak ----------------------------------------------------------------------------------


class _PazaakPartial(Partial):
    """One action is one move: end the turn, stand, or play a side card as a value."""

    __slots__ = ()
    size = len(_PAZAAK_MOVES)
    game = "pazaak"

    def _find_bits(self) -> int:
        state = self.state
        if state.played_this_turn is not None:
            return _PAZAAK_TAIL  # a hand card is down: end the turn or stand (Z-S8)
        hand = state.hands[state.to_move]
        found = _PAZAAK_BY_HAND.get(hand)
        if found is None:
            found = 0
            for move in state.legal_moves():
                found |= 1 << _PAZAAK_ACTION[move]
            if len(_PAZAAK_BY_HAND) < 65536:
                _PAZAAK_BY_HAND[hand] = found
        return found

    def then(self, action: object) -> Partial:
        """As :meth:`Partial.then`; a legal action (an int) is played at once: every Pazaak
        move is one action, and this runs at every step of the environments."""
        bits = self._bits
        if bits is None:
            bits = self._bits = self._find_bits()
        if self.move is None and action.__class__ is int and action >= 0 and bits >> action & 1:
            return _PazaakPartial(self.state, (action,), _PAZAAK_MOVES[action])
        return super().then(action)

    def _step(self, action: int) -> Partial:
        return _PazaakPartial(self.state, (action,), _PAZAAK_MOVES[action])


_PAZAAK_TAIL: Final = 1 << PAZAAK_END | 1 << PAZAAK_STAND
_PAZAAK_BY_HAND: dict[tuple[pazaak.SideCard, ...], int] = {}
"""The legal actions of a hand with no card played this turn: the engine's legal moves
depend on nothing else then (its own cache is by hand too), so each hand is mapped once; a
test holds them equal to the engine's moves all game long."""


def _pazaak_encode(state: Any, move: Move) -> tuple[int, ...]:
    assert isinstance(move, pazaak.Move)
    return (_PAZAAK_ACTION[move],)


# -- the encodings ---------------------------------------------------------------------------


class Actions:
    """The action encoding of one game: ``size`` distinct actions, :meth:`start` a move,
    :meth:`encode` a move into its actions and :meth:`decode` them back."""

    __slots__ = ("_encode", "_partial", "game", "size")

    def __init__(self, partial: type[Partial], encode: Any) -> None:
        self._partial, self._encode = partial, encode
        self.game, self.size = partial.game, partial.size

    def start(self, state: Any) -> Partial:
        """The empty move of the seat to move in ``state``."""
        return self._partial(state)

    def encode(self, state: Any, move: Move | str) -> tuple[int, ...]:
        """The actions that build ``move`` (a legal move of ``state``, or its text); card
        actions in ascending index order. An illegal move raises the engine's reason."""
        played = state.play(move).history[-1]  # the engine's refusal, or the move as a Move
        found: tuple[int, ...] = self._encode(state, played)
        return found

    def decode(self, state: Any, actions: Sequence[object]) -> Move:
        """The move that ``actions`` build from the start in ``state``; they must complete
        it exactly (else :class:`IllegalMove`)."""
        partial = self.start(state)
        for action in actions:
            partial = partial.then(action)
        if partial.move is None:
            raise IllegalMove(
                "rl.action.incomplete",
                actions=", ".join(map(str, partial.steps)) or "-",
                legal=", ".join(map(str, partial.legal_actions())),
            )
        return partial.move

    def label(self, action: int, locale: str | None = None) -> str:
        """What an action means, in words (``8♦``, ``done``, ``play ±4 as -4``)."""
        _action_index(action, self.game, self.size)
        return _label(self.game, action, locale)

    def labels(self, locale: str | None = None) -> list[str]:
        """Every action's label, by action number."""
        return [_label(self.game, a, locale) for a in range(self.size)]


def _label(game: str, action: int, locale: str | None = None) -> str:
    if game == "pazaak":
        return str(_PAZAAK_MOVES[action])
    if action == DONE:
        return i18n.text("rl.action.done", locale)
    return str(cards.card_at(action))


_ACTIONS: Final = {
    "tablic": Actions(_TablicPartial, _tablic_encode),
    "panjpar": Actions(_PanjparPartial, _panjpar_encode),
    "pazaak": Actions(_PazaakPartial, _pazaak_encode),
}


def actions_of(game: object) -> Actions:
    """The action encoding of ``game``: its name (``"tablic"``), its module or a state of it.

    >>> actions_of("pazaak").size, actions_of("panjpar").size
    (35, 53)
    """
    name = game if isinstance(game, str) else _game_name(game)
    found = _ACTIONS.get(name.lower()) if isinstance(name, str) else None
    if found is None:
        raise IllegalMove("rl.game.unknown", game=i18n.shown(game), games=", ".join(GAMES))
    return found


def _game_name(game: object) -> object:
    """``tablic`` for the module ``cardwidgets.tablic`` or a Tablić state, else ``game``."""
    for name, module in (("tablic", tablic), ("panjpar", panjpar), ("pazaak", pazaak)):
        if game is module or isinstance(game, module.State):
            return name
    return game
