"""The `allowances` terrain, described for the core's movement graph: the compiled form
of :func:`planning.run <footwork.rulesets.allowances.planning.run>`'s searches
(docs/performance.md).

The search and the graph live in the core now (:mod:`footwork.space.movegraph`): a
:class:`~footwork.space.movegraph.MovementGraph` keeps the steps as arrays, grown as
searches need them, and :func:`~footwork.space.movegraph.search` is the one compiled
label-setting search (capacity dominance; group-sum dominance with the cascade as group
caps; or, for a budget of one resource and no groups, the plain bounded Dijkstra of
:func:`planning.one_resource <footwork.rulesets.allowances.planning.one_resource>`). This
module only says what the terrain allows and how a search reads it:

- ``_expand`` and its helpers are :meth:`Terrain.steps
  <footwork.rulesets.allowances.terrain.Terrain.steps>` written out for numba, over the
  map's integer level layers stacked over a window of it (in its coordinates:
  :class:`~footwork.space.window.LayerWindow`); they list a
  spot's steps in the order ``Terrain.steps`` does. ``_expand_batch`` runs them over the
  batch of spots the graph asks for.
- A graph belongs to a terrain and a *mover profile*: the Types the mover may use, the
  style Climb is charged to, how many submerged/surfaced turns it may make (no more than
  its budget can pay for; none counted where the limit is lifted), its hop floor, and
  the terrain's ``skim``. The graphs are kept on the terrain (a few profiles each; one
  grown past a few million steps starts over) and reused by every search with that
  profile.
- Per search: each step's style code is drawn on the budget's ``breach`` when it is the
  Breach's Type and on its own cap unless only the Breach pays (``out1``, ``out2``); the
  steps of the Type of the medium a Breach leaves are kept only straight toward the new
  medium (up out of water or earth, down out of the air: a graph of its own, filtered
  as it grows, so the core's ``rise`` is not used); and the graph is first closed
  by cost (``MovementGraph.close_within``): every spot within the most a label can spend
  in all (the pool, the caps and the cascade's groups) of the start is expanded, and
  nothing much farther.

Climb's steps carry the code of the style they are charged to (``climb``, or
``overland`` under A002-25's fallback), so the draws and the leaving filter treat them
exactly as ``run`` does: as steps of that style.

*The same answer* means the same keys in the same order, the same fronts and the same
cheapest plans, to the bit: the core's search makes labels in the pure search's order
(steps in ``Terrain.steps``'s order, labels numbered as made, the heap ordered by (spent,
label number)) and adds costs in the same order; it leaves out labels that are neither on
a front nor an ancestor of one, which changes no front and no plan. It returns the
core's :class:`~footwork.space.arrayreach.ArrayReach`, a
:class:`~footwork.space.reach.Reach` kept as the search's arrays (its Python objects built
when asked), so ``front``, ``cheapest``, ``vectors`` and the plans work unchanged.

numba comes with footwork but may fail to import: :func:`fast_reach` returns None, so
that the caller runs the pure search, while the kernels are not ready (numba missing, or
still compiling under :mod:`footwork.space.compiled`'s policy), or when the search meets a
spot its graph has not expanded (which the closing by cost rules out). Compiled code is
cached on disk in the user's cache folder (:func:`footwork.space.compiled.cache_dir`).
"""

from __future__ import annotations

import contextlib
import math
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from functools import cache, lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from footwork.rulesets.allowances.planning import BREACH, LOOSE, Search
from footwork.rulesets.allowances.terrain import (
    AIR,
    EARTH,
    GROUND,
    HOP,
    UNLIMITED,
    WALL,
    WATER,
    Mover,
    Spot,
    Terrain,
)
from footwork.space import compiled as compiled_policy
from footwork.space import movegraph
from footwork.space.grid import OFFSETS, Surface
from footwork.space.kernels import grow_steps as _grow_steps
from footwork.space.kernels import load_kernel, reach_from_arrays
from footwork.space.levels import NONE
from footwork.space.movegraph import MovementGraph
from footwork.space.reach import EPS, Budget, Reach, group_constraints
from footwork.space.window import LayerWindow

