"""The detour search over arrays (issue 25) against the loop it replaced: on random small
maps with random walls, the same way (the same corners, in order, to the last bit)."""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Sequence
from typing import Any

import numpy as np
import pytest
from shapely import LineString, Point, box

from footwork.space import zonemap
from footwork.space.zonemap import XY, PathBlocked, ZoneMap, ZoneShape


def loop_detour(m: ZoneMap, p: XY, q: XY, zones: Sequence[str]) -> list[XY] | None:
    """The search of before issue 25's arrays: Dijkstra over the corners, one Python
    loop over every node at each step, every sight line tested afresh (no cache)."""
    nodes = [p, q, *m._corners(zones).corners]
    best = {0: 0.0}
    heap = [(0.0, 0)]
    previous: dict[int, int] = {}
    while heap:
        d, i = heapq.heappop(heap)
        if i == 1:
            out = [q]
            while i in previous:
                i = previous[i]
                out.append(nodes[i])
            return out[::-1]
        if d > best.get(i, math.inf):
            continue
        closer = [(j, d + math.dist(nodes[i], other)) for j, other in enumerate(nodes)
                  if j != i]
        closer = [(j, nd) for j, nd in closer if nd < best.get(j, math.inf)]
        for j, nd in closer:
            if m.clear_in(nodes[i], nodes[j], zones):
                best[j] = nd
                previous[j] = i
                heapq.heappush(heap, (nd, j))
    return None


def random_map(rng: random.Random) -> ZoneMap:
    """Two rooms joined by a door, a few random walls in them."""
    w, h = rng.choice([(6, 4), (8, 6), (5, 5)])
    zones = [ZoneShape("a", box(0, 0, w, h)), ZoneShape("b", box(w, 0, 2 * w, h))]
    walls = []
    for _ in range(rng.randint(1, 4)):
        x, y = rng.uniform(0.5, 2 * w - 0.5), rng.uniform(0, h)
        if rng.random() < 0.5:
            walls.append((0, LineString([(x, y), (x, min(h, y + rng.uniform(1, h)))])))
        else:
            walls.append((0, LineString([(x, y), (min(2 * w, x + rng.uniform(1, w)), y)])))
    return ZoneMap(zones, [("a", "b", LineString([(w, 1), (w, h - 1)]))], walls=walls)


def test_the_array_detour_finds_the_loops_way() -> None:
    compared = bent = 0
    for seed in range(12):
        rng = random.Random(seed)
        m = random_map(rng)
        w = m.zones["b"].polygon.bounds[0]
        top = m.zones["a"].polygon.bounds[3]
        for _ in range(12):
            zones = rng.choice([("a",), ("b",), ("a", "b")])
            lo = 0.0 if zones[0] == "a" else w
            hi = w if zones == ("a",) else 2 * w
            p = (rng.uniform(lo + 0.1, hi - 0.1), rng.uniform(0.1, top - 0.1))
            q = (rng.uniform(lo + 0.1, hi - 0.1), rng.uniform(0.1, top - 0.1))
            if not (m.clear_in(p, p, zones) and m.clear_in(q, q, zones)):
                continue
            try:
                # twice: the second search reads what the first cached (sights, distances)
                found = [m._detour(p, q, 0, zones) for _ in range(2)]
            except PathBlocked:
                continue
            assert found[0] == found[1] == loop_detour(m, p, q, zones), (seed, p, q, zones)
            compared += 1
            bent += found[0] is not None and len(found[0]) > 2
    # enough ways compared, and enough of them bent round a wall (not just p, q)
    assert compared >= 100 and bent >= 20


def test_ways_from_a_wall_end_and_ties_are_the_loops() -> None:
    """The ways the lazy tests meet most: from a point at a wall's end or a door jamb
    (every sight line blocked, or most of them), and ways with two equally long sides
    round a wall (a tie the queue's order breaks): the loop's way every time."""
    compared = refused = 0
    for seed in range(8):
        rng = random.Random(100 + seed)
        m = random_map(rng)
        w = m.zones["b"].polygon.bounds[0]
        ends = [pt for _, wall in m.walls for pt in wall.coords]
        ends += [(w, 1.0), (w, m.zones["a"].polygon.bounds[3] - 1)]
        for p in ends:
            for zones in (("a",), ("b",), ("a", "b")):
                q = (rng.uniform(0.1, 2 * w - 0.1), rng.uniform(0.1, 3.9))
                try:
                    found = m._detour(p, q, 0, zones)
                except PathBlocked:
                    continue
                assert found == loop_detour(m, p, q, zones), (seed, p, q, zones)
                compared += 1
                refused += found is None
    # a wall across the middle of a room: round its top or its bottom, equally long
    m = ZoneMap([ZoneShape("a", box(0, 0, 6, 4))], [], walls=[(0, LineString([(3, 1), (3, 3)]))])
    for p, q in (((1.0, 2.0), (5.0, 2.0)), ((5.0, 2.0), (1.0, 2.0)), ((3.0, 0.5), (3.0, 3.5))):
        found = m._detour(p, q, 0, ("a",))
        assert found is not None and found == loop_detour(m, p, q, ("a",))
    assert compared >= 40 and refused >= 5


