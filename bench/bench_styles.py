"""Benchmark of the `styles` reach search: pure Python, compiled, and the whole options().

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

- (a) pure: the core's ``reach()`` over ``Terrain.steps`` (what ``planning.reachable``
  ran before the compiled path), called directly so that wiring does not change it;
- (b) ``fast_reach``: the compiled search, its crop and the ``Reach`` it builds;
- (c) ``StylesRuleset().options(state, actor)``, whose search is ``fast_reach`` when
  numba is installed;
- (d) a compiled (numba) plain bounded Dijkstra over the same cells: 8-way, Walk prices
  only (floor to floor within the walk step), the same crop; returns the window's
  distances. The practical limit;
- (e) networkx ``single_source_dijkstra`` with ``cutoff`` over the same Walk graph of
  the whole map (built once, outside the timing; distances and paths, as a user who
  wants plans would write).

Medians of ``time.perf_counter`` with the garbage collector paused, after warm-up.
- (f) a compiled plain Dijkstra over the same spots and steps as (b), on one number (the
  pool spent, no style caps): the practical limit of a search of this graph, so b/f is
  the price of exactness alone;
- (g) networkx ``single_source_dijkstra`` with ``cutoff`` over the same spots and steps
  (the graph built once, outside the timing): what a user would write for this graph.

"""

from __future__ import annotations

import argparse
import cProfile
import dataclasses
import functools
import io
import math
import os
import platform
import pstats
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import networkx as nx
import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_reach import DCS, DRS, fmt, median_time, numba_window_search, window
from footwork.rulesets.styles.fastreach import compiled, fast_reach, plain_costs
from footwork.rulesets.styles.planning import budget_for, mover_for, start_spot
from footwork.rulesets.styles.ruleset import StylesRuleset
from footwork.rulesets.styles.terrain import Mover, Spot, Terrain
from footwork.scenario import encounter_from_data
from footwork.space.grid import OFFSETS, SQRT2, Surface
from footwork.space.reach import Budget, Reach, reach

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
    """The pure-Python search (planning.reachable before the compiled path)."""
    usable = mover.styles
    return reach(start, lambda s: [x for x in terrain.steps(s, mover) if x.style in usable],
                 budget)


# -- the baselines ----------------------------------------------------------------------------


def walk_costs(terrain: Terrain) -> np.ndarray[Any, Any]:
    """``[k, r, c]``: Walk's price of the step from (r, c) in direction ``OFFSETS[k]``
    (floor to floor within the walk step), inf where there is none."""
    floor = terrain.surface_a == int(Surface.FLOOR)
    top = terrain.top_a
    rows, cols = top.shape
    out = np.full((8, rows, cols), np.inf)
    for k, (dr, dc) in enumerate(OFFSETS):
        length = terrain.h * (SQRT2 if dr and dc else 1.0)
        for r in range(max(0, -dr), rows - max(0, dr)):
            for c in range(max(0, -dc), cols - max(0, dc)):
                if (floor[r, c] and floor[r + dr, c + dc]
                        and abs(top[r + dr, c + dc] - top[r, c]) <= terrain.step):
                    out[k, r, c] = length
    return out


