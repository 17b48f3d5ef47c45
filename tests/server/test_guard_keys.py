"""Seat keys rotated and revoked by the game master (issue 24, item 3): the old link stops
at once, a live connection opened with it is closed (4401), the lobby gives the new link
again; players may not change keys. Against SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from footwork.server.app import create_app
from footwork.store import open_store
from tests.server.conftest import ADMIN, Table

SIDE = "side:raiders"


@pytest.fixture
def seeded(store_url: str) -> Iterator[TestClient]:
    """The API with a link seed: the lobby gives every seat's link again."""
    store = open_store(store_url)
    with TestClient(create_app(store, admin_secret=ADMIN, link_seed="seed-for-tests")
                    ) as test_client:
        yield test_client
    store.close()


def test_a_rotated_key_stops_the_old_link_and_closes_its_socket(seeded: TestClient) -> None:
    client = seeded
    table = Table(client)
    old = table.secrets[SIDE]
    version = table.state(SIDE)["version"]
    with client.websocket_connect(
            f"/api/tables/{table.id}/live?key={old}&after={version}") as socket:
        reply = client.post(f"/api/tables/{table.id}/seats/{SIDE}/rotate",
                            headers=table.headers("gm"))
        assert reply.status_code == 200, reply.text
        with pytest.raises(WebSocketDisconnect) as closed:
            socket.receive_json()
    assert closed.value.code == 4401
    assert "changed this seat's key" in closed.value.reason
    new = reply.json()
    assert new["seat"] == SIDE and new["secret"] != old and new["secret"] in new["link"]
    assert "<svg" in new["qr"]
    assert table.get("state", SIDE).status_code == 401  # the old key, at once
    table.secrets[SIDE] = new["secret"]
    assert table.state(SIDE)["seat"] == SIDE
    # the lobby gives the new link again (it is derived from the server's seed)
    lobby = client.get("/api/lobby", headers={"Authorization": f"Bearer {ADMIN}"}).json()
    seats = {s["seat"]: s for t in lobby if t["table"]["id"] == table.id for s in t["seats"]}
    assert seats[SIDE]["secret"] == new["secret"] and not seats[SIDE]["revoked"]


def test_a_revoked_seat_opens_with_no_key_until_rotated(client: TestClient) -> None:
    table = Table(client)
    old = table.secrets[SIDE]
    reply = client.post(f"/api/tables/{table.id}/seats/{SIDE}/revoke",
                        headers=table.headers("gm"))
    assert reply.status_code == 204, reply.text
    assert table.get("state", SIDE).status_code == 401
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/api/tables/{table.id}/live?key={old}&after=0") as socket:
        socket.receive_json()
    assert closed.value.code == 4401
    seats = {s["seat"]: s for s in client.get(f"/api/tables/{table.id}/seats",
                                              headers=table.headers("gm")).json()}
    assert seats[SIDE]["revoked"] is True and seats[SIDE]["link"] == ""
    back = client.post(f"/api/tables/{table.id}/seats/{SIDE}/rotate",
                       headers=table.headers("gm")).json()
    table.secrets[SIDE] = back["secret"]
    assert back["secret"] != old and table.state(SIDE)["seat"] == SIDE


def test_only_the_game_master_changes_keys_of_seats_that_exist(client: TestClient) -> None:
    table = Table(client)
    player = client.post(f"/api/tables/{table.id}/seats/gm/revoke",
                         headers=table.headers(SIDE))
    assert player.status_code == 403 and player.json()["reason"] == "forbidden"
    assert table.state("gm")["seat"] == "gm"  # refused: nothing changed
    unknown = client.post(f"/api/tables/{table.id}/seats/side:nobody/rotate",
                          headers=table.headers("gm"))
    assert unknown.status_code == 400 and "no seat 'side:nobody'" in unknown.json()["message"]
    assert table.state(SIDE)["seat"] == SIDE
