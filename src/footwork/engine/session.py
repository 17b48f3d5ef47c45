"""A live encounter: the engine, the state, the event log and the commands given.

The session is the only mutable object: it keeps the log and swaps in each
new state. Undo replays the log without the last command's events, so what
remains is exactly what a fresh replay would give.

The commands given come back as steps of an encounter file
(:meth:`Session.commands_json`): every rolled face is written into ``roll``, and
``engine_rolled`` counts the engine's own among them, so that a replay logs
them as the engine's rolls, as they were live.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, Generic

from footwork.engine.codec import JSON
from footwork.engine.commands import Command, command_to_json
from footwork.engine.events import Event, Rolled
from footwork.engine.machine import Engine
from footwork.engine.seats import GM, Seat
from footwork.engine.state import A, State
from footwork.engine.view import View
from footwork.errors import InvalidCommand

#: the field, next to ``roll``, that counts how many of its last faces the engine rolled
#: during play (the faces before them were rolled at the table)
ENGINE_ROLLED = "engine_rolled"


@dataclass(frozen=True, slots=True)
class Entry:
    """One accepted command and the events it produced."""

    command: Command
    events: tuple[Event, ...]


class Session(Generic[A]):
    """Plays commands against an encounter and keeps the log."""

    def __init__(self, engine: Engine[A], initial: State[A]) -> None:
        self.engine = engine
        self.initial = initial
        self.opening = engine.begin(initial)
        self.history: list[Entry] = []
        self.state = engine.replay(initial, self.opening)

    @property
    def events(self) -> list[Event]:
        return [*self.opening, *(e for entry in self.history for e in entry.events)]

    def do(self, command: Command | Mapping[str, Any]) -> tuple[Event, ...]:
        """Decide and apply a command (a value or ``{do: ..., ...}``); returns its events."""
        if not isinstance(command, Command):
            if not isinstance(command, Mapping):
                raise InvalidCommand(f"expected a command mapping like {{'do': 'end_turn', "
                                     f"'actor': ...}}, got {command!r}")
            command = self.engine.parse(command)
        state, events = self.engine.apply(self.state, command)
        self.state = state
        self.history.append(Entry(command, events))
        return events

    def undo(self) -> Command | None:
        """Take back the last command; returns it, or None when there is nothing to undo."""
        if not self.history:
            return None
        entry = self.history.pop()
        self.state = self.engine.replay(self.initial, self.events)
        return entry.command

    def options(self, actor_id: str) -> tuple[Any, ...]:
        return self.engine.options(self.state, actor_id)

    def commands_json(self, *, with_rolls: bool = True) -> list[dict[str, JSON]]:
        """The commands given, as steps of an encounter file.

        ``roll`` holds the faces rolled at the table. With ``with_rolls``, the faces the
        engine rolled follow them, so the steps replay exactly whatever later changes
        the generator, and ``engine_rolled`` counts them, so that the replay logs them
        as the engine's rolls, as they were live.
        """
        out = []
        for entry in self.history:
            body = command_to_json(entry.command)
            names = {f.name for f in fields(entry.command)}
            if "roll" not in names:
                out.append(body)
                continue
            # who rolled is read from the log: a replayed command's roll holds both kinds
            rolls = [e for e in entry.events if isinstance(e, Rolled)]
            table = [v for e in rolls if e.supplied for v in e.values]
            engine = [v for e in rolls if not e.supplied for v in e.values] if with_rolls else []
            if table or engine:
                body["roll"] = [*table, *engine]
            else:
                body.pop("roll", None)
            body.pop(ENGINE_ROLLED, None)
            # only a command that takes the count can carry it: the steps must load again
            if engine and ENGINE_ROLLED in names:
                body[ENGINE_ROLLED] = len(engine)
            out.append(body)
        return out

    @property
    def batches(self) -> list[tuple[Event, ...]]:
        """The events of the opening and of each command, in order."""
        return [self.opening, *(entry.events for entry in self.history)]

    def view(self, seat: Seat | str = GM) -> View[A]:
        """Everything ``seat`` may see of this encounter (``gm``, ``players``,
        ``side:NAME``, ``actor:ID``)."""
        return View(self.engine, seat if isinstance(seat, Seat) else Seat.parse(seat))

    def to_json(self, *, log: bool = True, view: Seat | str = GM) -> dict[str, JSON]:
        """The documented state JSON: round, turn, actors, pending decision, log, as
        ``view`` (a seat) may see it."""
        return self.view(view).state_json(self.state, self.initial, self.batches, log=log)


def state_json(engine: Engine[A], state: State[A], events: list[Event] | None = None
               ) -> dict[str, JSON]:
    """The game master's state JSON of ``state`` (with ``events`` as its log). A seat's
    view needs the history to judge the log as it happened: see :class:`View`."""
    return View(engine, GM).state_json(state, None, None if events is None else [events])
