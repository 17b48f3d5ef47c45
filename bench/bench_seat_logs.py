"""What a page's reads cost with the seats' logs kept compactly (issue 25), against the
code this branch started from, in the same run.

    python bench/bench_seat_logs.py [--base REV] [--commands N] [--cycles K] [--repeat R]

One table of the tavern brawl (``N`` commands of a seeded game) in each tree: the game
master sends the first ``N - K`` commands, every seat reads once (its log is judged),
then for each of the last ``K`` commands: the command (the game master's), and for
every seat what a page reads after it: the live socket's lines, the state, the log
page after what it had. Then each seat's first log page (500 lines, a page opening),
and both log reads again through the app (in-process HTTP, ``http_``: what a page
waits for).
Each tree runs in a fresh process (``PYTHONPATH`` its ``src``), the trees taking turns
``R`` times; medians of every read (CPU time of the process, its threads included:
the machine is shared, and wall time under load measures the wait for a core), and the
ratio branch / base.

``--base``: a git revision of this repository, exported with ``git archive`` into a
temporary folder (default: where this branch left main, ``git merge-base HEAD main``).
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
EXAMPLE = "sitemaps/tavern-brawl"


def child(commands_file: str, cycles: int) -> None:
    """In a fresh process: time the reads on this tree's code; print them as JSON."""
    from footwork.engine.seats import GM
    from footwork.server import app as app_module
    from footwork.server.tables import EXAMPLES, Tables, initial_text
    from footwork.store import open_store

    commands = json.loads(Path(commands_file).read_text())
    shm = Path("/dev/shm")
    folder = tempfile.mkdtemp(prefix="footwork-seatlogs-",
                              dir=str(shm) if shm.is_dir() else None)
    tables = Tables(open_store(str(Path(folder) / "reads.db")))
    record, secrets = tables.create(initial_text(EXAMPLES / f"{EXAMPLE}.yaml"))
    seats = [tables.seat_of(record.id, secret) for secret in secrets.values()]
    # the live socket's read: the lines it lacks (this branch), or every line (before)
    compact = len(inspect.signature(app_module._seat_log).parameters) > 3
    held: dict[Any, tuple[int, str | None]] = {}

    def live(seat: Any) -> None:
        if compact:
            _, total, digest, *_ = app_module._seat_log(tables, record.id, seat,
                                                        *held[seat])
            held[seat] = (total, digest)
        else:
            before: Any = app_module._seat_log  # the base's: (tables, table_id, seat)
            before(tables, record.id, seat)

    times: dict[str, list[float]] = {"command": [], "live": [], "state": [],
                                     "log_after": [], "log_first_page": []}
    head = len(commands) - cycles
    for n, command in enumerate(commands[:head]):
        tables.command(record.id, GM, n, f"c-{n}", command)
    for seat in seats:
        body = tables.state(record.id, seat)
        held[seat] = (len(tables.live(record.id).seat_log(seat)), body["digest"])
    for n, command in enumerate(commands[head:], start=head):
        start = time.process_time()
        tables.command(record.id, GM, n, f"c-{n}", command)
        times["command"].append(time.process_time() - start)
        for seat in seats:
            had = held[seat][0]
            start = time.process_time()
            live(seat)
            times["live"].append(time.process_time() - start)
            start = time.process_time()
            tables.state(record.id, seat)
            times["state"].append(time.process_time() - start)
            start = time.process_time()
            tables.log(record.id, seat, had)
            times["log_after"].append(time.process_time() - start)
            if not compact:
                held[seat] = (len(tables.live(record.id).seat_log(seat)), None)
    for _ in range(5):
        for seat in seats:
            start = time.process_time()
            tables.log(record.id, seat, 0, 500)
            times["log_first_page"].append(time.process_time() - start)
    # the same two reads as a page makes them: through the app (in-process HTTP)
    from fastapi.testclient import TestClient

    times["http_log_after"], times["http_log_first_page"] = [], []
    with TestClient(app_module.create_app(tables.store)) as client:
        for secret in secrets.values():
            path = f"/api/tables/{record.id}/log"
            auth = {"Authorization": f"Bearer {secret}"}
            count = len(client.get(path, headers=auth, params={"limit": 1000}).json()["lines"])
            for _ in range(5):
                for what, after in (("http_log_after", max(0, count - 3)),
                                    ("http_log_first_page", 0)):
                    start = time.process_time()
                    client.get(path, headers=auth, params={"after": after})
                    times[what].append(time.process_time() - start)
    lines = len(tables.log(record.id, GM, 0, 10**9)[1])
    print(json.dumps({"times": times, "gm_lines": lines}))


