"""The movement graph of a grid map, and the one compiled search over it.

A grid ruleset (``styles``, ``allowances``) describes its terrain as *steps*: from a spot
(rows of five integers: kind, row, col, level, extra) to another, in a style, at a cost.
Generating those steps is most of what a search used to do as it went. Here they are
generated once per map and mover and kept as arrays, in a :class:`MovementGraph`:

- ``spots[i]``: node i's spot;
- ``first[i]``, ``count[i]``: node i's steps are ``first[i]:first[i] + count[i]`` of
  ``to`` (the node reached), ``style`` (the ruleset's style code), ``cost`` and ``tags``
  (bits the ruleset sets, such as a fall or a hazard); ``first[i] == -1`` while node i has
  not been expanded yet.

The graph grows on demand. :meth:`MovementGraph.close_within` expands, through the
ruleset's ``expand`` function (a batch of spots in, their steps out, in the order its pure
``Terrain.steps`` lists them), every node within a cost of a start: what a search whose
pool is that cost can reach. Each node remembers how far around it the graph is known,
so a second search from a place already covered expands nothing: it only searches.

:func:`search` is the exact multi-resource label-setting search of
:func:`footwork.space.reach.reach` over such a graph, compiled: per-style caps and a shared
pool under capacity dominance, nested group caps (the allowances cascade) under group-sum
dominance, or one resource as a plain Dijkstra. It makes labels in the pure search's order
(steps in the graph's order, labels numbered as they are made, the heap ordered by (pool
spent, label number)) and adds costs in the same order, so its fronts and plans are the
pure search's, to the bit; the rulesets' equivalence tests hold it to that.

The kernels below are plain Python, compiled by numba (:mod:`footwork.space.compiled`
says when); without numba the rulesets run their pure searches, the oracle.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, MutableMapping
from typing import Any

import numpy as np
import numpy.typing as npt

from footwork.space import compiled as compiled_policy
from footwork.space.kernels import compact_labels as _compact_labels
from footwork.space.kernels import grow as _grow
from footwork.space.kernels import heap_grow as _heap_grow
from footwork.space.kernels import heap_pop as _heap_pop
from footwork.space.kernels import heap_push as _heap_push

__all__ = ["Expand", "MovementGraph", "SearchResult", "kernels_ready", "search", "warm_up"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
#: a batch of spots (m rows of 5) -> each one's step count, the steps (kind, row, col,
#: level, extra, style code, tags) and their costs, spot by spot in order
Expand = Callable[[IntArray], tuple[IntArray, IntArray, FloatArray]]
#: (status, bad style code, the keys in the order found, the labels' ints and floats, the
#: fronts, how many labels are alive): see :func:`_search`
SearchResult = tuple[int, int, IntArray, IntArray, FloatArray, IntArray, int]

#: how many rings of steps a round of closing by cost expands (the ring it found unknown,
#: then the next ones without asking their cost): fewer rounds, a little more expanded
_RINGS = 5
#: the search's statuses
OK, BAD_STYLE, INCOMPLETE = 0, 1, 4


# -- kernels (plain Python here; compiled by numba) -------------------------------------------


def _slot_of(table: IntArray, spots: IntArray, k0: int, k1: int, k2: int, k3: int,
             k4: int) -> int:
    """The row of the spot (k0..k4) in the open-addressing ``table`` of node ids (-1:
    empty), or the empty row where it goes."""
    mask = table.shape[0] - 1
    x = k0 + 7 * (k1 + 65599 * (k2 + 65599 * (k3 + 65599 * k4)))  # wraps in int64
    x = x ^ (x >> 29)
    x = x * -7046029254386353131  # Fibonacci hashing
    j = (x >> 32) & mask
    while True:
        i = table[j]
        if i == -1:
            return int(j)
        if (spots[i, 0] == k0 and spots[i, 1] == k1 and spots[i, 2] == k2
                and spots[i, 3] == k3 and spots[i, 4] == k4):
            return int(j)
        j = (j + 1) & mask


def _rehash_nodes(table: IntArray, spots: IntArray, n: int, size: int) -> IntArray:
    out = np.empty(size, np.int64)
    for j in range(size):
        out[j] = -1
    for i in range(n):
        q = _slot_of(out, spots, spots[i, 0], spots[i, 1], spots[i, 2], spots[i, 3],
                     spots[i, 4])
        out[q] = i
    return out


def _insert(table: IntArray, spots: IntArray, first: IntArray, count: IntArray,
            to: IntArray, style: IntArray, cost: FloatArray,
            tags: IntArray, n: int, m: int, nodes: IntArray, counts: IntArray,
            si: IntArray, sf: FloatArray) -> tuple[int, int]:
    """Store the steps of the expanded ``nodes`` (``counts`` of them each, rows of ``si``
    and ``sf`` in order), adding the nodes they reach. The caller has made room for every
    new node and step. Returns the new node and step counts."""
    q = 0
    for a in range(nodes.shape[0]):
        node = nodes[a]
        first[node] = m
        count[node] = counts[a]
        for _ in range(counts[a]):
            j = _slot_of(table, spots, si[q, 0], si[q, 1], si[q, 2], si[q, 3], si[q, 4])
            target = table[j]
            if target == -1:
                target = n
                n += 1
                for k in range(5):
                    spots[target, k] = si[q, k]
                first[target] = -1
                count[target] = 0
                table[j] = target
            to[m] = target
            style[m] = si[q, 5]
            tags[m] = si[q, 6]
            cost[m] = sf[q]
            m += 1
            q += 1
    return n, m


def _within(first: IntArray, count: IntArray, to: IntArray, cost: FloatArray, start: int,
            limit: float, reach: FloatArray, dist: FloatArray) -> IntArray:
    """One round of a closure by cost: a Dijkstra from ``start`` up to ``limit`` over the
    expanded nodes. Returns the unexpanded nodes it reaches within ``limit`` (their steps
    are not known yet); when there are none, every node it settled is marked closed:
    ``reach[i]`` (how far from node i the graph is known to be expanded) grows to
    ``limit - dist[i]``. A node already known that far is not searched through: everything
    within the rest of the limit from it is expanded. ``dist``: +inf per node, left so."""
    heap = np.empty(256, np.float64)
    ids = np.empty(256, np.int64)
    touched = np.empty(256, np.int64)
    need = np.empty(16, np.int64)
    nn = 0
    nt = 1
    touched[0] = start
    dist[start] = 0.0
    heap[0] = 0.0
    ids[0] = start
    size = 1
    while size > 0:
        d = heap[0]
        v = ids[0]
        size = _heap_pop(heap, ids, size)
        if d > dist[v]:
            continue
        if first[v] < 0:
            if nn == need.shape[0]:
                grown = np.empty(2 * nn, np.int64)
                for q in range(nn):
                    grown[q] = need[q]
                need = grown
            need[nn] = v
            nn += 1
            continue
        if v != start and reach[v] >= limit - d:
            continue
        for e in range(first[v], first[v] + count[v]):
            w = to[e]
            nd = d + cost[e]
            if nd <= limit and nd < dist[w]:
                if dist[w] == np.inf:
                    if nt == touched.shape[0]:
                        grown = np.empty(2 * nt, np.int64)
                        for q in range(nt):
                            grown[q] = touched[q]
                        touched = grown
                    touched[nt] = w
                    nt += 1
                dist[w] = nd
                if size == heap.shape[0]:
                    heap, ids = _heap_grow(heap, ids)
                size = _heap_push(heap, ids, size, nd, w)
    for q in range(nt):
        i = touched[q]
        if nn == 0 and limit - dist[i] > reach[i]:
            reach[i] = limit - dist[i]
        dist[i] = np.inf
    return need[:nn]


# columns of the key table K, the label tables LI (ints) and LF (floats)
_HEAD, _TAIL = 5, 6
_KEY, _PARENT, _STYLE, _NEXT, _ALIVE = range(5)
_COST, _TOTAL, _SPENT = range(3)  # then n spends, then the dominance coordinates


def _search(spots: IntArray, first: IntArray, count: IntArray, to: IntArray,
            style: IntArray, cost: FloatArray, start: int, kid_of: IntArray, ip: IntArray,
            fp: FloatArray, out1: IntArray, out2: IntArray, caps: FloatArray,
            slack: FloatArray, held: IntArray, gcaps: FloatArray,
            sets: IntArray) -> tuple[Any, ...]:
    """reach() over the graph from node ``start``.

    ``ip``: the mode (0: capacity dominance; 1: group-sum dominance; 2: one resource, a
    plain Dijkstra), the rising style code (-1: none; its steps count only straight up),
    whether any code maps to -1 (else no step is checked for it), whether any code has a
    second draw (``out2``);
    ``fp``: the pool limit (+EPS), EPS. A step in graph style ``code`` is drawn on the
    budget's style ``out1[code]``, and again, as a second step, on ``out2[code]`` (-2:
    not drawn; -1: the budget lacks the style, an error). ``caps`` (+EPS) and ``slack``
    per budget style; ``held[s]``: the groups holding style s (-1 pads); ``gcaps[g]``
    (+EPS) and ``sets[g]``: group g's members (-1 pads); ``sets[len(gcaps):]``: the sets
    group-sum dominance compares. ``kid_of``: one -1 per node, left as it was found.

    Returns (status, style code, keys, labels (key, parent, budget style), labels (cost,
    pool spent, spend vector), the fronts as flat label ids then each key's start in them,
    how many labels are alive). Keys are spot rows in the order found. status 1: a step
    in a style the budget lacks (the code says which); 4: the search reached a node the
    graph has not expanded (it was closed short of what the search could spend).
    """
    mode = ip[0]
    rise = ip[1]
    check_bad = ip[2] != 0
    draws = 2 if ip[3] != 0 else 1
    pool_limit = fp[0]
    eps = fp[1]
    n = caps.shape[0]
    ng = gcaps.shape[0]
    nd = sets.shape[0] - ng if mode == 1 else n + 1
    dom = _SPENT + n  # the first dominance column of LF
    K = np.empty((64, 7), np.int64)
    nodes = np.empty(64, np.int64)
    LI = np.empty((256, 5), np.int64)
    LF = np.empty((256, dom + nd), np.float64)
    heap = np.empty(256, np.float64)
    heap_ids = np.empty(256, np.int64)
    d2 = np.empty(nd, np.float64)
    done = np.zeros(64, np.bool_)
    best = np.empty(64, np.float64)  # mode 2: each key's one label's pool spent
    best[0] = 0.0
    for k in range(5):
        K[0, k] = spots[start, k]
    K[0, _HEAD] = 0
    K[0, _TAIL] = 0
    nodes[0] = start
    kid_of[start] = 0
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
        here = nodes[kid]
        e0 = first[here]
        if e0 < 0:
            status = 4
            break
        e1 = e0 + count[here]
        hr = spots[here, 1]
        hc = spots[here, 2]
        hl = spots[here, 3]
        # a step in a style the budget lacks is an error, before any of the node's steps
        # (only looked for when the budget lacks a style the graph has)
        if check_bad:
            for e in range(e0, e1):
                code = style[e]
                if code == rise:
                    j = to[e]
                    if spots[j, 1] != hr or spots[j, 2] != hc or spots[j, 3] <= hl:
                        continue
                if out1[code] == -1 or out2[code] == -1:
                    status = 1
                    bad_style = code
                    break
            if status != 0:
                break
        for e in range(e0, e1):
            code = style[e]
            target = to[e]
            if code == rise and (spots[target, 1] != hr or spots[target, 2] != hc
                                 or spots[target, 3] <= hl):
                continue
            for w in range(draws):
                s = out1[code] if w == 0 else out2[code]
                if s < 0:
                    continue
                c = cost[e]
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
                tk = kid_of[target]
                if tk == -1:
                    if nk == K.shape[0]:
                        K = _grow(K, 2 * nk)
                        grown = np.empty(2 * nk, np.int64)
                        done_grown = np.zeros(2 * nk, np.bool_)
                        best_grown = np.empty(2 * nk, np.float64)
                        for j in range(nk):
                            grown[j] = nodes[j]
                            done_grown[j] = done[j]
                            best_grown[j] = best[j]
                        nodes = grown
                        done = done_grown
                        best = best_grown
                    tk = nk
                    nk += 1
                    for k in range(5):
                        K[tk, k] = spots[target, k]
                    K[tk, _HEAD] = -1
                    K[tk, _TAIL] = -1
                    nodes[tk] = target
                    kid_of[target] = tk
                elif mode == 2:
                    if best[tk] <= t2 + eps:
                        continue
                    j = K[tk, _HEAD]
                    LI[j, _ALIVE] = 0
                    K[tk, _HEAD] = -1
                    K[tk, _TAIL] = -1
                else:
                    # a held label at least as good in every coordinate beats the new one
                    beaten = False
                    j = K[tk, _HEAD]
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
                    j = K[tk, _HEAD]
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
                                K[tk, _HEAD] = nxt
                            else:
                                LI[prev, _NEXT] = nxt
                            if K[tk, _TAIL] == j:
                                K[tk, _TAIL] = prev
                        else:
                            prev = j
                        j = nxt
                if nl == LI.shape[0]:
                    LI = _grow(LI, 2 * nl)
                    LF = _grow(LF, 2 * nl)
                new = nl
                nl += 1
                LI[new, _KEY] = tk
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
                else:
                    best[tk] = t2
                if K[tk, _TAIL] == -1:
                    K[tk, _HEAD] = new
                else:
                    LI[K[tk, _TAIL], _NEXT] = new
                K[tk, _TAIL] = new
                if size == heap.shape[0]:
                    heap, heap_ids = _heap_grow(heap, heap_ids)
                size = _heap_push(heap, heap_ids, size, t2, new)
    for j in range(nk):  # leave the scratch as it was found
        kid_of[nodes[j]] = -1
    OI, OF, fronts, alive = _compact_labels(K, LI, LF, nk, nl, n)
    return status, bad_style, K[:nk, :5], OI, OF, fronts, alive


_I1 = "int64[::1]"
_I2 = "int64[:, ::1]"
_F1 = "float64[::1]"
#: compiled in this order (callees first), with their signatures
_KERNEL_FUNCTIONS: tuple[tuple[str, str | list[str]], ...] = (
    ("_slot_of", f"int64({_I1}, {_I2}, int64, int64, int64, int64, int64)"),
    ("_rehash_nodes", f"{_I1}({_I1}, {_I2}, int64, int64)"),
    ("_insert", f"UniTuple(int64, 2)({_I1}, {_I2}, {_I1}, {_I1}, {_I1}, {_I1}, {_F1}, "
                f"{_I1}, int64, int64, {_I1}, {_I1}, {_I2}, {_F1})"),
    ("_within", f"{_I1}({_I1}, {_I1}, {_I1}, {_F1}, int64, float64, {_F1}, {_F1})"),
    ("_search", f"Tuple((int64, int64, int64[:, :], {_I2}, float64[:, ::1], {_I1}, int64))("
                f"{_I2}, {_I1}, {_I1}, {_I1}, {_I1}, {_F1}, int64, {_I1}, {_I1}, {_F1}, "
                f"{_I1}, {_I1}, {_F1}, {_F1}, {_I2}, {_F1}, {_I2})"),
)


def _namespace() -> MutableMapping[str, Any]:
    return globals()


def warm_up() -> None:
    """Start compiling the core search in a background thread (a server at start-up)."""
    compiled_policy.warm_up(_namespace(), _KERNEL_FUNCTIONS, "_search")


def kernels_ready() -> bool:
    """Are the compiled kernels ready? Under the ``background`` policy of
    :mod:`footwork.space.compiled` the first call starts compiling them and says no; a
    caller then runs its pure search."""
    return compiled_policy.kernel(_namespace(), _KERNEL_FUNCTIONS, "_search") is not None


# -- the graph ---------------------------------------------------------------------------------


class MovementGraph:
    """The steps of one mover on one map, as arrays grown on demand (see the module
    docstring). ``expand`` is the ruleset's description of its terrain. Build one per map
    and mover; use it only when :func:`kernels_ready` says so."""

    def __init__(self, expand: Expand) -> None:
        #: held while the graph grows or is searched: growing replaces and fills its
        #: arrays, a search borrows its scratch, and the compiled kernels run without
        #: the GIL, so two threads must take turns (a server answers tables in threads)
        self.lock = threading.RLock()
        self._expand = expand
        self.n = 0  # nodes
        self.m = 0  # steps
        self.spots = np.empty((256, 5), np.int64)
        self.first = np.empty(256, np.int64)
        self.count = np.empty(256, np.int64)
        self.kid_of = np.full(256, -1, np.int64)
        #: how far from each node (in cost) every node is known to be expanded
        self.reach = np.full(256, -1.0)
        self._dist = np.full(256, np.inf)
        self.to = np.empty(1024, np.int64)
        self.style = np.empty(1024, np.int64)
        self.cost = np.empty(1024, np.float64)
        self.tags = np.empty(1024, np.int64)
        self._table = np.full(1024, -1, np.int64)
        self._g = _namespace()

    def node(self, spot: tuple[int, int, int, int, int]) -> int:
        """The node of ``spot``, added (unexpanded) if the graph does not hold it yet."""
        with self.lock:
            return self._node(np.asarray(spot, dtype=np.int64))

    def _node(self, row: IntArray) -> int:
        self._room(1, 0)
        j = self._g["_slot_of"](self._table, self.spots, *map(int, row))
        found = int(self._table[j])
        if found >= 0:
            return found
        i = self.n
        self.spots[i] = row
        self.first[i] = -1
        self.count[i] = 0
        self._table[j] = i
        self.n += 1
        return i

    def close_within(self, start: int, limit: float) -> None:
        """Expand every node whose least cost from ``start`` is at most ``limit``: all a
        search whose pool spent stays within ``limit`` can reach, and little more (a
        round expands the steps of the nodes it found, and those of their targets, a few
        rings ahead). Nothing to do when ``start`` is known expanded that far; a start
        near one already closed searches through the expanded part only."""
        with self.lock:
            g = self._g
            if self.reach[start] >= limit:
                return
            while True:
                need = g["_within"](self.first, self.count, self.to, self.cost, start,
                                    float(limit), self.reach, self._dist)
                if not need.size:
                    return
                for _ in range(_RINGS):  # this ring and a few ahead: fewer rounds
                    need = need[self.first[need] < 0]
                    if not need.size:
                        break
                    before = self.m
                    self._expand_nodes(need)
                    # the nodes the new steps lead to, each once
                    mark = np.zeros(self.n, dtype=np.bool_)
                    mark[self.to[before:self.m]] = True
                    need = np.flatnonzero(mark)

    def _expand_nodes(self, need: IntArray) -> None:
        counts, si, sf = self._expand(np.ascontiguousarray(self.spots[need]))
        total = int(si.shape[0])
        self._room(total, total)
        self.n, self.m = self._g["_insert"](
            self._table, self.spots, self.first, self.count, self.to,
            self.style, self.cost, self.tags, self.n, self.m, need,
            np.ascontiguousarray(counts, dtype=np.int64),
            np.ascontiguousarray(si, dtype=np.int64),
            np.ascontiguousarray(sf, dtype=np.float64))

    def _room(self, nodes: int, steps: int) -> None:
        """Make room for ``nodes`` more nodes and ``steps`` more steps."""
        need = self.n + nodes
        if need > self.spots.shape[0]:
            size = max(need, 2 * self.spots.shape[0])
            old = self.n
            self.spots = _resized(self.spots, size, old)
            self.first = _resized(self.first, size, old)
            self.count = _resized(self.count, size, old)
            kid_of = np.full(size, -1, np.int64)
            kid_of[:old] = self.kid_of[:old]
            self.kid_of = kid_of
            reach = np.full(size, -1.0)
            reach[:old] = self.reach[:old]
            self.reach = reach
            self._dist = np.full(size, np.inf)
        if 2 * need > self._table.shape[0]:
            size = self._table.shape[0]
            while 2 * need > size:
                size *= 2
            self._table = self._g["_rehash_nodes"](self._table, self.spots, self.n, size)
        more = self.m + steps
        if more > self.to.shape[0]:
            size = max(more, 2 * self.to.shape[0])
            self.to = _resized(self.to, size, self.m)
            self.style = _resized(self.style, size, self.m)
            self.cost = _resized(self.cost, size, self.m)
            self.tags = _resized(self.tags, size, self.m)


def _resized(a: Any, size: int, keep: int) -> Any:
    out = np.empty((size, *a.shape[1:]), a.dtype)
    out[:keep] = a[:keep]
    return out


def search(graph: MovementGraph, start: int, *, mode: int, rise: int, pool_limit: float,
           eps: float, out1: IntArray, out2: IntArray, caps: FloatArray, slack: FloatArray,
           held: IntArray, gcaps: FloatArray, sets: IntArray) -> SearchResult:
    """The compiled search over ``graph`` from node ``start`` (see :func:`_search` for the
    arguments and the result). The graph must have been closed from ``start`` as far as
    the search can spend; a node left unexpanded gives status 4."""
    g = graph._g
    check_bad = bool((out1 == -1).any() or (out2 == -1).any())
    ip = np.array([mode, rise, check_bad, bool((out2 >= 0).any())], dtype=np.int64)
    fp = np.array([pool_limit, eps], dtype=np.float64)
    with graph.lock:
        out: SearchResult = g["_search"](
            graph.spots, graph.first, graph.count, graph.to, graph.style, graph.cost, start,
            graph.kid_of, ip, fp, out1, out2, caps, slack, held, gcaps, sets)
    return out