__all__ = ["TERRAIN_STYLES", "compiled", "fast_reach", "warm_up"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]

#: the step styles Terrain.steps names, by code (Climb is charged to ``climb`` or
#: ``overland``: its steps take that style's code)
TERRAIN_STYLES = ("overland", "swim", "flight", "burrow", "hop", "climb")
_OV, _SW, _FL, _BU, _HP, _CL = range(6)
_FLOOR, _WALLC, _WATERC, _VOID = (int(Surface.FLOOR), int(Surface.WALL), int(Surface.WATER),
                                  int(Surface.VOID))
# the rows of the stacked layer array
_SURF, _TOP, _BED, _CEIL, _FACE, _EARTH, _EDGES = range(7)
_DR = tuple(dr for dr, _ in OFFSETS)
_DC = tuple(dc for _, dc in OFFSETS)
#: at least the most steps one spot has (8 directions × 3, then 6 vertical: 30)
_MAX_STEPS = 32
#: how many graphs (mover profiles) a terrain keeps, and the most steps a graph may hold
#: before it is dropped and grown again from the next search
_GRAPHS_KEPT = 8
_MAX_GRAPH_STEPS = 4_000_000


# -- the kernel (plain Python here; compiled by numba) ----------------------------------------
#
# Each function below mirrors a piece of terrain.py: keep them in step with it. Spots are
# (kind, row, col, level, turns) in the coordinates of L, the layers stacked over a window
# of the map (the expander moves spots into them and the steps back).


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
        return bool(L[_EARTH, r, c] <= lv < L[_BED, r, c])
    return _above(L, r, c, lv)


