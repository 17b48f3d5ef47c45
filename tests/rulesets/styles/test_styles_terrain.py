"""Where each style goes on the grid and what a step costs: Walk, Jump, Climb, Swim
(R001-26, R001-27, R001-32..36), distance on the grid (A001-17, A001-18) and the grid
options (vertical step, walk step)."""

from __future__ import annotations

import json
import math
from typing import Any

import pytest

from footwork.scenario import encounter_from_text

from ._helpers import (
    actor,
    cited,
    encounter_data,
    end_turns,
    move,
    move_cmd,
    of_type,
    refused,
    seg,
    session,
    types,
    who,
)

#: ``^`` a ledge 2u up, ``_`` a void, ``~`` water 2u deep, ``#`` a wall 4u high
LEGEND: dict[str, Any] = {
    ".": {"surface": "floor"},
    "^": {"surface": "floor", "elevation": 2},
    "s": {"surface": "floor", "elevation": 0.5},
    "t": {"surface": "floor", "elevation": 1},
    "_": {"surface": "void"},
    "~": {"surface": "water", "water_depth": 2},
    "#": {"surface": "wall", "elevation": 4},
    "c": {"surface": "floor", "ceiling_height": 3},
}
LEDGE = ["...^^", "...^^", "...^^"]
GAP = ["..__..", "......"]
POOL = ["..~~^^", "..~~^^", "..~~^^"]

CLIMBER = ["Walk", "Climb", "Jump"]


def test_R001_26_walk_goes_over_level_floors_and_small_steps() -> None:
    """R001-26: Walk moves over roughly horizontal solid ground: a 0.5u step is taken in
    the stride, a 2u ledge is not walkable, and a wall is not ground."""
    s = session([actor("ada", "1,0")], rows=["..s.^", "..s.#", "....."], legend=LEGEND)
    events = move(s, "ada", seg("walk", 1, 2))
    assert who(s, "ada")["z"] == 0.5 and "R001-26" in cited(events)
    refused(s, move_cmd("ada", seg("walk", 0, 4)), "no_way", "R001-26")
    refused(s, move_cmd("ada", seg("walk", 1, 4)), "no_way", "R001-26", "R001-34")
    assert who(s, "ada")["at"] == "1,2"


def test_R001_26_stepping_off_an_edge_is_a_fall_that_ends_the_move() -> None:
    """R001-26: with no surface beneath, a walker starts to Fall (at once, A001-14)."""
    s = session([actor("ada", "1,3", styles=CLIMBER)], rows=LEDGE, legend=LEGEND)
    events = move(s, "ada", seg("walk", 1, 2))
    assert types(events) == ["moved", "fell"]
    fell = of_type(events, "fell")[0]
    assert (fell.row, fell.col, fell.z, fell.distance, fell.into) == (1, 2, 0.0, 2.0, "floor")
    assert {"R001-26", "A001-14"} <= cited(events)
    assert who(s, "ada")["z"] == 0 and who(s, "ada")["mode"] == "ground"


def test_R001_26_walking_into_a_void_is_a_fall_not_a_refusal() -> None:
    """R001-26, A001-14 (issue 10 item 6): with no surface under the next cell the walker
    falls (into a void: lost), by plan and by ``to`` alike; it is not refused."""
    for command in (move_cmd("ada", seg("walk", 0, 2)),
                    {"do": "move", "actor": "ada", "to": [0, 2]}):
        s = session([actor("ada", "0,1"), actor("bo", "1,0")], rows=GAP, legend=LEGEND)
        before = s.state
        events = s.do(command)
        fell = of_type(events, "fell")
        assert len(fell) == 1 and fell[0].into == "void" and "R001-26" in fell[0].rules
        # A001-14: lost on her turn, it passes on (its end refreshes what she spent)
        passed = [e.type for e in events].index("turn_passed")
        moved = s.engine.replay(before, events[:passed]).actors["ada"]
        assert moved.lost is True and moved.spent == {"walk": 1}
        assert who(s, "ada")["lost"] is True and s.state.current == "bo"


