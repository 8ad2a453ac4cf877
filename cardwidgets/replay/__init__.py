"""Replays without a kernel: one self-contained HTML file that plays a whole game back.

:func:`to_html` takes a game (a state, whose line from the first position is played back, or a
record) and writes a page that holds, for each ply, the scene the game's presenter draws for one
seat (:func:`cardwidgets.present.still.picture`, called directly), drawn by the widget's own
renderer, with a slider, step buttons, autoplay at a chosen speed and the keyboard
(Left/Right/Home/End/Space). It
needs no Python, no network and no server: it opens from ``file://`` in any current browser.

Hidden cards stay hidden: the page holds only the scenes, never the record, and each scene is
what ``seat`` could see at that ply (``seat=None``: the teacher opens both hands). Two games that
differ only in cards a seat never sees give that seat byte-equal pages.

>>> from cardwidgets import pazaak, replay
>>> state = pazaak.new_game(seed=1).play("end turn")
>>> page = replay.to_html(state, seat=0, locale="de")
>>> page.startswith("<!DOCTYPE html>"), "Wiedergabe: Pazaak" in page
(True, True)
>>> replay.replay(state)
<Replay of pazaak: 1 moves, ... bytes>

Also here: :func:`scenes` (the per-ply scenes), :func:`payload` (the packed scenes and the
player's words: what a notebook output or an export embeds), :func:`watch` (two computer players
play each other) and :class:`Replay` (shows itself in a notebook in an isolated iframe and saves
itself with :meth:`Replay.save`). Pages are made smaller by :mod:`~cardwidgets.replay.pack`:
what repeats from ply to ply is written once.
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from cardwidgets import i18n
from cardwidgets.core import GameState, check_seat
from cardwidgets.i18n import TranslatedError
from cardwidgets.present.still import picture
from cardwidgets.replay import words as words
from cardwidgets.replay.pack import pack, unpack
from cardwidgets.replay.page import FORMAT, document, labels

__all__ = [
    "Replay",
    "ReplayError",
    "check_payload",
    "payload",
    "replay",
    "scenes",
    "to_html",
    "watch",
]


class ReplayError(TranslatedError):
    """A replay was asked of something that is not a game, or of malformed data."""


def _state(game: object) -> GameState[Any]:
    """The state a replay plays up to: ``game`` itself or its record replayed."""
    if isinstance(game, GameState):
        return game
    if isinstance(game, (Mapping, str)):
        from cardwidgets.games import from_record

        return from_record(game)  # a malformed record raises RecordError, with its reason
    raise ReplayError("replay.not_a_game", found=i18n.shown(game))


def _seat(seat: object) -> int | None:
    return None if seat is None else check_seat(seat)


def scenes(game: object, *, seat: int | None = 0, locale: str = "en") -> list[dict[str, Any]]:
    """Each ply's scene, from the first position to ``game``, as ``seat`` saw it."""
    state, viewer, locale = _state(game), _seat(seat), i18n.check_locale(locale)
    return [dict(picture(s, viewer, locale=locale).scene) for s in state.path()]


def _payload_of(drawn: Sequence[Mapping[str, Any]], game: str, locale: str) -> dict[str, Any]:
    pool, roots = pack(drawn)
    return {
        "format": FORMAT,
        "game": game,
        "locale": locale,
        "labels": labels(locale),
        "pool": pool,
        "plies": roots,
    }


def payload(game: object, *, seat: int | None = 0, locale: str = "en") -> dict[str, Any]:
    """The page's data: the packed scenes and the player's words (JSON-safe, no hidden card)."""
    state = _state(game)
    return _payload_of(scenes(state, seat=seat, locale=locale), state.game, locale)


def _title(data: Mapping[str, Any]) -> str:
    """The page's title, from the first scene's (a long title sits in the pool by itself)."""
    try:
        first = unpack(data["pool"], data["plies"][:1])[0]
    except (IndexError, ValueError, RecursionError):  # a damaged pool: the game's id will do
        first = {}
    name = first.get("title", "") if isinstance(first, dict) else ""
    shown = name if isinstance(name, str) and name else str(data.get("game", ""))
    return i18n.text("replay.title", str(data["locale"]), game=shown)


