"""Benchmark of the table server (issue 11, "Speed"): `footwork serve` as a real
subprocess on loopback, over SQLite and over a real PostgreSQL (started here with
tests/store/pgserver.py), each figure beside the same work done in-process with the
library in the same run, and their ratio (the overhead of the service).

- commands per second on one table: one client sends a fixed sequence of commands
  (random play of the tavern brawl, rolls fixed), each against the version the last
  answer gave; in-process: ``Session.do`` of the same commands, and ``Tables.command``
  over the same store without HTTP (the service minus the network);
- latency from a command's 2xx to all of 8 WebSocket clients having it (median and
  99th percentile; a client that has it before the answer counts 0); in-process: the
  library building the 8 clients' new lines (``View.batch_lines``);
- loading a table of 10,000 events (about 4,500 commands): the first read after a
  server start, with the server's snapshots and without any; in-process: the library
  folding the same events (``Engine.replay``), and ``Tables`` loading from the store;
- scale (``--only scale``, PostgreSQL): 16 clients, each on a table of its own, against
  one worker and against each count of ``--workers`` (default: the cores, and one more),
  and the library doing the same commands in one process. Each round serves every count
  once and then times the library, so a round's ratios are paired in time; the figures
  are medians over ``--rounds``.

The server runs as `footwork serve` runs it: uvicorn with
``footwork.server.app:app_from_environment`` (one worker), on the database given.

Run ``python bench/bench_server.py`` (``--quick`` for a smoke run, ``--backends
sqlite`` for one store). Bounded loops, loopback only; figures are printed as Markdown
with the load average before and after. Measured, never asserted.
"""

from __future__ import annotations

import argparse
import contextlib
import gc
import http.client
import json
import os
import platform
import random
import re
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import connect

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.store.pgserver import free_port, postgres_server  # noqa: E402

from footwork.engine.events import event_from_json  # noqa: E402
from footwork.engine.seats import GM  # noqa: E402
from footwork.scenario import encounter_from_text  # noqa: E402
from footwork.server.tables import EXAMPLES, Tables, initial_text  # noqa: E402
from footwork.store import EventStore, open_store  # noqa: E402

ADMIN = "bench-admin-key"
EXAMPLE = "sitemaps/tavern-brawl"
#: the longest any one wait may take, in seconds
PATIENCE = 120.0


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def fmt(seconds: float) -> str:
    if seconds >= 1:
        return f"{seconds:.2f} s"
    if seconds >= 1e-3:
        return f"{seconds * 1e3:.1f} ms"
    return f"{seconds * 1e6:.0f} µs"


def load_average() -> str:
    return ", ".join(f"{x:.2f}" for x in os.getloadavg())


# -- the commands ------------------------------------------------------------------------


def play(count: int, events: int, seed: int = 7) -> list[dict[str, Any]]:
    """Commands of a random game of the tavern brawl: at least ``count`` commands and
    ``events`` events, rolls written in (so that a replay rolls nothing)."""
    text = initial_text(EXAMPLES / f"{EXAMPLE}.yaml")
    session = encounter_from_text(text).session()
    chooser = random.Random(seed)
    made = given = 0
    while (given < count or made < events) and not session.state.ended:
        state = session.state
        actor = state.pending.actor if state.pending is not None else state.current
        if state.pending is None and chooser.random() < 0.4:
            command: Any = {"do": "end_turn", "actor": actor}
        else:
            command = chooser.choice(session.view(GM).options(state, actor)).command
        made += len(session.do(command))
        given += 1
    return session.commands_json()


# -- the server --------------------------------------------------------------------------


class Served:
    """The server as `footwork serve` runs it (the CLI: its listening socket and, with
    ``workers`` above 1, uvicorn's supervisor of worker processes), on a free loopback
    port, in a process group of its own."""

    def __init__(self, db: str, workers: int = 1) -> None:
        port = free_port()
        self.base = f"http://127.0.0.1:{port}"
        self.port = port
        self.output = tempfile.TemporaryFile()  # noqa: SIM115 - closed by stop()
        # a data folder of its own (over PostgreSQL the server keeps its key files in the
        # user's, which another server running on the machine would share)
        self.home = tempfile.TemporaryDirectory(prefix="footwork-bench-home-")
        env = {**os.environ, "FOOTWORK_URL": self.base, "XDG_DATA_HOME": self.home.name}
        self.process = subprocess.Popen(
            [sys.executable, "-c", "from footwork.cli.app import main; main()", "serve",
             "--db", db, "--host", "127.0.0.1", "--port", str(port), "--workers",
             str(workers), "--admin-key", ADMIN],
            cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=self.output,
            stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + PATIENCE
        while True:
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"footwork serve did not start:\n{self.said()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/tables", timeout=5).status_code == 200:
                    break
            time.sleep(0.1)
        # every worker up: a worker still importing would make the first rounds slow
        time.sleep(1.0 if workers > 1 else 0.0)
        self.compiled = self._compiled_search(deadline)

    def said(self) -> str:
        """What the server printed so far (read without moving the offset it writes at)."""
        return os.pread(self.output.fileno(), 1 << 20, 0).decode(errors="replace")

    def _compiled_search(self, deadline: float) -> str:
        """Wait until the compiled grid search the server loads in the background at start
        is done (in the serving process with one worker, in the supervisor with several):
        a round timed meanwhile would count its seconds of CPU against the server. The
        line the server printed about it."""
        while True:
            lines = [line.strip() for line in self.said().splitlines()
                     if "compiled search:" in line]
            if lines and ("in the background" not in lines[0] or len(lines) > 1):
                return lines[-1]
            if self.process.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"footwork serve's compiled search never got ready:\n"
                                   f"{self.said()[-3000:]}")
            time.sleep(0.1)

    def stop(self) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait(timeout=30)
        self.output.close()
        self.home.cleanup()