def _add(L: IntArray, bi: IntArray, bf: FloatArray, n: int, sub: bool, turns: int,
         max_turns: int, kind: int, r: int, c: int, lv: int, code: int, cost: float) -> int:
    """Terrain.steps's ``add``: the step, if the turns it makes fit (none counted when
    the limit is lifted, ``max_turns`` at UNLIMITED)."""
    t2 = turns
    if max_turns < UNLIMITED and _submerged(L, kind, r, c, lv) != sub:
        t2 += 1
    if max_turns >= UNLIMITED or t2 <= max_turns:
        bi[n, 0] = kind
        bi[n, 1] = r
        bi[n, 2] = c
        bi[n, 3] = lv
        bi[n, 4] = t2
        bi[n, 5] = code
        bi[n, 6] = 0
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
            mp: IntArray, runs: FloatArray, vs: float, bi: IntArray, bf: FloatArray,
            n0: int) -> int:
    """Terrain.steps: writes the steps into ``bi`` (kind, row, col, level, turns, style
    code, tags 0) and ``bf`` (cost) from row ``n0`` on, in Terrain.steps's order; returns
    the row after the last. ``allow[code]``: may the mover use that style; ``mp``: walk
    step, max turns, hop floor, Climb's code, skim (0/1)."""
    step = mp[0]
    mt = mp[1]
    hop_floor = mp[2]
    cl = mp[3]
    skim = mp[4] != 0
    rows = L.shape[1]
    cols = L.shape[2]
    sub = _submerged(L, kind, r, c, lv)
    n = n0
    for k in range(8):
        dr = _DR[k]
        dc = _DC[k]
        r2 = r + dr
        c2 = c + dc
        if not (0 <= r2 < rows and 0 <= c2 < cols):
            continue
        if (L[_EDGES, r, c] >> k) & 1:  # Terrain.steps: an edge refuses the step
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
            if allow[cl] and not diag and _can_hold(L, r2, c2, lv):
                n = _add(L, bi, bf, n, sub, turns, mt, WALL, r2, c2, lv, cl, run)
        elif kind == WATER:
            if allow[_SW] and s2 == _WATERC and L[_BED, r2, c2] <= lv <= t2:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, lv, _SW, run)
            if (allow[_SW] and s2 == _WATERC and lv == L[_TOP, r, c] and t2 != lv
                    and abs(t2 - lv) <= step):
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, t2, _SW,
                         run + abs(t2 - lv) * vs)
            if (allow[_OV] and lv == L[_TOP, r, c] and s2 == _FLOOR
                    and abs(t2 - lv) <= step):
                n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, t2, _OV,
                         run + abs(t2 - lv) * vs)
            if allow[_FL] and skim and lv == L[_TOP, r, c]:
                n = _skim(L, bi, bf, n, sub, turns, mt, r2, c2, lv, run)
            if allow[cl] and not diag and lv == L[_TOP, r, c] and _can_hold(L, r2, c2, lv):
                n = _add(L, bi, bf, n, sub, turns, mt, WALL, r2, c2, lv, cl, run)
        elif kind == AIR:
            if allow[_FL]:
                if _open_air(L, r2, c2, lv):
                    n = _add(L, bi, bf, n, sub, turns, mt, AIR, r2, c2, lv, _FL, run)
                elif t2 == lv and s2 == _FLOOR and lv < L[_CEIL, r2, c2]:
                    n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, lv, _FL, run)
                elif t2 == lv and s2 == _WATERC:
                    n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, lv, _FL, run)
        elif kind == EARTH:
            if allow[_BU] and L[_EARTH, r2, c2] <= lv < L[_BED, r2, c2]:
                n = _add(L, bi, bf, n, sub, turns, mt, EARTH, r2, c2, lv, _BU, run)
        elif kind == WALL:
            if allow[_SW] and not diag and s2 == _WATERC and t2 == lv:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, lv, _SW, run)
            if allow[cl] and not diag:
                if _can_hold(L, r2, c2, lv):
                    n = _add(L, bi, bf, n, sub, turns, mt, WALL, r2, c2, lv, cl, run)
                if s2 == _FLOOR and t2 == lv:
                    n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r2, c2, lv, cl, run)
                elif s2 == _WATERC and t2 == lv:
                    n = _add(L, bi, bf, n, sub, turns, mt, WATER, r2, c2, lv, cl, run)
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
        if lv == t and allow[_HP]:
            n = _add(L, bi, bf, n, sub, turns, mt, HOP, r, c, lv, _HP, 0.0)
        if allow[_BU] and lv == L[_BED, r, c] and L[_EARTH, r, c] <= lv - 1:
            n = _add(L, bi, bf, n, sub, turns, mt, EARTH, r, c, lv - 1, _BU, vs)
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
            b = L[_BED, r, c]
            if lv + 1 < b:
                n = _add(L, bi, bf, n, sub, turns, mt, EARTH, r, c, lv + 1, _BU, vs)
            elif lv + 1 == b and s == _FLOOR:
                n = _add(L, bi, bf, n, sub, turns, mt, GROUND, r, c, t, _BU, vs)
            elif lv + 1 == b and s == _WATERC:
                n = _add(L, bi, bf, n, sub, turns, mt, WATER, r, c, b, _BU, vs)
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
        if allow[_FL] and _open_air(L, r, c, lv):  # Terrain.steps: a flier lets go
            n = _add(L, bi, bf, n, sub, turns, mt, AIR, r, c, lv, _FL, 0.0)
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


def _expand_batch(layers: IntArray, allow: IntArray, mp: IntArray, runs: FloatArray,
                  vs: float, spots: IntArray) -> tuple[IntArray, IntArray, FloatArray]:
    """The movement graph's ``expand``: the steps of each of ``spots`` (rows of kind, row,
    col, level, turns), spot by spot, each in Terrain.steps's order. Returns each spot's
    step count, the steps (kind, row, col, level, turns, style code, tags 0) and their
    costs."""
    m = spots.shape[0]
    counts = np.empty(m, np.int64)
    size = 16 * m + _MAX_STEPS
    si = np.empty((size, 7), np.int64)
    sf = np.empty(size, np.float64)
    n = 0
    for a in range(m):
        if n + _MAX_STEPS > si.shape[0]:
            si, sf = _grow_steps(si, sf, n, 2 * si.shape[0])
        end = _expand(layers, spots[a, 0], spots[a, 1], spots[a, 2], spots[a, 3],
                      spots[a, 4], allow, mp, runs, vs, si, sf, n)
        counts[a] = end - n
        n = end
    return counts, si[:n], sf[:n]


