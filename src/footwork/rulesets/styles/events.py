"""The events of `styles`; each names the rules that produced it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from footwork.engine.events import Event
from footwork.engine.words import count
from footwork.rulesets.griddoors import DoorRevealed
from footwork.rulesets.styles.model import in_u


def _cell(row: int, col: int, z: float) -> str:
    return f"({row},{col}) at {in_u(z)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Dashed(Event):
    """R001-06, R001-07, A001-03: every style and the pool doubled."""

    type: ClassVar[str] = "dashed"
    actor: str
    hooks: int

    def describe(self) -> str:
        return (f"{self.actor} dashes for {count(self.hooks, 'Hook')}: every style and the "
                "pool double")


@dataclass(frozen=True, slots=True, kw_only=True)
class Moved(Event):
    """One segment of a Move: the style, what it cost, and where it ended."""

    type: ClassVar[str] = "moved"
    actor: str
    style: str
    cost: float
    row: int
    col: int
    z: float
    mode: str
    #: the cells passed, in order (the start excluded)
    path: tuple[tuple[int, int], ...] = ()
    #: A001-17: odd (1) or even (0) count of diagonals so far this turn
    diagonals: int = 0

    def describe(self) -> str:
        return (f"{self.actor} moves by {self.style} to {_cell(self.row, self.col, self.z)} "
                f"for {in_u(self.cost)}")


@dataclass(frozen=True, slots=True, kw_only=True)
class Fell(Event):
    """R001-26, R001-32, R001-34, A001-14: a fall, at once, to what is below."""

    type: ClassVar[str] = "fell"
    actor: str
    row: int
    col: int
    z: float
    distance: float
    into: str
    damage: int = 0

    def describe(self) -> str:
        if self.into == "void":
            return f"{self.actor} falls into the void at ({self.row},{self.col}): lost"
        hurt = f", taking {self.damage} damage" if self.damage else ""
        return (f"{self.actor} falls {in_u(self.distance)} into {self.into} at "
                f"{_cell(self.row, self.col, self.z)}{hurt}")


@dataclass(frozen=True, slots=True, kw_only=True)
class HazardTriggered(Event):
    """A001-19: a mover touched down on a hazard cell; the table resolves it."""

    type: ClassVar[str] = "hazard_triggered"
    actor: str
    row: int
    col: int
    tags: tuple[str, ...]

    def describe(self) -> str:
        return f"{self.actor} sets off the {', '.join(self.tags)} at ({self.row},{self.col})"


@dataclass(frozen=True, slots=True, kw_only=True)
class WentProne(Event):
    type: ClassVar[str] = "went_prone"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} drops prone"


@dataclass(frozen=True, slots=True, kw_only=True)
class StoodUp(Event):
    type: ClassVar[str] = "stood_up"
    actor: str
    cost: float

    def describe(self) -> str:
        return f"{self.actor} stands up for {in_u(self.cost)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SlowedChanged(Event):
    type: ClassVar[str] = "slowed_changed"
    actor: str
    stacks: int
    total: int

    def describe(self) -> str:
        return f"{self.actor} {'gains' if self.stacks >= 0 else 'loses'} {abs(self.stacks)} " \
               f"Slowed (now {self.total})"


@dataclass(frozen=True, slots=True, kw_only=True)
class ManeuverMade(Event):
    type: ClassVar[str] = "maneuver_made"
    actor: str
    target: str
    hit: bool

    def describe(self) -> str:
        how = "hits" if self.hit else "misses"
        return (f"{self.actor}'s Improvised Maneuver (at Disadvantage) {how} {self.target}")


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementInterrupted(Event):
    """R001-19..21: the active style's Interrupted effect (``none``, ``fall``,
    ``float`` or ``sink``)."""

    type: ClassVar[str] = "movement_interrupted"
    actor: str
    style: str
    effect: str

    def describe(self) -> str:
        what = {"none": "nothing happens", "fall": "it falls",
                "float": "it will float up each turn", "sink": "it will sink each turn"}
        return f"{self.actor}'s {self.style.title()} is Interrupted: {what[self.effect]}"


@dataclass(frozen=True, slots=True, kw_only=True)
class Drifted(Event):
    """R001-35, R001-37, R001-38: carried by a current, floating up or sinking."""

    type: ClassVar[str] = "drifted"
    actor: str
    cause: str
    row: int
    col: int
    z: float
    distance: float

    def describe(self) -> str:
        verb = {"current": "drifts with the current", "float": "floats up",
                "sink": "sinks"}[self.cause]
        return f"{self.actor} {verb} {in_u(self.distance)} to {_cell(self.row, self.col, self.z)}"


@dataclass(frozen=True, slots=True, kw_only=True)
class MovementRefreshed(Event):
    """R001-14, A001-01: the pool is set to the largest style, per-style use reset
    (``styles``; false when caps count per round, A001-04)."""

    type: ClassVar[str] = "movement_refreshed"
    actor: str
    pool: float
    styles: bool = True

    def describe(self) -> str:
        also = "" if self.styles else " (style caps count per round)"
        return f"{self.actor}'s Movement refreshes: pool {in_u(self.pool)}{also}"


@dataclass(frozen=True, slots=True, kw_only=True)
class CapsReset(Event):
    """A001-04: the round ends and each style's use this round is reset (caps per round)."""

    type: ClassVar[str] = "caps_reset"
    actor: str

    def describe(self) -> str:
        return f"{self.actor}'s style caps reset for the new round"


