"""A floor plan: the walls, doors and obstacles of a map drawn by another tool.

This is the neutral shape between the map files footwork imports
(:mod:`footwork.importers`: Universal VTT, Foundry scenes) and the maps each ruleset
builds from them (``footwork.rulesets.<id>.floorplan``). It knows no file format and no
ruleset: segments in *squares* of the map's own grid, measured from the grid's
top-left corner (x east, y south), what each segment stops, and the picture itself
(whose top-left corner is that corner unless the source shifted it: ``picture_at``).

Two helpers every ruleset's builder shares live here too: :func:`rasterize` (the plan
on a grid of cells, walls as wall cells) and :func:`rooms` (the faces the walls and
doors enclose, for zone maps; shapely's polygonize).
"""

from __future__ import annotations

import hashlib
import itertools
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Literal

import numpy as np
import numpy.typing as npt

#: a point in squares: x east, y south, from the map's top-left corner
Point = tuple[float, float]
#: which side of a segment a point is on, looking from its first point to its second
#: with y growing south (Foundry's orientation test: ``left`` is where
#: ``(a.y - p.y) * (b.x - p.x) - (a.x - p.x) * (b.y - p.y) < 0``)
Side = Literal["left", "right"]


class WallKind(StrEnum):
    """What a wall segment stops."""

    #: movement and sight
    WALL = "wall"
    #: movement, not sight (a window, bars, a portcullis)
    WINDOW = "window"
    #: sight, not movement (a curtain, an illusion)
    SIGHT = "sight"


class DoorState(StrEnum):
    CLOSED = "closed"
    OPEN = "open"
    LOCKED = "locked"


@dataclass(frozen=True, slots=True)
class Wall:
    """One straight segment of wall. ``passable_from`` makes it one-way: a mover on that
    side crosses it, one on the other side is stopped."""

    a: Point
    b: Point
    kind: WallKind = WallKind.WALL
    passable_from: Side | None = None


@dataclass(frozen=True, slots=True)
class Door:
    """A door in a wall, the segment it fills. A ``secret`` door looks like wall to the
    players until it is found."""

    a: Point
    b: Point
    state: DoorState = DoorState.CLOSED
    secret: bool = False


@dataclass(frozen=True, slots=True)
class Picture:
    """The map's picture, checked to be one: its bytes, kind and size in pixels."""

    data: bytes
    kind: Literal["png", "jpeg", "webp"]
    width_px: int
    height_px: int

    @property
    def sha256(self) -> str:
        return hashlib.sha256(self.data).hexdigest()

    @property
    def suffix(self) -> str:
        return {"png": ".png", "jpeg": ".jpg", "webp": ".webp"}[self.kind]


@dataclass(frozen=True, slots=True)
class FloorPlan:
    """A map from another tool, in squares of its grid (see the module's docstring).

    ``obstacles`` are the outlines of things that stand in the way (pillars, crates,
    boulders), as polylines; a closed one (its last point its first) is filled.
    ``notes`` say what the importer had to judge, for the game master to check.
    """

    width: float
    height: float
    pixels_per_square: float
    walls: tuple[Wall, ...] = ()
    doors: tuple[Door, ...] = ()
    obstacles: tuple[tuple[Point, ...], ...] = ()
    picture: Picture | None = None
    #: where the picture's top-left corner lies, in squares (a Foundry scene may shift
    #: its background off the grid: ``background.offsetX/Y``, v9 ``shiftX/Y``)
    picture_at: Point = (0.0, 0.0)
    source: str = ""
    notes: tuple[str, ...] = field(default=())


@dataclass(frozen=True, slots=True)
class Choices:
    """What the game master chose when importing (``footwork import`` options); None
    leaves the ruleset's named default (docs/import.md lists them)."""

    #: the side of one square of the picture, in the ruleset's unit
    square: float | None = None
    #: cells a square, on a grid
    per_square: int | None = None
    #: how high walls stand, in the ruleset's unit
    wall_height: float | None = None
    #: obstacles (pillars, crates) are walked through instead of blocking
    objects_passable: bool = False


