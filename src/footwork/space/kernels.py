"""Building blocks of compiled (numba) graph searches: an open-addressing table of int64
keys, a binary heap of (cost, id) ordered as ``heapq`` orders tuples, growing arrays, the
compaction of a label-setting search's labels and their conversion to a core ``Reach``.

They are plain Python here, so that they can be read and tested without numba.
:func:`compiled_into` compiles them once per process (cached on disk) and puts the
dispatchers into a kernel module's namespace under the names it calls them by, before
that module compiles its own functions, so that its kernels call them compiled. The
`styles` and `allowances` searches both use them.
"""

from __future__ import annotations

from collections.abc import MutableMapping, Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from footwork.space.arrayreach import ArrayReach
from footwork.space.reach import Budget

__all__ = [
    "SIGNATURES",
    "build_kernel",
    "compact_labels",
    "compiled_into",
    "grow",
    "grow_steps",
    "heap_grow",
    "heap_pop",
    "heap_push",
    "load_kernel",
    "new_table",
    "reach_from_arrays",
    "rehash",
    "slot",
]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]
#: a search key of the grid kernels: (kind, row, col, level, extra)
Spot = tuple[int, int, int, int, int]


def slot(table: IntArray, code: int) -> int:
    """The row of ``code`` in an open-addressing table (rows of code, id; code -1: empty),
    or the empty row where it goes."""
    mask = table.shape[0] - 1
    x = code ^ (code >> 29)
    x = x * -7046029254386353131  # wraps in int64 (Fibonacci hashing)
    j = (x >> 32) & mask
    while True:
        k = table[j, 0]
        if k == code or k == -1:
            return int(j)
        j = (j + 1) & mask


def new_table(size: int) -> IntArray:
    table = np.empty((size, 2), np.int64)
    for j in range(size):
        table[j, 0] = -1
    return table


def rehash(table: IntArray, size: int) -> IntArray:
    out = new_table(size)
    for j in range(table.shape[0]):
        if table[j, 0] != -1:
            q = slot(out, table[j, 0])
            out[q, 0] = table[j, 0]
            out[q, 1] = table[j, 1]
    return out


def grow(a: Any, size: int) -> Any:
    out = np.empty((size, a.shape[1]), a.dtype)
    for i in range(a.shape[0]):  # loops: a slice assignment takes seconds to compile
        for j in range(a.shape[1]):
            out[i, j] = a[i, j]
    return out


def grow_steps(si: IntArray, sf: FloatArray, n: int, size: int
               ) -> tuple[IntArray, FloatArray]:
    """A batch of steps' rows (``si``) and costs (``sf``) moved into arrays of ``size``
    rows, the first ``n`` kept (a ruleset's ``_expand_batch`` outgrowing its guess)."""
    si2 = np.empty((size, si.shape[1]), np.int64)
    sf2 = np.empty(size, np.float64)
    for q in range(n):  # loops: a slice assignment takes seconds to compile
        for k in range(si.shape[1]):
            si2[q, k] = si[q, k]
        sf2[q] = sf[q]
    return si2, sf2


def heap_push(heap: FloatArray, ids: IntArray, size: int, t: float, i: int) -> int:
    """Push (t, i) on a binary heap ordered as heapq orders tuples."""
    pos = size
    while pos > 0:
        parent = (pos - 1) >> 1
        pt = heap[parent]
        if pt > t or (pt == t and ids[parent] > i):
            heap[pos] = pt
            ids[pos] = ids[parent]
            pos = parent
        else:
            break
    heap[pos] = t
    ids[pos] = i
    return size + 1


def heap_pop(heap: FloatArray, ids: IntArray, size: int) -> int:
    """Drop the root (read it first); returns the new size."""
    size -= 1
    lt = heap[size]
    li = ids[size]
    pos = 0
    while True:
        child = 2 * pos + 1
        if child >= size:
            break
        if child + 1 < size and (heap[child + 1] < heap[child] or (
                heap[child + 1] == heap[child] and ids[child + 1] < ids[child])):
            child += 1
        if heap[child] < lt or (heap[child] == lt and ids[child] < li):
            heap[pos] = heap[child]
            ids[pos] = ids[child]
            pos = child
        else:
            break
    heap[pos] = lt
    ids[pos] = li
    return size


def heap_grow(heap: FloatArray, ids: IntArray) -> tuple[FloatArray, IntArray]:
    n = heap.shape[0]
    new_heap = np.empty(2 * n, np.float64)
    new_ids = np.empty(2 * n, np.int64)
    for i in range(n):
        new_heap[i] = heap[i]
        new_ids[i] = ids[i]
    return new_heap, new_ids


# -- label-setting results ---------------------------------------------------------------

#: the columns of a label-setting kernel's key table ``K`` (head and tail of the key's
#: front list), its label int table ``LI`` and float table ``LF``
K_HEAD, K_TAIL = 5, 6
L_KEY, L_PARENT, L_STYLE, L_NEXT, L_ALIVE = range(5)


