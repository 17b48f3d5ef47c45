"""The events of `allowances`; each names the rules that produced it."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import ClassVar

from footwork.engine.events import Event
from footwork.engine.words import count
from footwork.rulesets.griddoors import DoorRevealed


def _m(x: float) -> str:
    return f"{round(x, 3):g} m"


def _left(values: Mapping[str, float]) -> str:
    """What each Allowance lost, "7 m of flight, 1 m of overland" (R002-04, R002-05)."""
    return ", ".join(f"{_m(v)} of {k}" for k, v in values.items() if v)


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """R002-04, R002-05: a move; ``deducted`` is what each Allowance lost (the cascade)."""

    type: ClassVar[str] = "moved"
    actor: str
    by: str
    distance: float
    row: int
    col: int
    z: float
    mode: str
    deducted: Mapping[str, float] = field(default_factory=dict)
    #: spent from a Breach's temporary Allowance, or from a Jump's or Leap's distance
    temporary: float = 0.0
    #: submerged/surfaced changes on the way (R002-12)
    transitions: int = 0
    path: tuple[tuple[int, int], ...] = ()

    def describe(self) -> str:
        more = f" ({_left(self.deducted)})" if any(self.deducted.values()) else ""
        return (f"{self.actor} moves {_m(self.distance)} by {self.by} to ({self.row},{self.col}) "
                f"at {_m(self.z)}{more}")


@dataclass(frozen=True, slots=True, kw_only=True)
class PpSpent(Event):
    """R002-11, A002-07: PP spent on a roll after seeing it."""

    type: ClassVar[str] = "pp_spent"
    actor: str
    pp: int
    target: int

    def describe(self) -> str:
        return f"{self.actor} spends {self.pp} PP: the target becomes {self.target}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Rushed(Event):
    """R002-08..10: a Rush; ``gained`` m added to ``by``'s Allowance until the round ends."""

    type: ClassVar[str] = "rushed"
    actor: str
    by: str
    degrees: int
    gained: float
    simple: bool = True

    def describe(self) -> str:
        return f"{self.actor} rushes: +{_m(self.gained)} of {self.by} this round"


@dataclass(frozen=True, slots=True, kw_only=True)
class Jumped(Event):
    """R002-17..30: a Jump or Leap produced ``distance`` m through the air, to use at once."""

    type: ClassVar[str] = "jumped"
    actor: str
    action: str
    degrees: int
    distance: float

    def describe(self) -> str:
        return f"{self.actor}'s {self.action} carries {_m(self.distance)} through the air"


@dataclass(frozen=True, slots=True, kw_only=True)
class Breached(Event):
    """R002-31..33, A002-15: ``gained`` m of a temporary Allowance in ``by`` for the new
    medium, to use at once. The change between submerged and surfaced it makes is counted
    when a step of its move crosses the surface (R002-12, A002-12, issue 23), so a Breach
    that gains nothing counts nothing. ``transition``: logs written before issue 23
    counted the change here, when the Breach was rolled; new Breaches write False."""

    type: ClassVar[str] = "breached"
    actor: str
    into: str
    by: str
    degrees: int
    gained: float
    transition: bool = False

    def describe(self) -> str:
        return f"{self.actor} breaches into {self.into}: {_m(self.gained)} of {self.by}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Lapsed(Event):
    """R002-33, A002-13, A002-15: an unused temporary distance is lost."""

    type: ClassVar[str] = "lapsed"
    actor: str
    what: str
    distance: float

    def describe(self) -> str:
        if not self.distance:
            return f"{self.actor}'s {self.what} distance is used up"
        return f"{self.actor}'s unused {self.what} ({_m(self.distance)}) is lost"


@dataclass(frozen=True, slots=True, kw_only=True)
class AllowancesReset(Event):
    """R002-07: every Allowance back to its Score at the end of the round."""

    type: ClassVar[str] = "allowances_reset"
    actor: str
    allowance: Mapping[str, float]

    def describe(self) -> str:
        shown = ", ".join(f"{k} {_m(v)}" for k, v in self.allowance.items())
        return f"{self.actor}'s Allowances reset: {shown}"


@dataclass(frozen=True, slots=True, kw_only=True)
class ActivationStarted(Event):
    """A002-22: another Activation of the creature; Allowances carry over (R002-06)."""

    type: ClassVar[str] = "activation_started"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} begins another Activation"


@dataclass(frozen=True, slots=True, kw_only=True)
class DashDeclared(Event):
    """R002-36: an Action with the Dash trait, declared before its Accuracy Check."""

    type: ClassVar[str] = "dash_declared"
    actor: str
    action: str
    target: str
    closing: str
    #: R002-37: PP and Simple Actions the declaration itself spends (kept if it fails)
    pp: int = 0
    simple: int = 0

    def describe(self) -> str:
        paid = [w for n, w in ((self.pp, f"{self.pp} PP"),
                               (self.simple, count(self.simple, "Simple Action"))) if n]
        cost = f", spending {' and '.join(paid)}" if paid else ""
        return (f"{self.actor} declares {self.action} (Dash) against {self.target}{cost}, "
                f"closing with {self.closing}")


@dataclass(frozen=True, slots=True, kw_only=True)
class DashResolved(Event):
    """R002-36, R002-37: in reach (the Accuracy Check is next), or the Action fails and
    everything spent stays spent."""

    type: ClassVar[str] = "dash_resolved"
    actor: str
    action: str
    target: str
    in_reach: bool
    distance: float
    range_m: float = 0.0

    def describe(self) -> str:
        if self.in_reach:
            return (f"{self.actor} is {_m(self.distance)} from {self.target}: {self.action} "
                    "goes on to its Accuracy Check")
        return (f"{self.actor} is still {_m(self.distance)} from {self.target}: {self.action} "
                "fails, and what was spent stays spent")


@dataclass(frozen=True, slots=True, kw_only=True)
class DashHeld(Event):
    """R002-04, R002-36: the closing move left the user ``distance`` m from the target,
    beyond ``range_m``; the Action waits for its Accuracy Check (``dash_check``, or the
    end of the turn), and the user may move as a Free Action before it."""

    type: ClassVar[str] = "dash_held"
    actor: str
    action: str
    target: str
    range_m: float
    distance: float

    def describe(self) -> str:
        return (f"{self.actor} is {_m(self.distance)} from {self.target}, {self.action} needs "
                f"{_m(self.range_m)}: it may still move before the Accuracy Check")


@dataclass(frozen=True, slots=True, kw_only=True)
class ObscuredSet(Event):
    type: ClassVar[str] = "obscured_set"
    actor: str
    percent: int

    def describe(self) -> str:
        return f"{self.actor} is {self.percent}% obscured"


@dataclass(frozen=True, slots=True, kw_only=True)
class WeatherSet(Event):
    type: ClassVar[str] = "weather_set"
    fog: bool

    def describe(self) -> str:
        return "Fog sets in" if self.fog else "the Fog lifts"


ALLOWANCES_EVENTS: tuple[type[Event], ...] = (
    Moved, PpSpent, Rushed, Jumped, Breached, Lapsed, AllowancesReset, ActivationStarted,
    DashDeclared, DashHeld, DashResolved, ObscuredSet, WeatherSet, DoorRevealed)
