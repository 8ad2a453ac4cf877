"""The position editor: build a position of any game card by card, see at once whether the engine
can set it up (and why not, in the learner's language), copy its code or its ``from_position``
call, and play from it.

A teacher picks a card in the palette (every card of the game's deck; Pazaak's main-deck values
and side cards) and then a zone (Tablić's table, hands, stock and captured piles; Panjpar's hands,
attack, stock and discard; Pazaak's tables, side hands and the next main-deck draws); a placed
card is picked the same way and then moved to another zone, or removed (the Remove button or the
Delete key). Counters set what ``State.from_position`` takes besides cards (who is to move, the
dealer, deal number, scores, sets won, trump suit ...).

Drafts and the last possible position: every well-formed edit goes into the **draft**, so a
position can be built one card at a time; after each edit the engine checks the draft with
``State.from_position``. If it can set it up, the draft becomes the position (:attr:`state`,
:attr:`position`, :attr:`code`, :attr:`call`). If it cannot, the draft is kept as it is (the next
card may well make it possible), the engine's own ``PositionError`` sentence is shown, and
:attr:`state`, the code, the call and Play stay on the **last possible position**; the button
"Back to the last possible position" (:meth:`revert`) puts the draft back to it. An edit that is
malformed in itself (a card of no game, a zone the game lacks, a stale click) is refused and
changes nothing.

The page sends intents stamped with the scene version, read by the game widgets' own
:func:`~cardwidgets.widgets.base.parse`; an intent made on an older scene is refused with
the same sentence as theirs.

>>> editor = PositionEditor("tablic", seed=0)
>>> editor.place("A♣", "table"); editor.place("A♦", "hand0")
>>> editor.problem is None, editor.position["table"]
(True, 'A♣')
>>> editor.place("5♠", "hand1"); editor.set("to_move", 1)
>>> editor.problem  # None: possible
>>> editor.remove("hand1", 0)  # impossible: the draft is kept, the state is the last possible
>>> editor.problem
'Player 2 is to move but holds no cards'
>>> editor.position["hands"], editor.state.to_move
(('A♦', '5♠'), 1)
>>> editor.revert(); editor.draft.zones["hand1"]
['5♠']
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

import anywidget
import ipywidgets  # type: ignore[import-untyped]  # no stubs; anywidget stands on it
import traitlets

from cardwidgets import i18n
from cardwidgets.core import GameState
from cardwidgets.i18n import TranslatedError
from cardwidgets.lessons.boards import BOARDS, Board, Draft
from cardwidgets.present import words as _words  # noqa: F401  (widget.stale and its kin)
from cardwidgets.widgets.base import ChoiceOption, LocaleOption, WidgetError, parse

__all__ = ["PositionEditor"]

_log = logging.getLogger(__name__)
_HERE = Path(__file__).resolve().parent
_BUNDLE = _HERE.parent / "static" / "editor.js"
_MISSING = """
export default { render({ el }) {
  el.textContent = "cardwidgets: the editor's front end is not built. Run `npm ci && npm run " +
    "build` in the project folder (or install a wheel), then restart the kernel.";
} };
"""
_GAME_NAMES = {"tablic": "Tablić", "panjpar": "Panjpar", "pazaak": "Pazaak"}
_WIDGETS = {
    "tablic": ("cardwidgets.widgets.tablic", "TablicWidget"),
    "panjpar": ("cardwidgets.widgets.panjpar", "PanjparWidget"),
    "pazaak": ("cardwidgets.widgets.pazaak", "PazaakWidget"),
}

Selection = tuple[str, str, int | None]  # (zone or "palette", item, index in the zone)


def _esm() -> Path | str:
    return _BUNDLE if _BUNDLE.is_file() else _MISSING


def _css() -> str:
    return (_HERE / "cards.css").read_text("utf-8") + (_HERE / "editor.css").read_text("utf-8")


def _game_name(game: object) -> str:
    name = getattr(game, "__name__", game)
    if isinstance(name, str):
        name = name.rsplit(".", 1)[-1].lower().replace("ć", "c")
        if name in BOARDS:
            return name
    raise WidgetError("editor.bad_game", games=", ".join(BOARDS), value=i18n.shown(game))


class PositionEditor(anywidget.AnyWidget):
    """Build a position of ``game`` (``"tablic"``, ``"panjpar"``, ``"pazaak"`` or the module)
    card by card; ``position``: a position code, a state, or the keywords of
    ``State.from_position`` to start from. ``seed`` fixes the cards nobody placed (Tablić,
    Pazaak); ``rules`` the game's rules."""

    _esm = _esm()
    _css = _css()
    scene = traitlets.Dict().tag(sync=True)
    locale = LocaleOption("en", i18n.LOCALES).tag(sync=True)
    theme = ChoiceOption("auto", ("auto", "light", "dark")).tag(sync=True)

    def __init__(
        self,
        game: object,
        *,
        locale: str = "en",
        position: object = None,
        seed: int | str = 0,
        rules: Any = None,
        theme: str = "auto",
    ) -> None:
        super().__init__()
        self._ready = False
        self.board: Board = BOARDS[_game_name(game)]
        self.locale = locale
        self.theme = theme
        self.seed = seed
        self.rules = rules
        self.version = 0
        self._selected: Selection | None = None
        self._refusal: TranslatedError | None = None
        self._info: str | None = None  # a notice's key, said in the language of the moment
        self._problem: TranslatedError | None = None
        self.output = ipywidgets.Output()
        self.game_widget: Any = None
        draft = self.board.blank()
        if position is not None:
            draft = self._draft_from(position)
        self._draft = draft
        # The editor starts on a possible position: a given one the engine refuses is an error.
        self._state: GameState[Any] = self._make(draft)
        self._possible = draft.copy()
        self.on_msg(self._on_custom_msg)
        self.observe(lambda _: self.refresh(), names=["theme"])
        self.observe(self._relocate, names=["locale"])
        self._ready = True
        self.refresh()

    def _relocate(self, _: object) -> None:
        """The language changed: the engine's reason is asked again, to be said in it."""
        self._check()
        self.refresh()

    # -- the position --------------------------------------------------------------------------
    @property
    def game(self) -> str:
        """The game's name: ``tablic``, ``panjpar`` or ``pazaak``."""
        return self.board.game

    @property
    def state(self) -> GameState[Any]:
        """The state of the last possible position (the draft's, when it is possible)."""
        return self._state

    @property
    def position(self) -> dict[str, Any]:
        """The keywords of ``State.from_position`` for the last possible position."""
        return self.board.keywords(self._possible, self.seed)

    @property
    def draft(self) -> Draft:
        """A copy of the position being built (possible or not)."""
        return self._draft.copy()

    @property
    def problem(self) -> str | None:
        """Why the draft is impossible, the engine's sentence; None when it is possible."""
        return None if self._problem is None else self._problem.text(self.locale)

    @property
    def code(self) -> str:
        """The position code of the last possible position (its reason if it has none)."""
        try:
            return str(self._state.code())
        except TranslatedError as err:
            return i18n.text("editor.no_code", self.locale, reason=err.text(self.locale))

    @property
    def call(self) -> str:
        """The ``from_position`` call of the last possible position, as Python text (with the
        editor's ``rules``, if given, as their own text: ``rules=tablic.Rules(target=51)``)."""
        keywords = self.position
        text = self.board.call(keywords)
        if self.rules is not None:
            text = f"{text[:-1]}, rules={self.game}.{self.rules!r})"
        return text

    def _make(self, draft: Draft) -> GameState[Any]:
        keywords = self.board.keywords(draft, self.seed)
        if self.rules is not None:
            keywords["rules"] = self.rules
        # Some refusals name a player when raised, in the language in force then (Tablić's
        # "Player 2 is to move ..."): made in the editor's language, they read in it.
        with i18n.using(self.locale):
            state: GameState[Any] = self.board.module.State.from_position(**keywords)
        return state

    def _draft_from(self, position: object) -> Draft:
        module = self.board.module
        if isinstance(position, str):
            return self.board.draft_of(module.State.from_code(position, seed=self.seed))
        if isinstance(position, module.State):
            return self.board.draft_of(position)
        if isinstance(position, Mapping) and all(isinstance(k, str) for k in position):
            try:
                return self.board.draft_of(module.State.from_position(**position))
            except TypeError:  # a keyword from_position does not take, or one missing
                pass
        raise WidgetError("editor.bad_position", value=i18n.shown(position))

    # -- edits (each a Python call and an intent of the page) ----------------------------------
    def _edit(self, change: Callable[[Draft], object]) -> None:
        """Apply ``change`` to a copy of the draft, then let the engine check it."""
        draft = self._draft.copy()
        change(draft)
        self._replace(draft)

    def _replace(self, draft: Draft) -> None:
        """Make ``draft`` the one being built, then let the engine check it."""
        self._draft = draft
        self._selected = None
        self._check()
        self.refresh()

    def _check(self) -> None:
        try:
            self._state = self._make(self._draft)
        except TranslatedError as err:
            self._problem = err
            return
        self._problem = None
        self._possible = self._draft.copy()

    def _zone(self, zone: object) -> str:
        known = [z.id for z in self.board.zones]
        if not isinstance(zone, str) or zone not in known:
            raise WidgetError("editor.no_zone", zone=i18n.shown(zone), zones=", ".join(known))
        return zone

    def _palette_item(self, card: object) -> str:
        ids = {item for _, item in self.board.palette_ids(self.rules)}
        if isinstance(card, str) and card not in ids and self.board.unique:
            card = _french_text(card)  # "10D", "td": the card's own text
        if not isinstance(card, str) or card not in ids:
            raise WidgetError("editor.no_card", card=i18n.shown(card))
        if self.board.unique:
            for spec in self.board.zones:
                if card in self._draft.zones[spec.id]:
                    raise WidgetError("editor.already_placed", card=card, zone=self._label(spec.id))
        return card

    def _label(self, zone: str) -> str:
        return next(z.label(self.locale) for z in self.board.zones if z.id == zone)

    def place(self, card: str, zone: str) -> None:
        """Put ``card`` from the palette at the end of ``zone`` (the bottom of a stock)."""
        with self._reporting():
            item, where = self._palette_item(card), self._zone(zone)
            self._edit(lambda d: d.zones[where].append(self.board.placed_as(item, where)))

    def move(self, zone: str, index: int, to: str) -> None:
        """Move the card at ``index`` of ``zone`` to the end of zone ``to``."""
        with self._reporting():
            where, item = self._placed(zone, index)
            target = self._zone(to)

            def change(d: Draft) -> None:
                d.zones[where].pop(index)
                d.zones[target].append(self.board.placed_as(item, target))

            self._edit(change)

    def turn(self, zone: str, index: int) -> None:
        """Let the card at ``index`` of ``zone`` count its next value (Pazaak's ± cards on a
        table: +3, then -3); it stays chosen."""
        with self._reporting():
            where, item = self._placed(zone, index)
            turned = self.board.turn(item)
            if turned is None:
                raise WidgetError("editor.no_turn", card=self._card_name(item))
            self._edit(lambda d: d.zones[where].__setitem__(index, turned))
            self._selected = (where, turned, index)
            self.refresh()

    def turn_chosen(self) -> None:
        """Let the chosen placed card count its next value."""
        with self._reporting():
            chosen = self._selected
            if chosen is None or chosen[2] is None:
                raise WidgetError("editor.nothing_chosen")
            self.turn(chosen[0], chosen[2])

    def _card_name(self, item: str) -> str:
        return self.board.view(item, "x", self.locale)["label"]

    def remove(self, zone: str, index: int) -> None:
        """Take the card at ``index`` of ``zone`` out of the position."""
        with self._reporting():
            where, _ = self._placed(zone, index)
            self._edit(lambda d: d.zones[where].pop(index))

    def set(self, name: str, value: object) -> None:
        """Set the counter ``name`` (``to_move``, ``totals0``, ``trump`` ...) to ``value``."""
        with self._reporting():
            counter = next((c for c in self.board.counters if c.name == name), None)
            if counter is None:
                names = ", ".join(c.name for c in self.board.counters)
                raise WidgetError("editor.no_counter", name=i18n.shown(name), names=names)
            checked = counter.check(value, self.locale)
            self._edit(lambda d: d.counters.__setitem__(name, checked))

    def clear(self) -> None:
        """Start again from an empty draft (counters at their defaults)."""
        self._replace(self.board.blank())

    def load(self, code: str) -> None:
        """Set the draft to the position of a position code (one of :meth:`State.code`)."""
        with self._reporting():
            try:
                if not isinstance(code, str):
                    raise WidgetError("editor.bad_position", value=i18n.shown(code))
                draft = self.board.draft_of(
                    self.board.module.State.from_code(code.strip(), seed=self.seed)
                )
            except TranslatedError as err:
                raise WidgetError("editor.bad_code", reason=err) from None
            self._replace(draft)

    def revert(self) -> None:
        """Put the draft back to the last possible position."""
        self._replace(self._possible.copy())

    def play(self) -> Any:
        """The game widget on the position (in the editor's language), also shown below the
        editor; refused while the draft is impossible (it would not be what the teacher sees)."""
        with self._reporting():
            if self._problem is not None:
                raise WidgetError("editor.not_possible", reason=self._problem)
            import importlib

            home, name = _WIDGETS[self.game]
            widget_class = getattr(importlib.import_module(home), name)
            widget = widget_class(state=self._state, locale=self.locale)
            self.game_widget = widget
            self.output.clear_output()
            with self.output:
                from IPython.display import display

                display(widget)  # type: ignore[no-untyped-call]
            self._info = "editor.opened"
            self.refresh()
            return widget

    def _placed(self, zone: object, index: object) -> tuple[str, str]:
        where = self._zone(zone)
        items = self._draft.zones[where]
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(items):
            raise WidgetError("editor.card_moved")
        return where, items[index]

    # -- selection (the page's two-click edits) ------------------------------------------------
    def pick(self, zone: str, card: str, index: int | None = None) -> None:
        """Choose a card: from the palette (``zone="palette"``) or placed (its ``index``); a
        second pick of the same card lets go of it."""
        with self._reporting():
            if zone == "palette":
                chosen: Selection = ("palette", self._palette_item(card), None)
            else:
                where, item = self._placed(zone, index)
                if item != card:
                    raise WidgetError("editor.card_moved")
                chosen = (where, item, index)
            self._selected = None if self._selected == chosen else chosen
            self.refresh()

    def put(self, zone: str) -> None:
        """Put the chosen card into ``zone``."""
        with self._reporting():
            chosen = self._selected
            if chosen is None:
                raise WidgetError("editor.nothing_chosen")
            where, item, index = chosen
            if index is None:
                self.place(item, zone)
            else:
                self.move(where, index, zone)

    def remove_chosen(self) -> None:
        """Remove the chosen placed card."""
        with self._reporting():
            chosen = self._selected
            if chosen is None or chosen[2] is None:
                raise WidgetError("editor.nothing_chosen")
            self.remove(chosen[0], chosen[2])

    # -- refusals and intents ------------------------------------------------------------------
    @contextlib.contextmanager
    def _reporting(self) -> Iterator[None]:
        """Show a refusal in the editor, then let it go on to the caller."""
        self._refusal = None
        self._info = None
        try:
            yield
        except TranslatedError as err:
            self._refusal = err
            self.refresh()
            raise

    @property
    def message(self) -> str | None:
        """The refusal or notice on show, in the editor's language."""
        if self._refusal is not None:
            return self._refusal.text(self.locale)
        return None if self._info is None else i18n.text(self._info, self.locale)

    def _on_custom_msg(self, _: object, content: object, buffers: object) -> None:
        self.handle_intent(content, bare=False)

    def handle_intent(self, content: object, *, bare: bool = True) -> bool:
        """Do what a page message asks (``{"type": "intent", "version": v, "intent": ...}``);
        never raises. A stale, malformed or forged intent is refused with a sentence and
        changes nothing. Returns whether it was carried out."""
        try:
            intent, version = parse(content, bare, self.version)
            if version != self.version:
                raise WidgetError("widget.stale")
            handler = _INTENTS.get(intent["kind"])
            if handler is None:
                raise WidgetError("widget.bad_intent")
            handler(self, intent)
            return True
        except TranslatedError as err:
            if self._refusal is not err:  # not yet shown by the edit that refused it
                self._refusal = err
                self.refresh()
            return False
        except Exception:  # a bug must not surface as a notebook traceback
            _log.exception("cardwidgets: editor intent %r failed", content)
            self._refusal = WidgetError("widget.internal")
            self.refresh()
            return False

    # -- the scene -----------------------------------------------------------------------------
    def refresh(self) -> None:
        """Rebuild the scene the page shows and bump its version."""
        if not getattr(self, "_ready", False):
            return
        self.version += 1
        self.scene = build_scene(self)

    def __repr__(self) -> str:
        return f"PositionEditor({self.game!r}, locale={self.locale!r})"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # The editor with the output its Play button opens the game in, below it.
        box = ipywidgets.VBox([self, self.output])
        bundle = box._repr_mimebundle_(**kwargs)
        if bundle is None:
            return {"text/plain": repr(self)}
        data, *rest = bundle if isinstance(bundle, tuple) else (bundle,)
        data = {**data, "text/plain": repr(self)}
        return (data, *rest) if rest else data


