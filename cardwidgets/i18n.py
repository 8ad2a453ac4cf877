"""Message catalog: every user-visible sentence, in English, German and Croatian.

The sentences are data: one gettext PO file per language in ``cardwidgets/locales/``
(``en.po``, ``de.po``, ``hr.po``), read by :mod:`cardwidgets.po` the first time a sentence of
that language is needed. Each entry's ``msgctxt`` is the message key, so a caller names a
sentence by its key whichever module it is in, and no sentence depends on an import having
run first. The ``msgid`` is the English sentence (English is the source language: ``en.po``
holds the sentences with empty ``msgstr``, and exists for its header). A sentence is a
:meth:`str.format` template with named fields.

>>> from cardwidgets import i18n
>>> i18n.text("cli.wrote", "de", rows=1, path="a.csv")
'1 Zeile nach a.csv geschrieben'
>>> i18n.text("tablic.say.capture", "hr", player="Igrač 1", card="8♦", captured="3♠ 5♥")
'Igrač 1 igra 8♦ i nosi 3♠ 5♥.'

A sentence with one count is a plural entry (``msgid_plural``, ``msgstr[n]``): the file's own
``Plural-Forms`` rule picks the form for the count, as gettext's ``ngettext`` does, and the
count field is written as the locale writes numbers (``1.500`` in German). Croatian has three
forms (1, 21 karta; 2–4, 22 karte; 5–20, 25, 111 karata):

>>> [i18n.text("widget.cards", "hr", n=n) for n in (1, 3, 5, 12, 21, 22, 111, 1500)]
['1 karta', '3 karte', '5 karata', '12 karata', '21 karta', '22 karte', '111 karata', '1.500 ...']

A sentence with two or more counts (``"{games:# game|# games}, {seeds:# seed|# seeds}"``)
keeps a plural selection per field, inside the one translation: ``{name:form0|form1|…}``, one
form per plural form of the file (two in English and German, three in Croatian), chosen by
the same rule; a ``#`` in the chosen form stands for the number. A form without ``#``
agrees a word elsewhere in the sentence with the count ("is"/"are").

Sentences may still be added in Python, as before the catalogs were files; a later run of
``scripts/catalog_to_po.py`` moves them into the PO files (the package's own modules register
nothing):

>>> i18n.register({"demo.hello": {"en": "Hello, {name}!", "de": "Hallo, {name}!"}})
>>> i18n.text("demo.hello", "de", name="Ana")
'Hallo, Ana!'
>>> with i18n.using("de"):
...     i18n.text("demo.hello", name="Ana")
'Hallo, Ana!'
>>> i18n.text("demo.hello", name="Ana")
'Hello, Ana!'

A language is one PO file plus its code in :data:`LOCALES` (or, for a file outside the
package, :func:`add_locale`); docs/translating.md tells a translator the steps.
"""

from __future__ import annotations

import contextlib
import re
import string
import threading
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any, NamedTuple

from cardwidgets import po

LOCALES: tuple[str, ...] = ("en", "de", "hr")
"""The supported locales: English (the source language), German and Croatian. Each is a file
``cardwidgets/locales/<code>.po``."""

_FOLDER = Path(__file__).with_name("locales")
_files: dict[str, Path] = {}  # languages added from outside the package (add_locale)
_languages: dict[str, _Language] = {}
_loading = threading.Lock()
_registered: dict[str, dict[str, str]] = {}
_state = threading.local()
_COUNT_NOTE = re.compile(r"^count: \{(\w+)\}")
_CODE = re.compile(r"^[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})*$")


class NumberFormat(NamedTuple):
    """How a locale writes numbers: the thousands separator, the decimal point, and a
    percentage (``#`` is the number)."""

    group: str
    point: str
    percent: str


