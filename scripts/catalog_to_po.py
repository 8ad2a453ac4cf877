"""Move sentences written in Python (``i18n.register({...})``) into the PO catalogs.

    uv run python scripts/catalog_to_po.py            # merge registered sentences into the files
    uv run python scripts/catalog_to_po.py --strip    # ... and delete the register calls
    uv run python scripts/catalog_to_po.py --new sr "nplurals=3; plural=(...);"

It imports every module of the package, collects what ``i18n.register`` was given, and writes
``cardwidgets/locales/<code>.po`` for every locale: a sentence with one count field becomes a
plural entry (``msgid_plural``, one ``msgstr[n]`` per plural form of the file, a ``count:``
note naming the field), a sentence with several keeps its ``{name:form0|form1}`` fields. A
locale the dict has no text for gets an empty (untranslated) string; a translation whose
English changed is marked fuzzy. Existing entries of the files are kept. ``--strip`` deletes
the top-level ``i18n.register(...)`` statements it moved from the modules (run ``ruff check
--fix`` after it for the imports left unused). ``--new`` starts a language file with every
sentence untranslated.
"""

from __future__ import annotations

import argparse
import ast
import importlib
import pkgutil
import string
import sys
from collections.abc import Iterable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from cardwidgets import i18n, po  # noqa: E402

FOLDER = ROOT / "cardwidgets" / "locales"

HEADERS = {
    "en": ("English", "nplurals=2; plural=(n != 1);", ",", ".", "#%"),
    "de": ("German", "nplurals=2; plural=(n != 1);", ".", ",", "# %"),
    "hr": (
        "Croatian",
        "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && "
        "(n%100<10 || n%100>=20) ? 1 : 2);",
        ".",
        ",",
        "# %",
    ),
}
"""The header of each language's file: name, Plural-Forms, digit grouping, decimal point and
percentage (for a new file; an existing file keeps its own header)."""

FIELD_NOTES = {
    "card": "{card}: a card as the table writes it (10♦, A♠)",
    "cards": "{cards}: cards as the table writes them (10♦ A♠), or how many cards",
    "captured": "{captured}: the cards taken, written like 3♠ 7♥",
    "player": "{player}: a player's name in the third person (Player 1, Spieler 1, Igrač 1)",
    "player0": "{player0}: the first player's name (Player 1)",
    "player1": "{player1}: the second player's name (Player 2)",
    "value": "{value}: what the user gave, quoted as Python writes it",
    "text": "{text}: the text the user typed, quoted",
    "reason": "{reason}: a whole sentence of this catalog saying why (in the same language)",
    "error": "{error}: a whole sentence saying what went wrong",
    "field": "{field}: a field name of the code (stays as it is)",
    "fields": "{fields}: a list of field names of the code",
    "move": "{move}: a move as the game writes it (8♦ x 3♠ 5♥)",
    "seed": "{seed}: a random seed, a number or a text",
    "seat": "{seat}: a seat number (0 or 1)",
    "path": "{path}: a file path",
    "bot": "{bot}: a computer player's name",
    "name": "{name}: a name given by the user or the code",
    "game": "{game}: a game's name (Tablić, Panjpar, Pazaak)",
    "unit": "{unit}: games, deals or matches, in the count's grammatical number",
    "total": "{total}: a number (a sum of points or a count)",
    "high": "{high}: the winner's score",
    "low": "{low}: the loser's score",
    "most": "{most}: the largest allowed number",
    "least": "{least}: the smallest allowed number",
    "found": "{found}: what was found instead, quoted",
    "how": "{how}: a whole sentence of this catalog",
    "why": "{why}: a whole sentence of this catalog",
    "choices": "{choices}: the allowed values, comma-separated",
    "locales": "{locales}: the language codes, comma-separated (en, de, hr)",
}
"""What a field holds, for the translator's note of each sentence that has it."""


