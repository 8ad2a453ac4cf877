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

from typing import Any, Final

from cardwidgets import extras
from cardwidgets.cards import DECK, card_at
from cardwidgets.games import panjpar
from cardwidgets.games.panjpar.rules import first_attacker
from cardwidgets.rl.actions import actions_of
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.openspiel_factored import FactoredSpielState, FeatureObserver, Held

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


class PanjparSpielState(FactoredSpielState):
    """A Panjpar game in OpenSpiel: the guess, the deal by chance, then moves built action by
    action."""

    actions = _ACTIONS

    def __init__(self, game: PanjparGame) -> None:
        super().__init__(game)
        self.rules: panjpar.Rules = game.rules
        self.guess: str | None = None

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
        return super()._legal_actions(player)

    def _apply_action(self, action: int) -> None:
        if self.guess is None:
            self.guess = _GUESSES[action]
        elif self.engine.value is not None:
            self.build(action)
        else:
            self.order.append(action)
            if len(self.order) == len(DECK):
                self._deal()

    def step_text(self, move: Any, view: Any) -> str:
        """A move (every Panjpar move is seen by both) and the seat's hand and known cards
        after it: with the moves before, the rest of the view follows, so the trail keeps
        perfect recall and stays short."""
        return f"{move} | hand {' '.join(view['hand'])} | known {view['known']}"

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
        if player >= 0 and action in _GUESSES:
            return f"guess {_GUESSES[action]}"
        return super()._action_to_string(player, action)

    def __str__(self) -> str:
        """The full state (every card), for debugging and playthroughs."""
        if self.engine.value is None:
            return f"guess {self.guess}, dealing: {self.dealt_text()}"
        return self.engine_text()


class PanjparObserver(FeatureObserver):
    """Strings and a tensor of what one seat sees, from ``state.view(seat)`` only.

    The tensor (without perfect recall) is :mod:`cardwidgets.rl.observations`' feature vector,
    the one the PettingZoo environment gives, with the steps of the seat's own move being
    built; all zeros while chance deals. Public and private parts are not offered apart.
    """

    def __init__(self, iig_obs_type: Any) -> None:
        super().__init__(iig_obs_type, _FEATURES)

    def dealing_text(self, state: Any, player: int) -> str:
        """The guess, while chance deals."""
        return f"guess {state.guess}, dealing"

    def recall_head(self, state: Any, player: int) -> str:
        """The seat and the guess."""
        return f"p{player} guess {state.guess}"


def register() -> None:
    """Register ``python_cardwidgets_panjpar`` with OpenSpiel (once)."""
    if _GAME_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, PanjparGame)