@dataclass(frozen=True, slots=True)
class Section:
    """A ruleset's `map` section built from a plan, with the lines its comments list
    (what was judged and how to change it)."""

    map: dict[str, object]
    notes: tuple[str, ...]
    #: the side of one square of the picture in the map's unit (where the picture lies)
    square: float = 1.0
    raster: Raster | None = None
    #: whether the map lies on the picture (a graph map does not: no picture for it)
    pictured: bool = True


# -- on a grid -----------------------------------------------------------------------

#: how a rasterized cell is marked, from least to most binding (a later mark wins)
FLOOR, SIGHT, OBJECT, WALL, WINDOW, ONE_WAY, SECRET, LOCKED, DOOR = range(9)
CellMark = int


@dataclass(frozen=True, slots=True)
class Raster:
    """A plan on a grid: ``marks[row, col]`` is one of the marks above."""

    marks: npt.NDArray[np.int8]
    per_square: int

    @property
    def shape(self) -> tuple[int, int]:
        return (int(self.marks.shape[0]), int(self.marks.shape[1]))

    def cells(self, mark: CellMark) -> list[tuple[int, int]]:
        rows, cols = np.nonzero(self.marks == mark)
        return [(int(r), int(c)) for r, c in zip(rows, cols, strict=True)]


# a segment on a grid line is moved this far (in cells) south and east, so that it
# falls in the cells on that side rather than on the line between two cells
_NUDGE = 1e-3


