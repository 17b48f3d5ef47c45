"""Where each Movement Style can take a character on a grid map, and what each step costs.

This is the movement graph of `styles` (R001-26..37) on a 2.5D grid. A *spot* is a
tuple ``(kind, row, col, level, extra)``:

- ``GROUND``: standing on a floor, at its level.
- ``WATER``: in water, from its bed up to its surface.
- ``WALL``: holding a wall, a cliff face or a ceiling, in the column of a cell that is
  not a wall (the face belongs to a neighbour, the ceiling is overhead).
- ``AIR``: in the middle of a jump, at the height it was launched from.
- ``FLY`` and ``LEVITATE``: aloft above a cell (the Uncommon styles).
- ``FALLEN``: where a fall landed; nothing moves on from it in the same Move. Its
  ``extra`` is the level the fall started from (a ``level`` of ``NONE`` is a void).

For the other kinds ``extra`` is the parity of diagonal steps so far (A001-17's
alternate rule; always 0 under the other rules). Heights are *levels*: multiples of
the vertical step option.

For ``AIR`` the ``extra`` also holds the hop's run so far (see :data:`HOP_RUNS`), so that
its landing can be priced from the take-off.

Prices (A001-17, A001-18): a horizontal step costs its length (the diagonal option)
times the cell size; a vertical step costs the vertical step. A hop that lands higher
than it left, or lower by more than the walk step, costs the straight line from take-off
to landing: its run across the cells and its rise or drop (``sqrt(run^2 + rise^2)``), its
landing step paying what the flight so far has not. Its way is checked as a level flight:
through open air at the launch height, over cells no higher than it (so a hop never
passes through a wall or a block above its launch), landing under the landing cell's
ceiling. A hop onto lower ground lands, it does not fall (R001-32).
Walking costs double while prone (R001-29).
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass

from footwork.rulesets.styles.ranges import MAX_DASHES
from footwork.space.grid import OFFSETS, Diagonal, GridMap, Surface
from footwork.space.levels import HIGH, NONE, GridLevels
from footwork.space.reach import Step

GROUND, WATER, WALL, AIR, FLY, LEVITATE, FALLEN = range(7)
KIND_NAMES = ("ground", "water", "wall", "air", "fly", "levitate", "fallen")
#: the spots where a style, not a floor or water, holds the body up (model.ALOFT)
_HELD_UP = frozenset({WALL, FLY, LEVITATE})
MODE_KIND = {"ground": GROUND, "water": WATER, "wall": WALL, "fly": FLY,
             "levitate": LEVITATE}

Spot = tuple[int, int, int, int, int]
__all__ = [
    "AIR",
    "FALLEN",
    "FLY",
    "GROUND",
    "HIGH",
    "HOP_RUNS",
    "KIND_NAMES",
    "LEVITATE",
    "MODE_KIND",
    "NONE",
    "WALL",
    "WATER",
    "Mover",
    "Spot",
    "Terrain",
]

_FLOOR, _WALLC, _WATERC, _VOID = (int(Surface.FLOOR), int(Surface.WALL), int(Surface.WATER),
                                  int(Surface.VOID))
_ORTH = ((-1, 0), (0, 1), (1, 0), (0, -1))


#: an ``AIR`` spot's ``extra``: the diagonal parity (bit 0) and the hop's run so far, as
#: ``a`` cell sizes and ``b`` diagonals of the `euclidean` rule (``a * h + b * diagonal``):
#: ``parity + 2 * (a + HOP_RUNS * b)``. A hop is never flown as far as this many cells
#: (it would cost far more than any pool).
HOP_RUNS = 4096


def hop_extra(parity: int, a: int, b: int) -> int:
    """An ``AIR`` spot's ``extra`` (:data:`HOP_RUNS`)."""
    return parity + 2 * (a + HOP_RUNS * b)


def hop_run(extra: int) -> tuple[int, int, int]:
    """An ``AIR`` spot's ``extra`` read back: (parity, a, b)."""
    runs = extra >> 1
    return extra & 1, runs % HOP_RUNS, runs // HOP_RUNS


