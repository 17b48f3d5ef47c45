"""``POST /api/import`` and ``GET /api/pictures/<sha256>``: an imported map as an encounter
the server opens as a table, its picture served and drawn under the table's map."""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from footwork.server.app import create_app
from footwork.store import open_store
from tests.importers.maps import dumps, dungeondraft, png


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    folder = tmp_path_factory.mktemp("server")
    store = open_store(str(folder / "t.db"))
    app = create_app(store, admin_secret="admin", pictures=folder / "pictures")
    with TestClient(app) as test_client:
        yield test_client
    store.close()


def test_a_map_file_becomes_an_encounter_and_a_table_draws_its_picture(
        client: TestClient) -> None:
    body = dumps(dungeondraft())
    answer = client.post("/api/import", params={"ruleset": "styles", "name": "cellar.dd2vtt"},
                         content=body)
    assert answer.status_code == 200, answer.text
    got = answer.json()
    sha = hashlib.sha256(png(48, 32)).hexdigest()
    assert got["picture"] == f"/api/pictures/{sha}"
    assert got["encounter"]["map"]["picture"]["sha256"] == sha
    assert got["encounter"]["actors"] == []
    assert any("doors" in n for n in got["notes"])
    picture = client.get(got["picture"])
    assert picture.status_code == 200 and picture.headers["content-type"] == "image/png"
    assert picture.content == png(48, 32)
    # the encounter opens as a table as it is, and the drawing links the served picture
    encounter = dict(got["encounter"], actors=[{"id": "ada", "side": "a", "at": "7,8"}])
    import json

    made = client.post("/api/tables", json={"encounter": json.dumps(encounter),
                                            "format": "json"})
    assert made.status_code == 201, made.text
    table = made.json()["table"]["id"]
    key = made.json()["seats"][0]["secret"]
    svg = client.get(f"/api/tables/{table}/drawing", params={"key": key}).text
    assert f'<image class="picture" href="/api/pictures/{sha}"' in svg


def test_a_form_upload_and_refusals(client: TestClient) -> None:
    ok = client.post("/api/import", params={"ruleset": "sitemaps"},
                     files={"map": ("two.dd2vtt", dumps(dungeondraft()), "application/json")})
    assert ok.status_code == 200, ok.text
    assert [z["id"] for z in ok.json()["encounter"]["map"]["zones"]] == ["room-1", "room-2"]
    bad = client.post("/api/import", params={"ruleset": "styles", "name": "x.dd2vtt"},
                      content=dumps({**dungeondraft(), "image": "aGVsbG8="}))
    assert bad.status_code == 400
    assert bad.json()["message"] == ("x.dd2vtt: image: not a picture; expected PNG, JPEG "
                                     "or WebP data")
    nan = client.post("/api/import", params={"ruleset": "styles"}, content=b'{"a": NaN}')
    assert nan.status_code == 400 and "NaN is not a number" in nan.json()["message"]
    assert client.get("/api/pictures/" + "0" * 64).status_code == 404
    assert client.get("/api/pictures/..%2Fkeys").status_code == 404


def test_nothing_is_kept_for_a_refused_map(client: TestClient, tmp_path: Path) -> None:
    folder = Path(client.app.state.tables.pictures.folder)  # type: ignore[attr-defined]
    before = sorted(folder.iterdir()) if folder.exists() else []
    bad = client.post("/api/import", params={"ruleset": "nosuch", "name": "m.dd2vtt"},
                      content=dumps(dungeondraft()))
    assert bad.status_code == 400 and "'nosuch' cannot import a map" in bad.json()["message"]
    after = sorted(folder.iterdir()) if folder.exists() else []
    assert before == after


def test_a_seat_with_a_hidden_room_gets_no_picture(client: TestClient) -> None:
    """The picture shows every room: while a room is hidden from a seat, that seat's
    drawing has no picture (nor its address); the game master's has it."""
    import json

    got = client.post("/api/import", params={"ruleset": "sitemaps", "name": "cellar.dd2vtt"},
                      content=dumps(dungeondraft())).json()
    zones = got["encounter"]["map"]["zones"]
    zones[1] = dict(zones[1], revealed=False)  # room-2 still unseen by the party
    encounter = dict(got["encounter"], actors=[
        {"id": "ada", "side": "party", "at": zones[0]["id"]}])
    made = client.post("/api/tables", json={"encounter": json.dumps(encounter),
                                            "format": "json"}).json()
    table, keys = made["table"]["id"], {s["seat"]: s["secret"] for s in made["seats"]}
    player = client.get(f"/api/tables/{table}/drawing", params={"key": keys["side:party"]})
    assert player.status_code == 200 and "/api/pictures/" not in player.text
    gm = client.get(f"/api/tables/{table}/drawing", params={"key": keys["gm"]})
    assert f'href="{got["picture"]}"' in gm.text
