"""Each seat's log at a table, kept compactly (issue 25: the server's memory with pages
reading).

A page reads its seat's log lines, their count (its version) and a fingerprint of
them (its digest) after every command. Kept as one dict per line per seat, those
logs held 3.5× what the game itself holds. Here:

- every line's JSON text is written once, in one shared :class:`LinePool` (bytes, not
  objects, compressed by blocks of 64 lines once full); the game master's line of
  each event comes first, so a player seat's line that is the game master's (nothing
  hidden in it) is only that line's number;
- a seat's log is an array of line numbers (4 bytes a line); the few lines a seat's
  view rewrites (a hidden source or a scrubbed decision) get numbers of their own;
- a seat's digest chain is 8 bytes a line, extended when asked, from the newest
  lines' dicts while they are at hand (folding a command), else from the pool;
- a player seat's log also keeps whose turn it last saw begin, so that its state read
  (:meth:`SeatLogs.seen`, :class:`~footwork.engine.view.Seen`) replays nothing.

A line read back is ``json.loads`` of the text written from it, so it is the same
JSON, key order included; a log page is served as the texts themselves.
"""

from __future__ import annotations

import hashlib
import json
import zlib
from array import array
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from pydantic_core import PydanticSerializationError, to_json

from footwork.engine.codec import JSON
from footwork.engine.seats import GM, Seat
from footwork.engine.session import Session
from footwork.engine.view import Seen, last_turn

#: lines in a block of the pool (compressed once full)
BLOCK = 64
#: full blocks kept decompressed after a read (reads go forward through the lines: a
#: few suffice; each costs about 15 kB)
RECENT_BLOCKS = 2
#: how many of a seat's newest line dicts wait to be fingerprinted before they are
#: let go (read back from the pool when asked): a seat nobody reads holds no more
UNHASHED = 256


def encoded(line: Mapping[str, JSON]) -> bytes:
    """A line's JSON text as the pool keeps it: written as the API's answers are
    (pydantic's serialiser, key order kept), so a log page is the pool's texts joined,
    and ``json.loads`` gives the line back. A string UTF-8 cannot hold (a lone
    surrogate) is escaped instead."""
    try:
        return to_json(line)
    except PydanticSerializationError:
        return json.dumps(line, separators=(",", ":")).encode("ascii")


