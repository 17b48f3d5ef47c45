"""Falls (R001-26, R001-32, R001-34, R001-39, A001-14): at once, to what lies below.

The chapter leaves fall damage to another chapter, so by default footwork records each
fall and its height and rolls nothing. A table may set ``fall.dice``: that many dice for
every full ``per_u`` fallen beyond the first ``safe_u``, none into water.
"""

from __future__ import annotations

import math
from fractions import Fraction

from footwork.dice import Dice, parse_dice
from footwork.engine.choices import CheckOdds
from footwork.engine.events import Event, Rolled
from footwork.engine.rolling import Roller
from footwork.odds import distribution
from footwork.rulesets.styles import events as ev
from footwork.rulesets.styles.options import FallOptions

RULES = ("R001-39", "A001-14")


def damage_dice(opts: FallOptions, distance: float, into: str) -> Dice | None:
    """The dice a fall of ``distance`` u rolls for damage; None when it deals none.

    >>> damage_dice(FallOptions(), 7.0, "floor") is None  # by default the table's rule
    True
    >>> str(damage_dice(FallOptions(dice="1d6"), 7.0, "floor"))
    '1d6+1d6'
    >>> damage_dice(FallOptions(dice="1d6"), 3.9, "floor") is None
    True
    """
    if opts.dice is None or into == "void" or (into == "water" and opts.water_breaks_fall):
        return None
    count = math.floor((distance - opts.safe_u) / opts.per_u + 1e-9)
    if count <= 0:
        return None
    return parse_dice("+".join([opts.dice] * count))


def fall_events(actor: str, opts: FallOptions, row: int, col: int, z: float, distance: float,
                into: str, roller: Roller, rules: tuple[str, ...]) -> list[Event]:
    """A fall's damage roll (if any) and the Fell event."""
    out: list[Event] = []
    damage = 0
    dice = damage_dice(opts, distance, into)
    if dice is not None:
        roll, supplied = roller.roll(dice, where="roll (fall damage)")
        damage = roll.total
        out.append(Rolled(actor=actor, check=f"fall damage ({distance:g}u)", dice=str(dice),
                          values=roll.values, total=roll.total, outcome=f"{damage} damage",
                          supplied=supplied, rules=RULES))
    out.append(ev.Fell(actor=actor, row=row, col=col, z=z, distance=distance, into=into,
                       damage=damage, rules=(*rules, *RULES)))
    return out


def damage_odds(opts: FallOptions, distance: float, into: str) -> CheckOdds | None:
    """The exact odds of each damage total of a fall, for ``options()``."""
    dice = damage_dice(opts, distance, into)
    if dice is None:
        return None
    dist = distribution(dice)
    odds: dict[str, Fraction] = {f"{total} damage": p for total, p in sorted(dist.items())}
    return CheckOdds(name=f"fall {distance:g}u", dice=str(dice), odds=odds, rules=RULES,
                     tier_of=lambda total: f"{total} damage")
