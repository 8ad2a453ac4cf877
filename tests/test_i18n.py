"""The message catalog: every sentence in English and German, locale switching, nested reasons."""

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


def test_every_sentence_exists_in_both_locales_with_the_same_fields() -> None:
    _load_all_modules()
    assert len(i18n.keys()) > 20
    for key in i18n.keys():
        fields = {
            locale: set(re.findall(r"{(\w+)", i18n._catalog[key][locale]))
            for locale in i18n.LOCALES
        }
        assert fields["en"] == fields["de"], key
        assert i18n._catalog[key]["en"] != "" and i18n._catalog[key]["de"] != ""


def test_register_refuses_a_missing_locale_and_conflicting_texts() -> None:
    with pytest.raises(ValueError, match="no text for locale 'de'"):
        i18n.register({"test.only_en": {"en": "x"}})
    i18n.register({"test.fixed": {"en": "a", "de": "b"}})
    i18n.register({"test.fixed": {"en": "a", "de": "b"}})  # same texts again: fine
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