def _french_text(text: str) -> str:
    from cardwidgets import cards

    try:
        return cards.parse(text).text
    except TranslatedError:
        return text


def _text(intent: Mapping[str, Any], key: str) -> str:
    value = intent.get(key)
    if not isinstance(value, str) or len(value) > 400:
        raise WidgetError("widget.bad_intent")
    return value


def _pick(editor: PositionEditor, intent: dict[str, Any]) -> None:
    zone, card = _text(intent, "zone"), _text(intent, "card")
    index = intent.get("index")
    if zone != "palette" and (isinstance(index, bool) or not isinstance(index, int)):
        raise WidgetError("widget.bad_intent")
    editor.pick(zone, card, index if zone != "palette" else None)


def _put(editor: PositionEditor, intent: dict[str, Any]) -> None:
    editor.put(_text(intent, "zone"))


def _remove(editor: PositionEditor, intent: dict[str, Any]) -> None:
    editor.remove_chosen()


def _counter(editor: PositionEditor, intent: dict[str, Any]) -> None:
    value = intent.get("value")
    if not isinstance(value, (int, str)) or isinstance(value, bool):
        raise WidgetError("widget.bad_intent")
    editor.set(_text(intent, "name"), value)


def _load(editor: PositionEditor, intent: dict[str, Any]) -> None:
    editor.load(_text(intent, "code"))