def expand(template: str, field: str, index: int) -> str:
    """``template`` with each ``{field:form0|form1}`` replaced by form ``index`` (the last
    form when there are fewer), ``#`` in it by ``{field}``.

    >>> expand("wrote {n:# row|# rows}, {n:is|are} {m:x|y}", "n", 1)
    'wrote {n} rows, are {m:x|y}'
    """
    out = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        out.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        if name == field and spec and "|" in spec:
            forms = spec.split("|")
            out.append(forms[min(index, len(forms) - 1)].replace("#", "{" + field + "}"))
            continue
        conversion = f"!{conversion}" if conversion else ""
        out.append("{" + name + conversion + (f":{spec}" if spec else "") + "}")
    return "".join(out)


def count_fields(template: str) -> list[str]:
    """The names of ``{name:a|b}`` count fields, in order, each once."""
    names: list[str] = []
    for _, name, spec, _ in string.Formatter().parse(template):
        if name and spec and "|" in spec and name not in names:
            names.append(name)
    return names


def plain_fields(template: str) -> list[str]:
    names: list[str] = []
    for _, name, _, _ in string.Formatter().parse(template):
        if name and name not in names:
            names.append(name)
    return names


def header(code: str, nplurals_rule: str | None = None) -> dict[str, str]:
    name, rule, group, point, percent = HEADERS.get(code, (code, nplurals_rule, ",", ".", "#%"))
    return {
        "Project-Id-Version": "cardwidgets",
        "Language": code,
        "MIME-Version": "1.0",
        "Content-Type": "text/plain; charset=UTF-8",
        "Content-Transfer-Encoding": "8bit",
        "Plural-Forms": rule or "nplurals=2; plural=(n != 1);",
        "X-Language-Name": name,
        "X-Digit-Grouping": group,
        "X-Decimal-Point": point,
        "X-Percent-Format": percent,
    }


def nplurals(head: dict[str, str]) -> int:
    rule = head["Plural-Forms"]
    return int(rule.split("nplurals=")[1].split(";")[0])


def collect() -> tuple[dict[str, dict[str, str]], dict[str, str]]:
    """Every sentence given to ``i18n.register`` by the package's modules, and which file
    registered it."""
    import cardwidgets

    where: dict[str, str] = {}
    original = i18n.register

    def register(messages):  # type: ignore[no-untyped-def]
        caller = sys._getframe(1).f_globals.get("__file__", "")
        for key in messages:
            where[key] = str(Path(caller).resolve().relative_to(ROOT)) if caller else ""
        original(messages)

    i18n.register = register  # type: ignore[assignment]
    try:
        for module in pkgutil.walk_packages(cardwidgets.__path__, "cardwidgets."):
            if not module.name.startswith("cardwidgets.__main__"):
                importlib.import_module(module.name)
    finally:
        i18n.register = original  # type: ignore[assignment]
    return i18n.registered(), where


def entry_for(key: str, texts: dict[str, str], code: str, forms: int, where: str) -> po.Entry:
    english = texts["en"]
    counted = count_fields(english)
    notes = [FIELD_NOTES[f] for f in plain_fields(english) if f in FIELD_NOTES]
    text = texts.get(code, "") if code != "en" else ""
    if len(counted) == 1:
        field = counted[0]
        notes.append(f"count: {{{field}}} (its number picks the plural form)")
        strings = tuple(expand(text, field, i) if text else "" for i in range(forms))
        return po.Entry(
            context=key,
            msgid=expand(english, field, 0),
            plural=expand(english, field, 1),
            strings=strings if code != "en" else ("", ""),
            notes=tuple(notes),
            references=(where,) if where else (),
        )
    if counted:
        notes.append(
            "each {name:…|…} field: one form per plural form of this language, "
            "# is the number: " + ", ".join("{" + f + "}" for f in counted)
        )
    return po.Entry(
        context=key,
        msgid=english,
        strings=(text,),
        notes=tuple(notes),
        references=(where,) if where else (),
    )


