"""Real servers and a real browser for the end-to-end widget tests.

The harness starts JupyterLab, Notebook 7, Voila and marimo as child processes of the test run,
each on 127.0.0.1 and a free port, in its own process session (so ``os.killpg`` stops the server
and every kernel it started), with private Jupyter runtime, config, data and workspace
directories and a private ``XDG_CONFIG_HOME``: nothing the developer has configured leaks in, and
nothing the tests do leaks out. Every server runs on ``sys.executable`` (the project's venv), so
its kernels import ``cardwidgets``.

Trade-offs: servers are started once per test session and shared by the tests (start-up is the
slow part on a 2-core machine); each test works on its own copy of a notebook so kernels do not
share state. Every wait is bounded; a timeout fails with the tail of the server's log.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-artifacts" / "screenshots"
CHROMIUM = os.environ.get("CARDWIDGETS_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--disable-gpu",
    "--disable-quic",
    "--disable-dev-shm-usage",
    "--no-sandbox",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
]
SERVER_START_TIMEOUT = 120.0  # seconds; a loaded 2-core machine starts JupyterLab in ~5-20 s
TOKEN = "cardwidgets-browser-test"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def private_env(home: Path) -> dict[str, str]:
    """Environment for a server: private Jupyter/XDG dirs, the venv first on PATH, no proxies."""
    dirs = {
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTERLAB_WORKSPACES_DIR": home / "workspaces",
        "JUPYTERLAB_SETTINGS_DIR": home / "settings",
        "XDG_CONFIG_HOME": home / "xdg-config",
        "XDG_CACHE_HOME": home / "xdg-cache",
        "XDG_DATA_HOME": home / "xdg-data",
        "IPYTHONDIR": home / "ipython",
        "MPLCONFIGDIR": home / "mpl",
    }
    for path in dirs.values():
        path.mkdir(parents=True, exist_ok=True)
    # JupyterLab's news toast would cover the screenshots.
    labconfig = dirs["JUPYTER_CONFIG_DIR"] / "labconfig"
    labconfig.mkdir(exist_ok=True)
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {"@jupyterlab/apputils-extension:announcements": True}})
    )
    env = {k: v for k, v in os.environ.items() if "proxy" not in k.lower()}
    env.update({k: str(v) for k, v in dirs.items()})
    env["PATH"] = os.path.dirname(sys.executable) + os.pathsep + env.get("PATH", "")
    env["NO_PROXY"] = "127.0.0.1,localhost"
    env["PYTHONUNBUFFERED"] = "1"
    env["MARIMO_SKIP_UPDATE_CHECK"] = "1"
    env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
    return env


@dataclass
class Server:
    """A server process running in its own session; ``stop()`` kills the whole session."""

    name: str
    argv: list[str]
    port: int
    log_path: Path
    env: dict[str, str]
    cwd: Path
    ready_path: str = "/"
    token: str | None = None
    process: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, timeout: float = SERVER_START_TIMEOUT) -> Server:
        log = self.log_path.open("wb")
        self.process = subprocess.Popen(
            self.argv,
            cwd=self.cwd,
            env=self.env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        log.close()
        self.wait_ready(timeout)
        return self

    def log_tail(self, lines: int = 40) -> str:
        try:
            text = self.log_path.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return "\n".join(text.splitlines()[-lines:])

    def fail(self, reason: str) -> AssertionError:
        return AssertionError(
            f"{self.name}: {reason}\n--- {self.log_path} (tail) ---\n{self.log_tail()}"
        )

    def wait_ready(self, timeout: float) -> None:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        url = self.url + self.ready_path
        last_error = ""
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise self.fail(f"exited with code {self.process.returncode} before it was ready")
            try:
                with urllib.request.urlopen(url, timeout=5) as response:
                    if response.status == 200:
                        return
                    last_error = f"HTTP {response.status}"
            except (urllib.error.URLError, OSError) as error:
                last_error = str(error)
            time.sleep(0.25)
        self.stop()
        raise self.fail(f"not ready at {url} after {timeout:.0f} s (last: {last_error})")

    def stop(self) -> None:
        process = self.process
        if process is None or process.poll() is not None:
            return
        # The server and its kernels share the session we created: signal them all.
        for sig, grace in ((signal.SIGTERM, 10.0), (signal.SIGKILL, 5.0)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, sig)
            try:
                process.wait(timeout=grace)
                break
            except subprocess.TimeoutExpired:
                continue
        # Kernels may outlive the server briefly; make sure nothing of the session remains.
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def jupyter_server(kind: str, root: Path, home: Path) -> Server:
    """JupyterLab (``kind="lab"``) or Notebook 7 (``kind="notebook"``) serving ``root``."""
    port = free_port()
    app = "LabApp" if kind == "lab" else "JupyterNotebookApp"
    module = "jupyterlab" if kind == "lab" else "notebook"
    argv = [
        sys.executable,
        "-m",
        module,
        "--ip=127.0.0.1",
        f"--port={port}",
        "--no-browser",
        "--allow-root",
        f"--IdentityProvider.token={TOKEN}",
        f"--ServerApp.root_dir={root}",
        "--ServerApp.port_retries=0",
        f"--{app}.expose_app_in_browser=True",
        "--LabServerApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"
        if kind == "lab"
        else "--ServerApp.open_browser=False",
    ]
    return Server(
        name="JupyterLab" if kind == "lab" else "Notebook 7",
        argv=argv,
        port=port,
        log_path=home / f"{kind}.log",
        env=private_env(home / kind),
        cwd=root,
        ready_path=f"/api/status?token={TOKEN}",
        token=TOKEN,
    )


def voila_server(root: Path, home: Path) -> Server:
    """Voila serving every notebook of ``root`` at ``/voila/render/<name>``."""
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "voila",
        str(root),
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--no-browser",
        "--show_tracebacks=True",
    ]
    return Server("Voila", argv, port, home / "voila.log", private_env(home / "voila"), root)


def marimo_server(root: Path, home: Path) -> Server:
    """``marimo run`` over the folder ``root``: each app is at ``/?file=<name>``."""
    port = free_port()
    argv = [
        sys.executable,
        "-m",
        "marimo",
        "run",
        str(root),
        "--headless",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--no-token",
        "--no-sandbox",
        "--session-ttl",
        "5",
    ]
    return Server(
        "marimo", argv, port, home / "marimo.log", private_env(home / "marimo"), root, "/health"
    )


def safe_name(text: str) -> str:
    """A file-name-safe form of a pytest node id."""
    return re.sub(r"[^A-Za-z0-9_.-]+", "_", text).strip("_")[:120]


def notebook_json(cells: list[str]) -> str:
    """An nbformat 4 notebook with the given code cells and the project's python3 kernel."""
    return json.dumps(
        {
            "cells": [
                {
                    "cell_type": "code",
                    "execution_count": None,
                    "id": f"cell-{i}",
                    "metadata": {},
                    "outputs": [],
                    "source": source,
                }
                for i, source in enumerate(cells)
            ],
            "metadata": {
                "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
                "language_info": {"name": "python"},
            },
            "nbformat": 4,
            "nbformat_minor": 5,
        },
        indent=1,
    )


