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

On a shared machine the wall times say little about scaling (a second worker may find no
free core), so the same chunks are also played once in-process and once on a pool of 2
with each chunk's CPU time taken where it ran: the CPU a run costs in a worker against
in-process is what a pool adds per run, whatever else the machine is doing.
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

from footwork.scenario.source import read_file
from footwork.simulate import Dask, Executor, InProcess, ProcessPool, run_seed, runner, study
from footwork.simulate.executors import play_chunk
from footwork.simulate.runner import Plan
from footwork.simulate.spec import parse_policies

ROOT = Path(__file__).resolve().parents[1]
FILE = ROOT / "examples" / "spans" / "boarding-action.yaml"
POLICY = ["random", "ada=toward:kestrel"]


def timed(executor: Callable[[], Executor], runs: int) -> tuple[float, Any]:
    start = time.perf_counter()
    result = study(FILE, runs=runs, rounds=2, policy=POLICY, seed=7, executor=executor())
    return time.perf_counter() - start, result.runs


def cpu_chunk(plan: Plan, runs: tuple[tuple[int, int], ...]) -> float:
    """The CPU seconds one chunk takes in the process that plays it."""
    start = time.process_time()
    play_chunk(plan, runs)
    return time.process_time() - start


def cpu_per_run(runs: int) -> tuple[float, float]:
    """CPU seconds per run in-process and in the workers of a pool of 2 (same chunks)."""
    import concurrent.futures as cf
    import multiprocessing

    plan = Plan(read_file(FILE).data, FILE.name, parse_policies(POLICY), 2)
    seeds = tuple((i, run_seed(7, i)) for i in range(runs))
    chunks = [seeds[at:at + 50] for at in range(0, runs, 50)]
    runner._PREPARED.clear()  # the map built within the timing here too, as in a worker
    here = sum(cpu_chunk(plan, c) for c in chunks)
    context = multiprocessing.get_context("forkserver")
    with cf.ProcessPoolExecutor(2, mp_context=context) as pool:
        there = sum(pool.map(cpu_chunk, [plan] * len(chunks), chunks))
    return here / runs, there / runs


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
    here, there = cpu_per_run(runs)
    print(f"  CPU per run: in-process {here * 1000:.1f} ms, in a pool worker "
          f"{there * 1000:.1f} ms ({there / here - 1:+.0%}); with two free cores, a pool "
          f"of 2 would run at about {here / there:.0%} of linear, less its start")


if __name__ == "__main__":
    main()
