"""A lesson as one self-contained HTML page that plays without a kernel.

:func:`to_html` (``Lesson.to_html``) writes a page in which the learner steps through the
lesson: prose steps as text; each exercise as the board its learner's seat sees (drawn by the
widget's own renderer, from the same presenter as a still picture), answered by clicking cards
on the board (a ``best`` move), by toggling choices (``legal``) or by writing a chance
(``chance``), with hints on request. The rules stay in Python: the page carries, for each
exercise, the answers a learner can give, each with its verdict and explanation computed now
(:meth:`~cardwidgets.lessons.Exercise.verdicts`); the page's script only looks answers up.

Hidden cards stay hidden: an exercise's board is its seat's view and no position code is
written, so two lessons whose positions differ only in cards the learner's seat cannot see
give byte-equal pages. Progress is kept in the browser's storage under the lesson's identity
(:func:`identity`: a digest of what the page shows, so the same lesson keeps its progress
across a reload and a new copy of its page), and the answers download as JSON.

The page's data sits in one JSON script after the player; the element before it carries the
data's length and checksum (:func:`checksum`, FNV-1a over its UTF-16 code units, what
``js/lesson.ts`` computes), so a page cut off or edited says so in a sentence instead of
failing silently; :func:`read_page` makes the same check in Python.

>>> from cardwidgets import lessons
>>> page = lessons.load("tablic-captures").to_html(locale="de")
>>> page.startswith("<!DOCTYPE html>"), "Lektion: Erste Stiche" in page
(True, True)
>>> read_page(page)["steps"][1]["question"]
'legal'
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cardwidgets import i18n, scene
from cardwidgets.lessons import page_words
from cardwidgets.lessons.format import LessonError

if TYPE_CHECKING:
    from cardwidgets.lessons.exercise import Exercise

__all__ = [
    "FORMAT",
    "PAGE_CSS",
    "POLICY",
    "LessonLike",
    "board",
    "check_data",
    "checksum",
    "identity",
    "labels",
    "move_label",
    "payload",
    "read_page",
    "to_html",
]

FORMAT = 1
"""The version of the data the page's script reads (``LessonData.format`` in js/lesson.ts)."""

POLICY = "default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:"
"""The page's Content-Security-Policy: no request at all, only its inline style and script."""

_SCRIPT = Path(__file__).resolve().parent.parent / "static" / "lesson.js"

_DATA = re.compile(
    r'<div class="cw-lesson"[^>]*\bdata-check="([0-9a-f]{8}):([0-9]+)"[^>]*>.*?'
    r'<script type="application/json" class="cw-lesson-data">(.*?)</script>',
    re.S,
)

QUESTIONS = ("best", "legal", "chance")


class LessonLike(Protocol):
    """What a page and a worksheet read of a :class:`~cardwidgets.lessons.Lesson` (named so,
    not imported: ``Lesson.to_html`` imports this module)."""

    @property
    def game(self) -> str: ...
    @property
    def title(self) -> Mapping[str, str]: ...
    @property
    def steps(self) -> tuple[Any, ...]: ...


