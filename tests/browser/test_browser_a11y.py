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
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import scene

from . import a11y_states, axe
from .harness import (
    SCREENSHOTS,
    Server,
    kernel_exec,
    open_in_jupyter,
    wait_for_widget,
    write_notebook,
)

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


# --- the live widgets in JupyterLab ---------------------------------------------------------

SETUP = """
import sys
sys.path.insert(0, {path!r})
import a11y_states
ws = {{game: a11y_states.widget(game) for game in a11y_states.available()}}
""".strip()

# Live variants of each state: (theme, locale, four-colour). Four-colour is checked once in each
# JupyterLab theme, in alternating languages, to keep the run short.
LIVE_VARIANTS: dict[str, list[tuple[str, bool]]] = {
    "light": [("en", False), ("de", False), ("en", True)],
    "dark": [("en", False), ("de", False), ("de", True)],
}
LAB_THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def root_of(game: str) -> str:
    return f'.cw-root[data-game="{game}"]'


@pytest.fixture(scope="module")
def lab_page(chromium: Any, lab_server: Server, browser_dirs: dict[str, Path]) -> Iterator[Any]:
    """One JupyterLab notebook showing every widget (one kernel for all the live checks)."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1600})
    page = context.new_page()
    page.set_default_timeout(30_000)
    cells = [SETUP.format(path=str(Path(a11y_states.__file__).parent))]
    cells += [f"ws[{game!r}]" for game in GAMES]
    write_notebook(browser_dirs["jupyter"], "a11y.ipynb", cells)
    open_in_jupyter(page, lab_server, "a11y.ipynb", workspace="a11y")
    for game in GAMES:
        wait_for_widget(page, root_of(game))
    try:
        yield page
    finally:
        try:
            lab_theme(page, "light")
        finally:
            context.close()


def lab_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab's theme (a server-wide setting) and wait until the widgets follow."""
    page.evaluate(
        "(name) => window.jupyterapp.commands.execute('apputils:change-theme', {theme: name})",
        LAB_THEMES[theme],
    )
    page.locator(f'.cw-root[data-theme="{theme}"]').first.wait_for(timeout=30_000)
    page.wait_for_function(
        "(t) => [...document.querySelectorAll('.cw-root')].every((r) => r.dataset.theme === t)",
        arg=theme,
        timeout=30_000,
    )


def drive(page: Any, game: str, code: str) -> None:
    """Run ``code`` on ``w`` (the game's widget) in the kernel; wait until the page shows it."""
    out = kernel_exec(page, f"w = ws[{game!r}]\n{code}\nprint(w.version)")
    version = int(out.strip().splitlines()[-1])
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) >= v",
        arg=[root_of(game), version],
        timeout=20_000,
    )


@pytest.mark.parametrize("game", GAMES)
def test_live_widget_has_no_axe_violations(lab_page: Any, game: str) -> None:
    page, root = lab_page, root_of(game)
    figures = axe.Figures(f"live {game}")
    for theme, variants in LIVE_VARIANTS.items():
        lab_theme(page, theme)
        for state in a11y_states.STATES[game]:
            for locale, four in variants:
                drive(
                    page,
                    game,
                    f"w.locale = {locale!r}; w.four_color = {four}\n"
                    f"a11y_states.reach(w, {state!r})",
                )
                page.locator(root).scroll_into_view_if_needed()
                label = f"{theme}-four" if four else theme
                figures.add(game, label, locale, state, axe.run(page, root))
                if not four and state in ("selected", "summary"):
                    page.locator(root).screenshot(
                        path=str(shot_path(f"a11y_{game}_{state}_{theme}_{locale}"))
                    )
        # A hand card focused: its preview lights the table and the hint line speaks.
        drive(page, game, "w.locale = 'en'; w.four_color = False\na11y_states.reach(w, 'fresh')")
        hand = page.locator(f'{root} [data-zone="hand"] .cw-card[data-selectable="true"]')
        if hand.count():
            hand.first.focus()
            figures.add(game, theme, "en", "preview", axe.run(page, root))
    figures.save(f"live-{game}")
    print(figures.table())
    assert not figures.failures, "\n".join(figures.failures)


def shot_path(name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"
