"""Falls in metres (R000-39..42, A000-10, A000-11), falls by band (R000-78, A000-22), and
what arriving in a zone sets off (R000-19, R000-54).

A fall covers ``min(accel × n, terminal)`` metres in its n-th round, the round it
begins being its first whatever began it (one schedule, R000-40): a fall that round's
distance covers lands at once; a longer one advances at the end of each round.
The landing deals ``floor(metres / divisor)`` for the surface.
"""

from __future__ import annotations

import math

from footwork.engine.events import Event, Rolled
from footwork.engine.rolling import Roller
from footwork.rulesets.cultivation import events as ev
from footwork.rulesets.cultivation.model import BANDS, GROUND, CultivationActor
from footwork.rulesets.cultivation.options import FallOptions
from footwork.rulesets.cultivation.rules import CState, opts, space


def metres_in_round(fall: FallOptions, n: int) -> float:
    """R000-40, A000-10: a body falls 50 m more each round, up to 250 m a round."""
    return min(fall.accel_m * n, fall.terminal_m)


def schedule(fall: FallOptions, height_m: float) -> list[float]:
    """Metres covered in each round of a fall from ``height_m`` (the last round lands)."""
    out: list[float] = []
    left = height_m
    n = 1
    while left > 0:
        step = min(left, metres_in_round(fall, n))
        out.append(step)
        left -= step
        n += 1
    return out


def landing_damage(fall: FallOptions, metres: float, surface: str) -> int:
    """R000-41, A000-10: one point per ``divisor`` metres for the surface, rounded down."""
    return math.floor(metres / fall.divisors[surface])  # type: ignore[index]


def damage(actor: CultivationActor, amount: int, cause: str, rules: tuple[str, ...],
           *, fall: bool, wound_rule: bool = True) -> ev.Damaged:
    """A000-11: damage comes off the Aura; a fall that exhausts it gives a Wound at once
    (R000-42); the leftover damage is dropped."""
    wound = fall and wound_rule and amount > 0 and actor.aura > 0 and actor.aura - amount <= 0
    return ev.Damaged(actor=actor.id, amount=amount, cause=cause, wound=wound,
                      rules=(*rules, "A000-11", *(("R000-42",) if wound else ())))


def start_fall(state: CState, actor_id: str, metres: float, onto: str, cause: str,
               roller: Roller, *, at_round_end: bool = False,
               voluntary: bool) -> list[Event]:
    """``actor_id`` starts to fall ``metres`` toward ``onto``. R000-40, A000-10: the round
    in which a fall begins is its first round, whatever began it. A fall its first
    round's distance covers lands at once; a longer one covers that distance at the end
    of the round, with every other fall under way (:func:`fall_round`), or at once when
    it begins in the round's end phase, after that step (a tile carried it over an edge,
    R000-53)."""
    fall = opts(state).fall
    events: list[Event] = [ev.FallStarted(actor=actor_id, metres=metres, onto=onto,
                                          voluntary=voluntary, rules=("R000-39", "R000-40"))]
    first = metres_in_round(fall, 1)
    if first >= metres:
        return events + land(state, actor_id, onto, metres, roller, fall_round=1,
                             forced=not voluntary)
    if at_round_end:
        events.append(ev.FallProgressed(actor=actor_id, round_of_fall=1, metres=first,
                                        rules=("R000-40", "A000-10", "R000-53")))
    return events


def fall_round(state: CState, actor: CultivationActor, roller: Roller) -> list[Event]:
    """The one fall schedule (R000-40, A000-10): the n-th round of a fall covers
    ``min(50 n, 250)`` m, at the end of that round; the body lands when that covers what
    is left."""
    assert actor.fall_onto is not None
    n = actor.fall_rounds + 1
    step = metres_in_round(opts(state).fall, n)
    if step >= actor.fall_left_m:
        return [ev.FallProgressed(actor=actor.id, round_of_fall=n, metres=actor.fall_left_m,
                                  rules=("R000-40", "A000-10")),
                *land(state, actor.id, actor.fall_onto, actor.fallen_m + actor.fall_left_m,
                      roller, fall_round=n, forced=not actor.fall_voluntary)]
    return [ev.FallProgressed(actor=actor.id, round_of_fall=n, metres=step,
                              rules=("R000-40", "A000-10"))]


continue_fall = fall_round


def land(state: CState, actor_id: str, onto: str, metres: float, roller: Roller,
         *, fall_round: int, rules: tuple[str, ...] = ("R000-41", "A000-10"),
         forced: bool) -> list[Event]:
    """The landing: damage by surface (R000-41); then, only in a zone other than the one
    the body fell from (R000-54 needs a new location), the zone's traps, and its
    start-of-turn benefits only when the fall was forced on the faller (a thrown body, a
    tile, the Storyteller's collapsing floor; not its own drop, rule questions)."""
    fall = opts(state).fall
    surface = space(state).landing_surface(onto, fall.water_min_depth_m)
    amount = landing_damage(fall, metres, surface)
    actor = state.actors[actor_id]
    events: list[Event] = [ev.Landed(actor=actor_id, at=onto, metres=metres, surface=surface,
                                     damage=amount, rules=rules)]
    if amount > 0:
        events.append(damage(actor, amount, f"landing on {surface} after {metres:g} m", rules,
                             fall=True, wound_rule=fall.wound_on_exhaustion))
    if actor.at != onto:
        events += arrive(state, actor, onto, roller, forced=forced)
    return events


def band_fall_step(state: CState, actor: CultivationActor, roller: Roller) -> list[Event]:
    """R000-78, A000-22: one band down; reaching the Ground band is a landing of
    ``bands × metres_per_band`` metres."""
    idx = BANDS.index(actor.band) + 1
    events: list[Event] = [ev.BandChanged(actor=actor.id, band=BANDS[idx], how="falls",
                                          rules=("R000-78", "A000-22"))]
    if idx >= GROUND:
        metres = (actor.bands_fallen + 1) * opts(state).bands.metres_per_band
        events += land(state, actor.id, actor.at, metres, roller, fall_round=0,
                       rules=("R000-78", "A000-22", "R000-41"), forced=True)
    return events


def arrive(state: CState, actor: CultivationActor, zone: str, roller: Roller,
           *, forced: bool) -> list[Event]:
    """R000-19, R000-54: traps go off on entering; a forced arrival may use the zone's
    start-of-turn benefits at once."""
    z = space(state).zone(zone)
    events: list[Event] = []
    for trap in z.traps:
        if trap.luck is not None:
            from footwork.dice import parse_dice

            roll, supplied = roller.roll(parse_dice("d6"))
            sprung = roll.total <= trap.luck
            events.append(Rolled(actor=actor.id, check=f"luck against {trap.name}", dice="1d6",
                                 values=roll.values, total=roll.total,
                                 outcome="sprung" if sprung else "spared", supplied=supplied,
                                 rules=("R000-19",)))
            if not sprung:
                continue
        events.append(ev.TrapSprung(actor=actor.id, zone=zone, trap=trap.name,
                                    rules=("R000-19", "R000-54")))
        if trap.damage:
            events.append(damage(actor, trap.damage, trap.name, ("R000-54",), fall=False))
    if forced:
        for benefit in z.start_of_turn:
            events.append(ev.BenefitOffered(actor=actor.id, zone=zone, benefit=benefit,
                                            rules=("R000-54",)))
    return events
