"""The `allowances` searches, compiled: the same answer as :func:`planning.run
<footwork.rulesets.allowances.planning.run>`'s pure searches over :meth:`Terrain.steps
<footwork.rulesets.allowances.terrain.Terrain.steps>` (docs/performance.md).

:func:`fast_reach` runs the search a :class:`~footwork.rulesets.allowances.planning.Search`
asks for, over the movement graph of :class:`~footwork.rulesets.allowances.terrain.Terrain`
translated step by step into a numba kernel that reads the terrain's integer level layers:

- a budget of one resource and no groups: the plain bounded Dijkstra of
  :func:`planning.one_resource <footwork.rulesets.allowances.planning.one_resource>`;
- otherwise the core's exact label-setting search (:func:`footwork.space.reach.reach`,
  capacity dominance), with the cascade as group caps (group-sum dominance) when the
  search has groups.

The steps are those ``run`` searches: ``Terrain.steps`` for the search's mover, a
Breach's Type also drawn on the temporary distance (``breach``), and a rising Type kept to
straight up. It returns a :class:`~footwork.space.reach.Reach` built through its
constructor, so ``front``, ``cheapest``, ``vectors`` and the plans work unchanged.

*The same answer* means the same keys in the same order, the same fronts and the same
cheapest plans: as in ``styles/fastreach.py``, the kernel makes labels in the pure
search's order (steps in ``Terrain.steps``'s order, labels numbered as they are made,
the heap ordered by (spent, label number)) and does every float sum in the same order.
Labels that are neither on a front nor an ancestor of one are left out of the result
(their numbers are compacted), which changes no front and no plan.

The search is cropped to the cells the budget can reach (every step across costs at least
the cell size). numba is optional (``pip install 'footwork[fast]'``): it is imported on
the first call, and :func:`fast_reach` returns ``None`` when it is missing, or for a
search the kernel's packed keys cannot hold, so that the caller runs the pure search.
Compiled code is cached on disk (``cache=True``) beside this file.
"""

from __future__ import annotations

import contextlib
import math
import weakref
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from footwork.rulesets.allowances.planning import BREACH, Search
from footwork.rulesets.allowances.terrain import (
    AIR,
    EARTH,
    GROUND,
    HOP,
    WALL,
    WATER,
    Spot,
    Terrain,
)
from footwork.space import compiled as compiled_policy
from footwork.space.grid import OFFSETS, Surface
from footwork.space.kernels import compact_labels as _compact_labels
from footwork.space.kernels import grow as _grow
from footwork.space.kernels import heap_grow as _heap_grow
from footwork.space.kernels import heap_pop as _heap_pop
from footwork.space.kernels import heap_push as _heap_push
from footwork.space.kernels import load_kernel, reach_from_arrays
from footwork.space.kernels import new_table as _new_table
from footwork.space.kernels import rehash as _rehash
from footwork.space.kernels import slot as _slot
from footwork.space.levels import NONE
from footwork.space.reach import EPS, Budget, Reach, group_constraints

