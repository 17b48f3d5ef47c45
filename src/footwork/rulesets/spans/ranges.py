"""The documented range of every number a `spans` file holds (README, "Ranges").

Files come from strangers: each number is bounded so that no value can build a
huge object or make a search or an exact-odds computation run long. The bounds
cover every use in the seed text (heights of a few storeys, resources of a
handful of points, a single action die) many times over.
"""

from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, Field

from footwork.dice import parse_dice
from footwork.fields import dice_text

#: heights (the vertical unit) of spans, on-high features and actors (R003-24, A003-18)
MAX_HEIGHT = 1000
#: guard, stamina, awareness, life and armour (R003-04, R003-25)
MAX_RESOURCE = 1000
#: characters a feature holds (A003-06)
MAX_CAPACITY = 1000
#: an action die: at most this many dice, of at most this many sides (R003-02, A003-01)
MAX_ACTION_DICE, MAX_ACTION_SIDES = 10, 100
#: the constant added to an action die (a penalty may take the result below 0, R003-28)
MAX_ACTION_MODIFIER = 100
#: fall damage per height, and the shift of the lethal part (A003-08)
MAX_GUARD_PER_HEIGHT, MAX_LETHAL_OFFSET = 100, 100
#: movement actions per turn (A003-23)
MAX_MOVEMENT_ACTIONS = 10

Height = Annotated[int, Field(ge=-MAX_HEIGHT, le=MAX_HEIGHT)]
Resource = Annotated[int, Field(ge=0, le=MAX_RESOURCE)]
Capacity = Annotated[int, Field(ge=1, le=MAX_CAPACITY)]


def action_dice(text: str) -> str:
    """``text`` if it is an action die footwork takes: notation the shared ``DiceText``
    check accepts, dice added and never subtracted, within the documented counts, sides and
    modifier. It is kept as written (the state shows the die the file gave)."""
    dice = parse_dice(dice_text(text))
    if not dice.terms or any(t.sign < 0 for t in dice.terms):
        raise ValueError(f"expected an action die such as d6 or d8+1, got {text!r}: it must "
                         "roll at least one die and subtract none")
    if dice.dice_count > MAX_ACTION_DICE or max(t.sides for t in dice.terms) > MAX_ACTION_SIDES:
        raise ValueError(f"expected an action die of at most {MAX_ACTION_DICE} dice of at most "
                         f"{MAX_ACTION_SIDES} sides, got {text!r}")
    if abs(dice.modifier) > MAX_ACTION_MODIFIER:
        raise ValueError(f"expected a modifier from -{MAX_ACTION_MODIFIER} to "
                         f"{MAX_ACTION_MODIFIER}, got {text!r}")
    return text


#: an action die (``d6``, ``d8+1``, ``2d6kh1``): checked when the file loads
ActionDice = Annotated[str, AfterValidator(action_dice)]

