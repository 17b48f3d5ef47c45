"""The embedded event store: one SQLite file (stdlib ``sqlite3``).

Durability: the database is in WAL mode with ``synchronous=FULL``, so a commit is on
disk (the WAL is synced) before ``append`` returns. Safety from any thread: each
operation borrows a connection from a small pool (one per concurrent caller), and
writes take SQLite's write lock up front (``BEGIN IMMEDIATE``), so an append's checks
and its insert see the same table; other connections, in this process or another,
wait for it (``busy_timeout``). Subscribers are called after each successful append
made in this process to the same file (through any store object open on it); appends
by other processes are not reported.
"""

from __future__ import annotations

import os
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from pathlib import Path

from footwork.errors import excerpt
from footwork.store import tallies
from footwork.store.common import (
    Subscribers,
    check_count,
    check_said,
    check_seats,
    check_table_id,
    check_text,
    dump_command,
    dump_events,
    load_record,
    written_record,
)
from footwork.store.protocol import (
    SEATS_CHANGED,
    CommandRecord,
    DuplicateCommand,
    JSONObject,
    SeatKeyChanged,
    StoreError,
    TableExists,
    TableNotFound,
    TableRecord,
    VersionConflict,
)

#: ``PRAGMA auto_vacuum`` value of a file whose free pages are given back on demand
_INCREMENTAL = 2
#: ``PRAGMA user_version`` of the schema below.
SCHEMA_VERSION = 1

SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id        TEXT PRIMARY KEY,
    name      TEXT NOT NULL,
    ruleset   TEXT NOT NULL,
    encounter TEXT NOT NULL,
    version   INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
    created   REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id    TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    name        TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    PRIMARY KEY (table_id, name)
);
CREATE TABLE IF NOT EXISTS commands (
    table_id   TEXT NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
    version    INTEGER NOT NULL CHECK (version >= 1),
    command_id TEXT NOT NULL,
    seat       TEXT NOT NULL,
    command    TEXT NOT NULL,
    events     TEXT NOT NULL,
    created    REAL NOT NULL,
    PRIMARY KEY (table_id, version),
    UNIQUE (table_id, command_id)
);
CREATE TABLE IF NOT EXISTS snapshots (
    table_id TEXT PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
    version  INTEGER NOT NULL CHECK (version >= 0),
    data     BLOB NOT NULL
);
"""

_RECORD = "table_id, version, command_id, seat, command, events, created"
_TABLE = "id, name, ruleset, encounter, version, created"

#: Idle connections kept for reuse; more concurrent callers open more, closed after.
_IDLE = 8
#: SQLite's page cache per connection, in KiB (``PRAGMA cache_size``; SQLite's default is
#: 2,000). The server keeps every table it serves in memory and the operating system caches
#: the file: the pages an append or a catch-up touches are few, and a table's load reads
#: each page once. The default cache held 1.2 MB beside a table of 1,000 commands, up to
#: 2 MB a connection; 256 KiB measured no slower (issue 25, docs/performance.md).
_CACHE_KIB = 256


#: The open stores of this process by database file, so that an append through one
#: reaches the subscribers of every store object open on the same file.
_OPEN: dict[str, set[SQLiteStore]] = {}
_OPEN_LOCK = threading.Lock()


def _table(row: tuple[str, str, str, str, int, float]) -> TableRecord:
    return TableRecord(id=row[0], name=row[1], ruleset=row[2], encounter=row[3],
                       version=row[4], created=row[5])


def _record(row: tuple[str, int, str, str, str, str, float]) -> CommandRecord:
    return load_record(*row)


class SQLiteStore:
    """The EventStore on one SQLite file, created with its schema if missing."""

    def __init__(self, path: str | Path, *, busy_timeout: float = 30.0) -> None:
        self.path = Path(path)
        if not self.path.parent.is_dir():
            raise StoreError(f"cannot open the database {self.path}: its folder does not "
                             f"exist")
        self._busy_ms = int(busy_timeout * 1000)
        self._lock = threading.Lock()
        self._idle: list[sqlite3.Connection] = []
        self._closed = False
        self._subscribers: Subscribers[int] = Subscribers()
        self._heeders: Subscribers[str] = Subscribers()
        self._key = os.path.realpath(self.path)
        self._reuse_pages()
        with self._write() as conn:
            found = conn.execute("PRAGMA user_version").fetchone()[0]
            if found > SCHEMA_VERSION:
                raise StoreError(f"the database {self.path} has schema version {found}; "
                                 f"this footwork knows up to {SCHEMA_VERSION}")
            for statement in SCHEMA.split(";"):
                if statement.strip():
                    conn.execute(statement)
            for statement in tallies.SCHEMA:  # the counts per client (store/tallies.py)
                conn.execute(statement)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        with _OPEN_LOCK:
            _OPEN.setdefault(self._key, set()).add(self)

    def _reuse_pages(self) -> None:
        """Free pages go back to the file system (``auto_vacuum = INCREMENTAL``, and an
        incremental vacuum after each delete): the file shrinks when tables are deleted.
        A file is changed once, when first opened (a full VACUUM: instant on a new
        file, as long as copying the database on an older one)."""
        with self._connection() as conn:
            if conn.execute("PRAGMA auto_vacuum").fetchone()[0] == _INCREMENTAL:
                return
            conn.execute(f"PRAGMA auto_vacuum = {_INCREMENTAL}")
            conn.execute("VACUUM")  # the setting takes effect (the file is in WAL mode)

    def _vacuum(self) -> None:
        """Give the pages freed by a delete back, then fold the WAL into the file."""
        with self._connection() as conn:
            # executescript steps it to the end (execute frees one page per step only)
            conn.executescript("PRAGMA incremental_vacuum;")
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")

    # -- connections -------------------------------------------------------------

    def _connect(self) -> sqlite3.Connection:
        try:
            conn = sqlite3.connect(self.path, timeout=self._busy_ms / 1000,
                                   isolation_level=None, check_same_thread=False)
        except sqlite3.Error as error:
            raise StoreError(f"cannot open the database {self.path}: {error}") from None
        try:
            mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()[0]
            if str(mode).lower() != "wal":
                raise StoreError(f"the database {self.path} cannot use WAL mode ({mode})")
            conn.execute("PRAGMA synchronous = FULL")
            conn.execute("PRAGMA foreign_keys = ON")
            conn.execute(f"PRAGMA busy_timeout = {self._busy_ms}")
            conn.execute(f"PRAGMA cache_size = -{_CACHE_KIB}")
        except sqlite3.Error as error:
            conn.close()
            raise StoreError(f"cannot open the database {self.path}: {error}") from None
        except StoreError:
            conn.close()
            raise
        return conn

    @contextmanager
    def _connection(self) -> Iterator[sqlite3.Connection]:
        """A connection of this store, for one operation of one thread."""
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
            conn = self._idle.pop() if self._idle else None
        if conn is None:
            conn = self._connect()
        try:
            yield conn
        except sqlite3.Error as error:
            if conn.in_transaction:
                conn.rollback()
            raise StoreError(f"database error: {excerpt(str(error), 200)}") from None
        finally:
            if conn.in_transaction:
                conn.rollback()
            with self._lock:
                keep = not self._closed and len(self._idle) < _IDLE
                if keep:
                    self._idle.append(conn)
            if not keep:
                conn.close()

    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """A connection inside a write transaction, committed if the block succeeds."""
        with self._connection() as conn:
            conn.execute("BEGIN IMMEDIATE")
            try:
                yield conn
            except BaseException:
                conn.rollback()
                raise
            conn.commit()

    @contextmanager
    def _read(self) -> Iterator[sqlite3.Connection]:
        """A connection inside a read transaction (one consistent snapshot)."""
        with self._connection() as conn:
            conn.execute("BEGIN")
            try:
                yield conn
            finally:
                conn.rollback()

    @staticmethod
    def _version(conn: sqlite3.Connection, table_id: str) -> int:
        row = conn.execute("SELECT version FROM tables WHERE id = ?", (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(f"no table {excerpt(table_id)!r}")
        version: int = row[0]
        return version

    # -- tables ------------------------------------------------------------------

    def create_table(self, table_id: str, name: str, ruleset: str, encounter: str,
                     seats: Mapping[str, str]) -> TableRecord:
        check_table_id(table_id)
        check_text("table name", name)
        check_text("ruleset", ruleset)
        check_text("encounter", encounter)
        seat_rows = check_seats(seats)
        record = TableRecord(id=table_id, name=name, ruleset=ruleset, encounter=encounter,
                             version=0, created=time.time())
        with self._write() as conn:
            if conn.execute("SELECT 1 FROM tables WHERE id = ?", (table_id,)).fetchone():
                raise TableExists(f"a table {excerpt(table_id)!r} exists already")
            conn.execute(f"INSERT INTO tables ({_TABLE}) VALUES (?, ?, ?, ?, 0, ?)",
                         (table_id, name, ruleset, encounter, record.created))
            conn.executemany(
                "INSERT INTO seats (table_id, name, secret_hash) VALUES (?, ?, ?)",
                [(table_id, seat, digest) for seat, digest in seat_rows.items()])
        return record

    def tables(self) -> list[TableRecord]:
        with self._read() as conn:
            rows = conn.execute(f"SELECT {_TABLE} FROM tables ORDER BY rowid").fetchall()
        return [_table(row) for row in rows]

    def table(self, table_id: str) -> TableRecord:
        check_table_id(table_id)
        with self._read() as conn:
            row = conn.execute(f"SELECT {_TABLE} FROM tables WHERE id = ?",
                               (table_id,)).fetchone()
        if row is None:
            raise TableNotFound(f"no table {excerpt(table_id)!r}")
        return _table(row)

    def delete_table(self, table_id: str) -> None:
        check_table_id(table_id)
        with self._write() as conn:
            self._version(conn, table_id)
            for child in ("snapshots", "commands", "seats"):
                conn.execute(f"DELETE FROM {child} WHERE table_id = ?", (table_id,))
            conn.execute("DELETE FROM tables WHERE id = ?", (table_id,))
        self._vacuum()

    def seats(self, table_id: str) -> dict[str, str]:
        check_table_id(table_id)
        with self._read() as conn:
            self._version(conn, table_id)
            rows = conn.execute("SELECT name, secret_hash FROM seats WHERE table_id = ? "
                                "ORDER BY rowid", (table_id,)).fetchall()
        return {name: digest for name, digest in rows}

    def set_seat(self, table_id: str, seat: str, secret_hash: str) -> None:
        check_table_id(table_id)
        with self._write() as conn:
            self._version(conn, table_id)
            if conn.execute("UPDATE seats SET secret_hash = ? WHERE table_id = ? AND name = ?",
                            (secret_hash, table_id, seat)).rowcount == 0:
                raise StoreError(f"table {table_id} has no seat {excerpt(seat)!r}")
        self._notify(table_id, SEATS_CHANGED)

    # -- the log -----------------------------------------------------------------

    def append(self, table_id: str, expected_version: int, command_id: str, seat: str,
               command: JSONObject, events: Sequence[JSONObject], *,
               encoded: tuple[str, str] | None = None,
               seat_key: str | None = None) -> CommandRecord:
        check_table_id(table_id)
        check_count("expected version", expected_version)
        check_text("command id", command_id, nonempty=True)
        check_text("seat", seat)
        command_text, events_text = encoded or (dump_command(command), dump_events(events))
        version = expected_version + 1
        created = time.time()
        with self._write() as conn:
            row = conn.execute(f"SELECT {_RECORD} FROM commands "
                               "WHERE table_id = ? AND command_id = ?",
                               (table_id, command_id)).fetchone()
            if row is not None:
                raise DuplicateCommand(_record(row))
            actual = self._version(conn, table_id)
            if seat_key is not None:
                key = conn.execute("SELECT secret_hash FROM seats WHERE table_id = ? "
                                   "AND name = ?", (table_id, seat)).fetchone()
                if key is None or key[0] != seat_key:
                    raise SeatKeyChanged(table_id, seat)
            if actual != expected_version:
                raise VersionConflict(table_id, expected_version, actual)
            conn.execute(f"INSERT INTO commands ({_RECORD}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                         (table_id, version, command_id, seat, command_text, events_text,
                          created))
            conn.execute("UPDATE tables SET version = ? WHERE id = ?", (version, table_id))
        self._notify(table_id, version)
        return written_record(table_id, version, command_id, seat, command, events, created,
                              command_text, events_text, encoded is not None)

    def command(self, table_id: str, command_id: str) -> CommandRecord | None:
        check_table_id(table_id)
        check_text("command id", command_id)
        with self._read() as conn:
            row = conn.execute(f"SELECT {_RECORD} FROM commands "
                               "WHERE table_id = ? AND command_id = ?",
                               (table_id, command_id)).fetchone()
            if row is None:
                self._version(conn, table_id)
                return None
        return _record(row)

    def read(self, table_id: str, after: int = 0, limit: int | None = None
             ) -> list[CommandRecord]:
        check_table_id(table_id)
        check_count("after", after)
        if limit is not None:
            check_count("limit", limit)
        with self._read() as conn:
            rows = conn.execute(f"SELECT {_RECORD} FROM commands "
                                "WHERE table_id = ? AND version > ? ORDER BY version LIMIT ?",
                                (table_id, after, -1 if limit is None else limit)).fetchall()
            if not rows:
                self._version(conn, table_id)
        return [_record(row) for row in rows]

    # -- snapshots ---------------------------------------------------------------

    def save_snapshot(self, table_id: str, version: int, data: bytes) -> None:
        check_table_id(table_id)
        check_count("snapshot version", version)
        if not isinstance(data, bytes | bytearray | memoryview):
            raise StoreError(f"a snapshot must be bytes, not {type(data).__name__}")
        with self._write() as conn:
            actual = self._version(conn, table_id)
            if version > actual:
                raise StoreError(f"table {excerpt(table_id)!r} is at version {actual}: "
                                 f"no snapshot at version {version}")
            conn.execute("INSERT INTO snapshots (table_id, version, data) VALUES (?, ?, ?) "
                         "ON CONFLICT (table_id) DO UPDATE SET version = excluded.version, "
                         "data = excluded.data WHERE excluded.version >= snapshots.version",
                         (table_id, version, bytes(data)))

    def snapshot(self, table_id: str) -> tuple[int, bytes] | None:
        check_table_id(table_id)
        with self._read() as conn:
            row = conn.execute("SELECT version, data FROM snapshots WHERE table_id = ?",
                               (table_id,)).fetchone()
            if row is None:
                self._version(conn, table_id)
                return None
        return row[0], bytes(row[1])

    # -- subscribers and closing -------------------------------------------------

    def subscribe(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
        return self._subscribers.add(callback)

    def follow(self, table_id: str) -> Callable[[], None]:
        """Nothing to do: one process hears every append to the file, as it is made."""
        check_table_id(table_id)
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
        return _followed_nothing

    def announce(self, table_id: str, message: str) -> None:
        """To the other stores open on this file in this process (a SQLite table server
        is one process: its own pages hear it without the store)."""
        check_table_id(table_id)
        check_said(message)
        with _OPEN_LOCK:
            stores = [s for s in _OPEN.get(self._key, ()) if s is not self]
        for store in stores:
            store._heeders.call(table_id, message)

    def heed(self, callback: Callable[[str, str], None]) -> Callable[[], None]:
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
        return self._heeders.add(callback)

    def _notify(self, table_id: str, version: int) -> None:
        with _OPEN_LOCK:
            stores = list(_OPEN.get(self._key, ()))
        for store in stores:
            store._subscribers.call(table_id, version)

    def close(self) -> None:
        with _OPEN_LOCK:
            stores = _OPEN.get(self._key, set())
            stores.discard(self)
            if not stores:
                _OPEN.pop(self._key, None)
        with self._lock:
            self._closed = True
            idle, self._idle = self._idle, []
        for conn in idle:
            conn.close()
        self._subscribers.clear()
        self._heeders.clear()

    # -- counts per client (the server's limits: store/tallies.py) -------------------

    def tally(self, kind: str, client: str, now: float, span: float, most: int,
              add: bool = True) -> float:
        """See :func:`footwork.store.tallies.tally` (one write transaction)."""
        with self._write() as conn:
            return tallies.tally(conn, "?", kind, client, now, span, most, add)

    def over(self, kind: str, now: float, span: float, most: int) -> dict[str, float]:
        """See :func:`footwork.store.tallies.over`."""
        with self._read() as conn:
            return tallies.over(conn, "?", kind, now, span, most)

    def __repr__(self) -> str:
        return f"SQLiteStore({str(self.path)!r})"


def _followed_nothing() -> None:
    """The end of a SQLite follow (nothing was started)."""
