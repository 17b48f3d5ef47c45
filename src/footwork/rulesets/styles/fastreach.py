"""The `styles` reach search, compiled: the same answer as :func:`~footwork.space.reach.reach`
over :meth:`Terrain.steps <footwork.rulesets.styles.terrain.Terrain.steps>`, about 20–25×
sooner (docs/performance.md).

:func:`fast_reach` runs the exact multi-resource label-setting search of
:mod:`footwork.space.reach` (capacity dominance, the same ``EPS``) over the movement graph of
:class:`~footwork.rulesets.styles.terrain.Terrain`, translated step by step into a numba
kernel that reads the terrain's integer level layers. It returns a
:class:`~footwork.space.reach.Reach` built through its constructor, so ``front``,
``cheapest``, ``min_pool`` and the plans work unchanged.

*The same answer* means more than the same keys: when two labels tie within ``EPS`` the
search keeps the one it made first, so which spend vectors a front holds depends on the
order labels are made in. The kernel therefore reproduces the pure search exactly: steps
in :meth:`Terrain.steps`'s order, labels numbered as they are made, the heap ordered by
(pool spent, label number), every sum made in the same order of float operations, and
the one irrational price (a jump's rising landing, ``hypot``) taken from a table that
Python's :func:`math.hypot` fills. Labels that are neither on a front nor an ancestor of
one are left out of the result (their numbers are compacted), which changes no front and
no plan.

The search is cropped to the cells the budget can reach (its limit over the cheapest
horizontal step), as ``grid_reach`` does; the terrain's layers are stacked into one array
once per terrain and kept while the terrain lives.

numba is optional (``pip install 'footwork[fast]'``): it is imported on the first call,
and :func:`fast_reach` returns ``None`` when it is missing (or for a map whose levels span
more than the kernel's packed keys hold: over 2¹⁸ vertical steps), so that the caller
runs the pure search instead. Compiled code is cached on disk (``cache=True``) beside this file.
"""

from __future__ import annotations

import contextlib
import math
import weakref
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from footwork.rulesets.styles.terrain import (
    AIR,
    FALLEN,
    FLY,
    GROUND,
    LEVITATE,
    NONE,
    WALL,
    WATER,
    Mover,
    Spot,
    Terrain,
)
from footwork.space import compiled as compiled_policy
from footwork.space.grid import OFFSETS, Diagonal, Surface
from footwork.space.kernels import compact_labels as _compact_labels
from footwork.space.kernels import grow as _grow
from footwork.space.kernels import heap_grow as _heap_grow
from footwork.space.kernels import heap_pop as _heap_pop
from footwork.space.kernels import heap_push as _heap_push
from footwork.space.kernels import load_kernel, reach_from_arrays
from footwork.space.kernels import new_table as _new_table
from footwork.space.kernels import rehash as _rehash
from footwork.space.kernels import slot as _slot
from footwork.space.reach import EPS, Budget, Reach

__all__ = ["STYLE_CODES", "compiled", "fast_reach", "plain_costs"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]

#: the styles the kernel knows, by code
STYLE_CODES = ("walk", "jump", "climb", "swim", "fly", "levitate")
_WALK, _JUMP, _CLIMB, _SWIM, _FLY, _LEVITATE = range(6)
_FLOOR, _WALLC, _WATERC, _VOID = (int(Surface.FLOOR), int(Surface.WALL), int(Surface.WATER),
                                  int(Surface.VOID))
# the rows of the stacked layer array
_SURF, _TOP, _BED, _CEIL, _FACE, _HANG, _HAZ, _CLIMBABLE = range(8)
#: the orthogonal directions, in Terrain's order (_ORTH)
_OR = (-1, 0, 1, 0)
_OC = (0, 1, 0, -1)
_DR = tuple(dr for dr, _ in OFFSETS)
_DC = tuple(dc for _, dc in OFFSETS)
#: packed spot keys: kind (3 bits), window cell (24), level (18), extra (18)
_CELL_BITS, _LEVEL_BITS = 24, 18


# -- the kernel (plain Python here; compiled by numba on the first call) ----------------------
#
# Each function below mirrors a piece of terrain.py: keep them in step with it. Spots are
# (kind, row, col, level, extra) in window coordinates; L is the stacked layer array.


