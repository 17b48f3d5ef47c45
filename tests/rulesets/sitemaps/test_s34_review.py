"""The s34 cause-by-condition review of `sitemaps`, each outcome worked by hand from the
text before footwork was run (README, "The s34 review"): a leap between two floors, and
the cells where a step changes place or mode that no earlier table held."""

from __future__ import annotations

from typing import Any

import pytest

from ._helpers import actor, move, of_type, refused, session

#: a street (floor 0) and, across a 1.2 m gap, a ledge one storey up (floor 1): a leap
#: up onto it rises one floor, 2.5 m (R004-04, A004-15)
STREET: list[dict[str, Any]] = [
    {"id": "street", "rect": [0, 0, 8, 4]},
    {"id": "ledge", "floor": 1, "rect": [9, 0, 4, 4], "below": "alley"},
    {"id": "alley", "rect": [8, 0, 1, 4]}]
STREET_GAP = [{"between": ["street", "ledge"], "from": [7.9, 2], "to": [9.1, 2],
               "below": "alley"}]


def _street(at: str = "street", point: tuple[float, float] = (4, 2),
            **options: Any) -> Any:
    return session([actor("ada", at, list(point), AGI=10)], zones=STREET, gaps=STREET_GAP,
                   openings=[{"between": ["street", "alley"]}],
                   options={"leap": options} if options else None)


def _leap_checks(s: Any, to: str) -> list[str]:
    (option,) = [o for o in s.options("ada")
                 if o.command.get("do") == "move" and o.command.get("to") == to]
    return [c.name for c in option.checks]


def test_a_leap_up_a_storey_counts_the_rise_R004_30() -> None:
    """R004-04, R004-30, A004-14, A004-15: the leap covers 1.2 m across and one floor
    (2.5 m) up, a straight line of 2.77 m: with a running start that is in the 2 to 4 m
    band, so an AGI roll (failing it she falls into the alley). Before: measured across
    only, 1.2 m, no roll."""
    s = _street()
    events = move(s, "ada", "ledge", [10, 2], roll=[3])
    (rolled,) = of_type(events, "rolled")
    assert "R004-30" in rolled.rules
    assert s.state.actors["ada"].at == "ledge"
    s = _street()
    events = move(s, "ada", "ledge", [10, 2], roll=[15])
    assert of_type(events, "fell") and s.state.actors["ada"].at == "alley"


def test_a_standing_leap_up_a_storey_is_too_far_R004_31() -> None:
    """R004-30, R004-31, A004-14: standing at the take-off, the band is halved to at most
    2 m; 2.77 m is beyond it: refused, and not offered. Before: 1.2 m, a standing roll."""
    s = _street(point=(7.5, 2))
    error = refused(s, {"do": "move", "actor": "ada", "to": "ledge", "at": [10, 2]},
                    "too_far_to_leap", "R004-31")
    assert "2.77 m (1.2 m across, 2.5 m up)" in str(error)
    assert not [o for o in s.options("ada") if o.command.get("to") == "ledge"]


def test_a_leap_down_a_storey_is_measured_the_same_line_R004_30() -> None:
    """R004-30, A004-14: the gap can be crossed both ways, and the line from the ledge
    down to the street is as long: a roll with a running start, too far standing."""
    s = _street("ledge", (12.5, 2))
    assert _leap_checks(s, "street")
    events = move(s, "ada", "street", [4, 2], roll=[3])
    assert of_type(events, "rolled") and s.state.actors["ada"].at == "street"
    s = _street("ledge", (9.5, 2))
    refused(s, {"do": "move", "actor": "ada", "to": "street", "at": [4, 2]},
            "too_far_to_leap", "R004-30")


def test_the_options_for_a_leap_between_floors() -> None:
    """The named option (`leap.between_floors`): `rise` counts the height only leaping
    up (down is measured across, 1.2 m: no roll with a running start); `across` keeps
    the earlier reading, as drawn."""
    up = _street(between_floors="rise")
    assert _leap_checks(up, "ledge")
    down = _street("ledge", (12.5, 2), between_floors="rise")
    assert not _leap_checks(down, "street")
    drawn = _street(between_floors="across")
    assert not _leap_checks(drawn, "ledge")


