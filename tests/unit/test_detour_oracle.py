"""The detour search over arrays (issue 25) against the loop it replaced: on random small
maps with random walls, the same way (the same corners, in order, to the last bit)."""

from __future__ import annotations

import heapq
import math
import random
from collections.abc import Sequence

from shapely import LineString, box

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
