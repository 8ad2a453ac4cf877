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
from cardwidgets.widgets import words

if TYPE_CHECKING:
    from cardwidgets.core import GameState, Move
    from cardwidgets.widgets.opponents import MoveHook, Opponent

__all__ = ["Said", "WidgetError", "WidgetFrame"]

_log = logging.getLogger("cardwidgets.widgets.base")


class WidgetError(TranslatedError):
    """A request the widget cannot carry out now (stale click, unknown action, not your turn)."""

    __module__ = "cardwidgets.widgets.base"  # where it was always raised from (and pickles)


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
    engine: ClassVar[ModuleType | None] = None
    """The game's module (``cardwidgets.games.tablic`` …): ``State``, ``Rules``, ``new_game``."""
    _still: ClassVar[bool] = False  # a picture (widgets/pictures.py) keeps its seat's view
    focus_zones: ClassVar[tuple[str, ...]] = ("hand",)
    """Zones where keyboard focus falls back to, in order, when its control disappears."""

    # The widget's own fields (set by GameWidget.__init__, or by widgets/pictures.py for a still).
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
    opponent: Opponent | None
    """Who replies to the learner: None in hot-seat play (two learners at one screen)."""

    # -- validation and observers --------------------------------------------------------------
    @traitlets.validate("locale")
    def _check_locale(self, proposal: Mapping[str, Any]) -> str:
        try:
            return i18n.check_locale(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err

    @traitlets.validate("theme")
    def _check_theme(self, proposal: Mapping[str, object]) -> str:
        if proposal["value"] not in _THEMES:
            raise traitlets.TraitError(f"theme must be one of {', '.join(_THEMES)}")
        return str(proposal["value"])

    @traitlets.validate("size")
    def _check_size(self, proposal: Mapping[str, object]) -> str:
        if proposal["value"] not in _SIZES:
            raise traitlets.TraitError(f"size must be one of {', '.join(_SIZES)}")
        return str(proposal["value"])

    @traitlets.validate("seat")
    def _check_seat(self, proposal: Mapping[str, object]) -> int:
        try:
            return check_seat(proposal["value"])
        except ValueError as err:
            raise traitlets.TraitError(str(err)) from err

    @traitlets.observe("locale", "four_color", "theme", "size", "legend", "open_hands", "hints")
    def _option_changed(self, change: Mapping[str, object]) -> None:
        remake: tuple[_scene.Message, Callable[[], str]] | None = getattr(self, "_remake", None)
        if change["name"] == "locale" and remake is not None and self._message is remake[0]:
            # The message on show follows the new language (the live line always does).
            shown, make = remake
            self._show(shown["kind"], make)
        self.refresh()

    def set_state(self, sync_data: Mapping[str, Any]) -> None:
        """Apply a state update from the browser: only the display options may change."""
        allowed = {k: v for k, v in sync_data.items() if k in _FRONT_END_MAY_SET}
        ignored = sorted(set(sync_data) - set(allowed))
        if ignored:
            _log.warning("cardwidgets: ignored front-end update of %s", ", ".join(ignored))
        if allowed:
            super().set_state(allowed)

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
        if self.opponent is None:
            return (self.text("widget.player", n=1), self.text("widget.player", n=2))
        names = ["", ""]
        names[self.seat] = self.text("widget.you")
        names[1 - self.seat] = self.text("widget.computer")
        return (names[0], names[1])

    def player(self, seat: int | None) -> str:
        """The name of ``seat`` as shown (see :meth:`names`); "" for no seat (a game over)."""
        return "" if seat is None else self.names()[seat]

    def refresh(self) -> None:
        """Rebuild the scene and send it (:meth:`GameWidget.refresh
        <cardwidgets.widgets.base.GameWidget.refresh>` builds it from every layer)."""
        raise NotImplementedError

    # -- the game's hooks ----------------------------------------------------------------------
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

    def summary(self, state: S) -> _scene.Summary | None:
        """The pause after the move that led to ``state`` (end of a deal or set), or None."""
        return None

    def status(self) -> str:
        """The status line of the position shown."""
        raise NotImplementedError

    def say(self, state: S) -> str:
        """The move that led to ``state``, in words, for the log and the aria-live line."""
        move = state.last_move
        return "" if move is None else str(move.describe(self.locale))

    def move_words(self, move: M) -> str:
        """A move in words for a hint ("Play 7♥ and capture 7♣")."""
        return str(move)

    def show_hint(self, move: M) -> None:
        """Select ``move`` as the learner's half-made move (after :meth:`hint`)."""

    def clear_selection(self) -> None:
        """Forget the learner's half-made move."""