class LinePool:
    """Lines' JSON texts, each found by its number, in blocks of :data:`BLOCK` lines:
    the newest block as plain bytes, every full one compressed (a game's lines repeat
    their keys, ids and words: about 235 bytes of JSON a line, under 40 compressed)."""

    def __init__(self) -> None:
        #: the full blocks, each zlib-compressed
        self.blocks: list[bytes] = []
        #: the newest block's texts, one after another
        self.open = bytearray()
        #: ``ends[i]``: where line ``i``'s text ends in its block (decompressed)
        self.ends = array("I")
        #: the last full blocks read, decompressed (a page reads neighbouring lines)
        self.recent: dict[int, bytes] = {}

    def __len__(self) -> int:
        return len(self.ends)

    def add(self, text: bytes) -> int:
        number = len(self.ends)
        self.open += text
        self.ends.append(len(self.open))
        if number % BLOCK == BLOCK - 1:  # the block is full: kept compressed
            self.blocks.append(zlib.compress(bytes(self.open), 6))
            self.open = bytearray()
        return number

    def _block(self, block: int) -> bytes | bytearray:
        if block == len(self.blocks):
            return self.open
        found = self.recent.get(block)
        if found is None:
            found = zlib.decompress(self.blocks[block])
            if len(self.recent) >= RECENT_BLOCKS:
                self.recent.pop(next(iter(self.recent)))
            self.recent[block] = found
        return found

    def raw(self, number: int) -> bytes:
        text = self._block(number // BLOCK)
        start = self.ends[number - 1] if number % BLOCK else 0
        return bytes(text[start:self.ends[number]])

    def page(self, numbers: Iterable[int]) -> bytes:
        """The lines of ``numbers`` as one JSON array, as the API writes it."""
        return b"[" + b",".join(self.raw(n) for n in numbers) + b"]"

    def lines(self, numbers: Iterable[int]) -> list[dict[str, JSON]]:
        """The lines of ``numbers``, decoded in one go."""
        joined = self.page(numbers).decode("utf-8")
        if joined == "[]":
            return []
        # (holding the collector off while decoding halved this in-process read, but the
        # switch is process-wide and the API serves pages from the texts: not worth it)
        found: list[dict[str, JSON]] = json.loads(joined)
        return found


def fingerprint(before: str, line: dict[str, JSON]) -> bytes:
    """The next link of a digest chain (8 bytes; its hex is the digest a client sees)."""
    canonical = json.dumps(line, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256((before + canonical).encode()).digest()[:8]


@dataclass
class SeatLog:
    """One seat's log: its lines' numbers in the pool and its digest chain."""

    numbers: array[int] = field(default_factory=lambda: array("I"))
    #: link ``i`` (bytes ``8i:8i+8``) fingerprints the seat's first ``i + 1`` lines
    chain: bytearray = field(default_factory=bytearray)
    #: the dicts of the lines just after the chain's end, while they are at hand
    unhashed: list[dict[str, JSON]] = field(default_factory=list)
    #: whose turn the seat last saw begin (a player seat's; the game master's is None)
    turn: str | None = None

    def hashed(self) -> int:
        return len(self.chain) // 8

    def keep_unhashed(self, before: int, lines: Sequence[dict[str, JSON]]) -> None:
        """``lines`` were appended at position ``before``: kept for the chain if they
        follow what it covers and the wait is short; else the chain reads the pool."""
        if self.hashed() + len(self.unhashed) == before and \
                len(self.unhashed) + len(lines) <= UNHASHED:
            self.unhashed += lines
        else:
            self.unhashed = []


class SeatLogs:
    """The logs of the seats of one table that were read, over one line pool."""

    def __init__(self) -> None:
        self.pool = LinePool()
        #: the pool number of the game master's line of each event, in order (the game
        #: master's log itself); a prefix of the session's events until a log is built
        self.by_event: array[int] = array("I")
        self.seats: dict[Seat, SeatLog] = {}

    def clear(self) -> None:
        """History changed (an undo): every seat's log is judged again."""
        self.pool = LinePool()
        self.by_event = array("I")
        self.seats = {}

    # -- building and growing -------------------------------------------------------

    def log(self, session: Session[Any], seat: Seat) -> SeatLog:
        """The seat's log, judged command by command the first time it is asked."""
        found = self.seats.get(seat)
        if found is not None:
            return found
        self._cover(session)
        if seat.is_gm:
            found = SeatLog(self.by_event)
        else:
            found = SeatLog()
            view, engine = session.view(seat), session.engine
            state, first = session.initial, 0
            for batch in session.batches:
                state = engine.replay(state, batch)
                self._append(found, view.batch_lines(state, batch), first, len(batch))
                first += len(batch)
        self.seats[seat] = found
        return found

    def fold(self, session: Session[Any], events: Sequence[Any],
             events_json: Sequence[Mapping[str, JSON]] | None = None) -> None:
        """The events of one command, just folded into ``session``: each read seat's new
        lines appended (the game master's first, so the others can point at them).
        ``events_json``: the events' JSON, if the caller has it (View.batch_lines)."""
        if not self.seats:
            return
        first = len(self.by_event)
        gm_lines = session.view(GM).batch_lines(session.state, events, events_json)
        for line in gm_lines:
            self.by_event.append(self.pool.add(encoded(line)))
        for seat, log in self.seats.items():
            if log.numbers is self.by_event:
                log.keep_unhashed(first, gm_lines)
                continue
            before = len(log.numbers)
            shown = session.view(seat).batch_lines(session.state, events, events_json)
            self._append(log, shown, first, len(events))
            log.keep_unhashed(before, shown)

    def _cover(self, session: Session[Any]) -> None:
        """The game master's line of every event in the pool (those not yet there)."""
        done, seen = len(self.by_event), 0
        gm = session.view(GM)
        for batch in session.batches:
            if seen + len(batch) > done:
                skip = max(0, done - seen)
                for line in gm.batch_lines(session.state, batch[skip:]):
                    self.by_event.append(self.pool.add(encoded(line)))
            seen += len(batch)

    def _append(self, log: SeatLog, shown: Sequence[dict[str, JSON]], first: int,
                count: int) -> None:
        """A player seat's lines of one batch (events ``first`` to ``first + count``):
        each the number of the game master's line it repeats, in order (a seat's lines
        follow its events' order), or a number of its own when its view rewrote it."""
        log.turn = last_turn(shown, log.turn)
        cursor = first
        for line in shown:
            text = encoded(line)
            for event in range(cursor, first + count):
                number = self.by_event[event]
                if self.pool.raw(number) == text:
                    log.numbers.append(number)
                    cursor = event + 1
                    break
            else:
                log.numbers.append(self.pool.add(text))

    # -- reading ---------------------------------------------------------------------

    def seen(self, session: Session[Any], seat: Seat) -> Seen:
        """Whose turn the seat last saw begin, for its state read (no lines: that read
        leaves the log out, and the log's readers read the pool)."""
        return Seen(turn=self.log(session, seat).turn)

    def count(self, session: Session[Any], seat: Seat) -> int:
        return len(self.log(session, seat).numbers)

    def lines(self, session: Session[Any], seat: Seat, after: int = 0,
              limit: int | None = None) -> list[dict[str, JSON]]:
        """The seat's lines after its first ``after`` (at most ``limit``)."""
        log = self.log(session, seat)
        end = len(log.numbers) if limit is None else after + limit
        waiting = log.hashed()  # the newest lines may still be at hand as dicts
        if after >= waiting and log.unhashed and \
                min(end, len(log.numbers)) <= waiting + len(log.unhashed):
            return log.unhashed[after - waiting:end - waiting]
        return self.pool.lines(log.numbers[after:end])

    def page(self, session: Session[Any], seat: Seat, after: int, limit: int) -> bytes:
        """The seat's lines after its first ``after`` (at most ``limit``) as one JSON
        array, written as the API writes them (nothing decoded)."""
        return self.pool.page(self.log(session, seat).numbers[after:after + limit])

    def digest(self, session: Session[Any], seat: Seat, count: int) -> str:
        """The fingerprint of the seat's first ``count`` lines (clamped to its log)."""
        log = self.log(session, seat)
        count = max(0, min(count, len(log.numbers)))
        at = log.hashed()
        if at < count:
            if log.unhashed:  # the newest lines, still at hand as dicts
                taken = log.unhashed[:count - at]
                del log.unhashed[:len(taken)]
            else:  # let go of, or never held: read back from the pool
                taken = []
            taken += self.pool.lines(log.numbers[at + len(taken):count])
            before = log.chain[-8:].hex() if at else ""
            for line in taken:
                link = fingerprint(before, line)
                log.chain += link
                before = link.hex()
        return log.chain[8 * count - 8:8 * count].hex() if count else ""


__all__ = ["BLOCK", "RECENT_BLOCKS", "UNHASHED", "LinePool", "SeatLog", "SeatLogs", "encoded",
           "fingerprint"]
