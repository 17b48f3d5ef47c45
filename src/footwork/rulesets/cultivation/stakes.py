"""What is at stake in `cultivation`: the risk of each option and the consequence of each
answer to a pending decision, in the core's shapes (``Risk``, ``Consequence``).

A fall's damage here is not a roll: one point per ``divisor`` metres for the surface
(R000-41, A000-10), off the Aura (A000-11), a Wound when it empties it (R000-42). A
Challenge that fails costs the Action, or holds the border when the Action is spent
(R000-24, R000-25, A000-04); its chance comes from the Challenge's own odds. Traps are
shown only when the map marks them ``known``: a trap is a secret until sprung, and an
option's words reach every seat.
"""

from __future__ import annotations

from fractions import Fraction

from footwork.dice import parse_dice
from footwork.engine.choices import SAFE, CheckOdds, Consequence, Fall, Loss, Risk
from footwork.odds import distribution
from footwork.rulesets.cultivation.checks import PASSED, Challenge, clear_dt
from footwork.rulesets.cultivation.falls import landing_damage, metres_in_round, schedule
from footwork.rulesets.cultivation.model import CultivationActor, TrapSpec, swim_penalty
from footwork.rulesets.cultivation.movement import (
    Crossing,
    climb_fall_metres,
    defense,
    forced_rating,
)
from footwork.rulesets.cultivation.rules import (
    CState,
    is_swimming,
    modifier,
    opts,
    space,
)

FALL_RULES = ("R000-39", "R000-40", "R000-41", "A000-10", "A000-11")
DT_RULES = ("R000-24", "R000-25")


def miss(challenge: Challenge, state: CState) -> Fraction:
    """The exact chance of a Failure or a Disaster (A000-01), from the Challenge's odds."""
    odds = challenge.odds(opts(state).challenge).odds
    return sum((p for k, p in odds.items() if k not in PASSED), Fraction(0))


def hit(challenge: Challenge, state: CState) -> Fraction:
    return 1 - miss(challenge, state)


def fall_of(state: CState, actor: CultivationActor, metres: float, onto: str,
            chance: Fraction | None = Fraction(1)) -> Fall:
    """A fall of ``metres`` onto ``onto`` (R000-39..42, A000-10, A000-11): its damage off
    the Aura and, when it takes more than a round, when it lands (R000-40)."""
    fall = opts(state).fall
    surface = space(state).landing_surface(onto, fall.water_min_depth_m)
    amount = landing_damage(fall, metres, surface)
    words = f"{amount} damage off the Aura ({surface}: 1 per {fall.divisors[surface]:g} m)"  # type: ignore[index]
    rules: tuple[str, ...] = FALL_RULES
    if fall.wound_on_exhaustion and amount > 0 and actor.aura > 0 and amount >= actor.aura:
        words += f", a Wound (Aura {actor.aura})"
        rules = (*rules, "R000-42")
    rounds = len(schedule(fall, metres))
    if rounds > 1 or metres > metres_in_round(fall, 1):
        words += f"; lands at the end of its round {rounds}"
    return Fall(distance=metres, unit="m", damage=words, chance=chance, rules=rules)


def trap_hazards(state: CState, zone: str) -> tuple[str, ...]:
    """R000-19, R000-54: the zone's known traps and, by luck, the chance each goes off
    (a d6 at most ``luck``: its odds come from the die's distribution)."""
    return tuple(_trap(t) for t in space(state).zone(zone).traps if t.known)


def _trap(trap: TrapSpec) -> str:
    words = f"trap {trap.name} ({trap.damage} damage"
    if trap.luck is not None:
        dist = distribution(parse_dice("d6"))
        sprung = sum((p for v, p in dist.items() if v <= trap.luck), Fraction(0))
        words += f", goes off {sprung} ≈{float(sprung):.0%}"
    return words + ")"


