"""The encounter state: an immutable value that ``evolve`` replaces, never mutates."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, Generic, TypeVar

from footwork.engine.codec import JSON

T = TypeVar("T")
_MISSING: Any = object()
_REPLACERS: dict[type, Callable[..., Any]] = {}


def fast_replace(obj: T, **changes: Any) -> T:
    """``dataclasses.replace`` for the hot path of ``evolve``.

    It builds one keyword constructor call per class (as ``namedtuple._replace``
    does) instead of inspecting fields on every call: replay spends most of its
    time here. Like ``replace``, it goes through ``__init__``.
    """
    cls = type(obj)
    replacer = _REPLACERS.get(cls)
    if replacer is None:
        names = [f.name for f in fields(cls) if f.init]  # type: ignore[arg-type]
        params = ", ".join(f"{n}=_M" for n in names)
        args = ", ".join(f"{n}=o.{n} if {n} is _M else {n}" for n in names)
        namespace: dict[str, Any] = {"_C": cls, "_M": _MISSING}
        exec(f"def _replace(o, {params}):\n    return _C({args})", namespace)
        replacer = _REPLACERS[cls] = namespace["_replace"]
    result: T = replacer(obj, **changes)
    return result


@dataclass(frozen=True, slots=True)
class Actor:
    """What every ruleset tracks of a character: who, whose side, where.

    Rulesets subclass it with their own stats and per-turn fields.
    """

    id: str
    side: str
    at: str


A = TypeVar("A", bound=Actor)


#: the key of a decision's context that holds what each choice does (see :class:`Pending`)
CONSEQUENCES = "consequences"


@dataclass(frozen=True, slots=True)
class Pending:
    """A resolution stopped until ``actor`` picks one of ``choices``.

    ``context`` is plain data (JSON) that the ruleset needs to continue.

    ``consequences`` says what each choice does. A ruleset gives them in the
    ``DecisionRequested`` event's context under the key :data:`CONSEQUENCES` (built with
    ``footwork.engine.choices.consequences_json``), so that they travel in the event log
    as plain data; the pending decision lifts them out of its context into this field.
    """

    actor: str
    kind: str
    choices: tuple[str, ...]
    prompt: str
    context: Mapping[str, JSON] = field(default_factory=dict)
    #: the rules that asked for the decision (a refused answer cites them)
    rules: tuple[str, ...] = ()
    #: what each choice does, as plain data (``footwork.engine.choices.Consequence``'s
    #: JSON: choice, text, words, cost, checks with exact odds, risk); empty when the
    #: ruleset says nothing
    consequences: tuple[Mapping[str, JSON], ...] = ()

    def __post_init__(self) -> None:
        given = self.context.get(CONSEQUENCES) if isinstance(self.context, Mapping) else None
        if given is None:
            return
        object.__setattr__(self, "context",
                           {k: v for k, v in self.context.items() if k != CONSEQUENCES})
        if not self.consequences:
            object.__setattr__(self, "consequences",
                               tuple(c for c in given if isinstance(c, Mapping)))

    def consequence(self, choice: str) -> Mapping[str, JSON] | None:
        """What answering ``choice`` does (None when the ruleset does not say)."""
        return next((c for c in self.consequences if c.get("choice") == choice), None)


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
    #: the index in ``order`` of the actor whose turn it is; the state JSON's ``turn`` is
    #: that actor's id (:attr:`current`, or ``Session.actor_to_move``)
    turn: int = 0
    pending: Pending | None = None
    version: int = 0
    #: no actor can take a turn any more: every command is refused
    ended: bool = False
    #: what a ruleset tracks beyond its actors (zones revealed so far, for instance)
    world: Mapping[str, Any] = field(default_factory=dict)

    @property
    def current(self) -> str:
        """The id of the actor whose turn it is."""
        return self.order[self.turn]

    def actor(self, actor_id: str) -> A:
        """The actor of id ``actor_id`` (KeyError when there is none)."""
        return self.actors[actor_id]

    def with_actor(self, actor: A) -> State[A]:
        """A new state in which ``actor`` replaces the actor of the same id."""
        actors = dict(self.actors)
        actors[actor.id] = actor
        return fast_replace(self, actors=actors)

    def update_actor(self, actor_id: str, **changes: Any) -> State[A]:
        return self.with_actor(fast_replace(self.actors[actor_id], **changes))
