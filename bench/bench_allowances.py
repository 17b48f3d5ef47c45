"""Benchmark of `allowances` reach (issue 14): ``options()``, the compiled searches over
the core's movement graph, cold and warm, and scipy's Dijkstra over the same graph.

    python bench/bench_allowances.py            # the full run (a few minutes)
    python bench/bench_allowances.py --quick    # a smoke run (about half a minute)

Maps: N×N grids (64 and 256) of mixed terrain from ``bench_reach.make_map`` (about
68 % floor, 20 % water 2 m deep, 12 % walls 3 m high), in metres, 1 m cells. Two sheets:

- ``4 m``: Overland 4, Swim 2 (the small budget);
- ``16 m``: Overland 16, Swim 8, Flight 16 (the large one, flight over walls included).

Measured, each on the same map and start (a floor cell near the middle), in one run:

- ``one``: the Overland search (one resource: the plain bounded Dijkstra);
  ``cascade``: the mixed-Type search (every Type, the cascade as group caps);
- ``cold``: ``fastreach.fast_reach`` on a terrain it has never seen (its layers stacked,
  the movement graph built and closed as far as the search can spend, then searched);
- ``moved``: ``fast_reach`` once the graph was built from a floor cell 3 columns away
  (the token moved: the graph is closed again from the new start, expanding only the
  spots it did not hold);
- ``warm``: ``fast_reach`` again from the same start (the graph cached: the search and
  the ``Reach`` built from its arrays);
- ``alone``: the core's compiled search alone (``movegraph.search``) on the prebuilt
  graph, with the arguments ``fast_reach`` gives it;
- ``scipy``: ``scipy.sparse.csgraph.dijkstra(..., limit=...)`` from the same node over a
  CSR of the same closed graph (one resource: every step the search may draw, the
  cheapest of parallel steps kept, zero-cost steps kept as explicit zeros), built outside
  the timing; the run checks that it reaches the same nodes at the same costs as the
  one-resource search. ``scipy reached``: the same over only the nodes the search
  reached (the closing expands all the pool could pay for: for the cascade, with a pool
  limit of the sum of the caps, scipy's single resource walks far more of it than the
  search does);
- ``options()``: everything the creature may do now, the engine's kept answers and the
  search cache dropped before each call (the graphs warm); twice: with the pure searches
  (``pure``: ``fast_reach`` switched off, as without numba) and as wired (``fast``); the
  run checks both list the same.

Each search alone and its scipy baselines are timed in turn, in blocks of 10 calls, so
that their ratios see the same load; the rest each on its own. Ratios, each within the
same run: alone / scipy and alone / scipy reached (the issue's targets: at most 2× for
one resource, 3× for the cascade), options() / the cascade search alone (at most 2×),
cold / warm, pure / fast options(). Medians of ``time.perf_counter`` with the garbage
collector paused, after warm-up.
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_reach import make_map, median_time
from footwork.engine import Engine
from footwork.rulesets.allowances import fastreach, planning
from footwork.rulesets.allowances.planning import Search, plan_search, start_spot
from footwork.rulesets.allowances.terrain import Spot, Terrain
from footwork.scenario import encounter_from_data
from footwork.space import movegraph
from footwork.space.grid import GridMap, Surface
from footwork.space.movegraph import MovementGraph

SHEETS: dict[str, dict[str, float]] = {
    "4 m": {"Overland": 4, "Swim": 2},
    "16 m": {"Overland": 16, "Swim": 8, "Flight": 16},
}
CHARS = {int(Surface.FLOOR): ".", int(Surface.WALL): "#", int(Surface.WATER): "~"}


def ascii_rows(grid: GridMap) -> list[str]:
    return ["".join(CHARS[int(v)] for v in row) for row in grid.surface]


def start_cell(grid: GridMap) -> tuple[int, int]:
    n = grid.rows
    floors = np.argwhere(grid.surface == Surface.FLOOR)
    d = np.abs(floors - n // 2).sum(axis=1)
    r, c = floors[int(np.argmin(d))]
    return int(r), int(c)


def cold_time(fn: Callable[[], object], reset: Callable[[], object], seconds: float,
              max_reps: int, min_reps: int = 15) -> float:
    """The median of ``fn`` with ``reset`` run before each call, outside the timing."""
    reset()
    fn()  # warm-up
    samples: list[float] = []
    gc.collect()
    gc.disable()
    try:
        end = time.perf_counter() + seconds
        while len(samples) < max_reps and (len(samples) < min_reps or time.perf_counter() < end):
            reset()
            t0 = time.perf_counter()
            fn()
            samples.append(time.perf_counter() - t0)
    finally:
        gc.enable()
    return statistics.median(samples)


def interleaved(fns: dict[str, Callable[[], object]], seconds: float, max_reps: int,
                min_reps: int = 15, block: int = 10) -> dict[str, float]:
    """The median of each of ``fns``, timed in turn in blocks of ``block`` calls (the first
    of each block not counted: it pays for the caches the one before left cold), so that
    their ratios see the same load."""
    samples: dict[str, list[float]] = {name: [] for name in fns}
    gc.collect()
    gc.disable()
    try:
        end = time.perf_counter() + seconds
        rounds = 0
        while rounds * block < max_reps and (rounds * block < min_reps
                                             or time.perf_counter() < end):
            for name, fn in fns.items():
                fn()
                for _ in range(block):
                    t0 = time.perf_counter()
                    fn()
                    samples[name].append(time.perf_counter() - t0)
            rounds += 1
    finally:
        gc.enable()
    return {name: statistics.median(xs) for name, xs in samples.items()}


def scipy_graph(graph: MovementGraph, args: dict[str, Any]) -> Any:
    """The closed graph as a CSR of one resource: every step the search may draw (its
    style drawn on some budget entry), the cheapest of parallel steps, zeros explicit."""
    from scipy.sparse import csr_matrix  # type: ignore[import-untyped]

    assert args["rise"] == -1  # no Breach here: no step is kept to straight up
    n = graph.n
    drawn = (args["out1"] >= 0) | (args["out2"] >= 0)
    expanded = np.flatnonzero(graph.first[:n] >= 0)
    src = np.repeat(expanded, graph.count[expanded])
    steps = np.concatenate([np.arange(f, f + k) for f, k in
                            zip(graph.first[expanded], graph.count[expanded], strict=True)])
    keep = drawn[graph.style[steps]]
    src, dst, cost = src[keep], graph.to[steps[keep]], graph.cost[steps[keep]]
    order = np.lexsort((cost, dst, src))  # by (src, dst), cheapest first
    src, dst, cost = src[order], dst[order], cost[order]
    first = np.ones(len(src), dtype=bool)
    first[1:] = (src[1:] != src[:-1]) | (dst[1:] != dst[:-1])
    src, dst, cost = src[first], dst[first], cost[first]
    indptr = np.zeros(n + 1, dtype=np.int64)
    np.add.at(indptr, src + 1, 1)
    # built from (data, indices, indptr): no summing of duplicates, no dropping of zeros
    return csr_matrix((cost, dst, np.cumsum(indptr)), shape=(n, n))


def check_scipy(dist: Any, keys: Any, graph: MovementGraph, found: Any) -> None:
    """scipy's one-resource Dijkstra reaches the nodes the search found, at its costs."""
    reached = set(np.flatnonzero(np.isfinite(dist)).tolist())
    ours = {graph.node(_spot(row)) for row in keys}
    assert reached == ours, (len(reached), len(ours))
    for row in keys[:200]:
        spot = _spot(row)
        assert abs(dist[graph.node(spot)] - found.min_pool(spot)) <= 1e-9