PAGE_CSS = """
body { margin: 0; background: #fff; color: #1b1b1b; }
@media (prefers-color-scheme: dark) { body { background: #161616; color: #ececec; } }
.cw-lesson { font-family: system-ui, sans-serif; max-width: 1100px; margin: 0 auto;
  padding: .5rem .75rem 2rem; line-height: 1.45; }
.cw-lesson h1 { font-size: 1.5rem; margin: .6rem 0; }
.cw-lesson h2 { font-size: 1.2rem; margin: .8rem 0 .4rem; }
.cw-lesson-nav { display: flex; flex-wrap: wrap; align-items: center; gap: .5rem;
  margin: .4rem 0; }
.cw-lesson-where { margin: 0 .4rem; font-weight: 600; }
.cw-lesson-button { min-height: 44px; min-width: 44px; padding: .3rem .9rem; font-size: 1rem;
  line-height: 1.2; border: 1px solid #555; border-radius: 6px; background: #f3f3f3;
  color: #111; cursor: pointer; box-sizing: border-box; font-family: inherit; }
a.cw-lesson-button { display: inline-flex; align-items: center; text-decoration: none; }
.cw-lesson-button[aria-pressed="true"] { background: #1a5fb4; border-color: #1a5fb4;
  color: #fff; }
.cw-lesson-button:disabled { opacity: .5; cursor: default; }
.cw-lesson-primary { background: #1a5fb4; border-color: #1a5fb4; color: #fff; }
@media (prefers-color-scheme: dark) {
  .cw-lesson-button { background: #2b2b2b; color: #f0f0f0; border-color: #999; }
  .cw-lesson-button[aria-pressed="true"], .cw-lesson-primary { background: #3584e4;
    border-color: #9cc3f5; color: #000; }
}
.cw-lesson :focus-visible { outline: 3px solid #1a5fb4; outline-offset: 2px; }
@media (prefers-color-scheme: dark) { .cw-lesson :focus-visible { outline-color: #9cc3f5; } }
.cw-lesson-prose { font-size: 1.1rem; max-width: 46rem; }
.cw-lesson-prompt { font-size: 1.1rem; font-weight: 600; max-width: 46rem; }
.cw-lesson-choices, .cw-lesson-moves, .cw-lesson-answer { display: flex; flex-wrap: wrap;
  gap: .5rem; margin: .5rem 0; align-items: center; }
.cw-lesson-choices .cw-lesson-button { text-align: left; }
.cw-lesson-chance input { min-height: 44px; font-size: 1.1rem; width: 9rem; padding: 0 .5rem; }
.cw-lesson-help { font-size: .9rem; margin: .2rem 0; }
.cw-lesson-hints { margin: .4rem 0; padding-left: 1.2rem; }
.cw-lesson-verdict { border-left: 6px solid #777; padding: .5rem .8rem; margin: .6rem 0;
  max-width: 46rem; background: rgba(127, 127, 127, .1); }
.cw-lesson-verdict[data-correct="true"] { border-left-color: #1b7f3b; }
.cw-lesson-verdict[data-correct="false"] { border-left-color: #b3261e; border-left-style: double; }
.cw-lesson-note { margin: .4rem 0; font-style: italic; }
.cw-lesson-summary-list { padding-left: 1.2rem; }
.cw-lesson-summary-list li { margin: .3rem 0; }
.cw-lesson-broken { border: 3px solid #b3261e; padding: .8rem; font-size: 1.1rem; }
.cw-lesson-board .cw-root { max-width: 100%; }
/* The board alone on the screen would hide the answer's buttons: no full-screen button here. */
.cw-lesson-board .cw-fullscreen { display: none; }
.cw-lesson-board .cw-side-toggle { min-height: 44px; }
/* Printing the page itself: the step shown and its verdict, without the controls. */
@media print { .cw-lesson-nav, .cw-lesson-answer, .cw-lesson-hint-box button,
  .cw-lesson-help { display: none; } body { background: #fff; color: #000; } }
@media (max-width: 600px) { .cw-lesson { padding: .3rem .4rem 1.5rem; }
  .cw-lesson h1 { font-size: 1.25rem; } }
"""


