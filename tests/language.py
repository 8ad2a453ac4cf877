"""Test helper: does a sentence read fully in German, or did an English fragment slip in?

A German sentence of the catalog may quote user input and identifiers (a field name such as
'seed', a Python type such as list, a card text), but it must not carry English words made by
the code, such as a reason built with ``str(err)`` or an "expected" value written in English.
The check removes what the test itself typed (the echoes) and anything in quotes, then looks for
English function words and verbs that no German sentence of the catalog uses.
"""

from __future__ import annotations

import re

ENGLISH_ONLY = frozenset(
    """
    a after all and any are argument arguments at be because been before between but by
    cannot can choose could does each error every expected for from given got has have into
    is it its keyword least less missing more must needs no not nothing of one only or per
    positional required should takes than that the there these this to two unexpected
    unknown when where which while with without would
    """.split()
)
"""Lower-case English words that are not German words (so "in", "an", "was" are left out)."""


def english_words(sentence: str, *echoes: str) -> list[str]:
    """The English-only words of ``sentence`` outside quotes and outside ``echoes``."""
    for echo in sorted(echoes, key=len, reverse=True):
        if echo.strip():
            # Whole words only: removing the echo "r" must not turn "Farbe" into "Fa be".
            sentence = re.sub(rf"(?<!\w){re.escape(echo)}(?!\w)", " ", sentence)
    sentence = re.sub(r"'[^']*'|\"[^\"]*\"", " ", sentence)
    return [word for word in re.findall(r"\w+", sentence) if word in ENGLISH_ONLY]


def assert_german(sentence: str, *echoes: str) -> None:
    """Fail if ``sentence`` (a German text) holds an English fragment."""
    found = english_words(sentence, *echoes)
    assert not found, f"English words {found} in a German sentence: {sentence!r}"
