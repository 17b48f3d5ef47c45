"""The table server's API, over SQLite and a real PostgreSQL (issue: the table server).

Tables from examples and from text, seats and their secrets, commands decided against a
version with idempotent retries, reads through the seat's view, export that replays,
undo, live updates, and one-line 4xx refusals.
"""

from __future__ import annotations

import json

import pytest
from fastapi.testclient import TestClient

from footwork.scenario import encounter_from_text, play

from .conftest import ADMIN, Table

SPANS = """
footwork: 1
ruleset: spans
title: Two decks
seed: 7
map:
  spans: [{id: deck}, {id: pier}]
  links: [[deck, pier]]
actors:
  - {id: ada, side: crew, at: deck}
  - {id: vex, side: raiders, at: pier}
"""


def test_the_lobby_lists_examples_and_tables(client: TestClient) -> None:
    examples = client.get("/api/examples").json()
    assert {"name": "spans/boarding-action", "ruleset": "spans"}.items() <= \
        next(e for e in examples if e["name"] == "spans/boarding-action").items()
    assert {e["name"].split("/")[0] for e in examples} == {
        "spans", "sitemaps", "styles", "cultivation", "allowances"}
    table = Table(client)
    listed = client.get("/api/tables").json()
    assert [t["id"] for t in listed] == [table.id]
    assert "secret" not in json.dumps(listed)


def test_a_table_from_text_has_a_gm_and_a_seat_per_side(client: TestClient) -> None:
    made = client.post("/api/tables", json={"encounter": SPANS, "actor_seats": True})
    assert made.status_code == 201
    body = made.json()
    assert body["table"]["name"] == "Two decks" and body["table"]["ruleset"] == "spans"
    seats = {s["seat"]: s for s in body["seats"]}
    assert set(seats) == {"gm", "side:crew", "side:raiders", "actor:ada", "actor:vex"}
    assert len({s["secret"] for s in seats.values()}) == 5
    assert seats["gm"]["link"] == f"http://testserver/t/{body['table']['id']}?key=" \
        f"{seats['gm']['secret']}"


@pytest.mark.parametrize(("body", "says"), [
    ({"encounter": "footwork: 1\nruleset: spans\n"}, "map: missing field"),
    ({"encounter": "footwork: [\n"}, "invalid YAML"),
    ({"example": "spans/nothing"}, "no example"),
    ({}, "exactly one of"),
    ({"encounter": SPANS, "example": "spans/boarding-action"}, "exactly one of"),
    ({"encounter": SPANS, "colour": "red"}, "colour: Extra inputs"),
])
def test_a_bad_encounter_is_a_400_with_one_line(client: TestClient, body: dict[str, object],
                                                says: str) -> None:
    reply = client.post("/api/tables", json=body)
    assert reply.status_code == 400, reply.text
    refusal = reply.json()
    assert refusal["reason"] == "invalid" and says in refusal["message"]
    assert "\n" not in refusal["message"]
    assert client.get("/api/tables").json() == []


def test_commands_need_the_current_version_and_retries_are_idempotent(
        client: TestClient) -> None:
    table = Table(client, encounter=None, example="spans/boarding-action")
    turn = table.state()["turn"]
    option = table.get("options", actor=turn).json()[0]["command"]
    first = table.send(option, version=0, command_id="move-1")
    assert first.status_code == 200 and first.json()["version"] == 1
    again = table.send(option, version=0, command_id="move-1")
    assert again.status_code == 200 and again.json()["repeated"] is True
    assert again.json()["lines"] == first.json()["lines"]
    stale = table.send(option, version=0, command_id="move-2")
    assert stale.status_code == 409 and stale.json()["reason"] == "stale_version"
    assert table.state()["version"] == 1  # neither the retry nor the stale one appended


