"""An imported floor plan (:mod:`footwork.space.floorplan`) as a `sitemaps` map: rooms
become zones, doors openings; see docs/import.md.

- Zones are the rooms of :func:`~footwork.space.floorrooms.room_graph`, no longer than
  :data:`ZONE_M` (R004-03 suggests 10 m a zone); the tiles of one room are joined by
  openings along their whole shared border (A004-16). A room only secret doors lead into
  starts hidden (``revealed: false``: the players see neither it nor its doorway until
  it is found).
- A door is an opening at its segment; a locked door is left shut; windows, one-way walls
  and the walls between rooms are the zones' borders, which no path crosses.
- Walls that stand inside a face (a stub, a pillar's outline, an island) are ``walls``.
"""

from __future__ import annotations

from typing import Any

from shapely.geometry import LineString, Polygon
from shapely.ops import unary_union

from footwork.engine.words import count
from footwork.errors import ScenarioError
from footwork.rulesets.sitemaps.model import SitemapsMapSpec
from footwork.space.floorplan import Choices, FloorPlan, Section, WallKind
from footwork.space.floorrooms import room_graph

#: one square of a battle map, in metres (five feet), when the game master gives no --cell
SQUARE = 1.5
#: the longest a zone may be along x or y before it is cut (R004-03's 10 m)
ZONE_M = 10.0


def _coords(poly: Polygon) -> list[list[float]]:
    return [[round(x, 4), round(y, 4)] for x, y in list(poly.exterior.coords)[:-1]]


def build(plan: FloorPlan, choices: Choices) -> Section:
    """The `map` of a `sitemaps` encounter, checked by its map model."""
    m = choices.square or SQUARE
    graph = room_graph(plan, m, ZONE_M)
    if not graph.pieces:
        raise ScenarioError("no room with a door found: the walls enclose no space a "
                            "door leads into; expected a map with rooms", path="map")
    notes = [f"one square of the picture is {m:g} m (--cell); zones longer than "
             f"{ZONE_M:g} m are cut into tiles (R004-03)"]
    zones: list[dict[str, Any]] = []
    for piece in graph.pieces:
        zone: dict[str, Any] = {"id": piece.id, "polygon": _coords(piece.polygon)}
        if piece.hidden:
            zone["revealed"] = False
        zones.append(zone)
    openings: list[dict[str, Any]] = []
    for way in graph.ways:
        opening: dict[str, Any] = {"between": [way.a, way.b]}
        if way.door is not None:
            opening["at"] = [[round(c, 4) for c in pt] for pt in way.door]
        openings.append(opening)
    if graph.rock:
        notes.append(f"{count(graph.rock, 'closed space')} with no door left out as rock")
    if graph.locked:
        notes.append(f"{count(graph.locked, 'locked door')} left shut: add an opening when "
                     "one is unlocked")
    if any(d.secret for d in plan.doors):
        notes.append("rooms only secret doors lead into start hidden (revealed: false)")
    # walls standing inside a zone: stubs, islands; obstacles round their outline
    # the rooms' borders, thickened a hair once (a wall along a border is no wall inside)
    borders = unary_union([p.polygon.boundary for p in graph.pieces]).buffer(1e-6)
    walls: list[list[list[float]]] = []
    for w in plan.walls:
        if w.kind is WallKind.SIGHT:
            continue
        line = LineString([(w.a[0] * m, w.a[1] * m), (w.b[0] * m, w.b[1] * m)])
        if line.length > 0 and line.difference(borders).length > 1e-6:
            walls.append([[round(x, 4), round(y, 4)] for x, y in line.coords])
    if not choices.objects_passable:
        walls += [[[round(x * m, 4), round(y * m, 4)] for x, y in ring]
                  for ring in plan.obstacles if len(ring) >= 2]
    if plan.obstacles:
        notes.append("obstacles (pillars, crates) are " + (
            "left out (--objects passable)" if choices.objects_passable else
            "walls round their outline (--objects passable leaves them out)"))
    if any(w.kind is WallKind.SIGHT for w in plan.walls):
        notes.append("walls that stop only sight are left out: zones do not model sight")
    if any(w.passable_from for w in plan.walls):
        notes.append("one-way walls are plain walls: an opening is both ways")
    section: dict[str, Any] = {"zones": zones, "openings": openings}
    if walls:
        section["walls"] = walls
    SitemapsMapSpec.model_validate(section)
    return Section(section, tuple(notes), m)