#: a barn and its loft (floor 1) joined by a challenging ladder; a foe waits on the loft
#: 1.5 m from the ladder's top
BARN: list[dict[str, Any]] = [
    {"id": "barn", "rect": [0, 0, 6, 6]},
    {"id": "loft", "floor": 1, "rect": [0, 0, 6, 6], "below": "barn"}]
LADDER = [{"between": ["barn", "loft"], "at": [3, 3], "grade": "challenging"}]


def _barn() -> Any:
    return session([actor("ada", "barn", [1, 1], AGI=10),
                    actor("bo", "loft", [4.5, 3], side="foes")], zones=BARN, climbs=LADDER)


def test_a_pin_at_the_top_of_a_climb_comes_before_its_roll_R004_19_R004_24() -> None:
    """R004-19, R004-21, R004-24 (checks met at one point: the pin first, then the
    climb): ada climbs the hard ladder and arrives at its top within bo's reach. Bo may
    pin her there before the roll at the top; failing to resist, her movement ends on
    the loft and bo places her: no climb roll, no fall. Resisting, the roll at the top
    follows. Before: the climb roll came first (the pin was found 10 cm past the top)."""
    s = _barn()
    events = s.do({"do": "move", "actor": "ada", "to": "loft", "at": [1, 5]})
    assert not of_type(events, "rolled")
    assert s.state.pending is not None and s.state.pending.kind == "pin"
    s.do({"answer": "pin"})
    events = s.do({"answer": "AGI", "roll": [15]})
    (ended,) = of_type(events, "movement_ended")
    assert ended.zone == "loft" and not of_type(events, "fell")
    s.do({"answer": "place"})
    ada = s.state.actors["ada"]
    assert ada.at == "loft" and ada.stopped and not ada.fell
    s = _barn()
    s.do({"do": "move", "actor": "ada", "to": "loft", "at": [1, 5]})
    s.do({"answer": "pin"})
    events = s.do({"answer": "AGI", "roll": [3, 4]})
    rolls = of_type(events, "rolled")
    assert [r.check for r in rolls] == ["AGI 10 (resist a pin)", "AGI 10 (climb)"]
    assert s.state.actors["ada"].at == "loft"


# -- cells that already matched the text (worked by hand, run, kept as tests) ------------


def test_a_pin_where_an_up_leap_lands_comes_after_the_leap_R004_19_R004_21() -> None:
    """R004-19, R004-21, R004-30, A004-05: bo waits on the ledge by the landing. The leap
    is rolled at the take-off; ada enters bo's reach as she lands, on his floor. Failing
    to resist, she stops on the ledge and bo places her there, within his reach."""
    s = session([actor("ada", "street", [4, 2], AGI=10),
                 actor("bo", "ledge", [10.5, 3.2], side="foes")],
                zones=STREET, gaps=STREET_GAP, openings=[{"between": ["street", "alley"]}])
    (rolled,) = of_type(move(s, "ada", "ledge", [12, 0.8], roll=[3]), "rolled")
    assert "R004-30" in rolled.rules and s.state.pending.kind == "pin"
    s.do({"answer": "pin"})
    (ended,) = of_type(s.do({"answer": "AGI", "roll": [15]}), "movement_ended")
    assert ended.zone == "ledge"
    s.do({"answer": "place"})
    assert s.state.actors["ada"].at == "ledge" and not s.state.actors["ada"].fell


