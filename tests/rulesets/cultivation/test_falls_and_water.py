"""Falls, swimming and breath (R000-39..47; A000-10..16, A000-22, A000-25)."""

from __future__ import annotations

import pytest

from footwork.rulesets.cultivation.falls import landing_damage, metres_in_round, schedule
from footwork.rulesets.cultivation.model import swim_penalty
from footwork.rulesets.cultivation.options import FallOptions

from ._helpers import a, actor, at, cited, end_turns, of_type, refused, session

FALL = FallOptions()
CLIFF = [{"id": "top", "floor_m": 600}, {"id": "rocks", "surface": "hard"},
         {"id": "ledge", "floor_m": 595}, {"id": "pool", "water_m": 3},
         {"id": "lake", "water_m": 8}, {"id": "hay", "surface": "soft"}]
CLIFF_LINKS = [{"a": "top", "b": z, "one_way": True, "drop": True}
               for z in ("rocks", "ledge", "pool", "lake", "hay")]


def test_fall_arithmetic_50_more_each_round_up_to_250_R000_40_A000_10() -> None:
    """R000-40, A000-10: the n-th round covers min(50 n, 250) m: 50, 100, 150, 200, 250,
    250..."""
    assert [metres_in_round(FALL, n) for n in range(1, 8)] == [50, 100, 150, 200, 250, 250,
                                                               250]
    assert schedule(FALL, 1000) == [50, 100, 150, 200, 250, 250]
    assert schedule(FALL, 30) == [30]


@pytest.mark.parametrize(("metres", "surface", "damage"), [
    (100, "water", 5), (100, "soft", 2), (100, "hard", 20), (7, "suicidal", 7),
    (39, "soft", 0), (9, "hard", 1)])
def test_landing_damage_by_surface_R000_41_A000_10(metres: float, surface: str,
                                                   damage: int) -> None:
    """R000-41, A000-10: 1 per 20 m into diving water, per 40 m onto padding, per 5 m onto
    hard ground, per 1 m for a suicidal landing; rounded down."""
    assert landing_damage(FALL, metres, surface) == damage


def test_dropping_into_a_lower_zone_is_easy_R000_39_A000_10() -> None:
    """R000-39, A000-10: a voluntary drop costs 1 Speed and no Challenge; a drop with no
    metres given is the floors' difference (here 5 m onto hard ground: 1 damage)."""
    s = session([actor("ada", "top")], zones=CLIFF, links=CLIFF_LINKS)
    events = s.do({"do": "move", "actor": "ada", "to": "ledge"})
    assert not of_type(events, "rolled") and at(s, "ada") == "ledge"
    assert a(s, "ada").spent == 1 and a(s, "ada").aura == 9
    assert "R000-39" in cited(events)


def test_shallow_water_lands_hard_A000_10() -> None:
    """A000-10: water shallower than 5 m lands as hard ground; deep water as water."""
    m = session([actor("ada", "top")], zones=CLIFF, links=CLIFF_LINKS).state.space
    assert m.landing_surface("pool", 5) == "hard" and m.landing_surface("lake", 5) == "water"


def test_a_long_fall_spans_rounds_and_lands_at_round_end_R000_40() -> None:
    """R000-40, A000-10: a 600 m fall begun in a turn: that round is its first (50 m by
    the round's end), then 100, 150, 200, and the last 100 in its fifth round; the
    landing in deep water deals 600/20 = 30 (issue 10 item 1: it used to cover 150 m in
    its first round)."""
    s = session([actor("ada", "top", aura=40)], zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "move", "actor": "ada", "to": "lake"})
    assert a(s, "ada").fallen_m == 0 and a(s, "ada").fall_onto == "lake"
    refused(s, {"do": "sprint", "actor": "ada"}, "budget_spent")
    for fallen in (50, 150, 300, 500):
        end_turns(s, "ada")
        assert a(s, "ada").fallen_m == fallen
    end_turns(s, "ada")
    assert at(s, "ada") == "lake" and a(s, "ada").aura == 10 and a(s, "ada").fall_onto is None


def test_exhausting_the_aura_in_a_fall_is_a_wound_R000_42_A000_11() -> None:
    """R000-42, A000-11: fall damage comes off the Aura; taking it to 0 gives one Wound at
    once and the rest is dropped; other damage follows the usual rules (no Wound here)."""
    s = session([actor("ada", "top", aura=3)], zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "fall", "actor": "gm", "target": "ada", "metres": 40, "onto": "rocks"})
    assert a(s, "ada").aura == 0 and a(s, "ada").wounds == 1
    s = session([actor("ada", "top", aura=3)], zones=CLIFF, links=CLIFF_LINKS)
    s.do({"do": "zone_effect", "actor": "gm", "zone": "top", "amount": 5})
    assert a(s, "ada").aura == 0 and a(s, "ada").wounds == 0


