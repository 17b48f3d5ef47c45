"""The builder's and the import's routes follow the lobby's policy (issue 24, item 2): on
a closed lobby (`footwork serve`'s default) reading, checking, drawing, writing an
encounter and importing a map need the server's key, as making a table does; with
`--open-lobby` anyone's (not counted against the tables of the day). Their work runs
within `--parse-seconds` and their bodies within `--body-bytes`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork.server.app import create_app
from footwork.server.guard import Guard
from footwork.store import open_store
from tests.importers.maps import dumps, dungeondraft
from tests.server.conftest import ADMIN

DRAFT = {"footwork": 1, "ruleset": "cultivation",
         "map": {"zones": [{"id": "hall"}, {"id": "yard"}], "links": [["hall", "yard"]]},
         "actors": [{"id": "lin", "side": "jade", "at": "hall"}]}
#: each route that reads what a client sends: (path, keyword arguments of the request)
ROUTES: dict[str, dict[str, Any]] = {
    "check": {"url": "/api/build/check", "json": {"encounter": DRAFT}},
    "parse": {"url": "/api/build/parse", "json": {"text": "footwork: 1\nruleset: spans\n"}},
    "file": {"url": "/api/build/file", "json": {"encounter": DRAFT}},
    "import": {"url": "/api/import?ruleset=sitemaps&name=two.dd2vtt",
               "content": dumps(dungeondraft()),
               "headers": {"content-type": "application/octet-stream"}},
}


def _client(tmp_path: Path, guard: Guard) -> TestClient:
    return TestClient(create_app(open_store(str(tmp_path / "t.db")), admin_secret=ADMIN,
                                 guard=guard))


def _post(client: TestClient, route: str, key: str | None = None) -> Any:
    request = dict(ROUTES[route])
    headers = dict(request.pop("headers", {}))
    if key:
        headers["Authorization"] = f"Bearer {key}"
    return client.post(headers=headers, **request)


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_a_closed_lobby_reads_files_for_the_game_master_only(tmp_path: Path,
                                                            route: str) -> None:
    with _client(tmp_path, Guard()) as client:
        for key in (None, "not-the-key"):
            refused = _post(client, route, key)
            assert refused.status_code == 401, refused.text
            body = refused.json()
            assert set(body) == {"reason", "message", "rules"} and "\n" not in body["message"]
            assert body["reason"] == "unauthorized"
            assert "game master's key" in body["message"] or "server's key" in body["message"]
        taken = _post(client, route, ADMIN)
        assert taken.status_code == 200, taken.text
        assert client.get("/api/tables").json() == []  # nothing kept, nothing counted


def test_an_open_lobby_reads_files_for_anyone_without_counting_them(tmp_path: Path) -> None:
    with _client(tmp_path, Guard(open_lobby=True, tables_per_client=1,
                                 wrong_keys=20)) as client:
        for route in sorted(ROUTES) * 2:
            assert _post(client, route).status_code == 200, route
        # a key this device kept from another server is no wrong key here (the builder
        # checks at every edit: counted, it would soon hold the address)
        for _ in range(25):
            assert _post(client, "file", "a-stale-key").status_code == 200
        assert client.get("/api/lobby", headers={"Authorization": f"Bearer {ADMIN}"}
                          ).status_code == 200  # the address is not held
        checked = _post(client, "check").json()
        assert checked["faults"] == [] and "<svg" in checked["svg"]
        # the builder's checks took none of the address's one table of the day
        assert client.post("/api/tables", json={"example": "spans/boarding-action"}
                           ).status_code == 201


def test_the_builder_reads_within_the_time_and_body_limits(tmp_path: Path) -> None:
    costly = "footwork: 1\nruleset: spans\nnotes:\n" + "".join(
        f"  - [{i}, {i}, {i}]\n" for i in range(15_000))
    with _client(tmp_path, Guard(open_lobby=True, parse_seconds=0.05)) as client:
        slow = client.post("/api/build/parse", json={"text": costly})
        assert slow.status_code == 413 and slow.json()["reason"] == "too_costly"
        assert "--parse-seconds" in slow.json()["message"]
        big = client.post("/api/build/check",
                          json={"encounter": {"notes": "x" * 1_100_000}})
        assert big.status_code == 413 and big.json()["reason"] == "too_large"
        assert "--body-bytes" in big.json()["message"]
