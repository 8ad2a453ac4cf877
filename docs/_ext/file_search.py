"""Search snippets on the documentation site opened from ``file://`` (issue 26).

Sphinx's search page finds pages through ``searchindex.js`` (a script, which a browser loads
from ``file://``) but fetches each page found to cut a snippet out of it, and browsers refuse
``fetch`` on ``file://`` URLs: the results came without snippets. This extension writes the
text of every page's main part into ``_static/search_texts.js`` after the build, and adds a
small script that, only on ``file://``, answers the search page's fetch of a page from that
text. Served over HTTP nothing changes.
"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

TEXTS = "search_texts.js"
SCRIPT = "file_search.js"
SKIPPED = {"script", "style"}
# The browser side: load the texts on first use and answer fetches of the site's own pages.
FILE_SEARCH_JS = """\
(() => {
  if (window.location.protocol !== "file:" || !window.fetch) return;
  const root = document.documentElement.dataset.content_root || "./";
  const base = new URL(root, document.baseURI).href;
  let texts = null;
  const load = () =>
    texts ||
    (texts = new Promise((resolve) => {
      const script = document.createElement("script");
      script.src = base + "_static/TEXTS_FILE";
      script.onload = () => resolve(window.cardwidgetsSearchTexts || {});
      script.onerror = () => resolve({});
      document.head.appendChild(script);
    }));
  const original = window.fetch.bind(window);
  window.fetch = (resource, options) => {
    const url = typeof resource === "string" ? resource : resource && resource.url;
    const page = url ? new URL(url, document.baseURI).href.split("#")[0] : "";
    if (!page.startsWith(base) || !page.endsWith(".html")) return original(resource, options);
    const name = page.slice(base.length, -".html".length);
    return load().then((all) =>
      name in all
        ? new Response('<div role="main">' + all[name] + "</div>",
                       { headers: { "Content-Type": "text/html" } })
        : original(resource, options),
    );
  };
})();
""".replace("TEXTS_FILE", TEXTS)


class _MainText(HTMLParser):
    """The text of a page's ``role="main"`` element, without scripts, styles and ¶ links."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.depth = 0  # open elements inside the main part (0: outside it)
        self.skip = 0  # open elements inside a script, style or heading link
        self.parts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if self.depth == 0:
            if found.get("role") == "main":
                self.depth = 1
            return
        if tag in {"br", "img", "hr", "input", "meta", "link", "wbr", "source", "col"}:
            return  # void elements have no end tag
        self.depth += 1
        if self.skip or tag in SKIPPED or "headerlink" in (found.get("class") or "").split():
            self.skip += 1

    def handle_endtag(self, tag: str) -> None:
        if self.depth == 0:
            return
        self.depth -= 1
        if self.skip:
            self.skip -= 1

    def handle_data(self, data: str) -> None:
        if self.depth and not self.skip:
            self.parts.append(data)

    def text(self) -> str:
        return re.sub(r"\s+", " ", " ".join(self.parts)).strip()


def main_text(page: str) -> str:
    """The searchable text of a built page, as the search page's snippets use it.

    >>> main_text('<nav>menu</nav><article role="main"><h1>Tablić<a class="headerlink">¶</a>'
    ...           '</h1><p>Capture <b>cards</b>.</p><script>x()</script></article><p>footer</p>')
    'Tablić Capture cards .'
    """
    parser = _MainText()
    parser.feed(page)
    return parser.text()


def _escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def write_texts(outdir: Path, suffix: str = ".html") -> Path:
    """Write ``_static/search_texts.js`` for every page of the built site in ``outdir``."""
    texts: dict[str, str] = {}
    for path in sorted(outdir.rglob(f"*{suffix}")):
        name = path.relative_to(outdir).as_posix()[: -len(suffix)]
        if name.startswith(("_", "search", "genindex")):
            continue
        texts[name] = _escape(main_text(path.read_text(encoding="utf-8")))
    target = outdir / "_static" / TEXTS
    payload = json.dumps(texts, ensure_ascii=False, separators=(",", ":"))
    target.write_text(f"window.cardwidgetsSearchTexts = {payload};\n", encoding="utf-8")
    return target


def _finished(app: Any, exception: Exception | None) -> None:
    if exception is None and app.builder.format == "html":
        out = Path(app.outdir)
        (out / "_static" / SCRIPT).write_text(FILE_SEARCH_JS, encoding="utf-8")
        write_texts(out, app.builder.out_suffix)


def setup(app: Any) -> dict[str, Any]:
    app.add_js_file(SCRIPT)
    app.connect("build-finished", _finished)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
