"""Line of sight, awareness, targeting and height bands (R000-62..80; A000-16, A000-22..24,
A000-27, A000-28, A000-32)."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.rulesets.cultivation.options import CultivationOptions
from footwork.rulesets.cultivation.targeting import (
    aware,
    band_penalty,
    can_target,
    sees,
    sight_range,
    water_sight,
)

from ._helpers import a, actor, cited, end_turns, of_type, refused, session

BANDS = {"bands": {"enabled": True}}
#: a hall beside a room (a door), a cell seen through a slit, a cellar behind stone
HOUSE = [{"id": "hall"}, {"id": "room", "roofed": True}, {"id": "cell"}, {"id": "cellar"},
         {"id": "cliff", "shadow": True}, {"id": "plain", "open_field": True},
         {"id": "lake", "water_m": 80}]
HOUSE_LINKS: list[Any] = [
    ["hall", "room"], {"a": "hall", "b": "cell", "reach": False, "opening": "projectile"},
    {"a": "room", "b": "cellar", "reach": False, "sight": False},
    {"a": "hall", "b": "cliff"}, {"a": "hall", "b": "plain"}, ["hall", "lake"]]


def house(*actors: dict[str, Any], **options: Any) -> Any:
    return session(list(actors), zones=HOUSE, links=HOUSE_LINKS, options=options or None)


def test_sight_within_the_own_zone_and_into_adjacent_zones_R000_62_R000_63() -> None:
    """R000-62, R000-63: a character sees all of its zone and into adjacent zones."""
    s = house(actor("ada", "hall"), actor("bo", "hall", side="x"),
              actor("cy", "room", side="x"), actor("di", "cellar", side="x"))
    assert "R000-62" in sees(s.state, "ada", "bo").rules
    assert "R000-63" in sees(s.state, "ada", "cy").rules
    assert not sees(s.state, "cy", "di").allowed


def test_open_field_sight_and_cliff_shadow_R000_64_R000_67() -> None:
    """R000-64, R000-67: 5 km across an open field in perfect weather; the sky is visible
    unless roofed; in a cliff's shadow, 10 m up."""
    s = house(actor("ada", "hall"))
    assert sight_range(s.state, "plain")["across_m"] == 5000
    assert sight_range(s.state, "hall")["across_m"] is None
    assert sight_range(s.state, "cliff")["up_m"] == 10
    assert sight_range(s.state, "room")["up_m"] == 0


def test_shadow_and_roof_limit_sight_upward_by_bands_R000_67_R000_68() -> None:
    """R000-67, R000-68: with bands, targets above are seen (and targeted) like corners,
    except under a roof, or beyond 10 m up in a cliff's shadow."""
    s = house(actor("ada", "cliff"), actor("hi", "cliff", side="x", band="flying"),
              actor("top", "cliff", side="x", band="soaring"), actor("bo", "room"),
              actor("up", "room", side="x", band="floating"), **BANDS)
    seen = sees(s.state, "ada", "hi")
    assert seen.allowed and {"R000-67", "R000-68"} <= set(seen.rules)  # 10 m: just in
    assert not sees(s.state, "ada", "top").allowed  # 15 m
    assert not sees(s.state, "bo", "up").allowed


def test_sight_without_reach_through_a_hole_R000_65_R000_74() -> None:
    """R000-65, R000-74: a foe seen through a slit can be shot if the projectile fits, never
    struck in melee; an Art needs a hand-sized gap."""
    zones = [{"id": "hall"}, {"id": "cell"}, {"id": "vent"}]
    links = [{"a": "hall", "b": "cell", "reach": False, "opening": "projectile"},
             {"a": "hall", "b": "vent", "reach": False, "opening": "none"}]
    s = session([actor("ada", "hall"), actor("foe", "cell", side="x"),
                 actor("rat", "vent", side="x")], zones=zones, links=links)
    assert sees(s.state, "ada", "foe").allowed and "R000-65" in sees(s.state, "ada", "foe").rules
    assert can_target(s.state, "ada", "foe", "ranged").allowed
    assert can_target(s.state, "ada", "foe", "art").allowed
    assert not can_target(s.state, "ada", "foe", "melee").allowed
    ruling = can_target(s.state, "ada", "rat", "art")
    assert not ruling.allowed and "R000-74" in ruling.rules


