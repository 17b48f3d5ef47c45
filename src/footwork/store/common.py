"""What both stores share: the checks of their arguments and the JSON text they keep.

Both implementations refuse the same arguments with the same errors, so the contract
suite holds for both: text must be UTF-8 without NUL characters (PostgreSQL cannot
keep NUL in text), table ids are short enough for a notification payload, versions
and limits are non-negative whole numbers, commands and events are JSON objects.
"""

from __future__ import annotations

import json
import logging
from collections.abc import Callable, Mapping, Sequence
from threading import Lock
from typing import Generic, TypeVar

from footwork.errors import excerpt
from footwork.store.protocol import MOST_SAID, CommandRecord, JSONObject, StoreError

T = TypeVar("T")

log = logging.getLogger("footwork.store")

#: The longest table id (characters); PostgreSQL's notification payload
#: (table id, ':' and version) must stay under 8000 bytes.
MAX_TABLE_ID = 1000


def check_text(what: str, value: object, *, nonempty: bool = False,
               longest: int | None = None) -> str:
    """``value`` if it is a string both stores can keep, else StoreError."""
    if not isinstance(value, str):
        raise StoreError(f"{what} must be a string, not {type(value).__name__}")
    if nonempty and not value:
        raise StoreError(f"{what} must not be empty")
    if longest is not None and len(value) > longest:
        raise StoreError(f"{what} is longer than {longest} characters: {excerpt(value)!r}")
    if "\x00" in value:
        raise StoreError(f"{what} contains a NUL character: {excerpt(value)!r}")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise StoreError(f"{what} is not valid Unicode (a lone surrogate): "
                         f"{excerpt(value)!r}") from None
    return value


def check_table_id(table_id: object) -> str:
    return check_text("table id", table_id, nonempty=True, longest=MAX_TABLE_ID)


def check_count(what: str, value: object) -> int:
    """``value`` if it is a whole number >= 0 (not a bool), else StoreError."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise StoreError(f"{what} must be a whole number, not {type(value).__name__}")
    if value < 0:
        raise StoreError(f"{what} must not be negative, not {value}")
    if value > 2**62:
        raise StoreError(f"{what} is too large: {value}")
    return value


def check_seats(seats: object) -> dict[str, str]:
    if not isinstance(seats, Mapping):
        raise StoreError(f"seats must be a mapping, not {type(seats).__name__}")
    return {check_text("seat name", name, nonempty=True):
            check_text(f"hash of seat {name!r}", digest) for name, digest in seats.items()}


def dump_json(what: str, value: object) -> str:
    """The JSON text of ``value`` (StoreError if it is not JSON: NaN, a set, ...).

    Non-ASCII characters are kept as they are (readable in the database); a string
    with a lone surrogate (which UTF-8 cannot carry) makes the whole text escaped
    (``ensure_ascii``), so that it still reads back exactly."""
    try:
        text = json.dumps(value, ensure_ascii=False, allow_nan=False,
                          separators=(",", ":"))
    except (TypeError, ValueError, RecursionError) as error:
        raise StoreError(f"{what} is not JSON: {excerpt(str(error))}") from None
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        text = json.dumps(value, ensure_ascii=True, allow_nan=False, separators=(",", ":"))
    return text


def dump_command(command: object) -> str:
    if not isinstance(command, Mapping):
        raise StoreError(f"a command must be a JSON object, not {type(command).__name__}")
    return dump_json("the command", command)


def dump_events(events: object) -> str:
    if isinstance(events, str | bytes) or not isinstance(events, Sequence):
        raise StoreError(f"events must be a sequence of JSON objects, not "
                         f"{type(events).__name__}")
    for index, event in enumerate(events):
        if not isinstance(event, Mapping):
            raise StoreError(f"event {index} must be a JSON object, not "
                             f"{type(event).__name__}")
    return dump_json("the events", list(events))


def encode_record(command: object, events: object) -> tuple[str, str]:
    """The JSON text a store keeps of a command and of its events (``append``'s
    ``encoded``)."""
    return dump_command(command), dump_events(events)


def text_bytes(command: str, events: str) -> int:
    """The bytes of a record's stored JSON (UTF-8; most of it is ASCII)."""
    size = len(command) + len(events)
    if not (command.isascii() and events.isascii()):
        size = len(command.encode("utf-8")) + len(events.encode("utf-8"))
    return size


def load_record(table_id: str, version: int, command_id: str, seat: str, command: str,
                events: str, created: float) -> CommandRecord:
    """A CommandRecord from one stored row."""
    loaded: list[JSONObject] = json.loads(events)
    return CommandRecord(table_id=table_id, version=version, command_id=command_id,
                         seat=seat, command=json.loads(command), events=tuple(loaded),
                         created=created, size=text_bytes(command, events))


def written_record(table_id: str, version: int, command_id: str, seat: str,
                   command: JSONObject, events: Sequence[JSONObject], created: float,
                   command_text: str, events_text: str, encoded: bool) -> CommandRecord:
    """The record an append returns: read back from its text, or, when the caller
    encoded it (``encoded``: its command and events are the JSON values of that text),
    made of them as they are (parsing back what was just written only gives it again)."""
    if not encoded:
        return load_record(table_id, version, command_id, seat, command_text, events_text,
                           created)
    return CommandRecord(table_id=table_id, version=version, command_id=command_id,
                         seat=seat, command=command, events=tuple(events), created=created,
                         size=text_bytes(command_text, events_text))


class Subscribers(Generic[T]):
    """The callbacks of ``subscribe`` (called with a version) or ``heed`` (with a
    message); each call survives a failing callback."""

    def __init__(self) -> None:
        self._lock = Lock()
        self._callbacks: dict[int, Callable[[str, T], None]] = {}
        self._next = 0

    def add(self, callback: Callable[[str, T], None]) -> Callable[[], None]:
        if not callable(callback):
            raise StoreError("subscribe needs a callable")
        with self._lock:
            key = self._next
            self._next += 1
            self._callbacks[key] = callback

        def stop() -> None:
            with self._lock:
                self._callbacks.pop(key, None)

        return stop

    def __bool__(self) -> bool:
        with self._lock:
            return bool(self._callbacks)

    def clear(self) -> None:
        with self._lock:
            self._callbacks.clear()

    def call(self, table_id: str, value: T) -> None:
        with self._lock:
            callbacks = list(self._callbacks.values())
        for callback in callbacks:
            try:
                callback(table_id, value)
            except Exception:
                log.exception("a store subscriber failed on %s:%s", table_id,
                              excerpt(str(value), 40))


def check_said(message: str) -> bytes:
    """A message to announce, as bytes: text of at most MOST_SAID bytes."""
    if not isinstance(message, str):
        raise StoreError("a message to announce must be text")
    data = message.encode("utf-8")
    if len(data) > MOST_SAID:
        raise StoreError(f"a message to announce holds {len(data)} bytes, more than "
                         f"{MOST_SAID}")
    return data

