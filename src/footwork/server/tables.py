"""Tables: encounters being played at the server, as folds of their stored logs.

A table is loaded from its store record (the encounter text) and its log of command
records; each record holds the command and the events it produced, so loading folds
events and never decides or rolls again. Deciding a command happens under the
table's lock, against the version the client saw; its events are appended to the
store with that version (optimistic concurrency, so another server process racing on
the same table loses cleanly), then folded into the live session.

Seats: the game master, one seat per side and, if asked, one per actor. A seat's
secret is its credential (only a hash is stored). A player seat commands only its
characters and answers only its own decisions; everything it reads passes through
its :class:`~footwork.engine.view.View`. A player seat's version counts the commands
whose events it perceived, so it never shows how much hidden activity there was.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import pickle
import secrets as secrets_module
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from footwork.draw.chance import success_chance
from footwork.engine.choices import Option, Options
from footwork.engine.codec import JSON
from footwork.engine.commands import Answer, Command, command_to_json
from footwork.engine.events import event_from_json, event_to_json
from footwork.engine.seats import GM, Seat
from footwork.engine.session import Entry, Session
from footwork.engine.trails import turn_paths
from footwork.engine.view import View
from footwork.errors import FootworkError, IllegalCommand, InvalidCommand, excerpt
from footwork.scenario import Encounter, encounter_from_text
from footwork.scenario.export import dump, played_data
from footwork.server.cache import MEMORY_PER_STORED_BYTE, MEMORY_PER_TABLE, TableCache
from footwork.server.dice import rolls_of, rolls_or_none
from footwork.server.pictures import Pictures
from footwork.server.seatlogs import SeatLogs
from footwork.store import (
    CommandRecord,
    DuplicateCommand,
    EventStore,
    SeatKeyChanged,
    TableRecord,
    VersionConflict,
)
from footwork.store.common import encode_record, text_bytes
from footwork.summary import summary

#: where the shipped examples are (a checkout), offered as ready-made tables
EXAMPLES = Path(__file__).resolve().parents[3] / "examples"
#: the command that takes back the last one (the game master's)
UNDO = "undo"
#: how often (in commands) a table's state is kept as a snapshot
SNAPSHOT_EVERY = 200


class Forbidden(FootworkError):
    """The seat may not do or see this (a 403)."""


class Unauthorized(FootworkError):
    """No seat has this secret (a 401)."""


class StaleVersion(FootworkError):
    """The command was decided against an old version (a 409)."""

    def __init__(self, expected: int, actual: int) -> None:
        super().__init__(f"the table moved on: your version is {expected}, it is at {actual}; "
                         "read it again and resend")
        self.expected = expected
        self.actual = actual


class TableFull(FootworkError):
    """The table's log holds the bytes the server allows a table (a 413)."""

    def __init__(self, table_id: str, size: int, limit: int) -> None:
        super().__init__(f"table {table_id} holds {size:,} bytes, and this command would take "
                         f"it over the server's {limit:,} (footwork serve --table-bytes); "
                         "export it and start a new table from the file, or undo")
        self.size = size
        self.limit = limit


def record_bytes(command: Mapping[str, Any], events: Sequence[Mapping[str, Any]]) -> int:
    """The bytes a command's record takes in the store (its JSON), for a record that
    does not say (:attr:`CommandRecord.size`: a store's records do)."""
    return text_bytes(*encode_record(command, events))


class _Behind(Exception):
    """Another process appended to the table since this one last read it."""


class _KeyChanged(Exception):
    """The seat's key changed since the request was let in by it."""


class _Raced(Exception):
    """The command id was appended by another process meanwhile."""

    def __init__(self, record: CommandRecord) -> None:
        super().__init__(record.command_id)
        self.record = record


#: the refusal of a secret no seat of the table has (nor the server's)
WRONG_KEY = "no seat of this table has that secret"


def scoped_id(seat: Seat, command_id: str) -> str:
    """The id a seat's command is stored under: the client's id within its seat, so that
    resending another seat's id is simply a new command (an id says nothing of what
    another seat sent, issue 24 item 5). A client's id has no ``/`` (its pattern), so
    ``SEAT/ID`` names one seat's id only."""
    return f"{seat}/{command_id}"


