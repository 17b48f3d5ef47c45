"""A floor plan as places and links of a graph map (the zone rulesets that measure by
places, not metres: ``cultivation`` zones, ``spans`` spans). Knows no ruleset: each one's
``floorplan`` module names the fields. The rooms are
:func:`~footwork.space.floorrooms.room_graph`'s; a place's ``pos`` is its room's centre
in squares (how the drawing lays the graph out, as on the picture)."""

from __future__ import annotations

from dataclasses import dataclass

from footwork.space.floorplan import FloorPlan
from footwork.space.floorrooms import room_graph


@dataclass(frozen=True, slots=True)
class GraphRooms:
    #: (id, pos, size in metres along its longer side)
    places: tuple[tuple[str, tuple[float, float], float], ...]
    links: tuple[tuple[str, str], ...]
    notes: tuple[str, ...]


def graph_rooms(plan: FloorPlan, metres: float, longest: float, *, kind: str) -> GraphRooms:
    """Rooms as places no longer than ``longest`` metres, doors and tile borders as links;
    ``kind`` names a place in the notes ("zone", "span")."""
    graph = room_graph(plan, metres, longest)
    places = []
    for p in graph.pieces:
        c = p.polygon.centroid
        x0, y0, x1, y1 = p.polygon.bounds
        places.append((p.id, (round(c.x / metres, 3), round(c.y / metres, 3)),
                       round(max(x1 - x0, y1 - y0), 3)))
    links = tuple((w.a, w.b) for w in graph.ways if not w.secret)
    notes = [f"one square of the picture is {metres:g} m (--cell); each room is a {kind}, "
             f"cut into {kind}s of at most {longest:g} m; doors are links"]
    if graph.rock:
        notes.append(f"{graph.rock} closed space(s) with no door left out as rock")
    secret = sum(1 for w in graph.ways if w.secret)
    if secret:
        notes.append(f"{secret} secret door(s) left out: no link until the game master "
                     "adds it (the players see no trace of it)")
    if graph.locked:
        notes.append(f"{graph.locked} locked door(s) left shut: add a link when one is "
                     "unlocked")
    notes.append("windows, obstacles and walls that stop only sight are not on a graph map")
    return GraphRooms(tuple(places), links, tuple(notes))