def _json_in_html(value: Any) -> str:
    """JSON that can sit inside a ``<script>`` element: no ``<``, ``>`` or ``&`` in it."""
    text = json.dumps(value, ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def checksum(text: str) -> str:
    """FNV-1a (32 bits) over ``text``'s UTF-16 code units, as 8 hex digits: what the page's
    script computes over its data (a guard against damage, not a signature).

    >>> checksum(""), checksum("a"), checksum("♥")
    ('811c9dc5', 'e40c292c', 'e03b5ce0')
    """
    value = 0x811C9DC5
    units = text.encode("utf-16-le")
    for i in range(0, len(units), 2):
        value ^= units[i] | (units[i + 1] << 8)
        value = (value * 0x01000193) & 0xFFFFFFFF
    return f"{value:08x}"


def _units(text: str) -> int:
    """The length of ``text`` in UTF-16 code units (a JavaScript string's ``length``)."""
    return len(text.encode("utf-16-le")) // 2


def labels(locale: str) -> dict[str, str]:
    """The page's words in ``locale`` (fields in braces left for the script to fill)."""
    fields = {name: "{" + name + "}" for name in ("step", "steps", "number", "answer")}
    fields |= {name: "{" + name + "}" for name in ("right", "wrong", "total", "open")}
    return {
        name: i18n.text(f"lessonpage.{name}", locale, **fields) for name in page_words.PAGE_LABELS
    }


def board(exercise: Exercise, locale: str) -> dict[str, Any]:
    """The board the learner's seat sees: a still picture (no hints, no code, no buttons)."""
    from cardwidgets.present import PRESENTERS, Moment

    # A still of the seat's own view, its opponent named as one (not a second learner).
    moment = Moment.of(
        exercise.state, seat=exercise.seat, still=True, locale=locale, hints=False, legend=False
    )
    drawn: dict[str, Any] = dict(PRESENTERS[exercise.game](moment).scene())
    drawn.update(
        code="", banner=None, options=[], actions=[], previews={}, history=None, summary=None,
        message=None, analysis=None, teacher=None, frames=[],
    )  # fmt: skip
    drawn["log"] = []
    return drawn


def _parts(game: str, move: Any) -> list[tuple[str, str]]:
    """The (zone, card) pairs a learner clicks to make ``move`` on the board ([]: a button)."""
    if game == "tablic":
        return [("hand", str(move.card)), *(("table", str(c)) for c in move.captured)]
    kind = type(move).__name__
    if game == "panjpar" and kind == "Attack":
        return [("hand", str(c)) for c in move.cards]
    if game == "panjpar" and kind == "Defend":
        pairs = [(("battle", str(a)), ("hand", str(k))) for a, k in move.kills.items()]
        return [part for pair in pairs for part in pair]
    if game == "pazaak" and kind == "PlayCard":
        return [("hand", str(move.card))]
    return []


_ACTIONS = {("pazaak", "Stand"): "stand", ("pazaak", "EndTurn"): "end-turn"}
"""The live board's button of a move without cards (its label is the widget's own)."""


def _label(exercise: Exercise, move: Any, buttons: Mapping[str, str], locale: str) -> str:
    """What a move is called on the page: the widget's button, else the engine's words."""
    kind = type(move).__name__
    action = _ACTIONS.get((exercise.game, kind))
    if exercise.game == "panjpar" and kind == "Defend" and not move.kills:
        action = "pickup"
    if action is not None and action in buttons:
        return buttons[action]
    if exercise.game == "pazaak" and kind == "PlayCard":
        text = str(move)
        if " as " in text:
            value = text.rsplit(" as ", 1)[1]
            return i18n.text("lessonpage.play_side_as", locale, card=move.card.text, value=value)
        return i18n.text("lessonpage.play_side", locale, card=move.card.text)
    described = str(move.describe(locale))
    return described[:1].upper() + described[1:]


def move_label(exercise: Exercise, text: str, locale: str) -> str:
    """What the move ``text`` of ``exercise`` is called on a page or worksheet."""
    from cardwidgets.lessons.position import GAMES

    move = GAMES[exercise.game].Move.parse(text)
    return _label(exercise, move, _buttons(exercise, locale), locale)


def _buttons(exercise: Exercise, locale: str) -> dict[str, str]:
    """The labels of the live board's buttons for the exercise's position, by action id."""
    from cardwidgets.present import PRESENTERS, Moment

    moment = Moment.of(exercise.state, seat=exercise.seat, locale=locale, hints=False, legend=False)
    built = PRESENTERS[exercise.game](moment).scene()
    return {str(a["id"]): str(a["label"]) for a in built["actions"]}


def _ways(drawn: Mapping[str, Any], parts: list[tuple[str, str]]) -> list[list[str]]:
    """The sets of board cards (``zone:id``) that make a move of ``parts``: one, or one per
    copy where the hand holds the same card twice (Pazaak's ``+1`` and ``+1#2``); [] if a
    card is not on the board or the move has none."""
    zones = {z["id"]: [c["id"] for c in z["cards"]] for z in drawn["zones"]}
    ways: list[list[str]] = [[]] if parts else []
    for zone, card in parts:
        copies = [c for c in zones.get(zone, []) if c == card or c.startswith(f"{card}#")]
        ways = [[*way, f"{zone}:{c}"] for way in ways for c in copies if f"{zone}:{c}" not in way]
    return [sorted(way) for way in ways]


def _selectable(drawn: dict[str, Any], keys: set[str]) -> dict[str, Any]:
    """The board with exactly the cards of some move selectable (nothing selected)."""
    zones = []
    for zone in drawn["zones"]:
        cards = [
            {**c, "selectable": f"{zone['id']}:{c['id']}" in keys, "selected": False}
            for c in zone["cards"]
        ]
        zones.append({**zone, "cards": cards})
    return {**drawn, "zones": zones}


def _exercise(exercise: Exercise, locale: str) -> dict[str, Any]:
    from cardwidgets.lessons.position import GAMES

    module = GAMES[exercise.game]
    drawn = board(exercise, locale)
    right = i18n.text("lessons.right", locale)
    wrong = i18n.text("lessons.wrong", locale)
    explanation = exercise.explanation[locale]
    entry: dict[str, Any] = {
        "kind": "exercise",
        "number": exercise.number,
        "question": exercise.question,
        "prompt": exercise.prompt[locale],
        "hints": [hint[locale] for hint in exercise.hints],
        "explanation": explanation,
        "right": f"{right} {explanation}",
        "wrong": f"{wrong} {explanation}",
    }
    buttons = _buttons(exercise, locale)
    if exercise.question == "best":
        moves, keys = [], set()
        for text, verdict in exercise.verdicts(locale=locale).items():
            move = module.Move.parse(text)
            shown = {"answer": text, "label": _label(exercise, move, buttons, locale),
                     "correct": verdict.correct, "verdict": verdict.text()}  # fmt: skip
            ways = _ways(drawn, _parts(exercise.game, move))
            for cards in ways or [[]]:  # no way on the board: the move is a button
                keys.update(cards)
                moves.append({**shown, "cards": cards})
        entry["moves"] = moves
        entry["scene"] = _selectable(drawn, keys)
    elif exercise.question == "legal":
        verdicts = exercise.verdicts(locale=locale)
        entry["choices"] = [
            {"answer": text, "label": _label(exercise, module.Move.parse(text), buttons, locale),
             "correct": verdicts[text].correct}
            for text in exercise.choices
        ]  # fmt: skip
        entry["scene"] = _selectable(drawn, set())
    else:
        exact = Fraction(exercise.answers[0])
        entry["chance"] = {
            "numerator": exact.numerator,
            "denominator": exact.denominator,
            "tolerance": float(exercise.tolerance),
        }
        entry["scene"] = _selectable(drawn, set())
    return entry


def identity(lesson: LessonLike) -> str:
    """The lesson's identity for the browser's storage: a digest of what every language's
    page shows (the title, the prose, the prompts, the answers offered, each seat's view),
    so it names the lesson, not the language or the page's copy.

    >>> from cardwidgets import lessons
    >>> len(identity(lessons.load("pazaak-odds")))
    20
    """
    from cardwidgets.lessons.exercise import Exercise

    parts: list[Any] = [lesson.game, dict(lesson.title)]
    for step in lesson.steps:
        if isinstance(step, Exercise):
            parts.append(
                [step.question, dict(step.prompt), step.moves(), list(step.choices),
                 step.state.view(step.seat)]
            )  # fmt: skip
        else:
            parts.append(dict(step.text))
    text = json.dumps(parts, ensure_ascii=False, sort_keys=True, default=str)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:20]


