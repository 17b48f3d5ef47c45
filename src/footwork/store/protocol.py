"""The event store: tables, their seats and the log of their commands, behind one protocol.

The store knows JSON and versions, not rules. A table is an encounter (its file text)
and a log; each accepted command is one record holding the command and the events it
produced, appended atomically at the next version with optimistic concurrency: an
append names the version it was decided against, and exactly one of two racing
appends wins. A command id is unique within a table, so a retried command returns
its first record and appends nothing. Snapshots (opaque bytes the server makes) only
speed up loading: the state is always a fold of the log.

Two implementations pass one contract suite (tests/store/): SQLite (the default,
embedded) and PostgreSQL (several server processes over one database; appends by any
process reach every process's subscribers through LISTEN/NOTIFY).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from footwork.errors import FootworkError

JSONObject = dict[str, Any]

#: the version subscribers are called with when a table's seats changed (not its log)
SEATS_CHANGED = -1
#: the most bytes of a message ``announce`` passes (PostgreSQL's NOTIFY takes fewer than
#: 8,000 with the channel and the table id)
MOST_SAID = 6000


class StoreError(FootworkError):
    """A store operation that cannot be done (the message says why)."""


class TableNotFound(StoreError):
    """No table of that id."""


class TableExists(StoreError):
    """A table of that id exists already."""


class VersionConflict(StoreError):
    """The table moved on since the version the command was decided against."""

    def __init__(self, table_id: str, expected: int, actual: int) -> None:
        super().__init__(f"table {table_id} is at version {actual}, not {expected}")
        self.expected = expected
        self.actual = actual


class DuplicateCommand(StoreError):
    """The command id was appended before; ``record`` is what it appended then."""

    def __init__(self, record: CommandRecord) -> None:
        super().__init__(f"command {record.command_id} was already recorded at version "
                         f"{record.version}")
        self.record = record


class SeatKeyChanged(StoreError):
    """The seat's key is no longer the one the command came with (rotated or revoked,
    maybe by another process a moment ago): nothing was appended."""

    def __init__(self, table_id: str, seat: str) -> None:
        super().__init__(f"the key of seat {seat} of table {table_id} changed")
        self.seat = seat


@dataclass(frozen=True, slots=True)
class TableRecord:
    """A table: its id, a display name, the ruleset, the encounter text and its version
    (how many commands its log holds)."""

    id: str
    name: str
    ruleset: str
    encounter: str
    version: int
    created: float


@dataclass(frozen=True, slots=True)
class CommandRecord:
    """One accepted command at ``version`` (1 for the first): who gave it, the command
    as JSON, and the events it produced as JSON."""

    table_id: str
    version: int
    command_id: str
    seat: str
    command: JSONObject
    events: tuple[JSONObject, ...]
    created: float
    #: the bytes of its stored JSON (command and events), known from the text read or
    #: written (a table's size counts them: ``footwork serve --table-bytes``)
    size: int = field(default=0, compare=False)


class EventStore(Protocol):
    """What the server needs of a store. Every method is safe to call from any thread."""

    def create_table(self, table_id: str, name: str, ruleset: str, encounter: str,
                     seats: Mapping[str, str]) -> TableRecord:
        """A new table at version 0 with its seats (seat name -> hash of its secret).
        Raises TableExists."""
        ...

    def tables(self) -> list[TableRecord]:
        """Every table, oldest first."""
        ...

    def table(self, table_id: str) -> TableRecord:
        """One table; raises TableNotFound."""
        ...

    def delete_table(self, table_id: str) -> None:
        """Remove a table, its seats, log and snapshots; raises TableNotFound."""
        ...

    def seats(self, table_id: str) -> dict[str, str]:
        """Seat name -> hash of its secret; raises TableNotFound."""
        ...

    def set_seat(self, table_id: str, seat: str, secret_hash: str) -> None:
        """Replace the stored hash of an existing seat (a key rotated or revoked), then
        call the subscribers with version :data:`SEATS_CHANGED` (every process's: a
        live connection on the old key is closed). Raises TableNotFound, StoreError
        for a seat the table does not have."""
        ...

    def append(self, table_id: str, expected_version: int, command_id: str, seat: str,
               command: JSONObject, events: Sequence[JSONObject], *,
               encoded: tuple[str, str] | None = None,
               seat_key: str | None = None) -> CommandRecord:
        """Append one command's record at ``expected_version + 1``, atomically and
        durably. Raises DuplicateCommand if ``command_id`` is in the table's log (checked
        first), VersionConflict if the table is not at ``expected_version``,
        TableNotFound; with ``seat_key`` (the stored key the command's seat was known
        by), SeatKeyChanged if ``seat``'s stored key is no longer that, in the same
        statement (a server keeps seat keys in memory: a key another process rotated
        a moment ago never lets one more command in). ``encoded``: the JSON text of
        the command and of the events, made by the caller with
        :func:`~footwork.store.common.encode_record` (so that a record is serialised
        once, its size known to the caller)."""
        ...

    def command(self, table_id: str, command_id: str) -> CommandRecord | None:
        """The record of a command id, if the table has one."""
        ...

    def read(self, table_id: str, after: int = 0, limit: int | None = None
             ) -> list[CommandRecord]:
        """The records after version ``after``, in order (at most ``limit``)."""
        ...

    def save_snapshot(self, table_id: str, version: int, data: bytes) -> None:
        """Keep ``data`` as the table's state at ``version`` (replacing an older one)."""
        ...

    def snapshot(self, table_id: str) -> tuple[int, bytes] | None:
        """The newest snapshot and its version, if any."""
        ...

    def subscribe(self, callback: Callable[[str, int], None]) -> Callable[[], None]:
        """Call ``callback(table_id, version)`` whenever a followed table's log grows
        (by any process, for a store shared by several; :meth:`follow`), and with
        :data:`SEATS_CHANGED` when any table's seat key changes; returns the function
        that stops it. A store may also report tables nobody follows."""
        ...

    def follow(self, table_id: str) -> Callable[[], None]:
        """From the return on, the ``subscribe`` and ``heed`` callbacks hear what any
        store object appends to or announces on ``table_id`` (a table server follows
        the tables it has live connections on: a process hears no other table's
        appends, each costing it a wake-up); returns the function that stops this
        follow. Follows are counted: the table is heard until each is stopped."""
        ...

    def announce(self, table_id: str, message: str) -> None:
        """Pass ``message`` (text of at most :data:`MOST_SAID` bytes, never stored) to
        the ``heed`` callbacks of every *other* store object open on the same database,
        those of other processes too (PostgreSQL: NOTIFY): what the table server's
        processes share that is no command (the path under a player's ruler). Best
        effort: a store that is not listening at that moment misses it."""
        ...

    def heed(self, callback: Callable[[str, str], None]) -> Callable[[], None]:
        """Call ``callback(table_id, message)`` for each message another store object
        on the database announces on a followed table (never this one's own; a store
        may pass on others too); returns the function that stops it."""
        ...

    def tally(self, kind: str, client: str, now: float, span: float, most: int,
              add: bool = True) -> float:
        """Count an event of ``kind`` by ``client`` (the table server's limits, shared by
        its processes): the seconds it must wait when it has ``most`` events within the
        last ``span`` seconds (``now``: seconds since the epoch), else 0, after counting
        this one if ``add`` (footwork.store.tallies)."""
        ...

    def over(self, kind: str, now: float, span: float, most: int) -> dict[str, float]:
        """The clients with ``most`` events of ``kind`` or more within the last ``span``
        seconds, each with the seconds it must wait."""
        ...

    def close(self) -> None:
        """Release connections and threads."""
        ...
