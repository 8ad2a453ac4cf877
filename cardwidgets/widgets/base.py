"""The widget framework: :class:`GameWidget`, an anywidget that shows one seat's scene of a game.

A game widget holds a line of states (the game so far, from its first position), a cursor into
that line (history navigation), the seat whose eyes it shows, and an optional opponent that
replies after the learner's move. It syncs one piece of game data to the browser, the ``scene``
built from what that seat may see (:mod:`cardwidgets.scene`). The browser sends intents (a click
on a card, an option, a button, the history slider) as custom messages stamped with the scene
version they were made on; :meth:`GameWidget.handle_intent` checks each against the scene Python
itself produced, so a stale, malformed or forged intent is refused with a sentence in the widget,
the state stays unchanged, and nothing is raised into the notebook. Everything a click does is a
Python method too, so notebooks and tests drive the widget without a browser.

Everything game-neutral lives here: seed, state and rules handling, the players' names, the
log, hints, new games, turn checks, pauses on a summary (end of a deal or set), history and
``goto``, teacher hooks (:meth:`GameWidget.on_move`) and the scene frame. A game's widget
(:mod:`cardwidgets.widgets.tablic` …) adds its selection logic and small scene builders:
:meth:`~GameWidget.zones`, :meth:`~GameWidget.options`, :meth:`~GameWidget.move_actions`,
:meth:`~GameWidget.previews`, :meth:`~GameWidget.score_sheet`, :meth:`~GameWidget.legend_items`,
:meth:`~GameWidget.summary`, :meth:`~GameWidget.status` and :meth:`~GameWidget.say`.

Trade-offs:

* The whole scene is re-sent on every change (a few KB, see ``benchmarks/bench_scene.py``)
  instead of diffs: simpler, and the renderer stays stateless.
* The opponent replies synchronously inside the learner's action: the bots are fast, and the
  scene the learner sees next is the position where it is their turn again (or a pause).
* Options that would reveal hidden cards (``open_hands``, ``seat``) are not synced, and the
  front end may only set the display options (locale, four-colour, theme, size): the browser is
  never trusted with anything that changes what it is allowed to see.
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
from cardwidgets.cards import Rng, fresh_seed
from cardwidgets.core import GameState, IllegalMove, check_seat
from cardwidgets.i18n import TranslatedError
from cardwidgets.widgets import words

__all__ = ["GameWidget", "MoveHook", "Opponent", "RandomOpponent", "WidgetError"]

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


class WidgetError(TranslatedError):
    """A request the widget cannot carry out now (stale click, unknown action, not your turn)."""


class Opponent(Protocol):
    """Anything that picks a move for the seat to move: every player in :mod:`cardwidgets.bots`."""

    def choose(self, state: Any) -> Any:
        """The move to play in ``state``."""
        ...


Said = Any
"""An item of the live line: a state (its move is said, :meth:`GameWidget.say`) or a
``(catalog key, params)`` pair; kept as such, so the line follows a change of language."""

MoveHook = Callable[[Any, int, Any], object]
"""A teacher's callback: ``hook(move, seat, state)`` after every move (see
:meth:`GameWidget.on_move`)."""


class RandomOpponent:
    """A uniformly random legal move, fixed by the seed and the position.

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


def _opponent(opponent: object, seed: int | str) -> Opponent | None:
    """None: the computer (a greedy player); "human": hot-seat; a name: a bot; else the object."""
    from cardwidgets import bots

    if opponent is None:
        made: Opponent = bots.GreedyPlayer(seed=seed)
        return made
    if opponent == "human":
        return None
    if isinstance(opponent, str):
        if opponent not in bots.PLAYERS:
            raise WidgetError(
                "widget.bad_opponent_name", name=opponent, names=", ".join(bots.PLAYERS)
            )
        named: Opponent = bots.make(opponent, seed=seed)
        return named
    if not callable(getattr(opponent, "choose", None)):
        raise WidgetError("widget.no_choose")
    return opponent  # type: ignore[return-value]