_LAYERS = "int64[:, :, ::1]"
_I1 = "int64[::1]"
_I2 = "int64[:, ::1]"
_F1 = "float64[::1]"
#: compiled in this order (callees first), with their signatures: one compilation each
_KERNEL_FUNCTIONS: tuple[tuple[str, str | list[str]], ...] = (
    ("_submerged", f"boolean({_LAYERS}, int64, int64, int64, int64)"),
    ("_can_hold", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_open_air", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_above", f"boolean({_LAYERS}, int64, int64, int64)"),
    ("_pass", f"boolean({_LAYERS}, int64, int64, int64, int64, int64)"),
    ("_add", f"int64({_LAYERS}, {_I2}, {_F1}, int64, boolean, int64, int64, int64, int64, "
             "int64, int64, int64, float64)"),
    ("_skim", f"int64({_LAYERS}, {_I2}, {_F1}, int64, boolean, int64, int64, int64, int64, "
              "int64, float64)"),
    ("_expand", f"int64({_LAYERS}, int64, int64, int64, int64, int64, {_I1}, {_I1}, {_F1}, "
                f"float64, {_I2}, {_F1}, int64)"),
    ("_expand_batch", f"Tuple(({_I1}, {_I2}, {_F1}))({_LAYERS}, {_I1}, {_I1}, {_F1}, "
                      f"float64, {_I2})"),
)


def compiled() -> bool:
    """Are the compiled kernels available (numba importable)? Waits for them: the first
    call compiles them, or loads them from the disk cache (benchmarks, tests)."""
    if load_kernel(globals(), _KERNEL_FUNCTIONS, "_expand_batch") is None:
        return False
    if not movegraph.kernels_ready():  # the ``background`` policy: compiling now
        compiled_policy.wait()
    return movegraph.kernels_ready()


def warm_up() -> None:
    """Start compiling this module's kernels and the core search in background threads,
    ahead of the first search (``footwork serve`` at start-up); nothing under the ``off``
    policy. Never waits."""
    if compiled_policy.policy() == "off":
        return
    compiled_policy.warm_up(globals(), _KERNEL_FUNCTIONS, "_expand_batch")
    movegraph.warm_up()


# -- the Python side -------------------------------------------------------------------------

#: a mover profile: its Types, the style Climb is charged to, its turn limit, its hop
#: floor, the terrain's skim, and the leaving filter (style code, way: +1 up, -1 down)
_Profile = tuple[frozenset[str], str, int, int, bool, tuple[int, int]]
#: no leaving filter
NO_LEAVE = (-1, 0)


#: the cells around an expanded spot the kernel reads (its neighbours), plus two: the
#: layer window keeps this much map around every spot
_WINDOW_MARGIN = 3


@dataclass(frozen=True)
class _Prepared:
    """A terrain's layers stacked for the kernel over a window of the map (see
    :class:`~footwork.space.window.LayerWindow`: a first search on a large map stacks
    what it reads), its steps' lengths across (in OFFSETS order), and its movement graphs
    by mover profile (the most recently used last; the lock guards this table and the
    window, each graph has its own)."""

    window: LayerWindow
    runs: FloatArray
    graphs: OrderedDict[_Profile, MovementGraph] = field(default_factory=OrderedDict)
    lock: threading.Lock = field(default_factory=threading.Lock)


_prepared: weakref.WeakKeyDictionary[Terrain, _Prepared] = weakref.WeakKeyDictionary()


def _prepare(terrain: Terrain) -> _Prepared:
    found = _prepared.get(terrain)
    if found is not None:
        return found
    window = LayerWindow((terrain.surface_a, terrain.top_a, terrain.bed_a, terrain.ceil_a,
                          terrain.face_a, terrain.earth_a, terrain.blocked_a), terrain.rows,
                         terrain.cols,
                         margin=_WINDOW_MARGIN)
    diag = 2.0 if terrain.metric == "manhattan" else math.sqrt(2.0)
    runs = np.array([terrain.h * (diag if dr and dc else 1.0) for dr, dc in OFFSETS])
    prepared = _Prepared(window, runs)
    with contextlib.suppress(TypeError):  # a terrain without weak references: no cache
        _prepared[terrain] = prepared
    return prepared


