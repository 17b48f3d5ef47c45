"""The `sitemaps` movement pipeline (issue 16): every cause of movement is a path of
steps, and every step passes the same stages of rules (footwork.engine.movement).

Causes: ``move`` and ``rush`` (chosen, traced through the zones), ``pin`` (the pinner
places the mover, A004-05), ``stop`` (where a movement that ends early comes to rest),
``drift`` (a drowning body carried by the current, A004-13) and ``fall`` (a failed
roll, A004-15). A chosen path is refused as a whole; a carried one stops.

The stages, per step ``frm -> to``:

- leaving: pins met on the way (R004-19), stepping off a rough surface (R004-22),
  leaving the water (R004-27), reaching the top of a climb (R004-24);
- crossing: the climb (R004-24..26) or gap (R004-30, R004-31) between the zones;
- entering: surfaces nobody can be on (R004-23, R004-26, R004-29);
- arriving: the spot itself, through :func:`entry` (R004-06..08, R004-17, R004-18).

The stages run while a move is *planned*: what they find along the way (a roll, a pin
offer) is recorded as an :class:`Owed` check, not rolled, because a pin offer stops
the resolution for a decision and the move resumes from the same plan. The executor
(``ruleset._walk``) then resolves the owed checks in the order the mover meets them.
"""

from __future__ import annotations

import math
import random
import threading
import weakref
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, ClassVar

import numpy as np
import shapely
from shapely import Point
from shapely.ops import nearest_points

from footwork.engine.events import Event
from footwork.engine.movement import PASS, Path, Pipeline, Ruling, Step, Stop, Walk
from footwork.engine.rolling import Roller
from footwork.errors import IllegalCommand
from footwork.rulesets.sitemaps.model import SiteActor, SiteMap
from footwork.rulesets.sitemaps.movement import (
    Hazard,
    Plan,
    SiteState,
    _first_in_reach,
    _run_up,
    free_spot,
    landings,
    on_full_map,
    opts,
    others_in,
    others_near,
    overloaded,
    path_bounds,
    position,
    reach,
    seat_unknown,
    site,
    storeys_down_m,
    swim_roll_needed,
    takeoffs,
    unknown_zones,
    within_reach,
    zone_routes,
)
from footwork.space.zonemap import (
    XY,
    Connector,
    Leg,
    PathBlocked,
    TracedPath,
    remembering_traces,
)

#: causes the mover chooses: a refusal refuses the command
CHOSEN = ("move", "rush")
#: causes that carry a body wherever they go: it lands even in a full zone and on any
#: surface (R004-28, A004-13, A004-15; README "Where the cause matters")
CARRIED = ("drift", "fall")
#: every cause, for the property tests
CAUSES = (*CHOSEN, "pin", "stop", *CARRIED)

Refusal = tuple[str, str, tuple[str, ...]]


@dataclass(frozen=True, slots=True, kw_only=True)
class Owed(Event):
    """A check the path owes at a point (internal to the pipeline: never logged)."""

    type: ClassVar[str] = "owed"
    hazard: Hazard


# -- the one function that decides entry ---------------------------------------------

def entry(state: SiteState, actor_id: str, zone: str, point: XY, cause: str
          ) -> Refusal | None:
    """Why ``actor_id`` may not come to rest at ``point`` of ``zone`` by ``cause``, or
    None. Every cause of movement asks this: the spot is in the zone (R004-17) and not in
    a wall (R004-18), no two 2 m circles overlap (R004-07, A004-06), a character does not
    stop in a full zone (R004-06, R004-08) and is not put where nobody can stand or swim
    (R004-23, R004-29); a carried body (drift, fall) is exempt from the last two."""
    m = site(state)
    if zone not in m:
        return "unknown_place", f"there is no zone {zone!r}", ()
    floor = m.floor(zone)
    polygon = m.geometry.zones[zone].polygon
    # inside it, the distance is 0: measured only for a point on or past its edge
    if not shapely.contains_xy(polygon, point[0], point[1]) and \
            polygon.distance(Point(point)) > 1e-6:
        return "not_in_zone", f"({point[0]:g}, {point[1]:g}) is not in {zone}", ("R004-17",)
    if not m.geometry.clear(point, point, floor):
        return "in_a_wall", f"({point[0]:g}, {point[1]:g}) is inside a wall", ("R004-18",)
    width = opts(state).move.footprint_m
    # only a centre within the box of ``point`` grown by a circle's width can overlap
    for other in others_near(state, actor_id, (*point, *point), width):
        if m.floor(other.at) == floor and math.dist(other.point, point) < width - 1e-9:
            return ("occupied", f"{other.id} stands within {width:g} m of "
                    f"({point[0]:g}, {point[1]:g}): their circles would overlap",
                    ("R004-07", "R004-08", "A004-06"))
    if cause in CARRIED:
        return None
    if others_in(state, actor_id, zone) >= m.capacity[zone]:
        return ("zone_full", f"{zone} is full ({m.capacity[zone]} characters): a mover may "
                "pass through it but not stop there", ("R004-06", "R004-08", "A004-06"))
    if cause == "stop":  # a movement cut short rests where it was cut (R004-21)
        return None
    return surface(state, state.actors[actor_id], zone, point)


#: how far inside its zone's outline a spot named on a wall-less edge is taken (R004-17,
#: R004-18; our default where the text leaves exact positions open): twice the 5 mm
#: half-thickness of the wall the map builder draws on a closed border, so such a spot
#: is clear of it
EDGE_M = 0.01