_THEMES = ("auto", "light", "dark")
_SIZES = ("normal", "large")
_FRONT_END_MAY_SET = frozenset({"locale", "four_color", "theme", "size"})
_NAVIGATION = ("start", "back", "forward", "end")
_MAX_REPLIES = 10_000
LOG_LINES = 40
"""The scene carries the last this many log sentences (:attr:`GameWidget.log` has all)."""


class GameWidget(anywidget.AnyWidget):
    """Base of the game widgets: history, intents, options, the opponent, pauses, the scene frame.

    Subclasses set :attr:`game` and :attr:`engine` (the game's module) and implement the scene
    builders and the selection hooks (see the module docstring).
    """

    _esm = _esm()
    _css = _HERE / "cards.css"

    scene = traitlets.Dict().tag(sync=True)
    """The picture of the game for the browser (see :mod:`cardwidgets.scene`)."""
    version = traitlets.Int(0).tag(sync=True)
    """Grows by one with every new scene; intents must name the version they were made on."""
    locale = traitlets.Unicode("en").tag(sync=True)
    """``"en"`` or ``"de"``: every sentence of the widget."""
    four_color = traitlets.Bool(False).tag(sync=True)
    """Four-colour suits (♦ blue, ♣ green)."""
    theme = traitlets.Unicode("auto").tag(sync=True)
    """``"auto"`` (follow JupyterLab or the system), ``"light"`` or ``"dark"``."""
    size = traitlets.Unicode("normal").tag(sync=True)
    """``"normal"`` or ``"large"`` (a projector: cards and text scale together)."""
    legend = traitlets.Bool(True)
    """Show the small legend of highlight colours."""
    open_hands = traitlets.Bool(False)
    """Teacher switch: show every hand face up. Not synced: the browser cannot turn it on."""
    hints = traitlets.Bool(True)
    """Show what cards could do, and the Hint button."""
    seat = traitlets.Int(0)
    """Whose eyes the widget shows. Not synced."""
    ply = traitlets.Int(0)
    """The number of moves before the position shown (observe it to follow the game)."""
    over = traitlets.Bool(False)
    """Whether the position shown ends the game."""
    last_move = traitlets.Unicode("")
    """The text of the move that led to the position shown (``""`` at the start)."""

    game: ClassVar[str] = ""
    engine: ClassVar[Any] = None
    """The game's module (``cardwidgets.games.tablic`` …): ``State``, ``Rules``, ``new_game``."""
    _still: ClassVar[bool] = False  # a picture (widgets/pictures.py) keeps its seat's view
    focus_zones: ClassVar[tuple[str, ...]] = ("hand",)
    """Zones where keyboard focus falls back to, in order, when its control disappears."""

    def __init__(
        self,
        *,
        seed: int | str | None = None,
        state: GameState[Any] | None = None,
        rules: Any = None,
        seat: int = 0,
        opponent: object = None,
        locale: str = "en",
        four_color: bool = False,
        open_hands: bool = False,
        hints: bool = True,
        theme: str = "auto",
        size: str = "normal",
        legend: bool = True,
        ply: int | None = None,
    ) -> None:
        self._ready = False
        state, seed = self._starting_state(seed, state, rules)
        self._line: list[Any] = list(state.path())
        self._cursor = len(self._line) - 1
        self._branches: list[Any] = []
        self._message: _scene.Message | None = None
        self._remake: tuple[_scene.Message, Callable[[], str]] | None = None
        self._said: list[Said] = []
        self._seed = seed
        self._new_games = 0
        self._confirm_new = False
        self._dismissed: set[int] = set()
        self._hooks: list[MoveHook] = []
        self.opponent: Opponent | None = _opponent(opponent, f"{seed}:opponent")
        super().__init__(
            seat=seat,
            locale=locale,
            four_color=four_color,
            open_hands=open_hands,
            hints=hints,
            theme=theme,
            size=size,
            legend=legend,
        )
        self.on_msg(self._on_custom_msg)
        self._ready = True
        if ply is not None:
            self._cursor = self._index_of_ply(ply)
        else:
            self._said = list(self._reply())
        self.refresh()

    def _starting_state(
        self, seed: int | str | None, state: GameState[Any] | None, rules: Any
    ) -> tuple[GameState[Any], int | str]:
        engine = self.engine
        assert engine is not None, "a game widget names its engine"
        if rules is not None and not isinstance(rules, engine.Rules):
            raise WidgetError("widget.wrong_rules", game=self.game)
        if state is None:
            seed = fresh_seed() if seed is None else seed
            return engine.new_game(seed=seed, rules=rules), seed
        if not isinstance(state, engine.State):
            raise WidgetError("widget.wrong_state", game=self.game)
        if rules is not None and rules != state.rules:
            raise WidgetError("widget.rules_with_state")
        if seed is None:
            start = state.to_record().get("start")
            found = start.get("seed") if isinstance(start, dict) else None
            seed = found if isinstance(found, (int, str)) else 0
        return state, seed

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

    @traitlets.validate("size")
    def _check_size(self, proposal: Mapping[str, Any]) -> str:
        if proposal["value"] not in _SIZES:
            raise traitlets.TraitError(f"size must be one of {', '.join(_SIZES)}")
        return str(proposal["value"])

    @traitlets.validate("seat")
    def _check_seat(self, proposal: Mapping[str, Any]) -> int:
        try:
            return check_seat(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err

    @traitlets.observe("locale", "four_color", "theme", "size", "legend", "open_hands", "hints")
    def _option_changed(self, change: Mapping[str, Any]) -> None:
        remake: tuple[_scene.Message, Callable[[], str]] | None = getattr(self, "_remake", None)
        if change["name"] == "locale" and remake is not None and self._message is remake[0]:
            # The message on show follows the new language (the live line always does).
            shown, make = remake
            self._show(shown["kind"], make)
        self.refresh()

    @traitlets.observe("seat")
    def _seat_changed(self, change: Mapping[str, Any]) -> None:
        self.clear_selection()
        if getattr(self, "_ready", False):
            said = self._reply()  # the computer may have to move for the seat it now holds
            if said:
                self._said = list(said)
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
        if self.engine is not None and not isinstance(state, self.engine.State):
            raise WidgetError("widget.wrong_state", game=self.game)
        self._line = list(state.path())
        self._cursor = len(self._line) - 1
        self._branches = []
        self._dismissed = set()
        self.clear_selection()
        self._message = None
        self._said = list(self._reply())
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
        """The sentence of the aria-live line (what just happened), in the widget's language:
        the moves just made (the learner's and the computer's, with the end of a deal or set
        they bring), the position reached in the history, or whose turn it is after a pause."""
        parts = [
            self.say(item) if not isinstance(item, tuple) else self._said_text(*item)
            for item in self._said
        ]
        return " ".join(part for part in parts if part)

    def _said_text(self, key: str, params: Mapping[str, Any]) -> str:
        if key == "status":
            return self.full_status()
        if key == "widget.turn":
            return self.text(key, player=self.names()[params["seat"]])
        return self.text(key, **params)

    def _show(self, kind: str, make: Callable[[], str]) -> None:
        """Show a message made by ``make``, made again in the new language if the locale
        changes while it is shown."""
        shown = _scene.message(kind, make())  # type: ignore[arg-type]
        self._message, self._remake = shown, (shown, make)

    @property
    def viewer(self) -> int:
        """The seat whose cards are shown: :attr:`seat`, or the seat to move in hot-seat play."""
        to_move = self.state.to_move
        if self.opponent is None and to_move is not None and not self._still:
            return int(to_move)
        return int(self.seat)

    @property
    def paused(self) -> bool:
        """Whether the position shown waits on a summary (end of a deal or set)."""
        return self._pending_summary(self._cursor) is not None

    def is_my_turn(self) -> bool:
        """Whether the position shown waits for the learner (not the opponent, not over, not
        paused on a summary)."""
        state = self.state
        return state.to_move is not None and state.to_move == self.viewer and not self.paused

    def check_turn(self) -> None:
        """Raise the reason why the learner cannot act now (game over, pause, not their turn)."""
        if self.state.is_over and not self.paused:
            raise WidgetError("widget.game_over")
        if self.paused:
            raise WidgetError("widget.paused")
        if not self.is_my_turn():
            raise WidgetError("widget.not_your_turn")

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

    def goto(self, ply: int) -> None:
        """Show the position after ``ply`` moves of the current line.

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1)
        >>> w.play("A♣ x 4♥ 7♦").ply, w.cursor
        (2, 2)
        >>> w.goto(1); w.ply
        1
        """
        with self.reporting():
            self._go(self._index_of_ply(ply))

    def _index_of_ply(self, ply: object) -> int:
        first: int = self._line[0].ply
        last: int = self._line[-1].ply
        if isinstance(ply, bool) or not isinstance(ply, int) or not first <= ply <= last:
            raise WidgetError("widget.no_such_ply", ply=ply, first=first, last=last)
        return ply - first

    def _go(self, index: int) -> None:
        self._cursor = max(0, min(index, len(self._line) - 1))
        self.clear_selection()
        self._message = None
        self._confirm_new = False
        self._said = [("widget.position", {"ply": self.state.ply, "plies": self._line[-1].ply})]
        self.refresh()

    # -- playing -----------------------------------------------------------------------------
    def play(self, move: Any = None) -> Any:
        """Play ``move`` (a Move or its text, as the engine reads it) for the learner; the
        opponent replies until it is the learner's turn again. Returns the new state."""
        return self.commit(move)

    def commit(self, move: Any) -> Any:
        """Play ``move`` for the learner at the position shown, then let the opponent reply.

        Playing at an earlier position starts a new line (the old one is kept in
        :attr:`branches`). Raises :class:`~cardwidgets.IllegalMove` with the engine's reason,
        which the widget also shows; the state is unchanged then.
        """
        with self.reporting():
            self.check_turn()
            after = self.state.play(move)
            saved = (list(self._line), self._cursor, list(self._branches))
            if self._cursor < len(self._line) - 1:
                self._branches.append(self._line[-1])
                del self._line[self._cursor + 1 :]
            self._line.append(after)
            self._cursor += 1
            said: list[Said] = [after]
            try:
                said.extend(self._reply())
            except Exception:
                # All or nothing: a failing opponent leaves the game as it was.
                self._line, self._cursor, self._branches = saved
                raise
            self.clear_selection()
            self._message = None
            self._confirm_new = False
            self._said = said
            self.refresh()
            self._run_hooks(saved[1] + 1)
        return self.state

    def _reply(self) -> list[Any]:
        """Let the opponent move until it is the learner's turn (or the game is over, or a
        summary pauses the game); returns the states it made (what is said)."""
        said: list[Any] = []
        if self.opponent is None or self._cursor != len(self._line) - 1:
            return said
        for _ in range(_MAX_REPLIES):
            state = self._line[-1]
            if state.to_move is None or state.to_move == self.seat:
                break
            if self._pending_summary(len(self._line) - 1) is not None:
                break
            move = self.opponent.choose(state)
            try:
                after = state.play(move)
            except IllegalMove as err:
                raise WidgetError("widget.bad_opponent", move=move, reason=err) from err
            self._line.append(after)
            self._cursor += 1
            said.append(after)
        return said

    def next(self) -> None:
        """Continue after a summary (end of a deal or set): the opponent may move again."""
        with self.reporting():
            if not self.paused:
                raise WidgetError("widget.nothing_to_continue")
            self._dismissed.add(self.state.ply)
            first_new = len(self._line)
            said: list[Said] = list(self._reply())
            if not said:  # the learner begins the next deal or set: say so, not nothing
                said = [self._whose_turn()]
            self._said = said
            self._message = None
            self.refresh()
            self._run_hooks(first_new)

    def _whose_turn(self) -> Said:
        """What the live line says when nobody moved: the game's end, or whose turn it is."""
        to_move = self.state.to_move
        if self.state.is_over or to_move is None:
            return ("status", {})
        if self.opponent is not None and to_move == self.seat:
            return ("widget.turn.you", {})
        return ("widget.turn", {"seat": int(to_move)})

    def _pending_summary(self, index: int) -> _scene.Summary | None:
        state = self._line[index]
        if state.ply in self._dismissed or state.parent is None:
            return None
        return self.summary(state)

    # -- teacher hooks -----------------------------------------------------------------------
    def on_move(self, hook: MoveHook, *, remove: bool = False) -> None:
        """Call ``hook(move, seat, state)`` after every move, the learner's and the computer's.

        ``seat`` is the seat that moved and ``state`` the position after the move. A hook that
        raises does not undo the move: the widget shows its error. ``remove=True`` unhooks.

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1)
        >>> seen = []
        >>> w.on_move(lambda move, seat, state: seen.append((str(move), seat)))
        >>> _ = w.play("A♣ x 4♥ 7♦")
        >>> seen
        [('A♣ x 4♥ 7♦', 0), ('J♥ x J♠', 1)]
        """
        if remove:
            self._hooks = [h for h in self._hooks if h is not hook]
        elif not callable(hook):
            raise WidgetError("widget.hook_not_callable")
        else:
            self._hooks.append(hook)

    def _run_hooks(self, first: int) -> None:
        for state in self._line[first : len(self._line)]:
            parent = state.parent
            for hook in list(self._hooks):
                try:
                    hook(state.last_move, int(parent.to_move), state)
                except Exception as err:  # the teacher's code: show it, keep the game
                    _log.exception("cardwidgets: an on_move hook failed")
                    self.inform(
                        self.text("widget.hook_failed", error=f"{type(err).__name__}: {err}")
                    )

    # -- errors and messages -----------------------------------------------------------------
    @contextlib.contextmanager
    def reporting(self) -> Iterator[None]:
        """Show a rules or widget error in the widget (state unchanged), then re-raise it."""
        try:
            yield
        except TranslatedError as err:
            if not getattr(err, "_cw_shown", False):
                err._cw_shown = True  # type: ignore[attr-defined]
                self._refuse(err)
                self.refresh()
            raise

    def _refuse(self, err: TranslatedError) -> None:
        """Show why something was refused (the assertive live line), in the widget's language."""
        self._show("error", lambda: err.text(self.locale))

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
        the rules refuse, is answered with a sentence in the widget and the state stays unchanged.
        """
        from cardwidgets.widgets.intents import dispatch, parse

        try:
            intent, version = parse(content, bare, self.version)
            if version != self.version:
                raise WidgetError("widget.stale")
            return dispatch(self, intent)
        except TranslatedError as err:
            self._refuse(err)
            self.refresh()
            return False
        except Exception:  # a bug must not surface as a notebook traceback
            _log.exception("cardwidgets: intent %r failed", content)
            self._show("error", lambda: self.text("widget.internal"))
            self.refresh()
            return False

    def attempt(self, act: Callable[[], object]) -> bool:
        """Run ``act``; a refusal is shown in the widget (by ``reporting``) and gives False."""
        try:
            with self.reporting():
                act()
        except TranslatedError:
            return False
        return True

    def do(self, action: str) -> None:
        """Carry out an action button by its id (``back``, ``hint``, ``new`` …)."""
        common: dict[str, Callable[[], object]] = {
            "hint": self.hint,
            "new": self._ask_new,
            "new-confirm": self.new,
            "new-cancel": self._cancel_new,
            "continue": self.next,
        }
        if action in _NAVIGATION:
            getattr(self, action)()
        elif action in common:
            common[action]()
        else:
            self.on_action(action)

    # -- hints and new games -----------------------------------------------------------------
    def hint(self) -> None:
        """Select the move the computer suggests and say why, in words."""
        from cardwidgets import bots

        with self.reporting():
            self.check_turn()
            found = bots.hint(self.state, self.viewer, self.locale)
            self.clear_selection()
            self.show_hint(found.move)
            said = self.text("widget.hint", move=self.move_words(found.move), reason=found.reason)
            self._message = _scene.message("info", said.strip())
            self.refresh()

    def new(self) -> None:
        """Start a new game (its seed follows from this widget's seed); the old line is kept
        in :attr:`branches`."""
        assert self.engine is not None
        self._new_games += 1
        old = self._line[-1]
        self.state = self.engine.new_game(
            seed=f"{self._seed}/{self._new_games}", rules=self.state.rules
        )
        self._branches = [old]
        self._confirm_new = False
        self._show("info", lambda: self.text("widget.new_started"))
        self.refresh()

    def _ask_new(self) -> None:
        self._confirm_new = True
        self._show("info", lambda: self.text("widget.new_ask"))
        self.refresh()

    def _cancel_new(self) -> None:
        self._confirm_new = False
        self._message = None
        self.refresh()

    # -- for subclasses ----------------------------------------------------------------------
    def zones(self) -> list[_scene.Zone]:
        """The zones of the position shown (only what :attr:`viewer` may see)."""
        raise NotImplementedError

    def options(self) -> list[_scene.Option]:
        """The choices offered for the half-made move."""
        return []

    def options_label(self) -> str:
        """The heading of the option list."""
        return self.text("scene.options")

    def move_actions(self) -> list[_scene.Action]:
        """The game's move buttons (the frame adds hint, history, new game, continue)."""
        return []

    def previews(self) -> dict[str, _scene.Preview]:
        """What lights up while a card is hovered (keys ``"zone:card"``)."""
        return {}

    def score_sheet(self) -> _scene.Score | None:
        """The score sheet, or None."""
        return None

    def legend_items(self) -> list[_scene.LegendItem]:
        """The highlight roles this game uses, explained."""
        return []

    def summary(self, state: Any) -> _scene.Summary | None:
        """The pause after the move that led to ``state`` (end of a deal or set), or None."""
        return None

    def status(self) -> str:
        """The status line of the position shown."""
        raise NotImplementedError

    def say(self, state: Any) -> str:
        """The move that led to ``state``, in words, for the log and the aria-live line."""
        move = state.last_move
        return "" if move is None else str(move.describe(self.locale))

    def move_words(self, move: Any) -> str:
        """A move in words for a hint ("Play 7♥ and capture 7♣")."""
        return str(move)

    def show_hint(self, move: Any) -> None:
        """Select ``move`` as the learner's half-made move (after :meth:`hint`)."""

    def on_card(self, zone: str, card: str) -> None:
        """A card was clicked; a game handles its own zones and leaves the rest to this, which
        explains why nothing happens."""
        if zone == "opponent-hand":
            raise WidgetError("widget.card_theirs", card=card, player=self.names()[1 - self.viewer])
        raise WidgetError("widget.card_idle", card=card)

    def choose(self, index: int) -> None:
        """An option was clicked."""
        raise WidgetError("widget.no_options")

    def action_handlers(self) -> dict[str, Callable[[], object]]:
        """The game's own buttons by id. The frame's ids are taken: ``start``, ``back``,
        ``forward``, ``end``, ``hint``, ``new``, ``new-confirm``, ``new-cancel``, ``continue``."""
        return {}

    def on_action(self, action: str) -> None:
        """A game action button (not frame or navigation) was clicked."""
        handler = self.action_handlers().get(action)
        if handler is None:
            raise WidgetError("widget.unknown_action")
        handler()

    def clear_selection(self) -> None:
        """Forget the learner's half-made move."""

    def describe(self) -> str:
        """A short deterministic description for ``repr`` (no ids, no addresses)."""
        state = self.state
        if state.is_over:
            turn = "game over"
        elif self.paused:
            turn = "paused"
        elif self.is_my_turn():
            turn = "your turn" if self.opponent is not None else f"player {state.to_move + 1}"
        else:
            turn = f"seat {state.to_move} to move"
        return f"seat={self.seat}, move {state.ply}, {turn}"

    # -- helpers -----------------------------------------------------------------------------
    def text(self, key: str, /, **params: Any) -> str:
        """A catalog sentence in the widget's locale."""
        return i18n.text(key, self.locale, **params)

    def count(self, key: str, n: int) -> str:
        """A counted phrase in the widget's locale, singular for one (``"1 card"``)."""
        return words.count(key, n, self.locale)

    def names(self) -> tuple[str, str]:
        """The players' names as shown: "You" and "Computer", or "Player 1/2" in hot-seat."""
        if self.opponent is None:
            return (self.text("widget.player", n=1), self.text("widget.player", n=2))
        names = ["", ""]
        names[self.seat] = self.text("widget.you")
        names[1 - self.seat] = self.text("widget.computer")
        return (names[0], names[1])

    def mover_is_learner(self, state: Any) -> bool:
        """Whether the move that led to ``state`` was the learner's (for "You play …")."""
        parent = state.parent
        return self.opponent is not None and parent is not None and parent.to_move == self.seat

    def zone(self, zone_id: str) -> _scene.Zone:
        """The zone ``zone_id`` of the current scene (``"hand"``, ``"table"`` …)."""
        for found in self.scene["zones"]:
            if found["id"] == zone_id:
                result: _scene.Zone = found
                return result
        raise WidgetError("widget.no_zone", zone=zone_id)

    @property
    def log(self) -> list[str]:
        """Every move of the line up to the position shown, in words."""
        return [self.say(s) for s in self._line[1 : self._cursor + 1]]

    def frame_actions(self) -> list[_scene.Action]:
        """Hint, history and new-game buttons (and continue, on a summary)."""
        actions = []
        if self.paused:
            actions.append(
                _scene.action("continue", self.text("widget.action.continue"), primary=True)
            )
        if self.hints:
            actions.append(
                _scene.action("hint", self.text("widget.action.hint"), enabled=self.is_my_turn())
            )
        at_start, at_end = self._cursor == 0, self._cursor == len(self._line) - 1
        actions += [
            _scene.action("start", self.text("widget.action.start"), enabled=not at_start),
            _scene.action("back", self.text("widget.action.back"), enabled=not at_start),
            _scene.action("forward", self.text("widget.action.forward"), enabled=not at_end),
            _scene.action("end", self.text("widget.action.end"), enabled=not at_end),
        ]
        if self._confirm_new:
            actions.append(_scene.action("new-confirm", self.text("widget.action.new_confirm")))
            actions.append(_scene.action("new-cancel", self.text("widget.action.new_cancel")))
        else:
            actions.append(_scene.action("new", self.text("widget.action.new")))
        return actions

    def full_status(self) -> str:
        """:meth:`status`, with the history position when an earlier position is shown."""
        status = self.status()
        if self._cursor < len(self._line) - 1:
            ply, plies = self.state.ply, self._line[-1].ply
            return self.text("widget.status.history", status=status, ply=ply, plies=plies)
        return status

    def build_scene(self) -> _scene.Scene:
        """The scene of the position shown, from the game's builders and the frame."""
        labels = _scene.labels(self.locale)
        labels["options"] = self.options_label()
        first = max(1, self._cursor - LOG_LINES + 1)
        summary = self._pending_summary(self._cursor)
        history: _scene.History | None = None
        if len(self._line) > 1:
            history = {
                "ply": self.state.ply,
                "plies": self._line[-1].ply,
                "label": self.text("widget.history"),
            }
        return _scene.make_scene(
            game=self.game,
            title=self.text(f"widget.{self.game}.title"),
            locale=self.locale,
            seat=self.viewer,
            four_color=self.four_color,
            theme=self.theme,
            size=self.size,
            status=self.full_status(),
            message=self._message,
            announce=self.announcement,
            zones=self.zones(),
            options=self.options(),
            actions=self.move_actions() + self.frame_actions(),
            previews=self.previews() if self.hints else {},
            focus=list(self.focus_zones),
            log=[self.say(s) for s in self._line[first : self._cursor + 1]],
            score=self.score_sheet(),
            summary=summary,
            legend=self.legend_items() if self.legend else [],
            history=history,
            labels=labels,
        )

    def refresh(self) -> None:
        """Rebuild the scene and bump the version (one sync message); update the observable
        traitlets (:attr:`ply`, :attr:`over`, :attr:`last_move`)."""
        if not getattr(self, "_ready", False):
            return
        version = self.version + 1
        built = self.build_scene()
        built["version"] = version
        state = self.state
        with self.hold_sync():
            self.scene = dict(built)
            self.version = version
        self.ply = state.ply
        self.over = bool(state.is_over)
        self.last_move = "" if state.last_move is None else str(state.last_move)

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
