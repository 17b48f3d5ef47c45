"""Benchmark of the `styles` reach search over the core's movement graph (issue 14).

Run ``python bench/bench_styles.py`` (``--quick`` for a few-second smoke run,
``--profile`` to add a cProfile breakdown of options()). Measured, never asserted.

Maps: N×N grids (64 and 256), seeded, of mixed terrain: floor plateaus at 0, 0.5u, 1u
and 2u, 3u walls in short runs, ponds 1.5u deep, voids. 1u cells, the default options
(Euclidean diagonals, 0.5u vertical and walk steps). The actor stands on the floor cell
nearest the middle.

Cases:

- pool 4u: a level-1 sheet (Walk 4, Half Jump 2, Half Swim 2);
- pool 16u: Double Walk, Double Jump, Double Climb, Double Swim, dashing (every cap
  and the pool doubled to 16).

The actor has no Hooks, so options() runs one search (no Dash alternative).

Measured, each on the same map and actor, in one run:

- (a) pure: the core's ``reach()`` over ``Terrain.steps`` (the oracle, what
  ``planning.reachable`` runs without numba), called directly;
- (b0) ``fast_reach`` cold: the terrain's cached description dropped before each call,
  so each call stacks the layers, fills the landing table, builds the movement graph as
  far as the pool pays (``_expand_batch``) and searches it: what the first search on a
  map costs;
- (b) ``fast_reach`` warm: the graph cached on the terrain (already closed that far), so
  the call is the check that it is, the search and the ``Reach``;
- (s) the search alone: ``movegraph.search`` (mode 0: per-style caps and the pool,
  capacity dominance) on the prebuilt graph, its arguments made once;
- (s1) the search alone with one resource (mode 2: a plain Dijkstra on the pool
  spent, every style drawn on it), on the same graph;
- (h) scipy's ``scipy.sparse.csgraph.dijkstra(..., indices=start, limit=pool)`` over a
  CSR matrix of the same closed graph (built once, outside the timing, from the graph's
  arrays; parallel steps between two spots keep the cheapest). Every step of this graph
  costs more than zero (scipy would read an explicit zero as "no edge" in some input
  forms); the run checks it, and checks that (h) and (s1) reach the same spots at the
  same least costs; (h2) the same call with ``return_predecessors=True``, as the
  searches above also keep each spot's way there;
- (c) ``StylesRuleset().options(state, actor)``, whose search is ``fast_reach``.

Ratios: s1/h and s/h (the issue's targets: at most 2× and 3× scipy), c/s (at most 2×),
b/s (fast_reach's own Python cost), b0/b (the price of a cold graph), a/b.

Medians of ``time.perf_counter`` with the garbage collector paused, after warm-up (the
slow ones: 30 calls). (b), (s), (s1), (h) and (h2) are timed in turn, one call of each a
round, so that their ratios hold while the load of a shared machine changes; then (s),
(s1) and (h) again each on its own, back to back, where each finds its data in the
caches as its previous call left them (scipy gains most from that: it is bound by
memory, the label-setting search by its work per step).
"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import functools
import gc
import io
import os
import platform
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import scipy  # type: ignore[import-untyped]
from scipy.sparse import csr_array  # type: ignore[import-untyped]
from scipy.sparse.csgraph import dijkstra  # type: ignore[import-untyped]

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_reach import fmt, median_time
from footwork.rulesets.styles import fastreach
from footwork.rulesets.styles.fastreach import STYLE_CODES, compiled, fast_reach
from footwork.rulesets.styles.planning import budget_for, mover_for, start_spot
from footwork.rulesets.styles.ruleset import StylesRuleset
from footwork.rulesets.styles.terrain import Mover, Spot, Terrain
from footwork.scenario import encounter_from_data
from footwork.space import movegraph
from footwork.space.movegraph import MovementGraph
from footwork.space.reach import EPS, Budget, Reach, reach

LEGEND: dict[str, dict[str, Any]] = {
    ".": {"surface": "floor"},
    ",": {"surface": "floor", "elevation": 0.5},
    "1": {"surface": "floor", "elevation": 1},
    "2": {"surface": "floor", "elevation": 2},
    "#": {"surface": "wall", "elevation": 3},
    "~": {"surface": "water", "water_depth": 1.5},
    "_": {"surface": "void"},
}
CASES = {
    "4u": (["Walk", "Half Jump", "Half Swim"], False),
    "16u": (["Double Walk", "Double Jump", "Double Climb", "Double Swim"], True),
}


def make_rows(n: int, seed: int) -> list[str]:
    """About 70 % floor (a fifth of it on plateaus), 12 % water, 9 % wall, 1 % void."""
    rng = np.random.default_rng(seed)
    grid = np.full((n, n), ".")
    for _ in range(n * n // 150):  # plateaus: 0.5u is a walk up, 1u and 2u are not
        r, c = rng.integers(0, n, 2)
        h, w = rng.integers(2, 7, 2)
        grid[r:r + h, c:c + w] = rng.choice(list(",,12"))
    for _ in range(n * n // 80):  # ponds
        r, c = rng.integers(0, n, 2)
        grid[max(0, r - 1):r + 2, max(0, c - 1):c + 2] = "~"
    for _ in range(n * n // 40):  # wall runs
        r, c = rng.integers(0, n, 2)
        k = int(rng.integers(2, 6))
        if rng.random() < 0.5:
            grid[r, c:c + k] = "#"
        else:
            grid[r:r + k, c] = "#"
    for _ in range(n * n // 400):  # voids
        r, c = rng.integers(0, n, 2)
        grid[r:r + 2, c:c + 2] = "_"
    return ["".join(row) for row in grid]


def encounter(rows: list[str], at: tuple[int, int], styles: list[str]) -> Any:
    data = {"footwork": 1, "ruleset": "styles",
            "map": {"cell_size": 1, "rows": rows, "legend": LEGEND},
            "actors": [{"id": "hero", "side": "a", "at": f"{at[0]},{at[1]}",
                        "stats": {"styles": styles, "hooks": 0}},
                       {"id": "foe", "side": "b", "at": "0,0"}]}
    return encounter_from_data(data, "bench.json")


def pure_reach(terrain: Terrain, start: Spot, mover: Mover, budget: Budget) -> Reach[Spot]:
    """The pure-Python search (planning.reachable without numba)."""
    usable = mover.styles
    return reach(start, lambda s: [x for x in terrain.steps(s, mover) if x.style in usable],
                 budget)


def cold_reach(terrain: Terrain, start: Spot, mover: Mover, budget: Budget) -> object:
    """fast_reach on a terrain whose description (layers, landing table, graphs) is
    dropped first: the graph is built again."""
    fastreach._described.pop(terrain, None)
    return fast_reach(terrain, start, mover, budget)


def search_call(graph: MovementGraph, node: int, mover: Mover, budget: Budget,
                mode: int) -> Callable[[], movegraph.SearchResult]:
    """movegraph.search on the prebuilt graph, its arguments made once: mode 0 as
    fast_reach calls it, or mode 2 with every style drawn on one resource (the pool)."""
    limit = budget.limit
    styles = budget.styles if mode == 0 else ("pool",)
    if mode == 0:
        index = {name: i for i, name in enumerate(styles)}
        out1 = [index.get(name, -1) if name in mover.styles else -2 for name in STYLE_CODES]
        caps = [budget.caps[s] + EPS for s in styles]
        slack = [limit - budget.caps[s] for s in styles]
    else:
        out1 = [0 if name in mover.styles else -2 for name in STYLE_CODES]
        caps, slack = [limit + EPS], [0.0]
    return functools.partial(
        movegraph.search, graph, node, mode=mode, rise=-1, pool_limit=limit + EPS, eps=EPS,
        out1=np.array(out1, dtype=np.int64),
        out2=np.full(len(STYLE_CODES), -2, dtype=np.int64),
        caps=np.array(caps, dtype=np.float64), slack=np.array(slack, dtype=np.float64),
        held=np.full((len(styles), 1), -1, dtype=np.int64), gcaps=np.zeros(0),
        sets=np.full((1, 1), -1, dtype=np.int64))


def csr_of(graph: MovementGraph) -> csr_array:
    """The graph's steps as a CSR matrix of costs (node × node), the cheapest of parallel
    steps kept. Steps are stored node by node, in the order the nodes were expanded."""
    n, m = graph.n, graph.m
    expanded = np.nonzero(graph.first[:n] >= 0)[0]
    expanded = expanded[np.argsort(graph.first[expanded], kind="stable")]
    rows = np.repeat(expanded, graph.count[expanded])
    cols = graph.to[:m].copy()
    data = graph.cost[:m].copy()
    assert rows.size == m
    assert (data > 0).all(), "a zero-cost step: scipy would need an epsilon here"
    order = np.lexsort((data, cols, rows))  # per (row, col), cheapest first
    rows, cols, data = rows[order], cols[order], data[order]
    first = np.ones(m, dtype=bool)
    first[1:] = (rows[1:] != rows[:-1]) | (cols[1:] != cols[:-1])
    return csr_array((data[first], (rows[first], cols[first])), shape=(n, n))


def interleaved(fns: list[Callable[[], object]], seconds: float, max_reps: int,
                min_reps: int = 15, warm: int = 3) -> list[tuple[float, float]]:
    """(median, IQR) of each of ``fns``, timed in turn within each round (so that a
    change of the machine's load moves them all alike), gc paused."""
    for fn in fns:
        for _ in range(warm):
            fn()
    samples: list[list[float]] = [[] for _ in fns]
    gc.collect()
    gc.disable()
    try:
        end = time.perf_counter() + seconds * len(fns)
        while len(samples[0]) < max_reps and (len(samples[0]) < min_reps
                                              or time.perf_counter() < end):
            for fn, out in zip(fns, samples, strict=True):
                t0 = time.perf_counter()
                fn()
                out.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    result = []
    for out in samples:
        q = statistics.quantiles(out, n=4)
        result.append((statistics.median(out), q[2] - q[0]))
    return result


# -- one map ------------------------------------------------------------------------------


def measure(n: int, seed: int, seconds: float, reps: int, profile: bool) -> None:
    rows = make_rows(n, seed)
    mid = n // 2
    cells = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == "."]
    at = min(cells, key=lambda rc: abs(rc[0] - mid) + abs(rc[1] - mid))
    rs = StylesRuleset()
    for label, (styles, dashing) in CASES.items():
        session = encounter(rows, at, styles).session()
        state = session.state
        actor = state.actors["hero"]
        if dashing:  # as after one Dash
            state = state.with_actor(dataclasses.replace(actor, dash_stack=1))
            actor = state.actors["hero"]
            assert actor.pool() == 16, actor.pool()
        terrain: Terrain = state.space.terrain
        o = state.options
        start, mover, budget = (start_spot(terrain, actor), mover_for(actor, o),
                                budget_for(actor))
        limit = budget.limit
        ref = pure_reach(terrain, start, mover, budget)
        got = fast_reach(terrain, start, mover, budget)
        assert got is not None, "the compiled kernels are not ready"
        assert list(got.keys()) == list(ref.keys()) and got.labels == ref.labels
        graph = fastreach.graph_for(terrain, mover)
        node = graph.node(start)
        search = search_call(graph, node, mover, budget, 0)
        plain = search_call(graph, node, mover, budget, 2)
        matrix = csr_of(graph)
        # the cross-check: scipy and the one-resource search reach the same spots at the
        # same least costs
        status, _bad, keys1, _li, lf1, fronts1, alive1 = plain()
        assert status == movegraph.OK
        dist = dijkstra(matrix, directed=True, indices=node, limit=limit + EPS)
        found = np.nonzero(np.isfinite(dist))[0]
        ids = {tuple(row): i for i, row in enumerate(graph.spots[:graph.n].tolist())}
        mine = {ids[tuple(k)]: c for k, c in zip(keys1.tolist(),
                                                 lf1[fronts1[:alive1], 1].tolist(),
                                                 strict=True)}
        assert set(mine) == set(found.tolist())
        assert all(abs(mine[i] - dist[i]) <= 1e-9 for i in mine)
        opts = rs.options(state, "hero")
        rows_out: list[tuple[str, float, float, str]] = []

        def add(what: str, fn: Callable[[], object], size: str, slow: bool = False,
                out: list[tuple[str, float, float, str]] = rows_out) -> float:
            med, iqr, _ = median_time(fn, seconds, 30 if slow else reps, 5 if slow else 15)
            out.append((what, med, iqr, size))
            return med

        a = add("(a) pure-Python reach() over Terrain.steps",
                functools.partial(pure_reach, terrain, start, mover, budget),
                f"{len(ref):,} keys, {ref.labels:,} labels", slow=True)
        b0 = add("(b0) fast_reach, cold (graph built)",
                 functools.partial(cold_reach, terrain, start, mover, budget), "", slow=True)
        fast_reach(terrain, start, mover, budget)  # the graph again, for what follows
        graph = fastreach.graph_for(terrain, mover)
        node = graph.node(start)
        search = search_call(graph, node, mover, budget, 0)
        plain = search_call(graph, node, mover, budget, 2)
        fast: list[tuple[str, Callable[[], object], str]] = [
            ("(b) fast_reach, warm (graph cached)",
             functools.partial(fast_reach, terrain, start, mover, budget),
             f"graph: {graph.n:,} spots, {graph.m:,} steps"),
            ("(s) movegraph.search alone, mode 0 (caps + pool)", search, ""),
            ("(s1) movegraph.search alone, mode 2 (one resource)", plain,
             f"{len(mine):,} spots"),
            ("(h) scipy csgraph.dijkstra, limit, same graph (CSR)",
             functools.partial(dijkstra, matrix, directed=True, indices=node,
                               limit=limit + EPS),
             f"CSR {matrix.shape[0]:,} × {matrix.shape[0]:,}, {matrix.nnz:,} edges"),
            ("(h2) the same with return_predecessors=True (the paths too)",
             functools.partial(dijkstra, matrix, directed=True, indices=node,
                               limit=limit + EPS, return_predecessors=True), ""),
        ]
        calls: list[Callable[[], object]] = [fn for _, fn, _ in fast]
        times = interleaved(calls, seconds, reps)
        for (what, _fn, size), (med, iqr) in zip(fast, times, strict=True):
            rows_out.append((what, med, iqr, size))
        b, s, s1, h = (med for med, _ in times[:4])
        alone = [median_time(fn, seconds, reps)[:2] for fn in calls[1:4]]
        for (what, _fn, _size), (med, iqr) in zip(fast[1:4], alone, strict=True):
            rows_out.append((what.split(")")[0] + ") back to back", med, iqr, ""))
        s_bb, s1_bb, h_bb = (med for med, _ in alone)
        c = add("(c) options()", functools.partial(rs.options, state, "hero"),
                f"{len(opts):,} options", slow=True)
        for what, med, iqr, size in rows_out:
            print(f"| {n}×{n} | {label} | {what} | {fmt(med)} | {fmt(iqr)} | {size} |")
        print(f"| {n}×{n} | {label} | **ratios** | | | **s1/h = {s1 / h:.2f}×**; "
              f"**s/h = {s / h:.2f}×**; **c/s = {c / s:.1f}×**; b/s = {b / s:.2f}×; "
              f"b0/b = {b0 / b:.1f}×; a/b = {a / b:.0f}×; back to back: "
              f"s1/h = {s1_bb / h_bb:.2f}×, s/h = {s_bb / h_bb:.2f}× |")
        if profile:
            prof = cProfile.Profile()
            prof.enable()
            for _ in range(20):
                rs.options(state, "hero")
            prof.disable()
            out = io.StringIO()
            pstats.Stats(prof, stream=out).sort_stats("tottime").print_stats(12)
            print("\n```\n" + out.getvalue().strip() + "\n```\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a few-second smoke run")
    parser.add_argument("--profile", action="store_true",
                        help="add a cProfile breakdown of options() with fast_reach")
    parser.add_argument("--seed", type=int, default=5)
    args = parser.parse_args()
    seconds, reps = (0.2, 200) if args.quick else (2.0, 5000)
    t0 = time.perf_counter()
    available = compiled()
    load = time.perf_counter() - t0
    if not available:
        sys.exit("numba is not installed: nothing compiled to measure")
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}, Python {platform.python_version()}, "
          f"numpy {np.__version__}, scipy {scipy.__version__}, "
          f"numba {sys.modules['numba'].__version__} "
          f"(import + load of cached code: {fmt(load)})")
    print("| map | budget | what | median | IQR | size / ratios |")
    print("|---|---|---|---:|---:|---|")
    for n in (64, 256):
        measure(n, args.seed, seconds, reps, args.profile)
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")
    print("Targets (issue 14): the search alone within 2× of scipy's dijkstra over the same "
          "graph with one resource (s1/h), within 3× multi-resource (s/h); options() within "
          "2× of the search alone (c/s).")


if __name__ == "__main__":
    main()
