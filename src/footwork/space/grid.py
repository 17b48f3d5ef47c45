"""Grid maps: square cells with NumPy layers, for the rulesets that play in units or metres.

A grid map is 2.5D. Each cell has one *surface* kind and a few numbers, held in
read-only NumPy arrays of shape ``(rows, cols)``:

- ``surface`` (:class:`Surface`): ``FLOOR`` is solid ground to stand on; ``WALL`` is a
  wall, cliff or pillar that rises to ``elevation``: it is climbed, not walked into
  or stood on; ``WATER`` has its surface at ``elevation`` and its bed ``water_depth``
  lower; ``VOID`` is a bottomless drop with nothing to stand on (a pit with a bottom
  is a low floor);
- ``elevation``: the height of the cell's top (floor, wall top, water surface), in
  units above the map's datum; NaN on a void;
- ``water_depth``: 0 where dry, above 0 exactly on water;
- ``ceiling_height``: the height of the underside of a ceiling over the cell, NaN
  where the cell is open to the sky;
- ``current`` (shape ``(rows, cols, 2)``, int8): the direction ``(drow, dcol)`` a
  current pushes towards, ``(0, 0)`` where there is none, and ``current_speed`` in
  units (what that speed means per turn or round is the ruleset's business);
- ``climbable``: the cell's solid sides (where its top stands above a neighbour)
  and the underside of its ceiling give holds; ``False`` marks them smooth;
- ``tags``: named boolean layers a ruleset reads (``obscuring``, ``mine``...).

Heights are absolute (the same datum everywhere), so a position is a cell and a
height: :class:`Position`. Row 0 is the north edge of the map and column 0 the
west edge. The core knows no ruleset: it says what is where, and a ruleset says
what a character may do there.

Maps are authored as ASCII rows with a legend and per-cell overrides
(:func:`parse_ascii`, :class:`GridSpec`); ``docs/grid-maps.md`` shows the format.

>>> grid = parse_ascii(["..#", ".~~"], {
...     ".": CellSpec(), "#": CellSpec(surface="wall", elevation=3),
...     "~": CellSpec(surface="water", water_depth=2)})
>>> grid.shape, grid.surface_at(0, 2).name, grid.walkable_mask().sum()
((2, 3), 'WALL', np.int64(3))
>>> path_length(Diagonal.ALTERNATE, [(0, 0), (1, 1), (2, 2), (3, 3)])
4.0
"""

from __future__ import annotations

import heapq
import math
import textwrap
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import Enum, IntEnum, StrEnum
from types import MappingProxyType
from typing import Annotated, Any, Literal

import numpy as np
import numpy.typing as npt
from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    ValidationError,
    WithJsonSchema,
    field_validator,
    model_validator,
)

from footwork import limits
from footwork.fields import MAX_COORDINATE, Coordinate, Distance, Name
from footwork.space.gridedges import EdgeError, EdgeSpec, GridEdges, blocked_steps
from footwork.space.picture import PictureRef

__all__ = [
    "DEFAULT_LEGEND",
    "OFFSETS",
    "SQRT2",
    "BoolArray",
    "Cell",
    "CellOverride",
    "CellSpec",
    "Diagonal",
    "Direction",
    "FloatArray",
    "GridError",
    "GridMap",
    "GridSpec",
    "Position",
    "StepCost",
    "Surface",
    "bounded_costs",
    "grid_distance",
    "parse_ascii",
    "path_length",
    "step_length",
]

Cell = tuple[int, int]
BoolArray = npt.NDArray[np.bool_]
FloatArray = npt.NDArray[np.float64]
#: the cost of one step between neighbouring cells, or None where it cannot be taken
StepCost = Callable[["GridMap", Cell, Cell], "float | None"]

SQRT2 = math.sqrt(2.0)
#: tolerance on sums of costs compared with a budget
EPS = 1e-9

# -- ranges (the rulesets' READMEs and docs/grid-maps.md document them) ----------------------

#: the side of a cell, in the map's unit: from half a unit (the finest grain the grid
#: rulesets measure, A001-10) to 100 units
MIN_CELL_SIZE, MAX_CELL_SIZE = 0.5, 100.0
#: heights (elevations, ceilings) are ``Coordinate``s and depths and current speeds
#: ``Distance``s: within +/- this many units of the datum
MAX_HEIGHT = MAX_COORDINATE
#: a row or column index (of an override or a command): far beyond any map the cells
#: limit lets through, small enough to print
MAX_INDEX = 10_000_000
#: entries of a legend, distinct tag names on one map (each is a layer of the whole map),
#: and tags on one cell
MAX_LEGEND, MAX_MAP_TAGS, MAX_CELL_TAGS = 256, 64, 16


class GridError(ValueError):
    """A grid that cannot be built. ``str()`` is one line naming the cell or entry;
    ``path`` locates the fault inside a :class:`GridSpec` (``("rows", 3)``,
    ``("overrides", 1)``, ``("legend", "~")``; empty when there is no spec)."""

    def __init__(self, message: str, path: tuple[str | int, ...] = ()) -> None:
        super().__init__(message)
        self.message = message
        self.path = path

    @property
    def location(self) -> str:
        """``path`` written the way encounter-file errors write it: ``rows[3]``."""
        out = ""
        for part in self.path:
            out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else part)
        return out


# -- kinds, directions and diagonal rules ---------------------------------------------------


class Surface(IntEnum):
    """What a cell's top is. Stored as ``uint8`` in :attr:`GridMap.surface`."""

    FLOOR = 0
    WALL = 1
    WATER = 2
    VOID = 3

    @property
    def char(self) -> str:
        """The cell's character in :meth:`GridMap.to_json` (``. # ~ _``)."""
        return _SURFACE_CHARS[self]

    @property
    def spec_name(self) -> str:
        """The name used in a :class:`CellSpec` (``floor``, ``wall``, ``water``, ``void``)."""
        return self.name.lower()


_SURFACE_CHARS = ".#~_"
_SURFACE_BY_CHAR = {c: Surface(i) for i, c in enumerate(_SURFACE_CHARS)}
_SURFACE_BY_NAME = {s.spec_name: s for s in Surface}