def _clip(ax: float, ay: float, bx: float, by: float, shape: tuple[int, int]
          ) -> tuple[float, float, float, float] | None:
    """The part of a segment (in cells) over the grid and a cell around it (Liang and
    Barsky's clipping): a wall far off the picture costs nothing to trace."""
    t0, t1 = 0.0, 1.0
    dx, dy = bx - ax, by - ay
    rows, cols = shape
    for p, q in ((-dx, ax + 1), (dx, cols + 1 - ax), (-dy, ay + 1), (dy, rows + 1 - ay)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return None
    return ax + t0 * dx, ay + t0 * dy, ax + t1 * dx, ay + t1 * dy


def _trace(a: Point, b: Point, k: int, shape: tuple[int, int], *, trim: bool
           ) -> list[tuple[int, int]]:
    """The cells a segment (in squares) passes through at ``k`` cells a square, as a
    4-connected chain: where the line goes from one cell to a diagonal neighbour, the
    cell on the corner is taken too, so no diagonal step slips between two wall cells.
    With ``trim`` the ends are cut short by a hair (a door fills only the gap it spans)."""
    ax, ay, bx, by = a[0] * k, a[1] * k, b[0] * k, b[1] * k
    clipped = _clip(ax, ay, bx, by, shape)
    if clipped is None:
        return []
    ax, ay, bx, by = clipped
    length = math.hypot(bx - ax, by - ay)
    if trim and length > 4 * _NUDGE:
        ux, uy = (bx - ax) / length, (by - ay) / length
        ax, ay = ax + ux * 2 * _NUDGE, ay + uy * 2 * _NUDGE
        bx, by = bx - ux * 2 * _NUDGE, by - uy * 2 * _NUDGE
        length -= 4 * _NUDGE
    n = max(2, math.ceil(length * 8) + 1)
    t = np.linspace(0.0, 1.0, n)
    cols = np.floor(ax + (bx - ax) * t + _NUDGE).astype(np.int64)
    rows = np.floor(ay + (by - ay) * t + _NUDGE).astype(np.int64)
    out: list[tuple[int, int]] = []
    last: tuple[int, int] | None = None
    for r, c in zip(rows.tolist(), cols.tolist(), strict=True):
        here = (r, c)
        if here == last:
            continue
        if last is not None and here[0] != last[0] and here[1] != last[1]:
            out.append((last[0], here[1]))  # the corner cell between two diagonal ones
        out.append(here)
        last = here
    rows_n, cols_n = shape
    return [(r, c) for r, c in out if 0 <= r < rows_n and 0 <= c < cols_n]


def grid_shape(plan: FloorPlan, per_square: int) -> tuple[int, int]:
    """Rows and columns of a grid of ``per_square`` cells a square over the picture."""
    return (max(1, math.ceil(plan.height * per_square - 1e-6)),
            max(1, math.ceil(plan.width * per_square - 1e-6)))


def _fill(mask: npt.NDArray[np.int8], ring: Sequence[Point], k: int, mark: CellMark) -> bool:
    """Mark the cells whose centres lie inside a closed outline; False if there is none."""
    from shapely import contains_xy
    from shapely.geometry import Polygon

    poly = Polygon([(x * k, y * k) for x, y in ring])
    if not poly.is_valid or poly.area <= 0:
        return False
    x0, y0, x1, y1 = poly.bounds
    r0, r1 = max(0, int(y0)), min(mask.shape[0], math.ceil(y1))
    c0, c1 = max(0, int(x0)), min(mask.shape[1], math.ceil(x1))
    if r0 >= r1 or c0 >= c1:
        return False
    rr, cc = np.mgrid[r0:r1, c0:c1]
    inside = contains_xy(poly, cc + 0.5, rr + 0.5)
    block = mask[r0:r1, c0:c1]
    block[inside] = np.maximum(block[inside], mark)
    return bool(inside.any())


def rasterize(plan: FloorPlan, per_square: int) -> Raster:
    """The plan on a grid of ``per_square`` cells a square, aligned with the picture's
    grid (cell (0, 0) at its top-left corner).

    A wall becomes the chain of cells it passes through; one on a grid line takes the
    cells south or east of it (grid rulesets have no walls between cells: a wall takes
    a row of cells, so more cells a square lose less floor). Doors are marked over the
    walls that meet them. Obstacles take the cells their outline passes through and,
    when closed, the cells inside it.
    """
    shape = grid_shape(plan, per_square)
    marks = np.zeros(shape, dtype=np.int8)

    def mark(cells: Iterable[tuple[int, int]], value: CellMark) -> None:
        for r, c in cells:
            if marks[r, c] < value:
                marks[r, c] = value

    for ring in plan.obstacles:
        # a closed outline takes the cells whose centres it holds (a one-square pillar
        # stays one square); an open one, or one too thin to hold a centre, its trace
        if not (len(ring) >= 4 and ring[0] == ring[-1]
                and _fill(marks, ring, per_square, OBJECT)):
            for a, b in itertools.pairwise(ring):
                mark(_trace(a, b, per_square, shape, trim=False), OBJECT)
    kinds = {WallKind.SIGHT: SIGHT, WallKind.WALL: WALL, WallKind.WINDOW: WINDOW}
    for wall in plan.walls:
        value = ONE_WAY if wall.passable_from and wall.kind is not WallKind.SIGHT else (
            kinds[wall.kind])
        mark(_trace(wall.a, wall.b, per_square, shape, trim=False), value)
    for door in plan.doors:
        cells = _trace(door.a, door.b, per_square, shape, trim=True)
        value = SECRET if door.secret else LOCKED if door.state is DoorState.LOCKED else DOOR
        for r, c in cells:
            marks[r, c] = value  # a door cuts through the wall it stands in
    return Raster(marks, per_square)


# -- rooms -------------------------------------------------------------------------


def rooms(plan: FloorPlan, *, min_area: float = 0.5) -> list[tuple[object, list[int]]]:
    """The faces the walls and doors enclose (shapely polygons, in squares), each with
    the indexes of the doors on its border. Sight-only walls do not part rooms; obstacles
    never make one (a pillar is no room). A face inside another (an island of rock in a
    cave) is cut out of the outer one; faces smaller than ``min_area`` squares are left out.
    """
    from shapely import STRtree, polygonize, unary_union
    from shapely.geometry import LineString

    lines = [LineString([w.a, w.b]) for w in plan.walls if w.kind is not WallKind.SIGHT
             and w.a != w.b]
    lines += [LineString([d.a, d.b]) for d in plan.doors if d.a != d.b]
    if not lines:
        return []
    noded = unary_union(lines)  # splits every segment where another meets it
    faces = [g for g in polygonize([noded]).geoms if g.area >= min_area]
    # the doors on each face's border: their middles, found through a tree of them
    middles = [LineString([d.a, d.b]).interpolate(0.5, normalized=True) for d in plan.doors]
    tree = STRtree(middles) if middles else None
    out: list[tuple[object, list[int]]] = []
    for face in faces:
        border = face.boundary
        near = [] if tree is None else sorted(int(i) for i in tree.query(face.buffer(1e-6)))
        out.append((face, [i for i in near if border.distance(middles[i]) < 1e-6]))
    return out