def secret_hash(secret: str) -> str:
    """The stored form of a seat's secret (secrets are random, 192 bits: a plain hash)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_secret() -> str:
    return secrets_module.token_urlsafe(24)


#: the stored hash of a revoked seat (no secret hashes to it)
REVOKED = "revoked"


def stored_form(digest: str, generation: int) -> str:
    """What the store keeps of a seat's key: its hash, and after a rotation how many
    times it was rotated (``HASH/N``), so that a derived secret can be given again."""
    return digest if generation == 0 else f"{digest}/{generation}"


def stored_key(stored: str) -> tuple[str, int]:
    """The hash and the generation of a stored seat key (:func:`stored_form`)."""
    digest, _, generation = stored.partition("/")
    return digest, int(generation) if generation.isdigit() else 0


@dataclass
class Accepted:
    """The outcome of a command: the table version it made, and the lines the seat sees."""

    version: int
    seat_version: int
    lines: list[dict[str, JSON]]
    repeated: bool = False


@dataclass
class LiveTable:
    """A table in memory: its encounter, a session holding the fold of its log, its
    version in the store, and each seat's log as it was shown (for live updates)."""

    record: TableRecord
    encounter: Encounter
    session: Session[Any]
    version: int
    #: the version of each command still in force, in order (undo removes the last);
    #: only the versions: the commands and events are the session's, and the records
    #: themselves (their JSON) are the store's, read from it when asked (issue 25)
    versions: list[int] = field(default_factory=list)
    lock: threading.RLock = field(default_factory=threading.RLock)
    #: per seat read so far: every line it perceived (the GM: every event) and their
    #: fingerprints, kept compactly (seatlogs.py, issue 25)
    logs: SeatLogs = field(default_factory=SeatLogs)
    #: options found at (version, seat, actor): the drawing and the options endpoint of
    #: one page share one search (emptied whenever the log changes)
    choices: dict[tuple[int, Seat, str], Options] = field(default_factory=dict)
    #: the map drawn without an actor's places, per (version, seat): drawn once per
    #: version, whoever picks up what (the page shades the places itself)
    drawings: dict[tuple[int, Seat], str] = field(default_factory=dict)
    #: bytes of the stored log (its records' JSON) and of the encounter text
    bytes: int = 0
    #: seat name -> its stored key, as last read (None: not read, or a key changed since)
    seats: dict[str, str] | None = None

    def view(self, seat: Seat) -> View[Any]:
        return self.session.view(seat)

    def seat_log(self, seat: Seat, after: int = 0, limit: int | None = None
                 ) -> list[dict[str, JSON]]:
        """The log lines ``seat`` perceived after its first ``after`` (at most ``limit``),
        judged command by command (the judging is kept: :class:`SeatLogs`)."""
        return self.logs.lines(self.session, seat, after, limit)

    def seat_count(self, seat: Seat) -> int:
        """How many log lines ``seat`` perceived."""
        return self.logs.count(self.session, seat)

    def digest(self, seat: Seat, count: int) -> str:
        """A fingerprint of the first ``count`` lines ``seat`` perceived. A client keeps
        the one it last received and sends it back when it reconnects: a different one
        means the history it saw was taken back (an undo), so it gets a reset. It says
        nothing the seat's own lines do not (an undo of a hidden command changes none)."""
        return self.logs.digest(self.session, seat, count)

    def lines_since(self, seat: Seat, count: int, digest: str | None
                    ) -> tuple[int, bool, list[dict[str, JSON]]]:
        """What a client that holds the seat's first ``count`` lines, fingerprinted
        ``digest``, lacks: ``(count, False, the lines after them)``; or, when its lines
        are no longer the seat's first ones (an undo; ``digest`` None: unknown),
        ``(0, True, every line)`` to replace its log with."""
        total = self.seat_count(seat)
        if digest is not None and count <= total and self.digest(seat, count) == digest:
            return count, False, self.seat_log(seat, count)
        return 0, True, self.seat_log(seat)

    def position(self, seat: Seat, version: int) -> int:
        """How many of the seat's log lines a client at ``version`` (the seat's) has."""
        if not seat.is_gm:
            return max(0, version)
        session = self.session
        return len(session.opening) + sum(
            len(entry.events) for entry, made in zip(session.history, self.versions, strict=True)
            if made <= version)

    def seat_version(self, seat: Seat) -> int:
        """The version a seat sees: the table's for the game master; for a player seat,
        how many log lines it perceived (hidden commands do not move it)."""
        return self.version if seat.is_gm else self.seat_count(seat)