@contextlib.contextmanager
def serving(db: str, workers: int = 1) -> Iterator[Served]:
    served = Served(db, workers)
    try:
        yield served
    finally:
        served.stop()


def new_table(http: httpx.Client, base: str) -> str:
    made = http.post(f"{base}/api/tables", json={"example": EXAMPLE})
    made.raise_for_status()
    table_id: str = made.json()["table"]["id"]
    return table_id


def send_all(http: httpx.Client, base: str, table_id: str, commands: list[dict[str, Any]],
             tag: str) -> list[float]:
    """Send the commands in order (the game master); the time each one's 2xx arrived."""
    acked: list[float] = []
    version = 0
    for n, command in enumerate(commands):
        reply = http.post(f"{base}/api/tables/{table_id}/commands",
                          headers={"Authorization": f"Bearer {ADMIN}"},
                          json={"version": version, "command_id": f"{tag}-{n}",
                                "command": command})
        if reply.status_code != 200:
            raise RuntimeError(f"command {n} refused: {reply.text}")
        acked.append(time.perf_counter())
        version = reply.json()["table_version"]
    return acked


# -- the figures ---------------------------------------------------------------------------


def throughput(base: str, store: EventStore, commands: list[dict[str, Any]], repeat: int
               ) -> dict[str, float]:
    """Commands per second (the median of ``repeat`` rounds, each on a new table): HTTP,
    the service in-process, the library."""
    text = initial_text(EXAMPLES / f"{EXAMPLE}.yaml")
    rates: dict[str, list[float]] = {"http": [], "service": [], "library": []}
    for turn in range(repeat):
        with httpx.Client(timeout=PATIENCE) as http:
            table_id = new_table(http, base)
            start = time.perf_counter()
            send_all(http, base, table_id, commands, f"t{turn}")
            rates["http"].append(len(commands) / (time.perf_counter() - start))
        tables = Tables(store)
        record, _ = tables.create(text)
        gc.collect()
        start = time.perf_counter()
        for n, command in enumerate(commands):
            tables.command(record.id, GM, n, f"i-{n}", command)
        rates["service"].append(len(commands) / (time.perf_counter() - start))
        session = encounter_from_text(text).session()
        gc.collect()
        start = time.perf_counter()
        for command in commands:
            session.do(command)
        rates["library"].append(len(commands) / (time.perf_counter() - start))
    return {k: statistics.median(v) for k, v in rates.items()}


def latency(base: str, commands: list[dict[str, Any]], clients: int = 8) -> dict[str, float]:
    """From each command's 2xx to all ``clients`` WebSocket clients having it."""
    with httpx.Client(timeout=PATIENCE) as http:
        table_id = new_table(http, base)
        seen: list[dict[int, float]] = [{} for _ in range(clients)]
        ready = threading.Barrier(clients + 1)
        url = f"ws{base.removeprefix('http')}/api/tables/{table_id}/live?key={ADMIN}&after=0"

        def listen(n: int) -> None:
            with connect(url, open_timeout=PATIENCE, max_size=None) as ws:
                ready.wait(timeout=PATIENCE)
                while len(commands) not in seen[n]:
                    message = json.loads(ws.recv(timeout=PATIENCE))
                    seen[n][message["version"]] = time.perf_counter()

        threads = [threading.Thread(target=listen, args=(n,), daemon=True)
                   for n in range(clients)]
        for thread in threads:
            thread.start()
        ready.wait(timeout=PATIENCE)
        time.sleep(0.5)  # every client has had the opening lines
        for seen_by in seen:
            seen_by.clear()
        delays: list[float] = []
        whole: list[float] = []
        trips: list[float] = []
        version = 0
        for n, command in enumerate(commands):
            sent = time.perf_counter()
            reply = http.post(f"{base}/api/tables/{table_id}/commands",
                              headers={"Authorization": f"Bearer {ADMIN}"},
                              json={"version": version, "command_id": f"l-{n}",
                                    "command": command})
            acked = time.perf_counter()
            reply.raise_for_status()
            version = reply.json()["table_version"]
            deadline = time.monotonic() + PATIENCE
            while not all(version in s for s in seen):
                if time.monotonic() > deadline:
                    raise RuntimeError(f"a client never had version {version}")
                time.sleep(0.0002)
            last = max(s[version] for s in seen)
            delays.append(max(0.0, last - acked))
            whole.append(last - sent)
            trips.append(acked - sent)
        for thread in threads:
            thread.join(timeout=PATIENCE)
    # in-process: the library building the 8 clients' new lines of each command
    session = encounter_from_text(initial_text(EXAMPLES / f"{EXAMPLE}.yaml")).session()
    views = [session.view(GM) for _ in range(clients)]
    spent: list[float] = []
    for command in commands:
        events = session.do(command)
        start = time.perf_counter()
        for view in views:
            view.batch_lines(session.state, events)
        spent.append(time.perf_counter() - start)
    return {"median": statistics.median(delays), "p99": percentile(delays, 0.99),
            "whole_median": statistics.median(whole), "whole_p99": percentile(whole, 0.99),
            "trip_median": statistics.median(trips),
            "library_median": statistics.median(spent),
            "library_p99": percentile(spent, 0.99)}


