"""Planning a move on a site map: where it may end, the traced way, what it costs, and
what happens along the way (pins and hazard rolls, in the order the mover meets them).

A plan is a pure function of the state and the command, so a move that stops for a
decision (a pin) is planned again, identically, when it resumes.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import shapely
from shapely import Point

from footwork.engine.state import State
from footwork.errors import IllegalCommand
from footwork.rulesets.sitemaps.model import SiteActor, SiteMap
from footwork.rulesets.sitemaps.options import SitemapsOptions
from footwork.space.zonemap import XY, Leg, PathBlocked, TracedPath

SiteState = State[SiteActor]


def site(state: SiteState) -> SiteMap:
    m: SiteMap = state.space
    return m


def opts(state: SiteState) -> SitemapsOptions:
    o: SitemapsOptions = state.options
    return o


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

    @property
    def cost(self) -> int:
        return self.path.crossings


# -- who is where ----------------------------------------------------------------------

def floor_of(state: SiteState, actor: SiteActor) -> int:
    return site(state).floor(actor.at)


def others(state: SiteState, actor_id: str) -> list[SiteActor]:
    return [a for a in state.actors.values() if a.id != actor_id]


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
    """R004-09: arm's reach: close enough, across zone borders too, but not through a
    wall (A004-16)."""
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
    return site(state).geometry.clear(a, b, floor)


def nearby(state: SiteState, a: SiteActor, b: SiteActor) -> bool:
    """R004-09: Nearby, on one floor."""
    floor = floor_of(state, a)
    return floor == floor_of(state, b) and within_reach(state, a.point, b.point, floor)


def unsafe(state: SiteState, actor: SiteActor, zone: str, point: XY) -> str | None:
    """Why nobody can be put at ``point``: an impossible surface (R004-23) or water the
    character cannot swim (R004-29); None when it can."""
    m = site(state)
    floor = m.floor(zone)
    rough = m.rough_at(point, floor)
    if rough is not None and len(rough.qualities) >= opts(state).hazards.impassable_qualities:
        return f"nobody can balance on a {' and '.join(rough.qualities)} surface"
    water = m.specs[zone].water
    if water is not None and water.turbulent and overloaded(actor):
        return f"{actor.id} cannot swim the turbulent water of {zone} with {actor.bulk} bulk"
    return None


def overloaded(actor: SiteActor) -> bool:
    """A004-12: carrying more than a quarter of the carry limit."""
    return actor.bulk * 4 > actor.carry_limit


def swim_roll_needed(state: SiteState, actor: SiteActor, zone: str) -> bool:
    """R004-27: turbulent water, or too much load."""
    water = site(state).specs[zone].water
    return water is not None and (water.turbulent or overloaded(actor))


# -- where a character may stand ---------------------------------------------------------

def check_spot(state: SiteState, actor_id: str, zone: str, point: XY, rules: tuple[str, ...]
               ) -> None:
    """``point`` is in ``zone``, its circle overlaps nobody's, and the zone has room."""
    m = site(state)
    if zone not in m:
        raise IllegalCommand("unknown_place", f"there is no zone {zone!r}")
    floor = m.floor(zone)
    if m.geometry.zones[zone].polygon.distance(Point(point)) > 1e-6:
        raise IllegalCommand("not_in_zone", f"({point[0]:g}, {point[1]:g}) is not in {zone}",
                             ("R004-17", *rules))
    if not m.geometry.loose_free(floor).covers(Point(point)):
        raise IllegalCommand("in_a_wall", f"({point[0]:g}, {point[1]:g}) is inside a wall",
                             ("R004-18",))
    width = opts(state).move.footprint_m
    for other in others(state, actor_id):
        if m.floor(other.at) == floor and math.dist(other.point, point) < width - 1e-9:
            raise IllegalCommand(
                "occupied", f"{other.id} stands within {width:g} m of "
                f"({point[0]:g}, {point[1]:g}): their circles would overlap",
                ("R004-07", "R004-08", "A004-06"))
    inside = [o for o in others(state, actor_id) if o.at == zone]
    if len(inside) >= m.capacity[zone]:
        raise IllegalCommand("zone_full", f"{zone} is full ({m.capacity[zone]} characters): "
                             "a mover may pass through it but not stop there",
                             ("R004-06", "R004-08", "A004-06"))