__all__ = ["TERRAIN_STYLES", "compiled", "fast_reach"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: the step styles Terrain.steps names, by code (Climb is charged to ``climb`` or
#: ``overland``: its steps take that style's code)
TERRAIN_STYLES = ("overland", "swim", "flight", "burrow", "hop", "climb")
_OV, _SW, _FL, _BU, _HP, _CL = range(6)
_FLOOR, _WALLC, _WATERC, _VOID = (int(Surface.FLOOR), int(Surface.WALL), int(Surface.WATER),
                                  int(Surface.VOID))
# the rows of the stacked layer array
_SURF, _TOP, _BED, _CEIL, _FACE, _EARTH = range(6)
_DR = tuple(dr for dr, _ in OFFSETS)
_DC = tuple(dc for _, dc in OFFSETS)
#: packed spot keys: kind (3 bits), turns (8), level (20), window cell (32)
_TURN_BITS, _LEVEL_BITS, _CELL_BITS = 8, 20, 32
#: the most steps one spot has (8 directions × 2, then 4 vertical), and the most search
#: steps (each may also be drawn on the Breach)
_MAX_STEPS = 24


# -- the kernel (plain Python here; compiled by numba on the first call) ----------------------
#
# Each function below mirrors a piece of terrain.py: keep them in step with it. Spots are
# (kind, row, col, level, turns) in window coordinates; L is the stacked layer array.


def _submerged(L: IntArray, kind: int, r: int, c: int, lv: int) -> bool:
    """Terrain.submerged."""
    return kind == EARTH or (kind == WATER and lv < L[_TOP, r, c])


def _can_hold(L: IntArray, r: int, c: int, lv: int) -> bool:
    """Terrain.can_hold."""
    s = L[_SURF, r, c]
    if s == _WALLC:
        return False
    if s != _VOID and lv <= L[_TOP, r, c]:
        return False
    return bool(lv <= L[_FACE, r, c] and lv < L[_CEIL, r, c])


def _open_air(L: IntArray, r: int, c: int, lv: int) -> bool:
    """Terrain.open_air."""
    return bool(L[_TOP, r, c] < lv < L[_CEIL, r, c])


def _above(L: IntArray, r: int, c: int, lv: int) -> bool:
    """Terrain.above."""
    t = L[_TOP, r, c]
    ok = t < lv if L[_SURF, r, c] == _WALLC else t <= lv
    return bool(ok and lv < L[_CEIL, r, c])


def _pass(L: IntArray, kind: int, r: int, c: int, lv: int, step: int) -> bool:
    """Terrain._pass."""
    s = L[_SURF, r, c]
    t = L[_TOP, r, c]
    if kind == GROUND:
        return bool(s in (_FLOOR, _WATERC, _VOID) and t <= lv + step)
    if kind == WATER:
        return bool(s == _WATERC and L[_BED, r, c] <= lv <= t)
    if kind == EARTH:
        return bool(L[_EARTH, r, c] <= lv < t)
    return _above(L, r, c, lv)


def _add(L: IntArray, bi: IntArray, bf: FloatArray, n: int, sub: bool, turns: int,
         max_turns: int, kind: int, r: int, c: int, lv: int, code: int, cost: float) -> int:
    """Terrain.steps's ``add``: the step, if the turns it makes fit."""
    t2 = turns + (1 if _submerged(L, kind, r, c, lv) != sub else 0)
    if t2 <= max_turns:
        bi[n, 0] = kind
        bi[n, 1] = r
        bi[n, 2] = c
        bi[n, 3] = lv
        bi[n, 4] = t2
        bi[n, 5] = code
        bf[n] = cost
        return n + 1
    return n


def _skim(L: IntArray, bi: IntArray, bf: FloatArray, n: int, sub: bool, turns: int,
          mt: int, r2: int, c2: int, lv: int, run: float) -> int:
    """Terrain._skim."""
    s2 = L[_SURF, r2, c2]
    t2 = L[_TOP, r2, c2]
    if _open_air(L, r2, c2, lv):
        return _add(L, bi, bf, n, sub, turns, mt, AIR, r2, c2, lv, _FL, run)
    if t2 == lv and s2 == _FLOOR and lv < L[_CEIL, r2, c2]:
        return _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, lv, _FL, run)
    if t2 == lv and s2 == _WATERC:
        return _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, lv, _FL, run)
    return n