class _Language:
    """One PO file, read: the sentences by key and the plural rule."""

    __slots__ = ("code", "counts", "messages", "nplurals", "numbers", "rule")

    def __init__(self, code: str, path: Path) -> None:
        import gettext  # only its Plural-Forms compiler, the one ngettext uses

        try:
            header, entries = po.read(path.read_text(encoding="utf-8"))
        except po.PoError as err:
            raise TranslationFileError(
                "i18n.po.bad_line",
                file=path.name,
                line=err.line,
                reason=TranslatedError(f"i18n.po.{err.reason}"),
            ) from None
        forms = header.get("Plural-Forms", "nplurals=2; plural=(n != 1);")
        match = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?);?\s*", forms)
        try:
            if match is None:
                raise ValueError(forms)
            self.rule: Callable[[int], int] = gettext.c2py(match.group(2))
            self.rule(1)
        except (ValueError, SyntaxError, RecursionError):
            raise TranslationFileError(
                "i18n.po.plural_forms", file=path.name, forms=forms
            ) from None
        self.code = code
        self.nplurals = int(match.group(1))
        self.numbers = NumberFormat(
            header.get("X-Digit-Grouping", ","),
            header.get("X-Decimal-Point", "."),
            header.get("X-Percent-Format", "#%"),
        )
        self.messages: dict[str, tuple[str, ...]] = {}
        self.counts: dict[str, str] = {}
        for entry in entries:
            if entry.context is None:
                continue
            texts: tuple[str, ...]
            if code == "en":  # the source language: the sentences are the msgids
                texts = (entry.msgid,) if entry.plural is None else (entry.msgid, entry.plural)
            elif entry.translated:
                texts = entry.strings
            else:
                continue  # untranslated: the English sentence is shown
            self.messages[entry.context] = texts
            if entry.plural is not None:
                counted = [m.group(1) for note in entry.notes if (m := _COUNT_NOTE.match(note))]
                if counted:
                    self.counts[entry.context] = counted[0]

    def index(self, count: float | Number) -> int:
        """The plural form for ``count`` (a whole number, or a float: a fraction takes the
        last form, "1.5 seconds"); a count that is not a number is a ``TypeError``."""
        value = count.value if isinstance(count, Number) else count
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise TypeError(f"a plural form needs a number as its count, not {shown(count)}")
        if isinstance(value, float):
            if not value.is_integer():
                return self.nplurals - 1
            value = int(value)
        return max(0, min(int(self.rule(value)), self.nplurals - 1))


def _language(locale: str) -> _Language:
    """The read PO file of ``locale`` (read once, on first use)."""
    language = _languages.get(locale)
    if language is None:
        with _loading:
            language = _languages.get(locale)
            if language is None:
                language = _Language(locale, _files.get(locale, _FOLDER / f"{locale}.po"))
                _languages[locale] = language
    return language


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add sentences written in Python (``{key: {"en": ..., "de": ...}}``, the count fields in
    the ``{n:one|other}`` form); each needs an English and a German text. A locale without a
    text shows the English one, until ``scripts/catalog_to_po.py`` moves the sentence into
    the PO files for the translators.

    >>> register({"demo.half": {"en": "only English"}})
    Traceback (most recent call last):
    ...
    ValueError: message 'demo.half' has no text for locale 'de'
    """
    for key, texts in messages.items():
        for locale in ("en", "de"):
            if not texts.get(locale):
                raise ValueError(f"message {key!r} has no text for locale {locale!r}")
        known = _registered.get(key)
        if known is not None and known != dict(texts):
            raise ValueError(f"message {key!r} is already registered with other texts")
        _registered[key] = dict(texts)


def registered() -> dict[str, dict[str, str]]:
    """The sentences added with :func:`register` (by key, then locale), for the PO script."""
    return {key: dict(texts) for key, texts in _registered.items()}


def add_locale(code: str, path: str | Path) -> None:
    """Add the language ``code`` from the PO file ``path`` (read now, so a broken file is
    refused here, with its line); afterwards ``locale=code`` works everywhere."""
    global LOCALES
    if not isinstance(code, str) or not _CODE.match(code):
        raise LocaleError("i18n.bad_code", code=shown(code))
    file = Path(path)
    if not file.is_file():
        raise TranslationFileError("i18n.po.missing", file=str(file))
    _languages[code] = _Language(code, file)
    _files[code] = file
    if code not in LOCALES:
        LOCALES = (*LOCALES, code)


def remove_locale(code: str) -> None:
    """Forget the language ``code`` that :func:`add_locale` added (a test's, a trial's)."""
    global LOCALES
    if code in _files:
        LOCALES = tuple(known for known in LOCALES if known != code)
        _files.pop(code)
        _languages.pop(code, None)


def check_locale(locale: str) -> str:
    """Return ``locale`` if supported, else raise ``ValueError`` listing the supported ones.

    >>> check_locale("fr")
    Traceback (most recent call last):
    ...
    cardwidgets.i18n.LocaleError: unknown locale 'fr': choose one of en, de, hr
    """
    if not isinstance(locale, str) or locale not in LOCALES:
        raise LocaleError("i18n.bad_locale", locale=shown(locale), locales=", ".join(LOCALES))
    return locale


def get_locale() -> str:
    """The locale used when none is given (``"en"`` unless :func:`set_locale` changed it)."""
    return getattr(_state, "locale", "en")


def set_locale(locale: str) -> None:
    """Set the default locale for this thread."""
    _state.locale = check_locale(locale)


@contextlib.contextmanager
def using(locale: str) -> Iterator[None]:
    """Temporarily use ``locale`` as the default locale."""
    previous = get_locale()
    set_locale(locale)
    try:
        yield
    finally:
        _state.locale = previous


def text(key: str, locale: str | None = None, /, **params: Any) -> str:
    """The sentence ``key`` in ``locale`` (default: :func:`get_locale`), filled with ``params``.

    Values are formatted with ``str``, so cards print as ``10♦``; a :class:`TranslatedError`
    given as a value (a nested reason) is rendered in the same locale. A sentence the
    locale's file does not translate (yet) is said in English.
    """
    locale = check_locale(locale or get_locale())
    language = _language(locale)
    forms = language.messages.get(key)
    if forms is None:
        language = _language("en")
        forms = language.messages.get(key)
    if forms is None:
        texts = _registered.get(key)
        if texts is None:
            raise KeyError(f"no message {key!r} in the catalog")
        language = _language(locale if locale in texts else "en")
        forms = (texts.get(locale) or texts["en"],)
    values = {name: _as_text(value, locale) for name, value in params.items()}
    template = forms[0]
    field = language.counts.get(key) if len(forms) > 1 else None
    if field is not None:
        count = params[field]  # a missing field is the caller's mistake, as in str.format
        template = forms[min(language.index(count), len(forms) - 1)]
        values[field] = _number(count, locale)
    if "|" in template:  # maybe a {count:form0|form1} field: the slower, counting formatter
        counted = {**params, field: values[field]} if field is not None else params
        return _CountingFormatter(language, locale).vformat(template, (), counted)
    return template.format(**values)


def forms(key: str, locale: str) -> tuple[str, ...]:
    """The templates of ``key`` in ``locale``: one, or one per plural form of a plural entry
    (the English ones where the locale has none).

    >>> forms("widget.cards", "de")
    ('{n} Karte', '{n} Karten')
    """
    for language in (_language(check_locale(locale)), _language("en")):
        if key in language.messages:
            return language.messages[key]
    texts = _registered.get(key)
    if texts is None:
        raise KeyError(f"no message {key!r} in the catalog")
    return (texts.get(locale) or texts["en"],)


def count_field(key: str) -> str | None:
    """The field whose count picks the form of the plural entry ``key`` (None: no plural entry).

    >>> count_field("widget.cards"), count_field("card.name")
    ('n', None)
    """
    return _language("en").counts.get(key)


def translated(key: str, locale: str) -> bool:
    """Whether ``locale``'s own file translates ``key`` (else the English sentence is shown)."""
    return key in _language(check_locale(locale)).messages


