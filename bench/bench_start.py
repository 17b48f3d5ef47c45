"""Benchmark of start-up: whole `footwork` processes, as a user runs them (issue 14 item 5).

Run ``python bench/bench_start.py`` (``--quick`` for a smoke run). Each figure is the
median wall-clock time of a fresh process, the variants of one figure interleaved in one
run, so that a shared, noisy machine slows them alike:

- ``footwork run`` on a spans example: this checkout against a baseline checkout
  (``--baseline-ref``, default the commit before the fast-start work, extracted with
  ``git archive`` into a temporary directory and put first on ``PYTHONPATH``);
- ``footwork options`` on a styles grid example, numba's disk cache empty (a fresh
  install) against the same with the compiled search off (``FOOTWORK_COMPILED=off``, the
  pure search, as without numba) and with numba not importable at all (the searches ask
  :mod:`footwork.space.compiled` before each search, and a one-shot command never
  compiles);
- the import-time breakdown of the spans run (``python -X importtime``), by package.

Measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections.abc import Mapping, Sequence
from io import BytesIO
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPANS = ROOT / "examples" / "spans" / "rooftop-chase.yaml"
STYLES = ROOT / "examples" / "styles" / "flooded-cistern.yaml"
#: the commit before issue 14 item 5 (every ruleset imported by every command)
BASELINE_REF = "3d4ceeb"
#: runs the CLI with numba made unimportable
NO_NUMBA = ("import sys; sys.modules['numba'] = None; "
            "from footwork.cli.app import main; sys.argv[0] = 'footwork'; main()")
CLI = "from footwork.cli.app import main; import sys; sys.argv[0] = 'footwork'; main()"


def run_once(code: str, args: Sequence[str], env: Mapping[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code, *args], env={**os.environ, **env},
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    took = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"{args}: exit {done.returncode}\n{done.stderr.decode()[-2000:]}")
    return took


def interleaved(variants: Mapping[str, tuple[str, Sequence[str], Mapping[str, str]]],
                repeat: int, fresh_cache: bool = False) -> dict[str, list[float]]:
    """``repeat`` runs of each variant in turn; with ``fresh_cache``, each run gets an empty
    numba cache directory (a fresh install)."""
    samples: dict[str, list[float]] = {name: [] for name in variants}
    for _ in range(repeat):
        for name, (code, args, env) in variants.items():
            extra = dict(env)
            cache = tempfile.mkdtemp(prefix="numba-cache-") if fresh_cache else None
            if cache is not None:
                extra["NUMBA_CACHE_DIR"] = cache
            try:
                samples[name].append(run_once(code, args, extra))
            finally:
                if cache is not None:
                    shutil.rmtree(cache, ignore_errors=True)
    return samples


def baseline_src(ref: str) -> Path:
    """The ``src`` directory of ``ref``, extracted into a temporary directory."""
    out = Path(tempfile.mkdtemp(prefix="footwork-baseline-"))
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(out, filter="data")
    return out / "src"


def table(title: str, samples: Mapping[str, list[float]], base: str) -> None:
    print(f"\n{title}\n")
    print("| variant | median | min | max | / baseline |")
    print("|---|---:|---:|---:|---:|")
    ref = statistics.median(samples[base])
    for name, s in samples.items():
        m = statistics.median(s)
        print(f"| {name} | {m:.2f} s | {min(s):.2f} s | {max(s):.2f} s | {m / ref:.2f}× |")


def import_breakdown(env: Mapping[str, str]) -> None:
    """Cumulative import time of the top-level packages of a spans run (one process)."""
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", CLI, "run", str(SPANS)],
                          env={**os.environ, **env}, capture_output=True, check=False)
    top: dict[str, int] = {}
    for line in done.stderr.decode().splitlines():
        m = re.match(r"import time:\s+\d+ \|\s+(\d+) \|( *)(\S+)", line)
        if m is None:
            continue
        name = m.group(3)
        root = name.split(".")[0]
        if name.startswith("footwork."):
            root = ".".join(name.split(".")[:2])
            if name.startswith("footwork.rulesets."):
                root = ".".join(name.split(".")[:3])
        top[root] = max(top.get(root, 0), int(m.group(1)))
    print("\nimport time of a spans run, by package (the largest cumulative figure of its "
          "modules, one process; a package imported inside another counts in both)\n")
    print("| package | import time |")
    print("|---|---:|")
    for name, us in sorted(top.items(), key=lambda kv: -kv[1])[:18]:
        print(f"| {name} | {us / 1000:.0f} ms |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--baseline-ref", default=BASELINE_REF)
    parser.add_argument("--fresh-runs", type=int, default=None,
                        help="runs with an empty numba cache (each compiles: slow)")
    args = parser.parse_args()
    repeat = 3 if args.quick else 11
    fresh = args.fresh_runs if args.fresh_runs is not None else (1 if args.quick else 3)
    base = baseline_src(args.baseline_ref)
    here = {"PYTHONPATH": str(ROOT / "src")}
    then = {"PYTHONPATH": str(base)}
    try:
        print(f"machine: Python {sys.version.split()[0]}, {os.cpu_count()} CPUs, load "
              f"{os.getloadavg()[0]:.1f}; baseline {args.baseline_ref}")
        spans = interleaved({
            "python -c pass (the floor)": ("pass", [], here),
            f"baseline ({args.baseline_ref}): footwork run": (CLI, ["run", str(SPANS)], then),
            "this checkout: footwork run": (CLI, ["run", str(SPANS)], here),
        }, repeat)
        table(f"`footwork run {SPANS.relative_to(ROOT)}`, whole process, {repeat} runs each",
              spans, f"baseline ({args.baseline_ref}): footwork run")
        options = ["options", str(STYLES), "--actor", "dara"]
        warm = interleaved({
            "numba not importable": (NO_NUMBA, options, here),
            "FOOTWORK_COMPILED=off (pure search)": (CLI, options, {**here,
                                                                   "FOOTWORK_COMPILED": "off"}),
            "numba, warm disk cache": (CLI, options, here),
        }, repeat)
        table(f"`footwork options {STYLES.relative_to(ROOT)}`, whole process, {repeat} runs "
              "each", warm, "numba not importable")
        cold = interleaved({
            "numba not importable": (NO_NUMBA, options, here),
            "numba, empty disk cache (fresh install)": (CLI, options, here),
        }, fresh, fresh_cache=True)
        table(f"the same, fresh install (empty numba cache), {fresh} runs each", cold,
              "numba not importable")
        import_breakdown(here)
    finally:
        shutil.rmtree(base.parent, ignore_errors=True)


if __name__ == "__main__":
    main()
