"""What the OpenSpiel games with factored actions (Tablić, Panjpar) share: a value held across
clones (:class:`Held`) and the observer whose tensor is the PettingZoo environment's features
(:class:`FeatureObserver`). Each game's module adds its own strings.
"""

from __future__ import annotations

from typing import Any

from cardwidgets import extras
from cardwidgets.rl.observations import Observer

pyspiel: Any = extras.require("pyspiel", "openspiel", "cardwidgets.rl.openspiel")
np: Any = extras.require("numpy", "openspiel", "cardwidgets.rl.openspiel")

__all__ = ["FeatureObserver", "Held"]


class Held:
    """An engine state or a move being built: values, shared by clones (OpenSpiel clones a
    state by deep-copying its attributes)."""

    __slots__ = ("value",)

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        return self


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
        """Whether chance is dealing in ``state`` although an engine state exists (a game whose
        deals follow one another says so); before the first deal there is no engine state."""
        return False

    def set_from(self, state: Any, player: int) -> None:
        """Fill :attr:`tensor` with the seat's features (zeros while chance deals)."""
        if self.tensor is None:
            return
        self.tensor.fill(0)
        engine = state.engine.value
        if engine is None or self.dealing(state):
            return
        mine = state.partial.value if engine.to_move == player and not engine.is_over else None
        self.tensor[:] = self.features.features(engine.view(player), mine)