def loading(db: str, store: EventStore, commands: list[dict[str, Any]], repeat: int
            ) -> dict[str, Any]:
    """The first read of a long table after a server start, with and without
    snapshots, beside the library folding the same events."""
    text = initial_text(EXAMPLES / f"{EXAMPLE}.yaml")
    tables = Tables(store)
    snapped, _ = tables.create(text, name="long, with snapshots")
    for n, command in enumerate(commands):
        tables.command(snapped.id, GM, n, f"s-{n}", command)
    records = store.read(snapped.id)
    bare = store.create_table("long-without-snapshots", "long, without snapshots",
                              snapped.ruleset, text, {})
    for record in records:
        store.append(bare.id, record.version - 1, record.command_id, record.seat,
                     record.command, record.events)
    events = sum(len(r.events) for r in records)
    snapshot = store.snapshot(snapped.id)
    warm, _ = tables.create(text, name="a short table, read first")
    http_times: dict[str, list[float]] = {"with": [], "without": []}
    for turn in range(repeat):
        with serving(db) as served, httpx.Client(timeout=PATIENCE) as http:
            # the first request of a process pays for what loads lazily: not measured
            http.get(f"{served.base}/api/tables/{warm.id}/state",
                     headers={"Authorization": f"Bearer {ADMIN}"}).raise_for_status()
            order = [("with", snapped.id), ("without", bare.id)]
            for label, table_id in order[::1 if turn % 2 == 0 else -1]:
                start = time.perf_counter()
                reply = http.get(f"{served.base}/api/tables/{table_id}/state",
                                 headers={"Authorization": f"Bearer {ADMIN}"})
                http_times[label].append(time.perf_counter() - start)
                reply.raise_for_status()
                assert reply.json()["version"] == len(records)
    service_times: dict[str, list[float]] = {"with": [], "without": []}
    for _ in range(repeat):
        for label, table_id in (("with", snapped.id), ("without", bare.id)):
            fresh = Tables(store)
            gc.collect()
            start = time.perf_counter()
            fresh.live(table_id)
            service_times[label].append(time.perf_counter() - start)
    library: list[float] = []
    for _ in range(repeat):
        gc.collect()
        start = time.perf_counter()
        encounter = encounter_from_text(text)
        session = encounter.session()
        engine = session.engine
        state = session.state
        for record in records:
            engine.parse(record.command)
            state = engine.replay(state, tuple(event_from_json(e, engine.event_kinds)
                                               for e in record.events))
        library.append(time.perf_counter() - start)
    return {"commands": len(records), "events": events,
            "snapshot_at": snapshot[0] if snapshot else None,
            "http": {k: statistics.median(v) for k, v in http_times.items()},
            "service": {k: statistics.median(v) for k, v in service_times.items()},
            "library": statistics.median(library)}


# -- memory: what a table of many commands holds ----------------------------------------