def _expand(L: IntArray, kind: int, r: int, c: int, lv: int, turns: int, allow: IntArray,
            mp: IntArray, runs: FloatArray, vs: float, bi: IntArray, bf: FloatArray) -> int:
    """Terrain.steps: writes the steps into ``bi`` (kind, row, col, level, turns, style
    code) and ``bf`` (cost); returns how many. ``allow[code]``: may the mover use that
    style; ``mp``: walk step, max turns, hop floor, Climb's code, skim (0/1)."""
    step = mp[0]
    mt = mp[1]
    hop_floor = mp[2]
    cl = mp[3]
    skim = mp[4] != 0
    rows = L.shape[1]
    cols = L.shape[2]
    sub = _submerged(L, kind, r, c, lv)
    n = 0
    for k in range(8):
        dr = _DR[k]
        dc = _DC[k]
        r2 = r + dr
        c2 = c + dc
        if not (0 <= r2 < rows and 0 <= c2 < cols):
            continue
        diag = dr != 0 and dc != 0
        if diag and not (_pass(L, kind, r + dr, c, lv, step)
                         and _pass(L, kind, r, c + dc, lv, step)):
            continue
        run = runs[k]
        s2 = L[_SURF, r2, c2]
        t2 = L[_TOP, r2, c2]
        if kind == GROUND:
            if allow[_OV] and s2 == _FLOOR and abs(t2 - lv) <= step:
                n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, t2, _OV,
                         run + abs(t2 - lv) * vs)
            if allow[_SW] and s2 == _WATERC and abs(t2 - lv) <= step:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, t2, _SW,
                         run + abs(t2 - lv) * vs)
            if allow[_FL] and skim:
                n = _skim(L, bi, bf, n, sub, turns, mt, r2, c2, lv, run)
        elif kind == WATER:
            if allow[_SW] and s2 == _WATERC and L[_BED, r2, c2] <= lv <= t2:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, lv, _SW, run)
            if (allow[_OV] and lv == L[_TOP, r, c] and s2 == _FLOOR
                    and abs(t2 - lv) <= step):
                n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, t2, _OV,
                         run + abs(t2 - lv) * vs)
            if allow[_FL] and skim and lv == L[_TOP, r, c]:
                n = _skim(L, bi, bf, n, sub, turns, mt, r2, c2, lv, run)
        elif kind == AIR:
            if allow[_FL]:
                if _open_air(L, r2, c2, lv):
                    n = _add(L, bi, bf, n, sub, turns, mt, AIR, r2, c2, lv, _FL, run)
                elif t2 == lv and s2 == _FLOOR and lv < L[_CEIL, r2, c2]:
                    n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, lv, _FL, run)
                elif t2 == lv and s2 == _WATERC:
                    n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, lv, _FL, run)
        elif kind == EARTH:
            if allow[_BU] and L[_EARTH, r2, c2] <= lv < t2:
                n = _add(L, bi, bf, n, sub, turns, mt, EARTH, r2, c2, lv, _BU, run)
        elif kind == WALL:
            if allow[cl] and not diag:
                if _can_hold(L, r2, c2, lv):
                    n = _add(L, bi, bf, n, sub, turns, mt, WALL, r2, c2, lv, cl, run)
                if s2 == _FLOOR and t2 == lv:
                    n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, lv, cl, run)
        elif kind == HOP and allow[_HP] and _above(L, r2, c2, lv):
            n = _add(L, bi, bf, n, sub, turns, mt, HOP, r2, c2, lv, _HP, run)
    s = L[_SURF, r, c]
    t = L[_TOP, r, c]
    ceil = L[_CEIL, r, c]
    if kind == GROUND:
        if allow[_FL] and lv + 1 < ceil:
            n = _add(L, bi, bf, n, sub, turns, mt, AIR, r, c, lv + 1, _FL, vs)
        if allow[_BU] and L[_EARTH, r, c] <= lv - 1:
            n = _add(L, bi, bf, n, sub, turns, mt, EARTH, r, c, lv - 1, _BU, vs)
        if allow[cl] and _can_hold(L, r, c, lv + 1):
            n = _add(L, bi, bf, n, sub, turns, mt, WALL, r, c, lv + 1, cl, vs)
        if allow[_HP]:
            n = _add(L, bi, bf, n, sub, turns, mt, HOP, r, c, lv, _HP, 0.0)
    elif kind == WATER:
        if allow[_SW]:
            if lv < t:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r, c, lv + 1, _SW, vs)
            if lv > L[_BED, r, c]:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r, c, lv - 1, _SW, vs)
        if lv == t and allow[_FL] and lv + 1 < ceil:
            n = _add(L, bi, bf, n, sub, turns, mt, AIR, r, c, lv + 1, _FL, vs)
        if lv == t and allow[cl] and _can_hold(L, r, c, lv + 1):
            n = _add(L, bi, bf, n, sub, turns, mt, WALL, r, c, lv + 1, cl, vs)
    elif kind == AIR:
        if allow[_FL]:
            if lv + 1 < ceil:
                n = _add(L, bi, bf, n, sub, turns, mt, AIR, r, c, lv + 1, _FL, vs)
            if lv - 1 > t:
                n = _add(L, bi, bf, n, sub, turns, mt, AIR, r, c, lv - 1, _FL, vs)
            elif lv - 1 == t and s == _FLOOR:
                n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r, c, t, _FL, vs)
            elif lv - 1 == t and s == _WATERC:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r, c, t, _FL, vs)
    elif kind == EARTH:
        if allow[_BU]:
            if lv - 1 >= L[_EARTH, r, c]:
                n = _add(L, bi, bf, n, sub, turns, mt, EARTH, r, c, lv - 1, _BU, vs)
            if lv + 1 < t:
                n = _add(L, bi, bf, n, sub, turns, mt, EARTH, r, c, lv + 1, _BU, vs)
            elif lv + 1 == t:
                n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r, c, t, _BU, vs)
    elif kind == WALL:
        if allow[cl]:
            if _can_hold(L, r, c, lv + 1):
                n = _add(L, bi, bf, n, sub, turns, mt, WALL, r, c, lv + 1, cl, vs)
            if _can_hold(L, r, c, lv - 1):
                n = _add(L, bi, bf, n, sub, turns, mt, WALL, r, c, lv - 1, cl, vs)
            if lv - 1 == t and s == _FLOOR:
                n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r, c, t, cl, vs)
            elif lv - 1 == t and s == _WATERC:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r, c, t, cl, vs)
    elif kind == HOP and allow[_HP]:
        if lv + 1 < ceil:
            n = _add(L, bi, bf, n, sub, turns, mt, HOP, r, c, lv + 1, _HP, vs)
        if lv - 1 >= max(t, hop_floor):
            n = _add(L, bi, bf, n, sub, turns, mt, HOP, r, c, lv - 1, _HP, 0.0)
        if lv == t and s == _FLOOR:
            n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r, c, t, _HP, 0.0)
        elif lv == t and s == _WATERC:
            n = _add(L, bi, bf, n, sub, turns, mt, WATER, r, c, t, _HP, 0.0)
    return n


