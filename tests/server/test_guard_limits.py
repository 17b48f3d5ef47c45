"""What a stranger can cost (issue 24, item 2): creating tables needs the server's key
unless the lobby is open (then a daily quota per address); a table's log is bounded in
bytes; bodies are bounded before they are parsed and an encounter is read within a time
budget, off the event loop (another table's reads are answered meanwhile); WebSocket
messages are bounded; wrong keys are limited per address (429 with Retry-After)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from footwork.server.app import create_app
from footwork.server.guard import Guard
from footwork.store import open_store
from tests.server.conftest import ADMIN, Table
from tests.store.pgserver import free_port

EXAMPLE = {"example": "spans/boarding-action"}


def _client(tmp_path: Path, guard: Guard) -> TestClient:
    return TestClient(create_app(open_store(str(tmp_path / "t.db")), admin_secret=ADMIN,
                                 guard=guard))


def test_a_closed_lobby_creates_tables_for_the_game_master_only(tmp_path: Path) -> None:
    with _client(tmp_path, Guard()) as client:
        keyless = client.post("/api/tables", json=EXAMPLE)
        assert keyless.status_code == 401 and "game master's key" in keyless.json()["message"]
        wrong = client.post("/api/tables", json=EXAMPLE, headers={"Authorization": "Bearer x"})
        assert wrong.status_code == 401
        assert client.get("/api/tables").json() == []  # refused: nothing made
        made = client.post("/api/tables", json=EXAMPLE,
                           headers={"Authorization": f"Bearer {ADMIN}"})
        assert made.status_code == 201


def test_an_open_lobby_gives_each_address_its_quota(tmp_path: Path) -> None:
    with _client(tmp_path, Guard(open_lobby=True, tables_per_client=2)) as client:
        assert [client.post("/api/tables", json=EXAMPLE).status_code
                for _ in range(2)] == [201, 201]
        over = client.post("/api/tables", json=EXAMPLE)
        assert over.status_code == 429 and over.json()["reason"] == "too_many"
        assert 3_600 < int(over.headers["Retry-After"]) <= 86_400
        assert len(client.get("/api/tables").json()) == 2
        # the game master is not counted
        assert client.post("/api/tables", json=EXAMPLE,
                           headers={"Authorization": f"Bearer {ADMIN}"}).status_code == 201


def test_a_full_table_refuses_commands_and_changes_nothing(tmp_path: Path) -> None:
    with _client(tmp_path, Guard.embedded().__class__(open_lobby=True,
                                                       table_bytes=12_000)) as client:
        table = Table(client)
        refused = None
        for _ in range(200):
            reply = table.send({"do": "end_turn", "actor": table.state()["turn"]})
            if reply.status_code != 200:
                refused = reply
                break
        assert refused is not None and refused.status_code == 413
        body = refused.json()
        assert body["reason"] == "table_full" and "--table-bytes" in body["message"]
        before = table.state()
        again = table.send({"do": "end_turn", "actor": before["turn"]})
        assert again.status_code == 413 and table.state()["version"] == before["version"]
        assert table.send({"do": "undo"}).status_code == 200  # taking back still works


def test_a_costly_encounter_is_refused_within_its_time_budget(tmp_path: Path) -> None:
    # 60,000 values: under the nodes limit, a second or two of YAML parsing
    text = "footwork: 1\nruleset: spans\nnotes:\n" + "".join(
        f"  - [{i}, {i}, {i}]\n" for i in range(15_000))
    with _client(tmp_path, Guard(open_lobby=True, parse_seconds=0.1)) as client:
        reply = client.post("/api/tables", json={"encounter": text})
        assert reply.status_code == 413 and reply.json()["reason"] == "too_costly"
        assert "--parse-seconds" in reply.json()["message"]
        assert client.get("/api/tables").json() == []


def test_wrong_keys_make_an_address_wait(tmp_path: Path) -> None:
    with _client(tmp_path, Guard(open_lobby=True, wrong_keys=3)) as client:
        table = Table(client)
        codes = [table.client.get(f"/api/tables/{table.id}/state",
                                  params={"key": f"guess{i}"}).status_code for i in range(3)]
        assert codes == [401, 401, 401]
        held = table.get("state")  # even the right key waits
        assert held.status_code == 429 and 1 <= int(held.headers["Retry-After"]) <= 60
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
                f"/api/tables/{table.id}/live?key={table.secrets['gm']}") as socket:
            socket.receive_json()
        assert closed.value.code == 4401 and "too many wrong keys" in closed.value.reason


def test_a_websocket_message_over_the_frame_limit_closes_it(tmp_path: Path) -> None:
    with _client(tmp_path, Guard(open_lobby=True, frame_bytes=1_024)) as client:
        table = Table(client)
        with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
                f"/api/tables/{table.id}/live?key={table.secrets['gm']}&after=0") as socket:
            socket.send_text("x" * 2_000)
            socket.receive_json()
        assert closed.value.code == 1009


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real uvicorn (a thread) with the limits of `footwork serve`, the lobby open."""
    store = open_store(str(tmp_path_factory.mktemp("guard") / "t.db"))
    app = create_app(store, admin_secret=ADMIN, guard=Guard(open_lobby=True))
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port,
                                           log_level="warning", ws_max_size=16_384))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)
    store.close()


def test_a_big_body_is_refused_while_other_tables_are_read(served: str) -> None:
    made = httpx.post(f"{served}/api/tables", json=EXAMPLE, timeout=30).json()
    table, key = made["table"]["id"], made["seats"][0]["secret"]
    # announced: refused on its Content-Length, before a byte of it is read
    announced = httpx.post(f"{served}/api/tables", content=b"x" * 2_500_000, timeout=30,
                           headers={"content-type": "application/json"})
    assert announced.status_code == 413 and "--body-bytes" in announced.json()["message"]
    # streamed (no length): refused once 1 MB arrived; meanwhile another table is read
    # (loaded first: loading parses the encounter, which on a busy machine can outlast
    # the upload, and is not what this checks)
    assert httpx.get(f"{served}/api/tables/{table}/state", params={"key": key},
                     timeout=30).status_code == 200
    sent, answered = threading.Event(), {}

    def chunks() -> Iterator[bytes]:
        for i in range(40):  # 2.5 MB in 64 KB chunks
            if i == 4:
                sent.set()
            yield b" " * 65_536
            time.sleep(0.02)

    def upload() -> None:
        try:
            answered["big"] = httpx.post(f"{served}/api/tables", content=chunks(), timeout=60,
                                         headers={"content-type": "application/json"}
                                         ).status_code
        except httpx.HTTPError as exc:  # the server may close before all was sent
            answered["big"] = type(exc).__name__
    poster = threading.Thread(target=upload)
    poster.start()
    assert sent.wait(30)
    read = httpx.get(f"{served}/api/tables/{table}/state", params={"key": key}, timeout=30)
    big_done = not poster.is_alive()
    poster.join(timeout=60)
    assert read.status_code == 200 and not big_done  # answered while the upload went on
    assert answered["big"] in (413, "RemoteProtocolError", "WriteError", "ReadError")