def off_the_edge(state: SiteState, zone: str, point: XY) -> XY:
    """Where a spot named at ``point`` of ``zone`` is taken (``move.spots_off_edges``):
    one closer than :data:`EDGE_M` to the zone's outline, and as close to none of its
    ways to a zone the seat knows (an opening, a climb's or gap's end), the nearest point
    that far inside; any other, as named. A border with a zone hidden from the seat is
    read as the plain edge its map shows, so the same spot lands on the same place
    whether beyond that edge lies nothing, a closed border or a hidden room with a door
    (R004-02: probing a border tells a player nothing); a spot in a doorway or at a
    gap's take-off stays where it is named."""
    m = site(state)
    if not opts(state).move.spots_off_edges or zone not in m:
        return point
    inner, box = _inner(m, zone)
    x, y = point
    if (box is not None and box[0] < x < box[2] and box[1] < y < box[3]) or \
            (box is None and shapely.contains_xy(inner, x, y)):
        return point  # 1 cm or more inside: most spots, at the cost of one test
    polygon = m.geometry.zones[zone].polygon
    here = Point(point)
    # only a spot in the zone (or on its outline) is moved: one outside it is refused
    # as it was (R004-17)
    if polygon.distance(here) > 1e-6 or polygon.boundary.distance(here) >= EDGE_M:
        return point
    if inner.is_empty or any(way.distance(here) < EDGE_M
                             for way in _known_ways(state, zone)):
        return point
    near, _ = nearest_points(inner, here)
    return (round(near.x, 6), round(near.y, 6))


Box = tuple[float, float, float, float]
#: per site map, each zone's part 1 cm or more inside its outline (prepared) and, when
#: that part is a rectangle (most zones), its box, made when first asked for (a map is
#: immutable; the cache goes with it)
_INNERS: weakref.WeakKeyDictionary[SiteMap, dict[str, tuple[Any, Box | None]]] = (
    weakref.WeakKeyDictionary())


def _inner(m: SiteMap, zone: str) -> tuple[Any, Box | None]:
    kept = _INNERS.setdefault(m, {})
    found = kept.get(zone)
    if found is None:
        inner = m.geometry.zones[zone].polygon.buffer(-EDGE_M)
        shapely.prepare(inner)
        box: Box | None = None
        if not inner.is_empty and abs(inner.envelope.area - inner.area) <= 1e-9:
            box = tuple(inner.bounds)
        found = kept[zone] = (inner, box)
    return found


def zone_holding(state: SiteState, point: XY, floor: int) -> str | None:
    """The zone of ``floor`` a placement at ``point`` is in (inside first, then on a
    border), on the map as the seat whose map ``state`` is knows it: a zone hidden from
    that seat holds nothing for it (R004-02), so a point on its border is in the known
    zone across, and one inside it is in no zone, as on a map without it."""
    m = site(state)
    zone = m.geometry.zone_at(point, floor)
    unknown = seat_unknown(state)
    if zone is None or zone not in unknown:
        return zone
    here = Point(point)
    return next((z for z in m.geometry.zones_near(here.buffer(2e-6), floor)
                 if z not in unknown and m.geometry.zones[z].polygon.distance(here) <= 1e-6),
                None)


def _known_ways(state: SiteState, zone: str) -> Iterator[Any]:
    """The openings of ``zone`` and the ends in it of its climbs and gaps, to zones the
    seat whose map ``state`` is knows (every zone, for the game master). Asked only for a
    spot on the outline, so a scan of the map's ways costs nothing elsewhere."""
    m = site(state)
    unknown = seat_unknown(state)
    for o in m.geometry.openings:
        if zone in (o.a, o.b) and (o.b if o.a == zone else o.a) not in unknown:
            yield o.segment
    for c in m.geometry.connectors:
        if zone in (c.a, c.b) and (c.b if c.a == zone else c.a) not in unknown:
            yield Point(c.start if c.a == zone else c.end)


def surface(state: SiteState, actor: SiteActor, zone: str, point: XY | None
            ) -> Refusal | None:
    """Why nobody can be in ``zone`` (at ``point``) under its own power: a face that
    cannot be climbed (R004-26), water it cannot swim (R004-29), a surface nobody can
    balance on (R004-23)."""
    m = site(state)
    spec = m.specs[zone]
    if spec.climb == "extreme":
        return "unclimbable", f"{zone} cannot be climbed", ("R004-26",)
    why = cannot_swim(state, actor, zone)
    if why is not None:
        return why
    if point is not None:
        rough = m.rough_at(point, m.floor(zone))
        if rough is not None and len(rough.qualities) >= opts(state).hazards.impassable_qualities:
            return ("impassable", f"a {' and '.join(rough.qualities)} surface cannot be "
                    "balanced on", ("R004-23", "A004-10"))
    return None


def cannot_swim(state: SiteState, actor: SiteActor, zone: str) -> Refusal | None:
    """R004-29, A004-12: why ``actor`` cannot swim in ``zone`` at all (turbulent water
    while carrying too much), or None. The one place that says so, whatever put the
    actor there: a way it chooses into such water is refused (:func:`surface`); one who
    is in it without having chosen it (a fall, the current, still there after a rescue,
    placed there by the map) fails the swim the text tests at the end of the activation,
    with no roll (:func:`end_of_activation`: a ``drown`` hazard)."""
    water = site(state).specs[zone].water
    if water is not None and water.turbulent and overloaded(actor):
        return ("cannot_swim", f"{actor.id} cannot swim the turbulent water of {zone} with "
                f"{actor.bulk} bulk", ("R004-29", "A004-12"))
    return None


def check_entry(state: SiteState, actor_id: str, zone: str, point: XY, cause: str,
                rules: tuple[str, ...] = ()) -> None:
    """:func:`entry` as a refusal (one line, with the rule ids)."""
    why = entry(state, actor_id, zone, point, cause)
    if why is not None:
        raise IllegalCommand(why[0], why[1], (*why[2], *rules))


