"""Memory of loaded tables (issue 24, item 2): 40 large tables created, played and read,
then deleted, with the table cache bounded (the server's default, or --bound) and, as
the baseline of the same run, unbounded. Each case runs in a process of its own; RSS is
read from /proc. Also the SQLite file's size before and after the deletes.

    python bench/bench_guard_memory.py [--tables 40] [--commands 150] [--bound 100000000]
"""

from __future__ import annotations

import argparse
import gc
import json
import subprocess
import sys
import tempfile
from pathlib import Path

EXAMPLE = "sitemaps/warehouse-catwalks"


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_case(bound: int, tables: int, commands: int) -> dict[str, float]:
    from footwork.engine.seats import GM
    from footwork.server.tables import Tables, estimated_bytes, example_files, initial_text
    from footwork.store import open_store

    folder = Path(tempfile.mkdtemp())
    store = open_store(str(folder / "bench.db"))
    text = initial_text(example_files()[EXAMPLE])
    server = Tables(store, cache_bytes=bound)
    warm = server.create(text)[0].id  # the modules a table needs, imported before
    server.state(warm, GM)
    server.delete(warm, GM)
    gc.collect()
    start = rss_mb()
    ids = []
    estimate = 0
    for _ in range(tables):
        table_id = server.create(text)[0].id
        ids.append(table_id)
        for _ in range(commands):
            state = server.state(table_id, GM)
            server.command(table_id, GM, int(str(state["version"])), f"c{state['version']}",
                           {"do": "end_turn", "actor": state["turn"]})
        estimate = estimated_bytes(server.live(table_id))
    gc.collect()
    loaded = rss_mb()
    held = len(server._live)
    size_full = sum(p.stat().st_size for p in folder.glob("bench.db*"))
    for table_id in ids:
        server.delete(table_id, GM)
    gc.collect()
    after = rss_mb()
    store.close()
    return {"rss_start_mb": start, "rss_loaded_mb": loaded, "rss_deleted_mb": after,
            "tables_in_memory": held, "dropped": server._live.dropped,
            "estimate_per_table_mb": estimate / 1e6,
            "measured_per_table_mb": (loaded - start) / tables if bound > 1e11 else 0.0,
            "db_mb_full": size_full / 1e6,
            "db_mb_after_delete": sum(p.stat().st_size for p in folder.glob("bench.db*")) / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--tables", type=int, default=40)
    parser.add_argument("--commands", type=int, default=150)
    parser.add_argument("--bound", type=int, default=100_000_000)
    parser.add_argument("--case", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case is not None:
        print(json.dumps(one_case(args.case, args.tables, args.commands)))
        return
    results = {}
    for name, bound in (("unbounded (baseline)", 10**12), ("bounded", args.bound)):
        done = subprocess.run([sys.executable, __file__, "--case", str(bound), "--tables",
                               str(args.tables), "--commands", str(args.commands)],
                              capture_output=True, text=True, check=True)
        results[name] = json.loads(done.stdout.strip().splitlines()[-1])
    print(f"{args.tables} tables of {EXAMPLE}, {args.commands} commands each; bound "
          f"{args.bound / 1e6:.0f} MB")
    for name, r in results.items():
        print(f"  {name:22} RSS start {r['rss_start_mb']:.0f} MB, loaded "
              f"{r['rss_loaded_mb']:.0f} MB, after deletes {r['rss_deleted_mb']:.0f} MB; "
              f"loaded {r['tables_in_memory']:.0f} (dropped {r['dropped']:.0f}); "
              f"SQLite {r['db_mb_full']:.1f} MB -> {r['db_mb_after_delete']:.2f} MB")
    base = results["unbounded (baseline)"]
    print(f"  per table: measured {base['measured_per_table_mb']:.2f} MB, estimated "
          f"{base['estimate_per_table_mb']:.2f} MB")
    grown = {n: r["rss_loaded_mb"] - r["rss_start_mb"] for n, r in results.items()}
    ratio = grown["bounded"] / max(grown["unbounded (baseline)"], 1e-9)
    print(f"  growth bounded/unbounded: {ratio:.2f}")


if __name__ == "__main__":
    main()
