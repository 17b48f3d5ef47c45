"""A grid map's heights in whole vertical steps, for movement searches on grids.

Rulesets that move characters up and down on a :class:`~footwork.space.grid.GridMap`
(climbing, swimming, flying, burrowing) count heights in *levels*: multiples of a
vertical step (0.5u, 0.5 m...). :class:`GridLevels` holds the map's layers as integer
levels, both as NumPy arrays (``*_a``, for compiled or vectorised searches) and as nested
lists (indexing them is several times faster than NumPy scalars in a Python search).
It knows no ruleset: what may stand, swim or climb where is the ruleset's.

>>> from footwork.space.grid import parse_ascii, DEFAULT_LEGEND
>>> g = GridLevels(parse_ascii(["..#", ".~."], DEFAULT_LEGEND), vertical_step=0.5)
>>> g.top[0][2], g.top[1][1], g.bed[1][1], g.face[0][1]
(6, 0, -4, 6)
>>> g.level(1.2), g.height(3)
(2, 1.5)
>>> parse_cell("3,4"), parse_cell(" 3, 4, 2.5 ")
((3, 4, None), (3, 4, 2.5))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from functools import cached_property

import numpy as np
import numpy.typing as npt

from footwork.space.grid import MAX_HEIGHT, MAX_INDEX, OFFSETS, BoolArray, GridMap, Surface

__all__ = ["HIGH", "MAX_LEVEL", "NONE", "GridLevels", "cell_label", "parse_cell"]

#: a level lower than any on a map (the top of a void), and one higher (no ceiling)
NONE = -(10**6)
HIGH = 10**6
#: the largest level (up or down) a map may hold, well inside the two above, so that a
#: search that climbs or digs a whole budget from any level never meets them
MAX_LEVEL = HIGH // 2

IntArray = npt.NDArray[np.int64]

_FLOOR, _WALL, _WATER, _VOID = (int(Surface.FLOOR), int(Surface.WALL), int(Surface.WATER),
                                int(Surface.VOID))
_ORTH = [(dr, dc) for dr, dc in OFFSETS if dr == 0 or dc == 0]


class GridLevels:
    """The layers of a grid map in levels of ``vertical_step`` (see the module docstring).

    - ``surface``: the cell's :class:`Surface` as an int;
    - ``top``: the level of its top (a floor, a wall's top, the water's surface; ``NONE``
      over a void);
    - ``bed``: the water's bed on water, else the top;
    - ``ceil``: the level of a ceiling, ``HIGH`` where the cell is open above;
    - ``face``: the highest climbable face beside the cell: the top of a climbable wall
      or floor that is an orthogonal neighbour (``NONE`` where there is none);
    - ``hanging``: a climbable ceiling over the cell.
    """

    def __init__(self, grid: GridMap, vertical_step: float) -> None:
        if not (math.isfinite(vertical_step) and vertical_step > 0):
            raise ValueError(f"the vertical step must be above 0, not {vertical_step!r}")
        self.grid = grid
        self.h = float(grid.cell_size)
        self.vs = float(vertical_step)
        rows, cols = grid.shape
        self.rows, self.cols = rows, cols
        surface = grid.surface.astype(np.int64)
        top = self._levels(np.where(surface == _VOID, np.nan, grid.elevation), NONE)
        bed = self._levels(np.where(surface == _WATER, grid.elevation - grid.water_depth,
                                    np.nan), NONE)
        bed = np.where(surface == _WATER, bed, top)
        ceil = self._levels(grid.ceiling_height, HIGH)
        climbable = grid.climbable
        face = np.full((rows, cols), NONE, dtype=np.int64)
        for dr, dc in _ORTH:
            r0, r1 = max(0, -dr), rows - max(0, dr)
            c0, c1 = max(0, -dc), cols - max(0, dc)
            nb_surface = surface[r0 + dr:r1 + dr, c0 + dc:c1 + dc]
            nb_top = top[r0 + dr:r1 + dr, c0 + dc:c1 + dc]
            nb_ok = climbable[r0 + dr:r1 + dr, c0 + dc:c1 + dc] & (
                (nb_surface == _WALL) | (nb_surface == _FLOOR))
            face[r0:r1, c0:c1] = np.maximum(face[r0:r1, c0:c1], np.where(nb_ok, nb_top, NONE))
        self.surface_a: IntArray = surface
        self.top_a: IntArray = top
        self.bed_a: IntArray = bed
        self.ceil_a: IntArray = ceil
        self.face_a: IntArray = face
        self.hanging_a: BoolArray = np.isfinite(grid.ceiling_height) & climbable
        self.surface: list[list[int]] = surface.tolist()
        self.top: list[list[int]] = top.tolist()
        self.bed: list[list[int]] = bed.tolist()
        self.ceil: list[list[int]] = ceil.tolist()
        self.face: list[list[int]] = face.tolist()
        self.hanging: list[list[bool]] = self.hanging_a.tolist()
        #: the steps the map's edges refuse, as bits per cell (bit k: towards OFFSETS[k];
        #: GridMap.blocked_steps); all zeros on a map without edges
        self.blocked_a: IntArray = np.ascontiguousarray(grid.blocked_steps(), dtype=np.int64)
        self.blocked: list[list[int]] = self.blocked_a.tolist()
        self.has_edges = grid.edges is not None

    def _levels(self, values: npt.NDArray[np.float64], missing: int) -> IntArray:
        out = np.full(values.shape, missing, dtype=np.int64)
        ok = np.isfinite(values)
        scaled = np.rint(values[ok] / self.vs)
        if scaled.size and float(np.abs(scaled).max()) > MAX_LEVEL:
            raise ValueError(f"the map's heights reach {float(np.abs(values[ok]).max()):g}, "
                             f"more than {MAX_LEVEL:,} vertical steps of {self.vs:g}")
        out[ok] = scaled.astype(np.int64)
        return out

    def level(self, z: float) -> int:
        """The nearest level to the height ``z``."""
        return round(z / self.vs)

    def height(self, level: int) -> float:
        return level * self.vs

    def in_bounds(self, r: int, c: int) -> bool:
        return 0 <= r < self.rows and 0 <= c < self.cols

    def tagged(self, names: Iterable[str]) -> BoolArray:
        """The cells that carry any of the tags ``names``."""
        out = np.zeros((self.rows, self.cols), dtype=bool)
        for name in names:
            if name in self.grid.tags:
                out |= self.grid.tags[name]
        return out

    @cached_property
    def off_levels(self) -> list[tuple[str, int, int]]:
        """(layer, row, col) of heights that are not whole vertical steps (they are rounded)."""
        g = self.grid
        out = []
        for name, arr in (("elevation", g.elevation), ("water_depth", g.water_depth)):
            ok = np.isfinite(arr)
            bad = ok & (np.abs(arr / self.vs - np.rint(arr / self.vs)) > 1e-6)
            out += [(name, int(r), int(c)) for r, c in zip(*np.nonzero(bad), strict=True)]
        return out


def cell_label(row: int, col: int) -> str:
    """A cell as an actor's ``at``: ``"row,col"``."""
    return f"{row},{col}"


def parse_cell(text: str) -> tuple[int, int, float | None]:
    """``"3,4"`` or ``"3,4,2.5"``: a row, a column and maybe a height, each within the
    grid's ranges (``MAX_INDEX``, ``MAX_HEIGHT``)."""
    parts = [p.strip() for p in text.split(",")]
    try:
        if len(parts) not in (2, 3):
            raise ValueError(text)
        row, col = int(parts[0]), int(parts[1])
        z = float(parts[2]) if len(parts) == 3 else None
    except ValueError:
        raise ValueError(f"expected a cell as 'row,col' or 'row,col,z', not {text!r}") from None
    if max(abs(row), abs(col)) > MAX_INDEX:
        raise ValueError(f"expected a row and column of at most {MAX_INDEX:,}, not {text!r}")
    if z is not None and not (math.isfinite(z) and abs(z) <= MAX_HEIGHT):
        raise ValueError(f"expected a height within +/-{MAX_HEIGHT:,g}, not {text!r}")
    return row, col, z
