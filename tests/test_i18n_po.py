"""The catalog as gettext PO files: English and German render as before the move, every
language has every sentence with the same fields, plural rules, and adding a language."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from catalog_samples import renderings

from cardwidgets import i18n

FIXTURE = Path(__file__).parent / "fixtures" / "i18n" / "before_po.json"


# Sentences that wrote one count twice, once with its noun ({n:# set|# sets}) and once bare
# ({n}): as a plural entry the count is one field, written as the locale writes numbers in
# both places, so a count of 1,500 now reads "1.500 zu 2 Sätzen" where it read "1500 zu".
GROUPED_NOW = {
    "lab.kept",
    "widget.pazaak.say.match",
    "widget.pazaak.say.match.you",
    "widget.pazaak.status.won",
    "widget.pazaak.status.won.you",
}


# Sentences changed on purpose since the recording: the CLI's --locale help lists Croatian.
CHANGED = {"cli.locale"}


def _ungrouped(texts: dict[str, list[str]]) -> dict[str, list[str]]:
    return {
        locale: [t.replace("1,500", "1500").replace("1.500", "1500") for t in said]
        for locale, said in texts.items()
    }


def test_english_and_german_render_as_the_dict_catalog_did() -> None:
    before = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert len(before) == 1207
    changed = []
    for key, rendered in before.items():
        if key in CHANGED:
            continue
        now = renderings(
            key, {locale: " ".join(i18n.forms(key, locale)) for locale in ("en", "de")}
        )
        if now != rendered and not (key in GROUPED_NOW and _ungrouped(now) == _ungrouped(rendered)):
            changed.append((key, rendered, now))
    assert changed == []


def test_the_package_registers_no_sentence_in_python() -> None:
    # A fresh interpreter: this one has run doctests that register demo sentences.
    program = (
        "import sys; sys.path.insert(0, 'tests')\n"
        "from catalog_samples import load_every_module\n"
        "from cardwidgets import i18n\n"
        "load_every_module()\n"
        "print(sorted(i18n.registered()))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True,
        cwd=Path(__file__).parents[1],
    )  # fmt: skip
    assert done.stdout.strip() == "[]", "run scripts/catalog_to_po.py --strip"


def test_a_sentence_loads_without_its_module() -> None:
    program = (
        "from cardwidgets import i18n\n"
        "import sys\n"
        "print(i18n.text('cli.wrote', 'hr', rows=2, path='a.csv'))\n"
        "print('cardwidgets.cli' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", program], capture_output=True, text=True, check=True
    )
    assert done.stdout.splitlines() == ["zapisana su 2 retka u a.csv", "False"]


CROATIAN = {  # count: (karta, bod) in the form Croatian gives the count
    1: ("1 karta", "1 bod"),
    2: ("2 karte", "2 boda"),
    4: ("4 karte", "4 boda"),
    5: ("5 karata", "5 bodova"),
    11: ("11 karata", "11 bodova"),
    12: ("12 karata", "12 bodova"),
    14: ("14 karata", "14 bodova"),
    21: ("21 karta", "21 bod"),
    22: ("22 karte", "22 boda"),
    25: ("25 karata", "25 bodova"),
    111: ("111 karata", "111 bodova"),
    1500: ("1.500 karata", "1.500 bodova"),
}


@pytest.mark.parametrize("count", CROATIAN)
def test_croatian_says_1_2_to_4_and_5_and_more_in_three_forms(count: int) -> None:
    cards, points = CROATIAN[count]
    assert i18n.text("widget.cards", "hr", n=count) == cards
    assert i18n.text("widget.points", "hr", n=count) == points
    # two counts in one sentence: a plural selection per field, by the same rule
    assert i18n.text("table.pile", "hr", cards=count, points=count) == f"{cards}, {points}"
    assert i18n.text("table.pile", "hr", cards=count, points=1) == f"{cards}, 1 bod"


def test_every_plural_entry_has_one_form_per_plural_form_of_its_file() -> None:
    from cardwidgets import po

    folder = Path(i18n.__file__).with_name("locales")
    for code, forms in (("de", 2), ("hr", 3)):
        header, entries = po.read((folder / f"{code}.po").read_text(encoding="utf-8"))
        assert header["Plural-Forms"].startswith(f"nplurals={forms};")
        for entry in entries:
            if entry.plural is not None:
                assert len(entry.strings) == forms, (code, entry.context)
            for text in entry.strings:
                for spec in re.findall(r"{\w+:([^}]*)}", text):
                    assert spec.count("|") == forms - 1, (code, entry.context, spec)


def test_a_locale_not_supported_is_refused_with_the_list() -> None:
    with pytest.raises(i18n.LocaleError, match="choose one of en, de, hr"):
        i18n.text("widget.cards", "fr", n=1)
    with pytest.raises(i18n.LocaleError) as refused:
        i18n.check_locale("sr")
    assert refused.value.text("hr") == "nepoznat jezik 'sr': odaberi jedan od en, de, hr"


def test_no_english_word_inside_a_croatian_sentence() -> None:
    from language import english_words

    # Croatian words too: "a ne", "to je", "no", "i", "argument"
    croatian = {"a", "to", "no", "i", "argument"}
    found = []
    for key in set(i18n.keys()) - set(i18n.registered()):
        for text in i18n.forms(key, "hr"):
            # fields, calls such as choose(state), options such as draw=False, .results
            plain = re.sub(r"\{[^}]*\}|\w+\([^)]*\)|\w+=\w+|\.\w+|%\(\w+\)[rs]", " ", text)
            plain = plain.replace("choose", " ")  # the bot's method, named in the code
            found += [(key, w) for w in english_words(plain) if w not in croatian]
    assert found == []
