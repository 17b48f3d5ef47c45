"""d100 Skill checks with degrees of success and failure, PP, and what each movement
Action makes of its degrees (R002-08..11, R002-15..34, A002-05..10).

A check succeeds when the d100 is at most the target (the Skill plus the difficulty,
plus ``per_point`` for each PP spent). Degrees count the difference of the tens digits
of the target and of the roll (A002-05): a 17 against 60 is 5 DoS, a 92 against 60 is
3 DoF, a 35 against 120 is 9 DoS.

>>> degrees(60, 92), degrees(60, 17), degrees(120, 35)
(-3, 5, 9)
>>> jump_distance(1.0, 2, -3, per=3), jump_distance(2.0, 5, 5, per=2)
(0, 7)
"""

from __future__ import annotations

import math
from collections.abc import Callable
from fractions import Fraction

from footwork.dice import parse_dice
from footwork.engine.choices import CheckOdds
from footwork.odds import tier_odds
from footwork.rulesets.allowances.ranges import MAX_ALLOWANCE

D100 = parse_dice("1d100")

#: R002-15: the [Jump X] multipliers of the creature's Height
JUMP_MULTIPLIER: dict[int, float] = {1: 0.1, 2: 0.4, 3: 0.8, 4: 1.4, 5: 3.0, 6: 8.0,
                                     7: 16.0, 8: 30.0}


def degrees(target: int, roll: int) -> int:
    """DoS (positive or 0) on a success, minus the DoF on a failure (A002-05)."""
    if roll <= target:
        return target // 10 - roll // 10
    return -(roll // 10 - target // 10)


def jump_height(height_m: float, trait: int) -> float:
    """R002-15, A002-23: Height times the trait's multiplier."""
    return height_m * JUMP_MULTIPLIER[trait]


def jump_base(jh: float, action: str) -> float:
    """R002-19, R002-25, A002-10: Jump goes a third of JH (at least 1 m), Leap the whole JH
    (at least 2 m); the minimum applies to the base only."""
    if action == "jump":
        return max(1.0, jh / 3.0)
    return max(2.0, jh)


def jump_distance(base: float, trait: int, deg: int, *, per: int) -> int:
    """R002-20, R002-26, R002-30, A002-08, A002-09: whole steps of ``per`` degrees, each
    worth 1 + X/3 m up or down; rounded down, never below 0, and never above the
    Allowance ceiling (``MAX_ALLOWANCE``, 50 m: see the README's ranges)."""
    steps = abs(deg) // per
    delta = steps * (1.0 + trait / 3.0) * (1 if deg >= 0 else -1)
    # exact thirds: X/3 steps are rational, so round the float safely before flooring
    return min(int(MAX_ALLOWANCE), max(0, math.floor(base + delta + 1e-9)))


def rush_gain(deg: int, mode: str) -> int:
    """R002-09/R002-10, A002-01: metres a Rush adds (0 on a failure)."""
    if deg < 0:
        return 0
    return deg if mode == "per_dos_score" else deg // 2


def breach_gain(deg: int) -> int:
    """R002-33: +1 m per 3 DoS (0 on a failure), at most the Allowance ceiling."""
    return min(int(MAX_ALLOWANCE), max(0, deg) // 3)


def capped(gain: float, allowance: float) -> float:
    """What a Rush of ``gain`` m adds to an Allowance of ``allowance`` m: no Allowance goes
    above the ceiling (``MAX_ALLOWANCE``, 50 m: see the README's ranges).

    >>> capped(2, 10), capped(5, 48), capped(5, 50)
    (2, 2.0, 0.0)
    """
    return gain if allowance + gain <= MAX_ALLOWANCE else max(0.0, MAX_ALLOWANCE - allowance)


def outcome_odds(name: str, target: int, result: Callable[[int], str],
                 rules: tuple[str, ...]) -> CheckOdds:
    """The exact odds of each result of a d100 check against ``target``."""
    names = sorted({result(v) for v in range(1, 101)}, key=_order)
    odds: dict[str, Fraction] = tier_odds(D100, result, names)
    return CheckOdds(name=name, dice=str(D100), odds=odds, rules=rules, tier_of=result)


def _order(label: str) -> tuple[float, str]:
    head = label.split()[0].lstrip("+")
    try:
        return float(head), label
    except ValueError:
        return math.inf, label
