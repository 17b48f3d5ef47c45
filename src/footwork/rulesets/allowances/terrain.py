"""Where each Movement Type can take a creature on a grid map, and what each step costs.

A *spot* is ``(kind, row, col, level, turns)``: ``kind`` is one of the modes below,
``level`` a height in vertical steps, and ``turns`` the submerged/surfaced changes made
so far in the move being searched (R002-12, A002-17: the limit is per Activation). Where
the limit is lifted (a mover's ``turns`` at :data:`UNLIMITED`: an action that lifts it,
A002-27, or the search that explains a refusal) no count is kept: ``turns`` stays what
it was at the start, so a spot is one per (kind, row, col, level) and swimming up and
down beside the surface makes no new spots; a route's changes are then counted from its
steps (:meth:`Terrain.crossings`).

- ``GROUND``: standing on a floor, at its top. Overland steps to a neighbouring floor
  whose top is at most the walk step higher or lower.
- ``WATER``: anywhere from a water cell's bed to its surface; *submerged* below the
  surface. Swim goes across, up and down, and from the surface onto a neighbouring
  surface at most the walk step higher or lower (over a weir, never under).
- ``AIR``: flying above a cell (above its top, below any ceiling). Flight takes off from
  the ground or the water's surface and lands on a floor or the surface.
- ``EARTH``: burrowed under a floor or a lake's bed (not a cell tagged solid), down to
  the burrow depth. Burrow digs down from the ground or the bed, through the earth, and
  back up; burrowed is submerged (so is the water above a bed: no change between them).
- ``WALL``: holding a face (the side of a higher wall, floor or raised pool beside the
  cell): Climb
  goes up, down and along it, steps onto a top at its level and from a top over its
  edge onto the face below (A002-25); a flier lets
  go of it into the air where it is, for no distance (R002-02).
- ``HOP``: in the air during a Jump or Leap (R002-17, R002-23): it starts from the ground
  or the water's surface (the latter only when ``jump.needs_solid_launch`` is off, A002-12:
  a Jump is refused before that), across and up cost their length, coming down is free
  (gravity), and the hop ends on a floor or on water.

Prices (R002-43, A002-16): a step across costs the cell size (a diagonal twice that
under ``manhattan``, sqrt(2) times under ``euclidean``), a step up or down the vertical
step, and an Overland step between floors of different heights both legs.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import numpy as np

from footwork.space.grid import OFFSETS, GridMap, Surface
from footwork.space.levels import HIGH, NONE, GridLevels
from footwork.space.reach import Step

GROUND, WATER, AIR, EARTH, WALL, HOP = range(6)
#: a mover's ``turns`` at this or more: the limit on changes is lifted and not counted
UNLIMITED = 99
KIND_NAMES = ("ground", "water", "air", "earth", "wall", "hop")
MODE_KIND = {"ground": GROUND, "water": WATER, "air": AIR, "earth": EARTH, "wall": WALL}
#: a level lower or higher than any on a map

Spot = tuple[int, int, int, int, int]

_FLOOR, _WALLC, _WATERC, _VOID = (int(Surface.FLOOR), int(Surface.WALL), int(Surface.WATER),
                                  int(Surface.VOID))
_ORTH = [(dr, dc) for dr, dc in OFFSETS if dr == 0 or dc == 0]


@dataclass(frozen=True)
class Mover:
    """What a search may use: the Types (as step styles), the style Climb is charged to,
    how many submerged/surfaced changes the move may make (:data:`UNLIMITED`: any, and
    its steps keep no count), and for a hop the lowest level it may come down to."""

    types: frozenset[str]
    climb_as: str = "climb"
    turns: int = 1
    hop_floor: int = NONE


class Terrain(GridLevels):
    """The map as integer levels (the core's :class:`GridLevels`), and the steps each Type
    may take from a spot."""

    def __init__(self, grid: GridMap, *, metric: str, vertical_step: float,
                 walk_step: float, burrow_depth: float, solid_tags: list[str],
                 skim: bool = True) -> None:
        super().__init__(grid, vertical_step)
        #: R002-04, R002-43: a flier may fly at the height it stands (``distance.skim``)
        self.skim = skim
        self.step = math.floor(walk_step / vertical_step + 1e-9)
        self.metric = metric
        # A002-25 (the s34 review): a pool standing above its neighbour is held up by a
        # side as solid as a floor's, so its side, up to the surface, is a face too (the
        # core's levels count only walls and floors)
        face = self.face_a.copy()
        water = self.surface_a == _WATERC
        for dr, dc in _ORTH:
            r0, r1 = max(0, -dr), self.rows - max(0, dr)
            c0, c1 = max(0, -dc), self.cols - max(0, dc)
            nb_water = water[r0 + dr:r1 + dr, c0 + dc:c1 + dc]
            nb_top = self.top_a[r0 + dr:r1 + dr, c0 + dc:c1 + dc]
            face[r0:r1, c0:c1] = np.maximum(face[r0:r1, c0:c1], np.where(nb_water, nb_top, NONE))
        self.face_a = face
        self.face = face.tolist()
        solid = self.tagged(solid_tags)
        depth = max(1, round(burrow_depth / self.vs))
        # R002-02 (the s34 review): the earth lies under a floor's top and under a lake's
        # bed alike (the bed is ground), as deep under either
        earth = np.where(((self.surface_a == _FLOOR) | water) & ~solid, self.bed_a - depth,
                         HIGH)
        self.earth: list[list[int]] = earth.tolist()
        #: the same as an array (the compiled search stacks it with the other layers)
        self.earth_a = earth.astype(np.int64)
        diag = 2.0 if metric == "manhattan" else math.sqrt(2.0)
        self._offsets = [(dr, dc, self.h * (diag if dr and dc else 1.0), bool(dr and dc), 1 << k)
                         for k, (dr, dc) in enumerate(OFFSETS)]

    def submerged(self, kind: int, r: int, c: int, lv: int) -> bool:
        """R002-12: under the surface of a medium (water or earth)."""
        return kind == EARTH or (kind == WATER and lv < self.top[r][c])

    def can_hold(self, r: int, c: int, lv: int) -> bool:
        """Is there a face to climb at this level in the cell's column?"""
        s = self.surface[r][c]
        if s == _WALLC:
            return False
        if s != _VOID and lv <= self.top[r][c]:
            return False
        return lv <= self.face[r][c] and lv < self.ceil[r][c]

    def open_air(self, r: int, c: int, lv: int) -> bool:
        """Room to fly above the cell at this level."""
        return self.top[r][c] < lv < self.ceil[r][c]

    def _pass(self, kind: int, r: int, c: int, lv: int) -> bool:
        """May a diagonal step cut past the cell (r, c) at this level?"""
        s, t = self.surface[r][c], self.top[r][c]
        if kind == GROUND:
            return s in (_FLOOR, _WATERC, _VOID) and t <= lv + self.step
        if kind == WATER:
            return s == _WATERC and self.bed[r][c] <= lv <= t
        if kind == EARTH:
            return self.earth[r][c] <= lv < self.bed[r][c]
        return self.above(r, c, lv)

    def above(self, r: int, c: int, lv: int) -> bool:
        """Room above the cell at this level, skimming a floor or water (not a wall's top)."""
        t = self.top[r][c]
        return (t < lv if self.surface[r][c] == _WALLC else t <= lv) and lv < self.ceil[r][c]

    # -- steps ----------------------------------------------------------------------

    def steps(self, spot: Spot, mv: Mover) -> list[Step[Spot]]:
        """Every step out of ``spot`` that ``mv`` may take, with its Type and price."""
        kind, r, c, lv, turns = spot
        types = mv.types
        out: list[Step[Spot]] = []
        surface, top, vs = self.surface, self.top, self.vs
        sub = self.submerged(kind, r, c, lv)
        counted = mv.turns < UNLIMITED

        def add(k2: int, r2: int, c2: int, lv2: int, style: str, cost: float) -> None:
            t2 = turns
            if counted:  # R002-12: a step across the surface is a change, within the limit
                t2 += 1 if self.submerged(k2, r2, c2, lv2) != sub else 0
                if t2 > mv.turns:
                    return
            out.append(Step((k2, r2, c2, lv2, t2), style, cost))

        # the steps the map's edges refuse (thin walls between cells; map data, no rule)
        edges = self.blocked[r][c]
        for dr, dc, run, diag, bit in self._offsets:
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < self.rows and 0 <= c2 < self.cols):
                continue
            if edges & bit:
                continue
            if diag and not (self._pass(kind, r + dr, c, lv) and self._pass(kind, r, c + dc, lv)):
                continue
            s2, t2 = surface[r2][c2], top[r2][c2]
            if kind == GROUND:
                if "overland" in types and s2 == _FLOOR and abs(t2 - lv) <= self.step:
                    add(GROUND, r2, c2, t2, "overland", run + abs(t2 - lv) * vs)
                if "swim" in types and s2 == _WATERC and abs(t2 - lv) <= self.step:
                    add(WATER, r2, c2, t2, "swim", run + abs(t2 - lv) * vs)
                if "flight" in types and self.skim:
                    self._skim(add, r2, c2, lv, run)
                # A002-25 (the s33 review): over the edge of a top onto the face below
                # it, as a climber steps off a face onto the top
                if mv.climb_as in types and not diag and self.can_hold(r2, c2, lv):
                    add(WALL, r2, c2, lv, mv.climb_as, run)
            elif kind == WATER:
                if "swim" in types and s2 == _WATERC and self.bed[r2][c2] <= lv <= t2:
                    add(WATER, r2, c2, lv, "swim", run)
                # R002-12, R002-43 (the s33 review): from the surface onto a neighbouring
                # surface a walk step higher or lower, never going under: both legs paid
                if ("swim" in types and s2 == _WATERC and lv == top[r][c] and t2 != lv
                        and abs(t2 - lv) <= self.step):
                    add(WATER, r2, c2, t2, "swim", run + abs(t2 - lv) * vs)
                if ("overland" in types and lv == top[r][c] and s2 == _FLOOR
                        and abs(t2 - lv) <= self.step):
                    add(GROUND, r2, c2, t2, "overland", run + abs(t2 - lv) * vs)
                if "flight" in types and self.skim and lv == top[r][c]:
                    self._skim(add, r2, c2, lv, run)
                # A002-25 (the s34 review): over the rim of a raised pool onto its side
                if (mv.climb_as in types and not diag and lv == top[r][c]
                        and self.can_hold(r2, c2, lv)):
                    add(WALL, r2, c2, lv, mv.climb_as, run)
            elif kind == AIR:
                if "flight" in types:
                    if self.open_air(r2, c2, lv):
                        add(AIR, r2, c2, lv, "flight", run)
                    elif t2 == lv and s2 == _FLOOR and lv < self.ceil[r2][c2]:
                        add(GROUND, r2, c2, lv, "flight", run)
                    elif t2 == lv and s2 == _WATERC:
                        add(WATER, r2, c2, lv, "flight", run)
            elif kind == EARTH:
                if "burrow" in types and self.earth[r2][c2] <= lv < self.bed[r2][c2]:
                    add(EARTH, r2, c2, lv, "burrow", run)
            elif kind == WALL:
                # R002-02 (the s34 review): from a hold at a raised pool's rim into the
                # water, as from the shore: Swim is all in-water movement
                if "swim" in types and not diag and s2 == _WATERC and t2 == lv:
                    add(WATER, r2, c2, lv, "swim", run)
                if mv.climb_as in types and not diag:
                    if self.can_hold(r2, c2, lv):
                        add(WALL, r2, c2, lv, mv.climb_as, run)
                    if s2 == _FLOOR and t2 == lv:
                        add(GROUND, r2, c2, lv, mv.climb_as, run)
                    elif s2 == _WATERC and t2 == lv:  # onto a raised pool (the s34 review)
                        add(WATER, r2, c2, lv, mv.climb_as, run)
            elif kind == HOP and "hop" in types and self.above(r2, c2, lv):
                add(HOP, r2, c2, lv, "hop", run)
        s, t = surface[r][c], top[r][c]
        if kind == GROUND:
            if "flight" in types and lv + 1 < self.ceil[r][c]:
                add(AIR, r, c, lv + 1, "flight", vs)
            if "burrow" in types and self.earth[r][c] <= lv - 1:
                add(EARTH, r, c, lv - 1, "burrow", vs)
            if mv.climb_as in types and self.can_hold(r, c, lv + 1):
                add(WALL, r, c, lv + 1, mv.climb_as, vs)
            if "hop" in types:
                add(HOP, r, c, lv, "hop", 0.0)
        elif kind == WATER:
            if "swim" in types:
                if lv < t:
                    add(WATER, r, c, lv + 1, "swim", vs)
                if lv > self.bed[r][c]:
                    add(WATER, r, c, lv - 1, "swim", vs)
            if lv == t and "flight" in types and lv + 1 < self.ceil[r][c]:
                add(AIR, r, c, lv + 1, "flight", vs)
            if lv == t and mv.climb_as in types and self.can_hold(r, c, lv + 1):
                add(WALL, r, c, lv + 1, mv.climb_as, vs)
            if lv == t and "hop" in types:  # A002-12: off the surface, if the table allows
                add(HOP, r, c, lv, "hop", 0.0)
            # R002-02 (the s34 review): from the lake's bed down into the earth under it
            if "burrow" in types and lv == self.bed[r][c] and self.earth[r][c] <= lv - 1:
                add(EARTH, r, c, lv - 1, "burrow", vs)
        elif kind == AIR and "flight" in types:
            if lv + 1 < self.ceil[r][c]:
                add(AIR, r, c, lv + 1, "flight", vs)
            if lv - 1 > t:
                add(AIR, r, c, lv - 1, "flight", vs)
            elif lv - 1 == t and s == _FLOOR:
                add(GROUND, r, c, t, "flight", vs)
            elif lv - 1 == t and s == _WATERC:
                add(WATER, r, c, t, "flight", vs)
        elif kind == EARTH and "burrow" in types:
            b = self.bed[r][c]
            if lv - 1 >= self.earth[r][c]:
                add(EARTH, r, c, lv - 1, "burrow", vs)
            if lv + 1 < b:
                add(EARTH, r, c, lv + 1, "burrow", vs)
            elif lv + 1 == b and s == _FLOOR:
                add(GROUND, r, c, t, "burrow", vs)
            elif lv + 1 == b and s == _WATERC:  # up through a lake's bed (the s34 review)
                add(WATER, r, c, b, "burrow", vs)
        elif kind == WALL:
            if mv.climb_as in types:
                for lv2 in (lv + 1, lv - 1):
                    if self.can_hold(r, c, lv2):
                        add(WALL, r, c, lv2, mv.climb_as, vs)
                if lv - 1 == t and s == _FLOOR:
                    add(GROUND, r, c, t, mv.climb_as, vs)
                elif lv - 1 == t and s == _WATERC:
                    add(WATER, r, c, t, mv.climb_as, vs)
            # R002-02: Flight is all airborne travel, and a face is held in the air: a
            # flier lets go where it is, no distance (the s31 review)
            if "flight" in types and self.open_air(r, c, lv):
                add(AIR, r, c, lv, "flight", 0.0)
        elif kind == HOP and "hop" in types:
            if lv + 1 < self.ceil[r][c]:
                add(HOP, r, c, lv + 1, "hop", vs)
            if lv - 1 >= max(t, mv.hop_floor):
                add(HOP, r, c, lv - 1, "hop", 0.0)
            if lv == t and s == _FLOOR:
                add(GROUND, r, c, t, "hop", 0.0)
            elif lv == t and s == _WATERC:
                add(WATER, r, c, t, "hop", 0.0)
        return out

    def _skim(self, add: Callable[[int, int, int, int, str, float], None], r2: int, c2: int,
              lv: int, run: float) -> None:
        """R002-04, R002-43 (``distance.skim``): Flight from the ground or the water's
        surface straight across at that height: onto a floor or water level with it, or
        off an edge into the open air; only the distance across is paid."""
        s2, t2 = self.surface[r2][c2], self.top[r2][c2]
        if self.open_air(r2, c2, lv):
            add(AIR, r2, c2, lv, "flight", run)
        elif t2 == lv and s2 == _FLOOR and lv < self.ceil[r2][c2]:
            add(GROUND, r2, c2, lv, "flight", run)
        elif t2 == lv and s2 == _WATERC:
            add(WATER, r2, c2, lv, "flight", run)

    # -- what a spot is ---------------------------------------------------------------

    def resting(self, spot: Spot, hovers: bool) -> bool:
        """Can a move end here? Never mid-hop; in the air only for a creature that flies
        by its own Flight Score."""
        kind = spot[0]
        if kind == HOP:
            return False
        return kind != AIR or hovers

    def crossings(self, start: Spot, keys: Iterable[Spot]) -> int:
        """R002-12, A002-17: how many steps of a route from ``start`` through ``keys``
        cross between submerged and surfaced (its changes, whether or not the search
        counted them in its spots)."""
        n = 0
        was = self.submerged(*start[:4])
        for key in keys:
            now = self.submerged(*key[:4])
            n += now != was
            was = now
        return n

    def medium_of(self, spot: Spot) -> str:
        kind = spot[0]
        return "water" if kind == WATER else "earth" if kind == EARTH else "air"

    def distance(self, a: tuple[int, int, float], b: tuple[int, int, float]) -> float:
        """A002-16: the distance between two positions (row, col, z) on an open grid."""
        dr, dc = abs(a[0] - b[0]), abs(a[1] - b[1])
        if self.metric == "manhattan":
            across = (dr + dc) * self.h
        else:
            across = (max(dr, dc) - min(dr, dc) + math.sqrt(2.0) * min(dr, dc)) * self.h
        return across + abs(a[2] - b[2])