def _max_steps(step: int) -> int:
    """The most steps one spot has: per direction a walk, a swim, two of a jump and
    (walk step + 1) climbs over an edge; then 4 vertical ones."""
    return 8 * (step + 5) + 4


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


def _hop(L: IntArray, r2: int, c2: int, lv: int, run: float, ri: int, p2: int, hz_ok: bool,
         step: int, hyp: FloatArray, bi: IntArray, bf: FloatArray, n: int) -> int:
    """Terrain._hop. A rising landing's price comes from ``hyp[ri, rise]``; the table
    holds every rise a search's budget can pay (``_setup``), so a higher landing, which
    costs more than the whole budget, is left out, as the pure search drops it."""
    s2 = L[_SURF, r2, c2]
    t2 = L[_TOP, r2, c2]
    if _open_air(L, r2, c2, lv, True):
        n = _emit(bi, bf, n, AIR, r2, c2, lv, p2, _JUMP, run)
    if s2 == _FLOOR and (hz_ok or L[_HAZ, r2, c2] == 0):
        rise = t2 - lv
        if rise > 0 and t2 < L[_CEIL, r2, c2]:
            if rise < hyp.shape[1]:
                n = _emit(bi, bf, n, GROUND, r2, c2, t2, p2, _JUMP, hyp[ri, rise])
        elif -step <= rise <= 0:
            n = _emit(bi, bf, n, GROUND, r2, c2, t2, p2, _JUMP, run)
        elif rise < 0:
            n = _emit(bi, bf, n, FALLEN, r2, c2, t2, lv, _JUMP, run)
    elif s2 == _WATERC:
        rise = t2 - lv
        if -step <= rise <= step:
            n = _emit(bi, bf, n, WATER, r2, c2, t2, p2, _JUMP, run)
        elif rise < 0:
            n = _emit(bi, bf, n, FALLEN, r2, c2, t2, lv, _JUMP, run)
    return n


def _expand(L: IntArray, kind: int, r: int, c: int, lv: int, p: int, allow: BoolArray,
            hz_ok: bool, wf: float, h: float, vs: float, diag_len: float, step: int,
            alternate: bool, hyp: FloatArray, bi: IntArray, bf: FloatArray) -> int:
    """Terrain.steps, for the styles ``allow`` marks: writes the steps into ``bi`` (kind,
    row, col, level, extra, style) and ``bf`` (cost); returns how many (-1: see _hop)."""
    if kind == FALLEN:
        return 0
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
        diag = dr != 0 and dc != 0
        if diag and _corner_blocked(L, r, c, dr, dc, lv, step):
            continue
        if diag:
            if alternate:
                if p:
                    run = 2.0 * h
                    ri = 2
                else:
                    run = h
                    ri = 0
                p2 = 1 - p
            else:
                run = diag_len
                ri = 1
                p2 = p
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
                elif s2 == _WATERC and t2 < lv - step:
                    n = _emit(bi, bf, n, FALLEN, r2, c2, t2, lv, _WALK, cost)
                elif s2 == _VOID:
                    n = _emit(bi, bf, n, FALLEN, r2, c2, NONE, lv, _WALK, cost)
            if allow[_SWIM] and s2 == _WATERC and abs(t2 - lv) <= step:
                n = _emit(bi, bf, n, WATER, r2, c2, t2, p2, _SWIM, run)
            if allow[_JUMP]:
                n = _hop(L, r2, c2, lv, run, ri, p2, hz_ok, step, hyp, bi, bf, n)
                if n < 0:
                    return -1
            if allow[_CLIMB]:
                # over the edge onto the face below it
                for lv2 in range(lv, lv - step - 1, -1):
                    if _can_hold(L, r2, c2, lv2) and _climb_link(L, WALL, r2, c2, lv2, kind,
                                                                 r, c, lv):
                        n = _emit(bi, bf, n, WALL, r2, c2, lv2, p2, _CLIMB, run)
        elif kind == AIR:
            if allow[_JUMP]:
                n = _hop(L, r2, c2, lv, run, ri, p2, hz_ok, step, hyp, bi, bf, n)
                if n < 0:
                    return -1
        elif kind == WATER:
            if allow[_SWIM] and s2 == _WATERC and L[_BED, r2, c2] <= lv <= t2:
                n = _emit(bi, bf, n, WATER, r2, c2, lv, p2, _SWIM, run)
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
    return n


