"""Accessibility measured in Chromium with axe-core, for every widget.

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
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardwidgets import scene

from . import a11y_states, axe
from .harness import (
    REPO,
    SCREENSHOTS,
    Server,
    kernel_exec,
    lab_theme,
    open_in_jupyter,
    wait_for_widget,
    write_notebook,
)

sys.path.insert(0, str(REPO / "tests"))
from language import assert_german

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
                assert result["contrastPasses"] >= 10, f"axe judged no text: {result}"
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
    # JupyterLab lays its shell out absolutely inside a body of height 0 with overflow hidden.
    # Browsers do not clip the shell, but axe takes every element under it for clipped (not on
    # screen) and then skips colour contrast and visible-text checks altogether. A body as high
    # as the window changes nothing on screen and lets axe see the widgets.
    page.add_style_tag(content="html, body { height: 100%; }")
    try:
        yield page
    finally:
        try:
            lab_theme(page, "light")
        finally:
            context.close()


def drive(page: Any, game: str, code: str) -> None:
    """Run ``code`` on ``w`` (the game's widget) in the kernel; wait until the page shows it."""
    out = kernel_exec(page, f"w = ws[{game!r}]\n{code}\nprint(w.version)")
    version = int(out.strip().splitlines()[-1])
    page.wait_for_function(
        "([root, v]) => Number(document.querySelector(root).dataset.version) >= v",
        arg=[root_of(game), version],
        timeout=20_000,
    )


def judged(page: Any, root: str) -> dict[str, Any]:
    """axe on the widget in view. While JupyterLab still lays out (a theme change, a scroll)
    axe may take the widget for off screen and judge no text at all: then look again."""
    for _ in range(3):
        page.locator(root).scroll_into_view_if_needed()
        result = axe.run(page, root)
        if result["contrastPasses"] >= 10:
            return result
        page.wait_for_timeout(500)
    raise AssertionError(f"axe judged the colour contrast of no text in {root}: {result}")


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
                label = f"{theme}-four" if four else theme
                figures.add(game, label, locale, state, judged(page, root))
                if not four and state in ("selected", "summary", "over"):
                    page.locator(root).screenshot(
                        path=str(shot_path(f"a11y_{game}_{state}_{theme}_{locale}"))
                    )
        # A hand card focused: its preview lights the table and the hint line speaks.
        drive(page, game, "w.locale = 'en'; w.four_color = False\na11y_states.reach(w, 'fresh')")
        hand = page.locator(f'{root} [data-zone="hand"] .cw-card[data-selectable="true"]')
        if hand.count():
            hand.first.focus()
            figures.add(game, theme, "en", "preview", judged(page, root))
    figures.save(f"live-{game}")
    print(figures.table())
    assert not figures.failures, "\n".join(figures.failures)


def shot_path(name: str) -> Path:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return SCREENSHOTS / f"{name}.png"


# --- narration and focus --------------------------------------------------------------------

# A sequence of moves per game, made in the page: (what, zone or "", card / option / action,
# how). "key" focuses the control and presses Enter (then focus must stay in the widget, on the
# same control if it is still there); "click" clicks it.
SEQUENCES: dict[str, tuple[str, list[tuple[str, str, str, str]]]] = {
    "tablic": (
        "en",
        [
            ("card", "table", "K♦", "click"),  # before a hand card: refused
            ("card", "hand", "8♦", "key"),  # two groups lit, the biggest capture chosen
            ("action", "", "play", "key"),  # the capture, then the computer's reply
            ("card", "hand", "2♣", "key"),
            ("action", "", "trail", "key"),
            ("card", "hand", "9♥", "key"),
            ("action", "", "trail", "key"),  # the deal ends: its summary
            ("action", "", "continue", "key"),
        ],
    ),
    "pazaak": (
        "de",
        [
            ("card", "opponent-table", "t1", "click"),  # the computer's table: refused
            ("card", "hand", "±2", "key"),
            ("option", "", "0", "key"),  # as +2
            ("action", "", "play", "key"),  # exactly 20 beats 19: the set ends
            ("action", "", "continue", "key"),
        ],
    ),
    "panjpar": (
        "de",
        [
            ("card", "opponent-hand", "hidden-1-0", "click"),  # face down: refused
            ("card", "battle", "5♣", "key"),  # the attack card: its beaters light up
            ("card", "hand", "7♣", "key"),  # the kill
            ("action", "", "defend", "key"),  # the learner draws and attacks next
            ("card", "hand", "4♣", "key"),
            ("action", "", "attack", "key"),  # the computer's answer is said too
        ],
    ),
}

JS_RECORD = """(root) => {
  const r = document.querySelector(root);
  const rec = {announce: [], message: []};
  const watch = (selector, list) => {
    const el = r.querySelector(selector);
    const note = () => {
      const text = el.textContent;
      if (text && list[list.length - 1] !== text) list.push(text);
    };
    new MutationObserver(note).observe(el, {childList: true, characterData: true, subtree: true});
  };
  watch('.cw-announce', rec.announce);
  watch('.cw-message', rec.message);
  window.__cwSaid = rec;
}"""

JS_FOCUS_KEY = """(root) => {
  const a = document.activeElement;
  if (!a || !a.closest(root)) return null;
  const zone = a.closest('[data-zone]');
  return a.dataset.card ? 'card:' + (zone ? zone.dataset.zone : '') + ':' + a.dataset.card
       : a.dataset.option ? 'option:' + a.dataset.option
       : a.dataset.action ? 'action:' + a.dataset.action : 'other:' + a.className;
}"""


def target_of(root: str, kind: str, zone: str, name: str) -> str:
    if kind == "card":
        return f'{root} [data-zone="{zone}"] .cw-card[data-card="{name}"]'
    if kind == "option":
        return f'{root} [data-option="{name}"]'
    return f'{root} button[data-action="{name}"]'


def focus_key(kind: str, zone: str, name: str) -> str:
    return f"card:{zone}:{name}" if kind == "card" else f"{kind}:{name}"


@pytest.mark.parametrize("game", GAMES)
def test_moves_and_refusals_are_said_and_focus_stays(lab_page: Any, game: str) -> None:
    """Each move (the learner's and the computer's), the refusal and the end of the deal or set
    reach the page's live lines in the widget's language; keyboard focus stays in the widget."""
    page, root = lab_page, root_of(game)
    lab_theme(page, "light")
    locale, steps = SEQUENCES[game]
    # pace=0: whole updates, each sentence heard once (the reply heard step by step while it
    # plays out is checked in test_browser_reply.py and js/frames.test.ts)
    code = f"w.locale = {locale!r}; w.four_color = False; w.pace = 0\na11y_states.reach(w, 'fresh')"
    drive(page, game, code)
    page.evaluate(JS_RECORD, root)
    expected: dict[str, list[str]] = {"announce": [], "message": []}
    for kind, zone, name, how in steps:
        selector = target_of(root, kind, zone, name)
        before = int(page.locator(root).get_attribute("data-version"))
        if how == "key":
            page.locator(selector).focus()
            page.keyboard.press("Enter")
        else:
            page.locator(selector).click()
        page.wait_for_function(
            "([r, v]) => Number(document.querySelector(r).dataset.version) > v",
            arg=[root, before],
            timeout=20_000,
        )
        code = f"import json; w = ws[{game!r}]; print(json.dumps([w.announcement, w.message]))"
        out = kernel_exec(page, code)
        announce, message = json.loads(out)
        for key, text in (("announce", announce), ("message", message)):
            if text and (not expected[key] or expected[key][-1] != text):
                expected[key].append(text)
        if how == "key":
            now = page.evaluate(JS_FOCUS_KEY, root)
            assert now is not None, f"{game}: focus left the widget after {name}"
            if page.locator(selector).count() and page.locator(selector).is_enabled():
                assert now == focus_key(kind, zone, name), (name, now)
            elif page.locator(f"{root} .cw-summary").count():
                assert now == "action:continue", (name, now)  # a summary: Continue is next
    page.wait_for_timeout(100)
    heard = page.evaluate("() => window.__cwSaid")
    assert heard["announce"] == expected["announce"], (heard["announce"], expected["announce"])
    assert heard["message"] == expected["message"], (heard["message"], expected["message"])
    # What a screen reader heard, by kind: the moves, the refusal, the end of a deal or set.
    assert len(heard["announce"]) >= 2 and len(heard["message"]) == 1, heard
    # Panjpar has no deals or sets (the end of its game: tests/test_widget_narration.py).
    ends = {"tablic": "Deal 1 ends", "pazaak": "Satz 1", "panjpar": "Du schlägst"}
    assert any(ends[game] in text for text in heard["announce"]), heard["announce"]
    others = "Computer"
    assert any(others in text for text in heard["announce"]), heard["announce"]
    if locale == "de":
        for text in heard["announce"] + heard["message"]:
            assert_german(text)
    print(f"{game} ({locale}) heard:", json.dumps(heard, ensure_ascii=False, indent=1))


# --- colour is never the only cue -----------------------------------------------------------

JS_CUES = """() => [...document.querySelectorAll('.cw-card[data-highlight]')].map((card) => {
  const face = getComputedStyle(card.querySelector('.cw-face'));
  const after = getComputedStyle(card, '::after').content;
  return {role: card.dataset.highlight, style: face.outlineStyle, offset: face.outlineOffset,
          filter: face.filter, marker: after === 'none' || after === 'normal' ? '' : after,
          number: card.querySelector('.cw-groupnum')?.textContent || ''};
})"""


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_every_role_differs_by_more_than_colour(page: Any, theme: str) -> None:
    """Each highlight role has its own outline style, offset, marker or filter; group cards
    carry their number (so do options, as swatches, and the legend)."""
    from cardwidgets import cards

    marked = [
        scene.french_card(cards.parse(text), "en", highlight=role, group=group)
        for text, role, group in [
            ("2♠", "group", 1),
            ("3♠", "group", 2),
            ("4♠", "playable", None),
            ("5♠", "last", None),
            ("6♠", "beats", None),
            ("7♠", "target", None),
            ("8♠", "pickup", None),
            ("9♠", "hint", None),
            ("10♠", "muted", None),
        ]
    ]
    made = scene.make_scene(
        game="demo", title="Demo", theme=theme, zones=[scene.zone("table", "Table", marked)]
    )
    page.set_content(PAGE.format(body="", bg="#888888", content=scene.to_html(made)))
    cues = page.evaluate(JS_CUES)
    assert {c["role"] for c in cues} == set(scene.ROLES)
    groups = [c for c in cues if c["role"] == "group"]
    assert [c["number"] for c in groups] == ["1", "2"]
    looks = {c["role"]: (c["style"], c["offset"], c["filter"], c["marker"]) for c in cues}
    assert len(set(looks.values())) == len(scene.ROLES), looks
    result = axe.run(page, ".cw-root")
    assert not result["violations"] and not result["contrast"]["failures"], result