class Tables:
    """The server's tables over one store. Safe to use from several threads."""

    def __init__(self, store: EventStore, *, admin_secret: str | None = None,
                 link_seed: str | None = None,
                 on_change: Callable[[str], None] | None = None,
                 pictures: Pictures | None = None, table_bytes: int | None = None,
                 cache_bytes: int = 300_000_000) -> None:
        self.store = store
        #: imported maps' pictures: a table's drawing links its picture there
        self.pictures = pictures
        self.admin_hash = secret_hash(admin_secret) if admin_secret else None
        #: seat secrets are derived from it (:meth:`seat_secret`), so that the game
        #: master's lobby can show every seat's link again; None: random secrets
        self.link_seed = link_seed
        #: the loaded tables, least recently used dropped first (reloaded when asked)
        self._live: TableCache[LiveTable] = TableCache(cache_bytes, estimated_bytes)
        self._key_epochs: dict[str, int] = {}
        self._lock = threading.Lock()
        self.on_change = on_change
        #: bytes a table's log may hold (None: no limit)
        self.table_bytes = table_bytes

    # -- creating, listing, deleting ---------------------------------------------------

    def create(self, text: str, *, name: str = "", source: str = "encounter.yaml",
               actor_seats: bool = False) -> tuple[TableRecord, dict[str, str]]:
        """A new table from encounter text; returns it and each seat's secret."""
        encounter = encounter_from_text(text, source)
        state = encounter.initial
        seats = [GM, *(Seat("side", side) for side in sorted(
            {a.side for a in state.actors.values()}))]
        if actor_seats:
            seats += [Seat("actor", aid) for aid in state.actors]
        title = name or str(getattr(encounter.spec, "title", "")) or Path(source).stem
        table_id = secrets_module.token_hex(6)
        issued = {str(seat): self.seat_secret(table_id, str(seat)) for seat in seats}
        record = self.store.create_table(
            table_id, excerpt(title, 80), encounter.ruleset.id, text,
            {seat: secret_hash(secret) for seat, secret in issued.items()})
        # live from the encounter just read: its first command would read and build it
        # all again (parsing the file is most of the cost of a table's first request)
        with self._lock:
            if self._live.get(table_id) is None:
                self._live.put(table_id, LiveTable(record, encounter, encounter.session(), 0,
                                                   bytes=len(text.encode("utf-8"))))
        return record, issued

    def all(self) -> list[TableRecord]:
        return self.store.tables()

    def seat_secret(self, table_id: str, seat: str, generation: int = 0) -> str:
        """A seat's secret: derived from the server's link seed (a keyed hash of the
        table, the seat and how many times its key was rotated: as unguessable as a
        random one while the seed is secret), or random when the server has none."""
        if self.link_seed is None:
            return new_secret()
        which = f"{table_id}\n{seat}" + (f"\n{generation}" if generation else "")
        digest = hmac.new(self.link_seed.encode("utf-8"), which.encode(),
                          hashlib.sha256).digest()[:24]
        return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")

    def is_admin(self, secret: str | None) -> bool:
        """Whether ``secret`` is the server's game-master key."""
        return bool(secret) and self.admin_hash is not None and hmac.compare_digest(
            secret_hash(str(secret)), self.admin_hash)

    def seat_secrets(self, table_id: str) -> dict[str, str]:
        """Every seat of the table whose secret this server can give again (those derived
        from its link seed), for the game master's lobby; a table made with random
        secrets (before the seed, or by another server) gives none, a revoked seat none."""
        if self.link_seed is None:
            return {}
        out: dict[str, str] = {}
        for seat, stored in self.store.seats(table_id).items():
            digest, generation = stored_key(stored)
            secret = self.seat_secret(table_id, seat, generation)
            if hmac.compare_digest(secret_hash(secret), digest):
                out[seat] = secret
        return out

    def revoked(self, table_id: str) -> list[str]:
        """The seats of the table whose key was revoked (no key opens them)."""
        return [seat for seat, stored in self.store.seats(table_id).items()
                if stored_key(stored)[0] == REVOKED]

    def rotate(self, table_id: str, by: Seat, seat: str) -> str:
        """Give ``seat`` a new key (the game master's): the old one stops at once and the
        live connections opened with it are closed. Returns the new secret."""
        generation = self._rekey(table_id, by, seat)
        secret = self.seat_secret(table_id, seat, generation)
        self.store.set_seat(table_id, seat, stored_form(secret_hash(secret), generation))
        self.seats_changed(table_id)  # at once here (other processes: when notified)
        return secret

    def revoke(self, table_id: str, by: Seat, seat: str) -> None:
        """Take ``seat``'s key away (the game master's): no key opens it until it is
        rotated; its live connections are closed."""
        generation = self._rekey(table_id, by, seat)
        self.store.set_seat(table_id, seat, stored_form(REVOKED, generation))
        self.seats_changed(table_id)

    def _rekey(self, table_id: str, by: Seat, seat: str) -> int:
        """The next key generation of ``seat``, once the game master is checked."""
        if not by.is_gm:
            raise Forbidden("only the game master may change a seat's key")
        stored = self.store.seats(table_id).get(seat)
        if stored is None:
            raise FootworkError(f"table {table_id} has no seat {excerpt(seat)!r}; its seats "
                                "are listed by GET /api/tables/ID/seats")
        return stored_key(stored)[1] + 1

    def key_epoch(self, table_id: str) -> int:
        """A counter that moves whenever a seat key of the table changed (here or, over
        PostgreSQL, in another process): a live connection checks its key again then."""
        return self._key_epochs.get(table_id, 0)

    def seats_changed(self, table_id: str) -> None:
        """A seat key of the table changed (here, or in another process): the keys a
        loaded table kept are read again, live connections check theirs."""
        with self._lock:
            self._key_epochs[table_id] = self._key_epochs.get(table_id, 0) + 1
            table = self._live.get(table_id)
            if table is not None:
                table.seats = None

    def delete(self, table_id: str, seat: Seat) -> None:
        if not seat.is_gm:
            raise Forbidden("only the game master may delete a table")
        self.store.delete_table(table_id)
        self._live.pop(table_id)

    # -- seats -----------------------------------------------------------------------

    def seat_of(self, table_id: str, secret: str | None) -> Seat:
        """The seat whose secret this is (the server's admin secret is every table's GM)."""
        return self.seat_and_key(table_id, secret)[0]

    def seat_and_key(self, table_id: str, secret: str | None) -> tuple[Seat, str | None]:
        """The seat whose secret this is, and its key as stored (None for the server's
        admin secret, every table's GM). A loaded table keeps its seats' keys, so that a
        request asks the store nothing more (issue 24: one store statement a command);
        they are read again once a key changed (:meth:`seats_changed`, here at once,
        from another process when its notification comes), and a command's append
        checks the key it came with (:meth:`command`'s ``key``)."""
        if not secret:
            raise Unauthorized("this needs a seat's secret (the key of your table link)")
        given = secret_hash(secret)
        table = self._live.get(table_id)
        if self.admin_hash is not None and hmac.compare_digest(given, self.admin_hash):
            if table is None:
                self.store.table(table_id)  # a 404 for a table that does not exist
            return GM, None
        for name, stored in self._seat_keys(table_id, table).items():
            if hmac.compare_digest(given, stored_key(stored)[0]):
                return Seat.parse(name), stored
        raise Unauthorized(WRONG_KEY)

    def _seat_keys(self, table_id: str, table: LiveTable | None) -> dict[str, str]:
        """The table's seats and their stored keys: the loaded table's, else the store's
        (kept by a loaded table unless a key changed while they were read)."""
        if table is not None and table.seats is not None:
            return table.seats
        epoch = self.key_epoch(table_id)
        seats = self.store.seats(table_id)
        if table is not None:
            with self._lock:
                if self._key_epochs.get(table_id, 0) == epoch:
                    table.seats = seats
        return seats

    # -- loading ---------------------------------------------------------------------

    def live(self, table_id: str, *, catch_up: bool = True) -> LiveTable:
        """The table in memory, caught up with the store (another process may append);
        ``catch_up=False``: as this process last knew it (a command catches up only when
        its version or its append says the table moved on: one store query fewer)."""
        with self._lock:
            table = self._live.get(table_id)
            if table is None:
                table = self._load(table_id)
                self._live.put(table_id, table)
                return table
        if catch_up:
            self._catch_up(table)
        return table

    def _catch_up(self, table: LiveTable) -> bool:
        """Fold the records other processes appended since this one last read; whether
        there were any."""
        with table.lock:
            newer = self.store.read(table.record.id, after=table.version)
            for record in newer:
                self._fold(table, record)
        if newer:
            self._live.touch(table.record.id, table)
        return bool(newer)

    def _load(self, table_id: str) -> LiveTable:
        """Fold the stored log; with a snapshot, only the events after it are folded
        (the commands before it are still read: export and undo need them)."""
        record = self.store.table(table_id)
        encounter = encounter_from_text(record.encounter, f"table {table_id}")
        table = LiveTable(record, encounter, encounter.session(), 0,
                          bytes=len(record.encounter.encode("utf-8")))
        records = self.store.read(table_id)
        snapshot = self._snapshot(table_id)
        if snapshot is None:
            for entry in records:
                self._fold(table, entry)
            return table
        at, state = snapshot
        session, engine = table.session, table.session.engine
        for entry in records[:at]:  # history only: the snapshot holds their fold
            if entry.command.get("do") == UNDO:
                session.history.pop()
                table.versions.pop()
            else:
                events = tuple(event_from_json(e, engine.event_kinds) for e in entry.events)
                session.history.append(Entry(engine.parse(entry.command), events))
                table.versions.append(entry.version)
            table.bytes += entry.size or record_bytes(entry.command, entry.events)
        session.state, table.version = state, at
        for entry in records[at:]:
            self._fold(table, entry)
        return table

    def _snapshot(self, table_id: str) -> tuple[int, Any] | None:
        found = self.store.snapshot(table_id)
        if found is None:
            return None
        try:  # the server's own bytes; an older footwork's may no longer load
            return found[0], pickle.loads(found[1])
        except Exception:  # any failure means: fold the whole log
            return None

    def _maybe_snapshot(self, table: LiveTable) -> None:
        """Every SNAPSHOT_EVERY commands, keep the state (it only speeds up loading)."""
        if table.version % SNAPSHOT_EVERY == 0 and table.version:
            self.store.save_snapshot(table.record.id, table.version,
                                     pickle.dumps(table.session.state))

    def _fold(self, table: LiveTable, record: CommandRecord,
              decided: tuple[Command, tuple[Any, ...]] | None = None) -> None:
        """Fold one stored record into the live table: its events, or an undo.
        ``decided``: the command and events this process just decided and appended as
        ``record`` (folded as they are: parsing back what was just written would only
        give them again; their JSON is the record's, for the seats' logs)."""
        session = table.session
        table.choices.clear()
        table.drawings.clear()
        table.bytes += record.size or record_bytes(record.command, record.events)  # undo too
        if record.command.get("do") == UNDO:
            session.undo()
            table.versions.pop()
            table.logs.clear()  # history changed: every seat's log is judged again
        else:
            engine = session.engine
            events_json = None
            if decided is not None:
                command, events = decided
                events_json = record.events
            else:
                command = engine.parse(record.command)
                events = tuple(event_from_json(e, engine.event_kinds) for e in record.events)
            session.state = engine.replay(session.state, events)
            session.history.append(Entry(command, events))
            table.versions.append(record.version)
            table.logs.fold(session, events, events_json)
        table.version = record.version

    # -- commands ----------------------------------------------------------------------

    def command(self, table_id: str, seat: Seat, version: int, command_id: str,
                body: Mapping[str, Any], *, key: str | None = None) -> Accepted:
        """Decide ``body`` for ``seat`` against ``version`` (the seat's) and append it.

        A repeated ``command_id`` returns its first outcome and appends nothing; a stale
        version is refused and changes nothing; so is whatever the seat may not do.
        ``key``: the seat's stored key the request was let in by (:meth:`seat_and_key`):
        the append is refused if it changed meanwhile, here or in another process."""
        table = self.live(table_id, catch_up=False)
        command_id = scoped_id(seat, command_id)
        with table.lock:
            # the store is asked for the command id only when the command is refused
            # here (a retry after its first answer was lost comes with a stale version
            # or is no longer legal); one that passes is looked up by the append itself,
            # in the same round trip (issue 24: one store query per command)
            try:
                try:
                    done = self._decide(table, seat, version, command_id, body, key)
                except _Behind:
                    # another process appended since this one last read (now folded):
                    # decided again, as if it had been read first (stale if the seat's
                    # version moved)
                    done = self._decide_again(table, seat, version, command_id, body, key)
                except FootworkError:
                    # refused as this process knew the table: refused as it is now
                    if not self._catch_up(table):
                        raise
                    done = self._decide_again(table, seat, version, command_id, body, key)
            except FootworkError:
                first = self.store.command(table_id, command_id)
                if first is None:
                    raise
                return self._repeat(table, seat, first)
            except _Raced as raced:
                return self._repeat(table, seat, raced.record)
            except _KeyChanged:
                self.seats_changed(table_id)  # before its notification comes
                raise Unauthorized(WRONG_KEY) from None
        self._live.touch(table_id, table)
        self._changed(table_id)
        return done

    def _decide_again(self, table: LiveTable, seat: Seat, version: int, command_id: str,
                      body: Mapping[str, Any], key: str | None) -> Accepted:
        """:meth:`_decide` once more, the table just caught up; behind again: stale."""
        try:
            return self._decide(table, seat, version, command_id, body, key)
        except _Behind:
            raise StaleVersion(version, table.seat_version(seat)) from None

    def _decide(self, table: LiveTable, seat: Seat, version: int, command_id: str,
                body: Mapping[str, Any], key: str | None) -> Accepted:
        """Decide and append a command the store has not seen (under the table's lock);
        raises _Raced if its id was appended meanwhile."""
        current = table.seat_version(seat)
        if version != current:
            self._catch_up(table)  # the client may have seen another process's append
            current = table.seat_version(seat)
            if version != current:
                raise StaleVersion(version, current)
        engine = table.session.engine
        if body.get("do") == UNDO:
            return self._undo(table, seat, version, command_id, key)
        command = engine.checked(body)
        self._authorize(table, seat, command)
        events = table.view(seat).decide(table.session.state, command)
        as_json, events_json = command_to_json(command), [event_to_json(e) for e in events]
        # serialised once: the store keeps this text, the table counts its bytes
        encoded = encode_record(as_json, events_json)
        if self.table_bytes is not None:
            size = table.bytes + text_bytes(*encoded)
            if size > self.table_bytes:
                raise TableFull(table.record.id, table.bytes, self.table_bytes)
        record = self._append(table, seat, version, command_id, as_json, events_json, encoded,
                              key)
        cached = seat in table.logs.seats
        before = table.seat_count(seat) if cached else 0
        self._fold(table, record, (command, events))
        self._maybe_snapshot(table)
        # the seat's new lines: already judged for its cached log, if it has one
        lines = (table.seat_log(seat, before) if cached
                 else table.view(seat).batch_lines(table.session.state, events, events_json))
        return Accepted(table.version, table.seat_version(seat), lines)

    def _undo(self, table: LiveTable, seat: Seat, version: int, command_id: str,
              key: str | None) -> Accepted:
        if not seat.is_gm:
            raise Forbidden("only the game master may undo")
        if not table.session.history:
            raise IllegalCommand("nothing_to_undo", "there is no command to take back")
        record = self._append(table, seat, version, command_id, {"do": UNDO, "actor": "gm"},
                              [], key=key)
        self._fold(table, record)
        return Accepted(table.version, table.seat_version(seat), [])

    def _append(self, table: LiveTable, seat: Seat, sent: int, command_id: str,
                command: dict[str, Any], events: list[dict[str, Any]],
                encoded: tuple[str, str] | None = None, key: str | None = None
                ) -> CommandRecord:
        """Append at the table's version; if another process appended first, catch up
        and raise _Behind (the caller decides again or refuses as stale), or _Raced if
        the command id was among what it appended."""
        try:
            return self.store.append(table.record.id, table.version, command_id, str(seat),
                                     command, events, encoded=encoded, seat_key=key)
        except SeatKeyChanged:
            raise _KeyChanged from None  # not a refusal to decide again: a wrong key
        except (VersionConflict, DuplicateCommand) as exc:
            self._catch_up(table)
            if isinstance(exc, DuplicateCommand):
                raise _Raced(exc.record) from None
            raise _Behind(sent) from None

    def _repeat(self, table: LiveTable, seat: Seat, first: CommandRecord) -> Accepted:
        engine = table.session.engine
        events = [event_from_json(e, engine.event_kinds) for e in first.events]
        view = table.view(seat)
        lines = view.batch_lines(table.session.state, events)
        return Accepted(first.version, table.seat_version(seat), lines, repeated=True)

    def _authorize(self, table: LiveTable, seat: Seat, command: Command) -> None:
        """A player seat commands its own characters and answers its own decisions."""
        if seat.is_gm:
            return
        state = table.session.state
        if isinstance(command, Answer):
            pending = state.pending
            if pending is None or not seat.controls(state, pending.actor):
                raise Forbidden("that decision is not yours to answer")
            if command.actor and command.actor != pending.actor:
                raise Forbidden("answer for the character that is asked")
            return
        if command.actor == table.session.engine.ruleset.gm:
            raise Forbidden("only the game master gives the game master's commands")
        if not seat.controls(state, command.actor):
            raise Forbidden(f"seat {seat} does not command {excerpt(command.actor)!r}")

    def _changed(self, table_id: str) -> None:
        if self.on_change is not None:
            self.on_change(table_id)

    # -- reading -----------------------------------------------------------------------

    def state(self, table_id: str, seat: Seat) -> dict[str, JSON]:
        table = self.live(table_id)
        with table.lock:
            # what the seat saw is kept with its log: nothing replayed (issue 25)
            body = table.view(seat).state_json(table.session.state, log=False,
                                               seen=table.logs.seen(table.session, seat))
            body["version"] = table.seat_version(seat)
            body["digest"] = table.digest(seat, table.seat_count(seat))
            body["table"] = table_id
            body["seat"] = str(seat)
            # those the seat sees who take no more part (a page takes them off the map)
            seen, ruleset = body.get("actors"), table.session.engine.ruleset
            body["out_of_scene"] = sorted(
                aid for aid in (seen if isinstance(seen, dict) else {})
                if not ruleset.takes_turns(table.session.state, aid))
            # the places each character it sees stood in this turn (a page opened
            # mid-turn draws the paths taken from them)
            body["paths"] = turn_paths(table.session, table.view(seat))
            pending = table.session.state.pending
            if isinstance(body.get("pending"), dict) and pending is not None and (
                    seat.is_gm or seat.controls(table.session.state, pending.actor)):
                # the dice each answer rolls, so that a page asks for faces only then
                view, state = table.view(seat), table.session.state
                body["answer_rolls"] = {
                    choice: rolls_or_none(view, state, {"answer": choice})
                    for choice in pending.choices}
            return body

    def log(self, table_id: str, seat: Seat, after: int = 0, limit: int = 500
            ) -> tuple[int, list[dict[str, JSON]]]:
        """The seat's log lines after the first ``after`` (its version counts them)."""
        table = self.live(table_id)
        with table.lock:
            return table.seat_version(seat), table.seat_log(seat, after, limit)

    def log_json(self, table_id: str, seat: Seat, after: int = 0, limit: int = 500
                 ) -> bytes:
        """:meth:`log` as the API's answer (a ``LogPage``), written from the kept texts
        of the lines: the same bytes as the page validated and serialised, without
        decoding a line (issue 25)."""
        table = self.live(table_id)
        with table.lock:
            lines = table.logs.page(table.session, seat, after, limit)
            head = f'{{"version":{table.seat_version(seat)},"after":{after},"lines":'
            return head.encode() + lines + b"}"

    def options(self, table_id: str, seat: Seat, actor: str) -> list[dict[str, JSON]]:
        table = self.live(table_id)
        with table.lock:
            as_json = self._option_json(table, seat)
            return [as_json(option) for option in self._options(table, seat, actor)]

    @staticmethod
    def _option_json(table: LiveTable, seat: Seat) -> Callable[[Option], dict[str, JSON]]:
        """An option as the API writes it: an option that moves lists its rolls in its
        checks; one that does not (ending a turn, an answer) is decided once, dry, for
        the dice it rolls (``rolls``, ``roll_due``)."""
        view, state = table.view(seat), table.session.state

        def as_json(option: Option) -> dict[str, JSON]:
            body = option.to_json()
            success = success_chance(option)
            if option.checks and success.outcomes:
                # the figure the map's badge gives, named (a flourish is a success too)
                exact = all(getattr(c, "exact", True) for c in option.checks)
                body["success"] = {"p": float(success.p),
                                   "exact": str(success.p) if exact else None,
                                   "of": success.words}
            if option.to is None:
                rolls = rolls_or_none(view, state, option.command)
                body["rolls"] = rolls
                body["roll_due"] = bool(rolls)
            return body
        return as_json

    def summary(self, table_id: str, seat: Seat) -> dict[str, JSON]:
        """The encounter so far as ``seat`` perceives it: rounds, who ended where,
        damage, falls (:mod:`footwork.summary`)."""
        table = self.live(table_id)
        with table.lock:
            return summary(table.session, table.view(seat))

    def rolls(self, table_id: str, seat: Seat, command: Mapping[str, Any]
              ) -> list[dict[str, JSON]]:
        """The dice ``command`` would roll now for ``seat`` (nothing is kept); refused
        as the command itself would be."""
        table = self.live(table_id)
        with table.lock:
            checked = table.session.engine.checked(command)
            self._authorize(table, seat, checked)
            return rolls_of(table.view(seat), table.session.state, checked)

    def _options(self, table: LiveTable, seat: Seat, actor: str) -> Options:
        """The actor's options as the seat sees them, found once per version (the
        caller holds the table's lock)."""
        key = (table.version, seat, actor)
        found = table.choices.get(key)
        if found is None:
            state = table.session.state
            view = table.view(seat)
            gm = table.session.engine.ruleset.gm
            if (actor not in state.actors and actor != gm) or not view.known(state, actor):
                raise FootworkError(f"no actor {excerpt(actor)!r}")
            if not seat.is_gm and not seat.controls(state, actor):
                raise Forbidden(f"seat {seat} does not command {excerpt(actor)!r}")
            found = table.choices[key] = view.options(state, actor)
        return found

    def reach(self, table_id: str, seat: Seat, actor: str, detail: Sequence[int] = ()
              ) -> dict[str, JSON]:
        """The actor's options as arrays (:func:`footwork.server.reach.reach_json`): what
        a pick-up reads; the same search as :meth:`options` and :meth:`drawing`."""
        from footwork.server.reach import reach_json

        table = self.live(table_id)
        with table.lock:
            found = self._options(table, seat, actor)
            return reach_json(found, table.seat_version(seat), detail,
                              self._option_json(table, seat))

    def drawing(self, table_id: str, seat: Seat, actor: str | None = None) -> str:
        """The map as an SVG drawing for the seat (footwork.draw), with ``actor``'s
        reachable places marked; its options come from the same cache as
        :meth:`options`, so a page reading both costs one search."""
        from footwork.draw import render_svg

        table = self.live(table_id)
        with table.lock:
            picture = self._picture(table, seat)
            if not actor:
                key = (table.version, seat)
                drawn = table.drawings.get(key)
                if drawn is None:
                    drawn = table.drawings[key] = render_svg(table.session, None, seat,
                                                             picture=picture)
                return drawn
            found = self._options(table, seat, actor)
            return render_svg(table.session, actor, seat, options=found, picture=picture)

    def _picture(self, table: LiveTable, seat: Seat) -> str:
        """Where the table's map picture is served for ``seat`` ("" when the server does
        not keep it: then nothing is drawn under the map). The picture shows every room:
        a seat with a place still hidden from it gets none (its address would let the
        page, or anyone reading it, open the whole picture)."""
        state = table.session.state
        if self.pictures is None or set(table.view(seat).secrets(state)) - set(state.actors):
            return ""
        return self.pictures.link(
            table.session.engine.ruleset.space_json(state.space).get("picture"))

    def space(self, table_id: str, seat: Seat) -> Mapping[str, JSON]:
        table = self.live(table_id)
        with table.lock:
            return table.view(seat).space_json(table.session.state)

    def query(self, table_id: str, seat: Seat, name: str, args: Sequence[str]) -> JSON:
        table = self.live(table_id)
        with table.lock:
            return table.view(seat).query(table.session.state, name, args)

    def export(self, table_id: str, seat: Seat, *, as_json: bool = False) -> str:
        """The table as an encounter file whose steps replay it (the game master's)."""
        if not seat.is_gm:
            raise Forbidden("only the game master may export a table (it holds everything)")
        table = self.live(table_id)
        with table.lock:
            data = played_data(table.encounter, table.session)
            note = (f"exported from footwork table {table_id} at version {table.version} "
                    f"({time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())})")
            return dump(data, note=note, as_json=as_json)


    def played(self, table_id: str, seat: Seat) -> tuple[dict[str, Any], int]:
        """The table as encounter data whose steps replay it, and its version (the game
        master's: a study starts from everything, hidden places too)."""
        if not seat.is_gm:
            raise Forbidden("only the game master may run a study of a table (it plays "
                            "from everything the table holds)")
        table = self.live(table_id)
        with table.lock:
            return dict(played_data(table.encounter, table.session)), table.version


def estimated_bytes(table: LiveTable) -> int:
    """About the memory a loaded table takes (server/cache.py)."""
    return MEMORY_PER_TABLE + MEMORY_PER_STORED_BYTE * table.bytes


def example_files() -> dict[str, Path]:
    """The shipped examples by name (``spans/boarding-action``)."""
    if not EXAMPLES.is_dir():
        return {}
    return {f"{p.parent.name}/{p.stem}": p for p in sorted(EXAMPLES.glob("*/*.yaml"))}


def initial_text(path: Path) -> str:
    """An example's text without its steps: a table starts where the file starts."""
    from footwork.scenario.source import read_file

    data = read_file(path).data
    if isinstance(data, dict):
        data = {k: v for k, v in data.items() if k != "steps"}
    return dump(data)


__all__ = ["Accepted", "Forbidden", "InvalidCommand", "LiveTable", "StaleVersion", "TableFull",
           "Tables", "Unauthorized", "example_files", "initial_text", "new_secret", "scoped_id",
           "secret_hash"]
