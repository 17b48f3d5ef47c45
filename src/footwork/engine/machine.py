"""The engine: pure ``decide`` and ``evolve`` around one ruleset.

The engine owns what every game shares: whose turn it is, round and turn
boundaries, pending decisions, and where dice come from. What a command
means belongs to the ruleset.
"""

from __future__ import annotations

import sys
import threading
from collections import OrderedDict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final, Generic

from footwork.engine.choices import Option, Options, answer_option
from footwork.engine.commands import (
    CORE_COMMANDS,
    Answer,
    Command,
    EndEncounter,
    EndTurn,
    command_from_json,
    command_to_json,
)
from footwork.engine.events import (
    CORE_EVENTS,
    DecisionMade,
    DecisionRequested,
    EncounterEnded,
    Event,
    RoundEnded,
    RoundStarted,
    TurnEnded,
    TurnPassed,
    TurnStarted,
)
from footwork.engine.gm import (
    GM_COMMANDS,
    GM_EVENTS,
    Cast,
    GmAdd,
    GmPlace,
    GmRemove,
    decide_gm,
    evolve_gm,
)
from footwork.engine.rolling import Roller, rng_for
from footwork.engine.state import A, Pending, State, WorkingActors, fast_replace
from footwork.errors import IllegalCommand, InvalidCommand, InvalidEvent, excerpt
from footwork.rulesets.base import Ruleset

#: the events whose fold the engine takes part in (each changes, at least, its version)
_ENGINE_EVENTS = frozenset({TurnStarted, RoundStarted, EncounterEnded, DecisionRequested,
                            DecisionMade, *CORE_EVENTS})
#: what the log says of an actor whose turn passes because it left the scene
LEFT_SCENE, TAKEN_OUT = "is out of the scene", "is taken out of play"

_GM_EVENTS = frozenset(GM_EVENTS)
#: who folds an event in a replay: the ruleset alone, the engine then the ruleset, the
#: engine alone (the game master's events)
_RULESET, _CORE, _GM = "ruleset", "core", "gm"
#: how many (state, actor) answers of ``Engine.options`` an engine keeps: enough for a
#: table (its current state, the actors its seats ask about); few, since a list whose
#: options were all built (a grid's thousand moves) holds tens of thousands of objects
#: that every full collection of the garbage collector walks
OPTIONS_KEPT = 8


def _engine_part(state: State[A], event: Event, version: int | None) -> State[A]:
    """The engine's part of folding one of its own events (turn, round, end, decisions),
    with the new ``version`` in the same copy; without a version, an event that changes
    nothing here (a roll, the end of a turn or round) returns ``state`` itself."""
    stamp = {} if version is None else {"version": version}
    if isinstance(event, TurnStarted):
        return fast_replace(state, turn=state.order.index(event.actor), **stamp)
    if isinstance(event, RoundStarted):
        return fast_replace(state, round=event.round, **stamp)
    if isinstance(event, EncounterEnded):
        return fast_replace(state, ended=True, **stamp)
    if isinstance(event, DecisionRequested):
        return fast_replace(state, pending=Pending(
            actor=event.actor, kind=event.kind, choices=event.choices, prompt=event.prompt,
            context=event.context, rules=event.rules), **stamp)
    if isinstance(event, DecisionMade):
        return fast_replace(state, pending=None, **stamp)
    return fast_replace(state, **stamp) if stamp else state

#: how many of its parsed commands an engine remembers (a server thread's command is
#: checked again a few calls after its parse; more only holds memory)
_PARSED_KEPT = 64
_UNSEEN: Final = object()  # what no command is (None is not a command either)


