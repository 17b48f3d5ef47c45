"""The `styles` terrain described for the core's compiled search.

:mod:`footwork.space.movegraph` holds the one compiled search of the grid rulesets and the
movement graph it runs over (steps as arrays, generated on demand, cached). What this
module adds is the `styles` part: the steps of
:meth:`Terrain.steps <footwork.rulesets.styles.terrain.Terrain.steps>`, written as numba
kernels that read the terrain's integer level layers, and :func:`fast_reach`, which asks
the core to search them.

- ``_expand`` and its helpers give the steps out of one spot, in exactly the order
  ``Terrain.steps`` lists them, over the layers of a window of the map (its coordinates:
  :class:`~footwork.space.window.LayerWindow`); ``_expand_batch``
  does it for a batch of spots, as :class:`~footwork.space.movegraph.MovementGraph`
  asks, and tags each step: :data:`TAG_FALL` for a fall, :data:`TAG_HAZARD` for a
  touch-down on a hazard cell.
- The irrational prices are computed alike in both searches, to the bit: a hop's
  landing higher or much lower than its launch is ``sqrt(run^2 + rise^2)`` written out
  (:func:`~footwork.rulesets.styles.terrain.hop_line`; the kernels' ``math.sqrt`` is
  the IEEE one), less the run flown so far; a slanting stroke (``hypot`` of its run and
  rise) is read from a table that Python's :func:`math.hypot` fills. The table grows when
  a batch meets a rise it does not hold yet (the batch says so and is run again).
- Each terrain keeps its layer window, its stroke table and one movement graph per
  mover profile (the styles it may use, the Walk price factor, whether it may touch down
  on hazards), while the terrain lives. A search first closes the graph by cost: every
  spot the pool could pay to reach from the start is expanded (and a ring or two more),
  so a second search from a place already covered only searches. Closing and searching
  a terrain's graphs hold its lock: the graph grows as
  it is closed and the search borrows its scratch, and the kernels release the GIL.

:func:`fast_reach` is then the core's capacity-dominance search
(:func:`footwork.space.movegraph.search`, mode 0) and returns the pure search's answer:
the same keys in the same order, the same fronts, the same cheapest plans
(``tests/rulesets/styles/test_fastreach.py`` holds it to that). :func:`plain_costs` is
the core's one-resource search over the same graph, the benchmark's practical limit.

numba comes with footwork (a main dependency) but may fail to import on some machines:
:mod:`footwork.space.compiled` says when the kernels are compiled, and :func:`fast_reach`
returns ``None`` while they are not ready, so that the caller runs the pure search
instead. Compiled code is cached on disk in the user's cache folder
(:func:`footwork.space.compiled.cache_dir`).
"""

from __future__ import annotations

import contextlib
import math
import threading
import weakref
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    FLY,
    GROUND,
    HOP_RUNS,
    LEVITATE,
    NONE,
    WALL,
    WATER,
    Mover,
    Spot,
    Terrain,
)
from footwork.space import compiled as compiled_policy
from footwork.space import movegraph
from footwork.space.grid import OFFSETS, Diagonal, Surface
from footwork.space.kernels import grow_steps as _grow_steps
from footwork.space.kernels import load_kernel, reach_from_arrays
from footwork.space.movegraph import MovementGraph
from footwork.space.reach import EPS, Budget, Reach
from footwork.space.window import LayerWindow