def free_spot(state: SiteState, actor_id: str, zone: str, near: XY,
              entry: XY | None = None, *, room: bool = True) -> XY | None:
    """The legal spot of ``zone`` nearest to ``near`` (on a 25 cm lattice), or None when
    the zone is full (R004-06) or has no room left. With ``entry``, only the part of the
    zone joined to ``entry`` (a zone split by a wall) is searched.

    The lattice is tested in bulk with NumPy and shapely's vectorised ``contains_xy``.
    """
    m = site(state)
    if room and sum(1 for o in others(state, actor_id) if o.at == zone) >= m.capacity[zone]:
        return None
    area = m.geometry.region(zone, entry)
    if area.is_empty:
        return None
    minx, miny, maxx, maxy = area.bounds
    step = 0.25
    xs, ys = np.meshgrid(np.arange(math.floor(minx / step) * step, maxx + step / 2, step),
                         np.arange(math.floor(miny / step) * step, maxy + step / 2, step))
    xs, ys = np.round(xs, 4), np.round(ys, 4)
    ok = shapely.intersects_xy(area, xs, ys)  # the border counts
    width = opts(state).move.footprint_m
    floor = m.floor(zone)
    for o in others(state, actor_id):
        if m.floor(o.at) == floor:
            ok &= (xs - o.point[0]) ** 2 + (ys - o.point[1]) ** 2 >= (width - 1e-9) ** 2
    for other_zone in m.geometry.zones_near(area, floor):  # border points belong to one zone
        if other_zone != zone:
            ok &= ~shapely.contains_xy(m.geometry.zones[other_zone].polygon, xs, ys)
    if not ok.any():
        return None
    dist = np.where(ok, (xs - near[0]) ** 2 + (ys - near[1]) ** 2, np.inf)
    i = np.unravel_index(int(np.argmin(dist)), dist.shape)
    return (float(xs[i]), float(ys[i]))


# -- planning -------------------------------------------------------------------------

def plan_move(state: SiteState, actor: SiteActor, to: str, at: XY,
              via: tuple[XY, ...] | None, *, counts: bool = True,
              budget: int | None = None) -> Plan:
    """The traced way to ``at`` in ``to`` and what it meets (nothing when ``counts`` is
    False: a rush that does not count for pins and hazards, A004-18)."""
    m = site(state)
    check_spot(state, actor.id, to, at, ())
    if via:
        try:
            path = m.geometry.trace(actor.point, actor.at, at, to, via=via)
        except PathBlocked as exc:
            raise IllegalCommand("path_blocked", str(exc), ("R004-18", "A004-16")) from None
        return _plan_path(state, actor, to, at, path, counts)
    # R004-18: any route that can be walked will do; the fewest crossings first, then the
    # fewest rolls (a bridge before a ford of the same length)
    first_error: IllegalCommand | None = None
    found: list[Plan] = []
    for route in m.geometry.routes(actor.at, to):
        if found and len(route) > len(found[0].path.zones):
            break
        if budget is not None and len(route) - 1 > budget:
            break  # longer routes only cost more; the caller says it is too far
        try:
            path = m.geometry.trace(actor.point, actor.at, at, to, route=route)
            found.append(_plan_path(state, actor, to, at, path, counts))
        except PathBlocked as exc:
            first_error = first_error or IllegalCommand(
                "path_blocked", str(exc), ("R004-18", "A004-16"))
        except IllegalCommand as exc:
            first_error = first_error or exc
    if found:
        return min(found, key=lambda plan: (plan.cost,
                                            sum(h.kind != "pin" for h in plan.hazards)))
    raise first_error or IllegalCommand("path_blocked", f"no way from {actor.at} to {to}",
                                        ("R004-18", "A004-16"))


