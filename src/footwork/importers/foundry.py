"""A Foundry VTT scene (its exported JSON, v9 to v14) into a
:class:`~footwork.space.floorplan.FloorPlan`.

Walls are segments ``c = [x0, y0, x1, y1]`` in canvas pixels, and the canvas has the
scene's padding around the picture: the picture's corner sits at
``ceil(padding * width / size) * size`` (Foundry rounds half squares up), so a point of
the plan is ``(c - offset) / size`` squares. What a wall stops comes from its fields:
``move`` 0 lets movers through, ``sight`` 0 (or proximity) lets sight through,
``door`` 1 or 2 (secret) makes it a door in state ``ds`` (closed, open, locked), and
``dir`` 1 or 2 makes it one-way (passable from its left or right side).

The background picture is drawn over the scene's ``width`` × ``height`` from the
padding corner less its offset (``background.offsetX/Y``; v9 ``shiftX/Y``): a positive
offset moves the picture up and left of the grid, and the plan says so in
``picture_at`` (the grid, and so the walls, do not move).
"""

from __future__ import annotations

import math
from typing import Any

from footwork import limits
from footwork.importers.common import fail, listed, number
from footwork.space.floorplan import Door, DoorState, FloorPlan, Side, Wall, WallKind

_STATES = {0: DoorState.CLOSED, 1: DoorState.OPEN, 2: DoorState.LOCKED}
_SIDES: dict[int, Side] = {1: "left", 2: "right"}
#: sense values that let sight through: none and proximity (a window)
_SEE_THROUGH = (0, 30)
_MAX_PX = 10_000_000.0


def looks_like_foundry(doc: Any) -> bool:
    return isinstance(doc, dict) and "walls" in doc and "resolution" not in doc


def _code(raw: dict[str, Any], key: str, default: int, allowed: tuple[int, ...],
          file: str, where: str) -> int:
    value = raw.get(key, default)
    if value is None:
        return default
    if isinstance(value, bool) or value not in allowed:
        raise fail(file, f"{where}.{key}", f"{value!r} is not one of "
                                           f"{', '.join(map(str, allowed))}")
    return int(value)


def read_foundry(doc: Any, file: str) -> FloorPlan:
    if not looks_like_foundry(doc):
        raise fail(file, "", "expected a Foundry scene with walls, width, height and grid")
    raw_walls = listed(doc.get("walls"), file, "walls")
    limits.check("map_points", 2 * len(raw_walls), file)
    grid = doc.get("grid", 100)
    notes: list[str] = []
    if isinstance(grid, dict):
        size = number(grid.get("size", 100), file, "grid.size", positive=True, bound=_MAX_PX)
        kind = grid.get("type", 1)
        if kind not in (0, 1):
            raise fail(file, "grid.type", f"{kind!r} is a hex grid; expected a square "
                                          "grid (type 1) or gridless (0)")
        if kind == 0:
            notes.append("the scene is gridless: its grid.size is read as one square")
    else:
        size = number(grid, file, "grid", positive=True, bound=_MAX_PX)
    width = number(doc.get("width"), file, "width", positive=True, bound=_MAX_PX)
    height = number(doc.get("height"), file, "height", positive=True, bound=_MAX_PX)
    padding = number(doc.get("padding", 0.25), file, "padding", bound=1e9)
    if not 0 <= padding <= 0.5:
        raise fail(file, "padding", f"expected a fraction from 0 to 0.5, got {padding:g}")
    ox = math.ceil(padding * width / size) * size
    oy = math.ceil(padding * height / size) * size

    walls: list[Wall] = []
    doors: list[Door] = []
    for i, raw in enumerate(raw_walls):
        where = f"walls[{i}]"
        if not isinstance(raw, dict):
            raise fail(file, where, "expected a wall {c, move, sight, door, ds, dir}")
        c = listed(raw.get("c"), file, f"{where}.c")
        if len(c) != 4:
            raise fail(file, f"{where}.c", f"expected [x0, y0, x1, y1], got {len(c)} numbers")
        x0, y0, x1, y1 = (number(v, file, f"{where}.c[{j}]", bound=_MAX_PX)
                          for j, v in enumerate(c))
        a = ((x0 - ox) / size, (y0 - oy) / size)
        b = ((x1 - ox) / size, (y1 - oy) / size)
        door = _code(raw, "door", 0, (0, 1, 2), file, where)
        move = _code(raw, "move", 20, (0, 1, 20), file, where)
        sense = "sight" if "sight" in raw else "sense"  # v9 had one sense field
        sight = _code(raw, sense, 20, (0, 1, 2, 10, 20, 30, 40), file, where)
        side = _SIDES.get(_code(raw, "dir", 0, (0, 1, 2), file, where))
        if door:
            state = _STATES[_code(raw, "ds", 0, (0, 1, 2), file, where)]
            doors.append(Door(a, b, state, secret=door == 2))
        elif move:
            kind = WallKind.WINDOW if sight in _SEE_THROUGH else WallKind.WALL
            walls.append(Wall(a, b, kind, side))
        elif sight not in _SEE_THROUGH:
            walls.append(Wall(a, b, WallKind.SIGHT))
    background = doc.get("background")
    src = background.get("src") if isinstance(background, dict) else doc.get("img")
    if isinstance(background, dict):
        shift = [(background, "offsetX", "background.offsetX"),
                 (background, "offsetY", "background.offsetY")]
    else:
        shift = [(doc, "shiftX", "shiftX"), (doc, "shiftY", "shiftY")]
    sx, sy = (number(where.get(key) or 0, file, path, bound=_MAX_PX)
              for where, key, path in shift)
    if src:
        notes.append(f"the picture is a path in the scene ({str(src)[:80]}), not in the "
                     "file: give it with --picture")
    return FloorPlan(width=width / size, height=height / size, pixels_per_square=size,
                     walls=tuple(walls), doors=tuple(doors),
                     picture_at=(-sx / size, -sy / size), source="Foundry VTT scene",
                     notes=tuple(notes))