def test_never_sight_of_an_unaware_target_R000_66_R000_71_A000_32() -> None:
    """R000-66, R000-71, A000-32: a hidden foe cannot be seen or targeted until a Challenge
    beats its Stealth defence (the `sense` command is the hook)."""
    s = house(actor("ada", "hall", earth=5), actor("ghost", "hall", side="x", hidden=True,
                                                   stealth_defense=15))
    assert not sees(s.state, "ada", "ghost").allowed
    assert not can_target(s.state, "ada", "ghost", "melee").allowed
    s.do({"do": "sense", "actor": "ada", "target": "ghost", "roll": [4]})
    assert "ghost" not in a(s, "ada").aware_of
    end_turns(s, "ada", "ghost")
    events = s.do({"do": "sense", "actor": "ada", "target": "ghost", "roll": [10]})
    assert of_type(events, "sensed") and "R000-71" in cited(events)
    assert can_target(s.state, "ada", "ghost", "melee").allowed


def test_looking_into_water_costs_1_per_5_m_up_to_50_R000_69_A000_27() -> None:
    """R000-69, A000-27: Penalty floor(depth/5); exactly 50 m still seen (Penalty 10)."""
    o = CultivationOptions()
    assert water_sight(o, 4.9) == (True, 0)
    assert water_sight(o, 12) == (True, 2)
    assert water_sight(o, 50) == (True, 10)
    assert water_sight(o, 50.5)[0] is False
    s = house(actor("ada", "hall"), actor("eel", "lake", side="x", band="depths"), **BANDS)
    seen = sees(s.state, "ada", "eel")
    assert seen.allowed and seen.penalty == 2 and "R000-69" in seen.rules  # 10 m of water


def test_arts_that_ignore_sight_have_a_range_but_not_stealth_R000_70_R000_71() -> None:
    """R000-70, R000-71: within its stated range such an Art picks targets through any
    obstacle; Stealth still applies."""
    s = house(actor("ada", "room", art_range=2), actor("foe", "cellar", side="x"),
              actor("spy", "cellar", side="x", hidden=True))
    assert not sees(s.state, "ada", "foe").allowed
    assert can_target(s.state, "ada", "foe", "art_ignore_los").allowed
    ruling = can_target(s.state, "ada", "spy", "art_ignore_los")
    assert not ruling.allowed and "R000-71" in ruling.rules


def test_rivals_may_sense_an_art_and_its_source_R000_72() -> None:
    """R000-72: the Storyteller may let a rival Challenge to sense a LoS-ignoring Art's
    user (on by default; `awareness.rivals_may_sense`)."""
    s = house(actor("rival", "hall", earth=5), actor("ada", "room", side="x", art_range=2,
                                                     stealth_defense=5))
    events = s.do({"do": "sense", "actor": "rival", "target": "ada", "roll": [3]})
    assert "R000-72" in cited(events) and of_type(events, "sensed")
    s = house(actor("rival", "hall"), actor("ada", "room", side="x", art_range=2),
              awareness={"rivals_may_sense": False})
    refused(s, {"do": "sense", "actor": "rival", "target": "ada"}, "not_hidden", "R000-72")


def test_ally_awareness_and_its_switch_R000_73() -> None:
    """R000-73: allies know where each other are without sight; the Storyteller may turn
    that off (`awareness.allies: false`)."""
    s = house(actor("ada", "hall"), actor("bo", "cellar", hidden=True))
    assert aware(s.state, "ada", "bo").allowed and "R000-73" in aware(s.state, "ada", "bo").rules
    s = house(actor("ada", "hall"), actor("bo", "cellar", hidden=True),
              awareness={"allies": False})
    assert not aware(s.state, "ada", "bo").allowed


def test_bands_are_optional_R000_75() -> None:
    """R000-75: eight bands, top to bottom; off by default, when shifting is refused."""
    from footwork.rulesets.cultivation.model import BANDS as NAMES

    assert NAMES == ("soaring", "flying", "floating", "ground", "swimming", "underwater",
                     "depths", "far_depths")
    s = house(actor("ada", "hall", abilities=["fly"]))
    refused(s, {"do": "shift", "actor": "ada", "direction": "up"}, "bands_off", "R000-75")


