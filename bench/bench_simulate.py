"""Benchmark of studies: runs per second in-process, on a process pool of 2 and on a dask
LocalCluster of 2 process workers, in the same run.

Run ``python bench/bench_simulate.py`` (``--quick`` for a smoke run). The study is
``examples/spans/boarding-action.yaml`` played 2 rounds after its steps by random
policies (ada heading for the kestrel). Each executor plays the same study ``--repeats``
times, interleaved (in-process, pool, dask, in-process, ...) so that a slow moment of a
shared machine falls on each alike; every study starts its own pool or cluster, as
``footwork simulate`` does, so the times include starting the workers. Reported: the
medians, the pool's scaling efficiency (in-process time / pool time / 2; the issue's
target is at least 70%) and the cluster's time over the pool's (target at most 1.3).
Every executor's table is checked equal to the in-process one. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from footwork.simulate import Dask, Executor, InProcess, ProcessPool, study

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "examples" / "spans" / "boarding-action.yaml"
POLICY = ["random", "ada=toward:kestrel"]


def timed(executor: Callable[[], Executor], runs: int) -> tuple[float, Any]:
    start = time.perf_counter()
    result = study(FILE, runs=runs, rounds=2, policy=POLICY, seed=7, executor=executor())
    return time.perf_counter() - start, result.runs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--repeats", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="a smoke run: 100 runs, once")
    args = parser.parse_args()
    runs, repeats = (100, 1) if args.quick else (args.runs, args.repeats)
    executors: dict[str, Callable[[], Executor]] = {
        "in-process": InProcess,
        "process pool (2)": lambda: ProcessPool(2),
        "dask LocalCluster (2)": lambda: Dask("local", 2),
    }
    load_before = os.getloadavg()[0]
    times: dict[str, list[float]] = {name: [] for name in executors}
    reference = None
    for _ in range(repeats):
        for name, make in executors.items():
            seconds, table = timed(make, runs)
            times[name].append(seconds)
            if reference is None:
                reference = table
            elif not table.equals(reference):
                raise SystemExit(f"{name}: the table differs from the in-process one")
    print(f"footwork studies: {runs} runs of {FILE.name}, 2 rounds, medians of {repeats}; "
          f"Python {platform.python_version()}, {os.cpu_count()} cores (shared); load "
          f"average {load_before:.1f} before, {os.getloadavg()[0]:.1f} after (a load above "
          f"the cores leaves a second worker no core of its own)")
    medians = {name: statistics.median(values) for name, values in times.items()}
    for name, median in medians.items():
        spread = f"{min(times[name]):.2f}-{max(times[name]):.2f} s"
        print(f"  {name:<22} {median:7.2f} s  ({runs / median:6.0f} runs/s; {spread})")
    inproc, pool, cluster = medians.values()
    print(f"  pool scaling efficiency: {inproc / pool / 2:.0%} of linear (target >= 70%)")
    print(f"  cluster / pool time:     {cluster / pool:.2f}x (target <= 1.3x)")
    print("  identical tables on every executor: yes")


if __name__ == "__main__":
    main()