def test_R001_03_a_plan_is_carried_out_up_to_the_fall() -> None:
    """R001-02, R001-03, R001-26, A001-14 (issue 10 item 8): a plan that steps off the
    ledge and goes on is carried out up to the fall; the fall ends the Move (the falling
    walker moves itself no further); only what was used is spent."""
    s = session([actor("ada", "1,3", styles=CLIMBER)], rows=LEDGE, legend=LEGEND)
    events = move(s, "ada", seg("walk", 1, 2), seg("walk", 1, 1))
    assert types(events) == ["moved", "fell"]
    assert who(s, "ada")["at"] == "1,2" and who(s, "ada")["spent"] == {"walk": 1}
    s = session([actor("ada", "1,4", styles=CLIMBER)], rows=LEDGE, legend=LEGEND)
    events = move(s, "ada", seg("walk", 1, 3), seg("walk", 1, 2), seg("walk", 1, 1))
    assert [e.type for e in events] == ["moved", "moved", "fell"]
    assert who(s, "ada")["at"] == "1,2" and who(s, "ada")["z"] == 0


def test_R001_02_a_plan_too_dear_up_to_its_fall_is_still_refused() -> None:
    """R001-02, R001-13: carrying a plan out up to its fall never spends Movement that is
    not there: a part too dear for the pool is refused whole."""
    s = session([actor("ada", "1,7", styles=["Half Walk", "Climb"])], rows=["....^^^^"] * 3,
                legend=LEGEND)
    refused(s, move_cmd("ada", seg("walk", 1, 3), seg("walk", 1, 2)), "over_cap",
            "R001-11")


def test_R001_27_walk_is_active_whenever_no_other_style_is() -> None:
    """R001-27: Walk is the default: at the start on a floor, and again once a swimmer or
    a climber is back on solid ground."""
    s = session([actor("ada", "1,1", styles=["Walk", "Swim"])], rows=POOL, legend=LEGEND)
    assert who(s, "ada")["style"] == "walk"
    move(s, "ada", seg("swim", 1, 2))
    assert who(s, "ada")["style"] == "swim"
    move(s, "ada", seg("walk", 1, 1))
    assert who(s, "ada")["style"] == "walk" and who(s, "ada")["mode"] == "ground"
    c = session([actor("cy", "1,2", styles=CLIMBER)], rows=LEDGE, legend=LEGEND)
    move(c, "cy", seg("climb", 1, 3))  # up the face and over the edge
    assert who(c, "cy")["style"] == "walk" and who(c, "cy")["z"] == 2


def test_R001_32_a_jump_clears_a_gap_and_lands_on_solid_ground() -> None:
    """R001-32: a jump launches from solid ground and lands on it: across a 2-cell void
    it costs its 3u of flight and nothing falls."""
    s = session([actor("ada", "0,1", styles=["Walk", "Jump"])], rows=GAP, legend=LEGEND)
    events = move(s, "ada", seg("jump", 0, 4))
    assert types(events) == ["moved"]
    assert of_type(events, "moved")[0].cost == 3.0 and "R001-32" in cited(events)
    assert who(s, "ada")["at"] == "0,4" and who(s, "ada")["mode"] == "ground"


def test_R001_32_a_jump_that_does_not_land_on_a_surface_falls() -> None:
    """R001-32: a jump that ends over nothing falls; into a void the jumper is lost.
    Landing far below the launch, on solid ground, is a landing (A001-18): see
    test_hop_rules.py."""
    s = session([actor("ada", "0,1", styles=["Walk", "Jump"]), actor("bob", "1,4")],
                rows=GAP, legend=LEGEND)
    events = move(s, "ada", seg("jump", 0, 2))
    fell = of_type(events, "fell")
    assert len(fell) == 1 and fell[0].into == "void" and "R001-32" in cited(fell)
    assert who(s, "ada")["lost"] is True


def test_R001_32_a_jump_launches_from_ground_not_from_water() -> None:
    """R001-32: a swimmer has no solid surface to launch from."""
    s = session([actor("ada", "1,2", styles=["Walk", "Jump", "Swim"])], rows=POOL,
                legend=LEGEND)
    assert who(s, "ada")["mode"] == "water"
    refused(s, move_cmd("ada", seg("jump", 1, 0)), "no_launch", "R001-32")


