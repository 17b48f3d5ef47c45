"""Sight, awareness and targeting (R000-18, R000-29, R000-30, R000-46, R000-62..74,
R000-76, R000-79, R000-80; A000-16, A000-23, A000-26..28, A000-32)."""

from __future__ import annotations

import math
from dataclasses import dataclass, field

from footwork.engine.words import count
from footwork.rulesets.cultivation.model import BANDS, GROUND, OPENINGS, CultivationActor
from footwork.rulesets.cultivation.options import CultivationOptions
from footwork.rulesets.cultivation.rules import (
    SWIMMING,
    CState,
    band_index,
    has_left,
    is_swimming,
    opts,
    space,
    water_penalty,
)

KINDS = ("melee", "ranged", "art", "art_ignore_los")
#: R000-74: the smallest opening each kind of attack passes through
NEEDS = {"melee": "open", "ranged": "projectile", "art": "hand"}


@dataclass(frozen=True, slots=True)
class Ruling:
    allowed: bool
    reason: str
    rules: tuple[str, ...]
    penalty: int = 0
    notes: tuple[str, ...] = field(default=())


def band_penalty(o: CultivationOptions, a: int, b: int) -> int:
    """A000-23, R000-79: 2 per band strictly between the two, either way (or, with
    ``bands.penalty_counts: crossed``, per band of the difference)."""
    apart = abs(a - b)
    counted = apart if o.bands.penalty_counts == "crossed" else max(0, apart - 1)
    return o.bands.penalty_per_band * counted


def water_sight(o: CultivationOptions, depth_m: float) -> tuple[bool, int]:
    """R000-69, A000-27: Penalty 1 per 5 m of water looked through; beyond 50 m, unseen."""
    if depth_m > o.sight.water_limit_m:
        return False, 0
    return True, math.floor(depth_m / o.sight.water_m_per_penalty)


def _over_the_edge(*bodies: CultivationActor) -> Ruling | None:
    """R000-39, R000-40: a body gone over an edge is listed where it went over but is in
    no zone until it lands (``rules.has_left``, the test decide makes): nothing measured
    from a zone (sight, reach, an Art's range) runs to or from it (the s33 review)."""
    for body in bodies:
        if has_left(body):
            return Ruling(False, f"{body.id} has gone over the edge of {body.at}: in no zone "
                          f"until it lands in {body.fall_onto}", ("R000-39", "R000-40",
                                                                   "R000-16"))
    return None


