"""The documented range of every number a `styles` file or command holds (README, "Ranges").

Files and commands come from strangers: each number is bounded so that no value can
build a huge object, a huge dice expression or make a search run long. The bounds
cover every use in the seed text (styles of 2u, 4u and 8u, one Dash and one Hook, a
Swinging Distance to stand, floats of 1u and sinks of 2u, falls of a few storeys)
many times over. Heights and positions on the map are the core grid's ranges
(:mod:`footwork.space.grid`: ``Coordinate``, within +/-100,000u).
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from footwork.dice import parse_dice
from footwork.dice.notation import MAX_DICE
from footwork.fields import dice_text

#: A001-17: the height of a vertical step, in u; A001-10 keeps a 0.5u grain
MIN_VERTICAL_STEP, MAX_VERTICAL_STEP = 0.5, 10.0
#: R001-26: the largest rise a Walk step takes in its stride (each vertical step of it is
#: a way over an edge that a search tries from every spot)
MAX_WALK_STEP = 10.0
#: lengths an option gives in u (the walk step, standing up, floating, sinking, falls)
MAX_OPTION_U = 1000.0
#: R001-06, A001-03: Dashes a table may allow per turn (each doubles again)
MAX_DASHES = 2
#: Hooks (R001-07), Slowed stacks (R001-20), Good spots (R001-37)
MAX_COUNT = 1000
#: R001-38, A001-16: a weight, in whatever unit the table weighs in
MAX_WEIGHT = 100_000.0
#: items carried (R001-38)
MAX_LOAD = 100
#: styles on a sheet or the template (R001-10); tag names and Stealth Conditions listed
MAX_STYLES, MAX_NAMES = 16, 16
#: R001-05, A001-09: the target of a rolled Sneaking Test
MAX_TARGET = 1000
#: R001-02: segments of a plan, and waypoints of one segment
MAX_SEGMENTS, MAX_VIA = 100, 100

Count = Annotated[int, Field(ge=0, le=MAX_COUNT)]
#: a signed change of a count (a command may take stacks off)
Change = Annotated[int, Field(ge=-MAX_COUNT, le=MAX_COUNT)]
OptionU = Annotated[float, Field(ge=0, le=MAX_OPTION_U, allow_inf_nan=False)]
Weight = Annotated[float, Field(ge=0, le=MAX_WEIGHT, allow_inf_nan=False)]
#: a weight a command gives; a negative one is refused by the rules (R001-38)
SignedWeight = Annotated[float, Field(ge=-MAX_WEIGHT, le=MAX_WEIGHT, allow_inf_nan=False)]


def rolled_dice(text: str) -> str:
    """``text`` if it is dice footwork can roll (the shared ``DiceText`` check: at most 100
    dice of at most 1000 sides) that roll at least one die and take none away (a
    negative die makes no sense for damage or a Test), in its normal form."""
    normal = dice_text(text)
    dice = parse_dice(normal)
    if not dice.terms or any(t.sign < 0 for t in dice.terms):
        raise ValueError(f"expected dice such as 1d6 or 1d20+2, got {text!r}: they must "
                         "roll at least one die and subtract none")
    return normal


def damage_dice(text: str) -> str:
    """:func:`rolled_dice` whose total can never be below 0 (fall damage, A001-14)."""
    normal = rolled_dice(text)
    if parse_dice(normal).minimum < 0:
        raise ValueError(f"expected damage dice that never total below 0, got {text!r}")
    return normal


#: dice a Test rolls (``1d20``, ``2d6+1``): checked when the file loads
TestDice = Annotated[str, AfterValidator(rolled_dice)]
#: dice of fall damage (``1d6``): checked when the file loads
DamageDice = Annotated[str, AfterValidator(damage_dice)]

__all__ = [
    "MAX_COUNT",
    "MAX_DASHES",
    "MAX_DICE",
    "MAX_LOAD",
    "MAX_NAMES",
    "MAX_OPTION_U",
    "MAX_SEGMENTS",
    "MAX_STYLES",
    "MAX_TARGET",
    "MAX_VERTICAL_STEP",
    "MAX_VIA",
    "MAX_WALK_STEP",
    "MAX_WEIGHT",
    "MIN_VERTICAL_STEP",
    "Change",
    "Count",
    "DamageDice",
    "OptionU",
    "SignedWeight",
    "TestDice",
    "Weight",
]
