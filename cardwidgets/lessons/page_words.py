"""Every sentence of the lesson pages and worksheets (the page's controls, its summary, the
worksheet's headings), in English and German.

The page's script has no words of its own: :data:`PAGE_LABELS` are sent to it as its
``labels``; the fields in braces (``{step}``, ``{right}`` …) are filled in by the script.

>>> from cardwidgets import i18n
>>> i18n.text("lessonpage.step", "de", step=2, steps=5)
'Schritt 2 von 5'
"""

from __future__ import annotations

PAGE_LABELS: tuple[str, ...] = (
    "steps", "previous", "next", "step", "summary_step", "check", "clear", "hint", "no_hint",
    "your_move", "no_such_move", "which", "chance_label", "chance_help", "not_a_chance",
    "choose_first", "pick_first", "summary", "score", "unanswered", "answered_right",
    "answered_wrong", "download", "reset", "no_storage", "exercise", "your_answer", "restart",
)  # fmt: skip
"""The page's words (keys ``lessonpage.<name>``), sent to the page as its ``labels``."""