def rss() -> int:
    """This process's resident memory, in bytes."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    return 0


def memory_child(kind: str, given: str) -> None:
    """In a fresh process (``--memory-child``): build one table of ``count`` commands as
    ``kind`` says and print the resident memory it added, in bytes. The baseline is taken
    once everything is imported and one table of the same encounter was built and
    dropped, so it counts what a table holds, not what loading the code costs."""
    # the commands come from the parent: playing them here would leave the freed memory
    # of that game in this process's arenas, and the table would reuse it unseen
    commands = json.loads(Path(given).read_text())
    text = initial_text(EXAMPLES / f"{EXAMPLE}.yaml")
    reads = kind.endswith("_read")
    # in memory when the machine has it: the store's fsyncs are not what is measured
    shm = Path("/dev/shm")
    folder = tempfile.mkdtemp(prefix="footwork-memory-",
                              dir=str(shm) if shm.is_dir() else None)
    store = open_store(str(Path(folder) / "memory.db"))

    def library() -> Any:
        session = encounter_from_text(text).session()
        for command in commands:
            session.do(command)
            if reads:
                state = session.state
                session.view(GM).options(state, state.pending.actor if state.pending
                                         else state.current)
        return session

    def served() -> Any:
        tables = Tables(store)
        record, secrets = tables.create(text)
        seats = [tables.seat_of(record.id, secret) for secret in secrets.values()]
        for n, command in enumerate(commands):
            tables.command(record.id, GM, n, f"m-{n}", command)
            if reads:
                for seat in seats:
                    tables.state(record.id, seat)
                state = tables.live(record.id).session.state
                tables.options(record.id, GM, state.pending.actor if state.pending
                               else state.current)
        return tables

    build = library if kind.startswith("library") else served
    # the same warm-up for both: the code both paths import, loaded, and one table of
    # each kind made and dropped (what loads lazily is not what a table holds)
    warm_store = open_store(str(Path(folder) / "warm.db"))
    warm_tables = Tables(warm_store)
    warm_record, warm_secrets = warm_tables.create(text)
    for n, command in enumerate(commands[:20]):
        warm_tables.command(warm_record.id, GM, n, f"w-{n}", command)
        for secret in warm_secrets.values():
            warm_tables.state(warm_record.id, warm_tables.seat_of(warm_record.id, secret))
    warm = encounter_from_text(text).session()
    for command in commands[:20]:
        warm.do(command)
    warm.view(GM).options(warm.state, warm.state.current)
    warm_store.close()
    del warm, warm_tables, warm_store
    gc.collect()
    before = rss()
    kept = build()
    gc.collect()
    print(rss() - before)
    del kept


KINDS = ("library", "server", "library_read", "server_read")


def memory(count: int, repeat: int = 1, kinds: tuple[str, ...] = KINDS,
           read_count: int | None = None) -> dict[str, Any]:
    """The memory one table of ``count`` commands holds, each measured in a fresh
    process: the library's ``Session`` that played them, against the server's table
    (``Tables`` over a SQLite store, in-process) that took them as the game master; with
    ``_read``, each also answered what a page reads after each command (the options of
    whoever must act; the server: also the state of every seat). Median of ``repeat``
    fresh processes per kind, the kinds taking turns.

    Where the time goes (10,000 commands, load average 12–15, one process a kind: 21
    min): the server's reads (every seat's state after each of 1,000 commands, 12 min),
    playing the game once (an ``options()`` before each chosen command, 5 min), each
    child deciding every command again (1–2 min a kind). A kind is measured once unless
    ``repeat`` asks for more, and the wall time of each step is reported. ``kinds``: the
    read kinds alone play only the commands they take (``read_count``, by default a
    tenth: a player's state read replayed the whole history until issue 25, so a long
    read case took hours; it is now independent of the log's length)."""
    reads = count // 10 if read_count is None else read_count
    out: dict[str, Any] = {"commands": count, "read_commands": reads,
                           "repeat": repeat, "seconds": {}}
    start = time.perf_counter()
    # the first commands of a seeded game are the same however long it is played
    played = max(count if any("read" not in kind for kind in kinds) else 0, reads)
    commands = play(played, 0, seed=11)[:played]
    out["seconds"]["play"] = time.perf_counter() - start
    sizes: dict[str, list[int]] = {kind: [] for kind in kinds}
    with tempfile.TemporaryDirectory(prefix="footwork-memory-") as folder:
        given = {}
        for kind in kinds:
            # a page's reads after each command cost more time than the commands: by
            # default a tenth of them
            given[kind] = Path(folder) / f"{kind}.json"
            given[kind].write_text(json.dumps(commands[:reads] if "read" in kind
                                              else commands[:count]))
        for _ in range(repeat):
            for kind in kinds:
                start = time.perf_counter()
                done = subprocess.run(
                    [sys.executable, __file__, "--memory-child", kind, str(given[kind])],
                    capture_output=True, text=True, check=True, cwd=ROOT)
                out["seconds"][kind] = out["seconds"].get(kind, 0.0) + \
                    time.perf_counter() - start
                sizes[kind].append(int(done.stdout.split()[-1]))
    for kind in kinds:
        out[kind] = statistics.median(sizes[kind])
    out["samples"] = sizes
    return out


def ratio(result: dict[str, Any], kind: str, base: str) -> str:
    return f"{result[kind] / result[base]:,.2f}×" if kind in result and base in result \
        else "–"


def megabytes(result: dict[str, Any], kind: str) -> str:
    return f"{result[kind] / 2**20:,.1f} MB" if kind in result else "–"


def report_memory(result: dict[str, Any]) -> None:
    repeat = result.get("repeat", 3)
    each = "one fresh process a kind" if repeat == 1 else \
        f"a fresh process each; median of {repeat}"
    length = result["commands"] if "library" in result else result["read_commands"]
    print(f"\n### Memory of one table of {length:,} commands (resident "
          f"memory it adds, {each})\n")
    print(f"| what | {result['commands']:,} commands | {result['read_commands']:,} "
          "commands, with a page's reads after each | / library |")
    print("|---|---:|---:|---:|")
    print(f"| library `Session` | {megabytes(result, 'library')} | "
          f"{megabytes(result, 'library_read')} (options) | 1.00× |")
    print(f"| server table (`Tables`, SQLite) | {megabytes(result, 'server')} | "
          f"{megabytes(result, 'server_read')} (every seat's state, options) | "
          f"{ratio(result, 'server', 'library')} / "
          f"{ratio(result, 'server_read', 'library_read')} |")
    samples = result.get("samples", {})
    if repeat > 1 and samples:
        print("\neach process: " + "; ".join(
            f"{kind} " + ", ".join(f"{size / 2**20:,.1f}" for size in sizes) + " MB"
            for kind, sizes in samples.items()))
    seconds = result.get("seconds", {})
    if seconds:
        print("\nwall time: " + ", ".join(f"{k} {v:,.0f} s" for k, v in seconds.items()))


# -- scale: several clients, one worker against several -----------------------------------


def _post(conn: http.client.HTTPConnection, path: str, body: dict[str, Any]
          ) -> dict[str, Any]:
    """One keep-alive POST as the game master (http.client: a light client, so that the
    clients take little of the CPU the server processes share with them)."""
    conn.request("POST", path, body=json.dumps(body).encode(),
                 headers={"Content-Type": "application/json",
                          "Authorization": f"Bearer {ADMIN}"})
    reply = conn.getresponse()
    data = reply.read()
    if reply.status not in (200, 201):
        raise RuntimeError(f"POST {path}: {reply.status} {data[:300]!r}")
    answer: dict[str, Any] = json.loads(data)
    return answer


def group_cpu(pgid: int) -> float:
    """CPU seconds (user and system) used so far by the live processes of process group
    ``pgid``: the server and its workers."""
    total = 0
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, ValueError, IndexError):
                # the fields after the command's closing parenthesis: state is [0],
                # pgrp [2], utime [11], stime [12]
                fields = (entry / "stat").read_text().rpartition(")")[2].split()
                if int(fields[2]) == pgid:
                    total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


