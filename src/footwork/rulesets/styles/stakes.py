"""What is at stake in `styles`: the risk of each option and the consequence of each answer
to a pending decision, in the core's shapes (``Risk``, ``Consequence``).

A fall happens at once (A001-14): off a Walk with nothing beneath (R001-26), a Jump that
ends in the air (R001-32), an Interrupted Climb or Fly (R001-21, R001-34). Its damage is
the table's unless ``fall.dice`` is set; then its exact odds come from
:func:`~footwork.rulesets.styles.falls.damage_odds`. A fall into the void takes the
character out of the scene.
"""

from __future__ import annotations

from fractions import Fraction

from footwork.engine.choices import SAFE, CheckOdds, Consequence, Fall, Risk
from footwork.rulesets.styles.falls import RULES as DAMAGE_RULES
from footwork.rulesets.styles.falls import damage_odds
from footwork.rulesets.styles.model import ALOFT, GRADES, INTERRUPTED, StyleActor, in_u
from footwork.rulesets.styles.options import StylesOptions
from footwork.rulesets.styles.planning import fallen_into, start_spot
from footwork.rulesets.styles.terrain import FALLEN, Spot, Terrain

UNIT = "u"
VOID_RULES = ("A001-14",)


def fall_risk(o: StylesOptions, distance: float, into: str,
              rules: tuple[str, ...]) -> Risk:
    """A certain fall of ``distance`` u into ``into`` (floor, water or void): its damage
    dice and their exact odds when ``fall.dice`` is set (A001-14, R001-39); into the void,
    leaving the scene."""
    if into == "void":
        return Risk(fall=Fall(distance=distance, unit=UNIT, damage="into the void",
                              rules=(*rules, *VOID_RULES)),
                    leaves_scene=Fraction(1), rules=(*rules, *VOID_RULES))
    odds: CheckOdds | None = damage_odds(o.fall, distance, into)
    if odds is not None:
        damage = f"{odds.dice} damage"
    elif o.fall.dice is None:
        damage = "damage as the table rules (fall.dice unset, A001-14)"
    else:
        damage = "no damage" + (" (water breaks the fall)" if into == "water" else "")
    fall = Fall(distance=distance, unit=UNIT, damage=f"into {into}: {damage}",
                damage_odds=dict(odds.odds) if odds is not None else {},
                rules=(*rules, *DAMAGE_RULES))
    return Risk(fall=fall, rules=fall.rules)


def hazard_tags(t: Terrain, o: StylesOptions, r: int, c: int) -> tuple[str, ...]:
    """R001-09, A001-19: the hazard tags of the cell a move ends on (the table resolves
    what they do)."""
    if not t.hazard[r][c]:
        return ()
    return tuple(f"a {n} cell at ({r},{c}) (A001-19)" for n in o.move.hazard_tags
                 if t.grid.tag_at(n, r, c))


def spot_risk(t: Terrain, o: StylesOptions, spot: Spot) -> Risk:
    """The risk of a move that ends at ``spot``: a fall (R001-26, R001-32, A001-14) and
    the hazard the landing or the last step touches (A001-19)."""
    hazards = hazard_tags(t, o, spot[1], spot[2]) if t.touches_down(spot) else ()
    if spot[0] == FALLEN:
        base = fall_risk(o, t.height(spot[4] - spot[3]), fallen_into(t, spot),
                         ("R001-26", "R001-32"))
        if not hazards:
            return base
        return Risk(fall=base.fall, hazards=hazards, leaves_scene=base.leaves_scene,
                    rules=(*base.rules, "A001-19"))
    if hazards:
        return Risk(hazards=hazards, rules=("R001-09", "A001-19"))
    return SAFE


