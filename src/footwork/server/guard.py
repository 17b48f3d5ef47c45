"""What a stranger can cost the table server: limits per client and per key.

- who may create tables: the game master (the server's key) only, unless the lobby is
  open (``--open-lobby``); then each client address may create a few tables a day;
- how many bytes a table's log may hold (commands past it are refused);
- request bodies: their size checked before they are read (``Content-Length``) and as
  they arrive; an encounter is read in a worker thread, one at a time, within a time
  budget (``limits.time_budget``), so a costly file holds no other request back;
- WebSocket frames: their size (a client sends nothing the server needs);
- wrong keys: a client that sends too many in a minute is answered 429 with
  ``Retry-After`` until the minute is over, whatever the key.

The counts per client are kept in the store (``footwork.store.tallies``), so every
process of ``footwork serve --workers N`` shares them and a restart keeps them. A process
asks the store about a client's wrong keys only when that client sent it one within the
minute, and otherwise reads which clients are made to wait at most once a second
(``Gate.REFRESH``): the key check of an honest client costs no query of its own.
"""

from __future__ import annotations

import json
import math
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import asdict, dataclass, fields
from typing import Any, Protocol

from footwork.errors import FootworkError

#: a day, in seconds: the window of the per-client table quota
DAY = 86_400.0
#: a minute: the window of the wrong-key limit
MINUTE = 60.0
#: clients remembered at most (the oldest forgotten first): the counters stay bounded
MOST_CLIENTS = 10_000
#: what the store counts (its ``client_counts.kind``)
WRONG_KEY, TABLE_MADE = "wrong_key", "table_made"


@dataclass(frozen=True)
class Guard:
    """The server's limits; ``footwork serve`` sets them from its options. The defaults
    are safe for a server on the internet (a closed lobby)."""

    #: anyone may create tables (each client address at most ``tables_per_client`` a day)
    open_lobby: bool = False
    #: tables one client address may create in a day when the lobby is open
    tables_per_client: int = 10
    #: bytes a table's log may hold (its commands and their events, as stored)
    table_bytes: int = 2_000_000
    #: bytes of a request body (an encounter file's text fits in it)
    body_bytes: int = 1_000_000
    #: seconds the server spends reading one encounter before refusing it
    parse_seconds: float = 2.0
    #: bytes of a WebSocket message from a client
    frame_bytes: int = 16_384
    #: wrong keys one client address may send in a minute before being made to wait
    wrong_keys: int = 20
    #: bytes of loaded tables kept in memory (least recently used dropped first)
    cache_bytes: int = 300_000_000

    @classmethod
    def embedded(cls) -> Guard:
        """The limits of an app made in code (``create_app`` without a guard, tests): an
        open lobby, no per-client counts; the sizes and times as for the internet."""
        return cls(open_lobby=True, tables_per_client=1_000_000, wrong_keys=1_000_000)

    def to_json(self) -> str:
        return json.dumps(asdict(self))

    @classmethod
    def from_json(cls, text: str) -> Guard:
        data = json.loads(text)
        known = {f.name for f in fields(cls)}
        return cls(**{k: v for k, v in data.items() if k in known})


class TooManyWrongKeys(FootworkError):
    """A client sent too many wrong keys: a 429 with ``Retry-After``."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many wrong keys from this address: wait {retry_after} s")
        self.retry_after = retry_after


class QuotaExceeded(FootworkError):
    """A client of an open lobby made its tables of the day (a 429)."""

    def __init__(self, quota: int, retry_after: int) -> None:
        super().__init__(f"this address made its {quota} tables of the day; ask the game "
                         "master for a table, or wait")
        self.retry_after = retry_after


class Window:
    """Events per client in a sliding window (a bounded number of clients)."""

    def __init__(self, span: float, most: int) -> None:
        self.span = span
        self.most = most
        self._seen: OrderedDict[str, deque[float]] = OrderedDict()
        self._lock = threading.Lock()

    def wait(self, client: str, now: float | None = None) -> int:
        """Seconds ``client`` must wait before its next event counts (0: it may go)."""
        now = time.monotonic() if now is None else now
        with self._lock:
            seen = self._seen.get(client)
            if seen is None:
                return 0
            while seen and seen[0] <= now - self.span:
                seen.popleft()
            if len(seen) < self.most:
                return 0
            return max(1, int(seen[0] + self.span - now + 0.999))

    def add(self, client: str, now: float | None = None) -> None:
        now = time.monotonic() if now is None else now
        with self._lock:
            seen = self._seen.pop(client, None) or deque()
            seen.append(now)
            while len(seen) > self.most:
                seen.popleft()
            self._seen[client] = seen  # the most recent last
            while len(self._seen) > MOST_CLIENTS:
                self._seen.popitem(last=False)


class Counts(Protocol):
    """Where the counts per client live: the event store (EventStore.tally, .over)."""

    def tally(self, kind: str, client: str, now: float, span: float, most: int,
              add: bool = True) -> float: ...

    def over(self, kind: str, now: float, span: float, most: int) -> dict[str, float]: ...


def _seconds(wait: float) -> int:
    """A wait as Retry-After's whole seconds (at least 1)."""
    return max(1, math.ceil(wait))


