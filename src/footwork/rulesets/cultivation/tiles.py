"""The end of the round (R000-53, R000-56..61, R000-78, R000-47; A000-18, A000-20..22,
A000-15): environmental movement in the map's zone order, then location effects, then
falls under way, then breath.

Each character is carried at most once per round: the tiles act on the occupants as they
stand when the round ends (A000-18, A000-20: one zone or one band per round).
"""

from __future__ import annotations

from footwork.engine.events import Event
from footwork.engine.rolling import Roller
from footwork.rulesets.cultivation import events as ev
from footwork.rulesets.cultivation.falls import arrive, band_fall_step, continue_fall, start_fall
from footwork.rulesets.cultivation.model import BANDS, GROUND, CultivationActor
from footwork.rulesets.cultivation.rules import (
    CState,
    antigrav_on,
    band_index,
    holds_breath,
    is_falling,
    occupants,
    opts,
    space,
)

#: R000-53, R000-56, A000-18: environmental movement, last in the round
ENV = ("R000-53", "R000-56", "A000-18")


def can_stay_aloft(actor: CultivationActor, band: int) -> bool:
    """A000-24: flight holds any air band; levitation holds Floating."""
    if band >= GROUND:
        return True
    if "fly" in actor.abilities:
        return True
    return "levitate" in actor.abilities and BANDS[band] == "floating"


def environment(state: CState, roller: Roller) -> list[Event]:
    """R000-53, A000-18: the tiles, in the order the map lists its zones."""
    m, o = space(state), opts(state)
    events: list[Event] = []
    moved: list[tuple[CultivationActor, str]] = []

    def carry(a: CultivationActor, frm: str, to: str, how: str, rules: tuple[str, ...]) -> None:
        """Carried into ``to``: across a drop the character falls (R000-39..41)."""
        if m.is_drop(frm, to):
            events.extend(start_fall(state, a.id, m.drop_metres(frm, to, o.fall.zone_height_m),
                                     to, how, roller))
        else:
            events.append(ev.Moved(actor=a.id, frm=frm, to=to, how=how, rules=rules))
        moved.append((a, to))
    for zone_id, zone in m.zones.items():
        tile = zone.tile
        if tile is None:
            continue
        here = [a for a in occupants(state, zone_id) if not is_falling(a)]
        if tile.kind == "current":
            assert tile.to is not None
            for a in here:
                carry(a, zone_id, tile.to, "current", ("R000-57", *ENV, "A000-20"))
        elif tile.kind == "elevator":
            for a in here:
                if tile.to is not None:
                    carry(a, zone_id, tile.to, "elevator", ("R000-58", *ENV, "A000-20"))
                elif o.bands.enabled and tile.bands:
                    idx = max(0, min(m.deepest(zone_id), band_index(a) - tile.bands))
                    if idx != band_index(a):
                        events.append(ev.BandChanged(actor=a.id, band=BANDS[idx], how="elevator",
                                                     rules=("R000-58", "A000-20")))
        elif tile.kind == "wave":
            period = tile.period or o.wave.period
            if state.round >= tile.first and (state.round - tile.first) % period == 0:
                events.append(ev.WaveSwept(zone=zone_id, rules=("R000-59", "A000-20")))
                for src, dst in tile.sweep.items():
                    for a in occupants(state, src):
                        if is_falling(a) or any(a.id == b.id for b, _ in moved):
                            continue
                        carry(a, src, dst, "wave", ("R000-59", *ENV, "A000-20"))
        elif tile.kind == "whirlpool":
            for a in here:
                if o.bands.enabled and band_index(a) < m.deepest(zone_id):
                    events.append(ev.BandChanged(
                        actor=a.id, band=BANDS[band_index(a) + 1], how="pulled down",
                        rules=("R000-60", "A000-20")))
                elif not o.bands.enabled and tile.to is not None:
                    carry(a, zone_id, tile.to, "whirlpool", ("R000-60", *ENV))
        elif tile.kind == "antigravity" and antigrav_on(state, zone_id):
            if tile.until is not None and state.round >= tile.until:
                events += switch(state, zone_id, False, roller)
                continue
            for a in here:
                if o.bands.enabled:
                    idx = max(0, band_index(a) - o.antigrav.rise_bands)
                    if idx != band_index(a):
                        events.append(ev.BandChanged(actor=a.id, band=BANDS[idx], how="floats up",
                                                     rules=("R000-61", "A000-21")))
                else:
                    events.append(ev.AltitudeChanged(
                        actor=a.id, altitude_m=a.altitude_m + o.antigrav.rise_m,
                        rules=("R000-61", "A000-21")))
    for a, dest in moved:  # A000-18: then the location effects of where they ended up
        if not m.is_drop(a.at, dest):  # a faller sets them off when it lands
            events += arrive(state, a, dest, roller, forced=True)
    return events


def switch(state: CState, zone_id: str, on: bool, roller: Roller) -> list[Event]:
    """R000-61: anti-gravity turns on or off; off, everyone aloft falls."""
    events: list[Event] = [ev.TileSwitched(zone=zone_id, on=on, rules=("R000-61",))]
    if on:
        return events
    o = opts(state)
    for a in occupants(state, zone_id):
        if o.bands.enabled:
            if not can_stay_aloft(a, band_index(a)) and not a.band_falling:
                events.append(ev.BandFallStarted(actor=a.id, rules=("R000-61", "R000-78")))
        elif a.altitude_m > 0:
            events.append(ev.AltitudeChanged(actor=a.id, altitude_m=0, rules=("R000-61",)))
            events += start_fall(state, a.id, a.altitude_m, zone_id, "anti-gravity off", roller)
    return events


def falls(state: CState, roller: Roller, started: frozenset[str] = frozenset()) -> list[Event]:
    """R000-40: falls under way cover the next round's distance; R000-78: band falls and
    sinking go one band down. A metre fall that ``started`` at this round's end has had its
    first round already."""
    m, o = space(state), opts(state)
    events: list[Event] = []
    for aid in state.order:
        a = state.actors[aid]
        if a.fall_onto is not None:
            if aid in started:
                continue
            events += continue_fall(state, a, roller)
        elif o.bands.enabled and a.band_falling:
            events += band_fall_step(state, a, roller)
        elif (o.bands.enabled and a.unconscious and band_index(a) >= GROUND
              and band_index(a) < m.deepest(a.at)):
            events.append(ev.BandChanged(actor=a.id, band=BANDS[band_index(a) + 1], how="sinks",
                                         rules=("R000-78",)))
    return events


def breath(state: CState) -> list[Event]:
    """R000-47, A000-15: Prowess rounds of breath, then Penalty 5 a round, stacking;
    unconscious once that Penalty is strictly above the Earth defence."""
    o = opts(state)
    events: list[Event] = []
    for aid in state.order:
        a = state.actors[aid]
        if holds_breath(state, a):
            rounds = a.breath_rounds + 1
            penalty = a.breath_penalty + (o.breath.penalty_per_round if rounds > a.prowess else 0)
            events.append(ev.BreathHeld(actor=aid, rounds=rounds, penalty=penalty,
                                        rules=("R000-47", "A000-15")))
            if penalty > a.earth_defense and not a.unconscious:
                events.append(ev.FellUnconscious(actor=aid, why="out of breath",
                                                 rules=("R000-47", "A000-15")))
        elif a.breath_rounds or a.breath_penalty:
            events.append(ev.BreathRecovered(actor=aid, rules=("R000-47",)))
    return events
