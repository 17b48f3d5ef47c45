"""Benchmark of the multi-resource reach search (``footwork.space.reach``) against plain
single-resource bounded searches over the same cells.

    python bench/bench_reach.py            # the full run (about a minute)
    python bench/bench_reach.py --quick    # a few-second smoke run

Maps: N×N grids (64 and 256) of mixed terrain, seeded: about 68 % floor, 20 % water,
12 % walls (in short runs, so there are corridors and ponds). Styles, priced per cell of
length with Euclidean diagonals (√2): Walk floor → floor; Swim into, out of and through
water; Jump from a floor to a floor or water cell. Walls stop everything.

Budgets: pool 4u (Walk 4, Half Jump 2, Half Swim 2) and pool 16u (Double Walk 16,
Jump 8, Swim 8, as with a Dash).

Measured, each on the same map and start (a floor cell in the middle), in one run:

- ``grid_reach``: the exact multi-resource search, cropped to the window the pool can
  reach (``min_step`` given), then the ``pool_spent`` array built; both dominance rules;
- plain heapq: a pure-Python single-resource bounded Dijkstra over the same window,
  pricing a step at its cheapest style and ignoring the caps (only the pool);
- networkx: ``single_source_dijkstra_path_length`` with ``cutoff`` = the pool on a
  ``DiGraph`` of the whole map (built outside the timing; the build is reported);
- numba: a compiled plain bounded Dijkstra over the same window, only if ``numba``
  imports (it is not a dependency of the project).

Medians of ``time.perf_counter`` with the garbage collector paused, after warm-up.
"""

from __future__ import annotations

import argparse
import functools
import gc
import math
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable
from typing import Any

import networkx as nx
import numpy as np

from footwork.space.grid import OFFSETS, SQRT2, Diagonal, FloatArray, GridMap, Surface
from footwork.space.reach import Budget, Dominance, grid_reach

LENGTH = np.array([SQRT2 if dr and dc else 1.0 for dr, dc in OFFSETS])


