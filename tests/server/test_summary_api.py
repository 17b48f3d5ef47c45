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
                    "in_play": True, "left": None, "falls": 0, "damage": {}}
    seen = table.get("summary", "side:patrons").json()
    assert {a["id"] for a in seen["actors"]} == {"mira", "dov", "bruno"}  # the kitchen is hidden


def test_the_state_lists_who_is_out_of_the_scene(client: TestClient) -> None:
    table = Table(client, "spans/boarding-action")
    assert table.get("state").json()["out_of_scene"] == []
    assert table.send({"do": "drop", "actor": "ada", "to": "skysea"}).status_code == 200
    assert table.get("state", "side:raiders").json()["out_of_scene"] == ["ada"]
    ada = next(a for a in table.get("summary").json()["actors"] if a["id"] == "ada")
    assert ada["left"] == "ada plunges into the Skysea and leaves the scene"
