"""The message catalog: every sentence in every locale, locale switching, nested reasons."""

from __future__ import annotations

import re
import threading

import pytest

from cardwidgets import i18n
from cardwidgets.i18n import TranslatedError


def _load_all_modules() -> None:
    import importlib
    import pkgutil

    import cardwidgets

    for module in pkgutil.walk_packages(cardwidgets.__path__, "cardwidgets."):
        if module.name.startswith(("cardwidgets.widgets", "cardwidgets.__main__")):
            continue  # the widgets need the built front end; their tests cover their sentences
        importlib.import_module(module.name)


def _template(key: str, locale: str) -> str:
    """Every form of ``key`` in ``locale``, as one text (a plural entry has one per form)."""
    return " | ".join(i18n.forms(key, locale))


def test_every_sentence_exists_in_every_locale_with_the_same_fields() -> None:
    _load_all_modules()
    assert len(i18n.keys()) > 1000
    for key in set(i18n.keys()) - set(i18n.registered()):  # the PO catalogs' sentences
        fields = {
            locale: set(re.findall(r"{(\w+)", _template(key, locale))) for locale in i18n.LOCALES
        }
        assert fields["en"] == fields["de"] == fields["hr"], key
        assert all(i18n.translated(key, locale) for locale in ("de", "hr")), key


def test_register_refuses_a_missing_locale_and_conflicting_texts() -> None:
    with pytest.raises(ValueError, match="no text for locale 'de'"):
        i18n.register({"test.only_en": {"en": "x"}})
    i18n.register({"test.fixed": {"en": "a", "de": "b"}})
    i18n.register({"test.fixed": {"en": "a", "de": "b"}})  # same texts again: fine
    assert i18n.text("test.fixed", "hr") == "a"  # no Croatian text yet: the English one
    with pytest.raises(ValueError, match="already registered"):
        i18n.register({"test.fixed": {"en": "a", "de": "c"}})


def test_locale_switching_is_scoped_and_per_thread() -> None:
    i18n.register({"test.hi": {"en": "hi {name}", "de": "hallo {name}"}})
    assert i18n.text("test.hi", name="Ana") == "hi Ana"
    seen: list[str] = []
    with i18n.using("de"):
        assert i18n.text("test.hi", name="Ana") == "hallo Ana"
        thread = threading.Thread(target=lambda: seen.append(i18n.text("test.hi", name="B")))
        thread.start()
        thread.join()
    assert seen == ["hi B"]
    assert i18n.get_locale() == "en"
    with pytest.raises(ValueError, match="unknown locale 'fr'"):
        i18n.set_locale("fr")


def test_nested_reasons_follow_the_outer_locale() -> None:
    i18n.register(
        {
            "test.outer": {"en": "move {n} failed: {reason}", "de": "Zug {n} scheiterte: {reason}"},
            "test.inner": {"en": "not your turn", "de": "du bist nicht dran"},
        }
    )
    err = TranslatedError("test.outer", n=3, reason=TranslatedError("test.inner"))
    assert str(err) == "move 3 failed: not your turn"
    assert err.text("de") == "Zug 3 scheiterte: du bist nicht dran"


def test_unknown_key_is_a_programming_error() -> None:
    with pytest.raises(KeyError):
        i18n.text("test.nope")


# -- plurals: one helper, every sentence with a count -------------------------------
def _load_widget_words() -> bool:
    """The widgets' catalogs, if the front end is built (their module imports need it)."""
    import importlib

    try:
        for name in ("words", "pazaak_words", "panjpar_words"):
            importlib.import_module(f"cardwidgets.present.{name}")
    except Exception:  # the built bundle is missing: the widget rows are skipped
        return False
    return True


