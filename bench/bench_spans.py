"""Benchmarks of the `spans` ruleset: options(), decide+evolve, replay.

Run ``python bench/bench_spans.py`` (about a minute) or ``--quick`` (a few seconds,
a smoke run). Prints a markdown table of medians and interquartile ranges
(``time.perf_counter``, many repetitions, the garbage collector paused while timing).

Measured, never asserted (DESIGN.md, "Performance"). Targets from the issue:
``options()`` median under 2 ms at 500 places; replay at least 100,000 events/s.
"""

from __future__ import annotations

import argparse
import gc
import json
import math
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import networkx as nx

from footwork.engine import Engine, State
from footwork.engine.events import Event, event_from_json, event_to_json
from footwork.errors import FootworkError
from footwork.scenario import encounter_from_text

ROOT = Path(__file__).resolve().parents[1]

# -- maps ---------------------------------------------------------------------------


def span_map(n: int, *, seed: int = 1, actors: int = 6) -> dict[str, Any]:
    """An encounter on ``n`` spans laid out as a near-square grid (degree ~4, a few
    diagonals removed or added at random), each with 2–3 features, ``actors`` actors."""
    rng = random.Random(seed)
    width = max(2, round(math.sqrt(n)))
    ids = [f"s{i}" for i in range(n)]
    spans: list[dict[str, Any]] = []
    links: list[dict[str, Any]] = []
    grounds = {s: rng.choice((0, 0, 0, 1)) for s in ids}
    fid = 0
    for i, s in enumerate(ids):
        x, y = i % width, i // width
        neighbours = []
        if x + 1 < width and i + 1 < n:
            neighbours.append(ids[i + 1])
        if i + width < n:
            neighbours.append(ids[i + width])
        if rng.random() < 0.1 and x + 1 < width and i + width + 1 < n:
            neighbours.append(ids[i + width + 1])
        for other in neighbours:
            links.append({"a": s, "b": other, "stairs": rng.random() < 0.8})
        features: list[dict[str, Any]] = [
            {"id": f"f{fid}", "kind": "cover"},
            {"id": f"f{fid + 1}", "kind": "on_high", "height": grounds[s] + rng.choice((1, 2)),
             "access": rng.choice(("run", "climb")), "capacity": 2},
        ]
        fid += 2
        if neighbours and rng.random() < 0.5:
            features.append({"id": f"f{fid}", "kind": "threshold", "guards": [neighbours[0]]})
            fid += 1
        spans.append({"id": s, "ground": grounds[s], "surface": "hard",
                      "pos": [x, y], "features": features})
    middle = ids[(n // 2 + width // 2) % n]
    cast: list[dict[str, Any]] = []
    for k in range(actors):
        at = middle if k == 0 else rng.choice(ids)
        cast.append({"id": f"a{k}", "side": "red" if k % 2 == 0 else "blue", "at": at,
                     "stats": {"dice": {"maneuver": "d6+1"}, "guard": 3, "stamina": 3,
                               "awareness": 3}})
    return {"footwork": 1, "ruleset": "spans", "seed": seed,
            "map": {"spans": spans, "links": links}, "actors": cast}


def load(data: dict[str, Any]) -> tuple[Engine[Any], State[Any]]:
    encounter = encounter_from_text(json.dumps(data), "bench.json")
    session = encounter.session()  # round 1, a0's turn
    return encounter.engine, session.state


def nx_graph(state: State[Any]) -> Any:
    """The same map as a plain undirected networkx graph: span links plus span–feature."""
    g = nx.Graph(state.space.graph.to_networkx())
    for place in state.space.graph:
        if place.parent is not None:
            g.add_edge(place.parent, place.id)
    return g


# -- timing -------------------------------------------------------------------------


@dataclass(frozen=True)
class Timing:
    samples: list[float]

    @property
    def median(self) -> float:
        return statistics.median(self.samples)

    @property
    def iqr(self) -> float:
        if len(self.samples) < 4:
            return 0.0
        q = statistics.quantiles(self.samples, n=4)
        return q[2] - q[0]


def measure(fn: Callable[[], object], *, repeat: int, batch: int = 1) -> Timing:
    """Seconds per call of ``fn``: ``repeat`` samples, each the mean of ``batch`` calls."""
    for _ in range(min(3, repeat)):
        fn()  # warm caches (band odds, parsed dice, adapters)
    samples: list[float] = []
    gc.collect()
    gc.disable()
    try:
        for _ in range(repeat):
            start = time.perf_counter()
            for _ in range(batch):
                fn()
            samples.append((time.perf_counter() - start) / batch)
    finally:
        gc.enable()
    return Timing(samples)


def fmt_time(seconds: float) -> str:
    if seconds < 1e-3:
        return f"{seconds * 1e6:.1f} µs"
    if seconds < 1:
        return f"{seconds * 1e3:.2f} ms"
    return f"{seconds:.2f} s"


# -- a long scripted game -----------------------------------------------------------


def script(engine: Engine[Any], state: State[Any], *, events_wanted: int,
           seed: int = 3) -> tuple[list[Any], list[Event]]:
    """Accepted commands (runs, second moves, end_turns, now and then a failed run) until
    ``events_wanted`` events have been produced; every roll is supplied."""
    rng = random.Random(seed)
    m = state.space
    commands: list[Any] = []
    events: list[Event] = []

    def do(body: dict[str, Any]) -> bool:
        nonlocal state
        command = engine.parse(body)
        try:
            state, produced = engine.apply(state, command)
        except FootworkError:
            return False
        commands.append(command)
        events.extend(produced)
        return True

    while len(events) < events_wanted:
        actor = state.actors[state.current]
        span = m.span_of(actor.at)
        spans = list(m.adjacent_spans(span))
        rng.shuffle(spans)
        roll = rng.choice((6, 6, 6, 5, 1))
        for to in [*spans, *m.features(span)]:
            if do({"do": "run", "actor": actor.id, "die": "maneuver", "to": to, "roll": [roll]}):
                break
        here = state.actors[actor.id]
        if here.bonus:
            nxt = [*m.adjacent_spans(m.span_of(here.at)), m.span_of(here.at)]
            rng.shuffle(nxt)
            for to in nxt:
                if to != here.at and do({"do": "move", "actor": actor.id, "to": to}):
                    break
        do({"do": "end_turn", "actor": actor.id})
    return commands, events


# -- the benchmarks -----------------------------------------------------------------


def bench_options(sizes: list[int], repeat: int) -> list[list[str]]:
    rows: list[list[str]] = []
    for n in sizes:
        engine, state = load(span_map(n))
        actor = state.current
        start = state.actors[actor].at
        g = nx_graph(state)
        adjacency = {node: list(g.adj[node]) for node in g}
        count = len(engine.options(state, actor))
        def cold(engine: Any = engine, state: Any = state, actor: str = actor) -> object:
            engine.forget()  # a cold call, not the engine's kept answer
            return engine.options(state, actor)

        opt = measure(cold, repeat=repeat)
        rows.append([f"`options()` — {n} spans ({len(state.space.graph)} places)",
                     fmt_time(opt.median), fmt_time(opt.iqr), f"{count} options", ""])
        for cutoff in (2, 4):
            bfs = measure(partial(nx.single_source_shortest_path_length, g, start,
                                  cutoff=cutoff), repeat=repeat)
            reached = len(nx.single_source_shortest_path_length(g, start, cutoff=cutoff))
            rows.append([f"  networkx BFS, cutoff {cutoff} ({reached} places)",
                         fmt_time(bfs.median), fmt_time(bfs.iqr), "",
                         f"options/BFS = {opt.median / bfs.median:.1f}×"])
        plain = measure(partial(_dict_bfs, adjacency, start, 2), repeat=repeat)
        rows.append(["  plain-dict BFS, cutoff 2", fmt_time(plain.median), fmt_time(plain.iqr),
                     "", f"options/dict BFS = {opt.median / plain.median:.1f}×"])
    return rows


def _dict_bfs(adjacency: dict[str, list[str]], start: str, steps: int) -> dict[str, int]:
    seen = {start: 0}
    frontier = [start]
    for d in range(1, steps + 1):
        nxt = []
        for here in frontier:
            for there in adjacency[here]:
                if there not in seen:
                    seen[there] = d
                    nxt.append(there)
        frontier = nxt
    return seen


def bench_game(repeat: int, events_wanted: int) -> tuple[list[list[str]], list[Event],
                                                          Engine[Any], State[Any]]:
    engine, initial = load(span_map(500))
    commands, events = script(engine, initial, events_wanted=events_wanted)

    def play() -> None:
        state = initial
        for command in commands:
            state, _ = engine.apply(state, command)

    t = measure(play, repeat=repeat)
    n_cmd, n_ev = len(commands), len(events)
    rows = [[f"decide+evolve: scripted game, {n_cmd} commands / {n_ev} events (500 spans)",
             fmt_time(t.median), fmt_time(t.iqr),
             f"{n_cmd / t.median:,.0f} commands/s", f"{n_ev / t.median:,.0f} events/s"]]
    return rows, events, engine, initial


def bench_replay(engine: Engine[Any], initial: State[Any], events: list[Event],
                 repeat: int) -> list[list[str]]:
    n = len(events)
    text = json.dumps([event_to_json(e) for e in events])
    kinds = engine.event_kinds
    t_values = measure(lambda: engine.replay(initial, events), repeat=repeat)

    def from_json() -> State[Any]:
        decoded = [event_from_json(d, kinds) for d in json.loads(text)]
        return engine.replay(initial, decoded)

    def decode_only() -> list[Event]:
        return [event_from_json(d, kinds) for d in json.loads(text)]

    assert from_json() == engine.replay(initial, events)
    t_json = measure(from_json, repeat=repeat)
    t_decode = measure(decode_only, repeat=repeat)
    return [
        [f"replay {n:,} events (values)", fmt_time(t_values.median), fmt_time(t_values.iqr),
         f"{n / t_values.median:,.0f} events/s", "target ≥ 100,000 events/s"],
        [f"replay {n:,} events from JSON (decode + replay)", fmt_time(t_json.median),
         fmt_time(t_json.iqr), f"{n / t_json.median:,.0f} events/s", ""],
        ["  of which decode only (json.loads + event_from_json)", fmt_time(t_decode.median),
         fmt_time(t_decode.iqr), f"{n / t_decode.median:,.0f} events/s", ""],
    ]


# -- building maps: spans and cultivation, against the code before issue 25 ------------

BUILD_SIZES = (1_000, 3_000, 10_000)


def zone_map(n: int, *, seed: int = 1) -> dict[str, Any]:
    """A `cultivation` encounter on ``n`` zones in a near-square grid (4-neighbour links,
    one zone in five difficult terrain), two actors."""
    rng = random.Random(seed)
    width = max(2, round(math.sqrt(n)))
    zones: list[dict[str, Any]] = []
    links: list[list[str]] = []
    for i in range(n):
        x, y = i % width, i // width
        zone: dict[str, Any] = {"id": f"z{i}", "pos": [x, y]}
        if rng.random() < 0.2:
            zone["dt"] = "rubble"
        zones.append(zone)
        if x + 1 < width and i + 1 < n:
            links.append([f"z{i}", f"z{i + 1}"])
        if i + width < n:
            links.append([f"z{i}", f"z{i + width}"])
    cast = [{"id": "a", "side": "red", "at": "z0", "stats": {"air": 3, "earth": 3}},
            {"id": "b", "side": "blue", "at": f"z{n - 1}", "stats": {"air": 3, "earth": 3}}]
    return {"footwork": 1, "ruleset": "cultivation", "seed": seed,
            "map": {"zones": zones, "links": links}, "actors": cast}


def build_probe(kind: str, n: int, repeat: int) -> dict[str, Any]:
    """Seconds to load an encounter of ``n`` spans or zones from its JSON text (parse,
    validate, build the map, the first state): medians of ``repeat``, with whatever
    footwork is first on the path (a child process for each code)."""
    from footwork import limits
    from footwork.scenario import encounter_from_text

    text = json.dumps(span_map(n) if kind == "spans" else zone_map(n))
    raised = limits.current().raised({"nodes": 10_000_000, "places": 1_000_000,
                                      "file_bytes": 100_000_000})
    times, cpu = [], []
    with limits.using(raised):
        encounter_from_text(text, "warm.json")
        for _ in range(repeat):
            start, start_cpu = time.perf_counter(), time.process_time()
            encounter_from_text(text, "map.json").session()
            cpu.append(time.process_time() - start_cpu)
            times.append(time.perf_counter() - start)
    return {"median": statistics.median(times), "iqr": Timing(times).iqr,
            "cpu": statistics.median(cpu), "cpu_iqr": Timing(cpu).iqr}


def bench_build(repeat: int, baseline_ref: str) -> None:
    """µs per span (per zone) to load maps of 1,000 / 3,000 / 10,000, this checkout
    against ``baseline_ref``; the sizes and codes in their own child processes. The
    ratio is of CPU time (the process's own), which a shared machine disturbs less."""
    import subprocess
    import tarfile
    import tempfile
    from io import BytesIO

    base = Path(tempfile.mkdtemp(prefix="footwork-baseline-"))
    blob = subprocess.run(["git", "-C", str(ROOT), "archive", baseline_ref, "src"],
                          check=True, capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(blob)) as tar:
        tar.extractall(base, filter="data")
    print(f"\nbuild: loading a map from JSON, this checkout against {baseline_ref} "
          f"(medians of {repeat})\n")
    print("| map | size | code | load (wall) | load (CPU) | CPU IQR | CPU µs each | vs 1,000 |")
    print("|---|---:|---|---:|---:|---:|---:|---:|")
    for kind in ("spans", "cultivation"):
        for code, src in (("baseline", base / "src"), ("now", ROOT / "src")):
            first = None
            for n in BUILD_SIZES:
                done = subprocess.run(
                    [sys.executable, __file__, "--build-probe", kind, str(n), str(repeat)],
                    env={**os.environ, "PYTHONPATH": str(src)}, capture_output=True, check=True)
                r = json.loads(done.stdout.decode().splitlines()[-1])
                # CPU time: on a shared machine the wall clock mostly measures the others
                each = r["cpu"] / n
                first = first or each
                print(f"| {kind} | {n:,} | {code} | {fmt_time(r['median'])} | "
                      f"{fmt_time(r['cpu'])} | {fmt_time(r['cpu_iqr'])} | {each * 1e6:.0f} | "
                      f"{each / first:.2f}× |", flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else "")
    parser.add_argument("--quick", action="store_true", help="a fast smoke run")
    parser.add_argument("--build", action="store_true",
                        help="only the map builds (spans and cultivation, 1,000 to 10,000)")
    parser.add_argument("--build-probe", nargs=3, metavar=("KIND", "N", "REPEAT"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--baseline-ref", default="3857d0f",
                        help="the code the builds are compared with (default: before issue 25)")
    args = parser.parse_args(argv)
    if args.build_probe:
        kind, n, times = args.build_probe
        print(json.dumps(build_probe(kind, int(n), int(times))))
        return
    if args.build:
        bench_build(3 if args.quick else 7, args.baseline_ref)
        return
    quick = args.quick
    sizes = [50, 500] if quick else [50, 500, 5000]
    opt_repeat = 50 if quick else 2000
    game_repeat = 3 if quick else 15
    events_wanted = 2_000 if quick else 10_000

    started = time.perf_counter()
    rows = bench_options(sizes, opt_repeat)
    game_rows, events, engine, initial = bench_game(game_repeat, events_wanted)
    rows += game_rows
    rows += bench_replay(engine, initial, events[:events_wanted], game_repeat)
    print(f"machine: {os.cpu_count()} CPUs, Python {platform.python_version()} "
          f"({platform.python_implementation()}), {platform.system()} {platform.machine()}")
    print(f"mode: {'quick' if quick else 'full'}; options: {opt_repeat} samples per size; "
          f"game and replay: {game_repeat} samples\n")
    print("| what | median | IQR | throughput / size | note |")
    print("|---|---:|---:|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    print(f"\n(total {time.perf_counter() - started:.1f} s)", file=sys.stderr)


if __name__ == "__main__":
    main()