def number_format(locale: str | None = None) -> NumberFormat:
    """How ``locale`` (default: the current one) writes numbers, from its file's header.

    >>> number_format("en"), number_format("hr").group
    (NumberFormat(group=',', point='.', percent='#%'), '.')
    """
    return _language(check_locale(locale or get_locale())).numbers


def plural(count: float | Number, *forms: str, locale: str | None = None) -> str:
    """The form of ``forms`` (one per plural form of the locale, default: the current one)
    that ``count`` takes by the locale's plural rule, each ``#`` in it replaced by the count
    as the locale writes numbers. English and German have two forms (1 is singular, 0 and 2
    are plural), Croatian three; a missing form is the last one given. A count that is not a
    number is a programming error (``TypeError``), not a reader's.

    >>> plural(1, "# row", "# rows"), plural(0, "# row", "# rows"), plural(2, "is", "are")
    ('1 row', '0 rows', 'are')
    >>> plural(10_000, "# Zeile", "# Zeilen", locale="de")
    '10.000 Zeilen'
    >>> [plural(n, "# red", "# reda", "# redova", locale="hr") for n in (1, 2, 5, 11, 21)]
    ['1 red', '2 reda', '5 redova', '11 redova', '21 red']
    """
    locale = check_locale(locale or get_locale())
    return _choose(_language(locale), count, forms, locale)


def _choose(language: _Language, count: float | Number, forms: tuple[str, ...], locale: str) -> str:
    form = forms[min(language.index(count), len(forms) - 1)]
    return form.replace("#", _number(count, locale)) if "#" in form else form


