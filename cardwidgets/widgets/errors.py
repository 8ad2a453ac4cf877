"""The widgets' refusal: :class:`WidgetError`, in a module of its own so that the widget's
helpers (the teacher panel, :mod:`cardwidgets.widgets.teacher`) can raise it without importing
the widget (:mod:`cardwidgets.widgets.base`, which imports them). Import it from
:mod:`cardwidgets.widgets.base`, where it has always been (and where it pickles from).

>>> from cardwidgets.widgets.base import WidgetError as FromBase
>>> FromBase is WidgetError, WidgetError("widget.bad_intent").text("en").split(";")[0]
(True, 'The widget received a request it does not understand')
"""

from __future__ import annotations

from cardwidgets.i18n import TranslatedError

__all__ = ["WidgetError"]


class WidgetError(TranslatedError):
    """A request the widget cannot carry out now (stale click, unknown action, not your turn)."""

    __module__ = "cardwidgets.widgets.base"  # where it was always raised from (and pickles)