def test_swimming_starts_at_half_height_R000_43_A000_12() -> None:
    """R000-43, A000-12: water below half the height is ignored; at exactly half or more
    the character swims."""
    zones = [{"id": "dry"}, {"id": "wade", "water_m": 0.89}, {"id": "half", "water_m": 0.9}]
    s = session([actor("ada", "dry", height_m=1.8)], zones=zones,
                links=[["dry", "wade"], ["wade", "half"]])
    body = s.to_json()["actors"]["ada"]["conditions"]
    assert body["swimming"] is False
    s.do({"do": "move", "actor": "ada", "to": "wade"})
    assert s.to_json()["actors"]["ada"]["conditions"]["swimming"] is False
    end_turns(s, "ada")
    s.do({"do": "sprint", "actor": "ada"})
    s.do({"do": "move", "actor": "ada", "to": "half"})
    assert s.to_json()["actors"]["ada"]["conditions"]["swimming"] is True


def test_a_swimming_border_costs_2_and_may_need_sprint_R000_44_A000_13() -> None:
    """R000-44, A000-13: a border with swimming on either side costs 2 Speed, between two
    swimming zones too; with Speed 1 that means a Sprint."""
    zones = [{"id": "bank"}, {"id": "river", "water_m": 3}, {"id": "lake", "water_m": 3}]
    s = session([actor("ada", "bank")], zones=zones, links=[["bank", "river"],
                                                            ["river", "lake"]])
    refused(s, {"do": "move", "actor": "ada", "to": "river"}, "needs_sprint", "R000-44")
    s.do({"do": "sprint", "actor": "ada"})
    events = s.do({"do": "move", "actor": "ada", "to": "river"})
    assert of_type(events, "speed_spent")[0].amount == 2 and "A000-13" in cited(events)
    refused(s, {"do": "move", "actor": "ada", "to": "lake"}, "no_speed")


@pytest.mark.parametrize(("depth", "penalty"), [(0.2, 1), (3, 3), (3.2, 4), (10, 10),
                                                (40, 10)])
def test_swim_penalty_is_the_depth_1_to_10_R000_45_A000_14(depth: float, penalty: int) -> None:
    """R000-45, A000-14: the Penalty is the depth in metres rounded up, from 1 to 10."""
    assert swim_penalty(depth, 1, 10) == penalty


def test_swim_penalty_applies_to_challenges_A000_14() -> None:
    """A000-14: the swim Penalty lowers every Challenge of the swimmer, adding to others."""
    zones = [{"id": "lake", "water_m": 4}, {"id": "reef", "dt": 8, "water_m": 4}]
    s = session([actor("ada", "lake", air=5, penalty=1)], zones=zones,
                links=[["lake", "reef"]])
    s.do({"do": "sprint", "actor": "ada"})
    events = s.do({"do": "move", "actor": "ada", "to": "reef", "element": "air",
                   "roll": [10]})
    assert of_type(events, "rolled")[0].total == 10 + 5 - 1 - 4


def test_ranges_are_halved_while_swimming_R000_46_A000_16() -> None:
    """R000-46, A000-16: a range in zones is halved rounding down: "adjacent" (1) becomes
    the own zone only; an Art range of 3 becomes 1."""
    from footwork.rulesets.cultivation.targeting import can_target

    zones = [{"id": "lake", "water_m": 4}, {"id": "shore"}, {"id": "far"}]
    s = session([actor("ada", "lake", art_range=3), actor("foe", "shore", side="bad"),
                 actor("fay", "far", side="bad")], zones=zones,
                links=[["lake", "shore"], ["shore", "far"]])
    ranged = can_target(s.state, "ada", "foe", "ranged")
    assert not ranged.allowed and "A000-16" in ranged.rules
    assert can_target(s.state, "ada", "foe", "art_ignore_los").allowed
    assert not can_target(s.state, "ada", "fay", "art_ignore_los").allowed


def test_breath_lasts_prowess_rounds_then_penalty_5_stacking_R000_47_A000_15() -> None:
    """R000-47, A000-15: in a submerged zone the breath lasts Prowess rounds; then Penalty
    5 a round, stacking, added to the swim Penalty; unconscious when it is strictly above
    the Earth defence; surfacing resets it."""
    zones = [{"id": "sump", "water_m": 3, "submerged": True}, {"id": "air"}]
    s = session([actor("ada", "sump", prowess=1, earth_defense=10)], zones=zones,
                links=[["sump", "air"]])
    seen = []
    for _ in range(3):
        end_turns(s, "ada")
        seen.append((a(s, "ada").breath_rounds, a(s, "ada").breath_penalty,
                     a(s, "ada").unconscious))
    # issue 10 item 2: the Penalty is in force in the round the breath runs out: round 2
    # (rounds held 1) already has 5. 10 is not above the Earth defence of 10: still
    # awake in round 3; 15 is: out for round 4
    assert seen == [(1, 5, False), (2, 10, False), (3, 15, True)]
    assert a(s, "ada").unconscious  # 15 > 10 (10 is not above 10)
    assert s.to_json()["actors"]["ada"]["conditions"]["penalty"] == 15 + 3


def test_breath_is_held_from_the_underwater_band_A000_15_A000_25() -> None:
    """A000-15, A000-25: with bands on, the Underwater band and below hold breath and the
    Swimming band and below count as swimming."""
    s = session([actor("ada", "lake", band="swimming")], zones=[{"id": "lake", "water_m": 30}],
                options={"bands": {"enabled": True}})
    body = s.to_json()["actors"]["ada"]["conditions"]
    assert body["swimming"] and not body["holding_breath"]
    s.do({"do": "shift", "actor": "ada", "direction": "down"})
    assert s.to_json()["actors"]["ada"]["conditions"]["holding_breath"]
