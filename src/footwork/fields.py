"""Field types for what encounter files and commands carry, with documented ranges.

Files come from strangers: every id is a short printable line, and every
number has a range, so that no value can make footwork print megabytes, build
a huge array or loop for minutes. Rulesets annotate their models with these.
docs/limits.md lists the ranges.
"""

from __future__ import annotations

import math
import unicodedata
from typing import Annotated

from pydantic import AfterValidator, Field

from footwork.dice import parse_dice
from footwork.errors import DiceError

#: the longest id (of an actor, a side, a place...)
MAX_ID = 64
#: the largest coordinate, distance or height on any map, in the map's unit
MAX_COORDINATE = 100_000.0
#: the largest seed (a 63-bit whole number)
MAX_SEED = 2**63 - 1


def printable_line(value: str, *, limit: int = MAX_ID) -> str:
    """``value`` if it is 1..``limit`` characters with no line break or control character."""
    if not value:
        raise ValueError("expected a name of at least one character")
    if len(value) > limit:
        raise ValueError(f"expected a name of at most {limit} characters, got {len(value)}")
    for ch in value:
        if unicodedata.category(ch) in ("Cc", "Cf", "Zl", "Zp", "Cs", "Co", "Cn"):
            raise ValueError(
                f"expected printable characters on one line, got {ch!a} in the name")
    if value != value.strip():
        raise ValueError("expected a name with no leading or trailing spaces")
    return value


def dice_text(value: str) -> str:
    """``value`` if it is dice notation footwork can roll (at most 100 dice of at most 1000
    sides), in its normal form; checked when the file loads, not when first rolled."""
    if len(value) > 80:
        raise ValueError(f"expected dice notation such as 2d6+1, got {len(value)} characters")
    try:
        return str(parse_dice(value))
    except DiceError as exc:
        raise ValueError(f"expected dice notation such as 2d6+1: {exc}") from None


def _finite(value: float) -> float:
    if not math.isfinite(value):
        raise ValueError("expected a finite number")
    return value


#: an id or short name: 1..64 printable characters on one line
Name = Annotated[str, AfterValidator(printable_line)]
#: a position or length on a map: finite, within +/- 100,000 of the map's unit
Coordinate = Annotated[float, Field(ge=-MAX_COORDINATE, le=MAX_COORDINATE,
                                    allow_inf_nan=False), AfterValidator(_finite)]
#: a distance, depth or height that cannot be negative
Distance = Annotated[float, Field(ge=0, le=MAX_COORDINATE, allow_inf_nan=False),
                     AfterValidator(_finite)]
#: dice notation (``2d6+1``, ``d%``, ``4d6kh3``), validated and normalised at load
DiceText = Annotated[str, AfterValidator(dice_text)]
#: the seed of an encounter's generator
Seed = Annotated[int, Field(ge=0, le=MAX_SEED)]
