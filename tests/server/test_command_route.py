"""The command route (issue 24: what a command costs the server): answered before the
framework's routing, the key checked before the body is read, seat keys kept by a loaded
table (no store query to let a request in) and checked again by the append, decided in a
worker thread (a table loading or busy never stops the event loop). Against SQLite and
PostgreSQL."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork.engine.seats import GM, Seat
from footwork.server.tables import Tables, Unauthorized
from footwork.store import open_store
from tests.server.conftest import Table

SIDE = "side:raiders"


def _end_turn(table: Table) -> dict[str, Any]:
    return {"do": "end_turn", "actor": table.state()["turn"]}


def _post(table: Table, body: bytes, secret: str) -> Any:
    return table.client.post(f"/api/tables/{table.id}/commands", content=body,
                             headers={"Authorization": f"Bearer {secret}",
                                      "Content-Type": "application/json"})


def test_the_key_is_checked_before_the_body_is_read(client: TestClient) -> None:
    """A stranger's body is never parsed: a wrong key with a malformed body is a 401;
    the right key gets the 400 that says where and what was expected."""
    table = Table(client)
    broken = b'{"version": 0, "command_id": "x", "command": '
    assert _post(table, broken, "made-up-key").status_code == 401
    refused = _post(table, broken, table.secrets["gm"])
    assert refused.status_code == 400 and refused.json()["reason"] == "invalid"
    assert refused.json()["message"].startswith("body: Invalid JSON")
    missing = _post(table, b'{"command_id": "x", "command": {}}', table.secrets["gm"])
    assert missing.status_code == 400
    assert missing.json()["message"] == "version: Field required"
    bad_id = _post(table, b'{"version": 0, "command_id": "a b", "command": {}}',
                   table.secrets["gm"])
    assert bad_id.status_code == 400 and bad_id.json()["message"].startswith("command_id:")
    assert table.state()["version"] == 0  # nothing refused changed anything


def test_the_schema_still_declares_the_route(client: TestClient) -> None:
    route = client.get("/openapi.json").json()["paths"]["/api/tables/{table_id}/commands"]
    body = route["post"]["requestBody"]["content"]["application/json"]["schema"]
    assert body["$ref"].endswith("/CommandRequest")
    assert "409" in route["post"]["responses"] and "422" in route["post"]["responses"]
    assert client.get("/api/tables/x/commands").status_code == 405  # only POST is taken


def test_a_key_rotated_by_another_process_lets_no_command_in(store_url: str) -> None:
    """Two servers over one store (no notification between them here): the first keeps
    the seat's key from its last read; the second rotates it. The first's next command
    with the old key is refused by the append itself and appends nothing, and the first
    then reads the keys again (issue 24 item 3: the old link stops at once)."""
    here, there = open_store(store_url), open_store(store_url)
    try:
        first, second = Tables(here), Tables(there)
        record, secrets = first.create("footwork: 1\nruleset: spans\nmap:\n  spans:\n"
                                       "    - {id: deck}\nactors:\n"
                                       "  - {id: ada, side: crew, at: deck}\n")
        seat, key = first.seat_and_key(record.id, secrets["side:crew"])
        assert seat == Seat("side", "crew") and key is not None
        second.rotate(record.id, GM, "side:crew")
        # reads through the first may still take the old key until it hears of the change
        assert first.seat_of(record.id, secrets["side:crew"]) == seat
        version = first.live(record.id).seat_version(seat)
        with pytest.raises(Unauthorized):
            first.command(record.id, seat, version, "c1", {"do": "end_turn", "actor": "ada"},
                          key=key)
        assert here.table(record.id).version == 0 and here.read(record.id) == []
        with pytest.raises(Unauthorized):  # and now no longer, for anything
            first.seat_of(record.id, secrets["side:crew"])
    finally:
        here.close()
        there.close()


def test_a_table_not_loaded_or_busy_is_decided_off_the_event_loop(
        client: TestClient) -> None:
    """A command to a table that is not in memory loads it (from the store); one to a
    table another request holds waits for it in a worker thread, and the server answers
    other requests meanwhile."""
    table = Table(client)
    tables: Tables = client.app.state.tables  # type: ignore[attr-defined]
    tables._live.pop(table.id)  # dropped from memory, as the cache bound does
    assert table.send(_end_turn(table)).status_code == 200
    live = tables.live(table.id)
    command = _end_turn(table)
    answers: list[Any] = []
    with live.lock:  # another request at the table
        sender = threading.Thread(target=lambda: answers.append(table.send(command,
                                                                           version=1)))
        sender.start()
        sender.join(timeout=0.3)
        assert sender.is_alive() and not answers  # waiting for the table...
        reads: list[int] = []  # ...not stopping the loop (a read answered meanwhile)
        reader = threading.Thread(
            target=lambda: reads.append(client.get("/api/rulesets").status_code))
        reader.start()
        reader.join(timeout=20)
        assert reads == [200] and not answers
    sender.join(timeout=30)
    assert answers and answers[0].status_code == 200, answers
    assert table.state()["version"] == 2
