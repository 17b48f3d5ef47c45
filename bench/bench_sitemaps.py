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
import platform
import sys
from pathlib import Path
from typing import Any

import networkx as nx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_spans import fmt_time, measure
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


def row(label: str, session: Any, actor: str, repeat: int) -> list[str]:
    g = session.state.space.geometry.graph.to_networkx()
    start = session.state.actors[actor].at
    options = measure(lambda: session.options(actor), repeat=repeat)
    bfs = measure(lambda: nx.single_source_shortest_path_length(g, start, cutoff=2),
                  repeat=repeat * 10)
    return [label, str(len(session.options(actor))), fmt_time(options.median),
            fmt_time(options.iqr), fmt_time(bfs.median), f"{options.median / bfs.median:,.0f}×"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
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


if __name__ == "__main__":
    main()