def check_payload(data: object) -> dict[str, Any]:
    """``data`` if it has the shape :func:`payload` writes, else :class:`ReplayError`."""
    reason = None
    if not isinstance(data, Mapping):
        reason = i18n.shown(data)
    elif data.get("format") != FORMAT:
        reason = f"format {i18n.shown(data.get('format'))}"
    elif not isinstance(data.get("pool"), list) or not isinstance(data.get("plies"), list):
        reason = "pool, plies"
    elif not data["plies"] or not all(
        isinstance(i, int) and 0 <= i < len(data["pool"]) for i in data["plies"]
    ):
        reason = "plies"
    elif not isinstance(data.get("labels"), dict) or data.get("locale") not in i18n.LOCALES:
        reason = "labels, locale"
    if reason is not None:
        raise ReplayError("replay.bad_data", reason=reason)
    assert isinstance(data, Mapping)
    return dict(data)


class Replay:
    """A replay page: ``html`` (the text), :meth:`save`; a notebook shows it in an iframe.

    The iframe's ``srcdoc`` holds the page and its ``sandbox`` lets only scripts run, so the
    player runs isolated from the notebook (its keys, its styles) and reaches nothing.
    """

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = check_payload(data)
        self.html = document(self.data, _title(self.data))

    @property
    def plies(self) -> int:
        """How many moves the replay steps through."""
        return len(self.data["plies"]) - 1

    def save(self, path: str | Path) -> Path:
        """Write the page to ``path`` (UTF-8) and return the path."""
        target = Path(path)
        target.write_text(self.html, encoding="utf-8")
        return target

    def iframe(self, height: int = 900) -> str:
        """The page in an isolated iframe (``srcdoc``), for notebooks and exported HTML.

        The page is mostly JSON, full of ``"``: in a single-quoted attribute only ``&`` and
        ``'`` need escaping, which keeps the attribute about as long as the page."""
        title = html.escape(_title(self.data), quote=True)
        source = self.html.replace("&", "&amp;").replace("'", "&#39;")
        return (
            f'<iframe class="cw-replay-frame" title="{title}" sandbox="allow-scripts" '
            f'style="width: 100%; height: {int(height)}px; border: 0" '
            f"srcdoc='{source}'></iframe>"
        )

    def _repr_html_(self) -> str:
        return self.iframe()

    def __repr__(self) -> str:
        return f"<Replay of {self.data['game']}: {self.plies} moves, {len(self.html)} bytes>"


def replay(game: object, *, seat: int | None = 0, locale: str = "en") -> Replay:
    """The :class:`Replay` of ``game`` as ``seat`` saw it."""
    return Replay(payload(game, seat=seat, locale=locale))


def to_html(game: object, *, seat: int | None = 0, locale: str = "en") -> str:
    """One self-contained HTML page that replays ``game`` (a state or a record) as ``seat``
    saw it (``None``: both hands open), with the player's words in ``locale``."""
    return replay(game, seat=seat, locale=locale).html


def watch(
    game: str,
    players: Sequence[Any] = ("greedy", "greedy"),
    *,
    seed: int | str = 0,
    rules: Any = None,
    seat: int | None = None,
    locale: str = "en",
    limit: int | None = None,
) -> Replay:
    """Watch mode: two computer players (names or players, see :func:`cardwidgets.bots.make`)
    play a game dealt from ``seed``, at most ``limit`` moves; its replay, both hands open unless
    a ``seat`` is given."""
    from cardwidgets import bots
    from cardwidgets.table import Table

    if isinstance(players, str) or not isinstance(players, Sequence) or len(players) != 2:
        raise ReplayError("replay.bad_players", found=i18n.shown(players))
    if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
        raise ReplayError("replay.bad_limit", found=i18n.shown(limit))
    _seat(seat)
    i18n.check_locale(locale)
    seated = [bots.make(player, seed=seed) for player in players]
    table = Table(game, seed=seed, rules=rules, players=seated)
    while not table.state.is_over and (limit is None or table.state.ply < limit):
        table.step()  # a move, or at the end of a deal or set the game going on
    state: GameState[Any] = table.state
    return replay(state, seat=seat, locale=locale)