COUNTED: dict[str, tuple[str, dict[str, tuple[str, str, str]]]] = {
    # key: (count field, {locale: (words for 0, for 1, for 2)})
    "cli.wrote": (
        "rows",
        {"en": ("0 rows", "1 row ", "2 rows"), "de": ("0 Zeilen", "1 Zeile ", "2 Zeilen")},
    ),
    "cli.kept": (
        "rows",
        {
            "en": ("the 0 rows that", "the 1 row that", "the 2 rows that"),
            "de": ("die 0 fertigen Zeilen", "die 1 fertige Zeile ", "die 2 fertigen Zeilen"),
        },
    ),
    "lab.games": ("n", {"en": ("games", "game", "games"), "de": ("Spiele", "Spiel", "Spiele")}),
    "lab.deals": ("n", {"en": ("deals", "deal", "deals"), "de": ("Spiele", "Spiel", "Spiele")}),
    "lab.matches": (
        "n",
        {"en": ("matches", "match", "matches"), "de": ("Partien", "Partie", "Partien")},
    ),
    "lab.games.dative": (
        "n",
        {"en": ("games", "game", "games"), "de": ("Spielen", "Spiel", "Spielen")},
    ),
    "lab.deals.dative": (
        "n",
        {"en": ("deals", "deal", "deals"), "de": ("Spielen", "Spiel", "Spielen")},
    ),
    "lab.matches.dative": (
        "n",
        {"en": ("matches", "match", "matches"), "de": ("Partien", "Partie", "Partien")},
    ),
    "lab.check.always": (
        "total",
        {
            "en": ("in every one of 0 ", "in the one ", "in every one of 2 "),
            "de": ("in allen 0 ", "in dem einen ", "in allen 2 "),
        },
    ),
    "lab.compare.header": (
        "games",
        {
            "en": ("the same 0 seeds", "the same 1 seed ", "the same 2 seeds"),
            "de": ("dieselben 0 Startwerte", "denselben 1 Startwert ", "dieselben 2 Startwerte"),
        },
    ),
    "lab.timed_out": (
        "seconds",
        {
            "en": ("0 seconds", "1 second;", "2 seconds"),
            "de": ("0 Sekunden", "1 Sekunde ", "2 Sekunden"),
        },
    ),
    "lab.kept": (
        "done",
        {
            "en": ("0 X finished and are", "1 X finished and is", "2 X finished and are"),
            "de": ("0 X", "1 X", "2 X"),
        },
    ),
    "bots.tablic.tabla": (
        "points",
        {"en": ("0 points", "1 point ", "2 points"), "de": ("0 Punkte", "1 Punkt ", "2 Punkte")},
    ),
    "bots.tablic.points": (
        "cards",
        {"en": ("0 cards", "1 card,", "2 cards"), "de": ("0 Karten", "1 Karte,", "2 Karten")},
    ),
    "bots.tablic.cards": (
        "cards",
        {"en": ("0 cards", "1 card ", "2 cards"), "de": ("0 Karten", "1 Karte ", "2 Karten")},
    ),
    "bots.panjpar.attack_many": (
        "count",
        {
            "en": ("0 low cards leave", "1 low card leaves", "2 low cards leave"),
            "de": (
                "0 niedrige Karten verlassen",
                "1 niedrige Karte verlässt",
                "2 niedrige Karten verlassen",
            ),
        },
    ),
    "bots.panjpar.cards": (
        "count",
        {"en": ("0 cards", "1 card", "2 cards"), "de": ("0 Karten", "1 Karte", "2 Karten")},
    ),
    "panjpar.cards": (
        "count",
        {"en": ("0 cards", "1 card", "2 cards"), "de": ("0 Karten", "1 Karte", "2 Karten")},
    ),
    "pazaak.side_deck_size": (
        "count",
        {"en": ("0 cards", "1 card:", "2 cards"), "de": ("0 Karten", "1 Karte:", "2 Karten")},
    ),
    "pazaak.pos_must_stand": (
        "total",
        {"en": ("0 points", "1 point,", "2 points"), "de": ("0 Punkte", "1 Punkt,", "2 Punkte")},
    ),
    "record.big_number": (
        "digits",
        {"en": ("0 digits", "1 digit", "2 digits"), "de": ("0 Ziffern", "1 Ziffer", "2 Ziffern")},
    ),
    "widget.cards": (
        "n",
        {"en": ("0 cards", "1 card", "2 cards"), "de": ("0 Karten", "1 Karte", "2 Karten")},
    ),
    "widget.points": (
        "n",
        {"en": ("0 points", "1 point", "2 points"), "de": ("0 Punkte", "1 Punkt", "2 Punkte")},
    ),
    "widget.tablic.groups": (
        "n",
        {"en": ("0 groups", "1 group", "2 groups"), "de": ("0 Gruppen", "1 Gruppe", "2 Gruppen")},
    ),
    "widget.pazaak.badge.sets": (
        "of",
        {
            "en": ("of 0 sets", "of 1 set", "of 2 sets"),
            "de": ("von 0 Sätzen", "von 1 Satz", "von 2 Sätzen"),
        },
    ),
    "widget.pazaak.say.match": (
        "high",
        {
            "en": ("match, 0 sets to", "match, 1 set to", "match, 2 sets to"),
            "de": (" zu X Sätzen",) * 3,
        },
    ),
    "widget.pazaak.status.won": (
        "high",
        {"en": ("won 0 sets to", "won 1 set to", "won 2 sets to"), "de": (" zu X Sätzen",) * 3},
    ),
    "widget.pazaak.score.caption": (
        "n",
        {
            "en": ("First to 0 sets", "First to 1 set ", "First to 2 sets"),
            "de": ("zuerst 0 Sätze", "zuerst 1 Satz ", "zuerst 2 Sätze"),
        },
    ),
}
"""Every catalog sentence with a count and the words its count governs, written out by hand.
(pazaak.pos_must_stand's cards, bots.tablic's points and the lab's unit words in the lab's
sentences are the same forms as other rows here.)"""


