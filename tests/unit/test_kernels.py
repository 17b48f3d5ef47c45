"""The shared building blocks of the compiled searches, run as plain Python (numba
compiles the same code): the heap pops in heapq's order, the table finds what it holds."""

from __future__ import annotations

import heapq
import random

import numpy as np

from footwork.space import kernels as k


def test_the_heap_pops_in_the_order_heapq_pops_tuples() -> None:
    rng = random.Random(3)
    heap = np.empty(4, np.float64)
    ids = np.empty(4, np.int64)
    size = 0
    ref: list[tuple[float, int]] = []
    out: list[tuple[float, int]] = []
    for step in range(400):
        if ref and rng.random() < 0.4:
            out.append((float(heap[0]), int(ids[0])))
            size = k.heap_pop(heap, ids, size)
            assert out[-1] == heapq.heappop(ref)
            continue
        t, i = float(rng.randint(0, 9)), step  # many ties: ids break them
        if size == heap.shape[0]:
            heap, ids = k.heap_grow(heap, ids)
        size = k.heap_push(heap, ids, size, t, i)
        heapq.heappush(ref, (t, i))
    assert size == len(ref)


def test_the_table_finds_every_key_it_holds_after_rehashing() -> None:
    table = k.new_table(8)
    codes = [c * 7919 + (c << 40) for c in range(1, 200)]
    for n, code in enumerate(codes):
        q = k.slot(table, code)
        assert table[q, 0] == -1
        table[q, 0], table[q, 1] = code, n
        if 2 * (n + 1) > table.shape[0]:
            table = k.rehash(table, 4 * table.shape[0])
    for n, code in enumerate(codes):
        assert table[k.slot(table, code), 1] == n
    assert table[k.slot(table, 12345), 0] == -1


def test_grow_keeps_the_rows() -> None:
    a = np.arange(6, dtype=np.int64).reshape(3, 2)
    b = k.grow(a, 5)
    assert b.shape == (5, 2) and (b[:3] == a).all()