# columns of the key table K, the label tables LI (ints) and LF (floats)
_KIND, _ROW, _COL, _LEVEL, _EXTRA, _HEAD, _TAIL = range(7)
_KEY, _PARENT, _STYLE, _NEXT, _ALIVE = range(5)
_COST, _TOTAL, _SPENT = range(3)  # then n spends, then the n + 1 dominance coordinates


def _pack(kind: int, cell: int, lv: int, ex: int, lv_lo: int) -> int:
    if lv == NONE:  # a fall into a void: lv_lo itself is never a level a search reaches
        lv = lv_lo
    return kind | (cell << 3) | ((lv - lv_lo) << 27) | (
        ((ex - lv_lo) if kind == FALLEN else ex) << 45)


def _search(layers: IntArray, ip: IntArray, fp: FloatArray, styles: IntArray,
            caps: FloatArray, slack: FloatArray, hyp: FloatArray) -> tuple[Any, ...]:
    """reach() with capacity dominance over _expand's steps, in the window rows
    ``ip[9]:ip[10]``, cols ``ip[11]:ip[12]`` of ``layers``.

    ``ip``: start kind, row, col, level, extra (window coordinates), walk step, alternate,
    hazards_ok, lowest level, the window; ``fp``: cell size, vertical step, diagonal
    length, walk factor, pool limit (+EPS), EPS; ``styles[code]``: the style's index in
    the budget, -1 when the budget lacks it, -2 when the mover may not use it; ``caps``
    (+EPS) and ``slack`` per budget style.

    Returns (status, style code, keys, labels (key, parent, style), labels (cost, pool
    spent, spend vector), the fronts as flat label ids, and each key's start in them).
    Keys are rows of (kind, row, col, level, extra) in window coordinates, in the order
    they were found; labels are those on a front and their ancestors, renumbered in
    order. status 1: a step in a style the budget lacks (the style code says which);
    2: the hypot table was too short; 3: a level outside the packed keys' span.
    """
    L = layers[:, ip[9]:ip[10], ip[11]:ip[12]]
    step = ip[5]
    alternate = ip[6] != 0
    hz_ok = ip[7] != 0
    lv_lo = ip[8]
    level_span = 1 << _LEVEL_BITS
    h = fp[0]
    vs = fp[1]
    diag_len = fp[2]
    wf = fp[3]
    pool_limit = fp[4]
    eps = fp[5]
    n = caps.shape[0]
    dom = _SPENT + n  # the first dominance column of LF
    width = L.shape[2]
    allow = np.empty(6, np.bool_)
    for q in range(6):
        allow[q] = styles[q] != -2
    K = np.empty((64, 7), np.int64)
    table = _new_table(256)
    LI = np.empty((256, 5), np.int64)
    LF = np.empty((256, dom + n + 1), np.float64)
    heap = np.empty(256, np.float64)
    heap_ids = np.empty(256, np.int64)
    bi = np.empty((_max_steps(step), 6), np.int64)
    bf = np.empty(_max_steps(step), np.float64)
    d2 = np.empty(n + 1, np.float64)
    # the start: its key and its label
    for k in range(5):
        K[0, k] = ip[k]
    K[0, _HEAD] = 0
    K[0, _TAIL] = 0
    q = _slot(table, _pack(ip[0], ip[1] * width + ip[2], ip[3], ip[4], lv_lo))
    table[q, 0] = _pack(ip[0], ip[1] * width + ip[2], ip[3], ip[4], lv_lo)
    table[q, 1] = 0
    nk = 1
    LI[0, _KEY] = 0
    LI[0, _PARENT] = -1
    LI[0, _STYLE] = -1
    LI[0, _NEXT] = -1
    LI[0, _ALIVE] = 1
    LF[0, _COST] = 0.0
    LF[0, _TOTAL] = 0.0
    LF[0, dom] = 0.0
    for k in range(n):
        LF[0, _SPENT + k] = 0.0
        LF[0, dom + 1 + k] = slack[k] if slack[k] > 0.0 else 0.0
    nl = 1
    heap[0] = 0.0
    heap_ids[0] = 0
    size = 1
    status = 0
    bad_style = -1
    while size > 0:
        t = heap[0]
        i = heap_ids[0]
        size = _heap_pop(heap, heap_ids, size)
        if LI[i, _ALIVE] == 0:
            continue
        kid = LI[i, _KEY]
        m = _expand(L, K[kid, _KIND], K[kid, _ROW], K[kid, _COL], K[kid, _LEVEL],
                    K[kid, _EXTRA], allow, hz_ok, wf, h, vs, diag_len, step, alternate, hyp,
                    bi, bf)
        if m < 0:
            status = 2
            break
        for q in range(m):
            if styles[bi[q, 5]] < 0:
                status = 1
                bad_style = bi[q, 5]
        if status != 0:
            break
        for q in range(m):
            c = bf[q]
            s = styles[bi[q, 5]]
            t2 = t + c
            if t2 > pool_limit:
                continue
            x = LF[i, _SPENT + s] + c
            if x > caps[s]:
                continue
            d2[0] = t2
            for k in range(n):
                y = x if k == s else LF[i, _SPENT + k]
                v = y + slack[k]
                d2[k + 1] = v if v > t2 else t2
            if not ((bi[q, 3] == NONE or 0 <= bi[q, 3] - lv_lo < level_span) and (
                    bi[q, 0] != FALLEN or 0 <= bi[q, 4] - lv_lo < level_span)):
                status = 3
                break
            code = _pack(bi[q, 0], bi[q, 1] * width + bi[q, 2], bi[q, 3], bi[q, 4], lv_lo)
            slot = _slot(table, code)
            if table[slot, 0] == -1:
                if nk == K.shape[0]:
                    K = _grow(K, 2 * nk)
                to = nk
                nk += 1
                for k in range(5):
                    K[to, k] = bi[q, k]
                K[to, _HEAD] = -1
                K[to, _TAIL] = -1
                table[slot, 0] = code
                table[slot, 1] = to
                if 2 * nk > table.shape[0]:
                    table = _rehash(table, 4 * table.shape[0])
            else:
                to = table[slot, 1]
                # a held label at least as good in every coordinate beats the new one
                beaten = False
                j = K[to, _HEAD]
                while j != -1:
                    below = True
                    for k in range(n + 1):
                        if not (LF[j, dom + k] - eps <= d2[k]):
                            below = False
                            break
                    if below:
                        beaten = True
                        break
                    j = LI[j, _NEXT]
                if beaten:
                    continue
                # drop the held labels the new one is at least as good as
                prev = -1
                j = K[to, _HEAD]
                while j != -1:
                    nxt = LI[j, _NEXT]
                    above = True
                    for k in range(n + 1):
                        if not (d2[k] <= LF[j, dom + k] + eps):
                            above = False
                            break
                    if above:
                        LI[j, _ALIVE] = 0
                        if prev == -1:
                            K[to, _HEAD] = nxt
                        else:
                            LI[prev, _NEXT] = nxt
                        if K[to, _TAIL] == j:
                            K[to, _TAIL] = prev
                    else:
                        prev = j
                    j = nxt
            if nl == LI.shape[0]:
                LI = _grow(LI, 2 * nl)
                LF = _grow(LF, 2 * nl)
            new = nl
            nl += 1
            LI[new, _KEY] = to
            LI[new, _PARENT] = i
            LI[new, _STYLE] = bi[q, 5]
            LI[new, _NEXT] = -1
            LI[new, _ALIVE] = 1
            LF[new, _COST] = c
            LF[new, _TOTAL] = t2
            for k in range(n):
                LF[new, _SPENT + k] = LF[i, _SPENT + k]
            LF[new, _SPENT + s] = x
            for k in range(n + 1):
                LF[new, dom + k] = d2[k]
            if K[to, _TAIL] == -1:
                K[to, _HEAD] = new
            else:
                LI[K[to, _TAIL], _NEXT] = new
            K[to, _TAIL] = new
            if size == heap.shape[0]:
                heap, heap_ids = _heap_grow(heap, heap_ids)
            size = _heap_push(heap, heap_ids, size, t2, new)
        if status != 0:
            break
    OI, OF, fronts, alive = _compact_labels(K, LI, LF, nk, nl, n)
    return status, bad_style, K[:nk, :5], OI, OF, fronts, alive


