"""The widget framework: :class:`GameWidget`, an anywidget that shows one seat's scene of a game.

A game widget is a view over one :class:`cardwidgets.Table` (:attr:`GameWidget.table`), which
holds the game's flow: the line of states and the cursor into it (history navigation), the
seats, the opponent's replies, the pauses, undo and new games, and follows it
(:meth:`cardwidgets.Table.on_change`): a change made through the widget or on ``w.table`` from
a cell is shown the same way. The widget holds the seat whose
eyes it shows, the display options and the learner's selection (a half-made move). It syncs one
piece of game data to the browser, the ``scene``, which the game's presenter
(:mod:`cardwidgets.present`) builds from what that seat may see. The browser sends intents (a
click on a card, an option, a button, the history slider) as custom messages stamped with the
scene version they were made on; :meth:`GameWidget.handle_intent` checks each against the
scene Python itself produced, so a stale, malformed or forged intent is refused with a sentence
in the widget, the state stays unchanged, and nothing is raised into the notebook. Everything a
click does is a Python method too, so notebooks and tests drive the widget without a browser.

Everything a widget holds of its own is in this one module: the synced traits and display
options, the selection, the intents, the clock of watching, and the one call that syncs the
scene (:meth:`GameWidget.refresh`). What the live line says and plays out after a change of the
table is computed by :mod:`cardwidgets.present.live`, the scene by the presenter. A game's
widget (:mod:`cardwidgets.widgets.tablic` …) contributes the same three things for every game:
its presenter (:meth:`GameWidget.presenter`), its selection rules (the clicks that build a
half-made move, :meth:`GameWidget.on_card`, :meth:`GameWidget.choose`) and its buttons (added
to the one table :meth:`GameWidget.actions`).

Trade-offs:

* The whole scene is re-sent on every change (a few KB, see ``benchmarks/bench_scene.py``)
  instead of diffs: simpler, and the renderer stays stateless.
* The opponent replies synchronously inside the learner's action: the bots are fast, and the
  scene the learner sees next is the position where it is their turn again (or a pause).
* Options that would reveal hidden cards (``open_hands``, ``seat``) are not synced, and the
  front end may only set the display options (locale, four-colour, theme, size): the browser is
  never trusted with anything that changes what it is allowed to see.

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1, locale="de")
>>> w.names(), w.count("widget.cards", 1)
(('Du', 'Computer'), '1 Karte')
>>> w.locale = "en"
>>> _ = w.play("A♣ x 4♥ 7♦")
>>> w.announcement
'You play A♣ and capture 4♥ 7♦. Computer plays J♥ and captures J♠.'
>>> w.back(); w.cursor, w.scene["status"]
(1, 'Computer to move (move 1 of 2)')
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import logging
import math
import warnings
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar, cast

import anywidget
import traitlets

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.cards import fresh_seed
from cardwidgets.core import GameState, Move, check_seat
from cardwidgets.i18n import TranslatedError
from cardwidgets.present import Moment, Presenter, Said, live, still_note, words
from cardwidgets.replay.embed import widget_entry
from cardwidgets.table import (
    Event,
    Player,
    Table,
    TableError,
    player_name,
    read_seed,
    turn_point,
)
from cardwidgets.widgets.errors import WidgetError  # apart: the teacher panel raises it too

if TYPE_CHECKING:
    from cardwidgets.bots.random_opponent import RandomOpponent

__all__ = [
    "Appraisals",
    "ChoiceOption",
    "GameWidget",
    "MoveHook",
    "Opponent",
    "OptionError",
    "RandomOpponent",
    "SeatOption",
    "SwitchOption",
    "WidgetError",
]

_log = logging.getLogger(__name__)


class OptionError(WidgetError, traitlets.TraitError):
    """A widget option given a value it cannot take (``theme="neon"``, ``seat=2``); the option
    keeps its value.

    A ``ValueError`` like every refusal of the project, its reason in the widget's language
    (``locale``, fixed when raised; None: the current default); and a ``traitlets.TraitError``
    too, because traitlets rolls a trait back (and a constructor's traits) only on that.

    >>> from cardwidgets.widgets import TablicWidget
    >>> w = TablicWidget(seed=1, locale="de")
    >>> w.theme = "neon"
    Traceback (most recent call last):
    ...
    cardwidgets.widgets.base.OptionError: Die Einstellung theme kann nicht 'neon' sein; ...
    >>> w.theme
    'auto'
    """

    __module__ = "cardwidgets.widgets.base"

    def __init__(self, key: str, /, *, locale: str | None = None, **params: Any) -> None:
        super().__init__(key, **params)
        self.locale = locale

    def text(self, locale: str | None = None) -> str:
        """The reason in ``locale``, by default in the widget's language when raised."""
        return super().text(locale or self.locale)


def _refusal(widget: object, option: str | None, value: object, choices: str) -> OptionError:
    """The refusal of ``value`` for ``option``, in the language the widget speaks (or is being
    made to speak: :class:`~cardwidgets.widgets.base.GameWidget` notes the locale asked for
    before it sets any option, so ``seat=2, locale="de"`` is refused in German); in the
    default language when the widget has none (``locale="xx"``)."""
    asked = vars(widget).get("_locale_asked")
    locale = asked if asked is not None else getattr(widget, "locale", None)
    return OptionError(
        "widget.bad_option",
        locale=locale if isinstance(locale, str) and locale in i18n.LOCALES else i18n.get_locale(),
        option=option,
        value=i18n.shown(value),
        choices=choices,
    )


class ChoiceOption(traitlets.Unicode):  # type: ignore[type-arg]  # bare: older traitlets cannot subscript
    """An option that is one word of a fixed list (``theme``, ``size``, ``locale``)."""

    def __init__(self, default: str, choices: tuple[str, ...], **kwargs: Any) -> None:
        super().__init__(default, **kwargs)
        self.choices = choices

    def validate(self, obj: Any, value: Any) -> str:
        """``value`` if it is one of the choices, else :class:`OptionError`."""
        if not isinstance(value, str) or value not in self.choices:
            raise _refusal(obj, self.name, value, ", ".join(self.choices))
        return value


class LocaleOption(ChoiceOption):
    """The ``locale`` option: one of :data:`cardwidgets.i18n.LOCALES` as they are when it is
    set, so a language added with :func:`cardwidgets.i18n.add_locale` is a choice too."""

    def validate(self, obj: Any, value: Any) -> str:
        """``value`` if it is a supported locale, else :class:`OptionError`."""
        self.choices = i18n.LOCALES
        return super().validate(obj, value)


class SwitchOption(traitlets.Bool):  # type: ignore[type-arg]  # bare: older traitlets cannot subscript
    """An option that is on or off (``four_color``, ``hints`` …): what ``traitlets.Bool``
    takes (``True``, ``False``, 1, 0), else :class:`OptionError`."""

    def validate(self, obj: Any, value: Any) -> bool:
        """``value`` as a bool, else :class:`OptionError`."""
        try:
            return bool(super().validate(obj, value))
        except traitlets.TraitError:
            raise _refusal(obj, self.name, value, "True, False") from None


class AnalysisOption(SwitchOption):
    """The analysis switch: on or off, and never on while the teacher's
    ``analysis_allowed`` is off (:class:`WidgetError` with the reason)."""

    def validate(self, obj: Any, value: Any) -> bool:
        """``value`` as a bool; on only where the teacher allows it."""
        on = super().validate(obj, value)
        if on and not getattr(obj, "analysis_allowed", True):
            raise OptionError("widget.analysis.not_allowed", locale=getattr(obj, "locale", None))
        return on


@dataclasses.dataclass(eq=False)
class Appraisals:
    """A widget's analyses, by position (:func:`cardwidgets.widgets.analysis.
    key_of`): an ``Analysis`` or the error that stopped it; the positions under way in a worker
    thread; and whether the widget is handling a click from the page (only then does an
    analysis go to a worker: a Python call waits for it)."""

    found: dict[tuple[object, ...], Any] = dataclasses.field(default_factory=dict)
    thinking: set[tuple[object, ...]] = dataclasses.field(default_factory=set)
    worker: bool = False


class SeatOption(traitlets.Int):  # type: ignore[type-arg]  # bare: older traitlets cannot subscript
    """The seat whose eyes the widget shows: 0 or 1 (:func:`cardwidgets.core.check_seat`)."""

    def validate(self, obj: Any, value: Any) -> int:
        """``value`` if it is a seat, else :class:`OptionError`."""
        try:
            return check_seat(value)
        except ValueError:
            raise _refusal(obj, self.name, value, "0, 1") from None


class PaceOption(traitlets.Float):  # type: ignore[type-arg]  # bare: older traitlets cannot subscript
    """Seconds between two moves when watching computer players (0 to an hour; 0: no waiting,
    for tests and notebooks that drive the widget)."""

    def validate(self, obj: Any, value: Any) -> float:
        """``value`` as seconds, else :class:`OptionError`."""
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise _refusal(obj, self.name, value, "0 ≤ pace ≤ 3600")
        if not (math.isfinite(value) and 0 <= value <= 3600):
            raise _refusal(obj, self.name, value, "0 ≤ pace ≤ 3600")
        return float(value)


_THEMES = ("auto", "light", "dark")
_SIZES = ("normal", "large")
_FRONT_END_MAY_SET = frozenset({"locale", "four_color", "theme", "size"})


S = TypeVar("S", bound="GameState[Any]")
"""The game's state class (``tablic.State`` …): a game widget is ``GameWidget[State, Move]``."""
M = TypeVar("M", bound="Move")
"""The game's move class."""


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


class GameWidget(anywidget.AnyWidget, Generic[S, M]):
    """Base of the game widgets: the synced traits and options, the selection, narration and
    intents, over the :attr:`table` that plays the game (line, cursor, seats, replies, pauses).

    Subclasses set :attr:`game` and :attr:`engine` (the game's module), and give their
    :meth:`presenter`, their selection rules (:meth:`on_card`, :meth:`choose`,
    :meth:`clear_selection`, :meth:`show_hint`) and their buttons (:meth:`actions`).
    """

    scene = traitlets.Dict().tag(sync=True)
    """The picture of the game for the browser (see :mod:`cardwidgets.scene`)."""
    version = traitlets.Int(0).tag(sync=True)
    """Grows by one with every new scene; intents must name the version they were made on."""
    # The options refuse a bad value with OptionError (a ValueError in the widget's language).
    locale = LocaleOption("en", i18n.LOCALES).tag(sync=True)
    """``"en"``, ``"de"`` or ``"hr"`` (any of :data:`cardwidgets.i18n.LOCALES`): every sentence
    of the widget."""
    four_color = SwitchOption(False).tag(sync=True)
    """Four-colour suits (♦ blue, ♣ green)."""
    theme = ChoiceOption("auto", _THEMES).tag(sync=True)
    """``"auto"`` (follow JupyterLab or the system), ``"light"`` or ``"dark"``."""
    size = ChoiceOption("normal", _SIZES).tag(sync=True)
    """``"normal"`` or ``"large"`` (a projector: cards and text scale together)."""
    legend = SwitchOption(True)
    """Show the small legend of highlight colours."""
    open_hands = SwitchOption(False)
    """Teacher switch: show every hand face up. Not synced: the browser cannot turn it on."""
    hints = SwitchOption(True)
    """Show what cards could do, and the Hint button."""
    seat = SeatOption(0)
    """Whose eyes the widget shows. Not synced."""
    ply = traitlets.Int(0)
    """The number of moves before the position shown (observe it to follow the game)."""
    over = traitlets.Bool(False)
    """Whether the position shown ends the game."""
    last_move = traitlets.Unicode("")
    """The text of the move that led to the position shown (``""`` at the start)."""
    pace = PaceOption(1.0)
    """Watching computer players: seconds between two moves while they play on."""
    running = traitlets.Bool(False)
    """Watching: whether the players play on by themselves (:meth:`watch`, :meth:`pause`)."""
    teacher = SwitchOption(False)
    """Show the teacher panel (opponent, new game from a seed, undo, reveal the computer's
    hand: :mod:`cardwidgets.widgets.teacher`). Not synced: only Python turns it on."""
    analysis_allowed = SwitchOption(True)
    """Teacher switch: offer the analysis switch (off: no button, and ``analysis`` stays off).
    Not synced."""
    analysis = AnalysisOption(False)
    """The analysis switch: mark each option and hand card with its value for the learner and
    say what the best move is and what the learner's last move lost
    (:mod:`cardwidgets.widgets.analysis`). Not synced: the button turns it on and off."""

    game: ClassVar[str] = ""
    engine: ClassVar[ModuleType | None] = None
    """The game's module (``cardwidgets.games.tablic`` …): ``State``, ``Rules``, ``new_game``."""

    # The widget's own fields (set by GameWidget.__init__).
    _ready: bool
    table: Table
    """The game's flow: the line of play and its cursor, the seats, the replies, the pauses."""
    _narrated: dict[tuple[object, ...], tuple[object, str]]  # sentences said (narration.py)
    _message: _scene.Message | None
    _remake: tuple[_scene.Message, Callable[[], str]] | None
    _said: list[Said]
    _confirm_new: bool
    _hooks: list[MoveHook]
    _locale_asked: str | None  # the locale of option refusals while the widget is made
    _timer: asyncio.TimerHandle | None  # the next move while they play on
    _selection: Any  # the learner's half-made move: the game's frozen selection
    presenter_class: ClassVar[type[Presenter[Any, Any]]]
    """The game's presenter (:mod:`cardwidgets.present`): it draws the scene."""
    blank: ClassVar[Any] = None
    """The game's empty selection (nothing selected yet)."""

    # -- observers and updates from the page ---------------------------------------------------
    @traitlets.observe("locale", "four_color", "theme", "size", "legend", "open_hands", "hints")
    def _option_changed(self, change: Mapping[str, object]) -> None:
        remake: tuple[_scene.Message, Callable[[], str]] | None = getattr(self, "_remake", None)
        if change["name"] == "locale" and remake is not None and self._message is remake[0]:
            # The message on show follows the new language (the live line always does).
            shown, make = remake
            self._show(shown["kind"], make)
        self.refresh()

    def _handle_msg(self, msg: dict[str, Any]) -> None:
        """ipywidgets' comm handler, guarded: a message whose data is no dict, or names no
        method, is refused as malformed here; ipywidgets would index it and, in a kernel, send
        the page an error traceback."""
        content = msg.get("content") if isinstance(msg, Mapping) else None
        data = content.get("data") if isinstance(content, Mapping) else None
        if not isinstance(data, Mapping) or not isinstance(data.get("method"), str):
            self._refuse_update(WidgetError("widget.bad_intent"), [])
            return
        super()._handle_msg(msg)

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """Apply a state update from the page: only the display options may change, and only
        to a value they take. Never raises (this runs inside the comm handler): a bad value is
        refused in the widget, in its language, the option keeps its value (sent back to the
        page), and an update that is no dict changes nothing."""
        if not isinstance(sync_data, Mapping):
            self._refuse_update(WidgetError("widget.bad_intent"), [])
            return
        ignored = sorted(i18n.shown(k) for k in sync_data if k not in _FRONT_END_MAY_SET)
        if ignored:
            _log.warning("cardwidgets: ignored front-end update of %s", ", ".join(ignored))
        allowed: dict[str, Any] = {}
        refused: list[tuple[str, OptionError]] = []
        for name, value in sync_data.items():
            if name in _FRONT_END_MAY_SET:
                try:
                    allowed[name] = self.traits()[name].validate(self, value)
                except OptionError as refusal:
                    refused.append((name, refusal))
        if allowed:
            super().set_state(allowed)
        for name, reason in refused:
            self._refuse_update(reason, [name])

    def _refuse_update(self, err: WidgetError, names: list[str]) -> None:
        """Show why an update from the page was refused, log it, and send the page back the
        values it tried to change (its model would otherwise keep the refused one)."""
        said = err.text(self.locale)
        _log.warning("cardwidgets: refused a front-end update: %s", said)
        self._refuse(err)
        if names:
            self.send_state(names)
        self.refresh()

    @property
    def message(self) -> str | None:
        """The error or info text the widget shows, or None."""
        return None if self._message is None else self._message["text"]

    def _show(self, kind: _scene.MessageKind, make: Callable[[], str]) -> None:
        """Show a message made by ``make``, made again in the new language if the locale
        changes while it is shown."""
        shown = _scene.message(kind, make())
        self._message, self._remake = shown, (shown, make)

    # -- errors and messages -------------------------------------------------------------------
    @contextlib.contextmanager
    def reporting(self) -> Iterator[None]:
        """Show a rules or widget error in the widget (state unchanged), then re-raise it."""
        try:
            yield
        except TranslatedError as err:
            if not getattr(err, "_cw_shown", False):
                vars(err)["_cw_shown"] = True  # nested reporting() blocks show it once
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

    # -- the widget's words --------------------------------------------------------------------
    def text(self, key: str, /, **params: object) -> str:
        """A catalog sentence in the widget's locale."""
        return i18n.text(key, self.locale, **params)

    def count(self, key: str, n: int) -> str:
        """A counted phrase in the widget's locale, singular for one (``"1 card"``)."""
        return words.count(key, n, self.locale)

    def names(self) -> tuple[str, str]:
        """The players' names as shown: "You" and "Computer", or "Player 1/2" in hot-seat."""
        return self.presenter().names()

    # -- the game's hooks ----------------------------------------------------------------------
    def presenter(self) -> Presenter[S, Any]:
        """The game's presenter (:attr:`presenter_class`) of what the widget shows now: the
        :meth:`moment` and the selection. It builds the scene."""
        return self.presenter_class(self.moment(), self._selection, self._narrated)

    def moment(self) -> Moment:
        """What the widget shows now, for its presenter: the line, the cursor, the seat, the
        display options, the message and what the live line says."""
        table = self.table
        return Moment(
            line=table.line,
            cursor=table.cursor,
            seat=self.seat,
            hot_seat=self.opponent is None,
            locale=self.locale,
            four_color=self.four_color,
            theme=self.theme,
            size=self.size,
            legend=self.legend,
            open_hands=self.open_hands,
            hints=self.hints,
            message=self._message,
            said=tuple(self._said),
            confirm_new=self._confirm_new,
            dismissed=table.dismissed,
            players=tuple(player_name(p) for p in self.players),
            running=self.running,
        )

    def show_hint(self, move: M) -> None:
        """Select ``move`` as the learner's half-made move (after :meth:`hint`)."""

    def clear_selection(self) -> None:
        """Forget the learner's half-made move."""
        self._selection = self.blank

    # -- the game line -------------------------------------------------------------------------
    @property
    def state(self) -> S:
        """The position shown (full information; Python only, never synced)."""
        state: S = self.table.state
        return state

    @state.setter
    def state(self, state: S) -> None:
        if self.engine is not None and not isinstance(state, self.engine.State):
            raise WidgetError("widget.wrong_state", game=self.game)
        self._flow(lambda: self.table.reset(state))  # the widget follows (_table_changed)

    @property
    def viewer(self) -> int:
        """The seat whose cards are shown: :attr:`seat`, or the seat to move in hot-seat play."""
        return self.moment().viewer

    @property
    def paused(self) -> bool:
        """Whether the position shown waits on a summary (end of a deal or set)."""
        return self.table.paused

    def is_my_turn(self) -> bool:
        """Whether the position shown waits for the learner (not the opponent, not over, not
        paused on a summary)."""
        return self.table.learner_to_move()

    def check_turn(self) -> None:
        """Raise the reason why the learner cannot act now (watching, game over, pause, not
        their turn)."""
        if self.players:
            raise WidgetError("widget.watching")
        if self.state.is_over and not self.paused:
            raise WidgetError("widget.game_over")
        if self.paused:
            raise WidgetError("widget.paused")
        if not self.is_my_turn():
            raise WidgetError("widget.not_your_turn")

    @traitlets.observe("seat")
    def _seat_changed(self, change: Mapping[str, object]) -> None:
        self.clear_selection()
        seat = int(change["new"])  # type: ignore[call-overload]  # a SeatOption: an int
        # The computer may have to move for the seat it now holds.
        said = live.moved(self._flow(lambda: setattr(self.table, "seat", seat), follow=False))
        if said and getattr(self, "_ready", False):
            self._said = said
        self.refresh()

    # -- playing -------------------------------------------------------------------------------
    def play(self, move: M | str | None = None) -> S:
        """Play ``move`` (a Move or its text, as the engine reads it) for the learner; the
        opponent replies until it is the learner's turn again. Returns the new state."""
        return self.commit(move)

    def commit(self, move: M | str | None) -> S:
        """Play ``move`` for the learner at the position shown, then let the opponent reply.

        Playing at an earlier position starts a new line (the old one is kept in
        :attr:`branches`). Raises :class:`~cardwidgets.IllegalMove` with the engine's reason,
        which the widget also shows; the state is unchanged then.
        """
        with self.reporting():
            self.check_turn()
            self._flow(lambda: self.table.play(move))  # the widget follows (_table_changed)
        return self.state

    def _flow(self, act: Callable[[], object], *, follow: bool = True) -> tuple[Event, ...]:
        """Run ``act`` on the table; the events it made (a computer player's refused move is
        refused in the widget's words). The widget follows the change as it follows any
        (:meth:`_table_changed`), unless ``follow`` is off: then the caller shows it its own
        way."""
        _ = self.table.events  # what was changed before, from outside, is followed already
        self._following = follow
        try:
            act()
        except TableError as err:
            if err.key != "table.bad_player":
                raise
            params = err.params
            raise WidgetError(
                "widget.bad_opponent", move=params["chosen"], reason=params["reason"]
            ) from err
        finally:
            self._following = True
        return self.table.events

    def _table_changed(self, events: tuple[Event, ...]) -> None:
        """Show a change of the table, whoever made it (the widget's own calls, or a cell's
        ``w.table.play(...)``): what the live line says follows from its ``events``, as
        :meth:`_follow` reads them; the moves run the ``on_move`` hooks."""
        if not self._following:
            return
        table = self.table
        if table.seat != self.seat:  # the table changed sides: the widget's eyes follow
            self.seat = table.seat
        kind = events[0].kind if events else None
        if kind == "new":
            self._new_game(events)
            return
        self._follow(events)
        self.refresh()
        self._run_hooks(events)

    def _new_game(self, events: tuple[Event, ...]) -> None:
        """Show a new game or position (the old game's sentences go with it). A new game
        (:meth:`Table.new`: the old line is kept in the branches; a position put on the table
        keeps none) is shown first, then the line that says it began: two scenes."""
        table = self.table
        self._narrated = {}
        self.clear_selection()
        self._message = None
        self._said = live.moved(events)
        self.refresh()
        started = live.started(table)
        if started is None:  # a position put on the table (Table.reset): nothing to say
            return
        self._confirm_new = False
        key, params = started
        self._show("info", lambda: self.text(key, **params))
        self.refresh()

    def _follow(self, events: tuple[Event, ...]) -> None:
        """What the live line says after ``events`` (not a new game) and the moves to play out
        (:func:`cardwidgets.present.live.follow`); the learner's own act takes the selection
        and the question of a new game away."""
        followed = live.follow(events, self.table, self.moment())
        if followed is None:  # the seats changed and nobody moved: the scene shows who plays
            return
        self._message = None
        if followed.learner:
            self.clear_selection()
            self._confirm_new = False
        self._said, self._flight = followed.said, followed.flight

    def back_turn(self) -> None:
        """Show the position one whole turn earlier: the last one before the position shown
        where the learner's seat (:attr:`seat`) was to move (or the first position).

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1, pace=0)
        >>> _ = w.play("A♣ x 4♥ 7♦")
        >>> w.back_turn(); w.cursor
        0
        >>> w.forward_turn(); w.cursor
        2
        """
        self._go(turn_point(self.table.line, self.table.cursor, self.seat, -1))

    def forward_turn(self) -> None:
        """Show the position one whole turn later: the next one where the learner's seat is to
        move (or the latest position)."""
        self._go(turn_point(self.table.line, self.table.cursor, self.seat, 1))

    # -- watching two computer players ---------------------------------------------------------
    @property
    def players(self) -> tuple[Opponent, ...]:
        """The two computer players being watched (seat 0, seat 1), or ``()``."""
        table = self.table
        return cast(tuple[Opponent, ...], table.players) if table.watching else ()

    def step(self) -> S:
        """Watching: the player to move makes one move (on a summary: the game goes on).

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1, players=("greedy", "random"))
        >>> w.step().ply, w.announcement
        (1, 'Player 1 (greedy) plays K♠ and captures 2♦ J♠.')
        """
        with self.reporting():
            if not self.players:
                raise WidgetError("widget.not_watching")
            if not self.paused and (self.state.is_over or self.state.to_move is None):
                raise WidgetError("widget.game_over")
            self._flow(self.table.step)  # the widget follows (_table_changed)
        return self.state

    def watch(self, pace: float | None = None) -> None:
        """Watching: let the players play on by themselves, a move every :attr:`pace`
        seconds (``pace`` sets it), until :meth:`pause` or the end. Needs a running event
        loop (a notebook kernel); elsewhere, :meth:`step` makes each move."""
        with self.reporting():
            if not self.players:
                raise WidgetError("widget.not_watching")
            if pace is not None:
                self.pace = pace
            try:
                asyncio.get_running_loop()
            except RuntimeError:
                raise WidgetError("widget.watch_no_loop") from None
            self.running = True
            self._schedule()
            self.refresh()

    def pause(self) -> None:
        """Watching: stop playing on (:meth:`step` still makes one move)."""
        self.running = False
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
        self.refresh()

    def _schedule(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer = asyncio.get_running_loop().call_later(self.pace, self._tick)

    def _tick(self) -> None:
        """One move while playing on; stops at the end or on a refusal (shown)."""
        self._timer = None
        if not self.running:
            return
        try:
            self.step()
        except TranslatedError:
            self.pause()
            return
        if self.state.is_over:
            self.pause()
        else:
            self._schedule()

    def next(self) -> None:
        """Continue after a summary (end of a deal or set): the opponent may move again."""
        with self.reporting():
            if not self.paused:
                raise WidgetError("widget.nothing_to_continue")
            # The widget follows; when the learner begins the next deal or set, it says so.
            self._flow(self.table.resume)

    # -- teacher hooks -------------------------------------------------------------------------
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

    def _run_hooks(self, events: tuple[Event, ...]) -> None:
        for event in events:
            if event.kind != "move" or event.seat is None:
                continue
            for hook in list(self._hooks):
                try:
                    hook(event.move, event.seat, event.state)
                except Exception as err:  # the teacher's code: show it, keep the game
                    _log.exception("cardwidgets: an on_move hook failed")
                    self.inform(
                        self.text("widget.hook_failed", error=f"{type(err).__name__}: {err}")
                    )

    @property
    def line(self) -> tuple[Any, ...]:
        """The states of the current line of play, from the first position."""
        return self.table.line

    @property
    def cursor(self) -> int:
        """The index in :attr:`line` of the position shown."""
        return self.table.cursor

    @property
    def branches(self) -> tuple[Any, ...]:
        """The last states of the lines left by playing on from an earlier position, by undo
        or by a new game."""
        return self.table.branches

    # -- navigation ----------------------------------------------------------------------------
    def start(self) -> None:
        """Show the first position."""
        self._go(0)

    def back(self) -> None:
        """Show the position one move earlier."""
        self._go(self.table.cursor - 1)

    def forward(self) -> None:
        """Show the position one move later on the current line."""
        self._go(self.table.cursor + 1)

    def end(self) -> None:
        """Show the latest position of the current line."""
        self._go(len(self.table.line) - 1)

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
            self._show_ply(ply)

    def _show_ply(self, ply: object) -> None:
        """Show the position after ``ply`` moves; the table refuses a ply it does not have
        (quoted shortened: it may be anything the page sent), in the widget's words here."""
        try:
            self._flow(lambda: self.table.goto(ply))  # type: ignore[arg-type]  # goto() checks it
        except TableError as err:
            if err.key != "table.no_such_ply":
                raise
            raise WidgetError("widget.no_such_ply", **err.params) from None

    def _go(self, index: int) -> None:
        line = self.table.line
        ply = line[max(0, min(index, len(line) - 1))].ply
        self._flow(lambda: self.table.goto(ply))  # the widget follows: nothing played out

    # -- new games -----------------------------------------------------------------------------
    def new(self, seed: int | str | None = None) -> None:
        """Start a new game with the same rules; the old line is kept in :attr:`branches`.

        Without ``seed``, its seed follows from this widget's seed (``"5/1"``, ``"5/2"`` …).
        With one (a whole number, also as text, or a short word), it is the game
        ``TablicWidget(seed=seed)`` would deal, the opponent (if named) seeded from it too, so
        ``new(seed=5)`` twice deals the same game. A bad seed is refused, state unchanged.

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1)
        >>> w.new(seed=5); w.game_seed, w.state.code(0) == TablicWidget(seed=5).state.code(0)
        (5, True)
        >>> w.new(seed="")
        Traceback (most recent call last):
        ...
        cardwidgets.widgets.base.WidgetError: A seed is a whole number (0 or more) or a short ...
        """
        with self.reporting():
            chosen = None if seed is None else self._read_seed(seed)
            self._flow(lambda: self.table.new(seed=chosen))  # the widget follows (_new_game)

    @staticmethod
    def _read_seed(seed: object) -> int | str:
        """The seed a teacher typed (:func:`cardwidgets.table.read_seed`), refused in the
        widget's words."""
        try:
            return read_seed(seed)
        except TableError as err:
            raise WidgetError("widget.teacher.bad_seed", **err.params) from None

    def _new_state(self, seed: int | str, rules: Any) -> S:
        """The first position of a new game from ``seed`` (a game may deal its own way)."""
        assert self.engine is not None
        state: S = self.engine.new_game(seed=seed, rules=rules)
        return state

    @property
    def game_seed(self) -> int | str:
        """The seed of the game shown: ``new(seed=w.game_seed)`` deals it again."""
        return self.table.seed

    def _ask_new(self) -> None:
        self._confirm_new = True
        self._show("info", lambda: self.text("widget.new_ask"))
        self.refresh()

    def _cancel_new(self) -> None:
        self._confirm_new = False
        self._message = None
        self.refresh()

    # -- teacher controls (the panel: cardwidgets.widgets.teacher) -----------------------------
    @traitlets.observe("teacher")
    def _teacher_changed(self, change: Mapping[str, object]) -> None:
        self.refresh()

    @property
    def opponent(self) -> Opponent | None:
        """Who replies to the learner (None: two learners take turns, hot-seat).

        Set it to what the constructor's ``opponent`` takes: a bot name (``"random"``,
        ``"greedy"``, ``"expert"``), ``"human"`` or None for hot-seat, or any object with
        ``choose(state)``; it plays from its next reply (at once if the game waits on it).
        Anything else raises :class:`OptionError`, and the opponent stays.

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1)
        >>> w.opponent = "expert"; w.opponent_name
        'expert'
        >>> w.opponent = "grandmaster"
        Traceback (most recent call last):
        ...
        cardwidgets.widgets.base.OptionError: The option opponent cannot be 'grandmaster'; ...
        >>> w.opponent_name
        'expert'
        """
        return self.table.opponent

    @opponent.setter
    def opponent(self, value: object) -> None:
        if self.players:
            raise OptionError("widget.watch_with_opponent", locale=self.locale)
        if value is None:
            value = "human"  # as before the setter: None is hot-seat play
        # The table checks the player (and refuses it unchanged): the widget words the refusal.
        # The game may wait on it (hot-seat, seat 1 to move); a failing player changes nothing.
        try:
            events = self._flow(lambda: setattr(self.table, "opponent", value), follow=False)
        except TableError as err:
            if err.key != "table.bad_opponent":
                raise
            choices = self.text("widget.teacher.opponent_choices")
            raise _refusal(self, "opponent", value, choices) from None
        said = live.moved(events)
        if said:
            self._said = said
        named = self.opponent_name or "human"
        shown = f"widget.teacher.opponent.{named}"  # a bot's name in the widget's language
        key = shown if self.opponent_named else None
        self._show(
            "info",
            lambda: self.text("widget.teacher.opponent_set", name=self.text(key) if key else named),
        )
        self.refresh()

    @property
    def opponent_name(self) -> str:
        """The opponent's name (``"greedy"`` …; a player's class name), ``""`` in hot-seat."""
        opponent = self.opponent
        return "" if opponent is None else player_name(opponent)

    @property
    def opponent_named(self) -> bool:
        """Whether the opponent was made from a name (then ``new(seed=…)`` seeds it): the
        table's :attr:`~cardwidgets.Table.opponent_named`, so it follows an opponent set on
        the table too (False while two computer players are watched: there is no opponent)."""
        return self.table.opponent_named

    def can_undo(self) -> bool:
        """Whether :meth:`undo` has a move to take back."""
        return self.table.can_undo()

    def _undo_seat(self) -> int | None:
        """Whose moves undo takes back: the learner's, or anyone's (hot-seat, watching)."""
        return None if self.opponent is None else self.seat

    def undo(self) -> None:
        """Take back the learner's last move and the computer's replies after it: the game is
        back at the learner's previous turn (two learners or two computer players: the last
        move). The undone line is kept in :attr:`branches`; nothing to undo is refused.

        >>> from cardwidgets.widgets import TablicWidget
        >>> w = TablicWidget(seed=1)
        >>> _ = w.play("A♣ x 4♥ 7♦"); w.ply
        2
        >>> w.undo(); w.ply, len(w.branches), w.announcement
        (0, 1, '2 moves taken back: your turn again (move 0).')
        >>> w.undo()
        Traceback (most recent call last):
        ...
        cardwidgets.widgets.base.WidgetError: There is no move of yours to take back.
        """
        with self.reporting():
            if not self.table.can_undo():
                raise WidgetError("widget.teacher.nothing_to_undo")
        if self.running:
            self.pause()
        self._flow(self.table.undo)  # the widget follows (_table_changed)

    # -- in the scene --------------------------------------------------------------------------

    @property
    def announcement(self) -> str:
        """The sentence of the aria-live line (what just happened), in the widget's language:
        the moves just made (the learner's and the computer's, with the end of a deal or set
        they bring), the position reached in the history, or whose turn it is after a pause."""
        return self.presenter().announcement

    @property
    def moves_log(self) -> list[str]:
        """Every move of the line up to the position shown, in words.

        (Not called ``log``: that name belongs to the logger ipywidgets writes to
        when a message from the page fails, ``self.log.warning(...)``; a list in its place
        turned every such failure into an ``AttributeError``. So ``w.log`` is a logger again.)
        """
        return self.presenter().moves_log()

    def mover_is_learner(self, state: S) -> bool:
        """Whether the move that led to ``state`` was the learner's (for "You play …")."""
        return self.presenter().mover_is_learner(state)

    # -- hints ---------------------------------------------------------------------------------
    def hint(self) -> None:
        """Select the move the computer suggests and say why, in words."""
        from cardwidgets import bots

        with self.reporting():
            self.check_turn()
            # Only the move and its reason are shown: no figures (Pazaak's would be sampled).
            found = bots.hint(self.state, self.viewer, self.locale, details=False)
            self.clear_selection()
            self.show_hint(found.move)

            def said() -> str:  # made again if the language changes while it shows
                words = self.presenter().move_words(found.move)
                reason = found.text(self.locale)
                return self.text("widget.hint", move=words, reason=reason).strip()

            self._show("info", said)
            self.refresh()

    _esm = _esm()
    _css = _HERE / "cards.css"
    _built: _scene.Scene  # the scene last sent (typed; ``scene`` holds it as the browser's dict)
    _flight: int | None = None  # the line index from which the next scene plays moves out
    _following = True  # whether the widget shows a change of its table as it follows any

    def __init__(
        self,
        *,
        seed: int | str | None = None,
        state: S | None = None,
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
        code: str | None = None,
        players: tuple[object, object] | None = None,
        pace: float = 1.0,
        teacher: bool = False,
        analysis: bool = False,
        analysis_allowed: bool = True,
    ) -> None:
        self._ready = False
        self._appraisals = Appraisals()
        self._locale_asked = locale  # an option refused while the widget is made says so in it
        self._selection = self.blank
        if code is not None:  # a position code: the state it sets up, unseen cards from seed
            state, seed = self._state_of_code(code, seed, state, rules)
        state, seed = self._starting_state(seed, state, rules)
        self._narrated = {}
        self._message = None
        self._remake = None
        self._confirm_new = False
        self._hooks = []
        self.table = self._table_of(state, seed, seat, opponent, players, replying=ply is None)
        said = live.moved(self.table.events)
        self._timer = None
        super().__init__(
            pace=pace,
            seat=seat,
            locale=locale,
            four_color=four_color,
            open_hands=open_hands,
            hints=hints,
            theme=theme,
            size=size,
            legend=legend,
            teacher=teacher,
            analysis_allowed=analysis_allowed,  # before analysis: it may refuse to go on
            analysis=analysis,
        )
        self._locale_asked = None  # from now on an option is refused in self.locale
        self.on_msg(self._on_custom_msg)
        self._ready = True
        self._said = said
        if ply is not None:
            self._show_ply(ply)  # nothing to say: the position asked for
            self.table.replying = self.answers()
        self.table.on_change(self._table_changed)  # from now on the widget follows its table
        self.refresh()

    def _table_of(
        self,
        state: S,
        seed: int | str,
        seat: int,
        opponent: object,
        players: object,
        *,
        replying: bool,
    ) -> Table:
        """The table of the game (the widget's default opponent, None, is the greedy player,
        and so is a watched player given as None; ``"human"``: hot-seat play). The table
        checks the opponent and the players; a bad one is refused in the widget's words. Not
        ``replying`` (given a ply, the position asked for is shown), the computer waits for a
        move."""
        seated = players
        if isinstance(players, (tuple, list)):
            seated = tuple("greedy" if p is None else p for p in players)
        try:
            return Table(
                self.game,
                state=state,
                seed=seed,
                seat=seat if seat in (0, 1) and not isinstance(seat, bool) else 0,  # see super()
                opponent="greedy" if opponent is None and players is None else opponent,
                players=cast("tuple[object, ...] | None", seated),
                deal=self._new_state,
                replying=replying and self.answers(),
            )
        except TableError as err:
            refusal = self._table_refusal(err, opponent, players)
            if refusal is err:
                raise
            raise refusal from None

    @staticmethod
    def _table_refusal(err: TableError, opponent: object, players: object) -> Exception:
        """The table's refusal of the opponent or the players, in the widget's words."""
        if err.key == "table.players_and_opponent":
            return WidgetError("widget.watch_with_opponent")
        shown = i18n.shown(players)
        if err.key == "table.bad_players" or (
            players is not None and not isinstance(players, (tuple, list))
        ):
            return WidgetError("widget.bad_players", players=shown)
        if err.key != "table.bad_opponent":
            return err
        name = err.params.get("name")
        if isinstance(name, str):
            return WidgetError("widget.bad_opponent_name", name=name, names=err.params["names"])
        return WidgetError("widget.no_choose")

    def answers(self) -> bool:
        """Whether the computer answers the learner's moves now (a game may wait on
        something else first; a puzzle is one move)."""
        return True

    def _state_of_code(
        self, code: str, seed: int | str | None, state: S | None, rules: Any
    ) -> tuple[S, int | str]:
        """The state a position code sets up (a malformed one is refused with its reason)."""
        engine = self.engine
        assert engine is not None, "a game widget names its engine"
        if state is not None:
            raise WidgetError("widget.code_with_state")
        if rules is not None and not isinstance(rules, engine.Rules):
            raise WidgetError("widget.wrong_rules", game=self.game)
        seed = fresh_seed() if seed is None else seed
        found: S = engine.State.from_code(code, seed=seed, rules=rules)
        return found, seed

    @property
    def code(self) -> str:
        """The position code of what the shown seat sees (``""`` once the game is over):
        ``TablicWidget(code=w.code)`` sets the position up again, the unseen cards dealt
        anew from the seed."""
        return self.presenter().code

    def _starting_state(
        self, seed: int | str | None, state: S | None, rules: Any
    ) -> tuple[S, int | str]:
        engine = self.engine
        assert engine is not None, "a game widget names its engine"
        if rules is not None and not isinstance(rules, engine.Rules):
            raise WidgetError("widget.wrong_rules", game=self.game)
        if state is None:
            seed = fresh_seed() if seed is None else seed
            new: S = engine.new_game(seed=seed, rules=rules)
            return new, seed
        if not isinstance(state, engine.State):
            raise WidgetError("widget.wrong_state", game=self.game)
        if rules is not None and rules != state.rules:
            raise WidgetError("widget.rules_with_state")
        if seed is None:
            start = state.to_record().get("start")
            found = start.get("seed") if isinstance(start, dict) else None
            seed = found if isinstance(found, (int, str)) else 0
        return state, seed

    # -- intents from the browser --------------------------------------------------------------
    def _on_custom_msg(self, _widget: object, content: object, _buffers: object) -> None:
        # A browser message must name the scene version it was made on (no bare intents).
        self._appraisals.worker = True  # a click: the analysis may go to a worker thread
        try:
            self.handle_intent(content, bare=False)
        finally:
            self._appraisals.worker = False

    def handle_intent(self, content: object, *, bare: bool = True) -> bool:
        """Do what a browser message asks; never raises. Returns whether it was carried out.

        ``content`` is ``{"type": "intent", "version": v, "intent": {...}}`` as the front end
        sends it; from Python, a bare intent (``{"kind": "action", "id": "back"}``) is taken to
        be made on the current version (``bare=False`` refuses it, as for browser messages).
        A stale version, a malformed intent or one the current scene does not offer, or a move
        the rules refuse, is answered with a sentence in the widget and the state stays unchanged.
        """
        try:
            intent, version = parse(content, bare, self.version)
            if version != self.version and not _timeless(intent):
                raise WidgetError("widget.stale")
            self._clear_refusal()
            done = dispatch(self, intent)
            if done and self._message is None and self.scene.get("message") is not None:
                self.refresh()  # the act changed nothing shown but the refusal it cleared
            return done
        except TranslatedError as err:
            self._refuse(err)
            self.refresh()
            return False
        except Exception:  # a bug must not surface as a notebook traceback
            _log.exception("cardwidgets: intent %r failed", content)
            self._show("error", lambda: self.text("widget.internal"))
            self.refresh()
            return False

    def _clear_refusal(self) -> None:
        """Take down the refusal on show before the next intent is carried out: the learner
        has done something else (pressed Analysis after a bad seed, clicked a card after a
        refused move), so its cause is gone. If the intent is refused too, its own reason
        takes the place; an info line (a hint, "new game started") stays until the act that
        answers it clears it, as each does."""
        if self._message is not None and self._message["kind"] == "error":
            self._message = None

    def attempt(self, act: Callable[[], object]) -> bool:
        """Run ``act``; a refusal is shown in the widget (by ``reporting``) and gives False."""
        try:
            with self.reporting():
                act()
        except TranslatedError:
            return False
        return True

    def do(self, action: str) -> None:
        """Carry out an action button by its id (``back``, ``hint``, ``play`` …)."""
        handler = self.actions().get(action)
        if handler is None:
            raise WidgetError("widget.unknown_action")
        handler()

    def actions(self) -> dict[str, Callable[[], object]]:
        """Every button by its id: the one table from a button to the method it calls. A game
        adds its own buttons: ``{**super().actions(), "play": self.play, …}``."""
        return {
            "start": self.start,
            "back": self.back,
            "forward": self.forward,
            "end": self.end,
            "hint": self.hint,
            "new": self._ask_new,
            "new-confirm": self.new,
            "new-cancel": self._cancel_new,
            "continue": self.next,
            "watch-step": self.step,
            "watch-play": self.watch,
            "watch-pause": self.pause,
            "undo": self.undo,
            "analysis": self.toggle_analysis,
        }

    # -- what a click on the board does (the game overrides) -----------------------------------
    def on_card(self, zone: str, card: str) -> None:
        """A card was clicked; a game handles its own zones and leaves the rest to this, which
        explains why nothing happens."""
        if zone == "opponent-hand":
            raise WidgetError("widget.card_theirs", card=card, player=self.names()[1 - self.viewer])
        raise WidgetError("widget.card_idle", card=card)

    def choose(self, index: int) -> None:
        """An option was clicked."""
        raise WidgetError("widget.no_options")

    def on_answer(self, text: str) -> None:
        """An answer was typed in the panel's answer field (a lesson's chance question: only
        a scene that shows the field offers it)."""
        raise WidgetError("widget.bad_intent")

    # -- the scene -----------------------------------------------------------------------------
    def describe(self) -> str:
        """A short deterministic description for ``repr`` (no ids, no addresses)."""
        return self.presenter().describe(self.paused)

    def zone(self, zone_id: str) -> _scene.Zone:
        """The zone ``zone_id`` of the current scene (``"hand"``, ``"table"`` …)."""
        for found in self.scene["zones"]:
            if found["id"] == zone_id:
                result: _scene.Zone = found
                return result
        raise WidgetError("widget.no_zone", zone=zone_id)

    def build_scene(self, shown: Presenter[S, Any] | None = None) -> _scene.Scene:
        """The scene of the position shown, from the game's builders and the frame, with the
        analysis switch's panel (:meth:`analysis_panel`) and the teacher panel, when
        :attr:`teacher` is on."""
        shown = self.presenter() if shown is None else shown
        built = self.analysis_panel(shown.scene(), shown)
        if self.teacher:
            from cardwidgets.present.teacher import teacher_panel

            panel = teacher_panel(
                shown.moment,
                opponent=self.opponent_name,
                named=self.opponent_named,
                seed=self.game_seed,
            )
            with_panel: _scene.TeacherScene = {**built, "teacher": panel}
            return with_panel
        return built

    # -- the analysis switch (the work is in cardwidgets.widgets.analysis) ---------------------
    def analysis_panel(
        self, built: _scene.Scene, shown: Presenter[S, Any] | None = None
    ) -> _scene.Scene:
        """``built`` with the analysis switch's button (unless the teacher hides it or
        computer players are watched) and, with the switch on, its values and sentence."""
        if not self.analysis_allowed or self.players:
            return built
        label = self.text("widget.analysis.button")
        built["actions"].append(_scene.action("analysis", label, pressed=bool(self.analysis)))
        if self.analysis:  # the analysis itself is imported only when it is asked for
            from cardwidgets.widgets import analysis

            built["analysis"] = analysis.panel(self, built, shown or self.presenter())
        return built

    def toggle_analysis(self) -> None:
        """Turn the analysis switch on or off (its button)."""
        self.analysis = not self.analysis

    def analysed(self, state: S | None = None) -> Any:
        """The :class:`~cardwidgets.analysis.Analysis` of ``state`` (default: the position
        shown) for the learner's seat, computed now if it is not known yet (cached per
        position); refused with a reason when the learner is not to move there."""
        from cardwidgets.widgets import analysis

        state = self.state if state is None else state
        if not analysis.learner_to_move(self.presenter(), state):
            raise WidgetError("widget.analysis.not_to_move", seat=state.to_move)
        return analysis.analysed(self, state)

    @property
    def appraisals(self) -> Appraisals:
        """The analyses made so far, by position, and those under way (the switch's cache)."""
        return self._appraisals

    @property
    def thinking(self) -> bool:
        """Whether an analysis is under way in a worker thread (its values follow)."""
        return bool(self._appraisals.thinking)

    @traitlets.observe("analysis", "analysis_allowed")
    def _analysis_changed(self, change: Mapping[str, object]) -> None:
        if change["name"] == "analysis_allowed" and not change["new"]:
            self.analysis = False  # the teacher hides it: it goes off too
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the scene and bump the version (one sync message); update the observable
        traitlets (:attr:`ply`, :attr:`over`, :attr:`last_move`)."""
        if not getattr(self, "_ready", False):
            return
        version = self.version + 1
        shown = self.presenter()  # one presenter draws the scene and plays the moves out
        built = self.build_scene(shown)
        built["version"] = version
        first, self._flight = self._flight, None
        frames = live.play_out(shown, first, self.pace)
        if frames:
            cast(_scene.LiveScene, built)["frames"] = frames
        self._built = built
        state = self.state
        with self.hold_sync():
            self.scene = dict(built)
            self.version = version
        self.ply = state.ply
        self.over = bool(state.is_over)
        self.last_move = "" if state.last_move is None else str(state.last_move)

    # -- display -------------------------------------------------------------------------------
    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.describe()})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # Add the static picture: exported notebooks and GitHub show the position, and front
        # ends with the widget manager still prefer the live view.
        html = _scene.to_html(self._built) + still_note(self.locale)
        # The public scenes of the line, only for an export that asks.
        replay = widget_entry(self)
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return {"text/plain": repr(self), "text/html": html, **replay}
        data, metadata = bundle
        return {**data, "text/plain": repr(self), "text/html": html, **replay}, metadata


MoveHook = Callable[[Any, int, Any], object]
"""A teacher's callback: ``hook(move, seat, state)`` after every move (see
:meth:`GameWidget.on_move`)."""


Opponent = Player
"""Anything that picks a move for the seat to move (:class:`cardwidgets.table.Player`): every
player in :mod:`cardwidgets.bots`."""


def __getattr__(name: str) -> Any:
    # The bots load with the first computer player, not with the widgets.
    if name == "RandomOpponent":
        from cardwidgets.bots.random_opponent import RandomOpponent

        return RandomOpponent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def parse(content: object, bare: bool, current: int) -> tuple[dict[str, Any], int]:
    """The intent and the scene version it was made on; ``bare`` intents (from Python) are
    taken to be made on ``current``. An intent's ``kind`` is text (a list or dict there is a
    malformed intent, not a failure of the lookup that follows).

    >>> parse({"type": "intent", "version": 3, "intent": {"kind": "goto", "ply": 1}}, False, 7)
    ({'kind': 'goto', 'ply': 1}, 3)
    >>> parse({"kind": ["goto"]}, True, 7)
    Traceback (most recent call last):
    ...
    cardwidgets.widgets.base.WidgetError: The widget received a request it does not understand; ...
    """
    if not isinstance(content, Mapping):
        raise WidgetError("widget.bad_intent")
    intent: object = content
    version: object = current
    if not (bare and "kind" in content and "type" not in content):
        intent, version = content.get("intent"), content.get("version")
        if content.get("type") != "intent" or isinstance(version, bool):
            raise WidgetError("widget.bad_intent")
    if (
        not isinstance(version, int)
        or not isinstance(intent, Mapping)
        or not isinstance(intent.get("kind"), str)
    ):
        raise WidgetError("widget.bad_intent")
    return dict(intent), version


# The watch controls ask for time, not for a move on the picture shown: One move, Play on and
# Pause mean the same on any version of the scene. Each watched move (or a slow player's think)
# makes a new version while the click is on its way, so refusing them as stale lost the click:
# Play on pressed right after One move, before the move's scene arrived, played that one move and
# stopped. They are still carried out only if the current scene offers them, enabled.
_TIMELESS_ACTIONS = frozenset({"watch-step", "watch-play", "watch-pause"})


def _timeless(intent: Mapping[str, Any]) -> bool:
    """Whether ``intent`` means the same whatever scene version it was made on."""
    return intent.get("kind") == "action" and intent.get("id") in _TIMELESS_ACTIONS


def _card(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    zone, card = intent.get("zone"), intent.get("card")
    if not isinstance(zone, str) or not isinstance(card, str):
        raise WidgetError("widget.bad_intent")
    for shown in widget.scene.get("zones", []):
        for view in shown["cards"] if shown["id"] == zone else ():
            if view["id"] == card:
                if view["kind"] == "back":
                    raise WidgetError("widget.card_hidden")
                return widget.attempt(lambda: widget.on_card(zone, card))
    raise WidgetError("widget.card_gone")


def _option(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    index = intent.get("index")
    if isinstance(index, bool) or not isinstance(index, int):
        raise WidgetError("widget.bad_intent")
    if not any(o["index"] == index for o in widget.scene.get("options", [])):
        raise WidgetError("widget.option_gone", n=i18n.shown(index + 1))  # a forged index: short
    return widget.attempt(lambda: widget.choose(index))


def _action(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    name = intent.get("id")
    if not isinstance(name, str):
        raise WidgetError("widget.bad_intent")
    for shown in widget.scene.get("actions", []):
        if shown["id"] == name:
            if not shown["enabled"]:
                raise WidgetError("widget.not_available", what=shown["label"])
            return widget.attempt(lambda: widget.do(name))
    raise WidgetError("widget.unknown_action")


def _goto(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    ply = intent.get("ply")
    if widget.scene.get("history") is None:
        raise WidgetError("widget.bad_intent")
    return widget.attempt(lambda: widget.goto(ply))  # type: ignore[arg-type]  # goto() checks it


def _teacher(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    from cardwidgets.widgets import teacher  # only a teacher's widget needs it

    return teacher.handle(widget, intent)


def _turn(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    """``{"kind": "turn", "step": -1 or 1}``: Back or Forward by a whole turn (Shift+arrow)."""
    step = intent.get("step")
    if widget.scene.get("history") is None or step not in (-1, 1) or isinstance(step, bool):
        raise WidgetError("widget.bad_intent")
    return widget.attempt(widget.back_turn if step == -1 else widget.forward_turn)


def _answer(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    """``{"kind": "answer", "text": ...}``: the text of the panel's answer field, only where
    the scene shows one."""
    text, panel = intent.get("text"), widget.scene.get("analysis")
    if not isinstance(text, str) or not isinstance(panel, Mapping) or "answer" not in panel:
        raise WidgetError("widget.bad_intent")
    return widget.attempt(lambda: widget.on_answer(text))


_KINDS = {
    "answer": _answer,
    "card": _card,
    "option": _option,
    "action": _action,
    "goto": _goto,
    "turn": _turn,
    "teacher": _teacher,
}


def dispatch(widget: GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    """Carry out a checked intent on ``widget``; True if it was carried out."""
    kind = intent.get("kind")  # parse() checked it is text; this also guards direct callers
    handler = _KINDS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise WidgetError("widget.bad_intent")
    return handler(widget, intent)
