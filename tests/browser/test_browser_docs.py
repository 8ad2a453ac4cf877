"""The built documentation site, offline, in Chromium.

``scripts/docs.sh`` builds ``build/docs/`` (``scripts/test.sh`` does so before pytest). The site
must show every widget's static picture, the ``text/html`` part of its output, because a static
page has no kernel to run the live view; and it must load nothing from the network (myst-nb's
default would fetch the widget manager from CDNs). Chromium here cannot resolve any host but
127.0.0.1, and every request for another origin is recorded and aborted.
"""

from __future__ import annotations

import importlib
import json
import pkgutil
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from .harness import REPO, SCREENSHOTS
from .static_site import build, offline_chromium, serve, watch_requests

pytestmark = [pytest.mark.browser, pytest.mark.timeout(600)]

SITE = REPO / "build" / "docs"
NOTEBOOKS = sorted((REPO / "notebooks").glob("*.ipynb"))
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    build("docs.sh", SITE / "index.html")
    with serve(SITE) as url:
        yield url


@pytest.fixture(scope="module")
def browser(chromium: Any) -> Iterator[Any]:
    with offline_chromium(chromium) as offline:
        yield offline


@pytest.fixture
def offline_page(browser: Any, site: str) -> Iterator[tuple[Any, list[str]]]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside = watch_requests(context, site)
    page = context.new_page()
    page.set_default_timeout(30_000)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        yield page, outside
        assert not errors, errors
    finally:
        context.close()


def game_widget_classes() -> list[str]:
    """Every GameWidget subclass in cardwidgets.widgets that names its engine (the layers a
    widget is built from name none), as the gallery page finds them."""
    import cardwidgets.widgets as package
    from cardwidgets.widgets import GameWidget

    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"{package.__name__}.{module.name}")
    found: set[str] = set()
    stack = list(GameWidget.__subclasses__())
    while stack:
        cls = stack.pop()
        stack.extend(cls.__subclasses__())
        if cls.__module__.startswith(package.__name__) and cls.engine is not None:
            found.add(cls.__name__)
    return sorted(found)


def widget_outputs(notebook: Path) -> int:
    """How many outputs of the saved notebook are widget views."""
    cells = json.loads(notebook.read_text())["cells"]
    return sum(
        WIDGET_VIEW in output.get("data", {})
        for cell in cells
        for output in cell.get("outputs", [])
    )


def pictures(page: Any) -> list[dict[str, Any]]:
    """Each static widget picture on the page: its game, size and card count."""
    found: list[dict[str, Any]] = page.locator(".cw-root").evaluate_all(
        """(nodes) => nodes.map((n) => {
          const box = n.getBoundingClientRect();
          return {game: n.dataset.game, width: box.width, height: box.height,
                  cards: n.querySelectorAll('.cw-card').length};
        })"""
    )
    return found


def test_every_page_is_offline_and_no_widget_output_is_blank() -> None:
    build("docs.sh", SITE / "index.html")
    # The classroom site copied in for the live widgets (lite/) is checked by its own tests.
    pages = sorted(p for p in SITE.rglob("*.html") if p.relative_to(SITE).parts[0] != "lite")
    assert len(pages) > 20
    for path in pages:
        text = path.read_text(encoding="utf-8")
        remote = re.findall(r'<(?:script|img|iframe)[^>]+src="(https?:[^"]+)"', text)
        remote += re.findall(
            r'<link[^>]+rel="(?:stylesheet|preload)"[^>]+href="(https?:[^"]+)"', text
        )
        assert not remote, f"{path.relative_to(SITE)} loads {remote}"
        # A widget view chosen over its picture would be an empty box on a static page.
        assert f'type="{WIDGET_VIEW}"' not in text, path
        # Nor the widgets' synced state (dead weight without a widget manager).
        assert "application/vnd.jupyter.widget-state+json" not in text, path
    for notebook in NOTEBOOKS:
        page = SITE / "notebooks" / f"{notebook.stem}.html"
        assert page.is_file(), f"{notebook.name} is not on the site"
        # As many pictures as the saved notebook has widget outputs: a cell whose output the
        # authors chose not to save (tag remove-output) shows none on the site either.
        assert page.read_text().count('class="cw-root') == widget_outputs(notebook), notebook