def _moves(L: IntArray, kind: int, r: int, c: int, lv: int, turns: int, allow: IntArray,
           mp: IntArray, runs: FloatArray, vs: float, out1: IntArray, out2: IntArray,
           rise: int, bi: IntArray, bf: FloatArray, mi: IntArray, mf: FloatArray) -> int:
    """planning.run's steps: Terrain.steps, a rising Type kept to straight up, a Breach's
    Type drawn on ``breach`` (``out1[code]``) and on its own cap (``out2[code]``). Writes
    (kind, row, col, level, turns, budget index) into ``mi`` and costs into ``mf``;
    returns how many, or -1 - code for a step in a style the budget lacks."""
    m = _expand(L, kind, r, c, lv, turns, allow, mp, runs, vs, bi, bf)
    n = 0
    for q in range(m):
        code = bi[q, 5]
        if code == rise and (bi[q, 1] != r or bi[q, 2] != c or bi[q, 3] <= lv):
            continue
        for w in range(2):
            o = out1[code] if w == 0 else out2[code]
            if o == -2:
                continue
            if o == -1:
                return int(-1 - code)
            for k in range(5):
                mi[n, k] = bi[q, k]
            mi[n, 5] = o
            mf[n] = bf[q]
            n += 1
    return n


def _pack(kind: int, cell: int, lv: int, turns: int, lv_lo: int) -> int:
    return kind | (turns << 3) | ((lv - lv_lo) << 11) | (cell << 31)


# columns of the key table K, the label tables LI (ints) and LF (floats)
_KIND, _ROW, _COL, _LEVEL, _TURNS, _HEAD, _TAIL = range(7)
_KEY, _PARENT, _STYLE, _NEXT, _ALIVE = range(5)
_COST, _TOTAL, _SPENT = range(3)  # then n spends, then the dominance coordinates


