"""Benchmark of the lobby's reads (issue 21, items 4 and 7): `GET /api/examples` (the
examples list: read once, then kept) and `GET /api/lobby` (every table's seat links),
against a baseline in the same run: parsing every example file, as the list did before.

In process (FastAPI's test client, a temporary SQLite store with every example as a
table). Run ``python bench/bench_lobby.py`` (``--repeat N``); medians in ms, printed as
Markdown. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable

from fastapi.testclient import TestClient

from footwork.scenario.source import read_file
from footwork.server.app import create_app
from footwork.server.tables import Tables, example_files, initial_text
from footwork.store import open_store


def _median_ms(call: Callable[[], object], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=15)
    repeat = parser.parse_args().repeat
    store = open_store(os.path.join(tempfile.mkdtemp(), "bench.db"))
    made = Tables(store, link_seed="bench")
    for name, path in example_files().items():
        made.create(initial_text(path), source=f"{name}.yaml")
    with TestClient(create_app(store, admin_secret="k", link_seed="bench")) as client:
        start = time.perf_counter()
        client.get("/api/examples")
        first = (time.perf_counter() - start) * 1000
        rows = [
            ("parse every example file (the list before: baseline)",
             _median_ms(lambda: [read_file(p).data for p in example_files().values()],
                        max(3, repeat // 5))),
            ("GET /api/examples, first call (reads the files)", first),
            ("GET /api/examples, kept", _median_ms(lambda: client.get("/api/examples"), repeat)),
            ("GET /api/lobby (every seat link of every table)",
             _median_ms(lambda: client.get("/api/lobby", params={"key": "k"}), repeat)),
        ]
    store.close()
    base = rows[0][1]
    print(f"load average {os.getloadavg()[0]:.2f}; {len(example_files())} examples\n")
    print("| what | median ms | ratio to the baseline |\n|---|---|---|")
    for what, ms in rows:
        print(f"| {what} | {ms:.1f} | {ms / base:.3f} |")


if __name__ == "__main__":
    main()
