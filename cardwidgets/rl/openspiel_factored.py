"""What the OpenSpiel games with factored actions (Tablić, Panjpar) share: a value held across
clones (:class:`Held`), the state that deals by chance and builds moves action by action
(:class:`FactoredSpielState`), and the observer whose tensor is the PettingZoo environment's
features and whose strings are views (:class:`FeatureObserver`). Each game's module adds its
deal, its strings and what happens between moves, through the public hooks of these classes.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, ClassVar

from cardwidgets import extras
from cardwidgets.cards import DECK, Rng, card_at
from cardwidgets.core import Outcome
from cardwidgets.rl.actions import Actions, Partial
from cardwidgets.rl.observations import Observer

pyspiel: Any = extras.require("pyspiel", "openspiel", "cardwidgets.rl.openspiel")
np: Any = extras.require("numpy", "openspiel", "cardwidgets.rl.openspiel")

__all__ = ["FactoredSpielState", "FeatureObserver", "Held"]


class Held:
    """An engine state or a move being built: values, shared by clones (OpenSpiel clones a
    state by deep-copying its attributes)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return self


class FactoredSpielState(pyspiel.State):  # type: ignore[misc]  # pyspiel is untyped
    """A game in OpenSpiel whose 52 cards chance deals one by one (``order``) and whose seats
    build their moves with :attr:`actions`; ``engine`` and ``partial`` hold the engine state
    and the move being built, ``trails`` each seat's :meth:`step_text` after every move
    (perfect recall). A game's subclass deals the engine state from ``order``."""

    actions: ClassVar[Actions]

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.order: list[int] = []
        self.engine = Held(None)
        self.partial = Held(None)
        self.trails: tuple[list[str], list[str]] = ([], [])
        """Each seat's :meth:`step_text` after every move (perfect recall)."""

    def _legal_actions(self, player: int) -> list[int]:
        partial: Partial = self.partial.value
        return list(partial.legal_actions())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """The next card of the deal: every card not dealt yet, equally likely."""
        dealt = set(self.order)
        left = [index for index in range(len(DECK)) if index not in dealt]
        return [(index, 1 / len(left)) for index in left]

    def build(self, action: int) -> None:
        """The seat to move takes ``action``; a completed move is played, each seat's trail
        gets its step, and :meth:`after_move` decides what comes next."""
        partial = self.partial.value.then(action)
        if partial.move is None:
            self.partial = Held(partial)
            return
        before = self.engine.value
        after = before.play(partial.move)
        self.engine = Held(after)
        for seat in (0, 1):
            self.trails[seat].append(self.step_text(partial.move, after.view(seat)))
        self.after_move(before, after)

    def after_move(self, before: Any, after: Any) -> None:
        """After a move from ``before`` to ``after``: the next seat starts its move."""
        if not after.is_over:
            self.partial = Held(self.actions.start(after))

    def step_text(self, move: Any, view: Any) -> str:
        """What a seat's trail keeps of a move and its view after it."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """The result, once the game is over (else None)."""
        engine = self.engine.value
        return None if engine is None else engine.outcome

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser; 0 each for a draw or until the end."""
        outcome = self.outcome()
        if outcome is None or outcome.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if outcome.winner == 0 else [-1.0, 1.0]

    def _action_to_string(self, player: int, action: int) -> str:
        if player < 0:
            return f"deal {card_at(action)}"
        return self.actions.label(action)

    def is_dealing(self) -> bool:
        """Whether chance is dealing (a game whose deals follow one another deals while the
        last deal's engine state stays)."""
        return self.engine.value is None

    def resample_from_infostate(self, player: int, probability_sampler: Callable[[], float]) -> Any:
        """A state ``player`` cannot tell from this one: the cards dealt so far by chance
        reshuffled, the engine state resampled (``State.determinize``), the move being built
        rebuilt in it."""
        rng = Rng(int(probability_sampler() * 2**53))
        new = self.clone()
        dealing, engine = self.is_dealing(), self.engine.value
        if dealing:
            new.order = rng.shuffle(list(range(len(DECK))))[: len(self.order)]
        if engine is not None:
            new.engine = Held(engine.determinize(player, rng))
        if not dealing and not engine.is_over:
            partial = self.actions.start(new.engine.value)
            for step in self.partial.value.steps:
                partial = partial.then(step)
            new.partial = Held(partial)
        return new

    def dealt_text(self) -> str:
        """The cards chance dealt so far."""
        return " ".join(str(card_at(i)) for i in self.order)

    def engine_text(self) -> str:
        """The full engine state and the steps of the move being built."""
        return f"{self.engine.value!r} steps {list(self.partial.value.steps)}"


class FeatureObserver:
    """A tensor of what one seat sees, from ``state.view(seat)`` only: ``features``' vector
    (:mod:`cardwidgets.rl.observations`, the one the PettingZoo environment gives) with the
    steps of the seat's own move being built; all zeros while chance deals. Offered without
    perfect recall only, and public and private parts not apart.
    """

    def __init__(self, iig_obs_type: Any, features: Observer) -> None:
        self.recall = bool(iig_obs_type.perfect_recall)
        self.private = iig_obs_type.private_info == pyspiel.PrivateInfoType.SINGLE_PLAYER
        self.public = bool(iig_obs_type.public_info)
        self.features = features
        self.tensor: Any = None
        self.dict: dict[str, Any] = {}
        if self.public and self.private and not self.recall:
            tensor = self.tensor = np.zeros(features.size, np.float32)
            start = 0
            for name, size in features.fields:
                self.dict[name] = tensor[start : start + size]
                start += size

    def dealing(self, state: Any) -> bool:
        """Whether chance is dealing in ``state`` (:meth:`FactoredSpielState.is_dealing`)."""
        return bool(state.is_dealing())

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with the seat's features (zeros while chance deals)."""
        if self.tensor is None:
            return
        engine = state.engine.value
        if engine is None or self.dealing(state):
            self.tensor.fill(0)
            return
        mine = state.partial.value if engine.to_move == player and not engine.is_over else None
        self.tensor[:] = np.frombuffer(self.features.array(engine.view(player), mine), np.float32)

    def string_from(self, state: Any, player: int) -> str | None:
        """The seat's view as JSON and the steps of its move (with recall: after
        :meth:`recall_head`, every step text of its trail before)."""
        if not (self.public and self.private):
            return None  # the parts are not offered apart
        engine = state.engine.value
        if engine is None or self.dealing(state):
            now = self.dealing_text(state, player)
        else:
            now = f"{self.view_text(engine.view(player))} steps {list(state.partial.value.steps)}"
        if self.recall:
            return "\n".join([self.recall_head(state, player), *state.trails[player], now])
        return f"p{player} {now}"

    def view_text(self, view: Any) -> str:
        """The present view as JSON."""
        return json.dumps(view, ensure_ascii=False, sort_keys=True)

    def dealing_text(self, state: Any, player: int) -> str:
        """What the seat sees while chance deals."""
        return "dealing"

    def recall_head(self, state: Any, player: int) -> str:
        """The first line of a string with recall."""
        return f"p{player}"
