"""What the shared counts per client cost a request (issue 24, item 2): the key check of
``footwork.server.guard.Gate`` with its counts in the store, on SQLite and on a real
PostgreSQL (tests/store/pgserver.py), beside the same check with the counts in this
process's memory (``MemoryCounts`` below, what the server did before), in the same run.

- honest: a client that sent no wrong key (the common case: no query of its own; the
  list of held clients is read at most once a second);
- suspect: a client that sent a wrong key within the minute (one query a check);
- wrong key: counting one.

Medians of N calls each, in microseconds, and their ratio to the in-memory baseline.

    python bench/bench_guard_counts.py [--calls 2000] [--backends sqlite,postgres]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "src"), str(ROOT)]

from tests.store.pgserver import postgres_server  # noqa: E402

from footwork.server.guard import Counts, Gate, Guard, Window  # noqa: E402
from footwork.store import open_store  # noqa: E402


class MemoryCounts:
    """The counts in this process's memory (sliding windows), as before issue 24's
    shared counts: the baseline."""

    def __init__(self) -> None:
        self.windows: dict[tuple[str, int, float], Window] = {}

    def tally(self, kind: str, client: str, now: float, span: float, most: int,
              add: bool = True) -> float:
        window = self.windows.setdefault((kind, most, span), Window(span, most))
        wait = window.wait(client, now)
        if not wait and add:
            window.add(client, now)
        return float(wait)

    def over(self, kind: str, now: float, span: float, most: int) -> dict[str, float]:
        return {}


def median_us(call: Callable[[], object], n: int) -> float:
    times = []
    for _ in range(n):
        start = time.perf_counter()
        call()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def measure(counts: Counts, n: int) -> dict[str, float]:
    gate = Gate(Guard(wrong_keys=10**9), counts)
    out = {"honest": median_us(lambda: gate.before_key("10.0.0.1"), n)}
    wrong = iter(range(10**9))
    out["wrong key"] = median_us(lambda: gate.wrong_key(f"10.1.{next(wrong) % 50}.1"), n)
    gate.wrong_key("10.0.0.2")
    out["suspect"] = median_us(lambda: gate.before_key("10.0.0.2"), n)
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--calls", type=int, default=2000)
    parser.add_argument("--backends", default="sqlite,postgres")
    args = parser.parse_args()
    rows = {"memory (baseline)": measure(MemoryCounts(), args.calls)}
    backends = args.backends.split(",")
    if "sqlite" in backends:
        with tempfile.TemporaryDirectory() as folder:
            store = open_store(str(Path(folder) / "b.db"))
            rows["sqlite"] = measure(store, args.calls)
            store.close()
    if "postgres" in backends:
        with postgres_server() as server:
            store = open_store(server.create_database("bench"))
            rows["postgres"] = measure(store, args.calls)
            store.close()
    base = rows["memory (baseline)"]
    print(f"{'store':<18} " + "  ".join(f"{k:>22}" for k in base))
    for name, row in rows.items():
        print(f"{name:<18} " + "  ".join(
            f"{row[k]:>10.1f} us ({row[k] / base[k]:>6.1f}x)" for k in base))


if __name__ == "__main__":
    main()
