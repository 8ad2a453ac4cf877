"""Intents from the browser: read one message, check it against the scene shown, carry it out.

The browser is not trusted: an intent is carried out only if the scene Python produced offers
it (the card is on the board, the option listed, the button enabled, the ply on the slider).
Every refusal is a :class:`~cardwidgets.widgets.base.WidgetError` whose sentence names the
button by its label, never an internal code.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from cardwidgets import i18n
from cardwidgets.widgets.base import WidgetError

if TYPE_CHECKING:
    import cardwidgets.widgets.base

__all__ = ["dispatch", "parse"]


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


def _card(widget: cardwidgets.widgets.base.GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
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


def _option(widget: cardwidgets.widgets.base.GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    index = intent.get("index")
    if isinstance(index, bool) or not isinstance(index, int):
        raise WidgetError("widget.bad_intent")
    if not any(o["index"] == index for o in widget.scene.get("options", [])):
        raise WidgetError("widget.option_gone", n=i18n.shown(index + 1))  # a forged index: short
    return widget.attempt(lambda: widget.choose(index))


def _action(widget: cardwidgets.widgets.base.GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    name = intent.get("id")
    if not isinstance(name, str):
        raise WidgetError("widget.bad_intent")
    for shown in widget.scene.get("actions", []):
        if shown["id"] == name:
            if not shown["enabled"]:
                raise WidgetError("widget.not_available", what=shown["label"])
            return widget.attempt(lambda: widget.do(name))
    raise WidgetError("widget.unknown_action")


def _goto(widget: cardwidgets.widgets.base.GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    ply = intent.get("ply")
    if widget.scene.get("history") is None:
        raise WidgetError("widget.bad_intent")
    return widget.attempt(lambda: widget.goto(ply))  # type: ignore[arg-type]  # goto() checks it


_KINDS = {"card": _card, "option": _option, "action": _action, "goto": _goto}


def dispatch(widget: cardwidgets.widgets.base.GameWidget[Any, Any], intent: dict[str, Any]) -> bool:
    """Carry out a checked intent on ``widget``; True if it was carried out."""
    kind = intent.get("kind")  # parse() checked it is text; this also guards direct callers
    handler = _KINDS.get(kind) if isinstance(kind, str) else None
    if handler is None:
        raise WidgetError("widget.bad_intent")
    return handler(widget, intent)
