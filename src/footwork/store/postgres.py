"""The shared event store: one PostgreSQL database (psycopg 3 and psycopg-pool).

Several server processes may use one database; nothing else is shared between them.
An append is one statement, so one round trip (issue 24: the server's cost per command
was mostly round trips): it looks the command id up, bumps the table's version only if
it is still the expected one and no record has that id, inserts the record only if the
version was bumped, and answers what it found. Two racing appends at the same version
both try to bump the same row: the second waits for the first's commit, then finds the
version moved and inserts nothing; that (or a unique violation, for a rival with the
same command id) is read again after the winner committed and translated:
DuplicateCommand if the winner had the same command id, else VersionConflict. The
statement also sends
``NOTIFY`` on the table's own channel (:func:`channels`), with ``'<table id>:<version>'``,
delivered at commit to every connection listening on it; ``subscribe`` keeps one
listening connection in a background thread, which listens to the tables the process
follows (``follow``: those it has live connections on) and to one channel for every
table's seat keys. A process so hears no append it has no use for: each one heard cost
it a wake-up, about 27 µs of CPU, and every process used to hear every append (issue
24). After a lost connection the listener reconnects, listens again and reports each
followed table that grew meanwhile (its newest version).
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import select
import socket
import threading
import time
import uuid
import weakref
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any
from urllib.parse import urlsplit

import psycopg
import psycopg.errors
from psycopg_pool import ConnectionPool

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

log = logging.getLogger("footwork.store")

#: The schema version kept in ``footwork_schema``.
SCHEMA_VERSION = 1

#: The LISTEN/NOTIFY channel every listener hears: seat keys changed (the payload is
#: ``<table id>:<SEATS_CHANGED>``).
CHANNEL = "footwork"
#: The first word of a table's own channels: its appends (the payload is
#: ``<table id>:<version>``) and what the server's processes say to each other about it
#: (``announce``; the payload is ``<the sending store's token> <table id>\n<message>``).
APPENDED, SAID = "footwork_appended", "footwork_said"

#: The key of the advisory lock that serialises schema creation between processes.
_SCHEMA_LOCK = 0x666F6F74
#: The first key of the advisory locks that serialise the counts of one client.
_TALLY_LOCK = 0x666F6F75

SCHEMA = [
    """CREATE TABLE IF NOT EXISTS footwork_schema (version integer NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tables (
        id        text PRIMARY KEY,
        seq       bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
        name      text NOT NULL,
        ruleset   text NOT NULL,
        encounter text NOT NULL,
        version   bigint NOT NULL DEFAULT 0 CHECK (version >= 0),
        created   double precision NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS seats (
        table_id    text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        seq         bigint GENERATED ALWAYS AS IDENTITY,
        name        text NOT NULL,
        secret_hash text NOT NULL,
        PRIMARY KEY (table_id, name))""",
    """CREATE TABLE IF NOT EXISTS commands (
        table_id   text NOT NULL REFERENCES tables(id) ON DELETE CASCADE,
        version    bigint NOT NULL CHECK (version >= 1),
        command_id text NOT NULL,
        seat       text NOT NULL,
        command    text NOT NULL,
        events     text NOT NULL,
        created    double precision NOT NULL,
        PRIMARY KEY (table_id, version),
        UNIQUE (table_id, command_id))""",
    """CREATE TABLE IF NOT EXISTS snapshots (
        table_id text PRIMARY KEY REFERENCES tables(id) ON DELETE CASCADE,
        version  bigint NOT NULL CHECK (version >= 0),
        data     bytea NOT NULL)""",
]

_RECORD = "table_id, version, command_id, seat, command, events, created"
_TABLE = "id, name, ruleset, encounter, version, created"
#: a record's columns in a query joining ``tables AS t`` to ``commands AS c``
_JOINED = ", ".join(f"c.{column}" for column in _RECORD.split(", "))

#: an append in one statement: the record of the command id if there is one (``dup``),
#: the version bumped and the record inserted only if the table is at the expected
#: version and has no such record, the notification sent only then; it answers one row:
#: the version added (NULL if none), the table's version as the statement found it
#: (NULL: no such table) and the record of the command id, if any
_APPEND = f"""
WITH dup AS (
    SELECT {_RECORD} FROM commands WHERE table_id = %(table)s AND command_id = %(id)s),
bumped AS (
    UPDATE tables SET version = %(version)s
    WHERE id = %(table)s AND version = %(expected)s AND NOT EXISTS (SELECT FROM dup)
      AND (%(key)s::text IS NULL OR EXISTS (
          SELECT FROM seats WHERE table_id = %(table)s AND name = %(seat)s
                             AND secret_hash = %(key)s))
    RETURNING id),
added AS (
    INSERT INTO commands ({_RECORD})
    SELECT id, %(version)s, %(id)s, %(seat)s, %(command)s, %(events)s, %(created)s
    FROM bumped
    RETURNING version)
SELECT (SELECT version FROM added),
       (SELECT version FROM tables WHERE id = %(table)s),
       (SELECT pg_notify(%(channel)s, %(note)s) FROM added) IS NULL,
       (SELECT secret_hash FROM seats WHERE table_id = %(table)s AND name = %(seat)s),
       dup.*
FROM (SELECT) AS one LEFT JOIN dup ON true"""

#: how long a pooled connection may sit unused and still be taken without a check (a
#: check is a round trip; one used a moment ago is alive, and if the database went away
#: meanwhile the request fails and the pool drops the connection)
FRESH_SECONDS = 1.0


def channels(table_id: str) -> tuple[str, str]:
    """The table's own channels, for its appends and for what is said about it: named by
    a digest of its id (a channel name has at most 63 bytes; an id, up to 1,000)."""
    digest = hashlib.blake2b(table_id.encode("utf-8"), digest_size=16).hexdigest()
    return f"{APPENDED}_{digest}", f"{SAID}_{digest}"


def _table(row: tuple[Any, ...]) -> TableRecord:
    return TableRecord(id=row[0], name=row[1], ruleset=row[2], encounter=row[3],
                       version=row[4], created=row[5])


def _record(row: tuple[Any, ...]) -> CommandRecord:
    return load_record(*row)


def _not_found(table_id: str) -> TableNotFound:
    return TableNotFound(f"no table {excerpt(table_id)!r}")


class PostgresStore:
    """The EventStore on a PostgreSQL database (``postgresql://`` URL), its schema
    created if missing."""

    def __init__(self, url: str, *, max_connections: int = 10,
                 connect_timeout: float = 30.0) -> None:
        self.url = url
        self._timeout = connect_timeout
        self._lock = threading.Lock()
        self._closed = False
        self._subscribers: Subscribers[int] = Subscribers()
        self._heeders: Subscribers[str] = Subscribers()
        #: what this store announces is signed with it, so that it does not hear itself
        self._token = uuid.uuid4().hex
        self._listener: threading.Thread | None = None
        self._listening = threading.Event()
        self._stopping = threading.Event()
        #: the followed tables (how many follows each) and what the listener must
        #: LISTEN or UNLISTEN next (a follow waits for its LISTEN); the pair wakes it
        self._follows: dict[str, int] = {}
        self._requests: deque[tuple[bool, str, threading.Event | None]] = deque()
        self._wake_read, self._wake_write = socket.socketpair()
        self._wake_read.setblocking(False)
        self._wake_write.setblocking(False)
        try:
            # one direct connection first: its error says why (the pool's only times out)
            psycopg.connect(url, connect_timeout=max(2, int(connect_timeout))).close()
        except psycopg.Error as error:
            raise StoreError(f"cannot open the PostgreSQL database {self._where()}: "
                             f"{self._why(error)}") from None
        # each connection is checked as it leaves the pool, so that the store carries
        # on after the server restarts
        self._used: weakref.WeakKeyDictionary[psycopg.Connection[Any], float] = (
            weakref.WeakKeyDictionary())
        self._pool = ConnectionPool(url, min_size=1, max_size=max(1, max_connections),
                                    kwargs={"autocommit": True}, open=False,
                                    check=self._check,
                                    name="footwork-store", timeout=connect_timeout)
        try:
            self._pool.open(wait=True, timeout=connect_timeout)
            self._create_schema()
        except psycopg.Error as error:
            self._pool.close()
            raise StoreError(f"cannot open the PostgreSQL database {self._where()}: "
                             f"{self._why(error)}") from None
        except BaseException:
            self._pool.close()
            raise

    def _check(self, conn: psycopg.Connection[Any]) -> None:
        """Check a connection leaving the pool, unless it was used a moment ago."""
        if time.monotonic() - self._used.get(conn, 0.0) > FRESH_SECONDS:
            ConnectionPool.check_connection(conn)

    def _where(self) -> str:
        """The URL without its password, for messages."""
        try:
            info = psycopg.conninfo.conninfo_to_dict(self.url)
        except psycopg.Error:
            return "(unreadable URL)"
        host = info.get("host") or "localhost"
        port = info.get("port") or 5432
        return f"{info.get('dbname') or ''} on {host}:{port}"

    def _why(self, error: BaseException) -> str:
        """A one-line reason for a database error, without the URL's password."""
        lines = str(error).strip().splitlines()
        return excerpt(self._redact(lines[0] if lines else type(error).__name__), 200)

    def _redact(self, text: str) -> str:
        """``text`` without the URL or its password (libpq may quote a bad URL)."""
        text = text.replace(self.url, "<the database URL>")
        try:
            password = urlsplit(self.url).password
        except ValueError:
            password = None
        if not password and "@" in self.url:
            # an unparsable URL: hide whatever stands between '//' and '@'
            password = self.url.split("//", 1)[-1].rsplit("@", 1)[0]
        return text.replace(password, "***") if password else text

    def _create_schema(self) -> None:
        with self._pool.connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (_SCHEMA_LOCK,))
            for statement in SCHEMA + tallies.SCHEMA:  # counts per client: tallies.py
                conn.execute(statement)
            row = conn.execute("SELECT max(version) FROM footwork_schema").fetchone()
            found = row[0] if row else None
            if found is None:
                conn.execute("INSERT INTO footwork_schema (version) VALUES (%s)",
                             (SCHEMA_VERSION,))
            elif found > SCHEMA_VERSION:
                raise StoreError(f"the database has schema version {found}; this footwork "
                                 f"knows up to {SCHEMA_VERSION}")

    @contextmanager
    def _connection(self) -> Iterator[psycopg.Connection[Any]]:
        """A pooled connection (autocommit) for one operation; database errors become
        StoreError."""
        if self._closed:
            raise StoreError("the store is closed")
        try:
            with self._pool.connection() as conn:
                try:
                    yield conn
                finally:
                    self._used[conn] = time.monotonic()
        except psycopg.Error as error:
            raise StoreError(f"database error: {self._why(error)}") from None

    @staticmethod
    def _version(conn: psycopg.Connection[Any], table_id: str) -> int:
        row = conn.execute("SELECT version FROM tables WHERE id = %s", (table_id,)).fetchone()
        if row is None:
            raise _not_found(table_id)
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
        with self._connection() as conn:
            try:
                with conn.transaction():
                    conn.execute(f"INSERT INTO tables ({_TABLE}) VALUES "
                                 "(%s, %s, %s, %s, 0, %s)",
                                 (table_id, name, ruleset, encounter, record.created))
                    with conn.cursor() as cursor:
                        cursor.executemany(
                            "INSERT INTO seats (table_id, name, secret_hash) "
                            "VALUES (%s, %s, %s)",
                            [(table_id, seat, digest) for seat, digest in seat_rows.items()])
            except psycopg.errors.UniqueViolation:
                raise TableExists(f"a table {excerpt(table_id)!r} exists already") from None
        return record

    def tables(self) -> list[TableRecord]:
        with self._connection() as conn:
            rows = conn.execute(f"SELECT {_TABLE} FROM tables ORDER BY seq").fetchall()
        return [_table(row) for row in rows]

    def table(self, table_id: str) -> TableRecord:
        check_table_id(table_id)
        with self._connection() as conn:
            row = conn.execute(f"SELECT {_TABLE} FROM tables WHERE id = %s",
                               (table_id,)).fetchone()
        if row is None:
            raise _not_found(table_id)
        return _table(row)

    def delete_table(self, table_id: str) -> None:
        check_table_id(table_id)
        with self._connection() as conn, conn.transaction():
            # the child rows go with the table (ON DELETE CASCADE)
            if conn.execute("DELETE FROM tables WHERE id = %s", (table_id,)).rowcount == 0:
                raise _not_found(table_id)

    def seats(self, table_id: str) -> dict[str, str]:
        check_table_id(table_id)
        with self._connection() as conn:
            # one statement (one round trip): the table's row, joined to its seats
            rows = conn.execute("SELECT s.name, s.secret_hash FROM tables AS t "
                                "LEFT JOIN seats AS s ON s.table_id = t.id "
                                "WHERE t.id = %s ORDER BY s.seq", (table_id,)).fetchall()
        if not rows:
            raise _not_found(table_id)
        return {name: digest for name, digest in rows if name is not None}

    def set_seat(self, table_id: str, seat: str, secret_hash: str) -> None:
        check_table_id(table_id)
        with self._connection() as conn, conn.transaction():
            self._version(conn, table_id)
            if conn.execute("UPDATE seats SET secret_hash = %s WHERE table_id = %s "
                            "AND name = %s", (secret_hash, table_id, seat)).rowcount == 0:
                raise StoreError(f"table {table_id} has no seat {excerpt(seat)!r}")
            # every process's live connections on the old key are closed
            conn.execute("SELECT pg_notify(%s, %s)", (CHANNEL, f"{table_id}:{SEATS_CHANGED}"))

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
        with self._connection() as conn:
            try:
                row = conn.execute(_APPEND, {
                    "table": table_id, "id": command_id, "version": version,
                    "expected": expected_version, "seat": seat, "command": command_text,
                    "events": events_text, "created": created, "channel": channels(table_id)[0],
                    "note": f"{table_id}:{version}", "key": seat_key}).fetchone()
                assert row is not None  # the statement answers one row
                added, actual, key, first = row[0], row[1], row[3], row[4:]
                if added is None:
                    if first[0] is not None:
                        raise DuplicateCommand(_record(first))
                    if actual is None:
                        raise _not_found(table_id)
                    if seat_key is not None and key != seat_key:
                        raise SeatKeyChanged(table_id, seat)
                    if actual != expected_version:
                        raise VersionConflict(table_id, expected_version, actual)
                    # the version was right when the statement began, but a rival's
                    # append committed meanwhile (the bump waited for it, then missed)
                    self._lost_race(conn, table_id, expected_version, command_id)
            except psycopg.errors.UniqueViolation:
                # a rival committed (table, version) or (table, command id) first
                self._lost_race(conn, table_id, expected_version, command_id)
            except psycopg.errors.ForeignKeyViolation:
                raise _not_found(table_id) from None
        return written_record(table_id, version, command_id, seat, command, events, created,
                              command_text, events_text, encoded is not None)

    def _lost_race(self, conn: psycopg.Connection[Any], table_id: str,
                   expected_version: int, command_id: str) -> None:
        """Raise what an append that lost a race gets, read after the winner's commit."""
        row = conn.execute(f"SELECT {_RECORD} FROM commands "
                           "WHERE table_id = %s AND command_id = %s",
                           (table_id, command_id)).fetchone()
        if row is not None:
            raise DuplicateCommand(_record(row))
        actual = self._version(conn, table_id)
        raise VersionConflict(table_id, expected_version, actual)

    def command(self, table_id: str, command_id: str) -> CommandRecord | None:
        check_table_id(table_id)
        check_text("command id", command_id)
        with self._connection() as conn:
            # one statement: the table's row, joined to the record of the id if any
            row = conn.execute(f"SELECT {_JOINED} FROM tables AS t LEFT JOIN commands AS c "
                               "ON c.table_id = t.id AND c.command_id = %s WHERE t.id = %s",
                               (command_id, table_id)).fetchone()
        if row is None:
            raise _not_found(table_id)
        return None if row[0] is None else _record(row)

    def read(self, table_id: str, after: int = 0, limit: int | None = None
             ) -> list[CommandRecord]:
        check_table_id(table_id)
        check_count("after", after)
        if limit is not None:
            check_count("limit", limit)
        if limit == 0:
            self.table(table_id)  # a TableNotFound still
            return []
        with self._connection() as conn:
            # one statement (each request reads what other processes appended): the
            # table's row joined to its newer records; a row of NULLs when there is none
            rows = conn.execute(f"SELECT {_JOINED} FROM tables AS t LEFT JOIN commands AS c "
                                "ON c.table_id = t.id AND c.version > %s WHERE t.id = %s "
                                "ORDER BY c.version LIMIT %s",
                                (after, table_id, limit)).fetchall()
        if not rows:
            raise _not_found(table_id)
        return [_record(row) for row in rows if row[0] is not None]

    # -- snapshots ---------------------------------------------------------------

    def save_snapshot(self, table_id: str, version: int, data: bytes) -> None:
        check_table_id(table_id)
        check_count("snapshot version", version)
        if not isinstance(data, bytes | bytearray | memoryview):
            raise StoreError(f"a snapshot must be bytes, not {type(data).__name__}")
        with self._connection() as conn:
            try:
                with conn.transaction():
                    actual = self._version(conn, table_id)
                    if version > actual:
                        raise StoreError(f"table {excerpt(table_id)!r} is at version "
                                         f"{actual}: no snapshot at version {version}")
                    conn.execute(
                        "INSERT INTO snapshots (table_id, version, data) VALUES (%s, %s, %s) "
                        "ON CONFLICT (table_id) DO UPDATE SET version = excluded.version, "
                        "data = excluded.data WHERE excluded.version >= snapshots.version",
                        (table_id, version, bytes(data)))
            except psycopg.errors.ForeignKeyViolation:
                raise _not_found(table_id) from None

    def snapshot(self, table_id: str) -> tuple[int, bytes] | None:
        check_table_id(table_id)
        with self._connection() as conn:
            row = conn.execute("SELECT version, data FROM snapshots WHERE table_id = %s",
                               (table_id,)).fetchone()
            if row is None:
                self._version(conn, table_id)
                return None
        return row[0], bytes(row[1])

    # -- subscribers -------------------------------------------------------------

    def subscribe(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``callback`` for every append to a followed table, by any process, and
        for every seat key changed. Returns once the listener is listening, so no later
        seat change is missed (nor an append to a table followed before)."""
        return self._listen_for(self._subscribers, callback)

    def heed(self, callback: Callable[[str, str], None]) -> Callable[[], None]:
        """Call ``callback`` for every message another store object on this database
        announces on a followed table (another process's, mostly), from the same
        listener thread as the appends. Returns once the listener is listening."""
        return self._listen_for(self._heeders, callback)

    def follow(self, table_id: str) -> Callable[[], None]:
        """Listen to the table's channels from now on (the first follow waits until
        the listener has sent its LISTEN, so no later append is missed); the function
        returned ends this follow, the last one UNLISTENs. An end does not wait (a
        live connection ends on the event loop): the listener sends its UNLISTEN next,
        before any later follow's LISTEN, and until then the table may still be heard."""
        check_table_id(table_id)
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
            count = self._follows.get(table_id, 0)
            self._follows[table_id] = count + 1
            listened = threading.Event() if count == 0 else None
            if listened is not None:
                self._requests.append((True, table_id, listened))
            self._start_listener()
        self._wake()
        ended = False

        def stop() -> None:
            nonlocal ended
            with self._lock:
                if ended:
                    return
                ended = True
                left = self._follows.get(table_id, 0) - 1
                if left > 0:
                    self._follows[table_id] = left
                    return
                self._follows.pop(table_id, None)
                self._requests.append((False, table_id, None))
            self._wake()

        if listened is not None and not listened.wait(self._timeout):
            stop()
            raise StoreError(f"cannot listen for appends on {self._where()}")
        return stop

    def _start_listener(self) -> None:
        """Start the listener thread if it is not running (under ``self._lock``)."""
        if self._listener is None:
            self._listener = threading.Thread(target=self._listen, daemon=True,
                                              name="footwork-store-listener")
            self._listener.start()

    def _wake(self) -> None:
        """Wake the listener (it has a LISTEN to send, or is to stop)."""
        # full: it is woken already; closed: so is the store
        with contextlib.suppress(OSError):
            self._wake_write.send(b"!")

    def _listen_for(self, registry: Subscribers[Any], callback: Callable[[str, Any], None]
                    ) -> Callable[[], None]:
        with self._lock:
            if self._closed:
                raise StoreError("the store is closed")
            stop = registry.add(callback)
            self._start_listener()
        if not self._listening.wait(self._timeout):
            stop()
            raise StoreError(f"cannot listen for appends on {self._where()}")
        return stop

    def announce(self, table_id: str, message: str) -> None:
        """NOTIFY on the table's channel for what is said, one round trip (nothing
        stored; PostgreSQL delivers it to every connection listening on it, that is to
        every process following the table; this store's own listener skips it)."""
        check_table_id(table_id)
        check_said(message)
        with self._connection() as conn:
            conn.execute("SELECT pg_notify(%s, %s)",
                         (channels(table_id)[1], f"{self._token} {table_id}\n{message}"))

    def _listen(self) -> None:
        """The listener thread: LISTEN on a dedicated connection (the seat keys' channel,
        each followed table's), call the subscribers for each notification, reconnect
        (and catch up) when the connection fails."""
        seen: dict[str, int] | None = None
        pause = 0.1
        while not self._stopping.is_set():
            try:
                with psycopg.connect(self.url, autocommit=True,
                                     connect_timeout=max(2, int(self._timeout))) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    with self._lock:
                        followed = list(self._follows)
                        waiting = [done for _, _, done in self._requests if done]
                        self._requests.clear()
                    for table_id in followed:
                        self._listen_to(conn, table_id, True)
                    for done in waiting:
                        done.set()
                    versions: dict[str, int] = dict(conn.execute(
                        "SELECT id, version FROM tables WHERE id = ANY(%s)",
                        (followed,)).fetchall())
                    if seen is not None:
                        # appends made while no connection was listening
                        for table_id, version in versions.items():
                            if version > seen.get(table_id, 0):
                                self._subscribers.call(table_id, version)
                    seen = versions
                    self._listening.set()
                    pause = 0.1
                    while not self._stopping.is_set():
                        self._sent_requests(conn)
                        for notice in conn.notifies(timeout=0):
                            self._notified(notice, seen)
                        # wait for a notification, or for a request to listen
                        woken = self._wake_read.fileno()
                        if woken in select.select([conn.fileno(), woken], [], [], 0.2)[0]:
                            self._drain_wake()
            except Exception as error:
                if self._stopping.is_set():
                    break
                log.warning("the store's listener lost its connection (%s); reconnecting",
                            self._why(error))
                self._listening.clear()
                self._stopping.wait(pause)
                pause = min(pause * 2, 5.0)

    def _sent_requests(self, conn: psycopg.Connection[Any]) -> None:
        """LISTEN to the tables followed since, UNLISTEN those no longer followed."""
        while True:
            with self._lock:
                if not self._requests:
                    return
                listen, table_id, done = self._requests.popleft()
                # a request overtaken by a later follow or end is left to that one
                followed = table_id in self._follows
            if listen == followed:
                self._listen_to(conn, table_id, listen)
            if done is not None:
                done.set()

    @staticmethod
    def _listen_to(conn: psycopg.Connection[Any], table_id: str, listen: bool) -> None:
        verb = "LISTEN" if listen else "UNLISTEN"
        for channel in channels(table_id):  # hex digests: no quoting needed
            conn.execute(f"{verb} {channel}")

    def _notified(self, notice: psycopg.Notify, seen: dict[str, int]) -> None:
        """One notification, to the subscribers or to the heed callbacks."""
        if notice.channel.startswith(SAID):
            self._heard(notice.payload)
            return
        table_id, _, number = notice.payload.rpartition(":")
        try:
            version = int(number)
        except ValueError:
            log.warning("ignored a notification %r", notice.payload)
            return
        if version != SEATS_CHANGED and version > seen.get(table_id, 0):
            seen[table_id] = version
        self._subscribers.call(table_id, version)

    def _drain_wake(self) -> None:
        with contextlib.suppress(OSError):
            while self._wake_read.recv(512):
                pass

    def _heard(self, payload: str) -> None:
        """A message announced on the database: to the heed callbacks, unless this store
        sent it."""
        head, _, message = payload.partition("\n")
        token, _, table_id = head.partition(" ")
        if token != self._token and table_id:
            self._heeders.call(table_id, message)

    # -- closing -----------------------------------------------------------------

    # -- counts per client (the server's limits: store/tallies.py) -------------------

    def tally(self, kind: str, client: str, now: float, span: float, most: int,
              add: bool = True) -> float:
        """See :func:`footwork.store.tallies.tally`: one transaction, holding an advisory
        lock on the client so that two processes never both take its last event."""
        with self._connection() as conn, conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s::int4, hashtext(%s))",
                         (_TALLY_LOCK, f"{kind}:{client[:tallies.CLIENT_CHARS]}"))
            return tallies.tally(conn, "%s", kind, client, now, span, most, add)

    def over(self, kind: str, now: float, span: float, most: int) -> dict[str, float]:
        """See :func:`footwork.store.tallies.over`."""
        with self._connection() as conn:
            return tallies.over(conn, "%s", kind, now, span, most)

    def close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            listener, self._listener = self._listener, None
        self._stopping.set()
        self._wake()
        if listener is not None:
            listener.join(timeout=10)
        self._subscribers.clear()
        self._heeders.clear()
        self._pool.close()
        self._wake_read.close()
        self._wake_write.close()

    def __repr__(self) -> str:
        return f"PostgresStore({self._where()!r})"

