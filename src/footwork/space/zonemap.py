"""Zones that are shapes in metres: polygons on floors, openings, walls, connectors.

A zone map is a zone graph in which every zone is also a polygon (shapely), so
characters stand at exact points and paths are traced exactly:

- two zones on one floor that share a border are joined only through the
  *openings* declared on that border (a doorway segment, or the whole border);
  the rest of the border is a wall, and so are the extra *walls* inside zones;
- a *connector* joins two zones by a jump from one point to another (a ladder
  between floors, a leap over a gap); what crossing it takes is the ruleset's.

A path is a list of legs. A walking leg must lie in the free space of its floor
(the zones minus their walls); a connector leg is taken as declared. Characters
never block a path here: occupancy is the ruleset's business.

Building is bounded: the ``zones`` and ``vertices`` limits (footwork.limits) are
checked before any geometry is computed, zones are compared only with the zones
whose boxes meet theirs (an STR-tree), and a detour around walls searches at most
:data:`MAX_DETOUR_CORNERS` corners.
"""

from __future__ import annotations

import heapq
import math
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import numpy as np
import shapely
from shapely import LineString, MultiLineString, Point, Polygon, STRtree, unary_union
from shapely.ops import nearest_points, substring

from footwork import limits
from footwork.space.graph import Link, Place, PlaceGraph
from footwork.space.routes import adjacency, simple_routes

XY = tuple[float, float]
#: walls are thickened by this much (metres) so that "covers" tests are robust
WALL = 0.005
#: tolerance for "this point is on that line"
EPS = 1e-6
#: the most corners a detour around walls searches (its cost grows with their square);
#: a way needing more is refused, and the mover can give waypoints instead
MAX_DETOUR_CORNERS = 200
#: how far inside a thickened wall its core starts (metres; :meth:`ZoneMap._near_cores`)
CORE_MARGIN = 5e-4

#: while :func:`remembering_traces` is open, the traces asked so far (or why they failed)
_TRACES: ContextVar[dict[Any, Any] | None] = ContextVar("footwork_traces", default=None)


@contextmanager
def remembering_traces() -> Iterator[None]:
    """Within it, :meth:`ZoneMap.trace` traces a way once and answers the same question
    again (same map, ends, via and route) from memory: one listing of options asks for
    the same way several times (a zone reachable by a move and by a rush). A trace is a
    function of the immutable map and its arguments only, so the answer is the same;
    nothing outlives the block (a context variable: threads and tasks keep their own)."""
    token = _TRACES.set({})
    try:
        yield
    finally:
        _TRACES.reset(token)


