"""The movement pipeline (issue 16): every cause of movement through one set of stages,
and the rulings of issue 10 items 17-20 that it fixed."""

from __future__ import annotations

from footwork.engine.movement import Path, Step
from footwork.rulesets.sitemaps.pipeline import PIPELINE, entry, plan_move

from ._helpers import actor, of_type, refused, session

LAKE = [{"id": "bank", "rect": [0, 0, 6, 8]},
        {"id": "lake-w", "rect": [6, 0, 8, 8], "water": {}},
        {"id": "lake-e", "rect": [14, 0, 8, 8], "water": {}},
        {"id": "far", "rect": [22, 0, 6, 8]}]
LAKE_OPENINGS = [{"between": ["bank", "lake-w"]}, {"between": ["lake-w", "lake-e"]},
                 {"between": ["lake-e", "far"]}]


def test_swim_roll_only_on_leaving_the_water_R004_27() -> None:
    """R004-27, R004-03: a loaded swimmer owes no roll between two zones of one lake,
    and one on leaving it."""
    s = session([actor("oda", "lake-w", (10, 4), bulk=5, fast=True)],
                zones=LAKE, openings=LAKE_OPENINGS)
    state = s.state
    between = plan_move(state, state.actors["oda"], "lake-e", (18, 4), None)
    assert [h.kind for h in between.hazards] == []
    out = plan_move(state, state.actors["oda"], "far", (25, 4), None)
    assert [(h.kind, h.rules) for h in out.hazards] == [("swim", ("R004-27", "A004-12"))]


def test_one_climb_roll_at_the_top_R004_24() -> None:
    """R004-24, A004-11: a face then a challenging climb to the top: one roll."""
    zones = [{"id": "beach", "rect": [0, 0, 8, 6]},
             {"id": "face", "floor": 1, "rect": [0, 0, 8, 6], "climb": "challenging",
              "below": "beach"},
             {"id": "ledge", "floor": 2, "rect": [0, 0, 8, 6]}]
    climbs = [{"between": ["beach", "face"], "at": [2, 2], "grade": "challenging"},
              {"between": ["face", "ledge"], "at": [4, 3], "grade": "challenging"}]
    s = session([actor("b", "face", (4, 3))], zones=zones, openings=[], climbs=climbs)
    plan = plan_move(s.state, s.state.actors["b"], "ledge", (5, 3), None)
    assert [h.kind for h in plan.hazards] == ["climb_top"]


def test_running_start_carried_into_the_rush_A004_14() -> None:
    """A004-14, A004-18: the move step's straight run counts for the rush's leap; a
    move that turns away does not."""
    zones = [{"id": "roof", "rect": [0, 0, 6, 6]}, {"id": "ledge", "rect": [6, 0, 4, 6]},
             {"id": "far", "rect": [13, 0, 6, 6]}]
    gaps = [{"between": ["ledge", "far"], "from": [10, 3], "to": [13, 3]}]
    openings = [{"between": ["roof", "ledge"]}]
    s = session([actor("t", "roof", (2, 3), AGI=12)], zones=zones, openings=openings, gaps=gaps)
    s.do({"do": "move", "actor": "t", "to": "ledge", "at": [10, 3]})
    assert s.state.actors["t"].run == (1.0, 0.0, 8.0)
    s.do({"do": "rush", "actor": "t", "to": "far", "at": [15, 3], "roll": [8]})
    assert s.state.actors["t"].at == "far"
    bent = session([actor("t", "roof", (4, 0.5), AGI=12)], zones=zones, openings=openings,
                   gaps=gaps)
    bent.do({"do": "move", "actor": "t", "to": "ledge", "at": [10, 3]})  # runs diagonally
    assert refused(bent, {"do": "rush", "actor": "t", "to": "far", "at": [15, 3]},
                   "too_far_to_leap")


def test_a_drift_lands_in_a_full_zone_R004_28() -> None:
    """R004-28, A004-13, R004-08: a carried body is not stopping by choice."""
    zones = [{"id": "ford", "rect": [0, 0, 6, 6], "water": {"current": "pool"}},
             {"id": "pool", "rect": [6, 0, 4, 6], "water": {}, "capacity": 1}]
    s = session([actor("p", "ford", (3, 3)), actor("o", "pool", (9, 1))],
                zones=zones, openings=[{"between": ["ford", "pool"]}])
    assert entry(s.state, "p", "pool", (8, 4.5), "move") is not None
    assert entry(s.state, "p", "pool", (8, 4.5), "drift") is None
    assert entry(s.state, "p", "pool", (8, 4.5), "fall") is None
    assert entry(s.state, "p", "pool", (9, 1.5), "drift") is not None  # circles overlap


def test_a_forced_step_stops_where_a_chosen_one_is_refused_R004_26() -> None:
    """R004-26, issue 16: the same entry ruling, shown as a refusal or a stop."""
    zones = [{"id": "foot", "rect": [0, 0, 6, 6]},
             {"id": "wall", "floor": 1, "rect": [0, 0, 6, 6], "climb": "extreme"}]
    s = session([actor("x", "foot", (3, 3))], zones=zones, openings=[])
    step: Step[str] = Step("foot", "wall", "place", point=(3.0, 3.0))
    chosen = PIPELINE.rule_step(s.state, Path("x", "pin", (step,)), step, None)  # type: ignore[arg-type]
    assert getattr(chosen, "reason", None) == "unclimbable"
    assert "R004-26" in getattr(chosen, "rules", ())
    carried = PIPELINE.rule_step(s.state, Path("x", "drift", (step,), True), step, None)  # type: ignore[arg-type]
    assert not isinstance(carried, Exception) and carried.stop is None
    assert of_type([], "placed") == []