def land(state: SiteState, actor_id: str, zone: str, near: XY, cause: str,
         entry_point: XY | None = None) -> XY | None:
    """Where a body put into ``zone`` by ``cause`` lands: the legal spot nearest to
    ``near`` (the way :func:`entry` rules for that cause), or None when there is none."""
    room = cause not in CARRIED
    spot = free_spot(state, actor_id, zone, near, entry_point, room=room)
    if spot is None:
        return None
    path: Path[str] = Path(actor_id, cause, (Step(state.actors[actor_id].at, zone, cause,
                                                   point=spot),), forced=True)
    return spot if rule_step(state, path) is None else None


# -- where a pinned or stopped mover comes to rest -----------------------------------

def spot_near(state: SiteState, actor_id: str, centre: XY, floor: int, near: XY,
              cause: str = "pin", dry: bool = False) -> tuple[str, XY] | None:
    """A004-05: the legal spot within reach of ``centre`` (on ``floor``) nearest to
    ``near``, or None when there is none. Candidates lie on rings around ``centre``.
    ``dry``: only out of the water (a rescuer hauling a drowner out, A004-13)."""
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
    ok = m.geometry.clear_xy(xs, ys, floor)
    box = (float(xs.min()), float(ys.min()), float(xs.max()), float(ys.max()))
    for o in others_near(state, actor_id, box, width):
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
        if zone is None or (dry and m.is_water(zone)) or \
                not within_reach(state, point, centre, floor):
            continue
        if entry(state, actor_id, zone, point, cause) is None:
            return zone, point
    return None


def pin_centre(state: SiteState, pinner: SiteActor, mover: SiteActor) -> tuple[XY, int]:
    """A004-05 (``pin.place_within``): the point (and floor) a pinned mover is placed
    within reach of: the pinner, or the mover where it was stopped."""
    holder = pinner if opts(state).pin.place_within == "pinner" else mover
    return holder.point, site(state).floor(holder.at)


def zone_met(state: SiteState, path: TracedPath, h: Hazard) -> tuple[str, int]:
    """The zone where ``h`` is met along ``path`` and how many zones were entered by then:
    the zone before its distance (a stop on a border stays on the side it came from),
    unless ``h`` is met on the floor the path lands on there (a pin at a ladder's top,
    R004-19, R004-21: the climber has arrived)."""
    zone, crossings = path.zone_before(h.distance)
    m = site(state)
    if m.floor(zone) != h.floor and crossings + 1 < len(path.zones) \
            and m.floor(path.zones[crossings + 1]) == h.floor:
        return path.zones[crossings + 1], crossings + 1
    return zone, crossings


def settle(state: SiteState, actor: SiteActor, zone: str, point: XY,
           back: tuple[str, ...] = ()) -> tuple[str, XY]:
    """Where a character whose movement ends at ``point`` of ``zone`` (a pin, a failed
    roll, a fall) comes to rest: there if the spot is legal, else the nearest free spot of
    that zone, else of the zones ``back`` (the way it came, latest first), else where it
    started. Its circle never overlaps another and no zone goes over capacity (A004-06)."""
    if entry(state, actor.id, zone, point, "stop") is None:
        return zone, point
    for z in (zone, *back):
        spot = free_spot(state, actor.id, z, point, point if z == zone else None)
        if spot is not None:
            return z, spot
    return actor.at, actor.point



# -- the end of the activation --------------------------------------------------------

#: end-of-activation rolls a fall earlier in the activation makes moot: a character that
#: fell is down, not balancing (A004-09). A fall does not take it out of the water or
#: off a face it landed on, so those rolls still come (R004-24, R004-27).
MOOT_AFTER_A_FALL = frozenset({"balance"})


def end_of_activation(state: SiteState, actor: SiteActor, zone: str, at: XY,
                      fell: bool) -> Hazard | None:
    """The AGI roll owed when the activation ends at ``at`` of ``zone`` (R004-22, R004-24,
    R004-27; A004-09, A004-11), or None; in water it cannot swim at all, a ``drown``
    hazard: drowning with no roll (R004-29, :func:`cannot_swim`); on a surface nobody can
    balance on (R004-23) or a face nobody can climb (R004-26), a test no roll can pass
    (``certain`` in its detail: the fall comes with no roll). Each candidate is
    judged on its own: one a fall makes moot (:data:`MOOT_AFTER_A_FALL`) gives way to
    the next, never all of them."""
    m = site(state)
    floor = m.floor(zone)
    found: list[Hazard] = []
    rough = m.rough_at(at, floor)
    if rough is not None:
        found.append(_balance(state, rough, 0.0, at))
    spec = m.specs[zone]
    if spec.climb == "challenging":
        found.append(Hazard(0.0, "climbing", at, floor, ("R004-24", "A004-11"),
                            detail={"below": spec.below}))
    elif spec.climb == "extreme":
        # R004-26: nobody can climb it, so nobody holds on to it mid-climb (one a fall or
        # the map put there): the face test fails with no roll (as R004-29 does a swim)
        found.append(Hazard(0.0, "climbing", at, floor, ("R004-24", "R004-26", "A004-11"),
                            detail={"below": spec.below, "certain": "R004-26"}))
    if cannot_swim(state, actor, zone) is not None:
        # R004-29: no roll can keep it afloat; the swim fails where it would be rolled
        found.append(Hazard(0.0, "drown", at, floor, ("R004-29", "R004-27", "A004-12"),
                            detail={"zone": zone}))
    elif swim_roll_needed(state, actor, zone):
        found.append(Hazard(0.0, "swim", at, floor, ("R004-27",), detail={"zone": zone}))
    return next((h for h in found if not (fell and h.kind in MOOT_AFTER_A_FALL)), None)


# -- one move traced through the zones -----------------------------------------------

