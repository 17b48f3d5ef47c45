"""The server's side of the page: the pages and their files, the drawing of a seat, the
game master's preview as a seat, the QR codes, and one options search per version for
the drawing and the options list together."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from footwork.server.app import WEB, create_app
from footwork.store import open_store

ADMIN = "admin-key-for-endpoint-tests"


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    store = open_store(str(tmp_path / "footwork.db"))
    with TestClient(create_app(store, admin_secret=ADMIN)) as test_client:
        yield test_client
    store.close()


def made(client: TestClient, example: str) -> tuple[str, dict[str, str]]:
    reply = client.post("/api/tables", json={"example": example})
    assert reply.status_code == 201, reply.text
    body = reply.json()
    return body["table"]["id"], {s["seat"]: s["secret"] for s in body["seats"]}


def auth(secret: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {secret}"}


def test_the_pages_and_their_files_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "/web/lobby.js" in lobby.text
    table = client.get("/t/abc?key=x")
    assert table.status_code == 200 and "/web/table.js" in table.text
    for name in sorted(p.name for p in WEB.iterdir()):
        reply = client.get(f"/web/{name}")
        assert reply.status_code == 200, name
    assert client.get("/web/table.js").headers["content-type"].startswith(
        ("text/javascript", "application/javascript"))
    # nothing is fetched from elsewhere: every script and style is the server's own
    for page in ("index.html", "table.html"):
        text = (WEB / page).read_text(encoding="utf-8")
        assert not re.search(r"(src|href)=\"(https?:)?//", text), page


def test_every_seat_link_comes_with_its_qr_code(client: TestClient) -> None:
    reply = client.post("/api/tables", json={"example": "spans/boarding-action"})
    for seat in reply.json()["seats"]:
        assert seat["qr"].startswith("<svg") and "</svg>" in seat["qr"], seat["seat"]
        assert seat["secret"] not in seat["qr"]  # drawn as modules, not written out


def test_the_drawing_is_the_seats_view(client: TestClient) -> None:
    table, secrets = made(client, "sitemaps/tavern-brawl")
    gm = client.get(f"/api/tables/{table}/drawing", headers=auth(secrets["gm"]))
    assert gm.status_code == 200
    assert gm.headers["content-type"].startswith("image/svg+xml")
    assert 'data-place="kitchen"' in gm.text and 'data-actor="cook"' in gm.text
    player = client.get(f"/api/tables/{table}/drawing", headers=auth(secrets["side:patrons"]))
    assert player.status_code == 200
    assert "kitchen" not in player.text and "cook" not in player.text
    # with an actor: its reachable places carry indices into its options
    held = client.get(f"/api/tables/{table}/drawing", params={"actor": "mira"},
                      headers=auth(secrets["side:patrons"]))
    options = client.get(f"/api/tables/{table}/options", params={"actor": "mira"},
                         headers=auth(secrets["side:patrons"])).json()
    marked = re.findall(r'data-place="([^"]+)" data-options="([^"]+)"', held.text)
    assert marked
    for place, indices in marked:
        assert {options[int(i)]["to"] for i in indices.split()} == {place}
    # another side's character is not the patrons' to pick up
    refused = client.get(f"/api/tables/{table}/drawing", params={"actor": "bruno"},
                         headers=auth(secrets["side:patrons"]))
    assert refused.status_code == 403
    assert refused.json()["reason"] == "forbidden"


def test_the_game_master_previews_a_seat_and_only_the_game_master(client: TestClient) -> None:
    table, secrets = made(client, "sitemaps/tavern-brawl")
    gm = auth(secrets["gm"])
    for path in ("state", "map", "drawing", "log"):
        seen = client.get(f"/api/tables/{table}/{path}", headers=gm,
                          params={"as": "side:patrons"})
        own = client.get(f"/api/tables/{table}/{path}",
                         headers=auth(secrets["side:patrons"]))
        assert seen.status_code == 200, (path, seen.text)
        assert seen.text == own.text, path
    state = client.get(f"/api/tables/{table}/state", headers=gm,
                       params={"as": "side:patrons"}).json()
    assert state["seat"] == "side:patrons" and "cook" not in state["actors"]
    refused = client.get(f"/api/tables/{table}/state", params={"as": "gm"},
                         headers=auth(secrets["side:patrons"]))
    assert refused.status_code == 403
    bad = client.get(f"/api/tables/{table}/state", params={"as": "nobody"}, headers=gm)
    assert bad.status_code == 400 and "\n" not in bad.json()["message"]
    # a command is always the seat's own: `as` does not turn the GM into a player
    version = client.get(f"/api/tables/{table}/state", headers=gm).json()["version"]
    sent = client.post(f"/api/tables/{table}/commands?as=side:patrons", headers=gm,
                       json={"version": version, "command_id": "gm-reveal",
                             "command": {"do": "reveal", "actor": "gm", "zone": "kitchen"}})
    assert sent.status_code == 200, sent.text


def test_a_drawing_and_the_options_list_cost_one_search(client: TestClient) -> None:
    table, secrets = made(client, "styles/ruined-tower")
    tables = client.app.state.tables  # type: ignore[attr-defined]
    live = tables.live(table)
    engine = live.session.engine
    calls: list[str] = []
    search = engine.options

    def counted(state: Any, actor: str) -> Any:
        calls.append(actor)
        return search(state, actor)

    engine.options = counted
    try:
        headers = auth(secrets["gm"])
        drawn = client.get(f"/api/tables/{table}/drawing", params={"actor": "ada"},
                           headers=headers)
        listed = client.get(f"/api/tables/{table}/options", params={"actor": "ada"},
                            headers=headers)
        assert drawn.status_code == listed.status_code == 200
        assert calls == ["ada"]
        assert drawn.text.count("data-options=") == len({o["to"] for o in listed.json()
                                                         if o["to"] is not None})
        # a new version searches again
        version = client.get(f"/api/tables/{table}/state", headers=headers).json()["version"]
        moved = client.post(f"/api/tables/{table}/commands", headers=headers,
                            json={"version": version, "command_id": "m1",
                                  "command": listed.json()[0]["command"]})
        assert moved.status_code == 200, moved.text
        client.get(f"/api/tables/{table}/options", params={"actor": "ada"}, headers=headers)
        client.get(f"/api/tables/{table}/drawing", params={"actor": "ada"}, headers=headers)
        assert calls == ["ada", "ada"]
    finally:
        engine.options = search


@pytest.mark.parametrize("example", ["allowances/lake-battle", "sitemaps/tavern-brawl"])
def test_a_pick_up_reads_arrays_and_only_the_options_asked(client: TestClient,
                                                           example: str) -> None:
    """``/reach`` is ``/options`` as arrays: the same places and costs in the same order,
    the full option only of those asked (and of those built anyway)."""
    table, secrets = made(client, example)
    headers = auth(secrets["gm"])
    actor = client.get(f"/api/tables/{table}/state", headers=headers).json()["turn"]
    listed = client.get(f"/api/tables/{table}/options", params={"actor": actor},
                        headers=headers).json()
    reach = client.get(f"/api/tables/{table}/reach", params={"actor": actor},
                       headers=headers).json()
    assert reach["count"] == len(listed) == len(reach["to"]) == len(reach["cost"])
    assert reach["to"] == [o["to"] for o in listed]
    moves = [i for i, o in enumerate(listed) if o["to"] is not None]
    if example.startswith("allowances"):  # a Reachable set: its options wait to be asked
        assert len(reach["options"]) == len(listed) - len(moves)
    asked = client.get(f"/api/tables/{table}/reach", params={"actor": actor, "i": moves[-1]},
                       headers=headers).json()
    assert asked["options"][str(moves[-1])] == listed[moves[-1]]
    for i, option in reach["options"].items():
        assert option == listed[int(i)]
    # a drawing without an actor is drawn once per version and read again as it was
    first = client.get(f"/api/tables/{table}/drawing", headers=headers).text
    assert client.get(f"/api/tables/{table}/drawing", headers=headers).text == first
    assert "data-options" not in first
