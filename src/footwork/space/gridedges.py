"""Edges between the cells of a grid map: thin walls, windows, doors, one-way walls.

A grid map's cells are floor, wall, water or void; an *edge* is the side two orthogonal
neighbours share. A thin wall drawn between two cells takes no floor away from either:
it is an edge that no step crosses. This module knows no ruleset: it says which steps
an edge refuses, and a ruleset's search skips them.

Edges are held as two ``uint8`` arrays of :class:`EdgeKind` codes, each of the map's
shape: ``east[r, c]`` is the edge between ``(r, c)`` and ``(r, c + 1)``, ``south[r, c]``
the edge between ``(r, c)`` and ``(r + 1, c)`` (the last column's east edges and the
last row's south edges are the map's border, always open).

What blocks a step (:func:`blocked_steps`):

- an orthogonal step is refused when the edge it crosses blocks movement that way
  (walls, windows, secret doors both ways, a one-way wall from its closed side);
- a diagonal step passes the corner point of four edges (the two sides of its own cell
  and of the cell it enters that meet there); it is refused when any of them blocks
  movement either way, so that no one slips between two walls meeting at a corner or
  along the end of a wall.

>>> e = GridEdges.build([EdgeSpec(between=((0, 0), (0, 1)), kind="wall")], (2, 2))
>>> bits = blocked_steps(e)
>>> [bool(bits[0, 0] >> k & 1) for k in range(8)]  # N NE E SE S SW W NW from (0, 0)
[False, True, True, True, False, False, False, False]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import IntEnum
from typing import Any, Literal

import numpy as np
import numpy.typing as npt
from pydantic import BaseModel, ConfigDict, Field

__all__ = ["EDGE_KINDS", "EdgeError", "EdgeKind", "EdgeSpec", "GridEdges", "blocked_steps",
           "hide_secret_edges"]

IntArray = npt.NDArray[np.int64]
Pair = tuple[int, int]

# the 8 step offsets, in the core's Direction order (N, NE, E, SE, S, SW, W, NW); kept
# here so that this module imports nothing of grid.py (which imports it)
_OFFSETS: tuple[Pair, ...] = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1),
                              (-1, -1))


class EdgeKind(IntEnum):
    """What stands on an edge. ``ONE_WAY_FWD`` lets a step cross only towards the east
    (an ``east`` edge) or the south (a ``south`` edge); ``ONE_WAY_BACK`` only the other
    way."""

    OPEN = 0
    WALL = 1
    WINDOW = 2
    DOOR = 3
    SECRET_DOOR = 4
    ONE_WAY_FWD = 5
    ONE_WAY_BACK = 6


EdgeName = Literal["wall", "window", "door", "secret_door", "one_way"]
EDGE_KINDS: tuple[str, ...] = ("wall", "window", "door", "secret_door", "one_way")
_BY_NAME = {"wall": EdgeKind.WALL, "window": EdgeKind.WINDOW, "door": EdgeKind.DOOR,
            "secret_door": EdgeKind.SECRET_DOOR}
#: the kinds no step crosses either way (one-way walls are decided by direction)
_SOLID = (EdgeKind.WALL, EdgeKind.WINDOW, EdgeKind.SECRET_DOOR)


class EdgeError(ValueError):
    """A faulty edge; ``index`` is its place in the list (``map.edges[index]``)."""

    def __init__(self, message: str, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class EdgeSpec(BaseModel):
    """One edge as an encounter file writes it (``map.edges``)."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    between: tuple[tuple[int, int], tuple[int, int]] = Field(
        description="The two orthogonally neighbouring cells the edge separates, as "
                    "[[row, col], [row, col]].")
    kind: EdgeName = Field(
        default="wall",
        description="`wall` (no step across), `window` (no step across; sight passes), "
                    "`door` (an opening: steps cross), `secret_door` (a wall until revealed; "
                    "players see a wall) or `one_way` (crossed only from the `from` cell); "
                    "default wall.")
    from_: tuple[int, int] | None = Field(
        default=None, alias="from",
        description="For `one_way`: the cell a step may cross from (one of `between`).")

    def dump(self) -> dict[str, Any]:
        out: dict[str, Any] = {"between": [list(self.between[0]), list(self.between[1])],
                               "kind": self.kind}
        if self.from_ is not None:
            out["from"] = list(self.from_)
        return out