class Engine(Generic[A]):
    """``decide(state, command) -> events`` and ``evolve(state, event) -> state`` for a ruleset."""

    def __init__(self, ruleset: Ruleset[A], *, cast: Cast | None = None) -> None:
        self.ruleset = ruleset
        #: builds characters on the encounter's map for the game master's fiat
        #: (``gm_place``, ``gm_add``); None: those are refused (``gm_remove`` still works)
        self.cast = cast
        self.command_kinds: dict[str, type[Command]] = {
            c.name: c for c in (*CORE_COMMANDS, *GM_COMMANDS, *ruleset.commands)
        }
        self.event_kinds: dict[str, type[Event]] = {
            e.type: e for e in (*CORE_EVENTS, *GM_EVENTS, *ruleset.events)
        }
        self._event_types = frozenset(self.event_kinds.values())
        # as evolve decides: the game master's first, then the engine's, then the ruleset's
        self._routes: dict[type[Event], str] = {
            kind: _GM if kind in _GM_EVENTS else _CORE if kind in _ENGINE_EVENTS else _RULESET
            for kind in self._event_types}
        # options() answers, most recently used last: (id(state), actor) -> (state,
        # options); the state is held so that its id cannot be reused while it is kept
        self._kept: OrderedDict[tuple[int, str], tuple[State[A], Options]] = OrderedDict()
        self._kept_lock = threading.Lock()
        # the commands this engine's parse made, by identity (the value held, so its id
        # is not reused while kept): checking one again would only redo that parse, as
        # the table server did once per command (issue 24 item 4); bounded, emptied whole
        self._parsed: dict[int, Command] = {}
        # the events after which the turn's holder may be out of the scene (the
        # ruleset's declared exits and the game master's fiat); None: any event may
        self._scene_exits: frozenset[type[Event]] | None = None
        if type(ruleset).takes_turns is Ruleset.takes_turns:
            self._scene_exits = frozenset()  # everyone always takes turns
        elif (declared := getattr(ruleset, "scene_exits", None)) is not None:
            self._scene_exits = frozenset({*declared, *_GM_EVENTS})

    # -- commands -----------------------------------------------------------------

    def parse(self, data: Mapping[str, Any], *, where: str = "") -> Command:
        command = command_from_json(data, self.command_kinds, where=where)
        parsed = self._parsed
        if len(parsed) >= _PARSED_KEPT:
            parsed.clear()  # one call, safe beside another thread's get (the GIL)
        parsed[id(command)] = command
        return command

    def begin(self, state: State[A]) -> tuple[Event, ...]:
        """The events that open an encounter: round 1 and the first turn."""
        roller = Roller(rng_for(state.seed, state.version))
        events: list[Event] = [RoundStarted(round=state.round)]
        state = self._fold(state, events)
        if not state.order:
            # a map with nobody on it yet (an imported map): it waits for the game
            # master to bring characters in, rather than ending at once
            return tuple(events)
        first = self._next_active(state, state.turn, include_self=True)
        if first is None:
            return (*events, EncounterEnded(reason="no actor can take a turn"))
        return tuple(events) + self._start_turn(state, first, roller)

    def decide(self, state: State[A], command: Command | Mapping[str, Any]
               ) -> tuple[Event, ...]:
        """Validate and resolve ``command`` (a value, or ``{do: ..., ...}``).

        Raises :class:`InvalidCommand` for what is not a well-formed command of this
        ruleset, :class:`IllegalCommand` for what the rules refuse; never mutates.
        """
        if not isinstance(state, State):
            raise InvalidCommand(f"expected a State, got {type(state).__name__}")
        command = self.checked(command)
        if state.ended:
            raise IllegalCommand("encounter_over", "the encounter is over: no actor can act")
        roller = Roller(rng_for(state.seed, state.version), getattr(command, "roll", None),
                        engine=command.engine_rolled or 0)
        pending = state.pending
        if isinstance(command, EndEncounter):  # the referee's call, even mid-decision
            if command.actor != self.ruleset.gm:
                raise IllegalCommand("gm_only", f"only the game master ({self.ruleset.gm}) "
                                     "ends the encounter")
            return (EncounterEnded(reason=command.reason),)
        if isinstance(command, GM_COMMANDS):  # fiat: no rule, no roll, the referee's only
            events = decide_gm(state, command, self.cast, self.ruleset.gm)
            if isinstance(command, GmPlace):  # what the ruleset says follows from it
                events += tuple(self.ruleset.placed(self.replay(state, events),
                                                    command.target))
            elif isinstance(command, GmAdd):  # and from an arrival (s34)
                events += tuple(self.ruleset.added(self.replay(state, events), command.id))
            if (isinstance(command, GmRemove) and not state.ended
                    and command.target == state.current):
                return self._take_out_current(state, events, roller)
            return events + self._pass_if_out(state, events, roller)
        if isinstance(command, Answer):
            if pending is None:
                raise IllegalCommand("nothing_pending", "there is no decision to answer")
            events = self._answer(state, pending, command, roller)
            events += self._pass_if_out(state, events, roller)
            roller.check_all_used()
            return events
        if pending is not None:
            raise IllegalCommand(
                "decision_pending",
                f"{pending.actor} must first answer: {pending.prompt} "
                f"({' / '.join(pending.choices)})",
            )
        if command.actor not in state.actors and command.actor != self.ruleset.gm:
            raise IllegalCommand(
                "unknown_actor",
                f"no actor {command.actor!r}; expected one of: {', '.join(state.actors)}",
            )
        if command.needs_turn and command.actor != state.current:
            raise IllegalCommand(
                "not_your_turn", f"it is {state.current}'s turn, not {command.actor}'s"
            )
        if isinstance(command, EndTurn):
            events = self._end_turn(state, roller)
            events += self._pass_if_out(state, events, roller)
            roller.check_all_used()
            return events
        events = tuple(self.ruleset.decide(state, command, roller))
        events += self._pass_if_out(state, events, roller)
        roller.check_all_used()
        return events

    def checked(self, command: Command | Mapping[str, Any]) -> Command:
        """``command`` as a value of this ruleset whose fields have their declared types
        (a command built by hand with wrong types is refused, not half-applied)."""
        if isinstance(command, Mapping):
            return self.parse(command)
        if self._parsed.get(id(command), _UNSEEN) is command:
            return command  # this engine's parse made it (a frozen value): checked already
        if not isinstance(command, Command):
            raise InvalidCommand(f"expected a command (a Command value or a mapping like "
                                 f"{{'do': 'end_turn', 'actor': ...}}), got "
                                 f"{type(command).__name__}")
        if self.command_kinds.get(command.name) is not type(command):
            raise InvalidCommand(f"{type(command).__name__} is not a command of the "
                                 f"{self.ruleset.id} ruleset")
        try:
            body = command_to_json(command)
        except (TypeError, ValueError) as exc:
            raise InvalidCommand(f"a field of {command.name!r} is not plain data: "
                                 f"{excerpt(str(exc))}") from None
        return self.parse(body)

    def evolve(self, state: State[A], event: Event) -> State[A]:
        """Fold one event. Pure: the engine's part, then the ruleset's; one new state per
        event where the ruleset allows it (replay spends most of its time building them)."""
        kind = type(event)
        if kind not in self._event_types:
            raise InvalidEvent(f"expected an event of the {self.ruleset.id} ruleset, got "
                               f"{excerpt(kind.__name__)}")
        version = state.version + 1
        if kind in _GM_EVENTS:  # the engine's alone: the ruleset's fold never sees them
            return fast_replace(evolve_gm(state, event), version=version)
        if kind not in _ENGINE_EVENTS:
            # the ruleset's own event: it builds the next state, the version is stamped on
            # it (the engine's part changes nothing for these events)
            out = self.ruleset.evolve(state, event)
            if out is state:
                return fast_replace(state, version=version)
            # a state the ruleset has just built, that only this frame holds (``out`` and
            # getrefcount's argument) and that still carries the old version, is stamped
            # in place; any other is copied
            if out.version == state.version and sys.getrefcount(out) <= 2:
                object.__setattr__(out, "version", version)
                return out
            return fast_replace(out, version=version)
        # the engine's part and the new version in one state (no ruleset reads
        # ``version`` while folding), then the ruleset's part
        return self.ruleset.evolve(_engine_part(state, event, version), event)

    def apply(self, state: State[A], command: Command | Mapping[str, Any]
              ) -> tuple[State[A], tuple[Event, ...]]:
        events = self.decide(state, command)
        return self._fold(state, events), events

    def replay(self, state: State[A], events: Iterable[Event]) -> State[A]:
        """The state after folding ``events`` into ``state``; no dice are rolled.

        The same state as :meth:`evolve` event after event, made with fewer copies: the
        states in between are seen by nobody, so the version (which no ruleset reads
        while folding) is stamped once at the end, an event that changes nothing (a roll,
        the end of a turn) copies nothing, and the actors are a private
        :class:`~footwork.engine.state.WorkingActors` that ``State.update_actor`` changes
        in place (a fold that builds its own mapping gets a private one again before the
        next event); the state handed back holds a plain copy."""
        routes = self._routes
        fold = self.ruleset.evolve
        start = state.version
        count = 0
        given = state
        for event in events:
            if type(state.actors) is not WorkingActors:
                state = fast_replace(state, actors=WorkingActors(state.actors))
            route = routes.get(type(event))
            if route is _RULESET:
                state = fold(state, event)
            elif route is _CORE:
                state = fold(_engine_part(state, event, None), event)
            elif route is _GM:
                state = evolve_gm(state, event)
            else:
                raise InvalidEvent(f"expected an event of the {self.ruleset.id} ruleset, got "
                                   f"{excerpt(type(event).__name__)}")
            count += 1
        if not count:
            return given
        actors = state.actors
        return fast_replace(state, version=start + count,
                            actors=dict(actors) if type(actors) is WorkingActors else actors)

    def options(self, state: State[A], actor_id: str) -> Options:
        """What ``actor_id`` may do now. While a decision is pending, only its answers.

        The places a move reaches come first, each option built when it is read (see
        :class:`Options`). The answer is kept for the last few (state, actor) pairs
        asked, so asking again about the same state costs nothing and returns the same
        object, whose options are each built once."""
        key = (id(state), actor_id)
        with self._kept_lock:
            held = self._kept.get(key)
            if held is not None and held[0] is state:
                self._kept.move_to_end(key)
                return held[1]
        found = self._options(state, actor_id)
        with self._kept_lock:
            held = self._kept.get(key)
            if held is not None and held[0] is state:  # another thread was first
                return held[1]
            self._kept[key] = (state, found)
            self._kept.move_to_end(key)
            while len(self._kept) > OPTIONS_KEPT:
                self._kept.popitem(last=False)
        return found

    def plan(self, state: State[A], actor_id: str, to: str) -> Option | None:
        """The option that moves ``actor_id`` to the place ``to`` now (its command,
        plan, cost, checks and risk), built alone; None when no option goes there."""
        return self.options(state, actor_id).find(to)

    def forget(self) -> None:
        """Drop the kept answers of :meth:`options` (benchmarks that time a cold call)."""
        with self._kept_lock:
            self._kept.clear()

    def _options(self, state: State[A], actor_id: str) -> Options:
        pending = state.pending
        if state.ended:
            return Options()
        if pending is not None:
            if pending.actor != actor_id:
                return Options()
            # each answer with what it does, costs and risks (the ruleset's consequences)
            return Options(answer_option(pending, choice) for choice in pending.choices)
        if actor_id != state.current:
            return Options()
        found = Options.of(self.ruleset.options(state, actor_id))
        return found.extended((Option(command={"do": "end_turn", "actor": actor_id},
                                      label="end the turn", cost=""),))

    # -- internals ----------------------------------------------------------------

    def _fold(self, state: State[A], events: Sequence[Event]) -> State[A]:
        for event in events:
            state = self.evolve(state, event)
        return state

    def _answer(
        self, state: State[A], pending: Pending, command: Answer, roller: Roller
    ) -> tuple[Event, ...]:
        if command.actor and command.actor != pending.actor:
            raise IllegalCommand(
                "not_your_decision",
                f"the pending decision is {pending.actor}'s, not {command.actor}'s",
            )
        if command.choice not in pending.choices:
            raise IllegalCommand(
                "bad_choice",
                f"{command.choice!r} is not a choice; expected one of: "
                f"{', '.join(pending.choices)}",
                pending.rules,
            )
        answer = fast_replace(command, actor=pending.actor)
        made = DecisionMade(actor=pending.actor, kind=pending.kind, choice=command.choice)
        follow = self.ruleset.answer(self.evolve(state, made), pending, answer, roller)
        return (made, *follow)

    def _pass_if_out(self, state: State[A], events: Sequence[Event], roller: Roller
                     ) -> tuple[Event, ...]:
        """When ``events`` leave the actor whose turn it is out of the scene (the
        ruleset's ``takes_turns`` says no: a fall off the map, a character lost), the
        events that end that turn and start the next in the order; none otherwise. A
        pending decision holds the turn until it is answered. The next actor's turn may
        itself start with it leaving (a hook at the start of a turn): it passes on
        again, at most once round the order."""
        if not self._may_leave(state, events):
            return ()
        after = self.replay(state, events)
        out: tuple[Event, ...] = ()
        for _ in range(len(after.order)):
            if (after.ended or after.pending is not None or not after.order
                    or after.current not in after.actors
                    or self.ruleset.takes_turns(after, after.current)):
                break
            passed = TurnPassed(actor=after.current, why=LEFT_SCENE)
            more = (passed, *self._end_turn(self.evolve(after, passed), roller))
            after = self.replay(after, more)
            out += more
        return out

    def _may_leave(self, state: State[A], events: Sequence[Event]) -> bool:
        """A look at ``events`` without folding them: may they leave the turn's holder out
        of the scene? Yes when one of them is a scene exit (:attr:`Ruleset.scene_exits`,
        or the game master's), when the holder was already out before them (a pending
        decision held the turn), or when the ruleset declares no exits. Otherwise the turn's
        holder (the one before, or one :meth:`_advance` chose among those who take turns)
        still takes turns, and :meth:`_pass_if_out` has nothing to pass."""
        exits = self._scene_exits
        if exits is None:
            return True
        if any(type(event) in exits for event in events):
            return True
        holder = state.current
        return (not state.ended and holder in state.actors
                and not self.ruleset.takes_turns(state, holder))

    def _take_out_current(self, state: State[A], removal: tuple[Event, ...],
                          roller: Roller) -> tuple[Event, ...]:
        """The game master takes out the actor whose turn it is: that turn ends (its
        end-of-turn hooks see the actor still there), the actor leaves, and the next in
        the order who takes turns starts theirs (or the round ends, as after any turn)."""
        actor, index = state.current, state.turn
        passed = TurnPassed(actor=actor, why=TAKEN_OUT)
        ended = TurnEnded(actor=actor)
        events: list[Event] = [passed, ended]
        state = self._fold(state, events)
        hooks = self.ruleset.on_turn_end(state, actor, roller)
        state = self._fold(state, (*hooks, *removal))
        events.extend((*hooks, *removal))
        # the order closed up over the actor: whoever came next now stands at ``index``
        return (*events, *self._advance(state, index - 1, roller))

    def _end_turn(self, state: State[A], roller: Roller) -> tuple[Event, ...]:
        actor = state.current
        events: list[Event] = [TurnEnded(actor=actor)]
        state = self._fold(state, events)
        hooks = self.ruleset.on_turn_end(state, actor, roller)
        state = self._fold(state, hooks)
        events.extend(hooks)
        return (*events, *self._advance(state, state.turn, roller))

    def _advance(self, state: State[A], after: int, roller: Roller) -> tuple[Event, ...]:
        """The events that give the turn to the next actor after the index ``after`` of
        the order who takes turns, closing the round first when the order wraps (and
        ending the encounter when nobody is left to act)."""
        events: list[Event] = []
        nxt = self._next_active(state, after, include_self=False)
        if nxt is None or nxt <= after:
            # the round is over; who opens the next one is chosen after what resolves
            # last in the round (a body that passes out at round end takes no turn)
            state, closing = self._close_round(state, roller)
            events.extend(closing)
            nxt = self._next_active(state, -1, include_self=False)
            if nxt is None:  # nobody is left to act: the encounter ends
                return (*events, EncounterEnded(reason="no actor can take a turn"))
            opening = RoundStarted(round=state.round + 1)
            state = self.evolve(state, opening)
            events.append(opening)
        events.extend(self._start_turn(state, nxt, roller))
        return tuple(events)

    def _close_round(self, state: State[A], roller: Roller) -> tuple[State[A], list[Event]]:
        """The round ends, then what the ruleset resolves last in the round."""
        ended = RoundEnded(round=state.round)
        state = self.evolve(state, ended)
        hooks = list(self.ruleset.on_round_end(state, roller))
        return self._fold(state, hooks), [ended, *hooks]

    def _start_turn(self, state: State[A], index: int, roller: Roller) -> tuple[Event, ...]:
        started = TurnStarted(actor=state.order[index])
        state = self.evolve(state, started)
        return (started, *self.ruleset.on_turn_start(state, started.actor, roller))

    def _next_active(self, state: State[A], index: int, *, include_self: bool) -> int | None:
        """The next actor in the order who takes turns, or None when nobody does."""
        count = len(state.order)
        if count == 0:
            return None
        for step in range(0 if include_self else 1, count + 1):
            candidate = (index + step) % count
            if self.ruleset.takes_turns(state, state.order[candidate]):
                return candidate
        return None
