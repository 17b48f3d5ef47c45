"""Universal VTT (``.dd2vtt`` Dungeondraft, ``.df2vtt`` DungeonFog, ``.uvtt``
Arkenforge, Dungeon Alchemist) into a :class:`~footwork.space.floorplan.FloorPlan`.

Every coordinate of the file is in grid squares, absolute: the picture's top-left
corner is ``resolution.map_origin`` (not 0 after a cropped export), so a point of the
plan is the file's point less the origin. Walls are ``line_of_sight`` polylines;
``objects_line_of_sight`` are props that block sight (pillars, crates), kept as
obstacles. Portals carry no door-or-window flag: a closed one (it blocks light) is
taken as a door, an open one as a window (movement blocked, sight passes), as the
Foundry and MapTool importers read them.
"""

from __future__ import annotations

import itertools
from typing import Any

from shapely.geometry import LineString

from footwork import limits
from footwork.importers.common import (
    decode_picture,
    fail,
    listed,
    number,
    point,
)
from footwork.space.floorplan import Door, DoorState, FloorPlan, Point, Wall, WallKind

#: cave walls come as long runs of tiny segments: points closer to the line than this
#: (in squares) are dropped (shapely's simplify, topology kept), a tenth of what a
#: grid of two cells a square can show
SIMPLIFY = 0.05
SUFFIXES = (".dd2vtt", ".df2vtt", ".uvtt")


def _count_points(doc: dict[str, Any]) -> int:
    total = 0
    for key in ("line_of_sight", "objects_line_of_sight"):
        lines = doc.get(key)
        if isinstance(lines, list):
            total += sum(len(line) if isinstance(line, list) else 1 for line in lines)
    portals = doc.get("portals")
    if isinstance(portals, list):
        total += 2 * len(portals)
    return total


def _polyline(raw: Any, file: str, path: str, origin: Point) -> list[Point]:
    pts = [point(p, file, f"{path}[{i}]", origin) for i, p in enumerate(listed(raw, file, path))]
    # float noise (4.9999995) and repeated points are common: drop zero-length steps
    out = [p for i, p in enumerate(pts) if i == 0 or p != pts[i - 1]]
    if len(out) > 3:
        line = LineString(out).simplify(SIMPLIFY, preserve_topology=True)
        out = [(float(x), float(y)) for x, y in line.coords]
    return out


def read_uvtt(doc: Any, file: str) -> FloorPlan:
    if not isinstance(doc, dict):
        raise fail(file, "", "expected a Universal VTT object with resolution and "
                             "line_of_sight")
    limits.check("map_points", _count_points(doc), file)
    notes: list[str] = []
    fmt = doc.get("format")
    if fmt not in (0.2, 0.3, 1, 1.0):
        notes.append(f"format {fmt!r} is not 0.2 or 0.3: read as 0.3")
    res = doc.get("resolution")
    if not isinstance(res, dict):
        raise fail(file, "resolution", "expected {map_origin, map_size, pixels_per_grid}")
    origin = point(res.get("map_origin", {"x": 0, "y": 0}), file, "resolution.map_origin")
    size = res.get("map_size")
    if not isinstance(size, dict):
        raise fail(file, "resolution.map_size", "expected the map's size {x, y} in squares")
    width = number(size.get("x"), file, "resolution.map_size.x", positive=True)
    height = number(size.get("y"), file, "resolution.map_size.y", positive=True)
    ppg = number(res.get("pixels_per_grid"), file, "resolution.pixels_per_grid",
                 positive=True, bound=100_000)

    walls: list[Wall] = []
    for i, raw in enumerate(listed(doc.get("line_of_sight"), file, "line_of_sight")):
        line = _polyline(raw, file, f"line_of_sight[{i}]", origin)
        walls += [Wall(a, b) for a, b in itertools.pairwise(line)]
    obstacles = tuple(
        tuple(_polyline(raw, file, f"objects_line_of_sight[{i}]", origin))
        for i, raw in enumerate(listed(doc.get("objects_line_of_sight"), file,
                                       "objects_line_of_sight")))
    doors: list[Door] = []
    skipped = 0
    for i, raw in enumerate(listed(doc.get("portals"), file, "portals")):
        where = f"portals[{i}]"
        if not isinstance(raw, dict):
            raise fail(file, where, "expected a portal {position, bounds, closed}")
        bounds = listed(raw.get("bounds"), file, f"{where}.bounds")
        if len(bounds) != 2:
            raise fail(file, f"{where}.bounds", f"expected 2 points, got {len(bounds)}")
        a = point(bounds[0], file, f"{where}.bounds[0]", origin)
        b = point(bounds[1], file, f"{where}.bounds[1]", origin)
        if raw.get("freestanding") is True:
            skipped += 1  # not in a wall: no gap for it to fill
        elif raw.get("closed", True) is False:
            walls.append(Wall(a, b, WallKind.WINDOW))
        else:
            doors.append(Door(a, b, DoorState.CLOSED))
    if skipped:
        notes.append(f"{skipped} freestanding portal(s) left out: they stand in no wall")
    windows = sum(1 for w in walls if w.kind is WallKind.WINDOW)
    if doors or windows:
        notes.append(f"{len(doors)} closed portal(s) read as doors and {windows} open "
                     "one(s) as windows (the format does not say which is which)")
    picture = None
    if doc.get("image"):
        picture = decode_picture(doc["image"], file, "image")
    else:
        notes.append("the file has no picture")
    return FloorPlan(width=width, height=height, pixels_per_square=ppg, walls=tuple(walls),
                     doors=tuple(doors), obstacles=tuple(o for o in obstacles if len(o) > 1),
                     picture=picture, source="Universal VTT", notes=tuple(notes))
