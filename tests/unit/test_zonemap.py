"""ZoneMap: zones as polygons on floors, openings, walls, connectors and traced paths."""

from __future__ import annotations

import math
import warnings
from typing import Any

import pytest
from shapely import LineString, Polygon, box

from footwork import limits
from footwork.space.zonemap import (
    MAX_DETOUR_CORNERS,
    Connector,
    PathBlocked,
    TracedPath,
    ZoneMap,
    ZoneShape,
)

DOOR = LineString([(4, 1), (4, 3)])


def rooms(*, door: Any = DOOR, walls: Any = (), connectors: Any = ()) -> ZoneMap:
    """Two 4 x 4 rooms side by side, a (joined to b by ``door``), and a loft above a."""
    zones = [ZoneShape("a", box(0, 0, 4, 4)), ZoneShape("b", box(4, 0, 8, 4)),
             ZoneShape("loft", box(0, 0, 4, 4), floor=1)]
    openings = [("a", "b", door)] if door is not False else []
    return ZoneMap(zones, openings, connectors, walls)


def ladder() -> Connector:
    return Connector("a", "loft", "climb", (1, 1), (1, 1))


# -- construction -----------------------------------------------------------------------


def test_zones_on_one_floor_are_joined_only_through_openings() -> None:
    m = rooms(door=False)
    assert m.neighbours("a") == () and m.route("a", "b") is None
    m = rooms()
    assert m.neighbours("a") == ("b",)
    assert m.route("a", "b") == ["a", "b"]


def test_a_whole_border_opening() -> None:
    m = rooms(door=None)
    (opening,) = m.openings
    assert opening.segment.length == pytest.approx(4)
    assert m.clear((1, 0.5), (7, 0.5), 0)


@pytest.mark.parametrize("door", [LineString([(4, 5), (4, 6)]), LineString([(3, 1), (3, 3)])])
def test_an_opening_off_the_shared_border_is_refused(door: Any) -> None:
    with pytest.raises(ValueError, match="not on their shared border"):
        rooms(door=door)


def test_openings_need_a_shared_border_and_one_floor() -> None:
    zones = [ZoneShape("a", box(0, 0, 4, 4)), ZoneShape("c", box(6, 0, 8, 4)),
             ZoneShape("up", box(4, 0, 8, 4), floor=1)]
    with pytest.raises(ValueError, match="share no border"):
        ZoneMap(zones, [("a", "c", None)])
    with pytest.raises(ValueError, match="different floors"):
        ZoneMap(zones, [("a", "up", None)])
    with pytest.raises(ValueError, match="unknown zone 'zz'"):
        ZoneMap(zones, [("a", "zz", None)])


