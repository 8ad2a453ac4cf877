"""Built static sites (the docs, the classroom site) in Chromium with the network cut off.

``serve(folder)`` serves a folder on 127.0.0.1 from a thread, the way any static file server
would (correct types for ``.wasm`` and ``.mjs``, no caching). ``offline_chromium()`` starts
Chromium with every host name except 127.0.0.1 unresolvable, so nothing can leave the machine
(workers and service workers included), and ``watch_requests(context, origin)`` records every
request for another origin and aborts it, so a test can assert that a page never even tried.
``offline_page()`` is both in one, for a script with its own Playwright (the benchmarks).
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import os
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from .harness import CHROMIUM, CHROMIUM_ARGS, REPO

TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".json": "application/json",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".ipynb": "application/json",
    ".md": "text/markdown",
}


class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map: ClassVar[dict[str, str]] = {
        **http.server.SimpleHTTPRequestHandler.extensions_map,
        **TYPES,
    }

    def end_headers(self) -> None:
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, format: str, *args: Any) -> None:
        pass


@contextlib.contextmanager
def serve(folder: Path) -> Iterator[str]:
    """Serve ``folder`` on 127.0.0.1 and a free port; yield the base URL (no trailing slash)."""
    handler = functools.partial(_Handler, directory=str(folder))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.daemon_threads = True
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


# Chromium resolves no host name but 127.0.0.1: a request for any other host fails at once.
OFFLINE_ARGS = [*CHROMIUM_ARGS, "--host-resolver-rules=MAP * ~NOTFOUND , EXCLUDE 127.0.0.1"]


@contextlib.contextmanager
def offline_chromium(chromium: Any) -> Iterator[Any]:
    """A second Debian Chromium that cannot reach any other machine.

    Launched through the session's Playwright (``chromium`` is the session's browser): one
    thread can drive only one Playwright instance.
    """
    browser = chromium.browser_type.launch(
        executable_path=CHROMIUM, args=OFFLINE_ARGS, headless=True, timeout=60_000
    )
    try:
        yield browser
    finally:
        browser.close()


@contextlib.contextmanager
def offline_page(
    browser_type: Any, origin: str, timeout_ms: int
) -> Iterator[tuple[Any, list[str]]]:
    """A page (1280 x 900) in an offline Chromium of its own, and the list of the requests it
    made outside ``origin`` (each aborted); the browser closes at the end.

    For a script that runs its own Playwright: ``browser_type`` is its ``playwright.chromium``.
    """
    browser = browser_type.launch(
        executable_path=CHROMIUM, args=OFFLINE_ARGS, headless=True, timeout=60_000
    )
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        outside = watch_requests(context, origin)
        page = context.new_page()
        page.set_default_timeout(timeout_ms)
        yield page, outside
    finally:
        browser.close()


def watch_requests(context: Any, origin: str) -> list[str]:
    """Abort and record every request of ``context`` that is not for ``origin``."""
    outside: list[str] = []

    def handle(route: Any) -> None:
        url = route.request.url
        if url.startswith((origin + "/", "data:", "blob:")) or url == origin:
            route.continue_()
        else:
            outside.append(url)
            route.abort("blockedbyclient")

    context.route("**/*", handle)
    return outside


def build(script: str, marker: Path) -> None:
    """Run ``bash scripts/<script>`` unless its output (``marker``) exists already.

    ``scripts/test.sh`` builds both sites before pytest, so these tests check exactly what CI
    built; run alone, a test builds the site it needs first.
    """
    if marker.exists():
        return
    env = {**os.environ, "CARDWIDGETS_SETUP_DONE": "1"}
    done = subprocess.run(
        ["bash", str(REPO / "scripts" / script)], cwd=REPO, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"scripts/{script} failed:\n{done.stdout}\n{done.stderr}"
