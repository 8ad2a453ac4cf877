"""Test helper: every catalog sentence rendered with sample parameters, in every locale.

A field gets a marked sample text (``<name>``); a count field (``{name:one|other}`` in any
locale, or the count of a plural entry) gets each of the sample counts, so every plural form
of English, German and Croatian is rendered (1, 2–4, 5+, 11–14, 21, 22, 25, 111, 1,500).
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import string

from cardwidgets import i18n

COUNTS = (0, 1, 2, 4, 5, 11, 12, 21, 22, 25, 111, 1500)


def load_every_module() -> None:
    """Import every module of the package (the widgets too), so every sentence is known."""
    import cardwidgets

    for module in pkgutil.walk_packages(cardwidgets.__path__, "cardwidgets."):
        if not module.name.startswith("cardwidgets.__main__"):
            importlib.import_module(module.name)


def fields(template: str) -> tuple[set[str], set[str]]:
    """The plain fields and the count fields of a ``str.format`` template."""
    plain: set[str] = set()
    counted: set[str] = set()
    for _, name, spec, _ in string.Formatter().parse(template):
        if name is None:
            continue
        name = re.split(r"[.\[]", name)[0]
        (counted if spec and "|" in spec else plain).add(name)
    return plain, counted


def renderings(key: str, templates: dict[str, str]) -> dict[str, list[str]]:
    """``key`` rendered in each locale of ``templates`` with sample parameters."""
    names: set[str] = set()
    counted: set[str] = set()
    for template in templates.values():
        plain, counts = fields(template)
        names |= plain
        counted |= counts
    field = i18n.count_field(key) if hasattr(i18n, "count_field") else None
    if field is not None:  # a plural entry's count field
        counted.add(field)
    samples = []
    for count in COUNTS if counted else (None,):
        params: dict[str, object] = {name: f"<{name}>" for name in names - counted}
        params.update({name: count for name in counted})
        samples.append(params)
    return {
        locale: [i18n.text(key, locale, **params) for params in samples] for locale in templates
    }
