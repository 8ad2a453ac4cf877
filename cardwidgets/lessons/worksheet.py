"""A lesson as a printable worksheet, and its answer key: one static HTML page (no script),
whose print styles make the browser's Print → PDF a clean sheet.

Each exercise shows the board its learner's seat sees (the static picture, inline SVG), the
prompt and room to answer: a line for a move or a chance, a box to tick for each choice of a
``legal`` question. The answer key (``answers=True``) adds the accepted answers and the
explanation under each exercise, and the hints. Like the page, a worksheet shows no hidden card
and no position code.

>>> from cardwidgets import lessons
>>> sheet = lessons.load("panjpar-defence").worksheet_html(answers=True, locale="de")
>>> "Lösungen: Verteidigen" in sheet, "<script" in sheet
(True, False)
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

from cardwidgets import i18n, scene
from cardwidgets.lessons import page_words  # noqa: F401  (registers the sentences)
from cardwidgets.lessons.format import LessonError

if TYPE_CHECKING:
    from cardwidgets.lessons.exercise import Exercise
    from cardwidgets.lessons.page import LessonLike

__all__ = ["SHEET_CSS", "to_html"]

_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:"

SHEET_CSS = """
body { margin: 0; background: #fff; color: #111; }
.cw-sheet { font-family: system-ui, sans-serif; max-width: 900px; margin: 0 auto;
  padding: 1rem; line-height: 1.4; }
.cw-sheet h1 { font-size: 1.4rem; margin: 0 0 .6rem; }
.cw-sheet h2 { font-size: 1.1rem; margin: 0 0 .3rem; }
.cw-sheet-name { border-bottom: 1px solid #111; padding-bottom: .2rem; margin-bottom: 1rem; }
.cw-sheet-exercise { border: 1px solid #999; border-radius: 6px; padding: .6rem .8rem;
  margin: .8rem 0; }
.cw-sheet-prompt { font-weight: 600; }
.cw-sheet-line { border-bottom: 1px solid #111; min-height: 1.8rem; margin: .6rem 0; }
.cw-sheet-choices { list-style: none; padding-left: .2rem; }
.cw-sheet-choices li { margin: .25rem 0; }
.cw-sheet-box { display: inline-block; width: 1rem; height: 1rem; border: 1.5px solid #111;
  vertical-align: -.15rem; margin-right: .4rem; text-align: center; line-height: 1rem; }
.cw-sheet-key { border-left: 4px solid #1b7f3b; padding: .3rem .6rem; margin: .5rem 0; }
.cw-sheet-board .cw-root { max-width: 100%; }
@media print {
  @page { margin: 14mm; }
  body { background: #fff; color: #000; }
  .cw-sheet { max-width: none; padding: 0; }
  .cw-sheet-exercise { break-inside: avoid; page-break-inside: avoid; }
  .cw-sheet-board .cw-root { box-shadow: none; }
  * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
}
"""


def _e(text: object) -> str:
    return html.escape(str(text), quote=True)


def _label(exercise: Exercise, text: str, locale: str) -> str:
    from cardwidgets.lessons.page import move_label

    return move_label(exercise, text, locale)


def _exercise(exercise: Exercise, answers: bool, locale: str) -> str:
    from cardwidgets.lessons.page import board

    heading = i18n.text("lessonpage.exercise", locale, number=exercise.number)
    # Printed on paper: the light board, whatever the reader's screen prefers.
    drawn = scene.to_html({**board(exercise, locale), "theme": "light"}, css=False)  # type: ignore[typeddict-item]
    parts = [
        f'<section class="cw-sheet-exercise" aria-labelledby="cw-sheet-{exercise.number}">',
        f'<h2 id="cw-sheet-{exercise.number}">{_e(heading)}</h2>',
        f'<p class="cw-sheet-prompt">{_e(exercise.prompt[locale])}</p>',
        f'<div class="cw-sheet-board">{drawn}</div>',
    ]
    if exercise.question == "legal":
        parts.append(f"<p>{_e(i18n.text('lessonpage.tick', locale))}</p>")
        items = []
        for choice in exercise.choices:
            mark = "✓" if answers and choice in exercise.answers else ""
            items.append(
                f'<li><span class="cw-sheet-box" aria-hidden="true">{mark}</span>'
                f"{_e(_label(exercise, choice, locale))}</li>"
            )
        parts.append(f'<ul class="cw-sheet-choices">{"".join(items)}</ul>')
    else:
        key = f"lessonpage.write_{'chance' if exercise.question == 'chance' else 'move'}"
        parts.append(f'<div class="cw-sheet-line">{_e(i18n.text(key, locale))}</div>')
    if answers:
        if exercise.question == "chance":
            from fractions import Fraction

            exact = Fraction(exercise.answers[0])
            point = i18n.number_format(locale).point
            percent = f"{float(exact) * 100:.1f}".replace(".", point)
            given = f"{exact} ≈ {percent} %"
        elif exercise.question == "legal" and not exercise.answers:
            given = i18n.text("lessonpage.none_legal", locale)
        else:
            joined = i18n.text("lessonpage.or", locale)
            given = joined.join(_label(exercise, a, locale) for a in exercise.answers)
        parts.append(
            f'<div class="cw-sheet-key"><p><strong>'
            f"{_e(i18n.text('lessonpage.accepted', locale, answers=given))}</strong></p>"
            f"<p>{_e(exercise.explanation[locale])}</p></div>"
        )
        if exercise.hints:
            hints = "".join(f"<li>{_e(h[locale])}</li>" for h in exercise.hints)
            parts.append(f"<p>{_e(i18n.text('lessonpage.hints', locale))}</p><ul>{hints}</ul>")
    parts.append("</section>")
    return "\n".join(parts)


def to_html(lesson: LessonLike, *, answers: bool = False, locale: str = "en") -> str:
    """The worksheet of ``lesson`` in ``locale`` (``answers=True``: the answer key)."""
    from cardwidgets.lessons.exercise import Exercise

    if not isinstance(answers, bool):
        raise LessonError("lessonpage.bad_flag", name="answers", found=i18n.shown(answers))
    locale = i18n.check_locale(locale)
    key = "lessonpage.answer_key" if answers else "lessonpage.worksheet"
    title = i18n.text(key, locale, title=lesson.title[locale])
    body = [f"<h1>{_e(title)}</h1>"]
    if not answers:
        body.append(f'<p class="cw-sheet-name">{_e(i18n.text("lessonpage.name_line", locale))}</p>')
    for step in lesson.steps:
        if isinstance(step, Exercise):
            body.append(_exercise(step, answers, locale))
        else:
            body.append(f'<p class="cw-sheet-prose">{_e(step.text[locale])}</p>')
    return (
        f'<!DOCTYPE html>\n<html lang="{locale}">\n<head>\n<meta charset="utf-8">\n'
        f'<meta http-equiv="Content-Security-Policy" content="{_POLICY}">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{_e(title)}</title>\n"
        f"<style>{scene.stylesheet()}\n{SHEET_CSS}</style>\n</head>\n<body>\n"
        f'<main class="cw-sheet">\n' + "\n".join(body) + "\n</main>\n</body>\n</html>\n"
    )
