"""Benchmarks of the `sitemaps` ruleset: options() (reachable zones, regions, hazard odds)
and one traced move, on the shipped examples and on generated rows of rooms.

Run ``python bench/bench_sitemaps.py`` (``--quick`` for a smoke run). Medians and
interquartile ranges; the baseline, measured in the same run on the same map, is a
networkx BFS over the zone graph (what a tool that knows only adjacency would do).
Measured, never asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import sys
from pathlib import Path
from typing import Any

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_spans import Timing, fmt_time, measure
from footwork.scenario import encounter_from_text, load_encounter

ROOT = Path(__file__).resolve().parents[1]


def rooms(n: int) -> dict[str, Any]:
    """A row of ``n`` 6×4 m rooms joined by 2 m doors, a wall in every other room."""
    zones = [{"id": f"r{i}", "rect": [6 * i, 0, 6, 4]} for i in range(n)]
    openings = [{"between": [f"r{i}", f"r{i + 1}"], "at": [[6 * (i + 1), 1], [6 * (i + 1), 3]]}
                for i in range(n - 1)]
    walls = [[[6 * i + 3, 0], [6 * i + 3, 2.5]] for i in range(0, n, 2)]
    hero = {"point": [6 * (n // 2) + 1, 3]}
    actors = [{"id": "hero", "side": "a", "at": f"r{n // 2}", "stats": hero},
              {"id": "foe", "side": "b", "at": f"r{n // 2 + 1}"}]
    return {"footwork": 1, "ruleset": "sitemaps", "map": {"zones": zones, "openings": openings,
                                                          "walls": walls}, "actors": actors}


def grid(k: int) -> dict[str, Any]:
    """``k`` × ``k`` 6×4 m rooms, each joined to its four neighbours by 2 m doors, a wall
    in every other column of rooms; the hero stands in the middle."""
    zones = [{"id": f"r{i}_{j}", "rect": [6 * i, 4 * j, 6, 4]}
             for i in range(k) for j in range(k)]
    openings = []
    for i in range(k):
        for j in range(k):
            if i + 1 < k:
                openings.append({"between": [f"r{i}_{j}", f"r{i + 1}_{j}"],
                                 "at": [[6 * (i + 1), 4 * j + 1], [6 * (i + 1), 4 * j + 3]]})
            if j + 1 < k:
                openings.append({"between": [f"r{i}_{j}", f"r{i}_{j + 1}"],
                                 "at": [[6 * i + 2, 4 * (j + 1)], [6 * i + 4, 4 * (j + 1)]]})
    walls = [[[6 * i + 3, 4 * j], [6 * i + 3, 4 * j + 2.5]]
             for i in range(0, k, 2) for j in range(k)]
    c = k // 2
    actors = [{"id": "hero", "side": "a", "at": f"r{c}_{c}",
               "stats": {"point": [6 * c + 1, 4 * c + 3]}},
              {"id": "foe", "side": "b", "at": f"r{c + 1}_{c}"}]
    return {"footwork": 1, "ruleset": "sitemaps",
            "map": {"zones": zones, "openings": openings, "walls": walls}, "actors": actors}


def crowd(layout: str, zones: int, count: int) -> dict[str, Any]:
    """``rooms`` (a row) or ``grid`` of ``zones`` rooms with the hero and its foe, and
    ``count - 2`` more actors one to a room at random (seeded) anywhere on the floor."""
    import random

    data = rooms(zones) if layout == "row" else grid(round(zones ** 0.5))
    taken = {a["at"] for a in data["actors"]}
    free = [z for z in data["map"]["zones"] if z["id"] not in taken]
    random.Random(1).shuffle(free)
    for i, z in enumerate(free[:count - 2]):
        x, y, _, _ = z["rect"]
        data["actors"].append({"id": f"x{i}", "side": "ab"[i % 2], "at": z["id"],
                               "stats": {"point": [x + 4.5, y + 3]}})
    return data


def crowd_probe(layout: str, zones: int, counts: list[int], repeat: int) -> dict[str, Any]:
    """options() medians of the hero with each of ``counts`` actors on the floor, with
    whatever footwork is first on the path (a child process each, as :func:`probe`).
    The sessions take turns, one cold call each a round, so that the load of a shared
    machine falls on every count alike."""
    import gc
    import statistics
    import time

    from footwork import limits

    raised = limits.current().raised({"nodes": 10_000_000, "zones": 20_000})
    sessions = []
    with limits.using(raised):
        for count in counts:
            sessions.append(encounter_from_text(json.dumps(crowd(layout, zones, count)),
                                                "crowd.json").session())

    def cold(session: Any) -> Any:
        getattr(session.engine, "forget", lambda: None)()
        return session.options("hero")

    samples: list[list[float]] = [[] for _ in counts]
    for session in sessions:
        cold(session)  # warm: the map's caches (regions, corners)
    gc.collect()
    gc.disable()
    for _ in range(repeat):
        for i, session in enumerate(sessions):
            # CPU time: on a shared machine the wall clock mostly measures the others
            start = time.process_time()
            cold(session)
            samples[i].append(time.process_time() - start)
    gc.enable()
    return {str(c): {"options": statistics.median(t),
                     "iqr": Timing(t).iqr, "count": len(cold(s)), "samples": t}
            for c, t, s in zip(counts, samples, sessions, strict=True)}


def crowds(repeat: int, baseline_ref: str, square_only: bool = False,
           rounds: int = 1) -> None:
    """options() with 2 to 100 actors on 100 rooms, and 100 actors on 10,000 rooms (a
    row and a square), this checkout against ``baseline_ref`` (before issue 25), each
    code in its own child process: the ratio to 2 actors on the same map, same code,
    same child. ``square_only``: only the square of 10,000 rooms (the detours' case).
    With ``rounds`` above 1 the two codes take turns that many times (a child each,
    ``repeat`` calls shared among them) and each median is over all their calls: on a
    shared machine the load drifts over the minutes one child takes, and a baseline
    measured first and the code after it would not see the same machine."""
    import statistics
    import subprocess

    base = _checkout(baseline_ref)
    print(f"\ncrowds: options() of one actor with others on the floor, this checkout "
          f"against {baseline_ref} (medians of {repeat} in CPU time, the counts taking "
          f"turns{f', the codes taking turns in {rounds} rounds' if rounds > 1 else ''})\n")
    print("| map | zones | actors | code | options() (CPU) | IQR | options | vs 2 actors |")
    print("|---|---:|---:|---|---:|---:|---:|---:|")
    each = max(1, -(-repeat // rounds))
    for layout in ("grid",) if square_only else ("row", "grid"):
        for zones in (10_000,) if square_only else (100, 10_000):
            counts = (2, 10, 30, 100) if zones == 100 else (2, 100)
            codes = (("baseline", base / "src"), ("now", ROOT / "src"))
            samples: dict[tuple[str, int], list[float]] = {}
            listed: dict[tuple[str, int], int] = {}
            for _ in range(rounds):
                for code, src in codes:
                    done = subprocess.run(
                        [sys.executable, __file__, "--crowd", layout, str(zones),
                         ",".join(map(str, counts)), str(each)],
                        env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True,
                        check=True)
                    found = json.loads(done.stdout.decode().splitlines()[-1])
                    for count in counts:
                        samples.setdefault((code, count), []).extend(
                            found[str(count)]["samples"])
                        listed[code, count] = found[str(count)]["count"]
            for code, _ in codes:
                two = statistics.median(samples[code, 2])
                for count in counts:
                    t = samples[code, count]
                    print(f"| {layout} | {zones:,} | {count} | {code} | "
                          f"{fmt_time(statistics.median(t))} | {fmt_time(Timing(t).iqr)} | "
                          f"{listed[code, count]} | {statistics.median(t) / two:.2f}× |",
                          flush=True)


def paired(ref: str, repeat: int) -> None:
    """options() of this checkout and of ``ref`` in one process, their calls interleaved
    (``ref``'s package copied under another name, its imports renamed), so that both
    codes see the same load at the same moment: the square of 10,000 rooms, the square
    of 100 and the row of 10,000, with 2 and 100 actors. The two listings are checked
    equal (options, costs, regions, checks) before they are timed."""
    import gc
    import importlib
    import re
    import statistics
    import time

    name = "footwork_paired_base"
    base = _checkout(ref)
    package = base / name
    (base / "src" / "footwork").rename(package)
    for f in package.rglob("*.py"):
        text = re.sub(r"\bfootwork\.", f"{name}.", f.read_text())
        text = text.replace("from footwork import", f"from {name} import")
        f.write_text(re.sub(r"^import footwork$", f"import {name} as footwork", text,
                            flags=re.MULTILINE))
    sys.path.insert(0, str(base))
    print(f"\npaired: this checkout and {ref} in one process, calls interleaved (medians of "
          f"{repeat} in CPU time)\n")
    print("| map | zones | actors | baseline | now | now / baseline |")
    print("|---|---:|---:|---:|---:|---:|")
    for layout, zones in (("grid", 10_000), ("grid", 100), ("row", 10_000)):
        for count in (2, 100):
            data = json.dumps(crowd(layout, zones, count))
            sessions = []
            for package_name in (name, "footwork"):
                limits = importlib.import_module(f"{package_name}.limits")
                scenario = importlib.import_module(f"{package_name}.scenario")
                with limits.using(limits.current().raised({"nodes": 10_000_000,
                                                           "zones": 20_000})):
                    sessions.append(scenario.encounter_from_text(data, "crowd.json").session())

            def listing(session: Any) -> list[Any]:
                session.engine.forget()
                return [(o.command, o.cost, o.region, o.checks)
                        for o in session.options("hero")]

            first = [repr(listing(session)) for session in sessions]  # warm, and checked
            assert first[0] == first[1], f"{layout} {zones} {count}: the listings differ"
            samples: list[list[float]] = [[], []]
            gc.collect()
            gc.disable()
            for _ in range(repeat):
                for k, session in enumerate(sessions):
                    start = time.process_time()
                    listing(session)
                    samples[k].append(time.process_time() - start)
            gc.enable()
            was, now = (statistics.median(t) for t in samples)
            print(f"| {layout} | {zones:,} | {count} | {fmt_time(was)} | {fmt_time(now)} | "
                  f"{now / was:.2f}× |", flush=True)
            del sessions


def _checkout(ref: str) -> Path:
    """The ``src`` of ``ref``, unpacked in a temporary directory."""
    import subprocess
    import tarfile
    import tempfile
    from io import BytesIO

    base = Path(tempfile.mkdtemp(prefix="footwork-baseline-"))
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", ref, "src"],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(base, filter="data")
    return base


def probe(layout: str, n: int, repeat: int) -> dict[str, Any]:
    """Build times of the map (the ZoneMap and hazards, from the validated file) and
    options() medians, with whatever footwork is first on the path: run in a child
    process, once for this checkout and once for the baseline."""
    import statistics
    import time

    from footwork.rulesets.sitemaps.model import SiteMap, SitemapsMapSpec

    data = rooms(n) if layout == "row" else grid(round(n ** 0.5))
    spec = SitemapsMapSpec.model_validate(data["map"])
    builds = []
    for _ in range(repeat):
        start = time.perf_counter()
        SiteMap(spec, 4.0)
        builds.append(time.perf_counter() - start)
    start = time.perf_counter()
    session = encounter_from_text(json.dumps(data), "map.json").session()
    load = time.perf_counter() - start
    first_start = time.perf_counter()
    count = len(session.options("hero"))
    first = time.perf_counter() - first_start
    calls = []
    # a cold call each time, not the engine's kept answer (a baseline before the engine
    # kept answers has nothing to forget)
    forget = getattr(session.engine, "forget", lambda: None)
    for _ in range(repeat):
        forget()
        start = time.perf_counter()
        session.options("hero")
        calls.append(time.perf_counter() - start)
    return {"zones": len(spec.zones), "build": statistics.median(builds), "load": load,
            "first": first, "options": statistics.median(calls), "count": count}


def scale(repeat: int, baseline_ref: str) -> None:
    """Build and options() at 40 and 1,000 rooms (a row and a square), this checkout
    against ``baseline_ref`` (before issue 14 item 6), each in its own child process."""
    import subprocess

    base = _checkout(baseline_ref)
    print(f"\nscale: this checkout against {baseline_ref} (medians of {repeat}; the first "
          "options() call of a session apart)\n")
    print("| map | zones | code | build (ZoneMap) | whole file load | first options() | "
          "options() | options |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for layout, n in (("row", 40), ("row", 1000), ("grid", 36), ("grid", 961)):
        for code, src in (("baseline", base / "src"), ("now", ROOT / "src")):
            done = subprocess.run(
                [sys.executable, __file__, "--probe", layout, str(n), str(repeat)],
                env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True, check=True)
            r = json.loads(done.stdout.decode().splitlines()[-1])
            print(f"| {layout} | {r['zones']} | {code} | {fmt_time(r['build'])} | "
                  f"{fmt_time(r['load'])} | {fmt_time(r['first'])} | "
                  f"{fmt_time(r['options'])} | {r['count']} |")


def row(label: str, session: Any, actor: str, repeat: int) -> list[str]:
    g = session.state.space.geometry.graph.to_networkx()
    start = session.state.actors[actor].at
    def cold() -> object:
        session.engine.forget()  # not the engine's kept answer (dropping it costs ~nothing)
        return session.options(actor)

    options = measure(cold, repeat=repeat)
    bfs = measure(lambda: nx.single_source_shortest_path_length(g, start, cutoff=2),
                  repeat=repeat * 10)
    return [label, str(len(session.options(actor))), fmt_time(options.median),
            fmt_time(options.iqr), fmt_time(bfs.median), f"{options.median / bfs.median:,.0f}×"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--probe", nargs=3, metavar=("LAYOUT", "N", "REPEAT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--baseline-ref", default="3d4ceeb^",
                        help="the commit to compare with (default: before issue 14 item 6)")
    parser.add_argument("--no-scale", action="store_true")
    parser.add_argument("--crowd", nargs=4, metavar=("LAYOUT", "ZONES", "ACTORS", "REPEAT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--crowd-baseline-ref", default="3857d0f",
                        help="the commit to compare crowds with (default: before issue 25)")
    parser.add_argument("--only-crowds", action="store_true",
                        help="only the crowds section (actors on the floor)")
    parser.add_argument("--rounds", type=int, default=1,
                        help="crowds: the baseline and this checkout take turns this many "
                        "times (a child each), the calls shared among them")
    parser.add_argument("--only-square", action="store_true",
                        help="only the square of 10,000 rooms of the crowds section (its "
                             "detours round walls; compare with --crowd-baseline-ref 5d790c9, "
                             "the loop before the detour search over arrays)")
    parser.add_argument("--paired", action="store_true",
                        help="crowds: this checkout and --crowd-baseline-ref in one process, "
                             "their calls interleaved (the square and the row of 10,000 "
                             "rooms, the square of 100)")
    args = parser.parse_args()
    if args.paired:
        paired(args.crowd_baseline_ref, 5 if args.quick else 40)
        return
    if args.probe:
        layout, n, times = args.probe
        print(json.dumps(probe(layout, int(n), int(times))))
        return
    if args.crowd:
        layout, zones, count, times = args.crowd
        print(json.dumps(crowd_probe(layout, int(zones), [int(c) for c in count.split(",")],
                                     int(times))))
        return
    if args.only_crowds or args.only_square:
        crowds(3 if args.quick else (21 if args.only_square else 9), args.crowd_baseline_ref,
               square_only=args.only_square, rounds=args.rounds)
        return
    repeat = 5 if args.quick else 40
    print(f"machine: Python {platform.python_version()}, {platform.machine()}")
    print("\n| map | options | options() median | IQR | zone-graph BFS | ratio |")
    print("|---|---:|---:|---:|---:|---:|")
    for name, actor in (("tavern-brawl", "mira"), ("warehouse-catwalks", "vex"),
                        ("river-crossing", None)):
        encounter = load_encounter(ROOT / "examples" / "sitemaps" / f"{name}.yaml")
        session = encounter.session()
        who = actor or session.state.current
        print("| " + " | ".join(row(name, session, who, repeat)) + " |")
    for n in (10, 40):
        encounter = encounter_from_text(json.dumps(rooms(n)), "rooms.json")
        print("| " + " | ".join(row(f"{n} rooms in a row", encounter.session(), "hero",
                                    repeat)) + " |")
    if not args.no_scale:
        scale(3 if args.quick else 7, args.baseline_ref)
    crowds(3 if args.quick else 9, args.crowd_baseline_ref)


if __name__ == "__main__":
    main()