def zone_hazards(state: CState, actor: CultivationActor, zone: str) -> tuple[str, ...]:
    """What waits in ``zone``: known traps (R000-19), its tile at the round's end
    (R000-57 currents, R000-59 waves, R000-60 whirlpools), deep water (R000-43..45) and
    held breath (R000-46, R000-47, A000-15)."""
    m, o = space(state), opts(state)
    z = m.zone(zone)
    found = list(trap_hazards(state, zone))
    tile = z.tile
    if tile is not None:
        if tile.kind == "current":
            found.append(f"a current: carried to {tile.to} at the round's end (R000-57)")
        elif tile.kind == "whirlpool":
            found.append("a whirlpool: pulled down at the round's end, no way up "
                         "(R000-60)")
        elif tile.kind == "wave":
            found.append("a wave: swept outward every few rounds (R000-59)")
    if z.water_m > 0 and is_swimming(state, actor, zone):
        penalty = swim_penalty(z.water_m, o.swim.penalty_min, o.swim.penalty_max)
        found.append(f"deep water ({z.water_m:g} m): swimming, Penalty {penalty}, "
                     f"{o.swim.border_cost} Speed a border (R000-43..45)")
    if z.submerged:
        found.append(f"under water: breath lasts {actor.prowess} rounds, then Penalty "
                     f"{o.breath.penalty_per_round} a round (R000-46, R000-47)")
    return tuple(found)


def zone_risk(state: CState, actor: CultivationActor, frm: str, to: str,
              chance: Fraction = Fraction(1)) -> Risk:
    """Being put (or going) from ``frm`` into ``to``: a drop's fall (R000-39, R000-55)
    and what waits there; ``chance`` that it happens at all."""
    from footwork.rulesets.cultivation.pipeline import fall_metres, step_to

    fall = None
    # R000-39, R000-61: the fall the pipeline starts on this step (a drop, or leaving the
    # anti-gravity that held the character up)
    metres = fall_metres(state, actor.id, step_to(state, frm, to))
    if metres is not None:
        fall = fall_of(state, actor, metres, to, chance)
    hazards = zone_hazards(state, actor, to)
    if fall is None and not hazards:
        return SAFE
    return Risk(fall=fall, hazards=hazards,
                rules=fall.rules if fall is not None else ("R000-19", "R000-56"))


def challenge_loss(state: CState, actor: CultivationActor, challenge: Challenge) -> Loss:
    """R000-24, R000-25, A000-04: a failed crossing spends the Action, or, with the Action
    already spent, holds the border (the actor does not move)."""
    p = miss(challenge, state)
    if actor.action_spent:
        return Loss("move", p, ("R000-24", "A000-04"))
    return Loss("action", p, DT_RULES)


def move_risk(state: CState, actor: CultivationActor, cross: Crossing,
              dt: Challenge | None, limit: Challenge | None) -> Risk:
    """An own move: the fall of a drop (R000-39, A000-10), the Action (or the move) a
    Difficult Terrain or climb Challenge may cost (R000-22..25, R000-37, A000-30), the
    move a limit Challenge may cost (R000-34), and what waits in the zone."""
    base = zone_risk(state, actor, cross.frm, cross.to)
    loses: Loss | None = None
    rules = base.rules
    fall = None if dt is None else climb_fall_metres(state, cross)
    if dt is not None and fall is not None:  # A000-30: a failed climb falls back
        back = fall_of(state, actor, fall, cross.frm, miss(dt, state))
        return Risk(fall=back, hazards=base.hazards,
                    loses=Loss("move", miss(dt, state), ("R000-37", "A000-30")),
                    rules=tuple(dict.fromkeys((*rules, *back.rules, "R000-37", "A000-30"))))
    if dt is not None:
        loses = challenge_loss(state, actor, dt)
        rules = (*rules, *DT_RULES, *(("R000-37", "A000-30") if "climb" in cross.against
                                      else ()))
    elif limit is not None:
        loses = Loss("move", miss(limit, state), ("R000-34",))
        rules = (*rules, "R000-34")
    if loses is None or not loses.chance:
        return base
    return Risk(fall=base.fall, hazards=base.hazards, loses=loses,
                rules=tuple(dict.fromkeys(rules)))