def _remembered(key: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
    """``compute()``, or while :func:`remembering_traces` is open the answer (or the
    :class:`PathBlocked` refusal) already found under ``key``. The pieces of a trace (a
    walk between two points of a zone, where a walk enters zones) are functions of the
    immutable map and their arguments only; the ways of one listing share many of them
    (every option leaves the mover's spot through the same few doors)."""
    memo = _TRACES.get()
    if memo is None:
        return compute()
    found = memo.get(key, _MISSING)
    if found is _MISSING:
        try:
            found = compute()
        except PathBlocked as exc:
            found = exc
        memo[key] = found
    if isinstance(found, PathBlocked):
        raise PathBlocked(str(found), found.at)
    return found


_MISSING = object()


class PathBlocked(ValueError):
    """No clear path: carries where the trouble is."""

    def __init__(self, message: str, at: XY | None = None) -> None:
        super().__init__(message)
        self.at = at


@dataclass(frozen=True)
class ZoneShape:
    id: str
    polygon: Any
    floor: int = 0
    props: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Opening:
    """A way through the shared border of two zones on one floor."""

    a: str
    b: str
    segment: Any  # LineString or MultiLineString on the shared border


@dataclass(frozen=True)
class Connector:
    """A jump from ``start`` (in zone ``a``) to ``end`` (in zone ``b``)."""

    a: str
    b: str
    kind: str
    start: XY
    end: XY
    one_way: bool = False
    props: Mapping[str, Any] = field(default_factory=dict)

    def reversed(self) -> Connector:
        return Connector(self.b, self.a, self.kind, self.end, self.start, self.one_way,
                         self.props)


@dataclass(frozen=True)
class Leg:
    """One straight piece of a path: walked on ``floor``, or a connector's jump."""

    start: XY
    end: XY
    floor: int
    kind: str = "walk"
    connector: Connector | None = None

    @property
    def length(self) -> float:
        return math.dist(self.start, self.end)


@dataclass(frozen=True)
class TracedPath:
    legs: tuple[Leg, ...]
    #: the zones the path passes through, in order, the start zone first
    zones: tuple[str, ...]
    #: (distance along the path, zone entered there) for each zone after the first
    marks: tuple[tuple[float, str], ...] = ()

    def zone_before(self, distance: float) -> tuple[str, int]:
        """The zone the path is in just before ``distance``, and how many zones it has
        entered by then (a stop exactly on a border stays on the side it came from)."""
        zone, count = self.zones[0], 0
        for at, entered in self.marks:
            if at >= distance - EPS:
                break
            zone, count = entered, count + 1
        return zone, count

    @property
    def crossings(self) -> int:
        """How many times the path enters another zone."""
        return len(self.zones) - 1

    @property
    def length(self) -> float:
        return sum(leg.length for leg in self.legs)

    @property
    def end(self) -> XY:
        return self.legs[-1].end

    def walked(self, floor: int) -> Any:
        """The walked legs on ``floor`` as one geometry (or None)."""
        lines = [LineString([leg.start, leg.end]) for leg in self.legs
                 if leg.floor == floor and leg.start != leg.end]
        return MultiLineString(lines) if lines else None

    def first_within(self, point: XY, floor: int, radius: float) -> float | None:
        """Distance along the path at which it first comes within ``radius`` of ``point``
        (exactly: where a leg first meets the circle, or 0 on a leg that starts inside)."""
        done = 0.0
        cx, cy = point
        for leg in self.legs:
            if leg.floor == floor:
                (px, py), (qx, qy) = leg.start, leg.end
                fx, fy = px - cx, py - cy
                c = fx * fx + fy * fy - radius * radius
                if c <= EPS * radius:
                    return done
                dx, dy = qx - px, qy - py
                a = dx * dx + dy * dy
                if a > 0:
                    b = 2 * (fx * dx + fy * dy)
                    disc = b * b - 4 * a * c
                    if disc >= 0:
                        t = (-b - math.sqrt(disc)) / (2 * a)
                        if 0.0 <= t <= 1.0:
                            return done + t * math.sqrt(a)
            done += leg.length
        return None

    def point_at(self, distance: float) -> tuple[XY, int]:
        """The point (and floor) ``distance`` metres along the path."""
        done = 0.0
        for leg in self.legs:
            if done + leg.length >= distance - EPS:
                t = 0.0 if leg.length == 0 else (distance - done) / leg.length
                t = min(max(t, 0.0), 1.0)
                x = leg.start[0] + t * (leg.end[0] - leg.start[0])
                y = leg.start[1] + t * (leg.end[1] - leg.start[1])
                return (x, y), leg.floor
            done += leg.length
        return self.end, self.legs[-1].floor

    def exits(self, region: Any, floor: int) -> list[tuple[float, XY]]:
        """Where (distance along, point) the walked path leaves ``region`` on ``floor``."""
        found: list[tuple[float, XY]] = []
        done = 0.0
        for i, leg in enumerate(self.legs):
            if leg.floor == floor and leg.kind == "walk" and leg.start != leg.end:
                line = LineString([leg.start, leg.end])
                inside = line.intersection(region)
                for piece in _pieces(inside):
                    coords = list(piece.coords)
                    if len(coords) < 2:
                        continue
                    a, b = coords[0], coords[-1]
                    if math.dist(leg.start, a) > math.dist(leg.start, b):
                        a, b = b, a
                    if math.dist(b, leg.end) > EPS:  # the leg goes on outside: an exit
                        found.append((done + math.dist(leg.start, b), (b[0], b[1])))
                    elif self._walks_out(i, region, floor):
                        # the leg ends on the border (a doorway, a turn) and the next
                        # walked leg goes on outside: an exit too
                        found.append((done + leg.length, leg.end))
            if leg.kind != "walk" and _covers(region, leg.start) and not (
                    leg.floor == floor and _covers(region, leg.end)):
                found.append((done, leg.start))
            done += leg.length
        return sorted(found)

    def _walks_out(self, index: int, region: Any, floor: int) -> bool:
        """Whether the first walked leg after ``index`` (same floor) starts off ``region``."""
        for leg in self.legs[index + 1:]:
            if leg.start == leg.end:
                continue
            if leg.kind != "walk" or leg.floor != floor:
                return False  # a connector's jump: exits() looks at it on its own
            step = min(1e-3, leg.length / 2)
            t = step / leg.length
            probe = (leg.start[0] + t * (leg.end[0] - leg.start[0]),
                     leg.start[1] + t * (leg.end[1] - leg.start[1]))
            return not bool(region.covers(Point(probe)))
        return False

    def enters(self, region: Any, floor: int) -> bool:
        """Whether any walked leg on ``floor`` passes through the interior of ``region``."""
        walked = self.walked(floor)
        return bool(walked is not None and walked.intersection(region).length > EPS)


class ZoneMap:
    """An immutable zone map. Raises ``ValueError`` naming the faulty zone or passage."""

    def __init__(
        self,
        zones: Sequence[ZoneShape],
        openings: Sequence[tuple[str, str, Any]],
        connectors: Sequence[Connector] = (),
        walls: Sequence[tuple[int, Any]] = (),
    ) -> None:
        limits.check("zones", len(zones))
        limits.check("vertices", sum(_vertex_count(z.polygon) for z in zones)
                     + sum(_vertex_count(w) for _, w in walls))
        self.zones: dict[str, ZoneShape] = {}
        for zone in zones:
            if zone.id in self.zones:
                raise ValueError(f"zone {zone.id!r} is declared twice")
            poly = zone.polygon
            if not isinstance(poly, Polygon) or poly.is_empty:
                raise ValueError(f"zone {zone.id!r}: expected a polygon")
            if not all(math.isfinite(c) for c in poly.bounds):
                raise ValueError(f"zone {zone.id!r}: the corners must be finite numbers")
            if not poly.is_valid:
                raise ValueError(f"zone {zone.id!r}: the polygon is not valid "
                                 "(it crosses itself or repeats a point)")
            if poly.area <= EPS:
                raise ValueError(f"zone {zone.id!r}: the polygon has no area")
            self.zones[zone.id] = zone
        for wall_floor, wall in walls:
            if wall.is_empty or not all(math.isfinite(c) for c in wall.bounds):
                raise ValueError(f"a wall on floor {wall_floor} has no finite points")
        ids = list(self.zones)
        self._order = {z: i for i, z in enumerate(ids)}
        #: per floor, the zone ids and an STR-tree of their polygons (same order)
        self._trees: dict[int, tuple[list[str], Any]] = {}
        for floor in sorted({z.floor for z in self.zones.values()}):
            on_floor = [z for z in ids if self.zones[z].floor == floor]
            self._trees[floor] = (on_floor,
                                  STRtree([self.zones[z].polygon for z in on_floor]))
        # every pair of zones of a floor whose boxes meet, found in one query per floor
        # and tested in bulk (n log n, no Python loop over all pairs)
        pairs = self._box_pairs()
        pa = np.array([self.zones[a].polygon for a, _ in pairs], dtype=object)
        pb = np.array([self.zones[b].polygon for _, b in pairs], dtype=object)
        overlap = shapely.area(shapely.intersection(pa, pb))
        for (a, b), area in zip(pairs, overlap, strict=True):
            if area > 1e-4:
                raise ValueError(f"zones {a!r} and {b!r} overlap on floor "
                                 f"{self.zones[a].floor}")
        self.openings = self._openings(openings)
        #: the way between two zones (an opening first, then a connector), by ordered pair
        self._ways: dict[tuple[str, str], Opening | Connector] = {}
        for o in self.openings:
            self._ways.setdefault((o.a, o.b), o)
            self._ways.setdefault((o.b, o.a), o)
        self.connectors: list[Connector] = []
        for c in connectors:
            for end, point in ((c.a, c.start), (c.b, c.end)):
                self._known(end)
                if not _covers(self.zones[end].polygon, point):
                    raise ValueError(f"{c.kind} {c.a}–{c.b}: {list(point)} is not in zone {end!r}")
            self.connectors.append(c)
        for c in self.connectors:
            self._ways.setdefault((c.a, c.b), c)
            if not c.one_way:
                self._ways.setdefault((c.b, c.a), c.reversed())
        self.walls: list[tuple[int, Any]] = list(walls)
        #: per floor, the walls thickened (declared walls and the closed parts of shared
        #: borders, one polygon each) and an STR-tree of them: a zone's free part is cut
        #: from the walls near it only, never from the whole floor
        self._wall_owners: dict[int, list[frozenset[str]]] = {}
        self._wall_index: dict[int, tuple[Any, Any]] = self._wall_polygons(pairs, pa, pb)
        #: the free space of a floor, and it grown by EPS and prepared: built only when
        #: asked for (:meth:`free`, :meth:`loose_free`); queries use the zones near them
        self._free: dict[int, Any] = {}
        self._loose: dict[int, Any] = {}
        self._regions: dict[str, Any] = {}
        #: free parts of zones on a seat's map: (zone, hidden neighbours) -> area
        self._known_regions: dict[tuple[str, frozenset[str]], Any] = {}
        self._within: dict[frozenset[str], Any] = {}
        self._corner_sets: dict[frozenset[str], _Sights] = {}
        self._nx: Any = None
        places = [Place(z.id, "zone", None, z.floor, dict(z.props)) for z in self.zones.values()]
        links: list[Link] = []
        seen: set[tuple[str, str]] = set()
        for o in self.openings:
            if (o.a, o.b) not in seen:
                seen |= {(o.a, o.b), (o.b, o.a)}
                links.append(Link(o.a, o.b, props={"kind": "opening"}))
        for c in self.connectors:
            key = (c.a, c.b)
            if key not in seen:
                seen.add(key)
                if not c.one_way:
                    seen.add((c.b, c.a))
                links.append(Link(c.a, c.b, one_way=c.one_way, needs=frozenset({c.kind}),
                                  props={"kind": c.kind}))
        self.graph = PlaceGraph(places, links)

    # -- construction -------------------------------------------------------------

    def _known(self, zone: str) -> None:
        if zone not in self.zones:
            raise ValueError(f"unknown zone {zone!r}")

    def _box_pairs(self) -> list[tuple[str, str]]:
        """Every pair of zones on one floor whose boxes meet, each once, in map order
        (sorted by the first zone, then the second)."""
        found: list[tuple[int, int]] = []
        for names, tree in self._trees.values():
            left, right = tree.query(tree.geometries)
            keep = left < right  # a floor's names are in map order: i < j keeps each once
            found += [(self._order[names[i]], self._order[names[j]])
                      for i, j in zip(left[keep].tolist(), right[keep].tolist(), strict=True)]
        ids = list(self.zones)
        return [(ids[i], ids[j]) for i, j in sorted(found)]

    def _openings(self, declared: Sequence[tuple[str, str, Any]]) -> list[Opening]:
        """The openings, checked in declaration order (the first fault is the one
        raised); the geometry of all of them is computed in bulk."""
        fault: str | None = None
        checked: list[tuple[str, str, Any]] = []
        for a, b, segment in declared:
            if a not in self.zones or b not in self.zones:
                fault = f"unknown zone {(a if a not in self.zones else b)!r}"
                break
            if self.zones[a].floor != self.zones[b].floor:
                fault = (f"opening {a}–{b}: the zones are on different floors "
                         "(join floors with a climb)")
                break
            checked.append((a, b, segment))
        rings_a = shapely.boundary(np.array([self.zones[a].polygon for a, _, _ in checked],
                                            dtype=object))
        rings_b = shapely.boundary(np.array([self.zones[b].polygon for _, b, _ in checked],
                                            dtype=object))
        raw = shapely.intersection(rings_a, rings_b)
        given = [k for k, (_, _, seg) in enumerate(checked) if seg is not None]
        shared: list[Any] = []
        for piece in raw:
            border = unary_union([p for p in _pieces(piece) if p.length > EPS])
            if border.is_empty or border.length <= EPS:
                shared.append(None)
            else:
                shared.append(border)
        ok = np.ones(len(checked), dtype=bool)
        given = [k for k in given if shared[k] is not None]
        if given:
            near = shapely.buffer(np.array([shared[k] for k in given], dtype=object), 1e-3)
            segs = np.array([checked[k][2] for k in given], dtype=object)
            ok[given] = shapely.covers(near, segs)
        out: list[Opening] = []
        for (a, b, segment), border, fits in zip(checked, shared, ok, strict=True):
            if border is None:
                raise ValueError(f"opening {a}–{b}: the zones share no border")
            if not fits:
                raise ValueError(f"opening {a}–{b}: {[list(c) for c in segment.coords]} is "
                                 "not on their shared border")
            out.append(Opening(a, b, border if segment is None else segment))
        if fault is not None:
            raise ValueError(fault)
        return out

    def _wall_polygons(self, pairs: Sequence[tuple[str, str]], pa: Any, pb: Any
                       ) -> dict[int, tuple[Any, Any]]:
        """Per floor, the walls as thickened polygons and an STR-tree of them: the
        declared walls and, for each pair of zones sharing a border, the part of it no
        opening crosses (a corner where two zones only touch is closed too)."""
        barriers: dict[int, list[Any]] = {f: [] for f in self._trees}
        #: per floor, parallel to ``barriers``: the zones whose shared border made each
        #: piece (none for a declared wall), so a seat's map may leave out those of the
        #: borders with places hidden from it (:meth:`region`)
        owners: dict[int, list[frozenset[str]]] = {f: [] for f in self._trees}
        for f, w in self.walls:
            barriers.setdefault(f, []).append(w)
            owners.setdefault(f, []).append(frozenset())
        by_pair: dict[tuple[str, str], list[Any]] = {}
        for o in self.openings:
            key = (o.a, o.b) if self._order[o.a] < self._order[o.b] else (o.b, o.a)
            by_pair.setdefault(key, []).append(o.segment)
        shared = shapely.intersection(shapely.boundary(pa), shapely.boundary(pb))
        lengths = shapely.length(shared).tolist()
        empty = shapely.is_empty(shared).tolist()
        opened: list[int] = []
        corners: list[int] = []
        for k, (a, b) in enumerate(pairs):
            if empty[k]:
                continue
            if lengths[k] <= EPS:  # zones touching at a corner: no way through
                corners.append(k)
            elif (a, b) in by_pair:
                opened.append(k)
            else:
                barriers[self.zones[a].floor].append(shared[k])
                owners[self.zones[a].floor].append(frozenset((a, b)))
        for k, blot in zip(corners, shapely.buffer(shared[corners], 2 * WALL), strict=True):
            barriers[self.zones[pairs[k][0]].floor].append(blot)
            owners[self.zones[pairs[k][0]].floor].append(frozenset(pairs[k]))
        if opened:
            holes = shapely.buffer(np.array(
                [unary_union(parts) if len(parts := by_pair[pairs[k]]) > 1 else parts[0]
                 for k in opened], dtype=object), EPS)
            closed = shapely.difference(shared[opened], holes)
            for k, part, length in zip(opened, closed, shapely.length(closed).tolist(),
                                       strict=True):
                if length > EPS:
                    barriers[self.zones[pairs[k][0]].floor].append(part)
                    owners[self.zones[pairs[k][0]].floor].append(frozenset(pairs[k]))
        self._wall_owners = owners
        out: dict[int, tuple[Any, Any]] = {}
        for floor, lines in barriers.items():
            # the union of thickened pieces is the thickened union (flat ends, mitred
            # corners), without one buffer over the whole floor
            polys = shapely.buffer(np.array(lines, dtype=object), WALL, cap_style="flat",
                                   join_style="mitre")
            out[floor] = (polys, STRtree(polys))
        return out

    def _touching(self, geom: Any, floor: int) -> list[str]:
        """The zones of ``floor`` whose boxes meet the box of ``geom``, in map order."""
        entry = self._trees.get(floor)
        if entry is None:
            return []
        names, tree = entry
        # queried as an array of one: the same hits (its second row) without the
        # scalar path's reshaping, a few µs on each of the thousands of calls a listing
        hits = tree.query(np.array([geom], dtype=object))[1]
        return [names[i] for i in np.sort(hits).tolist()]

    def zones_near(self, geom: Any, floor: int) -> list[str]:
        """The zones of ``floor`` that may meet ``geom`` (their boxes meet its box), in
        map order: a cheap filter before exact tests."""
        return self._touching(geom, floor)

    def _floor_free(self, floor: int) -> Any:
        """The free space of a whole floor (built on demand: queries stay local)."""
        free = self._free.get(floor)
        if free is None:
            names, _ = self._trees[floor]
            free = self._free[floor] = unary_union([self.region(z) for z in names])
        return free

    # -- queries ------------------------------------------------------------------

    def __contains__(self, zone: object) -> bool:
        return zone in self.zones

    def __iter__(self) -> Iterator[ZoneShape]:
        return iter(self.zones.values())

    def floor_of(self, zone: str) -> int:
        return self.zones[zone].floor

    def free(self, floor: int) -> Any:
        return self._floor_free(floor)

    def zone_at(self, point: XY, floor: int) -> str | None:
        """The zone on ``floor`` holding ``point`` (inside first, then on a border)."""
        x, y = point
        probe = shapely.box(x - 2 * EPS, y - 2 * EPS, x + 2 * EPS, y + 2 * EPS)
        on_floor = [self.zones[z] for z in self._touching(probe, floor)]
        for z in on_floor:
            if shapely.contains_xy(z.polygon, point[0], point[1]):
                return z.id
        for z in on_floor:
            if z.polygon.distance(Point(point)) <= EPS:
                return z.id
        return None

    def neighbours(self, zone: str) -> tuple[str, ...]:
        return self.graph.neighbours(zone)

    def zone_distances(self, start: str, steps: int) -> dict[str, int]:
        return self.graph.within(start, steps)

    def route(self, a: str, b: str) -> list[str] | None:
        """A shortest zone route (fewest crossings), ties broken by declaration order."""
        previous: dict[str, str | None] = {a: None}
        queue = deque([a])
        while queue:
            here = queue.popleft()
            if here == b:
                out = [b]
                while (step := previous[out[-1]]) is not None:
                    out.append(step)
                return out[::-1]
            for there in self.graph.neighbours(here):
                if there not in previous:
                    previous[there] = here
                    queue.append(there)
        return None

    def clear(self, p: XY, q: XY, floor: int) -> bool:
        """Whether the straight walk from ``p`` to ``q`` stays in the free space of ``floor``
        (tested against the zones near the walk only). A function of the map and its
        arguments: a listing asks the same again and again (the spot of every option,
        twice; the reach along each way), answered from its memory."""
        found: bool = _remembered(("clear", self, p, q, floor),
                                  lambda: self._clear_now(p, q, floor))
        return found

    def _clear_now(self, p: XY, q: XY, floor: int) -> bool:
        if math.dist(p, q) <= EPS:
            # a point: covered where it meets the area (inside or on its edge), tested
            # without making one
            x, y = float(p[0]), float(p[1])
            area = self._loose_near((x, y, x, y), floor)
            return area is not None and bool(shapely.intersects_xy(area, x, y))
        geom = _line(p, q)
        area = self._loose_near(geom.bounds, floor)
        return area is not None and bool(area.covers(geom))

    def clear_xy(self, xs: Any, ys: Any, floor: int) -> Any:
        """For arrays of points, whether each stands in the free space of ``floor`` (grown
        by EPS, as :meth:`clear` tests a point)."""
        xs, ys = np.asarray(xs, dtype=float), np.asarray(ys, dtype=float)
        if xs.size == 0:
            return np.zeros(xs.shape, dtype=bool)
        area = self._loose_near((float(xs.min()), float(ys.min()), float(xs.max()),
                                 float(ys.max())), floor)
        if area is None:
            return np.zeros(xs.shape, dtype=bool)
        return shapely.contains_xy(area, xs, ys)

    def _loose_near(self, bounds: tuple[float, float, float, float], floor: int) -> Any:
        """The free space of the zones of ``floor`` near a box, grown by EPS and prepared
        (None where no zone is near): the part of the floor's free space a test inside the
        box can see."""
        minx, miny, maxx, maxy = bounds
        probe = shapely.box(minx - 2 * EPS, miny - 2 * EPS, maxx + 2 * EPS, maxy + 2 * EPS)
        zones = self._touching(probe, floor)
        if not zones:
            return None
        key = frozenset(zones)
        area = self._within.get(key)
        if area is None:
            area = unary_union([self.region(z) for z in zones]).buffer(EPS)
            shapely.prepare(area)
            self._within[key] = area
        return area

    def clear_in(self, p: XY, q: XY, zones: Sequence[str]) -> bool:
        """Whether the straight walk from ``p`` to ``q`` stays in the free part of ``zones``
        (a walk between two zones of a route may not cut through a third)."""
        area = self._area_in(zones)
        if math.dist(p, q) <= EPS:
            return bool(area.covers(Point(p)))
        return bool(area.covers(_line(p, q)))

    def _area_in(self, zones: Sequence[str]) -> Any:
        """The free part of ``zones`` grown by a hair, prepared (cached per set of zones);
        where walls fill them, the floor's free space."""
        key = frozenset(zones)
        area = self._within.get(key)
        if area is None:
            area = unary_union([self.region(z) for z in zones]).buffer(EPS)
            shapely.prepare(area)
            self._within[key] = area
        if area.is_empty:
            return self.loose_free(self.floor_of(next(iter(zones))))
        return area

    def routes(self, a: str, b: str, limit: int = 8, max_crossings: int | None = None
               ) -> Iterator[list[str]]:
        """Zone routes from ``a`` to ``b``, fewest crossings first (at most ``limit``; with
        ``max_crossings``, only those crossing at most that many borders, searched among
        the zones that near only, so that the size of the floor does not matter)."""
        if a == b:
            yield [a]
            return
        import networkx as nx  # only routing needs it: not loaded by every command

        if self._nx is None:
            self._nx = self.graph.to_networkx()
        g = self._nx
        if max_crossings is not None:
            # the zones within reach and their links (in the graph's order), found once
            # per listing for each start and budget (every option of a listing starts
            # from the mover's zone), searched without networkx (space/routes.py: the
            # same routes in the same order)
            def near(full: Any = g, steps: int = max_crossings) -> tuple[Any, Any, Any]:
                ball = self.graph.within(a, steps)
                return ball, *adjacency(full, ball)

            ball, succ, pred = _remembered(("ball", self, a, max_crossings), near)
            if b not in ball:
                return
            for i, path in enumerate(simple_routes(succ, pred, a, b)):
                if i >= limit or len(path) - 1 > max_crossings:
                    return
                yield list(path)
            return
        try:
            for i, path in enumerate(nx.shortest_simple_paths(g, a, b)):
                if i >= limit:
                    return
                yield list(path)
        except nx.NetworkXNoPath:
            return

    def loose_free(self, floor: int) -> Any:
        """The free space of ``floor`` grown by a hair, prepared for fast point tests
        (built on demand for the whole floor: prefer :meth:`clear` and :meth:`clear_xy`)."""
        loose = self._loose.get(floor)
        if loose is None:
            loose = self._loose[floor] = self._floor_free(floor).buffer(EPS)
            shapely.prepare(loose)
        return loose

    def wall_across(self, p: XY, q: XY, floor: int) -> XY | None:
        """Where the straight line from ``p`` to ``q`` first meets a wall or a closed
        border of ``floor``, or None. Unlike :meth:`clear` it may leave the zones (the
        air a connector's jump crosses, a leap over a gap): only the barriers stop it.
        Its ends are trimmed by 2 cm, so a take-off or a landing on a zone's edge or at
        a door jamb is no crossing."""
        entry = self._wall_index.get(floor)
        d = math.dist(p, q)
        if entry is None or d <= 0.05:
            return None
        t = 0.02 / d
        a = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
        b = (q[0] - t * (q[0] - p[0]), q[1] - t * (q[1] - p[1]))
        line = LineString([a, b])
        polys, tree = entry
        hits = tree.query(line, predicate="intersects")
        if not len(hits):
            return None
        # each piece of the line inside a (thickened) wall, by its middle: on the wall
        met = [(c.x, c.y) for c in (piece.centroid for piece in
                                    _pieces(unary_union(polys[hits]).intersection(line)))]
        return min(met, key=lambda c: math.dist(p, c)) if met else None

    def zones_along(self, p: XY, q: XY, floor: int) -> list[str]:
        """The zones a straight walk passes through, in order."""
        here = self.zone_at(p, floor)
        entries = self._entries(p, q, floor, here)
        return ([here] if here else []) + [z for _, z in entries]

    def _entries(self, p: XY, q: XY, floor: int, current: str | None
                 ) -> tuple[tuple[float, str], ...]:
        """(distance from ``p``, zone entered) along a straight walk. The walk is cut
        wherever it meets a zone border; each piece belongs to the zone holding its
        middle, and a piece running along a border stays with the zone it came from."""
        found: tuple[tuple[float, str], ...] = _remembered(
            ("entries", self, p, q, floor, current),
            lambda: tuple(self._entries_now(p, q, floor, current)))
        return found

    def _entries_now(self, p: XY, q: XY, floor: int, current: str | None
                     ) -> list[tuple[float, str]]:
        if math.dist(p, q) <= EPS:
            return []
        # the same line and box as LineString([p, q]) and its bounds (a two-point line's
        # bounds are its ends' extremes), made without shapely's wrappers: a listing of
        # the square of 10,000 rooms makes ~2,000 of them (issue 25)
        line = shapely.linestrings(np.array((p, q), dtype=float))
        (px, py), (qx, qy) = p, q
        probe = shapely.box(min(px, qx) - 2 * EPS, min(py, qy) - 2 * EPS,
                            max(px, qx) + 2 * EPS, max(py, qy) + 2 * EPS)
        on_floor = [self.zones[z] for z in self._touching(probe, floor)]
        # the zones' borders met and the pieces' middles tested in one call each (the
        # same GEOS operations as one zone at a time, so the same cuts)
        polys = np.array([z.polygon for z in on_floor], dtype=object)
        cuts = {0.0, line.length}
        # every point where the walk meets a border (the points of each piece met, as
        # the pieces list them), located along the walk in one call
        met = shapely.get_coordinates(shapely.intersection(line, self._boundaries(on_floor)))
        if len(met):
            cuts.update(shapely.line_locate_point(line, shapely.points(met)).tolist())
        pieces = [(a, b) for a, b in pairwise(sorted(cuts)) if b - a > EPS]
        if not pieces:
            return []
        # each piece's middle, and which zones hold it: one call each for all pieces
        mids = shapely.line_interpolate_point(line, [(a + b) / 2 for a, b in pieces])
        xy = shapely.get_coordinates(mids)
        holds = shapely.contains_xy(polys[:, None], xy[None, :, 0], xy[None, :, 1]) \
            if len(polys) else np.zeros((0, len(pieces)), dtype=bool)
        out: list[tuple[float, str]] = []
        for k, (a, _) in enumerate(pieces):
            inside = [z.id for z, ok in zip(on_floor, holds[:, k].tolist(), strict=True) if ok]
            touching = inside or [z.id for z in on_floor
                                  if z.polygon.distance(mids[k]) <= EPS]
            if not touching or current in touching:
                continue
            current = touching[0]
            out.append((a, current))
        return out

    def _boundaries(self, zones: Sequence[ZoneShape]) -> Any:
        """The borders of ``zones`` (an array), each made once per map."""
        # a map pickled by an older footwork (a snapshot) has no such cache: made here
        kept: dict[str, Any] = self.__dict__.setdefault("_borders", {})
        missing = [z for z in zones if z.id not in kept]
        if missing:
            made = shapely.boundary(np.array([z.polygon for z in missing], dtype=object))
            kept.update(zip([z.id for z in missing], made, strict=True))
        return np.array([kept[z.id] for z in zones], dtype=object)

    def trace(
        self, start: XY, start_zone: str, end: XY, end_zone: str,
        *, via: Sequence[XY] = (), route: Sequence[str] | None = None,
    ) -> TracedPath:
        """The path from ``start`` to ``end``: through ``via`` points if given (all on the
        start floor), else along the zone route (shortest unless given), crossing each
        opening at the point nearest the straight way on and detouring around walls."""
        key = ("trace", self, start, start_zone, end, end_zone, tuple(via),
               None if route is None else tuple(route))
        found: TracedPath = _remembered(key, lambda: self._trace(
            start, start_zone, end, end_zone, via=via, route=route))
        return found

    def _trace(
        self, start: XY, start_zone: str, end: XY, end_zone: str,
        *, via: Sequence[XY] = (), route: Sequence[str] | None = None,
    ) -> TracedPath:
        floor = self.floor_of(start_zone)
        if via:
            points = [start, *via, end]
            if self.floor_of(end_zone) != floor:
                raise PathBlocked("via points work on one floor; leave them out to climb")
            legs = []
            for p, q in pairwise(points):
                if not self.clear(p, q, floor):
                    raise PathBlocked(f"the way from {_fmt(p)} to {_fmt(q)} crosses a wall", p)
                legs.append(Leg(p, q, floor))
            return self._path(start_zone, legs)
        zones = list(route) if route is not None else self.route(start_zone, end_zone)
        if zones is None or zones[0] != start_zone or zones[-1] != end_zone:
            raise PathBlocked(f"no way from {start_zone} to {end_zone}")
        legs = []
        here = start
        for i, (a, b) in enumerate(pairwise(zones)):
            straight = self._straight(here, end, zones[i:])
            if straight is not None:
                # a clear straight line on through the openings left: take it (bending
                # toward the middle of a later opening would only lengthen the way); its
                # legs end at the openings, as the legs of a bent way do
                points = [here, *straight, end]
                legs += [Leg(p, q, self.floor_of(a)) for p, q in pairwise(points)
                         if math.dist(p, q) > EPS]
                return self._path(start_zone, legs)
            toward = end if i == len(zones) - 2 else self._anchor(b, zones[i + 2])
            step = self._step(a, b, here, toward)
            if isinstance(step, Connector):
                legs += self._walk(here, step.start, self.floor_of(a), a)
                legs.append(Leg(step.start, step.end, self.floor_of(b), step.kind, step))
                here = step.end
            else:
                legs += self._walk(here, step, self.floor_of(a), a, b)
                here = step
        legs += self._walk(here, end, self.floor_of(end_zone), end_zone)
        if not legs:
            legs = [Leg(start, end, floor)]
        return self._path(start_zone, legs)

    def region(self, zone: str, entry: XY | None = None,
               unknown: frozenset[str] = frozenset()) -> Any:
        """The free part of ``zone`` (the part joined to ``entry`` when it is split by walls).

        With ``unknown`` (places hidden from a seat), on the map as that seat knows it:
        the closed parts of borders with unknown zones are left out, as the edge of a
        zone with nothing beyond it has no wall, so the free part of a known zone does
        not show where a hidden neighbour lies or where its door is (issue 24 item 4)."""
        z = self.zones[zone]
        hiding = unknown.intersection(self._touching(z.polygon, z.floor)) - {zone}
        if hiding:
            return self._known_region(zone, frozenset(hiding), entry)
        area = self._regions.get(zone)
        if area is None:
            # the zone cut from the free space of the zones around it (what the floor's
            # free space is there, built from the walls near it only)
            around = unary_union([self.zones[n].polygon for n in self._touching(z.polygon,
                                                                                 z.floor)])
            polys, tree = self._wall_index[z.floor]
            near = tree.query(around, predicate="intersects")
            if len(near):
                around = around.difference(unary_union(polys[near]))
            area = self._regions[zone] = z.polygon.intersection(around)
        if entry is None:
            return area
        parts = [p for p in getattr(area, "geoms", [area]) if p.distance(Point(entry)) <= 1e-3]
        return unary_union(parts) if parts else area

    def _known_region(self, zone: str, hiding: frozenset[str], entry: XY | None) -> Any:
        """:meth:`region` without the wall pieces of borders with ``hiding`` (kept)."""
        # a map pickled by an older footwork (a snapshot) has neither: built here
        known: dict[tuple[str, frozenset[str]], Any] = self.__dict__.setdefault(
            "_known_regions", {})
        if "_wall_owners" not in self.__dict__:
            return self.region(zone, entry)
        key = (zone, hiding)
        area = known.get(key)
        if area is None:
            z = self.zones[zone]
            around = unary_union([self.zones[n].polygon for n in self._touching(z.polygon,
                                                                                 z.floor)])
            polys, tree = self._wall_index[z.floor]
            owners = self._wall_owners[z.floor]
            near = [i for i in tree.query(around, predicate="intersects")
                    if not owners[i] & hiding]
            if near:
                around = around.difference(unary_union(polys[near]))
            area = known[key] = z.polygon.intersection(around)
        if entry is None:
            return area
        parts = [p for p in getattr(area, "geoms", [area]) if p.distance(Point(entry)) <= 1e-3]
        return unary_union(parts) if parts else area

    # -- routing internals ----------------------------------------------------------

    def _anchor(self, a: str, b: str) -> XY:
        """A point standing for the way from ``a`` to ``b`` (to aim at from further back)."""
        step = self._passage(a, b)
        if isinstance(step, Connector):
            return step.start
        c = step.segment.interpolate(0.5, normalized=True)
        return (c.x, c.y)

    def _passage(self, a: str, b: str) -> Opening | Connector:
        way = self._ways.get((a, b))
        if way is None:
            raise PathBlocked(f"{a} and {b} are not joined")
        return way

    def _step(self, a: str, b: str, here: XY, toward: XY) -> XY | Connector:
        passage = self._passage(a, b)
        if isinstance(passage, Connector):
            return passage
        seg = passage.segment
        straight = _line(here, toward) if math.dist(here, toward) > EPS else None
        # a way that misses the opening has nothing to cut (told by a quick predicate)
        if straight is not None and straight.intersects(seg):
            crossing = straight.intersection(seg)
            pieces = [p for p in _points(crossing)]
            if pieces:
                best = min(pieces, key=lambda p: math.dist(here, p))
                if self._inside_opening(seg, best):
                    return best
        # the straight way misses the opening: aim at the opening point nearest to it,
        # kept 1 m inside a wide opening so that a 2 m body fits through
        target = straight if straight is not None else Point(toward)
        inner = self._inner(seg)
        p, _ = nearest_points(inner, target)
        return (p.x, p.y)

    def _straight(self, p: XY, q: XY, zones: Sequence[str]) -> list[XY] | None:
        """Where the straight walk from ``p`` to ``q`` crosses each opening, when it goes
        through ``zones`` (two or more, on one floor) in that order, clear of walls,
        crossing each opening where a body fits (1 m inside a wide opening, as
        :meth:`_step` crosses them); else None."""
        if len(zones) < 2 or math.dist(p, q) <= EPS:
            return None
        floor = self.floor_of(zones[0])
        passages = [self._ways.get((a, b)) for a, b in pairwise(zones)]
        if any(not isinstance(w, Opening) for w in passages) or \
                any(self.floor_of(z) != floor for z in zones):
            return None
        line = _line(p, q)
        # a walk that misses an opening has no crossing there (None below, whatever the
        # walls): told by one quick predicate before the slower tests (most straight
        # walks a listing tries miss one)
        segments = np.array([w.segment for w in passages if isinstance(w, Opening)],
                            dtype=object)
        if not shapely.intersects(line, segments).all():
            return None
        if not self.clear_in(p, q, zones):
            return None
        entries = self._entries(p, q, floor, zones[0])
        if [z for _, z in entries] != list(zones[1:]):
            return None
        found: list[XY] = []
        for way in passages:
            assert isinstance(way, Opening)
            crossing = _points(line.intersection(way.segment))
            if len(crossing) != 1 or not self._inside_opening(way.segment, crossing[0]):
                return None
            found.append(crossing[0])
        return found

    def _inside_opening(self, seg: Any, p: XY) -> bool:
        return bool(self._inner(seg).distance(Point(p)) <= EPS)

    def _inner(self, seg: Any) -> Any:
        """The part of an opening a 2 m body crosses (:func:`_shrink` by 1 m), made once
        per opening (by the identity of its segment, which the map keeps)."""
        # a map pickled by an older footwork (a snapshot) has no such cache: made here
        kept: dict[int, tuple[Any, Any]] = self.__dict__.setdefault("_inners", {})
        found = kept.get(id(seg))
        if found is None or found[0] is not seg:
            found = kept[id(seg)] = (seg, _shrink(seg, 1.0))
        return found[1]

    def _walk(self, p: XY, q: XY, floor: int, *zones: str) -> tuple[Leg, ...]:
        found: tuple[Leg, ...] = _remembered(("walk", self, p, q, floor, zones),
                                             lambda: self._walk_now(p, q, floor, zones))
        return found

    def _walk_now(self, p: XY, q: XY, floor: int, zones: tuple[str, ...]) -> tuple[Leg, ...]:
        if math.dist(p, q) <= EPS:
            return ()
        if self.clear_in(p, q, zones):
            return (Leg(p, q, floor),)
        points = self._detour(p, q, floor, zones)
        if points is None:
            raise PathBlocked(f"no clear way from {_fmt(p)} to {_fmt(q)}: walls are in the way",
                              p)
        return tuple(Leg(s, e, floor) for s, e in pairwise(points))

    def _detour(self, p: XY, q: XY, floor: int, zones: Sequence[str]) -> list[XY] | None:
        """Shortest way around walls inside ``zones``: a visibility graph on their corners,
        searched with Dijkstra. What depends on the map only is kept per set of zones
        (:class:`_Sights`: the corners, which corners see each other and how far); only
        the sight lines and distances from ``p`` and to ``q`` are new for each way: those
        from ``p`` tested in one call (the search needs nearly all of them: a node ``p``
        sees is reached from ``p`` no later than through a corner), those to ``q`` only
        when a corner would bring ``q`` closer (:class:`_ToQ`). The sums are of
        ``math.dist``'s distances in the same order and the queue is ordered as before,
        so the way found is the one found before (``tests/unit/test_detour_oracle.py``
        keeps the loop over every node as its oracle)."""
        sights = self._corners(zones)
        count, corners = sights.count, sights.corners
        if count + 2 > MAX_DETOUR_CORNERS:
            raise PathBlocked(f"the way from {_fmt(p)} to {_fmt(q)} winds past "
                              f"{count} corners, more than footwork searches "
                              f"({MAX_DETOUR_CORNERS}); give waypoints (via)", p)
        area = self._area_in(zones)
        nodes = [p, q, *corners]
        ends = np.concatenate((np.array([q], dtype=float), sights.xy))
        best = [math.inf] * len(nodes)
        best[0] = 0.0
        previous: dict[int, int] = {}
        # p's step: every node p sees, at its distance from p
        heap = []
        walls = self._near_cores(sights, floor)
        for j, ok in enumerate(_clear_lines(area, np.broadcast_to(np.array(p, dtype=float),
                                                                   ends.shape), ends,
                                            walls).tolist(), start=1):
            if ok:
                best[j] = d = math.dist(p, nodes[j])
                previous[j] = 0
                heap.append((d, j))
        heapq.heapify(heap)
        to_q = _ToQ(area, sights.xy, q, p, walls)
        push, pop = heapq.heappush, heapq.heappop
        while heap:
            d, i = pop(heap)
            if i == 1:
                out = [q]
                while i in previous:
                    i = previous[i]
                    out.append(nodes[i])
                return out[::-1]
            if d > best[i]:
                continue
            # the nodes this corner would bring closer, among those it sees
            nd = d + to_q.distance[i - 2]
            if nd < best[1] and to_q.seen_by(i - 2):
                best[1] = nd
                previous[1] = i
                push(heap, (nd, 1))
            for j, w in sights.visible(i - 2, area, walls):
                nd = d + w
                if nd < best[j]:
                    best[j] = nd
                    previous[j] = i
                    push(heap, (nd, j))
        return None

    def _near_cores(self, sights: _Sights, floor: int) -> Any:
        """The cores of the thickened walls of ``floor`` near the corners of ``sights``
        (its set of zones), one prepared polygon kept with the set (None where no wall
        is near): a sight line meeting it is blocked, without the slower ``covers``
        test (:func:`_clear_lines`).

        A zone's free part is cut from the thickened walls, and the free space a line
        must stay in is that grown by EPS: a point deeper than EPS inside a thickened
        wall is outside it. A core is its wall shrunk by :data:`CORE_MARGIN`, 500 times
        EPS (ten times what GEOS may move a line by simplifying it before thickening
        it; a shrunk corner's arc drawn with chords loses 2 % of it): a line meeting a
        core surely leaves the free space, and any other line is tested as before."""
        found = getattr(sights, "walls", None)  # a snapshot's sights may have none
        if found is not None or not len(sights.xy):
            return None if found is False else found
        polys, tree = self._wall_index[floor]
        (minx, miny), (maxx, maxy) = sights.xy.min(axis=0), sights.xy.max(axis=0)
        # the corners stand 2 WALL inside the free space: the box grown past the walls
        # on the zones' own borders
        grow = 4 * WALL
        near = np.sort(tree.query(shapely.box(minx - grow, miny - grow, maxx + grow,
                                              maxy + grow)))
        cores = unary_union(shapely.buffer(polys[near], -CORE_MARGIN, join_style="mitre"))
        if cores.is_empty:
            sights.walls = False
            return None
        shapely.prepare(cores)
        sights.walls = cores
        return cores

    def _corners(self, zones: Sequence[str]) -> _Sights:
        """The corners of the free part of ``zones`` (how many, and each pulled a hair into
        the free space, off the walls it sits on) and the sight lines and distances found
        so far between them: cached per set of zones, built lazily."""
        key = frozenset(zones)
        # a map pickled by an older footwork (a snapshot) has no such cache: made here
        cache: dict[frozenset[str], _Sights] = self.__dict__.setdefault("_corner_sets", {})
        found = cache.get(key)
        if found is None:
            area = unary_union([self.region(z) for z in zones])
            raw: list[XY] = []
            for poly in getattr(area, "geoms", [area]):
                if isinstance(poly, Polygon):
                    for ring in (poly.exterior, *poly.interiors):
                        raw += [(x, y) for x, y in list(ring.coords)[:-1]]
            if len(raw) + 2 > MAX_DETOUR_CORNERS:
                found = _Sights(len(raw), raw)  # refused by the caller: not worth nudging
            else:
                inner = area.buffer(-2 * WALL)
                found = _Sights(len(raw), [_nudge(inner, n) for n in raw])
            cache[key] = found
        elif not hasattr(found, "adjacent"):  # kept by an older footwork (a snapshot)
            found.xy = np.array(found.corners, dtype=float).reshape(-1, 2)
            found.adjacent = {}
        return found

    def _path(self, start_zone: str, legs: Sequence[Leg]) -> TracedPath:
        """The path of ``legs`` with the zones it enters and where."""
        marks: list[tuple[float, str]] = []
        current = start_zone
        done = 0.0
        for leg in legs:
            if leg.kind != "walk" and leg.connector is not None:
                if leg.connector.b != current:
                    marks.append((done, leg.connector.b))
                    current = leg.connector.b
            else:
                for at, zone in self._entries(leg.start, leg.end, leg.floor, current):
                    marks.append((done + at, zone))
                    current = zone
            done += leg.length
        zones = (start_zone, *(z for _, z in marks))
        return TracedPath(tuple(legs), zones, tuple(marks))


class _ToQ:
    """The corners' distances to the end ``q`` of one detour and their sight lines to it
    (1 clear, 0 blocked, -1 not tested yet), tested when the search asks: the line asked
    for and, with it, the next untested corners by their distance from the start ``p``
    (about the order the search reaches them), in one call, the batch doubling each
    time; a search that ends near ``p`` tests a few, one that fails none."""

    __slots__ = ("_distance", "_order", "area", "batch", "corners", "p", "q", "seen",
                 "start", "walls")

    def __init__(self, area: Any, corners: Any, q: XY, p: XY,
                 walls: Any = None) -> None:
        self.area, self.corners, self.q = area, corners, np.array(q, dtype=float)
        self.p, self.walls = p, walls
        # made when first asked: a detour whose start sees nothing never asks
        self._distance: list[float] | None = None
        self._order: list[int] | None = None
        self.seen = [-1] * len(corners)
        self.start = 0  # every corner before it in ``order`` is tested
        self.batch = 16

    @property
    def distance(self) -> list[float]:
        """Each corner's distance to ``q`` (``math.dist``)."""
        if self._distance is None:
            q = (float(self.q[0]), float(self.q[1]))
            self._distance = [math.dist(q, c) for c in self.corners.tolist()]
        return self._distance

    @property
    def order(self) -> list[int]:
        """The corners by their distance from ``p``."""
        if self._order is None:
            p, points = self.p, self.corners.tolist()
            self._order = sorted(range(len(points)), key=lambda k: math.dist(p, points[k]))
        return self._order

    def seen_by(self, k: int) -> bool:
        """Whether corner ``k`` sees ``q`` (the line from the corner to ``q``)."""
        if self.seen[k] < 0:
            seen, order = self.seen, self.order
            while self.start < len(order) and seen[order[self.start]] >= 0:
                self.start += 1
            sel = [k] + [j for j in order[self.start:self.start + self.batch]
                         if j != k and seen[j] < 0]
            self.batch *= 2
            starts = self.corners[sel]
            for j, ok in zip(sel, _clear_lines(self.area, starts, np.broadcast_to(
                    self.q, starts.shape), self.walls).tolist(), strict=True):
                seen[j] = int(ok)
        return self.seen[k] == 1


class _Sights:
    """What a detour needs of a set of zones that depends on the map only: its corners,
    which of them see each other (1, 0, or -1 until tested), the distance from each
    corner to the others (a row made when the corner is first reached) and, for each
    corner reached, the corners it sees with their distances."""

    __slots__ = ("adjacent", "corners", "count", "rows", "sight", "walls", "xy")

    def __init__(self, count: int, corners: list[XY]) -> None:
        self.count = count
        self.corners = corners
        self.xy = np.array(corners, dtype=float).reshape(-1, 2)
        n = len(corners) if count + 2 <= MAX_DETOUR_CORNERS else 0
        self.sight = np.full((n, n), -1, dtype=np.int8)
        self.rows: dict[int, Any] = {}
        self.adjacent: dict[int, tuple[Any, Any]] = {}
        #: the wall cores near the corners (ZoneMap._near_cores) when first asked, False
        #: where there are none
        self.walls: Any = None

    def row(self, k: int) -> Any:
        """The distances (``math.dist``, exactly) from corner ``k`` to every corner."""
        found = self.rows.get(k)
        if found is None:
            here = self.corners[k]
            found = self.rows[k] = np.array([math.dist(here, c) for c in self.corners])
        return found

    def visible(self, k: int, area: Any, walls: Any = None
                ) -> Iterator[tuple[int, float]]:
        """The corners corner ``k`` sees (as the search's nodes: the corner's index + 2)
        and their distances; the lines not tested yet tested in one call (a line is clear
        both ways: the answer is kept for both ends)."""
        found = self.adjacent.get(k)
        if found is None:
            sight = self.sight
            unknown = np.flatnonzero(sight[k] < 0)
            unknown = unknown[unknown != k]
            if len(unknown):
                tested = _clear_lines(area, np.broadcast_to(self.xy[k], (len(unknown), 2)),
                                      self.xy[unknown], walls).astype(np.int8)
                sight[k, unknown] = tested
                sight[unknown, k] = tested
            js = np.flatnonzero(sight[k] == 1)
            js = js[js != k]
            # as arrays (a tenth of the memory of Python lists), made lists when used
            found = self.adjacent[k] = ((js + 2).astype(np.int16), self.row(k)[js])
        return zip(found[0].tolist(), found[1].tolist(), strict=True)


def _clear_lines(area: Any, starts: Any, ends: Any,
                 walls: Any = None) -> Any:
    """Whether ``area`` covers each straight walk from ``starts[k]`` to ``ends[k]`` (two
    arrays of points, one a row), as :meth:`ZoneMap.clear_in` tests one: a walk no
    longer than EPS (by ``math.dist``) is tested as its start point, the others as
    lines, all in one GEOS call. With ``walls`` (:meth:`ZoneMap._near_cores`), a line
    meeting a wall's core is blocked without the ``covers`` test (whose answer that is)."""
    out = np.zeros(len(ends), dtype=bool)
    if not len(ends):
        return out
    dx, dy = ends[:, 0] - starts[:, 0], ends[:, 1] - starts[:, 1]
    far = np.ones(len(ends), dtype=bool)
    # only ends that close are looked at one by one (math.dist decides, as for one line)
    for k in np.flatnonzero(dx * dx + dy * dy <= 4 * EPS * EPS).tolist():
        s = (float(starts[k, 0]), float(starts[k, 1]))
        if math.dist(s, (float(ends[k, 0]), float(ends[k, 1]))) <= EPS:
            far[k] = False
            out[k] = bool(area.covers(Point(s)))
    idx = np.flatnonzero(far)
    if len(idx):
        # the lines' coordinates as one array (the same numbers as a nested list,
        # without converting one)
        coords = np.empty((len(idx), 2, 2))
        coords[:, 0] = starts[idx]
        coords[:, 1] = ends[idx]
        lines = shapely.linestrings(coords)
        if walls is not None:
            # a line through a wall's core surely leaves the free space (the answer
            # covers gives it): covers, the slower test, only for the others
            open_ = ~shapely.intersects(walls, lines)
            idx, lines = idx[open_], lines[open_]
        out[idx] = shapely.covers(area, lines)
    return out


def _line(p: XY, q: XY) -> Any:
    """``LineString([p, q])`` (the same coordinates) made from one array, without the
    scalar constructor's checks: a listing makes a hundred of them."""
    return shapely.linestrings(np.array((p, q), dtype=float))


def _vertex_count(geom: Any) -> int:
    """Corners of a polygon (its rings, without the repeated closing point) or points of
    a line, counted without building anything."""
    if isinstance(geom, Polygon):
        return max(0, int(shapely.get_num_coordinates(geom)) - 1 - len(geom.interiors))
    return int(shapely.get_num_coordinates(geom))


def _pieces(geom: Any) -> list[Any]:
    if geom.is_empty:
        return []
    if hasattr(geom, "geoms"):
        return [g for sub in geom.geoms for g in _pieces(sub)]
    return [geom]


def _points(geom: Any) -> list[XY]:
    out: list[XY] = []
    for piece in _pieces(geom):
        out += [(x, y) for x, y, *_ in piece.coords]
    return out


def _covers(poly: Any, point: XY) -> bool:
    return bool(poly.covers(Point(point)) or poly.distance(Point(point)) <= EPS)


def _shrink(seg: Any, margin: float) -> Any:
    """The part of an opening at least ``margin`` from its ends (its middle if too narrow)."""
    parts = []
    for piece in _pieces(seg):
        length = piece.length
        if length > 2 * margin:
            parts.append(_substring(piece, margin, length - margin))
        else:
            parts.append(piece.interpolate(0.5, normalized=True))
    return unary_union(parts)


def _substring(line: Any, a: float, b: float) -> Any:
    return substring(line, a, b)


def _nudge(inner: Any, p: XY) -> XY:
    """``p`` moved to the nearest point of ``inner`` (the free area shrunk by a hair)."""
    if inner.is_empty:
        return p
    q, _ = nearest_points(inner, Point(p))
    return (q.x, q.y)


def _fmt(p: XY) -> str:
    return f"({p[0]:g}, {p[1]:g})"


def disc_overlaps(p: XY, others: Iterable[XY], diameter: float) -> XY | None:
    """The first of ``others`` whose disc overlaps a disc at ``p`` (centres closer than
    ``diameter``), or None."""
    for o in others:
        if math.dist(p, o) < diameter - EPS:
            return o
    return None