def _plain(layers: IntArray, ip: IntArray, fp: FloatArray, allow: BoolArray,
           hyp: FloatArray) -> tuple[Any, ...]:
    """A plain bounded Dijkstra over the same spots and steps as _search, on one number
    (the pool spent) and no per-style caps: the practical limit of a search of this
    graph, for the benchmark. Same ``ip``/``fp`` as _search. Returns (status, the keys
    reached, their least cost)."""
    L = layers[:, ip[9]:ip[10], ip[11]:ip[12]]
    step = ip[5]
    alternate = ip[6] != 0
    hz_ok = ip[7] != 0
    lv_lo = ip[8]
    h = fp[0]
    vs = fp[1]
    diag_len = fp[2]
    wf = fp[3]
    pool_limit = fp[4]
    eps = fp[5]
    width = L.shape[2]
    K = np.empty((64, 7), np.int64)
    dist = np.empty(64, np.float64)
    table = _new_table(256)
    heap = np.empty(256, np.float64)
    heap_ids = np.empty(256, np.int64)
    bi = np.empty((_max_steps(step), 6), np.int64)
    bf = np.empty(_max_steps(step), np.float64)
    for k in range(5):
        K[0, k] = ip[k]
    code = _pack(ip[0], ip[1] * width + ip[2], ip[3], ip[4], lv_lo)
    q = _slot(table, code)
    table[q, 0] = code
    table[q, 1] = 0
    dist[0] = 0.0
    nk = 1
    heap[0] = 0.0
    heap_ids[0] = 0
    size = 1
    status = 0
    while size > 0:
        t = heap[0]
        kid = heap_ids[0]
        size = _heap_pop(heap, heap_ids, size)
        if t > dist[kid] + eps:
            continue
        m = _expand(L, K[kid, _KIND], K[kid, _ROW], K[kid, _COL], K[kid, _LEVEL],
                    K[kid, _EXTRA], allow, hz_ok, wf, h, vs, diag_len, step, alternate, hyp,
                    bi, bf)
        if m < 0:
            status = 2
            break
        for q in range(m):
            t2 = t + bf[q]
            if t2 > pool_limit:
                continue
            code = _pack(bi[q, 0], bi[q, 1] * width + bi[q, 2], bi[q, 3], bi[q, 4], lv_lo)
            slot = _slot(table, code)
            if table[slot, 0] == -1:
                if nk == K.shape[0]:
                    K = _grow(K, 2 * nk)
                    grown = np.empty(2 * nk, np.float64)
                    grown[:nk] = dist[:nk]
                    dist = grown
                to = nk
                nk += 1
                for k in range(5):
                    K[to, k] = bi[q, k]
                table[slot, 0] = code
                table[slot, 1] = to
                if 2 * nk > table.shape[0]:
                    table = _rehash(table, 4 * table.shape[0])
            else:
                to = table[slot, 1]
                if t2 >= dist[to] - eps:
                    continue
            dist[to] = t2
            if size == heap.shape[0]:
                heap, heap_ids = _heap_grow(heap, heap_ids)
            size = _heap_push(heap, heap_ids, size, t2, to)
    return status, K[:nk, :5], dist[:nk]


