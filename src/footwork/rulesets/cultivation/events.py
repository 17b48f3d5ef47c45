"""The events of `cultivation`; each names the rules that produced it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from footwork.engine.events import Event
from footwork.engine.words import count


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """``actor`` is now in ``to``: ``how`` is move, joint, thrown, scattered, carried..."""

    type: ClassVar[str] = "moved"
    #: a hidden thrower is left out of what its target's seat is told (R000-66)
    source: ClassVar[str | None] = "by"
    actor: str
    frm: str
    to: str
    how: str = "move"
    by: str | None = None

    def describe(self) -> str:
        by = f" by {self.by}" if self.by else ""
        return f"{self.actor} goes from {self.frm} to {self.to} ({self.how}{by})"


@dataclass(frozen=True, slots=True, kw_only=True)
class SpeedSpent(Event):
    type: ClassVar[str] = "speed_spent"
    actor: str
    amount: int

    def describe(self) -> str:
        return f"{self.actor} spends {self.amount} Speed"


@dataclass(frozen=True, slots=True, kw_only=True)
class Sprinted(Event):
    type: ClassVar[str] = "sprinted"
    actor: str
    speed: int

    def describe(self) -> str:
        return f"{self.actor} sprints: Speed {self.speed} this round"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActionSpent(Event):
    type: ClassVar[str] = "action_spent"
    actor: str
    why: str

    def describe(self) -> str:
        return f"{self.actor} spends the round's Action ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class MoveEnded(Event):
    """The actor's Move is over for the round (A000-04, or a partner's joint move)."""

    type: ClassVar[str] = "move_ended"
    actor: str
    why: str

    def describe(self) -> str:
        return f"{self.actor}'s Move is over for the round ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class CrossingBlocked(Event):
    type: ClassVar[str] = "crossing_blocked"
    actor: str
    frm: str
    to: str
    why: str

    def describe(self) -> str:
        return f"{self.actor} cannot cross from {self.frm} to {self.to}: {self.why}"


@dataclass(frozen=True, slots=True, kw_only=True)
class PartnershipFormed(Event):
    type: ClassVar[str] = "partnership_formed"
    a: str
    b: str

    def describe(self) -> str:
        return f"{self.a} and {self.b} are Partners"


@dataclass(frozen=True, slots=True, kw_only=True)
class PartnershipEnded(Event):
    type: ClassVar[str] = "partnership_ended"
    a: str
    b: str
    why: str

    def describe(self) -> str:
        return f"{self.a} and {self.b} are no longer Partners ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class OpportunityGranted(Event):
    """R000-06, A000-29: a foe whose Art says so gets an Opportunity (resolved elsewhere)."""

    type: ClassVar[str] = "opportunity_granted"
    actor: str
    mover: str

    def describe(self) -> str:
        return f"{self.actor} gets an Opportunity against {self.mover}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FallStarted(Event):
    type: ClassVar[str] = "fall_started"
    actor: str
    metres: float
    onto: str
    #: the faller's own choice (a drop, a failed climb): its landing offers no
    #: start-of-turn benefit, which R000-54 gives to forced arrivals only (rule questions)
    voluntary: bool = False

    def describe(self) -> str:
        return f"{self.actor} falls {self.metres:g} m toward {self.onto}"


@dataclass(frozen=True, slots=True, kw_only=True)
class FallCarried(Event):
    """A body falling in place carried over an edge (a current, a wave): its fall goes
    on, now toward ``onto`` and ``metres`` longer, on the same schedule (the s33 review)."""

    type: ClassVar[str] = "fall_carried"
    actor: str
    onto: str
    metres: float

    def describe(self) -> str:
        return (f"{self.actor} is carried over the edge mid-fall: {self.metres:g} m more, "
                f"toward {self.onto}")


@dataclass(frozen=True, slots=True, kw_only=True)
class FallProgressed(Event):
    type: ClassVar[str] = "fall_progressed"
    actor: str
    round_of_fall: int
    metres: float

    def describe(self) -> str:
        return f"{self.actor} falls {self.metres:g} m (round {self.round_of_fall} of the fall)"


@dataclass(frozen=True, slots=True, kw_only=True)
class Landed(Event):
    type: ClassVar[str] = "landed"
    actor: str
    at: str
    metres: float
    surface: str
    damage: int

    def describe(self) -> str:
        return (f"{self.actor} lands in {self.at} on {self.surface} after {self.metres:g} m: "
                f"{self.damage} damage")


@dataclass(frozen=True, slots=True, kw_only=True)
class Damaged(Event):
    """Aura lost; ``wound`` when it exhausts the Aura (A000-11)."""

    type: ClassVar[str] = "damaged"
    actor: str
    amount: int
    cause: str
    wound: bool = False

    def describe(self) -> str:
        wound = ", and a Wound" if self.wound else ""
        return f"{self.actor} takes {self.amount} damage ({self.cause}){wound}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BandChanged(Event):
    type: ClassVar[str] = "band_changed"
    actor: str
    band: str
    how: str

    def describe(self) -> str:
        return f"{self.actor} is now in the {self.band} band ({self.how})"


@dataclass(frozen=True, slots=True, kw_only=True)
class BandFallStarted(Event):
    type: ClassVar[str] = "band_fall_started"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} starts to fall (one band per round)"


@dataclass(frozen=True, slots=True, kw_only=True)
class BandFallHeld(Event):
    """R000-61: a fall a band a round ends where the zone holds everyone up (s34)."""

    type: ClassVar[str] = "band_fall_held"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} stops falling: the zone holds it up"


@dataclass(frozen=True, slots=True, kw_only=True)
class AltitudeChanged(Event):
    type: ClassVar[str] = "altitude_changed"
    actor: str
    altitude_m: float
    #: R000-61: a fall under way is held here by anti-gravity, and is over
    held: bool = False

    def describe(self) -> str:
        held = ", its fall held by anti-gravity" if self.held else ""
        return f"{self.actor} floats {self.altitude_m:g} m above the floor{held}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BandReached(Event):
    type: ClassVar[str] = "band_reached"
    actor: str
    target: str

    def describe(self) -> str:
        return f"{self.actor} reaches into {self.target}'s band"


@dataclass(frozen=True, slots=True, kw_only=True)
class BreathHeld(Event):
    type: ClassVar[str] = "breath_held"
    actor: str
    rounds: int
    penalty: int

    def describe(self) -> str:
        return (f"{self.actor} has held its breath {count(self.rounds, 'round')} "
                f"(Penalty {self.penalty})")


@dataclass(frozen=True, slots=True, kw_only=True)
class BreathRecovered(Event):
    type: ClassVar[str] = "breath_recovered"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} breathes again"


@dataclass(frozen=True, slots=True, kw_only=True)
class FellUnconscious(Event):
    type: ClassVar[str] = "fell_unconscious"
    actor: str
    why: str

    def describe(self) -> str:
        return f"{self.actor} passes out ({self.why})"


@dataclass(frozen=True, slots=True, kw_only=True)
class TrapSprung(Event):
    type: ClassVar[str] = "trap_sprung"
    actor: str
    zone: str
    trap: str

    def describe(self) -> str:
        return f"{self.actor} sets off {self.trap} in {self.zone}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BenefitOffered(Event):
    type: ClassVar[str] = "benefit_offered"
    actor: str
    zone: str
    benefit: str

    def describe(self) -> str:
        return f"{self.actor} may use {self.benefit} in {self.zone}"


@dataclass(frozen=True, slots=True, kw_only=True)
class BenefitUsed(Event):
    type: ClassVar[str] = "benefit_used"
    actor: str
    benefit: str

    def describe(self) -> str:
        return f"{self.actor} uses {self.benefit}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ItemUsed(Event):
    type: ClassVar[str] = "item_used"
    actor: str
    zone: str
    item: str

    def describe(self) -> str:
        return f"{self.actor} uses the {self.item} in {self.zone}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Sensed(Event):
    type: ClassVar[str] = "sensed"
    actor: str
    target: str

    def describe(self) -> str:
        return f"{self.actor} is aware of {self.target}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Waived(Event):
    type: ClassVar[str] = "waived"
    actor: str
    zone: str

    def describe(self) -> str:
        return f"the Storyteller waives {self.zone}'s Difficult Terrain for {self.actor}"


@dataclass(frozen=True, slots=True, kw_only=True)
class TileSwitched(Event):
    type: ClassVar[str] = "tile_switched"
    zone: str
    on: bool

    def describe(self) -> str:
        return f"the anti-gravity of {self.zone} is {'on' if self.on else 'off'}"


@dataclass(frozen=True, slots=True, kw_only=True)
class WaveSwept(Event):
    type: ClassVar[str] = "wave_swept"
    zone: str

    def describe(self) -> str:
        return f"a wave sweeps out from {self.zone}"


CULTIVATION_EVENTS: tuple[type[Event], ...] = (
    Moved, SpeedSpent, Sprinted, ActionSpent, MoveEnded, CrossingBlocked, PartnershipFormed,
    PartnershipEnded, OpportunityGranted, FallStarted, FallProgressed, Landed, Damaged,
    BandChanged, BandFallStarted, BandFallHeld, AltitudeChanged, BandReached, BreathHeld,
    BreathRecovered, FellUnconscious, TrapSprung, BenefitOffered, BenefitUsed, ItemUsed,
    Sensed, Waived, TileSwitched, WaveSwept, FallCarried,
)
