"""Planned movement shared while a player drags a token: the page sends the path under
its ruler on the table's WebSocket (`{"type": "plan", "actor", "path", "done"}`), and
the server relays it to the other live pages of that table, each through its own seat's
view: a seat that does not perceive the actor gets nothing, and the places of the path
it may not see are left out. Nothing is stored and no rule is asked: it is a gesture,
not a command. The pages of the same table held by the other processes over one
PostgreSQL database hear it too: the process that takes it announces it through the
store (``EventStore.announce``: a NOTIFY, nothing stored), and each process that hears
it queues it for its own pages of the table, which filter it as they filter their own
(the sender's right to share it was checked where it was sent)."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections import deque
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from footwork.engine.seats import Seat
from footwork.server.tables import Tables
from footwork.store import EventStore, StoreError

log = logging.getLogger("footwork.server")

#: the most places a shared path holds, and the longest name of one
MOST_PLACES = 32
LONGEST_NAME = 64
#: the most plans one page announces to the other processes in a second (each is a
#: round trip to the database; a page sends one when the path changes, a few a second):
#: beyond, a plan reaches this process's pages only, but the one ending a drag always
#: goes, so no other page keeps a stale path
MOST_ANNOUNCED = 20


@dataclass(frozen=True, slots=True)
class Plan:
    """A path under a ruler: the actor dragged, the places it goes through (the last
    under the pointer), and whether the drag is over (the path is then taken away)."""

    actor: str
    path: tuple[str, ...]
    done: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"type": "plan", "actor": self.actor, "path": list(self.path),
                "done": self.done}


def read_plan(text: str | None) -> Plan | None:
    """A plan a page sent, or None for anything else (a client message is otherwise
    ignored: the socket only pushes)."""
    try:
        body = json.loads(text or "")
    except ValueError:
        return None
    if not isinstance(body, Mapping) or body.get("type") != "plan":
        return None
    actor, path = body.get("actor"), body.get("path", [])
    if not isinstance(actor, str) or not 0 < len(actor) <= LONGEST_NAME:
        return None
    if not isinstance(path, list) or len(path) > MOST_PLACES or not all(
            isinstance(p, str) and 0 < len(p) <= LONGEST_NAME for p in path):
        return None
    return Plan(actor, tuple(path), bool(body.get("done", False)))


def may_send(tables: Tables, table_id: str, seat: Seat, plan: Plan) -> bool:
    """Only a seat that commands the actor shares its plan."""
    table = tables.live(table_id)
    with table.lock:
        return seat.controls(table.session.state, plan.actor)


def as_seen(tables: Tables, table_id: str, seat: Seat, plan: Plan) -> Plan | None:
    """``plan`` as ``seat`` may see it: None when the seat does not perceive the actor
    (the same filter as its state and log), else without the places hidden from it."""
    table = tables.live(table_id)
    with table.lock:
        state = table.session.state
        if plan.actor not in state.actors:
            return None
        hidden = table.view(seat).secrets(state)
    if plan.actor in hidden:
        return None
    return Plan(plan.actor, tuple(p for p in plan.path if p not in hidden), plan.done)


@dataclass(eq=False)  # each page is itself (hashed by identity)
class Listener:
    """One live page: its seat, and the plans waiting to be sent to it."""

    seat: Seat
    queue: asyncio.Queue[Plan] = field(default_factory=asyncio.Queue)
    #: when the plans it announced in the last second went (monotonic seconds)
    announced: deque[float] = field(default_factory=deque)

    def may_announce(self, plan: Plan, now: float) -> bool:
        """Whether ``plan`` goes to the other processes (:data:`MOST_ANNOUNCED`)."""
        while self.announced and now - self.announced[0] >= 1.0:
            self.announced.popleft()
        if len(self.announced) >= MOST_ANNOUNCED and not plan.done:
            return False
        self.announced.append(now)
        return True


class Planned:
    """The live pages of each table that plans are relayed to, in this process; with a
    ``store``, those of the other processes on its database too."""

    def __init__(self, store: EventStore | None = None) -> None:
        self.listeners: dict[str, set[Listener]] = {}
        self.store = store
        #: the event loop the pages' queues belong to (plans heard from other
        #: processes arrive on the store's thread)
        self.loop: asyncio.AbstractEventLoop | None = None

    def join(self, table_id: str, seat: Seat) -> Listener:
        listener = Listener(seat)
        self.listeners.setdefault(table_id, set()).add(listener)
        return listener

    def leave(self, table_id: str, listener: Listener) -> None:
        self.listeners.get(table_id, set()).discard(listener)

    def publish(self, table_id: str, sender: Listener | None, plan: Plan) -> None:
        """Queue ``plan`` for every other page of the table (each filters it when it
        sends, through its seat's view); ``sender`` None: every page (a plan heard from
        another process)."""
        for listener in list(self.listeners.get(table_id, ())):
            if listener is not sender:
                listener.queue.put_nowait(plan)

    def announce(self, table_id: str, sender: Listener, plan: Plan) -> None:
        """Tell the other processes (blocking: one round trip to the database; call it
        off the event loop), at most :data:`MOST_ANNOUNCED` a second from one page. A
        store that cannot take it costs the plan, never the page: it is a gesture."""
        if self.store is None or not sender.may_announce(plan, time.monotonic()):
            return
        try:
            self.store.announce(table_id, json.dumps(plan.to_json()))
        except StoreError as exc:
            log.warning("a plan was not passed to the other processes: %s", exc)

    def heard(self, table_id: str, message: str) -> None:
        """A plan announced by another process (called on the store's thread): queued
        for this process's pages of the table, on their event loop."""
        plan = read_plan(message)
        loop = self.loop
        if plan is None or loop is None or table_id not in self.listeners:
            return
        loop.call_soon_threadsafe(self.publish, table_id, None, plan)
