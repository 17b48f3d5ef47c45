"""A floor plan as a grid map section (the authoring form of :mod:`footwork.space.grid`).

The grid rulesets' ``floorplan`` modules call :func:`grid_section` with their unit
and their sizes; this module knows no ruleset. A core grid has no walls *between*
cells, so a wall is a row of wall cells (:func:`~footwork.space.floorplan.rasterize`):
several cells a square lose little floor to it, and every wall is a 4-connected chain,
so a diagonal step past its corner is the grid rulesets' own corner case (a diagonal
may not cut the corner of a wall cell).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

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
    FloorPlan,
    Section,
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


def _cells_text(cells: list[tuple[int, int]], limit: int = 8) -> str:
    shown = " ".join(f"{r},{c}" for r, c in cells[:limit])
    return shown + (f" (+{len(cells) - limit} more)" if len(cells) > limit else "")


def grid_section(plan: FloorPlan, sizes: GridSizes, unit: str) -> Section:
    """The plan as a ``rows``/``legend`` grid section, and the notes for its comments."""
    k = sizes.per_square
    rows_n, cols_n = grid_shape(plan, k)
    limits.check("cells", rows_n * cols_n, "map")
    raster = rasterize(plan, k)
    wall = {"surface": "wall", "elevation": sizes.wall_height}
    legend: dict[str, dict[str, Any]] = {
        ".": {"surface": "floor"},
        "#": wall,
        "+": {"surface": "floor", "tags": ["door"]},
        "L": {**wall, "tags": ["locked_door"]},
        "W": {**wall, "tags": ["window"]},
        ":": {"surface": "floor", "tags": ["sight_wall"]},
        ">": {**wall, "tags": ["one_way"]},
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
    notes = [
        f"one square of the picture is {sizes.square:g} {unit}, {k} cells a side "
        f"(--cell, --per-square): cells of {sizes.square / k:g} {unit}",
        f"walls stand {sizes.wall_height:g} {unit} high (--wall-height) and take a row of "
        "cells",
    ]
    if plan.obstacles:
        notes.append("obstacles (pillars, crates) are " + (
            "walked through (--objects passable)" if sizes.objects_passable else
            f"{sizes.object_height:g} {unit} high and block (--objects passable to walk "
            "through them)"))
    if raster.cells(DOOR):
        notes.append("doors ('+', tag door) are open floor: the grid has no door to close")
    if raster.cells(LOCKED):
        notes.append("locked doors ('L', tag locked_door) are walls until unlocked: make "
                     "them floor by an override")
    secret = raster.cells(SECRET)
    if secret:
        notes.append("secret doors are plain wall to everyone (the grid hides nothing); to "
                     f"open one, override its cells to floor: {_cells_text(secret)}")
    if raster.cells(WINDOW):
        notes.append("windows ('W', tag window) block movement; the ruleset has no "
                     "sight on the grid to let through")
    if raster.cells(ONE_WAY):
        notes.append("one-way walls ('>', tag one_way) block both ways: cells cannot be "
                     "crossed one way only")
    if raster.cells(SIGHT):
        notes.append("walls that stop only sight (':', tag sight_wall) are floor")
    return Section(section, tuple(notes), sizes.square, raster)