@dataclass(frozen=True)
class Route:
    """What the rules of a traced move read besides the step: the traced way, where each
    step begins and ends along it, and whether the move counts for pins and rolls."""

    actor: SiteActor
    path: TracedPath
    #: (from, to] distances along the path of each step; the last runs to the end
    spans: tuple[tuple[float, float], ...]
    #: where along the path each step crosses its border
    marks: tuple[float, ...]
    #: the climb or gap each step takes, with where along the path it begins and ends
    legs: tuple[tuple[Leg, float, float] | None, ...]
    counts: bool


@dataclass(frozen=True, slots=True)
class SitePath(Path[str]):
    """A traced path: the core's path plus what its stages read of the traced way."""

    route: Route | None = None


def _route(walk: Walk[SiteState, str]) -> Route | None:
    return getattr(walk.path, "route", None)


def _leg(walk: Walk[SiteState, str], kind: str
         ) -> tuple[Route, Leg, Connector, float, float] | None:
    """The step's leg across a connector of ``kind`` (with that connector), or None."""
    route = _route(walk)
    if route is None:
        return None
    found = route.legs[walk.taken]
    if found is None:
        return None
    leg, start, end = found
    if leg.connector is None or leg.connector.kind != kind:
        return None
    return route, leg, leg.connector, start, end


def _span(walk: Walk[SiteState, str]) -> tuple[Route, float, float] | None:
    route = _route(walk)
    if route is None:
        return None
    low, high = route.spans[walk.taken]
    return route, low, high


def _owe(*hazards: Hazard) -> Ruling:
    return Ruling(tuple(Owed(hazard=h, rules=h.rules) for h in hazards))


# leaving ------------------------------------------------------------------------------