@dataclass(frozen=True, slots=True, kw_only=True)
class DashEnded(Event):
    type: ClassVar[str] = "dash_ended"
    actor: str

    def describe(self) -> str:
        return f"{self.actor}'s Dash ends"


@dataclass(frozen=True, slots=True, kw_only=True)
class StyleGranted(Event):
    """R001-23..25: the GM grants an improvised style at a grade."""

    type: ClassVar[str] = "style_granted"
    actor: str
    style: str
    grade: str
    cap: float

    def describe(self) -> str:
        prefix = {"half": "Half ", "normal": "", "double": "Double "}[self.grade]
        return f"{self.actor} may improvise {prefix}{self.style.title()} ({in_u(self.cap)})"


@dataclass(frozen=True, slots=True, kw_only=True)
class StyleRefused(Event):
    type: ClassVar[str] = "style_refused"
    actor: str
    style: str
    why: str = ""

    def describe(self) -> str:
        return f"the GM refuses {self.actor}'s improvised {self.style.title()}" + (
            f": {self.why}" if self.why else "")


@dataclass(frozen=True, slots=True, kw_only=True)
class GrantsExpired(Event):
    type: ClassVar[str] = "grants_expired"
    actor: str
    styles: tuple[str, ...]

    def describe(self) -> str:
        ends = "ends" if len(self.styles) == 1 else "end"
        return f"{self.actor}'s improvised {', '.join(self.styles)} {ends}"


@dataclass(frozen=True, slots=True, kw_only=True)
class SneakTested(Event):
    """R001-05: once per round, a Sneaking Test after a Move into half cover."""

    type: ClassVar[str] = "sneak_tested"
    actor: str
    condition: str
    passed: bool

    def describe(self) -> str:
        if self.passed:
            return f"{self.actor} passes the Sneaking Test: +1 {self.condition}"
        return f"{self.actor} fails the Sneaking Test"


@dataclass(frozen=True, slots=True, kw_only=True)
class SneakDeclined(Event):
    type: ClassVar[str] = "sneak_declined"
    actor: str

    def describe(self) -> str:
        return f"{self.actor} does not attempt a Sneaking Test"


@dataclass(frozen=True, slots=True, kw_only=True)
class Adjusted(Event):
    type: ClassVar[str] = "adjusted"
    actor: str
    hooks: int | None = None
    good_filled: int | None = None
    load: tuple[tuple[str, float, bool], ...] | None = None

    def describe(self) -> str:
        parts = [f"{k} to {v}" for k, v in (("hooks", self.hooks),
                                           ("filled Good spots", self.good_filled))
                 if v is not None]
        if self.load is not None:
            parts.append("load to " + (", ".join(f"{i} ({w:g})" for i, w, _ in self.load)
                                       or "nothing"))
        return f"the GM sets {self.actor}'s " + "; ".join(parts)


@dataclass(frozen=True, slots=True, kw_only=True)
class MontageSet(Event):
    type: ClassVar[str] = "montage_set"
    on: bool

    def describe(self) -> str:
        return ("the GM runs the chase as a Montage: Athletics Tests replace Move" if self.on
                else "the Montage ends: Move is back")


STYLES_EVENTS: tuple[type[Event], ...] = (
    Dashed, Moved, Fell, HazardTriggered, WentProne, StoodUp, SlowedChanged, ManeuverMade,
    MovementInterrupted, Drifted, MovementRefreshed, CapsReset, DashEnded, StyleGranted,
    StyleRefused,
    GrantsExpired, SneakTested, SneakDeclined, Adjusted, MontageSet, DoorRevealed)
