"""Falls (R001-26, R001-32, R001-34, R001-39, A001-14): at once, to what lies below.

The chapter leaves fall damage to another chapter, so by default footwork records each
fall and its height and rolls nothing. A table may set ``fall.dice``: that many dice for
every full ``per_u`` fallen beyond the first ``safe_u``, none into water. The damage is
a *count* of ``fall.dice``, built as one dice value (never by joining notation), and at
most ``fall.max_dice`` dice in all: a 300u fall at 1d6 per 2u is 149 steps, rolled as
100d6 under the default ceiling.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction

from footwork.dice import Dice, DiceTerm, parse_dice
from footwork.engine.choices import CheckOdds
from footwork.engine.events import Event, Rolled
from footwork.engine.rolling import Roller
from footwork.odds import distribution
from footwork.rulesets.styles import events as ev
from footwork.rulesets.styles.options import FallOptions

RULES = ("R001-39", "A001-14")


def damage_count(opts: FallOptions, distance: float, into: str) -> int:
    """How many times a fall of ``distance`` u rolls ``fall.dice``: one for every full
    ``per_u`` beyond ``safe_u``, none into a void or (by default) water, and no more than
    ``max_dice`` dice in all (at least one roll of ``fall.dice`` when any is due).

    >>> opts = FallOptions(dice="1d6")
    >>> damage_count(opts, 7.0, "floor"), damage_count(opts, 3.9, "floor")
    (2, 0)
    >>> damage_count(opts, 300.0, "floor"), damage_count(opts, 300.0, "water")
    (100, 0)
    """
    if opts.dice is None or into == "void" or (into == "water" and opts.water_breaks_fall):
        return 0
    if not distance > opts.safe_u:
        return 0
    steps = math.floor((distance - opts.safe_u) / opts.per_u + 1e-9)
    if steps <= 0:
        return 0
    per_roll = parse_dice(opts.dice).dice_count
    return min(steps, max(1, opts.max_dice // per_roll))


def repeated(dice: Dice, count: int) -> Dice:
    """``count`` rolls of ``dice`` summed, as one dice value: plain terms of the same die
    merge (``1d6`` three times is ``3d6``), kept-dice terms repeat, modifiers add up.

    >>> str(repeated(parse_dice("1d6+1"), 3)), str(repeated(parse_dice("2d6kh1"), 2))
    ('3d6+3', '2d6kh1+2d6kh1')
    """
    plain: Counter[tuple[int, int]] = Counter()
    kept: list[DiceTerm] = []
    for term in dice.terms:
        if term.keep is None:
            plain[(term.sides, term.sign)] += term.count * count
        else:
            kept += [term] * count
    terms = [DiceTerm(n, sides, sign=sign) for (sides, sign), n in plain.items()]
    return Dice(tuple(terms + kept), dice.modifier * count)


def damage_dice(opts: FallOptions, distance: float, into: str) -> Dice | None:
    """The dice a fall of ``distance`` u rolls for damage; None when it deals none.

    >>> damage_dice(FallOptions(), 7.0, "floor") is None  # by default the table's rule
    True
    >>> str(damage_dice(FallOptions(dice="1d6"), 7.0, "floor"))
    '2d6'
    >>> damage_dice(FallOptions(dice="1d6"), 3.9, "floor") is None
    True
    """
    count = damage_count(opts, distance, into)
    if count == 0 or opts.dice is None:
        return None
    return repeated(parse_dice(opts.dice), count)


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