def pins_on_the_way(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-19, A004-04: a foe first within reach in this stretch may try to pin."""
    found = _span(walk)
    if found is None or not found[0].counts:
        return PASS
    route, low, high = found
    m = site(walk.state)
    out = []
    # a foe farther than reach from the box around the way cannot come within reach of it
    near = others_near(walk.state, route.actor.id, path_bounds(route.path), reach(walk.state))
    for other in near:
        if other.side == route.actor.side:
            continue
        d = _first_in_reach(walk.state, route.path, other.point, m.floor(other.at))
        if d is not None and low < d <= high:
            point, floor = position(walk.state, route.path, d)
            # met where a climb or leap lands on the foe's floor (a ladder's top, where
            # its foot is at the same distance): read there, on that floor (R004-19)
            point, floor = next(((p, f) for at, p, f in landings(walk.state, route.path)
                                 if abs(at - d) <= 1e-9 and f == m.floor(other.at)
                                 and f != floor), (point, floor))
            out.append(Hazard(d, "pin", point, floor, ("R004-19", "A004-04"), pinner=other.id))
    return _owe(*out)


def off_rough(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-22, A004-09: stepping off a rough surface in this stretch costs a roll."""
    found = _span(walk)
    if found is None or not found[0].counts:
        return PASS
    route, low, high = found
    out = []
    for r in site(walk.state).rough:
        # a climb or leap leaves the floor it takes off from, not one above or below it
        away = {(d, p) for d, p, f in takeoffs(walk.state, route.path) if f != r.floor}
        for d, p in route.path.exits(r.polygon, r.floor):
            if low < d <= high and (d, p) not in away:
                out.append(_balance(walk.state, r, d, p))
    return _owe(*out)


def _balance(state: SiteState, r: Any, d: float, p: XY) -> Hazard:
    """The balance test owed at ``p`` of rough surface ``r`` (R004-22, A004-09): on one
    too rough to balance on at all (R004-23, A004-10) no roll can pass it (``certain``:
    the fall comes with no roll). Only one put there without choosing it (a fall, the
    map) is ever on such a surface: a way onto it is refused (:func:`onto_surface`)."""
    rules: tuple[str, ...] = ("R004-22", "A004-09")
    detail: dict[str, Any] = {"qualities": list(r.qualities), "below": r.below}
    if len(r.qualities) >= opts(state).hazards.impassable_qualities:
        rules, detail["certain"] = (*rules, "R004-23", "A004-10"), "R004-23"
    return Hazard(d, "balance", p, r.floor, rules, detail=detail)


def out_of_water(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-27, A004-12: a roll on leaving the water, not at a border between two water
    zones (a lake over 10 m is split into zones, R004-03). It is owed when any zone of
    the water swum on this way (back to where the swim began) needs one."""
    route = _route(walk)
    if route is None or not route.counts:
        return PASS
    m = site(walk.state)
    if step.frm == step.to or not m.is_water(step.frm) or m.is_water(step.to):
        return PASS
    swum = []
    for zone in reversed(route.path.zones[:walk.taken + 1]):
        if not m.is_water(zone):
            break
        swum.append(zone)
    if not any(swim_roll_needed(walk.state, route.actor, z) for z in swum):
        return PASS
    d = route.marks[walk.taken]
    point, floor = route.path.point_at(d)
    for exit_at, p in route.path.exits(m.geometry.zones[step.frm].polygon, m.floor(step.frm)):
        if abs(exit_at - d) <= 1e-6:
            point = p
    return _owe(Hazard(d, "swim", point, floor, ("R004-27", "A004-12"),
                       detail={"zone": step.frm}))


def _climb_leg(route: Route, i: int) -> Leg | None:
    found = route.legs[i]
    if found is None or found[0].connector is None or found[0].connector.kind != "climb":
        return None
    return found[0]


def top_of_climb(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-24, A004-11: one roll on reaching the top of a challenging climb, however
    many faces and climbs it took (none partway up, none twice at the top). The climb
    is the run of steps up climbs and across climbing faces that ends here."""
    route = _route(walk)
    if route is None or not route.counts or step.frm == step.to:
        return PASS
    m = site(walk.state)
    face = m.specs[step.frm]
    leg = _climb_leg(route, walk.taken)
    up = leg is not None and m.floor(step.to) > m.floor(step.frm)
    if m.specs[step.to].climb is not None:
        return PASS  # still on the cliff: the roll waits for the top or the activation's end
    if not up and (face.climb is None or step.to == face.below):
        return PASS  # not climbing up, or back down to the foot
    challenging, last_face = False, None
    for i in range(walk.taken, -1, -1):  # back down the run of the climb
        climb = _climb_leg(route, i)
        if climb is not None and climb.connector is not None \
                and climb.connector.props.get("grade") == "challenging":
            challenging = True
        frm = m.specs[route.path.zones[i]]
        if frm.climb is None:
            break  # the climb began on solid ground here
        last_face = last_face or frm.id
        challenging = challenging or frm.climb == "challenging"
    if not challenging:
        return PASS
    if last_face is not None:
        d = route.marks[walk.taken]
        point, floor = route.path.point_at(d)
        return _owe(Hazard(d, "climb_top", point, floor, ("R004-24", "A004-11"),
                           detail={"below": m.specs[last_face].below, "face": last_face}))
    found = route.legs[walk.taken]
    assert leg is not None and leg.connector is not None and found is not None
    c = leg.connector
    return _owe(Hazard(found[2], "climb", leg.end, leg.floor, ("R004-24", "A004-11"),
                       detail={"from": c.a, "to": c.b, "lower": c.a, "foot": list(leg.start)}))


# crossing -----------------------------------------------------------------------------

def the_climb(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-26, A004-10: an extreme climb cannot be climbed, up or down. With
    ``hazards.roll_climbing_down`` (A004-11) a descent rolls as a climb up does: once,
    where its run of climbs and faces reaches the foot, if a climb or a face of the run
    is challenging."""
    found = _leg(walk, "climb")
    if found is None:
        return PASS
    route, leg, c, _, end = found
    grade = str(c.props.get("grade"))
    if grade == "extreme":
        return walk.refuse("unclimbable", f"the climb {c.a}–{c.b} cannot be climbed",
                           ("R004-26", "A004-10"))
    m = site(walk.state)
    down = m.floor(step.to) < m.floor(step.frm)
    if not (down and opts(walk.state).hazards.roll_climbing_down and route.counts):
        return PASS
    if m.specs[step.to].climb is not None:
        return PASS  # still on the cliff: the roll waits for the foot (or the activation's end)
    # as climbing up (top_of_climb): one roll where the run of climbs and faces down
    # reaches the foot, if any of it is challenging: the climb, or a face it leaves (s33
    # review: a trivial rope at the foot of a challenging face still descends the face)
    hard = grade == "challenging"
    for i in range(walk.taken, -1, -1):
        face = m.specs[route.path.zones[i]]
        if face.climb is None:
            break  # the descent began on solid ground here
        climb = _climb_leg(route, i)
        hard = hard or face.climb == "challenging" or (
            climb is not None and climb.connector is not None
            and climb.connector.props.get("grade") == "challenging")
    if hard:
        return _owe(Hazard(end, "climb", leg.end, leg.floor, ("R004-24", "A004-11"),
                           detail={"from": c.a, "to": c.b, "lower": step.to,
                                   "foot": list(leg.end)}))
    return PASS


def the_gap(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-30, R004-31, A004-14: a leap's band, doubled by a running start: straight
    movement in line just before it in the same activation, across the move step and a
    rush alike (A004-18)."""
    found = _leg(walk, "gap")
    if found is None:
        return PASS
    route, leg, c, start, _ = found
    blocked = leap_blocked(walk.state, c, leg)
    if blocked is not None:
        return walk.refuse(*blocked)
    o = opts(walk.state)
    width, rise = leap_length(walk.state, c, step.frm)
    run = _run_up(route.path, leg) + carried_run(route, leg)
    run_up = run >= o.leap.run_up_m - 1e-9
    factor = 1.0 if run_up else o.leap.standing_factor
    low, high = o.leap.trivial_below_m * factor, o.leap.max_m * factor
    if width > high + 1e-9:
        across, way = round(float(c.props["width"]), 2), "up" if rise > 0 else "down"
        height = f" ({across:g} m across, {abs(rise):g} m {way})" if rise else ""
        return walk.refuse(
            "too_far_to_leap", f"the gap {c.a}–{c.b} is {round(width, 2):g} m{height}: at most "
            f"{high:g} m can be leapt {'with' if run_up else 'without'} a running start",
            ("R004-30", "R004-31", "A004-14"))
    if width >= low - 1e-9 and route.counts:
        return _owe(Hazard(start, "leap", leg.start, site(walk.state).floor(c.a),
                           ("R004-30", "A004-14"),
                           detail={"width": width, "below": c.props.get("below"),
                                   "depth_m": c.props.get("depth_m"), "run_up": run_up}))
    return PASS


def leap_length(state: SiteState, c: Connector, frm: str) -> tuple[float, float]:
    """R004-30 measures a leap by its distance; a gap drawn between zones of two floors
    also rises or drops the floors between, one storey each (R004-04; its height for
    falls, A004-15). ``leap.between_floors`` (our default for a point the text leaves
    open, the s34 review): ``line`` the straight line from take-off to landing, either
    way; ``rise`` the height only going up; ``across`` as drawn. Returns the distance
    leapt and the height counted in it (negative down)."""
    across = float(c.props["width"])
    rise = -storeys_down_m(state, frm, c.b if frm == c.a else c.a)
    how = opts(state).leap.between_floors
    if how == "across" or (how == "rise" and rise < 0):
        rise = 0.0
    return math.hypot(across, rise), rise


def leap_blocked(state: SiteState, c: Connector, leg: Leg) -> Refusal | None:
    """R004-18, A004-16: the line of a leap is part of the path, so a wall or a closed
    border drawn across it (on the floor it leaves or the one it lands on) stops it, as
    it stops a walked leg; the gap's open air does not (issue 23, scenario 051)."""
    m = site(state)
    for floor in dict.fromkeys((m.floor(c.a), m.floor(c.b))):
        hit = m.geometry.wall_across(leg.start, leg.end, floor)
        if hit is not None:
            return ("path_blocked", f"the leap {c.a}–{c.b} from {_fmt(leg.start)} to "
                    f"{_fmt(leg.end)} meets a wall at {_fmt(hit)}", ("R004-18", "A004-16"))
    return None


def _turn_xy(dx: float, dy: float, heading: float) -> float:
    return abs((math.atan2(dy, dx) - heading + math.pi) % (2 * math.pi) - math.pi)


def _turn(leg: Leg, heading: float) -> float:
    return _turn_xy(leg.end[0] - leg.start[0], leg.end[1] - leg.start[1], heading)


#: a straight line, give or take a little (as the run-up within one path)
STRAIGHT = math.radians(10)


def carried_run(route: Route, takeoff: Leg) -> float:
    """A004-14: the straight run the actor ended its last movement with this activation
    (``run`` in the state), when this way goes on in its line up to the take-off."""
    run = route.actor.run
    if run is None:
        return 0.0
    legs = list(route.path.legs)
    heading = math.atan2(takeoff.end[1] - takeoff.start[1], takeoff.end[0] - takeoff.start[0])
    for leg in legs[:legs.index(takeoff)]:
        if leg.length > 1e-9 and (leg.kind != "walk" or _turn(leg, heading) > STRAIGHT):
            return 0.0
    return float(run[2]) if _turn_xy(run[0], run[1], heading) <= STRAIGHT else 0.0


def final_run(actor: SiteActor, path: TracedPath) -> tuple[float, float, float] | None:
    """The straight walked run a traced move ends with (its unit heading and metres),
    with the actor's earlier run added when the whole way goes on in its line: what a
    leap later in the activation may count as a running start (A004-14)."""
    legs = [leg for leg in path.legs if leg.length > 1e-9]
    if not legs or legs[-1].kind != "walk":
        return None
    last = legs[-1]
    dx, dy = last.end[0] - last.start[0], last.end[1] - last.start[1]
    heading = math.atan2(dy, dx)
    metres, whole = 0.0, True
    for leg in reversed(legs):
        if leg.kind != "walk" or _turn(leg, heading) > STRAIGHT:
            whole = False
            break
        metres += leg.length
    if whole and actor.run is not None and _turn_xy(actor.run[0], actor.run[1], heading) \
            <= STRAIGHT:
        metres += actor.run[2]
    norm = math.hypot(dx, dy)
    return (round(dx / norm, 6), round(dy / norm, 6), round(metres, 6))


# entering -----------------------------------------------------------------------------

def onto_surface(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-23, R004-26, R004-29: no way goes where nobody can be under its own power.
    One who was put on an impossible surface may still step off it (the balance test of
    stepping off then fails with no roll, :func:`_balance`), but not swim out of water it
    cannot swim, nor climb across or off a face nobody can climb: a way from there is a
    swim or a climb too (R004-27 names leaving the water as a moment of the swim; R004-29
    makes every swim there impossible, R004-26 every climb of that face)."""
    if walk.path.cause in CARRIED or walk.path.cause == "stop":
        return PASS
    route = _route(walk)
    actor = walk.state.actors[walk.path.actor]
    if route is not None and walk.taken == 0:
        why = cannot_swim(walk.state, actor, step.frm)
        if why is not None:
            return walk.refuse(*why)
        m = site(walk.state)
        if m.specs[step.frm].climb == "extreme":
            # R004-26: a way across or off a face nobody can climb is a climb too (one a
            # fall or the map put there comes down by falling, at the activation's end)
            return walk.refuse("unclimbable", f"{step.frm} cannot be climbed", ("R004-26",))
        o = opts(walk.state)
        start_floor = m.floor(actor.at)
        for r in m.rough:
            extreme = len(r.qualities) >= o.hazards.impassable_qualities
            leaving = r.floor == start_floor and r.polygon.covers(Point(actor.point))
            end = route.path.end
            if extreme and not leaving and (route.path.enters(r.polygon, r.floor) or (
                    m.floor(route.path.zones[-1]) == r.floor and r.polygon.covers(Point(end)))):
                return walk.refuse("impassable", f"a {' and '.join(r.qualities)} surface "
                                   "cannot be balanced on", ("R004-23", "A004-10"))
    if route is None or step.frm == step.to:
        return PASS  # an untraced path's spot is ruled by entry() when it arrives
    why = surface(walk.state, actor, step.to, None)
    return walk.refuse(*why) if why is not None else PASS


# arriving -----------------------------------------------------------------------------

def the_spot(walk: Walk[SiteState, str], step: Step[str]) -> Ruling:
    """R004-08: a way may pass through full zones and others' circles; only where it
    stops is ruled, by :func:`entry` for its cause."""
    if step.point is None:
        return PASS
    why = entry(walk.state, walk.path.actor, step.to, step.point, walk.path.cause)
    return walk.refuse(*why) if why is not None else PASS


def _moved(walk: Walk[SiteState, str], step: Step[str]) -> Sequence[Event]:
    # the executor records the move once, as before (one Moved, one Placed)
    return ()


def _evolve(state: SiteState, event: Event) -> SiteState:
    return state  # owed checks change nothing until they are rolled


PIPELINE: Pipeline[SiteState, str] = Pipeline(
    leaving=(pins_on_the_way, off_rough, out_of_water, top_of_climb),
    crossing=(the_climb, the_gap),
    entering=(onto_surface,),
    arriving=(the_spot,),
    moved=_moved,
    evolve=_evolve,
)


def _roller() -> Roller:
    # the stages never roll: they record what is owed
    return Roller(random.Random(0))


def traced(state: SiteState, actor: SiteActor, cause: str, path: TracedPath, at: XY,
           counts: bool) -> SitePath:
    """The steps of a traced way: one per zone border (one inside the zone when it
    crosses none), each with its mode (walk, swim, climb, leap), the stretch of the way
    it covers and the climb or gap it takes."""
    m = site(state)
    zones = path.zones
    done, connectors = 0.0, []
    for leg in path.legs:
        if leg.connector is not None:
            connectors.append((leg, done, done + leg.length))
        done += leg.length
    steps: list[Step[str]] = []
    spans: list[tuple[float, float]] = []
    marks: list[float] = []
    legs: list[tuple[Leg, float, float] | None] = []
    low = -math.inf
    for i, (d, entered) in enumerate(path.marks):
        frm = zones[i]
        used = next(((leg, a, b) for leg, a, b in connectors
                     if a - 1e-6 <= d <= b + 1e-6 and leg.connector is not None
                     and {leg.connector.a, leg.connector.b} == {frm, entered}), None)
        last = i == len(path.marks) - 1
        steps.append(Step(frm, entered, _mode(state, entered, used),
                          height=float(m.floor(entered)), point=at if last else None))
        spans.append((low, math.inf if last else d))
        marks.append(d)
        legs.append(used)
        low = d
    if not steps:
        steps.append(Step(zones[0], zones[0], _mode(state, zones[0], None),
                          height=float(m.floor(zones[0])), point=at))
        spans.append((-math.inf, math.inf))
        marks.append(0.0)
        legs.append(None)
    route = Route(actor, path, tuple(spans), tuple(marks), tuple(legs), counts)
    return SitePath(actor.id, cause, tuple(steps), route=route)


def _mode(state: SiteState, to: str, used: tuple[Leg, float, float] | None) -> str:
    if used is not None and used[0].connector is not None:
        return "leap" if used[0].connector.kind == "gap" else "climb"
    return "swim" if site(state).is_water(to) else "walk"


#: the order of checks met at one point, as the stages meet them: a pin first, then
#: leaving where it stands (stepping off a rough surface, R004-22; out of the water,
#: R004-27), then crossing (the leap, R004-30; the climb, R004-24). A leap out of the
#: water leaves the water before it flies (issue 23 review, scenario 047).
ORDER = {"pin": 0, "balance": 1, "swim": 2, "leap": 3, "climb": 3, "climb_top": 3}


def rule_route(state: SiteState, actor: SiteActor, cause: str, path: TracedPath, at: XY,
               counts: bool) -> tuple[Hazard, ...]:
    """Walk a chosen traced way through the stages: raises the first refusal, else
    returns the owed checks in the order the mover meets them."""
    walked = PIPELINE.walk(state, traced(state, actor, cause, path, at, counts), _roller())
    hazards = [e.hazard for e in walked.events if isinstance(e, Owed)]
    hazards.sort(key=lambda h: (round(h.distance, 6), ORDER[h.kind], h.pinner or ""))
    return tuple(hazards)


#: the rulings of the ways one command has already walked through the stages (keyed by
#: the identities of the state, mover and traced way, which the entry holds alive)
_RULED: ContextVar[dict[tuple[Any, ...], tuple[Any, ...]] | None] = ContextVar(
    "footwork_sitemaps_ruled", default=None)


@contextmanager
def remembering_ways() -> Iterator[None]:
    """Within it, a way is traced once and walked through the stages once: deciding a
    move plans it to validate it (within the budget), then plans it again to resolve it
    (as a resumed move does, R004-18); the second plan reads the first one's traces and
    rulings. They are functions of the immutable state and their arguments only, so the
    events are the same; the rulings do not outlive the block (context variables: threads
    keep their own), the last few traces do, with their map (:func:`_trace`: the answer
    to a pin offer walks the way its move traced)."""
    token = _RULED.set({})
    try:
        with remembering_traces():
            yield
    finally:
        _RULED.reset(token)


def full_map(state: SiteState) -> SiteState:
    """:func:`on_full_map`, the same state each time it is asked within
    :func:`remembering_ways`: a player's move is planned on the whole map to compare it
    with the seat's plan, then to resolve it, and the second plan reads the first one's
    rulings (keyed by the state's identity)."""
    memo = _RULED.get()
    if memo is None:
        return on_full_map(state)
    key = ("full", id(state))
    found = memo.get(key)
    if found is None or found[0] is not state:
        found = memo[key] = (state, on_full_map(state))
    whole: SiteState = found[1]
    return whole


def _ruled_route(state: SiteState, actor: SiteActor, cause: str, path: TracedPath, at: XY,
                 counts: bool) -> tuple[Hazard, ...]:
    """:func:`rule_route`, answered from memory within :func:`remembering_ways` (its
    refusal raised again as a new exception with the same words)."""
    memo = _RULED.get()
    if memo is None:
        return rule_route(state, actor, cause, path, at, counts)
    key = (id(state), id(actor), id(path), cause, at, counts)
    found = memo.get(key)
    if found is None or found[0] is not state or found[1] is not actor \
            or found[2] is not path:
        try:
            ruled: Any = rule_route(state, actor, cause, path, at, counts)
        except IllegalCommand as exc:
            ruled = exc
        # the entry holds what its key's ids name, so no id is reused while it lives
        found = memo[key] = (state, actor, path, ruled)
    ruled = found[3]
    if isinstance(ruled, IllegalCommand):
        raise IllegalCommand(ruled.reason, ruled.detail, ruled.rules)
    hazards: tuple[Hazard, ...] = ruled
    return hazards


#: per site map, the ways last traced while deciding (most recently used last): a move
#: stopped by a pin offer is resumed by the answer along the same way (R004-19), traced
#: again from the same spot to the same spot. Only the decide path reads and fills it
#: (inside :func:`remembering_ways`): a listing of options neither.
_DECIDED: weakref.WeakKeyDictionary[SiteMap, OrderedDict[tuple[Any, ...], Any]] = (
    weakref.WeakKeyDictionary())
_DECIDED_KEPT = 16
_DECIDED_LOCK = threading.Lock()


def _trace(m: SiteMap, start: XY, start_zone: str, end: XY, end_zone: str, *,
           via: Sequence[XY] = (), route: Sequence[str] | None = None) -> TracedPath:
    """``m.geometry.trace(...)``; while deciding, answered from the ways the map kept (a
    trace is a function of the immutable map and its arguments only, its refusal too)."""
    if _RULED.get() is None:
        return m.geometry.trace(start, start_zone, end, end_zone, via=via, route=route)
    key = (start, start_zone, end, end_zone, tuple(via),
           None if route is None else tuple(route))
    with _DECIDED_LOCK:
        kept = _DECIDED.setdefault(m, OrderedDict())
        found = kept.get(key)
        if found is not None:
            kept.move_to_end(key)
    if found is None:
        try:
            found = m.geometry.trace(start, start_zone, end, end_zone, via=via, route=route)
        except PathBlocked as exc:
            found = exc
        with _DECIDED_LOCK:
            kept[key] = found
            while len(kept) > _DECIDED_KEPT:
                kept.popitem(last=False)
    if isinstance(found, PathBlocked):
        raise PathBlocked(str(found), found.at)
    path: TracedPath = found
    return path


def _stop_here(state: SiteState, actor_id: str, to: str, at: XY) -> Refusal | None:
    """``entry(..., "stop")`` of a move's destination, asked once within
    :func:`remembering_ways` (both plans of a decide ask it first)."""
    memo = _RULED.get()
    if memo is None:
        return entry(state, actor_id, to, at, "stop")
    key = ("stop", id(state), actor_id, to, at)
    found = memo.get(key)
    if found is None or found[0] is not state:
        found = memo[key] = (state, entry(state, actor_id, to, at, "stop"))
    why: Refusal | None = found[1]
    return why


def plan_move(state: SiteState, actor: SiteActor, to: str, at: XY,
              via: tuple[XY, ...] | None, *, counts: bool = True,
              budget: int | None = None, cause: str = "move",
              route: Sequence[str] | None = None) -> Plan:
    """The traced way to ``at`` in ``to`` and what it meets (no checks when ``counts`` is
    False: a rush that does not count for pins and hazards, A004-18). With ``route``,
    the way along those zones (a move resumed as it was planned). On a map as a player
    seat knows it, the way goes through known zones only (:func:`zone_routes`)."""
    m = site(state)
    why = _stop_here(state, actor.id, to, at) if to in m else \
        ("unknown_place", f"there is no zone {to!r}", ())
    if why is not None:
        raise IllegalCommand(*why)
    if via:
        _through_known(state, actor, to, at, via)
        try:
            path = _trace(m, actor.point, actor.at, at, to, via=via)
        except PathBlocked as exc:
            raise IllegalCommand("path_blocked", str(exc), ("R004-18", "A004-16")) from None
        return Plan(path, to, at, _ruled_route(state, actor, cause, path, at, counts))
    # R004-18: any route that can be walked will do; the fewest crossings first, then the
    # fewest rolls (a bridge before a ford of the same length)
    first_error: IllegalCommand | None = None
    found: list[Plan] = []
    tried = [list(route)] if route is not None else \
        zone_routes(state, actor.at, to, max_crossings=budget)
    for zones in tried:
        if found and len(zones) > len(found[0].path.zones):
            break
        if budget is not None and len(zones) - 1 > budget:
            break  # longer routes only cost more; the caller says it is too far
        try:
            path = _trace(m, actor.point, actor.at, at, to, route=zones)
            found.append(Plan(path, to, at,
                              _ruled_route(state, actor, cause, path, at, counts),
                              tuple(zones)))
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


def _through_known(state: SiteState, actor: SiteActor, to: str, at: XY,
                   via: tuple[XY, ...]) -> None:
    """R004-02, A004-17 (``zones.known_routes``): on a map as a player seat knows it, a way
    through ``via`` points may not pass through a zone hidden from the seat (it may end
    in one, ``to``). Refused as the way would be were there no zone at all: at the first
    stretch that enters one, in the words of a stretch that leaves the free space (the
    tracing refuses what comes first in its own words)."""
    unknown = unknown_zones(state) - {actor.at, to}
    m = site(state)
    floor = m.floor(actor.at)
    if not unknown or m.floor(to) != floor:
        return
    points = [actor.point, *via, at]
    for p, q in pairwise(points):
        if not m.geometry.clear(p, q, floor):
            return
        if unknown.intersection(m.geometry.zones_along(p, q, floor)):
            raise IllegalCommand("path_blocked", f"the way from {_fmt(p)} to {_fmt(q)} "
                                 "crosses a wall", ("R004-18", "A004-16"))


def _fmt(p: XY) -> str:
    return f"({p[0]:g}, {p[1]:g})"


def rule_step(state: SiteState, path: Path[str]) -> Stop | None:
    """The ruling of a path that is not traced (a pin placement, a drift, a fall): its
    stop, or None when it may go on. Raises for a path the mover (or pinner) chose."""
    return PIPELINE.walk(state, path, _roller()).stop
