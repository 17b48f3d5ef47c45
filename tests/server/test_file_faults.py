"""A refused encounter file through the API (issue 21, item 11): one line, and each
fault listed with its line, path and what was expected; nothing is created."""

from __future__ import annotations

from fastapi.testclient import TestClient

from tests.unit.test_gm_errors import BAD


def test_a_refused_file_lists_each_fault(client: TestClient) -> None:
    reply = client.post("/api/tables", json={"encounter": BAD})
    assert reply.status_code == 400
    body = reply.json()
    assert body["reason"] == "invalid" and "\n" not in body["message"]
    assert [(f["line"], f["path"]) for f in body["faults"]] == [
        (10, "actors[0].stats.heigth"), (11, "actors[1].stats.guard")]
    assert body["faults"][0]["message"] == "unknown field; did you mean 'height'?"
    assert client.get("/api/tables").json() == []
