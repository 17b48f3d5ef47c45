"""The loaded tables of a server, bounded by their estimated memory.

A table in memory is a fold of its stored log (replay equals live), so dropping it
loses nothing: the next request reads it again from the store (a snapshot and the
commands after it). The least recently used tables are dropped first once the
estimated bytes of all of them pass the bound; the one just asked for always stays.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")

#: a loaded table takes about this many times the bytes of its stored JSON (the state,
#: the history as Python objects, each seat's log lines): an estimate on the safe side
#: (bench/bench_guard_memory.py: 0.54 MB estimated for 0.34 MB measured per table)
MEMORY_PER_STORED_BYTE = 12
#: and about this much whatever its log (the encounter, the map and its indices)
MEMORY_PER_TABLE = 400_000


class TableCache(Generic[T]):
    """Loaded tables by id, least recently used first, at most ``limit`` estimated bytes
    (``size_of`` is asked again each time a table is used: it grows with its log)."""

    def __init__(self, limit: int, size_of: Callable[[T], int]) -> None:
        self.limit = limit
        self.size_of = size_of
        self._tables: OrderedDict[str, T] = OrderedDict()
        self._sizes: dict[str, int] = {}
        self._total = 0
        self._lock = threading.Lock()
        #: tables dropped to stay under the bound, since the start
        self.dropped = 0

    def get(self, table_id: str) -> T | None:
        with self._lock:
            table = self._tables.get(table_id)
            if table is not None:
                self._tables.move_to_end(table_id)
            return table

    def put(self, table_id: str, table: T) -> None:
        with self._lock:
            self._tables[table_id] = table
            self._tables.move_to_end(table_id)
            self._resize(table_id, table)

    def touch(self, table_id: str, table: T) -> None:
        """Estimate ``table``'s size again (its log grew) and drop others if need be."""
        with self._lock:
            if self._tables.get(table_id) is table:
                self._resize(table_id, table)

    def pop(self, table_id: str) -> None:
        with self._lock:
            self._tables.pop(table_id, None)
            self._total -= self._sizes.pop(table_id, 0)

    def __len__(self) -> int:
        return len(self._tables)

    @property
    def total(self) -> int:
        return self._total

    def _resize(self, table_id: str, table: T) -> None:
        size = self.size_of(table)
        self._total += size - self._sizes.get(table_id, 0)
        self._sizes[table_id] = size
        while self._total > self.limit and len(self._tables) > 1:
            oldest = next(iter(self._tables))
            if oldest == table_id:
                break
            del self._tables[oldest]
            self._total -= self._sizes.pop(oldest, 0)
            self.dropped += 1
