"""Dice and undo through the server (issue 21, item 8): undoing an answer returns to the
decision with the same roll (it is kept, not rolled again, whether rolled at the table
or by footwork); the state and the options say which answers and commands roll, so a
page asks for faces only when a roll is due."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import Table


def _to_vex_struggle(table: Table) -> None:
    """Boarding action: Vex runs onto the gangway with a 3 rolled at the table, a struggle
    he may pay guard for (R003-04)."""
    for command in ({"do": "run", "actor": "ada", "die": "maneuver", "to": "gangplank",
                     "roll": [6]},
                    {"do": "end_turn", "actor": "ada"},
                    {"do": "run", "actor": "vex", "die": "attack", "to": "gangplank",
                     "roll": [3]}):
        assert table.send(command).status_code == 200


def test_undo_of_an_answer_returns_to_the_decision_with_the_same_roll(
        client: TestClient) -> None:
    table = Table(client)
    _to_vex_struggle(table)
    asked = table.state()
    log = table.get("log").json()["lines"]
    rolled = [line for line in log if line["event"] == "rolled"]
    assert rolled[-1]["values"] == [3] and rolled[-1]["supplied"] is True
    assert table.send({"answer": "pay"}).status_code == 200
    assert table.state()["pending"] is None
    assert table.send({"do": "undo"}).status_code == 200
    back = table.state()
    assert back["pending"] == asked["pending"] and back["actors"] == asked["actors"]
    assert table.get("log").json()["lines"] == log, "the roll is kept, not rolled again"
    assert table.send({"answer": "decline"}).status_code == 200
    after = table.get("log").json()["lines"]
    assert [line for line in after if line["event"] == "rolled"] == rolled


def test_the_state_and_options_say_which_answers_roll(client: TestClient) -> None:
    table = Table(client)
    _to_vex_struggle(table)
    assert table.state()["answer_rolls"] == {"pay": [], "decline": []}  # paying or not
    # rolls nothing
    for seat in ("gm", "side:raiders"):
        options = table.get("options", seat, actor="vex").json()
        assert {o["command"]["answer"]: o["roll_due"] for o in options} == {
            "pay": False, "decline": False}
    assert "answer_rolls" not in table.state("side:crew"), "not the crew's to answer"


def test_rolls_says_what_a_command_would_roll_and_keeps_nothing(client: TestClient) -> None:
    table = Table(client)
    before = table.state()
    run = {"do": "run", "actor": "ada", "die": "maneuver", "to": "gangplank"}
    reply = client.post(f"/api/tables/{table.id}/rolls", headers=table.headers("side:crew"),
                        json={"command": run})
    assert reply.status_code == 200, reply.text
    assert reply.json() == {"roll_due": True, "rolls": [
        {"actor": "ada", "check": "run (maneuver)", "dice": "1d8"}]}
    end = client.post(f"/api/tables/{table.id}/rolls", headers=table.headers("side:crew"),
                      json={"command": {"do": "end_turn", "actor": "ada"}})
    assert end.json() == {"roll_due": False, "rolls": []}
    assert table.state() == before
    theirs = client.post(f"/api/tables/{table.id}/rolls", headers=table.headers("side:raiders"),
                         json={"command": run})
    assert theirs.status_code == 403
    refused = client.post(f"/api/tables/{table.id}/rolls", headers=table.headers("gm"),
                          json={"command": {**run, "to": "nowhere"}})
    assert refused.status_code == 422