def test_spend_movement_to_reach_an_adjacent_band_R000_76_A000_24() -> None:
    """R000-76, A000-24: 1 Speed lets a grounded fighter strike a Floating target without
    leaving its band; two bands away is out of reach."""
    s = house(actor("ada", "hall"), actor("kite", "hall", side="x", band="floating"),
              actor("hawk", "hall", side="x", band="flying"), **BANDS)
    assert not can_target(s.state, "ada", "kite", "melee").allowed
    refused(s, {"do": "reach_band", "actor": "ada", "target": "hawk"}, "not_adjacent_band",
            "A000-24")
    s.do({"do": "reach_band", "actor": "ada", "target": "kite"})
    assert a(s, "ada").spent == 1 and can_target(s.state, "ada", "kite", "melee").allowed


def test_shift_needs_the_ability_and_costs_1_speed_R000_77_A000_24() -> None:
    """R000-77, A000-24: flight or levitation to go up (levitation: Floating only), water
    to go down; each band costs 1 Speed."""
    s = house(actor("ada", "hall", abilities=["fly"]), actor("bo", "hall"),
              actor("cy", "lake", band="swimming"), **BANDS)
    s.do({"do": "shift", "actor": "ada", "direction": "up"})
    assert a(s, "ada").band == "floating" and a(s, "ada").spent == 1
    refused(s, {"do": "shift", "actor": "ada", "direction": "up"}, "no_speed")
    end_turns(s, "ada")
    refused(s, {"do": "shift", "actor": "bo", "direction": "up"}, "cannot_shift", "R000-77")
    refused(s, {"do": "shift", "actor": "bo", "direction": "down"}, "cannot_shift", "A000-24")
    end_turns(s, "bo")
    s.do({"do": "shift", "actor": "cy", "direction": "down"})
    assert a(s, "cy").band == "underwater"


def test_falling_descends_one_band_a_round_A000_22_R000_78() -> None:
    """R000-78, A000-22: with bands on, a fall goes one band a round; each band is 5 m for
    the landing (Soaring to Ground: 15 m on hard ground, 3 damage)."""
    zones = [{"id": "sky", "tile": {"kind": "antigravity", "active": False}}]
    s = session([actor("ada", "sky", band="soaring")], zones=zones, options=BANDS)
    s.do({"do": "switch", "actor": "gm", "zone": "sky", "on": False})
    assert a(s, "ada").band_falling
    bands = []
    for _ in range(3):
        end_turns(s, "ada")
        bands.append(a(s, "ada").band)
    assert bands == ["flying", "floating", "ground"] and a(s, "ada").aura == 7


@pytest.mark.parametrize(("shooter", "target", "penalty"), [
    ("ground", "floating", 0), ("ground", "flying", 2), ("ground", "soaring", 4),
    ("soaring", "ground", 4), ("ground", "ground", 0)])
def test_band_penalties_0_2_4_R000_79_A000_23(shooter: str, target: str, penalty: int) -> None:
    """R000-79, A000-23: the printed examples: Ground→Floating 0, →Flying 2, →Soaring 4;
    the same downward."""
    from footwork.rulesets.cultivation.model import BANDS as NAMES

    o = CultivationOptions()
    assert band_penalty(o, NAMES.index(shooter), NAMES.index(target)) == penalty
    s = house(actor("ada", "hall", band=shooter), actor("foe", "hall", side="x", band=target),
              **BANDS)
    ruling = can_target(s.state, "ada", "foe", "ranged")
    assert ruling.allowed and ruling.penalty == penalty


def test_swimming_bands_use_the_swimming_penalties_R000_80() -> None:
    """R000-80: attacks from the Swimming band or below use the swim Penalty (R000-45),
    not the band Penalty."""
    s = house(actor("ada", "lake", band="underwater"),
              actor("foe", "lake", side="x", band="swimming"), **BANDS)
    ruling = can_target(s.state, "ada", "foe", "ranged")
    assert ruling.penalty == 10 and "R000-80" in ruling.rules
