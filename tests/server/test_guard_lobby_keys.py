"""The lobby's New key and Revoke buttons (issue 24, item 3), in chromium: the game
master revokes a player's seat and the player's open page says at once that its link no
longer opens the table (its live connection closed, not retried); New key gives the seat
a link again. Screenshots: docs/web/guard-*.png."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from playwright.sync_api import Browser

from footwork.server.app import create_app
from footwork.store import open_store
from tests.store.pgserver import free_port
from tests.web.conftest import PATIENCE_MS, browser

__all__ = ["browser"]

ADMIN = "admin-key-for-lobby-key-tests"
SHOTS = Path(__file__).resolve().parents[2] / "docs" / "web"


@pytest.fixture(scope="module")
def seeded(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    store = open_store(str(tmp_path_factory.mktemp("lobby-keys") / "t.db"))
    app = create_app(store, admin_secret=ADMIN, link_seed="seed-of-lobby-key-tests")
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


def test_revoking_a_seat_in_the_lobby_closes_the_players_page(browser: Browser,
                                                              seeded: str) -> None:
    made = httpx.post(f"{seeded}/api/tables", json={"example": "cultivation/flooded-hall"},
                      headers={"Authorization": f"Bearer {ADMIN}"}, timeout=30).json()
    table = made["table"]["id"]
    link = seeded + next(s["link"] for s in made["seats"] if s["seat"] == "side:tide")
    player = browser.new_page()
    player.goto(link)
    player.wait_for_selector('#live[data-status="live"]', timeout=PATIENCE_MS)
    lobby = browser.new_page(viewport={"width": 1100, "height": 800})
    lobby.on("dialog", lambda dialog: dialog.accept())
    lobby.goto(f"{seeded}/?key={ADMIN}")
    seat = f'li[data-table="{table}"] li[data-seat="side:tide"]'
    lobby.click(f"{seat} .seat-revoke", timeout=PATIENCE_MS)
    lobby.wait_for_selector(f"{seat} .seat-rotate", timeout=PATIENCE_MS)
    assert "revoked" in lobby.inner_text(seat)
    player.wait_for_selector('#live[data-status="closed"]', timeout=PATIENCE_MS)
    assert "changed this seat's key" in player.inner_text("#banner")
    player.screenshot(path=str(SHOTS / "guard-revoked-player.png"))
    lobby.locator(seat).screenshot(path=str(SHOTS / "guard-revoked-seat.png"))
    assert httpx.get(link.replace("/t/", "/api/tables/").replace("?key=", "/state?key="),
                     timeout=30).status_code == 401
    lobby.click(f"{seat} .seat-rotate")
    lobby.wait_for_selector(f"{seat} input.seat-link", timeout=PATIENCE_MS)
    fresh = lobby.input_value(f"{seat} input.seat-link")
    assert fresh != link and f"/t/{table}?key=" in fresh
    lobby.locator(seat).screenshot(path=str(SHOTS / "guard-new-key-seat.png"))
    player.close()
    lobby.close()