class Direction(Enum):
    """A compass direction; north is row 0's side of the map. The value is ``(drow, dcol)``."""

    N = (-1, 0)
    NE = (-1, 1)
    E = (0, 1)
    SE = (1, 1)
    S = (1, 0)
    SW = (1, -1)
    W = (0, -1)
    NW = (-1, -1)

    @property
    def offset(self) -> Cell:
        dr, dc = self.value
        return int(dr), int(dc)

    @classmethod
    def from_offset(cls, dr: int, dc: int) -> Direction:
        for d in cls:
            if d.value == (dr, dc):
                return d
        raise ValueError(f"({dr}, {dc}) is not a step to a neighbouring cell")


#: the 8 neighbour offsets, in :class:`Direction` order (N, NE, E, SE, S, SW, W, NW)
OFFSETS: tuple[Cell, ...] = tuple(d.offset for d in Direction)

DirectionName = Literal["N", "NE", "E", "SE", "S", "SW", "W", "NW"]
SurfaceName = Literal["floor", "wall", "water", "void"]


class Diagonal(StrEnum):
    """How much a diagonal step costs, in cells (an orthogonal step always costs 1).

    - ``ONE``: every step costs 1 (distance is the larger of the row and column gaps);
    - ``ALTERNATE``: diagonals cost 1, 2, 1, 2... in turn along a path (the 5-10-5 rule);
    - ``EUCLIDEAN``: a diagonal costs √2 (the octile distance).
    """

    ONE = "one"
    ALTERNATE = "alternate"
    EUCLIDEAN = "euclidean"


def cell_names(rows: npt.NDArray[np.int64], cols: npt.NDArray[np.int64]) -> list[str]:
    """The ``"row,col"`` of each listed cell (how options and commands name a cell): only
    the cells a result names, never a table of the whole map (a first ``options()`` on a
    512² map would spend tens of milliseconds naming cells it never lists)."""
    return [f"{r},{c}" for r, c in zip(rows.tolist(), cols.tolist(), strict=True)]


def step_length(rule: Diagonal, dr: int, dc: int, diagonals_before: int = 0) -> float:
    """The length in cells of one step ``(dr, dc)`` to a neighbouring cell under ``rule``.

    ``diagonals_before`` is how many diagonal steps the path has taken already (only
    ``ALTERNATE`` reads it: an even count makes the next diagonal cost 1, an odd one 2).
    """
    if not (abs(dr) <= 1 and abs(dc) <= 1) or (dr == 0 and dc == 0):
        raise ValueError(f"({dr}, {dc}) is not a step to a neighbouring cell")
    if dr == 0 or dc == 0:
        return 1.0
    if rule is Diagonal.ONE:
        return 1.0
    if rule is Diagonal.EUCLIDEAN:
        return SQRT2
    return 1.0 if diagonals_before % 2 == 0 else 2.0


def path_length(rule: Diagonal, cells: Sequence[Cell], diagonals_before: int = 0) -> float:
    """The length in cells of a path given as the cells it visits, the start first.

    Consecutive cells must be neighbours. Multiply by the grid's ``cell_size`` for units.
    """
    total = 0.0
    diagonals = diagonals_before
    for i in range(1, len(cells)):
        (r0, c0), (r1, c1) = cells[i - 1], cells[i]
        dr, dc = r1 - r0, c1 - c0
        try:
            total += step_length(rule, dr, dc, diagonals)
        except ValueError:
            raise ValueError(f"path step {i}: ({r0}, {c0}) → ({r1}, {c1}) is not a step to "
                             "a neighbouring cell") from None
        if dr != 0 and dc != 0:
            diagonals += 1
    return total


