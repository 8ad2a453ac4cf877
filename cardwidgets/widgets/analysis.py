"""The analysis switch of every game widget: what each move is worth, in the scene.

With ``analysis`` on (the "Analysis" button; off by default; a teacher hides it with
``analysis_allowed=False``), a widget marks each of the learner's hand cards with the value
of its best move, each option with its move's value and Pazaak's End turn / Stand buttons
with theirs, and says the best move and how its value was obtained
(:func:`cardwidgets.analysis.analyse`, seed 0). After the learner's move it says what the move
lost against the best ("Your move lost 2.5 points against the best (exact). Played: …"); stepping
back through the history shows each earlier position's values and what the move played there
was worth.

Hidden cards stay hidden: only positions where the learner's seat is to move are analysed, and
the analysis works from that seat's view (two positions that differ only in cards the learner
cannot see give the same panel; the tests prove it through the scene).

Analyses are cached per position (ply, seat and the seat's position code), so stepping through
the history is instant the second time. After a click in the page (a running event loop) an
analysis runs in a worker thread: the learner's move and the computer's reply are shown at once,
the panel says "Thinking…" and the values follow. A Python call (a notebook cell, a test) waits
for the analysis, so the scene it leaves is complete and the cell's output the same every run.

>>> from cardwidgets import tablic
>>> from cardwidgets.widgets import TablicWidget
>>> start = tablic.State.from_position(
...     table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1)
>>> w = TablicWidget(state=start, analysis=True)
>>> w.scene["analysis"]["values"]
{'hand:8♣': '+6', 'hand:10♦': '−6'}
>>> print(w.scene["analysis"]["text"])
Best: Play 8♣ and capture 3♠ 5♥ (+6); exact: every card is known by counting (13 positions
searched).
>>> _ = w.play("10♦")
>>> w.scene["analysis"]["text"].split(".")[0]
'Your move lost 12 points against the best (exact)'
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any, Protocol

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.analysis import Analysis, Entry, analyse


class Coached(Protocol):
    """What the analysis reads of a game widget (:class:`~cardwidgets.widgets.base.GameWidget`:
    this module does not import it, the widget imports this one when the switch is on)."""

    @property
    def game(self) -> str: ...
    @property
    def locale(self) -> str: ...
    @property
    def seat(self) -> int: ...
    @property
    def analysis(self) -> bool: ...
    @property
    def opponent(self) -> object: ...
    @property
    def players(self) -> tuple[object, ...]: ...
    @property
    def line(self) -> tuple[Any, ...]: ...
    @property
    def cursor(self) -> int: ...
    @property
    def paused(self) -> bool: ...
    @property
    def appraisals(self) -> Any: ...
    def refresh(self) -> None: ...
    def presenter(self) -> Any: ...


def move_words(widget: Coached, move: Any) -> str:
    """A move as the widget says it (``Play 8♣ and capture 3♠ 5♥``, ``Beende deinen Zug``)."""
    return str(widget.presenter().move_words(move))


__all__ = [
    "Coached",
    "amount_text",
    "analysed",
    "hand_cards",
    "key_of",
    "learner_to_move",
    "move_words",
    "option_moves",
    "panel",
    "value_text",
]

_log = logging.getLogger(__name__)

PROBABILITY_GAMES = ("panjpar", "pazaak")
"""Games whose values are chances of winning (shown in percent); Tablić's are points."""

ACTION_MOVES = {"end-turn": "end", "stand": "stand", "pickup": "pick up"}
"""Buttons that make a whole move by themselves, by the move's text (and Tablić's trail)."""


# -- numbers as the widget shows them ----------------------------------------------------------
def value_text(game: str, value: float, locale: str) -> str:
    """A move's value as marked: Tablić points signed (``+2.5``, German ``+2,5``), the other
    games' chances in percent (``47%``, German ``47 %``).

    >>> value_text("tablic", 2.5, "de"), value_text("tablic", -1.0, "en")
    ('+2,5', '−1')
    >>> value_text("pazaak", 0.4751, "en"), value_text("pazaak", 0.4751, "de")
    ('48%', '48 %')
    """
    if game in PROBABILITY_GAMES:
        return i18n.number_format(locale).percent.replace("#", str(round(value * 100)))
    shown = _decimal(abs(value), locale)
    return ("+" if value >= 0 else "−") + shown


def amount_text(game: str, lost: float, locale: str) -> str:
    """What a move lost against the best, in words.

    >>> amount_text("tablic", 2.5, "en"), amount_text("tablic", 1.0, "de")
    ('2.5 points', '1 Punkt')
    >>> amount_text("pazaak", 0.12, "de")
    '12 Prozentpunkte der Gewinnchance'
    """
    if game in PROBABILITY_GAMES:
        key, amount = "widget.analysis.percent", _decimal(round(lost * 100), locale)
    else:
        key, amount = "widget.analysis.points", _decimal(lost, locale)
    return i18n.text(key + (".one" if amount == "1" else ""), locale, amount=amount)


