"""The summary through the API (issue 21, item 9): for every seat, as it perceives it."""

from __future__ import annotations

from fastapi.testclient import TestClient

from .conftest import Table


def test_every_seat_reads_the_summary_it_may_see(client: TestClient) -> None:
    table = Table(client, "sitemaps/tavern-brawl")
    assert table.send({"do": "end_encounter", "actor": "gm", "reason": "last orders"}
                      ).status_code == 200
    gm = table.get("summary").json()
    assert gm["ended"] is True and gm["reason"] == "last orders" and gm["rounds"] == 1
    assert {a["id"] for a in gm["actors"]} == {"mira", "dov", "bruno", "cook"}
    mira = next(a for a in gm["actors"] if a["id"] == "mira")
    assert mira == {"id": "mira", "side": "patrons", "start": "taproom", "at": "taproom",
                    "start_hidden": False, "in_play": True, "left": None, "falls": 0,
                    "damage": {}}
    seen = table.get("summary", "side:patrons").json()
    assert {a["id"] for a in seen["actors"]} == {"mira", "dov", "bruno"}  # the kitchen is hidden


def test_a_start_in_a_place_still_hidden_is_not_told(client: TestClient) -> None:
    """The cook walks out of the unrevealed kitchen into the taproom (A004-17: the
    kitchen stays hidden from the patrons): their summary lists the cook, now seen,
    but not where it started (found by the soak test: the summary named the kitchen)."""
    table = Table(client, "sitemaps/tavern-brawl")
    for actor in ("mira", "dov", "bruno"):
        assert table.send({"do": "end_turn", "actor": actor}).status_code == 200
    assert table.send({"do": "move", "actor": "cook", "to": "taproom", "at": [1.5, 4.5]}
                      ).status_code == 200
    reply = table.get("summary", "side:patrons")
    assert "kitchen" not in reply.text
    cook = next(a for a in reply.json()["actors"] if a["id"] == "cook")
    assert cook["start"] is None and cook["start_hidden"] is True
    assert cook["at"] == "taproom"
    gm = next(a for a in table.get("summary").json()["actors"] if a["id"] == "cook")
    assert gm["start"] == "kitchen" and gm["start_hidden"] is False


def test_the_state_lists_who_is_out_of_the_scene(client: TestClient) -> None:
    table = Table(client, "spans/boarding-action")
    assert table.get("state").json()["out_of_scene"] == []
    assert table.send({"do": "drop", "actor": "ada", "to": "skysea"}).status_code == 200
    assert table.get("state", "side:raiders").json()["out_of_scene"] == ["ada"]
    ada = next(a for a in table.get("summary").json()["actors"] if a["id"] == "ada")
    assert ada["left"] == "ada plunges into the Skysea and leaves the scene"