_LAYERS = "int64[:, :, :]"
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
    ("_hop", f"int64({_LAYERS}, int64, int64, int64, float64, int64, int64, boolean, int64, "
             "float64[:, ::1], int64[:, ::1], float64[::1], int64)"),
    ("_expand", f"int64({_LAYERS}, int64, int64, int64, int64, int64, boolean[::1], boolean, "
                "float64, float64, float64, float64, int64, boolean, float64[:, ::1], "
                "int64[:, ::1], float64[::1])"),
    ("_pack", "int64(int64, int64, int64, int64, int64)"),
    ("_max_steps", "int64(int64)"),
    ("_search", "Tuple((int64, int64, int64[:, :], int64[:, ::1], float64[:, ::1], int64[::1], "
                "int64))(int64[:, :, ::1], int64[::1], float64[::1], int64[::1], float64[::1], "
                "float64[::1], float64[:, ::1])"),
    ("_plain", "Tuple((int64, int64[:, :], float64[::1]))(int64[:, :, ::1], int64[::1], "
               "float64[::1], boolean[::1], float64[:, ::1])"),
)
_kernel: Any = None
_loaded = False


def compiled() -> bool:
    """Is the compiled search available (numba importable)? The first call imports numba
    and compiles the kernel, or loads it from the disk cache (a warm-up: about 1 s from the
    cache, several seconds to compile)."""
    return _load() is not None