def _graph(terrain: Terrain, prep: _Prepared, mover: Mover, turns: int,
           kernel: Any, leave: tuple[int, int] = NO_LEAVE) -> MovementGraph:
    """The movement graph of ``mover`` on ``terrain`` with the turn limit ``turns``, made
    on first use. The caller holds ``prep.lock``. The graph's ``expand`` holds the
    terrain's arrays, not the terrain, so the cache does not keep the terrain alive.
    ``leave`` (a style code and a way): that style's steps are kept only straight up
    (+1) or down (-1) in their cell (``planning.leaves_toward``)."""
    hop = "hop" in mover.types
    climb_as = mover.climb_as if mover.climb_as in mover.types else ""
    profile = (mover.types, climb_as, turns, mover.hop_floor if hop else NONE,
               bool(terrain.skim), leave)
    graph = prep.graphs.get(profile)
    if graph is not None and graph.m <= _MAX_GRAPH_STEPS:
        prep.graphs.move_to_end(profile)
        return graph
    allow = np.array([name in mover.types for name in TERRAIN_STYLES], dtype=np.int64)
    cl = TERRAIN_STYLES.index(mover.climb_as)
    allow[_CL] = mover.climb_as in mover.types if cl == _CL else 0
    mp = np.array([terrain.step, turns, mover.hop_floor, cl, int(terrain.skim)],
                  dtype=np.int64)
    window, runs, vs = prep.window, prep.runs, float(terrain.vs)

    def expand(spots: IntArray) -> tuple[IntArray, IntArray, FloatArray]:
        layers, local, corner = window.view(spots)  # the kernel reads the window
        counts, si, sf = kernel(layers, allow, mp, runs, vs, local)
        out = (counts, window.to_map(si, corner), sf)
        return out if leave[0] < 0 else _leaving(spots, out, leave)

    graph = prep.graphs[profile] = MovementGraph(expand)
    prep.graphs.move_to_end(profile)
    while len(prep.graphs) > _GRAPHS_KEPT:
        prep.graphs.popitem(last=False)
    return graph


def _leaving(spots: IntArray, found: tuple[IntArray, IntArray, FloatArray],
             leave: tuple[int, int]) -> tuple[IntArray, IntArray, FloatArray]:
    """R002-31, R002-33: drop the steps of style ``leave[0]`` that do not go straight up
    (``leave[1]`` +1) or down (-1) in their cell, as ``planning.pure_run`` does."""
    counts, si, sf = found
    code, way = leave
    origin = spots[np.repeat(np.arange(spots.shape[0]), counts)]
    straight = ((si[:, 1] == origin[:, 1]) & (si[:, 2] == origin[:, 2])
                & ((si[:, 3] - origin[:, 3]) * way > 0))
    keep = (si[:, 5] != code) | straight
    kept = np.bincount(np.repeat(np.arange(spots.shape[0]), counts)[keep],
                       minlength=spots.shape[0]).astype(np.int64)
    return kept, np.ascontiguousarray(si[keep]), np.ascontiguousarray(sf[keep])


