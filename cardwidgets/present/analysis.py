"""The analysis switch's panel, as a function of the presenter (the moment and the selection),
the scene it marks, and the analyses known: the values of the learner's hand cards, options
and move buttons, the best move and how its value was obtained, and what the learner's last
move lost against the best (its sentences are the catalog's ``widget.analysis.`` keys); the
analyses themselves are made and cached by the widget (:mod:`cardwidgets.widgets.analysis`).

Hidden cards stay hidden: only positions where the learner's seat is to move are valued, by
the analysis of that seat's view (:func:`key_of`: what the seat sees).

>>> from cardwidgets import tablic
>>> from cardwidgets.analysis import analyse
>>> from cardwidgets.present import Moment, TablicPresenter, TablicSelection
>>> start = tablic.State.from_position(
...     table=["3♠", "5♥", "K♦"], hands=[["8♣", "10♦"], ["5♦", "3♣"]], to_move=0, dealer=1)
>>> shown = TablicPresenter(Moment.of(start), TablicSelection())
>>> [key_of(s, 0) for s in wanted(shown)] == [key_of(start, 0)]
True
>>> found = {key_of(start, 0): analyse(start, seed=0)}
>>> analysis_panel(shown, shown.scene(), found, set())["values"]
{'hand:8♣': '+6', 'hand:10♦': '−6'}
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from cardwidgets import i18n
from cardwidgets import scene as _scene
from cardwidgets.analysis import Analysis, Entry
from cardwidgets.present.base import Presenter

__all__ = [
    "ACTION_MOVES",
    "PROBABILITY_GAMES",
    "amount_text",
    "analysis_panel",
    "hand_cards",
    "key_of",
    "learner_to_move",
    "option_moves",
    "value_text",
    "wanted",
]

Found = Mapping[tuple[object, ...], "Analysis | Exception"]
"""The analyses known, by :func:`key_of`: an analysis, or the error that stopped it."""


# -- numbers as the widget shows them ----------------------------------------------------------
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


# -- which positions are valued ---------------------------------------------------------------
def key_of(state: Any, seat: int) -> tuple[object, ...]:
    """The cache key of ``state`` for ``seat``: what the seat sees (two positions that differ
    only in hidden cards share it, and so share their analysis)."""
    return (state.ply, seat, state.code(seat))


def learner_to_move(presenter: Presenter[Any, Any], state: Any) -> bool:
    """Whether ``state`` waits on a learner's move: the seat shown, or either seat in hot-seat
    play; never while computer players are watched."""
    moment = presenter.moment
    if state.is_over or state.to_move is None or moment.watching:
        return False
    return moment.hot_seat or int(state.to_move) == moment.seat


def wanted(presenter: Presenter[Any, Any]) -> list[Any]:
    """The positions whose analyses the panel of ``presenter`` reads, in the order it reads
    them: before the learner's last move (its verdict), and the position shown if the
    learner is to move there."""
    line, cursor = presenter.line, presenter.cursor
    earlier = _last_decision(presenter, line, cursor)
    found = [] if earlier is None else [line[earlier - 1]]
    state = line[cursor]
    if learner_to_move(presenter, state) and not presenter.paused:
        found.append(state)
    return found


# -- the panel and the marks -------------------------------------------------------------------
def analysis_panel(
    presenter: Presenter[Any, Any],
    built: _scene.Scene,
    found: Found,
    thinking: Collection[tuple[object, ...]],
) -> _scene.AnalysisPanel:
    """The switch's panel for the position ``presenter`` shows, marking ``built`` (its scene):
    values, the best move, verdicts, from the analyses ``found``; a position whose key is in
    ``thinking`` is being analysed (its values follow)."""
    book = _Book(presenter, found, thinking)
    locale = presenter.locale
    lines: list[str] = []
    values: dict[str, str] = {}
    best: list[str] = []
    waiting = False
    line, cursor = presenter.line, presenter.cursor
    state = line[cursor]
    here = learner_to_move(presenter, state) and not presenter.paused
    earlier = _last_decision(presenter, line, cursor)
    if earlier is not None:  # the learner's last move before the position shown
        verdict, later = book.verdict(line[earlier - 1], line[earlier].last_move, "lost")
        waiting |= later
        lines += verdict
    if here:
        known = book.known(state)
        if known is None:
            waiting |= book.thinking(state)
            lines += book.failure(state)
        else:
            values, best = book.marks(built, known)
            lines.append(book.best_sentence(known))
            if cursor < len(line) - 1:  # history: what the move played here was worth
                verdict, _ = book.verdict(state, line[cursor + 1].last_move, "played")
                lines += verdict
    elif earlier is None and not waiting:
        lines.append(i18n.text("widget.analysis.not_yours", locale))
    if waiting:
        lines.insert(0, i18n.text("widget.analysis.thinking", locale))
    return {
        "title": i18n.text("widget.analysis.title", locale),
        "text": " ".join(lines),
        "values": values,
        "best": best,
    }


def _last_decision(
    presenter: Presenter[Any, Any], line: tuple[Any, ...], cursor: int
) -> int | None:
    """The index of the position after the learner's last move up to the one shown, if the
    learner moved since the learner's previous turn (the computer's replies come after it)."""
    for index in range(cursor, 0, -1):
        before = line[index - 1]
        if learner_to_move(presenter, before):
            return index
        if before.to_move is None:
            return None
    return None


class _Book:
    """The analyses known, read for one panel: the sentences and marks made from them."""

    def __init__(
        self,
        presenter: Presenter[Any, Any],
        found: Found,
        thinking: Collection[tuple[object, ...]],
    ) -> None:
        self.presenter, self.found, self.under_way = presenter, found, thinking
        self.locale, self.game = presenter.locale, presenter.game

    def _key(self, state: Any) -> tuple[object, ...]:
        return key_of(state, int(state.to_move))

    def known(self, state: Any) -> Analysis | None:
        found = self.found.get(self._key(state))
        return found if isinstance(found, Analysis) else None

    def thinking(self, state: Any) -> bool:
        return self._key(state) in self.under_way

    def failure(self, state: Any) -> list[str]:
        found = self.found.get(self._key(state))
        if not isinstance(found, Exception):
            return []
        reason = found.text(self.locale) if isinstance(found, i18n.TranslatedError) else ""
        return [i18n.text("widget.analysis.failed", self.locale, reason=reason).strip()]

    def words(self, move: Any) -> str:
        return str(self.presenter.move_words(move))

    def verdict(self, before: Any, move: Any, kind: str) -> tuple[list[str], bool]:
        """What ``move`` played at ``before`` lost against the best, and whether that is
        still being worked out."""
        found = self.known(before)
        if found is None:
            return [], self.thinking(before)
        locale, game = self.locale, self.game
        top = found.best
        entry = next((e for e in found if e.move is not None and str(e.move) == str(move)), None)
        words = self.words(move)
        if entry is None:
            return [i18n.text("widget.analysis.unranked", locale, move=words)], False
        exact = "widget.analysis.exact" if entry.exact else "widget.analysis.estimated"
        how = i18n.text(exact, locale)
        # The learner's own move with its value, as the best one has: "Played: Lay 10♦ (−6)".
        words = f"{words} ({value_text(game, entry.value, locale)})"
        lost = top.value - entry.value
        if lost <= 1e-9 or entry is top:
            key = "widget.analysis.kept" if kind == "lost" else "widget.analysis.played_best"
            return [i18n.text(key, locale, move=words, how=how)], False
        key = "widget.analysis.lost" if kind == "lost" else "widget.analysis.played_lost"
        said = i18n.text(
            key, locale, move=words, amount=amount_text(game, lost, locale), how=how,
            best=f"{self.words(top.move)} ({value_text(game, top.value, locale)})",
        )  # fmt: skip
        return [said], False

    def best_sentence(self, found: Analysis) -> str:
        top = found.best
        return i18n.text(
            "widget.analysis.best", self.locale, move=self.words(top.move),
            value=value_text(self.game, top.value, self.locale), reason=top.reason(self.locale),
        )  # fmt: skip

    def marks(self, built: _scene.Scene, found: Analysis) -> tuple[dict[str, str], list[str]]:
        """The value notes: hand cards (their best move), options, move buttons; and the
        best move's keys."""
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
        for index, move in option_moves(self.presenter).items():
            entry = by_text.get(str(move))
            if entry is not None and any(o["index"] == index for o in built["options"]):
                chosen[f"option:{index}"] = entry
        for action in built["actions"]:
            entry = by_text.get(_action_move(self.presenter, action["id"]))
            if entry is not None and action["enabled"]:
                chosen[f"action:{action['id']}"] = entry
        values = {k: value_text(self.game, e.value, self.locale) for k, e in chosen.items()}
        best = [k for k, e in chosen.items() if e is found.best]
        return values, best


def _selected(presenter: Presenter[Any, Any]) -> Any:
    """The selected hand card (Tablić) or side card (Pazaak), or None."""
    return getattr(presenter.selection, "card", None)


def _action_move(presenter: Presenter[Any, Any], action: str) -> str:
    """The text of the move a button makes by itself (``""``: none)."""
    if action == "trail" and presenter.game == "tablic":
        selected = _selected(presenter)
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


def option_moves(presenter: Presenter[Any, Any]) -> dict[int, Any]:
    """The move each option of the scene stands for: Tablić's suggested captures of the
    selected card, the signs of Pazaak's selected ± card (Panjpar has no options)."""
    selected = _selected(presenter)
    if selected is None:
        return {}
    if presenter.game == "tablic":
        from cardwidgets.games import tablic

        suggestions = getattr(presenter, "suggestions", [])
        return {i: tablic.Move(selected, chosen) for i, chosen in enumerate(suggestions)}
    if presenter.game == "pazaak" and getattr(selected, "needs_sign", False):
        from cardwidgets.games import pazaak

        return {i: pazaak.PlayCard(selected, sign) for i, sign in enumerate(selected.options)}
    return {}
