"""Tablić as an OpenSpiel game (``python_cardwidgets_tablic``), registered by
:mod:`cardwidgets.rl.openspiel`.

* **Explicit chance.** At the start of every deal, chance deals the order of the 52 cards, one
  card per chance node, each remaining card equally likely: the first four go to the table, the
  next six to seat 0, six to seat 1, and the rest is the stock, top first, from which the
  engine deals the later rounds (``State.from_position``).
* **Factored actions** (:mod:`cardwidgets.rl.actions`, 53 actions): a move is a hand card, then
  table cards, then ``done``; each step's legal actions come from the engine.
* **Information**, from ``state.view(seat)`` only: the observation string is the view as JSON
  (with the steps of a move being built), its tensor the PettingZoo environment's features
  (:mod:`cardwidgets.rl.observations`, 381 numbers); the information state (a string) is the
  seat's cards after every move before it (perfect recall). While chance deals, only what lasts
  across deals shows.
* **Resampling** is the engine's ``determinize``; the steps of a move being built are kept.
"""

from __future__ import annotations

import json
from typing import Any, Final

from cardwidgets import extras
from cardwidgets.cards import DECK, card_at
from cardwidgets.core import Outcome
from cardwidgets.games import tablic
from cardwidgets.games.tablic.rules import MAX_DEAL_NUMBER
from cardwidgets.rl.actions import actions_of
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.openspiel_factored import FactoredSpielState, FeatureObserver, Held

pyspiel: Any = extras.require("pyspiel", "openspiel", "cardwidgets.rl.openspiel")

__all__ = ["TablicGame", "TablicObserver", "TablicSpielState", "register"]

_ACTIONS: Final = actions_of("tablic")
_FEATURES: Final = observer_of("tablic")
_STEPS_PER_DEAL: Final = 48 * 12  # 48 moves a deal, each a hand card, table cards and done
_HISTORY_FIELDS: Final = ("last_move", "last_deal")
_DEALING_FIELDS: Final = ("deal", "dealer", "totals", "target", "over", "outcome")

_GAME_TYPE = pyspiel.GameType(
    short_name="python_cardwidgets_tablic",
    long_name="Python cardwidgets Tablic",
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
    parameter_specification={"target": 101},
)


class TablicGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel is untyped
    """The OpenSpiel game; parameter ``target`` (the match's points) makes short variants."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.rules = tablic.Rules(target=int(params.get("target", 101)))
        info = pyspiel.GameInfo(
            num_distinct_actions=_ACTIONS.size,
            max_chance_outcomes=len(DECK),
            num_players=2,
            min_utility=-1.0,
            max_utility=1.0,
            utility_sum=0.0,
            max_game_length=MAX_DEAL_NUMBER * (len(DECK) + _STEPS_PER_DEAL),
        )
        super().__init__(_GAME_TYPE, info, params)

    def new_initial_state(self) -> TablicSpielState:
        """A match before the first deal: the first 52 nodes are chance nodes."""
        return TablicSpielState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> TablicObserver:
        """An observer of strings built from views."""
        return TablicObserver(iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False))


class TablicSpielState(FactoredSpielState):
    """A Tablić match in OpenSpiel: chance deals each deal's 52 cards, then the seats build
    their moves action by action."""

    actions = _ACTIONS

    def __init__(self, game: TablicGame) -> None:
        super().__init__(game)
        self.rules: tablic.Rules = game.rules
        self.dealing = True
        """Whether chance deals: before the first deal (no engine state) and between deals
        (the state after the last move, whose own next deal the order dealt replaces)."""

    def current_player(self) -> int:
        """The seat building a move, ``CHANCE`` while dealing, ``TERMINAL`` at the end."""
        engine = self.engine.value
        if self.dealing:
            return int(pyspiel.PlayerId.CHANCE)
        if engine.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(engine.to_move)

    def is_terminal(self) -> bool:
        """Whether the match is over."""
        engine = self.engine.value
        return not self.dealing and bool(engine.is_over)

    def is_dealing(self) -> bool:
        """Before the first deal and between deals."""
        return self.dealing

    def _apply_action(self, action: int) -> None:
        if not self.dealing:
            self.build(action)
            return
        self.order.append(action)
        if len(self.order) == len(DECK):
            self._start_deal()

    def after_move(self, before: Any, after: Any) -> None:
        """The engine dealt the next deal itself: chance redeals it."""
        if not after.is_over and after.deal_number != before.deal_number:
            self.dealing = True
        else:
            super().after_move(before, after)

    def step_text(self, move: Any, view: Any) -> str:
        """A move and the cards the seat sees after it: with the moves before, the rest of the
        view (piles, scores, sizes) follows, so the trail stays short and keeps perfect recall."""
        hand, table, shown = view["hand"], view["table"], view["revealed"]
        return f"{view['last_move']} | hand {' '.join(hand)} | table {' '.join(table)} | {shown}"

    def outcome(self) -> Outcome | None:
        """The match's result, once over (none while dealing)."""
        return None if self.dealing else super().outcome()

    def _start_deal(self) -> None:
        """The deal's engine state, dealt from the order chance chose."""
        before = self.engine.value
        cards = [card_at(index) for index in self.order]
        engine = tablic.State.from_position(
            table=cards[:4],
            hands=(cards[4:10], cards[10:16]),
            stock=cards[16:],
            to_move=0 if before is None else before.to_move,
            dealer=1 if before is None else before.dealer,
            rules=self.rules,
            totals=(0, 0) if before is None else before.totals,
            deal_number=1 if before is None else before.deal_number,
            seed=0,  # never used: the deal's cards all come from the order
        )
        self.engine, self.partial = Held(engine), Held(_ACTIONS.start(engine))
        self.order, self.dealing = [], False

    def __str__(self) -> str:
        """The full state (every card), for debugging and playthroughs."""
        if self.dealing or self.engine.value is None:
            return f"dealing: {self.dealt_text()}"
        return self.engine_text()


class TablicObserver(FeatureObserver):
    """Strings and a tensor of what one seat sees, from ``state.view(seat)`` only.

    The tensor (without perfect recall) is :mod:`cardwidgets.rl.observations`' feature vector,
    the one the PettingZoo environment gives, with the steps of the seat's own move being
    built; all zeros while chance deals. Public and private parts are not offered apart.
    """

    def __init__(self, iig_obs_type: Any) -> None:
        super().__init__(iig_obs_type, _FEATURES)

    def view_text(self, view: Any) -> str:
        """The present view as JSON, without the last move and the last deal's result: the
        trail holds them, and a resampled state (a new root) has neither."""
        shown = {key: value for key, value in view.items() if key not in _HISTORY_FIELDS}
        return json.dumps(shown, ensure_ascii=False, sort_keys=True)

    def dealing_text(self, state: Any, player: int) -> str:
        """Between deals, what lasts across deals (scores, dealer)."""
        engine = state.engine.value
        if engine is None:
            return "dealing"
        view = engine.view(player)
        return "dealing " + json.dumps({k: view[k] for k in _DEALING_FIELDS}, sort_keys=True)


def register() -> None:
    """Register ``python_cardwidgets_tablic`` with OpenSpiel (once)."""
    if _GAME_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, TablicGame)