_LENGTH = re.compile(rb"(?im)^content-length:[ \t]*(\d+)")
_VERSION = re.compile(rb'"table_version":\s*(\d+)')


class _Wire:
    """A client's keep-alive connection as raw bytes: each request is built before the
    clock starts and an answer is read with nothing parsed but its status, length and
    version. On these 2 cores the clients share the CPU with the workers they measure
    (a real table's clients are on other machines): every microsecond a client spends
    is one the server does not get, so the clients do as little as a client can."""

    def __init__(self, port: int) -> None:
        self.sock = socket.create_connection(("127.0.0.1", port), timeout=PATIENCE)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        self.buffer = b""

    def ask(self, request: bytes) -> tuple[int, bytes]:
        """Send one request; its status and body."""
        self.sock.sendall(request)
        while (end := self.buffer.find(b"\r\n\r\n")) < 0:
            self._more()
        head, self.buffer = self.buffer[:end], self.buffer[end + 4:]
        status = int(head[9:12])
        found = _LENGTH.search(head)
        if found is None:
            raise RuntimeError(f"an answer without a length: {head[:300]!r}")
        length = int(found[1])
        while len(self.buffer) < length:
            self._more()
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        return status, body

    def _more(self) -> None:
        chunk = self.sock.recv(65536)
        if not chunk:
            raise RuntimeError("the server closed the connection")
        self.buffer += chunk

    def close(self) -> None:
        self.sock.close()


def _request(method: str, path: str, body: bytes = b"") -> bytes:
    """One HTTP/1.1 request as the game master, as bytes."""
    head = (f"{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\n"
            f"Authorization: Bearer {ADMIN}\r\n")
    if method == "POST":
        head += f"Content-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    return (head + "\r\n").encode() + body