def numba_plain() -> Callable[[np.ndarray[Any, Any], tuple[int, int], float, float],
                              np.ndarray[Any, Any]] | None:
    """bench_reach's compiled plain Dijkstra over the window the budget can reach (one cell
    more than it, as fast_reach crops); returns the window's distances. None without
    numba."""
    search = numba_window_search()
    if search is None:
        return None

    def run(cost: np.ndarray[Any, Any], start: tuple[int, int], limit: float,
            cell: float) -> np.ndarray[Any, Any]:
        r0, r1, c0, c1 = window(cost.shape[1:], start, int(limit // cell) + 1)
        out: np.ndarray[Any, Any] = search(cost, r0, r1, c0, c1, start[0] - r0,
                                           start[1] - c0, limit + 1e-9, DRS, DCS)
        return out

    return run


def walk_graph(cost: np.ndarray[Any, Any]) -> nx.DiGraph:
    g = nx.DiGraph()
    for k, (dr, dc) in enumerate(OFFSETS):
        rs, cs = np.nonzero(np.isfinite(cost[k]))
        for r, c, wgt in zip(rs.tolist(), cs.tolist(), cost[k][rs, cs].tolist(), strict=True):
            g.add_edge((r, c), (r + dr, c + dc), weight=wgt)
    return g


def spot_graph(terrain: Terrain, start: Spot, mover: Any, limit: float) -> nx.DiGraph:
    """The styles graph around ``start`` (every spot within ``limit``), as networkx: what a
    user would search with a plain Dijkstra. Built once, outside the timing."""
    g = nx.DiGraph()
    g.add_node(start)
    best = {start: 0.0}
    todo = [start]
    while todo:
        spot = todo.pop()
        for st in terrain.steps(spot, mover):
            g.add_edge(spot, st.to, weight=st.cost)
            d = best[spot] + st.cost
            if d <= limit + 1e-9 and d < best.get(st.to, math.inf) - 1e-9:
                best[st.to] = d
                todo.append(st.to)
    return g


# -- one map ------------------------------------------------------------------------------


def measure(n: int, seed: int, plain: Any, seconds: float, reps: int,
            profile: bool) -> None:
    rows = make_rows(n, seed)
    mid = n // 2
    cells = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == "."]
    at = min(cells, key=lambda rc: abs(rc[0] - mid) + abs(rc[1] - mid))
    graph_built = False
    rs = StylesRuleset()
    g: nx.DiGraph | None = None
    cost: np.ndarray[Any, Any] | None = None
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
        if not graph_built:
            cost = walk_costs(terrain)
            t0 = time.perf_counter()
            g = walk_graph(cost)
            build = time.perf_counter() - t0
            print(f"| {n}×{n} | – | networkx Walk graph ({g.number_of_nodes():,} nodes, "
                  f"{g.number_of_edges():,} edges), built once | {fmt(build)} | | | |")
            graph_built = True
        assert cost is not None and g is not None
        limit = budget.limit
        ref = pure_reach(terrain, start, mover, budget)
        got = fast_reach(terrain, start, mover, budget)
        if got is not None:  # the same answer
            assert list(got.keys()) == list(ref.keys()) and got.labels == ref.labels
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
        b = add("(b) fast_reach", functools.partial(fast_reach, terrain, start, mover,
                                                      budget), "") if got else math.nan
        c = add("(c) options() (its search is fast_reach when numba is there)",
                functools.partial(rs.options, state, "hero"), f"{len(opts):,} options",
                slow=True)
        same = plain_costs(terrain, start, mover, limit)
        f = add("(f) numba plain Dijkstra over the same spots and steps, one number",
                functools.partial(plain_costs, terrain, start, mover, limit),
                f"{len(same[1]):,} spots") if same is not None else math.nan
        d = math.nan
        if plain is not None:
            dist = plain(cost, at, limit, terrain.h)
            d = add("(d) numba plain Dijkstra, Walk only, same crop",
                    functools.partial(plain, cost, at, limit, terrain.h),
                    f"{int(np.isfinite(dist).sum()):,} cells")
        dist_nx, _paths = nx.single_source_dijkstra(g, at, cutoff=limit, weight="weight")
        e = add("(e) networkx single_source_dijkstra, cutoff",
                functools.partial(nx.single_source_dijkstra, g, at, cutoff=limit,
                                  weight="weight"),
                f"{len(dist_nx):,} cells")
        spots = spot_graph(terrain, start, mover, limit)
        dist_g, _paths = nx.single_source_dijkstra(spots, start, cutoff=limit,
                                                   weight="weight")
        g2 = add("(g) networkx single_source_dijkstra, cutoff, over the same spots as (f)",
                 functools.partial(nx.single_source_dijkstra, spots, start, cutoff=limit,
                                   weight="weight"),
                 f"{len(dist_g):,} spots", slow=True)
        for what, med, iqr, size in rows_out:
            print(f"| {n}×{n} | {label} | {what} | {fmt(med)} | {fmt(iqr)} | {size} | |")
        print(f"| {n}×{n} | {label} | **ratios** | | | | a/b = {a / b:.0f}×; "
              f"**b/d = {b / d:.1f}×**; **e/b = {e / b:.1f}×**; c/d = {c / d:.0f}×; "
              f"**b/f = {b / f:.1f}×**; **g/b = {g2 / b:.1f}×**; c − b = {fmt(c - b)} |")
        if profile and got is not None:
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
    plain = numba_plain()
    load = time.perf_counter() - t0
    version = sys.modules["numba"].__version__ if available else "not installed"
    print(f"# {platform.processor() or platform.machine()}, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}, Python {platform.python_version()}, "
          f"numpy {np.__version__}, networkx {nx.__version__}, numba {version} "
          f"(import + load of cached code: {fmt(load)})")
    print("| map | budget | what | median | IQR | size | ratios |")
    print("|---|---|---|---:|---:|---|---|")
    for n in (64, 256):
        measure(n, args.seed, plain, seconds, reps, args.profile)
    print("\nTargets (issue 5): within 5× of the compiled plain search (b/d); at least 20× "
          "faster than networkx (e/b). Over the same spots (3D positions and modes) rather than "
          "the walkable cells: b/f and g/b.")


if __name__ == "__main__":
    main()