def test_leaping_down_off_a_narrow_ledge_steps_off_it_first_R004_22() -> None:
    """R004-22, R004-30, A004-09: taking off from the narrow ledge is stepping off it:
    the balance roll, then the leap's. Failing the first, she falls where she steps off
    into the ledge's `below`, one floor (2.5 m). Landed on the ledge by a leap up, no roll
    comes on landing; the roll waits for the end of her activation."""
    rough = [{"floor": 1, "rect": [9, 0, 4, 4], "qualities": ["narrow"], "below": "alley"}]
    kw: dict[str, Any] = {"zones": STREET, "gaps": STREET_GAP, "rough": rough,
                          "openings": [{"between": ["street", "alley"]}]}
    s = session([actor("ada", "ledge", [12.5, 2], AGI=10)], **kw)
    rolls = of_type(move(s, "ada", "street", [4, 2], roll=[3, 4]), "rolled")
    assert [r.check for r in rolls] == ["AGI 10 (balance)", "AGI 10 (leap)"]
    s = session([actor("ada", "ledge", [12.5, 2], AGI=10)], **kw)
    (fell,) = of_type(move(s, "ada", "street", [4, 2], roll=[15]), "fell")
    assert fell.metres == 2.5 and s.state.actors["ada"].at == "alley"
    s = session([actor("ada", "street", [4, 2], AGI=10)], **kw)
    assert len(of_type(move(s, "ada", "ledge", [11, 2], roll=[3]), "rolled")) == 1
    (end,) = of_type(s.do({"do": "end_turn", "actor": "ada", "roll": [4]}), "rolled")
    assert "R004-22" in end.rules


def test_a_swimmer_leaps_up_out_of_the_rapids_onto_a_ledge_R004_27_R004_30() -> None:
    """R004-27, R004-30, A004-14: ada swims 3.9 m straight through turbulent water and
    leaps up onto a ledge a floor higher (2.77 m): leaving the water owes the swim roll,
    then the leap owes its own (the straight swim is her running start, A004-14 as the
    catalogue words it). From a standing start in the water the ledge is too far."""
    zones = [{"id": "pool", "rect": [0, 0, 8, 4], "water": {"turbulent": True}},
             {"id": "ledge", "floor": 1, "rect": [9, 0, 4, 4]},
             {"id": "gut", "rect": [8, 0, 1, 4], "water": {}}]
    gaps = [{"between": ["pool", "ledge"], "from": [7.9, 2], "to": [9.1, 2], "below": "gut"}]
    kw: dict[str, Any] = {"zones": zones, "gaps": gaps,
                          "openings": [{"between": ["pool", "gut"]}]}
    s = session([actor("ada", "pool", [4, 2], AGI=10)], **kw)
    rolls = of_type(move(s, "ada", "ledge", [11, 2], roll=[3, 4]), "rolled")
    assert [r.check for r in rolls] == ["AGI 10 (swim)", "AGI 10 (leap)"]
    s = session([actor("ada", "pool", [7.5, 2], AGI=10)], **kw)
    refused(s, {"do": "move", "actor": "ada", "to": "ledge", "at": [11, 2]},
            "too_far_to_leap", "R004-31")


FACES: list[dict[str, Any]] = [
    {"id": "scree", "rect": [0, 0, 6, 6]},
    {"id": "face-low", "floor": 1, "rect": [0, 0, 6, 6], "climb": "challenging",
     "below": "scree"},
    {"id": "face-high", "floor": 2, "rect": [0, 0, 6, 6], "climb": "challenging",
     "below": "face-low"},
    {"id": "top", "floor": 3, "rect": [0, 0, 6, 6]}]
FACE_CLIMBS = [{"between": ["scree", "face-low"], "at": [3, 1]},
               {"between": ["face-low", "face-high"], "at": [3, 2]},
               {"between": ["face-high", "top"], "at": [3, 3]}]


