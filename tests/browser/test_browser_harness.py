"""The harness itself, proved with a tiny inline anywidget (no cardwidgets code involved).

If these fail, the environment (servers, Chromium, anywidget front end) is broken; if only the
Tablić tests fail, the widget is. A click increments ``value`` in the browser; a Python observer
answers with ``echo``, which the page shows: the round trip browser -> kernel -> browser.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .apps import COUNTER
from .harness import (
    Server,
    kernel_exec,
    open_in_jupyter,
    open_in_marimo,
    open_in_voila,
    wait_for_widget,
    write_notebook,
)

pytestmark = [pytest.mark.browser, pytest.mark.timeout(240)]


def click_and_check_echo(page: Any) -> None:
    button = page.locator(".counter-button")
    wait_for_widget(page, ".counter-button")
    assert button.inner_text() == "count is 0"
    button.click()
    page.locator(".counter-echo", has_text="python saw 1").wait_for(timeout=30_000)
    assert button.inner_text() == "count is 1"


@pytest.mark.parametrize("server_fixture", ["lab_server", "notebook_server"])
def test_counter_round_trip_in_jupyter(
    page: Any, request: pytest.FixtureRequest, browser_dirs: dict[str, Path], server_fixture: str
) -> None:
    server: Server = request.getfixturevalue(server_fixture)
    name = write_notebook(
        browser_dirs["jupyter"], f"counter_{server_fixture}.ipynb", [COUNTER, "counter"]
    )
    open_in_jupyter(page, server, name, workspace=f"counter-{server_fixture}")
    click_and_check_echo(page)
    # The kernel's own view of the widget, read outside the notebook's cells.
    assert kernel_exec(page, "print(counter.value, counter.echo)").strip() == "1 python saw 1"


def test_counter_round_trip_in_voila(
    page: Any, voila: Server, browser_dirs: dict[str, Path]
) -> None:
    name = write_notebook(browser_dirs["jupyter"], "counter_voila.ipynb", [COUNTER, "counter"])
    open_in_voila(page, voila, name)
    click_and_check_echo(page)


def test_counter_round_trip_in_marimo(page: Any, marimo: Server) -> None:
    open_in_marimo(page, marimo, "counter_app.py")
    click_and_check_echo(page)