def _fields(template: str) -> set[str]:
    import string

    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("key", COUNTED)
@pytest.mark.parametrize("locale", ["en", "de"])
def test_counted_sentences_say_0_1_2_with_the_right_grammar_words(key: str, locale: str) -> None:
    _load_all_modules()
    if key.startswith("widget.") and not _load_widget_words():
        pytest.skip("the widgets' catalogs need the built front end")
    field, expected = COUNTED[key]
    template = _template(key, locale)
    others: dict[str, object] = {name: "X" for name in _fields(template) if name != field}
    for name in ("cards", "points", "count", "total", "n"):  # other counts in the sentence
        if name in others:
            others[name] = 5
    for count, words in zip((0, 1, 2), expected[locale], strict=True):
        said = i18n.text(key, locale, **{**others, field: count}) + " "
        assert words in said, (key, locale, count, said)


PLURAL_NOUNS = (
    "rows cards points games deals matches seeds seconds digits sets groups moves plies "
    "Zeilen Karten Punkte Spiele Spielen Partien Startwerte Sekunden Ziffern Sätze Sätzen "
    "Gruppen Züge"
).split()


NOT_A_COUNT = {
    ("demo.deal", "en"),  # "{dealer} deals": the verb
    # A score: "3 zu 1 Sätzen", "1 zu 0 Sätzen" (the plural goes with the score, not a count)
    ("widget.pazaak.say.match", "de"),
    ("widget.pazaak.say.match.you", "de"),
    ("widget.pazaak.status.won", "de"),
    ("widget.pazaak.status.won.you", "de"),
    # A decimal amount ("2.5 points", "2,5 Punkte"); exactly 1 has its own sentence (.one)
    ("widget.analysis.points", "en"),
    ("widget.analysis.points", "de"),
    ("widget.analysis.percent", "en"),
}


def test_no_count_is_followed_by_a_fixed_plural_word() -> None:
    # "{rows} rows" says "1 rows"; a count says its noun through a plural entry (or, with two
    # counts in a sentence, {rows:# row|# rows}).
    _load_all_modules()
    _load_widget_words()
    pattern = re.compile(r"{\w+}\s+(?:\w+\s+)?(" + "|".join(PLURAL_NOUNS) + r")\b")
    fixed = [
        (key, locale, text)
        for key in i18n.keys()
        for locale in ("en", "de")
        for text in i18n.forms(key, locale)[:1]  # a plural entry's one form says "1 row"
        if pattern.search(text) and (key, locale) not in NOT_A_COUNT
    ]
    assert not fixed


def test_no_counted_phrase_is_split_into_one_and_many_keys_any_more() -> None:
    _load_all_modules()
    _load_widget_words()
    keys = set(i18n.keys())
    split = [
        k
        for k in keys
        for one, many in ((".one", ".many"), ("_one", "_many"))
        if k.endswith(one) and k[: -len(one)] + many in keys
    ]
    assert not split


def test_plural_field_groups_the_number_and_refuses_a_non_number() -> None:
    i18n.register(
        {"test.rows": {"en": "{n:# row|# rows}, {n:is|are}", "de": "{n:# Zeile|# Zeilen}"}}
    )
    assert i18n.text("test.rows", "en", n=1) == "1 row, is"
    assert i18n.text("test.rows", "en", n=i18n.Number(12_345)) == "12,345 rows, are"
    assert i18n.text("test.rows", "de", n=12_345) == "12.345 Zeilen"
    assert i18n.plural(1.0, "# second", "# seconds") == "1.0 second"
    assert i18n.plural(0.5, "# second", "# seconds") == "0.5 seconds"
    with pytest.raises(TypeError):
        i18n.text("test.rows", "en", n="three")
    with pytest.raises(TypeError):
        i18n.plural(True, "a", "b")
