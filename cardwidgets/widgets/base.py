"""The widget framework: :class:`GameWidget`, an anywidget that shows one seat's scene of a game.

A game widget holds a line of states (the game so far, from its first position), a cursor into
that line (history navigation), the seat whose eyes it shows, and an optional opponent that
replies after the learner's move. It syncs exactly one piece of game data to the browser, the
``scene`` built from what that seat may see, plus its ``version`` and a few display options. The
browser sends intents (a click on a card, an option or a button) as custom messages stamped with
the scene version they were made on; :meth:`GameWidget.handle_intent` checks each one against the
scene Python itself produced, so a stale, malformed or forged intent is refused with a message in
the widget, the state stays unchanged, and nothing is raised into the notebook. Everything a
click does is a Python method too, so notebooks and tests drive the widget without a browser.

Trade-offs:

* The whole scene is re-sent on every change (a few KB, see ``benchmarks/bench_scene.py``)
  instead of diffs: simpler, and the renderer stays stateless.
* The opponent replies synchronously inside the learner's action: the bots are fast, and the
  scene the learner sees next is the position where it is their turn again.
* Options that would reveal hidden cards (``open_hands``, ``seat``) are not synced, and the
  front end may only set the display options (locale, four-colour, theme): the browser is never
  trusted with anything that changes what it is allowed to see.
"""

from __future__ import annotations

import contextlib
import logging
import warnings
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, ClassVar, Protocol

import anywidget
import traitlets

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.cards import Rng
from cardwidgets.core import GameState, IllegalMove
from cardwidgets.i18n import TranslatedError

__all__ = ["GameWidget", "Opponent", "RandomOpponent", "WidgetError"]

_log = logging.getLogger(__name__)

_HERE = Path(__file__).resolve().parent
_BUNDLE = _HERE.parent / "static" / "widget.js"
_MISSING_BUNDLE = """
export default { render({ el }) {
  el.textContent = "cardwidgets: the front end is not built. Run `npm ci && npm run build` " +
    "in the project folder (or install a wheel), then restart the kernel.";
} };
"""


def _esm() -> Path | str:
    if _BUNDLE.is_file():
        return _BUNDLE
    warnings.warn(
        f"cardwidgets: {_BUNDLE} is missing; run `npm ci && npm run build`. The widgets will "
        "show a notice instead of the game until then.",
        stacklevel=3,
    )
    return _MISSING_BUNDLE


i18n.register(
    {
        "widget.stale": {
            "en": "That click was made on an older picture of the game; nothing changed. "
            "Please try again.",
            "de": "Dieser Klick galt einem älteren Stand des Spiels; nichts wurde geändert. "
            "Bitte noch einmal versuchen.",
        },
        "widget.bad_intent": {
            "en": "The widget received a request it does not understand ({reason}); "
            "nothing changed.",
            "de": "Das Widget hat eine unverständliche Anfrage erhalten ({reason}); "
            "nichts wurde geändert.",
        },
        "widget.not_available": {
            "en": "{what} is not available right now.",
            "de": "{what} ist gerade nicht möglich.",
        },
        "widget.internal": {
            "en": "Something went wrong inside the widget ({reason}); nothing changed.",
            "de": "Im Widget ist etwas schiefgegangen ({reason}); nichts wurde geändert.",
        },
        "widget.not_your_turn": {
            "en": "It is not your turn.",
            "de": "Du bist nicht am Zug.",
        },
        "widget.game_over": {
            "en": "The game is over.",
            "de": "Das Spiel ist vorbei.",
        },
        "widget.bad_opponent": {
            "en": "The opponent chose {move}, which is not allowed: {reason}",
            "de": "Der Gegner wählte {move}, das ist nicht erlaubt: {reason}",
        },
        "widget.position": {
            "en": "Move {ply} of {plies}",
            "de": "Zug {ply} von {plies}",
        },
        "widget.action.back": {"en": "◀ Back", "de": "◀ Zurück"},
        "widget.action.forward": {"en": "Forward ▶", "de": "Vor ▶"},
        "widget.action.start": {"en": "|◀ Start", "de": "|◀ Anfang"},
        "widget.action.end": {"en": "End ▶|", "de": "Ende ▶|"},
        "widget.action.new": {"en": "New game", "de": "Neues Spiel"},
        "widget.action.hint": {"en": "Hint", "de": "Tipp"},
        "widget.action.cancel": {"en": "Cancel", "de": "Abbrechen"},
    }
)


