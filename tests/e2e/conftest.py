"""Fixtures of the browser tests: one ``boardlab serve`` on SQLite per test worker, Debian's
Chromium driven by Playwright (never a browser Playwright downloads), and board screenshots
kept under the test's tmp dir and, when ``BOARDLAB_SCREENSHOTS=dir`` is set, in that dir."""

from __future__ import annotations

import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from .server import Api, Server

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
VIEWPORT = {"width": 1280, "height": 1000}


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    workdir = tmp_path_factory.mktemp("web")
    server = Server(f"sqlite:///{workdir / 'boardlab.db'}", workdir).start()
    yield server
    server.stop()


@pytest.fixture
def api(web_server: Server) -> Iterator[Api]:
    client = Api(web_server.url)
    yield client
    client.close()


@pytest.fixture
def browser() -> Iterator[Any]:
    """Chromium for one test. Not shared across tests: while Playwright's sync API is open,
    its event loop counts as running, and ``asyncio.run`` in a later test of the same
    worker (tests/web) would fail."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"{CHROMIUM} is missing (.ci/run installs Debian's chromium)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()


@pytest.fixture
def new_page(browser: Any, tmp_path: Path) -> Iterator[Callable[[], Any]]:
    """``new_page()`` opens a page in a new browser context (a person at another machine);
    every page's script errors and refused requests end up in the test's output."""
    contexts: list[Any] = []

    def open_page() -> Any:
        context = browser.new_context(viewport=VIEWPORT, accept_downloads=True)
        context.set_default_timeout(15_000)
        contexts.append(context)
        page = context.new_page()
        page.on("pageerror", lambda e: print(f"page error: {e}"))
        page.on("response", lambda r: r.status >= 400 and "/explain?" not in r.url and print(
            f"{r.status} {r.request.method} {r.url} {r.request.post_data or ''}"
        ))
        return page

    yield open_page
    for context in contexts:
        context.close()


@pytest.fixture
def screenshot(tmp_path: Path) -> Callable[[Any, str], Path]:
    """``screenshot(page, name)``: the page's ``#board`` as ``name.png`` under the test's tmp
    dir, copied into ``$BOARDLAB_SCREENSHOTS`` when that is set."""
    wanted = os.environ.get("BOARDLAB_SCREENSHOTS")

    def take(page: Any, name: str) -> Path:
        path = tmp_path / "screenshots" / f"{name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        page.locator("#board").screenshot(path=str(path))
        page.screenshot(path=str(path.with_name(f"{name}-page.png")), full_page=True)
        if wanted:
            Path(wanted).mkdir(parents=True, exist_ok=True)
            for shot in (path, path.with_name(f"{name}-page.png")):
                shutil.copy(shot, Path(wanted) / shot.name)
        return path

    return take
