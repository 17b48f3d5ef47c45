"""Security headers on every answer (issue 24, item 3): a CSP with no inline script and no
framing, no referrer, no sniffing, on pages, scripts, the API and refusals; and no page
holds an inline script, style or handler. (In chromium: tests/web/test_guard_browser.py.)"""

from __future__ import annotations

from fastapi.testclient import TestClient

from footwork.server.headers import SECURITY_HEADERS

from .conftest import Table


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
