"""The chance an option succeeds, one figure for the map's badge (``footwork render``,
the drawing with an actor) and the page's list (each option's ``success`` in the API).

A check succeeds on the outcomes its ruleset calls a success or better: ``success``
and ``flourish`` (a success with something extra), or ``pass``. A check with none of
those names (a distance gained on a d100, say) counts every outcome that names neither
failing nor falling, and says no outcome name. An option's chance is the product over
its checks; an option without checks is certain.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

#: the outcome names that are a success, or better than one
SUCCESSES = ("success", "flourish", "pass")


@dataclass(frozen=True, slots=True)
class Success:
    """An option's chance of success, and the outcomes counted (in the checks' words;
    empty when no check names a success)."""

    p: Fraction
    outcomes: tuple[str, ...]

    @property
    def words(self) -> str:
        """The outcomes counted, for people: ``success or flourish``."""
        return " or ".join(self.outcomes)


def success_chance(option: Any) -> Success:
    """The chance ``option`` (anything with ``checks``, each with ``odds``) succeeds."""
    p = Fraction(1)
    named: list[str] = []
    for check in option.checks:
        odds: Mapping[str, Fraction] = check.odds
        counted = [k for k in odds if k.lower() in SUCCESSES]
        if counted:
            named += [k for k in counted if k not in named]
        else:
            counted = [k for k in odds if "fail" not in k.lower() and "fall" not in k.lower()]
        p *= sum((Fraction(odds[k]) for k in counted), Fraction(0))
    return Success(p, tuple(sorted(named, key=_rank)))


def _rank(name: str) -> int:
    low = name.lower()
    return SUCCESSES.index(low) if low in SUCCESSES else len(SUCCESSES)