_ACTIONS: dict[str, Callable[[PositionEditor], object]] = {
    "remove": PositionEditor.remove_chosen,
    "turn": PositionEditor.turn_chosen,
    "clear": PositionEditor.clear,
    "revert": PositionEditor.revert,
    "play": PositionEditor.play,
}


def _action(editor: PositionEditor, intent: dict[str, Any]) -> None:
    act = _ACTIONS.get(_text(intent, "id"))
    if act is None:
        raise WidgetError("widget.unknown_action")
    act(editor)


_INTENTS: dict[str, Callable[[PositionEditor, dict[str, Any]], None]] = {
    "pick": _pick,
    "put": _put,
    "remove": _remove,
    "counter": _counter,
    "load": _load,
    "action": _action,
}
"""The one table from an intent's kind to what the editor does."""


def _palette(editor: PositionEditor) -> list[dict[str, Any]]:
    board, locale, chosen = editor.board, editor.locale, editor._selected
    zones = editor._draft.zones
    placed = {item for items in zones.values() for item in items} if board.unique else set()
    palette = []
    for group, item in board.palette_ids(editor.rules):
        view = board.view(item, f"p-{item}", locale)
        taken = item in placed
        if taken:
            view["label"] = i18n.text("editor.placed", locale, card=view["label"])
        view["selected"] = chosen == ("palette", item, None)
        view["selectable"] = not taken
        palette.append({"group": group, "card": view})
    return palette