def test_a_fall_from_the_top_of_two_faces_lands_mid_climb_R004_24_A004_11() -> None:
    """R004-24, A004-11, A004-15: Fast ada rushes up two hard faces (3 zones). The one
    roll of the run, at its top, fails: she falls off the upper face onto the lower one,
    2.5 m, still mid-climb. At the end of her activation that face asks its roll (a fall
    makes only balancing moot); failing it she falls to the scree, 2.5 m more."""
    s = session([actor("ada", "scree", [3, 0.5], AGI=10, fast=True)], zones=FACES,
                climbs=FACE_CLIMBS)
    (fell,) = of_type(move(s, "ada", "top", [3, 5], rush=True, roll=[18]), "fell")
    assert fell.metres == 2.5 and s.state.actors["ada"].at == "face-low"
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [17]})
    assert "R004-24" in of_type(ended, "rolled")[0].rules
    assert of_type(ended, "fell")[0].metres == 2.5 and s.state.actors["ada"].at == "scree"


def test_pins_on_a_ladder_down_are_read_on_each_floor_R004_19() -> None:
    """R004-09, R004-19, R004-21: climbing down, ada is within reach of a foe on the loft
    where she starts (by the ladder's top), and of a foe on the barn floor only as she
    arrives at the foot: pinned there, she stops on the barn floor."""
    trivial = [{**LADDER[0], "grade": "trivial"}]
    s = session([actor("ada", "loft", [3, 4.5], AGI=10),
                 actor("bo", "barn", [3.5, 1.2], side="foes")], zones=BARN, climbs=trivial)
    s.do({"do": "move", "actor": "ada", "to": "barn", "at": [1, 5]})
    s.do({"answer": "pin"})
    (ended,) = of_type(s.do({"answer": "AGI", "roll": [15]}), "movement_ended")
    assert ended.zone == "barn" and ended.zones == 1
    s = session([actor("ada", "loft", [3, 4.5], AGI=10),
                 actor("bo", "loft", [1.2, 3.0], side="foes")], zones=BARN, climbs=trivial)
    s.do({"do": "move", "actor": "ada", "to": "barn", "at": [1, 5]})
    s.do({"answer": "pin"})
    (ended,) = of_type(s.do({"answer": "AGI", "roll": [15]}), "movement_ended")
    assert ended.zone == "loft" and ended.zones == 0


#: a turbulent race, a challenging crag beside it (its foot in the race), a pier one
#: floor above the water
RACE: list[dict[str, Any]] = [
    {"id": "race", "rect": [0, 0, 6, 4], "water": {"turbulent": True}},
    {"id": "crag", "rect": [6, 0, 4, 4], "climb": "challenging", "below": "race"},
    {"id": "shore", "rect": [0, 4, 10, 4]},
    {"id": "pier", "floor": 1, "rect": [4, 0, 2, 4], "below": "race"}]
RACE_OPENINGS = [{"between": ["race", "crag"]}, {"between": ["crag", "shore"]},
                 {"between": ["race", "shore"]}]


def _race(bo_at: str, bo_point: list[float]) -> Any:
    s = session([actor("ada", "race", [5, 2.5], AGI=10), actor("bo", bo_at, bo_point)],
                zones=RACE, openings=RACE_OPENINGS, order=["ada", "bo"],
                options={"range": {"measure": "edge"}})
    s.do({"do": "end_turn", "actor": "ada", "roll": [18]})  # fails the swim: drowning
    assert s.state.actors["ada"].drowning
    return s


def test_a_rescue_hauls_onto_the_nearest_spot_even_a_hard_face_R004_24_A004_13() -> None:
    """R004-24, R004-28, A004-11, A004-13: the nearest dry spot in bo's reach is on the
    crag: hauled there, ada is mid-climb, and the face asks its roll at the end of her
    activation; failing it she falls back into the race, whose swim roll follows. A
    rescuer on the pier a floor above is never Nearby (R004-09): refused."""
    s = _race("shore", [7.5, 5.2])
    s.do({"do": "rescue", "actor": "bo", "target": "ada"})
    assert s.state.actors["ada"].at == "crag" and not s.state.actors["ada"].drowning
    s.do({"do": "end_turn", "actor": "bo"})
    ended = s.do({"do": "end_turn", "actor": "ada", "roll": [15, 16]})
    assert [r.check for r in of_type(ended, "rolled")] == [
        "AGI 10 (climbing, end of activation)", "AGI 10 (swim, end of activation)"]
    assert s.state.actors["ada"].at == "race" and s.state.actors["ada"].drowning
    s = _race("pier", [5, 2])
    refused(s, {"do": "rescue", "actor": "bo", "target": "ada"}, "not_nearby", "R004-09")


