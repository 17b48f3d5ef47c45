"""Steady latency of ``options()`` with the garbage collector on (issue 14, item 4).

    python bench/bench_latency.py            # the full run (a few minutes)
    python bench/bench_latency.py --quick    # a smoke run

Two grid cases, the maps of ``bench_styles.py`` and ``bench_allowances.py``:

- styles, 256×256, pool 16u (Double Walk, Jump, Climb, Swim, after one Dash);
- allowances, 256×256, 16 m (Overland 16, Swim 8, Flight 16).

Each call asks ``Engine.options`` about a *new* state: the actor stands on another
floor cell near the middle each time (the engine's kept answers and the rulesets'
caches never answer for it), and the answer is held until the next call, as a table
holds the options of the token it shows; after each timed call, two options are read
(a hover), untimed. ``styles-listed`` times what the table server's options endpoint
does instead: ``options()`` and every option built and written as JSON. The collector
is on throughout; ``gc.callbacks`` times every collection, by generation.

Each setting runs in its own fresh process (a setting changes the whole process's
collector), the settings interleaved round after round, so each median and its
baseline come from the same run on the same (shared, noisy) machine:

- ``default``: the collector as Python starts it (thresholds 700, 10, 10, nothing
  frozen): the behaviour before issue 14;
- ``frozen``: ``footwork.engine.settle()`` once the map is loaded: one full collection,
  then ``gc.freeze()``, so later full collections no longer walk the modules, the map
  and the session;
- ``steady``: ``settle()`` and ``steady_gc()``, the setting ``footwork serve`` and
  ``footwork play`` use: the young generation collected after 50,000 net allocations
  instead of 700.

Reported per case and setting: median, p90, p90/median, the worst call, and the
collections (count and total pause of each generation) over the timed calls. Beside
the wall-clock times, the process's CPU time of each call (``time.process_time``): on a
shared machine a call also waits while other processes run, which the CPU time leaves
out, so its p90/median shows this process's own jitter (collections included).
Measured, never asserted.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import platform
import statistics
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

SETTINGS = ("default", "frozen", "steady")
CASES = ("styles", "styles-listed", "allowances")


# -- one case, in this process --------------------------------------------------------------


def styles_case(n: int) -> tuple[Any, Any, list[tuple[int, int]], str]:
    from bench_styles import CASES as STYLE_SHEETS
    from bench_styles import encounter, make_rows

    rows = make_rows(n, 5)
    mid = n // 2
    cells = sorted(((r, c) for r in range(n) for c in range(n) if rows[r][c] == "."),
                   key=lambda rc: abs(rc[0] - mid) + abs(rc[1] - mid))
    styles, _dashing = STYLE_SHEETS["16u"]
    session = encounter(rows, cells[0], styles).session()
    state = session.state
    state = state.with_actor(dataclasses.replace(state.actors["hero"], dash_stack=1))
    return session.engine, state, cells, "hero"


def allowances_case(n: int) -> tuple[Any, Any, list[tuple[int, int]], str]:
    from bench_allowances import ascii_rows, start_cell
    from bench_reach import make_map
    from footwork.scenario import encounter_from_data
    from footwork.space.grid import Surface

    base = make_map(n, seed=n)
    start = start_cell(base)
    data = {"footwork": 1, "ruleset": "allowances", "seed": 1,
            "map": {"unit": "m", "cell_size": 1, "rows": ascii_rows(base),
                    "legend": {".": {"surface": "floor"},
                               "#": {"surface": "wall", "elevation": 3},
                               "~": {"surface": "water", "water_depth": 2}}},
            "actors": [{"id": "a", "side": "x", "at": f"{start[0]},{start[1]}",
                        "stats": {"scores": {"Overland": 16, "Swim": 8, "Flight": 16},
                                  "skills": {"Running": 50}}}]}
    session = encounter_from_data(data, "bench").session()
    mid = n // 2
    cells = sorted(((int(r), int(c)) for r, c in np.argwhere(base.surface == Surface.FLOOR)),
                   key=lambda rc: abs(rc[0] - mid) + abs(rc[1] - mid))
    return session.engine, session.state, cells, "a"


def run_one(case: str, setting: str, n: int, calls: int, warm: int) -> dict[str, Any]:
    """Time ``calls`` calls of options() in this process under ``setting``."""
    from footwork.engine.session import settle, steady_gc

    engine, state, cells, who = (allowances_case if case == "allowances" else styles_case)(n)
    actor = state.actors[who]
    places = cells[:max(calls + warm, 1)]

    def moved(k: int) -> Any:
        r, c = places[k % len(places)]
        return state.with_actor(dataclasses.replace(actor, row=r, col=c, at=f"{r},{c}"))

    found: Any = None
    listed: Any = None
    for k in range(warm):  # compiled code loaded, caches of the map filled
        found = engine.options(moved(len(places) - 1 - k), who)
    if setting in ("frozen", "steady"):
        settle()
    if setting == "steady":
        steady_gc()
    pauses: list[tuple[int, float]] = []
    started = [0.0]

    def timer(phase: str, info: dict[str, Any]) -> None:
        if phase == "start":
            started[0] = time.perf_counter()
        else:
            pauses.append((int(info["generation"]), time.perf_counter() - started[0]))

    gc.callbacks.append(timer)
    times: list[float] = []
    cpu: list[float] = []
    sizes: list[int] = []
    for k in range(calls):
        state_k = moved(k)
        c0 = time.process_time()
        t0 = time.perf_counter()
        found = engine.options(state_k, who)
        size = len(found)
        if case == "styles-listed":  # every option built and written, timed with it
            listed = [o.to_json() for o in found]
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        sizes.append(size)
        if case != "styles-listed" and size:  # a hover: two options read, untimed
            found[0], found[size // 2]
    del listed
    gc.callbacks.remove(timer)
    by_gen: dict[str, list[float]] = {}
    for generation, pause in pauses:
        by_gen.setdefault(str(generation), []).append(pause)
    return {"times": times, "cpu": cpu, "options": int(statistics.median(sizes)),
            "pauses": {g: [len(p), sum(p), max(p)] for g, p in sorted(by_gen.items())},
            "threshold": list(gc.get_threshold()), "frozen": gc.get_freeze_count()}


# -- the run ----------------------------------------------------------------------------------


def p90(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]


def ms(t: float) -> str:
    return f"{t * 1e3:.1f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--rounds", type=int, default=None,
                        help="processes per case and setting (default 3, quick 1)")
    parser.add_argument("--calls", type=int, default=None,
                        help="timed calls per process (default 100, quick 12)")
    parser.add_argument("--size", type=int, default=None, help="map side (default 256)")
    parser.add_argument("--case", choices=CASES, action="append", help="one case only")
    parser.add_argument("--setting", choices=SETTINGS, action="append",
                        help="only these settings")
    parser.add_argument("--one", nargs=2, metavar=("CASE", "SETTING"),
                        help=argparse.SUPPRESS)  # the child process
    args = parser.parse_args()
    size = args.size or (64 if args.quick else 256)
    calls = args.calls or (12 if args.quick else 100)
    if args.one:
        out = run_one(args.one[0], args.one[1], size, calls, warm=3 if args.quick else 6)
        sys.stdout.write(json.dumps(out) + "\n")
        return
    rounds = args.rounds or (1 if args.quick else 3)
    cases = args.case or list(CASES)
    settings = args.setting or list(SETTINGS)
    print(f"# {platform.machine()}, {os.cpu_count()} CPUs, load average "
          f"{os.getloadavg()[0]:.1f}, Python {platform.python_version()}; {size}×{size}, "
          f"{calls} timed calls per process, {rounds} process(es) per case and setting")
    results: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for _ in range(rounds):
        for case in cases:
            for setting in settings:
                done = subprocess.run(
                    [sys.executable, __file__, "--one", case, setting, "--size", str(size),
                     "--calls", str(calls)], check=True, capture_output=True, text=True)
                results.setdefault((case, setting), []).append(
                    json.loads(done.stdout.strip().splitlines()[-1]))
    print(f"load average at the end {os.getloadavg()[0]:.1f}\n")
    print("| case | setting | options | median | p90 | p90/median | worst | CPU: median, "
          "p90, p90/median | collections gen0 / gen1 / gen2 (count, total pause) |")
    print("|---|---|---:|---:|---:|---:|---:|---|---|")
    for case in cases:
        for setting in settings:
            runs = results[(case, setting)]
            times = [t for r in runs for t in r["times"]]
            med, high = statistics.median(times), p90(times)
            cpu = [t for r in runs for t in r["cpu"]]
            cpu_med, cpu_high = statistics.median(cpu), p90(cpu)
            gens = []
            for g in ("0", "1", "2"):
                count = sum(r["pauses"].get(g, [0, 0.0, 0.0])[0] for r in runs)
                total = sum(r["pauses"].get(g, [0, 0.0, 0.0])[1] for r in runs)
                gens.append(f"{count}, {ms(total)}")
            print(f"| {case} | {setting} | {runs[0]['options']:,} | {ms(med)} | {ms(high)} | "
                  f"**{high / med:.2f}** | {ms(max(times))} | {ms(cpu_med)}, {ms(cpu_high)}, "
                  f"**{cpu_high / cpu_med:.2f}** | {' / '.join(gens)} |")
    print("\nTarget (issue 14, item 4): p90/median of options() ≤ 1.5.")


if __name__ == "__main__":
    main()