def _number(count: object, locale: str) -> str:
    """A count as the locale writes it: a whole number grouped, anything else as text."""
    value = count.value if isinstance(count, Number) else count
    if isinstance(value, int) and not isinstance(value, bool):
        return Number(value).text(locale)
    return _as_text(value, locale)


class _CountingFormatter(string.Formatter):
    """:meth:`str.format` for catalog sentences, with ``{name:form0|form1|…}`` fields."""

    def __init__(self, language: _Language, locale: str) -> None:
        self.language = language
        self.locale = locale

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec:
            return _choose(self.language, value, tuple(format_spec.split("|")), self.locale)
        return format(_as_text(value, self.locale), format_spec)


class Number:
    """A whole number for a sentence, grouped as the sentence's locale writes it.

    >>> Number(100_000_000).text("de")
    '100.000.000'
    >>> Number(100_000_000).text("en"), Number(1500).text("hr")
    ('100,000,000', '1.500')
    """

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def text(self, locale: str | None = None) -> str:
        """``1,234`` in English, ``1.234`` in German and Croatian."""
        grouped = f"{self.value:,}"
        group = number_format(locale).group
        return grouped if group == "," else grouped.replace(",", group)

    def __str__(self) -> str:
        return self.text()

    def __repr__(self) -> str:
        return f"Number({self.value})"


def _as_text(value: object, locale: str) -> str:
    """A sentence parameter as text: a nested reason or a :class:`Number` in the sentence's
    locale; anything else with ``str``, or quoted by :func:`shown` if ``str`` fails."""
    if isinstance(value, (TranslatedError, Number)):
        return value.text(locale)
    try:
        return str(value)
    except Exception:  # an int of 5,000 digits, a foreign object's failing __str__
        return shown(value)


def keys() -> list[str]:
    """Every message key (the English catalog's and the ones added in Python), sorted."""
    return sorted({*_language("en").messages, *_registered})


def has(key: str) -> bool:
    """Whether ``key`` is a message of the catalog."""
    return key in _language("en").messages or key in _registered


def shown(value: object, limit: int = 60) -> str:
    """``repr(value)`` to quote user input in a sentence: at most ``limit`` characters, and it
    never raises (a hostile ``__repr__``, an int too long to print, a structure too deep).

    >>> shown("x" * 100, 10)
    "'xxxxxxxx…"
    >>> shown(7 * 10**5000, 12)
    '70000000000…'
    >>> shown(object())  # Python's default repr is English words and a memory address
    '<object>'
    """
    try:
        quoted = repr(value)
        if quoted.startswith("<") and " at 0x" in quoted:
            quoted = f"<{type(value).__name__}>"
    except ValueError:
        if not isinstance(value, int):
            quoted = f"<{type(value).__name__}>"
        else:
            # Python refuses to print ints of more than 4,300 digits (sys.set_int_max_str_digits):
            # show the leading digits only, found without printing the whole number.
            digits = abs(value).bit_length() * 30103 // 100000
            lead = abs(value) // 10 ** max(0, digits - limit)
            quoted = ("-" if value < 0 else "") + str(lead) + "…"
    except Exception:  # any failure of a foreign repr must not hide the reason
        quoted = f"<{type(value).__name__}>"
    return quoted if len(quoted) <= limit else quoted[: limit - 1] + "…"


def _restore(cls: type[TranslatedError], key: str, state: dict[str, Any]) -> TranslatedError:
    """Unpickle a :class:`TranslatedError` of any subclass (see its ``__reduce__``)."""
    err = cls.__new__(cls)
    Exception.__init__(err, key)
    err.__dict__.update(state)
    return err


class TranslatedError(ValueError):
    """A ``ValueError`` whose message is a catalog sentence, shown in the current locale.

    ``key`` and ``params`` are kept so a widget can show the reason in its own locale:
    ``err.text("de")``. It pickles with its parameters (a lab worker sends it back whole).
    """

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(key)
        self.key = key
        self.params = params

    def text(self, locale: str | None = None) -> str:
        """The reason in ``locale`` (default: the current locale)."""
        return text(self.key, locale, **self.params)

    def __str__(self) -> str:
        return self.text()

    def __reduce__(self) -> tuple[Any, ...]:
        # Exception pickles as cls(*args), which would lose the parameters (and subclasses
        # with other constructors would not rebuild at all).
        return (_restore, (type(self), self.key, dict(self.__dict__)))


class LocaleError(TranslatedError):
    """A locale that is not one of :data:`LOCALES` (a ``ValueError``), said in the current one."""


class TranslationFileError(TranslatedError):
    """A PO file that cannot be read (a ``ValueError``): which file, and why, in words."""