__all__ = ["STYLE_CODES", "TAG_FALL", "TAG_HAZARD", "compiled", "fast_reach", "graph_for",
           "plain_costs", "warm_up"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

#: the styles the kernels know, by code (a step's style code in the movement graph)
STYLE_CODES = ("walk", "jump", "climb", "swim", "fly", "levitate")
_WALK, _JUMP, _CLIMB, _SWIM, _FLY, _LEVITATE = range(6)
#: the tag bits of a step: a fall (it lands a FALLEN spot), a touch-down (on the ground or
#: a fall's landing) in a hazard cell
TAG_FALL, TAG_HAZARD = 1, 2
_FLOOR, _WALLC, _WATERC, _VOID = (int(Surface.FLOOR), int(Surface.WALL), int(Surface.WATER),
                                  int(Surface.VOID))
# the rows of the stacked layer array
_SURF, _TOP, _BED, _CEIL, _FACE, _HANG, _HAZ, _CLIMBABLE, _EDGES = range(9)
#: the orthogonal directions, in Terrain's order (_ORTH)
_OR = (-1, 0, 1, 0)
_OC = (0, 1, 0, -1)
_DR = tuple(dr for dr, _ in OFFSETS)
_DC = tuple(dc for _, dc in OFFSETS)


# -- the kernels (plain Python here; compiled by numba) ----------------------------------------
#
# Each function below mirrors a piece of terrain.py: keep them in step with it. Spots are
# (kind, row, col, level, extra) in the coordinates of L, the layers stacked over a window
# of the map (the expander moves spots into them and the steps back).


def _max_steps(step: int, slant: int) -> int:
    """The most steps one spot has: per direction a walk, a swim (2 * slant + 1 strokes),
    two of a jump and (walk step + 1) climbs over an edge; then 10 vertical ones (a body
    held up changing style, up or down, with its own two and a landing)."""
    return 8 * (step + 5 + 2 * slant) + 10


def _can_hold(L: IntArray, r: int, c: int, lv: int) -> bool:
    """Terrain.can_hold."""
    s = L[_SURF, r, c]
    if s == _WALLC or (lv <= L[_TOP, r, c] and s != _VOID):
        return False
    ceil = L[_CEIL, r, c]
    if lv > ceil:
        return False
    return bool(lv <= L[_FACE, r, c] or (lv == ceil and L[_HANG, r, c] != 0))


def _holds(L: IntArray, r: int, c: int, lv: int, nr: int, nc: int) -> bool:
    """Terrain.holds."""
    if nr < 0 or nr >= L.shape[1] or nc < 0 or nc >= L.shape[2]:
        return False
    if abs(nr - r) + abs(nc - c) != 1:
        return False
    s = L[_SURF, nr, nc]
    return bool((s == _WALLC or s == _FLOOR) and L[_CLIMBABLE, nr, nc] != 0  # noqa: SIM109 (numba)
                and L[_TOP, nr, nc] >= lv)


def _hangs(L: IntArray, r: int, c: int, lv: int) -> bool:
    """Terrain.hangs."""
    return bool(lv == L[_CEIL, r, c] and L[_HANG, r, c] != 0)


def _climb_link(L: IntArray, k1: int, r1: int, c1: int, lv1: int, k2: int, r2: int, c2: int,
                lv2: int) -> bool:
    """Terrain.climb_link (R001-34, R001-32)."""
    if k1 == WALL:
        return _climb_from(L, r1, c1, lv1, k2, r2, c2, lv2)
    if k2 == WALL:
        return _climb_from(L, r2, c2, lv2, k1, r1, c1, lv1)
    return False


def _climb_from(L: IntArray, r1: int, c1: int, lv1: int, k2: int, r2: int, c2: int,
                lv2: int) -> bool:
    """_climb_link from a hold (r1, c1, lv1) to the other spot."""
    if r1 == r2 and c1 == c2:
        lv = lv1
        if k2 == WALL and lv2 > lv:
            lv = lv2
        for q in range(4):  # noqa: SIM110 (numba compiles no generators)
            if _holds(L, r1, c1, lv, r1 + _OR[q], c1 + _OC[q]):
                return True
        return False
    orth = abs(r2 - r1) + abs(c2 - c1) == 1
    if k2 == WALL:
        if _hangs(L, r1, c1, lv1) and _hangs(L, r2, c2, lv2):
            return True
        for q in range(4):
            nr = r1 + _OR[q]
            nc = c1 + _OC[q]
            if not _holds(L, r1, c1, lv1, nr, nc):
                continue
            if orth and _holds(L, r2, c2, lv2, r2 + _OR[q], c2 + _OC[q]):
                return True
            if _holds(L, r2, c2, lv2, nr, nc):
                return True
        return False
    if orth:
        return True
    # diagonal: across a corner cell the climber holds
    return bool(_holds(L, r1, c1, lv1, r2, c1) or _holds(L, r1, c1, lv1, r1, c2))


def _open_air(L: IntArray, r: int, c: int, lv: int, touching: bool) -> bool:
    """Terrain.open_air."""
    if lv >= L[_CEIL, r, c]:
        return False
    t = L[_TOP, r, c]
    return bool(t <= lv) if touching else bool(t < lv)


def _corner_blocked(L: IntArray, r: int, c: int, dr: int, dc: int, lv: int,
                    step: int) -> bool:
    """Terrain._corner_blocked."""
    for q in range(2):
        rr = r + dr if q == 0 else r
        cc = c if q == 0 else c + dc
        s = L[_SURF, rr, cc]
        t = L[_TOP, rr, cc]
        if (s == _WALLC and t > lv) or (s == _FLOOR and t > lv + step):
            return True
    return False


def _emit(bi: IntArray, bf: FloatArray, n: int, kind: int, r: int, c: int, lv: int, ex: int,
          style: int, cost: float) -> int:
    bi[n, 0] = kind
    bi[n, 1] = r
    bi[n, 2] = c
    bi[n, 3] = lv
    bi[n, 4] = ex
    bi[n, 5] = style
    bf[n] = cost
    return n + 1


def _hop(L: IntArray, r2: int, c2: int, lv: int, run: float, p2: int, hz_ok: bool,
         step: int, a0: int, b0: int, da: int, db: int, h: float, vs: float,
         diag_len: float, bi: IntArray, bf: FloatArray, n: int) -> int:
    """Terrain._hop: on through the air (the hop's run so far in the AIR spot's extra,
    terrain.HOP_RUNS), or a landing; one higher or lower (a walk step too, rule questions) costs
    the straight line from take-off (terrain.hop_line) less the run flown so far."""
    s2 = L[_SURF, r2, c2]
    t2 = L[_TOP, r2, c2]
    a = a0 + da
    b = b0 + db
    if _open_air(L, r2, c2, lv, True) and a < HOP_RUNS and b < HOP_RUNS:
        n = _emit(bi, bf, n, AIR, r2, c2, lv, p2 + 2 * (a + HOP_RUNS * b), _JUMP, run)
    if s2 == _FLOOR and (hz_ok or L[_HAZ, r2, c2] == 0):
        rise = t2 - lv
        if (rise > 0 and t2 < L[_CEIL, r2, c2]) or rise < 0:
            far = a * h + b * diag_len
            up = rise * vs
            line = math.sqrt(far * far + up * up)
            n = _emit(bi, bf, n, GROUND, r2, c2, t2, p2, _JUMP,
                      line - (a0 * h + b0 * diag_len))
        elif rise == 0:
            n = _emit(bi, bf, n, GROUND, r2, c2, t2, p2, _JUMP, run)
    elif s2 == _WATERC:
        rise = t2 - lv
        if rise == 0:  # level water: the run; lower water: a fall in (R001-32)
            n = _emit(bi, bf, n, WATER, r2, c2, t2, p2, _JUMP, run)
        elif rise > 0 and t2 < L[_CEIL, r2, c2]:  # A001-18: up into water, as onto a
            # ledge, its line (s32 review: any height)
            far = a * h + b * diag_len
            up = rise * vs
            line = math.sqrt(far * far + up * up)
            n = _emit(bi, bf, n, WATER, r2, c2, t2, p2, _JUMP,
                      line - (a0 * h + b0 * diag_len))
        elif rise < 0:
            n = _emit(bi, bf, n, FALLEN, r2, c2, t2, lv, _JUMP, run)
    return n


def _expand(L: IntArray, kind: int, r: int, c: int, lv: int, p: int, allow: BoolArray,
            hz_ok: bool, wf: float, h: float, vs: float, diag_len: float, step: int,
            alternate: bool, euclid: bool, slant: int, hyp: FloatArray, bi: IntArray,
            bf: FloatArray) -> int:
    """Terrain.steps, for the styles ``allow`` marks: writes the steps into ``bi`` (kind,
    row, col, level, extra, style) and ``bf`` (cost); returns how many (negative: the
    stroke table is too short, see _expand_batch)."""
    if kind == FALLEN:
        return 0
    a0 = 0
    b0 = 0
    if kind == AIR:  # terrain.hop_run
        runs = p >> 1
        a0 = runs % HOP_RUNS
        b0 = runs // HOP_RUNS
        p = p & 1
    rows = L.shape[1]
    cols = L.shape[2]
    n = 0
    for k in range(8):
        dr = _DR[k]
        dc = _DC[k]
        r2 = r + dr
        c2 = c + dc
        if r2 < 0 or r2 >= rows or c2 < 0 or c2 >= cols:
            continue
        if (L[_EDGES, r, c] >> k) & 1:  # Terrain.steps: an edge refuses the step
            continue
        diag = dr != 0 and dc != 0
        if diag and _corner_blocked(L, r, c, dr, dc, lv, step):
            continue
        da = 1
        db = 0
        if diag:
            if alternate:
                if p:
                    run = 2.0 * h
                    ri = 2
                    da = 2
                else:
                    run = h
                    ri = 0
                p2 = 1 - p
            else:
                run = diag_len
                ri = 1
                p2 = p
                if euclid:
                    da = 0
                    db = 1
        else:
            run = h
            ri = 0
            p2 = p
        s2 = L[_SURF, r2, c2]
        t2 = L[_TOP, r2, c2]
        land_ok = hz_ok or L[_HAZ, r2, c2] == 0
        if kind == GROUND:
            if allow[_WALK]:
                cost = run * wf
                if s2 == _FLOOR:
                    if abs(t2 - lv) <= step:
                        if land_ok:
                            n = _emit(bi, bf, n, GROUND, r2, c2, t2, p2, _WALK, cost)
                    elif t2 < lv and land_ok:
                        n = _emit(bi, bf, n, FALLEN, r2, c2, t2, lv, _WALK, cost)
                elif s2 == _WATERC and t2 <= lv + step and (t2 < lv - step
                                                            or not allow[_SWIM]):
                    # R001-26: a Walk into water Falls (a swimmer's search swims in)
                    n = _emit(bi, bf, n, FALLEN, r2, c2, t2, max(lv, t2), _WALK, cost)
                elif s2 == _VOID:
                    n = _emit(bi, bf, n, FALLEN, r2, c2, NONE, lv, _WALK, cost)
            if allow[_SWIM] and s2 == _WATERC and abs(t2 - lv) <= step:
                n = _emit(bi, bf, n, WATER, r2, c2, t2, p2, _SWIM, run)
            if allow[_JUMP]:
                n = _hop(L, r2, c2, lv, run, p2, hz_ok, step, 0, 0, da, db, h, vs, diag_len,
                         bi, bf, n)
            if allow[_CLIMB]:
                # over the edge onto the face below it
                for lv2 in range(lv, lv - step - 1, -1):
                    if _can_hold(L, r2, c2, lv2) and _climb_link(L, WALL, r2, c2, lv2, kind,
                                                                 r, c, lv):
                        n = _emit(bi, bf, n, WALL, r2, c2, lv2, p2, _CLIMB, run)
        elif kind == AIR:
            if allow[_JUMP]:
                n = _hop(L, r2, c2, lv, run, p2, hz_ok, step, a0, b0, da, db, h, vs,
                         diag_len, bi, bf, n)
        elif kind == WATER:
            if allow[_SWIM] and s2 == _WATERC:
                # Terrain.steps: strokes across, slanting up or down by up to ``slant``
                lo = max(int(L[_BED, r2, c2]), lv - slant)
                hi = min(int(t2), lv + slant)
                if hi - lv >= hyp.shape[1] or lv - lo >= hyp.shape[1]:
                    return -max(hi - lv, lv - lo) - 1
                for lv2 in range(lo, hi + 1):
                    if diag and lv2 < lv and _corner_blocked(L, r, c, dr, dc, lv2, step):
                        continue
                    cost = run if lv2 == lv else hyp[ri, abs(lv2 - lv)]
                    n = _emit(bi, bf, n, WATER, r2, c2, lv2, p2, _SWIM, cost)
            if (allow[_WALK] and lv == L[_TOP, r, c] and s2 == _FLOOR
                    and abs(t2 - lv) <= step and land_ok):
                n = _emit(bi, bf, n, GROUND, r2, c2, t2, p2, _WALK, run * wf)
        elif kind == WALL:
            if allow[_CLIMB]:
                if _can_hold(L, r2, c2, lv) and _climb_link(L, kind, r, c, lv, WALL, r2, c2,
                                                            lv):
                    n = _emit(bi, bf, n, WALL, r2, c2, lv, p2, _CLIMB, run)
                if (s2 == _FLOOR and abs(t2 - lv) <= step and land_ok
                        and _climb_link(L, kind, r, c, lv, GROUND, r2, c2, t2)):
                    n = _emit(bi, bf, n, GROUND, r2, c2, t2, p2, _CLIMB, run)
        elif kind == FLY and allow[_FLY] and _open_air(L, r2, c2, lv, False):
            n = _emit(bi, bf, n, FLY, r2, c2, lv, p2, _FLY, run)
        if kind in (WALL, FLY, LEVITATE):
            # Terrain.steps: a change of style while held up (the s34 review)
            if kind != FLY and allow[_FLY] and _open_air(L, r2, c2, lv, False):
                n = _emit(bi, bf, n, FLY, r2, c2, lv, p2, _FLY, run)
            if kind != WALL and allow[_CLIMB] and _can_hold(L, r2, c2, lv):
                n = _emit(bi, bf, n, WALL, r2, c2, lv, p2, _CLIMB, run)
    # vertical steps
    s = L[_SURF, r, c]
    t = L[_TOP, r, c]
    if kind == GROUND:
        if (allow[_CLIMB] and _can_hold(L, r, c, lv + 1)
                and _climb_link(L, WALL, r, c, lv + 1, kind, r, c, lv)):
            n = _emit(bi, bf, n, WALL, r, c, lv + 1, p, _CLIMB, vs)
        if allow[_FLY] and _open_air(L, r, c, lv + 1, False):
            n = _emit(bi, bf, n, FLY, r, c, lv + 1, p, _FLY, vs)
        if allow[_LEVITATE] and _open_air(L, r, c, lv + 1, False):
            n = _emit(bi, bf, n, LEVITATE, r, c, lv + 1, p, _LEVITATE, vs)
    elif kind == WATER:
        if allow[_SWIM]:
            if lv < t:
                n = _emit(bi, bf, n, WATER, r, c, lv + 1, p, _SWIM, vs)
            if lv > L[_BED, r, c]:
                n = _emit(bi, bf, n, WATER, r, c, lv - 1, p, _SWIM, vs)
        if lv == t:
            if (allow[_CLIMB] and _can_hold(L, r, c, lv + 1)
                    and _climb_link(L, WALL, r, c, lv + 1, kind, r, c, lv)):
                n = _emit(bi, bf, n, WALL, r, c, lv + 1, p, _CLIMB, vs)
            if allow[_FLY] and _open_air(L, r, c, lv + 1, False):
                n = _emit(bi, bf, n, FLY, r, c, lv + 1, p, _FLY, vs)
            if allow[_LEVITATE] and _open_air(L, r, c, lv + 1, False):
                n = _emit(bi, bf, n, LEVITATE, r, c, lv + 1, p, _LEVITATE, vs)
    elif kind == WALL:
        if allow[_CLIMB]:
            if _can_hold(L, r, c, lv + 1) and _climb_link(L, kind, r, c, lv, WALL, r, c, lv + 1):
                n = _emit(bi, bf, n, WALL, r, c, lv + 1, p, _CLIMB, vs)
            if _can_hold(L, r, c, lv - 1) and _climb_link(L, kind, r, c, lv, WALL, r, c, lv - 1):
                n = _emit(bi, bf, n, WALL, r, c, lv - 1, p, _CLIMB, vs)
            held = _climb_link(L, kind, r, c, lv, GROUND, r, c, t)
            if lv - 1 == t and s == _FLOOR and held and (hz_ok or L[_HAZ, r, c] == 0):
                n = _emit(bi, bf, n, GROUND, r, c, t, p, _CLIMB, vs)
            elif lv - 1 == t and s == _WATERC and held:
                n = _emit(bi, bf, n, WATER, r, c, t, p, _CLIMB, vs)
    elif kind in (FLY, LEVITATE):
        code = _FLY if kind == FLY else _LEVITATE
        if allow[code]:
            if _open_air(L, r, c, lv + 1, False):
                n = _emit(bi, bf, n, kind, r, c, lv + 1, p, code, vs)
            if _open_air(L, r, c, lv - 1, False):
                n = _emit(bi, bf, n, kind, r, c, lv - 1, p, code, vs)
            if lv - 1 == t and s == _FLOOR and (hz_ok or L[_HAZ, r, c] == 0):
                n = _emit(bi, bf, n, GROUND, r, c, t, p, code, vs)
            elif lv - 1 == t and s == _WATERC:
                n = _emit(bi, bf, n, WATER, r, c, t, p, code, vs)
    if kind in (WALL, FLY, LEVITATE):
        # Terrain.steps: a change of style up or down the column (the s34 review)
        for d in range(2):
            lv2 = lv + 1 if d == 0 else lv - 1
            if kind != FLY and allow[_FLY] and _open_air(L, r, c, lv2, False):
                n = _emit(bi, bf, n, FLY, r, c, lv2, p, _FLY, vs)
            if kind != LEVITATE and allow[_LEVITATE] and _open_air(L, r, c, lv2, False):
                n = _emit(bi, bf, n, LEVITATE, r, c, lv2, p, _LEVITATE, vs)
            if kind != WALL and allow[_CLIMB] and _can_hold(L, r, c, lv2):
                n = _emit(bi, bf, n, WALL, r, c, lv2, p, _CLIMB, vs)
    return n



def _expand_batch(layers: IntArray, ip: IntArray, fp: FloatArray, allow: BoolArray,
                  hyp: FloatArray, spots: IntArray) -> tuple[Any, ...]:
    """The steps out of each of ``spots`` (rows of kind, row, col, level, extra), spot by
    spot, as :class:`~footwork.space.movegraph.MovementGraph` asks for them.

    ``ip``: walk step (in levels), alternate diagonals, hazards ok, the levels a slanting
    stroke may rise or sink, euclidean diagonals; ``fp``: cell size,
    vertical step, diagonal length, Walk price factor; ``allow[code]``: may the mover use
    the style; ``hyp[k, rise]``: a slanting stroke ``rise`` levels up or down after a run of
    (cell, diagonal, double cell)[k].

    Returns (each spot's step count, the steps as rows of kind, row, col, level, extra,
    style code, tags, their costs, status). status 0: done; else the size of ``hyp``
    that would hold a rise the batch met (the steps are then incomplete: grow the table
    and run the batch again).
    """
    step = ip[0]
    alternate = ip[1] != 0
    hz_ok = ip[2] != 0
    slant = ip[3]
    euclid = ip[4] != 0
    h = fp[0]
    vs = fp[1]
    diag_len = fp[2]
    wf = fp[3]
    m = spots.shape[0]
    most = _max_steps(step, slant)
    bi = np.empty((most, 6), np.int64)
    bf = np.empty(most, np.float64)
    counts = np.zeros(m, np.int64)
    si = np.empty((12 * m + most, 7), np.int64)
    sf = np.empty(12 * m + most, np.float64)
    total = 0
    need = 0
    for a in range(m):
        k = _expand(layers, spots[a, 0], spots[a, 1], spots[a, 2], spots[a, 3], spots[a, 4],
                    allow, hz_ok, wf, h, vs, diag_len, step, alternate, euclid, slant, hyp,
                    bi, bf)
        if k < 0:
            if -k > need:
                need = -k
            continue
        if total + k > si.shape[0]:
            si, sf = _grow_steps(si, sf, total, 2 * (total + k))
        for q in range(k):
            kind = bi[q, 0]
            for j in range(6):
                si[total, j] = bi[q, j]
            tags = 0
            if kind == FALLEN:
                tags |= TAG_FALL
            # Terrain.touches_down: standing on a floor, or a fall's landing on one
            if (kind == GROUND or (kind == FALLEN and layers[_SURF, bi[q, 1], bi[q, 2]]
                                   == _FLOOR)) and layers[_HAZ, bi[q, 1], bi[q, 2]] != 0:
                tags |= TAG_HAZARD
            si[total, 6] = tags
            sf[total] = bf[q]
            total += 1
        counts[a] = k
    return counts, si[:total], sf[:total], need


_LAYERS = "int64[:, :, ::1]"
#: compiled in this order (callees first), with their signatures: one compilation each
#: (without one, numba compiles a helper again for every combination of constant
#: arguments its callers pass, which made the first compile several times longer)
_KERNEL_FUNCTIONS: tuple[tuple[str, str | list[str]], ...] = (
    ("_can_hold", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_holds", f"boolean({_LAYERS}, int64, int64, int64, int64, int64)"),
    ("_hangs", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_climb_from", f"boolean({_LAYERS}, int64, int64, int64, int64, int64, int64, int64)"),
    ("_climb_link", f"boolean({_LAYERS}, int64, int64, int64, int64, int64, int64, int64, "
                    "int64)"),
    ("_open_air", f"boolean({_LAYERS}, int64, int64, int64, boolean)"),
    ("_corner_blocked", f"boolean({_LAYERS}, int64, int64, int64, int64, int64, int64)"),
    ("_emit", "int64(int64[:, ::1], float64[::1], int64, int64, int64, int64, int64, int64, "
              "int64, float64)"),
    ("_hop", f"int64({_LAYERS}, int64, int64, int64, float64, int64, boolean, int64, int64, "
             "int64, int64, int64, float64, float64, float64, int64[:, ::1], float64[::1], "
             "int64)"),
    ("_expand", f"int64({_LAYERS}, int64, int64, int64, int64, int64, boolean[::1], boolean, "
                "float64, float64, float64, float64, int64, boolean, boolean, int64, "
                "float64[:, ::1], int64[:, ::1], float64[::1])"),
    ("_max_steps", "int64(int64, int64)"),
    ("_expand_batch", f"Tuple((int64[::1], int64[:, :], float64[:], int64))({_LAYERS}, "
                      "int64[::1], float64[::1], boolean[::1], float64[:, ::1], "
                      "int64[:, ::1])"),
)


def compiled() -> bool:
    """Are the compiled kernels available (numba importable)? This call waits for them: it
    imports numba and compiles the kernels (this module's and the core's search), or
    loads them from the disk cache. A warm-up, for the tests and the benchmarks; a search
    never waits (see :func:`fast_reach`)."""
    if load_kernel(globals(), _KERNEL_FUNCTIONS, "_expand_batch") is None:
        return False
    return load_kernel(vars(movegraph), movegraph._KERNEL_FUNCTIONS, "_search") is not None


def warm_up() -> None:
    """Start compiling this module's kernels and the core search in background threads,
    ahead of the first search (``footwork serve`` at start-up); nothing under the ``off``
    policy. Never waits."""
    if compiled_policy.policy() == "off":
        return
    compiled_policy.warm_up(globals(), _KERNEL_FUNCTIONS, "_expand_batch")
    movegraph.warm_up()


def _ready() -> bool:
    """Are both kernels compiled? Never waits (the policy of footwork.space.compiled)."""
    if compiled_policy.kernel(globals(), _KERNEL_FUNCTIONS, "_expand_batch") is None:
        return False
    return movegraph.kernels_ready()


# -- the Python side -------------------------------------------------------------------------


def _hypot_row(run: float, vs: float, lo: int, hi: int) -> list[float]:
    """The prices of slanting strokes ``lo..hi - 1`` levels up or down after a run of
    ``run``, as Terrain.steps computes them (``math.hypot``, not the C library's)."""
    return [math.hypot(run, rise * vs) for rise in range(lo, hi)]


#: how many cells around an expanded spot the kernels read (a climb's hold beside the
#: cell stepped into), plus one: the layer window keeps this much map around every spot
_WINDOW_MARGIN = 3


class _Described:
    """A terrain as the kernels read it: its layers stacked over a window of the map
    (:class:`~footwork.space.window.LayerWindow`: a first search on a large map stacks
    what it reads, not the whole map), the range of its levels, the stroke price table,
    and one movement graph per mover profile."""

    def __init__(self, terrain: Terrain) -> None:
        self.window = LayerWindow(
            (terrain.surface_a, terrain.top_a, terrain.bed_a, terrain.ceil_a,
             terrain.face_a, terrain.hanging_a, terrain.hazard_a, terrain.grid.climbable,
             terrain.blocked_a),
            terrain.rows, terrain.cols, margin=_WINDOW_MARGIN)
        alternate = terrain.diagonal is Diagonal.ALTERNATE
        self.h = terrain.h
        self.vs = terrain.vs
        self.diag_len = {Diagonal.ONE: 1.0, Diagonal.EUCLIDEAN: math.sqrt(2.0),
                         Diagonal.ALTERNATE: 1.0}[terrain.diagonal] * terrain.h
        self.runs = (terrain.h, self.diag_len, 2.0 * terrain.h)
        self.step = terrain.step
        self.slant = terrain.slant
        self.alternate = alternate
        self.euclid = terrain.diagonal is Diagonal.EUCLIDEAN
        # the rises of one slanting stroke (more are added if a batch needs them)
        self.hyp: FloatArray = self._table(min(self.slant + 1, 256))
        self.graphs: dict[tuple[tuple[bool, ...], float, bool], MovementGraph] = {}
        #: held while a graph is closed and searched (see _search)
        self.lock = threading.Lock()

    def _table(self, size: int) -> FloatArray:
        return np.array([_hypot_row(run, self.vs, 0, size) for run in self.runs],
                        dtype=np.float64).reshape(3, size)

    def grow(self, need: int) -> None:
        """Make the stroke table hold rises up to ``need - 1`` (at least doubling it)."""
        old = self.hyp.shape[1]
        size = max(need, 2 * old)
        more = np.array([_hypot_row(run, self.vs, old, size) for run in self.runs],
                        dtype=np.float64).reshape(3, size - old)
        self.hyp = np.ascontiguousarray(np.concatenate([self.hyp, more], axis=1))

    def graph(self, mover: Mover) -> MovementGraph:
        allow = tuple(name in mover.styles for name in STYLE_CODES)
        key = (allow, float(mover.walk_factor), bool(mover.hazards_ok))
        found = self.graphs.get(key)
        if found is None:
            found = self.graphs[key] = MovementGraph(self._expander(*key))
        return found

    def _expander(self, allow: tuple[bool, ...], walk_factor: float,
                  hazards_ok: bool) -> movegraph.Expand:
        ip = np.array([self.step, self.alternate, hazards_ok, self.slant, self.euclid],
                      dtype=np.int64)
        fp = np.array([self.h, self.vs, self.diag_len, walk_factor], dtype=np.float64)
        marks = np.array(allow, dtype=np.bool_)
        window = self.window

        def expand(spots: IntArray) -> tuple[IntArray, IntArray, FloatArray]:
            kernel = globals()["_expand_batch"]
            layers, local, corner = window.view(spots)  # the kernels read the window
            while True:
                counts, si, sf, need = kernel(layers, ip, fp, marks, self.hyp, local)
                if need == 0:
                    return counts, window.to_map(si, corner), sf
                self.grow(int(need))

        return expand


_described: weakref.WeakKeyDictionary[Terrain, _Described] = weakref.WeakKeyDictionary()


def _describe(terrain: Terrain) -> _Described:
    found = _described.get(terrain)
    if found is None:
        found = _Described(terrain)
        with contextlib.suppress(TypeError):  # a terrain without weak references: no cache
            _described[terrain] = found
    return found


def graph_for(terrain: Terrain, mover: Mover) -> MovementGraph:
    """The movement graph of ``mover`` on ``terrain`` (built on demand, cached on the
    terrain per mover profile), for tests and benchmarks. Use it only when the kernels
    are compiled, and from one thread (the searches here hold the terrain's lock)."""
    return _describe(terrain).graph(mover)


def _search(terrain: Terrain, start: Spot, mover: Mover, limit: float,
            **args: Any) -> movegraph.SearchResult:
    """Close the mover's graph from ``start`` as far as ``limit`` pays and search it
    (``args``: the rest of :func:`movegraph.search`'s). Under the terrain's lock: closing
    grows the graph and a search borrows its scratch, so one thread at a time (the
    compiled kernels release the GIL)."""
    if not terrain.in_bounds(start[1], start[2]):
        raise ValueError(f"the start row {start[1]}, col {start[2]} is off the map")
    described = _describe(terrain)
    with described.lock:
        # the window a search of ``limit`` may read (a step across costs at least a cell
        # size): stacked once here rather than grown batch by batch
        far = (int(limit / terrain.h) + 2 if math.isfinite(limit)
               else max(terrain.rows, terrain.cols))
        described.window.cover(start[1] - far, start[1] + far, start[2] - far, start[2] + far)
        graph = described.graph(mover)
        node = graph.node(start)
        # every label spends at most the pool: what lies farther is never reached (the
        # margin covers sums made in another order)
        graph.close_within(node, limit + EPS + _MARGIN)
        return movegraph.search(graph, node, rise=-1, pool_limit=limit + EPS, eps=EPS,
                                **args)


@lru_cache(maxsize=64)
def _style_codes(mover_styles: frozenset[str], budget_styles: tuple[str, ...]) -> IntArray:
    """Per graph style code: its index in the budget, -1 when the budget lacks it, -2
    when the mover may not use it (no step of the graph is in it). Shared between calls:
    never write to it."""
    index = {name: i for i, name in enumerate(budget_styles)}
    out = np.array([index.get(name, -1) if name in mover_styles else -2
                    for name in STYLE_CODES], dtype=np.int64)
    return out


#: how far past the pool a closure reaches, against rounding
_MARGIN = 1e-6
_NOT_DRAWN = np.full(len(STYLE_CODES), -2, dtype=np.int64)
_NO_SETS = np.full((1, 1), -1, dtype=np.int64)
_NO_GROUPS = np.zeros(0, dtype=np.float64)


def fast_reach(terrain: Terrain, start: Spot, mover: Mover, budget: Budget) -> Reach[Spot] | None:
    """Every spot ``mover`` can reach from ``start`` within ``budget``, compiled.

    The same result as ``reach(start, steps, budget)`` with ``steps`` = ``terrain.steps(spot,
    mover)`` kept to the styles in ``mover.styles`` (what ``planning.reachable`` searches):
    the same keys, the same fronts (spend vectors and pools), the same cheapest plans.
    Styles other than the six of :data:`STYLE_CODES` make no steps here, as in
    :meth:`Terrain.steps`.

    Returns None when the compiled kernels are not ready (numba missing, or still
    compiling: see :mod:`footwork.space.compiled`); the caller then runs the pure search.
    Raises ``ValueError`` when ``start`` is off the map, or (as ``reach`` does) when a
    step is in a style the budget does not name.
    """
    if not _ready():  # never wait for numba: the pure search answers until it is ready
        return None
    limit = budget.limit
    styles = budget.styles
    caps = np.array([budget.caps[s] + EPS for s in styles], dtype=np.float64)
    slack = np.array([limit - budget.caps[s] for s in styles], dtype=np.float64)
    status, bad, keys, label_ints, label_floats, fronts, alive = _search(
        terrain, start, mover, limit, mode=0, out1=_style_codes(mover.styles, styles),
        out2=_NOT_DRAWN, caps=caps, slack=slack,
        held=np.full((len(styles), 1), -1, dtype=np.int64), gcaps=_NO_GROUPS,
        sets=_NO_SETS)
    if status == movegraph.BAD_STYLE:
        raise ValueError(f"a step uses style {STYLE_CODES[bad]!r}; the budget has "
                         f"{', '.join(styles)}")
    if status != movegraph.OK:  # pragma: no cover - the closing holds what the pool reaches
        return None
    return reach_from_arrays(start, budget, keys, 0, 0, label_ints, label_floats, fronts,
                             alive, styles)


def plain_costs(terrain: Terrain, start: Spot, mover: Mover,
                limit: float) -> tuple[IntArray, FloatArray] | None:
    """Every spot within ``limit`` and its least cost, by the core's one-resource search
    (a plain Dijkstra, no style caps) over the same graph as :func:`fast_reach`: the
    practical limit of a search of this graph, for the benchmark. Rows of (kind, row,
    col, level, extra) and their costs; None while the kernels are not ready."""
    if not _ready():
        return None
    out1 = np.array([0 if name in mover.styles else -2 for name in STYLE_CODES],
                    dtype=np.int64)
    status, _bad, keys, _li, label_floats, fronts, alive = _search(
        terrain, start, mover, limit, mode=2, out1=out1, out2=_NOT_DRAWN,
        caps=np.array([limit + EPS]), slack=np.zeros(1),
        held=np.full((1, 1), -1, dtype=np.int64), gcaps=_NO_GROUPS, sets=_NO_SETS)
    if status != movegraph.OK:  # pragma: no cover - the closing holds what the limit reaches
        return None
    # one resource: one label a key, in the keys' order
    return np.ascontiguousarray(keys), label_floats[fronts[:alive], 1].copy()
