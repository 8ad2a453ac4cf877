"""The catalog as gettext PO files: English and German render as before the move, every
language has every sentence with the same fields, plural rules, and adding a language."""

from __future__ import annotations

import json
from pathlib import Path

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


def _ungrouped(texts: dict[str, list[str]]) -> dict[str, list[str]]:
    return {
        locale: [t.replace("1,500", "1500").replace("1.500", "1500") for t in said]
        for locale, said in texts.items()
    }


def test_english_and_german_render_as_the_dict_catalog_did() -> None:
    before = json.loads(FIXTURE.read_text(encoding="utf-8"))
    assert len(before) == 1038
    changed = []
    for key, rendered in before.items():
        now = renderings(
            key, {locale: " ".join(i18n.forms(key, locale)) for locale in ("en", "de")}
        )
        if now != rendered and not (key in GROUPED_NOW and _ungrouped(now) == _ungrouped(rendered)):
            changed.append((key, rendered, now))
    assert changed == []
