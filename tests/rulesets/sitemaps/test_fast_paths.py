"""Small fast paths of a sitemaps listing (issue 25), each against the code it replaced:
the odds of a roll folded once per check options and value (A004-01), a region's outline
read from one coordinate array (R004-02: the same rings, to the mm), and the free spot
of a zone testing only the lattice points in a neighbour's box against it."""

from __future__ import annotations

import math
import random
from typing import Any

import numpy as np
import shapely
from shapely import Point, box

from footwork.odds import tier_odds
from footwork.rulesets.sitemaps import checks, movement
from footwork.rulesets.sitemaps.movement import (
    free_spot,
    opts,
    others,
    seat_unknown,
    site,
)
from footwork.rulesets.sitemaps.options import CheckOptions
from footwork.rulesets.sitemaps.ruleset import _polygons
from footwork.space.zonemap import XY

from ._helpers import actor, session


def test_odds_are_folded_once_and_are_the_folds() -> None:
    for c in (CheckOptions(), CheckOptions(dice="2d6", mode="roll_over", target=12)):
        for value in range(-2, 23):
            found = checks.odds(c, value)
            assert found == tier_odds(checks.dice_of(c), checks.judge(c, value),
                                      checks.TIERS)
            found[checks.PASS] = -1  # a caller's copy: the kept fold is not touched
            assert checks.odds(c, value)[checks.PASS] != -1
    assert checks._odds.cache_info().hits > 0


def old_polygons(geom: object) -> tuple[object, ...]:
    """``ruleset._polygons`` before issue 25: each ring's coordinates one by one."""
    geom = geom.simplify(1e-6)  # type: ignore[attr-defined]
    out = []
    for poly in getattr(geom, "geoms", [geom]):
        if poly.geom_type != "Polygon" or poly.is_empty:
            continue
        rings = [poly.exterior, *poly.interiors]
        out.append(tuple(tuple((round(x, 3), round(y, 3)) for x, y in list(r.coords)[:-1])
                         for r in rings))
    return tuple(out)


def test_outlines_are_the_ring_by_ring_ones() -> None:
    room = box(0, 0, 6, 4)
    cut = room.difference(Point(3.1234567, 2.0000004).buffer(1.0, quad_segs=16))
    split = room.difference(box(2.9995, -1, 3.0005, 5))
    holed = room.difference(Point(3, 2).buffer(0.5, quad_segs=8))
    for geom in (room, cut, split, holed, cut.difference(Point(0, 0).buffer(2))):
        assert _polygons(geom) == old_polygons(geom)
    assert len(_polygons(split)) == 2 and len(_polygons(holed)[0]) == 2


def old_free_spot(state: Any, actor_id: str, zone: str, near: XY,
                  entry: XY | None = None) -> XY | None:
    """``movement.free_spot`` before issue 25: every lattice point tested against every
    neighbouring zone, every other actor looked at, the lattice made at every call."""
    m = site(state)
    if sum(1 for o in others(state, actor_id) if o.at == zone) >= m.capacity[zone]:
        return None
    area = m.geometry.region(zone, entry, seat_unknown(state))
    if area.is_empty:
        return None
    minx, miny, maxx, maxy = area.bounds
    step = 0.25
    xs, ys = np.meshgrid(np.arange(math.floor(minx / step) * step, maxx + step / 2, step),
                         np.arange(math.floor(miny / step) * step, maxy + step / 2, step))
    xs, ys = np.round(xs, 4), np.round(ys, 4)
    ok = shapely.intersects_xy(area, xs, ys)
    width = opts(state).move.footprint_m
    floor = m.floor(zone)
    for o in others(state, actor_id):
        if m.floor(o.at) == floor:
            ok &= (xs - o.point[0]) ** 2 + (ys - o.point[1]) ** 2 >= (width - 1e-9) ** 2
    for other_zone in m.geometry.zones_near(area, floor):
        if other_zone != zone:
            ok &= ~shapely.contains_xy(m.geometry.zones[other_zone].polygon, xs, ys)
    if not ok.any():
        return None
    dist = np.where(ok, (xs - near[0]) ** 2 + (ys - near[1]) ** 2, np.inf)
    i = np.unravel_index(int(np.argmin(dist)), dist.shape)
    return (float(xs[i]), float(ys[i]))


