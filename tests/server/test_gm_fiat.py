"""The game master's fiat through the server: only the game master's seat may put a
character anywhere, bring one in or take one out; a player's attempt and a place that
does not exist change nothing; undo takes it back; a hidden newcomer never reaches a
player seat, nor moves its version."""

from __future__ import annotations

import json

from fastapi.testclient import TestClient

from .conftest import Table


def test_only_the_game_master_places_and_undo_takes_it_back(client: TestClient) -> None:
    table = Table(client, "sitemaps/tavern-brawl")
    before = table.state()
    refused = table.send({"do": "gm_place", "actor": "gm", "target": "mira", "to": "street-east"},
                         "side:patrons")
    assert refused.status_code == 403
    bad = table.send({"do": "gm_place", "actor": "gm", "target": "mira", "to": "cellar"})
    assert bad.status_code == 422 and bad.json()["reason"] == "no_such_place"
    assert bad.json()["message"].startswith("no such place 'cellar'")
    assert table.state() == before
    done = table.send({"do": "gm_place", "actor": "gm", "target": "mira", "to": "street-east",
                       "point": [8.5, -2.0]})
    assert done.status_code == 200, done.text
    (line,) = done.json()["lines"]
    assert line["event"] == "actor_placed" and "ruling" in line["text"]
    mira = table.state()["actors"]["mira"]
    assert mira["at"] == "street-east" and mira["point"] == [8.5, -2.0]
    assert table.send({"do": "undo"}).status_code == 200
    assert table.state()["actors"] == before["actors"]


def test_a_hidden_newcomer_never_reaches_a_player(client: TestClient) -> None:
    table = Table(client, "sitemaps/tavern-brawl")
    seen = table.state("side:patrons")
    added = table.send({"do": "gm_add", "actor": "gm", "id": "bouncer", "side": "house",
                        "at": "kitchen", "stats": {"STR": 13, "AGI": 11}})
    assert added.status_code == 200, added.text
    assert "bouncer" in table.state()["actors"]
    now = table.state("side:patrons")
    assert now["version"] == seen["version"]
    for path in ("state", "log", "map"):
        assert "bouncer" not in json.dumps(table.get(path, "side:patrons").json()), path
