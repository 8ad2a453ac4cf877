"""Pazaak and Tablić as OpenSpiel games (``python_cardwidgets_pazaak``,
``python_cardwidgets_tablic``: :mod:`.openspiel_tablic`), for search and game theory.

Importing this module registers the games with ``pyspiel`` (the ``openspiel`` extra, Python 3.11
and later); then ``pyspiel.load_game("python_cardwidgets_pazaak")`` works like any OpenSpiel
game, or :func:`load` does the import and the loading in one call::

    >>> from cardwidgets.rl import openspiel
    >>> game = openspiel.load("pazaak", sets_to_win=1)
    >>> state = game.new_initial_state()
    >>> state.is_chance_node(), len(state.chance_outcomes())
    (True, 10)

Pazaak plays the engine (:class:`cardwidgets.pazaak.State`) and adds what OpenSpiel asks:

* **Explicit chance.** Every card that chance decides is a chance node with its probability:
  the four hand cards of each seat, drawn from the seed side deck (Z-S5); who starts the match
  (a fair coin: Z-D3's higher card is equally likely to be either seat's); and at the start of
  every set the order of the fresh 40-card deck (Z-D2), one card per node, each value with the
  probability of the cards of that value left. The engine then draws from that order
  (``State.from_position(deck=...)``). Dealing the whole deck costs 40 chance nodes per set,
  where only the first 10 to 15 cards are drawn; it keeps every draw inside the engine, whose
  rules (automatic draws, forced stands, set ends) stay the only copy.
* **Information.** Observations and information states are built from ``state.view(seat)``
  only: never the opponent's hand nor the deck order. The information state (perfect recall)
  is the seat's dealt hand, then the public view after every move, then its present view.
* **Resampling.** ``state.resample_from_infostate(player, sampler)`` is the engine's
  ``determinize``: the opponent's hand and the undrawn cards are dealt anew; the rest of the
  set is then drawn by the engine from that new shuffle. The resampled state keeps the
  original's ``history()`` (OpenSpiel keeps it in C++): ISMCTS reads only its information
  states and legal actions.
* **Actions.** A player action is one of :func:`cardwidgets.rl.actions.actions_of`
  ``("pazaak")`` (``end``, ``stand``, then every side card with each value it may take: the
  numbers the PettingZoo environment uses); chance actions are numbered apart
  (:data:`CHANCE_CARDS`, then the side cards, then the two starters).
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final

from cardwidgets import extras
from cardwidgets.cards import Rng
from cardwidgets.core import Move
from cardwidgets.games import UnknownGame, pazaak
from cardwidgets.i18n import TranslatedError, shown
from cardwidgets.rl.actions import actions_of
from cardwidgets.rl.openspiel_panjpar import register as register_panjpar
from cardwidgets.rl.openspiel_tablic import register as register_tablic

pyspiel: Any = extras.require("pyspiel", "openspiel", "cardwidgets.rl.openspiel")
np: Any = extras.require("numpy", "openspiel", "cardwidgets.rl.openspiel")

__all__ = [
    "CHANCE_CARDS",
    "GAME_NAMES",
    "ObserverError",
    "PazaakGame",
    "PazaakObserver",
    "PazaakSpielState",
    "load",
]


class ObserverError(TranslatedError):
    """Parameters given to an observer of a game that has none (a ``ValueError``)."""


_ACTIONS: Final = actions_of("pazaak")
"""Player actions are those of :mod:`cardwidgets.rl.actions` (Pazaak's are flat: one action
is one move), so an agent trained in the PettingZoo environment reads the same numbers."""

CHANCE_CARDS: Final = 10
"""Chance actions 0…9 put a main-deck card 1…10 next in the deck; then one action per side card
(:data:`pazaak.ALL_SIDE_CARDS`) deals it; the last two make seat 0 or seat 1 the starter."""
_SIDE: Final = {card: CHANCE_CARDS + i for i, card in enumerate(pazaak.ALL_SIDE_CARDS)}
_STARTER: Final = CHANCE_CARDS + len(pazaak.ALL_SIDE_CARDS)
_DECK: Final = Counter(pazaak.FULL_DECK)
_MOVES_PER_SET: Final = 4 * pazaak.MAX_CARDS  # per seat: at most nine turns of card and end
GAME_NAMES: Final = {
    "pazaak": "python_cardwidgets_pazaak",
    "tablic": "python_cardwidgets_tablic",
    "panjpar": "python_cardwidgets_panjpar",
}
"""Our game names and the names they are registered under in OpenSpiel."""

_GAME_TYPE = pyspiel.GameType(
    short_name="python_cardwidgets_pazaak",
    long_name="Python cardwidgets Pazaak",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=2,
    min_num_players=2,
    provides_information_state_string=True,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=True,
    parameter_specification={"sets_to_win": 3},
)


def _game_info(sets_to_win: int) -> Any:
    # Ties replay a set, so a match is bounded only by the engine's limit on set numbers.
    per_set = len(pazaak.FULL_DECK) + _MOVES_PER_SET
    return pyspiel.GameInfo(
        num_distinct_actions=_ACTIONS.size,
        max_chance_outcomes=_STARTER + 2,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=2 * 4 + 1 + pazaak.rules.MAX_SET_NUMBER * per_set,
    )


class PazaakGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The OpenSpiel game; parameter ``sets_to_win`` (1 to 9, Z-S2: 3) makes short variants."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = pazaak.Rules(sets_to_win=int(params.get("sets_to_win", 3)))
        super().__init__(_GAME_TYPE, _game_info(self.rules.sets_to_win), params)

    def new_initial_state(self) -> PazaakSpielState:
        """A match before the deal: the first nodes are chance nodes."""
        return PazaakSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PazaakObserver:
        """An observer (strings and tensors from views) of the kind OpenSpiel asks for."""
        return PazaakObserver(
            iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False), params
        )


class _Frozen:
    """Holds an engine state: OpenSpiel clones a state by deep-copying its attributes, and an
    engine state is a value (and its history chain long), so a clone shares it."""

    __slots__ = ("state",)

    def __init__(self, state: pazaak.State | None) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Frozen:
        return self


@dataclasses.dataclass
class _Deal:
    """What chance has dealt and the engine does not hold yet."""

    hands: list[list[pazaak.SideCard]] = dataclasses.field(default_factory=lambda: [[], []])
    starter: int | None = None
    order: list[int] = dataclasses.field(default_factory=list)


class PazaakSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Pazaak match in OpenSpiel: chance deals the hands, the starter and each set's deck;
    then the engine plays the set.

    ``phase`` is ``"hands"``, ``"starter"``, ``"deck"`` (chance deals) or ``"play"``.
    """

    def __init__(self, game: PazaakGame) -> None:
        super().__init__(game)
        self.rules: pazaak.Rules = game.rules
        self.side_deck = pazaak.default_side_deck(self.rules)
        self.phase = "hands"
        self.engine = _Frozen(None)
        """The engine state: None while the hands are dealt; between sets, the state after
        the set's last move, whose next-set card the deck dealt by chance replaces."""
        self.hands: list[list[pazaak.SideCard]] = [[], []]
        self.starter = 0
        self.order: list[int] = []
        self.trail: list[str] = []
        """The public view after every move and at every set start (perfect recall)."""

    # -- whose turn ------------------------------------------------------------------------
    def current_player(self) -> int:
        """The seat to move, ``CHANCE`` while dealing, ``TERMINAL`` once the match is won."""
        engine = self.engine.state
        if self.phase != "play":
            return int(pyspiel.PlayerId.CHANCE)
        assert engine is not None
        if engine.to_move is None:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(engine.to_move)

    def is_terminal(self) -> bool:
        """Whether a seat has won the match."""
        engine = self.engine.state
        return engine is not None and engine.is_over

    def _legal_actions(self, player: int) -> list[int]:
        """The engine's legal moves, as action numbers in ascending order."""
        engine = self.engine.state
        assert engine is not None
        return list(_ACTIONS.start(engine).legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """What chance deals next (a side card, the starter or a deck card), with odds."""
        if self.phase == "hands":
            seat = 0 if len(self.hands[0]) < self.rules.hand_size else 1
            cards = Counter(self.side_deck)
            cards.subtract(self.hands[seat])
            return _odds({_SIDE[card]: n for card, n in cards.items() if n > 0})
        if self.phase == "starter":
            return [(_STARTER, 0.5), (_STARTER + 1, 0.5)]
        left = Counter(_DECK)
        left.subtract(self.order)
        return _odds({card - 1: n for card, n in sorted(left.items()) if n > 0})

    # -- moves -----------------------------------------------------------------------------
    def _apply_action(self, action: int) -> None:
        """Deal what chance chose, or play the seat's move in the engine."""
        if self.phase == "play":
            engine = self.engine.state
            assert engine is not None
            self._play(_ACTIONS.decode(engine, [action]))
        elif self.phase == "hands":
            seat = 0 if len(self.hands[0]) < self.rules.hand_size else 1
            self.hands[seat].append(pazaak.ALL_SIDE_CARDS[action - CHANCE_CARDS])
            if len(self.hands[1]) == self.rules.hand_size:
                self.phase = "starter"
        elif self.phase == "starter":
            self.starter = action - _STARTER
            self.phase = "deck"
        else:
            self.order.append(action + 1)
            if len(self.order) == len(pazaak.FULL_DECK):
                self._start_set()

    def _play(self, move: Move) -> None:
        engine = self.engine.state
        assert engine is not None and isinstance(move, pazaak.Move)
        after = engine.play(move)
        self.engine = _Frozen(after)
        self.trail.append(f"{move} | {_public(after.view(None))}")
        if not after.is_over and after.set_number != engine.set_number:
            self.phase = "deck"  # the engine drew the next set's first card: chance redeals

    def _start_set(self) -> None:
        """The engine's state at the start of a set, drawing from the deck chance dealt."""
        before = self.engine.state
        if before is None:
            hands: Sequence[Sequence[pazaak.SideCard]] = self.hands
            used: Sequence[Sequence[pazaak.SideCard]] = ((), ())
            sets, number, starter = (0, 0), 1, self.starter
        else:
            hands, sets, number = before.hands, before.sets_won, before.set_number
            starter, used = before.starter, before.used
        engine = pazaak.State.from_position(
            hands=hands,
            deck=self.order,
            to_move=starter,
            sets_won=sets,
            rules=self.rules,
            seed=0,  # never used: every draw of the set comes from the dealt order
            set_number=number,
            starter=starter,
            used=used,
        )
        self.engine, self.order, self.phase = _Frozen(engine), [], "play"
        self.trail.append(f"dealt | {_public(engine.view(None))}")

    def _action_to_string(self, player: int, action: int) -> str:
        """A move's notation (``play ±2 as -2``), or what chance dealt."""
        if player >= 0:
            return _ACTIONS.label(action)
        if action < CHANCE_CARDS:
            return f"deck {action + 1}"
        if action < _STARTER:
            return f"deal {pazaak.ALL_SIDE_CARDS[action - CHANCE_CARDS]}"
        return f"starter {action - _STARTER}"

    def returns(self) -> list[float]:
        """+1 for the match winner, -1 for the loser, 0 each until the match is over."""
        engine = self.engine.state
        outcome = None if engine is None else engine.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    # -- search ----------------------------------------------------------------------------
    def resample_from_infostate(
        self, player: int, probability_sampler: Callable[[], float]
    ) -> PazaakSpielState:
        """A state ``player`` cannot tell from this one, its hidden cards dealt anew
        (``State.determinize`` of the engine; the hands and deck being dealt, redealt)."""
        rng = Rng(int(probability_sampler() * 2**53))
        new: PazaakSpielState = self.clone()
        other = 1 - player
        if self.phase == "hands" or (self.phase == "starter" and self.engine.state is None):
            left = list(self.side_deck)
            new.hands[other] = rng.shuffle(left)[: len(self.hands[other])]
        if self.phase == "deck":
            new.order = rng.shuffle(list(pazaak.FULL_DECK))[: len(self.order)]
        engine = self.engine.state
        if engine is not None:
            new.engine = _Frozen(engine.determinize(player, rng))
        return new

    def __str__(self) -> str:
        """The full state (every card), for debugging and playthroughs."""
        engine = self.engine.state
        if engine is None or self.phase != "play":
            hands = [" ".join(map(str, hand)) for hand in self.hands]
            return f"{self.phase}: hands [{hands[0]}] [{hands[1]}], deck {self.order}"
        return repr(engine)


def _odds(counts: dict[int, int]) -> list[tuple[int, float]]:
    total = sum(counts.values())
    return [(action, n / total) for action, n in sorted(counts.items())]


def _public(view: pazaak.PazaakView) -> str:
    """What both seats see: sets, totals and tables, stands, used cards, hand and deck sizes."""
    tables = [" ".join(_card(p) for p in table) for table in view.placed]
    stands = "".join("S" if s else "-" for s in view.standing)
    used = [" ".join(map(str, u)) for u in view.used]
    played = "" if view.played_this_turn is None else f" | played {view.played_this_turn}"
    return (
        f"set {view.set_number} | sets {view.sets_won[0]}:{view.sets_won[1]} | to move"
        f" {view.to_move} | tables [{tables[0]}] [{tables[1]}] | totals {view.totals[0]}"
        f" {view.totals[1]} | stands {stands} | used [{used[0]}] [{used[1]}] | hands"
        f" {view.hand_sizes[0]} {view.hand_sizes[1]} | deck {view.deck_size}{played}"
    )


def _card(placed: tuple[int | pazaak.SideCard, int]) -> str:
    source, value = placed
    return str(value) if isinstance(source, int) else f"{source}={value}"


_SIDES: Final = len(pazaak.ALL_SIDE_CARDS)
_CARD_INDEX: Final = {card: i for i, card in enumerate(pazaak.ALL_SIDE_CARDS)}
_PUBLIC_PIECES: Final = (
    ("to_move", (2,)),
    ("sets_won", (2,)),
    ("totals", (2,)),
    ("standing", (2,)),
    ("tables", (2, pazaak.MAX_CARDS)),
    ("used", (2, _SIDES)),
    ("hand_sizes", (2,)),
    ("deck_size", (1,)),
    ("played_this_turn", (_SIDES,)),
    ("dealing", (1,)),
)


class PazaakObserver:
    """Strings and tensors of what one seat sees, from ``state.view(seat)`` only.

    ``iig_obs_type`` chooses the parts, as OpenSpiel defines them: the public part (tables,
    totals, stands, used side cards, sizes), the private part (the seat's own hand) and, with
    ``perfect_recall``, the information state: the seat's dealt hand and the public view after
    every move before the present view (a string; no tensor).
    """

    def __init__(self, iig_obs_type: Any, params: dict[str, Any] | None) -> None:
        if params:
            raise ObserverError("rl.openspiel.observer_params", params=shown(params))
        self.public = bool(iig_obs_type.public_info)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.recall = bool(iig_obs_type.perfect_recall)
        pieces: list[tuple[str, tuple[int, ...]]] = [("player", (2,))]
        if self.public:
            pieces.extend(_PUBLIC_PIECES)
        if self.private:
            pieces.append(("hand", (_SIDES,)))
        size = sum(int(np.prod(shape)) for _, shape in pieces)
        self.tensor: Any = None if self.recall else np.zeros(size, np.float32)
        self.dict: dict[str, Any] = {}
        if self.tensor is not None:
            start = 0
            for name, shape in pieces:
                end = start + int(np.prod(shape))
                self.dict[name] = self.tensor[start:end].reshape(shape)
                start = end

    def set_from(self, state: PazaakSpielState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        if self.tensor is None:
            return
        self.tensor.fill(0)
        self.dict["player"][player] = 1
        engine = state.engine.state
        view = None if engine is None else engine.view(player)
        if self.private:
            hand = state.hands[player] if view is None or view.hand is None else view.hand
            for card in hand:
                self.dict["hand"][_CARD_INDEX[card]] += 1
        if self.public:
            _fill_public(self.dict, state, view)

    def string_from(self, state: PazaakSpielState, player: int) -> str:
        """What ``player`` sees of ``state`` as text (with recall: all it has seen)."""
        engine = state.engine.state
        view = None if engine is None else engine.view(player)
        parts = [f"p{player}"]
        if self.recall:
            dealt = " ".join(map(str, state.hands[player]))
            parts.extend([f"dealt [{dealt}]", *state.trail, "now"])
        if self.public:
            parts.append(_public_now(state, view))
        if self.private:
            hand = state.hands[player] if view is None or view.hand is None else view.hand
            parts.append(f"hand [{' '.join(map(str, hand))}]")
        return " | ".join(parts)


def _public_now(state: PazaakSpielState, view: pazaak.PazaakView | None) -> str:
    """The public part of the present view; while chance deals, only what lasts across sets
    (the engine's own first card of the next set is not the one chance deals)."""
    if view is None:
        return f"dealing | hands {len(state.hands[0])} {len(state.hands[1])}"
    if state.phase != "play":
        used = [" ".join(map(str, u)) for u in view.used]
        return (
            f"dealing set {view.set_number} | sets {view.sets_won[0]}:{view.sets_won[1]} | used"
            f" [{used[0]}] [{used[1]}] | hands {view.hand_sizes[0]} {view.hand_sizes[1]}"
        )
    return _public(view)


def _fill_public(pieces: dict[str, Any], state: PazaakSpielState, view: Any) -> None:
    """The public tensor pieces: numbers as they are, cards as counts or values."""
    if view is None:
        pieces["hand_sizes"][:] = [len(state.hands[0]), len(state.hands[1])]
        pieces["dealing"][0] = 1
        return
    pieces["sets_won"][:] = view.sets_won
    pieces["hand_sizes"][:] = view.hand_sizes
    for seat in (0, 1):
        for card in view.used[seat]:
            pieces["used"][seat, _CARD_INDEX[card]] += 1
    if state.phase != "play":
        pieces["dealing"][0] = 1
        return
    if view.to_move is not None:
        pieces["to_move"][view.to_move] = 1
    pieces["totals"][:] = view.totals
    pieces["standing"][:] = view.standing
    for seat in (0, 1):
        for slot, (_, value) in enumerate(view.placed[seat]):
            pieces["tables"][seat, slot] = value
    pieces["deck_size"][0] = view.deck_size or 0
    if view.played_this_turn is not None:
        pieces["played_this_turn"][_CARD_INDEX[view.played_this_turn]] = 1


def load(game: str = "pazaak", **params: int) -> Any:
    """The OpenSpiel game of ``game`` with ``params`` (Pazaak: ``sets_to_win``; Tablić:
    ``target``).

    >>> load("chess")
    Traceback (most recent call last):
    ...
    cardwidgets.games.UnknownGame: unknown game 'chess': choose one of pazaak, tablic, panjpar
    """
    name = GAME_NAMES.get(game) if isinstance(game, str) else None
    if name is None:
        raise UnknownGame("games.unknown", name=shown(game), games=", ".join(GAME_NAMES))
    return pyspiel.load_game(name, dict(params))


pyspiel.register_game(_GAME_TYPE, PazaakGame)
# Tablić lives in its own module; registered here, so one import makes every game loadable.
register_tablic()
register_panjpar()