def _load() -> Any:
    """The compiled kernel, or None without numba (see ``kernels.load_kernel``)."""
    global _kernel, _loaded
    if not _loaded:
        _loaded = True
        _kernel = load_kernel(globals(), _KERNEL_FUNCTIONS, "_search")
    return _kernel


# -- the Python side -------------------------------------------------------------------------


@dataclass(frozen=True)
class _Prepared:
    """A terrain's layers stacked for the kernel, and the range of its levels."""

    layers: IntArray
    #: the lowest and highest finite level (tops and beds of cells that are not voids)
    low: int
    high: int
    #: the lowest and highest floor top (None: no floor)
    floor_low: int | None
    floor_high: int | None


_prepared: weakref.WeakKeyDictionary[Terrain, _Prepared] = weakref.WeakKeyDictionary()


def _prepare(terrain: Terrain) -> _Prepared:
    found = _prepared.get(terrain)
    if found is not None:
        return found
    layers = np.stack([terrain.surface_a, terrain.top_a, terrain.bed_a, terrain.ceil_a,
                       terrain.face_a, terrain.hanging_a, terrain.hazard_a,
                       terrain.grid.climbable])
    layers = layers.astype(np.int64, order="C")
    solid = terrain.surface_a != _VOID
    floor = terrain.surface_a == _FLOOR
    levels = np.concatenate([terrain.top_a[solid], terrain.bed_a[solid]])
    floors = terrain.top_a[floor]
    prepared = _Prepared(layers, int(levels.min()) if levels.size else 0,
                         int(levels.max()) if levels.size else 0,
                         int(floors.min()) if floors.size else None,
                         int(floors.max()) if floors.size else None)
    with contextlib.suppress(TypeError):  # a terrain without weak references: no cache
        _prepared[terrain] = prepared
    return prepared


@lru_cache(maxsize=64)
def _hypot_table(runs: tuple[float, float, float], vs: float, size: int) -> FloatArray:
    """``[k, rise]``: the price of a jump's landing ``rise`` levels up after a run of
    ``runs[k]``, as Terrain._hop computes it (``math.hypot``, not the C library's).
    Shared between calls: never write to it."""
    return np.array([[math.hypot(run, rise * vs) for rise in range(size)] for run in runs])


@lru_cache(maxsize=64)
def _style_codes(mover_styles: frozenset[str], budget_styles: tuple[str, ...]) -> IntArray:
    index = {name: i for i, name in enumerate(budget_styles)}
    out = np.array([index.get(name, -1) if name in mover_styles else -2
                    for name in STYLE_CODES], dtype=np.int64)
    return out


def fast_reach(terrain: Terrain, start: Spot, mover: Mover, budget: Budget) -> Reach[Spot] | None:
    """Every spot ``mover`` can reach from ``start`` within ``budget``, compiled.

    The same result as ``reach(start, steps, budget)`` with ``steps`` = ``terrain.steps(spot,
    mover)`` kept to the styles in ``mover.styles`` (what ``planning.reachable`` searches):
    the same keys, the same fronts (spend vectors and pools), the same cheapest plans.
    Styles other than the six of :data:`STYLE_CODES` make no steps here, as in
    :meth:`Terrain.steps`.

    Returns None when numba cannot be imported, when the map's levels span more than the
    kernel's packed keys hold, or when the start's parity is not 0 or 1; the caller then
    runs the pure search. Raises
    ``ValueError`` when ``start`` is off the map, or (as ``reach`` does) when a step is in
    a style the budget does not name.
    """
    # never wait for numba: the pure search answers until the kernel is ready
    kernel = compiled_policy.kernel(globals(), _KERNEL_FUNCTIONS, "_search")
    if kernel is None:
        return None
    setup = _setup(terrain, start, mover, budget.limit)
    if setup is None:
        return None
    prep, ip, fp, hyp, r0, c0 = setup
    styles = budget.styles
    limit = budget.limit
    caps = np.array([budget.caps[s] + EPS for s in styles])
    slack = np.array([limit - budget.caps[s] for s in styles])
    out = kernel(prep.layers, ip, fp, _style_codes(mover.styles, styles),
                 caps, slack, hyp)
    status, bad, keys, label_ints, label_floats, fronts, alive = out
    if status == 1:
        raise ValueError(f"a step uses style {STYLE_CODES[bad]!r}; the budget has "
                         f"{', '.join(styles)}")
    if status == 2:  # pragma: no cover - the table is sized for every landing
        raise RuntimeError("fast_reach: the landing price table is too short")
    if status == 3:  # pragma: no cover - the span is sized for every level (see above)
        return None
    return reach_from_arrays(start, budget, keys, r0, c0, label_ints, label_floats,
                             fronts, alive, STYLE_CODES)


