"""Fixtures of the browser tests: a real uvicorn server (a thread, a temporary SQLite
store, a free port) and Debian's chromium driven by Playwright for Python, one browser
for the whole session. Playwright's own browser downloads are never used: without
/usr/bin/chromium the tests skip, or fail when the environment variable CI is set (CI
installs it and must run them)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, BrowserContext, Page

from footwork.server.app import create_app
from footwork.store import open_store
from tests.store.pgserver import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
        "--disable-background-networking", "--disable-component-update", "--disable-sync"]
ADMIN = "admin-key-for-browser-tests"
#: the longest a page may take to show something, in ms
PATIENCE_MS = 15_000


class Server:
    """The table server on a free port, in a thread of this process."""

    def __init__(self, db: Path) -> None:
        self.store = open_store(str(db))
        self.app = create_app(self.store, admin_secret=ADMIN)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                log_level="warning", ws="websockets-sansio")
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)

    def table(self, example: str, **body: Any) -> Table:
        reply = httpx.post(f"{self.url}/api/tables", json={"example": example, **body},
                           timeout=30)
        assert reply.status_code == 201, reply.text
        return Table(self, reply.json())

    def close(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=30)
        self.store.close()


class Table:
    """A table made through the API, with its seats' secrets and page links."""

    def __init__(self, server: Server, created: dict[str, Any]) -> None:
        self.server = server
        self.id: str = created["table"]["id"]
        self.secrets: dict[str, str] = {s["seat"]: s["secret"] for s in created["seats"]}

    def link(self, seat: str = "gm") -> str:
        return f"{self.server.url}/t/{self.id}?key={self.secrets[seat]}"

    def get(self, path: str, seat: str = "gm", **params: Any) -> Any:
        reply = httpx.get(f"{self.server.url}/api/tables/{self.id}/{path}", params=params,
                          headers={"Authorization": f"Bearer {self.secrets[seat]}"},
                          timeout=30)
        assert reply.status_code == 200, reply.text
        return reply.json()

    def send(self, command: dict[str, Any], seat: str = "gm") -> dict[str, Any]:
        """A command through the API (another device at the table)."""
        version = self.state(seat)["version"]
        reply = httpx.post(f"{self.server.url}/api/tables/{self.id}/commands",
                           headers={"Authorization": f"Bearer {self.secrets[seat]}"},
                           json={"version": version, "command": command,
                                 "command_id": f"api-{time.monotonic_ns()}"}, timeout=30)
        assert reply.status_code == 200, reply.text
        result: dict[str, Any] = reply.json()
        return result

    def state(self, seat: str = "gm") -> dict[str, Any]:
        state: dict[str, Any] = self.get("state", seat)
        return state


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("web") / "footwork.db")
    yield running
    running.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        message = "the browser tests need Debian's chromium (apt-get install chromium)"
        if os.environ.get("CI"):
            pytest.fail(message, pytrace=False)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield launched
        launched.close()


@pytest.fixture
def context(browser: Browser) -> Iterator[BrowserContext]:
    made = browser.new_context(viewport={"width": 1280, "height": 800})
    made.set_default_timeout(PATIENCE_MS)
    yield made
    made.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()


@pytest.fixture(scope="module")
def phone(browser: Browser) -> Iterator[BrowserContext]:
    """A touch phone's context (390×844 CSS pixels, twice as many on the screen), shared
    by a module's tests."""
    made = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True,
                               has_touch=True, device_scale_factor=2)
    made.set_default_timeout(PATIENCE_MS)
    yield made
    made.close()


def table_of(server: Server, link: str) -> Table:
    """The table of a seat's page link (as the lobby shows it)."""
    path, _, query = link.partition("?key=")
    table_id = path.rstrip("/").rsplit("/", 1)[-1]
    return Table(server, {"table": {"id": table_id}, "seats": [{"seat": "gm", "secret": query}]})


def wait_until(check: Any, what: str, timeout: float = PATIENCE_MS / 1000) -> Any:
    """Poll ``check()`` until it is truthy (the server's side of what a page did)."""
    deadline = time.monotonic() + timeout
    while True:
        found = check()
        if found:
            return found
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {timeout:.0f} s for {what}")
        time.sleep(0.05)


#: the centre of a part of a highlighted place that a click reaches (not under a token,
#: not under another place), and its data-place; null when there is none
_CLICKABLE = """(selector) => {
  for (const el of document.querySelectorAll(selector)) {
    const r = el.getBoundingClientRect();
    for (const fy of [0.5, 0.3, 0.7, 0.15, 0.85]) {
      for (const fx of [0.5, 0.3, 0.7, 0.15, 0.85]) {
        const x = r.left + r.width * fx, y = r.top + r.height * fy;
        const hit = document.elementFromPoint(x, y);
        if (hit && hit.closest('.fw-reach') === el && !hit.closest('[data-actor]')) {
          return {x, y, place: el.getAttribute('data-place'),
                  options: el.getAttribute('data-options')};
        }
      }
    }
  }
  return null;
}"""


def click_place(page: Page, selector: str = "#map .fw-reach") -> dict[str, Any]:
    """Click (with the mouse) a highlighted place of the map; when several options go
    there, take the first the page offers. Returns the place and its options."""
    point: dict[str, Any] | None = page.evaluate(_CLICKABLE, selector)
    assert point is not None, f"no clickable {selector} on the map"
    page.mouse.click(point["x"], point["y"])
    # the page reads the place's options in full before it moves or asks which
    page.wait_for_selector("body:not([data-moving])")
    chooser = page.locator("#choose-dialog[open] #choose-list button")
    if chooser.count():
        chooser.first.click()
    return point


def open_table(page: Page, link: str) -> None:
    """Open a table's page and wait until its map is drawn and it is live."""
    page.goto(link)
    page.wait_for_selector("#map svg")
    page.wait_for_selector('#live[data-status="live"]')
