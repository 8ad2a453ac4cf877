"""argparse in German and Croatian: every user-facing message of the *running* Python's
argparse has a text in the catalog (its ``argparse.…`` entries), plural forms included.

The msgids are read from argparse's own source (``inspect.getsource``): the string given to each
``_(...)`` call (or the default of a ``kwargs.pop(name, default)`` given to it) and both strings
of each ``ngettext(...)`` call. A newer Python that adds a message fails this test until the
message is translated in the PO files.
"""

from __future__ import annotations

import argparse
import ast
import inspect
import re

import pytest
from language import assert_german

from cardwidgets import cli, i18n


def _literal(node: ast.expr) -> str | None:
    """The text of a string literal, or the default of ``something.pop(key, 'text')``."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if (
        isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "pop"
        and len(node.args) == 2
    ):
        return _literal(node.args[1])
    return None


def argparse_messages() -> tuple[set[str], set[tuple[str, str]]]:
    """The msgids of this Python's argparse: single messages and (singular, plural) pairs."""
    single: set[str] = set()
    plural: set[tuple[str, str]] = set()
    for node in ast.walk(ast.parse(inspect.getsource(argparse))):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        texts = [_literal(arg) for arg in node.args]
        if node.func.id == "_" and texts and texts[0] is not None:
            single.add(texts[0])
        elif node.func.id == "ngettext":
            singular, many = texts[0], texts[1]
            assert singular is not None and many is not None, ast.unparse(node)
            plural.add((singular, many))
    return single, plural


SINGLE, PLURAL = argparse_messages()


def placeholders(text: str) -> list[str]:
    """The %-placeholders of a message (``%s``, ``%r``, ``%(name)s``), in order."""
    return sorted(re.findall(r"%(?:\(\w+\))?[sr]", text))


def test_the_collector_finds_argparse_messages_of_both_kinds() -> None:
    assert {"usage: ", "unrecognized arguments: %s", "subcommands"} <= SINGLE
    assert ("expected %s argument", "expected %s arguments") in PLURAL
    assert len(SINGLE) >= 30


def _translations(english: str) -> dict[str, tuple[str, ...]]:
    key = cli._argparse_keys().get(english)
    assert key, f"argparse message not in the catalog (cardwidgets/locales): {english!r}"
    assert all(i18n.translated(key, locale) for locale in ("de", "hr")), key
    return {locale: i18n.forms(key, locale) for locale in ("en", "de", "hr")}


@pytest.mark.parametrize("message", sorted(SINGLE))
def test_every_argparse_message_has_a_German_and_a_Croatian_text(message: str) -> None:
    texts = _translations(message)
    assert texts["en"] == (message,)
    for locale in ("de", "hr"):
        assert placeholders(texts[locale][0]) == placeholders(message)
    assert_german(re.sub(r"%(?:\(\w+\))?[sr]", " ", texts["de"][0]))


@pytest.mark.parametrize("pair", sorted(PLURAL))
def test_every_argparse_plural_message_has_German_and_Croatian_forms(pair: tuple[str, str]) -> None:
    texts = _translations(pair[0])
    assert texts["en"] == pair
    assert len(texts["de"]) == 2 and len(texts["hr"]) == 3
    for form in texts["de"] + texts["hr"]:
        assert placeholders(form) == placeholders(pair[0])
    for form in texts["de"]:
        assert_german(re.sub(r"%(?:\(\w+\))?[sr]", " ", form))
    assert texts["de"][0] != texts["de"][1]


@pytest.mark.parametrize(("nargs", "said"), [(1, "1 Wert erwartet"), (2, "2 Werte erwartet")])
def test_a_count_in_argparse_error_is_said_in_German_singular_or_plural(
    nargs: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    def parse() -> None:
        parser = argparse.ArgumentParser(prog="t")
        parser.add_argument("--pair", nargs=nargs)
        parser.parse_args(["--pair"])

    with cli._argparse_in("de"), pytest.raises(SystemExit):
        parse()
    assert capsys.readouterr().err.endswith(f"t: Fehler: Argument --pair: {said}\n")
    with pytest.raises(SystemExit):  # and English again after the command
        parse()
    english = "argument" if nargs == 1 else "arguments"
    assert capsys.readouterr().err.endswith(f"--pair: expected {nargs} {english}\n")


@pytest.mark.parametrize(
    ("nargs", "said"),
    [(1, "očekivana je 1 vrijednost"), (2, "očekivane su 2 vrijednosti"),
     (5, "očekivano je 5 vrijednosti")],
)  # fmt: skip
def test_a_count_in_argparse_error_is_said_in_Croatian_in_its_form(
    nargs: int, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    parser = argparse.ArgumentParser(prog="t")
    parser.add_argument("--many", nargs=nargs)
    with cli._argparse_in("hr"), pytest.raises(SystemExit):
        parser.parse_args(["--many"])
    assert capsys.readouterr().err.endswith(f"t: pogreška: argument --many: {said}\n")
