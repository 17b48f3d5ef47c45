"""The pieces of a traced way made faster for the 100 × 100 rooms (issue 25), each against
the code it replaced: where a straight walk enters zones (vectorised over its pieces),
the sight lines of a detour (one array of lines), the inner part of an opening (made
once per opening). Random lines over a 3 × 3 house with random walls: the same answers
to the last bit."""

from __future__ import annotations

import math
import random
from itertools import pairwise

import numpy as np
import shapely
from shapely import LineString, Point, box

from footwork.space.zonemap import (
    EPS,
    XY,
    ZoneMap,
    ZoneShape,
    _clear_lines,
    _points,
    _shrink,
)


def house(rng: random.Random) -> ZoneMap:
    """3 × 3 rooms of 6 × 4 m, doors between neighbours, a few random walls."""
    zones = [ZoneShape(f"r{i}_{j}", box(6 * i, 4 * j, 6 * i + 6, 4 * j + 4))
             for i in range(3) for j in range(3)]
    doors = []
    for i in range(3):
        for j in range(3):
            if i + 1 < 3:
                doors.append((f"r{i}_{j}", f"r{i + 1}_{j}",
                              LineString([(6 * i + 6, 4 * j + 1), (6 * i + 6, 4 * j + 3)])))
            if j + 1 < 3:
                doors.append((f"r{i}_{j}", f"r{i}_{j + 1}",
                              LineString([(6 * i + 2, 4 * j + 4), (6 * i + 4, 4 * j + 4)])))
    walls = []
    for _ in range(rng.randint(1, 4)):
        x, y = rng.uniform(0.5, 17.5), rng.uniform(0.5, 11.5)
        walls.append((0, LineString([(x, y), (x + rng.uniform(-3, 3), y + rng.uniform(-3, 3))])))
    return ZoneMap(zones, doors, walls=walls)


def loop_entries(m: ZoneMap, p: XY, q: XY, floor: int, current: str | None
                 ) -> list[tuple[float, str]]:
    """``ZoneMap._entries`` before issue 25's arrays: one piece at a time."""
    if math.dist(p, q) <= EPS:
        return []
    line = LineString([p, q])
    minx, miny, maxx, maxy = line.bounds
    probe = shapely.box(minx - 2 * EPS, miny - 2 * EPS, maxx + 2 * EPS, maxy + 2 * EPS)
    on_floor = [m.zones[z] for z in m.zones_near(probe, floor)]
    polys = np.array([z.polygon for z in on_floor], dtype=object)
    cuts = {0.0, line.length}
    met = [Point(x, y) for hit in shapely.intersection(line, shapely.boundary(polys))
           for x, y in _points(hit)]
    if met:
        cuts.update(shapely.line_locate_point(line, np.array(met, dtype=object)).tolist())
    out: list[tuple[float, str]] = []
    for a, b in pairwise(sorted(cuts)):
        if b - a <= EPS:
            continue
        mid = line.interpolate((a + b) / 2)
        holds = shapely.contains_xy(polys, mid.x, mid.y) if len(polys) else []
        inside = [z.id for z, ok in zip(on_floor, holds, strict=True) if ok]
        touching = inside or [z.id for z in on_floor if z.polygon.distance(mid) <= EPS]
        if not touching or current in touching:
            continue
        current = touching[0]
        out.append((a, current))
    return out


def _point(rng: random.Random) -> XY:
    # some on the grid of borders and door jambs (walks along a border, through a corner)
    if rng.random() < 0.3:
        return (float(rng.choice(range(0, 19, 2))), float(rng.choice(range(0, 13, 1))))
    return (rng.uniform(0, 18), rng.uniform(0, 12))


def test_entries_are_the_loops() -> None:
    compared = crossing = 0
    for seed in range(10):
        rng = random.Random(seed)
        m = house(rng)
        for _ in range(30):
            p, q = _point(rng), _point(rng)
            current = m.zone_at(p, 0)
            found = m._entries_now(p, q, 0, current)
            assert found == loop_entries(m, p, q, 0, current), (seed, p, q)
            compared += 1
            crossing += len(found) > 1
    assert compared == 300 and crossing >= 100


def test_sight_lines_in_one_array_are_each_line_alone() -> None:
    """Lines from one point to many and from many to one (some shorter than EPS, one of
    them the point itself), tested in one call, against :meth:`ZoneMap.clear_in` one by
    one."""
    tested = blocked = 0
    for seed in range(10):
        rng = random.Random(seed)
        m = house(rng)
        zones = rng.choice([("r1_1",), ("r1_1", "r2_1"), ("r0_1", "r1_1", "r1_0")])
        x0, y0, x1, y1 = shapely.total_bounds([m.zones[z].polygon for z in zones])
        spots = [(rng.uniform(x0, x1), rng.uniform(y0, y1)) for _ in range(41)]
        p = spots[0]
        qs = [*spots[1:], p, (p[0] + EPS / 3, p[1]), (p[0] + 3 * EPS, p[1])]
        area = m._area_in(zones)
        one = np.broadcast_to(np.array(p), (len(qs), 2))
        for starts, ends in ((one, np.array(qs)), (np.array(qs), one)):
            lines = list(zip(starts.tolist(), ends.tolist(), strict=True))
            one_by_one = [m.clear_in(tuple(a), tuple(b), zones) for a, b in lines]
            assert _clear_lines(area, starts, ends).tolist() == one_by_one
            tested += len(qs)
            blocked += one_by_one.count(False)
    assert blocked > 80 and tested - blocked > 200


def test_an_openings_inner_part_is_made_once_and_is_the_shrunk_segment() -> None:
    m = house(random.Random(1))
    for opening in m.openings:
        inner = m._inner(opening.segment)
        assert inner is m._inner(opening.segment)
        assert shapely.equals_exact(inner, _shrink(opening.segment, 1.0), 0)


def test_a_point_is_clear_where_it_was_covered() -> None:
    """:meth:`ZoneMap.clear` of a point (p = q) tests it without making a Point: the
    same answer as the area's ``covers``, on borders, door jambs, wall ends and walls."""
    answers = []
    for seed in range(6):
        rng = random.Random(seed)
        m = house(rng)
        for _ in range(60):
            p = _point(rng)
            area = m._loose_near((p[0], p[1], p[0], p[1]), 0)
            covered = area is not None and bool(area.covers(Point(p)))
            assert m.clear(p, p, 0) == covered, (seed, p)
            answers.append(covered)
    assert answers.count(False) > 0 and answers.count(True) > 0