def test_free_spots_are_the_old_lattice_search() -> None:
    """R004-06, R004-07, R004-17: the nearest free lattice point of each room of a crowded
    3 × 3 house (border points shared with a neighbour left out) for several movers and
    aims, some aims on a border or a door jamb."""
    zones = [{"id": f"r{i}_{j}", "rect": [6 * i, 4 * j, 6, 4]} for i in range(3)
             for j in range(3)]
    openings = [{"between": [f"r{i}_{j}", f"r{i + 1}_{j}"],
                 "at": [[6 * i + 6, 4 * j + 1], [6 * i + 6, 4 * j + 3]]}
                for i in range(2) for j in range(3)]
    rng = random.Random(3)
    cast, taken = [], []
    while len(cast) < 14:
        i, j = rng.randrange(3), rng.randrange(3)
        point = (round(6 * i + rng.uniform(0.3, 5.7), 2), round(4 * j + rng.uniform(0.3, 3.7), 2))
        if all(math.dist(point, p) >= 2 for p in taken):
            taken.append(point)
            cast.append(actor(f"a{len(cast)}", f"r{i}_{j}", point))
    s = session(cast, zones=zones, openings=openings,
                walls=[[[9, 4], [9, 6.5]], [[3, 0], [3, 2.5]]])
    compared = found = 0
    for who in list(s.state.actors)[:5]:
        for zone in s.state.space.specs:
            for near in [(rng.uniform(0, 18), rng.uniform(0, 12)), (6.0, 4.0), (12.0, 2.0)]:
                spot = free_spot(s.state, who, zone, near)
                assert spot == old_free_spot(s.state, who, zone, near), (who, zone, near)
                compared += 1
                found += spot is not None
    assert compared == 135 and found > 50


def test_a_zones_lattice_is_kept_with_the_map_part_by_part(monkeypatch: Any) -> None:
    """The free part's lattice is made once per zone (and entry, on the map a seat
    knows) and kept with the map, a bounded number of them: the spots are the old
    search's, for a room split in two by a wall too (each part from its entry)."""
    zones = [{"id": "a", "rect": [0, 0, 6, 4]}, {"id": "b", "rect": [6, 0, 6, 4]}]
    s = session([actor("hero", "a", [1, 1]), actor("foe", "b", [7.5, 2])], zones=zones,
                openings=[{"between": ["a", "b"], "at": [[6, 1], [6, 3]]}],
                walls=[[[9, 0], [9, 4]]])
    m = site(s.state)
    asked: list[tuple[Any, ...]] = []
    real = m.geometry.region

    def counted(*args: Any) -> Any:
        asked.append(args)
        return real(*args)

    monkeypatch.setattr(m.geometry, "region", counted)
    for entry, near in (((7.0, 1.0), (11.0, 3.0)), ((11.0, 1.0), (7.0, 3.0)),
                        (None, (11.0, 3.0)), ((7.0, 1.0), (8.0, 3.0))):
        for _ in range(2):
            spot = free_spot(s.state, "hero", "b", near, entry)
            assert spot == old_free_spot(s.state, "hero", "b", near, entry), (entry, near)
    assert free_spot(s.state, "hero", "b", (11.0, 3.0), (7.0, 1.0))[0] < 9  # type: ignore[index]
    # three parts asked for (two entries and none), each lattice made once; the old
    # search asked for each part at every call
    made = [a for a in asked if a[0] == "b"]
    assert len(made) == 3 + 8, made
    monkeypatch.setattr(movement, "LATTICES_KEPT", 2)
    for zone in ("a", "b", "a"):
        free_spot(s.state, "foe", zone, (3.0, 2.0))
        assert len(m.__dict__["_lattices"]) <= 2


def test_a_zones_whole_outline_is_kept_with_the_map(monkeypatch: Any) -> None:
    """R004-02: an option's region outline is the region's polygons; a zone's whole free
    part (no circle cut from it) is drawn once per map, a region cut by someone's circle
    (or the mover's own zone) every time."""
    s = session([actor("hero", "r1", [7, 2]), actor("foe", "r2", [13.5, 2])])
    from footwork.rulesets.sitemaps import ruleset

    drawn: list[Any] = []
    real = ruleset._polygons

    def counted(geom: Any) -> Any:
        drawn.append(geom)
        return real(geom)

    monkeypatch.setattr(ruleset, "_polygons", counted)
    first = [(o.to, o.region) for o in s.options("hero") if o.to]
    s.engine.forget()
    again = [(o.to, o.region) for o in s.options("hero") if o.to]
    m = site(s.state)
    assert first == again and {to for to, _ in first} == {"r0", "r1", "r2", "r3"}
    for to, region in first:
        if to in ("r0", "r3"):  # nobody near: the whole free part
            assert region == real(m.geometry.region(to))
    # r0 and r3 drawn once for both listings; r1 (the mover's own) and r2 (the foe's)
    # each time
    assert len(drawn) == 2 + 2 * 2, drawn


def test_a_circle_is_made_once_per_point_and_width(monkeypatch: Any) -> None:
    """R004-07: the disc cut from a region round a character is the buffer it was, the
    same object for the same point and width, a bounded number kept."""
    made = movement.circle((3.0, 2.0), 2.0)
    assert shapely.get_coordinates(made).tolist() == shapely.get_coordinates(
        Point(3.0, 2.0).buffer(2.0, quad_segs=16)).tolist()
    assert movement.circle((3.0, 2.0), 2.0) is made
    assert movement.circle((3.0, 2.0), 1.0) is not made
    monkeypatch.setattr(movement, "CIRCLES_KEPT", 3)
    for x in range(5):
        movement.circle((float(x), 0.0), 2.0)
        assert len(movement._circles) <= 3
