"""The events of `spans`; each names the rules that produced it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from footwork.engine.events import Event
from footwork.engine.words import count


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementActionTaken(Event):
    type: ClassVar[str] = "movement_action_taken"
    actor: str
    action: str

    def describe(self) -> str:
        return f"{self.actor} takes the {self.action} action"


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    type: ClassVar[str] = "moved"
    actor: str
    frm: str
    to: str
    height: int
    climbing: str | None = None
    #: partway: where the climb began, the place a climb back returns to (A003-10)
    climb_from: str | None = None

    def describe(self) -> str:
        if self.climbing is not None:
            return f"{self.actor} climbs to height {self.height}, on the way to {self.climbing}"
        return f"{self.actor} moves from {self.frm} to {self.to} (height {self.height})"


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusGranted(Event):
    type: ClassVar[str] = "bonus_granted"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} may move again or take a free action"


@dataclass(frozen=True, slots=True, kw_only=True)
class BonusUsed(Event):
    type: ClassVar[str] = "bonus_used"
    actor: str
    use: str

    def describe(self) -> str:
        return f"{self.actor} uses the bonus: {self.use}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnSpent(Event):
    """No further action or movement this turn."""

    type: ClassVar[str] = "turn_spent"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} can take no further action or movement this turn"


@dataclass(frozen=True, slots=True, kw_only=True)
class Paid(Event):
    type: ClassVar[str] = "paid"
    actor: str
    resource: str
    amount: int

    def describe(self) -> str:
        return f"{self.actor} pays {self.amount} {self.resource} to succeed"


@dataclass(frozen=True, slots=True, kw_only=True)
class ModeChanged(Event):
    type: ClassVar[str] = "mode_changed"
    actor: str
    mode: str

    def describe(self) -> str:
        return f"{self.actor} is now {self.mode}"


@dataclass(frozen=True, slots=True, kw_only=True)
class HandsChanged(Event):
    type: ClassVar[str] = "hands_changed"
    actor: str
    free: int

    def describe(self) -> str:
        return f"{self.actor} has {count(self.free, 'free hand')}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(Event):
    type: ClassVar[str] = "fell"
    actor: str
    heights: int
    surface: str
    onto: str

    def describe(self) -> str:
        return (f"{self.actor} falls {count(self.heights, 'height')} onto {self.surface} "
                f"({self.onto})")


@dataclass(frozen=True, slots=True, kw_only=True)
class FallAvoided(Event):
    type: ClassVar[str] = "fall_avoided"
    actor: str
    by: str

    def describe(self) -> str:
        return f"{self.actor} avoids the fall's damage with {self.by}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(Event):
    """Fall damage taken by ``actor``: guard after armour, lethal after the Maneuver."""

    type: ClassVar[str] = "damaged"
    actor: str
    guard: int
    lethal: int
    cause: str

    def describe(self) -> str:
        return (f"{self.actor} takes {self.guard} guard and {self.lethal} lethal damage "
                f"({self.cause})")


@dataclass(frozen=True, slots=True, kw_only=True)
class Landed(Event):
    type: ClassVar[str] = "landed"
    actor: str
    at: str
    height: int

    def describe(self) -> str:
        return f"{self.actor} lands in {self.at} (height {self.height})"


@dataclass(frozen=True, slots=True, kw_only=True)
class LostInSkysea(Event):
    type: ClassVar[str] = "lost_in_skysea"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} plunges into the Skysea and leaves the scene"


@dataclass(frozen=True, slots=True, kw_only=True)
class FreeActionTaken(Event):
    type: ClassVar[str] = "free_action_taken"
    actor: str
    action: str

    def describe(self) -> str:
        return f"{self.actor} takes a free action: {self.action}"


@dataclass(frozen=True, slots=True, kw_only=True)
class JumpAttackResolved(Event):
    type: ClassVar[str] = "jump_attack_resolved"
    actor: str
    target: str
    hit: bool
    heights: int

    def describe(self) -> str:
        result = "hits" if self.hit else "misses"
        return (f"{self.actor}'s jump attack {result} {self.target} "
                f"({count(self.heights, 'height')})")


@dataclass(frozen=True, slots=True, kw_only=True)
class Shoved(Event):
    type: ClassVar[str] = "shoved"
    actor: str
    target: str
    to: str

    def describe(self) -> str:
        return f"{self.actor} shoves {self.target} to {self.to}"


@dataclass(frozen=True, slots=True, kw_only=True)
class AttackDeclared(Event):
    type: ClassVar[str] = "attack_declared"
    actor: str
    target: str
    kind: str

    def describe(self) -> str:
        return f"{self.actor} makes a {self.kind} attack on {self.target}"


SPANS_EVENTS: tuple[type[Event], ...] = (
    MovementActionTaken, Moved, BonusGranted, BonusUsed, TurnSpent, Paid, ModeChanged,
    HandsChanged, Fell, FallAvoided, Damaged, Landed, LostInSkysea, FreeActionTaken,
    JumpAttackResolved, Shoved, AttackDeclared,
)
