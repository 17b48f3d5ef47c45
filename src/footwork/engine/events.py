"""Events: immutable facts that ``evolve`` folds into the state.

Every event names the rule ids that produced it, so a log reads as an
explanation. The engine owns the turn and decision events below; a ruleset
adds its own by subclassing :class:`Event`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

from footwork.engine.codec import _DECODERS, _ENCODERS, JSON, decoder_of, encoder_of
from footwork.engine.words import faces


@dataclass(frozen=True, slots=True, kw_only=True)
class Event:
    """Base of every event. ``type`` is the stable name used in JSON logs."""

    type: ClassVar[str] = "event"
    rules: tuple[str, ...] = ()
    #: the field of an event about ``actor`` that names who caused it (a thrower), if
    #: any: a seat that perceives ``actor`` but not its cause is told the event with
    #: that field emptied (engine/view.py), so it learns what happened to its own
    source: ClassVar[str | None] = None

    def describe(self) -> str:
        """One line for a human reading the log."""
        return self.type.replace("_", " ")


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundStarted(Event):
    type: ClassVar[str] = "round_started"
    round: int

    def describe(self) -> str:
        return f"round {self.round} begins"


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(Event):
    type: ClassVar[str] = "round_ended"
    round: int

    def describe(self) -> str:
        return f"round {self.round} ends"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnStarted(Event):
    type: ClassVar[str] = "turn_started"
    actor: str

    def describe(self) -> str:
        return f"{self.actor}'s turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnEnded(Event):
    type: ClassVar[str] = "turn_ended"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} ends the turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnPassed(Event):
    """The actor whose turn it was left the scene during it (a fall out of the map, the
    game master's take-out...): the engine ends that turn and gives the next in the order
    theirs, so nobody waits on a character who can no longer act. ``why`` says how."""

    type: ClassVar[str] = "turn_passed"
    actor: str
    why: str

    def describe(self) -> str:
        return f"{self.actor} {self.why}: the turn passes on"


@dataclass(frozen=True, slots=True, kw_only=True)
class EncounterEnded(Event):
    """No actor can take a turn any more."""

    type: ClassVar[str] = "encounter_ended"
    reason: str

    def describe(self) -> str:
        return f"the encounter ends: {self.reason}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rolled(Event):
    """A roll, with every die's value, so that replay never rolls again."""

    type: ClassVar[str] = "rolled"
    actor: str
    check: str
    dice: str
    values: tuple[int, ...]
    total: int
    outcome: str
    supplied: bool = False

    def describe(self) -> str:
        where = ", rolled at the table" if self.supplied else ""
        return (
            f"{self.actor} rolls {self.check} on {self.dice}: "
            f"{faces(self.values, self.total)} ({self.outcome}{where})"
        )


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionRequested(Event):
    """A resolution stops until ``actor`` picks one of ``choices``."""

    type: ClassVar[str] = "decision_requested"
    actor: str
    kind: str
    choices: tuple[str, ...]
    prompt: str
    context: Mapping[str, JSON] = field(default_factory=dict)

    def describe(self) -> str:
        return f"{self.actor} must decide: {self.prompt} ({' / '.join(self.choices)})"


@dataclass(frozen=True, slots=True, kw_only=True)
class DecisionMade(Event):
    type: ClassVar[str] = "decision_made"
    actor: str
    kind: str
    choice: str

    def describe(self) -> str:
        return f"{self.actor} chooses {self.choice}"


CORE_EVENTS: tuple[type[Event], ...] = (
    RoundStarted,
    RoundEnded,
    TurnStarted,
    TurnEnded,
    TurnPassed,
    EncounterEnded,
    Rolled,
    DecisionRequested,
    DecisionMade,
)


def event_to_json(event: Event) -> dict[str, JSON]:
    body: dict[str, JSON] = {"event": event.type}
    # the class's encoder straight from the codec's table (the server encodes every
    # event it stores): the fields as to_jsonable writes them, in their order
    body.update((_ENCODERS.get(type(event)) or encoder_of(type(event)))(event))
    return body


def event_from_json(data: Mapping[str, Any], kinds: Mapping[str, type[Event]]) -> Event:
    name = data.get("event")
    cls = kinds.get(name) if type(name) is str else None
    if cls is None:
        raise KeyError(f"unknown event type {name!r}")
    # the decoder straight from the codec's table: replay from JSON calls this per event
    event: Event = (_DECODERS.get(cls) or decoder_of(cls))(data)
    return event