def test_R001_33_one_jump_allowance_is_split_into_several_hops() -> None:
    """R001-33: a Jump allowance may be spent as several smaller jumps, each its own
    segment; waypoints of one segment are flown over, not landed on."""
    s = session([actor("ada", "0,0", styles=["Walk", "Jump"])], rows=["......"] * 2,
                legend=LEGEND)
    events = move(s, "ada", seg("jump", 0, 1), seg("jump", 0, 2), seg("jump", 0, 3))
    hops = of_type(events, "moved")
    assert [(h.style, h.cost, h.col) for h in hops] == [
        ("jump", 1.0, 1), ("jump", 1.0, 2), ("jump", 1.0, 3)]
    assert "R001-33" in cited(events) and who(s, "ada")["left"]["jump"] == 1
    g = session([actor("ada", "0,1", styles=["Walk", "Jump"])], rows=GAP, legend=LEGEND)
    # a hop over the void as a waypoint is fine
    move(g, "ada", seg("jump", 0, 4, via=[[0, 2], [0, 3]]))
    assert who(g, "ada")["at"] == "0,4"
    # R001-32, R001-03: a hop that ends over the void falls there, and the plan stops
    g = session([actor("ada", "0,1", styles=["Walk", "Jump"])], rows=GAP, legend=LEGEND)
    events = move(g, "ada", seg("jump", 0, 2), seg("jump", 0, 4))
    assert of_type(events, "fell")[0].into == "void" and who(g, "ada")["lost"] is True


def test_R001_34_climb_goes_up_walls_over_edges_and_along_ceilings() -> None:
    """R001-34: Climb moves along walls and ceilings: up a wall to a ceiling 3u up, along
    the ceiling, and up a ledge's face and over its edge."""
    rows = ["#ccc.", "#ccc.", "#ccc."]
    s = session([actor("ada", "1,1", styles=["Walk", "Double Climb"])], rows=rows,
                legend=LEGEND)
    events = move(s, "ada", seg("climb", 1, 1, 3), seg("climb", 1, 3, 3))
    assert [e.cost for e in of_type(events, "moved")] == [3.0, 2.0]
    assert "R001-34" in cited(events)
    assert who(s, "ada")["mode"] == "wall" and who(s, "ada")["style"] == "climb"
    assert (who(s, "ada")["at"], who(s, "ada")["z"]) == ("1,3", 3)
    c = session([actor("cy", "1,2", styles=CLIMBER)], rows=LEDGE, legend=LEGEND)
    refused(c, move_cmd("cy", seg("walk", 1, 3)), "no_way", "R001-26")
    events = move(c, "cy", seg("climb", 1, 3))
    # 1.5u up the face, 1u over the edge, the last 0.5u taken in the stride
    assert of_type(events, "moved")[0].cost == 2.5
    assert who(c, "cy")["at"] == "1,3" and who(c, "cy")["z"] == 2


def test_R001_34_a_climber_can_climb_down_the_face_it_climbed_up() -> None:
    """R001-34: Climb moves along walls in any direction: the 2u face a climber went up
    for 2.5u it can climb down again, without falling."""
    s = session([actor("cy", "1,3", styles=CLIMBER)], rows=LEDGE, legend=LEGEND)
    events = move(s, "cy", seg("climb", 1, 2, 0))
    assert of_type(events, "fell") == []
    assert (who(s, "cy")["at"], who(s, "cy")["z"], who(s, "cy")["mode"]) == ("1,2", 0, "ground")
    assert 2.5 - 1e-6 <= who(s, "cy")["spent"]["climb"] <= 3.0 + 1e-6


def test_R001_17_fly_goes_through_open_air_and_levitate_only_up_and_down() -> None:
    """R001-17: the Uncommon styles, as this engine defines them: Fly moves in any
    direction through the air and lands; Levitate goes straight up and down only."""
    s = session([actor("lev", "1,1", styles=["Walk", "Levitate"]),
                 actor("fly", "1,2", styles=["Walk", "Fly"])])
    events = move(s, "lev", seg("levitate", 1, 1, 2))
    assert "R001-17" in cited(events)
    assert (who(s, "lev")["mode"], who(s, "lev")["style"], who(s, "lev")["z"]) == (
        "levitate", "levitate", 2)
    refused(s, move_cmd("lev", seg("levitate", 1, 2, 2)), "no_way", "R001-17")
    move(s, "lev", seg("levitate", 1, 1, 0))
    assert who(s, "lev")["mode"] == "ground"
    end_turns(s, "lev")
    events = move(s, "fly", seg("fly", 1, 2, 1), seg("fly", 1, 5, 1))
    assert [e.cost for e in of_type(events, "moved")] == [1.0, 3.0]
    assert (who(s, "fly")["at"], who(s, "fly")["mode"]) == ("1,5", "fly")