def _plan_path(state: SiteState, actor: SiteActor, to: str, at: XY, path: TracedPath,
               counts: bool) -> Plan:
    """Check one traced way and list what it meets."""
    m = site(state)
    o = opts(state)
    hazards: list[Hazard] = []
    start_floor = m.floor(actor.at)
    # R004-23, A004-10: an extremely rough surface cannot be balanced on at all (one who
    # was put there may still step off it)
    for r in m.rough:
        extreme = len(r.qualities) >= o.hazards.impassable_qualities
        leaving = r.floor == start_floor and r.polygon.covers(Point(actor.point))
        if extreme and not leaving and (path.enters(r.polygon, r.floor) or (
                m.floor(to) == r.floor and r.polygon.covers(Point(at)))):
            raise IllegalCommand("impassable", f"a {' and '.join(r.qualities)} surface "
                                 "cannot be balanced on", ("R004-23", "A004-10"))
    for zone in path.zones[1:] if path.zones[0] == actor.at else path.zones:
        spec = m.specs[zone]
        if spec.climb == "extreme":
            raise IllegalCommand("unclimbable", f"{zone} cannot be climbed", ("R004-26",))
        water = spec.water
        if water is not None and water.turbulent and overloaded(actor):
            raise IllegalCommand("cannot_swim", f"{actor.id} cannot swim the turbulent water "
                                 f"of {zone} with {actor.bulk} bulk", ("R004-29", "A004-12"))
    done = 0.0
    for leg in path.legs:
        c = leg.connector
        if c is not None and c.kind == "climb":
            grade = str(c.props.get("grade"))
            up = m.floor(c.b) > m.floor(c.a)
            if grade == "extreme":
                raise IllegalCommand("unclimbable", f"the climb {c.a}–{c.b} cannot be climbed",
                                     ("R004-26", "A004-10"))
            onto_face = up and m.specs[c.b].climb == "challenging"
            if grade == "challenging" and not onto_face and (up or o.hazards.roll_climbing_down):
                lower, foot = (c.a, leg.start) if up else (c.b, leg.end)
                hazards.append(Hazard(done + leg.length, "climb", leg.end, leg.floor,
                                      ("R004-24", "A004-11"),
                                      detail={"from": c.a, "to": c.b, "lower": lower,
                                              "foot": list(foot)}))
        if c is not None and c.kind == "gap":
            width = float(c.props["width"])
            run_up = _run_up(path, leg) >= o.leap.run_up_m - 1e-9
            factor = 1.0 if run_up else o.leap.standing_factor
            low, high = o.leap.trivial_below_m * factor, o.leap.max_m * factor
            if width > high + 1e-9:
                raise IllegalCommand(
                    "too_far_to_leap", f"the gap {c.a}–{c.b} is {width:g} m: at most {high:g} m "
                    f"can be leapt {'with' if run_up else 'without'} a running start",
                    ("R004-30", "R004-31", "A004-14"))
            if width >= low - 1e-9:
                hazards.append(Hazard(done, "leap", leg.start, m.floor(c.a),
                                      ("R004-30", "A004-14"),
                                      detail={"width": width, "below": c.props.get("below"),
                                              "depth_m": c.props.get("depth_m"),
                                              "run_up": run_up}))
        done += leg.length
    for r in m.rough:
        for d, p in path.exits(r.polygon, r.floor):
            hazards.append(Hazard(d, "balance", p, r.floor, ("R004-22", "A004-09"),
                                  detail={"qualities": list(r.qualities), "below": r.below}))
    # R004-24, A004-11: leaving a challenging climbing face, other than back down to its
    # foot, is reaching the top of the climb
    previous_zone = path.zones[0]
    for d, entered in path.marks:
        face = m.specs[previous_zone]
        if face.climb == "challenging" and entered != face.below:
            point, floor = path.point_at(d)
            hazards.append(Hazard(d, "climb_top", point, floor, ("R004-24", "A004-11"),
                                  detail={"below": face.below, "face": previous_zone}))
        previous_zone = entered
    for zone in dict.fromkeys(path.zones):
        if swim_roll_needed(state, actor, zone):
            poly = m.geometry.zones[zone].polygon
            for d, p in path.exits(poly, m.floor(zone)):
                hazards.append(Hazard(d, "swim", p, m.floor(zone), ("R004-27", "A004-12"),
                                      detail={"zone": zone}))
    # R004-19, A004-04: any foe whose reach the way passes through may try to pin
    for other in others(state, actor.id):
        if other.side == actor.side:
            continue
        d2 = _first_in_reach(state, path, other.point, m.floor(other.at))
        if d2 is not None:
            point, floor = path.point_at(d2)
            hazards.append(Hazard(d2, "pin", point, floor, ("R004-19", "A004-04"),
                                  pinner=other.id))
    if not counts:
        hazards = []
    order = {"pin": 0, "leap": 1, "climb": 2, "climb_top": 2, "balance": 3, "swim": 4}
    hazards.sort(key=lambda h: (round(h.distance, 6), order[h.kind], h.pinner or ""))
    return Plan(path, to, at, tuple(hazards))