def _zones(editor: PositionEditor) -> list[dict[str, Any]]:
    board, locale, chosen = editor.board, editor.locale, editor._selected
    zones = []
    for spec in board.zones:
        label = spec.label(locale)
        cards = []
        for index, item in enumerate(editor._draft.zones[spec.id]):
            view = board.view(item, f"{spec.id}-{index}", locale)
            view["label"] = i18n.text("editor.in_zone", locale, card=view["label"], zone=label)
            view["selected"] = chosen == (spec.id, item, index)
            view["selectable"] = True
            cards.append({"index": index, "item": item, "card": view})
        zones.append(
            {
                "id": spec.id,
                "label": label,
                "count": i18n.text("editor.count", locale, count=len(cards)),
                "note": i18n.text(spec.note, locale) if spec.note else "",
                "place": i18n.text("editor.place", locale, zone=label),
                "cards": cards,
            }
        )
    return zones


def _counters(editor: PositionEditor) -> list[dict[str, Any]]:
    locale = editor.locale
    return [
        {
            "name": c.name,
            "label": c.label(locale),
            "kind": c.kind,
            "value": editor._draft.counters[c.name],
            "least": c.least,
            "choices": [{"value": v, "label": t} for v, t in c.choices(locale)],
        }
        for c in editor.board.counters
    ]


