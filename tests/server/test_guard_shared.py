"""The limits per client are shared by the server's processes and kept across restarts
(issue 24, item 2): two apps over one database (as `footwork serve --workers 2` runs
two processes), against SQLite and a real PostgreSQL; a third app opened after them
stands for a restart. The counts live in the store (store/tallies.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import ExitStack

import pytest
from fastapi.testclient import TestClient

from footwork.server.app import create_app
from footwork.server.guard import Guard
from footwork.store import open_store
from tests.server.conftest import ADMIN, Table

EXAMPLE = {"example": "spans/boarding-action"}


Apps = Callable[[Guard], TestClient]


@pytest.fixture
def apps(store_url: str) -> Iterator[Apps]:
    """Makes apps over their own store objects on one database, with the guard given."""
    with ExitStack() as stack:

        def another(guard: Guard) -> TestClient:
            store = open_store(store_url)
            stack.callback(store.close)
            client = stack.enter_context(TestClient(create_app(
                store, admin_secret=ADMIN, guard=guard)))
            return client

        yield another


def test_two_processes_and_a_restart_share_a_clients_tables_of_the_day(apps: Apps) -> None:
    guard = Guard(open_lobby=True, tables_per_client=3)
    one, two = apps(guard), apps(guard)
    codes = [c.post("/api/tables", json=EXAMPLE).status_code for c in (one, two, one)]
    assert codes == [201, 201, 201]
    # each process made fewer than three: counted per process, both would take more
    for client in (two, one, apps(guard)):  # the third: the server started again
        over = client.post("/api/tables", json=EXAMPLE)
        assert over.status_code == 429 and over.json()["reason"] == "too_many"
        assert 86_000 < int(over.headers["Retry-After"]) <= 86_400
    assert len(one.get("/api/tables").json()) == 3


def test_wrong_keys_sent_to_two_processes_are_counted_together(apps: Apps) -> None:
    guard = Guard(open_lobby=True, wrong_keys=3)
    one, two = apps(guard), apps(guard)
    table = Table(one)
    path = f"/api/tables/{table.id}/state"
    assert [one.get(path, params={"key": f"guess{i}"}).status_code for i in range(2)] == [
        401, 401]
    assert two.get(path, params={"key": "guess2"}).status_code == 401
    # three in the minute between them: every process holds the address, right key too
    for client in (two, one, apps(guard)):  # the third: the server started again
        held = client.get(path, headers=table.headers("gm"))
        assert held.status_code == 429, held.text
        assert 1 <= int(held.headers["Retry-After"]) <= 60
        assert set(held.json()) == {"reason", "message", "rules"}
