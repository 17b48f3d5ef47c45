"""What one run leaves behind, per actor, read from its events (never from the rules).

Each ruleset's events are read by their type and fields as they are (see each ruleset's
README): ``damaged`` (``amount``, or spans' ``guard`` + ``lethal``) and styles' ``fell``
(``damage``) are damage; ``fell`` (spans' ``heights``, sitemaps' ``metres``, styles'
``distance``) and cultivation's ``fall_started`` (``metres``) are falls, their height in
the ruleset's own unit; ``rolled`` is a check and its outcome; ``partnership_ended``
breaks a partnership (counted for both partners); spans' ``lost_in_skysea`` and
cultivation's ``fell_unconscious`` take the actor out.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from footwork.engine.events import Event

#: the fields every row has, in the order of the table's columns
COLUMNS = ("variant", "run", "seed", "actor", "side", "policy", "start", "end", "target",
           "reached", "rounds_to_reach", "moves", "commands", "damage", "falls",
           "fall_height", "checks", "partnerships_broken", "out", "rounds", "steps_refused")
#: the prefix of the columns that count a check outcome (``check:success``)
CHECK = "check:"

#: a fall's height, by the field each ruleset's fall event gives it in
_FALL_HEIGHT = {"fell": ("heights", "metres", "distance"), "fall_started": ("metres",)}
_OUT = ("lost_in_skysea", "fell_unconscious")


def _number(value: Any) -> float:
    if isinstance(value, bool):
        return 0.0
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, list | tuple):
        return sum(_number(v) for v in value)
    return 0.0


@dataclass
class Tally:
    """One actor's counts during one run (a local accumulator, turned into a row)."""

    moves: int = 0
    commands: int = 0
    damage: float = 0.0
    falls: int = 0
    fall_height: float = 0.0
    checks: int = 0
    outcomes: Counter[str] = field(default_factory=Counter)
    partnerships_broken: int = 0
    out: bool = False
    rounds_to_reach: int | None = None


def tally_events(tallies: Mapping[str, Tally], events: Iterable[Event]) -> None:
    """Add what ``events`` say to each actor's tally."""
    for event in events:
        kind = event.type
        if kind == "partnership_ended":
            for who in (getattr(event, "a", None), getattr(event, "b", None)):
                if isinstance(who, str) and who in tallies:
                    tallies[who].partnerships_broken += 1
            continue
        actor = getattr(event, "actor", None)
        tally = tallies.get(actor) if isinstance(actor, str) else None
        if tally is None:
            continue
        if kind == "moved":
            tally.moves += 1
        elif kind == "rolled":
            tally.checks += 1
            tally.outcomes[str(getattr(event, "outcome", "") or "rolled")] += 1
        elif kind == "damaged":
            tally.damage += _number(getattr(event, "amount", 0)) + _number(
                getattr(event, "guard", 0)) + _number(getattr(event, "lethal", 0))
        elif kind in _OUT:
            tally.out = True
        if kind in _FALL_HEIGHT:
            tally.falls += 1
            tally.fall_height += sum(_number(getattr(event, f, 0))
                                     for f in _FALL_HEIGHT[kind])
            if kind == "fell":  # styles deals the damage in the fall event itself
                tally.damage += _number(getattr(event, "damage", 0))