_Setup = tuple[_Prepared, IntArray, FloatArray, FloatArray, int, int]


def _setup(terrain: Terrain, start: Spot, mover: Mover, limit: float) -> _Setup | None:
    """The kernels' arguments for a search from ``start`` within ``limit``: the prepared
    layers, ``ip``, ``fp``, the landing price table and the window's corner; None when
    the window or the levels do not fit the packed keys."""
    kind, sr, sc, slv, sex = start
    if not terrain.in_bounds(sr, sc):
        raise ValueError(f"the start row {sr}, col {sc} is off the map")
    prep = _prepare(terrain)
    # the crop: the cheapest horizontal step is one cell size (diagonals and jumps cost no
    # less), or a cell of Walk at the walk factor
    h = terrain.h
    least = h * min(1.0, mover.walk_factor) if "walk" in mover.styles else h
    rows, cols = terrain.rows, terrain.cols
    if least > 0:
        radius = int(limit // least) + 1
        r0, r1 = max(0, sr - radius), min(rows, sr + radius + 1)
        c0, c1 = max(0, sc - radius), min(cols, sc + radius + 1)
    else:
        r0, r1, c0, c1 = 0, rows, 0, cols
    if (r1 - r0) * (c1 - c0) >= 1 << _CELL_BITS or (kind != FALLEN and sex not in (0, 1)):
        return None
    # every level a label reaches is within limit / vs of a map level or the start's,
    # or a walk step below a floor (climbing over its edge) and then that
    climb = math.ceil(limit / terrain.vs) + terrain.step + 2
    lv_lo = min(prep.low, slv, sex if kind == FALLEN else slv) - climb
    lv_hi = max(prep.high, slv, sex if kind == FALLEN else slv) + climb
    if lv_hi - lv_lo >= 1 << _LEVEL_BITS:
        return None
    # the rises a jump can land: from a floor (or the start) to a floor, and no more than
    # the budget pays for (a rise of k levels costs at least k vertical steps)
    if prep.floor_low is None or prep.floor_high is None:
        rises = 1
    else:
        rises = max(1, min(prep.floor_high - min(prep.floor_low, slv) + 1,
                           math.ceil(limit / terrain.vs) + 2))
    alternate = terrain.diagonal is Diagonal.ALTERNATE
    diag_len = {Diagonal.ONE: 1.0, Diagonal.EUCLIDEAN: math.sqrt(2.0),
                Diagonal.ALTERNATE: 1.0}[terrain.diagonal] * h
    hyp = _hypot_table((h, diag_len, 2.0 * h), terrain.vs, rises)
    ip = np.array([kind, sr - r0, sc - c0, slv, sex, terrain.step, alternate,
                   mover.hazards_ok, lv_lo, r0, r1, c0, c1], dtype=np.int64)
    fp = np.array([h, terrain.vs, diag_len, float(mover.walk_factor), limit + EPS, EPS])
    return prep, ip, fp, hyp, r0, c0


def plain_costs(terrain: Terrain, start: Spot, mover: Mover,
                limit: float) -> tuple[IntArray, FloatArray] | None:
    """Every spot within ``limit`` and its least cost, by a compiled plain Dijkstra over the
    same graph on one number (no style caps): the practical limit of a search of this
    graph, for the benchmark. Rows of (kind, row, col, level, extra) in map coordinates,
    and their costs; None without numba."""
    if _load() is None:
        return None
    setup = _setup(terrain, start, mover, limit)
    if setup is None:
        return None
    prep, ip, fp, hyp, r0, c0 = setup
    allow = np.array([name in mover.styles for name in STYLE_CODES], dtype=np.bool_)
    status, keys, dist = globals()["_plain"](prep.layers, ip, fp, allow, hyp)
    if status != 0:  # pragma: no cover - sized as fast_reach sizes them
        return None
    keys = keys.copy()
    keys[:, 1] += r0
    keys[:, 2] += c0
    return keys, dist
