"""A floor plan as a grid map section (the authoring form of :mod:`footwork.space.grid`).

The grid rulesets' ``floorplan`` modules call :func:`grid_section` with their unit
and their sizes; this module knows no ruleset. Walls take no floor away: each wall,
window, door and one-way wall becomes the *edges* between the cells it separates
(:func:`plan_edges`; :mod:`footwork.space.gridedges`), so one cell a square is enough.
Obstacles (pillars, crates) still take the cells they cover
(:func:`~footwork.space.floorplan.rasterize`).
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from footwork import limits
from footwork.space.floorplan import (
    DOOR,
    FLOOR,
    LOCKED,
    OBJECT,
    ONE_WAY,
    SECRET,
    SIGHT,
    WALL,
    WINDOW,
    Choices,
    DoorState,
    FloorPlan,
    Point,
    Section,
    WallKind,
    grid_shape,
    rasterize,
)

#: the symbol each mark is written with in the section's rows
SYMBOLS = {FLOOR: ".", WALL: "#", SECRET: "#", DOOR: "+", LOCKED: "L", WINDOW: "W",
           OBJECT: "o", SIGHT: ":", ONE_WAY: ">"}


@dataclass(frozen=True, slots=True)
class GridSizes:
    """What a game master must judge, in the map's unit (see docs/import.md)."""

    #: the side of one square of the picture's grid
    square: float
    #: cells a square
    per_square: int
    #: how high a wall (and a window, a locked or secret door) stands
    wall_height: float
    #: how high an obstacle (a pillar, a crate) stands
    object_height: float
    #: obstacles are walked through instead of blocking
    objects_passable: bool = False

    @classmethod
    def chosen(cls, choices: Choices, default: GridSizes) -> GridSizes:
        """The ruleset's defaults with what the game master chose laid over them."""
        return cls(choices.square or default.square, choices.per_square or default.per_square,
                   choices.wall_height or default.wall_height, default.object_height,
                   choices.objects_passable)


FloatArray = npt.NDArray[np.float64]
#: a door's ends are cut short by this much (in cells), so that where a wall meets a door
#: the side between the two stays the wall's
_TRIM = 2e-3
#: every segment is moved by this much (in cells; see plan_edges)
_SHIFT = (1e-3, 2e-3)


def _orient(px: FloatArray | float, py: FloatArray | float, qx: FloatArray | float,
            qy: FloatArray | float, rx: FloatArray | float, ry: FloatArray | float
            ) -> FloatArray:
    return np.asarray((qx - px) * (ry - py) - (qy - py) * (rx - px), dtype=np.float64)