def hop_line(run: float, rise: float) -> float:
    """A001-17, A001-18: the straight line of a hop's run and rise (the compiled search
    computes it the same way, to the bit)."""
    return math.sqrt(run * run + rise * rise)


@dataclass(frozen=True)
class Mover:
    """What a search may use: the styles with something left, and the Walk price factor."""

    styles: frozenset[str]
    walk_factor: float = 1.0
    #: may found ways touch down on hazard cells?
    hazards_ok: bool = False


#: the longest a step can be: a Double style's 8u doubled by each of the most Dashes a
#: table may allow in a turn (R001-12, A001-03); a stroke longer than that is never paid
MAX_STEP_U = 8.0 * 2 ** MAX_DASHES


def slant_levels(t: GridLevels) -> int:
    """How many levels one slanting stroke may rise or sink (R001-35, A001-17): as deep as
    the deepest water, but never more than a step any style could pay for."""
    water = t.surface_a == _WATERC
    deepest = int((t.top_a[water] - t.bed_a[water]).max()) if water.any() else 0
    most: int = math.floor(MAX_STEP_U / float(t.vs) + 1e-9)
    return max(0, min(deepest, most))


class Terrain(GridLevels):
    """The map as integer levels (the core's :class:`GridLevels`), and the steps each
    style may take from a spot."""

    def __init__(self, grid: GridMap, *, diagonal: Diagonal, vertical_step: float,
                 walk_step: float, hazard_tags: list[str], obscuring_tags: list[str]) -> None:
        super().__init__(grid, vertical_step)
        self.diagonal = diagonal
        self.step = math.floor(walk_step / vertical_step + 1e-9)
        self.hazard_a = self.tagged(hazard_tags)
        self.obscured_a = self.tagged(obscuring_tags)
        self.hazard: list[list[bool]] = self.hazard_a.tolist()
        self.climbable: list[list[bool]] = grid.climbable.tolist()
        self.obscured: list[list[bool]] = self.obscured_a.tolist()
        diag_len = {Diagonal.ONE: 1.0, Diagonal.EUCLIDEAN: math.sqrt(2.0),
                    Diagonal.ALTERNATE: 1.0}[diagonal]
        self._offsets = [(dr, dc, dr != 0 and dc != 0, 1 << k)
                         for k, (dr, dc) in enumerate(OFFSETS)]
        self._diag_len = diag_len * self.h
        self.slant = slant_levels(self)

    def base(self, r: int, c: int) -> int:
        """The level a character stands or floats at in a cell (NONE over a void)."""
        return self.top[r][c]

    def can_hold(self, r: int, c: int, lv: int) -> bool:
        """Is there a face or a ceiling to climb at this level in the cell's column?"""
        s = self.surface[r][c]
        if s == _WALLC or (lv <= self.top[r][c] and s != _VOID):
            return False
        ceil = self.ceil[r][c]
        if lv > ceil:
            return False
        return lv <= self.face[r][c] or (lv == ceil and self.hanging[r][c])

    def holds(self, r: int, c: int, lv: int, nr: int, nc: int) -> bool:
        """Does a climber in the column of (r, c) at ``lv`` hold the side of the orthogonal
        neighbour (nr, nc): a climbable wall or floor whose top reaches ``lv``?"""
        if not (0 <= nr < self.rows and 0 <= nc < self.cols) or abs(nr - r) + abs(nc - c) != 1:
            return False
        s = self.surface[nr][nc]
        return (s in (_WALLC, _FLOOR)) and self.climbable[nr][nc] and self.top[nr][nc] >= lv

    def hangs(self, r: int, c: int, lv: int) -> bool:
        """Does a climber at ``lv`` hang from a climbable ceiling over (r, c)?"""
        return lv == self.ceil[r][c] and self.hanging[r][c]

    def climb_link(self, frm: Spot, to: Spot) -> bool:
        """R001-34, R001-32: a Climb step keeps to one continuous surface; open air between
        two holds is jumped, never climbed. Symmetric in ``frm`` and ``to``.

        - up or down one column: a face held at both heights (from or onto the cell's own
          floor or water: any face rising from it);
        - across at one height: the same ceiling, the same face (a corner cell both hold),
          or two faces side by side in one plane (each end holds the neighbour on the
          same side, and those two neighbours touch);
        - between a face and a floor within a stride: the floor is beside the climber's
          column, or a corner cell between them is held.
        """
        if frm[0] != WALL:
            frm, to = to, frm
        if frm[0] != WALL:
            return False
        _, r, c, lv, _ = frm
        kind2, r2, c2, lv2, _ = to
        if (r, c) == (r2, c2):
            if kind2 == WALL:
                lv = max(lv, lv2)
            return any(self.holds(r, c, lv, r + dr, c + dc) for dr, dc in _ORTH)
        orth = abs(r2 - r) + abs(c2 - c) == 1
        if kind2 == WALL:
            if self.hangs(r, c, lv) and self.hangs(r2, c2, lv2):
                return True
            for dr, dc in _ORTH:
                nr, nc = r + dr, c + dc
                if not self.holds(r, c, lv, nr, nc):
                    continue
                if orth and self.holds(r2, c2, lv2, r2 + dr, c2 + dc):
                    return True  # two faces side by side in one plane
                if self.holds(r2, c2, lv2, nr, nc):
                    return True  # one face (a corner cell) both hold
            return False
        if orth:
            return True  # onto (or off) the top of the floor beside the column
        # diagonal: across a corner cell the climber holds
        return self.holds(r, c, lv, r2, c) or self.holds(r, c, lv, r, c2)

    def open_air(self, r: int, c: int, lv: int, *, touching: bool) -> bool:
        """Is there room above the cell at this level? ``touching`` allows skimming its top
        (a jump passes over flat ground); aloft, a flier must be above it."""
        if lv >= self.ceil[r][c]:
            return False
        t = self.top[r][c]
        return t <= lv if touching else t < lv

    def cuts_corner(self, r: int, c: int, dr: int, dc: int, lv: int) -> bool:
        """A001-17: would a diagonal from (r, c) by (dr, dc) at ``lv`` cut a corner? The rule
        of every step (a style's, or a current's drift)."""
        return self._corner_blocked(r, c, dr, dc, lv)

    def _corner_blocked(self, r: int, c: int, dr: int, dc: int, lv: int) -> bool:
        """A diagonal step may not cut the corner of something taller (A001-17)."""
        for rr, cc in ((r + dr, c), (r, c + dc)):
            s = self.surface[rr][cc]
            if (s == _WALLC and self.top[rr][cc] > lv) or (
                    s == _FLOOR and self.top[rr][cc] > lv + self.step):
                return True
        return False

    # -- steps ----------------------------------------------------------------------

    def steps(self, spot: Spot, mover: Mover) -> list[Step[Spot]]:
        """Every step out of ``spot`` that ``mover`` may take, with its style and price."""
        kind, r, c, lv, p = spot
        if kind == FALLEN:
            return []
        a0 = b0 = 0
        if kind == AIR:
            p, a0, b0 = hop_run(p)
        euclid = self.diagonal is Diagonal.EUCLIDEAN
        styles = mover.styles
        out: list[Step[Spot]] = []
        add = out.append
        h, vs, step = self.h, self.vs, self.step
        surface, top = self.surface, self.top
        alternate = self.diagonal is Diagonal.ALTERNATE
        # the steps the map's edges refuse (thin walls between cells; map data, no rule)
        edges = self.blocked[r][c]
        for dr, dc, diag, bit in self._offsets:
            r2, c2 = r + dr, c + dc
            if not (0 <= r2 < self.rows and 0 <= c2 < self.cols):
                continue
            if edges & bit:
                continue
            if diag and self._corner_blocked(r, c, dr, dc, lv):
                continue
            # da, db: the step's run in cell sizes and in euclidean diagonals (a hop's run)
            if diag:
                if alternate:
                    run, p2, da, db = (2.0 * h if p else h), 1 - p, (2 if p else 1), 0
                else:
                    run, p2 = self._diag_len, p
                    da, db = (0, 1) if euclid else (1, 0)
            else:
                run, p2, da, db = h, p, 1, 0
            s2, t2 = surface[r2][c2], top[r2][c2]
            if kind == GROUND:
                if "walk" in styles:
                    cost = run * mover.walk_factor
                    if s2 == _FLOOR:
                        if abs(t2 - lv) <= step:
                            if mover.hazards_ok or not self.hazard[r2][c2]:
                                add(Step((GROUND, r2, c2, t2, p2), "walk", cost))
                        elif t2 < lv and (mover.hazards_ok or not self.hazard[r2][c2]):
                            # R001-26: stepping off an edge is a Fall
                            add(Step((FALLEN, r2, c2, t2, lv), "walk", cost))
                    elif s2 == _WATERC and t2 <= lv + step and (
                            t2 < lv - step or "swim" not in styles):
                        # R001-26: water is no solid surface: a Walk into it Falls, from
                        # any height within the stride (0u from a bank at its level).
                        # Within the stride a mover with Swim slips in by a Swim step
                        # instead (the same place, not a fall): its searches never take
                        # this one, though a plan naming a Walk there is a fall (a
                        # walk-only mover)
                        add(Step((FALLEN, r2, c2, t2, max(lv, t2)), "walk", cost))
                    elif s2 == _VOID:
                        # R001-26, A001-14: no surface at all: a Fall into the void
                        add(Step((FALLEN, r2, c2, NONE, lv), "walk", cost))
                if "swim" in styles and s2 == _WATERC and abs(t2 - lv) <= step:
                    add(Step((WATER, r2, c2, t2, p2), "swim", run))
                if "jump" in styles:
                    self._hop(out, r2, c2, lv, run, p2, mover, 0, 0, da, db)
                if "climb" in styles:
                    # over the edge onto the face below it, as the way up in reverse
                    for lv2 in range(lv, lv - step - 1, -1):
                        if self.can_hold(r2, c2, lv2) and self.climb_link(
                                (WALL, r2, c2, lv2, p2), spot):
                            add(Step((WALL, r2, c2, lv2, p2), "climb", run))
            elif kind == AIR:
                if "jump" in styles:
                    self._hop(out, r2, c2, lv, run, p2, mover, a0, b0, da, db)
            elif kind == WATER:
                if "swim" in styles and s2 == _WATERC:
                    # R001-35, A001-17: a stroke goes in any direction, across and up or
                    # down at once, priced by its straight line
                    lo = max(self.bed[r2][c2], lv - self.slant)
                    for lv2 in range(lo, min(t2, lv + self.slant) + 1):
                        if diag and lv2 < lv and self._corner_blocked(r, c, dr, dc, lv2):
                            continue  # a diagonal stroke clears the corner at its low end
                        cost = run if lv2 == lv else math.hypot(run, (lv2 - lv) * vs)
                        add(Step((WATER, r2, c2, lv2, p2), "swim", cost))
                if ("walk" in styles and lv == top[r][c] and s2 == _FLOOR
                        and abs(t2 - lv) <= step
                        and (mover.hazards_ok or not self.hazard[r2][c2])):
                    add(Step((GROUND, r2, c2, t2, p2), "walk", run * mover.walk_factor))
            elif kind == WALL:
                if "climb" in styles:
                    if self.can_hold(r2, c2, lv) and self.climb_link(
                            spot, (WALL, r2, c2, lv, p2)):
                        add(Step((WALL, r2, c2, lv, p2), "climb", run))
                    if (s2 == _FLOOR and abs(t2 - lv) <= step
                            and (mover.hazards_ok or not self.hazard[r2][c2])
                            and self.climb_link(spot, (GROUND, r2, c2, t2, p2))):
                        add(Step((GROUND, r2, c2, t2, p2), "climb", run))
            elif kind == FLY and "fly" in styles and self.open_air(r2, c2, lv, touching=False):
                add(Step((FLY, r2, c2, lv, p2), "fly", run))
            if kind in _HELD_UP:
                # R001-10, R001-15 (the s34 review): a body held up by one style may spend
                # Movement in another at any time: a climber takes wing off the face, a
                # flier or levitator takes hold of the face beside it
                if kind != FLY and "fly" in styles and self.open_air(r2, c2, lv, touching=False):
                    add(Step((FLY, r2, c2, lv, p2), "fly", run))
                if kind != WALL and "climb" in styles and self.can_hold(r2, c2, lv):
                    add(Step((WALL, r2, c2, lv, p2), "climb", run))
        # vertical steps
        s, t = surface[r][c], top[r][c]
        if kind == GROUND:
            if ("climb" in styles and self.can_hold(r, c, lv + 1)
                    and self.climb_link((WALL, r, c, lv + 1, p), spot)):
                add(Step((WALL, r, c, lv + 1, p), "climb", vs))
            if "fly" in styles and self.open_air(r, c, lv + 1, touching=False):
                add(Step((FLY, r, c, lv + 1, p), "fly", vs))
            if "levitate" in styles and self.open_air(r, c, lv + 1, touching=False):
                add(Step((LEVITATE, r, c, lv + 1, p), "levitate", vs))
        elif kind == WATER:
            if "swim" in styles:
                if lv < t:
                    add(Step((WATER, r, c, lv + 1, p), "swim", vs))
                if lv > self.bed[r][c]:
                    add(Step((WATER, r, c, lv - 1, p), "swim", vs))
            if lv == t:
                if ("climb" in styles and self.can_hold(r, c, lv + 1)
                        and self.climb_link((WALL, r, c, lv + 1, p), spot)):
                    add(Step((WALL, r, c, lv + 1, p), "climb", vs))
                if "fly" in styles and self.open_air(r, c, lv + 1, touching=False):
                    add(Step((FLY, r, c, lv + 1, p), "fly", vs))
                if "levitate" in styles and self.open_air(r, c, lv + 1, touching=False):
                    add(Step((LEVITATE, r, c, lv + 1, p), "levitate", vs))
        elif kind == WALL:
            if "climb" in styles:
                for lv2 in (lv + 1, lv - 1):
                    if self.can_hold(r, c, lv2) and self.climb_link(spot, (WALL, r, c, lv2, p)):
                        add(Step((WALL, r, c, lv2, p), "climb", vs))
                held = self.climb_link(spot, (GROUND, r, c, t, p))
                if (lv - 1 == t and s == _FLOOR and held
                        and (mover.hazards_ok or not self.hazard[r][c])):
                    add(Step((GROUND, r, c, t, p), "climb", vs))
                elif lv - 1 == t and s == _WATERC and held:
                    add(Step((WATER, r, c, t, p), "climb", vs))
        elif kind in (FLY, LEVITATE):
            name = "fly" if kind == FLY else "levitate"
            if name in styles:
                for lv2 in (lv + 1, lv - 1):
                    if self.open_air(r, c, lv2, touching=False):
                        add(Step((kind, r, c, lv2, p), name, vs))
                if lv - 1 == t and s == _FLOOR and (mover.hazards_ok or not self.hazard[r][c]):
                    add(Step((GROUND, r, c, t, p), name, vs))
                elif lv - 1 == t and s == _WATERC:
                    add(Step((WATER, r, c, t, p), name, vs))
        if kind in _HELD_UP:
            # the change of style up or down the column (the s34 review, as above)
            for lv2 in (lv + 1, lv - 1):
                for kind2, name in ((FLY, "fly"), (LEVITATE, "levitate"), (WALL, "climb")):
                    if kind2 == kind or name not in styles:
                        continue
                    if (self.can_hold(r, c, lv2) if kind2 == WALL
                            else self.open_air(r, c, lv2, touching=False)):
                        add(Step((kind2, r, c, lv2, p), name, vs))
        return out

    def _hop(self, out: list[Step[Spot]], r2: int, c2: int, lv: int, run: float, p2: int,
             mover: Mover, a0: int, b0: int, da: int, db: int) -> None:
        """A jump's step into the cell (r2, c2): on through the air, or a landing (R001-32).
        ``a0``, ``b0``: the hop's run so far (:data:`HOP_RUNS`); ``da``, ``db``: this step's.

        R001-32, A001-17, A001-18: a landing higher or lower than the launch (by a walk
        step too, rule questions) costs the straight line from take-off to landing, its run across
        the cells and its rise or drop, less what the flight so far has paid (its run): a
        hop onto a ledge three cells away and 2u up costs sqrt(13), not a level flight and
        then a slope. Its way is the level flight's (open air at the launch height)."""
        s2, t2 = self.surface[r2][c2], self.top[r2][c2]
        a, b = a0 + da, b0 + db
        if self.open_air(r2, c2, lv, touching=True) and a < HOP_RUNS and b < HOP_RUNS:
            out.append(Step((AIR, r2, c2, lv, hop_extra(p2, a, b)), "jump", run))
        if s2 == _FLOOR and (mover.hazards_ok or not self.hazard[r2][c2]):
            rise = t2 - lv
            # rule questions (A001-18): any landing off the launch height, a step below included,
            # is the straight line's displacement; only a level landing is the run alone
            if (rise > 0 and t2 < self.ceil[r2][c2]) or rise < 0:
                line = hop_line(a * self.h + b * self._diag_len, rise * self.vs)
                out.append(Step((GROUND, r2, c2, t2, p2), "jump",
                                line - (a0 * self.h + b0 * self._diag_len)))
            elif rise == 0:
                out.append(Step((GROUND, r2, c2, t2, p2), "jump", run))
        elif s2 == _WATERC:
            rise = t2 - lv
            # R001-32 (s30 review): water is no solid surface, so a hop that ends over
            # water lower than its launch, by a walk step or less too, ends in the air at
            # the launch height (its run) and falls in; level water takes it at the run;
            # A001-18: up into higher water, as onto a ledge, its straight line (the s32
            # review: any height a ledge may have, not only a walk step)
            if rise == 0:
                out.append(Step((WATER, r2, c2, t2, p2), "jump", run))
            elif rise > 0 and t2 < self.ceil[r2][c2]:
                line = hop_line(a * self.h + b * self._diag_len, rise * self.vs)
                out.append(Step((WATER, r2, c2, t2, p2), "jump",
                                line - (a0 * self.h + b0 * self._diag_len)))
            elif rise < 0:
                out.append(Step((FALLEN, r2, c2, t2, lv), "jump", run))

    # -- what a spot is ---------------------------------------------------------------

    def fall_from(self, r: int, c: int, lv: int) -> Spot:
        """Where a fall from this height in this column lands (A001-14: at once)."""
        return (FALLEN, r, c, self.top[r][c] if self.surface[r][c] != _VOID else NONE, lv)

    def touches_down(self, spot: Spot) -> bool:
        """A001-19 (our reading): does arriving at ``spot`` touch down on its cell's floor,
        standing there or landing there from a fall? Water is no floor: being in it, by a
        stroke or a fall, touches nothing down (the s32 review)."""
        kind, r, c = spot[0], spot[1], spot[2]
        return kind == GROUND or (kind == FALLEN and self.surface[r][c] == _FLOOR)

    def resting(self, spot: Spot) -> bool:
        """Can a Move end here without falling?"""
        return spot[0] != AIR

    def spots_at(self, r: int, c: int) -> Iterator[int]:
        """The kinds a character may occupy in a cell, for messages."""
        s = self.surface[r][c]
        if s == _FLOOR:
            yield GROUND
        if s == _WATERC:
            yield WATER
