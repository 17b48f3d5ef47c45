"""What an actor may do now: destinations, costs, checks and their exact odds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from footwork.engine.codec import JSON, to_jsonable


@dataclass(frozen=True, slots=True)
class CheckOdds:
    """A check on the way and the exact probability of each of its outcomes."""

    name: str
    dice: str
    odds: Mapping[str, Fraction]
    rules: tuple[str, ...] = ()
    #: how a total reads as an outcome; lets tests check ``odds`` by enumeration
    tier_of: Callable[[int], str] | None = field(default=None, compare=False, repr=False)

    def to_json(self) -> dict[str, JSON]:
        return {
            "name": self.name,
            "dice": self.dice,
            "odds": {k: {"p": float(v), "exact": str(v)} for k, v in self.odds.items()},
            "rules": list(self.rules),
        }


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the actor may do: the full command that does it, and what it costs."""

    command: Mapping[str, JSON]
    label: str
    cost: str
    to: str | None = None
    checks: tuple[CheckOdds, ...] = ()
    rules: tuple[str, ...] = ()

    def to_json(self) -> dict[str, JSON]:
        return {
            "command": to_jsonable(self.command),
            "label": self.label,
            "to": self.to,
            "cost": self.cost,
            "checks": [c.to_json() for c in self.checks],
            "rules": list(self.rules),
        }
