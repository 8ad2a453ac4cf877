"""Optional dependencies: import one, or say which extra of the package brings it.

The engines and widgets need only the standard library and anywidget. Some conveniences need
more: the lab's tables (pandas) and plots (matplotlib) come with the ``lab`` extra. When such a
package is missing, :func:`require` raises :class:`MissingExtra`, an ``ImportError`` whose
message names the extra to install, in English or German:

>>> from cardwidgets import extras
>>> extras.require("json", "lab", "to_json()").__name__
'json'
>>> err = extras.MissingExtra("pandas", "lab", "to_pandas()")
>>> print(err)
to_pandas() needs pandas, which is not installed. It comes with the "lab" extra:
pip install "cardwidgets[lab]"
>>> print(err.text("de"))
to_pandas() braucht pandas, das nicht installiert ist. Es gehört zum Extra „lab“:
pip install "cardwidgets[lab]"
"""

from __future__ import annotations

import importlib
from types import ModuleType

from cardwidgets import i18n

__all__ = ["MissingExtra", "require"]


class MissingExtra(ImportError):
    """An optional package is not installed; the message names the extra that brings it.

    ``err.text(locale)`` gives the message in another supported locale.
    """

    def __init__(self, package: str, extra: str, feature: str) -> None:
        super().__init__(i18n.text("extras.missing", "en", **_params(package, extra, feature)))
        self.name = package
        self.package, self.extra, self.feature = package, extra, feature

    def text(self, locale: str | None = None) -> str:
        """The message in ``locale`` (default: the current locale)."""
        params = _params(self.package, self.extra, self.feature)
        return i18n.text("extras.missing", locale, **params)

    def __str__(self) -> str:
        return self.text()


def _params(package: str, extra: str, feature: str) -> dict[str, str]:
    return {"package": package, "extra": extra, "feature": feature}


def require(module: str, extra: str, feature: str) -> ModuleType:
    """Import ``module``; if it (or a package it needs) is missing, raise :class:`MissingExtra`.

    ``feature`` is what needs it, as the user called it (``"to_pandas()"``); the message names
    the top-level package of ``module`` and the ``extra`` to install.
    """
    try:
        return importlib.import_module(module)
    except ImportError as error:
        raise MissingExtra(module.partition(".")[0], extra, feature) from error
