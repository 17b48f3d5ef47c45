"""options() pays only for the actors near the places it reaches (issue 25): the box
prefilter (``others_near``) against the brute force it replaced, every other actor
looked at (R004-07, R004-19, A004-04, A004-06)."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest
import shapely
from shapely import MultiPolygon, Polygon

from footwork.engine import Session
from footwork.rulesets.sitemaps import movement, pipeline, ruleset
from footwork.rulesets.sitemaps.movement import others

from ._helpers import actor, session


def _rooms(k: int) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """``k`` × ``k`` 6×4 m rooms, each joined to its neighbours by 2 m doors."""
    zones = [{"id": f"r{i}_{j}", "rect": [6 * i, 4 * j, 6, 4]}
             for i in range(k) for j in range(k)]
    openings: list[dict[str, Any]] = []
    for i in range(k):
        for j in range(k):
            if i + 1 < k:
                openings.append({"between": [f"r{i}_{j}", f"r{i + 1}_{j}"],
                                 "at": [[6 * (i + 1), 4 * j + 1], [6 * (i + 1), 4 * j + 3]]})
            if j + 1 < k:
                openings.append({"between": [f"r{i}_{j}", f"r{i}_{j + 1}"],
                                 "at": [[6 * i + 2, 4 * (j + 1)], [6 * i + 4, 4 * (j + 1)]]})
    return zones, openings


@pytest.fixture(scope="module")
def crowded() -> Session[Any]:
    """A 4 × 4 house, 30 actors of two sides at random spots (no two circles
    overlapping); the first actor's move step reaches its neighbours, its rush two rooms
    away."""
    zones, openings = _rooms(4)
    rng = random.Random(25)
    taken: list[tuple[str, tuple[float, float]]] = []
    while len(taken) < 30:
        i, j = rng.randrange(4), rng.randrange(4)
        point = (round(6 * i + rng.uniform(0.3, 5.7), 2), round(4 * j + rng.uniform(0.3, 3.7), 2))
        if all(math.dist(point, p) >= 2 for _, p in taken):
            taken.append((f"r{i}_{j}", point))
    cast = [actor(f"a{n}", zone, point, side=rng.choice(["crew", "house"]))
            for n, (zone, point) in enumerate(taken)]
    return session(cast, zones=zones, openings=openings)


def _all(s: Session[Any], who: str) -> tuple[Any, ...]:
    s.engine.forget()
    return tuple(s.options(who))


def _canonical(options: tuple[Any, ...]) -> list[tuple[Any, ...]]:
    """The options with each region as its normalised geometry: a difference with a far
    circle (the brute force) may start a ring at another corner, the same outline."""
    out = []
    for o in options:
        shape = None
        if o.region is not None:
            shape = shapely.normalize(MultiPolygon(
                [Polygon(rings[0], rings[1:]) for rings in o.region])).wkt
        out.append((o.command, o.label, o.cost, o.to, o.checks, o.rules, o.risk, shape))
    return out


def test_options_match_the_brute_force_over_every_actor(crowded: Session[Any],
                                                         monkeypatch: pytest.MonkeyPatch
                                                         ) -> None:
    """The same options (regions, spots, pins, odds) as when every other actor is looked
    at, for several movers in a crowd."""
    movers = list(crowded.state.actors)[:8]
    fast = {who: _all(crowded, who) for who in movers}
    every = lambda state, actor_id, bounds, margin: others(state, actor_id)  # noqa: E731
    count = lambda state, actor_id, zone: sum(  # noqa: E731
        o.at == zone for o in others(state, actor_id))
    for module in (movement, pipeline, ruleset):
        monkeypatch.setattr(module, "others_near", every)
    for module in (movement, pipeline):
        monkeypatch.setattr(module, "others_in", count)
    brute = {who: _all(crowded, who) for who in movers}
    assert any(len(v) > 1 for v in fast.values())
    assert {k: _canonical(v) for k, v in fast.items()} == \
        {k: _canonical(v) for k, v in brute.items()}


def test_far_actors_are_not_looked_at(monkeypatch: pytest.MonkeyPatch) -> None:
    """R004-07, R004-19: a hero in the middle of a row of 12 rooms, a foe in every room:
    only the foes within a footprint or a reach of a place the hero may reach are ever
    handed to the rules."""
    zones = [{"id": f"r{i}", "rect": [6 * i, 0, 6, 4]} for i in range(12)]
    openings = [{"between": [f"r{i}", f"r{i + 1}"], "at": [[6 * (i + 1), 1], [6 * (i + 1), 3]]}
                for i in range(11)]
    cast = [actor("hero", "r6", [37, 3])] + [
        actor(f"foe{i}", f"r{i}", [6 * i + 4.5, 1], side="house") for i in range(12)]
    s = session(cast, zones=zones, openings=openings)
    seen: set[str] = set()
    real = movement.others_near

    def spy(state: Any, actor_id: str, bounds: Any, margin: float) -> Any:
        found = real(state, actor_id, bounds, margin)
        seen.update(a.id for a in found)
        return found

    for module in (movement, pipeline, ruleset):
        monkeypatch.setattr(module, "others_near", spy)
    found = _all(s, "hero")
    assert {o.to for o in found if o.to} == {"r4", "r5", "r6", "r7", "r8"}
    # the rush reaches r4..r8 (x from 24 to 54): foes of r3..r9 may touch it, none farther
    assert seen and seen <= {f"foe{i}" for i in range(3, 10)}
    assert "foe6" in seen


def test_a_path_without_legs_has_nobody_near(crowded: Session[Any]) -> None:
    from footwork.space.zonemap import TracedPath

    box = movement.path_bounds(TracedPath((), ("r0_0",)))
    assert movement.others_near(crowded.state, "a0", box, 2.0) == []


def test_the_count_in_a_zone_is_the_loop_over_every_actor(crowded: Session[Any]) -> None:
    """R004-06: ``others_in`` (counted once per state) against the loop it replaced, for
    every actor and every zone of the crowd, full zones among them."""
    state = crowded.state
    zones = {a.at for a in state.actors.values()} | {"r0_0", "r3_3", "nowhere"}
    pairs = [(who, zone) for who in [*state.actors, "nobody"] for zone in sorted(zones)]
    assert [movement.others_in(state, who, zone) for who, zone in pairs] == \
        [sum(o.at == zone for o in others(state, who)) for who, zone in pairs]
    full = max(movement.others_in(state, "nobody", z) for z in zones)
    assert full >= 3  # the crowd puts several in one room: the count is not trivially 0/1


def test_actors_placed_at_setup_see_those_placed_before_them() -> None:
    """R004-07: actors given no point are put at free spots one after the other; each
    sees the circles of those placed before it (found: the crowd kept for the set-up's
    growing list of actors was its first, empty one, so all three stood on one spot)."""
    s = session([actor(n, "r0") for n in ("a", "b", "c")],
                zones=[{"id": "r0", "rect": [0, 0, 6, 4]}], openings=[])
    points = [a.point for a in s.state.actors.values()]
    assert min(math.dist(p, q) for i, p in enumerate(points) for q in points[i + 1:]) >= 2


def _mask_near(state: Any, actor_id: str, bounds: tuple[float, float, float, float],
               margin: float) -> list[Any]:
    """The box query of before the bisection (session 31): four comparisons over arrays
    of every actor's centre, then the hits in the state's order."""
    import numpy as np

    actors = list(state.actors.values())
    xs = np.array([a.point[0] for a in actors])
    ys = np.array([a.point[1] for a in actors])
    minx, miny, maxx, maxy = bounds
    inside = ((xs >= minx - margin) & (xs <= maxx + margin)
              & (ys >= miny - margin) & (ys <= maxy + margin))
    return [actors[i] for i in np.flatnonzero(inside) if actors[i].id != actor_id]


def test_the_bisected_box_query_is_the_array_comparison(crowded: Session[Any]) -> None:
    """``others_near`` bisects the centres sorted by x: the same actors, in the same
    order, as the comparisons over arrays it replaced, for random boxes and for boxes
    whose edges fall exactly on centres (ties of x included: the crowd's centres are
    rounded to the cm), empty and infinite ones."""
    state = crowded.state
    points = [a.point for a in state.actors.values()]
    rng = random.Random(31)
    boxes: list[tuple[float, float, float, float]] = [
        (math.inf, math.inf, -math.inf, -math.inf), (-math.inf, -math.inf, math.inf, math.inf)]
    for _ in range(300):
        (ax, ay), (bx, by) = rng.choice(points), rng.choice(points)
        boxes.append((min(ax, bx), min(ay, by), max(ax, bx), max(ay, by)))
        x, y = rng.uniform(-2, 26), rng.uniform(-2, 18)
        boxes.append((x, y, x + rng.uniform(0, 8), y + rng.uniform(0, 6)))
    compared = hits = 0
    for box in boxes:
        for who in ("a0", "a7", "nobody"):
            for margin in (0.0, 1.0, 2.5):
                found = movement.others_near(state, who, box, margin)
                assert found == _mask_near(state, who, box, margin), (box, who, margin)
                compared += 1
                hits += len(found)
    assert compared == 3 * 3 * len(boxes) and hits > compared  # not trivially empty
