"""What hostile bodies cost another table's reads (issue 24, item 2): `footwork serve`
(a subprocess, its default limits, the lobby open) answers reads of one table while four
clients post (a) 2.5 MB bodies, (b) costly YAML encounters under the body limit; the
reads' median, 95th percentile and maximum against the same reads with no posters,
measured in the same run.

    python bench/bench_guard_cpu.py [--reads 200] [--seconds 8]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.store.pgserver import free_port

BIG = b'{"encounter": "' + b"x" * 2_500_000 + b'"}'
COSTLY = "footwork: 1\nruleset: spans\nnotes:\n" + "".join(
    f"  - [{i}, {i}, {i}, {i}]\n" for i in range(40_000))  # ~0.9 MB, 160,000 values


def reads(base: str, table: str, key: str, count: int) -> list[float]:
    out = []
    with httpx.Client(timeout=60) as http:
        for _ in range(count):
            start = time.perf_counter()
            assert http.get(f"{base}/api/tables/{table}/state",
                            params={"key": key}).status_code == 200
            out.append((time.perf_counter() - start) * 1000)
    return out


def post(base: str, kind: str) -> None:
    """Post hostile bodies until terminated (each is refused: 413)."""
    with httpx.Client(timeout=120) as http:
        while True:
            try:
                if kind == "json":
                    http.post(f"{base}/api/tables", content=BIG,
                              headers={"content-type": "application/json"})
                else:
                    http.post(f"{base}/api/tables", json={"encounter": COSTLY})
            except httpx.HTTPError:
                pass


def figures(ms: list[float]) -> str:
    ms = sorted(ms)
    return (f"p50 {statistics.median(ms):.1f} ms, p95 {ms[int(len(ms) * 0.95)]:.1f} ms, "
            f"max {ms[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--reads", type=int, default=200)
    args = parser.parse_args()
    folder = Path(tempfile.mkdtemp())
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = subprocess.Popen([sys.executable, "-c", "from footwork.cli.app import main; main()",
                             "serve", "--db", str(folder / "b.db"), "--port", str(port),
                             "--open-lobby", "--tables-per-client", "100000"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            env=dict(os.environ))
    try:
        while True:
            try:
                httpx.get(f"{base}/api/tables", timeout=5)
                break
            except httpx.TransportError:
                time.sleep(0.2)
        made = httpx.post(f"{base}/api/tables", json={"example": "spans/boarding-action"},
                          timeout=60).json()
        table, key = made["table"]["id"], made["seats"][0]["secret"]
        reads(base, table, key, 20)  # warm
        quiet = reads(base, table, key, args.reads)
        print(f"no posters:               {figures(quiet)}")
        for name, kind in (("4 x 2.5 MB bodies", "json"),
                           ("4 x costly YAML (0.9 MB)", "yaml")):
            # the posters are processes of their own: in this one, their threads would
            # slow the timed reads down by themselves (one interpreter lock)
            posters = [multiprocessing.Process(target=post, args=(base, kind))
                       for _ in range(4)]
            for poster in posters:
                poster.start()
            time.sleep(1.0)
            loaded = reads(base, table, key, args.reads)
            for poster in posters:
                poster.terminate()
                poster.join()
            ratio = statistics.median(loaded) / statistics.median(quiet)
            print(f"{name:25} {figures(loaded)}; p50 {ratio:.1f}x the quiet one")
    finally:
        proc.terminate()
        proc.wait(timeout=30)


if __name__ == "__main__":
    main()
