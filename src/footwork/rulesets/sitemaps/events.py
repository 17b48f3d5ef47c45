"""The events of `sitemaps`; each names the rules that produced it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from footwork.engine.events import Event
from footwork.engine.words import count, spot


def _at(point: tuple[float, float]) -> str:
    return spot(point[0], point[1])


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    type: ClassVar[str] = "moved"
    actor: str
    to: str
    point: tuple[float, float]
    zones: int
    rush: bool = False
    #: the straight run the move ended with (heading, metres), for a leap later in the
    #: activation (A004-14); None when it ended with a climb or a leap
    run: tuple[float, float, float] | None = None

    def describe(self) -> str:
        how = "rushes" if self.rush else "moves"
        return f"{self.actor} {how} to {self.to} at {_at(self.point)} ({count(self.zones, 'zone')})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rushed(Event):
    type: ClassVar[str] = "rushed"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} rushes: the round action is spent on moving"


@dataclass(frozen=True, slots=True, kw_only=True)
class Acted(Event):
    type: ClassVar[str] = "acted"
    actor: str
    action: str

    def describe(self) -> str:
        return f"{self.actor} takes the round action: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementEnded(Event):
    """Movement is over for this activation (a pin, or a failed roll)."""

    type: ClassVar[str] = "movement_ended"
    actor: str
    point: tuple[float, float]
    zone: str
    why: str
    #: zones crossed before it ended (they count against the activation's budget)
    zones: int = 0

    def describe(self) -> str:
        return f"{self.actor}'s movement ends at {_at(self.point)} in {self.zone}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PinAttempted(Event):
    type: ClassVar[str] = "pin_attempted"
    actor: str
    mover: str

    def describe(self) -> str:
        return f"{self.actor} tries to pin {self.mover}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Placed(Event):
    """Put somewhere without moving (a pinned mover, a fall, a drift): no pins, no rolls."""

    type: ClassVar[str] = "placed"
    actor: str
    zone: str
    point: tuple[float, float]
    by: str

    def describe(self) -> str:
        return f"{self.actor} is placed in {self.zone} at {_at(self.point)} ({self.by})"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(Event):
    """A004-15: a fall; its damage belongs to rules outside this chapter."""

    type: ClassVar[str] = "fell"
    actor: str
    metres: float
    cause: str

    def describe(self) -> str:
        return f"{self.actor} falls ({self.cause}, {self.metres:g} m)"


@dataclass(frozen=True, slots=True, kw_only=True)
class DrowningBegan(Event):
    type: ClassVar[str] = "drowning_began"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} starts to drown: the suffocation rules apply"


@dataclass(frozen=True, slots=True, kw_only=True)
class Suffocating(Event):
    """R004-28: the hook for the suffocation rules, once per round while drowning."""

    type: ClassVar[str] = "suffocating"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} is drowning (suffocation rules apply)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rescued(Event):
    type: ClassVar[str] = "rescued"
    actor: str
    by: str

    def describe(self) -> str:
        return f"{self.by} pulls {self.actor} out of danger: no longer drowning"


@dataclass(frozen=True, slots=True, kw_only=True)
class Revealed(Event):
    type: ClassVar[str] = "revealed"
    zone: str

    def describe(self) -> str:
        return f"zone {self.zone} is revealed"


SITEMAPS_EVENTS: tuple[type[Event], ...] = (
    Moved, Rushed, Acted, MovementEnded, PinAttempted, Placed, Fell, DrowningBegan,
    Suffocating, Rescued, Revealed,
)
