"""What is at stake in `spans`: the risk of each option and the consequence of each answer
to a pending decision, in the core's shapes (``Risk``, ``Consequence``).

Fall damage here is not a roll: the surface table gives guard and lethal damage by heights
fallen (A003-08), armour takes off guard (A003-19), and the free Maneuver roll takes off
lethal (R003-28). So a fall's odds are the exact chances of each lethal amount after that
roll; Leaf on the Wind (R003-37) lets the faller keep the better of two rolls.
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from footwork.dice import Dice
from footwork.engine.choices import SAFE, CheckOdds, Consequence, Fall, Loss, Risk
from footwork.engine.words import count
from footwork.odds import distribution
from footwork.rulesets.spans.checks import FAIL, STRUGGLE, action_die, band_odds, resource_for
from footwork.rulesets.spans.damage import AVOIDING, applied_damage, fall_damage
from footwork.rulesets.spans.geometry import SpansState, defeated, fall_foot
from footwork.rulesets.spans.model import SpansActor, SpansMap
from footwork.rulesets.spans.options import SpansOptions

UNIT = "height"  # R003-24: the vertical unit; one word for it everywhere (issue 13, item 11)
FALL_RULES = ("R003-25", "R003-27", "R003-28", "A003-08", "A003-19")
SKYSEA_RULES = ("R003-26", "A003-20")


def _maneuver(state: SpansState, actor: SpansActor) -> Dice:
    opts: SpansOptions = state.options
    return action_die(actor, "maneuver", opts.dice.default_die)


def _best_of_two(dist: Mapping[int, Fraction]) -> dict[int, Fraction]:
    """The better of two rolls: what a faller with Leaf on the Wind keeps (R003-37)."""
    out: dict[int, Fraction] = {}
    for a, pa in dist.items():
        for b, pb in dist.items():
            out[max(a, b)] = out.get(max(a, b), Fraction(0)) + pa * pb
    return out


def lethal_odds(state: SpansState, actor: SpansActor, heights: int, surface: str,
                rolls: Mapping[int, Fraction] | None = None) -> dict[str, Fraction]:
    """Exact chance of each lethal amount after the Maneuver roll (R003-27, R003-28);
    ``rolls`` is the distribution of the Maneuver result that counts (default: the
    faller's own roll, or the better of two with Leaf on the Wind)."""
    opts: SpansOptions = state.options
    if rolls is None:
        rolls = distribution(_maneuver(state, actor))
        if "leaf_on_the_wind" in actor.abilities:
            rolls = _best_of_two(rolls)
    odds: dict[int, Fraction] = {}
    for total, p in rolls.items():
        lethal = applied_damage(opts, actor, heights, surface, total)[1]
        odds[lethal] = odds.get(lethal, Fraction(0)) + p
    return {f"{k} lethal": v for k, v in sorted(odds.items())}


def _damage_words(state: SpansState, actor: SpansActor, heights: int, surface: str) -> str:
    opts: SpansOptions = state.options
    guard, _ = applied_damage(opts, actor, heights, surface, None)
    lethal = fall_damage(opts, heights, surface)[1]
    dice = _maneuver(state, actor)
    best = ", better of two (Leaf on the Wind)" if "leaf_on_the_wind" in actor.abilities else ""
    words = f"{guard} guard, {lethal} lethal − Maneuver ({dice}{best})"
    ways = [w.replace("_", " ") for w in AVOIDING if w in actor.abilities]
    if ways:
        words += f"; {' or '.join(ways)} may avoid it"
    return words


def fall_risk(state: SpansState, actor: SpansActor, heights: int, onto: str,
              chance: Fraction | None = Fraction(1)) -> Risk:
    """The risk of falling ``heights`` onto ``onto`` (R003-25): its damage odds, or, into
    the Skysea, leaving the scene (R003-26, A003-20) unless Untether saves the faller."""
    m: SpansMap = state.space
    surface = m.surface(onto)
    if surface == "skysea":
        # no damage: there is no surface; Untether is the one way out (R003-39), offered
        # as the fall's pending decision
        leaves = Fraction(0) if chance is None else chance
        return Risk(fall=Fall(distance=max(0, heights), unit=UNIT, chance=chance,
                              rules=SKYSEA_RULES),
                    leaves_scene=leaves, rules=SKYSEA_RULES)
    if heights <= 0:
        return SAFE
    return Risk(fall=Fall(distance=heights, unit=UNIT,
                          damage=_damage_words(state, actor, heights, surface), chance=chance,
                          damage_odds=lethal_odds(state, actor, heights, surface),
                          rules=FALL_RULES),
                rules=FALL_RULES)


def drop_risk(state: SpansState, actor: SpansActor, onto: str) -> Risk:
    """A drop is a fall (A003-10, R003-25); an airborne actor at its ground just lands."""
    m: SpansMap = state.space
    return fall_risk(state, actor, actor.height - m.top(onto), onto)


def jump_risk(state: SpansState, actor: SpansActor, target: SpansActor) -> Risk:
    """A missed jump attack is an ordinary fall (A003-21); whether it misses is the
    Guide's ruling, not a roll here, so its chance is not given."""
    return fall_risk(state, actor, actor.height - target.height, target.at, chance=None)


def _unpaid(state: SpansState, actor: SpansActor, die: str) -> bool:
    """A struggle stays unpaid when the resource is spent (A003-04)."""
    opts: SpansOptions = state.options
    return getattr(actor, resource_for(die)) <= 0 and not opts.struggle.allow_negative


def miss_chance(state: SpansState, actor: SpansActor, die: str, dice: Dice) -> Fraction:
    """The chance that the roll does not succeed even if the actor pays what it can: a
    1–2, or a 3–4 it cannot pay for (R003-02, R003-04, A003-04)."""
    odds = band_odds(dice)
    return odds[FAIL] + (odds[STRUGGLE] if _unpaid(state, actor, die) else Fraction(0))


def climb_fall(state: SpansState, actor: SpansActor,
               toward: str | None = None) -> tuple[int, str] | None:
    """Where a failed climb toward ``toward`` drops the climber with ``climb.fail_falls``
    (A003-09): onto the foot of the climb (``geometry.fall_foot``); None when it would not
    fall."""
    opts: SpansOptions = state.options
    m: SpansMap = state.space
    onto = fall_foot(state, actor, toward)
    if not opts.climb.fail_falls or actor.height <= m.top(onto):
        return None
    return actor.height - m.top(onto), onto


def move_risk(state: SpansState, actor: SpansActor, action: str, die: str,
              dice: Dice, to: str | None = None) -> Risk:
    """The risk of a Run, Climb or Fly rolled on ``die``: a Run or a Fly that misses moves
    once and ends the turn (R003-05, A003-12; with ``run.unpaid_struggle: no_move`` an
    unpaid 3–4 does not move at all, A003-02); a Climb that misses does nothing (R003-09)
    or, with ``climb.fail_falls``, drops the climber (A003-09)."""
    chance = miss_chance(state, actor, die, dice)
    if not chance:
        return SAFE
    if action == "climb":
        falls = climb_fall(state, actor, to)
        if falls is not None:
            return fall_risk(state, actor, falls[0], falls[1], chance)
        return Risk(loses=Loss("action", chance, ("R003-09", "A003-09")), rules=("R003-09",))
    return Risk(loses=Loss("turn", chance, ("R003-05", "A003-12")), rules=("R003-05",))


# -- the consequence of each answer --------------------------------------------------------


def struggle_consequences(state: SpansState, actor: SpansActor, action: str, die: str,
                          to: str | None) -> tuple[Consequence, ...]:
    """``pay`` or ``decline`` a 3–4 (R003-04, R003-08, A003-02, A003-03, A003-09)."""
    opts: SpansOptions = state.options
    resource = resource_for(die)
    have = getattr(actor, resource)
    where = to or "the move"
    if action == "climb":
        gain = f"the climb succeeds: one height toward {where}"
    elif opts.struggle.paid_gives == "single_move":
        gain = f"the {action} to {where}, nothing more (A003-03)"
    else:
        gain = f"the {action} succeeds: {where}, then a second move or a free action"
    pay = Consequence("pay", gain, cost=f"1 {resource} ({have} → {have - 1})",
                      rules=("R003-04", "R003-08", "A003-03"))
    if action == "climb":
        falls = climb_fall(state, actor, to)
        if falls is not None:
            decline = Consequence("decline", f"the climb fails: {actor.id} falls",
                                  risk=fall_risk(state, actor, falls[0], falls[1]),
                                  rules=("R003-09", "A003-09"))
        else:
            decline = Consequence("decline", "the climb fails: nothing happens",
                                  risk=Risk(loses=Loss("action", Fraction(1), ("R003-09",))),
                                  rules=("R003-09", "A003-09"))
    elif opts.run.unpaid_struggle == "no_move" or (
            action == "fly" and opts.fly.fail == "no_move"):
        gap = "A003-12" if action == "fly" and opts.fly.fail == "no_move" else "A003-02"
        decline = Consequence("decline", f"no {action}, and nothing else this turn",
                              risk=Risk(loses=Loss("move", Fraction(1), (gap,))),
                              rules=("R003-04", gap))
    else:
        decline = Consequence("decline", f"read as 1–2: the {action} to {where} only, then "
                              "nothing else this turn",
                              risk=Risk(loses=Loss("turn", Fraction(1), ("R003-05",))),
                              rules=("R003-05", "A003-02"))
    return pay, decline


def _maneuver_check(state: SpansState, actor: SpansActor, heights: int, surface: str,
                    rolls: Mapping[int, Fraction] | None, name: str) -> CheckOdds:
    return CheckOdds(name=name, dice=str(_maneuver(state, actor)),
                     odds=lethal_odds(state, actor, heights, surface, rolls),
                     rules=("R003-28", "R003-36"))


def avoid_consequences(state: SpansState, actor: SpansActor, ways: tuple[str, ...],
                       onto: str, heights: int) -> tuple[Consequence, ...]:
    """``ride_wind``, ``untether`` or ``none`` (R003-38, R003-39, A003-25)."""
    m: SpansMap = state.space
    found: list[Consequence] = []
    if "ride_wind" in ways:
        found.append(Consequence("ride_wind", f"lands on {onto} without any damage",
                                 cost="what the table sets (A003-25)", rules=("R003-38",)))
    if "untether" in ways:
        found.append(Consequence("untether", f"{actor.id} floats where it is instead of "
                                 "falling", cost="what the table sets (A003-25)",
                                 rules=("R003-39", "A003-25")))
    risk = fall_risk(state, actor, heights, onto)
    if m.surface(onto) == "skysea":
        found.append(Consequence("none", f"{actor.id} falls into the Skysea and leaves the "
                                 "scene", risk=risk, rules=SKYSEA_RULES))
    else:
        found.append(Consequence(
            "none", f"{actor.id} falls {count(heights, UNIT)} onto {onto} and rolls Maneuver",
            checks=(_maneuver_check(state, actor, heights, m.surface(onto), None,
                                    "Maneuver to land safely: lethal damage"),),
            risk=risk, rules=FALL_RULES))
    return tuple(found)


def _lethal(state: SpansState, actor: SpansActor, heights: int, surface: str,
            maneuver: int) -> str:
    opts: SpansOptions = state.options
    guard, lethal = applied_damage(opts, actor, heights, surface, maneuver)
    return f"{guard} guard, {lethal} lethal"


def leaf_consequences(state: SpansState, actor: SpansActor, onto: str, heights: int,
                      first: int) -> tuple[Consequence, ...]:
    """``keep`` the first Maneuver result or ``reroll`` and pick either (R003-37)."""
    m: SpansMap = state.space
    surface = m.surface(onto)
    dist = distribution(_maneuver(state, actor))
    better = sum((p for v, p in dist.items() if v > first), Fraction(0))
    # picking the better of the two: the first result, or the reroll when higher
    kept = {first: Fraction(0)}
    for v, p in dist.items():
        kept[max(first, v)] = kept.get(max(first, v), Fraction(0)) + p
    keep = Consequence("keep", f"the fall deals {_lethal(state, actor, heights, surface, first)}"
                       f" (Maneuver {first})", rules=("R003-28", "R003-37"))
    reroll = Consequence(
        "reroll", f"roll Maneuver again, then pick either result; a higher roll: "
        f"{better} ≈{float(better):.0%}",
        checks=(_maneuver_check(state, actor, heights, surface, kept,
                                "the better of the two: lethal damage"),),
        rules=("R003-37",))
    return keep, reroll


def pick_consequences(state: SpansState, actor: SpansActor, onto: str, heights: int,
                      first: int, second: int) -> tuple[Consequence, ...]:
    """``first`` or ``second`` Maneuver result (R003-37)."""
    surface = state.space.surface(onto)
    return (
        Consequence("first", f"the fall deals "
                    f"{_lethal(state, actor, heights, surface, first)} (Maneuver {first})",
                    rules=("R003-37",)),
        Consequence("second", f"the fall deals "
                    f"{_lethal(state, actor, heights, surface, second)} (Maneuver {second})",
                    rules=("R003-37",)),
    )


def jump_consequences(state: SpansState, actor: SpansActor,
                      target: SpansActor) -> tuple[Consequence, ...]:
    """``hit`` or ``miss``, the Guide's ruling (R003-29, A003-21)."""
    opts: SpansOptions = state.options
    m: SpansMap = state.space
    heights = actor.height - target.height
    surface = m.surface(target.at)
    if opts.fall.jump_target_maneuver and not defeated(state, target):  # a body rolls none
        checks: tuple[CheckOdds, ...] = (
            _maneuver_check(state, target, heights, surface, distribution(
                _maneuver(state, target)), f"{target.id}'s Maneuver: lethal damage"),)
        dealt = f"{target.id} takes the fall's damage, less its Maneuver"
    else:
        checks = ()
        guard, lethal = applied_damage(opts, target, heights, surface, None)
        dealt = f"{target.id} takes {guard} guard, {lethal} lethal"
    return (
        Consequence("hit", f"{dealt}; {actor.id} lands at {target.at} unharmed",
                    checks=checks, rules=("R003-29", "A003-21")),
        Consequence("miss", f"{actor.id} falls {count(heights, UNIT)} onto {target.at}",
                    risk=fall_risk(state, actor, heights, target.at),
                    rules=("R003-29", "A003-21")),
    )
