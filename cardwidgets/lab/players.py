"""The players of a run, from what a learner types: a name, a name with options, or an object.

>>> from cardwidgets.lab.players import make_players, option_value
>>> make_players("random")[1], make_players(("random", "greedy"))[1]
(('random', 'random'), ('random', 'greedy'))
>>> option_value("17"), option_value("0.5"), option_value("true"), option_value("fast")
(17, 0.5, True, 'fast')
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Protocol, cast

from cardwidgets import i18n
from cardwidgets.cards import Rng
from cardwidgets.core import Move
from cardwidgets.lab.errors import LabError, PlayersError
from cardwidgets.lab.units import AnyState

__all__ = ["Option", "Player", "make_players", "option_value"]

Option = int | float | bool | str
"""The value of a player's option typed as text (``stand_at=17``)."""


class Player(Protocol):
    """What the lab asks of a player: a move for a state, and a copy with another seed (each
    game reseeds both players from its own seed). Every player of :mod:`cardwidgets.bots` is
    one."""

    def choose(self, state: AnyState) -> Move | str:
        """The move to play in ``state`` (the seat to move is this player's)."""

    def reseeded(self, seed: int | str) -> Player:
        """The same player, its random choices drawn from ``seed``."""


class _FallbackRandom:
    """Uniformly random legal moves; used only when :mod:`cardwidgets.bots` is not available."""

    name = "random"

    def __init__(self, seed: int | str | None = 0) -> None:
        self.seed = 0 if seed is None else seed
        self._rng = Rng(self.seed)

    def choose(self, state: AnyState) -> Move:
        move: Move = self._rng.choice(state.legal_moves())
        return move

    def reseeded(self, seed: int | str) -> _FallbackRandom:
        return _FallbackRandom(seed)

    def __repr__(self) -> str:
        return "random"


def _bots() -> ModuleType | None:
    # Imported when a player is named, not with the lab: a run of the learner's own players
    # needs none of the computer players' code.
    try:
        from cardwidgets import bots
    except ImportError:
        return None
    return bots


def _player(spec: object) -> tuple[Player, str]:
    """A player object and its label from a name, ``"name:key=value,…"``, (name, options) or
    a player object."""
    options: dict[str, object] = {}
    if isinstance(spec, tuple) and len(spec) == 2 and isinstance(spec[0], str):
        if not isinstance(spec[1], Mapping):
            raise PlayersError("lab.bad_players", players=i18n.shown(spec))
        name, options = spec[0], dict(spec[1])
    elif isinstance(spec, str):
        name, parsed = _parse_player_text(spec)
        options = dict(parsed)
    else:
        if not (hasattr(spec, "choose") and hasattr(spec, "reseeded")):
            raise PlayersError("lab.bad_players", players=i18n.shown(spec))
        return cast(Player, spec), _player_label(spec)
    if "seed" in options:
        # Each game reseeds the players from its own seed: a fixed seed would mean nothing.
        raise LabError("lab.player_seed", player=i18n.shown(spec))
    label = name + "".join(f" {k}={v}" for k, v in sorted(options.items()))
    bots = _bots()
    if bots is None:
        if name == "random" and not options:
            return _FallbackRandom(), label
        raise LabError("lab.unknown_player", name=name, names="random")
    made: Player = bots.make(name, 0, **options)
    return made, label


def _parse_player_text(text: str) -> tuple[str, dict[str, Option]]:
    """``"greedy:stand_at=17"`` → ``("greedy", {"stand_at": 17})`` (numbers become ints)."""
    name, _, rest = text.partition(":")
    options: dict[str, Option] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, _, value = item.partition("=")
        options[key.strip()] = option_value(value.strip())
    return name.strip().lower(), options


def option_value(text: str) -> Option:
    """An option typed as text, as the value it names: a whole number, a number, a truth
    value, or the text itself."""
    for kind in (int, float):
        try:
            number: int | float = kind(text)
        except ValueError:
            continue
        return number
    return {"true": True, "false": False}.get(text.lower(), text)


def _player_label(player: object) -> str:
    name = getattr(player, "name", None)
    if isinstance(name, str) and name:
        options = getattr(player, "options", None) or {}
        return name + "".join(f" {k}={v}" for k, v in sorted(options.items()))
    text = repr(player)
    return type(player).__name__ if " at 0x" in text else text


def make_players(players: object) -> tuple[tuple[Player, Player], tuple[str, str]]:
    """Two players and their labels from ``players``: one per seat, or one for both."""
    single = isinstance(players, (str, tuple)) or hasattr(players, "choose")
    if single and not _is_pair(players):
        players = (players, players)
    if not _is_pair(players):
        raise PlayersError("lab.bad_players", players=i18n.shown(players))
    assert isinstance(players, Sequence)  # a pair, checked just above
    (p0, l0), (p1, l1) = _player(players[0]), _player(players[1])
    return (p0, p1), (l0, l1)


def _is_pair(players: object) -> bool:
    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        return False
    # ("greedy", {"stand_at": 17}) is one player with options, not a pair.
    return not (isinstance(players[0], str) and isinstance(players[1], Mapping))
