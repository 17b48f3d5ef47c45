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
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import pairwise
from typing import Any

import networkx as nx
import shapely
from shapely import LineString, MultiLineString, Point, Polygon, STRtree, unary_union
from shapely.ops import nearest_points, substring

from footwork import limits
from footwork.space.graph import Link, Place, PlaceGraph

XY = tuple[float, float]
#: walls are thickened by this much (metres) so that "covers" tests are robust
WALL = 0.005
#: tolerance for "this point is on that line"
EPS = 1e-6
#: the most corners a detour around walls searches (its cost grows with their square);
#: a way needing more is refused, and the mover can give waypoints instead
MAX_DETOUR_CORNERS = 200


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
        #: per floor, the zone ids and an STR-tree of their polygons (same order)
        self._trees: dict[int, tuple[list[str], Any]] = {}
        for floor in sorted({z.floor for z in self.zones.values()}):
            on_floor = [z for z in ids if self.zones[z].floor == floor]
            self._trees[floor] = (on_floor,
                                  STRtree([self.zones[z].polygon for z in on_floor]))
        order = {z: i for i, z in enumerate(ids)}
        for a in ids:
            za = self.zones[a]
            for b in self._touching(za.polygon, za.floor):
                if order[b] <= order[a]:
                    continue
                if za.polygon.intersection(self.zones[b].polygon).area > 1e-4:
                    raise ValueError(f"zones {a!r} and {b!r} overlap on floor {za.floor}")
        self.openings: list[Opening] = []
        for a, b, segment in openings:
            self.openings.append(self._opening(a, b, segment))
        self.connectors: list[Connector] = []
        for c in connectors:
            for end, point in ((c.a, c.start), (c.b, c.end)):
                self._known(end)
                if not _covers(self.zones[end].polygon, point):
                    raise ValueError(f"{c.kind} {c.a}–{c.b}: {list(point)} is not in zone {end!r}")
            self.connectors.append(c)
        self.walls: list[tuple[int, Any]] = list(walls)
        self._free: dict[int, Any] = {}
        #: the free space grown by EPS and prepared: "covers" tests run on it many times
        self._loose: dict[int, Any] = {}
        for floor in sorted({z.floor for z in self.zones.values()}):
            self._free[floor] = self._free_space(floor)
            self._loose[floor] = self._free[floor].buffer(EPS)
            shapely.prepare(self._loose[floor])
        self._regions: dict[str, Any] = {}
        self._within: dict[frozenset[str], Any] = {}
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

    def _opening(self, a: str, b: str, segment: Any) -> Opening:
        self._known(a)
        self._known(b)
        za, zb = self.zones[a], self.zones[b]
        if za.floor != zb.floor:
            raise ValueError(f"opening {a}–{b}: the zones are on different floors "
                             "(join floors with a climb)")
        shared = za.polygon.boundary.intersection(zb.polygon.boundary)
        shared = unary_union([p for p in _pieces(shared) if p.length > EPS])
        if shared.is_empty or shared.length <= EPS:
            raise ValueError(f"opening {a}–{b}: the zones share no border")
        if segment is None:
            return Opening(a, b, shared)
        if not shared.buffer(1e-3).covers(segment):
            raise ValueError(f"opening {a}–{b}: {[list(c) for c in segment.coords]} is not on "
                             "their shared border")
        return Opening(a, b, segment)

    def _touching(self, geom: Any, floor: int) -> list[str]:
        """The zones of ``floor`` whose boxes meet the box of ``geom``, in map order."""
        entry = self._trees.get(floor)
        if entry is None:
            return []
        names, tree = entry
        return [names[i] for i in sorted(tree.query(geom))]

    def zones_near(self, geom: Any, floor: int) -> list[str]:
        """The zones of ``floor`` that may meet ``geom`` (their boxes meet its box), in
        map order: a cheap filter before exact tests."""
        return self._touching(geom, floor)

    def _free_space(self, floor: int) -> Any:
        on_floor = [z for z in self.zones.values() if z.floor == floor]
        union = unary_union([z.polygon for z in on_floor])
        barriers: list[Any] = [w for f, w in self.walls if f == floor]
        order = {z.id: i for i, z in enumerate(on_floor)}
        by_pair: dict[frozenset[str], list[Any]] = {}
        for o in self.openings:
            by_pair.setdefault(frozenset((o.a, o.b)), []).append(o.segment)
        for i, za in enumerate(on_floor):
            for zb in (self.zones[b] for b in self._touching(za.polygon, floor)
                       if order[b] > i):
                shared = za.polygon.boundary.intersection(zb.polygon.boundary)
                if shared.is_empty:
                    continue
                if shared.length <= EPS:  # zones touching at a corner: no way through
                    barriers.append(shared.buffer(2 * WALL))
                    continue
                open_parts = by_pair.get(frozenset((za.id, zb.id)), [])
                closed = shared.difference(unary_union(open_parts).buffer(EPS)) \
                    if open_parts else shared
                if closed.length > EPS:
                    barriers.append(closed)
        if not barriers:
            return union
        walls = unary_union(barriers).buffer(WALL, cap_style="flat", join_style="mitre")
        return union.difference(walls)

    # -- queries ------------------------------------------------------------------

    def __contains__(self, zone: object) -> bool:
        return zone in self.zones

    def __iter__(self) -> Iterator[ZoneShape]:
        return iter(self.zones.values())

    def floor_of(self, zone: str) -> int:
        return self.zones[zone].floor

    def free(self, floor: int) -> Any:
        return self._free[floor]

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
        """Whether the straight walk from ``p`` to ``q`` stays in the free space of ``floor``."""
        loose = self._loose[floor]
        if math.dist(p, q) <= EPS:
            return bool(loose.covers(Point(p)))
        return bool(loose.covers(LineString([p, q])))

    def clear_in(self, p: XY, q: XY, zones: Sequence[str]) -> bool:
        """Whether the straight walk from ``p`` to ``q`` stays in the free part of ``zones``
        (a walk between two zones of a route may not cut through a third)."""
        area = self._area_in(zones)
        if math.dist(p, q) <= EPS:
            return bool(area.covers(Point(p)))
        return bool(area.covers(LineString([p, q])))

    def _area_in(self, zones: Sequence[str]) -> Any:
        """The free part of ``zones`` grown by a hair, prepared (cached per set of zones)."""
        key = frozenset(zones)
        area = self._within.get(key)
        if area is None:
            floor = self.floor_of(next(iter(zones)))
            area = unary_union([self.region(z) for z in zones]).buffer(EPS)
            if area.is_empty:
                area = self._loose[floor]
            shapely.prepare(area)
            self._within[key] = area
        return area

    def _clear_many(self, p: XY, qs: Sequence[XY], zones: Sequence[str]) -> list[bool]:
        """:meth:`clear_in` from ``p`` to each of ``qs``, the lines tested in one call."""
        area = self._area_in(zones)
        out = [False] * len(qs)
        far = [k for k, q in enumerate(qs) if math.dist(p, q) > EPS]
        if len(far) < len(qs):
            at_p = bool(area.covers(Point(p)))
            for k in set(range(len(qs))) - set(far):
                out[k] = at_p
        if far:
            lines = shapely.linestrings([[p, qs[k]] for k in far])
            for k, ok in zip(far, shapely.covers(area, lines), strict=True):
                out[k] = bool(ok)
        return out

    def routes(self, a: str, b: str, limit: int = 8) -> Iterator[list[str]]:
        """Zone routes from ``a`` to ``b``, fewest crossings first (at most ``limit``)."""
        if a == b:
            yield [a]
            return
        if self._nx is None:
            self._nx = self.graph.to_networkx()
        try:
            for i, path in enumerate(nx.shortest_simple_paths(self._nx, a, b)):
                if i >= limit:
                    return
                yield list(path)
        except nx.NetworkXNoPath:
            return

    def loose_free(self, floor: int) -> Any:
        """The free space of ``floor`` grown by a hair, prepared for fast point tests."""
        return self._loose[floor]

    def zones_along(self, p: XY, q: XY, floor: int) -> list[str]:
        """The zones a straight walk passes through, in order."""
        here = self.zone_at(p, floor)
        entries = self._entries(p, q, floor, here)
        return ([here] if here else []) + [z for _, z in entries]

    def _entries(self, p: XY, q: XY, floor: int, current: str | None
                 ) -> list[tuple[float, str]]:
        """(distance from ``p``, zone entered) along a straight walk. The walk is cut
        wherever it meets a zone border; each piece belongs to the zone holding its
        middle, and a piece running along a border stays with the zone it came from."""
        if math.dist(p, q) <= EPS:
            return []
        line = LineString([p, q])
        minx, miny, maxx, maxy = line.bounds
        probe = shapely.box(minx - 2 * EPS, miny - 2 * EPS, maxx + 2 * EPS, maxy + 2 * EPS)
        on_floor = [self.zones[z] for z in self._touching(probe, floor)]
        cuts = {0.0, line.length}
        for z in on_floor:
            for x, y in _points(line.intersection(z.polygon.boundary)):
                cuts.add(line.project(Point(x, y)))
        out: list[tuple[float, str]] = []
        for a, b in pairwise(sorted(cuts)):
            if b - a <= EPS:
                continue
            mid = line.interpolate((a + b) / 2)
            inside = [z.id for z in on_floor if shapely.contains_xy(z.polygon, mid.x, mid.y)]
            touching = inside or [z.id for z in on_floor if z.polygon.distance(mid) <= EPS]
            if not touching or current in touching:
                continue
            current = touching[0]
            out.append((a, current))
        return out

    def trace(
        self, start: XY, start_zone: str, end: XY, end_zone: str,
        *, via: Sequence[XY] = (), route: Sequence[str] | None = None,
    ) -> TracedPath:
        """The path from ``start`` to ``end``: through ``via`` points if given (all on the
        start floor), else along the zone route (shortest unless given), crossing each
        opening at the point nearest the straight way on and detouring around walls."""
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

    def region(self, zone: str, entry: XY | None = None) -> Any:
        """The free part of ``zone`` (the part joined to ``entry`` when it is split by walls)."""
        z = self.zones[zone]
        area = self._regions.get(zone)
        if area is None:
            area = self._regions[zone] = z.polygon.intersection(self._free[z.floor])
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
        for o in self.openings:
            if {o.a, o.b} == {a, b}:
                return o
        for c in self.connectors:
            if (c.a, c.b) == (a, b):
                return c
            if (c.b, c.a) == (a, b) and not c.one_way:
                return c.reversed()
        raise PathBlocked(f"{a} and {b} are not joined")

    def _step(self, a: str, b: str, here: XY, toward: XY) -> XY | Connector:
        passage = self._passage(a, b)
        if isinstance(passage, Connector):
            return passage
        seg = passage.segment
        straight = LineString([here, toward]) if math.dist(here, toward) > EPS else None
        if straight is not None:
            crossing = straight.intersection(seg)
            pieces = [p for p in _points(crossing)]
            if pieces:
                best = min(pieces, key=lambda p: math.dist(here, p))
                if self._inside_opening(seg, best):
                    return best
        # the straight way misses the opening: aim at the opening point nearest to it,
        # kept 1 m inside a wide opening so that a 2 m body fits through
        target = straight if straight is not None else Point(toward)
        inner = _shrink(seg, 1.0)
        p, _ = nearest_points(inner, target)
        return (p.x, p.y)

    @staticmethod
    def _inside_opening(seg: Any, p: XY) -> bool:
        return bool(_shrink(seg, 1.0).distance(Point(p)) <= EPS)

    def _walk(self, p: XY, q: XY, floor: int, *zones: str) -> list[Leg]:
        if math.dist(p, q) <= EPS:
            return []
        if self.clear_in(p, q, zones):
            return [Leg(p, q, floor)]
        points = self._detour(p, q, floor, zones)
        if points is None:
            raise PathBlocked(f"no clear way from {_fmt(p)} to {_fmt(q)}: walls are in the way",
                              p)
        return [Leg(s, e, floor) for s, e in pairwise(points)]

    def _detour(self, p: XY, q: XY, floor: int, zones: Sequence[str]) -> list[XY] | None:
        """Shortest way around walls inside ``zones``: a visibility graph on their corners."""
        area = unary_union([self.zones[z].polygon for z in zones]).intersection(self._free[floor])
        nodes: list[XY] = [p, q]
        for poly in getattr(area, "geoms", [area]):
            if isinstance(poly, Polygon):
                for ring in (poly.exterior, *poly.interiors):
                    nodes += [(x, y) for x, y in list(ring.coords)[:-1]]
        if len(nodes) > MAX_DETOUR_CORNERS:
            raise PathBlocked(f"the way from {_fmt(p)} to {_fmt(q)} winds past "
                              f"{len(nodes) - 2} corners, more than footwork searches "
                              f"({MAX_DETOUR_CORNERS}); give waypoints (via)", p)
        # corners sit on walls; pull each a hair into the free space
        inner = area.buffer(-2 * WALL)
        nodes = [p, q, *(_nudge(inner, n) for n in nodes[2:])]
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
            # the corners this one would bring closer, and then which of them it sees
            closer = [(j, d + math.dist(nodes[i], other)) for j, other in enumerate(nodes)
                      if j != i]
            closer = [(j, nd) for j, nd in closer if nd < best.get(j, math.inf)]
            seen = self._clear_many(nodes[i], [nodes[j] for j, _ in closer], zones)
            for (j, nd), clear in zip(closer, seen, strict=True):
                if clear:
                    best[j] = nd
                    previous[j] = i
                    heapq.heappush(heap, (nd, j))
        return None

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