@pytest.mark.parametrize(("poly", "message"), [
    (Polygon([(0, 0), (4, 4), (4, 0), (0, 4)]), "crosses itself"),
    (Polygon([(0, 0), (2, 0), (4, 0)]), "not valid|no area"),
])
def test_invalid_polygons_are_refused(poly: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        ZoneMap([ZoneShape("bad", poly)], [])


def test_overlapping_zones_are_refused_on_one_floor_only() -> None:
    with pytest.raises(ValueError, match="'a' and 'b' overlap on floor 0"):
        ZoneMap([ZoneShape("a", box(0, 0, 4, 4)), ZoneShape("b", box(3, 0, 6, 4))], [])
    m = ZoneMap([ZoneShape("a", box(0, 0, 4, 4)), ZoneShape("b", box(0, 0, 4, 4), floor=1)], [])
    assert set(m.zones) == {"a", "b"}
    with pytest.raises(ValueError, match="declared twice"):
        ZoneMap([ZoneShape("a", box(0, 0, 4, 4)), ZoneShape("a", box(4, 0, 8, 4))], [])


def test_a_connector_end_must_lie_in_its_zone() -> None:
    with pytest.raises(ValueError, match=r"climb a–loft: \[9, 9\] is not in zone 'a'"):
        rooms(connectors=[Connector("a", "loft", "climb", (9, 9), (1, 1))])


# -- queries ----------------------------------------------------------------------------


def test_zone_at_prefers_the_inside_then_a_border() -> None:
    m = rooms()
    assert m.zone_at((1, 1), 0) == "a" and m.zone_at((5, 1), 0) == "b"
    assert m.zone_at((1, 1), 1) == "loft"
    assert m.zone_at((4, 2), 0) in {"a", "b"}
    assert m.zone_at((9, 9), 0) is None


def test_walls_block_straight_legs() -> None:
    m = rooms(walls=[(0, LineString([(2, 0), (2, 3)]))])
    assert not m.clear((1, 1), (3, 1), 0)
    assert m.clear((1, 3.5), (3, 3.5), 0)
    assert not m.clear((3, 0.5), (5, 0.5), 0)  # the closed part of the a|b border
    assert m.clear((3, 2), (5, 2), 0)  # through the door


def test_a_trace_detours_around_a_wall() -> None:
    m = rooms(walls=[(0, LineString([(2, 0), (2, 3)]))])
    path = m.trace((1, 1), "a", (3, 1), "a")
    assert path.zones == ("a",) and path.crossings == 0
    assert len(path.legs) >= 2 and path.length > 2
    for leg in path.legs:
        assert m.clear(leg.start, leg.end, 0)
    assert max(p for leg in path.legs for p in (leg.start[1], leg.end[1])) >= 3


def test_a_wall_across_a_zone_splits_it() -> None:
    m = rooms(walls=[(0, LineString([(2, 0), (2, 4)]))])
    with pytest.raises(PathBlocked) as info:
        m.trace((1, 1), "a", (3, 1), "a")
    assert info.value.at == (1, 1)
    left, right = m.region("a", (1, 1)), m.region("a", (3, 1))
    assert left.area == pytest.approx(8, abs=0.1) and right.area == pytest.approx(8, abs=0.1)
    assert m.region("a").area == pytest.approx(16, abs=0.1)


def test_a_trace_crosses_at_the_opening() -> None:
    m = rooms()
    path = m.trace((1, 0.5), "a", (7, 0.5), "b")
    assert path.zones == ("a", "b") and path.crossings == 1
    crossing = path.legs[0].end
    assert crossing[0] == pytest.approx(4) and 1 <= crossing[1] <= 3
    for leg in path.legs:
        assert m.clear(leg.start, leg.end, 0)


def test_via_legs_are_taken_as_given() -> None:
    m = rooms(door=None)
    path = m.trace((1, 1), "a", (7, 1), "b", via=[(2, 3.5), (6, 3.5)])
    assert [leg.end for leg in path.legs] == [(2, 3.5), (6, 3.5), (7, 1)]
    assert path.length == pytest.approx(math.dist((1, 1), (2, 3.5)) + 4
                                        + math.dist((6, 3.5), (7, 1)))
    m = rooms()
    with pytest.raises(PathBlocked, match="crosses a wall"):
        m.trace((1, 1), "a", (7, 1), "b", via=[(4.5, 0.5)])
    with pytest.raises(PathBlocked, match="one floor"):
        rooms(connectors=[ladder()]).trace((2, 2), "a", (2, 2), "loft", via=[(1, 1)])


def test_connectors_join_floors() -> None:
    m = rooms(connectors=[ladder()])
    assert set(m.neighbours("a")) == {"b", "loft"}
    path = m.trace((3, 3), "a", (3, 2), "loft")
    kinds = [leg.kind for leg in path.legs]
    assert "climb" in kinds and path.zones == ("a", "loft")
    climb = next(leg for leg in path.legs if leg.kind == "climb")
    assert climb.connector is not None and climb.floor == 1
    assert m.route("b", "loft") == ["b", "a", "loft"]
    assert m.zone_distances("b", 5) == {"b": 0, "a": 1, "loft": 2}


def test_a_one_way_connector() -> None:
    drop = Connector("loft", "a", "drop", (1, 1), (1, 1), one_way=True)
    m = rooms(connectors=[drop])
    assert m.route("loft", "a") == ["loft", "a"]
    assert m.route("a", "loft") is None


def test_zones_along_a_straight_walk() -> None:
    m = rooms(door=None)
    assert m.zones_along((1, 1), (7, 1), 0) == ["a", "b"]
    assert m.zones_along((7, 1), (1, 1), 0) == ["b", "a"]
    assert m.zones_along((1, 1), (1, 1), 0) == ["a"]
    assert m.zones_along((1, 4), (3, 4), 0) == ["a"]  # along the outer edge


# -- traced paths ------------------------------------------------------------------------


def test_first_within_is_exact() -> None:
    path = rooms().trace((1, 2), "a", (7, 2), "b")
    d = path.first_within((5, 3), 0, 2.0)
    assert d is not None
    point, floor = path.point_at(d)
    assert floor == 0 and math.dist(point, (5, 3)) == pytest.approx(2.0, abs=1e-9)
    assert d == pytest.approx(4 - math.sqrt(3))
    assert path.first_within((5, 3), 1, 2.0) is None  # another floor
    assert path.first_within((1, 3.5), 0, 2.0) == 0.0  # starts within reach
    assert path.first_within((5, 3.9), 0, 1.0) is None


def test_exits_finds_where_the_path_leaves_a_region() -> None:
    path = rooms().trace((1, 2), "a", (7, 2), "b")
    strip = box(2, 0, 3, 4)
    assert path.exits(strip, 0) == [(2.0, (3.0, 2.0))]
    assert path.exits(strip, 1) == []
    assert path.exits(box(6, 0, 8, 4), 0) == []  # ends inside: no exit


def test_exits_at_a_doorway_where_a_leg_ends() -> None:
    """Found: a region whose edge is the doorway (a pool zone) was never left, because the
    walked leg ends on the border and the next leg starts there."""
    path = rooms(door=None).trace((1, 2), "a", (7, 2), "b")
    assert path.legs[0].end == (4.0, 2.0)
    assert path.exits(box(0, 0, 4, 4), 0) == [(3.0, (4.0, 2.0))]


def test_exits_through_a_connector() -> None:
    path = rooms(connectors=[ladder()]).trace((3, 3), "a", (3, 2), "loft")
    exits = path.exits(box(0, 0, 4, 4), 0)
    assert exits and exits[-1][1] == (1, 1)


def test_enters_and_walked() -> None:
    path = rooms().trace((1, 2), "a", (7, 2), "b")
    assert path.enters(box(2, 0, 3, 4), 0)
    assert not path.enters(box(0, 3, 1, 4), 0)
    assert path.walked(1) is None and path.walked(0).length == pytest.approx(6)
    assert isinstance(path, TracedPath) and path.end == (7, 2)


def _open_pair(first: str = "a") -> ZoneMap:
    zones = [ZoneShape("a", box(0, 0, 6, 4)), ZoneShape("b", box(6, 0, 12, 4))]
    if first == "b":
        zones.reverse()
    return ZoneMap(zones, [("a", "b", None)])


@pytest.mark.parametrize("first", ["a", "b"])
def test_a_walk_along_a_border_stays_in_its_zone(first: str) -> None:
    """A leg running along a shared border is not counted as crossing back and forth."""
    m = _open_pair(first)
    path = m.trace((6, 0.5), "a", (6, 3.5), "a", via=())
    assert path.crossings == 0 and path.zones == ("a",)
    corner_to_b = m.trace((6, 0.5), "b", (9, 2), "b")
    assert corner_to_b.zones == ("b",)


@pytest.mark.parametrize("first", ["a", "b"])
def test_zone_before_a_distance_keeps_the_side_it_came_from(first: str) -> None:
    """A stop exactly on a border belongs to the zone being left, whatever the map order."""
    m = _open_pair(first)
    path = m.trace((1, 2), "a", (8, 2), "b")
    assert path.marks == ((5.0, "b"),)
    assert path.zone_before(5.0) == ("a", 0)
    assert path.zone_before(5.5) == ("b", 1)


# -- untrusted sizes and shapes -------------------------------------------------------


def test_the_zones_and_vertices_limits_are_checked_before_any_geometry() -> None:
    """The `zones` and `vertices` limits refuse a map before a polygon is tested (here the
    overlapping zones would otherwise be the error)."""
    overlapping = [ZoneShape(f"z{i}", box(0, 0, 4, 4)) for i in range(4)]
    with limits.using(limits.Limits(zones=3)), pytest.raises(limits.LimitExceeded) as info:
        ZoneMap(overlapping, [])
    assert info.value.limit == "zones" and "4 zones are over the limit of 3" in str(info.value)
    wall = (0, LineString([(1, 1), (2, 2), (3, 1)]))
    with limits.using(limits.Limits(vertices=10)):
        with pytest.raises(limits.LimitExceeded, match="11 vertices are over the limit of 10"):
            ZoneMap(overlapping[:2], [], walls=[wall])
        # a polygon's corners are counted once (not its closing point); holes count too
        holed = Polygon([(0, 0), (9, 0), (9, 9), (0, 9)], [[(1, 1), (2, 1), (2, 2)]])
        assert ZoneMap([ZoneShape("a", holed)], []).zones["a"].polygon is holed
        with pytest.raises(limits.LimitExceeded, match="11 vertices"):
            ZoneMap([ZoneShape("a", holed)], [], walls=[(0, LineString([(5, 5), (6, 6),
                                                                         (7, 5), (8, 6)]))])


@pytest.mark.parametrize("corner", [math.nan, math.inf, None])
def test_non_finite_or_non_polygon_zones_are_value_errors(corner: float | None) -> None:
    """A NaN or infinite corner, or a shape that is not a polygon, is a ValueError naming
    the zone (never a GEOS exception or an AttributeError)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", RuntimeWarning)  # shapely notes the NaN
        poly = (LineString([(0, 0), (1, 1)]) if corner is None
                else Polygon([(0, 0), (corner, 0), (4, 4)]))
    with pytest.raises(ValueError, match="zone 'bad'"):
        ZoneMap([ZoneShape("bad", poly)], [])


def test_non_finite_walls_are_value_errors() -> None:
    with pytest.raises(ValueError, match="a wall on floor 0 has no finite points"):
        rooms(walls=[(0, LineString([(1, 1), (math.inf, 1)]))])


def test_overlaps_are_found_among_many_zones() -> None:
    """Zones are compared only with their neighbours (an STR-tree), and an overlap is
    still found wherever the two zones are listed."""
    grid = [ZoneShape(f"z{i}", box(4 * (i % 30), 4 * (i // 30), 4 * (i % 30) + 4,
                                   4 * (i // 30) + 4)) for i in range(600)]
    m = ZoneMap(grid, [("z0", "z1", None)])
    assert m.zone_at((1, 1), 0) == "z0" and m.zone_at((119, 79), 0) == "z599"
    assert m.zones_near(box(3, 3, 5, 5), 0) == ["z0", "z1", "z30", "z31"]
    clash = [*grid[:300], ZoneShape("late", box(1, 1, 2, 2)), *grid[300:]]
    with pytest.raises(ValueError, match="zones 'z0' and 'late' overlap on floor 0"):
        ZoneMap(clash, [])


def test_a_detour_past_too_many_corners_is_refused() -> None:
    """A wall with hundreds of teeth between two points: the visibility search (its cost
    grows with the square of the corners) is not run past MAX_DETOUR_CORNERS."""
    teeth = LineString([(50 + 0.3 * (k % 2), 9 * k / 119) for k in range(120)])
    m = ZoneMap([ZoneShape("hall", box(0, 0, 100, 10))], [], walls=[(0, teeth)])
    with pytest.raises(PathBlocked, match=f"more than footwork searches "
                                          f"\\({MAX_DETOUR_CORNERS}\\)"):
        m.trace((10, 5), "hall", (90, 5), "hall")
    few = LineString([(50 + 0.3 * (k % 2), 9 * k / 9) for k in range(10)])
    m = ZoneMap([ZoneShape("hall", box(0, 0, 100, 10))], [], walls=[(0, few)])
    path = m.trace((10, 5), "hall", (90, 5), "hall")
    assert all(m.clear(leg.start, leg.end, 0) for leg in path.legs)


def test_trace_takes_a_clear_straight_line_through_open_borders() -> None:
    """A route of three zones whose straight line is clear and crosses each opening 1 m
    inside is walked straight (issue 23 w), its legs ending at the openings."""
    shapes = [ZoneShape(f"r{i}", box(4 * i, 0, 4 * i + 4, 4)) for i in range(3)]
    zm = ZoneMap(shapes, [("r0", "r1", None), ("r1", "r2", None)])
    path = zm.trace((1, 1.2), "r0", (11, 1.2), "r2")
    assert path.length == pytest.approx(10.0)
    assert [leg.end for leg in path.legs] == [(4.0, 1.2), (8.0, 1.2), (11, 1.2)]
    bent = zm.trace((1, 0.5), "r0", (11, 0.5), "r2")  # 0.5 m from the wall: kept 1 m in
    assert bent.length > 10.0


def test_wall_across_finds_walls_and_closed_borders_not_open_air() -> None:
    """R004-18, A004-16: a straight line that may leave the zones (a leap's) is stopped by
    a declared wall and by a closed border, at the wall's middle line; touching one at
    an end (a take-off on a zone's edge) is no crossing, and another floor's walls are
    not on it."""
    m = rooms(walls=[(0, LineString([(2, 5), (2, 7)]))])
    assert m.wall_across((1, 6), (3, 6), 0) == pytest.approx((2.0, 6.0))
    assert m.wall_across((1, 6), (3, 6), 1) is None
    assert m.wall_across((1, 8), (3, 8), 0) is None  # outside every zone: open air
    assert m.wall_across((3, 0.5), (5, 0.5), 0) == pytest.approx((4.0, 0.5))  # closed
    assert m.wall_across((3, 2), (5, 2), 0) is None  # through the door
    assert m.wall_across((2, 7), (2, 9), 0) is None  # from the wall's end, away from it


def test_remembering_traces_traces_a_way_once() -> None:
    """Issue 25: within one listing of options the same way is asked for more than once
    (a move and a rush to one zone): traced once, the same answer (or refusal) again."""
    from footwork.space.zonemap import remembering_traces

    m = rooms(walls=[(0, LineString([(2, 0), (2, 3)]))])
    split = rooms(walls=[(0, LineString([(2, 0), (2, 4)]))])
    with remembering_traces():
        first = m.trace((1, 1), "a", (3, 1), "a")
        assert m.trace((1, 1), "a", (3, 1), "a") is first
        assert m.trace((1, 1), "a", (3, 1.5), "a") is not first
        refusals = []
        for _ in range(2):
            with pytest.raises(PathBlocked) as info:
                split.trace((1, 1), "a", (3, 1), "a")
            refusals.append((str(info.value), info.value.at))
        assert refusals[0] == refusals[1] and refusals[0][1] == (1, 1)
    again = m.trace((1, 1), "a", (3, 1), "a")
    assert again is not first and again == first  # nothing kept after the block