class GridEdges:
    """The edges of a map: ``east`` and ``south`` arrays of :class:`EdgeKind` codes
    (read-only, the map's shape)."""

    __slots__ = ("east", "south")

    def __init__(self, east: npt.ArrayLike, south: npt.ArrayLike) -> None:
        e = np.array(east, dtype=np.uint8)
        s = np.array(south, dtype=np.uint8)
        if e.shape != s.shape or e.ndim != 2:
            raise EdgeError(f"edge arrays of shapes {e.shape} and {s.shape}; expected one 2D "
                            "shape")
        if int(e.max(initial=0)) > max(EdgeKind) or int(s.max(initial=0)) > max(EdgeKind):
            raise EdgeError("edge codes are EdgeKind values 0–6")
        e[:, -1] = EdgeKind.OPEN  # the border is no edge between two cells
        s[-1, :] = EdgeKind.OPEN
        e.flags.writeable = False
        s.flags.writeable = False
        self.east = e
        self.south = s

    @property
    def shape(self) -> tuple[int, int]:
        return int(self.east.shape[0]), int(self.east.shape[1])

    def any(self) -> bool:
        return bool(self.east.any() or self.south.any())

    @classmethod
    def build(cls, specs: Sequence[EdgeSpec], shape: Pair) -> GridEdges:
        """The edges of ``specs`` on a map of ``shape``; a later spec of the same edge
        replaces an earlier one. Raises :class:`EdgeError` naming the first faulty one."""
        rows, cols = shape
        east = np.zeros(shape, np.uint8)
        south = np.zeros(shape, np.uint8)
        for i, spec in enumerate(specs):
            (r1, c1), (r2, c2) = spec.between
            for r, c in spec.between:
                if not (0 <= r < rows and 0 <= c < cols):
                    raise EdgeError(f"edge {i}: row {r}, col {c} is outside the map (rows 0–"
                                    f"{rows - 1}, cols 0–{cols - 1})", i)
            if abs(r1 - r2) + abs(c1 - c2) != 1:
                raise EdgeError(f"edge {i}: [{r1}, {c1}] and [{r2}, {c2}] are not side by "
                                "side (an edge is between two orthogonal neighbours)", i)
            forward = (r2, c2) > (r1, c1)  # the step from the first cell goes east or south
            lo = (r1, c1) if forward else (r2, c2)
            if spec.kind == "one_way":
                if spec.from_ not in ((r1, c1), (r2, c2)):
                    raise EdgeError(f"edge {i}: a one_way edge needs `from`, one of its two "
                                    "cells", i)
                code = EdgeKind.ONE_WAY_FWD if spec.from_ == lo else EdgeKind.ONE_WAY_BACK
            elif spec.from_ is not None:
                raise EdgeError(f"edge {i}: only a one_way edge has a `from`", i)
            else:
                code = _BY_NAME[spec.kind]
            (east if r1 == r2 else south)[lo] = code
        return cls(east, south)

    def specs(self) -> list[EdgeSpec]:
        """The edges as specs (east edges then south edges, row by row)."""
        out: list[EdgeSpec] = []
        for arr, (dr, dc) in ((self.east, (0, 1)), (self.south, (1, 0))):
            for r, c in np.argwhere(arr != EdgeKind.OPEN).tolist():
                code = EdgeKind(int(arr[r, c]))
                a, b = (r, c), (r + dr, c + dc)
                if code in (EdgeKind.ONE_WAY_FWD, EdgeKind.ONE_WAY_BACK):
                    frm = a if code is EdgeKind.ONE_WAY_FWD else b
                    out.append(EdgeSpec.model_validate(
                        {"between": (a, b), "kind": "one_way", "from": frm}))
                else:
                    out.append(EdgeSpec(between=(a, b), kind=code.name.lower()))
        return out

    def window(self, r0: int, r1: int, c0: int, c1: int) -> GridEdges:
        """The edges of rows ``r0..r1 - 1`` and cols ``c0..c1 - 1`` (a cropped map's)."""
        return GridEdges(self.east[r0:r1, c0:c1], self.south[r0:r1, c0:c1])

    def to_json(self) -> list[dict[str, Any]]:
        return [s.dump() for s in self.specs()]

    @classmethod
    def from_json(cls, data: Sequence[Mapping[str, Any]], shape: Pair) -> GridEdges:
        return cls.build([EdgeSpec.model_validate(d) for d in data], shape)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, GridEdges):
            return NotImplemented
        return bool(np.array_equal(self.east, other.east)
                    and np.array_equal(self.south, other.south))

    __hash__ = None  # type: ignore[assignment]