def test_R001_35_swim_goes_through_water_in_any_direction() -> None:
    """R001-35, A001-17: a swimmer moves through water horizontally, down and up, and
    slanting (one stroke across and 2u down costs its straight line, sqrt 5); dry ground
    is not water."""
    s = session([actor("ada", "1,1", styles=["Walk", "Double Swim"])], rows=POOL,
                legend=LEGEND)
    events = move(s, "ada", seg("swim", 1, 2), seg("swim", 1, 3, -2), seg("swim", 0, 3, -2),
                  seg("swim", 0, 3, 0))
    costs = [e.cost for e in of_type(events, "moved")]
    assert costs == pytest.approx([1.0, math.sqrt(5.0), 1.0, 2.0], abs=1e-9)
    assert {e.z for e in of_type(events, "moved")} == {0.0, -2.0}
    assert "R001-35" in cited(events)
    refused(s, move_cmd("ada", seg("swim", 0, 4)), "not_water", "R001-35")


def test_R001_35_a_swimmer_that_stops_holds_its_place_in_still_water() -> None:
    """R001-35: halting keeps a swimmer where it is when there is no current."""
    s = session([actor("ada", "1,2", z=-1, styles=["Walk", "Swim"]), actor("bob", "0,0")],
                rows=POOL, legend=LEGEND)
    events = end_turns(s, "ada", "bob")
    assert of_type(events, "drifted") == []
    assert (who(s, "ada")["at"], who(s, "ada")["z"]) == ("1,2", -1)


def test_R001_36_swim_is_the_active_style_in_water() -> None:
    """R001-36: in water Swim is the default active style, even for a sheet without it."""
    s = session([actor("ada", "1,2", styles=["Walk"]), actor("bob", "1,0")], rows=POOL,
                legend=LEGEND)
    assert who(s, "ada")["mode"] == "water" and who(s, "ada")["style"] == "swim"
    assert who(s, "bob")["style"] == "walk"


@pytest.mark.parametrize(("diagonal", "one", "two"), [
    ("euclidean", math.sqrt(2), 2 * math.sqrt(2)),
    ("one", 1.0, 2.0),
    ("alternate", 1.0, 3.0),
])
def test_A001_17_a_diagonal_step_costs_by_the_diagonal_option(
        diagonal: str, one: float, two: float) -> None:
    """A001-17: path length is the sum of the steps: a diagonal costs sqrt 2 (the
    default, Euclidean), 1 (`one`), or 1, 2, 1... in turn (`alternate`), and the count
    runs on across the segments of a plan."""
    opts = {"move": {"diagonal": diagonal}}
    s = session([actor("ada", "0,0", styles=["Double Walk"])], options=opts)
    events = move(s, "ada", seg("walk", 1, 1))
    assert of_type(events, "moved")[0].cost == pytest.approx(one)
    s = session([actor("ada", "0,0", styles=["Double Walk"])], options=opts)
    events = move(s, "ada", seg("walk", 1, 1), seg("walk", 2, 2))
    assert sum(e.cost for e in of_type(events, "moved")) == pytest.approx(two)
    s = session([actor("ada", "0,0", styles=["Double Walk"])], options=opts)
    move(s, "ada", seg("walk", 2, 2))
    assert who(s, "ada")["pool_spent"] == pytest.approx(two, abs=1e-6)


def test_A001_17_orthogonal_steps_cost_the_cell_size() -> None:
    """A001-17: u is an abstract unit; a step costs the cell's side (0.5u cells here)."""
    s = session([actor("ada", "0,0")], rows=["........"], cell_size=0.5)
    events = move(s, "ada", seg("walk", 0, 6))
    assert of_type(events, "moved")[0].cost == 3.0