def merge(existing: list[po.Entry], new: Iterable[po.Entry], code: str) -> list[po.Entry]:
    by_key = {e.context: e for e in existing}
    for entry in new:
        old = by_key.get(entry.context)
        if old is not None and not any(entry.strings) and code != "en":
            if (old.msgid, old.plural) == (entry.msgid, entry.plural):
                entry = old  # the dict has no text for this locale: keep the translation
            elif any(old.strings) and len(old.strings) == len(entry.strings):
                flags = (*old.flags, "fuzzy") if "fuzzy" not in old.flags else old.flags
                entry = po.Entry(
                    context=entry.context, msgid=entry.msgid, plural=entry.plural,
                    strings=old.strings, notes=entry.notes, references=entry.references,
                    flags=flags,
                )  # fmt: skip
        by_key[entry.context] = entry
    kept = map(_existing, by_key.values())
    return sorted(kept, key=lambda e: (e.references[:1], e.context or ""))


def _existing(entry: po.Entry) -> po.Entry:
    """``entry`` without references to files that are gone (a sentence outlives its module)."""
    kept = tuple(r for r in entry.references if (ROOT / r).exists())
    if kept == entry.references:
        return entry
    return po.Entry(
        context=entry.context, msgid=entry.msgid, plural=entry.plural, strings=entry.strings,
        notes=entry.notes, references=kept, flags=entry.flags,
    )  # fmt: skip


def strip(files: Iterable[str]) -> None:
    """Delete the top-level ``i18n.register(...)`` statements from ``files``."""
    for name in sorted(set(files)):
        path = ROOT / name
        source = path.read_text(encoding="utf-8")
        lines = source.splitlines(keepends=True)
        tree = ast.parse(source)
        spans = [
            (s.lineno, s.end_lineno or s.lineno)
            for s in tree.body
            if isinstance(s, ast.Expr)
            and isinstance(s.value, ast.Call)
            and ast.unparse(s.value.func) == "i18n.register"
        ]
        for first, last in reversed(spans):
            del lines[first - 1 : last]
        path.write_text("".join(lines), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--strip", action="store_true", help="delete the moved register calls")
    parser.add_argument("--new", nargs=2, metavar=("CODE", "PLURAL_FORMS"))
    args = parser.parse_args()
    registered, where = collect()
    codes = sorted({p.stem for p in FOLDER.glob("*.po")} | set(HEADERS), key=_order)
    rules = {}
    if args.new:
        codes.append(args.new[0])
        rules[args.new[0]] = args.new[1]
    FOLDER.mkdir(exist_ok=True)
    english: list[po.Entry] = []
    for code in codes:
        path = FOLDER / f"{code}.po"
        head, entries = po.read(path.read_text(encoding="utf-8")) if path.exists() else ({}, [])
        head = head or header(code, rules.get(code))
        forms = nplurals(head)
        new = [entry_for(k, t, code, forms, where.get(k, "")) for k, t in registered.items()]
        if code == "en":
            merged = merge(entries, new, code)
            english = merged
        else:
            merged = merge(entries, new, code)
            known = {e.context for e in merged}
            for source in english:  # every English sentence is in every file
                if source.context not in known:
                    merged.append(_blank(source, forms))
            merged.sort(key=lambda e: (e.references[:1], e.context or ""))
        path.write_text(po.write(head, merged), encoding="utf-8")
        done = sum(e.translated for e in merged)
        print(f"{path.relative_to(ROOT)}: {len(merged)} messages, {done} translated")
    if args.strip:
        strip(f for f in where.values() if f)


def _blank(source: po.Entry, forms: int) -> po.Entry:
    strings = ("",) * (forms if source.plural is not None else 1)
    return po.Entry(
        context=source.context, msgid=source.msgid, plural=source.plural, strings=strings,
        notes=source.notes, references=source.references,
    )  # fmt: skip


def _order(code: str) -> tuple[int, str]:
    return (0 if code == "en" else 1, code)


if __name__ == "__main__":
    main()
