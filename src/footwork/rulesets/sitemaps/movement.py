"""Planning a move on a site map: where it may end, the traced way, what it costs, and
what happens along the way (pins and hazard rolls, in the order the mover meets them).

A plan is a pure function of the state and the command, so a move that stops for a
decision (a pin) is planned again, identically, when it resumes.
"""

from __future__ import annotations

import math
from bisect import bisect_left, bisect_right
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely import Point

from footwork.engine.state import State, fast_replace
from footwork.engine.view import UNKNOWN_PLACES
from footwork.rulesets.sitemaps.model import SiteActor, SiteMap
from footwork.rulesets.sitemaps.options import SitemapsOptions
from footwork.space.routes import adjacency, simple_routes
from footwork.space.zonemap import XY, Leg, TracedPath

SiteState = State[SiteActor]


def site(state: SiteState) -> SiteMap:
    m: SiteMap = state.space
    return m


def opts(state: SiteState) -> SitemapsOptions:
    o: SitemapsOptions = state.options
    return o


def storeys_down_m(state: SiteState, frm: str, to: str) -> float:
    """How many metres zone ``to``'s floor lies below ``frm``'s (negative: above), a
    storey counted as ``hazards.floor_height_m`` (R004-04, A004-15)."""
    m = site(state)
    return (m.floor(frm) - m.floor(to)) * opts(state).hazards.floor_height_m


@dataclass(frozen=True)
class Hazard:
    """Something met along the way: a pin offer, or a roll."""

    distance: float
    kind: str  # pin | balance | swim | leap | climb
    point: XY
    floor: int
    rules: tuple[str, ...]
    pinner: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Plan:
    path: TracedPath
    to: str
    at: XY
    hazards: tuple[Hazard, ...]
    #: the zone route it was traced along (empty when traced through ``via`` points)
    route: tuple[str, ...] = ()

    @property
    def cost(self) -> int:
        return self.path.crossings


# -- the map as the mover's seat knows it ------------------------------------------------

def unknown_zones(state: SiteState) -> frozenset[str]:
    """The zones a way may not pass through in ``state`` (R004-02, A004-17,
    ``zones.known_routes``): those hidden from the seat whose command is ruled, when the
    state is that seat's map (:data:`UNKNOWN_PLACES`); none for the game master."""
    if not opts(state).zones.known_routes:
        return frozenset()
    return frozenset(state.world.get(UNKNOWN_PLACES, ()))


def seat_unknown(state: SiteState) -> frozenset[str]:
    """The zones hidden from the seat whose map ``state`` is (none for the game master),
    whatever ``zones.known_routes`` says: the spots and regions a seat is offered are
    drawn on its map, never shaped by the walls of a border it has not seen (R004-02)."""
    return frozenset(state.world.get(UNKNOWN_PLACES, ()))


def on_full_map(state: SiteState) -> SiteState:
    """``state`` on the whole map (the game master's): for resuming a move planned there."""
    if UNKNOWN_PLACES not in state.world:
        return state
    return fast_replace(state, world={k: v for k, v in state.world.items()
                                      if k != UNKNOWN_PLACES})


def zone_distances(state: SiteState, start: str, steps: int) -> dict[str, int]:
    """Every zone a way of at most ``steps`` crossings reaches from ``start``, with its
    fewest crossings, going through known zones only (:func:`unknown_zones`: an unknown
    zone is neither reached nor passed through)."""
    m = site(state)
    unknown = unknown_zones(state) - {start}
    if not unknown:
        return m.geometry.zone_distances(start, steps)
    return zone_distances_through(m, start, steps, unknown)