def test_the_lines_to_the_end_are_tested_only_as_needed(monkeypatch: pytest.MonkeyPatch
                                                        ) -> None:
    """A detour tests every line from its start in one call, but the lines from corners to
    its end only for the corners the search reaches: round a short wall near its start,
    in a long room whose far end has many corners (a pillar), far fewer than there are
    corners."""
    calls: list[tuple[Any, Any]] = []
    real = zonemap._clear_lines

    def counted(area: Any, starts: Any, ends: Any, walls: Any = None) -> Any:
        calls.append((np.array(starts), np.array(ends)))
        return real(area, starts, ends, walls)

    monkeypatch.setattr(zonemap, "_clear_lines", counted)
    pillar = Point(30, 2).buffer(1)
    m = ZoneMap([ZoneShape("a", box(0, 0, 40, 4))], [],
                walls=[(0, LineString([(3, 0), (3, 2.5)])), (0, pillar.exterior)])
    p, q = (2.5, 1.0), (3.5, 1.0)
    corners = m._corners(("a",)).count
    found = m._detour(p, q, 0, ("a",))
    assert found == loop_detour(m, p, q, ("a",)) and found is not None and len(found) > 2
    assert len(calls[0][0]) == corners + 1 and (calls[0][0] == p).all()  # p's, in one call
    to_q = sum(len(s) for s, e in calls if (e == q).all() and not (s == p).all())
    assert corners > 40 and 0 < to_q < corners / 2


def _slanted_map(rng: random.Random) -> ZoneMap:
    """Two rooms, a door between them centred on a wall's end (as on the benchmark's
    square), a slanted wall and a zig-zag wall with sharp turns (mitred joins)."""
    zones = [ZoneShape("a", box(0, 0, 6, 4)), ZoneShape("b", box(6, 0, 12, 4))]
    x, y = rng.uniform(1, 5), rng.uniform(0.5, 3.5)
    zig = [(7.0, 0.5)] + [(7.0 + k * 0.8, 0.5 + (k % 2) * rng.uniform(0.5, 3)) for k in
                          range(1, 6)]
    walls = [(0, LineString([(6, 2), (9, 2)])),
             (0, LineString([(x, y), (x + rng.uniform(-1, 1), y + rng.uniform(-1, 1))])),
             (0, LineString(zig))]
    return ZoneMap(zones, [("a", "b", LineString([(6, 1), (6, 3)]))], walls=walls)


def test_the_wall_cores_rule_out_only_blocked_lines() -> None:
    """A sight line meeting a wall's core is blocked without the ``covers`` test
    (``ZoneMap._near_cores``): every line, from random points, wall ends, door jambs and
    a door's middle on a wall's end to every corner and more, gets the answer ``covers``
    gives it alone; and the cores do rule out lines (most of the blocked ones)."""
    compared = ruled_out = blocked = 0
    for seed in range(10):
        rng = random.Random(300 + seed)
        m = random_map(rng) if seed % 2 else _slanted_map(rng)
        w = m.zones["b"].polygon.bounds[0]
        for zones in (("a",), ("b",), ("a", "b")):
            sights = m._corners(zones)
            area = m._area_in(zones)
            cores = m._near_cores(sights, 0)
            assert cores is not None
            starts = [pt for _, wall in m.walls for pt in wall.coords]
            starts += [(w, 1.0), (w, 2.0), (w, 3.0)]
            starts += [(rng.uniform(0, 2 * w), rng.uniform(0, 4)) for _ in range(6)]
            ends = np.concatenate((sights.xy, [(rng.uniform(0, 2 * w), rng.uniform(0, 4))
                                               for _ in range(20)]))
            for p in starts:
                s = np.broadcast_to(np.array(p, dtype=float), ends.shape)
                fast = zonemap._clear_lines(area, s, ends, cores)
                assert (fast == zonemap._clear_lines(area, s, ends)).all(), (seed, p, zones)
                lines = [LineString([p, e]) for e in ends.tolist()]
                ruled_out += sum(cores.intersects(line) for line in lines)
                blocked += int((~fast).sum())
                compared += len(ends)
    assert compared > 5000 and ruled_out > blocked / 2