def compact_labels(K: IntArray, LI: IntArray, LF: FloatArray, nk: int, nl: int,
                   n: int) -> tuple[IntArray, FloatArray, IntArray, int]:
    """Keep the labels on a front and their ancestors, renumbered in order: (key, parent,
    style) rows, (cost, pool spent, n spends) rows, the fronts as flat label ids followed
    by each key's start in them, and how many labels are alive."""
    new_id = np.zeros(nl, np.int64)
    for i in range(nl - 1, -1, -1):
        if LI[i, L_ALIVE] != 0:
            new_id[i] = 1
        if new_id[i] != 0 and LI[i, L_PARENT] >= 0:
            new_id[LI[i, L_PARENT]] = 1
    kept = 0
    alive = 0
    for i in range(nl):
        if new_id[i] != 0:
            new_id[i] = kept
            kept += 1
        else:
            new_id[i] = -1
        alive += LI[i, L_ALIVE]
    OI = np.empty((kept, 3), np.int64)
    OF = np.empty((kept, 2 + n), np.float64)
    for i in range(nl):
        j = new_id[i]
        if j < 0:
            continue
        OI[j, 0] = LI[i, L_KEY]
        OI[j, 1] = new_id[LI[i, L_PARENT]] if LI[i, L_PARENT] >= 0 else -1
        OI[j, 2] = LI[i, L_STYLE]
        for q in range(2 + n):
            OF[j, q] = LF[i, q]
    fronts = np.empty(alive + nk + 1, np.int64)  # the ids, then each key's start
    pos = 0
    for kid in range(nk):
        fronts[alive + kid] = pos
        j = K[kid, K_HEAD]
        while j != -1:
            fronts[pos] = new_id[j]
            pos += 1
            j = LI[j, L_NEXT]
    fronts[alive + nk] = pos
    return OI, OF, fronts, alive


def reach_from_arrays(start: Spot, budget: Budget, keys: IntArray, r0: int, c0: int,
                      label_ints: IntArray, label_floats: FloatArray, fronts: IntArray,
                      alive: int, style_names: Sequence[str]) -> ArrayReach:
    """A kernel's result as a core :class:`Reach` (an :class:`ArrayReach`, which builds its
    Python objects only when asked): ``keys`` rows of (kind, row, col, level, extra) in a
    window whose corner is (r0, c0), and :func:`compact_labels`' arrays;
    ``style_names[code]`` names a label's style."""
    if r0 or c0:
        keys = keys.copy()
        keys[:, 1] += r0
        keys[:, 2] += c0
    return ArrayReach(start, budget, np.ascontiguousarray(keys), label_ints, label_floats,
                      fronts, alive, style_names)


#: each helper's numba signature(s), callees first
SIGNATURES: tuple[tuple[str, str | list[str]], ...] = (
    ("slot", "int64(int64[:, ::1], int64)"),
    ("new_table", "int64[:, ::1](int64)"),
    ("rehash", "int64[:, ::1](int64[:, ::1], int64)"),
    ("grow", ["int64[:, ::1](int64[:, ::1], int64)", "float64[:, ::1](float64[:, ::1], int64)"]),
    ("grow_steps", "Tuple((int64[:, ::1], float64[::1]))(int64[:, ::1], float64[::1], int64, "
                   "int64)"),
    ("heap_push", "int64(float64[::1], int64[::1], int64, float64, int64)"),
    ("heap_pop", "int64(float64[::1], int64[::1], int64)"),
    ("heap_grow", "Tuple((float64[::1], int64[::1]))(float64[::1], int64[::1])"),
    ("compact_labels", "Tuple((int64[:, ::1], float64[:, ::1], int64[::1], int64))("
                       "int64[:, ::1], int64[:, ::1], float64[:, ::1], int64, int64, int64)"),
)
_compiled: dict[str, Any] = {}


def compiled_into(namespace: MutableMapping[str, Any], numba: Any, prefix: str = "_") -> None:
    """Put the compiled helpers into ``namespace`` as ``prefix + name`` (``_slot``...),
    compiling them on the first call in the process (or loading them from numba's cache, in
:func:`footwork.space.compiled.cache_dir`)."""
    if not _compiled:
        space = globals()
        for name, signature in SIGNATURES:
            space[name] = _compiled[name] = numba.njit(signature, cache=True, nogil=True)(
                space[name])
    for name, dispatcher in _compiled.items():
        namespace[prefix + name] = dispatcher


def load_kernel(namespace: MutableMapping[str, Any],
                functions: Sequence[tuple[str, str | list[str]]], entry: str) -> Any:
    """Compile a kernel module: the shared helpers into its ``namespace``, then each of its
    ``functions`` (name, numba signature), callees first, replacing them in place so
    that they call each other compiled. Returns the ``entry`` dispatcher, or None
    without numba (or under the ``off`` policy of :mod:`footwork.space.compiled`).
    Compiled code is cached on disk. This call waits for the compilation: a search that
    must not wait asks :func:`footwork.space.compiled.kernel` instead."""
    from footwork.space import compiled

    if compiled.policy() == "off":
        return None
    return compiled.compile_now(namespace, functions, entry,
                                lambda: build_kernel(namespace, functions, entry))


def build_kernel(namespace: MutableMapping[str, Any],
                 functions: Sequence[tuple[str, str | list[str]]], entry: str) -> Any:
    """What :func:`load_kernel` does, without the policy or the once-per-process guard."""
    from footwork.space.compiled import use_cache_dir

    use_cache_dir()  # numba caches in the user's cache folder, not beside the sources
    try:
        import numba  # type: ignore[import-not-found, unused-ignore]
    except (ImportError, OSError):  # OSError: llvmlite's library cannot be mapped (memory)
        return None
    compiled_into(namespace, numba)
    for name, signature in functions:
        namespace[name] = numba.njit(signature, cache=True, nogil=True)(namespace[name])
    return namespace[entry]