def zone_routes(state: SiteState, a: str, b: str, max_crossings: int | None = None,
                limit: int = 8) -> Iterator[list[str]]:
    """Zone routes from ``a`` to ``b`` as ``ZoneMap.routes`` finds them (fewest crossings
    first, at most ``limit``), through known zones only: no zone of
    :func:`unknown_zones` lies on the way, though ``b`` itself may be one (a character
    may step into an unrevealed neighbour, A004-17)."""
    m = site(state)
    unknown = unknown_zones(state) - {a, b}
    if not unknown:
        yield from m.geometry.routes(a, b, limit=limit, max_crossings=max_crossings)
        return
    if a == b:
        yield [a]
        return
    ball = zone_distances_through(m, a, max_crossings, unknown)
    if b not in ball:
        return
    # the links among the zones of the ball, in the graph's order: the routes networkx
    # would find on that subgraph, in its order (space/routes.py)
    succ, pred = adjacency(m.known_graph(), ball)
    for i, path in enumerate(simple_routes(succ, pred, a, b)):
        if i >= limit or (max_crossings is not None and len(path) - 1 > max_crossings):
            return
        yield list(path)


def zone_distances_through(m: SiteMap, start: str, steps: int | None,
                           unknown: frozenset[str]) -> dict[str, int]:
    """Breadth first from ``start`` (at most ``steps`` crossings), never entering
    ``unknown``."""
    seen = {start: 0}
    queue = deque([start])
    while queue:
        here = queue.popleft()
        d = seen[here]
        if steps is not None and d >= steps:
            continue
        for there in m.geometry.neighbours(here):
            if there not in seen and there not in unknown:
                seen[there] = d + 1
                queue.append(there)
    return seen


# -- who is where ----------------------------------------------------------------------

def floor_of(state: SiteState, actor: SiteActor) -> int:
    return site(state).floor(actor.at)


def others(state: SiteState, actor_id: str) -> list[SiteActor]:
    return [a for a in state.actors.values() if a.id != actor_id]


@dataclass(frozen=True)
class _Crowd:
    """Every actor's centre as arrays, in the state's order, for box queries."""

    actors: tuple[SiteActor, ...]
    xs: np.ndarray[Any, np.dtype[np.float64]]
    ys: np.ndarray[Any, np.dtype[np.float64]]
    #: how many actors stand in each zone (a full zone, R004-06, without a loop over all)
    counts: dict[str, int]
    #: the actors' indices by their x (ties in the state's order), those x in that
    #: order, and every y as floats: a box query bisects instead of comparing arrays
    #: (a NumPy comparison of 100 numbers costs more than the whole bisection)
    by_x: list[int] = field(default_factory=list)
    sorted_x: list[float] = field(default_factory=list)
    y_list: list[float] = field(default_factory=list)


# the crowd of the last state asked (a state's actors never change): options() asks
# for it once per reachable zone and once per stretch of each traced way
_last_crowd: tuple[object, _Crowd] | None = None


def _crowd(state: SiteState) -> _Crowd:
    global _last_crowd
    kept = _last_crowd
    # a state's actors never change, but the set-up of an encounter fills one dict an
    # actor at a time, each placed against those before it: a count that grew is a
    # new crowd
    if kept is not None and kept[0] is state.actors and \
            len(kept[1].actors) == len(state.actors):
        return kept[1]
    actors = tuple(state.actors.values())
    counts: dict[str, int] = {}
    for a in actors:
        counts[a.at] = counts.get(a.at, 0) + 1
    xs = np.fromiter((a.point[0] for a in actors), float, len(actors))
    ys = np.fromiter((a.point[1] for a in actors), float, len(actors))
    by_x = np.argsort(xs, kind="stable")
    crowd = _Crowd(actors, xs, ys, counts, by_x.tolist(), xs[by_x].tolist(), ys.tolist())
    _last_crowd = (state.actors, crowd)
    return crowd