def _search(layers: IntArray, ip: IntArray, fp: FloatArray, allow: IntArray, mp: IntArray,
            out1: IntArray, out2: IntArray, runs: FloatArray, caps: FloatArray,
            slack: FloatArray, held: IntArray, gcaps: FloatArray, sets: IntArray) -> tuple[
                Any, ...]:
    """reach() (``ip[10]`` = 0: capacity dominance; 1: group-sum dominance) or
    one_resource (``ip[10]`` = 2) over _moves's steps, in the window rows
    ``ip[6]:ip[7]``, cols ``ip[8]:ip[9]`` of ``layers``.

    ``ip``: start kind, row, col, level, turns (window coordinates), lowest level, the
    window, the mode, the rising Type's code (-1: none); ``fp``: vertical step, pool limit
    (+EPS), EPS; ``caps`` (+EPS) and ``slack`` per budget style; ``held[s]``: the groups
    holding style ``s`` (-1 pads); ``gcaps[g]`` (+EPS), ``sets[g]``: group ``g``'s
    members (-1 pads) for the cap checks; ``sets[len(gcaps):]``: the constraint sets the
    labels are compared on (group-sum mode).

    Returns (status, style code, keys, labels (key, parent, budget index), labels (cost,
    pool spent, spend vector), the fronts as flat label ids, how many labels are on
    them). Keys are rows of (kind, row, col, level, turns) in window coordinates, in the
    order they were found; labels are those on a front and their ancestors, renumbered
    in order; the fronts are followed by each key's start in them. status 1: a step in a
    style the budget lacks (the style code says which); 3: a level or turn count outside
    the packed keys' span.
    """
    L = layers[:, ip[6]:ip[7], ip[8]:ip[9]]
    lv_lo = ip[5]
    mode = ip[10]
    rise = ip[11]
    level_span = 1 << _LEVEL_BITS
    turn_span = 1 << _TURN_BITS
    vs = fp[0]
    pool_limit = fp[1]
    eps = fp[2]
    n = caps.shape[0]
    ng = gcaps.shape[0]
    nd = sets.shape[0] - ng if mode == 1 else n + 1
    dom = _SPENT + n  # the first dominance column of LF
    width = L.shape[2]
    K = np.empty((64, 7), np.int64)
    table = _new_table(256)
    LI = np.empty((256, 5), np.int64)
    LF = np.empty((256, dom + nd), np.float64)
    heap = np.empty(256, np.float64)
    heap_ids = np.empty(256, np.int64)
    bi = np.empty((_MAX_STEPS, 6), np.int64)
    bf = np.empty(_MAX_STEPS, np.float64)
    mi = np.empty((2 * _MAX_STEPS, 6), np.int64)
    mf = np.empty(2 * _MAX_STEPS, np.float64)
    d2 = np.empty(nd, np.float64)
    done = np.zeros(64, np.bool_)
    for k in range(5):
        K[0, k] = ip[k]
    K[0, _HEAD] = 0
    K[0, _TAIL] = 0
    code = _pack(ip[0], ip[1] * width + ip[2], ip[3], ip[4], lv_lo)
    q = _slot(table, code)
    table[q, 0] = code
    table[q, 1] = 0
    nk = 1
    LI[0, _KEY] = 0
    LI[0, _PARENT] = -1
    LI[0, _STYLE] = -1
    LI[0, _NEXT] = -1
    LI[0, _ALIVE] = 1
    LF[0, _COST] = 0.0
    LF[0, _TOTAL] = 0.0
    for k in range(n):
        LF[0, _SPENT + k] = 0.0
    for k in range(nd):
        LF[0, dom + k] = 0.0
    if mode == 0:
        for k in range(n):
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
        if mode == 2:
            if done[kid]:
                continue
            done[kid] = True
        m = _moves(L, K[kid, _KIND], K[kid, _ROW], K[kid, _COL], K[kid, _LEVEL],
                   K[kid, _TURNS], allow, mp, runs, vs, out1, out2, rise, bi, bf, mi, mf)
        if m < 0:
            status = 1
            bad_style = -1 - m
            break
        for q in range(m):
            c = mf[q]
            s = mi[q, 5]
            t2 = t + c
            if t2 > pool_limit:
                continue
            x = LF[i, _SPENT + s] + c
            if mode != 2:
                if x > caps[s]:
                    continue
                over = False
                for h in range(held.shape[1]):
                    g = held[s, h]
                    if g < 0:
                        break
                    acc = 0.0
                    for u in range(sets.shape[1]):
                        j = sets[g, u]
                        if j < 0:
                            break
                        acc += LF[i, _SPENT + j]
                    if acc + c > gcaps[g]:
                        over = True
                        break
                if over:
                    continue
                if mode == 0:
                    d2[0] = t2
                    for k in range(n):
                        y = x if k == s else LF[i, _SPENT + k]
                        v = y + slack[k]
                        d2[k + 1] = v if v > t2 else t2
                else:
                    for k in range(nd):
                        acc = 0.0
                        for u in range(sets.shape[1]):
                            j = sets[ng + k, u]
                            if j < 0:
                                break
                            acc += x if j == s else LF[i, _SPENT + j]
                        d2[k] = acc
            if not (0 <= mi[q, 3] - lv_lo < level_span and 0 <= mi[q, 4] < turn_span):
                status = 3
                break
            code = _pack(mi[q, 0], mi[q, 1] * width + mi[q, 2], mi[q, 3], mi[q, 4], lv_lo)
            slot = _slot(table, code)
            if table[slot, 0] == -1:
                if nk == K.shape[0]:
                    K = _grow(K, 2 * nk)
                    grown = np.zeros(2 * nk, np.bool_)
                    for j in range(nk):
                        grown[j] = done[j]
                    done = grown
                to = nk
                nk += 1
                for k in range(5):
                    K[to, k] = mi[q, k]
                K[to, _HEAD] = -1
                K[to, _TAIL] = -1
                table[slot, 0] = code
                table[slot, 1] = to
                if 2 * nk > table.shape[0]:
                    table = _rehash(table, 4 * table.shape[0])
            elif mode == 2:
                to = table[slot, 1]
                j = K[to, _HEAD]
                if LF[j, _TOTAL] <= t2 + eps:
                    continue
                LI[j, _ALIVE] = 0
                K[to, _HEAD] = -1
                K[to, _TAIL] = -1
            else:
                to = table[slot, 1]
                # a held label at least as good in every coordinate beats the new one
                beaten = False
                j = K[to, _HEAD]
                while j != -1:
                    below = True
                    for k in range(nd):
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
                    for k in range(nd):
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
            LI[new, _STYLE] = s
            LI[new, _NEXT] = -1
            LI[new, _ALIVE] = 1
            LF[new, _COST] = c
            LF[new, _TOTAL] = t2
            for k in range(n):
                LF[new, _SPENT + k] = LF[i, _SPENT + k]
            LF[new, _SPENT + s] = x
            if mode != 2:
                for k in range(nd):
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