def _draws(search: Search) -> tuple[IntArray, IntArray, int]:
    """How the search reads the graph's style codes: a step is drawn on the budget index
    ``out1[code]``, then on ``out2[code]`` (-2: not drawn; -1: the budget lacks it, an
    error), as ``planning.pure_run`` names it: the Breach's Type on ``breach`` first, then
    on its own cap unless only the Breach pays; any other Type on its own cap; in a loose
    search, every step some merged resource pays once, on its one amount. Also the code
    of the Type of the medium a Breach leaves (-1: none)."""
    caps = search.budget.caps
    index = {name: i for i, name in enumerate(search.budget.styles)}
    bt, only = search.breach_type, search.breach_only
    out1 = np.full(len(TERRAIN_STYLES), -2, dtype=np.int64)
    out2 = np.full(len(TERRAIN_STYLES), -2, dtype=np.int64)
    for code, name in enumerate(TERRAIN_STYLES):
        own = index[name] if name in caps and not (name == bt and only) else -2
        if search.merged:  # a loose search: once, from its one amount, if any pays it
            pays = name in search.merged or (name == bt and BREACH in search.merged)
            out1[code] = index[LOOSE] if pays else -2
        elif name == bt:
            out1[code] = index.get(BREACH, -1)
            out2[code] = own
        else:  # one draw: the core's search then draws each step once
            out1[code] = own
    rise = search.rise_only
    rise_code = TERRAIN_STYLES.index(rise) if rise in TERRAIN_STYLES and rise != bt else -1
    return out1, out2, rise_code


