"""The game master's fiat: put a character anywhere, bring one in, take one out.

These commands belong to the core, so every ruleset has them. They apply no rule of the
game: each is logged as the game master's ruling and taken back by ``undo`` like any
command. Only the referee (``actor: gm``) may give them.

Where a character may stand, and what standing there means for its fields (a grid
cell's row, column and height, a point inside a zone, a span's height), is the
ruleset's to say. The engine knows no encounter file, so the scenario layer hands it a
:class:`Cast`, which builds a character the way the ruleset builds the file's actors on
the encounter's map: a place the map does not have is refused exactly as in a file.

The events carry the character as it stands afterwards (plain JSON), so replaying the
log never asks the :class:`Cast` again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Annotated, Any, ClassVar, Protocol

from pydantic import Field

from footwork.engine.codec import JSON, from_jsonable, to_jsonable
from footwork.engine.commands import Command
from footwork.engine.events import Event
from footwork.engine.seats import mentions
from footwork.engine.state import Actor, State, fast_replace
from footwork.errors import IllegalCommand, excerpt
from footwork.fields import Name

#: what the log says of every fiat: no rule was applied
RULING = "the game master's ruling, no rule applied"

_Point = Annotated[tuple[float, float] | None, Field(
    description="An exact spot, as x and y in the map's unit, on a map drawn to scale "
                "(sitemaps); default null: where the ruleset puts a character arriving "
                "in that place.")]


class Cast(Protocol):
    """Builds characters as the ruleset builds an encounter's actors, on its map.

    Both methods raise :class:`IllegalCommand` (reason ``no_such_place``, or
    ``bad_actor`` for stats the ruleset does not accept) in one line."""

    def make(self, state: State[Any], actor_id: str, side: str, at: str,
             stats: Mapping[str, Any], point: tuple[float, float] | None) -> Actor:
        """A new character ``actor_id`` of ``side`` standing at ``at``."""

    def place(self, state: State[Any], actor: Actor, to: str,
              point: tuple[float, float] | None) -> Actor:
        """``actor`` as it stands at ``to``: its position fields changed, the rest kept."""


# -- commands -----------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class GmPlace(Command):
    """The game master puts ``target`` at the place ``to`` (or the spot ``point``
    inside it) by fiat: no cost, no check, no rule."""

    name: ClassVar[str] = "gm_place"
    needs_turn: ClassVar[bool] = False
    target: Annotated[Name, Field(description="The id of the character to put there.")]
    to: Annotated[Name, Field(description="The place (zone, span, cell) to put it in.")]
    point: _Point = None
    reason: Annotated[Name | None, Field(
        description="Why, in a few words, for the log; default null.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GmAdd(Command):
    """The game master brings a new character into play (reinforcements): it is built
    from ``stats`` as an encounter file's actor would be and joins the end of the order."""

    name: ClassVar[str] = "gm_add"
    needs_turn: ClassVar[bool] = False
    id: Annotated[Name, Field(description="The new character's id (not used yet).")]
    side: Annotated[Name, Field(description="Its side.")]
    at: Annotated[Name, Field(description="The place it arrives in.")]
    stats: Annotated[dict[str, Any], Field(
        description="Its stats, as an encounter file's `actors[].stats` (the ruleset's "
                    "README lists them); default: the ruleset's defaults.")] = field(
        default_factory=dict)
    point: _Point = None
    reason: Annotated[Name | None, Field(
        description="Why, in a few words, for the log; default null.")] = None


@dataclass(frozen=True, slots=True, kw_only=True)
class GmRemove(Command):
    """The game master takes ``target`` out of play: it leaves the map and the order.
    Taken out on its own turn, that turn ends and the next in the order starts theirs
    (the engine adds those events)."""

    name: ClassVar[str] = "gm_remove"
    needs_turn: ClassVar[bool] = False
    target: Annotated[Name, Field(description="The id of the character to take out.")]
    reason: Annotated[Name | None, Field(
        description="Why, in a few words, for the log; default null.")] = None


GM_COMMANDS: tuple[type[Command], ...] = (GmPlace, GmAdd, GmRemove)


# -- events -------------------------------------------------------------------------