def test_A001_17_alternate_diagonals_count_across_moves_of_a_turn() -> None:
    """A001-17, R001-04: the same path costs the same whether walked in one Move or in
    several within the turn: two diagonals cost 1 + 2 = 3u either way."""
    opts = {"move": {"diagonal": "alternate"}}
    s = session([actor("ada", "0,0", styles=["Double Walk"])], options=opts)
    move(s, "ada", seg("walk", 1, 1))
    move(s, "ada", seg("walk", 2, 2))
    assert who(s, "ada")["pool_spent"] == 3


def test_A001_18_a_hop_costs_its_straight_line() -> None:
    """A001-18: Jump distance is the straight-line displacement of each hop: a level hop
    over two cells costs 2u, a diagonal hop sqrt 2."""
    s = session([actor("ada", "0,0", styles=["Walk", "Jump"])], rows=["......"] * 3,
                legend=LEGEND)
    assert of_type(move(s, "ada", seg("jump", 0, 2)), "moved")[0].cost == 2.0
    assert of_type(move(s, "ada", seg("jump", 1, 3)), "moved")[0].cost == pytest.approx(
        math.sqrt(2))


def test_A001_18_a_rising_hop_costs_its_straight_line_from_take_off() -> None:
    """A001-18, A001-17: a hop costs its straight-line displacement in three dimensions,
    rising as well as dropping: 3 cells onto a 2u ledge cost hypot(3, 2) = sqrt 13, not a
    level flight and then the slope of the last cell (2 + hypot(1, 2)); the hop back down
    costs the same."""
    s = session([actor("ada", "1,1", styles=["Walk", "Double Jump"])],
                rows=[".....", "....^", "....."], legend=LEGEND)
    cost = of_type(move(s, "ada", seg("jump", 1, 4)), "moved")[0].cost
    assert cost == pytest.approx(math.hypot(3, 2))
    back = of_type(move(s, "ada", seg("jump", 1, 1)), "moved")[0].cost
    assert back == pytest.approx(math.hypot(3, 2))


def test_walk_step_u_option_sets_the_rise_a_walker_takes_in_its_stride() -> None:
    """R001-26 (`move.walk_step_u`): by default a 1u rise stops a walker; with 1u as the
    stride it walks up, and with 0 even a 0.5u step is a wall to it."""
    rows = [".ts"]
    s = session([actor("ada", "0,0")], rows=rows, legend=LEGEND)
    refused(s, move_cmd("ada", seg("walk", 0, 1)), "no_way", "R001-26")
    s = session([actor("ada", "0,0")], rows=rows, legend=LEGEND,
                options={"move": {"walk_step_u": 1.0}})
    move(s, "ada", seg("walk", 0, 1))
    assert who(s, "ada")["z"] == 1
    s = session([actor("ada", "0,0")], rows=["s."], legend=LEGEND,
                options={"move": {"walk_step_u": 0}})
    events = move(s, "ada", seg("walk", 0, 1))  # 0.5u down is now a drop: a fall
    assert types(events) == ["moved", "fell"]


def test_vertical_step_u_option_sets_the_height_grain() -> None:
    """A001-17 (`move.vertical_step_u`): heights are whole vertical steps; at 1u a swimmer
    is offered depths 1u apart, and a 0.5u floor is linted as rounded."""
    def depths(options: dict[str, Any] | None) -> set[float]:
        s = session([actor("ada", "0,0", styles=["Double Swim"])], rows=["~~"],
                    legend=LEGEND, options=options)
        return {o.command["to"][2] for o in s.options("ada") if o.command.get("do") == "move"}

    assert depths(None) == {0, -0.5, -1, -1.5, -2}
    assert depths({"move": {"vertical_step_u": 1.0}}) == {0, -1, -2}
    data = encounter_data([actor("ada", "0,0")], rows=[".s"], legend=LEGEND,
                          options={"move": {"vertical_step_u": 1.0}})
    warnings = encounter_from_text(json.dumps(data), "grain.json").warnings
    assert len(warnings) == 1 and "row 0, col 1" in warnings[0] and "A001-17" in warnings[0]
    plain = encounter_data([actor("ada", "0,0")], rows=[".s"], legend=LEGEND)
    assert encounter_from_text(json.dumps(plain), "grain.json").warnings == ()
