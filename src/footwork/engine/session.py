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

import gc
from collections.abc import Callable, Mapping
from dataclasses import dataclass, fields
from typing import Any, Generic

from footwork.engine.choices import Option, Options
from footwork.engine.codec import JSON
from footwork.engine.commands import Command, command_to_json
from footwork.engine.events import Event, Rolled
from footwork.engine.machine import Engine
from footwork.engine.seats import GM, Seat
from footwork.engine.state import A, State
from footwork.engine.view import View
from footwork.errors import (
    FootworkError,
    IllegalCommand,
    InvalidCommand,
    excerpt,
)

#: the young generation's threshold :func:`steady_gc` sets (Python's default is 700)
STEADY_GC_THRESHOLD = 50_000

#: the field, next to ``roll``, that counts how many of its last faces the engine rolled
#: during play (the faces before them were rolled at the table)
ENGINE_ROLLED = "engine_rolled"


@dataclass(frozen=True, slots=True)
class Entry:
    """One accepted command and the events it produced."""

    command: Command
    events: tuple[Event, ...]


#: how an encounter file (a mapping or its text, and its name for messages) becomes a
#: played session: set by :mod:`footwork.scenario`, which builds on the engine, so that
#: the engine imports no file format (importing ``footwork`` sets it)
FileLoader = Callable[[Any, str], "Session[Any]"]
_file_loader: FileLoader | None = None


def set_file_loader(loader: FileLoader) -> None:
    """Install what :meth:`Session.from_json` reads files with (footwork.scenario does)."""
    global _file_loader
    _file_loader = loader


class Session(Generic[A]):
    """A live encounter: give it commands, read its state, options and log.

    Start one from an encounter (``load_encounter(path).session()``) or restore a saved
    one (:meth:`from_json`). ``state`` is the current :class:`State` (immutable: each
    command swaps in a new one); :meth:`to_json` is the documented state JSON, whose
    ``turn`` is :attr:`actor_to_move` (``state.turn`` is an index into ``state.order``).
    """

    def __init__(self, engine: Engine[A], initial: State[A], *,
                 source: Mapping[str, JSON] | None = None) -> None:
        #: the rules: ``decide``, ``evolve``, ``options`` for this encounter's ruleset
        self.engine: Engine[A] = engine
        #: the state before the first round began
        self.initial: State[A] = initial
        #: the encounter file's data this session was started from (what :meth:`save_json`
        #: writes back with the commands given as its steps); None when built by hand
        self.source: Mapping[str, JSON] | None = source
        #: the events that opened the encounter (round 1, the first turn)
        self.opening: tuple[Event, ...] = engine.begin(initial)
        #: each accepted command with its events, in order
        self.history: list[Entry] = []
        #: the current state
        self.state: State[A] = engine.replay(initial, self.opening)

    @classmethod
    def from_json(cls, data: Mapping[str, JSON] | str, *, name: str = "<json>"
                  ) -> Session[Any]:
        """Restore a session saved by :meth:`save_json` (or written by ``footwork play``,
        or exported by the table server): an encounter file whose steps are the commands
        given. ``data`` is the parsed mapping, or its JSON or YAML text; ``name`` is used
        in error messages. Every step is replayed (rolls come from the file, never rolled
        again). A file that does not load, a step that is refused or an expectation that
        fails raises :class:`ScenarioError`, in one line."""
        if _file_loader is None:
            raise FootworkError("Session.from_json reads encounter files, which is "
                                "footwork.scenario's job: import footwork.scenario first")
        return _file_loader(data, name)

    def save_json(self) -> dict[str, JSON]:
        """The encounter file this session started from, its ``steps`` replaced by the
        commands given (every rolled face written down): :meth:`from_json` restores it,
        and ``footwork run`` or ``footwork play`` accept it as a file."""
        if self.source is None:
            raise FootworkError("this session was not started from an encounter file, so "
                                "it cannot be saved as one; start it with "
                                "encounter.session()")
        return {**self.source, "steps": self.commands_json()}

    @property
    def events(self) -> list[Event]:
        """Every event so far, in order: the log that replays to :attr:`state`."""
        return [*self.opening, *(e for entry in self.history for e in entry.events)]

    @property
    def actor_to_move(self) -> str | None:
        """The id of the actor whose turn it is (the state JSON's ``turn``), or None once
        the encounter has ended. While a decision is pending, the one who must answer is
        ``state.pending.actor``."""
        return None if self.state.ended else self.state.current

    def do(self, command: Command | Mapping[str, Any]) -> tuple[Event, ...]:
        """Decide and apply a command (a value or ``{do: ..., ...}``); returns its events.

        A malformed command raises :class:`InvalidCommand`, one the rules refuse
        :class:`IllegalCommand`; either way nothing changes."""
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

    def options(self, actor_id: str) -> Options:
        """What ``actor_id`` may do now, each :class:`Option` with the full command that
        does it, its cost, the checks on the way with their exact odds, and the rules.
        It reads as a tuple; the moves come first and each is built when it is read
        (:class:`Options`), so ``len()`` or :meth:`plan` alone stay cheap.

        Empty when it is not that actor's turn (or another must first answer a pending
        decision); while ``actor_id`` must answer one, its answers. An id that is neither
        an actor of the encounter nor the game master raises :class:`IllegalCommand`
        (reason ``unknown_actor``)."""
        self._check_actor(actor_id)
        return self.engine.options(self.state, actor_id)

    def plan(self, actor_id: str, to: str) -> Option | None:
        """The option that moves ``actor_id`` to the place ``to`` now (as ``Option.to``
        names it), built alone: what a table shows when a place is hovered or picked.
        None when no option goes there; an unknown actor as in :meth:`options`."""
        self._check_actor(actor_id)
        return self.engine.plan(self.state, actor_id, to)

    def _check_actor(self, actor_id: str) -> None:
        if actor_id not in self.state.actors and actor_id != self.engine.ruleset.gm:
            known = ", ".join([*self.state.actors, self.engine.ruleset.gm])
            raise IllegalCommand("unknown_actor", f"no actor {excerpt(str(actor_id))!r}; "
                                 f"expected one of: {excerpt(known, 200)}")

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


def settle() -> None:
    """Tell the garbage collector that what is alive now stays: once a map, a session or
    a server's tables are loaded, one full collection, then ``gc.freeze()``, which moves
    every object still alive out of the collector's reach. Later full collections then
    walk only what was made since (options, states), not the modules, maps and
    sessions; those objects are still freed as usual when nothing refers to them.

    For a process's start (``footwork serve``, ``footwork play``): each call costs a full
    collection, and what is frozen is never walked again, so a cycle of garbage among it
    would stay (the full collection first leaves none)."""
    gc.collect()
    gc.freeze()


def steady_gc() -> None:
    """Collect the young generation after :data:`STEADY_GC_THRESHOLD` net allocations
    instead of Python's 700 (never lowering a higher setting); the older generations'
    thresholds are kept. One ``options()`` of a large grid allocates tens of thousands of
    objects that live until it returns: with the default, each call runs a hundred young
    collections that promote them, and every second or third call a full one."""
    young, middle, old = gc.get_threshold()
    gc.set_threshold(max(young, STEADY_GC_THRESHOLD), middle, old)
