"""Benchmark of walls between grid cells (issue 22: ``map.edges``): what the edge check
costs the `styles` searches, on one N×N floor map without edges and the same map cut
into rooms of 8×8 cells by wall edges with a door in each side.

    python bench/bench_edges.py            # N = 64, 9 rounds
    python bench/bench_edges.py --quick    # N = 32, 3 rounds

Measured in one run, each map in turn so that both see the same load: the pure search
(``reach`` over ``Terrain.steps``) and the compiled one warm (``fast_reach`` again from
the same start) of a Walk 8 / Half Jump 4 / pool 8 sheet from the map's middle. Printed:
medians in ms and the ratio with edges / without. Fewer cells are reached with walls
about, so the ratio with edges is the edge check's cost less the search it saves.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Callable

from footwork.rulesets.styles import fastreach
from footwork.rulesets.styles.terrain import GROUND, Mover, Terrain
from footwork.space.grid import CellSpec, Diagonal, GridMap, parse_ascii
from footwork.space.gridedges import EdgeSpec
from footwork.space.reach import Budget, reach


def rooms(n: int, size: int = 8) -> list[EdgeSpec]:
    """Walls on every ``size``-th grid line, a door in the middle of each room's side."""
    out: list[EdgeSpec] = []
    for line in range(size, n, size):
        for i in range(n):
            kind = "door" if i % size == size // 2 else "wall"
            out.append(EdgeSpec(between=((i, line - 1), (i, line)), kind=kind))
            out.append(EdgeSpec(between=((line - 1, i), (line, i)), kind=kind))
    return out


def terrain(grid: GridMap) -> Terrain:
    return Terrain(grid, diagonal=Diagonal.EUCLIDEAN, vertical_step=0.5, walk_step=0.5,
                   hazard_tags=[], obscuring_tags=[])


def median_ms(fn: Callable[[], object], rounds: int) -> float:
    times = []
    for _ in range(rounds):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times)


def main() -> None:
    quick = "--quick" in sys.argv
    n, rounds = (32, 3) if quick else (64, 9)
    legend = {".": CellSpec(surface="floor")}
    maps = {"no edges": parse_ascii(["." * n] * n, legend),
            "rooms": parse_ascii(["." * n] * n, legend, edges=rooms(n))}
    mover = Mover(frozenset({"walk", "jump"}))
    budget = Budget({"walk": 8.0, "jump": 4.0}, 8.0)
    start = (GROUND, n // 2 + 2, n // 2 + 2, 0, 0)
    compiled = fastreach.compiled()
    results: dict[str, dict[str, float]] = {}
    terrains = {name: terrain(g) for name, g in maps.items()}
    for t in terrains.values():  # warm: the compiled graph built and closed once
        if compiled:
            fastreach.fast_reach(t, start, mover, budget)
    for name, t in terrains.items():
        pure = median_ms(lambda t=t: reach(start, lambda s: t.steps(s, mover), budget), rounds)
        row = {"pure": pure}
        if compiled:
            row["compiled warm"] = median_ms(
                lambda t=t: fastreach.fast_reach(t, start, mover, budget), rounds * 5)
        row["cells"] = float(len({(k[1], k[2]) for k in reach(
            start, lambda s, t=t: t.steps(s, mover), budget)}))
        results[name] = row
    print(f"{n}x{n} floor, Walk 8 / Half Jump 4 / pool 8, medians of {rounds} rounds")
    for name, row in results.items():
        print(f"  {name:9s} " + "  ".join(
            f"{k} {v:.0f}" if k == "cells" else f"{k} {v:.2f} ms" for k, v in row.items()))
    base, walled = results["no edges"], results["rooms"]
    print("  ratio rooms / no edges: " + "  ".join(
        f"{k} {walled[k] / base[k]:.2f}" for k in base if k != "cells"))


if __name__ == "__main__":
    main()