def objects_child(commands_file: str, kind: str) -> None:
    """In a fresh process: the Python objects (tracemalloc) one table holds after a page's
    reads following each command (every seat's state, the options), as the memory part
    of bench_server.py plays it; ``kind``: ``library`` or ``server``. Prints JSON."""
    import gc
    import tracemalloc

    from footwork.engine.seats import GM
    from footwork.scenario import encounter_from_text
    from footwork.server.tables import EXAMPLES, Tables, initial_text
    from footwork.store import open_store

    commands = json.loads(Path(commands_file).read_text())
    text = initial_text(EXAMPLES / f"{EXAMPLE}.yaml")
    folder = tempfile.mkdtemp(prefix="footwork-objects-")
    # the same warm-up for both: a table of 20 commands made, read and dropped
    warm = Tables(open_store(str(Path(folder) / "warm.db")))
    made, keys = warm.create(text)
    for n, command in enumerate(commands[:20]):
        warm.command(made.id, GM, n, f"w-{n}", command)
        for key in keys.values():
            warm.state(made.id, warm.seat_of(made.id, key))
    del warm
    gc.collect()
    tracemalloc.start()
    out: dict[str, float] = {}
    if kind == "library":
        session = encounter_from_text(text).session()
        for command in commands:
            session.do(command)
            state = session.state
            session.view(GM).options(state, state.pending.actor if state.pending
                                     else state.current)
        gc.collect()
        out["held"] = tracemalloc.get_traced_memory()[0]
    else:
        tables = Tables(open_store(str(Path(folder) / "objects.db")))
        record, secrets = tables.create(text)
        seats = [tables.seat_of(record.id, secret) for secret in secrets.values()]
        for n, command in enumerate(commands):
            tables.command(record.id, GM, n, f"m-{n}", command)
            for seat in seats:
                tables.state(record.id, seat)
            state = tables.live(record.id).session.state
            tables.options(record.id, GM, state.pending.actor if state.pending
                           else state.current)
        gc.collect()
        out["held"] = tracemalloc.get_traced_memory()[0]
        table = tables.live(record.id)
        table.logs.clear()
        getattr(table, "chains", {}).clear()  # the base kept the chains apart
        gc.collect()
        out["logs"] = out["held"] - tracemalloc.get_traced_memory()[0]
    print(json.dumps(out))


def objects(count: int, trees: dict[str, Path], folder: Path) -> None:
    """The Python objects of the read case, library and each tree, side by side."""
    from bench.bench_server import play

    given = folder / "objects.json"
    given.write_text(json.dumps(play(count, 0, seed=11)[:count]))
    runs = {"library": ("library", trees["branch"]),
            **{f"server ({name})": ("server", src) for name, src in trees.items()}}
    procs = {name: subprocess.Popen(
        [sys.executable, __file__, "--objects-child", str(given), kind],
        stdout=subprocess.PIPE, text=True, cwd=ROOT, env={**os.environ, "PYTHONPATH": str(src)})
        for name, (kind, src) in runs.items()}  # in parallel: memory, not time
    found = {name: json.loads(proc.communicate()[0].splitlines()[-1])
             for name, proc in procs.items()}
    library = found["library"]["held"]
    print(f"\n### Python objects held, {count} commands each followed by a page's reads "
          "(tracemalloc, a fresh process each)\n")
    print("| what | held | of which the seats' logs | / library |")
    print("|---|---:|---:|---:|")
    for name, values in found.items():
        logs = f"{values['logs'] / 1e6:.2f} MB" if "logs" in values else "–"
        print(f"| {name} | {values['held'] / 1e6:.2f} MB | {logs} | "
              f"{values['held'] / library:.2f}× |")


def export(rev: str) -> Path:
    """The tree of ``rev``, exported into a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="footwork-base-"))
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev], check=True,
                             capture_output=True).stdout
    subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=None, help="the revision to compare against")
    parser.add_argument("--commands", type=int, default=400)
    parser.add_argument("--cycles", type=int, default=40)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--objects", type=int, default=0, metavar="N",
                        help="instead: the Python objects (tracemalloc) a table holds after "
                        "N commands each followed by a page's reads, library and both trees")
    parser.add_argument("--child", nargs=2, metavar=("COMMANDS", "CYCLES"),
                        help=argparse.SUPPRESS)
    parser.add_argument("--objects-child", nargs=2, metavar=("COMMANDS", "KIND"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child(args.child[0], int(args.child[1]))
        return
    if args.objects_child:
        objects_child(*args.objects_child)
        return
    base = args.base or subprocess.run(
        ["git", "-C", str(ROOT), "merge-base", "HEAD", "main"], check=True,
        capture_output=True, text=True).stdout.strip()
    sys.path.insert(0, str(ROOT))
    from bench.bench_server import load_average, play

    before = load_average()
    trees = {"base": export(base) / "src", "branch": ROOT / "src"}
    if args.objects:
        with tempfile.TemporaryDirectory(prefix="footwork-objects-") as folder:
            objects(args.objects, trees, Path(folder))
        return
    with tempfile.TemporaryDirectory(prefix="footwork-seatlogs-") as folder:
        given = Path(folder) / "commands.json"
        given.write_text(json.dumps(play(args.commands, 0, seed=11)[:args.commands]))
        runs: dict[str, dict[str, list[float]]] = {name: {} for name in trees}
        lines = 0
        for _ in range(args.repeat):
            for name, src in trees.items():
                done = subprocess.run(
                    [sys.executable, __file__, "--child", str(given), str(args.cycles)],
                    check=True, capture_output=True, text=True, cwd=ROOT,
                    env={**os.environ, "PYTHONPATH": str(src)})
                found = json.loads(done.stdout.splitlines()[-1])
                lines = found["gm_lines"]
                for what, values in found["times"].items():
                    runs[name].setdefault(what, []).extend(values)
    print(f"\n### A page's reads, compact seat logs against {base[:12]} (same run)\n")
    print(f"{args.commands} commands of {EXAMPLE} ({lines} game master's lines), 3 seats; "
          f"the last {args.cycles} commands each followed by every seat's reads; "
          f"{args.repeat} fresh processes a tree, taking turns; load average before "
          f"{before}, after {load_average()}\n")
    print("| read (CPU time) | base, median | branch, median | branch / base |")
    print("|---|---:|---:|---:|")
    for what in runs["base"]:
        old, new = (statistics.median(runs[name][what]) for name in ("base", "branch"))
        print(f"| {what} | {old * 1e3:,.3f} ms | {new * 1e3:,.3f} ms | {new / old:,.2f}× |")


if __name__ == "__main__":
    main()
