"""A pseudo-language added from a PO file in a temporary folder: every sentence wrapped in
⟦ ⟧, so any visible text outside the markers is a word the catalog does not translate.

The widgets' scenes (after some moves), their still pictures and their replays are rendered
in it and every visible text is checked: with the marked sentences taken out, only cards
(10♦), numbers and punctuation may be left.
"""

from __future__ import annotations

import html.parser
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import i18n, po

CODE = "qps"
# Data, not words: ids, card faces, tones, options, the position code (its letters are the
# notation), the game and locale names.
NOT_WORDS = {
    "id", "kind", "text", "suit", "tone", "highlight", "layout", "theme", "size", "game",
    "locale", "version", "code", "value", "role", "intent", "ref", "zone", "target", "face",
    "seat", "slot", "group", "key", "move", "cards", "card", "kinds", "tag", "focus",
    "action", "pool",  # a replay's packed scenes: card and code texts, zone ids
    "name", "call",  # the editor's counter names and its Python call, code not words
}  # fmt: skip
CARD = re.compile(
    r"(?:10|[2-9AKQJT])[♠♥♦♣]|[♠♥♦♣]|[±+\-−]?\d+(?:[.,/]\d+)*|(?<!\w)[AKQJT](?!\w)"
)  # a card, a suit, a number, a rank alone (a card face's corner)


def pseudo(folder: Path) -> Path:
    """``qps.po``: English's header and every sentence as ``⟦sentence⟧``."""
    english = Path(i18n.__file__).with_name("locales") / "en.po"
    header, entries = po.read(english.read_text(encoding="utf-8"))
    header = {**header, "Language": CODE, "X-Language-Name": "Pseudo"}
    marked = []
    for entry in entries:
        texts = (entry.msgid,) if entry.plural is None else (entry.msgid, entry.plural)
        wrapped = tuple(f"⟦{text}⟧" for text in texts)
        marked.append(
            po.Entry(context=entry.context, msgid=entry.msgid, plural=entry.plural,
                     strings=wrapped, notes=entry.notes)
        )  # fmt: skip
    path = folder / f"{CODE}.po"
    path.write_text(po.write(header, marked), encoding="utf-8")
    return path


@pytest.fixture
def qps(tmp_path: Path) -> Iterator[str]:
    i18n.add_locale(CODE, pseudo(tmp_path))  # the one registration line of a new language
    yield CODE
    i18n.remove_locale(CODE)
    assert i18n.LOCALES == ("en", "de", "hr")


def unmarked(text: str) -> str:
    """What of ``text`` is outside the ⟦ ⟧ markers (nested ones too), cards and numbers."""
    previous = None
    while previous != text:
        previous, text = text, re.sub(r"⟦[^⟦⟧]*⟧", " ", text)
    return CARD.sub(" ", text)


def words(data: Any, path: str = "") -> Iterator[tuple[str, str]]:
    """Every text of a scene-like structure with its path, skipping data fields."""
    if isinstance(data, str):
        yield path, data
    elif isinstance(data, dict):
        for key, value in data.items():
            if key not in NOT_WORDS:
                yield from words(value, f"{path}.{key}")
    elif isinstance(data, (list, tuple)):
        for i, value in enumerate(data):
            yield from words(value, f"{path}[{i}]")


def leaks(data: Any) -> list[tuple[str, str]]:
    return [(p, t) for p, t in words(data) if re.search(r"[^\W\d_]", unmarked(t))]


