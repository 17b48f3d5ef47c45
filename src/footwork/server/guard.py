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

Counts are kept in this process's memory (a restart forgets them; with several worker
processes each counts its own).
"""

from __future__ import annotations

import json
import threading
import time
from collections import OrderedDict, deque
from dataclasses import asdict, dataclass, fields
from typing import Any

from footwork.errors import FootworkError

#: a day, in seconds: the window of the per-client table quota
DAY = 86_400.0
#: a minute: the window of the wrong-key limit
MINUTE = 60.0
#: clients remembered at most (the oldest forgotten first): the counters stay bounded
MOST_CLIENTS = 10_000


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


class Gate:
    """The per-client counters of one server process."""

    def __init__(self, guard: Guard) -> None:
        self.guard = guard
        self.wrong = Window(MINUTE, guard.wrong_keys)
        self.made = Window(DAY, guard.tables_per_client)

    def before_key(self, client: str) -> None:
        """Refuse a client that sent too many wrong keys lately (checked before any key
        is compared, so a right key waits too: guessing gains nothing by luck)."""
        wait = self.wrong.wait(client)
        if wait:
            raise TooManyWrongKeys(wait)

    def wrong_key(self, client: str) -> None:
        self.wrong.add(client)

    def may_create(self, client: str, *, admin: bool) -> None:
        """Whether ``client`` may create a table now (and count it)."""
        if admin:
            return
        if not self.guard.open_lobby:
            from footwork.server.tables import Unauthorized

            raise Unauthorized("creating a table needs the game master's key that "
                               "`footwork serve` printed (or a server started with "
                               "--open-lobby)")
        wait = self.made.wait(client)
        if wait:
            raise QuotaExceeded(self.guard.tables_per_client, wait)
        self.made.add(client)


def client_of(scope: Any) -> str:
    """The client's address (as the server sees it: behind a proxy, uvicorn's
    ``--forwarded-allow-ips`` makes it the forwarded one)."""
    client = scope.get("client") if isinstance(scope, dict) else None
    return str(client[0]) if client else "unknown"