_LAYERS = "int64[:, :, :]"
_I1 = "int64[::1]"
_F1 = "float64[::1]"
#: compiled in this order (callees first), with their signatures: one compilation each
_KERNEL_FUNCTIONS: tuple[tuple[str, str | list[str]], ...] = (
    ("_submerged", f"boolean({_LAYERS}, int64, int64, int64, int64)"),
    ("_can_hold", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_open_air", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_above", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_pass", f"boolean({_LAYERS}, int64, int64, int64, int64, int64)"),
    ("_add", f"int64({_LAYERS}, int64[:, ::1], {_F1}, int64, boolean, int64, int64, int64, "
             "int64, int64, int64, int64, float64)"),
    ("_skim", f"int64({_LAYERS}, int64[:, ::1], {_F1}, int64, boolean, int64, int64, int64, "
              "int64, int64, float64)"),
    ("_expand", f"int64({_LAYERS}, int64, int64, int64, int64, int64, {_I1}, {_I1}, {_F1}, "
                f"float64, int64[:, ::1], {_F1})"),
    ("_moves", f"int64({_LAYERS}, int64, int64, int64, int64, int64, {_I1}, {_I1}, {_F1}, "
               f"float64, {_I1}, {_I1}, int64, int64[:, ::1], {_F1}, int64[:, ::1], {_F1})"),
    ("_pack", "int64(int64, int64, int64, int64, int64)"),
    ("_search", "Tuple((int64, int64, int64[:, :], int64[:, ::1], float64[:, ::1], int64[::1], "
                f"int64))(int64[:, :, ::1], {_I1}, {_F1}, {_I1}, {_I1}, {_I1}, {_I1}, {_F1}, "
                f"{_F1}, {_F1}, int64[:, ::1], {_F1}, int64[:, ::1])"),
)
_kernel: Any = None
_loaded = False


def compiled() -> bool:
    """Is the compiled search available (numba importable)? The first call imports numba
    and compiles the kernel, or loads it from the disk cache."""
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
    """A terrain's layers stacked for the kernel, the range of its levels and its steps'
    lengths across (in OFFSETS order)."""

    layers: IntArray
    low: int
    high: int
    runs: FloatArray


_prepared: weakref.WeakKeyDictionary[Terrain, _Prepared] = weakref.WeakKeyDictionary()


def _prepare(terrain: Terrain) -> _Prepared:
    found = _prepared.get(terrain)
    if found is not None:
        return found
    earth = np.array(terrain.earth, dtype=np.int64).reshape(terrain.rows, terrain.cols)
    layers = np.stack([terrain.surface_a, terrain.top_a, terrain.bed_a, terrain.ceil_a,
                       terrain.face_a, earth]).astype(np.int64, order="C")
    solid = terrain.surface_a != _VOID
    burrow = earth < terrain.top_a
    levels = np.concatenate([terrain.top_a[solid], terrain.bed_a[solid], earth[burrow]])
    diag = 2.0 if terrain.metric == "manhattan" else math.sqrt(2.0)
    runs = np.array([terrain.h * (diag if dr and dc else 1.0) for dr, dc in OFFSETS])
    prepared = _Prepared(layers, int(levels.min()) if levels.size else 0,
                         int(levels.max()) if levels.size else 0, runs)
    with contextlib.suppress(TypeError):  # a terrain without weak references: no cache
        _prepared[terrain] = prepared
    return prepared


def _sets(budget: Budget, groups: tuple[tuple[tuple[str, ...], float], ...],
          owners: tuple[str, ...] | None = None) -> tuple[IntArray, FloatArray, IntArray]:
    """reach()'s group bookkeeping (``group_constraints``) as arrays: ``held[s]`` (the
    groups holding style s, in order), each group's cap (+EPS) and members, then the
    constraint sets compared under group-sum dominance. With ``owners``
    (``planning.cascade_reach``), a group bounds only its owner's steps."""
    styles = budget.styles
    held, sets = group_constraints(budget, groups)
    if owners is not None:
        index = {name: i for i, name in enumerate(styles)}
        held = [[] for _ in styles]
        for (members, cap), owner in zip(groups, owners, strict=True):
            ids = tuple(index[m] for m in dict.fromkeys(members))
            held[index[owner]].append((ids, cap + EPS))
    glist = [g for hs in held for g in hs]
    # every (members, cap) a style's check reads, numbered; then the compared sets
    checks = list(dict.fromkeys(glist))
    number = {g: i for i, g in enumerate(checks)}
    width = max([1, *(len(m) for m, _ in checks), *(len(m) for m in sets)])
    depth = max([1, *(len(hs) for hs in held)])
    held_a = np.full((len(styles), depth), -1, dtype=np.int64)
    for s, hs in enumerate(held):
        for k, pair in enumerate(hs):
            held_a[s, k] = number[pair]
    rows = [m for m, _ in checks] + sets
    sets_a = np.full((max(1, len(rows)), width), -1, dtype=np.int64)
    for k, g in enumerate(rows):
        sets_a[k, :len(g)] = g
    gcaps = np.array([gc for _, gc in checks], dtype=np.float64)
    return held_a, gcaps, sets_a


def fast_reach(terrain: Terrain, start: Spot, search: Search) -> Reach[Spot] | None:
    """Every spot the search ``search`` reaches from ``start``, compiled: the same result
    as the pure search ``planning.run`` makes (the same keys in the same order, the same
    fronts, the same cheapest plans).

    Returns None when numba cannot be imported or when the search does not fit the
    kernel (a Climb charged to a style it does not know, a span of levels or turns its
    packed keys cannot hold); the caller then runs the pure search. Raises ``ValueError``
    where the pure search does (a step in a style the budget does not name).
    """
    # never wait for numba: the pure search answers until the kernel is ready
    kernel = compiled_policy.kernel(globals(), _KERNEL_FUNCTIONS, "_search")
    if kernel is None:
        return None
    mover = search.mover
    budget = search.budget
    if mover.climb_as not in TERRAIN_STYLES:
        return None
    kind, sr, sc, slv, sturns = start
    if not terrain.in_bounds(sr, sc):
        raise ValueError(f"the start row {sr}, col {sc} is off the map")
    if not (0 <= sturns < 1 << _TURN_BITS) or not 0 <= kind <= HOP:
        return None
    prep = _prepare(terrain)
    styles = budget.styles
    caps_map = budget.caps
    limit = budget.limit
    one = len(caps_map) == 1 and not search.groups
    pool_limit = (next(iter(caps_map.values())) if one else limit) + EPS
    # the crop: every step across costs at least the cell size
    h = terrain.h
    rows, cols = terrain.rows, terrain.cols
    if h > 0:
        radius = int(limit // h) + 1
        r0, r1 = max(0, sr - radius), min(rows, sr + radius + 1)
        c0, c1 = max(0, sc - radius), min(cols, sc + radius + 1)
    else:
        r0, r1, c0, c1 = 0, rows, 0, cols
    if (r1 - r0) * (c1 - c0) >= 1 << _CELL_BITS:
        return None
    # every level a search reaches is within limit / vs of a map level or the start's,
    # or at most down to a hop's floor (coming down is free)
    reach_lv = math.ceil(limit / terrain.vs) + 2
    lv_lo = min(prep.low, slv, mover.hop_floor if mover.hop_floor > NONE else slv) - reach_lv
    if max(prep.high, slv) + reach_lv - lv_lo >= 1 << _LEVEL_BITS:
        return None
    index = {name: i for i, name in enumerate(styles)}
    bt, only = search.breach_type, search.breach_only
    out1 = np.full(6, -2, dtype=np.int64)
    out2 = np.full(6, -2, dtype=np.int64)
    for code, name in enumerate(TERRAIN_STYLES):
        if name == bt:
            out1[code] = index.get(BREACH, -1)
        if name in caps_map and not (name == bt and only):
            out2[code] = index[name]
    allow = np.array([name in mover.types for name in TERRAIN_STYLES], dtype=np.int64)
    cl = TERRAIN_STYLES.index(mover.climb_as)
    allow[_CL] = mover.climb_as in mover.types if cl == _CL else 0
    mp = np.array([terrain.step, mover.turns, mover.hop_floor, cl, int(terrain.skim)],
                  dtype=np.int64)
    rise = search.rise_only
    rise_code = TERRAIN_STYLES.index(rise) if rise in TERRAIN_STYLES and rise != bt else -1
    mode = 2 if one else (1 if search.groups else 0)
    held, gcaps, sets = _sets(budget, search.groups, search.owners)
    caps = np.array([caps_map[s] + EPS for s in styles])
    slack = np.array([limit - caps_map[s] for s in styles])
    ip = np.array([kind, sr - r0, sc - c0, slv, sturns, lv_lo, r0, r1, c0, c1, mode,
                   rise_code], dtype=np.int64)
    fp = np.array([terrain.vs, pool_limit, EPS])
    status, bad, keys, label_ints, label_floats, fronts, alive = kernel(
        prep.layers, ip, fp, allow, mp, out1, out2, prep.runs, caps, slack, held, gcaps,
        sets)
    if status == 1:
        name = TERRAIN_STYLES[bad] if bad != _CL else mover.climb_as
        raise ValueError(f"a step uses style {BREACH if name == bt else name!r}; the "
                         f"budget has {', '.join(styles)}")
    if status != 0:
        return None
    return reach_from_arrays(start, budget, keys, r0, c0, label_ints, label_floats,
                             fronts, alive, budget.styles)