def _shift(arr: npt.NDArray[np.bool_], dr: int, dc: int) -> npt.NDArray[np.bool_]:
    """``out[r, c] = arr[r + dr, c + dc]``, False off the map."""
    rows, cols = arr.shape
    padded = np.zeros((rows + 2, cols + 2), np.bool_)
    padded[1:-1, 1:-1] = arr
    out: npt.NDArray[np.bool_] = padded[1 + dr:1 + dr + rows, 1 + dc:1 + dc + cols]
    return out


def blocked_steps(edges: GridEdges | None, shape: Pair | None = None) -> IntArray:
    """Per cell, the steps the edges refuse, as bits: bit ``k`` of ``out[r, c]`` is set
    when the step from ``(r, c)`` towards ``OFFSETS[k]`` is refused (module docstring).
    All zeros without edges (``shape`` then gives the map's)."""
    if edges is None:
        assert shape is not None
        return np.zeros(shape, np.int64)
    e, s = edges.east, edges.south
    solid_e = np.isin(e, _SOLID)
    solid_s = np.isin(s, _SOLID)
    # blocks a step towards the east / south across it, and towards the west / north
    fwd_e = solid_e | (e == EdgeKind.ONE_WAY_BACK)
    back_e = solid_e | (e == EdgeKind.ONE_WAY_FWD)
    fwd_s = solid_s | (s == EdgeKind.ONE_WAY_BACK)
    back_s = solid_s | (s == EdgeKind.ONE_WAY_FWD)
    # any blocking at all, for the corners diagonals pass
    any_e = fwd_e | back_e
    any_s = fwd_s | back_s
    out = np.zeros(e.shape, np.int64)
    for k, (dr, dc) in enumerate(_OFFSETS):
        if dr == 0:
            hit = fwd_e if dc == 1 else _shift(back_e, 0, -1)
        elif dc == 0:
            hit = fwd_s if dr == 1 else _shift(back_s, -1, 0)
        else:
            ce = 0 if dc == 1 else -1  # the column of the east edges at the corner
            rs = 0 if dr == 1 else -1  # the row of the south edges at the corner
            hit = (_shift(any_e, 0, ce) | _shift(any_e, dr, ce)
                   | _shift(any_s, rs, 0) | _shift(any_s, rs, dc))
        out |= hit.astype(np.int64) << k
    return out


def hide_secret_edges(body: Mapping[str, Any]) -> dict[str, Any]:
    """A map's JSON (``{"grid": GridMap.to_json(), ...}``) as a player sees it: every
    secret door drawn as a plain wall, so nothing tells it from one until it is made a
    door."""
    out = dict(body)
    grid = out.get("grid")
    if isinstance(grid, Mapping) and grid.get("edges"):
        out["grid"] = {**grid, "edges": [
            {**e, "kind": "wall"} if e.get("kind") == "secret_door" else e
            for e in grid["edges"]]}
    return out