def test_tutorial_pages_show_widget_pictures_offline(
    offline_page: tuple[Any, list[str]], site: str
) -> None:
    page, outside = offline_page
    for notebook in NOTEBOOKS:
        page.goto(f"{site}/notebooks/{notebook.stem}.html", wait_until="load")
        shown = pictures(page)
        assert len(shown) >= widget_outputs(notebook), (notebook.name, shown)
        for picture in shown:
            assert picture["width"] > 200 and picture["height"] > 100, (notebook.name, picture)
            assert picture["cards"] > 0, (notebook.name, picture)
        first = page.locator(".cw-root").first
        if first.count():
            first.scroll_into_view_if_needed()
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"docs-{notebook.stem}.png"), full_page=False)
    assert outside == [], outside


def test_gallery_shows_every_widget_and_the_rules_pages_link_offline(
    offline_page: tuple[Any, list[str]], site: str
) -> None:
    page, outside = offline_page
    page.goto(f"{site}/docs/gallery.html", wait_until="load")
    classes = game_widget_classes()
    assert classes and "TablicWidget" in classes
    headings = page.locator(".cell_output .rubric").all_inner_texts()  # output headings
    assert all(any(name in h for h in headings) for name in classes), (classes, headings)
    shown = pictures(page)
    assert len(shown) == len(classes), shown
    assert all(p["cards"] > 0 and p["height"] > 100 for p in shown), shown
    page.screenshot(path=str(SCREENSHOTS / "docs-gallery.png"), full_page=True)

    # The rules are part of the site, and decisions are linkable by id.
    page.goto(f"{site}/docs/rules/tablic.html#t-d1a", wait_until="load")
    assert page.locator("#t-d1a").count() == 1
    assert "strictly contains" in page.locator("#t-d1a").inner_text()
    page.goto(f"{site}/index.html", wait_until="load")  # the redirect at the top of the site
    page.wait_for_url(re.compile(r".*/docs/index\.html$"))
    for name in ("Tutorials", "The rules", "API reference"):
        assert page.get_by_role("link", name=name).count() > 0, name
    page.goto(f"{site}/docs/reference/tablic.html", wait_until="load")
    assert page.locator('[id="cardwidgets.games.tablic.capture_options"]').count() == 1
    assert outside == [], outside


def test_search_from_file_shows_snippets(browser: Any) -> None:
    # Opened from file:// (a copied folder, a double click), the search page cannot fetch the
    # pages it found to cut their snippets; docs/_ext/file_search.py answers from the texts it
    # wrote at build time. Every request stays on file://.
    build("docs.sh", SITE / "index.html")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    requests: list[str] = []
    context.on("request", lambda request: requests.append(request.url))
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto((SITE / "search.html").as_uri() + "?q=tabla", wait_until="load")
        snippets = page.locator("#search-results li p.context")
        snippets.first.wait_for(timeout=30_000)
        texts = snippets.all_inner_texts()
        assert len(texts) >= 3, texts
        assert any("tabla" in text.lower() for text in texts), texts
        page.screenshot(path=str(SCREENSHOTS / "docs-search-file.png"), full_page=False)
        assert all(url.startswith("file://") for url in requests), requests
        assert not errors, errors
    finally:
        context.close()


def test_the_replays_page_plays_one_replay_per_game_from_file(browser: Any) -> None:
    """docs/replays.md: three kernel-free replays, opened from file://, play."""
    build("docs.sh", SITE / "index.html")
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    outside = watch_requests(context, SITE.as_uri())
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto((SITE / "docs" / "replays.html").as_uri(), wait_until="load")
        assert page.locator("iframe.cw-replay-frame").count() == 3
        for index, game in enumerate(("tablic", "panjpar", "pazaak")):
            frame = page.frame_locator("iframe.cw-replay-frame").nth(index)
            player = frame.locator(".cw-replay-player")
            player.wait_for()
            assert frame.locator(".cw-root").get_attribute("data-game") == game
            frame.locator('[data-replay-action="last"]').click()
            last = player.get_attribute("data-ply")
            assert last is not None and int(last) >= 20, (game, last)
            frame.locator('[data-replay-action="previous"]').click()
            assert player.get_attribute("data-ply") == str(int(last) - 1)
        assert (
            page.frame_locator("iframe.cw-replay-frame")
            .nth(2)
            .get_by_role("button", name="Abspielen")
            .count()
            == 1
        )  # the German controls
        assert outside == [] and errors == [], (outside, errors)
    finally:
        context.close()
