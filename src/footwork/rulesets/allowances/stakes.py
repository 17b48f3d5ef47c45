"""What is at stake in `allowances`: the risk of each option and the consequence of each
answer to a pending decision, in the core's shapes (``Risk``, ``Consequence``).

A rolled Action (Rush, Jump, Leap, Breach) turns its degrees into metres. One function,
:func:`result_of`, reads a d100 face against a target as those metres: the options' odds
are that reading counted over every face, and each answer of the ``pp`` decision is that
reading of the face already rolled against the target the PP raise (A002-05, A002-07).
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from footwork.engine.choices import SAFE, CheckOdds, Consequence, Loss, Risk
from footwork.engine.codec import JSON
from footwork.rulesets.allowances.checks import (
    breach_gain,
    capped,
    degrees,
    jump_base,
    jump_distance,
    rush_gain,
)
from footwork.rulesets.allowances.model import Creature
from footwork.rulesets.allowances.options import AllowancesOptions
from footwork.rulesets.allowances.planning import effective, jump_payer

#: what each Action makes of its degrees
METRE_RULES: Mapping[str, tuple[str, ...]] = {
    "rush": ("R002-10",), "jump": ("R002-17", "R002-18", "R002-19", "R002-20"),
    "leap": ("R002-23", "R002-24", "R002-25", "R002-26"),
    "breach": ("R002-31", "R002-32", "R002-33", "R002-34"),
}


def _num(x: float) -> float | int:
    x = round(float(x), 6)
    return int(x) if x.is_integer() else x


def result_of(a: Creature, o: AllowancesOptions, action: str, ctx: Mapping[str, JSON],
              total: int, face: int) -> str:
    """What a d100 ``face`` against ``total`` buys: ``+2 m`` (Rush, capped at the
    ceiling), ``3 m`` (Jump, Leap) or ``+1 m water`` (Breach)."""
    deg = degrees(total, face)
    if action == "rush":
        held = a.allowance[str(ctx["type"])]
        return f"+{_num(capped(rush_gain(deg, o.rush.mode), held))} m"
    if action in ("jump", "leap"):
        assert a.jump is not None
        base = jump_base(a.jump_height_m or 0.0, action)
        dist = jump_distance(base, a.jump, deg, per=3 if action == 'jump' else 2)
        payer = jump_payer(a, o)
        if payer is not None:
            # A002-13 read otherwise: it carries the creature no farther than the paying
            # Type may still pay, nowhere without it (``planning.hop_cap``; the s33 and
            # s34 reviews)
            return f"{_num(min(float(dist), effective(a, o).get(payer, 0.0)))} m"
        return f"{dist} m"
    return f"+{breach_gain(deg)} m {ctx['type']}"


def goes_nowhere(result: str) -> bool:
    """A Jump or Leap of 0 m, a Breach that gains nothing."""
    return result.lstrip("+").split()[0] == "0"


def action_risk(action: str, odds: CheckOdds) -> Risk:
    """R002-20, R002-26, R002-33: a Jump, a Leap or a Breach may go nowhere (0 m): the
    exact chance from the check's own odds (no PP spent). A Rush gains or not; it never
    costs a move it did not give."""
    if action == "rush":
        return SAFE
    chance = sum((p for k, p in odds.odds.items() if goes_nowhere(k)), Fraction(0))
    if not chance:
        return SAFE
    rules = METRE_RULES[action]
    return Risk(loses=Loss("move", chance, rules), rules=rules)


def _degree_words(target: int, roll: int) -> str:
    deg = degrees(target, roll)
    return f"{deg} DoS" if roll <= target else f"{-deg} DoF"


def pp_consequences(a: Creature, o: AllowancesOptions, ctx: Mapping[str, JSON],
                    most: int) -> tuple[Consequence, ...]:
    """``pp``: for 0 to ``most`` PP, the new target (the Skill, the difficulty, and
    ``per_point`` a PP, A002-05, A002-07), what the roll already made reads as against
    it, the metres that buys, and what it costs in PP."""
    action = str(ctx["action"])
    target = int(str(ctx["target"]))
    roll = int(str(ctx["roll"]))
    rules = ("A002-05", "A002-07", *METRE_RULES[action])
    found: list[Consequence] = []
    for n in range(most + 1):
        total = target + n * o.pp.per_point
        result = result_of(a, o, action, ctx, total, roll)
        raised = f" (+{n * o.pp.per_point})" if n else ""
        words = (f"target {total}{raised}: {roll} is {_degree_words(total, roll)}, "
                 f"{action} {result}")
        cost = f"{n} PP ({a.pp} → {a.pp - n})" if n else ""
        risk = SAFE
        if action != "rush" and goes_nowhere(result):
            risk = Risk(loses=Loss("move", Fraction(1), METRE_RULES[action]),
                        rules=METRE_RULES[action])
        found.append(Consequence(str(n), words, cost=cost, risk=risk, rules=rules))
    return tuple(found)