def _decimal(value: float, locale: str) -> str:
    """One decimal, none when whole; a decimal comma in German and Croatian."""
    text = f"{value:.1f}".removesuffix(".0")
    return text.replace(".", i18n.number_format(locale).point)


# -- the analyses, cached by position ----------------------------------------------------------
def key_of(state: Any, seat: int) -> tuple[object, ...]:
    """The cache key of ``state`` for ``seat``: what the seat sees (two positions that differ
    only in hidden cards share it, and so share their analysis)."""
    return (state.ply, seat, state.code(seat))


def learner_to_move(widget: Coached, state: Any) -> bool:
    """Whether ``state`` waits on a learner's move: the widget's seat, or either seat in
    hot-seat play; never while computer players are watched."""
    if state.is_over or state.to_move is None or widget.players:
        return False
    return widget.opponent is None or int(state.to_move) == widget.seat


def analysed(widget: Coached, state: Any) -> Analysis:
    """The analysis of ``state`` for the seat to move (the widget checked it is the
    learner's), computed now if it is not known yet (cached)."""
    book = widget.appraisals
    key = key_of(state, int(state.to_move))
    found = book.found.get(key)
    if not isinstance(found, Analysis):
        found = analyse(state, seed=0)
        book.found[key] = found
    return found


def _known(widget: Coached, state: Any) -> Analysis | None:
    """The analysis of ``state`` if known; else it is asked for (after a click in the page, in
    a worker thread, the widget refreshing when it arrives: None until then; else at once)."""
    key = key_of(state, int(state.to_move))
    found = widget.appraisals.found.get(key)
    if key in widget.appraisals.found:
        return found if isinstance(found, Analysis) else None
    try:
        loop = asyncio.get_running_loop() if widget.appraisals.worker else None
    except RuntimeError:
        loop = None
    if loop is None:  # a Python call (a cell, a test): its scene is complete when it returns
        widget.appraisals.found[key] = _attempt(state)
        return _known(widget, state)
    if key not in widget.appraisals.thinking:
        widget.appraisals.thinking.add(key)
        future = loop.run_in_executor(None, _attempt, state)
        future.add_done_callback(lambda done: _arrived(widget, key, done))
    return None


def _attempt(state: Any) -> Analysis | Exception:
    """The analysis, or the refusal (kept in the cache so it is not asked for again)."""
    try:
        return analyse(state, seed=0)
    except Exception as err:  # shown in the panel, never raised into the kernel
        _log.exception("cardwidgets: analysis failed")
        return err


def _arrived(widget: Coached, key: tuple[object, ...], done: Any) -> None:
    widget.appraisals.thinking.discard(key)
    widget.appraisals.found[key] = done.exception() or done.result()
    if widget.analysis:
        widget.refresh()


# -- the panel and the marks -------------------------------------------------------------------
def panel(widget: Coached, built: _scene.Scene) -> _scene.AnalysisPanel:
    """The switch's panel for the position shown: values, the best move, verdicts."""
    locale = widget.locale
    lines: list[str] = []
    values: dict[str, str] = {}
    best: list[str] = []
    thinking = False
    line, cursor = widget.line, widget.cursor
    state = line[cursor]
    here = learner_to_move(widget, state) and not widget.paused
    earlier = _last_decision(widget, line, cursor)
    if earlier is not None:  # the learner's last move before the position shown
        verdict, waiting = _verdict(widget, line[earlier - 1], line[earlier].last_move, "lost")
        thinking |= waiting
        lines += verdict
    if here:
        found = _known(widget, state)
        if found is None:
            thinking |= _thinking(widget, state)
            lines += _failure(widget, state)
        else:
            values, best = _marks(widget, built, found)
            lines.append(_best_sentence(widget, found))
            if cursor < len(line) - 1:  # history: what the move played here was worth
                verdict, _ = _verdict(widget, state, line[cursor + 1].last_move, "played")
                lines += verdict
    elif earlier is None and not thinking:
        lines.append(i18n.text("widget.analysis.not_yours", locale))
    if thinking:
        lines.insert(0, i18n.text("widget.analysis.thinking", locale))
    return {
        "title": i18n.text("widget.analysis.title", locale),
        "text": " ".join(lines),
        "values": values,
        "best": best,
    }


def _thinking(widget: Coached, state: Any) -> bool:
    return key_of(state, int(state.to_move)) in widget.appraisals.thinking


def _failure(widget: Coached, state: Any) -> list[str]:
    found = widget.appraisals.found.get(key_of(state, int(state.to_move)))
    if not isinstance(found, Exception):
        return []
    reason = found.text(widget.locale) if isinstance(found, i18n.TranslatedError) else ""
    return [i18n.text("widget.analysis.failed", widget.locale, reason=reason).strip()]


def _last_decision(widget: Coached, line: tuple[Any, ...], cursor: int) -> int | None:
    """The index of the position after the learner's last move up to the one shown, if the
    learner moved since the learner's previous turn (the computer's replies come after it)."""
    for index in range(cursor, 0, -1):
        before = line[index - 1]
        if learner_to_move(widget, before):
            return index
        if before.to_move is None:
            return None
    return None


