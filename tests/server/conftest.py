"""Fixtures of the server tests: ``client`` is the API over each store in turn (SQLite in
a temporary file, PostgreSQL on a real server started for the session), with a known
admin key (the game master of every table)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork.server.app import create_app
from footwork.store import open_store
from tests.store.conftest import backend, empty_postgres, store_url
from tests.store.pgserver import postgres_server_session, postgres_url

__all__ = ["backend", "postgres_server_session", "postgres_url", "store_url"]

ADMIN = "admin-key-for-tests"


@pytest.fixture
def client(store_url: str) -> Iterator[TestClient]:
    """The API over an empty store of each backend."""
    store = open_store(store_url)
    app = create_app(store, admin_secret=ADMIN, base_url="http://testserver")
    with TestClient(app) as test_client:
        yield test_client
    store.close()


class Table:
    """A table made through the API, with its seats' secrets, for short tests."""

    def __init__(self, client: TestClient, example: str = "spans/boarding-action",
                 **body: Any) -> None:
        made = client.post("/api/tables", json={"example": example, **body})
        assert made.status_code == 201, made.text
        self.client = client
        self.id = made.json()["table"]["id"]
        self.secrets = {s["seat"]: s["secret"] for s in made.json()["seats"]}

    def headers(self, seat: str) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.secrets[seat]}"}

    def get(self, path: str, seat: str = "gm", **params: Any) -> Any:
        return self.client.get(f"/api/tables/{self.id}/{path}", headers=self.headers(seat),
                               params=params)

    def state(self, seat: str = "gm") -> Any:
        reply = self.get("state", seat)
        assert reply.status_code == 200, reply.text
        return reply.json()

    def send(self, command: dict[str, Any], seat: str = "gm", *, version: int | None = None,
             command_id: str | None = None) -> Any:
        if version is None:
            version = self.state(seat)["version"]
        if command_id is None:
            Table.count += 1
            command_id = f"c{Table.count}"
        return self.client.post(f"/api/tables/{self.id}/commands", headers=self.headers(seat),
                                json={"version": version, "command_id": command_id,
                                      "command": command})

    count = 0


__all__ += ["ADMIN", "Table", "empty_postgres"]
