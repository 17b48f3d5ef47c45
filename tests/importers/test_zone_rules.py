"""`sitemaps` on an imported map: rooms are zones, doors openings, no zone over 10 m, a
room behind a secret door hidden from the players."""

from __future__ import annotations

from typing import Any

import pytest
from shapely.geometry import Polygon

from footwork.engine.seats import Seat
from footwork.importers import read_map
from footwork.limits import LimitExceeded
from footwork.rulesets.sitemaps import floorplan
from footwork.space.floorplan import WALL, Choices, Door, FloorPlan, Wall, rasterize
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


def test_a_room_cut_into_more_zones_than_the_limit_is_refused_before_cutting() -> None:
    side = 5000.0  # a room of 5,000 squares a side: 750 x 750 tiles of 10 m
    walls = (Wall((0, 0), (side, 0)), Wall((side, 0), (side, side)),
             Wall((side, side), (0, side)), Wall((0, side), (0, 1)))
    plan = FloorPlan(side, side, 10, walls=walls, doors=(Door((0, 1), (0, 0)),))
    with pytest.raises(LimitExceeded) as err:
        floorplan.build(plan, Choices())
    assert "map.zones: 562,500 zones are over the limit of 1,000" in str(err.value)


def test_a_wall_far_off_the_picture_costs_nothing_on_a_grid() -> None:
    far = Wall((-90_000.0, -90_000.0), (90_000.0, 90_000.0))
    raster = rasterize(FloorPlan(4, 4, 10, walls=(far,)), 2)
    assert raster.shape == (8, 8)
    assert len(raster.cells(WALL)) >= 8  # the diagonal across the picture, 4-connected
