"""An imported floor plan (:mod:`footwork.space.floorplan`) as a `sitemaps` map: rooms
become zones, doors openings; see docs/import.md.

- Zones are the faces the walls and doors enclose (:func:`~footwork.space.floorplan.rooms`):
  an archway (a gap with no door) joins two spaces into one face; a face with no door at
  all is rock and left out; a face only secret doors lead into starts hidden
  (``revealed: false``: the players see neither it nor its doorway until it is found).
- A face longer than :data:`ZONE_M` along x or y is cut into equal tiles no longer than
  that (R004-03 suggests 10 m a zone), joined by openings along their whole shared border
  (A004-16); a face with an island of rock in it is cut through the island first (a zone
  is one outline, with no hole).
- A door (open or closed) is an opening at its segment; a locked door is left shut (no
  opening) for the game master to open; windows, one-way walls and the walls between
  faces are the zones' borders, which no path crosses.
- Walls that stand inside a face (a stub, a pillar's outline, an island) are ``walls``.
"""

from __future__ import annotations

import math
from typing import Any

from shapely.geometry import LineString, MultiPolygon, Polygon, box
from shapely.ops import split, unary_union

from footwork.rulesets.sitemaps.model import SitemapsMapSpec
from footwork.space.floorplan import Choices, DoorState, FloorPlan, Section, WallKind, rooms

#: one square of a battle map, in metres (five feet), when the game master gives no --cell
SQUARE = 1.5
#: the longest a zone may be along x or y before it is cut (R004-03's 10 m)
ZONE_M = 10.0
#: faces smaller than this (in squares) are slivers between walls, not rooms
MIN_ROOM = 0.5


def _holes_cut(face: Polygon) -> list[Polygon]:
    """A face without holes: cut by a vertical line through each hole."""
    pieces = [face]
    for hole in face.interiors:
        x = Polygon(hole).centroid.x
        y0, y1 = face.bounds[1] - 1, face.bounds[3] + 1
        cutter = LineString([(x, y0), (x, y1)])
        pieces = [g for p in pieces for g in split(p, cutter).geoms]
    return [p for p in pieces if isinstance(p, Polygon) and p.area > 1e-9]


def _tiles(face: Polygon, longest: float) -> list[Polygon]:
    """The face cut into equal tiles of at most ``longest`` along x and y."""
    x0, y0, x1, y1 = face.bounds
    nx = max(1, math.ceil((x1 - x0) / longest - 1e-9))
    ny = max(1, math.ceil((y1 - y0) / longest - 1e-9))
    if nx == ny == 1:
        return [face]
    w, h = (x1 - x0) / nx, (y1 - y0) / ny
    out: list[Polygon] = []
    for i in range(nx):
        for j in range(ny):
            part = face.intersection(box(x0 + i * w, y0 + j * h, x0 + (i + 1) * w,
                                         y0 + (j + 1) * h))
            geoms = part.geoms if isinstance(part, MultiPolygon) else [part]
            out += [g for g in geoms if isinstance(g, Polygon) and g.area > 1e-9]
    return out


def _coords(poly: Polygon) -> list[list[float]]:
    return [[round(x, 4), round(y, 4)] for x, y in list(poly.exterior.coords)[:-1]]


def build(plan: FloorPlan, choices: Choices) -> Section:
    """The `map` of a `sitemaps` encounter, checked by its map model."""
    m = choices.square or SQUARE
    faces = rooms(plan, min_area=MIN_ROOM)
    notes = [f"one square of the picture is {m:g} m (--cell); zones longer than "
             f"{ZONE_M:g} m are cut into tiles (R004-03)"]
    zones: list[dict[str, Any]] = []
    openings: list[dict[str, Any]] = []
    pieces_of: list[list[tuple[str, Polygon]]] = []
    rock = 0
    for n, (face, door_ids) in enumerate(faces, start=1):
        if not door_ids:
            rock += 1
            pieces_of.append([])
            continue
        scaled = Polygon([(x * m, y * m) for x, y in face.exterior.coords],  # type: ignore[attr-defined]
                         [[(x * m, y * m) for x, y in hole.coords]
                          for hole in face.interiors])  # type: ignore[attr-defined]
        hidden = all(plan.doors[i].secret for i in door_ids)
        parts = [t for piece in _holes_cut(scaled) for t in _tiles(piece, ZONE_M)]
        named = [(f"room-{n}" if len(parts) == 1 else f"room-{n}-{k + 1}", p)
                 for k, p in enumerate(parts)]
        for zid, p in named:
            zone: dict[str, Any] = {"id": zid, "polygon": _coords(p)}
            if hidden:
                zone["revealed"] = False
            zones.append(zone)
        for i, (a, pa) in enumerate(named):  # tiles of one room: open between them
            for b, pb in named[i + 1:]:
                if pa.boundary.intersection(pb.boundary).length > 1e-6:
                    openings.append({"between": [a, b]})
        pieces_of.append(named)
    if rock:
        notes.append(f"{rock} closed space(s) with no door left out as rock")
    # doors: an opening between the two zones whose borders hold the door's middle
    shut = 0
    for i, door in enumerate(plan.doors):
        mid = LineString([(door.a[0] * m, door.a[1] * m), (door.b[0] * m, door.b[1] * m)])
        centre = mid.interpolate(0.5, normalized=True)
        sides = [zid for named in pieces_of for zid, p in named
                 if p.boundary.distance(centre) < 1e-6]
        if len(sides) != 2:
            continue  # a door to the outside, or between rock
        if door.state is DoorState.LOCKED:
            shut += 1
            continue
        openings.append({"between": sides, "at": [[round(c, 4) for c in pt]
                                                  for pt in mid.coords]})
        del i
    if shut:
        notes.append(f"{shut} locked door(s) left shut: add an opening when one is unlocked")
    if any(d.secret for d in plan.doors):
        notes.append("rooms only secret doors lead into start hidden (revealed: false)")
    # walls standing inside a zone: stubs, pillars, islands
    borders = unary_union([p.boundary for named in pieces_of for _, p in named]) \
        if zones else None
    walls: list[list[list[float]]] = []
    for w in plan.walls:
        if w.kind is WallKind.SIGHT:
            continue
        line = LineString([(w.a[0] * m, w.a[1] * m), (w.b[0] * m, w.b[1] * m)])
        if line.length > 0 and (borders is None or
                                line.difference(borders.buffer(1e-6)).length > 1e-6):
            walls.append([[round(x, 4), round(y, 4)] for x, y in line.coords])
    if not choices.objects_passable:
        for ring in plan.obstacles:
            if len(ring) >= 2:
                walls.append([[round(x * m, 4), round(y * m, 4)] for x, y in ring])
    if plan.obstacles:
        notes.append("obstacles (pillars, crates) are " + (
            "left out (--objects passable)" if choices.objects_passable else
            "walls round their outline (--objects passable leaves them out)"))
    if any(w.kind is WallKind.SIGHT for w in plan.walls):
        notes.append("walls that stop only sight are left out: zones do not model sight")
    if any(w.passable_from for w in plan.walls):
        notes.append("one-way walls are plain walls: an opening is both ways")
    if not zones:
        from footwork.errors import ScenarioError

        raise ScenarioError("no room with a door found: the walls enclose no space a "
                            "door leads into; expected a map with rooms", path="map")
    section: dict[str, Any] = {"zones": zones, "openings": openings}
    if walls:
        section["walls"] = walls
    SitemapsMapSpec.model_validate(section)
    return Section(section, tuple(notes), m)