def _spot(row: Any) -> tuple[int, int, int, int, int]:
    k, r, c, lv, x = (int(v) for v in row)
    return (k, r, c, lv, x)


def measure(n: int, base: GridMap, sheet: str, seconds: float, reps: int,
            has_scipy: bool) -> dict[str, Any]:
    start = start_cell(base)
    scores = SHEETS[sheet]
    data = {"footwork": 1, "ruleset": "allowances", "seed": 1,
            "map": {"unit": "m", "cell_size": 1, "rows": ascii_rows(base),
                    "legend": {".": {"surface": "floor"},
                               "#": {"surface": "wall", "elevation": 3},
                               "~": {"surface": "water", "water_depth": 2}}},
            "actors": [{"id": "a", "side": "x", "at": f"{start[0]},{start[1]}",
                        "stats": {"scores": scores, "skills": {"Running": 50}}}]}
    enc = encounter_from_data(data, "bench")
    engine: Engine[Any] = enc.engine
    state = enc.session().state
    actor = state.actors["a"]
    terrain: Terrain = state.space.terrain
    o = state.options
    at = start_spot(terrain, actor)
    row: dict[str, Any] = {"map": f"{n}×{n}", "sheet": sheet}
    compiled = fastreach.fast_reach

    def options() -> Sequence[Any]:
        planning._CACHE.clear()
        engine.forget()
        return engine.options(state, "a")

    def options_pure() -> Sequence[Any]:
        fastreach.fast_reach = lambda *args: None
        try:
            return options()
        finally:
            fastreach.fast_reach = compiled

    listed = options()
    assert [x.command for x in options_pure()] == [x.command for x in listed]
    row["listed"] = len(listed)
    row["options pure"], _, _ = median_time(options_pure, seconds, reps)
    row["options"], _, _ = median_time(options, seconds, reps)
    for name, s in (("one", plan_search(terrain, actor, o, "overland")),
                    ("cascade", plan_search(terrain, actor, o, None))):
        found, fns = measure_search(terrain, at, s, name, seconds, reps, has_scipy)
        row.update(found)
        row.update(interleaved(fns, seconds, reps))
    return row


