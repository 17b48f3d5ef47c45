"""POST /api/tables/ID/studies: the game master's study of a table, bounded, as JSON."""

from __future__ import annotations

import math
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork import limits
from footwork.server.app import create_app
from footwork.simulate import study
from footwork.store import open_store

ADMIN = "admin-key-for-study-tests"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = open_store(str(tmp_path / "tables.db"))
    app = create_app(store, admin_secret=ADMIN, base_url="http://testserver")
    with TestClient(app) as test_client:
        yield test_client
    store.close()


def _table(client: TestClient) -> tuple[str, dict[str, str]]:
    made = client.post("/api/tables", json={"example": "spans/boarding-action"})
    assert made.status_code == 201, made.text
    body = made.json()
    return body["table"]["id"], {s["seat"]: s["secret"] for s in body["seats"]}


def _post(client: TestClient, table: str, key: str, **body: Any) -> Any:
    return client.post(f"/api/tables/{table}/studies", json=body,
                       headers={"Authorization": f"Bearer {key}"})


def test_the_game_master_studies_the_tables_current_state(client: TestClient) -> None:
    table, keys = _table(client)
    moved = client.post(f"/api/tables/{table}/commands", headers={
        "Authorization": f"Bearer {keys['gm']}"}, json={
        "version": 0, "command_id": "c1", "command": {
            "do": "run", "actor": "ada", "die": "maneuver", "to": "gangplank", "roll": [6]}})
    assert moved.status_code == 200, moved.text
    reply = _post(client, table, keys["gm"], runs=6, rounds=1,
                  policy=["random", "ada=toward:kestrel"], plots=True)
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert (body["runs"], body["rounds"], body["variants"]) == (6, 1, [""])
    assert body["intervals"] == {"proportion": "wilson", "mean": "normal"}
    reached = next(f for f in body["figures"]
                   if (f["actor"], f["measure"]) == ("ada", "reached"))
    assert 0 <= reached["low"] <= reached["value"] <= reached["high"] <= 1
    assert body["plots"]["ends"].lstrip().startswith("<?xml")
    # the same study from the library, on the table's export, gives the same figures
    export = client.get(f"/api/tables/{table}/export", params={"format": "json"},
                        headers={"Authorization": f"Bearer {keys['gm']}"}).json()
    here = study(export, runs=6, rounds=1, policy=["random", "ada=toward:kestrel"])
    ours = [None if math.isnan(v) else round(v, 12) for v in here.summary["value"]]
    assert ours == [None if f["value"] is None else round(f["value"], 12)
                    for f in body["figures"]]


def test_only_the_game_master_and_only_within_the_limits(client: TestClient) -> None:
    table, keys = _table(client)
    player = _post(client, table, keys["side:crew"], runs=2)
    assert player.status_code == 403 and player.json()["reason"] == "forbidden"
    too_many = _post(client, table, keys["gm"], runs=limits.Limits().study_runs + 1)
    assert too_many.status_code == 413
    assert "study runs are over the limit" in too_many.json()["message"]
    varied = _post(client, table, keys["gm"], runs=600, vary="climb.hands_needed=1,2")
    assert varied.status_code == 413
    rounds = _post(client, table, keys["gm"], runs=2, rounds=11)
    assert rounds.status_code == 413
    hook = _post(client, table, keys["gm"], runs=2, policy=["os:system"])
    assert hook.status_code == 400 and "hook would run code" in hook.json()["message"]
    bad = _post(client, table, keys["gm"], runs=2, vary="climb.nothing=1")
    assert bad.status_code == 400 and "no option 'climb.nothing'" in bad.json()["message"]
    assert _post(client, "nope", keys["gm"], runs=2).status_code in (401, 404)


def test_a_study_is_cut_short_by_the_time_budget(client: TestClient) -> None:
    """The limit study_seconds bounds how long one request plays: the runs finished by
    then are the answer, which says it is incomplete (here a budget of 1 s, far less
    than 1,000 runs of the boarding action take)."""
    table, keys = _table(client)
    with limits.using(limits.Limits(study_seconds=1)):
        reply = _post(client, table, keys["gm"], runs=1_000, rounds=10)
    assert reply.status_code == 200, reply.text
    body = reply.json()
    assert body["complete"] is False and 0 < body["runs"] < 1_000
    whole = _post(client, table, keys["gm"], runs=3, rounds=1).json()
    assert whole["complete"] is True and whole["runs"] == 3
