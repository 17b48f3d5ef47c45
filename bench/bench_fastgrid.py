"""Benchmark of issue 25's grid targets: the compiled search after a plain install, and the
first `options()` on a large grid. Measured, never asserted.

Run ``python bench/bench_fastgrid.py`` (``--quick`` for a smoke run). Every figure comes
from a fresh child process (``python -c``), so that nothing is warm but what the case says:

- **install**: styles ``options()`` on the N×N maps of ``bench_styles.py`` (128² and
  256²; the default sheet, 4u, and 16u Double + Dash), in three settings, each its own
  process: ``fast`` (the kernels loaded before the first call, from numba's disk cache:
  what ``pip install 'footwork[fast]'`` gave once warm), ``install`` (``pip install -e .``
  now: numba is a main dependency and the policy is ``background``: the first call starts
  loading the kernels and runs the pure search; the calls go on until the compiled one
  answers), ``pure`` (``FOOTWORK_COMPILED=off``: what ``pip install -e .`` gave before,
  no numba). Reported: the first call, how long until the calls ran compiled, and the
  warm median after; the ratio install/fast of the warm medians is the target (≤ 2×).
- **first**: the first ``Session.options`` of a fresh session on N×N maps (64² and 512²),
  the kernels already loaded (so the figure is the map's work, not numba's): what a
  table pays when a token is first picked up. The 512² map holds the 64² one in its
  middle, where the actor stands, so both reach the same places. The ratio 512²/64² is
  the target (≤ 1.5×).
  Each size is run in several fresh processes, interleaved, and the median taken.

The disk cache of the compiled kernels is the user's (``footwork doctor`` fills it); the
run fills it first if it is cold.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
SRC = HERE.parent / "src"

#: a child: builds the map of bench_styles.py and times options() (see the docstring)
CHILD = r'''
import dataclasses, gc, json, sys, time
sys.path.insert(0, {here!r})
from bench_styles import CASES, encounter, make_rows
n, case, mode, budget_s = {n}, {case!r}, {mode!r}, {budget_s}
from footwork.space import compiled
from footwork.rulesets.styles import fastreach
from footwork.rulesets.styles.ruleset import StylesRuleset
rows = make_rows(n, 5)
mid = n // 2
cells = [(r, c) for r in range(n) for c in range(n) if rows[r][c] == "."]
at = min(cells, key=lambda rc: abs(rc[0] - mid) + abs(rc[1] - mid))
styles, dashing = CASES[case]
state = encounter(rows, at, styles).session().state
if dashing:
    state = state.with_actor(dataclasses.replace(state.actors["hero"], dash_stack=1))
rs = StylesRuleset()
if mode == "fast":
    compiled.set_policy("wait")
    assert fastreach.compiled()
gc.disable()
out = {{"calls": [], "warm": []}}
t_start = time.perf_counter()
ready_at = None
seen_ready = False
while True:
    # did this call run compiled? (asking starts the background compile: as options does)
    ready = mode != "pure" and fastreach._ready()
    if ready and ready_at is None:
        ready_at = time.perf_counter() - t_start
    t0 = time.perf_counter()
    found = rs.options(state, "hero")
    took = time.perf_counter() - t0
    out["calls"].append(took)
    if ready and len(out["calls"]) > 1 and (mode != "install" or seen_ready):
        out["warm"].append(took)  # not the first compiled call: it builds the graph
    seen_ready = seen_ready or ready
    if mode == "install" and ready_at is None:
        if time.perf_counter() - t_start > 300:
            break
        time.sleep(0.05)  # a table's calls come apart: the compile thread gets the CPU
        continue
    if mode == "pure" and len(out["calls"]) > 1 and sum(out["calls"][1:]) > budget_s:
        break
    if sum(out["warm"]) > budget_s or len(out["warm"]) >= 400:
        break
out["ready_at"] = ready_at
out["places"] = len(found)
print(json.dumps(out))
'''

#: a child: the first Session.options on a fresh N×N map, the kernels loaded first
FIRST = r'''
import json, sys, time
sys.path.insert(0, {here!r})
from bench_styles import encounter, make_rows
n = {n}
from footwork import limits
limits.set_current(limits.parse_settings(["cells=1000000"]))
from footwork.space import compiled
from footwork.rulesets.styles import fastreach
compiled.set_policy("wait")
assert fastreach.compiled()
# the 64² map in the middle of the larger one: the same cells around the actor, so the
# sizes differ only in what lies out of reach
small = make_rows(64, 5)
rows = make_rows(n, 5)
off = (n - 64) // 2
rows = [row if not off <= i < off + 64 else row[:off] + small[i - off] + row[off + 64:]
        for i, row in enumerate(rows)]
cells = [(r, c) for r in range(64) for c in range(64) if small[r][c] == "."]
r, c = min(cells, key=lambda rc: abs(rc[0] - 32) + abs(rc[1] - 32))
at = (r + off, c + off)
t0 = time.perf_counter()
session = encounter(rows, at, ["Walk", "Half Jump", "Half Swim"]).session()
t1 = time.perf_counter()
found = session.options("hero")
t2 = time.perf_counter()
found2 = session.options("hero")
t3 = time.perf_counter()
print(json.dumps({{"load": t1 - t0, "first": t2 - t1, "again": t3 - t2,
                  "places": len(found)}}))
'''


def child(code: str, env_extra: dict[str, str] | None = None, src: Path = SRC
          ) -> dict[str, Any]:
    env = dict(os.environ)
    env["PYTHONPATH"] = str(src)
    env.pop("FOOTWORK_COMPILED", None)
    env.update(env_extra or {})
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=900, check=False)
    if done.returncode != 0:
        raise SystemExit(f"a child failed:\n{done.stderr}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def ms(seconds: float) -> str:
    return f"{seconds * 1e3:.2f} ms" if seconds < 1 else f"{seconds:.2f} s"


def install_rows(sizes: list[int], cases: list[str], budget_s: float, rounds: int) -> None:
    print("## styles options() after `pip install -e .` (numba in the main install)\n")
    print("| map | sheet | setting | first call | compiled after | warm median (calls) |"
          " / fast |")
    print("|---|---|---|---:|---:|---:|---:|")
    for n in sizes:
        for case in cases:
            runs: dict[str, list[dict[str, Any]]] = {"fast": [], "install": [], "pure": []}
            for k in range(rounds):  # fast and install in turn: they see the same load
                for mode in ("fast", "install", "pure"):
                    if mode == "pure" and k:
                        continue  # once is enough: it is 50-100x off
                    code = CHILD.format(here=str(HERE), n=n, case=case, mode=mode,
                                        budget_s=budget_s if mode != "pure" else budget_s / 4)
                    env = {"FOOTWORK_COMPILED": "off"} if mode == "pure" else {}
                    runs[mode].append(child(code, env))
            rows: dict[str, dict[str, float]] = {}
            for mode, got in runs.items():
                warm = [t for g in got
                        for t in (g["warm"] if mode != "pure" else g["calls"][1:])]
                ready = [g["ready_at"] for g in got if g.get("ready_at") is not None]
                rows[mode] = {"first": statistics.median(g["calls"][0] for g in got),
                              "ready": statistics.median(ready) if ready else -1.0,
                              "warm": statistics.median(warm), "n": len(warm)}
            fast = rows["fast"]["warm"]
            for mode, r in rows.items():
                ratio = r["warm"] / fast
                shown = (f"**{ratio:.2f}×**" if mode == "install" else
                         f"{ratio:.1f}×" if mode == "pure" else "1")
                print(f"| {n}² | {case} | {mode} | {ms(r['first'])} | "
                      f"{ms(r['ready']) if r['ready'] >= 0 else '—'} | {ms(r['warm'])} "
                      f"({int(r['n'])}) | {shown} |")
    print(f"\nfast and install: medians over {rounds} fresh processes each, taken in turn\n")


def before_src(rev: str) -> Path:
    """The ``src`` folder of ``rev``, extracted with ``git archive`` (kept between runs:
    its numba cache then stays warm)."""
    folder = Path(tempfile.gettempdir()) / f"footwork-bench-{rev}"
    if not (folder / "src").is_dir():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(HERE.parent), "archive", rev, "src"],
                                 capture_output=True, check=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder / "src"


def first_rows(sizes: list[int], rounds: int, before: str | None) -> None:
    print("## the first options() of a fresh session (kernels loaded, the map's own work)\n")
    codes: dict[str, Path] = {"now": SRC}
    if before:
        codes[f"before ({before})"] = before_src(before)
        # the old code caches its kernels beside its sources: fill that cache first
        child("from footwork.space import compiled; compiled.set_policy('wait');"
              "from footwork.rulesets.styles import fastreach;"
              "assert fastreach.compiled(); print('{}')", src=codes[f"before ({before})"])
    results: dict[tuple[str, int], list[dict[str, Any]]] = {
        (code, n): [] for code in codes for n in sizes}
    for _ in range(rounds):  # interleaved: every case sees the same load
        for code, src in codes.items():
            for n in sizes:
                results[code, n].append(child(FIRST.format(here=str(HERE), n=n), src=src))
    print("| code | map | places | load (session) | first options() | again | "
          f"first / first at {sizes[0]}² |")
    print("|---|---|---:|---:|---:|---:|---:|")
    for code in codes:
        base = statistics.median(r["first"] for r in results[code, sizes[0]])
        for n in sizes:
            rs = results[code, n]
            first = statistics.median(r["first"] for r in rs)
            print(f"| {code} | {n}² | {rs[0]['places']} | "
                  f"{ms(statistics.median(r['load'] for r in rs))} | {ms(first)} | "
                  f"{ms(statistics.median(r['again'] for r in rs))} | "
                  f"**{first / base:.2f}×** |")
    print(f"\nmedians of {rounds} fresh processes per case\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true", help="a smoke run")
    parser.add_argument("--only", choices=("install", "first"), help="one part only")
    parser.add_argument("--before", metavar="REV",
                        help="also time the first options() with the code of REV (git)")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, load {os.getloadavg()[0]:.1f}\n")
    # the user's disk cache of the kernels, filled if cold (a minute, once)
    child("from footwork.space import compiled; compiled.set_policy('wait');"
          "from footwork.rulesets.styles import fastreach; assert fastreach.compiled();"
          "print('{}')")
    if args.only in (None, "install"):
        install_rows([128] if args.quick else [128, 256],
                     ["4u"] if args.quick else ["4u", "16u"], 0.5 if args.quick else 2.0,
                     1 if args.quick else 3)
    if args.only in (None, "first"):
        first_rows([64, 512], 1 if args.quick else 5, args.before)
    print(f"load {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