def grid_distance(rule: Diagonal, a: Cell, b: Cell, diagonals_before: int = 0) -> float:
    """The length in cells of the shortest 8-way path from ``a`` to ``b`` on an open grid."""
    dr, dc = abs(b[0] - a[0]), abs(b[1] - a[1])
    diag, straight = min(dr, dc), max(dr, dc) - min(dr, dc)
    if rule is Diagonal.ONE:
        return float(diag + straight)
    if rule is Diagonal.EUCLIDEAN:
        return straight + diag * SQRT2
    return float(straight + diag + (diag + diagonals_before % 2) // 2)


# -- cell specs (the authoring side) ------------------------------------------------------


class _Spec(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")


class CellSpec(_Spec):
    """One cell as a GM writes it in a legend. Heights are absolute, in the map's unit."""

    surface: SurfaceName = Field(
        default="floor",
        description="What the cell's top is: `floor` (default), `wall`, `water` or `void` "
                    "(nothing to stand on).")
    #: the top of the cell: floor, wall top or water surface (ignored on a void)
    elevation: Coordinate = Field(
        default=0.0,
        description="The absolute height of the cell's top (floor, wall top or water surface) "
                    "in the map's unit; default 0, ignored on a void.")
    #: how deep the water is; above 0 on water, 0 elsewhere
    water_depth: Distance = Field(
        default=0.0,
        description="How deep the water is in the map's unit, its bed at `elevation` minus "
                    "this; above 0 on water and 0 elsewhere, the default.")
    #: where a current pushes ("N", "SE"...)
    current: DirectionName | None = Field(
        default=None,
        description="The compass direction (`N`, `SE`...) a current pushes toward; default "
                    "null, no current.")
    #: the current's speed in units; default one cell when there is a current
    current_speed: Distance | None = Field(
        default=None,
        description="How far the current carries, in the map's unit per turn or round as the "
                    "ruleset says; default null, one cell when there is a current.")
    #: the height of the underside of a ceiling over the cell; none when left out
    ceiling_height: Coordinate | None = Field(
        default=None,
        description="The absolute height of the underside of a ceiling over the cell in the "
                    "map's unit; default null, open above.")
    #: whether its sides and ceiling give holds; default: yes on floors and walls and
    #: under a ceiling
    climbable: bool | None = Field(
        default=None,
        description="Whether the cell's sides and ceiling give holds to climb; default null, "
                    "yes on floors and walls and under a ceiling.")
    tags: tuple[Name, ...] = Field(
        description="Names a ruleset reads off the cell, such as `obscured`, `mine` or "
                    "`difficult`; default none.",
        default=(), max_length=MAX_CELL_TAGS)

    @model_validator(mode="after")
    def _consistent(self) -> CellSpec:
        if self.surface == "water" and self.water_depth <= 0:
            raise ValueError("water needs a water_depth above 0")
        if self.surface != "water" and self.water_depth > 0:
            raise ValueError(f"only water has a water_depth (this cell is {self.surface})")
        if self.current is None and self.current_speed:
            raise ValueError("a current_speed needs a current direction")
        if (self.ceiling_height is not None and self.surface != "void"
                and self.ceiling_height < self.elevation):
            raise ValueError(f"the ceiling_height ({self.ceiling_height:g}) is below the "
                             f"elevation ({self.elevation:g})")
        return self


class CellOverride(_Spec):
    """Changes to one cell of the ASCII map: the fields it names replace the legend's."""

    row: Annotated[int, Field(ge=0, le=MAX_INDEX)] = Field(
        description="The row of the cell to change, counted from 0 at the north edge.")
    col: Annotated[int, Field(ge=0, le=MAX_INDEX)] = Field(
        description="The column of the cell to change, counted from 0 at the west edge.")
    surface: SurfaceName | None = Field(
        default=None,
        description="When given, replaces the legend's surface for this cell (an explicit null "
                    "removes it); default null, the legend's value.")
    elevation: Coordinate | None = Field(
        default=None,
        description="When given, replaces the legend's elevation for this cell (an explicit "
                    "null removes it); default null, the legend's value.")
    water_depth: Distance | None = Field(
        default=None,
        description="When given, replaces the legend's water_depth for this cell (an explicit "
                    "null removes it); default null, the legend's value.")
    current: DirectionName | None = Field(
        default=None,
        description="When given, replaces the legend's current for this cell (an explicit null "
                    "removes it); default null, the legend's value.")
    current_speed: Distance | None = Field(
        default=None,
        description="When given, replaces the legend's current_speed for this cell (an "
                    "explicit null removes it); default null, the legend's value.")
    ceiling_height: Coordinate | None = Field(
        default=None,
        description="When given, replaces the legend's ceiling_height for this cell (an "
                    "explicit null removes it); default null, the legend's value.")
    climbable: bool | None = Field(
        default=None,
        description="When given, replaces the legend's climbable for this cell (an explicit "
                    "null removes it); default null, the legend's value.")
    tags: tuple[Name, ...] | None = Field(
        description="When given, replaces the legend's tags for this cell (an explicit null "
                    "removes it); default null, the legend's value.",
        default=None, max_length=MAX_CELL_TAGS)

    def changes(self) -> dict[str, Any]:
        """The fields this override sets (an explicit null removes a ceiling or current)."""
        return {name: getattr(self, name) for name in self.model_fields_set
                if name not in ("row", "col")}


#: the legend a :class:`GridSpec` uses when it gives none
DEFAULT_LEGEND: Mapping[str, CellSpec] = MappingProxyType({
    ".": CellSpec(),
    "#": CellSpec(surface="wall", elevation=3.0),
    "~": CellSpec(surface="water", water_depth=2.0),
    "_": CellSpec(surface="void"),
})


def _split_rows(value: Any) -> Any:
    if isinstance(value, str):
        return _text_rows(value)
    return value


def _text_rows(text: str) -> list[str]:
    lines = textwrap.dedent(text).split("\n")
    while lines and not lines[0].strip():
        lines.pop(0)
    while lines and not lines[-1].strip():
        lines.pop()
    return lines


Rows = Annotated[
    list[str],
    BeforeValidator(_split_rows),
    WithJsonSchema({"anyOf": [
        {"type": "array", "items": {"type": "string"}},
        {"type": "string", "description": "the rows as one block of text, one line a row"},
    ]}),
]


class GridSpec(_Spec):
    """A grid map as an encounter file writes it: ASCII rows, a legend, overrides.

    ``rows`` is a list of strings or one block of text (a YAML ``|`` block), one
    character a cell. Left out, ``legend`` is :data:`DEFAULT_LEGEND`. Rulesets embed
    this model in their map specs and call :meth:`build` when the encounter is set up,
    turning a :class:`GridError` into a ``ScenarioError`` at ``path``.
    """

    cell_size: float = Field(
        description="The side of one cell in the map's unit; default 1.",
        default=1.0, ge=MIN_CELL_SIZE, le=MAX_CELL_SIZE,
                             allow_inf_nan=False)
    unit: Name = Field(
        default="u",
        description="The unit lengths and heights are given in: `u` for styles, `m` for "
                    "allowances; default u.")
    rows: Rows = Field(
        description="The map as ASCII rows, one character a cell, as a list of strings or one "
                    "block of text; row 0 is the north edge.",
        min_length=1)
    legend: dict[str, CellSpec] = Field(
        description="What each one-character symbol of the rows stands for; default `.` floor, "
                    "`#` wall 3 high, `~` water 2 deep, `_` void.",
        default_factory=lambda: dict(DEFAULT_LEGEND),
                                        max_length=MAX_LEGEND)
    overrides: list[CellOverride] = Field(
        description="Changes to single cells by row and column, laid over what the legend "
                    "gives; default none.",
        default_factory=list)
    picture: PictureRef | None = Field(
        default=None,
        description="A picture drawn under the map (an imported battle map), from its "
                    "north-west corner; default none.")
    edges: list[EdgeSpec] = Field(
        default_factory=list,
        description="Thin walls, windows, doors and one-way walls on the sides between "
                    "cells (docs/grid-maps.md, Edges); default none.")

    @field_validator("legend")
    @classmethod
    def _one_char_symbols(cls, legend: dict[str, CellSpec]) -> dict[str, CellSpec]:
        for symbol in legend:
            if len(symbol) != 1:
                raise ValueError(f"legend symbol {symbol!r} must be one character")
        return legend

    def build(self) -> GridMap:
        """The grid map; raises :class:`GridError` naming the row, column or override, and
        :class:`~footwork.limits.LimitExceeded` (at ``map.rows`` or ``map.overrides``) for
        more cells or overrides than the ``cells`` limit, before building anything."""
        limits.check("cells", len(self.overrides), "map.overrides")
        limits.check("cells", len(self.edges), "map.edges")
        return parse_ascii(self.rows, self.legend, self.overrides,
                           cell_size=self.cell_size, unit=self.unit, edges=self.edges)


def parse_ascii(
    rows: str | Sequence[str],
    legend: Mapping[str, CellSpec],
    overrides: Iterable[CellOverride | tuple[int, int, Mapping[str, Any]]] = (),
    *,
    cell_size: float = 1.0,
    unit: str = "u",
    where: str = "map.rows",
    edges: Sequence[EdgeSpec] = (),
) -> GridMap:
    """Build a grid map from ASCII rows (one character a cell) and a legend.

    ``overrides`` change single cells after the legend: :class:`CellOverride` models or
    ``(row, col, {field: value})`` tuples; the fields they name replace the legend's,
    and the result must still be a valid :class:`CellSpec`. A string ``rows`` is split
    into lines (dedented, blank lines at either end dropped).

    Raises :class:`GridError` (a ``ValueError``) with a one-line message naming the row
    and column, the legend symbol or the override at fault, and
    :class:`~footwork.limits.LimitExceeded` at ``where`` when the map has more cells than
    the ``cells`` limit allows, before anything is built.
    """
    lines = _text_rows(rows) if isinstance(rows, str) else list(rows)
    if not lines:
        raise GridError("the map has no rows", ("rows",))
    width = len(lines[0])
    if width == 0:
        raise GridError("row 0 is empty", ("rows", 0))
    # the cells limit, before anything grows with the map (footwork.limits)
    limits.check("cells", len(lines) * width, where)
    for i, line in enumerate(lines):
        if len(line) != width:
            raise GridError(f"row {i} has {len(line)} cells; expected {width} like row 0",
                            ("rows", i))
    if len(legend) > MAX_LEGEND:
        raise GridError(f"the legend has {len(legend)} symbols; at most {MAX_LEGEND}",
                        ("legend",))
    for symbol in legend:
        if len(symbol) != 1:
            raise GridError(f"legend symbol {symbol!r} must be one character",
                            ("legend", symbol))
    for i, line in enumerate(lines):
        for j, ch in enumerate(line):
            if ch not in legend:
                known = " ".join(repr(s) if s.isspace() else s for s in legend)
                raise GridError(f"row {i}, col {j}: unknown symbol {ch!r}; the legend has: "
                                f"{known}", ("rows", i))
    height = len(lines)
    specs: dict[Cell, CellSpec] = {}
    for k, item in enumerate(overrides):
        if isinstance(item, CellOverride):
            r, c, changes = item.row, item.col, item.changes()
        else:
            r, c, fields = item
            changes = dict(fields)
        if not (0 <= r < height and 0 <= c < width):
            raise GridError(f"override {k}: row {r}, col {c} is outside the map (rows 0–"
                            f"{height - 1}, cols 0–{width - 1})", ("overrides", k))
        base = specs.get((r, c), legend[lines[r][c]])
        try:
            specs[(r, c)] = CellSpec.model_validate({**base.model_dump(), **changes})
        except ValidationError as exc:
            raise GridError(f"override {k} (row {r}, col {c}): {_first_message(exc)}",
                            ("overrides", k)) from None
    names = {tag for spec in (*legend.values(), *specs.values()) for tag in spec.tags}
    if len(names) > MAX_MAP_TAGS:
        raise GridError(f"the map uses {len(names)} tag names; at most {MAX_MAP_TAGS} (each "
                        "is a layer of the whole map)", ("legend",))
    cells = np.array([list(line) for line in lines], dtype="<U1")
    layers = _Layers(height, width, cell_size)
    for symbol, spec in legend.items():
        mask = cells == symbol
        if mask.any():
            layers.fill(mask, spec)
    for (r, c), spec in specs.items():
        layers.fill((r, c), spec)
    built = None
    if edges:
        try:
            built = GridEdges.build(edges, (height, width))
        except EdgeError as exc:
            raise GridError(str(exc), ("edges", exc.index or 0)) from None
    return layers.grid(cell_size, unit, built)


def _first_message(exc: ValidationError) -> str:
    err = exc.errors()[0]
    msg = str(err["msg"]).removeprefix("Value error, ")
    where = ".".join(str(p) for p in err["loc"])
    return f"{where}: {msg}" if where else msg


class _Layers:
    """Mutable arrays filled from cell specs, then frozen into a :class:`GridMap`."""

    def __init__(self, rows: int, cols: int, cell_size: float) -> None:
        shape = (rows, cols)
        self.cell_size = cell_size
        self.surface = np.zeros(shape, np.uint8)
        self.elevation = np.zeros(shape, np.float64)
        self.water_depth = np.zeros(shape, np.float64)
        self.ceiling_height = np.full(shape, np.nan)
        self.current = np.zeros((*shape, 2), np.int8)
        self.current_speed = np.zeros(shape, np.float64)
        self.climbable = np.zeros(shape, np.bool_)
        self.tags: dict[str, BoolArray] = {}

    def fill(self, where: BoolArray | Cell, spec: CellSpec) -> None:
        surface = _SURFACE_BY_NAME[spec.surface]
        self.surface[where] = surface
        self.elevation[where] = np.nan if surface is Surface.VOID else spec.elevation
        self.water_depth[where] = spec.water_depth
        ceiling = np.nan if spec.ceiling_height is None else spec.ceiling_height
        self.ceiling_height[where] = ceiling
        if spec.current is None:
            self.current[where] = (0, 0)
            self.current_speed[where] = 0.0
        else:
            self.current[where] = Direction[spec.current].offset
            self.current_speed[where] = (self.cell_size if spec.current_speed is None
                                         else spec.current_speed)
        climbable = spec.climbable
        if climbable is None:
            climbable = surface in (Surface.FLOOR, Surface.WALL) or spec.ceiling_height is not None
        self.climbable[where] = climbable
        for tag in self.tags.values():
            tag[where] = False
        for name in spec.tags:
            layer = self.tags.get(name)
            if layer is None:
                layer = self.tags[name] = np.zeros(self.surface.shape, np.bool_)
            layer[where] = True

    def grid(self, cell_size: float, unit: str, edges: GridEdges | None = None) -> GridMap:
        return GridMap(self.surface, self.elevation, cell_size=cell_size, unit=unit,
                       water_depth=self.water_depth, ceiling_height=self.ceiling_height,
                       current=self.current, current_speed=self.current_speed,
                       climbable=self.climbable, tags=self.tags, edges=edges)


# -- the map ---------------------------------------------------------------------------


def _frozen(array: npt.NDArray[Any]) -> npt.NDArray[Any]:
    array.flags.writeable = False
    return array


def _where(mask: BoolArray, offset: Cell = (0, 0)) -> str:
    r, c = (int(v) for v in np.argwhere(mask)[0])
    return f"row {r + offset[0]}, col {c + offset[1]}"


class GridMap:
    """An immutable grid map: read-only NumPy layers of shape ``(rows, cols)``.

    Build one with :func:`parse_ascii` or :meth:`GridSpec.build`, or from arrays:
    only ``surface`` and ``elevation`` are required; the other layers default to dry,
    open to the sky, no current, climbable by the default rule (floors, walls and
    ceilings) and no tags. Elevations of void cells are ignored (stored as NaN).
    Raises :class:`GridError` naming the first faulty cell.
    """

    __slots__ = (
        "_blocked",
        "_ceiling_height",
        "_cell_size",
        "_climbable",
        "_current",
        "_current_speed",
        "_edges",
        "_elevation",
        "_surface",
        "_tags",
        "_unit",
        "_water_depth",
    )

    _surface: npt.NDArray[np.uint8]
    _elevation: FloatArray
    _water_depth: FloatArray
    _ceiling_height: FloatArray
    _current: npt.NDArray[np.int8]
    _current_speed: FloatArray
    _climbable: BoolArray
    _tags: Mapping[str, BoolArray]
    _cell_size: float
    _unit: str
    _edges: GridEdges | None
    _blocked: npt.NDArray[np.int64] | None

    def __init__(
        self,
        surface: npt.ArrayLike,
        elevation: npt.ArrayLike,
        *,
        cell_size: float = 1.0,
        unit: str = "u",
        water_depth: npt.ArrayLike | None = None,
        ceiling_height: npt.ArrayLike | None = None,
        current: npt.ArrayLike | None = None,
        current_speed: npt.ArrayLike | None = None,
        climbable: npt.ArrayLike | None = None,
        tags: Mapping[str, npt.ArrayLike] | None = None,
        edges: GridEdges | None = None,
    ) -> None:
        if not (math.isfinite(cell_size) and cell_size > 0):
            raise GridError(f"cell_size must be a positive number, not {cell_size!r}")
        if not unit:
            raise GridError("unit must be named (u, m...)")
        raw = np.asarray(surface)
        if raw.ndim != 2 or raw.shape[0] == 0 or raw.shape[1] == 0:
            raise GridError(f"surface must be a 2D array with at least one cell, not shape "
                            f"{raw.shape}")
        shape: tuple[int, int] = (int(raw.shape[0]), int(raw.shape[1]))
        if not np.issubdtype(raw.dtype, np.integer) or not ((raw >= 0) & (raw <= 3)).all():
            raise GridError("surface values must be Surface codes 0–3 (FLOOR, WALL, WATER, VOID)")
        surf = raw.astype(np.uint8)

        def layer(name: str, value: npt.ArrayLike | None, fill: float) -> FloatArray:
            if value is None:
                return np.full(shape, fill)
            arr = np.array(value, dtype=np.float64)
            if arr.shape != shape:
                raise GridError(f"{name} has shape {arr.shape}; expected {shape} like surface")
            return arr

        void = surf == Surface.VOID
        water = surf == Surface.WATER
        elev = layer("elevation", elevation, 0.0)
        bad = ~void & ~np.isfinite(elev)
        if bad.any():
            raise GridError(f"{_where(bad)}: the elevation must be a finite number")
        elev[void] = np.nan
        depth = layer("water_depth", water_depth, 0.0)
        bad = ~np.isfinite(depth) | (depth < 0)
        if bad.any():
            raise GridError(f"{_where(bad)}: water_depth must be 0 or more")
        if (water & (depth <= 0)).any():
            raise GridError(f"{_where(water & (depth <= 0))}: water needs a water_depth above 0")
        if (~water & (depth > 0)).any():
            raise GridError(f"{_where(~water & (depth > 0))}: only water has a water_depth")
        ceiling = layer("ceiling_height", ceiling_height, np.nan)
        if np.isinf(ceiling).any():
            raise GridError(f"{_where(np.isinf(ceiling))}: ceiling_height must be finite "
                            "(NaN for none)")
        with np.errstate(invalid="ignore"):
            low = ~void & (ceiling < elev)
        if low.any():
            raise GridError(f"{_where(low)}: the ceiling is below the elevation")
        if current is None:
            cur = np.zeros((*shape, 2), np.int8)
        else:
            cur_raw = np.asarray(current)
            if cur_raw.shape != (*shape, 2):
                raise GridError(f"current has shape {cur_raw.shape}; expected {(*shape, 2)}")
            if not ((cur_raw >= -1) & (cur_raw <= 1)).all():
                raise GridError("current holds (drow, dcol) pairs of -1, 0 or 1")
            cur = cur_raw.astype(np.int8)
        speed = layer("current_speed", current_speed, 0.0)
        bad = ~np.isfinite(speed) | (speed < 0)
        if bad.any():
            raise GridError(f"{_where(bad)}: current_speed must be 0 or more")
        still = (cur == 0).all(axis=2)
        if (still & (speed > 0)).any():
            raise GridError(f"{_where(still & (speed > 0))}: a current_speed needs a current "
                            "direction")
        has_ceiling = ~np.isnan(ceiling)
        if climbable is None:
            climb = _default_climbable(surf, has_ceiling)
        else:
            climb = np.array(climbable, dtype=np.bool_)
            if climb.shape != shape:
                raise GridError(f"climbable has shape {climb.shape}; expected {shape}")
        tag_layers: dict[str, BoolArray] = {}
        for name, value in (tags or {}).items():
            if not name:
                raise GridError("a tag needs a name")
            arr = np.array(value, dtype=np.bool_)
            if arr.shape != shape:
                raise GridError(f"tag {name!r} has shape {arr.shape}; expected {shape}")
            tag_layers[name] = _frozen(arr)
        self._surface = _frozen(surf)
        self._elevation = _frozen(elev)
        self._water_depth = _frozen(depth)
        self._ceiling_height = _frozen(ceiling)
        self._current = _frozen(cur)
        self._current_speed = _frozen(speed)
        self._climbable = _frozen(climb)
        self._tags = MappingProxyType(tag_layers)
        self._cell_size = float(cell_size)
        self._unit = unit
        if edges is not None and edges.shape != shape:
            raise GridError(f"edges have shape {edges.shape}; expected {shape} like surface")
        self._edges = edges if edges is not None and edges.any() else None
        self._blocked = None

    # -- layers and sizes -------------------------------------------------------------

    @property
    def cell_size(self) -> float:
        """The side of a cell, in :attr:`unit`."""
        return self._cell_size

    @property
    def unit(self) -> str:
        return self._unit

    @property
    def shape(self) -> tuple[int, int]:
        rows, cols = self._surface.shape
        return int(rows), int(cols)

    @property
    def rows(self) -> int:
        return self.shape[0]

    @property
    def cols(self) -> int:
        return self.shape[1]

    @property
    def surface(self) -> npt.NDArray[np.uint8]:
        """:class:`Surface` codes."""
        return self._surface

    @property
    def elevation(self) -> FloatArray:
        """The height of each cell's top (floor, wall top, water surface); NaN on a void."""
        return self._elevation

    @property
    def water_depth(self) -> FloatArray:
        return self._water_depth

    @property
    def ceiling_height(self) -> FloatArray:
        """The height of the underside of the ceiling; NaN where there is none."""
        return self._ceiling_height

    @property
    def current(self) -> npt.NDArray[np.int8]:
        """Shape ``(rows, cols, 2)``: the ``(drow, dcol)`` a current pushes towards."""
        return self._current

    @property
    def current_speed(self) -> FloatArray:
        return self._current_speed

    @property
    def climbable(self) -> BoolArray:
        return self._climbable

    @property
    def tags(self) -> Mapping[str, BoolArray]:
        return self._tags

    @property
    def edges(self) -> GridEdges | None:
        """The walls, windows and doors between cells; None on a map without any."""
        return self._edges

    def blocked_steps(self) -> npt.NDArray[np.int64]:
        """Per cell, the steps its edges refuse as bits (bit ``k``: the step towards
        ``OFFSETS[k]``; :func:`footwork.space.gridedges.blocked_steps`). Read-only,
        computed once."""
        if self._blocked is None:
            self._blocked = _frozen(blocked_steps(self._edges, self.shape))
        return self._blocked

    def with_edge(self, a: Cell, b: Cell, kind: str) -> GridMap:
        """A copy of this map with the edge between ``a`` and ``b`` made ``kind`` (not
        ``one_way``): a secret door opened as a door, say."""
        specs = [e for e in (self._edges.specs() if self._edges else [])
                 if {e.between[0], e.between[1]} != {a, b}]
        specs.append(EdgeSpec.model_validate({"between": (a, b), "kind": kind}))
        try:
            edges = GridEdges.build(specs, self.shape)
        except EdgeError as exc:
            raise GridError(str(exc), ("edges", len(specs) - 1)) from None
        tags = dict(self._tags)
        return GridMap(self._surface, self._elevation, cell_size=self._cell_size,
                       unit=self._unit, water_depth=self._water_depth,
                       ceiling_height=self._ceiling_height, current=self._current,
                       current_speed=self._current_speed, climbable=self._climbable,
                       tags=tags, edges=edges)

    def edge_kind(self, a: Cell, b: Cell) -> str | None:
        """The kind of the edge between ``a`` and ``b`` (``one_way`` for either way), or
        None where there is none (or they are not orthogonal neighbours on the map)."""
        for e in self._edges.specs() if self._edges else []:
            if {e.between[0], e.between[1]} == {a, b}:
                return e.kind
        return None

    def step_blocked(self, row: int, col: int, dr: int, dc: int) -> bool:
        """Do the edges refuse the step from ``(row, col)`` by ``(dr, dc)``?"""
        if self._edges is None:
            return False
        k = OFFSETS.index((dr, dc))
        return bool(int(self.blocked_steps()[row, col]) >> k & 1)

    # -- single cells -----------------------------------------------------------------

    def in_bounds(self, row: int, col: int) -> bool:
        rows, cols = self.shape
        return 0 <= row < rows and 0 <= col < cols

    def neighbours(self, row: int, col: int) -> list[Cell]:
        """The up to 8 cells around ``(row, col)`` that are on the map, in :data:`OFFSETS`
        order."""
        rows, cols = self.shape
        return [(row + dr, col + dc) for dr, dc in OFFSETS
                if 0 <= row + dr < rows and 0 <= col + dc < cols]

    def surface_at(self, row: int, col: int) -> Surface:
        self._check(row, col)
        return Surface(int(self._surface[row, col]))

    def tag_at(self, name: str, row: int, col: int) -> bool:
        """Whether the cell has tag ``name`` (False for a tag the map never uses)."""
        self._check(row, col)
        layer = self._tags.get(name)
        return bool(layer is not None and layer[row, col])

    def spec_at(self, row: int, col: int) -> CellSpec:
        """The cell as a :class:`CellSpec` (what an override would write)."""
        surface = self.surface_at(row, col)
        ceiling = float(self._ceiling_height[row, col])
        dr, dc = (int(v) for v in self._current[row, col])
        return CellSpec(
            surface=surface.spec_name,
            elevation=0.0 if surface is Surface.VOID else float(self._elevation[row, col]),
            water_depth=float(self._water_depth[row, col]),
            current=None if (dr, dc) == (0, 0) else Direction.from_offset(dr, dc).name,
            current_speed=None if (dr, dc) == (0, 0) else float(self._current_speed[row, col]),
            ceiling_height=None if math.isnan(ceiling) else ceiling,
            climbable=bool(self._climbable[row, col]),
            tags=tuple(name for name, layer in self._tags.items() if layer[row, col]),
        )

    def _check(self, row: int, col: int) -> None:
        if not self.in_bounds(row, col):
            raise IndexError(f"row {row}, col {col} is outside the map ({self.rows} rows × "
                             f"{self.cols} cols)")

    # -- bulk queries (fresh, writable arrays) ------------------------------------------

    def walkable_mask(self) -> BoolArray:
        """Cells with solid ground to stand on (floors)."""
        mask: BoolArray = self._surface == Surface.FLOOR
        return mask

    def swimmable_mask(self) -> BoolArray:
        """Cells with water."""
        mask: BoolArray = self._surface == Surface.WATER
        return mask

    def void_mask(self) -> BoolArray:
        """Cells with nothing under them at all."""
        mask: BoolArray = self._surface == Surface.VOID
        return mask

    def wall_mask(self) -> BoolArray:
        mask: BoolArray = self._surface == Surface.WALL
        return mask

    def ceiling_mask(self) -> BoolArray:
        """Cells with a ceiling over them."""
        mask: BoolArray = ~np.isnan(self._ceiling_height)
        return mask

    def tag_mask(self, name: str) -> BoolArray:
        """A copy of tag layer ``name``; all False for a tag the map never uses."""
        layer = self._tags.get(name)
        return np.zeros(self.shape, np.bool_) if layer is None else layer.copy()

    def climbable_mask(self) -> BoolArray:
        """Cells that offer something to climb, holds allowing: a wall, a ceiling, or a
        floor standing above a neighbour (a cliff face, a void's edge)."""
        solid = (self._surface == Surface.FLOOR) | (self._surface == Surface.WALL)
        mask: BoolArray = self._climbable & (self.wall_mask() | self.ceiling_mask()
                                             | (solid & self._has_face()))
        return mask

    def _has_face(self) -> BoolArray:
        rows, cols = self.shape
        padded = np.full((rows + 2, cols + 2), np.inf)
        padded[1:-1, 1:-1] = np.where(self.void_mask(), -np.inf, self._elevation)
        out = np.zeros(self.shape, np.bool_)
        with np.errstate(invalid="ignore"):
            for dr, dc in OFFSETS:
                out |= padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols] < self._elevation
        return out

    def bed(self) -> FloatArray:
        """The height of the bottom of the water (the top elsewhere)."""
        return self._elevation - self._water_depth

    def rises(self) -> FloatArray:
        """Shape ``(8, rows, cols)``: ``out[k, r, c]`` is how much higher the top of the
        neighbour in direction ``OFFSETS[k]`` is than the top of ``(r, c)``; NaN where
        that neighbour is off the map or either cell is a void."""
        rows, cols = self.shape
        padded = np.full((rows + 2, cols + 2), np.nan)
        padded[1:-1, 1:-1] = self._elevation
        out = np.empty((len(OFFSETS), rows, cols))
        for k, (dr, dc) in enumerate(OFFSETS):
            out[k] = padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols] - self._elevation
        return out

    # -- windows ----------------------------------------------------------------------

    def crop(self, center: Cell, radius: int) -> tuple[GridMap, Cell]:
        """The window of cells within ``radius`` steps of ``center`` (clipped to the map),
        as a grid map sharing this one's arrays, and its offset: window cell ``(r, c)``
        is cell ``(r + offset[0], c + offset[1])`` here."""
        row, col = center
        self._check(row, col)
        if radius < 0:
            raise ValueError(f"radius must be 0 or more, not {radius}")
        rows, cols = self.shape
        r0, r1 = max(0, row - radius), min(rows, row + radius + 1)
        c0, c1 = max(0, col - radius), min(cols, col + radius + 1)
        window = (slice(r0, r1), slice(c0, c1))
        view = object.__new__(GridMap)
        view._surface = self._surface[window]
        view._elevation = self._elevation[window]
        view._water_depth = self._water_depth[window]
        view._ceiling_height = self._ceiling_height[window]
        view._current = self._current[window]
        view._current_speed = self._current_speed[window]
        view._climbable = self._climbable[window]
        view._tags = MappingProxyType({k: v[window] for k, v in self._tags.items()})
        view._cell_size = self._cell_size
        view._unit = self._unit
        view._edges = None if self._edges is None else self._edges.window(r0, r1, c0, c1)
        view._blocked = None
        return view, (r0, c0)

    # -- JSON -------------------------------------------------------------------------

    def to_json(self) -> dict[str, Any]:
        """A compact JSON description for renderers and state files.

        Always: ``rows``, ``cols``, ``cell_size``, ``unit``, ``surface`` (one string a
        row, one character a cell: ``.`` floor, ``#`` wall, ``~`` water, ``_`` void) and
        ``elevation`` (rows of numbers, null on a void). Only when some cell differs from
        the default: ``water_depth``, ``ceiling_height`` (null where open), ``current``
        (direction names, null where still), ``current_speed``, ``climbable`` (rows of
        booleans, when not the default rule) and ``tags`` (name → list of ``[row, col]``).
        """
        out: dict[str, Any] = {
            "rows": self.rows,
            "cols": self.cols,
            "cell_size": self._cell_size,
            "unit": self._unit,
            "surface": ["".join(_SURFACE_CHARS[v] for v in row) for row in self._surface.tolist()],
            "elevation": _nested(self._elevation),
        }
        if (self._water_depth != 0).any():
            out["water_depth"] = self._water_depth.tolist()
        if self.ceiling_mask().any():
            out["ceiling_height"] = _nested(self._ceiling_height)
        if self._current.any():
            out["current"] = [[None if (dr, dc) == (0, 0) else Direction((dr, dc)).name
                               for dr, dc in row] for row in self._current.tolist()]
            out["current_speed"] = self._current_speed.tolist()
        if not np.array_equal(self._climbable,
                              _default_climbable(self._surface, self.ceiling_mask())):
            out["climbable"] = self._climbable.tolist()
        if self._tags:
            out["tags"] = {name: [[int(r), int(c)] for r, c in np.argwhere(layer)]
                           for name, layer in self._tags.items()}
        if self._edges is not None:
            out["edges"] = self._edges.to_json()
        return out

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> GridMap:
        """Rebuild a grid map written by :meth:`to_json` (within the ``cells`` limit)."""
        limits.check("cells", int(data["rows"]) * int(data["cols"]), "grid")
        try:
            surface = [[_SURFACE_BY_CHAR[ch] for ch in row] for row in data["surface"]]
        except KeyError as exc:
            raise GridError(f"unknown surface character {exc.args[0]!r}; expected one of "
                            f"{' '.join(_SURFACE_CHARS)}") from None
        shape = (int(data["rows"]), int(data["cols"]))

        def floats(value: Any) -> FloatArray:
            return np.array([[np.nan if v is None else v for v in row] for row in value],
                            dtype=np.float64).reshape(shape)

        current = None
        if "current" in data:
            current = np.array([[(0, 0) if v is None else Direction[v].offset for v in row]
                                for row in data["current"]], dtype=np.int8)
        tags: dict[str, BoolArray] = {}
        for name, cells in data.get("tags", {}).items():
            layer = np.zeros(shape, np.bool_)
            for r, c in cells:
                layer[r, c] = True
            tags[name] = layer
        return cls(
            np.array(surface, dtype=np.uint8).reshape(shape),
            floats(data["elevation"]),
            cell_size=float(data["cell_size"]),
            unit=str(data["unit"]),
            water_depth=floats(data["water_depth"]) if "water_depth" in data else None,
            ceiling_height=floats(data["ceiling_height"]) if "ceiling_height" in data else None,
            current=current,
            current_speed=floats(data["current_speed"]) if "current_speed" in data else None,
            climbable=data.get("climbable"),
            tags=tags,
            edges=GridEdges.from_json(data["edges"], shape) if data.get("edges") else None,
        )

    # -- comparison -------------------------------------------------------------------

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GridMap):
            return NotImplemented
        return bool(
            self._cell_size == other._cell_size
            and self._unit == other._unit
            and np.array_equal(self._surface, other._surface)
            and np.array_equal(self._elevation, other._elevation, equal_nan=True)
            and np.array_equal(self._water_depth, other._water_depth)
            and np.array_equal(self._ceiling_height, other._ceiling_height, equal_nan=True)
            and np.array_equal(self._current, other._current)
            and np.array_equal(self._current_speed, other._current_speed)
            and np.array_equal(self._climbable, other._climbable)
            and self._tags.keys() == other._tags.keys()
            and all(np.array_equal(v, other._tags[k]) for k, v in self._tags.items())
            and self._edges == other._edges
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (f"GridMap({self.rows}×{self.cols}, cell_size={self._cell_size:g} "
                f"{self._unit}, tags={sorted(self._tags)})")


def _default_climbable(surface: npt.NDArray[np.uint8], has_ceiling: BoolArray) -> BoolArray:
    solid: BoolArray = (surface == Surface.FLOOR) | (surface == Surface.WALL)
    return solid | has_ceiling


def _nested(array: FloatArray) -> list[list[float | None]]:
    return [[None if math.isnan(v) else v for v in row] for row in array.tolist()]


# -- positions -------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Position:
    """A point of a grid map: a cell, and a height ``z`` in units above the datum."""

    row: int
    col: int
    z: float = 0.0

    @property
    def cell(self) -> Cell:
        return self.row, self.col

    def to_metric(self, cell_size: float) -> tuple[float, float, float]:
        """``(x, y, z)`` in units: the centre of the cell (x grows east with the column,
        y grows south with the row) and the height."""
        return (self.col + 0.5) * cell_size, (self.row + 0.5) * cell_size, self.z

    @classmethod
    def from_metric(cls, x: float, y: float, z: float, cell_size: float) -> Position:
        """The position of the cell holding point ``(x, y)`` (units), at height ``z``."""
        return cls(math.floor(y / cell_size), math.floor(x / cell_size), z)

    @classmethod
    def standing(cls, grid: GridMap, row: int, col: int) -> Position:
        """On the cell's surface: on a floor, or at the surface of water. A wall or a void
        has no surface to stand on (``ValueError``)."""
        surface = grid.surface_at(row, col)
        if surface in (Surface.WALL, Surface.VOID):
            raise ValueError(f"row {row}, col {col} is a {surface.spec_name}: "
                             "nothing to stand on")
        return cls(row, col, float(grid.elevation[row, col]))


# -- the reference bounded search --------------------------------------------------------


def bounded_costs(
    grid: GridMap,
    start: Cell,
    budget: float,
    step_cost: StepCost,
    *,
    diagonal: Diagonal | None = None,
    min_step: float | None = None,
) -> FloatArray:
    """The cheapest cost from ``start`` to every cell within ``budget``: an array of the
    grid's shape, ``inf`` where a cell cannot be reached within the budget.

    A plain heapq Dijkstra over 8-way steps, meant as the reference that faster and
    multi-resource searches are tested against; a step the map's edges refuse
    (:meth:`GridMap.blocked_steps`) is never taken. ``step_cost(grid, here, there)`` gives a
    step's cost (0 or more), or None where the step cannot be taken; it receives this
    grid and map coordinates.

    - ``diagonal``: when given, a step costs ``step_cost × step_length(diagonal, ...)``
      (so ``step_cost`` is a price per cell, e.g. the cell size, doubled in difficult
      terrain); ``ALTERNATE`` tracks the parity of diagonals taken along each path.
      When None, ``step_cost`` is the whole cost of a step.
    - ``min_step``: the least any step can cost. When given, the search is confined to
      the window of cells ``budget / min_step`` steps around ``start`` (DESIGN.md: crop
      before searching), and a cheaper step raises ``ValueError``.
    """
    sr, sc = start
    if not grid.in_bounds(sr, sc):
        raise ValueError(f"start row {sr}, col {sc} is outside the map")
    if not (math.isfinite(budget) and budget >= 0):
        raise ValueError(f"budget must be a number 0 or more, not {budget!r}")
    rows, cols = grid.shape
    if min_step is None:
        r0, r1, c0, c1 = 0, rows, 0, cols
    else:
        if not (math.isfinite(min_step) and min_step > 0):
            raise ValueError(f"min_step must be above 0, not {min_step!r}")
        radius = int(budget / min_step + EPS)
        r0, r1 = max(0, sr - radius), min(rows, sr + radius + 1)
        c0, c1 = max(0, sc - radius), min(cols, sc + radius + 1)
    width = c1 - c0
    parities = 2 if diagonal is Diagonal.ALTERNATE else 1
    diag_factor = SQRT2 if diagonal is Diagonal.EUCLIDEAN else 1.0
    limit = budget + EPS
    floor = -1.0 if min_step is None else min_step - EPS
    best = [math.inf] * ((r1 - r0) * width * parities)
    best[((sr - r0) * width + (sc - c0)) * parities] = 0.0
    heap: list[tuple[float, int, int, int]] = [(0.0, sr, sc, 0)]
    pop, push = heapq.heappop, heapq.heappush
    # the steps the map's edges refuse (thin walls between cells)
    blocked = grid.blocked_steps().tolist() if grid.edges is not None else None
    while heap:
        d, r, c, p = pop(heap)
        if d > best[((r - r0) * width + (c - c0)) * parities + p]:
            continue
        here = (r, c)
        bits = blocked[r][c] if blocked is not None else 0
        for k, (dr, dc) in enumerate(OFFSETS):
            r2, c2 = r + dr, c + dc
            if not (r0 <= r2 < r1 and c0 <= c2 < c1) or bits >> k & 1:
                continue
            there = (r2, c2)
            cost = step_cost(grid, here, there)
            if cost is None:
                continue
            if not cost >= 0 or cost < floor:
                least = "0" if min_step is None else f"min_step ({min_step:g})"
                raise ValueError(f"step_cost gave {cost!r} for ({r}, {c}) → ({r2}, {c2}); "
                                 f"a step costs at least {least}")
            p2 = p
            if dr != 0 and dc != 0:
                if parities == 2:
                    cost = cost if p == 0 else 2.0 * cost
                    p2 = 1 - p
                else:
                    cost *= diag_factor
            nd = d + cost
            if nd > limit:
                continue
            j = ((r2 - r0) * width + (c2 - c0)) * parities + p2
            if nd < best[j]:
                best[j] = nd
                push(heap, (nd, r2, c2, p2))
    window = np.array(best, dtype=np.float64).reshape(r1 - r0, width, parities).min(axis=2)
    out = np.full(grid.shape, np.inf)
    out[r0:r1, c0:c1] = window
    return out