def wait_until(
    predicate: Callable[[], Any], timeout: float, message: Callable[[], str] | str
) -> Any:
    """Poll ``predicate`` until it returns a truthy value; fail after ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(message() if callable(message) else message)
        time.sleep(0.1)


# JavaScript run in a JupyterLab / Notebook 7 page (``expose_app_in_browser``).
JS_KERNEL_IDLE = """() => {
  const w = window.jupyterapp && window.jupyterapp.shell.currentWidget;
  const k = w && w.sessionContext && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && k.connectionStatus === 'connected';
}"""

JS_RUN_ALL = "() => window.jupyterapp.commands.execute('notebook:run-all-cells')"
# Every code cell has run: an execution count on each, and the kernel idle.
JS_ALL_DONE = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  if (!k || k.status !== 'idle') return false;
  return w.content.widgets.every((c) => c.model.type !== 'code' || c.model.executionCount !== null);
}"""

JS_KERNEL_EXEC = """async ([code, ms]) => {
  const k = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = k.requestExecute({code, store_history: false, silent: false});
  let out = '';
  future.onIOPub = (msg) => {
    const c = msg.content;
    if (msg.header.msg_type === 'stream') out += c.text;
    if (msg.header.msg_type === 'error') out += 'KERNEL ERROR ' + c.ename + ': ' + c.evalue;
  };
  const timeout = new Promise((resolve) => setTimeout(() => resolve('TIMEOUT'), ms));
  if ((await Promise.race([future.done, timeout])) === 'TIMEOUT') {
    return 'KERNEL ERROR timeout after ' + ms + ' ms; output so far: ' + out;
  }
  return out;
}"""


def write_notebook(root: Path, name: str, cells: list[str]) -> str:
    """Write ``name`` (a fresh file per test, so no two tests share a kernel); return its name."""
    (root / name).write_text(notebook_json(cells))
    return name


