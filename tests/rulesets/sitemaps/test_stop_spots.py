"""Where a movement that ends early comes to rest (found by the random play): never on
another character's circle, never in a full zone (R004-07, R004-08, R004-21, R004-22,
R004-24; A004-05, A004-06)."""

from __future__ import annotations

import math

from ._helpers import actor, move, of_type, session, types


def test_a_failed_balance_roll_does_not_stop_on_someone_R004_22_A004_06() -> None:
    """R004-22, A004-06: found: the mover failed on stepping off the rough strip at (10, 2)
    and stayed there, 1.5 m from Bo; now it stops on the nearest free spot."""
    s = session([actor("ada", "r0", [1, 2]), actor("bo", "r1", [11.5, 2])],
                rough=[{"rect": [7, 0, 3, 4], "qualities": ["narrow"]}])
    events = move(s, "ada", "r2", [15, 2], rush=True, roll=[20])
    assert "movement_ended" in types(events)
    ada, bo = s.state.actors["ada"], s.state.actors["bo"]
    assert math.dist(ada.point, bo.point) >= 2 - 1e-9
    assert ada.at == "r1" and math.dist(ada.point, (10, 2)) < 0.6


def test_a_fall_from_a_climb_does_not_land_on_someone_R004_24_A004_06() -> None:
    """R004-24, A004-06: found: a failed climb put the climber back on the foot of the
    ladder, where Bo stood within 1 m."""
    zones = [{"id": "yard", "rect": [0, 0, 6, 4]},
             {"id": "roof", "rect": [0, 0, 6, 4], "floor": 1}]
    s = session([actor("ada", "yard", [1, 2]), actor("bo", "yard", [4, 2])], zones=zones,
                openings=[], climbs=[{"between": ["yard", "roof"], "at": [3, 2],
                                      "grade": "challenging"}])
    events = move(s, "ada", "roof", [5, 2], roll=[20])
    (placed,) = of_type(events, "placed")
    assert placed.zone == "yard" and math.dist(placed.point, (4, 2)) >= 2 - 1e-9


def test_a_pin_stops_the_mover_exactly_at_reach_R004_21_A004_05() -> None:
    """R004-21, A004-05: found: the pin point was computed on a polygonal circle, 1 cm
    inside the pinner's footprint; now it is exactly where the way meets the 2 m circle."""
    s = session([actor("ada", "r0", [2, 2]), actor("bruno", "r1", [9, 1], side="house")])
    move(s, "ada", "r1", [11, 2])
    s.do({"answer": "pin"})
    events = s.do({"answer": "AGI", "roll": [20]})
    (ended,) = of_type(events, "movement_ended")
    assert abs(math.dist(ended.point, (9, 1)) - 2) < 1e-9
    assert ended.point[1] == 2.0


def test_a_failed_swim_out_of_a_full_zone_stays_in_the_water_R004_08_A004_06() -> None:
    """R004-08, A004-06: failing the roll when leaving the water never leaves the swimmer
    in a zone that is full."""
    zones = [{"id": "lake", "rect": [0, 0, 6, 4], "water": {"turbulent": True}},
             {"id": "jetty", "rect": [6, 0, 2, 4], "capacity": 1},
             {"id": "shore", "rect": [8, 0, 6, 4]}]
    s = session([actor("ada", "lake", [2, 2]), actor("bo", "jetty", [7, 3.5])], zones=zones,
                openings=[{"between": ["lake", "jetty"]}, {"between": ["jetty", "shore"]}])
    move(s, "ada", "shore", [11, 2], rush=True, roll=[20])
    assert s.state.actors["ada"].at == "lake" and s.state.actors["ada"].drowning
