"""Benchmark of the encounter builder's check (`POST /api/build/check`), called after
each edit in the page (350 ms after the last): what it costs against the plain load of
the same file, for one example of each ruleset.

    python bench/bench_build.py            # 15 rounds
    python bench/bench_build.py --quick    # 3 rounds (a smoke run)

Measured in one run, in turns (so that both see the same load of the machine):

- ``load``: ``encounter_from_text`` of the draft as JSON text (the baseline: what
  `footwork run` and the lobby's upload do first);
- ``check``: the endpoint through FastAPI's test client: the same load, the map drawn as
  SVG (``footwork.draw``), the answer as JSON (what a zone map's builder asks);
- ``no draw``: the same with ``draw: false`` (what a grid's builder asks: it draws its
  own grid).

Printed: the median of each and their ratios to the load per example.
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time
from pathlib import Path

from fastapi.testclient import TestClient

from footwork.scenario import encounter_from_text
from footwork.scenario.source import read_file
from footwork.server.app import create_app
from footwork.server.tables import example_files
from footwork.store import open_store

EXAMPLES = ["styles/ruined-tower", "allowances/lake-battle", "sitemaps/tavern-brawl",
            "cultivation/courtyard-duel", "spans/boarding-action"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="3 rounds instead of 15")
    rounds = 3 if parser.parse_args().quick else 15
    with tempfile.TemporaryDirectory() as folder:
        store = open_store(str(Path(folder) / "bench.db"))
        with TestClient(create_app(store)) as client:
            print(f"{'example':28} {'load ms':>9} {'check ms':>9} {'ratio':>6} "
                  f"{'no draw ms':>10} {'ratio':>6}")
            for name in EXAMPLES:
                data = read_file(example_files()[name]).data
                text = json.dumps(data)
                loads, checks, bare = [], [], []
                client.post("/api/build/check", json={"encounter": data})  # warm
                for _ in range(rounds):
                    start = time.perf_counter()
                    encounter_from_text(text, "draft.json")
                    loads.append(time.perf_counter() - start)
                    start = time.perf_counter()
                    reply = client.post("/api/build/check", json={"encounter": data})
                    checks.append(time.perf_counter() - start)
                    assert reply.json()["faults"] == [], reply.text
                    start = time.perf_counter()
                    client.post("/api/build/check", json={"encounter": data, "draw": False})
                    bare.append(time.perf_counter() - start)
                load, check = statistics.median(loads), statistics.median(checks)
                plain = statistics.median(bare)
                print(f"{name:28} {load * 1000:9.1f} {check * 1000:9.1f} {check / load:6.2f} "
                      f"{plain * 1000:10.1f} {plain / load:6.2f}")
        store.close()


if __name__ == "__main__":
    main()
