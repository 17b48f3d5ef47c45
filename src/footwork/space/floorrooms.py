"""A floor plan as rooms and the ways between them, in metres: what the zone rulesets'
``floorplan`` modules build from (``sitemaps`` zones as polygons, ``cultivation`` zones
and ``spans`` spans as places of a graph). Knows no ruleset.

- A room is a face the walls and doors enclose (:func:`~footwork.space.floorplan.rooms`):
  an archway (a gap with no door) joins two spaces into one face; a face with no door at
  all is rock and left out.
- A room longer than ``longest`` metres along x or y is cut into equal tiles no longer
  than that, joined along their whole shared border; a room with an island of rock in it
  is first cut through the island (a piece is one outline, with no hole).
- A door (open or closed) joins the two rooms whose borders hold its middle; a locked
  door is left shut; a door to the outside joins nothing. A room only secret doors lead
  into is ``hidden``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from shapely import STRtree
from shapely.geometry import LineString, MultiPolygon, Polygon, box
from shapely.ops import split

from footwork import limits
from footwork.space.floorplan import DoorState, FloorPlan, rooms

#: faces smaller than this (in squares) are slivers between walls, not rooms
MIN_ROOM = 0.5


@dataclass(frozen=True, slots=True)
class Piece:
    id: str
    polygon: Polygon
    hidden: bool
    #: the room it is a tile of
    room: int = 0


@dataclass(frozen=True, slots=True)
class Way:
    """Two pieces joined: through a door (``door`` its segment) or, between tiles of one
    room, along their whole shared border (``door`` None)."""

    a: str
    b: str
    door: tuple[tuple[float, float], tuple[float, float]] | None
    secret: bool = False


@dataclass(frozen=True, slots=True)
class RoomGraph:
    pieces: tuple[Piece, ...]
    ways: tuple[Way, ...]
    #: closed spaces with no door, left out
    rock: int
    #: locked doors left shut
    locked: int


def _holes_cut(face: Polygon) -> list[Polygon]:
    pieces = [face]
    for hole in face.interiors:
        x = Polygon(hole).centroid.x
        cutter = LineString([(x, face.bounds[1] - 1), (x, face.bounds[3] + 1)])
        pieces = [g for p in pieces for g in split(p, cutter).geoms]
    return [p for p in pieces if isinstance(p, Polygon) and p.area > 1e-9]


def _tiles(face: Polygon, longest: float) -> list[Polygon]:
    x0, y0, x1, y1 = face.bounds
    nx = max(1, math.ceil((x1 - x0) / longest - 1e-9))
    ny = max(1, math.ceil((y1 - y0) / longest - 1e-9))
    if nx == ny == 1:
        return [face]
    # a huge room would be cut into more zones than any map may hold: refused first
    limits.check("zones", nx * ny, "map.zones")
    w, h = (x1 - x0) / nx, (y1 - y0) / ny
    out: list[Polygon] = []
    for i in range(nx):
        for j in range(ny):
            part = face.intersection(box(x0 + i * w, y0 + j * h, x0 + (i + 1) * w,
                                         y0 + (j + 1) * h))
            geoms = part.geoms if isinstance(part, MultiPolygon) else [part]
            out += [g for g in geoms if isinstance(g, Polygon) and g.area > 1e-9]
    return out


def room_graph(plan: FloorPlan, metres: float, longest: float) -> RoomGraph:
    """The plan's rooms at ``metres`` a square, cut to at most ``longest`` metres."""
    pieces: list[Piece] = []
    ways: list[Way] = []
    rock = 0
    for n, (face, door_ids) in enumerate(rooms(plan, min_area=MIN_ROOM), start=1):
        if not door_ids:
            rock += 1
            continue
        poly: Polygon = face
        scaled = Polygon([(x * metres, y * metres) for x, y in poly.exterior.coords],
                         [[(x * metres, y * metres) for x, y in hole.coords]
                          for hole in poly.interiors])
        hidden = all(plan.doors[i].secret for i in door_ids)
        parts = [t for piece in _holes_cut(scaled) for t in _tiles(piece, longest)]
        named = [Piece(f"room-{n}" if len(parts) == 1 else f"room-{n}-{k + 1}", p, hidden, n)
                 for k, p in enumerate(parts)]
        for i, a in enumerate(named):
            for b in named[i + 1:]:
                if a.polygon.boundary.intersection(b.polygon.boundary).length > 1e-6:
                    ways.append(Way(a.id, b.id, None))
        pieces += named
    locked = 0
    tree = STRtree([p.polygon for p in pieces]) if pieces else None
    for door in plan.doors:
        end1 = (door.a[0] * metres, door.a[1] * metres)
        end2 = (door.b[0] * metres, door.b[1] * metres)
        segment = LineString([end1, end2]).buffer(1e-6)
        # on each side, the tile of that room that holds most of the door
        best: dict[int, tuple[float, str]] = {}
        for k in (tree.query(segment) if tree is not None else ()):
            p = pieces[int(k)]
            held = p.polygon.boundary.intersection(segment).length
            if held > 1e-6 and held > best.get(p.room, (0.0, ""))[0]:
                best[p.room] = (held, p.id)
        sides = [pid for _, pid in best.values()]
        if len(sides) != 2:
            continue  # a door to the outside, or into rock
        if door.state is DoorState.LOCKED:
            locked += 1
            continue
        ways.append(Way(sides[0], sides[1], (end1, end2), door.secret))
    return RoomGraph(tuple(pieces), tuple(ways), rock, locked)
