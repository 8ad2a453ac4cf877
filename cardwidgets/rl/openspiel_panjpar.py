"""Panjpar as an OpenSpiel game (``python_cardwidgets_panjpar``), registered by
:mod:`cardwidgets.rl.openspiel`.

* **The guess** (P-D1) is the first decision: the guesser (seat 0, the non-dealer) calls red or
  black before the deal, actions ``GUESS_RED`` (53) and ``GUESS_BLACK`` (54).
* **Explicit chance** then deals the order of the 52 cards, one card per chance node, each
  remaining card equally likely: seat 0's hand, seat 1's hand, the trump indicator, then the
  stock, top first, with the indicator under it (``State.from_position``).
* **Factored actions** (:mod:`cardwidgets.rl.actions`, 53 actions): an attack is built card by
  card, then ``done``; a defence answers each attack card in turn. The engine gives each mask.
* **Information**, from ``state.view(seat)`` only: the observation string is the view as JSON
  (with the steps of a move being built), its tensor the PettingZoo environment's features
  (:mod:`cardwidgets.rl.observations`, 529 numbers); the information state (a string) is the
  guess, then every move with the seat's hand and known cards after it (perfect recall).
* **Resampling** is the engine's ``determinize``; the steps of a move being built are kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from cardwidgets import extras
from cardwidgets.cards import DECK, Rng, card_at
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar.rules import first_attacker
from cardwidgets.rl.actions import Partial, actions_of
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.openspiel_factored import FeatureObserver, Held

pyspiel: Any = extras.require("pyspiel", "openspiel", "cardwidgets.rl.openspiel")

__all__ = [
    "GUESS_BLACK",
    "GUESS_RED",
    "PanjparGame",
    "PanjparObserver",
    "PanjparSpielState",
    "register",
]

_ACTIONS: Final = actions_of("panjpar")
_FEATURES: Final = observer_of("panjpar")
GUESS_RED: Final = _ACTIONS.size
GUESS_BLACK: Final = _ACTIONS.size + 1
_GUESSES: Final = {GUESS_RED: "red", GUESS_BLACK: "black"}
_GUESSER: Final = 0  # the non-dealer: the dealer is seat 1 (P-D1, new_game's default)
# A bound on the steps of a deal: an exchange (an attack and its answer: at most 5 cards and
# done, then 5 answers) takes at most 11 steps, and 53 * (cards not discarded) + (the attacker's
# cards) + 2 * (stock) falls with every exchange: a kill discards at least two cards (106 less;
# the next attacker holds at most 52), a pick-up leaves the attacker k cards fewer and any
# refill of r cards takes 2r from the stock term. It starts below 53 * 52 + 52 + 2 * 42.
_MAX_STEPS: Final = 11 * (53 * len(DECK) + len(DECK) + 2 * 42)

_GAME_TYPE = pyspiel.GameType(
    short_name="python_cardwidgets_panjpar",
    long_name="Python cardwidgets Panjpar",
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
    parameter_specification={"hand_size": 5},
)


class PanjparGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The OpenSpiel game; parameter ``hand_size`` (5 or 6)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = panjpar.Rules(hand_size=int(params.get("hand_size", 5)))
        info = pyspiel.GameInfo(
            num_distinct_actions=_ACTIONS.size + 2,
            max_chance_outcomes=len(DECK),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=1 + len(DECK) + _MAX_STEPS,
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> PanjparSpielState:
        """A game before the guess and the deal."""
        return PanjparSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> PanjparObserver:
        """An observer of strings built from views."""
        return PanjparObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class PanjparSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Panjpar game in OpenSpiel: the guess, the deal by chance, then moves built action by
    action."""

    def __init__(self, game: PanjparGame) -> None:
        super().__init__(game)
        self.rules: panjpar.Rules = game.rules
        self.guess: str | None = None
        self.order: list[int] = []
        self.engine = Held(None)
        self.partial = Held(None)
        self.trails: tuple[list[str], list[str]] = ([], [])
        """Each seat's view after every move (perfect recall)."""

    def current_player(self) -> int:
        """The guesser, then ``CHANCE`` while dealing, then the seat building a move."""
        engine = self.engine.value
        if self.guess is None:
            return _GUESSER
        if engine is None:
            return int(pyspiel.PlayerId.CHANCE)
        if engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(engine.to_move)

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        engine = self.engine.value
        return engine is not None and bool(engine.is_over)

    def _legal_actions(self, player: int) -> list[int]:
        if self.guess is None:
            return [GUESS_RED, GUESS_BLACK]
        partial: Partial = self.partial.value
        return list(partial.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deal: every card not dealt yet, equally likely."""
        dealt = set(self.order)
        left = [index for index in range(len(DECK)) if index not in dealt]
        return [(index, 1 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        if self.guess is None:
            self.guess = _GUESSES[action]
            return
        if self.engine.value is None:
            self.order.append(action)
            if len(self.order) == len(DECK):
                self._deal()
            return
        partial = self.partial.value.then(action)
        if partial.move is None:
            self.partial = Held(partial)
            return
        after = self.engine.value.play(partial.move)
        self.engine = Held(after)
        for seat in (0, 1):
            self.trails[seat].append(_step_text(str(partial.move), after.view(seat)))
        if not after.is_over:
            self.partial = Held(_ACTIONS.start(after))

    def _deal(self) -> None:
        """The engine's state, dealt from the order chance chose (P-S3, P-S4)."""
        size = self.rules.hand_size
        cards = [card_at(index) for index in self.order]
        indicator = cards[2 * size]
        assert self.guess is not None
        engine = panjpar.State.from_position(
            hands=(cards[:size], cards[size : 2 * size]),
            stock=[*cards[2 * size + 1 :], indicator],
            trump=indicator,
            attacker=first_attacker(_GUESSER, self.guess, indicator),
            rules=self.rules,
        )
        self.engine, self.partial = Held(engine), Held(_ACTIONS.start(engine))

    def _action_to_string(self, player: int, action: int) -> str:
        if player < 0:
            return f"deal {card_at(action)}"
        if action in _GUESSES:
            return f"guess {_GUESSES[action]}"
        return _ACTIONS.label(action)

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser; 0 each for a draw or until the end."""
        engine = self.engine.value
        outcome = None if engine is None else engine.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def resample_from_infostate(
        self, player: int, probability_sampler: Callable[[], float]
    ) -> PanjparSpielState:
        """A state ``player`` cannot tell from this one (``State.determinize``)."""
        rng = Rng(int(probability_sampler() * 2**53))
        new: PanjparSpielState = self.clone()
        engine = self.engine.value
        if engine is None:
            new.order = rng.shuffle(list(range(len(DECK))))[: len(self.order)]
            return new
        new.engine = Held(engine.determinize(player, rng))
        if not engine.is_over:
            partial = _ACTIONS.start(new.engine.value)
            for step in self.partial.value.steps:
                partial = partial.then(step)
            new.partial = Held(partial)
        return new

    def __str__(self) -> str:
        """The full state (every card), for debugging and playthroughs."""
        engine = self.engine.value
        if engine is None:
            return f"guess {self.guess}, dealing: {' '.join(str(card_at(i)) for i in self.order)}"
        return f"{engine!r} steps {list(self.partial.value.steps)}"


def _view_text(view: panjpar.PanjparView) -> str:
    return json.dumps(view, ensure_ascii=False, sort_keys=True)


def _step_text(move: str, view: panjpar.PanjparView) -> str:
    """A move (every Panjpar move is seen by both) and the seat's hand and known cards after
    it: with the moves before, the rest of the view follows, so the trail keeps perfect
    recall and stays short."""
    return f"{move} | hand {' '.join(view['hand'])} | known {view['known']}"


class PanjparObserver(FeatureObserver):
    """Strings and a tensor of what one seat sees, from ``state.view(seat)`` only.

    The tensor (without perfect recall) is :mod:`cardwidgets.rl.observations`' feature vector,
    the one the PettingZoo environment gives, with the steps of the seat's own move being
    built; all zeros while chance deals. Public and private parts are not offered apart.
    """

    def __init__(self, iig_obs_type: Any) -> None:
        super().__init__(iig_obs_type, _FEATURES)

    def string_from(self, state: PanjparSpielState, player: int) -> str | None:
        """The seat's view as JSON (with recall: the guess and every view it had before)."""
        if not (self.public and self.private):
            return None  # the parts are not offered apart
        engine = state.engine.value
        if engine is None:
            now = f"guess {state.guess}, dealing"
        else:
            now = f"{_view_text(engine.view(player))} steps {list(state.partial.value.steps)}"
        if self.recall:
            return "\n".join([f"p{player} guess {state.guess}", *state.trails[player], now])
        return f"p{player} {now}"


def register() -> None:
    """Register ``python_cardwidgets_panjpar`` with OpenSpiel (once)."""
    if _GAME_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, PanjparGame)