def others_near(state: SiteState, actor_id: str, bounds: tuple[float, float, float, float],
                margin: float) -> list[SiteActor]:
    """The actors other than ``actor_id`` whose centre lies within ``margin`` of the box
    ``bounds`` (minx, miny, maxx, maxy), on any floor, in the state's order. Whatever
    an actor's circle or reach does to a place inside the box, an actor farther away
    cannot do it: options() and the traced ways pay only for the actors near them."""
    crowd = _crowd(state)
    minx, miny, maxx, maxy = bounds
    # the same comparisons as over arrays (x >= minx - margin, x <= maxx + margin, the
    # same for y), the x ones by bisecting the sorted centres
    low, high = float(miny - margin), float(maxy + margin)
    ys, actors = crowd.y_list, crowd.actors
    picked = sorted(k for k in crowd.by_x[bisect_left(crowd.sorted_x, float(minx - margin)):
                                          bisect_right(crowd.sorted_x, float(maxx + margin))]
                    if low <= ys[k] <= high)
    return [a for k in picked if (a := actors[k]).id != actor_id]


def others_in(state: SiteState, actor_id: str, zone: str) -> int:
    """How many actors other than ``actor_id`` stand in ``zone`` (R004-06: a zone holds
    a limited number), counted once per state instead of a loop over every actor."""
    here = state.actors.get(actor_id)
    return _crowd(state).counts.get(zone, 0) - (here is not None and here.at == zone)


def path_bounds(path: TracedPath) -> tuple[float, float, float, float]:
    """The box around every leg of ``path``, on every floor (a box that holds nothing
    for a path without legs: nobody comes within reach of it)."""
    if not path.legs:
        return math.inf, math.inf, -math.inf, -math.inf
    xs = [c for leg in path.legs for c in (leg.start[0], leg.end[0])]
    ys = [c for leg in path.legs for c in (leg.start[1], leg.end[1])]
    return min(xs), min(ys), max(xs), max(ys)


def is_slow(state: SiteState, actor: SiteActor) -> bool:
    """R004-15, A004-03: Slow, unless Fast cancels it out."""
    if actor.slow and actor.fast:
        return opts(state).move.slow_and_fast == "slow_wins"
    return actor.slow


def is_fast(state: SiteState, actor: SiteActor) -> bool:
    """R004-16, A004-03."""
    return actor.fast and not actor.slow


def step_zones(state: SiteState, actor: SiteActor) -> int:
    """Zones of the move step, and of a rush: 1, or 2 when Fast (R004-13, R004-14, R004-16)."""
    return 2 if is_fast(state, actor) else 1


def reach(state: SiteState) -> float:
    """Centre-to-centre distance that is still Nearby (R004-09, A004-08)."""
    o = opts(state)
    return o.range.nearby_m + (o.move.footprint_m if o.range.measure == "edge" else 0.0)


def within_reach(state: SiteState, p: XY, q: XY, floor: int) -> bool:
    """R004-09: arm's reach: close enough, across zone borders and over a gap's air too,
    but not through a wall or a closed border (A004-16)."""
    d = math.dist(p, q)
    if d > reach(state) + 1e-9:
        return False
    if d <= 0.05:
        return True
    # the ends are trimmed by 2 cm: one standing right at a corner or a door jamb still
    # reaches past it
    t = 0.02 / d
    a = (p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1]))
    b = (q[0] - t * (q[0] - p[0]), q[1] - t * (q[1] - p[1]))
    return site(state).reach_clear(a, b, floor)


def nearby(state: SiteState, a: SiteActor, b: SiteActor) -> bool:
    """R004-09: Nearby, on one floor."""
    floor = floor_of(state, a)
    return floor == floor_of(state, b) and within_reach(state, a.point, b.point, floor)


def overloaded(actor: SiteActor) -> bool:
    """A004-12: carrying more than a quarter of the carry limit."""
    return actor.bulk * 4 > actor.carry_limit


def swim_roll_needed(state: SiteState, actor: SiteActor, zone: str) -> bool:
    """R004-27: turbulent water, or too much load."""
    water = site(state).specs[zone].water
    return water is not None and (water.turbulent or overloaded(actor))


# -- where a character may stand ---------------------------------------------------------

#: how many circles :func:`circle` keeps; past it they are made again
CIRCLES_KEPT = 4096
_circles: dict[tuple[XY, float], Any] = {}