def test_a_refused_command_is_a_422_with_reason_and_rules_and_changes_nothing(
        client: TestClient) -> None:
    table = Table(client, encounter=None, example="spans/boarding-action")
    before = table.state()
    reply = table.send({"do": "climb", "actor": before["turn"], "die": "brace",
                        "to": "nowhere"})
    assert reply.status_code in (400, 422)
    assert set(reply.json()) == {"reason", "message", "rules"}
    reply = table.send({"do": "end_turn", "actor": "vex"})  # not vex's turn
    assert reply.status_code == 422 and reply.json()["reason"] == "not_your_turn"
    assert table.state() == before


def test_a_player_commands_only_its_side(client: TestClient) -> None:
    made = client.post("/api/tables", json={"encounter": SPANS})
    table = Table.__new__(Table)
    table.client, table.id = client, made.json()["table"]["id"]
    table.secrets = {s["seat"]: s["secret"] for s in made.json()["seats"]}
    crew = table.state("side:crew")
    assert crew["seat"] == "side:crew" and crew["turn"] == "ada"
    assert table.send({"do": "end_turn", "actor": "ada"}, "side:raiders").status_code == 403
    assert table.send({"do": "undo"}, "side:crew").status_code == 403
    assert table.get("export", "side:crew").status_code == 403
    assert table.get("options", "side:raiders", actor="ada").status_code == 403
    assert table.send({"do": "end_turn", "actor": "ada"}, "side:crew").status_code == 200
    assert table.state()["turn"] == "vex"


def test_secrets_are_checked(client: TestClient) -> None:
    table = Table(client)
    for headers in ({}, {"Authorization": "Bearer wrong"}, {"Authorization": "Basic x"}):
        reply = client.get(f"/api/tables/{table.id}/state", headers=headers)
        assert reply.status_code == 401 and set(reply.json()) == {"reason", "message", "rules"}
    assert client.get(f"/api/tables/{table.id}/state", params={
        "key": table.secrets["side:crew"]}).json()["seat"] == "side:crew"
    assert client.get(f"/api/tables/{table.id}/state", params={"key": ADMIN}).json()[
        "seat"] == "gm"
    assert client.get("/api/tables/nothing/state", params={"key": ADMIN}).status_code == 404


def test_the_export_replays_to_the_same_state(client: TestClient) -> None:
    table = Table(client)
    for _ in range(6):
        state = table.state()
        option = table.get("options", actor=state["turn"]).json()[0]["command"]
        if state.get("pending"):
            option = {"answer": state["pending"]["choices"][0]}
        assert table.send(option).status_code == 200
    exported = table.get("export").text
    outcome = play(encounter_from_text(exported, "export.yaml"))
    assert outcome.ok, outcome.failures
    replayed = outcome.session.to_json(log=False)
    live = table.state()
    for key in ("round", "turn", "actors", "pending"):
        assert replayed[key] == live[key]


def test_undo_takes_back_the_last_command_for_everyone(client: TestClient) -> None:
    table = Table(client)
    before = table.state()
    turn = before["turn"]
    assert table.send(table.get("options", actor=turn).json()[0]["command"]).status_code == 200
    assert table.send({"do": "undo"}).status_code == 200
    after = table.state()
    assert after["actors"] == before["actors"] and after["version"] == 2
    assert table.send({"do": "undo"}).json()["reason"] == "nothing_to_undo"


def test_the_log_pages_by_the_seat_version(client: TestClient) -> None:
    table = Table(client)
    table.send({"do": "end_turn", "actor": table.state()["turn"]})
    page = table.get("log", "side:crew", after=0, limit=2).json()
    assert page["after"] == 0 and len(page["lines"]) == 2
    whole = table.get("log", "side:crew").json()
    assert whole["version"] == len(whole["lines"]) == table.state("side:crew")["version"]
    assert table.get("log", "side:crew", after=2).json()["lines"] == whole["lines"][2:]