def _actions(editor: PositionEditor) -> list[dict[str, Any]]:
    locale, problem, chosen = editor.locale, editor._problem, editor._selected
    placed = chosen is not None and chosen[2] is not None
    enabled = {
        "remove": placed,
        "revert": problem is not None,
        "clear": True,
        "play": problem is None,
    }
    if not editor.board.unique:  # Pazaak: a ± card on a table counts + or -
        turns = chosen is not None and placed and editor.board.turn(chosen[1]) is not None
        enabled = {"turn": turns, **enabled}
    return [
        {
            "id": name,
            "label": i18n.text(f"editor.{name}", locale),
            "enabled": on,
            "primary": name == "play",
        }
        for name, on in enabled.items()
    ]


def _message(editor: PositionEditor) -> dict[str, str] | None:
    """The refusal or notice on show, else what to do with the chosen card."""
    message, chosen, locale = editor.message, editor._selected, editor.locale
    if message is None and chosen is not None:
        name = editor.board.view(chosen[1], "x", locale)["label"]
        if chosen[2] is None:
            message = i18n.text("editor.picked", locale, card=name)
        else:
            zone = editor._label(chosen[0])
            message = i18n.text("editor.picked_placed", locale, card=name, zone=zone)
    if message is None:
        return None
    return {"kind": "error" if editor._refusal else "info", "text": message}


_LABELS = {
    "palette": "editor.palette",
    "main": "editor.palette.main",
    "side": "editor.palette.side",
    "zones": "editor.zones",
    "counters": "editor.counters",
    "empty": "editor.empty",
    "put": "editor.place.short",
    "code": "editor.code",
    "call": "editor.call",
    "code_input": "editor.code_input",
    "load": "editor.load",
}


def build_scene(editor: PositionEditor) -> dict[str, Any]:
    """The editor's picture: JSON for the page (js/editor.ts), every label translated."""
    locale, problem = editor.locale, editor._problem
    status = (
        i18n.text("editor.possible", locale)
        if problem is None
        else i18n.text("editor.impossible", locale, reason=problem.text(locale))
    )
    return {
        "version": editor.version,
        "game": editor.game,
        "locale": locale,
        "theme": editor.theme,
        "title": i18n.text("editor.title", locale, game=_GAME_NAMES[editor.game]),
        "labels": {name: i18n.text(key, locale) for name, key in _LABELS.items()},
        "palette": _palette(editor),
        "zones": _zones(editor),
        "counters": _counters(editor),
        "possible": problem is None,
        "status": status,
        "message": _message(editor),
        "code": editor.code,
        "call": editor.call,
        "actions": _actions(editor),
    }