def circle(point: XY, width: float) -> Any:
    """The disc of radius ``width`` round ``point`` that a character's circle keeps free
    of other circles (R004-07, A004-06), as a polygon of 16 segments a quarter: made once
    for a point and width (the actors who stay put between two listings of options do
    not cost a buffer each time) and shared, a bounded number."""
    key = (point, width)
    found = _circles.get(key)
    if found is None:
        if len(_circles) >= CIRCLES_KEPT:
            _circles.clear()
        found = _circles[key] = Point(point).buffer(width, quad_segs=16)
    return found


def free_spot(state: SiteState, actor_id: str, zone: str, near: XY,
              entry: XY | None = None, *, room: bool = True) -> XY | None:
    """The legal spot of ``zone`` nearest to ``near`` (on a 25 cm lattice), or None when
    the zone is full (R004-06) or has no room left. With ``entry``, only the part of the
    zone joined to ``entry`` (a zone split by a wall) is searched.

    The lattice points of the zone's free part (:func:`_lattice`, kept per map) are
    tested against the circles near it only, with NumPy."""
    m = site(state)
    if room and others_in(state, actor_id, zone) >= m.capacity[zone]:
        return None
    found = _lattice(m, zone, entry, seat_unknown(state))
    if found is None:
        return None
    xs, ys, free, bounds = found
    ok = free.copy()
    # a row and a column broadcast: the same sums, point by point, as on the whole grid
    column, row = xs[None, :], ys[:, None]
    width = opts(state).move.footprint_m
    floor = m.floor(zone)
    for o in others_near(state, actor_id, bounds, width):
        if m.floor(o.at) == floor:
            ok &= (column - o.point[0]) ** 2 + (row - o.point[1]) ** 2 >= (width - 1e-9) ** 2
    if not ok.any():
        return None
    dist = np.where(ok, (column - near[0]) ** 2 + (row - near[1]) ** 2, np.inf)
    i, j = np.unravel_index(int(np.argmin(dist)), dist.shape)
    return (float(xs[j]), float(ys[i]))


#: how many zones' lattices a map keeps (about 1 kB each); past it they are made again
LATTICES_KEPT = 1024


#: a zone's lattice: its columns' x, its rows' y, which points are free, the box
Lattice = tuple[Any, Any, Any, tuple[float, float, float, float]]


def _lattice(m: SiteMap, zone: str, entry: XY | None, unknown: frozenset[str]
             ) -> Lattice | None:
    """The 25 cm lattice over the free part of ``zone`` (joined to ``entry``; on the map
    as a seat that does not know ``unknown`` sees it): its columns' x and rows' y, which
    points lie in that part (its border included) and in no other zone (a point on a
    border belongs to one zone), and the part's box; None when the part is empty. A
    function of the map and its arguments only, so kept with the map (a bounded number:
    a listing asks for the same zones again and again, a long game for many)."""
    # a map pickled by an older footwork (a snapshot) has no such cache: made here
    kept: dict[tuple[Any, ...], Lattice | None] = m.__dict__.setdefault("_lattices", {})
    key = (zone, entry, unknown)
    try:
        return kept[key]
    except KeyError:
        pass
    found: Lattice | None
    area = m.geometry.region(zone, entry, unknown)
    if area.is_empty:
        found = None
    else:
        minx, miny, maxx, maxy = area.bounds
        step = 0.25
        xs = np.round(np.arange(math.floor(minx / step) * step, maxx + step / 2, step), 4)
        ys = np.round(np.arange(math.floor(miny / step) * step, maxy + step / 2, step), 4)
        column, row = np.meshgrid(xs, ys)
        free = shapely.intersects_xy(area, column, row)  # the border counts
        floor = m.floor(zone)
        for other_zone in m.geometry.zones_near(area, floor):
            if other_zone != zone:
                # only points still free and in the other zone's box can be inside it
                poly = m.geometry.zones[other_zone].polygon
                x0, y0, x1, y1 = poly.bounds
                sel = free & (column >= x0) & (column <= x1) & (row >= y0) & (row <= y1)
                if sel.any():
                    free[sel] = ~shapely.contains_xy(poly, column[sel], row[sel])
        found = (xs, ys, free, area.bounds)
    if len(kept) >= LATTICES_KEPT:
        kept.clear()
    kept[key] = found
    return found



