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