def test_the_game_master_puts_a_swimmer_ashore_or_on_a_face_R004_24_R004_27() -> None:
    """R004-24, R004-27, R004-28, A004-11: a fiat is no swim: a swimmer put on the shore
    owes no roll for leaving the water, nor at the end of its activation. A drowning body
    put on the crag is rescued (dry ground) but mid-climb: the face roll at the end."""
    s = session([actor("ada", "race", [3, 2], AGI=10)], zones=RACE, openings=RACE_OPENINGS)
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "shore", "point": [3, 6]})
    assert not of_type(s.do({"do": "end_turn", "actor": "ada"}), "rolled")
    s = _race("shore", [7.5, 5.2])
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "crag", "point": [8, 2]})
    assert not s.state.actors["ada"].drowning
    s.do({"do": "end_turn", "actor": "bo"})
    (rolled, *_) = of_type(s.do({"do": "end_turn", "actor": "ada", "roll": [3]}), "rolled")
    assert "R004-24" in rolled.rules and s.state.actors["ada"].at == "crag"


def test_a_drift_between_hidden_zones_reveals_nothing_A004_17() -> None:
    """R004-02, A004-13, A004-17: a drowning body carried from one unrevealed zone into
    another is seen by nobody: neither is revealed."""
    zones = [{"id": "hall", "rect": [0, 4, 12, 4]},
             {"id": "sluice", "rect": [0, 0, 4, 4], "revealed": False,
              "water": {"turbulent": True, "current": "chute"}},
             {"id": "chute", "rect": [4, 0, 4, 4], "revealed": False, "water": {}}]
    s = session([actor("ada", "sluice", [2, 2], AGI=10), actor("bo", "hall", [10, 6])],
                zones=zones, openings=[{"between": ["sluice", "chute"]}])
    s.do({"do": "end_turn", "actor": "ada", "roll": [18]})
    s.do({"do": "end_turn", "actor": "bo"})
    assert s.state.actors["ada"].at == "chute"
    assert s.state.world["revealed"] == ["hall"]


def test_a_leaper_pinned_in_mid_air_lands_and_is_placed_R004_21() -> None:
    """R004-19, R004-21, A004-05: bo stands on a balcony beside a 3 m gap; the leap's
    line enters his reach over the gap. Nobody stops in the air: the leap (rolled at the
    take-off) lands, her movement ends there, and bo places her within his reach."""
    zones = [{"id": "w", "rect": [0, 0, 6, 4]}, {"id": "e", "rect": [9, 0, 6, 4]},
             {"id": "n", "rect": [6, 2.8, 3, 3]}, {"id": "pit", "floor": -1, "rect": [0, 0, 15, 4]}]
    gaps = [{"between": ["w", "e"], "from": [6, 1], "to": [9, 1], "below": "pit"}]
    s = session([actor("ada", "w", [2, 1], AGI=10), actor("bo", "n", [7.5, 2.9], side="foes")],
                zones=zones, gaps=gaps)
    assert of_type(move(s, "ada", "e", [13, 1], roll=[3]), "rolled")
    s.do({"answer": "pin"})
    (ended,) = of_type(s.do({"answer": "AGI", "roll": [15]}), "movement_ended")
    assert ended.zone == "e" and ended.point == (9.0, 1.0)
    s.do({"answer": "place"})
    ada = s.state.actors["ada"]
    assert ada.at == "e" and not ada.fell and abs(ada.point[0] - 7.5) ** 2 + \
        (ada.point[1] - 2.9) ** 2 <= 4 + 1e-6


