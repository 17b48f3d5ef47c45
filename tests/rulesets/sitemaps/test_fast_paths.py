"""Two small fast paths of a sitemaps listing (issue 25), each against the code it
replaced: the odds of a roll folded once per check options and value (A004-01), and a
region's outline read from one coordinate array (R004-02: the same rings, to the mm)."""

from __future__ import annotations

from shapely import Point, box

from footwork.odds import tier_odds
from footwork.rulesets.sitemaps import checks
from footwork.rulesets.sitemaps.options import CheckOptions
from footwork.rulesets.sitemaps.ruleset import _polygons


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
