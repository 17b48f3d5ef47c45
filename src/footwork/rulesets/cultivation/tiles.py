"""The end of the round (R000-53, R000-56..61, R000-78, R000-47; A000-18, A000-20..22,
A000-15): environmental movement in the map's zone order, then location effects, then
falls under way, then breath.

Each character is carried at most once per round: the tiles act on the occupants as they
stand when the round ends (A000-18, A000-20: one zone or one band per round).
"""

from __future__ import annotations

from dataclasses import replace

from footwork.engine.events import Event
from footwork.engine.rolling import Roller
from footwork.rulesets.cultivation import events as ev
from footwork.rulesets.cultivation.falls import arrive, band_fall_step, fall_round
from footwork.rulesets.cultivation.model import BANDS, GROUND, CultivationActor
from footwork.rulesets.cultivation.rules import (
    CState,
    antigrav_on,
    band_index,
    everyone_in,
    has_left,
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
    """R000-53, A000-18: the tiles, in the order the map lists its zones. Each carries
    the occupants it had as the round ended, each character once, through the movement
    pipeline like any forced movement (limits, spill-over, drops, whirlpools alike);
    then the location effects of where they ended up."""
    from footwork.rulesets.cultivation.pipeline import PIPELINE, forced, forced_band

    m, o = space(state), opts(state)
    events: list[Event] = []
    now = state
    carried: set[str] = set()
    deferred: list[tuple[str, str]] = []

    def add(more: list[Event]) -> None:
        nonlocal now
        events.extend(more)
        for e in more:
            now = PIPELINE.evolve(now, e)

    def carry(a: CultivationActor, to: str, how: str, rules: tuple[str, ...]) -> None:
        if a.id in carried or has_left(now.actors[a.id]):
            return
        carried.add(a.id)
        out, walk = forced(now, a.id, to, how, roller, how=how, rules=rules, round_end=True)
        deferred.extend(walk.deferred)
        add(out)

    def lift(a: CultivationActor, idx: int, cause: str, how: str,
             rules: tuple[str, ...]) -> None:
        if a.id in carried or idx == band_index(now.actors[a.id]):
            return
        carried.add(a.id)
        add(forced_band(now, a.id, idx, cause, roller, how=how, rules=rules))

    for zone_id, zone in m.zones.items():
        tile = zone.tile
        if tile is None:
            continue
        # R000-21, R000-53: a tile acts on everyone inside its zone, a body falling in
        # place there too (the s33 review); one gone over an edge has left it
        inside = everyone_in(state, zone_id)
        here = [a for a in inside if not is_falling(a)]
        if tile.kind == "current":
            assert tile.to is not None
            for a in inside:
                carry(a, tile.to, "current", ("R000-57", *ENV, "A000-20"))
        elif tile.kind == "elevator":
            for a in inside:
                if tile.to is not None:
                    carry(a, tile.to, "elevator", ("R000-58", *ENV, "A000-20"))
                elif o.bands.enabled and tile.bands and not is_falling(a):
                    idx = max(0, min(m.deepest(zone_id), band_index(a) - tile.bands))
                    lift(a, idx, "elevator", "elevator", ("R000-58", "A000-20"))
        elif tile.kind == "wave":
            period = tile.period or o.wave.period
            if state.round >= tile.first and (state.round - tile.first) % period == 0:
                add([ev.WaveSwept(zone=zone_id, rules=("R000-59", "A000-20"))])
                for src, dst in tile.sweep.items():
                    for a in everyone_in(state, src):  # anyone it meets (R000-59, s33)
                        carry(a, dst, "wave", ("R000-59", *ENV, "A000-20"))
        elif tile.kind == "whirlpool":
            for a in inside:
                if o.bands.enabled and band_index(a) < m.deepest(zone_id):
                    if is_falling(a):  # already going down a band a round (README)
                        continue
                    lift(a, band_index(a) + 1, "whirlpool", "pulled down",
                         ("R000-60", "A000-20"))
                elif not o.bands.enabled and tile.to is not None:
                    carry(a, tile.to, "whirlpool", ("R000-60", *ENV))
        elif tile.kind == "antigravity" and antigrav_on(state, zone_id):
            if tile.until is not None and state.round >= tile.until:
                add(switch(now, zone_id, False, roller, at_round_end=True))
                continue
            for a in here:
                if o.bands.enabled:
                    idx = max(0, band_index(a) - o.antigrav.rise_bands)
                    lift(a, idx, "antigravity", "floats up", ("R000-61", "A000-21"))
                else:
                    add([ev.AltitudeChanged(actor=a.id, altitude_m=a.altitude_m + o.antigrav.rise_m,
                                            rules=("R000-61", "A000-21"))])
    for aid, dest in deferred:  # A000-18: then the location effects of where they ended up
        add(arrive(now, now.actors[aid], dest, roller, forced=True))
    return events


def switch(state: CState, zone_id: str, on: bool, roller: Roller, *,
           at_round_end: bool = False) -> list[Event]:
    """R000-61: anti-gravity turns on or off; off, everyone aloft falls."""
    events: list[Event] = [ev.TileSwitched(zone=zone_id, on=on, rules=("R000-61",))]
    if on:
        return events
    from footwork.rulesets.cultivation.pipeline import begin_fall
    from footwork.rulesets.cultivation.ruleset import evolve_event

    o = opts(state)
    off = evolve_event(state, events[0])  # the fall begins once the zone holds nobody up
    for a in occupants(state, zone_id):
        if o.bands.enabled:
            if not can_stay_aloft(a, band_index(a)) and not a.band_falling:
                events.append(ev.BandFallStarted(actor=a.id, rules=("R000-61", "R000-78")))
                if at_round_end:  # R000-40, R000-78: begun in the end phase, its first
                    # round is this one, as for a fall in metres (one schedule)
                    events += band_fall_step(state, replace(a, band_falling=True,
                                                            bands_fallen=0), roller)
        elif a.altitude_m > 0:
            events.append(ev.AltitudeChanged(actor=a.id, altitude_m=0, rules=("R000-61",)))
            events += begin_fall(off, a.id, a.altitude_m, zone_id, "antigravity", roller,
                                 how="anti-gravity off", at_round_end=at_round_end)
    return events


def falls(state: CState, roller: Roller) -> list[Event]:
    """R000-40: every fall under way covers this round's distance (its first round, if it
    began during this round's turns); R000-78: band falls and sinking go one band down.
    This comes before the tiles, which act last in the round (R000-53)."""
    m, o = space(state), opts(state)
    events: list[Event] = []
    for aid in state.order:
        a = state.actors[aid]
        if a.fall_onto is not None:
            from footwork.rulesets.cultivation.pipeline import held_mid_fall

            events += held_mid_fall(state, a, roller) or fall_round(state, a, roller)
        elif o.bands.enabled and a.band_falling:
            from footwork.rulesets.cultivation.pipeline import holds_up

            if holds_up(state, a.at):  # R000-61: nobody falls there; it floats (s34)
                events.append(ev.BandFallHeld(actor=aid, rules=("R000-61", "R000-78")))
            else:
                events += band_fall_step(state, a, roller)
        elif (o.bands.enabled and a.unconscious and band_index(a) >= GROUND
              and band_index(a) < m.deepest(a.at)):
            events.append(ev.BandChanged(actor=a.id, band=BANDS[band_index(a) + 1], how="sinks",
                                         rules=("R000-78",)))
    return events


def breath(state: CState) -> list[Event]:
    """R000-47, A000-15: Prowess rounds of breath, then Penalty 5 a round, stacking;
    unconscious once that Penalty is strictly above the Earth defence. Counted at the end
    of each round for the round to come: the Penalty of the round in which the breath is
    exceeded is in force during that round (``breath_rounds`` counts the rounds already
    held, ``breath_penalty`` is the Penalty of the coming round)."""
    o = opts(state)
    events: list[Event] = []
    for aid in state.order:
        a = state.actors[aid]
        if holds_breath(state, a):
            rounds = a.breath_rounds + 1
            coming = rounds + 1  # the next round is this many rounds of held breath
            penalty = a.breath_penalty + (o.breath.penalty_per_round if coming > a.prowess else 0)
            events.append(ev.BreathHeld(actor=aid, rounds=rounds, penalty=penalty,
                                        rules=("R000-47", "A000-15")))
            if penalty > a.earth_defense and not a.unconscious:
                events.append(ev.FellUnconscious(actor=aid, why="out of breath",
                                                 rules=("R000-47", "A000-15")))
        elif a.breath_rounds or a.breath_penalty:
            events.append(ev.BreathRecovered(actor=aid, rules=("R000-47",)))
    return events
