"""The encounter state: an immutable value that ``evolve`` replaces, never mutates."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any, Generic, TypeVar

from footwork.engine.codec import JSON


@dataclass(frozen=True, slots=True)
class Actor:
    """What every ruleset tracks of a character: who, whose side, where.

    Rulesets subclass it with their own stats and per-turn fields.
    """

    id: str
    side: str
    at: str


A = TypeVar("A", bound=Actor)


@dataclass(frozen=True, slots=True)
class Pending:
    """A resolution stopped until ``actor`` picks one of ``choices``.

    ``context`` is plain data (JSON) that the ruleset needs to continue.
    """

    actor: str
    kind: str
    choices: tuple[str, ...]
    prompt: str
    context: Mapping[str, JSON] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class State(Generic[A]):
    """Everything ``decide`` needs. ``space`` and ``options`` are fixed for an encounter."""

    ruleset: str
    seed: int
    space: Any
    options: Any
    order: tuple[str, ...]
    actors: Mapping[str, A]
    round: int = 1
    turn: int = 0
    pending: Pending | None = None
    version: int = 0

    @property
    def current(self) -> str:
        """The id of the actor whose turn it is."""
        return self.order[self.turn]

    def actor(self, actor_id: str) -> A:
        return self.actors[actor_id]

    def with_actor(self, actor: A) -> State[A]:
        """A new state in which ``actor`` replaces the actor of the same id."""
        actors = dict(self.actors)
        actors[actor.id] = actor
        return replace(self, actors=actors)

    def update_actor(self, actor_id: str, **changes: Any) -> State[A]:
        return self.with_actor(replace(self.actors[actor_id], **changes))