class Gate:
    """The per-client limits of a server, counted in the store that every process of it
    shares (so a restart or a second worker gives a client no new quota)."""

    #: seconds between two reads of which clients are made to wait for wrong keys
    REFRESH = 1.0

    def __init__(self, guard: Guard, counts: Counts,
                 clock: Callable[[], float] = time.time) -> None:
        self.guard = guard
        self.counts = counts
        self.clock = clock  # wall-clock time: every process and every start share it
        #: the clients that sent this process a wrong key within the minute
        self.suspects = Window(MINUTE, 1)
        self._held: dict[str, float] = {}  # client -> when its wait ends (as last read)
        self._read_at = -math.inf
        self._lock = threading.Lock()

    def before_key(self, client: str) -> None:
        """Refuse a client that sent too many wrong keys lately, to any process (checked
        before any key is compared, so a right key waits too: guessing gains nothing by
        luck)."""
        now = self.clock()
        wait = self._held_for(client, now)
        if not wait and self.suspects.wait(client):  # it guessed here: ask exactly
            wait = self.counts.tally(WRONG_KEY, client, now, MINUTE, self.guard.wrong_keys,
                                     add=False)
        if wait:
            raise TooManyWrongKeys(_seconds(wait))

    def _held_for(self, client: str, now: float) -> float:
        """The wait of ``client`` as the store said at its last read (read again when
        older than REFRESH): wrong keys it sent to other processes, or before a restart."""
        with self._lock:
            stale = now - self._read_at >= self.REFRESH
            if stale:
                self._read_at = now
        if stale:
            found = self.counts.over(WRONG_KEY, now, MINUTE, self.guard.wrong_keys)
            self._held = {c: now + w for c, w in found.items()}
        return max(0.0, self._held.get(client, now) - now)

    def wrong_key(self, client: str) -> None:
        self.suspects.add(client)
        self.counts.tally(WRONG_KEY, client, self.clock(), MINUTE, self.guard.wrong_keys)

    def may_read_files(self, *, admin: bool, what: str) -> None:
        """Whether the lobby lets this client make the server read and draw an encounter
        or a map (the builder's check, an import): the game master's, or anyone's when
        the lobby is open (not counted against the tables of the day: the builder checks
        a draft at every edit)."""
        if admin or self.guard.open_lobby:
            return
        from footwork.server.tables import Unauthorized

        raise Unauthorized(f"{what} needs the game master's key that `footwork serve` "
                           "printed (or a server started with --open-lobby)")

    def may_create(self, client: str, *, admin: bool) -> None:
        """Whether ``client`` may create a table now (and count it)."""
        if admin:
            return
        self.may_read_files(admin=admin, what="creating a table")
        wait = self.counts.tally(TABLE_MADE, client, self.clock(), DAY,
                                 self.guard.tables_per_client)
        if wait:
            raise QuotaExceeded(self.guard.tables_per_client, _seconds(wait))


def client_of(scope: Any) -> str:
    """The client's address (as the server sees it: behind a proxy, uvicorn's
    ``--forwarded-allow-ips`` makes it the forwarded one)."""
    client = scope.get("client") if isinstance(scope, dict) else None
    return str(client[0]) if client else "unknown"