def spot_near(state: SiteState, actor_id: str, centre: XY, floor: int, near: XY
              ) -> tuple[str, XY] | None:
    """A004-05: the legal spot within reach of ``centre`` (on ``floor``) nearest to
    ``near``, or None when there is none. Candidates lie on rings around ``centre``."""
    width = opts(state).move.footprint_m
    high = reach(state)
    if high < width - 1e-9:
        return None
    rings = np.linspace(width, high, max(2, int((high - width) / 0.25) + 2))
    angles = np.linspace(0.0, 2 * math.pi, 180, endpoint=False)
    rr, aa = np.meshgrid(rings, angles)
    xs = centre[0] + rr * np.cos(aa)
    ys = centre[1] + rr * np.sin(aa)
    m = site(state)
    ok = shapely.contains_xy(m.geometry.loose_free(floor), xs, ys)
    for o in others(state, actor_id):
        if m.floor(o.at) == floor:
            ok &= (xs - o.point[0]) ** 2 + (ys - o.point[1]) ** 2 >= (width - 1e-9) ** 2
    dist = np.where(ok, (xs - near[0]) ** 2 + (ys - near[1]) ** 2, np.inf)
    for flat in np.argsort(dist, axis=None):
        i = np.unravel_index(int(flat), dist.shape)
        if not math.isfinite(float(dist[i])):
            break
        point = (float(xs[i]), float(ys[i]))
        if math.dist(point, centre) > high + 1e-9:
            continue
        zone = m.zone_at(point, floor)
        if zone is None or not m.geometry.clear(point, centre, floor):
            continue
        if unsafe(state, state.actors[actor_id], zone, point) is not None:
            continue
        try:
            check_spot(state, actor_id, zone, point, ())
        except IllegalCommand:
            continue
        return zone, point
    return None


def settle(state: SiteState, actor: SiteActor, zone: str, point: XY,
           back: tuple[str, ...] = ()) -> tuple[str, XY]:
    """Where a character whose movement ends at ``point`` of ``zone`` (a pin, a failed
    roll, a fall) comes to rest: there if the spot is legal, else the nearest free spot of
    that zone, else of the zones ``back`` (the way it came, latest first), else where it
    started. Its circle never overlaps another and no zone goes over capacity (A004-06)."""
    try:
        check_spot(state, actor.id, zone, point, ())
        return zone, point
    except IllegalCommand:
        pass
    for z in (zone, *back):
        entry = point if z == zone else None
        spot = free_spot(state, actor.id, z, point, entry)
        if spot is not None:
            return z, spot
    return actor.at, actor.point


def _first_in_reach(state: SiteState, path: TracedPath, point: XY, floor: int) -> float | None:
    """How far along ``path`` it first comes within reach of ``point``, with no wall
    between (sampled every 10 cm after the first point within the distance). Samples
    farther than reach are skipped in bulk: a step along the path comes at most a step
    closer, so a long path costs no more samples than its stretches near ``point``."""
    limit = reach(state)
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