def clients_on_tables(port: int, games: list[list[dict[str, Any]]], tag: str,
                      pgid: int | None = None) -> dict[str, float]:
    """A client thread per game, each on a table of its own (made first), each sending
    its game's commands in order over one keep-alive connection: commands per second
    over all of them, and the latency of each command (median, 99th percentile).

    Every command of a game is accepted (the games are played with the library first),
    so the k-th is sent against version k and its request is built before the clock
    starts (:class:`_Wire`); each answer's table version is checked."""
    clients = len(games)
    maker = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    ids = [_post(maker, "/api/tables", {"example": EXAMPLE})["table"]["id"]
           for _ in range(clients)]
    maker.close()
    requests = [[_request("POST", f"/api/tables/{ids[n]}/commands", json.dumps(
        {"version": k, "command_id": f"{tag}-{n}-{k}", "command": command}).encode())
        for k, command in enumerate(game)] for n, game in enumerate(games)]
    # each client's connection opens at its first read (an idle one would be closed by
    # the server's keep-alive timeout while the tables are made)
    times: list[list[float]] = [[] for _ in range(clients)]
    failed: list[BaseException] = []
    start_line = threading.Barrier(clients + 1)

    def run(n: int) -> None:
        wire = None
        try:
            wire = _Wire(port)
            # the table's map read once over the client's own connection, so that the
            # worker serving it has the table loaded: loading (parsing the encounter,
            # about as much CPU as a hundred commands) happens once per table and process
            # and has its own figure above; with several workers half the tables were
            # made by another one. (The map, not the state: a state read would keep the
            # seat's log live, work the library's figure does not do.)
            status, _ = wire.ask(_request("GET", f"/api/tables/{ids[n]}/map"))
            if status != 200:
                raise RuntimeError(f"GET map: {status}")
            start_line.wait(timeout=PATIENCE)
            for k, request in enumerate(requests[n]):
                sent = time.perf_counter()
                status, body = wire.ask(request)
                times[n].append(time.perf_counter() - sent)
                # the version the next request was built against (no JSON parsed)
                version = _VERSION.search(body)
                if status != 200 or version is None or int(version[1]) != k + 1:
                    raise RuntimeError(f"command {k} of game {n}: {status} {body[:300]!r}")
        except BaseException as exc:  # reported below, after the others end
            failed.append(exc)
            with contextlib.suppress(threading.BrokenBarrierError):
                start_line.abort()
        finally:
            if wire is not None:
                wire.close()

    threads = [threading.Thread(target=run, args=(n,), daemon=True) for n in range(clients)]
    for thread in threads:
        thread.start()
    with contextlib.suppress(threading.BrokenBarrierError):
        start_line.wait(timeout=PATIENCE)
    began, cpu = time.perf_counter(), group_cpu(pgid) if pgid else 0.0
    for thread in threads:
        thread.join(timeout=10 * PATIENCE)
    wall = time.perf_counter() - began
    cpu = group_cpu(pgid) - cpu if pgid else 0.0
    if failed:
        raise RuntimeError(f"a client failed: {failed[0]!r}")
    every = [t for ts in times for t in ts]
    return {"rate": len(every) / wall, "median": statistics.median(every),
            "p99": percentile(every, 0.99), "cpu": cpu / len(every)}