def halved(zones: int, o: CultivationOptions) -> int:
    """A000-16: a range in zones is halved while swimming, rounded down (or up, with
    ``swim.range_rounding: up``)."""
    return -(-zones // 2) if o.swim.range_rounding == "up" else zones // 2


def aware(state: CState, viewer: str, target: str) -> Ruling:
    """R000-66, R000-71, R000-73, R000-70, R000-29, R000-62, R000-63: a character is aware
    of another it can perceive: one it sees (its own zone, an adjacent one, through a
    gap), an ally (unless the Storyteller turned that off), or one within an Art that
    ignores sight. A hidden target is unknown until its Stealth is beaten; a target with
    no line of sight at all, no ally and no Art is not in view either (issue 10 item 5)."""
    v, t = state.actors[viewer], state.actors[target]
    if viewer == target or target in v.aware_of:
        return Ruling(True, "aware", ("R000-66",))
    if v.side == t.side and opts(state).awareness.allies:
        return Ruling(True, "an ally's position is known", ("R000-73",))
    # neither sight nor an Art's range in zones runs to or from a body in no zone; what
    # it knew already (an ally, a Stealth beaten) it keeps (the s33 review, second pass)
    gone = _over_the_edge(v, t)
    if gone is not None:
        return gone
    if t.hidden:
        return Ruling(False, f"{viewer} is unaware of {target}: beat its Stealth first",
                      ("R000-66", "R000-71", "A000-32"))
    sight = sees(state, viewer, target)
    if sight.allowed:
        return Ruling(True, "in plain view", ("R000-66", *sight.rules))
    if _art_reaches(state, v, t):
        return Ruling(True, "felt through an Art that ignores sight", ("R000-70",))
    return Ruling(False, f"{viewer} has no line of sight to {target}, no Art that reaches it "
                  "and is not its ally", ("R000-66", "R000-29", "R000-63", "R000-70", "R000-73"))


def aware_of_now(state: CState, viewer: str) -> list[str]:
    """Everyone ``viewer`` is aware of at this moment (the state's
    ``conditions.aware_of_now``), in turn order."""
    return [b for b in state.order if b != viewer and aware(state, viewer, b).allowed]


def _art_reaches(state: CState, v: CultivationActor, t: CultivationActor) -> bool:
    """R000-70, R000-46, A000-16: within the zones of v's Art that ignores sight."""
    if v.art_range <= 0:
        return False
    reach = halved(v.art_range, opts(state)) if is_swimming(state, v) else v.art_range
    steps = space(state).distance(v.at, t.at, any_link=True)
    return steps is not None and steps <= reach


def sees(state: CState, viewer: str, target: str) -> Ruling:
    """Line of sight from viewer to target, with the Penalty of looking into water."""
    m, o = space(state), opts(state)
    v, t = state.actors[viewer], state.actors[target]
    if t.hidden and viewer != target and target not in v.aware_of:
        return Ruling(False, f"{viewer} is unaware of {target}", ("R000-66", "R000-71"))
    gone = None if viewer == target else _over_the_edge(v, t)  # R000-62..65 run zone to zone
    if gone is not None:
        return gone
    rules: list[str] = []
    link = m.link(v.at, t.at)
    if v.at == t.at:
        rules.append("R000-62")
    elif t.at in m.adjacent(v.at):
        rules.append("R000-63")
    elif link is not None and link.sight:  # seen through a gap that cannot be crossed
        rules.append("R000-65")
    else:
        return Ruling(False, f"no line of sight from {v.at} into {t.at}", ("R000-29", "R000-63"))
    penalty = 0
    if o.bands.enabled:
        up = band_index(v) - band_index(t)
        if up > 0:
            zone = m.zone(v.at)
            if zone.roofed:
                return Ruling(False, f"a roof hides the sky above {v.at}", ("R000-67",))
            metres = up * o.bands.metres_per_band
            if zone.shadow and metres > o.sight.shadow_up_m:
                return Ruling(False, f"in a cliff's shadow sight reaches {o.sight.shadow_up_m:g} "
                              f"m up; {target} is {metres:g} m up", ("R000-67",))
            rules += ["R000-67", "R000-68"]
        below = band_index(t) - max(band_index(v), SWIMMING)
        if band_index(t) > SWIMMING and below > 0:
            visible, penalty = water_sight(o, below * o.bands.metres_per_band)
            if not visible:
                return Ruling(False, f"{target} is too deep to see", ("R000-69", "A000-27"))
            rules += ["R000-69", "A000-27"]
    else:
        zone = m.zone(t.at)
        if zone.submerged and not m.zone(v.at).submerged:
            visible, penalty = water_sight(o, zone.water_m)
            if not visible:
                return Ruling(False, f"{target} is too deep to see", ("R000-69", "A000-27"))
            rules += ["R000-69", "A000-27"]
    return Ruling(True, "in sight", tuple(rules), penalty)


def can_target(state: CState, attacker: str, target: str, kind: str) -> Ruling:
    """May ``attacker`` target ``target`` with a melee, ranged, Art or LoS-ignoring Art?"""
    m, o = space(state), opts(state)
    a, t = state.actors[attacker], state.actors[target]
    if a.unconscious:  # R000-47: it acts no more, as decide refuses it (the s33 review)
        return Ruling(False, f"{attacker} is unconscious", ("R000-47",))
    gone = _over_the_edge(a, t)  # R000-39, R000-40: the test decide makes (the s33 review)
    if gone is not None:
        return gone
    swimming = is_swimming(state, a)
    if kind == "art_ignore_los":
        reach = halved(a.art_range, opts(state)) if swimming else a.art_range
        if a.art_range == 0:
            return Ruling(False, f"{attacker} has no Art that ignores line of sight", ("R000-70",))
        if t.hidden and target not in a.aware_of:
            return Ruling(False, f"{target} hides: beat its Stealth defence first",
                          ("R000-71", "A000-32"))
        steps = m.distance(a.at, t.at, any_link=True)
        if steps is None or steps > reach:
            return Ruling(False, f"{target} is beyond the Art's range of {count(reach, 'zone')}",
                          ("R000-70", "R000-46", "A000-16") if swimming else ("R000-70",))
        return Ruling(True, "within the Art's range, whatever is in between", ("R000-70",),
                      water_penalty(state, a))
    sight = sees(state, attacker, target)
    if not sight.allowed:
        return sight
    rules = list(sight.rules)
    penalty = sight.penalty
    if kind == "melee":
        if a.at != t.at:
            return Ruling(False, "melee reaches only one's own zone", ("R000-18", "R000-65"))
        if o.bands.enabled and a.band != t.band and a.reached != target:
            return Ruling(False, f"{target} is in another band: reach it first (reach_band)",
                          ("R000-76",))
        return Ruling(True, "in reach", ("R000-16", "R000-18", *rules),
                      water_penalty(state, a))
    if a.at != t.at:
        opening = m.opening(a.at, t.at)
        if OPENINGS.index(opening) < OPENINGS.index(NEEDS[kind]):
            return Ruling(False, f"the opening into {t.at} is too small for a {kind} attack "
                          f"({opening})", ("R000-65", "R000-74"))
        base = o.range.ranged_zones
        reach = halved(base, opts(state)) if swimming else base
        if reach < 1:
            return Ruling(False, f"{attacker}'s range shrinks to its own zone while swimming",
                          ("R000-46", "A000-16"))
        rules += ["R000-30", "A000-28"]
    if o.bands.enabled:
        ai, ti = band_index(a), band_index(t)
        if max(ai, ti) >= SWIMMING:
            penalty += water_penalty(state, a)  # R000-80: the swimming rules, not the bands
            rules.append("R000-80")
        else:
            penalty += band_penalty(o, ai, ti)
            rules += ["R000-79", "A000-23"]
    else:
        penalty += water_penalty(state, a)
    return Ruling(True, "a valid target", tuple(rules), penalty)


def band_name(index: int) -> str:
    return BANDS[index]


def is_aloft(actor: CultivationActor) -> bool:
    return BANDS.index(actor.band) < GROUND


def sight_range(state: CState, zone: str) -> dict[str, object]:
    """R000-64, R000-67: how far sight reaches from a zone: 5 km across a flat, open field
    in perfect weather (else the zone and those adjacent); the sky unless roofed, only
    10 m up in a tall object's shadow."""
    z, o = space(state).zone(zone), opts(state)
    across: float | None = o.sight.open_field_m if z.open_field else None
    up: float | None = 0 if z.roofed else (o.sight.shadow_up_m if z.shadow else None)
    return {"across_m": across, "up_m": up, "zones": [zone, *space(state).adjacent(zone)],
            "rules": ["R000-62", "R000-63", "R000-64", "R000-67"]}
