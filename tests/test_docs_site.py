"""The built documentation site: its own links all arrive, and its API reference
documents every public name of the package's faces exactly once.

The link check is offline: Sphinx's ``linkcheck`` builder asks the internet, which CI cannot
reach, and it does not look at anchors inside the site. The test reads every page of the built
site (``build/docs/``, which ``scripts/test.sh`` builds before pytest; run alone, the test
builds it first) and resolves each local ``href`` and ``src``: the file must exist and a
``#fragment`` must name an ``id`` on that page. Links to other sites are left alone (the site's pages must not load any, a browser test
checks that), and so are ``mailto:`` and ``javascript:`` links.
"""

from __future__ import annotations

import importlib
import os
import re
import subprocess
from collections import Counter
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

REPO = Path(__file__).resolve().parent.parent
SITE = REPO / "build" / "docs"
LINK_ATTRIBUTES = {"href", "src"}
# The public faces (what ``from cardwidgets import ...`` gives) and the module each is, as the
# reference pages in docs/reference/ document them.
FACES = {
    "cardwidgets": "cardwidgets",
    "cards": "cardwidgets.cards",
    "tablic": "cardwidgets.games.tablic",
    "panjpar": "cardwidgets.games.panjpar",
    "pazaak": "cardwidgets.games.pazaak",
    "bots": "cardwidgets.bots",
    "lab": "cardwidgets.lab",
    "widgets": "cardwidgets.widgets",
}


class _Page(HTMLParser):
    """The ids a page defines and the links it makes."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name == "id" or (name == "name" and tag == "a"):
                self.ids.add(value)
            elif name in LINK_ATTRIBUTES and tag != "base":
                self.links.append(value)


def read_page(path: Path) -> _Page:
    """Parse one built page."""
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def is_local(link: str) -> bool:
    """Whether ``link`` points into the site (no scheme, no host)."""
    parts = urlsplit(link)
    return not parts.scheme and not parts.netloc and bool(parts.path or parts.fragment)


def target_file(page: Path, path: str) -> Path:
    """The file a link's path part names, relative to the page (a folder means its index)."""
    if not path:
        return page
    target = (page.parent / unquote(path)).resolve()
    return target / "index.html" if target.is_dir() else target


def broken_links(site: Path) -> list[str]:
    """Every local link of every page that names a missing file or a missing anchor."""
    pages: dict[Path, _Page] = {}

    def parsed(path: Path) -> _Page:
        if path not in pages:
            pages[path] = read_page(path)
        return pages[path]

    broken: list[str] = []
    for path in sorted(site.rglob("*.html")):
        if path.relative_to(site).parts[0] == "lite":
            continue  # the classroom site copied in for the live widgets: tested on its own
        for link in parsed(path.resolve()).links:
            if not is_local(link):
                continue
            parts = urlsplit(link)
            target = target_file(path.resolve(), parts.path)
            where = f"{path.relative_to(site)}: {link}"
            if not target.is_file():
                broken.append(f"{where} (no file)")
            elif parts.fragment and target.suffix == ".html":
                if unquote(parts.fragment) not in parsed(target).ids:
                    broken.append(f"{where} (no anchor)")
    return broken


def build_site() -> None:
    """Build the docs unless ``build/docs`` is there already (CI builds it before pytest)."""
    if (SITE / "index.html").exists():
        return
    env = {**os.environ, "CARDWIDGETS_SETUP_DONE": "1"}
    done = subprocess.run(
        ["bash", str(REPO / "scripts" / "docs.sh")],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, f"scripts/docs.sh failed:\n{done.stdout}\n{done.stderr}"


@pytest.mark.timeout(900)
def test_every_local_link_and_anchor_of_the_docs_site_arrives() -> None:
    build_site()
    assert len(list(SITE.rglob("*.html"))) > 20
    broken = broken_links(SITE)
    assert not broken, f"{len(broken)} broken links:\n" + "\n".join(broken[:60])


def test_the_link_check_finds_a_missing_anchor_and_a_missing_file(tmp_path: Path) -> None:
    (tmp_path / "sub").mkdir()
    (tmp_path / "index.html").write_text(
        '<a href="sub/page.html#here">ok</a> <a href="#top">ok</a> <p id="top"></p>'
        '<a href="sub/page.html#gone">anchor</a> <a href="missing.html">file</a>'
        '<a href="https://example.org/#x">outside</a> <a href="sub/">folder</a>'
    )
    (tmp_path / "sub" / "page.html").write_text('<h2 id="here">Here</h2>')
    (tmp_path / "sub" / "index.html").write_text("<p>index</p>")
    assert broken_links(tmp_path) == [
        "index.html: sub/page.html#gone (no anchor)",
        "index.html: missing.html (no file)",
    ]


def public_names(module_name: str) -> list[str]:
    """The names a face exports (its ``__all__``), less the modules and ``__version__``."""
    module = importlib.import_module(module_name)
    return [
        name
        for name in module.__all__
        if not name.startswith("__") and not isinstance(getattr(module, name), type(module))
    ]


def documented_objects(site: Path) -> Counter[str]:
    """How often each Python object (by its full name) is described in the reference pages."""
    found: Counter[str] = Counter()
    for path in sorted((site / "docs" / "reference").glob("*.html")):
        text = path.read_text(encoding="utf-8")
        found.update(re.findall(r'<dt class="sig sig-object py" id="([^"]+)"', text))
    return found


def test_the_reference_has_a_page_per_face_and_every_public_name_once() -> None:
    build_site()
    pages = {path.stem for path in (SITE / "docs" / "reference").glob("*.html")}
    assert pages == set(FACES)
    documented = documented_objects(SITE)
    for module in FACES.values():
        names = public_names(module)
        assert names, module
        counts = {name: documented[f"{module}.{name}"] for name in names}
        assert all(count == 1 for count in counts.values()), {
            name: count for name, count in counts.items() if count != 1
        }
    # The widgets' own calls, from the layers GameWidget is made of, are there once too.
    for name in ("play", "back", "goto", "on_move", "state", "moves_log"):
        assert documented[f"cardwidgets.widgets.GameWidget.{name}"] == 1, name
    # No page for the modules behind the faces (the old generated reference had ~100).
    assert not (SITE / "docs" / "api").exists()
    assert not any(name.startswith("cardwidgets.games.tablic.state.") for name in documented)
