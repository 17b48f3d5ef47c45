"""Helpers of the store tests."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

from footwork.store import CommandRecord, EventStore, TableRecord

SEATS = {"gm": "hash-gm", "crew": "hash-crew", "actor:ada": "hash-ada"}


def new_table(store: EventStore, table_id: str = "t1", **seats: str) -> TableRecord:
    return store.create_table(table_id, f"Table {table_id}", "spans",
                              "footwork: 1\nruleset: spans\n", seats or SEATS)


def add(store: EventStore, table_id: str, expected: int, command_id: str,
        **extra: Any) -> CommandRecord:
    command = {"do": "run", "actor": "ada", "n": expected, **extra}
    return store.append(table_id, expected, command_id, "gm", command,
                        [{"type": "moved", "n": expected}, {"type": "spent", "n": 1}])


def fill(store: EventStore, table_id: str, count: int) -> list[CommandRecord]:
    return [add(store, table_id, n, f"c{n + 1}") for n in range(count)]


def wait_for(condition: Callable[[], bool], timeout: float = 15.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.01)


class Heard:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.calls: list[tuple[str, int]] = []

    def __call__(self, table_id: str, version: int) -> None:
        with self.lock:
            self.calls.append((table_id, version))

    def got(self) -> list[tuple[str, int]]:
        with self.lock:
            return list(self.calls)
