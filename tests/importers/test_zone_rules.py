"""`sitemaps` on an imported map: rooms are zones, doors openings, no zone over 10 m, a
room behind a secret door hidden from the players."""

from __future__ import annotations

from typing import Any

from shapely.geometry import Polygon

from footwork.engine.seats import Seat
from footwork.importers import read_map
from footwork.rulesets.sitemaps import floorplan
from footwork.space.floorplan import Choices
from tests.importers.maps import cave, dumps, dungeondraft, foundry
from tests.support import actor, inline_data, inline_session


def _map(doc: dict[str, Any], **choices: Any) -> dict[str, Any]:
    return floorplan.build(read_map(dumps(doc), "m.json"), Choices(**choices)).map


def test_rooms_are_zones_and_the_door_is_the_way_between() -> None:
    m = _map(dungeondraft())
    assert [z["id"] for z in m["zones"]] == ["room-1", "room-2"]
    # the door at x = 5 squares (7.5 m), y 3..4 (4.5..6 m); the archway at the corridor's
    # east end joins it to the east room, so the corridor is part of room-2
    assert m["openings"] == [{"between": ["room-1", "room-2"],
                              "at": [[7.5, 4.5], [7.5, 6.0]]}]
    assert [[13.5, 6.0], [15.0, 6.0], [15.0, 7.5], [13.5, 7.5], [13.5, 6.0]] in m["walls"]
    s = inline_session(inline_data("sitemaps", m, [actor("ada", "room-1", point=[4, 5])]))
    moves = {o.to for o in s.options("ada") if o.to}
    assert "room-2" in moves
    # the west room: 4 x 5 squares of 1.5 m
    assert Polygon(m["zones"][0]["polygon"]).area == 4 * 1.5 * 5 * 1.5


def test_a_large_cave_is_cut_into_zones_of_at_most_10_m() -> None:
    m = _map(cave())
    assert len(m["zones"]) > 4
    for z in m["zones"]:
        xs = [p[0] for p in z["polygon"]]
        ys = [p[1] for p in z["polygon"]]
        assert max(xs) - min(xs) <= 10 + 1e-6 and max(ys) - min(ys) <= 10 + 1e-6
    ids = {z["id"] for z in m["zones"]}
    assert all(set(o["between"]) <= ids for o in m["openings"])
    # the island of rock (radius 2 squares, 3 m, round the centre at 15 m) is no zone
    centre = Polygon([(12, 12), (18, 12), (18, 18), (12, 18)])
    covered = sum(Polygon(z["polygon"]).intersection(centre).area for z in m["zones"])
    assert covered < 36 - 3.0**2 * 3
    assert all(Polygon(z["polygon"]).is_valid for z in m["zones"])


def test_a_room_behind_a_secret_door_is_hidden_from_the_players() -> None:
    m = _map(foundry())
    hidden = [z["id"] for z in m["zones"] if z.get("revealed") is False]
    assert hidden == ["room-2"]
    s = inline_session(inline_data("sitemaps", m, [actor("ada", "room-1", point=[3, 3])]))
    players = s.view(Seat.parse("players")).space_json(s.state)
    assert "room-2" not in str(players)
    gm = s.view().space_json(s.state)
    assert "room-2" in str(gm)
