"""Oracle of ``ZoneMap._entries_now`` and ``ZoneMap._touching`` (issue 25): the line, its
box and the tree query are made without shapely's scalar wrappers; the code before them
is kept here, and both must list the same zones entered at the same distances (exactly,
to the last bit) on random walks over rooms and a slanted room."""

from __future__ import annotations

import math
import random
from itertools import pairwise
from typing import Any

import numpy as np
import pytest
import shapely
from shapely.geometry import LineString, Polygon, box

from footwork.space.zonemap import EPS, ZoneMap, ZoneShape


def _old_touching(zm: ZoneMap, geom: Any, floor: int) -> list[str]:
    entry = zm._trees.get(floor)
    if entry is None:
        return []
    names, tree = entry
    return [names[i] for i in np.sort(tree.query(geom)).tolist()]


def _old_entries(zm: ZoneMap, p: Any, q: Any, floor: int, current: str | None
                 ) -> list[tuple[float, str]]:
    """``_entries_now`` as it was before (LineString and its bounds, scalar query)."""
    if math.dist(p, q) <= EPS:
        return []
    line = LineString([p, q])
    minx, miny, maxx, maxy = line.bounds
    probe = shapely.box(minx - 2 * EPS, miny - 2 * EPS, maxx + 2 * EPS, maxy + 2 * EPS)
    on_floor = [zm.zones[z] for z in _old_touching(zm, probe, floor)]
    polys = np.array([z.polygon for z in on_floor], dtype=object)
    cuts = {0.0, line.length}
    met = shapely.get_coordinates(shapely.intersection(line, zm._boundaries(on_floor)))
    if len(met):
        cuts.update(shapely.line_locate_point(line, shapely.points(met)).tolist())
    pieces = [(a, b) for a, b in pairwise(sorted(cuts)) if b - a > EPS]
    if not pieces:
        return []
    mids = shapely.line_interpolate_point(line, [(a + b) / 2 for a, b in pieces])
    xy = shapely.get_coordinates(mids)
    holds = shapely.contains_xy(polys[:, None], xy[None, :, 0], xy[None, :, 1]) \
        if len(polys) else np.zeros((0, len(pieces)), dtype=bool)
    out: list[tuple[float, str]] = []
    for k, (a, _) in enumerate(pieces):
        inside = [z.id for z, ok in zip(on_floor, holds[:, k].tolist(), strict=True) if ok]
        touching = inside or [z.id for z in on_floor if z.polygon.distance(mids[k]) <= EPS]
        if not touching or current in touching:
            continue
        current = touching[0]
        out.append((a, current))
    return out


@pytest.fixture(scope="module")
def zonemap() -> ZoneMap:
    """3×3 rooms, a slanted room beside them, a room upstairs, walls."""
    zones = [ZoneShape(f"r{i}_{j}", box(6 * i, 4 * j, 6 * i + 6, 4 * j + 4))
             for i in range(3) for j in range(3)]
    zones += [ZoneShape("slant", Polygon([(18, 0), (24, 3), (22, 12), (18, 12)])),
              ZoneShape("up", box(0, 0, 6, 4), floor=1)]
    openings = [("r2_0", "slant", LineString([(18, 1), (18, 3)]))]
    for i in range(3):
        for j in range(3):
            if i + 1 < 3:
                openings.append((f"r{i}_{j}", f"r{i + 1}_{j}",
                                 LineString([(6 * i + 6, 4 * j + 1), (6 * i + 6, 4 * j + 3)])))
            if j + 1 < 3:
                openings.append((f"r{i}_{j}", f"r{i}_{j + 1}",
                                 LineString([(6 * i + 2, 4 * (j + 1)), (6 * i + 4, 4 * (j + 1))])))
    walls = [(0, LineString([(3, 0), (3, 2.5)])), (0, LineString([(15, 4), (15, 6.5)]))]
    return ZoneMap(zones, openings, walls=walls)


def _walks(zm: ZoneMap) -> list[tuple[tuple[float, float], tuple[float, float], str | None]]:
    rng = random.Random(25)
    # corners, door ends and border points on the grid (runs along borders and through
    # corners), and random points
    grid = [(float(x), float(y)) for x in range(0, 25, 3) for y in range(0, 13, 2)]
    names = [*sorted(z for z in zm.zones if zm.zones[z].floor == 0), None]
    out = []
    for _ in range(600):
        pick = [grid[rng.randrange(len(grid))] if rng.random() < 0.5
                else (rng.uniform(-1, 25), rng.uniform(-1, 13)) for _ in range(2)]
        if rng.random() < 0.1:  # a walk shorter than EPS or about that long
            pick[1] = (pick[0][0] + rng.choice((0.0, EPS / 2, 2 * EPS)), pick[0][1])
        out.append((pick[0], pick[1], rng.choice(names)))
    return out