def payload(lesson: LessonLike, *, locale: str = "en") -> dict[str, Any]:
    """The page's data: the lesson's steps in ``locale``, each exercise with its seat's board,
    the answers it takes and their verdicts (JSON-safe, no hidden card, no position code)."""
    from cardwidgets.lessons.exercise import Exercise

    locale = i18n.check_locale(locale)
    steps: list[dict[str, Any]] = []
    for step in lesson.steps:
        if isinstance(step, Exercise):
            steps.append(_exercise(step, locale))
        else:
            steps.append({"kind": "text", "text": step.text[locale]})
    return {
        "format": FORMAT,
        "game": lesson.game,
        "locale": locale,
        "id": identity(lesson),
        "title": lesson.title[locale],
        "labels": labels(locale),
        "steps": steps,
    }


def check_data(data: object) -> dict[str, Any]:
    """``data`` if it has the shape :func:`payload` writes, else :class:`LessonError`."""
    reason = None
    if not isinstance(data, Mapping):
        reason = i18n.shown(data)
    elif data.get("format") != FORMAT:
        reason = f"format {i18n.shown(data.get('format'))}"
    elif data.get("locale") not in i18n.LOCALES or not isinstance(data.get("labels"), dict):
        reason = "labels, locale"
    elif not isinstance(data.get("id"), str) or not isinstance(data.get("title"), str):
        reason = "id, title"
    elif not isinstance(data.get("steps"), list) or not data["steps"]:
        reason = "steps"
    else:
        reason = next((r for r in map(_step_problem, data["steps"]) if r), None)
    if reason is not None:
        raise LessonError("lessonpage.bad_data", reason=reason)
    assert isinstance(data, Mapping)
    return dict(data)


