"""AGI rolls for hazards: balancing, climbing, swimming and leaping, and how a roll is
made (R004-22..31; A004-01, A004-09..15)."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import actor, end_turns, move, of_type, refused, session, types

# -- A004-01: the roll --------------------------------------------------------------------


def _rough(qualities: list[str], **kwargs: Any) -> Any:
    """The row of rooms with a rough strip across r1 (x from 7 to 10)."""
    who = kwargs.pop("who", [actor("ada", "r0", [3, 2])])
    return session(who, rough=[{"rect": [7, 0, 3, 4], "qualities": qualities}], **kwargs)


@pytest.mark.parametrize(("face", "outcome"), [(1, "pass"), (10, "pass"), (11, "fail"),
                                               (20, "fail")])
def test_a_roll_is_d20_at_most_the_attribute_A004_01(face: int, outcome: str) -> None:
    """A004-01: by default a STR/AGI roll passes on a d20 at most the attribute."""
    s = _rough(["narrow"])
    events = move(s, "ada", "r1", [11, 2], roll=[face])
    (rolled,) = of_type(events, "rolled")
    assert (rolled.dice, rolled.total, rolled.outcome) == ("1d20", face, outcome)
    assert rolled.check == "AGI 10 (balance)" and "A004-01" in rolled.rules


def test_roll_over_is_an_option_A004_01() -> None:
    """A004-01: `check.mode: roll_over` passes when roll + attribute reaches the target;
    the dice are an option too; a supplied face must fit the dice."""
    opts = {"check": {"mode": "roll_over", "target": 15, "dice": "d10"}}
    s = _rough(["narrow"], options=opts)
    (rolled,) = of_type(move(s, "ada", "r1", [11, 2], roll=[5]), "rolled")
    assert (rolled.dice, rolled.outcome) == ("1d10", "pass")
    s = _rough(["narrow"], options=opts)
    (rolled,) = of_type(move(s, "ada", "r1", [11, 2], roll=[4]), "rolled")
    assert rolled.outcome == "fail"
    s = _rough(["narrow"], options=opts)
    with pytest.raises(Exception, match="d10"):
        move(s, "ada", "r1", [11, 2], roll=[12])
    assert s.state.actors["ada"].at == "r0"


def test_options_show_the_exact_odds_of_a_roll_on_the_way_A004_01() -> None:
    """A004-01: a move option lists its AGI rolls with exact odds (AGI 10 on d20: 1/2)."""
    s = _rough(["narrow"], who=[actor("ada", "r1", [8.5, 2])])
    (option,) = [o for o in s.options("ada") if o.to == "r0" and o.command["do"] == "move"]
    (check,) = option.checks
    assert check.name == "AGI 10 (balance)"
    assert {k: str(v) for k, v in check.odds.items()} == {"pass": "1/2", "fail": "1/2"}


# -- R004-22, A004-09: balancing ---------------------------------------------------------------


def test_crossing_a_rough_area_in_one_activation_costs_one_roll_R004_22_A004_09() -> None:
    """R004-22, A004-09: a roll on stepping off the rough area; none at the end of the
    activation once off it: crossing it whole costs one roll."""
    s = _rough(["narrow"])
    events = move(s, "ada", "r1", [11, 2], roll=[3])
    assert types(events) == ["rolled", "moved"]
    assert {"R004-22", "A004-09"} <= set(events[0].rules)
    assert "rolled" not in types(end_turns(s, "ada"))


def test_ending_on_a_rough_area_rolls_at_the_end_of_the_activation_R004_22_A004_09() -> None:
    """R004-22, A004-09: stopping on it costs no roll now, one at the end of the
    activation, and another when leaving it later."""
    s = _rough(["uneven"], who=[actor("ada", "r0", [3, 2], AGI=20)])
    assert types(move(s, "ada", "r1", [8.5, 2])) == ["moved"]
    assert s.to_json()["actors"]["ada"]["on_rough"] is True
    events = end_turns(s, "ada")
    (rolled,) = of_type(events, "rolled")
    assert rolled.outcome == "pass" and "end of activation" in rolled.check
    assert "R004-22" in rolled.rules
    events = move(s, "ada", "r1", [11, 2], roll=[20])
    assert types(events) == ["rolled", "moved"]


def test_a_failed_balance_roll_is_a_fall_R004_22_A004_15() -> None:
    """R004-22, A004-15: failing to balance ends the movement where the mover steps off,
    and it falls (the damage hook is the `fell` event)."""
    s = _rough(["slippery"])
    events = move(s, "ada", "r1", [11, 2], roll=[15])
    assert types(events) == ["rolled", "movement_ended", "fell"]
    (ended,) = of_type(events, "movement_ended")
    assert ended.point == (10.0, 2.0) and ended.why == "failed the balance roll"
    (fell,) = of_type(events, "fell")
    assert fell.cause == "balance" and "A004-15" in fell.rules
    ada = s.state.actors["ada"]
    assert (ada.at, ada.point, ada.stopped) == ("r1", (10.0, 2.0), True)


def test_a_fall_from_a_rough_area_lands_below_A004_15() -> None:
    """A004-15: a rough catwalk with `below`: the faller lands there, 1 floor = 2.5 m."""
    zones = [{"id": "hall", "rect": [0, 0, 6, 4]},
             {"id": "catwalk", "rect": [0, 0, 6, 4], "floor": 1}]
    s = session([actor("ada", "catwalk", [1, 2], AGI=0)], zones=zones, openings=[],
                rough=[{"rect": [0, 0, 6, 4], "floor": 1, "qualities": ["narrow"],
                        "below": "hall"}])
    events = end_turns(s, "ada")
    assert types(events)[1:4] == ["rolled", "placed", "fell"]
    (fell,) = of_type(events, "fell")
    assert fell.metres == 2.5
    assert s.state.actors["ada"].at == "hall"


def test_two_rough_qualities_cannot_be_balanced_on_R004_23_A004_10() -> None:
    """R004-23, A004-10: narrow and slippery together: no way across, no stopping on it."""
    s = _rough(["narrow", "slippery"])
    err = refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [11, 2]}, "impassable",
                  "R004-23", "A004-10")
    assert "narrow and slippery" in err.detail
    refused(s, {"do": "move", "actor": "ada", "to": "r1", "at": [8, 2]}, "impassable")
    assert "r1" not in {o.to for o in s.options("ada")}


def test_the_impassable_count_is_an_option_A004_10() -> None:
    """A004-10: with `hazards.impassable_qualities: 3`, two qualities are only rough."""
    s = _rough(["narrow", "slippery"], options={"hazards": {"impassable_qualities": 3}})
    assert types(move(s, "ada", "r1", [11, 2], roll=[2])) == ["rolled", "moved"]


# -- R004-24..26, A004-11: climbing --------------------------------------------------------------


def _wall(grade: str, **kwargs: Any) -> Any:
    zones = [{"id": "yard", "rect": [0, 0, 6, 4]},
             {"id": "roof", "rect": [0, 0, 6, 4], "floor": 1}]
    who = kwargs.pop("who", [actor("ada", "yard", [1, 2])])
    return session(who, zones=zones, openings=[],
                   climbs=[{"between": ["yard", "roof"], "at": [3, 2], "grade": grade}],
                   **kwargs)


def test_a_trivial_climb_needs_no_roll_R004_25_A004_11() -> None:
    """R004-25, A004-11: a ladder: no roll; one floor up costs 1 zone of movement."""
    s = _wall("trivial")
    events = move(s, "ada", "roof", [5, 2])
    assert types(events) == ["moved"]
    assert of_type(events, "moved")[0].zones == 1
    assert s.state.actors["ada"].at == "roof"
    assert s.to_json()["actors"]["ada"]["floor"] == 1


def test_a_challenging_climb_rolls_at_the_top_R004_24() -> None:
    """R004-24: a challenging surface needs an AGI roll on reaching the top."""
    s = _wall("challenging")
    events = move(s, "ada", "roof", [5, 2], roll=[4])
    assert types(events) == ["rolled", "moved"]
    assert {"R004-24", "A004-11"} <= set(events[0].rules)


def test_a_failed_climb_falls_to_the_foot_R004_24_A004_15() -> None:
    """R004-24, A004-15: failing the roll at the top: back at the foot, a fall of one
    floor (2.5 m by default, `hazards.floor_height_m`)."""
    s = _wall("challenging", options={"hazards": {"floor_height_m": 3}})
    events = move(s, "ada", "roof", [5, 2], roll=[17])
    assert types(events) == ["rolled", "movement_ended", "placed", "fell"]
    ada = s.state.actors["ada"]
    assert (ada.at, ada.point, ada.stopped) == ("yard", (3.0, 2.0), True)
    assert of_type(events, "fell")[0].metres == 3


def test_an_extreme_climb_is_refused_R004_26_A004_10() -> None:
    """R004-26, A004-10: an extremely challenging surface cannot be climbed."""
    s = _wall("extreme")
    refused(s, {"do": "move", "actor": "ada", "to": "roof", "at": [5, 2]}, "unclimbable",
            "R004-26")
    assert "roof" not in {o.to for o in s.options("ada")}


def test_climbing_down_needs_no_roll_unless_the_option_says_A004_11() -> None:
    """A004-11: climbing down a challenging surface: no roll by default; a roll with
    `hazards.roll_climbing_down: true`."""
    s = _wall("challenging", who=[actor("ada", "roof", [5, 2])])
    assert types(move(s, "ada", "yard", [1, 2])) == ["moved"]
    s = _wall("challenging", who=[actor("ada", "roof", [5, 2])],
              options={"hazards": {"roll_climbing_down": True}})
    assert types(move(s, "ada", "yard", [1, 2], roll=[1])) == ["rolled", "moved"]


def _cliff(agi: int, grade: str = "challenging") -> Any:
    """A cliff: its foot (floor 0), a climbing face (floor 1, mid-climb), its top (2)."""
    zones = [{"id": "foot", "rect": [0, 0, 6, 4]},
             {"id": "face", "rect": [0, 0, 6, 4], "floor": 1, "climb": grade,
              "below": "foot"},
             {"id": "top", "rect": [0, 0, 6, 4], "floor": 2}]
    climbs = [{"between": ["foot", "face"], "at": [3, 2]},
              {"between": ["face", "top"], "at": [3, 2]}]
    return session([actor("ada", "foot", [1, 2], AGI=agi)], zones=zones, openings=[],
                   climbs=climbs)


@pytest.mark.parametrize(("agi", "falls"), [(20, False), (0, True)])
def test_mid_climb_rolls_at_the_end_of_the_activation_R004_24_A004_11(
        agi: int, falls: bool) -> None:
    """R004-24, A004-11: ending the activation on a challenging climbing face rolls AGI;
    failing drops the climber to the zone below, one floor."""
    s = _cliff(agi)
    move(s, "ada", "face", [3, 2])
    events = end_turns(s, "ada")
    (rolled,) = of_type(events, "rolled")
    assert {"R004-24", "A004-11"} <= set(rolled.rules)
    if falls:
        assert of_type(events, "fell")[0].metres == 2.5
        assert s.state.actors["ada"].at == "foot"
    else:
        assert of_type(events, "fell") == [] and s.state.actors["ada"].at == "face"


def test_an_extreme_climbing_face_cannot_be_entered_R004_26() -> None:
    """R004-26: a zone that is an extreme climbing face is refused."""
    s = _cliff(10, "extreme")
    refused(s, {"do": "move", "actor": "ada", "to": "face", "at": [3, 2]}, "unclimbable",
            "R004-26")


# -- R004-27..29, A004-12, A004-13: swimming ------------------------------------------------------


def _lake(turbulent: bool = False, current: str | None = None, **kwargs: Any) -> Any:
    water: dict[str, Any] = {"turbulent": turbulent}
    if current is not None:
        water["current"] = current
    zones = [{"id": "bank", "rect": [0, 0, 6, 4]},
             {"id": "lake", "rect": [6, 0, 6, 4], "water": water},
             {"id": "ford", "rect": [12, 0, 6, 4]}]
    openings = [{"between": ["bank", "lake"]}, {"between": ["lake", "ford"]}]
    if current == "weir":  # a current runs into water (R004-28; the s31 review)
        zones.append({"id": "weir", "rect": [6, -4, 6, 4], "water": {}})
        openings.append({"between": ["lake", "weir"]})
    who = kwargs.pop("who", [actor("ada", "lake", [9, 2])])
    return session(who, zones=zones, openings=openings, **kwargs)


def test_calm_water_with_a_light_load_needs_no_roll_R004_27() -> None:
    """R004-27: calm water, light load: in, out and ending there without a roll."""
    s = _lake(who=[actor("ada", "bank", [3, 2])])
    assert types(move(s, "ada", "lake", [9, 2])) == ["moved"]
    assert s.to_json()["actors"]["ada"]["swimming"] is True
    assert "rolled" not in types(end_turns(s, "ada"))
    assert types(move(s, "ada", "ford", [15, 2])) == ["moved"]


def test_turbulent_water_rolls_on_leaving_and_at_the_end_of_the_activation_R004_27() -> None:
    """R004-27: turbulent water: a roll on leaving it, and one at the end of an activation
    spent in it."""
    s = _lake(turbulent=True, who=[actor("ada", "lake", [9, 2], AGI=20)])
    assert types(end_turns(s, "ada"))[1] == "rolled"
    events = move(s, "ada", "ford", [15, 2], roll=[2])
    assert types(events) == ["rolled", "moved"]
    (rolled,) = of_type(events, "rolled")
    assert rolled.check == "AGI 20 (swim)" and "R004-27" in rolled.rules


@pytest.mark.parametrize(("bulk", "limit", "rolls"), [(4, None, False), (5, None, True),
                                                      (3, 8, True), (2, 8, False)])
def test_a_load_over_a_quarter_of_the_carry_limit_needs_a_roll_R004_27_A004_12(
        bulk: int, limit: int | None, rolls: bool) -> None:
    """R004-27, A004-12: more than a quarter of the carry limit (16 by default): 5 of 16
    rolls, exactly 4 does not."""
    stats: dict[str, Any] = {"bulk": bulk}
    if limit is not None:
        stats["carry_limit"] = limit
    s = _lake(who=[actor("ada", "lake", [9, 2], **stats)])
    roll = [1] if rolls else None
    assert ("rolled" in types(move(s, "ada", "ford", [15, 2], roll=roll))) is rolls


def test_the_default_carry_limit_is_an_option_A004_12() -> None:
    """A004-12: `hazards.carry_limit` is the limit of actors that do not give one."""
    s = _lake(who=[actor("ada", "lake", [9, 2], bulk=3)], options={"hazards": {"carry_limit": 8}})
    assert s.state.actors["ada"].carry_limit == 8
    assert types(move(s, "ada", "ford", [15, 2], roll=[1])) == ["rolled", "moved"]


def test_turbulent_water_with_too_much_load_cannot_be_swum_R004_29() -> None:
    """R004-29: turbulent water and too much load together: refused."""
    s = _lake(turbulent=True, who=[actor("ada", "bank", [3, 2], bulk=5)])
    err = refused(s, {"do": "move", "actor": "ada", "to": "lake", "at": [9, 2]}, "cannot_swim",
                  "R004-29", "A004-12")
    assert "5 bulk" in err.detail
    assert "lake" not in {o.to for o in s.options("ada")}


def _drowned(**kwargs: Any) -> Any:
    s = _lake(turbulent=True, current="weir", **kwargs)
    events = move(s, "ada", "ford", [15, 2], roll=[19])
    assert types(events) == ["rolled", "movement_ended", "drowning_began"]
    return s


def test_a_failed_swim_roll_starts_drowning_R004_27_R004_28() -> None:
    """R004-27, R004-28: failing the swim roll: the movement ends and the swimmer drowns."""
    s = _drowned()
    ada = s.state.actors["ada"]
    assert ada.drowning and ada.stopped and ada.at == "lake"


def test_a_drowning_character_cannot_act_R004_28() -> None:
    """R004-28: too worn out to swim: no moves, no actions; only ending the turn."""
    s = _drowned()
    refused(s, {"do": "act", "actor": "ada", "action": "shout"}, "drowning", "R004-28")
    refused(s, {"do": "move", "actor": "ada", "to": "lake", "at": [8, 2]}, "drowning")
    assert [o.command["do"] for o in s.options("ada")] == ["end_turn"]
    assert "rolled" not in types(end_turns(s, "ada"))  # no more swim rolls while drowning


def test_a_drowning_character_suffocates_and_drifts_at_round_end_R004_28_A004_13() -> None:
    """R004-28, A004-13: at the end of each round the drowner suffocates (the hook) and
    drifts 1 zone along the current."""
    s = _drowned()
    events = end_turns(s, "ada")
    assert "suffocating" in types(events)
    (placed,) = of_type(events, "placed")
    assert placed.zone == "weir" and {"R004-28", "A004-13"} <= set(placed.rules)
    assert s.state.actors["ada"].at == "weir" and s.state.actors["ada"].drowning


def test_drifting_is_an_option_A004_13() -> None:
    """A004-13: `hazards.drift_zones: 0`: the drowner stays put."""
    s = _drowned(options={"hazards": {"drift_zones": 0}})
    events = end_turns(s, "ada")
    assert "suffocating" in types(events) and "placed" not in types(events)


def test_a_nearby_ally_rescues_a_drowning_character_R004_28_A004_13() -> None:
    """R004-28, A004-13: only someone else can save a drowner: an ally within reach spends
    the round action to end the drowning; from further away it is refused."""
    s = _drowned(who=[actor("ada", "lake", [9, 2]), actor("bo", "lake", [7, 3.5]),
                      actor("cy", "bank", [1, 2])], options={"hazards": {"drift_zones": 0}})
    end_turns(s, "ada")
    err = refused(s, {"do": "rescue", "actor": "bo", "target": "ada"}, "not_nearby",
                  "A004-13")
    assert "ada" in err.detail
    assert "rescue" not in [o.command["do"] for o in s.options("bo")]
    assert s.state.actors["ada"].point == (12.0, 2.0)
    move(s, "bo", "lake", [10, 2])
    assert [o.command for o in s.options("bo") if o.command["do"] == "rescue"] == [
        {"do": "rescue", "actor": "bo", "target": "ada"}]
    events = s.do({"do": "rescue", "actor": "bo", "target": "ada"})
    assert types(events) == ["acted", "rescued"]
    assert not s.state.actors["ada"].drowning and s.state.actors["bo"].acted
    refused(s, {"do": "rescue", "actor": "bo", "target": "cy"}, "already_acted")


# -- R004-30, R004-31, A004-14: leaping ------------------------------------------------------------


def _chasm(width: float, start: float, **kwargs: Any) -> Any:
    """A gap of ``width`` m from (6, 2) on the west ledge to the east ledge; the leaper
    starts at (start, 2), so the run-up is 6 - start metres."""
    zones = [{"id": "west", "rect": [0, 0, 6, 4]},
             {"id": "east", "rect": [6 + width, 0, 6, 4]},
             {"id": "pit", "rect": [6, 0, width, 4], "floor": -1}]
    gap = {"between": ["west", "east"], "from": [6, 2], "to": [6 + width, 2], "below": "pit"}
    gap.update(kwargs.pop("gap", {}))
    return session([actor("ada", "west", [start, 2])], zones=zones, openings=[], gaps=[gap],
                   **kwargs)


@pytest.mark.parametrize(("width", "start", "rolls"), [
    (1.9, 2, False), (2, 2, True), (3, 2, True), (4, 2, True),  # with a running start
    (0.9, 5, False), (1, 5, True), (2, 5, True),              # standing (1 m run-up)
])
def test_leap_bands_R004_30_R004_31_A004_14(width: float, start: float, rolls: bool) -> None:
    """R004-30, R004-31, A004-14: with a run-up, 2 to 4 m (inclusive) needs a roll and
    less is trivial; standing, the band is 1 to 2 m."""
    s = _chasm(width, start)
    events = move(s, "ada", "east", [10, 2], roll=[1] if rolls else None)
    assert types(events) == (["rolled", "moved"] if rolls else ["moved"])
    if rolls:
        assert {"R004-30", "A004-14"} <= set(events[0].rules)
        assert of_type(events, "rolled")[0].check == "AGI 10 (leap)"


@pytest.mark.parametrize(("width", "start"), [(4.5, 2), (2.5, 5), (2.5, 4.1)])
def test_too_long_a_leap_is_refused_R004_31_A004_14(width: float, start: float) -> None:
    """R004-31, A004-14: over 4 m (over 2 m standing; a run-up under 2 m is standing)."""
    s = _chasm(width, start)
    err = refused(s, {"do": "move", "actor": "ada", "to": "east", "at": [11, 2]},
                  "too_far_to_leap", "R004-30", "R004-31", "A004-14")
    assert f"{width:g} m" in err.detail
    assert "east" not in {o.to for o in s.options("ada")}


def test_the_run_up_length_is_an_option_A004_14() -> None:
    """A004-14: `leap.run_up_m: 1` makes 1 m of straight run a running start."""
    s = _chasm(3, 5, options={"leap": {"run_up_m": 1}})
    assert types(move(s, "ada", "east", [11, 2], roll=[1])) == ["rolled", "moved"]


def test_a_failed_leap_falls_into_the_gap_R004_30_A004_15() -> None:
    """R004-30, A004-15: failing the roll: the leaper falls into the zone below the gap
    (one floor, or the gap's `depth_m`)."""
    s = _chasm(3, 2)
    events = move(s, "ada", "east", [10, 2], roll=[18])
    assert types(events) == ["rolled", "movement_ended", "placed", "fell"]
    ada = s.state.actors["ada"]
    assert ada.at == "pit" and ada.stopped
    assert of_type(events, "fell")[0].metres == 2.5
    s = _chasm(3, 2, gap={"depth_m": 6})
    events = move(s, "ada", "east", [10, 2], roll=[18])
    assert of_type(events, "fell")[0].metres == 6
