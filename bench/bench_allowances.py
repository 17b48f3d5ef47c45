"""Benchmark of `allowances` reach: ``options()`` on metre grids against plain bounded
searches over the same cells (the issue 5 "Speed" method, on metre maps).

    python bench/bench_allowances.py            # the full run (a minute or two)
    python bench/bench_allowances.py --quick    # a few-second smoke run

Maps: N×N grids (64 and 256) of mixed terrain from ``bench_reach.make_map`` (about
68 % floor, 20 % water 2 m deep, 12 % walls 3 m high), in metres, 1 m cells. Two sheets:

- ``4 m``: Overland 4, Swim 2 (the small budget);
- ``16 m``: Overland 16, Swim 8, Flight 16 (the large one, flight over walls included).

Measured, each on the same map and start (a floor cell near the middle), in one run:

- ``options()``: everything the creature may do now (reach per Type, the mixed-Type
  exact search with the cascade as group caps, Rush with odds), the search cache
  cleared before each call (a cold call); twice: with the pure searches (``pure``:
  ``fastreach.fast_reach`` switched off, as without numba) and as wired (``fast``: the
  compiled searches of ``allowances/fastreach.py`` when numba imports);
- ``overland search``: the one-Type exact search alone (the plain bounded Dijkstra over
  the movement graph), pure (``planning.pure_run``) and compiled (``fast_reach``);
- ``mixed search``: the mixed-Type exact search (the core ``reach`` with the cascade as
  group caps), pure and compiled: the search that dominates ``options()``;
- numba: a compiled plain bounded Dijkstra over the same window (Overland's cells, the
  Manhattan diagonal of 2 m), if ``numba`` imports;
- networkx: ``single_source_dijkstra_path_length`` with ``cutoff`` on a ``DiGraph`` of
  the same steps (built outside the timing).

Medians of ``time.perf_counter`` with the garbage collector paused, after warm-up.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_reach import (
    build_networkx,
    make_map,
    median_time,
    networkx_plain,
    numba_plain,
)
from footwork.engine import Engine
from footwork.rulesets.allowances import fastreach, planning
from footwork.rulesets.allowances.planning import plan_search, pure_run, start_spot
from footwork.scenario import encounter_from_data
from footwork.space.grid import OFFSETS, GridMap, Surface

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


def overland_costs(grid: GridMap) -> np.ndarray[Any, Any]:
    """Overland's price of each step (floor to floor; a diagonal is 2 m, Manhattan)."""
    floor = grid.surface == Surface.FLOOR
    out = np.full((8, *grid.shape), np.inf)
    n, m = grid.shape
    for k, (dr, dc) in enumerate(OFFSETS):
        to = np.zeros_like(floor)
        to[max(0, -dr):n - max(0, dr), max(0, -dc):m - max(0, dc)] = \
            floor[max(0, dr):n - max(0, -dr) or None, max(0, dc):m - max(0, -dc) or None]
        out[k][floor & to] = 2.0 if dr and dc else 1.0
    return out


def measure(n: int, base: GridMap, sheet: str, fast: Any, graph: Any, seconds: float,
            reps: int) -> str:
    start = start_cell(base)
    scores = SHEETS[sheet]
    cost = overland_costs(base)
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
    terrain = state.space.terrain
    o = state.options
    budget = float(scores["Overland"])

    start_at = start_spot(terrain, actor)
    one = plan_search(terrain, actor, o, "overland")
    mixed = plan_search(terrain, actor, o, None)
    compiled = fastreach.fast_reach
    has_fast = compiled(terrain, start_at, one) is not None

    def options() -> Sequence[Any]:
        planning._CACHE.clear()
        return engine.options(state, "a")

    def options_pure() -> Sequence[Any]:
        fastreach.fast_reach = lambda *args: None
        try:
            return options()
        finally:
            fastreach.fast_reach = compiled

    count = len(engine.options(state, "a"))
    assert [x.command for x in options_pure()] == [x.command for x in engine.options(state, "a")]
    t_pure, _, _ = median_time(options_pure, seconds, reps)
    t_opt, _, _ = median_time(options, seconds, reps)
    t_one, _, _ = median_time(lambda: pure_run(terrain, start_at, one), seconds, reps)
    t_mix, _, _ = median_time(lambda: pure_run(terrain, start_at, mixed), seconds, reps)
    t_nx, _, _ = median_time(lambda: networkx_plain(graph, base.shape, start, budget),
                             seconds, reps)
    line = (f"{n}x{n} {sheet:>5} ({count} options): options() pure {ms(t_pure)}, "
            f"fast {ms(t_opt)} (pure/fast {t_pure / t_opt:5.1f}x); "
            f"overland search pure {ms(t_one)}")
    if has_fast:
        t_fone, _, _ = median_time(lambda: compiled(terrain, start_at, one), seconds, reps)
        t_fmix, _, _ = median_time(lambda: compiled(terrain, start_at, mixed), seconds, reps)
        line += (f", fast {ms(t_fone)} ({t_one / t_fone:5.1f}x); mixed search pure "
                 f"{ms(t_mix)}, fast {ms(t_fmix)} ({t_mix / t_fmix:5.1f}x)")
    else:
        line += f"; mixed search pure {ms(t_mix)}"
    line += f"; networkx {ms(t_nx)}"
    if fast is not None:
        t_nb, _, _ = median_time(lambda: fast(cost, start, budget, 1.0), seconds, reps)
        line += (f"; numba plain {t_nb * 1e6:7.1f} us; options/numba {t_opt / t_nb:6.0f}x, "
                 f"overland/numba {t_one / t_nb:5.0f}x")
    return line + f"; networkx/options {t_nx / t_opt:5.2f}x"


def ms(t: float) -> str:
    return f"{t * 1e3:8.3f} ms"


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    seconds, reps = (0.3, 15) if args.quick else (2.0, 200)
    fast = numba_plain()
    t0 = time.perf_counter()
    warm = fastreach.compiled()
    print(f"python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cpus, numba {'yes' if fast else 'no'}; allowances kernel "
          f"{'loaded' if warm else 'missing'} in {time.perf_counter() - t0:.2f} s; "
          f"load average {os.getloadavg()[0]:.2f}")
    for n in (64, 256):
        base = make_map(n, seed=n)
        graph = build_networkx(overland_costs(base))
        for sheet in SHEETS:
            print(measure(n, base, sheet, fast, graph, seconds, reps), flush=True)


if __name__ == "__main__":
    main()