class WidgetError(TranslatedError):
    """A request the widget cannot carry out now (stale click, unknown action, not your turn)."""


class Opponent(Protocol):
    """Anything that picks a move for the seat to move: every player in :mod:`cardwidgets.bots`."""

    def choose(self, state: Any) -> Any:
        """The move to play in ``state``."""
        ...


class RandomOpponent:
    """A uniformly random legal move, fixed by the seed and the position (used if the bots are
    not installed).

    >>> from cardwidgets import tablic
    >>> state = tablic.new_game(seed=3)
    >>> RandomOpponent(1).choose(state) == RandomOpponent(1).choose(state)
    True
    """

    def __init__(self, seed: int | str = 0) -> None:
        self.seed = seed

    def choose(self, state: Any) -> Any:
        """A random legal move of the seat to move."""
        moves = state.legal_moves()
        return moves[Rng(f"{self.seed}:{state.ply}").below(len(moves))]

    def __repr__(self) -> str:
        return f"RandomOpponent(seed={self.seed!r})"


def default_opponent(seed: int | str) -> Opponent:
    """The computer player: :class:`cardwidgets.bots.GreedyPlayer` when available."""
    try:
        from cardwidgets.bots import GreedyPlayer
    except ImportError:  # the bots are optional for the framework
        return RandomOpponent(seed)
    player: Opponent = GreedyPlayer(seed=seed)
    return player


def _opponent(opponent: object, seed: int | str) -> Opponent | None:
    """None: the default computer player; "human": hot-seat; a name: a bot; else the object."""
    if opponent is None:
        return default_opponent(seed)
    if opponent == "human":
        return None
    if isinstance(opponent, str):
        from cardwidgets import bots

        made: Opponent = bots.make(opponent, seed=seed)
        return made
    if not callable(getattr(opponent, "choose", None)):
        raise TypeError("an opponent needs a choose(state) -> move method")
    return opponent  # type: ignore[return-value]


_THEMES = ("auto", "light", "dark")
_FRONT_END_MAY_SET = frozenset({"locale", "four_color", "theme"})
_NAVIGATION = ("start", "back", "forward", "end")
_MAX_REPLIES = 10_000


