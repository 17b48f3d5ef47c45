"""The game master's lobby (issue 21, item 4): with the server's key, every table is
listed with every seat's link and QR code, and each link opens its seat from anywhere;
without it, nothing but names. The server's keys outlive a restart (mode 600)."""

from __future__ import annotations

import stat
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from footwork.server.app import create_app
from footwork.server.keys import load_keys
from footwork.server.tables import Tables
from footwork.store import open_store

from .conftest import ADMIN

SEED = "link-seed-for-tests"


@pytest.fixture
def seeded(store_url: str) -> Iterator[TestClient]:
    store = open_store(store_url)
    app = create_app(store, admin_secret=ADMIN, base_url="http://table.local:8000",
                     link_seed=SEED)
    with TestClient(app) as client:
        yield client
    store.close()


def test_the_lobby_gives_every_seat_link_to_the_game_master_only(seeded: TestClient) -> None:
    made = seeded.post("/api/tables", json={"example": "spans/boarding-action",
                                            "actor_seats": True}).json()
    issued = {s["seat"]: s["secret"] for s in made["seats"]}
    assert seeded.get("/api/lobby").status_code == 401
    assert seeded.get("/api/lobby", params={"key": issued["gm"]}).status_code == 401
    reply = seeded.get("/api/lobby", headers={"Authorization": f"Bearer {ADMIN}"})
    assert reply.status_code == 200, reply.text
    (entry,) = reply.json()
    assert entry["complete"] is True and entry["table"]["id"] == made["table"]["id"]
    listed = {s["seat"]: s for s in entry["seats"]}
    assert {seat: s["secret"] for seat, s in listed.items()} == issued
    assert entry["seats"][0]["seat"] == "gm"
    codes = seeded.get(f"/api/tables/{made['table']['id']}/seats", params={"key": ADMIN})
    assert {s["seat"]: s["link"] for s in codes.json()} == {
        seat: s["link"] for seat, s in listed.items()}
    assert all(s["qr"].startswith("<svg") for s in codes.json())
    assert seeded.get(f"/api/tables/{made['table']['id']}/seats",
                      params={"key": issued["side:raiders"]}).status_code == 403
    for seat, link in listed.items():
        assert link["link"].startswith(f"http://table.local:8000/t/{made['table']['id']}?key=")
        state = seeded.get(f"/api/tables/{made['table']['id']}/state",
                           params={"key": link["secret"]})
        assert state.status_code == 200 and state.json()["seat"] == seat


def test_a_table_with_random_keys_is_opened_by_the_servers_key(store_url: str) -> None:
    store = open_store(store_url)
    try:
        Tables(store).create(Path("examples/spans/cliff-climb.yaml").read_text(), name="old")
        app = create_app(store, admin_secret=ADMIN, link_seed=SEED)
        with TestClient(app) as client:
            (entry,) = client.get("/api/lobby", params={"key": ADMIN}).json()
            assert entry["complete"] is False
            assert [(s["seat"], s["secret"]) for s in entry["seats"]] == [("gm", ADMIN)]
    finally:
        store.close()


def test_the_keys_outlive_a_restart_and_only_the_owner_reads_them(tmp_path: Path) -> None:
    first = load_keys(tmp_path)
    assert first.fresh and stat.S_IMODE(first.path.stat().st_mode) == 0o600
    again = load_keys(tmp_path)
    assert (again.gm_key, again.link_seed, again.fresh) == (first.gm_key, first.link_seed, False)
    first.path.chmod(0o644)
    load_keys(tmp_path)
    assert stat.S_IMODE(first.path.stat().st_mode) == 0o600
    rotated = load_keys(tmp_path, new_key=True)
    assert rotated.gm_key != first.gm_key and rotated.link_seed == first.link_seed
    assert load_keys(tmp_path).gm_key == rotated.gm_key
    first.path.write_text("[]")
    with pytest.raises(Exception, match="expected gm_key and link_seed"):
        load_keys(tmp_path)
