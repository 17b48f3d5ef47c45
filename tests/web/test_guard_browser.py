"""Security headers on every answer (issue 24, item 3): a CSP with no inline script and no
framing, no referrer, no sniffing; the lobby and a table load in chromium with no CSP
violation and no script error. And the lobby's New key and Revoke buttons, in chromium:
the game master revokes a player's seat and the player's open page says at once that its
link no longer opens the table (its live connection closed, not retried); New key gives
the seat a link again. Screenshots: docs/web/guard-*.png. (One module: one browser.)"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser, Locator, Page, expect

from footwork.server.app import create_app
from footwork.server.guard import Guard
from footwork.store import open_store
from tests.importers.maps import dumps, dungeondraft
from tests.store.pgserver import free_port
from tests.web.conftest import PATIENCE_MS, Server


def _violations(browser: Browser, url: str, ready: str) -> list[str]:
    page = browser.new_page()
    found: list[str] = []
    page.on("console", lambda m: found.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: found.append(str(e)))
    page.add_init_script("document.addEventListener('securitypolicyviolation', (e) => "
                         "console.error('CSP violation: ' + e.violatedDirective))")
    page.goto(url)
    page.wait_for_selector(ready, timeout=PATIENCE_MS)
    page.wait_for_timeout(500)
    page.close()
    return found


@pytest.mark.parametrize("seat", ["gm", "side:tide"])
def test_the_lobby_and_a_table_load_with_no_csp_violation(
        browser: Browser, server: Server, seat: str) -> None:
    table = server.table("cultivation/flooded-hall")
    errors: list[Any] = []
    if seat == "gm":
        errors += _violations(browser, server.url + "/", "#tables li")
    errors += _violations(browser, table.link(seat), "#map svg")
    assert errors == []


ADMIN = "admin-key-for-lobby-key-tests"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "web"


def shot(taken: Page | Locator, config: pytest.Config, name: str) -> None:
    """A screenshot for docs/web.md, written only when the docs are being updated
    (`--update-golden`): a test run leaves the checkout as it found it."""
    if config.getoption("--update-golden"):
        taken.screenshot(path=str(SHOTS / name))


def _serve(tmp_path_factory: pytest.TempPathFactory, guard: Guard | None) -> Iterator[str]:
    store = open_store(str(tmp_path_factory.mktemp("lobby-keys") / "t.db"))
    app = create_app(store, admin_secret=ADMIN, link_seed="seed-of-lobby-key-tests",
                     guard=guard)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", ws="websockets-sansio"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)
    store.close()


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _serve(tmp_path_factory, None)


@pytest.fixture(scope="module")
def closed(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A server with `footwork serve`'s safe limits: only the game master makes tables."""
    yield from _serve(tmp_path_factory, Guard())


def test_the_builder_imports_checks_and_opens_a_table_on_a_closed_lobby(
        browser: Browser, closed: str, tmp_path: Path, pytestconfig: pytest.Config) -> None:
    """On a closed lobby the import, the builder's check (and drawing) and "Open as a
    table" all send the game master's key the lobby kept on this device: without it each
    is refused (401), with it a map chosen in the lobby lands in the builder, loads
    ("✓ loads", its rooms drawn) and opens as the game master's table."""
    for path, body in (("/api/tables", {"example": "cultivation/flooded-hall"}),
                       ("/api/build/check", {"encounter": {}})):
        assert httpx.post(closed + path, json=body, timeout=30).status_code == 401
    page = browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{closed}/?key={ADMIN}")  # the lobby keeps the key on the device
    page.wait_for_selector("#tables", timeout=PATIENCE_MS)
    rooms = tmp_path / "two-rooms.dd2vtt"
    rooms.write_bytes(dumps(dungeondraft()))
    page.select_option("#import-ruleset", "sitemaps")
    with page.expect_navigation(url=f"{closed}/build", timeout=PATIENCE_MS):
        page.set_input_files("#import-file", str(rooms))
    expect(page.locator("#status")).to_have_text("✓ loads", timeout=PATIENCE_MS)
    expect(page.locator("#preview")).to_contain_text("room-2", timeout=PATIENCE_MS)
    shot(page, pytestconfig, "guard-build-closed-lobby.png")
    page.click("#open-table")
    page.wait_for_url(f"{closed}/t/*", timeout=PATIENCE_MS)
    assert errors == []
    page.close()


def test_revoking_a_seat_in_the_lobby_closes_the_players_page(
        browser: Browser, seeded: str, pytestconfig: pytest.Config) -> None:
    made = httpx.post(f"{seeded}/api/tables", json={"example": "cultivation/flooded-hall"},
                      headers={"Authorization": f"Bearer {ADMIN}"}, timeout=30).json()
    table = made["table"]["id"]
    link = seeded + next(s["link"] for s in made["seats"] if s["seat"] == "side:tide")
    player = browser.new_page()
    player.goto(link)
    player.wait_for_selector('#live[data-status="live"]', timeout=PATIENCE_MS)
    # ren's turn (side tide): End the turn is offered, ren is picked up by a click
    expect(player.locator("#end-turn")).to_have_text("End ren's turn", timeout=PATIENCE_MS)
    player.click('.actor-button[data-actor="ren"]')
    expect(player.locator("#options button").first).to_be_visible(timeout=PATIENCE_MS)
    lobby = browser.new_page(viewport={"width": 1100, "height": 800})
    lobby.on("dialog", lambda dialog: dialog.accept())
    lobby.goto(f"{seeded}/?key={ADMIN}")
    seat = f'li[data-table="{table}"] li[data-seat="side:tide"]'
    lobby.click(f"{seat} .seat-revoke", timeout=PATIENCE_MS)
    # (the line is redrawn with the answer: the old line had New key too)
    expect(lobby.locator(seat)).to_contain_text("revoked", timeout=PATIENCE_MS)
    # the seat's line is redrawn: the focus goes to its New key, not the page's start
    expect(lobby.locator(f"{seat} .seat-rotate")).to_be_focused()
    player.wait_for_selector('#live[data-status="closed"]', timeout=PATIENCE_MS)
    assert "changed this seat's key" in player.inner_text("#banner")
    # commands are off: End the turn and the options went, ren is put down (session 34:
    # they stayed, and a tap was refused as unauthorised)
    expect(player.locator("#end-turn")).to_be_hidden()
    expect(player.locator("#options button")).to_have_count(0)
    expect(player.locator('.actor-button[data-actor="ren"]')).to_be_disabled()
    shot(player, pytestconfig, "guard-revoked-player.png")
    shot(lobby.locator(seat), pytestconfig, "guard-revoked-seat.png")
    assert httpx.get(link.replace("/t/", "/api/tables/").replace("?key=", "/state?key="),
                     timeout=30).status_code == 401
    lobby.click(f"{seat} .seat-rotate")
    lobby.wait_for_selector(f"{seat} input.seat-link", timeout=PATIENCE_MS)
    fresh = lobby.input_value(f"{seat} input.seat-link")
    # it says so, and the focus is on Copy, to send the new link (session 34: nothing
    # said the key had changed, and the focus was lost with the button)
    expect(lobby.locator(f"{seat} .seat-changed")).to_contain_text("old one no longer")
    expect(lobby.locator(f"{seat} button.copy")).to_be_focused()
    assert fresh != link and f"/t/{table}?key=" in fresh
    shot(lobby.locator(seat), pytestconfig, "guard-new-key-seat.png")
    player.close()
    lobby.close()
