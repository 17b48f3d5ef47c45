"""Issue 23: where a step changes place or mode, the ruling reads the actual step (its
own level, both its ends, the roll it owes), never one side of it or a blanket flag."""

from __future__ import annotations

from ._helpers import actor, move, of_type, session


def _catwalk_over(water: dict[str, object]) -> object:
    zones = [{"id": "catwalk", "floor": 1, "rect": [4, 1, 6, 2], "below": "race"},
             {"id": "dock", "floor": 1, "rect": [10, 0, 4, 4]},
             {"id": "race", "rect": [4, 0, 6, 4], "water": water}]
    rough = [{"floor": 1, "rect": [4, 1, 6, 2], "qualities": ["narrow"], "below": "race"}]
    return session([actor("ada", "catwalk", [6, 2], AGI=10)], zones=zones,
                   openings=[{"between": ["catwalk", "dock"]}], rough=rough)


def test_a_fall_into_turbulent_water_still_owes_the_swim_roll_R004_27_A004_09() -> None:
    """R004-27, R004-28, A004-09: a fall makes the balance roll moot, not the swim: a
    character that fell into turbulent water rolls at the end of its activation and
    drowns on a failure."""
    s = _catwalk_over({"turbulent": True})
    move(s, "ada", "dock", [12, 2], roll=[15])  # slips stepping off: falls into the race
    assert s.state.actors["ada"].at == "race" and s.state.actors["ada"].fell
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [14]})
    (rolled,) = of_type(ended, "rolled")
    assert "swim" in rolled.check and "R004-27" in rolled.rules
    assert of_type(ended, "drowning_began") and s.state.actors["ada"].drowning


def test_a_fall_into_calm_water_owes_nothing_R004_27() -> None:
    """R004-27, A004-12: calm water and a light load: no roll after the fall either."""
    s = _catwalk_over({})
    move(s, "ada", "dock", [12, 2], roll=[15])
    assert not of_type(s.do({"do": "end_turn", "actor": "ada"}), "rolled")


def _deck(capacity: int) -> object:
    zones = [{"id": "forecastle", "rect": [-6, 0, 6, 6]},
             {"id": "lower", "rect": [0, 0, 8, 6], "capacity": capacity},
             {"id": "upper", "floor": 1, "rect": [0, 0, 8, 6]}]
    return session([actor("brin", "forecastle", [-3, 3], AGI=10, fast=True),
                    actor("cole", "lower", [6, 3])], zones=zones,
                   openings=[{"between": ["forecastle", "lower"]}],
                   climbs=[{"between": ["lower", "upper"], "at": [3, 3],
                            "grade": "challenging"}])


def test_a_failed_climb_falls_to_the_foot_even_in_a_full_zone_R004_08_A004_15() -> None:
    """R004-24, R004-08, A004-15: the fall off a failed climb lands at its foot whether
    or not the lower zone is full (stopping there is not chosen), never back up top."""
    for capacity in (1, 4):
        s = _deck(capacity)
        events = move(s, "brin", "upper", [3, 5], roll=[15])
        brin = s.state.actors["brin"]
        assert (brin.at, brin.point, brin.fell) == ("lower", (3.0, 3.0), True), capacity
        (fell,) = of_type(events, "fell")
        assert fell.metres == 2.5 and "A004-15" in fell.rules
