"""Message catalog: every user-visible sentence in English and German.

Each module registers its own sentences next to the code that uses them, so a game engine,
a widget and the lab never edit one shared file. A sentence is a :meth:`str.format` template
with named fields.

>>> from cardwidgets import i18n
>>> i18n.register({"demo.hello": {"en": "Hello, {name}!", "de": "Hallo, {name}!"}})
>>> i18n.text("demo.hello", "de", name="Ana")
'Hallo, Ana!'
>>> with i18n.using("de"):
...     i18n.text("demo.hello", name="Ana")
'Hallo, Ana!'
>>> i18n.text("demo.hello", name="Ana")
'Hello, Ana!'

A sentence with a count says its words in the count's grammatical number: a field written
``{name:singular|plural}`` shows the singular form when the value is 1 and the plural form
otherwise (the rule of English and German alike: 0 rows, 1 row, 2 rows; 0 Zeilen, 1 Zeile), and
a ``#`` in the chosen form stands for the number itself, grouped as the locale writes numbers.
A form without ``#`` agrees a word elsewhere in the sentence with the count ("is"/"are"). The
value is an ``int`` (not a ``bool``), a ``float`` or a :class:`Number`; see :func:`plural`.

>>> i18n.register({"demo.rows": {"en": "wrote {rows:# row|# rows}",
...                              "de": "{rows:# Zeile|# Zeilen} geschrieben"}})
>>> [i18n.text("demo.rows", "en", rows=n) for n in (0, 1, 2)]
['wrote 0 rows', 'wrote 1 row', 'wrote 2 rows']
>>> i18n.text("demo.rows", "de", rows=1), i18n.text("demo.rows", "de", rows=1500)
('1 Zeile geschrieben', '1.500 Zeilen geschrieben')
"""

from __future__ import annotations

import contextlib
import string
import threading
from collections.abc import Iterator, Mapping
from typing import Any

LOCALES: tuple[str, ...] = ("en", "de")
"""The supported locales; every registered sentence exists in each of them."""

_catalog: dict[str, dict[str, str]] = {}
_state = threading.local()


def register(messages: Mapping[str, Mapping[str, str]]) -> None:
    """Add sentences to the catalog; each key needs a text for every locale in :data:`LOCALES`.

    >>> register({"demo.half": {"en": "only English"}})
    Traceback (most recent call last):
    ...
    ValueError: message 'demo.half' has no text for locale 'de'
    """
    for key, texts in messages.items():
        for locale in LOCALES:
            if not texts.get(locale):
                raise ValueError(f"message {key!r} has no text for locale {locale!r}")
        known = _catalog.get(key)
        if known is not None and known != dict(texts):
            raise ValueError(f"message {key!r} is already registered with other texts")
        _catalog[key] = dict(texts)


def check_locale(locale: str) -> str:
    """Return ``locale`` if supported, else raise ``ValueError`` listing the supported ones.

    >>> check_locale("fr")
    Traceback (most recent call last):
    ...
    cardwidgets.i18n.LocaleError: unknown locale 'fr': choose one of en, de
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
    given as a value (a nested reason) is rendered in the same locale.
    """
    texts = _catalog.get(key)
    if texts is None:
        raise KeyError(f"no message {key!r} in the catalog")
    locale = check_locale(locale or get_locale())
    template = texts[locale]
    if "|" in template:  # maybe a {count:singular|plural} field: the slower, counting formatter
        return _CountingFormatter(locale).vformat(template, (), params)
    values = {name: _as_text(value, locale) for name, value in params.items()}
    return template.format(**values)


def plural(count: float | Number, one: str, other: str, locale: str | None = None) -> str:
    """``one`` (the singular form) when ``count`` is 1, else ``other`` (the plural form), each
    ``#`` in it replaced by the count as ``locale`` (default: the current one) writes numbers.
    English and German share the rule: 1 is singular, 0 and 2 are plural. A count that is not
    a number is a programming error (``TypeError``), not a reader's.

    >>> plural(1, "# row", "# rows"), plural(0, "# row", "# rows"), plural(2, "is", "are")
    ('1 row', '0 rows', 'are')
    >>> plural(10_000, "# Zeile", "# Zeilen", "de")
    '10.000 Zeilen'
    """
    locale = check_locale(locale or get_locale())
    value = count.value if isinstance(count, Number) else count
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"a plural form needs a number as its count, not {shown(count)}")
    form = one if value == 1 else other
    if "#" not in form:
        return form
    number = Number(value).text(locale) if isinstance(value, int) else _as_text(value, locale)
    return form.replace("#", number)


class _CountingFormatter(string.Formatter):
    """:meth:`str.format` for catalog sentences, with ``{name:singular|plural}`` fields."""

    def __init__(self, locale: str) -> None:
        self.locale = locale

    def format_field(self, value: Any, format_spec: str) -> str:
        one, bar, other = format_spec.partition("|")
        if bar:
            return plural(value, one, other, self.locale)
        return format(_as_text(value, self.locale), format_spec)


class Number:
    """A whole number for a sentence, grouped as the sentence's locale writes it.

    >>> register({"demo.count": {"en": "{count} games", "de": "{count} Spiele"}})
    >>> text("demo.count", "de", count=Number(100_000_000))
    '100.000.000 Spiele'
    >>> text("demo.count", "en", count=Number(100_000_000))
    '100,000,000 games'
    """

    __slots__ = ("value",)

    def __init__(self, value: int) -> None:
        self.value = value

    def text(self, locale: str | None = None) -> str:
        """``1,234`` in English, ``1.234`` in German."""
        grouped = f"{self.value:,}"
        return grouped.replace(",", ".") if (locale or get_locale()) == "de" else grouped

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
    """All registered message keys, sorted."""
    return sorted(_catalog)


def has(key: str) -> bool:
    """Whether ``key`` is registered."""
    return key in _catalog


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


register(
    {
        "i18n.bad_locale": {
            "en": "unknown locale {locale}: choose one of {locales}",
            "de": "unbekannte Sprache {locale}: wähle eine von {locales}",
        }
    }
)
