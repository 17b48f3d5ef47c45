"""Building blocks of compiled (numba) graph searches: an open-addressing table of int64
keys, a binary heap of (cost, id) ordered as ``heapq`` orders tuples, and growing arrays.

They are plain Python here, so that they can be read and tested without numba.
:func:`compiled_into` compiles them once per process (cached on disk) and puts the
dispatchers into a kernel module's namespace under the names it calls them by, before
that module compiles its own functions, so that its kernels call them compiled. The
`styles` and `allowances` searches both use them.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from typing import Any

import numpy as np
import numpy.typing as npt

__all__ = ["SIGNATURES", "compiled_into", "grow", "heap_grow", "heap_pop", "heap_push",
           "new_table", "rehash", "slot"]

IntArray = npt.NDArray[np.int64]
FloatArray = npt.NDArray[np.float64]


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


#: each helper's numba signature(s), callees first
SIGNATURES: tuple[tuple[str, str | list[str]], ...] = (
    ("slot", "int64(int64[:, ::1], int64)"),
    ("new_table", "int64[:, ::1](int64)"),
    ("rehash", "int64[:, ::1](int64[:, ::1], int64)"),
    ("grow", ["int64[:, ::1](int64[:, ::1], int64)", "float64[:, ::1](float64[:, ::1], int64)"]),
    ("heap_push", "int64(float64[::1], int64[::1], int64, float64, int64)"),
    ("heap_pop", "int64(float64[::1], int64[::1], int64)"),
    ("heap_grow", "Tuple((float64[::1], int64[::1]))(float64[::1], int64[::1])"),
)
_compiled: dict[str, Any] = {}


def compiled_into(namespace: MutableMapping[str, Any], numba: Any, prefix: str = "_") -> None:
    """Put the compiled helpers into ``namespace`` as ``prefix + name`` (``_slot``...),
    compiling them on the first call in the process (or loading them from numba's cache)."""
    if not _compiled:
        space = globals()
        for name, signature in SIGNATURES:
            space[name] = _compiled[name] = numba.njit(signature, cache=True, nogil=True)(
                space[name])
    for name, dispatcher in _compiled.items():
        namespace[prefix + name] = dispatcher