# -- the consequence of each answer --------------------------------------------------------


def partner_consequences(asker: str, asked: str) -> tuple[Consequence, ...]:
    """``accept`` or ``refuse`` a partnership (R000-07, R000-08, R000-09, R000-11)."""
    return (
        Consequence("accept", f"{asker} and {asked} become Partners: they may move "
                    "together, one Move for both", rules=("R000-07", "R000-08", "R000-11")),
        Consequence("refuse", "no partnership; nothing else happens", rules=("R000-08",)),
    )


def put_consequences(state: CState, target: CultivationActor, zones: tuple[str, ...],
                     verb: str, rules: tuple[str, ...]) -> tuple[Consequence, ...]:
    """One answer per zone ``target`` may be put into: what it falls and meets there."""
    return tuple(Consequence(z, f"{target.id} is {verb} into {z}",
                             risk=zone_risk(state, target, target.at, z), rules=rules)
                 for z in zones)


def crowd_consequences(state: CState, defender: CultivationActor, zone: str,
                       where: tuple[str, ...]) -> tuple[Consequence, ...]:
    """``crowd_throw``: each zone the defender may be thrown into from ``zone`` (R000-34,
    A000-08)."""
    return tuple(Consequence(z, f"{defender.id} is thrown into {z}",
                             risk=zone_risk(state, defender, zone, z),
                             rules=("R000-34", "A000-08")) for z in where)


def destination_consequences(state: CState, target: CultivationActor,
                             zones: tuple[str, ...]) -> tuple[Consequence, ...]:
    """``forced_destination``: another zone the Result clears, or ``none`` (R000-52)."""
    return (*put_consequences(state, target, zones, "thrown", ("R000-51", "R000-52")),
            Consequence("none", f"{target.id} stays in {target.at}", rules=("R000-52",)))


def defense_consequences(state: CState, thrower: CultivationActor, target: CultivationActor,
                         to: str, element: str, bonus: int) -> tuple[Consequence, ...]:
    """``defend`` (a Challenge against the target's defence, R000-49) or ``forfeit``
    (the whole effect; a Difficult Terrain destination still needs a Result above its
    rating, R000-50, R000-52)."""
    o = opts(state)
    mod = modifier(state, thrower, element, bonus)
    throw = Challenge(thrower.id, element, mod, defense(state, target),
                      f"{target.id}'s defence", ("R000-49", "A000-17"))
    p = hit(throw, state)
    defend = Consequence(
        "defend", f"{thrower.id} rolls against {target.id}'s defence; on a Success "
        f"{target.id} is thrown into {to}", checks=(throw.odds(o.challenge),),
        risk=zone_risk(state, target, target.at, to, p), rules=("R000-49",))
    rating = forced_rating(state, target.at, to, target.waived)  # R000-52, R000-61
    if rating is None:
        return defend, Consequence("forfeit", f"{target.id} is thrown into {to}",
                                   risk=zone_risk(state, target, target.at, to),
                                   rules=("R000-50",))
    clear = clear_dt(thrower.id, element, mod, rating, to, o.forced_move.dt_strictly_greater)
    forfeit = Consequence(
        "forfeit", f"{target.id} takes the whole effect; the Result must clear {to}'s "
        f"Difficult Terrain ({rating:g}), else {thrower.id} picks another zone",
        checks=(_checks(clear, state),), risk=zone_risk(state, target, target.at, to,
                                                         hit(clear, state)),
        rules=("R000-50", "R000-52"))
    return defend, forfeit


def _checks(challenge: Challenge, state: CState) -> CheckOdds:
    return challenge.odds(opts(state).challenge)
