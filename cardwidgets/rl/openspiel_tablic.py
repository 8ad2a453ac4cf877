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
from collections.abc import Callable
from typing import Any, Final

from cardwidgets import extras
from cardwidgets.cards import DECK, Rng, card_at
from cardwidgets.games import tablic
from cardwidgets.games.tablic.rules import MAX_DEAL_NUMBER
from cardwidgets.rl.actions import Partial, actions_of
from cardwidgets.rl.observations import observer_of
from cardwidgets.rl.openspiel_factored import FeatureObserver, Held

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


class TablicSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A Tablić match in OpenSpiel: chance deals each deal's 52 cards, then the seats build
    their moves action by action."""

    def __init__(self, game: TablicGame) -> None:
        super().__init__(game)
        self.rules: tablic.Rules = game.rules
        self.engine = Held(None)
        """The engine state: None before the first deal; between deals, the state after the
        last move, whose own next deal the order dealt by chance replaces."""
        self.partial = Held(None)
        self.order: list[int] = []
        self.dealing = True
        self.trails: tuple[list[str], list[str]] = ([], [])
        """Each seat's view after every move (perfect recall)."""

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

    def _legal_actions(self, player: int) -> list[int]:
        partial: Partial = self.partial.value
        return list(partial.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deal: every card not dealt yet, equally likely."""
        dealt = set(self.order)
        left = [index for index in range(len(DECK)) if index not in dealt]
        return [(index, 1 / len(left)) for index in left]

    def _apply_action(self, action: int) -> None:
        if self.dealing:
            self.order.append(action)
            if len(self.order) == len(DECK):
                self._start_deal()
            return
        partial = self.partial.value.then(action)
        if partial.move is None:
            self.partial = Held(partial)
            return
        engine = self.engine.value
        after = engine.play(partial.move)
        self.engine = Held(after)
        for seat in (0, 1):
            self.trails[seat].append(_step_text(after.view(seat)))
        if not after.is_over and after.deal_number != engine.deal_number:
            self.dealing = True  # the engine dealt the next deal itself: chance redeals it
        elif not after.is_over:
            self.partial = Held(_ACTIONS.start(after))

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

    def _action_to_string(self, player: int, action: int) -> str:
        if player < 0:
            return f"deal {card_at(action)}"
        return _ACTIONS.label(action)

    def returns(self) -> list[float]:
        """+1 for the match winner, -1 for the loser; 0 each for a draw or until the end."""
        engine = self.engine.value
        outcome = None if engine is None or self.dealing else engine.outcome
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def resample_from_infostate(
        self, player: int, probability_sampler: Callable[[], float]
    ) -> TablicSpielState:
        """A state ``player`` cannot tell from this one (``State.determinize``)."""
        rng = Rng(int(probability_sampler() * 2**53))
        new: TablicSpielState = self.clone()
        if self.dealing:
            new.order = rng.shuffle(list(range(len(DECK))))[: len(self.order)]
        engine = self.engine.value
        if engine is not None:
            new.engine = Held(engine.determinize(player, rng))
        if not self.dealing and not engine.is_over:
            partial = _ACTIONS.start(new.engine.value)
            for step in self.partial.value.steps:
                partial = partial.then(step)
            new.partial = Held(partial)
        return new

    def __str__(self) -> str:
        """The full state (every card), for debugging and playthroughs."""
        engine = self.engine.value
        if self.dealing or engine is None:
            return f"dealing: {' '.join(str(card_at(i)) for i in self.order)}"
        return f"{engine!r} steps {list(self.partial.value.steps)}"


def _view_text(view: tablic.TablicView) -> str:
    """The present view as JSON, without the last move and the last deal's result: the trail
    holds them, and a resampled state (a new root) has neither."""
    shown = {key: value for key, value in view.items() if key not in _HISTORY_FIELDS}
    return json.dumps(shown, ensure_ascii=False, sort_keys=True)


def _step_text(view: tablic.TablicView) -> str:
    """A move and the cards the seat sees after it: with the moves before, the rest of the
    view (piles, scores, sizes) follows, so the trail stays short and keeps perfect recall."""
    hand, table, shown = view["hand"], view["table"], view["revealed"]
    return f"{view['last_move']} | hand {' '.join(hand)} | table {' '.join(table)} | {shown}"


class TablicObserver(FeatureObserver):
    """Strings and a tensor of what one seat sees, from ``state.view(seat)`` only.

    The tensor (without perfect recall) is :mod:`cardwidgets.rl.observations`' feature vector,
    the one the PettingZoo environment gives, with the steps of the seat's own move being
    built; all zeros while chance deals. Public and private parts are not offered apart.
    """

    def __init__(self, iig_obs_type: Any) -> None:
        super().__init__(iig_obs_type, _FEATURES)

    def dealing(self, state: TablicSpielState) -> bool:
        """Between deals chance deals while the finished deal's engine state stays."""
        return bool(state.dealing)

    def string_from(self, state: TablicSpielState, player: int) -> str | None:
        """The seat's view as JSON (with recall, every view it had before)."""
        if not (self.public and self.private):
            return None  # the parts are not offered apart
        engine = state.engine.value
        if engine is None:
            now = "dealing"
        elif state.dealing:
            view = engine.view(player)
            now = "dealing " + json.dumps({k: view[k] for k in _DEALING_FIELDS}, sort_keys=True)
        else:
            now = f"{_view_text(engine.view(player))} steps {list(state.partial.value.steps)}"
        if self.recall:
            return "\n".join([f"p{player}", *state.trails[player], now])
        return f"p{player} {now}"


def register() -> None:
    """Register ``python_cardwidgets_tablic`` with OpenSpiel (once)."""
    if _GAME_TYPE.short_name not in pyspiel.registered_names():
        pyspiel.register_game(_GAME_TYPE, TablicGame)