class _Text(html.parser.HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.found: list[str] = []
        self.skip = 0
        self.skipping: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style") or dict(attrs).get("translate") == "no":
            self.skip += 1  # a script, or text marked as no words (the position code)
            self.skipping.append(tag)
        self.found += [v for k, v in attrs if k in ("aria-label", "title", "alt") and v]

    def handle_endtag(self, tag: str) -> None:
        if self.skipping and self.skipping[-1] == tag:
            self.skipping.pop()
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if not self.skip and data.strip():
            self.found.append(data)


def html_leaks(page: str) -> list[str]:
    reader = _Text()
    reader.feed(page)
    return [t for t in reader.found if re.search(r"[^\W\d_]", unmarked(t))]


def _widgets(locale: str) -> list[Any]:
    from cardwidgets.widgets import PanjparWidget, PazaakWidget, TablicWidget

    played = []
    for kind in (TablicWidget, PanjparWidget, PazaakWidget):
        widget = kind(seed=3, locale=locale, opponent="greedy")
        played.append(widget)
        watched = kind(seed=5, locale=locale, players=("greedy", "expert"))
        for _ in range(12):
            watched.step()
        played.append(watched)
    return played


def test_a_fourth_language_from_a_file_is_a_locale_everywhere(qps: str) -> None:
    assert i18n.LOCALES == ("en", "de", "hr", qps)
    assert i18n.text("widget.cards", qps, n=3) == "⟦3 cards⟧"
    with pytest.raises(i18n.LocaleError, match="en, de, hr, qps"):
        i18n.check_locale("xx")
    from cardwidgets.widgets import TablicWidget

    assert TablicWidget(seed=1, locale=qps).scene["title"] == "⟦Tablić⟧"


def test_every_widget_scene_and_still_picture_is_translated(qps: str) -> None:
    found = []
    for widget in _widgets(qps):
        found += [(type(widget).__name__, *leak) for leak in leaks(widget.scene)]
        page = widget._repr_mimebundle_()[0]["text/html"]
        found += [(type(widget).__name__, "html", leak) for leak in html_leaks(page)]
    assert found == []


def test_the_position_editor_is_translated(qps: str) -> None:
    from cardwidgets.widgets import PositionEditor

    found = []
    for game in ("tablic", "panjpar", "pazaak"):
        editor = PositionEditor(game, locale=qps, seed=4)
        found += [(game, *leak) for leak in leaks(editor.scene)]
    assert found == []


def test_every_replay_is_translated(qps: str) -> None:
    from cardwidgets import replay

    found = []
    for game in ("tablic", "panjpar", "pazaak"):
        watched = replay.watch(game, ("greedy", "expert"), seed=2, locale=qps, limit=30)
        found += [(game, *leak) for leak in leaks(watched.data)]
        found += [(game, "html", leak) for leak in html_leaks(watched.html)]
    assert found == []


def test_the_check_sees_an_untranslated_word(qps: str) -> None:
    assert leaks({"status": "⟦Your turn⟧ 10♦ (3)"}) == []
    assert leaks({"status": "⟦Your turn⟧ now"}) == [(".status", "⟦Your turn⟧ now")]
    assert html_leaks("<p>⟦Stock⟧</p><p title='Deck'>x</p>") == ["Deck", "x"]


def marked_lesson(name: str) -> Any:
    """An example lesson whose English texts (the teacher's words, which a language the file
    does not write reads in English) are wrapped in the markers too, so only the widget's and
    the page's own words are checked."""
    from cardwidgets import lessons

    source = (lessons.EXAMPLES / f"{name}.md").read_text(encoding="utf-8").split("\n")
    out: list[str] = []
    field = False
    for line in source:
        if field and not line.startswith("  "):
            out[-1] += "⟧"
            field = False
        found = re.match(r"^([a-z_]+(?:\.[a-z_]+)*)\.en: (.*)$", line)
        if found:
            line, field = f"{found.group(1)}.en: ⟦{found.group(2)}", True
        out.append(line)
    if field:
        out[-1] += "⟧"
    return lessons.load("\n".join(out))


@pytest.mark.parametrize("name", ["tablic-captures", "panjpar-defence", "pazaak-odds"])
def test_every_lesson_widget_step_page_and_worksheet_is_translated(qps: str, name: str) -> None:
    from cardwidgets.widgets import LessonWidget

    lesson = marked_lesson(name)
    widget = LessonWidget(lesson, locale=qps, pace=0)
    found = []
    for index, step in enumerate(lesson.steps):
        if index:
            widget.next_step()
        if step in lesson.exercises:
            widget.hint()
            widget.answer(list(step.answers) if step.question == "legal" else step.answers[0])
        found += [(index, *leak) for leak in leaks(widget.scene)]
        page = widget._repr_mimebundle_()[0]["text/html"]
        found += [(index, "html", leak) for leak in html_leaks(page)]
    for sheet in (
        lesson.worksheet_html(locale=qps),
        lesson.worksheet_html(answers=True, locale=qps),
    ):
        found += [("worksheet", leak) for leak in html_leaks(sheet)]
    found += [("page", leak) for leak in html_leaks(lesson.to_html(locale=qps))]
    assert found == []


@pytest.mark.parametrize("game", ["tablic", "panjpar", "pazaak"])
def test_every_puzzle_widget_is_translated(qps: str, game: str) -> None:
    from cardwidgets.widgets import puzzle_widget

    widget = puzzle_widget(game, 1, seed=2, locale=qps, pace=0)
    found = [("posed", *leak) for leak in leaks(widget.scene)]
    widget.handle_intent({"kind": "action", "id": "hint", "version": widget.version})
    assert widget.message  # a puzzle has no hint button: the refusal is said, in the language
    found += [("refused", *leak) for leak in leaks(widget.scene)]
    page = widget._repr_mimebundle_()[0]["text/html"]
    found += [("html", leak) for leak in html_leaks(page)]
    assert found == []
