"""gettext PO files, read and written in pure Python: the catalog's translations as data.

The catalog reads the PO text itself instead of compiled MO files, so a translation needs no
build step and loads the same way from a source checkout, the wheel, the sdist, the docs build
and the in-browser (Pyodide) classroom site; a translator's tool (Poedit, Weblate, Babel)
writes the file and the package reads it as it is. Only what the catalog uses is read:
``msgctxt``, ``msgid``, ``msgid_plural``, ``msgstr``/``msgstr[n]``, the comments (``#.`` notes
for the translator, ``#:`` references, ``#,`` flags), obsolete ``#~`` entries (skipped) and
adjacent string continuation lines.

>>> header, entries = read('''
... msgid ""
... msgstr "Language: de\\\\n"
...
... #. {rows}: how many rows were written
... msgctxt "cli.wrote"
... msgid "wrote {rows} row"
... msgid_plural "wrote {rows} rows"
... msgstr[0] "{rows} Zeile "
... "geschrieben"
... msgstr[1] "{rows} Zeilen geschrieben"
... ''')
>>> header["Language"], entries[0].context, entries[0].strings
('de', 'cli.wrote', ('{rows} Zeile geschrieben', '{rows} Zeilen geschrieben'))
>>> read(write(header, entries)) == (header, entries)
True
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

__all__ = ["Entry", "PoError", "read", "write"]


@dataclass(frozen=True, kw_only=True)
class Entry:
    """One message of a PO file: its context (the catalog key), English source text(s), the
    translation (one string, or one per plural form) and the comments kept with it."""

    context: str | None
    msgid: str
    plural: str | None = None
    strings: tuple[str, ...] = ("",)
    notes: tuple[str, ...] = ()
    references: tuple[str, ...] = ()
    flags: tuple[str, ...] = ()

    @property
    def translated(self) -> bool:
        """Whether every form has a text (an empty ``msgstr`` is an untranslated message)."""
        return all(self.strings) and "fuzzy" not in self.flags


class PoError(ValueError):
    """A PO file that cannot be read: ``line`` (1-based) and ``reason``, a word the catalog
    turns into a sentence (``quote``, ``keyword``, ``order``, ``escape``)."""

    def __init__(self, line: int, reason: str) -> None:
        super().__init__(f"line {line}: {reason}")
        self.line = line
        self.reason = reason


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\", "r": "\r"}
_KEYWORD = re.compile(r"(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*)$")


def _unquote(text: str, line: int) -> str:
    """The value of one quoted PO string (``"a\\"b"`` -> ``a"b``)."""
    text = text.strip()
    if len(text) < 2 or not (text.startswith('"') and text.endswith('"')):
        raise PoError(line, "quote")
    body, out, i = text[1:-1], [], 0
    while i < len(body):
        char = body[i]
        if char == "\\":
            if i + 1 >= len(body) or body[i + 1] not in _ESCAPES:
                raise PoError(line, "escape")
            out.append(_ESCAPES[body[i + 1]])
            i += 2
            continue
        if char == '"':
            raise PoError(line, "quote")
        out.append(char)
        i += 1
    return "".join(out)


def read(text: str) -> tuple[dict[str, str], list[Entry]]:
    """The header fields and the entries of a PO file's text, in file order.

    >>> read('msgid "x"\\nmsgstr "y" junk')
    Traceback (most recent call last):
    ...
    cardwidgets.po.PoError: line 2: quote
    """
    reader = _Reader()
    for number, raw in enumerate(text.splitlines(), 1):
        reader.line(number, raw.strip())
    reader.finish(len(text.splitlines()))
    return reader.header, reader.entries


class _Reader:
    """The state of reading one PO file: the entry being read and those read."""

    def __init__(self) -> None:
        self.header: dict[str, str] = {}
        self.entries: list[Entry] = []
        self.fields: dict[str, str] = {}
        self.forms: dict[int, str] = {}
        self.comments: dict[str, list[str]] = {"#.": [], "#:": [], "#,": []}
        self.last: tuple[str, int] | None = None  # what a continuation line adds to

    def line(self, number: int, line: str) -> None:
        if not line or line.startswith("#~"):  # obsolete messages: kept by tools, not here
            return
        if line.startswith("#"):
            if self.last is not None:
                self.finish(number)
            self.comment(line)
        elif line.startswith('"'):
            self.continued(number, line)
        else:
            self.keyword(number, line)

    def comment(self, line: str) -> None:
        kind, rest = line[:2], line[2:]
        if kind == "#.":
            self.comments[kind].append(rest.strip())
        elif kind == "#:":
            self.comments[kind].extend(rest.split())
        elif kind == "#,":
            self.comments[kind].extend(f.strip() for f in rest.split(",") if f.strip())

    def continued(self, number: int, line: str) -> None:
        if self.last is None:
            raise PoError(number, "order")
        name, index = self.last
        if name == "msgstr[]":
            self.forms[index] += _unquote(line, number)
        else:
            self.fields[name] += _unquote(line, number)

    def keyword(self, number: int, line: str) -> None:
        match = _KEYWORD.match(line)
        if match is None:
            raise PoError(number, "keyword")
        keyword, index_text, quoted = match.groups()
        value = _unquote(quoted, number)
        if keyword in ("msgctxt", "msgid") and ("msgstr" in self.fields or self.forms):
            self.finish(number)
        if keyword == "msgctxt" and "msgid" in self.fields:
            raise PoError(number, "order")
        if keyword.startswith("msgstr") and "msgid" not in self.fields:
            raise PoError(number, "order")
        if index_text is not None:
            self.forms[int(index_text)] = value
            self.last = ("msgstr[]", int(index_text))
        else:
            self.fields[keyword] = value
            self.last = (keyword, 0)

    def finish(self, number: int) -> None:
        """End the entry being read (at line ``number``): keep it, or read it as the header."""
        fields, forms = self.fields, self.forms
        if "msgid" in fields:
            strings = (
                tuple(forms[i] for i in sorted(forms)) if forms else (fields.get("msgstr", ""),)
            )
            entry = Entry(
                context=fields.get("msgctxt"),
                msgid=fields["msgid"],
                plural=fields.get("msgid_plural"),
                strings=strings,
                notes=tuple(self.comments["#."]),
                references=tuple(self.comments["#:"]),
                flags=tuple(self.comments["#,"]),
            )
            if entry.msgid == "" and entry.context is None:
                for row in entry.strings[0].splitlines():
                    name, colon, value = row.partition(":")
                    if colon:
                        self.header[name.strip()] = value.strip()
            else:
                self.entries.append(entry)
        elif fields or forms:
            raise PoError(number, "order")
        self.fields, self.forms = {}, {}
        self.comments = {"#.": [], "#:": [], "#,": []}
        self.last = None


def _quote(value: str) -> str:
    """One PO string, long ones split after each ``\\n`` the way gettext's tools write them."""
    escaped = (
        value.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t").replace("\r", "\\r")
    )
    pieces = escaped.split("\n")
    if len(pieces) == 1:
        return f'"{escaped}"'
    parts = [piece + "\\n" for piece in pieces[:-1]] + ([pieces[-1]] if pieces[-1] else [])
    return '""\n' + "\n".join(f'"{part}"' for part in parts)


def write(header: Mapping[str, str], entries: Iterable[Entry]) -> str:
    """A PO file's text: the header, then each entry with its comments."""
    blocks = ['msgid ""\nmsgstr ' + _quote("".join(f"{k}: {v}\n" for k, v in header.items()))]
    for entry in entries:
        lines = [f"#. {note}" if note else "#." for note in entry.notes]
        lines += [f"#: {reference}" for reference in entry.references]
        if entry.flags:
            lines.append("#, " + ", ".join(entry.flags))
        if entry.context is not None:
            lines.append(f"msgctxt {_quote(entry.context)}")
        lines.append(f"msgid {_quote(entry.msgid)}")
        if entry.plural is not None:
            lines.append(f"msgid_plural {_quote(entry.plural)}")
            lines += [f"msgstr[{i}] {_quote(s)}" for i, s in enumerate(entry.strings)]
        else:
            lines.append(f"msgstr {_quote(entry.strings[0])}")
        blocks.append("\n".join(lines))
    return "\n\n".join(blocks) + "\n"
