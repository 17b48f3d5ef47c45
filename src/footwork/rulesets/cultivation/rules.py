"""Shared readings of a `cultivation` state: swimming, penalties, Challenge modifiers,
anti-gravity, who is where (R000-43..47, R000-61, A000-12..15, A000-25)."""

from __future__ import annotations

from footwork.engine.state import State
from footwork.rulesets.cultivation.model import (
    BANDS,
    GROUND,
    CultivationActor,
    CultivationMap,
    swim_penalty,
)
from footwork.rulesets.cultivation.options import CultivationOptions

CState = State[CultivationActor]
SWIMMING = BANDS.index("swimming")
UNDERWATER = BANDS.index("underwater")


def space(state: CState) -> CultivationMap:
    m: CultivationMap = state.space
    return m


def opts(state: CState) -> CultivationOptions:
    o: CultivationOptions = state.options
    return o


def band_index(actor: CultivationActor) -> int:
    return BANDS.index(actor.band)


def in_flight(state: CState, actor: CultivationActor) -> bool:
    """R000-77, A000-24 (the s31 review): with bands on, a character in an air band that its
    own flight or levitation holds moves through the air: it neither climbs into a zone
    (R000-37 is for entering by climbing) nor falls over a drop (R000-39)."""
    from footwork.rulesets.cultivation.tiles import can_stay_aloft

    idx = band_index(actor)
    return opts(state).bands.enabled and idx < GROUND and can_stay_aloft(actor, idx)


def is_swimming(state: CState, actor: CultivationActor, zone: str | None = None) -> bool:
    """R000-43, A000-12: water at half the character's height or more; A000-25: with bands
    on, the Swimming band and below; a character in an air band is above the water. A body
    in mid-fall has not reached the water yet, and one afloat is as deep in it as the
    water over its altitude (the s33 review)."""
    z = space(state).zone(zone or actor.at)
    if actor.fall_onto is not None:
        return False
    if opts(state).bands.enabled:
        idx = band_index(actor)
        if idx >= SWIMMING:
            return True
        if idx < GROUND:
            return False
    over = z.water_m - actor.altitude_m
    return over > 0 and over >= opts(state).swim.threshold * actor.height_m


def holds_breath(state: CState, actor: CultivationActor) -> bool:
    """A000-15: in the Underwater band or deeper, or in a zone flagged fully submerged (a
    body in mid-fall through the air holds none, the s33 review)."""
    if actor.fall_onto is not None:
        return False
    if opts(state).bands.enabled and band_index(actor) >= UNDERWATER:
        return True
    return space(state).zone(actor.at).submerged


def water_penalty(state: CState, actor: CultivationActor) -> int:
    """R000-45, A000-14: while swimming, the depth in metres rounded up, 1 to 10."""
    if not is_swimming(state, actor):
        return 0
    o = opts(state).swim
    return swim_penalty(space(state).zone(actor.at).water_m, o.penalty_min, o.penalty_max)


def total_penalty(state: CState, actor: CultivationActor) -> int:
    """Every Penalty on the actor's Challenges, added up (A000-14, A000-15)."""
    return actor.penalty + water_penalty(state, actor) + actor.breath_penalty


def modifier(state: CState, actor: CultivationActor, element: str, bonus: int = 0) -> int:
    """A000-01: element score + bonuses − penalties; R000-14: partnership effects count."""
    score = actor.air if element == "air" else actor.earth
    partner = opts(state).partners.challenge_bonus if actor.partner is not None else 0
    return score + actor.bonus + bonus + partner - total_penalty(state, actor)


def best_element(actor: CultivationActor) -> str:
    """The element a Challenge uses when the command does not say: the higher score."""
    return "air" if actor.air > actor.earth else "earth"


def antigrav_on(state: CState, zone: str) -> bool:
    tile = space(state).zone(zone).tile
    if tile is None or tile.kind != "antigravity":
        return False
    return bool(state.world.get("antigravity", {}).get(zone, tile.active))


def occupants(state: CState, zone: str, *, but: str | None = None) -> list[CultivationActor]:
    """Characters in ``zone``, in turn order (falling ones are on their way elsewhere)."""
    return [state.actors[a] for a in state.order
            if state.actors[a].at == zone and a != but and state.actors[a].fall_onto is None]


def is_full(state: CState, zone: str, *, leaving: tuple[str, ...] = ()) -> bool:
    """R000-32: the zone holds its limit already."""
    limit = space(state).zone(zone).limit
    if limit is None:
        return False
    inside = [a for a in occupants(state, zone) if a.id not in leaving]
    return len(inside) + len(falling_in_place(state, zone)) >= limit


def everyone_in(state: CState, zone: str) -> list[CultivationActor]:
    """R000-21: everyone an effect on ``zone`` touches, in turn order: its occupants and
    any body falling inside it; not one gone over an edge (the s32 review)."""
    return [state.actors[a] for a in state.order
            if state.actors[a].at == zone and not has_left(state.actors[a])]


def falling_in_place(state: CState, zone: str) -> list[CultivationActor]:
    """Bodies falling inside ``zone`` without leaving it (a broken flight, anti-gravity
    switched off): they fill its places (R000-32), though nobody may lay hands on them
    mid-fall (R000-40), so none is ever a defender; one gone over an edge is in neither
    zone until it lands (the s32 review)."""
    return [state.actors[a] for a in state.order
            if state.actors[a].at == zone and state.actors[a].fall_onto == zone]


def speed_left(actor: CultivationActor) -> int:
    return 0 if actor.move_over else max(0, actor.speed - actor.spent)


def has_left(actor: CultivationActor) -> bool:
    """R000-39, R000-40: the body has gone over an edge and is falling into another zone
    (it is still listed where it went over); a fall in place leaves nothing."""
    return actor.fall_onto is not None and actor.fall_onto != actor.at


def is_falling(actor: CultivationActor) -> bool:
    return actor.fall_onto is not None or actor.band_falling
