"""Security headers on every answer (issue 24, item 3): a CSP with no inline script and no
framing, no referrer, no sniffing; the lobby and a table load in chromium with no CSP
violation and no script error."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser

from footwork.server.headers import SECURITY_HEADERS
from tests.server.conftest import Table
from tests.web.conftest import PATIENCE_MS, Server, browser, server

__all__ = ["browser", "server"]


def test_every_answer_carries_the_security_headers(client: TestClient) -> None:
    table = Table(client)
    answers = {
        "lobby page": client.get("/"),
        "table page": client.get(f"/t/{table.id}?key={table.secrets['gm']}"),
        "script": client.get("/web/table.js"),
        "style": client.get("/web/lobby.css"),
        "api": table.get("state"),
        "drawing": table.get("drawing"),
        "refusal 401": client.get(f"/api/tables/{table.id}/state?key=wrong"),
        "refusal 404": client.get("/nothing-here"),
        "refusal 413": client.post("/api/tables", content=b"x" * 5_000_000,
                                   headers={"content-type": "application/json"}),
    }
    for what, answer in answers.items():
        for name, value in SECURITY_HEADERS.items():
            assert answer.headers.get(name) == value, (what, name, answer.status_code)
    csp = SECURITY_HEADERS["Content-Security-Policy"]
    assert "script-src 'self'" in csp and "unsafe-inline" not in csp
    assert "frame-ancestors 'none'" in csp


def test_the_pages_hold_no_inline_script_or_style(client: TestClient) -> None:
    for path in ("/", "/t/x"):
        html = client.get(path).text
        assert "<style" not in html and " style=" not in html
        for tag in html.split("<script")[1:]:
            assert ' src="/web/' in tag.split(">")[0], tag[:80]  # a file, never inline
        assert " onclick=" not in html and " onload=" not in html


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
