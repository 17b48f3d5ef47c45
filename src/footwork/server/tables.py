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
import json
import pickle
import secrets as secrets_module
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from footwork.engine.choices import Option, Options
from footwork.engine.codec import JSON
from footwork.engine.commands import Answer, Command, command_to_json
from footwork.engine.events import event_from_json, event_to_json
from footwork.engine.seats import GM, Seat
from footwork.engine.session import Entry, Session
from footwork.engine.view import View
from footwork.errors import FootworkError, IllegalCommand, InvalidCommand, excerpt
from footwork.scenario import Encounter, encounter_from_text
from footwork.scenario.export import dump, played_data
from footwork.server.dice import rolls_of, rolls_or_none
from footwork.store import (
    CommandRecord,
    DuplicateCommand,
    EventStore,
    TableRecord,
    VersionConflict,
)
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


class _Raced(Exception):
    """The command id was appended by another process meanwhile."""

    def __init__(self, record: CommandRecord) -> None:
        super().__init__(record.command_id)
        self.record = record


def secret_hash(secret: str) -> str:
    """The stored form of a seat's secret (secrets are random, 192 bits: a plain hash)."""
    return hashlib.sha256(secret.encode("utf-8")).hexdigest()


def new_secret() -> str:
    return secrets_module.token_urlsafe(24)


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
    #: per seat: every line it perceived so far (the GM: every event)
    logs: dict[Seat, list[dict[str, JSON]]] = field(default_factory=dict)
    #: per seat: ``chain[i]`` is the fingerprint of its first ``i`` lines
    chains: dict[Seat, list[str]] = field(default_factory=dict)
    #: options found at (version, seat, actor): the drawing and the options endpoint of
    #: one page share one search (emptied whenever the log changes)
    choices: dict[tuple[int, Seat, str], Options] = field(default_factory=dict)
    #: the map drawn without an actor's places, per (version, seat): drawn once per
    #: version, whoever picks up what (the page shades the places itself)
    drawings: dict[tuple[int, Seat], str] = field(default_factory=dict)

    def view(self, seat: Seat) -> View[Any]:
        return self.session.view(seat)

    def seat_log(self, seat: Seat) -> list[dict[str, JSON]]:
        """Every log line ``seat`` perceived, judged command by command (cached)."""
        log = self.logs.get(seat)
        if log is None:
            log = self.logs[seat] = self.view(seat).log(self.session.initial,
                                                        self.session.batches)
        return log

    def digest(self, seat: Seat, count: int) -> str:
        """A fingerprint of the first ``count`` lines ``seat`` perceived. A client keeps
        the one it last received and sends it back when it reconnects: a different one
        means the history it saw was taken back (an undo), so it gets a reset. It says
        nothing the seat's own lines do not (an undo of a hidden command changes none)."""
        log = self.seat_log(seat)
        chain = self.chains.setdefault(seat, [""])
        count = max(0, min(count, len(log)))
        while len(chain) <= count:
            line = json.dumps(log[len(chain) - 1], sort_keys=True, separators=(",", ":"))
            chain.append(hashlib.sha256((chain[-1] + line).encode()).hexdigest()[:16])
        return chain[count]

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
        return self.version if seat.is_gm else len(self.seat_log(seat))