class GameWidget(anywidget.AnyWidget):
    """Base of the game widgets: history, intents, options, the opponent, the mimebundle.

    Subclasses set :attr:`game` and implement :meth:`build_scene`, :meth:`on_card`,
    :meth:`choose`, :meth:`on_action` and :meth:`clear_selection`.
    """

    _esm = _esm()
    _css = _HERE / "cards.css"

    scene = traitlets.Dict().tag(sync=True)
    """The picture of the game for the browser (see :mod:`cardwidgets.scene`)."""
    version = traitlets.Int(0).tag(sync=True)
    """Grows by one with every new scene; intents must name the version they were made on."""
    locale = traitlets.Unicode("en").tag(sync=True)
    four_color = traitlets.Bool(False).tag(sync=True)
    theme = traitlets.Unicode("auto").tag(sync=True)
    open_hands = traitlets.Bool(False)
    """Teacher switch: show every hand face up. Not synced: the browser cannot turn it on."""
    hints = traitlets.Bool(True)
    seat = traitlets.Int(0)
    """Whose eyes the widget shows. Not synced."""

    game: ClassVar[str] = ""

    def __init__(
        self,
        state: GameState[Any],
        *,
        seat: int = 0,
        opponent: object = None,
        seed: int | str = 0,
        locale: str = "en",
        four_color: bool = False,
        open_hands: bool = False,
        hints: bool = True,
        theme: str = "auto",
    ) -> None:
        self._ready = False
        self._line: list[Any] = list(state.path())
        self._cursor = len(self._line) - 1
        self._branches: list[Any] = []
        self._message: _scene.Message | None = None
        self._announce = ""
        self._seed = seed
        self.opponent: Opponent | None = _opponent(opponent, f"{seed}:opponent")
        super().__init__(
            seat=seat,
            locale=locale,
            four_color=four_color,
            open_hands=open_hands,
            hints=hints,
            theme=theme,
        )
        self.on_msg(self._on_custom_msg)
        self._ready = True
        self._announce = " ".join(self._reply())
        self.refresh()

    # -- validation and observers ------------------------------------------------------------
    @traitlets.validate("locale")
    def _check_locale(self, proposal: Mapping[str, Any]) -> str:
        try:
            return i18n.check_locale(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err

    @traitlets.validate("theme")
    def _check_theme(self, proposal: Mapping[str, Any]) -> str:
        if proposal["value"] not in _THEMES:
            raise traitlets.TraitError(f"theme must be one of {', '.join(_THEMES)}")
        return str(proposal["value"])

    @traitlets.validate("seat")
    def _check_seat(self, proposal: Mapping[str, Any]) -> int:
        from cardwidgets.core import check_seat

        try:
            return check_seat(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err

    @traitlets.observe("locale", "four_color", "theme", "open_hands", "hints", "seat")
    def _option_changed(self, change: Mapping[str, Any]) -> None:
        if change["name"] == "seat":
            self.clear_selection()
        self.refresh()

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """Apply a state update from the browser: only the display options may change."""
        allowed = {k: v for k, v in sync_data.items() if k in _FRONT_END_MAY_SET}
        ignored = sorted(set(sync_data) - set(allowed))
        if ignored:
            _log.warning("cardwidgets: ignored front-end update of %s", ", ".join(ignored))
        if allowed:
            super().set_state(allowed)

    # -- the game line -----------------------------------------------------------------------
    @property
    def state(self) -> Any:
        """The position shown (full information; Python only, never synced)."""
        return self._line[self._cursor]

    @state.setter
    def state(self, state: GameState[Any]) -> None:
        self._line = list(state.path())
        self._cursor = len(self._line) - 1
        self._branches = []
        self.clear_selection()
        self._message = None
        self._announce = " ".join(self._reply())
        self.refresh()

    @property
    def line(self) -> tuple[Any, ...]:
        """The states of the current line of play, from the first position."""
        return tuple(self._line)

    @property
    def cursor(self) -> int:
        """The index in :attr:`line` of the position shown."""
        return self._cursor

    @property
    def branches(self) -> tuple[Any, ...]:
        """The last states of lines abandoned by playing on from an earlier position."""
        return tuple(self._branches)

    @property
    def message(self) -> str | None:
        """The error or info text the widget shows, or None."""
        return None if self._message is None else self._message["text"]

    @property
    def announcement(self) -> str:
        """The sentence of the aria-live line (what just happened)."""
        return self._announce

    @property
    def viewer(self) -> int:
        """The seat whose cards are shown: :attr:`seat`, or the seat to move in hot-seat play."""
        to_move = self.state.to_move
        if self.opponent is None and to_move is not None:
            return int(to_move)
        return int(self.seat)

    def is_my_turn(self) -> bool:
        """Whether the position shown waits for the learner (not the opponent, not over)."""
        return self.state.to_move is not None and self.state.to_move == self.viewer

    # -- navigation --------------------------------------------------------------------------
    def start(self) -> None:
        """Show the first position."""
        self._go(0)

    def back(self) -> None:
        """Show the position one move earlier."""
        self._go(self._cursor - 1)

    def forward(self) -> None:
        """Show the position one move later on the current line."""
        self._go(self._cursor + 1)

    def end(self) -> None:
        """Show the latest position of the current line."""
        self._go(len(self._line) - 1)

    def _go(self, index: int) -> None:
        index = max(0, min(index, len(self._line) - 1))
        self._cursor = index
        self.clear_selection()
        self._message = None
        self._announce = self.text("widget.position", ply=self.state.ply, plies=self._line[-1].ply)
        self.refresh()

    # -- playing -----------------------------------------------------------------------------
    def commit(self, move: Any) -> Any:
        """Play ``move`` for the learner at the position shown, then let the opponent reply.

        Playing at an earlier position starts a new line (the old one is kept in
        :attr:`branches`). Raises :class:`~cardwidgets.IllegalMove` with the engine's reason,
        which the widget also shows; the state is unchanged then.
        """
        with self.reporting():
            state = self.state
            if state.is_over:
                raise WidgetError("widget.game_over")
            if not self.is_my_turn():
                raise WidgetError("widget.not_your_turn")
            after = state.play(move)
            saved = (list(self._line), self._cursor, list(self._branches))
            if self._cursor < len(self._line) - 1:
                self._branches.append(self._line[-1])
                del self._line[self._cursor + 1 :]
            self._line.append(after)
            self._cursor += 1
            said = [self.describe_move(after)]
            try:
                said.extend(self._reply())
            except Exception:
                # All or nothing: a failing opponent leaves the game as it was.
                self._line, self._cursor, self._branches = saved
                raise
            self.clear_selection()
            self._message = None
            self._announce = " ".join(s for s in said if s)
            self.refresh()
        return self.state

    def _reply(self) -> list[str]:
        """Let the opponent move until it is the learner's turn (or the game is over)."""
        said: list[str] = []
        if self.opponent is None or self._cursor != len(self._line) - 1:
            return said
        for _ in range(_MAX_REPLIES):
            state = self._line[-1]
            if state.to_move is None or state.to_move == self.seat:
                break
            move = self.opponent.choose(state)
            try:
                after = state.play(move)
            except IllegalMove as err:
                raise WidgetError("widget.bad_opponent", move=move, reason=err) from err
            self._line.append(after)
            self._cursor += 1
            said.append(self.describe_move(after))
        return said

    @contextlib.contextmanager
    def reporting(self) -> Iterator[None]:
        """Show a rules or widget error in the widget (state unchanged), then re-raise it."""
        try:
            yield
        except TranslatedError as err:
            if not getattr(err, "_cw_shown", False):
                err._cw_shown = True  # type: ignore[attr-defined]
                self._message = _scene.message("error", err.text(self.locale))
                self.refresh()
            raise

    def inform(self, text: str) -> None:
        """Show an info line."""
        self._message = _scene.message("info", text)
        self.refresh()

    # -- intents from the browser ------------------------------------------------------------
    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        # A browser message must name the scene version it was made on (no bare intents).
        self.handle_intent(content, bare=False)

    def handle_intent(self, content: object, *, bare: bool = True) -> bool:
        """Do what a browser message asks; never raises. Returns whether it was carried out.

        ``content`` is ``{"type": "intent", "version": v, "intent": {...}}`` as the front end
        sends it; from Python, a bare intent (``{"kind": "action", "id": "back"}``) is taken to
        be made on the current version (``bare=False`` refuses it, as for browser messages).
        A stale version, a malformed intent or one the current scene does not offer, or a move
        the rules refuse, is answered with a message in the widget and the state stays unchanged.
        """
        try:
            intent, version = self._parse_intent(content, bare)
            if version != self.version:
                raise WidgetError("widget.stale")
            return self._dispatch(intent)
        except TranslatedError as err:
            self._message = _scene.message("error", err.text(self.locale))
            self.refresh()
            return False
        except Exception as err:  # a bug must not surface as a notebook traceback
            _log.exception("cardwidgets: intent %r failed", content)
            reason = type(err).__name__
            self._message = _scene.message("error", self.text("widget.internal", reason=reason))
            self.refresh()
            return False

    def _parse_intent(self, content: object, bare: bool) -> tuple[dict[str, Any], int]:
        if not isinstance(content, Mapping):
            raise WidgetError("widget.bad_intent", reason="not an object")
        if bare and "kind" in content and "type" not in content:
            return dict(content), self.version
        if content.get("type") != "intent":
            raise WidgetError("widget.bad_intent", reason="type")
        version = content.get("version")
        if isinstance(version, bool) or not isinstance(version, int):
            raise WidgetError("widget.bad_intent", reason="version")
        intent = content.get("intent")
        if not isinstance(intent, Mapping):
            raise WidgetError("widget.bad_intent", reason="intent")
        return dict(intent), version

    def _attempt(self, act: Callable[[], object]) -> bool:
        """Run ``act``; a refusal is shown in the widget (by ``reporting``) and gives False."""
        try:
            with self.reporting():
                act()
        except TranslatedError:
            return False
        return True

    def _dispatch(self, intent: dict[str, Any]) -> bool:
        kind = intent.get("kind")
        shown = self.scene
        if kind == "card":
            zone, card = intent.get("zone"), intent.get("card")
            if not isinstance(zone, str) or not isinstance(card, str):
                raise WidgetError("widget.bad_intent", reason="card")
            offered = any(
                z["id"] == zone and c["id"] == card and c["selectable"]
                for z in shown.get("zones", [])
                for c in z["cards"]
            )
            if not offered:
                raise WidgetError("widget.not_available", what=card)
            return self._attempt(lambda: self.on_card(zone, card))
        if kind == "option":
            index = intent.get("index")
            if isinstance(index, bool) or not isinstance(index, int):
                raise WidgetError("widget.bad_intent", reason="index")
            if not any(o["index"] == index for o in shown.get("options", [])):
                raise WidgetError("widget.not_available", what=f"#{index + 1}")
            return self._attempt(lambda: self.choose(index))
        if kind == "action":
            action = intent.get("id")
            if not isinstance(action, str):
                raise WidgetError("widget.bad_intent", reason="action")
            enabled = any(a["id"] == action and a["enabled"] for a in shown.get("actions", []))
            if not enabled:
                raise WidgetError("widget.not_available", what=action)
            return self._attempt(lambda: self.do(action))
        raise WidgetError("widget.bad_intent", reason="kind")

    def do(self, action: str) -> None:
        """Carry out an action button by its id (``back``, ``play``, ``hint`` …)."""
        if action in _NAVIGATION:
            getattr(self, action)()
        else:
            self.on_action(action)

    # -- for subclasses ----------------------------------------------------------------------
    def build_scene(self) -> _scene.Scene:
        """The game-specific scene of the position shown (without version, message, announce)."""
        raise NotImplementedError

    def on_card(self, zone: str, card: str) -> None:
        """A selectable card was clicked."""
        raise NotImplementedError

    def choose(self, index: int) -> None:
        """An option was clicked."""
        raise NotImplementedError

    def on_action(self, action: str) -> None:
        """A game action button (not navigation) was clicked."""
        raise NotImplementedError

    def clear_selection(self) -> None:
        """Forget the learner's half-made move."""

    def describe_move(self, state: Any) -> str:
        """The move that led to ``state``, in words, for the log and the aria-live line."""
        move = state.last_move
        return "" if move is None else str(move.describe(self.locale))

    def describe(self) -> str:
        """A short deterministic description for ``repr`` (no ids, no addresses)."""
        state = self.state
        turn = "over" if state.to_move is None else f"to move {state.to_move}"
        return f"seat={self.seat}, move {state.ply}, {turn}"

    # -- helpers -----------------------------------------------------------------------------
    def text(self, key: str, /, **params: Any) -> str:
        """A catalog sentence in the widget's locale."""
        return i18n.text(key, self.locale, **params)

    def navigation_actions(self) -> list[_scene.Action]:
        """The four history buttons, enabled where they lead somewhere."""
        at_start = self._cursor == 0
        at_end = self._cursor == len(self._line) - 1
        return [
            _scene.action("start", self.text("widget.action.start"), enabled=not at_start),
            _scene.action("back", self.text("widget.action.back"), enabled=not at_start),
            _scene.action("forward", self.text("widget.action.forward"), enabled=not at_end),
            _scene.action("end", self.text("widget.action.end"), enabled=not at_end),
        ]

    def refresh(self) -> None:
        """Rebuild the scene and bump the version (one sync message)."""
        if not getattr(self, "_ready", False):
            return
        version = self.version + 1
        built = self.build_scene()
        built["version"] = version
        built["locale"] = self.locale
        built["seat"] = self.viewer
        built["four_color"] = self.four_color
        built["theme"] = self.theme
        built["message"] = self._message
        built["announce"] = self._announce
        built["labels"] = _scene.labels(self.locale)
        with self.hold_sync():
            self.scene = dict(built)
            self.version = version

    # -- display -----------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.describe()})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # Add the static picture: exported notebooks and GitHub show the position, and front
        # ends with the widget manager still prefer the live view.
        html = _scene.to_html(self.scene)  # type: ignore[arg-type]
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return {"text/plain": repr(self), "text/html": html}
        data, metadata = bundle
        return {**data, "text/plain": repr(self), "text/html": html}, metadata