def make_map(n: int, seed: int) -> GridMap:
    rng = np.random.default_rng(seed)
    surface = np.zeros((n, n), dtype=np.uint8)
    # ponds: random blobs of water
    for _ in range(n * n // 40):
        r, c = rng.integers(0, n, 2)
        surface[max(0, r - 1):r + 2, max(0, c - 1):c + 2] = Surface.WATER
    # walls: short horizontal and vertical runs
    for _ in range(n * n // 40):
        r, c = rng.integers(0, n, 2)
        k = int(rng.integers(2, 6))
        if rng.random() < 0.5:
            surface[r, c:c + k] = Surface.WALL
        else:
            surface[r:r + k, c] = Surface.WALL
    elevation = np.where(surface == Surface.WALL, 3.0, 0.0)
    depth = np.where(surface == Surface.WATER, 2.0, 0.0)
    return GridMap(surface, elevation, water_depth=depth)


def shifted(a: np.ndarray[Any, Any], dr: int, dc: int, fill: Any) -> np.ndarray[Any, Any]:
    """``out[r, c] = a[r + dr, c + dc]``, ``fill`` off the map."""
    out = np.full_like(a, fill)
    n, m = a.shape
    out[max(0, -dr):n - max(0, dr), max(0, -dc):m - max(0, dc)] = \
        a[max(0, dr):n - max(0, -dr) or None, max(0, dc):m - max(0, -dc) or None]
    return out


def style_costs(grid: GridMap) -> dict[str, FloatArray]:
    """Per style, the price per cell of length of each step: ``(8, rows, cols)``."""
    s = grid.surface
    floor, water = s == Surface.FLOOR, s == Surface.WATER
    walk = np.full((8, *grid.shape), np.inf)
    swim = np.full((8, *grid.shape), np.inf)
    jump = np.full((8, *grid.shape), np.inf)
    for k, (dr, dc) in enumerate(OFFSETS):
        to_floor = shifted(floor, dr, dc, False)
        to_water = shifted(water, dr, dc, False)
        walk[k][floor & to_floor] = 1.0
        swim[k][(water & (to_water | to_floor)) | (floor & to_water)] = 1.0
        jump[k][floor & (to_floor | to_water)] = 1.0
    return {"walk": walk, "jump": jump, "swim": swim}


def plain_costs(costs: dict[str, FloatArray]) -> FloatArray:
    """The cheapest style of each step, times its length: the single-resource price."""
    out: FloatArray = np.minimum.reduce(list(costs.values())) * LENGTH[:, None, None]
    return out


def window(shape: tuple[int, int], start: tuple[int, int], radius: int) -> tuple[int, ...]:
    (sr, sc), (n, m) = start, shape
    return (max(0, sr - radius), min(n, sr + radius + 1),
            max(0, sc - radius), min(m, sc + radius + 1))


def heapq_plain(cost: FloatArray, start: tuple[int, int], budget: float,
                min_step: float) -> FloatArray:
    """A pure-Python bounded Dijkstra over the cropped window; a full-map array out."""
    import heapq
    r0, r1, c0, c1 = window(cost.shape[1:], start, int(budget / min_step + 1e-9))
    h, w = r1 - r0, c1 - c0
    table = cost[:, r0:r1, c0:c1].ravel().tolist()
    hw = h * w
    moves = [(k * hw, dr, dc) for k, (dr, dc) in enumerate(OFFSETS)]
    best = [math.inf] * hw
    s = (start[0] - r0) * w + start[1] - c0
    best[s] = 0.0
    heap = [(0.0, s)]
    limit = budget + 1e-9
    while heap:
        d, i = heapq.heappop(heap)
        if d > best[i]:
            continue
        r, c = divmod(i, w)
        for base, dr, dc in moves:
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < h and 0 <= c2 < w:
                nd = d + table[base + i]
                j = r2 * w + c2
                if nd <= limit and nd < best[j]:
                    best[j] = nd
                    heapq.heappush(heap, (nd, j))
    out = np.full(cost.shape[1:], np.inf)
    out[r0:r1, c0:c1] = np.array(best).reshape(h, w)
    return out


def build_networkx(cost: FloatArray) -> nx.DiGraph:
    g = nx.DiGraph()
    _, n, m = cost.shape
    for k, (dr, dc) in enumerate(OFFSETS):
        rs, cs = np.nonzero(np.isfinite(cost[k]))
        for r, c, wgt in zip(rs.tolist(), cs.tolist(), cost[k][rs, cs].tolist(), strict=True):
            r2, c2 = r + dr, c + dc
            if 0 <= r2 < n and 0 <= c2 < m:
                g.add_edge((r, c), (r2, c2), weight=wgt)
    return g


def networkx_plain(g: nx.DiGraph, shape: tuple[int, int], start: tuple[int, int],
                   budget: float) -> FloatArray:
    dist = nx.single_source_dijkstra_path_length(g, start, cutoff=budget, weight="weight")
    out = np.full(shape, np.inf)
    for (r, c), d in dist.items():
        out[r, c] = d
    return out


def numba_window_search() -> Callable[..., FloatArray] | None:
    """A compiled bounded Dijkstra (binary heap in arrays) over the window rows r0:r1,
    cols c0:c1 of an ``(8, rows, cols)`` price array, read in place (no copy): called as
    ``search(cost, r0, r1, c0, c1, sr, sc, limit, drs, dcs)`` with the start in window
    coordinates; returns the window's distances. None without numba."""
    try:
        import numba  # type: ignore[import-not-found, unused-ignore]
    except ImportError:
        return None

    @numba.njit(cache=True)  # type: ignore[untyped-decorator, unused-ignore]
    def search(cost: Any, r0: int, r1: int, c0: int, c1: int, sr: int, sc: int,
               limit: float, drs: Any, dcs: Any) -> Any:
        h, w = r1 - r0, c1 - c0
        best = np.full(h * w, np.inf)
        hd = np.empty(h * w * 8 + 1)
        hi = np.empty(h * w * 8 + 1, dtype=np.int64)
        s = sr * w + sc
        best[s] = 0.0
        hd[0] = 0.0
        hi[0] = s
        size = 1
        while size > 0:
            d = hd[0]
            i = hi[0]
            size -= 1
            ld, li = hd[size], hi[size]
            pos = 0
            while True:
                child = 2 * pos + 1
                if child >= size:
                    break
                if child + 1 < size and hd[child + 1] < hd[child]:
                    child += 1
                if hd[child] < ld:
                    hd[pos] = hd[child]
                    hi[pos] = hi[child]
                    pos = child
                else:
                    break
            hd[pos] = ld
            hi[pos] = li
            if d > best[i]:
                continue
            r = i // w
            c = i - r * w
            for k in range(8):
                r2 = r + drs[k]
                c2 = c + dcs[k]
                if r2 < 0 or r2 >= h or c2 < 0 or c2 >= w:
                    continue
                nd = d + cost[k, r0 + r, c0 + c]
                j = r2 * w + c2
                if nd <= limit and nd < best[j]:
                    best[j] = nd
                    pos = size
                    size += 1
                    while pos > 0:
                        parent = (pos - 1) // 2
                        if hd[parent] > nd:
                            hd[pos] = hd[parent]
                            hi[pos] = hi[parent]
                            pos = parent
                        else:
                            break
                    hd[pos] = nd
                    hi[pos] = j
        return best.reshape(h, w)

    return search


#: the eight step directions, as the kernels read them
DRS = np.array([dr for dr, _ in OFFSETS], dtype=np.int64)
DCS = np.array([dc for _, dc in OFFSETS], dtype=np.int64)


def numba_plain() -> Callable[[FloatArray, tuple[int, int], float, float], FloatArray] | None:
    """A compiled bounded Dijkstra over the window the budget can reach, with the whole
    map's distances out (``inf`` beyond), or None without numba."""
    search = numba_window_search()
    if search is None:
        return None

    def run(cost: FloatArray, start: tuple[int, int], budget: float,
            min_step: float) -> FloatArray:
        r0, r1, c0, c1 = window(cost.shape[1:], start, int(budget / min_step + 1e-9))
        out = np.full(cost.shape[1:], np.inf)
        out[r0:r1, c0:c1] = search(cost, r0, r1, c0, c1, start[0] - r0, start[1] - c0,
                                   budget + 1e-9, DRS, DCS)
        return out

    return run


def median_time(fn: Callable[[], object], seconds: float, max_reps: int,
                min_reps: int = 15, warm: int = 3) -> tuple[float, float, int]:
    """(median, IQR, reps) in seconds, gc paused, after ``warm`` warm-up calls."""
    for _ in range(warm):
        fn()
    samples: list[float] = []
    gc.collect()
    gc.disable()
    try:
        end = time.perf_counter() + seconds
        while len(samples) < max_reps and (len(samples) < min_reps or time.perf_counter() < end):
            t0 = time.perf_counter()
            fn()
            samples.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    q = statistics.quantiles(samples, n=4)
    return statistics.median(samples), q[2] - q[0], len(samples)


def fmt(t: float) -> str:
    return f"{t * 1e6:,.1f} µs" if t < 1e-3 else f"{t * 1e3:,.2f} ms"


Compiled = Callable[[FloatArray, tuple[int, int], float, float], FloatArray]


def measure(grid: GridMap, costs: dict[str, FloatArray], plain: FloatArray,
            graph: nx.DiGraph, start: tuple[int, int], name: str, label: str,
            budget: Budget, compiled: Compiled | None, seconds: float, reps: int,
            quick: bool) -> None:
    """Time every search on one map and budget; print its rows of the table."""
    pool = budget.limit

    def ours(mode: Dominance = "capacity") -> FloatArray:
        res = grid_reach(grid, start, budget, costs, diagonal=Diagonal.EUCLIDEAN,
                         min_step=1.0, dominance=mode)
        return res.pool_spent

    ref = heapq_plain(plain, start, pool, 1.0)
    got = ours()
    assert np.all(got >= ref - 1e-9), "the multi-resource search beat the plain one"
    rows: list[tuple[str, float, float, int, int]] = []
    modes: tuple[Dominance, ...] = ("capacity", "spend")
    for mode in modes:
        if mode == "spend" and pool > 4 and quick:
            continue
        slow = mode == "spend" and pool > 4
        med, iqr, k = median_time(functools.partial(ours, mode), seconds,
                                  3 if slow else reps, 3 if slow else 15, 1 if slow else 3)
        res = grid_reach(grid, start, budget, costs, diagonal=Diagonal.EUCLIDEAN,
                         min_step=1.0, dominance=mode)
        rows.append((f"grid_reach, {mode} dominance ({res.reach.labels:,} labels)",
                     med, iqr, k, int(np.isfinite(res.pool_spent).sum())))
    base: dict[str, float] = {}
    med, iqr, k = median_time(lambda: heapq_plain(plain, start, pool, 1.0),
                              seconds, reps)
    base["heapq"] = med
    rows.append(("plain bounded Dijkstra, pure Python heapq", med, iqr, k,
                 int(np.isfinite(ref).sum())))
    nxd = networkx_plain(graph, grid.shape, start, pool)
    assert np.allclose(np.where(np.isfinite(nxd), nxd, -1), np.where(
        np.isfinite(ref), ref, -1))
    med, iqr, k = median_time(lambda: networkx_plain(graph, grid.shape, start, pool),
                              seconds, reps)
    base["networkx"] = med
    rows.append(("networkx single_source_dijkstra, cutoff", med, iqr, k,
                 int(np.isfinite(nxd).sum())))
    if compiled is not None:
        cd = compiled(plain, start, pool, 1.0)
        assert np.allclose(np.where(np.isfinite(cd), cd, -1), np.where(
            np.isfinite(ref), ref, -1))
        med, iqr, k = median_time(lambda: compiled(plain, start, pool, 1.0),
                                  seconds, reps)
        base["numba"] = med
        rows.append(("plain bounded Dijkstra, numba", med, iqr, k,
                     int(np.isfinite(cd).sum())))
    for what, med, iqr, k, cells in rows:
        ratio = ""
        if what.startswith("grid_reach"):
            ratio = "; ".join(
                f"{med / b:.1f}× {what_b}" if med >= b else f"{b / med:.1f}× faster than {what_b}"
                for what_b, b in base.items())
        print(f"| {name} | {label} | {what} | {fmt(med)} | {fmt(iqr)} | {k:,} | "
              f"{cells:,} | {ratio} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few-second smoke run")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    seconds, reps = (0.2, 200) if args.quick else (2.0, 5000)

    compiled = numba_plain()
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"Python {platform.python_version()}, numpy {np.__version__}, "
          f"networkx {nx.__version__}, numba: "
          f"{sys.modules['numba'].__version__ if compiled else 'not installed'}")
    budgets = {
        "pool 4u (Walk 4, Half Jump 2, Half Swim 2)":
            Budget({"walk": 4, "jump": 2, "swim": 2}, pool=4),
        "pool 16u (Walk 16, Jump 8, Swim 8)":
            Budget({"walk": 16, "jump": 8, "swim": 8}, pool=16),
    }
    print("| map | budget | what | median | IQR | reps | cells reached | ratio |")
    print("|---|---|---|---:|---:|---:|---:|---|")
    for n in (64, 256):
        grid = make_map(n, args.seed)
        costs = style_costs(grid)
        plain = plain_costs(costs)
        mid = n // 2
        floors = np.argwhere(grid.surface == Surface.FLOOR)
        start_arr = floors[np.argmin(np.abs(floors - mid).sum(axis=1))]
        start = (int(start_arr[0]), int(start_arr[1]))
        t0 = time.perf_counter()
        graph = build_networkx(plain)
        build = time.perf_counter() - t0
        print(f"| {n}×{n} | – | networkx DiGraph build ({graph.number_of_nodes():,} nodes, "
              f"{graph.number_of_edges():,} edges), once | {fmt(build)} | | 1 | | |")
        for label, budget in budgets.items():
            measure(grid, costs, plain, graph, start, f"{n}×{n}", label, budget, compiled,
                    seconds, reps, args.quick)
    print("\nTargets (issue 5): within 5× of the compiled plain search; at least 20× "
          "faster than networkx.")


if __name__ == "__main__":
    main()
