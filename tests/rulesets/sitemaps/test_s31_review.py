"""The s31 cause-by-condition review of `sitemaps`, worked by hand from the text before
footwork was run (README, "The s31 review"): where a step takes a character out of the
water, the ruling follows what moved it, not a flag it carries."""

from __future__ import annotations

from typing import Any

import pytest

from footwork.errors import ScenarioError

from ._helpers import actor, move, session, types

#: a turbulent river between a bank (north) and more turbulent water (east)
RIVER: list[dict[str, Any]] = [
    {"id": "river", "rect": [0, 0, 6, 6], "water": {"turbulent": True}},
    {"id": "bank", "rect": [0, 6, 6, 6]},
    {"id": "far", "rect": [6, 0, 6, 6], "water": {"turbulent": True}}]
RIVER_OPENINGS: list[dict[str, Any]] = [{"between": ["river", "bank"]},
                                        {"between": ["river", "far"]}]


def test_a_current_onto_dry_ground_is_refused_with_the_map_R004_28_A004_13() -> None:
    """R004-28: a drowning body is carried by the current, which runs through water. A
    current drawn from the river onto the dry bank used to carry ada ashore, where she went
    on drowning (suffocating every round, unable to act) with no water around her. The map
    is refused in one line naming the zone and what was expected; a current into water
    loads."""
    zones = [{**RIVER[0], "water": {"turbulent": True, "current": "bank"}}, *RIVER[1:]]
    with pytest.raises(ScenarioError) as info:
        session([actor("ada", "river", [3, 3])], zones=zones, openings=RIVER_OPENINGS)
    assert "'river'" in str(info.value) and "not water" in str(info.value)
    assert "\n" not in str(info.value)
    zones[0] = {**RIVER[0], "water": {"turbulent": True, "current": "far"}}
    session([actor("ada", "river", [3, 3])], zones=zones, openings=RIVER_OPENINGS)


def test_a_swimmer_placed_ashore_by_a_pinner_owes_no_swim_roll_R004_21_R004_27() -> None:
    """Checked, no change. R004-21: the pinner puts the stopped mover anywhere within
    Nearby; R004-27's roll is the swimmer's own, on leaving the water and at the end of
    its activation. ada, swimming east past vex on the bank, fails to break his pin (a
    d20 of 20 against AGI 10) and he sets her on the bank: she swam out of nothing, so no
    roll on leaving, and she ends her activation ashore with no roll either."""
    s = session([actor("ada", "river", [1, 5], AGI=10), actor("vex", "bank", [2, 7], side="x")],
                zones=RIVER, openings=RIVER_OPENINGS, order=["ada", "vex"])
    move(s, "ada", "far", [9, 5])
    s.do({"answer": "pin", "actor": "vex"})
    s.do({"answer": "STR", "roll": [20]})
    placed = s.do({"answer": "place", "actor": "vex", "at": [4, 7]})
    assert "rolled" not in types(placed) and s.state.actors["ada"].at == "bank"
    assert "rolled" not in types(s.do({"do": "end_turn", "actor": "ada"}))
    assert not s.state.actors["ada"].drowning