def measure_search(terrain: Terrain, at: Spot, s: Search, name: str, seconds: float,
                   reps: int, has_scipy: bool
                   ) -> tuple[dict[str, Any], dict[str, Callable[[], object]]]:
    """The search's cold, moved and warm medians, and the calls to time in turn: the
    search alone and the scipy baselines."""
    out: dict[str, Any] = {}
    fns: dict[str, Callable[[], object]] = {}

    def forget() -> None:
        fastreach._prepared.pop(terrain, None)

    out[f"{name} cold"] = cold_time(lambda: fastreach.fast_reach(terrain, at, s), forget,
                                    seconds, reps)
    forget()
    found = fastreach.fast_reach(terrain, at, s)
    assert found is not None
    out[f"{name} warm"], _, _ = median_time(lambda: fastreach.fast_reach(terrain, at, s),
                                            seconds, reps)
    # the token moved: the graph was closed from a floor cell 3 columns away
    before = next((k, r, c + dc, lv, t) for k, r, c, lv, t in [at] for dc in (3, -3, 2, -2)
                  if 0 <= c + dc < terrain.cols and terrain.top[r][c + dc] == lv
                  and terrain.surface[r][c + dc] == terrain.surface[r][c])

    def moved() -> None:
        forget()
        fastreach.fast_reach(terrain, before, s)

    out[f"{name} moved"] = cold_time(lambda: fastreach.fast_reach(terrain, at, s), moved,
                                     seconds, reps)
    forget()
    fastreach.fast_reach(terrain, at, s)
    ready = fastreach._prepared_search(terrain, at, s)
    assert ready is not None
    graph, node, args = ready
    result = movegraph.search(graph, node, **args)
    assert result[0] == movegraph.OK
    fns[f"{name} alone"] = lambda: movegraph.search(graph, node, **args)
    out[f"{name} keys"] = len(result[2])
    out[f"{name} graph"] = (graph.n, graph.m)
    if has_scipy:
        from scipy.sparse.csgraph import dijkstra  # type: ignore[import-untyped]

        csr = scipy_graph(graph, args)
        limit = float(args["pool_limit"])
        dist = dijkstra(csr, directed=True, indices=node, limit=limit)
        if args["mode"] == 2:
            check_scipy(dist, result[2], graph, found)
        fns[f"{name} scipy"] = lambda: dijkstra(csr, directed=True, indices=node, limit=limit)
        # the same, over only the nodes the search reached (the graph it actually walked)
        ids = np.array([graph.node(_spot(row)) for row in result[2]])
        sub = csr[ids][:, ids].tocsr()
        fns[f"{name} scipy reached"] = lambda: dijkstra(sub, directed=True, indices=0,
                                                        limit=limit)
    return out, fns


def ms(t: float) -> str:
    return f"{t * 1e6:.1f} µs" if t < 1e-3 else f"{t * 1e3:.2f} ms"