def _crossed(a: Point, b: Point, shape: tuple[int, int]
             ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The sides a segment (in cells) separates: the ``east`` and ``south`` edges whose
    two cell centres it lies between (the segment joining the centres meets it; a
    segment along that line separates nothing)."""
    if a[0] == b[0] or a[1] == b[1]:  # along a grid line (most walls): no arrays needed
        return _crossed_straight(a, b, shape)
    return _crossed_any(a, b, shape)


def _crossed_any(a: Point, b: Point, shape: tuple[int, int]
                 ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """:func:`_crossed` of any segment, over the cells around it at once (NumPy)."""
    rows, cols = shape
    (ax, ay), (bx, by) = a, b
    r0, r1 = max(0, math.floor(min(ay, by)) - 1), min(rows, math.ceil(max(ay, by)) + 1)
    c0, c1 = max(0, math.floor(min(ax, bx)) - 1), min(cols, math.ceil(max(ax, bx)) + 1)
    out: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
    if r0 >= r1 or c0 >= c1:
        return out
    rr, cc = np.mgrid[r0:r1, c0:c1]
    px, py = cc + 0.5, rr + 0.5
    for i, (dr, dc) in enumerate(((0, 1), (1, 0))):
        qx, qy = px + dc, py + dr
        o1 = _orient(ax, ay, bx, by, px, py)
        o2 = _orient(ax, ay, bx, by, qx, qy)
        o3 = _orient(px, py, qx, qy, ax, ay)
        o4 = _orient(px, py, qx, qy, bx, by)
        hit = (o1 * o2 <= 0) & (o3 * o4 <= 0) & ~((o1 == 0) & (o2 == 0))
        hit &= (rr + dr < rows) & (cc + dc < cols)
        found = np.argwhere(hit) + np.array([r0, c0])
        out[i].extend((int(r), int(c)) for r, c in found.tolist())
    return out


def _crossed_straight(a: Point, b: Point, shape: tuple[int, int]
                      ) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """:func:`_crossed` of a segment parallel to the rows or the columns: it separates
    the pairs of centres on either side of its line (ends included) along its length;
    the sides parallel to it it never crosses."""
    rows, cols = shape
    (ax, ay), (bx, by) = a, b
    vertical = ax == bx
    across, lo, hi = (ax, min(ay, by), max(ay, by)) if vertical else (ay, min(ax, bx),
                                                                        max(ax, bx))
    out: tuple[list[tuple[int, int]], list[tuple[int, int]]] = ([], [])
    if lo == hi:
        return out
    first = math.ceil(across - 1.5)  # the first cell whose centre and the next's hold it
    limit_a, limit_b = (rows, cols) if vertical else (cols, rows)
    for k in range(max(0, first), min(limit_b - 2, math.floor(across - 0.5)) + 1):
        for i in range(max(0, math.ceil(lo - 0.5)), min(limit_a - 1, math.floor(hi - 0.5)) + 1):
            if vertical:
                out[0].append((i, k))
            else:
                out[1].append((k, i))
    return out


def _left(a: Point, b: Point, p: Point) -> bool:
    """The floor plan's side test (:data:`~footwork.space.floorplan.Side`)."""
    return (a[1] - p[1]) * (b[0] - p[0]) - (a[0] - p[0]) * (b[1] - p[1]) < 0


def plan_edges(plan: FloorPlan, k: int, shape: tuple[int, int]) -> list[dict[str, Any]]:
    """The plan's walls and doors as ``map.edges`` entries at ``k`` cells a square: a
    wall between every two neighbouring cells it separates; windows as `window`, one-way
    walls as `one_way` from the side they are crossed from, doors as `door`, secret doors
    as `secret_door`, locked doors as `wall`. Sight-only walls make none (the grid has
    no sight to stop). A door wins over the wall it stands in."""
    east: dict[tuple[int, int], dict[str, Any]] = {}
    south: dict[tuple[int, int], dict[str, Any]] = {}

    def put(a: Point, b: Point, kind: str, left_passes: bool | None) -> None:
        # in cells, moved a hair off the cell centres (not along any axis or diagonal),
        # so that a wall through a centre leaves the cell on one side of it
        ca = (a[0] * k + _SHIFT[0], a[1] * k + _SHIFT[1])
        cb = (b[0] * k + _SHIFT[0], b[1] * k + _SHIFT[1])
        crossed = _crossed(ca, cb, shape)
        for side, (dr, dc), table in ((0, (0, 1), east), (1, (1, 0), south)):
            for r, c in crossed[side]:
                entry: dict[str, Any] = {"between": [[r, c], [r + dr, c + dc]], "kind": kind}
                if left_passes is not None:
                    # the one cell of the two on the side it is crossed from
                    first_left = _left(ca, cb, (c + 0.5, r + 0.5))
                    entry["from"] = [r, c] if first_left == left_passes else [r + dr, c + dc]
                table[(r, c)] = entry

    for wall in plan.walls:
        if wall.kind is WallKind.SIGHT:
            continue
        kind = "window" if wall.kind is WallKind.WINDOW else "wall"
        if wall.passable_from is not None:
            put(wall.a, wall.b, "one_way", wall.passable_from == "left")
        else:
            put(wall.a, wall.b, kind, None)
    for door in plan.doors:
        length = math.dist(door.a, door.b)
        if length <= 2 * _TRIM / k:
            continue
        t = _TRIM / k / length
        a = (door.a[0] + (door.b[0] - door.a[0]) * t, door.a[1] + (door.b[1] - door.a[1]) * t)
        b = (door.b[0] - (door.b[0] - door.a[0]) * t, door.b[1] - (door.b[1] - door.a[1]) * t)
        kind = ("secret_door" if door.secret else "wall" if door.state is DoorState.LOCKED
                else "door")
        put(a, b, kind, None)
    return [east[key] for key in sorted(east)] + [south[key] for key in sorted(south)]


def grid_section(plan: FloorPlan, sizes: GridSizes, unit: str) -> Section:
    """The plan as a ``rows``/``legend``/``edges`` grid section, and the notes for its
    comments. Walls, windows and doors are edges between cells; obstacles take cells."""
    k = sizes.per_square
    rows_n, cols_n = grid_shape(plan, k)
    limits.check("cells", rows_n * cols_n, "map")
    # only the obstacles take cells: every wall and door is an edge
    raster = rasterize(dataclasses.replace(plan, walls=(), doors=()), k)
    edges = plan_edges(plan, k, (rows_n, cols_n))
    limits.check("cells", len(edges), "map.edges")
    legend: dict[str, dict[str, Any]] = {
        ".": {"surface": "floor"},
        "o": ({"surface": "floor", "tags": ["object"]} if sizes.objects_passable else
              {"surface": "wall", "elevation": sizes.object_height, "tags": ["object"]}),
    }
    text = ["".join(SYMBOLS[int(v)] for v in row) for row in raster.marks.tolist()]
    used = set("".join(text))
    section: dict[str, Any] = {
        "cell_size": round(sizes.square / k, 6), "unit": unit,
        "rows": "\n".join(text) + "\n",
        "legend": {s: spec for s, spec in legend.items() if s in used},
    }
    if edges:
        section["edges"] = edges
    kinds = {e["kind"] for e in edges}
    notes = [
        f"one square of the picture is {sizes.square:g} {unit}, {k} cell"
        f"{'s' if k > 1 else ''} a side (--cell, --per-square): cells of "
        f"{sizes.square / k:g} {unit}",
        "walls are edges between cells (map.edges): they take no floor, and no step "
        "crosses them or slips past their corners",
    ]
    if plan.obstacles:
        notes.append("obstacles (pillars, crates) are " + (
            "walked through (--objects passable)" if sizes.objects_passable else
            f"{sizes.object_height:g} {unit} high and block (--objects passable to walk "
            "through them)"))
    if "door" in kinds:
        notes.append("doors (kind door) are openings: the grid has no door to close")
    if any(d.state is DoorState.LOCKED and not d.secret for d in plan.doors):
        notes.append("locked doors are walls (kind wall) until unlocked: make them "
                     "kind door")
    secret = [e["between"] for e in edges if e["kind"] == "secret_door"]
    if secret:
        shown = " ".join(f"{a[0]},{a[1]}|{b[0]},{b[1]}" for a, b in secret[:4])
        notes.append("secret doors (kind secret_door) are walls to everyone and drawn as "
                     f"walls to players until the GM's reveal command opens one: {shown}"
                     + (f" (+{len(secret) - 4} more)" if len(secret) > 4 else ""))
    if "window" in kinds:
        notes.append("windows (kind window) block movement; the ruleset has no sight on "
                     "the grid for them to let through")
    if "one_way" in kinds:
        notes.append("one-way walls (kind one_way) are crossed only from their `from` cell")
    if any(w.kind is WallKind.SIGHT for w in plan.walls):
        notes.append("walls that stop only sight are left out: the grid has no sight")
    return Section(section, tuple(notes), sizes.square, raster)
