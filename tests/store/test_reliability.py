"""The store's part of the reliability tests: no acknowledged append is lost when the
clients are killed mid-write (SIGKILL, both stores), or when the PostgreSQL server
crashes under load (immediate shutdown, then recovery from its WAL); the retry of an
append whose answer was lost returns the first record; the listener comes back."""

from __future__ import annotations

import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from footwork.store import (
    CommandRecord,
    DuplicateCommand,
    EventStore,
    StoreError,
    VersionConflict,
    open_store,
)
from footwork.store.postgres import PostgresStore
from tests.store.helpers import Heard, new_table, wait_for
from tests.store.pgserver import postgres_server

ROOT = Path(__file__).resolve().parents[2]
CLIENTS = 3


def check_log(store: EventStore, table_id: str, acked: dict[str, int]) -> list[CommandRecord]:
    """Every acknowledged command is in the log at the version it was acknowledged
    with; the log is gapless and holds each command once."""
    log = store.read(table_id)
    assert [r.version for r in log] == list(range(1, len(log) + 1))
    at = {r.command_id: r.version for r in log}
    assert len(at) == len(log)
    missing = {cid: v for cid, v in acked.items() if at.get(cid) != v}
    assert not missing, f"acknowledged but lost: {missing}"
    assert store.table(table_id).version == len(log)
    return log


def test_killed_clients_lose_no_acknowledged_append(store: EventStore, store_url: str) -> None:
    new_table(store)
    lines: queue.Queue[str | None] = queue.Queue()
    env = {**os.environ, "PYTHONPATH": f"{ROOT}{os.pathsep}{os.environ.get('PYTHONPATH', '')}"}
    clients = [subprocess.Popen([sys.executable, "-m", "tests.store.appender", store_url, "t1",
                                 f"p{n}-"], cwd=ROOT, env=env, stdout=subprocess.PIPE,
                                stdin=subprocess.DEVNULL, text=True)
               for n in range(CLIENTS)]

    def read(client: subprocess.Popen[str]) -> None:
        assert client.stdout is not None
        for line in client.stdout:
            lines.put(line)
        lines.put(None)

    readers = [threading.Thread(target=read, args=(c,), daemon=True) for c in clients]
    for reader in readers:
        reader.start()
    acked: dict[str, int] = {}
    ended = 0
    deadline = time.monotonic() + 120
    try:
        while len(acked) < 90 and ended < CLIENTS and time.monotonic() < deadline:
            try:
                line = lines.get(timeout=1)
            except queue.Empty:
                continue
            if line is None:
                ended += 1
                continue
            _, command_id, version = line.split()
            acked[command_id] = int(version)
    finally:
        for client in clients:
            client.send_signal(signal.SIGKILL)
        for client in clients:
            client.wait(timeout=30)
    for reader in readers:
        reader.join(timeout=10)
    while (line := lines.get_nowait() if not lines.empty() else None) is not None:
        _, command_id, version = line.split()
        acked[command_id] = int(version)
    assert ended == 0, "a client ended before it was killed"
    assert len(acked) >= 90
    assert all(c.returncode == -signal.SIGKILL for c in clients)

    log = check_log(store, "t1", acked)
    # at most one append per client was done but not acknowledged
    assert len(acked) <= len(log) <= len(acked) + CLIENTS
    # the store is still writable (no lock left behind by the killed writers)
    record = store.append("t1", len(log), "after", "gm", {}, [])
    assert record.version == len(log) + 1


def append_until_done(store: EventStore, table_id: str, command_id: str,
                      command: dict[str, int], deadline: float) -> CommandRecord:
    """What a careful client does: retry the same command id until the store answers;
    a retry of an append that did happen returns its first record."""
    while True:
        try:
            version = store.table(table_id).version
            return store.append(table_id, version, command_id, "gm", command, [command])
        except DuplicateCommand as duplicate:
            return duplicate.record
        except VersionConflict:
            continue
        except StoreError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.05)


def test_postgres_crash_loses_no_acknowledged_append() -> None:
    """Two writers (two store objects) append while the server crashes (immediate
    shutdown, no checkpoint) and comes back: every acknowledged append survives the
    recovery, the writers carry on through the pool, and the listener reconnects."""
    with postgres_server() as server:
        url = server.create_database("crash")
        stores = [PostgresStore(url, connect_timeout=20), PostgresStore(url,
                                                                         connect_timeout=20)]
        try:
            new_table(stores[0])
            heard = Heard()
            stores[0].subscribe(heard)
            stores[0].follow("t1")
            acked: dict[str, int] = {}
            lock = threading.Lock()
            stop = threading.Event()
            errors: list[BaseException] = []
            deadline = time.monotonic() + 90

            def writer(n: int) -> None:
                k = 0
                try:
                    while not stop.is_set() and time.monotonic() < deadline:
                        command_id = f"w{n}-{k}"
                        record = append_until_done(stores[n], "t1", command_id,
                                                   {"n": n, "k": k}, deadline)
                        with lock:
                            acked[command_id] = record.version
                        k += 1
                except BaseException as error:
                    errors.append(error)

            def count() -> int:
                with lock:
                    return len(acked)

            writers = [threading.Thread(target=writer, args=(n,)) for n in range(2)]
            for thread in writers:
                thread.start()
            wait_for(lambda: count() >= 40, timeout=60)
            server.crash()
            time.sleep(0.5)
            server.restart()
            before = count()
            wait_for(lambda: count() >= before + 40, timeout=60)
            stop.set()
            for thread in writers:
                thread.join(timeout=120)
            assert not errors, errors

            log = check_log(stores[1], "t1", acked)
            assert len(log) == len(acked)  # every retry resolved to one record
            # the listener is back: it hears the newest version (a notification, or
            # its catch-up after reconnecting)
            wait_for(lambda: bool(heard.got()) and max(v for _, v in heard.got())
                     == len(log), timeout=30)
            stores[1].append("t1", len(log), "last", "gm", {}, [])
            wait_for(lambda: ("t1", len(log) + 1) in heard.got(), timeout=30)
        finally:
            for store in stores:
                store.close()


@pytest.mark.parametrize("backend", ["sqlite"])
def test_sqlite_durability_settings(store: EventStore, store_url: str) -> None:
    from footwork.store.sqlite import SQLiteStore

    assert isinstance(store, SQLiteStore)
    with store._connection() as conn:
        assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert conn.execute("PRAGMA synchronous").fetchone()[0] == 2  # FULL
        assert conn.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    reopened = open_store(store_url)
    reopened.close()