def _turns(terrain: Terrain, start: Spot, mover: Mover, limit: float) -> int:
    """The turn limit of the graph of a search that spends at most ``limit`` in all: the
    mover's, or less when the search cannot pay for that many turns. Every step that
    turns (submerged to surfaced, or back) costs at least the cell size or the vertical
    step, so a label of ``t`` turns has spent at least ``t - start's turns`` of them; a
    graph whose limit is past every popped label's turns + 1 gives the search the same
    steps. Rounded up to a multiple of 8, so that searches of nearby budgets share a
    graph."""
    least = min(terrain.h, terrain.vs)
    if least <= 0 or mover.turns >= UNLIMITED:  # lifted: no count kept (Terrain.steps)
        return mover.turns
    need = start[4] + int(limit // least) + 2
    return min(mover.turns, -(-need // 8) * 8)


def _held(budget: Budget, groups: tuple[tuple[tuple[str, ...], float], ...],
          owners: tuple[str, ...] | None
          ) -> tuple[list[list[tuple[tuple[int, ...], float]]], list[tuple[int, ...]]]:
    """``group_constraints``: per budget style, the groups (member ids, cap + EPS) its
    steps must fit, and the sets group-sum dominance compares; with ``owners``
    (``planning.cascade_reach``), a group bounds only its owner's steps."""
    held, sets = group_constraints(budget, groups)
    if owners is not None:
        index = {name: i for i, name in enumerate(budget.styles)}
        held = [[] for _ in budget.styles]
        for (members, cap), owner in zip(groups, owners, strict=True):
            ids = tuple(index[m] for m in dict.fromkeys(members))
            held[index[owner]].append((ids, cap + EPS))
    return held, sets


def _most_spent(budget: Budget, groups: tuple[tuple[tuple[str, ...], float], ...],
                owners: tuple[str, ...] | None) -> float:
    """The most a label of the search can have spent in all: at most the pool, each
    style's cap, and what the groups allow. Take the style whose last step comes last
    among a set of styles: when it was taken, every style of the set in one of the groups
    it is checked against had spent all it ever spends, and that group's sum fitted its
    cap. So a set spends at most, for some style s in it and one of its groups g, g's cap
    (or its members' caps) plus what the rest of the set outside g spends (s's cap plus
    the rest, for a style without groups). Remembered per budget and groups."""
    return _most_spent_of(tuple(budget.caps.items()), budget.pool, groups, owners)


@lru_cache(maxsize=256)
def _most_spent_of(caps_items: tuple[tuple[str, float], ...], pool: float | None,
                   groups: tuple[tuple[tuple[str, ...], float], ...],
                   owners: tuple[str, ...] | None) -> float:
    budget = Budget(dict(caps_items), pool)
    caps = [cap for _, cap in caps_items]
    held, _ = _held(budget, groups, owners)
    checked = [[(frozenset(ids), cap) for ids, cap in hs] for hs in held]

    @cache
    def most(rest: frozenset[int]) -> float:
        best = 0.0
        for s in rest:
            bound = caps[s] + most(rest - {s})
            for members, cap in checked[s]:
                inside = min(cap, sum(caps[t] for t in rest & members))
                own = 0.0 if s in members else caps[s]
                bound = min(bound, inside + own + most(rest - members - {s}))
            best = max(best, bound)
        return best

    return min(budget.limit, most(frozenset(range(len(caps)))))


def _sets(budget: Budget, groups: tuple[tuple[tuple[str, ...], float], ...],
          owners: tuple[str, ...] | None = None) -> tuple[IntArray, FloatArray, IntArray]:
    """reach()'s group bookkeeping (``group_constraints``) as arrays: ``held[s]`` (the
    groups holding style s, in order), each group's cap (+EPS) and members, then the
    constraint sets compared under group-sum dominance. With ``owners``
    (``planning.cascade_reach``), a group bounds only its owner's steps."""
    styles = budget.styles
    held, sets = _held(budget, groups, owners)
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

    Returns None when the compiled kernels are not ready (numba missing, or still
    compiling), for a Climb charged to a style the kernel does not know, or when the
    search meets a spot its graph has not expanded; the caller then runs the pure
    search. Raises ``ValueError`` where the pure search does (a step in a style the
    budget does not name) and for a start off the map.
    """
    found = _prepared_search(terrain, start, search)
    if found is None:
        return None
    graph, node, args = found
    status, bad, keys, label_ints, label_floats, fronts, alive = movegraph.search(
        graph, node, **args)
    styles = search.budget.styles
    if status == movegraph.BAD_STYLE:
        name = TERRAIN_STYLES[bad]
        raise ValueError(f"a step uses style {BREACH if name == search.breach_type else name!r}"
                         f"; the budget has {', '.join(styles)}")
    if status != movegraph.OK:
        return None
    return reach_from_arrays(start, search.budget, keys, 0, 0, label_ints, label_floats,
                             fronts, alive, styles)


def _prepared_search(terrain: Terrain, start: Spot, search: Search
                     ) -> tuple[MovementGraph, int, dict[str, Any]] | None:
    """What :func:`fast_reach` hands the core's search: the graph (closed as far as the
    search can spend), the start's node and the search's arguments; None when the compiled
    path cannot answer (see :func:`fast_reach`). The benchmark times the search alone on
    it. The graph takes its own lock to grow and to be searched (the kernels release the
    GIL); a node once expanded stays so, so a search after another thread's closing
    still finds every node it can reach expanded."""
    # never wait for numba: the pure search answers until both kernels are ready
    kernel = compiled_policy.kernel(globals(), _KERNEL_FUNCTIONS, "_expand_batch")
    ready = movegraph.kernels_ready()
    if kernel is None or not ready:
        return None
    mover = search.mover
    budget = search.budget
    if mover.climb_as not in TERRAIN_STYLES:
        return None
    _, sr, sc, _, _ = start
    if not terrain.in_bounds(sr, sc):
        raise ValueError(f"the start row {sr}, col {sc} is off the map")
    styles = budget.styles
    caps_map = budget.caps
    limit = budget.limit
    one = len(caps_map) == 1 and not search.groups
    pool_limit = (next(iter(caps_map.values())) if one else limit) + EPS
    out1, out2, rise = _draws(search)
    leave = NO_LEAVE if rise < 0 else (rise, search.toward)
    most = _most_spent(budget, search.groups, search.owners) + EPS
    prep = _prepare(terrain)
    held, gcaps, sets = _sets(budget, search.groups, search.owners)
    args: dict[str, Any] = {
        "mode": 2 if one else (1 if search.groups else 0), "rise": -1,
        "pool_limit": pool_limit, "eps": EPS, "out1": out1, "out2": out2,
        "caps": np.array([caps_map[s] + EPS for s in styles]),
        "slack": np.array([limit - caps_map[s] for s in styles]),
        "held": held, "gcaps": gcaps, "sets": sets}
    with prep.lock:
        graph = _graph(terrain, prep, mover, _turns(terrain, start, mover, most), kernel,
                       leave)
    node = graph.node(start)
    # every label spends at most the pool and at most what its caps allow in all: what
    # lies farther is never reached (the margin covers sums made in another order)
    graph.close_within(node, min(pool_limit, most) + 1e-6)
    return graph, node, args