def test_a_player_never_receives_the_hidden_kitchen_R004_02(client: TestClient) -> None:
    table = Table(client, example="sitemaps/tavern-brawl", actor_seats=True)
    for seat in ("side:patrons", "actor:mira"):
        received = json.dumps([
            table.state(seat), table.get("log", seat).json(), table.get("map", seat).json(),
            table.get("options", seat, actor="mira").json()])
        assert "kitchen" not in received and "cook" not in received
        hidden = table.get("query/range", seat, arg=["mira", "cook"])
        missing = table.get("query/range", seat, arg=["mira", "nobody"])
        assert hidden.status_code == missing.status_code == 400
        assert hidden.json()["message"].replace("cook", "nobody") == missing.json()["message"]
        assert table.get("options", seat, actor="cook").json()["message"] == \
            table.get("options", seat, actor="nobody").json()["message"].replace(
                "nobody", "cook")
    assert "cook" in json.dumps(table.state("gm"))


def test_live_updates_reach_each_seat_once_and_in_order(client: TestClient) -> None:
    table = Table(client)
    key = table.secrets["side:crew"]
    start = table.state("side:crew")["version"]
    with client.websocket_connect(f"/api/tables/{table.id}/live?key={key}&after={start}"
                                  ) as socket:
        table.send({"do": "end_turn", "actor": table.state()["turn"]})
        message = socket.receive_json()
        assert message["type"] == "lines" and message["after"] == start
        assert message["version"] == start + len(message["lines"])
        assert message["lines"][0]["event"] == "turn_ended"
    # reconnecting with the version it has: nothing again, only what is new
    with client.websocket_connect(f"/api/tables/{table.id}/live?key={key}&after=0") as socket:
        assert socket.receive_json()["after"] == 0  # from the start, when asked


def test_a_websocket_with_a_bad_secret_gets_nothing(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    table = Table(client)
    with pytest.raises(WebSocketDisconnect) as closed, client.websocket_connect(
            f"/api/tables/{table.id}/live?key=wrong") as socket:
        socket.receive_json()
    assert closed.value.code == 4401


def test_oversized_and_malformed_bodies_are_4xx(client: TestClient) -> None:
    big = client.post("/api/tables", content=b"{" + b" " * 5_000_000 + b"}",
                      headers={"content-type": "application/json"})
    assert big.status_code == 413 and big.json()["reason"] == "too_large"
    deep = client.post("/api/tables", content=b"[" * 5000 + b"]" * 5000,
                       headers={"content-type": "application/json"})
    assert 400 <= deep.status_code < 500
    raw = client.post("/api/tables", content=b"\xff\xfe\x00", headers={
        "content-type": "application/json"})
    assert 400 <= raw.status_code < 500
    table = Table(client)
    wrong = client.post(f"/api/tables/{table.id}/commands", headers=table.headers("gm"),
                        json={"version": "one", "command_id": "x", "command": {}})
    assert wrong.status_code == 400 and "version" in wrong.json()["message"]


def test_the_openapi_schema_describes_every_endpoint(client: TestClient) -> None:
    schema = client.get("/openapi.json").json()
    paths = schema["paths"]
    for path in ("/api/tables", "/api/tables/{table_id}/commands",
                 "/api/tables/{table_id}/state", "/api/tables/{table_id}/options",
                 "/api/tables/{table_id}/log", "/api/tables/{table_id}/export"):
        assert path in paths
        for operation in paths[path].values():
            assert operation.get("description") or operation.get("summary")


def test_a_table_loads_from_its_snapshot_to_the_same_state(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    from footwork.server import tables as tables_module

    monkeypatch.setattr(tables_module, "SNAPSHOT_EVERY", 3)
    table = Table(client)
    for _ in range(7):
        state = table.state()
        command = table.get("options", actor=state["turn"]).json()[0]["command"]
        if state.get("pending"):
            command = {"answer": state["pending"]["choices"][0]}
        assert table.send(command).status_code == 200
    live = table.state()
    service = client.app.state.tables  # type: ignore[attr-defined]
    assert service.store.snapshot(table.id)[0] == 6
    fresh = tables_module.Tables(service.store)  # another process, loading from the store
    loaded = fresh.state(table.id, tables_module.GM)
    assert loaded == live
    assert fresh.export(table.id, tables_module.GM) .split("\n", 3)[3] == \
        service.export(table.id, tables_module.GM).split("\n", 3)[3]