def interrupted_words(t: Terrain, o: StylesOptions, actor: StyleActor,
                      style: str) -> tuple[str, Risk]:
    """What Interrupting ``style`` does to ``actor`` now (R001-21, R001-34, R001-37)."""
    effect = INTERRUPTED[style]
    if effect == "fall" and actor.mode in ALOFT:
        here = start_spot(t, actor)
        landing = t.fall_from(actor.row, actor.col, here[3])
        into = fallen_into(t, landing)
        distance = t.height(landing[4] - landing[3]) if into != "void" else t.height(here[3])
        risk = fall_risk(o, distance, into, ("R001-21", "R001-34"))
        # A001-19 (the s32 review): the landing sets off what it touches down on, as decide
        # rules it
        hazards = hazard_tags(t, o, landing[1], landing[2]) if t.touches_down(landing) else ()
        if hazards:
            risk = Risk(fall=risk.fall, hazards=hazards, leaves_scene=risk.leaves_scene,
                        rules=(*risk.rules, "A001-19"))
        return f"Interrupted {style.title()}: {actor.id} falls now", risk
    if effect == "float_or_sink" and actor.mode == "water":
        sinks = actor.sinks(o.swim.heavy_load_sinks)
        return (f"Interrupted {style.title()}: {actor.id} "
                f"{'sinks 2u' if sinks else 'floats up 1u'} a Turn (R001-37)", SAFE)
    return f"Interrupted {style.title()}: nothing more happens here (R001-21)", SAFE


def grant_words(o: StylesOptions, who: str, style: str, grade: str) -> str:
    return f"{who} gains {grade.title()} {style.title()} ({in_u(GRADES[grade])})"


def improvise_consequences(o: StylesOptions, who: str, style: str,
                           *, test: bool) -> tuple[Consequence, ...]:
    """``improvise`` (grant, grant_normal, grant_double, test, refuse) or, after the Test,
    ``improvise_test`` (pass, pass_normal, pass_double, fail, fail_interrupted, whose
    Interrupted effect is given separately) (R001-23, R001-24, R001-25, A001-13)."""
    default = o.improvise.default_grade
    verb = "pass" if test else "grant"
    grants = ((verb, default), (f"{verb}_normal", "normal"), (f"{verb}_double", "double"))
    found = [Consequence(choice, grant_words(o, who, style, grade)
                         + (" (the default grade)" if choice == verb else ""),
                         rules=("R001-25", "A001-13")) for choice, grade in grants]
    if not test:
        found.append(Consequence("test", f"a Test (e.g. Athletics) follows; the GM then "
                                 f"passes it at a grade, fails it, or fails it as "
                                 f"Interrupted {style.title()}", rules=("R001-24",)))
        found.append(Consequence("refuse", f"{who} does not gain {style.title()}",
                                 rules=("R001-23",)))
    else:
        found.append(Consequence("fail", f"{who} does not gain {style.title()}",
                                 rules=("R001-24",)))
    return tuple(found)


def interrupted_consequence(t: Terrain, o: StylesOptions, actor: StyleActor,
                            style: str) -> Consequence:
    words, risk = interrupted_words(t, o, actor, style)
    return Consequence("fail_interrupted", f"{actor.id} does not gain {style.title()}; "
                       + words, risk=risk, rules=("R001-21", "R001-24", "R001-37"))


def sneak_consequences(o: StylesOptions, who: str, conditions: tuple[str, ...],
                       odds: CheckOdds | None) -> tuple[Consequence, ...]:
    """``sneak``: a Sneaking Test for one Stealth Condition, or ``skip`` (R001-05,
    A001-09); the odds of the roll when footwork rolls it."""
    how = "" if odds is not None else "; the GM rules the Test"
    found = [Consequence(c, f"a Sneaking Test: on a pass {who} gains a Stack of {c}{how}",
                         checks=(odds,) if odds is not None else (),
                         rules=("R001-05", "A001-09")) for c in conditions]
    found.append(Consequence("skip", "no Sneaking Test this round", rules=("R001-05",)))
    return tuple(found)


def sneak_test_consequences(who: str, condition: str) -> tuple[Consequence, ...]:
    """``sneak_test``: the GM's pass or fail (R001-05, A001-09)."""
    return (Consequence("pass", f"{who} gains a Stack of {condition}",
                        rules=("R001-05", "A001-09")),
            Consequence("fail", f"{who} gains no Condition", rules=("R001-05",)))