def _step_problem(step: object) -> str | None:
    if not isinstance(step, Mapping) or step.get("kind") not in ("text", "exercise"):
        return "steps"
    if step["kind"] == "text":
        return None if isinstance(step.get("text"), str) else "text"
    question = step.get("question")
    if question not in QUESTIONS or not isinstance(step.get("scene"), Mapping):
        return "question, scene"
    wanted = {"best": "moves", "legal": "choices", "chance": "chance"}[str(question)]
    return None if step.get(wanted) else wanted


def _document(data: dict[str, Any]) -> str:
    locale = str(data["locale"])
    title = i18n.text("lessonpage.title", locale, title=data["title"])
    body = _json_in_html(data)
    try:
        script = _SCRIPT.read_text(encoding="utf-8").replace("</script", "<\\/script")
    except FileNotFoundError as err:
        raise FileNotFoundError(
            f"{_SCRIPT} is missing: run `npm ci && npm run build` (or install a wheel)"
        ) from err
    broken = html.escape(i18n.text("lessonpage.broken", locale), quote=True)
    loading = html.escape(i18n.text("lessonpage.loading", locale))
    return (
        f'<!DOCTYPE html>\n<html lang="{html.escape(locale)}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        '<meta name="color-scheme" content="light dark">\n'
        f"<title>{html.escape(title)}</title>\n"
        f"<style>{scene.stylesheet()}\n{PAGE_CSS}</style>\n</head>\n<body>\n<main>\n"
        f'<div class="cw-lesson" lang="{html.escape(locale)}" '
        f'data-check="{checksum(body)}:{_units(body)}" data-broken="{broken}">\n'
        f'<h1 class="cw-lesson-title">{html.escape(title)}</h1>\n'
        f'<p class="cw-lesson-loading">{loading}</p>\n'
        f"<script>{script}</script>\n"
        f'<script type="application/json" class="cw-lesson-data">{body}</script>\n'
        "</div>\n</main>\n</body>\n</html>\n"
    )


def to_html(lesson: LessonLike, *, locale: str = "en") -> str:
    """One self-contained HTML page in which a learner plays ``lesson`` in ``locale``."""
    return _document(check_data(payload(lesson, locale=locale)))


def read_page(page: object) -> dict[str, Any]:
    """The data of a lesson page's text, checked (its checksum and its shape): a page cut
    off or edited is a :class:`LessonError` saying what is wrong."""
    if not isinstance(page, str):
        raise LessonError("lessonpage.bad_page", reason=i18n.shown(page))
    found = _DATA.search(page)
    if found is None:
        raise LessonError("lessonpage.bad_page", reason=i18n.TranslatedError("lessonpage.no_data"))
    check, length, body = found.group(1), int(found.group(2)), found.group(3)
    if _units(body) != length or checksum(body) != check:
        raise LessonError("lessonpage.bad_page", reason=i18n.TranslatedError("lessonpage.bad_sum"))
    try:
        data = json.loads(body)
    except ValueError:
        raise LessonError("lessonpage.bad_page", reason="JSON") from None
    return check_data(data)
