"""What an actor may do now: destinations, costs, checks and their exact odds."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from footwork.dice import parse_dice
from footwork.engine.codec import JSON, to_jsonable
from footwork.errors import DiceError
from footwork.odds import is_exact


@dataclass(frozen=True, slots=True)
class CheckOdds:
    """A check on the way and the exact probability of each of its outcomes."""

    name: str
    dice: str
    odds: Mapping[str, Fraction]
    rules: tuple[str, ...] = ()
    #: how a total reads as an outcome; lets tests check ``odds`` by enumeration
    tier_of: Callable[[int], str] | None = field(default=None, compare=False, repr=False)

    @property
    def exact(self) -> bool:
        """False when the dice were too costly for exact odds and ``odds`` approximate them
        (the ``odds_work`` limit)."""
        try:
            return is_exact(parse_dice(self.dice))
        except DiceError:  # a description rather than notation: the ruleset's own odds
            return True

    def describe(self) -> str:
        """``dice: outcome p ≈percent, ...`` (exact fractions, or marked approximate)."""
        if self.exact:
            shown = ", ".join(f"{k} {v} ≈{float(v):.0%}" for k, v in self.odds.items())
            return f"{self.dice}: {shown}"
        shown = ", ".join(f"{k} ≈{float(v):.1%}" for k, v in self.odds.items())
        return f"{self.dice}: {shown} (approximate: too costly to compute exactly)"

    def to_json(self) -> dict[str, JSON]:
        """The check as JSON (``footwork schema --option`` describes it): each outcome's
        probability as a float ``p`` and, when exact, as a fraction text."""
        exact = self.exact
        return {
            "name": self.name,
            "dice": self.dice,
            "odds": {k: {"p": float(v), "exact": str(v) if exact else None}
                     for k, v in self.odds.items()},
            "approximate": not exact,
            "rules": list(self.rules),
        }


@dataclass(frozen=True, slots=True)
class Option:
    """One thing the actor may do: the full command that does it, and what it costs.

    ``command`` is given to ``Session.do`` as it is (add ``roll`` to supply dice rolled at
    the table); ``to`` is where it takes the actor (None when it does not move it);
    ``checks`` are the rolls on the way with their exact odds; ``rules`` the rule ids
    that allow it."""

    command: Mapping[str, JSON]
    label: str
    cost: str
    to: str | None = None
    checks: tuple[CheckOdds, ...] = ()
    rules: tuple[str, ...] = ()
    #: on metric maps, where the move may end: polygons, each a list of rings of [x, y]
    region: tuple[tuple[tuple[tuple[float, float], ...], ...], ...] | None = None

    def to_json(self) -> dict[str, JSON]:
        """The option as JSON, as ``footwork schema --option`` describes it."""
        body: dict[str, JSON] = {
            "command": to_jsonable(self.command),
            "label": self.label,
            "to": self.to,
            "cost": self.cost,
            "checks": [c.to_json() for c in self.checks],
            "rules": list(self.rules),
        }
        if self.region is not None:
            body["region"] = to_jsonable(self.region)
        return body