def open_in_jupyter(page: Any, server: Server, name: str, workspace: str) -> None:
    """Open notebook ``name`` in JupyterLab or Notebook 7, wait for its kernel, run all cells."""
    if server.name == "JupyterLab":
        # A workspace per test: Lab must not restore the previous test's notebook tabs.
        url = f"{server.url}/lab/workspaces/{workspace}/tree/{name}?reset&token={server.token}"
    else:
        url = f"{server.url}/notebooks/{name}?token={server.token}"
    page.goto(url, wait_until="domcontentloaded", timeout=60_000)
    try:
        page.wait_for_function(JS_KERNEL_IDLE, timeout=90_000, polling=200)
    except Exception as error:
        raise server.fail(f"kernel of {name} not idle in 90 s ({error})") from error
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")


def open_lab_notebook(
    page: Any, server: Server, root: Path, name: str, cells: list[str], *widgets: str
) -> None:
    """Write ``cells`` as ``name``.ipynb in ``root``, open it in JupyterLab in a workspace of its
    own (``name``), run it and wait until each of the ``widgets`` (CSS selectors) shows."""
    write_notebook(root, f"{name}.ipynb", cells)
    open_in_jupyter(page, server, f"{name}.ipynb", workspace=name)
    for selector in widgets:
        wait_for_widget(page, selector)


LAB_THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def lab_theme(page: Any, theme: str) -> None:
    """Switch JupyterLab's theme (``"light"`` or ``"dark"``, a server-wide setting), wait until
    every widget on the page follows, and let CSS transitions settle."""
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
    page.wait_for_timeout(300)


@contextlib.contextmanager
def dark_lab(page: Any) -> Iterator[None]:
    """JupyterLab in its dark theme for the ``with`` body, and light again after it, also when
    the body fails: the theme is a server-wide setting, and the other Lab tests expect light."""
    try:
        lab_theme(page, "dark")
        yield
    finally:
        lab_theme(page, "light")


def kernel_exec(page: Any, code: str, timeout: float = 30.0) -> str:
    """Run ``code`` in the notebook's kernel (not in a cell) and return what it printed."""
    out: str = page.evaluate(JS_KERNEL_EXEC, [code, int(timeout * 1000)])
    assert "KERNEL ERROR" not in out, out
    return out


def open_in_voila(page: Any, server: Server, name: str) -> None:
    """Render notebook ``name`` with Voila (a fresh kernel per page load)."""
    page.goto(f"{server.url}/voila/render/{name}", wait_until="domcontentloaded", timeout=90_000)


def open_in_marimo(page: Any, server: Server, name: str) -> None:
    """Open app ``name`` of the marimo folder server (a fresh session per page load)."""
    page.goto(f"{server.url}/?file={name}", wait_until="domcontentloaded", timeout=90_000)


def screenshot(page: Any, name: str) -> Path:
    """Save a named screenshot (in addition to the one taken when each test ends)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{safe_name(name)}.png"
    page.screenshot(path=str(path), full_page=True, timeout=15_000)
    return path


# Error outputs of the front ends: a notebook cell's traceback (Lab, Notebook 7, Voila) or a
# marimo cell error. Waiting for a widget stops early when one appears, and reports it.
ERROR_SELECTORS = (
    '[data-mime-type="application/vnd.jupyter.error"]',
    '[data-mime-type="application/vnd.jupyter.stderr"]',
    ".jp-OutputArea-output.jp-mod-error",
    ".marimo-error",
    '[data-testid="marimo-static-error"]',
)

# marimo renders widgets inside shadow roots, so look through them too.
JS_WIDGET_OR_ERROR = """([selector, errors]) => {
  const deep = (root, sel) => {
    const hit = root.querySelector(sel);
    if (hit) return hit;
    for (const el of root.querySelectorAll('*')) {
      if (el.shadowRoot) {
        const inner = deep(el.shadowRoot, sel);
        if (inner) return inner;
      }
    }
    return null;
  };
  const found = deep(document, selector);
  if (found && found.getClientRects().length) return 'ok';
  for (const e of errors) {
    const node = deep(document, e);
    if (node && node.textContent.trim()) return 'error: ' + node.textContent.slice(-2000);
  }
  return null;
}"""


def wait_for_widget(page: Any, selector: str, timeout: float = 90.0) -> None:
    """Wait until ``selector`` is visible; fail at once with the text of an error output."""
    try:
        handle = page.wait_for_function(
            JS_WIDGET_OR_ERROR,
            arg=[selector, list(ERROR_SELECTORS)],
            timeout=timeout * 1000,
            polling=200,
        )
    except Exception as error:
        raise AssertionError(f"{selector} not shown in {timeout:.0f} s: {error}") from error
    result = handle.json_value()
    assert result == "ok", f"{selector} not shown; the page shows an error:\n{result}"
