"""The documented range of every number a `sitemaps` file or command holds (README,
"Ranges").

Files and commands come from strangers: each number is bounded so that no value can
build a huge object or make a path search, a free-spot search or a roll run long, and
the geometry is checked before shapely sees it. The bounds cover every use in the seed
text (zones of at most 10 m, 2 m circles and reach, leaps of 4 m, a d20 against
attributes) many times over.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from footwork.dice import parse_dice
from footwork.fields import Coordinate, dice_text

#: the widest a zone may be, in metres, along x and along y (R004-03 suggests 10 m; larger
#: zones are marked ``large``); it bounds the 25 cm lattice a free spot is searched on
MAX_ZONE_M = 100.0
#: floors, below and above the ground floor (R004-04)
MAX_FLOOR = 200
#: characters a zone holds (R004-06, A004-07)
MAX_CAPACITY = 1000
#: STR and AGI (R004-20, A004-01)
MAX_ATTRIBUTE = 100
#: bulk carried and the carry limit (R004-27, A004-12)
MAX_BULK = 1000
#: short distances of the options: footprint, reach, leaps, run-up, a floor's height
MAX_SHORT_M = 100.0
#: zone steps counted for range (A004-08) and drift (A004-13); pins per round (A004-04)
MAX_ZONE_STEPS, MAX_DRIFT, MAX_PINS = 1000, 100, 100
#: a check: at most this many dice, of at most this many sides, and the modifier (A004-01)
MAX_CHECK_DICE, MAX_CHECK_SIDES, MAX_CHECK_MODIFIER = 10, 100, 100
#: the target of a roll-over check (A004-01)
MAX_TARGET = 1000
#: the waypoints a move may give (R004-18)
MAX_VIA = 32

#: a point ``[x, y]`` in metres
Point = tuple[Coordinate, Coordinate]
Floor = Annotated[int, Field(ge=-MAX_FLOOR, le=MAX_FLOOR)]
Short = Annotated[float, Field(gt=0, le=MAX_SHORT_M, allow_inf_nan=False)]
ShortOrZero = Annotated[float, Field(ge=0, le=MAX_SHORT_M, allow_inf_nan=False)]


def check_dice(text: str) -> str:
    """``text`` if it is dice a STR or AGI roll may use: notation the shared ``DiceText``
    check accepts, dice added and never subtracted, within the documented bounds. It is
    kept as written (events show the dice rolled)."""
    dice = parse_dice(dice_text(text))
    if not dice.terms or any(t.sign < 0 for t in dice.terms):
        raise ValueError(f"expected dice such as d20 or 3d6, got {text!r}: they must roll at "
                         "least one die and subtract none")
    if dice.dice_count > MAX_CHECK_DICE or max(t.sides for t in dice.terms) > MAX_CHECK_SIDES:
        raise ValueError(f"expected at most {MAX_CHECK_DICE} dice of at most "
                         f"{MAX_CHECK_SIDES} sides, got {text!r}")
    if abs(dice.modifier) > MAX_CHECK_MODIFIER:
        raise ValueError(f"expected a modifier from -{MAX_CHECK_MODIFIER} to "
                         f"{MAX_CHECK_MODIFIER}, got {text!r}")
    return text


#: the dice of STR and AGI rolls (``d20``, ``3d6``), checked when the file loads
CheckDice = Annotated[str, AfterValidator(check_dice)]