def test_the_game_master_puts_a_climber_off_or_on_a_face_R004_24_A004_11() -> None:
    """R004-24, A004-11: a climber on a challenging face put on the top by fiat owes
    nothing at the end of her activation; one put on the face owes the face roll."""
    s = session([actor("ada", "scree", [1, 1], AGI=10)], zones=FACES, climbs=FACE_CLIMBS)
    move(s, "ada", "face-low", [2, 2])
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "top", "point": [2, 2]})
    assert not of_type(s.do({"do": "end_turn", "actor": "ada"}), "rolled")
    s.do({"do": "gm_place", "actor": "gm", "target": "ada", "to": "face-low", "point": [2, 2]})
    (rolled,) = of_type(s.do({"do": "end_turn", "actor": "ada", "roll": [3]}), "rolled")
    assert "R004-24" in rolled.rules


def test_a_current_over_a_waterfall_drops_the_body_a_storey_A004_15() -> None:
    """R004-28, A004-13, A004-15: a drowning body is carried by the current from a river
    one floor up into the pool below: carried over the edge, it drops a storey, a fall of
    2.5 m (damage is the falling rules'). Before: put in the pool with no fall. A current
    cannot carry a body up a storey: such a map is refused in one line."""
    zones = [{"id": "river", "floor": 1, "rect": [0, 0, 6, 4],
              "water": {"turbulent": True, "current": "pool"}},
             {"id": "pool", "rect": [6, 0, 6, 4], "water": {}},
             {"id": "bank", "rect": [0, 4, 12, 4]}]
    s = session([actor("ada", "river", [3, 2], AGI=10), actor("bo", "bank", [10, 6])],
                zones=zones)
    s.do({"do": "end_turn", "actor": "ada", "roll": [18]})
    events = s.do({"do": "end_turn", "actor": "bo"})
    (fell,) = of_type(events, "fell")
    assert fell.metres == 2.5 and fell.cause == "drift" and "A004-15" in fell.rules
    assert s.state.actors["ada"].at == "pool" and s.state.actors["ada"].drowning
    uphill = [{**zones[0], "water": {"turbulent": True}},
              {"id": "pool", "rect": [6, 0, 6, 4], "water": {"current": "river"}},
              zones[2]]
    with pytest.raises(Exception, match=r"current flows up into 'river'"):
        session([actor("bo", "bank", [10, 6])], zones=uphill)


def test_a_current_runs_into_a_zone_it_touches_A004_13() -> None:
    """R004-28, A004-13: a current carries a body one zone along its way, into the water
    next to it (or below it, over a waterfall). A current into a pool beyond dry ground
    would carry the body over the land: such a map is refused in one line. Before: the
    body was put in the far pool."""
    zones = [{"id": "mere", "rect": [0, 0, 4, 4], "water": {"current": "pool"}},
             {"id": "dune", "rect": [4, 0, 4, 4]},
             {"id": "pool", "rect": [8, 0, 4, 4], "water": {}}]
    with pytest.raises(Exception, match=r"current flows into 'pool', which does not touch it"):
        session([actor("bo", "dune", [6, 2])], zones=zones)


def test_the_risk_of_a_river_above_a_waterfall_names_the_fall_A004_15() -> None:
    """What is at stake agrees with the drift: the option into the river says a failure
    means drowning and drifting over a 2.5 m fall."""
    zones = [{"id": "river", "floor": 1, "rect": [0, 0, 6, 4],
              "water": {"turbulent": True, "current": "pool"}},
             {"id": "pool", "rect": [6, 0, 6, 4], "water": {}},
             {"id": "quay", "floor": 1, "rect": [0, 4, 6, 4]}]
    s = session([actor("ada", "quay", [3, 6], AGI=10)], zones=zones,
                openings=[{"between": ["river", "quay"]}])
    (option,) = [o for o in s.options("ada")
                 if o.command.get("do") == "move" and o.command.get("to") == "river"]
    assert any("over a 2.5 m fall" in h for h in option.risk.hazards)