def report(row: dict[str, Any], has_scipy: bool) -> str:
    parts = [f"{row['map']} {row['sheet']:>4} ({row['listed']} options): options() pure "
             f"{ms(row['options pure'])}, fast {ms(row['options'])}"]
    for name in ("one", "cascade"):
        nodes, steps = row[f"{name} graph"]
        part = (f"{name}: cold {ms(row[f'{name} cold'])}, moved {ms(row[f'{name} moved'])}, "
                f"warm {ms(row[f'{name} warm'])}, "
                f"alone {ms(row[f'{name} alone'])} ({row[f'{name} keys']} keys; graph "
                f"{nodes} nodes, {steps} steps)")
        if has_scipy:
            part += (f", scipy {ms(row[f'{name} scipy'])} (alone/scipy "
                     f"{row[f'{name} alone'] / row[f'{name} scipy']:.2f}x), scipy on the "
                     f"reached nodes {ms(row[f'{name} scipy reached'])} (alone/that "
                     f"{row[f'{name} alone'] / row[f'{name} scipy reached']:.2f}x)")
        parts.append(part)
    parts.append(f"options()/cascade alone {row['options'] / row['cascade alone']:.1f}x, "
                 f"pure/fast options() {row['options pure'] / row['options']:.2f}x")
    return "\n    ".join(parts)


def table(rows: list[dict[str, Any]], has_scipy: bool) -> str:
    """The run as the two Markdown tables of docs/performance.md."""
    head = ("| map | sheet | options | `options()` pure | `options()` | one: cold | moved | "
            "warm | alone | scipy | scipy reached | cascade: cold | moved | warm | alone | "
            "scipy | scipy reached |")
    lines = [head, "|" + "---|" * 2 + "---:|" * 15]
    na = "n/a"
    for r in rows:
        cells = [r["map"], r["sheet"], str(r["listed"]), ms(r["options pure"]),
                 ms(r["options"])]
        for name in ("one", "cascade"):
            cells += [ms(r[f"{name} cold"]), ms(r[f"{name} moved"]), ms(r[f"{name} warm"]),
                      ms(r[f"{name} alone"])]
            cells += [ms(r[f"{name} scipy"]), ms(r[f"{name} scipy reached"])] if has_scipy \
                else [na, na]
        lines.append("| " + " | ".join(cells) + " |")
    lines += ["", "| map | sheet | one alone / scipy (reached) | cascade alone / scipy "
              "(reached) | `options()` / cascade alone | cold / warm (one, cascade) | "
              "`options()` pure / fast |", "|---|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        ratio = [f"{r[f'{x} alone'] / r[f'{x} scipy']:.2f}× "
                 f"({r[f'{x} alone'] / r[f'{x} scipy reached']:.2f}×)"
                 for x in ("one", "cascade")] if has_scipy else [na, na]
        lines.append("| " + " | ".join([
            r["map"], r["sheet"], *ratio, f"{r['options'] / r['cascade alone']:.1f}×",
            f"{r['one cold'] / r['one warm']:.0f}×, "
            f"{r['cascade cold'] / r['cascade warm']:.0f}×",
            f"{r['options pure'] / r['options']:.2f}×"]) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    seconds, reps = (0.3, 15) if args.quick else (2.0, 200)
    try:
        import scipy  # type: ignore[import-untyped]

        has_scipy = True
        scipy_version = scipy.__version__
    except ImportError:
        has_scipy = False
        scipy_version = "missing"
        print("scipy is not importable: the scipy baseline is skipped "
              "(pip install scipy to measure it)")
    t0 = time.perf_counter()
    warm = fastreach.compiled()
    print(f"python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cpus, scipy {scipy_version}; allowances kernels "
          f"{'loaded' if warm else 'missing'} in {time.perf_counter() - t0:.2f} s; "
          f"load average {os.getloadavg()[0]:.2f}")
    if not warm:
        print("numba is missing: nothing compiled to measure")
        return
    rows = []
    for n in (64, 256):
        base = make_map(n, seed=n)
        for sheet in SHEETS:
            row = measure(n, base, sheet, seconds, reps, has_scipy)
            rows.append(row)
            print(report(row, has_scipy), flush=True)
    print(f"load average {os.getloadavg()[0]:.2f}\n")
    print(table(rows, has_scipy))


if __name__ == "__main__":
    main()
