"""The lesson file format read into blocks of fields, each field with its line number.

A lesson file is Markdown: fenced blocks (```` ```lesson ````, ```` ```text ````,
```` ```exercise ````) hold ``key: value`` lines; an indented line continues the value above
it; ``#`` starts a comment line inside a block; everything outside the blocks is a note for
whoever reads the file and is ignored. :func:`blocks` only splits and numbers: what the keys
mean is checked in :mod:`cardwidgets.lessons.lesson`.

>>> found = blocks("```lesson\\ngame: tablic\\ntitle.en: First\\n  captures\\n```\\n")
>>> found[0].kind, [(f.key, f.value, f.line) for f in found[0].fields]
('lesson', [('game', 'tablic', 2), ('title.en', 'First captures', 3)])
"""

from __future__ import annotations

import dataclasses

from cardwidgets import i18n

__all__ = ["FENCE", "KINDS", "Block", "Field", "LessonError", "blocks", "fail"]

FENCE = "```"
KINDS = ("lesson", "text", "exercise")
"""The kinds of block a lesson file holds."""


class LessonError(i18n.TranslatedError):
    """A lesson file that cannot be a lesson (a ``ValueError``): the sentence names the file,
    the line and the reason, in the current locale. ``line`` is the line number (1 is the
    first line; 0 when the error is not about one line), ``reason`` the nested reason."""

    __module__ = "cardwidgets.lessons"

    @property
    def line(self) -> int:
        """The line of the lesson file the error is about (0: the file as a whole)."""
        line = self.params.get("line", 0)
        return line if isinstance(line, int) else 0


def fail(source: str, line: int, key: str, /, **params: object) -> LessonError:
    """The :class:`LessonError` for ``line`` of ``source`` (a file name, or "" for a text),
    its reason the sentence ``key`` filled with ``params``."""
    reason = i18n.TranslatedError(key, **params)
    if source:
        return LessonError("lessons.at_file", source=source, line=line, reason=reason)
    return LessonError("lessons.at_line", line=line, reason=reason)


@dataclasses.dataclass(frozen=True)
class Field:
    """One ``key: value`` of a block, and the line it starts on."""

    key: str
    value: str
    line: int


@dataclasses.dataclass(frozen=True)
class Block:
    """One fenced block: its kind, the line of its opening fence, its fields in file order."""

    kind: str
    line: int
    fields: tuple[Field, ...]


def blocks(text: str, source: str = "") -> list[Block]:
    """The blocks of a lesson file's ``text``; ``source`` names the file in errors."""
    found: list[Block] = []
    kind, opened, fields = "", 0, list[Field]()
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        if not kind:  # outside a block: notes, or the fence that opens one
            if line.startswith(FENCE):
                kind, opened, fields = _opening(line, number, source), number, []
            continue
        if line.strip() == FENCE:
            found.append(Block(kind, opened, tuple(fields)))
            kind = ""
        elif line.strip() and not line.lstrip().startswith("#"):
            _read(line, number, fields, source)
    if kind:
        raise fail(source, opened, "lessons.unclosed", kind=kind)
    return found


def _opening(line: str, number: int, source: str) -> str:
    kind = line[len(FENCE) :].strip()
    if kind not in KINDS:
        raise fail(source, number, "lessons.unknown_block", kind=i18n.shown(kind))
    return kind


def _read(line: str, number: int, fields: list[Field], source: str) -> None:
    """Add ``line`` to ``fields``: a new field, or the continuation of the last one."""
    if line[:1].isspace():
        if not fields:
            raise fail(source, number, "lessons.dangling")
        last = fields[-1]
        joined = f"{last.value} {line.strip()}".strip()
        fields[-1] = dataclasses.replace(last, value=joined)
        return
    key, colon, value = line.partition(":")
    if not colon or not key.strip() or " " in key.strip():
        raise fail(source, number, "lessons.not_a_field", found=i18n.shown(line))
    fields.append(Field(key.strip(), value.strip(), number))
