"""The frame every game widget is made of: the synced traits, the display options, messages,
the widget's words, and the hooks a game implements.

:class:`WidgetFrame` is the lowest layer of :class:`~cardwidgets.widgets.base.GameWidget`
(turns, history, narration and the scene are stacked on it, one module each). What a game
widget provides is listed under "the game's hooks": scene builders (:meth:`~WidgetFrame.zones`,
:meth:`~WidgetFrame.options`, :meth:`~WidgetFrame.status` …), its words
(:meth:`~WidgetFrame.say`, :meth:`~WidgetFrame.move_words`) and its selection
(:meth:`~WidgetFrame.clear_selection`, :meth:`~WidgetFrame.show_hint`).

>>> from cardwidgets.widgets import TablicWidget
>>> w = TablicWidget(seed=1, locale="de")
>>> w.names(), w.count("widget.cards", 1)
(('Du', 'Computer'), '1 Karte')
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Mapping
from types import ModuleType
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

import anywidget
import traitlets

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.core import check_seat
from cardwidgets.i18n import TranslatedError
from cardwidgets.present import words
from cardwidgets.present.base import Moment, Presenter

if TYPE_CHECKING:
    from cardwidgets.core import GameState, Move
    from cardwidgets.widgets.opponents import MoveHook, Opponent

__all__ = [
    "ChoiceOption",
    "OptionError",
    "Said",
    "SeatOption",
    "SwitchOption",
    "WidgetError",
    "WidgetFrame",
]

_log = logging.getLogger("cardwidgets.widgets.base")


class WidgetError(TranslatedError):
    """A request the widget cannot carry out now (stale click, unknown action, not your turn)."""

    __module__ = "cardwidgets.widgets.base"  # where it was always raised from (and pickles)


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


class SwitchOption(traitlets.Bool):  # type: ignore[type-arg]  # bare: older traitlets cannot subscript
    """An option that is on or off (``four_color``, ``hints`` …): what ``traitlets.Bool``
    takes (``True``, ``False``, 1, 0), else :class:`OptionError`."""

    def validate(self, obj: Any, value: Any) -> bool:
        """``value`` as a bool, else :class:`OptionError`."""
        try:
            return bool(super().validate(obj, value))
        except traitlets.TraitError:
            raise _refusal(obj, self.name, value, "True, False") from None


class SeatOption(traitlets.Int):  # type: ignore[type-arg]  # bare: older traitlets cannot subscript
    """The seat whose eyes the widget shows: 0 or 1 (:func:`cardwidgets.core.check_seat`)."""

    def validate(self, obj: Any, value: Any) -> int:
        """``value`` if it is a seat, else :class:`OptionError`."""
        try:
            return check_seat(value)
        except ValueError:
            raise _refusal(obj, self.name, value, "0, 1") from None


Said = Any
"""An item of the live line: a state (its move is said, :meth:`WidgetFrame.say`) or a
``(catalog key, params)`` pair; kept as such, so the line follows a change of language."""

_THEMES = ("auto", "light", "dark")
_SIZES = ("normal", "large")
_FRONT_END_MAY_SET = frozenset({"locale", "four_color", "theme", "size"})


S = TypeVar("S", bound="GameState[Any]")
"""The game's state class (``tablic.State`` …): a game widget is ``GameWidget[State, Move]``."""
M = TypeVar("M", bound="Move")
"""The game's move class."""


class WidgetFrame(anywidget.AnyWidget, Generic[S, M]):
    """The traits, options, messages and words of a game widget, and the game's hooks.

    A game widget subclasses :class:`~cardwidgets.widgets.base.GameWidget`, which stacks the
    turns, the history and the narration on this frame.
    """

    scene = traitlets.Dict().tag(sync=True)
    """The picture of the game for the browser (see :mod:`cardwidgets.scene`)."""
    version = traitlets.Int(0).tag(sync=True)
    """Grows by one with every new scene; intents must name the version they were made on."""
    # The options refuse a bad value with OptionError (a ValueError in the widget's language).
    locale = ChoiceOption("en", i18n.LOCALES).tag(sync=True)
    """``"en"`` or ``"de"``: every sentence of the widget."""
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

    game: ClassVar[str] = ""
    engine: ClassVar[ModuleType | None] = None
    """The game's module (``cardwidgets.games.tablic`` …): ``State``, ``Rules``, ``new_game``."""
    focus_zones: ClassVar[tuple[str, ...]] = ("hand",)
    """Zones where keyboard focus falls back to, in order, when its control disappears."""

    # The widget's own fields (set by GameWidget.__init__).
    _ready: bool
    _line: list[S]
    _narrated: dict[tuple[object, ...], tuple[object, str]]  # sentences said (narration.py)
    _cursor: int
    _branches: list[S]
    _message: _scene.Message | None
    _remake: tuple[_scene.Message, Callable[[], str]] | None
    _said: list[Said]
    _seed: int | str
    _new_games: int
    _confirm_new: bool
    _dismissed: set[int]
    _hooks: list[MoveHook]
    _locale_asked: str | None  # the locale of option refusals while the widget is made
    opponent: Opponent | None
    """Who replies to the learner: None in hot-seat play (two learners at one screen)."""

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

    def refresh(self) -> None:
        """Rebuild the scene and send it (:meth:`GameWidget.refresh
        <cardwidgets.widgets.base.GameWidget.refresh>` builds it from every layer)."""
        raise NotImplementedError

    # -- the game's hooks ----------------------------------------------------------------------
    def presenter(self) -> Presenter[S, Any]:
        """The game's presenter of what the widget shows now (it builds the scene)."""
        raise NotImplementedError

    def moment(self) -> Moment:
        """What the widget shows now, for its presenter: the line, the cursor, the seat, the
        display options, the message and what the live line says."""
        return Moment(
            line=tuple(self._line),
            cursor=self._cursor,
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
            dismissed=frozenset(self._dismissed),
        )

    def show_hint(self, move: M) -> None:
        """Select ``move`` as the learner's half-made move (after :meth:`hint`)."""

    def clear_selection(self) -> None:
        """Forget the learner's half-made move."""
