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

GameWidget is stacked in layers, one module per concern, each a plain subclass of the one below:

* :mod:`~cardwidgets.widgets.frame`: the synced traits, display options, messages, the widget's
  words and the game's hooks (:class:`WidgetError` lives there too);
* :mod:`~cardwidgets.widgets.turns`: the position shown, the learner's move, the opponent's
  replies (:mod:`~cardwidgets.widgets.opponents`), pauses on a summary, teacher hooks;
* :mod:`~cardwidgets.widgets.history`: the line of play, ``goto`` and the slider, new games;
* :mod:`~cardwidgets.widgets.narration`: the log, the live line, hints in words;
* this module: the widget itself: construction, intents from the browser, the scene.

A game's widget (:mod:`cardwidgets.widgets.tablic` …) adds its selection logic and small scene
builders: :meth:`~GameWidget.zones`, :meth:`~GameWidget.options`,
:meth:`~GameWidget.move_actions`, :meth:`~GameWidget.previews`, :meth:`~GameWidget.score_sheet`,
:meth:`~GameWidget.legend_items`, :meth:`~GameWidget.summary`, :meth:`~GameWidget.status` and
:meth:`~GameWidget.say`.

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

import logging
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from cardwidgets import scene as _scene
from cardwidgets.cards import fresh_seed
from cardwidgets.i18n import TranslatedError
from cardwidgets.replay.embed import widget_entry
from cardwidgets.widgets.frame import M, OptionError, S, WidgetError
from cardwidgets.widgets.narration import Narration
from cardwidgets.widgets.opponents import MoveHook, Opponent, RandomOpponent, make_opponent
from cardwidgets.widgets.pictures import still_note

__all__ = ["GameWidget", "MoveHook", "Opponent", "OptionError", "RandomOpponent", "WidgetError"]

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


_NAVIGATION = ("start", "back", "forward", "end")
LOG_LINES = 40
"""The scene carries the last this many log sentences (:attr:`GameWidget.moves_log` has all)."""


class GameWidget(Narration[S, M]):
    """Base of the game widgets: history, intents, options, the opponent, pauses, the scene frame.

    Subclasses set :attr:`game` and :attr:`engine` (the game's module) and implement the scene
    builders and the selection hooks (see the module docstring).
    """

    _esm = _esm()
    _css = _HERE / "cards.css"
    _built: _scene.Scene  # the scene last sent (typed; ``scene`` holds it as the browser's dict)

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
    ) -> None:
        self._ready = False
        self._locale_asked = locale  # an option refused while the widget is made says so in it
        if code is not None:  # a position code: the state it sets up, unseen cards from seed
            state, seed = self._state_of_code(code, seed, state, rules)
        state, seed = self._starting_state(seed, state, rules)
        self._line = list(state.path())
        self._cursor = len(self._line) - 1
        self._branches = []
        self._narrated = {}
        self._message = None
        self._remake = None
        self._said = []
        self._seed = seed
        self._new_games = 0
        self._confirm_new = False
        self._dismissed = set()
        self._hooks = []
        self.opponent = make_opponent(opponent, f"{seed}:opponent")
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
        self._locale_asked = None  # from now on an option is refused in self.locale
        self.on_msg(self._on_custom_msg)
        self._ready = True
        if ply is not None:
            self._cursor = self._index_of_ply(ply)
        else:
            self._said = list(self._reply())
        self.refresh()

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
        state = self.state
        return "" if state.is_over else state.code(self.viewer)

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

    # -- the scene -----------------------------------------------------------------------------
    def describe(self) -> str:
        """A short deterministic description for ``repr`` (no ids, no addresses)."""
        state = self.state
        if state.is_over:
            turn = "game over"
        elif self.paused:
            turn = "paused"
        elif self.is_my_turn():
            turn = (
                "your turn" if self.opponent is not None else f"player {(state.to_move or 0) + 1}"
            )
        else:
            turn = f"seat {state.to_move} to move"
        return f"seat={self.seat}, move {state.ply}, {turn}"

    def zone(self, zone_id: str) -> _scene.Zone:
        """The zone ``zone_id`` of the current scene (``"hand"``, ``"table"`` …)."""
        for found in self.scene["zones"]:
            if found["id"] == zone_id:
                result: _scene.Zone = found
                return result
        raise WidgetError("widget.no_zone", zone=zone_id)

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
        actions += self.history_actions()
        if self._confirm_new:
            actions.append(_scene.action("new-confirm", self.text("widget.action.new_confirm")))
            actions.append(_scene.action("new-cancel", self.text("widget.action.new_cancel")))
        else:
            actions.append(_scene.action("new", self.text("widget.action.new")))
        return actions

    def build_scene(self) -> _scene.Scene:
        """The scene of the position shown, from the game's builders and the frame."""
        labels = _scene.labels(self.locale)
        labels["options"] = self.options_label()
        first = max(1, self._cursor - LOG_LINES + 1)
        summary = self._pending_summary(self._cursor)
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
            log=[self.narrated(s) for s in self._line[first : self._cursor + 1]],
            score=self.score_sheet(),
            summary=summary,
            legend=self.legend_items() if self.legend else [],
            history=self.history_bar(),
            code=self.code,
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
        # Issue 22 (replays): the public scenes of the line, only for an export that asks.
        replay = widget_entry(self)
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is None:
            return {"text/plain": repr(self), "text/html": html, **replay}
        data, metadata = bundle
        return {**data, "text/plain": repr(self), "text/html": html, **replay}, metadata
