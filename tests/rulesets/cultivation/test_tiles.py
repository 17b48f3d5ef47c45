"""Tile effects at the end of the round (R000-56..61; A000-18..21)."""

from __future__ import annotations

from typing import Any

from ._helpers import a, actor, at, cited, end_turns, of_type, refused, session

BANDS = {"bands": {"enabled": True}}


def one_round(s: Any, *actors: str) -> list[Any]:
    before = len(s.events)
    end_turns(s, *actors)
    return s.events[before:]


def test_tiles_move_occupants_in_the_map_order_then_effects_R000_56_A000_18_A000_19() -> None:
    """R000-56, A000-18, A000-19: tiles ("squares") are zones; at the round's end each tile
    moves its occupants, in the order the map lists the zones, each character once; then
    the traps where they end up go off."""
    zones = [{"id": "c1", "tile": {"kind": "current", "to": "c2"}},
             {"id": "c2", "tile": {"kind": "current", "to": "c3"}},
             {"id": "c3", "traps": [{"name": "reeds", "damage": 1}]}]
    s = session([actor("ada", "c1"), actor("bo", "c2")], zones=zones,
                links=[["c1", "c2"], ["c2", "c3"]])
    events = one_round(s, "ada", "bo")
    assert (at(s, "ada"), at(s, "bo")) == ("c2", "c3")
    kinds = [e.type for e in events if e.type in ("moved", "trap_sprung")]
    assert kinds == ["moved", "moved", "trap_sprung"]
    assert {"R000-56", "A000-18"} <= cited(events)


def test_current_carries_one_zone_a_round_R000_57_A000_20() -> None:
    """R000-57, A000-20: a current follows its path one zone a round."""
    zones = [{"id": "top", "tile": {"kind": "current", "to": "mid"}},
             {"id": "mid", "tile": {"kind": "current", "to": "foot"}}, {"id": "foot"}]
    s = session([actor("ada", "top")], zones=zones, links=[["top", "mid"], ["mid", "foot"]])
    events = one_round(s, "ada")
    assert at(s, "ada") == "mid" and {"R000-57", "A000-20"} <= cited(events)
    one_round(s, "ada")
    assert at(s, "ada") == "foot"


def test_elevator_moves_up_or_down_R000_58() -> None:
    """R000-58: an elevator carries occupants to the zone above (or below), or by bands."""
    zones = [{"id": "lift", "tile": {"kind": "elevator", "to": "loft"}},
             {"id": "loft", "floor_m": 10}]
    s = session([actor("ada", "lift")], zones=zones,
                links=[{"a": "lift", "b": "loft", "vertical": True}])
    one_round(s, "ada")
    assert at(s, "ada") == "loft"
    s = session([actor("ada", "shaft")],
                zones=[{"id": "shaft", "tile": {"kind": "elevator", "bands": 1}}],
                options=BANDS)
    one_round(s, "ada")
    assert a(s, "ada").band == "floating"


def test_wave_sweeps_outward_every_period_R000_59_A000_20() -> None:
    """R000-59, A000-20: a wave repeats every 2 rounds by default and carries everyone in
    the zones it sweeps one zone outward."""
    zones = [{"id": "eye", "tile": {"kind": "wave", "sweep": {"eye": "ring", "ring": "edge"}}},
             {"id": "ring"}, {"id": "edge"}]
    s = session([actor("ada", "eye"), actor("bo", "ring")], zones=zones,
                links=[["eye", "ring"], ["ring", "edge"]])
    events = one_round(s, "ada", "bo")  # round 1: the first wave
    assert (at(s, "ada"), at(s, "bo")) == ("ring", "edge") and of_type(events, "wave_swept")
    one_round(s, "ada", "bo")  # round 2: calm
    assert at(s, "ada") == "ring"
    one_round(s, "ada", "bo")  # round 3: the next wave
    assert at(s, "ada") == "edge"


def test_whirlpool_pulls_down_and_blocks_upward_moves_R000_60_A000_20() -> None:
    """R000-60, A000-20: a whirlpool pulls one band down a round and allows no upward move
    (a band up, or a zone above)."""
    zones = [{"id": "pool", "water_m": 30, "tile": {"kind": "whirlpool"}},
             {"id": "dock", "floor_m": 2}]
    s = session([actor("ada", "pool", band="swimming")], zones=zones,
                links=[["pool", "dock"]], options=BANDS)
    refused(s, {"do": "shift", "actor": "ada", "direction": "up"}, "whirlpool", "R000-60")
    refused(s, {"do": "move", "actor": "ada", "to": "dock"}, "whirlpool", "R000-60")
    one_round(s, "ada")
    assert a(s, "ada").band == "underwater"
    s = session([actor("ada", "pool")], zones=[
        {"id": "pool", "water_m": 30, "tile": {"kind": "whirlpool", "to": "sink"}},
        {"id": "sink", "water_m": 30, "floor_m": -10}], links=[["pool", "sink"]])
    one_round(s, "ada")
    assert at(s, "ada") == "sink"


def test_antigravity_floats_up_makes_terrain_difficult_and_drops_R000_61_A000_21() -> None:
    """R000-61, A000-21: under anti-gravity everyone floats up (1 band a round), every
    border counts as DT ½ (a Challenge against 0.5); switched off, those aloft fall."""
    zones = [{"id": "vault", "tile": {"kind": "antigravity"}}, {"id": "hall"}]
    s = session([actor("ada", "vault"), actor("bo", "hall")], zones=zones,
                links=[["vault", "hall"]], options=BANDS)
    events = s.do({"do": "move", "actor": "ada", "to": "hall", "roll": [1]})
    rolled = of_type(events, "rolled")[0]
    assert "(0.5)" in rolled.check and {"R000-61", "A000-21"} <= set(rolled.rules)
    s = session([actor("ada", "vault"), actor("bo", "hall")], zones=zones,
                links=[["vault", "hall"]], options=BANDS)
    one_round(s, "ada", "bo")
    one_round(s, "ada", "bo")
    assert a(s, "ada").band == "flying"
    s.do({"do": "switch", "actor": "gm", "zone": "vault", "on": False})
    one_round(s, "ada", "bo")
    one_round(s, "ada", "bo")
    assert a(s, "ada").band == "ground" and a(s, "ada").aura == 8  # 2 bands, 10 m, hard


def test_antigravity_modes_A000_21() -> None:
    """A000-21: `halve_existing` halves the ratings; `half_speed` doubles the cost; with
    bands off the rise is in metres and the fall follows R000-40."""
    zones = [{"id": "vault", "dt": 8, "tile": {"kind": "antigravity"}}, {"id": "hall"}]
    s = session([actor("ada", "vault")], zones=zones, links=[["vault", "hall"]],
                options={"antigrav": {"dt_mode": "halve_existing"}})
    events = s.do({"do": "move", "actor": "ada", "to": "hall", "roll": [1]})
    assert "(4)" in of_type(events, "rolled")[0].check
    s = session([actor("ada", "vault")], zones=zones, links=[["vault", "hall"]],
                options={"antigrav": {"dt_mode": "half_speed"}})
    refused(s, {"do": "move", "actor": "ada", "to": "hall"}, "needs_sprint")
    s = session([actor("ada", "vault")], zones=zones, links=[["vault", "hall"]])
    one_round(s, "ada")
    one_round(s, "ada")
    assert a(s, "ada").altitude_m == 10
    s.do({"do": "switch", "actor": "gm", "zone": "vault", "on": False})
    assert a(s, "ada").altitude_m == 0 and a(s, "ada").aura == 8