def _verdict(widget: Coached, before: Any, move: Any, kind: str) -> tuple[list[str], bool]:
    """What ``move`` played at ``before`` lost against the best, and whether that is still
    being worked out."""
    found = _known(widget, before)
    if found is None:
        return [], _thinking(widget, before)
    locale, game = widget.locale, widget.game
    top = found.best
    entry = next((e for e in found if e.move is not None and str(e.move) == str(move)), None)
    words = move_words(widget, move)
    if entry is None:
        return [i18n.text("widget.analysis.unranked", locale, move=words)], False
    how = i18n.text("widget.analysis.exact" if entry.exact else "widget.analysis.estimated", locale)
    # The learner's own move with its value, as the best one has: "Played: Lay 10♦ (−6)".
    words = f"{words} ({value_text(game, entry.value, locale)})"
    lost = top.value - entry.value
    if lost <= 1e-9 or entry is top:
        key = "widget.analysis.kept" if kind == "lost" else "widget.analysis.played_best"
        return [i18n.text(key, locale, move=words, how=how)], False
    key = "widget.analysis.lost" if kind == "lost" else "widget.analysis.played_lost"
    said = i18n.text(
        key, locale, move=words, amount=amount_text(game, lost, locale), how=how,
        best=f"{move_words(widget, top.move)} ({value_text(game, top.value, locale)})",
    )  # fmt: skip
    return [said], False


def _best_sentence(widget: Coached, found: Analysis) -> str:
    top = found.best
    return i18n.text(
        "widget.analysis.best", widget.locale, move=move_words(widget, top.move),
        value=value_text(widget.game, top.value, widget.locale), reason=top.reason(widget.locale),
    )  # fmt: skip


def _marks(
    widget: Coached, built: _scene.Scene, found: Analysis
) -> tuple[dict[str, str], list[str]]:
    """The value notes: hand cards (their best move), options, move buttons; and the best
    move's keys."""
    ranked = [e for e in found if e.move is not None]
    by_text = {str(e.move): e for e in ranked}
    chosen: dict[str, Entry] = {}
    for zone in built["zones"]:
        if zone["id"] != "hand":
            continue
        for view in zone["cards"]:
            text = view["id"].split("#")[0]
            using = [e for e in ranked if text in hand_cards(e.move)]
            if using:
                chosen[f"hand:{view['id']}"] = max(using, key=lambda e: e.value)
    for index, move in option_moves(widget).items():
        entry = by_text.get(str(move))
        if entry is not None and any(o["index"] == index for o in built["options"]):
            chosen[f"option:{index}"] = entry
    for action in built["actions"]:
        entry = by_text.get(_action_move(widget, action["id"]))
        if entry is not None and action["enabled"]:
            chosen[f"action:{action['id']}"] = entry
    values = {k: value_text(widget.game, e.value, widget.locale) for k, e in chosen.items()}
    best = [k for k, e in chosen.items() if e is found.best]
    return values, best


def _action_move(widget: Coached, action: str) -> str:
    """The text of the move a button makes by itself (``""``: none)."""
    if action == "trail" and widget.game == "tablic":
        selected = getattr(widget, "selected", None)
        return "" if selected is None else str(selected)  # a trail is written as its card
    return ACTION_MOVES.get(action, "")


def hand_cards(move: Any) -> set[str]:
    """The texts of the hand cards ``move`` plays (Tablić's card, Pazaak's side card,
    Panjpar's attack cards or killers).

    >>> from cardwidgets import panjpar, tablic
    >>> hand_cards(tablic.Move("8♣", ["3♠", "5♥"])), hand_cards(panjpar.Defend({"7♥": "9♥"}))
    ({'8♣'}, {'9♥'})
    """
    found: set[str] = set()
    card = getattr(move, "card", None)
    if card is not None:
        found.add(str(getattr(card, "text", card)))
    for c in getattr(move, "cards", ()) or ():
        found.add(str(getattr(c, "text", c)))
    kills = getattr(move, "kills", None)
    if kills:
        found.update(str(getattr(c, "text", c)) for c in kills.values())
    return found


def option_moves(widget: Coached) -> dict[int, Any]:
    """The move each option of the scene stands for: Tablić's suggested captures of the
    selected card, the signs of Pazaak's selected ± card (Panjpar has no options)."""
    selected = getattr(widget, "selected", None)
    if selected is None:
        return {}
    if widget.game == "tablic":
        from cardwidgets.games import tablic

        suggestions = getattr(widget, "suggestions", [])
        return {i: tablic.Move(selected, chosen) for i, chosen in enumerate(suggestions)}
    if widget.game == "pazaak" and getattr(selected, "needs_sign", False):
        from cardwidgets.games import pazaak

        return {i: pazaak.PlayCard(selected, sign) for i, sign in enumerate(selected.options)}
    return {}