def _why(reason: str | None) -> str:
    return f" ({reason}; {RULING})" if reason else f" ({RULING})"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActorPlaced(Event):
    """``target`` now stands as ``actor`` says (the whole character, as JSON)."""

    type: ClassVar[str] = "actor_placed"
    target: str
    to: str
    actor: Mapping[str, JSON] = field(default_factory=dict)
    reason: str | None = None

    def describe(self) -> str:
        return f"the game master puts {self.target} at {self.to}{_why(self.reason)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActorAdded(Event):
    """A new character (``actor``, as JSON) joins the end of the order."""

    type: ClassVar[str] = "actor_added"
    target: str
    to: str
    actor: Mapping[str, JSON] = field(default_factory=dict)
    reason: str | None = None

    def describe(self) -> str:
        return f"the game master brings {self.target} in at {self.to}{_why(self.reason)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActorRemoved(Event):
    """``target`` leaves the map and the order."""

    type: ClassVar[str] = "actor_removed"
    target: str
    reason: str | None = None

    def describe(self) -> str:
        return f"the game master takes {self.target} out of play{_why(self.reason)}"


GM_EVENTS: tuple[type[Event], ...] = (ActorPlaced, ActorAdded, ActorRemoved)


# -- deciding -----------------------------------------------------------------------


def decide_gm(state: State[Any], command: Command, cast: Cast | None, gm: str
              ) -> tuple[Event, ...]:
    """The events of one of :data:`GM_COMMANDS`; refuses (changing nothing) what the
    referee did not give, what names nobody, and a place the map does not have."""
    if command.actor != gm:
        raise IllegalCommand("gm_only", f"only the game master ({gm}) gives {command.name}")
    if state.pending is not None:
        raise IllegalCommand("decision_pending", f"{state.pending.actor} must first answer: "
                             f"{state.pending.prompt}")
    if cast is None and not isinstance(command, GmRemove):
        raise IllegalCommand("no_map", f"{command.name} needs the encounter's map: start "
                             "the engine from an encounter (load_encounter)")
    if isinstance(command, GmPlace):
        actor = _known(state, command.target)
        assert cast is not None
        placed = cast.place(state, actor, command.to, command.point)
        return (ActorPlaced(target=actor.id, to=placed.at, actor=to_jsonable(placed),
                            reason=command.reason),)
    if isinstance(command, GmAdd):
        if command.id in state.actors or command.id == gm:
            raise IllegalCommand("id_taken", f"{command.id!r} is already "
                                 f"{'the game master' if command.id == gm else 'an actor'}; "
                                 "expected a new id")
        assert cast is not None
        made = cast.make(state, command.id, command.side, command.at, command.stats,
                         command.point)
        return (ActorAdded(target=made.id, to=made.at, actor=to_jsonable(made),
                           reason=command.reason),)
    assert isinstance(command, GmRemove)
    actor = _known(state, command.target)
    if len(state.actors) == 1:
        raise IllegalCommand("last_actor", f"{actor.id} is the last actor in play")
    for other in state.actors.values():
        if other.id != actor.id and mentions(to_jsonable(other), frozenset({actor.id})):
            raise IllegalCommand("still_tied", f"{other.id} is still tied to {actor.id} "
                                 "(a partner, a hold, a carried body): undo that first")
    if mentions(to_jsonable(state.world), frozenset({actor.id})):
        raise IllegalCommand("still_tied", f"the scene still tracks {actor.id} (an effect "
                             "or a hold on it): end that first")
    return (ActorRemoved(target=actor.id, reason=command.reason),)


def _known(state: State[Any], actor_id: str) -> Actor:
    actor: Actor | None = state.actors.get(actor_id)
    if actor is None:
        raise IllegalCommand("unknown_actor", f"no actor {excerpt(actor_id)!r}; expected one "
                             f"of: {excerpt(', '.join(state.actors), 200)}")
    return actor


# -- folding ------------------------------------------------------------------------


def evolve_gm(state: State[Any], event: Event) -> State[Any]:
    """Fold one of :data:`GM_EVENTS` (the version is stamped by the engine)."""
    if isinstance(event, ActorPlaced):
        old = state.actors[event.target]
        return state.with_actor(from_jsonable(type(old), event.actor))
    if isinstance(event, ActorAdded):
        kind = type(next(iter(state.actors.values())))
        actors = {**state.actors, event.target: from_jsonable(kind, event.actor)}
        return fast_replace(state, actors=actors, order=(*state.order, event.target))
    assert isinstance(event, ActorRemoved)
    index = state.order.index(event.target)
    actors = {k: v for k, v in state.actors.items() if k != event.target}
    order = tuple(a for a in state.order if a != event.target)
    # whose turn it is stays the same actor
    turn = state.turn - 1 if index < state.turn else min(state.turn, len(order) - 1)
    return fast_replace(state, actors=actors, order=order, turn=turn)