def keep_alive_latency(port: int, repeat: int = 200) -> float:
    """The median time of one keep-alive read (``GET /api/tables``): the 40 ms of a
    connection left with Nagle's algorithm on shows here."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=PATIENCE)
    spent = []
    for _ in range(repeat):
        start = time.perf_counter()
        conn.request("GET", "/api/rulesets")
        conn.getresponse().read()
        spent.append(time.perf_counter() - start)
    conn.close()
    return statistics.median(spent)


def scale(db: str, games: list[list[dict[str, Any]]], counts: tuple[int, ...], repeat: int
          ) -> dict[str, Any]:
    """Commands per second with a client per game, on separate tables, for one worker and
    each of ``counts`` workers, and the library doing the same work (the same games on as
    many sessions, in one process). Each round serves every count once, in an order that
    turns from round to round, then times the library: a round's ratios (against its own
    one worker, its own library) are paired in time, and each figure is the median over
    the rounds (the machine is shared: a figure minutes away from its baseline is not
    comparable)."""
    clients, commands = len(games), sum(len(game) for game in games)
    text = initial_text(EXAMPLES / f"{EXAMPLE}.yaml")
    every = (1, *(count for count in counts if count != 1))
    rounds: dict[int, list[dict[str, float]]] = {count: [] for count in every}
    pings: dict[int, list[float]] = {count: [] for count in every}
    library: list[float] = []
    library_cpu: list[float] = []
    compiled = ""
    for turn in range(repeat):
        shift = turn % len(every)
        for count in every[shift:] + every[:shift]:
            with serving(db, count) as served:
                compiled = served.compiled
                pings[count].append(keep_alive_latency(served.port))
                clients_on_tables(served.port, [game[:10] for game in games],
                                  f"w{turn}")  # warm
                rounds[count].append(clients_on_tables(served.port, games,
                                                       f"s{turn}-{count}",
                                                       served.process.pid))
        sessions = [encounter_from_text(text).session() for _ in range(clients)]
        gc.collect()
        start, cpu = time.perf_counter(), time.process_time()
        for session, game in zip(sessions, games, strict=True):
            for command in game:
                session.do(command)
        library.append(commands / (time.perf_counter() - start))
        library_cpu.append((time.process_time() - cpu) / commands)

    def figures(count: int) -> dict[str, float]:
        runs = rounds[count]
        found = {k: statistics.median(r[k] for r in runs)
                 for k in ("rate", "median", "p99", "cpu")}
        # paired: each round against its own one worker and its own library
        found["per_one"] = statistics.median(
            r["rate"] / one["rate"] for r, one in zip(runs, rounds[1], strict=True))
        found["library_per"] = statistics.median(
            lib / r["rate"] for r, lib in zip(runs, library, strict=True))
        found["cpu_per_library"] = statistics.median(
            r["cpu"] / lib for r, lib in zip(runs, library_cpu, strict=True))
        found["ping"] = statistics.median(pings[count])
        return found

    return {"counts": list(every), "clients": clients, "commands": commands // clients,
            "rounds": repeat, "servers": {str(count): figures(count) for count in every},
            "library_cpu": statistics.median(library_cpu), "compiled": compiled,
            "library": statistics.median(library)}


def report_scale(result: dict[str, Any]) -> None:
    games = "a game of its own" if result.get("games") == "distinct" else "the same game"
    print(f"\n### Scale: {result['clients']} clients on separate tables, PostgreSQL, each "
          f"playing {games} ({result['commands']} commands each; medians of "
          f"{result['rounds']} rounds, each ratio paired within its round)\n")
    if result.get("compiled"):
        print("Each server is timed once its compiled grid search is loaded (it says "
              f"`{result['compiled']}`).\n")
    print("| server | commands/s | latency median | p99 | keep-alive read, median | "
          "/ one worker | library / server | server CPU a command | / library's |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for count in result["counts"]:
        r = result["servers"][str(count)]
        label = "1 worker" if count == 1 else f"{count} workers"
        print(f"| {label} | {r['rate']:,.0f}/s | {fmt(r['median'])} | {fmt(r['p99'])} | "
              f"{fmt(r['ping'])} | {r['per_one']:,.2f}× | {r['library_per']:,.1f}× | "
              f"{fmt(r['cpu'])} | {r['cpu_per_library']:,.1f}× |")
    print(f"| library (one process, the same commands) | {result['library']:,.0f}/s | | | | "
          f"| 1.0× | {fmt(result['library_cpu'])} | 1.0× |")


# -- the run -------------------------------------------------------------------------------


def run(name: str, db: str, commands: list[dict[str, Any]], long: list[dict[str, Any]],
        repeat: int) -> dict[str, Any]:
    store = open_store(db)
    try:
        with serving(db) as served:
            rates = throughput(served.base, store, commands, repeat)
            delays = latency(served.base, commands)
        load = loading(db, store, long, repeat)
    finally:
        store.close()
    return {"store": name, "throughput": rates, "latency": delays, "loading": load}


def report(results: list[dict[str, Any]], count: int, before: str, after: str) -> None:
    print(f"\nmachine: Python {platform.python_version()}, {platform.machine()}, "
          f"{os.cpu_count()} cores; load average before {before}, after {after}")
    print(f"\n### Commands per second on one table ({count} commands, one client; "
          "median of the rounds)\n")
    print("| store | HTTP | service in-process | library | HTTP / library | "
          "HTTP / service |")
    print("|---|---:|---:|---:|---:|---:|")
    for r in results:
        t = r["throughput"]
        print(f"| {r['store']} | {t['http']:,.0f}/s | {t['service']:,.0f}/s | "
              f"{t['library']:,.0f}/s | {t['library'] / t['http']:,.1f}× | "
              f"{t['service'] / t['http']:,.1f}× |")
    print(f"\n### From a command's 2xx to all of 8 WebSocket clients ({count} commands)\n")
    print("| store | 2xx to all 8: median | p99 | sent to all 8: median | p99 | "
          "sent to 2xx: median | library: 8 clients' lines, median | p99 | "
          "sent to all 8 / library |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        d = r["latency"]
        print(f"| {r['store']} | {fmt(d['median'])} | {fmt(d['p99'])} | "
              f"{fmt(d['whole_median'])} | {fmt(d['whole_p99'])} | {fmt(d['trip_median'])} | "
              f"{fmt(d['library_median'])} | {fmt(d['library_p99'])} | "
              f"{d['whole_median'] / d['library_median']:,.0f}× |")
    print("\n### Loading a long table: the first read after a server start\n")
    print("| store | commands | events | snapshot at | HTTP, with snapshots | "
          "without | service in-process, with | without | library fold | "
          "HTTP without / library |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for r in results:
        lo = r["loading"]
        print(f"| {r['store']} | {lo['commands']:,} | {lo['events']:,} | "
              f"{lo['snapshot_at']} | {fmt(lo['http']['with'])} | "
              f"{fmt(lo['http']['without'])} | {fmt(lo['service']['with'])} | "
              f"{fmt(lo['service']['without'])} | {fmt(lo['library'])} | "
              f"{lo['http']['without'] / lo['library']:,.1f}× |")


def worker_counts(text: str) -> tuple[int, ...]:
    """``--workers``: counts of worker processes, comma-separated (``2,3``)."""
    try:
        counts = tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected counts like 2,3, got {text!r}") from None
    if not counts or min(counts) < 1:
        raise argparse.ArgumentTypeError(f"expected counts of at least 1, got {text!r}")
    return counts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="a smoke run: small numbers")
    parser.add_argument("--backends", default="sqlite,postgres",
                        help="comma-separated: sqlite, postgres")
    parser.add_argument("--json", type=Path, help="also write the figures here")
    cores = os.cpu_count() or 1
    parser.add_argument("--workers", type=worker_counts, default=(cores, cores + 1),
                        metavar="N[,N...]",
                        help="worker processes of the scale figures, each against one "
                        f"(default: the cores and one more, {cores},{cores + 1})")
    parser.add_argument("--rounds", type=int, default=None, metavar="R",
                        help="scale: rounds, each serving every worker count once and timing "
                        "the library (default 3, 1 with --quick; figures are their medians)")
    parser.add_argument("--clients", type=int, default=16,
                        help="clients of the scale figures, each on a table of its own")
    parser.add_argument("--games", choices=("distinct", "same"), default="distinct",
                        help="scale: each client a random game of its own (seeds 7, 8...), "
                        "or all the same game in step (the costliest moves at once)")
    parser.add_argument("--only", choices=("all", "scale", "single", "memory"),
                        default="all",
                        help="scale: only the figures of several clients and workers "
                        "(PostgreSQL); memory: only the memory of a long table; single: "
                        "only the others")
    parser.add_argument("--memory-commands", type=int, default=10_000,
                        help="commands of the table whose memory is measured")
    parser.add_argument("--memory-repeat", type=int, default=1,
                        help="fresh processes per kind of the memory figures (their median)")
    parser.add_argument("--memory-kinds", choices=("all", "read"), default="all",
                        help="read: only the case with a page's reads after each command "
                        "(the library's and the server's)")
    parser.add_argument("--read-commands", type=int, default=None, metavar="N",
                        help="commands of the case with a page's reads after each (default: "
                        "a tenth of --memory-commands)")
    parser.add_argument("--memory-child", nargs=2, metavar=("KIND", "FILE"),
                        help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.memory_child:
        memory_child(*args.memory_child)
        return
    count, events, repeat = (30, 1_000, 1) if args.quick else (200, 10_000, 3)
    before = load_average()
    # the long game (10,000 events) is for the single figures (the scale ones take its
    # first commands only): the memory's own game is played by memory() (playing this
    # one for nothing took minutes)
    long = (play(count, events) if args.only in ("all", "single") else
            play(count, 0) if args.only == "scale" else [])
    commands = long[:count]
    results = []
    scaled: dict[str, Any] | None = None
    with tempfile.TemporaryDirectory(prefix="footwork-bench-") as folder:
        for backend in args.backends.split(",") if args.only in ("all", "single") else ():
            if backend == "sqlite":
                results.append(run("SQLite", str(Path(folder) / "bench.db"), commands, long,
                                   repeat))
            elif backend == "postgres":
                with postgres_server() as pg:
                    results.append(run("PostgreSQL", pg.create_database("bench"), commands,
                                       long, repeat))
            else:
                parser.error(f"unknown backend {backend!r}")
        if args.only in ("all", "scale"):
            with postgres_server() as pg:
                # distinct: each client plays a game of its own (tables are not played
                # in step: a costly move lands on one table at a time); same: every
                # client the same game, in step (the costliest moves all at once)
                games = ([play(count // 2, 0, seed=7 + n) for n in range(args.clients)]
                         if args.games == "distinct" else [commands[:count // 2]] * args.clients)
                scaled = scale(pg.create_database("scale"), games, args.workers,
                               args.rounds or repeat)
                scaled["games"] = args.games
    mem: dict[str, Any] | None = None
    if args.only in ("all", "memory"):
        mem = memory(args.memory_commands, args.memory_repeat,
                     KINDS if args.memory_kinds == "all" else KINDS[2:], args.read_commands)
    after = load_average()
    if results:
        report(results, len(commands), before, after)
    else:
        print(f"\nmachine: Python {platform.python_version()}, {platform.machine()}, "
              f"{os.cpu_count()} cores; load average before {before}, after {after}")
    if scaled is not None:
        report_scale(scaled)
    if mem is not None:
        report_memory(mem)
    if args.json:
        args.json.write_text(json.dumps({"load_before": before, "load_after": after,
                                         "results": results, "scale": scaled,
                                         "memory": mem}, indent=2))


if __name__ == "__main__":
    main()