class Tables:
    """The server's tables over one store. Safe to use from several threads."""

    def __init__(self, store: EventStore, *, admin_secret: str | None = None,
                 link_seed: str | None = None,
                 on_change: Callable[[str], None] | None = None) -> None:
        self.store = store
        self.admin_hash = secret_hash(admin_secret) if admin_secret else None
        #: seat secrets are derived from it (:meth:`seat_secret`), so that the game
        #: master's lobby can show every seat's link again; None: random secrets
        self.link_seed = link_seed
        self._live: dict[str, LiveTable] = {}
        self._lock = threading.Lock()
        self.on_change = on_change

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
            self._live.setdefault(table_id, LiveTable(record, encounter, encounter.session(), 0))
        return record, issued

    def all(self) -> list[TableRecord]:
        return self.store.tables()

    def seat_secret(self, table_id: str, seat: str) -> str:
        """A new seat's secret: derived from the server's link seed (a keyed hash of the
        table and the seat, as unguessable as a random one while the seed is secret), or
        random when the server has none."""
        if self.link_seed is None:
            return new_secret()
        digest = hmac.new(self.link_seed.encode("utf-8"), f"{table_id}\n{seat}".encode(),
                          hashlib.sha256).digest()[:24]
        return base64.urlsafe_b64encode(digest).decode("ascii").rstrip("=")

    def is_admin(self, secret: str | None) -> bool:
        """Whether ``secret`` is the server's game-master key."""
        return bool(secret) and self.admin_hash is not None and hmac.compare_digest(
            secret_hash(str(secret)), self.admin_hash)

    def seat_secrets(self, table_id: str) -> dict[str, str]:
        """Every seat of the table whose secret this server can give again (those derived
        from its link seed), for the game master's lobby; a table made with random
        secrets (before the seed, or by another server) gives none."""
        if self.link_seed is None:
            return {}
        out: dict[str, str] = {}
        for seat, stored in self.store.seats(table_id).items():
            secret = self.seat_secret(table_id, seat)
            if hmac.compare_digest(secret_hash(secret), stored):
                out[seat] = secret
        return out

    def delete(self, table_id: str, seat: Seat) -> None:
        if not seat.is_gm:
            raise Forbidden("only the game master may delete a table")
        self.store.delete_table(table_id)
        with self._lock:
            self._live.pop(table_id, None)

    # -- seats -----------------------------------------------------------------------

    def seat_of(self, table_id: str, secret: str | None) -> Seat:
        """The seat whose secret this is (the server's admin secret is every table's GM)."""
        if not secret:
            raise Unauthorized("this needs a seat's secret (the key of your table link)")
        given = secret_hash(secret)
        if self.admin_hash is not None and hmac.compare_digest(given, self.admin_hash):
            self.store.table(table_id)  # a 404 for a table that does not exist
            return GM
        for name, stored in self.store.seats(table_id).items():
            if hmac.compare_digest(given, stored):
                return Seat.parse(name)
        raise Unauthorized("no seat of this table has that secret")

    # -- loading ---------------------------------------------------------------------

    def live(self, table_id: str) -> LiveTable:
        """The table in memory, caught up with the store (another process may append)."""
        with self._lock:
            table = self._live.get(table_id)
            if table is None:
                table = self._live[table_id] = self._load(table_id)
        with table.lock:
            newer = self.store.read(table_id, after=table.version)
            for record in newer:
                self._fold(table, record)
        return table

    def _load(self, table_id: str) -> LiveTable:
        """Fold the stored log; with a snapshot, only the events after it are folded
        (the commands before it are still read: export and undo need them)."""
        record = self.store.table(table_id)
        encounter = encounter_from_text(record.encounter, f"table {table_id}")
        table = LiveTable(record, encounter, encounter.session(), 0)
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
        give them again)."""
        session = table.session
        table.choices.clear()
        table.drawings.clear()
        if record.command.get("do") == UNDO:
            session.undo()
            table.versions.pop()
            table.logs.clear()  # history changed: every seat's log is judged again
            table.chains.clear()
        else:
            engine = session.engine
            if decided is not None:
                command, events = decided
            else:
                command = engine.parse(record.command)
                events = tuple(event_from_json(e, engine.event_kinds) for e in record.events)
            session.state = engine.replay(session.state, events)
            session.history.append(Entry(command, events))
            table.versions.append(record.version)
            for seat, log in table.logs.items():
                log += table.view(seat).batch_lines(session.state, events)
        table.version = record.version

    # -- commands ----------------------------------------------------------------------

    def command(self, table_id: str, seat: Seat, version: int, command_id: str,
                body: Mapping[str, Any]) -> Accepted:
        """Decide ``body`` for ``seat`` against ``version`` (the seat's) and append it.

        A repeated ``command_id`` returns its first outcome and appends nothing; a stale
        version is refused and changes nothing; so is whatever the seat may not do."""
        table = self.live(table_id)
        with table.lock:
            first = self.store.command(table_id, command_id)
            if first is not None:
                return self._repeat(table, seat, first)
            current = table.seat_version(seat)
            if version != current:
                raise StaleVersion(version, current)
            engine = table.session.engine
            if body.get("do") == UNDO:
                try:
                    return self._undo(table, seat, version, command_id)
                except _Raced as raced:
                    return self._repeat(table, seat, raced.record)
            command = engine.checked(body)
            self._authorize(table, seat, command)
            events = table.view(seat).decide(table.session.state, command)
            try:
                record = self._append(table, seat, version, command_id,
                                      command_to_json(command), [event_to_json(e) for e in events])
            except _Raced as raced:
                return self._repeat(table, seat, raced.record)
            log = table.logs.get(seat)
            before = len(log) if log is not None else 0
            self._fold(table, record, (command, events))
            self._maybe_snapshot(table)
            # the seat's new lines: already judged for its cached log, if it has one
            lines = (log[before:] if log is not None and table.logs.get(seat) is log
                     else table.view(seat).batch_lines(table.session.state, events))
            done = Accepted(table.version, table.seat_version(seat), lines)
        self._changed(table_id)
        return done

    def _undo(self, table: LiveTable, seat: Seat, version: int, command_id: str
              ) -> Accepted:
        if not seat.is_gm:
            raise Forbidden("only the game master may undo")
        if not table.session.history:
            raise IllegalCommand("nothing_to_undo", "there is no command to take back")
        record = self._append(table, seat, version, command_id, {"do": UNDO, "actor": "gm"},
                              [])
        self._fold(table, record)
        self._changed(table.record.id)
        return Accepted(table.version, table.seat_version(seat), [])

    def _append(self, table: LiveTable, seat: Seat, sent: int, command_id: str,
                command: dict[str, Any], events: list[dict[str, Any]]) -> CommandRecord:
        """Append at the table's version; if another process appended first, catch up
        and refuse as stale (the client reads again and resends)."""
        try:
            return self.store.append(table.record.id, table.version, command_id, str(seat),
                                     command, events)
        except (VersionConflict, DuplicateCommand) as exc:
            for record in self.store.read(table.record.id, after=table.version):
                self._fold(table, record)
            if isinstance(exc, DuplicateCommand):
                raise _Raced(exc.record) from None
            raise StaleVersion(sent, table.seat_version(seat)) from None

    def _repeat(self, table: LiveTable, seat: Seat, first: CommandRecord) -> Accepted:
        if first.seat != str(seat) and not seat.is_gm:
            raise Forbidden("that command id belongs to another seat")
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
            body = table.view(seat).state_json(table.session.state, table.session.initial,
                                               table.session.batches, log=False)
            body["version"] = table.seat_version(seat)
            body["digest"] = table.digest(seat, len(table.seat_log(seat)))
            body["table"] = table_id
            body["seat"] = str(seat)
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
            log = table.seat_log(seat)
            return table.seat_version(seat), log[after:after + limit]

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
            if not actor:
                key = (table.version, seat)
                drawn = table.drawings.get(key)
                if drawn is None:
                    drawn = table.drawings[key] = render_svg(table.session, None, seat)
                return drawn
            found = self._options(table, seat, actor)
            return render_svg(table.session, actor, seat, options=found)

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


__all__ = ["Accepted", "Forbidden", "InvalidCommand", "LiveTable", "StaleVersion", "Tables",
           "Unauthorized", "example_files", "initial_text", "new_secret", "secret_hash"]