def takeoffs(state: SiteState, path: TracedPath) -> list[tuple[float, XY, int]]:
    """Where (distance along, point, floor) each climb or gap of ``path`` begins. A
    connector's leg is counted on the floor it lands on; its take-off stands on the
    floor it leaves, and is read there (R004-19, R004-22: the mover's own level)."""
    m = site(state)
    out, done = [], 0.0
    for leg in path.legs:
        if leg.connector is not None:
            out.append((done, leg.start, m.floor(leg.connector.a)))
        done += leg.length
    return out


def landings(state: SiteState, path: TracedPath) -> list[tuple[float, XY, int]]:
    """Where (distance along, point, floor) each climb or leap of ``path`` between two
    floors lands: one arriving on a floor is within reach there from its landing on, as
    one leaving it is up to its take-off (R004-19; the s34 review: a foe by the top of a
    ladder meets the climber as it arrives, at the top, not 10 cm past it)."""
    m = site(state)
    out, done = [], 0.0
    for leg in path.legs:
        done += leg.length
        c = leg.connector
        if c is not None and m.floor(c.a) != m.floor(c.b):
            out.append((done, leg.end, m.floor(c.b)))
    return out


def position(state: SiteState, path: TracedPath, distance: float) -> tuple[XY, int]:
    """The point and floor ``distance`` along ``path``: at a take-off, the floor it
    leaves (:func:`takeoffs`)."""
    for d, point, floor in takeoffs(state, path):
        if abs(d - distance) <= 1e-9:
            return point, floor
    return path.point_at(distance)


def _first_in_reach(state: SiteState, path: TracedPath, point: XY, floor: int) -> float | None:
    """How far along ``path`` it first comes within reach of ``point``, with no wall
    between (sampled every 10 cm after the first point within the distance). Samples
    farther than reach are skipped in bulk: a step along the path comes at most a step
    closer, so a long path costs no more samples than its stretches near ``point``.
    A climb or leap taken from within reach is within reach where it begins (R004-19)."""
    limit = reach(state)
    first = _walked_in_reach(state, path, point, floor, limit)
    ends = (*takeoffs(state, path), *landings(state, path))
    found = [d for d, p, f in ends if f == floor and within_reach(state, p, point, floor)]
    if first is not None:
        found.append(first)
    return min(found, default=None)


def _walked_in_reach(state: SiteState, path: TracedPath, point: XY, floor: int,
                     limit: float) -> float | None:
    first = path.first_within(point, floor, limit)
    if first is None:
        return None
    d = first
    while d <= path.length + 1e-9:
        here, on = path.point_at(d)
        gap = math.dist(here, point) - limit if on == floor else 0.0
        if on == floor and gap <= 1e-9 and within_reach(state, here, point, floor):
            return d
        d += 0.1 * max(1, math.floor(gap / 0.1))
    return None


def _run_up(path: TracedPath, takeoff: Leg) -> float:
    """A004-14: the straight run, in line with the leap, just before ``takeoff``."""
    legs = list(path.legs)
    i = legs.index(takeoff)
    dx, dy = takeoff.end[0] - takeoff.start[0], takeoff.end[1] - takeoff.start[1]
    heading = math.atan2(dy, dx)
    run = 0.0
    for leg in reversed(legs[:i]):
        if leg.kind != "walk" or leg.length <= 1e-9:
            break
        lx, ly = leg.end[0] - leg.start[0], leg.end[1] - leg.start[1]
        turn = abs((math.atan2(ly, lx) - heading + math.pi) % (2 * math.pi) - math.pi)
        if turn > math.radians(10):  # a straight line, give or take a little
            break
        run += leg.length
    return run