def test_entries_as_before(zonemap: ZoneMap) -> None:
    entered = 0
    for p, q, current in _walks(zonemap):
        new = zonemap._entries_now(p, q, 0, current)
        assert new == _old_entries(zonemap, p, q, 0, current), (p, q, current)
        assert all(type(a) is float for a, _ in new)
        entered += len(new)
    assert entered > 300  # the walks do cross borders


def test_touching_as_before(zonemap: ZoneMap) -> None:
    rng = random.Random(7)
    for _ in range(200):
        x, y = rng.uniform(-2, 26), rng.uniform(-2, 14)
        geom = rng.choice([shapely.box(x, y, x + rng.uniform(0, 8), y + rng.uniform(0, 6)),
                           shapely.Point(x, y), LineString([(x, y), (y, x)])])
        assert zonemap._touching(geom, 0) == _old_touching(zonemap, geom, 0)
    assert zonemap._touching(shapely.Point(3, 3), 1) == ["up"]
    assert zonemap._touching(shapely.Point(3, 3), 7) == []  # no such floor


def _old_straight(zm: ZoneMap, p: Any, q: Any, zones: Any) -> Any:
    """``ZoneMap._straight`` before session 31: the walls and the zones entered tested
    before the openings' crossings."""
    from footwork.space.zonemap import Opening, _points

    if len(zones) < 2 or math.dist(p, q) <= EPS:
        return None
    floor = zm.floor_of(zones[0])
    passages = [zm._ways.get((a, b)) for a, b in pairwise(zones)]
    if any(not isinstance(w, Opening) for w in passages) or \
            any(zm.floor_of(z) != floor for z in zones):
        return None
    if not zm.clear_in(p, q, zones):
        return None
    entries = zm._entries(p, q, floor, zones[0])
    if [z for _, z in entries] != list(zones[1:]):
        return None
    line = LineString([p, q])
    found = []
    for way in passages:
        crossing = _points(line.intersection(way.segment))
        if len(crossing) != 1 or not zm._inside_opening(way.segment, crossing[0]):
            return None
        found.append(crossing[0])
    return found


def _old_step(zm: ZoneMap, a: str, b: str, here: Any, toward: Any) -> Any:
    """``ZoneMap._step`` before session 31: the way cut by the opening at every step."""
    from shapely.geometry import Point
    from shapely.ops import nearest_points

    from footwork.space.zonemap import _points

    seg = zm._passage(a, b).segment
    straight = LineString([here, toward]) if math.dist(here, toward) > EPS else None
    if straight is not None:
        pieces = _points(straight.intersection(seg))
        if pieces:
            best = min(pieces, key=lambda p: math.dist(here, p))
            if zm._inside_opening(seg, best):
                return best
    target = straight if straight is not None else Point(toward)
    p, _ = nearest_points(zm._inner(seg), target)
    return (p.x, p.y)


def test_straight_walks_and_steps_as_before(zonemap: ZoneMap) -> None:
    """A straight walk that misses an opening of its route is refused before its walls
    and zones are tested, and a step whose way misses the opening is not cut by it
    (session 31): the same crossings, or the same refusal, as the code before, on
    routes between random and door points (some straight through two doors)."""
    rng = random.Random(41)
    doors = [pt for o in zonemap.openings for pt in
             (*o.segment.coords, tuple(o.segment.interpolate(0.5, normalized=True).coords[0]))]
    grid = [(float(x), float(y)) for x in range(0, 25, 3) for y in range(0, 13, 2)]
    names = sorted(z for z in zonemap.zones if zonemap.zones[z].floor == 0)
    straight = steps = 0
    for _ in range(400):
        a, b = rng.choice(names), rng.choice(names)
        route = zonemap.route(a, b)
        assert route is not None
        p, q = (rng.choice(doors + grid) if rng.random() < 0.4
                else (rng.uniform(0, 24), rng.uniform(0, 12)) for _ in range(2))
        if rng.random() < 0.4:  # straight across: a point and its mirror through a door
            x, y = rng.choice(doors[2::3])  # a door's middle
            dx, dy, k = rng.uniform(-5, 5), rng.uniform(-3, 3), rng.uniform(0.2, 1.5)
            p, q = (x - dx, y - dy), (x + k * dx, y + k * dy)
            za, zb = zonemap.zone_at(p, 0), zonemap.zone_at(q, 0)
            if za is None or zb is None or za == zb:
                continue
            route = zonemap.route(za, zb)
            assert route is not None
        for i in range(len(route) - 1):
            found = zonemap._straight(p, q, route[i:])
            assert found == _old_straight(zonemap, p, q, route[i:]), (p, q, route[i:])
            straight += found is not None
            ab = (route[i], route[i + 1])
            assert zonemap._step(*ab, p, q) == _old_step(zonemap, *ab, p, q), (ab, p, q)
            steps += 1
    assert straight >= 10 and steps >= 300
